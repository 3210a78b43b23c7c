# The bare Verilator harness of acosim-bench: the Verilated arrays of
# systemc/tensil/array/arrays.cmake driven by a plain loop (no SystemC, no engine).
add_library(acosim_tensil_bare_harness STATIC ${CMAKE_CURRENT_LIST_DIR}/bare_harness.cpp)
target_link_libraries(acosim_tensil_bare_harness
  PUBLIC acosim_tensil_verilated acosim_tensil_regs acosim_root
  PRIVATE acosim_warnings)

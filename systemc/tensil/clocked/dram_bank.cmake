# One DRAM bank of the clocked TCU model (plain C++, no SystemC): Tensil's
# StrideHandler, axi.Converter and MemBoundarySplitter cycle by cycle.
add_library(acosim_tensil_clocked_dram STATIC
  ${CMAKE_CURRENT_LIST_DIR}/dram_bank.cpp)
target_link_libraries(acosim_tensil_clocked_dram
  PUBLIC acosim_tensil_regs acosim_root
  PRIVATE acosim_warnings)

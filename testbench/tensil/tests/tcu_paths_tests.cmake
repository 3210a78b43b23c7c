# TCU paths on hand-written programs (test_tcu_paths.cpp): the SIMD ALU
# operations and registers, the accumulate paths and the DRAM packing of each
# data type on the functional array (unit); the MatMul programs again on
# every Verilated array configuration of this build that they use (rtl).
acosim_add_gtest(NAME tensil_tcu_paths_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu_paths.cpp
  LIBS acosim_tensil_board)

acosim_add_gtest(NAME tensil_tcu_paths_rtl_tests SYSTEMC LABELS rtl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu_paths.cpp
  LIBS acosim_tensil_board)
# ACOSIM_RTL_<DATATYPE>_<SIZE> for every Verilated configuration: the RTL
# tests of a configuration are compiled only when its array exists.
set(tcu_paths_rtl_definitions ACOSIM_TCU_PATHS_RTL=1)
foreach(config IN LISTS ACOSIM_TENSIL_RTL_CONFIGS)
  string(REPLACE ":" "_" config_id "${config}")
  list(APPEND tcu_paths_rtl_definitions ACOSIM_RTL_${config_id}=1)
endforeach()
target_compile_definitions(tensil_tcu_paths_rtl_tests PRIVATE ${tcu_paths_rtl_definitions})

# FastArray and LockstepArray against hand-computed results (unit), and the
# lockstep of the Verilated array with FastArray (rtl).
acosim_add_gtest(NAME tensil_fast_array_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fast_array.cpp
  LIBS acosim_tensil_arrays acosim_tensil_reference)

acosim_add_gtest(NAME tensil_lockstep_rtl_tests LABELS rtl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lockstep_rtl.cpp
  LIBS acosim_tensil_arrays)
# The test covers exactly the configurations that were Verilated, passed as
# one comma-separated string (a CMake list would split the definition).
string(REPLACE ";" "," acosim_verilated_configs "${ACOSIM_TENSIL_RTL_CONFIGS}")
target_compile_definitions(tensil_lockstep_rtl_tests
  PRIVATE ACOSIM_VERILATED_CONFIGS="${acosim_verilated_configs}")

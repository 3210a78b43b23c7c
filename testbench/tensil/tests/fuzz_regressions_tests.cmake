# Regression tests for what the fuzz targets of fuzz/tensil/ found: each
# input is the smallest form of a crash, reduced by hand. The SIMD ALU case
# links the TCU's library, hence the SystemC main.
acosim_add_gtest(NAME tensil_fuzz_regression_tests SYSTEMC
  LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fuzz_regressions.cpp
  LIBS acosim_tensil_sw acosim_tensil_tcu)

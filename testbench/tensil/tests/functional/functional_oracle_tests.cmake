# The functional TCU's own arithmetic, SIMD ALU, SIMD decoding and DRAM
# layout (systemc/tensil/functional/), and negative controls of the
# functional check.
acosim_add_gtest(NAME tensil_functional_oracle_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_functional_oracle.cpp
  LIBS acosim_tensil_tcu)

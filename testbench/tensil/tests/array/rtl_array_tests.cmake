# The Verilated Tensil array driven through the RTL engine (no SystemC):
# Tensil MACSpec/SystolicArraySpec vectors, hand-computed rounding and saturation, zeroes
# flags, cycle counts, error messages and byte-identical waves.
acosim_add_gtest(NAME tensil_rtl_array_tests LABELS rtl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_rtl_array.cpp
  LIBS acosim_tensil_rtl_arrays)

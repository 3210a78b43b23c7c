# The clocked DRAM bank against a fake DramTarget. Plain GoogleTest, no SystemC.
acosim_add_gtest(NAME tensil_dram_bank_tests
  LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_dram_bank.cpp
  LIBS acosim_tensil_clocked_dram)

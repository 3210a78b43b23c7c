acosim_add_gtest(NAME tensil_tcu_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu.cpp
  LIBS acosim_tensil_board)
acosim_add_gtest(NAME tensil_tcu_xor_tests SYSTEMC LABELS rtl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu_xor.cpp
  LIBS acosim_tensil_board)
acosim_add_gtest(NAME tensil_instruction_check_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_instruction_check.cpp
  LIBS acosim_tensil_tcu)

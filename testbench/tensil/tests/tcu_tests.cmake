acosim_add_gtest(NAME tensil_tcu_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu.cpp
  LIBS acosim_tensil_board)
acosim_add_gtest(NAME tensil_tcu_xor_tests SYSTEMC LABELS rtl
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu_xor.cpp
  LIBS acosim_tensil_board)
acosim_add_gtest(NAME tensil_instruction_check_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_instruction_check.cpp
  LIBS acosim_tensil_tcu)
# The judge of --engine lockstep-generated on hand-written timelines.
acosim_add_gtest(NAME tensil_timeline_tests
  LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_timeline.cpp
  LIBS acosim_tensil_tcu)

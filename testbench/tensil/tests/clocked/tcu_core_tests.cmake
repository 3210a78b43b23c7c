# The clocked TCU core, cycle by cycle, on hand-written programs.
acosim_add_gtest(NAME tensil_tcu_core_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tcu_core.cpp
  LIBS acosim_tensil_tcu)

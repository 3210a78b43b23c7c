# The Tensil driver against a fake HAL: plain GoogleTest, no SystemC.
acosim_add_gtest(NAME tensil_driver_tests
  LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/driver_fake_hal.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_driver.cpp
  LIBS acosim_tensil_driver)

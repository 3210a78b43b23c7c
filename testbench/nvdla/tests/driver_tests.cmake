# The NVDLA BDMA/PDP drivers: layer planning against hand computations, and
# the register sequences against a fake HAL that models just enough of GLB,
# BDMA and PDP. Plain GoogleTest, no SystemC.
acosim_add_gtest(NAME nvdla_driver_tests
  LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_driver_plan.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_driver_fake_hal.cpp
  LIBS acosim_nvdla_driver)

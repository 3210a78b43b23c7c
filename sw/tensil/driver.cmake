# sw/tensil/driver: the Tensil run flow (Tensil drivers/embedded/tensil/driver.c) on the HAL.
add_library(acosim_tensil_driver STATIC
  ${CMAKE_CURRENT_LIST_DIR}/driver.cpp)
target_link_libraries(acosim_tensil_driver
  PUBLIC acosim_tensil_sw acosim_hal
  PRIVATE acosim_warnings)

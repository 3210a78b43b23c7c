# sw/nvdla: the BDMA and PDP drivers, programming the units through the HAL
# in the order of NVDLA's firmware (nvdla/sw kmd/firmware).
add_library(acosim_nvdla_driver STATIC
  ${CMAKE_CURRENT_LIST_DIR}/glb.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bdma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdp_layer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdp.cpp)
target_link_libraries(acosim_nvdla_driver
  PUBLIC acosim_nvdla_regs acosim_hal acosim_root
  PRIVATE acosim_warnings)

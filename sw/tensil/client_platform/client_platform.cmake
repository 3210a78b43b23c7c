# sw/tensil/client_platform: the board Tensil's embedded driver expects
# (Xilinx BSP cache and AXI DMA, FatFs) on the HAL. Plain C++, no SystemC;
# the C headers in include/ are what the driver compiles against.
add_library(acosim_tensil_client_platform STATIC
  ${CMAKE_CURRENT_LIST_DIR}/host_window.cpp
  ${CMAKE_CURRENT_LIST_DIR}/data_cache.cpp
  ${CMAKE_CURRENT_LIST_DIR}/axi_dma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/file_system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/platform_map.cpp
  ${CMAKE_CURRENT_LIST_DIR}/client_platform.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bsp.cpp)
target_link_libraries(acosim_tensil_client_platform PUBLIC acosim_hal PRIVATE acosim_warnings)

# The NVDLA units' arithmetic as plain C++, testable without a simulation
# kernel: feature cubes in NVDLA order, the PDP pooling datapath, the SDP
# X1/X2 stages and output converter, and the PDP / PDP_RDMA programming-
# limitation checker (which names register words through sw/nvdla/regs).
add_library(acosim_nvdla_datapath STATIC
  ${CMAKE_CURRENT_LIST_DIR}/feature_cube.cpp
  ${CMAKE_CURRENT_LIST_DIR}/float16.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdp_pooling.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sdp_datapath.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sdp_ew.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sdp_lut.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cdp_lrn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdp_limits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rubik_reshape.cpp
  ${CMAKE_CURRENT_LIST_DIR}/conv_datapath.cpp)
target_link_libraries(acosim_nvdla_datapath
  PUBLIC acosim_nvdla_regs acosim_root
  PRIVATE acosim_warnings)

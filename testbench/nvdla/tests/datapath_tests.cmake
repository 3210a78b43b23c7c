# The NVDLA datapaths as plain C++: PDP pooling (hand computations, the
# split-width worked example, an independent window-by-window reference on
# random layers), the SDP stages (the nv_large on-the-fly worked example; the
# FP16 datapath against hand-worked roundings) and
# the PDP / PDP_RDMA limitation checker (every conformance trace passes, each
# rule fires alone), Rubik's contract/split/merge on hand-worked cubes. No
# SystemC.
acosim_add_gtest(NAME nvdla_datapath_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_pdp_pooling.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_sdp_datapath.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_sdp_ew.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_sdp_fp16.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_pdp_limits.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_cdp_lrn.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_conv_datapath.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_rubik.cpp
  LIBS acosim_nvdla_datapath)

# Image input of the convolution datapath (test_conv_image.cpp): every
# modelled pitch-linear pixel format against a plain convolution loop of the
# image as a feature cube, and the image programming errors. No SystemC.
acosim_add_gtest(NAME nvdla_conv_image_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_conv_image.cpp
  LIBS acosim_nvdla_datapath)

# fp16 direct convolution on nv_full (test_conv_fp16.cpp): CMAC's block
# floating-point products, CACC's FP48 accumulation and fp32 delivery, CDMA's
# NaN flush and counters, against hand-worked values; refusal elsewhere.
acosim_add_gtest(NAME nvdla_conv_fp16_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_conv_fp16.cpp
  LIBS acosim_nvdla_datapath)

# Winograd convolution on nv_full (test_conv_winograd.cpp): CSC's
# pre-addition and CMAC's output transform by hand, whole layers (int8,
# int16, strides folded into channels) against the direct convolution of the
# un-transformed kernels and against Y = A^T (U . B^T d B) A written plainly,
# and the refusals (master configurations, illegal Winograd programming).
acosim_add_gtest(NAME nvdla_conv_winograd_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_conv_winograd.cpp
  LIBS acosim_nvdla_datapath)

# CDP's fp16 datapath on nv_full (test_cdp_fp16.cpp): the FP17/fp32 helpers,
# NaN flush and counters, window sums and their order, the fp16 LUT index,
# interpolation and slopes, both bypass bits, against hand-worked values;
# the programming refused.
acosim_add_gtest(NAME nvdla_cdp_fp16_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_cdp_fp16.cpp
  LIBS acosim_nvdla_datapath)

# The fast float paths of CDP's fp16 cube loop (test_cdp_fp16_fast.cpp):
# sdp_fp32_add_fast and the other *_fast functions of float16.h against the
# exact functions on millions of edge-heavy random operands and exhaustive
# edge bands, and cdp_process against the fp16 stage functions on random
# layers, counters included.
acosim_add_gtest(NAME nvdla_cdp_fp16_fast_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_cdp_fp16_fast.cpp
  LIBS acosim_nvdla_datapath)

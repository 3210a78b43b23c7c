# The NVDLA SystemC models through the co-simulation top (system.h):
# register files against the generated tables, CSB routing, GLB interrupts,
# BDMA slots/groups/copies, ping-pong groups, PDP limitations and pooling,
# the SDP -> PDP on-the-fly path, and Rubik's three modes on nv_full. Every
# case elaborates one top, so ctest runs each in its own process.
acosim_add_gtest(NAME nvdla_model_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_registers.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_model_csb_glb.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_model_bdma.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_model_pingpong_pdp.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_model_rubik.cpp
  LIBS acosim_nvdla_system)

# Model paths through the CSB with hand-computed expectations
# (test_model_sdp_cdp_paths.cpp): SDP_RDMA's operand DMAs under a
# convolution in flying mode, SDP's EQL compare mode, CDP's LUT counters.
acosim_add_gtest(NAME nvdla_sdp_cdp_paths_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_sdp_cdp_paths.cpp
  LIBS acosim_nvdla_system)

# Multi-batch convolution and compressed weights through CDMA, CSC, CACC
# and SDP's write DMA on nv_full (test_model_conv_batch.cpp), against a
# plain convolution loop per batch.
acosim_add_gtest(NAME nvdla_conv_batch_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_conv_batch.cpp
  LIBS acosim_nvdla_system)

# CDP on nv_full (the nvdlav1 datapath) through the CSB, against a hand
# computation (test_model_cdp_int16.cpp): INT16 layers, INT16 programming
# refused on a master configuration or with disagreeing D_DATA_FORMATs, and
# an INT8 layer whose results and counters differ between nv_full and
# nv_large as the two RTLs do.
acosim_add_gtest(NAME nvdla_cdp_int16_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_cdp_int16.cpp
  LIBS acosim_nvdla_system)

# Image input through CDMA, CSC, CACC and SDP's write DMA
# (test_model_conv_image.cpp): on nv_small a packed and a semi-planar format
# with mean subtraction, on nv_full an fp16 image with a flushed NaN,
# programmed over the CSB, against a plain convolution loop; CDMA and CSC
# disagreeing on the input format is refused before any write.
acosim_add_gtest(NAME nvdla_conv_image_model_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_conv_image.cpp
  LIBS acosim_nvdla_system)

# SDP's FP16 path on nv_full through the CSB (test_model_sdp_fp16.cpp):
# rounding, overflow to 65504, NaN and infinity, and the NaN/Inf and
# saturation counters, against values worked out by hand.
acosim_add_gtest(NAME nvdla_sdp_fp16_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_sdp_fp16.cpp
  LIBS acosim_nvdla_system)

# fp16 direct convolution on nv_full through the CSB (test_model_conv_fp16.cpp):
# CDMA's NaN flush and counters, CACC's fp32 values into SDP's FP16 datapath
# in flying mode, fp16 written to memory, against values worked out by hand;
# nv_large refuses fp16 naming the register.
acosim_add_gtest(NAME nvdla_conv_fp16_model_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_conv_fp16.cpp
  LIBS acosim_nvdla_system)

# Winograd convolution on nv_full through the CSB (test_model_conv_winograd.cpp):
# CDMA, CSC, CMAC_A/B and CACC in CONV_MODE = WINOGRAD with pre-transformed
# weights, SDP in flying Winograd mode writing int8 to memory, against the
# plain convolution of the un-transformed kernels; an SDP without
# D_FEATURE_MODE_CFG.WINOGRAD and nv_large (WINOGRAD_DISABLE) refuse it.
acosim_add_gtest(NAME nvdla_conv_winograd_model_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_conv_winograd.cpp
  LIBS acosim_nvdla_system)

# CDP's FP16 path on nv_full through the CSB (test_model_cdp_fp16.cpp): an
# LRN layer's output in memory, the LUT counters and D_NAN_INPUT_NUM /
# D_INF_INPUT_NUM / D_NAN_OUTPUT_NUM read back, NaN inputs with and without
# D_NAN_FLUSH_TO_ZERO, against values worked out by hand; FP16 refused on
# nv_large, with disagreeing D_DATA_FORMATs and with a NaN LUT START.
acosim_add_gtest(NAME nvdla_cdp_fp16_model_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_model_cdp_fp16.cpp
  LIBS acosim_nvdla_system)

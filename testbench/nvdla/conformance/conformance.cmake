# NVDLA's own trace tests (label conformance): every folder of
# ${ACOSIM_CONFORMANCE_DIR}/nvdla, played by `acosim nvdla trace` on the
# models of its configuration. The data is not part of this repository;
# scripts/fetch-nvdla-conformance.sh fetches the same files from nvdla/hw.
set(ACOSIM_NVDLA_CONFORMANCE_TESTS
  nv_small/cdp_1x1x1_lrn3_int8_0
  nv_small/cdp_33x17x34_lrn5_int8_0
  nv_small/cdp_8x8x32_lrn3_int8_0
  nv_small/cdp_8x8x32_lrn3_int8_1
  nv_small/cdp_8x8x32_lrn3_int8_2
  nv_small/cdp_8x8x32_lrn5_int8_0
  nv_small/cdp_8x8x32_lrn7_int8_0
  nv_small/cdp_8x8x64_lrn3_int8_0
  nv_small/cdp_8x8x64_lrn3_int8_1
  nv_small/cdp_8x8x64_lrn3_int8_10
  nv_small/cdp_8x8x64_lrn3_int8_11
  nv_small/cdp_8x8x64_lrn3_int8_12
  nv_small/cdp_8x8x64_lrn3_int8_2
  nv_small/cdp_8x8x64_lrn3_int8_3
  nv_small/cdp_8x8x64_lrn3_int8_4
  nv_small/cdp_8x8x64_lrn3_int8_5
  nv_small/cdp_8x8x64_lrn3_int8_7
  nv_small/cdp_8x8x64_lrn3_int8_8
  nv_small/cdp_8x8x64_lrn3_int8_9
  nv_small/cdp_8x8x64_lrn9_int8
  nv_small/dc_13x15x64_5x3x64x16_int8_0
  nv_small/dc_14x7x49_3x4x49x32_int8_0
  nv_small/dc_24x33x55_5x5x55x25_int8_0
  nv_small/dc_32x26x76_6x3x76x16_int8_0
  nv_small/dc_35x22x54_6x8x54x29_int8_0
  nv_small/dc_4x1x8192_1x1x8192x1_int8_0
  nv_small/dc_6x8x192_3x3x192x32_int8_0
  nv_small/dc_8192x1x1_2x3x1x41_int8_0
  nv_small/dc_8x16x128_3x3x128x32_int8
  nv_small/dc_8x8x36_4x4x36x16_dilation_int8_0
  nv_small/pdp_12x9x19_8x3_ave_int8_0
  nv_small/pdp_16x6x16_4x2_split_max_int8_0
  nv_small/pdp_1x1x1_3x3_ave_int8_0
  nv_small/pdp_1x3x8_8x8_ave_int8_0
  nv_small/pdp_24x16x1_8x8_ave_int8_0
  nv_small/pdp_28x28x8_2x2_max_int8_0
  nv_small/pdp_5x7x8_4x1_split_max_int8_0
  nv_small/pdp_7x9x10_3x3_int8
  nv_small/pdp_8x8x32_1x1_int8_0
  nv_small/pdp_8x8x32_1x1_int8_1
  nv_small/pdp_8x8x64_2x2_ave_int8_0
  nv_small/pdp_8x8x64_2x2_int8
  nv_small/pdp_8x8x64_2x2_min_int8_0
  nv_small/pdp_8x9x19_3x3_ave_int8_0
  nv_small/pdp_8x9x19_3x3_ave_int8_1
  nv_small/sdp_1x1x1_pass_through_int8
  nv_small/sdp_1x1x8_pass_through_int8_0
  nv_small/sdp_1x8192x1_pass_through_int8_0
  nv_small/sdp_23x13x42_bs_int8_mem_0
  nv_small/sdp_3x3x33_bn_int8_mem_0
  nv_small/sdp_3x3x33_bn_int8_reg_0
  nv_small/sdp_3x3x33_bn_int8_reg_1
  nv_small/sdp_3x3x33_bn_int8_reg_2
  nv_small/sdp_3x3x33_bs_bn_int8_0
  nv_small/sdp_3x3x33_bs_bn_int8_1
  nv_small/sdp_3x3x33_bs_int8_reg_0
  nv_small/sdp_3x3x33_bs_int8_reg_1
  nv_small/sdp_4x22x42_bypass_int8
  nv_small/sdp_5x24x18_bs_int8_mem_0
  nv_small/sdp_8192x1x1_pass_through_int8_0
  nv_small/sdp_8x8x32_bypass_int8_0
  nv_small/sdp_8x8x32_bypass_int8_1
  nv_small/sdp_pdp_32x16x32_pass_through_int8_0
  nv_small/sdp_3x3x33_ew_int8_reg_0
  nv_small/sdp_3x3x33_ew_le_exp_int8
  nv_small/sdp_3x3x33_ew_le_lin_int8
  nv_large/cdp_8x8x64_lrn9_int8_0
  nv_large/cdp_passthrough_8x8x32_pack_inc_int8
  nv_large/dc_8x16x128_3x3x128x32_int8
  nv_large/dc_8x8x32_1x1x32x32_int8_0
  nv_large/pdp_3x3x33_2x2_ave_int8_0
  nv_large/pdp_8x8x32_1x1_max_int8_0
  nv_large/pdp_passthrough_8x8x32_pack_all_zero_int8
  nv_large/pdp_passthrough_8x8x32_pack_inc_int8
  nv_large/sdp_passthrough_8x8x32_pack_all_zero_int8
  nv_large/sdp_passthrough_8x8x32_pack_inc_int8
  nv_large/sdp_13x4x29_ew_lut_int8
  nv_full_traceplayer/conv_8x8_fc_int16
  nv_full_traceplayer/googlenet_conv2_3x3_int16
  nv_full_traceplayer/pdp_max_pooling_int16
  nv_full_traceplayer/sanity0
  nv_full_traceplayer/sanity1
  nv_full_traceplayer/sanity1_cvsram
  nv_full_traceplayer/sanity2
  nv_full_traceplayer/sanity2_cvsram
  nv_full_traceplayer/sanity3
  nv_full_traceplayer/sanity3_cvsram
  nv_full_traceplayer/sdp_relu_int16)

# NVDLA's nv_small test list disables the SDP EW tests of its nv_small
# folder (nv_small has no EW stage); the same tests with the same golden
# CRCs are in its nv_small_256_full folder and run on that configuration.
foreach(test ${ACOSIM_NVDLA_CONFORMANCE_TESTS})
  string(REGEX REPLACE "/.*" "" folder ${test})
  if(folder STREQUAL "nv_full_traceplayer")
    set(config nv_full)
  elseif(test MATCHES "^nv_small/sdp_3x3x33_ew_")
    set(config nv_small_256_full)
  else()
    set(config ${folder})
  endif()
  string(REPLACE "/" "." name ${test})
  add_test(NAME nvdla_conformance.${name}
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_trace_test.sh $<TARGET_FILE:acosim>
      ${ACOSIM_CONFORMANCE_DIR}/nvdla/${test} ${config}
      ${CMAKE_BINARY_DIR}/nvdla_conformance/${name})
  set_tests_properties(nvdla_conformance.${name} PROPERTIES
    LABELS conformance SKIP_RETURN_CODE 77
    FAIL_REGULAR_EXPRESSION "[1-9][0-9]* failed")
endforeach()

# Without the EW stage, nv_small passes the EW traces' data through
# unchanged, as its RTL does; their golden CRCs then do not match.
add_test(NAME nvdla_conformance_ew_absent_on_nv_small
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_trace_test.sh $<TARGET_FILE:acosim>
    ${ACOSIM_CONFORMANCE_DIR}/nvdla/nv_small/sdp_3x3x33_ew_int8_reg_0 nv_small
    ${CMAKE_BINARY_DIR}/nvdla_conformance/ew_absent_on_nv_small)
set_tests_properties(nvdla_conformance_ew_absent_on_nv_small PROPERTIES
  LABELS conformance SKIP_RETURN_CODE 77
  PASS_REGULAR_EXPRESSION "FAIL check_crc[^\n]*expected 0x9858835a.*0 passed, 1 failed")

// Winograd convolution through the SystemC models on nv_full (the nvdlav1
// design), programmed over the CSB: CDMA fetches and pads the cube (stride 1,
// and stride 2 folded into channels) and the pre-transformed weights, CSC,
// CMAC_A/B and CACC run in CONV_MODE = WINOGRAD, and SDP
// (D_FEATURE_MODE_CFG.WINOGRAD, flying mode) writes the result to memory
// (int8, and fp16 through SDP's FP16 datapath). The expected values are the
// plain convolution of the un-transformed kernels, computed below (and in
// winograd_layer.h); a master configuration and an SDP not told about
// Winograd refuse the layer naming the registers.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "testbench/nvdla/tests/csb_layers.h"
#include "testbench/nvdla/tests/model_test_support.h"
#include "testbench/nvdla/tests/winograd_layer.h"

namespace acosim::nvdla::test {
namespace {

namespace d = regs::cdma;
namespace c = regs::csc;
namespace a = regs::cacc;
namespace sdp = regs::sdp;
namespace rdma = regs::sdp_rdma;

using namespace wg;

constexpr uint64_t kIn = 0x80000000, kWeights = 0x80010000, kOutAddr = 0x80040000;

void program_layer(NvdlaSystem& system, const Shape& sh, bool sdp_winograd) {
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t winograd = d::D_MISC_CFG_CONV_MODE.put(d::D_MISC_CFG_CONV_MODE_WINOGRAD);  // int8 precisions: 0
  const uint32_t ext = d::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(sh.we() - 1) |
                       d::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(sh.he() - 1);
  const uint32_t entries = sh.we() / 4 * sh.sx * sh.sy - 1;  // per 4 lines: tiles x extended surfaces
  const uint32_t bank = d::D_BANK_DATA_BANK.put(1) | d::D_BANK_WEIGHT_BANK.put(1);
  cdma.write(d::D_MISC_CFG, winograd);
  cdma.write(d::D_DATAIN_FORMAT, 0);
  cdma.write(d::D_DATAIN_SIZE_0,
             d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(sh.w - 1) | d::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(sh.h - 1));
  cdma.write(d::D_DATAIN_SIZE_1, sh.channels() - 1);
  cdma.write(d::D_DATAIN_SIZE_EXT_0, ext);
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_HIGH_0, uint32_t(kIn >> 32));
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kIn));
  cdma.write(d::D_LINE_STRIDE, sh.in_line());
  cdma.write(d::D_SURF_STRIDE, sh.in_line() * sh.h);
  cdma.write(d::D_ENTRY_PER_SLICE, entries);
  cdma.write(d::D_WEIGHT_FORMAT, 0);
  program_cdma_weights(cdma, sh.kernel_bytes(), sh.k, kWeights, sh.weight_bytes());
  cdma.write(d::D_CONV_STRIDE,
             d::D_CONV_STRIDE_CONV_X_STRIDE.put(sh.sx - 1) | d::D_CONV_STRIDE_CONV_Y_STRIDE.put(sh.sy - 1));
  cdma.write(d::D_ZERO_PADDING, d::D_ZERO_PADDING_PAD_LEFT.put(sh.pl) | d::D_ZERO_PADDING_PAD_RIGHT.put(sh.pr) |
                                    d::D_ZERO_PADDING_PAD_TOP.put(sh.pt) | d::D_ZERO_PADDING_PAD_BOTTOM.put(sh.pb));
  cdma.write(d::D_ZERO_PADDING_VALUE, uint32_t(kPadValue));
  cdma.write(d::D_BANK, bank);

  csc.write(c::D_MISC_CFG, winograd);
  csc.write(c::D_DATAIN_FORMAT, 0);
  csc.write(c::D_DATAIN_SIZE_EXT_0, ext);
  csc.write(c::D_DATAIN_SIZE_EXT_1, sh.ce() - 1);
  csc.write(c::D_ENTRY_PER_SLICE, entries);
  csc.write(c::D_WEIGHT_FORMAT, 0);
  program_csc_weight_size(csc, 4, 4, sh.ce(), sh.k, sh.weight_bytes());
  program_csc_dataout(csc, sh.ow(), sh.oh(), sh.k);
  csc.write(c::D_CONV_STRIDE_EXT, 0);
  csc.write(c::D_ZERO_PADDING, c::D_ZERO_PADDING_PAD_LEFT.put(sh.pl) | c::D_ZERO_PADDING_PAD_TOP.put(sh.pt));
  csc.write(c::D_BANK, bank);
  program_cmac_cacc(system, sh.ow(), sh.oh(), sh.k);
  UnitRegisters(system, Unit::CmacA).write(regs::cmac_a::D_MISC_CFG, regs::cmac_a::D_MISC_CFG_CONV_MODE.put(1));
  UnitRegisters(system, Unit::CmacB).write(regs::cmac_b::D_MISC_CFG, regs::cmac_b::D_MISC_CFG_CONV_MODE.put(1));
  cacc.write(a::D_MISC_CFG, a::D_MISC_CFG_CONV_MODE.put(1));
  csc.write(c::D_PRA_CFG, c::D_PRA_CFG_PRA_TRUNCATE.put(sh.pra_truncate));
  cacc.write(a::D_CLIP_CFG, a::D_CLIP_CFG_CLIP_TRUNCATE.put(2 - sh.pra_truncate));

  program_sdp_flying_passthrough(system, {sh.ow(), sh.oh(), sh.k, 1, kOutAddr, sh.out_line(), sh.out_surface()});
  if (sdp_winograd) {
    UnitRegisters(system, Unit::SdpRdma)
        .write(rdma::D_FEATURE_MODE_CFG,
               rdma::D_FEATURE_MODE_CFG_FLYING_MODE.put(rdma::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
                   rdma::D_FEATURE_MODE_CFG_WINOGRAD.put(rdma::D_FEATURE_MODE_CFG_WINOGRAD_ON));
    UnitRegisters(system, Unit::Sdp)
        .write(sdp::D_FEATURE_MODE_CFG,
               sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
                   sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM) |
                   sdp::D_FEATURE_MODE_CFG_WINOGRAD.put(sdp::D_FEATURE_MODE_CFG_WINOGRAD_ON));
  }
}

void load_memory(hal::Hal& hal, const Shape& sh) {
  const std::vector<uint8_t> input = input_bytes(sh), weights = weight_bytes(sh);
  hal.write_memory(kIn, input.data(), input.size());
  hal.write_memory(kWeights, weights.data(), weights.size());
}

void expect_layer_through_sdp(const Shape& sh) {
  uint32_t status = 0, saturation = ~0u;
  std::vector<uint8_t> out(sh.out_surface());
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    load_memory(hal, sh);
    const std::vector<uint8_t> before(sh.out_surface(), 0x5A);
    hal.write_memory(kOutAddr, before.data(), before.size());
    program_layer(system, sh, true);
    enable_conv_layer(system);
    status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    hal.read_memory(kOutAddr, out.data(), out.size());
    saturation = UnitRegisters(system, Unit::Cacc).read(a::D_OUT_SATURATION);
  });
  EXPECT_EQ(status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(saturation, 0u);
  for (uint32_t y = 0; y < sh.oh(); ++y)
    for (uint32_t x = 0; x < sh.ow(); ++x) {
      const size_t at = size_t(y) * sh.out_line() + x * kAtom;
      for (uint32_t k = 0; k < sh.k; ++k)
        ASSERT_EQ(int8_t(out[at + k]), expected(sh, x, y, k)) << "x " << x << " y " << y << " k " << k;
      // Lanes beyond K carry 0.
      for (uint32_t k = sh.k; k < kAtom; ++k) ASSERT_EQ(out[at + k], 0) << x << " " << y << " " << k;
    }
}

TEST(ConvWinogradModel, Int8Stride1LayerThroughSdp) { expect_layer_through_sdp(kStride1); }

TEST(ConvWinogradModel, Int8Stride2LayerThroughSdp) { expect_layer_through_sdp(kStride2); }

// CSC's PRA_TRUNCATE reaches the pre-addition: without the shift the layer
// would compute twice the convolution.
TEST(ConvWinogradModel, PraTruncateProgrammedOverTheCsb) { expect_layer_through_sdp(kPraTruncate); }

// fp16 (winograd_layer.h's fp16 values): the int8 programming of kStride1
// with the registers fp16 changes written over it: precisions FP16 in
// CDMA, CSC, CMAC_A/B and CACC, one 16-lane surface (D_DATAIN_SIZE_1,
// DATAIN_CHANNEL_EXT, the weight sizes), CDMA's pad value 1/8, CACC's
// CLIP_TRUNCATE 0 (it does not apply to fp16), SDP's FP16 datapath as a
// pass-through writing fp16.
void program_fp16_layer(NvdlaSystem& system, const Shape& sh) {
  program_layer(system, sh, true);
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t misc = d::D_MISC_CFG_CONV_MODE.put(d::D_MISC_CFG_CONV_MODE_WINOGRAD) |
                        d::D_MISC_CFG_IN_PRECISION.put(d::D_MISC_CFG_IN_PRECISION_FP16) |
                        d::D_MISC_CFG_PROC_PRECISION.put(d::D_MISC_CFG_PROC_PRECISION_FP16);
  cdma.write(d::D_MISC_CFG, misc);
  csc.write(c::D_MISC_CFG, misc);
  UnitRegisters(system, Unit::CmacA).write(regs::cmac_a::D_MISC_CFG, misc);
  UnitRegisters(system, Unit::CmacB).write(regs::cmac_b::D_MISC_CFG, misc);
  cacc.write(a::D_MISC_CFG, misc);
  cdma.write(d::D_DATAIN_SIZE_1, kLanesFp16 - 1);
  program_cdma_weights(cdma, kernel_bytes_fp16(sh), sh.k, kWeights, weight_size_fp16(sh));
  cdma.write(d::D_ZERO_PADDING_VALUE, kPadFp16);
  csc.write(c::D_DATAIN_SIZE_EXT_1, ce_fp16(sh) - 1);
  program_csc_weight_size(csc, 4, 4, ce_fp16(sh), sh.k, weight_size_fp16(sh));
  cacc.write(a::D_CLIP_CFG, 0);
  UnitRegisters(system, Unit::Sdp)
      .write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(sdp::D_DATA_FORMAT_PROC_PRECISION_FP16) |
                                     sdp::D_DATA_FORMAT_OUT_PRECISION.put(sdp::D_DATA_FORMAT_OUT_PRECISION_FP16));
}

TEST(ConvWinogradModel, Fp16Stride1LayerThroughSdp) {
  const Shape& sh = kStride1;
  uint32_t status = 0, nan_data = ~0u;
  std::vector<uint8_t> out(sh.out_surface());
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    const std::vector<uint8_t> input = input_bytes_fp16(sh), weights = weight_bytes_fp16(sh);
    hal.write_memory(kIn, input.data(), input.size());
    hal.write_memory(kWeights, weights.data(), weights.size());
    const std::vector<uint8_t> before(sh.out_surface(), 0x5A);
    hal.write_memory(kOutAddr, before.data(), before.size());
    program_fp16_layer(system, sh);
    enable_conv_layer(system);
    status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    hal.read_memory(kOutAddr, out.data(), out.size());
    nan_data = UnitRegisters(system, Unit::Cdma).read(d::D_NAN_INPUT_DATA_NUM);
  });
  EXPECT_EQ(status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(nan_data, 0u);
  // 32-byte output atoms of 16 fp16 lanes; lanes beyond K carry +0.
  for (uint32_t y = 0; y < sh.oh(); ++y)
    for (uint32_t x = 0; x < sh.ow(); ++x) {
      const size_t at = size_t(y) * sh.out_line() + x * kAtom;
      for (uint32_t k = 0; k < kLanesFp16; ++k) {
        const uint16_t v = uint16_t(out[at + 2 * k] | (out[at + 2 * k + 1] << 8));
        ASSERT_EQ(v, k < sh.k ? expected_fp16(sh, x, y, k) : 0) << "x " << x << " y " << y << " k " << k;
      }
    }
}

TEST(ConvWinogradModel, SdpMustBeToldAboutWinograd) {
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    load_memory(system.hal(), kStride1);
    program_layer(system, kStride1, false);
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_FEATURE_MODE_CFG.WINOGRAD (OFF)", "CACC D_MISC_CFG.CONV_MODE is WINOGRAD"}))
      << message;
}

// An EQL compare layer cannot take Winograd output (nvdla_sdp_resource.sv
// keeps EQL to direct convolution).
TEST(ConvWinogradModel, SdpEqlCompareRefusesWinograd) {
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    load_memory(system.hal(), kStride1);
    program_layer(system, kStride1, true);
    UnitRegisters(system, Unit::Sdp)
        .write(sdp::D_DP_EW_CFG, sdp::D_DP_EW_CFG_EW_BYPASS.put(sdp::D_DP_EW_CFG_EW_BYPASS_NO) |
                                     sdp::D_DP_EW_CFG_EW_ALU_BYPASS.put(sdp::D_DP_EW_CFG_EW_ALU_BYPASS_NO) |
                                     sdp::D_DP_EW_CFG_EW_ALU_ALGO.put(sdp::D_DP_EW_CFG_EW_ALU_ALGO_EQL) |
                                     sdp::D_DP_EW_CFG_EW_MUL_BYPASS.put(sdp::D_DP_EW_CFG_EW_MUL_BYPASS_YES) |
                                     sdp::D_DP_EW_CFG_EW_LUT_BYPASS.put(sdp::D_DP_EW_CFG_EW_LUT_BYPASS_YES));
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_FEATURE_MODE_CFG.WINOGRAD with EQL compare"})) << message;
}

TEST(ConvWinogradModel, MasterConfigurationRefusesWinograd) {
  // nv_large (32-byte atoms like nv_full) has WINOGRAD_DISABLE in its spec.
  const std::string message = run_expecting_error(options_for(Config::NvLarge), [&](NvdlaSystem& system) {
    load_memory(system.hal(), kStride1);
    program_layer(system, kStride1, true);
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_MISC_CFG.CONV_MODE = WINOGRAD", "not supported by nv_large", "WINOGRAD_DISABLE"}))
      << message;
}

}  // namespace
}  // namespace acosim::nvdla::test

// fp16 direct convolution through the SystemC models on nv_full (the
// nvdlav1 design), programmed over the CSB: CDMA fetches fp16 data and
// weights (NaN flush and NaN/Inf counters), CMAC and CACC compute, CACC
// hands SDP fp32 values in flying mode and SDP's FP16 datapath, a
// pass-through, writes fp16 to memory. Expected values are worked out by
// hand below; a master configuration refuses the layer naming the register.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "testbench/nvdla/tests/csb_layers.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace d = regs::cdma;
namespace c = regs::csc;
namespace a = regs::cacc;
namespace sdp = regs::sdp;

// nv_full fp16: 32-byte atoms of 16 elements, atomic C 64, groups of 16
// kernels. The layer: a 2 x 1 x 2 input, K = 2 kernels of 1 x 2 x 2, left
// padding 1 with pad value 0.5: output 2 x 1 x 2.
constexpr uint32_t kAtom = 32;
constexpr uint32_t kW = 2, kC = 2, kS = 2, kK = 2;
constexpr uint32_t kOutW = 2;
constexpr uint64_t kIn = 0x80000000, kWeights = 0x80010000, kOut = 0x80040000;
constexpr uint32_t kOutLine = kOutW * kAtom;
constexpr uint16_t kPad = 0x3800;  // 0.5

// x(0) = {1.0, 1.5}, x(1) = {NaN 0x7E01, -0.25}.
const uint16_t kInput[kW][kC] = {{0x3C00, 0x3E00}, {0x7E01, 0xB400}};
// kernel 0 = {s0: {1, 1}, s1: {1, 1}}, kernel 1 = {s0: {1.5, -1}, s1: {0.5, 1.75}}.
const uint16_t kKernel[kK][kS][kC] = {{{0x3C00, 0x3C00}, {0x3C00, 0x3C00}}, {{0x3E00, 0xBC00}, {0x3800, 0x3F00}}};

std::vector<uint8_t> input_bytes() {
  std::vector<uint8_t> bytes(size_t(kW) * kAtom, 0);
  for (uint32_t w = 0; w < kW; ++w)
    for (uint32_t ch = 0; ch < kC; ++ch) {
      bytes[w * kAtom + 2 * ch] = uint8_t(kInput[w][ch] & 0xFF);
      bytes[w * kAtom + 2 * ch + 1] = uint8_t(kInput[w][ch] >> 8);
    }
  return bytes;
}

// One kernel group, one channel block: kernel column, then kernel, then
// channel; padded to 128 bytes.
std::vector<uint8_t> weight_bytes() {
  std::vector<uint8_t> bytes;
  for (uint32_t s = 0; s < kS; ++s)
    for (uint32_t k = 0; k < kK; ++k)
      for (uint32_t ch = 0; ch < kC; ++ch) {
        bytes.push_back(uint8_t(kKernel[k][s][ch] & 0xFF));
        bytes.push_back(uint8_t(kKernel[k][s][ch] >> 8));
      }
  bytes.resize(128, 0);
  return bytes;
}

void program_layer(NvdlaSystem& system, bool nan_to_zero) {
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t fp16 = d::D_MISC_CFG_IN_PRECISION.put(d::D_MISC_CFG_IN_PRECISION_FP16) |
                        d::D_MISC_CFG_PROC_PRECISION.put(d::D_MISC_CFG_PROC_PRECISION_FP16);
  const uint32_t in_size = d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(kW - 1);
  cdma.write(d::D_MISC_CFG, fp16);
  cdma.write(d::D_DATAIN_FORMAT, 0);
  cdma.write(d::D_DATAIN_SIZE_0, in_size);
  cdma.write(d::D_DATAIN_SIZE_1, kC - 1);
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_HIGH_0, uint32_t(kIn >> 32));
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kIn));
  cdma.write(d::D_LINE_STRIDE, kW * kAtom);
  cdma.write(d::D_SURF_STRIDE, kW * kAtom);
  cdma.write(d::D_ENTRY_PER_SLICE, 0);  // 64 bytes: one 128-byte entry
  cdma.write(d::D_WEIGHT_FORMAT, 0);
  program_cdma_weights(cdma, kS * kC * 2, kK, kWeights, 128);
  cdma.write(d::D_ZERO_PADDING, d::D_ZERO_PADDING_PAD_LEFT.put(1));
  cdma.write(d::D_ZERO_PADDING_VALUE, kPad);
  cdma.write(d::D_NAN_FLUSH_TO_ZERO, nan_to_zero ? 1 : 0);
  cdma.write(d::D_BANK, 0);

  csc.write(c::D_MISC_CFG, fp16);
  csc.write(c::D_DATAIN_FORMAT, 0);
  csc.write(c::D_DATAIN_SIZE_EXT_0, in_size);
  csc.write(c::D_DATAIN_SIZE_EXT_1, kC - 1);
  csc.write(c::D_ENTRY_PER_SLICE, 0);
  csc.write(c::D_WEIGHT_FORMAT, 0);
  program_csc_weight_size(csc, kS, 1, kC, kK, 128);
  program_csc_dataout(csc, kOutW, 1, kK);
  csc.write(c::D_ZERO_PADDING, c::D_ZERO_PADDING_PAD_LEFT.put(1));
  csc.write(c::D_ZERO_PADDING_VALUE, kPad);
  csc.write(c::D_BANK, 0);
  program_cmac_cacc(system, kOutW, 1, kK);
  UnitRegisters(system, Unit::CmacA).write(regs::cmac_a::D_MISC_CFG, fp16);
  UnitRegisters(system, Unit::CmacB).write(regs::cmac_b::D_MISC_CFG, fp16);
  cacc.write(a::D_MISC_CFG, fp16);

  // SDP: a pass-through of its FP16 datapath, fp16 out.
  program_sdp_flying_passthrough(system, {kOutW, 1, kK, 1, kOut, kOutLine, kOutLine});
  UnitRegisters(system, Unit::Sdp)
      .write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(sdp::D_DATA_FORMAT_PROC_PRECISION_FP16) |
                                     sdp::D_DATA_FORMAT_OUT_PRECISION.put(sdp::D_DATA_FORMAT_OUT_PRECISION_FP16));
}

struct LayerRun {
  uint32_t status = 0;
  std::vector<uint8_t> out;
  uint32_t nan_data = 0, inf_data = 0, nan_weight = 0, inf_weight = 0, nan_output = 0;
};

LayerRun run_layer(bool nan_to_zero) {
  LayerRun run;
  run.out.resize(kOutLine);
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    const std::vector<uint8_t> input = input_bytes(), weights = weight_bytes();
    const std::vector<uint8_t> before(kOutLine, 0x3C);
    hal.write_memory(kIn, input.data(), input.size());
    hal.write_memory(kWeights, weights.data(), weights.size());
    hal.write_memory(kOut, before.data(), before.size());
    program_layer(system, nan_to_zero);
    enable_conv_layer(system);
    run.status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    hal.read_memory(kOut, run.out.data(), run.out.size());
    UnitRegisters cdma(system, Unit::Cdma), sd(system, Unit::Sdp);
    run.nan_data = cdma.read(d::D_NAN_INPUT_DATA_NUM);
    run.inf_data = cdma.read(d::D_INF_INPUT_DATA_NUM);
    run.nan_weight = cdma.read(d::D_NAN_INPUT_WEIGHT_NUM);
    run.inf_weight = cdma.read(d::D_INF_INPUT_WEIGHT_NUM);
    run.nan_output = sd.read(sdp::D_STATUS_NAN_OUTPUT_NUM);
  });
  return run;
}

uint16_t at(const LayerRun& run, uint32_t x, uint32_t k) {
  return uint16_t(run.out[x * kAtom + 2 * k] | (run.out[x * kAtom + 2 * k + 1] << 8));
}

TEST(ConvFp16Model, NanFlushedLayerThroughSdp) {
  // Every operand is in [0.125, 2) (fp16 exponent group 3), so CMAC's
  // products are exact, CACC's sums too, and SDP narrows exact fp32 values.
  // Output 0 sees the pad {0.5, 0.5} then x(0); output 1 sees x(0) then
  // x(1) with the NaN flushed to +0:
  //   (0, k0) 0.5 + 0.5 + 1 + 1.5                    = 3.5     = 0x4300
  //   (0, k1) 0.75 - 0.5 + 0.5 + 2.625               = 3.375   = 0x42C0
  //   (1, k0) 1 + 1.5 + 0 - 0.25                     = 2.25    = 0x4080
  //   (1, k1) 1.5 - 1.5 + 0 x 0.5 + (-0.25) x 1.75   = -0.4375 = 0xB700
  // CDMA counts the one NaN of the input (before flushing it); SDP writes no
  // NaN.
  const LayerRun run = run_layer(true);
  EXPECT_EQ(run.status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(at(run, 0, 0), 0x4300);
  EXPECT_EQ(at(run, 0, 1), 0x42C0);
  EXPECT_EQ(at(run, 1, 0), 0x4080);
  EXPECT_EQ(at(run, 1, 1), 0xB700);
  EXPECT_EQ(run.nan_data, 1u);
  EXPECT_EQ(run.inf_data, 0u);
  EXPECT_EQ(run.nan_weight, 0u);
  EXPECT_EQ(run.inf_weight, 0u);
  EXPECT_EQ(run.nan_output, 0u);
}

TEST(ConvFp16Model, NanReachesSdpAsFp32NaN) {
  // Without D_NAN_FLUSH_TO_ZERO the NaN 0x7E01 makes output 1's CMAC words
  // NaN for both kernels; CACC delivers 0x7F800201 (payload 0x201) and SDP
  // narrows it back to 0x7E01, counting two NaN outputs. Output 0 is as
  // before.
  const LayerRun run = run_layer(false);
  EXPECT_EQ(run.status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(at(run, 0, 0), 0x4300);
  EXPECT_EQ(at(run, 0, 1), 0x42C0);
  EXPECT_EQ(at(run, 1, 0), 0x7E01);
  EXPECT_EQ(at(run, 1, 1), 0x7E01);
  EXPECT_EQ(run.nan_data, 1u);
  EXPECT_EQ(run.nan_output, 2u);
}

TEST(ConvFp16Model, SdpIntegerDatapathRefusesFp32Values) {
  // CACC's fp32 patterns are meaningful only to SDP's FP16 datapath: an
  // INT8 D_DATA_FORMAT is refused naming both registers.
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    const std::vector<uint8_t> input = input_bytes(), weights = weight_bytes();
    hal.write_memory(kIn, input.data(), input.size());
    hal.write_memory(kWeights, weights.data(), weights.size());
    program_layer(system, true);
    UnitRegisters(system, Unit::Sdp)
        .write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(sdp::D_DATA_FORMAT_PROC_PRECISION_INT8) |
                                       sdp::D_DATA_FORMAT_OUT_PRECISION.put(sdp::D_DATA_FORMAT_OUT_PRECISION_INT8));
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_DATA_FORMAT.PROC_PRECISION (int8)", "CACC D_MISC_CFG.PROC_PRECISION is FP16"}))
      << message;
}

TEST(ConvFp16Model, NvLargeRefusesFp16NamingTheRegister) {
  const std::string message = run_expecting_error(options_for(Config::NvLarge), [&](NvdlaSystem& system) {
    program_layer(system, false);
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_MISC_CFG.PROC_PRECISION = FP16", "not supported by nv_large"})) << message;
}

}  // namespace
}  // namespace acosim::nvdla::test

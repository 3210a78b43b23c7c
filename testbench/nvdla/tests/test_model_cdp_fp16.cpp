// CDP's FP16 path (the nvdlav1 datapath of nv_full) driven through the CSB
// of the co-simulation top as firmware would, against hand computations
// written out here (not the model's datapath functions), and the FP16
// programming the model refuses, each error naming the register:
//  - an FP16 LRN layer on nv_full: output in memory, D_PERF_LUT_*,
//    D_NAN_INPUT_NUM, D_INF_INPUT_NUM, D_NAN_OUTPUT_NUM, D_OUT_SATURATION;
//  - NaN inputs with and without D_NAN_FLUSH_TO_ZERO;
//  - both D_FUNC_BYPASS bits, a NaN and an Inf input, an output of 65504
//    counted in D_OUT_SATURATION;
//  - FP16 on nv_large (a master configuration: no FP16 feature data);
//  - an FP16 cube (CDP_RDMA) with an INT16 datapath (CDP) on nv_full;
//  - a NaN S_LUT_LE_START_LOW (the RTL asserts against it).
// Each test elaborates one top (one SystemC simulation per process).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "testbench/nvdla/tests/csb_layers.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace c = regs::cdp;
namespace cr = regs::cdp_rdma;

constexpr uint64_t kIn = 0x80000000, kOut = 0x80001000;
// nv_full: 32-byte atoms, 16 FP16 elements each; a 1x1xC cube is one atom.
constexpr uint32_t kAtom = 32, kLanes = 16;

// FP16 patterns.
constexpr uint16_t kH0 = 0x0000, kH1 = 0x3C00, kH2 = 0x4000, kHm1 = 0xBC00, kHHalf = 0x3800, kH3 = 0x4200;
// fp32 patterns for the S_LUT_*_START/END_LOW registers.
constexpr uint32_t kS0 = 0x00000000, kS1000 = 0x447A0000, kSNaN = 0x7FC00000;

struct Fp16Layer {
  uint32_t channels = 4;
  std::vector<uint16_t> input;       // kLanes FP16 patterns as stored in memory
  std::vector<uint32_t> lo;          // LO entries from 0 (FP16 patterns)
  std::vector<uint32_t> le;          // LE entries from 0 (FP16 patterns)
  uint32_t lo_index_select = 0;      // S_LUT_INFO.LUT_LO_INDEX_SELECT (8 bits, signed)
  uint32_t lo_uflow_scale = 0;       // FP16 pattern
  uint32_t le_oflow_scale = 0;       // FP16 pattern
  bool le_linear = false;            // S_LUT_CFG.LUT_LE_FUNCTION (INDEX_SELECT 0)
  uint32_t le_start = kS1000;        // S_LUT_*_START_LOW / END_LOW (fp32 patterns)
  uint32_t le_end = kS1000;
  uint32_t lo_start = kS0;
  uint32_t func_bypass = 0;          // D_FUNC_BYPASS
  uint32_t cdp_format = c::D_DATA_FORMAT_INPUT_DATA_TYPE_FP16;
  bool nan_to_zero = false;
};

// LE from le_start (1000 by default: underflows for every input here), LO
// LINEAR from lo_start, UFLOW priority LO, OFLOW priority LE; window 3; the
// D_DATIN_* / D_DATOUT_* registers away from identity, to show that FP16
// does not use them.
void program_layer(NvdlaSystem& system, const Fp16Layer& layer) {
  hal::Hal& hal = system.hal();
  std::vector<uint8_t> bytes(kAtom);
  for (uint32_t i = 0; i < kLanes; ++i) {
    bytes[2 * i] = uint8_t(layer.input[i]);
    bytes[2 * i + 1] = uint8_t(layer.input[i] >> 8);
  }
  hal.write_memory(kIn, bytes.data(), bytes.size());
  program_cdp_rdma_line(system, kIn, 1, layer.channels, kAtom, cr::D_DATA_FORMAT_INPUT_DATA_FP16);

  UnitRegisters cdp(system, Unit::Cdp);
  write_cdp_lut(cdp, c::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, layer.lo);
  if (!layer.le.empty()) write_cdp_lut(cdp, c::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE, layer.le);
  cdp.write(c::S_LUT_CFG, c::S_LUT_CFG_LUT_LE_FUNCTION.put(layer.le_linear ? c::S_LUT_CFG_LUT_LE_FUNCTION_LINEAR
                                                                           : c::S_LUT_CFG_LUT_LE_FUNCTION_EXPONENT) |
                              c::S_LUT_CFG_LUT_UFLOW_PRIORITY.put(c::S_LUT_CFG_LUT_UFLOW_PRIORITY_LO));
  cdp.write(c::S_LUT_INFO, c::S_LUT_INFO_LUT_LO_INDEX_SELECT.put(layer.lo_index_select));
  cdp.write(c::S_LUT_LO_SLOPE_SCALE, c::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE.put(layer.lo_uflow_scale));
  cdp.write(c::S_LUT_LE_SLOPE_SCALE, c::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE.put(layer.le_oflow_scale));
  program_cdp_lut_ranges(cdp, layer.le_start, layer.le_end, layer.lo_start, kS1000);
  program_cdp_lrn3(cdp, layer.cdp_format, kOut, kAtom, 6);
  cdp.write(c::D_FUNC_BYPASS, layer.func_bypass);
  cdp.write(c::D_DATIN_OFFSET, 0x1234);
  cdp.write(c::D_DATIN_SCALE, 3);
  cdp.write(c::D_DATOUT_SCALE, 5);
  cdp.write(c::D_NAN_FLUSH_TO_ZERO, layer.nan_to_zero ? 1u : 0u);
  enable_cdp_layer(system);
}

struct Fp16Result {
  uint32_t status = 0, saturation = 0, nan_in = 0, inf_in = 0, nan_out = 0;
  CdpLutCounts counts;
  std::vector<uint16_t> out;
};

Fp16Result run_layer(const Fp16Layer& layer) {
  Fp16Result r;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    program_layer(system, layer);
    r.status = wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
    std::vector<uint8_t> bytes(kAtom);
    system.hal().read_memory(kOut, bytes.data(), bytes.size());
    for (uint32_t i = 0; i < kLanes; ++i) r.out.push_back(uint16_t(bytes[2 * i] | (bytes[2 * i + 1] << 8)));
    r.counts = read_cdp_lut_counts(system);
    UnitRegisters cdp(system, Unit::Cdp);
    r.saturation = cdp.read(c::D_OUT_SATURATION);
    r.nan_in = cdp.read(c::D_NAN_INPUT_NUM);
    r.inf_in = cdp.read(c::D_INF_INPUT_NUM);
    r.nan_out = cdp.read(c::D_NAN_OUTPUT_NUM);
  });
  return r;
}

// The layer (by hand, cdp_lrn.h's FP16 rules from nvdlav1): channels 1, 2,
// -1, 0.5; lanes 4..15 hold 3.0 in memory except lane 10 = +Inf and lane
// 11 = NaN (beyond C: they enter as +0, but the counters see whole atoms).
//   squares    1     4     1     0.25 | 0 ...
//   sums       5     6     5.25  1.25 | lane 4: 0.25, 5..15: +0
// LO from 0, INDEX_SELECT -1 (q = 2 s), LO[i] = i / 2, so a hit gives s:
//   q          10    12    10.5  2.5  | 0.5; a sum +0 gives d = +0: uflow
//   lut        5     6     5.25  1.25 | 0.25; 5..15: LO[0] + 0 * 1 = +0
//   m = c*lut  5     12    -5.25 0.625| +0 ...
//   FP16       4500  4A00  C540  3900 | 0000 ...
// LE (START 1000) underflows everything: LO_HIT 5 (lanes 0..4), UFLOW 11.
// D_NAN_INPUT_NUM 1, D_INF_INPUT_NUM 1, D_NAN_OUTPUT_NUM 0,
// D_OUT_SATURATION 0 (no output is +-65504).
TEST(CdpFp16Layer, NvFullLrnOutputAndCounters) {
  Fp16Layer layer;
  layer.input.assign(kLanes, kH3);
  layer.input[0] = kH1;
  layer.input[1] = kH2;
  layer.input[2] = kHm1;
  layer.input[3] = kHHalf;
  layer.input[10] = 0x7C00;
  layer.input[11] = 0x7E00;
  // LO[i] = i / 2: 0, 0.5, 1, ... (FP16: i / 2 = m * 2^e exactly).
  for (uint32_t i = 0; i <= 256; ++i) {
    uint16_t v = 0;
    if (i > 0) {
      // i / 2 with its leading bit at 2^k: exponent field k + 15, the rest
      // of i below its leading bit as the mantissa's top bits.
      const int top = 31 - __builtin_clz(i);
      v = uint16_t((top - 1 + 15) << 10 | ((i - (1u << top)) << (10 - top)));
    }
    layer.lo.push_back(v);
  }
  layer.lo_index_select = 0xFF;  // -1
  layer.lo_uflow_scale = kH1;
  const Fp16Result r = run_layer(layer);
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  std::vector<uint16_t> want(kLanes, 0x0000);
  want[0] = 0x4500;
  want[1] = 0x4A00;
  want[2] = 0xC540;
  want[3] = 0x3900;
  EXPECT_EQ(r.out, want);
  EXPECT_EQ(r.counts.lo_hit, 5u) << "D_PERF_LUT_LO_HIT";
  EXPECT_EQ(r.counts.uflow, 11u) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(r.counts.oflow + r.counts.le_hit + r.counts.hybrid, 0u) << "D_PERF_LUT_OFLOW / LE_HIT / HYBRID";
  EXPECT_EQ(r.nan_in, 1u) << "D_NAN_INPUT_NUM";
  EXPECT_EQ(r.inf_in, 1u) << "D_INF_INPUT_NUM";
  EXPECT_EQ(r.nan_out, 0u) << "D_NAN_OUTPUT_NUM";
  EXPECT_EQ(r.saturation, 0u) << "D_OUT_SATURATION";
}

// NaN inputs: channels NaN (0x7E01), 1, 2 (C = 3, the rest 0); LO from 0,
// INDEX_SELECT 0, every LO entry 1.0 (a hit gives 1; an underflow, priority
// LO, LO[0] + (+0) * 0 = 1).
// Without the flush: lane 0's sum 1 + NaN and lane 1's (NaN + 4) + 1 are
// NaN: both tables underflow, the slope path keeps the NaN; lane 0 NaN *
// NaN and lane 1 1 * NaN give 0x7E01. Lane 2: (1 + 0) + 4 = 5, a hit,
// 2 * 1 = 2; lane 3 (+0): sum 4, a hit, 0; lanes 4..15: sums +0 underflow, 0.
//   D_NAN_INPUT_NUM 1, D_NAN_OUTPUT_NUM 2, LO_HIT 2, UFLOW 14.
// With the flush the NaN is +0: sums 1, 5, 5, 4: outputs 0, 1, 2, 0...;
//   D_NAN_INPUT_NUM 1 (counted before the flush), D_NAN_OUTPUT_NUM 0,
//   LO_HIT 4, UFLOW 12.
Fp16Layer nan_layer(bool flush) {
  Fp16Layer layer;
  layer.channels = 3;
  layer.input.assign(kLanes, kH0);
  layer.input[0] = 0x7E01;
  layer.input[1] = kH1;
  layer.input[2] = kH2;
  layer.lo.assign(257, kH1);
  layer.nan_to_zero = flush;
  return layer;
}

TEST(CdpFp16Layer, NanInputsPropagate) {
  const Fp16Result r = run_layer(nan_layer(false));
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  std::vector<uint16_t> want(kLanes, 0x0000);
  want[0] = 0x7E01;
  want[1] = 0x7E01;
  want[2] = kH2;
  EXPECT_EQ(r.out, want);
  EXPECT_EQ(r.nan_in, 1u) << "D_NAN_INPUT_NUM";
  EXPECT_EQ(r.inf_in, 0u) << "D_INF_INPUT_NUM";
  EXPECT_EQ(r.nan_out, 2u) << "D_NAN_OUTPUT_NUM";
  EXPECT_EQ(r.counts.lo_hit, 2u) << "D_PERF_LUT_LO_HIT";
  EXPECT_EQ(r.counts.uflow, 14u) << "D_PERF_LUT_UFLOW";
}

TEST(CdpFp16Layer, NanInputsFlushedToZero) {
  const Fp16Result r = run_layer(nan_layer(true));
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  std::vector<uint16_t> want(kLanes, 0x0000);
  want[1] = kH1;
  want[2] = kH2;
  EXPECT_EQ(r.out, want);
  EXPECT_EQ(r.nan_in, 1u) << "D_NAN_INPUT_NUM";
  EXPECT_EQ(r.nan_out, 0u) << "D_NAN_OUTPUT_NUM";
  EXPECT_EQ(r.counts.lo_hit, 4u) << "D_PERF_LUT_LO_HIT";
  EXPECT_EQ(r.counts.uflow, 12u) << "D_PERF_LUT_UFLOW";
}

// FP16 of a small non-negative integer i (< 2048), worked out by hand: the
// exponent field is floor(log2 i) + 15, the bits of i below its leading one
// the mantissa's top bits.
uint16_t fp16_of_integer(uint32_t i) {
  if (i == 0) return 0;
  const uint32_t top = 31 - uint32_t(__builtin_clz(i));
  return uint16_t((top + 15) << 10 | ((i - (1u << top)) << (10 - top)));
}

// Both bypass bits: the LUT input is the input itself, the output the LUT
// result. LO from -8, INDEX_SELECT 0, LO[i] = i: a hit gives x + 8. LE
// LINEAR from 1000 with INDEX_SELECT 0, LE_END = the largest FP17 as fp32
// (2^32 - 2^21 = 0x4F7FE000), LE[64] = 65504, OFLOW priority LE.
//   ch0 -6.5: d = 1.5, LO idx 1 frac 0.5: 1.5 (3E00)             LO_HIT
//   ch1 0.25: d = 8.25, idx 8 frac 0.25: 8.25 (4820)             LO_HIT
//   ch2 NaN 0x7C01: both underflow, the NaN input passes (7C01)   UFLOW
//   ch3 +Inf: the largest FP17, both tables overflow: LE[64] + (x - END
//        = 0) * 1 = 65504 (7BFF)                                   OFLOW
//   lanes 4..15 (3.0 in memory, +0 after the converter): d = 8, LO[8] = 8
//        (4800)                                                    LO_HIT
// D_PERF_LUT_LO_HIT 14, UFLOW 1, OFLOW 1; D_NAN_INPUT_NUM 1,
// D_INF_INPUT_NUM 1, D_NAN_OUTPUT_NUM 1; D_OUT_SATURATION 1 (the 65504).
TEST(CdpFp16Layer, BothBypassesNanInfAndSaturationCount) {
  Fp16Layer layer;
  layer.input.assign(kLanes, kH3);
  layer.input[0] = 0xC680;  // -6.5
  layer.input[1] = 0x3400;  // 0.25
  layer.input[2] = 0x7C01;
  layer.input[3] = 0x7C00;
  for (uint32_t i = 0; i <= 256; ++i) layer.lo.push_back(fp16_of_integer(i));
  layer.le.assign(65, 0);
  layer.le[64] = 0x7BFF;
  layer.le_linear = true;
  layer.le_end = 0x4F7FE000;
  layer.le_oflow_scale = kH1;
  layer.lo_start = 0xC1000000;  // -8.0
  layer.func_bypass = c::D_FUNC_BYPASS_SQSUM_BYPASS.put(1) | c::D_FUNC_BYPASS_MUL_BYPASS.put(1);
  const Fp16Result r = run_layer(layer);
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  std::vector<uint16_t> want(kLanes, 0x4800);
  want[0] = 0x3E00;
  want[1] = 0x4820;
  want[2] = 0x7C01;
  want[3] = 0x7BFF;
  EXPECT_EQ(r.out, want);
  EXPECT_EQ(r.counts.lo_hit, 14u) << "D_PERF_LUT_LO_HIT";
  EXPECT_EQ(r.counts.uflow, 1u) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(r.counts.oflow, 1u) << "D_PERF_LUT_OFLOW";
  EXPECT_EQ(r.counts.le_hit + r.counts.hybrid, 0u) << "D_PERF_LUT_LE_HIT / HYBRID";
  EXPECT_EQ(r.nan_in, 1u) << "D_NAN_INPUT_NUM";
  EXPECT_EQ(r.inf_in, 1u) << "D_INF_INPUT_NUM";
  EXPECT_EQ(r.nan_out, 1u) << "D_NAN_OUTPUT_NUM";
  EXPECT_EQ(r.saturation, 1u) << "D_OUT_SATURATION";
}

// No master configuration has FP16 feature data (only nv_full's spec file
// enables it), so CDP_RDMA refuses the cube; CDP's own check (the master
// RTL CDP datapath is INT8 only) is the datapath tests' (test_cdp_fp16.cpp).
TEST(CdpFp16Layer, RefusedOnNvLarge) {
  const std::string message = run_expecting_error(options_for(Config::NvLarge), [&](NvdlaSystem& system) {
    program_layer(system, nan_layer(false));
    wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"CDP_RDMA", "D_DATA_FORMAT.INPUT_DATA fp16 is not supported by nv_large", "group 0"}));
}

TEST(CdpFp16Layer, LayoutAndDatapathDisagreeOnNvFull) {
  Fp16Layer layer = nan_layer(false);
  layer.cdp_format = c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT16;
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    program_layer(system, layer);
    wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"CDP D_DATA_FORMAT.INPUT_DATA_TYPE int16 differs from CDP_RDMA "
                                 "D_DATA_FORMAT.INPUT_DATA fp16"}));
}

TEST(CdpFp16Layer, NanLutStartRefusedOnNvFull) {
  Fp16Layer layer = nan_layer(false);
  layer.le_start = kSNaN;
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    program_layer(system, layer);
    wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"CDP S_LUT_LE_START_LOW is an fp32 NaN", "group 0"}));
}

}  // namespace
}  // namespace acosim::nvdla::test

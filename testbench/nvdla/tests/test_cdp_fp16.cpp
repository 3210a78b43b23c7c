// CDP's FP16 datapath (the nvdlav1 design of nv_full) against hand
// computations: every value below is exact in FP16 / FP17 / fp32 (or its
// rounding is worked out beside it), derived from the rules of cdp_lrn.h's
// FP16 list, not from the model's output. Covered: the FP17 -> FP16 and
// fp32 subtraction helpers, the input converter (NaN flush, Inf, the unused
// D_DATIN_* registers), the window sums and their order of additions, the
// LUT index (exponent and linear, positive and negative INDEX_SELECT,
// truncated fractions), the interpolation, underflow and overflow with
// their slopes, table selection and counters, the multiplier and both
// bypass bits, whole cubes with NaN / Inf inputs with and without
// NAN_TO_ZERO and the NaN / Inf counters, and the programming refused.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/nvdla/cdp_lrn.h"
#include "systemc/nvdla/float16.h"
#include "testbench/nvdla/tests/cdp_fp16_stages.h"

namespace acosim::nvdla {
namespace {

// FP16 patterns.
constexpr uint16_t kH0 = 0x0000, kH1 = 0x3C00, kH2 = 0x4000, kHm1 = 0xBC00, kHHalf = 0x3800;
constexpr uint16_t kHInf = 0x7C00, kHNaN = 0x7E01;
// FP17 patterns (exponent bias 31, 1.0 = 31 << 10).
constexpr uint32_t kF1 = 0x7C00, kFHalf = 0x7800;
// fp32 patterns.
constexpr uint32_t kS0 = 0x00000000, kS1 = 0x3F800000, kS2 = 0x40000000, kS3 = 0x40400000;
constexpr uint32_t kS1000 = 0x447A0000;  // 1000.0: a START beyond every input here

// FP16 of a value exact in FP16 (the table entries here: small integers).
uint16_t h(double v) { return double_to_fp16(v); }

// FP16 config on nv_full: both formats FP16, no bypass, window 3.
CdpConfig fp16_config() {
  CdpConfig c;
  c.precision = Precision::Fp16;
  c.dp_precision = Precision::Fp16;
  c.int16_datapath = true;
  c.lut.precision = Precision::Fp16;
  return c;
}

int64_t start(uint32_t fp32) { return int64_t(fp32); }

PackedCube cube_fp16(uint32_t channels, const std::vector<uint16_t>& lanes) {
  CubeGeometry g;
  g.width = 1;
  g.height = 1;
  g.channels = channels;
  g.precision = Precision::Fp16;
  g.atom_bytes = 32;
  PackedCube p(g);
  for (size_t i = 0; i < lanes.size(); ++i) {
    p.bytes.at(2 * i) = uint8_t(lanes[i]);
    p.bytes.at(2 * i + 1) = uint8_t(lanes[i] >> 8);
  }
  return p;
}

std::vector<uint16_t> out_lanes(const PackedCube& p) {
  std::vector<uint16_t> v(p.bytes.size() / 2);
  for (size_t i = 0; i < v.size(); ++i) v[i] = uint16_t(p.bytes[2 * i] | (p.bytes[2 * i + 1] << 8));
  return v;
}

// ---- helpers of float16.h ---------------------------------------------------

// nvdla_float.h Fp17ToFp16 (FpExpoWidthDec<6,5,10>).
TEST(CdpFp16Float, Fp17ToFp16) {
  EXPECT_EQ(nvdla_fp17_to_fp16(kF1), kH1);                   // exponent 31 -> 15
  EXPECT_EQ(nvdla_fp17_to_fp16(0x10000u | kF1), kHm1);       // sign kept
  EXPECT_EQ(nvdla_fp17_to_fp16(46u << 10 | 0x3FFu), 0x7BFF);  // 65504 stays
  EXPECT_EQ(nvdla_fp17_to_fp16(47u << 10), 0x7BFF);          // 2^16 -> 65504
  EXPECT_EQ(nvdla_fp17_to_fp16(0x10000u | 63u << 10), 0xFBFF);  // -Inf -> -65504
  EXPECT_EQ(nvdla_fp17_to_fp16(63u << 10 | 0x201u), 0x7E01);   // NaN keeps payload
  EXPECT_EQ(nvdla_fp17_to_fp16(17u << 10 | 0x155u), 0x0555);   // 2^-14 (1 + m): smallest normals
  // Subnormals, in units of 2^-24:
  EXPECT_EQ(nvdla_fp17_to_fp16(16u << 10), 0x0200);         // 2^-15 = 512
  EXPECT_EQ(nvdla_fp17_to_fp16(16u << 10 | 0x001u), 0x0200);  // 512.5 -> 512 (tie, even)
  EXPECT_EQ(nvdla_fp17_to_fp16(16u << 10 | 0x003u), 0x0202);  // 513.5 -> 514 (tie, even)
  EXPECT_EQ(nvdla_fp17_to_fp16(7u << 10), 0x0001);          // 2^-24 = 1
  EXPECT_EQ(nvdla_fp17_to_fp16(6u << 10), 0x0000);          // 2^-25 = 0.5 -> 0 (tie, even)
  EXPECT_EQ(nvdla_fp17_to_fp16(6u << 10 | 0x200u), 0x0001);   // 0.75 -> 1
  EXPECT_EQ(nvdla_fp17_to_fp16(0x10000u | 5u << 10 | 0x3FFu), 0x8000);  // below 2^-25: -0
  EXPECT_EQ(nvdla_fp17_to_fp16(16u << 10 | 0x3FFu), 0x0400);  // 1023.5 -> 1024: smallest normal
}

// nvdla_float.h FpSub: a + (-b).
TEST(CdpFp16Float, Fp32Sub) {
  EXPECT_EQ(nvdla_fp32_sub(kS1, kS2), 0xBF800000u);  // 1 - 2 = -1
  EXPECT_EQ(nvdla_fp32_sub(kS3, kS1), kS2);          // 3 - 1 = 2
  EXPECT_EQ(nvdla_fp32_sub(kS1, kS1), kS0);          // exact zero: a's sign (+)
  EXPECT_EQ(nvdla_fp32_sub(kS1, 0x7FC00001u), 0xFFC00001u);  // b's NaN, sign flipped
  EXPECT_EQ(nvdla_fp32_sub(0x7FC00001u, kS1), 0x7FC00001u);  // a's NaN
}

// ---- stages ------------------------------------------------------------------

// cdp_icvt.cpp FP16 branch: Fp16ToFp17 only; NV_NVDLA_CDP_DP_nan.v flush.
TEST(CdpFp16Stages, InputConverter) {
  CdpConfig c = fp16_config();
  EXPECT_EQ(cdp_fp16_convert_in(c, kH1), kF1);
  EXPECT_EQ(cdp_fp16_convert_in(c, kHm1), 0x10000u | kF1);
  EXPECT_EQ(cdp_fp16_convert_in(c, 0x0001), 7u << 10);      // 2^-24: FP17 exponent -24 + 31 = 7
  EXPECT_EQ(cdp_fp16_convert_in(c, kHInf), 62u << 10 | 0x3FFu);   // largest finite FP17
  EXPECT_EQ(cdp_fp16_convert_in(c, 0xFC00), 0x10000u | 62u << 10 | 0x3FFu);
  EXPECT_EQ(cdp_fp16_convert_in(c, kHNaN), 63u << 10 | 0x201u);   // payload kept
  // D_DATIN_OFFSET / SCALE / SHIFTER have no effect in FP16.
  c.datin_offset_16 = 5;
  c.datin_scale = 3;
  c.datin_shifter = 2;
  EXPECT_EQ(cdp_fp16_convert_in(c, kH1), kF1);
  // NAN_TO_ZERO: a NaN becomes +0; Inf is not a NaN.
  c.nan_to_zero = true;
  EXPECT_EQ(cdp_fp16_convert_in(c, kHNaN), 0u);
  EXPECT_EQ(cdp_fp16_convert_in(c, 0xFE00), 0u);
  EXPECT_EQ(cdp_fp16_convert_in(c, kHInf), 62u << 10 | 0x3FFu);
}

std::array<uint32_t, 9> window_of(const std::array<uint16_t, 9>& inputs) {
  CdpConfig c = fp16_config();
  std::array<uint32_t, 9> w{};
  for (size_t i = 0; i < w.size(); ++i) w[i] = cdp_fp16_convert_in(c, inputs[i]);
  return w;
}

// fp_sum_block.v: fp32 squares, s3 = (q(-1) + q(+1)) + q(0), then the pairs.
TEST(CdpFp16Stages, WindowSums) {
  CdpConfig c = fp16_config();
  // Channels -2..+2 = 0.5, 1, 2, 3, 4 (outer ones 0): squares 0.25, 1, 4, 9, 16.
  const auto w = window_of({kH0, kH0, kHHalf, kH1, kH2, 0x4200, 0x4400, kH0, kH0});
  c.normalz_len = 0;
  EXPECT_EQ(cdp_fp16_lut_input(c, w), 0x41600000u);  // (1 + 9) + 4 = 14
  c.normalz_len = 1;
  EXPECT_EQ(cdp_fp16_lut_input(c, w), 0x41F20000u);  // 14 + (0.25 + 16) = 30.25
  c.normalz_len = 3;                                 // the zeros add nothing
  EXPECT_EQ(cdp_fp16_lut_input(c, w), 0x41F20000u);
  // The order decides the rounding: q(-1) = 4096^2 = 2^24, q(0) = q(+1) = 1.
  // (2^24 + 1) ties to the even 2^24, + 1 again: 2^24. (Adding the two 1s
  // first would give 2^24 + 2, exact.)
  c.normalz_len = 0;
  const auto big = window_of({kH0, kH0, kH0, 0x6C00, kH1, kH1, kH0, kH0, kH0});
  EXPECT_EQ(cdp_fp16_lut_input(c, big), 0x4B800000u);
  // SQSUM_BYPASS: the lane's own value as fp32 (-1.5), no window.
  c.sqsum_bypass = true;
  const auto own = window_of({kH0, kH0, kH0, 0x4400, 0xBE00, 0x4400, kH0, kH0, kH0});
  EXPECT_EQ(cdp_fp16_lut_input(c, own), 0xBFC00000u);
}

// A LUT whose LO and LE both underflow for every input below 1000 unless
// reprogrammed: START 1000.0.
CdpConfig lut_config() {
  CdpConfig c = fp16_config();
  c.lut.le_start = start(kS1000);
  c.lut.lo_start = start(kS1000);
  return c;
}

// LE EXPONENT (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v fp16 path), LE[i] = i.
TEST(CdpFp16Lut, ExponentTable) {
  CdpConfig c = lut_config();
  CdpLutTables t;
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) t.set_le(i, int16_t(h(double(i))));
  c.lut.le_linear = false;
  c.lut.le_start = start(kS0);
  c.lut.le_index_offset = -2;
  // x = 3 = 1.5 * 2^1: k = 1, idx = 1 - (-2) = 3, frac = mantissa [22:7] = 0x8000.
  const CdpLutIndex r = cdp_lut_index(c.lut, kS3);
  EXPECT_FALSE(r.le_uflow || r.le_oflow);
  EXPECT_EQ(r.le_index, 3u);
  EXPECT_EQ(r.le_fraction, 0x8000u);
  EXPECT_TRUE(r.lo_uflow);  // 3 - 1000 < 0
  EXPECT_TRUE(r.select_le);
  // LE[3] + (LE[4] - LE[3]) * 0.5 = 3.5: FP17 exponent 32, mantissa 0x300.
  CdpStats s;
  EXPECT_EQ(cdp_fp16_lut_lookup(c.lut, t, kS3, s), 32u << 10 | 0x300u);
  EXPECT_EQ(s.lut_le_hit, 1u);

  // x = 0.125: k = -3 < -2: underflow (LO too; UFLOW priority LE). The low
  // end is START + 2^-2 = 0.25: LE[0] + (0.125 - 0.25) * UFLOW_SCALE (2.0)
  // = 0 - 0.25: FP17 sign, exponent 29.
  c.lut.le_uflow_scale = int16_t(kH2);
  s = CdpStats{};
  EXPECT_TRUE(cdp_lut_index(c.lut, 0x3E000000).le_uflow);
  EXPECT_EQ(cdp_fp16_lut_lookup(c.lut, t, 0x3E000000, s), 0x10000u | 29u << 10);
  EXPECT_EQ(s.lut_uflow, 1u);
  // x = START exactly: d = +0 underflows; so does a NaN x.
  EXPECT_TRUE(cdp_lut_index(c.lut, kS0).le_uflow);
  EXPECT_TRUE(cdp_lut_index(c.lut, 0x7FC00000).le_uflow);

  // Offset -60: idx = k + 60, so x = 20 (k = 4) overflows (idx 64). LO from
  // 0 with INDEX_SELECT -4: 20 * 16 = 320 >= 256, overflows too: both
  // overflow, OFLOW priority LE. LE[64] + (20 - LE_END 16) * OFLOW_SCALE
  // (0.5) = 64 + 2 = 66: FP17 exponent 37, mantissa 0x020.
  c.lut.le_index_offset = -60;
  c.lut.le_end = start(0x41800000);
  c.lut.le_oflow_scale = int16_t(kHHalf);
  c.lut.lo_start = start(kS0);
  c.lut.lo_index_select = -4;
  s = CdpStats{};
  const CdpLutIndex o = cdp_lut_index(c.lut, 0x41A00000);
  EXPECT_TRUE(o.le_oflow);
  EXPECT_EQ(o.le_index, 64u);
  EXPECT_TRUE(o.lo_oflow);
  EXPECT_EQ(cdp_fp16_lut_lookup(c.lut, t, 0x41A00000, s), 37u << 10 | 0x020u);
  EXPECT_EQ(s.lut_oflow, 1u);
  // Offset -128: 0 takes the place of 2^offset in the low end. START 1,
  // x = 0.5: d = -0.5 underflows both tables (LO START is 1000 again), low
  // end 1 + 0 = 1: LE[0] + (0.5 - 1) * 2 = -1.
  c.lut.le_index_offset = -128;
  c.lut.le_start = start(kS1);
  c.lut.lo_start = start(kS1000);
  EXPECT_EQ(cdp_fp16_lut_lookup(c.lut, t, 0x3F000000, s), 0x10000u | kF1);
}

// LINEAR tables: q = d / 2^INDEX_SELECT, idx = floor(q), 16 fraction bits
// truncated.
TEST(CdpFp16Lut, LinearTables) {
  CdpConfig c = lut_config();
  CdpLutTables t;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(h(2.0 * double(i))));
  // LO from 1 with INDEX_SELECT -2: x = 2.375, d = 1.375, q = 5.5: idx 5,
  // frac 0x8000; LO[5] + (LO[6] - LO[5]) * 0.5 = 10 + 1 = 11 (FP17 exponent
  // 34, mantissa 0x180). LE (START 1000) underflows: LO_HIT.
  c.lut.lo_start = start(kS1);
  c.lut.lo_index_select = -2;
  const CdpLutIndex r = cdp_lut_index(c.lut, 0x40180000);
  EXPECT_EQ(r.lo_index, 5u);
  EXPECT_EQ(r.lo_fraction, 0x8000u);
  EXPECT_TRUE(r.select_lo);
  CdpStats s;
  EXPECT_EQ(cdp_fp16_lut_lookup(c.lut, t, 0x40180000, s), 34u << 10 | 0x180u);
  EXPECT_EQ(s.lut_lo_hit, 1u);
  // INDEX_SELECT 3 (a right shift): d = 20 - 1 = 19, q = 2.375: idx 2,
  // frac 0.375 * 2^16 = 0x6000.
  c.lut.lo_index_select = 3;
  const CdpLutIndex right = cdp_lut_index(c.lut, 0x41A00000);
  EXPECT_EQ(right.lo_index, 2u);
  EXPECT_EQ(right.lo_fraction, 0x6000u);
  // The fraction is truncated: from 0, select 0, x = 1 + 2^-16 + 2^-20
  // (mantissa 0x88): frac 1; x = 1 + 2^-20: frac 0.
  c.lut.lo_start = start(kS0);
  c.lut.lo_index_select = 0;
  EXPECT_EQ(cdp_lut_index(c.lut, 0x3F800088).lo_fraction, 1u);
  EXPECT_EQ(cdp_lut_index(c.lut, 0x3F800008).lo_fraction, 0u);
  EXPECT_EQ(cdp_lut_index(c.lut, 0x3F800008).lo_index, 1u);
  // Overflow at idx 256: x = 256 (d = 256) overflows, 255.5 hits entry 255.
  EXPECT_TRUE(cdp_lut_index(c.lut, 0x43800000).lo_oflow);
  EXPECT_EQ(cdp_lut_index(c.lut, 0x437F8000).lo_index, 255u);
  EXPECT_EQ(cdp_lut_index(c.lut, 0x437F8000).lo_fraction, 0x8000u);
  // INDEX_SELECT bits 7:0 as a signed number: -128 scales d by 2^128, so
  // d = 2^-126 gives q = 4 (idx 4, a hit).
  c.lut.lo_index_select = -128;
  EXPECT_FALSE(cdp_lut_index(c.lut, 0x00800000).lo_oflow);
  EXPECT_EQ(cdp_lut_index(c.lut, 0x00800000).lo_index, 4u);
}


// Rules 6 and 7: fp17_mul(input, LUT), Fp17ToFp16; MUL_BYPASS passes the
// LUT result, or a NaN input; D_DATOUT_* unused.
TEST(CdpFp16Stages, MultiplierAndOutputConverter) {
  CdpConfig c = fp16_config();
  c.datout_offset_32 = 7;
  c.datout_scale = 3;
  c.datout_shifter = 1;
  EXPECT_EQ(cdp_fp16_output(c, kFHalf, 0x10000u | 32u << 10), kHm1);  // 0.5 * -2 = -1
  EXPECT_EQ(cdp_fp16_output(c, 51u << 10, kF1), 0x7BFF);   // 2^20 -> 65504
  c.mul_bypass = true;
  EXPECT_EQ(cdp_fp16_output(c, kFHalf, 32u << 10), kHHalf);  // the LUT result 0.5
  EXPECT_EQ(cdp_fp16_output(c, kFHalf, 63u << 10 | 0x201u), 0x7E01);  // the NaN input
  EXPECT_EQ(cdp_fp16_output(c, kFHalf, 63u << 10), kHHalf);  // FP17 Inf is not a NaN
}

// A 1x1x4 cube, 16 lanes, LRN 3 with the multiplier: channels 1, 2, -1,
// 0.5; lanes 4..15 hold 3.0 in memory (+0 after the converter) except lane
// 10 = +Inf, lane 11 = NaN (counted: the counters see whole atoms).
//   squares    1     4     1     0.25 | 0 ...
//   sums       5     6     5.25  1.25 | lane 4: 0.25, 5..15: +0
// LO from 0 with INDEX_SELECT -1 (q = 2 s), LO[i] = i / 2, so a hit gives s:
//   q          10    12    10.5  2.5  | 0.5; sums +0: d = +0 underflows
//   lut        5     6     5.25  1.25 | 0.25; 5..15: LO[0] + 0 * 1 = +0
// LE (START 1000) underflows everything: lanes 0..4 LO_HIT, 5..15 UFLOW
// (priority LO).
//   m = c*lut  5     12    -5.25 0.625| +0 ...
//   FP16       4500  4A00  C540  3900 | 0000 ...
TEST(CdpFp16Process, LrnLinearLoTable) {
  CdpConfig c = lut_config();
  c.lut.lo_start = start(kS0);
  c.lut.lo_index_select = -1;
  c.lut.lo_uflow_scale = int16_t(kH1);
  c.lut.uflow_priority_lo = true;
  CdpLutTables t;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(h(0.5 * double(i))));
  std::vector<uint16_t> in(16, 0x4200);
  in[0] = kH1;
  in[1] = kH2;
  in[2] = kHm1;
  in[3] = kHHalf;
  in[10] = kHInf;
  in[11] = 0x7E00;
  CdpStats s;
  const PackedCube out = cdp_process(c, t, cube_fp16(4, in), s);
  std::vector<uint16_t> want(16, 0x0000);
  want[0] = 0x4500;
  want[1] = 0x4A00;
  want[2] = 0xC540;
  want[3] = 0x3900;
  EXPECT_EQ(out_lanes(out), want);
  EXPECT_EQ(s.lut_lo_hit, 5u);
  EXPECT_EQ(s.lut_uflow, 11u);
  EXPECT_EQ(s.lut_le_hit + s.lut_hybrid + s.lut_oflow, 0u);
  EXPECT_EQ(s.nan_input, 1u);
  EXPECT_EQ(s.inf_input, 1u);
  EXPECT_EQ(s.nan_output, 0u);
  EXPECT_EQ(s.out_saturation, 0u);
}

// NaN inputs: a 1x1x3 cube NaN (0x7E01), 1, 2; LO from 0, INDEX_SELECT 0,
// every LO entry 1.0 (a hit gives 1 + 0 * frac = 1; an underflow, priority
// LO, LO[0] + (+0 - 0) * 0 = 1); LE (START 1000) underflows.
// Without NAN_TO_ZERO: squares NaN, 1, 4. Lane 0's sum (q(-1) + q(+1)) +
// q(0) = 1 + NaN and lane 1's (NaN + 4) + 1 are the NaN 0x7F800201 (the
// fp32 of the FP17 NaN); both tables underflow (UFLOW), the slope path
// keeps the NaN (FP17 0xFE01); lane 0: NaN * NaN keeps the input's, lane 1:
// 1 * NaN the LUT's: both 0x7E01. Lane 2: sum (q(1) + q(3)) + q(2) =
// (1 + 0) + 4 = 5, a hit: 2 * 1 = 2; lane 3 (beyond C, +0): sum 4, a hit:
// 0 * 1 = 0; lanes 4..15: sums +0 underflow: 0 * 1 = 0.
//   counters: NaN in 1, NaN out 2, LO_HIT 2, UFLOW 14.
// With NAN_TO_ZERO the NaN enters as +0: sums 1, 5, 5, 4, 0...: lanes 0..3
// hit (LO_HIT 4, UFLOW 12), outputs 0, 1, 2, 0...; NaN in still 1 (counted
// before the flush), NaN out 0.
TEST(CdpFp16Process, NanInputsWithAndWithoutFlush) {
  CdpConfig c = lut_config();
  c.lut.lo_start = start(kS0);
  c.lut.lo_index_select = 0;
  c.lut.uflow_priority_lo = true;
  CdpLutTables t;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(kH1));
  std::vector<uint16_t> in(16, kH0);
  in[0] = kHNaN;
  in[1] = kH1;
  in[2] = kH2;

  CdpStats s;
  std::vector<uint16_t> want(16, 0x0000);
  want[0] = 0x7E01;
  want[1] = 0x7E01;
  want[2] = kH2;
  EXPECT_EQ(out_lanes(cdp_process(c, t, cube_fp16(3, in), s)), want);
  EXPECT_EQ(s.nan_input, 1u);
  EXPECT_EQ(s.inf_input, 0u);
  EXPECT_EQ(s.nan_output, 2u);
  EXPECT_EQ(s.lut_lo_hit, 2u);
  EXPECT_EQ(s.lut_uflow, 14u);

  c.nan_to_zero = true;
  s = CdpStats{};
  want[0] = kH0;
  want[1] = kH1;
  EXPECT_EQ(out_lanes(cdp_process(c, t, cube_fp16(3, in), s)), want);
  EXPECT_EQ(s.nan_input, 1u);
  EXPECT_EQ(s.nan_output, 0u);
  EXPECT_EQ(s.lut_lo_hit, 4u);
  EXPECT_EQ(s.lut_uflow, 12u);
}

// Both bypass bits: the LUT input is the input itself, the output the LUT
// result. LO from -8, INDEX_SELECT 0, LO[i] = i: a hit gives x + 8. LE
// LINEAR from 1000 with INDEX_SELECT 0, LE_END = the largest FP17 as fp32
// (2^32 - 2^21 = 0x4F7FE000), LE[64] = 65504, OFLOW priority LE.
//   ch0 -6.5: d = 1.5, LO idx 1 frac 0.5: 1.5 (3E00)            LO_HIT
//   ch1 0.25: d = 8.25, idx 8 frac 0.25: 8.25 (4820)            LO_HIT
//   ch2 NaN 0x7C01: both underflow, the NaN input passes (7C01)  UFLOW
//   ch3 +Inf: the largest FP17, both tables overflow: LE[64] + (x - END = 0)
//        * 1 = 65504 (7BFF)                                       OFLOW
//   lanes 4..15: +0, d = 8, LO[8] = 8 (4800)                     LO_HIT
// D_OUT_SATURATION counts the output 65504 (NV_NVDLA_CDP_DP_cvtout.v): 1.
TEST(CdpFp16Process, SqsumAndMulBypass) {
  CdpConfig c = lut_config();
  c.sqsum_bypass = true;
  c.mul_bypass = true;
  c.lut.lo_start = start(0xC1000000);
  c.lut.lo_index_select = 0;
  c.lut.le_linear = true;
  c.lut.le_index_select = 0;
  c.lut.le_end = start(0x4F7FE000);
  c.lut.le_oflow_scale = int16_t(kH1);
  CdpLutTables t;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(h(double(i))));
  t.set_le(64, int16_t(0x7BFF));
  std::vector<uint16_t> in(16, 0x4200);
  in[0] = 0xC680;  // -6.5
  in[1] = 0x3400;  // 0.25
  in[2] = 0x7C01;
  in[3] = kHInf;
  CdpStats s;
  std::vector<uint16_t> want(16, 0x4800);
  want[0] = 0x3E00;
  want[1] = 0x4820;
  want[2] = 0x7C01;
  want[3] = 0x7BFF;
  EXPECT_EQ(out_lanes(cdp_process(c, t, cube_fp16(4, in), s)), want);
  EXPECT_EQ(s.out_saturation, 1u);
  EXPECT_EQ(s.lut_lo_hit, 14u);
  EXPECT_EQ(s.lut_uflow, 1u);
  EXPECT_EQ(s.lut_oflow, 1u);
  EXPECT_EQ(s.nan_input, 1u);
  EXPECT_EQ(s.inf_input, 1u);
  EXPECT_EQ(s.nan_output, 1u);
}

// ---- decoding and refusals -------------------------------------------------

TEST(CdpFp16Decode, FormatsAndRefusals) {
  CdpRegisters r;
  r.rdma_data_format = 2;  // CDP_RDMA D_DATA_FORMAT.INPUT_DATA FP16
  r.data_format = 2;       // CDP D_DATA_FORMAT.INPUT_DATA_TYPE FP16
  r.nan_flush_to_zero = 1;
  r.lut_le_start_low = kS1;
  CdpConfig c = decode_cdp_config(r);
  EXPECT_EQ(c.precision, Precision::Fp16);
  EXPECT_EQ(c.dp_precision, Precision::Fp16);
  EXPECT_EQ(c.lut.precision, Precision::Fp16);
  EXPECT_TRUE(c.nan_to_zero);
  EXPECT_EQ(uint32_t(c.lut.le_start), kS1);
  c.int16_datapath = true;  // nv_full
  EXPECT_FALSE(cdp_unsupported_or_illegal(c).has_value());

  // The master configurations (no FP16 datapath).
  c.int16_datapath = false;
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("CDP_RDMA D_DATA_FORMAT.INPUT_DATA fp16 is not modelled (the "
                                                "master RTL CDP datapath is INT8 only)"),
            std::string::npos);
  CdpLutTables t;
  CdpStats s;
  EXPECT_THROW(cdp_process(c, t, cube_fp16(1, {}), s), std::invalid_argument);

  // CDP and CDP_RDMA disagreeing.
  c = fp16_config();
  c.dp_precision = Precision::Int16;
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find(
                "CDP D_DATA_FORMAT.INPUT_DATA_TYPE int16 differs from CDP_RDMA D_DATA_FORMAT.INPUT_DATA fp16"),
            std::string::npos);
  c = fp16_config();
  c.precision = Precision::Int8;
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find(
                "CDP D_DATA_FORMAT.INPUT_DATA_TYPE fp16 differs from CDP_RDMA D_DATA_FORMAT.INPUT_DATA int8"),
            std::string::npos);

  // A NaN START (the RTL asserts against it); a NaN END is legal.
  c = fp16_config();
  c.lut.le_start = start(0x7FC00000);
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("S_LUT_LE_START_LOW"), std::string::npos);
  c = fp16_config();
  c.lut.lo_start = start(0xFF800001);
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("S_LUT_LO_START_LOW"), std::string::npos);
  c = fp16_config();
  c.lut.le_end = start(0x7FC00000);
  c.lut.le_start = start(0x7F800000);  // +Inf is not a NaN
  EXPECT_FALSE(cdp_unsupported_or_illegal(c).has_value());
}

// cdp_process (squares once per lane) against the stage functions applied
// element by element on pseudo-random layers with NaN and Inf inputs: the
// same outputs and counters. (A consistency check of the cube loop; the
// stage functions' values are checked by hand above.)
TEST(CdpFp16Process, CubeLoopMatchesTheStageFunctions) {
  uint32_t seed = 12345;
  auto next = [&]() {
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
  };
  CdpStats all;  // every outcome should occur somewhere
  for (int layer = 0; layer < 8; ++layer) {
    CdpConfig c = fp16_config();
    c.normalz_len = uint8_t(layer % 4);
    c.sqsum_bypass = layer == 5;
    c.mul_bypass = layer == 6 || layer == 5;
    c.nan_to_zero = layer % 2 == 1;
    c.lut.le_linear = layer % 3 == 0;
    c.lut.le_start = start(layer % 2 == 0 ? kS0 : 0xBF800000u);  // 0 or -1
    c.lut.le_end = start(0x42800000);                         // 64
    c.lut.lo_start = start(0x3E800000);                       // 0.25
    c.lut.lo_end = start(0x43800000);                         // 256
    c.lut.le_index_offset = int8_t(-3 + layer);
    c.lut.le_index_select = int8_t(layer - 4);
    c.lut.lo_index_select = int8_t(2 - layer);
    c.lut.le_uflow_scale = int16_t(kHHalf);
    c.lut.le_oflow_scale = int16_t(0xB400);                   // -0.25
    c.lut.lo_uflow_scale = int16_t(kH2);
    c.lut.lo_oflow_scale = int16_t(0x3000);                   // 0.125
    c.lut.hybrid_priority_lo = layer % 2 == 0;
    c.lut.uflow_priority_lo = layer % 3 == 1;
    c.lut.oflow_priority_lo = layer % 4 == 2;
    CdpLutTables t;
    for (size_t i = 0; i < kCdpLutLeEntries; ++i) t.set_le(i, int16_t(0x3000 + (next() & 0x1FFF)));
    for (size_t i = 0; i < kCdpLutLoEntries; ++i) {
      t.set_lo(i, int16_t((next() & 0x8000) | (0x2800 + (next() & 0x1FFF))));
    }

    CubeGeometry g;
    g.width = 3;
    g.height = 2;
    g.channels = 37;  // three surfaces, the last partly beyond C
    g.precision = Precision::Fp16;
    g.atom_bytes = 32;
    PackedCube in(g);
    for (size_t i = 0; i + 1 < in.bytes.size(); i += 2) {
      uint16_t v = uint16_t((next() & 0x8000) | (0x2000 + (next() & 0x2FFF)));  // about 2^-7 .. 2^5
      const uint32_t r = next() % 64;
      if (r == 0) v = 0x7E05;
      if (r == 1) v = 0xFC00;
      in.bytes[i] = uint8_t(v);
      in.bytes[i + 1] = uint8_t(v >> 8);
    }
    const CdpStats got = expect_cube_matches_stages(c, t, in, CdpStats{}, layer);
    all.lut_uflow += got.lut_uflow;
    all.lut_oflow += got.lut_oflow;
    all.lut_hybrid += got.lut_hybrid;
    all.lut_le_hit += got.lut_le_hit;
    all.lut_lo_hit += got.lut_lo_hit;
    all.nan_output += got.nan_output;
  }
  EXPECT_GT(all.lut_uflow, 0u);
  EXPECT_GT(all.lut_oflow, 0u);
  EXPECT_GT(all.lut_hybrid, 0u);
  EXPECT_GT(all.lut_le_hit, 0u);
  EXPECT_GT(all.lut_lo_hit, 0u);
  EXPECT_GT(all.nan_output, 0u);
}

}  // namespace
}  // namespace acosim::nvdla

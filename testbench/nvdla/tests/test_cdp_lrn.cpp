// The CDP (local response normalisation) datapath against hand computations:
// register decoding, the input and output converters (rounding, saturation,
// shift limits), the window of squares at the first and last channels and
// across surfaces, the lanes beyond C, the LUT index (linear, exponent,
// negative selects, the 22-bit START of the index path), LE/LO selection with
// each priority, interpolation and the underflow/overflow slopes, the
// counters, both bypass bits, the S_LUT_ACCESS_* port, and the register
// programming of nv_small cdp_1x1x1_lrn3_int8_0 worked by hand. Then INT16
// (the nvdlav1 datapath of nv_full): converter widths, roundings and
// saturations, the saturation flag, the 38-bit START and 7-bit INDEX_SELECT
// of the index path, a whole LRN with sums far beyond INT8's 21 bits, and
// the programming refused on the master configurations. Last INT8 on
// nvdlav1 (nv_full) against master: the input shifter that agrees, the
// output converter's saturation flag, and the even lanes' 38-bit START.
// Finally cdp_process (per-pixel passes, LUT results cached per input)
// against the stage functions element by element on random layers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "systemc/nvdla/cdp_lrn.h"

namespace acosim::nvdla {
namespace {

constexpr uint32_t kWrite = 1u << 17;  // S_LUT_ACCESS_CFG.LUT_ACCESS_TYPE = WRITE
constexpr uint32_t kLo = 1u << 16;     // S_LUT_ACCESS_CFG.LUT_TABLE_ID = LO

// INT8, identity converters, no bypass.
CdpConfig int8_config() {
  CdpConfig c;
  c.precision = Precision::Int8;
  c.dp_precision = Precision::Int8;
  c.datin_scale = 1;
  c.datout_scale = 1;
  return c;
}

// LE LINEAR from 0, INDEX_SELECT 0, LE[i] = i: hits for x = 1..63 with
// result x. LO from 0, INDEX_SELECT 2, LO[i] = 4 i: idx = x >> 2,
// frac = (x mod 4) * 2^14, result 4 idx + rnd(4 frac / 2^16) = x (x < 1024).
void identity_tables(CdpConfig& c, CdpLutTables& t) {
  c.lut.le_linear = true;
  c.lut.le_start = 0;
  c.lut.le_end = 64;
  c.lut.le_index_select = 0;
  c.lut.lo_start = 0;
  c.lut.lo_end = 1024;
  c.lut.lo_index_select = 2;
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) t.set_le(i, int16_t(i));
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(4 * i));
}

PackedCube cube(uint32_t w, uint32_t h, uint32_t c, uint32_t atom = 8) {
  CubeGeometry g;
  g.width = w;
  g.height = h;
  g.channels = c;
  g.precision = Precision::Int8;
  g.atom_bytes = atom;
  return PackedCube(g);
}

std::vector<int32_t> lanes_of(const PackedCube& p, uint32_t w = 0, uint32_t h = 0) {
  std::vector<int32_t> v;
  const uint32_t n = p.geometry.surfaces() * p.geometry.elements_per_atom();
  for (uint32_t c = 0; c < n; ++c) v.push_back(p.at(w, h, c));
  return v;
}

// ---- registers ----------------------------------------------------------------

TEST(CdpDecode, ResetValues) {
  const CdpConfig c = decode_cdp_config(CdpRegisters{});
  EXPECT_EQ(c.precision, Precision::Int8);      // CDP_RDMA D_DATA_FORMAT resets to INT8
  EXPECT_EQ(c.dp_precision, Precision::Int16);  // CDP D_DATA_FORMAT resets to INT16
  EXPECT_EQ(c.datin_scale, 1);
  EXPECT_EQ(c.datout_scale, 1);
  EXPECT_EQ(c.window(), 3u);
  EXPECT_EQ(c.width, 1u);
  EXPECT_EQ(c.channels, 1u);
}

TEST(CdpDecode, FieldsOfNvSmallLrn9Programming) {
  // nv_small cdp_8x8x64_lrn9_int8 words.
  CdpRegisters r;
  r.rdma_data_cube_width = 7;
  r.rdma_data_cube_height = 7;
  r.rdma_data_cube_channel = 0x3f;
  r.data_format = 0;
  r.lrn_cfg = 3;
  r.func_bypass = 3;
  r.datin_offset = 0x2;
  r.datin_scale = 0x2;
  r.datin_shifter = 0x1;
  r.datout_offset = 0xff03ca09;
  r.datout_scale = 0x2cba;
  r.datout_shifter = 0x24;
  r.lut_cfg = 0x50;
  r.lut_info = 0xc8;
  r.lut_le_end_low = 0x100;
  r.lut_lo_end_low = 0x100;
  r.lut_le_slope_scale = 0x10001;
  const CdpConfig c = decode_cdp_config(r);
  EXPECT_EQ(c.width, 8u);
  EXPECT_EQ(c.height, 8u);
  EXPECT_EQ(c.channels, 64u);
  EXPECT_EQ(c.dp_precision, Precision::Int8);
  EXPECT_EQ(c.window(), 9u);
  EXPECT_TRUE(c.sqsum_bypass);
  EXPECT_TRUE(c.mul_bypass);
  EXPECT_EQ(c.datin_offset, 2);
  EXPECT_EQ(c.datin_scale, 2);
  EXPECT_EQ(c.datin_shifter, 1);
  // DATOUT_OFFSET bits 24:0 = 0x103ca09, bit 24 set: 0x103ca09 - 2^25.
  EXPECT_EQ(c.datout_offset, 0x103ca09 - (1 << 25));
  EXPECT_EQ(c.datout_scale, 0x2cba);
  EXPECT_EQ(c.datout_shifter, 36);
  // S_LUT_CFG 0x50: LE EXPONENT, UFLOW_PRIORITY LO, OFLOW LE, HYBRID LO.
  EXPECT_FALSE(c.lut.le_linear);
  EXPECT_TRUE(c.lut.uflow_priority_lo);
  EXPECT_FALSE(c.lut.oflow_priority_lo);
  EXPECT_TRUE(c.lut.hybrid_priority_lo);
  EXPECT_EQ(c.lut.le_index_offset, -56);  // 0xc8
  EXPECT_EQ(c.lut.le_end, 0x100);
  EXPECT_EQ(c.lut.le_uflow_scale, 1);
  EXPECT_EQ(c.lut.le_oflow_scale, 1);
}

TEST(CdpDecode, SignedFields) {
  CdpRegisters r;
  r.datin_offset = 0x0180;                  // only bits 7:0 reach the converter: -128
  r.lut_le_start_high = 0x3f;               // {0x3f, 0xfffffff2} = -14 (38-bit)
  r.lut_le_start_low = 0xfffffff2;
  r.lut_lo_end_high = 0x20;                 // bit 37 set: -2^37
  r.lut_le_slope_shift = (0x1fu << 5) | 0x10;  // OFLOW -1, UFLOW -16
  r.lut_lo_slope_scale = 0x8000ffffu;        // OFLOW -32768, UFLOW -1
  const CdpConfig c = decode_cdp_config(r);
  EXPECT_EQ(c.datin_offset, -128);
  EXPECT_EQ(c.lut.le_start, -14);
  EXPECT_EQ(c.lut.lo_end, -(int64_t(1) << 37));
  EXPECT_EQ(c.lut.le_uflow_shift, -16);
  EXPECT_EQ(c.lut.le_oflow_shift, -1);
  EXPECT_EQ(c.lut.lo_uflow_scale, -1);
  EXPECT_EQ(c.lut.lo_oflow_scale, -32768);
}

TEST(CdpDecode, UnsupportedAndIllegal) {
  CdpConfig c = int8_config();
  EXPECT_FALSE(cdp_unsupported_or_illegal(c).has_value());
  c.precision = Precision::Int16;
  c.dp_precision = Precision::Int16;
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("CDP_RDMA D_DATA_FORMAT.INPUT_DATA int16"), std::string::npos);
  c.precision = Precision::Fp16;
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("fp16"), std::string::npos);
  c = int8_config();
  c.dp_precision = Precision::Int16;  // the reset value of CDP D_DATA_FORMAT
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("CDP D_DATA_FORMAT.INPUT_DATA_TYPE"), std::string::npos);
  c = int8_config();
  c.src_compression = true;
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("D_SRC_COMPRESSION_EN"), std::string::npos);
  c = int8_config();
  c.dst_compression = true;
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("D_DST_COMPRESSION_EN"), std::string::npos);
}

// ---- converters ---------------------------------------------------------------

TEST(CdpConvertIn, OffsetScaleRoundingSaturation) {
  CdpConfig c = int8_config();
  EXPECT_EQ(cdp_convert_in(c, -128), -128);
  EXPECT_EQ(cdp_convert_in(c, 127), 127);
  c.datin_offset = -128;                 // x + 128, 9-bit result 0..255
  EXPECT_EQ(cdp_convert_in(c, 127), 255);
  EXPECT_EQ(cdp_convert_in(c, -128), 0);
  c.datin_scale = 2;                     // 255 * 2 = 510 -> 255
  EXPECT_EQ(cdp_convert_in(c, 127), 255);
  c.datin_offset = 127;                  // (-128 - 127) * 2 = -510 -> -256
  EXPECT_EQ(cdp_convert_in(c, -128), -256);
  c = int8_config();
  c.datin_scale = 3;
  c.datin_shifter = 1;
  EXPECT_EQ(cdp_convert_in(c, 1), 2);    // 1.5 -> 2
  EXPECT_EQ(cdp_convert_in(c, -1), -2);  // -1.5 -> -2 (ties away from zero)
  EXPECT_EQ(cdp_convert_in(c, 2), 3);    // 3 exactly
  c.datin_scale = 1;
  c.datin_shifter = 2;
  EXPECT_EQ(cdp_convert_in(c, 5), 1);    // 1.25 -> 1
  EXPECT_EQ(cdp_convert_in(c, -7), -2);  // -1.75 -> -2
  EXPECT_EQ(cdp_convert_in(c, -5), -1);  // -1.25 -> -1
  c.datin_scale = 32767;
  c.datin_shifter = 24;                  // 127 * 32767 / 2^24 = 0.248 -> 0
  EXPECT_EQ(cdp_convert_in(c, 127), 0);
  c.datin_scale = -32768;
  c.datin_shifter = 24;                  // -128 * -32768 / 2^24 = 0.25 -> 0
  EXPECT_EQ(cdp_convert_in(c, -128), 0);
  c.datin_shifter = 23;                  // 2^22 / 2^23 = 0.5 -> 1
  EXPECT_EQ(cdp_convert_in(c, -128), 1);
  c.datin_shifter = 25;                  // a shift of the 25-bit width or more gives 0
  EXPECT_EQ(cdp_convert_in(c, -128), 0);
}

TEST(CdpConvertOut, OffsetScaleRoundingSaturation) {
  CdpConfig c = int8_config();
  EXPECT_EQ(cdp_convert_out(c, 100), 100);
  EXPECT_EQ(cdp_convert_out(c, 1000), 127);
  EXPECT_EQ(cdp_convert_out(c, -1000), -128);
  c.datout_shifter = 1;
  EXPECT_EQ(cdp_convert_out(c, 5), 3);    // 2.5 -> 3
  EXPECT_EQ(cdp_convert_out(c, -5), -3);  // -2.5 -> -3
  c.datout_offset = 44;
  c.datout_scale = -1;
  EXPECT_EQ(cdp_convert_out(c, 300), -128);  // (300 - 44) * -1 / 2 = -128
  EXPECT_EQ(cdp_convert_out(c, 301), -128);  // -128.5 -> -129 -> -128
  EXPECT_EQ(cdp_convert_out(c, -210), 127);  // 254 / 2 = 127
  EXPECT_EQ(cdp_convert_out(c, -211), 127);  // 127.5 -> 128 -> 127
  c = int8_config();
  c.datout_offset = -(1 << 24);           // 25-bit offset minimum
  c.datout_scale = 1;
  c.datout_shifter = 25;                  // (0 + 2^24) / 2^25 = 0.5 -> 1
  EXPECT_EQ(cdp_convert_out(c, 0), 1);
  c.datout_shifter = 42;                  // a shift of the 42-bit width or more gives 0
  c.datout_scale = 32767;
  EXPECT_EQ(cdp_convert_out(c, (1 << 24) - 1), 0);
}

// ---- window, multiplier, lanes beyond C ----------------------------------------

// 1x1x8, NORMALZ_LEN 3, inputs 1..8, identity converters and LUT, multiplier
// on, output shift 4:
//   squares     1   4   9  16  25  36  49  64
//   sums (+-1)  5  14  29  50  77 110 149 113   (lane -1 and lane 8 count 0)
//   sum * x     5  28  87 200 385 660 1043 904
//   / 16     0.31 1.75 5.44 12.5 24.06 41.25 65.19 56.5
//   out         0   2   5  13  24  41  65  57
// Sums below 64 hit both tables (hybrid, LE wins); the others overflow LE and
// hit LO.
TEST(CdpProcess, Window3WithMultiplier) {
  CdpConfig c = int8_config();
  CdpLutTables t;
  identity_tables(c, t);
  c.datout_shifter = 4;
  PackedCube in = cube(1, 1, 8);
  for (uint32_t ch = 0; ch < 8; ++ch) in.set(0, 0, ch, int32_t(ch + 1));
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  EXPECT_EQ(lanes_of(out), (std::vector<int32_t>{0, 2, 5, 13, 24, 41, 65, 57}));
  EXPECT_EQ(s.lut_hybrid, 4u);
  EXPECT_EQ(s.lut_lo_hit, 4u);
  EXPECT_EQ(s.lut_le_hit, 0u);
  EXPECT_EQ(s.lut_uflow, 0u);
  EXPECT_EQ(s.lut_oflow, 0u);
  EXPECT_EQ(s.out_saturation, 0u);
}

// 1x1x10 in 8-lane atoms: two surfaces, lanes 10..15 lie beyond C. They hold
// 100 in memory but enter as 0 after the input converter. Inputs 1, window 5,
// MUL_BYPASS, identity LUT: the output is the square sum itself.
//   lane   0 1 2 3 4 5 6 7 | 8 9 10 11 12 13 14 15
//   sum    3 4 5 5 5 5 5 5 | 4 3  2  1  0  0  0  0
// The window crosses the surface boundary (lane 7 sees 8 and 9; lane 8 sees
// 6 and 7). Lanes beyond C get the sum of their window too (10: lanes 8, 9).
// Sums of 0 underflow both tables: result LE[0] + 0 = 0.
TEST(CdpProcess, WindowAtEdgesAcrossSurfacesAndLanesBeyondC) {
  CdpConfig c = int8_config();
  CdpLutTables t;
  identity_tables(c, t);
  c.normalz_len = 1;
  c.mul_bypass = true;
  PackedCube in = cube(1, 1, 10);
  for (uint32_t ch = 0; ch < 16; ++ch) in.set(0, 0, ch, ch < 10 ? 1 : 100);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  EXPECT_EQ(lanes_of(out), (std::vector<int32_t>{3, 4, 5, 5, 5, 5, 5, 5, 4, 3, 2, 1, 0, 0, 0, 0}));
  EXPECT_EQ(s.lut_hybrid, 12u);
  EXPECT_EQ(s.lut_uflow, 4u);

  // With the multiplier the lanes beyond C multiply by their input 0:
  // out = DATOUT conversion of 0 = rnd((0 - (-3)) * 5 / 2) = 7.5 -> 8.
  c.mul_bypass = false;
  c.datout_offset = -3;
  c.datout_scale = 5;
  c.datout_shifter = 1;
  CdpStats s2;
  const PackedCube out2 = cdp_process(c, t, in, s2);
  // lane 0: (3 * 1 + 3) * 5 / 2 = 15; lane 1: (4 + 3) * 5 / 2 = 17.5 -> 18;
  // lanes 2..7: (5 + 3) * 5 / 2 = 20; lane 8: 18; lane 9: 15.
  EXPECT_EQ(lanes_of(out2), (std::vector<int32_t>{15, 18, 20, 20, 20, 20, 20, 20, 18, 15, 8, 8, 8, 8, 8, 8}));
}

// Window 9 on the first and last lanes of a single surface; the squares of
// -128 (|c| = 128 -> 16384) and of a saturated 9-bit value (-256 -> 65536).
TEST(CdpProcess, Window9AndLargestSquares) {
  CdpConfig c = int8_config();
  CdpLutTables t;
  c.normalz_len = 3;
  c.mul_bypass = true;
  c.datin_scale = 2;  // -128 * 2 = -256: the largest square, 65536
  // LO: start 0, select 12 -> idx = sum >> 12, LO[i] = i: the output shows
  // sum / 4096 (fractions below 0.5 round away).
  // LE (LINEAR from 0, select 0) overflows for these sums: LO decides.
  c.lut.le_linear = true;
  c.lut.le_start = 0;
  c.lut.lo_start = 0;
  c.lut.lo_index_select = 12;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(i));
  PackedCube in = cube(1, 1, 8);
  for (uint32_t ch = 0; ch < 8; ++ch) in.set(0, 0, ch, -128);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  // lane k sees lanes max(0, k-4) .. min(7, k+4): 5, 6, 7, 8, 8, 7, 6, 5 lanes
  // of 65536 -> idx 80, 96, 112, 128, 128, 112, 96, 80, frac 0; clamped to int8.
  EXPECT_EQ(lanes_of(out), (std::vector<int32_t>{80, 96, 112, 127, 127, 112, 96, 80}));
}

// ---- LUT --------------------------------------------------------------------

TEST(CdpLutIndex, LinearSelectsAndFractions) {
  CdpLutConfig l;
  l.le_linear = true;
  l.le_start = 10;
  l.le_index_select = 3;  // idx = (x - 10) >> 3
  l.lo_start = 0;
  l.lo_index_select = -1;  // idx = x << 1, frac 0
  CdpLutIndex r = cdp_lut_index(l, 31);  // d = 21: idx 2, frac 5/8 = 0xa000
  EXPECT_EQ(r.le_index, 2u);
  EXPECT_EQ(r.le_fraction, 0xa000u);
  EXPECT_EQ(r.lo_index, 62u);
  EXPECT_EQ(r.lo_fraction, 0u);
  r = cdp_lut_index(l, 10);  // x <= LE start: LE underflow
  EXPECT_TRUE(r.le_uflow);
  r = cdp_lut_index(l, 128);  // LO idx 256 -> overflow
  EXPECT_TRUE(r.lo_oflow);
  EXPECT_EQ(r.lo_index, 256u);
  EXPECT_EQ(r.le_index, 14u);  // (128 - 10) >> 3
  r = cdp_lut_index(l, 127);  // LO idx 254 hit
  EXPECT_TRUE(r.lo_hit());
  // INDEX_SELECT bits 7:6 are ignored: 0x43 acts as 3, 0xbf (bits 5:0 = -1) as -1.
  l.le_index_select = int8_t(0x43);
  EXPECT_EQ(cdp_lut_index(l, 31).le_index, 2u);
  l.le_index_select = int8_t(0xbf);
  EXPECT_EQ(cdp_lut_index(l, 31).le_index, 42u);  // 21 << 1
  // Index path: START bits 21:0 only. 2^22 + 10 acts as 10.
  l.le_index_select = 0;
  l.le_start = (int64_t(1) << 22) + 10;
  EXPECT_EQ(cdp_lut_index(l, 31).le_index, 21u);
  EXPECT_TRUE(cdp_lut_index(l, 31).le_hit());
}

TEST(CdpLutIndex, Exponent) {
  CdpLutConfig l;
  l.le_linear = false;
  l.le_start = 0;
  l.le_index_offset = 2;
  l.lo_start = 1 << 20;  // LO underflows for everything below
  CdpLutIndex r = cdp_lut_index(l, 100);  // k = 6, idx 4, frac (100 - 64) / 64 = 0.5625
  EXPECT_TRUE(r.le_hit());
  EXPECT_EQ(r.le_index, 4u);
  EXPECT_EQ(r.le_fraction, 36864u);
  r = cdp_lut_index(l, 3);  // k = 1 < 2: underflow
  EXPECT_TRUE(r.le_uflow);
  r = cdp_lut_index(l, 4);  // k = 2: idx 0
  EXPECT_TRUE(r.le_hit());
  EXPECT_EQ(r.le_index, 0u);
  EXPECT_EQ(cdp_lut_index(l, (1 << 21) - 1).le_index, 18u);  // k = 20
  l.le_index_offset = -50;  // idx = k + 50: oflow from k = 14
  EXPECT_TRUE(cdp_lut_index(l, 16383).le_hit());    // k = 13, idx 63
  EXPECT_TRUE(cdp_lut_index(l, 16384).le_oflow);    // k = 14, idx 64
  EXPECT_TRUE(cdp_lut_index(l, 1).le_hit());        // k = 0, idx 50, frac 0
  EXPECT_EQ(cdp_lut_index(l, 1).le_index, 50u);
}

TEST(CdpLutIndex, SelectionPriorities) {
  CdpLutConfig l;
  l.le_linear = true;
  l.le_start = 0;   // LE hits 1..63, overflows from 64
  l.lo_start = 31;  // LO underflows up to 31, hits 32..286
  l.lo_index_select = 0;
  auto lo_wins = [&](int64_t x) { return cdp_lut_index(l, x).select_lo; };
  EXPECT_FALSE(lo_wins(10));   // LE hit, LO uflow: LE
  EXPECT_TRUE(lo_wins(100));   // LE oflow, LO hit: LO
  EXPECT_FALSE(lo_wins(40));   // both hit: HYBRID_PRIORITY LE
  l.hybrid_priority_lo = true;
  EXPECT_TRUE(lo_wins(40));
  EXPECT_FALSE(lo_wins(500));  // both oflow (LO idx 469): OFLOW_PRIORITY LE
  l.oflow_priority_lo = true;
  EXPECT_TRUE(lo_wins(500));
  EXPECT_FALSE(lo_wins(0));    // both uflow: UFLOW_PRIORITY LE
  l.uflow_priority_lo = true;
  EXPECT_TRUE(lo_wins(0));
  // LE oflow with LO uflow counts as hybrid: LO start 1000.
  l.lo_start = 1000;
  l.hybrid_priority_lo = false;
  EXPECT_FALSE(lo_wins(100));
  l.hybrid_priority_lo = true;
  EXPECT_TRUE(lo_wins(100));
}

TEST(CdpLutLookup, InterpolationAndCounters) {
  CdpLutConfig l;
  l.le_linear = true;
  l.le_start = 0;
  l.le_index_select = 1;  // idx = x >> 1, frac 0 or 0.5
  l.lo_start = 1 << 20;   // LO underflows: LE decides
  CdpLutTables t;
  t.set_le(3, 100);
  t.set_le(4, 101);
  t.set_le(5, -5);
  t.set_le(6, -6);
  CdpStats s;
  EXPECT_EQ(cdp_lut_lookup(l, t, 6, s), 100);   // idx 3, frac 0
  EXPECT_EQ(cdp_lut_lookup(l, t, 7, s), 101);   // 100 + rnd(1 * 0.5) = 101
  EXPECT_EQ(cdp_lut_lookup(l, t, 11, s), -6);   // -5 + rnd(-1 * 0.5) = -5 - 1 (ties away from zero)
  EXPECT_EQ(s.lut_le_hit, 3u);
  CdpLutConfig fp16 = l;  // FP16 tables take cdp_fp16_lut_lookup
  fp16.precision = Precision::Fp16;
  EXPECT_THROW(cdp_lut_lookup(fp16, t, 6, s), std::invalid_argument);
  EXPECT_EQ(s.lut_hybrid, 0u);
  // Counters stop at 2^32 - 1.
  s.lut_le_hit = std::numeric_limits<uint32_t>::max();
  cdp_lut_lookup(l, t, 6, s);
  EXPECT_EQ(s.lut_le_hit, std::numeric_limits<uint32_t>::max());
  // The difference of two entries takes 17 bits.
  t.set_le(7, 32767);
  t.set_le(8, -32768);
  l.le_index_select = 2;  // x = 31: idx 7, frac 0.75: 32767 + rnd(-65535 * 0.75) = 32767 - 49151
  EXPECT_EQ(cdp_lut_lookup(l, t, 31, s), -16384);
}

TEST(CdpLutLookup, UnderflowAndOverflowSlopes) {
  CdpLutConfig l;
  l.le_linear = true;
  l.le_start = 20;
  l.le_end = 84;          // 20 + 64
  l.le_index_select = 0;
  l.lo_start = 1 << 20;   // LO underflows: with UFLOW_PRIORITY LE and the
  l.lo_end = 1 << 21;     // LE-hit/oflow cases LE is always selected
  l.le_uflow_scale = 3;
  l.le_uflow_shift = 1;
  l.le_oflow_scale = -7;
  l.le_oflow_shift = 2;
  CdpLutTables t;
  t.set_le(0, 1000);
  t.set_le(64, -1000);
  CdpStats s;
  // uflow: 1000 + rnd((5 - 20) * 3 / 2) = 1000 + rnd(-22.5) = 1000 - 23
  EXPECT_EQ(cdp_lut_lookup(l, t, 5, s), 977);
  EXPECT_EQ(s.lut_uflow, 1u);
  // oflow: -1000 + rnd((90 - 84) * -7 / 4) = -1000 + rnd(-10.5) = -1011
  EXPECT_EQ(cdp_lut_lookup(l, t, 90, s), -1011);
  EXPECT_EQ(s.lut_hybrid, 1u);  // LE oflow with LO uflow counts as hybrid
  // A negative shift multiplies: -1 -> *2, -16 -> *65536 (saturates).
  l.le_oflow_shift = -1;
  EXPECT_EQ(cdp_lut_lookup(l, t, 90, s), -1084);  // -1000 + 6 * -7 * 2
  l.le_oflow_shift = -16;
  EXPECT_EQ(cdp_lut_lookup(l, t, 90, s), -32768);
  // The flow path uses the full 38-bit END (the index path only bits 21:0).
  l.le_oflow_shift = 0;
  l.le_oflow_scale = 1;
  l.le_end = -(int64_t(1) << 30);
  EXPECT_EQ(cdp_lut_lookup(l, t, 90, s), 32767);  // -1000 + 90 + 2^30, saturated
  // EXPONENT: the underflow line starts at LE_START + 2^LE_INDEX_OFFSET.
  l.le_linear = false;
  l.le_start = 0;
  l.le_index_offset = 4;  // x = 10: k = 3 < 4: uflow; 1000 + rnd((10 - 16) * 3 / 2) = 991
  EXPECT_EQ(cdp_lut_lookup(l, t, 10, s), 991);
  l.le_index_offset = -1;  // negative offset: nothing added; x = 0 <= start: 1000 + 0
  EXPECT_EQ(cdp_lut_lookup(l, t, 0, s), 1000);
}

TEST(CdpProcess, SqsumBypassUsesTheSignedConvertedInput) {
  CdpConfig c = int8_config();
  CdpLutTables t;
  c.sqsum_bypass = true;
  c.mul_bypass = true;
  c.lut.le_linear = true;
  c.lut.le_start = -10;
  c.lut.le_index_select = 0;
  c.lut.lo_start = 1 << 20;
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) t.set_le(i, int16_t(10 * i));
  PackedCube in = cube(1, 1, 8);
  const int32_t x[8] = {-5, 0, 3, -10, -11, 53, 54, 1};
  for (uint32_t ch = 0; ch < 8; ++ch) in.set(0, 0, ch, x[ch]);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  // d = x + 10: 5, 10, 13, uflow, uflow, 63, oflow(64), 11 -> LE[d] = 10 d,
  // clamped to int8; uflow/oflow: LE[0] = 0 / LE[64] = 640 with slope 0.
  EXPECT_EQ(lanes_of(out), (std::vector<int32_t>{50, 100, 127, 0, 0, 127, 127, 110}));
  EXPECT_EQ(s.lut_le_hit, 5u);
  EXPECT_EQ(s.lut_uflow, 2u);
  EXPECT_EQ(s.lut_hybrid, 1u);  // LE oflow, LO uflow
}

// ---- S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA ----------------------------------------

TEST(CdpLutPort, WriteAdvancesAndStopsAtTheLastEntry) {
  CdpLutTables t;
  t.write_access_cfg(kWrite | 63);
  t.write_access_data(0x1234);
  t.write_access_data(0xabcd5678);  // LUT_DATA is bits 15:0
  EXPECT_EQ(t.le(63), 0x1234);
  EXPECT_EQ(t.le(64), 0x5678);
  EXPECT_EQ(t.port_address(), 64u);  // stays on LE entry 64
  t.write_access_data(0x1111);       // rewrites entry 64
  EXPECT_EQ(t.le(64), 0x1111);
  EXPECT_EQ(t.read_access_cfg(), kWrite | 64u);  // the CFG read shows the moving address
  t.write_access_cfg(kWrite | kLo | 255);
  t.write_access_data(7);
  t.write_access_data(8);
  t.write_access_data(9);
  EXPECT_EQ(t.lo(255), 7);
  EXPECT_EQ(t.lo(256), 9);
  EXPECT_EQ(t.port_address(), 256u);
}

TEST(CdpLutPort, OutOfRangeAddresses) {
  CdpLutTables t;
  t.write_access_cfg(kWrite | 0);
  t.write_access_data(42);                 // LE[0] = 42
  t.write_access_cfg(kWrite | 100);        // beyond LE: writes store nothing
  t.write_access_data(5);
  EXPECT_EQ(t.port_address(), 101u);       // but still advance
  t.write_access_cfg(kWrite | 1023);
  t.write_access_data(5);
  EXPECT_EQ(t.port_address(), 0u);         // modulo 1024
  for (size_t i = 1; i < kCdpLutLeEntries; ++i) EXPECT_EQ(t.le(i), 0);
  t.write_access_cfg(100);                 // READ beyond LE: entry 0
  EXPECT_EQ(t.read_access_data(), 42u);
  EXPECT_EQ(t.port_address(), 101u);
}

TEST(CdpLutPort, AccessTypeDecidesWhatMoves) {
  CdpLutTables t;
  t.write_access_cfg(kWrite | kLo | 10);
  t.write_access_data(0x10);
  t.write_access_data(0x11);
  EXPECT_EQ(t.read_access_data(), 0u);   // type WRITE: a read returns LO[12] ...
  EXPECT_EQ(t.port_address(), 12u);      // ... and does not move the address
  t.write_access_cfg(kLo | 10);          // type READ
  EXPECT_EQ(t.read_access_data(), 0x10u);
  EXPECT_EQ(t.read_access_data(), 0x11u);
  EXPECT_EQ(t.port_address(), 12u);
  t.write_access_data(0x99);             // type READ: a data write does nothing
  EXPECT_EQ(t.lo(12), 0);
  EXPECT_EQ(t.port_address(), 12u);
  EXPECT_EQ(t.read_access_cfg(), kLo | 12u);
  t.write_access_cfg(kLo | 256);
  EXPECT_EQ(t.read_access_data(), 0u);
  EXPECT_EQ(t.port_address(), 256u);     // reads stop at the last entry too
  t.reset();
  EXPECT_EQ(t.read_access_cfg(), 0u);
  EXPECT_EQ(t.lo(10), 0);
}

// ---- a conformance programming by hand ------------------------------------------

// nv_small cdp_1x1x1_lrn3_int8_0: C = 1, input byte 0xf6 = -10, LE[i] = i
// and LO[i] = i (written through the port), D_LRN_CFG 1 (window 5),
// S_LUT_CFG 0x71 (LE LINEAR, all priorities LO), S_LUT_INFO 0x8fe00 (LE select
// 0xfe = -2, LO select 8), LE start -14, LO start 0, DATOUT_SHIFTER 9.
//   lane 0: c = -10, square 100; lanes 1..7 beyond C: c = 0.
//   sums: lanes 0..2 see lane 0: 100; lanes 3..7: 0.
//   sum 100: LE d = 114 << 2 = 456 -> oflow; LO idx 100 >> 8 = 0, frac 100/256:
//            LO[0] + rnd(1 * 0.39) = 0 -> LO (only LO hits).
//   sum 0:   LE d = 14 << 2 = 56 -> hit (LE[56] = 56); LO 0 <= 0 -> uflow -> LE.
//   products: lane 0: 0 * -10 = 0; lanes 1,2: 0 * 0; lanes 3..7: 56 * 0 = 0.
//   output 0 everywhere (the golden CRC 0xf1e8ba9e is that of 0x800 zero bytes);
//   counters LO_HIT 3, LE_HIT 5.
TEST(CdpProcess, NvSmallCdp1x1x1Lrn3) {
  CdpRegisters r;
  r.rdma_data_format = 0;
  r.data_format = 0;
  r.lrn_cfg = 0x1;
  r.datout_shifter = 0x9;
  r.perf_enable = 0x1;
  r.lut_cfg = 0x71;
  r.lut_info = 0x8fe00;
  r.lut_le_start_low = 0xfffffff2;
  r.lut_le_start_high = 0x3f;
  r.lut_le_end_low = 0x2;
  r.lut_lo_start_low = 0x0;
  r.lut_lo_end_low = 0x10000;
  r.lut_le_slope_scale = 0x10001;
  r.lut_lo_slope_scale = 0x10001;
  const CdpConfig c = decode_cdp_config(r);
  EXPECT_FALSE(cdp_unsupported_or_illegal(c).has_value());
  CdpLutTables t;
  t.write_access_cfg(0x20000);
  for (uint32_t i = 0; i <= 64; ++i) t.write_access_data(i);
  t.write_access_cfg(0x30000);
  for (uint32_t i = 0; i <= 256; ++i) t.write_access_data(i);
  EXPECT_EQ(t.le(56), 56);
  EXPECT_EQ(t.lo(256), 256);
  PackedCube in = cube(1, 1, 1);
  in.set(0, 0, 0, -10);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  EXPECT_EQ(lanes_of(out), std::vector<int32_t>(8, 0));
  EXPECT_EQ(s.lut_lo_hit, 3u);
  EXPECT_EQ(s.lut_le_hit, 5u);
  EXPECT_EQ(s.lut_hybrid + s.lut_uflow + s.lut_oflow, 0u);
}

// ---- INT16 (nvdlav1, nv_full) ------------------------------------------------------

// INT16 on the nvdlav1 datapath, identity converters, no bypass.
CdpConfig int16_config() {
  CdpConfig c;
  c.precision = Precision::Int16;
  c.dp_precision = Precision::Int16;
  c.int16_datapath = true;
  c.lut.precision = Precision::Int16;
  c.datin_scale = 1;
  c.datout_scale = 1;
  return c;
}

PackedCube cube16(uint32_t w, uint32_t h, uint32_t c, uint32_t atom = 32) {
  CubeGeometry g;
  g.width = w;
  g.height = h;
  g.channels = c;
  g.precision = Precision::Int16;
  g.atom_bytes = atom;
  return PackedCube(g);
}

TEST(CdpInt16Decode, WideOffsetsAndLutPath) {
  CdpRegisters r;
  r.rdma_data_format = 1;
  r.data_format = 1;
  r.datin_offset = 0x0180;      // INT8 reads bits 7:0 (-128), INT16 bits 15:0 (384)
  r.datout_offset = 0xff03ca09;  // INT8 bits 24:0 (signed 25), INT16 all 32 bits
  const CdpConfig c = decode_cdp_config(r);
  EXPECT_EQ(c.precision, Precision::Int16);
  EXPECT_EQ(c.lut.precision, Precision::Int16);
  EXPECT_EQ(c.datin_offset, -128);
  EXPECT_EQ(c.datin_offset_16, 384);
  EXPECT_EQ(c.datout_offset, 0x103ca09 - (1 << 25));
  EXPECT_EQ(c.datout_offset_32, int32_t(0xff03ca09u));  // -16528887
  EXPECT_FALSE(c.int16_datapath);  // not a register: the CDP model sets it for nv_full
}

TEST(CdpInt16Decode, RefusedOnTheMasterConfigurationsAcceptedOnNvFull) {
  CdpConfig c = int16_config();
  EXPECT_FALSE(cdp_unsupported_or_illegal(c).has_value());
  c.int16_datapath = false;  // nv_small, nv_large, nv_small_256_full
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find("CDP_RDMA D_DATA_FORMAT.INPUT_DATA int16 is not modelled (the "
                                                "master RTL CDP datapath is INT8 only)"),
            std::string::npos);
  // nv_full: the converters take CDP's D_DATA_FORMAT, the layout CDP_RDMA's;
  // an INT16 cube with an INT8 datapath (or the reverse) is refused.
  c = int16_config();
  c.dp_precision = Precision::Int8;
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find(
                "CDP D_DATA_FORMAT.INPUT_DATA_TYPE int8 differs from CDP_RDMA D_DATA_FORMAT.INPUT_DATA int16"),
            std::string::npos);
  c = int16_config();
  c.precision = Precision::Int8;  // one-byte layout, INT16 datapath
  ASSERT_TRUE(cdp_unsupported_or_illegal(c).has_value());
  EXPECT_NE(cdp_unsupported_or_illegal(c)->find(
                "CDP D_DATA_FORMAT.INPUT_DATA_TYPE int16 differs from CDP_RDMA D_DATA_FORMAT.INPUT_DATA int8"),
            std::string::npos);
  // fp16 is modelled on nv_full too (test_cdp_fp16.cpp).
  c = int16_config();
  c.precision = c.dp_precision = Precision::Fp16;
  EXPECT_EQ(cdp_unsupported_or_illegal(c), std::nullopt);
  // The datapath itself refuses an INT16 cube without the nvdlav1 datapath.
  c = int16_config();
  c.int16_datapath = false;
  CdpLutTables t;
  CdpStats s;
  EXPECT_THROW(cdp_process(c, t, cube16(1, 1, 1), s), std::invalid_argument);
}

// cdp_icvt.cpp, 16-bit branch: sat_17(rnd((x - off16) * scale, shift)).
TEST(CdpInt16ConvertIn, SeventeenBitsOffsetScaleRoundingSaturation) {
  CdpConfig c = int16_config();
  EXPECT_EQ(cdp_convert_in(c, 32767), 32767);
  EXPECT_EQ(cdp_convert_in(c, -32768), -32768);
  c.datin_offset_16 = -32768;               // x + 32768: 0 .. 65535, the 17-bit range
  EXPECT_EQ(cdp_convert_in(c, 32767), 65535);
  EXPECT_EQ(cdp_convert_in(c, -32768), 0);
  c.datin_scale = 2;                        // 65535 * 2 = 131070 -> 65535
  EXPECT_EQ(cdp_convert_in(c, 32767), 65535);
  c.datin_offset_16 = 32767;                // (-32768 - 32767) * 2 = -131070 -> -65536
  EXPECT_EQ(cdp_convert_in(c, -32768), -65536);
  // The 16-bit offset: 0x0180 is 384 here (INT8 would subtract -128).
  c = int16_config();
  c.datin_offset = -128;
  c.datin_offset_16 = 384;
  EXPECT_EQ(cdp_convert_in(c, 1000), 616);
  // Ties away from zero.
  c = int16_config();
  c.datin_scale = 3;
  c.datin_shifter = 1;
  EXPECT_EQ(cdp_convert_in(c, 1), 2);       // 1.5 -> 2
  EXPECT_EQ(cdp_convert_in(c, -1), -2);     // -1.5 -> -2
  c.datin_scale = 1;
  c.datin_shifter = 2;
  EXPECT_EQ(cdp_convert_in(c, -7), -2);     // -1.75 -> -2
  EXPECT_EQ(cdp_convert_in(c, -5), -1);     // -1.25 -> -1
  // Shifts of 25 and more do not give 0 (the INT8 shifter does): the HLS
  // shifter keeps all 33 + 31 bits. -32768 * -32768 = 2^30.
  c.datin_scale = -32768;
  c.datin_shifter = 25;
  EXPECT_EQ(cdp_convert_in(c, -32768), 32);      // 2^30 / 2^25
  c.datin_shifter = 13;
  EXPECT_EQ(cdp_convert_in(c, -32768), 65535);   // 2^17 -> 17-bit saturation
  c.datin_offset_16 = 32767;
  c.datin_shifter = 31;                          // -65535 * -32768 = 2^31 - 32768: 0.99998 -> 1
  EXPECT_EQ(cdp_convert_in(c, -32768), 1);
  c.datin_offset_16 = 0;
  c.datin_scale = 1;                             // -32768 / 2^31 = -0.0000153 -> 0
  EXPECT_EQ(cdp_convert_in(c, -32768), 0);
}

// cdp_ocvt.cpp, 16-bit branch: sat_16(rnd((m - off32) * scale, shift)), and
// the saturation flag of IntShiftRightSat: |floor(p / 2^shift) - y| > 1.
TEST(CdpInt16ConvertOut, SixteenBitsAndTheSaturationFlag) {
  CdpConfig c = int16_config();
  bool sat = true;
  EXPECT_EQ(cdp_convert_out(c, 1000, &sat), 1000);
  EXPECT_FALSE(sat);
  EXPECT_EQ(cdp_convert_out(c, 32767, &sat), 32767);
  EXPECT_FALSE(sat);
  EXPECT_EQ(cdp_convert_out(c, 32768, &sat), 32767);  // clamped, but floor = y + 1: not flagged
  EXPECT_FALSE(sat);
  EXPECT_EQ(cdp_convert_out(c, 32769, &sat), 32767);  // floor = y + 2: flagged
  EXPECT_TRUE(sat);
  EXPECT_EQ(cdp_convert_out(c, -32769, &sat), -32768);  // floor = y - 1
  EXPECT_FALSE(sat);
  EXPECT_EQ(cdp_convert_out(c, -32770, &sat), -32768);  // floor = y - 2
  EXPECT_TRUE(sat);
  // The largest product, lut -32768 * c -65536 = 2^31 (33 bits), times 32767.
  c.datout_scale = 32767;
  EXPECT_EQ(cdp_convert_out(c, int64_t(1) << 31, &sat), 32767);
  EXPECT_TRUE(sat);
  // Ties away from zero; a value rounded up to the limit is not flagged:
  // 65535 / 2 = 32767.5 -> 32768 -> 32767, floor 32767 = y.
  c = int16_config();
  c.datout_shifter = 1;
  EXPECT_EQ(cdp_convert_out(c, 5, &sat), 3);
  EXPECT_EQ(cdp_convert_out(c, -5, &sat), -3);
  EXPECT_EQ(cdp_convert_out(c, 65535, &sat), 32767);
  EXPECT_FALSE(sat);
  // The 32-bit offset: -2^30 (INT8 would read bits 24:0 = 0).
  c = int16_config();
  c.datout_offset = 0;
  c.datout_offset_32 = -(1 << 30);
  c.datout_shifter = 16;
  EXPECT_EQ(cdp_convert_out(c, 0, &sat), 16384);  // 2^30 / 2^16
  EXPECT_FALSE(sat);
  // Shifts past the INT8 limit of 42: (2^31 + 2^31) * -32768 = -2^47;
  // / 2^48 = -0.5 -> -1 (floor -1 as well: not flagged); / 2^63 -> 0.
  c.datout_offset_32 = std::numeric_limits<int32_t>::min();
  c.datout_scale = -32768;
  c.datout_shifter = 48;
  EXPECT_EQ(cdp_convert_out(c, int64_t(1) << 31, &sat), -1);
  EXPECT_FALSE(sat);
  c.datout_shifter = 63;
  EXPECT_EQ(cdp_convert_out(c, int64_t(1) << 31, &sat), 0);
  // The multiplier: 33 bits, no wrap.
  c = int16_config();
  EXPECT_EQ(cdp_multiply(c, -32768, -65536), int64_t(1) << 31);
  c.mul_bypass = true;
  EXPECT_EQ(cdp_multiply(c, -32768, -65536), -32768);
}

// NV_NVDLA_CDP_DP_LUT_CTRL_unit.v int16 path: 38-bit START, INDEX_SELECT
// bits 6:0 as signed 7, inputs up to 2^37.
TEST(CdpInt16LutIndex, FullStartSevenBitSelectWideInputs) {
  CdpLutConfig l;
  l.precision = Precision::Int16;
  l.le_linear = true;
  l.le_start = (int64_t(1) << 22) + 10;  // INT8 compares bits 21:0 (= 10) only
  l.le_index_select = 0;
  l.lo_start = 0;
  l.lo_index_select = 0;
  EXPECT_TRUE(cdp_lut_index(l, 31).le_uflow);  // 31 <= 2^22 + 10
  CdpLutIndex r = cdp_lut_index(l, (int64_t(1) << 22) + 31);
  EXPECT_TRUE(r.le_hit());
  EXPECT_EQ(r.le_index, 21u);
  CdpLutConfig l8 = l;
  l8.precision = Precision::Int8;
  EXPECT_EQ(cdp_lut_index(l8, 31).le_index, 21u);  // the INT8 path, for contrast

  // INDEX_SELECT 0x20: INT8 reads bits 5:0 as -32 (d << 32: overflow), INT16
  // reads bits 6:0 as +32. x = 2^33 + 2^31 from LE start 0: idx 2,
  // frac (2^31 / 2^32) * 2^16 = 32768.
  l.le_start = 0;
  l.le_index_select = 0x20;
  r = cdp_lut_index(l, (int64_t(1) << 33) + (int64_t(1) << 31));
  EXPECT_TRUE(r.le_hit());
  EXPECT_EQ(r.le_index, 2u);
  EXPECT_EQ(r.le_fraction, 32768u);
  l8 = l;
  l8.precision = Precision::Int8;
  EXPECT_TRUE(cdp_lut_index(l8, 100).le_oflow);
  // INT16 0x7f = -1: LO idx 100 << 1; 0x40 = -64: overflow for any d >= 1;
  // bit 7 is ignored (0xff acts as 0x7f).
  l.lo_index_select = 0x7f;
  EXPECT_EQ(cdp_lut_index(l, 100).lo_index, 200u);
  EXPECT_EQ(cdp_lut_index(l, 100).lo_fraction, 0u);
  EXPECT_TRUE(cdp_lut_index(l, 128).lo_oflow);  // 256
  l.lo_index_select = int8_t(0xff);
  EXPECT_EQ(cdp_lut_index(l, 100).lo_index, 200u);
  l.lo_index_select = 0x40;
  EXPECT_TRUE(cdp_lut_index(l, 1).lo_oflow);
  EXPECT_EQ(cdp_lut_index(l, 1).lo_index, 256u);
  // LO select 63: idx = d >> 63 = 0, frac = d * 2^16 / 2^63 = 2^36 * 2^16 / 2^63 = 0.
  l.lo_index_select = 63;
  EXPECT_EQ(cdp_lut_index(l, int64_t(1) << 36).lo_index, 0u);
  EXPECT_TRUE(cdp_lut_index(l, int64_t(1) << 36).lo_hit());

  // EXPONENT up to k = 37.
  l.le_linear = false;
  l.le_start = 0;
  l.le_index_offset = 0;
  r = cdp_lut_index(l, (int64_t(1) << 36) + (int64_t(1) << 35));  // k = 36, frac 0.5
  EXPECT_EQ(r.le_index, 36u);
  EXPECT_EQ(r.le_fraction, 32768u);
  l.le_index_offset = 30;
  EXPECT_EQ(cdp_lut_index(l, int64_t(1) << 36).le_index, 6u);
  EXPECT_TRUE(cdp_lut_index(l, (int64_t(1) << 29) + 5).le_uflow);  // k = 29 < 30
  l.le_index_offset = -30;
  EXPECT_TRUE(cdp_lut_index(l, int64_t(1) << 34).le_oflow);  // 34 + 30 = 64
  EXPECT_TRUE(cdp_lut_index(l, (int64_t(1) << 34) - 1).le_hit());  // 33 + 30 = 63
  // A START below -2^21: x = 0 lies 2^30 above -2^30 (INT8 reads START[21:0]
  // = 0 and underflows).
  l.le_index_offset = 0;
  l.le_start = -(int64_t(1) << 30);
  r = cdp_lut_index(l, 0);
  EXPECT_TRUE(r.le_hit());
  EXPECT_EQ(r.le_index, 30u);
  EXPECT_EQ(r.le_fraction, 0u);
  l8 = l;
  l8.precision = Precision::Int8;
  EXPECT_TRUE(cdp_lut_index(l8, 0).le_uflow);
}

// 1x1x4 INT16 in 32-byte atoms (16 lanes), window 3, identity input
// converter, multiplier on, DATOUT_SHIFTER 6. LE EXPONENT from 0 (offset 0)
// hits every sum >= 1, LO LINEAR from 0 with INDEX_SELECT 24 hits every sum
// below 2^32: both hit, HYBRID_PRIORITY LO decides; a sum of 0 underflows
// both, UFLOW_PRIORITY LO: LO[0] + 0. LO[i] = 1000 - 10 i. Lanes 4..15 hold
// 5000 in memory but enter as 0.
//   c        1000     -2000      3000      30000  | 0 (lanes 4..15)
//   squares  1e6      4e6        9e6       9e8
//   sums     5e6      14e6       913e6     909e6  | lane 4: 9e8, lanes 5..15: 0
// LO index = s >> 24, frac = (s mod 2^24) / 2^8 (floor):
//   lane 0: idx 0,  frac 19531 (5e6 / 256 = 19531.25)
//           1000 + rnd(-10 * 19531 / 65536 = -2.98) = 997;   m = 997000
//           997000 / 64 = 15578.125 -> 15578
//   lane 1: idx 0,  frac 54687 (54687.5): 1000 + rnd(-8.34) = 992
//           m = -1984000 -> / 64 = -31000
//   lane 2: 913e6 - 54 * 2^24 = 7030336: idx 54, frac 27462 (27462.25)
//           LO[54] = 460, LO[55] = 450: 460 + rnd(-4.19) = 456
//           m = 1368000 -> 21375
//   lane 3: 909e6 - 54 * 2^24 = 3030336: idx 54, frac 11837 (11837.25)
//           460 + rnd(-1.81) = 458; m = 13740000 -> 214687.5 -> 32767
//           (saturated, floor 214687: flagged)
//   lane 4: 9e8 - 53 * 2^24 = 10807552: idx 53, frac 42217; 470 + rnd(-6.44)
//           = 464; m = 464 * 0 = 0 -> 0
//   lanes 5..15: LO[0] = 1000, m = 0 -> 0.
// Counters: HYBRID 5, UFLOW 11, D_OUT_SATURATION 1. Sums from 2^22 up are
// beyond anything INT8 produces.
TEST(CdpInt16Process, LrnWindow3WithMultiplierAndSaturation) {
  CdpConfig c = int16_config();
  CdpLutTables t;
  c.datout_shifter = 6;
  c.lut.le_linear = false;
  c.lut.le_start = 0;
  c.lut.le_index_offset = 0;
  c.lut.lo_start = 0;
  c.lut.lo_index_select = 24;
  c.lut.hybrid_priority_lo = true;
  c.lut.uflow_priority_lo = true;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(1000 - 10 * int(i)));
  PackedCube in = cube16(1, 1, 4);
  const int32_t x[4] = {1000, -2000, 3000, 30000};
  for (uint32_t ch = 0; ch < 16; ++ch) in.set(0, 0, ch, ch < 4 ? x[ch] : 5000);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  std::vector<int32_t> want(16, 0);
  want[0] = 15578;
  want[1] = -31000;
  want[2] = 21375;
  want[3] = 32767;
  EXPECT_EQ(lanes_of(out), want);
  EXPECT_EQ(s.lut_hybrid, 5u);
  EXPECT_EQ(s.lut_uflow, 11u);
  EXPECT_EQ(s.lut_le_hit + s.lut_lo_hit + s.lut_oflow, 0u);
  EXPECT_EQ(s.out_saturation, 1u);
}

// Window 9 over the largest squares: x = -32768 with DATIN_SCALE 2 gives
// c = -65536, |c| = 2^16, square 2^32 (33 bits). Lane k of one
// 16-lane surface sees min(k+4, 15) - max(k-4, 0) + 1 lanes:
//   5 6 7 8 9 9 9 9 9 9 9 9 8 7 6 5   x 2^32 (9 * 2^32 < 2^37)
// SQSUM on, MUL_BYPASS, LO LINEAR from 0 with INDEX_SELECT 32: idx = n
// lanes, frac 0; LO[i] = 100 i -> 100 n (the output: no saturation).
TEST(CdpInt16Process, Window9LargestSquares) {
  CdpConfig c = int16_config();
  CdpLutTables t;
  c.normalz_len = 3;
  c.mul_bypass = true;
  c.datin_scale = 2;
  c.lut.le_linear = true;
  c.lut.le_start = 0;
  c.lut.le_index_select = 0;   // LE overflows for these sums: LO decides
  c.lut.lo_start = 0;
  c.lut.lo_index_select = 32;
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) t.set_lo(i, int16_t(100 * i));
  PackedCube in = cube16(1, 1, 16);
  for (uint32_t ch = 0; ch < 16; ++ch) in.set(0, 0, ch, -32768);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  EXPECT_EQ(lanes_of(out), (std::vector<int32_t>{500, 600, 700, 800, 900, 900, 900, 900, 900, 900, 900, 900, 800,
                                                 700, 600, 500}));
  EXPECT_EQ(s.lut_lo_hit, 16u);
  EXPECT_EQ(s.out_saturation, 0u);
}

// SQSUM_BYPASS: the LUT input is the signed 17-bit converted value; LE
// LINEAR from -70000 (beyond 17 bits: |START| > 2^16) with INDEX_SELECT 10:
// idx = (c + 70000) >> 10. LE[i] = 1000 i, MUL_BYPASS.
//   c = -65536 (x -32768, scale 2): d = 4464 -> idx 4, frac (368 / 1024) *
//       2^16 = 23552: 4000 + rnd(1000 * 23552 / 65536 = 359.375) = 4359
//   c = 65534 (x 32767, scale 2): d = 135534 -> idx 132: LE oflow; LO
//       (start 2^30) underflows: hybrid, LE decides: LE[64] + 0 * slope
//       = 32767 (LE[i] = min(1000 i, 32767))
//   c = 0 (lane 2 and the lanes beyond C): d = 70000 -> idx 68: the same.
TEST(CdpInt16Process, SqsumBypassSignedWideInput) {
  CdpConfig c = int16_config();
  CdpLutTables t;
  c.sqsum_bypass = true;
  c.mul_bypass = true;
  c.datin_scale = 2;
  c.lut.le_linear = true;
  c.lut.le_start = -70000;
  c.lut.le_index_select = 10;
  c.lut.lo_start = int64_t(1) << 30;
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) t.set_le(i, int16_t(std::min<int>(32767, 1000 * int(i))));
  PackedCube in = cube16(1, 1, 3);
  in.set(0, 0, 0, -32768);
  in.set(0, 0, 1, 32767);
  in.set(0, 0, 2, 0);
  CdpStats s;
  const PackedCube out = cdp_process(c, t, in, s);
  const std::vector<int32_t> got = lanes_of(out);
  EXPECT_EQ(got[0], 4359);
  EXPECT_EQ(got[1], t.le(64));  // LE[64] itself (clamped when written: 32767)
  EXPECT_EQ(got[2], t.le(64));
  EXPECT_EQ(s.lut_le_hit, 1u);
  EXPECT_EQ(s.lut_hybrid, 15u);  // lanes 1..15: LE oflow, LO uflow
}


// ---- INT8 on nvdlav1 (nv_full) against master ------------------------------------

// INT8 on the nvdlav1 datapath (nv_full), identity converters, no bypass.
CdpConfig nv_full_int8_config() {
  CdpConfig c = int8_config();
  c.int16_datapath = true;
  return c;
}

// Suspected difference 2 does not exist: nvdlav1's INT8 input shifter
// (IntShiftRight<25,5,9>) has no "shift >= 25 gives 0" rule, but the largest
// product is |(-128 - 127) * -32768| = 8355840 < 2^23, so every shift >= 24
// rounds to 0 on both designs, and shifts below 25 round alike.
TEST(CdpNvFullInt8ConvertIn, ShiftsBeyondTheProductAgreeWithMaster) {
  CdpConfig master = int8_config();
  CdpConfig v1 = nv_full_int8_config();
  for (CdpConfig* c : {&master, &v1}) {
    c->datin_offset = 127;
    c->datin_scale = -32768;
  }
  // (-128 - 127) * -32768 = 8355840 = 2^23 - 32768.
  const std::pair<uint8_t, int32_t> cases[] = {
      {23, 1},  // 8355840 / 2^23 = 0.996 -> 1
      {24, 0},  // 0.498 -> 0
      {25, 0},  // 0.249 -> 0 (master: shift >= 25 gives 0 outright)
      {31, 0},  // 0.0039 -> 0
  };
  for (const auto& [shift, expected] : cases) {
    master.datin_shifter = v1.datin_shifter = shift;
    EXPECT_EQ(cdp_convert_in(master, -128), expected) << "shift " << int(shift);
    EXPECT_EQ(cdp_convert_in(v1, -128), expected) << "shift " << int(shift);
  }
  // The most negative product, (127 + 128) * -32768 = -8355840.
  master.datin_offset = v1.datin_offset = -128;
  master.datin_shifter = v1.datin_shifter = 24;  // -8355840 / 2^24 = -0.498 -> 0
  EXPECT_EQ(cdp_convert_in(master, 127), 0);
  EXPECT_EQ(cdp_convert_in(v1, 127), 0);
}

// Difference 1: nvdlav1's INT8 output converter (IntShiftRightSat<42,6,8>)
// flags a result whose truncated shift floor(p / 2^shift) is more than 1
// away from the saturated, rounded y; the value is master's.
TEST(CdpNvFullInt8ConvertOut, SaturationFlag) {
  CdpConfig master = int8_config();
  CdpConfig v1 = nv_full_int8_config();
  struct Case {
    int64_t m;
    uint8_t shift;
    int32_t y;
    bool flag;
  };
  const Case cases[] = {
      {100, 0, 100, false},   // in range
      {128, 0, 127, false},   // floor 128, y 127: 1 away, not flagged
      {129, 0, 127, true},    // floor 129: 2 away
      {-129, 0, -128, false}, // floor -129, y -128
      {-130, 0, -128, true},  // floor -130
      {255, 1, 127, false},   // 127.5 -> 128 -> 127; floor 127
      {258, 1, 127, true},    // 129 -> 127; floor 129
      {-257, 1, -128, false}, // -128.5 -> -129 -> -128; floor -129
      {-260, 1, -128, true},  // -130 -> -128; floor -130
  };
  for (const Case& k : cases) {
    master.datout_shifter = v1.datout_shifter = k.shift;
    bool flag_master = true, flag_v1 = !k.flag;
    EXPECT_EQ(cdp_convert_out(master, k.m, &flag_master), k.y) << k.m;
    EXPECT_EQ(cdp_convert_out(v1, k.m, &flag_v1), k.y) << k.m;
    EXPECT_FALSE(flag_master) << k.m << ": master's INT8 converter has no flag";
    EXPECT_EQ(flag_v1, k.flag) << k.m;
  }
}

// Difference 3: the even lanes (the lsb path of nvdlav1's
// NV_NVDLA_CDP_DP_LUT_CTRL_unit.v) compare x with the full 38-bit START;
// master (and nvdlav1's odd lanes) with START[21:0].
TEST(CdpNvFullInt8LutIndex, EvenLanesCompareTheFull38BitStart) {
  CdpLutConfig odd;  // master's path
  odd.le_linear = true;
  odd.le_start = int64_t(1) << 22;  // START[21:0] = 0
  odd.lo_start = int64_t(1) << 22;
  CdpLutConfig even = odd;
  even.int8_full_start = true;
  // x = 8: master st = 0, d = 8, LE idx 8 and LO idx 8 hit;
  // even lane: 8 <= 2^22, both tables underflow.
  CdpLutIndex r = cdp_lut_index(odd, 8);
  EXPECT_TRUE(r.le_hit() && r.lo_hit());
  EXPECT_EQ(r.le_index, 8u);
  r = cdp_lut_index(even, 8);
  EXPECT_TRUE(r.le_uflow && r.lo_uflow);

  // The RTL asserts that an even lane's difference stays below 2^22; past
  // that (START below -2^21) the logic computes the following.
  // EXPONENT, START = -2^22 (START[21:0] = 0), x = 5: master d = 5, k = 2,
  // idx 2, frac (1 << 16) >> 2 = 16384; even d = 2^22 + 5, k = 22, idx 22,
  // frac (5 << 16) >> 22 = 0.
  odd.le_linear = even.le_linear = false;
  odd.le_start = even.le_start = -(int64_t(1) << 22);
  r = cdp_lut_index(odd, 5);
  EXPECT_EQ(r.le_index, 2u);
  EXPECT_EQ(r.le_fraction, 16384u);
  r = cdp_lut_index(even, 5);
  EXPECT_EQ(r.le_index, 22u);
  EXPECT_EQ(r.le_fraction, 0u);
  // LE LINEAR, same START, INDEX_SELECT 0: master idx 5; even
  // (2^22 + 5) mod 2^23 = 4194309: overflow.
  odd.le_linear = even.le_linear = true;
  EXPECT_EQ(cdp_lut_index(odd, 5).le_index, 5u);
  EXPECT_TRUE(cdp_lut_index(even, 5).le_oflow);
  // LO, START = -2^22: the even lane's difference is cut to 22 bits,
  // (2^22 + 5) mod 2^22 = 5, the same idx 5 as master.
  odd.lo_start = even.lo_start = -(int64_t(1) << 22);
  EXPECT_EQ(cdp_lut_index(odd, 5).lo_index, 5u);
  EXPECT_EQ(cdp_lut_index(even, 5).lo_index, 5u);
  EXPECT_TRUE(cdp_lut_index(even, 5).lo_hit());
  // LE LINEAR, START = -2^23, x = 0: master st = 0, 0 <= 0 underflows; even
  // d = 2^23, cut to 23 bits 0: a hit at idx 0, frac 0 (INDEX_SELECT -1
  // too: 0 << 1 = 0).
  odd.le_start = even.le_start = -(int64_t(1) << 23);
  EXPECT_TRUE(cdp_lut_index(odd, 0).le_uflow);
  r = cdp_lut_index(even, 0);
  EXPECT_TRUE(r.le_hit());
  EXPECT_EQ(r.le_index, 0u);
  EXPECT_EQ(r.le_fraction, 0u);
  even.le_index_select = int8_t(0x3f);  // -1
  EXPECT_EQ(cdp_lut_index(even, 0).le_index, 0u);
  EXPECT_TRUE(cdp_lut_index(even, 0).le_hit());
}

// Differences 1 and 3 in a whole layer. 1x1x4 INT8 cube, 8-lane atom (lanes
// 4..7 enter as 0), identity input converter, window 3, multiplier on,
// DATOUT_SHIFTER 2. LE LINEAR from START 2^22 (START[21:0] = 0) with
// INDEX_SELECT 2 and LE[i] = 100 + 4 i; LO from 2^22 with INDEX_SELECT 0
// (LO all 0); every priority LE; slopes 0.
//   c              2     2    10   -10 |  0    0  0  0
//   sums           8   108   204   200 | 100   0  0  0
// Master (START[21:0] = 0): sums >= 1 hit both tables (hybrid, LE):
//   LE idx s >> 2, frac 0 (each s is a multiple of 4), lut = 100 + s;
//   s = 0 underflows both: LE[0] + (0 - 2^22) * 0 = 100.
//   lut          108   208   304   300   200 100 100 100
//   m = lut * c  216   416  3040 -3000     0   0   0   0
//   / 4           54   104   760  -750     0 ...
//   out           54   104   127  -128     0 ...
// nv_full: the even lanes 0, 2, 4, 6 compare with the full START 2^22 and
// underflow both tables: lut = LE[0] = 100:
//   m            200   416  1000 -3000     0 ...
//   out           50   104   127  -128     0 ...   (250 -> 127)
// Counters: master HYBRID 5 (lanes 0..4), UFLOW 3; nv_full HYBRID 2 (lanes
// 1, 3), UFLOW 6. Saturation flags (nv_full only): lane 2 (floor 250 vs
// 127) and lane 3 (floor -750 vs -128): 2.
TEST(CdpNvFullInt8Process, EvenLanesUnderflowAndSaturationsCount) {
  CdpLutTables t;
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) t.set_le(i, int16_t(100 + 4 * i));
  PackedCube in = cube(1, 1, 4);
  const int32_t x[] = {2, 2, 10, -10};
  for (uint32_t ch = 0; ch < 4; ++ch) in.set(0, 0, ch, x[ch]);
  auto run = [&](bool nv_full, CdpStats& s) {
    CdpConfig c = nv_full ? nv_full_int8_config() : int8_config();
    c.datout_shifter = 2;
    c.lut.le_linear = true;
    c.lut.le_start = int64_t(1) << 22;
    c.lut.le_end = int64_t(1) << 23;
    c.lut.le_index_select = 2;
    c.lut.lo_start = int64_t(1) << 22;
    c.lut.lo_end = int64_t(1) << 23;
    return lanes_of(cdp_process(c, t, in, s));
  };
  CdpStats master_stats, v1_stats;
  EXPECT_EQ(run(false, master_stats), (std::vector<int32_t>{54, 104, 127, -128, 0, 0, 0, 0}));
  EXPECT_EQ(run(true, v1_stats), (std::vector<int32_t>{50, 104, 127, -128, 0, 0, 0, 0}));
  EXPECT_EQ(master_stats.lut_hybrid, 5u);
  EXPECT_EQ(master_stats.lut_uflow, 3u);
  EXPECT_EQ(master_stats.out_saturation, 0u);
  EXPECT_EQ(v1_stats.lut_hybrid, 2u);
  EXPECT_EQ(v1_stats.lut_uflow, 6u);
  EXPECT_EQ(v1_stats.out_saturation, 2u);
  EXPECT_EQ(v1_stats.lut_oflow + v1_stats.lut_le_hit + v1_stats.lut_lo_hit, 0u);
}

// ---- the cube loop against the rule functions ------------------------------

// cdp_process caches LUT results per x and runs the stages as passes over
// the lanes of a pixel; here the same layer element by element through the
// public stage functions, as the rules in cdp_lrn.h read.
PackedCube process_by_rules(const CdpConfig& config, const CdpLutTables& t, const PackedCube& in, CdpStats& stats) {
  const CubeGeometry& g = in.geometry;
  CdpConfig c = config;
  c.precision = g.precision;
  c.lut.precision = g.precision;
  const uint32_t lanes = g.surfaces() * g.elements_per_atom();
  const int r = int(c.normalz_len) + 1;
  PackedCube out(g);
  for (uint32_t h = 0; h < g.height; ++h) {
    for (uint32_t w = 0; w < g.width; ++w) {
      std::vector<int64_t> converted(lanes, 0);
      for (uint32_t ch = 0; ch < g.channels; ++ch) converted[ch] = cdp_convert_in(c, in.at(w, h, ch));
      for (uint32_t ch = 0; ch < lanes; ++ch) {
        int64_t x = converted[ch];
        if (!c.sqsum_bypass) {
          x = 0;
          for (int k = -r; k <= r; ++k) {
            const int64_t n = int64_t(ch) + k;
            if (n >= 0 && n < int64_t(lanes)) x += converted[size_t(n)] * converted[size_t(n)];
          }
        }
        CdpLutConfig lut = c.lut;
        lut.int8_full_start = g.precision == Precision::Int8 && c.int16_datapath && ch % 2 == 0;
        const int32_t l = cdp_lut_lookup(lut, t, x, stats);
        bool saturated = false;
        out.set(w, h, ch, cdp_convert_out(c, cdp_multiply(c, l, int32_t(converted[ch])), &saturated));
        if (saturated && stats.out_saturation != std::numeric_limits<uint32_t>::max()) ++stats.out_saturation;
      }
    }
  }
  return out;
}

// A small deterministic generator (the test must not depend on the
// standard library's distributions, which differ between implementations).
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    state_ = state_ * 6364136223846793005u + 1442695040888963407u;
    return state_ >> 11;
  }
  int64_t range(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo + 1)); }
  bool chance(unsigned percent) { return next() % 100 < percent; }

 private:
  uint64_t state_;
};

// Random programming of every field the datapath reads, with LUT windows
// placed where the layer's LUT inputs fall (so that hits, underflows and
// overflows of both tables, and all five counters, occur), sometimes START
// values past 22 bits (nvdlav1's even INT8 lanes), counters that start near
// their saturation, and cubes from one pixel to a few thousand elements.
struct RandomLayer {
  CdpConfig config;
  CdpLutTables tables;
  PackedCube input;
  CdpStats stats;
};

RandomLayer random_layer(Random& rnd, Precision precision, bool nv_full) {
  RandomLayer layer;
  CdpConfig& c = layer.config;
  const bool int16 = precision == Precision::Int16;
  c.precision = c.dp_precision = precision;
  c.int16_datapath = nv_full;
  c.datin_offset = int8_t(rnd.range(-128, 127));
  c.datin_offset_16 = int16_t(rnd.range(-32768, 32767));
  c.datin_scale = int16_t(rnd.chance(30) ? rnd.range(-4, 4) : rnd.range(-32768, 32767));
  c.datin_shifter = uint8_t(rnd.chance(10) ? rnd.range(0, 31) : rnd.range(0, int16 ? 16 : 8));
  c.normalz_len = uint8_t(rnd.range(0, 3));
  c.sqsum_bypass = rnd.chance(25);
  c.mul_bypass = rnd.chance(25);
  c.datout_offset = int32_t(rnd.range(-(1 << 24), (1 << 24) - 1)) >> unsigned(rnd.range(0, 24));
  c.datout_offset_32 = int32_t(rnd.range(INT32_MIN, INT32_MAX)) >> unsigned(rnd.range(0, 31));
  c.datout_scale = int16_t(rnd.chance(30) ? rnd.range(-4, 4) : rnd.range(-32768, 32767));
  c.datout_shifter = uint8_t(rnd.chance(10) ? rnd.range(0, 63) : rnd.range(0, 30));

  // LUT inputs: square sums up to about 9 * 2^16 (INT8) / 9 * 2^32 (INT16),
  // or with SQSUM_BYPASS the signed converted input.
  const int64_t reach = c.sqsum_bypass ? (int16 ? int64_t(1) << 16 : 256) : (int16 ? int64_t(1) << 34 : 1 << 19);
  const int64_t scale = int64_t(1) << unsigned(rnd.range(0, 20));
  CdpLutConfig& l = c.lut;
  l.le_linear = rnd.chance(50);
  l.uflow_priority_lo = rnd.chance(50);
  l.oflow_priority_lo = rnd.chance(50);
  l.hybrid_priority_lo = rnd.chance(50);
  l.le_index_offset = int8_t(rnd.range(-8, 24));
  l.le_index_select = int8_t(rnd.range(-70, 70));
  l.lo_index_select = int8_t(rnd.range(-70, 70));
  auto start = [&] {
    if (rnd.chance(10)) return rnd.range(-(int64_t(1) << 37), (int64_t(1) << 37) - 1);  // past 22 bits
    return std::min(rnd.range(-reach, reach) / scale, reach);
  };
  l.le_start = start();
  l.lo_start = start();
  l.le_end = l.le_start + rnd.range(0, reach);
  l.lo_end = l.lo_start + rnd.range(0, reach);
  l.le_uflow_scale = int16_t(rnd.range(-32768, 32767));
  l.le_oflow_scale = int16_t(rnd.range(-32768, 32767));
  l.lo_uflow_scale = int16_t(rnd.range(-32768, 32767));
  l.lo_oflow_scale = int16_t(rnd.range(-32768, 32767));
  l.le_uflow_shift = int8_t(rnd.range(-16, 15));
  l.le_oflow_shift = int8_t(rnd.range(-16, 15));
  l.lo_uflow_shift = int8_t(rnd.range(-16, 15));
  l.lo_oflow_shift = int8_t(rnd.range(-16, 15));
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) layer.tables.set_le(i, int16_t(rnd.range(-32768, 32767)));
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) layer.tables.set_lo(i, int16_t(rnd.range(-32768, 32767)));

  CubeGeometry g;
  // Now and then a layer large enough for cdp_process to memoise into a
  // table over the whole x range rather than a cache.
  const bool large = rnd.chance(5);
  g.width = uint32_t(large ? 64 : rnd.range(1, 5));
  g.height = uint32_t(large ? 8 : rnd.range(1, 4));
  g.channels = uint32_t(rnd.range(1, 70));
  g.precision = precision;
  g.atom_bytes = rnd.chance(50) ? 8 : 32;
  layer.input = PackedCube(g);
  for (auto& b : layer.input.bytes) b = uint8_t(rnd.next());

  if (rnd.chance(20)) {
    const uint32_t near_max = std::numeric_limits<uint32_t>::max() - uint32_t(rnd.range(0, 40));
    layer.stats = CdpStats{near_max, near_max, near_max, near_max, near_max, near_max};
  }
  return layer;
}

void expect_same_as_rules(Precision precision, bool nv_full, uint64_t seed) {
  Random rnd(seed);
  CdpStats coverage;  // which outcomes the random layers produced
  for (int i = 0; i < 400; ++i) {
    RandomLayer layer = random_layer(rnd, precision, nv_full);
    CdpStats fast = layer.stats;
    CdpStats rules = layer.stats;
    const PackedCube out = cdp_process(layer.config, layer.tables, layer.input, fast);
    const PackedCube expected = process_by_rules(layer.config, layer.tables, layer.input, rules);
    SCOPED_TRACE("layer " + std::to_string(i));
    ASSERT_EQ(out.bytes, expected.bytes);
    ASSERT_EQ(fast.lut_uflow, rules.lut_uflow);
    ASSERT_EQ(fast.lut_oflow, rules.lut_oflow);
    ASSERT_EQ(fast.lut_hybrid, rules.lut_hybrid);
    ASSERT_EQ(fast.lut_le_hit, rules.lut_le_hit);
    ASSERT_EQ(fast.lut_lo_hit, rules.lut_lo_hit);
    ASSERT_EQ(fast.out_saturation, rules.out_saturation);
    if (layer.stats.lut_uflow == 0) {  // counted from 0, not near saturation
      coverage.lut_uflow += rules.lut_uflow;
      coverage.lut_oflow += rules.lut_oflow;
      coverage.lut_hybrid += rules.lut_hybrid;
      coverage.lut_le_hit += rules.lut_le_hit;
      coverage.lut_lo_hit += rules.lut_lo_hit;
      coverage.out_saturation += rules.out_saturation;
    }
  }
  EXPECT_GT(coverage.lut_uflow, 0u);
  EXPECT_GT(coverage.lut_oflow, 0u);
  EXPECT_GT(coverage.lut_hybrid, 0u);
  EXPECT_GT(coverage.lut_le_hit, 0u);
  EXPECT_GT(coverage.lut_lo_hit, 0u);
  if (nv_full) {
    EXPECT_GT(coverage.out_saturation, 0u);
  }
}

TEST(CdpProcessFastPath, MasterInt8MatchesTheRules) { expect_same_as_rules(Precision::Int8, false, 1); }
TEST(CdpProcessFastPath, NvFullInt8EvenAndOddLanesMatchTheRules) { expect_same_as_rules(Precision::Int8, true, 2); }
TEST(CdpProcessFastPath, NvFullInt16MatchesTheRules) { expect_same_as_rules(Precision::Int16, true, 3); }

}  // namespace
}  // namespace acosim::nvdla

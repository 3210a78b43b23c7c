// The SDP EW (Y) stage and its LUT against hand computations: the LUT
// register port, index computation (linear and exponent tables, positive,
// negative and large index selects), LE/LO selection with each priority,
// interpolation and rounding, underflow/overflow slopes, the perf counters,
// the operand converter, MUL (truncation, PReLU), ALU (each algorithm, EQL),
// and the nv_large sdp_13x4x29_ew_lut_int8 programming (whose check_crc the
// outputs reproduce).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "systemc/nvdla/sdp_datapath.h"
#include "systemc/nvdla/sdp_ew.h"
#include "systemc/nvdla/sdp_lut.h"

namespace acosim::nvdla {
namespace {

constexpr int32_t kMax32 = std::numeric_limits<int32_t>::max();
constexpr int32_t kMin32 = std::numeric_limits<int32_t>::min();

// ---- table port ---------------------------------------------------------------

constexpr uint32_t kWrite = 1u << 17;  // S_LUT_ACCESS_CFG.LUT_ACCESS_TYPE = WRITE
constexpr uint32_t kLo = 1u << 16;     // S_LUT_ACCESS_CFG.LUT_TABLE_ID = LO

TEST(SdpLutPort, WriteAutoIncrementsThenReadsBack) {
  SdpLutTables t;
  t.write_access_cfg(kWrite | 0);
  t.write_access_data(10);
  t.write_access_data(20);
  t.write_access_data(30);
  EXPECT_EQ(t.le(0), 10);
  EXPECT_EQ(t.le(1), 20);
  EXPECT_EQ(t.le(2), 30);
  EXPECT_EQ(t.port_address(), 3u);
  // The CFG register reads back as written, not the moving address.
  EXPECT_EQ(t.access_cfg(), kWrite);

  t.write_access_cfg(1);  // READ, LE, address 1
  EXPECT_EQ(t.read_access_data(), 20u);
  EXPECT_EQ(t.read_access_data(), 30u);
  EXPECT_EQ(t.port_address(), 3u);
  EXPECT_EQ(t.access_cfg(), 1u);
}

TEST(SdpLutPort, LoTableIsSeparate) {
  SdpLutTables t;
  t.write_access_cfg(kWrite | kLo | 5);
  t.write_access_data(0xFFFF);  // -1
  t.write_access_data(7);
  EXPECT_EQ(t.lo(5), -1);
  EXPECT_EQ(t.lo(6), 7);
  EXPECT_EQ(t.le(5), 0);
  t.write_access_cfg(kLo | 5);
  EXPECT_EQ(t.read_access_data(), 0xFFFFu);  // 16 bits, upper half 0
}

TEST(SdpLutPort, DataWriteWithReadTypeStoresNothingButAdvances) {
  SdpLutTables t;
  t.write_access_cfg(2);  // READ type, LE, address 2
  t.write_access_data(99);
  EXPECT_EQ(t.le(2), 0);
  EXPECT_EQ(t.port_address(), 3u);
}

TEST(SdpLutPort, DataReadWithWriteTypeStillReadsAndAdvances) {
  SdpLutTables t;
  t.set_le(4, 44);
  t.write_access_cfg(kWrite | 4);
  EXPECT_EQ(t.read_access_data(), 44u);
  EXPECT_EQ(t.port_address(), 5u);
  t.write_access_data(55);  // stored at 5
  EXPECT_EQ(t.le(5), 55);
}

TEST(SdpLutPort, OnlyLowSixteenBitsAreStored) {
  SdpLutTables t;
  t.write_access_cfg(kWrite | 0);
  t.write_access_data(0xABCD1234u);
  EXPECT_EQ(t.le(0), 0x1234);
}

TEST(SdpLutPort, OutOfRangeAddressesAreIgnoredAndReadZero) {
  SdpLutTables t;
  t.write_access_cfg(kWrite | 64);  // last LE entry
  t.write_access_data(0x777);       // stored
  t.write_access_data(0x888);       // address 65: outside LE, dropped
  EXPECT_EQ(t.le(64), 0x777);
  EXPECT_EQ(t.port_address(), 66u);
  t.write_access_cfg(65);
  EXPECT_EQ(t.read_access_data(), 0u);
  // LO has 257 entries: 256 is inside, 257 is not.
  t.write_access_cfg(kWrite | kLo | 256);
  t.write_access_data(0x256);
  t.write_access_data(0x257);
  EXPECT_EQ(t.lo(256), 0x256);
  t.write_access_cfg(kLo | 257);
  EXPECT_EQ(t.read_access_data(), 0u);
}

TEST(SdpLutPort, AddressWrapsAtTenBits) {
  SdpLutTables t;
  t.write_access_cfg(kWrite | 1023);
  t.write_access_data(1);  // out of range, dropped
  EXPECT_EQ(t.port_address(), 0u);
  t.write_access_data(2);  // address 0
  EXPECT_EQ(t.le(0), 2);
}

TEST(SdpLutPort, ResetClearsTablesAndPort) {
  SdpLutTables t;
  t.write_access_cfg(kWrite | 3);
  t.write_access_data(9);
  t.reset();
  EXPECT_EQ(t.le(3), 0);
  EXPECT_EQ(t.access_cfg(), 0u);
  EXPECT_EQ(t.port_address(), 0u);
}

// ---- configuration decode -----------------------------------------------------

TEST(SdpLutConfigDecode, SignedFieldsOfTheNvLargeTrace) {
  const SdpLutConfig c =
      decode_lut_config(0x40, 0x1048c5, 0xa2835f5d, 0xa2835f7d, 0xd3266a5d, 0xd4266a5d,
                        0x9e135ab8, 0x1bf, 0x920a1162, 0x0);
  EXPECT_FALSE(c.le_linear);  // LUT_LE_FUNCTION 0 = EXPONENT
  EXPECT_FALSE(c.uflow_priority_lo);
  EXPECT_FALSE(c.oflow_priority_lo);
  EXPECT_TRUE(c.hybrid_priority_lo);      // bit 6
  EXPECT_EQ(c.le_index_offset, -59);      // 0xc5
  EXPECT_EQ(c.le_index_select, 72);       // 0x48
  EXPECT_EQ(c.lo_index_select, 16);       // 0x10
  EXPECT_EQ(c.le_start, -1568448675);     // 0xa2835f5d
  EXPECT_EQ(c.le_end, -1568448643);       // 0xa2835f7d
  EXPECT_EQ(c.lo_end - c.lo_start, 1 << 24);
  EXPECT_EQ(c.le_uflow_scale, 0x5ab8);    // 23224
  EXPECT_EQ(c.le_oflow_scale, -25069);    // 0x9e13
  EXPECT_EQ(c.le_uflow_shift, -1);        // 0x1f as signed 5 bits
  EXPECT_EQ(c.le_oflow_shift, 13);        // (0x1bf >> 5) & 0x1f = 0x0d
  EXPECT_EQ(c.lo_uflow_scale, 0x1162);
  EXPECT_EQ(c.lo_oflow_scale, int16_t(0x920a));
  EXPECT_EQ(c.lo_uflow_shift, 0);
  EXPECT_EQ(c.lo_oflow_shift, 0);
}

// ---- index and interpolation --------------------------------------------------

// LE linear, start 0; LO far above so that it underflows (x <= lo_start).
SdpLutConfig le_linear(int32_t start, int8_t select) {
  SdpLutConfig c;
  c.le_linear = true;
  c.le_start = start;
  c.le_index_select = select;
  c.lo_start = 1000000;
  return c;
}

TEST(SdpLutIndex, LinearShiftAndFraction) {
  // select 2: index = (x - 0) >> 2; x = 9 -> index 2, remainder 1 -> 1/4 = 2^33 / 2^35.
  const SdpLutIndex i = sdp_lut_index(le_linear(0, 2), 9);
  EXPECT_FALSE(i.le_uflow);
  EXPECT_FALSE(i.le_oflow);
  EXPECT_EQ(i.le_index, 2u);
  EXPECT_EQ(i.le_fraction, uint64_t(1) << 33);
  EXPECT_TRUE(i.lo_uflow);
  EXPECT_FALSE(i.select_lo);  // the only table that hits
  EXPECT_EQ(i.index, 2u);
}

TEST(SdpLutLookup, LinearInterpolation) {
  SdpLutTables t;
  t.set_le(2, 100);
  t.set_le(3, 200);
  SdpLutStats s;
  // 100 * 3/4 + 200 * 1/4 = 125
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, 2), t, 9, s), 125);
  // x = 8: fraction 0 -> le[2]
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, 2), t, 8, s), 100);
  // start shifts the index: start 5, x = 14 -> d = 9 -> same 125
  EXPECT_EQ(sdp_lut_lookup(le_linear(5, 2), t, 14, s), 125);
}

TEST(SdpLutLookup, InterpolationRoundsHalfAwayFromZero) {
  SdpLutTables t;
  t.set_le(2, 100);
  t.set_le(3, 101);
  SdpLutStats s;
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, 2), t, 9, s), 100);   // 100.25
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, 2), t, 10, s), 101);  // 100.5
  t.set_le(2, -100);
  t.set_le(3, -101);
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, 2), t, 10, s), -101);  // -100.5
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, 2), t, 9, s), -100);   // -100.25
}

TEST(SdpLutLookup, NegativeIndexSelectShiftsLeft) {
  SdpLutTables t;
  t.set_le(6, 66);
  SdpLutStats s;
  // select -1: index = 3 << 1 = 6, fraction 0
  EXPECT_EQ(sdp_lut_lookup(le_linear(0, -1), t, 3, s), 66);
  // 40 << 1 = 80 >= 64: overflow
  const SdpLutIndex i = sdp_lut_index(le_linear(0, -1), 40);
  EXPECT_TRUE(i.le_oflow);
  EXPECT_EQ(i.le_index, 64u);
}

TEST(SdpLutLookup, IndexSelectAbove35KeepsTheTopBitsAsFraction) {
  // LO linear, start 0, select 33 (index always 0): fraction = d * 2^(35-33).
  SdpLutConfig c;
  c.le_linear = true;
  c.le_start = 2000000000;  // LE underflows
  c.lo_index_select = 33;
  SdpLutTables t;
  t.set_lo(0, 80);
  t.set_lo(1, 160);
  SdpLutStats s;
  // x = 2^30: fraction = 2^32 / 2^35 = 1/8 -> 80 * 7/8 + 160 / 8 = 90
  EXPECT_EQ(sdp_lut_lookup(c, t, 1 << 30, s), 90);
  const SdpLutIndex i = sdp_lut_index(c, 1 << 30);
  EXPECT_TRUE(i.select_lo);
  EXPECT_EQ(i.lo_fraction, uint64_t(1) << 32);
}

SdpLutConfig le_exponent(int32_t start, int8_t offset) {
  SdpLutConfig c;
  c.le_linear = false;
  c.le_start = start;
  c.le_index_offset = offset;
  c.lo_start = 2000000000;  // LO underflows
  return c;
}

TEST(SdpLutIndex, ExponentIndexIsLog2MinusOffset) {
  // x = 12, start 0: log2(12) = 3, offset 2 -> index 1; fraction (12 - 8) / 8 = 1/2.
  SdpLutIndex i = sdp_lut_index(le_exponent(0, 2), 12);
  EXPECT_FALSE(i.le_uflow);
  EXPECT_EQ(i.le_index, 1u);
  EXPECT_EQ(i.le_fraction, uint64_t(1) << 34);
  // x = 4: log2 = 2 -> index 0, fraction 0
  i = sdp_lut_index(le_exponent(0, 2), 4);
  EXPECT_EQ(i.le_index, 0u);
  EXPECT_EQ(i.le_fraction, 0u);
  // x = 3: log2 = 1 < offset 2 -> underflow
  EXPECT_TRUE(sdp_lut_index(le_exponent(0, 2), 3).le_uflow);
  // x <= start -> underflow
  EXPECT_TRUE(sdp_lut_index(le_exponent(100, 0), 100).le_uflow);
  // negative offset: x = 1, offset -3 -> index 3
  EXPECT_EQ(sdp_lut_index(le_exponent(0, -3), 1).le_index, 3u);
  // x - start = 2^30 with offset -40 -> index 70 >= 64: overflow, index 64
  i = sdp_lut_index(le_exponent(0, -40), 1 << 30);
  EXPECT_TRUE(i.le_oflow);
  EXPECT_EQ(i.le_index, 64u);
  // the difference is taken as unsigned 32 bits: start -2^31, x = 2^31 - 1
  // -> d = 2^32 - 1, log2 = 31, offset 0 -> index 31
  EXPECT_EQ(sdp_lut_index(le_exponent(kMin32, 0), kMax32).le_index, 31u);
}

TEST(SdpLutLookup, ExponentInterpolation) {
  SdpLutTables t;
  t.set_le(1, 50);
  t.set_le(2, 70);
  SdpLutStats s;
  EXPECT_EQ(sdp_lut_lookup(le_exponent(0, 2), t, 12, s), 60);  // 50/2 + 70/2
  EXPECT_EQ(sdp_lut_lookup(le_exponent(0, 2), t, 14, s), 65);  // (14-8)/8 = 3/4
}

// ---- underflow and overflow slopes --------------------------------------------

TEST(SdpLutLookup, ExponentUnderflowSlopeSubtractsStartPlusTwoToTheOffset) {
  SdpLutConfig c = le_exponent(100, 2);  // bias 2^2 = 4
  c.le_uflow_scale = 3;
  c.le_uflow_shift = 1;
  SdpLutTables t;
  t.set_le(0, 1000);
  SdpLutStats s;
  // both tables underflow, UFLOW_PRIORITY = LE
  // x = 50: 1000 + rnd((50 - 104) * 3, 1) = 1000 + rnd(-162 / 2) = 919
  EXPECT_EQ(sdp_lut_lookup(c, t, 50, s), 919);
  // x = 51: (51 - 104) * 3 = -159 -> -79.5 -> -80 -> 920
  EXPECT_EQ(sdp_lut_lookup(c, t, 51, s), 920);
  // LINEAR mode has no bias: (51 - 100) * 3 = -147 -> -73.5 -> -74 -> 926
  c.le_linear = true;
  EXPECT_EQ(sdp_lut_lookup(c, t, 51, s), 926);
  // negative offset: no bias; (51 - 100) * 3 -> 926 as well
  c.le_linear = false;
  c.le_index_offset = -1;
  EXPECT_EQ(sdp_lut_lookup(c, t, 51, s), 926);
}

TEST(SdpLutLookup, OverflowSlopeWithNegativeShiftShiftsLeft) {
  SdpLutConfig c = le_linear(0, 0);  // index = x
  c.le_end = 64;
  c.le_oflow_scale = -2;
  c.le_oflow_shift = -2;
  SdpLutTables t;
  t.set_le(64, 500);
  SdpLutStats s;
  // x = 70: index 70 >= 64 -> oflow; 500 + ((70 - 64) * -2) * 4 = 452
  EXPECT_EQ(sdp_lut_lookup(c, t, 70, s), 452);
  EXPECT_EQ(s.oflow, 1u);
  EXPECT_EQ(s.le_hit, 0u);
  EXPECT_EQ(s.hybrid, 0u);
  // x = 64 is already an overflow (index >= depth - 1): 500 + 0
  EXPECT_EQ(sdp_lut_lookup(c, t, 64, s), 500);
  // x = 63 hits: le[63] (0) interpolated with le[64] at fraction 0 -> 0
  EXPECT_EQ(sdp_lut_lookup(c, t, 63, s), 0);
}

TEST(SdpLutLookup, SlopeResultSaturatesToThirtyTwoBits) {
  SdpLutConfig c = le_linear(0, 0);
  c.le_end = 64;
  c.le_oflow_scale = 32767;
  c.le_oflow_shift = -16;
  SdpLutTables t;
  t.set_le(64, 100);
  SdpLutStats s;
  EXPECT_EQ(sdp_lut_lookup(c, t, kMax32, s), kMax32);
  c.le_oflow_scale = -32768;
  c.le_oflow_shift = 0;
  t.set_le(64, -100);
  // (2^31 - 1 - 64) * -32768 < -2^31 -> -2^31, then -100 -> saturates at -2^31
  EXPECT_EQ(sdp_lut_lookup(c, t, kMax32, s), kMin32);
}

TEST(SdpLutLookup, SlopeRightShiftRoundsHalfAwayFromZero) {
  SdpLutConfig c = le_linear(0, 0);
  c.le_end = 64;
  c.le_oflow_scale = 1;
  c.le_oflow_shift = 15;
  SdpLutTables t;
  SdpLutStats s;
  // (64 + 3 * 2^14) - 64 = 49152 / 2^15 = 1.5 -> 2
  EXPECT_EQ(sdp_lut_lookup(c, t, 64 + 3 * 16384, s), 2);
  c.le_oflow_scale = -1;  // -1.5 -> -2
  EXPECT_EQ(sdp_lut_lookup(c, t, 64 + 3 * 16384, s), -2);
}

TEST(SdpLutLookup, LoTableLinear) {
  SdpLutConfig c;
  c.le_linear = true;
  c.le_start = 1000000;  // LE underflows
  c.lo_start = -256;
  c.lo_index_select = 1;
  SdpLutTables t;
  t.set_lo(2, 10);
  t.set_lo(3, -10);
  SdpLutStats s;
  // x = -251: d = 5 -> index 2, fraction 1/2 -> 0
  EXPECT_EQ(sdp_lut_lookup(c, t, -251, s), 0);
  EXPECT_EQ(s.lo_hit, 1u);
  EXPECT_EQ(s.le_hit, 0u);
  EXPECT_EQ(s.hybrid, 1u);
  EXPECT_EQ(s.uflow, 0u);  // the selected (LO) table did not underflow
}

// ---- selection and priorities -------------------------------------------------

// Both tables linear from 0 with select 0 (index = x); le[i] = 1000 + i,
// lo[i] = 2000 + i; slopes: scale 1, shift 0.
struct TwoTables {
  SdpLutConfig c;
  SdpLutTables t;
  TwoTables() {
    c.le_linear = true;
    c.le_end = 64;
    c.lo_end = 256;
    c.le_uflow_scale = c.le_oflow_scale = c.lo_uflow_scale = c.lo_oflow_scale = 1;
    for (size_t i = 0; i < kSdpLutLeEntries; ++i) t.set_le(i, int16_t(1000 + i));
    for (size_t i = 0; i < kSdpLutLoEntries; ++i) t.set_lo(i, int16_t(2000 + i));
  }
};

TEST(SdpLutSelect, BothHitUsesHybridPriority) {
  TwoTables f;
  SdpLutStats s;
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 5, s), 1005);
  f.c.hybrid_priority_lo = true;
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 5, s), 2005);
  EXPECT_EQ(s.le_hit, 2u);
  EXPECT_EQ(s.lo_hit, 2u);
  EXPECT_EQ(s.hybrid, 2u);
  EXPECT_EQ(s.uflow + s.oflow, 0u);
}

TEST(SdpLutSelect, BothUnderflowUseUflowPriority) {
  TwoTables f;
  SdpLutStats s;
  // x = -3: LE: 1000 + (-3 - 0) * 1 = 997; LO: 2000 - 3 = 1997
  f.c.hybrid_priority_lo = true;  // must not matter
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, -3, s), 997);
  f.c.uflow_priority_lo = true;
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, -3, s), 1997);
  EXPECT_EQ(s.uflow, 2u);
  EXPECT_EQ(s.oflow, 0u);
  EXPECT_EQ(s.hybrid, 0u);
  EXPECT_EQ(s.le_hit + s.lo_hit, 0u);
}

TEST(SdpLutSelect, BothOverflowUseOflowPriority) {
  TwoTables f;
  SdpLutStats s;
  // x = 300: LE: le[64] + (300 - 64) = 1064 + 236 = 1300; LO: lo[256] + 44 = 2300
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 300, s), 1300);
  f.c.oflow_priority_lo = true;
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 300, s), 2300);
  EXPECT_EQ(s.oflow, 2u);
  EXPECT_EQ(s.uflow, 0u);
}

TEST(SdpLutSelect, OneUnderflowOneOverflowUsesHybridPriority) {
  TwoTables f;
  f.c.le_start = 100;  // x = 50 underflows LE
  f.c.lo_start = -1000;
  f.c.lo_end = -744;   // x = 50: d = 1050 >= 256 overflows LO
  SdpLutStats s;
  // LE (uflow): 1000 + (50 - 100) = 950
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 50, s), 950);
  EXPECT_EQ(s.uflow, 1u);
  f.c.hybrid_priority_lo = true;
  // LO (oflow): 2256 + (50 - (-744)) = 3050
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 50, s), 3050);
  EXPECT_EQ(s.oflow, 1u);
  EXPECT_EQ(s.hybrid, 0u);
}

TEST(SdpLutSelect, TheTableThatHitsWinsWhateverThePriorities) {
  TwoTables f;
  f.c.lo_start = 10;  // x = 5: LO underflows, LE hits
  f.c.hybrid_priority_lo = true;
  f.c.uflow_priority_lo = true;
  SdpLutStats s;
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 5, s), 1005);
  f.c.lo_start = 0;
  f.c.le_start = 10;  // now LE underflows, LO hits
  f.c.hybrid_priority_lo = false;
  EXPECT_EQ(sdp_lut_lookup(f.c, f.t, 5, s), 2005);
  EXPECT_EQ(s.le_hit, 1u);
  EXPECT_EQ(s.lo_hit, 1u);
  EXPECT_EQ(s.hybrid, 2u);
  EXPECT_EQ(s.uflow, 0u);
}

TEST(SdpLutStatsTest, CountersStopAtAllOnes) {
  TwoTables f;
  SdpLutStats s;
  s.le_hit = std::numeric_limits<uint32_t>::max();
  sdp_lut_lookup(f.c, f.t, 5, s);
  EXPECT_EQ(s.le_hit, std::numeric_limits<uint32_t>::max());
  EXPECT_EQ(s.lo_hit, 1u);
}

// ---- EW stage ---------------------------------------------------------------------

SdpEwConfig active_ew() {
  SdpEwConfig c;
  c.bypass = false;
  return c;  // ALU, MUL, LUT bypassed
}

int32_t run(const SdpEwConfig& c, int32_t x, int32_t alu_mem = 0, int32_t mul_mem = 0) {
  SdpLutTables t;
  SdpLutStats s;
  bool unequal = false;
  return y_stage(c, t, x, alu_mem, mul_mem, s, unequal);
}

TEST(SdpEwStage, BypassPassesThrough) {
  SdpEwConfig c;  // reset: EW_BYPASS = YES
  c.mul_bypass = false;
  c.mul_operand = 5;
  EXPECT_EQ(run(c, -77), -77);
  EXPECT_EQ(run(active_ew(), -77), -77);  // all sub-units bypassed
}

TEST(SdpEwStage, MultiplierTruncationRoundsHalfAwayFromZero) {
  SdpEwConfig c = active_ew();
  c.mul_bypass = false;
  c.mul_operand = 3;
  c.truncate = 1;
  EXPECT_EQ(run(c, 5), 8);    // 15 / 2 = 7.5
  EXPECT_EQ(run(c, -5), -8);  // -7.5
  EXPECT_EQ(run(c, 4), 6);
}

TEST(SdpEwStage, MultiplierUsesAllThirtyTwoOperandBitsAndShiftsUpTo63) {
  SdpEwConfig c = active_ew();
  c.mul_bypass = false;
  c.mul_operand = kMax32;
  c.truncate = 62;
  // (2^31 - 1)^2 = 2^62 - 2^32 + 1 -> / 2^62 = 0.99999... -> 1
  EXPECT_EQ(run(c, kMax32), 1);
  c.truncate = 64;  // the 64-bit shifter gives 0
  EXPECT_EQ(run(c, kMax32), 0);
  c.truncate = 0;  // 2^20 * 2^20 saturates
  c.mul_operand = 1 << 20;
  EXPECT_EQ(run(c, 1 << 20), kMax32);
  EXPECT_EQ(run(c, -(1 << 20)), kMin32);
}

TEST(SdpEwStage, BypassedMultiplierDoesNotTruncate) {
  SdpEwConfig c = active_ew();
  c.truncate = 1;  // acts only on the multiplier path (unlike BS/BN)
  EXPECT_EQ(run(c, 7), 7);
}

TEST(SdpEwStage, PreluPassesNonNegativeValuesUntruncated) {
  SdpEwConfig c = active_ew();
  c.mul_bypass = false;
  c.mul_prelu = true;
  c.mul_operand = 3;
  c.truncate = 1;
  EXPECT_EQ(run(c, 7), 7);
  EXPECT_EQ(run(c, 0), 0);
  EXPECT_EQ(run(c, -7), -11);  // -21 / 2 = -10.5 -> -11
  c.mul_prelu = false;
  EXPECT_EQ(run(c, 7), 11);  // negative control: 21 / 2 = 10.5 -> 11
}

TEST(SdpEwStage, AluAlgorithms) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_operand = 10;
  c.alu_algo = SdpEwAluAlgo::Max;
  EXPECT_EQ(run(c, 5), 10);
  EXPECT_EQ(run(c, 15), 15);
  c.alu_algo = SdpEwAluAlgo::Min;
  EXPECT_EQ(run(c, 5), 5);
  EXPECT_EQ(run(c, 15), 10);
  c.alu_algo = SdpEwAluAlgo::Sum;
  EXPECT_EQ(run(c, 5), 15);
  EXPECT_EQ(run(c, kMax32), kMax32);  // 33-bit sum saturated
  c.alu_operand = -10;
  EXPECT_EQ(run(c, kMin32), kMin32);
  c.alu_operand = 0x12345678;  // the full 32-bit register
  c.alu_algo = SdpEwAluAlgo::Max;
  EXPECT_EQ(run(c, 0), 0x12345678);
}

TEST(SdpEwStage, MultiplierComesBeforeTheAlu) {
  SdpEwConfig c = active_ew();
  c.mul_bypass = false;
  c.mul_operand = 2;
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Sum;
  c.alu_operand = 1;
  EXPECT_EQ(run(c, 5), 11);  // 5 * 2 + 1, not (5 + 1) * 2
}

TEST(SdpEwStage, EqlCompareMode) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Eql;
  c.alu_operand_from_memory = true;
  EXPECT_TRUE(ew_compare_mode(c));
  SdpLutTables t;
  SdpLutStats s;
  bool unequal = false;
  EXPECT_EQ(y_stage(c, t, 42, 42, 0, s, unequal), 0);
  EXPECT_FALSE(unequal);
  EXPECT_EQ(y_stage(c, t, 42, 41, 0, s, unequal), 1);
  EXPECT_TRUE(unequal);
  EXPECT_EQ(y_stage(c, t, 42, 42, 0, s, unequal), 0);
  EXPECT_TRUE(unequal);  // sticky
  // Not compare mode when the ALU (or the stage) is bypassed.
  c.alu_bypass = true;
  EXPECT_FALSE(ew_compare_mode(c));
  c.alu_bypass = false;
  c.bypass = true;
  EXPECT_FALSE(ew_compare_mode(c));
}

TEST(SdpEwStage, RegisterSourceIgnoresTheMemoryArgument) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Sum;
  c.alu_operand = 3;
  c.alu_cvt.bypass = false;  // the converter is on the memory path only
  c.alu_cvt.scale = 100;
  EXPECT_EQ(run(c, 10, 1000), 13);
}

TEST(SdpEwStage, MemoryOperandConverter) {
  SdpEwOperandCvt cvt;
  cvt.bypass = false;
  cvt.offset = 10;
  cvt.scale = 3;
  cvt.truncate = 2;
  EXPECT_EQ(ew_convert_operand(cvt, 21), 8);    // (21 - 10) * 3 = 33 / 4 = 8.25
  EXPECT_EQ(ew_convert_operand(cvt, 12), 2);    // 6 / 4 = 1.5 -> 2
  EXPECT_EQ(ew_convert_operand(cvt, 8), -2);    // -6 / 4 = -1.5 -> -2
  EXPECT_EQ(ew_convert_operand(cvt, 0x10015), 8);  // only the low 16 bits (21)
  cvt.offset = kMax32;
  cvt.scale = 32767;
  cvt.truncate = 0;
  EXPECT_EQ(ew_convert_operand(cvt, -32768), kMin32);  // saturates to 32 bits
  SdpEwOperandCvt bypass;
  EXPECT_EQ(ew_convert_operand(bypass, 0x12345), 0x2345);
  EXPECT_EQ(ew_convert_operand(bypass, int32_t(0xFFFF8000u)), -32768);
  EXPECT_EQ(ew_convert_operand(bypass, 0x8000), -32768);  // 16-bit port, signed

  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Sum;
  c.alu_operand_from_memory = true;
  c.alu_cvt.bypass = false;
  c.alu_cvt.offset = 10;
  c.alu_cvt.scale = 3;
  c.alu_cvt.truncate = 2;
  EXPECT_EQ(run(c, 100, 21), 108);
  c.mul_bypass = false;
  c.mul_operand_from_memory = true;  // mul converter bypassed (default)
  EXPECT_EQ(run(c, 100, 21, -2), -192);  // 100 * -2 + 8
}

TEST(SdpEwStage, LutAfterTheAluCountsOnlyWhenActive) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Sum;
  c.alu_operand = 4;
  c.lut_bypass = false;
  c.lut = le_linear(0, 2);
  SdpLutTables t;
  t.set_le(2, 100);
  t.set_le(3, 200);
  SdpLutStats s;
  bool unequal = false;
  EXPECT_EQ(y_stage(c, t, 5, 0, 0, s, unequal), 125);  // LUT(5 + 4 = 9)
  EXPECT_EQ(s.le_hit, 1u);
  c.lut_bypass = true;
  EXPECT_EQ(y_stage(c, t, 5, 0, 0, s, unequal), 9);  // negative control
  EXPECT_EQ(s.le_hit, 1u);
  c.lut_bypass = false;
  EXPECT_EQ(y_stage(c, t, 5, 0, 0, s, unequal), 125);
  EXPECT_EQ(s.le_hit, 2u);
  EXPECT_FALSE(unequal);
}

TEST(SdpEwConfigDecode, ResetValuesBypass) {
  const SdpEwConfig c = decode_ew_config(SdpEwRegisters{});
  EXPECT_TRUE(c.bypass);
  EXPECT_TRUE(c.alu_bypass);
  EXPECT_TRUE(c.mul_bypass);
  EXPECT_TRUE(c.lut_bypass);
  EXPECT_FALSE(c.mul_prelu);
  EXPECT_TRUE(c.alu_cvt.bypass);
  EXPECT_TRUE(c.mul_cvt.bypass);
}

TEST(SdpEwIllegal, EqlNeedsTheIdentityConverter) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Eql;
  SdpConfig sdp;
  EXPECT_FALSE(ew_unsupported_or_illegal(c, &sdp).has_value());
  sdp.cvt_scale = 2;
  const auto m = ew_unsupported_or_illegal(c, &sdp);
  ASSERT_TRUE(m.has_value());
  EXPECT_NE(m->find("D_CVT_SCALE"), std::string::npos);
  c.alu_algo = SdpEwAluAlgo::Sum;  // negative control
  EXPECT_FALSE(ew_unsupported_or_illegal(c, &sdp).has_value());
  sdp.proc_precision = Precision::Fp16;
  c.lut_bypass = false;
  EXPECT_FALSE(ew_unsupported_or_illegal(c, &sdp).has_value());  // the FP16 EW stage and LUT are modelled
  c.bypass = true;
  EXPECT_FALSE(ew_unsupported_or_illegal(c, &sdp).has_value());
  EXPECT_FALSE(ew_unsupported_or_illegal(active_ew()).has_value());
}

// ---- nv_large sdp_13x4x29_ew_lut_int8 -------------------------------------------

uint32_t crc32(const std::vector<uint8_t>& bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (uint8_t b : bytes) {
    crc ^= b;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

TEST(SdpEwTrace, NvLargeEwLutInt8) {
  // The trace's EW / LUT register writes.
  SdpEwRegisters regs;
  regs.dp_ew_cfg = 0x26;  // EW on, ALU bypassed, MUL with PReLU, LUT on
  regs.dp_ew_alu_cfg = 0x2;
  regs.dp_ew_alu_src_value = 0xf9a1;
  regs.dp_ew_alu_cvt_offset_value = 0xd7c3c138;
  regs.dp_ew_alu_cvt_scale_value = 0xa4ec;
  regs.dp_ew_alu_cvt_truncate_value = 0x38;
  regs.dp_ew_mul_cfg = 0x3;  // MUL operand from memory, converter bypassed
  regs.dp_ew_mul_src_value = 0x9a77f18e;
  regs.dp_ew_mul_cvt_offset_value = 0x4e42ce51;
  regs.dp_ew_mul_cvt_scale_value = 0xb8ec;
  regs.dp_ew_mul_cvt_truncate_value = 0x10;
  regs.dp_ew_truncate_value = 0x13;
  regs.lut_cfg = 0x40;
  regs.lut_info = 0x1048c5;
  regs.lut_le_start = 0xa2835f5d;
  regs.lut_le_end = 0xa2835f7d;
  regs.lut_lo_start = 0xd3266a5d;
  regs.lut_lo_end = 0xd4266a5d;
  regs.lut_le_slope_scale = 0x9e135ab8;
  regs.lut_le_slope_shift = 0x1bf;
  regs.lut_lo_slope_scale = 0x920a1162;
  const SdpEwConfig c = decode_ew_config(regs);
  EXPECT_FALSE(c.bypass);
  EXPECT_TRUE(c.alu_bypass);
  EXPECT_FALSE(c.mul_bypass);
  EXPECT_TRUE(c.mul_prelu);
  EXPECT_FALSE(c.lut_bypass);
  EXPECT_TRUE(c.mul_operand_from_memory);
  EXPECT_TRUE(c.mul_cvt.bypass);
  EXPECT_EQ(c.truncate, 19);
  EXPECT_FALSE(ew_compare_mode(c));

  // The tables as the trace loads them: le[i] = i, lo[i] = i.
  SdpLutTables t;
  t.write_access_cfg(0x20000);
  for (uint32_t i = 0; i < 65; ++i) t.write_access_data(i);
  t.write_access_cfg(0x30000);
  for (uint32_t i = 0; i < 257; ++i) t.write_access_data(i);
  EXPECT_EQ(t.le(64), 64);
  EXPECT_EQ(t.lo(256), 256);

  // BS and BN are bypassed, so x is the int8 input. By hand: PReLU keeps
  // x >= 0; x < 0 gives rnd(x * op8, 19) with |x * op8| <= 128 * 128, i.e. 0.
  // LE (exponent): x - LE_START ~ 1.57e9, log2 = 30, 30 - (-59) = 89 >= 64:
  // overflow. LO: (x - LO_START) >> 16 ~ 11481 >= 256: overflow. Both
  // overflow, OFLOW_PRIORITY = LE: le[64] + sat_32(rnd((x - LE_END) * -25069,
  // 13)) = 64 + sat_32(~ -4.8e9) = 64 - 2^31.
  const int8_t ew_ops[] = {-23, 4, -122, -12, 65, 46, -63, -96};  // first EW bytes
  SdpLutStats s;
  bool unequal = false;
  SdpConfig sdp;  // identity converter, INT8
  for (int x = -128; x <= 127; ++x) {
    for (int8_t op : ew_ops) {
      const int32_t y = y_stage(c, t, x, 0, op, s, unequal);
      ASSERT_EQ(y, 64 + kMin32) << "x " << x << " op " << int(op);
      ASSERT_EQ(convert_output(sdp, y), -128);
    }
  }
  const SdpLutIndex i = sdp_lut_index(c.lut, 0);
  EXPECT_TRUE(i.le_oflow);
  EXPECT_TRUE(i.lo_oflow);
  EXPECT_FALSE(i.select_lo);
  EXPECT_EQ(s.oflow, 256u * 8u);
  EXPECT_EQ(s.le_hit + s.lo_hit + s.uflow + s.hybrid, 0u);

  // Every output byte is 0x80: 13 x 4 positions of one 32-byte atom each,
  // line stride 0x340, the rest of the 0xde0-byte region zero. That is the
  // trace's check_crc(..., 0x82000060, 0xde0, 0xd4993221).
  std::vector<uint8_t> region(0xde0, 0);
  for (int h = 0; h < 4; ++h) {
    for (int b = 0; b < 13 * 32; ++b) region[size_t(h) * 0x340 + size_t(b)] = 0x80;
  }
  EXPECT_EQ(crc32(region), 0xd4993221u);
}

}  // namespace
}  // namespace acosim::nvdla

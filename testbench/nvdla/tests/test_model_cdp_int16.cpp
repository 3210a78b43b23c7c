// CDP's INT16 path (the nvdlav1 datapath of nv_full) driven through the CSB
// of the co-simulation top as firmware would, against a hand computation
// written out here (not the model's datapath functions), and the INT16
// programming the model refuses, each error naming the register:
//  - an INT16 LRN layer on nv_full: output bytes, D_PERF_LUT_* and
//    D_OUT_SATURATION;
//  - INT16 on nv_large (a master configuration: no INT16 feature data);
//  - an INT16 cube (CDP_RDMA) with an INT8 datapath (CDP) on nv_full.
// Then one INT8 layer on nv_full and on nv_large, where nvdlav1's INT8
// differs from master's: the even lanes' LUT index compares with the full
// 38-bit START, and D_OUT_SATURATION counts.
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
// nv_full: 32-byte atoms, 16 INT16 elements each. A 1x1x4 cube is one atom.
constexpr uint32_t kAtom = 32, kLanes = 16, kChannels = 4;

// The layer (written out by hand, NV_NVDLA_CDP_DP_*.v of nvdlav1):
// identity input converter, window 3, LE EXPONENT from 0 with offset 0 (hits
// every sum >= 1), LO LINEAR from 0 with INDEX_SELECT 24 (hits every sum
// below 2^32), HYBRID and UFLOW priority LO, LO[i] = 1000 - 10 i, multiplier
// on, DATOUT_SHIFTER 6. Lanes 4..15 hold 5000 in memory, enter as 0.
//   c        1000     -2000      3000      30000  | 0
//   sums     5e6      14e6       913e6     909e6  | lane 4: 9e8, 5..15: 0
//   LO idx   0        0          54        54     | 53
//   frac     19531    54687      27462     11837  | 42217   (s mod 2^24) >> 8
//   lut      997      992        456       458    | 464, lanes 5..15: 1000
//            (LO[i] + rnd(-10 frac / 2^16), ties away from zero)
//   m        997000   -1984000   1368000   13740000 | 0
//   / 64     15578.1  -31000     21375     214687.5 -> 32767 (saturated)
// Counters: HYBRID 5 (both tables hit), UFLOW 11 (sum 0), D_OUT_SATURATION 1.
constexpr int16_t kInput[kChannels] = {1000, -2000, 3000, 30000};
constexpr int16_t kExpected[kLanes] = {15578, -31000, 21375, 32767, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

void program_layer(NvdlaSystem& system, uint32_t rdma_format, uint32_t cdp_format) {
  hal::Hal& hal = system.hal();
  std::vector<uint8_t> input(kAtom);
  for (uint32_t ch = 0; ch < kLanes; ++ch) {
    const uint16_t v = uint16_t(ch < kChannels ? kInput[ch] : 5000);
    input[2 * ch] = uint8_t(v);
    input[2 * ch + 1] = uint8_t(v >> 8);
  }
  hal.write_memory(kIn, input.data(), input.size());
  program_cdp_rdma_line(system, kIn, 1, kChannels, kAtom, rdma_format);

  // LO[i] = 1000 - 10 i through the port (S_LUT_ACCESS_CFG: WRITE, LO, 0).
  UnitRegisters cdp(system, Unit::Cdp);
  std::vector<uint32_t> lo;
  for (int i = 0; i <= 256; ++i) lo.push_back(uint16_t(int16_t(1000 - 10 * i)));
  write_cdp_lut(cdp, c::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, lo);
  cdp.write(c::S_LUT_CFG, c::S_LUT_CFG_LUT_LE_FUNCTION.put(c::S_LUT_CFG_LUT_LE_FUNCTION_EXPONENT) |
                              c::S_LUT_CFG_LUT_UFLOW_PRIORITY.put(c::S_LUT_CFG_LUT_UFLOW_PRIORITY_LO) |
                              c::S_LUT_CFG_LUT_HYBRID_PRIORITY.put(c::S_LUT_CFG_LUT_HYBRID_PRIORITY_LO));
  cdp.write(c::S_LUT_INFO, c::S_LUT_INFO_LUT_LE_INDEX_OFFSET.put(0) | c::S_LUT_INFO_LUT_LO_INDEX_SELECT.put(24));
  // LE ends at 2^32, beyond every sum here; LO at 256 << 24 = 2^32.
  program_cdp_lut_ranges(cdp, 0, uint64_t{1} << 32, 0, uint64_t{1} << 32);
  program_cdp_lrn3(cdp, cdp_format, kOut, kAtom, 6);
  enable_cdp_layer(system);
}

TEST(CdpInt16Layer, NvFullLrnOutputAndCounters) {
  std::vector<uint8_t> out(kAtom);
  uint32_t status = 0, saturation = 0;
  CdpLutCounts counts;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    program_layer(system, cr::D_DATA_FORMAT_INPUT_DATA_INT16, c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT16);
    status = wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
    system.hal().read_memory(kOut, out.data(), out.size());
    counts = read_cdp_lut_counts(system);
    saturation = UnitRegisters(system, Unit::Cdp).read(c::D_OUT_SATURATION);
  });
  EXPECT_EQ(status & kCdpDone0, kCdpDone0);
  for (uint32_t ch = 0; ch < kLanes; ++ch) {
    const int16_t got = int16_t(uint16_t(out[2 * ch] | (out[2 * ch + 1] << 8)));
    EXPECT_EQ(got, kExpected[ch]) << "lane " << ch;
  }
  EXPECT_EQ(counts.hybrid, 5u) << "D_PERF_LUT_HYBRID";
  EXPECT_EQ(counts.uflow, 11u) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(counts.oflow + counts.le_hit + counts.lo_hit, 0u) << "D_PERF_LUT_OFLOW / LE_HIT / LO_HIT";
  EXPECT_EQ(saturation, 1u) << "D_OUT_SATURATION";
}

// No master configuration has INT16 feature data (nv_large's and
// nv_small_256_full's spec files enable INT8 only), so CDP_RDMA already
// refuses the cube; CDP's own check (the master RTL CDP datapath is INT8
// only) is the unit tests' (test_cdp_lrn.cpp).
TEST(CdpInt16Layer, RefusedOnNvLarge) {
  const std::string message = run_expecting_error(options_for(Config::NvLarge), [&](NvdlaSystem& system) {
    program_layer(system, cr::D_DATA_FORMAT_INPUT_DATA_INT16, c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT16);
    wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(
      mentions(message, {"CDP_RDMA", "D_DATA_FORMAT.INPUT_DATA int16 is not supported by nv_large", "group 0"}));
}

// nv_full: a two-byte cube from CDP_RDMA into an INT8 datapath.
TEST(CdpInt16Layer, LayoutAndDatapathDisagreeOnNvFull) {
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    program_layer(system, cr::D_DATA_FORMAT_INPUT_DATA_INT16, c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT8);
    wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"CDP D_DATA_FORMAT.INPUT_DATA_TYPE int8 differs from CDP_RDMA "
                                 "D_DATA_FORMAT.INPUT_DATA int16"}));
}


// ---- INT8: nvdlav1 (nv_full) against master (nv_large) ----------------------

// The layer (by hand; NV_NVDLA_CDP_DP_LUT_CTRL_unit.v and
// NV_NVDLA_CDP_DP_cvtout.v of both branches): a 1x1x4 INT8 cube, 32 lanes
// (4..31 hold 50 in memory and enter as 0), identity input converter,
// window 3, LE LINEAR from START 2^22 with INDEX_SELECT 2 and
// LE[i] = 100 + 4 i, LO from 2^22 with INDEX_SELECT 0 (LO all 0), every
// priority LE, slopes 0, multiplier on, DATOUT_SHIFTER 2.
//   c          2    2   10  -10 | 0 ...
//   sums       8  108  204  200 | lane 4: 100, 5..31: 0
// nv_large (master: START[21:0] = 0): sums >= 1 hit both tables (HYBRID,
// LE): lut = LE[s / 4] = 100 + s (each s a multiple of 4); sum 0 underflows
// both: LE[0] = 100.
//   lut      108  208  304  300 | 200, 100 ...
//   m        216  416 3040 -3000| 0
//   / 4       54  104  760 -750 -> 54 104 127 -128
//   HYBRID 5 (lanes 0..4), UFLOW 27; D_OUT_SATURATION 0 (tied off).
// nv_full (nvdlav1): even lanes compare with the full START 2^22 and
// underflow both tables: lut = LE[0] = 100; odd lanes as master.
//   m        200  416 1000 -3000| 0
//   / 4       50  104  250 -750 -> 50 104 127 -128
//   HYBRID 2 (lanes 1, 3), UFLOW 30; D_OUT_SATURATION 2 (250 and -750
//   are more than 1 away from 127 / -128).
constexpr uint32_t kInt8Channels = 4, kInt8Lanes = 32;
constexpr int8_t kInt8Input[kInt8Channels] = {2, 2, 10, -10};

void program_int8_layer(NvdlaSystem& system) {
  hal::Hal& hal = system.hal();
  std::vector<uint8_t> input(kAtom, 50);
  for (uint32_t ch = 0; ch < kInt8Channels; ++ch) input[ch] = uint8_t(kInt8Input[ch]);
  hal.write_memory(kIn, input.data(), input.size());
  program_cdp_rdma_line(system, kIn, 1, kInt8Channels, kAtom, cr::D_DATA_FORMAT_INPUT_DATA_INT8);

  // LE[i] = 100 + 4 i through the port (S_LUT_ACCESS_CFG: WRITE, LE, 0).
  UnitRegisters cdp(system, Unit::Cdp);
  std::vector<uint32_t> le;
  for (int i = 0; i <= 64; ++i) le.push_back(uint32_t(100 + 4 * i));
  write_cdp_lut(cdp, c::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE, le);
  cdp.write(c::S_LUT_CFG, c::S_LUT_CFG_LUT_LE_FUNCTION.put(c::S_LUT_CFG_LUT_LE_FUNCTION_LINEAR));
  cdp.write(c::S_LUT_INFO, c::S_LUT_INFO_LUT_LE_INDEX_SELECT.put(2) | c::S_LUT_INFO_LUT_LO_INDEX_SELECT.put(0));
  program_cdp_lut_ranges(cdp, 1u << 22, 1u << 23, 1u << 22, 1u << 23);
  program_cdp_lrn3(cdp, c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT8, kOut, kAtom, 2);
  enable_cdp_layer(system);
}

struct Int8LayerResult {
  uint32_t status = 0, saturation = 0;
  CdpLutCounts counts;
  std::vector<int8_t> out;
};

Int8LayerResult run_int8_layer(Config config) {
  Int8LayerResult r;
  run_firmware(options_for(config), [&](NvdlaSystem& system) {
    program_int8_layer(system);
    r.status = wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
    std::vector<uint8_t> bytes(kAtom);
    system.hal().read_memory(kOut, bytes.data(), bytes.size());
    for (uint8_t b : bytes) r.out.push_back(int8_t(b));
    r.counts = read_cdp_lut_counts(system);
    r.saturation = UnitRegisters(system, Unit::Cdp).read(c::D_OUT_SATURATION);
  });
  return r;
}

std::vector<int8_t> int8_expected(int8_t lane0) {
  std::vector<int8_t> v(kInt8Lanes, 0);
  v[0] = lane0;
  v[1] = 104;
  v[2] = 127;
  v[3] = -128;
  return v;
}

// What the two branches' columns of the table above differ in; OFLOW,
// LE_HIT and LO_HIT are 0 on both.
struct Int8Outcome {
  int8_t lane0;
  uint32_t hybrid, uflow, saturation;
};

void expect_int8_layer(const Int8LayerResult& r, const Int8Outcome& want) {
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  EXPECT_EQ(r.out, int8_expected(want.lane0));
  EXPECT_EQ(r.counts.hybrid, want.hybrid) << "D_PERF_LUT_HYBRID";
  EXPECT_EQ(r.counts.uflow, want.uflow) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(r.counts.oflow + r.counts.le_hit + r.counts.lo_hit, 0u) << "D_PERF_LUT_OFLOW / LE_HIT / LO_HIT";
  EXPECT_EQ(r.saturation, want.saturation) << "D_OUT_SATURATION";
}

TEST(CdpInt8Layer, NvFullEvenLanesFullStartAndSaturationCount) {
  // nv_full: lane 0 50, HYBRID 2, UFLOW 30, D_OUT_SATURATION 2.
  expect_int8_layer(run_int8_layer(Config::NvFull), {50, 2, 30, 2});
}

TEST(CdpInt8Layer, NvLargeMasterStartBitsAndNoSaturationCount) {
  // nv_large: lane 0 54, HYBRID 5, UFLOW 27, D_OUT_SATURATION 0.
  expect_int8_layer(run_int8_layer(Config::NvLarge), {54, 5, 27, 0});
}

}  // namespace
}  // namespace acosim::nvdla::test

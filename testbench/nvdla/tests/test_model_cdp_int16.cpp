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

#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace c = regs::cdp;
namespace cr = regs::cdp_rdma;

constexpr uint64_t kLayerTimeoutNs = 1000000;
constexpr uint32_t kCdpDone0 = 1u << 2;  // GLB S_INTR_STATUS bit of CDP group 0
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
  UnitRegisters rd(system, Unit::CdpRdma), cdp(system, Unit::Cdp);
  rd.write(cr::D_DATA_CUBE_WIDTH, 0);
  rd.write(cr::D_DATA_CUBE_HEIGHT, 0);
  rd.write(cr::D_DATA_CUBE_CHANNEL, kChannels - 1);
  rd.write(cr::D_SRC_BASE_ADDR_HIGH, uint32_t(kIn >> 32));
  rd.write(cr::D_SRC_BASE_ADDR_LOW, uint32_t(kIn));
  rd.write(cr::D_SRC_LINE_STRIDE, kAtom);
  rd.write(cr::D_SRC_SURFACE_STRIDE, kAtom);
  rd.write(cr::D_SRC_DMA_CFG, cr::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(cr::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
  rd.write(cr::D_DATA_FORMAT, cr::D_DATA_FORMAT_INPUT_DATA.put(rdma_format));

  // LO[i] = 1000 - 10 i through the port (S_LUT_ACCESS_CFG: WRITE, LO, 0).
  cdp.write(c::S_LUT_ACCESS_CFG, c::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.put(c::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE) |
                                     c::S_LUT_ACCESS_CFG_LUT_TABLE_ID.put(c::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO));
  for (int i = 0; i <= 256; ++i) cdp.write(c::S_LUT_ACCESS_DATA, uint16_t(int16_t(1000 - 10 * i)));
  cdp.write(c::S_LUT_CFG, c::S_LUT_CFG_LUT_LE_FUNCTION.put(c::S_LUT_CFG_LUT_LE_FUNCTION_EXPONENT) |
                              c::S_LUT_CFG_LUT_UFLOW_PRIORITY.put(c::S_LUT_CFG_LUT_UFLOW_PRIORITY_LO) |
                              c::S_LUT_CFG_LUT_HYBRID_PRIORITY.put(c::S_LUT_CFG_LUT_HYBRID_PRIORITY_LO));
  cdp.write(c::S_LUT_INFO, c::S_LUT_INFO_LUT_LE_INDEX_OFFSET.put(0) | c::S_LUT_INFO_LUT_LO_INDEX_SELECT.put(24));
  cdp.write(c::S_LUT_LE_START_LOW, 0);
  cdp.write(c::S_LUT_LE_START_HIGH, 0);
  cdp.write(c::S_LUT_LE_END_LOW, 0);
  cdp.write(c::S_LUT_LE_END_HIGH, 1);  // 2^32: beyond every sum here
  cdp.write(c::S_LUT_LO_START_LOW, 0);
  cdp.write(c::S_LUT_LO_START_HIGH, 0);
  cdp.write(c::S_LUT_LO_END_LOW, 0);
  cdp.write(c::S_LUT_LO_END_HIGH, 1);  // 256 << 24 = 2^32
  cdp.write(c::D_FUNC_BYPASS, 0);
  cdp.write(c::D_DST_BASE_ADDR_HIGH, uint32_t(kOut >> 32));
  cdp.write(c::D_DST_BASE_ADDR_LOW, uint32_t(kOut));
  cdp.write(c::D_DST_LINE_STRIDE, kAtom);
  cdp.write(c::D_DST_SURFACE_STRIDE, kAtom);
  cdp.write(c::D_DST_DMA_CFG, c::D_DST_DMA_CFG_DST_RAM_TYPE.put(c::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  cdp.write(c::D_DATA_FORMAT, c::D_DATA_FORMAT_INPUT_DATA_TYPE.put(cdp_format));
  cdp.write(c::D_LRN_CFG, c::D_LRN_CFG_NORMALZ_LEN.put(c::D_LRN_CFG_NORMALZ_LEN_LEN3));
  cdp.write(c::D_DATIN_OFFSET, 0);
  cdp.write(c::D_DATIN_SCALE, 1);
  cdp.write(c::D_DATIN_SHIFTER, 0);
  cdp.write(c::D_DATOUT_OFFSET, 0);
  cdp.write(c::D_DATOUT_SCALE, 1);
  cdp.write(c::D_DATOUT_SHIFTER, 6);
  rd.write(cr::D_OP_ENABLE, 1);
  cdp.write(c::D_OP_ENABLE, 1);
}

TEST(CdpInt16Layer, NvFullLrnOutputAndCounters) {
  std::vector<uint8_t> out(kAtom);
  uint32_t status = 0, uflow = 0, oflow = 0, hybrid = 0, le_hit = 0, lo_hit = 0, saturation = 0;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    program_layer(system, cr::D_DATA_FORMAT_INPUT_DATA_INT16, c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT16);
    status = wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
    system.hal().read_memory(kOut, out.data(), out.size());
    UnitRegisters cdp(system, Unit::Cdp);
    uflow = cdp.read(c::D_PERF_LUT_UFLOW);
    oflow = cdp.read(c::D_PERF_LUT_OFLOW);
    hybrid = cdp.read(c::D_PERF_LUT_HYBRID);
    le_hit = cdp.read(c::D_PERF_LUT_LE_HIT);
    lo_hit = cdp.read(c::D_PERF_LUT_LO_HIT);
    saturation = cdp.read(c::D_OUT_SATURATION);
  });
  EXPECT_EQ(status & kCdpDone0, kCdpDone0);
  for (uint32_t ch = 0; ch < kLanes; ++ch) {
    const int16_t got = int16_t(uint16_t(out[2 * ch] | (out[2 * ch + 1] << 8)));
    EXPECT_EQ(got, kExpected[ch]) << "lane " << ch;
  }
  EXPECT_EQ(hybrid, 5u) << "D_PERF_LUT_HYBRID";
  EXPECT_EQ(uflow, 11u) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(oflow + le_hit + lo_hit, 0u) << "D_PERF_LUT_OFLOW / LE_HIT / LO_HIT";
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
  UnitRegisters rd(system, Unit::CdpRdma), cdp(system, Unit::Cdp);
  rd.write(cr::D_DATA_CUBE_WIDTH, 0);
  rd.write(cr::D_DATA_CUBE_HEIGHT, 0);
  rd.write(cr::D_DATA_CUBE_CHANNEL, kInt8Channels - 1);
  rd.write(cr::D_SRC_BASE_ADDR_HIGH, uint32_t(kIn >> 32));
  rd.write(cr::D_SRC_BASE_ADDR_LOW, uint32_t(kIn));
  rd.write(cr::D_SRC_LINE_STRIDE, kAtom);
  rd.write(cr::D_SRC_SURFACE_STRIDE, kAtom);
  rd.write(cr::D_SRC_DMA_CFG, cr::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(cr::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
  rd.write(cr::D_DATA_FORMAT, cr::D_DATA_FORMAT_INPUT_DATA.put(cr::D_DATA_FORMAT_INPUT_DATA_INT8));

  // LE[i] = 100 + 4 i through the port (S_LUT_ACCESS_CFG: WRITE, LE, 0).
  cdp.write(c::S_LUT_ACCESS_CFG, c::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.put(c::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE) |
                                     c::S_LUT_ACCESS_CFG_LUT_TABLE_ID.put(c::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE));
  for (int i = 0; i <= 64; ++i) cdp.write(c::S_LUT_ACCESS_DATA, uint32_t(100 + 4 * i));
  cdp.write(c::S_LUT_CFG, c::S_LUT_CFG_LUT_LE_FUNCTION.put(c::S_LUT_CFG_LUT_LE_FUNCTION_LINEAR));
  cdp.write(c::S_LUT_INFO, c::S_LUT_INFO_LUT_LE_INDEX_SELECT.put(2) | c::S_LUT_INFO_LUT_LO_INDEX_SELECT.put(0));
  cdp.write(c::S_LUT_LE_START_LOW, 1u << 22);
  cdp.write(c::S_LUT_LE_START_HIGH, 0);
  cdp.write(c::S_LUT_LE_END_LOW, 1u << 23);
  cdp.write(c::S_LUT_LE_END_HIGH, 0);
  cdp.write(c::S_LUT_LO_START_LOW, 1u << 22);
  cdp.write(c::S_LUT_LO_START_HIGH, 0);
  cdp.write(c::S_LUT_LO_END_LOW, 1u << 23);
  cdp.write(c::S_LUT_LO_END_HIGH, 0);
  cdp.write(c::D_FUNC_BYPASS, 0);
  cdp.write(c::D_DST_BASE_ADDR_HIGH, uint32_t(kOut >> 32));
  cdp.write(c::D_DST_BASE_ADDR_LOW, uint32_t(kOut));
  cdp.write(c::D_DST_LINE_STRIDE, kAtom);
  cdp.write(c::D_DST_SURFACE_STRIDE, kAtom);
  cdp.write(c::D_DST_DMA_CFG, c::D_DST_DMA_CFG_DST_RAM_TYPE.put(c::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  cdp.write(c::D_DATA_FORMAT, c::D_DATA_FORMAT_INPUT_DATA_TYPE.put(c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT8));
  cdp.write(c::D_LRN_CFG, c::D_LRN_CFG_NORMALZ_LEN.put(c::D_LRN_CFG_NORMALZ_LEN_LEN3));
  cdp.write(c::D_DATIN_OFFSET, 0);
  cdp.write(c::D_DATIN_SCALE, 1);
  cdp.write(c::D_DATIN_SHIFTER, 0);
  cdp.write(c::D_DATOUT_OFFSET, 0);
  cdp.write(c::D_DATOUT_SCALE, 1);
  cdp.write(c::D_DATOUT_SHIFTER, 2);
  rd.write(cr::D_OP_ENABLE, 1);
  cdp.write(c::D_OP_ENABLE, 1);
}

struct Int8LayerResult {
  uint32_t status = 0, uflow = 0, oflow = 0, hybrid = 0, le_hit = 0, lo_hit = 0, saturation = 0;
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
    UnitRegisters cdp(system, Unit::Cdp);
    r.uflow = cdp.read(c::D_PERF_LUT_UFLOW);
    r.oflow = cdp.read(c::D_PERF_LUT_OFLOW);
    r.hybrid = cdp.read(c::D_PERF_LUT_HYBRID);
    r.le_hit = cdp.read(c::D_PERF_LUT_LE_HIT);
    r.lo_hit = cdp.read(c::D_PERF_LUT_LO_HIT);
    r.saturation = cdp.read(c::D_OUT_SATURATION);
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

TEST(CdpInt8Layer, NvFullEvenLanesFullStartAndSaturationCount) {
  const Int8LayerResult r = run_int8_layer(Config::NvFull);
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  EXPECT_EQ(r.out, int8_expected(50));
  EXPECT_EQ(r.hybrid, 2u) << "D_PERF_LUT_HYBRID";
  EXPECT_EQ(r.uflow, 30u) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(r.oflow + r.le_hit + r.lo_hit, 0u) << "D_PERF_LUT_OFLOW / LE_HIT / LO_HIT";
  EXPECT_EQ(r.saturation, 2u) << "D_OUT_SATURATION";
}

TEST(CdpInt8Layer, NvLargeMasterStartBitsAndNoSaturationCount) {
  const Int8LayerResult r = run_int8_layer(Config::NvLarge);
  EXPECT_EQ(r.status & kCdpDone0, kCdpDone0);
  EXPECT_EQ(r.out, int8_expected(54));
  EXPECT_EQ(r.hybrid, 5u) << "D_PERF_LUT_HYBRID";
  EXPECT_EQ(r.uflow, 27u) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(r.oflow + r.le_hit + r.lo_hit, 0u) << "D_PERF_LUT_OFLOW / LE_HIT / LO_HIT";
  EXPECT_EQ(r.saturation, 0u) << "D_OUT_SATURATION";
}

}  // namespace
}  // namespace acosim::nvdla::test

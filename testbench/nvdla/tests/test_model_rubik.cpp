// RUBIK through the co-simulation top on nv_full (the only configuration
// with Rubik; nvdla/hw nvdlav1 vmod/nvdla/rubik): one layer per mode
// programmed through the CSB, its output bytes against a reference written
// here from the mapping of cmod/rubik/NV_NVDLA_rbk.cpp (rubik_reshape.h
// spells it out), the gaps between output lines, surfaces and planes left
// as they were, done bit 8 + group and the consumer flip; both register
// groups one after the other; and a reserved RUBIK_MODE reported before
// anything is written.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "sw/nvdla/regs/rubik.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace r = regs::rubik;

constexpr uint64_t kIn = 0x80000000;
constexpr uint64_t kOut = 0x80100000;
constexpr uint64_t kGuard = 64;
constexpr uint32_t kRubikDone0 = 1u << 8;  // GLB RUBIK_DONE_STATUS0
constexpr uint64_t kLayerTimeoutNs = 200000;

struct RubikCase {
  const char* name;
  uint32_t mode, precision;
  uint32_t width, height, channels, out_channels, x_stride, y_stride;
  uint32_t in_line, in_surface, in_planar, contract_0;
  uint32_t out_line, out_surface, out_planar, contract_1;
  uint64_t in_bytes, out_bytes;  // extents from D_DAIN_ADDR and D_DAOUT_ADDR
  // The output byte at `offset` from D_DAOUT_ADDR given the input, or -1
  // where the layer writes nothing.
  std::function<int(const std::vector<uint8_t>& in, uint64_t offset)> expected;
};

void PrintTo(const RubikCase& c, std::ostream* out) { *out << c.name; }

// Contract, int8: W = 2, H = 2, Sx = Sy = 2, Cout = 32 (Cin = 128). Input
// sub-cube k at k * 128, lines of 64 bytes; output lines of 128 bytes with
// a 32-byte gap (DAOUT_LINE_STRIDE 160), CONTRACT_STRIDE_1 = 2 * 160.
int contract_expected(const std::vector<uint8_t>& in, uint64_t o) {
  const uint64_t h = o / 320, sy = (o % 320) / 160, column = o % 160;
  if (column >= 128 || h >= 2) return -1;
  const uint64_t atom = column / 32, byte = column % 32, w = atom / 2, sx = atom % 2;
  return in[(sy * 2 + sx) * 128 + h * 64 + w * 32 + byte];
}

// Split, int8: W = 3, H = 2, Cin = 40 (two surfaces), Cout = 34 planes.
// Input lines of 128 bytes (one spare atom), surfaces of 256; each plane
// line is one atom (3 elements, 29 zeros) with a 32-byte gap, planes 128
// bytes apart.
int split_expected(const std::vector<uint8_t>& in, uint64_t o) {
  const uint64_t c = o / 128, y = (o % 128) / 64, x = o % 64;
  if (c >= 34 || x >= 32) return -1;
  if (x >= 3) return 0;
  return in[(c / 32) * 256 + y * 128 + x * 32 + c % 32];
}

// Merge, int16: W = 2, H = 2, Cin = 20 planes (two surfaces of 16 lanes).
// Plane c's line y at c * 64 + y * 32 (4 bytes of data, read as one atom);
// output lines of 64 bytes with a 32-byte gap, surfaces 224 bytes apart.
int merge_expected(const std::vector<uint8_t>& in, uint64_t o) {
  const uint64_t s = o / 224, y = (o % 224) / 96, column = (o % 224) % 96;
  if (s >= 2 || y >= 2 || column >= 64) return -1;
  const uint64_t x = column / 32, lane = (column % 32) / 2, byte = column % 2, c = s * 16 + lane;
  if (c >= 20) return 0;
  return in[c * 64 + y * 32 + x * 2 + byte];
}

const std::vector<RubikCase>& rubik_cases() {
  static const std::vector<RubikCase> kCases = {
      {"Contract", 0, 0, 2, 2, 128, 32, 2, 2, 64, 128, 0, 128, 160, 0, 0, 320, 4 * 128, 640, contract_expected},
      {"Split", 1, 0, 3, 2, 40, 34, 1, 1, 128, 256, 0, 0, 64, 0, 128, 0, 512, 34 * 128, split_expected},
      {"Merge", 2, 1, 2, 2, 20, 20, 1, 1, 32, 0, 64, 0, 96, 224, 0, 0, 20 * 64, 448, merge_expected},
  };
  return kCases;
}

void program(UnitRegisters& rbk, const RubikCase& c) {
  rbk.write(r::D_MISC_CFG, r::D_MISC_CFG_RUBIK_MODE.put(c.mode) | r::D_MISC_CFG_IN_PRECISION.put(c.precision));
  rbk.write(r::D_DAIN_RAM_TYPE, r::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  rbk.write(r::D_DAOUT_RAM_TYPE, r::D_DAOUT_RAM_TYPE_DATAOUT_RAM_TYPE_MCIF);
  rbk.write(r::D_DATAIN_SIZE_0,
            r::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(c.width - 1) | r::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(c.height - 1));
  rbk.write(r::D_DATAIN_SIZE_1, c.channels - 1);
  rbk.write(r::D_DATAOUT_SIZE_1, c.out_channels - 1);
  rbk.write(r::D_DECONV_STRIDE, r::D_DECONV_STRIDE_DECONV_X_STRIDE.put(c.x_stride - 1) |
                                    r::D_DECONV_STRIDE_DECONV_Y_STRIDE.put(c.y_stride - 1));
  rbk.write(r::D_DAIN_ADDR_HIGH, static_cast<uint32_t>(kIn >> 32));
  rbk.write(r::D_DAIN_ADDR_LOW, static_cast<uint32_t>(kIn));
  rbk.write(r::D_DAOUT_ADDR_HIGH, static_cast<uint32_t>(kOut >> 32));
  rbk.write(r::D_DAOUT_ADDR_LOW, static_cast<uint32_t>(kOut));
  rbk.write(r::D_DAIN_LINE_STRIDE, c.in_line);
  rbk.write(r::D_DAIN_SURF_STRIDE, c.in_surface);
  rbk.write(r::D_DAIN_PLANAR_STRIDE, c.in_planar);
  rbk.write(r::D_CONTRACT_STRIDE_0, c.contract_0);
  rbk.write(r::D_DAOUT_LINE_STRIDE, c.out_line);
  rbk.write(r::D_DAOUT_SURF_STRIDE, c.out_surface);
  rbk.write(r::D_DAOUT_PLANAR_STRIDE, c.out_planar);
  rbk.write(r::D_CONTRACT_STRIDE_1, c.contract_1);
}

std::string case_name(const testing::TestParamInfo<RubikCase>& info) { return info.param.name; }

class RubikLayer : public testing::TestWithParam<RubikCase> {};

TEST_P(RubikLayer, WritesTheReshapedCubeAndLeavesTheGaps) {
  const RubikCase& c = GetParam();
  const std::vector<uint8_t> input = pattern(kIn, c.in_bytes, 0x3C);
  const std::vector<uint8_t> before = pattern(kOut - kGuard, c.out_bytes + 2 * kGuard, 0xA5);
  std::vector<uint8_t> after(before.size());
  uint32_t status = 0, pointer = 0, op_enable = 1;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    hal.write_memory(kIn, input.data(), input.size());
    hal.write_memory(kOut - kGuard, before.data(), before.size());
    UnitRegisters rbk(system, Unit::Rubik);
    program(rbk, c);
    rbk.write(r::D_OP_ENABLE, 1);
    status = wait_for_status(system, kRubikDone0, kLayerTimeoutNs);
    hal.read_memory(kOut - kGuard, after.data(), after.size());
    pointer = rbk.read(r::S_POINTER);
    op_enable = rbk.read(r::D_OP_ENABLE);
  });
  EXPECT_EQ(status & kRubikDone0, kRubikDone0);
  EXPECT_EQ(r::S_POINTER_CONSUMER.get(pointer), 1u) << "the consumer moves to group 1";
  EXPECT_EQ(op_enable, 0u) << "group 0's OP_EN clears when its layer ends";
  size_t written = 0, mismatches = 0;
  for (uint64_t i = 0; i < after.size(); ++i) {
    const bool inside = i >= kGuard && i < kGuard + c.out_bytes;
    const int want = inside ? c.expected(input, i - kGuard) : -1;
    const int expected = want < 0 ? before[i] : want;
    if (want >= 0) ++written;
    if (after[i] != expected && ++mismatches <= 8) {
      ADD_FAILURE() << c.name << ": output byte " << (static_cast<int64_t>(i) - static_cast<int64_t>(kGuard))
                    << " is " << int{after[i]} << ", expected " << expected << (want < 0 ? " (untouched)" : "");
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_GT(written, 0u);
}

INSTANTIATE_TEST_SUITE_P(NvFull, RubikLayer, testing::ValuesIn(rubik_cases()), case_name);

// Both register groups: a contract layer in group 0, then a merge layer
// programmed into group 1 (S_POINTER.PRODUCER = 1) over the same output;
// done bits 8 and 9 and the consumer back at group 0.
TEST(RubikPingPong, GroupOneRunsAfterGroupZeroAndRaisesDoneBitNine) {
  const RubikCase& contract = rubik_cases()[0];
  const RubikCase& merge = rubik_cases()[2];
  const std::vector<uint8_t> input = pattern(kIn, merge.in_bytes, 0x5A);
  std::vector<uint8_t> after(merge.out_bytes);
  uint32_t status = 0, pointer = 0;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    hal.write_memory(kIn, input.data(), input.size());
    UnitRegisters rbk(system, Unit::Rubik);
    program(rbk, contract);
    rbk.write(r::D_OP_ENABLE, 1);
    rbk.write(r::S_POINTER, 1);
    program(rbk, merge);
    rbk.write(r::D_OP_ENABLE, 1);
    status = wait_for_status(system, kRubikDone0 | kRubikDone0 << 1, kLayerTimeoutNs);
    hal.read_memory(kOut, after.data(), after.size());
    pointer = rbk.read(r::S_POINTER);
  });
  EXPECT_EQ(status & (kRubikDone0 | kRubikDone0 << 1), kRubikDone0 | kRubikDone0 << 1);
  EXPECT_EQ(r::S_POINTER_CONSUMER.get(pointer), 0u);
  size_t mismatches = 0;
  for (uint64_t o = 0; o < after.size(); ++o) {
    const int want = merge.expected(input, o);
    if (want >= 0 && after[o] != want) ++mismatches;
  }
  EXPECT_EQ(mismatches, 0u) << "group 1's merge output";
}

TEST(RubikLimits, AReservedModeIsReportedBeforeAnythingIsWritten) {
  const RubikCase& c = rubik_cases()[0];
  const std::vector<uint8_t> before = pattern(kOut - kGuard, c.out_bytes + 2 * kGuard, 0xA5);
  std::vector<uint8_t> at_error;
  NvdlaSystem* top = nullptr;
  SnapshotAtError snapshot([&] {
    at_error.resize(before.size());
    top->mcif_memory().peek(kOut - kGuard, at_error.data(), at_error.size());
  });
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    top = &system;
    hal::Hal& hal = system.hal();
    hal.write_memory(kOut - kGuard, before.data(), before.size());
    UnitRegisters rbk(system, Unit::Rubik);
    program(rbk, c);
    rbk.write(r::D_MISC_CFG, r::D_MISC_CFG_RUBIK_MODE.put(3));
    rbk.write(r::D_OP_ENABLE, 1);
    wait_for_status(system, kRubikDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"RUBIK", "RUBIK_MODE=3", "reserved", "group 0"}));
  EXPECT_EQ(at_error, before) << "nothing may be written before the error";
}

}  // namespace
}  // namespace acosim::nvdla::test

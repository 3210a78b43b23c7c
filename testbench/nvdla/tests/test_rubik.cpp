// Rubik's reshaping as plain C++ (systemc/nvdla/rubik_reshape.h): each mode
// on tiny cubes whose outputs are worked out by hand from the mapping of
// nvdla/hw nvdlav1 cmod/rubik/NV_NVDLA_rbk.cpp, and the programming rules
// of nvdla/doc programming_guide.rst "Rubik programming", each alone.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "sw/nvdla/regs/rubik.h"
#include "systemc/nvdla/rubik_reshape.h"

namespace acosim::nvdla {
namespace {

namespace r = regs::rubik;

// The input memory of a test, read from offset 0 (D_DAIN_ADDR).
struct Input {
  std::vector<uint8_t> bytes;
  uint64_t reads = 0;
  RubikReader reader() {
    return [this](uint64_t offset, uint8_t* data, uint64_t size) {
      ASSERT_LE(offset + size, bytes.size()) << "read past the input at " << offset;
      std::memcpy(data, &bytes[offset], size);
      reads += size;
    };
  }
};

// The output memory after the writes, `fill` where nothing was written.
std::vector<uint8_t> write_all(const std::vector<RubikWrite>& writes, size_t size, uint8_t fill = 0xEE) {
  std::vector<uint8_t> out(size, fill);
  for (const RubikWrite& w : writes) {
    EXPECT_LE(w.offset + w.bytes.size(), size) << "write past the output at " << w.offset;
    if (w.offset + w.bytes.size() > size) continue;
    std::memcpy(&out[w.offset], w.bytes.data(), w.bytes.size());
  }
  return out;
}

std::vector<uint8_t> atom(uint8_t value) { return std::vector<uint8_t>(32, value); }

std::vector<uint8_t> slice(const std::vector<uint8_t>& v, size_t from, size_t n) {
  return std::vector<uint8_t>(v.begin() + static_cast<long>(from), v.begin() + static_cast<long>(from + n));
}

// Contract, int8, W = 2, H = 1, Sx = 2, Sy = 1, Cout = 32 (Cin = 64): the
// two phases' sub-cubes (one surface each, CONTRACT_STRIDE_0 = 64) are
// interleaved atom by atom: output atom w * 2 + sx = sub-cube sx's atom w.
TEST(RubikContract, InterleavesTheXPhasesAtomByAtom) {
  RubikLayer l;
  l.mode = RubikMode::Contract;
  l.width = 2;
  l.channels = 64;
  l.out_channels = 32;
  l.x_stride = 2;
  l.in_line = 64;
  l.in_surface = 64;
  l.contract_stride_0 = 64;
  l.out_line = 128;
  l.contract_stride_1 = 128;
  Input in;
  // Sub-cube 0: atoms 0xA0, 0xA1; sub-cube 1: atoms 0xB0, 0xB1.
  for (uint8_t v : {0xA0, 0xA1, 0xB0, 0xB1}) {
    const auto a = atom(v);
    in.bytes.insert(in.bytes.end(), a.begin(), a.end());
  }
  const auto out = write_all(rubik_reshape(l, in.reader()), 128);
  EXPECT_EQ(slice(out, 0, 32), atom(0xA0));
  EXPECT_EQ(slice(out, 32, 32), atom(0xB0));
  EXPECT_EQ(slice(out, 64, 32), atom(0xA1));
  EXPECT_EQ(slice(out, 96, 32), atom(0xB1));
  EXPECT_EQ(in.reads, 128u);
}

// Contract, int8, W = 1, H = 2, Sx = 1, Sy = 2, Cout = 32 (Cin = 64): input
// line h of phase sy goes to output line h * 2 + sy; CONTRACT_STRIDE_1 =
// 2 * DAOUT_LINE_STRIDE (the guide's value).
TEST(RubikContract, StacksTheYPhasesLineByLine) {
  RubikLayer l;
  l.mode = RubikMode::Contract;
  l.height = 2;
  l.channels = 64;
  l.out_channels = 32;
  l.y_stride = 2;
  l.in_line = 32;
  l.in_surface = 64;
  l.contract_stride_0 = 64;
  l.out_line = 32;
  l.contract_stride_1 = 64;
  Input in;
  // Sub-cube 0 lines 0xC0, 0xC1; sub-cube 1 lines 0xD0, 0xD1.
  for (uint8_t v : {0xC0, 0xC1, 0xD0, 0xD1}) {
    const auto a = atom(v);
    in.bytes.insert(in.bytes.end(), a.begin(), a.end());
  }
  const auto out = write_all(rubik_reshape(l, in.reader()), 128);
  EXPECT_EQ(slice(out, 0, 32), atom(0xC0));
  EXPECT_EQ(slice(out, 32, 32), atom(0xD0));
  EXPECT_EQ(slice(out, 64, 32), atom(0xC1));
  EXPECT_EQ(slice(out, 96, 32), atom(0xD1));
}

// Contract with two output surfaces (int16, Cout = 32 = 2 x 16): surface s
// of sub-cube k is at k * CONTRACT_STRIDE_0 + s * DAIN_SURF_STRIDE and lands
// at s * DAOUT_SURF_STRIDE; a gap in the output stays untouched.
TEST(RubikContract, MovesEveryOutputSurface) {
  RubikLayer l;
  l.mode = RubikMode::Contract;
  l.precision = Precision::Int16;
  l.channels = 64;
  l.out_channels = 32;
  l.x_stride = 2;
  l.in_line = 32;
  l.in_surface = 32;
  l.contract_stride_0 = 64;
  l.out_line = 64;
  l.contract_stride_1 = 64;
  l.out_surface = 96;
  Input in;
  // k0 s0, k0 s1, k1 s0, k1 s1.
  for (uint8_t v : {0x10, 0x11, 0x20, 0x21}) {
    const auto a = atom(v);
    in.bytes.insert(in.bytes.end(), a.begin(), a.end());
  }
  const auto out = write_all(rubik_reshape(l, in.reader()), 160);
  EXPECT_EQ(slice(out, 0, 32), atom(0x10));
  EXPECT_EQ(slice(out, 32, 32), atom(0x20));
  EXPECT_EQ(slice(out, 64, 32), std::vector<uint8_t>(32, 0xEE));
  EXPECT_EQ(slice(out, 96, 32), atom(0x11));
  EXPECT_EQ(slice(out, 128, 32), atom(0x21));
}

// Split, int8, W = 3, H = 2, Cin = 3, Cout = 2 planes: plane c line y holds
// lane c of the line's atoms, then zeros to the atom boundary; plane 2
// (channel 2) is not written.
TEST(RubikSplit, TakesOneLanePerPlaneAndPadsTheLineToAnAtom) {
  RubikLayer l;
  l.mode = RubikMode::Split;
  l.width = 3;
  l.height = 2;
  l.channels = 3;
  l.out_channels = 2;
  l.in_line = 96;
  l.in_surface = 192;
  l.out_line = 32;
  l.out_planar = 96;  // one spare line after each plane
  Input in;
  in.bytes.assign(192, 0x55);
  // Element (x, y, c) = 0x10 * y + x + 0x40 * c in lanes 0..2.
  for (unsigned y = 0; y < 2; ++y)
    for (unsigned x = 0; x < 3; ++x)
      for (unsigned c = 0; c < 3; ++c) in.bytes[y * 96 + x * 32 + c] = static_cast<uint8_t>(0x10 * y + x + 0x40 * c);
  const auto out = write_all(rubik_reshape(l, in.reader()), 192);
  auto line = [](std::vector<uint8_t> head) {
    head.resize(32, 0);
    return head;
  };
  EXPECT_EQ(slice(out, 0, 32), line({0x00, 0x01, 0x02}));
  EXPECT_EQ(slice(out, 32, 32), line({0x10, 0x11, 0x12}));
  EXPECT_EQ(slice(out, 64, 32), std::vector<uint8_t>(32, 0xEE));
  EXPECT_EQ(slice(out, 96, 32), line({0x40, 0x41, 0x42}));
  EXPECT_EQ(slice(out, 128, 32), line({0x50, 0x51, 0x52}));
  EXPECT_EQ(slice(out, 160, 32), std::vector<uint8_t>(32, 0xEE));
}

// Split, int16, W = 1, Cout = Cin = 17: plane 16 comes from lane 0 of the
// second surface; each element is two bytes.
TEST(RubikSplit, Int16PlanesCrossIntoTheNextSurface) {
  RubikLayer l;
  l.mode = RubikMode::Split;
  l.precision = Precision::Int16;
  l.channels = 17;
  l.out_channels = 17;
  l.in_line = 32;
  l.in_surface = 32;
  l.out_line = 32;
  l.out_planar = 32;
  Input in;
  in.bytes.resize(64);
  for (size_t i = 0; i < 64; ++i) in.bytes[i] = static_cast<uint8_t>(i);
  const auto out = write_all(rubik_reshape(l, in.reader()), 17 * 32);
  std::vector<uint8_t> plane15(32, 0), plane16(32, 0);
  plane15[0] = 30;
  plane15[1] = 31;
  plane16[0] = 32;
  plane16[1] = 33;
  EXPECT_EQ(slice(out, 15 * 32, 32), plane15);
  EXPECT_EQ(slice(out, 16 * 32, 32), plane16);
}

// Merge, int8, W = 3, H = 1, Cin = 2 planes: lane c of output atom x is
// plane c's element x; lanes 2..31 are written as 0.
TEST(RubikMerge, GathersThePlanesIntoLanesAndZeroesTheRest) {
  RubikLayer l;
  l.mode = RubikMode::Merge;
  l.width = 3;
  l.channels = 2;
  l.in_line = 32;
  l.in_planar = 32;
  l.out_line = 96;
  Input in;
  in.bytes.assign(64, 0x77);
  for (unsigned c = 0; c < 2; ++c)
    for (unsigned x = 0; x < 3; ++x) in.bytes[c * 32 + x] = static_cast<uint8_t>(0x80 + 0x10 * c + x);
  const auto out = write_all(rubik_reshape(l, in.reader()), 96);
  for (unsigned x = 0; x < 3; ++x) {
    std::vector<uint8_t> expected(32, 0);
    expected[0] = static_cast<uint8_t>(0x80 + x);
    expected[1] = static_cast<uint8_t>(0x90 + x);
    EXPECT_EQ(slice(out, x * 32, 32), expected) << "atom " << x;
  }
  // Each plane line is read as one whole atom.
  EXPECT_EQ(in.reads, 64u);
}

// Merge, int16, Cin = 17, W = 1: planes 0..15 fill surface 0, plane 16 is
// lane 0 of surface 1 (at DAOUT_SURF_STRIDE), whose other lanes are 0.
TEST(RubikMerge, Int16SeventeenPlanesMakeTwoSurfaces) {
  RubikLayer l;
  l.mode = RubikMode::Merge;
  l.precision = Precision::Int16;
  l.channels = 17;
  l.in_line = 32;
  l.in_planar = 32;
  l.out_line = 32;
  l.out_surface = 64;
  Input in;
  in.bytes.assign(17 * 32, 0);
  for (unsigned c = 0; c < 17; ++c) {
    in.bytes[c * 32] = static_cast<uint8_t>(c);
    in.bytes[c * 32 + 1] = 0xF0;
  }
  const auto out = write_all(rubik_reshape(l, in.reader()), 96);
  std::vector<uint8_t> surface0(32), surface1(32, 0);
  for (unsigned c = 0; c < 16; ++c) {
    surface0[2 * c] = static_cast<uint8_t>(c);
    surface0[2 * c + 1] = 0xF0;
  }
  surface1[0] = 16;
  surface1[1] = 0xF0;
  EXPECT_EQ(slice(out, 0, 32), surface0);
  EXPECT_EQ(slice(out, 32, 32), std::vector<uint8_t>(32, 0xEE));
  EXPECT_EQ(slice(out, 64, 32), surface1);
}

// A legal contract group as software would write it.
RubikRegisters contract_registers() {
  RubikRegisters regs;
  regs.misc_cfg = r::D_MISC_CFG_RUBIK_MODE.put(r::D_MISC_CFG_RUBIK_MODE_CONTRACT) |
                  r::D_MISC_CFG_IN_PRECISION.put(r::D_MISC_CFG_IN_PRECISION_INT8);
  regs.datain_size_0 = r::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(1) | r::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(1);
  regs.datain_size_1 = r::D_DATAIN_SIZE_1_DATAIN_CHANNEL.put(127);
  regs.dataout_size_1 = r::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.put(31);
  regs.deconv_stride = r::D_DECONV_STRIDE_DECONV_X_STRIDE.put(1) | r::D_DECONV_STRIDE_DECONV_Y_STRIDE.put(1);
  regs.dain_line_stride = 64;
  regs.dain_surf_stride = 128;
  regs.contract_stride_0 = 128;
  regs.daout_line_stride = 128;
  regs.contract_stride_1 = 256;
  return regs;
}

TEST(RubikDecode, ReadsTheFieldsOfALegalGroup) {
  const RubikDecoded d = decode_rubik(contract_registers());
  ASSERT_TRUE(d.layer) << d.problem;
  EXPECT_EQ(d.layer->mode, RubikMode::Contract);
  EXPECT_EQ(d.layer->width, 2u);
  EXPECT_EQ(d.layer->height, 2u);
  EXPECT_EQ(d.layer->channels, 128u);
  EXPECT_EQ(d.layer->out_channels, 32u);
  EXPECT_EQ(d.layer->x_stride, 2u);
  EXPECT_EQ(d.layer->y_stride, 2u);
  EXPECT_EQ(d.layer->contract_stride_1, 256u);
}

struct Rule {
  const char* name;
  void (*break_it)(RubikRegisters&);
  const char* mentions;
};

TEST(RubikDecode, EachGuideRuleIsReportedAlone) {
  const Rule rules[] = {
      {"reserved mode", [](RubikRegisters& g) { g.misc_cfg = r::D_MISC_CFG_RUBIK_MODE.put(3); }, "RUBIK_MODE=3"},
      {"reserved precision",
       [](RubikRegisters& g) { g.misc_cfg = r::D_MISC_CFG_IN_PRECISION.put(3); }, "IN_PRECISION=3"},
      {"contract channels", [](RubikRegisters& g) { g.dataout_size_1 = 30; }, "DATAOUT_CHANNEL"},
      {"contract line overlap", [](RubikRegisters& g) { g.daout_line_stride = 96; }, "D_DAOUT_LINE_STRIDE"},
      {"contract stride 1", [](RubikRegisters& g) { g.contract_stride_1 = 128; }, "D_CONTRACT_STRIDE_1"},
      {"contract stride 0", [](RubikRegisters& g) { g.contract_stride_0 = 96; }, "D_CONTRACT_STRIDE_0"},
      {"split planes",
       [](RubikRegisters& g) {
         g.misc_cfg = r::D_MISC_CFG_RUBIK_MODE.put(r::D_MISC_CFG_RUBIK_MODE_SPLIT);
         g.dataout_size_1 = 128;
         g.daout_planar_stride = 1024;
       },
       "must not exceed"},
      {"split planar overlap",
       [](RubikRegisters& g) {
         g.misc_cfg = r::D_MISC_CFG_RUBIK_MODE.put(r::D_MISC_CFG_RUBIK_MODE_SPLIT);
         g.daout_line_stride = 32;
         g.daout_planar_stride = 32;
       },
       "D_DAOUT_PLANAR_STRIDE"},
      {"merge surface overlap",
       [](RubikRegisters& g) {
         g.misc_cfg = r::D_MISC_CFG_RUBIK_MODE.put(r::D_MISC_CFG_RUBIK_MODE_MERGE);
         g.daout_line_stride = 64;
         g.daout_surf_stride = 64;
       },
       "D_DAOUT_SURF_STRIDE"},
  };
  for (const Rule& rule : rules) {
    RubikRegisters regs = contract_registers();
    rule.break_it(regs);
    const RubikDecoded d = decode_rubik(regs);
    EXPECT_FALSE(d.layer) << rule.name;
    EXPECT_NE(d.problem.find(rule.mentions), std::string::npos) << rule.name << ": " << d.problem;
  }
}

}  // namespace
}  // namespace acosim::nvdla

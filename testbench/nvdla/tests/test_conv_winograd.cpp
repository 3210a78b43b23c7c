// Winograd convolution on nv_full (the nvdlav1 design), datapath level:
// CSC's pre-addition (B^T d B, PRA_TRUNCATE rounding and saturation), CMAC's
// output transform (A^T M A), CDMA's padding and channel extension of the
// stride, the pre-transformed weight layout, CACC, and the refusals.
// Expected values come from hand computations in the comments, from the
// plain direct convolution of the un-transformed kernel (the kernels'
// transform below uses 2G, integer, so the Winograd result is exactly 4x
// the convolution and CLIP_TRUNCATE 2 gives the convolution itself), or
// from Y = A^T (U . sat(rnd(B^T d B))) A written plainly with int64 matrix
// products in this file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "systemc/nvdla/conv_datapath.h"
#include "systemc/nvdla/float16.h"

namespace acosim::nvdla {
namespace {

namespace rd = regs::cdma;
namespace rc = regs::csc;
namespace ra = regs::cacc;

constexpr uint64_t kFeature = 0x80000000;
constexpr uint64_t kWeights = 0x80100000;
constexpr uint32_t kAtomBytes = 32;  // nv_full

// A Winograd layer: the input cube (all C' lanes of its atoms, [y][x][c']),
// CDMA's padding and stride, and the pre-transformed kernels U ([k][e][p],
// e an extended channel, p = row x 4 + column).
struct WgLayer {
  bool int16 = false;
  bool fp16 = false;  // elements are fp16 patterns (input, u, pad_value)
  bool nan_flush = false;  // CDMA D_NAN_FLUSH_TO_ZERO
  uint32_t w = 1, h = 1, c = 1, k = 1;
  uint32_t pl = 0, pr = 0, pt = 0, pb = 0;
  uint32_t sx = 1, sy = 1;
  uint32_t pra = 0, clip = 0;
  int16_t pad_value = 0;
  std::vector<int32_t> input;
  std::vector<int32_t> u;

  bool wide() const { return int16 || fp16; }
  uint32_t lanes() const { return wide() ? 16 : 32; }
  uint32_t aligned() const { return (c + lanes() - 1) / lanes() * lanes(); }
  uint32_t we() const { return (pl + w + pr) / sx; }
  uint32_t he() const { return (pt + h + pb) / sy; }
  uint32_t ce() const { return aligned() * sx * sy; }
  uint32_t eb() const { return wide() ? 2 : 1; }
  int32_t& in(uint32_t x, uint32_t y, uint32_t ch) { return input[(size_t(y) * w + x) * aligned() + ch]; }
  int32_t in(uint32_t x, uint32_t y, uint32_t ch) const { return input[(size_t(y) * w + x) * aligned() + ch]; }
};

ConvRegisters registers(const WgLayer& l) {
  const uint32_t precision = l.fp16 ? 2 : l.int16 ? 1 : 0;
  const uint32_t misc = rd::D_MISC_CFG_CONV_MODE.put(rd::D_MISC_CFG_CONV_MODE_WINOGRAD) |
                        rd::D_MISC_CFG_IN_PRECISION.put(precision) | rd::D_MISC_CFG_PROC_PRECISION.put(precision);
  const uint32_t surfaces = l.aligned() / l.lanes();
  const uint32_t entries = l.we() / 4 * surfaces * l.sx * l.sy;
  const uint32_t kernel_bytes = 16 * l.ce() * l.eb();
  const uint32_t weight_bytes = (kernel_bytes * l.k + 127) / 128 * 128;
  const uint32_t ow = l.we() - 4, oh = l.he() - 4;
  const uint32_t ext0 = rd::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(l.we() - 1) |
                        rd::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(l.he() - 1);
  const uint32_t bank = rd::D_BANK_DATA_BANK.put(7) | rd::D_BANK_WEIGHT_BANK.put(7);
  ConvRegisters r;
  r.cdma_misc_cfg = misc;
  r.cdma_datain_format = 0;
  r.cdma_datain_size_0 = rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(l.w - 1) | rd::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(l.h - 1);
  r.cdma_datain_size_1 = l.aligned() - 1;  // whole atoms; lanes past c meet zero weights
  r.cdma_datain_size_ext_0 = ext0;
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_low_0 = uint32_t(kFeature);
  r.cdma_line_stride = l.w * kAtomBytes;
  r.cdma_surf_stride = l.w * l.h * kAtomBytes;
  r.cdma_entry_per_slice = entries - 1;
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = l.k - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_low = uint32_t(kWeights);
  r.cdma_weight_bytes = weight_bytes;
  r.cdma_conv_stride = rd::D_CONV_STRIDE_CONV_X_STRIDE.put(l.sx - 1) | rd::D_CONV_STRIDE_CONV_Y_STRIDE.put(l.sy - 1);
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(l.pl) | rd::D_ZERO_PADDING_PAD_RIGHT.put(l.pr) |
                        rd::D_ZERO_PADDING_PAD_TOP.put(l.pt) | rd::D_ZERO_PADDING_PAD_BOTTOM.put(l.pb);
  r.cdma_zero_padding_value = uint16_t(l.pad_value);
  r.cdma_bank = bank;
  r.cdma_nan_flush_to_zero = l.nan_flush ? 1 : 0;
  r.csc_misc_cfg = misc;
  r.csc_datain_format = 0;
  r.csc_datain_size_ext_0 = ext0;
  r.csc_datain_size_ext_1 = l.ce() - 1;
  r.csc_entry_per_slice = entries - 1;
  r.csc_weight_size_ext_0 =
      rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(3) | rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(3);
  r.csc_weight_size_ext_1 =
      rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(l.ce() - 1) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(l.k - 1);
  r.csc_weight_bytes = weight_bytes;
  r.csc_dataout_size_0 =
      rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(ow - 1) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(oh - 1);
  r.csc_dataout_size_1 = l.k - 1;
  r.csc_atomics = ow * oh - 1;
  r.csc_conv_stride_ext = 0;
  r.csc_zero_padding = rc::D_ZERO_PADDING_PAD_LEFT.put(l.pl) | rc::D_ZERO_PADDING_PAD_TOP.put(l.pt);
  // CSC's own pad value plays no part in Winograd (CDMA pads): make it differ.
  r.csc_zero_padding_value = 0x55;
  r.csc_bank = bank;
  r.csc_pra_cfg = rc::D_PRA_CFG_PRA_TRUNCATE.put(l.pra);
  r.cmac_a_misc_cfg =
      regs::cmac_a::D_MISC_CFG_CONV_MODE.put(1) | regs::cmac_a::D_MISC_CFG_PROC_PRECISION.put(precision);
  r.cmac_b_misc_cfg =
      regs::cmac_b::D_MISC_CFG_CONV_MODE.put(1) | regs::cmac_b::D_MISC_CFG_PROC_PRECISION.put(precision);
  r.cacc_misc_cfg = ra::D_MISC_CFG_CONV_MODE.put(1) | ra::D_MISC_CFG_PROC_PRECISION.put(precision);
  r.cacc_dataout_size_0 =
      ra::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(ow - 1) | ra::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(oh - 1);
  r.cacc_dataout_size_1 = l.k - 1;
  r.cacc_clip_cfg = ra::D_CLIP_CFG_CLIP_TRUNCATE.put(l.clip);
  return r;
}

void put_element(std::vector<uint8_t>& bytes, size_t index, int32_t v, bool int16) {
  if (int16) {
    bytes[2 * index] = uint8_t(v & 0xFF);
    bytes[2 * index + 1] = uint8_t((v >> 8) & 0xFF);
  } else {
    bytes[index] = uint8_t(v & 0xFF);
  }
}

// The feature cube in memory (surface, line, column, lane) and the weights
// in NVDLA's Winograd order: kernel group (32 int8 / 16 int16 kernels), block
// of 4 extended channels, kernel, position, channel.
struct Memory {
  std::vector<uint8_t> feature, weights;
  size_t reads = 0;
};

Memory memory(const WgLayer& l) {
  Memory m;
  const uint32_t lanes = l.lanes(), surfaces = l.aligned() / lanes;
  m.feature.assign(size_t(surfaces) * l.h * l.w * kAtomBytes, 0);
  for (uint32_t y = 0; y < l.h; ++y)
    for (uint32_t x = 0; x < l.w; ++x)
      for (uint32_t ch = 0; ch < l.aligned(); ++ch)
        put_element(m.feature, ((size_t(ch / lanes) * l.h + y) * l.w + x) * lanes + ch % lanes, l.in(x, y, ch),
                    l.wide());
  const uint32_t group = l.wide() ? 16 : 32, ce = l.ce();
  m.weights.assign((size_t(16) * ce * l.eb() * l.k + 127) / 128 * 128, 0);
  size_t next = 0;
  for (uint32_t g0 = 0; g0 < l.k; g0 += group) {
    const uint32_t count = std::min(group, l.k - g0);
    for (uint32_t b = 0; b < ce / 4; ++b)
      for (uint32_t k = g0; k < g0 + count; ++k)
        for (uint32_t p = 0; p < 16; ++p)
          for (uint32_t ch = 0; ch < 4; ++ch)
            put_element(m.weights, next++, l.u[(size_t(k) * ce + 4 * b + ch) * 16 + p], l.wide());
  }
  return m;
}

ConvOutput run(const WgLayer& l, Memory& m, Config config = Config::NvFull) {
  const ConvLayer layer = decode_conv(registers(l), hardware_config(config));
  return conv_process(layer, [&](bool mc, uint64_t address, uint8_t* data, size_t bytes) {
    ++m.reads;
    ASSERT_TRUE(mc);
    const std::vector<uint8_t>& src = address >= kWeights ? m.weights : m.feature;
    const uint64_t offset = address - (address >= kWeights ? kWeights : kFeature);
    ASSERT_LE(offset + bytes, src.size());
    std::copy_n(src.begin() + static_cast<std::ptrdiff_t>(offset), bytes, data);
  });
}

// The software side of Winograd: kernels R x S x C with stride SX x SY become
// 3x3 kernels over the extended channels e = (dy x SX + dx) x C' + c, then
// U = G' g G'^T with the integer G' = 2G = [2 0 0; 1 1 1; 1 -1 1; 0 0 2]
// (nvdla/doc format.rst's G scaled by 2, so U is 4 x the hardware's
// G g G^T and the result 4 x the convolution).
std::vector<int32_t> transform_kernels(const WgLayer& l, const std::vector<int32_t>& kernels, uint32_t R, uint32_t S) {
  static const int64_t G[4][3] = {{2, 0, 0}, {1, 1, 1}, {1, -1, 1}, {0, 0, 2}};
  const uint32_t ce = l.ce(), aligned = l.aligned();
  std::vector<int32_t> u(size_t(l.k) * ce * 16, 0);
  for (uint32_t k = 0; k < l.k; ++k) {
    for (uint32_t e = 0; e < ce; ++e) {
      const uint32_t ch = e % aligned, dy = e / aligned / l.sx, dx = e / aligned % l.sx;
      int64_t g[3][3] = {};
      for (uint32_t r = 0; r < 3; ++r)
        for (uint32_t s = 0; s < 3; ++s) {
          const uint32_t kr = r * l.sy + dy, ks = s * l.sx + dx;
          if (ch < l.c && kr < R && ks < S) g[r][s] = kernels[((size_t(k) * R + kr) * S + ks) * l.c + ch];
        }
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
          int64_t sum = 0;
          for (int r = 0; r < 3; ++r)
            for (int s = 0; s < 3; ++s) sum += G[i][r] * g[r][s] * G[j][s];
          u[(size_t(k) * ce + e) * 16 + i * 4 + j] = int32_t(sum);
        }
    }
  }
  return u;
}

// The plain strided convolution of the padded input (pad value outside)
// with kernels [k][r][s][c] of the real channels.
int64_t direct(const WgLayer& l, const std::vector<int32_t>& kernels, uint32_t R, uint32_t S, uint32_t x, uint32_t y,
               uint32_t k) {
  int64_t sum = 0;
  for (uint32_t r = 0; r < R; ++r)
    for (uint32_t s = 0; s < S; ++s) {
      const int64_t px = int64_t(x) * l.sx + s - l.pl, py = int64_t(y) * l.sy + r - l.pt;
      const bool inside = px >= 0 && px < l.w && py >= 0 && py < l.h;
      for (uint32_t ch = 0; ch < l.c; ++ch) {
        const int64_t v = inside ? l.in(uint32_t(px), uint32_t(py), ch) : l.pad_value;
        sum += v * kernels[((size_t(k) * R + r) * S + s) * l.c + ch];
      }
    }
  return sum;
}

// Random input (lanes beyond C too: they meet zero weights) and kernels.
void fill(WgLayer& l, std::mt19937& rng, int32_t data_max, std::vector<int32_t>& kernels, uint32_t R, uint32_t S,
          int32_t weight_max) {
  std::uniform_int_distribution<int32_t> data(-data_max, data_max), weight(-weight_max, weight_max);
  l.input.assign(size_t(l.w) * l.h * l.aligned(), 0);
  for (int32_t& v : l.input) v = data(rng);
  kernels.assign(size_t(l.k) * R * S * l.c, 0);
  for (int32_t& v : kernels) v = weight(rng);
  l.u = transform_kernels(l, kernels, R, S);
}

void expect_direct(const WgLayer& l, const std::vector<int32_t>& kernels, uint32_t R, uint32_t S) {
  Memory m = memory(l);
  const ConvOutput out = run(l, m);
  ASSERT_EQ(out.width, l.we() - 4);
  ASSERT_EQ(out.height, l.he() - 4);
  ASSERT_EQ(out.channels, l.k);
  EXPECT_EQ(out.lanes, l.lanes());
  EXPECT_EQ(out.out_saturation, 0u);
  for (uint32_t y = 0; y < out.height; ++y)
    for (uint32_t x = 0; x < out.width; ++x)
      for (uint32_t k = 0; k < l.k; ++k)
        ASSERT_EQ(out.at(x, y, k), direct(l, kernels, R, S, x, y, k)) << "x " << x << " y " << y << " k " << k;
}

TEST(WinogradTransforms, PreAdditionByHand) {
  // d = 1 everywhere: B^T d has only row 1 = (2, 2, 2, 2) (the other rows
  // subtract equal elements), and (B^T d) B only V[1][1] = 2 + 2 = 4.
  int32_t ones[16], v[16];
  std::fill(ones, ones + 16, 1);
  csc_pra(ones, 0, false, v);
  for (int p = 0; p < 16; ++p) EXPECT_EQ(v[p], p == 5 ? 4 : 0) << p;
  // PRA_TRUNCATE 1: 4 / 2 = 2; 2: 4 / 4 = 1.
  csc_pra(ones, 1, false, v);
  EXPECT_EQ(v[5], 2);
  csc_pra(ones, 2, false, v);
  EXPECT_EQ(v[5], 1);

  // A single d[1][1] = a: column 1 of B^T is a = (0, 1, -1, 1), so
  // V = a a^T x 5: V[1][1] = 5, V[1][2] = -5, V[3][3] = 5, V[0][x] = 0.
  int32_t d[16] = {};
  d[5] = 5;
  csc_pra(d, 0, false, v);
  EXPECT_EQ(v[5], 5);
  EXPECT_EQ(v[6], -5);
  EXPECT_EQ(v[15], 5);
  EXPECT_EQ(v[0], 0);
  // Truncate 1: 2.5 -> 3 and -2.5 -> -3 (half away from zero).
  csc_pra(d, 1, false, v);
  EXPECT_EQ(v[5], 3);
  EXPECT_EQ(v[6], -3);

  // d[1][1] = 100, d[2][2] = -100: column 2 of B^T is b = (-1, 1, 1, 0), so
  // V = 100 (a a^T - b b^T): V[1][2] = 100 (-1 - 1) = -200, saturated to
  // -128 (int8); V[0][0] = -100; V[3][3] = 100; V[1][1] = 0.
  int32_t e[16] = {};
  e[5] = 100;
  e[10] = -100;
  csc_pra(e, 0, false, v);
  EXPECT_EQ(v[6], -128);
  EXPECT_EQ(v[9], -128);
  EXPECT_EQ(v[0], -100);
  EXPECT_EQ(v[15], 100);
  EXPECT_EQ(v[5], 0);
  // int16 keeps -200; truncate 1 halves: -100 (int8 no longer saturates).
  csc_pra(e, 0, true, v);
  EXPECT_EQ(v[6], -200);
  csc_pra(e, 1, false, v);
  EXPECT_EQ(v[6], -100);
  EXPECT_EQ(v[0], -50);
  // int16 saturation: 4 x 32767 at V[1][1] clips to 32767, -4 x 32768 to
  // -32768.
  int32_t big[16];
  std::fill(big, big + 16, 32767);
  csc_pra(big, 0, true, v);
  EXPECT_EQ(v[5], 32767);
  std::fill(big, big + 16, -32768);
  csc_pra(big, 0, true, v);
  EXPECT_EQ(v[5], -32768);
}

TEST(WinogradTransforms, OutputTransformByHand) {
  // M = 1 everywhere: A^T M has rows (3, 3, 3, 3) and (-1, -1, -1, -1);
  // times A: [[9, -3], [-3, 1]].
  int64_t m[16], y[4];
  std::fill(m, m + 16, 1);
  cmac_winograd_output(m, y);
  EXPECT_EQ(y[0], 9);
  EXPECT_EQ(y[1], -3);
  EXPECT_EQ(y[2], -3);
  EXPECT_EQ(y[3], 1);
  // M = e at row 3, column 0: only A^T's row 1 (-1 there) and A's column 0
  // (1 there): Y[1][0] = -1.
  std::fill(m, m + 16, 0);
  m[12] = 1;
  cmac_winograd_output(m, y);
  EXPECT_EQ(y[0], 0);
  EXPECT_EQ(y[1], 0);
  EXPECT_EQ(y[2], -1);
  EXPECT_EQ(y[3], 0);
}

TEST(WinogradLayer, Int8Stride1MatchesDirectConvolution) {
  // 10 x 10 x 20 (C' = 32: lanes 20..31 hold data that meets zero weights),
  // padding 1 on every side with CDMA's pad value -3: WE = HE = 12, output
  // 8 x 8; K = 40 (a full group of 32 and one of 8). |d| <= 30 keeps
  // |B^T d B| <= 120 and |w| <= 7 keeps |U| <= 63: nothing saturates, so
  // the result is 4 x the convolution and CLIP_TRUNCATE 2 removes the 4.
  std::mt19937 rng(1);
  WgLayer l;
  l.w = l.h = 10;
  l.c = 20;
  l.k = 40;
  l.pl = l.pr = l.pt = l.pb = 1;
  l.pad_value = -3;
  l.clip = 2;
  std::vector<int32_t> kernels;
  fill(l, rng, 30, kernels, 3, 3, 7);
  expect_direct(l, kernels, 3, 3);
}

TEST(WinogradLayer, Int8Stride2MatchesDirectConvolution) {
  // A 5 x 5 kernel at stride 2 on 21 x 21 x 8 with padding 2 (left, top)
  // and 1 (right, bottom): 24 / 2 = 12 extended positions, 4 x 32 extended
  // channels, the 5 x 5 kernel folded into 3 x 3 over them (zeros where
  // 2 r + dy or 2 s + dx reach 5).
  std::mt19937 rng(2);
  WgLayer l;
  l.w = l.h = 21;
  l.c = 8;
  l.k = 3;
  l.pl = l.pt = 2;
  l.pr = l.pb = 1;
  l.sx = l.sy = 2;
  l.pad_value = 4;
  l.clip = 2;
  std::vector<int32_t> kernels;
  fill(l, rng, 30, kernels, 5, 5, 7);
  expect_direct(l, kernels, 5, 5);
}

TEST(WinogradLayer, Int8StrideXOnlyMatchesDirectConvolution) {
  // Stride 2 across, 1 down: a 6-wide, 3-high kernel (3 x 3 extended) on
  // 22 x 10 x 40 (two surfaces, C' = 64): (22 + 2) / 2 = 12 across,
  // 1 + 10 + 1 = 12 down; extended channels (dx x 64 + c) for dx = 0, 1.
  std::mt19937 rng(3);
  WgLayer l;
  l.w = 22;
  l.h = 10;
  l.c = 40;  // two surfaces
  l.k = 5;
  l.pl = 0;
  l.pr = 2;
  l.pt = l.pb = 1;
  l.sx = 2;
  l.pad_value = -1;
  l.clip = 2;
  std::vector<int32_t> kernels;
  fill(l, rng, 30, kernels, 3, 6, 7);
  expect_direct(l, kernels, 3, 6);
}

TEST(WinogradLayer, Int16Stride1MatchesDirectConvolution) {
  // int16: 16 lanes per atom, groups of 16 kernels (K = 20: 16 + 4). 14 x 14
  // x 16 with padding 2 left and bottom: WE = HE = 16, output 12 x 12.
  // |d| <= 2000 and |w| <= 2000 keep B^T d B and U within int16 and the
  // convolution within int32.
  std::mt19937 rng(4);
  WgLayer l;
  l.int16 = true;
  l.w = l.h = 14;
  l.c = 16;
  l.k = 20;
  l.pl = l.pb = 2;
  l.pad_value = -1234;
  l.clip = 2;
  std::vector<int32_t> kernels;
  fill(l, rng, 2000, kernels, 3, 3, 2000);
  expect_direct(l, kernels, 3, 3);
}

// Y = A^T (U . V) A summed over the extended channels, V = the truncated,
// saturated B^T d B: matrices as arrays, int64 products, no padding.
int64_t transform_reference(const WgLayer& l, uint32_t x, uint32_t y, uint32_t k) {
  static const int64_t BT[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
  static const int64_t AT[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};
  const int64_t max = l.int16 ? 32767 : 127;
  const uint32_t tx = x / 2 * 2, ty = y / 2 * 2;
  int64_t total = 0;
  for (uint32_t e = 0; e < l.ce(); ++e) {
    int64_t d[4][4], t[4][4], v[4][4];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) d[i][j] = l.in(tx + j, ty + i, e);
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        t[i][j] = 0;
        for (int a = 0; a < 4; ++a)
          for (int b = 0; b < 4; ++b) t[i][j] += BT[i][a] * d[a][b] * BT[j][b];
        v[i][j] = std::clamp<int64_t>(std::llround(double(t[i][j]) / double(1 << l.pra)), -max - 1, max);
      }
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        const int64_t m = v[i][j] * l.u[(size_t(k) * l.ce() + e) * 16 + i * 4 + j];
        total += AT[y % 2][i] * m * AT[x % 2][j];
      }
  }
  return total;
}

void expect_transform_reference(WgLayer l, uint32_t seed) {
  std::mt19937 rng(seed);
  const int32_t max = l.int16 ? 32767 : 127;
  std::uniform_int_distribution<int32_t> any(-max - 1, max);
  l.input.assign(size_t(l.w) * l.h * l.aligned(), 0);
  for (int32_t& v : l.input) v = any(rng);
  l.u.assign(size_t(l.k) * l.ce() * 16, 0);
  for (int32_t& v : l.u) v = any(rng);
  Memory m = memory(l);
  const ConvOutput out = run(l, m);
  for (uint32_t y = 0; y < out.height; ++y)
    for (uint32_t x = 0; x < out.width; ++x)
      for (uint32_t k = 0; k < l.k; ++k)
        ASSERT_EQ(out.at(x, y, k), transform_reference(l, x, y, k)) << "x " << x << " y " << y << " k " << k;
}

TEST(WinogradLayer, PreAdditionTruncationAndSaturationMatchTransformReference) {
  // Full-range data and transformed weights: B^T d B saturates to int8
  // without PRA_TRUNCATE, rounds at 1 and 2. 12 x 12 x 32, no padding.
  WgLayer l;
  l.w = l.h = 12;
  l.c = 32;
  l.k = 8;
  for (uint32_t pra : {0u, 1u, 2u}) {
    l.pra = pra;
    expect_transform_reference(l, 10 + pra);
  }
}

TEST(WinogradLayer, Int16PreAdditionMatchesTransformReference) {
  // int16 full-range data: B^T d B reaches 4 x 32768 and saturates even
  // after PRA_TRUNCATE 1. Weights within +-3 keep the sums within int32, so
  // CLIP_TRUNCATE 0 passes them unchanged: 12 x 12 x 4 (C' = 16).
  WgLayer l;
  l.int16 = true;
  l.w = l.h = 12;
  l.c = 4;
  l.k = 3;
  l.pra = 1;
  std::mt19937 rng(20);
  std::uniform_int_distribution<int32_t> data(-32768, 32767), weight(-3, 3);
  l.input.assign(size_t(l.w) * l.h * l.aligned(), 0);
  for (int32_t& v : l.input) v = data(rng);
  l.u.assign(size_t(l.k) * l.ce() * 16, 0);
  for (int32_t& v : l.u) v = weight(rng);
  Memory m = memory(l);
  const ConvOutput out = run(l, m);
  for (uint32_t y = 0; y < out.height; ++y)
    for (uint32_t x = 0; x < out.width; ++x)
      for (uint32_t k = 0; k < l.k; ++k) ASSERT_EQ(out.at(x, y, k), transform_reference(l, x, y, k));
}

// ---- Refusals: a valid 12 x 12 x 32 int8 layer, one register changed.

WgLayer small_layer() {
  WgLayer l;
  l.w = l.h = 12;
  l.c = 32;
  l.k = 2;
  l.input.assign(size_t(12) * 12 * 32, 1);
  l.u.assign(size_t(2) * 32 * 16, 1);
  return l;
}

std::string problem(const ConvRegisters& r, Config config = Config::NvFull) {
  return conv_unsupported_or_illegal(decode_conv(r, hardware_config(config))).value_or("");
}

// conv_process() refuses before reading memory.
void expect_refused_without_reads(const ConvRegisters& r, Config config = Config::NvFull) {
  size_t reads = 0;
  const ConvLayer layer = decode_conv(r, hardware_config(config));
  EXPECT_THROW(conv_process(layer, [&](bool, uint64_t, uint8_t*, size_t) { ++reads; }), std::invalid_argument);
  EXPECT_EQ(reads, 0u);
}

TEST(WinogradRefusals, ValidLayerRuns) {
  WgLayer l = small_layer();
  EXPECT_EQ(problem(registers(l)), "");
  Memory m = memory(l);
  const ConvOutput out = run(l, m);
  EXPECT_EQ(out.width, 8u);
  EXPECT_GT(m.reads, 0u);
}

TEST(WinogradRefusals, MasterConfigurationsHaveNoWinograd) {
  for (Config config : {Config::NvSmall, Config::NvLarge, Config::NvSmall256Full}) {
    const std::string message = problem(registers(small_layer()), config);
    EXPECT_NE(message.find("D_MISC_CFG.CONV_MODE = WINOGRAD"), std::string::npos) << message;
    EXPECT_NE(message.find(std::string("not supported by ") + hardware_config(config).name), std::string::npos)
        << message;
    EXPECT_NE(message.find("WINOGRAD_DISABLE"), std::string::npos) << message;
    expect_refused_without_reads(registers(small_layer()), config);
  }
}

TEST(WinogradRefusals, IllegalProgramming) {
  const WgLayer l = small_layer();
  struct Case {
    const char* expected;
    void (*change)(ConvRegisters&);
  };
  const Case cases[] = {
      {"D_MISC_CFG.CONV_MODE disagrees (Winograd needs all five units in WINOGRAD): CDMA WINOGRAD, CSC DIRECT",
       [](ConvRegisters& r) { r.csc_misc_cfg &= ~rc::D_MISC_CFG_CONV_MODE.put(1); }},
      {"CMAC_B DIRECT", [](ConvRegisters& r) { r.cmac_b_misc_cfg &= ~regs::cmac_b::D_MISC_CFG_CONV_MODE.put(1); }},
      {"CSC D_CONV_STRIDE_EXT (1, 0) must be 0",
       [](ConvRegisters& r) { r.csc_conv_stride_ext = rc::D_CONV_STRIDE_EXT_CONV_X_STRIDE_EXT.put(1); }},
      {"CSC D_DILATION_EXT must be 0",
       [](ConvRegisters& r) { r.csc_dilation_ext = rc::D_DILATION_EXT_Y_DILATION_EXT.put(1); }},
      {"CSC D_WEIGHT_SIZE_EXT_0 (3x3) must be the 4x4",
       [](ConvRegisters& r) {
         r.csc_weight_size_ext_0 =
             rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(2) | rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(2);
       }},
      {"CDMA D_DATAIN_SIZE_EXT_0.DATAIN_WIDTH_EXT (15) must be",
       [](ConvRegisters& r) {
         r.cdma_datain_size_ext_0 =
             rd::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(15) | rd::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(11);
       }},
      {"multiple of the CDMA D_CONV_STRIDE (2)",
       [](ConvRegisters& r) {
         r.cdma_conv_stride = rd::D_CONV_STRIDE_CONV_Y_STRIDE.put(1);
         r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_BOTTOM.put(1);
       }},
      {"CSC D_DATAIN_SIZE_EXT_0 (16x12) must equal CDMA D_DATAIN_SIZE_EXT_0 (12x12)",
       [](ConvRegisters& r) {
         r.csc_datain_size_ext_0 =
             rc::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(15) | rc::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(11);
       }},
      {"CSC D_DATAIN_SIZE_EXT_1.DATAIN_CHANNEL_EXT (64) must be",
       [](ConvRegisters& r) { r.csc_datain_size_ext_1 = 63; }},
      {"CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_CHANNEL_EXT (16) must equal",
       [](ConvRegisters& r) {
         r.csc_weight_size_ext_1 =
             rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(15) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(1);
       }},
      {"CSC D_DATAOUT_SIZE_0 (10x10) must be CDMA D_DATAIN_SIZE_EXT_0 minus 4",
       [](ConvRegisters& r) {
         r.csc_dataout_size_0 = rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(9) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(9);
       }},
      {"CDMA D_ENTRY_PER_SLICE (3) must be", [](ConvRegisters& r) { r.cdma_entry_per_slice = 3; }},
      {"CDMA D_WEIGHT_SIZE_0.BYTE_PER_KERNEL (288)", [](ConvRegisters& r) { r.cdma_weight_size_0 = 287; }},
      {"CDMA D_CVT_CFG.CVT_EN must be 0", [](ConvRegisters& r) { r.cdma_cvt_cfg = rd::D_CVT_CFG_CVT_EN.put(1); }},
      {"CDMA D_DATAIN_SIZE_1.DATAIN_CHANNEL (19) must be a multiple of 32, minus one",
       [](ConvRegisters& r) { r.cdma_datain_size_1 = 19; }},
      {"CSC D_PRA_CFG.PRA_TRUNCATE (3) must be 0..2", [](ConvRegisters& r) { r.csc_pra_cfg = 3; }},
      {"CDMA D_DATAIN_SIZE_EXT_0.DATAIN_WIDTH_EXT (13) must be a multiple of 4, minus one",
       [](ConvRegisters& r) {
         r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(2);
         r.cdma_datain_size_ext_0 =
             rd::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(13) | rd::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(11);
       }},
      {"CDMA/CSC/CACC D_BATCH_NUMBER must be 0",
       [](ConvRegisters& r) { r.cdma_batch_number = r.csc_batch_number = r.cacc_batch_number = 1; }},
      {"compressed weights (CDMA/CSC D_WEIGHT_FORMAT = COMPRESSED) with Winograd",
       [](ConvRegisters& r) { r.cdma_weight_format = r.csc_weight_format = 1; }},
      {"CDMA/CSC D_DATAIN_FORMAT.DATAIN_FORMAT must be FEATURE",
       [](ConvRegisters& r) {
         r.cdma_datain_format = rd::D_DATAIN_FORMAT_DATAIN_FORMAT.put(rd::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL);
         r.csc_datain_format = 1;
       }},
      {"CDMA D_CVT_CFG.CVT_EN must be 0 for fp16 feature input",
       [](ConvRegisters& r) {
         const uint32_t fp16 = rd::D_MISC_CFG_IN_PRECISION.put(2) | rd::D_MISC_CFG_PROC_PRECISION.put(2) | 1u;
         r.cdma_misc_cfg = r.csc_misc_cfg = fp16;
         r.cmac_a_misc_cfg = r.cmac_b_misc_cfg = r.cacc_misc_cfg = regs::cacc::D_MISC_CFG_PROC_PRECISION.put(2) | 1u;
         r.cdma_cvt_cfg = rd::D_CVT_CFG_CVT_EN.put(1);
       }},
  };
  for (const Case& c : cases) {
    ConvRegisters r = registers(l);
    c.change(r);
    const std::string message = problem(r);
    EXPECT_NE(message.find(c.expected), std::string::npos) << "expected: " << c.expected << "\ngot: " << message;
    expect_refused_without_reads(r);
  }
}

TEST(WinogradRefusals, MasterConfigurationNamedWhateverUnitAsks) {
  // nv_small with only CACC in WINOGRAD: the configuration is named before
  // the disagreement.
  WgLayer l = small_layer();
  ConvRegisters r = registers(l);
  r.cdma_misc_cfg = r.csc_misc_cfg = r.cmac_a_misc_cfg = r.cmac_b_misc_cfg = 0;
  r.cacc_misc_cfg = ra::D_MISC_CFG_CONV_MODE.put(1);
  const std::string message = problem(r, Config::NvSmall);
  EXPECT_NE(message.find("not supported by nv_small (its hardware spec sets WINOGRAD_DISABLE)"), std::string::npos)
      << message;
}

TEST(WinogradRefusals, OutputBelowEightByEight) {
  // 8 x 8 input, no padding: WE = 8, output 4 x 4 (a multiple of 4, but the
  // programming guide asks for at least 8).
  WgLayer l = small_layer();
  l.w = l.h = 8;
  const std::string message = problem(registers(l));
  EXPECT_NE(message.find("CSC D_DATAOUT_SIZE_0 (4x4) must be at least 8x8"), std::string::npos) << message;
}

// ---- fp16 Winograd (nv_full). Hand computations in the comments; the
// layers use data in multiples of 1/8 within +-3/8 and 3x3 kernels g in
// {-1/2, 0, 1/2}, so U = G g G^T (nvdla/doc format.rst G: rows (1 0 0),
// (1/2 1/2 1/2), (1/2 -1/2 1/2), (0 0 1)) is a multiple of 1/8 within
// +-9/8 and B^T d B one within +-12/8: every pre-added value and weight is
// 0 or in exponent group 3 (fields 12..15, [1/8, 2)), so every product has
// the block exponent, nothing is shifted, the Booth products, their sums
// and the FP48 accumulation are exact, and each output is the plain
// convolution (a multiple of 1/64, exact in fp32).

float as_float(int32_t bits) {
  float f;
  const uint32_t u = static_cast<uint32_t>(bits);
  std::memcpy(&f, &u, sizeof f);
  return f;
}

TEST(WinogradFp16Transforms, PreAdditionByHand) {
  // d = 1.0 (0x3C00) everywhere: as in the integer case only V[1][1] =
  // 2 + 2 = 4.0 (0x4400); every other element is a zero (1 - 1).
  uint16_t ones[16], v[16];
  std::fill(ones, ones + 16, uint16_t(0x3C00));
  csc_pra_fp16(ones, v);
  for (int p = 0; p < 16; ++p) {
    if (p == 5) {
      EXPECT_EQ(v[p], 0x4400) << p;
    } else {
      EXPECT_EQ(v[p] & 0x7FFF, 0) << p;
    }
  }
  // FP17 rounding in the first stage: d[1][1] = 2048 (0x6800), d[1][2] =
  // -2048 (0xE800), d[2][1] = 1 (0x3C00). M = B^T d: row 0 = (0, -1, 0, 0);
  // row 1 = (0, 2048 + 1, -2048, 0) where 2049 needs 12 bits and rounds
  // (tie, to even) to 2048; row 2 = (0, 1 - 2048 = -2047, 2048, 0); row 3 =
  // (0, 2048, -2048, 0). V = M B, per row (m0 - m2, m1 + m2, m2 - m1,
  // m1 - m3): row 0 (0, -1, 1, -1); row 1 (2048, 2048 - 2048 = 0 (exact
  // arithmetic: 1), -4096 (exact: -4097), 2048 (exact: 2049)); row 2
  // (-2048, 1, 2048 + 2047 = 4095 -> a tie between 4094 and 4096, to even
  // 4096, -2047); row 3 as row 1.
  uint16_t d[16] = {};
  d[5] = 0x6800;
  d[6] = 0xE800;
  d[9] = 0x3C00;
  csc_pra_fp16(d, v);
  const uint16_t expected[16] = {0x0000, 0xBC00, 0x3C00, 0xBC00,   // 0, -1, 1, -1
                                 0x6800, 0x0000, 0xEC00, 0x6800,   // 2048, 0, -4096, 2048
                                 0xE800, 0x3C00, 0x6C00, 0xE7FF,   // -2048, 1, 4096, -2047
                                 0x6800, 0x0000, 0xEC00, 0x6800};  // 2048, 0, -4096, 2048
  for (int p = 0; p < 16; ++p) {
    if (expected[p] == 0) {
      EXPECT_EQ(v[p] & 0x7FFF, 0) << p;
    } else {
      EXPECT_EQ(v[p], expected[p]) << p;
    }
  }
  // PRA_TRUNCATE plays no part for fp16 (the cell's fp16 branch never
  // reads cfg_truncate): there is no argument for it.
  // NaN: d[1][1] = 0x7E01, the rest +0. M[1][1] = NaN + 0 = the NaN
  // (FpAdd returns a NaN a), M[2][1] = 0 - NaN: FpSub flips b's sign, so
  // -NaN (0xFE01 payload). V[1][1] = M[1][1] + M[1][2] = +NaN; V[1][2] =
  // M[1][2] - M[1][1] = -NaN; V[2][1] = M[2][1] + M[2][2] = -NaN; V[2][2] =
  // M[2][2] - M[2][1] = +NaN; V[0][0] = 0 - 0.
  uint16_t n[16] = {};
  n[5] = 0x7E01;
  csc_pra_fp16(n, v);
  EXPECT_EQ(v[5], 0x7E01);
  EXPECT_EQ(v[6], 0xFE01);
  EXPECT_EQ(v[9], 0xFE01);
  EXPECT_EQ(v[10], 0x7E01);
  EXPECT_EQ(v[0] & 0x7FFF, 0);
}

TEST(WinogradFp16Transforms, CmacByHand) {
  // Data 1.0 at all 64 pairs, weight 1.0 on channel 0 of each position,
  // +0 elsewhere (masked). 1.0 = field 15: group 3, significand 1024 << 3
  // = 2^13; group sum 6 = the block's, E = 24, each product 2^26 exactly.
  // pp_phase1 = 2^26 at every position; A^T M A of a constant M is
  // [[9, -3], [-3, 1]] x 2^26: words (24, 9 x 2^26), (24, -3 x 2^26) ...,
  // values 9, -3, -3, 1 (x 2^(24 - 50)).
  uint16_t data[64], weights[64];
  std::fill(data, data + 64, uint16_t(0x3C00));
  for (int i = 0; i < 64; ++i) weights[i] = i % 4 == 0 ? 0x3C00 : 0;
  uint64_t words[4];
  cmac_fp16_winograd(data, weights, words);
  const uint64_t mask38 = (uint64_t(1) << 38) - 1;
  const int64_t y[4] = {9, -3, -3, 1};
  const uint32_t fp32[4] = {0x41100000u, 0xC0400000u, 0xC0400000u, 0x3F800000u};  // 9, -3, -3, 1
  for (int j = 0; j < 4; ++j) {
    EXPECT_EQ(words[j], (uint64_t(24) << 38) | (uint64_t(y[j] * (int64_t(1) << 26)) & mask38)) << j;
    EXPECT_EQ(cacc_fp48_to_fp32(cacc_fp48_add(0, words[j])), fp32[j]) << j;
  }
  // NaN: a weight NaN 0xFC01 at pair 37 and a data NaN 0x7E00 at pair 5:
  // the weights are searched first, so all four words are exponent 63, sign
  // 1 (bit 37), payload 1 (bits [36:27]).
  weights[37] = 0xFC01;
  data[5] = 0x7E00;
  cmac_fp16_winograd(data, weights, words);
  const uint64_t nan_word = (uint64_t(63) << 38) | (uint64_t(1) << 37) | (uint64_t(1) << 27);
  for (int j = 0; j < 4; ++j) EXPECT_EQ(words[j], nan_word) << j;
}

// fp16 input in multiples of 1/8 within +-3/8 (all lanes: those past c meet
// zero weights) and 3x3-foldable kernels [k][r][s][c] in {-1/2, 0, 1/2};
// U = G g G^T over the extended channels, as fp16 patterns.
void fill_fp16(WgLayer& l, std::mt19937& rng, std::vector<double>& kernels, uint32_t R, uint32_t S) {
  std::uniform_int_distribution<int32_t> eighths(-3, 3), halves(-1, 1);
  l.input.assign(size_t(l.w) * l.h * l.aligned(), 0);
  for (int32_t& v : l.input) v = double_to_fp16(eighths(rng) / 8.0);
  kernels.assign(size_t(l.k) * R * S * l.c, 0.0);
  for (double& v : kernels) v = halves(rng) / 2.0;
  static const double G[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  const uint32_t ce = l.ce(), aligned = l.aligned();
  l.u.assign(size_t(l.k) * ce * 16, 0);
  for (uint32_t k = 0; k < l.k; ++k) {
    for (uint32_t e = 0; e < ce; ++e) {
      const uint32_t ch = e % aligned, dy = e / aligned / l.sx, dx = e / aligned % l.sx;
      double g[3][3] = {};
      for (uint32_t r = 0; r < 3; ++r)
        for (uint32_t s = 0; s < 3; ++s) {
          const uint32_t kr = r * l.sy + dy, ks = s * l.sx + dx;
          if (ch < l.c && kr < R && ks < S) g[r][s] = kernels[((size_t(k) * R + kr) * S + ks) * l.c + ch];
        }
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
          double sum = 0;
          for (int r = 0; r < 3; ++r)
            for (int s = 0; s < 3; ++s) sum += G[i][r] * g[r][s] * G[j][s];
          const uint16_t bits = double_to_fp16(sum);
          ASSERT_EQ(fp16_to_double(bits), sum);  // a multiple of 1/8 below 2: exact
          l.u[(size_t(k) * ce + e) * 16 + i * 4 + j] = bits;
        }
    }
  }
}

// The plain strided convolution in double (exact here) of the padded input.
double direct_fp16(const WgLayer& l, const std::vector<double>& kernels, uint32_t R, uint32_t S, uint32_t x,
                   uint32_t y, uint32_t k, double pad) {
  double sum = 0;
  for (uint32_t r = 0; r < R; ++r)
    for (uint32_t s = 0; s < S; ++s) {
      const int64_t px = int64_t(x) * l.sx + s - l.pl, py = int64_t(y) * l.sy + r - l.pt;
      const bool inside = px >= 0 && px < l.w && py >= 0 && py < l.h;
      for (uint32_t ch = 0; ch < l.c; ++ch) {
        const double v = inside ? fp16_to_double(uint16_t(l.in(uint32_t(px), uint32_t(py), ch))) : pad;
        sum += v * kernels[((size_t(k) * R + r) * S + s) * l.c + ch];
      }
    }
  return sum;
}

void expect_direct_fp16(const WgLayer& l, const std::vector<double>& kernels, uint32_t R, uint32_t S) {
  Memory m = memory(l);
  const ConvOutput out = run(l, m);
  ASSERT_EQ(out.width, l.we() - 4);
  ASSERT_EQ(out.height, l.he() - 4);
  ASSERT_EQ(out.channels, l.k);
  EXPECT_EQ(out.lanes, 16u);
  EXPECT_TRUE(out.fp32);
  EXPECT_TRUE(out.winograd);
  EXPECT_EQ(out.nan_input_data, 0u);
  EXPECT_EQ(out.inf_input_data, 0u);
  const double pad = fp16_to_double(uint16_t(l.pad_value));
  for (uint32_t y = 0; y < out.height; ++y)
    for (uint32_t x = 0; x < out.width; ++x)
      for (uint32_t k = 0; k < l.k; ++k)
        ASSERT_EQ(as_float(out.at(x, y, k)), float(direct_fp16(l, kernels, R, S, x, y, k, pad)))
            << "x " << x << " y " << y << " k " << k;
}

TEST(WinogradFp16Layer, Stride1MatchesDirectConvolution) {
  // 10 x 10 x 11 (C' = 16), padding 1 with CDMA's pad value 1/8 (0x3000):
  // WE = HE = 12, output 8 x 8; K = 17 (groups of 16 and 1). PRA_TRUNCATE
  // 2 is ignored for fp16.
  std::mt19937 rng(31);
  WgLayer l;
  l.fp16 = true;
  l.w = l.h = 10;
  l.c = 11;
  l.k = 17;
  l.pl = l.pr = l.pt = l.pb = 1;
  l.pad_value = 0x3000;
  l.pra = 2;
  std::vector<double> kernels;
  fill_fp16(l, rng, kernels, 3, 3);
  expect_direct_fp16(l, kernels, 3, 3);
}

TEST(WinogradFp16Layer, Stride2MatchesDirectConvolution) {
  // A 5 x 5 kernel at stride 2 on 21 x 21 x 16, padding 2 (left, top) and
  // 1 (right, bottom), pad value -3/8 (0xB600): 12 x 12 extended positions,
  // 64 extended channels (16 blocks of 4).
  std::mt19937 rng(32);
  WgLayer l;
  l.fp16 = true;
  l.w = l.h = 21;
  l.c = 16;
  l.k = 3;
  l.pl = l.pt = 2;
  l.pr = l.pb = 1;
  l.sx = l.sy = 2;
  l.pad_value = int16_t(0xB600);
  std::vector<double> kernels;
  fill_fp16(l, rng, kernels, 5, 5);
  expect_direct_fp16(l, kernels, 5, 5);
}

TEST(WinogradFp16Layer, NanCountsFlushAndPropagation) {
  // 10 x 10 x 12 (C' = 16), padding 1 with the NaN 0xFE00 as CDMA's pad
  // value, a NaN 0x7E01 at (4, 6) lane 14 and an Inf at (7, 2) lane 13
  // (lanes 12..15 meet zero weights). CDMA counts the extended cube,
  // padding included: 12 x 12 - 10 x 10 = 44 padded positions x 16 lanes
  // = 704 NaNs, plus the input's one: 705; one Inf.
  std::mt19937 rng(33);
  WgLayer l;
  l.fp16 = true;
  l.w = l.h = 10;
  l.c = 12;
  l.k = 3;
  l.pl = l.pr = l.pt = l.pb = 1;
  l.pad_value = int16_t(0xFE00);
  std::vector<double> kernels;
  fill_fp16(l, rng, kernels, 3, 3);
  l.in(4, 6, 14) = 0x7E01;
  l.in(7, 2, 13) = 0x7C00;
  // D_NAN_FLUSH_TO_ZERO: every NaN (padding included) becomes +0 and the
  // Inf meets zero weights (masked pairs): the convolution with pad 0.
  l.nan_flush = true;
  {
    Memory m = memory(l);
    const ConvOutput out = run(l, m);
    EXPECT_EQ(out.nan_input_data, 705u);
    EXPECT_EQ(out.inf_input_data, 1u);
    EXPECT_EQ(out.nan_input_weight, 0u);
    for (uint32_t y = 0; y < out.height; ++y)
      for (uint32_t x = 0; x < out.width; ++x)
        for (uint32_t k = 0; k < l.k; ++k)
          ASSERT_EQ(as_float(out.at(x, y, k)), float(direct_fp16(l, kernels, 3, 3, x, y, k, 0.0)))
              << "x " << x << " y " << y << " k " << k;
  }
  // Without the flush: CMAC's NaN search ignores the zero mask, so a tile
  // whose 4x4 window (extended columns and rows 2 tx .. 2 tx + 3, at most
  // 9: the output is WE - 4 = 8 wide) holds padding (extended row or
  // column 0; 11 is in no window) or the lane-14 NaN (extended (5, 7))
  // gives NaN at all four outputs of every kernel; the other tiles are
  // the convolution (they see neither; the Inf meets zero weights).
  l.nan_flush = false;
  Memory m = memory(l);
  const ConvOutput out = run(l, m);
  EXPECT_EQ(out.nan_input_data, 705u);
  EXPECT_EQ(out.inf_input_data, 1u);
  for (uint32_t y = 0; y < out.height; ++y)
    for (uint32_t x = 0; x < out.width; ++x) {
      const uint32_t x0 = x / 2 * 2, y0 = y / 2 * 2;
      const bool padding = x0 == 0 || y0 == 0;
      const bool nan = x0 <= 5 && 5 <= x0 + 3 && y0 <= 7 && 7 <= y0 + 3;
      for (uint32_t k = 0; k < l.k; ++k) {
        const uint32_t bits = static_cast<uint32_t>(out.at(x, y, k));
        if (padding || nan) {
          EXPECT_TRUE(fp32_is_nan(bits)) << "x " << x << " y " << y << " k " << k;
        } else {
          EXPECT_EQ(as_float(out.at(x, y, k)), float(direct_fp16(l, kernels, 3, 3, x, y, k, 0.0)))
              << "x " << x << " y " << y << " k " << k;
        }
      }
    }
}

}  // namespace
}  // namespace acosim::nvdla

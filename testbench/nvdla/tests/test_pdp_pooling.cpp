// The PDP pooling datapath against hand computations, the split-width worked
// example of nv_small pdp_16x6x16_4x2_split_max_int8_0 and an independent
// window-by-window reference written here (it shares no code with
// pdp_pooling.cpp: it walks every kernel position of every window, counts
// the padded ones and rounds by integer division).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/nvdla/float16.h"
#include "systemc/nvdla/pdp_pooling.h"

namespace acosim::nvdla {
namespace {

// ---------------------------------------------------------------------------
// Independent reference

int64_t wrap(int64_t v, unsigned bits) {
  const int64_t m = int64_t(1) << bits;
  v %= m;
  if (v < 0) v += m;
  return v >= m / 2 ? v - m : v;
}

// PAD_VALUE_nX as the C model holds it: a set sign bit at width w - 1
// replaces everything from bit w up by ones; a clear one keeps the raw value.
int64_t reference_pad_value(Precision p, unsigned n, uint32_t raw) {
  static const unsigned kInt8[7] = {8, 9, 10, 10, 11, 11, 11};
  static const unsigned kInt16[7] = {16, 17, 18, 18, 19, 19, 19};
  const unsigned w = (p == Precision::Int8 ? kInt8 : kInt16)[n - 1];
  raw &= 0x7FFFF;
  int64_t v = raw;
  if ((raw >> (w - 1)) & 1) v = int64_t(raw % (1u << w)) - (int64_t(1) << w);
  return wrap(v, p == Precision::Int8 ? 16 : 32);
}

// t / 65536 rounded half away from zero, by truncating division.
int64_t reference_round(int64_t t) {
  int64_t q = t / 65536;
  const int64_t r = t % 65536;
  if (2 * (r < 0 ? -r : r) >= 65536) q += t < 0 ? -1 : 1;
  return q;
}

// One output element of the unsplit layer.
int32_t reference_pool(const PoolingConfig& c, const PackedCube& in, uint32_t s, uint32_t oh,
                       uint32_t ow, uint32_t lane) {
  const int64_t x0 = int64_t(ow) * c.stride_width - c.pad_left;
  const int64_t y0 = int64_t(oh) * c.stride_height - c.pad_top;
  int64_t sum = 0;
  bool any = false;
  int32_t best = 0;
  unsigned padded_columns = 0, padded_rows = 0;
  for (uint32_t kx = 0; kx < c.kernel_width; ++kx) {
    const int64_t x = x0 + kx;
    if (x < 0 || x >= c.in_width) ++padded_columns;
  }
  for (uint32_t ky = 0; ky < c.kernel_height; ++ky) {
    const int64_t y = y0 + ky;
    if (y < 0 || y >= c.in_height) {
      ++padded_rows;
      continue;
    }
    for (uint32_t kx = 0; kx < c.kernel_width; ++kx) {
      const int64_t x = x0 + kx;
      if (x < 0 || x >= c.in_width) continue;
      const int32_t v = in.lane(s, uint32_t(y), uint32_t(x), lane);
      sum += v;
      if (!any) {
        best = v;
      } else if (c.method == PdpPoolingMethod::Max) {
        best = std::max(best, v);
      } else {
        best = std::min(best, v);
      }
      any = true;
    }
  }
  if (c.method != PdpPoolingMethod::Average) return best;
  const unsigned real_rows = c.kernel_height - padded_rows;
  if (padded_columns > 0)
    sum += int64_t(real_rows) *
           reference_pad_value(c.precision, padded_columns, c.pad_value[padded_columns - 1]);
  if (padded_rows > 0)
    sum += int64_t(c.kernel_width) *
           reference_pad_value(c.precision, padded_rows, c.pad_value[padded_rows - 1]);
  sum = wrap(sum, c.precision == Precision::Int8 ? 16 : 32);
  const int64_t by_width = wrap(reference_round(sum * c.recip_width), 32);
  return int32_t(
      wrap(reference_round(by_width * c.recip_height), c.precision == Precision::Int8 ? 8 : 16));
}

// Every lane of every output atom, against the reference.
void expect_matches_reference(const PoolingConfig& c, const PackedCube& in, const PackedCube& out,
                              const std::string& what) {
  const CubeGeometry& g = out.geometry;
  for (uint32_t s = 0; s < g.surfaces(); ++s)
    for (uint32_t oh = 0; oh < g.height; ++oh)
      for (uint32_t ow = 0; ow < g.width; ++ow)
        for (uint32_t l = 0; l < g.elements_per_atom(); ++l) {
          const int32_t expected = reference_pool(c, in, s, oh, ow, l);
          const int32_t got = out.lane(s, oh, ow, l);
          ASSERT_EQ(got, expected)
              << what << " at surface " << s << " line " << oh << " column " << ow << " lane " << l;
        }
}

PackedCube random_cube(const CubeGeometry& g, std::mt19937& rng) {
  PackedCube cube(g);
  for (auto& b : cube.bytes) b = uint8_t(rng());
  return cube;
}

PoolingConfig layer(PdpPoolingMethod method, Precision p, uint32_t w, uint32_t h, uint32_t c) {
  PoolingConfig config;
  config.method = method;
  config.precision = p;
  config.in_width = w;
  config.in_height = h;
  config.in_channels = config.out_channels = c;
  return config;
}

// Kernel, stride, padding and output size along one axis with
// extent + before + after = (outputs - 1) * stride + kernel.
struct Axis {
  uint32_t extent, kernel, stride, before, after, outputs;
};
Axis random_axis(std::mt19937& rng) {
  for (;;) {
    Axis a;
    a.kernel = 1 + rng() % 8;
    a.stride = 1 + rng() % 5;
    a.before = rng() % a.kernel;
    a.after = rng() % a.kernel;
    a.outputs = 1 + rng() % 6;
    const int64_t extent = int64_t(a.outputs - 1) * a.stride + a.kernel - a.before - a.after;
    if (extent < 1) continue;
    a.extent = uint32_t(extent);
    return a;
  }
}

uint32_t random_recip(std::mt19937& rng, uint32_t kernel) {
  // Mostly the firmware's floor(65536 / K), sometimes any 17-bit value.
  return rng() % 4 == 0 ? rng() % 0x20000 : 65536 / kernel;
}

uint32_t random_pad_value(std::mt19937& rng, Precision p, unsigned n) {
  switch (rng() % 3) {
    case 0:
      return rng() % 0x80000;  // any 19-bit word, including the unextended quirk
    case 1: {
      // n times a pad value of the element type, as a 19-bit two's complement field.
      const int32_t v = p == Precision::Int8 ? int32_t(int8_t(rng())) : int32_t(int16_t(rng()));
      return uint32_t(int32_t(n) * v) & 0x7FFFF;
    }
    default:
      return 0;
  }
}

// ---------------------------------------------------------------------------
// Feature cube layout

TEST(FeatureCube, PackedOrderIsSurfaceLineColumnLane) {
  // nv_small atom: 8 int8 lanes. 3x2x10 -> 2 surfaces, lanes 2..7 of the
  // second one are beyond C but exist.
  PackedCube cube(CubeGeometry{3, 2, 10, Precision::Int8, 8});
  EXPECT_EQ(cube.geometry.surfaces(), 2u);
  EXPECT_EQ(cube.bytes.size(), 2u * 2 * 3 * 8);
  cube.set(2, 1, 9, -5);  // w 2, h 1, c 9 -> surface 1, lane 1
  // ((1 * 2 + 1) * 3 + 2) * 8 + 1 = 89
  EXPECT_EQ(cube.bytes[89], 0xFB);
  cube.set_lane(1, 1, 2, 7, 100);  // a lane beyond C
  EXPECT_EQ(cube.bytes[((1 * 2 + 1) * 3 + 2) * 8 + 7], 100);
  EXPECT_EQ(cube.at(2, 1, 15), 100);
}

TEST(FeatureCube, SixteenBitElementsAreLittleEndian) {
  // nv_full atom of 32 bytes holds 16 int16 lanes; 1x1x20 -> 2 surfaces.
  PackedCube cube(CubeGeometry{1, 1, 20, Precision::Int16, 32});
  EXPECT_EQ(cube.geometry.elements_per_atom(), 16u);
  EXPECT_EQ(cube.geometry.surfaces(), 2u);
  cube.set(0, 0, 17, -2);  // surface 1, lane 1: byte 32 + 2
  EXPECT_EQ(cube.bytes[34], 0xFE);
  EXPECT_EQ(cube.bytes[35], 0xFF);
  EXPECT_EQ(cube.at(0, 0, 17), -2);
  PackedCube fp(CubeGeometry{1, 1, 1, Precision::Fp16, 32});
  fp.set(0, 0, 0, 0xBC00);
  EXPECT_EQ(fp.at(0, 0, 0), 0xBC00);  // fp16 patterns read back zero-extended
}

TEST(FeatureCube, BadGeometryAndOutOfRangeAccessAreRefused) {
  EXPECT_THROW(PackedCube(CubeGeometry{0, 1, 1, Precision::Int8, 8}), std::invalid_argument);
  EXPECT_THROW(PackedCube(CubeGeometry{1, 1, 1, Precision::Int16, 7}), std::invalid_argument);
  PackedCube cube(CubeGeometry{2, 2, 8, Precision::Int8, 8});
  EXPECT_THROW(cube.at(2, 0, 0), std::out_of_range);
  EXPECT_THROW(cube.at(0, 0, 8), std::out_of_range);
}

// ---------------------------------------------------------------------------
// PAD_VALUE sign extension and the rounding step

TEST(PadValue, Int8SignExtendsFromEightToElevenBits) {
  EXPECT_EQ(pad_value_extended(Precision::Int8, 1, 0x4D), 77);
  EXPECT_EQ(pad_value_extended(Precision::Int8, 1, 0x80), -128);    // bit 7 set
  EXPECT_EQ(pad_value_extended(Precision::Int8, 2, 0x100), -256);   // 9 bits: bit 8 set
  EXPECT_EQ(pad_value_extended(Precision::Int8, 2, 0x9A), 154);     // 2 x 77
  EXPECT_EQ(pad_value_extended(Precision::Int8, 3, 0x200), -512);   // 10 bits
  EXPECT_EQ(pad_value_extended(Precision::Int8, 4, 0x3FF), -1);     // 10 bits, all ones
  EXPECT_EQ(pad_value_extended(Precision::Int8, 7, 0x400), -1024);  // 11 bits
  EXPECT_EQ(pad_value_extended(Precision::Int8, 7, 0x3FF), 1023);
  // A set sign bit wins over any higher raw bits: 0x7FF80 from bit 7 is -128.
  EXPECT_EQ(pad_value_extended(Precision::Int8, 1, 0x7FF80), -128);
}

TEST(PadValue, ClearSignBitKeepsTheRawValueQuirk) {
  // Bit 7 of 0x100 is 0: the raw 0x100 = 256 is used (not 0).
  EXPECT_EQ(pad_value_extended(Precision::Int8, 1, 0x100), 256);
  // 0x0E0F0 has bit 8 clear: raw 57584, held in 16 bits = 0xE0F0 = -7952.
  EXPECT_EQ(pad_value_extended(Precision::Int8, 2, 0x0E0F0), -7952);
  // INT16, PAD_VALUE_2X (17 bits): 0x60000 has bit 16 clear, kept as 393216.
  EXPECT_EQ(pad_value_extended(Precision::Int16, 2, 0x60000), 393216);
  EXPECT_EQ(pad_value_extended(Precision::Int16, 1, 0x8000), -32768);
  EXPECT_EQ(pad_value_extended(Precision::Int16, 5, 0x40000), -262144);  // 19 bits
  EXPECT_EQ(pad_value_extended(Precision::Int16, 1, 0x10000), 65536);    // bit 15 clear
  // Only the 19 register bits count.
  EXPECT_EQ(pad_value_extended(Precision::Int8, 1, 0xFFF80005), 5);
}

TEST(PadValue, RegistersOutsideOneToSevenAndFp16AreRefused) {
  EXPECT_THROW(pad_value_extended(Precision::Int8, 0, 1), std::invalid_argument);
  EXPECT_THROW(pad_value_extended(Precision::Int8, 8, 1), std::invalid_argument);
  EXPECT_THROW(pad_value_extended(Precision::Fp16, 1, 0x7C00), std::invalid_argument);
}

TEST(ReciprocalMultiply, RoundsHalfAwayFromZero) {
  EXPECT_EQ(pdp_reciprocal_multiply(290, 0x8000), 145);   // 145.0
  EXPECT_EQ(pdp_reciprocal_multiply(145, 0x8000), 73);    // 72.5 -> 73
  EXPECT_EQ(pdp_reciprocal_multiply(-145, 0x8000), -73);  // -72.5 -> -73
  EXPECT_EQ(pdp_reciprocal_multiply(281, 0x8000), 141);   // 140.5 -> 141
  EXPECT_EQ(pdp_reciprocal_multiply(1, 0x8000), 1);       // 0.5 -> 1
  EXPECT_EQ(pdp_reciprocal_multiply(-1, 0x8000), -1);     // -0.5 -> -1
  EXPECT_EQ(pdp_reciprocal_multiply(3, 0x5555), 1);       // 65535/65536 -> 1
  EXPECT_EQ(pdp_reciprocal_multiply(-4, 0x3333), -1);     // -0.79999 -> -1
  EXPECT_EQ(pdp_reciprocal_multiply(1, 0x7FFF), 0);       // 0.49998 -> 0
  EXPECT_EQ(pdp_reciprocal_multiply(0, 0x1FFFF), 0);
}

// ---------------------------------------------------------------------------
// Hand-computed layers

TEST(PoolingInt8, AverageRoundsTwiceTiesAwayFromZero) {
  // 2x2 kernel, stride 2, no padding on a 2x2x1 cube, reciprocals 1/2.
  PoolingConfig c = layer(PdpPoolingMethod::Average, Precision::Int8, 2, 2, 1);
  c.kernel_width = c.kernel_height = 2;
  c.stride_width = c.stride_height = 2;
  c.recip_width = c.recip_height = 0x8000;
  PackedCube in(c.input_geometry(8));
  // Lane 0: 1 1 / 1 2 -> S = 5: rnd(2.5) = 3, rnd(1.5) = 2 (exact mean 1.25).
  // Lane 1: negatives -> S = -5: rnd(-2.5) = -3, rnd(-1.5) = -2.
  // Lane 2: 100 100 / 100 101 -> S = 401: rnd(200.5) = 201, rnd(100.5) = 101.
  const int32_t values[3][4] = {{1, 1, 1, 2}, {-1, -1, -1, -2}, {100, 100, 100, 101}};
  for (uint32_t lane = 0; lane < 3; ++lane)
    for (uint32_t i = 0; i < 4; ++i) in.set_lane(0, i / 2, i % 2, lane, values[lane][i]);
  const PackedCube out = pool(c, in);
  EXPECT_EQ(out.geometry.width, 1u);
  EXPECT_EQ(out.at(0, 0, 0), 2);
  EXPECT_EQ(out.at(0, 0, 1), -2);
  EXPECT_EQ(out.at(0, 0, 2), 101);
}

// The nv_small pdp_1x1x1_3x3_ave_int8_0 geometry: one element, 3x3 kernel,
// stride 2, PAD_LEFT = PAD_TOP = 2: two padded columns, two padded rows, one
// real row, so S = x + 1 * PAD_VALUE_2X + 3 * PAD_VALUE_2X, reciprocals
// 0x5555 (21845).
PoolingConfig one_element_layer(Precision p, uint32_t pad_value_2x) {
  PoolingConfig c = layer(PdpPoolingMethod::Average, p, 1, 1, 1);
  c.kernel_width = c.kernel_height = 3;
  c.stride_width = c.stride_height = 2;
  c.pad_left = c.pad_top = 2;
  c.pad_value[1] = pad_value_2x;
  c.recip_width = c.recip_height = 0x5555;
  return c;
}

TEST(PoolingInt8, PadValueSignExtensionInAnAverage) {
  // PAD_VALUE_2X = 0x1F0: bit 8 set -> 0x1F0 - 0x200 = -16. S = 10 - 64 = -54;
  // -54 * 21845 / 65536 = -17.9997 -> -18; -18 * 21845 / 65536 = -5.9999 -> -6.
  PoolingConfig c = one_element_layer(Precision::Int8, 0x1F0);
  PackedCube in(c.input_geometry(8));
  in.set(0, 0, 0, 10);
  EXPECT_EQ(pool(c, in).at(0, 0, 0), -6);
}

TEST(PoolingInt8, UnextendedPadValueQuirkChangesTheAverage) {
  // PAD_VALUE_2X = 0x0E0F0: bit 8 clear, so the raw word is used and held in
  // 16 bits: 0xE0F0 = -7952 (a clean 9-bit value would be 0xF0 = 240).
  // S = 10 + 4 * -7952 = -31798; -31798 * 21845 / 65536 = -10599.17 -> -10599;
  // -10599 * 21845 / 65536 = -3532.95 -> -3533; as int8: -3533 + 14 * 256 = 51.
  PoolingConfig c = one_element_layer(Precision::Int8, 0x0E0F0);
  PackedCube in(c.input_geometry(8));
  in.set(0, 0, 0, 10);
  EXPECT_EQ(pool(c, in).at(0, 0, 0), 51);
}

TEST(PoolingInt8, SumWrapsInSixteenBits) {
  // PAD_VALUE_2X = 0x0C0F0 -> 0xC0F0 = -16144. S = 10 - 64576 = -64566, held
  // in the 16-bit accumulator: -64566 + 65536 = 970. 970 * 21845 / 65536 =
  // 323.33 -> 323; 323 * 21845 / 65536 = 107.67 -> 108.
  PoolingConfig c = one_element_layer(Precision::Int8, 0x0C0F0);
  PackedCube in(c.input_geometry(8));
  in.set(0, 0, 0, 10);
  EXPECT_EQ(pool(c, in).at(0, 0, 0), 108);
}

TEST(PoolingInt8, ElementsPlusPadTermWrapInSixteenBits) {
  // W 7, H 8, kernel 8x8, stride 1, PAD_LEFT 1: one window with one padded
  // column and 8 real rows: S = 56 * 127 + 8 * PAD_VALUE_1X. PAD_VALUE_1X =
  // 0x0F00 (bit 7 clear: 3840 as it is). S = 7112 + 30720 = 37832, held in 16
  // bits: 37832 - 65536 = -27704. Reciprocals 0x2492 (9362):
  // -27704 * 9362 / 65536 = -3957.58 -> -3958; -3958 * 9362 / 65536 =
  // -565.41 -> -565; as int8: -565 + 3 * 256 = 203 -> -53. (Unwrapped, S
  // would give 5404, 772 and 4.)
  PoolingConfig c = layer(PdpPoolingMethod::Average, Precision::Int8, 7, 8, 1);
  c.kernel_width = c.kernel_height = 8;
  c.pad_left = 1;
  c.pad_value[0] = 0x0F00;
  c.recip_width = c.recip_height = 0x2492;
  PackedCube in(c.input_geometry(8));
  for (uint32_t h = 0; h < 8; ++h)
    for (uint32_t w = 0; w < 7; ++w) in.set(w, h, 0, 127);
  EXPECT_EQ(pool(c, in).at(0, 0, 0), -53);
}

TEST(PoolingInt16, UnextendedPadValueQuirkAndOutputWrap) {
  // INT16 PAD_VALUE_2X (17 bits) = 0x60000: bit 16 clear, raw 393216 kept.
  // S = 10 + 4 * 393216 = 1572874; * 21845 / 65536 = 524283.3 -> 524283;
  // * 21845 / 65536 = 174757.97 -> 174758; as int16: 174758 - 3 * 65536 = -21850.
  PoolingConfig c = one_element_layer(Precision::Int16, 0x60000);
  PackedCube in(c.input_geometry(32));
  in.set(0, 0, 0, 10);
  EXPECT_EQ(pool(c, in).at(0, 0, 0), -21850);
}

TEST(PoolingInt8, BothSidesPaddedUseOneCombinedRegister) {
  // nv_small pdp_1x3x8_8x8_ave_int8_0 geometry on one lane: W = 1, H = 3,
  // kernel 8x8, stride 1, pads 1/2/6/3. The window has 7 padded columns
  // (1 left + 6 right) -> PAD_VALUE_7X once per real row, and 5 padded rows
  // -> 8 * PAD_VALUE_5X. With PAD_VALUE_nX = n * 127:
  // S = (1 + 2 + 3) + 3 * 889 + 8 * 635 = 6 + 2667 + 5080 = 7753;
  // 7753 * 0x2000 / 65536 = 969.125 -> 969; 969 / 8 = 121.125 -> 121.
  PoolingConfig c = layer(PdpPoolingMethod::Average, Precision::Int8, 1, 3, 8);
  c.out_width = c.out_height = 1;
  c.kernel_width = c.kernel_height = 8;
  c.pad_left = 1;
  c.pad_top = 2;
  c.pad_right = 6;
  c.pad_bottom = 3;
  for (unsigned n = 1; n <= 7; ++n) c.pad_value[n - 1] = 127 * n;
  c.recip_width = c.recip_height = 0x2000;
  PackedCube in(c.input_geometry(8));
  for (uint32_t h = 0; h < 3; ++h) in.set(0, h, 0, int32_t(h + 1));
  EXPECT_EQ(pool(c, in).at(0, 0, 0), 121);
}

TEST(PoolingInt8, MaxAndMinIgnorePaddingAndPadValues) {
  // 2x2 kernel, stride 1, right/bottom padding 1 on a 2x2 cube (the nv_small
  // pdp_8x8x64_2x2 pattern): output (1,1) sees only input (1,1).
  for (const PdpPoolingMethod m : {PdpPoolingMethod::Max, PdpPoolingMethod::Min}) {
    PoolingConfig c = layer(m, Precision::Int8, 2, 2, 1);
    c.out_width = c.out_height = 2;
    c.kernel_width = c.kernel_height = 2;
    c.pad_right = c.pad_bottom = 1;
    c.pad_value.fill(0x7F);  // would dominate a max if it took part
    PackedCube in(c.input_geometry(8));
    in.set(0, 0, 0, -3);
    in.set(1, 0, 0, -7);
    in.set(0, 1, 0, -5);
    in.set(1, 1, 0, -9);
    const PackedCube out = pool(c, in);
    const bool max = m == PdpPoolingMethod::Max;
    EXPECT_EQ(out.at(0, 0, 0), max ? -3 : -9);
    EXPECT_EQ(out.at(1, 0, 0), max ? -7 : -9);  // column 1, rows 0..1
    EXPECT_EQ(out.at(0, 1, 0), max ? -5 : -9);  // row 1, columns 0..1
    EXPECT_EQ(out.at(1, 1, 0), -9);
  }
}

TEST(PoolingInt8, LanesBeyondChannelsOfTheLastSurfaceArePooled) {
  // nv_large atom (32 lanes), C = 33: surface 1 has one channel and 31 lanes
  // of memory contents, all pooled. 2x1 max, stride 2.
  PoolingConfig c = layer(PdpPoolingMethod::Max, Precision::Int8, 2, 1, 33);
  c.kernel_width = 2;
  c.stride_width = 2;
  PackedCube in(c.input_geometry(32));
  for (uint32_t lane = 0; lane < 32; ++lane) {
    in.set_lane(1, 0, 0, lane, int32_t(lane));
    in.set_lane(1, 0, 1, lane, 31 - int32_t(lane));
  }
  const PackedCube out = pool(c, in);
  for (uint32_t lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(out.lane(1, 0, 0, lane), std::max<int32_t>(lane, 31 - lane)) << "lane " << lane;
  }
}

// ---------------------------------------------------------------------------
// Split width

// nv_small pdp_16x6x16_4x2_split_max_int8_0: W 16, H 6, C 16, OW 9, OH 4,
// max 4x2, stride 2x2, pads 2/1/2/1, SPLIT_NUM 2, PARTIAL_WIDTH_IN 0xB00401
// (FI 2, LI 2, MI 12), PARTIAL_WIDTH_OUT 0x500400 (FO 1, LO 2, MO 6).
PoolingConfig split_trace_layer() {
  PoolingConfig c = layer(PdpPoolingMethod::Max, Precision::Int8, 16, 6, 16);
  c.out_width = 9;
  c.out_height = 4;
  c.kernel_width = 4;
  c.kernel_height = 2;
  c.stride_width = c.stride_height = 2;
  c.pad_left = 2;
  c.pad_top = 1;
  c.pad_right = 2;
  c.pad_bottom = 1;
  c.split = PoolingSplit{3, 2, 12, 2, 1, 6, 2, 4, 2};
  return c;
}

TEST(Split, StripesOfTheWorkedExample) {
  const std::vector<Stripe> s = plan_stripes(split_trace_layer());
  ASSERT_EQ(s.size(), 3u);
  // ov = 4 - 2 = 2. Stripe 0: columns 0..1, left pad 2, output column 0.
  EXPECT_EQ(s[0].in_start, 0u);
  EXPECT_EQ(s[0].in_width, 2u);
  EXPECT_EQ(s[0].pad_left, 2u);
  EXPECT_EQ(s[0].pad_right, 0u);
  EXPECT_EQ(s[0].out_start, 0u);
  EXPECT_EQ(s[0].out_width, 1u);
  // Stripe 1: starts at 2 - 2 = 0, MI + ov = 14 columns, outputs 1..6.
  EXPECT_EQ(s[1].in_start, 0u);
  EXPECT_EQ(s[1].in_width, 14u);
  EXPECT_EQ(s[1].pad_left, 0u);
  EXPECT_EQ(s[1].pad_right, 0u);
  EXPECT_EQ(s[1].out_start, 1u);
  EXPECT_EQ(s[1].out_width, 6u);
  // Stripe 2: starts at 2 + 12 - 2 = 12, LI + ov = 4 columns, right pad 2, outputs 7..8.
  EXPECT_EQ(s[2].in_start, 12u);
  EXPECT_EQ(s[2].in_width, 4u);
  EXPECT_EQ(s[2].pad_left, 0u);
  EXPECT_EQ(s[2].pad_right, 2u);
  EXPECT_EQ(s[2].out_start, 7u);
  EXPECT_EQ(s[2].out_width, 2u);
}

TEST(Split, UnsplitLayerIsOneStripeWithBothPads) {
  PoolingConfig c = split_trace_layer();
  c.split = PoolingSplit{};
  const std::vector<Stripe> s = plan_stripes(c);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].in_start, 0u);
  EXPECT_EQ(s[0].in_width, 16u);
  EXPECT_EQ(s[0].pad_left, 2u);
  EXPECT_EQ(s[0].pad_right, 2u);
  EXPECT_EQ(s[0].out_width, 9u);
}

// Naive windowed max over global coordinates: output o covers columns
// 2o - 2 .. 2o + 1 and rows 2p - 1 .. 2p.
TEST(Split, WorkedExampleEqualsNaiveWindowedMax) {
  const PoolingConfig c = split_trace_layer();
  std::mt19937 rng(16);
  const PackedCube in = random_cube(c.input_geometry(8), rng);
  const PackedCube out = pool(c, in);
  for (uint32_t ch = 0; ch < 16; ++ch)
    for (int p = 0; p < 4; ++p)
      for (int o = 0; o < 9; ++o) {
        int32_t best = -1000;
        for (int y = 2 * p - 1; y <= 2 * p; ++y)
          for (int x = 2 * o - 2; x <= 2 * o + 1; ++x)
            if (x >= 0 && x < 16 && y >= 0 && y < 6)
              best = std::max(best, in.at(uint32_t(x), uint32_t(y), ch));
        ASSERT_EQ(out.at(uint32_t(o), uint32_t(p), ch), best)
            << "channel " << ch << " output (" << o << ", " << p << ")";
      }
}

TEST(Split, TwoStripeTraceMatchesReference) {
  // nv_small pdp_5x7x8_4x1_split_max_int8_0: W 5, H 7, OW 2, OH 4, max 4x1,
  // stride 2x2, PAD_LEFT 1; FI 3, LI 2, FO 1, LO 1. Stripe 1 starts at
  // 3 - (4 - 2) = 1 and reads LI + ov = 4 columns.
  PoolingConfig c = layer(PdpPoolingMethod::Max, Precision::Int8, 5, 7, 8);
  c.out_width = 2;
  c.out_height = 4;
  c.kernel_width = 4;
  c.stride_width = c.stride_height = 2;
  c.pad_left = 1;
  c.split = PoolingSplit{2, 3, 2, 2, 1, 1, 1, 4, 2};
  const std::vector<Stripe> s = plan_stripes(c);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[1].in_start, 1u);
  EXPECT_EQ(s[1].in_width, 4u);
  EXPECT_EQ(s[1].out_start, 1u);
  std::mt19937 rng(5);
  const PackedCube in = random_cube(c.input_geometry(8), rng);
  expect_matches_reference(c, in, pool(c, in), "5x7x8 split");
}

TEST(Split, ImpossibleStripesAreRefusedNamingTheRegisters) {
  PoolingConfig c = split_trace_layer();
  c.split.first_in = 1;  // stripe 1 would start at 1 - 2 = -1
  try {
    plan_stripes(c);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("stripe 1 of 3"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("D_PARTIAL_WIDTH_IN"), std::string::npos) << e.what();
  }
  c = split_trace_layer();
  c.split.last_out = 3;  // outputs 7..9 of a 9-column output
  EXPECT_THROW(plan_stripes(c), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// Random layers against the reference

struct RandomCase {
  Precision precision;
  uint32_t atom;
};

TEST(RandomLayers, AverageMaxMinMatchTheReference) {
  std::mt19937 rng(20240601);
  const RandomCase cases[] = {{Precision::Int8, 8}, {Precision::Int8, 32}, {Precision::Int16, 32}};
  for (int iteration = 0; iteration < 300; ++iteration) {
    const RandomCase& rc = cases[iteration % 3];
    const Axis x = random_axis(rng);
    const Axis y = random_axis(rng);
    PoolingConfig c =
        layer(PdpPoolingMethod(rng() % 3), rc.precision, x.extent, y.extent, 1 + rng() % 40);
    c.out_width = x.outputs;
    c.out_height = y.outputs;
    c.kernel_width = x.kernel;
    c.kernel_height = y.kernel;
    c.stride_width = x.stride;
    c.stride_height = y.stride;
    c.pad_left = x.before;
    c.pad_right = x.after;
    c.pad_top = y.before;
    c.pad_bottom = y.after;
    for (unsigned n = 1; n <= 7; ++n) c.pad_value[n - 1] = random_pad_value(rng, rc.precision, n);
    c.recip_width = random_recip(rng, x.kernel);
    c.recip_height = random_recip(rng, y.kernel);
    const PackedCube in = random_cube(c.input_geometry(rc.atom), rng);
    expect_matches_reference(c, in, pool(c, in), "iteration " + std::to_string(iteration));
  }
}

TEST(RandomLayers, ConsistentSplitsEqualTheUnsplitReference) {
  std::mt19937 rng(77);
  int checked = 0;
  for (int attempt = 0; checked < 120 && attempt < 20000; ++attempt) {
    const Axis x = random_axis(rng);
    const uint32_t n = 2 + rng() % 4;
    if (x.outputs < n) continue;
    // Output widths: FO, (n - 2) x MO, LO summing to OW.
    const uint32_t mid_out = n > 2 ? 1 + rng() % ((x.outputs - 2) / (n - 2)) : 1;
    const int64_t rest = int64_t(x.outputs) - int64_t(n - 2) * mid_out;
    if (rest < 2) continue;
    const uint32_t first_out = 1 + rng() % uint32_t(rest - 1);
    const uint32_t last_out = uint32_t(rest) - first_out;
    const int64_t ov = int64_t(x.kernel) - x.stride;
    const int64_t first_in = int64_t(first_out - 1) * x.stride + x.kernel - x.before;
    const int64_t mid_in = int64_t(mid_out - 1) * x.stride + x.kernel - ov;
    const int64_t last_in = int64_t(last_out - 1) * x.stride + x.kernel - x.after - ov;
    if (first_in < 1 || mid_in < 1 || last_in < 1) continue;
    if (ov >= 0 ? (ov > first_in || (n > 2 && ov > mid_in))
                : (-ov >= last_in || (n > 2 && -ov >= mid_in)))
      continue;
    const Axis y = random_axis(rng);
    const Precision p = rng() % 2 ? Precision::Int8 : Precision::Int16;
    PoolingConfig c = layer(PdpPoolingMethod(rng() % 3), p, x.extent, y.extent, 1 + rng() % 20);
    c.out_width = x.outputs;
    c.out_height = y.outputs;
    c.kernel_width = x.kernel;
    c.kernel_height = y.kernel;
    c.stride_width = x.stride;
    c.stride_height = y.stride;
    c.pad_left = x.before;
    c.pad_right = x.after;
    c.pad_top = y.before;
    c.pad_bottom = y.after;
    for (unsigned k = 1; k <= 7; ++k) c.pad_value[k - 1] = random_pad_value(rng, p, k);
    c.recip_width = random_recip(rng, x.kernel);
    c.recip_height = random_recip(rng, y.kernel);
    c.split =
        PoolingSplit{n,       uint32_t(first_in), uint32_t(mid_in), uint32_t(last_in), first_out,
                     mid_out, last_out,           x.kernel,         x.stride};
    ASSERT_EQ(first_in + int64_t(n - 2) * mid_in + last_in, int64_t(x.extent));
    const PackedCube in = random_cube(c.input_geometry(p == Precision::Int8 ? 8 : 32), rng);
    expect_matches_reference(c, in, pool(c, in), "split case " + std::to_string(checked));
    ++checked;
  }
  EXPECT_EQ(checked, 120);
}

// pool_stripe() (the vectorised INT path) against pool_stripe_general() (the
// window-by-window one it was derived from): identical bytes for random
// layers, split or not, with wide lanes, the firmware's and arbitrary
// reciprocals, any pad values and full-range inputs so the 16-bit INT8 sums
// wrap.
TEST(RandomLayers, VectorisedPathEqualsTheGeneralPathBitForBit) {
  std::mt19937 rng(4242);
  const RandomCase cases[] = {{Precision::Int8, 8},   {Precision::Int8, 32},
                              {Precision::Int8, 64},  {Precision::Int16, 8},
                              {Precision::Int16, 32}, {Precision::Int16, 64}};
  int checked = 0;
  for (int iteration = 0; checked < 600 && iteration < 20000; ++iteration) {
    const RandomCase& rc = cases[iteration % 6];
    Axis x = random_axis(rng);
    // Wider layers too, so the unpadded middle of a line is long.
    if (rng() % 2) {
      x.outputs = 1 + rng() % 40;
      const int64_t extent = int64_t(x.outputs - 1) * x.stride + x.kernel - x.before - x.after;
      if (extent < 1) continue;
      x.extent = uint32_t(extent);
    }
    const Axis y = random_axis(rng);
    PoolingConfig c =
        layer(PdpPoolingMethod(rng() % 3), rc.precision, x.extent, y.extent, 1 + rng() % 70);
    c.out_width = x.outputs;
    c.out_height = y.outputs;
    c.kernel_width = x.kernel;
    c.kernel_height = y.kernel;
    c.stride_width = x.stride;
    c.stride_height = y.stride;
    c.pad_left = x.before;
    c.pad_right = x.after;
    c.pad_top = y.before;
    c.pad_bottom = y.after;
    for (unsigned n = 1; n <= 7; ++n) c.pad_value[n - 1] = random_pad_value(rng, rc.precision, n);
    c.recip_width = rng() % 8 == 0 ? 0x10000 : random_recip(rng, x.kernel);
    c.recip_height = rng() % 8 == 0 ? 0x10000 : random_recip(rng, y.kernel);
    // A split into stripes of a few output columns each, when the layer allows it.
    std::vector<Stripe> stripes = plan_stripes(c);
    if (rng() % 2 && x.outputs >= 2) {
      const uint32_t n = 2 + rng() % std::min<uint32_t>(4, x.outputs - 1);
      const uint32_t mid_out = n > 2 ? std::max<uint32_t>(1, (x.outputs - 2) / (n - 1)) : 1;
      const int64_t rest = int64_t(x.outputs) - int64_t(n - 2) * mid_out;
      const int64_t ov = int64_t(x.kernel) - x.stride;
      if (rest >= 2) {
        const uint32_t first_out = 1 + rng() % uint32_t(rest - 1);
        const uint32_t last_out = uint32_t(rest) - first_out;
        const int64_t first_in = int64_t(first_out - 1) * x.stride + x.kernel - x.before;
        const int64_t mid_in = int64_t(mid_out - 1) * x.stride + x.kernel - ov;
        const int64_t last_in = int64_t(last_out - 1) * x.stride + x.kernel - x.after - ov;
        const bool overlap_fits = ov >= 0 ? !(ov > first_in || (n > 2 && ov > mid_in))
                                          : !(-ov >= last_in || (n > 2 && -ov >= mid_in));
        if (first_in >= 1 && mid_in >= 1 && last_in >= 1 && overlap_fits) {
          c.split = PoolingSplit{n,        uint32_t(first_in), uint32_t(mid_in),
                                 uint32_t(last_in), first_out, mid_out,
                                 last_out, x.kernel,           x.stride};
          stripes = plan_stripes(c);
        }
      }
    }
    const PackedCube in = random_cube(c.input_geometry(rc.atom), rng);
    PackedCube fast(c.output_geometry(rc.atom));
    PackedCube general(c.output_geometry(rc.atom));
    for (const Stripe& stripe : stripes) {
      pool_stripe(c, stripe, in, fast);
      pool_stripe_general(c, stripe, in, general);
    }
    ASSERT_EQ(fast.bytes, general.bytes)
        << "iteration " << iteration << ": " << pooling_method_name(c.method) << " "
        << precision_name(rc.precision) << " atom " << rc.atom << ", " << stripes.size()
        << " stripe(s)";
    ++checked;
  }
  EXPECT_EQ(checked, 600);
}

// ---------------------------------------------------------------------------
// Errors

TEST(PoolingErrors, CubesThatDoNotMatchTheLayerAreRefused) {
  PoolingConfig c = layer(PdpPoolingMethod::Max, Precision::Int8, 4, 4, 8);
  c.out_width = c.out_height = 4;
  const PackedCube wrong_width(CubeGeometry{5, 4, 8, Precision::Int8, 8});
  EXPECT_THROW(pool(c, wrong_width), std::invalid_argument);
  const PackedCube wrong_type(CubeGeometry{4, 4, 8, Precision::Int16, 8});
  EXPECT_THROW(pool(c, wrong_type), std::invalid_argument);
  const PackedCube in(c.input_geometry(8));
  PackedCube small_out(CubeGeometry{3, 4, 8, Precision::Int8, 8});
  EXPECT_THROW(pool_stripe(c, plan_stripes(c)[0], in, small_out), std::invalid_argument);
}

TEST(PoolingErrors, WindowsWithoutRealInputAreRefused) {
  // OW 3 with kernel 1, stride 2 on W 4: output column 2 covers column 4.
  PoolingConfig c = layer(PdpPoolingMethod::Max, Precision::Int8, 4, 1, 8);
  c.out_width = 3;
  c.stride_width = 2;
  const PackedCube in(c.input_geometry(8));
  try {
    pool(c, in);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("output column 2"), std::string::npos) << e.what();
  }
  c.out_width = 2;
  c.kernel_width = 9;
  EXPECT_THROW(pool(c, in), std::invalid_argument);
  c.kernel_width = 0;
  EXPECT_THROW(pool(c, in), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// FP16

TEST(Float16, ConversionsRoundToNearestEven) {
  EXPECT_EQ(double_to_fp16(1.0), 0x3C00);
  EXPECT_EQ(double_to_fp16(-2.5), 0xC100);
  EXPECT_EQ(double_to_fp16(65504.0), 0x7BFF);
  EXPECT_EQ(double_to_fp16(65520.0), 0x7C00);                     // halfway to 65536: even -> Inf
  EXPECT_EQ(double_to_fp16(1.0 + std::ldexp(1.0, -11)), 0x3C00);  // tie, keeps even 1.0
  EXPECT_EQ(double_to_fp16(1.0 + 3 * std::ldexp(1.0, -11)), 0x3C02);  // tie, up to even
  EXPECT_EQ(double_to_fp16(std::ldexp(1.0, -24)), 0x0001);            // smallest subnormal
  EXPECT_EQ(double_to_fp16(std::ldexp(1.0, -25)), 0x0000);            // tie to even 0
  EXPECT_EQ(double_to_fp16(3 * std::ldexp(1.0, -25)), 0x0002);        // 1.5 ulp -> 2
  EXPECT_EQ(double_to_fp16(-0.0), 0x8000);
  EXPECT_EQ(double_to_fp16(std::nan("")), 0x7E00);
  EXPECT_EQ(fp16_to_double(0x3555), 0.333251953125);
  EXPECT_EQ(fp16_to_double(0x0001), std::ldexp(1.0, -24));
  EXPECT_TRUE(std::isinf(fp16_to_double(0xFC00)));
  // FP17: 1 sign, 6 exponent bits (bias 31), 10 mantissa bits.
  EXPECT_EQ(fp17_to_double(0x7C00), 1.0);
  EXPECT_EQ(fp17_to_double(0x7800), 0.5);
  EXPECT_EQ(fp17_to_double(0x8200), 3.0);
  EXPECT_EQ(fp17_to_double(0x7555), 0.25 * (1 + 0x155 / 1024.0));
  EXPECT_EQ(fp17_to_double(0x17C00), -1.0);
}

TEST(Float16, MaxMinOrderSignsAndPropagateNaN) {
  EXPECT_EQ(fp16_max(0xBC00, 0xC000), 0xBC00);  // max(-1, -2) = -1
  EXPECT_EQ(fp16_min(0xBC00, 0xC000), 0xC000);
  EXPECT_EQ(fp16_max(0x0000, 0x8000), 0x0000);  // +0 > -0
  EXPECT_EQ(fp16_min(0x0000, 0x8000), 0x8000);
  EXPECT_EQ(fp16_max(0x3C00, 0xBC00), 0x3C00);
  EXPECT_EQ(fp16_max(0x7C01, 0x7E05), 0x7C01);  // a NaN first argument wins
  EXPECT_EQ(fp16_max(0x3C00, 0x7E05), 0x7E05);
  EXPECT_EQ(fp16_min(0xFC00, 0x3C00), 0xFC00);  // -Inf
}

PoolingConfig fp16_layer(PdpPoolingMethod m) {
  PoolingConfig c = layer(m, Precision::Fp16, 2, 2, 3);
  c.kernel_width = c.kernel_height = 2;
  c.stride_width = c.stride_height = 2;
  c.recip_width = c.recip_height = 0x7800;  // FP17 0.5
  return c;
}

TEST(PoolingFp16, MaxMinOverNegativeNumbersAndZeros) {
  PoolingConfig c = fp16_layer(PdpPoolingMethod::Max);
  PackedCube in(c.input_geometry(32));
  // Lane 0: -1, -2, -0.5, -4 -> max -0.5 (0xB800), min -4 (0xC400).
  const uint16_t lane0[4] = {0xBC00, 0xC000, 0xB800, 0xC400};
  // Lane 1: -0, +0, -0, -0 -> max +0, min -0.
  const uint16_t lane1[4] = {0x8000, 0x0000, 0x8000, 0x8000};
  for (uint32_t i = 0; i < 4; ++i) {
    in.set_lane(0, i / 2, i % 2, 0, lane0[i]);
    in.set_lane(0, i / 2, i % 2, 1, lane1[i]);
  }
  PackedCube out = pool(c, in);
  EXPECT_EQ(out.at(0, 0, 0), 0xB800);
  EXPECT_EQ(out.at(0, 0, 1), 0x0000);
  c.method = PdpPoolingMethod::Min;
  out = pool(c, in);
  EXPECT_EQ(out.at(0, 0, 0), 0xC400);
  EXPECT_EQ(out.at(0, 0, 1), 0x8000);
}

TEST(PoolingFp16, NaNPropagatesOrIsFlushedAndIsCounted) {
  PoolingConfig c = fp16_layer(PdpPoolingMethod::Max);
  PackedCube in(c.input_geometry(32));
  // Lane 0: 1, NaN(0x7E01) / NaN(0x7E02), 2. Row 0 keeps its NaN 0x7E01, row 1
  // has 0x7E02; the column pass keeps the later row's NaN: 0x7E02.
  in.set_lane(0, 0, 0, 0, 0x3C00);
  in.set_lane(0, 0, 1, 0, 0x7E01);
  in.set_lane(0, 1, 0, 0, 0x7E02);
  in.set_lane(0, 1, 1, 0, 0x4000);
  in.set_lane(0, 0, 0, 1, 0x7C00);  // +Inf in lane 1
  PoolingStats stats;
  PackedCube out = pool(c, in, &stats);
  EXPECT_EQ(out.at(0, 0, 0), 0x7E02);
  EXPECT_EQ(out.at(0, 0, 1), 0x7C00);
  EXPECT_EQ(stats.nan_input_num, 2u);
  EXPECT_EQ(stats.inf_input_num, 1u);
  EXPECT_EQ(stats.nan_output_num, 1u);
  // D_NAN_FLUSH_TO_ZERO (offline): NaNs become +0 before pooling, still counted on input.
  c.nan_to_zero = true;
  stats = PoolingStats{};
  out = pool(c, in, &stats);
  EXPECT_EQ(out.at(0, 0, 0), 0x4000);  // max(1, +0, +0, 2)
  EXPECT_EQ(stats.nan_input_num, 2u);
  EXPECT_EQ(stats.nan_output_num, 0u);
  // On the fly (input from SDP): no flush and no input counting.
  c.on_the_fly = true;
  stats = PoolingStats{};
  out = pool(c, in, &stats);
  EXPECT_EQ(out.at(0, 0, 0), 0x7E02);
  EXPECT_EQ(stats.nan_input_num, 0u);
  EXPECT_EQ(stats.inf_input_num, 0u);
  EXPECT_EQ(stats.nan_output_num, 1u);
}

TEST(PoolingFp16, AverageIsTheRoundedMean) {
  PoolingConfig c = fp16_layer(PdpPoolingMethod::Average);
  PackedCube in(c.input_geometry(32));
  // 1, 2, 3, 4 -> 10 * 0.5 * 0.5 = 2.5 = 0x4100.
  const uint16_t v[4] = {0x3C00, 0x4000, 0x4200, 0x4400};
  for (uint32_t i = 0; i < 4; ++i) in.set_lane(0, i / 2, i % 2, 0, v[i]);
  EXPECT_EQ(pool(c, in).at(0, 0, 0), 0x4100);
}

TEST(PoolingFp16, AverageIsWithinNvdlaPrecisionTarget) {
  // precision.rst: |a - b| <= 1e-4 or |a - b| / max(|a|, |b|) <= 1e-3. Here
  // against the exact mean of random values of a 3x3 window.
  PoolingConfig c = layer(PdpPoolingMethod::Average, Precision::Fp16, 3, 3, 16);
  c.kernel_width = c.kernel_height = 3;
  c.stride_width = c.stride_height = 3;
  c.recip_width = c.recip_height = 0x7555;  // FP17 1/3 of the firmware table
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> value(-100.0, 100.0);
  PackedCube in(c.input_geometry(32));
  for (uint32_t h = 0; h < 3; ++h)
    for (uint32_t w = 0; w < 3; ++w)
      for (uint32_t ch = 0; ch < 16; ++ch) in.set(w, h, ch, double_to_fp16(value(rng)));
  const PackedCube out = pool(c, in);
  for (uint32_t ch = 0; ch < 16; ++ch) {
    double exact = 0;
    for (uint32_t h = 0; h < 3; ++h)
      for (uint32_t w = 0; w < 3; ++w) exact += fp16_to_double(uint16_t(in.at(w, h, ch)));
    exact /= 9;
    const double got = fp16_to_double(uint16_t(out.at(0, 0, ch)));
    const double diff = std::fabs(got - exact);
    EXPECT_TRUE(diff <= 1e-4 || diff / std::max(std::fabs(got), std::fabs(exact)) <= 1e-3)
        << "channel " << ch << ": " << got << " vs " << exact;
  }
}

}  // namespace
}  // namespace acosim::nvdla

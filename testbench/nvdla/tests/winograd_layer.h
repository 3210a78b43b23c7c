// The int8 (and, below, fp16) Winograd layers of the nv_full tests
// (test_model_conv_winograd.cpp through the CSB, test_firmware.cpp through
// NVDLA's firmware): their shapes, input and kernels, the expected output as
// the plain convolution of the un-transformed kernels, and the input and
// pre-transformed weights as they lie in memory.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/nvdla/float16.h"

namespace acosim::nvdla::test::wg {

// nv_full int8: 32-byte atoms of 32 lanes, weight groups of 32 kernels.
constexpr uint32_t kAtom = 32;

// A layer: a W x H input of one 32-channel surface (Winograd needs whole
// atoms of channels), of which the first C meet weights (lanes C..31 hold
// data too, which meets zero weights), K kernels of R x S at stride SX x SY,
// CDMA padding with pad value 2; data within +-range, weights within +-1.
struct Shape {
  uint32_t w, h, c, k, r, s, sx, sy, pl, pr, pt, pb;
  int32_t range;
  // CSC D_PRA_CFG.PRA_TRUNCATE: the data are then doubled (all even, like
  // the pad value), so every BᵀdB entry is even and the shift by one is
  // exact; CACC truncates by one bit less to give the plain convolution.
  uint32_t pra_truncate = 0;

  uint32_t we() const { return (pl + w + pr) / sx; }
  uint32_t he() const { return (pt + h + pb) / sy; }
  uint32_t ow() const { return we() - 4; }
  uint32_t oh() const { return he() - 4; }
  uint32_t channels() const { return kAtom; }      // CDMA D_DATAIN_SIZE_1.DATAIN_CHANNEL + 1
  uint32_t ce() const { return kAtom * sx * sy; }  // extended channels (dy x SX + dx) x 32 + c
  uint32_t kernel_bytes() const { return 16 * ce(); }
  uint32_t weight_bytes() const { return (kernel_bytes() * k + 127) / 128 * 128; }
  uint32_t in_line() const { return w * kAtom; }
  uint32_t out_line() const { return ow() * kAtom; }
  uint32_t out_surface() const { return out_line() * oh(); }
};
constexpr int32_t kPadValue = 2;

// 10 x 10 x 4, padding 1 all round, 3 x 3 kernels: extended 12 x 12, output
// 8 x 8; sums within 9 x 4 x 3 = 108.
constexpr Shape kStride1{10, 10, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1, 3};
// 21 x 21 x 2, padding 2 left/top and 1 right/bottom, 5 x 5 kernels at
// stride 2: (2 + 21 + 1) / 2 = 12 extended positions of 4 x 32 channels,
// output 8 x 8; sums within 25 x 2 x 1 = 50.
constexpr Shape kStride2{21, 21, 2, 3, 5, 5, 2, 2, 2, 1, 2, 1, 1};
// kStride1 with data in [-2, 2], all even, and PRA_TRUNCATE 1: sums within
// 9 x 4 x 2 = 72.
constexpr Shape kPraTruncate{10, 10, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};

inline int32_t input_value(const Shape& sh, uint32_t x, uint32_t y, uint32_t ch) {
  const int32_t v = int32_t((x * 3 + y * 5 + ch * 7) % uint32_t(2 * sh.range + 1)) - sh.range;
  return sh.pra_truncate != 0 ? 2 * v : v;
}
inline int32_t weight_value(uint32_t k, uint32_t r, uint32_t s, uint32_t ch) {
  return int32_t((k * 5 + r * 3 + s + ch * 2) % 3) - 1;
}

// The padded input (CDMA's pad value outside).
inline int32_t padded(const Shape& sh, int64_t x, int64_t y, uint32_t ch) {
  if (x < 0 || y < 0 || x >= sh.w || y >= sh.h) return kPadValue;
  return input_value(sh, uint32_t(x), uint32_t(y), ch);
}

// The plain strided convolution; small enough for SDP's int8 pass-through
// to write it unchanged.
inline int8_t expected(const Shape& sh, uint32_t x, uint32_t y, uint32_t k) {
  int32_t sum = 0;
  for (uint32_t r = 0; r < sh.r; ++r)
    for (uint32_t s = 0; s < sh.s; ++s)
      for (uint32_t ch = 0; ch < sh.c; ++ch)
        sum +=
            padded(sh, int64_t(x) * sh.sx + s - sh.pl, int64_t(y) * sh.sy + r - sh.pt, ch) * weight_value(k, r, s, ch);
  return int8_t(sum);
}

inline std::vector<uint8_t> input_bytes(const Shape& sh) {
  std::vector<uint8_t> bytes(size_t(sh.h) * sh.in_line());
  for (uint32_t y = 0; y < sh.h; ++y)
    for (uint32_t x = 0; x < sh.w; ++x)
      for (uint32_t ch = 0; ch < kAtom; ++ch)
        bytes[y * sh.in_line() + x * kAtom + ch] = uint8_t(input_value(sh, x, y, ch));
  return bytes;
}

// What NVDLA's compiler stores: each kernel folded to 3 x 3 over the
// extended channels (g[r][s][(dy x SX + dx) x 32 + c] = w[r SY + dy][s SX +
// dx][c], 0 beyond the kernel), then U = G' g G'^T per channel with the
// integer G' = 2G = [2 0 0; 1 1 1; 1 -1 1; 0 0 2] (so the layer computes
// 4 x the convolution and CACC's CLIP_TRUNCATE 2 removes the 4); laid out
// per block of 4 channels, then kernel, then position (row x 4 + column),
// then channel (nvdla/doc format.rst "Basic Weight for Winograd
// Convolution"); one kernel group.
inline std::vector<uint8_t> weight_bytes(const Shape& sh) {
  static const int32_t G[4][3] = {{2, 0, 0}, {1, 1, 1}, {1, -1, 1}, {0, 0, 2}};
  std::vector<uint8_t> bytes(sh.weight_bytes(), 0);
  size_t next = 0;
  for (uint32_t b = 0; b < sh.ce() / 4; ++b)
    for (uint32_t k = 0; k < sh.k; ++k)
      for (uint32_t p = 0; p < 16; ++p)
        for (uint32_t e = 4 * b; e < 4 * b + 4; ++e) {
          const uint32_t ch = e % kAtom, dy = e / kAtom / sh.sx, dx = e / kAtom % sh.sx;
          int32_t u = 0;
          for (uint32_t r = 0; r < 3; ++r)
            for (uint32_t s = 0; s < 3; ++s) {
              const uint32_t kr = r * sh.sy + dy, ks = s * sh.sx + dx;
              if (ch < sh.c && kr < sh.r && ks < sh.s) u += G[p / 4][r] * weight_value(k, kr, ks, ch) * G[p % 4][s];
            }
          bytes[next++] = uint8_t(u);
        }
  return bytes;
}

// ---- fp16 (nv_full): the same shapes with one 16-lane fp16 surface (32-byte
// atoms), the first C lanes meeting weights. Data are multiples of 1/8
// within +-3/8 (the pad value 1/8), 3 x 3 kernels g in {-1/2, 0, 1/2}, and
// U = G g G^T with format.rst's G (rows (1 0 0), (1/2 1/2 1/2),
// (1/2 -1/2 1/2), (0 0 1)): a multiple of 1/8 within +-9/8, B^T d B one
// within +-12/8. Every pre-added value and weight is then 0 or in fp16
// exponent group 3 ([1/8, 2)), so CMAC's products share the block exponent
// and are exact, as are CACC's sums: the layer computes the plain
// convolution, a multiple of 1/64 within 9 x 4 x 3/16 = 6.75, exact in
// fp16 after SDP's pass-through.
constexpr uint32_t kLanesFp16 = 16;
constexpr uint16_t kPadFp16 = 0x3000;  // 1/8

inline uint32_t ce_fp16(const Shape& sh) { return kLanesFp16 * sh.sx * sh.sy; }
inline uint32_t kernel_bytes_fp16(const Shape& sh) { return 16 * ce_fp16(sh) * 2; }
inline uint32_t weight_size_fp16(const Shape& sh) { return (kernel_bytes_fp16(sh) * sh.k + 127) / 128 * 128; }

inline double input_fp16(uint32_t x, uint32_t y, uint32_t ch) {
  return (int32_t((x * 3 + y * 5 + ch * 7) % 7u) - 3) / 8.0;
}
inline double weight_fp16(uint32_t k, uint32_t r, uint32_t s, uint32_t ch) {
  return (int32_t((k * 5 + r * 3 + s + ch * 2) % 3u) - 1) / 2.0;
}

inline double padded_fp16(const Shape& sh, int64_t x, int64_t y, uint32_t ch) {
  if (x < 0 || y < 0 || x >= sh.w || y >= sh.h) return 0.125;
  return input_fp16(uint32_t(x), uint32_t(y), ch);
}

// The plain convolution, exact in double and in fp16.
inline uint16_t expected_fp16(const Shape& sh, uint32_t x, uint32_t y, uint32_t k) {
  double sum = 0;
  for (uint32_t r = 0; r < sh.r; ++r)
    for (uint32_t s = 0; s < sh.s; ++s)
      for (uint32_t ch = 0; ch < sh.c; ++ch)
        sum += padded_fp16(sh, int64_t(x) * sh.sx + s - sh.pl, int64_t(y) * sh.sy + r - sh.pt, ch) *
               weight_fp16(k, r, s, ch);
  return double_to_fp16(sum);
}

inline void put_fp16(std::vector<uint8_t>& bytes, size_t element, uint16_t v) {
  bytes[2 * element] = uint8_t(v & 0xFF);
  bytes[2 * element + 1] = uint8_t(v >> 8);
}

inline std::vector<uint8_t> input_bytes_fp16(const Shape& sh) {
  std::vector<uint8_t> bytes(size_t(sh.h) * sh.in_line());
  for (uint32_t y = 0; y < sh.h; ++y)
    for (uint32_t x = 0; x < sh.w; ++x)
      for (uint32_t ch = 0; ch < kLanesFp16; ++ch)
        put_fp16(bytes, (size_t(y) * sh.w + x) * kLanesFp16 + ch, double_to_fp16(input_fp16(x, y, ch)));
  return bytes;
}

// The fp16 weights in the Winograd layout above (one kernel group of at
// most 16), U = G g G^T exact in fp16.
inline std::vector<uint8_t> weight_bytes_fp16(const Shape& sh) {
  static const double G[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  std::vector<uint8_t> bytes(weight_size_fp16(sh), 0);
  const uint32_t ce = ce_fp16(sh);
  size_t next = 0;
  for (uint32_t b = 0; b < ce / 4; ++b)
    for (uint32_t k = 0; k < sh.k; ++k)
      for (uint32_t p = 0; p < 16; ++p)
        for (uint32_t e = 4 * b; e < 4 * b + 4; ++e) {
          const uint32_t ch = e % kLanesFp16, dy = e / kLanesFp16 / sh.sx, dx = e / kLanesFp16 % sh.sx;
          double u = 0;
          for (uint32_t r = 0; r < 3; ++r)
            for (uint32_t s = 0; s < 3; ++s) {
              const uint32_t kr = r * sh.sy + dy, ks = s * sh.sx + dx;
              if (ch < sh.c && kr < sh.r && ks < sh.s) u += G[p / 4][r] * weight_fp16(k, kr, ks, ch) * G[p % 4][s];
            }
          put_fp16(bytes, next++, double_to_fp16(u));
        }
  return bytes;
}

}  // namespace acosim::nvdla::test::wg

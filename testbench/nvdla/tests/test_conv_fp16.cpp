// fp16 direct convolution on nv_full (the nvdlav1 design): CMAC's block
// floating-point products and adder tree, CACC's FP48 accumulation and its
// fp32 delivery to SDP, CDMA's NaN flush and NaN/Inf counters, the fp16
// pad value, and the refusals (fp16 on the master configurations, CVT_EN
// with fp16 feature input, mixed precisions). Expected values are worked out by hand in the comments
// (fp16 inputs whose products and sums are exact, then the cases where the
// hardware's truncation, rounding and accumulation order show), except the
// three Booth-multiplier vectors of CmacFp16.BoothTruncationVectors, which
// come from running nvdlav1's C model (cmod/cmac/NV_NVDLA_cmac.h
// cal_fp16_booth) on those operands.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/csc.h"
#include "systemc/nvdla/conv_datapath.h"
#include "testbench/nvdla/tests/one_line_conv.h"

namespace acosim::nvdla {
namespace {

namespace rd = regs::cdma;
namespace rc = regs::csc;
namespace ra = regs::cacc;

// fp16 patterns used below.
constexpr uint16_t kOne = 0x3C00, kHalf = 0x3800, kTwo = 0x4000, kSixteen = 0x4C00;
constexpr uint16_t k4096 = 0x6C00, k32768 = 0x7800;
constexpr uint16_t kNeg(uint16_t v) { return uint16_t(v | 0x8000); }

// fp32 bit pattern of a float (the expected CACC outputs).
uint32_t bits(float f) {
  uint32_t b = 0;
  std::memcpy(&b, &f, 4);
  return b;
}

// A one-line fp16 layer: W x 1 x C input, K kernels of 1 x S x C.
struct LayerFp {
  uint32_t in_w = 1, in_c = 1, kernel_w = 1, kernels = 1;
  uint32_t pad_left = 0, pad_right = 0;
  uint16_t pad_value = 0;
  bool nan_to_zero = false;
  std::vector<std::vector<uint16_t>> input;  // [w][c]
  // Kernels as [k][s][c]; laid out in NVDLA's direct-convolution order
  // (groups of 16 kernels, channel blocks of 64, then s, then kernel).
  std::vector<std::vector<std::vector<uint16_t>>> kernel;
};

constexpr uint64_t kFeature = 0x80000000;
constexpr uint64_t kWeights = 0x80100000;

ConvRegisters registers(const LayerFp& l) {
  ConvRegisters r = one_line_registers({l.in_w, l.in_c, l.kernel_w, l.kernels, l.pad_left, l.pad_right, l.pad_value},
                                       2, kFeature, kWeights);
  r.cdma_nan_flush_to_zero = l.nan_to_zero ? 1 : 0;
  return r;
}

// The weights in NVDLA's direct layout (format.rst; atomic C 64, groups of
// 16 kernels), written independently of conv_datapath.cpp's reordering.
std::vector<uint16_t> weight_layout(const LayerFp& l) {
  std::vector<uint16_t> out;
  for (uint32_t g = 0; g * 16 < l.kernels; ++g) {
    const uint32_t k_end = std::min(l.kernels, (g + 1) * 16);
    for (uint32_t cb = 0; cb * 64 < l.in_c; ++cb) {
      const uint32_t c_end = std::min(l.in_c, (cb + 1) * 64);
      for (uint32_t s = 0; s < l.kernel_w; ++s) {
        for (uint32_t k = g * 16; k < k_end; ++k) {
          for (uint32_t c = cb * 64; c < c_end; ++c) out.push_back(l.kernel[k][s][c]);
        }
      }
    }
  }
  return out;
}

ConvOutput run(const LayerFp& l, Config config = Config::NvFull) {
  const ConvLayer layer = decode_conv(registers(l), hardware_config(config));
  const uint32_t surfaces = (l.in_c + 15) / 16;
  // Lanes beyond C hold 0xEEEE (a finite fp16), as memory left over would.
  std::vector<uint8_t> feature(size_t(surfaces) * l.in_w * 32, 0xEE);
  for (uint32_t w = 0; w < l.in_w; ++w) {
    for (uint32_t c = 0; c < l.in_c; ++c) {
      const size_t at = ((c / 16) * l.in_w + w) * 32 + (c % 16) * 2;
      feature[at] = uint8_t(l.input[w][c] & 0xFF);
      feature[at + 1] = uint8_t(l.input[w][c] >> 8);
    }
  }
  const std::vector<uint16_t> weights = weight_layout(l);
  return conv_process(layer, [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) {
      const uint64_t a = address + i;
      if (a >= kFeature && a < kFeature + feature.size()) {
        data[i] = feature[a - kFeature];
      } else if (a >= kWeights && a < kWeights + 2 * weights.size()) {
        const uint16_t v = weights[(a - kWeights) / 2];
        data[i] = uint8_t((a - kWeights) % 2 == 0 ? v & 0xFF : v >> 8);
      } else {
        data[i] = 0;
      }
    }
  });
}

uint32_t out_bits(const ConvOutput& out, uint32_t w, uint32_t k) { return uint32_t(out.at(w, 0, k)); }

// ---- CMAC and CACC primitives.

TEST(CmacFp16, ExactProductsInOneExponentBlock) {
  // 1.5 x 0.5 + (-1.25) x 1.75 + 0.125 x 1.0: every operand has exponent
  // field 12..15 (group 3), so every pair's group sum is 6 = the block's,
  // nothing is shifted and the word holds the exact sum in units of
  // 2^(4 x 6 - 50) = 2^-26: 0.75 - 2.1875 + 0.125 = -1.3125 = -88080384 x 2^-26
  // (e.g. 1.5 = 1536 << 3 and 0.5 = 1024 << 2 in 2^-25 units: 12288 x 4096
  // = 0.75 x 2^26).
  const uint16_t data[] = {0x3E00, 0xBD00, 0x3000};     // 1.5, -1.25, 0.125
  const uint16_t weights[] = {0x3800, 0x3F00, 0x3C00};  // 0.5, 1.75, 1.0
  const uint64_t word = cmac_fp16_atomic(data, weights, 3);
  EXPECT_EQ(word >> 38, 24u);
  EXPECT_EQ(int64_t(word << 26) >> 26, -88080384);
}

TEST(CmacFp16, ZerosTakeNoPartAndNaNWins) {
  // -0 x 65504 and 0 x NaN... : +-0 pairs are masked (CSC's mask), so the
  // block exponent comes from 1 x 1 alone (group sum 6, exponent 24); a NaN
  // anywhere gives exponent 63 with its sign and payload, weights searched
  // before data: weight NaN 0xFE05 (sign 1, payload 0x205) wins over the
  // data NaN 0x7C01.
  const uint16_t data[] = {0x8000, kOne};
  const uint16_t weights[] = {0x7BFF, kOne};
  const uint64_t word = cmac_fp16_atomic(data, weights, 2);
  EXPECT_EQ(word >> 38, 24u);
  EXPECT_EQ(word & ((uint64_t(1) << 38) - 1), uint64_t(1) << 26);
  const uint16_t nan_data[] = {0x7C01, kOne};
  const uint16_t nan_weights[] = {kOne, 0xFE05};
  EXPECT_EQ(cmac_fp16_atomic(nan_data, nan_weights, 2),
            (uint64_t(63) << 38) | (uint64_t(1) << 37) | (uint64_t(0x205) << 27));
}

TEST(CmacFp16, BoothTruncationVectors) {
  // Shift 0: the two carry-save rows add up to the exact product.
  EXPECT_EQ(cmac_fp16_booth(false, 8192, 8192, 0), 1 << 26);
  EXPECT_EQ(cmac_fp16_booth(true, 8192, 8192, 0), -(1 << 26));
  // A shift of 32 or more drops the product.
  EXPECT_EQ(cmac_fp16_booth(false, 8192, 8192, 32), 0);
  // Each carry-save row is shifted on its own: these products land one
  // unit above or below floor(exact / 2^shift) (values from the nvdlav1 C
  // model's cal_fp16_booth on the same operands).
  EXPECT_EQ(cmac_fp16_booth(false, 0x17E0, 0x1544, 24), 2);  // exact 2.12.. units: floor 1
  EXPECT_EQ(cmac_fp16_booth(false, 0x512, 0xF7E, 20), 5);    // exact 4.91 units: floor 4
  EXPECT_EQ(cmac_fp16_booth(true, 0xA00, 0x3FE8, 28), 0);    // exact -0.15 units: floor -1
}

TEST(CaccFp48, ToFp32RoundsHalfAwayFromZero) {
  // 2^24 + 1 as FP48: mantissa 2^38 + 2^14, exponent 87 (2^38 x 2^(87-101)
  // = 2^24). The 24 fp32 bits are [38:15]; bit 14 (exactly half an fp32
  // unit) rounds the magnitude up: 2^24 + 2 = 0x4B800001 (IEEE
  // ties-to-even would give 0x4B800000), and -(2^24 + 2) for the negative.
  const uint64_t pos = (uint64_t(87) << 40) | ((uint64_t(1) << 38) + (1u << 14));
  EXPECT_EQ(cacc_fp48_to_fp32(pos), 0x4B800001u);
  const uint64_t neg = (uint64_t(87) << 40) | (uint64_t(-(int64_t(1) << 38) - (1 << 14)) & ((uint64_t(1) << 40) - 1));
  EXPECT_EQ(cacc_fp48_to_fp32(neg), 0xCB800001u);
  EXPECT_EQ(cacc_fp48_to_fp32(0), 0u);
  // NaN: exponent 255, sign from bit 39, payload from bits [38:29].
  EXPECT_EQ(cacc_fp48_to_fp32((uint64_t(255) << 40) | (uint64_t(0x205) << 29)), 0x7F800205u);
  EXPECT_EQ(cacc_fp48_to_fp32((uint64_t(255) << 40) | (uint64_t(0x605) << 29)), 0xFF800205u);
}

// ---- Convolution layers.

TEST(ConvFp16, ExactLayerAcrossChannelBlocksAndKernelGroups) {
  // W = 3, C = 70 (two channel blocks: 64 + 6, so two atomic operations per
  // kernel column), S = 2, K = 17 (two kernel groups: 16 + 1, two output
  // surfaces of 16 lanes), left and right padding with pad value 0.5.
  // Every value is a multiple of 1/8 in [0.125, 1.875] (or its negative, or
  // 0): all in exponent group 3, so every product is exact (a multiple of
  // 1/64), each CMAC word is its exact sum, the FP48 accumulator adds them
  // exactly (40 bits) and every total is a multiple of 1/64 below 2^17,
  // exact in fp32. So each output equals the plain sum of products, here
  // computed in double.
  LayerFp l;
  l.in_w = 3;
  l.in_c = 70;
  l.kernel_w = 2;
  l.kernels = 17;
  l.pad_left = 1;
  l.pad_right = 1;
  l.pad_value = kHalf;
  const auto value = [](int n) -> uint16_t {  // n / 8 for n in -15..15, as fp16
    if (n == 0) return 0;
    const double v = std::abs(n) / 8.0;
    int e = 0;
    const double m = std::frexp(v, &e);  // v = m x 2^e, m in [0.5, 1)
    const uint16_t pattern = uint16_t(((e - 1 + 15) << 10) | uint16_t((m * 2 - 1) * 1024));
    return n < 0 ? kNeg(pattern) : pattern;
  };
  const auto number = [](uint16_t v) {
    if ((v & 0x7FFF) == 0) return 0.0;
    const double m = 1 + (v & 0x3FF) / 1024.0;
    const double x = std::ldexp(m, ((v >> 10) & 0x1F) - 15);
    return (v & 0x8000) ? -x : x;
  };
  l.input.assign(l.in_w, std::vector<uint16_t>(l.in_c));
  for (uint32_t w = 0; w < l.in_w; ++w) {
    for (uint32_t c = 0; c < l.in_c; ++c) l.input[w][c] = value(int((w * 7 + c * 3) % 31) - 15);
  }
  l.kernel.assign(l.kernels, std::vector<std::vector<uint16_t>>(l.kernel_w, std::vector<uint16_t>(l.in_c)));
  for (uint32_t k = 0; k < l.kernels; ++k) {
    for (uint32_t s = 0; s < l.kernel_w; ++s) {
      for (uint32_t c = 0; c < l.in_c; ++c) l.kernel[k][s][c] = value(int((k * 5 + s * 11 + c) % 29) - 14);
    }
  }
  const ConvOutput out = run(l);
  ASSERT_TRUE(out.fp32);
  ASSERT_EQ(out.width, 4u);  // 1 + 3 + 1 - 2 + 1
  ASSERT_EQ(out.lanes, 16u);
  ASSERT_EQ(out.values.size(), 2u * 4u * 16u);
  for (uint32_t x = 0; x < out.width; ++x) {
    for (uint32_t k = 0; k < l.kernels; ++k) {
      double sum = 0;
      for (uint32_t s = 0; s < l.kernel_w; ++s) {
        const int iw = int(x + s) - int(l.pad_left);
        for (uint32_t c = 0; c < l.in_c; ++c) {
          const uint16_t d = (iw < 0 || iw >= int(l.in_w)) ? l.pad_value : l.input[iw][c];
          sum += number(d) * number(l.kernel[k][s][c]);
        }
      }
      EXPECT_EQ(out_bits(out, x, k), bits(float(sum))) << "x " << x << " k " << k << " sum " << sum;
    }
    // Lanes beyond K carry +0.
    for (uint32_t k = l.kernels; k < 32; ++k) EXPECT_EQ(out_bits(out, x, k), 0u);
  }
  EXPECT_EQ(out.nan_input_data + out.inf_input_data + out.nan_input_weight + out.inf_input_weight, 0u);
}

TEST(ConvFp16, Fp32DeliveryTiesAwayFromZero) {
  // S = 2, C = 1: two atomic operations per output, 4096 x 4096 = 2^24 and
  // then 1 x 1 = 1. FP48 holds 2^24 + 1 exactly (mantissa 2^38 + 2^14);
  // the fp32 delivery rounds the half unit away from zero: 2^24 + 2 =
  // 0x4B800001; the negated kernel gives -(2^24 + 2) = 0xCB800001.
  LayerFp l;
  l.in_w = 2;
  l.kernel_w = 2;
  l.kernels = 2;
  l.input = {{k4096}, {kOne}};
  l.kernel = {{{k4096}, {kOne}}, {{kNeg(k4096)}, {kNeg(kOne)}}};
  const ConvOutput out = run(l);
  EXPECT_EQ(out_bits(out, 0, 0), 0x4B800001u);
  EXPECT_EQ(out_bits(out, 0, 1), 0xCB800001u);
}

TEST(ConvFp16, AccumulationOrderAndFp48Rounding) {
  // S = 3, C = 1: three atomic operations added in kernel-column order.
  // Kernel 0 sees 32768 x 32768 = 2^30, 2^-5 x 2^-4 = 2^-9, 32768 x
  // -32768 = -2^30. FP48 holds 2^30 as 2^38 x 2^(93-101); 2^-9 arrives as
  // 2^38 x 2^(54-101), 39 places lower: it is shifted out entirely and is
  // exactly the guard bit, so the sum rounds up (half away from zero) to
  // mantissa 2^38 + 1, i.e. 2^30 + 2^-8; minus 2^30 leaves 2^-8 =
  // 0x3B800000 (the exact sum would be 2^-9).
  // Kernel 1: 2^30, 2^-10 (2^-5 x 2^-5), -2^30: 2^-10 lies 40 places below,
  // is dropped without a guard bit and the total is +0.
  // A second layer takes kernel 0's products in the order 2^30, -2^30,
  // 2^-9: the first two cancel to 0 and the total is exactly 2^-9 =
  // 0x3B000000.
  LayerFp l;
  l.in_w = 3;
  l.kernel_w = 3;
  l.kernels = 2;
  constexpr uint16_t k2m5 = 0x2800, k2m4 = 0x2C00;  // 2^-5 (exponent field 10), 2^-4 (11)
  l.input = {{k32768}, {k2m5}, {k32768}};
  l.kernel = {{{k32768}, {k2m4}, {kNeg(k32768)}}, {{k32768}, {k2m5}, {kNeg(k32768)}}};
  ConvOutput out = run(l);
  EXPECT_EQ(out_bits(out, 0, 0), 0x3B800000u);
  EXPECT_EQ(out_bits(out, 0, 1), 0u);
  LayerFp m;
  m.in_w = 3;
  m.kernel_w = 3;
  m.input = {{k32768}, {k32768}, {k2m5}};
  m.kernel = {{{k32768}, {kNeg(k32768)}, {k2m4}}};
  out = run(m);
  EXPECT_EQ(out_bits(out, 0, 0), 0x3B000000u);
}

TEST(ConvFp16, BoothTruncationShowsAfterCancellation) {
  // One atomic operation, C = 3: 1 x 16 and 1 x -16 (group sums 7, block
  // exponent 28, products +-2^26 exactly) cancel; the third pair, data
  // 0x17BF (significand 0x7BF << 1 = 0xF7E, group 1) and weight 0x1112
  // (significand 0x512, group 1), has group sum 2, so its product 0xF7E x
  // 0x512 = 5147868 is shifted right by 4 x 5 = 20: 4.91 units, which the
  // Booth multiplier delivers as 5 (BoothTruncationVectors). The word is
  // 5 x 2^(28-50) = 1.25 x 2^-20 = 0x35A00000 (floor would give 2^-20).
  LayerFp l;
  l.in_c = 3;
  l.input = {{kOne, kOne, 0x17BF}};
  l.kernel = {{{kSixteen, kNeg(kSixteen), 0x1112}}};
  EXPECT_EQ(out_bits(run(l), 0, 0), 0x35A00000u);
}

TEST(ConvFp16, PaddingInfinityNaNFlushAndCounters) {
  // W = 2, C = 2, S = 2, pad left 1 with pad value 2.0, K = 1 with all
  // weights 1.0. Input x(0) = {Inf, 1}, x(1) = {NaN 0x7E01, 0.5}.
  // Output 0 sees {pad, pad} then x(0): 2 + 2 + Inf + 1, Inf counting as
  // 2^16 in CMAC (exponent 31 is just a number there): 65541 = 2^16 x
  // (1 + 640 x 2^-23) = 0x47800280.
  // Output 1 sees x(0) then x(1): without NaN flush the NaN makes the
  // product word a NaN (exponent 63, payload 0x201), which CACC keeps and
  // delivers as 0x7F800201; with D_NAN_FLUSH_TO_ZERO the NaN is +0 and the
  // sum is 65536 + 1 + 0.5 = 65537.5 = 2^16 x (1 + 192 x 2^-23) = 0x478000C0.
  // CDMA counts every fetched element: the NaN and the Inf (lanes beyond C
  // hold 0xEEEE, a finite number).
  LayerFp l;
  l.in_w = 2;
  l.in_c = 2;
  l.kernel_w = 2;
  l.pad_left = 1;
  l.pad_value = kTwo;
  l.input = {{0x7C00, kOne}, {0x7E01, kHalf}};
  l.kernel = {{{kOne, kOne}, {kOne, kOne}}};
  ConvOutput out = run(l);
  ASSERT_EQ(out.width, 2u);
  EXPECT_EQ(out_bits(out, 0, 0), 0x47800280u);
  EXPECT_EQ(out_bits(out, 1, 0), 0x7F800201u);
  EXPECT_EQ(out.nan_input_data, 1u);
  EXPECT_EQ(out.inf_input_data, 1u);
  EXPECT_EQ(out.nan_input_weight, 0u);
  EXPECT_EQ(out.inf_input_weight, 0u);
  l.nan_to_zero = true;
  out = run(l);
  EXPECT_EQ(out_bits(out, 0, 0), 0x47800280u);
  EXPECT_EQ(out_bits(out, 1, 0), 0x478000C0u);
  EXPECT_EQ(out.nan_input_data, 1u);  // counted before the flush
  // A NaN weight: counted, and flushed to +0 like the data (RTL
  // NV_NVDLA_CDMA_wt.v): 2 + 2 + 0 + 1.
  l.kernel = {{{kOne, kOne}, {0xFC01, kOne}}};
  out = run(l);
  EXPECT_EQ(out.nan_input_weight, 1u);
  EXPECT_EQ(out_bits(out, 0, 0), bits(5.0f));
}

TEST(ConvFp16, TwoBatchesWithCompressedWeights) {
  // nv_full's batches and compressed weights with fp16 elements: batch b's
  // cube at D_DAIN_ADDR + b x D_BATCH_STRIDE; the weights stored without
  // their zeros (mask bit per dense element at D_WMB_ADDR, one byte count
  // per group of 16 kernels at D_WGS_ADDR). W = 2, C = 3, S = 1, K = 18
  // (two groups); every value in exponent group 3 or 0, so each output is
  // the exact sum of products of its batch (double), exact in fp32.
  constexpr uint32_t W = 2, C = 3, K = 18, B = 2;
  constexpr uint64_t kWmb = 0x80200000, kWgs = 0x80300000;
  const uint16_t values[] = {0, kOne, kHalf, 0x3E00, 0xB400, 0x3A00, 0xBC00};  // 0, 1, .5, 1.5, -.25, .75, -1
  const double numbers[] = {0, 1, 0.5, 1.5, -0.25, 0.75, -1};
  const auto input_index = [](uint32_t b, uint32_t w, uint32_t c) { return (b * 3 + w * 2 + c + 1) % 7; };
  const auto weight_index = [](uint32_t k, uint32_t c) { return (k + 2 * c) % 3 == 0 ? 0u : (k * 5 + c) % 7; };
  LayerFp l;
  l.in_w = W;
  l.in_c = C;
  l.kernels = K;
  l.input.assign(W, std::vector<uint16_t>(C));
  l.kernel.assign(K, std::vector<std::vector<uint16_t>>(1, std::vector<uint16_t>(C)));
  for (uint32_t k = 0; k < K; ++k)
    for (uint32_t c = 0; c < C; ++c) l.kernel[k][0][c] = values[weight_index(k, c)];
  const std::vector<uint16_t> dense = weight_layout(l);  // groups of 16: 16 x 3, then 2 x 3 elements
  std::vector<uint16_t> packed;
  std::vector<uint8_t> wmb((dense.size() + 1023) / 1024 * 128, 0), wgs;
  for (size_t begin = 0; begin < dense.size(); begin += 16 * C) {
    uint32_t bytes = 0;
    for (size_t i = begin; i < std::min(dense.size(), begin + 16 * C); ++i) {
      if (dense[i] == 0) continue;
      wmb[i / 8] = uint8_t(wmb[i / 8] | (1u << (i % 8)));
      packed.push_back(dense[i]);
      bytes += 2;
    }
    for (uint32_t byte = 0; byte < 4; ++byte) wgs.push_back(uint8_t(bytes >> (8 * byte)));
  }
  ConvRegisters r = registers(l);
  const uint32_t batch_stride = W * 32 + 64;
  r.cdma_batch_number = r.csc_batch_number = r.cacc_batch_number = B - 1;
  r.cdma_batch_stride = batch_stride;
  r.cdma_weight_format = rd::D_WEIGHT_FORMAT_WEIGHT_FORMAT.put(1);
  r.csc_weight_format = rc::D_WEIGHT_FORMAT_WEIGHT_FORMAT.put(1);
  r.cdma_weight_bytes = r.csc_weight_bytes = uint32_t((packed.size() * 2 + 127) / 128 * 128);
  r.cdma_wmb_addr_low = uint32_t(kWmb);
  r.cdma_wgs_addr_low = uint32_t(kWgs);
  r.cdma_wmb_bytes = r.csc_wmb_bytes = uint32_t(wmb.size());
  const ConvLayer layer = decode_conv(r, hardware_config(Config::NvFull));
  std::vector<uint8_t> feature(size_t(batch_stride) * B, 0);
  for (uint32_t b = 0; b < B; ++b)
    for (uint32_t w = 0; w < W; ++w)
      for (uint32_t c = 0; c < C; ++c) {
        const uint16_t v = values[input_index(b, w, c)];
        feature[b * batch_stride + w * 32 + 2 * c] = uint8_t(v & 0xFF);
        feature[b * batch_stride + w * 32 + 2 * c + 1] = uint8_t(v >> 8);
      }
  const ConvOutput out = conv_process(layer, [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) {
      const uint64_t a = address + i;
      uint8_t v = 0;
      if (a >= kFeature && a < kFeature + feature.size()) v = feature[a - kFeature];
      if (a >= kWeights && a < kWeights + 2 * packed.size()) {
        v = uint8_t((a - kWeights) % 2 == 0 ? packed[(a - kWeights) / 2] & 0xFF : packed[(a - kWeights) / 2] >> 8);
      }
      if (a >= kWmb && a < kWmb + wmb.size()) v = wmb[a - kWmb];
      if (a >= kWgs && a < kWgs + wgs.size()) v = wgs[a - kWgs];
      data[i] = v;
    }
  });
  ASSERT_EQ(out.batches, B);
  ASSERT_TRUE(out.fp32);
  for (uint32_t b = 0; b < B; ++b)
    for (uint32_t w = 0; w < W; ++w)
      for (uint32_t k = 0; k < K; ++k) {
        double sum = 0;
        for (uint32_t c = 0; c < C; ++c) sum += numbers[input_index(b, w, c)] * numbers[weight_index(k, c)];
        EXPECT_EQ(uint32_t(out.at(w, 0, k, b)), bits(float(sum))) << "batch " << b << " w " << w << " k " << k;
      }
}

// ---- Refusals.

TEST(ConvFp16, RefusedWhereTheHardwareLacksItOrItIsIllegal) {
  LayerFp l;
  l.input = {{kOne}};
  l.kernel = {{{kOne}}};
  const ConvRegisters good = registers(l);
  const auto message = [](const ConvRegisters& r, Config config) {
    return conv_unsupported_or_illegal(decode_conv(r, hardware_config(config))).value_or("");
  };
  EXPECT_EQ(message(good, Config::NvFull), "");
  for (const Config config : {Config::NvSmall, Config::NvLarge, Config::NvSmall256Full}) {
    const std::string m = message(good, config);
    EXPECT_NE(m.find("D_MISC_CFG.PROC_PRECISION = FP16) is not supported by " +
                     std::string(hardware_config(config).name)),
              std::string::npos)
        << m;
  }
  EXPECT_THROW(run(l, Config::NvSmall), std::invalid_argument);
  ConvRegisters r = good;
  r.cacc_misc_cfg = ra::D_MISC_CFG_PROC_PRECISION.put(1);
  EXPECT_NE(message(r, Config::NvFull).find("mixed precisions"), std::string::npos);
  r = good;
  r.cdma_cvt_cfg = rd::D_CVT_CFG_CVT_EN.put(1);
  EXPECT_NE(message(r, Config::NvFull).find("CDMA D_CVT_CFG.CVT_EN must be 0 for fp16"), std::string::npos);
  r = good;
  r.cdma_weight_size_0 = 0;  // 1 byte: R*S*C*2 = 2
  EXPECT_NE(message(r, Config::NvFull).find("BYTE_PER_KERNEL"), std::string::npos);
}

}  // namespace
}  // namespace acosim::nvdla

// The direct-convolution datapath (CDMA -> CSC -> CMAC -> CACC) on a tiny
// nv_small layer: a 2x2x8 int8 input, 1x1, 3x3 and dilated 2x2 kernels,
// padding with a pad value, stride 2, CACC truncation and CDMA's input
// converter, each expected value worked out by hand in the comments; on
// nv_full, int16, several batches and compressed weights, whose expected
// values come from a plain convolution loop over each batch with the dense
// kernels, and the programming errors of both. The
// twelve NVDLA dc_* conformance traces are checked outside this test (their
// SDP CRCs; see the fact sheet).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
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

// Feature cube at 0x1_0000_0100 (ADDR_HIGH 1), weights at 0x0800, both on
// MCIF (nv_small has no CVIF).
constexpr uint64_t kFeature = 0x100000100ull;
constexpr uint64_t kWeights = 0x800;

// Input element (w, h, c) = c + 1 + 10 * p with p = w + 2h, so the 8
// channels of position p sum to V(p) = 36 + 80p:
//   V(0,0) = 36, V(1,0) = 116, V(0,1) = 196, V(1,1) = 276.
int8_t input_value(uint32_t w, uint32_t h, uint32_t c) { return static_cast<int8_t>(c + 1 + 10 * (w + 2 * h)); }

struct Layer {
  uint32_t in_w = 2, in_h = 2, in_c = 8;
  uint32_t kernel_w = 1, kernel_h = 1, kernels = 1;
  uint32_t pad_left = 0, pad_right = 0, pad_top = 0, pad_bottom = 0;
  uint32_t pad_value = 0;
  uint32_t stride = 1, dilation = 1;
  uint32_t truncate = 0;
  std::vector<int8_t> weights;  // in NVDLA's direct-convolution layout
};

uint32_t out_extent(uint32_t in, uint32_t pads, uint32_t k, uint32_t d, uint32_t s) {
  return (in + pads - ((k - 1) * d + 1)) / s + 1;
}

ConvRegisters registers(const Layer& l) {
  const uint32_t ow = out_extent(l.in_w, l.pad_left + l.pad_right, l.kernel_w, l.dilation, l.stride);
  const uint32_t oh = out_extent(l.in_h, l.pad_top + l.pad_bottom, l.kernel_h, l.dilation, l.stride);
  const uint32_t kernel_bytes = l.kernel_w * l.kernel_h * l.in_c;
  const uint32_t surfaces = (l.in_c + 7) / 8;
  ConvRegisters r;
  r.cdma_misc_cfg = 0;  // direct, int8
  r.cdma_datain_format = 0;
  r.cdma_datain_size_0 =
      rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(l.in_w - 1) | rd::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(l.in_h - 1);
  r.cdma_datain_size_1 = l.in_c - 1;
  r.cdma_datain_size_ext_0 = r.cdma_datain_size_0;
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_high_0 = uint32_t(kFeature >> 32);
  r.cdma_dain_addr_low_0 = uint32_t(kFeature);
  r.cdma_line_stride = l.in_w * 8;  // atoms of 8 bytes
  r.cdma_surf_stride = r.cdma_line_stride * l.in_h;
  r.cdma_dain_map = rd::D_DAIN_MAP_LINE_PACKED.put(1) | rd::D_DAIN_MAP_SURF_PACKED.put(1);
  r.cdma_entry_per_slice = l.in_w * surfaces - 1;  // 8-byte entries
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = l.kernels - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_low = uint32_t(kWeights);
  r.cdma_weight_bytes = kernel_bytes * l.kernels;
  r.cdma_conv_stride = rd::D_CONV_STRIDE_CONV_X_STRIDE.put(l.stride - 1) | rd::D_CONV_STRIDE_CONV_Y_STRIDE.put(l.stride - 1);
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(l.pad_left) | rd::D_ZERO_PADDING_PAD_RIGHT.put(l.pad_right) |
                        rd::D_ZERO_PADDING_PAD_TOP.put(l.pad_top) | rd::D_ZERO_PADDING_PAD_BOTTOM.put(l.pad_bottom);
  r.cdma_zero_padding_value = l.pad_value;
  r.cdma_bank = rd::D_BANK_DATA_BANK.put(0) | rd::D_BANK_WEIGHT_BANK.put(0);

  r.csc_misc_cfg = 0;
  r.csc_datain_size_ext_0 = r.cdma_datain_size_0;
  r.csc_datain_size_ext_1 = l.in_c - 1;
  r.csc_entry_per_slice = r.cdma_entry_per_slice;
  r.csc_weight_size_ext_0 =
      rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(l.kernel_w - 1) | rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(l.kernel_h - 1);
  r.csc_weight_size_ext_1 =
      rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(l.in_c - 1) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(l.kernels - 1);
  r.csc_weight_bytes = r.cdma_weight_bytes;
  r.csc_dataout_size_0 = rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(ow - 1) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(oh - 1);
  r.csc_dataout_size_1 = l.kernels - 1;
  r.csc_atomics = ow * oh - 1;
  r.csc_conv_stride_ext = r.cdma_conv_stride;
  r.csc_dilation_ext =
      rc::D_DILATION_EXT_X_DILATION_EXT.put(l.dilation - 1) | rc::D_DILATION_EXT_Y_DILATION_EXT.put(l.dilation - 1);
  r.csc_zero_padding = rc::D_ZERO_PADDING_PAD_LEFT.put(l.pad_left) | rc::D_ZERO_PADDING_PAD_TOP.put(l.pad_top);
  r.csc_zero_padding_value = l.pad_value;
  r.csc_bank = r.cdma_bank;

  r.cmac_a_misc_cfg = 0;
  r.cmac_b_misc_cfg = 0;
  r.cacc_misc_cfg = 0;
  r.cacc_dataout_size_0 = r.csc_dataout_size_0;
  r.cacc_dataout_size_1 = l.kernels - 1;
  r.cacc_clip_cfg = ra::D_CLIP_CFG_CLIP_TRUNCATE.put(l.truncate);
  return r;
}

struct ConvRun {
  ConvOutput out;
  std::vector<std::string> reads;  // "mc:address:bytes"
};

// The packed input cube; the lanes beyond C of the last surface hold 0xEE
// (they meet zero weights).
ConvRun run(const ConvRegisters& r, const std::vector<int8_t>& weights) {
  const ConvLayer layer = decode_conv(r, hardware_config(Config::NvSmall));
  const uint32_t W = layer.width, H = layer.height, C = layer.channels, surfaces = (C + 7) / 8;
  std::vector<uint8_t> feature(size_t(surfaces) * H * W * 8, 0xEE);
  for (uint32_t h = 0; h < H; ++h)
    for (uint32_t w = 0; w < W; ++w)
      for (uint32_t c = 0; c < C; ++c) feature[((c / 8 * H + h) * W + w) * 8 + c % 8] = uint8_t(input_value(w, h, c));
  ConvRun result;
  result.out = conv_process(layer, [&](bool mc, uint64_t address, uint8_t* data, size_t bytes) {
    result.reads.push_back(std::string(mc ? "mc:" : "cv:") + std::to_string(address) + ":" + std::to_string(bytes));
    for (size_t i = 0; i < bytes; ++i) {
      const uint64_t a = address + i;
      if (a >= kFeature && a < kFeature + feature.size()) {
        data[i] = feature[a - kFeature];
      } else if (a >= kWeights && a < kWeights + weights.size()) {
        data[i] = uint8_t(weights[a - kWeights]);
      } else {
        data[i] = 0xEE;  // memory outside both cubes
      }
    }
  });
  return result;
}

ConvRun run(const Layer& l) { return run(registers(l), l.weights); }

TEST(ConvDatapath, OneByOneKernelTwoKernels) {
  // K = 2, R = S = 1: one group (kcount 2) of one channel block: kernel 0's
  // 8 weights, then kernel 1's.
  Layer l;
  l.kernels = 2;
  l.weights = {1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, -1, 1, -1, 1, -1};
  const ConvRun r = run(l);
  ASSERT_EQ(r.out.width, 2u);
  ASSERT_EQ(r.out.height, 2u);
  ASSERT_EQ(r.out.channels, 2u);
  ASSERT_EQ(r.out.lanes, 8u);
  ASSERT_EQ(r.out.values.size(), 2u * 2u * 8u);
  // Kernel 0 sums the channels: V(p) = 36 + 80p.
  EXPECT_EQ(r.out.at(0, 0, 0), 36);
  EXPECT_EQ(r.out.at(1, 0, 0), 116);
  EXPECT_EQ(r.out.at(0, 1, 0), 196);
  EXPECT_EQ(r.out.at(1, 1, 0), 276);
  // Kernel 1: (c+1+10p) alternating signs = 1-2+3-4+5-6+7-8 = -4 (10p cancels).
  for (uint32_t h = 0; h < 2; ++h)
    for (uint32_t w = 0; w < 2; ++w) {
      EXPECT_EQ(r.out.at(w, h, 1), -4);
      for (uint32_t c = 2; c < 8; ++c) EXPECT_EQ(r.out.at(w, h, c), 0) << "lane beyond K";
    }
  // Packed order: lane fastest, then column, then line.
  EXPECT_EQ(r.out.values[8], 116);
  EXPECT_EQ(r.out.values[9], -4);
  // One read per input line (16 bytes at line stride 16), one weight read.
  const std::vector<std::string> reads = {"mc:" + std::to_string(kFeature) + ":16",
                                          "mc:" + std::to_string(kFeature + 16) + ":16", "mc:2048:16"};
  EXPECT_EQ(r.reads, reads);
  EXPECT_EQ(r.out.out_saturation, 0u);
}

TEST(ConvDatapath, ThreeByThreeWithPadValue) {
  // Pad 1 on every side; PAD_VALUE 0x7F02: only the low byte counts, so a
  // padded position contributes 8 channels x 2 = 16 per unit weight.
  // Weight(r, s, c) = 3r + s + 1 for every channel, stored (r, s, c) with c
  // fastest (one kernel, one channel block).
  Layer l;
  l.kernel_w = l.kernel_h = 3;
  l.pad_left = l.pad_right = l.pad_top = l.pad_bottom = 1;
  l.pad_value = 0x7F02;
  for (int rs = 0; rs < 9; ++rs)
    for (int c = 0; c < 8; ++c) l.weights.push_back(int8_t(rs + 1));
  const ConvRun r = run(l);
  ASSERT_EQ(r.out.width, 2u);
  ASSERT_EQ(r.out.height, 2u);
  // out(0,0), window x -1..1, y -1..1:
  //   row y=-1: (1+2+3)*16 = 96
  //   row y=0:  4*16 + 5*V(0,0) + 6*V(1,0) = 64 + 180 + 696 = 940
  //   row y=1:  7*16 + 8*V(0,1) + 9*V(1,1) = 112 + 1568 + 2484 = 4164
  EXPECT_EQ(r.out.at(0, 0, 0), 96 + 940 + 4164);  // 5200
  // out(1,0): 96 + (4*36 + 5*116 + 6*16) + (7*196 + 8*276 + 9*16)
  //         = 96 + 820 + 3724
  EXPECT_EQ(r.out.at(1, 0, 0), 4640);
  // out(0,1): (1*16 + 2*36 + 3*116) + (4*16 + 5*196 + 6*276) + (7+8+9)*16
  //         = 436 + 2700 + 384
  EXPECT_EQ(r.out.at(0, 1, 0), 3520);
  // out(1,1): (1*36 + 2*116 + 3*16) + (4*196 + 5*276 + 6*16) + 384
  //         = 316 + 2260 + 384
  EXPECT_EQ(r.out.at(1, 1, 0), 2960);
}

TEST(ConvDatapath, StrideTwo) {
  // 1x1 kernel of ones, pad 1 on every side, PAD_VALUE 2, stride 2: output
  // (2 + 2 - 1) / 2 + 1 = 2 per side at input positions -1 and 1; only
  // (1,1) is inside: V(1,1) = 276, the others see padding: 8 * 2 = 16.
  Layer l;
  l.pad_left = l.pad_right = l.pad_top = l.pad_bottom = 1;
  l.pad_value = 2;
  l.stride = 2;
  l.weights.assign(8, 1);
  const ConvRun r = run(l);
  ASSERT_EQ(r.out.width, 2u);
  ASSERT_EQ(r.out.height, 2u);
  EXPECT_EQ(r.out.at(0, 0, 0), 16);
  EXPECT_EQ(r.out.at(1, 0, 0), 16);
  EXPECT_EQ(r.out.at(0, 1, 0), 16);
  EXPECT_EQ(r.out.at(1, 1, 0), 276);
}

TEST(ConvDatapath, Dilation) {
  // 2x2 kernel, dilation 2 (span 3), pad 1 on every side, PAD_VALUE 2
  // (padded position: 16 per unit weight); weight(r, s, c) = 2r + s + 1.
  // out(x, y) taps input (x - 1 + 2s, y - 1 + 2r).
  Layer l;
  l.kernel_w = l.kernel_h = 2;
  l.dilation = 2;
  l.pad_left = l.pad_right = l.pad_top = l.pad_bottom = 1;
  l.pad_value = 2;
  for (int rs = 0; rs < 4; ++rs)
    for (int c = 0; c < 8; ++c) l.weights.push_back(int8_t(rs + 1));
  const ConvRun r = run(l);
  ASSERT_EQ(r.out.width, 2u);  // (2 + 2 - 3) / 1 + 1
  ASSERT_EQ(r.out.height, 2u);
  // out(0,0): taps (-1,-1) (1,-1) (-1,1) padded, (1,1) = 276: 16*(1+2+3) + 4*276
  EXPECT_EQ(r.out.at(0, 0, 0), 96 + 1104);
  // out(1,0): only (0,1) = 196 inside, weight 3: 16*(1+2+4) + 588
  EXPECT_EQ(r.out.at(1, 0, 0), 112 + 588);
  // out(0,1): only (1,0) = 116 inside, weight 2: 16*(1+3+4) + 232
  EXPECT_EQ(r.out.at(0, 1, 0), 128 + 232);
  // out(1,1): only (0,0) = 36 inside, weight 1: 36 + 16*(2+3+4)
  EXPECT_EQ(r.out.at(1, 1, 0), 36 + 144);
}

TEST(ConvDatapath, TruncationInThePipeline) {
  // The 1x1 layer with CLIP_TRUNCATE = 3 (divide by 8, ties away from zero):
  //   36/8 = 4.5 -> 5, 116/8 = 14.5 -> 15, 196/8 = 24.5 -> 25,
  //   276/8 = 34.5 -> 35, -4/8 = -0.5 -> -1.
  Layer l;
  l.kernels = 2;
  l.truncate = 3;
  l.weights = {1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, -1, 1, -1, 1, -1};
  const ConvRun r = run(l);
  EXPECT_EQ(r.out.at(0, 0, 0), 5);
  EXPECT_EQ(r.out.at(1, 0, 0), 15);
  EXPECT_EQ(r.out.at(0, 1, 0), 25);
  EXPECT_EQ(r.out.at(1, 1, 0), 35);
  EXPECT_EQ(r.out.at(1, 1, 1), -1);
}

TEST(ConvDatapath, WeightGroupsAndChannelBlocks) {
  // A 1x1x9 input (two surfaces: channels 0..7, then channel 8 and 7 junk
  // lanes) and K = 9 1x1 kernels with weight(k, c) = 1 when c == k: the
  // identity, so output channel k is input channel k = k + 1.
  // Layout: group 0 (kernels 0..7): channel block 0 (C' = 8) holds kernel
  // 0's 8 weights, kernel 1's, ... (64 bytes); channel block 1 (C' = 1)
  // holds one weight per kernel (8 bytes). Group 1 (kernel 8 alone): block
  // 0 (8 bytes), block 1 (1 byte). 81 bytes = 9 x 9.
  Layer l;
  l.in_w = l.in_h = 1;
  l.in_c = 9;
  l.kernels = 9;
  l.weights.assign(81, 0);
  for (int k = 0; k < 8; ++k) l.weights[size_t(k * 8 + k)] = 1;  // group 0, block 0
  // group 0, block 1 (channel 8): kernel 8 is not in group 0: all zero.
  l.weights[72 + 8] = 1;  // group 1, block 1: kernel 8, channel 8
  const ConvRun r = run(l);
  ASSERT_EQ(r.out.channels, 9u);
  ASSERT_EQ(r.out.values.size(), 16u);  // two output surfaces of 8 lanes
  for (uint32_t k = 0; k < 9; ++k) EXPECT_EQ(r.out.at(0, 0, k), int32_t(k + 1)) << "kernel " << k;
  for (uint32_t c = 9; c < 16; ++c) EXPECT_EQ(r.out.at(0, 0, c), 0) << "lane beyond K";
  // Two feature reads (one line per surface), one weight read.
  EXPECT_EQ(r.reads.size(), 3u);
}

TEST(ConvTruncate, RoundsHalfAwayFromZero) {
  EXPECT_EQ(cacc_truncate(5, 2), 1);    // 1.25
  EXPECT_EQ(cacc_truncate(6, 2), 2);    // 1.5
  EXPECT_EQ(cacc_truncate(7, 2), 2);    // 1.75
  EXPECT_EQ(cacc_truncate(-5, 2), -1);  // -1.25
  EXPECT_EQ(cacc_truncate(-6, 2), -2);  // -1.5
  EXPECT_EQ(cacc_truncate(-7, 2), -2);  // -1.75
  EXPECT_EQ(cacc_truncate(-123456, 0), -123456);
}

TEST(ConvTruncate, StickyBitsAreOnlyFifteenWide) {
  // t = 20, a = -2^20 + 2^19 + 1 = -524287 = -0.49999905 * 2^20: floor -1,
  // remainder 2^19 + 1: guard set, the 15 sticky bits (19 .. 5 below the
  // guard, bits 18..4 of a) clear, the 1 in bit 0 is lost: a negative tie,
  // which stays at -1 (the C model's exact rounding would give 0).
  EXPECT_EQ(cacc_truncate(-524287, 20), -1);
  // With a set bit among the 15 (2^19 + 2^4): -0.4999847 rounds up to 0.
  EXPECT_EQ(cacc_truncate(-(1 << 20) + (1 << 19) + (1 << 4), 20), 0);
  // Positive just below a half: 2^19 - 1 -> 0.
  EXPECT_EQ(cacc_truncate((1 << 19) - 1, 20), 0);
}

TEST(ConvTruncate, SaturatesToInt32) {
  bool sat = false;
  const int64_t max34 = (int64_t(1) << 33) - 1;
  EXPECT_EQ(cacc_truncate(max34, 0, &sat), std::numeric_limits<int32_t>::max());
  EXPECT_TRUE(sat);
  EXPECT_EQ(cacc_truncate(-(int64_t(1) << 33), 0, &sat), std::numeric_limits<int32_t>::min());
  EXPECT_TRUE(sat);
  // (2^32 - 1) / 2 = 2^31 - 0.5 rounds to 2^31: the rounding overflows.
  EXPECT_EQ(cacc_truncate((int64_t(1) << 32) - 1, 1, &sat), std::numeric_limits<int32_t>::max());
  EXPECT_TRUE(sat);
  // -2^32 / 2 = -2^31 fits.
  EXPECT_EQ(cacc_truncate(-(int64_t(1) << 32), 1, &sat), std::numeric_limits<int32_t>::min());
  EXPECT_FALSE(sat);
  // The 34-bit accumulator saturates on every addition.
  EXPECT_EQ(cacc_accumulate(max34, 1), max34);
  EXPECT_EQ(cacc_accumulate(-max34 - 1, -5), -max34 - 1);
  EXPECT_EQ(cacc_accumulate(max34, -1), max34 - 1);
}

TEST(ConvCdmaConvert, OffsetScaleTruncate) {
  EXPECT_EQ(cdma_convert(10, 2, 3, 1), 12);      // (10-2)*3 = 24, /2
  EXPECT_EQ(cdma_convert(5, 0, 3, 1), 8);        // 7.5 -> 8
  EXPECT_EQ(cdma_convert(-5, 0, 3, 1), -8);      // -7.5 -> -8
  EXPECT_EQ(cdma_convert(-128, 127, 100, 0), -128);  // -25500 saturates
  EXPECT_EQ(cdma_convert(100, 0, 100, 40), 0);   // shifts >= 34 give 0
}

TEST(ConvDatapath, InputConverterAppliesToDataNotPadding) {
  // CVT_EN with offset 1, scale 2, truncate 1: x -> ((x - 1) * 2) / 2 = x - 1
  // for each element; padding (PAD_VALUE 2) is not converted. 1x1 kernel of
  // ones, stride 2, pad 1: out(1,1) = V(1,1) - 8 = 268, the others 16.
  Layer l;
  l.pad_left = l.pad_right = l.pad_top = l.pad_bottom = 1;
  l.pad_value = 2;
  l.stride = 2;
  l.weights.assign(8, 1);
  ConvRegisters regs = registers(l);
  regs.cdma_cvt_cfg = rd::D_CVT_CFG_CVT_EN.put(1) | rd::D_CVT_CFG_CVT_TRUNCATE.put(1);
  regs.cdma_cvt_offset = 1;
  regs.cdma_cvt_scale = 2;
  const ConvRun r = run(regs, l.weights);
  EXPECT_EQ(r.out.at(0, 0, 0), 16);
  EXPECT_EQ(r.out.at(1, 1, 0), 268);
}

TEST(ConvLimits, NamesWhatIsNotModelledOrIllegal) {
  Layer l;
  l.weights.assign(8, 1);
  const ConvRegisters good = registers(l);
  const HardwareConfig& hw = hardware_config(Config::NvSmall);
  EXPECT_EQ(conv_unsupported_or_illegal(decode_conv(good, hw)), std::nullopt);

  const auto message = [&](ConvRegisters r) {
    const std::optional<std::string> m = conv_unsupported_or_illegal(decode_conv(r, hw));
    return m.value_or("");
  };
  ConvRegisters r = good;
  r.csc_misc_cfg = rc::D_MISC_CFG_CONV_MODE.put(1);
  EXPECT_NE(message(r).find("Winograd"), std::string::npos);
  r = good;
  r.cacc_misc_cfg = ra::D_MISC_CFG_PROC_PRECISION.put(2);
  EXPECT_NE(message(r).find("fp16 convolution"), std::string::npos);
  r = good;
  r.cdma_datain_format = rd::D_DATAIN_FORMAT_DATAIN_FORMAT.put(1);  // CSC left at FEATURE
  EXPECT_NE(message(r).find("CDMA D_DATAIN_FORMAT.DATAIN_FORMAT (PIXEL) and CSC D_DATAIN_FORMAT.DATAIN_FORMAT "
                            "(FEATURE) disagree"),
            std::string::npos);
  r = good;
  r.cdma_weight_format = r.csc_weight_format = 1;  // nv_small has no weight compression
  EXPECT_NE(message(r).find("D_WEIGHT_FORMAT.WEIGHT_FORMAT = COMPRESSED) are not supported by nv_small"),
            std::string::npos);
  EXPECT_NE(message(r).find("WEIGHT_COMPRESSION_DISABLE"), std::string::npos);
  r.csc_weight_format = 0;
  EXPECT_NE(message(r).find("CDMA D_WEIGHT_FORMAT and CSC D_WEIGHT_FORMAT disagree"), std::string::npos);
  r = good;
  r.cdma_batch_number = r.csc_batch_number = r.cacc_batch_number = 1;  // nv_small has no multi-batch
  r.cdma_batch_stride = 1024;
  EXPECT_NE(message(r).find("D_BATCH_NUMBER = 1) is not supported by nv_small"), std::string::npos);
  EXPECT_NE(message(r).find("BATCH_DISABLE"), std::string::npos);
  r = good;
  r.cacc_dataout_size_0 = 0;  // 1x1 instead of 2x2
  EXPECT_NE(message(r).find("CACC D_DATAOUT_SIZE_0/1"), std::string::npos);
  r = good;
  r.csc_dataout_size_0 = 0;
  r.cacc_dataout_size_0 = 0;
  EXPECT_NE(message(r).find("CSC D_DATAOUT_SIZE_0"), std::string::npos);
  r = good;
  r.cdma_bank = rd::D_BANK_DATA_BANK.put(15) | rd::D_BANK_WEIGHT_BANK.put(16);  // 16 + 17 > 32
  r.csc_bank = r.cdma_bank;
  EXPECT_NE(message(r).find("more than the 32 CBUF banks"), std::string::npos);
  r = good;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_CVIF;
  EXPECT_NE(message(r).find("CVIF, which nv_small does not have"), std::string::npos);
  r = good;
  r.cdma_weight_bytes = 9;
  EXPECT_NE(message(r).find("D_WEIGHT_BYTES"), std::string::npos);
  r = good;
  r.cdma_weight_bytes = r.csc_weight_bytes = 128;  // 8 padded to 128 is accepted
  EXPECT_EQ(message(r), "");

  l.weights.clear();
  r = good;
  r.csc_conv_stride_ext = 1;
  EXPECT_THROW(run(r, l.weights), std::invalid_argument);
}

// ---- int16 on nv_full (atom 32 bytes = 16 int16 lanes, atomic C 64,
// int16 weight groups of 16 kernels, little-endian elements) ----

// A one-line (H = 1) int16 layer on nv_full: input x[w][c], 1xS kernels,
// weights given in NVDLA's layout (one group, one channel block: c'
// fastest, then kernel, then S).
struct Layer16 {
  uint32_t in_w = 1, in_c = 1, kernel_w = 1, kernels = 1;
  uint32_t pad_left = 0, pad_right = 0, pad_value = 0, truncate = 0;
  std::vector<std::vector<int16_t>> input;  // [w][c]
  std::vector<int16_t> weights;
};

constexpr uint64_t kFeature16 = 0x80000000;
constexpr uint64_t kWeights16 = 0x80100000;

ConvRegisters registers16(const Layer16& l) {
  ConvRegisters r = one_line_registers({l.in_w, l.in_c, l.kernel_w, l.kernels, l.pad_left, l.pad_right, l.pad_value},
                                       1, kFeature16, kWeights16);
  r.cacc_clip_cfg = ra::D_CLIP_CFG_CLIP_TRUNCATE.put(l.truncate);
  return r;
}

ConvOutput run16(const Layer16& l) {
  const ConvLayer layer = decode_conv(registers16(l), hardware_config(Config::NvFull));
  const uint32_t surfaces = (l.in_c + 15) / 16;
  std::vector<uint8_t> feature(size_t(surfaces) * l.in_w * 32, 0xEE);
  for (uint32_t w = 0; w < l.in_w; ++w) {
    for (uint32_t c = 0; c < l.in_c; ++c) {
      const size_t at = ((c / 16) * l.in_w + w) * 32 + (c % 16) * 2;
      feature[at] = uint8_t(uint16_t(l.input[w][c]) & 0xFF);
      feature[at + 1] = uint8_t(uint16_t(l.input[w][c]) >> 8);
    }
  }
  return conv_process(layer, [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) {
      const uint64_t a = address + i;
      if (a >= kFeature16 && a < kFeature16 + feature.size()) {
        data[i] = feature[a - kFeature16];
      } else if (a >= kWeights16 && a < kWeights16 + 2 * l.weights.size()) {
        const uint16_t v = uint16_t(l.weights[(a - kWeights16) / 2]);
        data[i] = uint8_t((a - kWeights16) % 2 == 0 ? v & 0xFF : v >> 8);
      } else {
        data[i] = 0xEE;
      }
    }
  });
}

TEST(ConvDatapathInt16, OneByOneTwoKernels) {
  // W = 2, C = 2, K = 2: x(0) = {1000, -2000}, x(1) = {30000, 300};
  // kernel 0 = {3, 2}, kernel 1 = {-1, 1000} (weights k0c0 k0c1 k1c0 k1c1).
  Layer16 l;
  l.in_w = 2;
  l.in_c = 2;
  l.kernels = 2;
  l.input = {{1000, -2000}, {30000, 300}};
  l.weights = {3, 2, -1, 1000};
  const ConvOutput out = run16(l);
  ASSERT_EQ(out.width, 2u);
  ASSERT_EQ(out.height, 1u);
  ASSERT_EQ(out.lanes, 16u);  // 32-byte atom of int16
  ASSERT_EQ(out.values.size(), 2u * 16u);
  EXPECT_EQ(out.at(0, 0, 0), -1000);     // 3000 - 4000
  EXPECT_EQ(out.at(0, 0, 1), -2001000);  // -1000 - 2000000
  EXPECT_EQ(out.at(1, 0, 0), 90600);     // 90000 + 600
  EXPECT_EQ(out.at(1, 0, 1), 270000);    // -30000 + 300000
  for (uint32_t c = 2; c < 16; ++c) EXPECT_EQ(out.at(1, 0, c), 0) << "lane beyond K";
  EXPECT_EQ(out.out_saturation, 0u);
}

TEST(ConvDatapathInt16, PadValueIsSixteenBits) {
  // W = 1, C = 1, S = 3, pad left = right = 1 with 0x1234 = 4660 (int8
  // would take 0x34): 4660*1 + 100*2 + 4660*3 = 4660 + 200 + 13980 = 18840.
  Layer16 l;
  l.kernel_w = 3;
  l.pad_left = l.pad_right = 1;
  l.pad_value = 0x1234;
  l.input = {{100}};
  l.weights = {1, 2, 3};
  const ConvOutput out = run16(l);
  ASSERT_EQ(out.width, 1u);
  EXPECT_EQ(out.at(0, 0, 0), 18840);
  // 0xFFFF is -1: -1*1 + 100*2 + -1*3 = 196.
  l.pad_value = 0xFFFF;
  EXPECT_EQ(run16(l).at(0, 0, 0), 196);
}

TEST(ConvDatapathInt16, FortyEightBitAccumulatorAndTruncation) {
  // C = 64 (four input surfaces of 16), every x = 32767; kernel 0 all
  // 32767, kernel 1 all -32768. One atomic operation each:
  //   a0 = 64 * 32767^2 = 64 * 1073676289 = 68715282496 (> 2^33: an int8
  //        34-bit accumulator would saturate),
  //   a1 = -64 * 32767 * 32768 = -68717379584 = -2^21 * 32767.
  // Truncate 8: a0 / 256 = 268419072.25 -> 268419072; a1 / 256 =
  // -2^13 * 32767 = -268427264 exactly. Truncate 0: both clip to int32.
  Layer16 l;
  l.in_c = 64;
  l.kernels = 2;
  l.input = {std::vector<int16_t>(64, 32767)};
  l.weights.assign(64, 32767);
  l.weights.insert(l.weights.end(), 64, -32768);
  l.truncate = 8;
  ConvOutput out = run16(l);
  EXPECT_EQ(out.at(0, 0, 0), 268419072);
  EXPECT_EQ(out.at(0, 0, 1), -268427264);
  EXPECT_EQ(out.out_saturation, 0u);
  l.truncate = 0;
  out = run16(l);
  EXPECT_EQ(out.at(0, 0, 0), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(out.at(0, 0, 1), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(out.out_saturation, 2u);
}

TEST(ConvDatapathInt16, SeventeenKernelsMakeTwoGroups) {
  // K = 17 > 16 int16 kernels per group: group 0 holds kernels 0..15, group
  // 1 kernel 16. C = 1, x = 7, weight(k) = k + 1 -> output k = 7 (k + 1),
  // in two output surfaces of 16 lanes.
  Layer16 l;
  l.kernels = 17;
  l.input = {{7}};
  for (int16_t k = 0; k < 17; ++k) l.weights.push_back(int16_t(k + 1));
  const ConvOutput out = run16(l);
  ASSERT_EQ(out.surfaces(), 2u);
  ASSERT_EQ(out.values.size(), 32u);
  for (uint32_t k = 0; k < 17; ++k) EXPECT_EQ(out.at(0, 0, k), int32_t(7 * (k + 1))) << k;
}

TEST(ConvCdmaConvert, Int16OffsetScaleTruncate) {
  EXPECT_EQ(cdma_convert_int16(1000, 200, 3, 1), 1200);     // (1000-200)*3 = 2400, /2
  EXPECT_EQ(cdma_convert_int16(-7, 0, 3, 1), -11);          // -10.5 -> -11
  EXPECT_EQ(cdma_convert_int16(1000, 0, 100, 0), 32767);    // 100000: sat_17 65535, sat_16 32767
  EXPECT_EQ(cdma_convert_int16(-1000, 0, 100, 0), -32768);  // -100000 -> -65536 -> -32768
  EXPECT_EQ(cdma_convert_int16(300, 0, 1, 0), 300);         // int8 would saturate to 127
}

TEST(ConvLimits, Int16NeedsNvFullAndAgreeingUnits) {
  Layer16 l;
  l.input = {{1}};
  l.weights = {1};
  const ConvRegisters good = registers16(l);
  const auto message = [](const ConvRegisters& r, Config config) {
    return conv_unsupported_or_illegal(decode_conv(r, hardware_config(config))).value_or("");
  };
  EXPECT_EQ(message(good, Config::NvFull), "");
  EXPECT_NE(message(good, Config::NvSmall).find("int16 convolution"), std::string::npos);
  ConvRegisters r = good;
  r.cacc_misc_cfg = ra::D_MISC_CFG_PROC_PRECISION.put(0);
  EXPECT_NE(message(r, Config::NvFull).find("mixed precisions"), std::string::npos);
  r = good;
  // fp16 in CSC alone: nv_full has fp16 (test_conv_fp16.cpp), so this is
  // a mix of precisions.
  r.csc_misc_cfg = rc::D_MISC_CFG_IN_PRECISION.put(2) | rc::D_MISC_CFG_PROC_PRECISION.put(2);
  EXPECT_NE(message(r, Config::NvFull).find("mixed precisions"), std::string::npos);
  r = good;
  r.cdma_weight_size_0 = 0;  // 1 byte: R*S*C*2 = 2
  r.csc_weight_bytes = r.cdma_weight_bytes = 1;
  EXPECT_NE(message(r, Config::NvFull).find("BYTE_PER_KERNEL"), std::string::npos);
}

// ---- nv_full: multi-batch and compressed weights (int8: 32-byte atoms,
// atomic C 64, weight groups of 32 kernels; int16: 16 lanes, groups of 16).
// Every expected value comes from a plain loop over the dense kernels of
// one batch at a time (reference_conv), written here from the convolution's
// definition, not from the datapath. ----

struct FullLayer {
  uint32_t in_w = 3, in_h = 2, in_c = 40;     // two input surfaces (int8)
  uint32_t kernel_w = 3, kernel_h = 3, kernels = 35;  // two weight groups (int8)
  uint32_t pad = 1, batches = 1;
  uint32_t batch_gap = 64;                    // bytes between one batch's cube and the next
  bool int16 = false;
  bool compressed = false;
};

constexpr uint64_t kFullFeature = 0x10000, kFullWeights = 0x200000, kFullWmb = 0x300000, kFullWgs = 0x310000;
constexpr size_t kFullMemory = 0x320000;

int32_t full_input(const FullLayer& l, uint32_t b, uint32_t w, uint32_t h, uint32_t c) {
  const int32_t v = int32_t((b * 37 + w * 11 + h * 7 + c * 3) % 23) - 11;
  return l.int16 ? v * 1000 + int32_t(c) : v;
}
// About a third of the weights are zero, so compression has work to do.
int32_t full_weight(const FullLayer& l, uint32_t k, uint32_t r, uint32_t s, uint32_t c) {
  if ((k * 5 + r * 3 + s * 7 + c) % 3 == 0) return 0;
  const int32_t v = int32_t((k * 13 + r * 5 + s * 3 + c * 7) % 15) - 7;
  return l.int16 ? v * 300 - int32_t(k) : v;
}

uint32_t full_elem_bytes(const FullLayer& l) { return l.int16 ? 2 : 1; }
uint32_t full_lanes(const FullLayer& l) { return 32 / full_elem_bytes(l); }
uint32_t full_surfaces(const FullLayer& l) { return (l.in_c + full_lanes(l) - 1) / full_lanes(l); }
uint32_t full_line_stride(const FullLayer& l) { return l.in_w * 32; }
uint32_t full_surface_stride(const FullLayer& l) { return full_line_stride(l) * l.in_h; }
uint32_t full_batch_stride(const FullLayer& l) { return full_surface_stride(l) * full_surfaces(l) + l.batch_gap; }

// The dense kernels in NVDLA's direct-convolution order (format.rst: groups
// of atomic-K kernels; inside a group channel blocks of 64, then kernel
// row, kernel column, kernel, channel).
std::vector<int32_t> full_dense_weights(const FullLayer& l) {
  const uint32_t group = l.int16 ? 16 : 32;
  std::vector<int32_t> dense;
  for (uint32_t g = 0; g * group < l.kernels; ++g)
    for (uint32_t cb = 0; cb * 64 < l.in_c; ++cb)
      for (uint32_t r = 0; r < l.kernel_h; ++r)
        for (uint32_t s = 0; s < l.kernel_w; ++s)
          for (uint32_t k = g * group; k < std::min(l.kernels, (g + 1) * group); ++k)
            for (uint32_t c = cb * 64; c < std::min(l.in_c, (cb + 1) * 64); ++c)
              dense.push_back(full_weight(l, k, r, s, c));
  return dense;
}

void put_element(std::vector<uint8_t>& memory, uint64_t at, int32_t v, bool int16) {
  memory[at] = uint8_t(uint32_t(v) & 0xFF);
  if (int16) memory[at + 1] = uint8_t((uint32_t(v) >> 8) & 0xFF);
}

struct FullMemory {
  std::vector<uint8_t> bytes;
  uint32_t weight_bytes = 0;  // what D_WEIGHT_BYTES must hold
  uint32_t wmb_bytes = 0;
};

// The feature cubes of every batch, the weights (dense, or compressed with
// their mask bits and group sizes: one bit per dense element, LSB first;
// the non-zero elements packed in dense order; one little-endian 32-bit
// byte count per weight group).
FullMemory full_memory(const FullLayer& l) {
  FullMemory m;
  m.bytes.assign(kFullMemory, 0xEE);
  const uint32_t eb = full_elem_bytes(l), lanes = full_lanes(l);
  for (uint32_t b = 0; b < l.batches; ++b)
    for (uint32_t h = 0; h < l.in_h; ++h)
      for (uint32_t w = 0; w < l.in_w; ++w)
        for (uint32_t c = 0; c < l.in_c; ++c)
          put_element(m.bytes,
                      kFullFeature + uint64_t(b) * full_batch_stride(l) + (c / lanes) * full_surface_stride(l) +
                          h * full_line_stride(l) + w * 32 + (c % lanes) * eb,
                      full_input(l, b, w, h, c), l.int16);
  const std::vector<int32_t> dense = full_dense_weights(l);
  if (!l.compressed) {
    for (size_t i = 0; i < dense.size(); ++i) put_element(m.bytes, kFullWeights + i * eb, dense[i], l.int16);
    m.weight_bytes = uint32_t((dense.size() * eb + 127) / 128 * 128);
    return m;
  }
  const uint32_t group = l.int16 ? 16 : 32;
  const size_t per_kernel = size_t(l.kernel_w) * l.kernel_h * l.in_c;
  m.wmb_bytes = uint32_t((dense.size() + 1023) / 1024 * 128);
  for (size_t i = 0; i < m.wmb_bytes; ++i) m.bytes[kFullWmb + i] = 0;
  size_t packed = 0;
  for (uint32_t g = 0; g * group < l.kernels; ++g) {
    const size_t begin = g * group * per_kernel, end = std::min<size_t>(l.kernels, (g + 1) * group) * per_kernel;
    size_t group_bytes = 0;
    for (size_t i = begin; i < end; ++i) {
      if (dense[i] == 0) continue;
      m.bytes[kFullWmb + i / 8] = uint8_t(m.bytes[kFullWmb + i / 8] | (1u << (i % 8)));
      put_element(m.bytes, kFullWeights + packed * eb, dense[i], l.int16);
      ++packed;
      group_bytes += eb;
    }
    for (uint32_t byte = 0; byte < 4; ++byte) m.bytes[kFullWgs + 4 * g + byte] = uint8_t(group_bytes >> (8 * byte));
  }
  m.weight_bytes = uint32_t((packed * eb + 127) / 128 * 128);
  return m;
}

ConvRegisters full_registers(const FullLayer& l, const FullMemory& m) {
  const uint32_t ow = out_extent(l.in_w, 2 * l.pad, l.kernel_w, 1, 1);
  const uint32_t oh = out_extent(l.in_h, 2 * l.pad, l.kernel_h, 1, 1);
  const uint32_t kernel_bytes = l.kernel_w * l.kernel_h * l.in_c * full_elem_bytes(l);
  const uint32_t misc = l.int16 ? rd::D_MISC_CFG_IN_PRECISION.put(1) | rd::D_MISC_CFG_PROC_PRECISION.put(1) : 0;
  ConvRegisters r;
  r.cdma_misc_cfg = misc;
  r.cdma_datain_format = 0;
  r.cdma_datain_size_0 =
      rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(l.in_w - 1) | rd::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(l.in_h - 1);
  r.cdma_datain_size_1 = l.in_c - 1;
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_low_0 = uint32_t(kFullFeature);
  r.cdma_line_stride = full_line_stride(l);
  r.cdma_surf_stride = full_surface_stride(l);
  r.cdma_batch_number = l.batches - 1;
  r.cdma_batch_stride = full_batch_stride(l);
  r.cdma_entry_per_slice = (l.in_w * full_surfaces(l) * 32 + 127) / 128 - 1;
  r.cdma_weight_format = l.compressed ? 1 : 0;
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = l.kernels - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_low = uint32_t(kFullWeights);
  r.cdma_weight_bytes = m.weight_bytes;
  r.cdma_wgs_addr_low = uint32_t(kFullWgs);
  r.cdma_wmb_addr_low = uint32_t(kFullWmb);
  r.cdma_wmb_bytes = m.wmb_bytes;
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(l.pad) | rd::D_ZERO_PADDING_PAD_RIGHT.put(l.pad) |
                        rd::D_ZERO_PADDING_PAD_TOP.put(l.pad) | rd::D_ZERO_PADDING_PAD_BOTTOM.put(l.pad);
  r.cdma_bank = rd::D_BANK_DATA_BANK.put(1) | rd::D_BANK_WEIGHT_BANK.put(3);
  r.csc_misc_cfg = misc;
  r.csc_datain_size_ext_0 = r.cdma_datain_size_0;
  r.csc_datain_size_ext_1 = l.in_c - 1;
  r.csc_batch_number = l.batches - 1;
  r.csc_entry_per_slice = r.cdma_entry_per_slice;
  r.csc_weight_format = r.cdma_weight_format;
  r.csc_weight_size_ext_0 = rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(l.kernel_w - 1) |
                            rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(l.kernel_h - 1);
  r.csc_weight_size_ext_1 = rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(l.in_c - 1) |
                            rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(l.kernels - 1);
  r.csc_weight_bytes = m.weight_bytes;
  r.csc_wmb_bytes = m.wmb_bytes;
  r.csc_dataout_size_0 =
      rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(ow - 1) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(oh - 1);
  r.csc_dataout_size_1 = l.kernels - 1;
  r.csc_atomics = ow * oh - 1;
  r.csc_zero_padding = rc::D_ZERO_PADDING_PAD_LEFT.put(l.pad) | rc::D_ZERO_PADDING_PAD_TOP.put(l.pad);
  r.csc_bank = r.cdma_bank;
  r.cmac_a_misc_cfg = misc;
  r.cmac_b_misc_cfg = misc;
  r.cacc_misc_cfg = misc;
  r.cacc_dataout_size_0 = r.csc_dataout_size_0;
  r.cacc_dataout_size_1 = l.kernels - 1;
  r.cacc_batch_number = l.batches - 1;
  return r;
}

struct FullRun {
  ConvOutput out;
  std::vector<uint64_t> feature_reads;  // addresses of the feature-line reads
};

FullRun run_full(const ConvRegisters& r, const FullMemory& m) {
  FullRun run;
  const ConvLayer layer = decode_conv(r, hardware_config(Config::NvFull));
  run.out = conv_process(layer, [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    if (address + bytes > m.bytes.size()) throw std::out_of_range("read beyond the test memory");
    if (address >= kFullFeature && address < kFullWeights) run.feature_reads.push_back(address);
    std::copy_n(m.bytes.begin() + static_cast<std::ptrdiff_t>(address), bytes, data);
  });
  return run;
}

// The plain convolution of one batch (zero padding, stride 1, no
// truncation: every sum here fits int32).
int64_t reference_conv(const FullLayer& l, uint32_t b, uint32_t x, uint32_t y, uint32_t k) {
  int64_t sum = 0;
  for (uint32_t r = 0; r < l.kernel_h; ++r)
    for (uint32_t s = 0; s < l.kernel_w; ++s) {
      const int64_t ih = int64_t(y) + r - l.pad, iw = int64_t(x) + s - l.pad;
      if (ih < 0 || iw < 0 || ih >= l.in_h || iw >= l.in_w) continue;
      for (uint32_t c = 0; c < l.in_c; ++c)
        sum += int64_t(full_input(l, b, uint32_t(iw), uint32_t(ih), c)) * full_weight(l, k, r, s, c);
    }
  return sum;
}

size_t count_mismatches(const FullLayer& l, const ConvOutput& out) {
  size_t mismatches = 0;
  for (uint32_t b = 0; b < l.batches; ++b)
    for (uint32_t y = 0; y < out.height; ++y)
      for (uint32_t x = 0; x < out.width; ++x)
        for (uint32_t k = 0; k < l.kernels; ++k) {
          const int64_t want = reference_conv(l, b, x, y, k);
          if (out.at(x, y, k, b) != want && ++mismatches <= 10) {
            ADD_FAILURE() << "batch " << b << " (" << x << ", " << y << ") kernel " << k << ": " << out.at(x, y, k, b)
                          << ", expected " << want;
          }
        }
  return mismatches;
}

TEST(ConvBatch, ThreeBatchesAreConvolvedApart) {
  FullLayer l;
  l.batches = 3;
  const FullMemory m = full_memory(l);
  const FullRun run = run_full(full_registers(l, m), m);
  ASSERT_EQ(run.out.batches, 3u);
  ASSERT_EQ(run.out.width, 3u);
  ASSERT_EQ(run.out.height, 2u);
  ASSERT_EQ(run.out.values.size(), 3 * run.out.batch_values());
  EXPECT_EQ(count_mismatches(l, run.out), 0u);
  // The batches differ (the input depends on b), so a model that reused
  // batch 0 would fail above; here also each batch's lines are read at
  // D_DAIN_ADDR + b x D_BATCH_STRIDE.
  ASSERT_EQ(run.feature_reads.size(), 3u * 2 * 2);  // batches x surfaces x lines
  for (uint32_t b = 0; b < 3; ++b) {
    EXPECT_EQ(run.feature_reads[b * 4], kFullFeature + b * full_batch_stride(l)) << "batch " << b;
  }
  EXPECT_NE(run.out.at(1, 1, 0, 0), run.out.at(1, 1, 0, 1));
  // The lanes beyond K of the last output surface are 0 in every batch.
  for (uint32_t b = 0; b < 3; ++b) EXPECT_EQ(run.out.at(2, 1, 63, b), 0);
}

TEST(ConvBatch, Int16BatchesWithPackedCubes) {
  // int16, batch stride exactly one cube (no gap), one weight group.
  FullLayer l;
  l.int16 = true;
  l.in_c = 20;  // two int16 surfaces of 16
  l.kernels = 5;
  l.batches = 2;
  l.batch_gap = 0;
  const FullMemory m = full_memory(l);
  const FullRun run = run_full(full_registers(l, m), m);
  ASSERT_EQ(run.out.batches, 2u);
  ASSERT_EQ(run.out.lanes, 16u);
  EXPECT_EQ(count_mismatches(l, run.out), 0u);
}

TEST(ConvLimits, MultiBatchProgrammingErrorsNameTheRegister) {
  FullLayer l;
  l.batches = 2;
  const FullMemory m = full_memory(l);
  const ConvRegisters good = full_registers(l, m);
  const auto message = [](const ConvRegisters& r) {
    return conv_unsupported_or_illegal(decode_conv(r, hardware_config(Config::NvFull))).value_or("");
  };
  EXPECT_EQ(message(good), "");
  ConvRegisters r = good;
  r.csc_batch_number = 0;
  EXPECT_NE(message(r).find("CDMA D_BATCH_NUMBER (1), CSC D_BATCH_NUMBER (0) and CACC D_BATCH_NUMBER (1) disagree"),
            std::string::npos);
  // One cube is 2 surfaces x 192 bytes = 384; 352 would overlap.
  r = good;
  r.cdma_batch_stride = 352;
  EXPECT_NE(message(r).find("CDMA D_BATCH_STRIDE (352) is below the bytes of one input cube (384)"),
            std::string::npos);
  r.cdma_batch_stride = 384;
  EXPECT_EQ(message(r), "");
  // The data banks (D_BANK.DATA_BANK = 1: 2 x 256 entries) hold
  // D_ENTRY_PER_SLICE x height x batches entries: a line of 3 x 2 atoms of
  // 32 bytes is 2 entries of 128 bytes; 2 x 130 lines x 2 batches = 520.
  FullLayer tall = l;
  tall.in_h = 130;
  const FullMemory tall_memory = full_memory(tall);
  r = full_registers(tall, tall_memory);
  EXPECT_NE(message(r).find("CDMA D_ENTRY_PER_SLICE x height x batches = 520 entries) does not fit"),
            std::string::npos);
  tall.batches = 1;
  EXPECT_EQ(message(full_registers(tall, tall_memory)), "");  // 260 entries fit
}

TEST(ConvCompression, DecompressedKernelsEqualTheDenseOnes) {
  FullLayer l;
  l.compressed = true;
  const FullMemory m = full_memory(l);
  ASSERT_LT(m.weight_bytes, uint32_t(3 * 3 * 40 * 35)) << "the test weights must have zeros";
  const FullRun run = run_full(full_registers(l, m), m);
  EXPECT_EQ(count_mismatches(l, run.out), 0u);
  // The same layer with dense weights gives the same values.
  FullLayer dense = l;
  dense.compressed = false;
  const FullMemory dense_memory = full_memory(dense);
  EXPECT_EQ(run_full(full_registers(dense, dense_memory), dense_memory).out.values, run.out.values);
}

TEST(ConvCompression, Int16AndBatchesTogether) {
  FullLayer l;
  l.int16 = true;
  l.in_c = 70;      // two channel blocks of 64
  l.kernels = 18;   // two int16 weight groups (16 + 2)
  l.batches = 2;
  l.compressed = true;
  const FullMemory m = full_memory(l);
  const FullRun run = run_full(full_registers(l, m), m);
  EXPECT_EQ(count_mismatches(l, run.out), 0u);
}

TEST(ConvLimits, CompressionProgrammingErrorsNameTheRegister) {
  FullLayer l;
  l.compressed = true;
  const FullMemory m = full_memory(l);
  const ConvRegisters good = full_registers(l, m);
  const auto message = [](const ConvRegisters& r, Config config = Config::NvFull) {
    return conv_unsupported_or_illegal(decode_conv(r, hardware_config(config))).value_or("");
  };
  EXPECT_EQ(message(good), "");
  // nv_large (master) has no weight compression.
  EXPECT_NE(message(good, Config::NvLarge).find("WEIGHT_COMPRESSION_DISABLE"), std::string::npos);
  // 3 x 3 x 40 x 35 = 12600 mask bits: 13 units of 128 bytes = 1664.
  ConvRegisters r = good;
  ASSERT_EQ(r.cdma_wmb_bytes, 1664u);
  r.cdma_wmb_bytes = r.csc_wmb_bytes = 1536;
  EXPECT_NE(message(r).find("CDMA D_WMB_BYTES (1536) must hold one mask bit per weight (12600 bits)"),
            std::string::npos);
  r = good;
  r.csc_wmb_bytes = 1792;
  EXPECT_NE(message(r).find("CDMA D_WMB_BYTES (1664) and CSC D_WMB_BYTES (1792) disagree"), std::string::npos);
  r = good;
  r.cdma_bank = r.csc_bank = rd::D_BANK_DATA_BANK.put(7) | rd::D_BANK_WEIGHT_BANK.put(7);  // 16 banks
  EXPECT_NE(message(r).find("more than the 15 CBUF banks left beside the weight mask bank"), std::string::npos);

  // Errors only the memory contents reveal: conv_process throws, naming the
  // register, before anything is returned.
  const auto process_error = [](const ConvRegisters& regs, const FullMemory& memory) {
    try {
      run_full(regs, memory);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  FullMemory wrong_wgs = m;
  wrong_wgs.bytes[kFullWgs + 4] = uint8_t(wrong_wgs.bytes[kFullWgs + 4] + 1);  // group 1 one byte larger
  EXPECT_NE(process_error(good, wrong_wgs).find("weight group size 1 at CDMA D_WGS_ADDR"), std::string::npos);
  r = good;
  r.cdma_weight_bytes = r.csc_weight_bytes = good.cdma_weight_bytes - 128;
  EXPECT_NE(process_error(r, m).find("CDMA D_WEIGHT_BYTES"), std::string::npos);
  r = good;
  r.cdma_weight_bytes = r.csc_weight_bytes = good.cdma_weight_bytes + 128;
  EXPECT_NE(process_error(r, m).find("must be the compressed weights' bytes"), std::string::npos);
}

}  // namespace
}  // namespace acosim::nvdla

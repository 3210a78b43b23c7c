// The worked examples of Sophgo's OKKernel layout guide and TPU-Kernel
// reference (restated in docs/sophon.md), each recomputed by hand below:
// address split, channel distribution, stride tables, matrix layouts.
#include <gtest/gtest.h>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/layout.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {
namespace {

TEST(SophonLayout, ToyMachineAddressSplit) {
  const Chip toy_chip = toy();  // X = 4, S = 1024
  // A = Q * 1024 + R: 340 = 0*1024 + 340, 1472 = 1024 + 448,
  // 2300 = 2048 + 252, 3088 = 3072 + 16.
  const struct { uint64_t address; uint32_t npu, offset; } cases[] = {
      {340, 0, 340}, {1472, 1, 448}, {2300, 2, 252}, {3088, 3, 16}};
  for (const auto& c : cases) {
    const LocalPlace p = split_local_address(toy_chip, c.address);
    EXPECT_EQ(p.npu, c.npu) << c.address;
    EXPECT_EQ(p.offset, c.offset) << c.address;
  }
}

TEST(SophonLayout, RealChipsAddressSplitAndBanks) {
  // BM1684X: S = 262144, 16 banks of 16384.
  const Chip x = bm1684x();
  LocalPlace p = split_local_address(x, 262143);
  EXPECT_EQ(p.npu, 0u);
  EXPECT_EQ(p.offset, 262143u);
  EXPECT_EQ(p.bank, 15u);
  p = split_local_address(x, 262144);
  EXPECT_EQ(p.npu, 1u);
  EXPECT_EQ(p.offset, 0u);
  // 5*262144 + 3*16384 + 100 = 1359972 -> NPU 5, offset 49252, bank 3.
  p = split_local_address(x, 1359972);
  EXPECT_EQ(p.npu, 5u);
  EXPECT_EQ(p.offset, 49252u);
  EXPECT_EQ(p.bank, 3u);
  // BM1684: S = 524288, 8 banks of 65536: 7*524288 + 2*65536 + 4 -> (7, 131076, 2).
  p = split_local_address(bm1684(), 7ull * 524288 + 2 * 65536 + 4);
  EXPECT_EQ(p.npu, 7u);
  EXPECT_EQ(p.offset, 131076u);
  EXPECT_EQ(p.bank, 2u);
}

TEST(SophonLayout, ChannelsPerNpu) {
  const Chip t = toy();
  EXPECT_EQ(channels_per_npu(t, 0, 3), 1);  // ceil(3/4)
  EXPECT_EQ(channels_per_npu(t, 1, 3), 1);  // ceil(4/4)
  EXPECT_EQ(channels_per_npu(t, 0, 6), 2);  // ceil(6/4)
  EXPECT_EQ(channels_per_npu(t, 2, 3), 2);  // ceil(5/4)
  EXPECT_EQ(channels_per_npu(bm1684(), 2, 3), 1);  // ceil(5/64)
  EXPECT_EQ(channels_per_npu(bm1684(), 63, 2), 2);  // ceil(65/64)
}

TEST(SophonLayout, FreeStrideElementPlacementOnToyMachine) {
  // fp32 (2,5,3,4) at NPU 0, strides (120, 56, 16, 2).
  const Chip t = toy();
  const Tensor tensor{Space::Local, 0, Dim4{120, 56, 16, 2}, DType::FP32};
  const LocalGeometry g(t, tensor);
  const struct { int n, c, h, w; uint32_t npu, byte; } cases[] = {
      {0, 0, 0, 1, 0, 8},   {0, 0, 1, 0, 0, 64},  {0, 1, 0, 0, 1, 0},   {0, 4, 0, 0, 0, 224},
      {1, 0, 0, 0, 0, 480}, {1, 3, 2, 3, 3, 632}, {1, 4, 2, 3, 0, 856}};
  for (const auto& c : cases) {
    EXPECT_EQ(g.byte(c.n, c.c, c.h, c.w), c.npu * 1024ull + c.byte)
        << "(" << c.n << "," << c.c << "," << c.h << "," << c.w << ")";
  }
}

TEST(SophonLayout, StrideTables) {
  const Chip t = toy();
  // (2,5,3,4): compact (24,12,4,1); OKKernel 128-byte aligned (64,32,4,1).
  EXPECT_EQ(compact_stride(t, 0, Dim4{2, 5, 3, 4}), (Dim4{24, 12, 4, 1}));
  EXPECT_EQ(aligned_stride(t, 0, Dim4{2, 5, 3, 4}, 32), (Dim4{64, 32, 4, 1}));
  // fp32 (2,3,1,10) at NPU 1: compact (10,10,10,1); OKKernel aligned
  // (32,32,10,1); BM1684X aligned with EU 16: (16,16,10,1).
  EXPECT_EQ(compact_stride(t, 1, Dim4{2, 3, 1, 10}), (Dim4{10, 10, 10, 1}));
  EXPECT_EQ(aligned_stride(t, 1, Dim4{2, 3, 1, 10}, 32), (Dim4{32, 32, 10, 1}));
  EXPECT_EQ(aligned_stride(t, 1, Dim4{2, 3, 1, 10}, 16), (Dim4{16, 16, 10, 1}));
  // Element (1,2,0,7) of it: NPU 3, slot 0, index Ns + 7: compact 17 (byte 68),
  // aligned 39 (byte 156).
  Tensor compact_tensor{Space::Local, 1024, Dim4{10, 10, 10, 1}, DType::FP32};
  EXPECT_EQ(LocalGeometry(t, compact_tensor).byte(1, 2, 0, 7), 3 * 1024ull + 68);
  Tensor aligned_tensor{Space::Local, 1024, Dim4{32, 32, 10, 1}, DType::FP32};
  EXPECT_EQ(LocalGeometry(t, aligned_tensor).byte(1, 2, 0, 7), 3 * 1024ull + 156);
  // (2,3,4,5): HW = 20 -> Cs = 32; at NPU 0 Ns = 32, at NPU 2 Ns = 64.
  EXPECT_EQ(aligned_stride(t, 0, Dim4{2, 3, 4, 5}, 32), (Dim4{32, 32, 5, 1}));
  EXPECT_EQ(aligned_stride(t, 2, Dim4{2, 3, 4, 5}, 32), (Dim4{64, 32, 5, 1}));
  EXPECT_EQ(aligned_stride(bm1684(), 2, Dim4{2, 3, 4, 5}, 32), (Dim4{32, 32, 5, 1}));
  // Line-aligned: Hs = align(W, EU); (1,1,3,5) with EU 16 -> (48,48,16,1).
  EXPECT_EQ(line_aligned_stride(t, 0, Dim4{1, 1, 3, 5}, 16), (Dim4{48, 48, 16, 1}));
  EXPECT_EQ(continuous_stride(Dim4{2, 5, 3, 4}), (Dim4{60, 12, 4, 1}));
}

TEST(SophonLayout, MatrixLayoutsOfTwoByFortyOnToyMachine) {
  // 2 x 40 fp32 at NPU 0, EU 32: for each cols_per_channel w, C = ceil(40/w),
  // Cs = align(w, 32), Ns = ceil(C/4) * Cs.
  const Chip t = toy();
  const struct { int w, channels, cs, ns; } cases[] = {
      {40, 1, 64, 64}, {20, 2, 32, 32}, {10, 4, 32, 32}, {8, 5, 32, 64}, {15, 3, 32, 32},
      {6, 7, 32, 64}};
  for (const auto& c : cases) {
    const Dim4 shape = matrix_local_shape(2, 40, c.w);
    EXPECT_EQ(shape, (Dim4{2, c.channels, 1, c.w}));
    const Dim4 stride = aligned_stride(t, 0, shape, 32);
    EXPECT_EQ(stride.c, c.cs) << c.w;
    EXPECT_EQ(stride.n, c.ns) << c.w;
  }
}

TEST(SophonLayout, FourNPacking) {
  // int8 (6,5,4,5) in 4N: storage (2,5,4,5) in 32-bit words; n = 4 and 5
  // are bytes 0 and 1 of group 1. Compact word strides (20*2, 20, 5, 1) on
  // the toy machine (cpn(0,5) = 2).
  const Chip t = toy();
  const Tensor int8{Space::Local, 0, Dim4{40, 20, 5, 1}, DType::INT8};
  const LocalGeometry g(t, int8);
  EXPECT_EQ(g.pack, 4u);
  EXPECT_EQ(g.byte(0, 0, 0, 0), 0u);
  EXPECT_EQ(g.byte(3, 0, 0, 0), 3u);
  EXPECT_EQ(g.byte(4, 0, 0, 0), 4u * 40);
  EXPECT_EQ(g.byte(5, 0, 0, 0), 4u * 40 + 1);
  EXPECT_EQ(g.byte(5, 4, 3, 2), 4u * (40 + 20 + 15 + 2) + 1);  // channel 4: NPU 0, slot 1
  // int16 (3,5,4,5) in 2N: n = 2 is half-word 0 of group 1.
  const Tensor int16{Space::Local, 0, Dim4{40, 20, 5, 1}, DType::INT16};
  const LocalGeometry h(t, int16);
  EXPECT_EQ(h.pack, 2u);
  EXPECT_EQ(h.byte(1, 0, 0, 0), 2u);
  EXPECT_EQ(h.byte(2, 1, 0, 0), 1024u + 4 * 40);
  // BM1684X does not pack.
  EXPECT_EQ(LocalGeometry(bm1684x(), int8).pack, 1u);
}

}  // namespace
}  // namespace acosim::sophon

// The BDC operations TPU-Kernel adds, on BM1684X (no packing, 64-byte EU
// step), against hand computations: cast with each rounding mode and
// saturation, fp16/bf16 rounding, less-select with a per-lane VECTOR, the
// polynomial with per-NPU coefficients, pooling with a scale and a padding
// value, and 16IC convolution weights.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/ports.h"
#include "systemc/sophon/bdc_kernels.h"

namespace acosim::sophon {
namespace {

struct Machine {
  Machine() : chip(bm1684x()), bytes(chip.local_mem_total(), 0) {}
  template <typename T>
  void put(uint64_t byte, T v) { std::memcpy(&bytes[byte], &v, sizeof(T)); }
  template <typename T>
  T get(uint64_t byte) const { T v; std::memcpy(&v, &bytes[byte], sizeof(T)); return v; }
  void run(const BdcCommand& c) {
    if (bdc_family(c.op) == BdcFamily::NeuralNetwork) {
      check_nn(chip, c);
      run_nn(BdcContext{chip, bytes.data()}, c);
    } else {
      check_elementwise(chip, c);
      run_elementwise(BdcContext{chip, bytes.data()}, c);
    }
  }
  Chip chip;
  std::vector<uint8_t> bytes;
};

Tensor local(uint64_t address, const Dim4& stride, DType t = DType::FP32) {
  return Tensor{Space::Local, address, stride, t};
}

BdcCommand cast(DType to, DType from, Rounding mode, int w) {
  BdcCommand c;
  c.op = BdcOp::Cast;
  c.api = "tpu_bdc_cast";
  c.shape = Dim4{1, 1, 1, w};
  c.dst = local(1024, Dim4{64, 64, 64, 1}, to);
  c.src[0] = Source::of(local(0, Dim4{64, 64, 64, 1}, from));
  c.param[0] = static_cast<int32_t>(mode);
  return c;
}

TEST(SophonTpuKernel, CastToInt8RoundsBySelectedModeAndSaturates) {
  Machine m;
  const float in[8] = {2.5f, -2.5f, 3.5f, -0.5f, 1.4f, 300.0f, -300.0f, NAN};
  for (int i = 0; i < 8; ++i) m.put(4 * i, in[i]);
  // Expected per mode, by hand: half-to-even, half-away, towards zero,
  // down, up, half-up, half-down; then 127 / -128 saturation, NaN -> 0.
  const struct { Rounding mode; int8_t out[5]; } cases[] = {
      {Rounding::HalfToEven, {2, -2, 4, 0, 1}},   {Rounding::HalfAwayFromZero, {3, -3, 4, -1, 1}},
      {Rounding::TowardsZero, {2, -2, 3, 0, 1}},  {Rounding::Down, {2, -3, 3, -1, 1}},
      {Rounding::Up, {3, -2, 4, 0, 2}},           {Rounding::HalfUp, {3, -2, 4, 0, 1}},
      {Rounding::HalfDown, {2, -3, 3, -1, 1}}};
  for (const auto& c : cases) {
    m.run(cast(DType::INT8, DType::FP32, c.mode, 8));
    for (int i = 0; i < 5; ++i) EXPECT_EQ(m.get<int8_t>(1024 + i), c.out[i]) << int(c.mode) << " " << i;
    EXPECT_EQ(m.get<int8_t>(1024 + 5), 127);
    EXPECT_EQ(m.get<int8_t>(1024 + 6), -128);
    EXPECT_EQ(m.get<int8_t>(1024 + 7), 0);
  }
}

TEST(SophonTpuKernel, CastToHalfAndBfloat16RoundToNearestEven) {
  Machine m;
  // 1 + 2^-11 is halfway between fp16 1.0 and 1 + 2^-10: ties to even 1.0
  // (0x3c00); 1 + 3 * 2^-11 ties up to 1 + 2^-9 (0x3c02); 65520 overflows
  // to infinity (0x7c00); 2^-24 is the smallest subnormal (0x0001).
  const float in[4] = {1.0f + std::ldexp(1.0f, -11), 1.0f + 3 * std::ldexp(1.0f, -11), 65520.0f,
                       std::ldexp(1.0f, -24)};
  for (int i = 0; i < 4; ++i) m.put(4 * i, in[i]);
  m.run(cast(DType::FP16, DType::FP32, Rounding::HalfToEven, 4));
  EXPECT_EQ(m.get<uint16_t>(1024), 0x3c00);
  EXPECT_EQ(m.get<uint16_t>(1026), 0x3c02);
  EXPECT_EQ(m.get<uint16_t>(1028), 0x7c00);
  EXPECT_EQ(m.get<uint16_t>(1030), 0x0001);
  // bf16: 1 + 2^-8 ties to even 1.0 (0x3f80); 1 + 3 * 2^-8 up to 0x3f82.
  m.put(0, 1.0f + std::ldexp(1.0f, -8));
  m.put(4, 1.0f + 3 * std::ldexp(1.0f, -8));
  m.run(cast(DType::BF16, DType::FP32, Rounding::HalfToEven, 2));
  EXPECT_EQ(m.get<uint16_t>(1024), 0x3f80);
  EXPECT_EQ(m.get<uint16_t>(1026), 0x3f82);
  // And back: fp16 0x3c02 -> 1.001953125.
  m.put<uint16_t>(0, 0x3c02);
  m.run(cast(DType::FP32, DType::FP16, Rounding::HalfToEven, 1));
  EXPECT_EQ(m.get<float>(1024), 1.001953125f);
}

TEST(SophonTpuKernel, CastFromInt32RoundsOnceFromTheExactValue) {
  // 2^30 + 2^22 + 1: bf16 keeps 8 significant bits, the rest is just over
  // half a unit (2^22 + 1 of 2^23), so it rounds up to 1.0000001b x 2^30 =
  // 0x4e81. Through fp32 first it would tie (2^22 of 2^23) and go to even.
  Machine m;
  m.put<int32_t>(0, (1 << 30) + (1 << 22) + 1);
  m.run(cast(DType::BF16, DType::INT32, Rounding::HalfToEven, 1));
  EXPECT_EQ(m.get<uint16_t>(1024), 0x4e81);
}

TEST(SophonTpuKernel, SameTypeCastCopiesBits) {
  Machine m;
  m.put<uint16_t>(0, 0xfe01);  // an fp16 NaN with a payload and its sign
  m.run(cast(DType::FP16, DType::FP16, Rounding::HalfToEven, 1));
  EXPECT_EQ(m.get<uint16_t>(1024), 0xfe01);
}

TEST(SophonTpuKernel, LessSelectWithPerLaneVector) {
  // 66 channels from NPU 0: channel c compares with lane c mod 64's value.
  Machine m;
  const uint64_t S = m.chip.local_mem_bytes;
  const Dim4 shape{1, 66, 1, 1}, s{2, 1, 1, 1};
  for (int c = 0; c < 66; ++c) m.put((c % 64) * S + 4 * (c / 64), float(c));
  for (int lane = 0; lane < 64; ++lane) m.put(lane * S + 512, float(lane) + 0.5f);
  BdcCommand c;
  c.op = BdcOp::LessSelect;
  c.api = "tpu_bdc_less_select";
  c.shape = shape;
  c.dst = local(1024, s);
  c.src[0] = Source::of(local(0, s));
  c.src[1] = Source{Source::Kind::Vector, local(512, Dim4{1, 1, 1, 1}), 0};
  c.src[2] = Source::constant(0x3f800000u);  // 1.0
  c.src[3] = Source::constant(0);
  m.run(c);
  // c < lane value: channels 0..63 (c < c + 0.5); 64 and 65 compare with
  // lanes 0 and 1 (64 < 0.5 and 65 < 1.5 are false).
  for (int ch = 0; ch < 66; ++ch) {
    EXPECT_EQ(m.get<float>((ch % 64) * S + 1024 + 4 * (ch / 64)), ch < 64 ? 1.0f : 0.0f) << ch;
  }
}

TEST(SophonTpuKernel, PolynomialReadsEachNpusCoefficients) {
  Machine m;
  const uint64_t S = m.chip.local_mem_bytes;
  // NPU 0: 1 + 2x + 3x^2; NPU 1: 0 + 0x + 1x^2.
  const float c0[3] = {1, 2, 3}, c1[3] = {0, 0, 1};
  for (int i = 0; i < 3; ++i) {
    m.put(2048 + 4 * i, c0[i]);
    m.put(S + 2048 + 4 * i, c1[i]);
  }
  m.put(0, 2.0f);
  m.put(S, 3.0f);
  BdcCommand c;
  c.op = BdcOp::Polynomial;
  c.api = "tpu_bdc_fp_taylor";
  c.shape = Dim4{1, 2, 1, 1};
  c.dst = local(1024, Dim4{1, 1, 1, 1});
  c.src[0] = Source::of(local(0, Dim4{1, 1, 1, 1}));
  c.src[1] = Source::of(local(2048, Dim4{1, 1, 1, 1}));
  c.param[0] = 3;
  m.run(c);
  EXPECT_EQ(m.get<float>(1024), 1.0f + 4.0f + 12.0f);
  EXPECT_EQ(m.get<float>(S + 1024), 9.0f);
}

BdcCommand pool(BdcOp op, uint32_t value) {
  BdcCommand c;
  c.op = op;
  c.api = "tpu_bdc_fp_pool2d";
  c.shape = Dim4{1, 1, 2, 2};
  c.conv.kernel_h = c.conv.kernel_w = 2;
  c.conv.pad_top = c.conv.pad_left = 1;  // windows at the corner hold padding
  c.src[0] = Source::of(local(0, Dim4{16, 16, 2, 1}));
  c.src[1] = Source::constant(value);
  c.dst = local(1024, Dim4{16, 16, 2, 1});
  c.param[0] = 1;
  return c;
}

TEST(SophonTpuKernel, PoolingWithScaleAndPaddingValue) {
  Machine m;
  const float in[4] = {-4, -3, -2, -1};  // 2x2 input
  for (int i = 0; i < 4; ++i) m.put(4 * i, in[i]);
  // Output 2x2 (pad 1 before, none after): window (0,0) covers input (0,0)
  // only, (1,1) all four. avg = sum * 0.5.
  m.run(pool(BdcOp::AvgPool2d, 0x3f000000u));
  EXPECT_EQ(m.get<float>(1024), -2.0f);          // -4 * 0.5
  EXPECT_EQ(m.get<float>(1024 + 12), -5.0f);     // (-10) * 0.5
  // max with pad value -3.5: window (0,0) = max(-4, pad) = -3.5; (1,1) = -1.
  float pad = -3.5f;
  uint32_t bits;
  std::memcpy(&bits, &pad, 4);
  m.run(pool(BdcOp::MaxPool2d, bits));
  EXPECT_EQ(m.get<float>(1024), -3.5f);
  EXPECT_EQ(m.get<float>(1024 + 4), -3.0f);      // window (0,1): -4, -3 and pad
  EXPECT_EQ(m.get<float>(1024 + 12), -1.0f);
}

TEST(SophonTpuKernel, ConvolutionWithSixteenChannelGroups) {
  // IC = 18 (two groups, the second partly empty), OC = 1, 1x1 kernel:
  // output = sum_ic w_ic x_ic. Weight (oc, ic) at group ic / 16, lane ic % 16.
  Machine m;
  const uint64_t S = m.chip.local_mem_bytes;
  const int ic = 18;
  double expected = 0.0;
  for (int i = 0; i < ic; ++i) {
    const float x = float(i + 1), w = float(i % 5) - 2.0f;
    m.put((i % 64) * S, x);                            // input channel i on NPU i
    m.put(4096 + 64 * (i / 16) + 4 * (i % 16), w);     // weights on NPU 0
    expected += double(x) * w;
  }
  m.put(4096 + 64 + 4 * 2, 1000.0f);  // beyond IC in the last group: never read
  BdcCommand c;
  c.op = BdcOp::Conv2d;
  c.api = "tpu_bdc_fp_conv2d";
  c.shape = Dim4{1, ic, 1, 1};
  c.src[0] = Source::of(local(0, Dim4{1, 1, 1, 1}));
  c.conv.output_c = 1;
  c.conv.weight_ic_group = 16;
  c.conv.weight = local(4096, Dim4{1, 2, 1, 1});  // groups: Ns = taps = 1
  c.dst = local(8192, Dim4{16, 16, 1, 1});
  m.run(c);
  EXPECT_EQ(m.get<float>(8192), float(expected));
}

}  // namespace
}  // namespace acosim::sophon

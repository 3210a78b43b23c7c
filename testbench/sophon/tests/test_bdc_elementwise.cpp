// BDC element-wise operations against plain loops over the layout formula,
// on random shapes and gapped strides, with constants and per-lane
// (VECTOR) sources; untouched padding; the series exponential by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/ports.h"
#include "systemc/sophon/bdc_kernels.h"

namespace acosim::sophon {
namespace {

constexpr uint32_t kSentinel = 0xdeadbeefu;

struct Memory {
  explicit Memory(const Chip& c) : chip(c), bytes(c.local_mem_total()) {
    for (size_t i = 0; i < bytes.size(); i += 4) std::memcpy(&bytes[i], &kSentinel, 4);
  }
  uint32_t word(uint64_t byte) const {
    uint32_t v;
    std::memcpy(&v, &bytes[byte], 4);
    return v;
  }
  float at(uint64_t byte) const {
    float f;
    std::memcpy(&f, &bytes[byte], 4);
    return f;
  }
  void set(uint64_t byte, float f) { std::memcpy(&bytes[byte], &f, 4); }
  // Element (n, c, h, w) of an fp32 tensor, from the layout rule.
  uint64_t byte(uint64_t address, const Dim4& s, int n, int c, int h, int w) const {
    const uint64_t S = chip.local_mem_bytes, X = chip.npu_num, q = address / S, r = address % S;
    return ((q + c) % X) * S + r + 4 * (uint64_t(n) * s.n + ((q + c) / X) * s.c + uint64_t(h) * s.h + uint64_t(w) * s.w);
  }
  uint64_t run(const BdcCommand& c) {
    check_elementwise(chip, c);
    return run_elementwise(BdcContext{chip, bytes.data()}, c);
  }
  Chip chip;
  std::vector<uint8_t> bytes;
};

Tensor local(uint64_t address, const Dim4& stride) { return Tensor{Space::Local, address, stride, DType::FP32}; }

// A random shape with strides leaving gaps, at `address`.
Dim4 gapped_stride(const Chip& chip, std::mt19937& rng, uint64_t address, const Dim4& shape) {
  const int q = int(address / chip.local_mem_bytes);
  const int hs = shape.w + int(rng() % 2), cs = shape.h * hs + int(rng() % 3);
  return Dim4{channels_per_npu(chip, q, shape.c) * cs + int(rng() % 3), cs, hs, 1};
}

float reference(BdcOp op, float a, float b) {
  switch (op) {
    case BdcOp::Add: return a + b;
    case BdcOp::Sub: return a - b;
    case BdcOp::Mul: return a * b;
    case BdcOp::Div: return a / b;
    case BdcOp::Max: return a > b ? a : b;
    case BdcOp::Min: return a < b ? a : b;
    default: return 0.0f;
  }
}

TEST(SophonBdcElementwise, BinaryOpsOnRandomGappedTensors) {
  std::mt19937 rng(11);
  Memory m(toy());
  for (BdcOp op : {BdcOp::Add, BdcOp::Sub, BdcOp::Mul, BdcOp::Div, BdcOp::Max, BdcOp::Min}) {
    for (int round = 0; round < 10; ++round) {
      m = Memory(toy());
      const Dim4 shape{1 + int(rng() % 2), 1 + int(rng() % 7), 1 + int(rng() % 3), 1 + int(rng() % 5)};
      const uint64_t npu = rng() % 4;
      const uint64_t a = npu * 1024, b = npu * 1024 + 256, d = npu * 1024 + 512;
      const Dim4 sa = gapped_stride(m.chip, rng, a, shape), sb = gapped_stride(m.chip, rng, b, shape),
                 sd = gapped_stride(m.chip, rng, d, shape);
      for (int n = 0; n < shape.n; ++n)
        for (int c = 0; c < shape.c; ++c)
          for (int h = 0; h < shape.h; ++h)
            for (int w = 0; w < shape.w; ++w) {
              m.set(m.byte(a, sa, n, c, h, w), float(int(rng() % 200) - 100) / 8.0f);
              m.set(m.byte(b, sb, n, c, h, w), float(int(rng() % 200) - 100) / 8.0f + 0.5f);
            }
      const std::vector<uint8_t> before = m.bytes;
      BdcCommand cmd;
      cmd.op = op;
      cmd.api = "test";
      cmd.shape = shape;
      cmd.dst = local(d, sd);
      cmd.src[0] = Source::of(local(a, sa));
      cmd.src[1] = Source::of(local(b, sb));
      m.run(cmd);
      std::vector<bool> written(m.bytes.size() / 4, false);
      for (int n = 0; n < shape.n; ++n)
        for (int c = 0; c < shape.c; ++c)
          for (int h = 0; h < shape.h; ++h)
            for (int w = 0; w < shape.w; ++w) {
              const uint64_t out = m.byte(d, sd, n, c, h, w);
              const float x = m.at(m.byte(a, sa, n, c, h, w)), y = m.at(m.byte(b, sb, n, c, h, w));
              ASSERT_EQ(m.at(out), reference(op, x, y)) << bdc_op_name(op);
              written[out / 4] = true;
            }
      for (size_t i = 0; i < written.size(); ++i) {
        if (written[i]) continue;
        uint32_t old;
        std::memcpy(&old, &before[4 * i], 4);
        ASSERT_EQ(m.word(4 * i), old) << "word " << i;
      }
    }
  }
}

TEST(SophonBdcElementwise, ConstantsAndReversedForms) {
  Memory m(toy());
  const Dim4 shape{1, 5, 1, 3}, s{6, 3, 3, 1};  // 5 channels: NPU 0 holds two
  for (int c = 0; c < 5; ++c)
    for (int w = 0; w < 3; ++w) m.set(m.byte(0, s, 0, c, 0, w), float(c * 3 + w + 1));
  BdcCommand cmd;
  cmd.api = "test";
  cmd.shape = shape;
  cmd.dst = local(128, s);
  cmd.op = BdcOp::Sub;  // C - src: 10 - x
  cmd.src[0] = Source::constant(0x41200000u);  // 10.0f
  cmd.src[1] = Source::of(local(0, s));
  m.run(cmd);
  for (int c = 0; c < 5; ++c)
    for (int w = 0; w < 3; ++w) EXPECT_EQ(m.at(m.byte(128, s, 0, c, 0, w)), 10.0f - float(c * 3 + w + 1));
  cmd.op = BdcOp::Div;  // x / 2
  cmd.src[0] = Source::of(local(0, s));
  cmd.src[1] = Source::constant(0x40000000u);
  m.run(cmd);
  EXPECT_EQ(m.at(m.byte(128, s, 0, 4, 0, 2)), 7.5f);
}

TEST(SophonBdcElementwise, VectorSourceIsOneValuePerLane) {
  // 6 channels on the toy machine: channel c reads lane c mod 4's value.
  Memory m(toy());
  const Dim4 shape{1, 6, 1, 2}, s{4, 2, 2, 1}, vs{1, 1, 1, 1};
  for (int c = 0; c < 6; ++c)
    for (int w = 0; w < 2; ++w) m.set(m.byte(0, s, 0, c, 0, w), 1.0f);
  for (int lane = 0; lane < 4; ++lane) m.set(m.byte(64, vs, 0, lane, 0, 0), float(100 * lane));
  BdcCommand cmd;
  cmd.op = BdcOp::Add;
  cmd.api = "test";
  cmd.shape = shape;
  cmd.dst = local(128, s);
  cmd.src[0] = Source::of(local(0, s));
  cmd.src[1] = Source{Source::Kind::Vector, local(64, vs), 0};
  m.run(cmd);
  for (int c = 0; c < 6; ++c) EXPECT_EQ(m.at(m.byte(128, s, 0, c, 0, 1)), 1.0f + float(100 * (c % 4))) << c;
}

TEST(SophonBdcElementwise, SelectAndBitwise) {
  Memory m(toy());
  const Dim4 shape{1, 1, 1, 4}, s{4, 4, 4, 1};
  const float x[4] = {-2.0f, 0.0f, 3.0f, 3.0f};
  for (int w = 0; w < 4; ++w) m.set(4 * w, x[w]);
  BdcCommand cmd;
  cmd.op = BdcOp::GreaterSelect;  // x > 0 ? 7 : -1
  cmd.api = "test";
  cmd.shape = shape;
  cmd.dst = local(64, s);
  cmd.src[0] = Source::of(local(0, s));
  cmd.src[1] = Source::constant(0);
  cmd.src[2] = Source::constant(0x40e00000u);
  cmd.src[3] = Source::constant(0xbf800000u);
  m.run(cmd);
  EXPECT_EQ(m.at(64), -1.0f);
  EXPECT_EQ(m.at(68), -1.0f);
  EXPECT_EQ(m.at(72), 7.0f);
  cmd.op = BdcOp::ArithmeticShift;  // -8 >> 2 = -2, as int32 words
  const int32_t v = -8;
  std::memcpy(&m.bytes[128], &v, 4);
  cmd.shape = Dim4{1, 1, 1, 1};
  cmd.src[0] = Source::of(local(128, s));
  cmd.src[1] = Source::constant(static_cast<uint32_t>(-2));
  m.run(cmd);
  EXPECT_EQ(static_cast<int32_t>(m.word(64)), -2);
  cmd.op = BdcOp::LogicalShift;
  m.run(cmd);
  EXPECT_EQ(m.word(64), 0xfffffff8u >> 2);
  cmd.op = BdcOp::Fp32ToInt32;  // 2.5 -> 2, 3.5 -> 4 (half to even)
  m.set(128, 2.5f);
  m.run(cmd);
  EXPECT_EQ(m.word(64), 2u);
  m.set(128, 3.5f);
  m.run(cmd);
  EXPECT_EQ(m.word(64), 4u);
}

TEST(SophonBdcElementwise, SeriesExponentialByHand) {
  // x = 1: k = round(1 / ln2) = 1, r = 1 - ln2 = 0.30685; three terms give
  // 2 * (1 + r + r^2 / 2) = 2 * 1.35393 = 2.70786 (e = 2.71828).
  Memory m(toy());
  const Dim4 s{1, 1, 1, 1};
  m.set(0, 1.0f);
  BdcCommand cmd;
  cmd.op = BdcOp::TaylorExp;
  cmd.api = "test";
  cmd.shape = Dim4{1, 1, 1, 1};
  cmd.dst = local(64, s);
  cmd.src[0] = Source::of(local(0, s));
  cmd.param[0] = 3;
  m.run(cmd);
  const double r = 1.0 - std::log(2.0);
  EXPECT_NEAR(m.at(64), 2.0 * (1.0 + r + r * r / 2.0), 1e-5);
  cmd.op = BdcOp::Exp;
  cmd.param[0] = 0;
  m.run(cmd);
  EXPECT_FLOAT_EQ(m.at(64), std::exp(1.0f));
}

TEST(SophonBdcElementwise, PerChannelBias) {
  Memory m(toy());
  const Dim4 shape{2, 6, 1, 2}, s{4, 2, 2, 1}, bs{2, 1, 1, 1};
  for (int n = 0; n < 2; ++n)
    for (int c = 0; c < 6; ++c)
      for (int w = 0; w < 2; ++w) m.set(m.byte(0, s, n, c, 0, w), float(n));
  for (int c = 0; c < 6; ++c) m.set(m.byte(256, bs, 0, c, 0, 0), float(10 * c));
  BdcCommand cmd;
  cmd.op = BdcOp::Bias;
  cmd.api = "okk_bdc_bias";
  cmd.shape = shape;
  cmd.dst = local(512, s);
  cmd.src[0] = Source::of(local(0, s));
  cmd.src[1] = Source::of(local(256, bs));
  m.run(cmd);
  for (int n = 0; n < 2; ++n)
    for (int c = 0; c < 6; ++c) EXPECT_EQ(m.at(m.byte(512, s, n, c, 0, 1)), float(n + 10 * c));
}

TEST(SophonBdcElementwise, RefusedCommandsWriteNothing) {
  Memory m(toy());
  const std::vector<uint8_t> before = m.bytes;
  BdcCommand cmd;
  cmd.op = BdcOp::TaylorExp;
  cmd.api = "okk_bdc_taylor_exp";
  cmd.shape = Dim4{1, 1, 1, 1};
  cmd.dst = local(0, Dim4{1, 1, 1, 1});
  cmd.src[0] = Source::of(local(0, Dim4{1, 1, 1, 1}));
  cmd.param[0] = 0;
  try {
    m.run(cmd);
    FAIL() << "accepted";
  } catch (const IllegalCommand& e) {
    EXPECT_STREQ(e.what(), "okk_bdc_taylor_exp: num_series 0 is outside [1, 64]");
  }
  EXPECT_EQ(m.bytes, before);
}

}  // namespace
}  // namespace acosim::sophon

// The BDC's fp32 neural-network operations (bdc_nn.cpp) against references
// written here from the definitions: NCHW host arrays, plain loops summing
// in double, and the element placement of docs/sophon.md 2.4 spelled out
// again (no LocalGeometry), including BM1684's 2IC weight pairs. Local
// memory starts as random bytes, so every byte outside the output's
// elements must come back unchanged. Separate cases pin the summation
// order, result_add and bias to the bit, and refused commands must name the
// API and leave memory as it was. No SystemC.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"
#include "sw/sophon/tpu/ports.h"
#include "systemc/sophon/bdc_kernels.h"

namespace acosim::sophon {
namespace {

// ---------------------------------------------------------------------------
// The test's own layout arithmetic

constexpr int kEu = 32;  // fp32 elements in BM1684's 128-byte EU step (toy: the same)

struct Rng {
  uint64_t s;
  uint32_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return static_cast<uint32_t>(s >> 11);
  }
  float uniform() { return static_cast<float>(next() % 2000001) / 1000000.f - 1.f; }  // [-1, 1]
};

struct Machine {
  Chip chip;
  std::vector<uint8_t> mem;
  explicit Machine(const Chip& c, uint64_t seed = 7) : chip(c), mem(c.local_mem_total()) {
    Rng r{seed};
    for (auto& b : mem) b = static_cast<uint8_t>(r.next());
  }
  BdcContext context() { return BdcContext{chip, mem.data()}; }
  uint64_t address(uint32_t npu, uint32_t offset) const {
    return uint64_t{npu} * chip.local_mem_bytes + offset;
  }
  void put(uint64_t byte, float v) { std::memcpy(&mem[byte], &v, 4); }
  float get(uint64_t byte) const {
    float v;
    std::memcpy(&v, &mem[byte], 4);
    return v;
  }
};

int cpn(const Chip& chip, uint64_t address, int channels) {
  const int q = static_cast<int>(address / chip.local_mem_bytes);
  return (q + channels + static_cast<int>(chip.npu_num) - 1) / static_cast<int>(chip.npu_num);
}
Dim4 aligned(const Chip& chip, uint64_t address, const Dim4& s) {
  const int cs = (s.h * s.w + kEu - 1) / kEu * kEu;
  return Dim4{cpn(chip, address, s.c) * cs, cs, s.w, 1};
}
Dim4 compact(const Chip& chip, uint64_t address, const Dim4& s) {
  return Dim4{cpn(chip, address, s.c) * s.h * s.w, s.h * s.w, s.w, 1};
}

// Byte of element (n, c, h, w), `unit` bytes per stride step.
uint64_t place(const Chip& chip, uint64_t address, const Dim4& st, int n, int c, int h, int w,
               uint64_t unit = 4) {
  const uint64_t S = chip.local_mem_bytes, X = chip.npu_num;
  const uint64_t q = address / S, r = address % S;
  const uint64_t npu = (q + c) % X, slot = (q + c) / X;
  return npu * S + r + unit * (uint64_t(n) * st.n + slot * st.c + uint64_t(h) * st.h +
                               uint64_t(w) * st.w);
}

// An NCHW host array.
struct Host {
  Dim4 s;
  std::vector<float> v;
  explicit Host(const Dim4& shape) : s(shape), v(size_t(shape.n) * shape.c * shape.h * shape.w) {}
  float& at(int n, int c, int h, int w) { return v[((size_t(n) * s.c + c) * s.h + h) * s.w + w]; }
  float at(int n, int c, int h, int w) const {
    return v[((size_t(n) * s.c + c) * s.h + h) * s.w + w];
  }
  Host& random(Rng& r) {
    for (auto& x : v) x = r.uniform();
    return *this;
  }
};

void scatter(Machine& m, const Tensor& t, const Host& h) {
  for (int n = 0; n < h.s.n; ++n)
    for (int c = 0; c < h.s.c; ++c)
      for (int y = 0; y < h.s.h; ++y)
        for (int x = 0; x < h.s.w; ++x)
          m.put(place(m.chip, t.address, t.stride, n, c, y, x), h.at(n, c, y, x));
}
Host gather(const Machine& m, const Tensor& t, const Dim4& s) {
  Host h(s);
  for (int n = 0; n < s.n; ++n)
    for (int c = 0; c < s.c; ++c)
      for (int y = 0; y < s.h; ++y)
        for (int x = 0; x < s.w; ++x)
          h.at(n, c, y, x) = m.get(place(m.chip, t.address, t.stride, n, c, y, x));
  return h;
}
// The bytes a tensor's elements occupy.
std::vector<bool> footprint(const Machine& m, const Tensor& t, const Dim4& s) {
  std::vector<bool> mask(m.mem.size(), false);
  for (int n = 0; n < s.n; ++n)
    for (int c = 0; c < s.c; ++c)
      for (int y = 0; y < s.h; ++y)
        for (int x = 0; x < s.w; ++x) {
          const uint64_t b = place(m.chip, t.address, t.stride, n, c, y, x);
          for (int i = 0; i < 4; ++i) mask[b + i] = true;
        }
  return mask;
}
// Every byte outside `written` is as it was.
void expect_untouched_outside(const Machine& m, const std::vector<uint8_t>& before,
                              const std::vector<bool>& written) {
  size_t changed = 0, first = 0;
  for (size_t i = 0; i < before.size(); ++i) {
    if (!written[i] && before[i] != m.mem[i]) {
      if (changed++ == 0) first = i;
    }
  }
  EXPECT_EQ(changed, 0u) << "first changed byte outside the output at " << first;
}

void expect_near_all(const Host& got, const Host& want) {
  ASSERT_EQ(got.v.size(), want.v.size());
  size_t bad = 0;
  for (size_t i = 0; i < got.v.size(); ++i) {
    const double tol = 1e-4 * std::max(std::fabs(double(want.v[i])), 1.0);
    if (!(std::fabs(double(got.v[i]) - want.v[i]) < tol)) {
      if (bad++ < 5) ADD_FAILURE() << "element " << i << ": " << got.v[i] << " vs " << want.v[i];
    }
  }
  EXPECT_EQ(bad, 0u);
}

// ---------------------------------------------------------------------------
// Convolution

struct ConvCase {
  Dim4 in;  // (N, IC, H, W)
  int oc, kh, kw, pt, pb, pl, pr, sh, sw, dh, dw;
  bool bias, result_add;
  uint64_t in_addr, out_addr, weight_addr, bias_addr;
};

int out_size(int in, int pa, int pb, int k, int d, int s) {
  return (in + pa + pb - ((k - 1) * d + 1)) / s + 1;
}

struct ConvSetup {
  BdcCommand cmd;
  Host input, weight, bias, old;
  Dim4 out;
};

// Fills the operands (2IC pairs for conv2d, (1, C, kh, kw) for depthwise)
// and builds the command as okk_bdc_conv2d / okk_bdc_depthwise2d would.
ConvSetup setup_conv(Machine& m, const ConvCase& k, BdcOp op, Rng& r) {
  const bool depthwise = op == BdcOp::Depthwise2d;
  const int oc = depthwise ? k.in.c : k.oc;
  const Dim4 out{k.in.n, oc, out_size(k.in.h, k.pt, k.pb, k.kh, k.dh, k.sh),
                 out_size(k.in.w, k.pl, k.pr, k.kw, k.dw, k.sw)};
  ConvSetup s{BdcCommand{}, Host(k.in), Host(Dim4{oc, depthwise ? 1 : k.in.c, k.kh, k.kw}),
              Host(Dim4{1, oc, 1, 1}), Host(out), out};
  BdcCommand& c = s.cmd;
  c.op = op;
  c.api = depthwise ? "okk_bdc_depthwise2d" : "okk_bdc_conv2d";
  c.shape = k.in;
  c.src[0] = Source::of(
      Tensor{Space::Local, k.in_addr, aligned(m.chip, k.in_addr, k.in), DType::FP32});
  c.dst = Tensor{Space::Local, k.out_addr, aligned(m.chip, k.out_addr, out), DType::FP32};
  ConvParams& p = c.conv;
  p.output_c = oc;
  p.kernel_h = k.kh;
  p.kernel_w = k.kw;
  p.pad_top = k.pt;
  p.pad_bottom = k.pb;
  p.pad_left = k.pl;
  p.pad_right = k.pr;
  p.stride_h = k.sh;
  p.stride_w = k.sw;
  p.dilation_h = k.dh;
  p.dilation_w = k.dw;
  p.has_bias = k.bias;
  p.result_add = k.result_add;
  s.input.random(r);
  s.weight.random(r);
  s.bias.random(r);
  s.old.random(r);
  scatter(m, c.src[0].tensor, s.input);
  if (depthwise) {
    const Dim4 ws{1, oc, k.kh, k.kw};
    p.weight = Tensor{Space::Local, k.weight_addr, compact(m.chip, k.weight_addr, ws), DType::FP32};
    Host w(ws);
    for (int c2 = 0; c2 < oc; ++c2)
      for (int y = 0; y < k.kh; ++y)
        for (int x = 0; x < k.kw; ++x) w.at(0, c2, y, x) = s.weight.at(c2, 0, y, x);
    scatter(m, p.weight, w);
  } else {
    // 2IC: (ceil(IC / 2), OC, kh, kw) pairs, compact, strides in pairs.
    const Dim4 pairs{(k.in.c + 1) / 2, oc, k.kh, k.kw};
    p.weight =
        Tensor{Space::Local, k.weight_addr, compact(m.chip, k.weight_addr, pairs), DType::FP32};
    for (int o = 0; o < oc; ++o)
      for (int ic = 0; ic < k.in.c; ++ic)
        for (int y = 0; y < k.kh; ++y)
          for (int x = 0; x < k.kw; ++x)
            m.put(place(m.chip, k.weight_addr, p.weight.stride, ic / 2, o, y, x, 8) + 4 * (ic % 2),
                  s.weight.at(o, ic, y, x));
    if (k.in.c % 2 == 1) {  // the unused half of the last pair: never read
      for (int o = 0; o < oc; ++o)
        for (int y = 0; y < k.kh; ++y)
          for (int x = 0; x < k.kw; ++x)
            m.put(place(m.chip, k.weight_addr, p.weight.stride, k.in.c / 2, o, y, x, 8) + 4,
                  std::nanf(""));
    }
  }
  p.bias = Tensor{Space::Local, k.bias_addr, compact(m.chip, k.bias_addr, Dim4{1, oc, 1, 1}),
                  DType::FP32};
  if (k.bias) scatter(m, p.bias, s.bias);
  if (k.result_add) scatter(m, c.dst, s.old);
  return s;
}

// Straight from the definition: out(n, o, oh, ow) = [old] + sum over kernel
// positions and input channels of in * w [+ bias], padding skipped.
Host conv_reference(const ConvCase& k, const ConvSetup& s, bool depthwise) {
  Host out(s.out);
  for (int n = 0; n < s.out.n; ++n)
    for (int o = 0; o < s.out.c; ++o)
      for (int oh = 0; oh < s.out.h; ++oh)
        for (int ow = 0; ow < s.out.w; ++ow) {
          double acc = k.result_add ? s.old.at(n, o, oh, ow) : 0.0;
          for (int y = 0; y < k.kh; ++y)
            for (int x = 0; x < k.kw; ++x) {
              const int ih = oh * k.sh + y * k.dh - k.pt, iw = ow * k.sw + x * k.dw - k.pl;
              if (ih < 0 || ih >= k.in.h || iw < 0 || iw >= k.in.w) continue;
              if (depthwise) {
                acc += double(s.input.at(n, o, ih, iw)) * s.weight.at(o, 0, y, x);
              } else {
                for (int ic = 0; ic < k.in.c; ++ic)
                  acc += double(s.input.at(n, ic, ih, iw)) * s.weight.at(o, ic, y, x);
              }
            }
          if (k.bias) acc += s.bias.at(0, o, 0, 0);
          out.at(n, o, oh, ow) = static_cast<float>(acc);
        }
  return out;
}

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

void run_conv_case(const Chip& chip, const ConvCase& k, BdcOp op = BdcOp::Conv2d) {
  Machine m(chip);
  Rng r{99};
  ConvSetup s = setup_conv(m, k, op, r);
  const bool depthwise = op == BdcOp::Depthwise2d;
  const Host want = conv_reference(k, s, depthwise);
  const std::vector<uint8_t> before = m.mem;
  ASSERT_NO_THROW(check_nn(m.chip, s.cmd));
  uint64_t cycles = 0;
  ASSERT_NO_THROW(cycles = run_nn(m.context(), s.cmd));
  expect_near_all(gather(m, s.cmd.dst, s.out), want);
  expect_untouched_outside(m, before, footprint(m, s.cmd.dst, s.out));
  // The fullest NPU's MACs over 32 fp32 EUs.
  const uint64_t per_channel = uint64_t(s.out.n) * s.out.h * s.out.w * k.kh * k.kw *
                               (depthwise ? 1 : k.in.c);
  EXPECT_EQ(cycles, ceil_div(cpn(chip, k.out_addr, s.out.c) * per_channel, 32));
}

TEST(BdcConv2d, OddChannelsPaddingStrideDilationBiasAcrossNpus) {
  const Chip chip = bm1684();
  Machine probe(chip);
  // IC 5 (odd), input on NPU 61 (channels wrap to NPU 0..2), output,
  // weights and bias on NPU 3; kernel 3 x 2, dilation (1, 2), stride (2, 1),
  // unequal pads, N = 2.
  const ConvCase k{Dim4{2, 5, 9, 11}, 7, 3, 2, 1, 2, 2, 0, 2, 1, 1, 2, true, false,
                   probe.address(61, 0x1000), probe.address(3, 0x100),
                   probe.address(3, 0x20000), probe.address(3, 0x30000)};
  run_conv_case(chip, k);
}

TEST(BdcConv2d, ResultAddOnToyWithChannelsBeyondNpuCount) {
  const Chip chip = toy();
  Machine probe(chip);
  // 4 NPUs: IC 6 from NPU 2 (two slots), OC 9 from NPU 1 (three slots),
  // stride 2, dilation 2, padding 1; the output's old values are added.
  const ConvCase k{Dim4{1, 6, 5, 5}, 9, 2, 2, 1, 1, 1, 1, 2, 2, 2, 2, true, true,
                   probe.address(2, 0), probe.address(1, 256), probe.address(1, 640),
                   probe.address(1, 928)};
  run_conv_case(chip, k);
}

TEST(BdcConv2d, LargeChannelCountsOnBm1684) {
  const Chip chip = bm1684();
  Machine probe(chip);
  // 150 input and 70 output channels: several slots on every NPU, one
  // kernel position at a time of 3 x 3, no padding, stride 1.
  const ConvCase k{Dim4{1, 150, 6, 7}, 70, 3, 3, 0, 0, 0, 0, 1, 1, 1, 1, false, false,
                   probe.address(0, 0x4000), probe.address(0, 0), probe.address(0, 0x10000),
                   0};
  run_conv_case(chip, k);
}

// A sum whose value depends on its order (1e8 + 1 rounds back to 1e8):
// products, with weights 1, in (kernel position, input channel) order are
// 1e8, 1, -1e8, 1 -> 1; summing input channel by channel would give
// 1e8, -1e8, 1, 1 -> 2.
TEST(BdcConv2d, SumsKernelPositionsOuterInputChannelsInnerLikeTheReference) {
  const Chip chip = toy();
  Machine m(chip);
  BdcCommand c;
  c.op = BdcOp::Conv2d;
  c.api = "okk_bdc_conv2d";
  c.shape = Dim4{1, 2, 1, 2};
  c.conv.output_c = 1;
  c.conv.kernel_h = 1;
  c.conv.kernel_w = 2;
  const Tensor in{Space::Local, 0, Dim4{2, 2, 2, 1}, DType::FP32};
  c.src[0] = Source::of(in);
  c.dst = Tensor{Space::Local, 64, Dim4{1, 1, 1, 1}, DType::FP32};
  c.conv.weight = Tensor{Space::Local, 128, Dim4{2, 2, 1, 1}, DType::FP32};
  m.put(place(chip, 0, in.stride, 0, 0, 0, 0), 1e8f);   // ic 0, x 0
  m.put(place(chip, 0, in.stride, 0, 1, 0, 0), 1.f);    // ic 1, x 0
  m.put(place(chip, 0, in.stride, 0, 0, 0, 1), -1e8f);  // ic 0, x 1
  m.put(place(chip, 0, in.stride, 0, 1, 0, 1), 1.f);    // ic 1, x 1
  for (int x = 0; x < 2; ++x)
    for (int half = 0; half < 2; ++half)
      m.put(place(chip, 128, c.conv.weight.stride, 0, 0, 0, x, 8) + 4 * half, 1.f);
  run_nn(m.context(), c);
  EXPECT_EQ(m.get(64), 1.f);
}

// result_add continues the old value's sum and the bias comes last:
// ((1e8 + -1e8) + 1) + 1 = 2 (old + a fresh sum would give 1e8 + -1e8 = 0,
// then 1; bias first would give 1).
TEST(BdcConv2d, ResultAddContinuesTheSumAndBiasComesLast) {
  const Chip chip = toy();
  Machine m(chip);
  BdcCommand c;
  c.op = BdcOp::Conv2d;
  c.api = "okk_bdc_conv2d";
  c.shape = Dim4{1, 2, 1, 1};
  c.conv.output_c = 1;
  c.conv.has_bias = true;
  c.conv.result_add = true;
  const Tensor in{Space::Local, 0, Dim4{1, 1, 1, 1}, DType::FP32};
  c.src[0] = Source::of(in);
  c.dst = Tensor{Space::Local, 64, Dim4{1, 1, 1, 1}, DType::FP32};
  c.conv.weight = Tensor{Space::Local, 128, Dim4{1, 1, 1, 1}, DType::FP32};
  c.conv.bias = Tensor{Space::Local, 192, Dim4{1, 1, 1, 1}, DType::FP32};
  m.put(place(chip, 0, in.stride, 0, 0, 0, 0), -1e8f);
  m.put(place(chip, 0, in.stride, 0, 1, 0, 0), 1.f);
  m.put(128, 1.f);
  m.put(132, 1.f);
  m.put(192, 1.f);
  m.put(64, 1e8f);
  run_nn(m.context(), c);
  EXPECT_EQ(m.get(64), 2.f);
}

// ---------------------------------------------------------------------------
// Depthwise

TEST(BdcDepthwise2d, PaddingStrideDilationBiasWrappingNpus) {
  const Chip chip = bm1684();
  Machine probe(chip);
  // C 5 from NPU 62: channels 2..4 wrap to NPU 0..2 in slot 1.
  const ConvCase k{Dim4{3, 5, 10, 9}, 0, 3, 3, 2, 1, 0, 2, 2, 1, 2, 1, true, false,
                   probe.address(62, 0x1000), probe.address(62, 0x8000),
                   probe.address(62, 0x10000), probe.address(62, 0x11000)};
  run_conv_case(chip, k, BdcOp::Depthwise2d);
}

TEST(BdcDepthwise2d, ToyWithSixChannels) {
  const Chip chip = toy();
  Machine probe(chip);
  const ConvCase k{Dim4{1, 6, 5, 5}, 0, 3, 3, 1, 1, 1, 1, 2, 2, 1, 1, false, false,
                   probe.address(3, 0), probe.address(3, 384), probe.address(3, 768), 0};
  run_conv_case(chip, k, BdcOp::Depthwise2d);
}

// ---------------------------------------------------------------------------
// Pooling

struct PoolSetup {
  BdcCommand cmd;
  Dim4 out;
};

PoolSetup setup_pool(Machine& m, BdcOp op, const Dim4& in, int kh, int kw, int pt, int pb, int pl,
                     int pr, int sh, int sw, uint64_t in_addr, uint64_t out_addr) {
  PoolSetup s{BdcCommand{}, Dim4{in.n, in.c, (in.h + pt + pb - kh) / sh + 1,
                                 (in.w + pl + pr - kw) / sw + 1}};
  BdcCommand& c = s.cmd;
  c.op = op;
  c.api = op == BdcOp::AvgPool2d ? "okk_bdc_avg_pool2d" : "okk_bdc_max_pool2d";
  c.shape = in;
  c.src[0] = Source::of(Tensor{Space::Local, in_addr, aligned(m.chip, in_addr, in), DType::FP32});
  c.dst = Tensor{Space::Local, out_addr, aligned(m.chip, out_addr, s.out), DType::FP32};
  c.conv.kernel_h = kh;
  c.conv.kernel_w = kw;
  c.conv.pad_top = pt;
  c.conv.pad_bottom = pb;
  c.conv.pad_left = pl;
  c.conv.pad_right = pr;
  c.conv.stride_h = sh;
  c.conv.stride_w = sw;
  return s;
}

// Average: the window's real elements over kh kw (padding counts as zero).
// Maximum: over the real elements only.
Host pool_reference(BdcOp op, const Host& in, const PoolSetup& s) {
  const ConvParams& p = s.cmd.conv;
  Host out(s.out);
  for (int n = 0; n < s.out.n; ++n)
    for (int c = 0; c < s.out.c; ++c)
      for (int oh = 0; oh < s.out.h; ++oh)
        for (int ow = 0; ow < s.out.w; ++ow) {
          double sum = 0;
          float best = -FLT_MAX;
          for (int y = 0; y < p.kernel_h; ++y)
            for (int x = 0; x < p.kernel_w; ++x) {
              const int ih = oh * p.stride_h + y - p.pad_top, iw = ow * p.stride_w + x - p.pad_left;
              if (ih < 0 || ih >= in.s.h || iw < 0 || iw >= in.s.w) continue;
              sum += in.at(n, c, ih, iw);
              best = std::max(best, in.at(n, c, ih, iw));
            }
          out.at(n, c, oh, ow) = op == BdcOp::AvgPool2d
                                     ? static_cast<float>(sum / (p.kernel_h * p.kernel_w))
                                     : best;
        }
  return out;
}

void run_pool_case(const Chip& chip, BdcOp op, const Dim4& in, int kh, int kw, int pt, int pb,
                   int pl, int pr, int sh, int sw, uint32_t npu, bool negative = false) {
  Machine m(chip);
  Rng r{5};
  PoolSetup s = setup_pool(m, op, in, kh, kw, pt, pb, pl, pr, sh, sw, m.address(npu, 0x40),
                           m.address(npu, chip.local_mem_bytes / 2));
  Host input(in);
  input.random(r);
  if (negative) {
    for (auto& v : input.v) v = -std::fabs(v) - 0.5f;
  }
  scatter(m, s.cmd.src[0].tensor, input);
  const Host want = pool_reference(op, input, s);
  const std::vector<uint8_t> before = m.mem;
  uint64_t cycles = 0;
  ASSERT_NO_THROW(cycles = run_nn(m.context(), s.cmd));
  expect_near_all(gather(m, s.cmd.dst, s.out), want);
  expect_untouched_outside(m, before, footprint(m, s.cmd.dst, s.out));
  EXPECT_EQ(cycles, ceil_div(uint64_t(cpn(chip, s.cmd.dst.address, in.c)) * s.out.n * s.out.h *
                                 s.out.w * kh * kw,
                             32));
}

TEST(BdcPool2d, AverageWithPaddingOnBm1684) {
  run_pool_case(bm1684(), BdcOp::AvgPool2d, Dim4{2, 70, 7, 9}, 3, 3, 1, 1, 1, 2, 2, 2, 60);
}
TEST(BdcPool2d, AverageStrideOneOnToy) {
  run_pool_case(toy(), BdcOp::AvgPool2d, Dim4{1, 5, 4, 6}, 2, 3, 1, 0, 2, 1, 1, 1, 1);
}
TEST(BdcPool2d, MaximumOfNegativesIgnoresPadding) {
  run_pool_case(bm1684(), BdcOp::MaxPool2d, Dim4{2, 66, 8, 7}, 3, 3, 1, 2, 2, 1, 2, 2, 63, true);
}
TEST(BdcPool2d, MaximumOnToy) {
  run_pool_case(toy(), BdcOp::MaxPool2d, Dim4{1, 6, 5, 6}, 2, 2, 1, 1, 0, 1, 2, 2, 2);
}

// By hand, a 3 x 3 input of nines, 3 x 3 window, padding 1, stride 1: the
// corner window holds 4 real elements (36 / 9 = 4), an edge one 6
// (54 / 9 = 6), the centre 9 (81 / 9 = 9). The maximum of -1 .. -9 at the
// corner is -1 (0 if padding took part).
TEST(BdcPool2d, HandComputedWindowsAtTheBorder) {
  const Chip chip = toy();
  for (const BdcOp op : {BdcOp::AvgPool2d, BdcOp::MaxPool2d}) {
    Machine m(chip);
    PoolSetup s = setup_pool(m, op, Dim4{1, 1, 3, 3}, 3, 3, 1, 1, 1, 1, 1, 1, 0, 512);
    Host in(Dim4{1, 1, 3, 3});
    for (int i = 0; i < 9; ++i) in.v[i] = op == BdcOp::AvgPool2d ? 9.f : -float(i + 1);
    scatter(m, s.cmd.src[0].tensor, in);
    run_nn(m.context(), s.cmd);
    const Host out = gather(m, s.cmd.dst, s.out);
    if (op == BdcOp::AvgPool2d) {
      EXPECT_EQ(out.at(0, 0, 0, 0), 4.f);
      EXPECT_EQ(out.at(0, 0, 0, 1), 6.f);
      EXPECT_EQ(out.at(0, 0, 1, 1), 9.f);
      EXPECT_EQ(out.at(0, 0, 2, 2), 4.f);
    } else {
      EXPECT_EQ(out.at(0, 0, 0, 0), -1.f);
      EXPECT_EQ(out.at(0, 0, 2, 2), -5.f);
      EXPECT_EQ(out.at(0, 0, 1, 1), -1.f);
    }
  }
}

// ---------------------------------------------------------------------------
// Matrix multiplication

struct MatMulCase {
  int rows, lc, rc, lcpc, rcpc;
  bool bias, result_add;
  uint64_t left, right, out, bias_addr;
  bool compact_layout = false;  ///< free strides (cpc-wide slots) instead of aligned
};

Dim4 mshape(int rows, int cols, int cpc) { return Dim4{rows, (cols + cpc - 1) / cpc, 1, cpc}; }

// Matrix element (r, j) of a local matrix: channel j / cpc, w j % cpc.
uint64_t mplace(const Chip& chip, const Tensor& t, int r, int j, int cpc) {
  return place(chip, t.address, t.stride, r, j / cpc, 0, j % cpc);
}

void run_matmul_case(const Chip& chip, const MatMulCase& k) {
  Machine m(chip);
  Rng r{3};
  BdcCommand c;
  c.op = BdcOp::MatMul;
  c.api = "okk_bdc_matmul";
  MatMulParams& p = c.mm;
  p.left_rows = k.rows;
  p.left_cols = k.lc;
  p.right_cols = k.rc;
  p.left_cols_per_channel = k.lcpc;
  p.right_cols_per_channel = k.rcpc;
  p.has_bias = k.bias;
  p.result_add = k.result_add;
  const Dim4 ls = mshape(k.rows, k.lc, k.lcpc), rs = mshape(k.lc, k.rc, k.rcpc),
             os = mshape(k.rows, k.rc, k.rcpc), bs = mshape(1, k.rc, k.rcpc);
  const auto layout = [&](uint64_t address, const Dim4& shape) {
    return k.compact_layout ? compact(chip, address, shape) : aligned(chip, address, shape);
  };
  p.left = Tensor{Space::Local, k.left, layout(k.left, ls), DType::FP32};
  p.right = Tensor{Space::Local, k.right, layout(k.right, rs), DType::FP32};
  p.bias = Tensor{Space::Local, k.bias_addr, layout(k.bias_addr, bs), DType::FP32};
  c.dst = Tensor{Space::Local, k.out, layout(k.out, os), DType::FP32};
  std::vector<float> L(size_t(k.rows) * k.lc), R(size_t(k.lc) * k.rc), B(k.rc),
      old(size_t(k.rows) * k.rc);
  for (auto* v : {&L, &R, &B, &old})
    for (auto& x : *v) x = r.uniform();
  for (int i = 0; i < k.rows; ++i)
    for (int j = 0; j < k.lc; ++j) m.put(mplace(chip, p.left, i, j, k.lcpc), L[i * k.lc + j]);
  for (int i = 0; i < k.lc; ++i)
    for (int j = 0; j < k.rc; ++j) m.put(mplace(chip, p.right, i, j, k.rcpc), R[i * k.rc + j]);
  if (k.bias)
    for (int j = 0; j < k.rc; ++j) m.put(mplace(chip, p.bias, 0, j, k.rcpc), B[j]);
  if (k.result_add)
    for (int i = 0; i < k.rows; ++i)
      for (int j = 0; j < k.rc; ++j) m.put(mplace(chip, c.dst, i, j, k.rcpc), old[i * k.rc + j]);
  const std::vector<uint8_t> before = m.mem;
  uint64_t cycles = 0;
  ASSERT_NO_THROW(cycles = run_nn(m.context(), c));
  std::vector<bool> written(m.mem.size(), false);
  size_t bad = 0;
  for (int i = 0; i < k.rows; ++i)
    for (int j = 0; j < k.rc; ++j) {
      double acc = k.result_add ? old[i * k.rc + j] : 0.0;
      for (int q = 0; q < k.lc; ++q) acc += double(L[i * k.lc + q]) * R[q * k.rc + j];
      if (k.bias) acc += B[j];
      const uint64_t b = mplace(chip, c.dst, i, j, k.rcpc);
      for (int x = 0; x < 4; ++x) written[b + x] = true;
      const float got = m.get(b);
      if (!(std::fabs(got - acc) < 1e-4 * std::max(std::fabs(acc), 1.0))) {
        if (bad++ < 5) ADD_FAILURE() << "(" << i << ", " << j << "): " << got << " vs " << acc;
      }
    }
  EXPECT_EQ(bad, 0u);
  expect_untouched_outside(m, before, written);
  const int pieces = (k.rc + k.rcpc - 1) / k.rcpc;
  EXPECT_EQ(cycles,
            ceil_div(uint64_t(cpn(chip, k.out, pieces)) * k.rows * k.rcpc * k.lc, 32));
}

TEST(BdcMatMul, BiasResultAddUnevenPiecesLeftOnAnotherNpu) {
  const Chip chip = bm1684();
  Machine probe(chip);
  // rc 200 in pieces of 3 (67 channels: wraps past NPU 63 from NPU 10,
  // last piece 2 wide), lc 37 in pieces of 8 (last 5 wide); left on NPU 40.
  run_matmul_case(chip, MatMulCase{5, 37, 200, 8, 3, true, true, probe.address(40, 0x100),
                                   probe.address(10, 0x1000), probe.address(10, 0x20000),
                                   probe.address(10, 0x30000)});
}

TEST(BdcMatMul, PlainProductManyRows) {
  const Chip chip = bm1684();
  Machine probe(chip);
  run_matmul_case(chip, MatMulCase{23, 130, 45, 3, 1, false, false, probe.address(0, 0),
                                   probe.address(0, 0x8000), probe.address(0, 0x40000), 0});
}

TEST(BdcMatMul, ToyMachine) {
  const Chip chip = toy();
  Machine probe(chip);
  // Right and output pieces 0..4 from NPU 1: piece 3 wraps to NPU 0 (slot
  // 1); the left matrix from NPU 3. Compact strides: 1 KiB NPUs.
  run_matmul_case(chip, MatMulCase{2, 3, 9, 2, 2, true, true, probe.address(3, 0),
                                   probe.address(1, 256), probe.address(1, 512),
                                   probe.address(1, 768), true});
}

// Ascending k, continuing from the old value, bias last:
// ((1e8 + -1e8) + 1) + 1 = 2.
TEST(BdcMatMul, SumOrderResultAddAndBiasToTheBit) {
  const Chip chip = toy();
  Machine m(chip);
  BdcCommand c;
  c.op = BdcOp::MatMul;
  c.api = "okk_bdc_matmul";
  MatMulParams& p = c.mm;
  p.left_rows = 1;
  p.left_cols = 2;
  p.right_cols = 1;
  p.left_cols_per_channel = 2;
  p.right_cols_per_channel = 1;
  p.has_bias = p.result_add = true;
  p.left = Tensor{Space::Local, 0, Dim4{2, 2, 2, 1}, DType::FP32};
  p.right = Tensor{Space::Local, 64, Dim4{1, 1, 1, 1}, DType::FP32};
  p.bias = Tensor{Space::Local, 128, Dim4{1, 1, 1, 1}, DType::FP32};
  c.dst = Tensor{Space::Local, 192, Dim4{1, 1, 1, 1}, DType::FP32};
  m.put(0, -1e8f);
  m.put(4, 1.f);
  m.put(64, 1.f);
  m.put(68, 1.f);
  m.put(128, 1.f);
  m.put(192, 1e8f);
  run_nn(m.context(), c);
  EXPECT_EQ(m.get(192), 2.f);
}

// ---------------------------------------------------------------------------
// Refusals: named after the API, nothing written

void expect_refused(Machine& m, const BdcCommand& c, const std::string& words) {
  const std::vector<uint8_t> before = m.mem;
  EXPECT_THROW(check_nn(m.chip, c), IllegalCommand);
  try {
    run_nn(m.context(), c);
    ADD_FAILURE() << "accepted; expected a refusal mentioning '" << words << "'";
  } catch (const IllegalCommand& e) {
    const std::string text = e.what();
    EXPECT_EQ(text.rfind(std::string(c.api) + ": ", 0), 0u) << text;
    EXPECT_NE(text.find(words), std::string::npos) << text;
  }
  EXPECT_TRUE(before == m.mem) << "a refused command changed local memory";
}

ConvSetup small_conv(Machine& m) {
  Rng r{1};
  const ConvCase k{Dim4{1, 3, 4, 4}, 2, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, true, false,
                   m.address(0, 0), m.address(0, 0x1000), m.address(0, 0x2000),
                   m.address(0, 0x3000)};
  return setup_conv(m, k, BdcOp::Conv2d, r);
}

TEST(BdcNnRefusals, TheBaseCommandsAreAccepted) {
  Machine m(bm1684());
  ConvSetup s = small_conv(m);
  EXPECT_NO_THROW(check_nn(m.chip, s.cmd));
}

TEST(BdcNnRefusals, MoreThan4095Channels) {
  Machine m(bm1684());
  ConvSetup s = small_conv(m);
  s.cmd.shape.c = 4096;
  expect_refused(m, s.cmd, "c = 4096 is outside [1, 4095]");
  s = small_conv(m);
  s.cmd.conv.output_c = 4096;
  expect_refused(m, s.cmd, "c = 4096 is outside [1, 4095]");
}

TEST(BdcNnRefusals, OperandPastTheEndOfLocalMemory) {
  Machine m(bm1684());
  ConvSetup s = small_conv(m);
  s.cmd.dst.address = m.address(0, m.chip.local_mem_bytes - 32);  // 64 bytes in the last 32
  s.cmd.conv.weight.address = s.cmd.conv.bias.address = m.address(0, 0x2000);
  expect_refused(m, s.cmd, "past the end");
  s = small_conv(m);
  s.cmd.src[0].tensor.address = m.chip.local_mem_total();
  expect_refused(m, s.cmd, "past the end of local memory");
  s = small_conv(m);  // the weights' last pair crosses the end of the NPU
  s.cmd.conv.weight.address = m.address(0, m.chip.local_mem_bytes - 8 * 9 * 2 + 8);
  expect_refused(m, s.cmd, "weight");
}

TEST(BdcNnRefusals, MismatchedStartNpus) {
  Machine m(bm1684());
  ConvSetup s = small_conv(m);
  s.cmd.conv.weight.address = m.address(1, 0x2000);
  expect_refused(m, s.cmd, "NPU");
  s = small_conv(m);
  s.cmd.conv.bias.address = m.address(2, 0x3000);
  expect_refused(m, s.cmd, "NPU");
  s = small_conv(m);  // the input may start anywhere
  s.cmd.src[0].tensor.address = m.address(5, 0);
  EXPECT_NO_THROW(check_nn(m.chip, s.cmd));

  s = small_conv(m);
  s.cmd.op = BdcOp::Depthwise2d;
  s.cmd.api = "okk_bdc_depthwise2d";
  s.cmd.conv.output_c = 3;
  s.cmd.conv.weight.stride = compact(m.chip, s.cmd.conv.weight.address, Dim4{1, 3, 3, 3});
  s.cmd.dst.stride = aligned(m.chip, s.cmd.dst.address, Dim4{1, 3, 4, 4});
  EXPECT_NO_THROW(check_nn(m.chip, s.cmd));
  s.cmd.src[0].tensor.address = m.address(5, 0);
  expect_refused(m, s.cmd, "NPU");

  BdcCommand mm;
  mm.op = BdcOp::MatMul;
  mm.api = "okk_bdc_matmul";
  mm.mm.left_rows = 2;
  mm.mm.left_cols = 4;
  mm.mm.right_cols = 4;
  mm.mm.left_cols_per_channel = mm.mm.right_cols_per_channel = 2;
  mm.mm.left = Tensor{Space::Local, m.address(7, 0), Dim4{32, 32, 2, 1}, DType::FP32};
  mm.mm.right = Tensor{Space::Local, m.address(0, 0x1000), Dim4{32, 32, 2, 1}, DType::FP32};
  mm.dst = Tensor{Space::Local, m.address(0, 0x2000), Dim4{32, 32, 2, 1}, DType::FP32};
  EXPECT_NO_THROW(check_nn(m.chip, mm));  // the left matrix may start anywhere
  mm.dst.address = m.address(1, 0x2000);
  expect_refused(m, mm, "NPU");
}

TEST(BdcNnRefusals, WindowRules) {
  Machine m(bm1684());
  ConvSetup s = small_conv(m);
  s.cmd.conv.kernel_h = 0;
  expect_refused(m, s.cmd, "kernel_h");
  s = small_conv(m);
  s.cmd.conv.stride_w = 0;
  expect_refused(m, s.cmd, "stride_w");
  s = small_conv(m);
  s.cmd.conv.dilation_h = 0;
  expect_refused(m, s.cmd, "dilation_h");
  s = small_conv(m);
  s.cmd.conv.pad_left = -1;
  expect_refused(m, s.cmd, "padding");
  s = small_conv(m);
  s.cmd.conv.pad_bottom = 65536;
  expect_refused(m, s.cmd, "padding 65536 along h is outside [0, 65535]");
  s = small_conv(m);  // a kernel larger than the padded input
  s.cmd.conv.kernel_w = 7;
  s.cmd.conv.pad_left = s.cmd.conv.pad_right = 1;
  expect_refused(m, s.cmd, "extent");
  s = small_conv(m);
  s.cmd.conv.weight.address += 2;  // 4-byte alignment
  expect_refused(m, s.cmd, "multiple of 4");

  PoolSetup p = setup_pool(m, BdcOp::MaxPool2d, Dim4{1, 3, 4, 4}, 2, 2, 0, 0, 0, 0, 2, 2,
                           m.address(0, 0), m.address(0, 0x1000));
  EXPECT_NO_THROW(check_nn(m.chip, p.cmd));
  p.cmd.conv.dilation_w = 2;
  expect_refused(m, p.cmd, "dilation");
}

TEST(BdcNnRefusals, OperandRules) {
  Machine m(bm1684());
  ConvSetup s = small_conv(m);
  s.cmd.dst.dtype = DType::INT32;
  expect_refused(m, s.cmd, "fp32");
  s = small_conv(m);
  s.cmd.src[0] = Source::constant(0);
  expect_refused(m, s.cmd, "tensor");
  s = small_conv(m);
  s.cmd.op = BdcOp::Depthwise2d;
  s.cmd.api = "okk_bdc_depthwise2d";
  s.cmd.conv.result_add = true;
  expect_refused(m, s.cmd, "result_add");

  BdcCommand mm;
  mm.op = BdcOp::MatMul;
  mm.api = "okk_bdc_matmul";
  mm.mm.left_rows = 2;
  mm.mm.left_cols = 4;
  mm.mm.right_cols = 4;
  mm.mm.left_cols_per_channel = 0;
  mm.mm.right_cols_per_channel = 2;
  expect_refused(m, mm, "left_cols_per_channel");

  BdcCommand add;
  add.op = BdcOp::Add;
  add.api = "okk_bdc_add";
  EXPECT_THROW(check_nn(m.chip, add), IllegalCommand);
}

}  // namespace
}  // namespace acosim::sophon

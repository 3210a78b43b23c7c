// BDC element-wise operations on fp32 and 32-bit words. Numerics
// (docs/sophon.md, "BDC numerics"):
//  - add, sub, mul, div, max, min, mac, reciprocal, sqrt, rsqrt are IEEE-754
//    single precision, round to nearest even, as the host's float;
//  - max / min of a NaN return the other operand (fmaxf / fminf);
//  - exp, sigmoid, tanh are the C library's expf / tanhf (the chip computes
//    them with a lookup table and a series; OKKernel documents only the
//    result, so acosim gives the correctly rounded value or within 1 ulp);
//  - taylor_exp and the _tunable forms with n terms reduce the argument
//    first, x = k ln2 + r with k = round(x / ln2) and |r| <= ln2 / 2, and
//    return 2^k * sum_{i<n} r^i / i!, the series evaluated term by term
//    (t_0 = 1, t_i = t_{i-1} r / i) in fp32. A series on x itself could not
//    give what OKKernel's contest kernels got from the chip (3 to 9 terms
//    on inputs in [-5, 5], checked to 1e-3); the reduced one does;
//  - fp32 -> int32 rounds half to even and saturates to [INT32_MIN, INT32_MAX],
//    NaN gives 0;
//  - shifts take the shift count from src1 as a signed int32: positive
//    shifts left, negative right (arithmetic: copies the sign bit; logical:
//    shifts in zeros); counts of 32 or more give 0 (or -1 for a negative
//    value shifted right arithmetically).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "systemc/sophon/bdc_kernels.h"
#include "systemc/sophon/command_check.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

int bdc_source_count(BdcOp op) {
  switch (op) {
    case BdcOp::GreaterSelect: case BdcOp::EqualSelect: return 4;
    case BdcOp::ScaleBias: return 3;
    case BdcOp::Add: case BdcOp::Sub: case BdcOp::Mul: case BdcOp::Div: case BdcOp::Max:
    case BdcOp::Min: case BdcOp::Mac: case BdcOp::And: case BdcOp::Or: case BdcOp::Xor:
    case BdcOp::ArithmeticShift: case BdcOp::LogicalShift: case BdcOp::Bias: case BdcOp::Scale:
      return 2;
    case BdcOp::FixedAdd: case BdcOp::FixedSub: case BdcOp::FixedMul: case BdcOp::FixedMac:
    case BdcOp::FixedMax: case BdcOp::FixedMin:
      return 2;
    case BdcOp::Fill: return 0;
    default: return 1;
  }
}

namespace {

bool per_channel(BdcOp op, int index) {
  return (op == BdcOp::Bias || op == BdcOp::Scale || op == BdcOp::ScaleBias) && index >= 1;
}

// Cycles per EU step: 1 for the simple ops, more for those the chip
// computes by iteration (divide, square roots, transcendental functions).
uint64_t steps_per_element(BdcOp op, int32_t terms) {
  switch (op) {
    case BdcOp::Div: case BdcOp::Reciprocal: case BdcOp::Sqrt: case BdcOp::Rsqrt: return 4;
    case BdcOp::Exp: case BdcOp::Sigmoid: case BdcOp::Tanh:
      return terms > 0 ? 2 * static_cast<uint64_t>(terms) + 4 : 8;
    case BdcOp::TaylorExp: return 2 * static_cast<uint64_t>(terms > 0 ? terms : 1);
    default: return 1;
  }
}

float as_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint32_t as_bits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

uint32_t shift(uint32_t value, int32_t count, bool arithmetic) {
  if (count >= 32) return 0;
  if (count >= 0) return value << count;
  const int32_t right = -count;
  if (arithmetic) {
    const auto v = static_cast<int32_t>(value);
    if (right >= 32) return v < 0 ? 0xffffffffu : 0u;
    return static_cast<uint32_t>(v >> right);
  }
  return right >= 32 ? 0u : value >> right;
}

uint32_t fp32_to_int32(float x) {
  if (std::isnan(x)) return 0;
  if (x >= 2147483648.0f) return 0x7fffffffu;
  if (x < -2147483648.0f) return 0x80000000u;
  return static_cast<uint32_t>(static_cast<int32_t>(std::nearbyint(x)));
}

float taylor_exp(float x, int32_t terms) {
  if (std::isnan(x)) return x;
  constexpr float kLn2 = 0.693147180559945309f;
  const float k = std::nearbyint(x / kLn2);
  if (k > 128.0f) return std::numeric_limits<float>::infinity();
  if (k < -150.0f) return 0.0f;
  const float r = x - k * kLn2;
  float sum = 0.0f, term = 1.0f;
  for (int32_t i = 0; i < terms; ++i) {
    sum += term;
    term = term * r / static_cast<float>(i + 1);
  }
  return std::ldexp(sum, static_cast<int>(k));
}

// exp, sigmoid, tanh: exact with no series length, else through the series.
float exp_of(float x, int32_t terms) { return terms > 0 ? taylor_exp(x, terms) : std::exp(x); }

// One element: the sources' 32-bit words in, the result's word out.
uint32_t compute(const BdcCommand& c, const uint32_t* s, uint32_t old) {
  const float a = as_float(s[0]), b = as_float(s[1]);
  switch (c.op) {
    case BdcOp::Add: return as_bits(a + b);
    case BdcOp::Sub: return as_bits(a - b);
    case BdcOp::Mul: return as_bits(a * b);
    case BdcOp::Div: return as_bits(a / b);
    case BdcOp::Max: return as_bits(std::fmax(a, b));
    case BdcOp::Min: return as_bits(std::fmin(a, b));
    case BdcOp::Mac: return as_bits(as_float(old) + a * b);
    case BdcOp::And: return s[0] & s[1];
    case BdcOp::Or: return s[0] | s[1];
    case BdcOp::Xor: return s[0] ^ s[1];
    case BdcOp::ArithmeticShift: return shift(s[0], static_cast<int32_t>(s[1]), true);
    case BdcOp::LogicalShift: return shift(s[0], static_cast<int32_t>(s[1]), false);
    case BdcOp::GreaterSelect: return a > b ? s[2] : s[3];
    case BdcOp::EqualSelect: return a == b ? s[2] : s[3];
    case BdcOp::Copy: return s[0];
    case BdcOp::Fill: return c.src[0].scalar;
    case BdcOp::Relu: return as_bits(a > 0.0f ? a : 0.0f);
    case BdcOp::Neg: return s[0] ^ 0x80000000u;
    case BdcOp::Abs: return s[0] & 0x7fffffffu;
    case BdcOp::Reciprocal: return as_bits(1.0f / a);
    case BdcOp::Sqrt: return as_bits(std::sqrt(a));
    case BdcOp::Rsqrt: return as_bits(1.0f / std::sqrt(a));
    case BdcOp::Fp32ToInt32: return fp32_to_int32(a);
    case BdcOp::Int32ToFp32: return as_bits(static_cast<float>(static_cast<int32_t>(s[0])));
    case BdcOp::TaylorExp: return as_bits(taylor_exp(a, c.param[0]));
    case BdcOp::Exp: return as_bits(exp_of(a, c.param[0]));
    case BdcOp::Sigmoid: return as_bits(1.0f / (1.0f + exp_of(-a, c.param[0])));
    case BdcOp::Tanh:
      if (c.param[0] == 0) return as_bits(std::tanh(a));
      return as_bits(1.0f - 2.0f / (exp_of(2.0f * a, c.param[0]) + 1.0f));
    case BdcOp::Bias: return as_bits(a + b);
    case BdcOp::Scale: return as_bits(a * b);
    case BdcOp::ScaleBias: return as_bits(a * b + as_float(s[2]));
    default: return 0;
  }
}

}  // namespace

void check_elementwise(const Chip& chip, const BdcCommand& c) {
  check_shape(c.api, "shape", c.shape, static_cast<int>(chip.max_bdc_c));
  const uint32_t npu = check_local(chip, c.api, "dst", c.dst, c.shape);
  if (dtype_bytes(c.dst.dtype) != 4) refuse(c.api, "dst must be a 32-bit tensor");
  const bool series = c.op == BdcOp::TaylorExp ||
                      ((c.op == BdcOp::Exp || c.op == BdcOp::Sigmoid || c.op == BdcOp::Tanh) &&
                       c.param[0] != 0);
  if (series && (c.param[0] < 1 || c.param[0] > 64)) {
    refuse(c.api, "num_series " + std::to_string(c.param[0]) + " is outside [1, 64]");
  }
  static const char* const roles[4] = {"src0", "src1", "src2", "src3"};
  for (int i = 0; i < bdc_source_count(c.op); ++i) {
    const Source& s = c.src[i];
    if (s.kind == Source::Kind::Scalar) continue;
    if (dtype_bytes(s.tensor.dtype) != 4) refuse(c.api, std::string(roles[i]) + " must be 32-bit");
    const Dim4 shape = per_channel(c.op, i) ? Dim4{1, c.shape.c, 1, 1}
                       : s.kind == Source::Kind::Vector
                           ? Dim4{1, std::min<int32_t>(c.shape.c, int32_t(chip.npu_num)), 1, 1}
                           : c.shape;
    const uint32_t source_npu = check_local(chip, c.api, roles[i], s.tensor, shape);
    check_same_npu(c.api, "dst", npu, roles[i], source_npu);
  }
}

uint64_t run_elementwise(const BdcContext& x, const BdcCommand& c) {
  const int count = bdc_source_count(c.op);
  const LocalGeometry dst(x.chip, c.dst);
  LocalGeometry src[4] = {dst, dst, dst, dst};
  for (int i = 0; i < count; ++i) {
    if (c.src[i].kind != Source::Kind::Scalar) src[i] = LocalGeometry(x.chip, c.src[i].tensor);
  }
  uint32_t in[4] = {0, 0, 0, 0};
  for (int i = 0; i < count; ++i) in[i] = c.src[i].scalar;
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      // Per-channel and per-lane sources hold one value for the whole plane.
      for (int i = 0; i < count; ++i) {
        if (per_channel(c.op, i)) {
          std::memcpy(&in[i], x.local + src[i].byte(0, ch, 0, 0), 4);
        } else if (c.src[i].kind == Source::Kind::Vector) {
          std::memcpy(&in[i], x.local + src[i].byte(0, ch % x.chip.npu_num, 0, 0), 4);
        }
      }
      for (int64_t h = 0; h < c.shape.h; ++h) {
        uint8_t* out = x.local + dst.byte(n, ch, h, 0);
        const int64_t out_step = dst.w_step();
        const uint8_t* row[4] = {nullptr, nullptr, nullptr, nullptr};
        int64_t step[4] = {0, 0, 0, 0};
        for (int i = 0; i < count; ++i) {
          if (c.src[i].kind == Source::Kind::Tensor && !per_channel(c.op, i)) {
            row[i] = x.local + src[i].byte(n, ch, h, 0);
            step[i] = src[i].w_step();
          }
        }
        for (int64_t w = 0; w < c.shape.w; ++w) {
          for (int i = 0; i < count; ++i) {
            if (row[i] != nullptr) std::memcpy(&in[i], row[i] + w * step[i], 4);
          }
          uint32_t old = 0;
          if (c.op == BdcOp::Mac) std::memcpy(&old, out + w * out_step, 4);
          const uint32_t result = compute(c, in, old);
          std::memcpy(out + w * out_step, &result, 4);
        }
      }
    }
  }
  const uint64_t per_npu = uint64_t(c.shape.n) *
                           channels_per_npu(x.chip, int(c.dst.address / x.chip.local_mem_bytes),
                                            c.shape.c) *
                           c.shape.h * c.shape.w;
  const uint64_t eu = x.chip.eu_num(4);
  return (per_npu + eu - 1) / eu * steps_per_element(c.op, c.param[0]);
}

}  // namespace acosim::sophon

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
//    value shifted right arithmetically);
//  - select compares fp32 values (IEEE: NaN compares false);
//  - polynomial (tpu_bdc_fp_taylor) sums c_i x^i term by term, i ascending,
//    x^i formed by repeated multiplication, each lane reading the
//    coefficients in its own local memory;
//  - cast converts through the exact value: to an integer type it rounds
//    by the command's rounding mode and saturates (NaN gives 0); to fp32,
//    fp16 and bf16 it rounds to nearest even (fp16 overflow gives infinity).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "systemc/sophon/bdc_kernels.h"
#include "systemc/sophon/command_check.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

BdcFamily bdc_family(BdcOp op) {
  switch (op) {
    case BdcOp::FixedAdd: case BdcOp::FixedSub: case BdcOp::FixedMul: case BdcOp::FixedMac:
    case BdcOp::FixedMax: case BdcOp::FixedMin: case BdcOp::Int8ToFp32:
    case BdcOp::Fixed16ArithmeticShift: case BdcOp::Fixed16LogicalShift:
      return BdcFamily::FixedPoint;
    case BdcOp::Conv2d: case BdcOp::Depthwise2d: case BdcOp::AvgPool2d:
    case BdcOp::MaxPool2d: case BdcOp::MatMul:
      return BdcFamily::NeuralNetwork;
    default:
      return BdcFamily::Elementwise;
  }
}

int bdc_source_count(BdcOp op) {
  switch (op) {
    case BdcOp::GreaterSelect: case BdcOp::EqualSelect: case BdcOp::LessSelect: return 4;
    case BdcOp::Polynomial: return 2;
    case BdcOp::ScaleBias: return 3;
    case BdcOp::Add: case BdcOp::Sub: case BdcOp::Mul: case BdcOp::Div: case BdcOp::Max:
    case BdcOp::Min: case BdcOp::Mac: case BdcOp::And: case BdcOp::Or: case BdcOp::Xor:
    case BdcOp::ArithmeticShift: case BdcOp::LogicalShift: case BdcOp::Bias: case BdcOp::Scale:
      return 2;
    case BdcOp::FixedAdd: case BdcOp::FixedSub: case BdcOp::FixedMul: case BdcOp::FixedMac:
    case BdcOp::FixedMax: case BdcOp::FixedMin: case BdcOp::Fixed16ArithmeticShift:
    case BdcOp::Fixed16LogicalShift:
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
    case BdcOp::LessSelect: return a < b ? s[2] : s[3];
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

// ---- cast ----------------------------------------------------------------

float half_to_float(uint16_t h) {
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  const float sign = (h & 0x8000) ? -1.0f : 1.0f;
  if (exponent == 0) return sign * std::ldexp(static_cast<float>(mantissa), -24);
  if (exponent == 31) {
    return mantissa ? std::numeric_limits<float>::quiet_NaN()
                    : sign * std::numeric_limits<float>::infinity();
  }
  return sign * std::ldexp(static_cast<float>(mantissa + 1024), exponent - 25);
}

// Round to nearest even through the exact value: fp16 has 11 significant
// bits, subnormals below 2^-14, overflow to infinity.
uint16_t float_to_half(double f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::isnan(f)) return 0x7e00;
  double a = std::fabs(f);
  if (a >= 65520.0) return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14)) {
    const double units = std::nearbyint(a / std::ldexp(1.0, -24));  // subnormal steps
    return sign | static_cast<uint16_t>(units);
  }
  int exponent;
  const double m = std::frexp(a, &exponent);  // a = m 2^e, m in [0.5, 1)
  double significand = std::nearbyint(m * 2048.0);  // 11 bits
  if (significand == 2048.0) {
    significand = 1024.0;
    ++exponent;
  }
  const int biased = exponent - 1 + 15;
  if (biased >= 31) return sign | 0x7c00;
  return sign | static_cast<uint16_t>(biased << 10) | static_cast<uint16_t>(significand - 1024.0);
}

// bf16 is fp32's top half: 8 significant bits, fp32's exponent range.
// Rounded to nearest even from the exact value (an int32 source is not
// rounded to fp32 first).
uint16_t float_to_bf16(double f) {
  if (std::isnan(f)) return 0x7fc0;
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double a = std::fabs(f);
  if (a == 0.0) return sign;
  int exponent;
  const double m = std::frexp(a, &exponent);  // a = m 2^e, m in [0.5, 1)
  if (exponent - 1 < -126) {  // subnormal: steps of 2^-133
    return sign | static_cast<uint16_t>(std::nearbyint(a / std::ldexp(1.0, -133)));
  }
  double significand = std::nearbyint(m * 256.0);  // 8 bits
  if (significand == 256.0) {
    significand = 128.0;
    ++exponent;
  }
  const int biased = exponent - 1 + 127;
  if (biased >= 255) return sign | 0x7f80;
  return sign | static_cast<uint16_t>(biased << 7) | static_cast<uint16_t>(significand - 128.0);
}

double load_value(const uint8_t* p, DType t) {
  switch (t) {
    case DType::FP32: { float f; std::memcpy(&f, p, 4); return f; }
    case DType::INT32: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case DType::UINT32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    case DType::INT16: { int16_t v; std::memcpy(&v, p, 2); return v; }
    case DType::UINT16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
    case DType::INT8: return static_cast<int8_t>(*p);
    case DType::UINT8: return *p;
    case DType::FP16: { uint16_t h; std::memcpy(&h, p, 2); return half_to_float(h); }
    case DType::BF16: { uint16_t h; std::memcpy(&h, p, 2); return as_float(uint32_t{h} << 16); }
  }
  return 0.0;
}

double round_by(double v, Rounding mode) {
  switch (mode) {
    case Rounding::HalfToEven: return std::nearbyint(v);  // default FE_TONEAREST
    case Rounding::HalfAwayFromZero: return std::round(v);
    case Rounding::TowardsZero: return std::trunc(v);
    case Rounding::Down: return std::floor(v);
    case Rounding::Up: return std::ceil(v);
    case Rounding::HalfUp: return std::floor(v + 0.5);
    case Rounding::HalfDown: return std::ceil(v - 0.5);
  }
  return v;
}

void store_value(uint8_t* p, DType t, double v, Rounding mode) {
  const auto integer = [&](double lo, double hi) {
    if (std::isnan(v)) return 0.0;
    const double r = round_by(v, mode);
    return r < lo ? lo : (r > hi ? hi : r);
  };
  switch (t) {
    case DType::FP32: { const float f = static_cast<float>(v); std::memcpy(p, &f, 4); return; }
    case DType::FP16: { const uint16_t h = float_to_half(v); std::memcpy(p, &h, 2); return; }
    case DType::BF16: { const uint16_t h = float_to_bf16(v); std::memcpy(p, &h, 2); return; }
    case DType::INT32: { const auto i = static_cast<int32_t>(integer(-2147483648.0, 2147483647.0)); std::memcpy(p, &i, 4); return; }
    case DType::UINT32: { const auto i = static_cast<uint32_t>(integer(0.0, 4294967295.0)); std::memcpy(p, &i, 4); return; }
    case DType::INT16: { const auto i = static_cast<int16_t>(integer(-32768.0, 32767.0)); std::memcpy(p, &i, 2); return; }
    case DType::UINT16: { const auto i = static_cast<uint16_t>(integer(0.0, 65535.0)); std::memcpy(p, &i, 2); return; }
    case DType::INT8: *p = static_cast<uint8_t>(static_cast<int8_t>(integer(-128.0, 127.0))); return;
    case DType::UINT8: *p = static_cast<uint8_t>(integer(0.0, 255.0)); return;
  }
}

uint64_t elements_per_npu(const Chip& chip, const BdcCommand& c) {
  return uint64_t(c.shape.n) *
         channels_per_npu(chip, int(c.dst.address / chip.local_mem_bytes), c.shape.c) *
         c.shape.h * c.shape.w;
}

uint64_t run_cast(const BdcContext& x, const BdcCommand& c) {
  const LocalGeometry dst(x.chip, c.dst), src(x.chip, c.src[0].tensor);
  const auto mode = static_cast<Rounding>(c.param[0]);
  // The same type on both sides is a copy of the bits (NaN payloads kept).
  const bool copy = c.dst.dtype == c.src[0].tensor.dtype;
  const uint32_t size = dtype_bytes(c.dst.dtype);
  for (int64_t n = 0; n < c.shape.n; ++n)
    for (int64_t ch = 0; ch < c.shape.c; ++ch)
      for (int64_t h = 0; h < c.shape.h; ++h)
        for (int64_t w = 0; w < c.shape.w; ++w) {
          if (copy) {
            std::memmove(x.local + dst.byte(n, ch, h, w), x.local + src.byte(n, ch, h, w), size);
            continue;
          }
          const double v = load_value(x.local + src.byte(n, ch, h, w), c.src[0].tensor.dtype);
          store_value(x.local + dst.byte(n, ch, h, w), c.dst.dtype, v, mode);
        }
  const uint64_t eu = x.chip.eu_num(std::max(dtype_bytes(c.dst.dtype), dtype_bytes(c.src[0].tensor.dtype)));
  return (elements_per_npu(x.chip, c) + eu - 1) / eu;
}

uint64_t run_polynomial(const BdcContext& x, const BdcCommand& c) {
  const LocalGeometry dst(x.chip, c.dst), src(x.chip, c.src[0].tensor);
  const uint64_t S = x.chip.local_mem_bytes;
  const uint64_t q = c.dst.address / S, coeff_offset = c.src[1].tensor.address % S;
  std::vector<float> coeff(static_cast<size_t>(c.param[0]));
  for (int64_t ch = 0; ch < c.shape.c; ++ch) {
    const uint64_t npu = (q + uint64_t(ch)) % x.chip.npu_num;
    std::memcpy(coeff.data(), x.local + npu * S + coeff_offset, coeff.size() * 4);
    for (int64_t n = 0; n < c.shape.n; ++n)
      for (int64_t h = 0; h < c.shape.h; ++h)
        for (int64_t w = 0; w < c.shape.w; ++w) {
          float v;
          std::memcpy(&v, x.local + src.byte(n, ch, h, w), 4);
          float sum = 0.0f, power = 1.0f;
          for (float k : coeff) {
            sum += k * power;
            power *= v;
          }
          std::memcpy(x.local + dst.byte(n, ch, h, w), &sum, 4);
        }
  }
  const uint64_t eu = x.chip.eu_num(4);
  return (elements_per_npu(x.chip, c) + eu - 1) / eu * 2 * uint64_t(c.param[0]);
}

// The common case at the speed of a plain loop: fp32 add, sub, mul, div,
// relu and copy with every tensor's rows contiguous. Same arithmetic as
// compute(), one element after another in the same order.
template <typename Op>
void row(float* out, const float* a, float a_value, const float* b, float b_value, int64_t n,
         Op op) {
  if (a != nullptr && b != nullptr) {
    for (int64_t i = 0; i < n; ++i) out[i] = op(a[i], b[i]);
  } else if (a != nullptr) {
    for (int64_t i = 0; i < n; ++i) out[i] = op(a[i], b_value);
  } else if (b != nullptr) {
    for (int64_t i = 0; i < n; ++i) out[i] = op(a_value, b[i]);
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = op(a_value, b_value);
  }
}

bool contiguous_fast_path(const BdcContext& x, const BdcCommand& c) {
  switch (c.op) {
    case BdcOp::Add: case BdcOp::Sub: case BdcOp::Mul: case BdcOp::Div: case BdcOp::Relu:
    case BdcOp::Copy: break;
    default: return false;
  }
  const int count = bdc_source_count(c.op);
  const LocalGeometry dst(x.chip, c.dst);
  if (dst.w_step() != 4 || dst.pack != 1) return false;
  for (int i = 0; i < count; ++i) {
    if (c.src[i].kind == Source::Kind::Vector) return false;
    if (c.src[i].kind == Source::Kind::Tensor) {
      const LocalGeometry g(x.chip, c.src[i].tensor);
      if (g.w_step() != 4 || g.pack != 1) return false;
    }
  }
  const LocalGeometry a(x.chip, c.src[0].kind == Source::Kind::Tensor ? c.src[0].tensor : c.dst);
  const LocalGeometry b(x.chip, count > 1 && c.src[1].kind == Source::Kind::Tensor ? c.src[1].tensor : c.dst);
  const float a_value = as_float(c.src[0].scalar), b_value = as_float(c.src[1].scalar);
  const bool a_tensor = c.src[0].kind == Source::Kind::Tensor;
  const bool b_tensor = count > 1 && c.src[1].kind == Source::Kind::Tensor;
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      for (int64_t h = 0; h < c.shape.h; ++h) {
        auto* out = reinterpret_cast<float*>(x.local + dst.byte(n, ch, h, 0));
        const float* pa = a_tensor ? reinterpret_cast<const float*>(x.local + a.byte(n, ch, h, 0)) : nullptr;
        const float* pb = b_tensor ? reinterpret_cast<const float*>(x.local + b.byte(n, ch, h, 0)) : nullptr;
        const int64_t w = c.shape.w;
        switch (c.op) {
          case BdcOp::Add: row(out, pa, a_value, pb, b_value, w, [](float p, float q) { return p + q; }); break;
          case BdcOp::Sub: row(out, pa, a_value, pb, b_value, w, [](float p, float q) { return p - q; }); break;
          case BdcOp::Mul: row(out, pa, a_value, pb, b_value, w, [](float p, float q) { return p * q; }); break;
          case BdcOp::Div: row(out, pa, a_value, pb, b_value, w, [](float p, float q) { return p / q; }); break;
          case BdcOp::Relu: row(out, pa, a_value, nullptr, 0.0f, w, [](float p, float) { return p > 0.0f ? p : 0.0f; }); break;
          default: row(out, pa, a_value, nullptr, 0.0f, w, [](float p, float) { return p; }); break;
        }
      }
    }
  }
  return true;
}

}  // namespace

void check_elementwise(const Chip& chip, const BdcCommand& c) {
  check_shape(c.api, "shape", c.shape, static_cast<int>(chip.max_bdc_c));
  const uint32_t npu = check_local(chip, c.api, "dst", c.dst, c.shape);
  if (c.op == BdcOp::Cast) {
    if (c.src[0].kind != Source::Kind::Tensor) refuse(c.api, "src must be a tensor");
    check_same_npu(c.api, "dst", npu, "src",
                   check_local(chip, c.api, "src", c.src[0].tensor, c.shape));
    if (c.param[0] < 0 || c.param[0] > 6) {
      refuse(c.api, "rounding mode " + std::to_string(c.param[0]) + " is outside [0, 6]");
    }
    return;
  }
  if (c.op == BdcOp::Polynomial) {
    if (c.param[0] < 1 || c.param[0] > 64) {
      refuse(c.api, "num " + std::to_string(c.param[0]) + " is outside [1, 64]");
    }
    const Tensor& coeff = c.src[1].tensor;
    check_local(chip, c.api, "coeff", Tensor{Space::Local, coeff.address, Dim4{1, 1, 1, 1}, DType::FP32},
                Dim4{1, std::min<int32_t>(c.shape.c, int32_t(chip.npu_num)), 1, c.param[0]});
  }
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
    if (c.op == BdcOp::Polynomial && i == 1) continue;  // checked above
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
  if (c.op == BdcOp::Cast) return run_cast(x, c);
  if (c.op == BdcOp::Polynomial) return run_polynomial(x, c);
  if (contiguous_fast_path(x, c)) {
    return (elements_per_npu(x.chip, c) + x.chip.eu_num(4) - 1) / x.chip.eu_num(4) *
           steps_per_element(c.op, c.param[0]);
  }
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

// Fast paths of float16.h's exact functions, for hot loops (CDP's FP16
// cube). Each returns what the exact function named returns, for every
// input: the common case (operands and result in the normal range) is
// computed with native float arithmetic, everything else (zeros where the
// exact rules differ from IEEE, subnormals, results at or beyond the ends of
// the normal range, Inf and NaN) takes the exact function. Why native
// arithmetic agrees there: IEEE 754 float/double add and multiply in the
// default rounding mode round to nearest, ties to even - the HLS library's
// rounding. Only normal operands reach native arithmetic, and a result
// outside the normal range (a flushed one included, which is +-0) fails the
// normal-range test and takes the exact path. That needs IEEE arithmetic
// evaluated in the operand's own type: no -ffast-math, no excess precision
// (FLT_EVAL_METHOD 0), and no contraction of a multiply and an add, which
// these functions never pair. The checks below stop a build that breaks
// the first two. test_cdp_fp16_fast.cpp compares each with its exact
// function.
#pragma once

#include <cfloat>
#include <cstdint>
#include <cstring>

#include "systemc/nvdla/float16.h"

#if defined(__FAST_MATH__)
#error "float16_fast.h needs IEEE float arithmetic: compile without -ffast-math"
#endif
#if FLT_EVAL_METHOD != 0
#error "float16_fast.h needs float and double evaluated in their own precision (FLT_EVAL_METHOD 0)"
#endif

namespace acosim::nvdla {

namespace fast_float_detail {

inline float as_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
inline uint32_t float_bits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}
inline double as_double(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}
inline uint64_t double_bits(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}
// Exponent field 1 .. 254 (fp32) / 1 .. 62 (FP17): a normal finite number.
inline bool fp32_normal(uint32_t bits) { return ((bits >> 23) & 0xFFu) - 1u < 254u; }
inline bool fp17_normal(uint32_t bits) { return ((bits >> 10) & 0x3Fu) - 1u < 62u; }
inline bool fp32_zero(uint32_t bits) { return (bits & 0x7FFFFFFFu) == 0; }
inline bool fp17_zero(uint32_t bits) { return (bits & 0xFFFFu) == 0; }
// The fp32 pattern of a normal FP17 (exact: sdp_fp17_to_fp32's normal case).
inline uint32_t fp17_normal_to_fp32(uint32_t bits) {
  return ((bits & 0x10000u) << 15) | ((((bits >> 10) & 0x3Fu) + 96u) << 23) | ((bits & 0x3FFu) << 13);
}
// The finite fp32 pattern `bits` rounded to an 11-bit significand, ties to
// even (adding 0xFFF plus the kept lsb carries exactly when the 13 dropped
// bits exceed half, or equal it with an odd lsb; a carry out of the
// mantissa raises the exponent), as FP17 in `out` when the FP17 exponent
// field lands in 1 .. 62; false otherwise.
inline bool fp32_round_to_fp17(uint32_t bits, uint32_t& out) {
  const uint32_t rounded = (bits & 0x7FFFFFFFu) + 0xFFFu + ((bits >> 13) & 1u);
  const uint32_t exponent = (rounded >> 23) - 96u;  // wraps for fields below 96
  if (exponent - 1u >= 62u) return false;
  out = ((bits >> 31) << 16) | (exponent << 10) | ((rounded >> 13) & 0x3FFu);
  return true;
}

}  // namespace fast_float_detail

// sdp_fp32_add. Both operands normal: the float sum is the exact sum
// rounded ties to even, which FpAdd gives for a sum in the normal range (its
// dropped alignment bits never change a round-to-nearest result). Both
// operands are multiples of 2^-149, so a sum below 2^-126 is exact in
// IEEE (a subnormal or zero: exponent field 0) and goes to the exact
// function, as do an exact zero (FpAdd's sign rule differs from IEEE's) and
// an overflow (Inf: exponent field 255). A zero b beside a normal or zero a
// gives a (FpAdd: the larger field's sign, a's on a tie, and an exact
// sum), a zero a beside a normal b gives b.
inline uint32_t sdp_fp32_add_fast(uint32_t a, uint32_t b) {
  using namespace fast_float_detail;
  if (fp32_normal(a) && fp32_normal(b)) {
    const uint32_t r = float_bits(as_float(a) + as_float(b));
    if (fp32_normal(r)) return r;
  } else if (fp32_zero(b) && (fp32_normal(a) || fp32_zero(a))) {
    return a;
  } else if (fp32_zero(a) && fp32_normal(b)) {
    return b;
  }
  return sdp_fp32_add(a, b);
}

// nvdla_fp32_sub through sdp_fp32_add_fast.
inline uint32_t nvdla_fp32_sub_fast(uint32_t a, uint32_t b) { return sdp_fp32_add_fast(a, b ^ 0x80000000u); }

// sdp_fp32_mul. Both operands normal and the float product's exponent
// field 2 .. 254: the product is then at least 2^-125 rounded, so exactly
// above 2^-126, in the range where FpMul rounds the exact product ties to
// even to 24 bits as IEEE does (and its exponent sum is at least the bias);
// below that (where IEEE's subnormal rounding and FpMul's flush differ) and
// at Inf the exact function runs.
inline uint32_t sdp_fp32_mul_fast(uint32_t a, uint32_t b) {
  using namespace fast_float_detail;
  if (fp32_normal(a) && fp32_normal(b)) {
    const uint32_t r = float_bits(as_float(a) * as_float(b));
    if (((r >> 23) & 0xFFu) - 2u < 253u) return r;
  }
  return sdp_fp32_mul(a, b);
}

// sdp_fp17_mul. Both operands normal: the float product of the two 11-bit
// significands is exact (22 bits, 2^-60 .. 2^64: inside fp32's normal
// range), and fp32_round_to_fp17 rounds it ties to even as FpMul<6,10>
// does; FpMul's exponent checks only bite where the rounded exponent field
// leaves 1 .. 62 (a product below 2^-30 never rounds up past 2^-30 - 2^-41
// when the exponent sum is below the bias), and those take the exact
// function. A zero operand beside a non-NaN one gives a zero of sign a^b.
inline uint32_t sdp_fp17_mul_fast(uint32_t a, uint32_t b) {
  using namespace fast_float_detail;
  a &= 0x1FFFFu;
  b &= 0x1FFFFu;
  if (fp17_normal(a) && fp17_normal(b)) {
    const float p = as_float(fp17_normal_to_fp32(a)) * as_float(fp17_normal_to_fp32(b));
    uint32_t out;
    if (fp32_round_to_fp17(float_bits(p), out)) return out;
  } else if ((fp17_zero(a) && (fp17_normal(b) || fp17_zero(b))) || (fp17_zero(b) && fp17_normal(a))) {
    return (a ^ b) & 0x10000u;
  }
  return sdp_fp17_mul(a, b);
}

// sdp_fp17_add. Both operands normal: the double sum rounded ties to even
// to 11 bits. It is the exact sum rounded once: when the exact sum needs
// more than 53 bits the exponents differ by more than 41, the sum is the
// larger operand L (11 bits) plus or minus less than 2^-40 L, and both it
// and its double rounding round to L at 11 bits (no 11-bit halfway point
// lies that close to L). Operands are multiples of 2^-40, so a sum below
// 2^-30 (FpAdd flushes it) has at most 10 significant bits and stays below
// 2^-30; it, an exact zero and an overflow leave the exponent range and
// take the exact function. Zeros as for sdp_fp32_add_fast.
inline uint32_t sdp_fp17_add_fast(uint32_t a, uint32_t b) {
  using namespace fast_float_detail;
  a &= 0x1FFFFu;
  b &= 0x1FFFFu;
  if (fp17_normal(a) && fp17_normal(b)) {
    auto to_double = [](uint32_t v) {
      return as_double((uint64_t(v & 0x10000u) << 47) | (uint64_t(((v >> 10) & 0x3Fu) + 992u) << 52) |
                       (uint64_t(v & 0x3FFu) << 42));
    };
    const uint64_t s = double_bits(to_double(a) + to_double(b));
    const uint64_t rounded = (s & 0x7FFFFFFFFFFFFFFFu) + ((uint64_t(1) << 41) - 1) + ((s >> 42) & 1u);
    const uint64_t exponent = (rounded >> 52) - 992u;  // wraps for fields below 992
    if (exponent - 1u < 62u) return uint32_t(((s >> 63) << 16) | (exponent << 10) | ((rounded >> 42) & 0x3FFu));
  } else if (fp17_zero(b) && (fp17_normal(a) || fp17_zero(a))) {
    return a;
  } else if (fp17_zero(a) && fp17_normal(b)) {
    return b;
  }
  return sdp_fp17_add(a, b);
}

// sdp_fp32_to_fp17: for a finite fp32 whose rounding lands in FP17's
// normal range, the same ties-to-even rounding; magnitudes below 2^-41
// (exponent field below 86: zeros and subnormals too) are a zero of their
// sign; the rest takes the exact function.
inline uint32_t sdp_fp32_to_fp17_fast(uint32_t bits) {
  using namespace fast_float_detail;
  const uint32_t field = (bits >> 23) & 0xFFu;
  if (field < 86u) return (bits >> 31) << 16;
  uint32_t out;
  if (field != 0xFFu && fp32_round_to_fp17(bits, out)) return out;
  return sdp_fp32_to_fp17(bits);
}

// sdp_fraction_to_fp17(fraction << 19) for a 16-bit fraction (the
// interpolation's FpFractionToFloat<16,6,10>): fraction / 2^16 is exact in
// float; rounded to 11 bits ties to even its FP17 exponent field is 15 ..
// 31, always in range.
inline uint32_t fp16_fraction_to_fp17_fast(uint32_t fraction) {
  using namespace fast_float_detail;
  if (fraction == 0) return 0;
  uint32_t out = 0;
  fp32_round_to_fp17(float_bits(float(fraction) * 0x1p-16f), out);
  return out;
}

}  // namespace acosim::nvdla

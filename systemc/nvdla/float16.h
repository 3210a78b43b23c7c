// The two floating-point formats of the NVDLA PDP datapath, as bit patterns:
// FP16 (IEEE binary16: 1 sign, 5 exponent bits with bias 15, 10 mantissa
// bits) for feature data, and FP17 (1 sign, 6 exponent bits with bias 31,
// 10 mantissa bits; 1.0 = 0x7C00) for the PDP registers that hold floating
// values in FP16 mode (D_RECIP_KERNEL_WIDTH/HEIGHT, D_POOLING_PADDING_VALUE_n_CFG),
// after nvdla/hw cmod/hls/include/nvdla_float.h; and, below, the fp32 and
// FP17 arithmetic of SDP's FP16 datapath. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <cstring>

namespace acosim::nvdla {

inline bool fp16_is_nan(uint16_t bits) {
  return (bits & 0x7C00u) == 0x7C00u && (bits & 0x03FFu) != 0;
}
inline bool fp16_is_inf(uint16_t bits) { return (bits & 0x7FFFu) == 0x7C00u; }

// Exact value of an FP16 pattern (subnormals included; NaN gives a quiet NaN).
double fp16_to_double(uint16_t bits);
// Exact value of the low 17 bits of an FP17 pattern (exponent 63 = Inf/NaN).
double fp17_to_double(uint32_t bits);
// Nearest FP16 to `value`, ties to even, with subnormals; magnitudes that
// round beyond 65504 give +-Inf; NaN gives the quiet NaN 0x7E00 with the
// sign of `value`.
uint16_t double_to_fp16(double value);

// FP16 maximum/minimum of the PDP datapath (nvdla_float.h FpCmp): numbers
// compare by sign, then exponent, then mantissa, so -0 < +0; if `a` is a NaN
// the result is `a`, else if `b` is a NaN it is `b`. The argument order
// therefore decides which NaN payload survives.
uint16_t fp16_max(uint16_t a, uint16_t b);
uint16_t fp16_min(uint16_t a, uint16_t b);

// ---- SDP's FP16 datapath: fp32 bit patterns (1 sign, 8 exponent bits with
// bias 127, 23 mantissa bits) computed as NVDLA's nvdlav1 hardware does,
// bit for bit. The rules follow the C model the RTL was synthesised from
// (nvdla/hw nvdlav1 cmod/hls/include/nvdla_float.h) and the RTL's own input
// converter (vmod/nvdla/sdp/NV_NVDLA_SDP_MRDMA_EG_dout.v func_fp16_to_fp32).
// They differ from IEEE 754 where noted: no infinities are produced (every
// overflow, and every Inf operand, becomes the largest finite number of the
// format with the sign kept), fp32 results below 2^-126 are flushed to a
// zero of the result's sign, and a NaN keeps its payload bits rather than
// being quietened. "Ties to even" below means IEEE round to nearest even.

// FP16 -> fp32, exact: subnormals become normal fp32 numbers, +-0 stay
// +-0, +-Inf becomes +-0x7F7FFFFF (the largest fp32), a NaN keeps its sign
// and its 10 payload bits in mantissa bits [9:0] under exponent 255.
uint32_t sdp_fp16_to_fp32(uint16_t bits);

// fp32 -> FP16 (nvdla_float.h Fp32ToFp16 = FpWidthDec with subnormals):
// ties to even, subnormal results produced (rounded to the nearest multiple
// of 2^-24, ties to even), magnitudes below 2^-25 (exponent field < 102)
// become a signed zero, anything that rounds beyond 65504, and +-Inf,
// becomes +-65504 (0x7BFF / 0xFBFF); a NaN becomes sign | 0x7C00 | its
// mantissa bits [9:0] (so a NaN whose low 10 bits are zero turns into the
// Inf pattern, and NaNs from sdp_fp16_to_fp32 round-trip unchanged).
uint16_t sdp_fp32_to_fp16(uint32_t bits);

// fp32 a + b (nvdla_float.h FpAdd<8,23>): both significands aligned on a
// 49-bit grid (25 guard bits below the larger one; bits of the smaller one
// shifted beyond it are dropped, which never changes a round-to-nearest
// result), exact sum or difference, normalised, rounded ties to even.
// Results below 2^-126 flush to zero; a result that is exactly zero takes
// the sign of the operand with the larger magnitude field (a's when the
// fields are equal: 1 + -1 = +0 but -1 + 1 = -0). Overflow gives the
// largest finite value. An operand with exponent field 0 counts as zero
// only when its mantissa is 0 too (a subnormal keeps an implied 1). If a is
// a NaN the result is a, else if b is a NaN it is b.
uint32_t sdp_fp32_add(uint32_t a, uint32_t b);

// fp32 a * b (nvdla_float.h FpMul<8,23>): the exact 48-bit product of the
// significands rounded ties to even to 24 bits; a zero operand, or an
// exponent sum below the bias, gives a zero with sign a^b, as does any
// result below 2^-126 (flush to zero); overflow gives the largest finite
// value with sign a^b. NaN as for sdp_fp32_add (a's NaN first).
uint32_t sdp_fp32_mul(uint32_t a, uint32_t b);

// fp32 maximum / minimum (nvdla_float.h FpCmp<8,23>), as fp16_max/min: by
// sign, then exponent, then mantissa (-0 < +0); a NaN a wins, then a NaN b.
uint32_t sdp_fp32_max(uint32_t a, uint32_t b);
uint32_t sdp_fp32_min(uint32_t a, uint32_t b);

// ReLU on fp32 (nvdla_float.h FpRelu): a NaN or a value with the sign bit
// clear passes, everything else (negative numbers and -0) becomes +0.
uint32_t sdp_fp32_relu(uint32_t bits);

// A 17-bit signed integer (-65536..65535) -> FP16 (nvdla_float.h
// Int17ToFp16): ties to even; results beyond 65504 (|v| >= 65520, and
// -65536) become +-65504 (0x7BFF / 0xFBFF); 0 is +0.
uint16_t sdp_int17_to_fp16(int32_t value);

// FP16 -> signed 16-bit integer (nvdla_float.h Fp16ToInt16 = FpFloatToInt):
// the magnitude rounded to an integer half away from zero (0.5 -> 1,
// 2.5 -> 3), then clamped to 32767 (-32768 for negative values); -0 and
// subnormals give 0; +-Inf clamp; every NaN gives -32768.
int16_t sdp_fp16_to_int16(uint16_t bits);

// FP17 (the PDP's format above: 6 exponent bits, 10 mantissa bits, low 17
// bits of the word) as SDP's FP16 LUT interpolation uses it, with the rules
// of sdp_fp32_add / sdp_fp32_mul at that width (nvdla_float.h Fp17Add,
// Fp17Mul): ties to even, results below 2^-30 flushed to zero, overflow to
// the largest finite FP17, NaN a then NaN b.
uint32_t sdp_fp17_add(uint32_t a, uint32_t b);
uint32_t sdp_fp17_mul(uint32_t a, uint32_t b);
// FP16 -> FP17, exact (Fp16ToFp17): subnormals normalised, +-Inf -> the
// largest finite FP17, a NaN keeps its payload.
uint32_t sdp_fp16_to_fp17(uint16_t bits);
// FP17 -> fp32, exact (Fp17ToFp32): +-Inf -> the largest fp32, NaN payload kept.
uint32_t sdp_fp17_to_fp32(uint32_t bits);
// fp32 -> FP17 (Fp32ToFp17, no subnormals): ties to even; a result below
// 2^-30 is a zero of its sign unless it rounds up to 2^-30; beyond the
// range the largest finite FP17; NaN keeps its mantissa bits [9:0].
uint32_t sdp_fp32_to_fp17(uint32_t bits);
// A 35-bit binary fraction f (value f * 2^-35) as a positive FP17
// (FpFractionToFloat<35,6,10>): ties to even, 0 for f = 0 and for values
// below 2^-30.
uint32_t sdp_fraction_to_fp17(uint64_t fraction);

inline bool fp32_is_nan(uint32_t bits) { return (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu) != 0; }

// ---- CDP's FP16 datapath (nvdla/hw nvdlav1, cmod/hls/vlibs and
// cmod/hls/include/nvdla_float.h; the HLS blocks the RTL instantiates).

// fp32 a - b (nvdla_float.h FpSub<8,23>): b's sign bit is flipped (a NaN
// b's too), then sdp_fp32_add(a, -b) with all its rules.
uint32_t nvdla_fp32_sub(uint32_t a, uint32_t b);

// FP17 -> FP16 (nvdla_float.h Fp17ToFp16 = FpExpoWidthDec<6,5,10>, the
// FP16 branch of cmod/hls/cdp_libs/cdp_ocvt.cpp): the mantissa is kept;
// FP17 exponents 17..46 map to FP16 exponents 1..30; exponents 6..16 give
// FP16 subnormals (the significand shifted right by 17 - exponent, rounded
// to nearest, ties to even; a carry into bit 10 gives the smallest normal);
// exponents below 6 (magnitudes below 2^-25) give a zero of the sign; an
// exponent of 47 or more (magnitudes from 2^16, and FP17 Inf) gives the
// largest finite FP16 +-65504 (SetToInf); a NaN keeps its sign and
// mantissa bits [9:0] under exponent 31.
uint16_t nvdla_fp17_to_fp16(uint32_t bits);

// FP17 a - b (nvdla/hw nvdlav1 cmod/hls/include/nvdla_float.h FpSub<6,10>,
// as Fp17Sub): b's sign bit is flipped (a NaN b's too), then
// sdp_fp17_add(a, -b) = FpAdd<6,10> with all its rules. CSC's fp16
// Winograd pre-addition uses it (cmod/hls/csc_libs/csc_cvt.cpp).
inline uint32_t nvdla_fp17_sub(uint32_t a, uint32_t b) { return sdp_fp17_add(a, (b & 0x1FFFFu) ^ 0x10000u); }

// ---- Fast paths of the exact functions above, for hot loops (CDP's FP16
// cube). Each returns what the exact function named returns, for every
// input: the common case (operands and result in the normal range) is
// computed with native float arithmetic, everything else (zeros where the
// exact rules differ from IEEE, subnormals, results at or beyond the ends of
// the normal range, Inf and NaN) takes the exact function. Why native
// arithmetic agrees there: x86-64 SSE float/double add and multiply in the
// default rounding mode are IEEE 754 round to nearest, ties to even - the
// HLS library's rounding - and compute subnormals exactly (no FTZ/DAZ is
// set), so a result outside the normal range is seen and sent to the exact
// path. The project compiles as ISO C++17 without -ffast-math or -march, so
// GCC neither contracts a multiply and an add into an FMA nor reorders
// them. test_cdp_fp16_fast.cpp compares each with its exact function.
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

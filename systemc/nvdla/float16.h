// The two floating-point formats of the NVDLA PDP datapath, as bit patterns:
// FP16 (IEEE binary16: 1 sign, 5 exponent bits with bias 15, 10 mantissa
// bits) for feature data, and FP17 (1 sign, 6 exponent bits with bias 31,
// 10 mantissa bits; 1.0 = 0x7C00) for the PDP registers that hold floating
// values in FP16 mode (D_RECIP_KERNEL_WIDTH/HEIGHT, D_POOLING_PADDING_VALUE_n_CFG),
// after nvdla/hw cmod/hls/include/nvdla_float.h; and, below, the fp32 and
// FP17 arithmetic of SDP's FP16 datapath. Plain C++, no SystemC.
#pragma once

#include <cstdint>

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

}  // namespace acosim::nvdla

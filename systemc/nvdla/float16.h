// The two floating-point formats of the NVDLA PDP datapath, as bit patterns:
// FP16 (IEEE binary16: 1 sign, 5 exponent bits with bias 15, 10 mantissa
// bits) for feature data, and FP17 (1 sign, 6 exponent bits with bias 31,
// 10 mantissa bits; 1.0 = 0x7C00) for the PDP registers that hold floating
// values in FP16 mode (D_RECIP_KERNEL_WIDTH/HEIGHT, D_POOLING_PADDING_VALUE_n_CFG),
// after nvdla/hw cmod/hls/include/nvdla_float.h. Plain C++, no SystemC.
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

}  // namespace acosim::nvdla

#include "systemc/nvdla/float16.h"

#include <cmath>
#include <limits>

namespace acosim::nvdla {

namespace {

// Value of sign/exponent/mantissa fields of a binary format with a 10-bit
// mantissa: exponent 0 is subnormal, the all-ones exponent Inf/NaN.
double decode(bool negative, uint32_t exponent, uint32_t mantissa, uint32_t max_exponent,
              int bias) {
  double magnitude;
  if (exponent == max_exponent) {
    magnitude = mantissa != 0 ? std::numeric_limits<double>::quiet_NaN()
                              : std::numeric_limits<double>::infinity();
  } else if (exponent == 0) {
    magnitude = std::ldexp(double(mantissa), 1 - bias - 10);
  } else {
    magnitude = std::ldexp(double(1024 + mantissa), int(exponent) - bias - 10);
  }
  return negative ? -magnitude : magnitude;
}

// Round a non-negative value to an integer, ties to even. Exact for the
// magnitudes used here (below 2^12).
double round_half_even(double q) {
  const double floor_q = std::floor(q);
  const double fraction = q - floor_q;
  if (fraction > 0.5) return floor_q + 1;
  if (fraction < 0.5) return floor_q;
  return std::fmod(floor_q, 2.0) == 0.0 ? floor_q : floor_q + 1;
}

// The FpCmp ordering: true when a > b as numbers (sign, exponent, mantissa).
bool fp16_greater(uint16_t a, uint16_t b) {
  const bool a_negative = (a & 0x8000u) != 0;
  const bool b_negative = (b & 0x8000u) != 0;
  const bool abs_a_greater = (a & 0x7FFFu) > (b & 0x7FFFu);
  if (!a_negative) return b_negative ? true : abs_a_greater;
  return b_negative ? !abs_a_greater : false;
}

}  // namespace

double fp16_to_double(uint16_t bits) {
  return decode((bits & 0x8000u) != 0, (bits >> 10) & 0x1Fu, bits & 0x3FFu, 0x1F, 15);
}

double fp17_to_double(uint32_t bits) {
  return decode((bits & 0x10000u) != 0, (bits >> 10) & 0x3Fu, bits & 0x3FFu, 0x3F, 31);
}

uint16_t double_to_fp16(double value) {
  const uint16_t sign = std::signbit(value) ? 0x8000u : 0u;
  if (std::isnan(value)) return uint16_t(sign | 0x7E00u);
  const double magnitude = std::fabs(value);
  if (std::isinf(magnitude)) return uint16_t(sign | 0x7C00u);
  if (magnitude == 0.0) return sign;
  int e = 0;
  std::frexp(magnitude, &e);  // magnitude = m * 2^e, m in [0.5, 1)
  int exponent = e - 1;       // magnitude = 1.f * 2^exponent
  if (exponent < -14) {
    // Subnormal: multiples of 2^-24. Rounding up to 1024 * 2^-24 yields the
    // smallest normal number, whose pattern 0x0400 is the same integer.
    const double q = round_half_even(std::ldexp(magnitude, 24));
    return uint16_t(sign | uint16_t(q));
  }
  double significand = round_half_even(std::ldexp(magnitude, 10 - exponent));  // [1024, 2048]
  if (significand == 2048.0) {
    significand = 1024.0;
    ++exponent;
  }
  if (exponent > 15) return uint16_t(sign | 0x7C00u);
  return uint16_t(sign | uint16_t((exponent + 15) << 10) | uint16_t(significand - 1024.0));
}

uint16_t fp16_max(uint16_t a, uint16_t b) {
  if (fp16_is_nan(a)) return a;
  if (fp16_is_nan(b)) return b;
  return fp16_greater(a, b) ? a : b;
}

uint16_t fp16_min(uint16_t a, uint16_t b) {
  if (fp16_is_nan(a)) return a;
  if (fp16_is_nan(b)) return b;
  return fp16_greater(a, b) ? b : a;
}

}  // namespace acosim::nvdla

// ---- SDP's FP16 datapath (see float16.h) -------------------------------------

namespace acosim::nvdla {

namespace {

constexpr uint32_t kFp32MaxFinite = 0x7F7FFFFFu;  // exponent 254, mantissa all ones
constexpr uint16_t kFp16MaxFinite = 0x7BFFu;      // 65504

struct Fp32Fields {
  uint32_t sign, exponent, mantissa;
};

Fp32Fields fields(uint32_t bits) { return {bits >> 31, (bits >> 23) & 0xFFu, bits & 0x7FFFFFu}; }

uint32_t pack(uint32_t sign, uint32_t exponent, uint32_t mantissa) {
  return (sign << 31) | (exponent << 23) | (mantissa & 0x7FFFFFu);
}

// Leading zeros of `v` (< 2^width) counted in a field of `width` bits
// (width for 0). The GCC/Clang builtin: it is on every element's path.
unsigned leading_zeros(uint64_t v, unsigned width) {
  if (v == 0) return width;
  return unsigned(__builtin_clzll(v)) - (64 - width);
}

// nvdla_float.h FpMantRNE: keep the top `keep` of `width` bits of `v`,
// rounding to nearest, ties to even (the dropped bits are one guard bit and
// the sticky bits below it). `overflow` tells that the kept field was all
// ones and rounded up (it wraps to 0 and the caller bumps the exponent).
uint64_t round_to_nearest_even(uint64_t v, unsigned width, unsigned keep, bool& overflow) {
  const unsigned drop = width - keep;
  const uint64_t kept = v >> drop;
  const bool guard = (v >> (drop - 1)) & 1u;
  const bool sticky = (v & ((uint64_t(1) << (drop - 1)) - 1)) != 0;
  const bool carry = guard && (sticky || (kept & 1u));
  const uint64_t all_ones = (uint64_t(1) << keep) - 1;
  overflow = carry && kept == all_ones;
  return (kept + (carry ? 1u : 0u)) & all_ones;
}

// Magnitude order of FpCmp: a > b as numbers (sign, exponent, mantissa).
bool fp32_greater(uint32_t a, uint32_t b) {
  const bool abs_a_greater = (a & 0x7FFFFFFFu) > (b & 0x7FFFFFFFu);
  const bool a_negative = (a >> 31) != 0, b_negative = (b >> 31) != 0;
  if (!a_negative) return b_negative ? true : abs_a_greater;
  return b_negative ? !abs_a_greater : false;
}

}  // namespace

uint32_t sdp_fp16_to_fp32(uint16_t bits) {
  const uint32_t sign = bits >> 15, exponent = (bits >> 10) & 0x1Fu, mantissa = bits & 0x3FFu;
  if (exponent == 0 && mantissa == 0) return sign << 31;
  if (exponent == 0) {
    // Subnormal m * 2^-24 with its top bit at p: 2^(p-24) * 1.f, exact.
    const unsigned p = 9 - leading_zeros(mantissa, 10);
    return pack(sign, 103 + p, mantissa << (23 - p));
  }
  if (exponent == 0x1F) {
    // NV_NVDLA_SDP_MRDMA_EG_dout.v: Inf -> the largest finite fp32; a NaN
    // keeps its payload in the low mantissa bits.
    return mantissa == 0 ? (sign << 31) | kFp32MaxFinite : pack(sign, 0xFF, mantissa);
  }
  return pack(sign, exponent + 112, mantissa << 13);
}

uint16_t sdp_fp32_to_fp16(uint32_t bits) {
  const Fp32Fields f = fields(bits);
  const uint16_t sign = uint16_t(f.sign << 15);
  if (f.exponent == 0xFF && f.mantissa != 0) return uint16_t(sign | 0x7C00u | (f.mantissa & 0x3FFu));
  if (f.exponent >= 143) return uint16_t(sign | kFp16MaxFinite);  // >= 2^16, and Inf
  if (f.exponent < 102) return sign;                                 // below 2^-25
  const uint64_t significand = f.mantissa | (uint32_t(1) << 23);     // 1.f, 24 bits
  bool overflow = false;
  if (f.exponent <= 112) {
    // Subnormal result (FpMantDecShiftRight): the significand shifted right
    // by 113 - e more bits and rounded to the 10-bit subnormal field. A
    // carry out of the field gives 1024, whose pattern 0x0400 is the
    // smallest normal number, as the hardware's exponent 1 makes it.
    const unsigned shift = 113 - f.exponent;  // 1..11
    const uint64_t m = round_to_nearest_even(significand, 24 + shift, 11, overflow);  // <= 1024
    return uint16_t(sign | uint16_t(m));
  }
  uint32_t exponent = f.exponent - 112;  // 1..30
  const uint64_t m = round_to_nearest_even(significand, 24, 11, overflow);
  if (overflow && ++exponent == 31) return uint16_t(sign | kFp16MaxFinite);
  return uint16_t(sign | (exponent << 10) | (m & 0x3FFu));
}

namespace {

// A binary floating-point format of nvdla_float.h: 1 sign bit, E exponent
// bits with bias 2^(E-1) - 1, M mantissa bits (fp32: 8/23, FP17: 6/10).
template <unsigned E, unsigned M>
struct Format {
  static constexpr uint32_t kExponentMax = (1u << E) - 1;  // Inf/NaN exponent
  static constexpr uint32_t kBias = (1u << (E - 1)) - 1;
  static constexpr uint32_t kMantissaMask = (1u << M) - 1;
  static constexpr uint32_t kSignShift = E + M;
  static uint32_t sign(uint32_t v) { return (v >> kSignShift) & 1u; }
  static uint32_t exponent(uint32_t v) { return (v >> M) & kExponentMax; }
  static uint32_t mantissa(uint32_t v) { return v & kMantissaMask; }
  static bool is_nan(uint32_t v) { return exponent(v) == kExponentMax && mantissa(v) != 0; }
  static bool is_zero(uint32_t v) { return exponent(v) == 0 && mantissa(v) == 0; }
  static uint32_t pack(uint32_t s, uint32_t e, uint32_t m) { return (s << kSignShift) | (e << M) | (m & kMantissaMask); }
  // SetToInf: the largest finite value.
  static uint32_t max_finite(uint32_t s) { return pack(s, kExponentMax - 1, kMantissaMask); }
};

// nvdla_float.h FpAdd<E,M> (see sdp_fp32_add in float16.h for the rules).
template <unsigned E, unsigned M>
uint32_t fp_add(uint32_t a, uint32_t b) {
  using F = Format<E, M>;
  if (F::is_nan(a)) return a;
  if (F::is_nan(b)) return b;
  const uint32_t a_exponent = F::exponent(a), b_exponent = F::exponent(b);
  const uint32_t a_mantissa = F::mantissa(a), b_mantissa = F::mantissa(b);
  const uint64_t a_significand = a_mantissa | (F::is_zero(a) ? 0u : (uint32_t(1) << M));
  const uint64_t b_significand = b_mantissa | (F::is_zero(b) ? 0u : (uint32_t(1) << M));
  const bool a_larger = a_exponent > b_exponent || (a_exponent == b_exponent && a_mantissa >= b_mantissa);
  const uint32_t large_exponent = a_larger ? a_exponent : b_exponent;
  const uint32_t small_exponent = a_larger ? b_exponent : a_exponent;
  const uint64_t large_significand = a_larger ? a_significand : b_significand;
  const uint64_t small_significand = a_larger ? b_significand : a_significand;
  const uint32_t sign = a_larger ? F::sign(a) : F::sign(b);
  const bool addition = F::sign(a) == F::sign(b);
  // The internal grid of 2M + 3 bits: the larger significand moved up by
  // M + 2 bits, the smaller one by M + 2 minus the exponent difference
  // (moved down, losing its low bits, when the difference is larger).
  constexpr unsigned kGuard = M + 2;
  constexpr unsigned kWidth = 2 * M + 3;
  constexpr uint64_t kGrid = (uint64_t(1) << kWidth) - 1;
  const int left = int(kGuard) - int(large_exponent - small_exponent);
  const uint64_t l = large_significand << kGuard;
  const uint64_t s = left >= 0 ? (small_significand << left) & kGrid : (-left >= 64 ? 0 : small_significand >> -left);
  uint64_t sum = addition ? l + s : l - s;  // never negative
  uint32_t exponent = large_exponent;
  if ((sum >> kWidth) & 1u) {
    if (exponent >= F::kExponentMax - 1) return F::max_finite(sign);
    ++exponent;
    sum >>= 1;  // the bit dropped here is always 0
  } else {
    // Normalise; a result that would need an exponent of 0 or below flushes.
    const unsigned zeros = leading_zeros(sum, kWidth);
    if (sum == 0 || exponent <= zeros) return F::pack(sign, 0, 0);
    exponent -= zeros;
    sum <<= zeros;
  }
  bool overflow = false;
  const uint64_t m = round_to_nearest_even(sum & kGrid, kWidth, M + 1, overflow);
  if (overflow) {
    if (exponent >= F::kExponentMax - 1) return F::max_finite(sign);
    ++exponent;
  }
  return F::pack(sign, exponent, uint32_t(m));
}

// nvdla_float.h FpMul<E,M> (see sdp_fp32_mul in float16.h for the rules).
template <unsigned E, unsigned M>
uint32_t fp_mul(uint32_t a, uint32_t b) {
  using F = Format<E, M>;
  if (F::is_nan(a)) return a;
  if (F::is_nan(b)) return b;
  const uint32_t sign = F::sign(a) ^ F::sign(b);
  const uint32_t exponent_sum = F::exponent(a) + F::exponent(b);
  if (F::is_zero(a) || F::is_zero(b) || exponent_sum < F::kBias) return F::pack(sign, 0, 0);
  // FpMul leaves the exponent of this case unset and overrides the result
  // with the largest finite value; the model returns that value.
  if (exponent_sum >= F::kExponentMax + F::kBias) return F::max_finite(sign);
  const uint64_t product = uint64_t(F::mantissa(a) | (uint32_t(1) << M)) * (F::mantissa(b) | (uint32_t(1) << M));
  constexpr unsigned kTop = 2 * M + 1;  // the product has 2M + 2 bits
  uint32_t exponent = exponent_sum - F::kBias;
  uint64_t significand;  // 2M + 2 bits, top bit set
  if ((product >> kTop) & 1u) {
    if (exponent >= F::kExponentMax - 1) return F::max_finite(sign);
    ++exponent;
    significand = product;
  } else {
    significand = product << 1;
  }
  bool overflow = false;
  const uint64_t m = round_to_nearest_even(significand, kTop + 1, M + 1, overflow);
  if (overflow && ++exponent == F::kExponentMax) return F::max_finite(sign);
  if (exponent == 0) return F::pack(sign, 0, 0);  // below the normal range: flushed
  return F::pack(sign, exponent, uint32_t(m));
}

}  // namespace

uint32_t sdp_fp32_add(uint32_t a, uint32_t b) { return fp_add<8, 23>(a, b); }
uint32_t sdp_fp32_mul(uint32_t a, uint32_t b) { return fp_mul<8, 23>(a, b); }
uint32_t sdp_fp17_add(uint32_t a, uint32_t b) { return fp_add<6, 10>(a & 0x1FFFFu, b & 0x1FFFFu); }
uint32_t sdp_fp17_mul(uint32_t a, uint32_t b) { return fp_mul<6, 10>(a & 0x1FFFFu, b & 0x1FFFFu); }

uint32_t sdp_fp16_to_fp17(uint16_t bits) {
  using F17 = Format<6, 10>;
  const uint32_t sign = bits >> 15, exponent = (bits >> 10) & 0x1Fu, mantissa = bits & 0x3FFu;
  if (exponent == 0 && mantissa == 0) return F17::pack(sign, 0, 0);
  if (exponent == 0x1F) return mantissa == 0 ? F17::max_finite(sign) : F17::pack(sign, 63, mantissa);
  if (exponent == 0) {
    // Subnormal m * 2^-24 with its top bit at p: biased exponent p + 7.
    const unsigned zeros = leading_zeros(mantissa, 10);
    return F17::pack(sign, 16 - zeros, mantissa << (zeros + 1));
  }
  return F17::pack(sign, exponent + 16, mantissa);
}

uint32_t sdp_fp17_to_fp32(uint32_t bits) {
  using F17 = Format<6, 10>;
  const uint32_t sign = F17::sign(bits), exponent = F17::exponent(bits), mantissa = F17::mantissa(bits);
  if (F17::is_nan(bits)) return pack(sign, 0xFF, mantissa);
  if (exponent == 63) return (sign << 31) | kFp32MaxFinite;
  if (exponent == 0 && mantissa == 0) return sign << 31;
  // FpWidthInc without subnormal support: an FP17 subnormal (which FP17
  // arithmetic never produces) would keep its implied 1.
  return pack(sign, exponent + 96, mantissa << 13);
}

uint32_t sdp_fp32_to_fp17(uint32_t bits) {
  using F17 = Format<6, 10>;
  const Fp32Fields f = fields(bits);
  if (f.exponent == 0xFF && f.mantissa != 0) return F17::pack(f.sign, 63, f.mantissa & 0x3FFu);
  if (f.exponent >= 63 + 96) return F17::max_finite(f.sign);
  if (f.exponent < 96 - 10) return F17::pack(f.sign, 0, 0);
  const uint64_t significand = f.mantissa | (uint32_t(1) << 23);
  bool overflow = false;
  if (f.exponent <= 96) {
    // FpWidthDec without subnormals: a result below the normal range is 0
    // unless it rounds up to the smallest normal number.
    const unsigned shift = 97 - f.exponent;  // 1..11
    const uint64_t m = round_to_nearest_even(significand, 24 + shift, 11, overflow);
    return m == 1024 ? F17::pack(f.sign, 1, 0) : F17::pack(f.sign, 0, 0);
  }
  uint32_t exponent = f.exponent - 96;  // 1..62
  const uint64_t m = round_to_nearest_even(significand, 24, 11, overflow);
  if (overflow && ++exponent == 63) return F17::max_finite(f.sign);
  return F17::pack(f.sign, exponent, uint32_t(m));
}

uint32_t sdp_fraction_to_fp17(uint64_t fraction) {
  using F17 = Format<6, 10>;
  fraction &= (uint64_t(1) << 35) - 1;
  if (fraction == 0) return 0;
  // The fraction f * 2^-35 with its top bit at 34 - z is 1.x * 2^(-1-z):
  // biased exponent 30 - z, the significand rounded to 11 bits.
  const unsigned zeros = leading_zeros(fraction, 35);
  bool overflow = false;
  const uint64_t m = round_to_nearest_even(fraction << (zeros + 1), 36, 11, overflow);
  if (overflow) return F17::pack(0, 31 - zeros, 0);
  if (31 <= zeros + 1) return 0;  // below the normal range
  return F17::pack(0, 30 - zeros, uint32_t(m));
}

uint32_t sdp_fp32_max(uint32_t a, uint32_t b) {
  if (fp32_is_nan(a)) return a;
  if (fp32_is_nan(b)) return b;
  return fp32_greater(a, b) ? a : b;
}

uint32_t sdp_fp32_min(uint32_t a, uint32_t b) {
  if (fp32_is_nan(a)) return a;
  if (fp32_is_nan(b)) return b;
  return fp32_greater(a, b) ? b : a;
}

uint32_t sdp_fp32_relu(uint32_t bits) { return fp32_is_nan(bits) || (bits >> 31) == 0 ? bits : 0u; }

uint16_t sdp_int17_to_fp16(int32_t value) {
  if (value == 0) return 0;
  const uint16_t sign = value < 0 ? 0x8000u : 0u;
  const uint32_t magnitude = uint32_t(value < 0 ? -int64_t(value) : int64_t(value)) & 0x1FFFFu;
  const unsigned zeros = leading_zeros(magnitude, 17);
  // Normalised in 17 bits; 1.0 * 2^(16 - zeros) has the biased exponent
  // 31 - zeros, so a magnitude of 2^16 reaches the Inf exponent.
  uint32_t exponent = 31 - zeros;
  bool overflow = false;
  const uint64_t m = round_to_nearest_even((uint64_t(magnitude) << zeros) & 0x1FFFFu, 17, 11, overflow);
  if (exponent == 31) return uint16_t(sign | kFp16MaxFinite);
  if (overflow) {
    if (exponent >= 30) return uint16_t(sign | kFp16MaxFinite);
    ++exponent;
  }
  return uint16_t(sign | (exponent << 10) | (m & 0x3FFu));
}

int16_t sdp_fp16_to_int16(uint16_t bits) {
  if (fp16_is_nan(bits)) return INT16_MIN;
  const bool negative = (bits & 0x8000u) != 0;
  const int exponent = (bits >> 10) & 0x1F;
  // FpFloatToInt gives every pattern the implied 1, subnormals and zeros
  // too: those are below 2^-14 and round to 0 anyway.
  const uint64_t significand = (bits & 0x3FFu) | 0x400u;
  const int shift = 25 - exponent;  // value = significand * 2^-shift
  const uint64_t magnitude =
      shift <= 0 ? significand << -shift : (significand + (uint64_t(1) << (shift - 1))) >> shift;
  if (magnitude > 32767) return negative ? INT16_MIN : INT16_MAX;
  return int16_t(negative ? -int32_t(magnitude) : int32_t(magnitude));
}

uint32_t nvdla_fp32_sub(uint32_t a, uint32_t b) { return sdp_fp32_add(a, b ^ 0x80000000u); }

uint16_t nvdla_fp17_to_fp16(uint32_t bits) {
  const uint32_t sign = (bits >> 16) & 1u, exponent = (bits >> 10) & 0x3Fu, mantissa = bits & 0x3FFu;
  const uint16_t sign16 = uint16_t(sign << 15);
  if (exponent == 63 && mantissa != 0) return uint16_t(sign16 | 0x7C00u | mantissa);
  if (exponent >= 47) return uint16_t(sign16 | kFp16MaxFinite);
  if (exponent < 6) return sign16;
  if (exponent <= 16) {
    // FpMantDecShiftRight: guard bit, sticky bits below it, ties to even
    // on the kept least significant bit. A carry into bit 10 is the
    // smallest normal number, whose pattern is the same sum.
    const unsigned shift = 17 - exponent;  // 1..11
    const uint32_t significand = 0x400u | mantissa;
    const uint32_t kept = significand >> shift;
    const bool guard = (significand >> (shift - 1)) & 1u;
    const bool sticky = (significand & ((1u << (shift - 1)) - 1)) != 0;
    const uint32_t carry = guard && (sticky || (kept & 1u)) ? 1u : 0u;
    return uint16_t(sign16 | (kept + carry));
  }
  return uint16_t(sign16 | ((exponent - 16) << 10) | mantissa);
}

}  // namespace acosim::nvdla

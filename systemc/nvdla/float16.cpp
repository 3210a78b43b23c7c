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

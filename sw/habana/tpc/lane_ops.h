// Per-lane numeric rules of the Gaudi TPC, shared by every front end that
// executes TPC instructions on the host (the TPC-C intrinsics in
// sw/habana/tpc_c and the VLIW core in systemc/habana/vliw), so both
// compute bit-identical lanes.
//
// Sources: Habana's intrinsic documentation (tpc-intrinsics.h of the custom
// kernel package: CONVERT, MAC, ADD/SUB SW_SAT) and
// the switch encodings of tpc_llvm's clang/lib/Headers/tpc-defs.h.
// Rules the documentation leaves open are marked "ASSUMED" with the choice
// made.
//
// The bit rules of the special-function instructions (FCLASS,
// FORM_FP_NUMBER, CALC_FP_SPECIAL, LUT access) live in
// sw/habana/tpc/special_functions.h.
//
// Header-only, no dependency beyond the standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace acosim::habana::lane {

inline uint32_t f32_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bits_f32(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// Rounding modes of CONVERT / NEARBYINT: bits 16..19 of the switch word
/// (SW_RHNE 0, SW_RZ 1, SW_RU 2, SW_RD 3, SW_SR 4, SW_CSR 5, SW_RHAZ 6,
/// SW_SR_RNE 7 in tpc-defs.h; e_round_* in tpc-special.h use the same
/// numbers shifted left by 16 by the kernels).
enum class Round : unsigned {
  HalfEven = 0,
  Zero = 1,
  Up = 2,
  Down = 3,
  Stochastic = 4,
  Csr = 5,
  HalfAway = 6,
  StochasticRne = 7
};

/// The rounding mode named by a CONVERT switch word. SW_CSR takes the mode
/// from the ROUND_CSR register, whose reset value is round-half-even; the
/// stochastic modes depend on the core's LFSR state, which no host model
/// reproduces, so they are ASSUMED to round half to even.
inline Round round_mode(int switches) {
  const auto mode = static_cast<Round>((static_cast<unsigned>(switches) >> 16) & 0x7u);
  switch (mode) {
    case Round::Zero:
    case Round::Up:
    case Round::Down:
    case Round::HalfAway:
      return mode;
    default:
      return Round::HalfEven;
  }
}

// ---------------------------------------------------------------- bf16 ----

/// bf16 -> fp32 (CONVERT bf16 to f32): exact, the bf16 bits become the upper
/// half of the fp32 pattern; NaNs keep sign and payload.
inline float bf16_to_f32(uint16_t b) { return bits_f32(static_cast<uint32_t>(b) << 16); }

/// fp32 -> bf16 (CONVERT f32 to bf16, and every bf16 arithmetic result,
/// computed in fp32 then rounded). IEEE rounding of the 16 dropped
/// mantissa bits in the given mode; a carry out of the mantissa correctly
/// overflows to infinity (RZ/RD/RU never round a finite value past the
/// largest finite of their direction). NaN: ASSUMED quieted with sign and
/// upper payload kept (bit 6 of the bf16 mantissa set) so a NaN can never
/// round to infinity.
inline uint16_t f32_to_bf16(float f, Round mode = Round::HalfEven) {
  const uint32_t u = f32_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x0040u);
  const uint32_t rest = u & 0xffffu;
  const bool negative = (u >> 31) != 0;
  uint32_t up = 0;
  switch (mode) {
    case Round::Zero:
      break;
    case Round::Up:
      up = (!negative && rest != 0) ? 1 : 0;
      break;
    case Round::Down:
      up = (negative && rest != 0) ? 1 : 0;
      break;
    case Round::HalfAway:
      up = rest >= 0x8000u ? 1 : 0;
      break;
    default:  // half to even
      up = (rest > 0x8000u || (rest == 0x8000u && ((u >> 16) & 1u))) ? 1 : 0;
      break;
  }
  // Infinity has rest == 0 so never rounds further; the sign-magnitude
  // layout makes "+1" a step away from zero for both signs.
  return static_cast<uint16_t>((u >> 16) + up);
}

// ------------------------------------------------------ fp32 -> integer ----

/// Rounds a finite double to an integral double in the given mode.
inline double round_integral(double x, Round mode) {
  switch (mode) {
    case Round::Zero:
      return std::trunc(x);
    case Round::Up:
      return std::ceil(x);
    case Round::Down:
      return std::floor(x);
    case Round::HalfAway:
      return std::round(x);
    default:
      return std::nearbyint(x);  // host default rounding is half to even
  }
}

/// fp32 -> signed/unsigned integer of the given range (CONVERT f32 to
/// i32/i16/i8/u32/...): rounded in the given mode, then saturated to the
/// destination range (CONVERT saturates; ±inf go to the range limits).
/// NaN ASSUMED to convert to 0 (not documented).
template <class Int>
inline Int f32_to_int(float f, Round mode) {
  if (std::isnan(f)) return 0;
  const double r = round_integral(static_cast<double>(f), mode);
  constexpr double lo = static_cast<double>(std::numeric_limits<Int>::min());
  constexpr double hi = static_cast<double>(std::numeric_limits<Int>::max());
  if (r <= lo) return std::numeric_limits<Int>::min();
  if (r >= hi) return std::numeric_limits<Int>::max();
  return static_cast<Int>(r);
}

/// integer -> fp32 (CONVERT i32/u32/i16/... to f32): exact when the value
/// fits 24 bits, else rounded in the given mode (SW_RHNE etc.).
inline float int_to_f32(int64_t v, Round mode) {
  const double d = static_cast<double>(v);  // exact: |v| < 2^53
  float f = static_cast<float>(d);          // half to even
  const double back = static_cast<double>(f);
  if (back == d) return f;
  switch (mode) {
    case Round::Zero:
      if (std::fabs(back) > std::fabs(d)) f = std::nextafter(f, 0.0f);
      break;
    case Round::Up:
      if (back < d) f = std::nextafter(f, std::numeric_limits<float>::infinity());
      break;
    case Round::Down:
      if (back > d) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
      break;
    case Round::HalfAway: {
      const float other = back < d ? std::nextafter(f, std::numeric_limits<float>::infinity())
                                   : std::nextafter(f, -std::numeric_limits<float>::infinity());
      const double dist_f = std::fabs(back - d);
      const double dist_o = std::fabs(static_cast<double>(other) - d);
      if (dist_o < dist_f || (dist_o == dist_f && std::fabs(other) > std::fabs(f))) f = other;
      break;
    }
    default:
      break;
  }
  return f;
}

// ------------------------------------------------- integer arithmetic ----

/// Wrap-around or saturating integer arithmetic (ADD/SUB/MAC with SW_SAT,
/// bit 0 of the switch word): the exact result is computed in 64 bits and
/// either truncated to the lane width or clamped to its range.
template <class Int>
inline Int int_result(int64_t exact, bool saturate) {
  if (saturate) {
    if (exact < static_cast<int64_t>(std::numeric_limits<Int>::min()))
      return std::numeric_limits<Int>::min();
    if (exact > static_cast<int64_t>(std::numeric_limits<Int>::max()))
      return std::numeric_limits<Int>::max();
  }
  return static_cast<Int>(exact);
}

/// ABS of an integer lane (tpc-intrinsics.h ABS: saturation unless
/// SW_NO_SAT, a switch later generations add): the minimum value, whose
/// magnitude does not fit, gives the maximum.
template <class Int>
inline Int abs_int(Int x) {
  if constexpr (std::is_signed_v<Int>) {
    if (x == std::numeric_limits<Int>::min()) return std::numeric_limits<Int>::max();
    return static_cast<Int>(x < 0 ? -x : x);
  } else {
    return x;
  }
}

// ------------------------------------------------------ bit operations ----
// POPCNT, FIND_FIRST and BREV work on the lane's bit pattern of `width`
// bits (8, 16 or 32; float lanes use their IEEE pattern). tpc-intrinsics.h
// POPCNT ("the number of 0s or 1s", switch SET), FIND_FIRST (SET, DIR),
// BREV ("the source operand bits in reversed order").

inline uint32_t width_mask(unsigned width) {
  return width >= 32 ? 0xffffffffu : ((1u << width) - 1u);
}

/// POPCNT: ones (count_ones) or zeros within the lane width.
inline uint32_t popcount(uint32_t bits, unsigned width, bool count_ones) {
  uint32_t v = (count_ones ? bits : ~bits) & width_mask(width);
  uint32_t n = 0;
  for (; v; v &= v - 1) ++n;
  return n;
}

/// FIND_FIRST: the bit index (0 = least significant) of the first bit equal
/// to `one`, searching from the LSB or the MSB; the lane width when no bit
/// matches. ASSUMED: the index counts from the LSB in both directions and
/// "not found" gives the width (tpc-intrinsics.h documents neither).
inline uint32_t find_first(uint32_t bits, unsigned width, bool one, bool from_msb) {
  for (unsigned k = 0; k < width; ++k) {
    const unsigned b = from_msb ? width - 1 - k : k;
    if (((bits >> b) & 1u) == (one ? 1u : 0u)) return b;
  }
  return width;
}

/// BREV: bit b of the result is bit width-1-b of the source.
inline uint32_t bit_reverse(uint32_t bits, unsigned width) {
  uint32_t r = 0;
  for (unsigned b = 0; b < width; ++b) r |= ((bits >> b) & 1u) << (width - 1 - b);
  return r;
}

// --------------------------------------------------- float dissection ----

/// EXTRACT_EXP of fp32 / bf16 (both have an 8-bit exponent, bias 127): the
/// exponent field, minus the bias unless `biased` (tpc-intrinsics.h
/// EXTRACT_EXP, SW_BIASED). ASSUMED: zeros, denormals, infinities and NaNs
/// are not special-cased (the field is returned as is, -127 / 128 unbiased).
inline int32_t extract_exp_f32(float f, bool biased) {
  const auto field = static_cast<int32_t>((f32_bits(f) >> 23) & 0xffu);
  return biased ? field : field - 127;
}
inline int32_t extract_exp_bf16(uint16_t b, bool biased) {
  return extract_exp_f32(bf16_to_f32(b), biased);
}

/// NEARBYINT of fp32: the integral value in the given mode
/// (tpc-intrinsics.h NEARBYINT: SW_RHNE, SW_RZ, SW_RU, SW_RD; the CSR
/// default is half to even, see round_mode). Exact: every integral value
/// near a float is a float; infinities and NaNs are returned unchanged,
/// the sign of zero is kept.
inline float nearbyint_f32(float f, Round mode) {
  if (!std::isfinite(f)) return f;
  return std::copysign(static_cast<float>(round_integral(static_cast<double>(f), mode)), f);
}

// ----------------------------------------------------------- division ----

/// UDIV_4STEP (tpc_llvm tpc-intrinsics.h u32_udiv_4step: "performs this step
/// as well as the 3 consecutive steps"; after 32/16/8 steps DEST.v2 is the
/// quotient and DEST.v1 the remainder, v1 holding the numerator at first).
/// Step k is one step of restoring division on bit width-1-k: when the
/// partial remainder holds the denominator shifted to that bit, it is
/// subtracted and the quotient bit set (acosim's reading of the step
/// number; a zero denominator sets every quotient bit). Steps past the
/// width do nothing.
inline void udiv_4step(uint32_t denominator, unsigned step, unsigned width, uint32_t& remainder,
                       uint32_t& quotient) {
  const uint64_t d = denominator & width_mask(width);
  for (unsigned k = step; k < step + 4 && k < width; ++k) {
    const unsigned b = width - 1 - k;
    if ((static_cast<uint64_t>(remainder) >> b) >= d) {
      remainder = static_cast<uint32_t>(remainder - (d << b));
      quotient |= 1u << b;
    }
  }
}

// ------------------------------------------------------ fp32 arithmetic ----

/// MAC f32 (acc = acc + a*b, or acc - a*b with SW_NEG): ASSUMED fused, one
/// rounding of the exact a*b ± acc to nearest even (tpc_llvm's latency model
/// treats MAC as an FMA unit with accumulator forwarding). ADD, SUB and MUL
/// are single IEEE binary32 operations rounded to nearest even; the host
/// computes them identically (SSE, -ffp-contract=off under -std=c++17).
inline float mac_f32(float a, float b, float acc, bool negate) {
  return negate ? std::fma(-a, b, acc) : std::fma(a, b, acc);
}

}  // namespace acosim::habana::lane

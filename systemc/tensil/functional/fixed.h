// The functional TCU's fixed-point arithmetic, written from Tensil's
// definitions so that the `--check functional` oracle does not share it with
// the clocked model.
//
// Upstream:
//   rtl/src/main/scala/tensil/util/package.scala   macFixedPoint,
//     saturateFixedPoint, timesFixedPoint, plusFixedPoint, minus
//   common/src/tensil/FixedBase.scala              doMAC, mkFixed (the
//     emulator's copy of the same rule)
//   common/src/tensil/Fixed{8bp4,16bp8,18bp10,32bp16}.scala  the formats
//
// Numeric rules, for a format of W bits with binary point bp:
//   mac(x, y, z) = sat(((x*y + z<<bp) >> bp) + adjustment)
//     where the product and sum are exact (Chisel's SInt `*` and `+&` grow
//     the width, so nothing wraps), `>>` is arithmetic (floor), and
//     adjustment = 1 iff bit bp-1 of the sum is set and either a bit below it
//     or bit bp is set. That is round half to even on the dropped bp bits:
//     a tail above one half rounds up, a tail of exactly one half rounds up
//     only when the kept value is odd.
//   sat(v) clamps to [-2^(W-1), 2^(W-1) - 1]; nothing in the datapath wraps.
//   times(x, y) = mac(x, y, 0)
//   plus(x, y)  = mac(x, 2^bp, y)   (plusFixedPoint: multiply by one)
//               = sat(x + y), the dropped bits being zero
//   minus(x, y) = mac(x, 2^bp, -y)  (`0.S -& y`: the negation is exact)
//               = sat(x - y)
// Raw values are W-bit two's complement scalars held in int32_t.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil::functional {

// One of Tensil's fixed-point data types: its width in bits, binary point,
// and the bytes one scalar takes in DRAM and files (sizeBytes).
struct NumberFormat {
  unsigned width;
  unsigned binary_point;
  unsigned bytes;

  int64_t largest() const { return (int64_t(1) << (width - 1)) - 1; }
  int64_t smallest() const { return -(int64_t(1) << (width - 1)); }
  // The raw value of 1.0 (Tensil's util.one: 1.F(binaryPoint)).
  int32_t one() const { return int32_t(1) << binary_point; }
};

// The formats of common/src/tensil/Fixed*.scala: (width, basePoint, sizeBytes).
inline NumberFormat number_format(DataType type) {
  switch (type) {
    case DataType::FP8BP4:
      return NumberFormat{8, 4, 1};
    case DataType::FP16BP8:
      return NumberFormat{16, 8, 2};
    case DataType::FP18BP10:
      return NumberFormat{18, 10, 4};
    case DataType::FP32BP16:
      return NumberFormat{32, 16, 4};
  }
  throw std::invalid_argument("no Tensil fixed-point format for this data type");
}

// saturateFixedPoint: Mux(x > max, max, Mux(x < min, min, x)).
inline int32_t saturate(int64_t v, const NumberFormat& f) {
  const int64_t hi = f.largest();
  const int64_t lo = f.smallest();
  if (v > hi) return static_cast<int32_t>(hi);
  if (v < lo) return static_cast<int32_t>(lo);
  return static_cast<int32_t>(v);
}

// The rounding and saturation step of macFixedPoint, applied to the exact
// sum x*y + z*2^bp.
inline int32_t round_and_saturate(int64_t sum, const NumberFormat& f) {
  const unsigned bp = f.binary_point;
  if (bp == 0) return saturate(sum, f);
  const int64_t mask0 = int64_t(1) << (bp - 1);        // the half bit
  const int64_t mask1 = (int64_t(1) << (bp - 1)) - 1;  // the bits below it
  const int64_t mask2 = int64_t(1) << bp;              // the kept LSB
  const bool adjustment = (sum & mask0) != 0 && ((sum & mask1) != 0 || (sum & mask2) != 0);
  return saturate((sum >> bp) + (adjustment ? 1 : 0), f);
}

// macFixedPoint. For W <= 32 and bp <= 16, |x*y| <= 2^62 and
// |z*2^bp| <= 2^47, so the exact sum fits int64_t. The scaling is a
// multiplication: left-shifting a negative value is undefined before C++20.
inline int32_t mac(int32_t x, int32_t y, int32_t z, const NumberFormat& f) {
  return round_and_saturate(int64_t(x) * int64_t(y) + int64_t(z) * f.one(), f);
}

inline int32_t times(int32_t x, int32_t y, const NumberFormat& f) { return mac(x, y, 0, f); }
// plus and minus scale both operands by 2^bp, so the sum's low bp bits are
// zero: the adjustment is 0 and the shift is exact, leaving the saturated
// sum. The operands are widened first, as `+&` and `0.S -& y` do, so
// minus(x, -2^31) for W = 32 does not overflow before saturation.
inline int32_t plus(int32_t x, int32_t y, const NumberFormat& f) { return saturate(int64_t(x) + int64_t(y), f); }
inline int32_t minus(int32_t x, int32_t y, const NumberFormat& f) { return saturate(int64_t(x) - int64_t(y), f); }

}  // namespace acosim::tensil::functional

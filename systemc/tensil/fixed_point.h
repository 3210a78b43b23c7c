// The TCU's fixed-point arithmetic, bit-exact with Tensil's RTL
// (macFixedPoint, rtl/src/main/scala/tensil/util/package.scala). Every
// multiply-add rounds half to even on
// the full sum and saturates to the data type's width; there are no guard
// bits anywhere in the datapath.
#pragma once

#include <cstdint>

namespace acosim::tensil {

struct FixedFormat {
  unsigned width;         // W: raw values are W-bit two's complement
  unsigned binary_point;  // bp

  int64_t max() const { return (int64_t(1) << (width - 1)) - 1; }
  int64_t min() const { return -(int64_t(1) << (width - 1)); }
  int32_t saturate(int64_t v) const {
    return static_cast<int32_t>(v > max() ? max() : (v < min() ? min() : v));
  }
  int64_t one() const { return int64_t(1) << binary_point; }
};

// MAC(x, y, z) = sat_W(RNE((x*y + z*2^bp) / 2^bp)), as macFixedPoint does:
// m = x*y + z*2^bp exactly; q = floor(m / 2^bp); add 1 iff bit bp-1 of m is
// set and (any lower bit is set or bit bp, the LSB of q, is set).
// |x*y| < 2^62 and |z*2^bp| < 2^47 for W <= 32, bp <= 16, so int64 is exact.
inline int32_t mac(int32_t x, int32_t y, int32_t z, const FixedFormat& f) {
  const unsigned bp = f.binary_point;
  const int64_t m = int64_t(x) * int64_t(y) + int64_t(z) * f.one();
  int64_t q = m >> bp;  // arithmetic shift = floor for negative m
  if (bp > 0) {
    const uint64_t frac = uint64_t(m) & ((uint64_t(1) << bp) - 1);
    const uint64_t half = uint64_t(1) << (bp - 1);
    const bool lsb = (q & 1) != 0;
    if (frac > half || (frac == half && lsb)) q += 1;
  }
  return f.saturate(q);
}

// plus/minus go through the same primitive with a multiplier of exactly one,
// so they are exact sums saturated to W bits.
inline int32_t plus(int32_t a, int32_t b, const FixedFormat& f) {
  return f.saturate(int64_t(a) + int64_t(b));
}
inline int32_t minus(int32_t a, int32_t b, const FixedFormat& f) {
  return f.saturate(int64_t(a) - int64_t(b));
}
inline int32_t times(int32_t a, int32_t b, const FixedFormat& f) { return mac(a, b, 0, f); }

}  // namespace acosim::tensil

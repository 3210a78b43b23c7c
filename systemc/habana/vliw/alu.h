// Per-element arithmetic shared by the SPU (one element) and the VPU (every
// lane), so scalar and vector instructions compute identical values.
// Rounding and saturation rules, with their sources:
//  * fp32 ADD/SUB/MUL: one IEEE binary32 operation, round to nearest even.
//  * bf16: computed in fp32, rounded to bf16 nearest even (lane_ops.h).
//  * MAC fp32/bf16: fused a*b+acc (lane::mac_f32), bf16 rounded once more.
//  * integer ADD/SUB/MAC: wrap, or saturate with the ST switch
//    (tpc-intrinsics.h ADD/MAC "SW_SAT"; lane::int_result).
//  * SUB with NEG: the negated difference b - a (acosim's reading of the
//    switch "negate result", InstructionDB.cpp).
//  * ABS of the minimum integer saturates to the maximum (lane::abs_int,
//    shared with TPC-C's abs); float ABS clears the sign bit.
//  * MIN/MAX: a < b ? a : b / a > b ? a : b, as sw/habana/tpc_c does (no NaN
//    rule documented).
//  * SHL/SHR: logical shifts, count modulo the lane width (as tpc_c).
//  * ASH: a * 2^b with b signed; left shifts saturate (tpc-intrinsics.h ASH:
//    "left shift saturation is enabled by default"), right shifts are
//    arithmetic and round half up with RHU.
//  * CMP: IEEE for floats (false with NaN except NEQ); CMP_EQ with
//    MASK_EQ_ZERO tests (a & b) == 0 (tpc-intrinsics.h CMP_EQ).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "systemc/habana/vliw/lanes.h"

namespace acosim::habana::vliw {

using tpcasm::Opcode;
using tpcasm::Sw;
using tpcasm::Switches;

template <class T>
inline T intAsh(T a, int32_t count, bool rhu) {
  constexpr int width = static_cast<int>(sizeof(T) * 8);
  const int64_t x = static_cast<int64_t>(a);
  if (count >= 0) {
    const int n = count >= width ? width : count;
    const long double scaled = static_cast<long double>(x) * static_cast<long double>(uint64_t{1} << n);
    if (scaled > static_cast<long double>(std::numeric_limits<T>::max()))
      return std::numeric_limits<T>::max();
    if (scaled < static_cast<long double>(std::numeric_limits<T>::min()))
      return std::numeric_limits<T>::min();
    return static_cast<T>(x * (int64_t{1} << n));
  }
  const int n = -count >= width + 1 ? width + 1 : -count;
  const int64_t rounded = rhu ? x + (int64_t{1} << (n - 1)) : x;
  return static_cast<T>(rounded >> n);
}

/// Two-operand element operation. Returns false when op/type is not one
/// the core executes.
template <class T>
inline bool binary(Opcode op, T a, T b, const Switches& sw, T* r) {
  if constexpr (kIsFloat<T>) {
    const float x = toF(a), y = toF(b);
    switch (op) {
      case Opcode::Add: *r = fromF<T>(x + y); return true;
      case Opcode::Sub: *r = fromF<T>(sw.get(Sw::Neg) ? y - x : x - y); return true;
      case Opcode::Mul: *r = fromF<T>(x * y); return true;
      case Opcode::Min: *r = x < y ? a : b; return true;
      case Opcode::Max: *r = x > y ? a : b; return true;
      case Opcode::And: *r = fromBits<T>(toBits(a) & toBits(b)); return true;
      case Opcode::Or: *r = fromBits<T>(toBits(a) | toBits(b)); return true;
      case Opcode::Xor: *r = fromBits<T>(toBits(a) ^ toBits(b)); return true;
      default: return false;
    }
  } else {
    using U = std::make_unsigned_t<T>;
    constexpr unsigned width = sizeof(T) * 8;
    const bool sat = sw.get(Sw::Sat) != 0;
    const int64_t x = a, y = b;
    switch (op) {
      case Opcode::Add: *r = lane::int_result<T>(x + y, sat); return true;
      case Opcode::Sub: *r = lane::int_result<T>(sw.get(Sw::Neg) ? y - x : x - y, sat); return true;
      case Opcode::Mul: *r = static_cast<T>(static_cast<U>(static_cast<uint64_t>(x * y))); return true;
      case Opcode::Min: *r = a < b ? a : b; return true;
      case Opcode::Max: *r = a > b ? a : b; return true;
      case Opcode::And: *r = static_cast<T>(a & b); return true;
      case Opcode::Or: *r = static_cast<T>(a | b); return true;
      case Opcode::Xor: *r = static_cast<T>(a ^ b); return true;
      case Opcode::Shl:
        *r = static_cast<T>(static_cast<U>(static_cast<U>(a) << (static_cast<unsigned>(b) % width)));
        return true;
      case Opcode::Shr:
        *r = static_cast<T>(static_cast<U>(static_cast<U>(a) >> (static_cast<unsigned>(b) % width)));
        return true;
      case Opcode::Ash:
        *r = intAsh<T>(a, static_cast<int32_t>(static_cast<int8_t>(b)), sw.get(Sw::Rhu) != 0);
        return true;
      default: return false;
    }
  }
}

template <class T>
inline bool unary(Opcode op, T a, T* r) {
  switch (op) {
    case Opcode::Mov: *r = a; return true;
    case Opcode::Not: *r = fromBits<T>(~toBits(a)); return true;
    case Opcode::Abs:
      if constexpr (std::is_same_v<T, float>) {
        *r = lane::bits_f32(lane::f32_bits(a) & 0x7fffffffu);
      } else if constexpr (std::is_same_v<T, Bf16>) {
        *r = Bf16{static_cast<uint16_t>(a.bits & 0x7fffu)};
      } else {
        *r = lane::abs_int(a);
      }
      return true;
    default: return false;
  }
}

/// acc + a*b (acc - a*b with NEG).
template <class T>
inline T mac(T a, T b, T acc, const Switches& sw) {
  const bool neg = sw.get(Sw::Neg) != 0;
  if constexpr (kIsFloat<T>) {
    return fromF<T>(lane::mac_f32(toF(a), toF(b), toF(acc), neg));
  } else {
    const int64_t p = static_cast<int64_t>(a) * static_cast<int64_t>(b);
    const int64_t exact = neg ? static_cast<int64_t>(acc) - p : static_cast<int64_t>(acc) + p;
    if (sw.get(Sw::Sat)) return lane::int_result<T>(exact, true);
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(static_cast<uint64_t>(exact)));
  }
}

/// CMP_* / SEL_* comparison.
template <class T>
inline bool compare(Opcode op, T a, T b, const Switches& sw) {
  if constexpr (kIsFloat<T>) {
    const float x = toF(a), y = toF(b);
    switch (op) {
      case Opcode::CmpEq: case Opcode::SelEq: return x == y;
      case Opcode::CmpNeq: case Opcode::SelNeq: return x != y;
      case Opcode::CmpLess: case Opcode::SelLess: case Opcode::Sel2Less: return x < y;
      case Opcode::CmpLeq: case Opcode::SelLeq: case Opcode::Sel2Leq: return x <= y;
      case Opcode::CmpGrt: case Opcode::SelGrt: case Opcode::Sel2Grt: return x > y;
      default: return x >= y;
    }
  } else {
    switch (op) {
      case Opcode::CmpEq: case Opcode::SelEq:
        return sw.get(Sw::MaskEqZero) ? (a & b) == 0 : a == b;
      case Opcode::CmpNeq: case Opcode::SelNeq: return a != b;
      case Opcode::CmpLess: case Opcode::SelLess: case Opcode::Sel2Less: return a < b;
      case Opcode::CmpLeq: case Opcode::SelLeq: case Opcode::Sel2Leq: return a <= b;
      case Opcode::CmpGrt: case Opcode::SelGrt: case Opcode::Sel2Grt: return a > b;
      default: return a >= b;
    }
  }
}

/// CONVERT of one element from S to D (switch RM; CSR and the stochastic
/// modes round half to even, lane::round_mode). fp -> int rounds then
/// saturates (lane::f32_to_int); int -> int saturates to the target range
/// (acosim's choice, matching the fp -> int rule); int -> bf16 goes
/// through fp32 with the same mode.
template <class D, class S>
inline D convert(S v, lane::Round mode) {
  if constexpr (kIsFloat<S>) {
    const float f = toF(v);
    if constexpr (kIsFloat<D>)
      return fromF<D>(f, mode);
    else
      return lane::f32_to_int<D>(f, mode);
  } else {
    if constexpr (kIsFloat<D>) {
      return fromF<D>(lane::int_to_f32(static_cast<int64_t>(v), mode), mode);
    } else {
      return lane::int_result<D>(static_cast<int64_t>(v), true);
    }
  }
}

}  // namespace acosim::habana::vliw

// VPU arithmetic, logic, compare and select intrinsics (tpc-intrinsics.h
// sections ABS, ADD, AND, CMP_*, MAC, MAX, MIN, MOV, MUL, NOT, OR, SEL_*,
// SHL, SHR, SUB, XOR). Each intrinsic is one VPU instruction.
#pragma once

#include <type_traits>

#include "sw/habana/tpc/lane_layout.h"
#include "sw/habana/tpc/lane_ops.h"
#include "sw/habana/tpc_c/constants.h"
#include "sw/habana/tpc_c/predication.h"

namespace acosim::habana::tpc_c {

/// A vector's 256 bytes, as the shared rules of sw/habana/tpc take them.
template <class V>
inline const uint8_t* bytes(const V& v) {
  return reinterpret_cast<const uint8_t*>(v.v);
}
template <class V>
inline uint8_t* bytes(V& v) {
  return reinterpret_cast<uint8_t*>(v.v);
}

template <class E>
constexpr bool is_float_lane_v = std::is_floating_point_v<E> || std::is_same_v<E, Bf16>;

/// ADD/SUB: IEEE for float lanes (bf16 computed in fp32, rounded to nearest
/// even); integers wrap, or saturate with SW_SAT.
template <class E>
inline E add_lane(E x, E y, int sw) {
  if constexpr (is_float_lane_v<E>)
    return x + y;
  else
    return lane::int_result<E>(int64_t{x} + int64_t{y}, (sw & SW_SAT) != 0);
}
template <class E>
inline E sub_lane(E x, E y, int sw) {
  if constexpr (is_float_lane_v<E>)
    return x - y;
  else
    return lane::int_result<E>(int64_t{x} - int64_t{y}, (sw & SW_SAT) != 0);
}
template <class E>
inline E mul_lane(E x, E y, int) {
  return x * y;
}
/// MAX/MIN: ASSUMED to return the second operand when the comparison is
/// false (so a NaN in either operand propagates only from b); the
/// documentation gives no NaN rule.
template <class E>
inline E max_lane(E x, E y, int) {
  return x > y ? x : y;
}
template <class E>
inline E min_lane(E x, E y, int) {
  return x < y ? x : y;
}
/// ABS: float lanes clear the sign bit (FORM_FP_NUMBER on the VPU, per the
/// ABS documentation); integer lanes saturate for the minimum value
/// (lane::abs_int, the rule the VLIW core uses too).
template <class E>
inline E abs_lane(E x) {
  if constexpr (std::is_same_v<E, Bf16>)
    return Bf16::from_bits(static_cast<uint16_t>(x.bits & 0x7fffu));
  else if constexpr (std::is_same_v<E, float>)
    return lane::bits_f32(lane::f32_bits(x) & 0x7fffffffu);
  else
    return lane::abs_int(x);
}
/// SHR is a logical shift, SHL a left shift; the count is taken modulo the
/// lane width (ASH is the arithmetic shift instruction).
template <class E>
inline E shr_lane(E x, E y) {
  using U = std::make_unsigned_t<E>;
  return static_cast<E>(static_cast<U>(x) >> (static_cast<unsigned>(y) & (sizeof(E) * 8 - 1)));
}
template <class E>
inline E shl_lane(E x, E y) {
  using U = std::make_unsigned_t<E>;
  return static_cast<E>(static_cast<U>(x) << (static_cast<unsigned>(y) & (sizeof(E) * 8 - 1)));
}

}  // namespace acosim::habana::tpc_c

#define ACOSIM_TPC_ALL_TYPES(X) \
  X(f32, float64)               \
  X(bf16, bfloat128)            \
  X(i32, int64)                 \
  X(u32, uint64)                \
  X(i16, short128)              \
  X(u16, ushort128)             \
  X(i8, char256)                \
  X(u8, uchar256)
#define ACOSIM_TPC_INT_TYPES(X) \
  X(i32, int64)                 \
  X(u32, uint64)                \
  X(i16, short128)              \
  X(u16, ushort128)             \
  X(i8, char256)                \
  X(u8, uchar256)

#define ACOSIM_TPC_BINARY(T, V, NAME, LANE)                                                      \
  inline V v_##T##_##NAME##_b(const V& a, const V& b, int switches = 0, const V& income = V(),  \
                              bool predicate = true, bool polarity = false) {                   \
    return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,            \
                             [&](unsigned i) { return LANE(a.v[i], b.v[i], switches); });       \
  }                                                                                              \
  inline V v_##T##_##NAME##_vb(const V& a, const V& b, int switches, const V& income,           \
                               const acosim_tpcc::Pred<V::lanes>& predicate,                    \
                               bool polarity = false) {                                         \
    return acosim_tpcc::op_vb(acosim::habana::Slot::Vpu, income, predicate, polarity,           \
                              [&](unsigned i) { return LANE(a.v[i], b.v[i], switches); });      \
  }

#define ACOSIM_TPC_ARITH(T, V)                                      \
  ACOSIM_TPC_BINARY(T, V, add, acosim_tpcc::add_lane)               \
  ACOSIM_TPC_BINARY(T, V, sub, acosim_tpcc::sub_lane)               \
  ACOSIM_TPC_BINARY(T, V, max, acosim_tpcc::max_lane)               \
  ACOSIM_TPC_BINARY(T, V, min, acosim_tpcc::min_lane)
ACOSIM_TPC_ALL_TYPES(ACOSIM_TPC_ARITH)
#undef ACOSIM_TPC_ARITH

// MUL of float lanes (integer MUL returns a double-width pair and is not
// provided).
ACOSIM_TPC_BINARY(f32, float64, mul, acosim_tpcc::mul_lane)
ACOSIM_TPC_BINARY(bf16, bfloat128, mul, acosim_tpcc::mul_lane)

#define ACOSIM_TPC_BITWISE_LANE(OP) [](auto x, auto y, int) { return static_cast<decltype(x)>(x OP y); }
#define ACOSIM_TPC_LOGIC(T, V)                                                                   \
  ACOSIM_TPC_BINARY(T, V, and, ACOSIM_TPC_BITWISE_LANE(&))                                       \
  ACOSIM_TPC_BINARY(T, V, or, ACOSIM_TPC_BITWISE_LANE(|))                                        \
  ACOSIM_TPC_BINARY(T, V, xor, ACOSIM_TPC_BITWISE_LANE(^))                                       \
  ACOSIM_TPC_BINARY(T, V, shr, [](auto x, auto y, int) { return acosim_tpcc::shr_lane(x, y); }) \
  ACOSIM_TPC_BINARY(T, V, shl, [](auto x, auto y, int) { return acosim_tpcc::shl_lane(x, y); }) \
  inline V v_##T##_not_b(const V& a, int switches = 0, const V& income = V(),                    \
                         bool predicate = true, bool polarity = false) {                         \
    (void)switches;                                                                              \
    return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,             \
                             [&](unsigned i) { return static_cast<V::element_type>(~a.v[i]); }); \
  }
ACOSIM_TPC_INT_TYPES(ACOSIM_TPC_LOGIC)
#undef ACOSIM_TPC_LOGIC
#undef ACOSIM_TPC_BITWISE_LANE

// MOV (VPU register move) and ABS.
#define ACOSIM_TPC_UNARY(T, V, NAME, EXPR)                                                        \
  inline V v_##T##_##NAME##_b(const V& a, int switches = 0, const V& income = V(),               \
                              bool predicate = true, bool polarity = false) {                    \
    (void)switches;                                                                               \
    return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,             \
                             [&](unsigned i) { return EXPR; });                                  \
  }                                                                                               \
  inline V v_##T##_##NAME##_vb(const V& a, int switches, const V& income,                        \
                               const acosim_tpcc::Pred<V::lanes>& predicate,                     \
                               bool polarity = false) {                                          \
    (void)switches;                                                                               \
    return acosim_tpcc::op_vb(acosim::habana::Slot::Vpu, income, predicate, polarity,            \
                              [&](unsigned i) { return EXPR; });                                 \
  }
#define ACOSIM_TPC_MOV(T, V) ACOSIM_TPC_UNARY(T, V, mov, a.v[i])
ACOSIM_TPC_ALL_TYPES(ACOSIM_TPC_MOV)
#undef ACOSIM_TPC_MOV
ACOSIM_TPC_UNARY(f32, float64, abs, acosim_tpcc::abs_lane(a.v[i]))
ACOSIM_TPC_UNARY(bf16, bfloat128, abs, acosim_tpcc::abs_lane(a.v[i]))
ACOSIM_TPC_UNARY(i32, int64, abs, acosim_tpcc::abs_lane(a.v[i]))
ACOSIM_TPC_UNARY(i16, short128, abs, acosim_tpcc::abs_lane(a.v[i]))
ACOSIM_TPC_UNARY(i8, char256, abs, acosim_tpcc::abs_lane(a.v[i]))

// MAC: acc + a*b, or acc - a*b with SW_NEG (lane::mac_f32). The accumulator
// is the income: a false predicate leaves it unchanged. bf16 MAC computes
// in fp32 and rounds the result to bf16 (nearest even).
inline float64 v_f32_mac_b(const float64& a, const float64& b, const float64& accumulator,
                           int switches = 0, bool predicate = true, bool polarity = false) {
  const bool neg = (switches & SW_NEG) != 0;
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, accumulator, predicate, polarity, [&](unsigned i) {
    return acosim::habana::lane::mac_f32(a.v[i], b.v[i], accumulator.v[i], neg);
  });
}
inline float64 v_f32_mac_vb(const float64& a, const float64& b, const float64& accumulator,
                            int switches, const bool64& predicate, bool polarity = false) {
  const bool neg = (switches & SW_NEG) != 0;
  return acosim_tpcc::op_vb(acosim::habana::Slot::Vpu, accumulator, predicate, polarity, [&](unsigned i) {
    return acosim::habana::lane::mac_f32(a.v[i], b.v[i], accumulator.v[i], neg);
  });
}
inline bfloat128 v_bf16_mac_b(const bfloat128& a, const bfloat128& b, const bfloat128& accumulator,
                              int switches = 0, bool predicate = true, bool polarity = false) {
  const bool neg = (switches & SW_NEG) != 0;
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, accumulator, predicate, polarity, [&](unsigned i) {
    return bf16(acosim::habana::lane::mac_f32(acosim_tpcc::to_f32(a.v[i]), acosim_tpcc::to_f32(b.v[i]),
                                              acosim_tpcc::to_f32(accumulator.v[i]), neg));
  });
}
/// MAC / MUL bf16 with ACC_F32: fp32 results in a pair, 32-bit lane j of
/// v1 from bf16 lane 2j, of v2 from lane 2j+1 (layout::bf16_mac_acc32 /
/// bf16_mul_acc32, the rules the VLIW core uses).
inline float128 v_bf16_mac_acc32_b(const bfloat128& a, const bfloat128& b, const float128& accumulator,
                                   int switches = 0, bool predicate = true, bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return accumulator;
  float128 r = accumulator;
  acosim::habana::layout::bf16_mac_acc32(acosim_tpcc::bytes(a), acosim_tpcc::bytes(b), acosim_tpcc::bytes(r.v1),
                                         acosim_tpcc::bytes(r.v2), (switches & SW_NEG) != 0);
  return r;
}
inline float128 v_bf16_mul_acc32_b(const bfloat128& a, const bfloat128& b, int switches = 0,
                                   const float128& income = float128(), bool predicate = true,
                                   bool polarity = false) {
  (void)switches;
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return income;
  float128 r;
  acosim::habana::layout::bf16_mul_acc32(acosim_tpcc::bytes(a), acosim_tpcc::bytes(b), acosim_tpcc::bytes(r.v1),
                                         acosim_tpcc::bytes(r.v2));
  return r;
}

// CMP_*: into a predicate register of the vector's lane count. Float
// compares are IEEE (false with a NaN operand, except NEQ). CMP_EQ with
// SW_MASK_EQ_ZERO on integer lanes tests (a & b) == 0.
namespace acosim::habana::tpc_c {
template <class E>
inline bool eq_lane(E x, E y, int sw) {
  if constexpr (std::is_integral_v<E>)
    if (sw & SW_MASK_EQ_ZERO) return (x & y) == 0;
  return x == y;
}
}  // namespace acosim::habana::tpc_c

#define ACOSIM_TPC_CMP1(T, V, NAME, EXPR)                                                          \
  inline acosim_tpcc::Pred<V::lanes> v_##T##_cmp_##NAME##_b(                                       \
      const V& a, const V& b, int switches = 0,                                                    \
      const acosim_tpcc::Pred<V::lanes>& income = acosim_tpcc::Pred<V::lanes>(),                   \
      bool predicate = true, bool polarity = false) {                                              \
    (void)switches;                                                                                \
    return acosim_tpcc::cmp_b(income, predicate, polarity, [&](unsigned i) { return EXPR; });     \
  }                                                                                                \
  inline acosim_tpcc::Pred<V::lanes> v_##T##_cmp_##NAME##_vb(                                      \
      const V& a, const V& b, int switches, const acosim_tpcc::Pred<V::lanes>& income,             \
      const acosim_tpcc::Pred<V::lanes>& predicate, bool polarity = false) {                       \
    (void)switches;                                                                                \
    return acosim_tpcc::cmp_vb(income, predicate, polarity, [&](unsigned i) { return EXPR; });    \
  }
#define ACOSIM_TPC_CMP(T, V)                                                          \
  ACOSIM_TPC_CMP1(T, V, eq, acosim_tpcc::eq_lane(a.v[i], b.v[i], switches))          \
  ACOSIM_TPC_CMP1(T, V, neq, !(a.v[i] == b.v[i]))                                     \
  ACOSIM_TPC_CMP1(T, V, less, a.v[i] < b.v[i])                                        \
  ACOSIM_TPC_CMP1(T, V, leq, a.v[i] <= b.v[i])                                        \
  ACOSIM_TPC_CMP1(T, V, grt, a.v[i] > b.v[i])                                         \
  ACOSIM_TPC_CMP1(T, V, geq, a.v[i] >= b.v[i])
ACOSIM_TPC_ALL_TYPES(ACOSIM_TPC_CMP)
#undef ACOSIM_TPC_CMP
#undef ACOSIM_TPC_CMP1

// SEL_*: dest = (a OP b) ? c : d, compared in type C, selected in type R
// (v_<R>_sel_<op>_<C>_b); both of one lane count.
#define ACOSIM_TPC_SEL1(RT, R, CT, C, NAME, OP)                                                    \
  inline R v_##RT##_sel_##NAME##_##CT##_b(const C& a, const C& b, const R& c, const R& d,         \
                                          int switches = 0, const R& income = R(),                 \
                                          bool predicate = true, bool polarity = false) {          \
    (void)switches;                                                                                \
    return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,               \
                             [&](unsigned i) { return (a.v[i] OP b.v[i]) ? c.v[i] : d.v[i]; });   \
  }                                                                                                \
  inline R v_##RT##_sel_##NAME##_##CT##_vb(const C& a, const C& b, const R& c, const R& d,        \
                                           int switches, const R& income,                          \
                                           const acosim_tpcc::Pred<R::lanes>& predicate,           \
                                           bool polarity = false) {                                \
    (void)switches;                                                                                \
    return acosim_tpcc::op_vb(acosim::habana::Slot::Vpu, income, predicate, polarity,              \
                              [&](unsigned i) { return (a.v[i] OP b.v[i]) ? c.v[i] : d.v[i]; });  \
  }
#define ACOSIM_TPC_SEL(RT, R, CT, C)            \
  ACOSIM_TPC_SEL1(RT, R, CT, C, eq, ==)         \
  ACOSIM_TPC_SEL1(RT, R, CT, C, neq, !=)        \
  ACOSIM_TPC_SEL1(RT, R, CT, C, less, <)        \
  ACOSIM_TPC_SEL1(RT, R, CT, C, leq, <=)        \
  ACOSIM_TPC_SEL1(RT, R, CT, C, grt, >)         \
  ACOSIM_TPC_SEL1(RT, R, CT, C, geq, >=)
#define ACOSIM_TPC_SEL_R64(CT, C) \
  ACOSIM_TPC_SEL(f32, float64, CT, C) ACOSIM_TPC_SEL(i32, int64, CT, C) ACOSIM_TPC_SEL(u32, uint64, CT, C)
ACOSIM_TPC_SEL_R64(f32, float64)
ACOSIM_TPC_SEL_R64(i32, int64)
ACOSIM_TPC_SEL_R64(u32, uint64)
#define ACOSIM_TPC_SEL_R128(CT, C)                                                               \
  ACOSIM_TPC_SEL(bf16, bfloat128, CT, C) ACOSIM_TPC_SEL(i16, short128, CT, C)                   \
  ACOSIM_TPC_SEL(u16, ushort128, CT, C)
ACOSIM_TPC_SEL_R128(bf16, bfloat128)
ACOSIM_TPC_SEL_R128(i16, short128)
ACOSIM_TPC_SEL_R128(u16, ushort128)
ACOSIM_TPC_SEL(i8, char256, i8, char256)
ACOSIM_TPC_SEL(i8, char256, u8, uchar256)
ACOSIM_TPC_SEL(u8, uchar256, i8, char256)
ACOSIM_TPC_SEL(u8, uchar256, u8, uchar256)
#undef ACOSIM_TPC_SEL_R64
#undef ACOSIM_TPC_SEL_R128
#undef ACOSIM_TPC_SEL
#undef ACOSIM_TPC_SEL1
#undef ACOSIM_TPC_BINARY

// Predicate-register logic (v_i1_*), one VPU instruction each.
#define ACOSIM_TPC_I1(NAME, OP)                                                                  \
  inline bool256 v_i1_##NAME##_b(const bool256& a, const bool256& b, int switches = 0,          \
                                 const bool256& income = bool256(), bool predicate = true,      \
                                 bool polarity = false) {                                        \
    (void)switches;                                                                              \
    return acosim_tpcc::cmp_b(income, predicate, polarity,                                       \
                              [&](unsigned i) { return ((a.v[i] OP b.v[i]) & 1) != 0; });        \
  }
ACOSIM_TPC_I1(and, &)
ACOSIM_TPC_I1(or, |)
ACOSIM_TPC_I1(xor, ^)
#undef ACOSIM_TPC_I1
inline bool256 v_i1_not_b(const bool256& a, int switches = 0, const bool256& income = bool256(),
                          bool predicate = true, bool polarity = false) {
  (void)switches;
  return acosim_tpcc::cmp_b(income, predicate, polarity, [&](unsigned i) { return a.v[i] == 0; });
}
inline bool256 v_i1_mov_b(const bool256& a, int switches = 0, const bool256& income = bool256(),
                          bool predicate = true, bool polarity = false) {
  (void)switches;
  return acosim_tpcc::cmp_b(income, predicate, polarity, [&](unsigned i) { return a.v[i] != 0; });
}

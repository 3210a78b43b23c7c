// C operators on TPC-C vectors (clang ext_vector semantics): lane-wise,
// a scalar operand broadcast to all lanes, each operator one VPU
// instruction. Integer shifts take the count modulo the lane width (the
// host would otherwise have undefined behaviour; ASSUMED to match SHL/SHR).
// int5 arithmetic is index-register arithmetic: one SPU instruction.
#pragma once

#include <type_traits>

#include "sw/habana/tpc_c/types.h"

namespace acosim::habana::tpc_c {

template <class E>
constexpr bool is_int_lane_v = std::is_integral_v<E>;

template <class E, unsigned N, class F>
inline Vec<E, N> lanewise(const Vec<E, N>& a, const Vec<E, N>& b, F f) {
  count(Slot::Vpu);
  Vec<E, N> r{NoInit{}};
  for (unsigned i = 0; i < N; ++i) r.v[i] = static_cast<E>(f(a.v[i], b.v[i]));
  return r;
}

template <class E>
inline E shift_count(E b) {
  return static_cast<E>(static_cast<unsigned>(b) & (sizeof(E) * 8 - 1));
}

#define ACOSIM_TPC_VEC_BINOP(OP, CONSTRAINT, EXPR)                                             \
  template <class E, unsigned N, std::enable_if_t<CONSTRAINT, int> = 0>                       \
  inline Vec<E, N> operator OP(const Vec<E, N>& a, const Vec<E, N>& b) {                      \
    return lanewise(a, b, [](E x, E y) { return EXPR; });                                      \
  }                                                                                             \
  template <class E, unsigned N, class S,                                                      \
            std::enable_if_t<(CONSTRAINT) && is_lane_scalar_v<S>, int> = 0>                   \
  inline Vec<E, N> operator OP(const Vec<E, N>& a, S s) {                                     \
    return a OP Vec<E, N>(s);                                                                   \
  }                                                                                             \
  template <class E, unsigned N, class S,                                                      \
            std::enable_if_t<(CONSTRAINT) && is_lane_scalar_v<S>, int> = 0>                   \
  inline Vec<E, N> operator OP(S s, const Vec<E, N>& b) {                                     \
    return Vec<E, N>(s) OP b;                                                                   \
  }                                                                                             \
  template <class E, unsigned N, class T, std::enable_if_t<CONSTRAINT, int> = 0>              \
  inline Vec<E, N>& operator OP##=(Vec<E, N>& a, const T& b) {                                \
    a = a OP b;                                                                                 \
    return a;                                                                                   \
  }

ACOSIM_TPC_VEC_BINOP(+, true, x + y)
ACOSIM_TPC_VEC_BINOP(-, true, x - y)
ACOSIM_TPC_VEC_BINOP(*, true, x * y)
ACOSIM_TPC_VEC_BINOP(/, true, x / y)
ACOSIM_TPC_VEC_BINOP(&, is_int_lane_v<E>, x & y)
ACOSIM_TPC_VEC_BINOP(|, is_int_lane_v<E>, x | y)
ACOSIM_TPC_VEC_BINOP(^, is_int_lane_v<E>, x ^ y)
ACOSIM_TPC_VEC_BINOP(<<, is_int_lane_v<E>, static_cast<std::make_unsigned_t<E>>(x) << shift_count(y))
ACOSIM_TPC_VEC_BINOP(>>, is_int_lane_v<E>, x >> shift_count(y))
#undef ACOSIM_TPC_VEC_BINOP

template <class E, unsigned N>
inline Vec<E, N> operator-(const Vec<E, N>& a) {
  count(Slot::Vpu);
  Vec<E, N> r{NoInit{}};
  for (unsigned i = 0; i < N; ++i) r.v[i] = static_cast<E>(-a.v[i]);
  return r;
}
template <class E, unsigned N>
inline Vec<E, N> operator+(const Vec<E, N>& a) {
  return a;
}
template <class E, unsigned N, std::enable_if_t<is_int_lane_v<E>, int> = 0>
inline Vec<E, N> operator~(const Vec<E, N>& a) {
  count(Slot::Vpu);
  Vec<E, N> r{NoInit{}};
  for (unsigned i = 0; i < N; ++i) r.v[i] = static_cast<E>(~a.v[i]);
  return r;
}

// Predicate registers: bitwise logic, one VPU instruction each.
#define ACOSIM_TPC_PRED_BINOP(OP)                                      \
  template <unsigned N>                                                \
  inline Pred<N> operator OP(const Pred<N>& a, const Pred<N>& b) {     \
    count(Slot::Vpu);                                                  \
    Pred<N> r;                                                         \
    for (unsigned i = 0; i < N; ++i) r.v[i] = (a.v[i] OP b.v[i]) & 1;  \
    return r;                                                          \
  }
ACOSIM_TPC_PRED_BINOP(&)
ACOSIM_TPC_PRED_BINOP(|)
ACOSIM_TPC_PRED_BINOP(^)
#undef ACOSIM_TPC_PRED_BINOP
template <unsigned N>
inline Pred<N> operator~(const Pred<N>& a) {
  count(Slot::Vpu);
  Pred<N> r;
  for (unsigned i = 0; i < N; ++i) r.v[i] = a.v[i] ^ 1;
  return r;
}

// int5: lane-wise over the five coordinates.
#define ACOSIM_TPC_INT5_BINOP(OP)                                      \
  inline Int5 operator OP(const Int5& a, const Int5& b) {              \
    count(Slot::Spu);                                                  \
    Int5 r;                                                            \
    for (int i = 0; i < 5; ++i) r.v[i] = a.v[i] OP b.v[i];             \
    return r;                                                          \
  }                                                                    \
  inline Int5& operator OP##=(Int5& a, const Int5& b) {                \
    a = a OP b;                                                        \
    return a;                                                          \
  }
ACOSIM_TPC_INT5_BINOP(+)
ACOSIM_TPC_INT5_BINOP(-)
ACOSIM_TPC_INT5_BINOP(*)
ACOSIM_TPC_INT5_BINOP(&)
ACOSIM_TPC_INT5_BINOP(|)
ACOSIM_TPC_INT5_BINOP(^)
#undef ACOSIM_TPC_INT5_BINOP

}  // namespace acosim::habana::tpc_c

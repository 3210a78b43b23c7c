// SPU intrinsics: scalar arithmetic, compare, logic and MAC (s_*), scalar
// predicates (s_i1_*) and index-register arithmetic on int5 (i_i32_*).
// Each intrinsic is one SPU instruction.
#pragma once

#include "sw/habana/tpc_c/vector_ops.h"

#define ACOSIM_TPC_SCALAR_TYPES(X) \
  X(f32, float)                    \
  X(bf16, bf16)                    \
  X(i32, int32_t)                  \
  X(u32, uint32_t)                 \
  X(i16, int16_t)                  \
  X(u16, uint16_t)                 \
  X(i8, int8_t)                    \
  X(u8, uint8_t)

#define ACOSIM_TPC_S_BINARY(T, S, NAME, EXPR)                                                  \
  inline S s_##T##_##NAME(S a, S b, int switches = 0, S income = S(), bool predicate = true,  \
                          bool polarity = false) {                                            \
    (void)switches;                                                                           \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> S { return EXPR; });       \
  }
#define ACOSIM_TPC_S_CMP(T, S, NAME, EXPR)                                                        \
  inline bool s_##T##_cmp_##NAME(S a, S b, int switches = 0, bool income = false,               \
                                 bool predicate = true, bool polarity = false) {                 \
    (void)switches;                                                                               \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> bool { return EXPR; });       \
  }
#define ACOSIM_TPC_S_ALL(T, S)                                                 \
  ACOSIM_TPC_S_BINARY(T, S, add, acosim_tpcc::add_lane(a, b, switches))        \
  ACOSIM_TPC_S_BINARY(T, S, sub, acosim_tpcc::sub_lane(a, b, switches))        \
  ACOSIM_TPC_S_BINARY(T, S, max, acosim_tpcc::max_lane(a, b, switches))        \
  ACOSIM_TPC_S_BINARY(T, S, min, acosim_tpcc::min_lane(a, b, switches))        \
  ACOSIM_TPC_S_CMP(T, S, eq, acosim_tpcc::eq_lane(a, b, switches))             \
  ACOSIM_TPC_S_CMP(T, S, neq, !(a == b))                                       \
  ACOSIM_TPC_S_CMP(T, S, less, a < b)                                          \
  ACOSIM_TPC_S_CMP(T, S, leq, a <= b)                                          \
  ACOSIM_TPC_S_CMP(T, S, grt, a > b)                                           \
  ACOSIM_TPC_S_CMP(T, S, geq, a >= b)                                          \
  inline S s_##T##_mov(S a, int switches = 0, S income = S(), bool predicate = true, \
                       bool polarity = false) {                                \
    (void)switches;                                                            \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> S { return a; }); \
  }
ACOSIM_TPC_SCALAR_TYPES(ACOSIM_TPC_S_ALL)
#undef ACOSIM_TPC_S_ALL

ACOSIM_TPC_S_BINARY(f32, float, mul, a * b)
ACOSIM_TPC_S_BINARY(bf16, bf16, mul, a * b)
ACOSIM_TPC_S_BINARY(i32, int32_t, mul, static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b)))
ACOSIM_TPC_S_BINARY(u32, uint32_t, mul, a * b)

#define ACOSIM_TPC_S_LOGIC(T, S)                                                                   \
  ACOSIM_TPC_S_BINARY(T, S, and, static_cast<S>(a & b))                                            \
  ACOSIM_TPC_S_BINARY(T, S, or, static_cast<S>(a | b))                                             \
  ACOSIM_TPC_S_BINARY(T, S, xor, static_cast<S>(a ^ b))                                            \
  ACOSIM_TPC_S_BINARY(T, S, shr, acosim_tpcc::shr_lane(a, b))                                      \
  ACOSIM_TPC_S_BINARY(T, S, shl, acosim_tpcc::shl_lane(a, b))                                      \
  inline S s_##T##_not(S a, int switches = 0, S income = S(), bool predicate = true,              \
                       bool polarity = false) {                                                    \
    (void)switches;                                                                                \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> S { return static_cast<S>(~a); }); \
  }                                                                                                \
  inline S s_##T##_abs(S a, int switches = 0, S income = S(), bool predicate = true,              \
                       bool polarity = false) {                                                    \
    (void)switches;                                                                                \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> S { return acosim_tpcc::abs_lane(a); }); \
  }
ACOSIM_TPC_S_LOGIC(i32, int32_t)
ACOSIM_TPC_S_LOGIC(u32, uint32_t)
ACOSIM_TPC_S_LOGIC(i16, int16_t)
ACOSIM_TPC_S_LOGIC(u16, uint16_t)
ACOSIM_TPC_S_LOGIC(i8, int8_t)
ACOSIM_TPC_S_LOGIC(u8, uint8_t)
#undef ACOSIM_TPC_S_LOGIC

inline float s_f32_abs(float a, int switches = 0, float income = 0, bool predicate = true,
                       bool polarity = false) {
  (void)switches;
  return acosim_tpcc::op_s(income, predicate, polarity, [&] { return acosim_tpcc::abs_lane(a); });
}

/// MAC on the SPU: same rule as the VPU lanes (lane::mac_f32).
inline float s_f32_mac(float a, float b, float accumulator, int switches = 0, bool predicate = true,
                       bool polarity = false) {
  return acosim_tpcc::op_s(accumulator, predicate, polarity, [&] {
    return acosim::habana::lane::mac_f32(a, b, accumulator, (switches & SW_NEG) != 0);
  });
}

// Scalar predicates (SPRF).
#define ACOSIM_TPC_S_I1(NAME, EXPR)                                                          \
  inline bool s_i1_##NAME(bool a, bool b, int switches = 0, bool income = false,            \
                          bool predicate = true, bool polarity = false) {                   \
    (void)switches;                                                                          \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> bool { return EXPR; });  \
  }
ACOSIM_TPC_S_I1(and, a && b)
ACOSIM_TPC_S_I1(or, a || b)
ACOSIM_TPC_S_I1(xor, a != b)
#undef ACOSIM_TPC_S_I1
inline bool s_i1_not(bool a, int switches = 0, bool income = false, bool predicate = true,
                     bool polarity = false) {
  (void)switches;
  return acosim_tpcc::op_s(income, predicate, polarity, [&] { return !a; });
}
inline bool s_i1_mov(bool a, int switches = 0, bool income = false, bool predicate = true,
                     bool polarity = false) {
  (void)switches;
  return acosim_tpcc::op_s(income, predicate, polarity, [&] { return a; });
}
#undef ACOSIM_TPC_S_BINARY
#undef ACOSIM_TPC_S_CMP

// Index registers: the operation applies to the dimensions selected by
// dimmask (bit d = dimension d); the others keep income's coordinate.
#define ACOSIM_TPC_I_BINARY(NAME, OP)                                                             \
  inline int5 i_i32_##NAME(const int5& a, const int5& b, int dimmask, int switches,              \
                           const int5& income, bool predicate = true, bool polarity = false) {   \
    (void)switches;                                                                               \
    return acosim_tpcc::op_s(income, predicate, polarity, [&] {                                   \
      int5 r = income;                                                                            \
      for (int d = 0; d < 5; ++d)                                                                 \
        if (dimmask & (1 << d))                                                                   \
          r.v[d] = static_cast<int>(static_cast<uint32_t>(a.v[d]) OP static_cast<uint32_t>(b.v[d])); \
      return r;                                                                                   \
    });                                                                                           \
  }
ACOSIM_TPC_I_BINARY(add, +)
ACOSIM_TPC_I_BINARY(sub, -)
ACOSIM_TPC_I_BINARY(mul, *)
ACOSIM_TPC_I_BINARY(and, &)
ACOSIM_TPC_I_BINARY(or, |)
ACOSIM_TPC_I_BINARY(xor, ^)
#undef ACOSIM_TPC_I_BINARY
inline int5 i_i32_mov(const int5& a, int dimmask, int switches, const int5& income,
                      bool predicate = true, bool polarity = false) {
  (void)switches;
  return acosim_tpcc::op_s(income, predicate, polarity, [&] {
    int5 r = income;
    for (int d = 0; d < 5; ++d)
      if (dimmask & (1 << d)) r.v[d] = a.v[d];
    return r;
  });
}

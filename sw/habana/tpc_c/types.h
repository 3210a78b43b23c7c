// TPC-C data types on the host: the 2048-bit vector types, predicates,
// int5 coordinates, bf16 and the pair structures of tpc_llvm's
// clang/lib/Headers/tpc-defs.h, with the clang ext_vector semantics TPC-C
// code relies on: lane-wise operators (each one VPU instruction), scalar
// operands broadcast, element access v[i], and a C-style cast between two
// vector types of the same size reinterpreting the bits.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>

#include "sw/habana/tpc/lane_ops.h"
#include "sw/habana/tpc_c/runtime.h"

namespace acosim::habana::tpc_c {

/// bf16 scalar: the bit pattern, converted from other types by rounding to
/// nearest even (CONVERT's default) and computed in fp32 then rounded again.
struct Bf16 {
  uint16_t bits = 0;
  constexpr Bf16() = default;
  template <class S, std::enable_if_t<std::is_arithmetic_v<S>, int> = 0>
  Bf16(S s) : bits(lane::f32_to_bf16(static_cast<float>(s))) {}
  static Bf16 from_bits(uint16_t b) {
    Bf16 r;
    r.bits = b;
    return r;
  }
  // Explicit, so that bf16 + float picks the bf16 operators below instead
  // of being ambiguous.
  explicit operator float() const { return lane::bf16_to_f32(bits); }
};
inline float to_f32(Bf16 b) { return lane::bf16_to_f32(b.bits); }
inline Bf16 operator+(Bf16 a, Bf16 b) { return Bf16(to_f32(a) + to_f32(b)); }
inline Bf16 operator-(Bf16 a, Bf16 b) { return Bf16(to_f32(a) - to_f32(b)); }
inline Bf16 operator*(Bf16 a, Bf16 b) { return Bf16(to_f32(a) * to_f32(b)); }
inline Bf16 operator/(Bf16 a, Bf16 b) { return Bf16(to_f32(a) / to_f32(b)); }
inline Bf16 operator-(Bf16 a) { return Bf16::from_bits(static_cast<uint16_t>(a.bits ^ 0x8000u)); }
inline bool operator<(Bf16 a, Bf16 b) { return to_f32(a) < to_f32(b); }
inline bool operator>(Bf16 a, Bf16 b) { return to_f32(a) > to_f32(b); }
inline bool operator<=(Bf16 a, Bf16 b) { return to_f32(a) <= to_f32(b); }
inline bool operator>=(Bf16 a, Bf16 b) { return to_f32(a) >= to_f32(b); }
inline bool operator==(Bf16 a, Bf16 b) { return to_f32(a) == to_f32(b); }
inline bool operator!=(Bf16 a, Bf16 b) { return to_f32(a) != to_f32(b); }

template <class S>
constexpr bool is_lane_scalar_v = std::is_arithmetic_v<S> || std::is_same_v<S, Bf16>;

template <class To, class From>
inline To lane_cast(From f) {
  if constexpr (std::is_same_v<From, Bf16> && !std::is_same_v<To, Bf16>)
    return static_cast<To>(to_f32(f));
  else
    return static_cast<To>(f);
}

struct NoInit {};

/// One VRF register seen as N lanes of E (N * sizeof(E) == 256 bytes).
template <class E, unsigned N>
struct Vec {
  static_assert(sizeof(E) * N == kVectorBytes, "a vector register is 256 bytes");
  using element_type = E;
  static constexpr unsigned lanes = N;

  E v[N];

  Vec() : v() {}
  explicit Vec(NoInit) {}
  /// Scalar to vector: the value, converted to the lane type, in every lane.
  template <class S, std::enable_if_t<is_lane_scalar_v<S>, int> = 0>
  Vec(S s) {
    const E e = lane_cast<E>(s);
    for (unsigned i = 0; i < N; ++i) v[i] = e;
  }
  /// Vector to vector of another type: a bit reinterpretation (clang
  /// vector-cast semantics), as TPC-C's (int64)float_vector does.
  template <class E2, unsigned N2, std::enable_if_t<!std::is_same_v<E2, E>, int> = 0>
  explicit Vec(const Vec<E2, N2>& o) {
    std::memcpy(static_cast<void*>(v), static_cast<const void*>(o.v), kVectorBytes);
  }

  E& operator[](int i) { return v[i]; }
  const E& operator[](int i) const { return v[i]; }
};

/// VPRF register as seen by TPC-C: bool256 (one bit per byte lane),
/// bool128 and bool64 (one per 16-/32-bit lane). Stored one byte per lane
/// for simple lane loops.
template <unsigned N>
struct Pred {
  uint8_t v[N];
  Pred() : v() {}
  template <class S, std::enable_if_t<std::is_arithmetic_v<S>, int> = 0>
  Pred(S s) {
    for (unsigned i = 0; i < N; ++i) v[i] = s ? 1 : 0;
  }
  uint8_t& operator[](int i) { return v[i]; }
  const uint8_t& operator[](int i) const { return v[i]; }
};

/// IRF register: five 32-bit coordinates. A scalar splats to all five (as
/// clang's ext_vector does); a braced list fills the leading coordinates
/// and zeroes the rest (`int5 c = {0}`, `{d, w, h, b}`).
struct Int5 {
  int v[5];
  Int5() : v() {}
  template <class S, std::enable_if_t<std::is_integral_v<S>, int> = 0>
  Int5(S s) : v{static_cast<int>(s), static_cast<int>(s), static_cast<int>(s), static_cast<int>(s),
                static_cast<int>(s)} {}
  Int5(std::initializer_list<long long> list) : v() {
    int i = 0;
    for (long long x : list) {
      if (i < 5) v[i] = static_cast<int>(x);
      ++i;
    }
  }
  int& operator[](int i) { return v[i]; }
  const int& operator[](int i) const { return v[i]; }
};

/// Pair and quad structures mapped to register pairs (tpc-defs.h).
template <class A, class B>
struct Pair {
  A v1;
  B v2;
};
template <class A>
struct Quad {
  A v1, v2, v3, v4;
};

/// A kernel's tensor parameter: its index in the kernel's tensor list.
/// A distinct type so the entry glue tells tensors from int scalars.
struct Tensor {
  int id = 0;
  constexpr operator int() const { return id; }
};

}  // namespace acosim::habana::tpc_c

// ---------------------------------------------------- TPC-C type names ----

typedef acosim::habana::tpc_c::Bf16 bf16;
typedef acosim::habana::tpc_c::Bf16 bfloat;
typedef acosim::habana::tpc_c::Vec<float, 64> float64;
typedef acosim::habana::tpc_c::Vec<int32_t, 64> int64;
typedef acosim::habana::tpc_c::Vec<uint32_t, 64> uint64;
typedef acosim::habana::tpc_c::Vec<acosim::habana::tpc_c::Bf16, 128> bfloat128;
typedef acosim::habana::tpc_c::Vec<int16_t, 128> short128;
typedef acosim::habana::tpc_c::Vec<uint16_t, 128> ushort128;
typedef acosim::habana::tpc_c::Vec<int8_t, 256> char256;
typedef acosim::habana::tpc_c::Vec<uint8_t, 256> uchar256;
typedef acosim::habana::tpc_c::Pred<256> bool256;
typedef acosim::habana::tpc_c::Pred<128> bool128;
typedef acosim::habana::tpc_c::Pred<64> bool64;
typedef acosim::habana::tpc_c::Int5 int5;
typedef acosim::habana::tpc_c::Tensor tensor;

#define ACOSIM_TPC_PAIR(NAME, A, B) typedef acosim::habana::tpc_c::Pair<A, B> NAME;
ACOSIM_TPC_PAIR(float64_pair_t, float64, float64)
ACOSIM_TPC_PAIR(float64_float64_pair_t, float64, float64)
ACOSIM_TPC_PAIR(float128, float64, float64)
ACOSIM_TPC_PAIR(float64_int64_pair_t, float64, int64)
ACOSIM_TPC_PAIR(float64_uint64_pair_t, float64, uint64)
ACOSIM_TPC_PAIR(int64_float64_pair_t, int64, float64)
ACOSIM_TPC_PAIR(int64_pair_t, int64, int64)
ACOSIM_TPC_PAIR(int64_int64_pair_t, int64, int64)
ACOSIM_TPC_PAIR(int128, int64, int64)
ACOSIM_TPC_PAIR(int64_uint64_pair_t, int64, uint64)
ACOSIM_TPC_PAIR(uint64_float64_pair_t, uint64, float64)
ACOSIM_TPC_PAIR(uint64_int64_pair_t, uint64, int64)
ACOSIM_TPC_PAIR(uint64_pair_t, uint64, uint64)
ACOSIM_TPC_PAIR(uint64_uint64_pair_t, uint64, uint64)
ACOSIM_TPC_PAIR(uint128, uint64, uint64)
ACOSIM_TPC_PAIR(bfloat128_pair_t, bfloat128, bfloat128)
ACOSIM_TPC_PAIR(bfloat128_bfloat128_pair_t, bfloat128, bfloat128)
ACOSIM_TPC_PAIR(bfloat256, bfloat128, bfloat128)
ACOSIM_TPC_PAIR(bfloat128_short128_pair_t, bfloat128, short128)
ACOSIM_TPC_PAIR(bfloat128_ushort128_pair_t, bfloat128, ushort128)
ACOSIM_TPC_PAIR(short128_bfloat128_pair_t, short128, bfloat128)
ACOSIM_TPC_PAIR(ushort128_bfloat128_pair_t, ushort128, bfloat128)
ACOSIM_TPC_PAIR(short128_pair_t, short128, short128)
ACOSIM_TPC_PAIR(short128_short128_pair_t, short128, short128)
ACOSIM_TPC_PAIR(short256, short128, short128)
ACOSIM_TPC_PAIR(short128_ushort128_pair_t, short128, ushort128)
ACOSIM_TPC_PAIR(ushort128_short128_pair_t, ushort128, short128)
ACOSIM_TPC_PAIR(ushort128_pair_t, ushort128, ushort128)
ACOSIM_TPC_PAIR(ushort128_ushort128_pair_t, ushort128, ushort128)
ACOSIM_TPC_PAIR(ushort256, ushort128, ushort128)
ACOSIM_TPC_PAIR(char256_pair_t, char256, char256)
ACOSIM_TPC_PAIR(char256_char256_pair_t, char256, char256)
ACOSIM_TPC_PAIR(char512, char256, char256)
ACOSIM_TPC_PAIR(char256_uchar256_pair_t, char256, uchar256)
ACOSIM_TPC_PAIR(uchar256_char256_pair_t, uchar256, char256)
ACOSIM_TPC_PAIR(uchar256_pair_t, uchar256, uchar256)
ACOSIM_TPC_PAIR(uchar256_uchar256_pair_t, uchar256, uchar256)
ACOSIM_TPC_PAIR(uchar512, uchar256, uchar256)
ACOSIM_TPC_PAIR(uint32_t_pair_t, unsigned int, unsigned int)
ACOSIM_TPC_PAIR(int32_t_pair_t, int, int)
// Short names used by the intrinsic declarations (tpc-intrinsics.h).
ACOSIM_TPC_PAIR(float64_int64, float64, int64)
ACOSIM_TPC_PAIR(float64_uint64, float64, uint64)
ACOSIM_TPC_PAIR(int64_float64, int64, float64)
ACOSIM_TPC_PAIR(int64_uint64, int64, uint64)
ACOSIM_TPC_PAIR(uint64_float64, uint64, float64)
ACOSIM_TPC_PAIR(uint64_int64, uint64, int64)
#undef ACOSIM_TPC_PAIR
typedef acosim::habana::tpc_c::Quad<float64> float256;
typedef acosim::habana::tpc_c::Quad<int64> int256;
typedef acosim::habana::tpc_c::Quad<uint64> uint256;

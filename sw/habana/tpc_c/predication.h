// The predication contract shared by every intrinsic (tpc-intrinsics.h
// header comment): `(…, income, predicate, polarity)` — the
// operation takes effect when predicate != polarity, else the result is
// income. `_vb` forms merge lane by lane: lane i is the operation's lane
// when pred[i] != polarity, else income's lane i.
#pragma once

#include "sw/habana/tpc_c/types.h"

namespace acosim::habana::tpc_c {

/// Scalar-predicated vector instruction in `slot`; `lane(i)` computes lane i.
template <class V, class F>
inline V op_b(Slot slot, const V& income, bool predicate, bool polarity, F lane) {
  count(slot);
  if (predicate == polarity) return income;
  V r{NoInit{}};
  for (unsigned i = 0; i < V::lanes; ++i) r.v[i] = lane(i);
  return r;
}

/// Vector-predicated form: per-lane merge with income.
template <class V, class F>
inline V op_vb(Slot slot, const V& income, const Pred<V::lanes>& predicate, bool polarity, F lane) {
  count(slot);
  V r{NoInit{}};
  const uint8_t on = polarity ? 0 : 1;
  for (unsigned i = 0; i < V::lanes; ++i)
    r.v[i] = (predicate.v[i] == on) ? lane(i) : income.v[i];
  return r;
}

/// Compare into a predicate register, scalar predicate.
template <unsigned N, class F>
inline Pred<N> cmp_b(const Pred<N>& income, bool predicate, bool polarity, F lane) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  Pred<N> r;
  for (unsigned i = 0; i < N; ++i) r.v[i] = lane(i) ? 1 : 0;
  return r;
}

template <unsigned N, class F>
inline Pred<N> cmp_vb(const Pred<N>& income, const Pred<N>& predicate, bool polarity, F lane) {
  count(Slot::Vpu);
  Pred<N> r;
  const uint8_t on = polarity ? 0 : 1;
  for (unsigned i = 0; i < N; ++i)
    r.v[i] = (predicate.v[i] == on) ? (lane(i) ? 1 : 0) : income.v[i];
  return r;
}

/// Scalar (SPU) instruction.
template <class T, class F>
inline T op_s(const T& income, bool predicate, bool polarity, F f) {
  count(Slot::Spu);
  if (predicate == polarity) return income;
  return f();
}

/// Predicate reinterpretations (compiler builtins to_bool64 & co. in
/// tpc_llvm's BuiltinsTPC.def; no instruction). The VPRF holds one bit per
/// byte of a vector register; a 32-bit lane's predicate is ASSUMED to be
/// the bit of its lowest byte, a 16-bit lane's likewise, and widening
/// replicates a lane's bit over all its bytes.
template <unsigned To, unsigned From>
inline Pred<To> narrow_pred(const Pred<From>& p) {
  Pred<To> r;
  constexpr unsigned step = From / To;
  for (unsigned i = 0; i < To; ++i) r.v[i] = p.v[i * step];
  return r;
}
template <unsigned To, unsigned From>
inline Pred<To> widen_pred(const Pred<From>& p) {
  Pred<To> r;
  constexpr unsigned step = To / From;
  for (unsigned i = 0; i < To; ++i) r.v[i] = p.v[i / step];
  return r;
}

}  // namespace acosim::habana::tpc_c

/// Short name for the intrinsic definitions, which live in the global
/// namespace because TPC-C code calls them unqualified.
namespace acosim_tpcc = acosim::habana::tpc_c;

inline bool64 to_bool64(const bool256& p) { return acosim::habana::tpc_c::narrow_pred<64>(p); }
inline bool128 to_bool128(const bool256& p) { return acosim::habana::tpc_c::narrow_pred<128>(p); }
inline bool256 from_bool64(const bool64& p) { return acosim::habana::tpc_c::widen_pred<256>(p); }
inline bool256 from_bool128(const bool128& p) { return acosim::habana::tpc_c::widen_pred<256>(p); }

// Lane-moving intrinsics: MOV_DUAL_GROUP (+_ALL), MOV_GROUP, SHUFFLE,
// UNPACK, PACK, and the reduction library functions built on them.
//
// Geometry (tpc-intrinsics.h, cast_bf16_to_f32 comments): a 256-byte
// vector is 4 dual groups of 64 bytes, each 2 groups of 32 bytes (group 0
// the lower). Byte masks of MOV_DUAL_GROUP / MOV_GROUP have one bit per
// byte of a group.
#pragma once

#include <cstring>

#include "sw/habana/tpc_c/vector_ops.h"

namespace acosim::habana::tpc_c {

template <class V>
inline const uint8_t* bytes(const V& v) {
  return reinterpret_cast<const uint8_t*>(v.v);
}
template <class V>
inline uint8_t* bytes(V& v) {
  return reinterpret_cast<uint8_t*>(v.v);
}

/// Copies group `group` (0 lower, 1 upper) of dual group src_dg of a into
/// the same group of dual group dst_dg of r, bytes selected by mask.
template <class V>
inline void copy_group(const V& a, int src_dg, V& r, int dst_dg, int group, uint32_t mask) {
  const uint8_t* s = bytes(a) + 64 * (src_dg & 3) + 32 * group;
  uint8_t* d = bytes(r) + 64 * (dst_dg & 3) + 32 * group;
  for (int j = 0; j < 32; ++j)
    if ((mask >> j) & 1u) d[j] = s[j];
}

/// MOV_DUAL_GROUP: dual group src_dg of a to dual group dst_dg of the
/// result, the groups enabled by SW_WR_LOWER_GROUP / SW_WR_UPPER_GROUP,
/// the bytes enabled by mask; everything else is income.
template <class V>
inline V mov_dual_group(const V& a, uint32_t mask, int src_dg, int dst_dg, int sw, const V& income,
                        bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r = income;
  if (sw & SW_WR_LOWER_GROUP) copy_group(a, src_dg, r, dst_dg, 0, mask);
  if (sw & SW_WR_UPPER_GROUP) copy_group(a, src_dg, r, dst_dg, 1, mask);
  return r;
}

/// MOV_DUAL_GROUP ALL: dual group d of the result from dual group sdg[d],
/// groups enabled by SW_WR_LOWER_GROUPd / SW_WR_UPPER_GROUPd (bits 16+2d,
/// 17+2d).
template <class V>
inline V mov_dual_group_all(const V& a, uint32_t mask, const int sdg[4], int sw, const V& income,
                            bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r = income;
  for (int d = 0; d < 4; ++d) {
    if (sw & (1 << (16 + 2 * d))) copy_group(a, sdg[d], r, d, 0, mask);
    if (sw & (1 << (17 + 2 * d))) copy_group(a, sdg[d], r, d, 1, mask);
  }
  return r;
}

/// MOV_GROUP: within each dual group enabled by SW_DUAL_GROUPd_EN, group g
/// of the result (enabled by SW_GROUPg_EN) takes the other group of a.
/// ASSUMED from its use in tpc_llvm's reduction functions ("switch groups
/// g0 <-> g1").
template <class V>
inline V mov_group(const V& a, uint32_t mask, int sw, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r = income;
  for (int d = 0; d < 4; ++d) {
    if (!(sw & (SW_DUAL_GROUP0_EN << d))) continue;
    for (int g = 0; g < 2; ++g) {
      if (!(sw & (SW_GROUP0_EN << g))) continue;
      const uint8_t* s = bytes(a) + 64 * d + 32 * (1 - g);
      uint8_t* t = bytes(r) + 64 * d + 32 * g;
      for (int j = 0; j < 32; ++j)
        if ((mask >> j) & 1u) t[j] = s[j];
    }
  }
  return r;
}

/// SHUFFLE: DEST[i] = a[src] within i's dual group, src given by byte i of
/// b: bits 0..4 element within the group, bit 5 the group, bit 7 enable
/// (a lane whose enable bit is clear keeps income). Byte i of b drives
/// element i (the documented DEST[i]=a[b[i]]).
template <class V>
inline V shuffle(const V& a, const uchar256& b, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  constexpr unsigned per_dg = V::lanes / 4, per_group = V::lanes / 8;
  V r = income;
  for (unsigned i = 0; i < V::lanes; ++i) {
    const uint8_t sel = b.v[i];
    if (!(sel & 0x80u)) continue;
    const unsigned src = (i / per_dg) * per_dg + ((sel >> 5) & 1u) * per_group + (sel & 0x1fu) % per_group;
    r.v[i] = a.v[src];
  }
  return r;
}

/// UNPACK: per dual group, elements of group GROUP_SOURCE (bit 8) spread to
/// every 2nd (SW_STRIDE_2) or 4th (SW_STRIDE_4, bit 9) lane of the dual
/// group, the other lanes zero. When the group has more elements than fit,
/// GROUP_HALF (bit 10) picks the lower or upper part.
template <class V>
inline V unpack(const V& a, int sw, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  constexpr unsigned per_dg = V::lanes / 4, per_group = V::lanes / 8;
  const unsigned stride = (sw & SW_STRIDE_4) ? 4 : 2;
  const unsigned taken = per_dg / stride;
  const unsigned group = (sw & SW_GROUP_1) ? 1 : 0;
  const unsigned start = taken < per_group && (sw & SW_GROUP_HALF_1) ? taken : 0;
  V r;
  for (unsigned dg = 0; dg < 4; ++dg)
    for (unsigned k = 0; k < taken; ++k)
      r.v[dg * per_dg + k * stride] = a.v[dg * per_dg + group * per_group + start + k];
  return r;
}

/// PACK: the inverse of UNPACK — every 2nd / 4th lane of each dual group
/// gathered into group GROUP_SOURCE of that dual group, the rest zero.
template <class V>
inline V pack(const V& a, int sw, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  constexpr unsigned per_dg = V::lanes / 4, per_group = V::lanes / 8;
  const unsigned stride = (sw & SW_STRIDE_4) ? 4 : 2;
  const unsigned taken = per_dg / stride < per_group ? per_dg / stride : per_group;
  const unsigned group = (sw & SW_GROUP_1) ? 1 : 0;
  V r;
  for (unsigned dg = 0; dg < 4; ++dg)
    for (unsigned k = 0; k < taken; ++k)
      r.v[dg * per_dg + group * per_group + k] = a.v[dg * per_dg + k * stride];
  return r;
}

/// v_<t>_reduce_<op> of tpc_llvm's tpc-reduction_functions_core.h: a
/// butterfly — swap dual groups 0<->1/2<->3, then 0<->2/1<->3, then the two
/// groups, then shuffles of neighbours at distance 1, 2, 4 (, 8 for 16-bit
/// lanes) — each step combining a lane with its partner, so every lane ends
/// with the full reduction in the same operation order. Issued as the
/// library does: two LOOKUPs for the shuffle maps (load slot; marks the
/// program as using special functions) and per step one move plus one op.
template <class V, class Op>
inline V reduce(const V& x, Op op) {
  constexpr unsigned n = V::lanes, per_dg = n / 4, per_group = n / 8;
  const unsigned distances[] = {per_dg, 2 * per_dg, per_group, 1, 2, 4, 8};
  const unsigned steps = per_group == 8 ? 6 : 7;
  count(Slot::Load, 2);
  if (g_services) g_services->special_functions_used();
  count(Slot::Vpu, 2 * steps);
  V cur = x;
  for (unsigned s = 0; s < steps; ++s) {
    V next{NoInit{}};
    for (unsigned i = 0; i < n; ++i) next.v[i] = op(cur.v[i], cur.v[i ^ distances[s]]);
    cur = next;
  }
  return cur;
}

}  // namespace acosim::habana::tpc_c

#define ACOSIM_TPC_PERMUTE(T, V)                                                                        \
  inline V v_##T##_mov_dual_group_b(const V& a, uint32_t b, int src_dg, int dest_dg, int switches,     \
                                    const V& income, bool predicate = true, bool polarity = false) {   \
    return acosim_tpcc::mov_dual_group(a, b, src_dg, dest_dg, switches, income, predicate, polarity);  \
  }                                                                                                     \
  inline V v_##T##_mov_dual_group_all_b(const V& a, uint32_t b, int sdg0, int sdg1, int sdg2, int sdg3, \
                                        int switches, const V& income, bool predicate = true,          \
                                        bool polarity = false) {                                       \
    const int sdg[4] = {sdg0, sdg1, sdg2, sdg3};                                                        \
    return acosim_tpcc::mov_dual_group_all(a, b, sdg, switches, income, predicate, polarity);          \
  }                                                                                                     \
  inline V v_##T##_mov_group_b(const V& a, uint32_t b, int switches, const V& income,                  \
                               bool predicate = true, bool polarity = false) {                         \
    return acosim_tpcc::mov_group(a, b, switches, income, predicate, polarity);                        \
  }                                                                                                     \
  inline V v_##T##_shuffle_b(const V& a, const uchar256& b, int switches, const V& income,             \
                             bool predicate = true, bool polarity = false) {                           \
    (void)switches;                                                                                     \
    return acosim_tpcc::shuffle(a, b, income, predicate, polarity);                                    \
  }
ACOSIM_TPC_ALL_TYPES(ACOSIM_TPC_PERMUTE)
#undef ACOSIM_TPC_PERMUTE

#define ACOSIM_TPC_PACKING(T, V)                                                                       \
  inline V v_##T##_unpack_b(const V& a, int switches, const V& income, bool predicate = true,         \
                            bool polarity = false) {                                                   \
    return acosim_tpcc::unpack(a, switches, income, predicate, polarity);                              \
  }                                                                                                    \
  inline V v_##T##_pack_b(const V& a, int switches, const V& income, bool predicate = true,           \
                          bool polarity = false) {                                                     \
    return acosim_tpcc::pack(a, switches, income, predicate, polarity);                                \
  }
ACOSIM_TPC_PACKING(bf16, bfloat128)
ACOSIM_TPC_PACKING(i16, short128)
ACOSIM_TPC_PACKING(u16, ushort128)
ACOSIM_TPC_PACKING(i8, char256)
ACOSIM_TPC_PACKING(u8, uchar256)
#undef ACOSIM_TPC_PACKING

#define ACOSIM_TPC_REDUCE(T, V)                                                                      \
  inline V v_##T##_reduce_add(const V& x) {                                                          \
    return acosim_tpcc::reduce(x, [](auto a, auto b) { return acosim_tpcc::add_lane(a, b, 0); });    \
  }                                                                                                  \
  inline V v_##T##_reduce_max(const V& x) {                                                          \
    return acosim_tpcc::reduce(x, [](auto a, auto b) { return acosim_tpcc::max_lane(a, b, 0); });    \
  }                                                                                                  \
  inline V v_##T##_reduce_min(const V& x) {                                                          \
    return acosim_tpcc::reduce(x, [](auto a, auto b) { return acosim_tpcc::min_lane(a, b, 0); });    \
  }
ACOSIM_TPC_REDUCE(f32, float64)
ACOSIM_TPC_REDUCE(i32, int64)
ACOSIM_TPC_REDUCE(u32, uint64)
ACOSIM_TPC_REDUCE(bf16, bfloat128)
ACOSIM_TPC_REDUCE(i16, short128)
ACOSIM_TPC_REDUCE(u16, ushort128)
#undef ACOSIM_TPC_REDUCE

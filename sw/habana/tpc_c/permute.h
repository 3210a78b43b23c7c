// Lane-moving intrinsics: MOV_DUAL_GROUP (+_ALL), MOV_GROUP, SHUFFLE,
// UNPACK, PACK (the byte rules of sw/habana/tpc/vector_permute.h, which the
// VLIW core uses too), and the reduction library functions built on them.
#pragma once

#include <cstring>

#include "sw/habana/tpc/vector_permute.h"
#include "sw/habana/tpc_c/vector_ops.h"

namespace acosim::habana::tpc_c {

/// MOV_DUAL_GROUP: permute::mov_dual_group; switches SW_WR_LOWER_GROUP /
/// SW_WR_UPPER_GROUP.
template <class V>
inline V mov_dual_group(const V& a, uint32_t mask, int src_dg, int dst_dg, int sw, const V& income,
                        bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r = income;
  permute::mov_dual_group(bytes(a), bytes(r), mask, static_cast<unsigned>(src_dg), static_cast<unsigned>(dst_dg),
                          (sw & SW_WR_LOWER_GROUP) != 0, (sw & SW_WR_UPPER_GROUP) != 0);
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
  unsigned source[4], enable[4];
  for (int d = 0; d < 4; ++d) {
    source[d] = static_cast<unsigned>(sdg[d]);
    enable[d] = (static_cast<unsigned>(sw) >> (16 + 2 * d)) & 3u;
  }
  permute::mov_dual_group_all(bytes(a), bytes(r), mask, source, enable);
  return r;
}

/// MOV_GROUP: permute::mov_group; SW_GROUPg_EN bits 0..1,
/// SW_DUAL_GROUPd_EN bits 2..5.
template <class V>
inline V mov_group(const V& a, uint32_t mask, int sw, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r = income;
  permute::mov_group(bytes(a), bytes(r), mask, static_cast<unsigned>(sw) & 3u, (static_cast<unsigned>(sw) >> 2) & 15u);
  return r;
}

/// SHUFFLE: permute::shuffle, byte i of b driving element i.
template <class V>
inline V shuffle(const V& a, const uchar256& b, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r = income;
  permute::shuffle<sizeof(typename V::element_type)>(bytes(a), bytes(b), bytes(r));
  return r;
}

/// UNPACK: permute::unpack; GROUP_SOURCE bit 8, SW_STRIDE_4 bit 9,
/// GROUP_HALF bit 10.
template <class V>
inline V unpack(const V& a, int sw, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r{NoInit{}};
  permute::unpack<sizeof(typename V::element_type)>(bytes(a), bytes(r), (sw & SW_GROUP_1) ? 1 : 0,
                                                    (sw & SW_STRIDE_4) ? 4 : 2, (sw & SW_GROUP_HALF_1) != 0);
  return r;
}

/// PACK: permute::pack, the inverse of UNPACK.
template <class V>
inline V pack(const V& a, int sw, const V& income, bool predicate, bool polarity) {
  count(Slot::Vpu);
  if (predicate == polarity) return income;
  V r{NoInit{}};
  permute::pack<sizeof(typename V::element_type)>(bytes(a), bytes(r), (sw & SW_GROUP_1) ? 1 : 0,
                                                  (sw & SW_STRIDE_4) ? 4 : 2);
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

// Lane-moving rules of the Gaudi VPU on the 256 bytes of a vector register:
// MOV_DUAL_GROUP (+ ALL), MOV_GROUP, SHUFFLE, UNPACK and PACK. Shared by the
// TPC-C intrinsics (sw/habana/tpc_c/permute.h) and the VLIW core
// (systemc/habana/vliw), which both keep a vector as 256 bytes.
//
// Geometry (tpc-intrinsics.h MOV_DUAL_GROUP / MOV_GROUP, the
// cast_bf16_to_f32 kernel's comments): a vector is 4 dual groups of 64
// bytes, each 2 groups of 32 bytes (group 0 the lower). Byte masks have one
// bit per byte of a group. Bytes a rule does not write keep the
// destination's previous contents (the income), so callers pass the
// result buffer already holding it.
//
// Header-only, no dependency beyond the standard library.
#pragma once

#include <cstdint>
#include <cstring>

namespace acosim::habana::permute {

constexpr unsigned kVectorBytes = 256, kDualGroupBytes = 64, kGroupBytes = 32;

/// Group `group` (0 lower, 1 upper) of dual group src_dg of `a` into the
/// same group of dual group dst_dg of `r`, bytes selected by `mask`.
inline void copy_group(const uint8_t* a, unsigned src_dg, uint8_t* r, unsigned dst_dg, unsigned group,
                       uint32_t mask) {
  const uint8_t* s = a + kDualGroupBytes * (src_dg & 3u) + kGroupBytes * group;
  uint8_t* d = r + kDualGroupBytes * (dst_dg & 3u) + kGroupBytes * group;
  for (unsigned j = 0; j < kGroupBytes; ++j)
    if ((mask >> j) & 1u) d[j] = s[j];
}

/// MOV_DUAL_GROUP: dual group src_dg of `a` to dual group dst_dg of `r`,
/// the lower / upper group when enabled (SW_WR_LOWER_GROUP /
/// SW_WR_UPPER_GROUP; assembly wr_lg / wr_ug).
inline void mov_dual_group(const uint8_t* a, uint8_t* r, uint32_t mask, unsigned src_dg, unsigned dst_dg,
                           bool write_lower, bool write_upper) {
  if (write_lower) copy_group(a, src_dg, r, dst_dg, 0, mask);
  if (write_upper) copy_group(a, src_dg, r, dst_dg, 1, mask);
}

/// MOV_DUAL_GROUP ALL: dual group d of `r` from dual group sdg[d] of `a`;
/// write_enable[d] bit 0 enables its lower group, bit 1 its upper group
/// (SW_WR_LOWER_GROUPd / SW_WR_UPPER_GROUPd; assembly weg0..weg3).
inline void mov_dual_group_all(const uint8_t* a, uint8_t* r, uint32_t mask, const unsigned sdg[4],
                               const unsigned write_enable[4]) {
  for (unsigned d = 0; d < 4; ++d) {
    if (write_enable[d] & 1u) copy_group(a, sdg[d], r, d, 0, mask);
    if (write_enable[d] & 2u) copy_group(a, sdg[d], r, d, 1, mask);
  }
}

/// MOV_GROUP: within each dual group enabled in dual_group_en (bit d), group
/// g of `r` (enabled in group_en, bit g) takes the other group of `a`.
/// ASSUMED from its use in tpc_llvm's reduction functions ("switch groups
/// g0 <-> g1").
inline void mov_group(const uint8_t* a, uint8_t* r, uint32_t mask, unsigned group_en, unsigned dual_group_en) {
  for (unsigned d = 0; d < 4; ++d) {
    if (!((dual_group_en >> d) & 1u)) continue;
    for (unsigned g = 0; g < 2; ++g) {
      if (!((group_en >> g) & 1u)) continue;
      const uint8_t* s = a + kDualGroupBytes * d + kGroupBytes * (1 - g);
      uint8_t* t = r + kDualGroupBytes * d + kGroupBytes * g;
      for (unsigned j = 0; j < kGroupBytes; ++j)
        if ((mask >> j) & 1u) t[j] = s[j];
    }
  }
}

/// Moves element `from` of `a` to element `to` of `r`, elements of EB bytes.
template <unsigned EB>
inline void move_element(const uint8_t* a, unsigned from, uint8_t* r, unsigned to) {
  std::memcpy(r + to * EB, a + from * EB, EB);
}

/// SHUFFLE: element i of `r` = element src of `a` within i's dual group, src
/// given by byte i of `select`: bits 0..4 the element within the group,
/// bit 5 the group, bit 7 the enable (an element whose enable bit is clear
/// keeps the income). tpc-intrinsics.h SHUFFLE (DEST[i] = a[b[i]]).
template <unsigned EB>
inline void shuffle(const uint8_t* a, const uint8_t* select, uint8_t* r) {
  constexpr unsigned lanes = kVectorBytes / EB, per_dg = lanes / 4, per_group = lanes / 8;
  for (unsigned i = 0; i < lanes; ++i) {
    const uint8_t sel = select[i];
    if (!(sel & 0x80u)) continue;
    move_element<EB>(a, (i / per_dg) * per_dg + ((sel >> 5) & 1u) * per_group + (sel & 0x1fu) % per_group, r, i);
  }
}

/// UNPACK (tpc-intrinsics.h UNPACK): per dual group, the elements of group
/// `group` go to every `stride`-th element (2 or 4) of the dual group; when
/// the group has more elements than fit, `upper_half` takes its upper part.
/// Every other element of `r` is zero.
template <unsigned EB>
inline void unpack(const uint8_t* a, uint8_t* r, unsigned group, unsigned stride, bool upper_half) {
  constexpr unsigned lanes = kVectorBytes / EB, per_dg = lanes / 4, per_group = lanes / 8;
  const unsigned taken = per_dg / stride;
  const unsigned start = taken < per_group && upper_half ? taken : 0;
  std::memset(r, 0, kVectorBytes);
  for (unsigned dg = 0; dg < 4; ++dg)
    for (unsigned k = 0; k < taken; ++k)
      move_element<EB>(a, dg * per_dg + group * per_group + start + k, r, dg * per_dg + k * stride);
}

/// PACK (tpc-intrinsics.h PACK), the inverse of UNPACK: every `stride`-th
/// element of each dual group gathered into group `group` of that dual
/// group; every other element of `r` is zero.
template <unsigned EB>
inline void pack(const uint8_t* a, uint8_t* r, unsigned group, unsigned stride) {
  constexpr unsigned lanes = kVectorBytes / EB, per_dg = lanes / 4, per_group = lanes / 8;
  const unsigned taken = per_dg / stride < per_group ? per_dg / stride : per_group;
  std::memset(r, 0, kVectorBytes);
  for (unsigned dg = 0; dg < 4; ++dg)
    for (unsigned k = 0; k < taken; ++k)
      move_element<EB>(a, dg * per_dg + k * stride, r, dg * per_dg + group * per_group + k);
}

}  // namespace acosim::habana::permute

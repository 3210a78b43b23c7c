// Where the lanes of width-changing instructions go, and the per-vector
// rules built on those layouts, on the 256 bytes of vector registers.
// Shared by the TPC-C intrinsics (sw/habana/tpc_c: convert.h, vector_ops.h)
// and the VLIW core (systemc/habana/vliw/vpu.cpp).
//
//  * ALL_LANES between 16-bit and 32-bit lanes: 32-bit lane j of the pair's
//    first register holds narrow lane 2j, of the second register lane
//    2j+1. v_convert_bf16_to_f32_all_b / v_convert_f32_to_bf16_all_b use it;
//    the cast_bf16_to_f32 kernel's comments ("only save the v1 part, v2 are
//    0" after unpacking into even sub-lanes) and the softmax kernels' round
//    trips fix the order. bf16 MUL/MAC with ACC_FP32 (float128 results,
//    tpc-intrinsics.h v_bf16_mac_acc32_b) and the widening 16-bit integer
//    MUL/MAC (int128 results, v_i16_mul_b / v_i16_mac_b) use the same
//    layout (acosim's choice: Habana documents the pair types only).
//  * LANE_SEL between widths of ratio r (2 or 4): wide lane j pairs with
//    narrow lane j*r + lane_sel (tpc-intrinsics.h CONVERT down-convert:
//    "0: all even lanes, 1: all odd lanes"; v_convert_f32_to_bf16_single_b:
//    "every other lane, 0,2,4,6 ..."). A down-convert writes only those
//    narrow lanes (the others keep the income); an up-convert reads them.
//
// Header-only; depends on lane_ops.h.
#pragma once

#include <cstdint>
#include <cstring>

#include "sw/habana/tpc/lane_ops.h"

namespace acosim::habana::layout {

constexpr unsigned kVectorBytes = 256;

template <class T>
inline T get(const uint8_t* v, unsigned i) {
  T x;
  std::memcpy(&x, v + i * sizeof(T), sizeof(T));
  return x;
}
template <class T>
inline void put(uint8_t* v, unsigned i, T x) {
  std::memcpy(v + i * sizeof(T), &x, sizeof(T));
}

/// ALL_LANES: the narrow lane that 32-bit lane j of pair half h holds.
constexpr unsigned all_lanes_narrow(unsigned half, unsigned j) { return 2 * j + half; }
/// LANE_SEL: the narrow lane paired with wide lane j.
constexpr unsigned lane_sel_narrow(unsigned j, unsigned ratio, unsigned lane_sel) {
  return j * ratio + lane_sel;
}

/// bf16 MUL with ACC_FP32: the exact fp32 product of bf16 lanes (two 8-bit
/// significands fit fp32's 24 bits, so no rounding happens), in the
/// ALL_LANES layout of the pair (r1, r2).
inline void bf16_mul_acc32(const uint8_t* a, const uint8_t* b, uint8_t* r1, uint8_t* r2) {
  for (unsigned h = 0; h < 2; ++h) {
    uint8_t* r = h ? r2 : r1;
    for (unsigned j = 0; j < 64; ++j) {
      const unsigned n = all_lanes_narrow(h, j);
      put<float>(r, j, lane::bf16_to_f32(get<uint16_t>(a, n)) * lane::bf16_to_f32(get<uint16_t>(b, n)));
    }
  }
}

/// bf16 MAC with ACC_FP32: acc ± a*b in fp32 (lane::mac_f32, one rounding)
/// on the accumulator pair (acc1, acc2), updated in place.
inline void bf16_mac_acc32(const uint8_t* a, const uint8_t* b, uint8_t* acc1, uint8_t* acc2, bool negate) {
  for (unsigned h = 0; h < 2; ++h) {
    uint8_t* acc = h ? acc2 : acc1;
    for (unsigned j = 0; j < 64; ++j) {
      const unsigned n = all_lanes_narrow(h, j);
      put<float>(acc, j,
                 lane::mac_f32(lane::bf16_to_f32(get<uint16_t>(a, n)), lane::bf16_to_f32(get<uint16_t>(b, n)),
                               get<float>(acc, j), negate));
    }
  }
}

/// 16-bit integer MUL (Narrow int16_t / uint16_t): the exact 32-bit
/// products (Wide int32_t / uint32_t) in the ALL_LANES layout of the pair.
template <class Narrow, class Wide>
inline void int_mul_widen(const uint8_t* a, const uint8_t* b, uint8_t* r1, uint8_t* r2) {
  for (unsigned h = 0; h < 2; ++h) {
    uint8_t* r = h ? r2 : r1;
    for (unsigned j = 0; j < 64; ++j) {
      const unsigned n = all_lanes_narrow(h, j);
      const int64_t p = int64_t{get<Narrow>(a, n)} * int64_t{get<Narrow>(b, n)};
      put<Wide>(r, j, static_cast<Wide>(p));
    }
  }
}

/// 16-bit integer MAC into 32-bit accumulators (tpc-intrinsics.h
/// v_i16_mac_b: int128 accumulator): acc + a*b, wrapping, or saturated to
/// the accumulator's range with SW_SAT (lane::int_result).
template <class Narrow, class Wide>
inline void int_mac_widen(const uint8_t* a, const uint8_t* b, uint8_t* acc1, uint8_t* acc2, bool saturate) {
  for (unsigned h = 0; h < 2; ++h) {
    uint8_t* acc = h ? acc2 : acc1;
    for (unsigned j = 0; j < 64; ++j) {
      const unsigned n = all_lanes_narrow(h, j);
      const int64_t exact = int64_t{get<Wide>(acc, j)} + int64_t{get<Narrow>(a, n)} * int64_t{get<Narrow>(b, n)};
      put<Wide>(acc, j, saturate ? lane::int_result<Wide>(exact, true)
                                 : static_cast<Wide>(static_cast<uint32_t>(static_cast<uint64_t>(exact))));
    }
  }
}

/// Width-changing CONVERT with LANE_SEL. `convert(i)` converts source lane
/// i (Src) to a Dst value. Down-convert (sizeof Dst < sizeof Src): wide
/// source lane j goes to narrow lane lane_sel_narrow(j); other lanes of `r`
/// are left as they are (the income). Up-convert: wide lane j of `r` from
/// narrow source lane lane_sel_narrow(j).
template <class Src, class Dst, class F>
inline void convert_lane_sel(uint8_t* r, unsigned lane_sel, F convert) {
  if constexpr (sizeof(Dst) < sizeof(Src)) {
    constexpr unsigned ratio = sizeof(Src) / sizeof(Dst), wide = kVectorBytes / sizeof(Src);
    for (unsigned j = 0; j < wide; ++j) put<Dst>(r, lane_sel_narrow(j, ratio, lane_sel), convert(j));
  } else {
    constexpr unsigned ratio = sizeof(Dst) / sizeof(Src), wide = kVectorBytes / sizeof(Dst);
    for (unsigned j = 0; j < wide; ++j) put<Dst>(r, j, convert(lane_sel_narrow(j, ratio, lane_sel)));
  }
}

/// CONVERT ALL_LANES between 32-bit lanes in a pair (w1, w2) and 16-bit
/// lanes in one register `n`; `convert` reads its own source. To narrow:
/// n's lane all_lanes_narrow(h, j) = convert(h, j), the conversion of wide
/// lane j of half h. To wide: lane j of half h = convert(h, n), the
/// conversion of narrow lane n = all_lanes_narrow(h, j).
template <class Dst, class F>
inline void convert_all_lanes_to_narrow(uint8_t* n, F convert) {
  for (unsigned h = 0; h < 2; ++h)
    for (unsigned j = 0; j < 64; ++j) put<Dst>(n, all_lanes_narrow(h, j), convert(h, j));
}
template <class Dst, class F>
inline void convert_all_lanes_to_wide(uint8_t* w1, uint8_t* w2, F convert) {
  for (unsigned h = 0; h < 2; ++h)
    for (unsigned j = 0; j < 64; ++j) put<Dst>(h ? w2 : w1, j, convert(h, all_lanes_narrow(h, j)));
}

}  // namespace acosim::habana::layout

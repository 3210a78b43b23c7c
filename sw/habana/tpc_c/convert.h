// CONVERT intrinsics (tpc-intrinsics.h section CONVERT). Rounding mode in
// switch bits 16..19 (lane::round_mode); each intrinsic one VPU (v_) or SPU
// (s_) instruction.
//
// The ALL_LANES and LANE_SEL layouts (bf16 lane 2j in v1[j], 2j+1 in
// v2[j]; single-lane results in the even lanes) are those of
// sw/habana/tpc/lane_layout.h, which the VLIW core uses too.
#pragma once

#include "sw/habana/tpc/lane_layout.h"
#include "sw/habana/tpc_c/vector_ops.h"

namespace acosim::habana::tpc_c {
inline Bf16 f32_to_bf16_lane(float f, int switches) {
  return Bf16::from_bits(lane::f32_to_bf16(f, lane::round_mode(switches)));
}
}  // namespace acosim::habana::tpc_c

inline float128 v_convert_bf16_to_f32_all_b(const bfloat128& src, int switches = 0,
                                            const float128& income = float128(), bool predicate = true,
                                            bool polarity = false) {
  (void)switches;
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return income;
  float128 r;
  acosim::habana::layout::convert_all_lanes_to_wide<float>(
      acosim_tpcc::bytes(r.v1), acosim_tpcc::bytes(r.v2),
      [&](unsigned, unsigned n) { return acosim_tpcc::to_f32(src.v[n]); });
  return r;
}

inline bfloat128 v_convert_f32_to_bf16_all_b(const float128& src, int switches = 0,
                                             const bfloat128& income = bfloat128(), bool predicate = true,
                                             bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return income;
  bfloat128 r{acosim_tpcc::NoInit{}};
  acosim::habana::layout::convert_all_lanes_to_narrow<acosim_tpcc::Bf16>(
      acosim_tpcc::bytes(r), [&](unsigned h, unsigned j) {
        return acosim_tpcc::f32_to_bf16_lane(h ? src.v2.v[j] : src.v1.v[j], switches);
      });
  return r;
}

/// SINGLE_LANE form: LANE_SEL 0 of a down-convert — the fp32 lanes go to
/// the even bf16 lanes; the odd lanes keep income.
inline bfloat128 v_convert_f32_to_bf16_single_b(const float64& src, int switches, const bfloat128& income,
                                                bool predicate = true, bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return income;
  bfloat128 r = income;
  acosim::habana::layout::convert_lane_sel<float, acosim_tpcc::Bf16>(
      acosim_tpcc::bytes(r), 0, [&](unsigned j) { return acosim_tpcc::f32_to_bf16_lane(src.v[j], switches); });
  return r;
}

#define ACOSIM_TPC_CONVERT_V(NAME, SRC, DST, EXPR)                                                   \
  inline DST v_convert_##NAME##_b(const SRC& src, int switches = 0, const DST& income = DST(),      \
                                  bool predicate = true, bool polarity = false) {                   \
    const auto mode = acosim::habana::lane::round_mode(switches);                                   \
    (void)mode;                                                                                     \
    return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,                \
                             [&](unsigned i) { return EXPR; });                                     \
  }                                                                                                 \
  inline DST v_convert_##NAME##_vb(const SRC& src, int switches, const DST& income,                 \
                                   const acosim_tpcc::Pred<DST::lanes>& predicate,                  \
                                   bool polarity = false) {                                         \
    const auto mode = acosim::habana::lane::round_mode(switches);                                   \
    (void)mode;                                                                                     \
    return acosim_tpcc::op_vb(acosim::habana::Slot::Vpu, income, predicate, polarity,               \
                              [&](unsigned i) { return EXPR; });                                    \
  }
ACOSIM_TPC_CONVERT_V(f32_to_i32, float64, int64, acosim::habana::lane::f32_to_int<int32_t>(src.v[i], mode))
ACOSIM_TPC_CONVERT_V(i32_to_f32, int64, float64, acosim::habana::lane::int_to_f32(src.v[i], mode))
ACOSIM_TPC_CONVERT_V(u32_to_f32, uint64, float64, acosim::habana::lane::int_to_f32(src.v[i], mode))
ACOSIM_TPC_CONVERT_V(i16_to_bf16, short128, bfloat128,
                     bf16::from_bits(acosim::habana::lane::f32_to_bf16(
                         acosim::habana::lane::int_to_f32(src.v[i], mode), mode)))
ACOSIM_TPC_CONVERT_V(bf16_to_i16, bfloat128, short128,
                     acosim::habana::lane::f32_to_int<int16_t>(acosim_tpcc::to_f32(src.v[i]), mode))
#undef ACOSIM_TPC_CONVERT_V

#define ACOSIM_TPC_CONVERT_S(NAME, SRC, DST, EXPR)                                                       \
  inline DST s_convert_##NAME(SRC src, int switches = 0, DST income = DST(), bool predicate = true,     \
                              bool polarity = false) {                                                  \
    const auto mode = acosim::habana::lane::round_mode(switches);                                       \
    (void)mode;                                                                                         \
    return acosim_tpcc::op_s(income, predicate, polarity, [&]() -> DST { return EXPR; });              \
  }
ACOSIM_TPC_CONVERT_S(f32_to_i32, float, int32_t, acosim::habana::lane::f32_to_int<int32_t>(src, mode))
ACOSIM_TPC_CONVERT_S(f32_to_i16, float, int16_t, acosim::habana::lane::f32_to_int<int16_t>(src, mode))
ACOSIM_TPC_CONVERT_S(f32_to_i8, float, int8_t, acosim::habana::lane::f32_to_int<int8_t>(src, mode))
ACOSIM_TPC_CONVERT_S(i32_to_f32, int32_t, float, acosim::habana::lane::int_to_f32(src, mode))
ACOSIM_TPC_CONVERT_S(u32_to_f32, uint32_t, float, acosim::habana::lane::int_to_f32(src, mode))
ACOSIM_TPC_CONVERT_S(f32_to_bf16, float, bf16, bf16::from_bits(acosim::habana::lane::f32_to_bf16(src, mode)))
ACOSIM_TPC_CONVERT_S(bf16_to_f32, bf16, float, acosim_tpcc::to_f32(src))
#undef ACOSIM_TPC_CONVERT_S

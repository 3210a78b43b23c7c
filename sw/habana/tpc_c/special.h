// Floating-point special-case instructions and the special-function
// library: FCLASS, FORM_FP_NUMBER, CALC_FP_SPECIAL,
// GET_LUT_ENTRY_AND_INTERVAL_START, LOOKUP and the library functions
// (v_exp_cephes_f32, v_reciprocal_f32, ...) apply the per-lane rules of
// sw/habana/tpc/special_functions.h (namespace acosim::habana::special).
#pragma once

#include "sw/habana/tpc/lut_access.h"
#include "sw/habana/tpc/special_functions.h"
#include "sw/habana/tpc_c/vector_ops.h"

// FCLASS: the class mask as the integer bit pattern of the lane.
inline float64 v_f32_fclass_b(const float64& a, int switches = 0, const float64& income = float64(),
                              bool predicate = true, bool polarity = false) {
  (void)switches;
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity, [&](unsigned i) {
    return acosim::habana::lane::bits_f32(acosim::habana::special::fclass(a.v[i]));
  });
}
inline float s_f32_fclass(float a, int switches = 0, float income = 0, bool predicate = true,
                          bool polarity = false) {
  (void)switches;
  return acosim_tpcc::op_s(income, predicate, polarity, [&] {
    return acosim::habana::lane::bits_f32(acosim::habana::special::fclass(a));
  });
}

namespace acosim::habana::tpc_c {
inline float form_fp_lane(uint32_t a, float b, float c, int sw) {
  if (sw & (7 << 13)) fail("FORM_FP_NUMBER: the function-specific modes (bits 13..15) are not supported");
  return special::form_fp_num(a, b, c, static_cast<unsigned>(sw));
}
}  // namespace acosim::habana::tpc_c

// FORM_FP_NUMBER: exponent from a, sign from b, mantissa from c.
inline float64 v_f32_form_fp_num_b(const float64& a, const float64& b, const float64& c, int switches = 0,
                                   const float64& income = float64(), bool predicate = true,
                                   bool polarity = false) {
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity, [&](unsigned i) {
    return acosim_tpcc::form_fp_lane(acosim::habana::lane::f32_bits(a.v[i]), b.v[i], c.v[i], switches);
  });
}
/// The _ie_ form: SW_EXP_IS_NUM implied; the exponent is the low byte of
/// each 32-bit lane of a (a char256 view of the register).
inline float64 v_f32_form_fp_num_ie_b(const char256& a, const float64& b, const float64& c, int switches = 0,
                                      const float64& income = float64(), bool predicate = true,
                                      bool polarity = false) {
  const int64 words(a);
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity, [&](unsigned i) {
    return acosim_tpcc::form_fp_lane(static_cast<uint32_t>(words.v[i]), b.v[i], c.v[i],
                                     switches | SW_EXP_IS_NUM);
  });
}

// CALC_FP_SPECIAL: the function's value for lanes whose class (FCLASS
// masks in src1/src2) is special, income for the others.
inline float64 v_f32_calc_fp_special_b(const float64& src1, const float64& src2, int switches,
                                       const float64& income, bool predicate = true, bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return income;
  float64 r{acosim_tpcc::NoInit{}};
  for (unsigned i = 0; i < 64; ++i)
    r.v[i] = acosim::habana::special::calc_fp_special(acosim::habana::lane::f32_bits(src1.v[i]),
                                                      acosim::habana::lane::f32_bits(src2.v[i]), switches & 7,
                                                      income.v[i]);
  return r;
}

// GET_LUT_ENTRY_AND_INTERVAL_START: v1 the LUT interval, v2 its start.
inline uint64_float64_pair_t v_f32_get_lut_entry_and_interval_start_b(
    const float64& src, int shift, int switches = 0, const uint64_float64_pair_t& income = uint64_float64_pair_t(),
    bool predicate = true, bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Vpu);
  if (predicate == polarity) return income;
  uint64_float64_pair_t r;
  const int variant = (switches >> 13) & 7;
  for (unsigned i = 0; i < 64; ++i) {
    const auto e = acosim::habana::special::get_lut_entry_and_interval_start(src.v[i], shift, variant);
    r.v1.v[i] = e.interval;
    r.v2.v[i] = e.interval_start;
  }
  return r;
}

namespace acosim::habana::tpc_c {
/// A LOOKUP marks the program as using special functions (the VLM
/// shrinks). Which table accesses are modelled: lut::unsupported_access.
inline void lookup_issued(int switches) {
  if (!g_services) return;
  if (const char* why = lut::unsupported_access((switches & SW_BV16) != 0, (switches & SW_UPPER_HALF) != 0))
    fail(why);
  g_services->special_functions_used();
}
}  // namespace acosim::habana::tpc_c

// LOOKUP_1C / LOOKUP_2C (LOOKUP_C0 / LOOKUP_C1C2): coefficients of the
// function's table at each lane's interval. Load slot; the program now
// uses special functions (VLM shrinks).
inline float64 v_f32_lookup_1c(const uint64& a, int fid, int switches, const float64& income,
                               bool predicate = true, bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  acosim_tpcc::lookup_issued(switches);
  if (predicate == polarity) return income;
  float64 r{acosim_tpcc::NoInit{}};
  for (unsigned i = 0; i < 64; ++i) r.v[i] = acosim::habana::special::lookup_c0(a.v[i], fid);
  return r;
}
inline float128 v_f32_lookup_2c(const uint64& a, int fid, int switches, const float128& income,
                                bool predicate = true, bool polarity = false) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  acosim_tpcc::lookup_issued(switches);
  if (predicate == polarity) return income;
  float128 r;
  for (unsigned i = 0; i < 64; ++i) {
    const auto c = acosim::habana::special::lookup_c1c2(a.v[i], fid);
    r.v1.v[i] = c.c1;
    r.v2.v[i] = c.c2;
  }
  return r;
}

// Special-function library (tpc_llvm's tpc-special.h). Each is a sequence
// of instructions on the TPC; the per-slot counts below are those of the
// library's code paths (VPU ops; LOOKUPs in the load slot), which also
// decide whether the program uses the LUTs.
namespace acosim::habana::tpc_c {
template <class F>
inline float64 library_f32(const float64& x, unsigned vpu_ops, unsigned lookups, F f) {
  count(Slot::Vpu, vpu_ops);
  if (lookups) {
    count(Slot::Load, lookups);
    if (g_services) g_services->special_functions_used();
  }
  float64 r{NoInit{}};
  for (unsigned i = 0; i < 64; ++i) r.v[i] = f(x.v[i]);
  return r;
}
}  // namespace acosim::habana::tpc_c

#define ACOSIM_TPC_LIBRARY(NAME, FN, VPU, LOOKUPS)                                        \
  inline float64 NAME(const float64& x) {                                                 \
    return acosim_tpcc::library_f32(x, VPU, LOOKUPS,                                      \
                                    [](float f) { return acosim::habana::special::FN(f); }); \
  }
ACOSIM_TPC_LIBRARY(v_exp_cephes_f32, exp_f32, 20, 0)
ACOSIM_TPC_LIBRARY(v_exp_f32, exp_f32, 20, 0)
ACOSIM_TPC_LIBRARY(v_reciprocal_f32, reciprocal_f32, 17, 2)
ACOSIM_TPC_LIBRARY(v_rsqrt_f32, rsqrt_f32, 15, 2)
ACOSIM_TPC_LIBRARY(v_sqrt_f32, sqrt_f32, 13, 2)
ACOSIM_TPC_LIBRARY(v_log_f32, log_f32, 20, 2)
ACOSIM_TPC_LIBRARY(v_sin_f32, sin_f32, 36, 2)
ACOSIM_TPC_LIBRARY(v_cos_f32, cos_f32, 36, 2)
ACOSIM_TPC_LIBRARY(v_tanh_f32, tanh_f32, 17, 2)
#undef ACOSIM_TPC_LIBRARY

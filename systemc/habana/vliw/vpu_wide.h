// VPU instructions whose result is wider or narrower than their source
// lanes: bf16 MUL/MAC with ACC_FP32 and 16-bit integer MUL/MAC (register
// pair results), and width-changing CONVERT (LANE_SEL / ALL_LANES). The
// layouts and per-vector rules are those of sw/habana/tpc/lane_layout.h,
// which the TPC-C intrinsics use too. Included by vpu.cpp only.
#pragma once

#include <type_traits>

#include "sw/habana/tpc/lane_layout.h"
#include "systemc/habana/vliw/alu.h"
#include "systemc/habana/vliw/vector_result.h"

namespace acosim::habana::vliw {

/// Writes a pair result (Vd, Vd+1) in the ALL_LANES layout. With a vector
/// predicate, 32-bit lane j of half h follows the predicate bit of its
/// source lane all_lanes_narrow(h, j) (narrow lanes of narrowBytes).
inline void writePair(const Instruction& in, Exec& x, unsigned dst, VReg r[2], unsigned narrowBytes,
                      Producer p, Consumer incomeAs) {
  if (const VPReg* pred = vectorPredicate(in, x)) {
    for (unsigned h = 0; h < 2; ++h) {
      const VReg& income = x.v(dst + h, incomeAs);
      for (unsigned j = 0; j < 64; ++j)
        if (pred->bit(layout::all_lanes_narrow(h, j) * narrowBytes) == in.pred.negated)
          std::memcpy(r[h].b + 4 * j, income.b + 4 * j, 4);
    }
  }
  x.writeV(dst, r[0], p);
  x.writeV(dst + 1, r[1], p);
}

/// Second source of a pair op: a V register, or a scalar broadcast into
/// every narrow lane.
inline VReg narrowSource(const Operand& o, const Exec& x, unsigned eb) {
  if (o.isReg(RegFile::V)) return x.v(o.reg.index, Consumer::VpuSrc);
  VReg r;
  const uint32_t s = x.s(o, Consumer::VpuSrc);
  for (unsigned i = 0; i < kVregBytes; i += eb) std::memcpy(r.b + i, &s, eb);
  return r;
}

/// MUL / MAC with a pair result: bf16 ACC_FP32, or 16-bit integers widened
/// to 32 bits (tpc-intrinsics.h v_bf16_mul_acc32_b, v_bf16_mac_acc32_b,
/// v_i16_mul_b, v_i16_mac_b; MAC saturates with ST).
inline void pairMulMac(const Instruction& in, Exec& x) {
  const unsigned dst = in.ops[0].reg.index;
  const bool mac = in.op == Opcode::Mac;
  const VReg& a = x.v(in.ops[1].reg.index, Consumer::VpuSrc);
  const VReg b = narrowSource(in.ops[2], x, 2);
  VReg r[2];
  if (mac) {
    r[0] = x.v(dst, Consumer::VpuAcc);
    r[1] = x.v(dst + 1, Consumer::VpuAcc);
  }
  const bool sat = in.sw.get(Sw::Sat) != 0;
  switch (in.dt) {
    case tpcasm::DataType::BF16:
      if (mac) layout::bf16_mac_acc32(a.b, b.b, r[0].b, r[1].b, in.sw.get(Sw::Neg) != 0);
      else layout::bf16_mul_acc32(a.b, b.b, r[0].b, r[1].b);
      break;
    case tpcasm::DataType::I16:
      if (mac) layout::int_mac_widen<int16_t, int32_t>(a.b, b.b, r[0].b, r[1].b, sat);
      else layout::int_mul_widen<int16_t, int32_t>(a.b, b.b, r[0].b, r[1].b);
      break;
    default:  // U16
      if (mac) layout::int_mac_widen<uint16_t, uint32_t>(a.b, b.b, r[0].b, r[1].b, sat);
      else layout::int_mul_widen<uint16_t, uint32_t>(a.b, b.b, r[0].b, r[1].b);
      break;
  }
  writePair(in, x, dst, r, 2, producerOfVpu(in), mac ? Consumer::VpuAcc : Consumer::VpuSrc);
}

/// CONVERT between lane widths. LANE_SEL (lane_sel=n): the layout of
/// layout::convert_lane_sel; a down-convert leaves the other narrow lanes
/// of the destination as they were. ALL_LANES (fp32 <-> bf16): the pair
/// (Vs, Vs+1) converted into one bf16 register, or one bf16 register into
/// the pair (Vd, Vd+1) (v_convert_f32_to_bf16_all_b /
/// v_convert_bf16_to_f32_all_b, layout::convert_all_lanes_*). Element
/// rules: convert() of alu.h.
template <class S>
void widthConvert(const Instruction& in, Exec& x) {
  const auto target = static_cast<tpcasm::DataType>(in.sw.get(Sw::TargetType));
  const lane::Round mode = lane::round_mode(static_cast<int>(in.sw.get(Sw::Rm) << 16));
  const unsigned src = in.ops[1].reg.index, dst = in.ops[0].reg.index;
  const bool all = in.sw.get(Sw::AllLanes) != 0;
  withType(target, [&](auto tag) {
    using D = decltype(tag);
    if constexpr (sizeof(D) != sizeof(S)) {
      if (all && sizeof(D) < sizeof(S)) {
        const VReg& a0 = x.v(src, Consumer::VpuSrc);
        const VReg& a1 = x.v(src + 1, Consumer::VpuSrc);
        VReg r;
        layout::convert_all_lanes_to_narrow<D>(r.b, [&](unsigned h, unsigned j) {
          return convert<D, S>(getLane<S>((h ? a1 : a0).b, j), mode);
        });
        writeVector(in, x, dst, r, sizeof(D), producerOf(in), Consumer::VpuSrc);
      } else if (all) {
        const VReg& a = x.v(src, Consumer::VpuSrc);
        VReg r[2];
        layout::convert_all_lanes_to_wide<D>(r[0].b, r[1].b, [&](unsigned, unsigned n) {
          return convert<D, S>(getLane<S>(a.b, n), mode);
        });
        writePair(in, x, dst, r, sizeof(S), producerOf(in), Consumer::VpuSrc);
      } else {
        const VReg& a = x.v(src, Consumer::VpuSrc);
        // A down-convert starts from the destination: unselected lanes keep it.
        VReg r = x.v(dst, Consumer::VpuSrc);
        layout::convert_lane_sel<S, D>(r.b, in.sw.get(Sw::LaneSel),
                                       [&](unsigned i) { return convert<D, S>(getLane<S>(a.b, i), mode); });
        writeVector(in, x, dst, r, sizeof(D), producerOf(in), Consumer::VpuSrc);
      }
    }
  });
}

/// Why a width-changing CONVERT is refused, or "".
inline std::string widthConvertRefusal(const Instruction& in, tpcasm::DataType dt) {
  const auto target = static_cast<tpcasm::DataType>(in.sw.get(Sw::TargetType));
  const unsigned se = elementBytes(dt), de = elementBytes(target);
  if (!de) return "CONVERT target type not executed";
  if (in.sw.get(Sw::AllLanes)) {
    const bool f32bf16 = (dt == tpcasm::DataType::F32 && target == tpcasm::DataType::BF16) ||
                         (dt == tpcasm::DataType::BF16 && target == tpcasm::DataType::F32);
    if (!f32bf16) return "ALL_LANES CONVERT is executed between f32 and bf16 only (tpc-intrinsics.h)";
    const unsigned pairReg = se > de ? in.ops[1].reg.index : in.ops[0].reg.index;
    if (pairReg + 1 >= kNumV) return "ALL_LANES CONVERT needs the register pair V" + std::to_string(pairReg) + "/V" +
                                     std::to_string(pairReg + 1);
    return "";
  }
  const unsigned ratio = se > de ? se / de : de / se;
  if (in.sw.get(Sw::LaneSel) >= ratio)
    return "lane_sel=" + std::to_string(in.sw.get(Sw::LaneSel)) + " is out of range for a width ratio of " +
           std::to_string(ratio);
  return "";
}

}  // namespace acosim::habana::vliw

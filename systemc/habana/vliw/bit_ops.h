// Per-element rules of the one-source bit and float-dissection
// instructions, shared by the SPU (one element) and the VPU (every lane):
// NEARBYINT, POPCNT, FIND_FIRST, BREV, FCLASS, EXTRACT_EXP. Each applies
// the rule of sw/habana/tpc/lane_ops.h or special_functions.h to the
// element's bit pattern. The result has the source element's width, a
// count or an exponent zero- or sign-extended into it (acosim's choice:
// tpc-intrinsics.h gives POPCNT/FIND_FIRST a uchar256 result and
// EXTRACT_EXP a result of the source's width without saying where a
// narrower count lands).
#pragma once

#include "sw/habana/tpc/special_functions.h"
#include "systemc/habana/vliw/lanes.h"

namespace acosim::habana::vliw {

inline bool isBitOp(tpcasm::Opcode op) {
  using tpcasm::Opcode;
  return op == Opcode::Nearbyint || op == Opcode::Popcnt || op == Opcode::FindFirst || op == Opcode::Brev ||
         op == Opcode::Fclass || op == Opcode::ExtractExp;
}

/// Why `op` is refused on lanes of type dt, or "" when executed.
inline std::string bitOpRefusal(tpcasm::Opcode op, tpcasm::DataType dt) {
  using tpcasm::DataType;
  using tpcasm::Opcode;
  const bool fl = dt == DataType::F32 || dt == DataType::BF16;
  if ((op == Opcode::Nearbyint || op == Opcode::Fclass || op == Opcode::ExtractExp) && !fl)
    return "takes f32 or bf16 elements only (tpc-intrinsics.h NEARBYINT / FCLASS / EXTRACT_EXP)";
  return elementBytes(dt) ? "" : "data type not executed";
}

/// The result bits of a bit operation on element `a` of type T.
template <class T>
inline uint32_t bitOp(tpcasm::Opcode op, T a, const tpcasm::Switches& sw) {
  using tpcasm::Opcode;
  using tpcasm::Sw;
  constexpr unsigned width = sizeof(T) * 8;
  const uint32_t bits = toBits(a) & lane::width_mask(width);
  switch (op) {
    case Opcode::Popcnt: return lane::popcount(bits, width, sw.get(Sw::Set) != 0);
    case Opcode::FindFirst:
      return lane::find_first(bits, width, sw.get(Sw::Set) != 0, sw.get(Sw::StartMsb) != 0);
    case Opcode::Brev: return lane::bit_reverse(bits, width);
    default: break;
  }
  if constexpr (kIsFloat<T>) {
    const float f = toF(a);
    switch (op) {
      case Opcode::Nearbyint: {
        const lane::Round mode = lane::round_mode(static_cast<int>(sw.get(Sw::Rm) << 16));
        return toBits(fromF<T>(lane::nearbyint_f32(f, mode)));
      }
      // bf16 widens to fp32 exactly, so its class is the fp32 one; the
      // 10-bit mask fits a 16-bit lane.
      case Opcode::Fclass: return special::fclass(f);
      // EXTRACT_EXP: unbiased unless BIASED (tpc-intrinsics.h SW_BIASED).
      case Opcode::ExtractExp:
        return static_cast<uint32_t>(lane::extract_exp_f32(f, sw.get(Sw::Biased) != 0)) & lane::width_mask(width);
      default: break;
    }
  }
  return 0;
}

}  // namespace acosim::habana::vliw

// Index-register instructions that several slots hold: SET_INDX (load, SPU
// and store slots), PRMT_INDX and GEN_ADDR (load and store slots). Operand
// forms: sw/habana/asm/opcodes.cpp (tpc_llvm TPCInstrFormats.td
// LoadInst_SET_INDX, LoadInstrPRMT_INDX, LoadInst_GEN_ADDR); they take a
// scalar predicate only, checked by the calling unit. Latency classes
// (latency.cpp): SET_INDX writes the IRF at E1 (Producer::Irf), PRMT_INDX
// at E3 (Producer::IrfPermute), GEN_ADDR the ADRF at E6 (Producer::AddrGen);
// their I sources are read through the IRF bypass (Consumer::Coord).
#pragma once

#include <string>

#include "systemc/habana/vliw/exec.h"

namespace acosim::habana::vliw {

/// SET_INDX I, bMASK, S/imm: the dims selected by the mask take the value
/// (tpc-intrinsics.h set_indx: "Value assigned to selected dimensions");
/// the other dims keep theirs.
inline void setIndx(const Instruction& in, Exec& x, Consumer scalarAs) {
  const auto v = static_cast<int32_t>(x.s(in.ops[1], scalarAs));
  const IReg r{{v, v, v, v, v}};
  x.writeI(in.ops[0].reg.index, static_cast<unsigned>(in.dimMask), r, Producer::Irf);
}

/// PRMT_INDX Idst, Isrc, S: dim d of Idst = dim ((S >> 3d) & 7) of Isrc
/// (tpc-intrinsics.h prmt_indx: "each 3 bits represent a src dimension").
/// A selector naming a dimension above 4 is an error (the IRF has five).
inline void prmtIndx(const Instruction& in, Exec& x, Consumer scalarAs) {
  const IReg src = x.irf(in.ops[1].reg.index, Consumer::Coord);
  const uint32_t sel = x.s(in.ops[2], scalarAs);
  IReg r{};
  for (unsigned d = 0; d < 5; ++d) {
    const unsigned from = (sel >> (3 * d)) & 7u;
    if (from > 4)
      refuse("PRMT_INDX selector " + std::to_string(sel) + " names dimension " + std::to_string(from) +
             " for dimension " + std::to_string(d) + " (an I register has dimensions 0-4)");
    r.d[d] = src.d[from];
  }
  x.writeI(in.ops[0].reg.index, 0x1f, r, Producer::IrfPermute);
}

/// GEN_ADDR AD, tensor, I: the global address of the tensor's element at
/// the coordinate (tpc-intrinsics.h gen_addr; KernelServices::element_address,
/// which the TPC-C gen_addr calls too).
inline void genAddr(const Instruction& in, Exec& x) {
  const IReg i = x.irf(in.ops[2].reg.index, Consumer::Coord);
  int coord[kTensorDims];
  for (int d = 0; d < kTensorDims; ++d) coord[d] = i.d[d];
  x.writeAD(in.ops[0].reg.index, x.svc->element_address(static_cast<int>(in.ops[1].imm), coord),
            Producer::AddrGen);
}

}  // namespace acosim::habana::vliw

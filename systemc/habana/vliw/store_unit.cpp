// Store slot: ST_TNSR (VRF/VPRF -> tensor through KernelServices, which
// culls lanes outside the tensor, partially along dim 0), ST_L (SLM or MMIO),
// ST_L_V (VLM) and ASO. The store slot takes scalar predicates only
// (TPC User Guide, Processor Architectural Overview); a false predicate stores nothing.
#include "systemc/habana/vliw/exec.h"
#include "systemc/habana/vliw/lanes.h"
#include "systemc/habana/vliw/mmio.h"

namespace acosim::habana::vliw {

namespace {

using tpcasm::Opcode;
using tpcasm::Sw;

constexpr Consumer kSrc = Consumer::StoreSrc;

void packBits(const VPReg& p, uint8_t bytes[32]) {
  for (unsigned k = 0; k < 32; ++k) {
    uint8_t b = 0;
    for (unsigned j = 0; j < 8; ++j) b = static_cast<uint8_t>(b | (p.bit(k * 8 + j) << j));
    bytes[k] = b;
  }
}

/// ST_TNSR tensor, Icoord, data. Element width from the type suffix,
/// 4 bytes when none (see load_unit.cpp). The data operand is read late
/// (Consumer::StoreData, latency 1 after a VPU result).
void stTnsr(const Instruction& in, Exec& x) {
  const int tensor = static_cast<int>(x.s(in.ops[0], kSrc));
  const IReg i = x.irf(in.ops[1].reg.index, Consumer::Coord);
  int coord[kTensorDims];
  for (int d = 0; d < kTensorDims; ++d) coord[d] = i.d[d];
  const Operand& data = in.ops[2];
  if (data.isReg(RegFile::VP)) {
    uint8_t bytes[32];
    packBits(x.vp(data.reg.index, Consumer::StoreData), bytes);
    x.svc->store_tensor(tensor, coord, 1, 32, bytes, nullptr);
    return;
  }
  const unsigned eb = elementBytes(in.dt) ? elementBytes(in.dt) : 4;
  const VReg& v = x.v(data.reg.index, Consumer::StoreData);
  x.svc->store_tensor(tensor, coord, eb, kVregBytes / eb, v.b, nullptr);
}

void stL(const Instruction& in, Exec& x) {
  const uint32_t address = x.s(in.ops[0], kSrc);
  const Operand& v = in.ops[1];
  const uint32_t word = v.isReg(RegFile::SP) ? (x.sp(v.reg.index, kSrc) ? 1 : 0) : x.s(v, kSrc);
  if (in.sw.get(Sw::Mmio)) mmioWrite(x, address, word);
  else x.svc->store_slm(address, &word, 4);
}

void stLV(const Instruction& in, Exec& x) {
  const uint32_t address = x.s(in.ops[0], kSrc);
  const Operand& data = in.ops[1];
  if (data.isReg(RegFile::VP)) {
    uint8_t bytes[32];
    packBits(x.vp(data.reg.index, Consumer::StoreLvData), bytes);
    x.svc->store_vlm(address, bytes, 32);
    return;
  }
  x.svc->store_vlm(address, x.v(data.reg.index, Consumer::StoreLvData).b, kVregBytes);
}

}  // namespace

std::string validateStore(const Instruction& in) {
  switch (in.op) {
    case Opcode::Nop: case Opcode::StL: case Opcode::StLV: case Opcode::Aso:
      return "";
    case Opcode::StTnsr:
      if (in.sw.get(Sw::Partial)) return "partial tensor access (S31 offset/size) is not executed";
      if (in.sw.get(Sw::RmwSel)) return "read-modify-write stores (S29 control) are not executed";
      if (in.sw.get(Sw::Pack)) return "packing stores are not executed";
      return "";
    case Opcode::StTnsrLow: case Opcode::StTnsrHigh: case Opcode::StLVLow: case Opcode::StLVHigh:
      return "half-vector stores are not executed";
    default:
      return "not executed by the store unit";
  }
}

void executeStore(const Instruction& in, Exec& x) {
  if (in.op == Opcode::Nop || !x.scalarOn(in.pred)) return;
  switch (in.op) {
    case Opcode::StTnsr: return stTnsr(in, x);
    case Opcode::StL: return stL(in, x);
    case Opcode::StLV: return stLV(in, x);
    case Opcode::Aso: x.svc->fence(); return;  // waits for older stores (TPC User Guide, "TPC Coherency")
    default: return;
  }
}

}  // namespace acosim::habana::vliw

// Load slot: LD_TNSR (tensor -> VRF/VPRF through KernelServices, so pad
// values and out-of-tensor lanes behave as for TPC-C kernels), LD_L (SLM or,
// with MMIO, the configuration space of mmio.h), LD_L_V (VLM), MOV and
// PREFETCH; _LOW/_HIGH and PARTIAL tensor loads, LOOKUPs; LD_G (global
// memory through an AD address) and the index instructions of index_ops.h.
#include "sw/habana/tpc/lut_access.h"
#include "sw/habana/tpc/special_functions.h"
#include "sw/habana/tpc/tensor_switches.h"
#include "systemc/habana/vliw/exec.h"
#include "systemc/habana/vliw/index_ops.h"
#include "systemc/habana/vliw/lanes.h"
#include "systemc/habana/vliw/mmio.h"
#include "systemc/habana/vliw/vector_result.h"

namespace acosim::habana::vliw {

namespace {

using tpcasm::DataType;
using tpcasm::Opcode;
using tpcasm::Sw;

constexpr Consumer kSrc = Consumer::LoadSrc;

/// Element width of a tensor access. The hardware takes it from the
/// descriptor's data-type field, which KernelServices does not expose; the
/// instruction's type suffix gives it instead (ld_tnsr.bf16 ...), fp32/int32
/// width when none is written (acosim's choice).
unsigned tensorElementBytes(const Instruction& in) {
  const unsigned eb = elementBytes(in.dt);
  return eb ? eb : 4;
}

void coordOf(const Instruction& in, Exec& x, unsigned op, int coord[kTensorDims]) {
  const IReg i = x.irf(in.ops[op].reg.index, Consumer::Coord);
  for (int d = 0; d < kTensorDims; ++d) coord[d] = i.d[d];
}

/// LD_TNSR dst, tensor, Icoord. A VRF destination receives 256 bytes (the
/// vector length along dim 0); a VPRF destination receives 256 bits read as
/// 32 bytes (bool256 loads, v_i1_ld_tnsr; acosim reads them byte-wise so
/// padding and culling apply per byte). The data arrive gmemExtra cycles
/// after the usual load latency.
void ldTnsr(const Instruction& in, Exec& x) {
  const int tensor = static_cast<int>(x.s(in.ops[1], kSrc));
  int coord[kTensorDims];
  coordOf(in, x, 2, coord);
  const unsigned dst = in.ops[0].reg.index;
  const unsigned late = x.globalLoad();
  if (in.ops[0].isReg(RegFile::VP)) {
    VPReg r{};
    uint8_t bytes[32];
    x.svc->load_tensor(tensor, coord, 1, 32, bytes);
    for (unsigned i = 0; i < 256; ++i) r.set(i, (bytes[i / 8] >> (i % 8)) & 1U);
    writePredicate(in, x, dst, r, Producer::Load, late);
    return;
  }
  const unsigned eb = tensorElementBytes(in), lanes = kVregBytes / eb;
  // The lanes loaded: all; a half for _LOW / _HIGH, filled from the
  // elements at coord onwards (the TPC-C rule, tensor_intrinsics.h
  // load_tensor); or the PARTIAL range of S30, lane i from coord + i
  // (tensor_switches.h). The other lanes keep the destination's value.
  unsigned first = 0, count = lanes;
  if (in.op == Opcode::LdTnsrLow || in.op == Opcode::LdTnsrHigh) {
    count = lanes / 2;
    first = in.op == Opcode::LdTnsrHigh ? count : 0;
  } else if (in.sw.get(Sw::Partial)) {
    tensor_switches::partial_range(x.s(in.ops[3], kSrc), lanes, first, count);
    coord[0] += static_cast<int>(first);
  }
  VReg r;
  if (count != lanes) r = x.v(dst, Consumer::VpuSrc);
  if (count) x.svc->load_tensor(tensor, coord, eb, count, r.b + first * eb);
  writeVector(in, x, dst, r, eb, Producer::Load, Consumer::VpuSrc, late);
}

/// LOOKUP_1C dst, intervals, fid / LOOKUP dst, ...: each 32-bit lane the C0
/// coefficient of function `fid`'s table at the lane's interval
/// (special::lookup_c0). LOOKUP_2C D, intervals, fid: C1 into the pair's
/// first register, C2 into the second (special::lookup_c1c2). The same
/// table accesses as the TPC-C intrinsics v_f32_lookup_1c / _2c; plain
/// LOOKUP reads the C0 entry too (acosim's choice: tpc_llvm's tpc-special.h
/// maps its single-coefficient lookup to LOOKUP_1C on Gaudi). Every LOOKUP
/// tells the services that special functions are used (VLM shrinks).
void lookup(const Instruction& in, Exec& x) {
  x.svc->special_functions_used();
  const VReg& intervals = x.v(in.ops[1].reg.index, Consumer::VpuSrc);
  const int fid = static_cast<int>(in.ops[2].imm);
  const unsigned dst = in.ops[0].reg.index;
  VReg c0, c1, c2;
  for (unsigned i = 0; i < 64; ++i) {
    const auto interval = getLane<uint32_t>(intervals.b, i);
    if (in.op == Opcode::Lookup2c) {
      const special::C1C2 c = special::lookup_c1c2(interval, fid);
      setLane(c1.b, i, c.c1);
      setLane(c2.b, i, c.c2);
    } else {
      setLane(c0.b, i, special::lookup_c0(interval, fid));
    }
  }
  if (in.op != Opcode::Lookup2c) return writeVector(in, x, dst, c0, 4, Producer::Load, Consumer::VpuSrc);
  writeVector(in, x, dst, c1, 4, Producer::Load, Consumer::VpuSrc);
  writeVector(in, x, dst + 1, c2, 4, Producer::Load, Consumer::VpuSrc);
}

/// LD_L dst, address: SLM word, or configuration space with MMIO. An SP
/// destination takes bit 0 of the word (acosim's choice).
void ldL(const Instruction& in, Exec& x) {
  const uint32_t address = x.s(in.ops[1], kSrc);
  uint32_t word = 0;
  if (in.sw.get(Sw::Mmio)) word = mmioRead(x, address);
  else x.svc->load_slm(address, &word, 4);
  if (in.ops[0].isReg(RegFile::SP)) x.writeSP(in.ops[0].reg.index, word & 1U, Producer::Load);
  else x.writeS(in.ops[0].reg.index, word, Producer::Load);
}

/// LD_L_V dst, address: a 256-byte vector, or 32 bytes for a VPRF
/// destination (acosim's choice, one predicate bit per bit).
void ldLV(const Instruction& in, Exec& x) {
  const uint32_t address = x.s(in.ops[1], kSrc);
  const unsigned dst = in.ops[0].reg.index;
  if (in.ops[0].isReg(RegFile::VP)) {
    uint8_t bytes[32];
    x.svc->load_vlm(address, bytes, 32);
    VPReg r{};
    for (unsigned i = 0; i < 256; ++i) r.set(i, (bytes[i / 8] >> (i % 8)) & 1U);
    writePredicate(in, x, dst, r, Producer::Load);
    return;
  }
  // _LOW / _HIGH move 128 bytes into the low / high half of the register
  // (docs/habana.md, local memories); the other half keeps its value.
  VReg r;
  if (in.op == Opcode::LdLV) {
    x.svc->load_vlm(address, r.b, kVregBytes);
  } else {
    r = x.v(dst, Consumer::VpuSrc);
    x.svc->load_vlm(address, r.b + (in.op == Opcode::LdLVHigh ? kVregBytes / 2 : 0), kVregBytes / 2);
  }
  const unsigned eb = elementBytes(in.dt) ? elementBytes(in.dt) : 4;
  writeVector(in, x, dst, r, eb, Producer::Load, Consumer::VpuSrc);
}

/// MOV in the load slot: same-file copies, or an S register / immediate
/// broadcast into every 32-bit lane of a V register (lane width from the
/// type suffix).
void mov(const Instruction& in, Exec& x) {
  const Operand& d = in.ops[0];
  const Operand& s = in.ops[1];
  const unsigned dst = d.reg.index;
  if (d.isReg(RegFile::V)) {
    VReg r;
    if (s.isReg(RegFile::V)) {
      r = x.v(s.reg.index, Consumer::VpuSrc);
    } else {
      const uint32_t v = x.s(s, kSrc);
      const unsigned eb = elementBytes(in.dt) ? elementBytes(in.dt) : 4;
      for (unsigned i = 0; i < kVregBytes; i += eb) std::memcpy(r.b + i, &v, eb);
    }
    writeVector(in, x, dst, r, elementBytes(in.dt) ? elementBytes(in.dt) : 4, Producer::Load,
                Consumer::VpuSrc);
  } else if (d.isReg(RegFile::VP)) {
    VPReg r = s.isReg(RegFile::VP) ? x.vp(s.reg.index, Consumer::VecPred)
                                   : (x.s(s, kSrc) ? allTrue() : VPReg{});
    writePredicate(in, x, dst, r, Producer::Load);
  } else if (d.isReg(RegFile::SP)) {
    x.writeSP(dst, s.isReg(RegFile::SP) ? x.sp(s.reg.index, kSrc) : x.s(s, kSrc) != 0, Producer::Load);
  } else {
    x.writeS(dst, s.isReg(RegFile::SP) ? (x.sp(s.reg.index, kSrc) ? 1 : 0) : x.s(s, kSrc), Producer::Load);
  }
}

/// LD_G dst, AD: `bytes` of the instruction's type (4 when none, as for
/// tensor accesses) from the global address in AD, through
/// KernelServices::load_global. Its data are subject to the global-memory
/// delay as LD_TNSR's, and it reads memory without the stores still
/// pending (store_queue.h).
///  * S: the element, sign-extended for i8/i16, zero-extended for u8/u16,
///    bf16 in the low half (the SRF convention of lanes.h toBits);
///  * SP: one byte, bit 0 (acosim's choice, as LD_L into SP);
///  * V: one element broadcast to every lane. tpc-intrinsics.h does not say
///    how many bytes v_f32_ld_g reads; the TPC-C front end broadcasts one
///    element (tensor_intrinsics.h v_<t>_ld_g), which Habana's avg_pool and
///    matrix_mul kernels rely on, and the core does the same. Its address
///    is read at E6 (latenciesGen2.cpp, LD_G vector form), the scalar
///    forms' at D2.
void ldG(const Instruction& in, Exec& x) {
  const Operand& d = in.ops[0];
  const bool vector = d.isReg(RegFile::V);
  const uint64_t address = x.ad(in.ops[1].reg.index, vector ? Consumer::GlobalAddrV : Consumer::GlobalAddr);
  if (d.isReg(RegFile::SP)) {
    uint8_t byte = 0;
    x.svc->load_global(address, &byte, 1);
    x.writeSP(d.reg.index, byte & 1U, Producer::Load, x.globalLoad());
    return;
  }
  const unsigned eb = tensorElementBytes(in);
  uint32_t word = 0;
  x.svc->load_global(address, &word, eb);
  if (vector) {
    VReg r;
    for (unsigned i = 0; i < kVregBytes; i += eb) std::memcpy(r.b + i, &word, eb);
    writeVector(in, x, d.reg.index, r, eb, Producer::Load, Consumer::VpuSrc, x.globalLoad());
    return;
  }
  uint32_t value = word;
  withType(in.dt, [&](auto tag) { value = toBits(fromBits<decltype(tag)>(word)); });
  x.writeS(d.reg.index, value, Producer::Load, x.globalLoad());
}

}  // namespace

std::string validateLoad(const Instruction& in) {
  switch (in.op) {
    case Opcode::Nop: case Opcode::LdL: case Opcode::LdLV: case Opcode::Prefetch:
    case Opcode::SetIndx: case Opcode::PrmtIndx: case Opcode::GenAddr:
      return "";
    case Opcode::LdG:
      return in.dt == DataType::None || elementBytes(in.dt) ? "" : "LD_G of this data type is not executed";
    case Opcode::LdTnsr: case Opcode::LdTnsrLow: case Opcode::LdTnsrHigh:
      if (in.ops[0].isReg(RegFile::VP) && (in.op != Opcode::LdTnsr || in.sw.get(Sw::Partial)))
        return "half-vector and partial loads into a predicate register are not executed";
      if (in.op != Opcode::LdTnsr && in.sw.get(Sw::Partial))
        return "partial half-vector loads are not executed (no source says how the halves and the range combine)";
      return "";
    case Opcode::Mov:
      return in.ops.size() == 2 && in.ops[1].isReg(RegFile::Hw) ? "MOV from a hardware register is not executed in the load slot" : "";
    case Opcode::LdLVLow: case Opcode::LdLVHigh:
      return in.ops[0].isReg(RegFile::VP) ? "half-vector loads into a predicate register are not executed" : "";
    case Opcode::Lookup: case Opcode::Lookup1c: case Opcode::Lookup2c: {
      const char* why = lut::unsupported_access(in.sw.get(Sw::LutBv) != 0, in.sw.get(Sw::UpperHalf) != 0);
      if (why) return why;
      if (in.op == Opcode::Lookup2c && in.ops[0].reg.index % 2)
        return "LOOKUP_2C needs an even destination pair";
      return "";
    }
    default:
      return "not executed by the load unit";
  }
}

void executeLoad(const Instruction& in, Exec& x) {
  if (in.op == Opcode::Nop || !x.scalarOn(in.pred)) return;
  switch (in.op) {
    case Opcode::LdTnsr: case Opcode::LdTnsrLow: case Opcode::LdTnsrHigh: return ldTnsr(in, x);
    case Opcode::LdL: return ldL(in, x);
    case Opcode::LdLV: case Opcode::LdLVLow: case Opcode::LdLVHigh: return ldLV(in, x);
    case Opcode::Lookup: case Opcode::Lookup1c: case Opcode::Lookup2c: return lookup(in, x);
    case Opcode::Mov: return mov(in, x);
    case Opcode::LdG: return ldG(in, x);
    case Opcode::SetIndx: return setIndx(in, x, kSrc);
    case Opcode::PrmtIndx: return prmtIndx(in, x, kSrc);
    case Opcode::GenAddr: return genAddr(in, x);
    default: return;  // PREFETCH: a cache hint without architectural effect
  }
}

}  // namespace acosim::habana::vliw

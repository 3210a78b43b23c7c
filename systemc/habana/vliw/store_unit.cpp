// Store slot: ST_TNSR (VRF/VPRF -> tensor through KernelServices, which
// culls lanes outside the tensor, partially along dim 0), ST_L (SLM or MMIO),
// ST_L_V (VLM), ST_G, ASO, CACHE_FLUSH / CACHE_INVALIDATE and the index
// instructions of index_ops.h, with the _LOW/_HIGH, PARTIAL (S31), RMW (S29)
// and PACK tensor-store variants. Tensor stores and ST_G reach memory later
// (store_queue.h). The store slot takes scalar predicates only (TPC User
// Guide, Processor Architectural Overview); a false predicate stores nothing.
#include "sw/habana/tpc/tensor_switches.h"
#include "systemc/habana/vliw/exec.h"
#include "systemc/habana/vliw/index_ops.h"
#include "systemc/habana/vliw/lanes.h"
#include "systemc/habana/vliw/mmio.h"

namespace acosim::habana::vliw {

namespace {

using tpcasm::Opcode;
using tpcasm::Sw;

constexpr Consumer kSrc = Consumer::StoreSrc;

/// The RMW arithmetic type of an instruction's element type (fp32 when no
/// type is written, as for the element width).
RmwType rmwTypeOf(tpcasm::DataType dt) {
  using tpcasm::DataType;
  switch (dt) {
    case DataType::BF16: return RmwType::BF16;
    case DataType::I32: return RmwType::I32;
    case DataType::U32: return RmwType::U32;
    case DataType::I16: return RmwType::I16;
    case DataType::U16: return RmwType::U16;
    case DataType::I8: return RmwType::I8;
    case DataType::U8: return RmwType::U8;
    default: return RmwType::F32;
  }
}

void packBits(const VPReg& p, uint8_t bytes[32]) {
  for (unsigned k = 0; k < 32; ++k) {
    uint8_t b = 0;
    for (unsigned j = 0; j < 8; ++j) b = static_cast<uint8_t>(b | (p.bit(k * 8 + j) << j));
    bytes[k] = b;
  }
}

/// ST_TNSR tensor, Icoord, data. Element width from the type suffix,
/// 4 bytes when none (see load_unit.cpp). The data operand is read late
/// (Consumer::StoreData, latency 1 after a VPU result). The store is queued
/// with its arguments as read at issue (store_queue.h).
void stTnsr(const Instruction& in, Exec& x) {
  const int tensor = static_cast<int>(x.s(in.ops[0], kSrc));
  const IReg i = x.irf(in.ops[1].reg.index, Consumer::Coord);
  int coord[kTensorDims];
  for (int d = 0; d < kTensorDims; ++d) coord[d] = i.d[d];
  const Operand& data = in.ops[2];
  if (data.isReg(RegFile::VP)) {
    PendingStore& st = x.deferStore(in);
    st.tensor = tensor;
    std::memcpy(st.coord, coord, sizeof coord);
    st.elementBytes = 1;
    st.lanes = 32;
    packBits(x.vp(data.reg.index, Consumer::StoreData), st.data);
    return;
  }
  const unsigned eb = elementBytes(in.dt) ? elementBytes(in.dt) : 4, lanes = kVregBytes / eb;
  VReg v = x.v(data.reg.index, Consumer::StoreData);
  // PACK: the store pipe's element order (tensor_switches::pack_for_store).
  // The assembler carries no PACK_DT field, so its value is 0 (32->16,
  // pairs of elements).
  if (in.sw.get(Sw::Pack)) {
    VReg packed;
    tensor_switches::pack_for_store(v.b, packed.b, eb, tensor_switches::pack_stride(0));
    v = packed;
  }
  // _LOW / _HIGH store lanes 0.. / lanes/2.. of the value to the elements
  // at coord onwards (the TPC-C rule, tensor_intrinsics.h store_tensor).
  unsigned first = 0, count = lanes;
  if (in.op != Opcode::StTnsr) {
    count = lanes / 2;
    first = in.op == Opcode::StTnsrHigh ? count : 0;
  }
  // Operands after the data: S29 (RMW selector) then S31 (PARTIAL word),
  // as the assembler orders them.
  size_t next = 3;
  RmwOp rmw = RmwOp::None;
  RmwType rmwType = rmwTypeOf(in.dt);
  if (in.sw.get(Sw::RmwSel))
    tensor_switches::decode_rmw(x.s(in.ops[next++], kSrc), rmwTypeOf(in.dt), rmw, rmwType);
  PendingStore& st = x.deferStore(in);
  if (in.sw.get(Sw::Partial)) {
    tensor_switches::partial_lanes(x.s(in.ops[next], kSrc), lanes, st.enable);
    st.laneEnable = true;
  }
  st.tensor = tensor;
  std::memcpy(st.coord, coord, sizeof coord);
  st.elementBytes = eb;
  st.lanes = count;
  st.rmw = rmw;
  st.rmwType = rmwType;
  std::memcpy(st.data, v.b + first * eb, count * eb);
}

/// ST_G AD, S/SP: the value's `bytes` (the type suffix's element width, 4
/// when none; low bytes first) or, for SP, one byte 0/1, to the global
/// address in AD (KernelServices::store_global, as s_<t>_st_g of TPC-C).
/// Address and value are read at issue (Consumer::GlobalAddr / GlobalData);
/// the store is queued like a tensor store (store_queue.h).
void stG(const Instruction& in, Exec& x) {
  const uint64_t address = x.ad(in.ops[0].reg.index, Consumer::GlobalAddr);
  const Operand& v = in.ops[1];
  uint32_t word = 0;
  unsigned bytes = 1;
  if (v.isReg(RegFile::SP)) {
    word = x.sp(v.reg.index, Consumer::GlobalData) ? 1 : 0;
  } else {
    word = x.s(v, Consumer::GlobalData);
    bytes = elementBytes(in.dt) ? elementBytes(in.dt) : 4;
  }
  PendingStore& st = x.deferStore(in);
  st.global = true;
  st.address = address;
  st.bytes = bytes;
  std::memcpy(st.data, &word, bytes);
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
  // _LOW / _HIGH store the low / high 128 bytes of the register.
  const uint8_t* bytes = x.v(data.reg.index, Consumer::StoreLvData).b;
  if (in.op == Opcode::StLV) x.svc->store_vlm(address, bytes, kVregBytes);
  else x.svc->store_vlm(address, bytes + (in.op == Opcode::StLVHigh ? kVregBytes / 2 : 0), kVregBytes / 2);
}

}  // namespace

std::string validateStore(const Instruction& in) {
  switch (in.op) {
    case Opcode::Nop: case Opcode::StL: case Opcode::StLV: case Opcode::Aso:
    case Opcode::SetIndx: case Opcode::PrmtIndx: case Opcode::GenAddr:
    case Opcode::CacheFlush: case Opcode::CacheInvalidate:
      return "";
    case Opcode::StG:
      return in.dt == tpcasm::DataType::None || elementBytes(in.dt) ? ""
                                                                     : "ST_G of this data type is not executed";
    case Opcode::StTnsr: case Opcode::StTnsrLow: case Opcode::StTnsrHigh: {
      const bool variant = in.op != Opcode::StTnsr || in.sw.get(Sw::Partial) || in.sw.get(Sw::RmwSel) ||
                           in.sw.get(Sw::Pack);
      if (variant && in.ops[2].isReg(RegFile::VP))
        return "half-vector, partial, RMW and packing stores of a predicate register are not executed";
      if (in.op != Opcode::StTnsr && in.sw.get(Sw::Partial))
        return "partial half-vector stores are not executed (no source says how the halves and the range combine)";
      return "";
    }
    case Opcode::StLVLow: case Opcode::StLVHigh:
      return in.ops[1].isReg(RegFile::VP) ? "half-vector stores of a predicate register are not executed" : "";
    default:
      return "not executed by the store unit";
  }
}

void executeStore(const Instruction& in, Exec& x) {
  if (in.op == Opcode::Nop || !x.scalarOn(in.pred)) return;
  switch (in.op) {
    case Opcode::StTnsr: case Opcode::StTnsrLow: case Opcode::StTnsrHigh: return stTnsr(in, x);
    case Opcode::StL: return stL(in, x);
    case Opcode::StLV: case Opcode::StLVLow: case Opcode::StLVHigh: return stLV(in, x);
    case Opcode::StG: return stG(in, x);
    case Opcode::SetIndx: return setIndx(in, x, kSrc);
    case Opcode::PrmtIndx: return prmtIndx(in, x, kSrc);
    case Opcode::GenAddr: return genAddr(in, x);
    // ASO waits for older stores (TPC User Guide, "TPC Coherency"): VLM's
    // fence in the services, the queued global stores here.
    case Opcode::Aso:
      x.svc->fence();
      x.drainStores = true;
      return;
    // The model has no data, LUT or store-buffer cache (tpc-intrinsics.h:
    // CACHE_FLUSH flushes the data cache, CACHE_INVALIDATE invalidates the
    // data/LUT/SB caches). Both stay ordering points: the queued global
    // stores are applied, as a flush would write them back.
    case Opcode::CacheFlush: case Opcode::CacheInvalidate:
      x.drainStores = true;
      return;
    default: return;
  }
}

}  // namespace acosim::habana::vliw

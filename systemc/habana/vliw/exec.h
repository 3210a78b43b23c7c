// What a slot unit sees while executing one instruction: the pipelined
// register files at the current cycle, the machine around the core
// (KernelServices) and the control effects it may request.
#pragma once

#include <cstdint>
#include <string>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/tpc/error.h"
#include "sw/habana/tpc/kernel_services.h"
#include "systemc/habana/vliw/pipeline.h"
#include "systemc/habana/vliw/store_queue.h"

namespace acosim::habana::vliw {

using tpcasm::Instruction;
using tpcasm::Operand;
using tpcasm::OperandKind;
using tpcasm::RegFile;

struct Exec {
  Pipeline* pipe = nullptr;
  KernelServices* svc = nullptr;
  const uint8_t* lat = nullptr;
  int64_t now = 0;
  unsigned gmemExtra = 0;
  int64_t* gmemBusyUntil = nullptr;  // last cycle an LD_TNSR / LD_G write may be late
  StoreQueue* stores = nullptr;       // global-memory stores not yet applied
  const uint32_t* scalars = nullptr;  // kernel arguments (MMIO SRF words)
  unsigned scalarCount = 0;
  // Control effects of the bundle.
  bool halt = false;
  int jumpTo = -1;
  int branchTarget = -1;  // resolved JMPR label of the SPU slot
  int pc = 0;             // bundle index being executed (MOV from PC)
  bool drainStores = false;  // ASO / CACHE_FLUSH / CACHE_INVALIDATE issued

  /// Global-memory data of a load arrive gmemExtra cycles late: marks the
  /// window in which the core checks for stalls, returns the delay.
  unsigned globalLoad() {
    if (gmemExtra) *gmemBusyUntil = now + kMaxLatency + gmemExtra;
    return gmemExtra;
  }
  /// Records a store to global memory, applied later (store_queue.h); the
  /// caller fills in its arguments.
  PendingStore& deferStore(const Instruction& in) { return stores->push(now, pc, &in); }

  uint32_t s(const Operand& o, Consumer c) const {
    return o.kind == OperandKind::Imm ? o.imm : pipe->s[o.reg.index].read(c, now, lat);
  }
  const VReg& v(unsigned i, Consumer c) const { return pipe->v[i].read(c, now, lat); }
  const VPReg& vp(unsigned i, Consumer c) const { return pipe->vp[i].read(c, now, lat); }
  IReg irf(unsigned i, Consumer c) const {
    IReg r;
    for (unsigned d = 0; d < 5; ++d) r.d[d] = pipe->irf[i][d].read(c, now, lat);
    return r;
  }
  bool sp(unsigned i, Consumer c) const { return pipe->sp[i].read(c, now, lat) != 0; }
  uint64_t ad(unsigned i, Consumer c) const { return pipe->ad[i].read(c, now, lat); }

  /// Scalar predicate of an instruction: no predicate, or SPn != negated.
  bool scalarOn(const tpcasm::Predicate& p) const {
    if (!p.present || p.vector) return true;
    return sp(p.index, Consumer::ScalarPred) != p.negated;
  }

  // Writes; SP0 and VP0 stay always-true (writes to them are dropped).
  void writeV(unsigned i, const VReg& r, Producer p, unsigned extra = 0) {
    pipe->v[i].write(r, p, now, extra);
  }
  void writeVP(unsigned i, const VPReg& r, Producer p, unsigned extra = 0) {
    if (i != 0) pipe->vp[i].write(r, p, now, extra);
  }
  void writeS(unsigned i, uint32_t r, Producer p, unsigned extra = 0) { pipe->s[i].write(r, p, now, extra); }
  void writeSP(unsigned i, bool r, Producer p, unsigned extra = 0) {
    if (i != 0) pipe->sp[i].write(r ? 1 : 0, p, now, extra);
  }
  void writeAD(unsigned i, uint64_t r, Producer p) { pipe->ad[i].write(r, p, now, 0); }
  /// Writes the dims of `r` selected by `mask` (bit d = dim d).
  void writeI(unsigned i, unsigned mask, const IReg& r, Producer p) {
    for (unsigned d = 0; d < 5; ++d)
      if ((mask >> d) & 1U) pipe->irf[i][d].write(r.d[d], p, now, 0);
  }
};

[[noreturn]] inline void refuse(const std::string& why) { throw TpcError(why); }

// One entry point per slot unit. validate* returns an empty string for an
// instruction the unit executes, else the reason it is refused; it is
// called once per instruction when the program is decoded.
std::string validateLoad(const Instruction& in);
std::string validateSpu(const Instruction& in);
std::string validateVpu(const Instruction& in);
std::string validateStore(const Instruction& in);
void executeLoad(const Instruction& in, Exec& x);
void executeSpu(const Instruction& in, Exec& x);
void executeVpu(const Instruction& in, Exec& x);
void executeStore(const Instruction& in, Exec& x);

/// Producer class of an instruction's result (latency table row).
Producer producerOf(const Instruction& in);
Producer producerOfVpu(const Instruction& in);
Producer producerOfSpu(const Instruction& in);

}  // namespace acosim::habana::vliw

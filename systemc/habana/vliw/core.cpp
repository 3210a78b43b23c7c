#include "systemc/habana/vliw/core.h"

#include <map>

#include "sw/habana/asm/opcodes.h"
#include "sw/habana/asm/printer.h"

namespace acosim::habana::vliw {

using tpcasm::LoopCmp;
using tpcasm::Opcode;

namespace {

bool holds(LoopCmp c, int32_t a, int32_t b) {
  switch (c) {
    case LoopCmp::Gt: return a > b;
    case LoopCmp::Ge: return a >= b;
    case LoopCmp::Lt: return a < b;
    case LoopCmp::Le: return a <= b;
    case LoopCmp::Eq: return a == b;
    case LoopCmp::Ne: return a != b;
  }
  return false;
}

std::string regName(RegFile f, unsigned i) { return tpcasm::regFilePrefix(f) + std::to_string(i); }

/// Registers an instruction names must exist on Gaudi; pairs (D, Z and the
/// implicit second register of 32-bit MUL / SEL2) need their odd member too.
std::string checkRegisters(const Instruction& in) {
  for (size_t k = 0; k < in.ops.size(); ++k) {
    const Operand& o = in.ops[k];
    if (o.kind != OperandKind::Reg || o.reg.file == RegFile::Hw) continue;
    const unsigned n = tpcasm::regFileSize(o.reg.file);
    const bool pairDst = k == 0 && o.reg.file == RegFile::V && in.slot == tpcasm::Slot::Vpu &&
                         (((in.op == Opcode::Mul && (in.dt == tpcasm::DataType::I32 ||
                                                     in.dt == tpcasm::DataType::U32)) ||
                           ((in.op == Opcode::Mul || in.op == Opcode::Mac) &&
                            (in.dt == tpcasm::DataType::I16 || in.dt == tpcasm::DataType::U16))) ||
                          (in.op >= Opcode::Sel2Less && in.op <= Opcode::Sel2Geq));
    const bool pair = o.reg.file == RegFile::D || o.reg.file == RegFile::Z || pairDst;
    if (o.reg.index >= n || (pair && o.reg.index + 1u >= n))
      return "register " + regName(o.reg.file, o.reg.index) + (pair ? " (pair)" : "") +
             " is out of range (" + regName(o.reg.file, 0) + "-" + regName(o.reg.file, n - 1) + ")";
  }
  if (in.pred.present && in.pred.index >= 16)
    return "predicate register " + std::string(in.pred.vector ? "VP" : "SP") +
           std::to_string(in.pred.index) + " is out of range";
  return "";
}

}  // namespace

Producer producerOf(const Instruction& in) {
  switch (in.slot) {
    case tpcasm::Slot::Vpu: return producerOfVpu(in);
    case tpcasm::Slot::Spu: return producerOfSpu(in);
    default: return Producer::Load;
  }
}

VliwCore::VliwCore(const tpcasm::Program& program, unsigned gmemExtraCycles)
    : program_(program), gmemExtra_(gmemExtraCycles) {
  decode();
}

void VliwCore::decode() {
  std::map<std::string, int> labels;
  int n = 0;
  for (const tpcasm::ProgramItem& it : program_.items) {
    if (it.kind == tpcasm::ProgramItem::kLabel) labels[it.label] = n;
    else ++n;
  }
  auto target = [&](const Instruction& in) {
    for (const Operand& o : in.ops)
      if (o.kind == OperandKind::Label) {
        auto f = labels.find(o.label);
        return f == labels.end() ? -1 : f->second;
      }
    return -1;
  };
  for (const tpcasm::ProgramItem& it : program_.items) {
    if (it.kind != tpcasm::ProgramItem::kBundle) continue;
    const int index = static_cast<int>(bundles_.size());
    DecodedBundle d;
    d.bundle = &it.bundle;
    if (it.bundle.isLoop) {
      d.loop = decodeOne(it.bundle.loop, index);
      d.loop.target = target(it.bundle.loop);
      if (d.loop.refusal.empty() && d.loop.target <= index + 1)
        d.loop.refusal = "LOOP body is empty (its end label must follow at least one bundle)";
    } else {
      for (int s = 0; s < tpcasm::kSlotCount; ++s) {
        d.slot[s] = decodeOne(it.bundle.slot[s], index);
        d.slot[s].target = target(it.bundle.slot[s]);
      }
    }
    bundles_.push_back(std::move(d));
  }
}

VliwCore::Decoded VliwCore::decodeOne(const Instruction& in, int) {
  Decoded d;
  d.inst = &in;
  d.nop = in.op == Opcode::Nop;
  d.refusal = checkRegisters(in);
  if (!d.refusal.empty()) return d;
  if (in.op == Opcode::Loop) {
    // The trailing immediate (loop_flag) has no field in tpc_llvm's LOOP
    // encoding (TPCInstrFormats.td TPCInstLOOP: start, boundary, step,
    // comparison, target, predicate) nor a documented meaning.
    d.refusal = in.sw.get(tpcasm::Sw::LoopFlag)
                    ? "LOOP with a trailing flag is not executed: its meaning is not established from "
                      "Habana's sources (tpc_llvm's LOOP encoding has no such field)"
                    : "";
    return d;
  }
  switch (in.slot) {
    case tpcasm::Slot::Load: d.refusal = validateLoad(in); break;
    case tpcasm::Slot::Spu: d.refusal = validateSpu(in); break;
    case tpcasm::Slot::Vpu: d.refusal = validateVpu(in); break;
    case tpcasm::Slot::Store: d.refusal = validateStore(in); break;
  }
  return d;
}

void VliwCore::reset(KernelServices& services, const uint32_t* scalars, unsigned count) {
  if (count > scalars_.size())
    throw TpcError("at most 32 scalar kernel arguments (SRF words), got " + std::to_string(count));
  pipe_.reset();
  scalars_.fill(0);
  for (unsigned k = 0; k < count; ++k) {
    scalars_[k] = scalars[k];
    pipe_.s[k].reset(scalars[k]);
  }
  int offset[kTensorDims], size[kTensorDims];
  services.index_space(offset, size);
  for (int d = 0; d < kTensorDims; ++d) {
    pipe_.irf[0][d].reset(offset[d]);
    pipe_.irf[1][d].reset(size[d]);
  }
  exec_ = Exec{};
  exec_.pipe = &pipe_;
  exec_.svc = &services;
  exec_.lat = latencyTable();
  exec_.gmemExtra = gmemExtra_;
  exec_.gmemBusyUntil = &gmemBusyUntil_;
  exec_.stores = &stores_;
  stores_.clear();
  exec_.scalars = scalars_.data();
  exec_.scalarCount = count;
  gmemBusyUntil_ = -1;
  depth_ = 0;
  pc_ = 0;
  cycle_ = stalls_ = 0;
  halted_ = false;
  ready_ = true;
}

void VliwCore::fail(int index, const Instruction* in, const std::string& why) const {
  std::string where = "bundle " + std::to_string(index);
  if (index >= 0 && index < static_cast<int>(bundles_.size()))
    where += " (line " + std::to_string(bundles_[index].bundle->line) + ")";
  if (in) where += ": '" + tpcasm::printInstruction(*in) + "'";
  throw TpcError(where + ": " + why);
}

// A global-memory stall happens only while an LD_TNSR / LD_G write may
// still be late; then every register operand the bundle reads is checked,
// as the consumer class its unit reads it with.
bool VliwCore::mustStall(const DecodedBundle& b) const {
  const int64_t now = static_cast<int64_t>(cycle_);
  if (gmemBusyUntil_ < now) return false;
  const uint8_t* lat = exec_.lat;
  auto lateOperand = [&](const Instruction& in, size_t k) {
    const Operand& o = in.ops[k];
    if (o.kind != OperandKind::Reg) return false;
    const tpcasm::Slot slot = in.slot;
    Consumer c = Consumer::VpuSrc;
    if (slot == tpcasm::Slot::Vpu && k == 0 && in.op == Opcode::Mac) c = Consumer::VpuAcc;
    if (slot == tpcasm::Slot::Store)
      c = in.op == Opcode::StTnsr || in.op == Opcode::StTnsrLow || in.op == Opcode::StTnsrHigh
              ? Consumer::StoreData
              : Consumer::StoreLvData;
    switch (o.reg.file) {
      case RegFile::V: case RegFile::D:
        return pipe_.v[o.reg.index].late(c, now, lat) ||
               (o.reg.file == RegFile::D && pipe_.v[o.reg.index + 1].late(c, now, lat));
      case RegFile::VP:
        return pipe_.vp[o.reg.index].late(c, now, lat);
      case RegFile::S: case RegFile::SP: {
        Consumer sc = slot == tpcasm::Slot::Load ? Consumer::LoadSrc
                      : slot == tpcasm::Slot::Spu ? Consumer::SpuSrc
                      : slot == tpcasm::Slot::Vpu ? Consumer::VpuSrc
                                                  : Consumer::StoreSrc;
        if (in.op == Opcode::StG) sc = Consumer::GlobalData;
        return o.reg.file == RegFile::S ? pipe_.s[o.reg.index].late(sc, now, lat)
                                        : pipe_.sp[o.reg.index].late(sc, now, lat);
      }
      default:
        return false;
    }
  };
  auto lateInstruction = [&](const Instruction& in) {
    for (size_t k = 0; k < in.ops.size(); ++k)
      if (lateOperand(in, k)) return true;
    if (!in.pred.present) return false;
    return in.pred.vector ? pipe_.vp[in.pred.index].late(Consumer::VecPred, now, lat)
                          : pipe_.sp[in.pred.index].late(Consumer::ScalarPred, now, lat);
  };
  if (b.bundle->isLoop) return lateInstruction(*b.loop.inst);
  for (const Decoded& d : b.slot)
    if (!d.nop && lateInstruction(*d.inst)) return true;
  return false;
}

/// Applies the queued global stores due now (all of them with `all`), in
/// issue order; an error names the bundle that issued the store.
void VliwCore::commitStores(bool all) {
  const auto now = static_cast<int64_t>(cycle_);
  while (const PendingStore* st = stores_.due(now, all)) {
    try {
      st->apply(*exec_.svc);
    } catch (const TpcError& e) {
      const int pc = st->pc;
      const Instruction* in = st->inst;
      stores_.clear();
      fail(pc, in, e.what());
    }
    stores_.pop();
  }
}

void VliwCore::issueLoop(const DecodedBundle& b) {
  const Instruction& in = *b.loop.inst;
  if (!b.loop.refusal.empty()) fail(pc_, &in, "not executed by the VLIW core: " + b.loop.refusal);
  if (depth_ == kMaxLoopDepth) fail(pc_, &in, "LOOP nesting deeper than 4 (iterators S32-S35)");
  const auto start = static_cast<int32_t>(exec_.s(in.ops[0], Consumer::SpuSrc));
  LoopFrame f;
  f.boundary = static_cast<int32_t>(exec_.s(in.ops[1], Consumer::SpuSrc));
  f.step = static_cast<int32_t>(exec_.s(in.ops[2], Consumer::SpuSrc));
  f.cmp = in.ops[3].cmp;
  f.first = pc_ + 1;
  f.last = b.loop.target - 1;
  f.reg = kLoopRegBase + depth_;
  exec_.writeS(f.reg, static_cast<uint32_t>(start), Producer::Control);
  exec_.svc->counters.count(Slot::Spu);
  if (holds(f.cmp, start, f.boundary)) {
    loops_[depth_++] = f;
    pc_ = f.first;
  } else {
    pc_ = b.loop.target;
  }
}

StepResult VliwCore::step() {
  if (!ready_) throw TpcError("VliwCore::step before reset");
  StepResult r;
  r.cycle = cycle_;
  r.pc = static_cast<uint32_t>(pc_);
  if (halted_) {
    r.halted = true;
    return r;
  }
  if (pc_ < 0 || pc_ >= static_cast<int>(bundles_.size()))
    fail(pc_, nullptr, "execution ran past the end of the program without HALT");
  const DecodedBundle& b = bundles_[pc_];
  exec_.now = static_cast<int64_t>(cycle_);
  commitStores(false);
  if (mustStall(b)) {
    r.gmemStall = true;
    ++stalls_;
    ++cycle_;
    return r;
  }
  if (b.bundle->isLoop) {
    r.loop = true;
    issueLoop(b);
    ++cycle_;
    return r;
  }
  for (const Decoded& d : b.slot)
    if (!d.refusal.empty()) fail(pc_, d.inst, "not executed by the VLIW core: " + d.refusal);
  exec_.halt = false;
  exec_.drainStores = false;
  exec_.jumpTo = -1;
  exec_.pc = pc_;
  for (int s = 0; s < tpcasm::kSlotCount; ++s) {
    const Decoded& d = b.slot[s];
    if (d.nop) continue;
    exec_.branchTarget = d.target;
    try {
      switch (static_cast<tpcasm::Slot>(s)) {
        case tpcasm::Slot::Load: executeLoad(*d.inst, exec_); break;
        case tpcasm::Slot::Spu: executeSpu(*d.inst, exec_); break;
        case tpcasm::Slot::Vpu: executeVpu(*d.inst, exec_); break;
        case tpcasm::Slot::Store: executeStore(*d.inst, exec_); break;
      }
    } catch (const TpcError& e) {
      fail(pc_, d.inst, e.what());
    }
    r.issued = static_cast<uint8_t>(r.issued | (1U << s));
    exec_.svc->counters.count(static_cast<Slot>(s));
  }
  int next = exec_.jumpTo >= 0 ? exec_.jumpTo : pc_ + 1;
  // Loop back edges: the last body bundle advances the innermost iterator;
  // loops ending on the same bundle are checked outward.
  while (exec_.jumpTo < 0 && depth_ > 0 && pc_ == loops_[depth_ - 1].last) {
    const LoopFrame& f = loops_[depth_ - 1];
    const int32_t it = static_cast<int32_t>(pipe_.s[f.reg].settled()) + f.step;
    exec_.writeS(f.reg, static_cast<uint32_t>(it), Producer::Control);
    if (holds(f.cmp, it, f.boundary)) {
      next = f.first;
      break;
    }
    --depth_;
    next = f.last + 1;
  }
  // ASO / CACHE_FLUSH / CACHE_INVALIDATE and HALT apply every queued
  // store (store_queue.h), so a halted run leaves memory complete.
  if (exec_.drainStores || exec_.halt) commitStores(true);
  if (exec_.halt) halted_ = true;
  pc_ = next;
  ++cycle_;
  r.halted = halted_;
  return r;
}

uint64_t VliwCore::run(uint64_t maxCycles) {
  while (!halted_) {
    if (cycle_ >= maxCycles)
      throw TpcError("program did not halt within " + std::to_string(maxCycles) + " cycles");
    step();
  }
  return cycle_;
}

}  // namespace acosim::habana::vliw

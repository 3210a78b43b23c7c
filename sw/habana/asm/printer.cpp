#include "sw/habana/asm/printer.h"

#include <bitset>
#include <cstdio>

#include "sw/habana/asm/opcodes.h"

namespace acosim::habana::tpcasm {

namespace {

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

std::string binary(uint32_t v) {
  if (v == 0) return "0b0";
  std::string s;
  for (; v; v >>= 1) s.insert(s.begin(), static_cast<char>('0' + (v & 1U)));
  return "0b" + s;
}

std::string regText(const Reg& r) {
  if (r.file == RegFile::Hw) return "PC";
  return std::string(regFilePrefix(r.file)) + std::to_string(r.index);
}

std::string lowerStr(const char* s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

std::string valueName(const SwitchDef& d, uint32_t v) {
  for (const SwValue& sv : d.values)
    if (sv.value == v) return d.style == SwStyle::EnumUpper ? sv.name : lowerStr(sv.name);
  return std::to_string(v);
}

std::string spellSwitch(const SwitchDef& d, uint32_t v) {
  switch (d.style) {
    case SwStyle::Flag: return d.key;
    case SwStyle::Enum:
    case SwStyle::EnumUpper: return valueName(d, v);
    case SwStyle::KeyEnum: return std::string(d.key) + "=" + valueName(d, v);
    case SwStyle::KeyNum: return std::string(d.key) + "=" + std::to_string(v);
    case SwStyle::KeyHex: return std::string(d.key) + "=" + hex(v);
    case SwStyle::KeyBin: return std::string(d.key) + "=" + binary(v);
    case SwStyle::BareHex: return hex(v);
  }
  return "";
}

// Whether switch `u` of `inst` is printed, following the print options of
// tpc_llvm InstructionDB.cpp (OptPrintAlways, defaults, dependencies).
bool printed(const Instruction& inst, const SwitchUse& u) {
  const uint32_t v = inst.sw.get(u.id);
  if (inst.op == Opcode::MovDg) {
    // MOV_DG.ALL prints sdg*/weg*; the single form prints src/dst/wr_*
    // (the switches depend on "all").
    const bool all = inst.sw.get(Sw::MdgAll) != 0;
    const bool allOnly = u.id >= Sw::Sdg0 && u.id <= Sw::Weg3;
    if (u.id == Sw::MdgAll) return false;
    return all == allOnly;
  }
  if (inst.op == Opcode::Convert && inst.slot == Slot::Vpu) {
    // Gaudi's vector CONVERT has a num_lanes switch when bf16 is involved
    // (InstructionDB.cpp, num_lanes with TARGET_TYPE dependencies): its
    // single-lane value is shown as lane_sel, all lanes as "all_lanes".
    const bool bf16 = inst.dt == DataType::BF16 || inst.sw.get(Sw::TargetType) == 1;
    const bool allLanes = inst.sw.get(Sw::AllLanes) != 0;
    if (u.id == Sw::LaneSel) return !allLanes && (v != 0 || bf16);
    if (u.id == Sw::AllLanes) return allLanes;
  }
  switch (u.print) {
    case SwPrint::Always: return true;
    case SwPrint::Never: return false;
    case SwPrint::IfNotDefault: return v != u.def;
  }
  return false;
}

bool isStLV(Opcode op) {
  return op == Opcode::StLV || op == Opcode::StLVLow || op == Opcode::StLVHigh;
}

std::string printLoop(const Instruction& inst) {
  static const char* const kCmp[] = {">", ">=", "<", "<=", "==", "!="};
  std::string s = "loop ";
  for (size_t i = 0; i < inst.ops.size(); ++i) {
    const Operand& o = inst.ops[i];
    if (i) s += ", ";
    switch (o.kind) {
      case OperandKind::Reg: s += regText(o.reg); break;
      // LOOP bounds print in decimal (TPCInstPrinter::printLoopImm).
      case OperandKind::Imm: s += std::to_string(static_cast<int32_t>(o.imm)); break;
      case OperandKind::Cmp: s += kCmp[static_cast<int>(o.cmp)]; break;
      case OperandKind::Label: s += o.label; break;
    }
  }
  if (inst.sw.explicitlySet(Sw::LoopFlag)) s += ", " + hex(inst.sw.get(Sw::LoopFlag));
  if (inst.pred.present)
    s += std::string(", ") + (inst.pred.negated ? "!" : "") + "SP" +
         std::to_string(inst.pred.index);
  return s;
}

}  // namespace

std::string printInstruction(const Instruction& inst) {
  if (inst.op == Opcode::Loop) return printLoop(inst);
  const OpForm& form = formOf(inst.op, inst.slot);
  std::string s = form.name;
  if (inst.op == Opcode::MovDg && inst.sw.get(Sw::MdgAll)) s += ".all";
  if (inst.dtGiven) s += std::string(".") + dataTypeName(inst.dt);
  const std::string mask =
      inst.dimMask >= 0 ? "b" + std::bitset<5>(static_cast<unsigned>(inst.dimMask)).to_string() : "";
  if (!mask.empty() && !form.maskOperand) s += " " + mask;
  for (const SwitchUse& u : form.switches)
    if (printed(inst, u)) s += " " + spellSwitch(switchDef(u.id), inst.sw.get(u.id));

  bool first = true;
  for (size_t i = 0; i < inst.ops.size(); ++i) {
    const Operand& o = inst.ops[i];
    // A VP0 value of ST_L_V* is printed like an unpredicated vector
    // predicate, i.e. not at all, unless a predicate follows (tpc_llvm
    // TPCInstPrinter::printVPredicate; st_l_v-02.s shows both cases).
    if (isStLV(inst.op) && i == 1 && o.isReg(RegFile::VP) && o.reg.index == 0 &&
        !inst.pred.present)
      continue;
    s += first ? " " : ", ";
    first = false;
    switch (o.kind) {
      case OperandKind::Reg: s += regText(o.reg); break;
      case OperandKind::Imm: s += hex(o.imm); break;
      case OperandKind::Label: s += o.label; break;
      case OperandKind::Cmp: break;
    }
    // SET_INDX prints its mask between destination and value
    // (TPCInstrInfo.td: "set_indx $sw $dst, $mask, $src, $pred").
    if (i == 0 && form.maskOperand && !mask.empty()) s += ", " + mask;
  }
  if (inst.pred.present) {
    s += first ? " " : ", ";
    s += std::string(inst.pred.negated ? "!" : "") + (inst.pred.vector ? "VP" : "SP") +
         std::to_string(inst.pred.index);
  }
  return s;
}

std::string printBundle(const Bundle& b) {
  if (b.isLoop) return printInstruction(b.loop);
  std::string s;
  for (int i = 0; i < kSlotCount; ++i) {
    if (i) s += "; ";
    s += printInstruction(b.slot[i]);
  }
  return s;
}

std::vector<std::string> printProgram(const Program& p) {
  std::vector<std::string> lines;
  for (const ProgramItem& it : p.items)
    lines.push_back(it.kind == ProgramItem::kLabel ? it.label + ":" : printBundle(it.bundle));
  if (p.hasMetadataSection) {
    lines.push_back(".section .tpc_metadata");
    for (const MetadataField& f : p.metadata) lines.push_back(f.key + ": " + f.type + " " + f.value);
  }
  return lines;
}

}  // namespace acosim::habana::tpcasm

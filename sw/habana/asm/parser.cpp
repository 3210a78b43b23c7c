#include "sw/habana/asm/parser.h"

#include <cctype>
#include <cstring>

#include "sw/habana/asm/literal.h"
#include "sw/habana/asm/opcodes.h"

namespace acosim::habana::tpcasm {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

struct Token {
  std::string text;
  int col = 0;  // 1-based column in the source line
};

[[noreturn]] void fail(const SourcePos& pos, int col, const std::string& cause) {
  throw AsmError(pos.file, pos.line, col, cause);
}

// Operands are separated by ',' or blanks; a lone sign joins the number that
// follows it ("- 1.0e00", literals-02.s).
std::vector<Token> tokenize(const std::string& s, int baseCol) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ',' || std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && s[j] != ',' && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    out.push_back({s.substr(i, j - i), baseCol + static_cast<int>(i)});
    i = j;
  }
  std::vector<Token> merged;
  for (size_t k = 0; k < out.size(); ++k) {
    if ((out[k].text == "+" || out[k].text == "-") && k + 1 < out.size()) {
      merged.push_back({out[k].text + out[k + 1].text, out[k].col});
      ++k;
    } else {
      merged.push_back(out[k]);
    }
  }
  return merged;
}

struct RegMatch {
  RegFile file;
  unsigned index;
};

bool parseReg(const std::string& tok, RegMatch* out) {
  const std::string u = upper(tok);
  if (u == "PC") {
    *out = {RegFile::Hw, static_cast<unsigned>(HwReg::PC)};
    return true;
  }
  static const std::pair<const char*, RegFile> kPrefixes[] = {
      {"VP", RegFile::VP}, {"SP", RegFile::SP}, {"AD", RegFile::AD}, {"V", RegFile::V},
      {"S", RegFile::S},   {"I", RegFile::I},   {"D", RegFile::D},   {"Z", RegFile::Z}};
  for (const auto& p : kPrefixes) {
    const size_t n = std::strlen(p.first);
    if (u.size() > n && u.compare(0, n, p.first) == 0) {
      bool digits = true;
      for (size_t i = n; i < u.size(); ++i)
        digits = digits && std::isdigit(static_cast<unsigned char>(u[i]));
      if (!digits || u.size() - n > 3) continue;
      *out = {p.second, static_cast<unsigned>(std::stoul(u.substr(n)))};
      return true;
    }
  }
  return false;
}

char letterOf(RegFile f) {
  switch (f) {
    case RegFile::V: return 'V';
    case RegFile::VP: return 'P';
    case RegFile::S: return 'S';
    case RegFile::SP: return 'Q';
    case RegFile::I: return 'I';
    case RegFile::AD: return 'A';
    case RegFile::D: return 'D';
    case RegFile::Z: return 'Z';
    case RegFile::Hw: return 'H';
  }
  return '?';
}

std::string regName(RegFile f, unsigned idx) {
  if (f == RegFile::Hw) return "PC";
  return std::string(regFilePrefix(f)) + std::to_string(idx);
}

struct Position {
  std::string letters;
  bool optional = false;
};

std::vector<Position> parseSig(const char* sig) {
  std::vector<Position> out;
  std::string cur;
  for (const char* p = sig;; ++p) {
    if (*p == ',' || *p == '\0') {
      if (!cur.empty()) {
        Position pos;
        pos.optional = cur.back() == '?';
        if (pos.optional) cur.pop_back();
        pos.letters = cur;
        out.push_back(pos);
      }
      cur.clear();
      if (*p == '\0') break;
    } else {
      cur += *p;
    }
  }
  return out;
}

bool accepts(const Position& p, char letter) {
  return p.letters.find(letter) != std::string::npos;
}

std::string describe(const Position& p) {
  static const std::pair<char, const char*> kNames[] = {
      {'V', "V"}, {'P', "VP"}, {'S', "S"},  {'Q', "SP"},       {'I', "I"},          {'A', "AD"},
      {'D', "D"}, {'Z', "Z"},  {'H', "PC"}, {'i', "immediate"}, {'L', "label"}, {'C', "comparison"}};
  std::string s;
  for (char c : p.letters) {
    for (const auto& n : kNames) {
      if (n.first == c) {
        if (!s.empty()) s += " or ";
        s += n.second;
      }
    }
  }
  return s;
}

std::string mnemonicUpper(const OpForm& f) { return upper(f.name); }

// Applies a switch token (suffix or operand-list word) if `form` knows it.
bool applySwitch(const OpForm& form, const std::string& tok, Instruction* inst,
                 const SourcePos& pos, int col) {
  const std::string l = lower(tok);
  const size_t eq = l.find('=');
  const std::string key = eq == std::string::npos ? l : l.substr(0, eq);
  const std::string val = eq == std::string::npos ? "" : l.substr(eq + 1);
  for (const SwitchUse& u : form.switches) {
    const SwitchDef& d = switchDef(u.id);
    const bool keyMatch = key == d.key || (d.alias && key == d.alias);
    if (eq != std::string::npos) {
      if (!keyMatch) continue;
      if (d.style == SwStyle::Enum || d.style == SwStyle::KeyEnum ||
          d.style == SwStyle::EnumUpper) {
        for (const SwValue& v : d.values) {
          if (lower(v.name) == val) {
            inst->sw.set(u.id, v.value);
            return true;
          }
        }
        fail(pos, col, "invalid value '" + val + "' of switch " + upper(key) + " for " +
                           mnemonicUpper(form));
      }
      uint32_t n = 0;
      if (!parseUnsigned(val, &n) || n > d.maxValue)
        fail(pos, col, "invalid value '" + val + "' of switch " + upper(key) + " for " +
                           mnemonicUpper(form));
      inst->sw.set(u.id, n);
      return true;
    }
    if (d.style == SwStyle::Flag && keyMatch) {
      inst->sw.set(u.id, 1);
      return true;
    }
    if (d.style == SwStyle::Enum || d.style == SwStyle::KeyEnum ||
        d.style == SwStyle::EnumUpper) {
      for (const SwValue& v : d.values) {
        // A bare number is an operand; numeric value names ("0", "2" of
        // PACK's source_group / element_stride) need their key.
        if (std::isdigit(static_cast<unsigned char>(v.name[0]))) continue;
        if (lower(v.name) == l) {
          inst->sw.set(u.id, v.value);
          return true;
        }
      }
    }
  }
  return false;
}

// Refuses a switch that `form` has on other TPC generations only.
void refuseOtherGenerationSwitch(const OpForm& form, const std::string& tok,
                                 const SourcePos& pos, int col) {
  const std::string l = lower(tok);
  const std::string key = l.substr(0, l.find('='));
  const std::string gen = otherGenerationSwitchOf(form.name, key);
  if (!gen.empty())
    fail(pos, col, "switch " + upper(key) + " of " + mnemonicUpper(form) + " is a " + gen +
                       " switch, not available on Gaudi");
}

bool isNumberToken(const std::string& t) {
  uint32_t v = 0;
  return parseLiteral(t, DataType::None, &v);
}

bool parseCmp(const std::string& t, LoopCmp* out) {
  static const std::pair<const char*, LoopCmp> kCmps[] = {
      {">", LoopCmp::Gt}, {">=", LoopCmp::Ge}, {"<", LoopCmp::Lt},
      {"<=", LoopCmp::Le}, {"==", LoopCmp::Eq}, {"!=", LoopCmp::Ne}};
  for (const auto& c : kCmps) {
    if (t == c.first) {
      *out = c.second;
      return true;
    }
  }
  return false;
}

bool isIdentifier(const std::string& t) {
  if (t.empty() || !(std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_' || t[0] == '.'))
    return false;
  for (char c : t)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'))
      return false;
  return true;
}

void checkRange(RegFile f, unsigned idx, const SourcePos& pos, int col) {
  if (f == RegFile::Hw) return;
  const unsigned n = regFileSize(f);
  if (idx >= n) {
    fail(pos, col, "register " + regName(f, idx) + " is out of range (" + regName(f, 0) + "-" +
                       regName(f, n - 1) + " on Gaudi)");
  }
}

// Builds the operand at signature position `p` from token `t`.
Operand makeOperand(const OpForm& form, const Position& p, size_t index, const Token& t,
                    const Instruction& inst, const SourcePos& pos,
                    std::vector<LabelRef>* labelRefs) {
  RegMatch r{};
  if (parseReg(t.text, &r)) {
    checkRange(r.file, r.index, pos, t.col);
    char letter = letterOf(r.file);
    // A pair register is written by its even member: V6 where D6 is meant
    // (MUL.BF16.ACC_FP32 V6 prints D6), S4 where Z4 is meant (UDIV_4STEP).
    // CONVERT accepts the pair name where it reads its low vector (D2 -> V2).
    if (!accepts(p, letter)) {
      RegFile f = r.file;
      if (r.file == RegFile::V && accepts(p, 'D')) f = RegFile::D;
      else if (r.file == RegFile::S && accepts(p, 'Z')) f = RegFile::Z;
      else if (r.file == RegFile::D && accepts(p, 'V')) f = RegFile::V;
      if (f == r.file) {
        fail(pos, t.col, "operand " + std::to_string(index + 1) + " of " + mnemonicUpper(form) +
                             " must be " + describe(p) + ", not " + regName(r.file, r.index));
      }
      r.file = f;
    }
    if ((r.file == RegFile::D || r.file == RegFile::Z) && (r.index & 1U))
      fail(pos, t.col, "register pair " + regName(r.file, r.index) + " must be even");
    return Operand::makeReg(r.file, r.index);
  }
  LoopCmp cmp;
  if (accepts(p, 'C') && parseCmp(t.text, &cmp)) {
    Operand o;
    o.kind = OperandKind::Cmp;
    o.cmp = cmp;
    return o;
  }
  uint32_t v = 0;
  if (parseLiteral(t.text, inst.dt, &v)) {
    if (!accepts(p, 'i')) {
      fail(pos, t.col, "operand " + std::to_string(index + 1) + " of " + mnemonicUpper(form) +
                           " must be " + describe(p) + ", not the immediate " + t.text);
    }
    return Operand::makeImm(v);
  }
  if (accepts(p, 'L') && isIdentifier(t.text)) {
    Operand o;
    o.kind = OperandKind::Label;
    o.label = t.text;
    if (labelRefs) labelRefs->push_back({t.text, pos.line, t.col});
    return o;
  }
  fail(pos, t.col, "malformed operand '" + t.text + "' of " + mnemonicUpper(form) +
                       " (expected " + describe(p) + ")");
}

// Scalar-register slots that the tensor/partial/RMW machinery fixes
// (tpc_llvm TPCRegisterInfo.td: TnsrRegLd S27, TnsrRegSt S28, RMWReg S29,
// OffsSizeRegLd S30, OffsSizeRegSt S31).
void fixTensorOperands(const OpForm& form, Instruction* inst, const std::vector<Token>& toks,
                       const SourcePos& pos) {
  const bool load = inst->slot == Slot::Load;
  auto requireS = [&](size_t i, unsigned want, const char* what) {
    const Operand& o = inst->ops[i];
    if (o.kind == OperandKind::Reg && !(o.reg.file == RegFile::S && o.reg.index == want))
      fail(pos, toks[i].col, std::string(what) + " of " + mnemonicUpper(form) + " must be S" +
                                 std::to_string(want));
  };
  if (load) {
    requireS(1, 27, "tensor register");
    if (inst->ops.size() == 4) {
      requireS(3, 30, "partial offset/size register");
      inst->sw.set(Sw::Partial, 1);
    } else if (inst->sw.get(Sw::Partial)) {
      inst->ops.push_back(Operand::makeReg(RegFile::S, 30));
    }
    return;
  }
  requireS(0, 28, "tensor register");
  bool rmw = inst->sw.get(Sw::RmwSel) != 0;
  bool partial = inst->sw.get(Sw::Partial) != 0;
  for (size_t i = 3; i < inst->ops.size(); ++i) {
    const Operand& o = inst->ops[i];
    if (o.isReg(RegFile::S) && o.reg.index == 29 && i == 3) rmw = true;
    else if (o.isReg(RegFile::S) && o.reg.index == 31) partial = true;
    else
      fail(pos, toks[i].col, "extra operand of " + mnemonicUpper(form) +
                                 " must be S29 (RMW) followed by S31 (partial)");
  }
  inst->ops.resize(3);
  if (rmw) {
    inst->sw.set(Sw::RmwSel, 1);
    inst->ops.push_back(Operand::makeReg(RegFile::S, 29));
  }
  if (partial) {
    inst->sw.set(Sw::Partial, 1);
    inst->ops.push_back(Operand::makeReg(RegFile::S, 31));
  }
}

bool isPredicateToken(const std::string& t, RegMatch* r, bool* negated) {
  std::string s = t;
  *negated = !s.empty() && s[0] == '!';
  if (*negated) s.erase(0, 1);
  return parseReg(s, r) && (r->file == RegFile::SP || r->file == RegFile::VP);
}

}  // namespace

Instruction parseInstruction(const std::string& text, Slot slot, const SourcePos& pos,
                             std::vector<LabelRef>* labelRefs) {
  size_t b = 0;
  while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  size_t e = b;
  while (e < text.size() && !std::isspace(static_cast<unsigned char>(text[e]))) ++e;
  const int mnCol = pos.col + static_cast<int>(b);
  if (b == e) fail(pos, mnCol, std::string("empty ") + slotName(slot) + " slot");
  const std::string word = text.substr(b, e - b);

  std::vector<std::string> parts;
  {
    size_t s = 0;
    for (;;) {
      const size_t d = word.find('.', s);
      parts.push_back(word.substr(s, d == std::string::npos ? std::string::npos : d - s));
      if (d == std::string::npos) break;
      s = d + 1;
    }
  }
  const std::string base = lower(parts[0]);
  const OpForm* form = findForm(base, slot);
  if (!form) {
    const unsigned slots = slotsOf(base);
    if (slots) {
      std::string where;
      for (int s = 0; s < kSlotCount; ++s) {
        if (slots & (1U << s)) {
          if (!where.empty()) where += ", ";
          where += slotName(static_cast<Slot>(s));
        }
      }
      fail(pos, mnCol, "instruction " + upper(base) + " cannot be placed in the " +
                           slotName(slot) + " slot (it belongs to the " + where + " slot)");
    }
    const std::string gen = otherGenerationOf(base);
    if (!gen.empty())
      fail(pos, mnCol, "instruction " + upper(base) + " is a " + gen +
                           " instruction, not available on Gaudi");
    fail(pos, mnCol, "unknown mnemonic '" + parts[0] + "'");
  }

  Instruction inst;
  inst.op = form->op;
  inst.slot = slot;
  for (const SwitchUse& u : form->switches) inst.sw.value[static_cast<int>(u.id)] = u.def;

  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string l = lower(parts[i]);
    DataType dt;
    if (parseDataType(l, &dt)) {
      if (!dataTypeOnGaudi(dt))
        fail(pos, mnCol, "data type ." + l + " is not supported on Gaudi");
      inst.dt = dt;
      inst.dtGiven = true;
    } else if (!applySwitch(*form, parts[i], &inst, pos, mnCol)) {
      refuseOtherGenerationSwitch(*form, parts[i], pos, mnCol);
      fail(pos, mnCol, "unknown switch ." + upper(parts[i]) + " for " + upper(form->name));
    }
  }

  const std::vector<Token> toks = tokenize(text.substr(e), pos.col + static_cast<int>(e));
  std::vector<Token> opToks;
  for (const Token& t : toks) {
    const std::string l = lower(t.text);
    if ((form->dimMask || form->maskOperand) && l.size() == 6 && l[0] == 'b' &&
        l.find_first_not_of("01", 1) == std::string::npos) {
      if (form->maskOperand && opToks.size() != 1)
        fail(pos, t.col, "the dimension mask of " + upper(form->name) +
                             " must be its second operand");
      inst.dimMask = static_cast<int>(std::stoul(l.substr(1), nullptr, 2));
      continue;
    }
    if (form->op == Opcode::Loop && opToks.size() == 5 && isNumberToken(t.text)) {
      uint32_t v = 0;
      parseLiteral(t.text, DataType::None, &v);
      inst.sw.set(Sw::LoopFlag, v);
      continue;
    }
    if (applySwitch(*form, t.text, &inst, pos, t.col)) continue;
    if (form->leadingNumber != Sw::Count && opToks.empty() && isNumberToken(t.text)) {
      uint32_t v = 0;
      parseLiteral(t.text, DataType::None, &v);
      if (v > switchDef(form->leadingNumber).maxValue)
        fail(pos, t.col, "value " + t.text + " out of range for " + upper(form->name));
      inst.sw.set(form->leadingNumber, v);
      continue;
    }
    if (form->trailingNumber != Sw::Count && opToks.size() == parseSig(form->sig).size() &&
        isNumberToken(t.text)) {
      uint32_t v = 0;
      parseLiteral(t.text, DataType::None, &v);
      if (v > switchDef(form->trailingNumber).maxValue)
        fail(pos, t.col, "value " + t.text + " out of range for " + upper(form->name));
      inst.sw.set(form->trailingNumber, v);
      continue;
    }
    RegMatch asReg{};
    if (isIdentifier(t.text) && !parseReg(t.text, &asReg))
      refuseOtherGenerationSwitch(*form, t.text, pos, t.col);
    opToks.push_back(t);
  }

  const std::vector<Position> sig = parseSig(form->sig);
  size_t minOps = 0;
  for (const Position& p : sig) minOps += p.optional ? 0 : 1;

  // Predicate: the last operand when it is [!]SPn / [!]VPn and cannot be an
  // ordinary operand at that position.
  if (!opToks.empty()) {
    RegMatch r{};
    bool neg = false;
    const Token& last = opToks.back();
    if (isPredicateToken(last.text, &r, &neg)) {
      const size_t idx = opToks.size() - 1;
      const bool asOperand = !neg && idx < sig.size() && accepts(sig[idx], letterOf(r.file)) &&
                             opToks.size() >= minOps;
      if (!asOperand) {
        checkRange(r.file, r.index, pos, last.col);
        if (r.file == RegFile::VP && (slot == Slot::Spu || slot == Slot::Store))
          fail(pos, last.col, std::string("vector predicate ") + regName(r.file, r.index) +
                                  " is not allowed in the " + slotName(slot) +
                                  " slot (scalar predicates only)");
        if (r.file == RegFile::VP && form->scalarPredOnly)
          fail(pos, last.col, std::string("vector predicate ") + regName(r.file, r.index) +
                                  " is not allowed for " + upper(form->name) +
                                  " (scalar predicates only)");
        if (r.index != 0 || neg) {
          inst.pred.present = true;
          inst.pred.vector = r.file == RegFile::VP;
          inst.pred.index = static_cast<uint8_t>(r.index);
          inst.pred.negated = neg;
        }
        opToks.pop_back();
      }
    }
  }
  for (const Token& t : opToks) {
    if (!t.text.empty() && t.text[0] == '!' && t.text != "!=")
      fail(pos, t.col, "'" + t.text + "' is only valid as the last operand (predicate)");
  }

  if (opToks.size() < minOps || opToks.size() > sig.size()) {
    const int col = opToks.empty() ? mnCol : opToks.back().col;
    const std::string count = minOps == sig.size()
                                  ? std::to_string(minOps)
                                  : std::to_string(minOps) + " to " + std::to_string(sig.size());
    fail(pos, col, upper(form->name) + " expects " + count + " operand(s), got " +
                       std::to_string(opToks.size()));
  }
  for (size_t i = 0; i < opToks.size(); ++i)
    inst.ops.push_back(makeOperand(*form, sig[i], i, opToks[i], inst, pos, labelRefs));

  // Form-specific rules.
  switch (form->op) {
    case Opcode::LdTnsr: case Opcode::LdTnsrLow: case Opcode::LdTnsrHigh:
    case Opcode::StTnsr: case Opcode::StTnsrLow: case Opcode::StTnsrHigh:
      fixTensorOperands(*form, &inst, opToks, pos);
      break;
    case Opcode::Mov:
      // MOV.FROM_HW_REG names the hardware register by number; 0 is PC
      // (TPCRegisterInfo.td, HW registers).
      if (inst.sw.get(Sw::FromHwReg) && inst.ops.size() == 2 &&
          inst.ops[1].kind == OperandKind::Imm) {
        if (inst.ops[1].imm != 0)
          fail(pos, opToks[1].col, "MOV.FROM_HW_REG supports hardware register 0 (PC) only");
        inst.ops[1] = Operand::makeReg(RegFile::Hw, 0);
      }
      if (inst.ops.size() == 2 && inst.ops[1].isReg(RegFile::Hw)) inst.sw.set(Sw::FromHwReg, 1);
      break;
    case Opcode::Mul:
    case Opcode::Mac:
      // With acc_fp32 a bf16 product is written as fp32 to a register pair
      // (TPCInstrInfo.td, DRF destination): V6 names the pair D6.
      if (slot == Slot::Vpu) {
        Operand& dst = inst.ops[0];
        const bool acc = inst.sw.get(Sw::AccFp32) != 0;
        if (acc && dst.isReg(RegFile::V)) {
          if (dst.reg.index & 1U)
            fail(pos, opToks[0].col, "register pair D" + std::to_string(dst.reg.index) +
                                         " must be even");
          dst.reg.file = RegFile::D;
        }
      }
      break;
    default:
      break;
  }
  if (form->maskOperand && inst.dimMask < 0)
    fail(pos, mnCol, upper(form->name) + " needs a dimension mask (bXXXXX) as its second operand");
  if (form->leadingNumber == Sw::IrfDim && !inst.sw.explicitlySet(Sw::IrfDim))
    fail(pos, mnCol, "MOV_IRF_DIM needs the dimension (0-4) before its operands");
  if (form->dimMask) {
    const bool irfDst = !inst.ops.empty() && inst.ops[0].isReg(RegFile::I);
    if (irfDst && inst.dimMask < 0)
      fail(pos, mnCol, upper(form->name) + " with an I destination needs a dimension mask (bXXXXX)");
    if (!irfDst && inst.dimMask >= 0)
      fail(pos, mnCol, "dimension mask is only valid with an I destination");
  }
  return inst;
}

Bundle parseBundle(const std::string& text, const SourcePos& pos,
                   std::vector<LabelRef>* labelRefs) {
  std::vector<std::pair<std::string, int>> pieces;
  size_t s = 0;
  for (;;) {
    const size_t d = text.find(';', s);
    pieces.emplace_back(text.substr(s, d == std::string::npos ? std::string::npos : d - s),
                        pos.col + static_cast<int>(s));
    if (d == std::string::npos) break;
    s = d + 1;
  }
  auto blank = [](const std::string& t) {
    return t.find_first_not_of(" \t\r") == std::string::npos;
  };
  while (pieces.size() > 1 && blank(pieces.back().first)) pieces.pop_back();

  Bundle b;
  b.line = pos.line;
  for (int i = 0; i < kSlotCount; ++i) {
    b.slot[i].slot = static_cast<Slot>(i);
    b.slot[i].op = Opcode::Nop;
  }
  if (pieces.size() > kSlotCount)
    fail(pos, pieces[kSlotCount].second, "a bundle has at most 4 slots");

  if (pieces.size() == 1) {
    const std::string& t = pieces[0].first;
    const size_t b0 = t.find_first_not_of(" \t");
    const size_t e0 = t.find_first_of(" \t.", b0);
    const std::string base = lower(t.substr(b0, e0 == std::string::npos ? e0 : e0 - b0));
    SourcePos p = pos;
    p.col = pieces[0].second;
    if (base == "loop") {
      b.isLoop = true;
      b.loop = parseInstruction(t, Slot::Spu, p, labelRefs);
      return b;
    }
    if (base == "nop") return b;
    // A lone instruction goes to the load slot when it can (ld_l, mov,
    // ld_tnsr... in the compiler's tests), else to the only slot it has.
    const unsigned slots = slotsOf(base);
    Slot target = Slot::Load;
    if (slots && !(slots & slotBit(Slot::Load))) {
      int only = -1;
      for (int i = 0; i < kSlotCount; ++i) {
        if (slots & (1U << i)) only = only < 0 ? i : 99;
      }
      if (only == 99)
        fail(p, p.col, "instruction " + upper(base) +
                           " alone on a line is ambiguous; write all four slots");
      target = static_cast<Slot>(only);
    }
    b.slot[static_cast<int>(target)] = parseInstruction(t, target, p, labelRefs);
    return b;
  }
  for (size_t i = 0; i < pieces.size(); ++i) {
    SourcePos p = pos;
    p.col = pieces[i].second;
    b.slot[i] = parseInstruction(pieces[i].first, static_cast<Slot>(i), p, labelRefs);
  }
  return b;
}

}  // namespace acosim::habana::tpcasm

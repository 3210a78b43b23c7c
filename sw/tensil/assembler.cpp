#include "sw/tensil/assembler.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <utility>

#include "sw/common/hex.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"

// The syntax implemented here is specified in docs/tensil-assembly.md. Field
// positions and widths come from InstructionLayout (Tensil
// common/src/tensil/InstructionLayout.scala).

namespace acosim::tensil {

namespace {

// Assembly spellings of the SIMD ALU operations, indexed by op code
// (Tensil rtl/src/main/scala/tensil/tcu/simd/Op.scala).
constexpr const char* kSimdOps[16] = {"noop", "zero",      "move",     "not",      "and",          "or",
                                      "increment", "decrement", "add", "subtract", "multiply", "abs",
                                      "greater_than", "greater_than_equal", "min", "max"};

// DataMove directions (Tensil tools/src/tensil/tools/compiler/DataMoveFlags.scala). Kind 0xF is written as local->acc
// with the `accumulate` flag word.
struct Direction {
  DataMoveKind kind;
  const char* spelling;
  const char* other;  // name of the operand-1 address
};
constexpr Direction kDirections[] = {
    {DataMoveKind::Dram0ToLocal, "dram0->local", "dram0"},
    {DataMoveKind::LocalToDram0, "local->dram0", "dram0"},
    {DataMoveKind::Dram1ToLocal, "dram1->local", "dram1"},
    {DataMoveKind::LocalToDram1, "local->dram1", "dram1"},
    {DataMoveKind::AccumulatorToLocal, "acc->local", "acc"},
    {DataMoveKind::LocalToAccumulator, "local->acc", "acc"},
    {DataMoveKind::LocalToAccumulatorAccumulate, "local->acc", "acc"},
};

const Direction* direction_of_kind(uint8_t kind) {
  for (const Direction& d : kDirections) {
    if (uint8_t(d.kind) == kind) return &d;
  }
  return nullptr;
}

// Configure register spellings are the table names of config_registers.cpp;
// registers without an entry are written as a number.
constexpr uint32_t kConfigureRegisters = 16;

uint64_t field_mask(unsigned width) { return width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1; }

// One source line split into its mnemonic, `key=value` operands and bare
// words, consumed field by field so that anything left over is reported.
class Statement {
 public:
  Statement(std::string location, const std::vector<std::string>& tokens) : location_(std::move(location)) {
    mnemonic_ = tokens.front();
    for (size_t i = 1; i < tokens.size(); ++i) {
      const std::string& t = tokens[i];
      const size_t eq = t.find('=');
      if (eq == std::string::npos) {
        // Bare words may repeat (`configure 0x2 0x2`); a repeated flag is
        // refused when it is consumed.
        words_.push_back(t);
        continue;
      }
      const std::string key = t.substr(0, eq);
      const std::string value = t.substr(eq + 1);
      if (key.empty()) fail("operand '" + t + "' has no name");
      if (value.empty()) fail("operand '" + key + "' has no value");
      for (const auto& existing : operands_) {
        if (existing.first == key) fail("duplicate operand '" + key + "'");
      }
      operands_.emplace_back(key, value);
    }
  }

  const std::string& mnemonic() const { return mnemonic_; }

  [[noreturn]] void fail(const std::string& message) const { throw AssemblyError(location_ + ": " + message); }

  // A required `key=N` operand that must fit `width` bits.
  uint64_t number(const char* key, unsigned width) {
    const auto value = take(key);
    if (!value) fail("missing operand '" + std::string(key) + "' for " + mnemonic_);
    return fitted(key, parse_number(key, *value), width);
  }

  // An optional `key=N` operand (strides), 0 when absent.
  uint64_t optional_number(const char* key, unsigned width) {
    const auto value = take(key);
    return value ? fitted(key, parse_number(key, *value), width) : 0;
  }

  // A required `key=word` operand.
  std::string name(const char* key) {
    const auto value = take(key);
    if (!value) fail("missing operand '" + std::string(key) + "' for " + mnemonic_);
    return *value;
  }

  // Consumes a bare word (a flag such as `accumulate`) when present.
  bool flag(const char* word) {
    const auto it = std::find(words_.begin(), words_.end(), word);
    if (it == words_.end()) return false;
    words_.erase(it);
    if (std::find(words_.begin(), words_.end(), word) != words_.end()) fail("duplicate '" + std::string(word) + "'");
    return true;
  }

  // The next bare word in source order (directions, Configure arguments).
  std::string positional(const char* what) {
    if (words_.empty()) fail("missing " + std::string(what) + " for " + mnemonic_);
    std::string word = words_.front();
    words_.erase(words_.begin());
    return word;
  }

  // Everything must have been consumed.
  void finish() const {
    if (!operands_.empty()) fail("unknown operand '" + operands_.front().first + "' for " + mnemonic_);
    if (!words_.empty()) fail("unexpected '" + words_.front() + "' for " + mnemonic_);
  }

  uint64_t parse_number(const std::string& what, const std::string& text) const {
    const bool is_hex = text.size() > 2 && text[0] == '0' && text[1] == 'x';
    const std::string digits = is_hex ? text.substr(2) : text;
    const unsigned base = is_hex ? 16 : 10;
    if (digits.empty()) fail("'" + what + "' value '" + text + "' is not a number");
    uint64_t value = 0;
    for (const char c : digits) {
      const int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                        : (is_hex && c >= 'a' && c <= 'f') ? c - 'a' + 10
                                                            : -1;
      if (digit < 0) fail("'" + what + "' value '" + text + "' is not a number");
      if (value > (~uint64_t(0) - uint64_t(digit)) / base) fail("'" + what + "' value '" + text + "' is too large");
      value = value * base + uint64_t(digit);
    }
    return value;
  }

  uint64_t fitted(const std::string& what, uint64_t value, unsigned width) const {
    if ((value & ~field_mask(width)) != 0) {
      fail("'" + what + "' value " + std::to_string(value) + " does not fit in its " + std::to_string(width) +
           "-bit field");
    }
    return value;
  }

 private:
  std::optional<std::string> take(const char* key) {
    for (auto it = operands_.begin(); it != operands_.end(); ++it) {
      if (it->first == key) {
        std::string value = it->second;
        operands_.erase(it);
        return value;
      }
    }
    return std::nullopt;
  }

  std::string location_;
  std::string mnemonic_;
  std::vector<std::pair<std::string, std::string>> operands_;
  std::vector<std::string> words_;
};

// Text to instruction words.
class Assembler {
 public:
  explicit Assembler(const Architecture& arch) : layout_(InstructionLayout::derive(arch)) {}

  std::vector<uint8_t> line(Statement& s) const {
    const std::string& m = s.mnemonic();
    std::vector<uint8_t> word;
    if (m == "noop") {
      word = encode(Opcode::NoOp, 0, Instruction{});
    } else if (m == "matmul") {
      word = matmul(s);
    } else if (m == "datamove") {
      word = datamove(s);
    } else if (m == "loadweights") {
      word = loadweights(s);
    } else if (m == "simd") {
      word = simd(s);
    } else if (m == "configure") {
      word = configure(s);
    } else if (m == "raw") {
      word = raw(s);
    } else {
      s.fail("unknown mnemonic '" + m + "'");
    }
    s.finish();
    return word;
  }

 private:
  std::vector<uint8_t> encode(Opcode opcode, uint8_t flags, Instruction in) const {
    in.opcode = uint8_t(opcode);
    in.flags = flags;
    return encode_instruction(layout_, in);
  }

  // Operand 0 = local address + stride0, operand 1 = `other` address +
  // stride1, operand 2 = size (Tensil's tcu/instruction/MatMul.scala, DataMove.scala).
  Instruction strided(Statement& s, const char* other) const {
    Instruction in;
    in.operand0_address = s.number("local", layout_.operand0_address_bits);
    in.operand0_stride = uint32_t(s.optional_number("stride0", layout_.stride0_bits));
    in.operand1_address = s.number(other, layout_.operand1_address_bits);
    in.operand1_stride = uint32_t(s.optional_number("stride1", layout_.stride1_bits));
    in.operand2 = s.number("size", layout_.operand2_bits);
    return in;
  }

  std::vector<uint8_t> matmul(Statement& s) const {
    const Instruction in = strided(s, "acc");
    uint8_t flags = 0;
    if (s.flag("accumulate")) flags |= flags::kMatMulAccumulate;
    if (s.flag("zeroes")) flags |= flags::kMatMulZeroes;
    return encode(Opcode::MatMul, flags, in);
  }

  std::vector<uint8_t> datamove(Statement& s) const {
    const std::string spelling = s.positional("direction (such as dram0->local)");
    const Direction* direction = nullptr;
    for (const Direction& d : kDirections) {
      if (spelling == d.spelling) {
        direction = &d;
        break;
      }
    }
    if (direction == nullptr) s.fail("unknown datamove direction '" + spelling + "'");
    uint8_t kind = uint8_t(direction->kind);
    if (s.flag("accumulate")) {
      if (direction->kind != DataMoveKind::LocalToAccumulator) {
        s.fail("'accumulate' is only valid with local->acc");
      }
      kind = uint8_t(DataMoveKind::LocalToAccumulatorAccumulate);
    }
    return encode(Opcode::DataMove, kind, strided(s, direction->other));
  }

  // LoadWeights' size is the whole operand 1 (Tensil's tcu/instruction/LoadWeight.scala).
  std::vector<uint8_t> loadweights(Statement& s) const {
    Instruction in;
    in.operand0_address = s.number("local", layout_.operand0_address_bits);
    in.operand0_stride = uint32_t(s.optional_number("stride0", layout_.stride0_bits));
    in.operand1_whole = s.number("size", layout_.operand1_bits);
    return encode(Opcode::LoadWeights, s.flag("zeroes") ? flags::kLoadWeightsZeroes : 0, in);
  }

  // SIMD register operands: `input`/`out` is field 0, `rN` is field N
  // (register N-1), as in Tensil's simd/Instruction.scala.
  uint32_t simd_register(Statement& s, const char* key, const char* zero_name) const {
    const std::string text = s.name(key);
    if (text == zero_name) return 0;
    if (text.size() < 2 || text[0] != 'r') {
      s.fail("'" + std::string(key) + "' must be " + zero_name + " or rN, not '" + text + "'");
    }
    const uint64_t n = s.parse_number(key, text.substr(1));
    if (n == 0) s.fail("'" + std::string(key) + "' register r0 does not exist (registers are r1 and up)");
    return uint32_t(s.fitted(key, n, layout_.simd_operand_bits));
  }

  std::vector<uint8_t> simd(Statement& s) const {
    const std::string op = s.name("op");
    const auto found = std::find_if(std::begin(kSimdOps), std::end(kSimdOps),
                                    [&](const char* name) { return op == name; });
    if (found == std::end(kSimdOps)) s.fail("unknown SIMD op '" + op + "'");
    SimdSubInstruction sub;
    sub.op = uint8_t(found - std::begin(kSimdOps));
    sub.source_left = simd_register(s, "left", "input");
    sub.source_right = simd_register(s, "right", "input");
    sub.dest = simd_register(s, "dest", "out");
    Instruction in;
    in.operand1_address = s.number("read_addr", layout_.operand1_address_bits);
    in.operand0_address = s.number("write_addr", layout_.operand0_address_bits);
    in.operand2 = sub.pack(layout_.simd_operand_bits);
    uint8_t flags = 0;
    if (s.flag("read")) flags |= flags::kSimdRead;
    if (s.flag("write")) flags |= flags::kSimdWrite;
    if (s.flag("accumulate")) flags |= flags::kSimdAccumulate;
    return encode(Opcode::Simd, flags, in);
  }

  // `configure REGISTER VALUE`; VALUE is the 28-bit field (Tensil's
  // tcu/instruction/Configure.scala).
  std::vector<uint8_t> configure(Statement& s) const {
    const std::string reg_text = s.positional("register");
    const std::string value_text = s.positional("value");
    uint32_t reg = kConfigureRegisters;
    for (uint32_t r = 0; r < kConfigureRegisters; ++r) {
      const ConfigRegisterInfo* info = config_register_info(r);
      if (info != nullptr && reg_text == info->name) reg = r;
    }
    if (reg == kConfigureRegisters) {
      if (!std::isdigit(static_cast<unsigned char>(reg_text[0]))) {
        s.fail("unknown configure register '" + reg_text + "'");
      }
      reg = uint32_t(s.fitted("register", s.parse_number("register", reg_text), 4));
    }
    // 28 value bits, fewer when the operand area is narrower than 32 bits.
    const unsigned operand_bits = layout_.instruction_bytes * 8 - 8;
    const unsigned value_bits = std::min(32u, operand_bits) - 4;
    const uint32_t value = uint32_t(s.fitted("value", s.parse_number("value", value_text), value_bits));
    return encode_configure(layout_, reg, value);
  }

  // `raw 0xHEX`: the whole word as one integer, bit 0 = bit 0 of byte 0
  // (the little-endian word of Tensil's compiler/lir/StreamGen.scala).
  std::vector<uint8_t> raw(Statement& s) const {
    const std::string text = s.positional("word");
    const unsigned bytes = layout_.instruction_bytes;
    if (text.size() < 3 || text[0] != '0' || text[1] != 'x') s.fail("raw word '" + text + "' must be 0x followed by hex digits");
    std::string digits = text.substr(2);
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); })) {
      s.fail("raw word '" + text + "' must be 0x followed by hex digits");
    }
    const size_t first = digits.find_first_not_of('0');
    digits = first == std::string::npos ? "" : digits.substr(first);
    if (digits.size() > 2 * bytes) {
      s.fail("raw word " + text + " does not fit in the " + std::to_string(bytes) + "-byte instruction");
    }
    std::vector<uint8_t> word(bytes, 0);
    for (size_t i = 0; i < digits.size(); ++i) {
      const size_t nibble = digits.size() - 1 - i;  // nibble index from the LSB
      const char c = digits[i];
      const unsigned v = unsigned(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : c - 'a' + 10);
      word[nibble / 2] |= uint8_t(v << (4 * (nibble % 2)));
    }
    return word;
  }

  InstructionLayout layout_;
};

// Instruction words to text: the readable form when it re-encodes to the
// same word, otherwise `raw` with a comment saying why.
class Disassembler {
 public:
  explicit Disassembler(const Architecture& arch) : layout_(InstructionLayout::derive(arch)) {}

  std::string line(const uint8_t* word) const {
    const Instruction in = decode_instruction(layout_, word);
    const std::string why = irregularity(in, word);
    if (!why.empty()) return raw(word) + " ; " + why;
    std::ostringstream out;
    switch (in.opcode) {
      case uint8_t(Opcode::NoOp):
        out << "noop";
        break;
      case uint8_t(Opcode::MatMul):
        out << "matmul" << strided(in, "acc");
        if (in.flags & flags::kMatMulAccumulate) out << " accumulate";
        if (in.flags & flags::kMatMulZeroes) out << " zeroes";
        break;
      case uint8_t(Opcode::DataMove): {
        const Direction* d = direction_of_kind(in.flags);
        out << "datamove " << d->spelling << strided(in, d->other);
        if (in.flags == uint8_t(DataMoveKind::LocalToAccumulatorAccumulate)) out << " accumulate";
        break;
      }
      case uint8_t(Opcode::LoadWeights):
        out << "loadweights local=" << in.operand0_address;
        if (in.operand0_stride != 0) out << " stride0=" << in.operand0_stride;
        out << " size=" << in.operand1_whole;
        if (in.flags & flags::kLoadWeightsZeroes) out << " zeroes";
        break;
      case uint8_t(Opcode::Simd): {
        const SimdSubInstruction sub = SimdSubInstruction::unpack(in.operand2, layout_.simd_operand_bits);
        out << "simd op=" << kSimdOps[sub.op] << " left=" << reg(sub.source_left, "input")
            << " right=" << reg(sub.source_right, "input") << " dest=" << reg(sub.dest, "out")
            << " read_addr=" << in.operand1_address << " write_addr=" << in.operand0_address;
        if (in.flags & flags::kSimdRead) out << " read";
        if (in.flags & flags::kSimdWrite) out << " write";
        if (in.flags & flags::kSimdAccumulate) out << " accumulate";
        break;
      }
      default: {  // Configure; irregularity() leaves no other opcode here
        const ConfigRegisterInfo* info = config_register_info(in.configure_register());
        out << "configure " << (info != nullptr ? std::string(info->name) : hex(in.configure_register())) << ' '
            << hex(in.configure_value());
        break;
      }
    }
    return out.str();
  }

 private:
  static std::string reg(uint32_t field, const char* zero_name) {
    return field == 0 ? std::string(zero_name) : "r" + std::to_string(field);
  }

  static std::string strided(const Instruction& in, const char* other) {
    std::ostringstream out;
    out << " local=" << in.operand0_address;
    if (in.operand0_stride != 0) out << " stride0=" << in.operand0_stride;
    out << ' ' << other << '=' << in.operand1_address;
    if (in.operand1_stride != 0) out << " stride1=" << in.operand1_stride;
    out << " size=" << in.operand2;
    return out.str();
  }

  // Why the readable syntax cannot express this word; empty when it can.
  std::string irregularity(const Instruction& in, const uint8_t* word) const {
    const std::string name = opcode_name(in.opcode);
    const auto undefined_flags = [&](uint8_t used) {
      return name + " flag bits " + hex(in.flags & ~used & 0xF) + " are not defined";
    };
    const bool padded = in.operand0_padding != 0 || in.operand1_padding != 0;
    const char* padding = " operand padding bits are not zero";
    switch (in.opcode) {
      case uint8_t(Opcode::NoOp): {
        const bool operands_zero = std::all_of(word, word + layout_.instruction_bytes - 1, [](uint8_t b) { return b == 0; });
        if (in.flags != 0 || !operands_zero) return "NoOp with non-zero flag or operand bits";
        return "";
      }
      case uint8_t(Opcode::MatMul):
        if (in.flags & ~flags::kMatMulUsed) return undefined_flags(flags::kMatMulUsed);
        return padded ? name + padding : "";
      case uint8_t(Opcode::DataMove):
        if (!is_defined_data_move_kind(in.flags)) return "DataMove kind " + hex(in.flags) + " is not defined";
        return padded ? name + padding : "";
      case uint8_t(Opcode::LoadWeights):
        if (in.flags & ~flags::kLoadWeightsUsed) return undefined_flags(flags::kLoadWeightsUsed);
        if (in.operand0_padding != 0) return name + padding;
        return in.operand2 != 0 ? name + " operand 2 is not zero" : "";
      case uint8_t(Opcode::Simd): {
        if (in.flags & ~flags::kSimdUsed) return undefined_flags(flags::kSimdUsed);
        if (padded) return name + padding;
        if (in.operand0_stride != 0 || in.operand1_stride != 0) return name + " stride bits are not zero";
        const unsigned sub_bits = 3 * layout_.simd_operand_bits + 4;
        if ((in.operand2 & ~field_mask(sub_bits)) != 0) return name + " operand 2 bits above the sub-instruction are not zero";
        return "";
      }
      case uint8_t(Opcode::Configure): {
        if (in.flags != 0) return "Configure flag bits " + hex(in.flags) + " are not defined";
        const unsigned operand_bytes = layout_.instruction_bytes - 1;
        const bool high_zero =
            operand_bytes <= 4 || std::all_of(word + 4, word + operand_bytes, [](uint8_t b) { return b == 0; });
        return high_zero ? "" : "Configure operand bits above bit 31 are not zero";
      }
      default:
        return "opcode " + hex(in.opcode) + " is not defined";
    }
  }

  std::string raw(const uint8_t* word) const {
    static const char* const kDigits = "0123456789abcdef";
    std::string text = "raw 0x";
    for (unsigned i = layout_.instruction_bytes; i-- > 0;) {
      text += kDigits[word[i] >> 4];
      text += kDigits[word[i] & 0xF];
    }
    return text;
  }

  InstructionLayout layout_;
};

// The assembler works on any layout, including the test architectures of
// Tensil's CompilerBackendSpec.scala that exceed the TCU's documented ranges, as long as each
// operand fits the 64-bit fields of Instruction.
std::string layout_problem(const Architecture& arch) {
  const InstructionLayout l = InstructionLayout::derive(arch);
  const unsigned widths[] = {l.operand0_bits, l.operand1_bits, l.operand2_bits};
  for (unsigned i = 0; i < 3; ++i) {
    if (widths[i] >= 64) {
      return "operand " + std::to_string(i) + " is " + std::to_string(widths[i]) +
             " bits wide; at most 63 bits are supported";
    }
  }
  return "";
}

std::vector<std::string> tokens_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return tokens;
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

}  // namespace

std::vector<uint8_t> assemble(const std::string& source, const Architecture& arch, const std::string& file_name) {
  const std::string problem = layout_problem(arch);
  if (!problem.empty()) throw AssemblyError(file_name + ": architecture: " + problem);
  const Assembler assembler(arch);
  std::vector<uint8_t> program;
  std::istringstream in(source);
  size_t number = 0;
  for (std::string text; std::getline(in, text);) {
    ++number;
    const size_t comment = text.find(';');
    if (comment != std::string::npos) text.erase(comment);
    const std::vector<std::string> tokens = tokens_of(lowercase(text));
    if (tokens.empty()) continue;
    Statement statement(file_name + ":" + std::to_string(number), tokens);
    const std::vector<uint8_t> word = assembler.line(statement);
    program.insert(program.end(), word.begin(), word.end());
  }
  return program;
}

std::string disassemble(const std::vector<uint8_t>& program, const Architecture& arch) {
  const std::string problem = layout_problem(arch);
  if (!problem.empty()) throw AssemblyError("architecture: " + problem);
  const Disassembler disassembler(arch);
  const size_t width = InstructionLayout::derive(arch).instruction_bytes;
  if (program.size() % width != 0) {
    throw AssemblyError("program of " + std::to_string(program.size()) + " bytes is not a whole number of " +
                        std::to_string(width) + "-byte instructions: instruction " +
                        std::to_string(program.size() / width) + " is truncated");
  }
  std::string text;
  for (size_t offset = 0; offset < program.size(); offset += width) {
    text += disassembler.line(program.data() + offset);
    text += '\n';
  }
  return text;
}

}  // namespace acosim::tensil

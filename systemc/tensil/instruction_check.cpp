#include "systemc/tensil/instruction_check.h"

#include <sstream>

#include "sw/common/hex.h"
#include "sw/tensil/regs/config_registers.h"

namespace acosim::tensil {

namespace {

CheckResult ok() { return {}; }

CheckResult consumable(std::string field, std::string message) {
  return {CheckResult::Kind::Consumable, std::move(field), std::move(message)};
}

CheckResult fatal(std::string field, std::string message) {
  return {CheckResult::Kind::Fatal, std::move(field), std::move(message)};
}

// Every check of an instruction runs, whatever an earlier one found: a word
// with an unused flag bit (consumable under --lenient) can still carry an
// address beyond its memory or a register that does not exist, and those are
// errors in every mode. The first fatal finding wins over any consumable one.
class Findings {
 public:
  void add(CheckResult r) {
    if (r.kind == CheckResult::Kind::Fatal && m_fatal.kind == CheckResult::Kind::Ok) m_fatal = std::move(r);
    if (r.kind == CheckResult::Kind::Consumable && m_consumable.kind == CheckResult::Kind::Ok) {
      m_consumable = std::move(r);
    }
  }
  CheckResult result() const { return m_fatal.kind != CheckResult::Kind::Ok ? m_fatal : m_consumable; }

 private:
  CheckResult m_fatal;
  CheckResult m_consumable;
};

// Bits of operand `index` above its address and stride fields must be zero:
// the compiler writes them as zero and the RTL ignores them (Tensil
// tools/src/tensil/tools/compiler/lir/StreamGen.scala, tcu/Decoder.scala).
CheckResult check_padding(const Instruction& in, int operand) {
  const uint64_t padding = operand == 0 ? in.operand0_padding : in.operand1_padding;
  if (padding != 0) {
    return consumable("operand" + std::to_string(operand) + " padding",
                      "unused operand bits are " + hex(padding) + ", must be 0");
  }
  return ok();
}

CheckResult check_unused_flags(const Instruction& in, uint8_t used) {
  const uint8_t unused = static_cast<uint8_t>(in.flags & ~used);
  if (unused != 0) {
    return consumable("flags", std::string(opcode_name(in.opcode)) + " flag bits " + hex(unused) +
                                   " are unused and must be 0");
  }
  return ok();
}

// Whether any bit at or above `from` of the operand area (operand 0 at bit 0,
// then operands 1 and 2) is set.
uint64_t operand_bits_above(const Instruction& in, const InstructionLayout& layout, unsigned from) {
  const uint64_t op0 = in.operand0_address | (uint64_t(in.operand0_stride) << layout.operand0_address_bits) |
                       (in.operand0_padding << (layout.operand0_address_bits + layout.stride0_bits));
  const unsigned o0 = layout.operand0_bits;
  const unsigned o1 = layout.operand1_bits;
  auto above = [from](uint64_t value, unsigned position) -> uint64_t {
    if (position >= from) return value;
    const unsigned skip = from - position;
    return skip >= 64 ? 0 : value >> skip;
  };
  return above(op0, 0) | above(in.operand1_whole, o0) | above(in.operand2, o0 + o1);
}

}  // namespace

InstructionCheck::InstructionCheck(const Architecture& arch)
    : m_arch(arch), m_layout(InstructionLayout::derive(arch)) {}

CheckResult InstructionCheck::check(const Instruction& in) const {
  if (!is_defined_opcode(in.opcode)) {
    // Opcodes 0x5..0xE are dequeued and ignored by the RTL (Tensil's Decoder.scala).
    return consumable("opcode", "invalid opcode " + hex(in.opcode));
  }
  switch (static_cast<Opcode>(in.opcode)) {
    case Opcode::NoOp:
      // Operand 0 of a NoOp carries the compiler's thread id; only flags are
      // defined to be zero.
      return check_unused_flags(in, 0);
    case Opcode::MatMul:
      return check_matmul(in);
    case Opcode::LoadWeights:
      return check_load_weights(in);
    case Opcode::DataMove:
      return check_data_move(in);
    case Opcode::Simd:
      return check_simd(in);
    case Opcode::Configure:
      return check_configure(in);
  }
  return ok();
}

CheckResult InstructionCheck::check_range(const char* field, const char* memory, uint64_t depth,
                                          uint64_t address, uint32_t stride,
                                          uint32_t stride_depth, uint64_t size) const {
  const std::string stride_field = std::string(field) + " stride";
  if (stride >= stride_depth) {
    return fatal(stride_field, "stride field " + std::to_string(stride) + " is not below the " +
                                   memory + " side's stride depth " + std::to_string(stride_depth));
  }
  // The last vector touched is address + size * 2^stride (Tensil's
  // mem/SizeAndStrideHandler.scala).
  const unsigned __int128 last =
      static_cast<unsigned __int128>(address) + (static_cast<unsigned __int128>(size) << stride);
  if (address >= depth) {
    return fatal(std::string(field) + " address", std::string(memory) + " address " + hex(address) +
                                                      " is outside its depth " + std::to_string(depth));
  }
  if (last >= depth) {
    return fatal(std::string(field) + " address",
                 std::string(memory) + " address " + hex(address) + " + size " + std::to_string(size) +
                     " x stride 2^" + std::to_string(stride) + " reaches vector " +
                     hex(static_cast<uint64_t>(last)) + ", outside its depth " + std::to_string(depth));
  }
  return ok();
}

CheckResult InstructionCheck::check_matmul(const Instruction& in) const {
  Findings f;
  f.add(check_unused_flags(in, flags::kMatMulUsed));
  const bool zeroes = (in.flags & flags::kMatMulZeroes) != 0;
  const uint64_t size = in.operand2;
  // With zeroes the local memory is not read, so operand 0 is not checked
  // (the compiler still writes an address there, Tensil's CompilerBackendSpec.scala).
  if (!zeroes) {
    f.add(check_padding(in, 0));
    f.add(check_range("operand0", "local", m_arch.local_depth, in.operand0_address, in.operand0_stride,
                      m_arch.stride0_depth, size));
  }
  f.add(check_padding(in, 1));
  f.add(check_range("operand1", "accumulator", m_arch.accumulator_depth, in.operand1_address,
                    in.operand1_stride, m_arch.stride1_depth, size));
  return f.result();
}

CheckResult InstructionCheck::check_load_weights(const Instruction& in) const {
  Findings f;
  f.add(check_unused_flags(in, flags::kLoadWeightsUsed));
  // The whole operand 1 is the size (Tensil's Decoder.scala).
  const uint64_t size = in.operand1_whole;
  if (size > m_arch.array_size) {
    // The RTL shifts the extra rows through and out of the store (Tensil's
    // SystolicArray.scala); Tensil's compiler never emits it, so it is flagged like the
    // other things the RTL silently tolerates.
    f.add(consumable("operand1 size", "LoadWeights of " + std::to_string(size + 1) + " vectors exceeds the " +
                                          std::to_string(m_arch.array_size + 1) +
                                          " rows of the weight store (the RTL shifts the first ones out)"));
  }
  if (in.operand2 != 0) {
    f.add(consumable("operand2", "LoadWeights does not use operand 2; it is " + hex(in.operand2)));
  }
  if ((in.flags & flags::kLoadWeightsZeroes) == 0) {
    f.add(check_padding(in, 0));
    f.add(check_range("operand0", "local", m_arch.local_depth, in.operand0_address, in.operand0_stride,
                      m_arch.stride0_depth, size));
  }
  return f.result();
}

CheckResult InstructionCheck::check_data_move(const Instruction& in) const {
  if (!is_defined_data_move_kind(in.flags)) {
    // Kinds 0x4..0xB and 0xE are dequeued and ignored (Tensil's Decoder.scala):
    // nothing of the word is used, so nothing else can go wrong.
    return consumable("flags", "invalid DataMove kind " + hex(in.flags));
  }
  Findings f;
  const uint64_t size = in.operand2;
  f.add(check_padding(in, 0));
  f.add(check_padding(in, 1));
  f.add(check_range("operand0", "local", m_arch.local_depth, in.operand0_address, in.operand0_stride,
                    m_arch.stride0_depth, size));
  switch (static_cast<DataMoveKind>(in.flags)) {
    case DataMoveKind::Dram0ToLocal:
    case DataMoveKind::LocalToDram0:
      f.add(check_range("operand1", "DRAM0", m_arch.dram0_depth, in.operand1_address, in.operand1_stride,
                        m_arch.stride1_depth, size));
      break;
    case DataMoveKind::Dram1ToLocal:
    case DataMoveKind::LocalToDram1:
      f.add(check_range("operand1", "DRAM1", m_arch.dram1_depth, in.operand1_address, in.operand1_stride,
                        m_arch.stride1_depth, size));
      break;
    default:
      f.add(check_range("operand1", "accumulator", m_arch.accumulator_depth, in.operand1_address,
                        in.operand1_stride, m_arch.stride1_depth, size));
      break;
  }
  return f.result();
}

CheckResult InstructionCheck::check_simd(const Instruction& in) const {
  Findings f;
  f.add(check_unused_flags(in, flags::kSimdUsed));
  const unsigned w = m_layout.simd_operand_bits;
  const SimdSubInstruction sub = SimdSubInstruction::unpack(in.operand2, w);
  const bool read = in.flags & flags::kSimdRead;
  const bool write = in.flags & flags::kSimdWrite;
  const uint32_t regs = m_arch.simd_registers_depth;
  const struct {
    const char* field;
    uint32_t value;
  } reg_fields[] = {{"operand2 dest", sub.dest},
                    {"operand2 sourceRight", sub.source_right},
                    {"operand2 sourceLeft", sub.source_left}};
  for (const auto& r : reg_fields) {
    if (r.value > regs) {
      f.add(fatal(r.field, "register " + std::to_string(r.value) + " does not exist (" + std::to_string(regs) +
                               " SIMD registers)"));
    }
  }
  const uint64_t sub_bits = 3ull * w + 4;
  if (sub_bits < 64 && (in.operand2 >> sub_bits) != 0) {
    f.add(consumable("operand2 padding",
                     "bits above the SIMD sub-instruction are " + hex(in.operand2 >> sub_bits) + ", must be 0"));
  }
  // Stride fields are written as zero by the compiler; SIMD moves one vector.
  if (in.operand0_stride != 0 || in.operand1_stride != 0) {
    f.add(consumable(in.operand0_stride != 0 ? "operand0 stride" : "operand1 stride",
                     "SIMD does not use strides; the field must be 0"));
  }
  f.add(check_padding(in, 0));
  f.add(check_padding(in, 1));

  // Combinations on which the RTL hangs (Tensil's AccumulatorWithALUArray.scala,
  // simd/ALUArray.scala): the ALU waits for
  // an accumulator read unless the op is NoOp or Zero or both sources are
  // registers; read+write with both sources registers skips the read and
  // never hands the instruction to the ALU; the NoOp op with read or write
  // routes data to paths nobody drains.
  const bool noop = sub.op == static_cast<uint8_t>(SimdOp::NoOp);
  const bool zero = sub.op == static_cast<uint8_t>(SimdOp::Zero);
  const bool input_selected = sub.source_left == 0 || sub.source_right == 0;
  if (noop && (read || write)) {
    f.add(fatal("operand2 op", "SIMD op NoOp with the read or write flag: the RTL would hang "
                               "(the accumulator data goes to the local-memory path, nobody takes it)"));
  }
  if (!noop && !zero && input_selected && !read) {
    f.add(fatal("flags", std::string("SIMD ") + simd_op_name(sub.op) +
                             " selects the accumulator input but the read flag is clear: the RTL "
                             "would hang waiting for the input"));
  }
  if (!noop && read && write && !input_selected) {
    f.add(fatal("flags", std::string("SIMD ") + simd_op_name(sub.op) +
                             " with read and write but no input source: the RTL would hang "
                             "(the read is skipped and the write never gets its data)"));
  }
  if (read && in.operand1_address >= m_arch.accumulator_depth) {
    f.add(fatal("operand1 address", "accumulator read address " + hex(in.operand1_address) +
                                        " is outside its depth " + std::to_string(m_arch.accumulator_depth)));
  }
  if (write && in.operand0_address >= m_arch.accumulator_depth) {
    f.add(fatal("operand0 address", "accumulator write address " + hex(in.operand0_address) +
                                        " is outside its depth " + std::to_string(m_arch.accumulator_depth)));
  }
  return f.result();
}

CheckResult InstructionCheck::check_configure(const Instruction& in) const {
  // Nothing in a Configure can reach outside a memory: every finding is
  // something the RTL ignores, reported in the order a reader checks a word.
  Findings f;
  f.add(check_unused_flags(in, 0));
  // Configure's payload is bits [31:0] of the word (Tensil's Decoder.scala); the RTL
  // ignores everything above.
  if (operand_bits_above(in, m_layout, 32) != 0) {
    f.add(consumable("operands", "Configure uses bits [31:0] only; higher bits must be 0"));
  }
  const ConfigRegisterInfo* info = config_register_info(in.configure_register());
  if (info == nullptr) {
    f.add(consumable("register", "Configure of register " + hex(in.configure_register()) +
                                     ", which does not exist (ignored by the RTL)"));
  } else if ((in.configure_value() & ~info->value_mask) != 0) {
    f.add(consumable("value", std::string("Configure ") + info->name + " value " + hex(in.configure_value()) +
                                  " does not fit the register (kept bits " + hex(info->value_mask) + ")"));
  }
  return f.result();
}

std::string describe_instruction(const Instruction& in) {
  std::ostringstream s;
  s << opcode_name(in.opcode) << "(";
  switch (in.opcode) {
    case static_cast<uint8_t>(Opcode::Configure):
      s << "register=" << hex(in.configure_register()) << " value=" << hex(in.configure_value());
      break;
    case static_cast<uint8_t>(Opcode::DataMove):
      s << data_move_kind_name(in.flags) << " local=" << hex(in.operand0_address)
        << " stride0=" << in.operand0_stride << " other=" << hex(in.operand1_address)
        << " stride1=" << in.operand1_stride << " size=" << in.operand2;
      break;
    case static_cast<uint8_t>(Opcode::LoadWeights):
      s << "local=" << hex(in.operand0_address) << " stride0=" << in.operand0_stride
        << " size=" << in.operand1_whole << " flags=" << hex(in.flags);
      break;
    case static_cast<uint8_t>(Opcode::Simd):
      s << "write=" << hex(in.operand0_address) << " read=" << hex(in.operand1_address)
        << " sub=" << hex(in.operand2) << " flags=" << hex(in.flags);
      break;
    default:
      s << "operand0=" << hex(in.operand0_address) << " stride0=" << in.operand0_stride
        << " operand1=" << hex(in.operand1_address) << " stride1=" << in.operand1_stride
        << " operand2=" << hex(in.operand2) << " flags=" << hex(in.flags);
      break;
  }
  s << ")";
  return s.str();
}

}  // namespace acosim::tensil

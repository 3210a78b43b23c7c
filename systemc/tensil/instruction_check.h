// Validation of one instruction against the architecture before the decoder
// executes it (the checks of Tensil's optional validator,
// rtl/src/main/scala/tensil/tcu/Validator.scala, plus the SIMD combinations
// that hang the RTL, tcu/AccumulatorWithALUArray.scala).
#pragma once

#include <cstdint>
#include <string>

#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {

struct CheckResult {
  enum class Kind {
    Ok,
    // Something the RTL silently consumes: invalid opcodes, invalid
    // DataMove kinds, unused flag or padding bits, Configure of a register
    // that does not exist. An error by default, counted under --lenient.
    Consumable,
    // Always an error: out-of-range addresses and sizes, SIMD register
    // indices, and SIMD combinations on which the RTL would hang.
    Fatal,
  };
  Kind kind = Kind::Ok;
  std::string field;    // e.g. "operand0 address", "flags"
  std::string message;  // the rule that failed, with the offending values
};

class InstructionCheck {
 public:
  explicit InstructionCheck(const Architecture& arch);
  CheckResult check(const Instruction& instruction) const;

 private:
  CheckResult check_matmul(const Instruction& in) const;
  CheckResult check_load_weights(const Instruction& in) const;
  CheckResult check_data_move(const Instruction& in) const;
  CheckResult check_simd(const Instruction& in) const;
  CheckResult check_configure(const Instruction& in) const;
  CheckResult check_range(const char* field, const char* memory, uint64_t depth, uint64_t address,
                          uint32_t stride, uint32_t stride_depth, uint64_t size) const;

  Architecture m_arch;
  InstructionLayout m_layout;
};

// A short text of an instruction for error messages, e.g.
// "MatMul(local=0x10 stride0=0 acc=5 stride1=0 size=3 flags=0b0001)".
std::string describe_instruction(const Instruction& instruction);

}  // namespace acosim::tensil

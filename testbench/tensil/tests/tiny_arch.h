// The 2x2 "Tiny" architecture of Tensil's own specs, shared by the tests
// that run hand-written instruction words on it.
#pragma once

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil::test {

// The 2x2 FP16BP8 architecture with every depth 256 and no stride bits
// (Tensil's DecoderSpec.scala and CompilerSpec.scala XOR arch): instructions are 4 bytes
// [operand0, operand1, operand2, opcode<<4 | flags].
inline Architecture tiny_arch() {
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = 2;
  a.dram0_depth = a.dram1_depth = a.local_depth = a.accumulator_depth = 256;
  a.simd_registers_depth = 1;
  a.stride0_depth = a.stride1_depth = 1;
  return a;
}

}  // namespace acosim::tensil::test

// Decoding of a SIMD instruction's flags and its ALU sub-instruction, for the
// functional TCU, written from Tensil's bundle definitions.
//
// Upstream:
//   rtl/src/main/scala/tensil/tcu/instruction/SIMD.scala  SIMDArgs, SIMDFlags
//   rtl/src/main/scala/tensil/tcu/simd/Instruction.scala  the sub-instruction
//   common/src/tensil/InstructionLayout.scala  simdOpSizeBits = log2Ceil(16),
//     simdOperandSizeBits = log2Ceil(simdRegistersDepth + 1)
//
// A Chisel Bundle puts its first field in the most significant bits. The
// sub-instruction bundle is (op, sourceLeft, sourceRight, dest), so from
// the LSB of operand 2 (SIMDArgs puts `instruction` below `_unused`):
//   dest        bits [w-1 : 0]
//   sourceRight bits [2w-1 : w]
//   sourceLeft  bits [3w-1 : 2w]
//   op          bits [3w+3 : 3w]
// with w = simdOperandSizeBits. The flags bundle (_unused, accumulate,
// write, read) puts read in bit 0, write in bit 1, accumulate in bit 2.
#pragma once

#include <cstdint>

namespace acosim::tensil::functional {

// log2Ceil(registers + 1): the bits that select "the input" (0) or one of
// the registers (1..registers). Chisel's log2Ceil(1) is 0, so with no
// registers the operand fields are empty.
inline unsigned simd_operand_bits(uint32_t registers) {
  unsigned bits = 0;
  while ((uint64_t(1) << bits) < uint64_t(registers) + 1) ++bits;
  return bits;
}

// The ALU ops of tcu/simd/Op.scala.
namespace op {
constexpr uint8_t kNoOp = 0;
constexpr uint8_t kZero = 1;
constexpr uint8_t kMove = 2;
constexpr uint8_t kNot = 3;
constexpr uint8_t kAnd = 4;
constexpr uint8_t kOr = 5;
constexpr uint8_t kIncrement = 6;
constexpr uint8_t kDecrement = 7;
constexpr uint8_t kAdd = 8;
constexpr uint8_t kSubtract = 9;
constexpr uint8_t kMultiply = 10;
constexpr uint8_t kAbs = 11;
constexpr uint8_t kGreaterThan = 12;
constexpr uint8_t kGreaterThanEqual = 13;
constexpr uint8_t kMin = 14;
constexpr uint8_t kMax = 15;
}  // namespace op

struct SimdFields {
  uint8_t op;
  uint32_t source_left;   // 0 = the accumulator input, r = register r-1
  uint32_t source_right;
  uint32_t dest;          // 0 = output only, r = also register r-1
};

inline SimdFields decode_simd(uint64_t operand2, unsigned operand_bits) {
  const auto field = [operand2](unsigned lsb, unsigned bits) {
    return bits == 0 ? uint64_t(0) : (operand2 >> lsb) & ((uint64_t(1) << bits) - 1);
  };
  const unsigned w = operand_bits;
  SimdFields s;
  s.dest = static_cast<uint32_t>(field(0, w));
  s.source_right = static_cast<uint32_t>(field(w, w));
  s.source_left = static_cast<uint32_t>(field(2 * w, w));
  s.op = static_cast<uint8_t>(field(3 * w, 4));
  return s;
}

struct SimdFlags {
  bool read;        // read the accumulator at operand 1 as the ALU input
  bool write;       // write the ALU output to the accumulator at operand 0
  bool accumulate;  // add it to what is there instead of overwriting
};

inline SimdFlags decode_simd_flags(uint8_t flags) {
  return SimdFlags{(flags & 0x1) != 0, (flags & 0x2) != 0, (flags & 0x4) != 0};
}

}  // namespace acosim::tensil::functional

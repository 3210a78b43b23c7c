// Tensil TCU instruction set: opcodes, flags, DataMove kinds, SIMD
// sub-instructions, and the packing of an instruction word (Tensil
// rtl/src/main/scala/tensil/tcu/instruction/, tcu/simd/). Shared by the SystemC decoder and the driver's encoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "architecture.h"

namespace acosim::tensil {

// Opcodes (Tensil's tcu/instruction/Opcode.scala). 0x5..0xE are not implemented by the RTL: they are
// dequeued, counted by the program counter and otherwise ignored.
enum class Opcode : uint8_t {
  NoOp = 0x0,
  MatMul = 0x1,
  DataMove = 0x2,
  LoadWeights = 0x3,
  Simd = 0x4,
  Configure = 0xF,
};
bool is_defined_opcode(uint8_t opcode);
const char* opcode_name(uint8_t opcode);  // "MatMul", ..., "invalid"

// Flag bits (Tensil drivers/embedded/tensil/instruction.h).
namespace flags {
constexpr uint8_t kMatMulAccumulate = 0x1;
constexpr uint8_t kMatMulZeroes = 0x2;
constexpr uint8_t kMatMulUsed = 0x3;
constexpr uint8_t kLoadWeightsZeroes = 0x1;
constexpr uint8_t kLoadWeightsUsed = 0x1;
constexpr uint8_t kSimdRead = 0x1;
constexpr uint8_t kSimdWrite = 0x2;
constexpr uint8_t kSimdAccumulate = 0x4;
constexpr uint8_t kSimdUsed = 0x7;
}  // namespace flags

// DataMove kinds, carried in the flags nibble (Tensil's tcu/instruction/DataMove.scala).
enum class DataMoveKind : uint8_t {
  Dram0ToLocal = 0x0,
  LocalToDram0 = 0x1,
  Dram1ToLocal = 0x2,
  LocalToDram1 = 0x3,
  AccumulatorToLocal = 0xC,
  LocalToAccumulator = 0xD,
  LocalToAccumulatorAccumulate = 0xF,
};
bool is_defined_data_move_kind(uint8_t kind);
const char* data_move_kind_name(uint8_t kind);  // "DRAM0ToLocal"... or "invalid"

// SIMD ALU operations (Tensil's tcu/simd/Op.scala).
enum class SimdOp : uint8_t {
  NoOp = 0, Zero = 1, Move = 2, Not = 3, And = 4, Or = 5, Increment = 6,
  Decrement = 7, Add = 8, Subtract = 9, Multiply = 10, Abs = 11,
  GreaterThan = 12, GreaterThanEqual = 13, Min = 14, Max = 15,
};
const char* simd_op_name(uint8_t op);

// The SIMD sub-instruction in operand 2: dest, sourceRight, sourceLeft (each
// w bits, 0 = the accumulator input / no register), then a 4-bit op.
struct SimdSubInstruction {
  uint8_t op = 0;
  uint32_t source_left = 0;
  uint32_t source_right = 0;
  uint32_t dest = 0;

  static SimdSubInstruction unpack(uint64_t operand2, unsigned w);
  uint64_t pack(unsigned w) const;
};

// A decoded instruction word. Fields hold exactly what the word carries;
// interpreting them (size = count - 1, stride = log2) is up to the user.
struct Instruction {
  uint8_t opcode = 0;
  uint8_t flags = 0;
  uint64_t operand0_address = 0;  // low A0 bits of operand 0
  uint32_t operand0_stride = 0;   // next S0 bits
  uint64_t operand0_padding = 0;  // the remaining bits of operand 0 (should be 0)
  uint64_t operand1_address = 0;  // low A1 bits of operand 1
  uint32_t operand1_stride = 0;
  uint64_t operand1_padding = 0;
  uint64_t operand1_whole = 0;    // all O1 bits (LoadWeights reads its size from here)
  uint64_t operand2 = 0;          // all O2 bits
  uint32_t low32 = 0;             // bits [31:0] of the word: Configure's payload

  // Configure (Tensil's Decoder.scala): register in bits [3:0], value in bits [31:4].
  uint32_t configure_register() const { return low32 & 0xF; }
  uint32_t configure_value() const { return low32 >> 4; }
};

// Packs/unpacks one instruction of layout.instruction_bytes bytes,
// little-endian, header byte (opcode<<4 | flags) last (Tensil's compiler/lir/StreamGen.scala).
Instruction decode_instruction(const InstructionLayout& layout, const uint8_t* bytes);
std::vector<uint8_t> encode_instruction(const InstructionLayout& layout, const Instruction& instruction);
// Builds a Configure word: bits [31:0] = value<<4 | reg over the operand
// area, header 0xF0 (what Tensil's embedded and PYNQ drivers emit).
std::vector<uint8_t> encode_configure(const InstructionLayout& layout, uint32_t reg, uint32_t value);

}  // namespace acosim::tensil

#include "sw/tensil/regs/isa.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace acosim::tensil {

namespace {

// Bit-level access to a little-endian instruction word of any width
// (Tensil compiler/lir/StreamGen.scala: byte k holds bits [8k+7:8k]).
uint64_t get_bits(const uint8_t* bytes, unsigned lsb, unsigned width) {
  uint64_t value = 0;
  for (unsigned i = 0; i < width; ++i) {
    const unsigned bit = lsb + i;
    value |= uint64_t((bytes[bit / 8] >> (bit % 8)) & 1u) << i;
  }
  return value;
}

void set_bits(std::vector<uint8_t>& bytes, unsigned lsb, unsigned width, uint64_t value) {
  for (unsigned i = 0; i < width; ++i) {
    const unsigned bit = lsb + i;
    if ((value >> i) & 1u) bytes[bit / 8] |= uint8_t(1u << (bit % 8));
  }
}

uint64_t mask(unsigned width) { return width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1; }

void check_fits(uint64_t value, unsigned width, const char* field) {
  if ((value & ~mask(width)) != 0) {
    throw std::invalid_argument(std::string(field) + " value " + std::to_string(value) + " does not fit in " +
                                std::to_string(width) + " bits");
  }
}

// An operand is address | stride << address_bits | padding << (address_bits + stride_bits).
uint64_t pack_operand(uint64_t address, uint64_t stride, uint64_t padding, unsigned address_bits,
                      unsigned stride_bits, unsigned operand_bits, const char* name) {
  const std::string prefix(name);
  check_fits(address, address_bits, (prefix + " address").c_str());
  check_fits(stride, stride_bits, (prefix + " stride").c_str());
  check_fits(padding, operand_bits - address_bits - stride_bits, (prefix + " padding").c_str());
  if (operand_bits >= 64) {
    throw std::invalid_argument(prefix + " of " + std::to_string(operand_bits) + " bits is wider than 64");
  }
  return address | stride << address_bits | padding << (address_bits + stride_bits);
}

}  // namespace

bool is_defined_opcode(uint8_t opcode) {
  switch (opcode) {
    case uint8_t(Opcode::NoOp):
    case uint8_t(Opcode::MatMul):
    case uint8_t(Opcode::DataMove):
    case uint8_t(Opcode::LoadWeights):
    case uint8_t(Opcode::Simd):
    case uint8_t(Opcode::Configure):
      return true;
    default:
      return false;
  }
}

const char* opcode_name(uint8_t opcode) {
  switch (opcode) {
    case uint8_t(Opcode::NoOp): return "NoOp";
    case uint8_t(Opcode::MatMul): return "MatMul";
    case uint8_t(Opcode::DataMove): return "DataMove";
    case uint8_t(Opcode::LoadWeights): return "LoadWeights";
    case uint8_t(Opcode::Simd): return "SIMD";
    case uint8_t(Opcode::Configure): return "Configure";
    default: return "invalid";
  }
}

bool is_defined_data_move_kind(uint8_t kind) { return std::string(data_move_kind_name(kind)) != "invalid"; }

const char* data_move_kind_name(uint8_t kind) {
  // Tensil tools/src/tensil/tools/compiler/DataMoveFlags.scala spelling.
  switch (kind) {
    case uint8_t(DataMoveKind::Dram0ToLocal): return "DRAM0ToLocal";
    case uint8_t(DataMoveKind::LocalToDram0): return "LocalToDRAM0";
    case uint8_t(DataMoveKind::Dram1ToLocal): return "DRAM1ToLocal";
    case uint8_t(DataMoveKind::LocalToDram1): return "LocalToDRAM1";
    case uint8_t(DataMoveKind::AccumulatorToLocal): return "AccumulatorToLocal";
    case uint8_t(DataMoveKind::LocalToAccumulator): return "LocalToAccumulator";
    case uint8_t(DataMoveKind::LocalToAccumulatorAccumulate): return "LocalToAccumulatorAccumulate";
    default: return "invalid";
  }
}

const char* simd_op_name(uint8_t op) {
  static const char* const kNames[16] = {"NoOp",      "Zero",      "Move",     "Not",
                                         "And",       "Or",        "Increment", "Decrement",
                                         "Add",       "Subtract",  "Multiply", "Abs",
                                         "GreaterThan", "GreaterThanEqual", "Min", "Max"};
  return op < 16 ? kNames[op] : "invalid";
}

// Tensil's tcu/simd/Instruction.scala: from the LSB, dest (w bits), sourceRight (w), sourceLeft
// (w), op (4).
SimdSubInstruction SimdSubInstruction::unpack(uint64_t operand2, unsigned w) {
  SimdSubInstruction s;
  s.dest = uint32_t(operand2 & mask(w));
  s.source_right = uint32_t((operand2 >> w) & mask(w));
  s.source_left = uint32_t((operand2 >> (2 * w)) & mask(w));
  s.op = uint8_t((operand2 >> (3 * w)) & 0xF);
  return s;
}

uint64_t SimdSubInstruction::pack(unsigned w) const {
  check_fits(dest, w, "SIMD dest");
  check_fits(source_right, w, "SIMD sourceRight");
  check_fits(source_left, w, "SIMD sourceLeft");
  check_fits(op, 4, "SIMD op");
  return uint64_t(dest) | uint64_t(source_right) << w | uint64_t(source_left) << (2 * w) |
         uint64_t(op) << (3 * w);
}

Instruction decode_instruction(const InstructionLayout& layout, const uint8_t* bytes) {
  Instruction in;
  const unsigned o1_lsb = layout.operand0_bits;
  const unsigned o2_lsb = o1_lsb + layout.operand1_bits;
  const unsigned header_lsb = o2_lsb + layout.operand2_bits;
  const unsigned a0 = layout.operand0_address_bits, s0 = layout.stride0_bits;
  const unsigned a1 = layout.operand1_address_bits, s1 = layout.stride1_bits;

  in.operand0_address = get_bits(bytes, 0, a0);
  in.operand0_stride = uint32_t(get_bits(bytes, a0, s0));
  in.operand0_padding = get_bits(bytes, a0 + s0, layout.operand0_bits - a0 - s0);
  in.operand1_address = get_bits(bytes, o1_lsb, a1);
  in.operand1_stride = uint32_t(get_bits(bytes, o1_lsb + a1, s1));
  in.operand1_padding = get_bits(bytes, o1_lsb + a1 + s1, layout.operand1_bits - a1 - s1);
  in.operand1_whole = get_bits(bytes, o1_lsb, layout.operand1_bits);
  in.operand2 = get_bits(bytes, o2_lsb, layout.operand2_bits);
  in.flags = uint8_t(get_bits(bytes, header_lsb, 4));
  in.opcode = uint8_t(get_bits(bytes, header_lsb + 4, 4));
  // Configure reads bits [31:0] of the operand area whatever the operand
  // boundaries (Tensil's Decoder.scala). The narrowest layout (O0 = O1 = O2 = 8, a
  // 4-byte word) has only 24 operand bits; the bits above them read as zero.
  in.low32 = uint32_t(get_bits(bytes, 0, std::min(32u, header_lsb)));
  return in;
}

std::vector<uint8_t> encode_instruction(const InstructionLayout& layout, const Instruction& in) {
  check_fits(in.opcode, 4, "opcode");
  check_fits(in.flags, 4, "flags");
  std::vector<uint8_t> bytes(layout.instruction_bytes, 0);
  const unsigned o1_lsb = layout.operand0_bits;
  const unsigned o2_lsb = o1_lsb + layout.operand1_bits;
  const unsigned header_lsb = o2_lsb + layout.operand2_bits;

  if (in.opcode == uint8_t(Opcode::Configure)) {
    // Configure is not operand-aligned: its payload is bits [31:0] of the
    // operand area, which a 4-byte word cuts down to 24 bits.
    check_fits(in.low32, std::min(32u, header_lsb), "Configure payload (value << 4 | register)");
    set_bits(bytes, 0, std::min(32u, header_lsb), in.low32);
  } else {
    set_bits(bytes, 0, layout.operand0_bits,
             pack_operand(in.operand0_address, in.operand0_stride, in.operand0_padding,
                          layout.operand0_address_bits, layout.stride0_bits, layout.operand0_bits, "operand0"));
    uint64_t operand1 = pack_operand(in.operand1_address, in.operand1_stride, in.operand1_padding,
                                     layout.operand1_address_bits, layout.stride1_bits, layout.operand1_bits,
                                     "operand1");
    // operand1_whole is the same bits seen as one field (LoadWeights' size);
    // a caller may fill either form, never two different values.
    if (in.operand1_whole != 0 && in.operand1_whole != operand1) {
      if (operand1 != 0) {
        throw std::invalid_argument("operand1 whole value " + std::to_string(in.operand1_whole) +
                                    " disagrees with its address/stride/padding fields");
      }
      check_fits(in.operand1_whole, layout.operand1_bits, "operand1");
      operand1 = in.operand1_whole;
    }
    set_bits(bytes, o1_lsb, layout.operand1_bits, operand1);
    check_fits(in.operand2, layout.operand2_bits, "operand2");
    set_bits(bytes, o2_lsb, layout.operand2_bits, in.operand2);
  }
  set_bits(bytes, header_lsb, 4, in.flags);
  set_bits(bytes, header_lsb + 4, 4, in.opcode);
  return bytes;
}

std::vector<uint8_t> encode_configure(const InstructionLayout& layout, uint32_t reg, uint32_t value) {
  check_fits(reg, 4, "Configure register");
  check_fits(value, 28, "Configure value");
  Instruction in;
  in.opcode = uint8_t(Opcode::Configure);
  in.low32 = value << 4 | reg;
  return encode_instruction(layout, in);
}

}  // namespace acosim::tensil

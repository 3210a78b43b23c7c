// Instruction encoding and decoding against the worked encodings of
// Tensil's CompilerBackendSpec.scala and the golden XOR program of
// CompilerSpec.scala, plus the configuration registers of Configure.scala.
#include <gtest/gtest.h>

#include <functional>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {
namespace {

using Bytes = std::vector<uint8_t>;

Architecture uniform(uint32_t n, uint64_t depth, uint32_t stride_depth) {
  Architecture a;
  a.array_size = n;
  a.dram0_depth = a.dram1_depth = a.local_depth = a.accumulator_depth = depth;
  a.stride0_depth = a.stride1_depth = stride_depth;
  return a;
}

Architecture pynqz1() { return Architecture{}; }  // the defaults are pynqz1 (arch/pynqz1.tarch)

Architecture ultra96v2() {
  Architecture a;
  a.array_size = 16;
  a.dram0_depth = a.dram1_depth = 2097152;
  a.local_depth = 20480;
  a.accumulator_depth = 4096;
  return a;
}

// CompilerBackendSpec's "32-bit" arch: 13-byte words.
InstructionLayout backend_layout() { return InstructionLayout::derive(uniform(4, uint64_t(1) << 30, 4)); }

Instruction strided(uint8_t opcode, uint8_t flags, uint64_t a0, uint32_t s0, uint64_t a1, uint32_t s1,
                    uint64_t operand2) {
  Instruction in;
  in.opcode = opcode;
  in.flags = flags;
  in.operand0_address = a0;
  in.operand0_stride = s0;
  in.operand1_address = a1;
  in.operand1_stride = s1;
  in.operand2 = operand2;
  return in;
}

void expect_fields(const Instruction& got, const Instruction& want, const std::string& what) {
  EXPECT_EQ(got.opcode, want.opcode) << what;
  EXPECT_EQ(got.flags, want.flags) << what;
  EXPECT_EQ(got.operand0_address, want.operand0_address) << what;
  EXPECT_EQ(got.operand0_stride, want.operand0_stride) << what;
  EXPECT_EQ(got.operand0_padding, 0u) << what;
  EXPECT_EQ(got.operand1_address, want.operand1_address) << what;
  EXPECT_EQ(got.operand1_stride, want.operand1_stride) << what;
  EXPECT_EQ(got.operand1_padding, 0u) << what;
  EXPECT_EQ(got.operand2, want.operand2) << what;
}

// Encodes `in`, compares with the documented bytes, decodes them back and
// compares the fields.
void check_worked(const InstructionLayout& layout, const Instruction& in, const Bytes& bytes, const std::string& what) {
  EXPECT_EQ(encode_instruction(layout, in), bytes) << what;
  expect_fields(decode_instruction(layout, bytes.data()), in, what);
}

constexpr uint8_t kMatMul = 0x1, kDataMove = 0x2, kLoadWeights = 0x3, kSimd = 0x4;

TEST(WorkedEncodings, CompilerBackendSpecMatMul) {
  const InstructionLayout l = backend_layout();
  check_worked(l, strided(kMatMul, 0, 0x12345, 0, 0x89abcd, 1, 0x543210),
               {0x45, 0x23, 0x01, 0x00, 0xcd, 0xab, 0x89, 0x40, 0x10, 0x32, 0x54, 0x00, 0x10}, "MatMul");
  check_worked(l, strided(kMatMul, 1, 0x12345, 2, 0x89abcd, 3, 0x543210),
               {0x45, 0x23, 0x01, 0x80, 0xcd, 0xab, 0x89, 0xc0, 0x10, 0x32, 0x54, 0x00, 0x11}, "MatMul accumulate");
  // Zeroes changes only the header: 0x12, with accumulate 0x13.
  check_worked(l, strided(kMatMul, 2, 0x12345, 0, 0x89abcd, 1, 0x543210),
               {0x45, 0x23, 0x01, 0x00, 0xcd, 0xab, 0x89, 0x40, 0x10, 0x32, 0x54, 0x00, 0x12}, "MatMul zeroes");
  check_worked(l, strided(kMatMul, 3, 0x12345, 0, 0x89abcd, 1, 0x543210),
               {0x45, 0x23, 0x01, 0x00, 0xcd, 0xab, 0x89, 0x40, 0x10, 0x32, 0x54, 0x00, 0x13},
               "MatMul zeroes accumulate");
}

TEST(WorkedEncodings, CompilerBackendSpecSimdDataMoveLoadWeights) {
  const InstructionLayout l = backend_layout();
  check_worked(l, strided(kSimd, 0, 0x12345, 0, 0x89abcd, 0, 0x09),
               {0x45, 0x23, 0x01, 0x00, 0xcd, 0xab, 0x89, 0x00, 0x09, 0x00, 0x00, 0x00, 0x40}, "SIMD Zero->R1");
  check_worked(l, strided(kSimd, 3, 0x12345, 0, 0x89abcd, 0, 0x7a),
               {0x45, 0x23, 0x01, 0x00, 0xcd, 0xab, 0x89, 0x00, 0x7a, 0x00, 0x00, 0x00, 0x43}, "SIMD Max");
  check_worked(l, strided(kDataMove, 0x2, 0x12345, 3, 0x89abcd, 2, 0x543210),
               {0x45, 0x23, 0x01, 0xc0, 0xcd, 0xab, 0x89, 0x80, 0x10, 0x32, 0x54, 0x00, 0x22}, "DRAM1->local");
  check_worked(l, strided(kDataMove, 0xF, 0x12345, 3, 0x89abcd, 3, 0x543210),
               {0x45, 0x23, 0x01, 0xc0, 0xcd, 0xab, 0x89, 0xc0, 0x10, 0x32, 0x54, 0x00, 0x2f}, "local->acc acc");

  Instruction lw;
  lw.opcode = kLoadWeights;
  lw.operand0_address = 0x12345;
  lw.operand0_stride = 3;
  lw.operand1_whole = 0x89abcd;
  const Bytes lw_bytes = {0x45, 0x23, 0x01, 0xc0, 0xcd, 0xab, 0x89, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30};
  EXPECT_EQ(encode_instruction(l, lw), lw_bytes);
  const Instruction lw_back = decode_instruction(l, lw_bytes.data());
  EXPECT_EQ(lw_back.opcode, kLoadWeights);
  EXPECT_EQ(lw_back.operand0_address, 0x12345u);
  EXPECT_EQ(lw_back.operand0_stride, 3u);
  EXPECT_EQ(lw_back.operand1_whole, 0x89abcdu);

  Instruction zeroes;
  zeroes.opcode = kLoadWeights;
  zeroes.flags = flags::kLoadWeightsZeroes;
  zeroes.operand1_whole = 0x89abcd;
  EXPECT_EQ(encode_instruction(l, zeroes),
            (Bytes{0x00, 0x00, 0x00, 0x00, 0xcd, 0xab, 0x89, 0x00, 0x00, 0x00, 0x00, 0x00, 0x31}));
}

TEST(WorkedEncodings, ThreeNoOpsOnASevenByteArch) {
  const InstructionLayout l = InstructionLayout::derive(uniform(4, uint64_t(1) << 14, 4));
  ASSERT_EQ(l.instruction_bytes, 7u);
  Bytes program;
  for (int i = 0; i < 3; ++i) {
    const Bytes word = encode_instruction(l, Instruction{});
    program.insert(program.end(), word.begin(), word.end());
  }
  EXPECT_EQ(program, Bytes(21, 0));
}

TEST(WorkedEncodings, OwnExamplesOnPynqz1AndUltra96v2) {
  const InstructionLayout p = InstructionLayout::derive(pynqz1());
  check_worked(p, strided(kMatMul, 1, 0x123, 1, 0x45, 2, 15), {0x23, 0x21, 0x45, 0x00, 0x20, 0x0F, 0x00, 0x11},
               "pynqz1 MatMul");
  check_worked(p, strided(kSimd, 3, 5, 0, 3, 0, 0x7a), {0x05, 0x00, 0x03, 0x00, 0x00, 0x7A, 0x00, 0x43},
               "pynqz1 SIMD");
  Instruction lw;
  lw.opcode = kLoadWeights;
  lw.operand0_address = 100;
  lw.operand1_whole = 8;
  EXPECT_EQ(encode_instruction(p, lw), (Bytes{0x64, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x30}));
  Instruction lwz;
  lwz.opcode = kLoadWeights;
  lwz.flags = 1;
  EXPECT_EQ(encode_instruction(p, lwz), (Bytes{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x31}));
  const Bytes configure = {0x04, 0x80, 0x01, 0x00, 0x00, 0x00, 0x00, 0xF0};
  EXPECT_EQ(encode_configure(p, 0x4, 0x1800), configure);
  const Instruction c = decode_instruction(p, configure.data());
  EXPECT_EQ(c.opcode, 0xF);
  EXPECT_EQ(c.configure_register(), 0x4u);
  EXPECT_EQ(c.configure_value(), 0x1800u);

  const InstructionLayout u = InstructionLayout::derive(ultra96v2());
  check_worked(u, strided(kDataMove, 0, 20000, 0, 0x1FFFFF, 0, 255),
               {0x20, 0x4E, 0x00, 0xFF, 0xFF, 0x1F, 0xFF, 0x00, 0x20}, "ultra96v2 DataMove");
  Instruction ulw;
  ulw.opcode = kLoadWeights;
  ulw.operand0_address = 20000;
  ulw.operand0_stride = 2;
  ulw.operand1_whole = 16;
  EXPECT_EQ(encode_instruction(u, ulw), (Bytes{0x20, 0x4E, 0x01, 0x10, 0x00, 0x00, 0x00, 0x00, 0x30}));
  check_worked(u, strided(kSimd, 1, 0, 0, 7, 0, 0x11), {0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x11, 0x00, 0x41},
               "ultra96v2 SIMD");
}

// CompilerSpec.scala: the TF XOR program on the 2x2, 256-deep, stride-1 arch.
TEST(GoldenXorProgram, DecodesToTheDocumentedFieldsAndReencodes) {
  struct Row {
    Bytes bytes;
    uint8_t opcode, flags;
    uint64_t op0, op1, op2;
  };
  const Row rows[] = {
      {{0x00, 0x00, 0x02, 0x22}, kDataMove, 0x2, 0, 0, 2},   // local 0 <- DRAM1 0, 3 vectors
      {{0x03, 0x00, 0x00, 0x20}, kDataMove, 0x0, 3, 0, 0},   // local 3 <- DRAM0 0
      {{0x00, 0x02, 0x00, 0x30}, kLoadWeights, 0, 0, 2, 0},  // local 0, 3 vectors
      {{0x03, 0x00, 0x00, 0x10}, kMatMul, 0, 3, 0, 0},       // local 3 -> acc 0
      {{0x00, 0x00, 0x09, 0x40}, kSimd, 0, 0, 0, 0x09},      // Zero -> R1
      {{0x01, 0x00, 0x7a, 0x43}, kSimd, 3, 1, 0, 0x7a},      // read acc 0, Max(input,R1), write acc 1
      {{0x04, 0x01, 0x00, 0x2c}, kDataMove, 0xC, 4, 1, 0},   // local 4 <- acc 1
      {{0x04, 0x01, 0x00, 0x21}, kDataMove, 0x1, 4, 1, 0},   // DRAM0 1 <- local 4
      {{0x00, 0x03, 0x02, 0x22}, kDataMove, 0x2, 0, 3, 2},   // local 0 <- DRAM1 3, 3 vectors
      {{0x03, 0x01, 0x00, 0x20}, kDataMove, 0x0, 3, 1, 0},   // local 3 <- DRAM0 1
      {{0x00, 0x02, 0x00, 0x30}, kLoadWeights, 0, 0, 2, 0},
      {{0x03, 0x00, 0x00, 0x10}, kMatMul, 0, 3, 0, 0},
      {{0x04, 0x00, 0x00, 0x2c}, kDataMove, 0xC, 4, 0, 0},   // local 4 <- acc 0
      {{0x04, 0x00, 0x00, 0x21}, kDataMove, 0x1, 4, 0, 0},   // DRAM0 0 <- local 4
  };
  Architecture arch = uniform(2, 256, 1);
  const InstructionLayout l = InstructionLayout::derive(arch);
  ASSERT_EQ(l.instruction_bytes, 4u);
  for (size_t i = 0; i < std::size(rows); ++i) {
    const Row& r = rows[i];
    const Instruction in = decode_instruction(l, r.bytes.data());
    const std::string what = "instruction " + std::to_string(i);
    EXPECT_EQ(in.opcode, r.opcode) << what;
    EXPECT_EQ(in.flags, r.flags) << what;
    EXPECT_EQ(in.operand0_address, r.op0) << what;
    EXPECT_EQ(in.operand1_address, r.op1) << what;
    EXPECT_EQ(in.operand1_whole, r.op1) << what;
    EXPECT_EQ(in.operand2, r.op2) << what;
    EXPECT_EQ(encode_instruction(l, in), r.bytes) << what;
  }
  const SimdSubInstruction max = SimdSubInstruction::unpack(0x7a, l.simd_operand_bits);
  EXPECT_EQ(max.op, uint8_t(SimdOp::Max));
  EXPECT_EQ(max.source_left, 0u);   // input
  EXPECT_EQ(max.source_right, 1u);  // R1
  EXPECT_EQ(max.dest, 0u);          // output only
}

TEST(SimdSubInstruction, PacksTheExamplesOfReference26) {
  // w = 1: operand2 = op<<3 | srcL<<2 | srcR<<1 | dest.
  const auto pack1 = [](SimdOp op, uint32_t left, uint32_t right, uint32_t dest) {
    SimdSubInstruction s;
    s.op = uint8_t(op);
    s.source_left = left;
    s.source_right = right;
    s.dest = dest;
    return s.pack(1);
  };
  EXPECT_EQ(pack1(SimdOp::Zero, 0, 0, 1), 0x09u);
  EXPECT_EQ(pack1(SimdOp::Max, 0, 1, 0), 0x7au);
  EXPECT_EQ(pack1(SimdOp::Move, 0, 0, 1), 0x11u);
  EXPECT_EQ(pack1(SimdOp::Multiply, 1, 0, 1), 0x55u);
  EXPECT_EQ(pack1(SimdOp::Add, 1, 0, 0), 0x44u);
  // w = 5 (16 registers): dest [4:0], right [9:5], left [14:10], op [18:15].
  SimdSubInstruction wide;
  wide.op = 9;
  wide.source_left = 16;
  wide.source_right = 3;
  wide.dest = 17;
  const uint64_t packed = wide.pack(5);
  EXPECT_EQ(packed, (uint64_t(9) << 15) | (uint64_t(16) << 10) | (uint64_t(3) << 5) | 17u);
  const SimdSubInstruction back = SimdSubInstruction::unpack(packed, 5);
  EXPECT_EQ(back.op, 9);
  EXPECT_EQ(back.source_left, 16u);
  EXPECT_EQ(back.source_right, 3u);
  EXPECT_EQ(back.dest, 17u);
}

void expect_invalid(const std::function<void()>& action, const std::string& field) {
  try {
    action();
    ADD_FAILURE() << "no error for " << field;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
  }
}

TEST(Encoding, RejectsFieldsThatDoNotFitAndNamesThem) {
  const InstructionLayout p = InstructionLayout::derive(pynqz1());  // A0 13, S 3, A1 20, O1 24, O2 16
  expect_invalid([&] { encode_instruction(p, strided(kMatMul, 0, 0x2000, 0, 0, 0, 0)); }, "operand0 address");
  expect_invalid([&] { encode_instruction(p, strided(kMatMul, 0, 0, 8, 0, 0, 0)); }, "operand0 stride");
  expect_invalid([&] { encode_instruction(p, strided(kMatMul, 0, 0, 0, 0x100000, 0, 0)); }, "operand1 address");
  expect_invalid([&] { encode_instruction(p, strided(kMatMul, 0, 0, 0, 0, 8, 0)); }, "operand1 stride");
  expect_invalid([&] { encode_instruction(p, strided(kMatMul, 0, 0, 0, 0, 0, 0x10000)); }, "operand2");
  expect_invalid([&] { encode_instruction(p, strided(16, 0, 0, 0, 0, 0, 0)); }, "opcode");
  expect_invalid([&] { encode_instruction(p, strided(kMatMul, 16, 0, 0, 0, 0, 0)); }, "flags");
  Instruction padded;
  padded.opcode = kMatMul;
  padded.operand1_padding = 2;  // pynqz1 operand 1 has one pad bit
  expect_invalid([&] { encode_instruction(p, padded); }, "operand1 padding");
  Instruction lw;
  lw.opcode = kLoadWeights;
  lw.operand1_whole = uint64_t(1) << 24;
  expect_invalid([&] { encode_instruction(p, lw); }, "operand1");
  SimdSubInstruction s;
  s.dest = 2;
  expect_invalid([&] { s.pack(1); }, "SIMD dest");
  expect_invalid([&] { encode_configure(p, 16, 0); }, "Configure register");
  expect_invalid([&] { encode_configure(p, 0, uint32_t(1) << 28); }, "Configure value");
  // A 4-byte word has 24 operand bits: 20 value bits.
  const InstructionLayout tiny = InstructionLayout::derive(uniform(2, 256, 1));
  expect_invalid([&] { encode_configure(tiny, 0, uint32_t(1) << 20); }, "Configure");
  EXPECT_EQ(encode_configure(tiny, 0x8, 0xFFFFF), (Bytes{0xF8, 0xFF, 0xFF, 0xF0}));
}

TEST(Decoding, KeepsPaddingAndTheLow32BitsOfEveryWord) {
  const InstructionLayout p = InstructionLayout::derive(pynqz1());
  // Bit 39 is operand 1's pad bit (InstructionLayout.scala); bytes 0..3 are low32.
  const Bytes word = {0x78, 0x56, 0x34, 0x12, 0x80, 0x00, 0x00, 0x1C};
  const Instruction in = decode_instruction(p, word.data());
  EXPECT_EQ(in.opcode, 0x1);
  EXPECT_EQ(in.flags, 0xC);
  EXPECT_EQ(in.operand0_address, 0x1678u);  // 0x5678 & 0x1FFF
  EXPECT_EQ(in.operand0_stride, 2u);        // 0x5678 >> 13
  EXPECT_EQ(in.operand1_address, 0x1234u);
  EXPECT_EQ(in.operand1_padding, 1u);
  EXPECT_EQ(in.operand1_whole, 0x801234u);
  EXPECT_EQ(in.low32, 0x12345678u);
  EXPECT_EQ(encode_instruction(p, in), word);
}

TEST(Names, OpcodesKindsAndSimdOps) {
  EXPECT_STREQ(opcode_name(0x1), "MatMul");
  EXPECT_STREQ(opcode_name(0xF), "Configure");
  for (uint8_t op = 0; op < 16; ++op) {
    const bool defined = op <= 4 || op == 0xF;
    EXPECT_EQ(is_defined_opcode(op), defined) << int(op);
    if (!defined) {
      EXPECT_STREQ(opcode_name(op), "invalid");
    }
  }
  for (uint8_t kind = 0; kind < 16; ++kind) {
    const bool defined = kind <= 3 || kind == 0xC || kind == 0xD || kind == 0xF;
    EXPECT_EQ(is_defined_data_move_kind(kind), defined) << int(kind);
  }
  EXPECT_STREQ(data_move_kind_name(0x2), "DRAM1ToLocal");
  EXPECT_STREQ(data_move_kind_name(0xF), "LocalToAccumulatorAccumulate");
  EXPECT_STREQ(simd_op_name(10), "Multiply");
  EXPECT_STREQ(simd_op_name(15), "Max");
  EXPECT_STREQ(simd_op_name(16), "invalid");
}

TEST(ConfigRegisters, TableOfReference27) {
  struct Row {
    uint32_t reg;
    uint32_t mask;
    unsigned shift;
    uint32_t reset;
  };
  const Row rows[] = {{0x0, 0xFFFF, 16, 0},   {0x1, 0xF, 0, 0},         {0x4, 0xFFFF, 16, 0},
                      {0x5, 0xF, 0, 0},       {0x8, 0xFFFF, 0, 100},    {0x9, 0x0FFFFFFF, 0, 0xFFFFFFFF},
                      {0xA, 0x0FFFFFFF, 0, 0}, {0xB, 0xFFFF, 0, 0}};
  for (const Row& r : rows) {
    const ConfigRegisterInfo* info = config_register_info(r.reg);
    ASSERT_NE(info, nullptr) << r.reg;
    EXPECT_EQ(uint32_t(info->id), r.reg);
    EXPECT_EQ(info->value_mask, r.mask) << info->name;
    EXPECT_EQ(info->shift, r.shift) << info->name;
    EXPECT_EQ(info->reset_value, r.reset) << info->name;
  }
  EXPECT_EQ(config_register_info(0x8)->reset_value, kDefaultDecoderTimeout);
  for (uint32_t reg : {0x2u, 0x3u, 0x6u, 0x7u, 0xCu, 0xDu, 0xEu, 0xFu, 0x10u}) {
    EXPECT_EQ(config_register_info(reg), nullptr) << reg;
  }
}

}  // namespace
}  // namespace acosim::tensil

// The assembly syntax of docs/tensil-assembly.md: worked encodings of
// Tensil's CompilerBackendSpec.scala and CompilerSpec.scala (XOR) written as text, the disassemble/assemble round trip
// over random words, and every error message.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sw/tensil/assembler.h"
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

Architecture xor_arch() { return uniform(2, 256, 1); }  // CompilerSpec.scala XOR arch
Architecture pynqz1() { return Architecture{}; }
Architecture ultra96v2() {
  Architecture a;
  a.array_size = 16;
  a.dram0_depth = a.dram1_depth = 2097152;
  a.local_depth = 20480;
  a.accumulator_depth = 4096;
  return a;
}
Architecture backend_spec() { return uniform(4, uint64_t(1) << 30, 4); }  // CompilerBackendSpec.scala, 13 bytes
Architecture many_registers() {
  Architecture a = uniform(4, 16, 2);
  a.simd_registers_depth = 16;  // w = 5
  return a;
}

// CompilerSpec.scala's XOR program, instruction by instruction, in this syntax.
const char* const kXorListing =
    "datamove dram1->local local=0 dram1=0 size=2\n"
    "datamove dram0->local local=3 dram0=0 size=0\n"
    "loadweights local=0 size=2\n"
    "matmul local=3 acc=0 size=0\n"
    "simd op=zero left=input right=input dest=r1 read_addr=0 write_addr=0\n"
    "simd op=max left=input right=r1 dest=out read_addr=0 write_addr=1 read write\n"
    "datamove acc->local local=4 acc=1 size=0\n"
    "datamove local->dram0 local=4 dram0=1 size=0\n"
    "datamove dram1->local local=0 dram1=3 size=2\n"
    "datamove dram0->local local=3 dram0=1 size=0\n"
    "loadweights local=0 size=2\n"
    "matmul local=3 acc=0 size=0\n"
    "datamove acc->local local=4 acc=0 size=0\n"
    "datamove local->dram0 local=4 dram0=0 size=0\n";

const Bytes kXorProgram = {0x00, 0x00, 0x02, 0x22, 0x03, 0x00, 0x00, 0x20, 0x00, 0x02, 0x00, 0x30, 0x03, 0x00,
                           0x00, 0x10, 0x00, 0x00, 0x09, 0x40, 0x01, 0x00, 0x7a, 0x43, 0x04, 0x01, 0x00, 0x2c,
                           0x04, 0x01, 0x00, 0x21, 0x00, 0x03, 0x02, 0x22, 0x03, 0x01, 0x00, 0x20, 0x00, 0x02,
                           0x00, 0x30, 0x03, 0x00, 0x00, 0x10, 0x04, 0x00, 0x00, 0x2c, 0x04, 0x00, 0x00, 0x21};

TEST(Assembler, GoldenXorProgramBothWays) {
  EXPECT_EQ(assemble(kXorListing, xor_arch(), "xor.s"), kXorProgram);
  EXPECT_EQ(disassemble(kXorProgram, xor_arch()), kXorListing);
}

TEST(Assembler, WorkedEncodingsOfReference28) {
  const Architecture p = pynqz1();
  EXPECT_EQ(assemble("matmul local=0x123 stride0=1 acc=0x45 stride1=2 size=15 accumulate", p, "a.s"),
            (Bytes{0x23, 0x21, 0x45, 0x00, 0x20, 0x0F, 0x00, 0x11}));
  EXPECT_EQ(assemble("simd op=max left=input right=r1 dest=out read_addr=3 write_addr=5 read write", p, "a.s"),
            (Bytes{0x05, 0x00, 0x03, 0x00, 0x00, 0x7A, 0x00, 0x43}));
  EXPECT_EQ(assemble("loadweights local=100 size=8", p, "a.s"), (Bytes{0x64, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x30}));
  EXPECT_EQ(assemble("loadweights local=0 size=0 zeroes", p, "a.s"),
            (Bytes{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x31}));
  EXPECT_EQ(assemble("configure dram1_offset 0x1800", p, "a.s"), (Bytes{0x04, 0x80, 0x01, 0x00, 0x00, 0x00, 0x00, 0xF0}));

  const Architecture u = ultra96v2();
  EXPECT_EQ(assemble("datamove dram0->local local=20000 dram0=0x1FFFFF size=255", u, "a.s"),
            (Bytes{0x20, 0x4E, 0x00, 0xFF, 0xFF, 0x1F, 0xFF, 0x00, 0x20}));
  EXPECT_EQ(assemble("loadweights local=20000 stride0=2 size=16", u, "a.s"),
            (Bytes{0x20, 0x4E, 0x01, 0x10, 0x00, 0x00, 0x00, 0x00, 0x30}));
  EXPECT_EQ(assemble("simd op=move left=input right=input dest=r1 read_addr=7 write_addr=0 read", u, "a.s"),
            (Bytes{0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x11, 0x00, 0x41}));

  const Architecture b = backend_spec();
  EXPECT_EQ(assemble("datamove local->acc local=0x12345 stride0=3 acc=0x89abcd stride1=3 size=0x543210 accumulate", b,
                     "a.s"),
            (Bytes{0x45, 0x23, 0x01, 0xc0, 0xcd, 0xab, 0x89, 0xc0, 0x10, 0x32, 0x54, 0x00, 0x2f}));
  EXPECT_EQ(assemble("matmul local=0x12345 acc=0x89abcd stride1=1 size=0x543210 zeroes accumulate", b, "a.s"),
            (Bytes{0x45, 0x23, 0x01, 0x00, 0xcd, 0xab, 0x89, 0x40, 0x10, 0x32, 0x54, 0x00, 0x13}));
  EXPECT_EQ(assemble("noop\nnoop\nnoop", uniform(4, uint64_t(1) << 14, 4), "a.s"), Bytes(21, 0));
}

TEST(Assembler, CommentsBlankLinesAndCaseAreIgnored) {
  const std::string source =
      "; the first two instructions of the XOR program\n"
      "\n"
      "   DataMove DRAM1->Local  local=0 dram1=0 size=2   ; constants\n"
      "\tdatamove dram0->local local=0x3 dram0=0 size=0\n";
  EXPECT_EQ(assemble(source, xor_arch(), "a.s"), Bytes(kXorProgram.begin(), kXorProgram.begin() + 8));
}

TEST(Assembler, RawWordsAreLittleEndianIntegers) {
  // Bit 0 of the integer is bit 0 of byte 0 (little-endian words); short forms are
  // zero-extended.
  EXPECT_EQ(assemble("raw 0x11000f2000452123", pynqz1(), "a.s"),
            (Bytes{0x23, 0x21, 0x45, 0x00, 0x20, 0x0F, 0x00, 0x11}));
  EXPECT_EQ(assemble("raw 0x5", xor_arch(), "a.s"), (Bytes{0x05, 0x00, 0x00, 0x00}));
  // Opcode 0x5 is not defined: the disassembler falls back to raw.
  const Bytes undefined = {0x01, 0x02, 0x03, 0x50};
  EXPECT_EQ(disassemble(undefined, xor_arch()), "raw 0x50030201 ; opcode 0x5 is not defined\n");
  // pynqz1 bit 39 is operand 1's pad bit (InstructionLayout.scala).
  const Bytes padded = {0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x10};
  EXPECT_EQ(disassemble(padded, pynqz1()), "raw 0x1000008000000000 ; MatMul operand padding bits are not zero\n");
  // DataMove kind 0xE and MatMul flag bit 2 are not expressible either.
  EXPECT_EQ(disassemble({0, 0, 0, 0x2E}, xor_arch()), "raw 0x2e000000 ; DataMove kind 0xe is not defined\n");
  EXPECT_EQ(disassemble({0, 0, 0, 0x14}, xor_arch()), "raw 0x14000000 ; MatMul flag bits 0x4 are not defined\n");
}

TEST(Assembler, ConfigureRegistersByNameOrNumber) {
  const Architecture p = pynqz1();
  EXPECT_EQ(assemble("configure timeout 0x64", p, "a.s"), encode_configure(InstructionLayout::derive(p), 0x8, 100));
  EXPECT_EQ(assemble("configure 0x2 7", p, "a.s"), encode_configure(InstructionLayout::derive(p), 0x2, 7));
  EXPECT_EQ(disassemble(encode_configure(InstructionLayout::derive(p), 0x2, 7), p), "configure 0x2 0x7\n");
  EXPECT_EQ(disassemble(encode_configure(InstructionLayout::derive(p), 0xA, 0xFFFFFFF), p),
            "configure program_counter 0xfffffff\n");
}

// Words of whole instructions drawn from a fixed-seed generator. Half are
// built from defined opcodes with in-range fields, so that every readable
// form is exercised; the rest are arbitrary bytes.
Bytes random_program(const Architecture& arch, size_t count, uint32_t seed) {
  const InstructionLayout l = InstructionLayout::derive(arch);
  std::mt19937_64 rng(seed);
  const auto bits = [&](unsigned width) { return width == 0 ? 0 : rng() & (~uint64_t(0) >> (64 - width)); };
  static constexpr uint8_t kOpcodes[] = {0x0, 0x1, 0x2, 0x3, 0x4, 0xF};
  Bytes program;
  for (size_t i = 0; i < count; ++i) {
    Bytes word(l.instruction_bytes);
    if (i % 2 == 0) {
      for (uint8_t& b : word) b = uint8_t(rng());
    } else {
      Instruction in;
      in.opcode = kOpcodes[rng() % 6];
      in.flags = uint8_t(bits(4));
      in.operand0_address = bits(l.operand0_address_bits);
      in.operand0_stride = uint32_t(bits(l.stride0_bits));
      in.operand1_address = bits(l.operand1_address_bits);
      in.operand1_stride = uint32_t(bits(l.stride1_bits));
      in.operand2 = bits(l.operand2_bits);
      in.low32 = uint32_t(rng());
      if (in.opcode == 0xF) in.low32 &= uint32_t(bits(std::min(32u, l.instruction_bytes * 8 - 8)));
      if (rng() % 2) in.flags &= 0x3;  // mostly defined flag patterns
      if (in.opcode == 0x4 && rng() % 2) {  // SIMD addresses carry no stride
        in.operand2 &= (uint64_t(1) << (3 * l.simd_operand_bits + 4)) - 1;
        in.operand0_stride = in.operand1_stride = 0;
      }
      if (in.opcode == 0x3 && rng() % 2) in.operand2 = 0;  // LoadWeights leaves operand 2 unused
      if (in.opcode == 0x0 && rng() % 2) in = Instruction{};  // the compiler's NoOp is all zero
      word = encode_instruction(l, in);
    }
    program.insert(program.end(), word.begin(), word.end());
  }
  return program;
}

TEST(Assembler, DisassemblyAssemblesBackToTheSameBytesForRandomWords) {
  const Architecture archs[] = {xor_arch(), pynqz1(), ultra96v2(), backend_spec(), many_registers()};
  uint32_t seed = 2024;
  for (const Architecture& arch : archs) {
    const Bytes program = random_program(arch, 3000, seed++);
    const std::string text = disassemble(program, arch);
    ASSERT_EQ(assemble(text, arch, "random.s"), program) << "arch with " << InstructionLayout::derive(arch).instruction_bytes
                                                         << "-byte words";
    // Both kinds of line occur, so the test exercises the readable forms too.
    EXPECT_NE(text.find("\nraw "), std::string::npos);
    for (const char* form : {"\nmatmul ", "\ndatamove ", "\nloadweights ", "\nsimd ", "\nconfigure ", "\nnoop"}) {
      EXPECT_NE(text.find(form), std::string::npos) << form;
    }
  }
}

TEST(Assembler, EveryInvalidSingleByteHeaderRoundTrips) {
  // All 256 header bytes over an all-ones operand area of the XOR arch.
  for (unsigned header = 0; header < 256; ++header) {
    const Bytes word = {0xFF, 0xFF, 0xFF, uint8_t(header)};
    EXPECT_EQ(assemble(disassemble(word, xor_arch()), xor_arch(), "h.s"), word) << header;
  }
}

void expect_error(const std::string& source, const Architecture& arch, const std::string& message) {
  try {
    assemble(source, arch, "prog.s");
    ADD_FAILURE() << "no error for: " << source;
  } catch (const AssemblyError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

TEST(AssemblerErrors, NameTheFileLineAndCause) {
  const Architecture p = pynqz1();  // A0 13, S 3, A1 20, O1 24, O2 16, w 1
  expect_error("noop\nfrobnicate 1", p, "prog.s:2: unknown mnemonic 'frobnicate'");
  expect_error("matmul local=1 acc=2", p, "prog.s:1: missing operand 'size' for matmul");
  expect_error("matmul local=1 local=2 acc=0 size=0", p, "prog.s:1: duplicate operand 'local'");
  expect_error("matmul local=8192 acc=0 size=0", p, "prog.s:1: 'local' value 8192 does not fit in its 13-bit field");
  expect_error("matmul local=0 stride0=8 acc=0 size=0", p, "prog.s:1: 'stride0' value 8 does not fit in its 3-bit field");
  expect_error("matmul local=0 acc=0 size=0x10000", p, "prog.s:1: 'size' value 65536 does not fit in its 16-bit field");
  expect_error("loadweights local=0 size=0x1000000", p, "prog.s:1: 'size' value 16777216 does not fit in its 24-bit field");
  expect_error("matmul local=0 acc=0 size=0 dram0=1", p, "prog.s:1: unknown operand 'dram0' for matmul");
  expect_error("matmul local=0 acc=0 size=0 sideways", p, "prog.s:1: unexpected 'sideways' for matmul");
  expect_error("matmul local=0 acc=0 size=0 zeroes zeroes", p, "prog.s:1: duplicate 'zeroes'");
  expect_error("matmul local=x1 acc=0 size=0", p, "prog.s:1: 'local' value 'x1' is not a number");
  expect_error("matmul local=0x acc=0 size=0", p, "prog.s:1: 'local' value '0x' is not a number");
  expect_error("matmul local=99999999999999999999 acc=0 size=0", p,
               "prog.s:1: 'local' value '99999999999999999999' is too large");
  expect_error("matmul local= acc=0 size=0", p, "prog.s:1: operand 'local' has no value");
  expect_error("datamove local=0 dram0=0 size=0", p, "prog.s:1: missing direction (such as dram0->local) for datamove");
  expect_error("datamove", p, "prog.s:1: missing direction (such as dram0->local) for datamove");
  expect_error("datamove dram2->local local=0 dram2=0 size=0", p, "prog.s:1: unknown datamove direction 'dram2->local'");
  expect_error("datamove dram0->local local=0 acc=0 size=0", p, "prog.s:1: missing operand 'dram0' for datamove");
  expect_error("datamove acc->local local=0 acc=0 size=0 accumulate", p,
               "prog.s:1: 'accumulate' is only valid with local->acc");
  expect_error("simd op=frob left=input right=input dest=out read_addr=0 write_addr=0", p,
               "prog.s:1: unknown SIMD op 'frob'");
  expect_error("simd op=add left=r2 right=input dest=out read_addr=0 write_addr=0", p,
               "prog.s:1: 'left' value 2 does not fit in its 1-bit field");
  expect_error("simd op=add left=r0 right=input dest=out read_addr=0 write_addr=0", p,
               "prog.s:1: 'left' register r0 does not exist (registers are r1 and up)");
  expect_error("simd op=add left=input right=acc dest=out read_addr=0 write_addr=0", p,
               "prog.s:1: 'right' must be input or rN, not 'acc'");
  expect_error("simd op=add left=input right=input dest=input read_addr=0 write_addr=0", p,
               "prog.s:1: 'dest' must be out or rN, not 'input'");
  expect_error("configure dram2_offset 1", p, "prog.s:1: unknown configure register 'dram2_offset'");
  expect_error("configure timeout", p, "prog.s:1: missing value for configure");
  expect_error("configure timeout 0x10000000", p, "prog.s:1: 'value' value 268435456 does not fit in its 28-bit field");
  expect_error("configure 16 0", p, "prog.s:1: 'register' value 16 does not fit in its 4-bit field");
  expect_error("configure timeout 0x100000", xor_arch(),
               "prog.s:1: 'value' value 1048576 does not fit in its 20-bit field");
  expect_error("raw 0x1ffffffffffffffff", p, "prog.s:1: raw word 0x1ffffffffffffffff does not fit in the 8-byte instruction");
  expect_error("raw 12", p, "prog.s:1: raw word '12' must be 0x followed by hex digits");
  expect_error("raw 0xfg", p, "prog.s:1: raw word '0xfg' must be 0x followed by hex digits");
  expect_error("noop 1", p, "prog.s:1: unexpected '1' for noop");
}

TEST(AssemblerErrors, InvalidArchitectureAndTruncatedProgram) {
  // DRAM0 depth 2^63: A1 = 63, plus 3 stride bits = 66, so operand 1 is 72 bits.
  Architecture bad = pynqz1();
  bad.dram0_depth = uint64_t(1) << 63;
  try {
    assemble("noop", bad, "prog.s");
    ADD_FAILURE() << "unsupported architecture accepted";
  } catch (const AssemblyError& e) {
    EXPECT_EQ(std::string(e.what()), "prog.s: architecture: operand 1 is 72 bits wide; at most 63 bits are supported");
  }
  try {
    disassemble(Bytes(10, 0), pynqz1());
    ADD_FAILURE() << "truncated program accepted";
  } catch (const AssemblyError& e) {
    EXPECT_EQ(std::string(e.what()),
              "program of 10 bytes is not a whole number of 8-byte instructions: instruction 1 is truncated");
  }
}

}  // namespace
}  // namespace acosim::tensil

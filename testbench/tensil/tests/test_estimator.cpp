// The compiler's latency/energy estimate of tools/tensil/estimator.h. Every
// expected figure is worked out by hand in the comments from the rules of
// Tensil's tools/src/tensil/tools/compiler/Estimator.scala (n = array size,
// "size" = the size field, so size+1 vectors):
//   NoOp (Tensil's Wait)  1 cycle, 0 energy
//   MatMul                size+1 cycles after a MatMul, size+1+n after a
//                         LoadWeights, size+1+2n otherwise (also first in the
//                         program); energy (size+1)*n*n
//   SIMD                  1 cycle, energy n
//   LoadWeights           size+1 cycles, energy 10*(size+1)
//   DataMove              size+1 cycles; energy 100*(size+1) for the four
//                         DRAM directions, 10*(size+1) for the others
//   anything else         0 cycles, 0 energy
// and the program's total is the sum over all instructions
// (Stats.aggregateCycles / aggregateEnergy in compiler/Stats.scala).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sw/tensil/assembler.h"
#include "sw/tensil/model.h"
#include "sw/tensil/regs/isa.h"
#include "tools/tensil/estimator.h"

namespace acosim::tensil {
namespace {

using Bytes = std::vector<uint8_t>;

constexpr unsigned kNoOp = unsigned(Opcode::NoOp);
constexpr unsigned kMatMul = unsigned(Opcode::MatMul);
constexpr unsigned kDataMove = unsigned(Opcode::DataMove);
constexpr unsigned kLoadWeights = unsigned(Opcode::LoadWeights);
constexpr unsigned kSimd = unsigned(Opcode::Simd);
constexpr unsigned kConfigure = unsigned(Opcode::Configure);

// The PYNQ-Z1 architecture of examples/tensil/arch/pynqz1.tarch (8x8); the
// defaults of Architecture are exactly its values.
Architecture pynqz1() { return Architecture{}; }

// examples/tensil/arch/ultra96v2.tarch (16x16).
Architecture ultra96v2() {
  Architecture a;
  a.array_size = 16;
  a.dram0_depth = a.dram1_depth = 2097152;
  a.local_depth = 20480;
  a.accumulator_depth = 4096;
  return a;
}

// Tiny2x2Architecure of Tensil's tools/test/src/tools/CompilerSpec.scala:
// 2x2 array, every memory 256 deep, stride depths 1 (4-byte instructions).
Architecture tiny2x2() {
  Architecture a;
  a.array_size = 2;
  a.dram0_depth = a.dram1_depth = a.local_depth = a.accumulator_depth = 256;
  a.stride0_depth = a.stride1_depth = 1;
  return a;
}

Estimate estimate_text(const std::string& source, const Architecture& arch) {
  return estimate_program(arch, assemble(source, arch, "test.s"));
}

TEST(Estimator, EmptyProgramIsZero) {
  const Estimate e = estimate_program(pynqz1(), Bytes{});
  EXPECT_EQ(e.cycles, 0u);
  EXPECT_EQ(e.energy, 0u);
  EXPECT_EQ(e.instructions, 0u);
}

TEST(Estimator, NoOpIsOneCycleWithoutEnergy) {
  // Three NoOps: 3 x 1 cycle, no energy.
  const Estimate e = estimate_text("noop\nnoop\nnoop\n", pynqz1());
  EXPECT_EQ(e.cycles, 3u);
  EXPECT_EQ(e.energy, 0u);
  EXPECT_EQ(e.instructions, 3u);
  EXPECT_EQ(e.instructions_by_opcode[kNoOp], 3u);
  EXPECT_EQ(e.cycles_by_opcode[kNoOp], 3u);
}

TEST(Estimator, SimdIsOneCycleAndOneEnergyPerLane) {
  // Two SIMD instructions, whatever their op and flags: 2 x 1 cycle;
  // energy 2 x n = 16 on 8x8 and 2 x 16 = 32 on 16x16.
  const std::string source =
      "simd op=zero left=input right=input dest=r1 read_addr=0 write_addr=0\n"
      "simd op=max left=input right=r1 dest=out read_addr=5 write_addr=6 read write accumulate\n";
  const Estimate e8 = estimate_text(source, pynqz1());
  EXPECT_EQ(e8.cycles, 2u);
  EXPECT_EQ(e8.energy, 16u);
  EXPECT_EQ(e8.cycles_by_opcode[kSimd], 2u);
  const Estimate e16 = estimate_text(source, ultra96v2());
  EXPECT_EQ(e16.cycles, 2u);
  EXPECT_EQ(e16.energy, 32u);
}

TEST(Estimator, LoadWeightsCostsItsVectors) {
  // size=7: 8 cycles, 80 energy; size=0 zeroes: 1 cycle, 10 energy
  // (the zeroes flag does not change the price). Total 9 cycles, 90 energy.
  const Estimate e = estimate_text("loadweights local=16 size=7\nloadweights local=0 size=0 zeroes\n", pynqz1());
  EXPECT_EQ(e.cycles, 9u);
  EXPECT_EQ(e.energy, 90u);
  EXPECT_EQ(e.cycles_by_opcode[kLoadWeights], 9u);
  EXPECT_EQ(e.instructions_by_opcode[kLoadWeights], 2u);
}

TEST(Estimator, LoadWeightsSizeIsTheWholeOperand1) {
  // On 16x16 operand 1 is 24 bits wide; size=100000 does not fit the 15-bit
  // local address part, so this checks that the whole operand is read:
  // 100001 cycles, 1000010 energy.
  const Estimate e = estimate_text("loadweights local=0 size=100000\n", ultra96v2());
  EXPECT_EQ(e.cycles, 100001u);
  EXPECT_EQ(e.energy, 1000010u);
}

TEST(Estimator, DataMoveCostsOneCyclePerVectorInEveryDirection) {
  // Each line moves size+1 = 5 vectors: 5 cycles. Energy 5 x 100 = 500 for
  // the four DRAM directions, 5 x 10 = 50 for the accumulator ones.
  struct Case {
    const char* text;
    uint8_t kind;
    uint64_t energy;
  } cases[] = {
      {"datamove dram0->local local=0 dram0=0 size=4", 0x0, 500},
      {"datamove local->dram0 local=0 dram0=0 size=4", 0x1, 500},
      {"datamove dram1->local local=0 dram1=0 size=4", 0x2, 500},
      {"datamove local->dram1 local=0 dram1=0 size=4", 0x3, 500},
      {"datamove acc->local local=0 acc=0 size=4", 0xC, 50},
      {"datamove local->acc local=0 acc=0 size=4", 0xD, 50},
      {"datamove local->acc accumulate local=0 acc=0 size=4", 0xF, 50},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const Estimate e = estimate_text(std::string(c.text) + "\n", pynqz1());
    EXPECT_EQ(e.cycles, 5u);
    EXPECT_EQ(e.energy, c.energy);
    EXPECT_EQ(e.cycles_by_opcode[kDataMove], 5u);
    EXPECT_EQ(e.data_move_cycles_by_kind[c.kind], 5u);
  }
}

TEST(Estimator, DataMoveOfUndefinedKindIsPricedAsInternal) {
  // Estimator.scala only singles out the four DRAM directions, so kind 0x4
  // (undefined) is an internal transfer: size=2 -> 3 cycles, 30 energy.
  // pynqz1 words are 8 bytes: operand 0 16 bits, operand 1 24 bits,
  // operand 2 (the size) 16 bits, header 0x24 on top.
  const Estimate e = estimate_text("raw 0x2400020000000000\n", pynqz1());
  EXPECT_EQ(e.cycles, 3u);
  EXPECT_EQ(e.energy, 30u);
  EXPECT_EQ(e.data_move_cycles_by_kind[0x4], 3u);
}

TEST(Estimator, MatMulFirstInProgramPaysTwoArrayFills) {
  // The Estimator starts with Wait as the previous opcode: size=3 on 8x8 is
  // 4 + 2*8 = 20 cycles, energy 4*8*8 = 256.
  const Estimate e = estimate_text("matmul local=0 acc=0 size=3\n", pynqz1());
  EXPECT_EQ(e.cycles, 20u);
  EXPECT_EQ(e.energy, 256u);
  EXPECT_EQ(e.cycles_by_opcode[kMatMul], 20u);
}

TEST(Estimator, MatMulDependsOnThePreviousOpcode) {
  // loadweights size=7                8
  // matmul size=3 after LoadWeights   4 + 8      = 12
  // matmul size=3 after MatMul        4          = 4
  // matmul size=0 accumulate zeroes   1          = 1
  // simd                              1
  // matmul size=3 after SIMD          4 + 16     = 20
  // datamove acc->local size=3        4
  // matmul size=3 after DataMove      4 + 16     = 20
  // noop                              1
  // matmul size=3 after NoOp          4 + 16     = 20
  // total 8+12+4+1+1+20+4+20+1+20 = 91 cycles;
  // MatMul cycles 12+4+1+20+20+20 = 77.
  const std::string source =
      "loadweights local=0 size=7\n"
      "matmul local=8 acc=0 size=3\n"
      "matmul local=12 acc=4 size=3\n"
      "matmul local=0 acc=0 size=0 accumulate zeroes\n"
      "simd op=zero left=input right=input dest=r1 read_addr=0 write_addr=0\n"
      "matmul local=8 acc=0 size=3\n"
      "datamove acc->local local=20 acc=0 size=3\n"
      "matmul local=8 acc=0 size=3\n"
      "noop\n"
      "matmul local=8 acc=0 size=3\n";
  const Estimate e = estimate_text(source, pynqz1());
  EXPECT_EQ(e.cycles, 91u);
  EXPECT_EQ(e.cycles_by_opcode[kMatMul], 77u);
  EXPECT_EQ(e.instructions_by_opcode[kMatMul], 6u);
}

TEST(Estimator, MatMulFillScalesWithTheArraySize) {
  // The same LoadWeights + MatMul + MatMul on 16x16:
  // 8 + (4 + 16) + 4 = 32 cycles; energy 80 + 4*256 + 4*256 = 2128.
  const std::string source =
      "loadweights local=0 size=7\n"
      "matmul local=8 acc=0 size=3\n"
      "matmul local=12 acc=4 size=3\n";
  const Estimate e = estimate_text(source, ultra96v2());
  EXPECT_EQ(e.cycles, 32u);
  EXPECT_EQ(e.energy, 2128u);
}

TEST(Estimator, OnlyTheImmediatelyPreviousOpcodeCounts) {
  // LoadWeights then NoOp then MatMul: the MatMul follows a NoOp, so it
  // pays both fills: 1 + 1 + (1 + 16) = 19 cycles on 8x8.
  const Estimate e = estimate_text("loadweights local=0 size=0\nnoop\nmatmul local=0 acc=0 size=0\n", pynqz1());
  EXPECT_EQ(e.cycles, 19u);
}

TEST(Estimator, ConfigureAndUndefinedOpcodesAreFreeButBreakMatMulStreaming) {
  // matmul size=0 first          1 + 16 = 17
  // configure                    0
  // matmul size=0 after it       1 + 16 = 17
  // raw word of opcode 0x5       0
  // matmul size=0 after it       1 + 16 = 17
  // total 51 cycles, 0 for Configure and opcode 0x5.
  const std::string source =
      "matmul local=0 acc=0 size=0\n"
      "configure timeout 100\n"
      "matmul local=0 acc=0 size=0\n"
      "raw 0x5000000000000000\n"
      "matmul local=0 acc=0 size=0\n";
  const Estimate e = estimate_text(source, pynqz1());
  EXPECT_EQ(e.cycles, 51u);
  EXPECT_EQ(e.cycles_by_opcode[kConfigure], 0u);
  EXPECT_EQ(e.instructions_by_opcode[kConfigure], 1u);
  EXPECT_EQ(e.instructions_by_opcode[0x5], 1u);
  EXPECT_EQ(e.cycles_by_opcode[0x5], 0u);
  EXPECT_EQ(e.instructions, 5u);
}

TEST(Estimator, StepsOneInstructionAtATime) {
  // The Estimator class on decoded instructions: LoadWeights size=1 (2
  // cycles, 20 energy), then MatMul size=1 (2 + 8 = 10 cycles, 2*64 = 128
  // energy), then MatMul size=1 again (2 cycles).
  Estimator estimator(pynqz1());
  Instruction load;
  load.opcode = uint8_t(Opcode::LoadWeights);
  load.operand1_whole = 1;
  Instruction matmul;
  matmul.opcode = uint8_t(Opcode::MatMul);
  matmul.operand2 = 1;
  const InstructionEstimate a = estimator.next(load);
  EXPECT_EQ(a.cycles, 2u);
  EXPECT_EQ(a.energy, 20u);
  const InstructionEstimate b = estimator.next(matmul);
  EXPECT_EQ(b.cycles, 10u);
  EXPECT_EQ(b.energy, 128u);
  EXPECT_EQ(estimator.next(matmul).cycles, 2u);
}

TEST(Estimator, TensilCompilerSpecXorProgram) {
  // The program bytes Tensil's compiler writes for the XOR model on the 2x2
  // architecture (tools/test/src/tools/CompilerSpec.scala, "Compile TF XOR
  // for 2x2 array with 256 memories and input batch of 1"); 4-byte words,
  // header byte last. With n = 2:
  //   DataMove DRAM1->Local size 2      3 cycles  300 energy
  //   DataMove DRAM0->Local size 0      1         100
  //   LoadWeights size 2                3          30
  //   MatMul size 0 after LoadWeights   1+2 = 3     4
  //   SIMD                              1           2
  //   SIMD                              1           2
  //   DataMove Acc->Local size 0        1          10
  //   DataMove Local->DRAM0 size 0      1         100
  //   DataMove DRAM1->Local size 2      3         300
  //   DataMove DRAM0->Local size 0      1         100
  //   LoadWeights size 2                3          30
  //   MatMul size 0 after LoadWeights   3           4
  //   DataMove Acc->Local size 0        1          10
  //   DataMove Local->DRAM0 size 0      1         100
  // total 26 cycles, 1092 energy; by opcode DataMove 12, LoadWeights 6,
  // MatMul 6, SIMD 2; by DataMove kind DRAM1->Local 6, DRAM0->Local 2,
  // Acc->Local 2, Local->DRAM0 2.
  const Bytes program = {
      0x00, 0x00, 0x02, 0x22, 0x03, 0x00, 0x00, 0x20, 0x00, 0x02, 0x00, 0x30, 0x03, 0x00, 0x00, 0x10,
      0x00, 0x00, 0x09, 0x40, 0x01, 0x00, 0x7a, 0x43, 0x04, 0x01, 0x00, 0x2c, 0x04, 0x01, 0x00, 0x21,
      0x00, 0x03, 0x02, 0x22, 0x03, 0x01, 0x00, 0x20, 0x00, 0x02, 0x00, 0x30, 0x03, 0x00, 0x00, 0x10,
      0x04, 0x00, 0x00, 0x2c, 0x04, 0x00, 0x00, 0x21,
  };
  const Estimate e = estimate_program(tiny2x2(), program);
  EXPECT_EQ(e.cycles, 26u);
  EXPECT_EQ(e.energy, 1092u);
  EXPECT_EQ(e.instructions, 14u);
  EXPECT_EQ(e.cycles_by_opcode[kDataMove], 12u);
  EXPECT_EQ(e.cycles_by_opcode[kLoadWeights], 6u);
  EXPECT_EQ(e.cycles_by_opcode[kMatMul], 6u);
  EXPECT_EQ(e.cycles_by_opcode[kSimd], 2u);
  EXPECT_EQ(e.data_move_cycles_by_kind[unsigned(DataMoveKind::Dram1ToLocal)], 6u);
  EXPECT_EQ(e.data_move_cycles_by_kind[unsigned(DataMoveKind::Dram0ToLocal)], 2u);
  EXPECT_EQ(e.data_move_cycles_by_kind[unsigned(DataMoveKind::AccumulatorToLocal)], 2u);
  EXPECT_EQ(e.data_move_cycles_by_kind[unsigned(DataMoveKind::LocalToDram0)], 2u);
}

TEST(Estimator, TwoDenseLayersOnPynqz1) {
  // A two-layer dense network on 8x8 (the shape of the example XOR model):
  //   datamove dram1->local size=8         9 cycles   900 energy
  //   datamove dram0->local size=3         4          400
  //   loadweights size=7                   8           80
  //   loadweights size=0                   1           10
  //   matmul size=3 after LoadWeights      4+8 = 12   256
  //   5 x simd                             5           40
  //   datamove acc->local size=3           4           40
  //   datamove local->dram0 size=3         4          400
  //   datamove dram1->local size=7         8          800
  //   datamove dram0->local size=3         4          400
  //   loadweights size=7                   8           80
  //   loadweights size=0 zeroes            1           10
  //   matmul size=3 after LoadWeights      12         256
  //   datamove acc->local size=3           4           40
  //   datamove local->dram0 size=3         4          400
  // total 88 cycles, 4112 energy.
  const std::string source =
      "datamove dram1->local local=0 dram1=0 size=8\n"
      "datamove dram0->local local=9 dram0=0 size=3\n"
      "loadweights local=0 size=7\n"
      "loadweights local=8 size=0\n"
      "matmul local=9 acc=0 size=3\n"
      "simd op=zero left=input right=input dest=r1 read_addr=0 write_addr=0\n"
      "simd op=max left=input right=r1 dest=out read_addr=0 write_addr=0 read write\n"
      "simd op=max left=input right=r1 dest=out read_addr=1 write_addr=1 read write\n"
      "simd op=max left=input right=r1 dest=out read_addr=2 write_addr=2 read write\n"
      "simd op=max left=input right=r1 dest=out read_addr=3 write_addr=3 read write\n"
      "datamove acc->local local=13 acc=0 size=3\n"
      "datamove local->dram0 local=13 dram0=4 size=3\n"
      "datamove dram1->local local=0 dram1=9 size=7\n"
      "datamove dram0->local local=8 dram0=4 size=3\n"
      "loadweights local=0 size=7\n"
      "loadweights local=0 size=0 zeroes\n"
      "matmul local=8 acc=0 size=3\n"
      "datamove acc->local local=12 acc=0 size=3\n"
      "datamove local->dram0 local=12 dram0=8 size=3\n";
  const Estimate e = estimate_text(source, pynqz1());
  EXPECT_EQ(e.cycles, 88u);
  EXPECT_EQ(e.energy, 4112u);
  EXPECT_EQ(e.instructions, 19u);
}

TEST(Estimator, TruncatedProgramIsAFormatError) {
  // 2x2 words are 4 bytes: 5 bytes hold one word and one byte of the next.
  try {
    estimate_program(tiny2x2(), Bytes(5, 0));
    FAIL() << "expected FormatError";
  } catch (const FormatError& error) {
    EXPECT_EQ(std::string(error.what()),
              "program of 5 bytes is not a whole number of 4-byte instructions: instruction 1 is truncated");
  }
  // pynqz1 words are 8 bytes: 12 bytes are one word and a half.
  try {
    estimate_program(pynqz1(), Bytes(12, 0));
    FAIL() << "expected FormatError";
  } catch (const FormatError& error) {
    EXPECT_EQ(std::string(error.what()),
              "program of 12 bytes is not a whole number of 8-byte instructions: instruction 1 is truncated");
  }
}

TEST(Estimator, InvalidArchitectureIsAFormatError) {
  Architecture arch = pynqz1();
  arch.array_size = 0;
  try {
    estimate_program(arch, Bytes{});
    FAIL() << "expected FormatError";
  } catch (const FormatError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("architecture: ", 0), 0u) << message;
    EXPECT_NE(message.find("array_size"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace acosim::tensil

// TCU paths on real instruction streams: the sixteen SIMD ALU operations
// with their saturation and register behaviour, the three accumulate paths
// (MatMul, SIMD, DataMove LocalToAccumulatorAccumulate) and the DRAM layout
// of the FP8BP4, FP18BP10 and FP32BP16 data types.
//
// Every program stages its data DRAM0 -> local memory -> accumulators, runs
// the instructions under test and brings the results back accumulators ->
// local memory -> DRAM1, where the test reads the bytes after the simulation
// ended. Expected values are worked out by hand in the comments, from the
// definitions in Tensil's rtl/src/main/scala/tensil/tcu/simd/ALU.scala,
// common/src/tensil/FixedBase.scala (round half to even, saturate) and
// tools/src/tensil/tools/emulator/Emulator.scala (MatMul, LoadWeights,
// accumulate), or are Tensil's own test values (simd/ALUSpec.scala).
//
// Built twice (tcu_paths_tests.cmake): without ACOSIM_TCU_PATHS_RTL, every
// test on the functional array; with it, the array-using tests on each
// Verilated array configuration of the build (ACOSIM_RTL_<TYPE>_<SIZE>).
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/clocked/simd_alu.h"
#include "testbench/tensil/tests/tcu_bench.h"

namespace acosim::tensil::test {
namespace {

// ---------------------------------------------------------------------------
// Architectures: every depth 256, no stride bits.

[[maybe_unused]] Architecture small_arch(DataType type, uint32_t array_size, uint32_t simd_registers) {
  Architecture a;
  a.data_type = type;
  a.array_size = array_size;
  a.dram0_depth = a.dram1_depth = a.local_depth = a.accumulator_depth = 256;
  a.simd_registers_depth = simd_registers;
  a.stride0_depth = a.stride1_depth = 1;
  return a;
}

// Four lanes and two SIMD registers: the sub-instruction has 2-bit register
// fields (3 * 2 + 4 = 10 bits), so instructions are 5 bytes.
[[maybe_unused]] Architecture simd_arch(DataType type) { return small_arch(type, 4, 2); }

// A 2x2 array with one SIMD register: the 4-byte layout of the Tiny arch.
[[maybe_unused]] Architecture matmul_arch(DataType type) { return small_arch(type, 2, 1); }

// ---------------------------------------------------------------------------
// DRAM layout of one scalar, written here from the formats' definitions
// rather than taken from the model: a W-bit two's-complement raw value
// (value x 2^bp) stored little-endian in `bytes` bytes, lane 0 first. FP18BP10
// occupies a 4-byte word (Tensil's Fixed18bp10.scala, sizeBytes = 4): the TCU
// writes the 18 bits zero-extended
// (rtl/src/main/scala/tensil/util/decoupled/VectorSerializer.scala: Extend of
// the UInt view) and reads the low 18 bits of the word, bit 17 being
// the sign (VectorDeserializer.scala), so bits 18..31 are ignored on reads.

struct Format {
  unsigned width;
  unsigned bytes;
};

[[maybe_unused]] Format format_of(DataType type) {
  switch (type) {
    case DataType::FP8BP4:
      return {8, 1};
    case DataType::FP16BP8:
      return {16, 2};
    case DataType::FP18BP10:
      return {18, 4};
    case DataType::FP32BP16:
      return {32, 4};
  }
  return {0, 0};
}

[[maybe_unused]] std::vector<uint8_t> pack(DataType type, const std::vector<Vector>& vectors) {
  const Format f = format_of(type);
  const uint64_t mask = (uint64_t(1) << f.width) - 1;
  std::vector<uint8_t> out;
  for (const Vector& v : vectors) {
    for (int32_t raw : v) {
      const uint64_t bits = uint64_t(int64_t(raw)) & mask;
      for (unsigned b = 0; b < f.bytes; ++b) out.push_back(uint8_t(bits >> (8 * b)));
    }
  }
  return out;
}

[[maybe_unused]] std::vector<Vector> unpack(DataType type, unsigned lanes, const std::vector<uint8_t>& bytes) {
  const Format f = format_of(type);
  const uint64_t mask = (uint64_t(1) << f.width) - 1;
  const uint64_t sign = uint64_t(1) << (f.width - 1);
  std::vector<Vector> out;
  const size_t scalars = bytes.size() / f.bytes;
  for (size_t s = 0; s < scalars; ++s) {
    if (s % lanes == 0) out.emplace_back();
    uint64_t bits = 0;
    for (unsigned b = 0; b < f.bytes; ++b) bits |= uint64_t(bytes[s * f.bytes + b]) << (8 * b);
    bits &= mask;
    const int64_t value = (bits & sign) ? int64_t(bits) - int64_t(mask) - 1 : int64_t(bits);
    out.back().push_back(int32_t(value));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Programs, encoded with the layout derived from the architecture.

// DRAM1 lives in the second 64 KiB block so it does not alias DRAM0 (both
// ports reach the same memory in the bench).
constexpr uint64_t kDram1Base = 0x10000;

class Program {
 public:
  explicit Program(const Architecture& arch)
      : m_layout(InstructionLayout::derive(arch)), m_simd_bits(m_layout.simd_operand_bits) {
    configure(ConfigRegister::Dram1AddressOffset, uint32_t(kDram1Base >> kDramOffsetShift));
  }

  Program& configure(ConfigRegister reg, uint32_t value) {
    return append(encode_configure(m_layout, uint32_t(reg), value));
  }
  // DataMove of `count` vectors between local[local..] and the DRAM or
  // accumulator side at [other..] (operand 0 = local, operand 1 = other,
  // operand 2 = count - 1, the kind in the flags: Tensil's DataMove.scala).
  Program& data_move(DataMoveKind kind, uint64_t local, uint64_t other, uint64_t count) {
    Instruction in;
    in.opcode = uint8_t(Opcode::DataMove);
    in.flags = uint8_t(kind);
    in.operand0_address = local;
    in.operand1_address = other;
    in.operand2 = count - 1;
    return add(in);
  }
  // LoadWeights of `count` rows from local[local..] (operand 1 = count - 1).
  Program& load_weights(uint64_t local, uint64_t count) {
    Instruction in;
    in.opcode = uint8_t(Opcode::LoadWeights);
    in.operand0_address = local;
    in.operand1_whole = count - 1;
    return add(in);
  }
  Program& matmul(uint8_t flags, uint64_t local, uint64_t accumulator, uint64_t count) {
    Instruction in;
    in.opcode = uint8_t(Opcode::MatMul);
    in.flags = flags;
    in.operand0_address = local;
    in.operand1_address = accumulator;
    in.operand2 = count - 1;
    return add(in);
  }
  // SIMD: operand 0 = accumulator written, operand 1 = accumulator read,
  // operand 2 = the sub-instruction (sources/dest: 0 = input/none, r = register r).
  Program& simd(uint8_t flags, SimdOp op, uint32_t left, uint32_t right, uint32_t dest,
                uint64_t write_address, uint64_t read_address) {
    SimdSubInstruction sub;
    sub.op = uint8_t(op);
    sub.source_left = left;
    sub.source_right = right;
    sub.dest = dest;
    Instruction in;
    in.opcode = uint8_t(Opcode::Simd);
    in.flags = flags;
    in.operand0_address = write_address;
    in.operand1_address = read_address;
    in.operand2 = sub.pack(m_simd_bits);
    return add(in);
  }

  const std::vector<uint8_t>& bytes() const { return m_bytes; }
  uint64_t count() const { return m_count; }
  unsigned instruction_bytes() const { return m_layout.instruction_bytes; }

 private:
  Program& add(const Instruction& in) { return append(encode_instruction(m_layout, in)); }
  Program& append(const std::vector<uint8_t>& word) {
    m_bytes.insert(m_bytes.end(), word.begin(), word.end());
    ++m_count;
    return *this;
  }

  InstructionLayout m_layout;
  unsigned m_simd_bits;
  std::vector<uint8_t> m_bytes;
  uint64_t m_count = 0;
};

constexpr uint8_t kRead = flags::kSimdRead;
constexpr uint8_t kWrite = flags::kSimdWrite;
constexpr uint8_t kAccumulate = flags::kSimdAccumulate;

// ---------------------------------------------------------------------------
// Running a program.

struct Outcome {
  std::string error;           // what the simulation reported, "" when it ran to the end
  uint64_t executed = 0;       // instructions the TCU dispatched
  std::vector<uint8_t> dram1;  // DRAM1 bytes from vector 0, read after the run
};

[[maybe_unused]] Outcome run(const Architecture& arch, ArrayEngineKind engine,
                             const std::vector<uint8_t>& dram0, const Program& program, size_t dram1_bytes) {
  TcuOptions o;
  o.arch = arch;
  o.engine = engine;
  Outcome outcome;
  outcome.error = run_bench(
      o,
      [&](TcuBench& b) {
        b.dram.poke(0, dram0.data(), dram0.size());
        b.send(program.bytes());
        // 1 ms of simulated time, far more than these programs take.
        b.settle(1000000);
      },
      core::MemoryConfig{},
      [&](TcuBench& b) {
        outcome.executed = b.tcu.statistics().instructions();
        outcome.dram1.resize(dram1_bytes);
        b.dram.peek(kDram1Base, outcome.dram1.data(), dram1_bytes);
      });
  return outcome;
}

// The run ended without a simulation error and executed the whole program.
#define ASSERT_RAN(outcome, program)                  \
  do {                                                \
    ASSERT_EQ((outcome).error, "");                   \
    ASSERT_EQ((outcome).executed, (program).count()); \
  } while (0)

#ifndef ACOSIM_TCU_PATHS_RTL

// Stages `inputs` (raw vectors) DRAM0[0..] -> local[0..] -> accumulators[0..],
// lets `body` add the instructions under test, then copies `out_count`
// accumulators from `out_at` to DRAM1[0..] through local[200..].
Program staged(const Architecture& arch, uint64_t inputs, const std::function<void(Program&)>& body,
               uint64_t out_at, uint64_t out_count) {
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 0, 0, inputs);
  p.data_move(DataMoveKind::LocalToAccumulator, 0, 0, inputs);
  body(p);
  p.data_move(DataMoveKind::AccumulatorToLocal, 200, out_at, out_count);
  p.data_move(DataMoveKind::LocalToDram1, 200, 0, out_count);
  return p;
}

// Runs a staged program on the functional array and returns the vectors
// that reached DRAM1 (empty on a failed run; the caller asserts the outcome).
struct StagedRun {
  Outcome outcome;
  std::vector<Vector> out;
};

StagedRun run_staged(const Architecture& arch, const std::vector<Vector>& inputs,
                     const std::function<void(Program&)>& body, uint64_t out_at, uint64_t out_count,
                     uint64_t* program_count) {
  const Program p = staged(arch, inputs.size(), body, out_at, out_count);
  *program_count = p.count();
  StagedRun r;
  r.outcome = run(arch, ArrayEngineKind::Fast, pack(arch.data_type, inputs), p,
                  out_count * arch.array_size * format_of(arch.data_type).bytes);
  r.out = unpack(arch.data_type, arch.array_size, r.outcome.dram1);
  return r;
}

// ---------------------------------------------------------------------------
// The program builder against instruction words compiled by Tensil.

TEST(TcuPathsProgram, TinyLayoutMatchesTensilsCompiledWords) {
  // Words of the golden XOR program in Tensil's tools/test/src/tools/CompilerSpec.scala
  // for the 2x2 FP16BP8 Tiny architecture.
  Program p(matmul_arch(DataType::FP16BP8));
  const size_t configure_bytes = p.bytes().size();
  p.data_move(DataMoveKind::Dram0ToLocal, 3, 0, 1);                          // 03 00 00 20
  p.load_weights(0, 3);                                                      // 00 02 00 30
  p.matmul(0, 3, 0, 1);                                                      // 03 00 00 10
  p.simd(0, SimdOp::Zero, 0, 0, 1, 0, 0);                                    // 00 00 09 40
  p.simd(kRead | kWrite, SimdOp::Max, 0, 1, 0, 1, 0);                        // 01 00 7a 43
  p.data_move(DataMoveKind::AccumulatorToLocal, 4, 1, 1);                    // 04 01 00 2c
  p.data_move(DataMoveKind::LocalToDram0, 4, 1, 1);                          // 04 01 00 21
  p.data_move(DataMoveKind::Dram1ToLocal, 0, 0, 3);                          // 00 00 02 22
  const std::vector<uint8_t> expected = {0x03, 0x00, 0x00, 0x20, 0x00, 0x02, 0x00, 0x30, 0x03, 0x00,
                                         0x00, 0x10, 0x00, 0x00, 0x09, 0x40, 0x01, 0x00, 0x7a, 0x43,
                                         0x04, 0x01, 0x00, 0x2c, 0x04, 0x01, 0x00, 0x21, 0x00, 0x00,
                                         0x02, 0x22};
  EXPECT_EQ(std::vector<uint8_t>(p.bytes().begin() + configure_bytes, p.bytes().end()), expected);
  EXPECT_EQ(p.instruction_bytes(), 4u);
  // Configure DRAM1 offset 1: value 1 << 4 | register 4, header 0xF0.
  EXPECT_EQ(std::vector<uint8_t>(p.bytes().begin(), p.bytes().begin() + configure_bytes),
            (std::vector<uint8_t>{0x14, 0x00, 0x00, 0xF0}));
}

TEST(TcuPathsProgram, SimdArchitectureHasFiveByteWords) {
  // w = log2Ceil(2 + 1) = 2; operand 2 = round8(max(8, 3 * 2 + 4)) = 16 bits;
  // 8 + 8 + 8 + 16 = 40 bits. Max (15) of input (0) and register 1 into
  // register 2, read 0x21, write 0x12: operand 2 = 15 << 6 | 0 << 4 | 1 << 2 | 2 = 0x3C6.
  Program p(simd_arch(DataType::FP16BP8));
  const size_t configure_bytes = p.bytes().size();
  p.simd(kRead | kWrite, SimdOp::Max, 0, 1, 2, 0x12, 0x21);
  EXPECT_EQ(std::vector<uint8_t>(p.bytes().begin() + configure_bytes, p.bytes().end()),
            (std::vector<uint8_t>{0x12, 0x21, 0xC6, 0x03, 0x43}));
}

// ---------------------------------------------------------------------------
// SIMD operations, one lane per case.

struct SimdCase {
  int32_t left;
  int32_t right;
  int32_t expected;
};

// Where the operands come from.
enum class Operands {
  LeftInRegister,   // R1 = left (Move, read only), then op(R1, input = right)
  RightInRegister,  // R1 = right, then op(input = left, R1)
  InputOnly,        // op(input = left, input): unary ops, right unused
};

// One op over a list of cases, with its operands taken as `operands` says.
struct SimdGroup {
  SimdOp op;
  std::vector<SimdCase> cases;
  Operands operands = Operands::LeftInRegister;
};

// Runs every group in one program (a SystemC simulation runs once per
// process), four lanes at a time: lefts at DRAM0 vectors 0.., rights at
// 64.., staged into the accumulators at the same addresses; result vector k
// is written (read+write SIMD) to accumulator 128 + k and brought back to
// DRAM1 vector k.
void check_simd(DataType type, const std::vector<SimdGroup>& groups) {
  const Architecture arch = simd_arch(type);
  const unsigned n = arch.array_size;
  std::vector<uint64_t> first;  // first vector of each group
  uint64_t vectors = 0;
  for (const SimdGroup& g : groups) {
    first.push_back(vectors);
    vectors += (g.cases.size() + n - 1) / n;
  }
  ASSERT_LE(vectors, 64u);
  std::vector<Vector> image(64 + vectors, Vector(n, 0));
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 0, 0, image.size());
  p.data_move(DataMoveKind::LocalToAccumulator, 0, 0, image.size());
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const SimdGroup& g = groups[gi];
    for (size_t i = 0; i < g.cases.size(); ++i) {
      image[first[gi] + i / n][i % n] = g.cases[i].left;
      image[64 + first[gi] + i / n][i % n] = g.cases[i].right;
    }
    for (uint64_t k = first[gi]; k < first[gi] + (g.cases.size() + n - 1) / n; ++k) {
      switch (g.operands) {
        case Operands::LeftInRegister:
          p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, k);
          p.simd(kRead | kWrite, g.op, 1, 0, 0, 128 + k, 64 + k);
          break;
        case Operands::RightInRegister:
          p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, 64 + k);
          p.simd(kRead | kWrite, g.op, 0, 1, 0, 128 + k, k);
          break;
        case Operands::InputOnly:
          p.simd(kRead | kWrite, g.op, 0, 0, 0, 128 + k, k);
          break;
      }
    }
  }
  p.data_move(DataMoveKind::AccumulatorToLocal, 128, 128, vectors);
  p.data_move(DataMoveKind::LocalToDram1, 128, 0, vectors);

  const Outcome o = run(arch, ArrayEngineKind::Fast, pack(type, image), p, vectors * n * format_of(type).bytes);
  ASSERT_RAN(o, p);
  const std::vector<Vector> out = unpack(type, n, o.dram1);
  ASSERT_EQ(out.size(), vectors);
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const SimdGroup& g = groups[gi];
    for (size_t i = 0; i < g.cases.size(); ++i) {
      EXPECT_EQ(out[first[gi] + i / n][i % n], g.cases[i].expected)
          << simd_op_name(uint8_t(g.op)) << "(" << g.cases[i].left << ", " << g.cases[i].right << "), group "
          << gi << " case " << i;
    }
  }
}

// FP16BP8: raw = value x 256, range [-32768, 32767]; the boolean results
// are the fixed-point one, raw 256 (ALU.scala: one(gen)).
constexpr int32_t kOne = 256;
constexpr int32_t kMax = 32767;
constexpr int32_t kMin = -32768;

TEST(TcuSimd, ZeroWritesZero) {
  check_simd(DataType::FP16BP8,
             {{SimdOp::Zero, {{5, 0, 0}, {kMin, 0, 0}, {kMax, 0, 0}, {-1, 0, 0}}, Operands::InputOnly}});
}

TEST(TcuSimd, MovePassesTheLeftSourceThrough) {
  const std::vector<SimdCase> cases = {{kMin, 3, kMin}, {kMax, 3, kMax}, {0, 3, 0},       {-1, 3, -1},
                                       {256, 3, 256},   {-300, 3, -300}, {7, 3, 7},       {1, 3, 1}};
  check_simd(DataType::FP16BP8,
             {{SimdOp::Move, cases, Operands::LeftInRegister}, {SimdOp::Move, cases, Operands::InputOnly}});
}

TEST(TcuSimd, NotIsOneForZeroOnly) {
  check_simd(DataType::FP16BP8, {{SimdOp::Not,
                                  {{0, 99, kOne},
                                   {1, 99, 0},
                                   {-1, 99, 0},
                                   {256, 99, 0},
                                   {kMin, 99, 0},
                                   {kMax, 99, 0},
                                   {0, 0, kOne},
                                   {5, 0, 0}}}});
}

TEST(TcuSimd, AndAndOrAreLogicalOnNonZero) {
  check_simd(DataType::FP16BP8,
             {{SimdOp::And,
               {{0, 0, 0}, {0, 5, 0}, {5, 0, 0}, {5, -7, kOne}, {1, 1, kOne}, {kMin, kMax, kOne}, {256, 0, 0},
                {-1, -1, kOne}}},
              {SimdOp::Or,
               {{0, 0, 0}, {0, 5, kOne}, {5, 0, kOne}, {5, -7, kOne}, {1, 1, kOne}, {kMin, 0, kOne},
                {0, kMax, kOne}, {-1, -1, kOne}}}});
}

TEST(TcuSimd, IncrementAddsOneAndSaturates) {
  // +256 raw; 32511 + 256 = 32767 exactly, 32512 + 256 = 32768 saturates.
  check_simd(DataType::FP16BP8,
             {{SimdOp::Increment,
               {{0, 9, 256}, {256, 9, 512}, {-256, 9, 0}, {-1, 9, 255}, {32511, 9, kMax}, {32512, 9, kMax},
                {kMax, 9, kMax}, {kMin, 9, -32512}}}});
}

TEST(TcuSimd, DecrementSubtractsOneAndSaturates) {
  // -256 raw; -32512 - 256 = -32768 exactly, -32513 - 256 saturates.
  check_simd(DataType::FP16BP8,
             {{SimdOp::Decrement,
               {{0, 9, -256}, {256, 9, 0}, {1, 9, -255}, {100, 9, -156}, {-32512, 9, kMin}, {-32513, 9, kMin},
                {kMin, 9, kMin}, {kMax, 9, 32511}},
               Operands::InputOnly}});
}

TEST(TcuSimd, AddSaturatesAtBothEnds) {
  check_simd(DataType::FP16BP8,
             {{SimdOp::Add,
               {{1000, 2000, 3000}, {-300, 100, -200}, {32000, 767, kMax}, {32000, 768, kMax}, {kMax, kMax, kMax},
                {-32000, -768, kMin}, {-32000, -769, kMin}, {kMin, kMin, kMin}}}});
}

TEST(TcuSimd, SubtractIsLeftMinusRightAndSaturates) {
  const std::vector<SimdCase> cases = {{1000, 2000, -1000}, {2000, 1000, 1000},   {32000, -767, kMax},
                                       {32000, -1000, kMax}, {-32000, 768, kMin}, {-32000, 1000, kMin},
                                       {0, kMin, kMax},      {-1, kMax, kMin}};
  check_simd(DataType::FP16BP8, {{SimdOp::Subtract, cases, Operands::LeftInRegister},
                                 {SimdOp::Subtract, cases, Operands::RightInRegister}});
}

TEST(TcuSimd, MultiplyRoundsHalfToEvenAndSaturates) {
  // raw = RNE(l * r / 256), then saturated.
  check_simd(DataType::FP16BP8,
             {{SimdOp::Multiply,
               {
                   {256, 256, 256},      // 1 x 1 = 1
                   {512, -384, -768},    // 2 x -1.5 = -3, exact
                   {-26, 68, -7},        // ALUSpec.scala: -0.1 x 0.265625 = -0.02734375 (-1768 / 256 = -6.906)
                   {1, 128, 0},          // 128 / 256 = 0.5 -> 0 (even)
                   {3, 128, 2},          // 1.5 -> 2 (even)
                   {5, 128, 2},          // 2.5 -> 2 (even)
                   {-1, 128, 0},         // -0.5 -> 0 (even)
                   {-3, 128, -2},        // -1.5 -> -2 (even)
                   {1, 129, 1},          // 0.504 -> 1
                   {1, 127, 0},          // 0.496 -> 0
                   {181, 181, 128},      // 32761 / 256 = 127.97 -> 128
                   {16384, 1024, kMax},  // 64 x 4 = 256 > 127.996: saturates
                   {16384, -1024, kMin}, // -256: saturates
                   {kMin, kMin, kMax},   // -128 x -128 = 16384: saturates
                   {kMin, 256, kMin},    // -128 x 1, exact
                   {0, kMax, 0},
               }}});
}

TEST(TcuSimd, AbsNegatesAndTheMostNegativeValueWrapsToItself) {
  // Chisel's abs is 0 - x in the W-bit datapath: -(-32768) = 32768 wraps to -32768.
  check_simd(DataType::FP16BP8,
             {{SimdOp::Abs,
               {{kMin, 0, kMin}, {-32767, 0, kMax}, {-5, 0, 5}, {7, 0, 7}, {0, 0, 0}, {kMax, 0, kMax},
                {-256, 0, 256}, {-1, 0, 1}},
               Operands::InputOnly}});
}

// Signed comparisons: (1,0) (0,1) (5,5) (-1,-2) (min,max) (max,min) (-1,0) (0,-1).
TEST(TcuSimd, GreaterThanIsSigned) {
  const std::vector<SimdCase> cases = {{1, 0, kOne},    {0, 1, 0},          {5, 5, 0},  {-1, -2, kOne},
                                       {kMin, kMax, 0}, {kMax, kMin, kOne}, {-1, 0, 0}, {0, -1, kOne}};
  check_simd(DataType::FP16BP8, {{SimdOp::GreaterThan, cases, Operands::LeftInRegister},
                                 {SimdOp::GreaterThan, cases, Operands::RightInRegister}});
}

TEST(TcuSimd, GreaterThanEqualIsSigned) {
  check_simd(DataType::FP16BP8,
             {{SimdOp::GreaterThanEqual,
               {{1, 0, kOne}, {0, 1, 0}, {5, 5, kOne}, {-1, -2, kOne}, {kMin, kMax, 0}, {kMax, kMin, kOne},
                {-1, 0, 0}, {0, -1, kOne}}}});
}

TEST(TcuSimd, MinAndMaxAreSigned) {
  const std::vector<SimdCase> min_cases = {{1, 0, 0},          {0, 1, 0},          {5, 5, 5},
                                           {-1, -2, -2},       {kMin, kMax, kMin}, {kMax, kMin, kMin},
                                           {300, -300, -300}, {-7, 7, -7}};
  const std::vector<SimdCase> max_cases = {{1, 0, 1},          {0, 1, 1},          {5, 5, 5},
                                           {-1, -2, -1},       {kMin, kMax, kMax}, {kMax, kMin, kMax},
                                           {300, -300, 300},  {-7, 7, 7}};
  check_simd(DataType::FP16BP8, {{SimdOp::Min, min_cases, Operands::LeftInRegister},
                                 {SimdOp::Min, min_cases, Operands::RightInRegister},
                                 {SimdOp::Max, max_cases, Operands::LeftInRegister},
                                 {SimdOp::Max, max_cases, Operands::RightInRegister}});
}

// Saturation at the other widths. FP8BP4: raw = value x 16 in [-128, 127].
TEST(TcuSimd, Fp8Bp4SaturatesAtItsWidth) {
  check_simd(
      DataType::FP8BP4,
      {
          {SimdOp::Add, {{100, 27, 127}, {100, 28, 127}, {-100, -28, -128}, {-100, -29, -128}}},
          {SimdOp::Subtract, {{0, -128, 127}, {-1, 127, -128}, {20, 5, 15}, {5, 20, -15}}},
          // One is 16: 111 + 16 = 127 exactly, 112 + 16 saturates; -112 - 16 = -128 exactly.
          {SimdOp::Increment, {{111, 0, 127}, {112, 0, 127}, {-128, 0, -112}, {0, 0, 16}}},
          {SimdOp::Decrement, {{-112, 0, -128}, {-113, 0, -128}, {127, 0, 111}, {0, 0, -16}}},
          // raw = RNE(l * r / 16): 4 x 4 = 16 and -16 saturate; 1.5 x 1.5 = 2.25 (576 / 16 = 36);
          // 8 / 16 = 0.5 -> 0; 24 / 16 = 1.5 -> 2; -8 x -8 = 64 saturates; -8 x 1 = -8 exactly;
          // -24 / 16 = -1.5 -> -2.
          {SimdOp::Multiply,
           {{64, 64, 127}, {64, -64, -128}, {24, 24, 36}, {1, 8, 0}, {3, 8, 2}, {-128, -128, 127},
            {-128, 16, -128}, {-3, 8, -2}}},
          {SimdOp::Abs, {{-128, 0, -128}, {-127, 0, 127}, {-16, 0, 16}, {127, 0, 127}}, Operands::InputOnly},
          {SimdOp::Not, {{0, 0, 16}, {1, 0, 0}, {-128, 0, 0}, {127, 0, 0}}},
      });
}

// FP18BP10: raw = value x 1024 in [-131072, 131071].
TEST(TcuSimd, Fp18Bp10SaturatesAtItsWidth) {
  check_simd(
      DataType::FP18BP10,
      {
          {SimdOp::Add,
           {{131000, 71, 131071}, {131000, 72, 131071}, {-131000, -72, -131072}, {-131000, -100, -131072}}},
          {SimdOp::Subtract, {{0, -131072, 131071}, {-1, 131071, -131072}, {-5, 3, -8}, {70000, -70000, 131071}}},
          // One is 1024: 130047 + 1024 = 131071 exactly, 130048 + 1024 saturates.
          {SimdOp::Increment, {{130047, 0, 131071}, {130048, 0, 131071}, {-131072, 0, -130048}, {-1, 0, 1023}}},
          {SimdOp::Decrement,
           {{-130048, 0, -131072}, {-130049, 0, -131072}, {131071, 0, 130047}, {1, 0, -1023}}},
          // raw = RNE(l * r / 1024): 64 x 4 = 256 saturates either way; 512 / 1024 = 0.5 -> 0;
          // 1536 / 1024 = 1.5 -> 2; -128 x -128 saturates; 2.5 x -2 = -5 exactly; -0.5 -> 0; -1.5 -> -2.
          {SimdOp::Multiply,
           {{65536, 4096, 131071}, {65536, -4096, -131072}, {1, 512, 0}, {3, 512, 2}, {-131072, -131072, 131071},
            {2560, -2048, -5120}, {-1, 512, 0}, {-3, 512, -2}}},
          {SimdOp::Abs, {{-131072, 0, -131072}, {-131071, 0, 131071}, {-1024, 0, 1024}, {0, 0, 0}},
           Operands::InputOnly},
          {SimdOp::GreaterThan, {{-131072, 131071, 0}, {131071, -131072, 1024}, {-1, -2, 1024}, {3, 3, 0}}},
      });
}

// FP32BP16: raw = value x 65536 over the whole int32 range.
TEST(TcuSimd, Fp32Bp16SaturatesAtItsWidth) {
  constexpr int32_t max = 2147483647;
  constexpr int32_t min = -2147483647 - 1;
  check_simd(
      DataType::FP32BP16,
      {
          {SimdOp::Add,
           {{2147483000, 647, max}, {2147483000, 1000, max}, {-2147483000, -648, min}, {-2147483000, -1000, min}}},
          {SimdOp::Subtract, {{0, min, max}, {-1, max, min}, {-2, max, min}, {max, 1, 2147483646}}},
          // One is 65536: 2147418111 + 65536 = max exactly, 2147418112 + 65536 saturates.
          {SimdOp::Increment, {{2147418111, 0, max}, {2147418112, 0, max}, {min, 0, -2147418112}, {-1, 0, 65535}}},
          {SimdOp::Decrement, {{-2147418112, 0, min}, {-2147418113, 0, min}, {max, 0, 2147418111}, {1, 0, -65535}}},
          // raw = RNE(l * r / 65536): 2^30 x 2^20 / 2^16 = 2^34 saturates either way;
          // -2^31 x -2^31 / 2^16 = 2^46 saturates; 32768 / 65536 = 0.5 -> 0;
          // 3 x 32768 / 65536 = 1.5 -> 2; 3.0 x 0.5 = 1.5 (196608 x 32768 / 65536 = 98304).
          {SimdOp::Multiply,
           {{1 << 30, 1 << 20, max}, {1 << 30, -(1 << 20), min}, {min, min, max}, {1, 32768, 0}, {3, 32768, 2},
            {196608, 32768, 98304}, {-1, 32768, 0}, {-3, 32768, -2}}},
          {SimdOp::Abs, {{min, 0, min}, {-max, 0, max}, {-65536, 0, 65536}, {5, 0, 5}}, Operands::InputOnly},
          {SimdOp::Min, {{min, max, min}, {max, min, min}, {-1, 1, -1}, {0, 0, 0}}, Operands::RightInRegister},
      });
}

// ---------------------------------------------------------------------------
// SIMD registers and the NoOp op.

TEST(TcuSimdRegisters, DestRegisterAndAccumulatorBothTakeTheResult) {
  // Add(input, input) from accumulator 0 into accumulator 1 and register 2;
  // then Move register 2 (write only, both sources registers) into accumulator 2.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{100, -200, 16000, -16500}},
      [](Program& p) {
        p.simd(kRead | kWrite, SimdOp::Add, 0, 0, 2, 1, 0);
        p.simd(kWrite, SimdOp::Move, 2, 2, 0, 2, 0);
      },
      1, 2, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  // 2x each lane: 200, -400, 32000, -33000 saturating to -32768.
  const std::vector<Vector> expected = {{200, -400, 32000, kMin}, {200, -400, 32000, kMin}};
  EXPECT_EQ(r.out, expected);
}

TEST(TcuSimdRegisters, RegistersAreSeparateAndSourcesKeepTheirOrder) {
  // R1 = A and R2 = B (Move, read only); then write-only SIMD with both
  // sources registers: acc 2 = R1 - R2, acc 3 = R2 - R1, acc 4 = Max(R1, R2).
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{1000, -5, 0, kMax}, {10, 5, -1, -1}},
      [](Program& p) {
        p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, 0);
        p.simd(kRead, SimdOp::Move, 0, 0, 2, 0, 1);
        p.simd(kWrite, SimdOp::Subtract, 1, 2, 0, 2, 0);
        p.simd(kWrite, SimdOp::Subtract, 2, 1, 0, 3, 0);
        p.simd(kWrite, SimdOp::Max, 1, 2, 0, 4, 0);
      },
      2, 3, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  // A - B = 990, -10, 1, 32768 -> 32767; B - A = -990, 10, -1, -32768.
  const std::vector<Vector> expected = {{990, -10, 1, kMax}, {-990, 10, -1, kMin}, {1000, 5, 0, kMax}};
  EXPECT_EQ(r.out, expected);
}

TEST(TcuSimdRegisters, NoDestLeavesRegistersAlone) {
  // R1 = A; Move B (read+write, dest 0) into acc 2; Move R1 into acc 3 is still A.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{1, 2, 3, 4}, {-7, -8, -9, -10}},
      [](Program& p) {
        p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, 0);
        p.simd(kRead | kWrite, SimdOp::Move, 0, 0, 0, 2, 1);
        p.simd(kWrite, SimdOp::Move, 1, 1, 0, 3, 0);
      },
      2, 2, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  const std::vector<Vector> expected = {{-7, -8, -9, -10}, {1, 2, 3, 4}};
  EXPECT_EQ(r.out, expected);
}

TEST(TcuSimdRegisters, ReadOnlySimdLeavesTheAccumulatorsAlone) {
  // Move acc 0 into R1 with write address 1 but no write flag: acc 1 keeps B.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{11, 12, 13, 14}, {21, 22, 23, 24}},
      [](Program& p) {
        p.simd(kRead, SimdOp::Increment, 0, 0, 1, 1, 0);
        p.simd(kWrite, SimdOp::Move, 1, 1, 0, 2, 0);
      },
      1, 2, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  // R1 = A + 256.
  const std::vector<Vector> expected = {{21, 22, 23, 24}, {267, 268, 269, 270}};
  EXPECT_EQ(r.out, expected);
}

TEST(TcuSimdRegisters, NoOpNeverWritesARegisterOrAnAccumulator) {
  // R1 = A; the NoOp op with dest R1 (no flags, the only form that does not
  // hang the RTL) must change nothing: acc 1 keeps B and R1 keeps A.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{1, -2, 3, -4}, {50, 60, 70, 80}},
      [](Program& p) {
        p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, 0);
        p.simd(0, SimdOp::NoOp, 0, 0, 1, 1, 1);
        p.simd(kWrite, SimdOp::Move, 1, 1, 0, 2, 0);
      },
      1, 2, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  const std::vector<Vector> expected = {{50, 60, 70, 80}, {1, -2, 3, -4}};
  EXPECT_EQ(r.out, expected);
}

TEST(TcuSimdRegisters, AluNoOpPassesTheInputAndKeepsTheDestRegister) {
  // Tensil's simd/ALU.scala: the dest demux selects the output, never a
  // register, when the op is NoOp, and the output keeps its default
  // `result := input` - the ALU's input, whatever sourceLeft selects. Here
  // R1 = [5, -6] and sourceLeft = R1, input = [77, 88]: the output is
  // [77, 88] and R1 stays [5, -6]. (Through the TCU the NoOp op only runs
  // without flags, where the decoder does not use the ALU at all.)
  SimdAlu alu(2, 2, FixedFormat{16, 8});
  alu.execute(uint8_t(SimdOp::Move), 0, 0, 1, Vector{5, -6});
  const Vector out = alu.execute(uint8_t(SimdOp::NoOp), 1, 1, 1, Vector{77, 88});
  EXPECT_EQ(out, (Vector{77, 88}));
  EXPECT_EQ(alu.reg(0, 0), 5);
  EXPECT_EQ(alu.reg(1, 0), -6);
  EXPECT_EQ(alu.reg(0, 1), 0);
  EXPECT_EQ(alu.reg(1, 1), 0);
}

TEST(TcuSimdRegisters, ZeroIntoARegisterThenMaxIsRelu) {
  // Tensil's simd/ALUSpec.scala "relu": Zero -> R1 (no read, no write), then
  // Max(input, R1): 1 -> 1, -1 -> 0.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{1, -1, kMin, kMax}, {0, 256, -256, 5}},
      [](Program& p) {
        p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, 0);  // R1 = A, so Zero has something to clear
        p.simd(0, SimdOp::Zero, 0, 0, 1, 0, 0);
        p.simd(kRead | kWrite, SimdOp::Max, 0, 1, 0, 2, 0);
        p.simd(kRead | kWrite, SimdOp::Max, 0, 1, 0, 3, 1);
      },
      2, 2, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  const std::vector<Vector> expected = {{1, 0, 0, kMax}, {0, 256, 0, 5}};
  EXPECT_EQ(r.out, expected);
}

// ---------------------------------------------------------------------------
// Accumulate paths that do not use the array.

TEST(TcuAccumulate, SimdWriteAccumulateAddsTheAluOutputIntoTheAccumulator) {
  // acc 0 = X, acc 1 = P, acc 2 = Q, acc 3 = P.
  //   read+write+accumulate Move X into acc 1: P + X, saturating.
  //   read+write+accumulate Add(X, X) into acc 2: Q + 2X.
  //   R1 = X (read only); write+accumulate Move R1 into acc 3: P + X.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{1000, -1000, 50, -50}, {32000, -32000, 100, -100}, {256, 512, -768, 0}, {32000, -32000, 100, -100}},
      [](Program& p) {
        p.simd(kRead | kWrite | kAccumulate, SimdOp::Move, 0, 0, 0, 1, 0);
        p.simd(kRead | kWrite | kAccumulate, SimdOp::Add, 0, 0, 0, 2, 0);
        p.simd(kRead, SimdOp::Move, 0, 0, 1, 0, 0);
        p.simd(kWrite | kAccumulate, SimdOp::Move, 1, 1, 0, 3, 0);
      },
      1, 3, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  // P + X = 33000 -> 32767, -33000 -> -32768, 150, -150.
  // Q + 2X = 256 + 2000, 512 - 2000, -768 + 100, 0 - 100.
  const std::vector<Vector> expected = {{kMax, kMin, 150, -150}, {2256, -1488, -668, -100}, {kMax, kMin, 150, -150}};
  EXPECT_EQ(r.out, expected);
}

TEST(TcuAccumulate, DataMoveLocalToAccumulatorAccumulateSaturatesEachStep) {
  // local/acc 0 = P, 1 = A, 2 = B after staging; then
  //   0xF local 1 -> acc 0: P + A; 0xF local 2 -> acc 0: (P + A) + B, each sum saturated;
  //   0xD local 0..1 -> acc 1..2 (P, A); 0xF local 1..2 -> acc 1..2: P + A, A + B.
  const Architecture arch = simd_arch(DataType::FP16BP8);
  uint64_t count = 0;
  const StagedRun r = run_staged(
      arch, {{32000, -32000, 5, -5}, {1000, -1000, 7, -9}, {-1000, 1000, 1, 2}},
      [](Program& p) {
        p.data_move(DataMoveKind::LocalToAccumulatorAccumulate, 1, 0, 1);
        p.data_move(DataMoveKind::LocalToAccumulatorAccumulate, 2, 0, 1);
        p.data_move(DataMoveKind::LocalToAccumulator, 0, 1, 2);
        p.data_move(DataMoveKind::LocalToAccumulatorAccumulate, 1, 1, 2);
      },
      0, 3, &count);
  ASSERT_EQ(r.outcome.error, "");
  ASSERT_EQ(r.outcome.executed, count);
  // acc 0: 32000 + 1000 -> 32767, - 1000 = 31767 (not 32000: the first sum saturated);
  //        -32000 - 1000 -> -32768, + 1000 = -31768; 5 + 7 + 1 = 13; -5 - 9 + 2 = -12.
  // acc 1: P + A = 32767, -32768, 12, -14.   acc 2: A + B = 0, 0, 8, -7.
  const std::vector<Vector> expected = {{31767, -31768, 13, -12}, {kMax, kMin, 12, -14}, {0, 0, 8, -7}};
  EXPECT_EQ(r.out, expected);
}

// ---------------------------------------------------------------------------
// DRAM round trips DRAM0 -> local -> accumulators -> local -> DRAM1 on the
// 2-lane architecture of each type, comparing bytes written out by hand.
// DRAM0 vectors 0..2 land in DRAM1 vectors 1..3, so DRAM1 vectors 0 and 4
// must stay zero and the data starts one vector (2 x bytes) into DRAM1.

void check_round_trip(DataType type, const std::vector<uint8_t>& dram0, const std::vector<uint8_t>& expected) {
  const Architecture arch = matmul_arch(type);
  const size_t vector_bytes = 2 * format_of(type).bytes;
  ASSERT_EQ(dram0.size(), 3 * vector_bytes);
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 10, 0, 3);
  p.data_move(DataMoveKind::LocalToAccumulator, 10, 20, 3);
  p.data_move(DataMoveKind::AccumulatorToLocal, 30, 20, 3);
  p.data_move(DataMoveKind::LocalToDram1, 30, 1, 3);
  const Outcome o = run(arch, ArrayEngineKind::Fast, dram0, p, 5 * vector_bytes);
  ASSERT_RAN(o, p);
  std::vector<uint8_t> want(vector_bytes, 0);
  want.insert(want.end(), expected.begin(), expected.end());
  want.insert(want.end(), vector_bytes, 0);
  EXPECT_EQ(o.dram1, want);
}

TEST(TcuDramPacking, Fp8Bp4RoundTripIsOneBytePerLane) {
  // 0, 127 (7.9375), -128 (-8), -1, 1, 16 (1.0).
  const std::vector<uint8_t> bytes = {0x00, 0x7F, 0x80, 0xFF, 0x01, 0x10};
  check_round_trip(DataType::FP8BP4, bytes, bytes);
}

TEST(TcuDramPacking, Fp18Bp10RoundTripIsEighteenBitsInAFourByteWord) {
  // 0; 131071 = 0x1FFFF; -131072 = 0x20000; -1 = 0x3FFFF; 1024 (1.0) = 0x400;
  // -1280 (-1.25) = 0x3FB00: little-endian words with bits 18..31 zero.
  const std::vector<uint8_t> bytes = {0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00,
                                      0xFF, 0xFF, 0x03, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xFB, 0x03, 0x00};
  check_round_trip(DataType::FP18BP10, bytes, bytes);
}

TEST(TcuDramPacking, Fp18Bp10ReadsTheLowEighteenBitsAndWritesThemZeroExtended) {
  // Words with bits 18..31 set: the TCU keeps bits 0..17 (VectorDeserializer.scala)
  // and writes them back with bits 18..31 clear (VectorSerializer.scala):
  //   FF FF FF FF -> 0x3FFFF = -1;  00 04 FC AB -> 0x00400 = 1024;
  //   05 00 FE 00 -> 0x20005 = -131067;  FF FF FD 7F -> 0x1FFFF = 131071;
  //   12 34 F1 FF -> 0x13412 = 78866;  00 00 0E 00 -> 0x20000 = -131072.
  const std::vector<uint8_t> in = {0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x04, 0xFC, 0xAB, 0x05, 0x00, 0xFE, 0x00,
                                   0xFF, 0xFF, 0xFD, 0x7F, 0x12, 0x34, 0xF1, 0xFF, 0x00, 0x00, 0x0E, 0x00};
  const std::vector<uint8_t> out = {0xFF, 0xFF, 0x03, 0x00, 0x00, 0x04, 0x00, 0x00, 0x05, 0x00, 0x02, 0x00,
                                    0xFF, 0xFF, 0x01, 0x00, 0x12, 0x34, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00};
  check_round_trip(DataType::FP18BP10, in, out);
}

TEST(TcuDramPacking, Fp18Bp10SignIsBitSeventeen) {
  // The same kind of words doubled in the accumulators (0xD then 0xF of the
  // same local vectors) shows how they were read:
  //   05 00 FE 00 = -131067: x2 saturates to -131072 = 00 00 02 00;
  //   FF FF FF FF = -1: x2 = -2 = 0x3FFFE = FE FF 03 00;
  //   00 04 FC AB = 1024: x2 = 2048 = 00 08 00 00;
  //   FF FF FD 7F = 131071: x2 saturates to 131071 = FF FF 01 00.
  const Architecture arch = matmul_arch(DataType::FP18BP10);
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 0, 0, 2);
  p.data_move(DataMoveKind::LocalToAccumulator, 0, 0, 2);
  p.data_move(DataMoveKind::LocalToAccumulatorAccumulate, 0, 0, 2);
  p.data_move(DataMoveKind::AccumulatorToLocal, 10, 0, 2);
  p.data_move(DataMoveKind::LocalToDram1, 10, 0, 2);
  const std::vector<uint8_t> in = {0x05, 0x00, 0xFE, 0x00, 0xFF, 0xFF, 0xFF, 0xFF,
                                   0x00, 0x04, 0xFC, 0xAB, 0xFF, 0xFF, 0xFD, 0x7F};
  const Outcome o = run(arch, ArrayEngineKind::Fast, in, p, 16);
  ASSERT_RAN(o, p);
  EXPECT_EQ(o.dram1, (std::vector<uint8_t>{0x00, 0x00, 0x02, 0x00, 0xFE, 0xFF, 0x03, 0x00,
                                           0x00, 0x08, 0x00, 0x00, 0xFF, 0xFF, 0x01, 0x00}));
}

TEST(TcuDramPacking, Fp32Bp16RoundTripIsFourBytesPerLane) {
  // 0; 2147483647; -2147483648; -1; 65536 (1.0) = 0x00010000; -81920 (-1.25) = 0xFFFEC000.
  const std::vector<uint8_t> bytes = {0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x00, 0x00, 0x80,
                                      0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x00, 0xC0, 0xFE, 0xFF};
  check_round_trip(DataType::FP32BP16, bytes, bytes);
}

#endif  // !ACOSIM_TCU_PATHS_RTL

// ---------------------------------------------------------------------------
// MatMul (array) paths, run on the functional array and, in the rtl build,
// on the Verilated array.

// A 2x2 MatMul per data type, from DRAM bytes to DRAM bytes. DRAM0 holds the
// weight store rows (bias, then the rows multiplied by x0 and x1) and three
// input vectors; LoadWeights local 0 size 2 puts local 0 in the bias row
// (rows load from the highest address down, Emulator.scala emitLoadWeights);
// y[i] = MAC(x1, W2[i], MAC(x0, W1[i], bias[i])), each MAC rounding half to
// even and saturating (Emulator.scala emitMatMul with Ops.matMul and
// FixedBase.scala doMAC). The outputs go acc 0..2 -> local 8..10 -> DRAM1.
//
// The same values in every type (o = 2^bp):
//   bias = [1, -0.5], W1 = [0.5, -1.25], W2 = [1.5, 0.25];
//   x = [2, -1]:  y = [1 + 1 - 1.5, -0.5 - 2.5 - 0.25] = [0.5, -3.25];
//   x = [1 raw, max raw] and x = [min raw, min raw] exercise rounding and
//   saturation, worked out per type below.
[[maybe_unused]] void check_matmul(DataType type, ArrayEngineKind engine, const std::vector<uint8_t>& dram0,
                  const std::vector<uint8_t>& expected) {
  const Architecture arch = matmul_arch(type);
  const size_t vector_bytes = 2 * format_of(type).bytes;
  ASSERT_EQ(dram0.size(), 6 * vector_bytes);
  ASSERT_EQ(expected.size(), 3 * vector_bytes);
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 0, 0, 6);
  p.load_weights(0, 3);
  p.matmul(0, 3, 0, 3);
  p.data_move(DataMoveKind::AccumulatorToLocal, 8, 0, 3);
  p.data_move(DataMoveKind::LocalToDram1, 8, 0, 3);
  const Outcome o = run(arch, engine, dram0, p, 3 * vector_bytes);
  ASSERT_RAN(o, p);
  EXPECT_EQ(o.dram1, expected);
}

// FP8BP4 (o = 16, [-128, 127], one byte per lane):
//   bias [16, -8] = 10 F8; W1 [8, -20] = 08 EC; W2 [24, 4] = 18 04;
//   x [32, -16] = 20 F0 -> y [8, -52] = 08 CC.
//   x [1, 127] = 01 7F:
//     y0: 16*16 + 1*8 = 264, /16 = 16.5 -> 16 (even); 16*16 + 127*24 = 3304, /16 = 206.5 -> 206 -> 127.
//     y1: -8*16 + 1*-20 = -148, /16 = -9.25 -> -9; -9*16 + 127*4 = 364, /16 = 22.75 -> 23.
//     -> 7F 17.
//   x [-128, -128] = 80 80:
//     y0: 256 - 1024 = -768 -> -48; -768 - 3072 = -3840 -> -240 -> -128.
//     y1: -128 + 2560 = 2432 -> 152 -> saturates to 127 in the partial sum;
//         127*16 - 512 = 1520 -> 95 (not 120: the first step saturated).
//     -> 80 5F.
const std::vector<uint8_t> kFp8Bp4MatMulIn = {0x10, 0xF8, 0x08, 0xEC, 0x18, 0x04,
                                              0x20, 0xF0, 0x01, 0x7F, 0x80, 0x80};
const std::vector<uint8_t> kFp8Bp4MatMulOut = {0x08, 0xCC, 0x7F, 0x17, 0x80, 0x5F};

// FP16BP8 (o = 256, [-32768, 32767], two bytes little-endian):
//   bias [256, -128]; W1 [128, -320]; W2 [384, 64];
//   x [512, -256] -> y [128, -832] = 80 00, C0 FC.
//   x [1, 32767]: y0: 65536 + 128 = 65664 -> 256.5 -> 256; 65536 + 32767*384 -> saturates 32767.
//                 y1: -32768 - 320 = -33088 -> -129.25 -> -129; -33024 + 32767*64 = 2064064 -> 8062.75 -> 8063 = 7F 1F.
//   x [-32768, -32768]: y0: 65536 - 4194304 -> -16128; then -32768*384 more -> -32768 = 00 80.
//                       y1: -32768 + 10485760 -> 40832 -> 32767; 32767*256 - 2097152 = 6291200 -> 24575 = FF 5F.
const std::vector<uint8_t> kFp16Bp8MatMulIn = {0x00, 0x01, 0x80, 0xFF, 0x80, 0x00, 0xC0, 0xFE, 0x80, 0x01, 0x40, 0x00,
                                               0x00, 0x02, 0x00, 0xFF, 0x01, 0x00, 0xFF, 0x7F, 0x00, 0x80, 0x00, 0x80};
const std::vector<uint8_t> kFp16Bp8MatMulOut = {0x80, 0x00, 0xC0, 0xFC, 0xFF, 0x7F,
                                                0x7F, 0x1F, 0x00, 0x80, 0xFF, 0x5F};

// FP18BP10 (o = 1024, [-131072, 131071], 18 bits in a 4-byte word):
//   bias [1024, -512] = 00 04 00 00, 00 FE 03 00; W1 [512, -1280] = 00 02 00 00, 00 FB 03 00;
//   W2 [1536, 256] = 00 06 00 00, 00 01 00 00;
//   x [2048, -1024] = 00 08 00 00, 00 FC 03 00 -> y [512, -3328 = 0x3F300] = 00 02 00 00, 00 F3 03 00.
//   x [1, 131071] = 01 00 00 00, FF FF 01 00:
//     y0: 1048576 + 512 = 1049088 -> 1024.5 -> 1024; 1048576 + 131071*1536 = 202373632 -> 197630.5
//         -> 197630 -> 131071 = FF FF 01 00.
//     y1: -524288 - 1280 = -525568 -> -513.25 -> -513; -525312 + 131071*256 = 33028864 -> 32254.75
//         -> 32255 = FF 7D 00 00.
//   x [-131072, -131072] = 00 00 02 00 twice:
//     y0: 1048576 - 67108864 -> -64512; -66060288 - 201326592 -> -261120 -> -131072 = 00 00 02 00.
//     y1: -524288 + 167772160 -> 163328 -> 131071; 131071*1024 - 33554432 -> 98303 = FF 7F 01 00.
const std::vector<uint8_t> kFp18Bp10MatMulIn = {
    0x00, 0x04, 0x00, 0x00, 0x00, 0xFE, 0x03, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0xFB, 0x03, 0x00,
    0x00, 0x06, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0xFC, 0x03, 0x00,
    0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00};
const std::vector<uint8_t> kFp18Bp10MatMulOut = {0x00, 0x02, 0x00, 0x00, 0x00, 0xF3, 0x03, 0x00,
                                                 0xFF, 0xFF, 0x01, 0x00, 0xFF, 0x7D, 0x00, 0x00,
                                                 0x00, 0x00, 0x02, 0x00, 0xFF, 0x7F, 0x01, 0x00};

// FP32BP16 (o = 65536, the int32 range, 4 bytes little-endian):
//   bias [65536, -32768] = 00 00 01 00, 00 80 FF FF; W1 [32768, -81920] = 00 80 00 00, 00 C0 FE FF;
//   W2 [98304, 16384] = 00 80 01 00, 00 40 00 00;
//   x [131072, -65536] = 00 00 02 00, 00 00 FF FF -> y [32768, -212992 = 0xFFFCC000] = 00 80 00 00, 00 C0 FC FF.
//   x [1, 2147483647] = 01 00 00 00, FF FF FF 7F:
//     y0: 2^32 + 32768 -> 65536.5 -> 65536; then + (2^31 - 1) x 1.5 -> saturates = FF FF FF 7F.
//     y1: -2^31 - 81920 -> -32769.25 -> -32769; -32769 + (2^31 - 1) / 4 = 536838142.75 -> 536838143
//         = 0x1FFF7FFF = FF 7F FF 1F.
//   x [-2^31, -2^31] = 00 00 00 80 twice:
//     y0: 2^32 - 2^46 -> -1073676288; then - 2^31 x 1.5 -> saturates = 00 00 00 80.
//     y1: -2^31 + 2^31 x 81920 -> 2684321792 -> 2147483647; (2^31 - 1) - 2^29 = 1610612735
//         = 0x5FFFFFFF = FF FF FF 5F.
const std::vector<uint8_t> kFp32Bp16MatMulIn = {
    0x00, 0x00, 0x01, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0x00, 0x80, 0x00, 0x00, 0x00, 0xC0, 0xFE, 0xFF,
    0x00, 0x80, 0x01, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0xFF, 0xFF,
    0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80};
const std::vector<uint8_t> kFp32Bp16MatMulOut = {0x00, 0x80, 0x00, 0x00, 0x00, 0xC0, 0xFC, 0xFF,
                                                 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0x7F, 0xFF, 0x1F,
                                                 0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0x5F};

// MatMul with the accumulate flag (FP16BP8, 2x2): weights bias [1, -2],
// W1 [2, 1], W2 [-1, 3]; local 3 = x [1, 2] gives y = [1 + 2 - 2, -2 + 1 + 6]
// = [1, 5] = [256, 1280]; local 4 = x' [-1, -2] gives y' = [1 - 2 + 2, -2 - 1 - 6]
// = [1, -9] = [256, -2304].
//   acc 0: MatMul x (no accumulate) = [256, 1280], then MatMul x accumulate = [512, 2560].
//   acc 1 = [32700, -32700] staged; MatMul x' accumulate: 32956 -> 32767, -35004 -> -32768.
//   acc 2 = [10, 20] staged; MatMul with zeroes and accumulate adds the bias
//   (the input is one followed by zeroes, Emulator.scala): [266, -492].
[[maybe_unused]] void check_matmul_accumulate(ArrayEngineKind engine) {
  const Architecture arch = matmul_arch(DataType::FP16BP8);
  const std::vector<Vector> dram0 = {{256, -512}, {512, 256}, {-256, 768}, {256, 512},
                                     {-256, -512}, {32700, -32700}, {10, 20}};
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 0, 0, 7);
  p.load_weights(0, 3);
  p.data_move(DataMoveKind::LocalToAccumulator, 5, 1, 2);
  p.matmul(0, 3, 0, 1);
  p.matmul(flags::kMatMulAccumulate, 3, 0, 1);
  p.matmul(flags::kMatMulAccumulate, 4, 1, 1);
  p.matmul(flags::kMatMulAccumulate | flags::kMatMulZeroes, 0, 2, 1);
  p.data_move(DataMoveKind::AccumulatorToLocal, 10, 0, 3);
  p.data_move(DataMoveKind::LocalToDram1, 10, 0, 3);
  const Outcome o = run(arch, engine, pack(DataType::FP16BP8, dram0), p, 3 * 2 * 2);
  ASSERT_RAN(o, p);
  const std::vector<Vector> expected = {{512, 2560}, {32767, -32768}, {266, -492}};
  EXPECT_EQ(unpack(DataType::FP16BP8, 2, o.dram1), expected);
}

// MatMul accumulating over several vectors, and LoadWeights replacing the
// weights in between (FP32BP16, 2x2): first weights bias [0, 0], W1 [1, 0],
// W2 [0, 1] (identity); x0 = [1.5, -2], x1 = [0.25, 3] into acc 0..1.
// Then weights bias [0.5, 0.5], W1 [2, 0], W2 [0, -1]: x0 -> [3.5, 2.5],
// x1 -> [1, -2.5]; accumulated: acc 0 = [5, 0.5], acc 1 = [1.25, 0.5].
[[maybe_unused]] void check_matmul_accumulate_vectors(ArrayEngineKind engine) {
  const Architecture arch = matmul_arch(DataType::FP32BP16);
  constexpr int32_t o = 65536;
  const std::vector<Vector> dram0 = {{0, 0},       {o, 0},          {0, o},          // identity
                                     {o / 2, o / 2}, {2 * o, 0},    {0, -o},         // second weights
                                     {o * 3 / 2, -2 * o}, {o / 4, 3 * o}};           // x0, x1
  Program p(arch);
  p.data_move(DataMoveKind::Dram0ToLocal, 0, 0, 8);
  p.load_weights(0, 3);
  p.matmul(0, 6, 0, 2);
  p.load_weights(3, 3);
  p.matmul(flags::kMatMulAccumulate, 6, 0, 2);
  p.data_move(DataMoveKind::AccumulatorToLocal, 10, 0, 2);
  p.data_move(DataMoveKind::LocalToDram1, 10, 0, 2);
  const Outcome out = run(arch, engine, pack(DataType::FP32BP16, dram0), p, 2 * 2 * 4);
  ASSERT_RAN(out, p);
  const std::vector<Vector> expected = {{5 * o, o / 2}, {o * 5 / 4, o / 2}};
  EXPECT_EQ(unpack(DataType::FP32BP16, 2, out.dram1), expected);
}

#ifndef ACOSIM_TCU_PATHS_RTL

TEST(TcuMatMulPacking, Fp8Bp4) {
  check_matmul(DataType::FP8BP4, ArrayEngineKind::Fast, kFp8Bp4MatMulIn, kFp8Bp4MatMulOut);
}
TEST(TcuMatMulPacking, Fp16Bp8) {
  check_matmul(DataType::FP16BP8, ArrayEngineKind::Fast, kFp16Bp8MatMulIn, kFp16Bp8MatMulOut);
}
TEST(TcuMatMulPacking, Fp18Bp10) {
  check_matmul(DataType::FP18BP10, ArrayEngineKind::Fast, kFp18Bp10MatMulIn, kFp18Bp10MatMulOut);
}
TEST(TcuMatMulPacking, Fp32Bp16) {
  check_matmul(DataType::FP32BP16, ArrayEngineKind::Fast, kFp32Bp16MatMulIn, kFp32Bp16MatMulOut);
}
TEST(TcuAccumulate, MatMulAddsIntoAccumulatorsAndSaturates) { check_matmul_accumulate(ArrayEngineKind::Fast); }
TEST(TcuAccumulate, MatMulAccumulatesVectorByVectorAcrossWeightLoads) {
  check_matmul_accumulate_vectors(ArrayEngineKind::Fast);
}

#else  // ACOSIM_TCU_PATHS_RTL: the same programs on the Verilated arrays of this build.

#ifdef ACOSIM_RTL_FP8BP4_2
TEST(TcuMatMulPackingRtl, Fp8Bp4) {
  check_matmul(DataType::FP8BP4, ArrayEngineKind::Rtl, kFp8Bp4MatMulIn, kFp8Bp4MatMulOut);
}
#endif
#ifdef ACOSIM_RTL_FP16BP8_2
TEST(TcuMatMulPackingRtl, Fp16Bp8) {
  check_matmul(DataType::FP16BP8, ArrayEngineKind::Rtl, kFp16Bp8MatMulIn, kFp16Bp8MatMulOut);
}
TEST(TcuAccumulateRtl, MatMulAddsIntoAccumulatorsAndSaturates) { check_matmul_accumulate(ArrayEngineKind::Rtl); }
TEST(TcuAccumulateLockstep, MatMulAddsIntoAccumulatorsAndSaturates) {
  check_matmul_accumulate(ArrayEngineKind::Lockstep);
}
#endif
#ifdef ACOSIM_RTL_FP18BP10_2
TEST(TcuMatMulPackingRtl, Fp18Bp10) {
  check_matmul(DataType::FP18BP10, ArrayEngineKind::Rtl, kFp18Bp10MatMulIn, kFp18Bp10MatMulOut);
}
#endif
#ifdef ACOSIM_RTL_FP32BP16_2
TEST(TcuMatMulPackingRtl, Fp32Bp16) {
  check_matmul(DataType::FP32BP16, ArrayEngineKind::Rtl, kFp32Bp16MatMulIn, kFp32Bp16MatMulOut);
}
TEST(TcuMatMulPackingLockstep, Fp32Bp16) {
  check_matmul(DataType::FP32BP16, ArrayEngineKind::Lockstep, kFp32Bp16MatMulIn, kFp32Bp16MatMulOut);
}
TEST(TcuAccumulateRtl, MatMulAccumulatesVectorByVectorAcrossWeightLoads) {
  check_matmul_accumulate_vectors(ArrayEngineKind::Rtl);
}
#endif

#endif  // ACOSIM_TCU_PATHS_RTL

}  // namespace
}  // namespace acosim::tensil::test

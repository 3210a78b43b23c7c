// The clocked model against Tensil's generated RTL, instruction kind by
// instruction kind: short assembled programs run with `acosim tensil run
// --engine lockstep-generated` on the speech-robot build (8x8 FP16BP8; a few
// on the zcu104 build, 32x32 with 72-bit instructions), which
// compares the cycle of every decoder dequeue and every DRAM AR/AW of the two
// as they happen and fails naming the first difference. Each program isolates
// a timing rule of the clocked model (docs/tensil-clocked.md): every opcode
// alone, back-to-back MatMuls, each DataMove kind, the SIMD forms Tensil's
// compiler emits and their hand-over to and from the array, the instruction
// stream's hand-over from the host. The examples' models (XOR, dense, conv)
// run as compiled.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "sw/tensil/assembler.h"
#include "testbench/tensil/tests/cli_fixture.h"

namespace acosim::tensil::test {
namespace {

using acosim::test::contains;

class ClockedVsGenerated : public Cli {
 protected:
  // The example model built for the speech-robot architecture (or `tarch`).
  BuiltModel built(const std::string& model, const std::string& tarch = ACOSIM_SPEECH_ROBOT_TARCH) {
    return build_model(std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/models/" + model + ".json",
                       read_architecture(tarch), tarch);
  }

  // An input of `vectors` vectors of `lanes` lanes, every value 0.25.
  std::string input(unsigned vectors, unsigned lanes = 8) {
    const std::vector<float> values(vectors * lanes, 0.25f);
    const fs::path path = dir / "x.f32";
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * sizeof(float)));
    return path.string();
  }

  void expect_agreement(const std::string& tmodel, unsigned input_vectors,
                        const std::string& tarch = ACOSIM_SPEECH_ROBOT_TARCH) {
    const unsigned lanes = read_architecture(tarch).array_size;
    const Outcome o = run("tensil run --arch '" + tarch + "' --model '" + tmodel + "' --input x='" +
                          input(input_vectors, lanes) + "' --output y='" + (dir / "y.f32").string() +
                          "' --engine lockstep-generated");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_TRUE(contains(o.out, "in lockstep with the clocked model: ")) << o.out;
  }

  // The XOR model's manifest and constants (x: 4 vectors, y: 4 vectors at
  // DRAM0 vector 8) with `source` as its program.
  void expect_program_agrees(const std::string& source, const std::string& tarch = ACOSIM_SPEECH_ROBOT_TARCH) {
    BuiltModel model = built("xor", tarch);
    model.program = assemble(source, model.model.arch, "program.s");
    model.model.prog_size = model.program.size();
    write_built_model(model, dir.string());
    expect_agreement((dir / (model.model.name + ".tmodel")).string(), 4, tarch);
  }

  void expect_example_agrees(const std::string& model, unsigned input_vectors) {
    write_built_model(built(model), dir.string());
    expect_agreement((dir / (model + "_speech_robot.tmodel")).string(), input_vectors);
  }
};

std::string lines(const std::vector<std::string>& program) {
  std::string s;
  for (const std::string& line : program) s += line + "\n";
  return s;
}

// Local memory vectors 0..31 from DRAM1 and accumulators 0..31 from them,
// for the SIMD programs to read.
const std::vector<std::string> kFilled = {"datamove dram1->local local=0 dram1=0 size=31",
                                          "datamove local->acc local=0 acc=0 size=31"};

std::vector<std::string> with(std::vector<std::string> program, const std::vector<std::string>& more) {
  program.insert(program.end(), more.begin(), more.end());
  return program;
}

std::string simd_move(unsigned read) {
  return "simd op=move left=input right=input dest=r1 read_addr=" + std::to_string(read) + " write_addr=0 read";
}

std::string simd_multiply(unsigned read, unsigned write, bool accumulate) {
  return "simd op=multiply left=input right=r1 dest=out read_addr=" + std::to_string(read) +
         " write_addr=" + std::to_string(write) + " read write" + (accumulate ? " accumulate" : "");
}

std::string simd_max(unsigned address, unsigned write) {
  return "simd op=max left=input right=r1 dest=out read_addr=" + std::to_string(address) +
         " write_addr=" + std::to_string(write) + " read write";
}

const std::string kSimdZero = "simd op=zero left=input right=input dest=r1 read_addr=0 write_addr=0";

// Weights (9 rows with the bias row) for the MatMul programs.
const std::vector<std::string> kWeighted = {"datamove dram1->local local=0 dram1=0 size=63",
                                            "loadweights local=0 size=8"};

std::vector<std::string> matmuls(unsigned count, unsigned vectors, bool accumulate, unsigned acc_base = 0) {
  std::vector<std::string> program;
  for (unsigned i = 0; i < count; ++i) {
    program.push_back("matmul local=" + std::to_string(10 + i) + " acc=" + std::to_string(acc_base + vectors * i) +
                      " size=" + std::to_string(vectors - 1) + (accumulate ? " accumulate" : ""));
  }
  return program;
}

// Each opcode alone.

TEST_F(ClockedVsGenerated, NoOp) { expect_program_agrees("noop\n"); }

TEST_F(ClockedVsGenerated, Configure) { expect_program_agrees("configure tracepoint 0x5\n"); }

TEST_F(ClockedVsGenerated, LoadWeights) {
  expect_program_agrees("datamove dram1->local local=0 dram1=0 size=8\nloadweights local=0 size=8\n");
}

TEST_F(ClockedVsGenerated, LoadWeightsOfZeroes) { expect_program_agrees("loadweights local=0 size=0 zeroes\n"); }

TEST_F(ClockedVsGenerated, MatMul) {
  expect_program_agrees(lines(with(kWeighted, {"matmul local=9 acc=0 size=3"})));
}

TEST_F(ClockedVsGenerated, MatMulOfZeroes) { expect_program_agrees("matmul local=0 acc=0 size=3 zeroes\n"); }

TEST_F(ClockedVsGenerated, Simd) { expect_program_agrees(lines(with(kFilled, {simd_multiply(0, 100, false)}))); }

// Back-to-back MatMuls: the array keeps running from one to the next.

TEST_F(ClockedVsGenerated, BackToBackMatMuls) { expect_program_agrees(lines(with(kWeighted, matmuls(8, 16, false)))); }

TEST_F(ClockedVsGenerated, BackToBackAccumulatingMatMuls) {
  // The array's first run waits for the old value's port B read.
  expect_program_agrees(lines(with(kWeighted, matmuls(8, 16, true))));
}

TEST_F(ClockedVsGenerated, LoadWeightsWaitForTheLastRunToLeaveTheArray) {
  for (const bool accumulate : {false, true}) {
    SCOPED_TRACE(accumulate ? "accumulating MatMul" : "MatMul");
    std::vector<std::string> program = with(kWeighted, matmuls(accumulate ? 6 : 1, accumulate ? 30 : 1, accumulate));
    program = with(program, {"loadweights local=9 size=7", "loadweights local=0 size=0 zeroes",
                             "matmul local=20 acc=0 size=29 accumulate"});
    expect_program_agrees(lines(program));
  }
}

TEST_F(ClockedVsGenerated, AccumulatingMatMulsAfterPlainOnes) {
  // An accumulating write's old value is read on port B only once the plain
  // write before it has released the accumulators' lock.
  expect_program_agrees(lines(with(kWeighted, {"matmul local=10 acc=0 size=29",
                                               "matmul local=10 acc=100 size=29 accumulate",
                                               "matmul local=10 acc=200 size=29",
                                               "matmul local=10 acc=300 size=29 accumulate",
                                               "datamove acc->local local=100 acc=300 size=0"})));
}

// Each DataMove kind.

TEST_F(ClockedVsGenerated, DataMoveDram0ToLocal) {
  expect_program_agrees("datamove dram0->local local=0 dram0=0 size=3\n");
}

TEST_F(ClockedVsGenerated, DataMoveLocalToDram0) {
  expect_program_agrees("datamove local->dram0 local=0 dram0=16 size=3\n");
}

TEST_F(ClockedVsGenerated, DataMoveDram1ToLocal) {
  expect_program_agrees("datamove dram1->local local=0 dram1=0 size=15\n");
}

TEST_F(ClockedVsGenerated, DataMoveLocalToDram1) {
  expect_program_agrees("datamove local->dram1 local=0 dram1=64 size=3\n");
}

TEST_F(ClockedVsGenerated, DataMoveAccumulatorsToLocal) {
  expect_program_agrees("datamove acc->local local=0 acc=0 size=15\n");
}

TEST_F(ClockedVsGenerated, DataMoveLocalToAccumulators) {
  expect_program_agrees("datamove local->acc local=0 acc=0 size=15\n");
}

TEST_F(ClockedVsGenerated, DataMoveLocalToAccumulatorsAccumulating) {
  expect_program_agrees("datamove local->acc local=0 acc=0 size=15 accumulate\n");
}

// SIMD sequences, long enough to fill the decoder's accumulator queue so
// that the dequeues show each control's own length (the generated RTL:
// 2 cycles for a read-only move, 4 for a read-write multiply, 6 for the
// pair, two in every three cycles for controls that neither read nor write
// or write without reading).

TEST_F(ClockedVsGenerated, SimdMoves) {
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 60; ++i) program.push_back(simd_move(i % 32));
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdMultiplies) {
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 60; ++i) program.push_back(simd_multiply(i % 32, 100 + i, false));
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdMultipliesAccumulatingIntoOneAddress) {
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 60; ++i) program.push_back(simd_multiply(i % 32, 100, true));
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdMovesAndMultipliesInTurn) {
  // The pattern of the speech-commands network's dense layers.
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 30; ++i) {
    program.push_back(simd_move(i % 32));
    program.push_back(simd_multiply((i + 16) % 32, 100 + i / 4, i % 4 != 0));
  }
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdZeros) {
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 60; ++i) program.push_back(kSimdZero);
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdWritesWithoutReading) {
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 60; ++i) {
    program.push_back("simd op=zero left=input right=input dest=out read_addr=0 write_addr=" +
                      std::to_string(100 + i % 32) + " write");
  }
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdRelu) {
  std::vector<std::string> program = with(kFilled, {kSimdZero});
  for (unsigned i = 0; i < 32; ++i) program.push_back(simd_max(i, i));
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, SimdResultsMovedToLocalMemory) {
  std::vector<std::string> program = kFilled;
  for (unsigned i = 0; i < 15; ++i) {
    program.push_back(simd_multiply(i, 100 + i, false));
    program.push_back("datamove acc->local local=200 acc=" + std::to_string(100 + i) + " size=0");
  }
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, MatMulsAfterSimd) {
  // The array's first run waits for the last SIMD write to leave port A.
  std::vector<std::string> program = with(kFilled, kWeighted);
  for (unsigned i = 0; i < 20; ++i) {
    program.push_back(i % 2 == 0 ? simd_move(i) : "simd op=multiply left=r1 right=input dest=out read_addr=" +
                                                      std::to_string(i) + " write_addr=" + std::to_string(100 + i) +
                                                      " read write");
  }
  expect_program_agrees(lines(with(program, matmuls(3, 16, false, 200))));
}

TEST_F(ClockedVsGenerated, SimdReluAfterAccumulatingMatMuls) {
  // The zero leaves while the last MatMul write waits at port A; the maxes
  // read after it.
  std::vector<std::string> program = with(kWeighted, matmuls(16, 30, true));
  program.push_back(kSimdZero);
  for (unsigned i = 0; i < 40; ++i) program.push_back(simd_max(i, 500 + i));
  expect_program_agrees(lines(program));
}

TEST_F(ClockedVsGenerated, AccumulatingDataMoveAfterASimdWrite) {
  // The DataMove's old-value read waits for the SIMD write's lock; its own
  // write for that old value.
  expect_program_agrees(lines(with(kFilled, {simd_move(0) + " write",
                                             "datamove local->acc local=30 acc=0 size=0 accumulate",
                                             "datamove acc->local local=40 acc=0 size=0"})));
}

TEST_F(ClockedVsGenerated, OneVectorThroughMatMulBiasAndRelu) {
  // A sequence of Tensil's compiled speech-commands network (its program
  // from pc 49639 on): a one-vector MatMul, the bias added through a SIMD
  // copy and an accumulating DataMove, a ReLU, and the result moved out.
  expect_program_agrees(lines(with(
      kWeighted, {"loadweights local=0 size=0 zeroes", "matmul local=20 acc=0 size=0 accumulate",
                  "simd op=move left=input right=input dest=out read_addr=0 write_addr=1 read write",
                  "datamove local->acc local=30 acc=1 size=0 accumulate", kSimdZero, simd_max(1, 2),
                  "datamove acc->local local=40 acc=2 size=0", "datamove local->dram0 local=40 dram0=16 size=0"})));
}

// The instruction stream's hand-over from the host. The host's DMA sends a
// program in transactions of at most 4 KiB; each returns in the cycle after
// the width converter takes its last beat (TREADY is the converter's
// in.ready, util/decoupled/Transmission.scala), while the converter and the
// decoder's Queue(2) still hold instructions, so a decoder taking one per
// cycle runs on into the next transaction without a gap.

std::vector<std::string> noops(unsigned count) { return std::vector<std::string>(count, "noop"); }

TEST_F(ClockedVsGenerated, OneInstructionPerCycleAcrossTheHostsTransactions) {
  // 64-bit instructions through the Serializer (two per 128-bit beat): the
  // first transaction ends with the 512th instruction, behind a DataMove
  // long enough to fill the converter and the queue.
  expect_program_agrees(lines(with({"datamove dram1->local local=0 dram1=0 size=63"}, noops(600))));
}

#ifdef ACOSIM_ZCU104_TARCH
TEST_F(ClockedVsGenerated, NineByteInstructionsAcrossTheHostsTransactions) {
  // 72-bit instructions through the WidthConverter's 144-byte ring
  // (lcm(128, 72) bits): a beat goes in only while a whole beat's room was
  // free at the start of the cycle, and the decoder's Queue(2) takes nothing
  // in a cycle it starts full. The first 4 KiB transaction ends after the
  // first byte of the 456th instruction.
  expect_program_agrees(lines(with({"datamove dram1->local local=0 dram1=0 size=63"}, noops(600))),
                        ACOSIM_ZCU104_TARCH);
}

TEST_F(ClockedVsGenerated, XorOnTheZcu104Build) {
  // The driver's 16-instruction init program is 144 bytes, 9 beats, which
  // the ring and the decoder's queue take while its DataMoves hold the
  // decoder: the stream write returns before its NoOps are dequeued, and the
  // host's flush-probe polls, 1000 ns apart from that return, decide when
  // the next program starts.
  write_built_model(built("xor", ACOSIM_ZCU104_TARCH), dir.string());
  expect_agreement((dir / "xor_zcu104.tmodel").string(), 4, ACOSIM_ZCU104_TARCH);
}

// The HostRouter (tcu/HostRouter.scala) moves one vector per control, in
// instruction order: a DataMove from DRAM writes local memory only from the
// cycle after the local-to-DRAM DataMove before it has handed its last word
// to its bank, and a local-to-DRAM DataMove is dequeued only as the one
// before it does (the decoder's one-entry host dataflow queue). On the
// zcu104 build a 32x32 FP16 vector is four 128-bit beats, so the words
// read for DRAM0 wait in port B's output long enough to show both. The
// first is the pattern of the ResNet-20 program at pc 1247: the strided
// DRAM1 reads behind the DRAM0 writes wait for port B.

TEST_F(ClockedVsGenerated, DataMoveFromDramAfterOneToDram) {
  expect_program_agrees(lines({"datamove dram1->local local=0 dram1=0 size=31",
                               "datamove local->dram0 local=0 dram0=16 size=31",
                               "datamove dram1->local local=100 dram1=0 stride1=1 size=15"}),
                        ACOSIM_ZCU104_TARCH);
}

TEST_F(ClockedVsGenerated, DataMovesToDramBackToBack) {
  expect_program_agrees(lines({"datamove dram1->local local=0 dram1=0 size=31",
                               "datamove local->dram0 local=0 dram0=16 size=31",
                               "datamove local->dram1 local=0 dram1=64 size=0",
                               "datamove local->dram0 local=1 dram0=100 size=0"}),
                        ACOSIM_ZCU104_TARCH);
}
#endif

// The examples, as compiled.

TEST_F(ClockedVsGenerated, Xor) { expect_example_agrees("xor", 4); }

TEST_F(ClockedVsGenerated, Dense) { expect_example_agrees("dense", 6); }

TEST_F(ClockedVsGenerated, Conv) { expect_example_agrees("conv", 36); }

}  // namespace
}  // namespace acosim::tensil::test

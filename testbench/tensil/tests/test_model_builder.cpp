// The model builder: hand-derived programs and constants for small sources,
// the example models decode to valid instructions on both architectures,
// and malformed sources are rejected naming the file and the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "sw/tensil/assembler.h"
#include "sw/tensil/model.h"
#include "tools/tensil/model_compiler.h"
#include "sw/tensil/regs/isa.h"
#include "testbench/tensil/tests/example_support.h"

namespace acosim::tensil::test {
namespace {

namespace fs = std::filesystem;

// A folder of its own for every test case.
std::string scratch_dir() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(testing::TempDir()) / (std::string("model_builder_") + info->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::string write_source(const std::string& dir, const std::string& file, const std::string& text) {
  const std::string path = dir + "/" + file;
  std::ofstream(path) << text;
  return path;
}

Architecture pynqz1() { return Architecture{}; }  // the defaults are pynqz1's values (arch/pynqz1.tarch)

Architecture ultra96v2() {
  Architecture a;
  a.array_size = 16;
  a.dram0_depth = a.dram1_depth = 2097152;
  a.local_depth = 20480;
  a.accumulator_depth = 4096;
  return a;
}

std::vector<std::vector<uint8_t>> split(const std::vector<uint8_t>& program, size_t bytes) {
  std::vector<std::vector<uint8_t>> out;
  for (size_t i = 0; i < program.size(); i += bytes) out.emplace_back(program.begin() + i, program.begin() + i + bytes);
  return out;
}

// A vector of raw FP16BP8 lanes, little-endian.
std::vector<uint8_t> fp16_vector(std::vector<int16_t> lanes, unsigned n) {
  lanes.resize(n, 0);
  std::vector<uint8_t> out;
  for (int16_t v : lanes) {
    out.push_back(uint8_t(uint16_t(v) & 0xFF));
    out.push_back(uint8_t(uint16_t(v) >> 8));
  }
  return out;
}

const char* kTinyDense = R"({
  "input": {"name": "x", "shape": [1, 2]},
  "output": "y",
  "layers": [{"type": "dense", "units": 1, "weights": [[0.5], [0.25]], "bias": [1.0]%s}]
})";

std::string tiny_dense(const std::string& extra = "") {
  std::string text = kTinyDense;
  text.replace(text.find("%s"), 2, extra);
  return text;
}

// Instruction words for pynqz1 worked out from InstructionLayout.scala's bit map:
// [12:0] local address, [15:13] stride0, [35:16] operand-1 address,
// [38:36] stride1, [55:40] size/operand 2, [59:56] flags, [63:60] opcode.
TEST(ModelBuilder, TinyDenseProgramAndConstants) {
  const std::string dir = scratch_dir();
  const BuiltModel built = build_model(write_source(dir, "tiny.json", tiny_dense()), pynqz1(), "arch/pynqz1.tarch");
  // Layout: DRAM1 0..7 = rows of the (output tile 0, input tile 0) block,
  // DRAM1 8 = bias; local 0..8 the same, local 9 the input, local 10 the
  // output; DRAM0 0 the input, DRAM0 1 the output.
  const std::vector<std::vector<uint8_t>> expected = {
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00, 0x22},  // DataMove DRAM1->local 0 <- 0, 9 vectors
      {0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20},  // DataMove DRAM0->local 9 <- 0
      {0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00, 0x30},  // LoadWeights local 0, 8 rows
      {0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30},  // LoadWeights local 8 (bias)
      {0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10},  // MatMul local 9 -> acc 0
      {0x0A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2C},  // DataMove acc 0 -> local 10
      {0x0A, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x21},  // DataMove local 10 -> DRAM0 1
  };
  EXPECT_EQ(split(built.program, 8), expected);

  std::vector<uint8_t> consts;
  auto append = [&](const std::vector<uint8_t>& v) { consts.insert(consts.end(), v.begin(), v.end()); };
  append(fp16_vector({128}, 8));  // row for input 0: 0.5
  append(fp16_vector({64}, 8));   // row for input 1: 0.25
  for (int r = 2; r < 8; ++r) append(fp16_vector({}, 8));
  append(fp16_vector({256}, 8));  // bias 1.0
  EXPECT_EQ(built.consts, consts);

  const Model& m = built.model;
  EXPECT_EQ(m.name, "tiny_pynqz1");
  EXPECT_EQ(m.prog_file_name, "tiny_pynqz1.tprog");
  EXPECT_EQ(m.prog_size, 56u);
  ASSERT_EQ(m.consts.size(), 1u);
  EXPECT_EQ(m.consts[0].file_name, "tiny_pynqz1.tdata");
  EXPECT_EQ(m.consts[0].base, 0u);
  EXPECT_EQ(m.consts[0].size, 9u);
  ASSERT_EQ(m.inputs.size(), 1u);
  EXPECT_EQ(m.inputs[0].name, "x");
  EXPECT_EQ(m.inputs[0].base, 0u);
  EXPECT_EQ(m.inputs[0].size, 1u);
  ASSERT_EQ(m.outputs.size(), 1u);
  EXPECT_EQ(m.outputs[0].name, "y");
  EXPECT_EQ(m.outputs[0].base, 1u);
  EXPECT_EQ(m.outputs[0].size, 1u);
  EXPECT_FALSE(m.load_consts_to_local);
  EXPECT_TRUE(m.arch.compatible_with(pynqz1()));
}

// Without a bias the bias row is shifted in as zeroes; ReLU is Tensil's
// Zero -> R1 (no flags) then Max(input, R1) -> out with read+write
// (operand 2 = 0x7a, as in Tensil's CompilerSpec.scala XOR).
TEST(ModelBuilder, TinyDenseWithReluAndNoBias) {
  const std::string dir = scratch_dir();
  std::string text = tiny_dense(R"(, "activation": "relu")");
  text.replace(text.find(R"(, "bias": [1.0])"), std::string(R"(, "bias": [1.0])").size(), "");
  const BuiltModel built = build_model(write_source(dir, "tiny relu.json", text), pynqz1(), "pynqz1.tarch");
  const std::vector<std::vector<uint8_t>> expected = {
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00, 0x22},  // DataMove DRAM1->local, 8 rows
      {0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20},  // DataMove DRAM0->local 8
      {0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00, 0x30},  // LoadWeights local 0, 8 rows
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x31},  // LoadWeights zeroes, 1 row
      {0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10},  // MatMul local 8 -> acc 0
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x09, 0x00, 0x40},  // SIMD Zero -> R1
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x7A, 0x00, 0x43},  // SIMD acc 0 = Max(acc 0, R1)
      {0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2C},  // DataMove acc 0 -> local 9
      {0x09, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x21},  // DataMove local 9 -> DRAM0 1
  };
  EXPECT_EQ(split(built.program, 8), expected);
  EXPECT_EQ(built.model.name, "tiny_relu_pynqz1");
  EXPECT_EQ(built.consts.size(), 8u * 16u);
}

// Max pooling: DRAM0 -> local -> accumulators, then the running maximum in
// R1: Max(input, input) -> R1 (0x79), Max(input, R1) -> R1 (0x7b) and
// Max(input, R1) -> out with write (0x7a).
TEST(ModelBuilder, MaxPoolProgram) {
  const std::string dir = scratch_dir();
  const std::string path = write_source(dir, "pool.json", R"({
    "input": {"name": "image", "shape": [2, 2, 1]},
    "output": "pooled",
    "layers": [{"type": "maxpool2d", "pool_size": [2, 2]}]
  })");
  const BuiltModel built = build_model(path, pynqz1(), "pynqz1.tarch");
  const std::vector<std::vector<uint8_t>> expected = {
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x20},  // DataMove DRAM0 0..3 -> local 0..3
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x2D},  // DataMove local 0..3 -> acc 0..3
      {0x00, 0x00, 0x00, 0x00, 0x00, 0x79, 0x00, 0x41},  // read acc 0, Max(in, in) -> R1
      {0x00, 0x00, 0x01, 0x00, 0x00, 0x7B, 0x00, 0x41},  // read acc 1, Max(in, R1) -> R1
      {0x00, 0x00, 0x02, 0x00, 0x00, 0x7B, 0x00, 0x41},  // read acc 2, Max(in, R1) -> R1
      {0x04, 0x00, 0x03, 0x00, 0x00, 0x7A, 0x00, 0x43},  // read acc 3, Max(in, R1) -> acc 4
      {0x04, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x2C},  // DataMove acc 4 -> local 4
      {0x04, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x21},  // DataMove local 4 -> DRAM0 4
  };
  EXPECT_EQ(split(built.program, 8), expected);
  EXPECT_TRUE(built.consts.empty());
  EXPECT_EQ(built.model.inputs.at(0).name, "image");
  EXPECT_EQ(built.model.outputs.at(0).base, 4u);
}

std::vector<Instruction> decode_all(const BuiltModel& built) {
  const InstructionLayout layout = InstructionLayout::derive(built.model.arch);
  std::vector<Instruction> out;
  for (size_t i = 0; i < built.program.size(); i += layout.instruction_bytes) {
    out.push_back(decode_instruction(layout, &built.program[i]));
  }
  return out;
}

// Four positions of 12 features on 8 lanes: two input tiles and two output
// tiles. Input (p, k) sits at local base + 2p + k and output (p, j) at
// accumulator 2p + j, so each (j, k) pass is one MatMul of 4 vectors with
// stride field 1 on both sides.
TEST(ModelBuilder, MatMulsUseStrides) {
  const std::string dir = scratch_dir();
  std::string weights = "[";
  for (int i = 0; i < 12; ++i) weights += std::string(i ? "," : "") + "[0,0,0,0,0,0,0,0,0,0.5]";
  weights += "]";
  const std::string path = write_source(dir, "strided.json", R"({"input": {"name": "x", "shape": [4, 12]},
    "output": "y", "layers": [{"type": "dense", "units": 10, "weights": )" + weights + "}]}");
  const BuiltModel built = build_model(path, pynqz1(), "pynqz1.tarch");
  int matmuls = 0;
  for (const Instruction& in : decode_all(built)) {
    if (in.opcode != static_cast<uint8_t>(Opcode::MatMul)) continue;
    ++matmuls;
    EXPECT_EQ(in.operand0_stride, 1u);
    EXPECT_EQ(in.operand1_stride, 1u);
    EXPECT_EQ(in.operand2, 3u);
    // The second input tile accumulates onto the first (MatMul accumulate flag).
    EXPECT_EQ(in.flags, (in.operand0_address % 2 == 1) ? flags::kMatMulAccumulate : 0);
  }
  EXPECT_EQ(matmuls, 4);
}

// Three input tiles per position: a step of 3 vectors is no stride, so every
// position gets its own MatMul.
TEST(ModelBuilder, MatMulsSplitWhereNoStrideFits) {
  const std::string dir = scratch_dir();
  std::string weights = "[";
  for (int i = 0; i < 20; ++i) weights += std::string(i ? "," : "") + "[0.25]";
  weights += "]";
  const std::string path = write_source(dir, "split.json", R"({"input": {"name": "x", "shape": [2, 20]},
    "output": "y", "layers": [{"type": "dense", "units": 1, "weights": )" + weights + "}]}");
  const BuiltModel built = build_model(path, pynqz1(), "pynqz1.tarch");
  int matmuls = 0;
  for (const Instruction& in : decode_all(built)) {
    if (in.opcode != static_cast<uint8_t>(Opcode::MatMul)) continue;
    ++matmuls;
    EXPECT_EQ(in.operand2, 0u);
  }
  EXPECT_EQ(matmuls, 3 * 2);
}

struct ExampleCase {
  std::string model, arch;
  uint64_t input_vectors, output_vectors;
};

class ExampleBuild : public testing::TestWithParam<ExampleCase> {};

// Every instruction of every example is one the TCU executes in its default
// (strict) mode: defined opcode and DataMove kind, no unused flag bits, a
// word that re-encodes to the same bytes, addresses and sizes (strides
// included) inside the architecture's memories, local memory in the lower
// half, DRAM0 inside the model's tensors and DRAM1 inside the constants.
TEST_P(ExampleBuild, DecodesToValidInstructions) {
  const ExampleCase& c = GetParam();
  const Architecture arch = c.arch == "pynqz1" ? pynqz1() : ultra96v2();
  const BuiltModel built = build_model(example_model_path(c.model), arch, example_arch_path(c.arch));
  const Model& m = built.model;
  const InstructionLayout layout = InstructionLayout::derive(arch);
  EXPECT_EQ(m.name, c.model + "_" + c.arch);
  ASSERT_EQ(m.inputs.size(), 1u);
  ASSERT_EQ(m.outputs.size(), 1u);
  EXPECT_EQ(m.inputs[0].name, "x");
  EXPECT_EQ(m.inputs[0].size, c.input_vectors);
  EXPECT_EQ(m.outputs[0].name, "y");
  EXPECT_EQ(m.outputs[0].size, c.output_vectors);
  EXPECT_EQ(m.prog_size, built.program.size());
  ASSERT_EQ(built.program.size() % layout.instruction_bytes, 0u);
  EXPECT_EQ(built.consts.size(), m.consts.at(0).size * arch.vector_bytes());

  uint64_t dram0_end = 0;
  for (const auto& t : {m.inputs[0], m.outputs[0]}) dram0_end = std::max(dram0_end, t.base + t.size);
  std::set<uint8_t> opcodes;
  const std::vector<Instruction> program = decode_all(built);
  for (size_t pc = 0; pc < program.size(); ++pc) {
    SCOPED_TRACE("instruction " + std::to_string(pc));
    const Instruction& in = program[pc];
    opcodes.insert(in.opcode);
    EXPECT_EQ(encode_instruction(layout, in),
              std::vector<uint8_t>(built.program.begin() + pc * layout.instruction_bytes,
                                   built.program.begin() + (pc + 1) * layout.instruction_bytes));
    EXPECT_EQ(in.operand0_padding, 0u);
    EXPECT_EQ(in.operand1_padding, 0u);
    auto last = [](uint64_t address, uint32_t stride, uint64_t size) { return address + (size << stride); };
    switch (static_cast<Opcode>(in.opcode)) {
      case Opcode::MatMul:
        EXPECT_EQ(in.flags & ~flags::kMatMulAccumulate, 0);
        EXPECT_LT(last(in.operand0_address, in.operand0_stride, in.operand2), arch.local_depth / 2);
        EXPECT_LT(last(in.operand1_address, in.operand1_stride, in.operand2), arch.accumulator_depth);
        break;
      case Opcode::LoadWeights:
        EXPECT_LE(in.operand1_whole, arch.array_size);
        if (in.flags == 0) {
          EXPECT_LT(last(in.operand0_address, in.operand0_stride, in.operand1_whole), arch.local_depth / 2);
        } else {
          EXPECT_EQ(in.flags, flags::kLoadWeightsZeroes);
        }
        break;
      case Opcode::DataMove: {
        ASSERT_TRUE(is_defined_data_move_kind(in.flags));
        EXPECT_LT(last(in.operand0_address, in.operand0_stride, in.operand2), arch.local_depth / 2);
        const uint64_t other = last(in.operand1_address, in.operand1_stride, in.operand2);
        switch (static_cast<DataMoveKind>(in.flags)) {
          case DataMoveKind::Dram0ToLocal:
          case DataMoveKind::LocalToDram0:
            EXPECT_LT(other, dram0_end);
            break;
          case DataMoveKind::Dram1ToLocal:
            EXPECT_LT(other, m.consts[0].size);
            break;
          case DataMoveKind::LocalToDram1:
            ADD_FAILURE() << "the examples never write DRAM1";
            break;
          default:
            EXPECT_LT(other, arch.accumulator_depth);
        }
        break;
      }
      case Opcode::Simd: {
        EXPECT_EQ(in.flags & ~flags::kSimdUsed & 0xF, 0);
        EXPECT_EQ(in.flags & flags::kSimdAccumulate, 0);
        const SimdSubInstruction sub = SimdSubInstruction::unpack(in.operand2, layout.simd_operand_bits);
        const bool read = in.flags & flags::kSimdRead, write = in.flags & flags::kSimdWrite;
        const bool input_selected = sub.source_left == 0 || sub.source_right == 0;
        // The compiler's pairings (Tensil's Scheduler.scala): Zero without read, every
        // other op reads the accumulator it selects, a register destination
        // never combined with write.
        if (sub.op == static_cast<uint8_t>(SimdOp::Zero)) {
          EXPECT_EQ(in.flags, 0);
        } else {
          EXPECT_TRUE(read && input_selected);
        }
        EXPECT_FALSE(write && sub.dest != 0);
        EXPECT_LE(sub.dest, arch.simd_registers_depth);
        EXPECT_LT(in.operand0_address, arch.accumulator_depth);
        EXPECT_LT(in.operand1_address, arch.accumulator_depth);
        break;
      }
      default:
        ADD_FAILURE() << "unexpected opcode " << int(in.opcode);
    }
  }
  EXPECT_TRUE(opcodes.count(static_cast<uint8_t>(Opcode::MatMul)));
  EXPECT_TRUE(opcodes.count(static_cast<uint8_t>(Opcode::LoadWeights)));
}

// Input/output vectors: XOR 4 rows x ceil(2/n); dense 3 rows x ceil(12/n)
// in, ceil(10/n) out; conv 36 pixels x ceil(3/n) in, 2x2 pixels x
// ceil(10/n) out.
INSTANTIATE_TEST_SUITE_P(Examples, ExampleBuild,
                         testing::Values(ExampleCase{"xor", "pynqz1", 4, 4}, ExampleCase{"xor", "ultra96v2", 4, 4},
                                         ExampleCase{"dense", "pynqz1", 6, 6}, ExampleCase{"dense", "ultra96v2", 3, 3},
                                         ExampleCase{"conv", "pynqz1", 36, 8},
                                         ExampleCase{"conv", "ultra96v2", 36, 4}),
                         [](const testing::TestParamInfo<ExampleCase>& param_info) {
                           return param_info.param.model + "_" + param_info.param.arch;
                         });

// The written artifacts read back: the .tmodel through the model reader,
// the .tprog and .tdata byte for byte, the listing assembles to the program.
TEST(ModelBuilder, WritesReadableArtifacts) {
  const std::string dir = scratch_dir();
  const BuiltModel built = build_model(example_model_path("xor"), pynqz1(), example_arch_path("pynqz1"));
  write_built_model(built, dir + "/out");
  const Model model = read_model(dir + "/out/xor_pynqz1.tmodel");
  EXPECT_EQ(model.name, "xor_pynqz1");
  EXPECT_EQ(model.prog_size, built.program.size());
  EXPECT_EQ(model.inputs.at(0).size, built.model.inputs.at(0).size);
  EXPECT_EQ(model.outputs.at(0).base, built.model.outputs.at(0).base);
  EXPECT_EQ(read_file(dir + "/out/xor_pynqz1.tprog"), built.program);
  EXPECT_EQ(read_file(dir + "/out/xor_pynqz1.tdata"), built.consts);
  const std::vector<uint8_t> listing = read_file(dir + "/out/xor_pynqz1.s");
  EXPECT_EQ(assemble(std::string(listing.begin(), listing.end()), pynqz1(), "xor_pynqz1.s"), built.program);
}

// Malformed sources: a FormatError naming the file and the key.
struct BadSource {
  std::string label, text, expected;
};

class BadSourceTest : public testing::TestWithParam<BadSource> {};

TEST_P(BadSourceTest, IsRejectedNamingFileAndKey) {
  const std::string dir = scratch_dir();
  const std::string path = write_source(dir, "bad.json", GetParam().text);
  try {
    build_model(path, pynqz1(), "pynqz1.tarch");
    FAIL() << "accepted";
  } catch (const FormatError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
  }
}

const std::string kHead = R"({"input": {"name": "x", "shape": [1, 2]}, "output": "y", )";

INSTANTIATE_TEST_SUITE_P(
    Sources, BadSourceTest,
    testing::Values(
        BadSource{"NotJson", "{\"input\": ", "not valid JSON"},
        BadSource{"NotAnObject", "[1, 2]", "must be a JSON object"},
        BadSource{"MissingLayers", R"({"input": {"name": "x", "shape": [2]}, "output": "y"})", "layers: missing"},
        BadSource{"MissingInputShape", R"({"input": {"name": "x"}, "output": "y", "layers": []})",
                  "input.shape: missing"},
        BadSource{"ZeroDimension", R"({"input": {"name": "x", "shape": [0, 2]}, "output": "y", "layers": []})",
                  "input.shape[0]: must be a positive integer"},
        BadSource{"EmptyLayers", kHead + R"("layers": []})", "layers: must be a non-empty array"},
        BadSource{"SameNames", R"({"input": {"name": "x", "shape": [2]}, "output": "x", "layers": []})",
                  "output: must differ"},
        BadSource{"UnknownTopKey", kHead + R"("layer": []})", "layer: unknown key"},
        BadSource{"UnknownLayerType", kHead + R"("layers": [{"type": "softmax"}]})",
                  "layers[0].type: unknown layer type 'softmax'"},
        BadSource{"MisspelledKey",
                  kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1],[1]], "activaton": "relu"}]})",
                  "layers[0].activaton: unknown key"},
        BadSource{"BadActivation",
                  kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1],[1]], "activation": "tanh"}]})",
                  "layers[0].activation"},
        BadSource{"MissingUnits", kHead + R"("layers": [{"type": "dense", "weights": [[1],[1]]}]})",
                  "layers[0].units: missing"},
        BadSource{"WeightRows", kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1]]}]})",
                  "layers[0].weights: must be an array of 2 arrays"},
        BadSource{"WeightColumns", kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1],[1, 2]]}]})",
                  "layers[0].weights[1]: must be an array of 1 numbers"},
        BadSource{"WeightNotNumber", kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1],["a"]]}]})",
                  "layers[0].weights[1][0]: must be a number"},
        BadSource{"WeightOutOfRange", kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1],[200]]}]})",
                  "layers[0].weights[1][0]: 200 is outside the range of FP16BP8"},
        BadSource{"BiasLength", kHead + R"("layers": [{"type": "dense", "units": 1, "weights": [[1],[1]], "bias": [1, 2]}]})",
                  "layers[0].bias: must be an array of 1 numbers"},
        BadSource{"ConvOnVectors",
                  kHead + R"("layers": [{"type": "conv2d", "filters": 1, "kernel_size": [1, 1], "kernel": [[[[1]]]]}]})",
                  "layers[0]: conv2d needs an input of shape [height, width, channels]"},
        BadSource{"ConvKernelTooLarge",
                  R"({"input": {"name": "x", "shape": [2, 2, 1]}, "output": "y", "layers": [{"type": "conv2d",
                      "filters": 1, "kernel_size": [3, 3], "kernel": []}]})",
                  "layers[0].kernel_size: is larger than the input [2, 2, 1]"},
        BadSource{"PoolStrides",
                  R"({"input": {"name": "x", "shape": [2, 2, 1]}, "output": "y", "layers": [{"type": "maxpool2d",
                      "pool_size": [2, 2], "strides": [1]}]})",
                  "layers[0].strides: must be [height, width]"},
        BadSource{"TooLargeForLocalMemory",
                  R"({"input": {"name": "x", "shape": [3000, 2]}, "output": "y", "layers": [{"type": "dense",
                      "units": 1, "weights": [[1], [1]]}]})",
                  "layers[0]: needs 6008 vectors of local memory (lower half), the architecture offers 4096"}),
    [](const testing::TestParamInfo<BadSource>& param_info) { return param_info.param.label; });

TEST(ModelBuilder, MissingSourceNamesThePath) {
  const std::string path = scratch_dir() + "/absent.json";
  try {
    build_model(path, pynqz1(), "pynqz1.tarch");
    FAIL() << "accepted";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST(ModelBuilder, ReluNeedsASimdRegister) {
  Architecture arch = pynqz1();
  arch.simd_registers_depth = 0;
  try {
    build_model(example_model_path("xor"), arch, "pynqz1.tarch");
    FAIL() << "accepted";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("layers[0]: needs SIMD register R1"), std::string::npos) << e.what();
  }
}

TEST(ModelBuilder, InvalidArchitectureNamesTheArchFile) {
  Architecture arch = pynqz1();
  arch.array_size = 0;
  EXPECT_THROW(build_model(example_model_path("xor"), arch, "broken.tarch"), FormatError);
}

}  // namespace
}  // namespace acosim::tensil::test

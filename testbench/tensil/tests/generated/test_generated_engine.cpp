// `acosim tensil run --engine generated`: the example models compiled for
// speech_robot.tarch (8x8 FP16BP8, the architecture of Tensil's generated
// speech-robot TCU; the examples' own pynqz1 architecture differs in its
// DRAM depths) run on Tensil's generated Verilog through the driver, and
// their outputs equal the rtl and fast engines' bit for bit. Options the
// generated TCU cannot honour are errors, as is an architecture no build
// was generated for.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "testbench/tensil/tests/cli_fixture.h"

namespace acosim::tensil::test {
namespace {

using acosim::test::contains;

class GeneratedEngine : public Cli {
 protected:
  // Builds examples/tensil/models/<model>.json for speech_robot.tarch.
  std::string build_for_speech_robot(const std::string& model) {
    const BuiltModel built = build_model(std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/models/" + model + ".json",
                                         read_architecture(ACOSIM_SPEECH_ROBOT_TARCH), ACOSIM_SPEECH_ROBOT_TARCH);
    write_built_model(built, dir.string());
    return (dir / (model + "_speech_robot.tmodel")).string();
  }

  // `vectors` input vectors of 8 lanes: the XOR cases for xor, otherwise
  // FP16BP8-representable pseudo-random values in [-2, 2].
  std::string input(const std::string& model, unsigned vectors) {
    std::vector<float> values(vectors * 8, 0.0f);
    if (model == "xor") {
      values[1 * 8 + 1] = values[2 * 8 + 0] = values[3 * 8 + 0] = values[3 * 8 + 1] = 1.0f;
    } else {
      std::mt19937 random(7);
      for (float& v : values) v = float(int(random() % 1025) - 512) / 256.0f;
    }
    const fs::path path = dir / (model + ".f32");
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * sizeof(float)));
    return path.string();
  }

  std::string run_args(const std::string& tmodel, const std::string& x, const std::string& engine,
                       const std::string& extra = "") {
    return "tensil run --arch '" + std::string(ACOSIM_SPEECH_ROBOT_TARCH) + "' --model '" + tmodel + "' --input x='" +
           x + "' --output y='" + (dir / ("y_" + engine + ".f32")).string() + "' --engine " + engine + " " + extra;
  }

  void same_outputs_on_every_engine(const std::string& model, unsigned input_vectors) {
    const std::string tmodel = build_for_speech_robot(model);
    const std::string x = input(model, input_vectors);
    const Outcome generated = run(run_args(tmodel, x, "generated"));
    ASSERT_EQ(generated.status, 0) << generated.err;
    EXPECT_TRUE(contains(generated.out, "engine       generated (Tensil's generated RTL, top_speech_robot)\n"))
        << generated.out;
    std::smatch cycles;
    ASSERT_TRUE(std::regex_search(generated.out, cycles, std::regex("\ncycles       ([0-9]+) TCU cycles")))
        << generated.out;
    EXPECT_GT(std::stoull(cycles[1]), 0u);
    const std::string y = slurp(dir / "y_generated.f32");
    ASSERT_FALSE(y.empty());
    for (const char* engine : {"rtl", "fast"}) {
      const Outcome o = run(run_args(tmodel, x, engine));
      ASSERT_EQ(o.status, 0) << o.err;
      EXPECT_EQ(slurp(dir / ("y_" + std::string(engine) + ".f32")), y) << model << ": generated vs " << engine;
    }
  }
};

// Tensil's own compiled network for the speech-robot TCU (its .tmodel has
// no load_consts_to_local, read as false as Tensil's driver reads it), on a
// deterministic synthetic input of the model's shape: the three engines
// give the same output bytes, and the generated RTL and the clocked model
// run it in lockstep, every decoder dequeue and DRAM burst in the same
// cycle (lockstep-generated runs both; its output is the RTL's, checked
// equal to the clocked model's).
TEST_F(GeneratedEngine, SpeechCommandsNetworkEqualsTheOtherEnginesBitForBit) {
  const std::string tmodel = std::string(ACOSIM_SPEECH_ROBOT_MODEL);
  std::vector<float> values(15996 * 8);  // input_1: 15996 vectors of 8 lanes
  std::mt19937 random(11);
  for (float& v : values) v = float(int(random() % 513) - 256) / 256.0f;
  const fs::path x = dir / "speech.f32";
  std::ofstream(x, std::ios::binary)
      .write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * sizeof(float)));
  auto args = [&](const std::string& engine) {
    return "tensil run --arch '" + std::string(ACOSIM_SPEECH_ROBOT_TARCH) + "' --model '" + tmodel +
           "' --input input_1='" + x.string() + "' --output dense_1='" + (dir / ("y_" + engine + ".f32")).string() +
           "' --engine " + engine;
  };
  const Outcome generated = run(args("lockstep-generated"));
  ASSERT_EQ(generated.status, 0) << generated.err;
  EXPECT_TRUE(contains(generated.out, "in lockstep with the clocked model")) << generated.out;
  const std::string y = slurp(dir / "y_lockstep-generated.f32");
  ASSERT_EQ(y.size(), 2 * 8 * sizeof(float));  // dense_1: 2 vectors of 8 lanes
  const Outcome fast = run(args("fast"));
  ASSERT_EQ(fast.status, 0) << fast.err;
  EXPECT_EQ(slurp(dir / "y_fast.f32"), y) << "generated vs fast";
}

#ifdef ACOSIM_ZCU104_MODEL
// Tensil's ResNet20v2 for CIFAR compiled for the zcu104 TCU (32x32), on a
// deterministic synthetic image (32x32 pixels, 3 channels in the first
// lanes of each pixel's vector, the rest zero as Tensil's driver pads them):
// the three engines give the same output bytes, the generated RTL and the
// clocked model in lockstep, and the ten class scores
// are not all equal (a network that computed nothing would give zeros).
TEST_F(GeneratedEngine, Resnet20OnTheZcu104BuildEqualsTheOtherEnginesBitForBit) {
  std::vector<float> values(1024 * 32, 0.0f);  // x:0: 1024 vectors of 32 lanes
  std::mt19937 random(5);
  for (size_t pixel = 0; pixel < 1024; ++pixel) {
    for (size_t channel = 0; channel < 3; ++channel) values[pixel * 32 + channel] = float(random() % 257) / 256.0f;
  }
  const fs::path x = dir / "image.f32";
  std::ofstream(x, std::ios::binary)
      .write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * sizeof(float)));
  auto args = [&](const std::string& engine) {
    return "tensil run --arch '" + std::string(ACOSIM_ZCU104_TARCH) + "' --model '" + ACOSIM_ZCU104_MODEL +
           "' --input x:0='" + x.string() + "' --output Identity:0='" + (dir / ("y_" + engine + ".f32")).string() +
           "' --engine " + engine + " --axi-bits 128";
  };
  const Outcome generated = run(args("lockstep-generated"));
  ASSERT_EQ(generated.status, 0) << generated.err;
  EXPECT_TRUE(contains(generated.out, "top_zcu104")) << generated.out;
  EXPECT_TRUE(contains(generated.out, "in lockstep with the clocked model")) << generated.out;
  const std::string y = slurp(dir / "y_lockstep-generated.f32");
  ASSERT_EQ(y.size(), 32 * sizeof(float));  // Identity:0: 1 vector of 32 lanes
  const auto* scores = reinterpret_cast<const float*>(y.data());
  bool differ = false;
  for (int k = 1; k < 10; ++k) differ = differ || scores[k] != scores[0];
  EXPECT_TRUE(differ);
  const Outcome fast = run(args("fast"));
  ASSERT_EQ(fast.status, 0) << fast.err;
  EXPECT_EQ(slurp(dir / "y_fast.f32"), y) << "generated vs fast";
}
#endif

TEST_F(GeneratedEngine, XorEqualsTheOtherEnginesBitForBit) {
  same_outputs_on_every_engine("xor", 4);
  // XOR itself, so that equal outputs are not equally wrong.
  const std::string y = slurp(dir / "y_generated.f32");
  ASSERT_EQ(y.size(), 4 * 8 * sizeof(float));
  const auto* values = reinterpret_cast<const float*>(y.data());
  EXPECT_EQ(values[0 * 8], 0.0f);
  EXPECT_EQ(values[1 * 8], 1.0f);
  EXPECT_EQ(values[2 * 8], 1.0f);
  EXPECT_EQ(values[3 * 8], 0.0f);
}

TEST_F(GeneratedEngine, DenseEqualsTheOtherEnginesBitForBit) { same_outputs_on_every_engine("dense", 6); }

TEST_F(GeneratedEngine, ConvEqualsTheOtherEnginesBitForBit) { same_outputs_on_every_engine("conv", 36); }

#ifdef ACOSIM_ZCU104_TARCH
// 32x32 with 9-byte instructions: instructions straddle the 16-byte beats.
TEST_F(GeneratedEngine, XorOnTheZcu104BuildEqualsTheFastEngine) {
  const BuiltModel built = build_model(std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/models/xor.json",
                                       read_architecture(ACOSIM_ZCU104_TARCH), ACOSIM_ZCU104_TARCH);
  write_built_model(built, dir.string());
  const std::string tmodel = (dir / "xor_zcu104.tmodel").string();
  const std::string x = xor_input(32);
  std::string y;
  for (const char* engine : {"generated", "fast"}) {
    const Outcome o = run("tensil run --arch '" + std::string(ACOSIM_ZCU104_TARCH) + "' --model '" + tmodel +
                          "' --input x='" + x + "' --output y='" + (dir / "y.f32").string() + "' --engine " + engine);
    ASSERT_EQ(o.status, 0) << engine << ": " << o.err;
    if (y.empty()) {
      EXPECT_TRUE(contains(o.out, "top_zcu104")) << o.out;
      y = slurp(dir / "y.f32");
      ASSERT_EQ(y.size(), 4 * 32 * sizeof(float));
      const auto* values = reinterpret_cast<const float*>(y.data());
      EXPECT_EQ(values[0 * 32], 0.0f);
      EXPECT_EQ(values[1 * 32], 1.0f);
      EXPECT_EQ(values[2 * 32], 1.0f);
      EXPECT_EQ(values[3 * 32], 0.0f);
    } else {
      EXPECT_EQ(slurp(dir / "y.f32"), y) << "generated vs " << engine;
    }
  }
}
#endif

// --timeline: the XOR example's events on the generated RTL and on the
// clocked model are the same lines (the two engines agree on it cycle for
// cycle), starting with the driver's first Configure; the fast engine has
// no cycles to show.
TEST_F(GeneratedEngine, TimelinesOfTheGeneratedRtlAndTheClockedModelAreTheSame) {
  const std::string tmodel = build_for_speech_robot("xor");
  const std::string x = input("xor", 4);
  for (const char* engine : {"generated", "rtl"}) {
    const Outcome o = run(run_args(tmodel, x, engine,
                                   "--axi-bits 128 --timeline '" + (dir / (std::string(engine) + ".txt")).string() + "'"));
    ASSERT_EQ(o.status, 0) << engine << ": " << o.err;
  }
  const std::string generated = slurp(dir / "generated.txt");
  EXPECT_EQ(generated.rfind("cycle ", 0), 0u) << generated.substr(0, 200);
  EXPECT_TRUE(contains(generated, ": dequeue pc 0 (Configure)\n")) << generated.substr(0, 200);
  EXPECT_TRUE(contains(generated, ": dram0 AW ")) << generated.substr(0, 400);
  EXPECT_EQ(slurp(dir / "rtl.txt"), generated);

  const Outcome fast = run(run_args(tmodel, x, "fast", "--timeline '" + (dir / "fast.txt").string() + "'"));
  EXPECT_EQ(fast.status, 2);
  expect_one_line_error(fast);
  EXPECT_TRUE(contains(fast.err, "--timeline needs a TCU on its clock")) << fast.err;
  EXPECT_FALSE(fs::exists(dir / "fast.txt"));

  const Outcome lockstep = run(run_args(tmodel, x, "lockstep-generated", "--timeline '" + (dir / "l.txt").string() + "'"));
  EXPECT_EQ(lockstep.status, 2);
  EXPECT_TRUE(contains(lockstep.err, "--timeline is not available with --engine lockstep-generated")) << lockstep.err;

  const std::string nowhere = (dir / "no_such_folder" / "t.txt").string();
  const Outcome unwritable = run(run_args(tmodel, x, "rtl", "--timeline '" + nowhere + "'"));
  EXPECT_EQ(unwritable.status, 1);
  expect_one_line_error(unwritable);
  EXPECT_TRUE(contains(unwritable.err, nowhere + ": cannot write the timeline")) << unwritable.err;
}

// --engine lockstep-generated on the XOR example: both run to the end in
// the same cycles, and the run says how many events it compared.
TEST_F(GeneratedEngine, LockstepOnTheXorExampleAgreesAndSaysSo) {
  const std::string tmodel = build_for_speech_robot("xor");
  const Outcome o = run(run_args(tmodel, input("xor", 4), "lockstep-generated"));
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(std::regex_search(o.out, std::regex("in lockstep with the clocked model: [1-9][0-9]* decoder dequeues "
                                                  "and DRAM bursts in the same cycles")))
      << o.out;
  // Options only our TCU has are refused as for --engine generated.
  const Outcome vcd = run(run_args(tmodel, input("xor", 4), "lockstep-generated",
                                   "--vcd '" + (dir / "w.vcd").string() + "'"));
  EXPECT_EQ(vcd.status, 2);
  EXPECT_TRUE(contains(vcd.err, "--engine lockstep-generated")) << vcd.err;
}

TEST_F(GeneratedEngine, SamplesAreAnError) {
  const std::string tmodel = build_for_speech_robot("xor");
  const Outcome o = run(run_args(tmodel, input("xor", 4), "generated", "--samples '" + (dir / "s.bin").string() + "'"));
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "--samples is not available with --engine generated")) << o.err;
  EXPECT_TRUE(contains(o.err, "no sample stream")) << o.err;
  EXPECT_FALSE(fs::exists(dir / "s.bin"));
  EXPECT_FALSE(fs::exists(dir / "y_generated.f32"));
}

TEST_F(GeneratedEngine, OptionsItCannotHonourAreErrors) {
  const std::string tmodel = build_for_speech_robot("xor");
  const std::string x = input("xor", 4);
  for (const std::string& option :
       {std::string("--check functional"), "--vcd '" + (dir / "w.vcd").string() + "'", std::string("--tracepoint 3"),
        std::string("--axi-bits 64")}) {
    const Outcome o = run(run_args(tmodel, x, "generated", option));
    EXPECT_EQ(o.status, 2) << option;
    expect_one_line_error(o);
    EXPECT_TRUE(contains(o.err, "--engine generated")) << option << ": " << o.err;
  }
  // The build's own width is accepted.
  const Outcome o = run(run_args(tmodel, x, "generated", "--axi-bits 128"));
  EXPECT_EQ(o.status, 0) << o.err;
}

TEST_F(GeneratedEngine, AnArchitectureWithoutABuildNamesTheBuildsAndTheFetchScript) {
  const std::string tmodel = build("xor", "pynqz1");
  const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel +
                        "' --input x=" + xor_input(8) + " --engine generated");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "speech_robot (FP16BP8 8x8")) << o.err;
  EXPECT_TRUE(contains(o.err, "scripts/fetch-tensil-rtl.sh")) << o.err;
}

TEST_F(GeneratedEngine, AnInstructionTheRtlWouldConsumeStopsTheRunNamingItsPc) {
  const std::string tmodel = build_for_speech_robot("xor");
  const size_t index = find_opcode(tmodel, Opcode::MatMul);
  edit_instruction(tmodel, index, [](Instruction& in) { in.flags |= 0x8; });  // an unused flag bit
  const Outcome o = run(run_args(tmodel, input("xor", 4), "generated"));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "pc " + std::to_string(index) + " ")) << o.err;
  EXPECT_TRUE(contains(o.err, "--lenient")) << o.err;
}

}  // namespace
}  // namespace acosim::tensil::test

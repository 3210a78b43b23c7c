// `acosim tensil ...` as a user runs it: exit status, the one-line error
// naming the file / program counter / field, and that a failed run leaves no
// output file behind.
#include <gtest/gtest.h>

#include "testbench/tensil/tests/cli_fixture.h"

namespace acosim::tensil::test {
namespace {

TEST_F(Cli, RunsTheXorModelAndWritesItsOutput) {
  const std::string tmodel = build("xor", "pynqz1");
  const Outcome o = run(run_xor_args(tmodel));
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("TCU cycles"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("MatMul"), std::string::npos) << o.out;
  // y: 4 vectors x 8 lanes of float32.
  EXPECT_EQ(fs::file_size(dir / "y.f32"), 4u * 8u * 4u);
}

TEST_F(Cli, UsageErrorsExitWithTwo) {
  EXPECT_EQ(run("").status, 2);
  EXPECT_EQ(run("nvdla run").status, 2);
  EXPECT_EQ(run("tensil frobnicate").status, 2);
  const std::string tmodel = build("xor", "pynqz1");
  const Outcome o = run(run_xor_args(tmodel) + " --engine warp");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
}

TEST_F(Cli, EveryModelInputMustBeGivenOnce) {
  const std::string tmodel = build("xor", "pynqz1");
  Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --engine fast");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("input 'x' needs --input x=FILE"), std::string::npos) << o.err;
  o = run(run_xor_args(tmodel) + " --input x=" + xor_input(8));
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--input x is given twice"), std::string::npos) << o.err;
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, ClockAndTimeoutOutsideTheirRangesAreUsageErrors) {
  const std::string tmodel = build("xor", "pynqz1");
  for (const char* option : {" --clock-mhz 0", " --clock-mhz 1e-300", " --timeout-us 0", " --timeout-us 1e300"}) {
    const Outcome o = run(run_xor_args(tmodel) + option);
    EXPECT_EQ(o.status, 2) << option;
    expect_one_line_error(o);
  }
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, TruncatedArchitectureNamesTheFile) {
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path bad = dir / "bad.tarch";
  const std::string text = slurp(arch_path("pynqz1"));
  std::ofstream(bad) << text.substr(0, text.size() / 2);
  const Outcome o = run("tensil run --arch '" + bad.string() + "' --model '" + tmodel + "' --input x=" + xor_input(8));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find(bad.string()), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("malformed JSON"), std::string::npos) << o.err;
}

TEST_F(Cli, ModelWithoutProgNamesTheKey) {
  const std::string tmodel = build("xor", "pynqz1");
  std::string text = slurp(tmodel);
  const size_t at = text.find("\"prog\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 6, "\"prug\"");
  std::ofstream(tmodel) << text;
  const Outcome o = run(run_xor_args(tmodel));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find(tmodel + ": prog: missing"), std::string::npos) << o.err;
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, TruncatedProgramNamesTheFileAndTheInstruction) {
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path prog = dir / "xor_pynqz1.tprog";
  const std::string bytes = slurp(prog);
  std::ofstream(prog, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
  const Outcome o = run(run_xor_args(tmodel));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find(prog.string()), std::string::npos) << o.err;
  // 8-byte instructions: the last one lost 3 bytes.
  EXPECT_NE(o.err.find("instruction " + std::to_string(bytes.size() / 8 - 1) + " is truncated"), std::string::npos)
      << o.err;
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, ConstsOfTheWrongSizeNameTheFile) {
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path data = dir / "xor_pynqz1.tdata";
  std::ofstream(data, std::ios::app | std::ios::binary) << "xx";
  const Outcome o = run(run_xor_args(tmodel));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find(data.string()), std::string::npos) << o.err;
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, InputOfTheWrongSizeNamesTheFileAndBothSizes) {
  const std::string tmodel = build("xor", "pynqz1");
  const std::string input = xor_input(8, 1);
  const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" + input +
                        " --output y='" + (dir / "y.f32").string() + "' --engine fast");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find(input), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("needs 32 float32 values (128 bytes), the file has 132 bytes"), std::string::npos) << o.err;
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, IncompatibleDeviceIsRefused) {
  const std::string tmodel = build("xor", "pynqz1");
  const Outcome o = run("tensil run --arch '" + arch_path("ultra96v2") + "' --model '" + tmodel + "' --input x=" +
                        xor_input(8) + " --engine fast");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("array_size"), std::string::npos) << o.err;
}

TEST_F(Cli, InvalidOpcodeNamesTheProgramCounterUnlessLenient) {
  const std::string tmodel = build("xor", "pynqz1");
  edit_instruction(tmodel, 2, [](Instruction& in) {
    in = Instruction{};
    in.opcode = 0x5;
  });
  Outcome o = run(run_xor_args(tmodel));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  // The driver's PC := 0 preamble makes the TCU's PC the .tprog index.
  EXPECT_NE(o.err.find("pc 2 "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find((dir / "xor_pynqz1.tprog").string() + ": "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("opcode"), std::string::npos) << o.err;
  EXPECT_FALSE(output_exists());

  o = run(run_xor_args(tmodel) + " --lenient");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("1 invalid consumed"), std::string::npos) << o.out;
}

TEST_F(Cli, UnusedFlagBitNamesTheField) {
  const std::string tmodel = build("xor", "pynqz1");
  const size_t matmul = find_opcode(tmodel, Opcode::MatMul);
  edit_instruction(tmodel, matmul, [](Instruction& in) { in.flags |= 0x4; });
  const Outcome o = run(run_xor_args(tmodel));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("pc " + std::to_string(matmul) + " "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("flags"), std::string::npos) << o.err;
}

TEST_F(Cli, LocalAddressBeyondTheMemoryNamesTheField) {
  // ultra96v2: 15 local address bits but only 20480 vectors.
  const std::string tmodel = build("xor", "ultra96v2");
  const size_t matmul = find_opcode(tmodel, Opcode::MatMul);
  edit_instruction(tmodel, matmul, [](Instruction& in) { in.operand0_address = 30000; });
  const Outcome o = run(run_xor_args(tmodel, "ultra96v2"));
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("pc " + std::to_string(matmul) + " "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("operand0 address"), std::string::npos) << o.err;
}

TEST_F(Cli, ProgramThatNeverCompletesTimesOutWithTheLastProgramCounter) {
  // The program moves DRAM0 up by 1 MiB (the driver puts DRAM0's 16 MiB at
  // 0x08000000, DRAM1 right after), so the flush probe lands where the
  // driver never looks: the run cannot complete.
  const std::string tmodel = build("xor", "pynqz1");
  edit_instruction(tmodel, 0, [](Instruction& in) {
    in = Instruction{};
    in.opcode = uint8_t(Opcode::Configure);
    in.low32 = 0x0810u << 4 | uint32_t(ConfigRegister::Dram0AddressOffset);
  });
  const Outcome o = run(run_xor_args(tmodel) + " --timeout-us 200");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("flush probe"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("TCU program counter"), std::string::npos) << o.err;
  EXPECT_FALSE(output_exists());
}

TEST_F(Cli, OutputIntoAMissingFolderFailsWithoutAPartialFile) {
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path target = dir / "missing" / "y.f32";
  const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel +
                        "' --input x=" + xor_input(8) + " --output y='" + target.string() + "' --engine fast");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find(target.string()), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(dir / "missing"));
}

TEST_F(Cli, RtlEngineForAnArraySizeNotBuiltNamesTheOption) {
  Architecture arch = read_architecture(arch_path("pynqz1"));
  arch.array_size = 12;
  const fs::path tarch = dir / "twelve.tarch";
  std::ofstream(tarch) << architecture_to_json(arch);
  const BuiltModel built = build_model(std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/models/xor.json", arch,
                                       tarch.string());
  write_built_model(built, dir.string());
  const std::string tmodel = (dir / "xor_twelve.tmodel").string();
  std::vector<float> x(4 * 12, 0.0f);
  const fs::path input = dir / "x12.f32";
  std::ofstream(input, std::ios::binary).write(reinterpret_cast<const char*>(x.data()), std::streamsize(x.size() * 4));
  const Outcome o = run("tensil run --arch '" + tarch.string() + "' --model '" + tmodel + "' --input x=" +
                        input.string() + " --engine rtl");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("ACOSIM_TENSIL_RTL_CONFIGS"), std::string::npos) << o.err;
}

TEST_F(Cli, DisassemblyAssemblesBackToTheSameProgram) {
  build("xor", "ultra96v2");
  const fs::path prog = dir / "xor_ultra96v2.tprog";
  const Outcome listing = run("tensil disasm '" + prog.string() + "' --arch '" + arch_path("ultra96v2") + "'");
  ASSERT_EQ(listing.status, 0) << listing.err;
  const fs::path source = dir / "listing.s";
  std::ofstream(source) << listing.out;
  const fs::path again = dir / "again.tprog";
  const Outcome assembled = run("tensil asm '" + source.string() + "' -o '" + again.string() + "' --arch '" +
                                arch_path("ultra96v2") + "'");
  ASSERT_EQ(assembled.status, 0) << assembled.err;
  EXPECT_EQ(slurp(again), slurp(prog));
}

TEST_F(Cli, EstimatePrintsTensilsAggregateLatency) {
  // On pynqz1 (8x8), by Tensil's Estimator.scala rules:
  //   datamove dram0->local size=3   4 cycles
  //   loadweights size=8             9 cycles
  //   matmul size=3 (after LW)       4 + 8 = 12 cycles
  //   matmul size=1 (after MatMul)   2 cycles
  //   simd                           1 cycle
  //   datamove acc->local size=3     4 cycles
  // = 32 cycles.
  const fs::path source = dir / "p.s";
  std::ofstream(source) << "datamove dram0->local local=0 dram0=0 size=3\n"
                           "loadweights local=0 size=8\n"
                           "matmul local=0 acc=0 size=3\n"
                           "matmul local=4 acc=4 size=1\n"
                           "simd op=zero left=input right=input dest=r1 read_addr=0 write_addr=0\n"
                           "datamove acc->local local=8 acc=0 size=3\n";
  const fs::path prog = dir / "p.tprog";
  const Outcome assembled =
      run("tensil asm '" + source.string() + "' -o '" + prog.string() + "' --arch '" + arch_path("pynqz1") + "'");
  ASSERT_EQ(assembled.status, 0) << assembled.err;
  const Outcome o = run("tensil estimate --arch '" + arch_path("pynqz1") + "' --prog '" + prog.string() + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\nestimated cycles 32\n"), std::string::npos) << o.out;
}

TEST_F(Cli, EstimateOfATruncatedProgramNamesTheFile) {
  const fs::path prog = dir / "bad.tprog";
  std::ofstream(prog, std::ios::binary) << "abc";
  const Outcome o = run("tensil estimate --arch '" + arch_path("pynqz1") + "' --prog '" + prog.string() + "'");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_NE(o.err.find("bad.tprog"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("not a whole number"), std::string::npos) << o.err;
}

TEST_F(Cli, RunPrintsTheEstimateBesideTheSimulatedCycles) {
  const std::string tmodel = build("xor", "pynqz1");
  const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" +
                        xor_input(8) + " --engine fast");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\ncycles       "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\nestimated cycles "), std::string::npos) << o.out;
}

TEST_F(Cli, SamplingNeedsTheClockedTcuAndAFile) {
  const std::string tmodel = build("xor", "pynqz1");
  const std::string base = "tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" +
                           xor_input(8);
  Outcome o = run(base + " --engine fast --samples '" + (dir / "s.bin").string() + "'");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--engine rtl"), std::string::npos) << o.err;
  o = run(base + " --engine rtl --sample-interval 10");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--samples"), std::string::npos) << o.err;
  o = run(base + " --engine rtl --samples '" + (dir / "s.bin").string() + "' --sample-interval 70000");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("16 bits"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(dir / "s.bin"));
}

TEST_F(Cli, SamplesOfARunFollowTheProgramAndPlot) {
  // Every cycle sampled (interval 1) while the XOR program runs: each
  // sample's PC is an index of the 19-instruction .tprog (or 19, reached by
  // its last instruction), never going back, and the samples the run reports
  // are those in the file.
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path samples = dir / "xor.samples";
  const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" +
                        xor_input(8) + " --engine rtl --samples '" + samples.string() + "' --sample-interval 1");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string bytes = slurp(samples);
  ASSERT_GT(bytes.size(), 0u);
  ASSERT_EQ(bytes.size() % 8, 0u);
  const size_t count = bytes.size() / 8;
  EXPECT_NE(o.out.find("samples      " + std::to_string(count) + " (every 1 cycles)"), std::string::npos) << o.out;
  uint32_t last_pc = 0;
  for (size_t i = 1; i < count; ++i) {  // sample 0 is taken before PC := 0
    const auto* p = reinterpret_cast<const uint8_t*>(bytes.data() + 8 * i);
    const uint32_t pc = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    EXPECT_LE(pc, 19u) << "sample " << i;
    EXPECT_GE(pc, last_pc) << "sample " << i;
    last_pc = pc;
  }
  EXPECT_EQ(last_pc, 19u);

  const fs::path svg = dir / "xor.svg";
  const Outcome plot = run("tensil plot '" + samples.string() + "' -o '" + svg.string() + "' --interval 1");
  ASSERT_EQ(plot.status, 0) << plot.err;
  EXPECT_NE(slurp(svg).find("<svg"), std::string::npos);
}

TEST_F(Cli, TracepointAndTimeoutReportWhereTheyFirstRose) {
  // XOR's instruction 4 is a MatMul; the first instruction, a DataMove from
  // DRAM1, keeps the head waiting for its data longer than a decoder
  // timeout of 2 cycles.
  const std::string tmodel = build("xor", "pynqz1");
  const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" +
                        xor_input(8) + " --engine rtl --tracepoint 4 --decoder-timeout 2");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("tracepoint   first raised in cycle "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(" at pc 4, head MatMul("), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("timeout      first raised in cycle "), std::string::npos) << o.out;
}

TEST_F(Cli, CheckFunctionalRunsBesideTheClockedTcu) {
  const std::string tmodel = build("conv", "pynqz1");
  std::vector<float> values(288);
  for (size_t i = 0; i < values.size(); ++i) values[i] = 0.125f * float(int(i % 17) - 8);
  const fs::path input = dir / "conv.f32";
  std::ofstream(input, std::ios::binary)
      .write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * sizeof(float)));
  const std::string base = "tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x='" +
                           input.string() + "'";
  const Outcome o = run(base + " --engine rtl --check functional");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("engine       rtl, checked against the functional TCU"), std::string::npos) << o.out;
  EXPECT_EQ(run(base + " --engine fast --check functional").status, 2);
  const Outcome unknown = run(base + " --engine rtl --check everything");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("'everything'"), std::string::npos) << unknown.err;
}

TEST_F(Cli, SamplingCostsAtMostItsTwoConfigureWords) {
  // The driver brackets the model's program with Configure(sample interval)
  // words, one cycle each at the head (fewer busy cycles when they overlap
  // the DRAM writes still draining); the sampler itself takes no cycle,
  // however long the TCU idles while samples are handed over.
  const std::string tmodel = build("xor", "pynqz1");
  const std::string base = "tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" +
                           xor_input(8) + " --engine rtl";
  const auto cycles = [](const std::string& out) {
    const size_t at = out.find("\ncycles       ");
    return at == std::string::npos ? -1L : std::stol(out.substr(at + 14));
  };
  const Outcome plain = run(base);
  const Outcome sampled = run(base + " --samples '" + (dir / "s.bin").string() + "' --sample-interval 3");
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(sampled.status, 0) << sampled.err;
  EXPECT_GE(cycles(sampled.out), cycles(plain.out)) << plain.out << sampled.out;
  EXPECT_LE(cycles(sampled.out), cycles(plain.out) + 2) << plain.out << sampled.out;
}

}  // namespace
}  // namespace acosim::tensil::test

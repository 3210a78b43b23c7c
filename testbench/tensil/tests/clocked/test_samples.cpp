// Sample files, utilisation, the driver's summary (tools/tensil/samples.h)
// and the gnuplot picture (tools/tensil/plot.h). The file layout and the
// summary text are those of Tensil's drivers/embedded/tensil/sample_buffer.{c,h};
// every expectation below is worked out by hand.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "sw/tensil/model.h"
#include "tools/tensil/plot.h"
#include "tools/tensil/samples.h"

namespace acosim::tensil {
namespace {

namespace fs = std::filesystem;

// A fresh folder per test.
class SamplesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("acosim-samples-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  void write_bytes(const std::string& name, const std::vector<uint8_t>& bytes) const {
    std::ofstream out(path(name), std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }

  static std::string read_text(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }

  fs::path dir_;
};

Instruction op(Opcode opcode, uint8_t flags = 0) {
  Instruction i;
  i.opcode = static_cast<uint8_t>(opcode);
  i.flags = flags;
  return i;
}

Sample sample(uint32_t pc, uint16_t flags) {
  Sample s;
  s.program_counter = pc;
  s.flags = flags;
  return s;
}

// Flag values by hand: unit u's valid is bit 2u, ready 2u+1, units
// Array 0, Acc 1, Dataflow 2, DRAM1 3, DRAM0 4, MemPortB 5, MemPortA 6,
// Instruction 7.
constexpr uint16_t kArrayFire = 0x0003;        // bits 0, 1
constexpr uint16_t kAccFire = 0x000C;          // bits 2, 3
constexpr uint16_t kDram0Stalled = 0x0100;     // bit 8
constexpr uint16_t kMemPortAReadyOnly = 0x2000;  // bit 13
constexpr uint16_t kInstructionFire = 0xC000;  // bits 14, 15

// A program whose first instruction runs with PC 1 (as after the embedded
// driver's leading Configure(programCounter, 1)).
std::vector<Instruction> program() {
  return {op(Opcode::MatMul),                                                         // PC 1
          op(Opcode::DataMove, static_cast<uint8_t>(DataMoveKind::Dram0ToLocal)),      // PC 2
          op(Opcode::DataMove, static_cast<uint8_t>(DataMoveKind::LocalToAccumulatorAccumulate)),  // PC 3
          op(Opcode::LoadWeights),                                                    // PC 4
          op(Opcode::Simd),                                                           // PC 5
          op(Opcode::NoOp),                                                           // PC 6
          op(Opcode::Configure)};                                                     // PC 7
}

std::vector<Sample> samples() {
  return {sample(0, 0),                    // before the program
          sample(1, kArrayFire),          sample(1, kArrayFire),        sample(2, kDram0Stalled),
          sample(3, kAccFire),            sample(4, kMemPortAReadyOnly), sample(5, 0),
          sample(6, kInstructionFire),    sample(7, kInstructionFire),
          sample(8, 0)};                   // after the program
}

TEST_F(SamplesTest, FileLayoutIsLittleEndianPcFlagsAndTwoZeroBytes) {
  // PC 0x01020304 with flags 0xC003, then PC 7 with flags 0x0100.
  const std::vector<uint8_t> bytes = {0x04, 0x03, 0x02, 0x01, 0x03, 0xC0, 0x00, 0x00,
                                      0x07, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00};
  write_bytes("two.samples", bytes);
  const std::vector<Sample> got = read_samples(path("two.samples"));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].program_counter, 0x01020304u);
  EXPECT_EQ(got[0].flags, 0xC003u);
  EXPECT_EQ(got[1].program_counter, 7u);
  EXPECT_EQ(got[1].flags, 0x0100u);
  EXPECT_EQ(encode_samples(got), bytes);

  write_samples(path("copy.samples"), got);
  EXPECT_EQ(read_samples(path("copy.samples")), got);

  // The stream word: PC in bits 0-31, flags in bits 32-47.
  EXPECT_EQ(sample_from_word(0x0000C00301020304ull), got[0]);
}

TEST_F(SamplesTest, TruncatedFileIsAFormatErrorNamingThePath) {
  write_bytes("cut.samples", std::vector<uint8_t>(19, 0));  // 2 samples and 3 bytes
  try {
    read_samples(path("cut.samples"));
    FAIL() << "no error";
  } catch (const FormatError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path("cut.samples")), std::string::npos) << message;
    EXPECT_NE(message.find("truncated"), std::string::npos) << message;
    EXPECT_NE(message.find("19 bytes"), std::string::npos) << message;
  }
}

TEST_F(SamplesTest, NonZeroPaddingAndMissingFileAreFormatErrors) {
  write_bytes("pad.samples", {0, 0, 0, 0, 0, 0, 0, 1});
  EXPECT_THROW(read_samples(path("pad.samples")), FormatError);
  EXPECT_THROW(read_samples(path("none.samples")), FormatError);
  write_bytes("empty.samples", {});
  EXPECT_TRUE(read_samples(path("empty.samples")).empty());
}

TEST_F(SamplesTest, UnitNamesFollowTheFlagPairs) {
  const char* names[] = {"Array", "Acc", "Dataflow", "DRAM1", "DRAM0", "MemPortB", "MemPortA", "Instruction"};
  for (unsigned u = 0; u < kSampleUnits; ++u) EXPECT_STREQ(sample_unit_name(u), names[u]);
}

TEST_F(SamplesTest, Utilisation) {
  const auto u = unit_utilisation(samples());
  // 10 samples. Array fires in 2, Acc in 1, DRAM0 is stalled in 1,
  // Instruction fires in 2; MemPortA is only ready once, which is idle.
  const auto array = u[static_cast<unsigned>(SampleUnit::Array)];
  EXPECT_EQ(array.transfer, 2u);
  EXPECT_EQ(array.stalled, 0u);
  EXPECT_EQ(array.idle, 8u);
  EXPECT_DOUBLE_EQ(array.transfer_fraction(), 0.2);
  EXPECT_DOUBLE_EQ(array.idle_fraction(), 0.8);
  const auto dram0 = u[static_cast<unsigned>(SampleUnit::Dram0)];
  EXPECT_EQ(dram0.transfer, 0u);
  EXPECT_EQ(dram0.stalled, 1u);
  EXPECT_DOUBLE_EQ(dram0.stalled_fraction(), 0.1);
  EXPECT_EQ(u[static_cast<unsigned>(SampleUnit::Acc)].transfer, 1u);
  EXPECT_EQ(u[static_cast<unsigned>(SampleUnit::Instruction)].transfer, 2u);
  EXPECT_EQ(u[static_cast<unsigned>(SampleUnit::MemPortA)].idle, 10u);
  for (unsigned unit : {2u, 3u, 5u}) EXPECT_EQ(u[unit].idle, 10u) << sample_unit_name(unit);
  EXPECT_DOUBLE_EQ(unit_utilisation({})[0].transfer_fraction(), 0.0);
}

TEST_F(SamplesTest, DriverSummaryAndAggregates) {
  const SampleSummary summary = summarize_samples(samples(), program(), 1);
  // PCs 0 and 8 fall outside PC 1..7.
  EXPECT_EQ(summary.valid_samples, 8u);
  EXPECT_EQ(summary.outside_program, 2u);
  const std::string expected =
      "Found 8 valid samples\n"
      "Samples per opcode ---------------------------------------\n"
      "NoOp:       1\n"
      "MatMul:     2\n"
      "DataMove:   2\n"
      "LoadWeight: 1\n"
      "SIMD:       1\n"
      "Samples per DataMove flag ---------------------------------------\n"
      "DRAM0->Local:            1\n"
      "Local->DRAM0:            0\n"
      "DRAM1->Local:            0\n"
      "Local->DRAM1:            0\n"
      "Accumulator->Local:      0\n"
      "Local->Accumulator:      0\n"
      "Local->Accumulator(Acc): 1\n"
      "MatMul flags ---------------------------------------\n"
      "Array=VR, Acc=VR, Dataflow=VR, DRAM1=VR, DRAM0=VR, MemPortB=VR, MemPortA=VR, Instruction=VR\n"
      "Array=11, Acc=00, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=00, Instruction=00: 2\n"
      "DataMove flags ---------------------------------------\n"
      "Array=VR, Acc=VR, Dataflow=VR, DRAM1=VR, DRAM0=VR, MemPortB=VR, MemPortA=VR, Instruction=VR\n"
      "Array=00, Acc=11, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=00, Instruction=00: 1\n"
      "Array=00, Acc=00, Dataflow=00, DRAM1=00, DRAM0=10, MemPortB=00, MemPortA=00, Instruction=00: 1\n"
      "LoadWeight flags ---------------------------------------\n"
      "Array=VR, Acc=VR, Dataflow=VR, DRAM1=VR, DRAM0=VR, MemPortB=VR, MemPortA=VR, Instruction=VR\n"
      "Array=00, Acc=00, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=01, Instruction=00: 1\n"
      "SIMD flags ---------------------------------------\n"
      "Array=VR, Acc=VR, Dataflow=VR, DRAM1=VR, DRAM0=VR, MemPortB=VR, MemPortA=VR, Instruction=VR\n"
      "Array=00, Acc=00, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=00, Instruction=00: 1\n"
      "NoOp flags ---------------------------------------\n"
      "Array=VR, Acc=VR, Dataflow=VR, DRAM1=VR, DRAM0=VR, MemPortB=VR, MemPortA=VR, Instruction=VR\n"
      "Array=00, Acc=00, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=00, Instruction=11: 1\n";
  EXPECT_EQ(format_sample_summary(summary, true, true), expected);
  EXPECT_EQ(format_sample_summary(summary, false, false), "Found 8 valid samples\n");
}

TEST_F(SamplesTest, FirstPcShiftsTheAttribution) {
  // With the program starting at PC 0, PC 8 and PC 7 fall outside (7
  // instructions: PC 0..6) and PC 0 is the MatMul.
  const SampleSummary summary = summarize_samples(samples(), program(), 0);
  EXPECT_EQ(summary.valid_samples, 8u);
  EXPECT_EQ(summary.outside_program, 2u);
  EXPECT_EQ(summary.per_opcode[static_cast<unsigned>(Opcode::MatMul)], 1u);    // PC 0
  EXPECT_EQ(summary.per_opcode[static_cast<unsigned>(Opcode::DataMove)], 3u);  // PCs 1, 1, 2
  EXPECT_EQ(summary.per_data_move_kind[static_cast<unsigned>(DataMoveKind::Dram0ToLocal)], 2u);
  EXPECT_EQ(summary.per_opcode[static_cast<unsigned>(Opcode::Configure)], 1u);  // PC 6
}

TEST_F(SamplesTest, Listing) {
  const std::vector<Sample> s = {sample(1, kArrayFire), sample(7, kInstructionFire), sample(9, 0)};
  EXPECT_EQ(format_sample_listing(s, program(), 1),
            "[00000000] MatMul: Array=11, Acc=00, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=00, "
            "Instruction=00\n"
            "[00000006] Config: Array=00, Acc=00, Dataflow=00, DRAM1=00, DRAM0=00, MemPortB=00, MemPortA=00, "
            "Instruction=11\n");
}

TEST_F(SamplesTest, PlotNamesEveryUnit) {
  write_samples(path("run.samples"), samples());
  PlotOptions options;
  options.interval = 1000;
  plot_samples(path("run.samples"), path("run.svg"), options);
  ASSERT_TRUE(fs::exists(path("run.svg")));
  const std::string svg = read_text(path("run.svg"));
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  for (unsigned u = 0; u < kSampleUnits; ++u) {
    EXPECT_NE(svg.find(std::string(">") + sample_unit_name(u) + "<"), std::string::npos) << sample_unit_name(u);
  }
  EXPECT_NE(svg.find("cycle"), std::string::npos);
  // Array fires in 2 of 10 samples, DRAM0 is stalled in 1: 20.0% / 10.0%.
  EXPECT_NE(svg.find("fire 20.0% stall 0.0%"), std::string::npos);
  EXPECT_NE(svg.find("fire 0.0% stall 10.0%"), std::string::npos);
  // Nothing is left beside the output.
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 2u);
}

TEST_F(SamplesTest, PlotOfAnEmptyFileStillNamesTheUnits) {
  write_samples(path("empty.samples"), {});
  plot_samples(path("empty.samples"), path("empty.svg"));
  const std::string svg = read_text(path("empty.svg"));
  EXPECT_NE(svg.find(">Instruction<"), std::string::npos);
}

TEST_F(SamplesTest, PlotWithoutGnuplotFailsAndWritesNothing) {
  write_samples(path("run.samples"), samples());
  PlotOptions options;
  options.gnuplot = "acosim-no-such-gnuplot";
  try {
    plot_samples(path("run.samples"), path("run.svg"), options);
    FAIL() << "no error";
  } catch (const PlotError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("gnuplot not found"), std::string::npos) << message;
    EXPECT_NE(message.find("gnuplot-nox"), std::string::npos) << message;
  }
  EXPECT_FALSE(fs::exists(path("run.svg")));
}

TEST_F(SamplesTest, PlotWhenGnuplotFailsWritesNothing) {
  write_samples(path("run.samples"), samples());
  PlotOptions options;
  options.gnuplot = "false";  // exits with status 1
  try {
    plot_samples(path("run.samples"), path("run.svg"), options);
    FAIL() << "no error";
  } catch (const PlotError& e) {
    EXPECT_NE(std::string(e.what()).find("exit status 1"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(path("run.svg")));
}

TEST_F(SamplesTest, PlotOfATruncatedFileFailsAndWritesNothing) {
  write_bytes("cut.samples", std::vector<uint8_t>(12, 0));
  try {
    plot_samples(path("cut.samples"), path("cut.svg"));
    FAIL() << "no error";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(path("cut.svg")));
}

}  // namespace
}  // namespace acosim::tensil

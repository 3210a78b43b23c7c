// The Tensil driver's run flow (Tensil drivers/embedded/tensil/driver.c) against a fake HAL. Every
// expected address, word and raw value below is computed by hand in the
// comments from Tensil's sources, never taken from the driver's own output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "sw/tensil/driver.h"
#include "testbench/tensil/tests/driver_fake_hal.h"

namespace acosim::tensil {
namespace {

using testing::FakeHal;

// cmoda7 (Tensil arch/cmoda7.tarch): FP16BP8, n=4, dram0 4096, dram1 32768, local 4096,
// acc 4096. InstructionLayout.scala: 8-byte instructions, O0=16 (A0=12, S0=3),
// O1=24 (A1=15, S1=3), O2=16. A vector is 4 x 2 = 8 bytes, so DRAM0 is
// 32 KiB: the case where DRAM1 must move up to the next 64 KiB boundary
// (Tensil's driver.c would truncate its offset into DRAM0).
Architecture cmoda7() {
  Architecture arch;
  arch.data_type = DataType::FP16BP8;
  arch.array_size = 4;
  arch.dram0_depth = 4096;
  arch.dram1_depth = 32768;
  arch.local_depth = 4096;
  arch.accumulator_depth = 4096;
  arch.simd_registers_depth = 1;
  arch.stride0_depth = 8;
  arch.stride1_depth = 8;
  return arch;
}

// ultra96v2 (arch/ultra96v2.tarch): 9-byte instructions (InstructionLayout.scala).
Architecture ultra96v2() {
  Architecture arch;
  arch.array_size = 16;
  arch.dram0_depth = 2097152;
  arch.dram1_depth = 2097152;
  arch.local_depth = 20480;
  arch.accumulator_depth = 4096;
  return arch;
}

constexpr uint64_t kBase = 0x08000000;
constexpr uint64_t kCmoda7Dram1 = 0x08010000;  // 0x08000000 + 32 KiB, rounded up to 64 KiB
constexpr uint64_t kCmoda7ProbeSource = kBase + 4095 * 8;  // 0x08007FF8
constexpr uint64_t kCmoda7ProbeTarget = kBase + 4094 * 8;  // 0x08007FF0

std::vector<uint8_t> word(const std::vector<uint8_t>& stream, size_t index, size_t bytes) {
  return std::vector<uint8_t>(stream.begin() + index * bytes, stream.begin() + (index + 1) * bytes);
}

// A folder of its own per test, for the model files.
std::string test_folder() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path folder =
      std::filesystem::path(::testing::TempDir()) / (std::string("driver_") + info->name());
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder.string();
}

void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Two instructions in the cmoda7 layout, packed by hand (little-endian, header last):
// LoadWeights local 100, size 8: op0 = 0x0064, op1 = 0x000008, op2 = 0, header 0x30;
// MatMul local 0, acc 0, size 3: op2 = 0x0003, header 0x10.
const std::vector<uint8_t> kTinyProgram = {0x64, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x30,
                                           0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x10};

// A model for cmoda7 whose files live in `folder`: the program above and one
// consts entry of two vectors at DRAM1 vector 3.
Model tiny_model(const std::string& folder) {
  write_bytes(folder + "/tiny.tprog", kTinyProgram);
  std::vector<uint8_t> consts(16);
  for (size_t i = 0; i < consts.size(); ++i) consts[i] = uint8_t(0xA0 + i);
  write_bytes(folder + "/tiny.tdata", consts);
  Model model;
  model.name = "tiny";
  model.prog_file_name = "tiny.tprog";
  model.prog_size = kTinyProgram.size();
  model.consts = {{"", "tiny.tdata", 3, 2}};
  model.inputs = {{"x", "", 5, 2}};
  model.outputs = {{"out", "", 20, 1}};
  model.arch = cmoda7();
  model.directory = folder;
  return model;
}

// ------------------------------------------------------------ placement

TEST(TensilDriverPlacement, Dram1StartsAtTheNext64KiBBoundaryAfterDram0) {
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  EXPECT_EQ(driver.dram0_address(0), kBase);
  EXPECT_EQ(driver.dram0_address(5), kBase + 5 * 8);
  EXPECT_EQ(driver.dram1_address(0), kCmoda7Dram1);
  EXPECT_EQ(driver.dram1_address(32767), kCmoda7Dram1 + 32767 * 8);
  EXPECT_THROW(driver.dram0_address(4096), DriverError);
  EXPECT_THROW(driver.dram1_address(32768), DriverError);
}

TEST(TensilDriverPlacement, PynqZ1BanksSitBackToBack) {
  // pynqz1: 2^20 vectors of 16 bytes = 16 MiB, already 64 KiB aligned.
  Architecture pynqz1;
  FakeHal hal(pynqz1);
  Driver driver(hal, pynqz1);
  EXPECT_EQ(driver.dram1_address(0), 0x09000000u);
  EXPECT_EQ(driver.layout().instruction_bytes, 8u);
}

TEST(TensilDriverPlacement, RejectsAMisalignedBase) {
  FakeHal hal(cmoda7());
  DriverConfig config;
  config.dram_base = 0x08001000;
  try {
    Driver driver(hal, cmoda7(), config);
    FAIL() << "misaligned base accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("0x8001000"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("64 KiB"), std::string::npos) << e.what();
  }
}

TEST(TensilDriverPlacement, RejectsBanksBeyondTheOffsetRegisters) {
  FakeHal hal(cmoda7());
  DriverConfig config;
  // DRAM0 fits (0xFFFF0000 + 32 KiB), DRAM1 would start at 2^32.
  config.dram_base = 0xFFFF0000;
  try {
    Driver driver(hal, cmoda7(), config);
    FAIL() << "DRAM1 beyond 4 GiB accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("DRAM1"), std::string::npos) << e.what();
  }
  config.dram_base = uint64_t(1) << 32;
  try {
    Driver driver(hal, cmoda7(), config);
    FAIL() << "DRAM0 beyond 4 GiB accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("DRAM0"), std::string::npos) << e.what();
  }
}

TEST(TensilDriverPlacement, RejectsUnusableConfigurations) {
  FakeHal hal(cmoda7());
  DriverConfig config;
  config.max_transfer_bytes = 4;  // below one 8-byte beat
  EXPECT_THROW(Driver driver(hal, cmoda7(), config), DriverError);
  config = DriverConfig{};
  config.poll_interval_ns = 0;
  EXPECT_THROW(Driver driver(hal, cmoda7(), config), DriverError);
  config = DriverConfig{};
  config.decoder_timeout = 0x10000;  // the timeout register keeps value[15:0] (Decoder.scala)
  EXPECT_THROW(Driver driver(hal, cmoda7(), config), DriverError);
}

// ------------------------------------------------------------ init

TEST(TensilDriverInit, StreamsOffsetsTimeoutThenTheFlushProbe) {
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();

  // tensil_driver_init's program: five 8-byte instructions, already a multiple of
  // the 8-byte stream width, so no NoOp.
  ASSERT_EQ(hal.stream.size(), 5u * 8);
  const std::vector<Instruction> program = hal.decoded_stream();
  ASSERT_EQ(program.size(), 5u);
  EXPECT_EQ(program[0].opcode, 0xF);
  EXPECT_EQ(program[0].configure_register(), 0x0u);
  EXPECT_EQ(program[0].configure_value(), 0x0800u);  // 0x08000000 >> 16
  EXPECT_EQ(program[1].opcode, 0xF);
  EXPECT_EQ(program[1].configure_register(), 0x4u);
  EXPECT_EQ(program[1].configure_value(), 0x0801u);  // 0x08010000 >> 16
  EXPECT_EQ(program[2].opcode, 0xF);
  EXPECT_EQ(program[2].configure_register(), 0x8u);
  EXPECT_EQ(program[2].configure_value(), 100u);
  EXPECT_EQ(program[3].opcode, 0x2);
  EXPECT_EQ(program[3].flags, 0x0);  // DRAM0 -> local
  EXPECT_EQ(program[3].operand0_address, 4095u);
  EXPECT_EQ(program[3].operand1_address, 4095u);
  EXPECT_EQ(program[3].operand2, 0u);
  EXPECT_EQ(program[4].opcode, 0x2);
  EXPECT_EQ(program[4].flags, 0x1);  // local -> DRAM0
  EXPECT_EQ(program[4].operand0_address, 4095u);
  EXPECT_EQ(program[4].operand1_address, 4094u);
  EXPECT_EQ(program[4].operand2, 0u);

  // The words themselves (Configure: bits [31:0] = value << 4 | reg,
  // header 0xF0; little-endian operands for the DataMoves: op0 2 bytes, op1 3 bytes,
  // op2 2 bytes, header).
  EXPECT_EQ(word(hal.stream, 0, 8), (std::vector<uint8_t>{0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0}));
  EXPECT_EQ(word(hal.stream, 1, 8), (std::vector<uint8_t>{0x14, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0}));
  EXPECT_EQ(word(hal.stream, 2, 8), (std::vector<uint8_t>{0x48, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0}));
  EXPECT_EQ(word(hal.stream, 3, 8), (std::vector<uint8_t>{0xFF, 0x0F, 0xFF, 0x0F, 0x00, 0x00, 0x00, 0x20}));
  EXPECT_EQ(word(hal.stream, 4, 8), (std::vector<uint8_t>{0xFF, 0x0F, 0xFE, 0x0F, 0x00, 0x00, 0x00, 0x21}));
}

TEST(TensilDriverInit, FillsTheProbeAndSeesItArrive) {
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  // The interpreter copied the 0x00 source over the 0xFF target, through the
  // offsets the configuration program set.
  EXPECT_EQ(hal.bytes_at(kCmoda7ProbeSource, 8), std::vector<uint8_t>(8, 0x00));
  EXPECT_EQ(hal.bytes_at(kCmoda7ProbeTarget, 8), std::vector<uint8_t>(8, 0x00));
  EXPECT_EQ(hal.local.at(4095), std::vector<uint8_t>(8, 0x00));
}

TEST(TensilDriverInit, UsesTheConfiguredDecoderTimeout) {
  FakeHal hal(cmoda7());
  DriverConfig config;
  config.decoder_timeout = 0x1234;
  Driver driver(hal, cmoda7(), config);
  driver.init();
  EXPECT_EQ(hal.decoded_stream()[2].configure_value(), 0x1234u);
}

TEST(TensilDriverInit, PadsNineByteInstructionsToTheStreamWidth) {
  // ultra96v2: 5 instructions x 9 bytes = 45 bytes; the next multiple of 8
  // reachable in whole instructions is 72 = 8 instructions: three NoOps.
  FakeHal hal(ultra96v2());
  Driver driver(hal, ultra96v2());
  ASSERT_EQ(driver.layout().instruction_bytes, 9u);
  driver.init();
  ASSERT_EQ(hal.stream.size(), 72u);
  const std::vector<Instruction> program = hal.decoded_stream();
  EXPECT_EQ(program[0].configure_value(), 0x0800u);
  // DRAM1 follows 2^21 x 32 bytes = 64 MiB later: 0x0C000000.
  EXPECT_EQ(program[1].configure_value(), 0x0C00u);
  EXPECT_EQ(program[3].operand0_address, 20479u);
  EXPECT_EQ(program[3].operand1_address, 2097151u);
  EXPECT_EQ(program[4].operand1_address, 2097150u);
  for (size_t i = 5; i < 8; ++i) EXPECT_EQ(word(hal.stream, i, 9), std::vector<uint8_t>(9, 0x00)) << i;
}

TEST(TensilDriverInit, SendsTheBufferInChunksOfWholeBeats) {
  FakeHal hal(cmoda7());
  DriverConfig config;
  config.max_transfer_bytes = 20;  // rounded down to 16, two 8-byte beats
  Driver driver(hal, cmoda7(), config);
  driver.init();
  EXPECT_EQ(hal.transfers, (std::vector<size_t>{16, 16, 8}));
  EXPECT_EQ(hal.stream.size(), 40u);
}

TEST(TensilDriverInit, GivesUpWhenTheProbeNeverArrives) {
  FakeHal hal(cmoda7());
  hal.executes = false;
  DriverConfig config;
  config.timeout_ns = 5000;
  config.poll_interval_ns = 1000;
  Driver driver(hal, cmoda7(), config);
  try {
    driver.init();
    FAIL() << "init() returned without its flush probe";
  } catch (const DriverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("flush probe"), std::string::npos) << message;
    EXPECT_NE(message.find("within 5000 ns"), std::string::npos) << message;
    EXPECT_NE(message.find("configuration program"), std::string::npos) << message;
  }
  // Polls at 0, 1000, ..., 5000 ns: five sleeps of 1000 ns, then the error.
  EXPECT_EQ(hal.now_ns(), 5000u);
  EXPECT_EQ(hal.sleeps, (std::vector<uint64_t>(5, 1000)));
  EXPECT_EQ(hal.bytes_at(kCmoda7ProbeTarget, 8), std::vector<uint8_t>(8, 0xFF));
}

TEST(TensilDriverInit, LastSleepStopsAtTheTimeout) {
  FakeHal hal(cmoda7());
  hal.executes = false;
  DriverConfig config;
  config.timeout_ns = 2500;
  config.poll_interval_ns = 1000;
  Driver driver(hal, cmoda7(), config);
  EXPECT_THROW(driver.init(), DriverError);
  EXPECT_EQ(hal.sleeps, (std::vector<uint64_t>{1000, 1000, 500}));
  EXPECT_EQ(hal.now_ns(), 2500u);
}

// ------------------------------------------------------------ load_model / run

TEST(TensilDriverModel, RefusesAnIncompatibleArchitectureNamingTheKey) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.arch.local_depth = 2048;
  model.arch.stride1_depth = 4;
  try {
    driver.load_model(model);
    FAIL() << "incompatible model accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("local_depth is 2048 in the model and 4096 in the device"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(driver.model(), nullptr);
}

TEST(TensilDriverModel, IgnoresTheThreadKeys) {
  // The embedded driver compares nine keys, not the thread ones (Tensil's architecture.c).
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.arch.thread_queue_depth = 4;
  EXPECT_NO_THROW(driver.load_model(model));
}

TEST(TensilDriverModel, CopiesConstsIntoDram1AtTheirBase) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  // Vector 3 of DRAM1: 0x08010000 + 3 x 8 = 0x08010018, 16 bytes A0..AF.
  std::vector<uint8_t> expected;
  for (uint8_t b = 0xA0; b <= 0xAF; ++b) expected.push_back(b);
  EXPECT_EQ(hal.bytes_at(0x08010018, 16), expected);
  EXPECT_EQ(hal.bytes_at(0x08010010, 8), std::vector<uint8_t>(8, 0x00));  // vector 2 untouched
  ASSERT_NE(driver.model(), nullptr);
  EXPECT_EQ(driver.model()->name, "tiny");
  // Without load_consts_to_local nothing more is streamed than init's 5 words.
  EXPECT_EQ(hal.stream.size(), 40u);
}

TEST(TensilDriverModel, LoadsConstsToLocalMemoryWhenAsked) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.load_consts_to_local = true;
  driver.load_model(model);
  // After init's 5 words: DataMove DRAM1 -> local (local 3, DRAM1 3, size
  // field 1), then the two probe words; 24 bytes need no NoOp.
  const std::vector<Instruction> stream = hal.decoded_stream();
  ASSERT_EQ(stream.size(), 5u + 3u);
  EXPECT_EQ(stream[5].opcode, 0x2);
  EXPECT_EQ(stream[5].flags, 0x2);
  EXPECT_EQ(stream[5].operand0_address, 3u);
  EXPECT_EQ(stream[5].operand1_address, 3u);
  EXPECT_EQ(stream[5].operand2, 1u);
  EXPECT_EQ(stream[6].flags, 0x0);
  EXPECT_EQ(stream[7].flags, 0x1);
  // The interpreter found the consts through the DRAM1 offset register.
  EXPECT_EQ(hal.local.at(3), (std::vector<uint8_t>{0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7}));
  EXPECT_EQ(hal.local.at(4), (std::vector<uint8_t>{0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF}));
}

TEST(TensilDriverModel, RefusesLocalConstsOnTheProbesLocalVector) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.load_consts_to_local = true;
  model.consts[0].base = 4094;  // vectors 4094 and 4095; 4095 is the probe's
  try {
    driver.load_model(model);
    FAIL() << "consts over the probe's local vector accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("flush probe"), std::string::npos) << e.what();
  }
}

TEST(TensilDriverModel, RefusesConstsBeyondDram1) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.consts[0].base = 32767;  // two vectors from the last one
  EXPECT_THROW(driver.load_model(model), DriverError);
}

TEST(TensilDriverModel, RefusesTensorsOnTheProbeVectors) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.outputs = {{"out", "", 4093, 2}};  // reaches DRAM0 vector 4094, the probe target
  try {
    driver.load_model(model);
    FAIL() << "output over the probe accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("'out'"), std::string::npos) << e.what();
  }
}

TEST(TensilDriverModel, RequiresInitFirst) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  EXPECT_THROW(driver.load_model(tiny_model(folder)), DriverError);
  EXPECT_THROW(driver.run(), DriverError);
  EXPECT_THROW(driver.set_input("x", std::vector<float>(8, 0.0f)), DriverError);
}

TEST(TensilDriverRun, StreamsPcPreambleProgramProbeAndPadding) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  DriverConfig config;
  config.stream_width_bytes = 16;
  Driver driver(hal, cmoda7(), config);
  driver.init();
  // init: 5 words = 40 bytes, padded to 48 with one NoOp.
  ASSERT_EQ(hal.stream.size(), 48u);
  driver.load_model(tiny_model(folder));
  driver.run();
  // run: Configure PC := 0, the 2 program words, 2 probe words = 40 bytes,
  // padded to 48 with one NoOp.
  ASSERT_EQ(hal.stream.size(), 96u);
  const std::vector<uint8_t> run(hal.stream.begin() + 48, hal.stream.end());
  // Configure: value 0 << 4 | reg 0xA, header 0xF0.
  EXPECT_EQ(word(run, 0, 8), (std::vector<uint8_t>{0x0A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0}));
  EXPECT_EQ(word(run, 1, 8), word(kTinyProgram, 0, 8));
  EXPECT_EQ(word(run, 2, 8), word(kTinyProgram, 1, 8));
  EXPECT_EQ(word(run, 3, 8), (std::vector<uint8_t>{0xFF, 0x0F, 0xFF, 0x0F, 0x00, 0x00, 0x00, 0x20}));
  EXPECT_EQ(word(run, 4, 8), (std::vector<uint8_t>{0xFF, 0x0F, 0xFE, 0x0F, 0x00, 0x00, 0x00, 0x21}));
  EXPECT_EQ(word(run, 5, 8), std::vector<uint8_t>(8, 0x00));
}

TEST(TensilDriverRun, ResetsTheProbeBeforeEachRun) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  driver.run();
  // The second run must not be satisfied by the first run's probe: with the
  // TCU stopped it times out.
  hal.executes = false;
  EXPECT_THROW(driver.run(), DriverError);
}

TEST(TensilDriverRun, MeasuresFromStreamingToTheProbeSeen) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  hal.ns_per_stream_byte = 1;
  hal.write_latency_ns = 2500;
  driver.run();
  // 5 words = 40 bytes take 40 ns; the probe write lands at 40 + 2500. Polls
  // at 40, 1040, 2040 miss it, the one at 3040 sees it.
  EXPECT_EQ(driver.last_run_ns(), 3040u);
}

TEST(TensilDriverRun, TimesOutOnTheModelProgram) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  DriverConfig config;
  config.timeout_ns = 10000;
  Driver driver(hal, cmoda7(), config);
  driver.init();
  driver.load_model(tiny_model(folder));
  hal.executes = false;
  const uint64_t start = hal.now_ns();
  try {
    driver.run();
    FAIL() << "run() returned without its flush probe";
  } catch (const DriverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("flush probe of the model program"), std::string::npos) << message;
    EXPECT_NE(message.find("within 10000 ns"), std::string::npos) << message;
  }
  EXPECT_EQ(hal.now_ns() - start, 10000u);
}

// ------------------------------------------------------------ inputs and outputs

TEST(TensilDriverInputs, ConvertsWithTiesUpAndSaturation) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  // Tensil's FixedBase.fromFloat, raw = floor(f x 256 + 0.5) saturated to [-32768, 32767]:
  //   1.0 -> 256; 0.5/256 -> floor(1.0) = 1; -0.5/256 -> floor(0.0) = 0;
  //   -1/256 -> -1; 200 -> 51200 -> 32767; -200 -> -32768;
  //   1.5/256 -> floor(2.0) = 2; -1.5/256 -> floor(-1.0) = -1.
  driver.set_input("x", {1.0f, 0.5f / 256, -0.5f / 256, -1.0f / 256, 200.0f, -200.0f, 1.5f / 256, -1.5f / 256});
  // Input x: DRAM0 vector 5 = 0x08000028, two vectors, little-endian.
  EXPECT_EQ(hal.bytes_at(kBase + 5 * 8, 16),
            (std::vector<uint8_t>{0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF,  //
                                  0xFF, 0x7F, 0x00, 0x80, 0x02, 0x00, 0xFF, 0xFF}));
}

TEST(TensilDriverInputs, SaturatesInfinities) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  const float inf = std::numeric_limits<float>::infinity();
  driver.set_input("x", {inf, -inf, 1e30f, -1e30f, 127.99609375f, -128.0f, 127.998f, 0.0f});
  // 127.99609375 x 256 = 32767 exactly; 127.998 x 256 = 32767.49 -> 32767.
  EXPECT_EQ(hal.bytes_at(kBase + 5 * 8, 16),
            (std::vector<uint8_t>{0xFF, 0x7F, 0x00, 0x80, 0xFF, 0x7F, 0x00, 0x80,  //
                                  0xFF, 0x7F, 0x00, 0x80, 0xFF, 0x7F, 0x00, 0x00}));
}

TEST(TensilDriverInputs, WritesEveryEntryOfANameInOrderOfBase) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  // Listed out of order on purpose: the driver writes by base.
  model.inputs = {{"x", "", 10, 1}, {"y", "", 40, 1}, {"x", "", 2, 1}};
  driver.load_model(model);
  driver.set_input("x", {1, 2, 3, 4, 5, 6, 7, 8});
  // Base 2 gets 1..4 (raw 256, 512, 768, 1024), base 10 gets 5..8
  // (raw 1280, 1536, 1792, 2048).
  EXPECT_EQ(hal.bytes_at(kBase + 2 * 8, 8), (std::vector<uint8_t>{0x00, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x04}));
  EXPECT_EQ(hal.bytes_at(kBase + 10 * 8, 8), (std::vector<uint8_t>{0x00, 0x05, 0x00, 0x06, 0x00, 0x07, 0x00, 0x08}));
  EXPECT_EQ(hal.bytes_at(kBase + 40 * 8, 8), std::vector<uint8_t>(8, 0x00));
}

TEST(TensilDriverInputs, RefusesTheWrongNumberOfValues) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  try {
    driver.set_input("x", std::vector<float>(7, 0.0f));
    FAIL() << "7 values accepted for 2 vectors of 4 lanes";
  } catch (const DriverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'x'"), std::string::npos) << message;
    EXPECT_NE(message.find("takes 8 values"), std::string::npos) << message;
    EXPECT_NE(message.find("7 given"), std::string::npos) << message;
  }
  EXPECT_EQ(hal.bytes_at(kBase + 5 * 8, 16), std::vector<uint8_t>(16, 0x00));
}

TEST(TensilDriverInputs, RefusesAnUnknownNameListingTheModelsNames) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.inputs = {{"x", "", 5, 1}, {"x", "", 7, 1}, {"bias", "", 9, 1}};
  driver.load_model(model);
  try {
    driver.set_input("y", std::vector<float>(4, 0.0f));
    FAIL() << "unknown input accepted";
  } catch (const DriverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("no input named 'y'"), std::string::npos) << message;
    EXPECT_NE(message.find("'x', 'bias'"), std::string::npos) << message;
  }
  try {
    driver.get_output("y");
    FAIL() << "unknown output accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("'out'"), std::string::npos) << e.what();
  }
}

TEST(TensilDriverInputs, RefusesNaNNamingTheValue) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  driver.load_model(tiny_model(folder));
  std::vector<float> values(8, 0.0f);
  values[6] = std::nanf("");
  try {
    driver.set_input("x", values);
    FAIL() << "NaN accepted";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("value 6 is NaN"), std::string::npos) << e.what();
  }
}

TEST(TensilDriverOutputs, ReadsEveryEntryInOrderOfBase) {
  const std::string folder = test_folder();
  FakeHal hal(cmoda7());
  Driver driver(hal, cmoda7());
  driver.init();
  Model model = tiny_model(folder);
  model.outputs = {{"out", "", 30, 1}, {"out", "", 20, 1}};
  driver.load_model(model);
  // Vector 20: raw 256, -128, 1, 32767; vector 30: raw -32768, 0, 384, -1.
  const std::vector<uint8_t> v20 = {0x00, 0x01, 0x80, 0xFF, 0x01, 0x00, 0xFF, 0x7F};
  const std::vector<uint8_t> v30 = {0x00, 0x80, 0x00, 0x00, 0x80, 0x01, 0xFF, 0xFF};
  hal.write_memory(kBase + 20 * 8, v20.data(), v20.size());
  hal.write_memory(kBase + 30 * 8, v30.data(), v30.size());
  // raw / 256.
  EXPECT_EQ(driver.get_output("out"),
            (std::vector<float>{1.0f, -0.5f, 0.00390625f, 127.99609375f, -128.0f, 0.0f, 1.5f, -0.00390625f}));
}

}  // namespace
}  // namespace acosim::tensil

// Tensil's embedded driver, compiled unmodified for this executable's
// architecture, on acosim's Tensil board (clocked TCU, engine rtl): it loads
// and runs the example models from their .tmodel files, with outputs equal
// bit for bit to the independent fixed-point reference (the same reference
// acosim's own driver is held to in test_examples_rtl.cpp), and passes its
// own driver_tests.c (array, SIMD). Bad input ends in the driver's
// own error, with its message.
#include <gtest/gtest.h>

#include <sys/mman.h>

#include <fstream>

#include "systemc/core/reports.h"
#include "testbench/tensil/client/client_board.h"
#include "testbench/tensil/tests/dma_roles.h"
#include "testbench/tensil/client/tensil_driver.h"
#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/reference/source_model.h"
#include "testbench/tensil/tests/client_support.h"
#include "testbench/tensil/tests/example_check.h"

namespace acosim::tensil::test {
namespace {

using client::ClientBoardOptions;
using client::ClientError;
using client::TensilDriver;

ClientBoardOptions board_options(const std::filesystem::path& root) {
  ClientBoardOptions options;
  options.arch = client::compiled_architecture();
  options.engine = ArrayEngineKind::Rtl;
  options.platform.file_root = root.string();
  return options;
}

// Runs `model` `runs` times on one board with the same input; every run's
// outputs must equal the reference (a second run reads what the first left
// in DRAM and in the CPU's cache).
void check_model(const std::string& model, unsigned runs = 1) {
  const std::filesystem::path dir = client_scratch_dir();
  const std::string tmodel = build_example(model, client::compiled_architecture_name(), dir);
  const reference::SourceModel source = reference::read_source_model(example_model_path(model));
  const std::vector<double> input = example_input(model, source);
  const unsigned n = client::compiled_architecture().array_size;

  std::vector<std::vector<float>> outputs;
  const client::ClientRunResult result = client::run_on_board(board_options(dir), [&] {
    TensilDriver driver;
    driver.load_model(tmodel);
    for (unsigned run = 0; run < runs; ++run) {
      driver.set_input(source.input_name, to_vectors(input, source.input_shape.back(), n));
      driver.run();
      outputs.push_back(driver.output(source.output_name));
    }
  });
  EXPECT_GT(result.tcu_instructions, 0u);
  EXPECT_GT(result.simulated_ns, 0u);
  ASSERT_EQ(outputs.size(), runs);
  for (unsigned run = 0; run < runs; ++run) {
    SCOPED_TRACE("run " + std::to_string(run + 1) + " of " + std::to_string(runs));
    check_example_output(model, source, input, n, outputs[run]);
  }
}

TEST(CLIENT_SUITE(TensilClientModels), Xor) { check_model("xor"); }
TEST(CLIENT_SUITE(TensilClientModels), Dense) { check_model("dense"); }
TEST(CLIENT_SUITE(TensilClientModels), Conv) { check_model("conv"); }
TEST(CLIENT_SUITE(TensilClientModels), ConvTwiceOnOneBoard) { check_model("conv", 2); }

// driver_tests.c (its memory test: test_client_memory.cpp).
void run_driver_test(const std::function<void(TensilDriver&)>& test, size_t min_verdicts) {
  StdoutCapture capture;
  client::run_on_board(board_options(client_scratch_dir()), [&] {
    TensilDriver driver;
    test(driver);
  });
  expect_all_ok(capture.text(), min_verdicts);
}

TEST(CLIENT_SUITE(TensilClientDriverTests), Array) {
  run_driver_test([](TensilDriver& d) { d.run_array_test(false); }, 1);
}
TEST(CLIENT_SUITE(TensilClientDriverTests), Simd) {
  run_driver_test([](TensilDriver& d) { d.run_simd_test(false); }, 1);
}

// Bad input: the driver's own checks, reported with its message.
std::string load_error(const std::filesystem::path& root, const std::string& tmodel) {
  std::string message;
  client::run_on_board(board_options(root), [&] {
    TensilDriver driver;
    try {
      driver.load_model(tmodel);
    } catch (const ClientError& e) {
      message = e.what();
    }
  });
  return message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), MissingModelFile) {
  const std::string message = load_error(client_scratch_dir(), "missing.tmodel");
  EXPECT_NE(message.find("tensil_model_from_file(missing.tmodel)"), std::string::npos) << message;
  EXPECT_NE(message.find("FR_NO_FILE"), std::string::npos) << message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), ModelForAnotherArchitecture) {
  const std::filesystem::path dir = client_scratch_dir();
  const std::string other = std::string(client::compiled_architecture_name()) == "pynqz1" ? "ultra96v2" : "pynqz1";
  const std::string tmodel = build_example("xor", other, dir);
  const std::string message = load_error(dir, tmodel);
  EXPECT_NE(message.find("tensil_driver_load_model(" + tmodel + "): Incompatible model"), std::string::npos)
      << message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), MissingConstsFile) {
  const std::filesystem::path dir = client_scratch_dir();
  const std::string tmodel = build_example("xor", client::compiled_architecture_name(), dir);
  std::filesystem::remove(dir / (tmodel.substr(0, tmodel.size() - 7) + ".tdata"));
  const std::string message = load_error(dir, tmodel);
  EXPECT_NE(message.find("tensil_driver_load_model"), std::string::npos) << message;
  EXPECT_NE(message.find("FR_NO_FILE"), std::string::npos) << message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), TruncatedProgram) {
  const std::filesystem::path dir = client_scratch_dir();
  const std::string tmodel = build_example("xor", client::compiled_architecture_name(), dir);
  std::filesystem::resize_file(dir / (tmodel.substr(0, tmodel.size() - 7) + ".tprog"), 8);
  const std::string message = load_error(dir, tmodel);
  EXPECT_NE(message.find("Unexpected program size"), std::string::npos) << message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), InvalidJson) {
  const std::filesystem::path dir = client_scratch_dir();
  std::ofstream(dir / "bad.tmodel") << "{\"prog\": ";
  const std::string message = load_error(dir, "bad.tmodel");
  EXPECT_NE(message.find("Invalid JSON in bad.tmodel"), std::string::npos) << message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), UnknownInputName) {
  const std::filesystem::path dir = client_scratch_dir();
  const std::string tmodel = build_example("xor", client::compiled_architecture_name(), dir);
  std::string message;
  client::run_on_board(board_options(dir), [&] {
    TensilDriver driver;
    driver.load_model(tmodel);
    try {
      driver.set_input("nope", {1.0f});
    } catch (const ClientError& e) {
      message = e.what();
    }
  });
  EXPECT_NE(message.find("Unexpected input name nope"), std::string::npos) << message;
}

TEST(CLIENT_SUITE(TensilClientBadInput), BoardOfAnotherArchitecture) {
  ClientBoardOptions options = board_options(client_scratch_dir());
  options.arch.array_size *= 2;
  bool ran = false;
  try {
    client::run_on_board(options, [&] { ran = true; });
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("the one Tensil's driver was compiled for"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(ran);
}

// The board the driver was compiled for, from Tensil's
// drivers/embedded/tensil/platform.h: TENSIL_TARGET_PYNQ_Z1 for the 8x8
// pynqz1 architecture (program buffer 0x00400000-0x08000000, DRAM buffer to
// 0x0c000000, samples to 0x0fffffff; instruction DMA device 1, sample DMA
// device 0), TENSIL_TARGET_ULTRA96_V2 (ZCU104 the same) for ultra96v2
// (0x10000000-0x40000000, DRAM to 0x50000000, samples to 0x60000000;
// instruction DMA device 0, sample DMA device 1). Cache lines: the
// Cortex-A9's 32 bytes, the Cortex-A53's 64.
struct ExpectedMap {
  const char* target;
  uint64_t prog_base, prog_high, dram_high, sample_high;
  uint32_t instruction_dma, sample_dma;
  unsigned line_bytes;
  const char* window;  // the host range mapped for it, in the error text
};

ExpectedMap expected_map() {
  if (std::string(client::compiled_architecture_name()) == "pynqz1") {
    return {"PYNQ-Z1", 0x00400000, 0x08000000, 0x0c000000, 0x0fffffff, 1, 0, 32, "0x400000-0x10000000"};
  }
  return {"Ultra96-V2", 0x10000000, 0x40000000, 0x50000000, 0x60000000, 0, 1, 64, "0x10000000-0x60000000"};
}

// Errors of the simulation unwind through the driver's C frames and come
// back from run_on_board. The fast engine has no sampler: the sample DMA's
// transfer can never complete, which the driver would poll forever.
TEST(CLIENT_SUITE(TensilClientBadInput), TcuWithoutSampler) {
  const std::filesystem::path dir = client_scratch_dir();
  ClientBoardOptions options = board_options(dir);
  options.engine = ArrayEngineKind::Fast;
  try {
    client::run_on_board(options, [] { TensilDriver driver; });
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    // The sample engine is the target's: device 0 on the PYNQ-Z1, 1 on the Ultra96-V2.
    EXPECT_EQ(std::string(e.what()), "AXI DMA " + std::to_string(expected_map().sample_dma) +
                                         " S2MM: the stream never delivers data (is the device built without it?)");
  }
}

// An invalid instruction in the model's program stops the TCU, which names
// its program counter: 1 for the .tprog's first instruction, as the driver's
// preamble sets the counter to 1 (driver.c, PROGRAM_COUNTER_SHIFT).
TEST(CLIENT_SUITE(TensilClientBadInput), InvalidInstruction) {
  const std::filesystem::path dir = client_scratch_dir();
  const std::string tmodel = build_example("xor", client::compiled_architecture_name(), dir);
  const std::filesystem::path tprog = dir / (tmodel.substr(0, tmodel.size() - 7) + ".tprog");
  const std::string garbage(std::filesystem::file_size(tprog), '\x77');  // opcode 7: none
  std::ofstream(tprog, std::ios::binary) << garbage;
  try {
    client::run_on_board(board_options(dir), [&] {
      TensilDriver driver;
      driver.load_model(tmodel);
      driver.run();
    });
    FAIL() << "no error";
  } catch (const core::SimulationError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("pc 1 ", 0), 0u) << message;
    EXPECT_NE(message.find("invalid opcode 0x7"), std::string::npos) << message;
  }
}

TEST(CLIENT_SUITE(TensilClientPlatformMap), IsTheTargetsOwn) {
  const ExpectedMap want = expected_map();
  const client::PlatformMap map = client::compiled_platform_map();
  EXPECT_EQ(map.target, want.target);
  EXPECT_EQ(map.prog_buffer_base, want.prog_base);
  EXPECT_EQ(map.prog_buffer_high, want.prog_high);
  EXPECT_EQ(map.dram_buffer_base, want.prog_high);
  EXPECT_EQ(map.dram_buffer_high, want.dram_high);
  EXPECT_EQ(map.sample_buffer_base, want.dram_high);
  EXPECT_EQ(map.sample_buffer_high, want.sample_high);
  EXPECT_EQ(map.instruction_dma_device_id, want.instruction_dma);
  EXPECT_EQ(map.sample_dma_device_id, want.sample_dma);
  EXPECT_EQ(map.cache_line_bytes, want.line_bytes);
}

// The board built for the driver uses that map: the driver's buffers are
// where the target puts them, the instruction engine is the MM2S one and
// the sample engine the S2MM one, and a run through both works.
TEST(CLIENT_SUITE(TensilClientPlatformMap), TheBoardRunsTheDriverOnIt) {
  const ExpectedMap want = expected_map();
  const std::filesystem::path dir = client_scratch_dir();
  const std::string tmodel = build_example("xor", client::compiled_architecture_name(), dir);
  client::run_on_board(board_options(dir), [&] {
    client::Platform& platform = client::Platform::current();
    EXPECT_EQ(platform.map().target, want.target);
    EXPECT_EQ(platform.cache().line_bytes(), want.line_bytes);
    client::test::expect_dma_roles(platform, want.instruction_dma, want.sample_dma);
    TensilDriver driver;
    driver.load_model(tmodel);
    driver.run();
    // The driver sized its program buffer from the target's defines.
    EXPECT_EQ(driver.program_buffer_bytes(), want.prog_high - want.prog_base);
  });
}

// A map given for the board must be the one the driver was compiled for.
TEST(CLIENT_SUITE(TensilClientPlatformMap), AnotherTargetsMapIsAnError) {
  ClientBoardOptions options = board_options(client_scratch_dir());
  const bool pynq = std::string(expected_map().target) == "PYNQ-Z1";
  options.platform.map = pynq ? client::ultra96_v2_map() : client::pynq_z1_map();
  try {
    client::run_on_board(options, [] {});
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), pynq ? "the board's address map (Ultra96-V2) differs from the one Tensil's driver was "
                                  "compiled for (PYNQ-Z1)"
                                : "the board's address map (PYNQ-Z1) differs from the one Tensil's driver was "
                                  "compiled for (Ultra96-V2)");
  }
}

// The driver's physical addresses must be free in the host process.
TEST(CLIENT_SUITE(TensilClientBadInput), AddressRangeTaken) {
  const ExpectedMap want = expected_map();
  void* taken = mmap(reinterpret_cast<void*>(want.prog_base + 0x1000000), 4096, PROT_READ,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  ASSERT_NE(taken, MAP_FAILED);
  try {
    client::run_on_board(board_options(client_scratch_dir()), [] {});
    FAIL() << "the platform mapped over an existing mapping";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(std::string("cannot map the driver's physical address range ") + want.window),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("something else is mapped there already"), std::string::npos) << e.what();
  }
  munmap(taken, 4096);
}

}  // namespace
}  // namespace acosim::tensil::test

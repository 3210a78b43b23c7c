// driver_tests.c's sampling test (tensil_driver_run_sampling_test): 64 Mi
// NoOps streamed by the instruction DMA while the sample DMA drains the
// clocked TCU's sampler block by block; the driver finds every sample's
// program counter within 1000 cycles (its sample interval) of the previous
// one.
//
// 64 Mi NoOps take 64 Mi instructions of program buffer: 576 MiB of
// 72-bit instructions on ultra96v2, within the Ultra96-V2's 768 MiB
// (Tensil's platform.h), but 512 MiB of 64-bit ones on pynqz1, beyond the
// PYNQ-Z1's 124 MiB (0x00400000-0x08000000). There, as on the board, the
// driver's own test stops with its "Program is too big"; the same test is
// then run with as many whole Mi NoOps as the PYNQ-Z1's buffer holds (15 Mi,
// 120 MiB).
#include <gtest/gtest.h>

#include <regex>

#include "sw/tensil/regs/architecture.h"
#include "testbench/tensil/client/client_board.h"
#include "testbench/tensil/client/tensil_driver.h"
#include "testbench/tensil/tests/client_support.h"

namespace acosim::tensil::test {
namespace {

constexpr uint64_t kMi = 1024 * 1024;
constexpr uint64_t kSpecNoOps = 64 * kMi;  // driver_tests.c's SAMPLING_TEST_SIZE

client::ClientBoardOptions sampling_board() {
  client::ClientBoardOptions options;
  options.arch = client::compiled_architecture();
  options.engine = ArrayEngineKind::Rtl;
  options.platform.file_root = client_scratch_dir().string();
  return options;
}

// Whether driver_tests.c's 64 Mi NoOps fit the board's program buffer,
// with room for the driver's preamble and postamble.
bool spec_program_fits() {
  const uint64_t instruction_bytes = InstructionLayout::derive(client::compiled_architecture()).instruction_bytes;
  return (kSpecNoOps + 1024) * instruction_bytes <= client::compiled_platform_map().prog_buffer_bytes();
}

void run_spec_sampling_test() {
  size_t sample_bytes = 0;
  StdoutCapture capture;
  const client::ClientRunResult result = client::run_on_board(sampling_board(), [&] {
    client::TensilDriver driver;
    driver.run_sampling_test(false);
    sample_bytes = driver.sample_bytes();
  });
  const std::string output = capture.text();
  std::cout << output << "simulated " << result.simulated_ns << " ns, " << result.tcu_instructions
            << " TCU instructions, " << result.wall_seconds << " s wall\n";

  // "OK: collected N samples, V valid with S stalling and M missing, ..."
  const std::regex verdict(
      "OK\033\\[39m: collected ([0-9]+) samples, ([0-9]+) valid with ([0-9]+) stalling and ([0-9]+) missing");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(output, match, verdict)) << output;
  const uint64_t collected = std::stoull(match[1]);
  const uint64_t valid = std::stoull(match[2]);
  EXPECT_EQ(std::stoull(match[4]), 0u);
  EXPECT_EQ(collected * 8, sample_bytes);
  // 64 Mi NoOps take at least 64 Mi cycles: a sample per 1000 cycles.
  EXPECT_GE(valid, kSpecNoOps / 1000 - 2);
  EXPECT_GE(result.tcu_instructions, kSpecNoOps);
}

void run_sampling_sized_to_the_program_buffer() {
  const uint64_t instruction_bytes = InstructionLayout::derive(client::compiled_architecture()).instruction_bytes;
  const uint64_t capacity = client::compiled_platform_map().prog_buffer_bytes() / instruction_bytes;
  const uint64_t noops = (capacity - 1024) / kMi * kMi;
  ASSERT_GE(noops, kMi);
  std::string spec_error;
  client::TensilDriver::SamplingCounts counts;
  size_t sample_bytes = 0;
  const client::ClientRunResult result = client::run_on_board(sampling_board(), [&] {
    client::TensilDriver driver;
    EXPECT_EQ(driver.program_buffer_bytes(), client::compiled_platform_map().prog_buffer_bytes());
    EXPECT_EQ(driver.instruction_bytes(), instruction_bytes);
    try {
      driver.run_sampling_test(false);
    } catch (const client::ClientError& e) {
      spec_error = e.what();
    }
    counts = driver.run_noop_sampling(noops);
    sample_bytes = driver.sample_bytes();
  });
  std::cout << noops << " NoOps: collected " << counts.collected << " samples, " << counts.valid << " valid with "
            << counts.stalling << " stalling and " << counts.missing << " missing; simulated " << result.simulated_ns
            << " ns, " << result.tcu_instructions << " TCU instructions, " << result.wall_seconds << " s wall\n";
  EXPECT_EQ(spec_error, "tensil_driver_run_sampling_test: Program is too big");
  EXPECT_EQ(counts.missing, 0u);
  EXPECT_EQ(counts.collected * 8, sample_bytes);
  // The NoOps take at least `noops` cycles: a sample per 1000 cycles.
  EXPECT_GE(counts.valid, noops / 1000 - 2);
  EXPECT_GE(result.tcu_instructions, noops);
}

TEST(CLIENT_SUITE(TensilClientSampling), SixtyFourMiNoOps) {
  if (spec_program_fits()) {
    run_spec_sampling_test();
  } else {
    run_sampling_sized_to_the_program_buffer();
  }
}

}  // namespace
}  // namespace acosim::tensil::test

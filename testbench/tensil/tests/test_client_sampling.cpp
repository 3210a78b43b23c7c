// driver_tests.c's sampling test (tensil_driver_run_sampling_test): 64 Mi
// NoOps (512 MiB of program on an 8-byte instruction) streamed by the
// instruction DMA while the sample DMA drains the clocked TCU's sampler
// block by block; the driver finds every sample's program counter within
// 1000 cycles (its sample interval) of the previous one.
#include <gtest/gtest.h>

#include <regex>

#include "testbench/tensil/client/client_board.h"
#include "testbench/tensil/client/tensil_driver.h"
#include "testbench/tensil/tests/client_support.h"

namespace acosim::tensil::test {
namespace {

TEST(CLIENT_SUITE(TensilClientSampling), SixtyFourMiNoOps) {
  client::ClientBoardOptions options;
  options.arch = client::compiled_architecture();
  options.engine = ArrayEngineKind::Rtl;
  options.platform.file_root = client_scratch_dir().string();
  size_t sample_bytes = 0;
  StdoutCapture capture;
  const client::ClientRunResult result = client::run_on_board(options, [&] {
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
  EXPECT_GE(valid, 64u * 1024 * 1024 / 1000 - 2);
  EXPECT_GE(result.tcu_instructions, 64u * 1024 * 1024);
}

}  // namespace
}  // namespace acosim::tensil::test

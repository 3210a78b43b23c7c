// driver_tests.c's memory test (tensil_driver_run_memory_test): random
// vectors moved DRAM -> local -> accumulators -> local -> DRAM with every
// stride, offset and shift, compared by the driver. It makes about
// 2 x accumulator_depth^2 runs, so it runs on the small memtest
// architecture (testbench/tensil/client/memtest.tarch: 4x4, local and
// accumulators of 16 vectors, strides 1 and 2) on a board without the
// sample DMA.
#include <gtest/gtest.h>

#include <regex>

#include "testbench/tensil/client/client_board.h"
#include "testbench/tensil/client/tensil_driver.h"
#include "testbench/tensil/tests/client_support.h"

namespace acosim::tensil::test {
namespace {

void run_memory_test(int from_bank, int to_bank) {
  client::ClientBoardOptions options;
  options.arch = client::compiled_architecture();
  options.engine = ArrayEngineKind::Rtl;
  options.platform.file_root = client_scratch_dir().string();
  StdoutCapture capture;
  client::run_on_board(options, [&] {
    client::TensilDriver driver;
    driver.run_memory_test(from_bank, to_bank, false);
  });
  const std::string output = capture.text();
  // Sizes 1-9 (around 8) and 15-16 (around 16, the accumulator depth): a
  // strides verdict and an offsets verdict each.
  expect_all_ok(output, 22);
  uint64_t tests = 0;
  const std::regex verdict("OK\033\\[39m: ([0-9]+) tests, 0 failures");
  for (auto it = std::sregex_iterator(output.begin(), output.end(), verdict); it != std::sregex_iterator(); ++it) {
    tests += std::stoull((*it)[1]);
  }
  EXPECT_GT(tests, 1000u) << output;
}

TEST(CLIENT_SUITE(TensilClientMemoryTest), Dram0ToDram0) { run_memory_test(0, 0); }
TEST(CLIENT_SUITE(TensilClientMemoryTest), Dram0ToDram1) { run_memory_test(0, 1); }
TEST(CLIENT_SUITE(TensilClientMemoryTest), Dram1ToDram0) { run_memory_test(1, 0); }
TEST(CLIENT_SUITE(TensilClientMemoryTest), Dram1ToDram1) { run_memory_test(1, 1); }

}  // namespace
}  // namespace acosim::tensil::test

// Shared by the Tensil client tests: suites named per architecture (each
// architecture's tests are one executable, whose driver was compiled for
// it), scratch folders, and the example models built for the driver's
// architecture.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "sw/tensil/model.h"
#include "testbench/tensil/client/client_board.h"
#include "testbench/tensil/tests/client_verdicts.h"
#include "testbench/tensil/tests/example_support.h"
#include "tools/tensil/model_compiler.h"

#define ACOSIM_CLIENT_PASTE2(a, b) a##_##b
#define ACOSIM_CLIENT_PASTE(a, b) ACOSIM_CLIENT_PASTE2(a, b)
// TensilClient -> TensilClient_pynqz1: the same test in each architecture's
// executable gets its own name.
#define CLIENT_SUITE(name) ACOSIM_CLIENT_PASTE(name, ACOSIM_CLIENT_ARCH_TOKEN)

namespace acosim::tensil::test {

inline std::filesystem::path client_scratch_dir() {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / (std::string("client_") + info->test_suite_name() + "_" + info->name() + "_" +
                                                    std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Builds examples/tensil/models/<model>.json for `arch_name` into `dir`;
// returns the .tmodel's file name.
inline std::string build_example(const std::string& model, const std::string& arch_name,
                                 const std::filesystem::path& dir) {
  const std::string arch_path = example_arch_path(arch_name);
  const BuiltModel built = build_model(example_model_path(model), read_architecture(arch_path), arch_path);
  write_built_model(built, dir.string());
  return built.model.name + ".tmodel";
}

// The driver's test verdicts go to stdout. When the test ends early (an
// exception), what was captured goes to stderr and GoogleTest's own report
// to stdout again.
class StdoutCapture {
 public:
  StdoutCapture() { testing::internal::CaptureStdout(); }
  ~StdoutCapture() {
    if (!m_taken) std::fputs(text().c_str(), stderr);
  }
  StdoutCapture(const StdoutCapture&) = delete;
  StdoutCapture& operator=(const StdoutCapture&) = delete;
  std::string text() {
    std::fflush(stdout);
    m_taken = true;
    return testing::internal::GetCapturedStdout();
  }

 private:
  bool m_taken = false;
};

}  // namespace acosim::tensil::test

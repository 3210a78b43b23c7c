// The verdict check of the Tensil client tests (expect_all_ok), apart from
// client_support.h so that its negative controls (test_checker_controls.cpp)
// build without Tensil's driver sources.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace acosim::tensil::test {

// driver_tests.c prints "OK" or "FAILED" per test and returns no error for
// a failed comparison: the verdict is in its output.
inline void expect_all_ok(const std::string& output, size_t min_verdicts) {
  const std::string ok = "\033[38;2;0;255;00mOK";
  EXPECT_EQ(output.find("FAILED"), std::string::npos) << output;
  size_t verdicts = 0;
  for (size_t at = output.find(ok); at != std::string::npos; at = output.find(ok, at + 1)) ++verdicts;
  EXPECT_GE(verdicts, min_verdicts) << output;
}

}  // namespace acosim::tensil::test

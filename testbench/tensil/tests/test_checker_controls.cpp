// Negative controls of two Tensil test checkers, run on outputs built here
// rather than simulated:
// - check_example_output (example_check.h), the check of every example run
//   (example_tests.cmake, test_client.cpp): the reference's own output
//   passes; one lane off by one LSB, a non-zero padding lane, a missing
//   lane, a wrong XOR truth value and a corrupted expectation (the output
//   checked against another input) each fail it.
// - expect_all_ok (client_verdicts.h), the verdict check of driver_tests.c's
//   output (test_client.cpp, test_client_memory.cpp): all verdicts OK
//   passes; a FAILED verdict, too few verdicts, and an OK without the
//   driver's colour (not a verdict) fail it.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/reference/source_model.h"
#include "testbench/tensil/tests/client_verdicts.h"
#include "testbench/tensil/tests/example_check.h"
#include "testbench/tensil/tests/example_support.h"

namespace acosim::tensil::test {
namespace {

// The failures a check reports, intercepted so that they do not fail this
// test.
struct Failures {
  size_t fatal = 0, nonfatal = 0;
  std::vector<std::string> messages;
  size_t count() const { return fatal + nonfatal; }
  bool mention(const std::string& text) const {
    for (const std::string& m : messages) {
      if (m.find(text) != std::string::npos) return true;
    }
    return false;
  }
  std::string all() const {
    std::string text;
    for (const std::string& m : messages) text += m + "\n";
    return text;
  }
};

Failures failures_of(const std::function<void()>& check) {
  testing::TestPartResultArray results;
  {
    testing::ScopedFakeTestPartResultReporter reporter(
        testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    check();
  }
  Failures f;
  for (int i = 0; i < results.size(); ++i) {
    const testing::TestPartResult& r = results.GetTestPartResult(i);
    if (r.fatally_failed()) ++f.fatal;
    if (r.nonfatally_failed()) ++f.nonfatal;
    if (r.failed()) f.messages.push_back(r.message());
  }
  return f;
}

// ---------------------------------------------------------------------------
// check_example_output

// An example model with its deterministic input and the output a correct
// TCU writes: the fixed-point reference in its lanes (FP16BP8: raw / 256,
// exact in float), zero in the padding lanes.
struct Example {
  std::string model;
  unsigned n;
  reference::SourceModel source;
  std::vector<double> input;
  std::vector<float> out;
  uint64_t channels = 0;
};

Example example(const std::string& model, unsigned n) {
  Example e{model, n, reference::read_source_model(example_model_path(model)), {}, {}, 0};
  e.input = example_input(model, e.source);
  e.channels = e.source.output_shape().back();
  const std::vector<int64_t> fixed = reference::run_fixed(e.source, e.input, reference::kFp16Bp8, n);
  const uint64_t positions = fixed.size() / e.channels;
  e.out.assign(positions * vectors_per_position(e.channels, n) * n, 0.0f);
  for (uint64_t p = 0; p < positions; ++p) {
    for (uint64_t c = 0; c < e.channels; ++c) {
      e.out[lane_index(p, c, e.channels, n)] = float(fixed[p * e.channels + c]) / 256.0f;
    }
  }
  return e;
}

Failures check(const Example& e, const std::vector<float>& out) {
  return failures_of([&] { check_example_output(e.model, e.source, e.input, e.n, out); });
}

TEST(ExampleCheckControl, TheReferencesOwnOutputPasses) {
  for (const char* model : {"xor", "dense", "conv"}) {
    for (unsigned n : {8u, 16u}) {
      const Example e = example(model, n);
      const Failures f = check(e, e.out);
      EXPECT_EQ(f.count(), 0u) << model << " n = " << n << ":\n" << f.all();
    }
  }
}

TEST(ExampleCheckControl, OneLaneOffByOneLsbFails) {
  for (const char* model : {"xor", "dense", "conv"}) {
    const Example e = example(model, 8);
    // The last element: position p, channel c.
    const uint64_t positions = e.out.size() / (vectors_per_position(e.channels, 8) * 8);
    const uint64_t p = positions - 1, c = e.channels - 1;
    std::vector<float> wrong = e.out;
    wrong[lane_index(p, c, e.channels, 8)] += 1.0f / 256;
    // The bit-exact comparison fails; the float bound may fail as well.
    const Failures f = check(e, wrong);
    EXPECT_EQ(f.fatal, 0u) << model << ":\n" << f.all();
    EXPECT_GE(f.nonfatal, 1u) << model;
    EXPECT_TRUE(f.mention("position " + std::to_string(p) + " channel " + std::to_string(c))) << model << ":\n"
                                                                                              << f.all();
  }
}

TEST(ExampleCheckControl, NonZeroPaddingLaneFails) {
  // XOR has one output channel: lanes 1..7 of each vector are padding.
  const Example e = example("xor", 8);
  std::vector<float> wrong = e.out;
  wrong[lane_index(2, 1, e.channels, 8)] = 1.0f / 256;
  EXPECT_NONFATAL_FAILURE(check_example_output(e.model, e.source, e.input, e.n, wrong),
                          "padding lane " + std::to_string(lane_index(2, 1, e.channels, 8)));
}

TEST(ExampleCheckControl, MissingLaneFails) {
  const Example e = example("dense", 8);
  std::vector<float> short_out = e.out;
  short_out.pop_back();
  const Failures f = check(e, short_out);
  EXPECT_EQ(f.fatal, 1u) << f.all();
}

TEST(ExampleCheckControl, WrongXorTruthValueFails) {
  // Case 1 (0 xor 1) read as 0: the fixed-point comparison and the truth
  // table each report it.
  const Example e = example("xor", 8);
  std::vector<float> wrong = e.out;
  wrong[lane_index(1, 0, 1, 8)] = 0.0f;
  const Failures f = check(e, wrong);
  EXPECT_TRUE(f.mention("XOR case 1")) << f.all();
  EXPECT_TRUE(f.mention("position 1 channel 0")) << f.all();
}

TEST(ExampleCheckControl, CorruptedExpectationFails) {
  // The output of the true input, checked as if the input were another:
  // for XOR, cases 0 and 1 swapped; for dense and conv, one input element
  // changed by 1/13.
  for (const char* model : {"xor", "dense", "conv"}) {
    const Example e = example(model, 8);
    std::vector<double> other = e.input;
    if (e.model == "xor") {
      other = {0, 1, 0, 0, 1, 0, 1, 1};
    } else {
      other[0] += 1.0 / 13;
    }
    const Failures f = failures_of([&] { check_example_output(e.model, e.source, other, e.n, e.out); });
    EXPECT_GT(f.nonfatal, 0u) << model;
    EXPECT_TRUE(f.mention("position 0 channel ")) << model << ":\n" << f.all();
  }
}

// ---------------------------------------------------------------------------
// expect_all_ok

// driver_tests.c's verdicts (its `ok` and `failed` strings).
const std::string kOk = "\033[38;2;0;255;00mOK\033[39m";
const std::string kFailed = "\033[38;2;255;0;00mFAILED\033[39m";

// What the memory test prints: a strides and an offsets verdict per size.
std::string memory_test_output(const std::string& strides_verdict) {
  return "000001 vectors -----------------------\n\tStrides test " + strides_verdict +
         ": 24 tests, 0 failures\n\tOffsets test " + kOk + ": 48 tests, 0 failures\n";
}

TEST(ExpectAllOkControl, AllVerdictsOkPasses) {
  const Failures f = failures_of([&] { expect_all_ok(memory_test_output(kOk) + kOk + "\n", 3); });
  EXPECT_EQ(f.count(), 0u) << f.all();
}

TEST(ExpectAllOkControl, AFailedVerdictFails) {
  const std::string output = memory_test_output(kFailed);
  // Enough OK verdicts otherwise: the FAILED one alone fails the check.
  EXPECT_NONFATAL_FAILURE(expect_all_ok(output, 1), "FAILED");
}

TEST(ExpectAllOkControl, AFailedComparisonDetailFails) {
  const std::string output = kOk + "\n" + kFailed + " moving 4 vectors from 0 to 8:\n\t[0]1.000000!=[8]0.000000\n";
  const Failures f = failures_of([&] { expect_all_ok(output, 1); });
  EXPECT_EQ(f.nonfatal, 1u) << f.all();
}

TEST(ExpectAllOkControl, MissingVerdictsFail) {
  // Two verdicts where three are required, and no output at all.
  EXPECT_NONFATAL_FAILURE(expect_all_ok(memory_test_output(kOk), 3), "verdicts");
  const Failures f = failures_of([] { expect_all_ok("", 1); });
  EXPECT_EQ(f.nonfatal, 1u) << f.all();
}

TEST(ExpectAllOkControl, AnOkWithoutTheDriversColourIsNoVerdict) {
  const Failures f = failures_of([] { expect_all_ok("OK: 24 tests, 0 failures\n", 1); });
  EXPECT_EQ(f.nonfatal, 1u) << f.all();
}

}  // namespace
}  // namespace acosim::tensil::test

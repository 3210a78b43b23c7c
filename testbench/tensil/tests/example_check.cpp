#include "testbench/tensil/tests/example_check.h"

#include <gtest/gtest.h>

#include <cmath>

#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/reference/float_reference.h"
#include "testbench/tensil/tests/example_support.h"

namespace acosim::tensil::test {

void check_example_output(const std::string& model, const reference::SourceModel& source,
                          const std::vector<double>& input, unsigned n, const std::vector<float>& out) {
  const uint64_t channels = source.output_shape().back();
  const std::vector<int64_t> fixed = reference::run_fixed(source, input, reference::kFp16Bp8, n);
  const reference::FloatResult real = reference::run_float(source, input, reference::kFp16Bp8);
  const uint64_t positions = fixed.size() / channels;
  ASSERT_EQ(out.size(), positions * vectors_per_position(channels, n) * n);

  // Tolerance against the float reference: per element, the bound derived
  // in float_reference.h from the quantization of inputs and constants
  // (FixedBase.fromFloat) plus half an LSB per MAC step that can round;
  // for these examples it stays below 0.09 (checked in test_reference.cpp).
  std::vector<bool> is_element(out.size(), false);
  for (uint64_t p = 0; p < positions; ++p) {
    for (uint64_t c = 0; c < channels; ++c) {
      const uint64_t e = p * channels + c;
      const uint64_t lane = lane_index(p, c, channels, n);
      is_element[lane] = true;
      // FP16BP8 values are exact in float: raw = value * 256.
      const double value = out[lane];
      EXPECT_EQ(int64_t(value * 256), fixed[e]) << "position " << p << " channel " << c;
      EXPECT_LE(std::fabs(value - real.values[e]), real.error_bound[e]) << "position " << p << " channel " << c;
    }
  }
  for (size_t lane = 0; lane < out.size(); ++lane) {
    if (!is_element[lane]) {
      EXPECT_EQ(out[lane], 0.0f) << "padding lane " << lane;
    }
  }
  if (model == "xor") {
    const bool expected[] = {false, true, true, false};
    for (uint64_t p = 0; p < 4; ++p) {
      EXPECT_EQ(out[lane_index(p, 0, 1, n)] > 0.5f, expected[p]) << "XOR case " << p;
    }
  }
}

}  // namespace acosim::tensil::test

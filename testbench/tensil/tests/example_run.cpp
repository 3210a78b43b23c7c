#include "testbench/tensil/tests/example_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "sw/tensil/model.h"
#include "tools/tensil/model_compiler.h"
#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/reference/float_reference.h"
#include "testbench/tensil/system.h"
#include "testbench/tensil/tests/example_support.h"

namespace acosim::tensil::test {

void check_example(const std::string& model, const std::string& arch_name, ArrayEngineKind engine) {
  namespace fs = std::filesystem;
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(testing::TempDir()) / (std::string("example_") + info->test_suite_name() + "_" +
                                                       info->name());
  fs::remove_all(dir);

  const std::string arch_path = example_arch_path(arch_name);
  const Architecture arch = read_architecture(arch_path);
  const BuiltModel built = build_model(example_model_path(model), arch, arch_path);
  write_built_model(built, dir.string());

  const reference::SourceModel source = reference::read_source_model(example_model_path(model));
  const std::vector<double> input = example_input(model, source);
  const unsigned n = arch.array_size;

  RunRequest request;
  request.tmodel_path = (dir / (built.model.name + ".tmodel")).string();
  request.engine = engine;
  request.inputs[source.input_name] = to_vectors(input, source.input_shape.back(), n);
  const RunResult result = run_model(request);

  const auto found = result.outputs.find(source.output_name);
  ASSERT_NE(found, result.outputs.end()) << "no output named " << source.output_name;
  const std::vector<float>& out = found->second;
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
  EXPECT_GT(result.statistics.instructions(), 0u);
}

}  // namespace acosim::tensil::test

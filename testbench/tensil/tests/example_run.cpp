#include "testbench/tensil/tests/example_run.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "sw/tensil/model.h"
#include "tools/tensil/model_compiler.h"
#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/system.h"
#include "testbench/tensil/tests/example_check.h"
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
  check_example_output(model, source, input, n, found->second);
  EXPECT_GT(result.statistics.instructions(), 0u);
}

}  // namespace acosim::tensil::test

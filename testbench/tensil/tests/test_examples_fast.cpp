// The example models end to end on the co-simulated TCU with the fast (C++) array engine,
// for both architectures.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "testbench/tensil/tests/example_run.h"

namespace acosim::tensil::test {
namespace {

using Case = std::tuple<std::string, std::string, ArrayEngineKind>;

class Example : public testing::TestWithParam<Case> {};

TEST_P(Example, MatchesReferences) {
  check_example(std::get<0>(GetParam()), std::get<1>(GetParam()), std::get<2>(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Models, Example,
                         testing::Combine(testing::Values("xor", "dense", "conv"),
                                          testing::Values("pynqz1", "ultra96v2"),
                                          testing::Values(ArrayEngineKind::Fast)),
                         [](const testing::TestParamInfo<Case>& param_info) {
                           return std::get<0>(param_info.param) + "_" + std::get<1>(param_info.param) + "_" +
                                  array_engine_name(std::get<2>(param_info.param));
                         });

}  // namespace
}  // namespace acosim::tensil::test

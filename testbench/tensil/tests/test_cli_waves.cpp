// Waves from `acosim tensil run --vcd` on the Verilated array: one file with
// the array's RTL signals and the TCU's TLM side, byte-identical run to run.
#include <gtest/gtest.h>

#include "testbench/tensil/tests/cli_fixture.h"

namespace acosim::tensil::test {
namespace {

TEST_F(Cli, SameRunGivesTheSameVcdAndOutputs) {
  const std::string tmodel = build("xor", "pynqz1");
  std::string vcd[2], outputs[2];
  for (int i = 0; i < 2; ++i) {
    const fs::path waves = dir / ("run" + std::to_string(i) + ".vcd");
    const fs::path y = dir / ("y" + std::to_string(i) + ".f32");
    const Outcome o = run("tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x=" +
                          xor_input(8) + " --output y='" + y.string() + "' --engine rtl --vcd '" + waves.string() + "'");
    ASSERT_EQ(o.status, 0) << o.err;
    vcd[i] = slurp(waves);
    outputs[i] = slurp(y);
  }
  EXPECT_FALSE(vcd[0].empty());
  EXPECT_TRUE(vcd[0] == vcd[1]) << "the two VCD files differ";
  EXPECT_EQ(outputs[0], outputs[1]);
  // Both sides are in the file: the array's scope and the TLM observer's
  // program counter.
  EXPECT_NE(vcd[0].find("$scope module tensil_array"), std::string::npos);
  EXPECT_NE(vcd[0].find("program_counter"), std::string::npos);
  EXPECT_NE(vcd[0].find("dram0_read"), std::string::npos);
}

}  // namespace
}  // namespace acosim::tensil::test

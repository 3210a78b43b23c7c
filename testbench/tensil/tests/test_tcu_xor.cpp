// The golden XOR program of Tensil's tools/test/src/tools/CompilerSpec.scala on every array engine.
#include <gtest/gtest.h>

#include "testbench/tensil/tests/tcu_bench.h"

namespace acosim::tensil::test {
namespace {

std::vector<uint8_t> configure(uint32_t reg, uint32_t value) {
  const uint32_t word = (value << 4) | reg;
  return {uint8_t(word), uint8_t(word >> 8), uint8_t(word >> 16), 0xF0};
}

TcuOptions options(ArrayEngineKind engine) {
  TcuOptions o;
  o.arch = tiny_arch();
  o.engine = engine;
  return o;
}

// The golden XOR program compiled by Tensil for this architecture
// (CompilerSpec.scala), with DRAM1 moved to the second 64 KiB block so it does
// not alias DRAM0.
const std::vector<uint8_t> kXorProgram = {
    0x00, 0x00, 0x02, 0x22, 0x03, 0x00, 0x00, 0x20, 0x00, 0x02, 0x00, 0x30, 0x03, 0x00, 0x00, 0x10,
    0x00, 0x00, 0x09, 0x40, 0x01, 0x00, 0x7a, 0x43, 0x04, 0x01, 0x00, 0x2c, 0x04, 0x01, 0x00, 0x21,
    0x00, 0x03, 0x02, 0x22, 0x03, 0x01, 0x00, 0x20, 0x00, 0x02, 0x00, 0x30, 0x03, 0x00, 0x00, 0x10,
    0x04, 0x00, 0x00, 0x2c, 0x04, 0x00, 0x00, 0x21};
const std::vector<int16_t> kXorConsts = {0, -29, -210, 233, 210, -204, 1, 0, 309, 0, 318, 0};

void run_xor(ArrayEngineKind engine) {
  struct Case {
    std::vector<int16_t> input, hidden, output;
  };
  // Expected DRAM0 contents, worked out by hand from the program (CompilerSpec
  // itself only checks the RMSE against XOR).
  const std::vector<Case> cases = {{{0, 0}, {0, 0}, {1, 0}},
                                   {{0, 256}, {210, 0}, {254, 0}},
                                   {{256, 0}, {0, 204}, {254, 0}},
                                   {{256, 256}, {0, 0}, {1, 0}}};
  const std::string error = run_bench(options(engine), [&](TcuBench& b) {
    b.write_raw16(0x10000, kXorConsts);
    b.send(configure(0x4, 1));  // DRAM1 offset = 1 block = 0x10000
    for (const Case& c : cases) {
      b.write_raw16(0, c.input);
      b.send(kXorProgram);
      b.settle();
      EXPECT_EQ(b.read_raw16(4, 2), c.hidden) << "input " << c.input[0] << "," << c.input[1];
      EXPECT_EQ(b.read_raw16(0, 2), c.output) << "input " << c.input[0] << "," << c.input[1];
    }
  });
  EXPECT_EQ(error, "");
}

TEST(TcuXor, FastEngine) { run_xor(ArrayEngineKind::Fast); }
TEST(TcuXor, RtlEngine) { run_xor(ArrayEngineKind::Rtl); }
TEST(TcuXor, LockstepEngine) { run_xor(ArrayEngineKind::Lockstep); }

}  // namespace
}  // namespace acosim::tensil::test

// Inputs the fuzz targets of fuzz/tensil/ found to break the Tensil readers,
// reduced to their essence. The readers must refuse a malformed file with
// their documented error type (FormatError, AssemblyError), never with
// another exception or a crash.
#include <gtest/gtest.h>

#include <string>

#include "sw/tensil/assembler.h"
#include "sw/tensil/model.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/clocked/simd_alu.h"

namespace acosim::tensil {
namespace {

// Tensil's arch/pynqz1.tarch with one value replaced.
std::string pynqz1_with_dram1_depth(const std::string& value) {
  return R"({"data_type": "FP16BP8", "array_size": 8, "dram0_depth": 1048576, "dram1_depth": )" + value +
         R"(, "local_depth": 8192, "accumulator_depth": 2048, "simd_registers_depth": 1, "stride0_depth": 8,)"
         R"( "stride1_depth": 8, "number_of_threads": 1, "thread_queue_depth": 8})";
}

// fuzz_tarch_reader: 1048e576 is valid JSON grammar but exceeds a double's
// range (about 1.8e308); nlohmann::json reports it as out_of_range 406, not
// as a parse_error, and it escaped the reader.
TEST(FuzzRegressions, TarchNumberBeyondDoubleIsAFormatError) {
  try {
    parse_architecture_json(pynqz1_with_dram1_depth("1048e576"), "big.tarch");
    FAIL() << "accepted";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("big.tarch: malformed JSON"), std::string::npos) << e.what();
  }
}

TEST(FuzzRegressions, TmodelNumberBeyondDoubleIsAFormatError) {
  const std::string model = R"({"name":"m","prog":{"file_name":"m.tprog","size":-1e999}})";
  EXPECT_THROW(parse_model_json(model, "big.tmodel"), FormatError);
}

// fuzz_tprog_reader: a Configure of a register without a name whose value
// prints like the register number disassembles to `configure 0xf 0xf`, which
// the assembler refused as a duplicate word, breaking the promise of
// docs/tensil-assembly.md that every disassembly assembles back.
TEST(FuzzRegressions, ConfigureWithValueEqualToRegisterRoundTrips) {
  Architecture pynqz1;  // the defaults are PYNQ-Z1's: 8-byte instructions
  // Bits [31:0] = value << 4 | register = 0xff; the header byte (opcode 0xF,
  // flags 0) is the last of the 8 bytes.
  const std::vector<uint8_t> word = {0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0};
  const std::string text = disassemble(word, pynqz1);
  EXPECT_EQ(text, "configure 0xf 0xf\n");
  EXPECT_EQ(assemble(text, pynqz1, "configure.s"), word);
}

TEST(FuzzRegressions, RepeatedFlagIsStillRefused) {
  Architecture pynqz1;
  try {
    assemble("matmul local=0 acc=0 size=0 accumulate accumulate", pynqz1, "flags.s");
    FAIL() << "accepted";
  } catch (const AssemblyError& e) {
    EXPECT_EQ(std::string(e.what()), "flags.s:1: duplicate 'accumulate'");
  }
}

// fuzz_instruction_execution (input 0a 01 42: the architecture with no SIMD
// registers, then the 2-byte word "SIMD Zero, write flag, write address 0"):
// with simd_registers_depth 0 the ALU's register file is empty and
// SimdAlu::execute forms a reference to its element 0 for every lane, which
// UndefinedBehaviorSanitizer reports (reference binding to null pointer).
// The result itself is defined: Zero gives 0 in every lane. The test fails
// only in a sanitizer build (ACOSIM_SANITIZE) until the ALU stops indexing
// an empty register file.
TEST(FuzzRegressions, SimdWithoutRegistersIndexesNothing) {
  SimdAlu alu(2, 0, FixedFormat{16, 8});
  const Vector input{256, -256};
  EXPECT_EQ(alu.execute(uint8_t(SimdOp::Zero), 0, 0, 0, input), (Vector{0, 0}));
  // Move passes the input (source 0) through.
  EXPECT_EQ(alu.execute(uint8_t(SimdOp::Move), 0, 0, 0, input), input);
}

}  // namespace
}  // namespace acosim::tensil

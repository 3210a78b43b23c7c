// Runs `acosim tensil ...` as a user does, in a per-test folder holding the
// XOR example built for the test (and then damaged on purpose by some).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sw/tensil/model.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "testbench/core/tests/cli_test.h"
#include "tools/tensil/model_compiler.h"

namespace acosim::tensil::test {

namespace fs = std::filesystem;

using acosim::test::expect_one_line_error;
using acosim::test::Outcome;
using acosim::test::slurp;

class Cli : public acosim::test::CliTest {
 protected:
  Cli() : CliTest("acosim_cli_") {}

  std::string arch_path(const std::string& arch) const {
    return std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/arch/" + arch + ".tarch";
  }

  // Builds examples/tensil/models/<model>.json for <arch> into the test
  // folder; returns the .tmodel path.
  std::string build(const std::string& model, const std::string& arch) {
    const BuiltModel built = build_model(std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/models/" + model + ".json",
                                         read_architecture(arch_path(arch)), arch_path(arch));
    write_built_model(built, dir.string());
    return (dir / (model + "_" + arch + ".tmodel")).string();
  }

  // The XOR input: the four cases, one per vector, padded to n lanes.
  std::string xor_input(unsigned n, size_t extra_values = 0) {
    std::vector<float> values(4 * n + extra_values, 0.0f);
    values[1 * n + 1] = 1.0f;
    values[2 * n + 0] = 1.0f;
    values[3 * n + 0] = values[3 * n + 1] = 1.0f;
    const fs::path path = dir / "x.f32";
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * sizeof(float)));
    return path.string();
  }

  std::string run_xor_args(const std::string& tmodel, const std::string& arch = "pynqz1") {
    return "tensil run --arch '" + arch_path(arch) + "' --model '" + tmodel + "' --input x=" + xor_input(arch == "pynqz1" ? 8 : 16) +
           " --output y='" + (dir / "y.f32").string() + "' --engine fast";
  }

  // Rewrites instruction `index` of the model's .tprog through `edit`.
  void edit_instruction(const std::string& tmodel, size_t index, void (*edit)(Instruction&)) {
    const Model model = read_model(tmodel);
    const InstructionLayout layout = InstructionLayout::derive(model.arch);
    std::vector<uint8_t> program = read_program(model, layout);
    Instruction in = decode_instruction(layout, &program[index * layout.instruction_bytes]);
    edit(in);
    const std::vector<uint8_t> word = encode_instruction(layout, in);
    std::copy(word.begin(), word.end(), program.begin() + long(index * layout.instruction_bytes));
    write_file_atomically(model.resolve(model.prog_file_name), program);
  }

  size_t find_opcode(const std::string& tmodel, Opcode opcode) {
    const Model model = read_model(tmodel);
    const InstructionLayout layout = InstructionLayout::derive(model.arch);
    const std::vector<uint8_t> program = read_program(model, layout);
    for (size_t i = 0; i * layout.instruction_bytes < program.size(); ++i) {
      if (decode_instruction(layout, &program[i * layout.instruction_bytes]).opcode == uint8_t(opcode)) return i;
    }
    ADD_FAILURE() << "no " << opcode_name(uint8_t(opcode)) << " in " << tmodel;
    return 0;
  }

  bool output_exists() const { return fs::exists(dir / "y.f32"); }
};

}  // namespace acosim::tensil::test

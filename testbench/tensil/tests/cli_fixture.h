// Runs `acosim tensil ...` as a user does, in a per-test folder holding the
// XOR example built for the test (and then damaged on purpose by some).
#pragma once

#include <sys/wait.h>

#include <algorithm>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sw/tensil/model.h"
#include "tools/tensil/model_compiler.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil::test {

namespace fs = std::filesystem;

struct Outcome {
  int status;
  std::string out;
  std::string err;
};

inline std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("acosim_cli_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

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

  Outcome run(const std::string& arguments) {
    const fs::path out = dir / "stdout.txt";
    const fs::path err = dir / "stderr.txt";
    const std::string command = std::string("SC_COPYRIGHT_MESSAGE=DISABLE '") + ACOSIM_BINARY + "' " + arguments +
                                " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err)};
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

  fs::path dir;
};

// One line on stderr, starting "acosim: error: ".
inline void expect_one_line_error(const Outcome& o) {
  EXPECT_EQ(o.err.rfind("acosim: error: ", 0), 0u) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

}  // namespace acosim::tensil::test

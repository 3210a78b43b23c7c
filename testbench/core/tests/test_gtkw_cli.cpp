// `acosim ... --vcd FILE` as a user runs it leaves FILE's GTKWave save file
// beside it: for Tensil (Verilator's VCD writer) and Habana (core::VcdTracer,
// the writer NVDLA and Sophon share). The save file must name the VCD and
// only signals the VCD declares, every one of them, grouped by scope.
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "testbench/core/tests/cli_test.h"

namespace acosim::test {
namespace {

class GtkwCli : public CliTest {
 protected:
  GtkwCli() : CliTest("acosim_gtkw_cli_") {}

  // The VCD's declared scopes and (scope, reference) pairs, read with a
  // tokenizer of its own.
  struct Declared {
    std::set<std::string> scopes;
    std::set<std::string> variables;  // "scope.path reference"
    size_t count = 0;
  };
  static Declared declared(const std::string& vcd) {
    Declared d;
    std::istringstream in(vcd);
    std::vector<std::string> path;
    std::string t;
    while (in >> t && t != "$enddefinitions") {
      if (t == "$scope") {
        std::string kind, name;
        in >> kind >> name;
        path.push_back(name);
        std::string joined;
        for (const std::string& p : path) joined += (joined.empty() ? "" : ".") + p;
        d.scopes.insert(joined);
      } else if (t == "$upscope") {
        path.pop_back();
      } else if (t == "$var") {
        std::string kind, width, id, reference;
        in >> kind >> width >> id >> reference;
        std::string joined;
        for (const std::string& p : path) joined += (joined.empty() ? "" : ".") + p;
        d.variables.insert(joined + " " + reference);
        ++d.count;
      }
    }
    return d;
  }

  // Checks FILE.gtkw against FILE.vcd.
  void expect_save_file_matches(const fs::path& vcd) {
    fs::path gtkw = vcd;
    gtkw.replace_extension(".gtkw");
    ASSERT_TRUE(fs::exists(gtkw)) << gtkw;
    const Declared d = declared(slurp(vcd));
    ASSERT_GT(d.count, 0u);
    std::istringstream lines(slurp(gtkw));
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "[dumpfile] \"" + fs::absolute(vcd).string() + "\"");
    size_t signals = 0, begins = 0, ends = 0;
    std::string open_group;
    while (std::getline(lines, line)) {
      if (line == "@800200" || line == "@1000200") {
        (line == "@800200" ? begins : ends)++;
        std::string label;
        std::getline(lines, label);
        ASSERT_EQ(label.rfind("-", 0), 0u) << label;
        EXPECT_EQ(d.scopes.count(label.substr(1)), 1u) << label;
        open_group = line == "@800200" ? label.substr(1) : "";
        continue;
      }
      if (line.empty() || line[0] == '@' || line[0] == '[') continue;
      // group.scope.reference[msb:lsb]: the reference is what follows the
      // group's scope, without a trailing range (Verilator's
      // "lanes[0] [15:0]" keeps its own index).
      ++signals;
      ASSERT_EQ(line.rfind(open_group + ".", 0), 0u) << line << " outside its group " << open_group;
      std::string reference = line.substr(open_group.size() + 1);
      const size_t colon = reference.rfind(':');
      if (colon != std::string::npos) reference = reference.substr(0, reference.rfind('[', colon));
      const bool declared_as_is = d.variables.count(open_group + " " + reference) == 1;
      EXPECT_TRUE(declared_as_is) << line << " is not a variable of " << vcd;
    }
    EXPECT_EQ(signals, d.count) << "every variable of the VCD is in the save file";
    EXPECT_EQ(begins, ends);
    EXPECT_GT(begins, 0u);
  }
};

TEST_F(GtkwCli, TensilRunWritesASaveFileBesideItsVcd) {
  const std::string arch = std::string(ACOSIM_SOURCE_DIR) + "/examples/tensil/arch/pynqz1.tarch";
  Outcome o = run("tensil build-model '" + std::string(ACOSIM_SOURCE_DIR) +
                  "/examples/tensil/models/xor.json' --arch '" + arch + "' -o '" + dir.string() + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  // XOR's input: 4 vectors x 8 lanes of float32 zeros (the values do not
  // matter to the waves' declarations).
  const fs::path x = write("x.f32", std::string(4 * 8 * 4, '\0'));
  const fs::path vcd = dir / "xor.vcd";
  o = run("tensil run --arch '" + arch + "' --model '" + (dir / "xor_pynqz1.tmodel").string() + "' --input x='" +
          x.string() + "' --engine rtl --vcd '" + vcd.string() + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  expect_save_file_matches(vcd);
  // The TCU's own signals and the array's are both there.
  const std::string text = slurp(dir / "xor.gtkw");
  EXPECT_NE(text.find("\ntcu.program_counter[31:0]\n"), std::string::npos);
  EXPECT_NE(text.find("\n-tcu.tensil_array\n"), std::string::npos);
}

TEST_F(GtkwCli, HabanaTpcRunWritesASaveFileBesideItsVcd) {
  const fs::path vcd = dir / "abs.vcd";
  const Outcome o = run("tpc run '" + std::string(ACOSIM_SOURCE_DIR) + "/examples/habana/abs.s' --input f32:128:ramp" +
                        " --output f32:128:'" + (dir / "abs.bin").string() + "' --vcd '" + vcd.string() + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  expect_save_file_matches(vcd);
  const std::string text = slurp(dir / "abs.gtkw");
  EXPECT_NE(text.find("@800200\n-gaudi.tpc0\n@28\ngaudi.tpc0.busy\n@22\ngaudi.tpc0.partition[31:0]\n"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace acosim::test

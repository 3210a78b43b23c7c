// Runs the `acosim` command as a user does, in a folder of its own per test
// case: the base fixture of the Tensil and NVDLA command-line suites. The
// test target defines ACOSIM_BINARY (the path of build/acosim).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace acosim::test {

namespace fs = std::filesystem;

// What one command run left behind: exit status (-1 if it did not exit),
// standard output and standard error.
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

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// One line on stderr, starting "acosim: error: ".
inline void expect_one_line_error(const Outcome& o) {
  EXPECT_EQ(o.err.rfind("acosim: error: ", 0), 0u) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

class CliTest : public ::testing::Test {
 protected:
  // `folder_prefix` names the suite in the per-test folder's name.
  explicit CliTest(std::string folder_prefix) : m_folder_prefix(std::move(folder_prefix)) {}

  void SetUp() override {
    // The process id keeps two builds' suites running at once (or a test
    // and its rerun) out of each other's folders.
    dir = fs::temp_directory_path() / (m_folder_prefix + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                                       "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  // `acosim` with `arguments` (already quoted where needed). `environment`
  // holds extra VAR='value' assignments for the command.
  Outcome run(const std::string& arguments, const std::string& environment = "") {
    const fs::path out = dir / "stdout.txt";
    const fs::path err = dir / "stderr.txt";
    const std::string command = "SC_COPYRIGHT_MESSAGE=DISABLE " + environment + " '" + ACOSIM_BINARY + "' " +
                                arguments + " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    const Outcome o{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err)};
    fs::remove(out);
    fs::remove(err);
    return o;
  }

  // Writes `text` to a file of the test's folder; returns its path.
  fs::path write(const std::string& name, const std::string& text) {
    const fs::path path = dir / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  fs::path dir;

 private:
  std::string m_folder_prefix;
};

}  // namespace acosim::test

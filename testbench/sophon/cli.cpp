#include "testbench/sophon/cli.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace acosim::sophon::cli {

namespace {

const char* const kUsage =
    "usage: acosim sophon run PROGRAM [--vcd FILE] [--workdir DIR] [-- ARGS...]\n"
    "\n"
    "Runs PROGRAM, a host program linked against acosim's libbmlib.so, on the\n"
    "SystemC TPU model. PROGRAM is a path, or the name of one of Sophgo's\n"
    "OKKernel programs built into build/sophon/bin (e.g. plus_one,\n"
    "conv2d_183xxxx1257, pipeline). ARGS go to the program.\n"
    "\n"
    "  --vcd FILE     write the TPU's waves (GDMA/BDC busy and command ids,\n"
    "                 the device CPU's launches and polls) to FILE\n"
    "  --workdir DIR  run the program in DIR (OKKernel's pooling programs read\n"
    "                 ./param/pool.dat)\n"
    "\n"
    "At exit the library prints what the device did (launches, commands, the\n"
    "engines' busy time, hazards, simulated time).\n";

bool is_executable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

// The folder of the running acosim binary: build/.
std::string build_dir() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0) return ".";
  std::string path(self, static_cast<size_t>(n));
  return path.substr(0, path.rfind('/'));
}

std::string resolve(const std::string& program) {
  if (program.find('/') != std::string::npos) {
    if (is_executable(program)) return program;
    throw std::runtime_error("no executable program at " + program);
  }
  for (const std::string& candidate :
       {build_dir() + "/sophon/bin/" + program, build_dir() + "/sophon/bin/okk_" + program}) {
    if (is_executable(candidate)) return candidate;
  }
  throw std::runtime_error("no program '" + program + "' in " + build_dir() +
                           "/sophon/bin (build it, or give a path)");
}

}  // namespace

int main(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  if (args[0] != "run") throw UsageError("unknown sophon command '" + args[0] + "' (known: run)");
  std::string program, vcd, workdir, shown_vcd;
  std::vector<std::string> program_args;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (a == "--vcd") {
      vcd = value();
      shown_vcd = vcd;
    } else if (a == "--workdir") {
      workdir = value();
    } else if (a == "--") {
      program_args.assign(args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    } else if (!a.empty() && a[0] == '-') {
      throw UsageError("unknown option " + a);
    } else if (program.empty()) {
      program = a;
    } else {
      throw UsageError("one program at a time (got '" + program + "' and '" + a + "')");
    }
  }
  if (program.empty()) throw UsageError("run needs a PROGRAM");
  const std::string path = resolve(program);
  // Relative to where acosim runs, not to --workdir.
  if (!vcd.empty()) vcd = std::filesystem::absolute(vcd).string();

  const pid_t child = fork();
  if (child < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (child == 0) {
    if (!vcd.empty()) setenv("ACOSIM_VCD", vcd.c_str(), 1);
    setenv("ACOSIM_SOPHON_SUMMARY", "1", 1);
    if (!workdir.empty() && chdir(workdir.c_str()) != 0) {
      std::cerr << "acosim: error: cannot enter " << workdir << ": " << std::strerror(errno) << "\n";
      _exit(127);
    }
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(path.c_str()));
    for (auto& a : program_args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(path.c_str(), argv.data());
    std::cerr << "acosim: error: cannot run " << path << ": " << std::strerror(errno) << "\n";
    _exit(127);
  }
  int status = 0;
  if (waitpid(child, &status, 0) < 0) {
    throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::cout << "acosim sophon: " << program << " exited with status " << code;
  if (WIFSIGNALED(status)) std::cout << " (signal " << WTERMSIG(status) << ")";
  if (!vcd.empty()) std::cout << "; waves in " << shown_vcd;
  std::cout << "\n";
  return code;
}

}  // namespace acosim::sophon::cli

// The benchmarks run each SystemC case in a child process of their own
// program (`PROGRAM --case NAME`): SystemC cannot elaborate twice in one
// process. A case prints key=value lines; the parent collects them.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>

namespace acosim::bench {

using Figures = std::map<std::string, double>;

// The running program's own path, to start it again for one case.
inline std::string self_path() {
  char self[4096];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) throw std::runtime_error("cannot find this program's path in /proc/self/exe");
  self[length] = '\0';
  return self;
}

// What a case prints: its figures, one key=value per line, in full precision.
inline void print_figures(const Figures& figures) {
  std::cout.precision(17);
  for (const auto& [key, value] : figures) std::cout << key << "=" << value << "\n";
}

// Runs `SELF --case NAME` and parses its key=value lines; a case that fails
// or reports no "seconds" is an error.
inline Figures run_child(const std::string& self, const std::string& case_name) {
  const std::string command = "'" + self + "' --case " + case_name;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start " + command);
  Figures figures;
  char line[512];
  while (std::fgets(line, sizeof line, pipe) != nullptr) {
    const std::string text(line);
    const size_t eq = text.find('=');
    if (eq != std::string::npos) figures[text.substr(0, eq)] = std::strtod(text.c_str() + eq + 1, nullptr);
  }
  if (pclose(pipe) != 0 || figures.count("seconds") == 0) {
    throw std::runtime_error("benchmark case '" + case_name + "' failed");
  }
  return figures;
}

}  // namespace acosim::bench

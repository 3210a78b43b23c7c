// `acosim tensil ...`: run, asm, disasm, build-model.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace acosim::tensil::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs one tensil subcommand; returns the exit status. Throws UsageError for
// bad command lines and std::exception for failures.
int main(const std::vector<std::string>& args);

}  // namespace acosim::tensil::cli

// `acosim tpc run PROGRAM.s ...`: runs an assembled TPC program on the
// chip's TPCs; `acosim tpc asm PROGRAM.s` prints it back in the TPC
// compiler's canonical form.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace acosim::habana::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Returns the exit status; throws UsageError for bad command lines.
int main(const std::vector<std::string>& args);

}  // namespace acosim::habana::cli

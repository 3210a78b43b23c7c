// `acosim nvdla ...`: trace (play one of NVDLA's trace tests), firmware (run
// one task of NVDLA's own firmware from a layer description).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace acosim::nvdla::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs one nvdla subcommand; returns the exit status. Throws UsageError for
// bad command lines and std::exception for failures.
int main(const std::vector<std::string>& args);

}  // namespace acosim::nvdla::cli

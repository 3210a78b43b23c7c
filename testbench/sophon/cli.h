// `acosim sophon run PROGRAM`: runs a host program linked against acosim's
// libbmlib (Sophgo's OKKernel programs in build/sophon/bin, or a user's),
// optionally writing the TPU's waves.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace acosim::sophon::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Returns the exit status; throws UsageError for bad command lines.
int main(const std::vector<std::string>& args);

}  // namespace acosim::sophon::cli

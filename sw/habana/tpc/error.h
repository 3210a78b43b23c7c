// Every refusal of the TPC model (illegal programming, bad glue-code output,
// a kernel the front end cannot run) is a TpcError whose message names the
// cause, so tests and the CLI report it as it is.
#pragma once

#include <stdexcept>
#include <string>

namespace acosim::habana {

class TpcError : public std::runtime_error {
 public:
  explicit TpcError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace acosim::habana

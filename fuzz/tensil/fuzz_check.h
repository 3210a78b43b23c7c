// What every fuzz target does with a broken property: print it and abort, so
// libFuzzer saves the input as a crash artifact.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace acosim::fuzz {

[[noreturn]] inline void property_failed(const std::string& what) {
  std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
  std::abort();
}

inline void require(bool condition, const std::string& what) {
  if (!condition) property_failed(what);
}

}  // namespace acosim::fuzz

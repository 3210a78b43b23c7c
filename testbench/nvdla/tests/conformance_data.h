#pragma once
// Where the NVDLA tests find NVDLA's own trace tests, and what a test does
// when they are not there.
#include <gtest/gtest.h>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace acosim::nvdla::test {

// ACOSIM_CONFORMANCE_DIR/nvdla. The environment variable of that name, when
// set, replaces the folder the build was configured with, so that a built
// suite can be pointed at another (for example an empty) folder.
inline std::filesystem::path conformance_root() {
  const char* env = std::getenv("ACOSIM_CONFORMANCE_DIR");
  return std::filesystem::path(env != nullptr && *env != '\0' ? env : ACOSIM_CONFORMANCE_DIR) / "nvdla";
}

// CI must run the conformance tests, not skip them: a missing folder is a
// failure there, as in the ctest conformance cases.
inline bool missing_data_fails() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string(ci) == "true";
}

inline std::string missing_data_message(const std::filesystem::path& folder) {
  return "NVDLA conformance data not found at " + folder.string() +
         "; fetch it with scripts/fetch-nvdla-conformance.sh (or set -DACOSIM_CONFORMANCE_DIR)";
}

}  // namespace acosim::nvdla::test

// Skips the current test when FOLDER does not exist, or fails it under
// CI=true. A macro because GTEST_SKIP and FAIL return from the test body.
#define ACOSIM_REQUIRE_NVDLA_CONFORMANCE(folder)                                          \
  do {                                                                                    \
    const std::filesystem::path acosim_required_folder_ = (folder);                       \
    if (!std::filesystem::is_directory(acosim_required_folder_)) {                        \
      if (::acosim::nvdla::test::missing_data_fails()) {                                  \
        FAIL() << ::acosim::nvdla::test::missing_data_message(acosim_required_folder_);   \
      }                                                                                   \
      GTEST_SKIP() << ::acosim::nvdla::test::missing_data_message(acosim_required_folder_); \
    }                                                                                     \
  } while (false)

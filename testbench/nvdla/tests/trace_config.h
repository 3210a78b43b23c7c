// Which configuration each of NVDLA's conformance traces runs on.
#pragma once

#include <string>

namespace acosim::nvdla::test {

// The configuration a trace of `folder` ("nv_small", "nv_large",
// "nv_full_traceplayer") runs on. NVDLA's nv_small folder also holds the
// SDP EW tests, which its nv_small test list disables
// (verif/regression/testplans/nv_small_test_list_L1.py): nv_small has no EW
// stage. The same tests, with the same golden CRCs, are in its
// nv_small_256_full folder, and run there.
inline std::string trace_config(const std::string& folder, const std::string& trace) {
  if (folder == "nv_full_traceplayer") return "nv_full";
  if (folder == "nv_small" && trace.rfind("sdp_3x3x33_ew_", 0) == 0) return "nv_small_256_full";
  return folder;
}

}  // namespace acosim::nvdla::test

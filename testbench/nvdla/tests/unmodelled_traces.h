// NVDLA's conformance data also holds traces of units the models do not
// have yet: CDP (cdp_*), the convolution pipeline (dc_*, conv_*,
// googlenet_*, and nv_full's sanity3 and sanity3_cvsram) and SDP on its own (sdp_* other than the sdp_pdp_* traces,
// which feed PDP on the fly). The trace tests that require every trace of
// the data to be one they know set these apart by name; anything else that
// appears must be added to them.
#pragma once

#include <string>

namespace acosim::nvdla::test {

inline bool awaits_unmodelled_units(const std::string& trace) {
  const auto starts = [&](const char* prefix) { return trace.rfind(prefix, 0) == 0; };
  if (starts("sdp_pdp_")) return false;
  return starts("cdp_") || starts("dc_") || starts("conv_") || starts("googlenet_") ||
         starts("sanity3") || starts("sdp_");
}

}  // namespace acosim::nvdla::test

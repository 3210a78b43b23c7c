// The SDP -> PDP on-the-fly interface: PDP pulls the cube SDP produces for
// its current layer. Functionally PDP pools exactly the cube SDP would have
// written to memory, lanes beyond C of the last surface included (nvdla/hw
// cmod/pdp/NV_NVDLA_pdp.cpp FetchInputData, cmod/sdp/NV_NVDLA_sdp.cpp).
#pragma once

#include <systemc>

#include "systemc/nvdla/feature_cube.h"

namespace acosim::nvdla {

class SdpOutput : public virtual sc_core::sc_interface {
 public:
  // Blocks until SDP runs a layer whose output goes to PDP, and returns its
  // output cube once SDP's layer has ended (SDP's done interrupt raised).
  virtual PackedCube pull_cube() = 0;
};

}  // namespace acosim::nvdla

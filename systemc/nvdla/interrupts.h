// How a unit tells the GLB that a register group finished: the one-cycle
// done pulse <unit>2glb_done_intr_pd of the RTL, as a call on an
// sc_export the GLB provides.
#pragma once

#include <systemc>

namespace acosim::nvdla {

class DoneInterface : public virtual sc_core::sc_interface {
 public:
  // Latches S_INTR_STATUS bit `status_bit` (e.g. PDP group 1 -> bit 5).
  virtual void unit_done(unsigned status_bit) = 0;
};

}  // namespace acosim::nvdla

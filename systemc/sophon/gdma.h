// The GDMA engine: moves tensors between system memory (DDR, L2-SRAM) and
// the NPUs' local memory, and within either, element by element with the
// strides each side names (docs/sophon.md, "GDMA"). Elements outside the
// shape -- alignment padding, gaps between strides -- are never written.
#pragma once

#include "sw/sophon/tpu/commands.h"
#include "systemc/sophon/engine.h"

namespace acosim::sophon {

class Gdma : public Engine<GdmaCommand> {
 public:
  tlm_utils::simple_initiator_socket<Gdma> ddr;
  tlm_utils::simple_initiator_socket<Gdma> l2sram;

  Gdma(sc_core::sc_module_name name, const Chip& chip, HazardMonitor& hazards);

 private:
  void check(const GdmaCommand& c) override;
  uint64_t execute(const GdmaCommand& c) override;
  Footprint footprint(const GdmaCommand& c) const override { return footprint_of(m_chip, c); }

  uint8_t* pointer(const Tensor& t, uint64_t byte);
  uint64_t copy(const GdmaCommand& c);
  uint64_t fill(const GdmaCommand& c);
  uint64_t matrix(const GdmaCommand& c);
  uint64_t remap(const GdmaCommand& c);

  uint8_t* m_ddr = nullptr;
  uint8_t* m_l2 = nullptr;
};

}  // namespace acosim::sophon

// The BDC (Sophgo's name for the TPU's compute engine; TIU in later chips):
// one instruction drives every NPU's EUs at once, each on the channels in
// its own local memory (docs/sophon.md, "BDC").
#pragma once

#include "sw/sophon/tpu/commands.h"
#include "systemc/sophon/engine.h"

namespace acosim::sophon {

class Bdc : public Engine<BdcCommand> {
 public:
  Bdc(sc_core::sc_module_name name, const Chip& chip, HazardMonitor& hazards);

 private:
  void check(const BdcCommand& c) override;
  uint64_t execute(const BdcCommand& c) override;
  Footprint footprint(const BdcCommand& c) const override { return footprint_of(m_chip, c); }
};

}  // namespace acosim::sophon

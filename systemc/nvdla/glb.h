// GLB: the NVDLA interrupt controller (nvdla/hw vmod/nvdla/glb/
// NV_NVDLA_GLB_ic.v, registers NV_NVDLA_GLB_CSB_reg.v). Each S_INTR_STATUS
// bit is a sticky latch set by a unit's done pulse or by S_INTR_SET and
// cleared by writing 1 to S_INTR_STATUS; a set wins over a clear of the
// same bit at the same time. The mask does not stop latching: it only
// keeps a bit off the level interrupt line, intr = OR(status & ~mask).
#pragma once

#include <cstdint>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

class Glb : public RegisterUnit, public DoneInterface {
 public:
  sc_core::sc_export<DoneInterface> done_in;  ///< units' done pulses
  sc_core::sc_out<bool> intr;                  ///< the level interrupt to the CPU
  core::ObservedSignal<uint32_t> status{"status"};  ///< S_INTR_STATUS, for waves

  Glb(sc_core::sc_module_name name, const HardwareConfig& config);

  void unit_done(unsigned status_bit) override;

 private:
  uint32_t read_register(uint32_t offset) override;
  void write_register(uint32_t offset, uint32_t value) override;
  void update_line();

  uint32_t m_status = 0;
  // Bits set at m_set_time: a clear at that same time leaves them set.
  uint32_t m_set_now = 0;
  sc_core::sc_time m_set_time;
  void latch(uint32_t bits);
  uint32_t m_implemented;  // S_INTR_STATUS bits that exist
};

}  // namespace acosim::nvdla

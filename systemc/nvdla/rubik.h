// RUBIK (nv_full only; every master configuration defines RUBIK_DISABLE):
// reshapes a data cube in memory with its own read and write DMA
// (nvdla/hw nvdlav1 vmod/nvdla/rubik/NV_NVDLA_rubik.v, cmod/rubik/
// NV_NVDLA_rbk.cpp; the mapping of each mode is rubik_reshape.h). A layer
// starts when OP_EN of the consumer group is set; RUBIK checks the group's
// programming (programming_guide.rst "Rubik programming") before anything
// is read or written, reads every input byte it needs through D_DAIN_*,
// then writes the output through D_DAOUT_*, clears OP_EN, flips the
// consumer and pulses GLB done bit 8 + group.
#pragma once

#include <cstdint>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/rubik_reshape.h"
#include "systemc/nvdla/unit.h"

namespace acosim::nvdla {

struct RubikTiming {
  sc_core::sc_time clock_period = sc_core::sc_time(1, sc_core::SC_NS);
  unsigned bytes_per_cycle = 32;  ///< one 32-byte atom a cycle through the reorder buffer
};

class Rubik : public DmaUnit {
 public:
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};
  core::ObservedSignal<uint64_t> bytes_written{"bytes_written"};

  SC_HAS_PROCESS(Rubik);
  Rubik(sc_core::sc_module_name name, const HardwareConfig& config, const RubikTiming& timing = {});

 private:
  void run();
  RubikRegisters registers(unsigned group) const;

  RubikTiming m_timing;
};

}  // namespace acosim::nvdla

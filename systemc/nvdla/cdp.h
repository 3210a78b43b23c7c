// CDP: the channel data processor, local response normalisation across
// channels (nvdla/hw vmod/nvdla/cdp, cmod/cdp/NV_NVDLA_cdp.cpp; the
// arithmetic is cdp_lrn.h). A layer starts when OP_EN of CDP's consumer
// group is set; CDP pulls its input from CDP_RDMA, checks the group's
// programming before anything is written, normalises every lane of every
// atom, writes the output cube with its D_DST_* registers, then clears
// OP_EN, flips the consumer and pulses GLB done bit 2 + group. The LUT is
// written and read through S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/cdp_lrn.h"
#include "systemc/nvdla/cdp_rdma.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

class Cdp : public DmaUnit {
 public:
  sc_core::sc_port<CdpRdmaSource> rdma;
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_written{"bytes_written"};

  SC_HAS_PROCESS(Cdp);
  Cdp(sc_core::sc_module_name name, const HardwareConfig& config);

 private:
  uint32_t read_register(uint32_t offset) override;
  uint32_t peek_register(uint32_t offset) override;
  void write_register(uint32_t offset, uint32_t value) override;

  void run();
  CdpRegisters registers(unsigned group, const PackedCube& input, uint32_t data_format) const;

  CdpLutTables m_lut;
  PackedCube m_input, m_output;  // kept across layers so their memory is reused
};

}  // namespace acosim::nvdla

// CDMA: the convolution DMA (nvdla/hw vmod/nvdla/cdma, cmod/cdma). Its
// consumer group describes the layer's feature data and weights; CACC runs
// the layer (conv_stage.h) and CDMA's read DMAs fetch what it needs from
// the memory D_DAIN_RAM_TYPE / D_WEIGHT_RAM_TYPE select. At the end of the
// layer CDMA raises CDMA_DAT_DONE and CDMA_WT_DONE of its group. The CBUF
// is flushed after reset: S_CBUF_FLUSH_STATUS reads FLUSH_DONE, which
// NVDLA's traces poll before they enable a layer.
#pragma once

#include <cstdint>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/conv_stage.h"
#include "systemc/nvdla/conv_unit.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

class Cdma : public DmaUnit, public CdmaSource {
 public:
  sc_core::sc_export<CdmaSource> stage;
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};

  Cdma(sc_core::sc_module_name name, const HardwareConfig& config);

  void wait_layer(ConvRegisters& regs) override;
  void end_layer() override;
  sc_core::sc_time read(bool mc, uint64_t address, uint8_t* data, size_t bytes) override;

 private:
  ConvRegisterMap m_map;
  unsigned m_group = 0;
};

}  // namespace acosim::nvdla

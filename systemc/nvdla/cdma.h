// CDMA: the convolution DMA (nvdla/hw vmod/nvdla/cdma, cmod/cdma). Its
// consumer group describes the layer's feature data and weights; CACC runs
// the layer (conv_stage.h) and CDMA's read DMAs fetch what it needs from
// the memory D_DAIN_RAM_TYPE / D_WEIGHT_RAM_TYPE select: every batch's
// input cube (D_BATCH_NUMBER, D_BATCH_STRIDE) and the weights, with their
// group sizes (D_WGS_ADDR) and mask bits (D_WMB_ADDR, D_WMB_BYTES) when
// they are compressed (conv_datapath.h has the formats). When its data and
// its weights are in the buffer, CDMA raises CDMA_DAT_DONE and CDMA_WT_DONE
// of its group; for fp16 layers it keeps the NaN/Inf input counts of the
// layer in its group's D_NAN_INPUT_* / D_INF_INPUT_* registers and flushes
// NaN inputs to +0 with D_NAN_FLUSH_TO_ZERO. After reset CDMA clears the CBUF, 4096 entries at one per
// cycle, before S_CBUF_FLUSH_STATUS reads FLUSH_DONE (nvdlav1
// NV_NVDLA_CDMA_cvt.v / NV_NVDLA_CDMA_wt.v flush counters, bit 12); NVDLA's
// traces poll it before they enable a layer.
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

  SC_HAS_PROCESS(Cdma);

  void wait_layer(ConvRegisters& regs) override;
  void end_layer() override;
  sc_core::sc_time read(bool mc, uint64_t address, uint8_t* data, size_t bytes) override;
  void fetch_done(bool weights) override;
  void input_counts(const ConvOutput& output) override;

 private:
  void flush_buffer();

  ConvRegisterMap m_map;
  unsigned m_group = 0;
};

}  // namespace acosim::nvdla

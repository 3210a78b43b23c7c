// CACC: the convolution accumulator (nvdla/hw vmod/nvdla/cacc, cmod/cacc)
// and the end of the convolution pipeline. When SDP, in flying mode, asks
// for its input, CACC waits for its own consumer group and those of CDMA,
// CSC, CMAC_A and CMAC_B, decodes the layer from their registers, checks it
// (conv_unsupported_or_illegal) before CDMA reads anything, computes it
// (conv_datapath.h) with CDMA's reads, takes the MACs' time, and hands the
// accumulated, truncated int32 values (fp16 layers: fp32 patterns) to SDP,
// one cube per batch
// (D_BATCH_NUMBER). Then every unit ends its
// layer; CACC raises CACC_DONE of its group.
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

class Cacc : public RegisterUnit, public ConvOutputSource {
 public:
  sc_core::sc_port<CdmaSource> cdma;
  sc_core::sc_port<ConvStage> csc;
  sc_core::sc_port<ConvStage> cmac_a;
  sc_core::sc_port<ConvStage> cmac_b;
  sc_core::sc_export<ConvOutputSource> to_sdp;
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> macs{"macs"};  ///< multiply-accumulates of the layers so far

  Cacc(sc_core::sc_module_name name, const HardwareConfig& config);

  ConvOutput pull_output() override;

 private:
  ConvRegisterMap m_map;
  uint64_t m_macs = 0;
};

}  // namespace acosim::nvdla

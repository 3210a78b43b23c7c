// SDP: the single data point processor, as far as it feeds PDP on the fly
// (nvdla/hw vmod/nvdla/sdp/NV_NVDLA_SDP_core.v, cmod/hls/sdp/*): input from
// SDP_RDMA, the X1 (BS) and X2 (BN) stages with register operands, the
// output converter, and the stream to PDP. When OP_EN of its consumer group
// rises it checks what the group asks for; anything outside that path
// (output to memory, input from the convolution core, memory operands, an
// active EW stage, LUT, FP16) is reported as not modelled. The layer runs
// when PDP pulls its cube (PDP back-pressures SDP in the hardware: SDP
// cannot finish before an on-the-fly PDP layer is enabled); at its end
// OP_EN clears, the consumer flips and GLB done bit 0 + group pulses.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/unit.h"
#include "systemc/nvdla/sdp_datapath.h"
#include "systemc/nvdla/sdp_output.h"
#include "systemc/nvdla/sdp_rdma.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

class Sdp : public RegisterUnit, public SdpOutput {
 public:
  sc_core::sc_port<SdpRdmaSource> rdma;
  sc_core::sc_export<SdpOutput> pdp_out;  ///< the on-the-fly stream to PDP
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};

  SC_HAS_PROCESS(Sdp);
  Sdp(sc_core::sc_module_name name, const HardwareConfig& config);

  PackedCube pull_cube() override;

 private:
  void run();
  SdpConfig decode(unsigned group) const;

  sc_core::sc_event m_ready, m_layer_done;
  bool m_ready_flag = false;
  SdpConfig m_layer;
};

}  // namespace acosim::nvdla

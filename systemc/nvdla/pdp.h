// PDP: the planar data processor (pooling), nvdla/hw vmod/nvdla/pdp and
// cmod/pdp/NV_NVDLA_pdp.cpp. A layer starts when OP_EN of PDP's consumer
// group is set and uses only that group's registers. Its input comes from
// PDP_RDMA (OFF_FLYING, "offline", optionally in split-width stripes) or
// from SDP (ON_FLYING). The layer checks the programming guide's PDP
// limitation list before it touches memory, pools stripe by stripe,
// writes the output cube with PDP's D_DST_* registers, then clears OP_EN,
// flips the consumer and pulses the GLB done bit 4 + group. A layer always
// takes simulated time (memory latency plus one cycle per atom in and out),
// never zero: NVDLA's traces read D_OP_ENABLE back as 1 right after
// enabling.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/pdp_pooling.h"
#include "systemc/nvdla/pdp_rdma.h"
#include "systemc/nvdla/sdp_output.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

struct PdpTiming {
  sc_core::sc_time clock_period = sc_core::sc_time(1, sc_core::SC_NS);
};

class Pdp : public DmaUnit {
 public:
  sc_core::sc_port<PdpRdmaSource> rdma;  ///< offline input
  sc_core::sc_port<SdpOutput> sdp;        ///< on-the-fly input
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint32_t> stripe{"stripe"};  ///< stripe being pooled
  core::ObservedSignal<uint64_t> bytes_written{"bytes_written"};

  SC_HAS_PROCESS(Pdp);
  Pdp(sc_core::sc_module_name name, const HardwareConfig& config, const PdpTiming& timing = {});

 private:
  void run();
  void run_layer(unsigned group);
  PoolingConfig decode(unsigned group) const;
  std::string registers(unsigned group) const;

  PdpTiming m_timing;
  PackedCube m_input, m_output;  // kept across layers so their memory is reused
};

}  // namespace acosim::nvdla

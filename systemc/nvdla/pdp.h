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
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/nvdla/regs/config.h"
#include "systemc/core/dma_port.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/pdp_pooling.h"
#include "systemc/nvdla/pdp_rdma.h"
#include "systemc/nvdla/register_bank.h"
#include "systemc/nvdla/sdp_output.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

struct PdpTiming {
  sc_core::sc_time clock_period = sc_core::sc_time(1, sc_core::SC_NS);
};

class Pdp : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Pdp> csb;
  tlm_utils::simple_initiator_socket<Pdp> mcif;
  tlm_utils::simple_initiator_socket<Pdp> cvif;
  sc_core::sc_port<PdpRdmaSource> rdma;  ///< offline input
  sc_core::sc_port<SdpOutput> sdp;        ///< on-the-fly input
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint32_t> stripe{"stripe"};  ///< stripe being pooled
  core::ObservedSignal<uint64_t> bytes_written{"bytes_written"};

  SC_HAS_PROCESS(Pdp);
  Pdp(sc_core::sc_module_name name, const HardwareConfig& config, const PdpTiming& timing = {});

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);
  void invalidate_mcif(sc_dt::uint64 start, sc_dt::uint64 end);
  void invalidate_cvif(sc_dt::uint64 start, sc_dt::uint64 end);
  void run();
  void run_layer(unsigned group);
  PoolingConfig decode(unsigned group) const;
  std::string registers(unsigned group) const;
  void error(const std::string& message) const;

  const HardwareConfig& m_config;
  PdpTiming m_timing;
  RegisterBank m_bank;
  core::DmaPort m_mcif, m_cvif;
  sc_core::sc_event m_enabled;
  PackedCube m_input, m_output;  // kept across layers so their memory is reused
};

}  // namespace acosim::nvdla

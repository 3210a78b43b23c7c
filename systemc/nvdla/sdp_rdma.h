// SDP_RDMA: the read DMAs of SDP (nvdla/hw vmod/nvdla/sdp/NV_NVDLA_SDP_rdma.v,
// cmod/sdp/NV_NVDLA_sdp.cpp SdpRdmaCore). Modelled: MRDMA, which fetches
// the feature cube SDP processes when SDP's input is memory. Its own
// ping-pong groups end a layer (OP_EN cleared, consumer flipped) when the
// last line is read; it raises no interrupt. The operand DMAs (BRDMA,
// NRDMA, ERDMA), Winograd and multi-batch are reported as not modelled.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/nvdla/regs/config.h"
#include "systemc/core/dma_port.h"
#include "systemc/nvdla/feature_cube.h"
#include "systemc/nvdla/register_bank.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

// What SDP learns from SDP_RDMA's consumer group with the cube.
struct SdpRdmaLayer {
  unsigned group = 0;
  Precision in_precision = Precision::Int8;    // D_FEATURE_MODE_CFG.IN_PRECISION
  Precision proc_precision = Precision::Int8;  // D_FEATURE_MODE_CFG.PROC_PRECISION
  Precision out_precision = Precision::Int8;   // D_FEATURE_MODE_CFG.OUT_PRECISION
};

class SdpRdmaSource : public virtual sc_core::sc_interface {
 public:
  // Blocks until OP_EN of SDP_RDMA's consumer group is set, fetches its
  // cube (taking the memory's time) and ends its layer.
  virtual SdpRdmaLayer fetch(PackedCube& cube) = 0;
};

class SdpRdma : public sc_core::sc_module, public SdpRdmaSource {
 public:
  tlm_utils::simple_target_socket<SdpRdma> csb;
  tlm_utils::simple_initiator_socket<SdpRdma> mcif;
  tlm_utils::simple_initiator_socket<SdpRdma> cvif;
  sc_core::sc_export<SdpRdmaSource> out;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};

  SdpRdma(sc_core::sc_module_name name, const HardwareConfig& config);

  SdpRdmaLayer fetch(PackedCube& cube) override;

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);
  void invalidate_mcif(sc_dt::uint64 start, sc_dt::uint64 end);
  void invalidate_cvif(sc_dt::uint64 start, sc_dt::uint64 end);
  void error(const std::string& message) const;

  const HardwareConfig& m_config;
  RegisterBank m_bank;
  core::DmaPort m_mcif, m_cvif;
  sc_core::sc_event m_enabled;
};

}  // namespace acosim::nvdla

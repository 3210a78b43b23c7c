// SDP_RDMA: the read DMAs of SDP (nvdla/hw vmod/nvdla/sdp/NV_NVDLA_SDP_rdma.v,
// cmod/sdp/NV_NVDLA_sdp.cpp SdpRdmaCore): MRDMA, which fetches the feature
// cube SDP processes when SDP's input is memory, and the operand DMAs BRDMA
// (BS), NRDMA (BN) and ERDMA (EW, where the configuration has the stage),
// which fetch per-channel or per-element operands. Its own ping-pong groups
// end a layer (OP_EN cleared, consumer flipped) when the last line is read;
// it raises no interrupt. With FLYING_MODE = ON (input from the
// convolution core) MRDMA stays off and only the operands are fetched.
// With several batches (nv_full) the operand DMAs fetch once for every
// batch, and MRDMA reads the same cube once per batch (it has no batch
// stride). Winograd input from memory is reported as not modelled.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/feature_cube.h"
#include "systemc/nvdla/sdp_datapath.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

// What SDP learns from SDP_RDMA's consumer group with the cube.
struct SdpRdmaLayer {
  unsigned group = 0;
  Precision in_precision = Precision::Int8;    // D_FEATURE_MODE_CFG.IN_PRECISION
  Precision proc_precision = Precision::Int8;  // D_FEATURE_MODE_CFG.PROC_PRECISION
  Precision out_precision = Precision::Int8;   // D_FEATURE_MODE_CFG.OUT_PRECISION
  SdpOperands operands;                        // what BRDMA, NRDMA and ERDMA fetched
  uint32_t batches = 1;                        // D_FEATURE_MODE_CFG.BATCH_NUMBER + 1
};

class SdpRdmaSource : public virtual sc_core::sc_interface {
 public:
  // Blocks until OP_EN of SDP_RDMA's consumer group is set, fetches its
  // cube and operands (taking the memory's time) and ends its layer.
  virtual SdpRdmaLayer fetch(PackedCube& cube) = 0;
  // Whether OP_EN of SDP_RDMA's consumer group is set now.
  virtual bool enabled() const = 0;
};

class SdpRdma : public DmaUnit, public SdpRdmaSource {
 public:
  sc_core::sc_export<SdpRdmaSource> out;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};

  SdpRdma(sc_core::sc_module_name name, const HardwareConfig& config);

  SdpRdmaLayer fetch(PackedCube& cube) override;
  bool enabled() const override;

 private:
  void op_enabled(unsigned group) override;
  void count_nan_inf(unsigned group, const PackedCube& cube, uint32_t reads);
  struct OperandDma;
  SdpMemoryOperands fetch_operands(const OperandDma& dma, unsigned group, const CubeGeometry& cube,
                                   Precision proc_precision, sc_core::sc_time& delay);
};

}  // namespace acosim::nvdla

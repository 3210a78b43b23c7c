// CDP_RDMA: the read DMA of the channel data processor (nvdla/hw
// vmod/nvdla/cdp/NV_NVDLA_CDP_RDMA_*.v). Its own ping-pong register groups
// are independent of CDP's: it runs a layer when OP_EN of its consumer
// group is set, fetches the input cube (one request per line of W atoms, as
// PDP_RDMA and SDP_RDMA read) from the memory D_SRC_DMA_CFG selects, and
// ends the layer (OP_EN cleared, consumer flipped) when the last line is
// read. It raises no interrupt. CDP pulls the cube through `out`.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/feature_cube.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

// What CDP learns from CDP_RDMA's consumer group with the cube.
struct CdpRdmaLayer {
  unsigned group = 0;
  uint32_t data_format = 0;  // D_DATA_FORMAT as written (INPUT_DATA)
};

class CdpRdmaSource : public virtual sc_core::sc_interface {
 public:
  // Blocks until OP_EN of CDP_RDMA's consumer group is set, fetches its
  // cube into `cube` (its buffer reused; taking the memory's time) and ends
  // its layer.
  virtual CdpRdmaLayer fetch(PackedCube& cube) = 0;
};

class CdpRdma : public DmaUnit, public CdpRdmaSource {
 public:
  sc_core::sc_export<CdpRdmaSource> out;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};

  CdpRdma(sc_core::sc_module_name name, const HardwareConfig& config);

  CdpRdmaLayer fetch(PackedCube& cube) override;

 private:
  void op_enabled(unsigned group) override;
};

}  // namespace acosim::nvdla

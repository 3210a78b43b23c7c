// PDP_RDMA: the read DMA that feeds PDP in offline mode (nvdla/hw
// vmod/nvdla/pdp/NV_NVDLA_PDP_RDMA_*.v). It has its own ping-pong register
// groups, independent of PDP's: it runs a layer when OP_EN of its consumer
// group is set, fetches the input cube from the memory its D_SRC_RAM_CFG
// selects, and ends the layer (OP_EN cleared, consumer flipped) when the
// last line is read. It raises no interrupt. PDP pulls the cube through
// `out` (PdpRdmaSource), so a layer only moves when both are enabled.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/feature_cube.h"
#include "systemc/nvdla/feature_dma.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

// One PDP_RDMA register group, decoded (values, not value - 1).
struct PdpRdmaLayer {
  unsigned group = 0;
  CubeGeometry cube;       // D_DATA_CUBE_IN_*, D_DATA_FORMAT, the configuration's atom
  uint32_t data_format = 0;  // D_DATA_FORMAT.INPUT_DATA as written (3 is reserved)
  CubeAddress source;      // D_SRC_BASE_ADDR_*, D_SRC_LINE_STRIDE, D_SRC_SURFACE_STRIDE
  bool source_mc = true;   // D_SRC_RAM_CFG.SRC_RAM_TYPE
  uint32_t split_num = 0;  // D_OPERATION_MODE_CFG.SPLIT_NUM (stripes - 1)
  uint32_t partial_width_in = 0;  // D_PARTIAL_WIDTH_IN as written
  uint32_t kernel_width = 1, stride_width = 1;  // D_POOLING_KERNEL_CFG + 1
};

class PdpRdmaSource : public virtual sc_core::sc_interface {
 public:
  // Blocks until OP_EN of the consumer group is set; returns that group.
  virtual PdpRdmaLayer wait_layer() = 0;
  // Fetches the layer's whole input cube; returns the memory's time.
  virtual sc_core::sc_time fetch(const PdpRdmaLayer& layer, PackedCube& cube) = 0;
  // The last line is read: OP_EN[consumer] <- 0, consumer flips.
  virtual void end_layer() = 0;
};

class PdpRdma : public DmaUnit, public PdpRdmaSource {
 public:
  sc_core::sc_export<PdpRdmaSource> out;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};

  PdpRdma(sc_core::sc_module_name name, const HardwareConfig& config);

  PdpRdmaLayer wait_layer() override;
  sc_core::sc_time fetch(const PdpRdmaLayer& layer, PackedCube& cube) override;
  void end_layer() override;

 private:
  void op_enabled(unsigned group) override;
};

}  // namespace acosim::nvdla

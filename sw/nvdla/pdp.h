// The NVDLA PDP driver: one pooling layer programmed the way NVDLA's
// firmware does (nvdla/sw kmd/firmware/pdp.c, engine.c utils_get_free_group,
// scheduler.c dla_program_operation / dla_enable_operation): choose the
// register groups from the S_POINTER consumers, set the producers, unmask
// the PDP done interrupts, write the layer's registers, set the producers
// again, enable PDP_RDMA (offline) and PDP, wait for PDP_DONE_STATUS<group>.
// Plain C++ on the HAL.
#pragma once

#include <functional>
#include <memory>

#include "sw/hal/hal.h"
#include "sw/nvdla/glb.h"
#include "sw/nvdla/pdp_layer.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

// A programmed layer: its plan and the register groups it occupies.
struct PdpOperation {
  PdpProgram program;
  unsigned group = 0;       // PDP register group
  unsigned rdma_group = 0;  // PDP_RDMA register group (written to its S_POINTER even on the fly)
};

class PdpDriver {
 public:
  // Owns its GLB interrupt helper.
  PdpDriver(hal::Hal& hal, const HardwareConfig& config, DriverOptions options = {});
  // Shares one with other drivers on the same NVDLA.
  explicit PdpDriver(GlbInterrupts& glb, DriverOptions options = {});

  // Programs, enables and waits for an offline layer. A layer planned on the
  // fly needs SDP to stream its input, which this driver does not program:
  // std::invalid_argument, use the overload below.
  void run(const PoolingLayer& layer);
  // The same for any layer; `start_feed` runs right after PDP is enabled
  // and before the wait. For an on-the-fly layer it must enable the SDP
  // (and SDP_RDMA) that feeds PDP — the firmware's fused SDP -> PDP order:
  // the consumer is switched on before its producer.
  void run(const PoolingLayer& layer, const std::function<void(const PdpOperation&)>& start_feed);

  // The three steps of run(), for callers that interleave other units
  // (e.g. program SDP, then program and enable PDP, then enable SDP).
  // program() plans the layer first: an invalid layer throws before any
  // register access. DriverError if both register groups are taken.
  PdpOperation program(const PoolingLayer& layer);
  void enable(const PdpOperation& operation);
  void wait(const PdpOperation& operation);

 private:
  PdpOperation program_planned(PdpProgram plan);
  void set_producer(const PdpOperation& operation);
  uint32_t pdp(uint32_t offset) const;
  uint32_t rdma(uint32_t offset) const;

  std::unique_ptr<GlbInterrupts> own_glb_;
  GlbInterrupts& glb_;
  hal::Hal& hal_;
  const HardwareConfig& config_;
  DriverOptions options_;
  // Groups programmed and not yet completed (the firmware's group_status and
  // rdma_status bit masks).
  unsigned group_status_ = 0;
  unsigned rdma_status_ = 0;
};

}  // namespace acosim::nvdla

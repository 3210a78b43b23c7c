#include "sw/nvdla/pdp.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"

namespace acosim::nvdla {

namespace pdp = regs::pdp;
namespace pdp_rdma = regs::pdp_rdma;

PdpDriver::PdpDriver(hal::Hal& hal, const HardwareConfig& config, DriverOptions options)
    : own_glb_(std::make_unique<GlbInterrupts>(hal, config)),
      glb_(*own_glb_),
      hal_(hal),
      config_(config),
      options_(options) {}

PdpDriver::PdpDriver(GlbInterrupts& glb, DriverOptions options)
    : glb_(glb), hal_(glb.hal()), config_(glb.config()), options_(options) {}

uint32_t PdpDriver::pdp(uint32_t offset) const { return config_.unit_base(Unit::Pdp) + offset; }
uint32_t PdpDriver::rdma(uint32_t offset) const { return config_.unit_base(Unit::PdpRdma) + offset; }

void PdpDriver::run(const PoolingLayer& layer) {
  PdpProgram plan = plan_pdp_layer(layer, config_);
  if (plan.mode == PdpMode::OnTheFly) {
    throw std::invalid_argument(
        "PDP layer: planned on the fly (input streamed from SDP), which needs SDP programmed and enabled after "
        "PDP; pass a start_feed to run() or use program()/enable()/wait()");
  }
  const PdpOperation operation = program_planned(std::move(plan));
  enable(operation);
  wait(operation);
}

void PdpDriver::run(const PoolingLayer& layer, const std::function<void(const PdpOperation&)>& start_feed) {
  const PdpOperation operation = program(layer);
  enable(operation);
  if (start_feed) start_feed(operation);
  wait(operation);
}

PdpOperation PdpDriver::program(const PoolingLayer& layer) {
  return program_planned(plan_pdp_layer(layer, config_));
}

PdpOperation PdpDriver::program_planned(PdpProgram plan) {
  // utils_get_free_group: read both consumers; with no group of ours
  // programmed, use the hardware consumers, otherwise the other group.
  const uint32_t pointer = hal_.read_register(pdp(pdp::S_POINTER));
  const uint32_t rdma_pointer = hal_.read_register(rdma(pdp_rdma::S_POINTER));
  if (group_status_ == 0x3) {
    throw DriverError("PDP: both register groups are programmed and not completed");
  }
  PdpOperation operation;
  operation.group = group_status_ == 0 ? pdp::S_POINTER_CONSUMER.get(pointer) : ((group_status_ >> 1) == 0 ? 1 : 0);
  operation.rdma_group =
      rdma_status_ == 0 ? pdp_rdma::S_POINTER_CONSUMER.get(rdma_pointer) : ((rdma_status_ >> 1) == 0 ? 1 : 0);
  operation.program = std::move(plan);
  const bool offline = operation.program.mode != PdpMode::OnTheFly;

  glb_.forget(Unit::Pdp, operation.group);
  group_status_ |= 1u << operation.group;
  if (offline) rdma_status_ |= 1u << operation.rdma_group;

  // dla_program_operation: set_producer, then dla_pdp_program, which
  // unmasks both PDP done sources before writing the layer's registers.
  set_producer(operation);
  glb_.unmask(regs::glb::S_INTR_MASK_PDP_DONE_MASK0.mask() | regs::glb::S_INTR_MASK_PDP_DONE_MASK1.mask());
  for (const RegisterWrite& write : operation.program.writes) {
    hal_.write_register(config_.unit_base(write.unit) + write.offset, write.value);
  }
  return operation;
}

void PdpDriver::set_producer(const PdpOperation& operation) {
  // dla_pdp_set_producer writes both pointers, PDP_RDMA's even on the fly.
  hal_.write_register(pdp(pdp::S_POINTER), pdp::S_POINTER_PRODUCER.put(operation.group));
  hal_.write_register(rdma(pdp_rdma::S_POINTER), pdp_rdma::S_POINTER_PRODUCER.put(operation.rdma_group));
}

void PdpDriver::enable(const PdpOperation& operation) {
  // dla_enable_operation: set_producer again, then dla_pdp_enable: the
  // reader first (offline), then PDP.
  set_producer(operation);
  if (operation.program.mode != PdpMode::OnTheFly) {
    hal_.write_register(rdma(pdp_rdma::D_OP_ENABLE), pdp_rdma::D_OP_ENABLE_OP_EN.put(pdp_rdma::D_OP_ENABLE_OP_EN_ENABLE));
  }
  hal_.write_register(pdp(pdp::D_OP_ENABLE), pdp::D_OP_ENABLE_OP_EN.put(pdp::D_OP_ENABLE_OP_EN_ENABLE));
}

void PdpDriver::wait(const PdpOperation& operation) {
  glb_.wait_for_done(Unit::Pdp, operation.group, options_);
  // dla_op_completion frees the groups.
  group_status_ &= ~(1u << operation.group);
  if (operation.program.mode != PdpMode::OnTheFly) rdma_status_ &= ~(1u << operation.rdma_group);
}

}  // namespace acosim::nvdla

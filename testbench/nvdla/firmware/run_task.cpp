#include "testbench/nvdla/firmware/run_task.h"

#include <cstdio>
#include <stdexcept>

#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/trace/unit_names.h"

namespace acosim::nvdla::firmware {
namespace {

core::Memory& memory_of(NvdlaSystem& system, MemoryType type) {
  if (type == MemoryType::Cv) {
    if (system.cvif_memory() == nullptr) {
      throw std::invalid_argument(std::string(system.config().name) + " has no CV-SRAM to load or read");
    }
    return *system.cvif_memory();
  }
  if (type != MemoryType::Mc) throw std::invalid_argument("only MC and CV memory can be loaded or read");
  return system.mcif_memory();
}

// Each modelled unit's status register: for the ping-pong units S_STATUS
// (0 when neither group has OP_EN set), for BDMA STATUS (IDLE set, neither
// group busy).
std::vector<UnitState> unit_states(const HardwareConfig& config, hal::Hal& hal) {
  std::vector<UnitState> states;
  const auto ping_pong = [&](Unit unit, uint32_t offset) {
    if (!config.has_unit(unit)) return;
    const uint32_t value = hal.read_register(config.unit_base(unit) + offset);
    states.push_back({std::string(unit_name(unit)) + " S_STATUS", value, value == 0});
  };
  if (config.has_unit(Unit::Bdma)) {
    namespace b = regs::bdma;
    const uint32_t value = hal.read_register(config.unit_base(Unit::Bdma) + b::STATUS);
    const bool idle = b::STATUS_IDLE.get(value) == b::STATUS_IDLE_YES && b::STATUS_GRP0_BUSY.get(value) == 0 &&
                      b::STATUS_GRP1_BUSY.get(value) == 0;
    states.push_back({"BDMA STATUS", value, idle});
  }
  ping_pong(Unit::PdpRdma, regs::pdp_rdma::S_STATUS);
  ping_pong(Unit::Pdp, regs::pdp::S_STATUS);
  ping_pong(Unit::SdpRdma, regs::sdp_rdma::S_STATUS);
  ping_pong(Unit::Sdp, regs::sdp::S_STATUS);
  ping_pong(Unit::CdpRdma, regs::cdp_rdma::S_STATUS);
  ping_pong(Unit::Cdp, regs::cdp::S_STATUS);
  ping_pong(Unit::Cdma, regs::cdma::S_STATUS);
  ping_pong(Unit::Csc, regs::csc::S_STATUS);
  ping_pong(Unit::CmacA, regs::cmac_a::S_STATUS);
  ping_pong(Unit::CmacB, regs::cmac_b::S_STATUS);
  ping_pong(Unit::Cacc, regs::cacc::S_STATUS);
  return states;
}

}  // namespace

std::string describe(const HardwareConfig& config, const RegisterAccess& access) {
  char text[64];
  const char* window = window_name(config, access.offset);
  std::snprintf(text, sizeof text, "%c 0x%08x 0x%08x %s", access.write ? 'W' : 'R', access.offset, access.value,
                window == nullptr ? "-" : window);
  return text;
}

TaskResult run_task(const TaskRequest& request) {
  TaskResult result;
  const RunStatistics statistics = run_firmware(request.system, [&](NvdlaSystem& system) {
    const HardwareConfig& config = system.config();
    for (const MemoryImage& image : request.load) {
      memory_of(system, image.memory).poke(image.address, image.bytes.data(), image.bytes.size());
    }
    hal::Hal& hal = system.hal();
    MemoryLimits limits;
    limits.mc_begin = request.system.mcif.base;
    limits.mc_end = request.system.mcif.base + request.system.mcif.size;
    limits.cv_begin = request.system.cvif.base;
    limits.cv_end = request.system.cvif.base + request.system.cvif.size;
    result.task = build_task(hal, config, request.operations, request.descriptor_base, limits);
    FirmwareEngine engine(hal, config);
    const size_t before = engine.port().register_log().size();
    result.run = engine.run(result.task.address_list, request.run);
    const std::vector<RegisterAccess>& log = engine.port().register_log();
    result.registers.assign(log.begin() + long(before), log.end());
    result.log = engine.port().firmware_log();
    for (const RegisterAccess& access : log) {
      if (trace::unit_at(access.offset, config.config).unit) continue;
      const char* window = window_name(config, access.offset);
      result.unmapped.push_back({access, window == nullptr ? "none" : window});
    }
    result.glb_intr_status_after = hal.read_register(config.unit_base(Unit::Glb) + regs::glb::S_INTR_STATUS);
    result.units_after = unit_states(config, hal);
    for (const MemoryRegion& region : request.read_back) {
      MemoryImage image{region.memory, region.address, std::vector<uint8_t>(region.bytes)};
      memory_of(system, region.memory).peek(region.address, image.bytes.data(), image.bytes.size());
      result.read_back.push_back(std::move(image));
    }
  });
  result.simulated_ns = statistics.simulated_ns;
  return result;
}

}  // namespace acosim::nvdla::firmware

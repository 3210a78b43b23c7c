// The NVDLA BDMA driver: memory-to-memory copies programmed the way NVDLA's
// firmware does (nvdla/sw kmd/firmware/bdma.c, engine.c
// utils_get_free_group, scheduler.c): each transfer is pushed into a slot
// after polling STATUS.FREE_SLOT, the slots of one operation are launched
// as register group 0 or 1, and the group's done interrupt ends it. Up to
// two operations are in flight, one per group. Plain C++ on the HAL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/glb.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

// One copy, in the byte units of the firmware's dla_bdma_transfer_desc:
// surface_repeat surfaces of line_repeat lines of line_size bytes.
struct BdmaTransfer {
  uint64_t source = 0, destination = 0;
  hal::MemoryPort source_memory = hal::MemoryPort::Primary;  // Primary = MC (DRAM), Secondary = CVSRAM
  hal::MemoryPort destination_memory = hal::MemoryPort::Primary;
  uint32_t line_size = 0;        // bytes per line, a multiple of 32
  uint32_t line_repeat = 1;      // lines per surface
  uint32_t source_line = 0;      // source line stride in bytes
  uint32_t destination_line = 0; // destination line stride in bytes
  uint32_t surface_repeat = 1;   // surfaces
  uint32_t source_surface = 0;   // source surface stride in bytes
  uint32_t destination_surface = 0;
};

// Transfers [first, first + count) of a run() list, launched as one group.
struct BdmaOperation {
  size_t first;
  size_t count;
};

// Slots of the BDMA command FIFO, and NUM_MAX_BDMA_OPS of the firmware.
inline constexpr size_t kBdmaMaxTransfersPerOperation = 20;

// The firmware's per-transfer preconditions (processor_bdma_program_slot)
// plus the hardware's: 32-byte granules, register field widths, CVSRAM only
// where a CVIF exists. std::invalid_argument naming the transfer index and
// the rule.
void validate_bdma_transfer(const BdmaTransfer& transfer, size_t index, const HardwareConfig& config);

// Consecutive operations of at most 20 transfers each, all with the same
// destination memory: BDMA signals a group's end by the write acknowledge of
// its last command only, on that command's interface (programming guide,
// "same DST_RAM_TYPE per group").
std::vector<BdmaOperation> plan_bdma_operations(const std::vector<BdmaTransfer>& transfers);

class BdmaDriver {
 public:
  // Owns its GLB interrupt helper.
  BdmaDriver(hal::Hal& hal, const HardwareConfig& config, DriverOptions options = {});
  // Shares one with other drivers on the same NVDLA, so that done events one
  // driver clears are seen by the other.
  explicit BdmaDriver(GlbInterrupts& glb, DriverOptions options = {});

  // Copies every transfer, in order, and returns when all have completed.
  // Every transfer is validated before any register is touched.
  void run(const std::vector<BdmaTransfer>& transfers);

 private:
  enum class GroupState : uint8_t { Idle, Programmed, Launched };

  unsigned choose_group();
  void program(const std::vector<BdmaTransfer>& transfers, const BdmaOperation& operation, unsigned group);
  void wait_for_free_slot(size_t transfer_index);
  void program_slot(const BdmaTransfer& transfer);
  void launch(unsigned group);
  void wait_for_oldest();
  uint32_t reg(uint32_t offset) const;

  std::unique_ptr<GlbInterrupts> own_glb_;
  GlbInterrupts& glb_;
  hal::Hal& hal_;
  const HardwareConfig& config_;
  DriverOptions options_;
  GroupState groups_[2] = {GroupState::Idle, GroupState::Idle};
  std::deque<unsigned> in_flight_;  // launched groups, oldest first
};

}  // namespace acosim::nvdla

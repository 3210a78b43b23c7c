#include "sw/nvdla/bdma.h"

#include <stdexcept>
#include <string>

#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/glb.h"

namespace acosim::nvdla {

namespace bdma = regs::bdma;

namespace {

constexpr uint32_t kGranule = 32;        // CFG_*_ADDR_LOW and strides keep bits [31:5]; CFG_LINE counts 32 bytes
constexpr uint32_t kMaxRepeat = 8192;    // firmware limit; CFG_LINE_REPEAT/SURF_REPEAT legal values 0..0x1FFF
constexpr uint32_t kMaxLineUnits = 8192; // CFG_LINE.SIZE: 13 bits of "units - 1"

std::string str(uint64_t value) { return std::to_string(value); }

uint32_t ram_type(hal::MemoryPort memory) {
  // kmd/firmware/bdma.c map_mem: DLA_MEM_MC -> MC (1), DLA_MEM_CV -> CVSRAM (0).
  return memory == hal::MemoryPort::Primary ? bdma::CFG_CMD_SRC_RAM_TYPE_MC : bdma::CFG_CMD_SRC_RAM_TYPE_CVSRAM;
}

}  // namespace

void validate_bdma_transfer(const BdmaTransfer& t, size_t index, const HardwareConfig& config) {
  const std::string who = "BDMA transfer " + str(index) + ": ";
  auto fail = [&](const std::string& rule) { throw std::invalid_argument(who + rule); };
  if (!config.has_cvif && (t.source_memory == hal::MemoryPort::Secondary ||
                           t.destination_memory == hal::MemoryPort::Secondary)) {
    fail(std::string("CVSRAM (secondary memory) used but ") + config.name + " has no CVIF");
  }
  if (t.line_size == 0 || t.line_size % kGranule != 0) {
    fail("line_size " + str(t.line_size) + " is not a positive multiple of 32 (CFG_LINE counts 32-byte units)");
  }
  if (t.line_size / kGranule > kMaxLineUnits) {
    fail("line_size " + str(t.line_size) + " exceeds " + str(uint64_t(kMaxLineUnits) * kGranule) +
         " bytes (CFG_LINE.SIZE has 13 bits)");
  }
  if (t.line_repeat < 1 || t.line_repeat > kMaxRepeat) {
    fail("line_repeat " + str(t.line_repeat) + " is outside 1.." + str(kMaxRepeat));
  }
  if (t.surface_repeat < 1 || t.surface_repeat > kMaxRepeat) {
    fail("surface_repeat " + str(t.surface_repeat) + " is outside 1.." + str(kMaxRepeat));
  }
  const struct {
    const char* name;
    uint64_t value;
  } granular[] = {{"source address", t.source},           {"destination address", t.destination},
                  {"source_line", t.source_line},         {"destination_line", t.destination_line},
                  {"source_surface", t.source_surface},   {"destination_surface", t.destination_surface}};
  for (const auto& g : granular) {
    if (g.value % kGranule != 0) {
      fail(std::string(g.name) + " " + str(g.value) + " is not a multiple of 32 (the BDMA registers drop bits [4:0])");
    }
  }
  if (t.source_line < t.line_size) {
    fail("source_line " + str(t.source_line) + " is smaller than line_size " + str(t.line_size));
  }
  if (t.destination_line < t.line_size) {
    fail("destination_line " + str(t.destination_line) + " is smaller than line_size " + str(t.line_size));
  }
  if (t.source_surface < uint64_t(t.source_line) * t.line_repeat) {
    fail("source_surface " + str(t.source_surface) + " is smaller than source_line * line_repeat (" +
         str(uint64_t(t.source_line) * t.line_repeat) + ")");
  }
  if (t.destination_surface < uint64_t(t.destination_line) * t.line_repeat) {
    fail("destination_surface " + str(t.destination_surface) + " is smaller than destination_line * line_repeat (" +
         str(uint64_t(t.destination_line) * t.line_repeat) + ")");
  }
}

std::vector<BdmaOperation> plan_bdma_operations(const std::vector<BdmaTransfer>& transfers) {
  std::vector<BdmaOperation> operations;
  for (size_t i = 0; i < transfers.size(); ++i) {
    const bool extend = !operations.empty() && operations.back().count < kBdmaMaxTransfersPerOperation &&
                        transfers[operations.back().first].destination_memory == transfers[i].destination_memory;
    if (extend) {
      ++operations.back().count;
    } else {
      operations.push_back({i, 1});
    }
  }
  return operations;
}

BdmaDriver::BdmaDriver(hal::Hal& hal, const HardwareConfig& config, DriverOptions options)
    : own_glb_(std::make_unique<GlbInterrupts>(hal, config)),
      glb_(*own_glb_),
      hal_(hal),
      config_(config),
      options_(options) {}

BdmaDriver::BdmaDriver(GlbInterrupts& glb, DriverOptions options)
    : glb_(glb), hal_(glb.hal()), config_(glb.config()), options_(options) {}

uint32_t BdmaDriver::reg(uint32_t offset) const { return config_.unit_base(Unit::Bdma) + offset; }

void BdmaDriver::run(const std::vector<BdmaTransfer>& transfers) {
  // dla_bdma_program refuses when the configuration has no BDMA
  // (config_data->bdma_enable), before anything else.
  if (!config_.has_bdma) {
    throw std::invalid_argument(std::string("BDMA: ") + config_.name + " has no BDMA unit");
  }
  for (size_t i = 0; i < transfers.size(); ++i) validate_bdma_transfer(transfers[i], i, config_);

  for (const BdmaOperation& operation : plan_bdma_operations(transfers)) {
    // Both groups launched: the hardware must not receive slots now (they
    // would join the waiting group), so the older operation finishes first.
    if (in_flight_.size() == 2) wait_for_oldest();
    const unsigned group = choose_group();
    // dla_bdma_is_ready: BDMA has one set of CFG registers, so an operation
    // is not programmed while the other group holds programmed, unlaunched
    // slots (they would be merged at the next launch). This driver launches
    // right after programming, so the other group is never in that state.
    if (groups_[1 - group] == GroupState::Programmed) {
      throw std::logic_error("BDMA: group " + str(1 - group) + " is programmed but not launched");
    }
    program(transfers, operation, group);
    launch(group);
  }
  while (!in_flight_.empty()) wait_for_oldest();
}

unsigned BdmaDriver::choose_group() {
  // utils_get_free_group: BDMA has no S_POINTER; with no operation in
  // flight the group is STATUS.GRP0_BUSY ? 1 : 0, otherwise the other one.
  const uint32_t status = hal_.read_register(reg(bdma::STATUS));
  const bool used0 = groups_[0] != GroupState::Idle, used1 = groups_[1] != GroupState::Idle;
  if (used0 && used1) throw std::logic_error("BDMA: both groups are in use");
  if (used0) return 1;
  if (used1) return 0;
  return bdma::STATUS_GRP0_BUSY.get(status) == bdma::STATUS_GRP0_BUSY_YES ? 1 : 0;
}

void BdmaDriver::program(const std::vector<BdmaTransfer>& transfers, const BdmaOperation& operation,
                         unsigned group) {
  glb_.forget(Unit::Bdma, group);
  groups_[group] = GroupState::Programmed;
  for (size_t i = operation.first; i < operation.first + operation.count; ++i) {
    wait_for_free_slot(i);
    program_slot(transfers[i]);
  }
  // dla_bdma_program unmasks both BDMA done sources after the slots.
  glb_.unmask(regs::glb::S_INTR_MASK_BDMA_DONE_MASK0.mask() | regs::glb::S_INTR_MASK_BDMA_DONE_MASK1.mask());
}

void BdmaDriver::wait_for_free_slot(size_t transfer_index) {
  // processor_bdma_program_slot polls STATUS until FREE_SLOT != 0 before
  // every transfer. A slot pushed while both groups are busy would join the
  // launched, waiting group (programming guide), so that counts as not free.
  const uint64_t start = hal_.now_ns();
  for (;;) {
    const uint32_t status = hal_.read_register(reg(bdma::STATUS));
    const bool both_busy = bdma::STATUS_GRP0_BUSY.get(status) == bdma::STATUS_GRP0_BUSY_YES &&
                           bdma::STATUS_GRP1_BUSY.get(status) == bdma::STATUS_GRP1_BUSY_YES;
    if (bdma::STATUS_FREE_SLOT.get(status) != 0 && !both_busy) return;
    if (hal_.now_ns() - start >= options_.timeout_ns) {
      throw DriverError("BDMA transfer " + str(transfer_index) + ": no free slot within " +
                        str(options_.timeout_ns) + " ns (STATUS.FREE_SLOT " + str(bdma::STATUS_FREE_SLOT.get(status)) +
                        (both_busy ? ", GRP0_BUSY and GRP1_BUSY set)" : ")"));
    }
    hal_.sleep_ns(options_.poll_interval_ns);
  }
}

void BdmaDriver::program_slot(const BdmaTransfer& t) {
  // processor_bdma_program_slot's order; CFG_OP.EN = 1 copies the CFG set
  // into a slot. Counts are programmed minus one, strides in bytes.
  auto write = [&](uint32_t offset, uint32_t value) { hal_.write_register(reg(offset), value); };
  write(bdma::CFG_SRC_ADDR_LOW, uint32_t(t.source));
  write(bdma::CFG_SRC_ADDR_HIGH, uint32_t(t.source >> 32));
  write(bdma::CFG_DST_ADDR_LOW, uint32_t(t.destination));
  write(bdma::CFG_DST_ADDR_HIGH, uint32_t(t.destination >> 32));
  write(bdma::CFG_LINE, bdma::CFG_LINE_SIZE.put(t.line_size / kGranule - 1));
  write(bdma::CFG_CMD, bdma::CFG_CMD_SRC_RAM_TYPE.put(ram_type(t.source_memory)) |
                           bdma::CFG_CMD_DST_RAM_TYPE.put(ram_type(t.destination_memory)));
  write(bdma::CFG_LINE_REPEAT, bdma::CFG_LINE_REPEAT_NUMBER.put(t.line_repeat - 1));
  write(bdma::CFG_SRC_LINE, t.source_line);
  write(bdma::CFG_DST_LINE, t.destination_line);
  write(bdma::CFG_SURF_REPEAT, bdma::CFG_SURF_REPEAT_NUMBER.put(t.surface_repeat - 1));
  write(bdma::CFG_SRC_SURF, t.source_surface);
  write(bdma::CFG_DST_SURF, t.destination_surface);
  write(bdma::CFG_OP, bdma::CFG_OP_EN.put(bdma::CFG_OP_EN_ENABLE));
}

void BdmaDriver::launch(unsigned group) {
  // dla_bdma_enable: all slots pushed since the previous launch form the group.
  if (group == 0) {
    hal_.write_register(reg(bdma::CFG_LAUNCH0), bdma::CFG_LAUNCH0_GRP0_LAUNCH.put(bdma::CFG_LAUNCH0_GRP0_LAUNCH_YES));
  } else {
    hal_.write_register(reg(bdma::CFG_LAUNCH1), bdma::CFG_LAUNCH1_GRP1_LAUNCH.put(bdma::CFG_LAUNCH1_GRP1_LAUNCH_YES));
  }
  groups_[group] = GroupState::Launched;
  in_flight_.push_back(group);
}

void BdmaDriver::wait_for_oldest() {
  // Groups run in launch order; each ends with BDMA_DONE_STATUS<group>.
  const unsigned group = in_flight_.front();
  glb_.wait_for_done(Unit::Bdma, group, options_);
  groups_[group] = GroupState::Idle;
  in_flight_.pop_front();
}

}  // namespace acosim::nvdla

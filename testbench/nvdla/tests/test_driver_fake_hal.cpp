// The BDMA and PDP drivers against a fake HAL that records every register
// access and models just enough NVDLA to answer them: GLB mask/status with
// the level interrupt, BDMA's 20-slot FIFO, launch groups, busy bits and
// FREE_SLOT, PDP/PDP_RDMA ping-pong groups with producer/consumer and
// OP_EN. The expected sequences are typed in from the firmware's order
// (nvdla/sw kmd/firmware bdma.c, pdp.c, engine.c, scheduler.c); the fake
// flags programming the hardware forbids (programming guide limitation
// lists) as violations.
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/bdma.h"
#include "sw/nvdla/glb.h"
#include "sw/nvdla/pdp.h"
#include "sw/nvdla/pdp_layer.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {
namespace {

struct Access {
  bool write;
  uint32_t address;
  uint32_t value;
};

std::string describe(const std::vector<Access>& log) {
  std::ostringstream text;
  for (const Access& a : log) {
    text << (a.write ? "W " : "R ") << std::hex << "0x" << a.address << " 0x" << a.value << "\n";
  }
  return text.str();
}

class FakeNvdla : public hal::Hal {
 public:
  // When a launched BDMA group's slots leave the FIFO: when the group starts
  // (the load engine takes them) or only when it completes (a slow engine).
  enum class SlotRelease { AtStart, AtCompletion };

  struct BdmaGroupRun {
    unsigned group;
    std::vector<std::array<uint32_t, 12>> slots;  // CFG_SRC_ADDR_LOW .. CFG_DST_SURF of each slot
  };
  struct PdpLayerRun {
    unsigned group;
    unsigned rdma_group;
    bool offline;
  };

  explicit FakeNvdla(const HardwareConfig& config) : config_(config) {}

  // Knobs.
  uint32_t intr_mask = 0x003F03FF;  // every source masked, so the drivers' unmasking shows
  uint32_t intr_status = 0;
  uint32_t stuck_status = 0;  // status bits a write-1-to-clear cannot clear (a source that keeps firing)
  uint64_t bdma_group_ns = 1000;
  uint64_t pdp_layer_ns = 1000;
  bool bdma_stalled = false;
  bool pdp_stalled = false;
  SlotRelease slot_release = SlotRelease::AtStart;

  // Observations.
  std::vector<Access> log;
  std::vector<std::string> violations;
  std::vector<BdmaGroupRun> bdma_runs;  // in completion order
  std::vector<PdpLayerRun> pdp_runs;
  size_t most_bdma_groups_launched = 0;
  size_t sleeps = 0;

  uint32_t at(Unit unit, uint32_t offset) const { return config_.unit_base(unit) + offset; }

  void write_memory(uint64_t, const void*, size_t) override { throw std::logic_error("driver wrote memory"); }
  void read_memory(uint64_t, void*, size_t) override { throw std::logic_error("driver read memory"); }
  void write_stream(hal::StreamId, const void*, size_t) override { throw std::logic_error("driver used a stream"); }
  void sleep_ns(uint64_t nanoseconds) override {
    ++sleeps;
    now_ += nanoseconds;
    advance();
  }
  uint64_t now_ns() const override { return now_; }

  uint32_t read_register(uint32_t address) override {
    const uint32_t value = read(address);
    log.push_back({false, address, value});
    return value;
  }

  void write_register(uint32_t address, uint32_t value) override {
    log.push_back({true, address, value});
    write(address, value);
    try_start_pdp();
  }

  bool wait_for_interrupt(uint64_t timeout_ns) override {
    advance();
    const uint64_t deadline = now_ + timeout_ns;
    while ((intr_status & ~intr_mask) == 0) {
      const std::optional<uint64_t> next = next_event();
      if (!next || *next > deadline) {
        now_ = deadline;
        return false;
      }
      now_ = *next;
      advance();
    }
    return true;
  }

 private:
  struct Pingpong {
    unsigned producer = 0, consumer = 0;
    bool op_en[2] = {false, false};
    std::map<uint32_t, uint32_t> regs[2];
  };
  struct LaunchedGroup {
    unsigned group;
    size_t slots;
    uint64_t done_at;
  };

  uint32_t read(uint32_t address) {
    const uint32_t offset = address & 0xFFF;
    const uint32_t window = address & ~0xFFFu;
    if (window == config_.unit_base(Unit::Glb)) {
      if (offset == 0x004) return intr_mask;
      if (offset == 0x008) return 0;
      if (offset == 0x00C) return intr_status;
    } else if (config_.has_bdma && window == config_.unit_base(Unit::Bdma)) {
      if (offset <= 0x02C) return cfg_[offset / 4];
      if (offset == 0x040) {
        const bool idle = fifo_.empty() && launched_.empty();
        return uint32_t(20 - fifo_.size()) | uint32_t(idle) << 8 | uint32_t(busy_[0]) << 9 | uint32_t(busy_[1]) << 10;
      }
    } else if (window == config_.unit_base(Unit::Pdp)) {
      return read_pingpong(pdp_, offset);
    } else if (window == config_.unit_base(Unit::PdpRdma)) {
      return read_pingpong(rdma_, offset);
    }
    violations.push_back("read of unmodelled register " + hex(address));
    return 0;
  }

  void write(uint32_t address, uint32_t value) {
    const uint32_t offset = address & 0xFFF;
    const uint32_t window = address & ~0xFFFu;
    if (window == config_.unit_base(Unit::Glb)) {
      if (offset == 0x004) return void(intr_mask = value & 0x003F03FF);
      if (offset == 0x008) return void(intr_status |= value & 0x003F03FF);
      if (offset == 0x00C) return void(intr_status = (intr_status & ~value) | stuck_status);
    } else if (config_.has_bdma && window == config_.unit_base(Unit::Bdma)) {
      if (offset <= 0x02C) return void(cfg_[offset / 4] = value);
      if (offset == 0x030) return (value & 1) ? push_slot() : void();
      if (offset == 0x034 || offset == 0x038) return (value & 1) ? launch(offset == 0x034 ? 0 : 1) : void();
    } else if (window == config_.unit_base(Unit::Pdp)) {
      return write_pingpong(pdp_, "PDP", offset, value);
    } else if (window == config_.unit_base(Unit::PdpRdma)) {
      return write_pingpong(rdma_, "PDP_RDMA", offset, value);
    } else if (window == config_.unit_base(Unit::Sdp) && offset == 0x008) {
      sdp_feeding_ = (value & 1) != 0;  // SDP D_OP_ENABLE: the on-the-fly stream starts
      return;
    }
    violations.push_back("write of unmodelled register " + hex(address));
  }

  // BDMA (NV_NVDLA_BDMA_csb.v behaviour as the programming guide states it).
  void push_slot() {
    if (fifo_.size() == 20) violations.push_back("BDMA: CFG_OP.EN with FREE_SLOT 0 (command dropped)");
    if (busy_[0] && busy_[1]) violations.push_back("BDMA: slot pushed while GRP0_BUSY and GRP1_BUSY");
    fifo_.push_back(cfg_);
    ++pending_;
  }

  void launch(unsigned group) {
    if (pending_ == 0) violations.push_back("BDMA: launch of group " + std::to_string(group) + " with no slot");
    if (busy_[group]) violations.push_back("BDMA: launch of busy group " + std::to_string(group));
    if (launched_.size() == 2) violations.push_back("BDMA: third group launched");
    // Same DST_RAM_TYPE (CFG_CMD bit 1) for every slot of the group.
    for (size_t i = fifo_.size() - pending_; i < fifo_.size(); ++i) {
      if (((fifo_[i][5] ^ fifo_.back()[5]) & 2) != 0) violations.push_back("BDMA: mixed DST_RAM_TYPE in a group");
    }
    launched_.push_back({group, pending_, 0});
    busy_[group] = true;
    pending_ = 0;
    if (launched_.size() == 1) start_front(now_);
    most_bdma_groups_launched = std::max(most_bdma_groups_launched, launched_.size());
  }

  void start_front(uint64_t time) {
    launched_.front().done_at = time + bdma_group_ns;
    if (slot_release == SlotRelease::AtStart) take_front_slots();
  }

  void take_front_slots() {
    BdmaGroupRun run{launched_.front().group, {}};
    for (size_t i = 0; i < launched_.front().slots; ++i) {
      run.slots.push_back(fifo_.front());
      fifo_.pop_front();
    }
    taken_.push_back(run);
  }

  void complete_front_bdma() {
    const LaunchedGroup done = launched_.front();
    if (slot_release == SlotRelease::AtCompletion) take_front_slots();
    bdma_runs.push_back(taken_.front());
    taken_.pop_front();
    busy_[done.group] = false;
    intr_status |= 1u << (6 + done.group);  // BDMA_DONE_STATUS<group>
    launched_.pop_front();
    if (!launched_.empty()) start_front(done.done_at);
  }

  // PDP and PDP_RDMA register groups.
  static uint32_t read_pingpong(Pingpong& unit, uint32_t offset) {
    if (offset == 0x000) {
      auto state = [&](unsigned g) { return !unit.op_en[g] ? 0u : (unit.consumer == g ? 1u : 2u); };
      return state(0) | state(1) << 16;
    }
    if (offset == 0x004) return unit.producer | unit.consumer << 16;
    if (offset == 0x008) return unit.op_en[unit.producer];
    return unit.regs[unit.producer][offset];
  }

  void write_pingpong(Pingpong& unit, const char* name, uint32_t offset, uint32_t value) {
    if (offset == 0x004) return void(unit.producer = value & 1);
    if (offset < 0x008) return;
    const unsigned group = unit.producer;
    if (unit.op_en[group]) {
      violations.push_back(std::string(name) + ": write of " + hex(offset) + " to enabled group " +
                           std::to_string(group));
      return;
    }
    if (offset == 0x008) {
      unit.op_en[group] = (value & 1) != 0;
    } else {
      unit.regs[group][offset] = value;
    }
  }

  void try_start_pdp() {
    if (pdp_running_ || !pdp_.op_en[pdp_.consumer]) return;
    const bool offline = (pdp_.regs[pdp_.consumer][0x024] & 0x10) != 0;  // D_OPERATION_MODE_CFG.FLYING_MODE
    if (offline ? !rdma_.op_en[rdma_.consumer] : !sdp_feeding_) return;
    pdp_running_ = true;
    pdp_offline_ = offline;
    pdp_done_at_ = now_ + pdp_layer_ns;
    if (!offline) sdp_feeding_ = false;
  }

  void complete_pdp() {
    const unsigned group = pdp_.consumer;
    pdp_runs.push_back({group, rdma_.consumer, pdp_offline_});
    pdp_.op_en[group] = false;
    pdp_.consumer ^= 1;
    if (pdp_offline_) {
      rdma_.op_en[rdma_.consumer] = false;
      rdma_.consumer ^= 1;
    }
    intr_status |= 1u << (4 + group);  // PDP_DONE_STATUS<group>
    pdp_running_ = false;
    try_start_pdp();
  }

  std::optional<uint64_t> next_event() const {
    std::optional<uint64_t> next;
    if (!bdma_stalled && !launched_.empty()) next = launched_.front().done_at;
    if (!pdp_stalled && pdp_running_ && (!next || pdp_done_at_ < *next)) next = pdp_done_at_;
    return next;
  }

  void advance() {
    for (;;) {
      if (!bdma_stalled && !launched_.empty() && launched_.front().done_at <= now_) {
        complete_front_bdma();
      } else if (!pdp_stalled && pdp_running_ && pdp_done_at_ <= now_) {
        complete_pdp();
      } else {
        return;
      }
    }
  }

  static std::string hex(uint32_t value) {
    std::ostringstream text;
    text << "0x" << std::hex << value;
    return text.str();
  }

  const HardwareConfig& config_;
  uint64_t now_ = 0;
  // BDMA
  std::array<uint32_t, 12> cfg_{};
  std::deque<std::array<uint32_t, 12>> fifo_;
  size_t pending_ = 0;
  std::deque<LaunchedGroup> launched_;
  std::deque<BdmaGroupRun> taken_;
  bool busy_[2] = {false, false};
  // PDP
  Pingpong pdp_, rdma_;
  bool sdp_feeding_ = false;
  bool pdp_running_ = false;
  bool pdp_offline_ = false;
  uint64_t pdp_done_at_ = 0;
};

const HardwareConfig& nv_full() { return hardware_config(Config::NvFull); }
const HardwareConfig& nv_small() { return hardware_config(Config::NvSmall); }

// Compares the log with the expected accesses: direction, address, and the
// value of every write (read values are the fake's).
void expect_log(const FakeNvdla& fake, const std::vector<Access>& expected) {
  ASSERT_EQ(fake.log.size(), expected.size()) << describe(fake.log);
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(fake.log[i].write, expected[i].write) << "access " << i << "\n" << describe(fake.log);
    EXPECT_EQ(fake.log[i].address, expected[i].address) << "access " << i << "\n" << describe(fake.log);
    if (expected[i].write) {
      EXPECT_EQ(fake.log[i].value, expected[i].value) << "access " << i << "\n" << describe(fake.log);
    }
  }
}

Access R(uint32_t address) { return {false, address, 0}; }
Access W(uint32_t address, uint32_t value) { return {true, address, value}; }

// ===========================================================================
// GLB
TEST(GlbInterrupts, UnmaskIsAReadModifyWrite) {
  FakeNvdla fake(nv_small());
  GlbInterrupts glb(fake, nv_small());
  glb.unmask(0x30);  // PDP_DONE_MASK0 | PDP_DONE_MASK1
  expect_log(fake, {R(0x1004), W(0x1004, 0x003F03CF)});
}

TEST(GlbInterrupts, ClearsTheWholeStatusAndRemembersOtherEvents) {
  FakeNvdla fake(nv_full());
  fake.intr_mask = 0;
  fake.intr_status = 0x50;  // PDP_DONE_STATUS0 and BDMA_DONE_STATUS0 both latched
  GlbInterrupts glb(fake, nv_full());
  glb.wait_for_done(Unit::Pdp, 0, DriverOptions{});
  expect_log(fake, {R(0x000C), W(0x000C, 0x50)});
  EXPECT_EQ(fake.intr_status, 0u);
  EXPECT_EQ(glb.remembered(), 0x40u);
  glb.wait_for_done(Unit::Bdma, 0, DriverOptions{});  // already seen: no access
  EXPECT_EQ(fake.log.size(), 2u);
  EXPECT_EQ(glb.remembered(), 0u);
}

TEST(GlbInterrupts, TimeoutNamesUnitGroupAndBit) {
  FakeNvdla fake(nv_full());
  GlbInterrupts glb(fake, nv_full());
  DriverOptions options;
  options.timeout_ns = 5000;
  try {
    glb.wait_for_done(Unit::Bdma, 1, options);
    FAIL() << "no timeout";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("BDMA group 1: no done interrupt within 5000 ns"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("BDMA_DONE_STATUS1"), std::string::npos) << e.what();
  }
  EXPECT_EQ(fake.now_ns(), 5000u);
}

TEST(GlbInterrupts, AnotherSourceHoldingTheLineHighCannotHangTheWait) {
  FakeNvdla fake(nv_full());
  fake.intr_mask = 0;
  fake.intr_status = fake.stuck_status = 0x1;  // SDP_DONE_STATUS0 fires again and again
  GlbInterrupts glb(fake, nv_full());
  DriverOptions options;
  options.timeout_ns = 1000;
  options.poll_interval_ns = 100;
  EXPECT_THROW(glb.wait_for_done(Unit::Pdp, 1, options), DriverError);
  EXPECT_GE(fake.now_ns(), 1000u);
  EXPECT_EQ(glb.remembered(), 0x1u);
}

// ===========================================================================
// BDMA (nv_full: GLB at 0x0000, BDMA at 0x4000)
constexpr uint32_t kBdma = 0x4000;
constexpr uint32_t kStatus = kBdma + 0x040;

BdmaTransfer simple_transfer(uint64_t source, uint64_t destination) {
  BdmaTransfer t;
  t.source = source;
  t.destination = destination;
  t.line_size = 32;
  t.source_line = t.destination_line = 32;
  t.source_surface = t.destination_surface = 32;
  return t;
}

TEST(BdmaDriver, OneOperationInFirmwareOrder) {
  FakeNvdla fake(nv_full());
  BdmaDriver driver(fake, nv_full());
  BdmaTransfer a;  // 8 lines of 256 bytes, MC -> MC
  a.source = 0x123456780ull;
  a.destination = 0x80000000;
  a.line_size = 256;
  a.line_repeat = 8;
  a.source_line = 0x100;
  a.destination_line = 0x800;
  a.surface_repeat = 1;
  a.source_surface = 0x800;
  a.destination_surface = 0x4000;
  BdmaTransfer b;  // 3 surfaces of 2 lines of 64 bytes, CVSRAM -> MC
  b.source = 0x40000;
  b.source_memory = hal::MemoryPort::Secondary;
  b.destination = 0x80010000;
  b.line_size = 64;
  b.line_repeat = 2;
  b.source_line = 64;
  b.destination_line = 128;
  b.surface_repeat = 3;
  b.source_surface = 128;
  b.destination_surface = 256;
  driver.run({a, b});
  expect_log(fake, {
                       R(kStatus),                     // utils_get_free_group: GRP0_BUSY ? 1 : 0
                       R(kStatus),                     // FREE_SLOT poll before transfer 0
                       W(kBdma + 0x000, 0x23456780),   // CFG_SRC_ADDR_LOW
                       W(kBdma + 0x004, 0x1),          // CFG_SRC_ADDR_HIGH
                       W(kBdma + 0x008, 0x80000000),   // CFG_DST_ADDR_LOW
                       W(kBdma + 0x00C, 0),            // CFG_DST_ADDR_HIGH
                       W(kBdma + 0x010, 7),            // CFG_LINE = 256/32 - 1
                       W(kBdma + 0x014, 3),            // CFG_CMD: SRC MC | DST MC << 1
                       W(kBdma + 0x018, 7),            // CFG_LINE_REPEAT = 8 - 1
                       W(kBdma + 0x01C, 0x100),        // CFG_SRC_LINE
                       W(kBdma + 0x020, 0x800),        // CFG_DST_LINE
                       W(kBdma + 0x024, 0),            // CFG_SURF_REPEAT = 1 - 1
                       W(kBdma + 0x028, 0x800),        // CFG_SRC_SURF
                       W(kBdma + 0x02C, 0x4000),       // CFG_DST_SURF
                       W(kBdma + 0x030, 1),            // CFG_OP.EN
                       R(kStatus),                     // FREE_SLOT poll before transfer 1
                       W(kBdma + 0x000, 0x40000),
                       W(kBdma + 0x004, 0),
                       W(kBdma + 0x008, 0x80010000),
                       W(kBdma + 0x00C, 0),
                       W(kBdma + 0x010, 1),            // 64/32 - 1
                       W(kBdma + 0x014, 2),            // SRC CVSRAM (0) | DST MC (1) << 1
                       W(kBdma + 0x018, 1),
                       W(kBdma + 0x01C, 64),
                       W(kBdma + 0x020, 128),
                       W(kBdma + 0x024, 2),            // 3 surfaces - 1
                       W(kBdma + 0x028, 128),
                       W(kBdma + 0x02C, 256),
                       W(kBdma + 0x030, 1),
                       R(0x0004),                      // unmask BDMA_DONE_MASK0 | MASK1
                       W(0x0004, 0x003F033F),
                       W(kBdma + 0x034, 1),            // CFG_LAUNCH0.GRP0_LAUNCH
                       R(0x000C),                      // interrupt: read S_INTR_STATUS
                       W(0x000C, 0x40),                // and clear what was read
                   });
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_EQ(fake.bdma_runs.size(), 1u);
  EXPECT_EQ(fake.bdma_runs[0].group, 0u);
  EXPECT_EQ(fake.bdma_runs[0].slots.size(), 2u);
}

std::vector<BdmaTransfer> numbered_transfers(size_t count) {
  std::vector<BdmaTransfer> transfers;
  for (size_t i = 0; i < count; ++i) transfers.push_back(simple_transfer(0x10000 + 0x100 * i, 0x90000 + 0x100 * i));
  return transfers;
}

TEST(BdmaDriver, MoreThanTwentyTransfersAlternateGroupsTwoInFlight) {
  FakeNvdla fake(nv_full());
  BdmaDriver driver(fake, nv_full());
  driver.run(numbered_transfers(45));
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  // 45 = 20 + 20 + 5; group 0 runs while group 1 is programmed and launched.
  ASSERT_EQ(fake.bdma_runs.size(), 3u);
  EXPECT_EQ(fake.bdma_runs[0].group, 0u);
  EXPECT_EQ(fake.bdma_runs[1].group, 1u);
  EXPECT_EQ(fake.bdma_runs[2].group, 0u);
  EXPECT_EQ(fake.bdma_runs[0].slots.size(), 20u);
  EXPECT_EQ(fake.bdma_runs[1].slots.size(), 20u);
  EXPECT_EQ(fake.bdma_runs[2].slots.size(), 5u);
  EXPECT_EQ(fake.most_bdma_groups_launched, 2u);
  // Transfers keep their order: slot k of the whole run copies transfer k.
  size_t k = 0;
  for (const auto& run : fake.bdma_runs) {
    for (const auto& slot : run.slots) EXPECT_EQ(slot[0], 0x10000u + 0x100u * k++);
  }
  // Each launch register written once per operation, in order 0, 1, 0.
  std::vector<uint32_t> launches;
  for (const Access& a : fake.log) {
    if (a.write && (a.address == kBdma + 0x034 || a.address == kBdma + 0x038)) launches.push_back(a.address);
  }
  EXPECT_EQ(launches, (std::vector<uint32_t>{kBdma + 0x034, kBdma + 0x038, kBdma + 0x034}));
  EXPECT_EQ(fake.intr_status, 0u);
}

TEST(BdmaDriver, PollsFreeSlotBeforeEveryTransfer) {
  FakeNvdla fake(nv_full());
  fake.slot_release = FakeNvdla::SlotRelease::AtCompletion;  // the FIFO stays full while a group runs
  BdmaDriver driver(fake, nv_full());
  driver.run(numbered_transfers(45));
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  size_t transfers = 0, empty_polls = 0;
  for (size_t i = 0; i < fake.log.size(); ++i) {
    const Access& a = fake.log[i];
    if (!a.write && a.address == kStatus && (a.value & 0xFF) == 0) ++empty_polls;
    if (a.write && a.address == kBdma + 0x000) {
      ++transfers;
      ASSERT_GT(i, 0u);
      const Access& before = fake.log[i - 1];
      EXPECT_FALSE(before.write) << "access " << i;
      EXPECT_EQ(before.address, kStatus) << "access " << i;
      EXPECT_NE(before.value & 0xFF, 0u) << "slot pushed without a free slot, access " << i;
      EXPECT_FALSE((before.value >> 9 & 1) && (before.value >> 10 & 1)) << "both groups busy, access " << i;
    }
  }
  EXPECT_EQ(transfers, 45u);
  EXPECT_GT(empty_polls, 0u);  // the driver met a full FIFO and waited
  EXPECT_GT(fake.sleeps, 0u);
  ASSERT_EQ(fake.bdma_runs.size(), 3u);
  EXPECT_EQ(fake.bdma_runs[2].slots.size(), 5u);
}

TEST(BdmaDriver, SplitsOperationsAtDestinationMemoryChanges) {
  FakeNvdla fake(nv_full());
  BdmaDriver driver(fake, nv_full());
  std::vector<BdmaTransfer> transfers = numbered_transfers(5);
  transfers[2].destination_memory = hal::MemoryPort::Secondary;
  transfers[3].destination_memory = hal::MemoryPort::Secondary;
  driver.run(transfers);
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_EQ(fake.bdma_runs.size(), 3u);
  const uint32_t mc_to_mc = 3, mc_to_cv = 1;  // CFG_CMD: SRC bit 0, DST bit 1 (MC = 1)
  EXPECT_EQ(fake.bdma_runs[0].slots.size(), 2u);
  EXPECT_EQ(fake.bdma_runs[0].slots[0][5], mc_to_mc);
  EXPECT_EQ(fake.bdma_runs[0].slots[1][5], mc_to_mc);
  EXPECT_EQ(fake.bdma_runs[1].slots.size(), 2u);
  EXPECT_EQ(fake.bdma_runs[1].slots[0][5], mc_to_cv);
  EXPECT_EQ(fake.bdma_runs[1].slots[1][5], mc_to_cv);
  EXPECT_EQ(fake.bdma_runs[2].slots.size(), 1u);
  EXPECT_EQ(fake.bdma_runs[2].slots[0][5], mc_to_mc);
  EXPECT_EQ(fake.bdma_runs[0].group, 0u);
  EXPECT_EQ(fake.bdma_runs[1].group, 1u);
  EXPECT_EQ(fake.bdma_runs[2].group, 0u);
}

TEST(BdmaDriver, OperationPlan) {
  std::vector<BdmaTransfer> transfers = numbered_transfers(29);
  for (size_t i = 25; i < 28; ++i) transfers[i].destination_memory = hal::MemoryPort::Secondary;
  const std::vector<BdmaOperation> operations = plan_bdma_operations(transfers);
  ASSERT_EQ(operations.size(), 4u);
  const size_t expected[4][2] = {{0, 20}, {20, 5}, {25, 3}, {28, 1}};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(operations[i].first, expected[i][0]) << i;
    EXPECT_EQ(operations[i].count, expected[i][1]) << i;
  }
  EXPECT_TRUE(plan_bdma_operations({}).empty());
}

TEST(BdmaDriver, GroupFollowsGrp0BusyAndForeignEventsAreKept) {
  FakeNvdla fake(nv_full());
  fake.bdma_group_ns = 5000;
  // Someone else launched group 0 (one 32-byte slot) before the driver runs.
  fake.write_register(kBdma + 0x014, 3);  // CFG_CMD: MC -> MC
  fake.write_register(kBdma + 0x030, 1);  // CFG_OP.EN
  fake.write_register(kBdma + 0x034, 1);  // CFG_LAUNCH0
  fake.log.clear();
  GlbInterrupts glb(fake, nv_full());
  BdmaDriver driver(glb);
  driver.run({simple_transfer(0x1000, 0x2000)});
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_FALSE(fake.log.empty());
  EXPECT_EQ(fake.log[0].address, kStatus);
  EXPECT_EQ(fake.log[0].value >> 9 & 1, 1u);  // GRP0_BUSY
  bool launched1 = false;
  for (const Access& a : fake.log) {
    EXPECT_FALSE(a.write && a.address == kBdma + 0x034) << "group 0 launched while busy";
    launched1 = launched1 || (a.write && a.address == kBdma + 0x038);
  }
  EXPECT_TRUE(launched1);
  ASSERT_EQ(fake.bdma_runs.size(), 2u);
  EXPECT_EQ(fake.bdma_runs[1].group, 1u);
  // Group 0's event was cleared in hardware while waiting for group 1 and is
  // kept for whoever waits for it.
  EXPECT_EQ(glb.remembered(), 0x40u);
  EXPECT_EQ(fake.intr_status, 0u);
}

struct BadTransfer {
  const char* name;
  void (*change)(BdmaTransfer&);
  const char* message;
};

TEST(BdmaDriver, RejectsInvalidTransfersBeforeProgramming) {
  const BadTransfer cases[] = {
      {"line_size 48", [](BdmaTransfer& t) { t.line_size = 48; t.source_line = t.destination_line = 64;
                                               t.source_surface = t.destination_surface = 64; },
       "line_size 48 is not a positive multiple of 32"},
      {"line_size 0", [](BdmaTransfer& t) { t.line_size = 0; }, "line_size 0 is not a positive multiple of 32"},
      {"line_size too long", [](BdmaTransfer& t) { t.line_size = 32 * 8193; t.source_line = t.destination_line =
                                                     t.source_surface = t.destination_surface = 32 * 8193; },
       "line_size 262176 exceeds 262144 bytes"},
      {"line_repeat 0", [](BdmaTransfer& t) { t.line_repeat = 0; }, "line_repeat 0 is outside 1..8192"},
      {"line_repeat 8193", [](BdmaTransfer& t) { t.line_repeat = 8193; }, "line_repeat 8193 is outside 1..8192"},
      {"surface_repeat 8193", [](BdmaTransfer& t) { t.surface_repeat = 8193; },
       "surface_repeat 8193 is outside 1..8192"},
      {"surface_repeat 0", [](BdmaTransfer& t) { t.surface_repeat = 0; }, "surface_repeat 0 is outside 1..8192"},
      {"source misaligned", [](BdmaTransfer& t) { t.source += 16; }, "source address 65808 is not a multiple of 32"},
      {"destination misaligned", [](BdmaTransfer& t) { t.destination += 1; },
       "destination address 590081 is not a multiple of 32"},
      {"line stride misaligned", [](BdmaTransfer& t) { t.destination_line = 48; t.destination_surface = 48; },
       "destination_line 48 is not a multiple of 32"},
      {"surface stride misaligned", [](BdmaTransfer& t) { t.source_surface = 40; },
       "source_surface 40 is not a multiple of 32"},
      {"source line short", [](BdmaTransfer& t) { t.line_size = 64; t.destination_line = 64;
                                                    t.destination_surface = 64; t.source_surface = 64; },
       "source_line 32 is smaller than line_size 64"},
      {"destination line short", [](BdmaTransfer& t) { t.line_size = 64; t.source_line = 64; t.source_surface = 64;
                                                         t.destination_surface = 64; },
       "destination_line 32 is smaller than line_size 64"},
      {"source surface short", [](BdmaTransfer& t) { t.line_repeat = 3; t.destination_surface = 96; },
       "source_surface 32 is smaller than source_line * line_repeat (96)"},
      {"destination surface short", [](BdmaTransfer& t) { t.line_repeat = 2; t.source_surface = 64; },
       "destination_surface 32 is smaller than destination_line * line_repeat (64)"},
  };
  for (const BadTransfer& c : cases) {
    FakeNvdla fake(nv_full());
    BdmaDriver driver(fake, nv_full());
    std::vector<BdmaTransfer> transfers = numbered_transfers(3);
    c.change(transfers[1]);
    try {
      driver.run(transfers);
      ADD_FAILURE() << c.name << ": accepted";
    } catch (const std::invalid_argument& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("BDMA transfer 1: ", 0), 0u) << c.name << ": " << message;
      EXPECT_NE(message.find(c.message), std::string::npos) << c.name << ": " << message;
    }
    EXPECT_TRUE(fake.log.empty()) << c.name << ": registers touched\n" << describe(fake.log);
  }
}

TEST(BdmaDriver, CvsramNeedsACvif) {
  BdmaTransfer t = simple_transfer(0x1000, 0x2000);
  t.destination_memory = hal::MemoryPort::Secondary;
  EXPECT_NO_THROW(validate_bdma_transfer(t, 0, nv_full()));
  try {
    validate_bdma_transfer(t, 4, nv_small());
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "BDMA transfer 4: CVSRAM (secondary memory) used but nv_small has no CVIF");
  }
}

TEST(BdmaDriver, RefusedWithoutBdma) {
  FakeNvdla fake(nv_small());
  BdmaDriver driver(fake, nv_small());
  try {
    driver.run({simple_transfer(0x1000, 0x2000)});
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "BDMA: nv_small has no BDMA unit");
  }
  EXPECT_THROW(driver.run({}), std::invalid_argument);
  EXPECT_TRUE(fake.log.empty());
}

TEST(BdmaDriver, NothingToCopyTouchesNothing) {
  FakeNvdla fake(nv_full());
  BdmaDriver driver(fake, nv_full());
  driver.run({});
  EXPECT_TRUE(fake.log.empty());
}

TEST(BdmaDriver, TimeoutWaitingForTheGroup) {
  FakeNvdla fake(nv_full());
  fake.bdma_stalled = true;
  DriverOptions options;
  options.timeout_ns = 20000;
  BdmaDriver driver(fake, nv_full(), options);
  try {
    driver.run(numbered_transfers(2));
    FAIL() << "no timeout";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("BDMA group 0: no done interrupt within 20000 ns"), std::string::npos)
        << e.what();
  }
}

TEST(BdmaDriver, TimeoutWaitingForAFreeSlot) {
  FakeNvdla fake(nv_full());
  fake.bdma_stalled = true;
  fake.slot_release = FakeNvdla::SlotRelease::AtCompletion;
  DriverOptions options;
  options.timeout_ns = 20000;
  BdmaDriver driver(fake, nv_full(), options);
  try {
    driver.run(numbered_transfers(21));
    FAIL() << "no timeout";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("BDMA transfer 20: no free slot within 20000 ns (STATUS.FREE_SLOT 0"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
}

// ===========================================================================
// PDP (nv_small: GLB at 0x1000, SDP at 0x9000, PDP_RDMA at 0xA000, PDP at 0xB000)
constexpr uint32_t kRdma = 0xA000;
constexpr uint32_t kPdp = 0xB000;

// nv_small int8 8x6x16, 3x3/2 average with padding 1 (the layer whose
// registers test_driver_plan.cpp checks one by one).
PoolingLayer small_layer() {
  PoolingLayer layer;
  layer.width = 8;
  layer.height = 6;
  layer.channels = 16;
  layer.source = {hal::MemoryPort::Primary, 0x100000100ull, 64, 384};
  layer.destination = {hal::MemoryPort::Primary, 0x2000, 32, 96};
  layer.method = PoolingMethod::Average;
  layer.kernel_width = layer.kernel_height = 3;
  layer.stride_width = layer.stride_height = 2;
  layer.pad_left = layer.pad_top = layer.pad_right = layer.pad_bottom = 1;
  layer.pad_value = -3;
  return layer;
}

std::vector<Access> program_accesses(const PdpProgram& plan, const HardwareConfig& config) {
  std::vector<Access> accesses;
  for (const RegisterWrite& w : plan.writes) accesses.push_back(W(config.unit_base(w.unit) + w.offset, w.value));
  return accesses;
}

TEST(PdpDriver, OfflineLayerInFirmwareOrder) {
  FakeNvdla fake(nv_small());
  PdpDriver driver(fake, nv_small());
  driver.run(small_layer());
  std::vector<Access> expected = {
      R(kPdp + 0x004),         // utils_get_free_group: PDP S_POINTER.CONSUMER
      R(kRdma + 0x004),        // and PDP_RDMA's
      W(kPdp + 0x004, 0),      // set_producer: PDP S_POINTER.PRODUCER = group
      W(kRdma + 0x004, 0),     // PDP_RDMA S_POINTER.PRODUCER = rdma group
      R(0x1004),               // dla_pdp_program: unmask PDP_DONE_MASK0 | MASK1
      W(0x1004, 0x003F03CF),
  };
  const PdpProgram plan = plan_pdp_layer(small_layer(), nv_small());
  ASSERT_EQ(plan.writes.size(), 41u);  // 13 PDP_RDMA + 28 PDP, checked value by value in the plan tests
  for (const Access& a : program_accesses(plan, nv_small())) expected.push_back(a);
  for (const Access& a : std::vector<Access>{
           W(kPdp + 0x004, 0),   // dla_enable_operation: set_producer again
           W(kRdma + 0x004, 0),
           W(kRdma + 0x008, 1),  // dla_pdp_enable: PDP_RDMA D_OP_ENABLE first
           W(kPdp + 0x008, 1),   // then PDP D_OP_ENABLE
           R(0x100C),            // interrupt: S_INTR_STATUS
           W(0x100C, 0x10),      // PDP_DONE_STATUS0 cleared
       }) {
    expected.push_back(a);
  }
  expect_log(fake, expected);
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_EQ(fake.pdp_runs.size(), 1u);
  EXPECT_EQ(fake.pdp_runs[0].group, 0u);
  EXPECT_TRUE(fake.pdp_runs[0].offline);
}

std::vector<Access> writes_to(const FakeNvdla& fake, uint32_t address) {
  std::vector<Access> found;
  for (const Access& a : fake.log) {
    if (a.write && a.address == address) found.push_back(a);
  }
  return found;
}

TEST(PdpDriver, ConsecutiveLayersAlternateGroups) {
  FakeNvdla fake(nv_small());
  PdpDriver driver(fake, nv_small());
  driver.run(small_layer());
  driver.run(small_layer());
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_EQ(fake.pdp_runs.size(), 2u);
  EXPECT_EQ(fake.pdp_runs[0].group, 0u);
  EXPECT_EQ(fake.pdp_runs[1].group, 1u);  // the consumer moved on after layer 1
  EXPECT_EQ(fake.pdp_runs[1].rdma_group, 1u);
  const std::vector<Access> pointers = writes_to(fake, kPdp + 0x004);
  ASSERT_EQ(pointers.size(), 4u);
  EXPECT_EQ(pointers[2].value, 1u);
  EXPECT_EQ(pointers[3].value, 1u);
  const std::vector<Access> clears = writes_to(fake, 0x100C);
  ASSERT_EQ(clears.size(), 2u);
  EXPECT_EQ(clears[0].value, 0x10u);  // PDP_DONE_STATUS0
  EXPECT_EQ(clears[1].value, 0x20u);  // PDP_DONE_STATUS1
}

TEST(PdpDriver, OnTheFlyNeedsTheSdpFeed) {
  FakeNvdla fake(nv_small());
  PdpDriver driver(fake, nv_small());
  PoolingLayer layer = small_layer();
  layer.source_is_sdp = true;
  try {
    driver.run(layer);
    FAIL() << "on-the-fly layer run without SDP";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("on the fly"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fake.log.empty());

  PdpMode seen = PdpMode::Offline;
  driver.run(layer, [&](const PdpOperation& operation) {
    seen = operation.program.mode;
    fake.write_register(0x9008, 1);  // the test's stand-in for SDP: SDP D_OP_ENABLE
  });
  EXPECT_EQ(seen, PdpMode::OnTheFly);
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_EQ(fake.pdp_runs.size(), 1u);
  EXPECT_FALSE(fake.pdp_runs[0].offline);
  // PDP_RDMA: only its S_POINTER is written (set_producer, twice).
  size_t enable_pdp = 0, enable_sdp = 0;
  for (size_t i = 0; i < fake.log.size(); ++i) {
    const Access& a = fake.log[i];
    if (a.write && (a.address & ~0xFFFu) == kRdma) {
      EXPECT_EQ(a.address, kRdma + 0x004) << describe(fake.log);
    }
    if (a.write && a.address == kPdp + 0x008) enable_pdp = i;
    if (a.write && a.address == 0x9008) enable_sdp = i;
  }
  EXPECT_LT(enable_pdp, enable_sdp);  // consumer first, then its producer
  EXPECT_EQ(writes_to(fake, kRdma + 0x004).size(), 2u);

  // The next, offline layer: PDP moved to group 1, PDP_RDMA (unused on the
  // fly) is still at group 0.
  fake.log.clear();
  driver.run(small_layer());
  const std::vector<Access> pdp_pointer = writes_to(fake, kPdp + 0x004);
  const std::vector<Access> rdma_pointer = writes_to(fake, kRdma + 0x004);
  ASSERT_EQ(pdp_pointer.size(), 2u);
  ASSERT_EQ(rdma_pointer.size(), 2u);
  EXPECT_EQ(pdp_pointer[0].value, 1u);
  EXPECT_EQ(rdma_pointer[0].value, 0u);
  ASSERT_EQ(fake.pdp_runs.size(), 2u);
  EXPECT_EQ(fake.pdp_runs[1].group, 1u);
  EXPECT_EQ(fake.pdp_runs[1].rdma_group, 0u);
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
}

TEST(PdpDriver, TwoLayersProgrammedAtOnceUseBothGroups) {
  FakeNvdla fake(nv_small());
  PdpDriver driver(fake, nv_small());
  const PdpOperation first = driver.program(small_layer());
  const PdpOperation second = driver.program(small_layer());
  EXPECT_EQ(first.group, 0u);
  EXPECT_EQ(second.group, 1u);
  EXPECT_EQ(first.rdma_group, 0u);
  EXPECT_EQ(second.rdma_group, 1u);
  const size_t before = fake.log.size();
  try {
    driver.program(small_layer());
    FAIL() << "a third layer was programmed";
  } catch (const DriverError& e) {
    EXPECT_STREQ(e.what(), "PDP: both register groups are programmed and not completed");
  }
  for (size_t i = before; i < fake.log.size(); ++i) EXPECT_FALSE(fake.log[i].write) << describe(fake.log);
  driver.enable(first);
  driver.enable(second);
  driver.wait(first);
  driver.wait(second);
  EXPECT_TRUE(fake.violations.empty()) << fake.violations.front();
  ASSERT_EQ(fake.pdp_runs.size(), 2u);
  EXPECT_EQ(fake.pdp_runs[0].group, 0u);
  EXPECT_EQ(fake.pdp_runs[1].group, 1u);
  // Both groups free again.
  EXPECT_EQ(driver.program(small_layer()).group, 0u);
}

TEST(PdpDriver, InvalidLayerTouchesNothing) {
  FakeNvdla fake(nv_small());
  PdpDriver driver(fake, nv_small());
  PoolingLayer layer = small_layer();
  layer.kernel_width = 9;
  EXPECT_THROW(driver.run(layer), std::invalid_argument);
  EXPECT_THROW(driver.program(layer), std::invalid_argument);
  EXPECT_TRUE(fake.log.empty());
}

TEST(PdpDriver, Timeout) {
  FakeNvdla fake(nv_small());
  fake.pdp_stalled = true;
  DriverOptions options;
  options.timeout_ns = 3000;
  PdpDriver driver(fake, nv_small(), options);
  try {
    driver.run(small_layer());
    FAIL() << "no timeout";
  } catch (const DriverError& e) {
    EXPECT_NE(std::string(e.what()).find("PDP group 0: no done interrupt within 3000 ns"), std::string::npos)
        << e.what();
  }
}

TEST(PdpDriver, StaleEventDoesNotEndTheNextLayer) {
  FakeNvdla fake(nv_small());
  fake.intr_mask = 0;
  fake.intr_status = 0x50;  // a BDMA-group-0 event and a stale PDP-group-0 event
  GlbInterrupts glb(fake, nv_small());
  glb.wait_for_done(Unit::Bdma, 0, DriverOptions{});
  EXPECT_EQ(glb.remembered(), 0x10u);
  fake.log.clear();
  PdpDriver driver(glb);
  driver.run(small_layer());
  // The layer ended by its own interrupt, after it was enabled.
  const std::vector<Access> clears = writes_to(fake, 0x100C);
  ASSERT_EQ(clears.size(), 1u);
  EXPECT_EQ(clears[0].value, 0x10u);
  ASSERT_EQ(fake.pdp_runs.size(), 1u);
  EXPECT_EQ(glb.remembered(), 0u);
}

}  // namespace
}  // namespace acosim::nvdla

// The BDMA model (nv_full) through the co-simulation top, programmed as
// kmd/firmware/bdma.c does: CFG_* registers, CFG_OP.EN = 1 to push a slot,
// CFG_LAUNCH0/1 = 1 to launch the slots pushed since the previous launch as
// group 0/1, completion on GLB S_INTR_STATUS bit 6/7. Slot FIFO, busy bits
// and readback follow nvdla/hw vmod/nvdla/bdma/NV_NVDLA_BDMA_csb.v; the
// copy is NS surfaces of NL lines of L bytes (cmod/bdma/BdmaCore.cpp),
// checked byte by byte against the source, with the bytes between lines and
// surfaces of the destination checked to be untouched. Illegal programming
// is the programming guide's BDMA limitation list and the firmware's
// preconditions.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/glb.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace r = regs::bdma;
using hal::MemoryPort;

constexpr uint32_t kGroup0Done = 1u << 6;  // GLB BDMA_DONE_STATUS0
constexpr uint32_t kGroup1Done = 1u << 7;  // GLB BDMA_DONE_STATUS1
constexpr uint64_t kGuardBytes = 64;       // checked before and after each destination
constexpr uint64_t kLongWaitNs = 200000;

// One slot's copy, in bytes.
struct Transfer {
  MemoryPort source_port = MemoryPort::Primary;
  MemoryPort destination_port = MemoryPort::Primary;
  uint64_t source = 0;
  uint64_t destination = 0;
  uint32_t line_bytes = 64;  // a multiple of 32
  uint32_t lines = 1;
  uint32_t surfaces = 1;
  uint32_t source_line = 0, destination_line = 0;
  uint32_t source_surface = 0, destination_surface = 0;
  uint8_t seed = 1;  // source pattern

  uint64_t source_extent() const {
    return uint64_t{surfaces - 1} * source_surface + uint64_t{lines - 1} * source_line + line_bytes;
  }
  uint64_t destination_extent() const {
    return uint64_t{surfaces - 1} * destination_surface + uint64_t{lines - 1} * destination_line + line_bytes;
  }
};

uint8_t guard_byte(uint64_t address) { return pattern_byte(address, 0xE7); }

// The firmware side of BDMA plus the memory checks around it.
class BdmaFirmware {
 public:
  explicit BdmaFirmware(NvdlaSystem& system)
      : m_system(system), m_hal(system.hal()), m_bdma(system, Unit::Bdma), m_glb(system, Unit::Glb) {}

  hal::Hal& hal() { return m_hal; }
  UnitRegisters& registers() { return m_bdma; }
  UnitRegisters& glb() { return m_glb; }

  // The twelve CFG registers of a slot (kmd/firmware/bdma.c processor_bdma_program_slot).
  void program(const Transfer& t) {
    m_bdma.write(r::CFG_SRC_ADDR_LOW, static_cast<uint32_t>(t.source));
    m_bdma.write(r::CFG_SRC_ADDR_HIGH, static_cast<uint32_t>(t.source >> 32));
    m_bdma.write(r::CFG_DST_ADDR_LOW, static_cast<uint32_t>(t.destination));
    m_bdma.write(r::CFG_DST_ADDR_HIGH, static_cast<uint32_t>(t.destination >> 32));
    m_bdma.write(r::CFG_LINE, t.line_bytes / 32 - 1);
    m_bdma.write(r::CFG_CMD, r::CFG_CMD_SRC_RAM_TYPE.put(is_mc(t.source_port)) |
                                 r::CFG_CMD_DST_RAM_TYPE.put(is_mc(t.destination_port)));
    m_bdma.write(r::CFG_LINE_REPEAT, t.lines - 1);
    m_bdma.write(r::CFG_SRC_LINE, t.source_line);
    m_bdma.write(r::CFG_DST_LINE, t.destination_line);
    m_bdma.write(r::CFG_SURF_REPEAT, t.surfaces - 1);
    m_bdma.write(r::CFG_SRC_SURF, t.source_surface);
    m_bdma.write(r::CFG_DST_SURF, t.destination_surface);
  }
  void push() { m_bdma.write(r::CFG_OP, r::CFG_OP_EN_ENABLE); }
  void push(const Transfer& t) {
    program(t);
    push();
  }
  void launch(unsigned group) { m_bdma.write(group == 0 ? r::CFG_LAUNCH0 : r::CFG_LAUNCH1, 1); }
  uint32_t status() { return m_bdma.read(r::STATUS); }
  uint32_t free_slots() { return r::STATUS_FREE_SLOT.get(status()); }

  // Source: a pattern over the whole extent, gaps included (a copy of a gap
  // byte would show). Destination: the guard pattern over the extent and
  // kGuardBytes either side (at most `limit` bytes of the extent).
  void load_source(const Transfer& t) {
    const std::vector<uint8_t> data = pattern(t.source, t.source_extent(), t.seed);
    m_hal.write_memory(t.source_port, t.source, data.data(), data.size());
  }
  void guard_destination(const Transfer& t, uint64_t limit = 1u << 20) {
    const uint64_t start = t.destination - kGuardBytes;
    std::vector<uint8_t> data(std::min(t.destination_extent(), limit) + 2 * kGuardBytes);
    for (size_t i = 0; i < data.size(); ++i) data[i] = guard_byte(start + i);
    m_hal.write_memory(t.destination_port, start, data.data(), data.size());
  }
  void prepare(const Transfer& t) {
    load_source(t);
    guard_destination(t);
  }

  // Every destination byte: the source byte it copies, or the guard where
  // no line lies. Returns the number of mismatches (each also a failure).
  size_t expect_copied(const Transfer& t) { return check(t, true, ~uint64_t{0}); }
  size_t expect_untouched(const Transfer& t, uint64_t limit = 1u << 20) { return check(t, false, limit); }

  uint32_t wait_for_done(uint32_t bits) { return wait_for_status(m_system, bits, kLongWaitNs); }

 private:
  static uint32_t is_mc(MemoryPort port) {
    return port == MemoryPort::Primary ? r::CFG_CMD_SRC_RAM_TYPE_MC : r::CFG_CMD_SRC_RAM_TYPE_CVSRAM;
  }

  size_t check(const Transfer& t, bool copied, uint64_t limit) {
    const uint64_t start = t.destination - kGuardBytes;
    std::vector<uint8_t> data(std::min(t.destination_extent(), limit) + 2 * kGuardBytes);
    m_hal.read_memory(t.destination_port, start, data.data(), data.size());
    std::vector<uint8_t> expected(data.size());
    for (size_t i = 0; i < data.size(); ++i) expected[i] = guard_byte(start + i);
    if (copied) {
      for (uint32_t s = 0; s < t.surfaces; ++s) {
        for (uint32_t l = 0; l < t.lines; ++l) {
          const uint64_t from = t.source + uint64_t{s} * t.source_surface + uint64_t{l} * t.source_line;
          const uint64_t to = kGuardBytes + uint64_t{s} * t.destination_surface + uint64_t{l} * t.destination_line;
          for (uint32_t i = 0; i < t.line_bytes; ++i) expected[to + i] = pattern_byte(from + i, t.seed);
        }
      }
    }
    size_t mismatches = 0;
    for (size_t i = 0; i < data.size(); ++i) {
      if (data[i] == expected[i]) continue;
      if (++mismatches <= 8) {
        ADD_FAILURE() << "destination 0x" << std::hex << (start + i) << " holds 0x" << int(data[i]) << ", expected 0x"
                      << int(expected[i]) << (copied ? " (copy)" : " (untouched)");
      }
    }
    EXPECT_EQ(mismatches, 0u) << "bytes wrong at destination 0x" << std::hex << t.destination;
    return mismatches;
  }

  NvdlaSystem& m_system;
  hal::Hal& m_hal;
  UnitRegisters m_bdma;
  UnitRegisters m_glb;
};

// 3 lines of 64 bytes in 2 surfaces; every stride larger than what it steps
// over, so each side has gaps between lines and between surfaces.
Transfer strided(MemoryPort from, uint64_t source, MemoryPort to, uint64_t destination, uint8_t seed) {
  Transfer t;
  t.source_port = from;
  t.destination_port = to;
  t.source = source;
  t.destination = destination;
  t.line_bytes = 64;
  t.lines = 3;
  t.surfaces = 2;
  t.source_line = 96;
  t.destination_line = 128;
  t.source_surface = 320;       // > 3 x 96
  t.destination_surface = 448;  // > 3 x 128
  t.seed = seed;
  return t;
}

// One 64-byte line in primary memory.
Transfer line(uint64_t source, uint64_t destination, uint8_t seed) {
  Transfer t;
  t.source = source;
  t.destination = destination;
  t.seed = seed;
  return t;
}

// A slot that keeps its group busy for a while: 64 separate 32-byte lines,
// each a read and a write request of 100 ns DRAM latency (> 12 us).
Transfer long_running(uint64_t source, uint64_t destination, uint8_t seed) {
  Transfer t;
  t.source = source;
  t.destination = destination;
  t.line_bytes = 32;
  t.lines = 64;
  t.source_line = 64;
  t.destination_line = 64;
  t.seed = seed;
  return t;
}

SystemOptions full() { return options_for(Config::NvFull); }

// ------------------------------------------------------------- copies

struct CopyCase {
  const char* name;
  Transfer transfer;
};

void PrintTo(const CopyCase& c, std::ostream* out) { *out << c.name; }

std::string copy_name(const testing::TestParamInfo<CopyCase>& info) { return info.param.name; }

class BdmaCopy : public testing::TestWithParam<CopyCase> {};

TEST_P(BdmaCopy, CopiesEveryLineAndLeavesTheGapsAlone) {
  const Transfer t = GetParam().transfer;
  run_firmware(full(), [&](NvdlaSystem& system) {
    BdmaFirmware bdma(system);
    bdma.prepare(t);
    bdma.push(t);
    bdma.launch(0);
    EXPECT_TRUE(bdma.hal().wait_for_interrupt(kLongWaitNs));
    EXPECT_EQ(bdma.glb().read(regs::glb::S_INTR_STATUS), kGroup0Done);
    bdma.expect_copied(t);
    // The source is only read.
    std::vector<uint8_t> source(t.source_extent());
    bdma.hal().read_memory(t.source_port, t.source, source.data(), source.size());
    EXPECT_EQ(source, pattern(t.source, t.source_extent(), t.seed));
  });
}

CopyCase packed_lines() {
  // Lines contiguous on both sides, surfaces apart.
  Transfer t = strided(MemoryPort::Primary, 0x80010000, MemoryPort::Primary, 0x80020000, 5);
  t.lines = 4;
  t.source_line = t.destination_line = 64;
  t.source_surface = 320;
  t.destination_surface = 512;
  return {"McToMcPackedLines", t};
}

INSTANTIATE_TEST_SUITE_P(
    RamTypes, BdmaCopy,
    testing::Values(
        // Source above 4 GiB: CFG_SRC_ADDR_HIGH carries address bits 63:32.
        CopyCase{"McToMc", strided(MemoryPort::Primary, 0x120000000, MemoryPort::Primary, 0x81000000, 1)},
        CopyCase{"McToCv", strided(MemoryPort::Primary, 0x80000000, MemoryPort::Secondary, 0x50000000, 2)},
        CopyCase{"CvToMc", strided(MemoryPort::Secondary, 0x50000000, MemoryPort::Primary, 0x81000000, 3)},
        // Destination above 4 GiB on CVIF.
        CopyCase{"CvToCv", strided(MemoryPort::Secondary, 0x50000000, MemoryPort::Secondary, 0x150004000, 4)},
        packed_lines()),
    copy_name);

// ------------------------------------------------------ slots, groups

TEST(Bdma, FreeSlotBusyAndReadback) {
  run_firmware(full(), [](NvdlaSystem& system) {
    BdmaFirmware bdma(system);
    UnitRegisters& regs = bdma.registers();
    const Transfer t[3] = {line(0x80000000, 0x81000000, 1), line(0x80000100, 0x81000100, 2),
                           line(0x80000200, 0x81000200, 3)};
    // Reset: FREE_SLOT 20 (0x14), IDLE.
    EXPECT_EQ(bdma.status(), 0x114u);
    for (int i = 0; i < 3; ++i) {
      bdma.prepare(t[i]);
      bdma.push(t[i]);
      EXPECT_EQ(bdma.free_slots(), 19u - i) << "after push " << i + 1;
      // CFG_OP reads back what was written (NV_NVDLA_BDMA_csb.v flop).
      EXPECT_EQ(regs.read(r::CFG_OP), 1u);
    }
    // FIFO not empty: not IDLE; no group launched: not busy.
    EXPECT_EQ(bdma.status(), 17u);
    // EN = 0 pushes nothing.
    regs.write(r::CFG_OP, 0);
    EXPECT_EQ(regs.read(r::CFG_OP), 0u);
    EXPECT_EQ(bdma.free_slots(), 17u);
    // Nothing moves before the launch.
    EXPECT_FALSE(bdma.hal().wait_for_interrupt(5000));
    bdma.expect_untouched(t[0]);

    bdma.launch(0);
    EXPECT_EQ(regs.read(r::CFG_LAUNCH0), 1u);
    EXPECT_EQ(regs.read(r::CFG_LAUNCH1), 0u);
    EXPECT_EQ(r::STATUS_GRP0_BUSY.get(bdma.status()), 1u);
    EXPECT_EQ(r::STATUS_GRP1_BUSY.get(bdma.status()), 0u);
    EXPECT_EQ(r::STATUS_IDLE.get(bdma.status()), 0u);
    EXPECT_TRUE(bdma.hal().wait_for_interrupt(kLongWaitNs));
    EXPECT_EQ(bdma.glb().read(regs::glb::S_INTR_STATUS), kGroup0Done);
    // All slots back, idle, not busy; the launch flop still reads 1.
    EXPECT_EQ(bdma.status(), 0x114u);
    EXPECT_EQ(regs.read(r::CFG_LAUNCH0), 1u);
    for (const Transfer& each : t) bdma.expect_copied(each);
  });
}

TEST(Bdma, OneInterruptPerGroupAfterItsLastSlot) {
  run_firmware(full(), [](NvdlaSystem& system) {
    BdmaFirmware bdma(system);
    const Transfer t[3] = {strided(MemoryPort::Primary, 0x80000000, MemoryPort::Primary, 0x81000000, 1),
                           strided(MemoryPort::Primary, 0x80010000, MemoryPort::Primary, 0x81010000, 2),
                           strided(MemoryPort::Primary, 0x80020000, MemoryPort::Primary, 0x81020000, 3)};
    for (const Transfer& each : t) {
      bdma.prepare(each);
      bdma.push(each);
    }
    bdma.launch(1);
    EXPECT_TRUE(bdma.hal().wait_for_interrupt(kLongWaitNs));
    EXPECT_EQ(bdma.glb().read(regs::glb::S_INTR_STATUS), kGroup1Done);
    // The interrupt came after the group's last slot, not its first.
    for (const Transfer& each : t) bdma.expect_copied(each);
    EXPECT_EQ(r::STATUS_GRP1_BUSY.get(bdma.status()), 0u);
    bdma.glb().write(regs::glb::S_INTR_STATUS, kGroup1Done);
    EXPECT_FALSE(bdma.hal().wait_for_interrupt(50000)) << "a second interrupt for the same group";
    EXPECT_EQ(bdma.glb().read(regs::glb::S_INTR_STATUS), 0u);
  });
}

TEST(Bdma, SlotPushedWhileAGroupRunsJoinsTheNextLaunch) {
  run_firmware(full(), [](NvdlaSystem& system) {
    BdmaFirmware bdma(system);
    const Transfer a = long_running(0x80000000, 0x81000000, 1);
    const Transfer b = line(0x80100000, 0x81100000, 2);
    bdma.prepare(a);
    bdma.prepare(b);
    bdma.push(a);
    bdma.launch(0);
    bdma.push(b);
    EXPECT_EQ(r::STATUS_GRP0_BUSY.get(bdma.status()), 1u) << "group 0 ended before the second push";
    EXPECT_EQ(bdma.wait_for_done(kGroup0Done), kGroup0Done);
    bdma.expect_copied(a);
    // b stayed queued: not part of group 0.
    bdma.hal().sleep_ns(20000);
    bdma.expect_untouched(b);
    EXPECT_EQ(bdma.free_slots(), 19u);
    bdma.glb().write(regs::glb::S_INTR_STATUS, kGroup0Done);
    bdma.launch(1);
    EXPECT_EQ(bdma.wait_for_done(kGroup1Done), kGroup1Done);
    bdma.expect_copied(b);
    EXPECT_EQ(bdma.status(), 0x114u);
  });
}

TEST(Bdma, TwoGroupsBackToBack) {
  run_firmware(full(), [](NvdlaSystem& system) {
    BdmaFirmware bdma(system);
    const Transfer g0[2] = {strided(MemoryPort::Primary, 0x80000000, MemoryPort::Primary, 0x81000000, 1),
                            strided(MemoryPort::Secondary, 0x50000000, MemoryPort::Primary, 0x81010000, 2)};
    const Transfer g1[2] = {strided(MemoryPort::Primary, 0x80020000, MemoryPort::Secondary, 0x51000000, 3),
                            strided(MemoryPort::Secondary, 0x50030000, MemoryPort::Secondary, 0x51010000, 4)};
    for (const Transfer& t : g0) bdma.prepare(t);
    for (const Transfer& t : g1) bdma.prepare(t);
    for (const Transfer& t : g0) bdma.push(t);
    bdma.launch(0);
    for (const Transfer& t : g1) bdma.push(t);
    bdma.launch(1);
    const uint32_t busy = bdma.status();
    EXPECT_EQ(r::STATUS_GRP0_BUSY.get(busy), 1u);
    EXPECT_EQ(r::STATUS_GRP1_BUSY.get(busy), 1u);
    // Groups run in launch order: group 0 finishes first.
    EXPECT_TRUE(bdma.hal().wait_for_interrupt(kLongWaitNs));
    EXPECT_EQ(bdma.glb().read(regs::glb::S_INTR_STATUS), kGroup0Done);
    for (const Transfer& t : g0) bdma.expect_copied(t);
    bdma.glb().write(regs::glb::S_INTR_STATUS, kGroup0Done);
    EXPECT_EQ(bdma.wait_for_done(kGroup1Done), kGroup1Done);
    for (const Transfer& t : g1) bdma.expect_copied(t);
    EXPECT_EQ(bdma.status(), 0x114u);
  });
}

// ------------------------------------------------- illegal programming

// Programs something illegal; `watched` collects transfers whose
// destinations must never change, `legal` those that must still complete.
struct IllegalCase {
  const char* name;
  std::vector<std::string> words;  // the error names these
  uint32_t free_slots_after;       // STATUS.FREE_SLOT once everything legal is done
  std::function<void(BdmaFirmware&, std::vector<Transfer>& watched, std::vector<Transfer>& legal)> program;
};

void PrintTo(const IllegalCase& c, std::ostream* out) { *out << c.name; }

std::string illegal_name(const testing::TestParamInfo<IllegalCase>& info) { return info.param.name; }

class BdmaIllegal : public testing::TestWithParam<IllegalCase> {};

TEST_P(BdmaIllegal, IsReportedAndCopiesNothing) {
  const IllegalCase& c = GetParam();
  bool checked = false;
  const std::string message = run_expecting_error(full(), [&](NvdlaSystem& system) {
    BdmaFirmware bdma(system);
    std::vector<Transfer> watched, legal;
    try {
      c.program(bdma, watched, legal);
    } catch (const sc_core::sc_report&) {
      // Let everything legal run to its end, then look: the refused
      // programming changed no destination byte and took no slot.
      bdma.hal().sleep_ns(kLongWaitNs);
      for (const Transfer& t : watched) bdma.expect_untouched(t, 4096);
      for (const Transfer& t : legal) bdma.expect_copied(t);
      EXPECT_EQ(bdma.free_slots(), c.free_slots_after);
      checked = true;
      throw;
    }
  });
  EXPECT_TRUE(checked) << "the error did not come from the programming";
  std::vector<std::string> words = c.words;
  words.push_back("BDMA");
  EXPECT_TRUE(mentions(message, words));
}

Transfer watch(BdmaFirmware& bdma, std::vector<Transfer>& list, const Transfer& t) {
  bdma.guard_destination(t, 4096);
  list.push_back(t);
  return t;
}

const std::vector<IllegalCase>& illegal_cases() {
  static const std::vector<IllegalCase> kCases = {
      {"PushWithNoFreeSlot", {"CFG_OP", "FREE_SLOT"}, 0,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         const Transfer t = watch(bdma, watched, line(0x80000000, 0x81000000, 1));
         bdma.program(t);
         for (uint32_t i = 0; i < 20; ++i) bdma.push();
         EXPECT_EQ(bdma.free_slots(), 0u);
         bdma.push();  // the 21st
       }},
      {"PushWhileBothGroupsBusy", {"CFG_OP", "GRP0_BUSY", "GRP1_BUSY"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>& legal) {
         const Transfer a = long_running(0x80000000, 0x81000000, 1);
         const Transfer b = long_running(0x80100000, 0x81100000, 2);
         for (const Transfer& t : {a, b}) {
           bdma.prepare(t);
           legal.push_back(t);
         }
         const Transfer c = watch(bdma, watched, line(0x80200000, 0x81200000, 3));
         bdma.push(a);
         bdma.launch(0);
         bdma.push(b);
         bdma.launch(1);
         const uint32_t status = bdma.status();
         EXPECT_EQ(r::STATUS_GRP0_BUSY.get(status) + r::STATUS_GRP1_BUSY.get(status), 2u);
         bdma.push(c);
       }},
      {"LaunchWithoutPendingSlot", {"CFG_LAUNCH0", "no slot"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         // Registers programmed, but never pushed.
         bdma.program(watch(bdma, watched, line(0x80000000, 0x81000000, 1)));
         bdma.launch(0);
       }},
      {"LaunchOfABusyGroup", {"CFG_LAUNCH1", "group 1", "busy"}, 19,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>& legal) {
         const Transfer a = long_running(0x80000000, 0x81000000, 1);
         bdma.prepare(a);
         legal.push_back(a);
         bdma.push(a);
         bdma.launch(1);
         bdma.push(watch(bdma, watched, line(0x80200000, 0x81200000, 2)));
         bdma.launch(1);
       }},
      // Group 0 runs, group 1 waits behind it: at most one group waits.
      {"LaunchOfAThirdGroup", {"CFG_LAUNCH0", "runs", "waits"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>&, std::vector<Transfer>& legal) {
         const Transfer a = long_running(0x80000000, 0x81000000, 1);
         const Transfer b = long_running(0x80100000, 0x81100000, 2);
         for (const Transfer& t : {a, b}) {
           bdma.prepare(t);
           legal.push_back(t);
         }
         bdma.push(a);
         bdma.launch(0);
         bdma.push(b);
         bdma.launch(1);
         bdma.launch(0);
       }},
      {"MixedDestinationRamTypes", {"group 0", "mixes destination RAM types", "DST_RAM_TYPE"}, 18,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer to_cv = line(0x80000100, 0x50000000, 2);
         to_cv.destination_port = MemoryPort::Secondary;
         bdma.push(watch(bdma, watched, line(0x80000000, 0x81000000, 1)));
         bdma.push(watch(bdma, watched, to_cv));
         bdma.launch(0);
       }},
      {"LineRepeatAbove0x1fff", {"CFG_LINE_REPEAT", "0x1fff"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 1);
         t.lines = 0x2001;  // CFG_LINE_REPEAT.NUMBER = 0x2000
         t.source_line = t.destination_line = 64;
         bdma.push(watch(bdma, watched, t));
       }},
      {"SurfRepeatAbove0x1fff", {"CFG_SURF_REPEAT", "0x1fff"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 1);
         t.surfaces = 0x2001;  // CFG_SURF_REPEAT.NUMBER = 0x2000
         t.source_surface = t.destination_surface = 64;
         bdma.push(watch(bdma, watched, t));
       }},
      {"SourceLineStrideBelowLine", {"CFG_SRC_LINE", "line size"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 1);
         t.lines = 2;
         t.source_line = 32;  // < 64-byte line
         t.destination_line = 64;
         bdma.push(watch(bdma, watched, t));
       }},
      {"DestinationLineStrideBelowLine", {"CFG_DST_LINE", "line size"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 1);
         t.lines = 2;
         t.source_line = 64;
         t.destination_line = 32;
         bdma.push(watch(bdma, watched, t));
       }},
      {"SourceSurfaceStrideBelowLines", {"CFG_SRC_SURF", "line stride x lines"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 1);
         t.lines = 2;
         t.surfaces = 2;
         t.source_line = t.destination_line = 64;
         t.source_surface = 96;  // < 2 x 64
         t.destination_surface = 128;
         bdma.push(watch(bdma, watched, t));
       }},
      {"DestinationSurfaceStrideBelowLines", {"CFG_DST_SURF", "line stride x lines"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 1);
         t.lines = 2;
         t.surfaces = 2;
         t.source_line = t.destination_line = 64;
         t.source_surface = 128;
         t.destination_surface = 96;  // < 2 x 64
         bdma.push(watch(bdma, watched, t));
       }},
      {"DestinationSurfaceStrideBelowTheOneLine", {"CFG_DST_SURF", "surface"}, 20,
       [](BdmaFirmware& bdma, std::vector<Transfer>& watched, std::vector<Transfer>&) {
         Transfer t = line(0x80000000, 0x81000000, 2);  // one 64-byte line per surface
         t.surfaces = 2;
         t.source_line = t.destination_line = 0;  // unused with one line
         t.source_surface = 64;
         t.destination_surface = 32;  // the second surface would overwrite half the first
         bdma.push(watch(bdma, watched, t));
       }},
  };
  return kCases;
}

INSTANTIATE_TEST_SUITE_P(Rules, BdmaIllegal, testing::ValuesIn(illegal_cases()), illegal_name);

}  // namespace
}  // namespace acosim::nvdla::test

#include "systemc/nvdla/bdma.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "sw/common/hex.h"
#include "sw/nvdla/regs/bdma.h"

namespace acosim::nvdla {

namespace r = regs::bdma;

namespace {

// The twelve CFG registers a slot caches, in register order.
constexpr uint32_t kSlotRegisters[12] = {
    r::CFG_SRC_ADDR_LOW, r::CFG_SRC_ADDR_HIGH, r::CFG_DST_ADDR_LOW, r::CFG_DST_ADDR_HIGH,
    r::CFG_LINE,         r::CFG_CMD,           r::CFG_LINE_REPEAT,  r::CFG_SRC_LINE,
    r::CFG_DST_LINE,     r::CFG_SURF_REPEAT,   r::CFG_SRC_SURF,     r::CFG_DST_SURF};
constexpr const char* kSlotRegisterNames[12] = {
    "CFG_SRC_ADDR_LOW", "CFG_SRC_ADDR_HIGH", "CFG_DST_ADDR_LOW", "CFG_DST_ADDR_HIGH",
    "CFG_LINE",         "CFG_CMD",           "CFG_LINE_REPEAT",  "CFG_SRC_LINE",
    "CFG_DST_LINE",     "CFG_SURF_REPEAT",   "CFG_SRC_SURF",     "CFG_DST_SURF"};

}  // namespace

Bdma::Bdma(sc_core::sc_module_name name, const HardwareConfig& config, const BdmaTiming& timing)
    : DmaUnit(name, config, Unit::Bdma, false), done("done"), m_timing(timing) {
  SC_THREAD(engine);
  update_signals();
}

std::string Bdma::slot_registers(const Slot& slot) const {
  std::string text;
  for (size_t i = 0; i < slot.registers.size(); ++i) {
    text += (i == 0 ? "" : ", ") + std::string(kSlotRegisterNames[i]) + "=" + hex(slot.registers[i]);
  }
  return text;
}

// STATUS: FREE_SLOT [7:0], IDLE [8] (FIFO empty and engine idle),
// GRP0_BUSY [9], GRP1_BUSY [10]; after reset 0x114.
uint32_t Bdma::read_register(uint32_t offset) {
  if (offset == r::STATUS) {
    const bool idle = m_fifo.empty() && !m_engine_busy && m_groups.empty();
    return r::STATUS_FREE_SLOT.put(kSlots - static_cast<uint32_t>(m_fifo.size())) | r::STATUS_IDLE.put(idle) |
           r::STATUS_GRP0_BUSY.put(m_busy[0]) | r::STATUS_GRP1_BUSY.put(m_busy[1]);
  }
  return m_bank.read(offset);
}

void Bdma::write_register(uint32_t offset, uint32_t value) {
  m_bank.write(offset, value);
  if (offset == r::CFG_OP && r::CFG_OP_EN.get(value) != 0) push_slot();
  if (offset == r::CFG_LAUNCH0 && r::CFG_LAUNCH0_GRP0_LAUNCH.get(value) != 0) launch(0);
  if (offset == r::CFG_LAUNCH1 && r::CFG_LAUNCH1_GRP1_LAUNCH.get(value) != 0) launch(1);
  update_signals();
}

void Bdma::push_slot() {
  Slot slot{};
  for (size_t i = 0; i < 12; ++i) slot.registers[i] = m_bank.get(kSlotRegisters[i]);
  const uint32_t line_repeat = m_bank.get(r::CFG_LINE_REPEAT);
  const uint32_t surf_repeat = m_bank.get(r::CFG_SURF_REPEAT);
  // Programming guide, BDMA limitations: software must poll FREE_SLOT
  // before pushing (the RTL drops a command pushed into a full FIFO), must
  // not push while both groups are busy (the slot would silently join the
  // waiting group), and repeat counts only go to 0x1FFF.
  if (m_fifo.size() >= kSlots) {
    error("CFG_OP.EN=1 with no free slot (STATUS.FREE_SLOT=0): the hardware drops this command; poll "
          "FREE_SLOT first (" + slot_registers(slot) + ")");
    return;
  }
  if (m_busy[0] && m_busy[1]) {
    error("CFG_OP.EN=1 while GRP0_BUSY and GRP1_BUSY are both 1: the slot would join an already "
          "launched group (" + slot_registers(slot) + ")");
    return;
  }
  if (line_repeat > 0x1FFF || surf_repeat > 0x1FFF) {
    error("CFG_LINE_REPEAT.NUMBER and CFG_SURF_REPEAT.NUMBER must be at most 0x1fff (bits 23:13 are "
          "reserved) (" + slot_registers(slot) + ")");
    return;
  }
  // Addresses and strides are bytes with bits 4:0 dropped by the register.
  slot.source = uint64_t{m_bank.get(r::CFG_SRC_ADDR_HIGH)} << 32 | m_bank.get(r::CFG_SRC_ADDR_LOW);
  slot.destination = uint64_t{m_bank.get(r::CFG_DST_ADDR_HIGH)} << 32 | m_bank.get(r::CFG_DST_ADDR_LOW);
  slot.line_bytes = 32 * (r::CFG_LINE_SIZE.get(m_bank.get(r::CFG_LINE)) + 1);
  slot.lines = line_repeat + 1;
  slot.surfaces = surf_repeat + 1;
  slot.source_line = m_bank.get(r::CFG_SRC_LINE);
  slot.destination_line = m_bank.get(r::CFG_DST_LINE);
  slot.source_surface = m_bank.get(r::CFG_SRC_SURF);
  slot.destination_surface = m_bank.get(r::CFG_DST_SURF);
  const uint32_t cmd = m_bank.get(r::CFG_CMD);
  slot.source_mc = r::CFG_CMD_SRC_RAM_TYPE.get(cmd) == r::CFG_CMD_SRC_RAM_TYPE_MC;
  slot.destination_mc = r::CFG_CMD_DST_RAM_TYPE.get(cmd) == r::CFG_CMD_DST_RAM_TYPE_MC;
  // The firmware's own preconditions (kmd/firmware/bdma.c): strides at
  // least the extent they step over; a smaller destination stride makes
  // lines or surfaces overwrite each other.
  if (slot.lines > 1 && (slot.source_line < slot.line_bytes || slot.destination_line < slot.line_bytes)) {
    error("line strides CFG_SRC_LINE/CFG_DST_LINE must be at least the line size of " +
          std::to_string(slot.line_bytes) + " bytes (" + slot_registers(slot) + ")");
    return;
  }
  // A surface spans line stride x lines (the firmware's rule), or the line
  // itself when there is one line and the line stride is unused.
  const uint64_t source_extent = slot.lines > 1 ? slot.source_line * slot.lines : slot.line_bytes;
  const uint64_t destination_extent = slot.lines > 1 ? slot.destination_line * slot.lines : slot.line_bytes;
  if (slot.surfaces > 1 && (slot.source_surface < source_extent || slot.destination_surface < destination_extent)) {
    error("surface strides CFG_SRC_SURF/CFG_DST_SURF must be at least the surface they step over (line stride x "
          "lines, or the line when there is one) (" + slot_registers(slot) + ")");
    return;
  }
  m_fifo.push_back(slot);
  ++m_pending;
}

void Bdma::launch(unsigned group) {
  // Programming guide, BDMA limitations: a launch needs pending slots (an
  // empty group would never complete), at most one group can wait behind
  // the running one, and all slots of a group write to the same RAM type
  // (completion is tracked on the last command's interface only).
  if (m_busy[0] && m_busy[1]) {
    error("CFG_LAUNCH" + std::to_string(group) + "=1 while one group runs and the other waits");
    return;
  }
  if (m_busy[group]) {
    error("CFG_LAUNCH" + std::to_string(group) + "=1 while group " + std::to_string(group) + " is still busy");
    return;
  }
  if (m_pending == 0) {
    error("CFG_LAUNCH" + std::to_string(group) + "=1 with no slot pushed since the last launch: the group would "
          "never complete");
    return;
  }
  const size_t first = m_fifo.size() - m_pending;
  for (size_t i = first + 1; i < m_fifo.size(); ++i) {
    if (m_fifo[i].destination_mc != m_fifo[first].destination_mc) {
      error("group " + std::to_string(group) + " mixes destination RAM types (CFG_CMD.DST_RAM_TYPE of slot " +
            std::to_string(i - first) + " differs from slot 0): " + slot_registers(m_fifo[i]));
      return;
    }
  }
  m_groups.push_back(Group{group, m_pending});
  m_pending = 0;
  m_busy[group] = true;
  // Stall counters of the group clear at launch (NV_NVDLA_BDMA_csb.v).
  m_bank.set(group == 0 ? r::STATUS_GRP0_READ_STALL : r::STATUS_GRP1_READ_STALL, 0);
  m_bank.set(group == 0 ? r::STATUS_GRP0_WRITE_STALL : r::STATUS_GRP1_WRITE_STALL, 0);
  m_launched.notify(sc_core::SC_ZERO_TIME);
}

void Bdma::engine() {
  while (true) {
    while (m_groups.empty()) sc_core::wait(m_launched);
    const Group group = m_groups.front();
    for (unsigned i = 0; i < group.slots; ++i) {
      const Slot slot = m_fifo.front();
      m_fifo.pop_front();  // the engine accepts the command: its slot is free
      m_engine_busy = true;
      update_signals();
      copy(slot, group.id);
    }
    m_engine_busy = false;
    m_groups.pop_front();
    m_busy[group.id] = false;
    // Stall counters load the live count at completion; this model has no
    // back-pressure, so they stay 0 (as in the C model).
    update_signals();
    done->unit_done(done_status_bit(Unit::Bdma, group.id));
  }
}

// One slot: NS surfaces of NL lines of L bytes (nvdla/hw cmod/bdma/
// BdmaCore.cpp). Lines that are contiguous on both sides are moved as one
// request. The slot takes its memory latency plus L bytes per line at the
// interface width.
void Bdma::copy(const Slot& slot, unsigned group) {
  core::DmaPort& source = memory(slot.source_mc, "CFG_CMD.SRC_RAM_TYPE");
  core::DmaPort& destination = memory(slot.destination_mc, "CFG_CMD.DST_RAM_TYPE");
  const bool packed = slot.lines == 1 || (slot.source_line == slot.line_bytes &&
                                          slot.destination_line == slot.line_bytes);
  const uint64_t request_bytes = packed ? uint64_t{slot.line_bytes} * slot.lines : slot.line_bytes;
  const uint32_t requests = packed ? 1 : slot.lines;
  if (m_buffer.size() < request_bytes) m_buffer.resize(request_bytes);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  try {
    for (uint32_t s = 0; s < slot.surfaces; ++s) {
      for (uint32_t l = 0; l < requests; ++l) {
        const uint64_t from = slot.source + s * slot.source_surface + l * slot.source_line;
        const uint64_t to = slot.destination + s * slot.destination_surface + l * slot.destination_line;
        delay += source.read(from, m_buffer.data(), request_bytes);
        delay += destination.write(to, m_buffer.data(), request_bytes);
      }
    }
  } catch (const core::DmaError& e) {
    error(std::string("group ") + std::to_string(group) + ": " + e.what() + " (" + slot_registers(slot) + ")");
    return;
  }
  const uint64_t bytes = uint64_t{slot.line_bytes} * slot.lines * slot.surfaces;
  const uint64_t cycles = (bytes + m_timing.bytes_per_cycle - 1) / m_timing.bytes_per_cycle;
  delay += m_timing.clock_period * static_cast<double>(cycles);
  bytes_read.write(DmaUnit::bytes_read());
  bytes_written.write(DmaUnit::bytes_written());
  sc_core::wait(delay);
}

void Bdma::update_signals() {
  free_slot.write(kSlots - static_cast<uint32_t>(m_fifo.size()));
  grp0_busy.write(m_busy[0]);
  grp1_busy.write(m_busy[1]);
}

}  // namespace acosim::nvdla

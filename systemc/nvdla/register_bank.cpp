#include "systemc/nvdla/register_bank.h"

#include <stdexcept>

namespace acosim::nvdla {

namespace {

constexpr size_t npos = static_cast<size_t>(-1);
constexpr uint32_t kWindowBytes = 0x1000;

}  // namespace

RegisterBank::RegisterBank(const regs::UnitInfo& info, bool ping_pong)
    : m_info(info), m_ping_pong(ping_pong), m_index(kWindowBytes / 4, -1) {
  for (size_t i = 0; i < info.register_count; ++i) {
    const regs::RegisterInfo& r = info.registers[i];
    if (r.offset >= kWindowBytes || (r.offset & 3) != 0) {
      throw std::logic_error(std::string(info.name) + ": register " + r.name + " has an invalid offset");
    }
    m_index[r.offset / 4] = static_cast<int>(i);
  }
  m_op_enable = m_pointer = m_status = npos;
  if (ping_pong) {
    const regs::RegisterInfo* op = info.find("D_OP_ENABLE");
    const regs::RegisterInfo* pointer = info.find("S_POINTER");
    const regs::RegisterInfo* status = info.find("S_STATUS");
    if (op == nullptr || pointer == nullptr || status == nullptr) {
      throw std::logic_error(std::string(info.name) + ": a ping-pong unit needs S_STATUS, S_POINTER, D_OP_ENABLE");
    }
    m_op_enable = index_of(op->offset);
    m_pointer = index_of(pointer->offset);
    m_status = index_of(status->offset);
  }
  reset();
}

void RegisterBank::reset() {
  for (auto& group : m_words) {
    group.assign(m_info.register_count, 0);
    for (size_t i = 0; i < m_info.register_count; ++i) group[i] = m_info.registers[i].reset;
  }
  m_producer = m_consumer = 0;
  m_op_en[0] = m_op_en[1] = false;
}

size_t RegisterBank::index_of(uint32_t offset) const {
  if (offset >= kWindowBytes || (offset & 3) != 0) return npos;
  const int i = m_index[offset / 4];
  return i < 0 ? npos : static_cast<size_t>(i);
}

uint32_t& RegisterBank::word(size_t index, unsigned group) {
  return m_words[m_info.registers[index].grouped && m_ping_pong ? (group & 1) : 0][index];
}

uint32_t RegisterBank::word(size_t index, unsigned group) const {
  return m_words[m_info.registers[index].grouped && m_ping_pong ? (group & 1) : 0][index];
}

// S_STATUS.STATUS_g: 0 IDLE when OP_EN[g] is 0, else 1 RUNNING for the
// consumer's group and 2 PENDING for the other (NV_NVDLA_PDP_reg.v).
uint32_t RegisterBank::status_word() const {
  auto status = [&](unsigned g) -> uint32_t { return !m_op_en[g] ? 0u : (m_consumer == g ? 1u : 2u); };
  return status(0) | status(1) << 16;
}

uint32_t RegisterBank::read(uint32_t offset) const {
  const size_t i = index_of(offset);
  if (i == npos) return 0;
  const regs::RegisterInfo& r = m_info.registers[i];
  if (m_ping_pong) {
    if (i == m_status) return status_word() & r.read_mask;
    if (i == m_pointer) return (m_producer | m_consumer << 16) & r.read_mask;
    if (i == m_op_enable) return m_op_en[m_producer] ? 1u : 0u;
  }
  // W1S registers (GLB S_INTR_SET) always read 0.
  if (r.access == regs::Access::W1S) return 0;
  return word(i, m_producer) & r.read_mask;
}

BankWrite RegisterBank::write(uint32_t offset, uint32_t value) {
  const size_t i = index_of(offset);
  if (i == npos) return {BankWrite::Outcome::Unmapped, nullptr, 0, false};
  const regs::RegisterInfo& r = m_info.registers[i];
  const unsigned group = r.grouped && m_ping_pong ? m_producer : 0;
  if (r.access == regs::Access::RO) return {BankWrite::Outcome::ReadOnly, &r, group, false};
  if (m_ping_pong && r.grouped && m_op_en[group]) {
    return {BankWrite::Outcome::GroupEnabled, &r, group, false};
  }
  if (m_ping_pong && i == m_pointer) {
    // Only PRODUCER is writable; CONSUMER (bit 16) belongs to the hardware.
    m_producer = value & 1;
    return {BankWrite::Outcome::Stored, &r, 0, false};
  }
  if (m_ping_pong && i == m_op_enable) {
    // OP_EN only rises from software; the hardware clears it at layer end.
    const bool raise = (value & 1) != 0;
    if (raise) {
      m_op_en[group] = true;
      // Per-group status and perf counters clear when the group's OP_EN
      // rises (NV_NVDLA_PDP_reg.v: dp2reg_* registers).
      for (size_t k = 0; k < m_info.register_count; ++k) {
        const regs::RegisterInfo& s = m_info.registers[k];
        if (s.grouped && s.access == regs::Access::RO) m_words[group][k] = 0;
      }
    }
    return {BankWrite::Outcome::Stored, &r, group, raise};
  }
  uint32_t& w = word(i, group);
  w = (w & ~r.write_mask) | (value & r.write_mask);
  return {BankWrite::Outcome::Stored, &r, group, false};
}

uint32_t RegisterBank::get(uint32_t offset, unsigned group) const {
  const size_t i = index_of(offset);
  if (i == npos) throw std::logic_error(std::string(m_info.name) + ": no register at offset " + std::to_string(offset));
  return word(i, group);
}

void RegisterBank::set(uint32_t offset, uint32_t value, unsigned group) {
  const size_t i = index_of(offset);
  if (i == npos) throw std::logic_error(std::string(m_info.name) + ": no register at offset " + std::to_string(offset));
  word(i, group) = value & m_info.registers[i].read_mask;
}

void RegisterBank::end_layer() {
  m_op_en[m_consumer] = false;
  m_consumer ^= 1;
}

}  // namespace acosim::nvdla

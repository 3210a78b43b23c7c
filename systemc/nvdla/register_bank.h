// The register file of one NVDLA unit, built from its generated register
// map (sw/nvdla/regs/<unit>.h). Plain storage and the CSB-visible rules:
// read/write masks, reset values, read-only registers, and for ping-pong
// units the two D-register groups with the producer/consumer pointers and
// the set-only OP_EN (nvdla/hw vmod/nvdla/pdp/NV_NVDLA_PDP_reg.v and the
// same scheme in SDP, CDP, ...; nvdla/doc hwarch.rst "Ping-pong
// Synchronization Mechanism"). Units add their own side effects (GLB W1C,
// BDMA triggers) around it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla {

struct BankWrite {
  enum class Outcome {
    Stored,        // the writable bits were stored (possibly none)
    ReadOnly,      // a read-only register: the write has no effect
    Unmapped,      // no register at that offset: the write has no effect
    GroupEnabled,  // D-register of a group whose OP_EN is 1: dropped (an RTL assertion)
  };
  Outcome outcome;
  const regs::RegisterInfo* reg;  // nullptr when unmapped
  unsigned group;                 // the D-group written (producer), else 0
  bool op_enable_set;             // this write raised OP_EN of `group`
};

class RegisterBank {
 public:
  // ping_pong: the unit has two D-groups selected by S_POINTER.PRODUCER.
  RegisterBank(const regs::UnitInfo& info, bool ping_pong);

  void reset();

  // CSB side. Unmapped offsets read 0.
  uint32_t read(uint32_t offset) const;
  BankWrite write(uint32_t offset, uint32_t value);
  const regs::RegisterInfo* find(uint32_t offset) const { return m_info.find(offset); }
  const regs::UnitInfo& info() const { return m_info; }

  // Hardware side: the stored word of a register (group ignored for
  // single registers) and the hardware's own updates of status registers.
  uint32_t get(uint32_t offset, unsigned group = 0) const;
  void set(uint32_t offset, uint32_t value, unsigned group = 0);

  // Ping-pong state.
  unsigned producer() const { return m_producer; }
  unsigned consumer() const { return m_consumer; }
  bool op_enabled(unsigned group) const { return m_op_en[group & 1]; }
  // Layer done (dp2reg_done): OP_EN[consumer] <- 0, consumer flips.
  void end_layer();

 private:
  size_t index_of(uint32_t offset) const;  // npos if unmapped
  uint32_t& word(size_t index, unsigned group);
  uint32_t word(size_t index, unsigned group) const;
  uint32_t status_word() const;

  const regs::UnitInfo& m_info;
  const bool m_ping_pong;
  std::vector<int> m_index;  // offset / 4 -> register index, -1 if none
  std::vector<uint32_t> m_words[2];
  unsigned m_producer = 0;
  unsigned m_consumer = 0;
  bool m_op_en[2] = {false, false};
  size_t m_op_enable = 0, m_pointer = 0, m_status = 0;  // indices (npos if absent)
};

}  // namespace acosim::nvdla

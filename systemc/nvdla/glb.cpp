#include "systemc/nvdla/glb.h"

#include "sw/nvdla/regs/glb.h"

namespace acosim::nvdla {

Glb::Glb(sc_core::sc_module_name name, const HardwareConfig& config)
    : RegisterUnit(name, config, Unit::Glb, false), done_in("done_in"), intr("intr") {
  done_in.bind(*this);
  m_implemented = m_bank.find(regs::glb::S_INTR_STATUS)->read_mask;
  // Without BDMA or Rubik their status flops are compiled out
  // (NV_NVDLA_GLB_ic.v, NVDLA_BDMA_ENABLE / NVDLA_RUBIK_ENABLE): the bits
  // read 0 and neither a done pulse nor S_INTR_SET can raise them.
  if (!config.has_bdma) {
    m_implemented &= ~(regs::glb::S_INTR_STATUS_BDMA_DONE_STATUS0.mask() | regs::glb::S_INTR_STATUS_BDMA_DONE_STATUS1.mask());
  }
  if (!config.has_rubik()) {
    m_implemented &=
        ~(regs::glb::S_INTR_STATUS_RUBIK_DONE_STATUS0.mask() | regs::glb::S_INTR_STATUS_RUBIK_DONE_STATUS1.mask());
  }
}

void Glb::update_line() {
  const uint32_t mask = m_bank.get(regs::glb::S_INTR_MASK);
  status.write(m_status);
  intr.write((m_status & ~mask & m_implemented) != 0);
}

void Glb::latch(uint32_t bits) {
  if (sc_core::sc_time_stamp() != m_set_time) {
    m_set_time = sc_core::sc_time_stamp();
    m_set_now = 0;
  }
  m_set_now |= bits & m_implemented;
  m_status |= bits & m_implemented;
}

void Glb::unit_done(unsigned status_bit) {
  latch(1u << status_bit);
  update_line();
}

uint32_t Glb::read_register(uint32_t offset) {
  return offset == regs::glb::S_INTR_STATUS ? m_status : m_bank.read(offset);
}

void Glb::write_register(uint32_t offset, uint32_t value) {
  if (offset == regs::glb::S_INTR_STATUS) {
    // Write 1 to clear; a bit set at the same time stays set
    // (NV_NVDLA_GLB_ic.v: the set term comes first).
    const uint32_t set_now = sc_core::sc_time_stamp() == m_set_time ? m_set_now : 0;
    m_status &= ~(value & m_implemented & ~set_now);
  } else if (offset == regs::glb::S_INTR_SET) {
    latch(value);  // write 1 to set; reads 0
  } else {
    m_bank.write(offset, value);
  }
  update_line();
}

}  // namespace acosim::nvdla

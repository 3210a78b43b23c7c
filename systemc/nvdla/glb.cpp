#include "systemc/nvdla/glb.h"

#include "sw/nvdla/regs/glb.h"

namespace acosim::nvdla {

Glb::Glb(sc_core::sc_module_name name, const HardwareConfig& config)
    : RegisterUnit(name, config, Unit::Glb, false), done_in("done_in"), intr("intr") {
  done_in.bind(*this);
  m_implemented = m_bank.find(regs::glb::S_INTR_STATUS)->read_mask;
}

void Glb::update_line() {
  const uint32_t mask = m_bank.get(regs::glb::S_INTR_MASK);
  status.write(m_status);
  intr.write((m_status & ~mask & m_implemented) != 0);
}

void Glb::unit_done(unsigned status_bit) {
  m_status |= (1u << status_bit) & m_implemented;
  update_line();
}

uint32_t Glb::read_register(uint32_t offset) {
  return offset == regs::glb::S_INTR_STATUS ? m_status : m_bank.read(offset);
}

void Glb::write_register(uint32_t offset, uint32_t value) {
  if (offset == regs::glb::S_INTR_STATUS) {
    m_status &= ~(value & m_implemented);  // write 1 to clear
  } else if (offset == regs::glb::S_INTR_SET) {
    m_status |= value & m_implemented;     // write 1 to set; reads 0
  } else {
    m_bank.write(offset, value);
  }
  update_line();
}

}  // namespace acosim::nvdla

#include "systemc/nvdla/glb.h"

#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/register_map.h"
#include "systemc/nvdla/csb_access.h"

namespace acosim::nvdla {

Glb::Glb(sc_core::sc_module_name name, const HardwareConfig& config)
    : sc_module(name), csb("csb"), done_in("done_in"), intr("intr"),
      m_bank(regs::unit_info(Unit::Glb, config.config), false) {
  csb.register_b_transport(this, &Glb::b_transport);
  csb.register_transport_dbg(this, &Glb::transport_dbg);
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

void Glb::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  const uint32_t offset = csb_offset(trans);
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  if (trans.get_command() == tlm::TLM_READ_COMMAND) {
    csb_set_read_data(trans, offset == regs::glb::S_INTR_STATUS ? m_status : m_bank.read(offset));
    return;
  }
  const uint32_t value = csb_write_data(trans);
  if (offset == regs::glb::S_INTR_STATUS) {
    m_status &= ~(value & m_implemented);  // write 1 to clear
  } else if (offset == regs::glb::S_INTR_SET) {
    m_status |= value & m_implemented;     // write 1 to set; reads 0
  } else {
    m_bank.write(offset, value);  // the CSB reports offsets without a register
  }
  update_line();
}

unsigned Glb::transport_dbg(tlm::tlm_generic_payload& trans) {
  if (trans.get_command() != tlm::TLM_READ_COMMAND || trans.get_data_length() != 4) return 0;
  const uint32_t offset = csb_offset(trans);
  csb_set_read_data(trans, offset == regs::glb::S_INTR_STATUS ? m_status : m_bank.read(offset));
  return 4;
}

}  // namespace acosim::nvdla

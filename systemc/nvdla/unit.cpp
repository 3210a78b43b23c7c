#include "systemc/nvdla/unit.h"

#include "sw/nvdla/regs/register_map.h"
#include "systemc/nvdla/csb_access.h"
#include "systemc/nvdla/group_write.h"

namespace acosim::nvdla {

RegisterUnit::RegisterUnit(sc_core::sc_module_name name, const HardwareConfig& config, Unit unit, bool ping_pong)
    : sc_module(name), csb("csb"), m_config(config), m_unit(unit),
      m_bank(regs::unit_info(unit, config.config), ping_pong),
      m_report_type(std::string("acosim/nvdla/") + unit_name(unit)) {
  csb.register_b_transport(this, &RegisterUnit::b_transport);
  csb.register_transport_dbg(this, &RegisterUnit::transport_dbg);
}

uint32_t RegisterUnit::read_register(uint32_t offset) { return m_bank.read(offset); }

void RegisterUnit::write_register(uint32_t offset, uint32_t value) {
  const BankWrite w = m_bank.write(offset, value);
  check_group_write(w, unit_name(m_unit), value, m_report_type.c_str());
  if (w.op_enable_set) {
    m_enabled.notify(sc_core::SC_ZERO_TIME);
    op_enabled(w.group);
  }
}

void RegisterUnit::error(const std::string& message) const { report(std::string(unit_name(m_unit)) + ": " + message); }

void RegisterUnit::report(const std::string& message) const {
  SC_REPORT_ERROR(m_report_type.c_str(), message.c_str());
}

void RegisterUnit::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  if (trans.get_command() == tlm::TLM_READ_COMMAND) {
    csb_set_read_data(trans, read_register(csb_offset(trans)));
  } else {
    write_register(csb_offset(trans), csb_write_data(trans));
  }
}

unsigned RegisterUnit::transport_dbg(tlm::tlm_generic_payload& trans) {
  if (trans.get_command() != tlm::TLM_READ_COMMAND || trans.get_data_length() != 4) return 0;
  csb_set_read_data(trans, peek_register(csb_offset(trans)));
  return 4;
}

DmaUnit::DmaUnit(sc_core::sc_module_name name, const HardwareConfig& config, Unit unit, bool ping_pong)
    : RegisterUnit(name, config, unit, ping_pong), mcif("mcif"), cvif("cvif"),
      m_mcif(std::string(unit_name(unit)) + " MCIF", mcif), m_cvif(std::string(unit_name(unit)) + " CVIF", cvif) {
  mcif.register_invalidate_direct_mem_ptr(this, &DmaUnit::invalidate_mcif);
  cvif.register_invalidate_direct_mem_ptr(this, &DmaUnit::invalidate_cvif);
}

void DmaUnit::invalidate_mcif(sc_dt::uint64 start, sc_dt::uint64 end) { m_mcif.invalidate(start, end); }
void DmaUnit::invalidate_cvif(sc_dt::uint64 start, sc_dt::uint64 end) { m_cvif.invalidate(start, end); }

core::DmaPort& DmaUnit::memory(bool mc, const char* field) {
  if (!mc && !m_config.has_cvif) {
    error(std::string(field) + "=CV selects CVIF, which " + m_config.name + " does not have");
  }
  return mc ? m_mcif : m_cvif;
}

}  // namespace acosim::nvdla

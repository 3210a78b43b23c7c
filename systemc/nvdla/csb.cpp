#include "systemc/nvdla/csb.h"

#include "sw/common/hex.h"
#include "sw/nvdla/regs/register_map.h"

#include <cstring>
#include <sstream>
#include <string>

namespace acosim::nvdla {

namespace {

constexpr const char* kReportType = "acosim/nvdla/CSB";
constexpr uint32_t kReservedStart = 0x14000;
constexpr uint32_t kAddressSpaceEnd = 0x40000;  // 18-bit byte address

}  // namespace

Csb::Csb(sc_core::sc_module_name name, const HardwareConfig& config, const CsbOptions& options)
    : sc_module(name), host("host"), units("units"), m_config(config), m_options(options) {
  host.register_b_transport(this, &Csb::b_transport);
  host.register_transport_dbg(this, &Csb::transport_dbg);
}

void Csb::map(Unit unit) {
  m_windows.push_back(Window{m_config.unit_base(unit), unit});
}

int Csb::route(uint32_t byte_address) const {
  const uint32_t window = byte_address & 0x3F000;
  for (size_t i = 0; i < m_windows.size(); ++i) {
    if (m_windows[i].base == window) return static_cast<int>(i);
  }
  return -1;
}

void Csb::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  const uint64_t byte_address = trans.get_address();
  const bool is_write = trans.get_command() == tlm::TLM_WRITE_COMMAND;
  const char* what = is_write ? "write" : "read";
  if (trans.get_data_length() != 4 || (byte_address & 3) != 0 || trans.get_byte_enable_ptr() != nullptr) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    const std::string message = "CSB: " + std::string(what) + " at " + hex(byte_address) + " of " +
                                std::to_string(trans.get_data_length()) +
                                " bytes; the CSB carries aligned 32-bit accesses only";
    SC_REPORT_ERROR(kReportType, message.c_str());
    return;
  }
  delay += m_options.access_time;
  uint32_t value = 0;
  if (is_write) std::memcpy(&value, trans.get_data_ptr(), 4);

  const int index = byte_address < kAddressSpaceEnd ? route(static_cast<uint32_t>(byte_address)) : -1;
  if (index < 0) {
    // The RTL's dummy client: reads return 0, writes are dropped, no error
    // response. The model still reports it unless told otherwise.
    if (!is_write) std::memset(trans.get_data_ptr(), 0, 4);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    std::string message = "CSB: " + std::string(what) + " at " + hex(byte_address);
    if (byte_address >= kReservedStart) {
      message += " is in the reserved range 0x14000..0x3ffff, which the CSB master does not support";
      SC_REPORT_ERROR(kReportType, message.c_str());
      return;
    }
    const char* window = window_name(m_config, static_cast<uint32_t>(byte_address));
    message += window != nullptr ? std::string(" addresses unit ") + window + ", which is not modelled in " +
                                       m_config.name
                                 : std::string(" maps to no unit in ") + m_config.name;
    message += " (read 0, write ignored)";
    report_unmapped(message);
    return;
  }
  const Window& w = m_windows[index];
  const uint32_t offset = static_cast<uint32_t>(byte_address) & 0xFFF;
  if (regs::unit_info(w.unit, m_config.config).find(offset) == nullptr) {
    // Inside a unit, an offset without a register reads 0 and ignores
    // writes (each register file's read mux defaults to zero).
    if (!is_write) std::memset(trans.get_data_ptr(), 0, 4);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    report_unmapped("CSB: " + std::string(what) + " at " + hex(byte_address) + " (" + unit_name(w.unit) +
                    " offset " + hex(offset) + ") hits no " + unit_name(w.unit) +
                    " register (read 0, write ignored)");
    return;
  }
  address.write(static_cast<uint32_t>(byte_address));
  write.write(is_write);
  if (is_write) data.write(value);
  valid.write(true);
  // The access takes effect at its end: a write reaches the unit's register
  // file, and a read samples it, access_time after the CPU issued it (the
  // request crosses NV_NVDLA_csb_master.v's pipeline to the unit first). So
  // a CPU that reacts to an interrupt writes its clear after the cycle that
  // raised it, never in it (where NV_NVDLA_GLB_ic.v lets the set win).
  sc_core::wait(delay);
  delay = sc_core::SC_ZERO_TIME;
  units[index]->b_transport(trans, delay);
  if (!is_write) {
    std::memcpy(&value, trans.get_data_ptr(), 4);
    data.write(value);
  }
  // A next access in this same cycle writes `valid` again and keeps it high.
  valid.write(false);
  // The CPU continues once the signals the access changed (an interrupt
  // line cleared, a unit's busy flag) have settled: one delta cycle.
  sc_core::wait(sc_core::SC_ZERO_TIME);
}

void Csb::report_unmapped(const std::string& message) {
  if (m_options.unmapped_is_error) {
    SC_REPORT_ERROR(kReportType, message.c_str());
  } else {
    SC_REPORT_WARNING(kReportType, message.c_str());
  }
}

unsigned Csb::transport_dbg(tlm::tlm_generic_payload& trans) {
  const int index = trans.get_address() < kAddressSpaceEnd ? route(static_cast<uint32_t>(trans.get_address())) : -1;
  if (index < 0) return 0;
  return units[index]->transport_dbg(trans);
}

}  // namespace acosim::nvdla

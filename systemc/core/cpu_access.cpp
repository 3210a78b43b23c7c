#include "systemc/core/cpu_access.h"

#include <sstream>
#include <string>

#include "sw/common/hex.h"

namespace acosim::core {

namespace {

const char* response_text(tlm::tlm_response_status status) {
  switch (status) {
    case tlm::TLM_OK_RESPONSE:
      return "ok";
    case tlm::TLM_INCOMPLETE_RESPONSE:
      return "incomplete (the target set no response)";
    case tlm::TLM_GENERIC_ERROR_RESPONSE:
      return "generic error";
    case tlm::TLM_ADDRESS_ERROR_RESPONSE:
      return "address error";
    case tlm::TLM_COMMAND_ERROR_RESPONSE:
      return "command error";
    case tlm::TLM_BURST_ERROR_RESPONSE:
      return "burst error";
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE:
      return "byte enable error";
  }
  return "unknown response";
}

}  // namespace

void cpu_access(tlm::tlm_initiator_socket<>& socket, tlm::tlm_command command, uint64_t address, uint8_t* data,
                size_t bytes, const char* what, const char* report_type) {
  tlm::tlm_generic_payload trans;
  trans.set_command(command);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(static_cast<unsigned>(bytes));
  trans.set_streaming_width(static_cast<unsigned>(bytes));
  trans.set_byte_enable_ptr(nullptr);
  trans.set_dmi_allowed(false);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  socket->b_transport(trans, delay);
  if (delay != sc_core::SC_ZERO_TIME) sc_core::wait(delay);
  if (trans.get_response_status() != tlm::TLM_OK_RESPONSE) {
    const std::string message = std::string("HAL ") + what + " at " + hex(address) +
                                " failed: " + response_text(trans.get_response_status());
    SC_REPORT_ERROR(report_type, message.c_str());
  }
}

uint64_t simulated_ns() {
  // Integer division in units of the time resolution keeps this exact for
  // any simulated time (a double of seconds would lose nanoseconds). A
  // resolution coarser than 1 ns has no exact nanosecond unit; fall back to
  // seconds there.
  const sc_core::sc_time::value_type ns = sc_core::sc_time(1, sc_core::SC_NS).value();
  if (ns == 0) return static_cast<uint64_t>(sc_core::sc_time_stamp().to_seconds() * 1e9);
  return static_cast<uint64_t>(sc_core::sc_time_stamp().value() / ns);
}

}  // namespace acosim::core

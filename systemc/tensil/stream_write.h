// The instruction stream's TLM side, shared by the TCUs: the host's DMA
// writes instruction bytes (an AXI4-Stream has no reads and no byte
// enables); the write completes at the initiator's annotated time.
#pragma once

#include <systemc>
#include <tlm>

namespace acosim::tensil {

/// Refuses anything but a plain write (with the TLM response a target
/// gives), else waits out the annotated delay so the bytes arrive at their
/// time, and returns true.
inline bool accept_stream_write(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  if (trans.get_command() != tlm::TLM_WRITE_COMMAND) {
    trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return false;
  }
  if (trans.get_byte_enable_ptr() != nullptr) {
    trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return false;
  }
  sc_core::wait(delay);
  delay = sc_core::SC_ZERO_TIME;
  return true;
}

}  // namespace acosim::tensil

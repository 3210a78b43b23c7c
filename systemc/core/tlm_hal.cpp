#include "systemc/core/tlm_hal.h"

#include <algorithm>
#include <sstream>
#include <string>

namespace acosim::core {

namespace {

constexpr const char* kReportType = "acosim/core/TlmHal";

// Largest transfer of one transaction: an AXI DMA moves at most 4 KiB per
// transfer, and bounded transactions keep huge copies from holding the
// target (or the firmware thread) for one giant step.
constexpr size_t kMaxTransactionBytes = 4096;

std::string hex(uint64_t value) {
  std::ostringstream out;
  out << "0x" << std::hex << value;
  return out.str();
}

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

const char* stream_name(hal::StreamId stream) {
  switch (stream) {
    case hal::StreamId::Instructions:
      return "Instructions";
    case hal::StreamId::Samples:
      return "Samples";
  }
  return "unknown";
}

}  // namespace

TlmHal::TlmHal(sc_core::sc_module_name name)
    : sc_module(name), memory("memory"), instructions("instructions") {}

void TlmHal::transport(tlm_utils::simple_initiator_socket<TlmHal>& socket, tlm::tlm_command command,
                       uint64_t address, uint8_t* data, size_t bytes, const char* what) {
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
  // The firmware thread is not temporally decoupled: it consumes the
  // annotated time before its next access, so every access happens at its
  // own simulated time.
  if (delay != sc_core::SC_ZERO_TIME) sc_core::wait(delay);
  if (trans.get_response_status() != tlm::TLM_OK_RESPONSE) {
    const std::string message = std::string("HAL ") + what + " at " + hex(address) +
                                " failed: " + response_text(trans.get_response_status());
    SC_REPORT_ERROR(kReportType, message.c_str());
  }
}

void TlmHal::write_memory(uint64_t address, const void* data, size_t bytes) {
  // A write payload's data is only read by the target (IEEE 1666-2011
  // 14.13), so handing it the caller's const buffer is safe.
  auto* source = static_cast<uint8_t*>(const_cast<void*>(data));
  for (size_t done = 0; done < bytes;) {
    const size_t chunk = std::min(bytes - done, kMaxTransactionBytes);
    transport(memory, tlm::TLM_WRITE_COMMAND, address + done, source + done, chunk, "write");
    done += chunk;
  }
}

void TlmHal::read_memory(uint64_t address, void* data, size_t bytes) {
  auto* target = static_cast<uint8_t*>(data);
  for (size_t done = 0; done < bytes;) {
    const size_t chunk = std::min(bytes - done, kMaxTransactionBytes);
    transport(memory, tlm::TLM_READ_COMMAND, address + done, target + done, chunk, "read");
    done += chunk;
  }
}

void TlmHal::write_stream(hal::StreamId stream, const void* data, size_t bytes) {
  if (stream != hal::StreamId::Instructions) {
    const std::string message = std::string("HAL write_stream: stream ") + stream_name(stream) +
                                " is an output of the accelerator and has no input to write";
    SC_REPORT_ERROR(kReportType, message.c_str());
    return;
  }
  // Each chunk is one DMA transfer into the AXI4-Stream channel; a stream
  // has no address, so every transaction carries address 0. The target may
  // block inside b_transport while its queue is full (back-pressure).
  auto* source = static_cast<uint8_t*>(const_cast<void*>(data));
  for (size_t done = 0; done < bytes;) {
    const size_t chunk = std::min(bytes - done, kMaxTransactionBytes);
    const std::string what = "instruction stream write (bytes " + std::to_string(done) + ".." +
                             std::to_string(done + chunk - 1) + " of " + std::to_string(bytes) + ")";
    transport(instructions, tlm::TLM_WRITE_COMMAND, 0, source + done, chunk, what.c_str());
    done += chunk;
  }
}

void TlmHal::sleep_ns(uint64_t nanoseconds) {
  sc_core::wait(sc_core::sc_time(static_cast<double>(nanoseconds), sc_core::SC_NS));
}

uint64_t TlmHal::now_ns() const {
  // Integer division in units of the time resolution keeps this exact for
  // any simulated time (a double of seconds would lose nanoseconds).
  // A resolution coarser than 1 ns has no exact nanosecond unit; fall
  // back to seconds there.
  const sc_core::sc_time::value_type ns = sc_core::sc_time(1, sc_core::SC_NS).value();
  if (ns == 0) return static_cast<uint64_t>(sc_core::sc_time_stamp().to_seconds() * 1e9);
  return static_cast<uint64_t>(sc_core::sc_time_stamp().value() / ns);
}

}  // namespace acosim::core

#include "systemc/core/tlm_hal.h"

#include "systemc/core/cpu_access.h"

#include <algorithm>
#include <string>

namespace acosim::core {

namespace {

constexpr const char* kReportType = "acosim/core/TlmHal";

// Largest transfer of one transaction: an AXI DMA moves at most 4 KiB per
// transfer, and bounded transactions keep huge copies from holding the
// target (or the firmware thread) for one giant step.
constexpr size_t kMaxTransactionBytes = 4096;

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
    : sc_module(name), memory("memory"), instructions("instructions"), samples("samples") {}

void TlmHal::transport(tlm_utils::simple_initiator_socket<TlmHal>& socket, tlm::tlm_command command,
                       uint64_t address, uint8_t* data, size_t bytes, const char* what) {
  cpu_access(socket, command, address, data, bytes, what, kReportType);
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

size_t TlmHal::read_stream(hal::StreamId stream, void* data, size_t capacity) {
  if (stream != hal::StreamId::Samples) {
    const std::string message = std::string("HAL read_stream: stream ") + stream_name(stream) +
                                " is an input of the accelerator and has nothing to read";
    SC_REPORT_ERROR(kReportType, message.c_str());
    return 0;
  }
  tlm::tlm_generic_payload trans;
  trans.set_command(tlm::TLM_READ_COMMAND);
  trans.set_address(0);
  trans.set_data_ptr(static_cast<uint8_t*>(data));
  trans.set_data_length(static_cast<unsigned>(capacity));
  trans.set_streaming_width(static_cast<unsigned>(capacity));
  trans.set_byte_enable_ptr(nullptr);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  samples->b_transport(trans, delay);
  if (trans.is_response_error()) {
    const std::string message = std::string("HAL read_stream: the sample stream answered ") + trans.get_response_string();
    SC_REPORT_ERROR(kReportType, message.c_str());
    return 0;
  }
  sc_core::wait(delay);
  return trans.get_data_length();
}

void TlmHal::sleep_ns(uint64_t nanoseconds) {
  sc_core::wait(sc_core::sc_time(static_cast<double>(nanoseconds), sc_core::SC_NS));
}

uint64_t TlmHal::now_ns() const { return simulated_ns(); }

}  // namespace acosim::core

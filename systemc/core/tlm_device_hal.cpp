#include "systemc/core/tlm_device_hal.h"

#include "systemc/core/cpu_access.h"

#include <algorithm>
#include <string>

namespace acosim::core {

namespace {

constexpr const char* kReportType = "acosim/core/TlmDeviceHal";
// A host DMA moves at most 4 KiB per transaction.
constexpr size_t kMaxTransactionBytes = 4096;

}  // namespace

TlmDeviceHal::TlmDeviceHal(sc_core::sc_module_name name)
    : sc_module(name), registers("registers"), primary("primary"), secondary("secondary"),
      interrupt("interrupt") {}

void TlmDeviceHal::transport(Socket& socket, tlm::tlm_command command, uint64_t address, uint8_t* data,
                             size_t bytes, const char* what) {
  cpu_access(socket, command, address, data, bytes, what, kReportType);
}

void TlmDeviceHal::memory(Socket& socket, tlm::tlm_command command, uint64_t address, uint8_t* data,
                          size_t bytes, const char* what) {
  for (size_t done = 0; done < bytes;) {
    const size_t chunk = std::min(bytes - done, kMaxTransactionBytes);
    transport(socket, command, address + done, data + done, chunk, what);
    done += chunk;
  }
}

void TlmDeviceHal::write_memory(uint64_t address, const void* data, size_t bytes) {
  write_memory(hal::MemoryPort::Primary, address, data, bytes);
}

void TlmDeviceHal::read_memory(uint64_t address, void* data, size_t bytes) {
  read_memory(hal::MemoryPort::Primary, address, data, bytes);
}

void TlmDeviceHal::write_memory(hal::MemoryPort port, uint64_t address, const void* data, size_t bytes) {
  // A write payload's data is only read by the target (IEEE 1666-2011
  // 14.13), so handing it the caller's const buffer is safe.
  auto* source = static_cast<uint8_t*>(const_cast<void*>(data));
  const bool second = port == hal::MemoryPort::Secondary;
  memory(second ? secondary : primary, tlm::TLM_WRITE_COMMAND, address, source, bytes,
         second ? "secondary memory write" : "memory write");
}

void TlmDeviceHal::read_memory(hal::MemoryPort port, uint64_t address, void* data, size_t bytes) {
  const bool second = port == hal::MemoryPort::Secondary;
  memory(second ? secondary : primary, tlm::TLM_READ_COMMAND, address, static_cast<uint8_t*>(data), bytes,
         second ? "secondary memory read" : "memory read");
}

uint32_t TlmDeviceHal::read_register(uint32_t offset) {
  uint8_t bytes[4] = {};
  transport(registers, tlm::TLM_READ_COMMAND, offset, bytes, 4, "register read");
  return static_cast<uint32_t>(bytes[0]) | static_cast<uint32_t>(bytes[1]) << 8 |
         static_cast<uint32_t>(bytes[2]) << 16 | static_cast<uint32_t>(bytes[3]) << 24;
}

void TlmDeviceHal::write_register(uint32_t offset, uint32_t value) {
  uint8_t bytes[4] = {static_cast<uint8_t>(value), static_cast<uint8_t>(value >> 8),
                      static_cast<uint8_t>(value >> 16), static_cast<uint8_t>(value >> 24)};
  transport(registers, tlm::TLM_WRITE_COMMAND, offset, bytes, 4, "register write");
}

bool TlmDeviceHal::wait_for_interrupt(uint64_t timeout_ns) {
  if (interrupt.read()) return true;
  sc_core::wait(sc_core::sc_time(static_cast<double>(timeout_ns), sc_core::SC_NS), interrupt.posedge_event());
  return interrupt.read();
}

void TlmDeviceHal::write_stream(hal::StreamId, const void*, size_t) {
  SC_REPORT_ERROR(kReportType, "HAL write_stream: this device has no input streams");
}

void TlmDeviceHal::sleep_ns(uint64_t nanoseconds) {
  sc_core::wait(sc_core::sc_time(static_cast<double>(nanoseconds), sc_core::SC_NS));
}

uint64_t TlmDeviceHal::now_ns() const { return simulated_ns(); }

}  // namespace acosim::core

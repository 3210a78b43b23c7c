#include "sw/nvdla/firmware/port.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "sw/common/hex.h"

// The declarations the definitions below must match (a C header).
extern "C" {
#include <nvdla_interface.h>
}

namespace acosim::nvdla::firmware {
namespace {

Port* g_active = nullptr;

// The error value the platform functions return; the firmware only tests
// for non-zero (kernel port: -EINVAL).
constexpr int32_t kPlatformError = -22;

std::string format(const char* format_string, va_list arguments) {
  va_list copy;
  va_copy(copy, arguments);
  const int length = std::vsnprintf(nullptr, 0, format_string, copy);
  va_end(copy);
  if (length <= 0) return {};
  std::string text(size_t(length) + 1, '\0');
  std::vsnprintf(text.data(), text.size(), format_string, arguments);
  text.resize(size_t(length));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

void log_to_active(LogLevel level, const char* format_string, va_list arguments) {
  if (g_active == nullptr) return;
  g_active->log(level, format(format_string, arguments));
}

Port& port_of(void* driver_context) {
  if (driver_context == nullptr) throw std::logic_error("NVDLA firmware called its platform without a driver context");
  return *static_cast<Port*>(driver_context);
}

const AddressList& task_of(void* task_data) {
  if (task_data == nullptr) throw std::logic_error("NVDLA firmware accessed task data without a task");
  return *static_cast<const AddressList*>(task_data);
}

}  // namespace

const char* log_level_name(LogLevel level) {
  switch (level) {
    case LogLevel::Debug:
      return "debug";
    case LogLevel::Info:
      return "info";
    case LogLevel::Warn:
      return "warn";
    case LogLevel::Error:
      return "error";
  }
  return "?";
}

hal::MemoryPort memory_port(MemoryType type) {
  return type == MemoryType::Cv ? hal::MemoryPort::Secondary : hal::MemoryPort::Primary;
}

uint32_t Port::reg_read(uint32_t offset) {
  if (m_deadline_ns && m_hal.now_ns() > *m_deadline_ns) {
    throw DeadlineExceeded("still reading register " + hex(offset) + " at " + std::to_string(m_hal.now_ns()) +
                           " ns, past the deadline at " + std::to_string(*m_deadline_ns) + " ns");
  }
  const uint32_t value = m_hal.read_register(offset);
  m_registers.push_back({false, offset, value});
  return value;
}

void Port::reg_write(uint32_t offset, uint32_t value) {
  m_registers.push_back({true, offset, value});
  m_hal.write_register(offset, value);
}

void Port::note_fault(std::string message) {
  if (m_fault.empty()) m_fault = std::move(message);
}

const AddressEntry* Port::entry_at(const AddressList& task, uint64_t address, uint64_t offset, uint64_t size,
                                   const char* what) {
  for (const AddressEntry& entry : task) {
    if (entry.address != address) continue;
    if (offset > entry.size || size > entry.size - offset) {
      note_fault(std::string(what) + " of " + std::to_string(size) + " bytes at offset " + std::to_string(offset) +
                 " of the buffer at " + hex(address) + " runs past its " + std::to_string(entry.size) + " bytes");
      return nullptr;
    }
    return &entry;
  }
  note_fault(std::string(what) + " at " + hex(address) + ": no address-list entry starts there");
  return nullptr;
}

int32_t Port::data_read(const AddressList& task, uint64_t source, void* destination, uint32_t size, uint64_t offset) {
  const AddressEntry* entry = entry_at(task, source, offset, size, "dla_data_read");
  if (entry == nullptr) return kPlatformError;
  m_hal.read_memory(memory_port(entry->memory), source + offset, destination, size);
  return 0;
}

int32_t Port::data_write(const AddressList& task, const void* source, uint64_t destination, uint32_t size,
                         uint64_t offset) {
  const AddressEntry* entry = entry_at(task, destination, offset, size, "dla_data_write");
  if (entry == nullptr) return kPlatformError;
  m_hal.write_memory(memory_port(entry->memory), destination + offset, source, size);
  return 0;
}

int32_t Port::dma_address(const AddressList& task, int16_t index, void* address) {
  // `address` may be unaligned: the firmware passes fields of its packed
  // struct dla_task (dla_sched.h), e.g. &task->operation_desc_addr.
  uint64_t value = 0;
  int32_t result = 0;
  if (index < 0 || size_t(index) >= task.size()) {
    note_fault("dla_get_dma_address: address-list index " + std::to_string(index) + " out of range (the task has " +
               std::to_string(task.size()) + " entries)");
    result = kPlatformError;
  } else {
    value = task[size_t(index)].address;
  }
  std::memcpy(address, &value, sizeof value);
  return result;
}

void Port::log(LogLevel level, std::string text) { m_log.push_back({level, std::move(text)}); }

Port* active_port() { return g_active; }

ActivePort::ActivePort(Port& port) {
  if (g_active != nullptr) throw std::logic_error("another NVDLA firmware port is already active");
  g_active = &port;
}

ActivePort::~ActivePort() { g_active = nullptr; }

}  // namespace acosim::nvdla::firmware

// The platform functions of nvdla/sw kmd/include/nvdla_interface.h, called
// by both firmware builds. The firmware is C: these must not be mangled.
using acosim::nvdla::firmware::log_to_active;
using acosim::nvdla::firmware::LogLevel;
using acosim::nvdla::firmware::port_of;
using acosim::nvdla::firmware::task_of;

extern "C" {

uint32_t dla_reg_read(void* driver_context, uint32_t addr) { return port_of(driver_context).reg_read(addr); }

void dla_reg_write(void* driver_context, uint32_t addr, uint32_t reg) { port_of(driver_context).reg_write(addr, reg); }

int32_t dla_data_read(void* driver_context, void* task_data, uint64_t src, void* dst, uint32_t size, uint64_t offset) {
  return port_of(driver_context).data_read(task_of(task_data), src, dst, size, offset);
}

int32_t dla_data_write(void* driver_context, void* task_data, void* src, uint64_t dst, uint32_t size, uint64_t offset) {
  return port_of(driver_context).data_write(task_of(task_data), src, dst, size, offset);
}

// Both destinations get the buffer's address: descriptors are read through
// dla_data_read with it (the kernel port hands the processor a mapping
// handle instead; the firmware only passes it back).
int32_t dla_get_dma_address(void* driver_context, void* task_data, int16_t index, void* dst_ptr, uint32_t destination) {
  (void)destination;
  return port_of(driver_context).dma_address(task_of(task_data), index, dst_ptr);
}

int64_t dla_get_time_us(void) {
  acosim::nvdla::firmware::Port* port = acosim::nvdla::firmware::active_port();
  return port == nullptr ? 0 : int64_t(port->hal().now_ns() / 1000);
}

void dla_debug(const char* str, ...) {
  va_list arguments;
  va_start(arguments, str);
  log_to_active(LogLevel::Debug, str, arguments);
  va_end(arguments);
}

void dla_info(const char* str, ...) {
  va_list arguments;
  va_start(arguments, str);
  log_to_active(LogLevel::Info, str, arguments);
  va_end(arguments);
}

void dla_warn(const char* str, ...) {
  va_list arguments;
  va_start(arguments, str);
  log_to_active(LogLevel::Warn, str, arguments);
  va_end(arguments);
}

void dla_error(const char* str, ...) {
  va_list arguments;
  va_start(arguments, str);
  log_to_active(LogLevel::Error, str, arguments);
  va_end(arguments);
}

void* dla_memset(void* src, int ch, uint64_t len) { return std::memset(src, ch, size_t(len)); }

void* dla_memcpy(void* dest, const void* src, uint64_t len) { return std::memcpy(dest, src, size_t(len)); }

}  // extern "C"

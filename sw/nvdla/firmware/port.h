// The platform NVDLA's firmware runs on: what nvdla/sw
// kmd/include/nvdla_interface.h asks of a port (register access by byte
// offset, data access and DMA addresses through the task's address list,
// time, logs, memset/memcpy), provided on top of the HAL only. A Port is the
// firmware's driver_context; the C functions the firmware calls
// (dla_reg_read, ...) are defined in port.cpp and forward to it.
//
// The port records what the firmware did on the bus (every register access)
// and what it said (its log), and notes the first platform fault (an
// address-list index the task does not have, a descriptor read past its
// buffer), which the engine turns into an error. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/firmware/layer.h"

namespace acosim::nvdla::firmware {

struct RegisterAccess {
  bool write = false;
  uint32_t offset = 0;  // byte offset from the NVDLA register base (CSB)
  uint32_t value = 0;
  bool operator==(const RegisterAccess& other) const {
    return write == other.write && offset == other.offset && value == other.value;
  }
};

enum class LogLevel : uint8_t { Debug, Info, Warn, Error };
const char* log_level_name(LogLevel level);  // "debug", "info", "warn", "error"

struct LogLine {
  LogLevel level = LogLevel::Info;
  std::string text;  // one dla_debug/info/warn/error call, trailing newline removed
};

// One entry of a task's address list (the kernel driver's
// nvdla_mem_handle): a buffer in one memory. dla_get_dma_address(index)
// returns `address` for both destinations; dla_data_read/write take it back
// and access [address, address + size).
struct AddressEntry {
  MemoryType memory = MemoryType::Mc;
  uint64_t address = 0;
  uint64_t size = 0;
};
using AddressList = std::vector<AddressEntry>;

hal::MemoryPort memory_port(MemoryType type);  // Mc -> Primary, Cv -> Secondary

// A register read after the deadline (Port::set_deadline_ns).
class DeadlineExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Port {
 public:
  explicit Port(hal::Hal& hal) : m_hal(hal) {}
  Port(const Port&) = delete;
  Port& operator=(const Port&) = delete;

  hal::Hal& hal() { return m_hal; }

  // The platform functions, as nvdla_interface.h declares them.
  uint32_t reg_read(uint32_t offset);
  void reg_write(uint32_t offset, uint32_t value);
  int32_t data_read(const AddressList& task, uint64_t source, void* destination, uint32_t size, uint64_t offset);
  int32_t data_write(const AddressList& task, const void* source, uint64_t destination, uint32_t size, uint64_t offset);
  int32_t dma_address(const AddressList& task, int16_t index, void* address);  // writes a uint64_t
  void log(LogLevel level, std::string text);

  // Register reads past this simulated time throw DeadlineExceeded (a
  // firmware poll that never ends, as the BDMA free-slot loop of bdma.c
  // would).
  void set_deadline_ns(std::optional<uint64_t> deadline_ns) { m_deadline_ns = deadline_ns; }

  const std::vector<RegisterAccess>& register_log() const { return m_registers; }
  const std::vector<LogLine>& firmware_log() const { return m_log; }
  // The first platform fault since the last clear, empty if none.
  const std::string& fault() const { return m_fault; }
  void clear_fault() { m_fault.clear(); }

 private:
  const AddressEntry* entry_at(const AddressList& task, uint64_t address, uint64_t offset, uint64_t size,
                               const char* what);
  void note_fault(std::string message);

  hal::Hal& m_hal;
  std::vector<RegisterAccess> m_registers;
  std::vector<LogLine> m_log;
  std::string m_fault;
  std::optional<uint64_t> m_deadline_ns;
};

// The port the firmware's context-free calls (dla_get_time_us, the log
// functions) go to while one is active; nullptr otherwise.
Port* active_port();

// Makes a port the active one for its lifetime (one at a time).
class ActivePort {
 public:
  explicit ActivePort(Port& port);
  ~ActivePort();
  ActivePort(const ActivePort&) = delete;
  ActivePort& operator=(const ActivePort&) = delete;
};

}  // namespace acosim::nvdla::firmware

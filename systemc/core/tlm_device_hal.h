// Binds the driver's HAL (sw/hal/hal.h) to a register-programmed device:
// register accesses become 32-bit transactions on `registers` (byte
// offsets from the device's register base), memory accesses go to the
// primary or secondary memory, and wait_for_interrupt() waits on the level
// interrupt line. Every method must be called from an SC_THREAD (the
// firmware's thread); each access takes the simulated time its target
// annotates, so the firmware sees time pass as it would on silicon.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "sw/hal/hal.h"

namespace acosim::core {

class TlmDeviceHal : public sc_core::sc_module, public hal::Hal {
 public:
  tlm_utils::simple_initiator_socket<TlmDeviceHal> registers;
  tlm_utils::simple_initiator_socket<TlmDeviceHal> primary;    ///< DRAM
  tlm_utils::simple_initiator_socket<TlmDeviceHal> secondary;  ///< on-chip SRAM
  sc_core::sc_in<bool> interrupt;

  explicit TlmDeviceHal(sc_core::sc_module_name name);

  void write_memory(uint64_t address, const void* data, size_t bytes) override;
  void read_memory(uint64_t address, void* data, size_t bytes) override;
  void write_memory(hal::MemoryPort port, uint64_t address, const void* data, size_t bytes) override;
  void read_memory(hal::MemoryPort port, uint64_t address, void* data, size_t bytes) override;
  uint32_t read_register(uint32_t offset) override;
  void write_register(uint32_t offset, uint32_t value) override;
  bool wait_for_interrupt(uint64_t timeout_ns) override;
  void write_stream(hal::StreamId stream, const void* data, size_t bytes) override;
  void sleep_ns(uint64_t nanoseconds) override;
  uint64_t now_ns() const override;

 private:
  using Socket = tlm_utils::simple_initiator_socket<TlmDeviceHal>;
  void memory(Socket& socket, tlm::tlm_command command, uint64_t address, uint8_t* data, size_t bytes,
              const char* what);
  void transport(Socket& socket, tlm::tlm_command command, uint64_t address, uint8_t* data, size_t bytes,
                 const char* what);
};

}  // namespace acosim::core

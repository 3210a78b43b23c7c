// Binds the driver's HAL (sw/hal/hal.h) to TLM-2.0: memory accesses become
// b_transport calls on `memory`, stream writes become write transactions on
// the stream sockets, sleep_ns() waits in simulated time. Every method must
// be called from an SC_THREAD (the driver's firmware thread).
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "sw/hal/hal.h"

namespace acosim::core {

class TlmHal : public sc_core::sc_module, public hal::Hal {
 public:
  tlm_utils::simple_initiator_socket<TlmHal> memory;        ///< to the DRAM
  tlm_utils::simple_initiator_socket<TlmHal> instructions;  ///< to the instruction stream
  tlm_utils::simple_initiator_socket<TlmHal> samples;       ///< from the sample stream

  explicit TlmHal(sc_core::sc_module_name name);

  void write_memory(uint64_t address, const void* data, size_t bytes) override;
  void read_memory(uint64_t address, void* data, size_t bytes) override;
  void write_stream(hal::StreamId stream, const void* data, size_t bytes) override;
  // One read transaction on `samples`; the target sets the data length to
  // the bytes it moved.
  size_t read_stream(hal::StreamId stream, void* data, size_t capacity) override;
  void sleep_ns(uint64_t nanoseconds) override;
  uint64_t now_ns() const override;

 private:
  void transport(tlm_utils::simple_initiator_socket<TlmHal>& socket, tlm::tlm_command command,
                 uint64_t address, uint8_t* data, size_t bytes, const char* what);
};

}  // namespace acosim::core

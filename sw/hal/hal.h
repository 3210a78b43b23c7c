// The hardware abstraction layer: the driver's only door to hardware.
// A co-simulation binds it to TLM sockets (systemc/core/tlm_hal.h); a board
// would bind it to MMIO and DMA engines. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>

namespace acosim::hal {

// Streams a device exposes (AXI4-Stream channels fed or drained by DMA).
enum class StreamId : uint8_t {
  Instructions = 0,  // host -> accelerator (Tensil TCU instruction stream)
  Samples = 1,       // accelerator -> host (Tensil performance samples)
};

class Hal {
 public:
  virtual ~Hal() = default;

  // Physical memory as the accelerator sees it (DRAM behind the AXI ports).
  virtual void write_memory(uint64_t address, const void* data, size_t bytes) = 0;
  virtual void read_memory(uint64_t address, void* data, size_t bytes) = 0;

  // Sends bytes on an accelerator input stream; returns when the last byte
  // has been accepted (the DMA transfer completed).
  virtual void write_stream(StreamId stream, const void* data, size_t bytes) = 0;

  // Lets time pass (a firmware delay or poll interval).
  virtual void sleep_ns(uint64_t nanoseconds) = 0;
  // Monotonic time in nanoseconds, for timeouts.
  virtual uint64_t now_ns() const = 0;
};

}  // namespace acosim::hal

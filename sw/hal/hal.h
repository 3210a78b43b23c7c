// The hardware abstraction layer: the driver's only door to hardware.
// A co-simulation binds it to TLM sockets (systemc/core/tlm_hal.h); a board
// would bind it to MMIO and DMA engines. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace acosim::hal {

// The memories a device reaches. NVDLA has a primary interface to DRAM
// (MCIF) and a secondary one to on-chip SRAM (CVIF/CVSRAM); a device without
// a secondary memory has only Primary.
enum class MemoryPort : uint8_t { Primary = 0, Secondary = 1 };

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

  // The same on a chosen memory port. Devices with one memory need not
  // override these.
  virtual void write_memory(MemoryPort port, uint64_t address, const void* data, size_t bytes) {
    if (port != MemoryPort::Primary) throw std::runtime_error("this device has no secondary memory");
    write_memory(address, data, bytes);
  }
  virtual void read_memory(MemoryPort port, uint64_t address, void* data, size_t bytes) {
    if (port != MemoryPort::Primary) throw std::runtime_error("this device has no secondary memory");
    read_memory(address, data, bytes);
  }

  // 32-bit register access at a byte offset from the device's register base
  // (NVDLA: the CSB address space). Devices without registers keep the
  // defaults, which refuse.
  virtual uint32_t read_register(uint32_t offset) {
    (void)offset;
    throw std::runtime_error("this device has no register interface");
  }
  virtual void write_register(uint32_t offset, uint32_t value) {
    (void)offset;
    (void)value;
    throw std::runtime_error("this device has no register interface");
  }
  // Waits until the device's interrupt line is high (returns at once if it
  // already is). Returns false if it stayed low for `timeout_ns`.
  virtual bool wait_for_interrupt(uint64_t timeout_ns) {
    (void)timeout_ns;
    throw std::runtime_error("this device has no interrupt line");
  }

  // Sends bytes on an accelerator input stream; returns when the last byte
  // has been accepted (the DMA transfer completed).
  virtual void write_stream(StreamId stream, const void* data, size_t bytes) = 0;

  // Receives from an accelerator output stream (a DMA receive): returns when
  // the transfer ends with TLAST or `capacity` bytes have arrived, with the
  // bytes moved. It may be called from a second thread while a write_stream
  // is still in flight, as a receive DMA runs beside the send DMA. Devices
  // without output streams keep the default, which refuses.
  virtual size_t read_stream(StreamId stream, void* data, size_t capacity) {
    (void)stream;
    (void)data;
    (void)capacity;
    throw std::runtime_error("this device has no output stream");
  }

  // Lets time pass (a firmware delay or poll interval).
  virtual void sleep_ns(uint64_t nanoseconds) = 0;
  // Monotonic time in nanoseconds, for timeouts.
  virtual uint64_t now_ns() const = 0;
};

}  // namespace acosim::hal

// An AXI DMA engine in simple-transfer mode (Xilinx AXI DMA v7.1, PG021,
// "Direct Register Mode"), as the board wires two of them to the TCU: a
// memory-to-stream channel feeding the instruction stream and a
// stream-to-memory channel draining the sample stream. A transfer runs in
// its own thread of the simulation, beside the CPU, which polls Busy as
// Tensil's driver does (tcu.c); each poll is a register read that takes
// simulated time.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sw/hal/hal.h"

namespace acosim::tensil::client {

// Starts `work` in a new thread of the simulation and returns at once (a
// SystemC binding spawns a process). The work may block in HAL calls.
using StartThread = std::function<void(std::function<void()> work)>;

struct AxiDmaConfig {
  uint32_t device_id = 0;
  uint64_t base_address = 0;  // register base (XPAR_AXIDMA_n_BASEADDR)
  // The stream each channel moves; a channel without one is absent.
  std::optional<hal::StreamId> mm2s_stream;
  std::optional<hal::StreamId> s2mm_stream;
  unsigned data_width_bytes = 8;  // stream width of both channels
  unsigned length_width_bits = 26;  // width of the BUFFLEN registers
};

class AxiDmaChannel {
 public:
  AxiDmaChannel(hal::Hal& hal, StartThread start, hal::StreamId stream, bool to_device, std::string name);

  // XAxiDma_SimpleTransfer after its checks: runs the transfer in the
  // background.
  void start(uint64_t address, uint64_t bytes);
  bool busy() const { return m_busy; }
  // BUFFLEN read back: bytes the last S2MM transfer moved (PG021: S2MM_LENGTH
  // holds the received byte count once the transfer completes).
  uint64_t transferred() const { return m_transferred; }
  // Set when the stream can never complete the transfer (a TCU built
  // without a sampler leaves its sample stream idle).
  const std::string& stall() const { return m_stall; }

 private:
  void to_device(uint64_t address, uint64_t bytes);
  void from_device(uint64_t address, uint64_t bytes);

  hal::Hal& m_hal;
  StartThread m_start;
  hal::StreamId m_stream;
  bool m_to_device;
  std::string m_name;
  bool m_busy = false;
  uint64_t m_transferred = 0;
  std::string m_stall;
};

class AxiDma {
 public:
  AxiDma(hal::Hal& hal, const StartThread& start, const AxiDmaConfig& config);

  const AxiDmaConfig& config() const { return m_config; }
  // nullptr when the engine lacks that channel.
  AxiDmaChannel* mm2s() { return m_mm2s ? &*m_mm2s : nullptr; }
  AxiDmaChannel* s2mm() { return m_s2mm ? &*m_s2mm : nullptr; }

 private:
  AxiDmaConfig m_config;
  std::optional<AxiDmaChannel> m_mm2s;
  std::optional<AxiDmaChannel> m_s2mm;
};

}  // namespace acosim::tensil::client

#include "sw/tensil/client_platform/axi_dma.h"

#include <algorithm>
#include <utility>

namespace acosim::tensil::client {

namespace {

// The engine reads memory in bursts; the instruction stream takes what it
// is given at its own pace (back-pressure).
constexpr uint64_t kChunkBytes = 1024 * 1024;

}  // namespace

AxiDmaChannel::AxiDmaChannel(hal::Hal& hal, StartThread start, hal::StreamId stream, bool to_device,
                             std::string name)
    : m_hal(hal), m_start(std::move(start)), m_stream(stream), m_to_device(to_device), m_name(std::move(name)) {}

void AxiDmaChannel::start(uint64_t address, uint64_t bytes) {
  m_busy = true;
  m_transferred = 0;
  m_start([this, address, bytes] {
    if (m_to_device) {
      to_device(address, bytes);
    } else {
      from_device(address, bytes);
    }
  });
}

void AxiDmaChannel::to_device(uint64_t address, uint64_t bytes) {
  std::vector<uint8_t> chunk(std::min(bytes, kChunkBytes));
  for (uint64_t done = 0; done < bytes;) {
    const uint64_t size = std::min(bytes - done, kChunkBytes);
    m_hal.read_memory(address + done, chunk.data(), size);
    m_hal.write_stream(m_stream, chunk.data(), size);
    done += size;
    m_transferred = done;
  }
  m_busy = false;
}

void AxiDmaChannel::from_device(uint64_t address, uint64_t bytes) {
  // The HAL's read_stream returns what has arrived; the transfer completes
  // when its length is full. (TLAST would end it early; Tensil's driver
  // always asks for exactly one sampler block, whose last word carries
  // TLAST, so both coincide.)
  std::vector<uint8_t> data(bytes);
  uint64_t done = 0;
  while (done < bytes) {
    const size_t moved = m_hal.read_stream(m_stream, data.data() + done, bytes - done);
    if (moved == 0) {
      m_stall = m_name + ": the stream never delivers data (is the device built without it?)";
      return;
    }
    m_hal.write_memory(address + done, data.data() + done, moved);
    done += moved;
    m_transferred = done;
  }
  m_busy = false;
}

AxiDma::AxiDma(hal::Hal& hal, const StartThread& start, const AxiDmaConfig& config) : m_config(config) {
  const std::string name = "AXI DMA " + std::to_string(config.device_id);
  if (config.mm2s_stream) m_mm2s.emplace(hal, start, *config.mm2s_stream, true, name + " MM2S");
  if (config.s2mm_stream) m_s2mm.emplace(hal, start, *config.s2mm_stream, false, name + " S2MM");
}

}  // namespace acosim::tensil::client

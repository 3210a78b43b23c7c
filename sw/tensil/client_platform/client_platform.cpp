#include "sw/tensil/client_platform/client_platform.h"

#include <stdexcept>

#include "sw/tensil/client_platform/include/tensil_platform_defines.h"
#include "sw/tensil/client_platform/include/xparameters.h"

namespace acosim::tensil::client {

namespace {

Platform* g_current = nullptr;

// Registers of one engine (PG021: MM2S at 0x00, S2MM at 0x30, up to 0x5C).
constexpr uint64_t kRegisterSpan = 0x60;

// One board per process: the C entry points reach one Platform.
uint64_t unclaimed_window_base() {
  if (g_current != nullptr) throw std::logic_error("a Tensil client platform exists already");
  return window_base();
}

}  // namespace

uint64_t window_base() { return TENSIL_PLATFORM_PROG_BUFFER_BASE; }
uint64_t window_bytes() { return uint64_t(TENSIL_PLATFORM_SAMPLE_BUFFER_HIGH) - TENSIL_PLATFORM_PROG_BUFFER_BASE; }

Platform::Platform(hal::Hal& hal, StartThread start, const PlatformOptions& options)
    : m_hal(hal),
      m_options(options),
      m_window(unclaimed_window_base(), window_bytes()),
      m_cache(hal, m_window, options.cache_line_bytes),
      m_files(options.file_root) {
  AxiDmaConfig instructions;
  instructions.device_id = XPAR_AXIDMA_0_DEVICE_ID;
  instructions.base_address = XPAR_AXIDMA_0_BASEADDR;
  instructions.mm2s_stream = hal::StreamId::Instructions;
  instructions.data_width_bytes = options.stream_bytes;
  AxiDmaConfig samples;
  samples.device_id = XPAR_AXIDMA_1_DEVICE_ID;
  samples.base_address = XPAR_AXIDMA_1_BASEADDR;
  samples.s2mm_stream = hal::StreamId::Samples;
  // The sampler's stream is 64 bits wide (Sampler.scala).
  samples.data_width_bytes = 8;
  for (const AxiDmaConfig& config : {instructions, samples}) {
    m_dmas.push_back(std::make_unique<AxiDma>(hal, start, config));
    XAxiDma_Config c{};
    c.DeviceId = config.device_id;
    c.BaseAddr = UINTPTR(config.base_address);
    c.HasMm2S = config.mm2s_stream ? 1 : 0;
    c.HasS2Mm = config.s2mm_stream ? 1 : 0;
    c.Mm2SDataWidth = int(config.data_width_bytes * 8);
    c.S2MmDataWidth = int(config.data_width_bytes * 8);
    c.Mm2sNumChannels = 1;
    c.S2MmNumChannels = 1;
    c.Mm2SBurstSize = 16;
    c.S2MmBurstSize = 16;
    c.AddrWidth = 32;
    c.SgLengthWidth = int(config.length_width_bits);
    m_config_table.push_back(c);
  }
  g_current = this;
}

Platform::~Platform() { g_current = nullptr; }

Platform& Platform::current() {
  if (g_current == nullptr) throw std::logic_error("Tensil's driver called its platform outside a client run");
  return *g_current;
}

XAxiDma_Config* Platform::lookup_config(uint32_t device_id) {
  for (XAxiDma_Config& config : m_config_table) {
    if (config.DeviceId == device_id) return &config;
  }
  return nullptr;
}

AxiDma* Platform::dma_at(uint64_t address) {
  for (const auto& dma : m_dmas) {
    const uint64_t base = dma->config().base_address;
    if (address >= base && address < base + kRegisterSpan) return dma.get();
  }
  return nullptr;
}

}  // namespace acosim::tensil::client

#include "sw/tensil/client_platform/client_platform.h"

#include <stdexcept>
#include <string>

#include "sw/tensil/client_platform/include/xparameters.h"

namespace acosim::tensil::client {

namespace {

Platform* g_current = nullptr;

// Registers of one engine (PG021: MM2S at 0x00, S2MM at 0x30, up to 0x5C).
constexpr uint64_t kRegisterSpan = 0x60;

// One board per process: the C entry points reach one Platform. Checks the
// map and returns it.
const PlatformMap& unclaimed_map(const PlatformMap& map) {
  if (g_current != nullptr) throw std::logic_error("a Tensil client platform exists already");
  if (map.target.empty() || map.prog_buffer_high <= map.prog_buffer_base) {
    throw std::invalid_argument("the Tensil client platform needs the board's address map (PlatformOptions::map)");
  }
  return map;
}

// The register base of AXI DMA device `id` (xparameters.h).
uint64_t dma_base_address(uint32_t id) {
  switch (id) {
    case XPAR_AXIDMA_0_DEVICE_ID: return XPAR_AXIDMA_0_BASEADDR;
    case XPAR_AXIDMA_1_DEVICE_ID: return XPAR_AXIDMA_1_BASEADDR;
    default: throw std::invalid_argument("no AXI DMA device " + std::to_string(id) + " in xparameters.h");
  }
}

}  // namespace

Platform::Platform(hal::Hal& hal, StartThread start, const PlatformOptions& options)
    : m_hal(hal),
      m_options(options),
      m_window(unclaimed_map(options.map).window_base(), options.map.window_bytes()),
      m_cache(hal, m_window, options.map.cache_line_bytes),
      m_files(options.file_root) {
  // Which engine carries which stream is the board's (PYNQ-Z1's design has
  // them the other way round from Ultra96-V2's).
  if (options.map.instruction_dma_device_id == options.map.sample_dma_device_id) {
    throw std::invalid_argument("the instruction and sample DMA engines must be different devices");
  }
  AxiDmaConfig instructions;
  instructions.device_id = options.map.instruction_dma_device_id;
  instructions.base_address = dma_base_address(instructions.device_id);
  instructions.mm2s_stream = hal::StreamId::Instructions;
  instructions.data_width_bytes = options.stream_bytes;
  AxiDmaConfig samples;
  samples.device_id = options.map.sample_dma_device_id;
  samples.base_address = dma_base_address(samples.device_id);
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

#include "sw/tensil/client_platform/platform_map.h"

#include "sw/tensil/client_platform/include/tensil_platform_maps.h"

namespace acosim::tensil::client {

bool PlatformMap::operator==(const PlatformMap& o) const {
  return target == o.target && prog_buffer_base == o.prog_buffer_base && prog_buffer_high == o.prog_buffer_high &&
         dram_buffer_base == o.dram_buffer_base && dram_buffer_high == o.dram_buffer_high &&
         sample_buffer_base == o.sample_buffer_base && sample_buffer_high == o.sample_buffer_high &&
         instruction_dma_device_id == o.instruction_dma_device_id && sample_dma_device_id == o.sample_dma_device_id &&
         cache_line_bytes == o.cache_line_bytes;
}

namespace {

// The buffers follow each other as in platform.h: DRAM after the program,
// samples after DRAM.
PlatformMap make_map(const char* target, uint64_t prog_base, uint64_t prog_high, uint64_t dram_high,
                     uint64_t sample_high, uint32_t instruction_dma, uint32_t sample_dma, unsigned line_bytes) {
  PlatformMap map;
  map.target = target;
  map.prog_buffer_base = prog_base;
  map.prog_buffer_high = prog_high;
  map.dram_buffer_base = prog_high;
  map.dram_buffer_high = dram_high;
  map.sample_buffer_base = dram_high;
  map.sample_buffer_high = sample_high;
  map.instruction_dma_device_id = instruction_dma;
  map.sample_dma_device_id = sample_dma;
  map.cache_line_bytes = line_bytes;
  return map;
}

}  // namespace

PlatformMap pynq_z1_map() {
  return make_map("PYNQ-Z1", ACOSIM_PYNQ_Z1_PROG_BUFFER_BASE, ACOSIM_PYNQ_Z1_PROG_BUFFER_HIGH,
                  ACOSIM_PYNQ_Z1_DRAM_BUFFER_HIGH, ACOSIM_PYNQ_Z1_SAMPLE_BUFFER_HIGH,
                  ACOSIM_PYNQ_Z1_INSTRUCTION_AXI_DMA_DEVICE_ID, ACOSIM_PYNQ_Z1_SAMPLE_AXI_DMA_DEVICE_ID,
                  ACOSIM_PYNQ_Z1_CACHE_LINE_BYTES);
}

PlatformMap ultra96_v2_map() {
  return make_map("Ultra96-V2", ACOSIM_ULTRA96_V2_PROG_BUFFER_BASE, ACOSIM_ULTRA96_V2_PROG_BUFFER_HIGH,
                  ACOSIM_ULTRA96_V2_DRAM_BUFFER_HIGH, ACOSIM_ULTRA96_V2_SAMPLE_BUFFER_HIGH,
                  ACOSIM_ULTRA96_V2_INSTRUCTION_AXI_DMA_DEVICE_ID, ACOSIM_ULTRA96_V2_SAMPLE_AXI_DMA_DEVICE_ID,
                  ACOSIM_ULTRA96_V2_CACHE_LINE_BYTES);
}

}  // namespace acosim::tensil::client

// The board's address map and DMA device ids as Tensil's embedded driver is
// compiled for them (drivers/embedded/tensil/platform.h, per
// TENSIL_TARGET_*): where the program, DRAM0/DRAM1 and sample buffers are,
// which AXI DMA engine feeds the instruction stream and which drains the
// samples, and the CPU's cache line. The numbers are those of
// include/tensil_platform_maps.h, which the driver's build reads too.
#pragma once

#include <cstdint>
#include <string>

namespace acosim::tensil::client {

struct PlatformMap {
  std::string target;  // "PYNQ-Z1", "Ultra96-V2"; empty: no map chosen
  uint64_t prog_buffer_base = 0;
  uint64_t prog_buffer_high = 0;
  uint64_t dram_buffer_base = 0;  // DRAM0 then DRAM1 (driver.c)
  uint64_t dram_buffer_high = 0;
  uint64_t sample_buffer_base = 0;
  uint64_t sample_buffer_high = 0;
  uint32_t instruction_dma_device_id = 0;
  uint32_t sample_dma_device_id = 0;
  unsigned cache_line_bytes = 0;

  // The host pages that hold every buffer: from the program buffer to the
  // sample buffer's end, rounded up to whole 4 KiB pages (PYNQ-Z1's ends at
  // 0x0fffffff).
  uint64_t window_base() const { return prog_buffer_base; }
  uint64_t window_bytes() const { return ((sample_buffer_high + 0xFFF) & ~uint64_t(0xFFF)) - prog_buffer_base; }
  uint64_t prog_buffer_bytes() const { return prog_buffer_high - prog_buffer_base; }

  bool operator==(const PlatformMap& other) const;
  bool operator!=(const PlatformMap& other) const { return !(*this == other); }
};

// Tensil's PYNQ-Z1 target (Zynq-7000, Cortex-A9).
PlatformMap pynq_z1_map();
// Tensil's Ultra96-V2 target (Zynq UltraScale+, Cortex-A53); ZCU104's map is
// the same.
PlatformMap ultra96_v2_map();

}  // namespace acosim::tensil::client

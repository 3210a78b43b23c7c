// Compiled once per architecture, beside the driver built for it: the
// architecture comes from the same generated architecture_params.h.
#include "testbench/tensil/client/client_board.h"

extern "C" {
#include "architecture.h"
}
#include "architecture_params.h"

namespace acosim::tensil::client {

static_assert(TENSIL_ARCHITECTURE_DATA_TYPE == TENSIL_DATA_TYPE_FP16BP8,
              "Tensil's embedded driver implements FP16BP8 only (dram.c)");

Architecture compiled_architecture() {
  Architecture arch;
  arch.data_type = DataType::FP16BP8;
  arch.array_size = TENSIL_ARCHITECTURE_ARRAY_SIZE;
  arch.dram0_depth = TENSIL_ARCHITECTURE_DRAM0_DEPTH;
  arch.dram1_depth = TENSIL_ARCHITECTURE_DRAM1_DEPTH;
  arch.local_depth = TENSIL_ARCHITECTURE_LOCAL_DEPTH;
  arch.accumulator_depth = TENSIL_ARCHITECTURE_ACCUMULATOR_DEPTH;
  arch.simd_registers_depth = TENSIL_ARCHITECTURE_SIMD_REGISTERS_DEPTH;
  arch.stride0_depth = TENSIL_ARCHITECTURE_STRIDE0_DEPTH;
  arch.stride1_depth = TENSIL_ARCHITECTURE_STRIDE1_DEPTH;
  return arch;
}

const char* compiled_architecture_name() { return ACOSIM_TENSIL_CLIENT_ARCH; }

// From the TENSIL_PLATFORM_* macros as the driver's sources see them
// (tensil_platform_defines.h, force-included here as in the driver).
PlatformMap compiled_platform_map() {
  PlatformMap map;
  map.target = ACOSIM_TENSIL_PLATFORM_TARGET_NAME;
  map.prog_buffer_base = TENSIL_PLATFORM_PROG_BUFFER_BASE;
  map.prog_buffer_high = TENSIL_PLATFORM_PROG_BUFFER_HIGH;
  map.dram_buffer_base = TENSIL_PLATFORM_DRAM_BUFFER_BASE;
  map.dram_buffer_high = TENSIL_PLATFORM_DRAM_BUFFER_HIGH;
  map.sample_buffer_base = TENSIL_PLATFORM_SAMPLE_BUFFER_BASE;
  map.sample_buffer_high = TENSIL_PLATFORM_SAMPLE_BUFFER_HIGH;
  map.instruction_dma_device_id = TENSIL_PLATFORM_INSTRUCTION_AXI_DMA_DEVICE_ID;
  // A driver built without the sample DMA leaves the board's engine idle.
  map.sample_dma_device_id = ACOSIM_TENSIL_PLATFORM_TARGET(SAMPLE_AXI_DMA_DEVICE_ID);
  map.cache_line_bytes = ACOSIM_TENSIL_PLATFORM_TARGET(CACHE_LINE_BYTES);
  return map;
}

bool compiled_with_sample_dma() {
#ifdef TENSIL_PLATFORM_SAMPLE_AXI_DMA_DEVICE_ID
  return true;
#else
  return false;
#endif
}

}  // namespace acosim::tensil::client

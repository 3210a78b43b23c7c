// Runs Tensil's embedded driver (compiled unmodified from Tensil's
// drivers/embedded/tensil) on acosim's Tensil board: the board's TCU, DRAM
// and host CPU (testbench/tensil/board.h), with the client platform
// (sw/tensil/client_platform) bound to the CPU's HAL. The CPU program calls
// the driver's C API, directly or through TensilDriver (tensil_driver.h).
//
// SystemC cannot restart its kernel: one run per process.
#pragma once

#include <functional>
#include <string>

#include "sw/tensil/client_platform/client_platform.h"
#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil::client {

struct ClientBoardOptions {
  // The TCU's architecture: the one the driver was compiled for
  // (compiled_architecture()).
  Architecture arch;
  ArrayEngineKind engine = ArrayEngineKind::Rtl;
  // Tensil's generated Verilog of the whole TCU (GeneratedTcu,
  // systemc/tensil/generated/generated_tcu.h) instead of ours; `engine` is
  // then not read. Needs a build generated for `arch` (ACOSIM_RTL_DIR), a
  // 16-byte platform stream (the build's 128-bit AXI) and a driver compiled
  // without the sample DMA (the builds have no sample stream).
  bool generated = false;
  double clock_mhz = 100.0;
  std::string vcd_path;  // empty: no waves
  // The client platform. Its map may be left empty: the board then gets
  // compiled_platform_map(); a map given must equal it.
  PlatformOptions platform;
};

struct ClientRunResult {
  uint64_t simulated_ns = 0;  // simulated time when the CPU program returned
  uint64_t tcu_instructions = 0;
  uint64_t tcu_cycles = 0;
  double wall_seconds = 0.0;
};

// Elaborates the board, runs `cpu_program` as the CPU's program and returns
// when it does. Errors of the simulation come back as core::SimulationError,
// the program's own exceptions (e.g. ClientError) as they are.
ClientRunResult run_on_board(const ClientBoardOptions& options, const std::function<void()>& cpu_program);

// The architecture in the driver's architecture_params.h (the one this
// executable's driver was compiled with).
Architecture compiled_architecture();
// Its name (the .tarch file's stem), e.g. "pynqz1".
const char* compiled_architecture_name();
// The board the driver was compiled for (its TENSIL_PLATFORM_* address map
// and DMA device ids): PYNQ-Z1's for pynqz1, Ultra96-V2's otherwise
// (client.cmake).
PlatformMap compiled_platform_map();
// Whether the driver was compiled with a sample DMA
// (TENSIL_PLATFORM_SAMPLE_AXI_DMA_DEVICE_ID; client.cmake's NO_SAMPLE_DMA
// leaves it out): if so, every run waits for a block of samples.
bool compiled_with_sample_dma();

}  // namespace acosim::tensil::client

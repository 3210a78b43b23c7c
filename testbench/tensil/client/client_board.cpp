#include "testbench/tensil/client/client_board.h"

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include <systemc>

#include "sw/tensil/client_platform/include/tensil_platform_defines.h"
#include "testbench/tensil/board.h"
#ifdef ACOSIM_TENSIL_HAS_GENERATED
#include "systemc/tensil/generated/generated_tcu.h"
#include "testbench/tensil/board_impl.h"
#endif

namespace acosim::tensil::client {

namespace {

// Elaborates a board of type BoardT (our TCU or Tensil's generated one: the
// same TLM side), runs the CPU program on it and fills in `result`.
template <class BoardT>
void run_board(const core::MemoryConfig& memory, const TcuOptions& tcu, const PlatformOptions& platform_options,
               const std::function<void()>& cpu_program, ClientRunResult& result) {
  // The platform outlives the simulation: DMA threads it started may still
  // be parked in the kernel when the CPU program returns.
  std::unique_ptr<Platform> platform;
  BoardT board("board", memory, tcu, [&](BoardT& b) {
    const StartThread start = [](std::function<void()> work) { sc_core::sc_spawn(std::move(work)); };
    platform = std::make_unique<Platform>(b.host, start, platform_options);
    cpu_program();
    result.simulated_ns = b.host.now_ns();
  });
  board.run();
  const TcuStatistics& statistics = board.tcu.statistics();
  result.tcu_instructions = statistics.instructions();
  result.tcu_cycles = statistics.cycles;
}

}  // namespace

ClientRunResult run_on_board(const ClientBoardOptions& options, const std::function<void()>& cpu_program) {
  const auto wall_start = std::chrono::steady_clock::now();
  if (!(options.clock_mhz >= 0.001 && options.clock_mhz <= 10000.0)) {
    throw std::invalid_argument("clock frequency must be between 0.001 and 10000 MHz");
  }
  if (!options.arch.compatible_with(compiled_architecture())) {
    throw std::invalid_argument(std::string("the board's TCU architecture differs from ") +
                                compiled_architecture_name() +
                                ", the one Tensil's driver was compiled for (architecture_params.h)");
  }
  PlatformOptions platform_options = options.platform;
  const PlatformMap compiled = compiled_platform_map();
  if (platform_options.map.target.empty()) {
    platform_options.map = compiled;
  } else if (platform_options.map != compiled) {
    throw std::invalid_argument("the board's address map (" + platform_options.map.target +
                                ") differs from the one Tensil's driver was compiled for (" + compiled.target + ")");
  }
  // One DRAM holds every buffer of the driver at its physical address; the
  // TCU reaches DRAM0 and DRAM1 through the offsets the driver programs.
  core::MemoryConfig memory;
  memory.base = 0;
  memory.size = platform_options.map.window_base() + platform_options.map.window_bytes();

  TcuOptions tcu;
  tcu.arch = options.arch;
  tcu.engine = options.engine;
  tcu.clock_period = sc_core::sc_time(1.0e6 / options.clock_mhz, sc_core::SC_PS);
  tcu.vcd_path = options.vcd_path;
  tcu.stream_bytes = options.platform.stream_bytes;
  // The generated TCU's options match the platform the driver was built for.
  tcu.decoder_timeout = TENSIL_PLATFORM_DECODER_TIMEOUT;
  tcu.sample_block_size = TENSIL_PLATFORM_SAMPLE_BLOCK_SIZE;

  ClientRunResult result;
  if (options.generated) {
#ifdef ACOSIM_TENSIL_HAS_GENERATED
    // As `acosim tensil run --engine generated` (testbench/tensil/system.cpp):
    // the builds' AXI is 128 bits wide, and the driver pads its program to
    // the instruction DMA's width (tensil_driver_setup_buffer_postamble,
    // Tensil's drivers/embedded/tensil/driver.c), so that the stream ends
    // on a whole beat.
    select_generated_build(options.arch);  // names the builds there are
    if (options.platform.stream_bytes != 16) {
      throw std::invalid_argument("the generated Tensil TCU has 128-bit AXI data (16-byte stream beats), not " +
                                  std::to_string(options.platform.stream_bytes * 8) + "-bit");
    }
    // Tensil's generated builds have no sample stream: a driver with the
    // sample DMA would wait after every run for a block of samples that
    // never comes.
    if (compiled_with_sample_dma()) {
      throw std::invalid_argument(std::string("Tensil's driver for ") + compiled_architecture_name() +
                                  " was compiled with the sample DMA, which the generated TCU (no sample stream) "
                                  "never serves: build it with NO_SAMPLE_DMA (client.cmake)");
    }
    run_board<BasicBoard<GeneratedTcu>>(memory, tcu, platform_options, cpu_program, result);
#else
    throw std::invalid_argument(
        "this acosim was built without Tensil's generated RTL: run scripts/fetch-tensil-rtl.sh or point the CMake "
        "option ACOSIM_RTL_DIR at such a folder, then rebuild");
#endif
  } else {
    run_board<Board>(memory, tcu, platform_options, cpu_program, result);
  }
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return result;
}

}  // namespace acosim::tensil::client

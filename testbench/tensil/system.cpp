#include "testbench/tensil/system.h"

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <systemc>

#include "sw/tensil/driver.h"
#include "sw/tensil/model.h"
#include "testbench/tensil/board.h"
#ifdef ACOSIM_TENSIL_HAS_GENERATED
#include "systemc/tensil/generated/generated_tcu.h"
#include "testbench/tensil/board_impl.h"
#endif

namespace acosim::tensil {

namespace {

constexpr uint64_t kBlockBytes = uint64_t(1) << kDramOffsetShift;

uint64_t round_up_to_block(uint64_t bytes) { return (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes; }

// One simulation on a board of type BoardT (our TCU or the generated one),
// the driver being the host program.
template <class BoardT>
void run_on_board(const RunRequest& request, const Model& model, const core::MemoryConfig& memory_config,
                  const TcuOptions& tcu_options, const DriverConfig& driver_config, RunResult& result) {
  BoardT board("board", memory_config, tcu_options, [&](BoardT& b) {
    // The host CPU's program: what an application on the board's processor
    // does with the driver.
    Driver driver(b.host, b.tcu.options().arch, driver_config);
    driver.init();
    driver.load_model(model);
    for (const auto& [name, values] : request.inputs) driver.set_input(name, values);
    driver.run();
    for (const auto& entry : model.outputs) {
      if (result.outputs.count(entry.name) == 0) result.outputs[entry.name] = driver.get_output(entry.name);
    }
    result.simulated_ns = driver.last_run_ns();
  });
  if (request.sample_interval != 0) board.collect_samples(result.samples);
  try {
    board.run();
  } catch (const core::SimulationError& e) {
    // The TCU names the program counter, which the driver's PC := 0 preamble
    // makes the instruction index within the model's .tprog.
    throw core::SimulationError(model.resolve(model.prog_file_name) + ": " + e.what());
  } catch (const DriverTimeout& e) {
    // The driver cannot see the TCU's program counter; the board can.
    throw DriverTimeout(std::string(e.what()) + " (TCU program counter " +
                        std::to_string(board.tcu.last_program_counter()) + ")");
  }
  result.statistics = board.tcu.statistics();
  if constexpr (std::is_same_v<BoardT, Board>) {
    result.clocked = board.tcu.clocked();
    if (result.clocked) {
      result.tracepoint = *board.tcu.tracepoint_rise();
      result.timeout = *board.tcu.timeout_rise();
      result.hazards = board.tcu.hazards();
    }
  } else {
    result.generated_build = board.tcu.build().name;
  }
}

#ifdef ACOSIM_TENSIL_HAS_GENERATED
// --engine lockstep-generated: Tensil's generated TCU and the clocked model
// (engine rtl) on two boards of one simulation, each with its own DRAM and
// driver running the same host program, side by side in simulated time.
// Their timelines (systemc/tensil/timeline.h) are compared as they happen;
// the first divergence ends the run once both sides are past it.
void run_lockstep(const RunRequest& request, const Model& model, const core::MemoryConfig& memory_config,
                  const TcuOptions& tcu_options, const DriverConfig& driver_config, RunResult& result) {
  // Each side runs at most a quantum (100 cycles) ahead of SystemC's time:
  // stopping this many cycles after a divergence lets the other side show
  // whatever it does up to that cycle.
  constexpr uint64_t kHorizonCycles = 1000;
  TimelineComparison comparison;
  sc_core::sc_event stop;
  uint64_t stop_cycle = ~uint64_t{0};
  auto watch = [&]() {
    const auto& d = comparison.divergence();
    if (!d || stop_cycle != ~uint64_t{0}) return;
    stop_cycle = d->cycle + kHorizonCycles;
    const sc_core::sc_time at = tcu_options.clock_period * double(stop_cycle);
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    stop.notify(at > now ? at - now : sc_core::SC_ZERO_TIME);
  };
  TcuOptions generated_options = tcu_options;
  generated_options.timeline = [&](const TimelineEvent& e) {
    comparison.reference(e);
    watch();
  };
  TcuOptions clocked_options = tcu_options;
  clocked_options.engine = ArrayEngineKind::Rtl;
  if (request.lockstep_model_options) request.lockstep_model_options(clocked_options);
  clocked_options.timeline = [&](const TimelineEvent& e) {
    comparison.model(e);
    watch();
  };
  std::map<std::string, std::vector<float>> clocked_outputs;
  auto program = [&](auto& board, std::map<std::string, std::vector<float>>& outputs) {
    Driver driver(board.host, board.tcu.options().arch, driver_config);
    driver.init();
    driver.load_model(model);
    for (const auto& [name, values] : request.inputs) driver.set_input(name, values);
    driver.run();
    for (const auto& entry : model.outputs) {
      if (outputs.count(entry.name) == 0) outputs[entry.name] = driver.get_output(entry.name);
    }
    return driver.last_run_ns();
  };
  BasicBoard<GeneratedTcu> generated("generated", memory_config, generated_options, [&](auto& b) {
    result.simulated_ns = program(b, result.outputs);
  });
  Board clocked("clocked", memory_config, clocked_options, [&](Board& b) { program(b, clocked_outputs); });
  generated.keep_running_when_finished();
  clocked.keep_running_when_finished();
  sc_core::sc_spawn(
      [&] {
        sc_core::wait(generated.finished & clocked.finished);
        sc_core::sc_stop();
      },
      "both_finished");
  sc_core::sc_spawn(
      [&] {
        sc_core::wait(stop);
        sc_core::sc_stop();
      },
      "first_divergence");
  core::configure_reports();
  try {
    sc_core::sc_start();
  } catch (const sc_core::sc_report& report) {
    throw core::SimulationError(model.resolve(model.prog_file_name) + ": " + report.get_msg());
  }
  comparison.finish(stop_cycle);
  if (const auto& d = comparison.divergence()) {
    throw LockstepDivergence(model.resolve(model.prog_file_name) + ": Tensil's generated RTL and the clocked model: " +
                             d->message());
  }
  generated.check_outcome();
  clocked.check_outcome();
  for (const auto& [name, values] : result.outputs) {
    if (clocked_outputs[name] != values) {
      throw LockstepDivergence("output " + name + " differs between Tensil's generated RTL and the clocked model");
    }
  }
  result.statistics = generated.tcu.statistics();
  result.generated_build = generated.tcu.build().name;
  result.lockstep_events = comparison.events_compared();
}
#endif

}  // namespace

RunResult run_model(const RunRequest& request) {
  const auto wall_start = std::chrono::steady_clock::now();
  const Model model = read_model(request.tmodel_path);
  const Architecture device = request.device_arch_from_model ? model.arch : request.device_arch;
  if (!(request.clock_mhz >= 0.001 && request.clock_mhz <= 10000.0)) {
    throw std::invalid_argument("clock frequency must be between 0.001 and 10000 MHz");
  }

  DriverConfig driver_config;
  driver_config.timeout_ns = request.timeout_ns;
  driver_config.sample_interval = request.sample_interval;
  driver_config.decoder_timeout = request.decoder_timeout;
  driver_config.tracepoint = request.tracepoint;
  driver_config.stream_width_bytes = request.axi_bytes;

  // DRAM0 and DRAM1 as the driver places them: DRAM1 starts at the first
  // 64 KiB boundary after DRAM0.
  core::MemoryConfig memory_config;
  memory_config.base = driver_config.dram_base;
  memory_config.size = round_up_to_block(device.dram0_depth * device.vector_bytes()) +
                       round_up_to_block(device.dram1_depth * device.vector_bytes());

  TcuOptions tcu_options;
  tcu_options.arch = device;
  tcu_options.engine = request.engine;
  tcu_options.lenient = request.lenient;
  tcu_options.clock_period = sc_core::sc_time(1.0e6 / request.clock_mhz, sc_core::SC_PS);
  tcu_options.vcd_path = request.vcd_path;
  tcu_options.check_functional = request.check_functional;
  tcu_options.stream_bytes = request.axi_bytes;
  tcu_options.dram_bus_bytes = request.axi_bytes;

  std::ofstream timeline;
  if (!request.timeline_path.empty()) {
    timeline.open(request.timeline_path);
    if (!timeline) throw std::runtime_error(request.timeline_path + ": cannot write the timeline");
    tcu_options.timeline = [&timeline](const TimelineEvent& e) { timeline << describe(e) << "\n"; };
  }

  RunResult result;
  if (request.generated) {
#ifdef ACOSIM_TENSIL_HAS_GENERATED
    if (request.axi_bytes != 16) {
      throw std::invalid_argument("the generated Tensil TCU has 128-bit AXI data (16-byte stream beats), not " +
                                  std::to_string(request.axi_bytes * 8) + "-bit");
    }
    if (request.lockstep) {
      run_lockstep(request, model, memory_config, tcu_options, driver_config, result);
    } else {
      run_on_board<BasicBoard<GeneratedTcu>>(request, model, memory_config, tcu_options, driver_config, result);
    }
#else
    throw std::invalid_argument(
        "this acosim was built without Tensil's generated RTL (--engine generated): run scripts/fetch-tensil-rtl.sh "
        "or point the CMake option ACOSIM_RTL_DIR at such a folder, then rebuild");
#endif
  } else {
    run_on_board<Board>(request, model, memory_config, tcu_options, driver_config, result);
  }
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return result;
}

}  // namespace acosim::tensil

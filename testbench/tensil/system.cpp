#include "testbench/tensil/system.h"

#include <chrono>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

#include <systemc>

#include "sw/tensil/driver.h"
#include "sw/tensil/model.h"
#include "systemc/core/memory.h"
#include "systemc/core/tlm_hal.h"

namespace acosim::tensil {

namespace {

constexpr uint64_t kBlockBytes = uint64_t(1) << kDramOffsetShift;

uint64_t round_up_to_block(uint64_t bytes) { return (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes; }

// The board: one DRAM holding DRAM0 and DRAM1 side by side (as the embedded
// driver lays them out, Tensil drivers/embedded/tensil/driver.c), the TCU on two AXI ports into it and
// the host CPU (the driver on a TlmHal) on a third.
struct TensilSystem : sc_core::sc_module {
  core::Memory dram;
  Tcu tcu;
  core::TlmHal host;

  const RunRequest& request;
  const Model& model;
  const DriverConfig driver_config;
  RunResult result;
  std::exception_ptr firmware_error;
  bool firmware_done = false;

  TensilSystem(sc_core::sc_module_name name, const core::MemoryConfig& memory_config,
               const TcuOptions& tcu_options, const RunRequest& run_request, const Model& loaded_model,
               const DriverConfig& config)
      : sc_module(name),
        dram("dram", memory_config),
        tcu("tcu", tcu_options),
        host("host"),
        request(run_request),
        model(loaded_model),
        driver_config(config) {
    tcu.dram0.bind(dram.socket);
    tcu.dram1.bind(dram.socket);
    host.memory.bind(dram.socket);
    host.instructions.bind(tcu.instructions);
    SC_HAS_PROCESS(TensilSystem);
    SC_THREAD(firmware);
  }

  // The host CPU's program: what an application on the board's processor
  // does with the driver.
  void firmware() {
    try {
      Driver driver(host, tcu.options().arch, driver_config);
      driver.init();
      driver.load_model(model);
      for (const auto& [name, values] : request.inputs) driver.set_input(name, values);
      driver.run();
      for (const auto& entry : model.outputs) {
        if (result.outputs.count(entry.name) == 0) result.outputs[entry.name] = driver.get_output(entry.name);
      }
      result.simulated_ns = driver.last_run_ns();
    } catch (...) {
      firmware_error = std::current_exception();
    }
    firmware_done = true;
    sc_core::sc_stop();
  }
};

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

  // Errors of the models are reports; let them surface as exceptions with
  // their one-line message instead of SystemC's multi-line display.
  sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
  sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);

  auto system = std::make_unique<TensilSystem>("system", memory_config, tcu_options, request, model, driver_config);
  try {
    sc_core::sc_start();
  } catch (const sc_core::sc_report& report) {
    // The TCU names the program counter, which the driver's PC := 0 preamble
    // makes the instruction index within the model's .tprog.
    throw std::runtime_error(model.resolve(model.prog_file_name) + ": " + report.get_msg());
  }
  if (system->firmware_error) {
    try {
      std::rethrow_exception(system->firmware_error);
    } catch (const DriverError& e) {
      // The driver cannot see the TCU's program counter; the simulation can.
      std::string message = e.what();
      if (message.find("flush probe") != std::string::npos) {
        message += " (TCU program counter " + std::to_string(system->tcu.last_program_counter()) + ")";
      }
      throw DriverError(message);
    }
  }
  if (!system->firmware_done) {
    throw std::runtime_error("simulation ended before the driver finished (TCU program counter " +
                             std::to_string(system->tcu.last_program_counter()) + ")");
  }
  RunResult result = std::move(system->result);
  result.statistics = system->tcu.statistics();
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return result;
}

}  // namespace acosim::tensil

// A complete Tensil co-simulation: one DRAM, the SystemC TCU on its DRAM0
// and DRAM1 ports, and the driver (sw/tensil) running as firmware on a
// TlmHal. run_model() elaborates, runs and tears down one simulation; SystemC
// cannot restart its kernel, so call it at most once per process.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/tensil/tcu.h"

namespace acosim::tensil {

struct RunRequest {
  std::string tmodel_path;
  // Architecture of the simulated device; by default the model's own.
  bool device_arch_from_model = true;
  Architecture device_arch;
  // Input name -> size x array_size floats per .tmodel entry of that name,
  // in order of base, padding lanes included.
  std::map<std::string, std::vector<float>> inputs;
  ArrayEngineKind engine = ArrayEngineKind::Rtl;
  // --engine generated: Tensil's own generated Verilog of a whole TCU
  // (systemc/tensil/generated/generated_tcu.h) instead of our TCU; `engine`,
  // check_functional, vcd_path and sample_interval are then not used (the
  // CLI refuses them), axi_bytes must be the build's 16.
  bool generated = false;
  // With `generated`: --engine lockstep-generated, the clocked model (engine
  // rtl) beside it in the same simulation; the first cycle where their
  // timelines (systemc/tensil/timeline.h) or outputs differ is an error
  // (LockstepDivergence).
  bool lockstep = false;
  // Lockstep only: applied to the clocked model's options, so that a
  // testbench can make it deliberately different from the RTL.
  std::function<void(TcuOptions&)> lockstep_model_options;
  bool lenient = false;
  // Engines rtl, lockstep and generated: write every decoder dequeue and DRAM
  // burst address, one line each with its cycle (systemc/tensil/timeline.h).
  std::string timeline_path;
  double clock_mhz = 100.0;
  std::string vcd_path;             // empty: no waves
  uint32_t sample_interval = 0;     // cycles between performance samples; 0: none
  bool check_functional = false;    // --check functional (engines rtl and lockstep)
  unsigned axi_bytes = 8;           // AXI data width of the instruction stream and the DRAM ports
  uint32_t decoder_timeout = 100;   // the timeout register's value (cycles)
  uint32_t tracepoint = 0xFFFFFFFF; // the tracepoint register's value (a .tprog index)
  uint64_t timeout_ns = 100000000;  // driver gives up when the flush probe is this late (simulated)
};

struct RunResult {
  std::map<std::string, std::vector<float>> outputs;  // same layout as inputs
  TcuStatistics statistics;
  uint64_t simulated_ns = 0;  // simulated time of the model run (program streamed to probe seen)
  double wall_seconds = 0.0;
  std::string generated_build;  // --engine generated: the build that ran (e.g. "speech_robot")
  uint64_t lockstep_events = 0; // --engine lockstep-generated: timeline events compared, all equal
  // The clocked TCU (engines rtl and lockstep) only:
  bool clocked = false;
  FlagRise tracepoint;
  FlagRise timeout;
  uint64_t hazards = 0;
  std::vector<uint8_t> samples;  // 8 bytes per sample, in order
};

// Tensil's generated TCU and the clocked model disagree (lockstep).
struct LockstepDivergence : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws std::runtime_error (or a subclass) with a one-line message naming
// the cause: bad files, incompatible architecture, TCU errors with their
// program counter, driver timeout with the TCU's last program counter.
RunResult run_model(const RunRequest& request);

}  // namespace acosim::tensil

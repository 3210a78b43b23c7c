// The Tensil board every Tensil simulation top is built on (the CLI's
// run_model, the TCU test bench, the benchmark): one DRAM holding DRAM0 and
// DRAM1, the TCU on two AXI ports into it, and the host CPU (a TlmHal) on a
// third, running a host program in its own SystemC thread, as an
// application on the board's processor runs the driver.
//
// The TCU is Tcu (our SystemC TCU, every engine of it) or GeneratedTcu
// (Tensil's generated Verilog, --engine generated): both have the same TLM
// side.
//
// SystemC cannot restart its kernel: one board per process.
#pragma once

#include <exception>
#include <functional>
#include <vector>

#include <systemc>

#include "systemc/core/memory.h"
#include "systemc/core/reports.h"
#include "systemc/core/tlm_hal.h"
#include "systemc/tensil/tcu.h"

namespace acosim::tensil {

template <class TcuT>
class BasicBoard : public sc_core::sc_module {
 public:
  using HostProgram = std::function<void(BasicBoard&)>;

  core::Memory dram;
  TcuT tcu;
  core::TlmHal host;

  BasicBoard(sc_core::sc_module_name name, const core::MemoryConfig& memory, const TcuOptions& tcu_options,
             HostProgram program);

  // Runs the simulation until the host program returns. An error a model
  // reports, in its own thread or under a host access, comes back as
  // core::SimulationError; whatever else the host program throws (e.g. a
  // DriverError) is rethrown as it is. A simulation that ends before the
  // host program returned is a core::SimulationError too.
  void run();

  // For a simulation of several boards (the lockstep of Tensil's generated
  // TCU and ours, testbench/tensil/system.cpp): when the host program
  // returns, notify `finished` instead of stopping the simulation; after the
  // simulation, check_outcome() reports as run() does.
  void keep_running_when_finished() { m_stop_when_finished = false; }
  sc_core::sc_event finished;
  bool host_finished() const { return m_host_finished; }
  void check_outcome();

  // Before run(): a receive DMA on the sample stream that runs beside the
  // host program for the whole simulation, appending every sample (8 bytes,
  // Tensil's sample_buffer.h layout) to `samples`.
  void collect_samples(std::vector<uint8_t>& samples);

 private:
  void host_thread();

  HostProgram m_program;
  std::exception_ptr m_host_error;
  bool m_host_finished = false;
  bool m_stop_when_finished = true;
};

extern template class BasicBoard<Tcu>;  // board.cpp
using Board = BasicBoard<Tcu>;

}  // namespace acosim::tensil

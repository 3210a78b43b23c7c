// How the TCU runs on its clock (engines rtl and lockstep): the cycle-level
// core of systemc/tensil/clocked advanced cycle by cycle as plain C++ inside
// the TCU's one SystemC thread. It meets the rest of the simulation only at
// its TLM boundaries: DRAM bursts go out on the TCU's AXI sockets with the
// thread's local time as their delay, instruction bytes come in from the
// stream socket, samples go out to a pending stream read, and the thread
// synchronises through a TLM-2.0 quantum keeper (so SystemC's time is at
// most one quantum behind the core's) and whenever it waits for the host.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <functional>
#include <memory>
#include <string>

#include <systemc>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/clocked/tcu_core.h"
#include "systemc/tensil/dram_port.h"
#include "systemc/tensil/functional/functional_check.h"
#include "systemc/tensil/tcu.h"
#include "systemc/tensil/waves.h"

namespace acosim::tensil {

class ClockedExecution {
 public:
  // `report` receives what ends the run with an error (its message names
  // the program counter); it must not return.
  ClockedExecution(const TcuOptions& options, ArrayEngine& array, DramPort& dram0, DramPort& dram1,
                   tlm::tlm_initiator_socket<>& dram0_socket, tlm::tlm_initiator_socket<>& dram1_socket,
                   TcuWaves* waves, std::function<void(const std::string&)> report);
  ~ClockedExecution();

  // The TCU's thread.
  void run();
  // The instruction stream's b_transport: returns once the core has taken
  // every byte (back-pressure as TREADY low).
  void stream(const uint8_t* data, size_t bytes);
  // The sample stream's b_transport: waits for at least one sample, then
  // fills `data` with 8-byte samples (PC, flags, two zero bytes: Tensil's
  // sample_buffer.h) up to a sample with TLAST or until `capacity` is full;
  // returns the bytes moved. The first call starts the receive DMA: from
  // then on every sample is taken (before, the sampler's output waits and
  // later samples are dropped, as on hardware).
  size_t read_samples(uint8_t* data, size_t capacity);

  TcuStatistics statistics() const;
  uint32_t program_counter() const;
  uint32_t config_register(uint32_t reg) const;
  const FlagRise& tracepoint_rise() const { return m_tracepoint; }
  const FlagRise& timeout_rise() const { return m_timeout; }
  uint64_t hazards() const;

  // Signals the TCU publishes, updated at every synchronisation.
  std::function<void(uint32_t pc, bool valid, bool ready, bool tracepoint, bool timeout)> publish;

 private:
  class Target;

  // One cycle; `busy`: the core had work (counted in the statistics).
  void step(bool busy);
  // Reports an ordering the RTL does not enforce as a warning and counts it.
  void hazard(const std::string& message);
  void synchronise();
  void observe();
  uint64_t cycle_of(const sc_core::sc_time& t) const;

  TcuOptions m_options;
  std::unique_ptr<Target> m_dram0;
  std::unique_ptr<Target> m_dram1;
  std::unique_ptr<clocked::TcuCore> m_core;
  std::unique_ptr<FunctionalCheck> m_check;
  TcuWaves* m_waves;
  std::function<void(const std::string&)> m_report;
  tlm_utils::tlm_quantumkeeper m_keeper;
  sc_core::sc_event m_data_arrived;
  sc_core::sc_event m_data_taken;
  sc_core::sc_event m_samples_ready;
  uint64_t m_busy_cycles = 0;
  size_t m_accumulate_hazards_seen = 0;
  uint64_t m_hazards = 0;
  FlagRise m_tracepoint;
  FlagRise m_timeout;
  TcuObservation m_last_observation;
  bool m_observed = false;
  // The host's receive DMA on the sample stream: started by the first
  // read, then always ready; samples wait here for the next read.
  bool m_sample_reader = false;
  bool m_sample_waiting = false;
  std::deque<std::pair<uint64_t, bool>> m_sample_fifo;
};

}  // namespace acosim::tensil

// The member definitions of BasicBoard (board.h), for the TUs that
// instantiate it: board.cpp for Tcu, system.cpp for GeneratedTcu where it
// is built (so the installed board needs no generated build).
#pragma once

#include "testbench/tensil/board.h"

namespace acosim::tensil {

template <class TcuT>
BasicBoard<TcuT>::BasicBoard(sc_core::sc_module_name name, const core::MemoryConfig& memory,
                             const TcuOptions& tcu_options, HostProgram program)
    : sc_module(name), dram("dram", memory), tcu("tcu", tcu_options), host("host"), m_program(std::move(program)) {
  // Port numbers in the memory's records follow bind order: DRAM0 = 0,
  // DRAM1 = 1, host = 2.
  tcu.dram0.bind(dram.socket);
  tcu.dram1.bind(dram.socket);
  host.memory.bind(dram.socket);
  host.instructions.bind(tcu.instructions);
  host.samples.bind(tcu.samples);
  SC_HAS_PROCESS(BasicBoard);
  SC_THREAD(host_thread);
}

template <class TcuT>
void BasicBoard<TcuT>::host_thread() {
  try {
    m_program(*this);
    m_host_finished = true;
  } catch (...) {
    m_host_error = std::current_exception();
  }
  finished.notify(sc_core::SC_ZERO_TIME);
  if (m_stop_when_finished) sc_core::sc_stop();
}

template <class TcuT>
void BasicBoard<TcuT>::collect_samples(std::vector<uint8_t>& samples) {
  sc_core::sc_spawn(
      [this, &samples] {
        // One sample per transfer: nothing is held back when the run ends
        // in the middle of a block.
        uint8_t sample[8];
        for (;;) {
          const size_t moved = host.read_stream(hal::StreamId::Samples, sample, sizeof sample);
          if (moved == 0) return;  // a TCU without a sampler
          samples.insert(samples.end(), sample, sample + moved);
        }
      },
      "sample_dma");
}

template <class TcuT>
void BasicBoard<TcuT>::run() {
  core::configure_reports();
  try {
    sc_core::sc_start();
  } catch (const sc_core::sc_report& report) {
    throw core::SimulationError(report.get_msg());
  }
  check_outcome();
}

template <class TcuT>
void BasicBoard<TcuT>::check_outcome() {
  if (m_host_error) {
    try {
      std::rethrow_exception(m_host_error);
    } catch (const sc_core::sc_report& report) {
      throw core::SimulationError(report.get_msg());
    }
  }
  if (!m_host_finished) {
    throw core::SimulationError("the simulation ended before the host program finished (TCU program counter " +
                                std::to_string(tcu.last_program_counter()) + ")");
  }
}

}  // namespace acosim::tensil

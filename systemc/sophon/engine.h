// What the GDMA and the BDC have in common: a command queue the device CPU
// writes descriptors into (one b_transport per command on `command`), a
// thread that runs them in order, each once the other engine has finished
// the command it waits for, and the signals the waves show.
//
// A command is checked and computed when it is issued, so results follow
// program order as in Sophgo's C model; the engine then models its time:
// it starts once the command it waits for is done and stays busy for its
// cost (Chip::clock_mhz cycles, docs/sophon.md "Ordering and timing").
// Commands of the two engines that overlap in time and touch the same
// memory are reported by the HazardMonitor.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/sophon/tpu/chip.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/sophon/hazard_monitor.h"

namespace acosim::sophon {

template <typename Command>
class Engine : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Engine> command;
  tlm_utils::simple_initiator_socket<Engine> local;  ///< the NPUs' local memory
  sc_core::sc_in<uint32_t> other_done;  ///< the other engine's done_id

  core::ObservedSignal<bool> busy;
  core::ObservedSignal<uint32_t> current_id;  ///< the command running (0 while idle)
  core::ObservedSignal<uint32_t> done_id;     ///< the last command finished

  SC_HAS_PROCESS(Engine);
  Engine(sc_core::sc_module_name name, const Chip& chip, EngineId engine, HazardMonitor& hazards)
      : sc_module(name), command("command"), local("local"), other_done("other_done"),
        busy("busy"), current_id("current_id"), done_id("done_id"), m_chip(chip),
        m_engine(engine), m_hazards(hazards) {
    command.register_b_transport(this, &Engine::queue);
    SC_THREAD(run);
  }

  uint32_t issued_id() const { return m_issued; }
  uint64_t busy_cycles() const { return m_busy_cycles; }

 protected:
  /// Throws IllegalCommand if the command breaks a rule; writes nothing.
  virtual void check(const Command& c) = 0;
  /// Runs the command on the memories; returns its cost in cycles.
  virtual uint64_t execute(const Command& c) = 0;
  /// The memory the command reads and writes.
  virtual Footprint footprint(const Command& c) const = 0;

  uint8_t* local_window() {
    if (m_local == nullptr) m_local = dmi_pointer(local, 0);
    return m_local;
  }
  template <typename Socket>
  uint8_t* dmi_pointer(Socket& socket, uint64_t address) {
    tlm::tlm_generic_payload trans;
    tlm::tlm_dmi dmi;
    trans.set_address(address);
    trans.set_command(tlm::TLM_READ_COMMAND);
    if (!socket->get_direct_mem_ptr(trans, dmi)) {
      SC_REPORT_ERROR(name(), "memory refused a DMI pointer");
    }
    return dmi.get_dmi_ptr() + (address - dmi.get_start_address());
  }

  const Chip m_chip;

 private:
  void queue(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    auto* c = reinterpret_cast<Command*>(trans.get_data_ptr());
    check(*c);
    if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) {  // a check only
      trans.set_response_status(tlm::TLM_OK_RESPONSE);
      return;
    }
    c->id = ++m_issued;
    const uint64_t cycles = execute(*c);
    m_queue.push_back(Queued{*c, cycles, footprint(*c)});
    m_queued.notify(sc_core::SC_ZERO_TIME);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  void run() {
    const sc_core::sc_time cycle(1000.0 / m_chip.clock_mhz, sc_core::SC_NS);
    for (;;) {
      while (m_queue.empty()) wait(m_queued);
      const Queued q = m_queue.front();
      const Command& c = q.command;
      while (other_done.read() < c.wait_for) wait(other_done.value_changed_event());
      const std::string hazard = m_hazards.start(m_engine, c.id, c.api, q.footprint);
      if (!hazard.empty()) SC_REPORT_WARNING("acosim/sophon/hazard", hazard.c_str());
      busy.write(true);
      current_id.write(c.id);
      m_busy_cycles += q.cycles;
      wait(cycle * static_cast<double>(q.cycles));
      m_hazards.finish(m_engine);
      m_queue.pop_front();
      busy.write(false);
      current_id.write(0);
      done_id.write(c.id);
    }
  }

  struct Queued {
    Command command;
    uint64_t cycles;
    Footprint footprint;
  };
  const EngineId m_engine;
  HazardMonitor& m_hazards;
  uint8_t* m_local = nullptr;
  std::deque<Queued> m_queue;
  sc_core::sc_event m_queued;
  uint32_t m_issued = 0;
  uint64_t m_busy_cycles = 0;
};

}  // namespace acosim::sophon

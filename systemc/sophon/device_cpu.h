// The TPU's device CPU (an ARM9 on BM1684, an A53 on BM1684X): it runs the
// firmware functions the host launches, one after another, on its own
// SystemC thread. Code running there reaches the engines only through
// DevicePort: each GDMA or BDC call writes one command descriptor to an
// engine's command socket; poll waits on the engines' done ids.
//
// A launch ends when its function has returned and both engines have
// finished every command it issued (a function that forgets to poll still
// completes). An IllegalCommand (or any exception) thrown inside the
// function ends that launch with the error; commands already queued still
// run to completion, the refused one writes nothing.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "sw/sophon/tpu/ports.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::sophon {

class DeviceCpu : public sc_core::sc_module, public DevicePort {
 public:
  tlm_utils::simple_initiator_socket<DeviceCpu> gdma_command;
  tlm_utils::simple_initiator_socket<DeviceCpu> bdc_command;
  tlm_utils::simple_initiator_socket<DeviceCpu> local;   ///< debug window
  tlm_utils::simple_initiator_socket<DeviceCpu> ddr;     ///< debug window
  tlm_utils::simple_initiator_socket<DeviceCpu> l2sram;  ///< debug window
  sc_core::sc_in<uint32_t> gdma_done;
  sc_core::sc_in<uint32_t> bdc_done;

  core::ObservedSignal<bool> running;    ///< a launched function is executing
  core::ObservedSignal<bool> polling;    ///< waiting for the engines
  core::ObservedSignal<uint32_t> launch_count;

  SC_HAS_PROCESS(DeviceCpu);
  DeviceCpu(sc_core::sc_module_name name, const Chip& chip);

  /// Queue a launch (the host's message to the device).
  void submit(const std::string& function, std::function<void()> body);
  /// True when no launch is queued or running.
  bool idle() const { return m_launches.empty() && !m_busy; }
  /// A launch that cannot end (its commands wait for ids never issued):
  /// what it waits for, or "" when none is stuck.
  std::string stall() const;
  /// The time a launch costs the CPU before its function runs (reading the
  /// message, looking the function up).
  static const sc_core::sc_time& launch_time();
  /// Errors of finished launches, oldest first ("function: message"); clears them.
  std::vector<std::string> take_errors();

  // DevicePort
  const Chip& chip() const override { return m_chip; }
  uint32_t issue(const GdmaCommand& command) override;
  uint32_t issue(const BdcCommand& command) override;
  void check(const GdmaCommand& command) override;
  void check(const BdcCommand& command) override;
  void poll() override;
  uint8_t* local_memory(uint64_t local_address, uint64_t bytes) override;
  uint8_t* system_memory(uint64_t address, uint64_t bytes) override;
  uint8_t* dtcm(uint64_t offset, uint64_t bytes) override;

 private:
  struct Launch {
    std::string function;
    std::function<void()> body;
  };
  void run();
  template <typename Command, typename Socket>
  uint32_t send(Socket& socket, const Command& command, tlm::tlm_command kind);
  template <typename Socket>
  uint8_t* window(Socket& socket, uint64_t start, uint64_t size, uint64_t address,
                  uint64_t bytes, const char* what);

  const Chip m_chip;
  std::deque<Launch> m_launches;
  sc_core::sc_event m_submitted;
  bool m_busy = false;
  uint32_t m_gdma_issued = 0;
  uint32_t m_bdc_issued = 0;
  std::vector<std::string> m_errors;
  uint32_t m_launches_done = 0;
  std::string m_current;  ///< the function running
  std::vector<uint8_t> m_dtcm;
};

}  // namespace acosim::sophon

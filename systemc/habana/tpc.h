// One TPC core running TPC-C kernels compiled for the host: it takes the
// partitions of a launch assigned to it, runs each to completion, and
// advances simulated time by each run's cycle estimate (docs/habana.md,
// "Timing"). Global memory is reached through its TLM socket (one DMI
// window); its local memories are its own.
#pragma once

#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "systemc/core/vcd_tracer.h"
#include "systemc/habana/launch.h"

namespace acosim::habana {

class Tpc : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<Tpc> global_socket;
  core::ObservedSignal<bool> busy;
  core::ObservedSignal<uint32_t> partition;    // index of the partition running (while busy)
  core::ObservedSignal<uint64_t> vpu_issued;   // VPU instructions issued in this launch
  core::ObservedSignal<uint64_t> load_issued;  // load-slot instructions (tensor and global loads)
  core::ObservedSignal<uint64_t> store_issued;

  SC_HAS_PROCESS(Tpc);
  Tpc(sc_core::sc_module_name name, unsigned id, sc_core::sc_time clock, uint64_t global_base);

  /// Hands the TPC its partitions of `launch` (called between simulation
  /// runs); it starts at the next delta cycle.
  void start(const Launch& launch, std::vector<unsigned> partitions);
  bool idle() const { return m_assigned.empty() && !m_running; }
  const std::vector<PartitionRun>& runs() const { return m_runs; }
  const std::string& error() const { return m_error; }
  const std::string& printed() const { return m_printed; }
  bool special_functions_used() const { return m_special; }
  void trace(core::VcdTracer& tracer, const std::string& scope) const;

 private:
  void thread();
  GlobalWindow window();
  PartitionRun run_partition(unsigned index, GlobalWindow window);

  const unsigned m_id;
  const sc_core::sc_time m_clock;
  const uint64_t m_global_base;
  const Launch* m_launch = nullptr;
  std::vector<unsigned> m_assigned;
  bool m_running = false;
  sc_core::sc_event m_start;
  std::vector<PartitionRun> m_runs;
  std::string m_error;
  std::string m_printed;
  bool m_special = false;
};

}  // namespace acosim::habana

// One TPC core: it takes the partitions of a launch assigned to it and runs
// each to completion, either a TPC-C kernel compiled for the host
// (simulated time advances by the run's issue bound, docs/habana.md
// "Timing") or an assembled program on the VLIW core, one bundle per cycle
// (the waves then show the PC, the slots that issued and the global-memory
// stalls cycle by cycle). Global memory is reached through its TLM socket
// (one DMI window); its local memories are its own.
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
  core::ObservedSignal<uint32_t> pc;         // assembled programs: bundle issued this cycle
  core::ObservedSignal<uint32_t> slots;      // bit s: slot s issued a non-NOP (0 load, 1 SPU, 2 VPU, 3 store)
  core::ObservedSignal<bool> gmem_stall;     // waiting for LD_TNSR data from global memory

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
  /// Assembled programs advance time every cycle (for waves) instead of
  /// once per partition.
  void set_cycle_by_cycle(bool on) { m_cycle_by_cycle = on; }
  void trace(core::VcdTracer& tracer, const std::string& scope) const;

 private:
  void thread();
  GlobalWindow window();
  PartitionRun run_partition(unsigned index, GlobalWindow window);
  PartitionRun run_program_partition(unsigned index, GlobalWindow window);

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
  bool m_cycle_by_cycle = false;
};

}  // namespace acosim::habana

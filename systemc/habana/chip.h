// A Gaudi chip's TPCs (8 by default: c_tpcNr of Habana's open runtime,
// gaudi_device.cpp) sharing one global memory, and the launch of a kernel
// over them: partitions of the index space go to TPC i mod #TPCs, each TPC
// runs its partitions back to back, and the launch ends when every active
// TPC has reported completion.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/core/flat_memory.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/habana/launch.h"
#include "systemc/habana/tpc.h"

namespace acosim::habana {

class TpcChip : public sc_core::sc_module {
 public:
  static constexpr uint64_t kGlobalBase = 0x1000000000ull;
  static constexpr uint64_t kGlobalSize = 16ull << 30;

  TpcChip(sc_core::sc_module_name name, unsigned tpcs);

  unsigned tpcs() const { return static_cast<unsigned>(m_tpcs.size()); }
  /// Host view of global memory, once elaboration has finished
  /// (sc_start(SC_ZERO_TIME) after construction) (a TLM direct-memory window): tensors are
  /// written and read back through it between launches.
  uint8_t* global(uint64_t address, uint64_t bytes);

  /// Runs `launch` to completion (called outside the simulation: it runs
  /// the SystemC kernel until every TPC is idle). Throws TpcError with the
  /// first TPC's error when a run failed.
  LaunchResult run(const Launch& launch);

  /// Also turns on cycle-by-cycle waves for assembled programs.
  void trace(core::VcdTracer& tracer, const std::string& scope) const;

 private:
  core::FlatMemory m_global;
  std::vector<std::unique_ptr<Tpc>> m_tpcs;
};

}  // namespace acosim::habana

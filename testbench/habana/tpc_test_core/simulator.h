// The process's TPC chip for tpc_tests::RunSimulation: built on first use
// (SystemC elaborates once per process), with ACOSIM_TPC_COUNT TPCs (8
// by default) and, when ACOSIM_VCD names a file, the chip's waves written
// there at exit.
#pragma once

#include <memory>

#include "systemc/core/vcd_tracer.h"
#include "systemc/habana/chip.h"

namespace acosim::habana {

class Simulator {
 public:
  static Simulator& instance();
  TpcChip& chip() { return m_chip; }
  void close_waves();

 private:
  Simulator(unsigned tpcs, const char* vcd);
  TpcChip m_chip;
  std::unique_ptr<core::VcdTracer> m_tracer;
};

}  // namespace acosim::habana

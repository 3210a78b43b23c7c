#include "testbench/habana/tpc_test_core/simulator.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "sw/habana/tpc/error.h"
#include "systemc/core/reports.h"

namespace acosim::habana {

Simulator::Simulator(unsigned tpcs, const char* vcd) : m_chip("gaudi", tpcs) {
  if (vcd != nullptr && *vcd != '\0') {
    m_tracer = std::make_unique<core::VcdTracer>("waves", vcd);
    m_chip.trace(*m_tracer, "gaudi");
  }
}

static unsigned tpc_count_from_environment() {
  const char* text = std::getenv("ACOSIM_TPC_COUNT");
  if (text == nullptr) return 8;
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  if (*text == '\0' || *end != '\0' || n < 1 || n > 64) {
    throw TpcError(std::string("ACOSIM_TPC_COUNT=") + text + ": expected a TPC count from 1 to 64");
  }
  return static_cast<unsigned>(n);
}

Simulator& Simulator::instance() {
  // Never destroyed: SystemC's kernel outlives main() and tears itself down
  // in an order a static destructor cannot follow; the waves are written by
  // an exit handler.
  static Simulator* simulator = [] {
    setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
    core::configure_reports();
    auto* created = new Simulator(tpc_count_from_environment(), std::getenv("ACOSIM_VCD"));
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::atexit([] { Simulator::instance().close_waves(); });
    return created;
  }();
  return *simulator;
}

void Simulator::close_waves() {
  if (m_tracer) m_tracer->close();
}

}  // namespace acosim::habana

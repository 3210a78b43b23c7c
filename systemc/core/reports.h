// How every simulation top of acosim treats SystemC reports: an error stops
// the simulation as an exception (so a top can turn it into one typed error
// with a one-line message), warnings are shown as SystemC shows them, and
// only two known-harmless reports are quiet: the kernel's "simulation
// stopped by user" note and SystemC 2.3's deprecation notices for the
// pre-IEEE process macros used by its own TLM utilities.
#pragma once

#include <stdexcept>

namespace acosim::core {

void configure_reports();

// An error a model reported while the simulation ran (an sc_report of
// severity error), with the report's message.
struct SimulationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace acosim::core

// Runs an example model end to end on the co-simulated TCU (run_model) and
// checks its outputs against the independent references.
#pragma once

#include <string>

#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil::test {

// Builds examples/tensil/models/<model>.json for arch/<arch>.tarch into a
// scratch folder, runs it with `engine` on the example inputs, and expects
// (gtest assertions) every output lane equal to the fixed-point reference
// bit for bit (padding lanes zero) and within the float reference's derived
// bound; XOR must also classify its four cases.
void check_example(const std::string& model, const std::string& arch, ArrayEngineKind engine);

}  // namespace acosim::tensil::test

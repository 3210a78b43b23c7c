// The check every end-to-end run of an example model gets, whichever driver
// ran it (acosim's, through run_model, or Tensil's own embedded driver).
#pragma once

#include <string>
#include <vector>

#include "testbench/tensil/reference/source_model.h"

namespace acosim::tensil::test {

// Expects (gtest assertions) every lane of `out`, the model's output as the
// TCU wrote it for an n x n FP16BP8 array from `input`, equal to the
// fixed-point reference bit for bit, within the float reference's derived
// bound, and zero in padding lanes; XOR must also classify its four cases.
void check_example_output(const std::string& model, const reference::SourceModel& source,
                          const std::vector<double>& input, unsigned n, const std::vector<float>& out);

}  // namespace acosim::tensil::test

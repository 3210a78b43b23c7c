// The bare Verilator harness: the Verilated tensil_array clocked by a plain
// loop, with no SystemC and no engine class. acosim-bench compares the RTL
// engine and the co-simulated TCU against it (DESIGN.md: co-simulation
// overhead is measured against a bare Verilator harness).
#pragma once

#include <cstdint>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

struct BareRun {
  uint64_t cycles = 0;   // array clock cycles simulated (reset excluded)
  double seconds = 0;    // wall time of those cycles
  std::vector<Vector> outputs;  // results of the last MatMul, one per input
};

// Loads `weight_rows_in_load_order` (one cycle each: for a full block the
// row of input n-1 first and the bias row last, as Tensil's Decoder.scala orders them), then streams
// `inputs` through the array `repeat` times, each time followed by the
// 2n-1 cycles of drain (Tensil's SystolicArray.scala): the cycle sequence the RTL engine
// drives for LoadWeights and MatMul. cycles = rows + repeat * (inputs +
// 2n - 1). Throws std::runtime_error when (type, size) was not Verilated
// (the message names the CMake option) and std::invalid_argument for a
// vector of the wrong length or a lane outside the type's raw range.
BareRun run_bare_array(DataType type, unsigned size, const std::vector<Vector>& weight_rows_in_load_order,
                       const std::vector<Vector>& inputs, unsigned repeat);

}  // namespace acosim::tensil

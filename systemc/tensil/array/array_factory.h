// Builds the array engine the TCU was asked for (--engine rtl|fast|lockstep).
#pragma once

#include <memory>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

// Rtl: the Verilated array of the architecture's (data type, array size);
// Fast: FastArray; Lockstep: both, compared vector by vector. Throws
// std::runtime_error when an RTL engine is asked for a configuration that
// was not Verilated (the message names the CMake option to extend).
std::unique_ptr<ArrayEngine> make_array_engine(ArrayEngineKind kind, const Architecture& arch);

}  // namespace acosim::tensil

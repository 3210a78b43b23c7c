// How the host library finds its device. Whoever owns the simulation
// (testbench/sophon/board.cpp for libbmlib) defines it; devid 0 is the only
// device.
#pragma once

#include <string>

#include "sw/sophon/tpu/ports.h"

namespace acosim::sophon {

/// The TPU behind device `devid`, started on first use; nullptr with the
/// reason in `error` if there is no such device or it cannot start.
HostPort* host_device(int devid, std::string& error);

}  // namespace acosim::sophon

// How the host library finds its device. Whoever owns the simulation
// (testbench/sophon/board.cpp for libbmlib) defines it; devid 0 is the only
// device.
#pragma once

#include "sw/sophon/tpu/ports.h"

namespace acosim::sophon {

/// The TPU behind device `devid`, started on first use; nullptr if there is
/// no such device.
HostPort* host_device(int devid);

}  // namespace acosim::sophon

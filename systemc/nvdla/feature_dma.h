// Moving a feature cube between memory and a packed buffer the way NVDLA's
// read and write DMAs do (nvdla/doc doc/hw/format.rst "Feature Data
// Format"): one request per line of W atoms at
// base + surface * surface_stride + line * line_stride; the gaps up to the
// strides are neither read nor written. Lines that are contiguous in memory
// are moved as one request.
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/core/dma_port.h"
#include "systemc/nvdla/feature_cube.h"

namespace acosim::nvdla {

struct CubeAddress {
  uint64_t base = 0;
  uint64_t line_stride = 0;
  uint64_t surface_stride = 0;
};

// Fills `cube` (its geometry set) from memory; returns the memory's time.
sc_core::sc_time read_cube(core::DmaPort& port, const CubeAddress& where, PackedCube& cube);
// Writes `cube` to memory; returns the memory's time.
sc_core::sc_time write_cube(core::DmaPort& port, const CubeAddress& where, const PackedCube& cube);

}  // namespace acosim::nvdla

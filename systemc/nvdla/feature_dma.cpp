#include "systemc/nvdla/feature_dma.h"

namespace acosim::nvdla {

namespace {

template <typename Move>
sc_core::sc_time for_each_request(const CubeAddress& where, const CubeGeometry& g, Move move) {
  const uint64_t line = g.line_bytes();
  const bool lines_packed = g.height == 1 || where.line_stride == line;
  const bool surfaces_packed = g.surfaces() == 1 || where.surface_stride == line * g.height;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  if (lines_packed && surfaces_packed) return move(where.base, 0, g.total_bytes());
  for (uint32_t s = 0; s < g.surfaces(); ++s) {
    const uint64_t surface = where.base + s * where.surface_stride;
    if (lines_packed) {
      delay += move(surface, g.atom_offset(s, 0, 0), g.surface_bytes());
      continue;
    }
    for (uint32_t h = 0; h < g.height; ++h) {
      delay += move(surface + h * where.line_stride, g.atom_offset(s, h, 0), line);
    }
  }
  return delay;
}

}  // namespace

sc_core::sc_time read_cube(core::DmaPort& port, const CubeAddress& where, PackedCube& cube) {
  cube.bytes.resize(cube.geometry.total_bytes());
  return for_each_request(where, cube.geometry, [&](uint64_t address, size_t offset, uint64_t bytes) {
    return port.read(address, cube.bytes.data() + offset, bytes);
  });
}

sc_core::sc_time write_cube(core::DmaPort& port, const CubeAddress& where, const PackedCube& cube) {
  return for_each_request(where, cube.geometry, [&](uint64_t address, size_t offset, uint64_t bytes) {
    return port.write(address, cube.bytes.data() + offset, bytes);
  });
}

}  // namespace acosim::nvdla

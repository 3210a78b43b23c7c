// An NVDLA feature data cube held densely packed in the order the read DMAs
// fetch it (nvdla/doc doc/hw/format.rst "Feature Data Format"): the cube
// W x H x C is cut into surfaces of E = atom / bytes-per-element channels;
// memory order is lane within the atom fastest, then column (W), then line
// (H), then surface. Element (w, h, c) of a packed cube is at byte
//   ((s * H + h) * W + w) * atom + lane * bpe,  s = c / E, lane = c % E,
// little-endian for 16-bit elements.
//
// The hardware reads, processes and writes whole atoms: when C is not a
// multiple of E the lanes beyond C of the last surface are real data here
// (they carry whatever bytes memory held and are pooled/transformed like
// channels; nvdla/hw cmod/pdp/NV_NVDLA_pdp.cpp works on full atoms too).
// Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

struct CubeGeometry {
  uint32_t width = 1;
  uint32_t height = 1;
  uint32_t channels = 1;
  Precision precision = Precision::Int8;
  uint32_t atom_bytes = 8;  // NVDLA_MEMORY_ATOMIC_SIZE of the configuration

  // Throws std::invalid_argument naming the field when a dimension is zero,
  // the atom is not a whole number of elements or the precision is unknown.
  void validate() const;

  uint32_t bytes_per_element() const { return precision == Precision::Int8 ? 1u : 2u; }
  uint32_t elements_per_atom() const { return atom_bytes / bytes_per_element(); }
  uint32_t surfaces() const { return (channels + elements_per_atom() - 1) / elements_per_atom(); }
  size_t line_bytes() const { return size_t(width) * atom_bytes; }
  size_t surface_bytes() const { return line_bytes() * height; }
  size_t total_bytes() const { return surface_bytes() * surfaces(); }
  // Byte offset of the atom at (surface, line, column).
  size_t atom_offset(uint32_t surface, uint32_t line, uint32_t column) const {
    return ((size_t(surface) * height + line) * width + column) * atom_bytes;
  }
};

bool operator==(const CubeGeometry& a, const CubeGeometry& b);
inline bool operator!=(const CubeGeometry& a, const CubeGeometry& b) { return !(a == b); }

struct PackedCube {
  CubeGeometry geometry;
  std::vector<uint8_t> bytes;  // geometry.total_bytes() bytes

  PackedCube() = default;
  // A zero-filled cube; validates the geometry.
  explicit PackedCube(const CubeGeometry& g);

  // Element of lane `lane` of the atom at (surface, line, column), sign-
  // extended (int8/int16) or as the raw 16-bit pattern zero-extended (fp16).
  int32_t lane(uint32_t surface, uint32_t line, uint32_t column, uint32_t lane_index) const;
  // Stores the low 8 (int8) or 16 (int16/fp16) bits of `value`.
  void set_lane(uint32_t surface, uint32_t line, uint32_t column, uint32_t lane_index,
                int32_t value);

  // The same by channel (c < surfaces() * elements_per_atom(), so the lanes
  // beyond C of the last surface are addressable too).
  int32_t at(uint32_t w, uint32_t h, uint32_t c) const;
  void set(uint32_t w, uint32_t h, uint32_t c, int32_t value);
};

}  // namespace acosim::nvdla

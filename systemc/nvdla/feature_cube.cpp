#include "systemc/nvdla/feature_cube.h"

#include <stdexcept>
#include <string>

namespace acosim::nvdla {

void CubeGeometry::validate() const {
  if (precision != Precision::Int8 && precision != Precision::Int16 &&
      precision != Precision::Fp16) {
    throw std::invalid_argument("feature cube: unknown precision " +
                                std::to_string(unsigned(precision)));
  }
  if (width == 0 || height == 0 || channels == 0) {
    throw std::invalid_argument(
        "feature cube: width, height and channels must be at least 1 (got " +
        std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(channels) +
        ")");
  }
  if (atom_bytes == 0 || atom_bytes % bytes_per_element() != 0) {
    throw std::invalid_argument("feature cube: atom of " + std::to_string(atom_bytes) +
                                " bytes does not hold a whole number of " +
                                precision_name(precision) + " elements");
  }
}

bool operator==(const CubeGeometry& a, const CubeGeometry& b) {
  return a.width == b.width && a.height == b.height && a.channels == b.channels &&
         a.precision == b.precision && a.atom_bytes == b.atom_bytes;
}

PackedCube::PackedCube(const CubeGeometry& g) : geometry(g) {
  geometry.validate();
  bytes.assign(geometry.total_bytes(), 0);
}

namespace {

size_t lane_offset(const CubeGeometry& g, uint32_t surface, uint32_t line, uint32_t column,
                   uint32_t lane) {
  if (surface >= g.surfaces() || line >= g.height || column >= g.width ||
      lane >= g.elements_per_atom()) {
    throw std::out_of_range("feature cube: (surface " + std::to_string(surface) + ", line " +
                            std::to_string(line) + ", column " + std::to_string(column) +
                            ", lane " + std::to_string(lane) + ") is outside the " +
                            std::to_string(g.width) + "x" + std::to_string(g.height) + "x" +
                            std::to_string(g.channels) + " cube");
  }
  return g.atom_offset(surface, line, column) + size_t(lane) * g.bytes_per_element();
}

}  // namespace

int32_t PackedCube::lane(uint32_t surface, uint32_t line, uint32_t column,
                         uint32_t lane_index) const {
  const size_t at = lane_offset(geometry, surface, line, column, lane_index);
  switch (geometry.precision) {
    case Precision::Int8:
      return int8_t(bytes[at]);
    case Precision::Int16:
      return int16_t(uint16_t(bytes[at] | (bytes[at + 1] << 8)));
    case Precision::Fp16:
      return int32_t(uint16_t(bytes[at] | (bytes[at + 1] << 8)));
  }
  return 0;
}

void PackedCube::set_lane(uint32_t surface, uint32_t line, uint32_t column, uint32_t lane_index,
                          int32_t value) {
  const size_t at = lane_offset(geometry, surface, line, column, lane_index);
  bytes[at] = uint8_t(value);
  if (geometry.bytes_per_element() == 2) bytes[at + 1] = uint8_t(uint32_t(value) >> 8);
}

int32_t PackedCube::at(uint32_t w, uint32_t h, uint32_t c) const {
  const uint32_t e = geometry.elements_per_atom();
  return lane(c / e, h, w, c % e);
}

void PackedCube::set(uint32_t w, uint32_t h, uint32_t c, int32_t value) {
  const uint32_t e = geometry.elements_per_atom();
  set_lane(c / e, h, w, c % e, value);
}

}  // namespace acosim::nvdla

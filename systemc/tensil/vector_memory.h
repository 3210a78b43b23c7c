// A TCU memory addressed in vectors: the local ("main") memory and the
// accumulators (Tensil's tcu/Accumulator.scala). Every entry is one vector of array_size raw
// scalars of the data type's width (no guard bits); values are stored
// sign-extended in int32. Bounds are checked by the decoder before any access
// (InstructionCheck), so an out-of-range index here is a model bug.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

class VectorMemory {
 public:
  VectorMemory(std::string name, uint64_t depth, unsigned lanes)
      : m_name(std::move(name)), m_depth(depth), m_lanes(lanes), m_data(depth * lanes, 0) {}

  uint64_t depth() const { return m_depth; }
  unsigned lanes() const { return m_lanes; }

  const int32_t* at(uint64_t address) const { return &m_data[index(address)]; }
  int32_t* at(uint64_t address) { return &m_data[index(address)]; }

  Vector read(uint64_t address) const {
    const int32_t* p = at(address);
    return Vector(p, p + m_lanes);
  }
  void write(uint64_t address, const Vector& v) {
    int32_t* p = at(address);
    for (unsigned i = 0; i < m_lanes; ++i) p[i] = v[i];
  }

 private:
  size_t index(uint64_t address) const {
    if (address >= m_depth) {
      throw std::logic_error(m_name + " address " + std::to_string(address) + " outside depth " +
                             std::to_string(m_depth));
    }
    return static_cast<size_t>(address) * m_lanes;
  }

  std::string m_name;
  uint64_t m_depth;
  unsigned m_lanes;
  std::vector<int32_t> m_data;
};

}  // namespace acosim::tensil

// Spare vectors for the clocked TCU's data paths. Every vector a unit hands
// to the next (a local memory read on its way to the array, an array result
// on its way to the accumulators) is taken from here and given back by its
// last user, so that steady streaming allocates nothing.
#pragma once

#include <vector>

#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil::clocked {

class VectorPool {
 public:
  // A vector of `lanes` lanes with unspecified contents.
  Vector take(size_t lanes) {
    if (m_spare.empty()) return Vector(lanes);
    Vector v = std::move(m_spare.back());
    m_spare.pop_back();
    v.resize(lanes);
    return v;
  }
  void give(Vector&& v) {
    if (v.capacity() != 0) m_spare.push_back(std::move(v));
  }

 private:
  std::vector<Vector> m_spare;
};

}  // namespace acosim::tensil::clocked

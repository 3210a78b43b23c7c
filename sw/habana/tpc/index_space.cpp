#include "sw/habana/tpc/index_space.h"

#include <deque>
#include <sstream>

namespace acosim::habana {

long long IndexSpace::members() const {
  long long n = 1;
  for (int s : size) n *= s;
  return n;
}

std::string IndexSpace::to_string() const {
  std::ostringstream out;
  out << "offset (";
  for (int d = 0; d < kTensorDims; ++d) out << (d ? "," : "") << offset[d];
  out << ") size (";
  for (int d = 0; d < kTensorDims; ++d) out << (d ? "," : "") << size[d];
  out << ")";
  return out.str();
}

std::vector<IndexSpace> partition_index_space(const std::array<int, kTensorDims>& geometry,
                                              unsigned tpcs) {
  IndexSpace whole;
  for (int d = 0; d < kTensorDims; ++d) whole.size[d] = geometry[d] == 0 ? 1 : geometry[d];
  std::deque<IndexSpace> queue{whole};
  while (queue.size() < tpcs) {
    IndexSpace front = queue.front();
    int split = -1;
    for (int d = kTensorDims - 1; d >= 0; --d) {
      if (front.size[d] % 2 == 0) {
        split = d;
        break;
      }
    }
    if (split < 0) break;
    queue.pop_front();
    front.size[split] /= 2;
    IndexSpace second = front;
    second.offset[split] += front.size[split];
    queue.push_back(front);
    queue.push_back(second);
  }
  return {queue.begin(), queue.end()};
}

}  // namespace acosim::habana

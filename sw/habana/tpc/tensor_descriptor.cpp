#include "sw/habana/tpc/tensor_descriptor.h"

#include <sstream>

namespace acosim::habana {

unsigned TensorDescriptor::element_bytes() const {
  switch (static_cast<ElementSizeType>(config & 0x7u)) {
    case ElementSizeType::Bytes1: return 1;
    case ElementSizeType::Bytes2: return 2;
    case ElementSizeType::Bytes4: return 4;
  }
  return 0;
}

uint64_t TensorDescriptor::extent_bytes() const {
  uint64_t last = 0;
  for (int d = 0; d < kTensorDims; ++d) {
    if (bound(d) <= 0) return 0;
    last += static_cast<uint64_t>(bound(d) - 1) * static_cast<uint64_t>(stride[d] < 0 ? 0 : stride[d]);
  }
  return (last + 1) * element_bytes();
}

std::string TensorDescriptor::to_string() const {
  std::ostringstream out;
  out << "base 0x" << std::hex << base << std::dec << " sizes {";
  for (int d = 0; d < kTensorDims; ++d) out << (d ? "," : "") << bound(d);
  out << "} strides {";
  for (int d = 0; d < kTensorDims; ++d) out << (d ? "," : "") << stride[d];
  out << "} " << element_bytes() << "-byte elements";
  return out.str();
}

}  // namespace acosim::habana

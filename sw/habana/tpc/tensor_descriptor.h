// A tensor as the TPC sees it: the descriptor the runtime writes into the
// TPC's configuration space per tensor slot (Gaudi's TPC register space,
// tensor slot 0 at 0x400, 0x38 bytes per slot; see docs/habana.md):
//   +0x00/+0x04 base address low/high   +0x08 padding value
//   +0x0C config: bits 0-2 element size type, 8-12 valid-dim mask,
//                 16-18 last dim
//   +0x10 + 8*d / +0x14 + 8*d  dim d size / stride (in elements), d = 0..4
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "sw/habana/tpc/kernel_services.h"

namespace acosim::habana {

/// Element size types of the config word (1, 2 and 4 bytes; what tests
/// derive from sizeof(T) for their descriptors).
enum class ElementSizeType : uint32_t { Bytes1 = 0, Bytes2 = 1, Bytes4 = 2 };

constexpr uint32_t tensor_config(uint32_t element_size_type, uint32_t valid_dim_mask,
                                 uint32_t last_dim) {
  return (element_size_type & 0x7u) | ((valid_dim_mask & 0x1Fu) << 8) | ((last_dim & 0x7u) << 16);
}

struct TensorDescriptor {
  uint64_t base = 0;
  uint32_t pad = 0;
  uint32_t config = tensor_config(2, 0x1F, 4);
  std::array<int32_t, kTensorDims> size{1, 1, 1, 1, 1};
  std::array<int32_t, kTensorDims> stride{1, 1, 1, 1, 1};

  /// Size of dim d as the memory unit bounds it: dims outside the valid-dim
  /// mask hold a single element.
  int32_t bound(int d) const { return (config >> (8 + d)) & 1u ? size[d] : 1; }
  /// 1, 2 or 4; 0 for an element size type the hardware does not define.
  unsigned element_bytes() const;
  /// Bytes from base to one past the last element, from sizes and strides.
  uint64_t extent_bytes() const;
  std::string to_string() const;
};

}  // namespace acosim::habana

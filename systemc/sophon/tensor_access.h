// Byte addresses of tensor elements in the TPU's memories, shared by the
// GDMA and BDC engines. Local memory is one flat window of NPU_NUM * S
// bytes, so a local address is directly a byte index into it
// (npu * S + offset); sw/sophon/tpu/layout.h has the rule.
#pragma once

#include <cstdint>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"

namespace acosim::sophon {

/// How one local tensor's elements are placed. BM1684 stores int8 and int16
/// tensors 4N / 2N packed: `pack` consecutive n share a 32-bit word, so
/// strides count words and element n sits in lane n mod pack of its word.
struct LocalGeometry {
  uint64_t npu_bytes;   ///< S
  uint32_t npu_num;     ///< X
  uint32_t start_npu;   ///< Q
  uint32_t offset;      ///< R
  uint32_t element_bytes;
  uint32_t pack;        ///< 1, 2 or 4
  Dim4 stride;

  LocalGeometry(const Chip& chip, const Tensor& t)
      : npu_bytes(chip.local_mem_bytes), npu_num(chip.npu_num),
        start_npu(static_cast<uint32_t>(t.address / chip.local_mem_bytes)),
        offset(static_cast<uint32_t>(t.address % chip.local_mem_bytes)),
        element_bytes(dtype_bytes(t.dtype)),
        pack(chip.packed_4n ? 4 / dtype_bytes(t.dtype) : 1),
        stride(t.stride) {}

  /// Byte index in the local window of element (n, c, h, w).
  uint64_t byte(int64_t n, int64_t c, int64_t h, int64_t w) const {
    const uint64_t lane = start_npu + static_cast<uint64_t>(c);
    const uint64_t npu = lane % npu_num, slot = lane / npu_num;
    const int64_t word = (n / pack) * stride.n + static_cast<int64_t>(slot) * stride.c +
                         h * stride.h + w * stride.w;
    return npu * npu_bytes + offset + static_cast<uint64_t>(word) * element_bytes * pack +
           static_cast<uint64_t>(n % pack) * element_bytes;
  }
  /// Bytes between w and w + 1 of one row.
  int64_t w_step() const { return int64_t{stride.w} * element_bytes * pack; }

  /// The offset just past the tensor's farthest byte on any NPU: the
  /// fullest NPU holds slot (Q + C - 1) div X. A stride step is `unit`
  /// bytes (default: one word of the packed tensor; conv weights count
  /// groups of input channels).
  int64_t end_offset(const Dim4& shape, int64_t unit = 0) const {
    const int64_t last_slot = (int64_t{start_npu} + shape.c - 1) / npu_num;
    const int64_t last = ((shape.n - 1) / int64_t{pack}) * stride.n + last_slot * stride.c +
                         int64_t{shape.h - 1} * stride.h + int64_t{shape.w - 1} * stride.w;
    return int64_t{offset} + (last + 1) * (unit > 0 ? unit : int64_t{element_bytes} * pack);
  }
};

/// Elements of a system-memory (DDR / L2) tensor: plain, unpacked.
struct SystemGeometry {
  uint64_t address;
  uint32_t element_bytes;
  Dim4 stride;

  explicit SystemGeometry(const Tensor& t)
      : address(t.address), element_bytes(dtype_bytes(t.dtype)), stride(t.stride) {}

  uint64_t byte(int64_t n, int64_t c, int64_t h, int64_t w) const {
    return address + static_cast<uint64_t>(n * stride.n + c * stride.c + h * stride.h +
                                           w * stride.w) *
                         element_bytes;
  }
  int64_t w_step() const { return int64_t{stride.w} * element_bytes; }
};

}  // namespace acosim::sophon

// Where a tensor's elements live in a Sophon TPU's local memory, as Sophgo's
// OKKernel and TPU-Kernel guides define it (docs/sophon.md, "Layouts"):
//
//   a local address A is one number in [0, NPU_NUM * S), S = bytes per NPU:
//     npu = A / S, offset = A mod S, bank = offset / (S / BANKS);
//   channel c of a tensor starting on NPU Q lives on NPU (Q + c) mod NPU_NUM
//     in channel slot (Q + c) div NPU_NUM, at the same offset on every NPU;
//   element (n, c, h, w) with strides (Ns, Cs, Hs, Ws) in elements is at
//     offset + size * (n Ns + slot Cs + h Hs + w Ws) on its NPU.
//
// Cs is the distance between two slots of one NPU (channel c and c + NPU_NUM),
// so the N stride must cover every slot of the fullest NPU:
// channels_per_npu(Q, C) = ceil((Q + C) / NPU_NUM).
#pragma once

#include <cstdint>
#include <string>

#include "sw/sophon/tpu/chip.h"

namespace acosim::sophon {

/// A 4-D shape or stride; the same layout as the device APIs' dim4.
struct Dim4 {
  int32_t n = 0, c = 0, h = 0, w = 0;
  bool operator==(const Dim4& o) const { return n == o.n && c == o.c && h == o.h && w == o.w; }
};

std::string to_string(const Dim4& d);  ///< "(n, c, h, w)"

struct LocalPlace {
  uint32_t npu;
  uint32_t offset;
  uint32_t bank;
};

LocalPlace split_local_address(const Chip& chip, uint64_t address);

inline int64_t div_up(int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t align_up(int64_t v, int64_t a) { return div_up(v, a) * a; }

/// ceil((start_npu + channels) / NPU_NUM): channel slots the fullest NPU needs.
int channels_per_npu(const Chip& chip, int start_npu, int channels);

/// Strides in elements (docs/sophon.md, "Layouts"). `eu` is the number of
/// elements in one EU step (Chip::eu_num of the element size).
Dim4 continuous_stride(const Dim4& shape);                                   ///< (CHW, HW, W, 1)
Dim4 compact_stride(const Chip& chip, int start_npu, const Dim4& shape);     ///< (cpn HW, HW, W, 1)
Dim4 aligned_stride(const Chip& chip, int start_npu, const Dim4& shape, int eu);       ///< Cs = align(HW, eu)
Dim4 line_aligned_stride(const Chip& chip, int start_npu, const Dim4& shape, int eu);  ///< Hs = align(W, eu)

/// The local shape of a row-major matrix cut into `cols_per_channel`-wide
/// pieces: (rows, ceil(cols / cpc), 1, cpc).
Dim4 matrix_local_shape(int rows, int cols, int cols_per_channel);

}  // namespace acosim::sophon

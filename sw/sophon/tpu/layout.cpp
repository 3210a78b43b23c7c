#include "sw/sophon/tpu/layout.h"

namespace acosim::sophon {

std::string to_string(const Dim4& d) {
  return "(" + std::to_string(d.n) + ", " + std::to_string(d.c) + ", " + std::to_string(d.h) +
         ", " + std::to_string(d.w) + ")";
}

LocalPlace split_local_address(const Chip& chip, uint64_t address) {
  const auto npu = static_cast<uint32_t>(address / chip.local_mem_bytes);
  const auto offset = static_cast<uint32_t>(address % chip.local_mem_bytes);
  return LocalPlace{npu, offset, offset / chip.bank_bytes()};
}

int channels_per_npu(const Chip& chip, int start_npu, int channels) {
  return static_cast<int>(div_up(int64_t{start_npu} + channels, chip.npu_num));
}

Dim4 continuous_stride(const Dim4& s) { return Dim4{s.c * s.h * s.w, s.h * s.w, s.w, 1}; }

Dim4 compact_stride(const Chip& chip, int start_npu, const Dim4& s) {
  return Dim4{channels_per_npu(chip, start_npu, s.c) * s.h * s.w, s.h * s.w, s.w, 1};
}

Dim4 aligned_stride(const Chip& chip, int start_npu, const Dim4& s, int eu) {
  const auto cs = static_cast<int32_t>(align_up(int64_t{s.h} * s.w, eu));
  return Dim4{channels_per_npu(chip, start_npu, s.c) * cs, cs, s.w, 1};
}

Dim4 line_aligned_stride(const Chip& chip, int start_npu, const Dim4& s, int eu) {
  const auto hs = static_cast<int32_t>(align_up(s.w, eu));
  const int32_t cs = s.h * hs;
  return Dim4{channels_per_npu(chip, start_npu, s.c) * cs, cs, hs, 1};
}

Dim4 matrix_local_shape(int rows, int cols, int cols_per_channel) {
  return Dim4{rows, static_cast<int32_t>(div_up(cols, cols_per_channel)), 1, cols_per_channel};
}

}  // namespace acosim::sophon

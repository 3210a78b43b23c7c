#include "sw/sophon/tpu/layout.h"

#include <cstdint>

#include "sw/sophon/tpu/ports.h"

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

namespace {

// Strides are int32 (the APIs' dim4): a shape whose stride does not fit
// is refused rather than wrapped.
int32_t fit(int64_t stride, const Dim4& shape) {
  if (stride > INT32_MAX) {
    throw IllegalCommand("a stride of " + std::to_string(stride) + " elements for shape " +
                         to_string(shape) + " does not fit the 32-bit strides of the API");
  }
  return static_cast<int32_t>(stride);
}

}  // namespace

Dim4 continuous_stride(const Dim4& s) {
  const int64_t hw = int64_t{s.h} * s.w;
  return Dim4{fit(hw * s.c, s), fit(hw, s), s.w, 1};
}

Dim4 compact_stride(const Chip& chip, int start_npu, const Dim4& s) {
  const int64_t hw = int64_t{s.h} * s.w;
  return Dim4{fit(channels_per_npu(chip, start_npu, s.c) * hw, s), fit(hw, s), s.w, 1};
}

Dim4 aligned_stride(const Chip& chip, int start_npu, const Dim4& s, int eu) {
  const int64_t cs = align_up(int64_t{s.h} * s.w, eu);
  return Dim4{fit(channels_per_npu(chip, start_npu, s.c) * cs, s), fit(cs, s), s.w, 1};
}

Dim4 line_aligned_stride(const Chip& chip, int start_npu, const Dim4& s, int eu) {
  const int64_t hs = align_up(s.w, eu);
  const int64_t cs = s.h * hs;
  return Dim4{fit(channels_per_npu(chip, start_npu, s.c) * cs, s), fit(cs, s), fit(hs, s), 1};
}

Dim4 matrix_local_shape(int rows, int cols, int cols_per_channel) {
  return Dim4{rows, static_cast<int32_t>(div_up(cols, cols_per_channel)), 1, cols_per_channel};
}

}  // namespace acosim::sophon

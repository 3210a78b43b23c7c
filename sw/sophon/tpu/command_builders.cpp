#include "sw/sophon/tpu/command_builders.h"

#include <algorithm>

#include "sw/sophon/tpu/layout.h"

namespace acosim::sophon {

Dim4 window_output_shape(const Dim4& in, int32_t channels, const ConvParams& p) {
  const int64_t kh = int64_t{p.kernel_h - 1} * p.dilation_h + 1;
  const int64_t kw = int64_t{p.kernel_w - 1} * p.dilation_w + 1;
  const int64_t oh = p.stride_h > 0 ? (in.h + p.pad_top + p.pad_bottom - kh) / p.stride_h + 1 : 1;
  const int64_t ow = p.stride_w > 0 ? (in.w + p.pad_left + p.pad_right - kw) / p.stride_w + 1 : 1;
  return Dim4{in.n, channels, static_cast<int32_t>(std::max<int64_t>(oh, 1)),
              static_cast<int32_t>(std::max<int64_t>(ow, 1))};
}

BdcCommand matmul_command(const Chip& chip, const char* api, uint64_t output, uint64_t left,
                          uint64_t right, uint64_t bias, const MatMulParams& sizes, uint32_t eu) {
  BdcCommand c;
  c.op = BdcOp::MatMul;
  c.api = api;
  c.mm = sizes;
  const auto matrix = [&](uint64_t address, int rows, int cols, int cpc) {
    const Dim4 shape = cpc > 0 ? matrix_local_shape(rows, cols, cpc) : Dim4{rows, 1, 1, 1};
    const int npu = static_cast<int>(address / chip.local_mem_bytes);
    return Tensor{Space::Local, address, aligned_stride(chip, npu, shape, int(eu)), DType::FP32};
  };
  const MatMulParams& m = sizes;
  c.mm.left = matrix(left, m.left_rows, m.left_cols, m.left_cols_per_channel);
  c.mm.right = matrix(right, m.left_cols, m.right_cols, m.right_cols_per_channel);
  c.mm.bias = matrix(bias, 1, m.right_cols, m.right_cols_per_channel);
  c.dst = matrix(output, m.left_rows, m.right_cols, m.right_cols_per_channel);
  return c;
}

}  // namespace acosim::sophon

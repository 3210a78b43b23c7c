// Pieces of BDC commands both device APIs (OKKernel, TPU-Kernel) build the
// same way: the output shape of a sliding window and the matmul command
// with its matrix layouts.
#pragma once

#include <cstdint>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"

namespace acosim::sophon {

/// (N, channels, OH, OW) of a window over `in`: OH = (H + pads - extent) /
/// stride + 1 with extent = (kernel - 1) dilation + 1, at least 1 (a
/// window larger than the padded input is refused by the BDC, which
/// needs a shape to name).
Dim4 window_output_shape(const Dim4& in, int32_t channels, const ConvParams& p);

/// A matmul: left (rows x left_cols), right (left_cols x right_cols),
/// output and bias in the aligned matrix layout with `eu` elements per EU
/// step (docs/sophon.md, "Layouts").
BdcCommand matmul_command(const Chip& chip, const char* api, uint64_t output, uint64_t left,
                          uint64_t right, uint64_t bias, const MatMulParams& sizes, uint32_t eu);

}  // namespace acosim::sophon

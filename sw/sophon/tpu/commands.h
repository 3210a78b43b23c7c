// The commands a Sophon TPU's two engines execute: GDMA (moves tensors
// between system memory -- DDR and L2-SRAM -- and the NPUs' local memory)
// and BDC (computes on local memory, all NPUs in step). The device runtime
// (okk_* / tpu_* functions) builds them; the SystemC engines check and run
// them. This is the hardware/software contract of acosim's Sophon model:
// Sophgo does not publish the engines' command words, so a command here
// carries what the device API call said, in the API's own terms.
//
// Ordering works as on the chip: each engine runs its commands in order, and
// each command names the id of the other engine's command it waits for
// (`wait_for`), which the runtime sets from its parallel state.
#pragma once

#include <cstdint>

#include "sw/sophon/tpu/layout.h"

namespace acosim::sophon {

enum class DType : uint8_t { FP32, INT32, UINT32, INT16, UINT16, INT8, UINT8, FP16, BF16 };

uint32_t dtype_bytes(DType type);
bool dtype_signed(DType type);
const char* dtype_name(DType type);

enum class Space : uint8_t { Local, System };

/// One tensor operand. Strides count elements; under BM1684's 4N/2N packing
/// an int8/int16 tensor's strides count 32-bit words of the packed tensor.
struct Tensor {
  Space space = Space::Local;
  uint64_t address = 0;
  Dim4 stride;
  DType dtype = DType::FP32;
};

/// rounding_mode_t of TPU-Kernel (tpu_defs.h).
enum class Rounding : int32_t {
  HalfToEven = 0, HalfAwayFromZero = 1, TowardsZero = 2, Down = 3, Up = 4, HalfUp = 5, HalfDown = 6
};

/// A BDC source: a tensor, one constant for every element, or one value per
/// lane (VECTOR: element (0, c mod NPU_NUM, 0, 0) of the tensor).
struct Source {
  enum class Kind : uint8_t { Tensor, Scalar, Vector };
  Kind kind = Kind::Tensor;
  Tensor tensor;
  uint32_t scalar = 0;  ///< the constant's bits (an fp32, an int32 ...)

  static Source of(const Tensor& t) { return Source{Kind::Tensor, t, 0}; }
  static Source constant(uint32_t bits) { return Source{Kind::Scalar, Tensor{}, bits}; }
};

enum class GdmaOp : uint8_t {
  Copy,          ///< dst(n,c,h,w) = src(n,c,h,w)
  Fill,          ///< dst(n,c,h,w) = constant
  MatrixS2L,     ///< row-major system matrix -> (rows, ceil(cols/cpc), 1, cpc) local
  MatrixL2S,     ///< the reverse
  CopyNcTrans,   ///< dst(c,n,h,w) = src(n,c,h,w); shape is the source's
  CopyCwTrans,   ///< dst(n,w,h,c) = src(n,c,h,w); shape is the source's
  ChannelBroadcast,  ///< dst(n,c,h,w) = src(n,0,h,w)
};

struct GdmaCommand {
  GdmaOp op = GdmaOp::Copy;
  const char* api = "";  ///< the device-API call that issued it
  uint32_t wait_for = 0;  ///< BDC command id this one waits for (0: none)
  uint32_t id = 0;        ///< set by the GDMA when it queues the command
  Dim4 shape;
  Tensor dst, src;
  uint32_t constant = 0;  ///< Fill
  int32_t rows = 0, cols = 0, cols_per_channel = 0, row_stride = 0;  ///< Matrix*
};

enum class BdcOp : uint8_t {
  // fp32 element-wise, dst = src0 (op) src1; a source may be a constant.
  Add, Sub, Mul, Div, Max, Min,
  Mac,  ///< dst = dst + src0 * src1
  // 32-bit bitwise: src1 is the shift (signed: negative shifts right)
  And, Or, Xor, ArithmeticShift, LogicalShift,
  // dst = src0 (cmp) src1 ? src2 : src3
  GreaterSelect, EqualSelect,
  // unary fp32 (src0)
  Copy, Fill, Relu, Neg, Abs, Reciprocal, Sqrt, Rsqrt,
  Fp32ToInt32,  ///< round half to even, saturating
  Int32ToFp32,
  TaylorExp,    ///< param[0] terms of the exponential's series
  /// param[0] = 0: the exact function; n > 0: e^x as 2^k * series of n terms
  /// (okk_bdc_*_tunable, see bdc_elementwise.cpp)
  Exp, Sigmoid, Tanh,
  // per-channel: src1 / src2 are (1, C, 1, 1) compact
  Bias, Scale, ScaleBias,
  // BM1684 fixed point on 4N/2N-packed integers (param: op type, shifts)
  FixedAdd, FixedSub, FixedMul, FixedMac, FixedMax, FixedMin,
  Int8ToFp32,   ///< param[0]: signed
  // neural-network ops (conv / matmul parameters below)
  Conv2d, Depthwise2d, AvgPool2d, MaxPool2d, MatMul,
  // TPU-Kernel additions
  LessSelect,   ///< dst = src0 < src1 ? src2 : src3
  Cast,         ///< dst = src0 converted to dst's type; param[0]: rounding_mode_t
  Polynomial,   ///< dst = sum_{i<param[0]} coeff_i src0^i, coeff_i at src1 + 4 i on each NPU
  // BM1684 2N-packed int16 shifts: dst = src0 shifted by src1 (a signed
  // int16 count; param[3] = 1: src1 is the value, src0 the counts)
  Fixed16ArithmeticShift, Fixed16LogicalShift,
};

const char* bdc_op_name(BdcOp op);

struct ConvParams {
  int32_t output_c = 0, kernel_h = 1, kernel_w = 1;
  int32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  int32_t stride_h = 1, stride_w = 1, dilation_h = 1, dilation_w = 1;
  bool has_bias = false, result_add = false;
  /// Conv2d weights hold groups of this many input channels side by side:
  /// BM1684's 2IC fp32 pairs (2), BM1684X's 16IC fp32 groups (16). The
  /// weight's strides count groups (docs/sophon.md, "Convolution weights").
  int32_t weight_ic_group = 2;
  Tensor weight, bias;
};

struct MatMulParams {
  int32_t left_rows = 0, left_cols = 0, right_cols = 0;
  int32_t left_cols_per_channel = 0, right_cols_per_channel = 0;
  bool has_bias = false, result_add = false;
  Tensor left, right, bias;
};

struct BdcCommand {
  BdcOp op = BdcOp::Copy;
  const char* api = "";
  uint32_t wait_for = 0;  ///< GDMA command id this one waits for (0: none)
  uint32_t id = 0;        ///< set by the BDC when it queues the command
  Dim4 shape;             ///< element-wise: the shape; conv/pool: the input's
  Tensor dst;
  Source src[4];
  int32_t param[4] = {0, 0, 0, 0};
  ConvParams conv;
  MatMulParams mm;
};

}  // namespace acosim::sophon

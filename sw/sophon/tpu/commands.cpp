#include "sw/sophon/tpu/commands.h"

namespace acosim::sophon {

uint32_t dtype_bytes(DType type) {
  switch (type) {
    case DType::FP32: case DType::INT32: case DType::UINT32: return 4;
    case DType::INT16: case DType::UINT16: case DType::FP16: case DType::BF16: return 2;
    case DType::INT8: case DType::UINT8: return 1;
  }
  return 4;
}

bool dtype_signed(DType type) {
  return type == DType::INT32 || type == DType::INT16 || type == DType::INT8 ||
         type == DType::FP32 || type == DType::FP16 || type == DType::BF16;
}

const char* dtype_name(DType type) {
  switch (type) {
    case DType::FP32: return "fp32";
    case DType::INT32: return "int32";
    case DType::UINT32: return "uint32";
    case DType::INT16: return "int16";
    case DType::UINT16: return "uint16";
    case DType::INT8: return "int8";
    case DType::UINT8: return "uint8";
    case DType::FP16: return "fp16";
    case DType::BF16: return "bf16";
  }
  return "?";
}

const char* bdc_op_name(BdcOp op) {
  static const char* const names[] = {
      "add", "sub", "mul", "div", "max", "min", "mac", "and", "or", "xor",
      "arithmetic_shift", "logical_shift", "greater_select", "equal_select", "copy", "fill",
      "relu", "neg", "abs", "reciprocal", "sqrt", "rsqrt", "fp32_to_int32", "int32_to_fp32",
      "taylor_exp", "exp", "sigmoid", "tanh", "bias", "scale", "scale_bias", "fixed_add",
      "fixed_sub", "fixed_mul", "fixed_mac", "fixed_max", "fixed_min", "int8_to_fp32",
      "conv2d", "depthwise2d", "avg_pool2d", "max_pool2d", "matmul", "less_select", "cast",
      "polynomial", "fixed16_arithmetic_shift", "fixed16_logical_shift"};
  const auto index = static_cast<unsigned>(op);
  return index < sizeof(names) / sizeof(names[0]) ? names[index] : "?";
}

}  // namespace acosim::sophon

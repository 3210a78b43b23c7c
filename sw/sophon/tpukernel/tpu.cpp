// The TPU-Kernel device API (tpu_kernel.h) on acosim's Sophon model, for
// BM1684X: each tpu_gdma_* / tpu_bdc_* call becomes one GDMA or BDC command
// with TPU-Kernel's defaults for NULL strides (local: 64-byte aligned for
// the element type, system: continuous). The BDC computes fp32; a call on
// another type is refused with a message saying so.
#include "sw/sophon/tpukernel/include/tpu_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "sw/sophon/tpu/command_builders.h"
#include "sw/sophon/tpu/device_runtime.h"
#include "sw/sophon/tpu/function_registry.h"
#include "sw/sophon/tpu/layout.h"

namespace acosim::sophon {

namespace {

const Chip& chip() { return current_device().chip(); }
Dim4 dim(const dim4* d) { return Dim4{d->n, d->c, d->h, d->w}; }
int npu_of(uint64_t address) { return static_cast<int>(address / chip().local_mem_bytes); }

[[noreturn]] void refuse_call(const char* api, const std::string& why) {
  throw IllegalCommand(std::string(api) + ": " + why);
}

DType type_of(const char* api, data_type_t t) {
  switch (t) {
    case DT_FP32: return DType::FP32;
    case DT_INT32: return DType::INT32;
    case DT_UINT32: return DType::UINT32;
    case DT_INT16: return DType::INT16;
    case DT_UINT16: return DType::UINT16;
    case DT_INT8: return DType::INT8;
    case DT_UINT8: return DType::UINT8;
    case DT_FP16: return DType::FP16;
    case DT_BFP16: return DType::BF16;
    default: break;
  }
  refuse_call(api, "data type " + std::to_string(int(t)) + " is not modelled by acosim (4-bit, fp8 and fp20 are not)");
}

// The BDC's arithmetic is fp32 in acosim (docs/sophon.md, "TPU-Kernel").
void require_fp32(const char* api, data_type_t t) {
  if (t != DT_FP32) {
    refuse_call(api, std::string("acosim's BDC computes fp32 only, not ") +
                         dtype_name(type_of(api, t)));
  }
}

Dim4 aligned(uint64_t address, const Dim4& shape, DType type) {
  return aligned_stride(chip(), npu_of(address), shape, chip().eu_num(dtype_bytes(type)));
}
Tensor local(uint64_t address, const dim4* stride, const Dim4& shape, DType type) {
  return Tensor{Space::Local, address, stride ? dim(stride) : aligned(address, shape, type), type};
}
Tensor system(uint64_t address, const dim4* stride, const Dim4& shape, DType type) {
  return Tensor{Space::System, address, stride ? dim(stride) : continuous_stride(shape), type};
}
Tensor compact_local(uint64_t address, const Dim4& shape, DType type) {
  return Tensor{Space::Local, address, compact_stride(chip(), npu_of(address), shape), type};
}

void gdma(const char* api, GdmaOp op, const Dim4& shape, const Tensor& dst, const Tensor& src,
          uint32_t constant = 0) {
  GdmaCommand c;
  c.op = op;
  c.api = api;
  c.shape = shape;
  c.dst = dst;
  c.src = src;
  c.constant = constant;
  issue_gdma(c);
}

void matrix(const char* api, GdmaOp op, uint64_t local_address, uint64_t system_address, int rows,
            int cols, int cpc, int row_stride, DType type) {
  GdmaCommand c;
  c.op = op;
  c.api = api;
  c.rows = rows;
  c.cols = cols;
  c.cols_per_channel = cpc;
  c.row_stride = row_stride;
  const Dim4 shape = cpc > 0 ? matrix_local_shape(rows, cols, cpc) : Dim4{rows, 1, 1, 1};
  const Tensor l{Space::Local, local_address, aligned(local_address, shape, type), type};
  const Tensor s{Space::System, system_address, Dim4{row_stride, 1, 1, 1}, type};
  c.dst = op == GdmaOp::MatrixS2L ? l : s;
  c.src = op == GdmaOp::MatrixS2L ? s : l;
  issue_gdma(c);
}

uint32_t bits(scalar_t C) { return C.u32; }

BdcCommand bdc(const char* api, BdcOp op, uint64_t dst, const dim4* shape, const dim4* ds,
               DType type = DType::FP32) {
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = dim(shape);
  c.dst = local(dst, ds, c.shape, type);
  return c;
}
Source tensor(uint64_t address, const dim4* stride, const dim4* shape, DType type = DType::FP32) {
  return Source::of(local(address, stride, dim(shape), type));
}

void binary(const char* api, BdcOp op, local_addr_t dst, local_addr_t a, local_addr_t b,
            const dim4* shape, const dim4* ds, const dim4* as, const dim4* bs, data_type_t t) {
  require_fp32(api, t);
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[0] = tensor(a, as, shape);
  c.src[1] = tensor(b, bs, shape);
  issue_bdc(c);
}
void with_constant(const char* api, BdcOp op, local_addr_t dst, local_addr_t src, scalar_t C,
                   const dim4* shape, const dim4* ds, const dim4* ss, data_type_t t,
                   bool constant_first = false) {
  require_fp32(api, t);
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[constant_first ? 1 : 0] = tensor(src, ss, shape);
  c.src[constant_first ? 0 : 1] = Source::constant(bits(C));
  issue_bdc(c);
}
void unary(const char* api, BdcOp op, local_addr_t dst, local_addr_t src, const dim4* shape,
           const dim4* ds, const dim4* ss, int32_t param = 0) {
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[0] = tensor(src, ss, shape);
  c.param[0] = param;
  issue_bdc(c);
}

Source variable(const char* api, const variable_t* v, const dim4* shape, DType type) {
  switch (v->type) {
    case TENSOR: return tensor(v->context.addr, nullptr, shape, type);
    case SCALAR: return Source::constant(v->context.scalar.u32);
    case VECTOR:  // one value per lane: element (0, lane, 0, 0)
      return Source{Source::Kind::Vector,
                    Tensor{Space::Local, v->context.addr, Dim4{1, 1, 1, 1}, type}, 0};
  }
  refuse_call(api, "variable type " + std::to_string(int(v->type)) + " is not TENSOR, SCALAR or VECTOR");
}

void select(const char* api, BdcOp op, local_addr_t dst, const variable_t* s0,
            const variable_t* s1, const variable_t* s2, const variable_t* s3, const dim4* shape,
            data_type_t compare, data_type_t out) {
  require_fp32(api, compare);
  const DType out_type = type_of(api, out);
  if (dtype_bytes(out_type) != 4) refuse_call(api, "acosim selects 32-bit values only");
  BdcCommand c = bdc(api, op, dst, shape, nullptr, out_type);
  c.src[0] = variable(api, s0, shape, DType::FP32);
  c.src[1] = variable(api, s1, shape, DType::FP32);
  c.src[2] = variable(api, s2, shape, out_type);
  c.src[3] = variable(api, s3, shape, out_type);
  issue_bdc(c);
}

ConvParams window(const dim2* kernel, const padding_t* padding, const dim2* stride,
                  const dim2* dilation) {
  ConvParams p;
  p.kernel_h = kernel->h;
  p.kernel_w = kernel->w;
  if (padding) {
    p.pad_top = padding->top;
    p.pad_bottom = padding->bottom;
    p.pad_left = padding->left;
    p.pad_right = padding->right;
  }
  if (stride) {
    p.stride_h = stride->h;
    p.stride_w = stride->w;
  }
  if (dilation) {
    p.dilation_h = dilation->h;
    p.dilation_w = dilation->w;
  }
  return p;
}

void pool(const char* api, BdcOp op, local_addr_t out, local_addr_t in, const dim4* shape,
          const dim2* kernel, const padding_t* padding, const dim2* stride, const dim2* dilation,
          data_type_t t, scalar_t value) {
  require_fp32(api, t);
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = dim(shape);
  c.conv = window(kernel, padding, stride, dilation);
  c.src[0] = tensor(in, nullptr, shape);
  c.src[1] = Source::constant(bits(value));
  c.param[0] = 1;  // TPU-Kernel pooling: scale / padding value in src[1]
  const Dim4 o = window_output_shape(c.shape, c.shape.c, c.conv);
  c.dst = Tensor{Space::Local, out, aligned(out, o, DType::FP32), DType::FP32};
  issue_bdc(c);
}

void copy_family(const char* api, GdmaOp op, Space dst_space, Space src_space, uint64_t dst,
                 uint64_t src, const Dim4& dst_shape, const dim4* ds, const dim4* ss,
                 data_type_t t) {
  const DType type = type_of(api, t);
  Dim4 src_shape = dst_shape;
  if (op == GdmaOp::CopyNcTrans) src_shape = Dim4{dst_shape.c, dst_shape.n, dst_shape.h, dst_shape.w};
  if (op == GdmaOp::CopyCwTrans) src_shape = Dim4{dst_shape.n, dst_shape.w, dst_shape.h, dst_shape.c};
  if (op == GdmaOp::ChannelBroadcast) src_shape.c = 1;
  const Tensor d = dst_space == Space::Local ? local(dst, ds, dst_shape, type)
                                             : system(dst, ds, dst_shape, type);
  const Tensor s = src_space == Space::Local ? local(src, ss, src_shape, type)
                                             : system(src, ss, src_shape, type);
  gdma(api, op, op == GdmaOp::ChannelBroadcast ? dst_shape : src_shape, d, s);
}

// One value at the same offset of every NPU's local memory: NPU_NUM
// channels from NPU 0 at the address's offset.
BdcCommand fill_every_npu(const char* api, uint64_t address, uint32_t value) {
  BdcCommand c;
  c.op = BdcOp::Fill;
  c.api = api;
  c.shape = Dim4{1, int32_t(chip().npu_num), 1, 1};
  c.dst = Tensor{Space::Local, address % chip().local_mem_bytes, Dim4{1, 1, 1, 1}, DType::FP32};
  c.src[0] = Source::constant(value);
  return c;
}

uint32_t float_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

}  // namespace

}  // namespace acosim::sophon

using namespace acosim::sophon;

extern "C" {

void tpu_register_kernel_func(const char* name, tpu_kernel_func_t func) {
  register_device_function(name, func);
}
void tpu_dump_registered_kernel_funcs() { print_device_functions(); }

void tpu_initialize() { command_order().parallel_end(); }
void tpu_poll() { current_device().poll(); }
void tpu_parallel_start() { command_order().parallel_start(); }
void tpu_parallel_end() { command_order().parallel_end(); }
bool tpu_is_parallel_state() { return command_order().parallel(); }
int tpu_npu_num() { return int(chip().npu_num); }
int tpu_bank_num() { return int(chip().banks); }
int tpu_eu_num(data_type_t dtype) {
  return int(chip().eu_num(dtype_bytes(type_of(__func__, dtype))));
}
int tpu_local_mem_size_per_npu() { return int(chip().local_mem_bytes); }
int tpu_l2_sram_size() { return int(chip().l2_sram_bytes); }
unsigned long long tpu_l2_sram_get_start_addr() { return chip().l2_sram_start; }
unsigned long long tpu_local_mem_get_start_addr() { return 0; }
void* tpu_global_mem_addr(global_addr_t addr) { return current_device().system_memory(addr, 1); }
void* tpu_local_mem_addr(int start_idx, local_addr_t addr) {
  return current_device().local_memory(uint64_t(start_idx) * chip().local_mem_bytes + addr, 1);
}
void* tpu_local_mem_addr_unified(local_addr_t addr) { return current_device().local_memory(addr, 1); }
void* tpu_l2_sram_addr(l2_sram_addr_t addr) { return current_device().system_memory(addr, 1); }

int tpu_npu_index(local_addr_t addr) { return npu_of(addr); }
int tpu_bank_index(local_addr_t addr) { return int(split_local_address(chip(), addr).bank); }
int tpu_channle_num_per_npu(int start_idx, int num_channels) {
  return channels_per_npu(chip(), start_idx, num_channels);
}
int tpu_aligned_feature_size(int h, int w, data_type_t dtype) {
  const uint32_t size = dtype_bytes(type_of(__func__, dtype));
  return int(align_up(int64_t{h} * w, chip().eu_num(size)) * size);
}
static void put(dim4* out, const Dim4& d) { *out = dim4{d.n, d.c, d.h, d.w}; }
void tpu_aligned_stride(dim4* stride, int start_idx, const dim4* shape, data_type_t dtype) {
  put(stride, aligned_stride(chip(), start_idx, dim(shape),
                             int(chip().eu_num(dtype_bytes(type_of(__func__, dtype))))));
}
void tpu_compact_stride(dim4* stride, int start_idx, const dim4* shape) {
  put(stride, compact_stride(chip(), start_idx, dim(shape)));
}
void tpu_line_aligned_stride(dim4* stride, int start_idx, const dim4* shape, data_type_t dtype) {
  put(stride, line_aligned_stride(chip(), start_idx, dim(shape),
                                  int(chip().eu_num(dtype_bytes(type_of(__func__, dtype))))));
}
void tpu_continuous_stride(dim4* stride, const dim4* shape) { put(stride, continuous_stride(dim(shape))); }
bool tpu_is_data_type_signed(data_type_t dtype) { return (int(dtype) & 1) != 0; }
bool tpu_is_data_type_fp(data_type_t dtype) {
  return dtype == DT_FP32 || dtype == DT_FP16 || dtype == DT_BFP16 || dtype == DT_FP8E5M2 ||
         dtype == DT_FP8E4M3 || dtype == DT_FP20;
}
bool tpu_is_data_type_int(data_type_t dtype) { return !tpu_is_data_type_fp(dtype); }
bool tpu_is_data_type_signed_int(data_type_t dtype) {
  return tpu_is_data_type_int(dtype) && tpu_is_data_type_signed(dtype);
}
bool tpu_is_data_type_unsigned_int(data_type_t dtype) {
  return tpu_is_data_type_int(dtype) && !tpu_is_data_type_signed(dtype);
}
int tpu_data_type_size(data_type_t dtype) { return int(dtype_bytes(type_of(__func__, dtype))); }

// ---- GDMA ------------------------------------------------------------------
#define TPU_COPIES(SUFFIX, OP)                                                                  \
  void tpu_gdma_##SUFFIX##_S2L(local_addr_t dst, system_addr_t src, const dim4* shape,          \
                               const dim4* ds, const dim4* ss, data_type_t t) {                 \
    copy_family(__func__, OP, Space::Local, Space::System, dst, src, dim(shape), ds, ss, t);    \
  }                                                                                             \
  void tpu_gdma_##SUFFIX##_L2S(system_addr_t dst, local_addr_t src, const dim4* shape,          \
                               const dim4* ds, const dim4* ss, data_type_t t) {                 \
    copy_family(__func__, OP, Space::System, Space::Local, dst, src, dim(shape), ds, ss, t);    \
  }                                                                                             \
  void tpu_gdma_##SUFFIX##_L2L(local_addr_t dst, local_addr_t src, const dim4* shape,           \
                               const dim4* ds, const dim4* ss, data_type_t t) {                 \
    copy_family(__func__, OP, Space::Local, Space::Local, dst, src, dim(shape), ds, ss, t);     \
  }                                                                                             \
  void tpu_gdma_##SUFFIX##_S2S(system_addr_t dst, system_addr_t src, const dim4* shape,         \
                               const dim4* ds, const dim4* ss, data_type_t t) {                 \
    copy_family(__func__, OP, Space::System, Space::System, dst, src, dim(shape), ds, ss, t);   \
  }
TPU_COPIES(cpy, GdmaOp::Copy)
TPU_COPIES(cpy_nc_trans, GdmaOp::CopyNcTrans)
TPU_COPIES(cpy_cw_trans, GdmaOp::CopyCwTrans)
#undef TPU_COPIES

void tpu_gdma_compact_S2L(local_addr_t dst, system_addr_t src, const dim4* shape, data_type_t t) {
  const DType type = type_of(__func__, t);
  gdma(__func__, GdmaOp::Copy, dim(shape), compact_local(dst, dim(shape), type),
       system(src, nullptr, dim(shape), type));
}
void tpu_gdma_compact_L2S(system_addr_t dst, local_addr_t src, const dim4* shape, data_type_t t) {
  const DType type = type_of(__func__, t);
  gdma(__func__, GdmaOp::Copy, dim(shape), system(dst, nullptr, dim(shape), type),
       compact_local(src, dim(shape), type));
}
void tpu_gdma_set_C_system(system_addr_t dst, scalar_t C, const dim4* shape, const dim4* ds,
                           data_type_t t) {
  const DType type = type_of(__func__, t);
  gdma(__func__, GdmaOp::Fill, dim(shape), system(dst, ds, dim(shape), type), Tensor{}, C.u32);
}
void tpu_gdma_set_C_local(local_addr_t dst, scalar_t C, const dim4* shape, const dim4* ds,
                          data_type_t t) {
  const DType type = type_of(__func__, t);
  gdma(__func__, GdmaOp::Fill, dim(shape), local(dst, ds, dim(shape), type), Tensor{}, C.u32);
}
void tpu_gdma_matrix_S2L(local_addr_t dst, system_addr_t src, int rows, int cols, int cpc,
                         int row_stride, data_type_t t) {
  matrix(__func__, GdmaOp::MatrixS2L, dst, src, rows, cols, cpc, row_stride, type_of(__func__, t));
}
void tpu_gdma_matrix_L2S(system_addr_t dst, local_addr_t src, int rows, int cols, int cpc,
                         int row_stride, data_type_t t) {
  matrix(__func__, GdmaOp::MatrixL2S, src, dst, rows, cols, cpc, row_stride, type_of(__func__, t));
}
// A vector is the one-row matrix (its row stride unused).
void tpu_gdma_vector_S2L(local_addr_t dst, system_addr_t src, int len, int len_per_channel,
                         data_type_t t) {
  matrix(__func__, GdmaOp::MatrixS2L, dst, src, 1, len, len_per_channel, len, type_of(__func__, t));
}
void tpu_gdma_vector_L2S(system_addr_t dst, local_addr_t src, int len, int len_per_channel,
                         data_type_t t) {
  matrix(__func__, GdmaOp::MatrixL2S, src, dst, 1, len, len_per_channel, len, type_of(__func__, t));
}
void tpu_gdma_channel_bcast_S2L(local_addr_t dst, system_addr_t src, const dim4* shape,
                                const dim4* ds, const dim4* ss, data_type_t t) {
  copy_family(__func__, GdmaOp::ChannelBroadcast, Space::Local, Space::System, dst, src,
              dim(shape), ds, ss, t);
}
void tpu_gdma_channel_bcast_L2L(local_addr_t dst, local_addr_t src, const dim4* shape,
                                const dim4* ds, const dim4* ss, data_type_t t) {
  copy_family(__func__, GdmaOp::ChannelBroadcast, Space::Local, Space::Local, dst, src,
              dim(shape), ds, ss, t);
}
// `count` elements as rows of 32768 (a shape's w takes at most 65535),
// at most 65535 rows a command, then the rest; all checked before any is
// issued.
void tpu_gdma_system_cpy(system_addr_t dst, system_addr_t src, unsigned int count, data_type_t t) {
  const DType type = type_of(__func__, t);
  const uint64_t row = 32768, bytes = dtype_bytes(type);
  std::vector<GdmaCommand> commands;
  const auto add = [&](uint64_t first, int32_t rows, int32_t width) {
    GdmaCommand c;
    c.op = GdmaOp::Copy;
    c.api = "tpu_gdma_system_cpy";
    c.shape = Dim4{1, 1, rows, width};
    c.dst = system(dst + first * bytes, nullptr, c.shape, type);
    c.src = system(src + first * bytes, nullptr, c.shape, type);
    commands.push_back(c);
  };
  uint64_t done = 0;
  while (count - done >= row) {
    const uint64_t rows = std::min<uint64_t>((count - done) / row, 65535);
    add(done, int32_t(rows), int32_t(row));
    done += rows * row;
  }
  if (count > done) add(done, 1, int32_t(count - done));
  issue_all(commands);
}

// ---- BDC: element-wise -----------------------------------------------------
#define TPU_BINARY(NAME, OP)                                                                  \
  void NAME(local_addr_t dst, local_addr_t a, local_addr_t b, const dim4* shape,             \
            const dim4* ds, const dim4* as, const dim4* bs, data_type_t t) {                 \
    binary(__func__, OP, dst, a, b, shape, ds, as, bs, t);                                   \
  }
TPU_BINARY(tpu_bdc_fp_add, BdcOp::Add)
TPU_BINARY(tpu_bdc_fp_sub, BdcOp::Sub)
TPU_BINARY(tpu_bdc_fp_mul, BdcOp::Mul)
TPU_BINARY(tpu_bdc_fp_div, BdcOp::Div)
TPU_BINARY(tpu_bdc_max, BdcOp::Max)
TPU_BINARY(tpu_bdc_min, BdcOp::Min)
#undef TPU_BINARY
#define TPU_CONSTANT(NAME, OP, FIRST)                                                         \
  void NAME(local_addr_t dst, local_addr_t src, scalar_t C, const dim4* shape,               \
            const dim4* ds, const dim4* ss, data_type_t t) {                                 \
    with_constant(__func__, OP, dst, src, C, shape, ds, ss, t, FIRST);                       \
  }
TPU_CONSTANT(tpu_bdc_fp_add_C, BdcOp::Add, false)
TPU_CONSTANT(tpu_bdc_fp_sub_C, BdcOp::Sub, false)
TPU_CONSTANT(tpu_bdc_fp_C_sub, BdcOp::Sub, true)
TPU_CONSTANT(tpu_bdc_fp_mul_C, BdcOp::Mul, false)
TPU_CONSTANT(tpu_bdc_fp_div_C, BdcOp::Div, false)
TPU_CONSTANT(tpu_bdc_fp_C_div, BdcOp::Div, true)
TPU_CONSTANT(tpu_bdc_max_C, BdcOp::Max, false)
TPU_CONSTANT(tpu_bdc_min_C, BdcOp::Min, false)
#undef TPU_CONSTANT

// Scale and bias are per channel: (1, C, 1, 1) compact; src and dst aligned.
void tpu_bdc_fp_scale_bias(local_addr_t dst, local_addr_t src, local_addr_t scale,
                           local_addr_t bias, const dim4* shape, data_type_t t) {
  require_fp32(__func__, t);
  BdcCommand c = bdc(__func__, BdcOp::ScaleBias, dst, shape, nullptr);
  c.src[0] = tensor(src, nullptr, shape);
  c.src[1] = Source::of(compact_local(scale, Dim4{1, shape->c, 1, 1}, DType::FP32));
  c.src[2] = Source::of(compact_local(bias, Dim4{1, shape->c, 1, 1}, DType::FP32));
  issue_bdc(c);
}
void tpu_bdc_fp_bias(local_addr_t dst, local_addr_t src, local_addr_t bias, const dim4* shape,
                     data_type_t t) {
  require_fp32(__func__, t);
  BdcCommand c = bdc(__func__, BdcOp::Bias, dst, shape, nullptr);
  c.src[0] = tensor(src, nullptr, shape);
  c.src[1] = Source::of(compact_local(bias, Dim4{1, shape->c, 1, 1}, DType::FP32));
  issue_bdc(c);
}
void tpu_bdc_relu(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                  const dim4* ss, data_type_t t) {
  require_fp32(__func__, t);
  unary(__func__, BdcOp::Relu, dst, src, shape, ds, ss);
}
void tpu_bdc_abs(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                 const dim4* ss, data_type_t t) {
  require_fp32(__func__, t);
  unary(__func__, BdcOp::Abs, dst, src, shape, ds, ss);
}
void tpu_bdc_neg(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                 const dim4* ss, data_type_t t) {
  require_fp32(__func__, t);
  unary(__func__, BdcOp::Neg, dst, src, shape, ds, ss);
}
void tpu_bdc_cpy(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                 const dim4* ss, data_type_t t) {
  const DType type = type_of(__func__, t);
  if (dtype_bytes(type) != 4) {
    // A plain copy of narrower elements: a cast to the same type.
    BdcCommand c = bdc(__func__, BdcOp::Cast, dst, shape, ds, type);
    c.src[0] = tensor(src, ss, shape, type);
    issue_bdc(c);
    return;
  }
  BdcCommand c = bdc(__func__, BdcOp::Copy, dst, shape, ds, type);
  c.src[0] = tensor(src, ss, shape, type);
  issue_bdc(c);
}
void tpu_bdc_set_C(local_addr_t dst, scalar_t C, const dim4* shape, const dim4* ds, data_type_t t) {
  const DType type = type_of(__func__, t);
  if (dtype_bytes(type) != 4) refuse_call(__func__, "acosim's BDC fills 32-bit elements only");
  BdcCommand c = bdc(__func__, BdcOp::Fill, dst, shape, ds, type);
  c.src[0] = Source::constant(C.u32);
  issue_bdc(c);
}
void tpu_bdc_cast(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                  const dim4* ss, data_type_t dst_dtype, data_type_t src_dtype,
                  rounding_mode_t mode) {
  const DType to = type_of(__func__, dst_dtype), from = type_of(__func__, src_dtype);
  BdcCommand c = bdc(__func__, BdcOp::Cast, dst, shape, ds, to);
  c.src[0] = tensor(src, ss, shape, from);
  c.param[0] = int32_t(mode);
  issue_bdc(c);
}
void tpu_bdc_greater_select(local_addr_t dst, const variable_t* s0, const variable_t* s1,
                            const variable_t* s2, const variable_t* s3, const dim4* shape,
                            data_type_t compare, data_type_t out) {
  select(__func__, BdcOp::GreaterSelect, dst, s0, s1, s2, s3, shape, compare, out);
}
void tpu_bdc_less_select(local_addr_t dst, const variable_t* s0, const variable_t* s1,
                         const variable_t* s2, const variable_t* s3, const dim4* shape,
                         data_type_t compare, data_type_t out) {
  select(__func__, BdcOp::LessSelect, dst, s0, s1, s2, s3, shape, compare, out);
}
void tpu_bdc_equal_select(local_addr_t dst, const variable_t* s0, const variable_t* s1,
                          const variable_t* s2, const variable_t* s3, const dim4* shape,
                          data_type_t compare, data_type_t out) {
  select(__func__, BdcOp::EqualSelect, dst, s0, s1, s2, s3, shape, compare, out);
}
void tpu_bdc_fp32_reciprocal(local_addr_t dst, local_addr_t src, const dim4* shape,
                             const dim4* ds, const dim4* ss) {
  unary(__func__, BdcOp::Reciprocal, dst, src, shape, ds, ss);
}
void tpu_bdc_fp32_sqrt(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Sqrt, dst, src, shape, nullptr, nullptr);
}
void tpu_bdc_fp32_rsqrt(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Rsqrt, dst, src, shape, nullptr, nullptr);
}
// sum_{i<num} coeff_i x^i; each NPU reads `num` fp32 coefficients at
// coeff_addr's offset in its own local memory.
void tpu_bdc_fp_taylor(local_addr_t dst, local_addr_t src, local_addr_t coeff, const dim4* shape,
                       int num, data_type_t t) {
  require_fp32(__func__, t);
  BdcCommand c = bdc(__func__, BdcOp::Polynomial, dst, shape, nullptr);
  c.src[0] = tensor(src, nullptr, shape);
  c.src[1] = Source::of(Tensor{Space::Local, coeff, Dim4{1, 1, 1, 1}, DType::FP32});
  c.param[0] = num;
  issue_bdc(c);
}
// acosim's exp coefficient table: 1 / i! for i < 10 on every NPU (what
// tpu_bdc_fp_taylor needs for e^x); its exp table: e^(i - 128), i < 256.
void tpu_bdc_load_fp32_exp_coeff(local_addr_t coeff_addr) {
  std::vector<BdcCommand> fills;
  double factorial = 1.0;
  for (int i = 0; i < 10; ++i) {
    if (i > 0) factorial *= i;
    fills.push_back(fill_every_npu(__func__, coeff_addr + 4u * i,
                                   float_bits(static_cast<float>(1.0 / factorial))));
  }
  issue_all(fills);
}
void tpu_bdc_load_fp32_exp_table(local_addr_t table_addr) {
  std::vector<BdcCommand> fills;
  for (int i = 0; i < 256; ++i) {
    fills.push_back(fill_every_npu(__func__, table_addr + 4u * i,
                                   float_bits(std::exp(static_cast<float>(i - 128)))));
  }
  issue_all(fills);
}
// e^x to fp32 accuracy; the work buffers, coefficients and table are the
// chip's scratch and inputs for its series, which acosim does not need.
void tpu_bdc_fp32_exp(local_addr_t dst, local_addr_t src, local_addr_t, local_addr_t,
                      local_addr_t, local_addr_t, const dim4* shape) {
  unary(__func__, BdcOp::Exp, dst, src, shape, nullptr, nullptr);
}
void tpu_bdc_fp_exp(local_addr_t dst, local_addr_t src, local_addr_t, local_addr_t, local_addr_t,
                    const dim4* shape, data_type_t t) {
  require_fp32(__func__, t);
  unary(__func__, BdcOp::Exp, dst, src, shape, nullptr, nullptr);
}

// ---- BDC: matrix, convolution, pooling -------------------------------------
void tpu_bdc_fp32_mm(local_addr_t output_addr, local_addr_t left_addr, local_addr_t right_addr,
                     local_addr_t bias_addr, int left_rows, int left_cols, int right_cols,
                     int left_cols_per_channel, int right_cols_per_channel, bool has_bias,
                     bool result_add) {
  MatMulParams m;
  m.left_rows = left_rows;
  m.left_cols = left_cols;
  m.right_cols = right_cols;
  m.left_cols_per_channel = left_cols_per_channel;
  m.right_cols_per_channel = right_cols_per_channel;
  m.has_bias = has_bias;
  m.result_add = result_add;
  issue_bdc(matmul_command(chip(), __func__, output_addr, left_addr, right_addr, bias_addr, m,
                           chip().eu_num(4)));
}

// fp32 weights in 16IC groups (docs/sophon.md, "Convolution weights"): a
// compact (1, OC, ceil(IC / 16), kh kw 16) tensor whose rows hold
// [ic group][kh][kw][16 input channels]; bias (1, OC, 1, 1) compact.
void tpu_bdc_fp_conv2d(local_addr_t output_addr, local_addr_t input_addr, local_addr_t weight_addr,
                       local_addr_t bias_addr, const dim4* input_shape, const dim4* input_stride,
                       int output_c, const dim2* kernel, const padding_t* padding,
                       const dim2* stride, const dim2* dilation, data_type_t output_dtype,
                       data_type_t input_dtype, bool has_bias, bool result_add) {
  require_fp32(__func__, input_dtype);
  require_fp32(__func__, output_dtype);
  constexpr int32_t kGroup = 16;
  BdcCommand c;
  c.op = BdcOp::Conv2d;
  c.api = __func__;
  c.shape = dim(input_shape);
  c.src[0] = tensor(input_addr, input_stride, input_shape);
  c.conv = window(kernel, padding, stride, dilation);
  c.conv.output_c = output_c;
  c.conv.has_bias = has_bias;
  c.conv.result_add = result_add;
  c.conv.weight_ic_group = kGroup;
  const int32_t taps = kernel->h * kernel->w;
  const int32_t groups = static_cast<int32_t>(div_up(c.shape.c, kGroup));
  // Strides in groups of 16: group g of tap (y, x) is at g taps + y kw + x.
  c.conv.weight = Tensor{Space::Local, weight_addr, Dim4{taps, groups * taps, kernel->w, 1},
                         DType::FP32};
  c.conv.bias = compact_local(bias_addr, Dim4{1, output_c, 1, 1}, DType::FP32);
  const Dim4 o = window_output_shape(c.shape, output_c, c.conv);
  c.dst = Tensor{Space::Local, output_addr, aligned(output_addr, o, DType::FP32), DType::FP32};
  issue_bdc(c);
}

void tpu_bdc_fp_depthwise2d(local_addr_t output_addr, local_addr_t input_addr,
                            local_addr_t weight_addr, local_addr_t bias_addr,
                            const dim4* input_shape, const dim2* kernel, const padding_t* padding,
                            const dim2* stride, const dim2* dilation, data_type_t t,
                            bool has_bias) {
  require_fp32(__func__, t);
  BdcCommand c;
  c.op = BdcOp::Depthwise2d;
  c.api = __func__;
  c.shape = dim(input_shape);
  c.src[0] = tensor(input_addr, nullptr, input_shape);
  c.conv = window(kernel, padding, stride, dilation);
  c.conv.output_c = c.shape.c;
  c.conv.has_bias = has_bias;
  c.conv.weight = compact_local(weight_addr, Dim4{1, c.shape.c, kernel->h, kernel->w}, DType::FP32);
  c.conv.bias = compact_local(bias_addr, Dim4{1, c.shape.c, 1, 1}, DType::FP32);
  const Dim4 o = window_output_shape(c.shape, c.shape.c, c.conv);
  c.dst = Tensor{Space::Local, output_addr, aligned(output_addr, o, DType::FP32), DType::FP32};
  issue_bdc(c);
}

void tpu_bdc_fp_max_pool2d(local_addr_t output_addr, local_addr_t input_addr,
                           const dim4* input_shape, const dim2* kernel, const padding_t* padding,
                           const dim2* stride, const dim2* dilation, data_type_t t,
                           scalar_t pad_val) {
  pool(__func__, BdcOp::MaxPool2d, output_addr, input_addr, input_shape, kernel, padding, stride,
       dilation, t, pad_val);
}
void tpu_bdc_fp_avg_pool2d(local_addr_t output_addr, local_addr_t input_addr,
                           const dim4* input_shape, const dim2* kernel, const padding_t* padding,
                           const dim2* stride, const dim2* dilation, data_type_t t,
                           scalar_t scale) {
  pool(__func__, BdcOp::AvgPool2d, output_addr, input_addr, input_shape, kernel, padding, stride,
       dilation, t, scale);
}

}  // extern "C"

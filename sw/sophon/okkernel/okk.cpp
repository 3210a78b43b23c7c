// The OKKernel device API (okk.h) on acosim's Sophon model: each okk_gdma_*
// and okk_bdc_* call becomes one GDMA or BDC command, with the defaults
// OKKernel documents for NULL strides (local: 128-byte aligned, system:
// continuous) and the ordering of CommandOrder. Everything runs on the
// device CPU's thread; current_device() is the TPU.
#include "sw/sophon/okkernel/include/okk.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "sw/sophon/tpu/command_builders.h"
#include "sw/sophon/tpu/device_runtime.h"
#include "sw/sophon/tpu/function_registry.h"
#include "sw/sophon/tpu/layout.h"

namespace acosim::sophon {

namespace {

const Chip& chip() { return current_device().chip(); }
Dim4 dim(const dim4* d) { return Dim4{d->n, d->c, d->h, d->w}; }
int npu_of(uint64_t local_address) {
  return static_cast<int>(local_address / chip().local_mem_bytes);
}

// OKKernel's 128-byte aligned layout counts 32-bit words; a 4N/2N-packed
// int8/int16 tensor has the same strides as the fp32 tensor of its packed
// shape, so one rule serves all three widths.
Dim4 aligned(uint64_t local_address, const Dim4& shape) {
  return aligned_stride(chip(), npu_of(local_address), shape, chip().eu_num(4));
}
Dim4 compact(uint64_t local_address, const Dim4& shape) {
  return compact_stride(chip(), npu_of(local_address), shape);
}

Tensor local(uint64_t address, const dim4* stride, const Dim4& shape, DType type) {
  return Tensor{Space::Local, address, stride != nullptr ? dim(stride) : aligned(address, shape),
                type};
}
Tensor system(uint64_t address, const dim4* stride, const Dim4& shape, DType type) {
  return Tensor{Space::System, address,
                stride != nullptr ? dim(stride) : continuous_stride(shape), type};
}

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

void gdma_copy(const char* api, Tensor dst, Tensor src, const Dim4& shape) {
  GdmaCommand c;
  c.op = GdmaOp::Copy;
  c.api = api;
  c.shape = shape;
  c.dst = dst;
  c.src = src;
  issue_gdma(c);
}

void gdma_fill(const char* api, Tensor dst, uint32_t value, const Dim4& shape) {
  GdmaCommand c;
  c.op = GdmaOp::Fill;
  c.api = api;
  c.shape = shape;
  c.dst = dst;
  c.constant = value;
  issue_gdma(c);
}

void gdma_matrix(const char* api, GdmaOp op, uint64_t local_address, uint64_t system_address,
                 int rows, int cols, int cols_per_channel, int row_stride) {
  GdmaCommand c;
  c.op = op;
  c.api = api;
  c.rows = rows;
  c.cols = cols;
  c.cols_per_channel = cols_per_channel;
  c.row_stride = row_stride;
  const Dim4 shape = cols_per_channel > 0 ? matrix_local_shape(rows, cols, cols_per_channel)
                                          : Dim4{rows, 1, 1, 1};
  const Tensor l{Space::Local, local_address, aligned(local_address, shape), DType::FP32};
  const Tensor s{Space::System, system_address, Dim4{row_stride, 1, 1, 1}, DType::FP32};
  c.dst = op == GdmaOp::MatrixS2L ? l : s;
  c.src = op == GdmaOp::MatrixS2L ? s : l;
  issue_gdma(c);
}

// An element-wise BDC command with up to four sources.
BdcCommand bdc(const char* api, BdcOp op, uint64_t dst, const dim4* shape, const dim4* dst_stride) {
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = dim(shape);
  c.dst = local(dst, dst_stride, c.shape, DType::FP32);
  return c;
}
Source tensor(uint64_t address, const dim4* stride, const dim4* shape) {
  return Source::of(local(address, stride, dim(shape), DType::FP32));
}

void binary(const char* api, BdcOp op, uint64_t dst, uint64_t a, uint64_t b, const dim4* shape,
            const dim4* ds, const dim4* as, const dim4* bs) {
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[0] = tensor(a, as, shape);
  c.src[1] = tensor(b, bs, shape);
  issue_bdc(c);
}
// dst = src (op) C, or with `constant_first` dst = C (op) src.
void with_constant(const char* api, BdcOp op, uint64_t dst, uint64_t src, uint32_t constant,
                   const dim4* shape, const dim4* ds, const dim4* ss, bool constant_first = false) {
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[constant_first ? 1 : 0] = tensor(src, ss, shape);
  c.src[constant_first ? 0 : 1] = Source::constant(constant);
  issue_bdc(c);
}
void unary(const char* api, BdcOp op, uint64_t dst, uint64_t src, const dim4* shape,
           const dim4* ds = nullptr, const dim4* ss = nullptr, int32_t param = 0) {
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[0] = tensor(src, ss, shape);
  c.param[0] = param;
  issue_bdc(c);
}
// dst = src0 (cmp) src1 ? select : 0
void select_value(const char* api, BdcOp op, uint64_t dst, Source a, Source b, uint32_t select,
                  const dim4* shape, const dim4* ds) {
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[0] = a;
  c.src[1] = b;
  c.src[2] = Source::constant(select);
  c.src[3] = Source::constant(0);
  issue_bdc(c);
}
Source fp32_or_addr(const fp32_or_addr_t* v, const dim4* shape) {
  return v->is_addr ? tensor(v->context.addr, nullptr, shape)
                    : Source::constant(bits(v->context.val));
}
Source x32_or_addr(const x32_or_addr_t* v, const dim4* shape) {
  return v->is_addr ? tensor(v->context.addr, nullptr, shape) : Source::constant(v->context.val.u32);
}
void per_channel(const char* api, BdcOp op, uint64_t dst, uint64_t src, uint64_t a, uint64_t b,
                 const dim4* shape, const dim4* ds, const dim4* ss) {
  BdcCommand c = bdc(api, op, dst, shape, ds);
  c.src[0] = tensor(src, ss, shape);
  const Dim4 channel{1, shape->c, 1, 1};
  c.src[1] = Source::of(Tensor{Space::Local, a, compact(a, channel), DType::FP32});
  if (op == BdcOp::ScaleBias) {
    c.src[2] = Source::of(Tensor{Space::Local, b, compact(b, channel), DType::FP32});
  }
  issue_bdc(c);
}

ConvParams window(int kh, int kw, const Padding* padding, const dim2* stride,
                  const dim2* dilation) {
  ConvParams p;
  p.kernel_h = kh;
  p.kernel_w = kw;
  if (padding != nullptr) {
    p.pad_top = padding->top;
    p.pad_bottom = padding->bottom;
    p.pad_left = padding->left;
    p.pad_right = padding->right;
  }
  if (stride != nullptr) {
    p.stride_h = stride->h;
    p.stride_w = stride->w;
  }
  if (dilation != nullptr) {
    p.dilation_h = dilation->h;
    p.dilation_w = dilation->w;
  }
  return p;
}

void pool(const char* api, BdcOp op, local_addr_t out, local_addr_t in, const dim4* shape, int kh,
          int kw, const Padding* padding, const dim2* stride) {
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = dim(shape);
  c.conv = window(kh, kw, padding, stride, nullptr);
  c.src[0] = tensor(in, nullptr, shape);
  const Dim4 o = window_output_shape(c.shape, c.shape.c, c.conv);
  c.dst = Tensor{Space::Local, out, aligned(out, o), DType::FP32};
  issue_bdc(c);
}

}  // namespace

}  // namespace acosim::sophon

using namespace acosim::sophon;

extern "C" {

void okk_register_kernel_func(const char* name, okk_kernel_func_t func) {
  register_device_function(name, func);
}

void okk_dump_registered_kernel_funcs() { print_device_functions(); }

// The id node: the last GDMA and BDC command ids, as two unsigned ints.
void okk_set_id_node(void* node) {
  unsigned int ids[2];
  std::memcpy(ids, node, sizeof(ids));
  command_order().set_last(ids[0], ids[1]);
}
void okk_get_id_node(void* node) {
  const unsigned int ids[2] = {command_order().last_gdma(), command_order().last_bdc()};
  std::memcpy(node, ids, sizeof(ids));
}
// Checking is always on: every command carries the id it waits for.
void okk_enable_check_id_node() {}
void okk_disable_check_id_node() {}

unsigned long long okk_global_mem_start_addr() { return chip().global_mem_start; }
unsigned int okk_local_mem_start_addr() { return 0; }
unsigned int okk_local_mem_bank_per_npu() { return chip().banks; }
unsigned int okk_l2_sram_start_addr() { return static_cast<unsigned>(chip().l2_sram_start); }
// The DTCM is the device CPU's own scratchpad; acosim places it at 0 of its
// own address space (the window okk_dtcm_addr opens).
unsigned int okk_dtcm_start_addr() { return 0; }
unsigned int okk_lookup_table_start_addr() { return 0; }
unsigned int okk_lookup_table_size() { return 0; }
unsigned int okk_eu_num() { return chip().eu_num(4); }

unsigned char* okk_global_mem_addr(unsigned long long addr) {
  return current_device().system_memory(addr, 1);
}
unsigned char* okk_local_mem_addr(unsigned int idx, unsigned int addr) {
  return current_device().local_memory(uint64_t{idx} * chip().local_mem_bytes + addr, 1);
}
unsigned char* okk_l2_sram_addr(unsigned int addr) {
  return current_device().system_memory(addr, 1);
}
unsigned char* okk_dtcm_addr(unsigned int addr) { return current_device().dtcm(addr, 1); }

void okk_initialize() { command_order().parallel_end(); }
void okk_poll() { current_device().poll(); }
void okk_parallel_start() { command_order().parallel_start(); }
void okk_parallel_end() { command_order().parallel_end(); }
bool okk_is_parallel_state() { return command_order().parallel(); }
unsigned int okk_local_mem_size_per_npu() { return chip().local_mem_bytes; }
unsigned int okk_l2_sram_size() { return static_cast<unsigned>(chip().l2_sram_bytes); }
unsigned int okk_dtcm_size() { return chip().dtcm_bytes; }
int okk_npu_num() { return static_cast<int>(chip().npu_num); }

int okk_start_npu_index(local_addr_t addr) { return npu_of(addr); }
int okk_channle_num_per_npu(int start_idx, int num_channels) {
  return channels_per_npu(chip(), start_idx, num_channels);
}

static void put(dim4* out, const Dim4& d) { *out = dim4{d.n, d.c, d.h, d.w}; }
void okk_128_byte_aligned_stride_for_32bit(dim4* stride, int start_idx, const dim4* shape) {
  put(stride, aligned_stride(chip(), start_idx, dim(shape), chip().eu_num(4)));
}
void okk_128_byte_aligned_stride_for_16bit(dim4* stride, int start_idx, const dim4* shape) {
  put(stride, aligned_stride(chip(), start_idx, dim(shape), chip().eu_num(4)));
}
void okk_128_byte_aligned_stride_for_8bit(dim4* stride, int start_idx, const dim4* shape) {
  put(stride, aligned_stride(chip(), start_idx, dim(shape), chip().eu_num(4)));
}
void okk_compact_stride(dim4* stride, int start_idx, const dim4* shape) {
  put(stride, compact_stride(chip(), start_idx, dim(shape)));
}
void okk_continuous_stride(dim4* stride, const dim4* shape) {
  put(stride, continuous_stride(dim(shape)));
}

// ---- GDMA ----------------------------------------------------------------
#define OKK_GDMA_COPIES(BITS, TYPE)                                                          \
  void okk_gdma_##BITS##bit_cpy_S2L(local_addr_t dst, system_addr_t src, const dim4* shape, \
                                    const dim4* ds, const dim4* ss) {                        \
    gdma_copy(__func__, local(dst, ds, dim(shape), TYPE), system(src, ss, dim(shape), TYPE), \
              dim(shape));                                                                   \
  }                                                                                          \
  void okk_gdma_##BITS##bit_cpy_L2S(system_addr_t dst, local_addr_t src, const dim4* shape, \
                                    const dim4* ds, const dim4* ss) {                        \
    gdma_copy(__func__, system(dst, ds, dim(shape), TYPE), local(src, ss, dim(shape), TYPE), \
              dim(shape));                                                                   \
  }                                                                                          \
  void okk_gdma_##BITS##bit_cpy_L2L(local_addr_t dst, local_addr_t src, const dim4* shape,  \
                                    const dim4* ds, const dim4* ss) {                        \
    gdma_copy(__func__, local(dst, ds, dim(shape), TYPE), local(src, ss, dim(shape), TYPE),  \
              dim(shape));                                                                   \
  }                                                                                          \
  void okk_gdma_##BITS##bit_cpy_S2S(system_addr_t dst, system_addr_t src, const dim4* shape,\
                                    const dim4* ds, const dim4* ss) {                        \
    gdma_copy(__func__, system(dst, ds, dim(shape), TYPE),                                   \
              system(src, ss, dim(shape), TYPE), dim(shape));                                \
  }
OKK_GDMA_COPIES(32, DType::FP32)
OKK_GDMA_COPIES(16, DType::INT16)
OKK_GDMA_COPIES(8, DType::INT8)
#undef OKK_GDMA_COPIES

void okk_gdma_32bit_set_C_system(system_addr_t dst, x32 C, const dim4* shape, const dim4* ds) {
  gdma_fill(__func__, system(dst, ds, dim(shape), DType::FP32), C.u32, dim(shape));
}
void okk_gdma_32bit_set_C_local(local_addr_t dst, x32 C, const dim4* shape, const dim4* ds) {
  gdma_fill(__func__, local(dst, ds, dim(shape), DType::FP32), C.u32, dim(shape));
}
void okk_gdma_16bit_set_C_system(system_addr_t dst, x16 C, const dim4* shape, const dim4* ds) {
  gdma_fill(__func__, system(dst, ds, dim(shape), DType::INT16), C.u16, dim(shape));
}
void okk_gdma_16bit_set_C_local(local_addr_t dst, x16 C, const dim4* shape, const dim4* ds) {
  gdma_fill(__func__, local(dst, ds, dim(shape), DType::INT16), C.u16, dim(shape));
}
void okk_gdma_8bit_set_C_system(system_addr_t dst, x8 C, const dim4* shape, const dim4* ds) {
  gdma_fill(__func__, system(dst, ds, dim(shape), DType::INT8), C.u8, dim(shape));
}
void okk_gdma_8bit_set_C_local(local_addr_t dst, x8 C, const dim4* shape, const dim4* ds) {
  gdma_fill(__func__, local(dst, ds, dim(shape), DType::INT8), C.u8, dim(shape));
}

void okk_gdma_32bit_matrix_S2L(local_addr_t dst, system_addr_t src, int rows, int cols,
                               int cols_per_channel, int row_stride) {
  gdma_matrix(__func__, GdmaOp::MatrixS2L, dst, src, rows, cols, cols_per_channel, row_stride);
}
void okk_gdma_32bit_matrix_L2S(system_addr_t dst, local_addr_t src, int rows, int cols,
                               int cols_per_channel, int row_stride) {
  gdma_matrix(__func__, GdmaOp::MatrixL2S, src, dst, rows, cols, cols_per_channel, row_stride);
}

// ---- BDC: copies, conversions, unary -------------------------------------
void okk_bdc_32bit_cpy(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                       const dim4* ss) {
  unary(__func__, BdcOp::Copy, dst, src, shape, ds, ss);
}
void okk_bdc_32bit_set_C(local_addr_t dst, x32 C, const dim4* shape, const dim4* ds) {
  BdcCommand c = bdc(__func__, BdcOp::Fill, dst, shape, ds);
  c.src[0] = Source::constant(C.u32);
  issue_bdc(c);
}
void okk_bdc_fp32_to_int32(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Fp32ToInt32, dst, src, shape);
}
void okk_bdc_lookup_int32_to_fp32(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Int32ToFp32, dst, src, shape);
}
void okk_bdc_rsqrt(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Rsqrt, dst, src, shape);
}
void okk_bdc_sqrt(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Sqrt, dst, src, shape);
}
void okk_bdc_taylor_exp(local_addr_t dst, local_addr_t src, const dim4* shape, int num_series) {
  unary(__func__, BdcOp::TaylorExp, dst, src, shape, nullptr, nullptr, num_series);
}
void okk_bdc_lookup_exp(local_addr_t dst, local_addr_t src, const dim4* shape) {
  unary(__func__, BdcOp::Exp, dst, src, shape);
}
// The work buffer is the chip's scratch for the series; acosim computes
// without it and leaves it as it was.
void okk_bdc_exp(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape) {
  unary(__func__, BdcOp::Exp, dst, src, shape);
}
void okk_bdc_exp_tunable(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape,
                         int num_series) {
  unary(__func__, BdcOp::Exp, dst, src, shape, nullptr, nullptr, num_series);
}
void okk_bdc_sigmoid(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape) {
  unary(__func__, BdcOp::Sigmoid, dst, src, shape);
}
void okk_bdc_sigmoid_tunable(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape,
                             int num_series) {
  unary(__func__, BdcOp::Sigmoid, dst, src, shape, nullptr, nullptr, num_series);
}
void okk_bdc_tanh(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape) {
  unary(__func__, BdcOp::Tanh, dst, src, shape);
}
void okk_bdc_tanh_tunable(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape,
                          int num_series) {
  unary(__func__, BdcOp::Tanh, dst, src, shape, nullptr, nullptr, num_series);
}
void okk_bdc_relu(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                  const dim4* ss) {
  unary(__func__, BdcOp::Relu, dst, src, shape, ds, ss);
}
void okk_bdc_reciprocal(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                        const dim4* ss) {
  unary(__func__, BdcOp::Reciprocal, dst, src, shape, ds, ss);
}
void okk_bdc_neg(local_addr_t dst, local_addr_t src, const dim4* shape, const dim4* ds,
                 const dim4* ss) {
  unary(__func__, BdcOp::Neg, dst, src, shape, ds, ss);
}

// ---- BDC: binary arithmetic ------------------------------------------------
#define OKK_BINARY(NAME, OP)                                                                   \
  void okk_bdc_##NAME(local_addr_t dst, local_addr_t a, local_addr_t b, const dim4* shape,    \
                      const dim4* ds, const dim4* as, const dim4* bs) {                       \
    binary(__func__, OP, dst, a, b, shape, ds, as, bs);                                       \
  }                                                                                           \
  void okk_bdc_##NAME##_C(local_addr_t dst, local_addr_t src, float C, const dim4* shape,     \
                          const dim4* ds, const dim4* ss) {                                   \
    with_constant(__func__, OP, dst, src, bits(C), shape, ds, ss);                            \
  }
OKK_BINARY(add, BdcOp::Add)
OKK_BINARY(sub, BdcOp::Sub)
OKK_BINARY(mul, BdcOp::Mul)
OKK_BINARY(div, BdcOp::Div)
OKK_BINARY(mac, BdcOp::Mac)
OKK_BINARY(max, BdcOp::Max)
OKK_BINARY(min, BdcOp::Min)
#undef OKK_BINARY
void okk_bdc_C_sub(local_addr_t dst, local_addr_t src, float C, const dim4* shape,
                   const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::Sub, dst, src, bits(C), shape, ds, ss, true);
}
void okk_bdc_C_div(local_addr_t dst, local_addr_t src, float C, const dim4* shape,
                   const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::Div, dst, src, bits(C), shape, ds, ss, true);
}

// ---- BDC: compare and select (dst = cmp ? select_val : 0) ------------------
void okk_bdc_greater_select_value(local_addr_t dst, local_addr_t a, local_addr_t b,
                                  x32 select_val, const dim4* shape, const dim4* ds,
                                  const dim4* as, const dim4* bs) {
  select_value(__func__, BdcOp::GreaterSelect, dst, tensor(a, as, shape), tensor(b, bs, shape),
               select_val.u32, shape, ds);
}
void okk_bdc_greater_C_select_value(local_addr_t dst, local_addr_t src, float C, x32 select_val,
                                    const dim4* shape, const dim4* ds, const dim4* ss) {
  select_value(__func__, BdcOp::GreaterSelect, dst, tensor(src, ss, shape),
               Source::constant(bits(C)), select_val.u32, shape, ds);
}
void okk_bdc_C_greater_select_value(local_addr_t dst, local_addr_t src, float C, x32 select_val,
                                    const dim4* shape, const dim4* ds, const dim4* ss) {
  select_value(__func__, BdcOp::GreaterSelect, dst, Source::constant(bits(C)),
               tensor(src, ss, shape), select_val.u32, shape, ds);
}
void okk_bdc_equal_select_value(local_addr_t dst, local_addr_t a, local_addr_t b, x32 select_val,
                                const dim4* shape, const dim4* ds, const dim4* as,
                                const dim4* bs) {
  select_value(__func__, BdcOp::EqualSelect, dst, tensor(a, as, shape), tensor(b, bs, shape),
               select_val.u32, shape, ds);
}
void okk_bdc_equal_C_select_value(local_addr_t dst, local_addr_t src, float C, x32 select_val,
                                  const dim4* shape, const dim4* ds, const dim4* ss) {
  select_value(__func__, BdcOp::EqualSelect, dst, tensor(src, ss, shape),
               Source::constant(bits(C)), select_val.u32, shape, ds);
}
static void select_with(const char* api, BdcOp op, local_addr_t dst, const fp32_or_addr_t* a,
                   const fp32_or_addr_t* b, const x32_or_addr_t* s0, const x32_or_addr_t* s1,
                   const dim4* shape) {
  BdcCommand c = bdc(api, op, dst, shape, nullptr);
  c.src[0] = fp32_or_addr(a, shape);
  c.src[1] = fp32_or_addr(b, shape);
  c.src[2] = x32_or_addr(s0, shape);
  c.src[3] = x32_or_addr(s1, shape);
  issue_bdc(c);
}
void okk_bdc_greater_select(local_addr_t dst, const fp32_or_addr_t* src0,
                            const fp32_or_addr_t* src1, const x32_or_addr_t* select0,
                            const x32_or_addr_t* select1, const dim4* shape) {
  select_with(__func__, BdcOp::GreaterSelect, dst, src0, src1, select0, select1, shape);
}
void okk_bdc_equal_select(local_addr_t dst, const fp32_or_addr_t* src0, const fp32_or_addr_t* src1,
                          const x32_or_addr_t* select0, const x32_or_addr_t* select1,
                          const dim4* shape) {
  select_with(__func__, BdcOp::EqualSelect, dst, src0, src1, select0, select1, shape);
}

// ---- BDC: 32-bit bitwise and shifts ----------------------------------------
#define OKK_BITWISE(NAME, OP)                                                                  \
  void okk_bdc_32bit_##NAME(local_addr_t dst, local_addr_t a, local_addr_t b,                 \
                            const dim4* shape, const dim4* ds, const dim4* as,                \
                            const dim4* bs) {                                                 \
    binary(__func__, OP, dst, a, b, shape, ds, as, bs);                                       \
  }
OKK_BITWISE(and, BdcOp::And)
OKK_BITWISE(or, BdcOp::Or)
OKK_BITWISE(xor, BdcOp::Xor)
OKK_BITWISE(arithmetic_shift, BdcOp::ArithmeticShift)
OKK_BITWISE(logical_shift, BdcOp::LogicalShift)
#undef OKK_BITWISE
void okk_bdc_32bit_and_C(local_addr_t dst, local_addr_t src, x32 C, const dim4* shape,
                         const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::And, dst, src, C.u32, shape, ds, ss);
}
void okk_bdc_32bit_or_C(local_addr_t dst, local_addr_t src, x32 C, const dim4* shape,
                        const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::Or, dst, src, C.u32, shape, ds, ss);
}
void okk_bdc_32bit_xor_C(local_addr_t dst, local_addr_t src, x32 C, const dim4* shape,
                         const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::Xor, dst, src, C.u32, shape, ds, ss);
}
void okk_bdc_32bit_arithmetic_shift_C(local_addr_t dst, local_addr_t src, int C,
                                      const dim4* shape, const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::ArithmeticShift, dst, src, static_cast<uint32_t>(C), shape, ds,
                ss);
}
void okk_bdc_32bit_logical_shift_C(local_addr_t dst, local_addr_t src, int C, const dim4* shape,
                                   const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::LogicalShift, dst, src, static_cast<uint32_t>(C), shape, ds,
                ss);
}
void okk_bdc_32bit_C_arithmetic_shift(local_addr_t dst, local_addr_t src, int C,
                                      const dim4* shape, const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::ArithmeticShift, dst, src, static_cast<uint32_t>(C), shape, ds,
                ss, true);
}
void okk_bdc_32bit_C_logical_shift(local_addr_t dst, local_addr_t src, unsigned int C,
                                   const dim4* shape, const dim4* ds, const dim4* ss) {
  with_constant(__func__, BdcOp::LogicalShift, dst, src, C, shape, ds, ss, true);
}

// ---- BDC: per-channel ------------------------------------------------------
void okk_bdc_bias(local_addr_t dst, local_addr_t src, local_addr_t bias, const dim4* shape,
                  const dim4* ds, const dim4* ss) {
  per_channel(__func__, BdcOp::Bias, dst, src, bias, 0, shape, ds, ss);
}
void okk_bdc_scale(local_addr_t dst, local_addr_t src, local_addr_t scale, const dim4* shape,
                   const dim4* ds, const dim4* ss) {
  per_channel(__func__, BdcOp::Scale, dst, src, scale, 0, shape, ds, ss);
}
void okk_bdc_scale_bias(local_addr_t dst, local_addr_t src, local_addr_t scale, local_addr_t bias,
                        const dim4* shape, const dim4* ds, const dim4* ss) {
  per_channel(__func__, BdcOp::ScaleBias, dst, src, scale, bias, shape, ds, ss);
}

// ---- BDC: neural-network operations ----------------------------------------
void okk_bdc_conv2d(local_addr_t output_addr, local_addr_t input_addr, local_addr_t weight_addr,
                    local_addr_t bias_addr, const dim4* input_shape, int output_c, int kernel_h,
                    int kernel_w, const dim4* input_stride, const dim4* kernel_stride,
                    bool using_bias, bool result_add, const Padding* padding, const dim2* stride,
                    const dim2* dilation) {
  BdcCommand c;
  c.op = BdcOp::Conv2d;
  c.api = __func__;
  c.shape = dim(input_shape);
  c.src[0] = tensor(input_addr, input_stride, input_shape);
  c.conv = window(kernel_h, kernel_w, padding, stride, dilation);
  c.conv.output_c = output_c;
  c.conv.has_bias = using_bias;
  c.conv.result_add = result_add;
  // 2IC weights: fp32 pairs of input channels; strides count pairs.
  const Dim4 weight_shape{static_cast<int32_t>(div_up(c.shape.c, 2)), output_c, kernel_h, kernel_w};
  c.conv.weight = Tensor{Space::Local, weight_addr,
                         kernel_stride != nullptr ? dim(kernel_stride)
                                                  : compact(weight_addr, weight_shape),
                         DType::FP32};
  c.conv.bias = Tensor{Space::Local, bias_addr, compact(bias_addr, Dim4{1, output_c, 1, 1}),
                       DType::FP32};
  const Dim4 o = window_output_shape(c.shape, output_c, c.conv);
  c.dst = Tensor{Space::Local, output_addr, aligned(output_addr, o), DType::FP32};
  issue_bdc(c);
}

void okk_bdc_depthwise2d(local_addr_t output_addr, local_addr_t input_addr,
                         local_addr_t weight_addr, local_addr_t bias_addr,
                         const dim4* input_shape, int kernel_h, int kernel_w, bool using_bias,
                         const Padding* padding, const dim2* stride, const dim2* dilation) {
  BdcCommand c;
  c.op = BdcOp::Depthwise2d;
  c.api = __func__;
  c.shape = dim(input_shape);
  c.src[0] = tensor(input_addr, nullptr, input_shape);
  c.conv = window(kernel_h, kernel_w, padding, stride, dilation);
  c.conv.output_c = c.shape.c;
  c.conv.has_bias = using_bias;
  c.conv.weight = Tensor{Space::Local, weight_addr,
                         compact(weight_addr, Dim4{1, c.shape.c, kernel_h, kernel_w}),
                         DType::FP32};
  c.conv.bias = Tensor{Space::Local, bias_addr, compact(bias_addr, Dim4{1, c.shape.c, 1, 1}),
                       DType::FP32};
  const Dim4 o = window_output_shape(c.shape, c.shape.c, c.conv);
  c.dst = Tensor{Space::Local, output_addr, aligned(output_addr, o), DType::FP32};
  issue_bdc(c);
}

void okk_bdc_avg_pool2d(local_addr_t output_addr, local_addr_t input_addr,
                        const dim4* input_shape, int kernel_h, int kernel_w,
                        const Padding* padding, const dim2* stride) {
  pool(__func__, BdcOp::AvgPool2d, output_addr, input_addr, input_shape, kernel_h, kernel_w,
       padding, stride);
}
void okk_bdc_max_pool2d(local_addr_t output_addr, local_addr_t input_addr,
                        const dim4* input_shape, int kernel_h, int kernel_w,
                        const Padding* padding, const dim2* stride) {
  pool(__func__, BdcOp::MaxPool2d, output_addr, input_addr, input_shape, kernel_h, kernel_w,
       padding, stride);
}

void okk_bdc_matmul(local_addr_t output_addr, local_addr_t left_addr, local_addr_t right_addr,
                    local_addr_t bias_addr, int left_rows, int left_cols, int right_cols,
                    int left_cols_per_channel, int right_cols_per_channel, bool using_bias,
                    bool result_add) {
  MatMulParams m;
  m.left_rows = left_rows;
  m.left_cols = left_cols;
  m.right_cols = right_cols;
  m.left_cols_per_channel = left_cols_per_channel;
  m.right_cols_per_channel = right_cols_per_channel;
  m.has_bias = using_bias;
  m.result_add = result_add;
  issue_bdc(matmul_command(chip(), __func__, output_addr, left_addr, right_addr, bias_addr, m,
                           chip().eu_num(4)));
}

}  // extern "C"

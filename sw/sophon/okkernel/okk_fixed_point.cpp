// OKKernel's fixed-point functions on BM1684's 4N/2N-packed integers. The
// element types come from op_type_t (okk.h): 8- or 16-bit sources and
// destination, each signed or not. Arithmetic, rounding and saturation are
// the BDC's (systemc/sophon/bdc_fixed_point.cpp).
#include "sw/sophon/okkernel/include/okk.h"

#include <string>

#include "sw/sophon/tpu/device_runtime.h"
#include "sw/sophon/tpu/layout.h"

namespace acosim::sophon {

namespace {

const Chip& chip() { return current_device().chip(); }

DType integer(bool eight_bit, bool is_signed) {
  if (eight_bit) return is_signed ? DType::INT8 : DType::UINT8;
  return is_signed ? DType::INT16 : DType::UINT16;
}

// The packed tensor's strides count 32-bit words; NULL means the 128-byte
// aligned layout, which is the same rule as for fp32.
Tensor packed(uint64_t address, const dim4* stride, const dim4* shape, DType type) {
  const Dim4 s{shape->n, shape->c, shape->h, shape->w};
  const int npu = static_cast<int>(address / chip().local_mem_bytes);
  return Tensor{Space::Local, address,
                stride != nullptr ? Dim4{stride->n, stride->c, stride->h, stride->w}
                                  : aligned_stride(chip(), npu, s, chip().eu_num(4)),
                type};
}

struct Types {
  DType src0, src1, dst;
};
Types types(op_type_t op) {
  const int o = static_cast<int>(op);
  const bool src8 = o & 1, dst8 = (o >> 3) & 1;
  return Types{integer(src8, (o >> 1) & 1), integer(src8, (o >> 2) & 1),
               integer(dst8, (o >> 4) & 1)};
}

BdcCommand command(const char* api, BdcOp op, local_addr_t dst, const dim4* shape,
                   const dim4* ds, op_type_t type, int rshift) {
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = Dim4{shape->n, shape->c, shape->h, shape->w};
  c.dst = packed(dst, ds, shape, types(type).dst);
  c.param[0] = static_cast<int32_t>(type);
  c.param[1] = rshift;
  return c;
}

void binary(const char* api, BdcOp op, local_addr_t dst, local_addr_t a, local_addr_t b,
            const dim4* shape, const dim4* ds, const dim4* as, const dim4* bs, op_type_t type,
            int rshift) {
  BdcCommand c = command(api, op, dst, shape, ds, type, rshift);
  c.src[0] = Source::of(packed(a, as, shape, types(type).src0));
  c.src[1] = Source::of(packed(b, bs, shape, types(type).src1));
  issue_bdc(c);
}

// `constant_first`: dst = C (op) src (the C_sub form).
void with_constant(const char* api, BdcOp op, local_addr_t dst, local_addr_t src, int C,
                   const dim4* shape, const dim4* ds, const dim4* ss, op_type_t type, int rshift,
                   bool constant_first = false) {
  BdcCommand c = command(api, op, dst, shape, ds, type, rshift);
  // With the constant first, op_type's src0 describes the constant and its
  // src1 the tensor.
  const Types t = types(type);
  c.src[0] = Source::of(packed(src, ss, shape, constant_first ? t.src1 : t.src0));
  c.src[1] = Source::constant(static_cast<uint32_t>(C));
  c.param[3] = constant_first ? 1 : 0;
  issue_bdc(c);
}

[[noreturn]] void not_modelled(const char* api) {
  throw IllegalCommand(std::string(api) +
                       ": not modelled by acosim (the split and 16x8 multiply forms have no "
                       "public definition of how they repack 2N into 4N; docs/sophon.md)");
}

}  // namespace

}  // namespace acosim::sophon

using namespace acosim::sophon;

extern "C" {

#define OKK_FIXED(NAME, OP)                                                                    \
  void okk_bdc_fixed_point_packed_##NAME(local_addr_t dst, local_addr_t a, local_addr_t b,     \
                                         const dim4* shape, const dim4* ds, const dim4* as,    \
                                         const dim4* bs, op_type_t type, int rshift) {         \
    binary(__func__, OP, dst, a, b, shape, ds, as, bs, type, rshift);                          \
  }                                                                                            \
  void okk_bdc_fixed_point_packed_##NAME##_C(local_addr_t dst, local_addr_t src, int C,        \
                                             const dim4* shape, const dim4* ds,                \
                                             const dim4* ss, op_type_t type, int rshift) {     \
    with_constant(__func__, OP, dst, src, C, shape, ds, ss, type, rshift);                     \
  }
OKK_FIXED(add, BdcOp::FixedAdd)
OKK_FIXED(sub, BdcOp::FixedSub)
OKK_FIXED(mul, BdcOp::FixedMul)
#undef OKK_FIXED

void okk_bdc_fixed_point_packed_C_sub(local_addr_t dst, local_addr_t src, int C,
                                      const dim4* shape, const dim4* ds, const dim4* ss,
                                      op_type_t type, int rshift) {
  with_constant(__func__, BdcOp::FixedSub, dst, src, C, shape, ds, ss, type, rshift, true);
}

void okk_bdc_fixed_point_packed_max(local_addr_t dst, local_addr_t a, local_addr_t b,
                                    const dim4* shape, const dim4* ds, const dim4* as,
                                    const dim4* bs, op_type_t type) {
  binary(__func__, BdcOp::FixedMax, dst, a, b, shape, ds, as, bs, type, 0);
}
void okk_bdc_fixed_point_packed_max_C(local_addr_t dst, local_addr_t src, int C,
                                      const dim4* shape, const dim4* ds, const dim4* ss,
                                      op_type_t type) {
  with_constant(__func__, BdcOp::FixedMax, dst, src, C, shape, ds, ss, type, 0);
}
void okk_bdc_fixed_point_packed_min(local_addr_t dst, local_addr_t a, local_addr_t b,
                                    const dim4* shape, const dim4* ds, const dim4* as,
                                    const dim4* bs, op_type_t type) {
  binary(__func__, BdcOp::FixedMin, dst, a, b, shape, ds, as, bs, type, 0);
}
void okk_bdc_fixed_point_packed_min_C(local_addr_t dst, local_addr_t src, int C,
                                      const dim4* shape, const dim4* ds, const dim4* ss,
                                      op_type_t type) {
  with_constant(__func__, BdcOp::FixedMin, dst, src, C, shape, ds, ss, type, 0);
}

void okk_bdc_fixed_point_packed_mac(local_addr_t dst, local_addr_t a, local_addr_t b,
                                    const dim4* shape, const dim4* ds, const dim4* as,
                                    const dim4* bs, bool is_origin_dst_signed, op_type_t type,
                                    int lshift, int rshift) {
  BdcCommand c = command(__func__, BdcOp::FixedMac, dst, shape, ds, type, rshift);
  c.src[0] = Source::of(packed(a, as, shape, types(type).src0));
  c.src[1] = Source::of(packed(b, bs, shape, types(type).src1));
  c.param[2] = lshift;
  c.param[3] = is_origin_dst_signed ? 1 : 0;
  issue_bdc(c);
}
void okk_bdc_fixed_point_packed_mac_C(local_addr_t dst, local_addr_t src, int C,
                                      const dim4* shape, const dim4* ds, const dim4* ss,
                                      bool is_origin_dst_signed, op_type_t type, int lshift,
                                      int rshift) {
  BdcCommand c = command(__func__, BdcOp::FixedMac, dst, shape, ds, type, rshift);
  c.src[0] = Source::of(packed(src, ss, shape, types(type).src0));
  c.src[1] = Source::constant(static_cast<uint32_t>(C));
  c.param[2] = lshift;
  c.param[3] = is_origin_dst_signed ? 1 : 0;
  issue_bdc(c);
}

// 4N int8 -> fp32. The work buffer is the chip's scratch; acosim leaves it.
// `is_aligned_layout` selects the 128-byte aligned layout for both tensors
// (else compact).
static void int8_to_fp32(const char* api, local_addr_t dst, local_addr_t src, const dim4* shape,
                         bool is_signed, bool is_aligned_layout) {
  BdcCommand c;
  c.op = BdcOp::Int8ToFp32;
  c.api = api;
  c.shape = Dim4{shape->n, shape->c, shape->h, shape->w};
  const auto stride = [&](local_addr_t address) {
    const int npu = static_cast<int>(address / chip().local_mem_bytes);
    return is_aligned_layout ? aligned_stride(chip(), npu, c.shape, chip().eu_num(4))
                             : compact_stride(chip(), npu, c.shape);
  };
  c.dst = Tensor{Space::Local, dst, stride(dst), DType::FP32};
  c.src[0] = Source::of(Tensor{Space::Local, src, stride(src),
                               is_signed ? DType::INT8 : DType::UINT8});
  c.param[0] = is_signed ? 1 : 0;
  issue_bdc(c);
}
void okk_bdc_4N_int8_to_fp32(local_addr_t dst, local_addr_t src, local_addr_t,
                             const dim4* shape, bool is_signed, bool is_aligned_layout) {
  int8_to_fp32(__func__, dst, src, shape, is_signed, is_aligned_layout);
}
void okk_bdc_int8_to_fp32(local_addr_t dst, local_addr_t src, local_addr_t, const dim4* shape,
                          bool is_signed, bool is_aligned_layout) {
  int8_to_fp32(__func__, dst, src, shape, is_signed, is_aligned_layout);
}

// 16-bit shifts on 2N-packed int16 / uint16: dst = value shifted by a
// signed int16 count (positive left). The C_ forms shift the constant by
// each element of the tensor.
static void shift16(const char* api, BdcOp op, local_addr_t dst, local_addr_t src,
                    const Source& second, const dim4* shape, const dim4* ds, const dim4* ss,
                    bool constant_first) {
  const DType value = op == BdcOp::Fixed16ArithmeticShift ? DType::INT16 : DType::UINT16;
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = Dim4{shape->n, shape->c, shape->h, shape->w};
  c.dst = packed(dst, ds, shape, value);
  c.src[0] = Source::of(packed(src, ss, shape, constant_first ? DType::INT16 : value));
  c.src[1] = second;
  c.param[3] = constant_first ? 1 : 0;
  issue_bdc(c);
}
void okk_bdc_fixed_point_packed_16bit_arithmetic_shift(local_addr_t dst, local_addr_t src0,
                                                       local_addr_t src1, const dim4* shape,
                                                       const dim4* ds, const dim4* s0s,
                                                       const dim4* s1s) {
  shift16(__func__, BdcOp::Fixed16ArithmeticShift, dst, src0,
          Source::of(packed(src1, s1s, shape, DType::INT16)), shape, ds, s0s, false);
}
void okk_bdc_fixed_point_packed_16bit_logical_shift(local_addr_t dst, local_addr_t src0,
                                                    local_addr_t src1, const dim4* shape,
                                                    const dim4* ds, const dim4* s0s,
                                                    const dim4* s1s) {
  shift16(__func__, BdcOp::Fixed16LogicalShift, dst, src0,
          Source::of(packed(src1, s1s, shape, DType::INT16)), shape, ds, s0s, false);
}
void okk_bdc_fixed_point_packed_16bit_arithmetic_shift_C(local_addr_t dst, local_addr_t src,
                                                         short C, const dim4* shape,
                                                         const dim4* ds, const dim4* ss) {
  shift16(__func__, BdcOp::Fixed16ArithmeticShift, dst, src,
          Source::constant(static_cast<uint16_t>(C)), shape, ds, ss, false);
}
void okk_bdc_fixed_point_packed_16bit_logical_shift_C(local_addr_t dst, local_addr_t src, short C,
                                                      const dim4* shape, const dim4* ds,
                                                      const dim4* ss) {
  shift16(__func__, BdcOp::Fixed16LogicalShift, dst, src,
          Source::constant(static_cast<uint16_t>(C)), shape, ds, ss, false);
}
void okk_bdc_fixed_point_packed_16bit_C_arithmetic_shift(local_addr_t dst, local_addr_t src,
                                                         short C, const dim4* shape,
                                                         const dim4* ds, const dim4* ss) {
  shift16(__func__, BdcOp::Fixed16ArithmeticShift, dst, src,
          Source::constant(static_cast<uint16_t>(C)), shape, ds, ss, true);
}
void okk_bdc_fixed_point_packed_16bit_C_logical_shift(local_addr_t dst, local_addr_t src,
                                                      unsigned short C, const dim4* shape,
                                                      const dim4* ds, const dim4* ss) {
  shift16(__func__, BdcOp::Fixed16LogicalShift, dst, src, Source::constant(C), shape, ds, ss,
          true);
}
void okk_bdc_fixed_point_packed_16bit_split_high_8bit(local_addr_t, local_addr_t, const dim4*,
                                                      const dim4*, const dim4*) {
  not_modelled(__func__);
}
void okk_bdc_fixed_point_packed_16bit_split_low_8bit(local_addr_t, local_addr_t, local_addr_t,
                                                     const dim4*, const dim4*, const dim4*,
                                                     const dim4*) {
  not_modelled(__func__);
}
void okk_bdc_fixed_point_packed_16bit_mul_8bit(local_addr_t, local_addr_t, local_addr_t,
                                               local_addr_t, const dim4*, const dim4*,
                                               const dim4*, const dim4*, const dim4*, mul_type_t,
                                               int) {
  not_modelled(__func__);
}
void okk_bdc_fixed_point_packed_s16_mul_u8_to_s16(local_addr_t, local_addr_t, local_addr_t,
                                                  local_addr_t, local_addr_t, local_addr_t,
                                                  const dim4*, const dim4*, const dim4*,
                                                  const dim4*, const dim4*, const dim4*,
                                                  const dim4*, int) {
  not_modelled(__func__);
}

}  // extern "C"

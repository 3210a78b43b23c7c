// BDC fixed-point operations of BM1684 on 4N/2N-packed int8 / int16
// tensors (OKKernel okk_bdc_fixed_point_packed_{add,sub,mul,mac,max,min}
// and their _C / C_sub forms) and the int8 -> fp32 conversion
// (okk_bdc_4N_int8_to_fp32, okk_bdc_int8_to_fp32).
//
// The command, as the okk layer fills it:
//  - shape: the logical shape (N, C, H, W) in elements; N counts unpacked
//    batches (a 4N word holds four of them).
//  - dst, src[0]: local tensors. src[1]: a local tensor, or for the _C forms
//    a Source::Kind::Scalar whose `scalar` holds the API's `int C` as int32
//    bits. Tensor dtypes are INT8 / UINT8 / INT16 / UINT16 as op_type says.
//    Strides count 32-bit words of the packed tensor (LocalGeometry places
//    element n in lane n mod 4 (8-bit) or n mod 2 (16-bit) of its word).
//  - param[0]: op_type, packed as okk.h's OP_TYPE macro packs it:
//      bit 0 sources 8-bit (1) / 16-bit (0), bit 1 src0 signed,
//      bit 2 src1 signed, bit 3 dst 8-bit (1) / 16-bit (0), bit 4 dst signed.
//    (The comment above the macro in okk.h names bits 0, 1, 3, 4, 5; the
//    macro is what compiled kernels pass, so the macro rules.) src0 / src1
//    are the API call's operands, the left and the right one. Only
//    okk.h's op_type_t values are accepted: an unsigned dst needs two
//    unsigned sources.
//  - param[1]: rshift, in [0, 31] (add, sub, mul, mac; max / min ignore it).
//  - param[2]: lshift, in [0, 31] (mac only).
//  - param[3]: sub: 1 when src[1] is the left operand. okk_bdc_fixed_point_
//    packed_C_sub (dst = C - src) puts the tensor in src[0] and C in
//    src[1] and sets 1; op_type keeps the API's meaning, so its src0 bit
//    then describes src[1] (the C) and its src1 bit src[0] (the tensor).
//    mac: is_origin_dst_signed (0 / 1), how the old dst is read.
//  - Int8ToFp32: src[0] an INT8 or UINT8 tensor, param[0] is_signed (0 / 1,
//    must agree with the dtype), dst an FP32 tensor of the same shape.
//
// Numerics (docs/sophon.md, "BDC numerics"; the rshift rule is OKKernel's
// fixed_point_binary page, saturation acosim's reading of it):
//  - every operation is computed exactly in int64 on the operands' values;
//  - a scalar C is an element of its operand's type: its low 8 / 16 bits,
//    read with the operand's signedness (acosim's reading: the chip holds
//    the constant in an operand of that type; OKKernel does not say);
//  - mac: (old dst << lshift) + src0 * src1, the old dst read with the dst's
//    width and is_origin_dst_signed;
//  - rshift > 0 rounds half up: (v + 2^(rshift-1)) >> rshift, an arithmetic
//    shift (floor), so 7.5 -> 8 and -7.5 -> -7;
//  - max / min compare the values and take no shift;
//  - the result saturates to the dst type's range;
//  - int8 -> fp32 is exact;
//  - the 16-bit shifts (okk_bdc_fixed_point_packed_16bit_*_shift) take a
//    signed int16 count as the 32-bit shifts do: positive shifts left,
//    negative right (arithmetic: sign-filling on int16; logical: zero-
//    filling on uint16); the result wraps to 16 bits (no saturation), and
//    counts of 16 or more give 0 (or -1 for a negative value shifted right
//    arithmetically).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "sw/common/hex.h"
#include "systemc/sophon/bdc_kernels.h"
#include "systemc/sophon/command_check.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

namespace {

constexpr int32_t kMaxShift = 31;

/// okk.h's op_type_t, bit by bit (the OP_TYPE macro's packing).
struct OpType {
  bool src_8bit;       ///< bit 0: both sources 8-bit, else 16-bit
  bool src_signed[2];  ///< bits 1, 2: the API's src0 (left) and src1 (right)
  bool dst_8bit;       ///< bit 3
  bool dst_signed;     ///< bit 4
  uint32_t src_bytes() const { return src_8bit ? 1 : 2; }
  uint32_t dst_bytes() const { return dst_8bit ? 1 : 2; }
};

OpType decode(int32_t bits) {
  return OpType{(bits & 1) != 0, {(bits & 2) != 0, (bits & 4) != 0}, (bits & 8) != 0,
                (bits & 16) != 0};
}

bool is_fixed_binary(BdcOp op) {
  switch (op) {
    case BdcOp::FixedAdd: case BdcOp::FixedSub: case BdcOp::FixedMul: case BdcOp::FixedMac:
    case BdcOp::FixedMax: case BdcOp::FixedMin:
      return true;
    default:
      return false;
  }
}

bool takes_rshift(BdcOp op) { return op != BdcOp::FixedMax && op != BdcOp::FixedMin; }

/// C_sub: src[1] is the left operand.
bool reversed(const BdcCommand& c) { return c.op == BdcOp::FixedSub && c.param[3] == 1; }

/// The signedness op_type gives command source `i`: the bit of the API
/// operand it stands for (swapped for C_sub).
bool source_signed(const OpType& t, const BdcCommand& c, int i) {
  return t.src_signed[reversed(c) ? 1 - i : i];
}

DType int_dtype(bool eight_bit, bool is_signed) {
  if (eight_bit) return is_signed ? DType::INT8 : DType::UINT8;
  return is_signed ? DType::INT16 : DType::UINT16;
}

/// A local operand of the expected dtype: checks its place (check_local) and
/// returns its start NPU.
uint32_t check_operand_of(const Chip& chip, const BdcCommand& c, const char* role,
                          const Tensor& t, DType expected, const std::string& why) {
  if (t.space != Space::Local) refuse(c.api, std::string(role) + " must be in local memory");
  if (t.dtype != expected) {
    refuse(c.api, std::string(role) + " is " + dtype_name(t.dtype) + " but " + why + " says " +
                      dtype_name(expected));
  }
  return check_local(chip, c.api, role, t, c.shape);
}

void check_int8_to_fp32(const Chip& chip, const BdcCommand& c) {
  if (c.param[0] != 0 && c.param[0] != 1) {
    refuse(c.api, "is_signed " + std::to_string(c.param[0]) + " is not 0 or 1");
  }
  if (c.src[0].kind != Source::Kind::Tensor) refuse(c.api, "src must be a tensor");
  const uint32_t npu =
      check_operand_of(chip, c, "dst", c.dst, DType::FP32, "int8_to_fp32");
  const uint32_t src_npu =
      check_operand_of(chip, c, "src", c.src[0].tensor, int_dtype(true, c.param[0] == 1),
                       "is_signed " + std::to_string(c.param[0]));
  check_same_npu(c.api, "dst", npu, "src", src_npu);
}

// Element values: little-endian 1- or 2-byte integers.
int64_t read_int(const uint8_t* p, uint32_t bytes, bool is_signed) {
  if (bytes == 1) return is_signed ? int64_t{static_cast<int8_t>(p[0])} : int64_t{p[0]};
  const auto raw = static_cast<uint16_t>(p[0] | (p[1] << 8));
  return is_signed ? int64_t{static_cast<int16_t>(raw)} : int64_t{raw};
}

void write_int(uint8_t* p, uint32_t bytes, int64_t v) {
  const auto raw = static_cast<uint64_t>(v);
  p[0] = static_cast<uint8_t>(raw & 0xff);
  if (bytes == 2) p[1] = static_cast<uint8_t>((raw >> 8) & 0xff);
}

/// The constant as an element of its operand's type (low 8 / 16 bits).
int64_t constant_value(uint32_t bits, uint32_t bytes, bool is_signed) {
  const uint8_t le[2] = {static_cast<uint8_t>(bits & 0xff),
                         static_cast<uint8_t>((bits >> 8) & 0xff)};
  return read_int(le, bytes, is_signed);
}

/// rshift > 0: (v + 2^(rshift-1)) >> rshift, the shift arithmetic (rounds
/// toward minus infinity), which makes the whole a round half up.
int64_t round_shift(int64_t v, int32_t rshift) {
  if (rshift <= 0) return v;
  const int64_t divisor = int64_t{1} << rshift;
  const int64_t biased = v + divisor / 2;
  return biased >= 0 ? biased / divisor : -((-biased + divisor - 1) / divisor);
}

/// Clamp to the dst type: s8 [-128, 127], u8 [0, 255], s16, u16 likewise.
int64_t saturate(int64_t v, uint32_t bytes, bool is_signed) {
  const int64_t bits = 8 * int64_t{bytes};
  const int64_t lo = is_signed ? -(int64_t{1} << (bits - 1)) : 0;
  const int64_t hi = is_signed ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
  return std::clamp(v, lo, hi);
}

/// One element before saturation: `left` and `right` are the API's src0 and
/// src1, `old` the dst's value before the command (mac).
int64_t compute(const BdcCommand& c, int64_t left, int64_t right, int64_t old) {
  const int32_t rshift = c.param[1];
  switch (c.op) {
    case BdcOp::FixedAdd: return round_shift(left + right, rshift);
    case BdcOp::FixedSub: return round_shift(left - right, rshift);
    case BdcOp::FixedMul: return round_shift(left * right, rshift);
    // old << lshift, written as a product: old may be negative.
    case BdcOp::FixedMac:
      return round_shift(old * (int64_t{1} << c.param[2]) + left * right, rshift);
    case BdcOp::FixedMax: return std::max(left, right);
    case BdcOp::FixedMin: return std::min(left, right);
    default: return 0;
  }
}

/// Elements per NPU over the EU step of `element_bytes`-sized elements.
uint64_t cycles(const BdcContext& x, const BdcCommand& c, uint32_t element_bytes) {
  const uint64_t per_npu =
      uint64_t(c.shape.n) *
      uint64_t(channels_per_npu(x.chip, int(c.dst.address / x.chip.local_mem_bytes), c.shape.c)) *
      uint64_t(c.shape.h) * uint64_t(c.shape.w);
  const uint64_t eu = x.chip.eu_num(element_bytes);
  return (per_npu + eu - 1) / eu;
}

uint64_t run_int8_to_fp32(const BdcContext& x, const BdcCommand& c) {
  const bool is_signed = c.param[0] == 1;
  const LocalGeometry dst(x.chip, c.dst);
  const LocalGeometry src(x.chip, c.src[0].tensor);
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      for (int64_t h = 0; h < c.shape.h; ++h) {
        uint8_t* out = x.local + dst.byte(n, ch, h, 0);
        const uint8_t* in = x.local + src.byte(n, ch, h, 0);
        for (int64_t w = 0; w < c.shape.w; ++w) {
          // Every int8 / uint8 is exactly an fp32.
          const auto value = static_cast<float>(read_int(in + w * src.w_step(), 1, is_signed));
          std::memcpy(out + w * dst.w_step(), &value, 4);
        }
      }
    }
  }
  return cycles(x, c, 1);
}

bool is_shift16(BdcOp op) {
  return op == BdcOp::Fixed16ArithmeticShift || op == BdcOp::Fixed16LogicalShift;
}

void check_shift16(const Chip& chip, const BdcCommand& c) {
  const bool arithmetic = c.op == BdcOp::Fixed16ArithmeticShift;
  const DType value = arithmetic ? DType::INT16 : DType::UINT16;
  const bool constant_first = c.param[3] == 1;
  if (c.param[3] != 0 && c.param[3] != 1) {
    refuse(c.api, "operand order " + std::to_string(c.param[3]) + " is not 0 or 1");
  }
  if (c.src[0].kind != Source::Kind::Tensor) refuse(c.api, "src0 must be a tensor");
  if (c.src[1].kind == Source::Kind::Vector) refuse(c.api, "src1 must be a tensor or a constant");
  const std::string why = arithmetic ? "an arithmetic shift" : "a logical shift";
  const uint32_t npu = check_operand_of(chip, c, "dst", c.dst, value, why);
  // With the constant first, src0 holds the counts (int16).
  const uint32_t s0 = check_operand_of(chip, c, "src0", c.src[0].tensor,
                                       constant_first ? DType::INT16 : value, why);
  check_same_npu(c.api, "dst", npu, "src0", s0);
  if (c.src[1].kind == Source::Kind::Tensor) {
    const uint32_t s1 = check_operand_of(chip, c, "src1", c.src[1].tensor, DType::INT16, why);
    check_same_npu(c.api, "dst", npu, "src1", s1);
  }
}

int64_t shift16(int64_t value, int64_t count, bool arithmetic) {
  if (count >= 16) return 0;
  // A left shift of a negative value is a product (value may be negative).
  if (count >= 0) return value * (int64_t{1} << count);
  if (-count >= 16) return arithmetic && value < 0 ? -1 : 0;
  return value >> -count;  // value is int16 (sign-filling) or uint16 (zero-filling)
}

uint64_t run_shift16(const BdcContext& x, const BdcCommand& c) {
  const bool arithmetic = c.op == BdcOp::Fixed16ArithmeticShift;
  const bool constant_first = c.param[3] == 1;
  const bool tensor1 = c.src[1].kind == Source::Kind::Tensor;
  const LocalGeometry dst(x.chip, c.dst), src0(x.chip, c.src[0].tensor);
  const LocalGeometry src1 = tensor1 ? LocalGeometry(x.chip, c.src[1].tensor) : src0;
  const int64_t constant = static_cast<int16_t>(c.src[1].scalar & 0xffff);
  for (int64_t n = 0; n < c.shape.n; ++n)
    for (int64_t ch = 0; ch < c.shape.c; ++ch)
      for (int64_t h = 0; h < c.shape.h; ++h)
        for (int64_t w = 0; w < c.shape.w; ++w) {
          const int64_t a = read_int(x.local + src0.byte(n, ch, h, w), 2, arithmetic || constant_first);
          const int64_t b = tensor1 ? read_int(x.local + src1.byte(n, ch, h, w), 2, true) : constant;
          // value and count: (a, b), or with the constant first (C, a).
          int64_t value = constant_first ? b : a;
          const int64_t count = constant_first ? a : b;
          value = arithmetic ? int64_t(int16_t(value & 0xffff)) : int64_t(value & 0xffff);
          write_int(x.local + dst.byte(n, ch, h, w), 2, shift16(value, count, arithmetic) & 0xffff);
        }
  return cycles(x, c, 2);
}

}  // namespace

void check_fixed_point(const Chip& chip, const BdcCommand& c) {
  check_shape(c.api, "shape", c.shape, static_cast<int>(chip.max_bdc_c));
  if (c.op == BdcOp::Int8ToFp32) {
    check_int8_to_fp32(chip, c);
    return;
  }
  if (is_shift16(c.op)) {
    check_shift16(chip, c);
    return;
  }
  if (!is_fixed_binary(c.op)) {
    refuse(c.api, std::string(bdc_op_name(c.op)) + " is not a fixed-point operation");
  }
  if (c.param[0] < 0 || c.param[0] > 31) {
    refuse(c.api, "op_type " + std::to_string(c.param[0]) + " is outside [0, 31]");
  }
  const OpType t = decode(c.param[0]);
  if (!t.dst_signed && (t.src_signed[0] || t.src_signed[1])) {
    refuse(c.api, "op_type " + hex(static_cast<uint64_t>(c.param[0])) +
                      " is not an op_type_t: an unsigned dst needs unsigned sources");
  }
  if (takes_rshift(c.op) && (c.param[1] < 0 || c.param[1] > kMaxShift)) {
    refuse(c.api, "rshift " + std::to_string(c.param[1]) + " is outside [0, 31]");
  }
  if (c.op == BdcOp::FixedMac && (c.param[2] < 0 || c.param[2] > kMaxShift)) {
    refuse(c.api, "lshift " + std::to_string(c.param[2]) + " is outside [0, 31]");
  }
  if (c.op == BdcOp::FixedSub && c.param[3] != 0 && c.param[3] != 1) {
    refuse(c.api, "operand order " + std::to_string(c.param[3]) + " is not 0 or 1");
  }
  if (c.op == BdcOp::FixedMac && c.param[3] != 0 && c.param[3] != 1) {
    refuse(c.api, "is_origin_dst_signed " + std::to_string(c.param[3]) + " is not 0 or 1");
  }
  if (c.src[0].kind != Source::Kind::Tensor) refuse(c.api, "src0 must be a tensor");
  if (c.src[1].kind == Source::Kind::Vector) refuse(c.api, "src1 must be a tensor or a constant");

  const std::string why = "op_type " + hex(static_cast<uint64_t>(c.param[0]));
  const uint32_t npu =
      check_operand_of(chip, c, "dst", c.dst, int_dtype(t.dst_8bit, t.dst_signed), why);
  static const char* const roles[2] = {"src0", "src1"};
  for (int i = 0; i < 2; ++i) {
    if (c.src[i].kind != Source::Kind::Tensor) continue;
    const uint32_t source_npu = check_operand_of(
        chip, c, roles[i], c.src[i].tensor, int_dtype(t.src_8bit, source_signed(t, c, i)), why);
    check_same_npu(c.api, "dst", npu, roles[i], source_npu);
  }
}

uint64_t run_fixed_point(const BdcContext& x, const BdcCommand& c) {
  if (c.op == BdcOp::Int8ToFp32) return run_int8_to_fp32(x, c);
  if (is_shift16(c.op)) {
    check_shift16(x.chip, c);
    return run_shift16(x, c);
  }
  const OpType t = decode(c.param[0]);
  const uint32_t src_bytes = t.src_bytes(), dst_bytes = t.dst_bytes();
  const bool signed0 = source_signed(t, c, 0), signed1 = source_signed(t, c, 1);
  const bool old_signed = c.op == BdcOp::FixedMac && c.param[3] == 1;
  const bool swap = reversed(c);
  const bool tensor1 = c.src[1].kind == Source::Kind::Tensor;
  const LocalGeometry dst(x.chip, c.dst);
  const LocalGeometry src0(x.chip, c.src[0].tensor);
  const LocalGeometry src1 = tensor1 ? LocalGeometry(x.chip, c.src[1].tensor) : src0;
  const int64_t constant = tensor1 ? 0 : constant_value(c.src[1].scalar, src_bytes, signed1);
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      for (int64_t h = 0; h < c.shape.h; ++h) {
        uint8_t* out = x.local + dst.byte(n, ch, h, 0);
        const uint8_t* in0 = x.local + src0.byte(n, ch, h, 0);
        const uint8_t* in1 = tensor1 ? x.local + src1.byte(n, ch, h, 0) : nullptr;
        for (int64_t w = 0; w < c.shape.w; ++w) {
          // Only the element's own byte(s) of its 32-bit word are read and
          // written: the other lanes (other n, or padding past N) stay.
          uint8_t* o = out + w * dst.w_step();
          const int64_t a = read_int(in0 + w * src0.w_step(), src_bytes, signed0);
          const int64_t b =
              tensor1 ? read_int(in1 + w * src1.w_step(), src_bytes, signed1) : constant;
          const int64_t old = c.op == BdcOp::FixedMac ? read_int(o, dst_bytes, old_signed) : 0;
          const int64_t v = swap ? compute(c, b, a, old) : compute(c, a, b, old);
          write_int(o, dst_bytes, saturate(v, dst_bytes, t.dst_signed));
        }
      }
    }
  }
  return cycles(x, c, src_bytes);
}

}  // namespace acosim::sophon

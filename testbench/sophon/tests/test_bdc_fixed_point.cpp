// BM1684's fixed-point BDC operations and the 4N int8 -> fp32 conversion
// (systemc/sophon/bdc_fixed_point.cpp), run on a plain local-memory window
// without SystemC. Elements are placed with the 4N / 2N rule written out
// here, and every expected value comes from the formula below or by hand:
//   v = a + b, a - b, a * b, (old << lshift) + a * b, max, min;
//   rshift > 0 (not max / min): v = floor((v + 2^(rshift-1)) / 2^rshift);
//   then clamp to the dst type.
// Each run compares the whole local memory with the expected image, so a
// byte written outside the dst's elements (4N padding lanes, stride gaps,
// other tensors) fails the test.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"
#include "sw/sophon/tpu/ports.h"
#include "systemc/sophon/bdc_kernels.h"

namespace acosim::sophon {
namespace {

// op_type_t values, as okk.h's OP_TYPE macro packs them:
// src 8-bit | src0 signed << 1 | src1 signed << 2 | dst 8-bit << 3 | dst signed << 4.
constexpr int32_t kS8S8ToS8 = 1 + 2 + 4 + 8 + 16;  // 31
constexpr int32_t kS8S8ToS16 = 1 + 2 + 4 + 16;     // 23
constexpr int32_t kS8U8ToS8 = 1 + 2 + 8 + 16;      // 27
constexpr int32_t kU8S8ToS8 = 1 + 4 + 8 + 16;      // 29
constexpr int32_t kU8U8ToU8 = 1 + 8;               // 9
constexpr int32_t kU8U8ToU16 = 1;                  // 1
constexpr int32_t kS16S16ToS16 = 2 + 4 + 16;       // 22
constexpr int32_t kS16S16ToS8 = 2 + 4 + 8 + 16;    // 30
constexpr int32_t kU16U16ToU16 = 0;                // 0

uint32_t bytes_of(DType t) {
  switch (t) {
    case DType::INT8: case DType::UINT8: return 1;
    case DType::INT16: case DType::UINT16: return 2;
    default: return 4;
  }
}

DType int_type(bool eight_bit, bool is_signed) {
  if (eight_bit) return is_signed ? DType::INT8 : DType::UINT8;
  return is_signed ? DType::INT16 : DType::UINT16;
}

/// The reference's 4N / 2N placement (BM1684 and the toy): k = 4 / e
/// consecutive n share a 32-bit word, strides count words,
///   byte = npu * S + R + 4 * ((n / k) Ns + slot Cs + h Hs + w Ws) + (n % k) e,
/// with npu = (Q + c) mod X and slot = (Q + c) div X. fp32 is k = 1.
uint64_t element_byte(const Chip& chip, const Tensor& t, int64_t n, int64_t c, int64_t h,
                      int64_t w) {
  const int64_t e = bytes_of(t.dtype), k = 4 / e;
  const int64_t q = static_cast<int64_t>(t.address / chip.local_mem_bytes);
  const int64_t r = static_cast<int64_t>(t.address % chip.local_mem_bytes);
  const int64_t npu = (q + c) % chip.npu_num, slot = (q + c) / chip.npu_num;
  const int64_t word = (n / k) * t.stride.n + slot * t.stride.c + h * t.stride.h + w * t.stride.w;
  return static_cast<uint64_t>(npu * chip.local_mem_bytes + r + 4 * word + (n % k) * e);
}

int64_t get(const std::vector<uint8_t>& mem, uint64_t byte, uint32_t e, bool is_signed) {
  int64_t raw = mem.at(byte);
  if (e == 2) raw |= int64_t{mem.at(byte + 1)} << 8;
  const int64_t half = int64_t{1} << (8 * e - 1);
  return is_signed && raw >= half ? raw - 2 * half : raw;
}

void put(std::vector<uint8_t>& mem, uint64_t byte, uint32_t e, int64_t v) {
  mem.at(byte) = static_cast<uint8_t>(v & 0xff);
  if (e == 2) mem.at(byte + 1) = static_cast<uint8_t>((v >> 8) & 0xff);
}

float get_float(const std::vector<uint8_t>& mem, uint64_t byte) {
  float f;
  std::memcpy(&f, &mem.at(byte), 4);
  return f;
}

/// The semantics, independently: exact value, round half up, clamp.
int64_t expected(BdcOp op, int64_t a, int64_t b, int64_t old, int rshift, int lshift,
                 bool dst_8bit, bool dst_signed) {
  int64_t v = 0;
  switch (op) {
    case BdcOp::FixedAdd: v = a + b; break;
    case BdcOp::FixedSub: v = a - b; break;
    case BdcOp::FixedMul: v = a * b; break;
    case BdcOp::FixedMac: v = old * (int64_t{1} << lshift) + a * b; break;
    case BdcOp::FixedMax: v = a > b ? a : b; break;
    case BdcOp::FixedMin: v = a < b ? a : b; break;
    default: ADD_FAILURE() << "not a fixed-point op";
  }
  if (op != BdcOp::FixedMax && op != BdcOp::FixedMin && rshift > 0) {
    const int64_t d = int64_t{1} << rshift;
    const int64_t biased = v + d / 2;
    int64_t q = biased / d;  // truncates toward zero ...
    if (biased % d != 0 && biased < 0) --q;  // ... floor is one lower for negatives
    v = q;
  }
  const int bits = dst_8bit ? 8 : 16;
  const int64_t lo = dst_signed ? -(int64_t{1} << (bits - 1)) : 0;
  const int64_t hi = dst_signed ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
  return v < lo ? lo : v > hi ? hi : v;
}

/// A chip's local memory, filled with noise that must survive every command
/// except at the dst's elements.
struct Machine {
  Chip chip;
  std::vector<uint8_t> mem;
  explicit Machine(const Chip& c, uint32_t seed = 7) : chip(c), mem(c.local_mem_total()) {
    std::mt19937 rng(seed);
    for (size_t i = 0; i < mem.size(); i += 4) {
      const uint32_t r = rng();
      std::memcpy(&mem[i], &r, 4);  // local memory is a multiple of 4 bytes
    }
  }
  BdcContext context() { return BdcContext{chip, mem.data()}; }
};

/// As the BDC does: check, and only then run.
uint64_t issue(Machine& m, const BdcCommand& c) {
  check_fixed_point(m.chip, c);
  return run_fixed_point(m.context(), c);
}

int64_t first_difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  if (a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0) return -1;
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return static_cast<int64_t>(i);
  }
  return -1;
}

#define EXPECT_SAME_MEMORY(got, want)                                                \
  do {                                                                               \
    const int64_t at = first_difference(got, want);                                  \
    EXPECT_EQ(at, -1) << "byte " << at << ": got " << int((got)[size_t(at)])        \
                      << ", expected " << int((want)[size_t(at)]);                   \
  } while (0)

Tensor local(const Chip& chip, uint32_t npu, uint32_t offset, Dim4 stride, DType type) {
  Tensor t;
  t.space = Space::Local;
  t.address = uint64_t{npu} * chip.local_mem_bytes + offset;
  t.stride = stride;
  t.dtype = type;
  return t;
}

BdcCommand command(BdcOp op, const char* api, Dim4 shape, Tensor dst, Source s0, Source s1,
                   int32_t type, int32_t rshift, int32_t lshift = 0, int32_t p3 = 0) {
  BdcCommand c;
  c.op = op;
  c.api = api;
  c.shape = shape;
  c.dst = dst;
  c.src[0] = s0;
  c.src[1] = s1;
  c.param[0] = type;
  c.param[1] = rshift;
  c.param[2] = lshift;
  c.param[3] = p3;
  return c;
}

// ---------------------------------------------------------------------------
// Hand-computed cases: case i is element n = i of a (N, 1, 1, 1) tensor on
// NPU 1, so the cases share 4N / 2N words and the lanes past N are padding.

struct Hand {
  int64_t a, b, want;
  int64_t old = 0;  ///< mac: the dst's value before
};

void run_hand(const Chip& chip, BdcOp op, int32_t type, int32_t rshift, int32_t lshift,
              int32_t p3, const std::vector<Hand>& cases, bool constant = false,
              uint32_t scalar = 0) {
  SCOPED_TRACE(chip.name + " " + bdc_op_name(op) + " op_type " + std::to_string(type));
  Machine m(chip);
  const bool src8 = type & 1, dst8 = type & 8;
  const bool left_signed = type & 2, right_signed = type & 4;
  // C_sub: src[0] is the API's right operand.
  const bool swap = op == BdcOp::FixedSub && p3 == 1;
  const Dim4 shape{static_cast<int32_t>(cases.size()), 1, 1, 1};
  const Dim4 stride{1, 1, 1, 1};
  const Tensor s0 = local(chip, 1, 0x40, stride, int_type(src8, swap ? right_signed : left_signed));
  const Tensor s1 = local(chip, 1, 0x80, stride, int_type(src8, right_signed));
  const Tensor d = local(chip, 1, 0xc0, stride, int_type(dst8, (type & 16) != 0));
  const uint32_t se = src8 ? 1 : 2, de = dst8 ? 1 : 2;
  for (size_t n = 0; n < cases.size(); ++n) {
    put(m.mem, element_byte(chip, s0, n, 0, 0, 0), se, cases[n].a);
    put(m.mem, element_byte(chip, s1, n, 0, 0, 0), se, cases[n].b);
    put(m.mem, element_byte(chip, d, n, 0, 0, 0), de, cases[n].old);
  }
  std::vector<uint8_t> want = m.mem;
  for (size_t n = 0; n < cases.size(); ++n) {
    put(want, element_byte(chip, d, n, 0, 0, 0), de, cases[n].want);
  }
  const BdcCommand c = command(op, "okk_hand", shape, d, Source::of(s0),
                               constant ? Source::constant(scalar) : Source::of(s1), type,
                               rshift, lshift, p3);
  issue(m, c);
  EXPECT_SAME_MEMORY(m.mem, want);
}

std::vector<Chip> chips() { return {bm1684(), toy()}; }

TEST(FixedPointHand, AddRoundsHalfUp) {
  for (const Chip& chip : chips()) {
    // s8 + s8 -> s8, rshift 1: (a + b + 1) >> 1.
    run_hand(chip, BdcOp::FixedAdd, kS8S8ToS8, 1, 0, 0,
             {{7, 8, 8},      // 7.5 -> 8
              {-7, -8, -7},   // -7.5 -> -7 (half up, not away from zero)
              {1, 0, 1},      // 0.5 -> 1
              {-1, 0, 0},     // -0.5 -> 0
              {3, 4, 4},      // 3.5 -> 4
              {-3, -4, -3}}); // -3.5 -> -3; N = 6 leaves lanes 2, 3 of word 1 as padding
    // rshift 2: (5 + 0 + 2) >> 2 = 1 (1.25 -> 1); (6 + 2) >> 2 = 2 (1.5 -> 2);
    // (-6 + 2) >> 2 = floor(-1) = -1 (-1.5 -> -1); (-7 + 2) >> 2 = floor(-1.25) = -2.
    run_hand(chip, BdcOp::FixedAdd, kS8S8ToS8, 2, 0, 0,
             {{5, 0, 1}, {6, 0, 2}, {-6, 0, -1}, {-7, 0, -2}, {127, 127, 64}});
  }
}

TEST(FixedPointHand, SubRoundsHalfUp) {
  for (const Chip& chip : chips()) {
    // -7 - 8 = -15, (-15 + 1) >> 1 = -7; 8 - 1 = 7 -> (7 + 1) >> 1 = 4; 0 - 1 -> 0.
    run_hand(chip, BdcOp::FixedSub, kS8S8ToS8, 1, 0, 0, {{-7, 8, -7}, {8, 1, 4}, {0, 1, 0}});
  }
}

TEST(FixedPointHand, SaturatesToTheDstType) {
  for (const Chip& chip : chips()) {
    run_hand(chip, BdcOp::FixedAdd, kS8S8ToS8, 0, 0, 0,
             {{100, 100, 127}, {-100, -100, -128}, {100, 27, 127}, {-1, 1, 0}});
    // u8 - u8 -> u8 below zero gives 0; u8 + u8 -> u8 above 255 gives 255.
    run_hand(chip, BdcOp::FixedSub, kU8U8ToU8, 0, 0, 0, {{3, 5, 0}, {5, 3, 2}, {0, 255, 0}});
    run_hand(chip, BdcOp::FixedAdd, kU8U8ToU8, 0, 0, 0, {{200, 100, 255}, {200, 55, 255}});
    // A 16-bit dst holds 200 and -256 (two n per 2N word, n = 2 alone in word 1).
    run_hand(chip, BdcOp::FixedAdd, kS8S8ToS16, 0, 0, 0,
             {{100, 100, 200}, {-128, -128, -256}, {127, 1, 128}});
    // u8 + u8 -> u16: 255 + 255 = 510.
    run_hand(chip, BdcOp::FixedAdd, kU8U8ToU16, 0, 0, 0, {{255, 255, 510}});
    // 16-bit products: 300 * 300 = 90000 -> 32767 (s16), 65535 (u16);
    // -300 * 300 -> -32768; rshift 4: (90000 + 8) >> 4 = 5625 fits.
    run_hand(chip, BdcOp::FixedMul, kS16S16ToS16, 0, 0, 0,
             {{300, 300, 32767}, {-300, 300, -32768}, {-2, 3, -6}});
    run_hand(chip, BdcOp::FixedMul, kS16S16ToS16, 4, 0, 0, {{300, 300, 5625}});
    run_hand(chip, BdcOp::FixedMul, kU16U16ToU16, 0, 0, 0, {{300, 300, 65535}, {256, 255, 65280}});
    // s16 -> s8: 1000 -> 127, -1000 -> -128, 1000 >> 3 = 125 (exact).
    run_hand(chip, BdcOp::FixedAdd, kS16S16ToS8, 0, 0, 0, {{1000, 0, 127}, {-1000, 0, -128}});
    run_hand(chip, BdcOp::FixedAdd, kS16S16ToS8, 3, 0, 0, {{1000, 0, 125}});
  }
}

TEST(FixedPointHand, MixedSignednessReadsEachSourceByItsBit) {
  for (const Chip& chip : chips()) {
    // s8 op u8: byte 0xff is -1 in src0 and 255 in src1.
    run_hand(chip, BdcOp::FixedAdd, kS8U8ToS8, 0, 0, 0, {{-1, 255, 127}, {-1, 100, 99}});
    run_hand(chip, BdcOp::FixedMax, kS8U8ToS8, 0, 0, 0, {{-1, 255, 127}, {-1, 0, 0}});
    run_hand(chip, BdcOp::FixedMin, kS8U8ToS8, 0, 0, 0, {{-1, 255, -1}});
    // u8 op s8: 200 - (-100) = 300 -> 127.
    run_hand(chip, BdcOp::FixedSub, kU8S8ToS8, 0, 0, 0, {{200, -100, 127}, {10, 20, -10}});
  }
}

TEST(FixedPointHand, MaxAndMinTakeNoShift) {
  for (const Chip& chip : chips()) {
    // param[1] = 3 is ignored by max / min.
    run_hand(chip, BdcOp::FixedMax, kS8S8ToS8, 3, 0, 0, {{-3, 2, 2}, {-128, -127, -127}});
    run_hand(chip, BdcOp::FixedMin, kS8S8ToS8, 3, 0, 0, {{-3, 2, -3}, {127, 126, 126}});
    run_hand(chip, BdcOp::FixedMax, kU8U8ToU8, 0, 0, 0, {{200, 100, 200}});
  }
}

TEST(FixedPointHand, MacShiftsTheOldDstLeft) {
  for (const Chip& chip : chips()) {
    // (5 << 2) + 3 * 5 = 35, (35 + 1) >> 1 = 18 (17.5 -> 18);
    // (-2 << 2) - 3 * 5 = -23, (-23 + 1) >> 1 = -11 (-11.5 -> -11).
    run_hand(chip, BdcOp::FixedMac, kS8S8ToS8, 1, 2, 1, {{3, 5, 18, 5}, {-3, 5, -11, -2}});
    // The old s16 dst 0xfffb: is_origin_dst_signed = 1 reads -5, so -5 + 1 = -4;
    // = 0 reads 65531, so 65532 saturates to 32767.
    run_hand(chip, BdcOp::FixedMac, kS8S8ToS16, 0, 0, 1, {{1, 1, -4, -5}});
    run_hand(chip, BdcOp::FixedMac, kS8S8ToS16, 0, 0, 0, {{1, 1, 32767, 0xfffb}});
    // lshift 8: (1 << 8) + 2 * 3 = 262 in s16.
    run_hand(chip, BdcOp::FixedMac, kS8S8ToS16, 0, 8, 1, {{2, 3, 262, 1}});
  }
}

TEST(FixedPointHand, ConstantForms) {
  for (const Chip& chip : chips()) {
    // sub_C: src - C, C = 10.
    run_hand(chip, BdcOp::FixedSub, kS8S8ToS8, 0, 0, 0, {{3, 0, -7}, {-5, 0, -15}}, true, 10);
    // C_sub: the okk layer swaps the operands and sets param[3] = 1: C - src.
    run_hand(chip, BdcOp::FixedSub, kS8S8ToS8, 0, 0, 1, {{3, 0, 7}, {-5, 0, 15}, {-128, 0, 127}},
             true, 10);
    // C_sub with u8 C and s8 tensor (op_type u8 op s8): 200 - (-100) -> 127; the
    // tensor (src[0]) is read with op_type's src1 bit, C with its src0 bit.
    run_hand(chip, BdcOp::FixedSub, kU8S8ToS8, 0, 0, 1, {{-100, 0, 127}, {100, 0, 100}}, true,
             200);
    // add_C / mul_C / max_C / mac_C.
    run_hand(chip, BdcOp::FixedAdd, kS8S8ToS8, 1, 0, 0, {{8, 0, 8}}, true, 7);
    run_hand(chip, BdcOp::FixedMul, kS8S8ToS16, 0, 0, 0, {{-128, 0, 16384}}, true,
             static_cast<uint32_t>(-128));
    run_hand(chip, BdcOp::FixedMax, kS8S8ToS8, 0, 0, 0, {{-9, 0, -4}, {3, 0, 3}}, true,
             static_cast<uint32_t>(-4));
    run_hand(chip, BdcOp::FixedMac, kS8S8ToS8, 0, 1, 1, {{2, 0, 16, 3}}, true, 5);
  }
}

TEST(FixedPointHand, ConstantIsAnElementOfItsOperandType) {
  for (const Chip& chip : chips()) {
    // C = -1 for a u8 operand is 255 (its low byte): 1 + 255 = 256 in u16.
    run_hand(chip, BdcOp::FixedAdd, kU8U8ToU16, 0, 0, 0, {{1, 0, 256}}, true, 0xffffffffu);
    // C = 0x1ff for an s8 operand is -1.
    run_hand(chip, BdcOp::FixedAdd, kS8S8ToS8, 0, 0, 0, {{5, 0, 4}}, true, 0x1ffu);
  }
}

TEST(FixedPointHand, InPlaceOnItsSource) {
  for (const Chip& chip : chips()) {
    Machine m(chip);
    const Dim4 shape{5, 3, 1, 2};
    const Tensor t = local(chip, 2, 0x100, Dim4{6, 2, 2, 1}, DType::INT8);
    std::vector<uint8_t> want = m.mem;
    for (int n = 0; n < 5; ++n)
      for (int c = 0; c < 3; ++c)
        for (int w = 0; w < 2; ++w) {
          const uint64_t at = element_byte(chip, t, n, c, 0, w);
          put(want, at, 1, expected(BdcOp::FixedAdd, get(m.mem, at, 1, true), -3, 0, 0, 0, true,
                                    true));
        }
    issue(m, command(BdcOp::FixedAdd, "okk_inplace", shape, t, Source::of(t),
                     Source::constant(static_cast<uint32_t>(-3)), kS8S8ToS8, 0));
    EXPECT_SAME_MEMORY(m.mem, want);
  }
}

// ---------------------------------------------------------------------------
// Random commands: random op, op_type, shifts, shape, start NPU, strides with
// gaps, constant or tensor src1, against the formula on the noisy memory.

struct Layout {
  Dim4 shape;
  uint32_t npu;
  Dim4 stride[3];      // src0, src1, dst
  uint32_t offset[3];
  bool fits;
};

Dim4 gappy_stride(std::mt19937& rng, const Chip& chip, uint32_t npu, const Dim4& s) {
  const int32_t cpn = static_cast<int32_t>((npu + s.c + chip.npu_num - 1) / chip.npu_num);
  Dim4 st;
  st.w = 1 + static_cast<int32_t>(rng() % 2);
  st.h = s.w * st.w + static_cast<int32_t>(rng() % 2);
  st.c = s.h * st.h + static_cast<int32_t>(rng() % 3);
  st.n = cpn * st.c + static_cast<int32_t>(rng() % 2);
  return st;
}

Layout random_layout(std::mt19937& rng, const Chip& chip, const uint32_t element_bytes[3]) {
  const bool small = chip.local_mem_bytes <= 4096;
  Layout l{};
  l.shape.n = 1 + static_cast<int32_t>(rng() % (small ? 7 : 9));
  l.shape.c = 1 + static_cast<int32_t>(rng() % (small ? 6 : 2 * chip.npu_num + 3));
  l.shape.h = 1 + static_cast<int32_t>(rng() % (small ? 2 : 3));
  l.shape.w = 1 + static_cast<int32_t>(rng() % (small ? 3 : 5));
  l.npu = static_cast<uint32_t>(rng() % chip.npu_num);
  uint32_t cursor = 4 * static_cast<uint32_t>(rng() % 4);
  for (int i = 0; i < 3; ++i) {
    l.stride[i] = gappy_stride(rng, chip, l.npu, l.shape);
    l.offset[i] = cursor;
    const uint32_t k = 4 / element_bytes[i];
    const uint32_t groups = (static_cast<uint32_t>(l.shape.n) + k - 1) / k;
    cursor += 4 * groups * static_cast<uint32_t>(l.stride[i].n) +
              4 * static_cast<uint32_t>(rng() % 3);
  }
  l.fits = cursor <= chip.local_mem_bytes;
  return l;
}

void random_fixed_rounds(const Chip& chip, int rounds, uint32_t seed) {
  Machine m(chip, seed);
  std::mt19937 rng(seed);
  static const BdcOp ops[] = {BdcOp::FixedAdd, BdcOp::FixedSub, BdcOp::FixedMul,
                              BdcOp::FixedMac, BdcOp::FixedMax, BdcOp::FixedMin};
  // The 20 op_type_t values: an unsigned dst only with two unsigned sources.
  std::vector<int32_t> types;
  for (int32_t v = 0; v < 32; ++v) {
    if ((v & 16) != 0 || (v & 6) == 0) types.push_back(v);
  }
  ASSERT_EQ(types.size(), 20u);
  for (int round = 0; round < rounds; ++round) {
    const BdcOp op = ops[rng() % 6];
    const int32_t type = types[rng() % types.size()];
    const bool src8 = type & 1, dst8 = type & 8, dst_signed = type & 16;
    const bool left_signed = type & 2, right_signed = type & 4;
    const uint32_t se = src8 ? 1 : 2, de = dst8 ? 1 : 2;
    // Shifts: half the time small (results stay interesting), else any of [0, 31].
    const auto any_shift = [&rng] {
      return static_cast<int32_t>(rng() % 2 ? rng() % 4 : rng() % 32);
    };
    const int32_t rshift = any_shift();
    const int32_t lshift = op == BdcOp::FixedMac ? any_shift() : 0;
    const bool has_p3 = op == BdcOp::FixedSub || op == BdcOp::FixedMac;
    const int32_t p3 = has_p3 ? static_cast<int32_t>(rng() % 2) : 0;
    const bool swap = op == BdcOp::FixedSub && p3 == 1;
    const bool constant = rng() % 3 == 0 || swap;
    const uint32_t scalar = static_cast<uint32_t>(rng());
    const uint32_t element_bytes[3] = {se, se, de};
    Layout l = random_layout(rng, chip, element_bytes);
    while (!l.fits) l = random_layout(rng, chip, element_bytes);
    const bool s0_signed = swap ? right_signed : left_signed;
    const bool s1_signed = swap ? left_signed : right_signed;
    const Tensor s0 = local(chip, l.npu, l.offset[0], l.stride[0], int_type(src8, s0_signed));
    const Tensor s1 = local(chip, l.npu, l.offset[1], l.stride[1], int_type(src8, s1_signed));
    const Tensor d = local(chip, l.npu, l.offset[2], l.stride[2], int_type(dst8, dst_signed));
    const BdcCommand c = command(op, "okk_random", l.shape, d, Source::of(s0),
                                 constant ? Source::constant(scalar) : Source::of(s1), type,
                                 rshift, lshift, p3);
    SCOPED_TRACE(chip.name + " round " + std::to_string(round) + ": " + bdc_op_name(op) +
                 " op_type " + std::to_string(type) + " rshift " + std::to_string(rshift) +
                 " lshift " + std::to_string(lshift) + " param3 " + std::to_string(p3) +
                 (constant ? " constant" : " tensor") + " shape " + to_string(l.shape) +
                 " npu " + std::to_string(l.npu));
    // The constant as its operand's type: the low byte / half-word.
    int64_t cv = se == 1 ? int64_t{scalar & 0xff} : int64_t{scalar & 0xffff};
    if (s1_signed && cv >= (int64_t{1} << (8 * se - 1))) cv -= int64_t{1} << (8 * se);
    std::vector<uint8_t> want = m.mem;
    for (int n = 0; n < l.shape.n; ++n)
      for (int ch = 0; ch < l.shape.c; ++ch)
        for (int h = 0; h < l.shape.h; ++h)
          for (int w = 0; w < l.shape.w; ++w) {
            const int64_t a = get(m.mem, element_byte(chip, s0, n, ch, h, w), se, s0_signed);
            const int64_t b =
                constant ? cv : get(m.mem, element_byte(chip, s1, n, ch, h, w), se, s1_signed);
            const uint64_t at = element_byte(chip, d, n, ch, h, w);
            const int64_t old = get(m.mem, at, de, op == BdcOp::FixedMac && p3 == 1);
            const int64_t v = swap ? expected(op, b, a, old, rshift, lshift, dst8, dst_signed)
                                   : expected(op, a, b, old, rshift, lshift, dst8, dst_signed);
            put(want, at, de, v);
          }
    issue(m, c);
    EXPECT_SAME_MEMORY(m.mem, want);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(FixedPointRandom, MatchesTheFormulaOnBm1684) { random_fixed_rounds(bm1684(), 60, 1684); }
TEST(FixedPointRandom, MatchesTheFormulaOnToy) { random_fixed_rounds(toy(), 600, 4); }

// ---------------------------------------------------------------------------
// int8 -> fp32

TEST(Int8ToFp32, ConvertsExactly) {
  for (const Chip& chip : chips()) {
    SCOPED_TRACE(chip.name);
    for (const bool is_signed : {true, false}) {
      Machine m(chip);
      const Dim4 shape{5, 2, 1, 3};  // lanes 1..3 of word 1 are padding of src
      const Tensor src =
          local(chip, 3, 0x20, Dim4{8, 3, 3, 1}, is_signed ? DType::INT8 : DType::UINT8);
      // fp32 dst, unpacked: Ns = 8 words per n, Cs = 4 (a gap word per channel).
      const Tensor dst = local(chip, 3, 0x100, Dim4{8, 4, 3, 1}, DType::FP32);
      const int64_t values[] = {-128, -1, 0, 1, 127, 5, -7, 100, -100, 64};
      int i = 0;
      for (int n = 0; n < 5; ++n)
        for (int c = 0; c < 2; ++c)
          for (int w = 0; w < 3; ++w) {
            put(m.mem, element_byte(chip, src, n, c, 0, w), 1, values[i++ % 10]);
          }
      std::vector<uint8_t> want = m.mem;
      i = 0;
      for (int n = 0; n < 5; ++n)
        for (int c = 0; c < 2; ++c)
          for (int w = 0; w < 3; ++w) {
            const int64_t v = values[i++ % 10];
            // The byte read back: 0x80 is -128 signed, 128 unsigned.
            const float f = static_cast<float>(is_signed ? v : (v & 0xff));
            std::memcpy(&want.at(element_byte(chip, dst, n, c, 0, w)), &f, 4);
          }
      BdcCommand c;
      c.op = BdcOp::Int8ToFp32;
      c.api = "okk_bdc_4N_int8_to_fp32";
      c.shape = shape;
      c.dst = dst;
      c.src[0] = Source::of(src);
      c.param[0] = is_signed ? 1 : 0;
      issue(m, c);
      EXPECT_SAME_MEMORY(m.mem, want);
      // Spot checks by hand: n = 0, c = 0: -128 / 128 and -1 / 255.
      EXPECT_EQ(get_float(m.mem, element_byte(chip, dst, 0, 0, 0, 0)),
                is_signed ? -128.0f : 128.0f);
      EXPECT_EQ(get_float(m.mem, element_byte(chip, dst, 0, 0, 0, 1)),
                is_signed ? -1.0f : 255.0f);
    }
  }
}

// ---------------------------------------------------------------------------
// Cost: elements per NPU over the EU step of the source's element size.

TEST(FixedPointCycles, ElementsPerNpuOverEuSteps) {
  Machine m(bm1684());
  const Chip& chip = m.chip;
  // (4, 64, 1, 128) from NPU 0: one channel per NPU, 512 elements per NPU;
  // 128-byte EU step: 128 int8 -> 4 cycles, 64 int16 -> 8 cycles.
  const Dim4 shape{4, 64, 1, 128};
  const Dim4 s8{128, 128, 128, 1};
  const Dim4 s16{256, 128, 128, 1};
  const BdcCommand c8 = command(BdcOp::FixedAdd, "okk_cycles", shape,
                                local(chip, 0, 0x10000, s8, DType::INT8),
                                Source::of(local(chip, 0, 0, s8, DType::INT8)),
                                Source::constant(1), kS8S8ToS8, 0);
  EXPECT_EQ(issue(m, c8), 4u);
  const BdcCommand c16 = command(BdcOp::FixedAdd, "okk_cycles", shape,
                                 local(chip, 0, 0x10000, s16, DType::INT16),
                                 Source::of(local(chip, 0, 0, s16, DType::INT16)),
                                 Source::constant(1), kS16S16ToS16, 0);
  EXPECT_EQ(issue(m, c16), 8u);
  // From NPU 63, C = 2: channel 1 wraps to NPU 0 slot 1, so 2 slots per NPU;
  // (1, 2, 1, 65) -> 130 elements per NPU -> 2 steps of 128.
  const Dim4 one{130, 65, 65, 1};
  const BdcCommand wrap = command(BdcOp::FixedMax, "okk_cycles", Dim4{1, 2, 1, 65},
                                  local(chip, 63, 0x10000, one, DType::INT8),
                                  Source::of(local(chip, 63, 0, one, DType::INT8)),
                                  Source::constant(1), kS8S8ToS8, 0);
  EXPECT_EQ(issue(m, wrap), 2u);
  // int8 -> fp32: the source's 1-byte step, 512 elements per NPU -> 4.
  BdcCommand conv;
  conv.op = BdcOp::Int8ToFp32;
  conv.api = "okk_cycles";
  conv.shape = shape;
  conv.dst = local(chip, 0, 0x20000, Dim4{128, 128, 128, 1}, DType::FP32);
  conv.src[0] = Source::of(local(chip, 0, 0, s8, DType::INT8));
  conv.param[0] = 1;
  EXPECT_EQ(issue(m, conv), 4u);
}

// ---------------------------------------------------------------------------
// Refusals: IllegalCommand naming the API call, nothing written.

BdcCommand valid_add(const Chip& chip) {
  // (4, 3, 2, 2) int8 from NPU 0: one 4N word group, compact strides.
  const Dim4 shape{4, 3, 2, 2};
  const int32_t cpn = static_cast<int32_t>((0 + 3 + chip.npu_num - 1) / chip.npu_num);
  const Dim4 stride{cpn * 4, 4, 2, 1};
  return command(BdcOp::FixedAdd, "okk_bdc_fixed_point_packed_add", shape,
                 local(chip, 0, 0x200, stride, DType::INT8),
                 Source::of(local(chip, 0, 0x000, stride, DType::INT8)),
                 Source::of(local(chip, 0, 0x100, stride, DType::INT8)), kS8S8ToS8, 1);
}

void expect_refused(const Chip& chip, const BdcCommand& c, const std::string& mentions) {
  Machine m(chip);
  const std::vector<uint8_t> before = m.mem;
  try {
    issue(m, c);
    ADD_FAILURE() << "not refused: " << mentions;
  } catch (const IllegalCommand& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(std::string(c.api) + ": ", 0), 0u) << what;
    EXPECT_NE(what.find(mentions), std::string::npos) << what;
  }
  EXPECT_SAME_MEMORY(m.mem, before);
}

TEST(FixedPointRefusals, TheValidCommandRuns) {
  for (const Chip& chip : chips()) {
    Machine m(chip);
    EXPECT_NO_THROW(issue(m, valid_add(chip)));
  }
}

TEST(FixedPointRefusals, ShiftsOutsideZeroToThirtyOne) {
  for (const Chip& chip : chips()) {
    BdcCommand c = valid_add(chip);
    c.param[1] = 32;
    expect_refused(chip, c, "rshift 32");
    c.param[1] = -1;
    expect_refused(chip, c, "rshift -1");
    c.param[1] = 31;
    Machine m(chip);
    EXPECT_NO_THROW(issue(m, c));
    BdcCommand mac = valid_add(chip);
    mac.op = BdcOp::FixedMac;
    mac.api = "okk_bdc_fixed_point_packed_mac";
    mac.param[2] = 32;
    expect_refused(chip, mac, "lshift 32");
    mac.param[2] = 0;
    mac.param[3] = 2;
    expect_refused(chip, mac, "is_origin_dst_signed 2");
  }
}

TEST(FixedPointRefusals, OperandsOnDifferentNpus) {
  for (const Chip& chip : chips()) {
    BdcCommand c = valid_add(chip);
    c.src[1].tensor.address += chip.local_mem_bytes;  // src1 from NPU 1
    expect_refused(chip, c, "src1 on NPU 1");
    c = valid_add(chip);
    c.src[0].tensor.address += chip.local_mem_bytes;
    expect_refused(chip, c, "src0 on NPU 1");
  }
}

TEST(FixedPointRefusals, PastLocalMemory) {
  for (const Chip& chip : chips()) {
    BdcCommand c = valid_add(chip);
    c.dst.address = chip.local_mem_total();
    expect_refused(chip, c, "past the end of local memory");
    c = valid_add(chip);
    // The dst's last word would end past its NPU's memory.
    c.dst.address = chip.local_mem_bytes - 8;
    expect_refused(chip, c, "past the end of its NPU");
    c = valid_add(chip);
    c.src[1].tensor.address = chip.local_mem_bytes - 4;
    expect_refused(chip, c, "src1");
  }
}

TEST(FixedPointRefusals, DtypesThatContradictTheOpType) {
  for (const Chip& chip : chips()) {
    BdcCommand c = valid_add(chip);
    c.src[0].tensor.dtype = DType::UINT8;
    expect_refused(chip, c, "src0 is uint8");
    c = valid_add(chip);
    c.dst.dtype = DType::INT16;
    expect_refused(chip, c, "dst is int16");
    c = valid_add(chip);
    c.param[0] = kS8U8ToS8;  // src1 must then be uint8
    expect_refused(chip, c, "src1 is int8");
    c = valid_add(chip);
    c.param[0] = 1 + 2 + 4 + 8;  // s8 op s8 -> u8: not an op_type_t
    c.dst.dtype = DType::UINT8;
    expect_refused(chip, c, "unsigned dst");
    c = valid_add(chip);
    c.param[0] = 32;
    expect_refused(chip, c, "op_type 32");
    c = valid_add(chip);
    c.src[1].kind = Source::Kind::Vector;
    expect_refused(chip, c, "src1");
    c = valid_add(chip);
    c.shape.c = static_cast<int32_t>(chip.max_bdc_c) + 1;
    expect_refused(chip, c, "shape");
  }
}

TEST(FixedPointRefusals, Int8ToFp32Operands) {
  for (const Chip& chip : chips()) {
    BdcCommand c;
    c.op = BdcOp::Int8ToFp32;
    c.api = "okk_bdc_4N_int8_to_fp32";
    c.shape = Dim4{4, 2, 1, 2};
    c.dst = local(chip, 1, 0x100, Dim4{8, 2, 2, 1}, DType::FP32);
    c.src[0] = Source::of(local(chip, 1, 0, Dim4{2, 2, 2, 1}, DType::INT8));
    c.param[0] = 1;
    {
      Machine m(chip);
      EXPECT_NO_THROW(issue(m, c));
    }
    BdcCommand bad = c;
    bad.param[0] = 0;  // says unsigned, src is int8
    expect_refused(chip, bad, "src is int8");
    bad = c;
    bad.dst.dtype = DType::INT32;
    expect_refused(chip, bad, "dst is int32");
    bad = c;
    bad.dst.address += chip.local_mem_bytes;
    expect_refused(chip, bad, "NPU");
    bad = c;
    bad.param[0] = 2;
    expect_refused(chip, bad, "is_signed 2");
  }
}

}  // namespace
}  // namespace acosim::sophon

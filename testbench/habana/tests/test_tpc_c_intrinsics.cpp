// Unit tests of acosim's TPC-C intrinsics (sw/habana/tpc_c) against a fake
// in-memory KernelServices. Expected values are computed by hand (see the
// comments) or by the small reference functions of this file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/habana/tpc_c/tpc_c.h"

namespace {

using acosim::habana::KernelServices;
using acosim::habana::RmwOp;
using acosim::habana::RmwType;
using acosim::habana::Slot;

/// Records every tensor access; tensor data is a byte array read/written
/// at coord[0] * element_bytes (the other coordinates are only recorded).
class FakeServices : public KernelServices {
 public:
  struct Access {
    int tensor;
    int coord[5];
    unsigned element_bytes;
    unsigned lanes;
    std::vector<uint8_t> enable;
    RmwOp rmw;
    RmwType rmw_type;
  };
  std::vector<uint8_t> memory = std::vector<uint8_t>(4096, 0);
  std::vector<Access> loads, stores;
  std::string printed;
  bool lut_used = false;

  void index_space(int offset[5], int size[5]) override {
    for (int d = 0; d < 5; ++d) {
      offset[d] = d;
      size[d] = 10 + d;
    }
  }
  int dim_size(int, int dim) override { return 100 + dim; }
  int dim_stride(int, int) override { return 1; }
  void set_dim_size(int, int, int) override {}
  void set_dim_stride(int, int, int) override {}
  uint32_t pad_value(int) override { return 0; }
  void load_tensor(int tensor, const int coord[5], unsigned element_bytes, unsigned lanes, void* dst) override {
    loads.push_back(record(tensor, coord, element_bytes, lanes, nullptr, RmwOp::None, RmwType::F32));
    std::memcpy(dst, memory.data() + coord[0] * element_bytes, lanes * element_bytes);
  }
  void store_tensor(int tensor, const int coord[5], unsigned element_bytes, unsigned lanes, const void* src,
                    const uint8_t* lane_enable, RmwOp rmw, RmwType rmw_type) override {
    stores.push_back(record(tensor, coord, element_bytes, lanes, lane_enable, rmw, rmw_type));
    const auto* bytes = static_cast<const uint8_t*>(src);
    for (unsigned i = 0; i < lanes; ++i)
      if (!lane_enable || lane_enable[i])
        std::memcpy(memory.data() + (coord[0] + i) * element_bytes, bytes + i * element_bytes, element_bytes);
  }
  uint64_t element_address(int, const int coord[5]) override { return 0x1000u + 4u * coord[0]; }
  void load_global(uint64_t address, void* dst, unsigned bytes) override {
    std::memcpy(dst, memory.data() + (address - 0x1000u), bytes);
  }
  void store_global(uint64_t address, const void* src, unsigned bytes) override {
    std::memcpy(memory.data() + (address - 0x1000u), src, bytes);
  }
  void load_slm(uint32_t, void*, unsigned) override {}
  void store_slm(uint32_t, const void*, unsigned) override {}
  void load_vlm(uint32_t, void*, unsigned) override {}
  void store_vlm(uint32_t, const void*, unsigned) override {}
  void fence() override {}
  void special_functions_used() override { lut_used = true; }
  void print(const char* text) override { printed += text; }
  [[noreturn]] void fail(const char* message) override { throw std::runtime_error(message); }

 private:
  static Access record(int tensor, const int coord[5], unsigned element_bytes, unsigned lanes,
                       const uint8_t* enable, RmwOp rmw, RmwType rmw_type) {
    Access a{tensor, {coord[0], coord[1], coord[2], coord[3], coord[4]}, element_bytes, lanes, {}, rmw, rmw_type};
    if (enable) a.enable.assign(enable, enable + lanes);
    return a;
  }
};

class TpcC : public ::testing::Test {
 protected:
  void SetUp() override { acosim::habana::tpc_c::set_services(&fake); }
  void TearDown() override { acosim::habana::tpc_c::set_services(nullptr); }
  uint64_t issued(Slot s) const { return fake.counters.issued[static_cast<unsigned>(s)]; }
  FakeServices fake;
};

float64 iota_f32(float base) {
  float64 v;
  for (int i = 0; i < 64; ++i) v[i] = base + static_cast<float>(i);
  return v;
}

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// ------------------------------------------------------------ predication

TEST_F(TpcC, ScalarPredicateTakesEffectWhenPredicateDiffersFromPolarity) {
  const float64 a = iota_f32(0), b = 1.0f, income = -7.0f;
  const float64 on = v_f32_add_b(a, b, 0, income, true, false);
  const float64 off = v_f32_add_b(a, b, 0, income, false, false);
  const float64 inverted_on = v_f32_add_b(a, b, 0, income, false, true);
  const float64 inverted_off = v_f32_add_b(a, b, 0, income, true, true);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(on[i], static_cast<float>(i) + 1.0f);
    EXPECT_EQ(off[i], -7.0f);
    EXPECT_EQ(inverted_on[i], static_cast<float>(i) + 1.0f);
    EXPECT_EQ(inverted_off[i], -7.0f);
  }
  EXPECT_EQ(issued(Slot::Vpu), 4u);  // a predicated-off instruction still issues
}

TEST_F(TpcC, VectorPredicateMergesLaneByLane) {
  bool64 pred;
  for (int i = 0; i < 64; ++i) pred[i] = (i % 3 == 0) ? 1 : 0;
  const float64 a = iota_f32(0), income = 100.0f;
  const float64 r = v_f32_mul_vb(a, 2.0f, 0, income, pred, false);
  const float64 r_inv = v_f32_mul_vb(a, 2.0f, 0, income, pred, true);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r[i], i % 3 == 0 ? 2.0f * static_cast<float>(i) : 100.0f);
    EXPECT_EQ(r_inv[i], i % 3 == 0 ? 100.0f : 2.0f * static_cast<float>(i));
  }
}

TEST_F(TpcC, CompareAndPredicateReinterpretationsRoundTrip) {
  const float64 x = iota_f32(-10);  // lanes -10 .. 53
  const bool256 cond = from_bool64(v_f32_cmp_grt_b(x, 0.0, 0, to_bool64(bool256{0})));
  const float64 y = v_f32_mul_vb(x, 0.5f, 0, x, to_bool64(cond), 1);  // leakyrelu: scale where x <= 0
  for (int i = 0; i < 64; ++i) {
    const float xi = static_cast<float>(i - 10);
    EXPECT_EQ(y[i], xi > 0 ? xi : 0.5f * xi);
  }
}

TEST_F(TpcC, ScalarIntrinsicsAndIncome) {
  EXPECT_EQ(s_i32_add(5, 7), 12);
  EXPECT_EQ(s_i32_add(5, 7, 0, 99, false), 99);
  EXPECT_EQ(s_i32_add(2147483647, 1, SW_SAT), 2147483647);
  EXPECT_EQ(s_i32_add(2147483647, 1), -2147483647 - 1);  // wraps without SW_SAT
  EXPECT_TRUE(s_i32_cmp_less(-1, 0));
  EXPECT_TRUE(s_i1_and(true, true));
  EXPECT_FALSE(s_i1_or(false, false));
  EXPECT_EQ(issued(Slot::Spu), 7u);
}

// ------------------------------------------------------------- bf16 rules

TEST_F(TpcC, Bf16RoundsToNearestEvenAndKeepsNaN) {
  using acosim::habana::lane::f32_to_bf16;
  // 1 + 2^-8 is halfway between 1.0 (0x3f80) and 1 + 2^-7 (0x3f81): even.
  EXPECT_EQ(f32_to_bf16(1.0f + std::ldexp(1.0f, -8)), 0x3f80);
  // 1 + 3*2^-8 is halfway between 0x3f81 and 0x3f82: even is 0x3f82.
  EXPECT_EQ(f32_to_bf16(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);
  // Just above the tie rounds up.
  EXPECT_EQ(f32_to_bf16(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -20)), 0x3f81);
  // Largest finite float overflows to +inf under nearest even.
  EXPECT_EQ(f32_to_bf16(3.4028235e38f), 0x7f80);
  // A signalling NaN whose payload sits in the dropped bits stays a NaN.
  uint32_t snan = 0x7f800001u;
  float f;
  std::memcpy(&f, &snan, 4);
  const uint16_t b = f32_to_bf16(f);
  EXPECT_EQ(b & 0x7f80, 0x7f80);
  EXPECT_NE(b & 0x007f, 0);
  EXPECT_EQ(f32_to_bf16(-0.0f), 0x8000);
}

TEST_F(TpcC, Bf16VectorArithmeticRoundsEachResult) {
  const bfloat128 a = 1.0f, b = std::ldexp(1.0f, -8);  // 1 + 2^-8 is a tie: stays 1.0
  const bfloat128 sum = a + b;
  const bfloat128 c = 3.0f;
  const bfloat128 prod = c * bf16(1.0f / 3.0f);  // bf16(1/3) = 0x3eab = 0.333984375; 3x = 1.001953125 -> 1.0
  for (int i = 0; i < 128; ++i) {
    EXPECT_EQ(sum[i].bits, 0x3f80);
    EXPECT_EQ(prod[i].bits, 0x3f80);
  }
}

// ------------------------------------------------------------- conversions

TEST_F(TpcC, ConvertF32ToI32RoundingModesAndSaturation) {
  float64 x = 0.0f;
  x[0] = 2.5f;
  x[1] = -2.5f;
  x[2] = 3.5f;
  x[3] = 3e9f;
  x[4] = -3e9f;
  x[5] = 2.4f;
  struct Case {
    int sw;
    int expect[6];
  };
  const Case cases[] = {
      {e_round_half_ne << 16, {2, -2, 4, 2147483647, -2147483647 - 1, 2}},
      {e_round_zero << 16, {2, -2, 3, 2147483647, -2147483647 - 1, 2}},
      {e_round_up << 16, {3, -2, 4, 2147483647, -2147483647 - 1, 3}},
      {e_round_down << 16, {2, -3, 3, 2147483647, -2147483647 - 1, 2}},
      {e_round_half_az << 16, {3, -3, 4, 2147483647, -2147483647 - 1, 2}},
  };
  for (const Case& c : cases) {
    const int64 r = v_convert_f32_to_i32_b(x, c.sw);
    for (int i = 0; i < 6; ++i) EXPECT_EQ(r[i], c.expect[i]) << "mode " << (c.sw >> 16) << " lane " << i;
  }
}

TEST_F(TpcC, ConvertI32ToF32RoundsInTheRequestedMode) {
  int64 x = 0;
  x[0] = 16777217;  // 2^24 + 1: halfway between 2^24 and 2^24 + 2
  x[1] = -16777217;
  const float64 rne = v_convert_i32_to_f32_b(x, SW_RHNE);
  const float64 ru = v_convert_i32_to_f32_b(x, SW_RU);
  const float64 rd = v_convert_i32_to_f32_b(x, SW_RD);
  EXPECT_EQ(rne[0], 16777216.0f);
  EXPECT_EQ(ru[0], 16777218.0f);
  EXPECT_EQ(rd[0], 16777216.0f);
  EXPECT_EQ(rd[1], -16777218.0f);
  EXPECT_EQ(s_convert_i32_to_f32(0xffffff, SW_RHNE), 16777215.0f);
}

TEST_F(TpcC, ConvertAllLanesBetweenBf16AndF32UsesSubLanes) {
  bfloat128 x;
  for (int i = 0; i < 128; ++i) x[i] = bf16(static_cast<float>(i));
  const float128 wide = v_convert_bf16_to_f32_all_b(x);
  for (int j = 0; j < 64; ++j) {
    EXPECT_EQ(wide.v1[j], static_cast<float>(2 * j));
    EXPECT_EQ(wide.v2[j], static_cast<float>(2 * j + 1));
  }
  float128 f;
  f.v1 = 1.0f + 3 * std::ldexp(1.0f, -8);  // rounds to 0x3f82 (nearest even), 0x3f81 toward zero
  f.v2 = -1.5f;
  const bfloat128 rne = v_convert_f32_to_bf16_all_b(f, SW_RHNE);
  const bfloat128 rz = v_convert_f32_to_bf16_all_b(f, SW_RZ);
  EXPECT_EQ(rne[0].bits, 0x3f82);
  EXPECT_EQ(rz[0].bits, 0x3f81);
  EXPECT_EQ(rne[1].bits, 0xbfc0);
}

// --------------------------------------------------------- tensor access

TEST_F(TpcC, TensorLoadsAndStoresReachTheServices) {
  for (int i = 0; i < 64; ++i) {
    const float v = static_cast<float>(i) * 0.25f;
    std::memcpy(fake.memory.data() + 4 * i, &v, 4);
  }
  int5 c = {0, 1, 2, 3, 4};
  tensor t{2};
  const float64 x = v_f32_ld_tnsr_b(c, t);
  ASSERT_EQ(fake.loads.size(), 1u);
  EXPECT_EQ(fake.loads[0].tensor, 2);
  EXPECT_EQ(fake.loads[0].element_bytes, 4u);
  EXPECT_EQ(fake.loads[0].lanes, 64u);
  for (int d = 0; d < 5; ++d) EXPECT_EQ(fake.loads[0].coord[d], d);
  EXPECT_EQ(x[63], 63 * 0.25f);

  v_bf16_ld_tnsr_b(c, t);
  v_i8_ld_tnsr_b(c, t);
  const float64 low = v_f32_ld_tnsr_low_b(c, t, 0, 9.0f);
  EXPECT_EQ(fake.loads[1].element_bytes, 2u);
  EXPECT_EQ(fake.loads[1].lanes, 128u);
  EXPECT_EQ(fake.loads[2].element_bytes, 1u);
  EXPECT_EQ(fake.loads[2].lanes, 256u);
  EXPECT_EQ(fake.loads[3].lanes, 32u);
  EXPECT_EQ(low[31], 31 * 0.25f);
  EXPECT_EQ(low[32], 9.0f);  // upper half keeps income

  const float64 skipped = v_f32_ld_tnsr_b(c, t, 0, 5.0f, false);
  EXPECT_EQ(fake.loads.size(), 4u);  // a false predicate does not access memory
  EXPECT_EQ(skipped[0], 5.0f);
  EXPECT_EQ(issued(Slot::Load), 5u);

  v_f32_st_tnsr(c, t, x);
  v_f32_st_tnsr(c, t, x, 0, false);
  ASSERT_EQ(fake.stores.size(), 1u);
  EXPECT_EQ(fake.stores[0].lanes, 64u);
  EXPECT_TRUE(fake.stores[0].enable.empty());
  EXPECT_EQ(fake.stores[0].rmw, RmwOp::None);
  EXPECT_EQ(issued(Slot::Store), 2u);
}

TEST_F(TpcC, PartialAndRmwStores) {
  int5 c = {8};
  const float64 x = 1.0f;
  v_f32_st_tnsr_partial(c, tensor{1}, x, 2, 5);  // size 2 = three lanes, from lane 5
  ASSERT_EQ(fake.stores.size(), 1u);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(fake.stores[0].enable[i], (i >= 5 && i <= 7) ? 1 : 0) << i;

  v_f32_st_tnsr_rmw(c, tensor{1}, x, MkRMW(e_rmw_fp32, e_rmw_add, e_rmw_atomic, e_tnsr_dt_srf));
  EXPECT_EQ(fake.stores[1].rmw, RmwOp::Add);
  EXPECT_EQ(fake.stores[1].rmw_type, RmwType::F32);
  v_i16_st_tnsr_rmw(c, tensor{1}, short128(3), MkRMW(e_rmw_int16, e_rmw_max, e_rmw_atomic, e_tnsr_dt_srf));
  EXPECT_EQ(fake.stores[2].rmw, RmwOp::Max);
  EXPECT_EQ(fake.stores[2].rmw_type, RmwType::I16);
  EXPECT_EQ(fake.stores[2].element_bytes, 2u);
  v_f32_st_tnsr_rmw(c, tensor{1}, x, MkRMW(e_rmw_fp32, e_rmw_sub, e_rmw_plain, e_tnsr_dt_srf));
  EXPECT_EQ(fake.stores[3].rmw, RmwOp::None);  // RMW not enabled: a plain store
}

TEST_F(TpcC, GenAddrAndLdGBroadcastOneElement) {
  const float v = 6.5f;
  std::memcpy(fake.memory.data() + 4 * 3, &v, 4);
  int5 c = {3};
  __global__ void* p = gen_addr(c, tensor{0});
  const float64 r = v_f32_ld_g(p);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r[i], 6.5f);
  __global__ int* q = gen_addr(c, tensor{0});
  EXPECT_EQ(s_i32_ld_g(q), static_cast<int>(bits(6.5f)));
  EXPECT_EQ(issued(Slot::Load), 4u);
}

TEST_F(TpcC, IndexSpaceAndDescriptor) {
  const int5 offset = get_index_space_offset();
  const int5 end = get_index_space_size() + offset;
  for (int d = 0; d < 5; ++d) EXPECT_EQ(end[d], 10 + 2 * d);
  EXPECT_EQ(get_dim_size(tensor{0}, 2), 102u);
}

// ---------------------------------------------------------- lane moving

TEST_F(TpcC, MovDualGroupCopiesWholeGroupsByteMasked) {
  const float64 a = iota_f32(0);
  const float64 income = -1.0f;
  const float64 r = v_f32_mov_dual_group_b(a, 0xFFFFFFFF, 0, 1, MkWr(1, 1), income);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r[i], (i >= 16 && i < 32) ? static_cast<float>(i - 16) : -1.0f) << i;
  // Upper group only, and only the first 4 bytes (one f32 lane) of it.
  const float64 r2 = v_f32_mov_dual_group_b(a, 0x0000000F, 3, 0, MkWr(0, 1), income);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r2[i], i == 8 ? 56.0f : -1.0f) << i;
}

TEST_F(TpcC, ShuffleSelectsWithinEachDualGroup) {
  const float64 a = iota_f32(0);
  const uchar256 first = 0x80;   // enabled, group 0, element 0
  const uchar256 third = 0xA2;   // enabled, group 1, element 2
  const float64 r1 = v_f32_shuffle_b(a, first, 0, a);
  const float64 r2 = v_f32_shuffle_b(a, third, 0, a);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r1[i], static_cast<float>((i / 16) * 16));
    EXPECT_EQ(r2[i], static_cast<float>((i / 16) * 16 + 8 + 2));
  }
  const float64 r3 = v_f32_shuffle_b(a, uchar256(0x00), 0, float64(7.0f));  // not enabled: income
  EXPECT_EQ(r3[5], 7.0f);
}

TEST_F(TpcC, UnpackSpreadsAGroupOverItsDualGroup) {
  bfloat128 x;
  for (int i = 0; i < 128; ++i) x[i] = bf16(static_cast<float>(i));
  const int sw0 = (e_group_0 << 8) | (e_every_second_element << 9) | (e_lower_half_group << 10);
  const int sw1 = (e_group_1 << 8) | (e_every_second_element << 9) | (e_lower_half_group << 10);
  const bfloat128 u0 = v_bf16_unpack_b(x, sw0, bfloat128(5.0f));
  const bfloat128 u1 = v_bf16_unpack_b(x, sw1, bfloat128(5.0f));
  for (int dg = 0; dg < 4; ++dg)
    for (int k = 0; k < 16; ++k) {
      EXPECT_EQ(acosim::habana::tpc_c::to_f32(u0[dg * 32 + 2 * k]), static_cast<float>(dg * 32 + k));
      EXPECT_EQ(u0[dg * 32 + 2 * k + 1].bits, 0);
      EXPECT_EQ(acosim::habana::tpc_c::to_f32(u1[dg * 32 + 2 * k]), static_cast<float>(dg * 32 + 16 + k));
    }
}

TEST_F(TpcC, ReduceAddLeavesTheSumInEveryLane) {
  const float64 a = iota_f32(1);  // 1 + 2 + ... + 64 = 2080, exact in fp32
  const float64 r = v_f32_reduce_add(a);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r[i], 2080.0f);
  EXPECT_TRUE(fake.lut_used);
}

// --------------------------------------------------------- select and MAC

TEST_F(TpcC, SelectComparesInOneTypeAndSelectsAnother) {
  const float64 x = iota_f32(-32);
  const float64 r = v_f32_sel_grt_f32_b(x, 0.0f, 1.0f, -1.0f);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r[i], i - 32 > 0 ? 1.0f : -1.0f);
  // relu6_bwd's NaN test: compare the bits as integers.
  float64 g = 2.0f;
  const uint32_t nan = 0x7fc00000u;
  std::memcpy(&g[3], &nan, 4);
  const int64 picked = v_i32_sel_grt_i32_b((int64)g, 0x7f800000, (int64)g, int64(0));
  EXPECT_EQ(static_cast<uint32_t>(picked[3]), nan);
  EXPECT_EQ(picked[0], 0);
}

TEST_F(TpcC, MacIsFusedAndHonoursNegation) {
  EXPECT_EQ(v_f32_mac_b(float64(2.0f), float64(3.0f), float64(1.0f))[0], 7.0f);
  EXPECT_EQ(v_f32_mac_b(float64(2.0f), float64(3.0f), float64(1.0f), SW_NEG)[0], -5.0f);
  // (1 + 2^-13)(1 - 2^-13) - 1 = -2^-26 exactly; a separately rounded
  // product would be 1.0 and give 0.
  const float e = std::ldexp(1.0f, -13);
  EXPECT_EQ(v_f32_mac_b(float64(1.0f + e), float64(1.0f - e), float64(-1.0f))[0], -std::ldexp(1.0f, -26));
  // A false predicate keeps the accumulator.
  EXPECT_EQ(v_f32_mac_b(float64(2.0f), float64(3.0f), float64(1.0f), 0, false)[0], 1.0f);
  // bf16 with fp32 accumulation, sub-lane layout of the pair.
  bfloat128 a = bf16(2.0f);
  a[1] = bf16(4.0f);
  const float128 acc = v_bf16_mac_acc32_b(a, bfloat128(bf16(3.0f)), float128{float64(1.0f), float64(0.0f)});
  EXPECT_EQ(acc.v1[0], 7.0f);
  EXPECT_EQ(acc.v2[0], 12.0f);
}

// ABS of the minimum integer saturates (tpc-intrinsics.h ABS), as the VLIW
// core does: |-2^31| = 2^31 - 1, |-128| = 127; other values are exact.
TEST_F(TpcC, AbsOfTheMinimumIntegerSaturates) {
  int64 a = INT32_MIN;
  a[1] = -7;
  const int64 r = v_i32_abs_b(a);
  EXPECT_EQ(r[0], INT32_MAX);
  EXPECT_EQ(r[1], 7);
  EXPECT_EQ(v_i8_abs_b(char256(static_cast<int8_t>(-128)))[5], 127);
  EXPECT_EQ(v_i16_abs_b(short128(static_cast<int16_t>(-32768)))[9], 32767);
  EXPECT_EQ(s_i32_abs(INT32_MIN), INT32_MAX);
}

// MUL bf16 with ACC_FP32: exact fp32 products, bf16 lane 2j into v1[j],
// 2j+1 into v2[j].
TEST_F(TpcC, Bf16MulAcc32WritesThePairLayout) {
  bfloat128 a = bf16(1.5f), b = bf16(-2.25f);
  a[3] = bf16(3.0f);
  const float128 r = v_bf16_mul_acc32_b(a, b);
  EXPECT_EQ(r.v1[0], -3.375f);
  EXPECT_EQ(r.v2[1], 3.0f * -2.25f);
  EXPECT_EQ(r.v2[0], -3.375f);
}

TEST_F(TpcC, FclassGivesTheDocumentedOneHotMask) {
  float64 x = 1.0f;
  x[1] = -1.0f;
  x[2] = 0.0f;
  x[3] = -0.0f;
  x[4] = INFINITY;
  x[5] = -INFINITY;
  x[6] = NAN;
  x[7] = std::ldexp(1.0f, -140);  // positive denormal
  const float64 c = v_f32_fclass_b(x);
  const uint32_t expect[] = {1u << 6, 1u << 1, 1u << 4, 1u << 3, 1u << 7, 1u << 0, 1u << 9, 1u << 5};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(bits(c[i]), expect[i]) << i;
}

TEST_F(TpcC, FormFpNumberTakesExponentSignAndMantissa) {
  // Exponent 127 (as an int8 number), sign of -3.0, mantissa of 1.5: -1.5.
  int64 e = 127;
  const float64 r = v_f32_form_fp_num_ie_b((char256)e, float64(-3.0f), float64(1.5f), SW_EXP_IS_NUM);
  EXPECT_EQ(r[0], -1.5f);
}

// ------------------------------------------------------------- int5 / C ops

TEST_F(TpcC, Int5ArithmeticAndIndexIntrinsics) {
  int5 a = {1, 2, 3, 4, 5};
  int5 b = 10;  // a scalar splats
  const int5 s = a + b;
  for (int d = 0; d < 5; ++d) EXPECT_EQ(s[d], d + 11);
  int5 partial = {7};
  EXPECT_EQ(partial[0], 7);
  EXPECT_EQ(partial[4], 0);
  a[1] += 1;
  EXPECT_EQ(a[1], 3);
  // matrix_mul's step: add 1 to dimension 1 only, under a predicate.
  const int5 stepped = i_i32_add(1, a, 1 << 1, 0, a, true);
  EXPECT_EQ(stepped[1], 4);
  EXPECT_EQ(stepped[0], 1);
  EXPECT_EQ(i_i32_add(1, a, 1 << 1, 0, a, false)[1], 3);
}

TEST_F(TpcC, VectorOperatorsAreLaneWiseWithBroadcast) {
  const int64 v = 5;
  const int64 r = (v >> 1) & 3;   // 2
  const int64 n = -v;
  const float64 f = iota_f32(0) * 2.0f;
  EXPECT_EQ(r[0], 2);
  EXPECT_EQ(n[63], -5);
  EXPECT_EQ(f[10], 20.0f);
  const float64 punned = *((float64*)&v);  // bit reinterpretation
  EXPECT_EQ(bits(punned[0]), 5u);
  EXPECT_EQ(issued(Slot::Vpu), 4u);
}

TEST_F(TpcC, PrintfFormatsOneValue) {
  acosim::habana::tpc_c::tpc_printf("value %f\n", iota_f32(0)[3]);
  acosim::habana::tpc_c::tpc_printf("int %hd\n", 12);
  acosim::habana::tpc_c::tpc_printf("plain\n");
  EXPECT_EQ(fake.printed, "value 3.000000\nint 12\nplain\n");
  EXPECT_EQ(issued(Slot::Vpu) + issued(Slot::Spu) + issued(Slot::Load) + issued(Slot::Store), 0u);
}

}  // namespace

// SDP's FP16 datapath (nv_full) against hand computations: NVDLA's fp16 <->
// fp32 conversions and fp32 add / multiply / max / min / ReLU (each rounding
// rule: ties to even, overflow to the largest finite value, subnormal
// results and flushing, NaN propagation), the X stages in fp32, the output
// converter (FP16, INT16 -> FP16, FP16 -> INT16), NaN_TO_ZERO, the NaN/Inf
// and saturation counters, and the precision programming the hardware
// refuses, and the EW stage and its LUT on the FP16 path. Every expected value is worked out in the comment beside it from
// the rules of systemc/nvdla/float16.h and sdp_datapath.h.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/nvdla/float16.h"
#include "systemc/nvdla/sdp_datapath.h"

namespace acosim::nvdla {
namespace {

// fp32 patterns used below.
constexpr uint32_t kOne = 0x3F800000u;      // 1.0
constexpr uint32_t kMinusOne = 0xBF800000u;  // -1.0
constexpr uint32_t kTwo = 0x40000000u;      // 2.0
constexpr uint32_t kFp32Max = 0x7F7FFFFFu;  // largest finite fp32

// ---- conversions ---------------------------------------------------------------

TEST(SdpFp16ToFp32, ExactWithInfAsLargestFiniteAndNanPayloadKept) {
  EXPECT_EQ(sdp_fp16_to_fp32(0x3C00), kOne);
  EXPECT_EQ(sdp_fp16_to_fp32(0xC000), 0xC0000000u);  // -2
  EXPECT_EQ(sdp_fp16_to_fp32(0x0000), 0x00000000u);
  EXPECT_EQ(sdp_fp16_to_fp32(0x8000), 0x80000000u);  // -0 stays -0
  // Smallest subnormal 2^-24: biased fp32 exponent 127 - 24 = 103.
  EXPECT_EQ(sdp_fp16_to_fp32(0x0001), 0x33800000u);
  // Largest subnormal 1023 * 2^-24 = 1.998046875 * 2^-15: exponent 112,
  // mantissa 1023 << 14 without its top bit = 0x7FC000.
  EXPECT_EQ(sdp_fp16_to_fp32(0x03FF), 0x387FC000u);
  // +-Inf -> +-largest finite fp32 (NV_NVDLA_SDP_MRDMA_EG_dout.v).
  EXPECT_EQ(sdp_fp16_to_fp32(0x7C00), kFp32Max);
  EXPECT_EQ(sdp_fp16_to_fp32(0xFC00), 0xFF7FFFFFu);
  // NaN: exponent 255, payload in mantissa bits [9:0].
  EXPECT_EQ(sdp_fp16_to_fp32(0x7E01), 0x7F800201u);
  EXPECT_EQ(sdp_fp16_to_fp32(0xFC01), 0xFF800001u);
}

TEST(SdpFp32ToFp16, TiesToEvenAndOverflowToLargestFinite) {
  EXPECT_EQ(sdp_fp32_to_fp16(kOne), 0x3C00);
  // 1 + 2^-11 is half an fp16 ulp above 1: tie, 1.0 has the even mantissa.
  EXPECT_EQ(sdp_fp32_to_fp16(0x3F801000u), 0x3C00);
  // 1 + 3 * 2^-11: tie between mantissas 1 and 2 -> 2.
  EXPECT_EQ(sdp_fp32_to_fp16(0x3F803000u), 0x3C02);
  // 1 + 2^-11 + 2^-23: just above the tie -> up.
  EXPECT_EQ(sdp_fp32_to_fp16(0x3F801001u), 0x3C01);
  // 65504 exactly, then 65520 (a tie between 65504, odd mantissa, and
  // 2^16): IEEE would give Inf, NVDLA gives 65504.
  EXPECT_EQ(sdp_fp32_to_fp16(0x477FE000u), 0x7BFF);
  EXPECT_EQ(sdp_fp32_to_fp16(0x477FF000u), 0x7BFF);
  EXPECT_EQ(sdp_fp32_to_fp16(0x47800000u), 0x7BFF);  // 2^16
  EXPECT_EQ(sdp_fp32_to_fp16(0x7F800000u), 0x7BFF);  // fp32 +Inf
  EXPECT_EQ(sdp_fp32_to_fp16(0xD01502F9u), 0xFBFF);  // -1e10
}

TEST(SdpFp32ToFp16, SubnormalResultsRoundToNearestEven) {
  EXPECT_EQ(sdp_fp32_to_fp16(0x33800000u), 0x0001);  // 2^-24
  // 2^-25 = half the smallest subnormal: tie, 0 is even.
  EXPECT_EQ(sdp_fp32_to_fp16(0x33000000u), 0x0000);
  // 1.5 * 2^-25 = 0.75 units: nearest is 1 unit.
  EXPECT_EQ(sdp_fp32_to_fp16(0x33400000u), 0x0001);
  // 1.5 * 2^-24 = 1.5 units: tie between 1 and 2 -> 2.
  EXPECT_EQ(sdp_fp32_to_fp16(0x33C00000u), 0x0002);
  // 2^-26 (exponent field 101 < 102): a zero of its sign.
  EXPECT_EQ(sdp_fp32_to_fp16(0x32800000u), 0x0000);
  EXPECT_EQ(sdp_fp32_to_fp16(0xB2800000u), 0x8000);
  // 1023.5 units = 2047 * 2^-25 (exponent 112, mantissa 1023 << 13): tie
  // between 1023 (odd) and 1024 -> 1024 = the smallest normal 0x0400.
  EXPECT_EQ(sdp_fp32_to_fp16(0x387FE000u), 0x0400);
}

TEST(SdpFp32ToFp16, NanKeepsItsLowMantissaBits) {
  EXPECT_EQ(sdp_fp32_to_fp16(0x7F800201u), 0x7E01);  // round trip of fp16 0x7E01
  EXPECT_EQ(sdp_fp32_to_fp16(0xFF800005u), 0xFC05);
  // A NaN whose mantissa bits [9:0] are 0 comes out with the Inf pattern.
  EXPECT_EQ(sdp_fp32_to_fp16(0x7FC00000u), 0x7C00);
}

// ---- fp32 arithmetic ------------------------------------------------------------

TEST(SdpFp32Add, ExactSumsAndTiesToEven) {
  EXPECT_EQ(sdp_fp32_add(kOne, kTwo), 0x40400000u);  // 3
  // 1 + 2^-24: half an ulp of 1.0 -> tie -> 1.0 (even).
  EXPECT_EQ(sdp_fp32_add(kOne, 0x33800000u), kOne);
  // 1 + 3 * 2^-24 = 1 + 1.5 ulp: tie between mantissas 1 and 2 -> 2.
  EXPECT_EQ(sdp_fp32_add(kOne, 0x34400000u), 0x3F800002u);
  // 1 - 2^-25: tie between 1 - 2^-24 (mantissa all ones, odd) and 1.0 -> 1.0.
  EXPECT_EQ(sdp_fp32_add(kOne, 0xB3000000u), kOne);
  // 1 - 1.5 * 2^-25 = 1 - 0.75 * 2^-24: nearest is 1 - 2^-24.
  EXPECT_EQ(sdp_fp32_add(kOne, 0xB3400000u), 0x3F7FFFFFu);
}

TEST(SdpFp32Add, ZeroSignOverflowFlushAndNan) {
  // An exact zero takes the sign of the operand whose magnitude field is
  // larger, a's when they are equal.
  EXPECT_EQ(sdp_fp32_add(kOne, kMinusOne), 0x00000000u);
  EXPECT_EQ(sdp_fp32_add(kMinusOne, kOne), 0x80000000u);
  // Overflow -> largest finite.
  EXPECT_EQ(sdp_fp32_add(kFp32Max, kFp32Max), kFp32Max);
  EXPECT_EQ(sdp_fp32_add(0xFF7FFFFFu, 0xFF7FFFFFu), 0xFF7FFFFFu);
  // 1.5 * 2^-126 - 2^-126 = 2^-127 is below the normal range: +0.
  EXPECT_EQ(sdp_fp32_add(0x00C00000u, 0x80800000u), 0x00000000u);
  // NaN: a's first, payload kept.
  EXPECT_EQ(sdp_fp32_add(0x7F800123u, kOne), 0x7F800123u);
  EXPECT_EQ(sdp_fp32_add(kOne, 0xFF800005u), 0xFF800005u);
  EXPECT_EQ(sdp_fp32_add(0x7F800123u, 0xFF800005u), 0x7F800123u);
}

TEST(SdpFp32Mul, RoundingOverflowFlushAndNan) {
  EXPECT_EQ(sdp_fp32_mul(0x3FC00000u, 0x3FC00000u), 0x40100000u);  // 1.5 * 1.5 = 2.25
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: half an ulp above 1 + 2^-11, whose
  // mantissa (2^12) is even -> 1 + 2^-11.
  EXPECT_EQ(sdp_fp32_mul(0x3F800800u, 0x3F800800u), 0x3F801000u);
  // (1 + 2^-23) * 1.5 = 1.5 + 1.5 * 2^-23: tie between mantissas
  // 0x400001 (odd) and 0x400002 -> 0x400002.
  EXPECT_EQ(sdp_fp32_mul(0x3F800001u, 0x3FC00000u), 0x3FC00002u);
  // 1.5 * 2^127 * 1.5 = 2.25 * 2^127 > largest finite.
  EXPECT_EQ(sdp_fp32_mul(0x7F400000u, 0x3FC00000u), kFp32Max);
  EXPECT_EQ(sdp_fp32_mul(0xFF400000u, 0x3FC00000u), 0xFF7FFFFFu);
  // 2^-63 * 2^-63 = 2^-126, the smallest normal; 2^-64 * 2^-63 = 2^-127 is flushed.
  EXPECT_EQ(sdp_fp32_mul(0x20000000u, 0x20000000u), 0x00800000u);
  EXPECT_EQ(sdp_fp32_mul(0x1F800000u, 0x20000000u), 0x00000000u);
  EXPECT_EQ(sdp_fp32_mul(0x9F800000u, 0x20000000u), 0x80000000u);  // sign a ^ b
  EXPECT_EQ(sdp_fp32_mul(kMinusOne, 0x00000000u), 0x80000000u);    // -1 * 0 = -0
  EXPECT_EQ(sdp_fp32_mul(0x7F800123u, 0x00000000u), 0x7F800123u);  // NaN * 0
  EXPECT_EQ(sdp_fp32_mul(0x00000000u, 0xFF800005u), 0xFF800005u);
}

TEST(SdpFp32Compare, MaxMinReluAndNan) {
  EXPECT_EQ(sdp_fp32_max(0x00000000u, 0x80000000u), 0x00000000u);  // +0 > -0
  EXPECT_EQ(sdp_fp32_min(0x00000000u, 0x80000000u), 0x80000000u);
  EXPECT_EQ(sdp_fp32_max(kMinusOne, 0xC0000000u), kMinusOne);  // -1 > -2
  EXPECT_EQ(sdp_fp32_min(kMinusOne, 0xC0000000u), 0xC0000000u);
  EXPECT_EQ(sdp_fp32_max(0x7F800001u, kOne), 0x7F800001u);
  EXPECT_EQ(sdp_fp32_min(kOne, 0x7F800002u), 0x7F800002u);
  EXPECT_EQ(sdp_fp32_relu(kMinusOne), 0x00000000u);
  EXPECT_EQ(sdp_fp32_relu(0x80000000u), 0x00000000u);  // -0 -> +0
  EXPECT_EQ(sdp_fp32_relu(kOne), kOne);
  EXPECT_EQ(sdp_fp32_relu(0xFFC00000u), 0xFFC00000u);  // a NaN passes, sign and all
}

TEST(SdpInt17ToFp16, TiesToEvenAndSaturation) {
  EXPECT_EQ(sdp_int17_to_fp16(0), 0x0000);
  EXPECT_EQ(sdp_int17_to_fp16(1), 0x3C00);
  EXPECT_EQ(sdp_int17_to_fp16(-3), 0xC200);
  EXPECT_EQ(sdp_int17_to_fp16(300), 0x5CB0);   // 1.171875 * 2^8: mantissa 176
  EXPECT_EQ(sdp_int17_to_fp16(2049), 0x6800);  // ulp 2: tie, 2048 is even
  EXPECT_EQ(sdp_int17_to_fp16(2051), 0x6802);  // tie between 2050 (odd) and 2052
  EXPECT_EQ(sdp_int17_to_fp16(65504), 0x7BFF);
  EXPECT_EQ(sdp_int17_to_fp16(65519), 0x7BFF);   // below the tie
  EXPECT_EQ(sdp_int17_to_fp16(65520), 0x7BFF);   // tie rounds up: beyond 65504 -> 65504
  EXPECT_EQ(sdp_int17_to_fp16(65535), 0x7BFF);
  EXPECT_EQ(sdp_int17_to_fp16(-65536), 0xFBFF);  // 2^16 reaches the Inf exponent
}

TEST(SdpFp16ToInt16, HalfAwayFromZeroClampAndNan) {
  EXPECT_EQ(sdp_fp16_to_int16(0x3800), 1);    // 0.5
  EXPECT_EQ(sdp_fp16_to_int16(0xB800), -1);   // -0.5
  EXPECT_EQ(sdp_fp16_to_int16(0x37FF), 0);    // 0.49951171875
  EXPECT_EQ(sdp_fp16_to_int16(0x3E00), 2);    // 1.5
  EXPECT_EQ(sdp_fp16_to_int16(0x4100), 3);    // 2.5 (not 2: ties away from zero)
  EXPECT_EQ(sdp_fp16_to_int16(0xC100), -3);   // -2.5
  EXPECT_EQ(sdp_fp16_to_int16(0x7800), 32767);   // 32768 clamps
  EXPECT_EQ(sdp_fp16_to_int16(0xF800), -32768);  // -32768 fits
  EXPECT_EQ(sdp_fp16_to_int16(0x7C00), 32767);   // +Inf
  EXPECT_EQ(sdp_fp16_to_int16(0xFC00), -32768);  // -Inf
  EXPECT_EQ(sdp_fp16_to_int16(0x7E00), -32768);  // NaN
  EXPECT_EQ(sdp_fp16_to_int16(0x8000), 0);       // -0
  EXPECT_EQ(sdp_fp16_to_int16(0x0001), 0);       // subnormal
}

// ---- X stages -------------------------------------------------------------------

SdpStageConfig active_stage() {
  SdpStageConfig s;
  s.bypass = false;
  return s;  // ALU, MUL and ReLU bypassed
}

TEST(SdpXStageFp, AluWithRegisterOperandIgnoresTheShift) {
  SdpStageConfig s = active_stage();
  s.alu_bypass = false;
  s.alu_algo = SdpAluAlgo::Sum;
  s.alu_operand = int16_t(0x3C00);  // 1.0
  s.alu_shift = 5;                  // no effect on the FP16 path
  EXPECT_EQ(x_stage_fp(s, kOne), kTwo);
  s.alu_algo = SdpAluAlgo::Max;
  EXPECT_EQ(x_stage_fp(s, kMinusOne), kOne);
  EXPECT_EQ(x_stage_fp(s, kTwo), kTwo);
  s.alu_algo = SdpAluAlgo::Min;
  EXPECT_EQ(x_stage_fp(s, kTwo), kOne);
  // Encoding 3 is FpAlu's EQL: bit pattern 0 when equal, 1 otherwise.
  s.alu_algo = SdpAluAlgo::Reserved;
  EXPECT_EQ(x_stage_fp(s, kOne), 0u);
  EXPECT_EQ(x_stage_fp(s, kTwo), 1u);
}

TEST(SdpXStageFp, MultiplierPreluAndRelu) {
  SdpStageConfig s = active_stage();
  s.mul_bypass = false;
  s.mul_operand = int16_t(0x4000);  // 2.0
  s.mul_shift = 3;                  // no truncation on the FP16 path
  EXPECT_EQ(x_stage_fp(s, 0x3FC00000u), 0x40400000u);  // 1.5 * 2 = 3
  s.mul_prelu = true;
  s.mul_operand = int16_t(0x3400);                     // 0.25
  EXPECT_EQ(x_stage_fp(s, 0xC0000000u), 0xBF000000u);  // -2 * 0.25 = -0.5
  EXPECT_EQ(x_stage_fp(s, 0x40400000u), 0x40400000u);  // 3 passes
  EXPECT_EQ(x_stage_fp(s, 0x80000000u), 0x80000000u);  // -0 is multiplied: -0 * 0.25 = -0
  EXPECT_EQ(x_stage_fp(s, 0x7FC00000u), 0x7FC00000u);  // a NaN with the sign clear passes
  s.relu_bypass = false;
  EXPECT_EQ(x_stage_fp(s, 0xC0000000u), 0u);           // -0.5 -> 0
  EXPECT_EQ(x_stage_fp(s, 0x80000000u), 0u);           // -0 -> +0
}

TEST(SdpXStageFp, NanToZeroActsOnOperands) {
  SdpStageConfig s = active_stage();
  s.alu_bypass = false;
  s.alu_algo = SdpAluAlgo::Sum;
  s.alu_operand = int16_t(0x7E00);  // NaN
  // Without NAN_TO_ZERO the operand's NaN (widened: 0x7F800200) propagates.
  EXPECT_EQ(x_stage_fp(s, kOne, false), 0x7F800200u);
  EXPECT_EQ(x_stage_fp(s, kOne, true), kOne);  // 1 + 0
  s = active_stage();
  s.mul_bypass = false;
  s.mul_operand = int16_t(0xFE01);
  EXPECT_EQ(x_stage_fp(s, kOne, false), 0xFF800201u);  // 0xFE01: payload 0x201
  EXPECT_EQ(x_stage_fp(s, kOne, true), 0u);  // 1 * +0
}

// ---- whole layers -----------------------------------------------------------------

SdpConfig fp16_layer() {
  SdpConfig c;
  c.fp16_present = true;
  c.in_precision = c.proc_precision = c.out_precision = Precision::Fp16;
  return c;
}

// A 1 x 1 x 16 FP16 cube (one 32-byte atom) holding `values`.
PackedCube fp16_cube(const std::vector<uint16_t>& values, Precision precision = Precision::Fp16) {
  PackedCube cube(CubeGeometry{1, 1, 16, precision, 32});
  for (size_t i = 0; i < 16; ++i) {
    const uint16_t v = i < values.size() ? values[i] : 0;
    cube.bytes[2 * i] = uint8_t(v);
    cube.bytes[2 * i + 1] = uint8_t(v >> 8);
  }
  return cube;
}

uint16_t element(const PackedCube& cube, size_t i) { return uint16_t(cube.bytes[2 * i] | (cube.bytes[2 * i + 1] << 8)); }

TEST(SdpProcessFp16, StagesComputeInFp32AndRoundOnlyAtTheEnd) {
  SdpConfig c = fp16_layer();
  c.bs = active_stage();
  c.bs.alu_bypass = false;
  c.bs.alu_algo = SdpAluAlgo::Sum;
  c.bs.alu_operand = int16_t(0x3C00);  // +1
  c.bn = c.bs;                         // +1 again
  c.cvt_offset = 7;                    // the converter's integer fields do not act
  c.cvt_scale = 3;
  c.cvt_shift = 2;
  SdpStats stats;
  const PackedCube out = sdp_process(c, fp16_cube({0x6800, 0x6801, 0x3C00, 0xBC00}), stats);
  // 2048 + 1 + 1 = 2050 exactly in fp32 -> 0x6801. Rounding after each
  // stage in FP16 would have given 2048 (2049 is a tie to even 2048).
  EXPECT_EQ(element(out, 0), 0x6801);
  // 2050 + 2 = 2052 -> 0x6802.
  EXPECT_EQ(element(out, 1), 0x6802);
  EXPECT_EQ(element(out, 2), 0x4200);  // 1 + 2 = 3
  EXPECT_EQ(element(out, 3), 0x3C00);  // -1 + 2 = 1
  EXPECT_EQ(element(out, 4), 0x4000);  // lanes past the data: 0 + 2 = 2
  EXPECT_EQ(stats.out_saturation, 0u);
  EXPECT_EQ(stats.nan_input + stats.inf_input + stats.nan_output, 0u);
}

TEST(SdpProcessFp16, RoundingAtTheOutputIsTiesToEven) {
  SdpConfig c = fp16_layer();
  c.bs = active_stage();
  c.bs.mul_bypass = false;
  c.bs.mul_operand = int16_t(0x3800);  // * 0.5
  SdpStats stats;
  // 0x0001 * 0.5 = 2^-25: tie between 0 and the smallest subnormal -> 0.
  // 0x0003 * 0.5 = 1.5 units: tie -> 2 units. 0x6801 (2050) * 0.5 = 1025.
  const PackedCube out = sdp_process(c, fp16_cube({0x0001, 0x0003, 0x6801, 0x8001}), stats);
  EXPECT_EQ(element(out, 0), 0x0000);
  EXPECT_EQ(element(out, 1), 0x0002);
  EXPECT_EQ(element(out, 2), 0x6401);  // 1025 = 1.0009765625 * 2^10
  EXPECT_EQ(element(out, 3), 0x8000);  // -2^-25 -> -0
}

TEST(SdpProcessFp16, NanInfCountersSaturationAndNanToZero) {
  SdpConfig c = fp16_layer();
  c.bs = active_stage();
  c.bs.alu_bypass = false;
  c.bs.alu_algo = SdpAluAlgo::Sum;
  c.bs.alu_operand = int16_t(0x3C00);  // +1
  const std::vector<uint16_t> in = {0x7E01, 0x7C00, 0xFC00, 0x7BFF, 0x3C00, 0xFE00};
  SdpStats stats;
  PackedCube out = sdp_process(c, fp16_cube(in), stats);
  EXPECT_EQ(element(out, 0), 0x7E01);  // NaN + 1 = the NaN, payload kept
  // +Inf enters as the largest fp32; + 1 stays there; narrowed to 65504.
  EXPECT_EQ(element(out, 1), 0x7BFF);
  EXPECT_EQ(element(out, 2), 0xFBFF);  // -Inf likewise
  EXPECT_EQ(element(out, 3), 0x7BFF);  // 65504 + 1 rounds back to 65504
  EXPECT_EQ(element(out, 4), 0x4000);  // 2
  EXPECT_EQ(element(out, 5), 0xFE00);
  EXPECT_EQ(stats.nan_input, 2u);
  EXPECT_EQ(stats.inf_input, 2u);
  EXPECT_EQ(stats.nan_output, 2u);
  EXPECT_EQ(stats.out_saturation, 3u);  // outputs +-65504
  // NAN_TO_ZERO: NaN inputs become +0 before X1 (0 + 1 = 1); the input
  // counters still see them, the output has none.
  c.nan_to_zero = true;
  stats = SdpStats{};
  out = sdp_process(c, fp16_cube(in), stats);
  EXPECT_EQ(element(out, 0), 0x3C00);
  EXPECT_EQ(element(out, 5), 0x3C00);
  EXPECT_EQ(stats.nan_input, 2u);
  EXPECT_EQ(stats.nan_output, 0u);
}

TEST(SdpProcessFp16, Fp16ToInt16Output) {
  SdpConfig c = fp16_layer();
  c.out_precision = Precision::Int16;
  c.cvt_scale = 100;  // does not act
  SdpStats stats;
  // 2.5 -> 3, -2.5 -> -3, 40000 (0x78E2: 1.220703125 * 2^15) -> 32767, NaN -> -32768.
  const PackedCube out = sdp_process(c, fp16_cube({0x4100, 0xC100, 0x78E2, 0x7E00}), stats);
  EXPECT_EQ(int16_t(element(out, 0)), 3);
  EXPECT_EQ(int16_t(element(out, 1)), -3);
  EXPECT_EQ(int16_t(element(out, 2)), 32767);
  EXPECT_EQ(int16_t(element(out, 3)), -32768);
  EXPECT_EQ(stats.out_saturation, 0u);  // nothing counts on this path
  EXPECT_EQ(stats.nan_input, 1u);
  EXPECT_EQ(stats.nan_output, 0u);  // INT16 output has no NaNs
}

TEST(SdpProcessFp16, Int16ToFp16Output) {
  SdpConfig c;
  c.fp16_present = true;
  c.in_precision = c.proc_precision = Precision::Int16;
  c.out_precision = Precision::Fp16;
  c.cvt_scale = 3;
  SdpStats stats;
  // (x * 3) through sat_17, then to FP16: 100 -> 300 = 0x5CB0;
  // 683 -> 2049: tie -> 2048 = 0x6800; 21840 -> 65520: tie rounds up past
  // 65504 -> 65504 (counted); 30000 -> 90000 -> sat_17 65535 -> 65504
  // (counted once); -1 -> -3 = 0xC200.
  const std::vector<uint16_t> in = {100, 683, 21840, 30000, uint16_t(-1)};
  const PackedCube out = sdp_process(c, fp16_cube(in, Precision::Int16), stats);
  EXPECT_EQ(out.geometry.precision, Precision::Fp16);
  EXPECT_EQ(element(out, 0), 0x5CB0);
  EXPECT_EQ(element(out, 1), 0x6800);
  EXPECT_EQ(element(out, 2), 0x7BFF);
  EXPECT_EQ(element(out, 3), 0x7BFF);
  EXPECT_EQ(element(out, 4), 0xC200);
  EXPECT_EQ(stats.out_saturation, 2u);  // the +-65504 outputs, as NV_NVDLA_SDP_core.v counts
}

TEST(SdpProcessFp16, PerElementFp16OperandsFromMemory) {
  SdpConfig c = fp16_layer();
  c.bs = active_stage();
  c.bs.alu_bypass = false;
  c.bs.alu_algo = SdpAluAlgo::Sum;
  c.bs.alu_operand_from_memory = true;
  c.bs.mul_bypass = false;
  c.bs.mul_operand_from_memory = true;
  SdpOperands ops;
  ops.bs.enabled = true;
  ops.bs.per_element = true;
  ops.bs.use = SdpOperandUse::Both;
  ops.bs.two_bytes = true;
  ops.bs.elements_per_atom = 16;
  ops.bs.surface_elements = 16;
  // Records (ALU, MUL), little-endian: element 0: (+1, *2), element 1:
  // (-0.5, *-1), the others (0, *1).
  const uint16_t records[16][2] = {{0x3C00, 0x4000}, {0xB800, 0xBC00}, {0, 0x3C00}, {0, 0x3C00}, {0, 0x3C00},
                                   {0, 0x3C00},      {0, 0x3C00},      {0, 0x3C00}, {0, 0x3C00}, {0, 0x3C00},
                                   {0, 0x3C00},      {0, 0x3C00},      {0, 0x3C00}, {0, 0x3C00}, {0, 0x3C00},
                                   {0, 0x3C00}};
  for (const auto& r : records) {
    for (uint16_t v : r) {
      ops.bs.bytes.push_back(uint8_t(v));
      ops.bs.bytes.push_back(uint8_t(v >> 8));
    }
  }
  SdpStats stats;
  const PackedCube out = sdp_process(c, fp16_cube({0x4000, 0x4000, 0x4500}), ops, stats);
  EXPECT_EQ(element(out, 0), 0x4600);  // (2 + 1) * 2 = 6
  EXPECT_EQ(element(out, 1), 0xBE00);  // (2 - 0.5) * -1 = -1.5
  EXPECT_EQ(element(out, 2), 0x4500);  // (5 + 0) * 1 = 5
  // One-byte operands cannot feed the FP16 path.
  ops.bs.two_bytes = false;
  try {
    sdp_process(c, fp16_cube({}), ops, stats);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("D_BRDMA_CFG.BRDMA_DATA_SIZE = ONE_BYTE"), std::string::npos) << e.what();
  }
}

TEST(SdpProcessFp16, Fp32ValuesFromTheConvolutionCore) {
  SdpConfig c = fp16_layer();
  c.bs = active_stage();
  c.bs.mul_bypass = false;
  c.bs.mul_operand = int16_t(0x4000);  // * 2
  const CubeGeometry g{1, 1, 16, Precision::Fp16, 32};
  // CACC's fp32 results enter X1 as they are: 1.5 * 2 = 3 (0x4200); 2^-25 * 2
  // = 2^-24, the smallest subnormal FP16; 1e10 * 2 -> 65504 (counted).
  std::vector<int32_t> values(16, 0);
  values[0] = int32_t(0x3FC00000);
  values[1] = int32_t(0x33000000);
  values[2] = int32_t(0x501502F9);
  SdpStats stats;
  PackedCube out;
  sdp_process_values(c, values, g, SdpOperands{}, SdpLutTables{}, stats, out);
  EXPECT_EQ(element(out, 0), 0x4200);
  EXPECT_EQ(element(out, 1), 0x0001);
  EXPECT_EQ(element(out, 2), 0x7BFF);
  EXPECT_EQ(stats.out_saturation, 1u);
}

// ---- illegal programming -----------------------------------------------------------

std::string error_of(const SdpConfig& c, const PackedCube& in) {
  SdpStats stats;
  try {
    sdp_process(c, in, stats);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(SdpFp16Illegal, ConfigurationWithoutFp16) {
  SdpConfig c = fp16_layer();
  c.fp16_present = false;  // nv_small, nv_large, nv_small_256_full
  EXPECT_NE(error_of(c, fp16_cube({})).find("SDP_RDMA D_FEATURE_MODE_CFG.IN_PRECISION = FP16, but this "
                                            "configuration has no FP16 datapath (only nv_full"),
            std::string::npos);
  c.in_precision = c.proc_precision = Precision::Int16;  // INT16 -> FP16 output
  EXPECT_NE(error_of(c, fp16_cube({}, Precision::Int16)).find("D_DATA_FORMAT.OUT_PRECISION = FP16"),
            std::string::npos);
  EXPECT_NE(sdp_illegal_precision(c).value_or("").find("no FP16 datapath"), std::string::npos);
}

TEST(SdpFp16Illegal, PrecisionCombinations) {
  SdpConfig c = fp16_layer();
  EXPECT_FALSE(sdp_illegal_precision(c).has_value());
  EXPECT_FALSE(sdp_unsupported(c).has_value());
  // FP16 input with integer processing, and the reverse.
  c.proc_precision = c.out_precision = Precision::Int16;
  EXPECT_NE(error_of(c, fp16_cube({})).find("IN_PRECISION = fp16 with D_DATA_FORMAT.PROC_PRECISION = int16 is "
                                            "illegal"),
            std::string::npos);
  c = fp16_layer();
  c.in_precision = Precision::Int16;
  EXPECT_NE(error_of(c, fp16_cube({}, Precision::Int16))
                .find("IN_PRECISION = int16 with D_DATA_FORMAT.PROC_PRECISION = fp16 is illegal"),
            std::string::npos);
  // FP16 processing with INT8 output.
  c = fp16_layer();
  c.out_precision = Precision::Int8;
  EXPECT_NE(error_of(c, fp16_cube({})).find("PROC_PRECISION = fp16 with OUT_PRECISION = int8 is illegal"),
            std::string::npos);
  EXPECT_THROW(convert_output(c, 0), std::invalid_argument);
  // INT8 processing to FP16 output changes the elements per atom: not modelled.
  c = SdpConfig{};
  c.fp16_present = true;
  c.out_precision = Precision::Fp16;
  EXPECT_FALSE(sdp_illegal_precision(c).has_value());
  EXPECT_NE(sdp_unsupported(c).value_or("").find("PROC_PRECISION int8 to OUT_PRECISION fp16"), std::string::npos);
}

// ---- EW stage ---------------------------------------------------------------------

SdpEwConfig active_ew() {
  SdpEwConfig c;
  c.bypass = false;
  return c;  // ALU, MUL, LUT bypassed
}

uint32_t ew(const SdpEwConfig& c, uint32_t x, uint16_t alu_mem = 0, uint16_t mul_mem = 0, bool nan_to_zero = false) {
  const SdpLutTables tables;
  SdpLutStats stats;
  bool unequal = false;
  return y_stage_fp(c, tables, x, alu_mem, mul_mem, nan_to_zero, stats, unequal);
}

TEST(SdpEwStageFp, RegisterOperandsAreFp32AndTheMultiplierComesFirst) {
  SdpEwConfig c = active_ew();
  c.mul_bypass = false;
  c.mul_operand = int32_t(0x40400000);  // 3.0 as fp32, all 32 bits
  c.truncate = 5;                       // no effect on the FP16 path
  EXPECT_EQ(ew(c, kTwo), 0x40C00000u);  // 2 * 3 = 6
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Sum;
  c.alu_operand = int32_t(kOne);
  EXPECT_EQ(ew(c, kTwo), 0x40E00000u);  // 2 * 3 + 1 = 7 (ALU first would give 9)
  c.alu_algo = SdpEwAluAlgo::Max;
  EXPECT_EQ(ew(c, 0xBF800000u), kOne);  // max(-3, 1)
  c.alu_algo = SdpEwAluAlgo::Min;
  EXPECT_EQ(ew(c, 0xBF800000u), 0xC0400000u);  // min(-3, 1)
  // PReLU: the sign bit clear passes, the rest is multiplied.
  c = active_ew();
  c.mul_bypass = false;
  c.mul_prelu = true;
  c.mul_operand = int32_t(0x3E800000);  // 0.25
  EXPECT_EQ(ew(c, 0xC0000000u), 0xBF000000u);  // -2 * 0.25 = -0.5
  EXPECT_EQ(ew(c, 0x40400000u), 0x40400000u);  // 3 passes
}

TEST(SdpEwStageFp, MemoryOperandsAreFp16AndTheConverterDoesNotAct) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Sum;
  c.alu_operand_from_memory = true;
  c.alu_cvt.bypass = false;  // offset/scale/truncate ignored for FP16
  c.alu_cvt.offset = 5;
  c.alu_cvt.scale = 3;
  c.alu_cvt.truncate = 1;
  EXPECT_EQ(ew(c, kTwo, 0x3C00), 0x40400000u);  // 2 + 1 = 3
  // NaN memory operand: propagated, or +0 under NAN_TO_ZERO.
  EXPECT_EQ(ew(c, kTwo, 0x7E00), 0x7F800200u);
  EXPECT_EQ(ew(c, kTwo, 0x7E00, 0, true), kTwo);
  // A NaN register operand is not flushed.
  c.alu_operand_from_memory = false;
  c.alu_operand = int32_t(0x7FC00000);
  EXPECT_EQ(ew(c, kTwo, 0, 0, true), 0x7FC00000u);
}

TEST(SdpEwStageFp, EqlCompareMode) {
  SdpEwConfig c = active_ew();
  c.alu_bypass = false;
  c.alu_algo = SdpEwAluAlgo::Eql;
  c.alu_operand = int32_t(kOne);
  const SdpLutTables tables;
  SdpLutStats lut_stats;
  bool unequal = false;
  EXPECT_EQ(y_stage_fp(c, tables, kOne, 0, 0, false, lut_stats, unequal), 0u);
  EXPECT_FALSE(unequal);
  EXPECT_EQ(y_stage_fp(c, tables, 0xBF800000u, 0, 0, false, lut_stats, unequal), 1u);  // -1 is other bits
  EXPECT_TRUE(unequal);
  // A layer in compare mode converts and counts nothing.
  SdpConfig layer = fp16_layer();
  layer.ew_present = true;
  layer.ew = c;
  layer.ew.alu_operand = int32_t(0x40000000);  // 2.0
  SdpStats stats;
  sdp_process(layer, fp16_cube({0x4000, 0x4000, 0x7E00}), stats);  // the NaN differs
  EXPECT_TRUE(stats.unequal);
  EXPECT_EQ(stats.nan_output, 0u);
  EXPECT_EQ(stats.nan_input, 1u);
}

TEST(SdpProcessFp16, X1ThenEwWithPerKernelOperands) {
  SdpConfig c = fp16_layer();
  c.ew_present = true;
  c.bs = active_stage();
  c.bs.alu_bypass = false;
  c.bs.alu_algo = SdpAluAlgo::Sum;
  c.bs.alu_operand = int16_t(0x3C00);  // +1
  c.ew = active_ew();
  c.ew.mul_bypass = false;
  c.ew.mul_operand_from_memory = true;
  SdpOperands ops;
  ops.ew.enabled = true;
  ops.ew.use = SdpOperandUse::Mul;
  ops.ew.two_bytes = true;
  ops.ew.elements_per_atom = 16;
  ops.ew.surface_elements = 16;
  // One FP16 multiplier per channel: channel 0 * 0.5, channel 1 * -2, the rest * 1.
  for (int ch = 0; ch < 16; ++ch) {
    const uint16_t v = ch == 0 ? 0x3800 : ch == 1 ? 0xC000 : 0x3C00;
    ops.ew.bytes.push_back(uint8_t(v));
    ops.ew.bytes.push_back(uint8_t(v >> 8));
  }
  SdpStats stats;
  const PackedCube out = sdp_process(c, fp16_cube({0x4000, 0x4000, 0x4000}), ops, stats);
  EXPECT_EQ(element(out, 0), 0x3E00);  // (2 + 1) * 0.5 = 1.5
  EXPECT_EQ(element(out, 1), 0xC600);  // (2 + 1) * -2 = -6
  EXPECT_EQ(element(out, 2), 0x4200);  // 3
}

// ---- FP17 (the LUT's interpolation format: bias 31, 1.0 = 0x7C00) ------------------

TEST(SdpFp17, ConversionsAndArithmetic) {
  EXPECT_EQ(sdp_fp16_to_fp17(0x3C00), 0x7C00u);
  EXPECT_EQ(sdp_fp16_to_fp17(0x0001), 0x1C00u);   // 2^-24: exponent 31 - 24 = 7
  EXPECT_EQ(sdp_fp16_to_fp17(0x7C00), 0xFBFFu);   // +Inf -> largest finite
  EXPECT_EQ(sdp_fp16_to_fp17(0xFC00), 0x1FBFFu);  // -Inf
  EXPECT_EQ(sdp_fp16_to_fp17(0x7E01), 0xFE01u);   // NaN payload kept
  EXPECT_EQ(sdp_fp17_to_fp32(0x7C00), kOne);
  EXPECT_EQ(sdp_fp17_to_fp32(0x1C00), 0x33800000u);
  EXPECT_EQ(sdp_fp17_to_fp32(0xFC00), kFp32Max);  // the Inf pattern
  EXPECT_EQ(sdp_fp17_to_fp32(0xFE01), 0x7F800201u);
  // fp32 -> FP17: ties to even; below 2^-30 flushed unless it rounds up to 2^-30.
  EXPECT_EQ(sdp_fp32_to_fp17(kOne), 0x7C00u);
  EXPECT_EQ(sdp_fp32_to_fp17(0x3F801000u), 0x7C00u);  // 1 + 2^-11: tie -> 1
  EXPECT_EQ(sdp_fp32_to_fp17(0x30000000u), 0x0000u);  // 2^-31
  EXPECT_EQ(sdp_fp32_to_fp17(0x307FFFFFu), 0x0400u);  // just below 2^-30 -> 2^-30
  EXPECT_EQ(sdp_fp32_to_fp17(0x4F800000u), 0xFBFFu);  // 2^32 -> largest finite
  // Add and multiply: ties to even, overflow to the largest finite value.
  EXPECT_EQ(sdp_fp17_add(0x7C00, 0x5000), 0x7C00u);  // 1 + 2^-11: tie -> 1
  EXPECT_EQ(sdp_fp17_add(0x7C00, 0x5600), 0x7C02u);  // 1 + 1.5 ulp: tie -> 2 ulp
  EXPECT_EQ(sdp_fp17_mul(0xFA00, 0x7E00), 0xFBFFu);  // 1.5 * 2^31 * 1.5
  // 35-bit fractions: 0.5; 1 - 2^-35 rounds to 1.0; 0.5 (1 + 2^-11) is a
  // tie -> 0.5; 0.5 (1 + 3 * 2^-11) -> 0.5 (1 + 2^-9).
  EXPECT_EQ(sdp_fraction_to_fp17(uint64_t(1) << 34), 0x7800u);
  EXPECT_EQ(sdp_fraction_to_fp17((uint64_t(1) << 35) - 1), 0x7C00u);
  EXPECT_EQ(sdp_fraction_to_fp17((uint64_t(1) << 34) + (uint64_t(1) << 23)), 0x7800u);
  EXPECT_EQ(sdp_fraction_to_fp17((uint64_t(1) << 34) + 3 * (uint64_t(1) << 23)), 0x7802u);
  EXPECT_EQ(sdp_fraction_to_fp17(0), 0x0000u);
}

// ---- LUT -------------------------------------------------------------------------

// LE linear from 1000.0 (so x < 1000 underflows it), LO linear from 0 with
// INDEX_SELECT 0 (index = floor(x)).
SdpLutConfig fp_lut() {
  SdpLutConfig c;
  c.le_linear = true;
  c.le_start = int32_t(0x447A0000);  // 1000.0
  c.lo_start = 0;                    // 0.0
  return c;
}

TEST(SdpLutFp, LinearInterpolationInFp17) {
  const SdpLutConfig c = fp_lut();
  SdpLutTables t;
  t.set_lo(2, int16_t(0x4900));  // 10
  t.set_lo(3, int16_t(0x4D00));  // 20
  SdpLutStats stats;
  // x = 2.25: LO index 2, fraction 0.25 (2^33 of 2^35); LE underflows, so
  // the LO hit wins. 10 * 0.75 + 20 * 0.25 = 12.5, exact in FP17.
  const SdpLutIndex idx = sdp_lut_index_fp(c, 0x40100000u);
  EXPECT_TRUE(idx.select_lo);
  EXPECT_EQ(idx.index, 2u);
  EXPECT_EQ(idx.fraction, uint64_t(1) << 33);
  EXPECT_EQ(sdp_lut_lookup_fp(c, t, 0x40100000u, stats), 0x41480000u);
  EXPECT_EQ(stats.lo_hit, 1u);
  EXPECT_EQ(stats.le_hit, 0u);
  EXPECT_EQ(stats.hybrid, 1u);
  EXPECT_EQ(stats.uflow + stats.oflow, 0u);
  // x = 4.5 between 1.0 and 1 + 2^-10: 0.5 + (0.5 + 2^-11) = 1 + 2^-11 is
  // a tie at FP17's 10-bit mantissa -> 1.0 (even), not fp32's 1 + 2^-11.
  t.set_lo(4, int16_t(0x3C00));
  t.set_lo(5, int16_t(0x3C01));
  EXPECT_EQ(sdp_lut_lookup_fp(c, t, 0x40900000u, stats), kOne);
}

TEST(SdpLutFp, ExponentTableAndItsUnderflowBias) {
  SdpLutConfig c;
  c.le_linear = false;
  c.le_start = 0;
  c.le_index_offset = -2;
  c.lo_start = int32_t(0x447A0000);  // LO underflows below 1000
  c.le_uflow_scale = int16_t(0x4000);  // 2.0
  c.le_uflow_shift = 7;                // does not act on the FP16 path
  SdpLutTables t;
  t.set_le(0, int16_t(0x3C00));  // 1
  t.set_le(4, int16_t(0x4000));  // 2
  t.set_le(5, int16_t(0x4400));  // 4
  SdpLutStats stats;
  // x = 6 = 1.5 * 2^2: index 2 - (-2) = 4, fraction 0.5: 2 * 0.5 + 4 * 0.5 = 3.
  const SdpLutIndex idx = sdp_lut_index_fp(c, 0x40C00000u);
  EXPECT_FALSE(idx.select_lo);
  EXPECT_EQ(idx.index, 4u);
  EXPECT_EQ(idx.fraction, uint64_t(1) << 34);
  EXPECT_EQ(sdp_lut_lookup_fp(c, t, 0x40C00000u, stats), 0x40400000u);
  // x = 0.125 = 2^-3 < 2^-2: both tables underflow, LE by priority. The
  // bias is 2^-2 (exponent field -2 + 127): 0.125 - (0 + 0.25) = -0.125,
  // times 2 = -0.25, plus le[0] = 1 -> 0.75.
  EXPECT_EQ(sdp_lut_lookup_fp(c, t, 0x3E000000u, stats), 0x3F400000u);
  EXPECT_EQ(stats.uflow, 1u);
}

TEST(SdpLutFp, OverflowSlope) {
  SdpLutConfig c = fp_lut();
  c.hybrid_priority_lo = true;      // LE underflow + LO overflow: take LO
  c.lo_end = int32_t(0x43800000);   // 256.0
  c.lo_oflow_scale = int16_t(0x3800);  // 0.5
  c.lo_oflow_shift = 5;             // does not act
  SdpLutTables t;
  t.set_lo(256, int16_t(0x5640));  // 100
  SdpLutStats stats;
  // x = 300: LO index 300 >= 256 overflows; (300 - 256) * 0.5 + 100 = 122.
  EXPECT_EQ(sdp_lut_lookup_fp(c, t, 0x43960000u, stats), 0x42F40000u);
  EXPECT_EQ(stats.oflow, 1u);
  EXPECT_EQ(stats.uflow + stats.lo_hit + stats.le_hit + stats.hybrid, 0u);
}

TEST(SdpProcessFp16, EwLutThenConverter) {
  SdpConfig c = fp16_layer();
  c.ew_present = true;
  c.ew = active_ew();
  c.ew.lut_bypass = false;
  c.ew.lut = fp_lut();
  SdpLutTables t;
  t.set_lo(2, int16_t(0x4900));  // 10
  t.set_lo(3, int16_t(0x4D00));  // 20
  SdpStats stats;
  // FP16 2.25 (0x4080) -> 12.5 (0x4A40) as in LinearInterpolationInFp17.
  const PackedCube out = sdp_process(c, fp16_cube({0x4080}), SdpOperands{}, t, stats);
  EXPECT_EQ(element(out, 0), 0x4A40);
  // Every lane looks up. At x = 0 the difference to LO_START is 0, which
  // the FP16 index counts as an underflow of both tables: LE by priority,
  // slope scale 0 -> le[0] + (0 - 1000) * 0 = +0 + -0 = +0.
  EXPECT_EQ(element(out, 1), 0x0000);
  EXPECT_EQ(stats.lut.lo_hit, 1u);
  EXPECT_EQ(stats.lut.uflow, 15u);
}

}  // namespace
}  // namespace acosim::nvdla

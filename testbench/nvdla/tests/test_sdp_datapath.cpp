// The SDP X1/X2 stages and output converter against hand computations, and
// the nv_large pdp_3x3x33_2x2_ave_int8_0 worked example (SDP BS stage
// feeding a 2x2 average PDP on the fly) lane by lane.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/nvdla/pdp_pooling.h"
#include "systemc/nvdla/sdp_datapath.h"

namespace acosim::nvdla {
namespace {

TEST(SdpRounding, RightShiftRoundsHalfAwayFromZero) {
  EXPECT_EQ(sdp_round_shift(3, 1), 2);    // 1.5
  EXPECT_EQ(sdp_round_shift(-3, 1), -2);  // -1.5
  EXPECT_EQ(sdp_round_shift(5, 2), 1);    // 1.25
  EXPECT_EQ(sdp_round_shift(-5, 2), -1);  // -1.25
  EXPECT_EQ(sdp_round_shift(6, 2), 2);    // 1.5
  EXPECT_EQ(sdp_round_shift(-6, 2), -2);  // -1.5
  EXPECT_EQ(sdp_round_shift(2, 2), 1);    // 0.5
  EXPECT_EQ(sdp_round_shift(-2, 2), -1);  // -0.5
  EXPECT_EQ(sdp_round_shift(-7, 2), -2);  // -1.75
  EXPECT_EQ(sdp_round_shift(258, 1), 129);
  EXPECT_EQ(sdp_round_shift(-184, 1), -92);
  EXPECT_EQ(sdp_round_shift(-12345, 0), -12345);
}

TEST(SdpRounding, ShiftsOfFortyNineAndMoreGiveZero) {
  const int64_t big = int64_t(1) << 47;
  EXPECT_EQ(sdp_round_shift(big, 48), 1);  // 0.5 -> 1
  EXPECT_EQ(sdp_round_shift(-big, 48), -1);
  EXPECT_EQ(sdp_round_shift(big, 49), 0);
  EXPECT_EQ(sdp_round_shift(-big, 63), 0);
}

TEST(SdpRounding, Saturation) {
  EXPECT_EQ(sdp_saturate(70000, 17), 65535);
  EXPECT_EQ(sdp_saturate(-70000, 17), -65536);
  EXPECT_EQ(sdp_saturate(127, 8), 127);
  EXPECT_EQ(sdp_saturate(128, 8), 127);
  EXPECT_EQ(sdp_saturate(-129, 8), -128);
  EXPECT_EQ(sdp_saturate(int64_t(1) << 40, 32), 2147483647);
  EXPECT_EQ(sdp_saturate(-(int64_t(1) << 40), 32), -2147483647 - 1);
}

SdpStageConfig active_stage() {
  SdpStageConfig s;
  s.bypass = false;
  s.alu_bypass = true;
  s.mul_bypass = true;
  s.relu_bypass = true;
  return s;
}

TEST(SdpXStage, BypassedStageDoesNothingAtAll) {
  SdpStageConfig s;  // master reset: bypassed
  s.alu_bypass = false;
  s.alu_algo = SdpAluAlgo::Sum;
  s.alu_operand = 100;
  s.mul_shift = 5;
  s.relu_bypass = false;
  EXPECT_EQ(x_stage(s, -77), -77);
}

TEST(SdpXStage, AluOperandShiftSaturatesToThirtyTwoBits) {
  SdpStageConfig s = active_stage();
  s.alu_bypass = false;
  s.alu_algo = SdpAluAlgo::Sum;
  s.alu_operand = 2;
  s.alu_shift = 1;  // operand 2 << 1 = 4
  EXPECT_EQ(x_stage(s, 125), 129);
  // 0x7FFF << 17 = 4294836224 saturates to 2147483647; x + that = 2147483652
  // (33 bits), then the bypassed multiplier's truncation (shift 0) saturates
  // it to 32 bits again.
  s.alu_operand = 0x7FFF;
  s.alu_shift = 17;
  EXPECT_EQ(x_stage(s, 5), 2147483647);
  s.alu_operand = -1;
  s.alu_shift = 40;  // -2^40 -> -2^31
  EXPECT_EQ(x_stage(s, -5), -2147483647 - 1);
  s.alu_shift = 0x40 | 3;  // only the 6-bit field counts: -1 << 3 = -8
  EXPECT_EQ(x_stage(s, 100), 92);
}

TEST(SdpXStage, AluMaxMinAndReservedAlgorithm) {
  SdpStageConfig s = active_stage();
  s.alu_bypass = false;
  s.alu_operand = 10;
  s.alu_algo = SdpAluAlgo::Max;
  EXPECT_EQ(x_stage(s, 3), 10);
  EXPECT_EQ(x_stage(s, 30), 30);
  s.alu_algo = SdpAluAlgo::Min;
  EXPECT_EQ(x_stage(s, 3), 3);
  EXPECT_EQ(x_stage(s, 30), 10);
  s.alu_algo = SdpAluAlgo::Reserved;  // the RTL adds
  EXPECT_EQ(x_stage(s, 3), 13);
}

TEST(SdpXStage, MultiplierTruncationRoundsAndSaturates) {
  SdpStageConfig s = active_stage();
  s.mul_bypass = false;
  s.mul_operand = 3;
  s.mul_shift = 1;
  EXPECT_EQ(x_stage(s, 7), 11);    // 21 / 2 = 10.5 -> 11
  EXPECT_EQ(x_stage(s, -7), -11);  // -10.5 -> -11
  s.mul_shift = 0x80 | 0x01;       // register bits [15:8]; the datapath takes [5:0]
  EXPECT_EQ(x_stage(s, 7), 11);
  s.mul_operand = 0x7FFF;
  s.mul_shift = 0;
  EXPECT_EQ(x_stage(s, 1 << 20), 2147483647);  // 2^20 * 32767 > 2^31
}

TEST(SdpXStage, BypassedMultiplierStillTruncates) {
  SdpStageConfig s = active_stage();
  s.mul_shift = 1;
  EXPECT_EQ(x_stage(s, 5), 3);  // 2.5 -> 3
  EXPECT_EQ(x_stage(s, -5), -3);
}

TEST(SdpXStage, PreluKeepsPositiveValuesUntouched) {
  SdpStageConfig s = active_stage();
  s.mul_bypass = false;
  s.mul_prelu = true;
  s.mul_operand = 3;
  s.mul_shift = 2;
  EXPECT_EQ(x_stage(s, 100), 100);   // no multiply, no truncation
  EXPECT_EQ(x_stage(s, -100), -75);  // -300 / 4
  // A 33-bit ALU sum on the positive side is reduced to its low 32 bits:
  // 2147483647 + 1 = 2^31 -> -2^31.
  s.alu_bypass = false;
  s.alu_algo = SdpAluAlgo::Sum;
  s.alu_operand = 1;
  EXPECT_EQ(x_stage(s, 2147483647), -2147483647 - 1);
}

TEST(SdpXStage, Relu) {
  SdpStageConfig s = active_stage();
  s.relu_bypass = false;
  EXPECT_EQ(x_stage(s, -5), 0);
  EXPECT_EQ(x_stage(s, 5), 5);
}

TEST(SdpConverter, OffsetScaleShiftThenSaturate) {
  SdpConfig c;
  c.cvt_offset = 10;
  c.cvt_scale = 3;
  c.cvt_shift = 2;
  bool saturated = true;
  EXPECT_EQ(convert_output(c, 100, &saturated), 68);  // 90 * 3 / 4 = 67.5 -> 68
  EXPECT_FALSE(saturated);
  EXPECT_EQ(convert_output(c, -100, &saturated), -83);  // -110 * 3 / 4 = -82.5 -> -83
  // 17-bit saturation (counted) then the int8 clamp (not counted).
  c = SdpConfig{};
  c.cvt_scale = 1000;
  EXPECT_EQ(convert_output(c, 1000, &saturated), 127);  // 10^6 -> 65535 -> 127
  EXPECT_TRUE(saturated);
  c.cvt_scale = 1;
  EXPECT_EQ(convert_output(c, 131, &saturated), 127);
  EXPECT_FALSE(saturated);
  c.out_precision = Precision::Int16;
  c.proc_precision = Precision::Int16;
  EXPECT_EQ(convert_output(c, 40000, &saturated), 32767);
  EXPECT_FALSE(saturated);
  EXPECT_EQ(convert_output(c, -70000, &saturated), -32768);  // -65536 after sat_17
  EXPECT_TRUE(saturated);
  c.cvt_shift = 49;
  EXPECT_EQ(convert_output(c, 30000), 0);
  // A negative scale and offset: (5 - (-3)) * -2 = -16.
  c.cvt_shift = 0;
  c.cvt_offset = -3;
  c.cvt_scale = -2;
  EXPECT_EQ(convert_output(c, 5), -16);
  // INT16 -> FP16 output needs a configuration with FP16 (nv_full); there
  // the 17-bit result is rounded to FP16: (5 - (-3)) * -2 = -16 -> 0xCC00.
  c.out_precision = Precision::Fp16;
  EXPECT_THROW(convert_output(c, 5), std::invalid_argument);
  c.fp16_present = true;
  EXPECT_EQ(convert_output(c, 5, &saturated), 0xCC00);
  EXPECT_FALSE(saturated);
}

TEST(SdpUnsupported, EveryFeatureOutsideTheModelIsNamed) {
  SdpConfig c;
  EXPECT_FALSE(sdp_unsupported(c).has_value());

  SdpConfig f = c;
  f.in_precision = f.proc_precision = f.out_precision = Precision::Fp16;
  EXPECT_FALSE(sdp_unsupported(f).has_value());  // FP16 is modelled (test_sdp_fp16.cpp)...
  EXPECT_NE(sdp_illegal_precision(f).value_or("").find("no FP16 datapath"),
            std::string::npos);  // ...where the configuration has it

  f = c;
  f.proc_precision = f.out_precision = Precision::Int16;
  EXPECT_NE(sdp_unsupported(f).value_or("").find("IN_PRECISION int8 to PROC_PRECISION int16"),
            std::string::npos);

  f = c;
  f.out_precision = Precision::Int16;
  EXPECT_NE(sdp_unsupported(f).value_or("").find("to OUT_PRECISION int16"), std::string::npos);

  f = c;
  f.bs = active_stage();
  f.bs.alu_bypass = false;
  f.bs.alu_operand_from_memory = true;
  EXPECT_FALSE(sdp_unsupported(f).has_value());  // memory operands are modelled

  f = c;
  f.ew.bypass = false;
  EXPECT_FALSE(sdp_unsupported(f).has_value());  // nv_small: no EW stage, acts bypassed
  f.ew_present = true;
  EXPECT_FALSE(sdp_unsupported(f).has_value());  // the EW stage is modelled
  f.in_precision = f.proc_precision = f.out_precision = Precision::Fp16;

  const PackedCube in(CubeGeometry{1, 1, 1, Precision::Fp16, 8});
  SdpStats stats;
  try {
    sdp_process(f, in, stats);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("SDP: SDP_RDMA D_FEATURE_MODE_CFG.IN_PRECISION = FP16", 0), 0u)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("no FP16 datapath"), std::string::npos) << e.what();
  }
}

// Operand records packed as NVDLA's format.rst lays them out: one record
// per channel (per kernel) or per element, ALU first with DATA_USE BOTH.
SdpMemoryOperands operand_dma(bool per_element, SdpOperandUse use, bool two_bytes,
                              std::vector<uint8_t> bytes, uint64_t surface_elements) {
  SdpMemoryOperands m;
  m.enabled = true;
  m.per_element = per_element;
  m.use = use;
  m.two_bytes = two_bytes;
  m.elements_per_atom = 8;
  m.surface_elements = surface_elements;
  m.bytes = std::move(bytes);
  return m;
}

TEST(SdpOperands, StagesAndDmasMustAgree) {
  SdpConfig c;
  c.bs = active_stage();
  c.bs.alu_bypass = false;
  c.bs.alu_operand_from_memory = true;
  SdpOperands none;
  EXPECT_NE(sdp_operand_mismatch(c, none).value_or("").find("BRDMA fetches no ALU operand (D_BRDMA_CFG.BRDMA_DISABLE = YES)"),
            std::string::npos);
  SdpOperands mul_only;
  mul_only.bs = operand_dma(false, SdpOperandUse::Mul, false, {}, 8);
  EXPECT_NE(sdp_operand_mismatch(c, mul_only).value_or("").find("BRDMA_DATA_USE = MUL"), std::string::npos);
  SdpOperands both;
  both.bs = operand_dma(false, SdpOperandUse::Both, false, {}, 8);
  EXPECT_FALSE(sdp_operand_mismatch(c, both).has_value());  // the MUL half is simply unused

  c.bs.alu_bypass = true;  // nothing reads memory now, BRDMA's data would stall the pipe
  EXPECT_NE(sdp_operand_mismatch(c, both).value_or("").find("would never be consumed"), std::string::npos);
  c.bs_present = false;
  EXPECT_NE(sdp_operand_mismatch(c, both).value_or("").find("would never be consumed"), std::string::npos);

  SdpConfig n;
  n.bn = active_stage();
  n.bn.mul_bypass = false;
  n.bn.mul_operand_from_memory = true;
  SdpOperands alu_only;
  alu_only.bn = operand_dma(true, SdpOperandUse::Alu, false, {}, 8);
  EXPECT_NE(sdp_operand_mismatch(n, alu_only).value_or("").find("the BN MUL operand comes from memory"),
            std::string::npos);

  SdpConfig e;  // EW absent or bypassed: an enabled ERDMA is never drained
  SdpOperands ew;
  ew.ew.enabled = true;
  EXPECT_NE(sdp_operand_mismatch(e, ew).value_or("").find("ERDMA"), std::string::npos);

  const PackedCube in(CubeGeometry{1, 1, 1, Precision::Int8, 8});
  SdpStats stats;
  EXPECT_THROW(sdp_process(c, in, both, stats), std::invalid_argument);
}

TEST(SdpOperands, PerKernelOneByteAluAndMul) {
  // 2x1 cube, 9 channels -> 2 surfaces of 8 lanes. BS: a = x + alu[c]
  // (SUM), y = a * mul[c] >> 1 (rounded), operands per channel with
  // DATA_USE BOTH and one byte each: record c = {alu, mul}.
  SdpConfig c;
  c.bs = active_stage();
  c.bs.alu_bypass = false;
  c.bs.alu_algo = SdpAluAlgo::Sum;
  c.bs.alu_operand_from_memory = true;
  c.bs.mul_bypass = false;
  c.bs.mul_operand_from_memory = true;
  c.bs.mul_shift = 1;
  std::vector<uint8_t> records;
  for (int ch = 0; ch < 16; ++ch) {
    records.push_back(uint8_t(int8_t(ch - 4)));  // ALU operand: channel - 4
    records.push_back(uint8_t(int8_t(ch % 2 ? -3 : 3)));  // MUL operand: +-3
  }
  SdpOperands ops;
  ops.bs = operand_dma(false, SdpOperandUse::Both, false, records, 2 * 1 * 8);
  PackedCube in(CubeGeometry{2, 1, 9, Precision::Int8, 8});
  for (uint32_t w = 0; w < 2; ++w) {
    for (uint32_t ch = 0; ch < 16; ++ch) in.set(w, 0, ch, int32_t(w * 10 + 1));
  }
  SdpStats stats;
  const PackedCube out = sdp_process(c, in, ops, stats);
  // Hand computations: x = 1 (w 0) or 11 (w 1).
  EXPECT_EQ(out.at(0, 0, 0), -5);   // (1 - 4) * 3 = -9 -> -4.5 -> -5 (ties away from zero)
  EXPECT_EQ(out.at(0, 0, 1), 3);    // (1 - 3) * -3 = 6 -> 3
  EXPECT_EQ(out.at(1, 0, 4), 17);   // (11 + 0) * 3 = 33 -> 16.5 -> 17
  EXPECT_EQ(out.at(1, 0, 8), 23);   // channel 8 (second surface): (11 + 4) * 3 = 45 -> 22.5 -> 23
  EXPECT_EQ(out.at(0, 0, 15), -18);  // (1 + 11) * -3 = -36 -> -18
}

TEST(SdpOperands, PerElementTwoByteMul) {
  // 2x2 cube, 8 channels (one surface). BN: MUL only, per element, 16-bit
  // little-endian operands; element i (packed order: line, column, lane)
  // gets operand 100 * i - 1000; shift 4. x = 16 everywhere, so
  // y = round((100 * i - 1000) * 16 / 16) = 100 * i - 1000, then sat_8.
  SdpConfig c;
  c.bn = active_stage();
  c.bn.mul_bypass = false;
  c.bn.mul_operand_from_memory = true;
  c.bn.mul_shift = 4;
  std::vector<uint8_t> records;
  for (int i = 0; i < 32; ++i) {
    const uint16_t v = uint16_t(int16_t(100 * i - 1000));
    records.push_back(uint8_t(v));
    records.push_back(uint8_t(v >> 8));
  }
  SdpOperands ops;
  ops.bn = operand_dma(true, SdpOperandUse::Mul, true, records, 2 * 2 * 8);
  PackedCube in(CubeGeometry{2, 2, 8, Precision::Int8, 8});
  for (auto& b : in.bytes) b = 16;
  SdpStats stats;
  const PackedCube out = sdp_process(c, in, ops, stats);
  EXPECT_EQ(out.at(0, 0, 0), -128);  // i 0: -1000 -> saturates
  EXPECT_EQ(out.at(1, 1, 2), 127);   // i = (1 * 2 + 1) * 8 + 2 = 26: 1600 -> saturates
  EXPECT_EQ(out.at(1, 0, 1), -100);  // i = 1 * 8 + 1 = 9: -100
  EXPECT_EQ(out.at(1, 0, 3), 100);   // i = 11: 100
  EXPECT_EQ(out.at(1, 0, 2), 0);     // i = 10: 0
  ops.bn.bytes.resize(62);  // one record short
  EXPECT_THROW(sdp_process(c, in, ops, stats), std::invalid_argument);
}

TEST(SdpProcess, InputOfAnotherPrecisionIsRefused) {
  SdpConfig c;
  const PackedCube in(CubeGeometry{1, 1, 1, Precision::Int16, 32});
  SdpStats stats;
  EXPECT_THROW(sdp_process(c, in, stats), std::invalid_argument);
}

TEST(SdpProcess, Int16ElementsAndSaturationCounter) {
  // INT16 in/proc/out, BS: x * 4 (MUL operand 4, shift 0); 10000 * 4 = 40000
  // fits 17 bits and clamps to 32767 (not counted); 20000 * 4 = 80000
  // saturates at 17 bits (counted) and then clamps.
  SdpConfig c;
  c.in_precision = c.proc_precision = c.out_precision = Precision::Int16;
  c.bs = active_stage();
  c.bs.mul_bypass = false;
  c.bs.mul_operand = 4;
  PackedCube in(CubeGeometry{2, 1, 1, Precision::Int16, 32});
  in.set(0, 0, 0, 10000);
  in.set(1, 0, 0, 20000);
  in.set_lane(0, 0, 0, 15, -3);  // a lane beyond C is transformed too
  SdpStats stats;
  const PackedCube out = sdp_process(c, in, stats);
  EXPECT_EQ(out.at(0, 0, 0), 32767);
  EXPECT_EQ(out.at(1, 0, 0), 32767);
  EXPECT_EQ(out.lane(0, 0, 0, 15), -12);
  EXPECT_EQ(stats.out_saturation, 1u);
}

TEST(SdpProcess, Int8CountersWhenComputedByChannel) {
  // INT8, BS: x * 32767 (MUL operand from memory per channel: 32767 on odd
  // channels, 1 on even ones). |x| * 32767 > 65535 for |x| >= 3: those
  // elements saturate at 17 bits (counted). The cube holds x = -4..4 in
  // turn over 2x3 positions and 16 lanes (two surfaces of 8).
  SdpConfig c;
  c.bs = active_stage();
  c.bs.mul_bypass = false;
  c.bs.mul_operand_from_memory = true;
  std::vector<uint8_t> records;
  for (int ch = 0; ch < 16; ++ch) {
    const int16_t v = ch % 2 ? 32767 : 1;
    records.push_back(uint8_t(uint16_t(v)));
    records.push_back(uint8_t(uint16_t(v) >> 8));
  }
  SdpOperands ops;
  ops.bs = operand_dma(false, SdpOperandUse::Mul, true, records, 2 * 3 * 8);
  PackedCube in(CubeGeometry{2, 3, 9, Precision::Int8, 8});
  uint32_t expected_saturations = 0;
  int next = 0;
  for (uint32_t ch = 0; ch < 16; ++ch) {
    for (uint32_t h = 0; h < 3; ++h) {
      for (uint32_t w = 0; w < 2; ++w) {
        const int x = next % 9 - 4;
        ++next;
        in.set(w, h, ch, x);
        if (ch % 2 == 1 && (x >= 3 || x <= -3)) ++expected_saturations;
      }
    }
  }
  SdpStats stats;
  const PackedCube out = sdp_process(c, in, ops, stats);
  EXPECT_EQ(stats.out_saturation, expected_saturations);
  EXPECT_GT(expected_saturations, 10u);
  // Odd channels clamp to +-127 beyond |x| = 0; even ones pass x through.
  EXPECT_EQ(out.at(0, 0, 0), in.at(0, 0, 0));
  EXPECT_EQ(out.at(0, 0, 1), in.at(0, 0, 1) > 0 ? 127 : in.at(0, 0, 1) < 0 ? -128 : 0);
}

// nv_large pdp_3x3x33_2x2_ave_int8_0. SDP: D_DP_BS_CFG 0x08 (BS on, ALU SUM,
// MUL on, ReLU on), D_DP_BS_ALU_CFG 0x100 (REG, shift 1), ALU operand 2,
// D_DP_BS_MUL_CFG 0x100 (REG, shift 1), MUL operand 2, D_DP_BN_CFG 0x73
// (bypass), D_DP_EW_CFG 0x0B (bypass), converter 0/1/0. Per element:
// max(0, rnd((x + (2 << 1)) * 2, 1)) then sat_8 = clamp(x + 4, 0, 127).
SdpConfig worked_example_sdp() {
  SdpConfig c;
  c.bs.bypass = false;
  c.bs.alu_bypass = false;
  c.bs.alu_algo = SdpAluAlgo::Sum;
  c.bs.alu_shift = 1;
  c.bs.alu_operand = 2;
  c.bs.mul_bypass = false;
  c.bs.mul_prelu = false;
  c.bs.mul_shift = 1;
  c.bs.mul_operand = 2;
  c.bs.relu_bypass = false;
  c.ew_present = true;  // nv_large has EW; bypassed here
  c.ew.bypass = true;
  return c;
}

TEST(WorkedExample, SdpStageLaneByLane) {
  const SdpConfig c = worked_example_sdp();
  // Lane 2: 32 / 96 -> ALU 36 / 100 -> MUL 72 / 200 -> rnd(., 1) 36 / 100 -> ReLU.
  EXPECT_EQ(x_stage(c.bs, 32), 36);
  EXPECT_EQ(x_stage(c.bs, 96), 100);
  // Lane 24: -96 / 125 -> -92 / 129 -> -184 / 258 -> -92 / 129 -> ReLU 0 / 129.
  EXPECT_EQ(x_stage(c.bs, -96), 0);
  EXPECT_EQ(x_stage(c.bs, 125), 129);
  bool saturated = true;
  EXPECT_EQ(convert_output(c, 129, &saturated), 127);  // sat_8, no 17-bit saturation
  EXPECT_FALSE(saturated);
  // Surface 1 lane 1 (no channel: C = 33): 103 / 84 -> 107 / 88.
  EXPECT_EQ(x_stage(c.bs, 103), 107);
  EXPECT_EQ(x_stage(c.bs, 84), 88);
  // PDP: S = y(0,0) + y(0,1) + 2 x PAD_VALUE_1X (154); rnd16(S * 0x8000) twice.
  EXPECT_EQ(pdp_reciprocal_multiply(290, 0x8000), 145);
  EXPECT_EQ(pdp_reciprocal_multiply(145, 0x8000), 73);   // 72.5
  EXPECT_EQ(pdp_reciprocal_multiply(281, 0x8000), 141);  // 140.5
  EXPECT_EQ(pdp_reciprocal_multiply(141, 0x8000), 71);   // 70.5
  EXPECT_EQ(pdp_reciprocal_multiply(349, 0x8000), 175);  // 174.5
  EXPECT_EQ(pdp_reciprocal_multiply(175, 0x8000), 88);   // 87.5
}

TEST(WorkedExample, SdpFeedsAverageOnTheFly) {
  // Input cube 3x3x33 on nv_large (32-byte atoms, 2 surfaces); the bytes of
  // the example at (h 0, w 0) / (h 0, w 1); every other byte 0.
  PackedCube in(CubeGeometry{3, 3, 33, Precision::Int8, 32});
  in.set_lane(0, 0, 0, 2, 0x20);
  in.set_lane(0, 0, 1, 2, 0x60);
  in.set_lane(0, 0, 0, 24, int8_t(0xA0));
  in.set_lane(0, 0, 1, 24, 0x7D);
  in.set_lane(1, 0, 0, 1, 0x67);
  in.set_lane(1, 0, 1, 1, 0x54);
  SdpStats stats;
  const PackedCube y = sdp_process(worked_example_sdp(), in, stats);
  EXPECT_EQ(y.lane(0, 0, 0, 2), 36);
  EXPECT_EQ(y.lane(0, 0, 1, 2), 100);
  EXPECT_EQ(y.lane(0, 0, 0, 24), 0);
  EXPECT_EQ(y.lane(0, 0, 1, 24), 127);
  EXPECT_EQ(y.lane(1, 0, 0, 1), 107);
  EXPECT_EQ(y.lane(1, 0, 1, 1), 88);
  EXPECT_EQ(y.lane(1, 2, 2, 31), 4);  // a zero byte becomes 0 + 4
  EXPECT_EQ(stats.out_saturation, 0u);

  // PDP: ON_FLYING average, 3x3x33 -> 2x2, kernel 2x2, stride 2x2, padding
  // left 0 / top 1 / right 1 / bottom 0, PAD_VALUE_nX = 77 n, reciprocals 0x8000.
  PoolingConfig p;
  p.method = PdpPoolingMethod::Average;
  p.on_the_fly = true;
  p.in_width = p.in_height = 3;
  p.in_channels = p.out_channels = 33;
  p.out_width = p.out_height = 2;
  p.kernel_width = p.kernel_height = 2;
  p.stride_width = p.stride_height = 2;
  p.pad_top = 1;
  p.pad_right = 1;
  for (unsigned n = 1; n <= 7; ++n) p.pad_value[n - 1] = 77 * n;
  p.recip_width = p.recip_height = 0x8000;
  const PackedCube out = pool(p, y);
  // Output (0, 0) covers padded row -1 and row 0, columns 0 and 1.
  EXPECT_EQ(out.lane(0, 0, 0, 2), 73);   // S = 36 + 100 + 154 = 290
  EXPECT_EQ(out.lane(0, 0, 0, 24), 71);  // S = 0 + 127 + 154 = 281
  EXPECT_EQ(out.lane(1, 0, 0, 1), 88);   // S = 107 + 88 + 154 = 349
}

}  // namespace
}  // namespace acosim::nvdla

// float <-> raw conversions and the byte encoding of scalars (Tensil
// common/src/tensil/FixedBase.scala, Fixed*.scala). Every expected raw value is worked out by hand beside the check.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "sw/tensil/fixed.h"

namespace acosim::tensil {
namespace {

const DataTypeInfo& fp8() { return data_type_info(DataType::FP8BP4); }
const DataTypeInfo& fp16() { return data_type_info(DataType::FP16BP8); }
const DataTypeInfo& fp18() { return data_type_info(DataType::FP18BP10); }
const DataTypeInfo& fp32() { return data_type_info(DataType::FP32BP16); }

TEST(FloatToRaw, ExactValuesScaleByTwoToTheBinaryPoint) {
  EXPECT_EQ(float_to_raw(1.0, fp16()), 256);
  EXPECT_EQ(float_to_raw(-1.0, fp16()), -256);
  EXPECT_EQ(float_to_raw(0.5, fp8()), 8);
  EXPECT_EQ(float_to_raw(1.5, fp18()), 1536);
  EXPECT_EQ(float_to_raw(-2.25, fp32()), -147456);  // -2.25 * 65536
  EXPECT_EQ(float_to_raw(0.0, fp16()), 0);
  EXPECT_EQ(float_to_raw(-0.0, fp16()), 0);
}

TEST(FloatToRaw, TiesRoundTowardPlusInfinity) {
  // 0.5/256 * 256 = 0.5: floor(0.5 + 0.5) = 1.
  EXPECT_EQ(float_to_raw(0.5 / 256, fp16()), 1);
  // 1.5/256 -> 1.5: floor(2.0) = 2.
  EXPECT_EQ(float_to_raw(1.5 / 256, fp16()), 2);
  // -0.5/256 -> -0.5: floor(0.0) = 0 (not -1: ties go up, not away from zero).
  EXPECT_EQ(float_to_raw(-0.5 / 256, fp16()), 0);
  // -1.5/256 -> -1.5: floor(-1.0) = -1.
  EXPECT_EQ(float_to_raw(-1.5 / 256, fp16()), -1);
  // -2.5/256 -> -2.5: floor(-2.0) = -2 (ties away from zero would give -3).
  EXPECT_EQ(float_to_raw(-2.5 / 256, fp16()), -2);
  // -3.5/256 -> -3.5: floor(-3.0) = -3 (ties to even would give -4).
  EXPECT_EQ(float_to_raw(-3.5 / 256, fp16()), -3);
  // FP8BP4: 0.03125 * 16 = 0.5 -> 1; -0.09375 * 16 = -1.5 -> -1.
  EXPECT_EQ(float_to_raw(0.03125, fp8()), 1);
  EXPECT_EQ(float_to_raw(-0.09375, fp8()), -1);
  // Just below a tie rounds down: 0.49/256 -> floor(0.99) = 0.
  EXPECT_EQ(float_to_raw(0.49 / 256, fp16()), 0);
}

TEST(FloatToRaw, SaturatesAtBothEnds) {
  // FP16BP8 raw range -32768..32767 (Fixed16bp8.scala).
  EXPECT_EQ(float_to_raw(127.99609375, fp16()), 32767);  // exactly the maximum
  EXPECT_EQ(float_to_raw(128.0, fp16()), 32767);
  EXPECT_EQ(float_to_raw(1e9, fp16()), 32767);
  EXPECT_EQ(float_to_raw(-128.0, fp16()), -32768);  // exactly the minimum
  EXPECT_EQ(float_to_raw(-128.001953125, fp16()), -32768);  // -32768.5 rounds to -32768
  EXPECT_EQ(float_to_raw(-129.0, fp16()), -32768);
  EXPECT_EQ(float_to_raw(std::numeric_limits<double>::infinity(), fp16()), 32767);
  EXPECT_EQ(float_to_raw(-std::numeric_limits<double>::infinity(), fp16()), -32768);
  // 127.998046875 * 256 = 32767.5 -> 32768, saturated to 32767.
  EXPECT_EQ(float_to_raw(127.998046875, fp16()), 32767);
  EXPECT_EQ(float_to_raw(8.0, fp8()), 127);
  EXPECT_EQ(float_to_raw(-9.0, fp8()), -128);
  EXPECT_EQ(float_to_raw(200.0, fp18()), 131071);
  EXPECT_EQ(float_to_raw(-200.0, fp18()), -131072);
  EXPECT_EQ(float_to_raw(40000.0, fp32()), 2147483647);
  EXPECT_EQ(float_to_raw(-40000.0, fp32()), -2147483647 - 1);
}

TEST(FloatToRaw, NanIsAnErrorNamingTheType) {
  try {
    float_to_raw(std::nan(""), fp16());
    FAIL() << "NaN accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("NaN"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("FP16BP8"), std::string::npos);
  }
}

TEST(RawToFloat, DividesByTwoToTheBinaryPoint) {
  EXPECT_DOUBLE_EQ(raw_to_float(254, fp16()), 0.9921875);  // XOR output, CompilerSpec.scala
  EXPECT_DOUBLE_EQ(raw_to_float(1, fp16()), 0.00390625);
  EXPECT_DOUBLE_EQ(raw_to_float(-32768, fp16()), -128.0);
  EXPECT_DOUBLE_EQ(raw_to_float(-1, fp8()), -0.0625);
  EXPECT_DOUBLE_EQ(raw_to_float(1024, fp18()), 1.0);
}

TEST(ScalarBytes, LittleEndianTwosComplement) {
  uint8_t b[4] = {};
  store_raw(-29, fp16(), b);  // 0xFFE3, CompilerSpec.scala XOR tdata "e3 ff"
  EXPECT_EQ(b[0], 0xE3);
  EXPECT_EQ(b[1], 0xFF);
  EXPECT_EQ(load_raw(b, fp16()), -29);
  store_raw(-1, fp8(), b);
  EXPECT_EQ(b[0], 0xFF);
  EXPECT_EQ(load_raw(b, fp8()), -1);
  store_raw(-2, fp32(), b);
  EXPECT_EQ(b[0], 0xFE);
  EXPECT_EQ(b[1], 0xFF);
  EXPECT_EQ(b[2], 0xFF);
  EXPECT_EQ(b[3], 0xFF);
  EXPECT_EQ(load_raw(b, fp32()), -2);
}

TEST(ScalarBytes, Fp18bp10MasksOnWriteAndSignExtendsBit17OnRead) {
  uint8_t b[4] = {};
  store_raw(-1, fp18(), b);  // low 18 bits set: 0x0003FFFF, upper 14 bits zero
  EXPECT_EQ(b[0], 0xFF);
  EXPECT_EQ(b[1], 0xFF);
  EXPECT_EQ(b[2], 0x03);
  EXPECT_EQ(b[3], 0x00);
  EXPECT_EQ(load_raw(b, fp18()), -1);
  // 0x00020000 is bit 17 alone: -131072.
  const uint8_t min[4] = {0x00, 0x00, 0x02, 0x00};
  EXPECT_EQ(load_raw(min, fp18()), -131072);
  // Bits above 17 are ignored by readers: 0xFFFC0001 reads as +1.
  const uint8_t noisy[4] = {0x01, 0x00, 0xFC, 0xFF};
  EXPECT_EQ(load_raw(noisy, fp18()), 1);
  // 0x0001FFFF is the maximum, 131071.
  const uint8_t max[4] = {0xFF, 0xFF, 0x01, 0x00};
  EXPECT_EQ(load_raw(max, fp18()), 131071);
}

TEST(VectorConversion, FloatsToBytesAndBack) {
  // The XOR bias vector [1, 0] and the row [-210, 233] of CompilerSpec.scala's XOR in FP16BP8:
  // 1/256 -> 1; -210/256 -> -210 (0xFF2E); 233/256 -> 233 (0x00E9).
  const std::vector<uint8_t> bytes =
      floats_to_bytes({1.0f / 256, 0.0f, -210.0f / 256, 233.0f / 256}, fp16());
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x01, 0x00, 0x00, 0x00, 0x2e, 0xff, 0xe9, 0x00}));
  const std::vector<float> back = bytes_to_floats(bytes.data(), 4, fp16());
  EXPECT_EQ(back, (std::vector<float>{1.0f / 256, 0.0f, -210.0f / 256, 233.0f / 256}));
  EXPECT_EQ(floats_to_bytes({1.0f, -1.0f}, fp18()),
            (std::vector<uint8_t>{0x00, 0x04, 0x00, 0x00, 0x00, 0xFC, 0x03, 0x00}));  // 1024; 0x3FC00
}

}  // namespace
}  // namespace acosim::tensil

// The memory unit's tensor accesses against the bounds rules, with the
// addresses and lanes worked out by hand in each test.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "sw/habana/tpc/error.h"
#include "sw/habana/tpc/tensor_access.h"

using namespace acosim::habana;

namespace {

constexpr uint64_t kBase = 0x10000;

struct Fixture {
  std::vector<uint8_t> memory = std::vector<uint8_t>(1 << 20, 0);
  GlobalWindow window{kBase, memory.data(), memory.size()};

  // fp32 tensor {100,5,5,1,2}, dense strides {1,100,500,2500,2500}, pad P,
  // at kBase; element k holds k + 0.5.
  TensorDescriptor fp32_tensor(float pad) {
    TensorDescriptor t;
    t.base = kBase;
    std::memcpy(&t.pad, &pad, 4);
    t.config = tensor_config(2, 0x1F, 4);
    t.size = {100, 5, 5, 1, 2};
    t.stride = {1, 100, 500, 2500, 2500};
    for (int k = 0; k < 5000; ++k) {
      const float v = static_cast<float>(k) + 0.5f;
      std::memcpy(&memory[4 * k], &v, 4);
    }
    return t;
  }
  float at(uint64_t byte_offset) const {
    float v;
    std::memcpy(&v, &memory[byte_offset], 4);
    return v;
  }
};

}  // namespace

TEST(TensorAccess, LoadSplitsDim0AtTheTensorEdge) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(-7.0f)});
  const int coord[5] = {64, 3, 2, 0, 1};
  float lanes[64];
  unit.load(0, coord, 4, 64, lanes);
  // Element offset 64 + 3*100 + 2*500 + 1*2500 = 3864 (byte 15456).
  for (int i = 0; i < 36; ++i) EXPECT_EQ(lanes[i], 3864 + i + 0.5f) << "lane " << i;
  for (int i = 36; i < 64; ++i) EXPECT_EQ(lanes[i], -7.0f) << "lane " << i;
}

TEST(TensorAccess, StoreCullsLanesPastTheEdge) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(0.0f)});
  const int coord[5] = {64, 3, 2, 0, 1};
  float lanes[64];
  for (int i = 0; i < 64; ++i) lanes[i] = -1.0f - i;
  unit.store(0, coord, 4, 64, lanes, nullptr, RmwOp::None, RmwType::F32);
  for (int i = 0; i < 36; ++i) EXPECT_EQ(f.at(15456 + 4 * i), -1.0f - i);
  // Bytes 15600.. (element 3900 = dim 1 index 4) keep their contents.
  EXPECT_EQ(f.at(15600), 3900.5f);
}

TEST(TensorAccess, OutsideAnotherDimIsAllPadAndNoWrite) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(2.25f)});
  const int coord[5] = {0, 5, 0, 0, 0};
  float lanes[64];
  unit.load(0, coord, 4, 64, lanes);
  for (float v : lanes) EXPECT_EQ(v, 2.25f);
  const std::vector<uint8_t> before = f.memory;
  unit.store(0, coord, 4, 64, lanes, nullptr, RmwOp::None, RmwType::F32);
  EXPECT_EQ(f.memory, before);
  EXPECT_FALSE(unit.writes(0).any);
}

TEST(TensorAccess, NegativeDim0StartReadsPadBelowZero) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(9.0f)});
  const int coord[5] = {-32, 0, 0, 0, 0};
  float lanes[64];
  unit.load(0, coord, 4, 64, lanes);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(lanes[i], 9.0f);
  for (int i = 32; i < 64; ++i) EXPECT_EQ(lanes[i], (i - 32) + 0.5f);
  EXPECT_EQ(unit.reads(0).low[0], 0);
  EXPECT_EQ(unit.reads(0).high[0], 31);
}

TEST(TensorAccess, ReplicatedPadForNarrowTypes) {
  Fixture f;
  TensorDescriptor t;
  t.base = kBase;
  t.pad = 0x80808080u;  // int8 pad 0x80 replicated across the dword
  t.config = tensor_config(0, 0x1, 0);
  t.size = {10, 1, 1, 1, 1};
  TensorUnit unit(f.window, {t});
  int8_t lanes[256];
  const int coord[5] = {0, 0, 0, 0, 0};
  unit.load(0, coord, 1, 256, lanes);
  for (int i = 10; i < 256; ++i) EXPECT_EQ(static_cast<uint8_t>(lanes[i]), 0x80);
}

TEST(TensorAccess, LaneEnableAndRmwAdd) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(0.0f)});
  float values[64];
  uint8_t enable[64];
  for (int i = 0; i < 64; ++i) {
    values[i] = 1.0f;
    enable[i] = i % 2;
  }
  const int coord[5] = {0, 0, 0, 0, 0};
  unit.store(0, coord, 4, 64, values, enable, RmwOp::Add, RmwType::F32);
  EXPECT_EQ(f.at(0), 0.5f);        // lane 0 disabled
  EXPECT_EQ(f.at(4), 1.5f + 1.0f);  // lane 1: 1.5 + 1
}

TEST(TensorAccess, GenAddrAndGlobalBounds) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(0.0f)});
  const int coord[5] = {64, 3, 2, 0, 1};
  EXPECT_EQ(unit.element_address(0, coord), kBase + 15456);
  float v;
  unit.load_global(kBase + 15456, &v, 4);
  EXPECT_EQ(v, 3864.5f);
  EXPECT_THROW(unit.load_global(kBase + f.memory.size() - 2, &v, 4), TpcError);
  try {
    unit.load_global(0x10, &v, 4);
    FAIL();
  } catch (const TpcError& e) {
    EXPECT_NE(std::string(e.what()).find("outside global memory"), std::string::npos);
  }
}

TEST(TensorAccess, UnknownTensorAndTooManyTensorsAreErrors) {
  Fixture f;
  TensorUnit unit(f.window, {f.fp32_tensor(0.0f)});
  float lanes[64];
  const int coord[5] = {0, 0, 0, 0, 0};
  try {
    unit.load(3, coord, 4, 64, lanes);
    FAIL();
  } catch (const TpcError& e) {
    EXPECT_NE(std::string(e.what()).find("uses tensor 3 but was given 1"), std::string::npos);
  }
  EXPECT_THROW(TensorUnit(f.window, std::vector<TensorDescriptor>(17)), TpcError);
}

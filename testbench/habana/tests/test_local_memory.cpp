// The TPC's local memories: sizes, alignment and the store-to-load fence.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>

#include "sw/habana/tpc/error.h"
#include "sw/habana/tpc/local_memory.h"

using namespace acosim::habana;

namespace {
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TpcError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(LocalMemory, ScalarLocalMemoryIsOneKibOfAlignedWords) {
  LocalMemory m;
  const uint32_t word = 0xDEADBEEF;
  m.store_slm(1020, &word, 4);
  uint32_t back = 0;
  m.load_slm(1020, &back, 4);
  EXPECT_EQ(back, word);
  EXPECT_NE(error_of([&] { m.store_slm(1024, &word, 4); }).find("1024 bytes"), std::string::npos);
  EXPECT_NE(error_of([&] { m.load_slm(2, &back, 4); }).find("4-byte aligned"), std::string::npos);
}

TEST(LocalMemory, VectorStoreIsSeenOnlyAfterTheFence) {
  LocalMemory m;
  uint8_t v[256], back[256];
  std::memset(v, 0x5A, 256);
  m.store_vlm(512, v, 256);
  m.load_vlm(512, back, 256);
  EXPECT_EQ(back[0], 0);  // old contents: no ASO between store and load
  m.fence();
  m.load_vlm(512, back, 256);
  EXPECT_EQ(std::memcmp(back, v, 256), 0);
}

TEST(LocalMemory, VectorLocalMemoryLimitsAndAlignment) {
  LocalMemory m;
  uint8_t v[256] = {};
  m.store_vlm(80 * 1024 - 256, v, 256);
  EXPECT_NE(error_of([&] { m.store_vlm(80 * 1024, v, 256); }).find("past the end"), std::string::npos);
  EXPECT_NE(error_of([&] { m.store_vlm(128, v, 256); }).find("not 256-byte aligned"), std::string::npos);
  m.store_vlm(128, v, 128);  // a half vector is 128-byte aligned
  m.use_special_functions();
  EXPECT_EQ(m.vlm_size(), 16u * 1024);
  const std::string e = error_of([&] { m.load_vlm(16 * 1024, v, 256); });
  EXPECT_NE(e.find("16 KiB"), std::string::npos);
  EXPECT_NE(e.find("special functions"), std::string::npos);
}

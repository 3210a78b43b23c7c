// The TPC chip running a launch: partitions on TPCs, every member once,
// cycles from the issue counts, the accesses each partition made, and
// errors inside a TPC reaching the caller.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "sw/habana/tpc/error.h"
#include "systemc/habana/chip.h"

using namespace acosim::habana;

#ifndef ACOSIM_ABS_KERNEL
#error "ACOSIM_ABS_KERNEL names the test kernel's shared object"
#endif

namespace {

std::vector<uint8_t> read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TensorDescriptor fp32_tensor(uint64_t base, std::array<int32_t, 5> size) {
  TensorDescriptor t;
  t.base = base;
  t.config = tensor_config(2, 0x1F, 4);
  t.size = size;
  int32_t stride = 1;
  for (int d = 0; d < 5; ++d) {
    t.stride[d] = stride;
    stride *= size[d];
  }
  return t;
}

}  // namespace

// The 128-element abs vector: index space {2,1,1,1,1}; two partitions run
// on TPCs 0 and 1, one member each, and every element comes out |x|.
TEST(TpcChip, AbsOf128ElementsOnTwoTpcs) {
  TpcChip chip("gaudi", 8);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const KernelLibrary kernel(read_file(ACOSIM_ABS_KERNEL));
  EXPECT_EQ(kernel.tensor_count(), 2u);
  const uint64_t in = TpcChip::kGlobalBase, out = TpcChip::kGlobalBase + 4096;
  float* x = reinterpret_cast<float*>(chip.global(in, 512));
  for (int i = 0; i < 128; ++i) x[i] = (i % 2 ? -1.0f : 1.0f) * static_cast<float>(i) * 0.25f;
  Launch launch;
  launch.kernel = &kernel;
  launch.tensors = {fp32_tensor(in, {128, 1, 1, 1, 1}), fp32_tensor(out, {128, 1, 1, 1, 1})};
  launch.partitions = partition_index_space({2, 1, 1, 1, 1}, chip.tpcs());
  const LaunchResult result = chip.run(launch);
  const float* y = reinterpret_cast<const float*>(chip.global(out, 512));
  for (int i = 0; i < 128; ++i) EXPECT_EQ(y[i], static_cast<float>(i) * 0.25f) << i;
  EXPECT_EQ(result.active_tpcs, 2u);
  ASSERT_EQ(result.runs.size(), 2u);
  EXPECT_EQ(result.runs[0].tpc, 0u);
  EXPECT_EQ(result.runs[1].tpc, 1u);
  // Member 0 touches elements 0..63, member 1 64..127 (start_a = end_a = 64).
  EXPECT_EQ(result.runs[0].reads[0].low[0], 0);
  EXPECT_EQ(result.runs[0].reads[0].high[0], 63);
  EXPECT_EQ(result.runs[1].writes[1].low[0], 64);
  EXPECT_EQ(result.runs[1].writes[1].high[0], 127);
  // One instruction per slot per member, plus 7 cycles to commit; both
  // TPCs run in parallel.
  EXPECT_EQ(result.runs[0].cycles, 1u + 7u);
  EXPECT_EQ(result.cycles, 8u);
}

// More partitions than TPCs: each TPC runs its partitions back to back, the
// launch takes as long as the busiest TPC.
TEST(TpcChip, PartitionsQueueOnTpcs) {
  TpcChip chip("gaudi", 2);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const KernelLibrary kernel(read_file(ACOSIM_ABS_KERNEL));
  const uint64_t in = TpcChip::kGlobalBase, out = TpcChip::kGlobalBase + (1 << 20);
  float* x = reinterpret_cast<float*>(chip.global(in, 64 * 4 * 8));
  for (int i = 0; i < 64 * 4 * 8; ++i) x[i] = -static_cast<float>(i);
  Launch launch;
  launch.kernel = &kernel;
  launch.tensors = {fp32_tensor(in, {256, 8, 1, 1, 1}), fp32_tensor(out, {256, 8, 1, 1, 1})};
  launch.partitions = {IndexSpace{{0, 0, 0, 0, 0}, {4, 3, 1, 1, 1}}, IndexSpace{{0, 3, 0, 0, 0}, {4, 3, 1, 1, 1}},
                       IndexSpace{{0, 6, 0, 0, 0}, {4, 2, 1, 1, 1}}};
  const LaunchResult result = chip.run(launch);
  const float* y = reinterpret_cast<const float*>(chip.global(out, 64 * 4 * 8));
  for (int i = 0; i < 64 * 4 * 8; ++i) ASSERT_EQ(y[i], static_cast<float>(i)) << i;
  // TPC 0 runs partitions 0 and 2: (12 + 7) + (8 + 7) cycles.
  EXPECT_EQ(result.cycles, 19u + 15u);
  EXPECT_EQ(result.runs[2].tpc, 0u);
  EXPECT_EQ(result.runs[2].start_cycle, 19u);
}

TEST(TpcChip, ErrorInsideATpcReachesTheCaller) {
  TpcChip chip("gaudi", 8);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const KernelLibrary kernel(read_file(ACOSIM_ABS_KERNEL));
  Launch launch;
  launch.kernel = &kernel;
  // Only one tensor: the kernel's store to tensor 1 is refused.
  launch.tensors = {fp32_tensor(TpcChip::kGlobalBase, {64, 1, 1, 1, 1})};
  launch.partitions = partition_index_space({1, 1, 1, 1, 1}, 8);
  try {
    chip.run(launch);
    FAIL() << "the launch should fail";
  } catch (const TpcError& e) {
    EXPECT_NE(std::string(e.what()).find("uses tensor 1 but was given 1 tensors"), std::string::npos) << e.what();
  }
}

TEST(KernelLibrary, RefusesWhatIsNotAHostKernel) {
  std::vector<uint8_t> tpc_elf(64, 0);
  std::memcpy(tpc_elf.data(), "\x7f" "ELF", 4);
  tpc_elf[4] = 1;
  try {
    KernelLibrary kernel(tpc_elf);
    FAIL();
  } catch (const TpcError& e) {
    EXPECT_NE(std::string(e.what()).find("not a TPC-C kernel compiled by acosim's tpc-clang"), std::string::npos);
  }
}

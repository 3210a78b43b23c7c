// Index-space partitioning over the TPCs, checked against splits computed by
// hand from the halving rule of Habana's open runtime (docs/habana.md).
#include <gtest/gtest.h>

#include <set>

#include "sw/habana/tpc/index_space.h"

using acosim::habana::IndexSpace;
using acosim::habana::partition_index_space;

namespace {

// Every member of the geometry exactly once over all partitions.
void expect_exact_cover(const std::array<int, 5>& geometry, const std::vector<IndexSpace>& parts) {
  std::multiset<std::array<int, 5>> seen;
  for (const IndexSpace& p : parts) {
    for (int a = 0; a < p.size[0]; ++a)
      for (int b = 0; b < p.size[1]; ++b)
        for (int c = 0; c < p.size[2]; ++c)
          for (int d = 0; d < p.size[3]; ++d)
            for (int e = 0; e < p.size[4]; ++e)
              seen.insert({p.offset[0] + a, p.offset[1] + b, p.offset[2] + c, p.offset[3] + d, p.offset[4] + e});
  }
  long long total = 1;
  for (int s : geometry) total *= (s == 0 ? 1 : s);
  EXPECT_EQ(static_cast<long long>(seen.size()), total);
  for (const auto& member : seen) {
    EXPECT_EQ(seen.count(member), 1u);
    for (int d = 0; d < 5; ++d) {
      EXPECT_GE(member[d], 0);
      EXPECT_LT(member[d], geometry[d] == 0 ? 1 : geometry[d]);
    }
  }
}

}  // namespace

TEST(IndexSpace, TwoMembersGiveTwoPartitionsOnEightTpcs) {
  const auto parts = partition_index_space({2, 1, 1, 1, 1}, 8);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].offset, (std::array<int, 5>{0, 0, 0, 0, 0}));
  EXPECT_EQ(parts[1].offset, (std::array<int, 5>{1, 0, 0, 0, 0}));
  for (const auto& p : parts) EXPECT_EQ(p.size, (std::array<int, 5>{1, 1, 1, 1, 1}));
}

TEST(IndexSpace, AddF32GeometrySplitsDims4Then1Then0) {
  // {2,2,5,1,2}: halve dim 4, then dim 1 of both halves, then dim 0 of all
  // four: eight partitions of {1,1,5,1,1}.
  const std::array<int, 5> geometry{2, 2, 5, 1, 2};
  const auto parts = partition_index_space(geometry, 8);
  ASSERT_EQ(parts.size(), 8u);
  std::set<std::array<int, 5>> offsets;
  for (const auto& p : parts) {
    EXPECT_EQ(p.size, (std::array<int, 5>{1, 1, 5, 1, 1}));
    offsets.insert(p.offset);
  }
  for (int d0 = 0; d0 < 2; ++d0)
    for (int d1 = 0; d1 < 2; ++d1)
      for (int d4 = 0; d4 < 2; ++d4) EXPECT_EQ(offsets.count({d0, d1, 0, 0, d4}), 1u);
  // The queue order: halves of dim 4 first, so partitions 0 and 1 differ in dim 0 only.
  EXPECT_EQ(parts[0].offset, (std::array<int, 5>{0, 0, 0, 0, 0}));
  EXPECT_EQ(parts[1].offset, (std::array<int, 5>{1, 0, 0, 0, 0}));
  expect_exact_cover(geometry, parts);
}

TEST(IndexSpace, OddDimIsNeverSplit) {
  const auto parts = partition_index_space({4, 3, 1, 1, 1}, 8);
  ASSERT_EQ(parts.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(parts[i].offset, (std::array<int, 5>{i, 0, 0, 0, 0}));
    EXPECT_EQ(parts[i].size, (std::array<int, 5>{1, 3, 1, 1, 1}));
  }
}

TEST(IndexSpace, SingleMemberAndZeroSizes) {
  EXPECT_EQ(partition_index_space({1, 1, 1, 1, 1}, 8).size(), 1u);
  const auto parts = partition_index_space({0, 0, 0, 0, 0}, 8);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].size, (std::array<int, 5>{1, 1, 1, 1, 1}));
}

TEST(IndexSpace, EveryMemberOnceForAnyTpcCount) {
  const std::array<int, 5> geometry{6, 4, 3, 2, 8};
  for (unsigned tpcs = 1; tpcs <= 24; ++tpcs) expect_exact_cover(geometry, partition_index_space(geometry, tpcs));
}

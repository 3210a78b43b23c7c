// The index space of a TPC kernel (what Habana's glue code returns in
// indexSpaceGeometry) and how it is split over the TPCs of a chip.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "sw/habana/tpc/kernel_services.h"

namespace acosim::habana {

/// One run of a kernel: the members [offset, offset + size) in each of the
/// five dims (what get_index_space_offset / get_index_space_size return).
struct IndexSpace {
  std::array<int, kTensorDims> offset{};
  std::array<int, kTensorDims> size{};
  long long members() const;
  std::string to_string() const;
};

/// Splits `geometry` (sizes of the first `dims` dims; the rest are 1) into at
/// least `tpcs` partitions where it can, the way Habana's open runtime does
/// (SynapseAI_Core, recipe.cpp PartitionIndexSpace): start from one
/// partition covering everything (a size of 0 counts as 1); while there are
/// fewer partitions than TPCs, take the partition at the front of the queue,
/// halve its highest dim (4 down to 0) whose size is even, and append both
/// halves at the back; stop when the front partition has no even dim.
/// Partition i runs on TPC i mod tpcs.
std::vector<IndexSpace> partition_index_space(const std::array<int, kTensorDims>& geometry,
                                              unsigned tpcs);

}  // namespace acosim::habana

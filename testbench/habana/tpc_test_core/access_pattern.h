// The glue code's promise about tensor access (TensorAccessPattern_t of
// gc_interface.h) held against what a launch did: per tensor dim, member i
// of the index-space dim it maps to touches elements
// [start_a * i + start_b, end_a * i + end_b].
//
// For every partition run and every input (output) tensor not marked
// allRequired, the elements it read (wrote) must lie inside the union of
// its members' ranges ("containment"); unless the mode allows a partial
// access, they must also reach both ends of that union clipped to the
// tensor ("coverage"). Checked per dim on the bounding box of the accessed
// elements.
#pragma once

#include <string>
#include <vector>

#include "gc_interface.h"
#include "systemc/habana/launch.h"
#include "tpc_test_core_api.h"

namespace acosim::habana {

/// Throws TpcError naming the tensor, dim, partition and the two ranges at
/// the first violation.
void check_access_patterns(const gcapi::HabanaKernelParams_t& params,
                           const gcapi::HabanaKernelInstantiation_t& instance, const LaunchResult& result,
                           const std::vector<IndexSpace>& partitions, tpc_tests::IndexSpaceMappingTest_t mode,
                           const std::vector<tpc_tests::IndexSpaceMappingTest_t>& input_modes,
                           const std::vector<tpc_tests::IndexSpaceMappingTest_t>& output_modes);

/// Throws TpcError when the index space leaves elements of an output tensor
/// that no member maps to (the launch could never write them).
void check_index_space_covers_outputs(const gcapi::HabanaKernelParams_t& params,
                                      const gcapi::HabanaKernelInstantiation_t& instance);

}  // namespace acosim::habana

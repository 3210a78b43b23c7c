#include "testbench/habana/tpc_test_core/access_pattern.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "sw/habana/tpc/error.h"

namespace acosim::habana {

namespace {

using tpc_tests::IndexSpaceMappingTest_t;

struct Range {
  long long low, high;
};

// Members [first, last] of the index-space dim the mapping names.
Range members_range(const gcapi::DimTransform_t& map, long long first, long long last) {
  const double a = map.start_a * static_cast<double>(first) + map.start_b;
  const double b = map.end_a * static_cast<double>(last) + map.end_b;
  return {static_cast<long long>(std::floor(std::min(a, b))), static_cast<long long>(std::ceil(std::max(a, b)))};
}

bool coverage_required(IndexSpaceMappingTest_t mode, bool output) {
  switch (mode) {
    case tpc_tests::e_accessPatternDefaultMode: return true;
    case tpc_tests::e_accessPatternPartialReadMode: return output;
    case tpc_tests::e_accessPatternPartialWriteMode: return !output;
    default: return false;
  }
}

IndexSpaceMappingTest_t tensor_mode(IndexSpaceMappingTest_t mode, const std::vector<IndexSpaceMappingTest_t>& list,
                                    unsigned index) {
  if (mode != tpc_tests::e_accessPatternPerTensorMode) return mode;
  return index < list.size() ? list[index] : tpc_tests::e_accessPatternDefaultMode;
}

// A pattern left all zero (every dim maps index-space dim 0 with
// a = b = 0) was never filled in by the glue code: Habana's add_f32 sample
// declares input 0 and the output but not input 1. It promises nothing, so
// it is not checked.
bool declared(const gcapi::TensorAccessPattern_t& pattern, unsigned dims) {
  for (unsigned d = 0; d < dims; ++d) {
    const gcapi::DimTransform_t& map = pattern.dim[d];
    if (map.dim != 0 || map.start_a != 0 || map.start_b != 0 || map.end_a != 0 || map.end_b != 0) return true;
  }
  return false;
}

void check_tensor(const char* kind, unsigned index, const gcapi::Tensor_t& tensor,
                  const gcapi::TensorAccessPattern_t& pattern, IndexSpaceMappingTest_t mode, bool output,
                  const AccessBox& accessed, const IndexSpace& partition, unsigned partition_index) {
  const unsigned dims = std::min<unsigned>(tensor.geometry.dims, gcapi::MAX_TENSOR_DIM);
  if (mode == tpc_tests::e_accessPatternIgnoreMode || pattern.allRequired || !declared(pattern, dims)) return;
  for (unsigned d = 0; d < dims; ++d) {
    const gcapi::DimTransform_t& map = pattern.dim[d];
    if (map.dim >= gcapi::MAX_TENSOR_DIM) {
      throw TpcError(std::string("the access pattern of ") + kind + " tensor " + std::to_string(index) + " maps dim " +
                     std::to_string(d) + " to index-space dim " + std::to_string(map.dim) + ", which does not exist");
    }
    const long long first = partition.offset[map.dim];
    const long long last = first + partition.size[map.dim] - 1;
    const Range allowed = members_range(map, first, last);
    const long long size = tensor.geometry.sizes[d] == 0 ? 1 : tensor.geometry.sizes[d];
    const Range needed{std::max(allowed.low, 0LL), std::min(allowed.high, size - 1)};
    std::ostringstream where;
    where << kind << " tensor " << index << " dim " << d << " in partition " << partition_index << " ("
          << partition.to_string() << "): the glue code's access pattern maps its members to elements "
          << allowed.low << ".." << allowed.high;
    if (!accessed.any) {
      if (coverage_required(mode, output) && needed.low <= needed.high) {
        throw TpcError(where.str() + ", but the kernel " + (output ? "wrote" : "read") + " none of them");
      }
      continue;
    }
    const long long low = accessed.low[d], high = accessed.high[d];
    if (low < allowed.low || high > allowed.high) {
      throw TpcError(where.str() + ", but the kernel " + (output ? "wrote" : "read") + " elements " +
                     std::to_string(low) + ".." + std::to_string(high));
    }
    if (coverage_required(mode, output) && needed.low <= needed.high && (low > needed.low || high < needed.high)) {
      throw TpcError(where.str() + ", but the kernel " + (output ? "wrote" : "read") + " only elements " +
                     std::to_string(low) + ".." + std::to_string(high));
    }
  }
}

}  // namespace

void check_access_patterns(const gcapi::HabanaKernelParams_t& params,
                           const gcapi::HabanaKernelInstantiation_t& instance, const LaunchResult& result,
                           const std::vector<IndexSpace>& partitions, IndexSpaceMappingTest_t mode,
                           const std::vector<IndexSpaceMappingTest_t>& input_modes,
                           const std::vector<IndexSpaceMappingTest_t>& output_modes) {
  for (const PartitionRun& run : result.runs) {
    const IndexSpace& partition = partitions.at(run.partition);
    for (unsigned i = 0; i < params.inputTensorNr; ++i) {
      check_tensor("input", i, params.inputTensors[i], instance.inputTensorAccessPattern[i],
                   tensor_mode(mode, input_modes, i), false, run.reads.at(i), partition, run.partition);
    }
    for (unsigned o = 0; o < params.outputTensorNr; ++o) {
      check_tensor("output", o, params.outputTensors[o], instance.outputTensorAccessPattern[o],
                   tensor_mode(mode, output_modes, o), true, run.writes.at(params.inputTensorNr + o), partition,
                   run.partition);
    }
  }
}

void check_index_space_covers_outputs(const gcapi::HabanaKernelParams_t& params,
                                      const gcapi::HabanaKernelInstantiation_t& instance) {
  for (unsigned o = 0; o < params.outputTensorNr; ++o) {
    const gcapi::Tensor_t& tensor = params.outputTensors[o];
    const gcapi::TensorAccessPattern_t& pattern = instance.outputTensorAccessPattern[o];
    const unsigned dims = std::min<unsigned>(tensor.geometry.dims, gcapi::MAX_TENSOR_DIM);
    if (pattern.allRequired || !declared(pattern, dims)) continue;
    for (unsigned d = 0; d < dims; ++d) {
      const gcapi::DimTransform_t& map = pattern.dim[d];
      if (map.dim >= gcapi::MAX_TENSOR_DIM) continue;
      const long long members = instance.indexSpaceGeometry.sizes[map.dim] == 0
                                    ? 1
                                    : instance.indexSpaceGeometry.sizes[map.dim];
      const Range reach = members_range(map, 0, members - 1);
      const long long size = tensor.geometry.sizes[d];
      if (reach.low > 0 || reach.high < size - 1) {
        std::ostringstream out;
        out << "the index space does not fit output tensor " << o << ": its dim " << d << " has " << size
            << " elements but the " << members << " members of index-space dim " << map.dim
            << " map to elements " << reach.low << ".." << reach.high;
        throw TpcError(out.str());
      }
    }
  }
}

}  // namespace acosim::habana

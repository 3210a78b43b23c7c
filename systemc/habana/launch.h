// One launch of a kernel on a TPC chip: what the runtime writes into every
// TPC's configuration space before starting it (tensor descriptors, the
// scalar parameters in SRF, the kernel) and what each TPC reports back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/habana/tpc/index_space.h"
#include "sw/habana/tpc/kernel_library.h"
#include "sw/habana/tpc/tensor_access.h"
#include "sw/habana/tpc/tensor_descriptor.h"

namespace acosim::habana {

struct Launch {
  const KernelLibrary* kernel = nullptr;
  std::vector<TensorDescriptor> tensors;  // inputs, outputs, auxiliary tensors
  std::vector<uint32_t> scalars;          // SRF words, at most 32
  std::vector<IndexSpace> partitions;     // partition i runs on TPC i mod #TPCs
};

/// What one partition did: its cycles and the tensor elements it touched.
struct PartitionRun {
  unsigned partition = 0;
  unsigned tpc = 0;
  uint64_t start_cycle = 0;
  uint64_t cycles = 0;
  SlotCounters issued;
  std::vector<AccessBox> reads;
  std::vector<AccessBox> writes;
};

struct LaunchResult {
  uint64_t cycles = 0;  // first start to last completion
  std::vector<PartitionRun> runs;
  unsigned active_tpcs = 0;
  bool special_functions_used = false;
  std::string printed;  // the kernel's printf output, "TPC n: ..." lines
};

}  // namespace acosim::habana

// One launch of a kernel on a TPC chip: what the runtime writes into every
// TPC's configuration space before starting it (tensor descriptors, the
// scalar parameters in SRF, the kernel) and what each TPC reports back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/tpc/index_space.h"
#include "sw/habana/tpc/kernel_library.h"
#include "sw/habana/tpc/tensor_access.h"
#include "sw/habana/tpc/tensor_descriptor.h"

namespace acosim::habana {

/// The kernel is either a TPC-C kernel compiled for the host (`kernel`) or
/// an assembled TPC program (`program`) that the VLIW core runs cycle by
/// cycle.
struct Launch {
  const KernelLibrary* kernel = nullptr;
  const tpcasm::Program* program = nullptr;
  unsigned global_memory_latency = 0;  // extra cycles before LD_TNSR data arrive
  uint64_t max_cycles = 10'000'000;    // per partition: a program running longer is stalled
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
  uint64_t stall_cycles = 0;  // assembled programs: cycles waiting for global memory
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

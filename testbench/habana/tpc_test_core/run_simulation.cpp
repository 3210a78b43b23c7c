// acosim's tpc_tests::RunSimulation (the entry point of Habana's TPC test
// core that the custom-kernel tests call, tests/tpc_test_core_api.h): runs
// the kernel the glue code returned on acosim's TPC chip and returns the
// simulated cycle count.
//
// A launch, as Habana's runtime performs it: each descriptor's tensor is
// copied from the host into global memory (in order: inputs, outputs,
// auxiliary tensors), the index space is split over the TPCs, the kernel
// runs with the glue code's scalar parameters in SRF, the output tensors are
// copied back, and the tensors' accesses are checked against the access
// patterns the glue code declared. Any error is printed and thrown.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <vector>

#include "sw/habana/tpc/error.h"
#include "sw/habana/tpc/index_space.h"
#include "sw/habana/tpc/kernel_library.h"
#include "testbench/habana/tpc_test_core/access_pattern.h"
#include "testbench/habana/tpc_test_core/simulator.h"
#include "tpc_test_core_api.h"

namespace {

using acosim::habana::IndexSpace;
using acosim::habana::KernelLibrary;
using acosim::habana::Launch;
using acosim::habana::LaunchResult;
using acosim::habana::Simulator;
using acosim::habana::TpcChip;
using acosim::habana::TpcError;
using acosim::habana::kTensorDims;
using DeviceDescriptor = acosim::habana::TensorDescriptor;

constexpr uint64_t kTensorAlignment = 256;

struct Placed {
  uint8_t* host;
  uint64_t address;
  uint64_t bytes;
};

DeviceDescriptor device_descriptor(const ::TensorDescriptor& in, unsigned index) {
  DeviceDescriptor out;
  out.pad = in.paddingValue;
  out.config = in.configuration;
  for (int d = 0; d < kTensorDims; ++d) {
    out.size[d] = static_cast<int32_t>(in.dimDescriptors[d].size);
    out.stride[d] = static_cast<int32_t>(in.dimDescriptors[d].stride);
  }
  if (out.element_bytes() == 0) {
    throw TpcError("tensor " + std::to_string(index) + ": descriptor config 0x" +
                   [&] { std::ostringstream s; s << std::hex << in.configuration; return s.str(); }() +
                   " has no element size type of 1, 2 or 4 bytes");
  }
  return out;
}

// The descriptors the launch maps: the glue code's inputs, outputs and
// auxiliary tensors, in that order. A test may pass more (Habana's softmax
// test hands over an auxiliary tensor its glue code never declares); those
// are not mapped, and the caller is told.
size_t mapped_tensors(const gcapi::HabanaKernelParams_t& params, const gcapi::HabanaKernelInstantiation_t& instance,
                      size_t descriptors) {
  const size_t expected = size_t{params.inputTensorNr} + params.outputTensorNr + instance.auxiliaryTensorCount;
  if (descriptors < expected) {
    throw TpcError("the launch has " + std::to_string(descriptors) + " tensor descriptors but the glue code has " +
                   std::to_string(params.inputTensorNr) + " inputs, " + std::to_string(params.outputTensorNr) +
                   " outputs and " + std::to_string(instance.auxiliaryTensorCount) + " auxiliary tensors");
  }
  if (descriptors > expected) {
    std::fprintf(stderr, "acosim RunSimulation (%s): %zu tensor descriptors beyond the glue code's %zu tensors are not mapped\n",
                 params.nodeName, descriptors - expected, expected);
  }
  return expected;
}

void check_counts(const gcapi::HabanaKernelInstantiation_t& instance, size_t descriptors, const KernelLibrary& kernel) {
  const unsigned limit = instance.flags.printfUsed ? gcapi::MAX_TENSOR_NR - 1 : gcapi::MAX_TENSOR_NR;
  if (descriptors > limit) {
    throw TpcError("the kernel is given " + std::to_string(descriptors) + " tensors; a Gaudi TPC has " +
                   std::to_string(limit) + " tensor slots" +
                   (instance.flags.printfUsed ? " for a kernel using printf (slot 15 holds its buffer)" : ""));
  }
  if (kernel.tensor_count() != descriptors) {
    throw TpcError("the kernel's main takes " + std::to_string(kernel.tensor_count()) + " tensors but the launch maps " +
                   std::to_string(descriptors));
  }
  if (instance.kernel.paramsNr > gcapi::MAX_TENSORS_PARAMS_NR) {
    throw TpcError("the glue code returned " + std::to_string(instance.kernel.paramsNr) +
                   " scalar parameters; a TPC takes at most " + std::to_string(gcapi::MAX_TENSORS_PARAMS_NR));
  }
  if (kernel.scalar_count() > instance.kernel.paramsNr) {
    throw TpcError("the kernel's main takes " + std::to_string(kernel.scalar_count()) +
                   " scalar parameters but the glue code returned " + std::to_string(instance.kernel.paramsNr));
  }
}

unsigned run(const gcapi::HabanaKernelParams_t& params, const gcapi::HabanaKernelInstantiation_t& instance,
             std::vector<::TensorDescriptor>& descriptors, tpc_tests::IndexSpaceMappingTest_t mode,
             const std::vector<tpc_tests::IndexSpaceMappingTest_t>& input_modes,
             const std::vector<tpc_tests::IndexSpaceMappingTest_t>& output_modes) {
  if (instance.kernelElf == nullptr || instance.elfSize == 0) {
    throw TpcError("the glue code returned no kernel binary (kernelElf is empty)");
  }
  const auto* elf = static_cast<const uint8_t*>(instance.kernelElf);
  const KernelLibrary kernel(std::vector<uint8_t>(elf, elf + instance.elfSize));
  if (kernel.march() != "gaudi") {
    throw TpcError("the kernel was compiled for " + kernel.march() +
                   "; acosim models the Gaudi TPC (tpc-clang -march=gaudi)");
  }
  const size_t mapped = mapped_tensors(params, instance, descriptors.size());
  check_counts(instance, mapped, kernel);
  if (instance.indexSpaceGeometry.dims == 0 || instance.indexSpaceGeometry.dims > gcapi::MAX_TENSOR_DIM) {
    throw TpcError("the glue code's index space has " + std::to_string(instance.indexSpaceGeometry.dims) +
                   " dims; it has 1 to 5");
  }
  acosim::habana::check_index_space_covers_outputs(params, instance);

  Simulator& simulator = Simulator::instance();
  TpcChip& chip = simulator.chip();
  Launch launch;
  launch.kernel = &kernel;
  std::vector<Placed> placed;
  uint64_t next = TpcChip::kGlobalBase;
  for (unsigned i = 0; i < mapped; ++i) {
    DeviceDescriptor device = device_descriptor(descriptors[i], i);
    const uint64_t bytes = device.extent_bytes();
    device.base = next;
    auto* host = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(descriptors[i].baseAddrUnion.baseAddr));
    if (host == nullptr && bytes != 0) throw TpcError("tensor " + std::to_string(i) + " has no host data");
    std::memcpy(chip.global(next, bytes), host, bytes);
    placed.push_back({host, next, bytes});
    next += (bytes + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
    launch.tensors.push_back(device);
  }
  launch.scalars.assign(instance.kernel.scalarParams, instance.kernel.scalarParams + instance.kernel.paramsNr);

  std::array<int, kTensorDims> geometry{1, 1, 1, 1, 1};
  for (unsigned d = 0; d < instance.indexSpaceGeometry.dims; ++d) {
    geometry[d] = static_cast<int>(instance.indexSpaceGeometry.sizes[d]);
  }
  unsigned tpcs = chip.tpcs();
  if (params.maxAvailableTpc != 0 && params.maxAvailableTpc < tpcs) tpcs = params.maxAvailableTpc;
  launch.partitions = acosim::habana::partition_index_space(geometry, tpcs);

  const LaunchResult result = chip.run(launch);
  std::cout << result.printed << std::flush;
  for (unsigned o = params.inputTensorNr; o < params.inputTensorNr + params.outputTensorNr; ++o) {
    std::memcpy(placed[o].host, chip.global(placed[o].address, placed[o].bytes), placed[o].bytes);
  }
  acosim::habana::check_access_patterns(params, instance, result, launch.partitions, mode, input_modes, output_modes);
  return static_cast<unsigned>(result.cycles);
}

}  // namespace

namespace tpc_tests {

unsigned int RunSimulation(const gcapi::HabanaKernelParams_t& inDefs, const gcapi::HabanaKernelInstantiation_t& outDefs,
                           std::vector<TensorDescriptor>& descriptors, IndexSpaceMappingTest_t testMode,
                           std::vector<IndexSpaceMappingTest_t> inTensorTestModeList,
                           std::vector<IndexSpaceMappingTest_t> outTensorTestModeList) {
  try {
    return run(inDefs, outDefs, descriptors, testMode, inTensorTestModeList, outTensorTestModeList);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "acosim RunSimulation (%s): %s\n", inDefs.nodeName, e.what());
    throw;
  }
}

}  // namespace tpc_tests

// tpc_tests::RunSimulation as Habana's kernel tests call it, on kernels of
// acosim's own (tests/kernels/*.c, compiled by tpc-clang): a run with
// results and cycles computed by hand, and every refusal at glue and run
// time with the cause in its message.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tpc_test_core_api.h"

namespace {

std::vector<uint8_t> read_binary(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A dense fp32 host tensor and its descriptor, as Habana's tests/tensor.h
// builds them.
struct HostTensor {
  std::vector<float> data;
  unsigned sizes[5];
  HostTensor(std::initializer_list<unsigned> s, float fill) : sizes{1, 1, 1, 1, 1} {
    unsigned i = 0, n = 1;
    for (unsigned v : s) n *= (sizes[i++] = v);
    data.assign(n, fill);
  }
  TensorDescriptor descriptor() {
    TensorDescriptor d;
    d.baseAddrUnion.baseAddr = reinterpret_cast<uint64_t>(data.data());
    unsigned stride = 1;
    for (int i = 0; i < 5; ++i) {
      d.dimDescriptors[i].size = sizes[i];
      d.dimDescriptors[i].stride = stride;
      stride *= sizes[i];
    }
    d.configuration = TENSOR_DESCRIPTOR_CONFIGURATION(VpeTensorDescriptorElementSizeTypeFromElementSizeInBytes(4), 0x1F, 4);
    return d;
  }
};

// Glue-code output for the scale kernel on {130, 4}: one member per 64
// lanes of dim 0 (start_a = end_a = 64, b from 0 to 63) and per element of
// dim 1, so the index space is {3, 4}; on 8 TPCs it splits (dim 1 halved
// twice) into 4 partitions of {3, 1}, one per row.
struct Launch {
  gcapi::HabanaKernelParams_t params;
  gcapi::HabanaKernelInstantiation_t instance;
  std::vector<uint8_t> binary;
  HostTensor input{{130, 4}, 0.0f};
  HostTensor output{{130, 4}, -1.0f};
  std::vector<TensorDescriptor> descriptors;

  explicit Launch(const char* kernel, float alpha = 2.5f) : binary(read_binary(kernel)) {
    std::memset(&params, 0, sizeof(params));
    std::memset(&instance, 0, sizeof(instance));
    std::strcpy(params.nodeName, "acosim_scale_f32");
    params.deviceId = gcapi::DEVICE_ID_GAUDI;
    params.inputTensorNr = 1;
    params.outputTensorNr = 1;
    for (gcapi::Tensor_t* t : {&params.inputTensors[0], &params.outputTensors[0]}) {
      t->geometry.dims = 2;
      t->geometry.sizes[0] = 130;
      t->geometry.sizes[1] = 4;
      t->dataType = gcapi::DATA_F32;
    }
    instance.indexSpaceGeometry.dims = 2;
    instance.indexSpaceGeometry.sizes[0] = 3;
    instance.indexSpaceGeometry.sizes[1] = 4;
    for (gcapi::TensorAccessPattern_t* p : {&instance.inputTensorAccessPattern[0], &instance.outputTensorAccessPattern[0]}) {
      p->dim[0] = {{0}, 64, 0, 64, 63};
      p->dim[1] = {{1}, 1, 0, 1, 0};
    }
    instance.kernel.paramsNr = 1;
    std::memcpy(&instance.kernel.scalarParams[0], &alpha, 4);
    instance.kernelElf = binary.data();
    instance.elfSize = static_cast<unsigned>(binary.size());
    for (size_t i = 0; i < input.data.size(); ++i) input.data[i] = static_cast<float>(i) - 200.0f;
    descriptors = {input.descriptor(), output.descriptor()};
  }
  unsigned run(tpc_tests::IndexSpaceMappingTest_t mode = tpc_tests::e_accessPatternDefaultMode) {
    return tpc_tests::RunSimulation(params, instance, descriptors, mode);
  }
  std::string error(tpc_tests::IndexSpaceMappingTest_t mode = tpc_tests::e_accessPatternDefaultMode) {
    try {
      run(mode);
    } catch (const std::exception& e) {
      return e.what();
    }
    return "(no error)";
  }
};

#define EXPECT_HAS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << text

}  // namespace

TEST(RunSimulation, ScaleKernelResultsAndCycles) {
  Launch launch(ACOSIM_KERNEL_SCALE);
  const unsigned cycles = launch.run();
  for (size_t i = 0; i < launch.output.data.size(); ++i) {
    ASSERT_EQ(launch.output.data[i], (static_cast<float>(i) - 200.0f) * 2.5f) << i;
  }
  // Four partitions of 3 members on four TPCs at once. Each member issues
  // one load, one VPU multiply and one store; the SPU adds start + size
  // once. Issue bound 3 plus 7 cycles to commit.
  EXPECT_EQ(cycles, 3u + 7u);
}

TEST(RunSimulation, OneTpcRunsThePartitionsBackToBack) {
  setenv("ACOSIM_TPC_COUNT", "1", 1);
  Launch launch(ACOSIM_KERNEL_SCALE);
  // One TPC: the index space is not split; 12 members, 12 + 7 cycles.
  EXPECT_EQ(launch.run(), 12u + 7u);
  EXPECT_EQ(launch.output.data[130 * 4 - 1], (130.0f * 4 - 1 - 200.0f) * 2.5f);
}

TEST(RunSimulation, AccessOutsideTheDeclaredPatternIsAnError) {
  Launch launch(ACOSIM_KERNEL_SCALE);
  // Members claim 32 elements each (start_a = end_a = 32) but read 64.
  launch.instance.inputTensorAccessPattern[0].dim[0] = {{0}, 32, 0, 32, 31};
  EXPECT_HAS(launch.error(), "input tensor 0 dim 0 in partition 0 (offset (0,0,0,0,0) size (3,1,1,1,1))");
  EXPECT_HAS(launch.error(), "maps its members to elements 0..95, but the kernel read elements 0..129");
  // Accesses that do not reach the declared elements are reported too:
  // member j claims rows j and j + 1 but writes row j only.
  Launch partial(ACOSIM_KERNEL_SCALE);
  partial.instance.outputTensorAccessPattern[0].dim[1].end_b = 1;
  EXPECT_HAS(partial.error(), "output tensor 0 dim 1 in partition 0");
  EXPECT_HAS(partial.error(), "maps its members to elements 0..1, but the kernel wrote only elements 0..0");
}

TEST(RunSimulation, IgnoreModeSkipsThePatternCheck) {
  Launch launch(ACOSIM_KERNEL_SCALE);
  launch.instance.inputTensorAccessPattern[0].dim[0] = {{0}, 32, 0, 32, 31};
  EXPECT_EQ(launch.error(tpc_tests::e_accessPatternIgnoreMode), "(no error)");
  Launch partial(ACOSIM_KERNEL_SCALE);
  partial.instance.outputTensorAccessPattern[0].dim[1].end_b = 1;
  EXPECT_EQ(partial.error(tpc_tests::e_accessPatternPartialWriteMode), "(no error)");
}

TEST(RunSimulation, IndexSpaceThatDoesNotCoverTheOutputIsAnError) {
  Launch launch(ACOSIM_KERNEL_SCALE);
  launch.instance.indexSpaceGeometry.sizes[0] = 2;  // 128 of 130 elements
  EXPECT_HAS(launch.error(), "the index space does not fit output tensor 0: its dim 0 has 130 elements but the 2 members");
}

TEST(RunSimulation, TensorCountsAreChecked) {
  Launch missing(ACOSIM_KERNEL_SCALE);
  missing.descriptors.pop_back();
  EXPECT_HAS(missing.error(), "the launch has 1 tensor descriptors but the glue code has 1 inputs, 1 outputs");

  // Sixteen tensors with printf: the sixteenth slot holds the printf buffer.
  Launch printf_launch(ACOSIM_KERNEL_SCALE);
  printf_launch.params.inputTensorNr = 15;
  printf_launch.instance.flags.printfUsed = 1;
  std::vector<HostTensor> extra(14, HostTensor({64}, 0.0f));
  printf_launch.descriptors.clear();
  printf_launch.descriptors.push_back(printf_launch.input.descriptor());
  for (HostTensor& t : extra) printf_launch.descriptors.push_back(t.descriptor());
  printf_launch.descriptors.push_back(printf_launch.output.descriptor());
  EXPECT_HAS(printf_launch.error(), "a Gaudi TPC has 15 tensor slots for a kernel using printf");
}

TEST(RunSimulation, ScalarParametersAreChecked) {
  Launch launch(ACOSIM_KERNEL_SCALE);
  launch.instance.kernel.paramsNr = 0;
  EXPECT_HAS(launch.error(), "the kernel's main takes 1 scalar parameters but the glue code returned 0");
}

TEST(RunSimulation, BinariesThatAreNotGaudiKernelsAreRefused) {
  Launch gaudi2(ACOSIM_KERNEL_SCALE_GAUDI2);
  EXPECT_HAS(gaudi2.error(), "the kernel was compiled for gaudi2; acosim models the Gaudi TPC");
  Launch bogus(ACOSIM_KERNEL_SCALE);
  bogus.binary.assign(100, 0x42);
  bogus.instance.kernelElf = bogus.binary.data();
  EXPECT_HAS(bogus.error(), "is not a TPC-C kernel compiled by acosim's tpc-clang");
}

TEST(RunSimulation, MisalignedScalarLocalMemoryStopsTheRunBeforeOutputsChange) {
  Launch launch(ACOSIM_KERNEL_SLM_MISALIGNED);
  EXPECT_HAS(launch.error(), "ST_L at SLM address 2 (4 bytes): scalar local memory holds 1024 bytes accessed as 4-byte aligned words");
  for (float v : launch.output.data) ASSERT_EQ(v, -1.0f);
}

TEST(RunSimulation, VectorLocalMemoryShrinksWithSpecialFunctions) {
  Launch launch(ACOSIM_KERNEL_VLM_AFTER_LOOKUP);
  EXPECT_HAS(launch.error(), "ST_L_V at VLM address 20480 (256 bytes) is past the end of vector local memory (16 KiB, the size left when special functions are used)");
}

// Habana's printf_test kernel (kernels/gaudi/printf_test.c), the one gaudi
// kernel upstream's tests never launch, through upstream's own glue code
// (libcustom_tpc_perf_lib.so, loaded as the graph compiler loads a kernel
// library) and RunSimulation: the kernel's four printf lines appear, with
// the scalar parameters and the vector element formatted as TPC-C's printf
// does.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "tpc_test_core_api.h"

namespace {

using GetKernelNames = gcapi::GlueCodeReturn_t (*)(char**, unsigned*, gcapi::DeviceId_t);
using HabanaKernel = gcapi::GlueCodeReturn_t (*)(gcapi::HabanaKernelParams_t*, gcapi::HabanaKernelInstantiation_t*);

struct PrintfTestParams {  // printf_test.hpp's parameter struct: three dwords
  int int_val;
  float float_val;
  int pos;
};

}  // namespace

TEST(HabanaPrintfKernel, PrintsThroughItsGlueCode) {
  void* library = dlopen(ACOSIM_CUSTOM_KERNEL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(library, nullptr) << dlerror();
  const auto names = reinterpret_cast<GetKernelNames>(dlsym(library, "GetKernelNames"));
  auto kernel = reinterpret_cast<HabanaKernel>(dlsym(library, "HabanaKernel"));
  // GetKernelNames does not list printf_test; HabanaKernel still selects
  // it by its node name.
  ASSERT_TRUE(names && kernel);

  std::vector<float> input(64);
  for (int i = 0; i < 64; ++i) input[i] = 0.25f * static_cast<float>(i);
  PrintfTestParams user{-7, 1.5f, 10};
  gcapi::HabanaKernelParams_t params;
  gcapi::HabanaKernelInstantiation_t instance;
  std::memset(&params, 0, sizeof(params));
  std::memset(&instance, 0, sizeof(instance));
  std::strcpy(params.nodeName, "printf_test");
  params.deviceId = gcapi::DEVICE_ID_GAUDI;
  params.inputTensorNr = 1;
  params.inputTensors[0].geometry.dims = 1;
  params.inputTensors[0].geometry.sizes[0] = 64;
  params.inputTensors[0].dataType = gcapi::DATA_F32;
  params.NodeParams = &user;
  std::vector<uint8_t> elf(1 << 20);
  instance.kernelElf = elf.data();
  instance.elfSize = static_cast<unsigned>(elf.size());
  ASSERT_EQ(kernel(&params, &instance), gcapi::GLUE_SUCCESS);

  TensorDescriptor descriptor;
  descriptor.baseAddrUnion.baseAddr = reinterpret_cast<uint64_t>(input.data());
  descriptor.dimDescriptors[0].size = 64;
  descriptor.dimDescriptors[0].stride = 1;
  descriptor.configuration = TENSOR_DESCRIPTOR_CONFIGURATION(2, 0x1, 0);
  std::vector<TensorDescriptor> descriptors{descriptor};
  testing::internal::CaptureStdout();
  const unsigned cycles = tpc_tests::RunSimulation(params, instance, descriptors);
  const std::string printed = testing::internal::GetCapturedStdout();
  EXPECT_EQ(printed,
            "TPC 0: Test string!\n"
            "TPC 0: int value is -7\n"
            "TPC 0: float value is 1.500000\n"
            "TPC 0: value in vector is 2.500000\n");
  // One index-space member; its one LD_TNSR is the busiest slot (printf
  // issues nothing), plus 7 cycles to commit.
  EXPECT_EQ(cycles, 1u + 7u);
  dlclose(library);
}

// The BM1684X example kernels as a module (a shared object), loaded by
// file and from memory, launched through function ids, sync and async.
#include "testbench/sophon/tests/tpu_kernel_host.h"

#include <fstream>
#include <iterator>
#include <string>

#ifndef ACOSIM_EXAMPLE_MODULE
#error "ACOSIM_EXAMPLE_MODULE names the example kernels' shared object"
#endif

namespace acosim::sophon::example {
namespace {

std::string stderr_of(const std::function<void()>& call) {
  testing::internal::CaptureStderr();
  call();
  return testing::internal::GetCapturedStderr();
}

class TpuKernelModule : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(bm_dev_request(&m_handle, 0), BM_SUCCESS);
    m_module = tpu_kernel_load_module_file(m_handle, ACOSIM_EXAMPLE_MODULE);
    ASSERT_NE(m_module, nullptr);
  }
  void TearDown() override {
    EXPECT_EQ(tpu_kernel_free_module(m_handle, m_module), BM_SUCCESS);
    bm_dev_free(m_handle);
  }
  Launch by_id(bool async = false) {
    return [this, async](const char* name, void* args, size_t size) {
      const tpu_kernel_function_t id = tpu_kernel_get_function(m_handle, m_module, name);
      if (id < 0) return BM_ERR_PARAM;
      if (!async) return tpu_kernel_launch(m_handle, id, args, size);
      const bm_status_t status = tpu_kernel_launch_async(m_handle, id, args, size);
      return status == BM_SUCCESS ? tpu_kernel_sync(m_handle) : status;
    };
  }
  bm_handle_t m_handle = nullptr;
  tpu_kernel_module_t m_module = nullptr;
};

TEST_F(TpuKernelModule, Relu) { check_relu(m_handle, by_id()); }
TEST_F(TpuKernelModule, Add) { check_add(m_handle, by_id()); }
TEST_F(TpuKernelModule, TiledMatmul) { check_matmul(m_handle, by_id()); }
TEST_F(TpuKernelModule, Conv2dWithBias) { check_conv2d(m_handle, by_id()); }
TEST_F(TpuKernelModule, AsyncLaunchThenSync) { check_matmul(m_handle, by_id(true)); }

TEST_F(TpuKernelModule, AsyncReturnsBeforeTheDeviceRuns) {
  const std::vector<float> a(64, 1.0f), b(64, 2.0f);
  DeviceBuffer da(m_handle, a), db(m_handle, b), dout(m_handle, std::vector<float>(64, 0.0f));
  add_args_t args = {dout.address(), da.address(), db.address(), 1, 64, 1, 1};
  const tpu_kernel_function_t id = tpu_kernel_get_function(m_handle, m_module, "example_add");
  ASSERT_GE(id, 0);
  ASSERT_EQ(tpu_kernel_launch_async(m_handle, id, &args, sizeof(args)), BM_SUCCESS);
  EXPECT_EQ(dout.read()[0], 0.0f);
  ASSERT_EQ(tpu_kernel_sync(m_handle), BM_SUCCESS);
  EXPECT_EQ(dout.read()[0], 3.0f);
}

TEST_F(TpuKernelModule, LoadedFromMemory) {
  std::ifstream file(ACOSIM_EXAMPLE_MODULE, std::ios::binary);
  const std::string image((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  // The functions are already registered by the module of SetUp: unload it
  // first, as a program switching images would.
  ASSERT_EQ(tpu_kernel_unload_module(m_handle, m_module), BM_SUCCESS);
  tpu_kernel_module_t from_memory = tpu_kernel_load_module(m_handle, image.data(), image.size());
  ASSERT_NE(from_memory, nullptr);
  const tpu_kernel_module_t file_module = m_module;
  m_module = from_memory;
  check_add(m_handle, by_id());
  EXPECT_EQ(tpu_kernel_free_module(m_handle, file_module), BM_SUCCESS);
}

TEST_F(TpuKernelModule, TheSameModuleLoadedTwiceIsRefused) {
  const std::string err = stderr_of([&] {
    EXPECT_EQ(tpu_kernel_load_module_file(m_handle, ACOSIM_EXAMPLE_MODULE), nullptr);
  });
  EXPECT_NE(err.find("registers no device function (is it loaded already?)"), std::string::npos) << err;
  check_add(m_handle, by_id());  // the first is untouched
}

TEST_F(TpuKernelModule, IdsOfAnUnloadedModuleStopWorking) {
  const tpu_kernel_function_t id = tpu_kernel_get_function(m_handle, m_module, "example_add");
  ASSERT_GE(id, 0);
  ASSERT_EQ(tpu_kernel_unload_module(m_handle, m_module), BM_SUCCESS);
  const std::string err = stderr_of([&] { EXPECT_EQ(tpu_kernel_launch(m_handle, id, nullptr, 0), BM_ERR_PARAM); });
  EXPECT_EQ(err, "bmlib: tpu_kernel_launch: function id " + std::to_string(id) +
                     " (example_add) belongs to a module that was unloaded\n");
  EXPECT_EQ(tpu_kernel_launch_sync(m_handle, "example_add", nullptr, 0), BM_ERR_PARAM);  // gone by name too
}

TEST_F(TpuKernelModule, Errors) {
  EXPECT_EQ(stderr_of([&] { EXPECT_EQ(tpu_kernel_get_function(m_handle, m_module, "no_such"), -1); }),
            "bmlib: tpu_kernel_get_function: module " + std::string(m_module->lib_name) +
                " registers no function named 'no_such'\n");
  std::vector<char> big(4097);
  const tpu_kernel_function_t id = tpu_kernel_get_function(m_handle, m_module, "example_add");
  EXPECT_EQ(stderr_of([&] { EXPECT_EQ(tpu_kernel_launch(m_handle, id, big.data(), big.size()), BM_ERR_PARAM); }),
            "bmlib: tpu_kernel_launch: args of 4097 bytes exceed the 4096 a launch carries\n");
  EXPECT_EQ(stderr_of([&] { EXPECT_EQ(tpu_kernel_launch(m_handle, 99, nullptr, 0), BM_ERR_PARAM); }),
            "bmlib: tpu_kernel_launch: function id 99 was not returned by tpu_kernel_get_function\n");
  const std::string err = stderr_of([&] {
    EXPECT_EQ(tpu_kernel_load_module_file(m_handle, "/nonexistent/module.so"), nullptr);
  });
  EXPECT_NE(err.find("bmlib: tpu_kernel_load_module_file: cannot load module module.so: "), std::string::npos) << err;
  const std::string name(65, 'x');
  EXPECT_EQ(stderr_of([&] { EXPECT_EQ(tpu_kernel_launch_sync(m_handle, name.c_str(), nullptr, 0), BM_ERR_PARAM); }),
            "bmlib: tpu_kernel_launch_sync: function name '" + name + "' is longer than 64 characters\n");
}

}  // namespace
}  // namespace acosim::sophon::example

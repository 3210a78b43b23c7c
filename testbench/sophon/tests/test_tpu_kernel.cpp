// The BM1684X example kernels linked into the host program and launched by
// name (tpu_kernel_launch_sync), as a cmodel-mode TPU-Kernel program does.
#include "testbench/sophon/tests/tpu_kernel_host.h"

#include <cstring>

#include "tpu_kernel.h"

namespace acosim::sophon::example {
namespace {

class TpuKernelByName : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(bm_dev_request(&m_handle, 0), BM_SUCCESS); }
  void TearDown() override { bm_dev_free(m_handle); }
  Launch by_name() {
    return [this](const char* name, void* args, size_t size) {
      return tpu_kernel_launch_sync(m_handle, name, args, static_cast<unsigned>(size));
    };
  }
  bm_handle_t m_handle = nullptr;
};

TEST_F(TpuKernelByName, Relu) { check_relu(m_handle, by_name()); }
TEST_F(TpuKernelByName, Add) { check_add(m_handle, by_name()); }
TEST_F(TpuKernelByName, TiledMatmul) { check_matmul(m_handle, by_name()); }
TEST_F(TpuKernelByName, Conv2dWithBias) { check_conv2d(m_handle, by_name()); }

// A device function using a type acosim's BDC does not compute.
void fp16_add(const void*) {
  tpu_initialize();
  dim4 shape = {1, 1, 1, 8};
  tpu_bdc_fp_add(0, 64, 128, &shape, NULL, NULL, NULL, DT_FP16);
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(fp16_add)

TEST_F(TpuKernelByName, UnmodelledTypeIsRefusedByName) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(tpu_kernel_launch_sync(m_handle, "fp16_add", nullptr, 0), BM_ERR_FAILURE);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "bmlib: tpu_kernel_launch_sync: fp16_add: tpu_bdc_fp_add: acosim's BDC computes fp32 only, not fp16\n");
}

TEST_F(TpuKernelByName, ChipQueries) {
  // Queries run on the device: read them inside a launch.
  static int values[5];
  struct Query {
    static void run(const void*) {
      values[0] = tpu_npu_num();
      values[1] = tpu_local_mem_size_per_npu();
      values[2] = tpu_bank_num();
      values[3] = tpu_eu_num(DT_FP32);
      values[4] = tpu_eu_num(DT_INT8);
    }
  };
  tpu_register_kernel_func("query", &Query::run);
  ASSERT_EQ(tpu_kernel_launch_sync(m_handle, "query", nullptr, 0), BM_SUCCESS);
  EXPECT_EQ(values[0], 64);
  EXPECT_EQ(values[1], 256 * 1024);
  EXPECT_EQ(values[2], 16);
  EXPECT_EQ(values[3], 16);
  EXPECT_EQ(values[4], 64);
}

}  // namespace
}  // namespace acosim::sophon::example

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

// tpu_bdc_load_fp32_exp_coeff given an address on NPU 1: every NPU gets
// the 10 coefficients at that offset, and nothing else is written.
void load_coefficients(const void*) {
  tpu_initialize();
  float* words = static_cast<float*>(tpu_local_mem_addr(0, 1024 - 4));
  for (int i = 0; i < 12; ++i) words[i] = -7.0f;
  tpu_bdc_load_fp32_exp_coeff(static_cast<local_addr_t>(LOCAL_MEM_SIZE) + 1024);
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(load_coefficients)
float g_coefficients[2][12];
void read_coefficients(const void*) {
  std::memcpy(g_coefficients[0], tpu_local_mem_addr(0, 1024 - 4), sizeof(g_coefficients[0]));
  std::memcpy(g_coefficients[1], tpu_local_mem_addr(63, 1024 - 4), sizeof(g_coefficients[1]));
}
TPUKERNEL_FUNC_REGISTER(read_coefficients)

TEST_F(TpuKernelByName, ExpCoefficientsOnEveryNpu) {
  ASSERT_EQ(tpu_kernel_launch_sync(m_handle, "load_coefficients", nullptr, 0), BM_SUCCESS);
  ASSERT_EQ(tpu_kernel_launch_sync(m_handle, "read_coefficients", nullptr, 0), BM_SUCCESS);
  const float expected[10] = {1.0f, 1.0f, 0.5f, 1.0f / 6, 1.0f / 24, 1.0f / 120, 1.0f / 720,
                              1.0f / 5040, 1.0f / 40320, 1.0f / 362880};
  EXPECT_EQ(g_coefficients[0][0], -7.0f);  // the word before: untouched
  for (int i = 0; i < 10; ++i) EXPECT_FLOAT_EQ(g_coefficients[0][1 + i], expected[i]) << i;
  EXPECT_EQ(g_coefficients[0][11], -7.0f);  // the word after
  EXPECT_FLOAT_EQ(g_coefficients[1][1 + 3], expected[3]);
}

typedef struct {
  unsigned long long dst, src;
  unsigned int count;
} __attribute__((packed)) system_copy_args_t;
void system_copy(const void* args) {
  const system_copy_args_t* p = static_cast<const system_copy_args_t*>(args);
  tpu_initialize();
  tpu_gdma_system_cpy(p->dst, p->src, p->count, DT_FP32);
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(system_copy)

TEST_F(TpuKernelByName, SystemCopyOfRowsAndARest) {
  // 70000 elements: two rows of 32768 and a rest of 4464; one more word
  // after the destination stays as it was.
  const unsigned count = 70000;
  std::vector<float> src(count), dst(count + 1, -1.0f);
  for (unsigned i = 0; i < count; ++i) src[i] = float(i);
  DeviceBuffer dsrc(m_handle, src), ddst(m_handle, dst);
  system_copy_args_t args = {ddst.address(), dsrc.address(), count};
  ASSERT_EQ(tpu_kernel_launch_sync(m_handle, "system_copy", &args, sizeof(args)), BM_SUCCESS);
  const std::vector<float> out = ddst.read();
  for (unsigned i = 0; i < count; ++i) ASSERT_EQ(out[i], float(i)) << i;
  EXPECT_EQ(out[count], -1.0f);
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

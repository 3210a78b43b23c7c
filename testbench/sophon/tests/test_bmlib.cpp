// acosim's libbmlib as a host program sees it: bmlib's status codes and
// one-line errors, launches by name (sync and async), argument bytes, and
// device-side refusals reported to the host. Device functions are
// registered here as an OKKernel author registers them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "sw/sophon/bmlib/include/bmlib_runtime.h"
#include "sw/sophon/okkernel/include/okk.h"

namespace {

typedef struct {
  unsigned long long output_addr;
  unsigned long long input_addr;
  int n, c, h, w;
  float add;
  char tag[3];
} __attribute__((packed)) args_t;

args_t g_seen_args;

void record_args(const void* args) { std::memcpy(&g_seen_args, args, sizeof(args_t)); }
OKKERNEL_FUNC_REGISTER(record_args)

// output = relu(input) + add, through local memory.
void relu_add(const void* args) {
  const args_t* p = static_cast<const args_t*>(args);
  okk_initialize();
  dim4 shape = {p->n, p->c, p->h, p->w};
  dim4 stride;
  okk_128_byte_aligned_stride_for_32bit(&stride, 0, &shape);
  const local_addr_t in = 0, out = static_cast<local_addr_t>(shape.n * stride.n * 4);
  okk_gdma_32bit_cpy_S2L(in, p->input_addr, &shape, nullptr, nullptr);
  okk_bdc_relu(out, in, &shape, nullptr, nullptr);
  okk_bdc_add_C(out, out, p->add, &shape, nullptr, nullptr);
  okk_gdma_32bit_cpy_L2S(p->output_addr, out, &shape, nullptr, nullptr);
  okk_poll();
}
OKKERNEL_FUNC_REGISTER(relu_add)

// Adds tensors on NPU 0 and NPU 1: illegal, so refused.
void mismatched_npus(const void*) {
  okk_initialize();
  dim4 shape = {1, 1, 1, 4};
  okk_bdc_add(0, okk_local_mem_size_per_npu(), 0, &shape, nullptr, nullptr, nullptr);
  okk_poll();
}
OKKERNEL_FUNC_REGISTER(mismatched_npus)

typedef struct {
  unsigned long long output_addr, a_addr, b_addr;
  int n, c, h, w;
} __attribute__((packed)) int8_args_t;

// out = (a + b + 1) >> 1 on int8 tensors: loaded into BM1684's 4N layout,
// added with round-half-up, saturated, stored back to plain NCHW.
void int8_average(const void* args) {
  const int8_args_t* p = static_cast<const int8_args_t*>(args);
  okk_initialize();
  const dim4 shape = {p->n, p->c, p->h, p->w};
  dim4 stride;
  okk_128_byte_aligned_stride_for_8bit(&stride, 0, &shape);
  const local_addr_t size = static_cast<local_addr_t>((shape.n + 3) / 4 * stride.n * 4);
  okk_gdma_8bit_cpy_S2L(0, p->a_addr, &shape, nullptr, nullptr);
  okk_gdma_8bit_cpy_S2L(size, p->b_addr, &shape, nullptr, nullptr);
  okk_bdc_fixed_point_packed_add(2 * size, 0, size, &shape, nullptr, nullptr, nullptr, S8_OP_S8_TO_S8, 1);
  okk_gdma_8bit_cpy_L2S(p->output_addr, 2 * size, &shape, nullptr, nullptr);
  okk_poll();
}
OKKERNEL_FUNC_REGISTER(int8_average)

// A value just below the end of NPU 0, then an add over 8192 channels from
// there: its first piece of 4032 channels fits, its second does not, so
// the call is refused and must write nothing.
constexpr unsigned kNearEnd = 516096;
float g_seen_value = 0.0f;
bool g_parallel_at_start = true;

void split_call_refused(const void*) {
  okk_initialize();
  const dim4 one = {1, 1, 1, 1};
  x32 value;
  value.fp32 = 1.0f;
  okk_bdc_32bit_set_C(kNearEnd, value, &one, nullptr);
  okk_poll();
  const dim4 big = {1, 8192, 1, 32};
  okk_parallel_start();  // left open by the refusal below
  okk_bdc_add_C(kNearEnd, kNearEnd, 5.0f, &big, nullptr, nullptr);
}
OKKERNEL_FUNC_REGISTER(split_call_refused)

void look_after_refusal(const void*) {
  g_parallel_at_start = okk_is_parallel_state();
  std::memcpy(&g_seen_value, okk_local_mem_addr(0, kNearEnd), 4);
}
OKKERNEL_FUNC_REGISTER(look_after_refusal)

class Bmlib : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(bm_dev_request(&m_handle, 0), BM_SUCCESS); }
  void TearDown() override { bm_dev_free(m_handle); }
  bm_handle_t m_handle = nullptr;
};

std::string stderr_of(const std::function<void()>& call) {
  testing::internal::CaptureStderr();
  call();
  return testing::internal::GetCapturedStderr();
}

TEST(BmlibErrors, NullHandles) {
  std::string err = stderr_of([] { EXPECT_EQ(bm_dev_request(nullptr, 0), BM_ERR_DEVNOTREADY); });
  EXPECT_EQ(err, "bmlib: bm_dev_request: handle pointer is NULL\n");
  bm_device_mem_t mem;
  err = stderr_of([&] { EXPECT_EQ(bm_malloc_device_byte(nullptr, &mem, 16), BM_ERR_DEVNOTREADY); });
  EXPECT_EQ(err, "bmlib: bm_malloc_device_byte: handle is NULL\n");
  err = stderr_of([] { EXPECT_EQ(okkernel_launch_sync(nullptr, "relu_add", nullptr, 0), BM_ERR_DEVNOTREADY); });
  EXPECT_EQ(err, "bmlib: okkernel_launch_sync: handle is NULL\n");
}

TEST(BmlibErrors, NoSecondDevice) {
  bm_handle_t handle;
  const std::string err = stderr_of([&] { EXPECT_EQ(bm_dev_request(&handle, 1), BM_ERR_FAILURE); });
  EXPECT_EQ(err, "bmlib: bm_dev_request: no device 1 (acosim simulates device 0)\n");
}

TEST_F(Bmlib, FunctionNameLongerThan64Characters) {
  const std::string name(65, 'f');
  const std::string err = stderr_of([&] {
    EXPECT_EQ(okkernel_launch_sync(m_handle, name.c_str(), nullptr, 0), BM_ERR_PARAM);
  });
  EXPECT_EQ(err, "bmlib: okkernel_launch_sync: function name '" + name +
                     "' is longer than 64 characters\n");
}

TEST_F(Bmlib, UnknownFunction) {
  const std::string err = stderr_of([&] {
    EXPECT_EQ(okkernel_launch_sync(m_handle, "no_such_kernel", nullptr, 0), BM_ERR_PARAM);
  });
  EXPECT_NE(err.find("bmlib: okkernel_launch_sync: no device function named 'no_such_kernel' is registered"),
            std::string::npos) << err;
}

TEST_F(Bmlib, MemoryRangeOutsideDevice) {
  float data[4] = {1, 2, 3, 4};
  const bm_device_mem_t bad = bm_mem_from_device(0x1000, sizeof(data));
  const std::string err = stderr_of([&] { EXPECT_EQ(bm_memcpy_s2d(m_handle, bad, data), BM_ERR_PARAM); });
  EXPECT_EQ(err, "bmlib: bm_memcpy_s2d: device range [0x1000, 0x1010) is outside device memory "
                 "[0x100000000, 0x400000000)\n");
  bm_device_mem_t mem;
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &mem, 8), BM_SUCCESS);
  EXPECT_EQ(bm_memcpy_d2s_partial(m_handle, data, mem, 16), BM_ERR_PARAM);
  bm_free_device(m_handle, mem);
}

TEST_F(Bmlib, HeapExhausted) {
  // 12 GiB of DDR: three blocks of 4 GiB - 4 KiB fit, a fourth does not.
  bm_device_mem_t mem[4];
  const unsigned int big = 0xfffff000u;
  for (int i = 0; i < 3; ++i) ASSERT_EQ(bm_malloc_device_byte(m_handle, &mem[i], big), BM_SUCCESS);
  const std::string err = stderr_of([&] { EXPECT_EQ(bm_malloc_device_byte(m_handle, &mem[3], big), BM_ERR_NOMEM); });
  EXPECT_EQ(err, "bmlib: bm_malloc_device_byte: no free block of 4294963200 bytes left in device memory\n");
  bm_free_device(m_handle, mem[1]);
  EXPECT_EQ(bm_malloc_device_byte(m_handle, &mem[3], big), BM_SUCCESS);
  for (int i : {0, 2, 3}) bm_free_device(m_handle, mem[i]);
}

TEST_F(Bmlib, ArgumentBytesArriveUnchanged) {
  args_t args = {0x123456789abcdef0ull, 0x0fedcba987654321ull, 1, -2, 3, -4, 1.5f, {'o', 'k', 'k'}};
  ASSERT_EQ(okkernel_launch_sync(m_handle, "record_args", &args, sizeof(args)), BM_SUCCESS);
  EXPECT_EQ(std::memcmp(&g_seen_args, &args, sizeof(args)), 0);
}

// Runs relu_add on a 2x70x3x5 tensor (70 channels: NPUs 0-5 hold two).
void run_relu_add(bm_handle_t handle, bool async) {
  const int n = 2, c = 70, h = 3, w = 5, count = n * c * h * w;
  std::vector<float> in(count), out(count, 0.0f);
  for (int i = 0; i < count; ++i) in[i] = float((i * 37) % 101) - 50.0f;
  bm_device_mem_t din, dout;
  ASSERT_EQ(bm_malloc_device_byte(handle, &din, count * 4), BM_SUCCESS);
  ASSERT_EQ(bm_malloc_device_byte(handle, &dout, count * 4), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_s2d(handle, din, in.data()), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_s2d(handle, dout, out.data()), BM_SUCCESS);
  args_t args = {bm_mem_get_device_addr(dout), bm_mem_get_device_addr(din), n, c, h, w, 0.25f, {0, 0, 0}};
  if (async) {
    ASSERT_EQ(okkernel_launch_async(handle, "relu_add", &args, sizeof(args)), BM_SUCCESS);
    // The device has not run yet: the output is still what the host wrote.
    ASSERT_EQ(bm_memcpy_d2s(handle, out.data(), dout), BM_SUCCESS);
    EXPECT_EQ(out[0], 0.0f);
    ASSERT_EQ(okkernel_sync(handle), BM_SUCCESS);
  } else {
    ASSERT_EQ(okkernel_launch_sync(handle, "relu_add", &args, sizeof(args)), BM_SUCCESS);
  }
  ASSERT_EQ(bm_memcpy_d2s(handle, out.data(), dout), BM_SUCCESS);
  for (int i = 0; i < count; ++i) {
    const float expected = (in[i] > 0.0f ? in[i] : 0.0f) + 0.25f;
    ASSERT_EQ(out[i], expected) << i;
  }
  bm_free_device(handle, din);
  bm_free_device(handle, dout);
}

TEST_F(Bmlib, LaunchSync) { run_relu_add(m_handle, false); }
TEST_F(Bmlib, LaunchAsyncReturnsBeforeTheDeviceFinishes) { run_relu_add(m_handle, true); }

TEST_F(Bmlib, FixedPointAverageOfFourNPackedInt8) {
  const int n = 6, c = 70, h = 2, w = 5, count = n * c * h * w;  // n = 6: a half-full 4N word
  std::vector<int8_t> a(count), b(count), out(count, 0);
  for (int i = 0; i < count; ++i) {
    a[i] = static_cast<int8_t>((i * 37) % 256 - 128);
    b[i] = static_cast<int8_t>((i * 91 + 5) % 256 - 128);
  }
  bm_device_mem_t da, db, dout;
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &da, count), BM_SUCCESS);
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &db, count), BM_SUCCESS);
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &dout, count), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_s2d(m_handle, da, a.data()), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_s2d(m_handle, db, b.data()), BM_SUCCESS);
  int8_args_t args = {bm_mem_get_device_addr(dout), bm_mem_get_device_addr(da), bm_mem_get_device_addr(db), n, c, h, w};
  ASSERT_EQ(okkernel_launch_sync(m_handle, "int8_average", &args, sizeof(args)), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_d2s(m_handle, out.data(), dout), BM_SUCCESS);
  for (int i = 0; i < count; ++i) {
    // Round half up: floor((a + b + 1) / 2); the average of two int8 fits.
    const int sum = a[i] + b[i] + 1;
    const int expected = sum >= 0 ? sum / 2 : -((-sum + 1) / 2);
    ASSERT_EQ(out[i], expected) << i << ": " << int(a[i]) << " + " << int(b[i]);
  }
}

TEST_F(Bmlib, ARefusedCallWritesNothingAndLeavesNoParallelRegion) {
  const std::string err = stderr_of([&] {
    EXPECT_EQ(okkernel_launch_sync(m_handle, "split_call_refused", nullptr, 0), BM_ERR_FAILURE);
  });
  // The second piece starts 63 slots of 32 words on: 516096 + 8064 = 0x7ff80.
  EXPECT_NE(err.find("okk_bdc_add_C: dst (1, 4032, 1, 32) at local address 0x7ff80"), std::string::npos) << err;
  EXPECT_NE(err.find("(channels 4032 to 8063 of C = 8192, issued in pieces)"), std::string::npos) << err;
  ASSERT_EQ(okkernel_launch_sync(m_handle, "look_after_refusal", nullptr, 0), BM_SUCCESS);
  EXPECT_EQ(g_seen_value, 1.0f);  // the first piece did not run either
  EXPECT_FALSE(g_parallel_at_start);
}

TEST_F(Bmlib, DeviceRefusalReachesTheHost) {
  const std::string err = stderr_of([&] {
    EXPECT_EQ(okkernel_launch_sync(m_handle, "mismatched_npus", nullptr, 0), BM_ERR_FAILURE);
  });
  EXPECT_EQ(err, "bmlib: okkernel_launch_sync: mismatched_npus: okk_bdc_add: dst starts on NPU 0 "
                 "but src0 on NPU 1 (operands of a BDC command start on the same NPU)\n");
  // The device is still usable afterwards.
  run_relu_add(m_handle, false);
}

}  // namespace

namespace {

typedef struct {
  unsigned long long output_addr, value_addr, count_addr;
  int n;
  int which;  // 0 arithmetic, 1 logical, 2 arithmetic by C = 3, 3 C = -32768 by the counts
} __attribute__((packed)) shift16_args_t;

// int16 shifts on BM1684's 2N layout: values and counts loaded with the
// 16-bit GDMA, shifted, stored back.
void shift16_kernel(const void* args) {
  const shift16_args_t* p = static_cast<const shift16_args_t*>(args);
  okk_initialize();
  const dim4 shape = {p->n, 1, 1, 8};
  dim4 stride;
  okk_128_byte_aligned_stride_for_16bit(&stride, 0, &shape);
  const local_addr_t size = static_cast<local_addr_t>((shape.n + 1) / 2 * stride.n * 4);
  okk_gdma_16bit_cpy_S2L(0, p->value_addr, &shape, nullptr, nullptr);
  okk_gdma_16bit_cpy_S2L(size, p->count_addr, &shape, nullptr, nullptr);
  switch (p->which) {
    case 0: okk_bdc_fixed_point_packed_16bit_arithmetic_shift(2 * size, 0, size, &shape, nullptr, nullptr, nullptr); break;
    case 1: okk_bdc_fixed_point_packed_16bit_logical_shift(2 * size, 0, size, &shape, nullptr, nullptr, nullptr); break;
    case 2: okk_bdc_fixed_point_packed_16bit_arithmetic_shift_C(2 * size, 0, 3, &shape, nullptr, nullptr); break;
    default: okk_bdc_fixed_point_packed_16bit_C_arithmetic_shift(2 * size, size, -32768, &shape, nullptr, nullptr); break;
  }
  okk_gdma_16bit_cpy_L2S(p->output_addr, 2 * size, &shape, nullptr, nullptr);
  okk_poll();
}
OKKERNEL_FUNC_REGISTER(shift16_kernel)

TEST_F(Bmlib, SixteenBitShiftsOnTwoNPackedData) {
  const int n = 3, count = n * 8;  // n = 3: a half-full 2N word
  std::vector<int16_t> values(count), counts(count), out(count);
  const int16_t v[8] = {1, -1, 0x4000, -0x4000, 0x1234, -2, 7, -32768};
  const int16_t k[8] = {1, 1, 1, -1, -4, -20, 16, -15};
  for (int i = 0; i < count; ++i) {
    values[i] = v[i % 8];
    counts[i] = k[i % 8];
  }
  // By hand: value << k for k >= 0, >> -k otherwise, wrapped to 16 bits.
  const int16_t arithmetic[8] = {2, -2, -32768, -0x2000, 0x0123, -1, 0, -1};
  const int16_t logical[8] = {2, -2, -32768, 0x6000, 0x0123, 0, 0, 1};
  const int16_t by_three[8] = {8, -8, 0, 0, -0x6e60, -16, 56, 0};
  const int16_t constant[8] = {0, 0, 0, -16384, -2048, -1, 0, -1};
  bm_device_mem_t dv, dk, dout;
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &dv, count * 2), BM_SUCCESS);
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &dk, count * 2), BM_SUCCESS);
  ASSERT_EQ(bm_malloc_device_byte(m_handle, &dout, count * 2), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_s2d(m_handle, dv, values.data()), BM_SUCCESS);
  ASSERT_EQ(bm_memcpy_s2d(m_handle, dk, counts.data()), BM_SUCCESS);
  const int16_t* expected[4] = {arithmetic, logical, by_three, constant};
  for (int which = 0; which < 4; ++which) {
    shift16_args_t args = {bm_mem_get_device_addr(dout), bm_mem_get_device_addr(dv), bm_mem_get_device_addr(dk), n, which};
    ASSERT_EQ(okkernel_launch_sync(m_handle, "shift16_kernel", &args, sizeof(args)), BM_SUCCESS);
    ASSERT_EQ(bm_memcpy_d2s(m_handle, out.data(), dout), BM_SUCCESS);
    for (int i = 0; i < count; ++i) EXPECT_EQ(out[i], expected[which][i % 8]) << which << " " << i;
  }
}

}  // namespace

// Host side of the BM1684X example kernels (examples/sophon/tpu_kernels):
// device buffers, float references computed here in double, and the
// comparison |out - ref| <= 1e-5 max(|ref|, 1).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "bmlib_runtime.h"
#include "examples/sophon/tpu_kernels/kernels.h"

namespace acosim::sophon::example {

class DeviceBuffer {
 public:
  DeviceBuffer(bm_handle_t handle, const std::vector<float>& data) : m_handle(handle) {
    EXPECT_EQ(bm_malloc_device_byte(handle, &m_mem, unsigned(data.size() * 4)), BM_SUCCESS);
    EXPECT_EQ(bm_memcpy_s2d(handle, m_mem, const_cast<float*>(data.data())), BM_SUCCESS);
  }
  ~DeviceBuffer() { bm_free_device(m_handle, m_mem); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  unsigned long long address() const { return bm_mem_get_device_addr(m_mem); }
  std::vector<float> read() const {
    std::vector<float> out(m_mem.size / 4);
    EXPECT_EQ(bm_memcpy_d2s(m_handle, out.data(), m_mem), BM_SUCCESS);
    return out;
  }

 private:
  bm_handle_t m_handle;
  bm_device_mem_t m_mem;
};

inline std::vector<float> random_floats(size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(count);
  for (auto& x : v) x = dist(rng);
  return v;
}

inline void expect_close(const std::vector<float>& out, const std::vector<double>& ref) {
  ASSERT_EQ(out.size(), ref.size());
  for (size_t i = 0; i < out.size(); ++i) {
    ASSERT_LE(std::fabs(out[i] - ref[i]), 1e-5 * std::max(std::fabs(ref[i]), 1.0)) << "element " << i;
  }
}

// A launcher: by name (tpu_kernel_launch_sync) or through a module id.
using Launch = std::function<bm_status_t(const char* name, void* args, size_t size)>;

inline void check_relu(bm_handle_t h, const Launch& launch) {
  const int n = 40, c = 64, hh = 32, w = 32;
  const auto in = random_floats(size_t(n) * c * hh * w, 1);
  DeviceBuffer din(h, in), dout(h, std::vector<float>(in.size(), 7.0f));
  relu_args_t args = {dout.address(), din.address(), n, c, hh, w};
  ASSERT_EQ(launch("example_relu", &args, sizeof(args)), BM_SUCCESS);
  std::vector<double> ref(in.size());
  for (size_t i = 0; i < in.size(); ++i) ref[i] = in[i] > 0 ? in[i] : 0.0;
  expect_close(dout.read(), ref);
}

inline void check_add(bm_handle_t h, const Launch& launch) {
  const int n = 3, c = 70, hh = 5, w = 9;
  const auto a = random_floats(size_t(n) * c * hh * w, 2), b = random_floats(a.size(), 3);
  DeviceBuffer da(h, a), db(h, b), dout(h, std::vector<float>(a.size()));
  add_args_t args = {dout.address(), da.address(), db.address(), n, c, hh, w};
  ASSERT_EQ(launch("example_add", &args, sizeof(args)), BM_SUCCESS);
  std::vector<double> ref(a.size());
  for (size_t i = 0; i < a.size(); ++i) ref[i] = double(a[i]) + b[i];
  expect_close(dout.read(), ref);
}

inline void check_matmul(bm_handle_t h, const Launch& launch) {
  const int m = 100, k = 300, n = 700;  // tiles of 64 x 512 x 256, all partial
  const auto l = random_floats(size_t(m) * k, 4), r = random_floats(size_t(k) * n, 5);
  DeviceBuffer dl(h, l), dr(h, r), dout(h, std::vector<float>(size_t(m) * n));
  matmul_args_t args = {dout.address(), dl.address(), dr.address(), m, k, n};
  ASSERT_EQ(launch("example_matmul", &args, sizeof(args)), BM_SUCCESS);
  std::vector<double> ref(size_t(m) * n, 0.0);
  for (int i = 0; i < m; ++i)
    for (int kk = 0; kk < k; ++kk)
      for (int j = 0; j < n; ++j) ref[size_t(i) * n + j] += double(l[size_t(i) * k + kk]) * r[size_t(kk) * n + j];
  expect_close(dout.read(), ref);
}

inline void check_conv2d(bm_handle_t h, const Launch& launch) {
  const int n = 2, ic = 20, hh = 12, w = 12, oc = 70, kh = 3, kw = 3, pad = 1, stride = 2;
  const int oh = (hh + 2 * pad - kh) / stride + 1, ow = (w + 2 * pad - kw) / stride + 1;
  const auto in = random_floats(size_t(n) * ic * hh * w, 6);
  const auto weight = random_floats(size_t(oc) * ic * kh * kw, 7);
  const auto bias = random_floats(size_t(oc), 8);
  // 16IC: (OC, ceil(IC / 16), kh, kw, 16), missing input channels zero.
  const int groups = (ic + 15) / 16;
  std::vector<float> w16(size_t(oc) * groups * kh * kw * 16, 0.0f);
  for (int o = 0; o < oc; ++o)
    for (int i = 0; i < ic; ++i)
      for (int y = 0; y < kh; ++y)
        for (int x = 0; x < kw; ++x)
          w16[((size_t(o) * groups + i / 16) * kh * kw + y * kw + x) * 16 + i % 16] =
              weight[((size_t(o) * ic + i) * kh + y) * kw + x];
  DeviceBuffer din(h, in), dw(h, w16), db(h, bias), dout(h, std::vector<float>(size_t(n) * oc * oh * ow));
  conv2d_args_t args = {dout.address(), din.address(), dw.address(), db.address(), n, ic, hh, w, oc, kh, kw,
                        pad, pad, stride, stride};
  ASSERT_EQ(launch("example_conv2d", &args, sizeof(args)), BM_SUCCESS);
  std::vector<double> ref(size_t(n) * oc * oh * ow);
  for (int b = 0; b < n; ++b)
    for (int o = 0; o < oc; ++o)
      for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x) {
          double acc = bias[o];
          for (int i = 0; i < ic; ++i)
            for (int ky = 0; ky < kh; ++ky)
              for (int kx = 0; kx < kw; ++kx) {
                const int iy = y * stride - pad + ky, ix = x * stride - pad + kx;
                if (iy < 0 || iy >= hh || ix < 0 || ix >= w) continue;
                acc += double(in[((size_t(b) * ic + i) * hh + iy) * w + ix]) *
                       weight[((size_t(o) * ic + i) * kh + ky) * kw + kx];
              }
          ref[((size_t(b) * oc + o) * oh + y) * ow + x] = acc;
        }
  expect_close(dout.read(), ref);
}

}  // namespace acosim::sophon::example

// Host side of the pipeline example: a fixed input, y = 2 x + 1 on the
// device, checked element by element. Prints one line and exits 0 on pass.
#include <cmath>
#include <cstdio>
#include <vector>

#include "bmlib_runtime.h"

typedef struct {
  unsigned long long output_addr, input_addr;
  int n, c, h, w, tile_n;
} __attribute__((packed)) pipeline_args_t;

int main() {
  const int n = 16, c = 64, h = 32, w = 32, tile_n = 4;
  const size_t count = size_t(n) * c * h * w;
  std::vector<float> x(count), y(count, 0.0f);
  for (size_t i = 0; i < count; ++i) x[i] = float(int(i % 2001) - 1000) / 8.0f;
  bm_handle_t handle;
  bm_device_mem_t in, out;
  if (bm_dev_request(&handle, 0) != BM_SUCCESS ||
      bm_malloc_device_byte(handle, &in, unsigned(count * 4)) != BM_SUCCESS ||
      bm_malloc_device_byte(handle, &out, unsigned(count * 4)) != BM_SUCCESS ||
      bm_memcpy_s2d(handle, in, x.data()) != BM_SUCCESS) {
    return 1;
  }
  pipeline_args_t args = {bm_mem_get_device_addr(out), bm_mem_get_device_addr(in), n, c, h, w, tile_n};
  if (okkernel_launch_sync(handle, "pipeline", &args, sizeof(args)) != BM_SUCCESS ||
      bm_memcpy_d2s(handle, y.data(), out) != BM_SUCCESS) {
    return 1;
  }
  size_t wrong = 0;
  for (size_t i = 0; i < count; ++i) wrong += y[i] != 2.0f * x[i] + 1.0f;
  std::printf("pipeline: %zu elements, y = 2x + 1 in tiles of %d batches: %s (%zu wrong)\n", count,
              tile_n, wrong == 0 ? "pass" : "FAIL", wrong);
  bm_free_device(handle, in);
  bm_free_device(handle, out);
  bm_dev_free(handle);
  return wrong == 0 ? 0 : 1;
}

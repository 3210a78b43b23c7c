/* ReLU over a tensor in global memory, a slice of batches at a time,
 * loading the next slice while the BDC works on the current one. */
#include "tpu_kernel.h"
#include "kernels.h"

void example_relu(const void *args) {
  const relu_args_t *p = (const relu_args_t *)args;
  tpu_initialize();
  dim4 one = {1, p->c, p->h, p->w};
  dim4 stride;
  tpu_aligned_stride(&stride, 0, &one, DT_FP32);
  const int batch_bytes = stride.n * 4;
  /* Four buffers: in[2] and out[2], ping-pong. */
  int per_slice = LOCAL_MEM_SIZE / 4 / batch_bytes;
  TPUKERNEL_ASSERT(per_slice >= 1);
  if (per_slice > p->n) per_slice = p->n;
  const local_addr_t slice = (local_addr_t)(per_slice * batch_bytes);
  const local_addr_t in[2] = {0, slice}, out[2] = {2 * slice, 3 * slice};
  const unsigned long long global_batch = 4ull * p->c * p->h * p->w;
  const int slices = DIV_UP(p->n, per_slice);
  for (int i = 0; i < slices + 2; ++i) {
    tpu_parallel_start();
    if (i < slices) {
      dim4 shape = {i == slices - 1 ? p->n - i * per_slice : per_slice, p->c, p->h, p->w};
      tpu_gdma_cpy_S2L(in[i % 2], p->input_addr + i * per_slice * global_batch, &shape, NULL, NULL, DT_FP32);
    }
    if (i >= 1 && i <= slices) {
      const int j = i - 1;
      dim4 shape = {j == slices - 1 ? p->n - j * per_slice : per_slice, p->c, p->h, p->w};
      tpu_bdc_relu(out[j % 2], in[j % 2], &shape, NULL, NULL, DT_FP32);
    }
    if (i >= 2) {
      const int j = i - 2;
      dim4 shape = {j == slices - 1 ? p->n - j * per_slice : per_slice, p->c, p->h, p->w};
      tpu_gdma_cpy_L2S(p->output_addr + j * per_slice * global_batch, out[j % 2], &shape, NULL, NULL, DT_FP32);
    }
    tpu_parallel_end();
  }
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(example_relu)

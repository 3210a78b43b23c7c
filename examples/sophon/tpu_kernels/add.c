/* Element-wise output = a + b for tensors that fit local memory. */
#include "tpu_kernel.h"
#include "kernels.h"

void example_add(const void *args) {
  const add_args_t *p = (const add_args_t *)args;
  tpu_initialize();
  dim4 shape = {p->n, p->c, p->h, p->w};
  dim4 stride;
  tpu_aligned_stride(&stride, 0, &shape, DT_FP32);
  const local_addr_t size = (local_addr_t)(shape.n * stride.n * 4);
  TPUKERNEL_ASSERT(3 * size <= (local_addr_t)LOCAL_MEM_SIZE);
  const local_addr_t a = 0, b = size, out = 2 * size;
  tpu_gdma_cpy_S2L(a, p->a_addr, &shape, NULL, NULL, DT_FP32);
  tpu_gdma_cpy_S2L(b, p->b_addr, &shape, NULL, NULL, DT_FP32);
  tpu_bdc_fp_add(out, a, b, &shape, NULL, NULL, NULL, DT_FP32);
  tpu_gdma_cpy_L2S(p->output_addr, out, &shape, NULL, NULL, DT_FP32);
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(example_add)

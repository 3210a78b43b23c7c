/* Tiled fp32 matmul: tiles of output rows and columns, the inner dimension
 * in chunks accumulated with result_add. Matrices are row-major in global
 * memory; the local matrix layout cuts each row into pieces of `cpc`
 * columns, one piece per channel (so per NPU). */
#include "tpu_kernel.h"
#include "kernels.h"

#define TILE_M 64
#define TILE_N 512
#define TILE_K 256

void example_matmul(const void *args) {
  const matmul_args_t *p = (const matmul_args_t *)args;
  tpu_initialize();
  const int lcpc = DIV_UP(TILE_K, NPU_NUM), rcpc = DIV_UP(TILE_N, NPU_NUM);
  dim4 lshape = {TILE_M, DIV_UP(TILE_K, lcpc), 1, lcpc}, rshape = {TILE_K, DIV_UP(TILE_N, rcpc), 1, rcpc};
  dim4 oshape = {TILE_M, DIV_UP(TILE_N, rcpc), 1, rcpc}, stride;
  tpu_aligned_stride(&stride, 0, &lshape, DT_FP32);
  const local_addr_t left = 0;
  const local_addr_t right = left + lshape.n * stride.n * 4;
  tpu_aligned_stride(&stride, 0, &rshape, DT_FP32);
  const local_addr_t out = right + rshape.n * stride.n * 4;
  tpu_aligned_stride(&stride, 0, &oshape, DT_FP32);
  TPUKERNEL_ASSERT(out + oshape.n * stride.n * 4 <= (local_addr_t)LOCAL_MEM_SIZE);
  for (int m0 = 0; m0 < p->m; m0 += TILE_M) {
    const int m = MIN(TILE_M, p->m - m0);
    for (int n0 = 0; n0 < p->n; n0 += TILE_N) {
      const int n = MIN(TILE_N, p->n - n0);
      for (int k0 = 0; k0 < p->k; k0 += TILE_K) {
        const int k = MIN(TILE_K, p->k - k0);
        tpu_gdma_matrix_S2L(left, p->left_addr + 4ull * ((unsigned long long)m0 * p->k + k0), m, k, lcpc, p->k, DT_FP32);
        tpu_gdma_matrix_S2L(right, p->right_addr + 4ull * ((unsigned long long)k0 * p->n + n0), k, n, rcpc, p->n, DT_FP32);
        tpu_bdc_fp32_mm(out, left, right, 0, m, k, n, lcpc, rcpc, false, k0 > 0);
      }
      tpu_gdma_matrix_L2S(p->output_addr + 4ull * ((unsigned long long)m0 * p->n + n0), out, m, n, rcpc, p->n, DT_FP32);
    }
  }
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(example_matmul)

/* y = 2 x + 1 over a tensor in global memory, in tiles of batches: while
 * the BDC computes one tile, the GDMA loads the next and stores the last
 * (okk_parallel_start/end), the pattern of Sophgo's plus_one_2 example. */
#include "okk.h"

typedef struct {
  unsigned long long output_addr, input_addr;
  int n, c, h, w, tile_n;
} __attribute__((packed)) pipeline_args_t;

void pipeline(const void *args) {
  const pipeline_args_t *p = (const pipeline_args_t *)args;
  okk_initialize();
  dim4 tile = {p->tile_n, p->c, p->h, p->w}, stride;
  okk_128_byte_aligned_stride_for_32bit(&stride, 0, &tile);
  const unsigned int tile_bytes = tile.n * stride.n * sizeof(float);
  OKKERNEL_ASSERT(tile_bytes * 4 <= okk_local_mem_size_per_npu());
  const local_addr_t in[2] = {0, tile_bytes}, out[2] = {2 * tile_bytes, 3 * tile_bytes};
  const unsigned long long global_tile = 4ull * p->tile_n * p->c * p->h * p->w;
  const int tiles = p->n / p->tile_n;
  for (int i = 0; i < tiles + 2; ++i) {
    okk_parallel_start();
    if (i < tiles) okk_gdma_32bit_cpy_S2L(in[i % 2], p->input_addr + i * global_tile, &tile, NULL, NULL);
    if (i >= 1 && i <= tiles) {
      okk_bdc_mul_C(out[(i - 1) % 2], in[(i - 1) % 2], 2.0f, &tile, NULL, NULL);
      okk_bdc_add_C(out[(i - 1) % 2], out[(i - 1) % 2], 1.0f, &tile, NULL, NULL);
    }
    if (i >= 2) okk_gdma_32bit_cpy_L2S(p->output_addr + (i - 2) * global_tile, out[(i - 2) % 2], &tile, NULL, NULL);
    okk_parallel_end();
  }
  okk_poll();
}
OKKERNEL_FUNC_REGISTER(pipeline)

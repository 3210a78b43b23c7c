/* fp32 conv2d with bias, one batch at a time: the input batch, the 16IC
 * weights and the bias in local memory, the output written back. */
#include "tpu_kernel.h"
#include "kernels.h"

void example_conv2d(const void *args) {
  const conv2d_args_t *p = (const conv2d_args_t *)args;
  tpu_initialize();
  const int oh = (p->h + 2 * p->pad_h - p->kh) / p->stride_h + 1;
  const int ow = (p->w + 2 * p->pad_w - p->kw) / p->stride_w + 1;
  dim4 in_shape = {1, p->ic, p->h, p->w}, out_shape = {1, p->oc, oh, ow};
  dim4 in_stride, out_stride;
  tpu_aligned_stride(&in_stride, 0, &in_shape, DT_FP32);
  tpu_aligned_stride(&out_stride, 0, &out_shape, DT_FP32);
  const int groups = DIV_UP(p->ic, 16);
  dim4 w_shape = {1, p->oc, groups, p->kh * p->kw * 16}, b_shape = {1, p->oc, 1, 1};
  dim4 w_stride, b_stride;
  tpu_compact_stride(&w_stride, 0, &w_shape);
  tpu_compact_stride(&b_stride, 0, &b_shape);
  const local_addr_t input = 0;
  const local_addr_t output = input + in_stride.n * 4;
  const local_addr_t weight = ALIGN(output + out_stride.n * 4, 64);
  const local_addr_t bias = ALIGN(weight + w_stride.n * 4, 64);
  TPUKERNEL_ASSERT(bias + b_stride.n * 4 <= (local_addr_t)LOCAL_MEM_SIZE);
  tpu_gdma_compact_S2L(weight, p->weight_addr, &w_shape, DT_FP32);
  tpu_gdma_compact_S2L(bias, p->bias_addr, &b_shape, DT_FP32);
  const dim2 kernel = {p->kh, p->kw}, stride = {p->stride_h, p->stride_w}, dilation = {1, 1};
  const padding_t pad = {p->pad_h, p->pad_h, p->pad_w, p->pad_w};
  for (int b = 0; b < p->n; ++b) {
    tpu_gdma_cpy_S2L(input, p->input_addr + 4ull * b * p->ic * p->h * p->w, &in_shape, NULL, NULL, DT_FP32);
    tpu_bdc_fp_conv2d(output, input, weight, bias, &in_shape, NULL, p->oc, &kernel, &pad, &stride,
                      &dilation, DT_FP32, DT_FP32, true, false);
    tpu_gdma_cpy_L2S(p->output_addr + 4ull * b * p->oc * oh * ow, output, &out_shape, NULL, NULL, DT_FP32);
  }
  tpu_poll();
}
TPUKERNEL_FUNC_REGISTER(example_conv2d)

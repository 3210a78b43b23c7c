/* Arguments of the example TPU-Kernel functions: packed, as the host (64-bit)
 * and the device CPU may lay structs out differently. */
#ifndef ACOSIM_EXAMPLE_TPU_KERNELS_H_
#define ACOSIM_EXAMPLE_TPU_KERNELS_H_

typedef struct {
  unsigned long long output_addr, input_addr;
  int n, c, h, w;
} __attribute__((packed)) relu_args_t;

typedef struct {
  unsigned long long output_addr, a_addr, b_addr;
  int n, c, h, w;
} __attribute__((packed)) add_args_t;

/* output (M x N) = left (M x K) * right (K x N), row-major fp32. */
typedef struct {
  unsigned long long output_addr, left_addr, right_addr;
  int m, k, n;
} __attribute__((packed)) matmul_args_t;

/* output (N, OC, OH, OW) = conv(input (N, IC, H, W), weight) + bias (OC);
 * weight in 16IC form: (OC, ceil(IC / 16), kh, kw, 16), fp32. */
typedef struct {
  unsigned long long output_addr, input_addr, weight_addr, bias_addr;
  int n, ic, h, w, oc, kh, kw;
  int pad_h, pad_w, stride_h, stride_w;
} __attribute__((packed)) conv2d_args_t;

#endif

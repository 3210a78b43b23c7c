/* tpu_kernel.h: the TPU-Kernel device API of BM1684X as acosim implements it.
 *
 * The subset acosim models (docs/sophon.md, "TPU-Kernel"): registration,
 * queries, stride helpers, the GDMA copy families and the BDC's fp32
 * arithmetic, select, cast, matrix multiply, convolution and pooling. The
 * declarations are those of Sophgo's tpu_kernel.h and tpu_defs.h (same
 * names, types and C linkage), so kernels written against Sophgo's SDK
 * compile against it unchanged as long as they use this subset.
 */
#ifndef TPU_KERNEL_H_
#define TPU_KERNEL_H_

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Types (tpu_defs.h) ------------------------------------------------ */
typedef unsigned int local_addr_t;       /* NPU * local_mem_size + offset */
typedef unsigned int static_addr_t;
typedef unsigned long long l2_sram_addr_t;
typedef unsigned long long system_addr_t; /* DDR or L2-SRAM */
typedef unsigned long long global_addr_t;
typedef unsigned long long addr_t;

/* bit 0: signed; bits 1-4: precision (0 8-bit, 1 fp16, 2 fp32, 3 16-bit,
 * 4 32-bit, 5 bf16, 6 4-bit, 7 fp8, 8 fp20); bit 5: fp8 E4M3. */
typedef enum {
  DT_INT8 = (0 << 1) | 1,
  DT_UINT8 = (0 << 1) | 0,
  DT_INT16 = (3 << 1) | 1,
  DT_UINT16 = (3 << 1) | 0,
  DT_FP16 = (1 << 1) | 1,
  DT_BFP16 = (5 << 1) | 1,
  DT_INT32 = (4 << 1) | 1,
  DT_UINT32 = (4 << 1) | 0,
  DT_FP32 = (2 << 1) | 1,
  DT_INT4 = (6 << 1) | 1,
  DT_UINT4 = (6 << 1) | 0,
  DT_FP8E5M2 = (0 << 5) | (7 << 1) | 1,
  DT_FP8E4M3 = (1 << 5) | (7 << 1) | 1,
  DT_FP20 = (8 << 1) | 1
} data_type_t;

typedef enum {
  RM_HALF_TO_EVEN = 0,
  RM_HALF_AWAY_FROM_ZERO = 1,
  RM_TOWARDS_ZERO = 2,
  RM_DOWN = 3, /* floor */
  RM_UP = 4,   /* ceil */
  RM_HALF_UP = 5,
  RM_HALF_DOWN = 6
} rounding_mode_t;

typedef struct { int n, c, h, w; } dim4;
typedef struct { int h, w; } dim2;
typedef struct { int top, bottom, left, right; } padding_t;

typedef union {
  unsigned short bits;
  struct { unsigned short frac : 10, exp : 5, sign : 1; } format;
} float16;
typedef union {
  unsigned short bits;
  struct { unsigned short frac : 7, exp : 8, sign : 1; } format;
} bfloat16;
typedef union {
  char s8;
  unsigned char u8;
  short s16;
  unsigned short u16;
  float16 f16;
  bfloat16 bf16;
  int s32;
  unsigned int u32;
  float f32;
} scalar_t;

/* A select operand: a tensor, one constant, or one value per lane
 * (VECTOR: element (0, c mod NPU_NUM, 0, 0)). */
typedef enum { TENSOR, SCALAR, VECTOR } var_type_t;
typedef union { scalar_t scalar; local_addr_t addr; } var_context_t;
typedef struct { var_type_t type; var_context_t context; } variable_t;

#define FP_ONE(dtype) (dtype == DT_FP32 ? 0x3f800000 : (dtype == DT_FP16 ? 0x3c00 : 0x3f80))

/* ---- Registration and logging ------------------------------------------ */
typedef void (*tpu_kernel_func_t)(const void *);
void tpu_register_kernel_func(const char *name, tpu_kernel_func_t func);
void tpu_dump_registered_kernel_funcs();
/* The wrapper lets a kernel return a value (int tpu_kernel_api_x(const
 * void *)) and still be launched as a tpu_kernel_func_t. */
#define TPUKERNEL_FUNC_REGISTER(func)                               \
  void func##_wrapper(const void *arg) { func(arg); }               \
  __attribute__((constructor)) void tpu_kernel_register_##func() { \
    tpu_register_kernel_func(#func, func##_wrapper);               \
  }
#include <assert.h>
#include <stdio.h>
#define TPUKERNEL_LOG(format, ...) printf(format, ##__VA_ARGS__)
#define TPUKERNEL_ASSERT(assertion) assert(assertion)

#ifndef NPU_NUM
#define NPU_NUM tpu_npu_num()
#endif
#ifndef LOCAL_MEM_SIZE
#define LOCAL_MEM_SIZE tpu_local_mem_size_per_npu()
#endif
#ifndef LOCAL_MEM_BANKS
#define LOCAL_MEM_BANKS tpu_bank_num()
#endif
#ifndef BANK_SIZE
#define BANK_SIZE (LOCAL_MEM_SIZE / LOCAL_MEM_BANKS)
#endif
#ifndef MIN
#define MIN(x, y) (((x)) < ((y)) ? (x) : (y))
#endif
#ifndef MAX
#define MAX(x, y) (((x)) > ((y)) ? (x) : (y))
#endif
#ifndef DIV_UP
#define DIV_UP(a, b) ((a) == 0 ? 0 : ((a) - 1) / (b) + 1)
#endif
#ifndef ALIGN
#define ALIGN(x, a) ((((x) + (a) - 1) / (a)) * (a))
#endif

/* ---- Common -------------------------------------------------------------- */
void tpu_initialize();
void tpu_poll();
void tpu_parallel_start();
void tpu_parallel_end();
bool tpu_is_parallel_state();
int tpu_npu_num();
int tpu_bank_num();
int tpu_eu_num(data_type_t dtype);
int tpu_local_mem_size_per_npu();
int tpu_l2_sram_size();
unsigned long long tpu_l2_sram_get_start_addr();
unsigned long long tpu_local_mem_get_start_addr();
void *tpu_global_mem_addr(global_addr_t addr);
void *tpu_local_mem_addr(int start_idx, local_addr_t addr);
void *tpu_local_mem_addr_unified(local_addr_t addr);
void *tpu_l2_sram_addr(l2_sram_addr_t addr);

/* ---- Utilities ----------------------------------------------------------- */
int tpu_npu_index(local_addr_t addr);
int tpu_bank_index(local_addr_t addr);
int tpu_channle_num_per_npu(int start_idx, int num_channels);
int tpu_aligned_feature_size(int h, int w, data_type_t dtype);
void tpu_aligned_stride(dim4 *stride, int start_idx, const dim4 *shape, data_type_t dtype);
void tpu_compact_stride(dim4 *stride, int start_idx, const dim4 *shape);
void tpu_line_aligned_stride(dim4 *stride, int start_idx, const dim4 *shape, data_type_t dtype);
void tpu_continuous_stride(dim4 *stride, const dim4 *shape);
bool tpu_is_data_type_signed(data_type_t dtype);
bool tpu_is_data_type_int(data_type_t dtype);
bool tpu_is_data_type_signed_int(data_type_t dtype);
bool tpu_is_data_type_unsigned_int(data_type_t dtype);
bool tpu_is_data_type_fp(data_type_t dtype);
int tpu_data_type_size(data_type_t dtype);

/* ---- GDMA ---------------------------------------------------------------- */
void tpu_gdma_cpy_S2L(local_addr_t dst_addr, system_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_L2S(system_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_L2L(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_S2S(system_addr_t dst_addr, system_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_nc_trans_S2L(local_addr_t dst_addr, system_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_nc_trans_L2S(system_addr_t dst_addr, local_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_nc_trans_L2L(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_nc_trans_S2S(system_addr_t dst_addr, system_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_cw_trans_S2L(local_addr_t dst_addr, system_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_cw_trans_L2S(system_addr_t dst_addr, local_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_cw_trans_L2L(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_cpy_cw_trans_S2S(system_addr_t dst_addr, system_addr_t src_addr, const dim4 *dst_shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_compact_S2L(local_addr_t dst_addr, system_addr_t src_addr, const dim4 *shape, data_type_t dtype);
void tpu_gdma_compact_L2S(system_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, data_type_t dtype);
void tpu_gdma_set_C_system(system_addr_t dst_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, data_type_t dtype);
void tpu_gdma_set_C_local(local_addr_t dst_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, data_type_t dtype);
void tpu_gdma_matrix_S2L(local_addr_t dst_addr, system_addr_t src_addr, int rows, int cols, int cols_per_channel, int row_stride, data_type_t dtype);
void tpu_gdma_matrix_L2S(system_addr_t dst_addr, local_addr_t src_addr, int rows, int cols, int cols_per_channel, int row_stride, data_type_t dtype);
void tpu_gdma_vector_S2L(local_addr_t dst_addr, system_addr_t src_addr, int len, int len_per_channel, data_type_t dtype);
void tpu_gdma_vector_L2S(system_addr_t dst_addr, local_addr_t src_addr, int len, int len_per_channel, data_type_t dtype);
void tpu_gdma_channel_bcast_S2L(local_addr_t dst_addr, system_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_channel_bcast_L2L(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_gdma_system_cpy(system_addr_t dst_addr, system_addr_t src_addr, unsigned int count, data_type_t dtype);

/* ---- BDC: element-wise (acosim computes fp32) ---------------------------- */
void tpu_bdc_fp_add(local_addr_t dst_addr, local_addr_t src0_addr, local_addr_t src1_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src0_stride, const dim4 *src1_stride, data_type_t dtype);
void tpu_bdc_fp_sub(local_addr_t dst_addr, local_addr_t src0_addr, local_addr_t src1_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src0_stride, const dim4 *src1_stride, data_type_t dtype);
void tpu_bdc_fp_mul(local_addr_t dst_addr, local_addr_t src0_addr, local_addr_t src1_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src0_stride, const dim4 *src1_stride, data_type_t dtype);
void tpu_bdc_fp_div(local_addr_t dst_addr, local_addr_t src0_addr, local_addr_t src1_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src0_stride, const dim4 *src1_stride, data_type_t dtype);
void tpu_bdc_max(local_addr_t dst_addr, local_addr_t src0_addr, local_addr_t src1_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src0_stride, const dim4 *src1_stride, data_type_t dtype);
void tpu_bdc_min(local_addr_t dst_addr, local_addr_t src0_addr, local_addr_t src1_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src0_stride, const dim4 *src1_stride, data_type_t dtype);
void tpu_bdc_fp_add_C(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_fp_sub_C(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_fp_C_sub(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_fp_mul_C(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_fp_div_C(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_fp_C_div(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_max_C(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_min_C(local_addr_t dst_addr, local_addr_t src_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_fp_scale_bias(local_addr_t dst_addr, local_addr_t src_addr, local_addr_t scale_addr, local_addr_t bias_addr, const dim4 *shape, data_type_t dtype);
void tpu_bdc_fp_bias(local_addr_t dst_addr, local_addr_t src_addr, local_addr_t bias_addr, const dim4 *shape, data_type_t dtype);
void tpu_bdc_relu(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_abs(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_neg(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_cpy(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dtype);
void tpu_bdc_set_C(local_addr_t dst_addr, scalar_t C, const dim4 *shape, const dim4 *dst_stride, data_type_t dtype);
void tpu_bdc_cast(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride, data_type_t dst_dtype, data_type_t src_dtype, rounding_mode_t mode);
void tpu_bdc_greater_select(local_addr_t dst_addr, const variable_t *src0, const variable_t *src1, const variable_t *src2, const variable_t *src3, const dim4 *shape, data_type_t src0_src1_dtype, data_type_t dst_dtype);
void tpu_bdc_less_select(local_addr_t dst_addr, const variable_t *src0, const variable_t *src1, const variable_t *src2, const variable_t *src3, const dim4 *shape, data_type_t src0_src1_dtype, data_type_t dst_dtype);
void tpu_bdc_equal_select(local_addr_t dst_addr, const variable_t *src0, const variable_t *src1, const variable_t *src2, const variable_t *src3, const dim4 *shape, data_type_t src0_src1_dtype, data_type_t dst_dtype);
void tpu_bdc_fp32_reciprocal(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape, const dim4 *dst_stride, const dim4 *src_stride);
void tpu_bdc_fp32_sqrt(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape);
void tpu_bdc_fp32_rsqrt(local_addr_t dst_addr, local_addr_t src_addr, const dim4 *shape);
void tpu_bdc_fp_taylor(local_addr_t dst_addr, local_addr_t src_addr, local_addr_t coeff_addr, const dim4 *shape, int num, data_type_t dtype);
void tpu_bdc_load_fp32_exp_coeff(local_addr_t coeff_addr);
void tpu_bdc_load_fp32_exp_table(local_addr_t table_addr);
void tpu_bdc_fp32_exp(local_addr_t dst_addr, local_addr_t src_addr, local_addr_t work0_addr, local_addr_t work1_addr, local_addr_t coeff_addr, local_addr_t table_addr, const dim4 *shape);
void tpu_bdc_fp_exp(local_addr_t dst_addr, local_addr_t src_addr, local_addr_t work0_addr, local_addr_t work1_addr, local_addr_t coeff_addr, const dim4 *shape, data_type_t dtype);

/* ---- BDC: matrix, convolution, pooling ----------------------------------- */
void tpu_bdc_fp32_mm(local_addr_t output_addr, local_addr_t left_addr, local_addr_t right_addr, local_addr_t bias_addr, int left_rows, int left_cols, int right_cols, int left_cols_per_channel, int right_cols_per_channel, bool has_bias, bool result_add);
void tpu_bdc_fp_conv2d(local_addr_t output_addr, local_addr_t input_addr, local_addr_t weight_addr, local_addr_t bias_addr, const dim4 *input_shape, const dim4 *input_stride, int output_c, const dim2 *kernel, const padding_t *padding, const dim2 *stride, const dim2 *dilation, data_type_t output_dtype, data_type_t input_dtype, bool has_bias, bool result_add);
void tpu_bdc_fp_depthwise2d(local_addr_t output_addr, local_addr_t input_addr, local_addr_t weight_addr, local_addr_t bias_addr, const dim4 *input_shape, const dim2 *kernel, const padding_t *padding, const dim2 *stride, const dim2 *dilation, data_type_t dtype, bool has_bias);
void tpu_bdc_fp_max_pool2d(local_addr_t output_addr, local_addr_t input_addr, const dim4 *input_shape, const dim2 *kernel, const padding_t *padding, const dim2 *stride, const dim2 *dilation, data_type_t dtype, scalar_t pad_val);
void tpu_bdc_fp_avg_pool2d(local_addr_t output_addr, local_addr_t input_addr, const dim4 *input_shape, const dim2 *kernel, const padding_t *padding, const dim2 *stride, const dim2 *dilation, data_type_t dtype, scalar_t scale);

#ifdef __cplusplus
}
#endif

#endif /* TPU_KERNEL_H_ */

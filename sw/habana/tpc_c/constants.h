// Switch constants and helper enums TPC-C code names without including
// anything: the values of tpc_llvm's clang/lib/Headers/tpc-defs.h (SW_*,
// MkWr, MkRMW for Gaudi) and tpc-special.h (e_* enums), Gaudi variant.
#pragma once

// Instruction switches (tpc-defs.h). Grouped by instruction; several names
// share a value because they belong to different instructions.
enum : int {
  SW_SAT = 1 << 0,             // ADD/SUB/MAC: saturate
  SW_NO_SAT = 1 << 0,          // ABS
  SW_CARRY = 1 << 1,           // ADD
  SW_NO_CARRY_GEN = 1 << 2,    // ADD
  SW_RHU = 1 << 1,             // ASH
  SW_INC = 0,                  // ASO
  SW_DEC = 1 << 8,             // ASO
  SW_SPU = 0,                  // ASO
  SW_VPU = 2 << 8,             // ASO
  SW_RECIP = 0,                // CALC_FP_SPECIAL function codes
  SW_RSQRT = 1,
  SW_SQRT = 2,
  SW_LOG = 3,
  SW_EXP = 4,
  SW_TANH = 5,
  SW_DIV = 6,
  SW_POW = 7,
  SW_MASK_EQ_ZERO = 1 << 0,    // CMP_EQ / SEL_EQ: compare (a & b) with 0
  SW_SUP_NAN = 1 << 2,
  SW_RHNE = 0 << 16,           // CONVERT / NEARBYINT rounding
  SW_RZ = 1 << 16,
  SW_RU = 2 << 16,
  SW_RD = 3 << 16,
  SW_SR = 4 << 16,
  SW_CSR = 5 << 16,
  SW_RHAZ = 6 << 16,
  SW_SR_RNE = 7 << 16,
  SW_CLIP_FP = 1 << 20,
  SW_DT_INT8 = 0,              // GEN_ADDR data-type override
  SW_DT_INT16 = 1,
  SW_DT_INT32 = 2,
  SW_DT_UINT8 = 3,
  SW_DT_UINT16 = 4,
  SW_DT_UINT32 = 5,
  SW_DT_BF16 = 6,
  SW_DT_FP32 = 7,
  SW_DT_OVERRIDE = 1 << 4,
  SW_BIASED = 1 << 0,          // EXTRACT_EXP
  SW_ADD_BIAS = 1 << 8,        // FORM_FP_NUMBER
  SW_FORCE_SIGN0 = 1 << 9,
  SW_FORCE_SIGN1 = 1 << 10,
  SW_EXP_IS_NUM = 1 << 11,
  SW_SIGN_LSB = 1 << 12,
  SW_LUT_TANH = 1 << 13,       // GET_LUT_ENTRY_AND_INTERVAL_START variant
  SW_LUT_SQRT_RSQRT = 2 << 13,
  SW_LUT_SIN_COS = 3 << 13,
  SW_LUT_LOG = 4 << 13,
  SW_BV32 = 0,                 // LOOKUP
  SW_BV16 = 1,
  SW_UPPER_HALF = 1 << 2,
  SW_NO_NEG = 0,               // MAC
  SW_NEG = 1 << 1,
  SW_WR_LOWER_GROUP = 1 << 12, // MOV_DUAL_GROUP
  SW_WR_UPPER_GROUP = 1 << 13,
  SW_WR_LOWER_GROUP0 = 1 << 16,  // MOV_DUAL_GROUP_ALL
  SW_WR_UPPER_GROUP0 = 1 << 17,
  SW_WR_LOWER_GROUP1 = 1 << 18,
  SW_WR_UPPER_GROUP1 = 1 << 19,
  SW_WR_LOWER_GROUP2 = 1 << 20,
  SW_WR_UPPER_GROUP2 = 1 << 21,
  SW_WR_LOWER_GROUP3 = 1 << 22,
  SW_WR_UPPER_GROUP3 = 1 << 23,
  SW_GROUP0_EN = 1 << 0,       // MOV_GROUP
  SW_GROUP1_EN = 1 << 1,
  SW_DUAL_GROUP0_EN = 1 << 2,
  SW_DUAL_GROUP1_EN = 1 << 3,
  SW_DUAL_GROUP2_EN = 1 << 4,
  SW_DUAL_GROUP3_EN = 1 << 5,
  SW_GROUP_0 = 0,              // PACK / UNPACK
  SW_GROUP_1 = 1 << 8,
  SW_STRIDE_2 = 0,
  SW_STRIDE_4 = 1 << 9,
  SW_GROUP_HALF_0 = 0,
  SW_GROUP_HALF_1 = 1 << 10,
  SW_COUNT_ZEROS = 0,          // POPCNT
  SW_COUNT_ONES = 1,
  SW_PACK = 1 << 2,            // ST_TNSR
  SW_PCK_32_TO_16 = 0,
  SW_PCK_16_TO_8 = 1 << 4,
  SW_PCK_32_TO_8 = 2 << 4,
  SW_LOWER32 = 0,              // MUL
  SW_UPPER32 = 1 << 2,
};

// ST_TNSR RMW selector fields (tpc-defs.h RMW_*; Gaudi layout: data type
// bits 0..3, operation bits 4..5, enable bit 6, type-from-descriptor bit 7).
enum : int {
  RMW_DT_INT8 = 0,
  RMW_DT_INT16 = 1,
  RMW_DT_INT32 = 2,
  RMW_DT_UINT8 = 3,
  RMW_DT_UINT16 = 4,
  RMW_DT_UINT32 = 5,
  RMW_DT_BF16 = 6,
  RMW_DT_FP32 = 7,
  RMW_OP_ADD = 0 << 4,
  RMW_OP_SUB = 1 << 4,
  RMW_OP_MIN = 2 << 4,
  RMW_OP_MAX = 3 << 4,
  RMW_TNSR_DT = 1 << 7,
  RMW_SET = 1 << 6,
};

#define MkWr(l, u) (((l) ? SW_WR_LOWER_GROUP : 0) | ((u) ? SW_WR_UPPER_GROUP : 0))
#define MkRMW(dt, op, rmw, dl) ((dt) | ((op) << 4) | ((rmw) << 6) | ((dl) << 7))

// tpc-special.h enums.
enum e_round_mode {
  e_round_half_ne = 0,
  e_round_zero = 1,
  e_round_up = 2,
  e_round_down = 3,
  e_round_stochastic = 4,
  e_round_half_az = 6
};
enum e_negation { e_no_negation = 0, e_with_negation = 1 };
enum e_saturation { e_no_saturation = 0, e_saturate = 1 };
enum e_group_source { e_group_0 = 0, e_group_1 = 1 };
enum e_element_stride { e_every_second_element = 0, e_every_forth_element = 1 };
enum e_group_half { e_lower_half_group = 0, e_higher_half_group = 1 };
enum e_return_bits { e_return_lower_32 = 0, e_return_upper_32 = 1 };
enum e_func_variant {
  e_func_variant_default = 0,
  e_func_variant_tanh = 1,
  e_func_variant_sqrt_rsqrt = 2,
  e_func_variant_sin_cos = 3
};
enum e_calc_fp_special { e_fp_recip = 0, e_fp_rsqrt = 1, e_fp_div = 6 };
enum e_rmw_datatype {
  e_rmw_int8 = 0,
  e_rmw_int16 = 1,
  e_rmw_int32 = 2,
  e_rmw_uint8 = 3,
  e_rmw_uint16 = 4,
  e_rmw_uint32 = 5,
  e_rmw_bf16 = 6,
  e_rmw_fp32 = 7
};
enum e_rmw_op { e_rmw_add = 0, e_rmw_sub = 1, e_rmw_min = 2, e_rmw_max = 3 };
enum e_rmw_set { e_rmw_plain = 0, e_rmw_atomic = 1 };
enum e_tnsr_dt_location { e_tnsr_dt_srf = 0, e_tnsr_dt_desc = 1 };
enum e_lookup_data_type { e_lookup_fp32 = 0, e_lookup_bv16 = 1 };
// LUT function ids of the Gaudi special-function tables (e_function_id).
enum e_function_id {
  e_fp32_tanh = 0,
  e_fp32_rsqrt = 1,
  e_fp32_log2 = 2,
  e_fp32_sqrt = 128,
  e_fp32_rcp = 129,
  e_fp32_sin_cos = 130,
  e_fp32_pow2 = 256
};

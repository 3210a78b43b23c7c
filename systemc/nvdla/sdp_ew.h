// The NVDLA SDP EW (Y) stage as plain C++. INT8/INT16 processing path
// bit-exact with nvdla/hw master vmod/nvdla/sdp/NV_NVDLA_SDP_CORE_y.v,
// NV_NVDLA_SDP_HLS_Y_int_core.v, NV_NVDLA_SDP_HLS_Y_int_mul.v,
// NV_NVDLA_SDP_HLS_Y_int_alu.v, NV_NVDLA_SDP_HLS_Y_int_cvt.v,
// NV_NVDLA_SDP_HLS_prelu.v, vmod/vlibs/NV_NVDLA_HLS_{shiftrightsu,saturate}.v,
// followed by the LUT of sdp_lut.h. The C model cmod/hls/sdp/sdp_y.cpp,
// sdp_y_core.cpp, sdp_y_cvt.cpp computes the same. The integer path is
// integer throughout (no fp32 anywhere; fp32 is used only for FP16 data,
// see the FP16 part below).
//
// Numeric rules (exact integers; rnd = sdp_round_shift's ties-away-from-zero
// rounding, sat_n = sdp_saturate; see sdp_datapath.h):
//   rnd64(p, s) for the 10-bit EW_TRUNCATE: p for s = 0, 0 for s >= 64 (the
//   shifter's input is 64 bits wide), otherwise p / 2^s rounded to nearest,
//   ties away from zero.
// Stage bypass (D_DP_EW_CFG.EW_BYPASS, or EW absent): out = x.
// Operands (32-bit):
//   EW_xxx_SRC = REG: the register D_DP_EW_xxx_SRC_VALUE as a signed 32-bit
//     number, used as is (the operand converter only sits on the memory path).
//   EW_xxx_SRC = MEM: v = the low 16 bits of the memory value, signed;
//     EW_xxx_CVT_BYPASS = 1: op = v;
//     otherwise op = sat_32(rnd((v - CVT_OFFSET) * CVT_SCALE, CVT_TRUNCATE))
//     (offset signed 32, scale signed 16, truncate 6 bits; 49-bit product).
// The multiplier comes FIRST, then the ALU (NV_NVDLA_SDP_HLS_Y_int_core.v):
//   MUL  m = x                                   when EW_MUL_BYPASS
//        m = x                                   when EW_MUL_PRELU and x >= 0
//        m = sat_32(rnd64(x * mul_op, EW_TRUNCATE))  otherwise (64-bit product)
//        (EW_TRUNCATE acts only on the multiplier path, unlike BS/BN.)
//   ALU  a = m                                   when EW_ALU_BYPASS
//        a = max(m, op) | min(m, op) | sat_32(m + op)   MAX / MIN / SUM
//        a = (m == op) ? 0 : 1                   EQL
//   LUT  out = sdp_lut_lookup(a)                 unless EW_LUT_BYPASS; else out = a
// EQL compare mode (EW_BYPASS = 0, EW_ALU_BYPASS = 0, EW_ALU_ALGO = EQL):
// the output converter passes the data unchanged, SDP writes nothing to
// memory (WDMA address generation is off) and D_STATUS.STATUS_UNEQUAL is set
// when any element reaching the WDMA is non-zero. The caller must then write
// nothing; y_stage() sets `unequal` when the element's output (after the LUT
// when the LUT is not bypassed) is non-zero in its low 16 bits, the bits the
// converter forwards.
//
// FP16 processing (PROC_PRECISION FP16, nv_full), after the nvdlav1 C model
// cmod/hls/sdp/sdp_y.cpp, sdp_y_core.cpp, sdp_y_cvt.cpp (the RTL
// NV_NVDLA_SDP_CORE_Y_*.v was synthesised from it); x and the result are
// fp32 patterns, the arithmetic is float16.h's:
//   Operands: EW_xxx_SRC = REG: D_DP_EW_xxx_SRC_VALUE taken as an fp32
//     pattern (all 32 bits, no NaN flush). EW_xxx_SRC = MEM: the 16-bit FP16
//     memory value, a NaN replaced by +0 under D_FEATURE_MODE_CFG.NAN_TO_ZERO,
//     widened exactly by sdp_fp16_to_fp32; the operand converter
//     (EW_xxx_CVT_*, its bypass included) and EW_TRUNCATE do not act.
//   MUL  m = x when EW_MUL_BYPASS, or when EW_MUL_PRELU and x's sign bit is
//        clear; otherwise m = sdp_fp32_mul(x, op).
//   ALU  a = m when EW_ALU_BYPASS; else sdp_fp32_max / sdp_fp32_min /
//        sdp_fp32_add (m, op), or for EQL the pattern 0 when m and op are the
//        same bits, 1 otherwise (nvdla/hw cmod/hls/sdp/sdp.h FpAlu).
//   LUT  out = sdp_lut_lookup_fp(a) unless EW_LUT_BYPASS (sdp_lut.h, FP16 path).
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "systemc/nvdla/sdp_lut.h"

namespace acosim::nvdla {

struct SdpConfig;  // sdp_datapath.h, which holds an SdpEwConfig

// D_DP_EW_CFG.EW_ALU_ALGO.
enum class SdpEwAluAlgo : uint8_t { Max = 0, Min = 1, Sum = 2, Eql = 3 };

// The raw register words decode_ew_config() reads (D-group of the layer, and
// the single-group S_LUT_* words). Defaults are the master reset values.
struct SdpEwRegisters {
  uint32_t dp_ew_cfg = 0x53;                   // D_DP_EW_CFG
  uint32_t dp_ew_alu_cfg = 0x2;                // D_DP_EW_ALU_CFG
  uint32_t dp_ew_alu_src_value = 0;            // D_DP_EW_ALU_SRC_VALUE
  uint32_t dp_ew_alu_cvt_offset_value = 0;     // D_DP_EW_ALU_CVT_OFFSET_VALUE
  uint32_t dp_ew_alu_cvt_scale_value = 0;      // D_DP_EW_ALU_CVT_SCALE_VALUE
  uint32_t dp_ew_alu_cvt_truncate_value = 0;   // D_DP_EW_ALU_CVT_TRUNCATE_VALUE
  uint32_t dp_ew_mul_cfg = 0x2;                // D_DP_EW_MUL_CFG
  uint32_t dp_ew_mul_src_value = 0;            // D_DP_EW_MUL_SRC_VALUE
  uint32_t dp_ew_mul_cvt_offset_value = 0;     // D_DP_EW_MUL_CVT_OFFSET_VALUE
  uint32_t dp_ew_mul_cvt_scale_value = 0;      // D_DP_EW_MUL_CVT_SCALE_VALUE
  uint32_t dp_ew_mul_cvt_truncate_value = 0;   // D_DP_EW_MUL_CVT_TRUNCATE_VALUE
  uint32_t dp_ew_truncate_value = 0;           // D_DP_EW_TRUNCATE_VALUE
  uint32_t lut_cfg = 0;                        // S_LUT_CFG
  uint32_t lut_info = 0;                       // S_LUT_INFO
  uint32_t lut_le_start = 0;                   // S_LUT_LE_START
  uint32_t lut_le_end = 0;                     // S_LUT_LE_END
  uint32_t lut_lo_start = 0;                   // S_LUT_LO_START
  uint32_t lut_lo_end = 0;                     // S_LUT_LO_END
  uint32_t lut_le_slope_scale = 0;             // S_LUT_LE_SLOPE_SCALE
  uint32_t lut_le_slope_shift = 0;             // S_LUT_LE_SLOPE_SHIFT
  uint32_t lut_lo_slope_scale = 0;             // S_LUT_LO_SLOPE_SCALE
  uint32_t lut_lo_slope_shift = 0;             // S_LUT_LO_SLOPE_SHIFT
};

// One operand converter (D_DP_EW_xxx_CVT_*), used for memory operands only.
struct SdpEwOperandCvt {
  bool bypass = true;    // D_DP_EW_xxx_CFG.EW_xxx_CVT_BYPASS
  int32_t offset = 0;    // D_DP_EW_xxx_CVT_OFFSET_VALUE.EW_xxx_CVT_OFFSET
  int16_t scale = 0;     // D_DP_EW_xxx_CVT_SCALE_VALUE.EW_xxx_CVT_SCALE
  uint8_t truncate = 0;  // D_DP_EW_xxx_CVT_TRUNCATE_VALUE.EW_xxx_CVT_TRUNCATE (6 bits)
};

// The decoded EW stage. Defaults are the master reset values (bypassed).
struct SdpEwConfig {
  bool bypass = true;                          // D_DP_EW_CFG.EW_BYPASS
  bool alu_bypass = true;                      // D_DP_EW_CFG.EW_ALU_BYPASS
  SdpEwAluAlgo alu_algo = SdpEwAluAlgo::Max;   // D_DP_EW_CFG.EW_ALU_ALGO
  bool mul_bypass = true;                      // D_DP_EW_CFG.EW_MUL_BYPASS
  bool mul_prelu = false;                      // D_DP_EW_CFG.EW_MUL_PRELU
  bool lut_bypass = true;                      // D_DP_EW_CFG.EW_LUT_BYPASS
  bool alu_operand_from_memory = false;        // D_DP_EW_ALU_CFG.EW_ALU_SRC = MEM
  int32_t alu_operand = 0;                     // D_DP_EW_ALU_SRC_VALUE.EW_ALU_OPERAND
  SdpEwOperandCvt alu_cvt;                     // D_DP_EW_ALU_CVT_*
  bool mul_operand_from_memory = false;        // D_DP_EW_MUL_CFG.EW_MUL_SRC = MEM
  int32_t mul_operand = 0;                     // D_DP_EW_MUL_SRC_VALUE.EW_MUL_OPERAND
  SdpEwOperandCvt mul_cvt;                     // D_DP_EW_MUL_CVT_*
  uint16_t truncate = 0;                       // D_DP_EW_TRUNCATE_VALUE.EW_TRUNCATE (10 bits)
  SdpLutConfig lut;                            // S_LUT_*
};

SdpEwConfig decode_ew_config(const SdpEwRegisters& regs);

// EQL compare mode: EW not bypassed, ALU not bypassed, EW_ALU_ALGO = EQL.
// In this mode SDP writes no output; the caller must suppress every write.
bool ew_compare_mode(const SdpEwConfig& config);

// The memory-operand converter (NV_NVDLA_SDP_HLS_Y_int_cvt.v): the low 16
// bits of `value`, signed, through offset / scale / rounding truncation.
int32_t ew_convert_operand(const SdpEwOperandCvt& cvt, int32_t value);

// One element through the EW stage (operands, MUL, ALU, LUT). `alu_operand`
// and `mul_operand` are the memory values (sign-extended) when the source is
// MEM; when the source is REG the register value in `config` is used and the
// argument is ignored. Adds to `stats` when the LUT acts; sets `unequal`
// (never clears it) in EQL mode as described above. Returns the value that
// goes to the output converter.
int32_t y_stage(const SdpEwConfig& config, const SdpLutTables& tables, int32_t x,
                int32_t alu_operand, int32_t mul_operand, SdpLutStats& stats, bool& unequal);

// The same on the FP16 path: `x` and the result are fp32 patterns, the
// memory operands FP16 patterns (ignored for REG sources).
uint32_t y_stage_fp(const SdpEwConfig& config, const SdpLutTables& tables, uint32_t x, uint16_t alu_operand,
                    uint16_t mul_operand, bool nan_to_zero, SdpLutStats& stats, bool& unequal);

// Programming the RTL or the C model asserts on or leaves undefined, named by
// register field; nullopt when the stage can be computed. `sdp` (optional)
// adds the checks that need the rest of SDP (precision, output converter).
std::optional<std::string> ew_unsupported_or_illegal(const SdpEwConfig& config,
                                                     const SdpConfig* sdp = nullptr);

}  // namespace acosim::nvdla

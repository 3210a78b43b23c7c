#include "systemc/nvdla/sdp_ew.h"

#include <algorithm>

#include "sw/nvdla/regs/sdp.h"
#include "systemc/nvdla/float16.h"
#include "systemc/nvdla/sdp_datapath.h"

namespace acosim::nvdla {

namespace r = regs::sdp;

namespace {

// NV_NVDLA_HLS_shiftrightsu with a 64-bit input and the 10-bit EW_TRUNCATE:
// ties away from zero, 0 for shifts of 64 and more. |p| <= 2^62 here.
int64_t round_shift_64(int64_t p, unsigned shift) {
  if (shift == 0) return p;
  if (shift >= 64) return 0;
  const uint64_t magnitude = p < 0 ? uint64_t(0) - uint64_t(p) : uint64_t(p);
  const uint64_t q = (magnitude >> shift) + ((magnitude >> (shift - 1)) & 1u);
  return p < 0 ? -int64_t(q) : int64_t(q);
}

SdpEwOperandCvt decode_cvt(uint32_t cfg, const regs::Field& bypass_field, uint32_t offset,
                           uint32_t scale, uint32_t truncate, const regs::Field& scale_field,
                           const regs::Field& truncate_field) {
  SdpEwOperandCvt c;
  c.bypass = bypass_field.get(cfg) != 0;
  c.offset = int32_t(offset);
  c.scale = int16_t(uint16_t(scale_field.get(scale)));
  c.truncate = uint8_t(truncate_field.get(truncate));
  return c;
}

}  // namespace

SdpEwConfig decode_ew_config(const SdpEwRegisters& regs) {
  SdpEwConfig c;
  const uint32_t cfg = regs.dp_ew_cfg;
  c.bypass = r::D_DP_EW_CFG_EW_BYPASS.get(cfg) == r::D_DP_EW_CFG_EW_BYPASS_YES;
  c.alu_bypass = r::D_DP_EW_CFG_EW_ALU_BYPASS.get(cfg) == r::D_DP_EW_CFG_EW_ALU_BYPASS_YES;
  c.alu_algo = SdpEwAluAlgo(r::D_DP_EW_CFG_EW_ALU_ALGO.get(cfg));
  c.mul_bypass = r::D_DP_EW_CFG_EW_MUL_BYPASS.get(cfg) == r::D_DP_EW_CFG_EW_MUL_BYPASS_YES;
  c.mul_prelu = r::D_DP_EW_CFG_EW_MUL_PRELU.get(cfg) == r::D_DP_EW_CFG_EW_MUL_PRELU_YES;
  c.lut_bypass = r::D_DP_EW_CFG_EW_LUT_BYPASS.get(cfg) == r::D_DP_EW_CFG_EW_LUT_BYPASS_YES;

  c.alu_operand_from_memory =
      r::D_DP_EW_ALU_CFG_EW_ALU_SRC.get(regs.dp_ew_alu_cfg) == r::D_DP_EW_ALU_CFG_EW_ALU_SRC_MEM;
  c.alu_operand = int32_t(r::D_DP_EW_ALU_SRC_VALUE_EW_ALU_OPERAND.get(regs.dp_ew_alu_src_value));
  c.alu_cvt = decode_cvt(regs.dp_ew_alu_cfg, r::D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS,
                         regs.dp_ew_alu_cvt_offset_value, regs.dp_ew_alu_cvt_scale_value,
                         regs.dp_ew_alu_cvt_truncate_value,
                         r::D_DP_EW_ALU_CVT_SCALE_VALUE_EW_ALU_CVT_SCALE,
                         r::D_DP_EW_ALU_CVT_TRUNCATE_VALUE_EW_ALU_CVT_TRUNCATE);

  c.mul_operand_from_memory =
      r::D_DP_EW_MUL_CFG_EW_MUL_SRC.get(regs.dp_ew_mul_cfg) == r::D_DP_EW_MUL_CFG_EW_MUL_SRC_MEM;
  c.mul_operand = int32_t(r::D_DP_EW_MUL_SRC_VALUE_EW_MUL_OPERAND.get(regs.dp_ew_mul_src_value));
  c.mul_cvt = decode_cvt(regs.dp_ew_mul_cfg, r::D_DP_EW_MUL_CFG_EW_MUL_CVT_BYPASS,
                         regs.dp_ew_mul_cvt_offset_value, regs.dp_ew_mul_cvt_scale_value,
                         regs.dp_ew_mul_cvt_truncate_value,
                         r::D_DP_EW_MUL_CVT_SCALE_VALUE_EW_MUL_CVT_SCALE,
                         r::D_DP_EW_MUL_CVT_TRUNCATE_VALUE_EW_MUL_CVT_TRUNCATE);

  c.truncate = uint16_t(r::D_DP_EW_TRUNCATE_VALUE_EW_TRUNCATE.get(regs.dp_ew_truncate_value));
  c.lut = decode_lut_config(regs.lut_cfg, regs.lut_info, regs.lut_le_start, regs.lut_le_end,
                            regs.lut_lo_start, regs.lut_lo_end, regs.lut_le_slope_scale,
                            regs.lut_le_slope_shift, regs.lut_lo_slope_scale,
                            regs.lut_lo_slope_shift);
  return c;
}

bool ew_compare_mode(const SdpEwConfig& config) {
  return !config.bypass && !config.alu_bypass && config.alu_algo == SdpEwAluAlgo::Eql;
}

int32_t ew_convert_operand(const SdpEwOperandCvt& cvt, int32_t value) {
  const int64_t v = int16_t(uint16_t(uint32_t(value)));  // the 16-bit operand port
  if (cvt.bypass) return int32_t(v);
  const int64_t difference = v - cvt.offset;                   // 33 bits
  const int64_t product = difference * cvt.scale;              // 49 bits
  const int64_t shifted = sdp_round_shift(product, cvt.truncate & 0x3Fu);
  return int32_t(sdp_saturate(shifted, 32));
}

int32_t y_stage(const SdpEwConfig& config, const SdpLutTables& tables, int32_t x,
                int32_t alu_operand, int32_t mul_operand, SdpLutStats& stats, bool& unequal) {
  if (config.bypass) return x;

  // MUL (NV_NVDLA_SDP_HLS_Y_int_mul.v with NV_NVDLA_SDP_HLS_prelu.v).
  int64_t m = x;
  if (!config.mul_bypass && !(config.mul_prelu && x >= 0)) {
    const int64_t op = config.mul_operand_from_memory
                           ? ew_convert_operand(config.mul_cvt, mul_operand)
                           : config.mul_operand;
    const int64_t product = int64_t(x) * op;  // exact: |product| <= 2^62
    m = sdp_saturate(round_shift_64(product, config.truncate & 0x3FFu), 32);
  }

  // ALU (NV_NVDLA_SDP_HLS_Y_int_alu.v).
  int64_t a = m;
  if (!config.alu_bypass) {
    const int64_t op = config.alu_operand_from_memory
                           ? ew_convert_operand(config.alu_cvt, alu_operand)
                           : config.alu_operand;
    switch (config.alu_algo) {
      case SdpEwAluAlgo::Max:
        a = std::max(m, op);
        break;
      case SdpEwAluAlgo::Min:
        a = std::min(m, op);
        break;
      case SdpEwAluAlgo::Sum:
        a = sdp_saturate(m + op, 32);
        break;
      case SdpEwAluAlgo::Eql:
        a = m == op ? 0 : 1;
        break;
    }
  }

  int32_t out = int32_t(a);
  if (!config.lut_bypass) out = sdp_lut_lookup(config.lut, tables, out, stats);
  if (ew_compare_mode(config) && (uint32_t(out) & 0xFFFFu) != 0) unequal = true;
  return out;
}

namespace {

// sdp_y_cvt.cpp on the FP16 path: NaN flush, then the exact widening.
uint32_t fp_memory_operand(uint16_t value, bool nan_to_zero) {
  return sdp_fp16_to_fp32(nan_to_zero && fp16_is_nan(value) ? uint16_t(0) : value);
}

}  // namespace

uint32_t y_stage_fp(const SdpEwConfig& config, const SdpLutTables& tables, uint32_t x, uint16_t alu_operand,
                    uint16_t mul_operand, bool nan_to_zero, SdpLutStats& stats, bool& unequal) {
  if (config.bypass) return x;
  uint32_t m = x;
  if (!config.mul_bypass && !(config.mul_prelu && (x >> 31) == 0)) {
    const uint32_t op = config.mul_operand_from_memory ? fp_memory_operand(mul_operand, nan_to_zero)
                                                       : uint32_t(config.mul_operand);
    m = sdp_fp32_mul(m, op);
  }
  uint32_t a = m;
  if (!config.alu_bypass) {
    const uint32_t op = config.alu_operand_from_memory ? fp_memory_operand(alu_operand, nan_to_zero)
                                                       : uint32_t(config.alu_operand);
    switch (config.alu_algo) {
      case SdpEwAluAlgo::Max:
        a = sdp_fp32_max(m, op);
        break;
      case SdpEwAluAlgo::Min:
        a = sdp_fp32_min(m, op);
        break;
      case SdpEwAluAlgo::Sum:
        a = sdp_fp32_add(m, op);
        break;
      case SdpEwAluAlgo::Eql:
        a = m == op ? 0u : 1u;
        break;
    }
  }
  const uint32_t out = config.lut_bypass ? a : sdp_lut_lookup_fp(config.lut, tables, a, stats);
  if (ew_compare_mode(config) && (out & 0xFFFFu) != 0) unequal = true;
  return out;
}

std::optional<std::string> ew_unsupported_or_illegal(const SdpEwConfig& config,
                                                     const SdpConfig* sdp) {
  if (config.bypass) return std::nullopt;
  if (sdp) {
    if (ew_compare_mode(config) &&
        (sdp->cvt_offset != 0 || sdp->cvt_scale != 1 || (sdp->cvt_shift & 0x3Fu) != 0)) {
      return std::string(
          "EQL compare mode (D_DP_EW_CFG.EW_ALU_ALGO = EQL) requires the identity output "
          "converter (D_CVT_OFFSET = 0, D_CVT_SCALE = 1, D_CVT_SHIFT = 0; the C model "
          "asserts it)");
    }
  }
  return std::nullopt;
}

}  // namespace acosim::nvdla

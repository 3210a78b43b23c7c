#include "systemc/nvdla/sdp_datapath.h"

#include <algorithm>
#include <stdexcept>

namespace acosim::nvdla {

int64_t sdp_round_shift(int64_t p, unsigned shift) {
  if (shift == 0) return p;
  // NV_NVDLA_HLS_shiftrightsu: a shift of at least the 49-bit input width
  // gives 0 (every value reaching it is below 2^48 in magnitude).
  if (shift >= 49) return 0;
  // Arithmetic shift plus one when the first dropped bit is set and the value
  // is non-negative or a further dropped bit is set = ties away from zero.
  const uint64_t magnitude = p < 0 ? uint64_t(0) - uint64_t(p) : uint64_t(p);
  const int64_t q = int64_t((magnitude + (uint64_t(1) << (shift - 1))) >> shift);
  return p < 0 ? -q : q;
}

int64_t sdp_saturate(int64_t v, unsigned bits) {
  const int64_t hi = (int64_t(1) << (bits - 1)) - 1;
  const int64_t lo = -(int64_t(1) << (bits - 1));
  return std::clamp(v, lo, hi);
}

namespace {

// sat_32(op16 * 2^shift) (NV_NVDLA_HLS_shiftleftsu): a non-zero 16-bit
// operand shifted by 32 or more always saturates.
int64_t shifted_alu_operand(int16_t operand, unsigned shift) {
  if (operand == 0) return 0;
  if (shift >= 32) return operand > 0 ? INT32_MAX : INT32_MIN;
  return sdp_saturate(int64_t(operand) * (int64_t(1) << shift), 32);
}

}  // namespace

int32_t x_stage(const SdpStageConfig& stage, int32_t x) {
  if (stage.bypass) return x;
  int64_t a = x;
  if (!stage.alu_bypass) {
    const int64_t operand = shifted_alu_operand(stage.alu_operand, stage.alu_shift & 0x3Fu);
    switch (stage.alu_algo) {
      case SdpAluAlgo::Max:
        a = std::max<int64_t>(x, operand);
        break;
      case SdpAluAlgo::Min:
        a = std::min<int64_t>(x, operand);
        break;
      case SdpAluAlgo::Sum:
      case SdpAluAlgo::Reserved:
        a = int64_t(x) + operand;
        break;  // 33 bits, exact
    }
  }
  // D_DP_xx_MUL_CFG.xx_MUL_SHIFT_VALUE is [15:8]; the truncation unit
  // (NV_NVDLA_SDP_HLS_X_int_trt.v) takes its low 6 bits.
  const unsigned shift = stage.mul_shift & 0x3Fu;
  int64_t y;
  if (stage.mul_bypass) {
    y = sdp_saturate(sdp_round_shift(a, shift), 32);
  } else if (stage.mul_prelu && a >= 0) {
    y = int32_t(uint32_t(uint64_t(a)));  // PReLU positive side: the low 32 bits, untruncated
  } else {
    y = sdp_saturate(sdp_round_shift(a * stage.mul_operand, shift), 32);  // |a * op| < 2^48
  }
  if (!stage.relu_bypass) y = std::max<int64_t>(y, 0);
  return int32_t(y);
}

int32_t convert_output(const SdpConfig& config, int32_t y, bool* saturated_17) {
  if (config.out_precision == Precision::Fp16) {
    throw std::invalid_argument("SDP: the FP16 output converter is not modelled");
  }
  const int64_t difference = int64_t(y) - config.cvt_offset;  // 33 bits
  const int64_t product = difference * config.cvt_scale;      // 49 bits
  const int64_t shifted = sdp_round_shift(product, config.cvt_shift & 0x3Fu);
  const int64_t t = sdp_saturate(shifted, 17);
  if (saturated_17) *saturated_17 = t != shifted;
  return int32_t(sdp_saturate(t, config.out_precision == Precision::Int8 ? 8 : 16));
}

namespace {

std::optional<std::string> memory_operand(const SdpStageConfig& stage, bool present,
                                          const char* name) {
  if (!present || stage.bypass) return std::nullopt;
  const std::string n = name;
  if (!stage.alu_bypass && stage.alu_operand_from_memory) {
    return n + " ALU operand from memory (D_DP_" + n + "_ALU_CFG." + n + "_ALU_SRC = MEM)";
  }
  if (!stage.mul_bypass && stage.mul_operand_from_memory) {
    return n + " MUL operand from memory (D_DP_" + n + "_MUL_CFG." + n + "_MUL_SRC = MEM)";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> sdp_unsupported(const SdpConfig& config) {
  if (config.in_precision == Precision::Fp16 || config.proc_precision == Precision::Fp16 ||
      config.out_precision == Precision::Fp16) {
    return std::string("FP16 data (IN/PROC/OUT_PRECISION ") + precision_name(config.in_precision) +
           "/" + precision_name(config.proc_precision) + "/" +
           precision_name(config.out_precision) + ")";
  }
  if (config.in_precision != config.proc_precision) {
    return std::string("precision conversion from SDP_RDMA IN_PRECISION ") +
           precision_name(config.in_precision) + " to PROC_PRECISION " +
           precision_name(config.proc_precision);
  }
  if (config.out_precision != config.proc_precision) {
    return std::string("precision conversion from PROC_PRECISION ") +
           precision_name(config.proc_precision) + " to OUT_PRECISION " +
           precision_name(config.out_precision);
  }
  if (auto f = memory_operand(config.bs, config.bs_present, "BS")) return f;
  if (auto f = memory_operand(config.bn, config.bn_present, "BN")) return f;
  if (config.ew_present && !config.ew_bypass) {
    return std::string("the EW (Y) stage and its LUT (D_DP_EW_CFG.EW_BYPASS = NO)");
  }
  return std::nullopt;
}

PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, SdpStats& stats) {
  if (auto feature = sdp_unsupported(config)) {
    throw std::invalid_argument("SDP: " + *feature + " is not modelled");
  }
  if (input.geometry.precision != config.in_precision) {
    throw std::invalid_argument(std::string("SDP: input cube is ") +
                                precision_name(input.geometry.precision) + ", IN_PRECISION is " +
                                precision_name(config.in_precision));
  }
  CubeGeometry out_geometry = input.geometry;
  out_geometry.precision = config.out_precision;
  PackedCube output(out_geometry);
  if (input.bytes.size() != output.bytes.size()) {
    throw std::invalid_argument("SDP: input cube holds " + std::to_string(input.bytes.size()) +
                                " bytes, its geometry " + std::to_string(output.bytes.size()));
  }
  const bool wide = input.geometry.bytes_per_element() == 2;
  const size_t elements = input.bytes.size() / input.geometry.bytes_per_element();
  const uint8_t* src = input.bytes.data();
  uint8_t* dst = output.bytes.data();
  for (size_t i = 0; i < elements; ++i) {
    // As SDP_RDMA extracts elements (NV_NVDLA_SDP_MRDMA_EG_dout.v): every
    // byte (INT8) or little-endian word (INT16), sign-extended to 32 bits.
    int32_t v = wide ? int32_t(int16_t(uint16_t(src[2 * i] | (src[2 * i + 1] << 8))))
                     : int32_t(int8_t(src[i]));
    if (config.bs_present) v = x_stage(config.bs, v);
    if (config.bn_present) v = x_stage(config.bn, v);
    // EW: bypassed or absent (an active EW stage is refused above).
    bool saturated = false;
    v = convert_output(config, v, &saturated);
    if (saturated) ++stats.out_saturation;
    if (wide) {
      dst[2 * i] = uint8_t(v);
      dst[2 * i + 1] = uint8_t(uint32_t(v) >> 8);
    } else {
      dst[i] = uint8_t(v);
    }
  }
  return output;
}

}  // namespace acosim::nvdla

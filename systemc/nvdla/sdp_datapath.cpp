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
int64_t shifted_alu_operand(int32_t operand, unsigned shift) {
  if (operand == 0) return 0;
  if (shift >= 32) return operand > 0 ? INT32_MAX : INT32_MIN;
  return sdp_saturate(int64_t(operand) * (int64_t(1) << shift), 32);
}

}  // namespace

int32_t x_stage(const SdpStageConfig& stage, int32_t x, int32_t alu_operand, int32_t mul_operand) {
  if (stage.bypass) return x;
  int64_t a = x;
  if (!stage.alu_bypass) {
    const int64_t operand = shifted_alu_operand(alu_operand, stage.alu_shift & 0x3Fu);
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
    y = sdp_saturate(sdp_round_shift(a * mul_operand, shift), 32);  // |a * op| < 2^48
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

// What an active X stage reads from memory.
struct MemoryReads {
  bool alu = false, mul = false;
};

MemoryReads memory_reads(const SdpStageConfig& stage, bool present) {
  MemoryReads reads;
  if (!present || stage.bypass) return reads;
  reads.alu = !stage.alu_bypass && stage.alu_operand_from_memory;
  // A PReLU multiplier still reads its operand: it scales the negative side.
  reads.mul = !stage.mul_bypass && stage.mul_operand_from_memory;
  return reads;
}

MemoryReads memory_reads(const SdpEwConfig& ew, bool present) {
  MemoryReads reads;
  if (!present || ew.bypass) return reads;
  reads.alu = !ew.alu_bypass && ew.alu_operand_from_memory;
  reads.mul = !ew.mul_bypass && ew.mul_operand_from_memory;
  return reads;
}

std::optional<std::string> stage_mismatch(const MemoryReads& reads, const SdpMemoryOperands& dma,
                                          const char* name, const char* dma_name) {
  const std::string n = name, d = dma_name;
  if (reads.alu && !dma.has_alu()) {
    return "the " + n + " ALU operand comes from memory (D_DP_" + n + "_ALU_CFG." + n +
           "_ALU_SRC = MEM) but SDP_RDMA's " + d + " fetches no ALU operand (D_" + d + "_CFG." + d +
           (dma.enabled ? "_DATA_USE = MUL)" : "_DISABLE = YES)");
  }
  if (reads.mul && !dma.has_mul()) {
    return "the " + n + " MUL operand comes from memory (D_DP_" + n + "_MUL_CFG." + n +
           "_MUL_SRC = MEM) but SDP_RDMA's " + d + " fetches no MUL operand (D_" + d + "_CFG." + d +
           (dma.enabled ? "_DATA_USE = ALU)" : "_DISABLE = YES)");
  }
  if (dma.enabled && !reads.alu && !reads.mul) {
    return "SDP_RDMA's " + d + " is enabled (D_" + d + "_CFG." + d + "_DISABLE = NO) but no active " + n +
           " ALU or MUL reads memory (D_DP_" + n + "_CFG, D_DP_" + n + "_ALU_CFG." + n + "_ALU_SRC, D_DP_" + n +
           "_MUL_CFG." + n + "_MUL_SRC): its data would never be consumed";
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
  return std::nullopt;
}

std::optional<std::string> sdp_operand_mismatch(const SdpConfig& config, const SdpOperands& operands) {
  if (auto m = stage_mismatch(memory_reads(config.bs, config.bs_present), operands.bs, "BS", "BRDMA")) return m;
  if (auto m = stage_mismatch(memory_reads(config.bn, config.bn_present), operands.bn, "BN", "NRDMA")) return m;
  if (operands.ew.enabled && !config.ew_present) {
    return std::string("SDP_RDMA's ERDMA is enabled (D_ERDMA_CFG.ERDMA_DISABLE = NO) but this configuration has no "
                       "EW stage: its data would never be consumed");
  }
  return stage_mismatch(memory_reads(config.ew, config.ew_present), operands.ew, "EW", "ERDMA");
}

uint64_t SdpMemoryOperands::records(uint64_t elements) const {
  if (per_element) return elements;
  const uint64_t surfaces = surface_elements == 0 ? 0 : (elements + surface_elements - 1) / surface_elements;
  return surfaces * elements_per_atom;
}

int32_t SdpMemoryOperands::value(uint64_t element, bool mul) const {
  const uint64_t record =
      per_element ? element : (element / surface_elements) * elements_per_atom + element % elements_per_atom;
  const unsigned size = two_bytes ? 2 : 1;
  const uint8_t* v = bytes.data() + record * record_bytes() + (mul && use == SdpOperandUse::Both ? size : 0);
  return two_bytes ? int32_t(int16_t(uint16_t(v[0] | (v[1] << 8)))) : int32_t(int8_t(v[0]));
}

PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                       const SdpLutTables& lut, SdpStats& stats) {
  if (auto feature = sdp_unsupported(config)) {
    throw std::invalid_argument("SDP: " + *feature + " is not modelled");
  }
  if (config.ew_present) {
    if (auto illegal = ew_unsupported_or_illegal(config.ew, &config)) throw std::invalid_argument("SDP: " + *illegal);
  }
  if (auto mismatch = sdp_operand_mismatch(config, operands)) throw std::invalid_argument("SDP: " + *mismatch);
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
  for (const auto* dma : {&operands.bs, &operands.bn, &operands.ew}) {
    if (dma->enabled && dma->bytes.size() < dma->records(elements) * dma->record_bytes()) {
      throw std::invalid_argument("SDP: an operand DMA holds " + std::to_string(dma->bytes.size()) +
                                  " bytes, the cube needs " +
                                  std::to_string(dma->records(elements) * dma->record_bytes()));
    }
  }
  const MemoryReads bs_reads = memory_reads(config.bs, config.bs_present);
  const MemoryReads bn_reads = memory_reads(config.bn, config.bn_present);
  const MemoryReads ew_reads = memory_reads(config.ew, config.ew_present);
  const bool ew_active = config.ew_present && !config.ew.bypass;
  const bool compare = sdp_compare_mode(config);
  const uint8_t* src = input.bytes.data();
  uint8_t* dst = output.bytes.data();
  for (size_t i = 0; i < elements; ++i) {
    // As SDP_RDMA extracts elements (NV_NVDLA_SDP_MRDMA_EG_dout.v): every
    // byte (INT8) or little-endian word (INT16), sign-extended to 32 bits.
    int32_t v = wide ? int32_t(int16_t(uint16_t(src[2 * i] | (src[2 * i + 1] << 8))))
                     : int32_t(int8_t(src[i]));
    if (config.bs_present) {
      v = x_stage(config.bs, v, bs_reads.alu ? operands.bs.alu(i) : config.bs.alu_operand,
                  bs_reads.mul ? operands.bs.mul(i) : config.bs.mul_operand);
    }
    if (config.bn_present) {
      v = x_stage(config.bn, v, bn_reads.alu ? operands.bn.alu(i) : config.bn.alu_operand,
                  bn_reads.mul ? operands.bn.mul(i) : config.bn.mul_operand);
    }
    if (ew_active) {
      v = y_stage(config.ew, lut, v, ew_reads.alu ? operands.ew.alu(i) : 0, ew_reads.mul ? operands.ew.mul(i) : 0,
                  stats.lut, stats.unequal);
    }
    // EQL compare mode: the converter passes the data unchanged
    // (NV_NVDLA_SDP_HLS_C_int.v is bypassed with cfg_mode_eql).
    if (!compare) {
      bool saturated = false;
      v = convert_output(config, v, &saturated);
      if (saturated) ++stats.out_saturation;
    }
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

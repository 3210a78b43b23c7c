#include "systemc/nvdla/sdp_datapath.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "systemc/nvdla/float16.h"

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

namespace {

// An FP16 operand as the FP16 path reads it (sdp_x.cpp X_alu/X_mul): a NaN
// becomes +0 under NAN_TO_ZERO, then the pattern is widened exactly.
uint32_t fp_operand(uint16_t operand, bool nan_to_zero) {
  return sdp_fp16_to_fp32(nan_to_zero && fp16_is_nan(operand) ? uint16_t(0) : operand);
}

// NV_NVDLA_SDP_core.v: FP16 output counts as saturated when it is +-65504.
bool fp16_saturated(uint16_t h) { return (h & 0x7FFFu) == 0x7BFFu; }

}  // namespace

uint32_t x_stage_fp(const SdpStageConfig& stage, uint32_t x, uint16_t alu_operand, uint16_t mul_operand,
                    bool nan_to_zero) {
  if (stage.bypass) return x;
  uint32_t a = x;
  if (!stage.alu_bypass) {
    // The ALU shift has no effect on the FP16 path (sdp_x.cpp X_alu).
    const uint32_t operand = fp_operand(alu_operand, nan_to_zero);
    switch (stage.alu_algo) {
      case SdpAluAlgo::Max:
        a = sdp_fp32_max(x, operand);
        break;
      case SdpAluAlgo::Min:
        a = sdp_fp32_min(x, operand);
        break;
      case SdpAluAlgo::Sum:
        a = sdp_fp32_add(x, operand);
        break;
      case SdpAluAlgo::Reserved:
        // sdp.h FpAlu decodes 3 as EQL: the bit pattern 0 for equal bits, else 1.
        a = x == operand ? 0u : 1u;
        break;
    }
  }
  // No truncation on the FP16 path (sdp_x.cpp X_trt passes fp32 through).
  if (!stage.mul_bypass && !(stage.mul_prelu && (a >> 31) == 0)) {
    a = sdp_fp32_mul(a, fp_operand(mul_operand, nan_to_zero));
  }
  if (!stage.relu_bypass) a = sdp_fp32_relu(a);
  return a;
}

namespace {

// convert_output() without its check of the precisions, for the element
// pipeline (sdp_process checks them once per layer).
int32_t convert_element(const SdpConfig& config, int32_t y, bool* saturated) {
  if (config.proc_precision == Precision::Fp16) {
    // sdp_c.cpp: fp32 -> FP16, then FP16 -> INT16 for INT16 output; the
    // offset/scale/shift do not act and nothing counts as saturated but
    // +-65504 in FP16 output.
    const uint16_t h = sdp_fp32_to_fp16(uint32_t(y));
    if (config.out_precision == Precision::Fp16) {
      if (saturated) *saturated = fp16_saturated(h);
      return int32_t(h);
    }
    if (saturated) *saturated = false;
    return sdp_fp16_to_int16(h);
  }
  const int64_t difference = int64_t(y) - config.cvt_offset;  // 33 bits
  const int64_t product = difference * config.cvt_scale;      // 49 bits
  const int64_t shifted = sdp_round_shift(product, config.cvt_shift & 0x3Fu);
  const int64_t t = sdp_saturate(shifted, 17);
  if (config.out_precision == Precision::Fp16) {
    const uint16_t h = sdp_int17_to_fp16(int32_t(t));
    if (saturated) *saturated = fp16_saturated(h);
    return int32_t(h);
  }
  if (saturated) *saturated = t != shifted;
  return int32_t(sdp_saturate(t, config.out_precision == Precision::Int8 ? 8 : 16));
}

}  // namespace

int32_t convert_output(const SdpConfig& config, int32_t y, bool* saturated) {
  if (auto illegal = sdp_illegal_precision(config)) throw std::invalid_argument("SDP: " + *illegal);
  return convert_element(config, y, saturated);
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
  // Conversions to or from FP16 are legal or illegal (sdp_illegal_precision),
  // never merely unmodelled; only the integer ones that change the number
  // of elements per atom are left out.
  const bool fp16 = config.in_precision == Precision::Fp16 || config.proc_precision == Precision::Fp16;
  if (!fp16 && config.in_precision != config.proc_precision) {
    return std::string("precision conversion from SDP_RDMA IN_PRECISION ") +
           precision_name(config.in_precision) + " to PROC_PRECISION " +
           precision_name(config.proc_precision);
  }
  const bool int16_to_fp16 = config.proc_precision == Precision::Int16 && config.out_precision == Precision::Fp16;
  if (config.proc_precision != Precision::Fp16 && !int16_to_fp16 &&
      config.out_precision != config.proc_precision) {
    return std::string("precision conversion from PROC_PRECISION ") +
           precision_name(config.proc_precision) + " to OUT_PRECISION " +
           precision_name(config.out_precision);
  }
  return std::nullopt;
}

std::optional<std::string> sdp_illegal_precision(const SdpConfig& config) {
  const auto fp16 = [](Precision p) { return p == Precision::Fp16; };
  if (!config.fp16_present) {
    const char* field = fp16(config.in_precision)     ? "SDP_RDMA D_FEATURE_MODE_CFG.IN_PRECISION"
                        : fp16(config.proc_precision) ? "D_DATA_FORMAT.PROC_PRECISION"
                        : fp16(config.out_precision)  ? "D_DATA_FORMAT.OUT_PRECISION"
                                                      : nullptr;
    if (field) {
      return std::string(field) +
             " = FP16, but this configuration has no FP16 datapath (only nv_full has one; "
             "sw/nvdla/regs/config.h HardwareConfig::fp16)";
    }
  }
  if (fp16(config.in_precision) != fp16(config.proc_precision)) {
    return std::string("SDP_RDMA D_FEATURE_MODE_CFG.IN_PRECISION = ") + precision_name(config.in_precision) +
           " with D_DATA_FORMAT.PROC_PRECISION = " + precision_name(config.proc_precision) +
           " is illegal: FP16 input is widened to fp32 for the FP16 datapath only "
           "(NV_NVDLA_SDP_MRDMA_EG_dout.v), so FP16 input needs FP16 processing and FP16 processing FP16 input";
  }
  if (fp16(config.proc_precision) && config.out_precision == Precision::Int8) {
    return std::string(
        "D_DATA_FORMAT.PROC_PRECISION = fp16 with OUT_PRECISION = int8 is illegal: the FP16 "
        "converter outputs FP16 or INT16 only (cmod/hls/sdp/sdp_c.cpp)");
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

namespace {

// One element through X1, X2, Y and the converter, with its operands.
class ElementPipeline {
 public:
  ElementPipeline(const SdpConfig& config, const SdpOperands& operands, const SdpLutTables& lut)
      : m_config(config), m_operands(operands), m_lut(lut),
        m_bs(memory_reads(config.bs, config.bs_present)), m_bn(memory_reads(config.bn, config.bn_present)),
        m_ew(memory_reads(config.ew, config.ew_present)), m_ew_active(config.ew_present && !config.ew.bypass),
        m_compare(sdp_compare_mode(config)) {}

  // True when an element's result depends on its value and its channel
  // only: no operand comes per element from memory.
  bool depends_on_channel_only() const {
    const auto per_element = [](const MemoryReads& reads, const SdpMemoryOperands& dma) {
      return (reads.alu || reads.mul) && dma.per_element;
    };
    return !per_element(m_bs, m_operands.bs) && !per_element(m_bn, m_operands.bn) &&
           !per_element(m_ew, m_operands.ew);
  }

  // `x`: the sign-extended input element; `element`: its index in the
  // packed cube (which picks its memory operands).
  int32_t run(int32_t x, uint64_t element, SdpStats& stats) const {
    int32_t v = x;
    if (m_config.bs_present) {
      v = x_stage(m_config.bs, v, m_bs.alu ? m_operands.bs.alu(element) : m_config.bs.alu_operand,
                  m_bs.mul ? m_operands.bs.mul(element) : m_config.bs.mul_operand);
    }
    if (m_config.bn_present) {
      v = x_stage(m_config.bn, v, m_bn.alu ? m_operands.bn.alu(element) : m_config.bn.alu_operand,
                  m_bn.mul ? m_operands.bn.mul(element) : m_config.bn.mul_operand);
    }
    if (m_ew_active) {
      v = y_stage(m_config.ew, m_lut, v, m_ew.alu ? m_operands.ew.alu(element) : 0,
                  m_ew.mul ? m_operands.ew.mul(element) : 0, stats.lut, stats.unequal);
    }
    // EQL compare mode: the converter passes the data unchanged
    // (NV_NVDLA_SDP_HLS_C_int.v is bypassed with cfg_mode_eql).
    if (!m_compare) {
      bool saturated = false;
      v = convert_element(m_config, v, &saturated);
      if (saturated) ++stats.out_saturation;
    }
    return v;
  }

  // The FP16 path: `x` the fp32 pattern entering X1. Returns the output
  // element (FP16 pattern or INT16 value), or in EQL compare mode the EW
  // result unconverted.
  int32_t run_fp(uint32_t x, uint64_t element, SdpStats& stats) const {
    const bool nan_to_zero = m_config.nan_to_zero;
    // sdp_hls_wrapper.cpp sdp(), NV_NVDLA_SDP_cmux.v: NAN_TO_ZERO flushes a NaN input to +0.
    uint32_t v = nan_to_zero && fp32_is_nan(x) ? 0u : x;
    if (m_config.bs_present) {
      v = x_stage_fp(m_config.bs, v, uint16_t(m_bs.alu ? m_operands.bs.alu(element) : m_config.bs.alu_operand),
                     uint16_t(m_bs.mul ? m_operands.bs.mul(element) : m_config.bs.mul_operand), nan_to_zero);
    }
    if (m_config.bn_present) {
      v = x_stage_fp(m_config.bn, v, uint16_t(m_bn.alu ? m_operands.bn.alu(element) : m_config.bn.alu_operand),
                     uint16_t(m_bn.mul ? m_operands.bn.mul(element) : m_config.bn.mul_operand), nan_to_zero);
    }
    if (m_ew_active) {
      v = y_stage_fp(m_config.ew, m_lut, v, uint16_t(m_ew.alu ? m_operands.ew.alu(element) : 0),
                     uint16_t(m_ew.mul ? m_operands.ew.mul(element) : 0), nan_to_zero, stats.lut, stats.unequal);
    }
    if (m_compare) return int32_t(v);  // sdp_c.cpp passes the data with cfg_mode_eql
    bool saturated = false;
    const int32_t out = convert_element(m_config, int32_t(v), &saturated);
    if (saturated) ++stats.out_saturation;
    return out;
  }

 private:
  const SdpConfig& m_config;
  const SdpOperands& m_operands;
  const SdpLutTables& m_lut;
  const MemoryReads m_bs, m_bn, m_ew;
  const bool m_ew_active, m_compare;
};

// Channels (lanes of all surfaces) up to which an int8 layer is computed
// through per-channel tables.
constexpr uint64_t kMaxTableChannels = 4096;

void add_stats(SdpStats& to, const SdpStats& one, uint64_t times) {
  to.out_saturation += uint32_t(one.out_saturation * times);
  to.lut.le_hit += uint32_t(one.lut.le_hit * times);
  to.lut.lo_hit += uint32_t(one.lut.lo_hit * times);
  to.lut.uflow += uint32_t(one.lut.uflow * times);
  to.lut.oflow += uint32_t(one.lut.oflow * times);
  to.lut.hybrid += uint32_t(one.lut.hybrid * times);
  to.unequal = to.unequal || (times != 0 && one.unequal);
}

// An int8 layer whose parameters vary by channel only: each channel's 256
// possible results are computed once with the element pipeline itself, then
// every element is a table lookup. The counters come from how often each
// value occurred per channel, times what one occurrence adds; the result is
// the same as element by element.
void process_by_table(const ElementPipeline& pipeline, const CubeGeometry& g, const uint8_t* src, uint8_t* dst,
                      SdpStats& stats) {
  const uint32_t lanes = g.elements_per_atom();
  const uint64_t positions = uint64_t{g.width} * g.height;
  std::vector<uint8_t> table(size_t{lanes} * 256);
  std::vector<uint32_t> histogram(size_t{lanes} * 256);
  for (uint32_t s = 0; s < g.surfaces(); ++s) {
    const uint64_t first = uint64_t{s} * positions * lanes;  // the surface's first element
    // Whether any value of any lane adds to a counter; when none does, the
    // occurrences need not be counted.
    bool counts = false;
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      for (int x = -128; x < 128; ++x) {
        SdpStats one;
        table[size_t{lane} * 256 + uint8_t(x)] = uint8_t(pipeline.run(x, first + lane, one));
        counts = counts || one.out_saturation || one.lut.le_hit || one.lut.lo_hit || one.lut.uflow ||
                 one.lut.oflow || one.lut.hybrid || one.unequal;
      }
    }
    const uint8_t* in = src + first;
    uint8_t* out = dst + first;
    if (!counts) {
      for (uint64_t p = 0; p < positions; ++p, in += lanes, out += lanes) {
        for (uint32_t lane = 0; lane < lanes; ++lane) out[lane] = table[size_t{lane} * 256 + in[lane]];
      }
      continue;
    }
    std::fill(histogram.begin(), histogram.end(), 0u);
    for (uint64_t p = 0; p < positions; ++p, in += lanes, out += lanes) {
      for (uint32_t lane = 0; lane < lanes; ++lane) {
        const size_t entry = size_t{lane} * 256 + in[lane];
        out[lane] = table[entry];
        ++histogram[entry];
      }
    }
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      for (int x = -128; x < 128; ++x) {
        const uint32_t times = histogram[size_t{lane} * 256 + uint8_t(x)];
        if (times == 0) continue;
        SdpStats one;
        pipeline.run(x, first + lane, one);
        add_stats(stats, one, times);
      }
    }
  }
}

// The counters of NV_NVDLA_SDP_MRDMA_EG_dout.v / NV_NVDLA_SDP_WDMA_DAT_in.v
// stop at all ones.
void count_saturating(uint32_t& counter) {
  if (counter != std::numeric_limits<uint32_t>::max()) ++counter;
}

// The checks sdp_process and sdp_process_values make before computing.
void check_layer(const SdpConfig& config, const SdpOperands& operands) {
  if (auto illegal = sdp_illegal_precision(config)) throw std::invalid_argument("SDP: " + *illegal);
  if (auto feature = sdp_unsupported(config)) {
    throw std::invalid_argument("SDP: " + *feature + " is not modelled");
  }
  if (config.ew_present) {
    if (auto illegal = ew_unsupported_or_illegal(config.ew, &config)) throw std::invalid_argument("SDP: " + *illegal);
  }
  if (auto mismatch = sdp_operand_mismatch(config, operands)) throw std::invalid_argument("SDP: " + *mismatch);
  if (config.proc_precision == Precision::Fp16) {
    // A value of the FP16 path is a 16-bit pattern; NV_NVDLA_SDP_RDMA_reg.v
    // flags ONE_BYTE operands with FP16 processing as illegal.
    const char* names[] = {"BRDMA", "NRDMA", "ERDMA"};
    const SdpMemoryOperands* dmas[] = {&operands.bs, &operands.bn, &operands.ew};
    for (int i = 0; i < 3; ++i) {
      if (dmas[i]->enabled && !dmas[i]->two_bytes) {
        throw std::invalid_argument(std::string("SDP: D_") + names[i] + "_CFG." + names[i] +
                                    "_DATA_SIZE = ONE_BYTE with PROC_PRECISION fp16 is illegal (operands of the "
                                    "FP16 datapath are 16-bit FP16 values)");
      }
    }
  }
}

void check_operand_sizes(const SdpOperands& operands, size_t elements) {
  for (const auto* dma : {&operands.bs, &operands.bn, &operands.ew}) {
    if (dma->enabled && dma->bytes.size() < dma->records(elements) * dma->record_bytes()) {
      throw std::invalid_argument("SDP: an operand DMA holds " + std::to_string(dma->bytes.size()) +
                                  " bytes, the cube needs " +
                                  std::to_string(dma->records(elements) * dma->record_bytes()));
    }
  }
}

uint16_t load16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }

void store(uint8_t* dst, size_t i, bool wide, int32_t v) {
  if (wide) {
    dst[2 * i] = uint8_t(v);
    dst[2 * i + 1] = uint8_t(uint32_t(v) >> 8);
  } else {
    dst[i] = uint8_t(v);
  }
}

}  // namespace

PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                       const SdpLutTables& lut, SdpStats& stats) {
  PackedCube output;
  sdp_process(config, input, operands, lut, stats, output);
  return output;
}

void sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                 const SdpLutTables& lut, SdpStats& stats, PackedCube& output) {
  check_layer(config, operands);
  if (input.geometry.precision != config.in_precision) {
    throw std::invalid_argument(std::string("SDP: input cube is ") +
                                precision_name(input.geometry.precision) + ", IN_PRECISION is " +
                                precision_name(config.in_precision));
  }
  output.geometry = input.geometry;
  output.geometry.precision = config.out_precision;
  output.geometry.validate();
  // Every byte is written below: no need to clear a buffer kept from an
  // earlier layer.
  output.bytes.resize(output.geometry.total_bytes());
  // Modelled conversions keep the element size (see PRECISION COMBINATIONS).
  if (input.bytes.size() != output.bytes.size()) {
    throw std::invalid_argument("SDP: input cube holds " + std::to_string(input.bytes.size()) +
                                " bytes, its geometry " + std::to_string(output.bytes.size()));
  }
  const bool wide = input.geometry.bytes_per_element() == 2;
  const size_t elements = input.bytes.size() / input.geometry.bytes_per_element();
  check_operand_sizes(operands, elements);
  const ElementPipeline pipeline(config, operands, lut);
  const uint8_t* src = input.bytes.data();
  uint8_t* dst = output.bytes.data();
  if (config.proc_precision == Precision::Fp16) {
    // FP16 input (IN_PRECISION = PROC_PRECISION = FP16, checked above).
    // EQL compare mode writes nothing, so no output NaN reaches the WDMA.
    const bool fp16_out = config.out_precision == Precision::Fp16 && !sdp_compare_mode(config);
    for (size_t i = 0; i < elements; ++i) {
      const uint16_t h = load16(src + 2 * i);
      if (fp16_is_nan(h)) count_saturating(stats.nan_input);
      if (fp16_is_inf(h)) count_saturating(stats.inf_input);
      const int32_t v = pipeline.run_fp(sdp_fp16_to_fp32(h), i, stats);
      if (fp16_out && fp16_is_nan(uint16_t(v))) count_saturating(stats.nan_output);
      store(dst, i, true, v);
    }
    return;
  }
  if (!wide && pipeline.depends_on_channel_only() &&
      uint64_t{input.geometry.surfaces()} * input.geometry.elements_per_atom() <= kMaxTableChannels) {
    process_by_table(pipeline, input.geometry, src, dst, stats);
    return;
  }
  for (size_t i = 0; i < elements; ++i) {
    // As SDP_RDMA extracts elements (NV_NVDLA_SDP_MRDMA_EG_dout.v): every
    // byte (INT8) or little-endian word (INT16), sign-extended to 32 bits.
    // An INT16 -> FP16 layer never writes a NaN (sdp_int17_to_fp16).
    const int32_t x = wide ? int32_t(int16_t(load16(src + 2 * i))) : int32_t(int8_t(src[i]));
    store(dst, i, wide, pipeline.run(x, i, stats));
  }
}

void sdp_process_values(const SdpConfig& config, const std::vector<int32_t>& values, const CubeGeometry& geometry,
                        const SdpOperands& operands, const SdpLutTables& lut, SdpStats& stats, PackedCube& output) {
  check_layer(config, operands);
  output.geometry = geometry;
  output.geometry.precision = config.out_precision;
  output.geometry.validate();
  output.bytes.resize(output.geometry.total_bytes());
  const bool wide = output.geometry.bytes_per_element() == 2;
  const size_t elements = output.bytes.size() / output.geometry.bytes_per_element();
  if (values.size() != elements) {
    throw std::invalid_argument("SDP: the convolution core delivers " + std::to_string(values.size()) +
                                " values, SDP's cube has " + std::to_string(elements) + " elements");
  }
  check_operand_sizes(operands, elements);
  const ElementPipeline pipeline(config, operands, lut);
  uint8_t* dst = output.bytes.data();
  const bool fp = config.proc_precision == Precision::Fp16;
  const bool fp16_out = config.out_precision == Precision::Fp16 && !sdp_compare_mode(config);
  for (size_t i = 0; i < elements; ++i) {
    const int32_t v = fp ? pipeline.run_fp(uint32_t(values[i]), i, stats) : pipeline.run(values[i], i, stats);
    if (fp && fp16_out && fp16_is_nan(uint16_t(v))) count_saturating(stats.nan_output);
    store(dst, i, wide, v);
  }
}

}  // namespace acosim::nvdla

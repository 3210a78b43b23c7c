// The NVDLA SDP (single data point processor) integer datapath as plain C++:
// the X1 (BS) and X2 (BN) stages and the output converter, bit-exact with
// nvdla/hw vmod/nvdla/sdp/NV_NVDLA_SDP_HLS_X_int_{alu,mul,trt,relu}.v,
// NV_NVDLA_SDP_HLS_C_int.v and the C model cmod/hls/sdp/{sdp_x,sdp_c}.cpp
// (the two agree), followed by the EW (Y) stage and its LUT of sdp_ew.h.
// Operands come from the D_DP_{BS,BN}_{ALU,MUL}_SRC_VALUE registers or, per
// channel or per element, from memory through SDP_RDMA's BRDMA (BS), NRDMA
// (BN) and ERDMA (EW) (SdpMemoryOperands). Not modelled (sdp_unsupported()
// names them): FP16 data and precision conversion (IN_PRECISION !=
// PROC_PRECISION or OUT_PRECISION != PROC_PRECISION).
//
// Numeric rules (all integer, exact; no intermediate overflow):
//   sat_n(v)  v clamped to [-2^(n-1), 2^(n-1) - 1].
//   rnd(p, s) right shift by s (0..63) rounding to nearest, ties away from
//             zero: p for s = 0; 0 for s >= 49 (the RTL shifter's input is 49
//             bits wide and it forces 0 there); otherwise
//             sign(p) * floor((|p| + 2^(s-1)) / 2^s).
// X stage (x signed 32-bit; D_DP_xx_CFG, D_DP_xx_ALU_CFG, D_DP_xx_MUL_CFG):
//   bypass            -> x (no truncation, no ReLU)
//   ALU  a = x                      when ALU_BYPASS
//        opnd = sat_32(ALU_OPERAND * 2^ALU_SHIFT_VALUE)   (ALU_OPERAND: the
//               register's signed low 16 bits, or the memory value)
//        a = max(x, opnd) | min(x, opnd) | x + opnd (33 bits)   by ALU_ALGO
//   MUL  s = MUL_SHIFT_VALUE[5:0]
//        y = sat_32(rnd(a, s))              when MUL_BYPASS (the truncation
//                                           still acts on a bypassed multiplier)
//        y = a mod 2^32                     when MUL_PRELU and a >= 0
//        y = sat_32(rnd(a * MUL_OPERAND, s)) otherwise (product exact in 49 bits)
//   ReLU y = max(y, 0)                     unless RELU_BYPASS
// Output converter (D_CVT_OFFSET signed 32, D_CVT_SCALE signed 16, D_CVT_SHIFT 0..63):
//   t = sat_17(rnd((y - CVT_OFFSET) * CVT_SCALE, CVT_SHIFT))
//   out = sat_8(t) for INT8 output, sat_16(t) for INT16 output.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/feature_cube.h"
#include "systemc/nvdla/sdp_ew.h"

namespace acosim::nvdla {

// D_DP_BS_CFG.BS_ALU_ALGO / D_DP_BN_CFG.BN_ALU_ALGO. Encoding 3 is not
// defined for BS/BN; the RTL treats it as SUM and so does x_stage().
enum class SdpAluAlgo : uint8_t { Max = 0, Min = 1, Sum = 2, Reserved = 3 };

// One X stage (BS or BN), decoded from D_DP_xx_CFG, D_DP_xx_ALU_CFG,
// D_DP_xx_ALU_SRC_VALUE, D_DP_xx_MUL_CFG, D_DP_xx_MUL_SRC_VALUE. Defaults
// are the master reset values (stage bypassed).
struct SdpStageConfig {
  bool bypass = true;                     // xx_BYPASS
  bool alu_bypass = true;                 // xx_ALU_BYPASS
  SdpAluAlgo alu_algo = SdpAluAlgo::Max;  // xx_ALU_ALGO
  bool alu_operand_from_memory = false;   // xx_ALU_SRC = MEM
  uint8_t alu_shift = 0;                  // xx_ALU_SHIFT_VALUE (6-bit field)
  int16_t alu_operand = 0;                // xx_ALU_OPERAND
  bool mul_bypass = true;                 // xx_MUL_BYPASS
  bool mul_prelu = false;                 // xx_MUL_PRELU
  bool mul_operand_from_memory = false;   // xx_MUL_SRC = MEM
  uint8_t mul_shift = 0;                  // xx_MUL_SHIFT_VALUE (8-bit field, bits [5:0] used)
  int16_t mul_operand = 0;                // xx_MUL_OPERAND
  bool relu_bypass = true;                // xx_RELU_BYPASS
};

struct SdpConfig {
  Precision in_precision = Precision::Int8;    // SDP_RDMA D_FEATURE_MODE_CFG.IN_PRECISION
  Precision proc_precision = Precision::Int8;  // SDP D_DATA_FORMAT.PROC_PRECISION
  Precision out_precision = Precision::Int8;   // SDP D_DATA_FORMAT.OUT_PRECISION
  SdpStageConfig bs;                           // X1
  SdpStageConfig bn;                           // X2
  SdpEwConfig ew;                              // Y, with the LUT registers
  int32_t cvt_offset = 0;                      // D_CVT_OFFSET
  int16_t cvt_scale = 1;                       // D_CVT_SCALE
  uint8_t cvt_shift = 0;                       // D_CVT_SHIFT (6-bit field)
  // Stages the configuration has (nvdla/hw spec/defs/*.spec): a stage that
  // is absent acts as bypassed whatever its registers say. BS and BN exist
  // in every configuration; EW only where HardwareConfig::sdp_has_ew.
  bool bs_present = true;
  bool bn_present = true;
  bool ew_present = false;
};

// D_PERF_OUT_SATURATION: elements whose converter result saturated to 17
// bits (the final clamp to 8/16 bits is not counted, as in the RTL). The
// register model stores it only while D_PERF_ENABLE.PERF_SAT_EN is set; the
// LUT counters (sdp_lut.h) while PERF_LUT_EN is set. `unequal` is
// D_STATUS.STATUS_UNEQUAL of an EQL compare layer.
struct SdpStats {
  uint32_t out_saturation = 0;
  SdpLutStats lut;
  bool unequal = false;
};

// D_xRDMA_CFG.xRDMA_DATA_USE: which operands an operand DMA delivers.
enum class SdpOperandUse : uint8_t { Mul = 0, Alu = 1, Both = 2 };

// The operands one of SDP_RDMA's operand DMAs (BRDMA for BS, NRDMA for BN,
// ERDMA for EW) fetched for a layer, as the bytes it read (nvdla/doc
// format.rst "Bias/BatchNorm/Element-wise data"; SDP_RDMA's
// NV_NVDLA_SDP_RDMA_eg.v unpacks them):
//   each element's operand record is bpe = size * (BOTH ? 2 : 1) bytes, the
//   ALU value first, then the MUL value; a value is one byte sign-extended
//   (DATA_SIZE ONE_BYTE) or a little-endian signed 16-bit word (TWO_BYTE).
//   PER_KERNEL: record c (c = surface * E + lane) serves every W x H
//   position of channel c. PER_ELEMENT: record i serves the i-th element in
//   the feature cube's packed order (surface, line, column, lane).
// E is the number of PROC_PRECISION elements per atom.
struct SdpMemoryOperands {
  bool enabled = false;  // the DMA ran (xRDMA_DISABLE = NO and the stage exists)
  bool per_element = false;             // xRDMA_DATA_MODE
  SdpOperandUse use = SdpOperandUse::Mul;  // xRDMA_DATA_USE
  bool two_bytes = false;               // xRDMA_DATA_SIZE
  uint32_t elements_per_atom = 8;       // E
  uint64_t surface_elements = 0;        // W * H * E: elements of one surface of the feature cube
  std::vector<uint8_t> bytes;

  bool has_alu() const { return enabled && use != SdpOperandUse::Mul; }
  bool has_mul() const { return enabled && use != SdpOperandUse::Alu; }
  uint32_t record_bytes() const { return (two_bytes ? 2u : 1u) * (use == SdpOperandUse::Both ? 2u : 1u); }
  // Records needed for a feature cube of `elements` packed elements.
  uint64_t records(uint64_t elements) const;
  // The ALU / MUL value for packed element `element` (has_alu()/has_mul()).
  int32_t alu(uint64_t element) const { return value(element, false); }
  int32_t mul(uint64_t element) const { return value(element, true); }

 private:
  int32_t value(uint64_t element, bool mul) const;
};

struct SdpOperands {
  SdpMemoryOperands bs, bn, ew;
};

// rnd(p, s) and sat_n of the header comment.
int64_t sdp_round_shift(int64_t p, unsigned shift);
int64_t sdp_saturate(int64_t v, unsigned bits);

// One X stage applied to one element with the given ALU and MUL operands
// (register or memory values), and with the register operands.
int32_t x_stage(const SdpStageConfig& stage, int32_t x, int32_t alu_operand, int32_t mul_operand);
inline int32_t x_stage(const SdpStageConfig& stage, int32_t x) {
  return x_stage(stage, x, stage.alu_operand, stage.mul_operand);
}

// The output converter; `saturated_17` (optional) tells whether the 17-bit
// saturation acted. Throws std::invalid_argument for FP16 output.
int32_t convert_output(const SdpConfig& config, int32_t y, bool* saturated_17 = nullptr);

// The first feature of `config` this datapath does not model, named for the
// message "SDP: <feature> is not modelled"; nullopt when everything is.
std::optional<std::string> sdp_unsupported(const SdpConfig& config);

// Whether the active EW stage is in EQL compare mode (no output at all).
inline bool sdp_compare_mode(const SdpConfig& config) { return config.ew_present && ew_compare_mode(config.ew); }

// Where the stages' memory operands and the operand DMAs disagree, the
// hardware stalls (a stage waits for data no DMA fetches, or a DMA's data is
// never consumed; NV_NVDLA_SDP_core.v pops an operand FIFO only for a stage
// that reads memory): the disagreement, naming the registers; nullopt when
// they agree.
std::optional<std::string> sdp_operand_mismatch(const SdpConfig& config, const SdpOperands& operands);

// Every lane of every atom of `input` (lanes beyond C included, as the
// hardware streams them) through X1, X2, Y (with `lut`) and the converter.
// The result has the same geometry with OUT_PRECISION (in EQL compare mode
// the converter is skipped and the result is not to be written). Throws
// std::invalid_argument when sdp_unsupported(), ew_unsupported_or_illegal()
// or sdp_operand_mismatch() names something, the operand DMAs hold fewer
// records than the cube needs or the cube's precision is not IN_PRECISION.
// Adds to `stats`.
PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                       const SdpLutTables& lut, SdpStats& stats);
// The same into `output`, whose buffer is reused (a model keeps it across
// layers rather than allocating and clearing megabytes per layer).
void sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                 const SdpLutTables& lut, SdpStats& stats, PackedCube& output);
// The same for input from the convolution core (FLYING_MODE = ON): `values`
// are CACC's 32-bit results in the packed order of `geometry` (the output
// cube: OUT_PRECISION, every lane of every atom), each entering X1 as is.
void sdp_process_values(const SdpConfig& config, const std::vector<int32_t>& values, const CubeGeometry& geometry,
                        const SdpOperands& operands, const SdpLutTables& lut, SdpStats& stats, PackedCube& output);
inline PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, SdpStats& stats) {
  return sdp_process(config, input, SdpOperands{}, SdpLutTables{}, stats);
}
inline PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                              SdpStats& stats) {
  return sdp_process(config, input, operands, SdpLutTables{}, stats);
}

}  // namespace acosim::nvdla

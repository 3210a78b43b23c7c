// The NVDLA SDP (single data point processor) datapath as plain C++: the X1
// (BS) and X2 (BN) stages and the output converter, followed by the EW (Y)
// stage and its LUT of sdp_ew.h. Operands come from the
// D_DP_{BS,BN}_{ALU,MUL}_SRC_VALUE registers or, per channel or per element,
// from memory through SDP_RDMA's BRDMA (BS), NRDMA (BN) and ERDMA (EW)
// (SdpMemoryOperands).
//
// INTEGER PATH (PROC_PRECISION INT8/INT16), bit-exact with nvdla/hw
// vmod/nvdla/sdp/NV_NVDLA_SDP_HLS_X_int_{alu,mul,trt,relu}.v,
// NV_NVDLA_SDP_HLS_C_int.v and the C model cmod/hls/sdp/{sdp_x,sdp_c}.cpp
// (the two agree). All integer, exact; no intermediate overflow:
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
//   out = sat_8(t) for INT8 output, sat_16(t) for INT16 output,
//         sdp_int17_to_fp16(t) for FP16 output (INT16 processing only; ties to
//         even, beyond 65504 -> +-65504: cmod/hls/sdp/sdp_c.cpp Int17ToFp16).
//
// FP16 PATH (PROC_PRECISION FP16, nv_full only), bit-exact with the nvdlav1
// C model cmod/hls/sdp/sdp_x.cpp, sdp_c.cpp, cmod/hls_wrapper/sdp_hls_wrapper.cpp
// (from which the RTL NV_NVDLA_SDP_CORE_{x,c}.v was synthesised) and the RTL
// input converter NV_NVDLA_SDP_MRDMA_EG_dout.v. SDP computes in fp32: each
// FP16 input element is widened to fp32 exactly (sdp_fp16_to_fp32: Inf
// becomes the largest fp32), every operation is an fp32 operation with
// NVDLA's rounding (float16.h: ties to even, results below 2^-126 flushed to
// zero, overflow to the largest finite value, NaN payload propagated), and
// the converter narrows to FP16 at the end. The shift fields and the
// converter's offset/scale/shift have no effect in this path (the
// programming guide lists them as not supported for FP16). The EW stage
// follows X2 (sdp_ew.h and sdp_lut.h, FP16 parts).
//   input  x = sdp_fp16_to_fp32(element); with D_FEATURE_MODE_CFG.NAN_TO_ZERO
//          a NaN x becomes +0 (sdp_hls_wrapper.cpp sdp(), NV_NVDLA_SDP_cmux.v).
//   operand op = the 16-bit FP16 pattern (register low 16 bits or memory);
//          with NAN_TO_ZERO a NaN operand becomes +0; then widened exactly.
//   ALU  a = x when ALU_BYPASS; else by ALU_ALGO: sdp_fp32_max(x, op),
//        sdp_fp32_min(x, op), sdp_fp32_add(x, op); the encoding 3 (EQL in
//        FpAlu) gives the bit pattern 0 when x and op are the same bits, 1
//        otherwise.
//   MUL  y = a when MUL_BYPASS, or when MUL_PRELU and a's sign bit is clear
//        (a NaN with the sign clear passes, -0 is multiplied);
//        otherwise y = sdp_fp32_mul(a, op).
//   ReLU y = sdp_fp32_relu(y) unless RELU_BYPASS (-0 and negatives -> +0,
//        NaN passes).
//   out  h = sdp_fp32_to_fp16(y) (ties to even, subnormals kept, beyond
//        65504 -> +-65504); OUT_PRECISION FP16: h; INT16: sdp_fp16_to_int16(h)
//        (half away from zero, clamped, NaN -> -32768).
//
// PRECISION COMBINATIONS (IN = SDP_RDMA D_FEATURE_MODE_CFG.IN_PRECISION,
// PROC/OUT = SDP D_DATA_FORMAT.PROC/OUT_PRECISION):
//   modelled: IN = PROC = OUT; PROC INT16 -> OUT FP16; PROC FP16 -> OUT INT16.
//   illegal (sdp_illegal_precision()): FP16 on a configuration without it;
//     IN FP16 with PROC INT8/INT16 or IN INT8/INT16 with PROC FP16
//     (NV_NVDLA_SDP_MRDMA_EG_dout.v widens FP16 input to fp32 by
//     IN_PRECISION alone, while the core picks its integer or fp32 datapath
//     by PROC_PRECISION: the other would read fp32 patterns as integers or
//     sign-extended integers as fp32); PROC FP16 with OUT INT8 (sdp_c.cpp's
//     FP16 path converts to FP16 or INT16 only).
//   not modelled (sdp_unsupported()): the other integer conversions (INT16
//     input to INT8 processing, INT8 processing to 16-bit output, INT16
//     processing to INT8 output), which change the number of elements per
//     atom.
//
// COUNTERS (SdpStats): D_PERF_OUT_SATURATION counts, for FP16 output, the
// elements written as +-65504 (NV_NVDLA_SDP_core.v compares with 0x7BFF /
// 0xFBFF), for integer output from integer processing those whose 17-bit
// saturation acted, and nothing for FP16 processing with INT16 output.
// SDP_RDMA D_STATUS_NAN_INPUT_NUM / D_STATUS_INF_INPUT_NUM count the FP16
// input elements that are NaN / +-Inf (IN_PRECISION FP16, and only while
// SDP_RDMA D_PERF_ENABLE.PERF_NAN_INF_COUNT_EN is set:
// NV_NVDLA_SDP_MRDMA_EG_dout.v), SDP D_STATUS_NAN_OUTPUT_NUM the FP16 output
// elements that are NaN (OUT_PRECISION FP16; NV_NVDLA_SDP_WDMA_DAT_in.v
// counts whatever SDP's PERF_NAN_INF_COUNT_EN says, where the C model gates
// it on that bit); every lane of every atom counts, each counter restarts
// at 0 when a layer starts and stops at all ones. SDP's own
// D_STATUS_NAN_INPUT_NUM / D_STATUS_INF_INPUT_NUM read 0 (NV_NVDLA_sdp.v
// ties them off). sdp_process counts; storing is the register models' job.
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
  bool nan_to_zero = false;                    // D_FEATURE_MODE_CFG.NAN_TO_ZERO (FP16 only)
  int32_t cvt_offset = 0;                      // D_CVT_OFFSET
  int16_t cvt_scale = 1;                       // D_CVT_SCALE
  uint8_t cvt_shift = 0;                       // D_CVT_SHIFT (6-bit field)
  // Stages the configuration has (nvdla/hw spec/defs/*.spec): a stage that
  // is absent acts as bypassed whatever its registers say. BS and BN exist
  // in every configuration; EW only where HardwareConfig::sdp_has_ew.
  bool bs_present = true;
  bool bn_present = true;
  bool ew_present = false;
  // Whether the configuration has the FP16 datapath (HardwareConfig::fp16:
  // nv_full only). False unless the caller says so, so that a caller that
  // does not know refuses FP16 rather than computing it on hardware without it.
  bool fp16_present = false;
};

// D_PERF_OUT_SATURATION (see COUNTERS above; for integer output the final
// clamp to 8/16 bits is not counted, as in the RTL). The register model
// stores it only while D_PERF_ENABLE.PERF_SAT_EN is set; the LUT counters
// (sdp_lut.h) while PERF_LUT_EN is set. `unequal` is D_STATUS.STATUS_UNEQUAL
// of an EQL compare layer. `nan_input` / `inf_input`: SDP_RDMA's
// D_STATUS_NAN_INPUT_NUM / D_STATUS_INF_INPUT_NUM; `nan_output`: SDP's
// D_STATUS_NAN_OUTPUT_NUM (see COUNTERS above for when each is stored).
struct SdpStats {
  uint32_t out_saturation = 0;
  SdpLutStats lut;
  bool unequal = false;
  uint32_t nan_input = 0;
  uint32_t inf_input = 0;
  uint32_t nan_output = 0;
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

// One X stage of the FP16 path: `x` and the result are fp32 patterns, the
// operands FP16 patterns (register low 16 bits or memory values).
uint32_t x_stage_fp(const SdpStageConfig& stage, uint32_t x, uint16_t alu_operand, uint16_t mul_operand,
                    bool nan_to_zero);
inline uint32_t x_stage_fp(const SdpStageConfig& stage, uint32_t x, bool nan_to_zero = false) {
  return x_stage_fp(stage, x, uint16_t(stage.alu_operand), uint16_t(stage.mul_operand), nan_to_zero);
}

// The output converter. `y` is the signed 32-bit result of the integer
// path, or the fp32 pattern of the FP16 path (PROC_PRECISION FP16). Returns
// the output element: the INT8/INT16 value, or the FP16 pattern (0..65535).
// `saturated` (optional) tells whether the element counts in
// D_PERF_OUT_SATURATION. Throws std::invalid_argument for a precision
// combination that is illegal or not modelled.
int32_t convert_output(const SdpConfig& config, int32_t y, bool* saturated = nullptr);

// The first feature of `config` this datapath does not model, named for the
// message "SDP: <feature> is not modelled"; nullopt when everything is.
std::optional<std::string> sdp_unsupported(const SdpConfig& config);

// Precision programming the hardware does not allow (see PRECISION
// COMBINATIONS above), naming the registers; nullopt when it is legal.
std::optional<std::string> sdp_illegal_precision(const SdpConfig& config);

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
// std::invalid_argument when sdp_illegal_precision(), sdp_unsupported(),
// ew_unsupported_or_illegal() or sdp_operand_mismatch() names something,
// an operand DMA delivers one-byte values to the FP16 path, the operand
// DMAs hold fewer records than the cube needs or the cube's precision is
// not IN_PRECISION. Adds to `stats`.
PackedCube sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                       const SdpLutTables& lut, SdpStats& stats);
// The same into `output`, whose buffer is reused (a model keeps it across
// layers rather than allocating and clearing megabytes per layer).
void sdp_process(const SdpConfig& config, const PackedCube& input, const SdpOperands& operands,
                 const SdpLutTables& lut, SdpStats& stats, PackedCube& output);
// The same for input from the convolution core (FLYING_MODE = ON): `values`
// are CACC's 32-bit results in the packed order of `geometry` (the output
// cube: OUT_PRECISION, every lane of every atom), each entering X1 as is
// (fp32 patterns with PROC_PRECISION FP16).
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

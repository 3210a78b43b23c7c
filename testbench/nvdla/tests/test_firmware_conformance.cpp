// NVDLA's trace tests (pooling, SDP, CDP, direct convolution, BDMA) run through
// NVDLA's own firmware: each trace's PDP, SDP, CDP or convolution
// programming is turned into the firmware's layer descriptors
// (trace_layer.h), the firmware runs one task built from them on
// the models of the trace's configuration, and the output must match the
// trace's golden CRC (check_crc) or golden dump (dump_mem), which come from
// NVDLA's RTL. Every run also gets the checks of firmware_test_support.h
// (the hardware left clean, the same results from a second run in another
// process), and the firmware must program every register the trace
// programs alike, except registers the hardware does not use in the
// trace's mode (listed per trace with the reason); for a layer with a LUT,
// the tables the firmware writes through the LUT port must be the trace's.
//
// Each test elaborates its own system: one test per process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/firmware/layer_task.h"
#include "testbench/nvdla/firmware/trace_layer.h"
#include "testbench/nvdla/tests/firmware_test_support.h"
#include "testbench/nvdla/trace/crc32.h"

namespace acosim::nvdla::firmware {
namespace {

namespace fs = std::filesystem;

struct TraceCase {
  const char* folder;  // under ACOSIM_CONFORMANCE_DIR/nvdla
  Config config;
};

// The test's name shows the folder (gtest_discover_tests puts it into the
// ctest name).
void PrintTo(const TraceCase& c, std::ostream* os) { *os << c.folder; }

std::string case_name(const ::testing::TestParamInfo<TraceCase>& info) {
  std::string name = info.param.folder;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

// Registers a trace may program differently from the firmware, each for a
// reason the hardware gives: the value has no effect in the trace's mode,
// or the register has no function the models implement.
const std::map<std::string, const char*>& unused_in_mode() {
  static const std::map<std::string, const char*> reasons = {
      {"PDP.D_CYA", "CYA holds spare bits with no function"},
      {"PDP_RDMA.D_CYA", "CYA holds spare bits with no function"},
      {"SDP.D_CYA", "CYA holds spare bits with no function"},
      {"SDP_RDMA.D_CYA", "CYA holds spare bits with no function"},
      {"PDP.D_SRC_BASE_ADDR_LOW", "PDP reads no memory itself; PDP_RDMA's address is the input's"},
      {"PDP.D_SRC_BASE_ADDR_HIGH", "PDP reads no memory itself; PDP_RDMA's address is the input's"},
      {"PDP.D_PERF_ENABLE", "performance counters (the firmware enables them only with stat_enable)"},
      {"PDP_RDMA.D_PERF_ENABLE", "performance counters"},
      {"SDP.D_PERF_ENABLE", "performance counters"},
      {"SDP_RDMA.D_PERF_ENABLE", "performance counters"},
      {"CDP.D_CYA", "CYA holds spare bits with no function"},
      {"CDP_RDMA.D_CYA", "CYA holds spare bits with no function"},
      {"CDP.D_PERF_ENABLE", "performance counters (DMA_EN, LUT_EN: D_PERF_WRITE_STALL, D_PERF_LUT_*)"},
      {"CDP_RDMA.D_PERF_ENABLE", "performance counters (D_PERF_READ_STALL)"},
      // The firmware never writes PDP_RDMA's copy of the flying mode and
      // writes pad_left into PAD_WIDTH, where the hand-written traces hold
      // other values. NVDLA's RTL (vmod/nvdla/pdp/NV_NVDLA_PDP_rdma.v) feeds
      // neither field to PDP_RDMA's ingress, context queue or egress: PDP's
      // D_OPERATION_MODE_CFG.FLYING_MODE selects the input, and the firmware
      // enables PDP_RDMA only for an input in memory.
      {"PDP_RDMA.D_FLYING_MODE", "not used by PDP_RDMA's datapath (PDP's FLYING_MODE selects the input)"},
      {"PDP_RDMA.D_POOLING_PADDING_CFG", "PAD_WIDTH is not used by PDP_RDMA's datapath"},
  };
  return reasons;
}

// The registers of one X stage (BS: X1, BN: X2) that an enabled stage does
// not use, by the operations processor_sdp_program enables.
const char* unused_by_stage(const RegisterDifference& d, const char* prefix, const SdpOp& stage) {
  const std::string& name = d.name;
  if (name.rfind(prefix, 0) != 0 || !stage.enable) return nullptr;
  const std::string field = name.substr(std::string(prefix).size());
  const bool alu = stage.type == 2 || stage.type == 3;  // SDP_OP_ADD, SDP_OP_BOTH
  const bool mul = stage.type == 1 || stage.type == 3;  // SDP_OP_MUL, SDP_OP_BOTH
  const bool memory = stage.mode != 0;                  // not SDP_OP_PER_LAYER
  if ((field == "ALU_CFG" || field == "ALU_SRC_VALUE") && !alu) return "the stage's ALU is bypassed (ALU_BYPASS=YES)";
  if (field == "MUL_SRC_VALUE" && !mul) return "the stage's multiplier is bypassed (MUL_BYPASS=YES)";
  if (field == "ALU_SRC_VALUE" && memory) return "the ALU operands come from memory (ALU_SRC=MEM)";
  if (field == "MUL_SRC_VALUE" && memory) return "the MUL operands come from memory (MUL_SRC=MEM)";
  // BS and BN share the layout of D_DP_BS_MUL_CFG.
  const uint32_t mul_src = regs::sdp::D_DP_BS_MUL_CFG_BS_MUL_SRC.mask();
  if (field == "MUL_CFG" && !mul && (d.trace_value ^ d.firmware_value) == mul_src) {
    return "MUL_SRC has no effect with the multiplier bypassed (MUL_BYPASS=YES)";
  }
  return nullptr;
}

// The registers of an enabled EW stage that it does not use
// (systemc/nvdla/sdp_ew.h, after NV_NVDLA_SDP_HLS_Y_int_core.v): a bypassed
// ALU or multiplier ignores its operand and converter; a register operand
// (EW_xxx_SRC=REG) does not pass the converter, which sits on the memory
// path only; a memory operand ignores the register operand; a bypassed
// converter ignores its offset, scale and truncation.
const char* unused_by_ew(const RegisterDifference& d, const SdpOp& y) {
  if (!y.enable) return nullptr;
  const std::string& name = d.name;
  const auto is = [&](const char* prefix) { return name.rfind(prefix, 0) == 0; };
  const bool alu = y.type == 2 || y.type == 3;  // SDP_OP_ADD, SDP_OP_BOTH
  const bool mul = y.type == 1 || y.type == 3;  // SDP_OP_MUL, SDP_OP_BOTH
  const bool memory = y.mode != 0;              // not SDP_OP_PER_LAYER
  if (is("SDP.D_DP_EW_ALU_") && !alu) return "the EW ALU is bypassed (EW_ALU_BYPASS=YES)";
  if (is("SDP.D_DP_EW_MUL_") && !mul) return "the EW multiplier is bypassed (EW_MUL_BYPASS=YES)";
  if (name == "SDP.D_DP_EW_ALU_SRC_VALUE" && memory) return "the EW ALU operand comes from memory (EW_ALU_SRC=MEM)";
  if (name == "SDP.D_DP_EW_MUL_SRC_VALUE" && memory) return "the EW MUL operand comes from memory (EW_MUL_SRC=MEM)";
  if ((is("SDP.D_DP_EW_ALU_CVT_") || is("SDP.D_DP_EW_MUL_CVT_")) && !memory) {
    return "the EW operand converters sit on the memory path only (EW_xxx_SRC=REG)";
  }
  if (is("SDP.D_DP_EW_ALU_CVT_") && !y.cvt.alu_cvt.enable) {
    return "the EW ALU operand converter is bypassed (EW_ALU_CVT_BYPASS=YES)";
  }
  if (is("SDP.D_DP_EW_MUL_CVT_") && !y.cvt.mul_cvt.enable) {
    return "the EW MUL operand converter is bypassed (EW_MUL_CVT_BYPASS=YES)";
  }
  return nullptr;
}

// CDP registers a CDP layer does not use (systemc/nvdla/cdp_lrn.h, after
// the master RTL's NV_NVDLA_CDP_DP_*.v).
const char* unused_by_cdp(const RegisterDifference& d, const CdpLayer& cdp) {
  namespace rc = regs::cdp;
  const std::string& name = d.name;
  const uint32_t changed = d.trace_value ^ d.firmware_value;
  // dla_cdp_op_desc has no NaN field; NaNs exist in FP16 data only (and
  // the master RTL's CDP datapath is 8 bits wide).
  if (name == "CDP.D_NAN_FLUSH_TO_ZERO" && cdp.op.in_precision != kPrecisionFp16) {
    return "NaN handling applies to FP16 only";
  }
  // The LE table's index: LUT_LE_INDEX_OFFSET in EXPONENT mode,
  // LUT_LE_INDEX_SELECT in LINEAR mode (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v);
  // common.c update_lut writes the other field 0.
  if (name == "CDP.S_LUT_INFO" && cdp.op.lut) {
    const bool exponent = cdp.op.lut->method == kLutMethodExponential;
    const uint32_t unused =
        exponent ? rc::S_LUT_INFO_LUT_LE_INDEX_SELECT.mask() : rc::S_LUT_INFO_LUT_LE_INDEX_OFFSET.mask();
    if ((changed & ~unused) == 0) {
      return exponent ? "LUT_LE_INDEX_SELECT is unused by the LE table in EXPONENT mode"
                      : "LUT_LE_INDEX_OFFSET is unused by the LE table in LINEAR mode";
    }
  }
  // The LUT port's configuration and last data word are what the last CSB
  // access of the tables left (the trace writes LO before LE, or ends with
  // a READ configuration); the datapath reads the tables
  // (NV_NVDLA_CDP_DP_lut.v), which the test compares entry by entry.
  if (cdp.op.lut && (name == "CDP.S_LUT_ACCESS_CFG" || name == "CDP.S_LUT_ACCESS_DATA")) {
    return "the LUT port's state after the table writes; the tables themselves are compared below";
  }
  return nullptr;
}

// Convolution-pipeline registers a convolution layer does not use
// (systemc/nvdla/cdma.h, conv_datapath.h, after the master RTL's
// NV_NVDLA_CDMA_*.v, NV_NVDLA_CSC_*.v and NV_NVDLA_CACC_*.v).
const char* unused_by_conv(const RegisterDifference& d, const ConvLayer& conv) {
  namespace rdm = regs::cdma;
  const std::string& name = d.name;
  const uint32_t changed = d.trace_value ^ d.firmware_value;
  const ConvOpDesc& op = conv.conv_op;
  const bool feature = op.data_format == kDataFormatFeature;
  const bool uncompressed = op.weight_format == kWeightFormatUncompressed;
  // processor_conv_program writes PIXEL_FORMAT from map_img_fmt, which for
  // FORMAT_FEATURE holds DATAIN_FORMAT's FEATURE encoding (0), and
  // PIXEL_MAPPING from map_pixel (PITCH_LINEAR only).
  const uint32_t pixel = rdm::D_DATAIN_FORMAT_PIXEL_FORMAT.mask() | rdm::D_DATAIN_FORMAT_PIXEL_MAPPING.mask();
  if (name == "CDMA.D_DATAIN_FORMAT" && feature && (changed & ~pixel) == 0) {
    return "PIXEL_FORMAT and PIXEL_MAPPING serve image input only (DATAIN_FORMAT=FEATURE)";
  }
  // Image-input registers the firmware never writes.
  if ((name == "CDMA.D_PIXEL_OFFSET" || name == "CDMA.D_RESERVED_X_CFG" || name == "CDMA.D_RESERVED_Y_CFG") &&
      feature) {
    return "pixel offsets and line reservations serve image input only (DATAIN_FORMAT=FEATURE)";
  }
  if (name == "CDMA.D_MEAN_GLOBAL_0" || name == "CDMA.D_MEAN_GLOBAL_1") {
    if (op.mean_format == kMeanFormatDisable) return "mean values serve MEAN_FORMAT=ENABLE only";
  }
  if ((name == "CDMA.D_CVT_OFFSET" || name == "CDMA.D_CVT_SCALE") && !op.in_cvt.enable) {
    return "the input converter is disabled (CVT_EN=DISABLE)";
  }
  if (name == "CDMA.D_CVT_CFG" && !op.in_cvt.enable && (changed & ~rdm::D_CVT_CFG_CVT_TRUNCATE.mask()) == 0) {
    return "CVT_TRUNCATE has no effect with the input converter disabled (CVT_EN=DISABLE)";
  }
  if ((name == "CDMA.D_WGS_ADDR_HIGH" || name == "CDMA.D_WGS_ADDR_LOW" || name == "CDMA.D_WMB_ADDR_HIGH" ||
       name == "CDMA.D_WMB_ADDR_LOW" || name == "CDMA.D_WMB_BYTES" || name == "CSC.D_WMB_BYTES") &&
      uncompressed) {
    return "weight mask and group data serve compressed weights only (WEIGHT_FORMAT=UNCOMPRESSED)";
  }
  // dla_conv_op_desc has no NaN field; NaNs exist in FP16 data only.
  if (name == "CDMA.D_NAN_FLUSH_TO_ZERO" && op.in_precision != kPrecisionFp16) {
    return "NaN handling applies to FP16 only";
  }
  // CACC's write DMA is idle: the output goes to SDP (CACC's
  // D_DATAOUT_ADDR, and the firmware writes 0 for dst_data in DLA_MEM_HW).
  if (name == "CACC.D_DATAOUT_ADDR") return "CACC's output goes to SDP, not to memory";
  // LINE_PACKED/SURF_PACKED describe the output's layout in memory, which
  // CACC never writes here (the firmware sets them for a 1x1 output only).
  if (name == "CACC.D_DATAOUT_MAP") return "CACC's output goes to SDP: no memory layout to describe";
  if (name == "CDMA.D_DATAIN_SIZE_EXT_0" && op.conv_mode == kConvModeDirect) {
    return "only CDMA's Winograd path reads it (NV_NVDLA_CDMA_wg.v); direct convolution reads D_DATAIN_SIZE_0";
  }
  if (name == "CDMA.S_ARBITER") return "the weight/WMB read arbiter's weights only order memory requests";
  if (name == "CDMA.D_CYA" || name == "CSC.D_CYA" || name == "CACC.D_CYA" || name == "CMAC_A.D_CYA" ||
      name == "CMAC_B.D_CYA") {
    return "CYA holds spare bits with no function";
  }
  if (name == "CDMA.D_PERF_ENABLE") return "performance counters (the firmware enables them only with stat_enable)";
  return nullptr;
}

// Registers whose value matters only in some modes.
const char* unused_for(const RegisterDifference& d, const TraceLayer& t) {
  const std::string& name = d.name;
  const uint32_t changed = d.trace_value ^ d.firmware_value;
  const Operation& op = t.description.operations[0];
  const auto* fused = std::get_if<SdpPdpLayer>(&op.layer);
  const auto* alone = std::get_if<SdpLayer>(&op.layer);
  const auto* conv = std::get_if<ConvLayer>(&op.layer);
  if (conv) {
    if (const char* reason = unused_by_conv(d, *conv)) return reason;
    // trace_layer checks that SDP_RDMA runs exactly when a stage reads
    // operands from memory (sdp.c dla_sdp_rdma_check).
    const auto reads = [](const SdpOp& s) { return s.enable && s.type != 0 && s.mode != 0; };
    const SdpOpDesc& s = conv->sdp_op;
    if (name.rfind("SDP_RDMA.", 0) == 0 && !reads(s.x1_op) && !reads(s.x2_op) && !reads(s.y_op)) {
      return "SDP_RDMA never runs: SDP takes CACC's output and reads no operands from memory";
    }
  }
  const PdpOpDesc* pdp = fused ? &fused->pdp_op : nullptr;
  if (const auto* offline = std::get_if<PdpLayer>(&op.layer)) pdp = &offline->op;
  if (pdp) {
    if ((name == "PDP.D_RECIP_KERNEL_WIDTH" || name == "PDP.D_RECIP_KERNEL_HEIGHT") &&
        pdp->pool_mode != kPoolModeAvg) {
      return "reciprocals serve average pooling only";
    }
    // The firmware never writes it; NaNs exist in FP16 data only.
    if (name == "PDP.D_NAN_FLUSH_TO_ZERO" && pdp->precision != kPrecisionFp16) {
      return "NaN handling applies to FP16 only";
    }
    if ((name == "PDP.D_PARTIAL_WIDTH_IN" || name == "PDP.D_PARTIAL_WIDTH_OUT" ||
         name == "PDP_RDMA.D_PARTIAL_WIDTH_IN") &&
        pdp->split_num == 1) {
      return "split widths are unused without split (SPLIT_NUM=0)";
    }
  }
  if (fused) {
    // With input from SDP, PDP reads no memory: its source strides are unused.
    if (name == "PDP.D_SRC_LINE_STRIDE" || name == "PDP.D_SRC_SURFACE_STRIDE") return "PDP's input comes from SDP";
    // SDP's output goes to PDP: its write DMA is idle.
    if (name.rfind("SDP.D_DST_", 0) == 0) return "SDP's output goes to PDP, not to memory";
  }
  const SdpOpDesc* sdp = fused ? &fused->sdp_op : alone ? &alone->op : conv ? &conv->sdp_op : nullptr;
  if (sdp) {
    // Operand registers of a bypassed SDP stage, and the operand DMAs of
    // stages that take their operands from registers.
    const auto stage_off = [&](const char* prefix, const SdpOp& s) { return name.rfind(prefix, 0) == 0 && !s.enable; };
    if (stage_off("SDP.D_DP_BS_", sdp->x1_op) && name != "SDP.D_DP_BS_CFG") return "the BS stage is bypassed";
    if (stage_off("SDP.D_DP_BN_", sdp->x2_op) && name != "SDP.D_DP_BN_CFG") return "the BN stage is bypassed";
    if (stage_off("SDP.D_DP_EW_", sdp->y_op) && name != "SDP.D_DP_EW_CFG") return "the EW stage is bypassed";
    if (const char* reason = unused_by_stage(d, "SDP.D_DP_BS_", sdp->x1_op)) return reason;
    if (const char* reason = unused_by_stage(d, "SDP.D_DP_BN_", sdp->x2_op)) return reason;
    if (const char* reason = unused_by_ew(d, sdp->y_op)) return reason;
    // Batch strides step from one batch to the next (BATCH_NUMBER=0: one).
    if (sdp->batch_num == 1 && name.size() > 13 && name.compare(name.size() - 13, 13, "_BATCH_STRIDE") == 0) {
      return "batch strides serve multi-batch cubes only (BATCH_NUMBER=0)";
    }
    const auto reads_memory = [](const SdpOp& s) { return s.enable && s.type != 0 && s.mode != 0; };
    const std::pair<const char*, const SdpOp*> dmas[] = {
        {"SDP_RDMA.D_BS_", &sdp->x1_op}, {"SDP_RDMA.D_BN_", &sdp->x2_op}, {"SDP_RDMA.D_EW_", &sdp->y_op}};
    for (const auto& [dma, stage] : dmas) {
      if (name.rfind(dma, 0) == 0 && !reads_memory(*stage)) {
        return "the operand DMA is disabled (its stage reads no memory)";
      }
    }
    // A bypassed stage's other CFG fields, and a disabled operand DMA's
    // other CFG fields, have no effect (BS, BN and EW share the layout).
    const uint32_t bypass = regs::sdp::D_DP_BS_CFG_BS_BYPASS.mask();
    if ((name == "SDP.D_DP_BS_CFG" || name == "SDP.D_DP_BN_CFG" || name == "SDP.D_DP_EW_CFG") &&
        (d.trace_value & bypass) && (d.firmware_value & bypass)) {
      return "the stage is bypassed (BYPASS=YES in both)";
    }
    const uint32_t disable = regs::sdp_rdma::D_BRDMA_CFG_BRDMA_DISABLE.mask();
    if ((name == "SDP_RDMA.D_BRDMA_CFG" || name == "SDP_RDMA.D_NRDMA_CFG" || name == "SDP_RDMA.D_ERDMA_CFG") &&
        (d.trace_value & disable) && (d.firmware_value & disable)) {
      return "the operand DMA is disabled (DISABLE=YES in both)";
    }
    // dla_sdp_op_desc has no NaN field; NaNs exist in FP16 data only.
    if (name == "SDP.D_FEATURE_MODE_CFG" && changed == regs::sdp::D_FEATURE_MODE_CFG_NAN_TO_ZERO.mask() &&
        sdp->src_precision != kPrecisionFp16) {
      return "NAN_TO_ZERO applies to FP16 data only";
    }
    // The firmware programs the LUT only for a descriptor with lut_index
    // (trace_layer gives a layer a LUT only for the EW stage's LUT
    // activation, the only reader of the LUT).
    const bool lut_used = sdp->y_op.enable && sdp->y_op.act == 2;  // ACTIVATION_LUT
    if (name.rfind("SDP.S_LUT_", 0) == 0 && !lut_used) return "the LUT serves the EW stage's LUT activation only";
    // The LE table's index: LUT_LE_INDEX_OFFSET in EXPONENT mode,
    // LUT_LE_INDEX_SELECT in LINEAR mode (systemc/nvdla/sdp_lut.h, after
    // NV_NVDLA_SDP_HLS_lut_expn.v / NV_NVDLA_SDP_HLS_lut_line.v); common.c
    // update_lut writes the other field 0.
    namespace rs = regs::sdp;
    if (name == "SDP.S_LUT_INFO" && lut_used && sdp->lut) {
      const bool exponent = sdp->lut->method == kLutMethodExponential;
      const uint32_t unused =
          exponent ? rs::S_LUT_INFO_LUT_LE_INDEX_SELECT.mask() : rs::S_LUT_INFO_LUT_LE_INDEX_OFFSET.mask();
      if ((changed & ~unused) == 0) {
        return exponent ? "LUT_LE_INDEX_SELECT is unused by the LE table in EXPONENT mode"
                        : "LUT_LE_INDEX_OFFSET is unused by the LE table in LINEAR mode";
      }
    }
  }
  if (const auto* cdp = std::get_if<CdpLayer>(&op.layer)) {
    if (const char* reason = unused_by_cdp(d, *cdp)) return reason;
  }
  const auto it = unused_in_mode().find(name);
  return it == unused_in_mode().end() ? nullptr : it->second;
}

// The output cube of the trace's layer in memory, and its element size.
const DataCube* output_cube(const TraceLayer& trace, uint32_t& element) {
  const Layer& layer = trace.description.operations[0].layer;
  if (const auto* pdp = std::get_if<PdpLayer>(&layer)) {
    element = pdp->op.precision == kPrecisionInt8 ? 1 : 2;
    return &pdp->dst_data;
  }
  if (const auto* sdp = std::get_if<SdpLayer>(&layer)) {
    element = sdp->op.dst_precision == kPrecisionInt8 ? 1 : 2;
    return &sdp->dst_data;
  }
  if (const auto* cdp = std::get_if<CdpLayer>(&layer)) {
    element = cdp->op.out_precision == kPrecisionInt8 ? 1 : 2;
    return &cdp->dst_data;
  }
  if (const auto* conv = std::get_if<ConvLayer>(&layer)) {
    element = conv->sdp_op.dst_precision == kPrecisionInt8 ? 1 : 2;
    return &conv->sdp_dst_data;
  }
  return nullptr;
}

// Traces whose expected CRC is that of zero bytes (the all-zero
// pass-through traces, and CDP traces whose LRN output is all zero) would
// also pass if the task wrote nothing, since memory nobody wrote reads as
// zero. Every line the output cube occupies inside such a checked region
// (width atoms per line, height lines per surface, one surface per atom of
// channels) is filled with 0xa5 first, so that the check sees zeros only if
// the task wrote them.
void prefill_unobservable_output(const TraceLayer& trace, TaskRequest& request) {
  uint32_t element = 1;
  const DataCube* out = output_cube(trace, element);
  if (!out) return;
  const DataCube& dst = *out;
  const uint32_t atom = hardware_config(trace.config).atom_bytes;
  const uint64_t surfaces = (uint64_t(dst.channel) * element + atom - 1) / atom;
  const uint64_t line_bytes = uint64_t(dst.width) * atom;
  for (const MemoryCheck& check : trace.description.checks) {
    const std::vector<uint8_t> zeros(check.size, 0);
    const bool zero_crc = check.crc32 && *check.crc32 == trace::crc32(zeros.data(), zeros.size());
    if (!zero_crc || check.type != dst.type) continue;
    uint64_t filled = 0;
    for (uint64_t s = 0; s < surfaces; ++s) {
      for (uint64_t h = 0; h < dst.height; ++h) {
        const uint64_t begin = std::max(dst.address + s * dst.surf_stride + h * dst.line_stride, check.address);
        const uint64_t end = std::min(dst.address + s * dst.surf_stride + h * dst.line_stride + line_bytes,
                                      check.address + check.size);
        if (begin >= end) continue;
        request.load.push_back({check.type, begin, std::vector<uint8_t>(end - begin, 0xa5)});
        filled += end - begin;
      }
    }
    if (filled > 0) {
      std::cout << "note: the expected CRC is that of zero bytes; the " << filled
                << " output bytes in the checked region are prefilled with 0xa5\n";
    }
  }
}

// The byte the trace's loads put at `address` of one memory (0 where
// nothing is loaded: memory nobody wrote reads as zero).
uint8_t loaded_byte(const LayerDescription& d, MemoryType type, uint64_t address) {
  uint8_t value = 0;
  for (const MemoryLoad& m : d.inputs) {
    if (m.type != type) continue;
    for (const auto& chunk : m.chunks) {
      const uint64_t low = m.address + chunk.offset;
      if (address >= low && address < low + chunk.bytes.size()) value = chunk.bytes[address - low];
    }
  }
  return value;
}

// NVDLA's BDMA traces check registers and the done interrupt, not memory.
// Their copy is checked here against a hand computation of what BDMA does
// (NVDLA hardware manual, BDMA): line l of surface s of a transfer is the
// line_size bytes at source + s * source_surface + l * source_line, taken
// from the trace's own loads and expected at destination + s *
// destination_surface + l * destination_line. Each destination line is
// prefilled with 0xa5 first, so that only the copy makes it equal.
// Returns the prefills.
std::vector<MemoryImage> expect_bdma_copy(const TraceLayer& trace, LayerDescription& expected) {
  std::vector<MemoryImage> prefill;
  const auto* copy = std::get_if<BdmaCopy>(&trace.description.operations[0].layer);
  if (!copy) return prefill;
  uint64_t lines = 0;
  for (const BdmaTransfer& t : copy->transfers) {
    for (uint32_t s = 0; s < t.surface_repeat; ++s) {
      for (uint32_t l = 0; l < t.line_repeat; ++l) {
        const uint64_t from = t.source_address + uint64_t(s) * t.source_surface + uint64_t(l) * t.source_line;
        const uint64_t to =
            t.destination_address + uint64_t(s) * t.destination_surface + uint64_t(l) * t.destination_line;
        MemoryCheck check;
        check.type = copy->destination_type;
        check.address = to;
        check.size = t.line_size;
        for (uint64_t i = 0; i < t.line_size; ++i) {
          check.expected.push_back(loaded_byte(trace.description, copy->source_type, from + i));
        }
        expected.checks.push_back(std::move(check));
        prefill.push_back({copy->destination_type, to, std::vector<uint8_t>(t.line_size, 0xa5)});
        ++lines;
      }
    }
  }
  std::cout << "note: the trace checks no memory; " << lines
            << " destination lines are checked against the source lines of the trace's loads\n";
  return prefill;
}

class FirmwareConformance : public ::testing::TestWithParam<TraceCase> {};

TEST_P(FirmwareConformance, FirmwareTaskMatchesTheTracesGoldenResult) {
  const TraceCase& c = GetParam();
  const std::string dir = std::string(ACOSIM_CONFORMANCE_DIR) + "/nvdla/" + c.folder;
  if (!fs::is_directory(dir)) {
    const std::string message =
        "NVDLA conformance data not found at " + dir + "; fetch it with scripts/fetch-nvdla-conformance.sh";
    const char* ci = std::getenv("CI");
    if (ci && std::string(ci) == "true") FAIL() << message;
    GTEST_SKIP() << message;
  }
  const TraceLayer trace = trace_layer(dir, c.config);
  for (const std::string& note : trace.notes) std::cout << "note: " << note << "\n";

  LayerDescription expected = trace.description;
  const std::vector<MemoryImage> bdma_prefill = expect_bdma_copy(trace, expected);
  TaskRequest request = layer_request(expected, c.config);
  request.load.insert(request.load.end(), bdma_prefill.begin(), bdma_prefill.end());
  prefill_unobservable_output(trace, request);
  const TaskResult result = run_checked(request);

  // The golden result of NVDLA's RTL (for BDMA, the hand-computed copy).
  const std::vector<CheckResult> checks = layer_checks(expected, result);
  ASSERT_FALSE(checks.empty());
  for (const CheckResult& check : checks) {
    EXPECT_TRUE(check.passed) << check.what << ": " << check.detail;
    std::cout << (check.passed ? "PASS " : "FAIL ") << check.what << ": " << check.detail << "\n";
  }

  std::cout << "task: " << result.task.operations.size() << " operation(s), " << result.registers.size()
            << " register accesses, " << result.run.interrupts.size() << " interrupt(s), "
            << (result.run.end_ns - result.run.start_ns) << " ns of simulated time\n";

  // The firmware programs what the trace programs, apart from registers the
  // hardware does not use in this mode.
  for (const RegisterDifference& d : compare_programming(trace, result.registers)) {
    const char* reason = unused_for(d, trace);
    std::cout << (reason ? "differs (unused: " + std::string(reason) + "): " : "DIFFERS: ") << d.str() << "\n";
    EXPECT_NE(reason, nullptr) << d.str();
  }

  // The LUT tables the firmware wrote through the LUT port (common.c
  // update_lut) are the trace's.
  const Layer& layer = trace.description.operations[0].layer;
  const SdpOpDesc* sdp = std::get_if<SdpLayer>(&layer)      ? &std::get<SdpLayer>(layer).op
                         : std::get_if<SdpPdpLayer>(&layer) ? &std::get<SdpPdpLayer>(layer).sdp_op
                         : std::get_if<ConvLayer>(&layer)   ? &std::get<ConvLayer>(layer).sdp_op
                                                            : nullptr;
  const auto* cdp = std::get_if<CdpLayer>(&layer);
  const LutParam* lut = sdp && sdp->lut ? &*sdp->lut : cdp && cdp->op.lut ? &*cdp->op.lut : nullptr;
  if (lut) {
    const LutTables written =
        cdp ? cdp_lut_tables(result.registers, c.config) : sdp_lut_tables(result.registers, c.config);
    size_t differing = 0;
    for (size_t i = 0; i < written.le.size(); ++i) {
      differing += written.le[i] != lut->linear_exp_table[i];
      EXPECT_EQ(written.le[i], lut->linear_exp_table[i]) << "LE table entry " << i;
    }
    for (size_t i = 0; i < written.lo.size(); ++i) {
      differing += written.lo[i] != lut->linear_only_table[i];
      EXPECT_EQ(written.lo[i], lut->linear_only_table[i]) << "LO table entry " << i;
    }
    std::cout << "LUT tables: " << differing << " of " << written.le.size() + written.lo.size()
              << " entries differ from the trace's\n";
  }
}

// Every offline PDP trace (PDP_RDMA -> PDP), and the fused traces
// (SDP_RDMA -> SDP -> PDP on the fly).
const TraceCase kTraces[] = {
    {"nv_small/pdp_12x9x19_8x3_ave_int8_0", Config::NvSmall},
    {"nv_small/pdp_16x6x16_4x2_split_max_int8_0", Config::NvSmall},
    {"nv_small/pdp_1x1x1_3x3_ave_int8_0", Config::NvSmall},
    {"nv_small/pdp_1x3x8_8x8_ave_int8_0", Config::NvSmall},
    {"nv_small/pdp_24x16x1_8x8_ave_int8_0", Config::NvSmall},
    {"nv_small/pdp_28x28x8_2x2_max_int8_0", Config::NvSmall},
    {"nv_small/pdp_5x7x8_4x1_split_max_int8_0", Config::NvSmall},
    {"nv_small/pdp_7x9x10_3x3_int8", Config::NvSmall},
    {"nv_small/pdp_8x8x32_1x1_int8_0", Config::NvSmall},
    {"nv_small/pdp_8x8x32_1x1_int8_1", Config::NvSmall},
    {"nv_small/pdp_8x8x64_2x2_ave_int8_0", Config::NvSmall},
    {"nv_small/pdp_8x8x64_2x2_int8", Config::NvSmall},
    {"nv_small/pdp_8x8x64_2x2_min_int8_0", Config::NvSmall},
    {"nv_small/pdp_8x9x19_3x3_ave_int8_0", Config::NvSmall},
    {"nv_small/pdp_8x9x19_3x3_ave_int8_1", Config::NvSmall},
    {"nv_large/pdp_8x8x32_1x1_max_int8_0", Config::NvLarge},
    {"nv_large/pdp_passthrough_8x8x32_pack_all_zero_int8", Config::NvLarge},
    {"nv_large/pdp_passthrough_8x8x32_pack_inc_int8", Config::NvLarge},
    {"nv_full_traceplayer/pdp_max_pooling_int16", Config::NvFull},
};
INSTANTIATE_TEST_SUITE_P(OfflinePdp, FirmwareConformance, ::testing::ValuesIn(kTraces), case_name);

const TraceCase kFusedTraces[] = {
    {"nv_small/sdp_pdp_32x16x32_pass_through_int8_0", Config::NvSmall},
    {"nv_large/pdp_3x3x33_2x2_ave_int8_0", Config::NvLarge},
};
INSTANTIATE_TEST_SUITE_P(SdpToPdp, FirmwareConformance, ::testing::ValuesIn(kFusedTraces), case_name);

// SDP alone (SDP_RDMA -> SDP -> memory), with BS/BN operands from registers
// or from memory (BRDMA/NRDMA, per kernel or per element).
const TraceCase kSdpTraces[] = {
    {"nv_small/sdp_1x1x1_pass_through_int8", Config::NvSmall},
    {"nv_small/sdp_1x1x8_pass_through_int8_0", Config::NvSmall},
    {"nv_small/sdp_1x8192x1_pass_through_int8_0", Config::NvSmall},
    {"nv_small/sdp_23x13x42_bs_int8_mem_0", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bn_int8_mem_0", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bn_int8_reg_0", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bn_int8_reg_1", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bs_bn_int8_0", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bs_bn_int8_1", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bs_int8_reg_0", Config::NvSmall},
    {"nv_small/sdp_3x3x33_bs_int8_reg_1", Config::NvSmall},
    {"nv_small/sdp_4x22x42_bypass_int8", Config::NvSmall},
    {"nv_small/sdp_5x24x18_bs_int8_mem_0", Config::NvSmall},
    {"nv_small/sdp_8192x1x1_pass_through_int8_0", Config::NvSmall},
    {"nv_small/sdp_8x8x32_bypass_int8_0", Config::NvSmall},
    {"nv_small/sdp_8x8x32_bypass_int8_1", Config::NvSmall},
    {"nv_large/sdp_passthrough_8x8x32_pack_all_zero_int8", Config::NvLarge},
    {"nv_large/sdp_passthrough_8x8x32_pack_inc_int8", Config::NvLarge},
    {"nv_full_traceplayer/sdp_relu_int16", Config::NvFull},
};
INSTANTIATE_TEST_SUITE_P(SdpToMemory, FirmwareConformance, ::testing::ValuesIn(kSdpTraces), case_name);

// SDP alone with the EW (Y) stage: operands from registers, or the LUT
// (linear and exponent LE table) programmed by the firmware from the
// network's LUT list. nv_small has no EW stage; NVDLA runs these on
// nv_small_256_full (trace_config.h trace_config).
const TraceCase kSdpEwTraces[] = {
    {"nv_small/sdp_3x3x33_ew_int8_reg_0", Config::NvSmall256Full},
    {"nv_small/sdp_3x3x33_ew_le_exp_int8", Config::NvSmall256Full},
    {"nv_small/sdp_3x3x33_ew_le_lin_int8", Config::NvSmall256Full},
};
INSTANTIATE_TEST_SUITE_P(SdpEwToMemory, FirmwareConformance, ::testing::ValuesIn(kSdpEwTraces), case_name);

// CDP (CDP_RDMA -> CDP -> memory): local response normalisation with the
// LUT the firmware programs from the network's LUT list (cdp.c
// processor_cdp_program, common.c update_lut). cdp_1x1x1_lrn3_int8_0 and
// cdp_8x8x32_lrn3_int8_0 expect an all-zero output
// (prefill_unobservable_output).
const TraceCase kCdpTraces[] = {
    {"nv_small/cdp_1x1x1_lrn3_int8_0", Config::NvSmall},
    {"nv_small/cdp_33x17x34_lrn5_int8_0", Config::NvSmall},
    {"nv_small/cdp_8x8x32_lrn3_int8_0", Config::NvSmall},
    {"nv_small/cdp_8x8x32_lrn3_int8_1", Config::NvSmall},
    {"nv_small/cdp_8x8x32_lrn3_int8_2", Config::NvSmall},
    {"nv_small/cdp_8x8x32_lrn5_int8_0", Config::NvSmall},
    {"nv_small/cdp_8x8x32_lrn7_int8_0", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_0", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_1", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_10", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_11", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_12", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_2", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_3", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_4", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_5", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_7", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_8", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn3_int8_9", Config::NvSmall},
    {"nv_small/cdp_8x8x64_lrn9_int8", Config::NvSmall},
    {"nv_large/cdp_8x8x64_lrn9_int8_0", Config::NvLarge},
    {"nv_large/cdp_passthrough_8x8x32_pack_inc_int8", Config::NvLarge},
};
INSTANTIATE_TEST_SUITE_P(Cdp, FirmwareConformance, ::testing::ValuesIn(kCdpTraces), case_name);

// Direct convolution (CDMA -> CSC -> CMAC_A/B -> CACC -> SDP on the fly ->
// memory): conv.c processor_conv_program and sdp.c processor_sdp_program
// with SDP's src_data in DLA_MEM_HW. nv_large/dc_8x8x32_1x1x32x32_int8_0
// expects an all-zero output (prefill_unobservable_output) and preloads it
// (drop_preloaded_results).
const TraceCase kConvTraces[] = {
    {"nv_small/dc_13x15x64_5x3x64x16_int8_0", Config::NvSmall},
    {"nv_small/dc_14x7x49_3x4x49x32_int8_0", Config::NvSmall},
    {"nv_small/dc_24x33x55_5x5x55x25_int8_0", Config::NvSmall},
    {"nv_small/dc_32x26x76_6x3x76x16_int8_0", Config::NvSmall},
    {"nv_small/dc_35x22x54_6x8x54x29_int8_0", Config::NvSmall},
    {"nv_small/dc_4x1x8192_1x1x8192x1_int8_0", Config::NvSmall},
    {"nv_small/dc_6x8x192_3x3x192x32_int8_0", Config::NvSmall},
    {"nv_small/dc_8192x1x1_2x3x1x41_int8_0", Config::NvSmall},
    {"nv_small/dc_8x16x128_3x3x128x32_int8", Config::NvSmall},
    {"nv_small/dc_8x8x36_4x4x36x16_dilation_int8_0", Config::NvSmall},
    {"nv_large/dc_8x16x128_3x3x128x32_int8", Config::NvLarge},
    {"nv_large/dc_8x8x32_1x1x32x32_int8_0", Config::NvLarge},
    // nv_full: int16, the 48-bit accumulation (googlenet also pads).
    {"nv_full_traceplayer/conv_8x8_fc_int16", Config::NvFull},
    {"nv_full_traceplayer/googlenet_conv2_3x3_int16", Config::NvFull},
    {"nv_full_traceplayer/sanity3", Config::NvFull},
    {"nv_full_traceplayer/sanity3_cvsram", Config::NvFull},
};
INSTANTIATE_TEST_SUITE_P(Convolution, FirmwareConformance, ::testing::ValuesIn(kConvTraces), case_name);

// BDMA copies (nv_full's trace player sanity tests): one transfer from
// DRAM to DRAM (MC -> MC) or from CVSRAM to CVSRAM, the interrupt polled
// (sanity1) or waited for (sanity2). bdma.c processor_bdma_program_slot
// programs it from dla_bdma_transfer_desc.
const TraceCase kBdmaTraces[] = {
    {"nv_full_traceplayer/sanity1", Config::NvFull},
    {"nv_full_traceplayer/sanity1_cvsram", Config::NvFull},
    {"nv_full_traceplayer/sanity2", Config::NvFull},
    {"nv_full_traceplayer/sanity2_cvsram", Config::NvFull},
};
INSTANTIATE_TEST_SUITE_P(Bdma, FirmwareConformance, ::testing::ValuesIn(kBdmaTraces), case_name);

// Traces whose programming no firmware descriptor reproduces: the
// converter must refuse them, naming the register or the cause.
struct InexpressibleTrace {
  TraceCase trace;
  const char* register_name;  // in the TraceLayerError
};
const InexpressibleTrace kInexpressibleSdpTraces[] = {
    // Writes one BDMA register and reads it back, launching nothing: no
    // layer to describe (its register check passes through the trace
    // player).
    {{"nv_full_traceplayer/sanity0", Config::NvFull}, "registers only"},
    // D_DP_BN_CFG 0x24: MUL_PRELU=YES with RELU_BYPASS=NO; dla_sdp_op.act
    // is either ACTIVATION_PRELU or ACTIVATION_RELU (sdp.c
    // processor_sdp_program).
    {{"nv_small/sdp_3x3x33_bn_int8_reg_2", Config::NvSmall}, "SDP.D_DP_BN_CFG"},
    // D_DP_EW_CFG 0x26: EW_MUL_PRELU=YES with EW_LUT_BYPASS=NO; dla_sdp_op.act
    // is either ACTIVATION_PRELU or ACTIVATION_LUT (sdp.c
    // processor_sdp_program).
    {{"nv_large/sdp_13x4x29_ew_lut_int8", Config::NvLarge}, "SDP.D_DP_EW_CFG"},
};

TEST(FirmwareConformanceList, RefusesTracesNoDescriptorReproduces) {
  for (const InexpressibleTrace& c : kInexpressibleSdpTraces) {
    const std::string dir = std::string(ACOSIM_CONFORMANCE_DIR) + "/nvdla/" + c.trace.folder;
    if (!fs::is_directory(dir)) {
      const std::string message =
          "NVDLA conformance data not found at " + dir + "; fetch it with scripts/fetch-nvdla-conformance.sh";
      const char* ci = std::getenv("CI");
      if (ci && std::string(ci) == "true") FAIL() << message;
      GTEST_SKIP() << message;
    }
    try {
      trace_layer(dir, c.trace.config);
      ADD_FAILURE() << c.trace.folder << " was converted";
    } catch (const TraceLayerError& e) {
      EXPECT_NE(std::string(e.what()).find(c.register_name), std::string::npos) << e.what();
      std::cout << "refused: " << e.what() << "\n";
    }
  }
}

// The lists above are every trace of the conformance data: a trace added
// to the data without being listed fails here.
TEST(FirmwareConformanceList, ListsEveryTraceOfTheData) {
  const fs::path root = fs::path(ACOSIM_CONFORMANCE_DIR) / "nvdla";
  if (!fs::is_directory(root)) {
    const std::string message =
        "NVDLA conformance data not found at " + root.string() + "; fetch it with scripts/fetch-nvdla-conformance.sh";
    const char* ci = std::getenv("CI");
    if (ci && std::string(ci) == "true") FAIL() << message;
    GTEST_SKIP() << message;
  }
  std::set<std::string> listed;
  for (const TraceCase& c : kTraces) listed.insert(c.folder);
  for (const TraceCase& c : kFusedTraces) listed.insert(c.folder);
  for (const TraceCase& c : kSdpTraces) listed.insert(c.folder);
  for (const TraceCase& c : kSdpEwTraces) listed.insert(c.folder);
  for (const TraceCase& c : kCdpTraces) listed.insert(c.folder);
  for (const TraceCase& c : kConvTraces) listed.insert(c.folder);
  for (const TraceCase& c : kBdmaTraces) listed.insert(c.folder);
  for (const InexpressibleTrace& c : kInexpressibleSdpTraces) listed.insert(c.trace.folder);
  size_t found = 0;
  for (const char* config : {"nv_small", "nv_large", "nv_full_traceplayer"}) {
    if (!fs::is_directory(root / config)) continue;
    for (const auto& entry : fs::directory_iterator(root / config)) {
      if (!entry.is_directory()) continue;
      const std::string name = entry.path().filename().string();
      ++found;
      EXPECT_EQ(listed.count(std::string(config) + "/" + name), 1u) << config << "/" << name << " is not run";
    }
  }
  EXPECT_EQ(found, listed.size());
}

}  // namespace
}  // namespace acosim::nvdla::firmware

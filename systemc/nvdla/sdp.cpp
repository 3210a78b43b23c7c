#include "systemc/nvdla/sdp.h"

#include <algorithm>
#include <cstdio>

#include "sw/nvdla/regs/sdp.h"
#include "systemc/nvdla/feature_dma.h"

namespace acosim::nvdla {

namespace r = regs::sdp;

// Cycles an element takes through X1, X2, Y and the output converter
// (NV_NVDLA_SDP_core.v's stage pipes, about 32), whether it came from
// SDP_RDMA or from CACC.
constexpr uint64_t kPipelineCycles = 32;

namespace {

std::string hex32(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}

// BS and BN registers share one layout (NVDLA_SDP.rdl D_DP_BS_* / D_DP_BN_*).
struct StageRegisters {
  uint32_t cfg, alu_cfg, alu_value, mul_cfg, mul_value;
};

SdpStageConfig decode_stage(const RegisterBank& bank, unsigned g, const StageRegisters& s) {
  const uint32_t cfg = bank.get(s.cfg, g);
  const uint32_t alu = bank.get(s.alu_cfg, g);
  const uint32_t mul = bank.get(s.mul_cfg, g);
  SdpStageConfig stage;
  stage.bypass = r::D_DP_BS_CFG_BS_BYPASS.get(cfg) != 0;
  stage.alu_bypass = r::D_DP_BS_CFG_BS_ALU_BYPASS.get(cfg) != 0;
  stage.alu_algo = static_cast<SdpAluAlgo>(r::D_DP_BS_CFG_BS_ALU_ALGO.get(cfg));
  stage.mul_bypass = r::D_DP_BS_CFG_BS_MUL_BYPASS.get(cfg) != 0;
  stage.mul_prelu = r::D_DP_BS_CFG_BS_MUL_PRELU.get(cfg) != 0;
  stage.relu_bypass = r::D_DP_BS_CFG_BS_RELU_BYPASS.get(cfg) != 0;
  stage.alu_operand_from_memory = r::D_DP_BS_ALU_CFG_BS_ALU_SRC.get(alu) != 0;
  stage.alu_shift = static_cast<uint8_t>(r::D_DP_BS_ALU_CFG_BS_ALU_SHIFT_VALUE.get(alu));
  stage.alu_operand = static_cast<int16_t>(bank.get(s.alu_value, g) & 0xFFFF);
  stage.mul_operand_from_memory = r::D_DP_BS_MUL_CFG_BS_MUL_SRC.get(mul) != 0;
  stage.mul_shift = static_cast<uint8_t>(r::D_DP_BS_MUL_CFG_BS_MUL_SHIFT_VALUE.get(mul));
  stage.mul_operand = static_cast<int16_t>(bank.get(s.mul_value, g) & 0xFFFF);
  return stage;
}

}  // namespace

Sdp::Sdp(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::Sdp, true), rdma("rdma"), cacc("cacc"), pdp_out("pdp_out"), done("done") {
  pdp_out.bind(*this);
  SC_THREAD(run);
}

// The LUT port (NV_NVDLA_SDP_reg.v, NV_NVDLA_SDP_CORE_Y_lut.v): a write of
// S_LUT_ACCESS_CFG loads the port address, each S_LUT_ACCESS_DATA access
// moves it on. Configurations without the LUT keep plain registers.
uint32_t Sdp::read_register(uint32_t offset) {
  if (m_config.sdp_has_ew && offset == r::S_LUT_ACCESS_DATA) return m_lut.read_access_data();
  return DmaUnit::read_register(offset);
}

uint32_t Sdp::peek_register(uint32_t offset) {
  if (m_config.sdp_has_ew && offset == r::S_LUT_ACCESS_DATA) return m_lut.peek_access_data();
  return DmaUnit::read_register(offset);
}

void Sdp::write_register(uint32_t offset, uint32_t value) {
  DmaUnit::write_register(offset, value);
  if (!m_config.sdp_has_ew) return;
  if (offset == r::S_LUT_ACCESS_CFG) m_lut.write_access_cfg(value);
  if (offset == r::S_LUT_ACCESS_DATA) m_lut.write_access_data(value);
}

SdpConfig Sdp::decode(unsigned g) const {
  SdpConfig c;
  const uint32_t format = m_bank.get(r::D_DATA_FORMAT, g);
  const uint32_t proc = r::D_DATA_FORMAT_PROC_PRECISION.get(format);
  const uint32_t out = r::D_DATA_FORMAT_OUT_PRECISION.get(format);
  if (proc > 2 || out > 2) error("D_DATA_FORMAT=" + hex32(format) + " holds the reserved precision encoding 3");
  c.proc_precision = static_cast<Precision>(proc);
  c.out_precision = static_cast<Precision>(out);
  c.in_precision = c.proc_precision;  // replaced by SDP_RDMA's IN_PRECISION when the cube arrives
  c.bs = decode_stage(m_bank, g,
                      {r::D_DP_BS_CFG, r::D_DP_BS_ALU_CFG, r::D_DP_BS_ALU_SRC_VALUE, r::D_DP_BS_MUL_CFG,
                       r::D_DP_BS_MUL_SRC_VALUE});
  c.bn = decode_stage(m_bank, g,
                      {r::D_DP_BN_CFG, r::D_DP_BN_ALU_CFG, r::D_DP_BN_ALU_SRC_VALUE, r::D_DP_BN_MUL_CFG,
                       r::D_DP_BN_MUL_SRC_VALUE});
  SdpEwRegisters ew;
  ew.dp_ew_cfg = m_bank.get(r::D_DP_EW_CFG, g);
  ew.dp_ew_alu_cfg = m_bank.get(r::D_DP_EW_ALU_CFG, g);
  ew.dp_ew_alu_src_value = m_bank.get(r::D_DP_EW_ALU_SRC_VALUE, g);
  ew.dp_ew_alu_cvt_offset_value = m_bank.get(r::D_DP_EW_ALU_CVT_OFFSET_VALUE, g);
  ew.dp_ew_alu_cvt_scale_value = m_bank.get(r::D_DP_EW_ALU_CVT_SCALE_VALUE, g);
  ew.dp_ew_alu_cvt_truncate_value = m_bank.get(r::D_DP_EW_ALU_CVT_TRUNCATE_VALUE, g);
  ew.dp_ew_mul_cfg = m_bank.get(r::D_DP_EW_MUL_CFG, g);
  ew.dp_ew_mul_src_value = m_bank.get(r::D_DP_EW_MUL_SRC_VALUE, g);
  ew.dp_ew_mul_cvt_offset_value = m_bank.get(r::D_DP_EW_MUL_CVT_OFFSET_VALUE, g);
  ew.dp_ew_mul_cvt_scale_value = m_bank.get(r::D_DP_EW_MUL_CVT_SCALE_VALUE, g);
  ew.dp_ew_mul_cvt_truncate_value = m_bank.get(r::D_DP_EW_MUL_CVT_TRUNCATE_VALUE, g);
  ew.dp_ew_truncate_value = m_bank.get(r::D_DP_EW_TRUNCATE_VALUE, g);
  // The LUT registers are single: one set for both groups.
  ew.lut_cfg = m_bank.get(r::S_LUT_CFG);
  ew.lut_info = m_bank.get(r::S_LUT_INFO);
  ew.lut_le_start = m_bank.get(r::S_LUT_LE_START);
  ew.lut_le_end = m_bank.get(r::S_LUT_LE_END);
  ew.lut_lo_start = m_bank.get(r::S_LUT_LO_START);
  ew.lut_lo_end = m_bank.get(r::S_LUT_LO_END);
  ew.lut_le_slope_scale = m_bank.get(r::S_LUT_LE_SLOPE_SCALE);
  ew.lut_le_slope_shift = m_bank.get(r::S_LUT_LE_SLOPE_SHIFT);
  ew.lut_lo_slope_scale = m_bank.get(r::S_LUT_LO_SLOPE_SCALE);
  ew.lut_lo_slope_shift = m_bank.get(r::S_LUT_LO_SLOPE_SHIFT);
  c.ew = decode_ew_config(ew);
  c.cvt_offset = static_cast<int32_t>(m_bank.get(r::D_CVT_OFFSET, g));
  c.cvt_scale = static_cast<int16_t>(m_bank.get(r::D_CVT_SCALE, g) & 0xFFFF);
  c.cvt_shift = static_cast<uint8_t>(m_bank.get(r::D_CVT_SHIFT, g));
  c.ew_present = m_config.sdp_has_ew;
  // FP16 data exists on the nvdlav1 design only (nv_full); NAN_TO_ZERO turns
  // NaN inputs and operands into +0 (NV_NVDLA_SDP_cmux.v).
  c.fp16_present = m_config.fp16;
  c.nan_to_zero = r::D_FEATURE_MODE_CFG_NAN_TO_ZERO.get(m_bank.get(r::D_FEATURE_MODE_CFG, g)) != 0;
  return c;
}

void Sdp::run() {
  while (true) {
    while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
    const unsigned g = m_bank.consumer();
    busy.write(true);
    const uint32_t mode = m_bank.get(r::D_FEATURE_MODE_CFG, g);
    const std::string where = " (group " + std::to_string(g) + ", D_FEATURE_MODE_CFG=" + hex32(mode) + ")";
    // Winograd output comes from the convolution core on the fly
    // (programming_guide.rst "Winograd/Batch": SDP works on the fly with CC,
    // no EQL); process_convolution() checks that CACC ran in Winograd mode.
    if (r::D_FEATURE_MODE_CFG_WINOGRAD.get(mode) != 0) {
      if (r::D_FEATURE_MODE_CFG_FLYING_MODE.get(mode) == 0) {
        error("D_FEATURE_MODE_CFG.WINOGRAD needs FLYING_MODE = ON (input from the convolution core)" + where);
      }
      if (r::D_FEATURE_MODE_CFG_OUTPUT_DST.get(mode) == r::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP) {
        error("D_FEATURE_MODE_CFG.WINOGRAD with OUTPUT_DST = PDP is not modelled" + where);
      }
    }
    const uint32_t batches = r::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(mode) + 1;
    m_layer = decode(g);
    if (const auto unsupported = sdp_unsupported(m_layer)) error(*unsupported + " is not modelled" + where);
    if (m_layer.ew_present) {
      if (const auto illegal = ew_unsupported_or_illegal(m_layer.ew, &m_layer)) error(*illegal + where);
    }
    if (batches > 1) {
      // Multi-batch exists in a design with NVDLA_BATCH_ENABLE (nvdlav1
      // NV_NVDLA_SDP_WDMA_cmd.v batch mode). NVDLA's programming guide
      // (programming_guide.rst "Winograd/Batch") has the batches come from
      // the convolution core; the RTL's MRDMA and the trace generator
      // (verif/.../nvdla_sdp_resource.sv c_ias_feature) also allow them from
      // memory, where MRDMA reads the same cube for every batch
      // (sdp_rdma.cpp). The trace generator allows batches only towards
      // memory and without EQL (c_ias_multi_batch).
      if (!conv_core_config(m_config.config).batch) {
        error("D_FEATURE_MODE_CFG.BATCH_NUMBER = " + std::to_string(batches - 1) +
              ": multi-batch is not supported by " + m_config.name + " (its hardware spec sets BATCH_DISABLE)" + where);
      }
      if (r::D_FEATURE_MODE_CFG_OUTPUT_DST.get(mode) == r::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP) {
        error("multi-batch (D_FEATURE_MODE_CFG.BATCH_NUMBER) is modelled only for output to memory (OUTPUT_DST = MEM)" +
              where);
      }
      if (sdp_compare_mode(m_layer)) {
        error("multi-batch (D_FEATURE_MODE_CFG.BATCH_NUMBER) with EQL compare is illegal" + where);
      }
      // The batches' output cubes must not overlap (nvdla_sdp_resource.sv:
      // D_DST_BATCH_STRIDE >= D_DST_SURFACE_STRIDE x surfaces; one surface
      // spans D_DST_LINE_STRIDE x height).
      CubeGeometry out;
      out.width = m_bank.get(r::D_DATA_CUBE_WIDTH, g) + 1;
      out.height = m_bank.get(r::D_DATA_CUBE_HEIGHT, g) + 1;
      out.channels = m_bank.get(r::D_DATA_CUBE_CHANNEL, g) + 1;
      out.precision = m_layer.out_precision;
      out.atom_bytes = m_config.atom_bytes;
      const uint64_t atom_mask = ~uint64_t{m_config.atom_bytes - 1};
      const uint64_t line = m_bank.get(r::D_DST_LINE_STRIDE, g) & atom_mask;
      const uint64_t surface = m_bank.get(r::D_DST_SURFACE_STRIDE, g) & atom_mask;
      const uint64_t stride = m_bank.get(r::D_DST_BATCH_STRIDE, g) & atom_mask;
      // The write DMA's batch mode moves lines and surfaces in pairs of
      // atoms: the trace generator keeps D_DST_LINE_STRIDE and
      // D_DST_SURFACE_STRIDE at even numbers of atoms except for a 1x1 cube
      // (c_ias_multi_batch).
      if (!(out.width == 1 && out.height == 1) && (line % (2 * m_config.atom_bytes) != 0 ||
                                                   surface % (2 * m_config.atom_bytes) != 0)) {
        error("multi-batch (D_FEATURE_MODE_CFG.BATCH_NUMBER) needs D_DST_LINE_STRIDE (" + std::to_string(line) +
              ") and D_DST_SURFACE_STRIDE (" + std::to_string(surface) + ") to be multiples of " +
              std::to_string(2 * m_config.atom_bytes) + " bytes (two memory atoms)" + where);
      }
      const uint64_t cube = (out.surfaces() > 1 ? surface : line * out.height) * out.surfaces();
      if (stride < cube) {
        error("D_DST_BATCH_STRIDE (" + std::to_string(stride) + ") is below the bytes of one output cube (" +
              std::to_string(cube) + "): the batches would overlap" + where);
      }
    }
    if (r::D_FEATURE_MODE_CFG_OUTPUT_DST.get(mode) == r::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP) {
      m_ready_flag = true;
      m_ready.notify(sc_core::SC_ZERO_TIME);
      sc_core::wait(m_layer_done);
    } else {
      process_layer(g);
      // EQL compare mode: WDMA generates no addresses, nothing is written.
      // The batches of a multi-batch layer are written as they are computed
      // (process_layer, process_convolution).
      if (!sdp_compare_mode(m_layer) && batches == 1) write_output(g, m_output);
      end_layer(g);
    }
  }
}

void Sdp::process_layer(unsigned g) {
  if (r::D_FEATURE_MODE_CFG_FLYING_MODE.get(m_bank.get(r::D_FEATURE_MODE_CFG, g)) != 0) {
    process_convolution(g);
    return;
  }
  PackedCube& input = m_input;
  const SdpRdmaLayer source = rdma->fetch(input);
  SdpConfig layer = m_layer;
  layer.in_precision = source.in_precision;
  const std::string where = " (group " + std::to_string(g) + ")";
  if (const auto unsupported = sdp_unsupported(layer)) error(*unsupported + " is not modelled" + where);
  const CubeGeometry& cube = input.geometry;
  const uint32_t width = m_bank.get(r::D_DATA_CUBE_WIDTH, g) + 1;
  const uint32_t height = m_bank.get(r::D_DATA_CUBE_HEIGHT, g) + 1;
  const uint32_t channels = m_bank.get(r::D_DATA_CUBE_CHANNEL, g) + 1;
  if (cube.width != width || cube.height != height || cube.channels != channels) {
    error("D_DATA_CUBE_* (" + std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(channels) +
          ") differ from SDP_RDMA's cube (" + std::to_string(cube.width) + "x" + std::to_string(cube.height) +
          "x" + std::to_string(cube.channels) + ")" + where);
  }
  if (source.proc_precision != layer.proc_precision || source.out_precision != layer.out_precision) {
    error("D_DATA_FORMAT precisions differ from SDP_RDMA's D_FEATURE_MODE_CFG PROC/OUT_PRECISION" + where);
  }
  if (const auto mismatch = sdp_operand_mismatch(layer, source.operands)) error(*mismatch + where);
  const uint32_t batches = r::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(m_bank.get(r::D_FEATURE_MODE_CFG, g)) + 1;
  if (source.batches != batches) {
    error("D_FEATURE_MODE_CFG.BATCH_NUMBER (" + std::to_string(batches - 1) + ") differs from SDP_RDMA's (" +
          std::to_string(source.batches - 1) + ")" + where);
  }
  SdpStats stats;
  // Every batch is the cube MRDMA read (sdp_rdma.h); each is processed and
  // written on its own, batch b at b x D_DST_BATCH_STRIDE.
  for (uint32_t b = 0; b < batches; ++b) {
    try {
      sdp_process(layer, input, source.operands, m_lut, stats, m_output);
    } catch (const std::invalid_argument& e) {
      error(e.what());
    }
    if (batches > 1) write_output(g, m_output, b);
  }
  // One element per cycle per SDP_MAX_THROUGHPUT lanes at 1 GHz, then the
  // last element's way through the pipeline.
  const uint64_t elements =
      uint64_t{cube.width} * cube.height * cube.surfaces() * cube.elements_per_atom() * batches;
  sc_core::wait(sc_core::sc_time(static_cast<double>(elements / m_config.sdp_throughput + kPipelineCycles),
                                 sc_core::SC_NS));
  record_stats(g, layer, stats);
}

void Sdp::record_stats(unsigned g, const SdpConfig& layer, const SdpStats& stats) {
  // The counters count only while their D_PERF_ENABLE bit is set.
  const uint32_t perf = m_bank.get(r::D_PERF_ENABLE, g);
  if (r::D_PERF_ENABLE_PERF_SAT_EN.get(perf) != 0) m_bank.set(r::D_PERF_OUT_SATURATION, stats.out_saturation, g);
  if (r::D_PERF_ENABLE_PERF_LUT_EN.get(perf) != 0) {
    m_bank.set(r::D_PERF_LUT_LE_HIT, stats.lut.le_hit, g);
    m_bank.set(r::D_PERF_LUT_LO_HIT, stats.lut.lo_hit, g);
    m_bank.set(r::D_PERF_LUT_UFLOW, stats.lut.uflow, g);
    m_bank.set(r::D_PERF_LUT_OFLOW, stats.lut.oflow, g);
    m_bank.set(r::D_PERF_LUT_HYBRID, stats.lut.hybrid, g);
  }
  if (sdp_compare_mode(layer)) m_bank.set(r::D_STATUS, r::D_STATUS_STATUS_UNEQUAL.put(stats.unequal ? 1 : 0), g);
  // The write DMA counts FP16 NaN outputs whatever PERF_NAN_INF_COUNT_EN
  // says (NV_NVDLA_SDP_WDMA_DAT_in.v); SDP's own NaN/Inf input counters are
  // tied to 0 (NV_NVDLA_sdp.v), SDP_RDMA counts the inputs.
  if (layer.out_precision == Precision::Fp16) m_bank.set(r::D_STATUS_NAN_OUTPUT_NUM, stats.nan_output, g);
}

void Sdp::process_convolution(unsigned g) {
  const std::string where = " (group " + std::to_string(g) + ")";
  const ConvOutput conv = cacc->pull_output();
  SdpConfig layer = m_layer;
  // CACC's results enter X1 as they are: int32 sums, or for an fp16
  // convolution fp32 patterns (nvdlav1 cmod/cacc/NV_NVDLA_cacc.cpp
  // cacc_fp48_to_fp32), which only SDP's FP16 datapath reads as such; the
  // integer datapath would take them as integers and the FP16 one would
  // take integer sums as fp32.
  if (conv.fp32 != (layer.proc_precision == Precision::Fp16)) {
    error(std::string("D_DATA_FORMAT.PROC_PRECISION (") + precision_name(layer.proc_precision) +
          ") must be FP16 exactly when the convolution core's CACC D_MISC_CFG.PROC_PRECISION is FP16 (" +
          (conv.fp32 ? "it is" : "it is not") + ")" + where);
  }
  const bool winograd = r::D_FEATURE_MODE_CFG_WINOGRAD.get(m_bank.get(r::D_FEATURE_MODE_CFG, g)) != 0;
  if (conv.winograd != winograd) {
    error(std::string("D_FEATURE_MODE_CFG.WINOGRAD (") + (winograd ? "ON" : "OFF") +
          ") must be ON exactly when the convolution core's CACC D_MISC_CFG.CONV_MODE is WINOGRAD (" +
          (conv.winograd ? "it is" : "it is not") + ")" + where);
  }
  if (winograd && sdp_compare_mode(layer)) {
    error("D_FEATURE_MODE_CFG.WINOGRAD with EQL compare (D_DP_EW_CFG.EW_ALU_ALGO = EQL) is illegal" + where);
  }
  layer.in_precision = layer.proc_precision;
  CubeGeometry geometry;
  geometry.width = m_bank.get(r::D_DATA_CUBE_WIDTH, g) + 1;
  geometry.height = m_bank.get(r::D_DATA_CUBE_HEIGHT, g) + 1;
  geometry.channels = m_bank.get(r::D_DATA_CUBE_CHANNEL, g) + 1;
  geometry.precision = layer.out_precision;
  geometry.atom_bytes = m_config.atom_bytes;
  if (conv.width != geometry.width || conv.height != geometry.height || conv.channels != geometry.channels ||
      conv.lanes != geometry.elements_per_atom()) {
    error("D_DATA_CUBE_* (" + std::to_string(geometry.width) + "x" + std::to_string(geometry.height) + "x" +
          std::to_string(geometry.channels) + ") differ from the convolution core's output (" +
          std::to_string(conv.width) + "x" + std::to_string(conv.height) + "x" + std::to_string(conv.channels) +
          ")" + where);
  }
  // SDP_RDMA takes part only for operands from memory; its MRDMA is off.
  SdpOperands operands;
  const bool reads_memory = (layer.bs_present && !layer.bs.bypass &&
                             ((!layer.bs.alu_bypass && layer.bs.alu_operand_from_memory) ||
                              (!layer.bs.mul_bypass && layer.bs.mul_operand_from_memory))) ||
                            (layer.bn_present && !layer.bn.bypass &&
                             ((!layer.bn.alu_bypass && layer.bn.alu_operand_from_memory) ||
                              (!layer.bn.mul_bypass && layer.bn.mul_operand_from_memory))) ||
                            (layer.ew_present && !layer.ew.bypass &&
                             ((!layer.ew.alu_bypass && layer.ew.alu_operand_from_memory) ||
                              (!layer.ew.mul_bypass && layer.ew.mul_operand_from_memory)));
  // An SDP_RDMA group enabled for a layer whose stages read no operands
  // still fetches what its DMA settings say, so that an operand DMA no stage
  // reads is refused here as for input from memory (the hardware would
  // stall with its data unconsumed) rather than left running.
  if (reads_memory || rdma->enabled()) operands = rdma->fetch(m_input).operands;
  SdpStats stats;
  const uint32_t batches = r::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(m_bank.get(r::D_FEATURE_MODE_CFG, g)) + 1;
  if (conv.batches != batches) {
    error("D_FEATURE_MODE_CFG.BATCH_NUMBER (" + std::to_string(batches - 1) +
          ") differs from the convolution core's CACC D_BATCH_NUMBER (" + std::to_string(conv.batches - 1) + ")" +
          where);
  }
  if (batches == 1) {
    try {
      sdp_process_values(layer, conv.values, geometry, operands, m_lut, stats, m_output);
    } catch (const std::invalid_argument& e) {
      error(e.what() + where);
    }
  } else {
    // Multi-batch: every batch is processed and written on its own
    // (write_output). The operand DMAs fetch one operand cube and hand it to
    // every batch (NV_NVDLA_SDP_BRDMA_EG_ro.v releases its data only after
    // the last batch).
    const size_t n = conv.batch_values();
    std::vector<int32_t> values(n);
    for (uint32_t b = 0; b < batches; ++b) {
      std::copy_n(conv.values.begin() + static_cast<std::ptrdiff_t>(b * n), n, values.begin());
      try {
        sdp_process_values(layer, values, geometry, operands, m_lut, stats, m_output);
      } catch (const std::invalid_argument& e) {
        error(e.what() + where);
      }
      write_output(g, m_output, b);
    }
  }
  // The last sums leave CACC when the convolution ends; they still pass
  // SDP's pipeline before its write DMA has them.
  const uint64_t elements = conv.values.size();
  sc_core::wait(sc_core::sc_time(static_cast<double>(elements / m_config.sdp_throughput + kPipelineCycles),
                                 sc_core::SC_NS));
  record_stats(g, layer, stats);
}

void Sdp::write_output(unsigned g, const PackedCube& output, uint32_t batch) {
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  core::DmaPort& port =
      memory(r::D_DST_DMA_CFG_DST_RAM_TYPE.get(get(r::D_DST_DMA_CFG)) == 1, "D_DST_DMA_CFG.DST_RAM_TYPE");
  // As SDP_RDMA reads, the write DMA (NV_NVDLA_SDP_WDMA_cmd.v) uses only the
  // address and stride bits at and above the atom; nv_full's registers lack
  // bits 4:0.
  const uint64_t atom_mask = ~uint64_t{m_config.atom_bytes - 1};
  CubeAddress address;
  address.base = (uint64_t{get(r::D_DST_BASE_ADDR_HIGH)} << 32 | get(r::D_DST_BASE_ADDR_LOW)) & atom_mask;
  address.line_stride = get(r::D_DST_LINE_STRIDE) & atom_mask;
  address.surface_stride = get(r::D_DST_SURFACE_STRIDE) & atom_mask;
  // Multi-batch (nvdlav1 NV_NVDLA_SDP_WDMA_cmd.v): batch b of output element
  // (w, h, c) goes where a single batch would, plus b x D_DST_BATCH_STRIDE
  // (the batch counter is innermost and adds the stride to the width
  // position's address).
  address.base += uint64_t{batch} * (get(r::D_DST_BATCH_STRIDE) & atom_mask);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  try {
    delay = write_cube(port, address, output);
  } catch (const core::DmaError& e) {
    error(std::string("D_DST_*, group ") + std::to_string(g) + (batch > 0 ? ", batch " + std::to_string(batch) : "") +
          ": " + e.what());
  }
  bytes_written.write(DmaUnit::bytes_written());
  sc_core::wait(delay);
}

void Sdp::end_layer(unsigned g) {
  m_bank.end_layer();
  busy.write(false);
  done->unit_done(done_status_bit(Unit::Sdp, g));
}

PackedCube Sdp::pull_cube() {
  while (!m_ready_flag) sc_core::wait(m_ready);
  m_ready_flag = false;
  const unsigned g = m_bank.consumer();
  process_layer(g);
  end_layer(g);
  m_layer_done.notify(sc_core::SC_ZERO_TIME);
  return m_output;
}

}  // namespace acosim::nvdla

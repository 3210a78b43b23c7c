#include "systemc/nvdla/cdp.h"

#include <algorithm>

#include "sw/nvdla/regs/cdp.h"
#include "systemc/nvdla/feature_dma.h"

namespace acosim::nvdla {

namespace r = regs::cdp;

Cdp::Cdp(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::Cdp, true), rdma("rdma"), done("done") {
  SC_THREAD(run);
}

// The LUT port (NV_NVDLA_CDP_reg.v): a write of S_LUT_ACCESS_CFG loads the
// port address, each S_LUT_ACCESS_DATA access moves it on (cdp_lrn.h).
uint32_t Cdp::read_register(uint32_t offset) {
  if (offset == r::S_LUT_ACCESS_DATA) return m_lut.read_access_data();
  if (offset == r::S_LUT_ACCESS_CFG) return m_lut.read_access_cfg();
  return DmaUnit::read_register(offset);
}

uint32_t Cdp::peek_register(uint32_t offset) {
  if (offset == r::S_LUT_ACCESS_DATA) return m_lut.peek_access_data();
  if (offset == r::S_LUT_ACCESS_CFG) return m_lut.read_access_cfg();
  return DmaUnit::read_register(offset);
}

void Cdp::write_register(uint32_t offset, uint32_t value) {
  DmaUnit::write_register(offset, value);
  if (offset == r::S_LUT_ACCESS_CFG) m_lut.write_access_cfg(value);
  if (offset == r::S_LUT_ACCESS_DATA) m_lut.write_access_data(value);
}

CdpRegisters Cdp::registers(unsigned g, const PackedCube& input, uint32_t data_format) const {
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  CdpRegisters regs;
  // CDP_RDMA's group, as the cube it delivered.
  regs.rdma_data_cube_width = input.geometry.width - 1;
  regs.rdma_data_cube_height = input.geometry.height - 1;
  regs.rdma_data_cube_channel = input.geometry.channels - 1;
  regs.rdma_data_format = data_format;
  // The LUT registers are single: one set for both groups.
  regs.lut_cfg = m_bank.get(r::S_LUT_CFG);
  regs.lut_info = m_bank.get(r::S_LUT_INFO);
  regs.lut_le_start_low = m_bank.get(r::S_LUT_LE_START_LOW);
  regs.lut_le_start_high = m_bank.get(r::S_LUT_LE_START_HIGH);
  regs.lut_le_end_low = m_bank.get(r::S_LUT_LE_END_LOW);
  regs.lut_le_end_high = m_bank.get(r::S_LUT_LE_END_HIGH);
  regs.lut_lo_start_low = m_bank.get(r::S_LUT_LO_START_LOW);
  regs.lut_lo_start_high = m_bank.get(r::S_LUT_LO_START_HIGH);
  regs.lut_lo_end_low = m_bank.get(r::S_LUT_LO_END_LOW);
  regs.lut_lo_end_high = m_bank.get(r::S_LUT_LO_END_HIGH);
  regs.lut_le_slope_scale = m_bank.get(r::S_LUT_LE_SLOPE_SCALE);
  regs.lut_le_slope_shift = m_bank.get(r::S_LUT_LE_SLOPE_SHIFT);
  regs.lut_lo_slope_scale = m_bank.get(r::S_LUT_LO_SLOPE_SCALE);
  regs.lut_lo_slope_shift = m_bank.get(r::S_LUT_LO_SLOPE_SHIFT);
  regs.func_bypass = get(r::D_FUNC_BYPASS);
  regs.dst_compression_en = get(r::D_DST_COMPRESSION_EN);
  regs.data_format = get(r::D_DATA_FORMAT);
  regs.nan_flush_to_zero = get(r::D_NAN_FLUSH_TO_ZERO);
  regs.lrn_cfg = get(r::D_LRN_CFG);
  regs.datin_offset = get(r::D_DATIN_OFFSET);
  regs.datin_scale = get(r::D_DATIN_SCALE);
  regs.datin_shifter = get(r::D_DATIN_SHIFTER);
  regs.datout_offset = get(r::D_DATOUT_OFFSET);
  regs.datout_scale = get(r::D_DATOUT_SCALE);
  regs.datout_shifter = get(r::D_DATOUT_SHIFTER);
  regs.perf_enable = get(r::D_PERF_ENABLE);
  return regs;
}

void Cdp::run() {
  while (true) {
    while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
    const unsigned g = m_bank.consumer();
    busy.write(true);
    const std::string where = " (group " + std::to_string(g) + ")";
    const CdpRdmaLayer source = rdma->fetch(m_input);
    CdpConfig config = decode_cdp_config(registers(g, m_input, source.data_format));
    // The nvdlav1 register map means the nvdlav1 CDP, whose datapath has
    // INT16 and FP16 beside INT8; the master configurations' is INT8 only.
    config.int16_datapath = !m_config.master_map && m_config.supports(Precision::Int16);
    if (const auto problem = cdp_unsupported_or_illegal(config)) error(*problem + where);

    CdpStats stats;
    try {
      cdp_process(config, m_lut, m_input, m_output, stats);
    } catch (const std::invalid_argument& e) {
      error(e.what() + where);
    }
    auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
    core::DmaPort& port =
        memory(r::D_DST_DMA_CFG_DST_RAM_TYPE.get(get(r::D_DST_DMA_CFG)) == 1, "D_DST_DMA_CFG.DST_RAM_TYPE");
    const uint64_t atom_mask = ~uint64_t{m_config.atom_bytes - 1};
    CubeAddress address;
    address.base = (uint64_t{get(r::D_DST_BASE_ADDR_HIGH)} << 32 | get(r::D_DST_BASE_ADDR_LOW)) & atom_mask;
    address.line_stride = get(r::D_DST_LINE_STRIDE) & atom_mask;
    address.surface_stride = get(r::D_DST_SURFACE_STRIDE) & atom_mask;
    // One element per cycle per lane group (CDP_THROUGHPUT) at 1 GHz, then
    // the write. nvdlav1's converters (NV_NVDLA_CDP_DP_cvtin.v) take 16 bits
    // each, two INT8 or one INT16 / FP16 element: INT16 and FP16 run at
    // half the rate.
    const CubeGeometry& cube = m_input.geometry;
    const uint64_t elements = uint64_t{cube.width} * cube.height * cube.surfaces() * cube.elements_per_atom();
    const uint64_t per_cycle =
        cube.precision != Precision::Int8 ? std::max(1u, m_config.cdp_throughput / 2) : m_config.cdp_throughput;
    sc_core::wait(sc_core::sc_time(static_cast<double>(elements / per_cycle + 1), sc_core::SC_NS));
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    try {
      delay = write_cube(port, address, m_output);
    } catch (const core::DmaError& e) {
      error("D_DST_*, group " + std::to_string(g) + ": " + e.what());
    }
    bytes_written.write(DmaUnit::bytes_written());
    sc_core::wait(delay);
    // The LUT counters of the layer go to its group whatever
    // D_PERF_ENABLE.LUT_EN says: NV_NVDLA_CDP_DP_intp.v counts without
    // looking at it. D_OUT_SATURATION: master's NV_NVDLA_CDP_dp.v ties it
    // off (it stays 0); nvdlav1's NV_NVDLA_CDP_DP_cvtout.v counts the
    // saturation flags of its HLS_cdp_ocvt converters, INT8 and INT16 alike
    // (cdp_lrn.h), copied at the end of the layer.
    m_bank.set(r::D_PERF_LUT_UFLOW, stats.lut_uflow, g);
    m_bank.set(r::D_PERF_LUT_OFLOW, stats.lut_oflow, g);
    m_bank.set(r::D_PERF_LUT_HYBRID, stats.lut_hybrid, g);
    m_bank.set(r::D_PERF_LUT_LE_HIT, stats.lut_le_hit, g);
    m_bank.set(r::D_PERF_LUT_LO_HIT, stats.lut_lo_hit, g);
    // D_NAN_INPUT_NUM / D_INF_INPUT_NUM (NV_NVDLA_CDP_DP_nan.v) and
    // D_NAN_OUTPUT_NUM (NV_NVDLA_CDP_wdma.v) count FP16 layers only (0
    // for integer ones), copied at the end of the layer like the others.
    if (config.int16_datapath) {
      m_bank.set(r::D_OUT_SATURATION, stats.out_saturation, g);
      m_bank.set(r::D_NAN_INPUT_NUM, stats.nan_input, g);
      m_bank.set(r::D_INF_INPUT_NUM, stats.inf_input, g);
      m_bank.set(r::D_NAN_OUTPUT_NUM, stats.nan_output, g);
    }
    m_bank.end_layer();
    busy.write(false);
    done->unit_done(done_status_bit(Unit::Cdp, g));
  }
}

}  // namespace acosim::nvdla

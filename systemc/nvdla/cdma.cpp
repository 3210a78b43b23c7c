#include "systemc/nvdla/cdma.h"

#include <string>

#include "sw/nvdla/regs/cdma.h"

namespace acosim::nvdla {

namespace r = regs::cdma;

namespace {

ConvRegisterMap cdma_registers() {
  using R = ConvRegisters;
  return {{r::D_MISC_CFG, &R::cdma_misc_cfg},
          {r::D_DATAIN_FORMAT, &R::cdma_datain_format},
          {r::D_DATAIN_SIZE_0, &R::cdma_datain_size_0},
          {r::D_DATAIN_SIZE_1, &R::cdma_datain_size_1},
          {r::D_DATAIN_SIZE_EXT_0, &R::cdma_datain_size_ext_0},
          {r::D_PIXEL_OFFSET, &R::cdma_pixel_offset},
          {r::D_DAIN_RAM_TYPE, &R::cdma_dain_ram_type},
          {r::D_DAIN_ADDR_HIGH_0, &R::cdma_dain_addr_high_0},
          {r::D_DAIN_ADDR_LOW_0, &R::cdma_dain_addr_low_0},
          {r::D_DAIN_ADDR_HIGH_1, &R::cdma_dain_addr_high_1},
          {r::D_DAIN_ADDR_LOW_1, &R::cdma_dain_addr_low_1},
          {r::D_LINE_STRIDE, &R::cdma_line_stride},
          {r::D_LINE_UV_STRIDE, &R::cdma_line_uv_stride},
          {r::D_SURF_STRIDE, &R::cdma_surf_stride},
          {r::D_DAIN_MAP, &R::cdma_dain_map},
          {r::D_BATCH_NUMBER, &R::cdma_batch_number},
          {r::D_BATCH_STRIDE, &R::cdma_batch_stride},
          {r::D_ENTRY_PER_SLICE, &R::cdma_entry_per_slice},
          {r::D_FETCH_GRAIN, &R::cdma_fetch_grain},
          {r::D_WEIGHT_FORMAT, &R::cdma_weight_format},
          {r::D_WEIGHT_SIZE_0, &R::cdma_weight_size_0},
          {r::D_WEIGHT_SIZE_1, &R::cdma_weight_size_1},
          {r::D_WEIGHT_RAM_TYPE, &R::cdma_weight_ram_type},
          {r::D_WEIGHT_ADDR_HIGH, &R::cdma_weight_addr_high},
          {r::D_WEIGHT_ADDR_LOW, &R::cdma_weight_addr_low},
          {r::D_WEIGHT_BYTES, &R::cdma_weight_bytes},
          {r::D_MEAN_FORMAT, &R::cdma_mean_format},
          {r::D_MEAN_GLOBAL_0, &R::cdma_mean_global_0},
          {r::D_MEAN_GLOBAL_1, &R::cdma_mean_global_1},
          {r::D_CVT_CFG, &R::cdma_cvt_cfg},
          {r::D_CVT_OFFSET, &R::cdma_cvt_offset},
          {r::D_CVT_SCALE, &R::cdma_cvt_scale},
          {r::D_CONV_STRIDE, &R::cdma_conv_stride},
          {r::D_ZERO_PADDING, &R::cdma_zero_padding},
          {r::D_ZERO_PADDING_VALUE, &R::cdma_zero_padding_value},
          {r::D_BANK, &R::cdma_bank},
          {r::D_WGS_ADDR_HIGH, &R::cdma_wgs_addr_high},
          {r::D_WGS_ADDR_LOW, &R::cdma_wgs_addr_low},
          {r::D_WMB_ADDR_HIGH, &R::cdma_wmb_addr_high},
          {r::D_WMB_ADDR_LOW, &R::cdma_wmb_addr_low},
          {r::D_WMB_BYTES, &R::cdma_wmb_bytes},
          {r::D_NAN_FLUSH_TO_ZERO, &R::cdma_nan_flush_to_zero}};
}

}  // namespace

Cdma::Cdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::Cdma, true), stage("stage"), done("done"), m_map(cdma_registers()) {
  stage.bind(*this);
  SC_THREAD(flush_buffer);
}

void Cdma::flush_buffer() {
  sc_core::wait(sc_core::sc_time(4096, sc_core::SC_NS));
  m_bank.set(r::S_CBUF_FLUSH_STATUS, r::S_CBUF_FLUSH_STATUS_FLUSH_DONE.put(1));
}

void Cdma::wait_layer(ConvRegisters& regs) {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  busy.write(true);
  m_group = m_bank.consumer();
  copy_registers(m_bank, m_group, m_map, regs);
}

sc_core::sc_time Cdma::read(bool mc, uint64_t address, uint8_t* data, size_t bytes) {
  core::DmaPort& port = memory(mc, "D_DAIN_RAM_TYPE / D_WEIGHT_RAM_TYPE");
  try {
    const sc_core::sc_time delay = port.read(address, data, bytes);
    bytes_read.write(DmaUnit::bytes_read());
    return delay;
  } catch (const core::DmaError& e) {
    error("group " + std::to_string(m_group) + ": " + e.what());
  }
  return sc_core::SC_ZERO_TIME;
}

void Cdma::fetch_done(bool weights) {
  // S_INTR_STATUS: CDMA_DAT_DONE_STATUS<g> (bit 16 + g) and
  // CDMA_WT_DONE_STATUS<g> (bit 18 + g).
  done->unit_done((weights ? 18 : 16) + m_group);
}

void Cdma::input_counts(const ConvOutput& output) {
  // The group's fp16 NaN/Inf input counters of its last layer (nvdlav1
  // cmod/cdma/NV_NVDLA_cdma.cpp CdmaUpdateStatRegisters after each layer;
  // integer layers leave them 0).
  m_bank.set(r::D_NAN_INPUT_DATA_NUM, output.nan_input_data, m_group);
  m_bank.set(r::D_INF_INPUT_DATA_NUM, output.inf_input_data, m_group);
  m_bank.set(r::D_NAN_INPUT_WEIGHT_NUM, output.nan_input_weight, m_group);
  m_bank.set(r::D_INF_INPUT_WEIGHT_NUM, output.inf_input_weight, m_group);
}

void Cdma::end_layer() {
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
}

}  // namespace acosim::nvdla

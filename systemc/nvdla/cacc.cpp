#include "systemc/nvdla/cacc.h"

#include <stdexcept>
#include <string>

#include "sw/nvdla/regs/cacc.h"

namespace acosim::nvdla {

namespace r = regs::cacc;

namespace {

ConvRegisterMap cacc_registers() {
  using R = ConvRegisters;
  return {{r::D_MISC_CFG, &R::cacc_misc_cfg},         {r::D_DATAOUT_SIZE_0, &R::cacc_dataout_size_0},
          {r::D_DATAOUT_SIZE_1, &R::cacc_dataout_size_1}, {r::D_DATAOUT_ADDR, &R::cacc_dataout_addr},
          {r::D_BATCH_NUMBER, &R::cacc_batch_number}, {r::D_LINE_STRIDE, &R::cacc_line_stride},
          {r::D_SURF_STRIDE, &R::cacc_surf_stride},   {r::D_DATAOUT_MAP, &R::cacc_dataout_map},
          {r::D_CLIP_CFG, &R::cacc_clip_cfg}};
}

}  // namespace

Cacc::Cacc(sc_core::sc_module_name name, const HardwareConfig& config)
    : RegisterUnit(name, config, Unit::Cacc, true),
      cdma("cdma"), csc("csc"), cmac_a("cmac_a"), cmac_b("cmac_b"), to_sdp("to_sdp"), done("done"),
      m_map(cacc_registers()) {
  to_sdp.bind(*this);
}

ConvOutput Cacc::pull_output() {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  const unsigned g = m_bank.consumer();
  busy.write(true);
  ConvRegisters regs;
  copy_registers(m_bank, g, m_map, regs);
  cdma->wait_layer(regs);
  csc->wait_layer(regs);
  cmac_a->wait_layer(regs);
  cmac_b->wait_layer(regs);
  const ConvLayer layer = decode_conv(regs, m_config);
  const std::string where = " (group " + std::to_string(g) + ")";
  if (const auto problem = conv_unsupported_or_illegal(layer)) error(*problem + where);
  sc_core::sc_time memory = sc_core::SC_ZERO_TIME;
  ConvOutput output;
  try {
    output = conv_process(layer, [&](bool mc, uint64_t address, uint8_t* data, size_t bytes) {
      memory += cdma->read(mc, address, data, bytes);
    });
  } catch (const std::invalid_argument& e) {
    error(e.what() + where);
  }
  // The MAC array does atomic_c x atomic_k multiplies per cycle at 1 GHz
  // (MAC_ATOMIC_C_SIZE x MAC_ATOMIC_K_SIZE of the configuration).
  const uint64_t layer_macs = uint64_t{layer.out_width} * layer.out_height * layer.kernels * layer.kernel_width *
                              layer.kernel_height * layer.kernel_channels * layer.batches;
  m_macs += layer_macs;
  macs.write(m_macs);
  const uint64_t cycles = layer_macs / (uint64_t{layer.core.atomic_c} * layer.core.atomic_k) + 1;
  sc_core::wait(memory + sc_core::sc_time(static_cast<double>(cycles), sc_core::SC_NS));
  m_bank.set(r::D_OUT_SATURATION, output.out_saturation, g);
  cdma->end_layer();
  csc->end_layer();
  cmac_a->end_layer();
  cmac_b->end_layer();
  m_bank.end_layer();
  busy.write(false);
  // S_INTR_STATUS CACC_DONE_STATUS<g> (bit 20 + g).
  done->unit_done(20 + g);
  return output;
}

}  // namespace acosim::nvdla

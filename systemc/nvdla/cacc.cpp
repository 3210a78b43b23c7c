#include "systemc/nvdla/cacc.h"

#include <algorithm>
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
  // CDMA's data and weight DMAs run side by side; what each reads takes the
  // memory's time plus its bytes at 32 bytes per cycle.
  struct Fetch {
    sc_core::sc_time memory = sc_core::SC_ZERO_TIME;
    uint64_t bytes = 0;
    sc_core::sc_time duration() const {
      return memory + sc_core::sc_time(static_cast<double>((bytes + 31) / 32), sc_core::SC_NS);
    }
  };
  Fetch data, weights;
  // The weight DMA also fetches the weight group sizes and the mask bits of
  // compressed weights (nvdlav1 NV_NVDLA_CDMA_wt.v WGS and WMB requests).
  const auto within = [](uint64_t address, uint64_t base, uint64_t bytes) {
    return address >= base && address < base + bytes;
  };
  const uint64_t groups = (uint64_t{layer.kernels} + layer.atomic_k() - 1) / layer.atomic_k();
  const auto weight_fetch = [&](uint64_t address) {
    return within(address, layer.weight_address, layer.cdma_weight_bytes) ||
           (layer.compressed() && (within(address, layer.wgs_address, groups * 4) ||
                                   within(address, layer.wmb_address, layer.cdma_wmb_bytes)));
  };
  ConvOutput output;
  try {
    output = conv_process(layer, [&](bool mc, uint64_t address, uint8_t* bytes, size_t count) {
      Fetch& fetch = weight_fetch(address) ? weights : data;
      fetch.memory += cdma->read(mc, address, bytes, count);
      fetch.bytes += count;
    });
  } catch (const std::invalid_argument& e) {
    error(e.what() + where);
  }
  // The MAC array does atomic-C x atomic-K multiplies per cycle at 1 GHz.
  // It works while the weights stream in; after the last weight group has
  // arrived it still computes that group, and CMAC and CACC add their
  // pipeline (about 20 cycles) before the last sum leaves.
  // Winograd: each 2x2 output tile takes the 16 products of its 4x4 tile
  // per extended channel (cmod/cmac/NV_NVDLA_cmac.h, winograd_op_), 4 per
  // output, where the 4x4 "kernel" would count 16.
  const uint64_t per_output = layer.winograd() ? uint64_t{4} * layer.kernel_channels
                                               : uint64_t{layer.kernel_width} * layer.kernel_height *
                                                     layer.kernel_channels;
  const uint64_t layer_macs =
      uint64_t{layer.out_width} * layer.out_height * layer.kernels * per_output * layer.batches;
  m_macs += layer_macs;
  macs.write(m_macs);
  const uint64_t cycles = layer_macs / (uint64_t{layer.core.atomic_c} * layer.atomic_k()) + 1;
  const sc_core::sc_time cycle(1, sc_core::SC_NS);
  const sc_core::sc_time start = sc_core::sc_time_stamp();
  const sc_core::sc_time data_done = start + data.duration() + cycle;
  const sc_core::sc_time weights_done = start + weights.duration() + cycle;
  const sc_core::sc_time fetched = std::max(data_done, weights_done);
  const sc_core::sc_time computed = std::max(fetched, start + static_cast<double>(cycles) * cycle) +
                                    static_cast<double>(cycles / groups + 20) * cycle;
  // The done interrupts in the order their times come.
  const bool data_first = data_done <= weights_done;
  sc_core::wait((data_first ? data_done : weights_done) - sc_core::sc_time_stamp());
  cdma->fetch_done(!data_first);
  sc_core::wait((data_first ? weights_done : data_done) - sc_core::sc_time_stamp());
  cdma->fetch_done(data_first);
  sc_core::wait(computed - sc_core::sc_time_stamp());
  m_bank.set(r::D_OUT_SATURATION, output.out_saturation, g);
  // CDMA's fp16 NaN/Inf input counters of the layer.
  cdma->input_counts(output);
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

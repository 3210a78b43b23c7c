#include "systemc/nvdla/pdp_rdma.h"

#include "sw/nvdla/regs/pdp_rdma.h"

namespace acosim::nvdla {

namespace r = regs::pdp_rdma;

PdpRdma::PdpRdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::PdpRdma, true), out("out") {
  out.bind(*this);
}

void PdpRdma::op_enabled(unsigned) { busy.write(true); }

PdpRdmaLayer PdpRdma::wait_layer() {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  const unsigned g = m_bank.consumer();
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  PdpRdmaLayer layer;
  layer.group = g;
  layer.data_format = r::D_DATA_FORMAT_INPUT_DATA.get(get(r::D_DATA_FORMAT));
  layer.cube.width = r::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.get(get(r::D_DATA_CUBE_IN_WIDTH)) + 1;
  layer.cube.height = r::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.get(get(r::D_DATA_CUBE_IN_HEIGHT)) + 1;
  layer.cube.channels = r::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.get(get(r::D_DATA_CUBE_IN_CHANNEL)) + 1;
  // The reserved encoding 3 is reported by PDP before the fetch.
  layer.cube.precision = static_cast<Precision>(layer.data_format > 2 ? 0 : layer.data_format);
  layer.cube.atom_bytes = m_config.atom_bytes;
  layer.source.base = uint64_t{get(r::D_SRC_BASE_ADDR_HIGH)} << 32 | get(r::D_SRC_BASE_ADDR_LOW);
  layer.source.line_stride = get(r::D_SRC_LINE_STRIDE);
  layer.source.surface_stride = get(r::D_SRC_SURFACE_STRIDE);
  layer.source_mc = r::D_SRC_RAM_CFG_SRC_RAM_TYPE.get(get(r::D_SRC_RAM_CFG)) == 1;
  layer.split_num = r::D_OPERATION_MODE_CFG_SPLIT_NUM.get(get(r::D_OPERATION_MODE_CFG));
  layer.partial_width_in = get(r::D_PARTIAL_WIDTH_IN);
  const uint32_t kernel = get(r::D_POOLING_KERNEL_CFG);
  layer.kernel_width = r::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.get(kernel) + 1;
  layer.stride_width = r::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.get(kernel) + 1;
  return layer;
}

sc_core::sc_time PdpRdma::fetch(const PdpRdmaLayer& layer, PackedCube& cube) {
  if (layer.data_format > 2) {
    error("D_DATA_FORMAT.INPUT_DATA=" + std::to_string(layer.data_format) + " is a reserved encoding");
  }
  core::DmaPort& port = memory(layer.source_mc, "D_SRC_RAM_CFG.SRC_RAM_TYPE");
  // Reuse the caller's buffer: a layer's cube is as large as its input, and
  // fresh memory for every layer costs more than the pooling.
  layer.cube.validate();
  cube.geometry = layer.cube;
  try {
    const sc_core::sc_time delay = read_cube(port, layer.source, cube);
    bytes_read.write(DmaUnit::bytes_read());
    return delay;
  } catch (const core::DmaError& e) {
    error(std::string("group ") + std::to_string(layer.group) + ": " + e.what());
  }
  return sc_core::SC_ZERO_TIME;
}

void PdpRdma::end_layer() {
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
}

}  // namespace acosim::nvdla

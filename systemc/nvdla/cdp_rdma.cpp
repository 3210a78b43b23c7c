#include "systemc/nvdla/cdp_rdma.h"

#include "sw/nvdla/regs/cdp_rdma.h"
#include "systemc/nvdla/feature_dma.h"

namespace acosim::nvdla {

namespace r = regs::cdp_rdma;

CdpRdma::CdpRdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::CdpRdma, true), out("out") {
  out.bind(*this);
}

void CdpRdma::op_enabled(unsigned) { busy.write(true); }

CdpRdmaLayer CdpRdma::fetch(PackedCube& cube) {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  const unsigned g = m_bank.consumer();
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  CdpRdmaLayer layer;
  layer.group = g;
  layer.data_format = r::D_DATA_FORMAT_INPUT_DATA.get(get(r::D_DATA_FORMAT));
  const std::string where = " (group " + std::to_string(g) + ")";
  if (layer.data_format > 2) {
    error("D_DATA_FORMAT.INPUT_DATA=" + std::to_string(layer.data_format) + " is a reserved encoding" + where);
  }
  CubeGeometry geometry;
  geometry.width = get(r::D_DATA_CUBE_WIDTH) + 1;
  geometry.height = get(r::D_DATA_CUBE_HEIGHT) + 1;
  geometry.channels = get(r::D_DATA_CUBE_CHANNEL) + 1;
  geometry.precision = static_cast<Precision>(layer.data_format);
  geometry.atom_bytes = m_config.atom_bytes;
  if (!m_config.supports(geometry.precision)) {
    error(std::string("D_DATA_FORMAT.INPUT_DATA ") + precision_name(geometry.precision) + " is not supported by " +
          m_config.name + where);
  }
  core::DmaPort& port = memory(r::D_SRC_DMA_CFG_SRC_RAM_TYPE.get(get(r::D_SRC_DMA_CFG)) == 1,
                               "D_SRC_DMA_CFG.SRC_RAM_TYPE");
  // As the other read DMAs: only the address and stride bits at and above
  // the atom count (nv_full's registers lack bits 4:0).
  const uint64_t atom_mask = ~uint64_t{m_config.atom_bytes - 1};
  CubeAddress address;
  address.base = (uint64_t{get(r::D_SRC_BASE_ADDR_HIGH)} << 32 | get(r::D_SRC_BASE_ADDR_LOW)) & atom_mask;
  address.line_stride = get(r::D_SRC_LINE_STRIDE) & atom_mask;
  address.surface_stride = get(r::D_SRC_SURFACE_STRIDE) & atom_mask;
  geometry.validate();
  cube.geometry = geometry;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  try {
    delay = read_cube(port, address, cube);
  } catch (const core::DmaError& e) {
    error("group " + std::to_string(g) + ": " + e.what());
  }
  bytes_read.write(DmaUnit::bytes_read());
  sc_core::wait(delay + sc_core::sc_time(1, sc_core::SC_NS));
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
  return layer;
}

}  // namespace acosim::nvdla

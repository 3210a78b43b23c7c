#include "systemc/nvdla/sdp_rdma.h"

#include <cstdio>

#include "sw/nvdla/regs/sdp_rdma.h"
#include "systemc/nvdla/feature_dma.h"

namespace acosim::nvdla {

namespace r = regs::sdp_rdma;

namespace {
std::string hex32(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}
}  // namespace

SdpRdma::SdpRdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::SdpRdma, true), out("out") {
  out.bind(*this);
}

void SdpRdma::op_enabled(unsigned) { busy.write(true); }

SdpRdmaLayer SdpRdma::fetch(PackedCube& cube) {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  const unsigned g = m_bank.consumer();
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  const uint32_t mode = get(r::D_FEATURE_MODE_CFG);
  const std::string where = " (group " + std::to_string(g) + ", D_FEATURE_MODE_CFG=" + hex32(mode) + ")";
  if (r::D_FEATURE_MODE_CFG_FLYING_MODE.get(mode) != 0) {
    error("D_FEATURE_MODE_CFG.FLYING_MODE=ON (input from the convolution core) is not modelled" + where);
  }
  if (r::D_FEATURE_MODE_CFG_WINOGRAD.get(mode) != 0 || r::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(mode) != 0) {
    error("Winograd and multi-batch input are not modelled" + where);
  }
  const std::pair<uint32_t, const char*> operand_dmas[] = {
      {r::D_BRDMA_CFG, "BRDMA"}, {r::D_NRDMA_CFG, "NRDMA"}, {r::D_ERDMA_CFG, "ERDMA"}};
  for (const auto& [offset, name] : operand_dmas) {
    const uint32_t cfg = get(offset);
    // bit 0 is <X>RDMA_DISABLE in all three registers.
    if ((cfg & 1) == 0) {
      error(std::string("operand DMA ") + name + " is enabled (D_" + name + "_CFG=" + hex32(cfg) +
            "): operands from memory are not modelled" + " (group " + std::to_string(g) + ")");
    }
  }
  SdpRdmaLayer layer;
  layer.group = g;
  const uint32_t in = r::D_FEATURE_MODE_CFG_IN_PRECISION.get(mode);
  const uint32_t proc = r::D_FEATURE_MODE_CFG_PROC_PRECISION.get(mode);
  const uint32_t outp = r::D_FEATURE_MODE_CFG_OUT_PRECISION.get(mode);
  if (in > 2 || proc > 2 || outp > 2) error("a precision field holds the reserved encoding 3" + where);
  layer.in_precision = static_cast<Precision>(in);
  layer.proc_precision = static_cast<Precision>(proc);
  layer.out_precision = static_cast<Precision>(outp);
  if (!m_config.supports(layer.in_precision)) {
    error(std::string("IN_PRECISION ") + precision_name(layer.in_precision) + " is not supported by " +
          m_config.name + where);
  }
  core::DmaPort& port = memory(r::D_SRC_DMA_CFG_SRC_RAM_TYPE.get(get(r::D_SRC_DMA_CFG)) == 1,
                               "D_SRC_DMA_CFG.SRC_RAM_TYPE");
  CubeGeometry geometry;
  geometry.width = get(r::D_DATA_CUBE_WIDTH) + 1;
  geometry.height = get(r::D_DATA_CUBE_HEIGHT) + 1;
  geometry.channels = get(r::D_DATA_CUBE_CHANNEL) + 1;
  geometry.precision = layer.in_precision;
  geometry.atom_bytes = m_config.atom_bytes;
  CubeAddress address;
  // The master RTL uses only the address and stride bits at and above the
  // atom (NV_NVDLA_SDP_MRDMA_ig.v); nv_full's registers lack bits 4:0.
  const uint64_t atom_mask = ~uint64_t{m_config.atom_bytes - 1};
  address.base = (uint64_t{get(r::D_SRC_BASE_ADDR_HIGH)} << 32 | get(r::D_SRC_BASE_ADDR_LOW)) & atom_mask;
  address.line_stride = get(r::D_SRC_LINE_STRIDE) & atom_mask;
  address.surface_stride = get(r::D_SRC_SURFACE_STRIDE) & atom_mask;
  if (geometry.width == 1 && geometry.height == 1) {
    // A 1x1 cube is one read of S atoms from the base, strides ignored.
    address.line_stride = m_config.atom_bytes;
    address.surface_stride = m_config.atom_bytes;
  }
  cube = PackedCube(geometry);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  try {
    delay = read_cube(port, address, cube);
  } catch (const core::DmaError& e) {
    error(std::string("group ") + std::to_string(g) + ": " + e.what());
  }
  bytes_read.write(DmaUnit::bytes_read());
  sc_core::wait(delay + sc_core::sc_time(1, sc_core::SC_NS));
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
  return layer;
}

}  // namespace acosim::nvdla

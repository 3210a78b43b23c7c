#include "systemc/nvdla/sdp_rdma.h"

#include <cstdio>

#include "sw/nvdla/regs/register_map.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "systemc/nvdla/csb_access.h"
#include "systemc/nvdla/feature_dma.h"
#include "systemc/nvdla/group_write.h"

namespace acosim::nvdla {

namespace r = regs::sdp_rdma;

namespace {
constexpr const char* kReportType = "acosim/nvdla/SDP_RDMA";

std::string hex32(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}
}  // namespace

SdpRdma::SdpRdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : sc_module(name), csb("csb"), mcif("mcif"), cvif("cvif"), out("out"), m_config(config),
      m_bank(regs::unit_info(Unit::SdpRdma, config.config), true), m_mcif("SDP_RDMA MCIF", mcif),
      m_cvif("SDP_RDMA CVIF", cvif) {
  csb.register_b_transport(this, &SdpRdma::b_transport);
  csb.register_transport_dbg(this, &SdpRdma::transport_dbg);
  mcif.register_invalidate_direct_mem_ptr(this, &SdpRdma::invalidate_mcif);
  cvif.register_invalidate_direct_mem_ptr(this, &SdpRdma::invalidate_cvif);
  out.bind(*this);
}

void SdpRdma::invalidate_mcif(sc_dt::uint64 start, sc_dt::uint64 end) { m_mcif.invalidate(start, end); }
void SdpRdma::invalidate_cvif(sc_dt::uint64 start, sc_dt::uint64 end) { m_cvif.invalidate(start, end); }

void SdpRdma::error(const std::string& message) const {
  const std::string text = "SDP_RDMA: " + message;
  SC_REPORT_ERROR(kReportType, text.c_str());
}

void SdpRdma::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  if (trans.get_command() == tlm::TLM_READ_COMMAND) {
    csb_set_read_data(trans, m_bank.read(csb_offset(trans)));
    return;
  }
  const BankWrite w = m_bank.write(csb_offset(trans), csb_write_data(trans));
  check_group_write(w, "SDP_RDMA", csb_write_data(trans), kReportType);
  if (w.op_enable_set) {
    busy.write(true);
    m_enabled.notify(sc_core::SC_ZERO_TIME);
  }
}

unsigned SdpRdma::transport_dbg(tlm::tlm_generic_payload& trans) {
  if (trans.get_command() != tlm::TLM_READ_COMMAND || trans.get_data_length() != 4) return 0;
  csb_set_read_data(trans, m_bank.read(csb_offset(trans)));
  return 4;
}

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
  const bool source_mc = r::D_SRC_DMA_CFG_SRC_RAM_TYPE.get(get(r::D_SRC_DMA_CFG)) == 1;
  if (!source_mc && !m_config.has_cvif) {
    error(std::string("D_SRC_DMA_CFG.SRC_RAM_TYPE=CV selects CVIF, which ") + m_config.name + " does not have");
  }
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
    delay = read_cube(source_mc ? m_mcif : m_cvif, address, cube);
  } catch (const core::DmaError& e) {
    error(std::string("group ") + std::to_string(g) + ": " + e.what());
  }
  bytes_read.write(m_mcif.bytes_read() + m_cvif.bytes_read());
  sc_core::wait(delay + sc_core::sc_time(1, sc_core::SC_NS));
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
  return layer;
}

}  // namespace acosim::nvdla

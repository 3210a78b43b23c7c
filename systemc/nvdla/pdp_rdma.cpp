#include "systemc/nvdla/pdp_rdma.h"

#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/register_map.h"
#include "systemc/nvdla/csb_access.h"
#include "systemc/nvdla/group_write.h"

namespace acosim::nvdla {

namespace r = regs::pdp_rdma;

namespace {
constexpr const char* kReportType = "acosim/nvdla/PDP_RDMA";
}

PdpRdma::PdpRdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : sc_module(name), csb("csb"), mcif("mcif"), cvif("cvif"), out("out"), m_config(config),
      m_bank(regs::unit_info(Unit::PdpRdma, config.config), true), m_mcif("PDP_RDMA MCIF", mcif),
      m_cvif("PDP_RDMA CVIF", cvif) {
  csb.register_b_transport(this, &PdpRdma::b_transport);
  csb.register_transport_dbg(this, &PdpRdma::transport_dbg);
  mcif.register_invalidate_direct_mem_ptr(this, &PdpRdma::invalidate_mcif);
  cvif.register_invalidate_direct_mem_ptr(this, &PdpRdma::invalidate_cvif);
  out.bind(*this);
}

void PdpRdma::invalidate_mcif(sc_dt::uint64 start, sc_dt::uint64 end) { m_mcif.invalidate(start, end); }
void PdpRdma::invalidate_cvif(sc_dt::uint64 start, sc_dt::uint64 end) { m_cvif.invalidate(start, end); }

void PdpRdma::error(const std::string& message) const {
  const std::string text = "PDP_RDMA: " + message;
  SC_REPORT_ERROR(kReportType, text.c_str());
}

void PdpRdma::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  if (trans.get_command() == tlm::TLM_READ_COMMAND) {
    csb_set_read_data(trans, m_bank.read(csb_offset(trans)));
    return;
  }
  const BankWrite w = m_bank.write(csb_offset(trans), csb_write_data(trans));
  check_group_write(w, "PDP_RDMA", csb_write_data(trans), kReportType);
  if (w.op_enable_set) {
    busy.write(true);
    m_enabled.notify(sc_core::SC_ZERO_TIME);
  }
}

unsigned PdpRdma::transport_dbg(tlm::tlm_generic_payload& trans) {
  if (trans.get_command() != tlm::TLM_READ_COMMAND || trans.get_data_length() != 4) return 0;
  csb_set_read_data(trans, m_bank.read(csb_offset(trans)));
  return 4;
}

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
  if (!layer.source_mc && !m_config.has_cvif) {
    error(std::string("D_SRC_RAM_CFG.SRC_RAM_TYPE=CV selects CVIF, which ") + m_config.name + " does not have");
  }
  // Reuse the caller's buffer: a layer's cube is as large as its input, and
  // fresh memory for every layer costs more than the pooling.
  layer.cube.validate();
  cube.geometry = layer.cube;
  try {
    const sc_core::sc_time delay = read_cube(layer.source_mc ? m_mcif : m_cvif, layer.source, cube);
    bytes_read.write(m_mcif.bytes_read() + m_cvif.bytes_read());
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

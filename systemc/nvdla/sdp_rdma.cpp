#include "systemc/nvdla/sdp_rdma.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "sw/nvdla/regs/sdp_rdma.h"
#include "systemc/nvdla/feature_dma.h"
#include "systemc/nvdla/float16.h"

namespace acosim::nvdla {

namespace r = regs::sdp_rdma;

namespace {
std::string hex32(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}
}  // namespace

// The registers of one operand DMA (NVDLA_SDP_RDMA.rdl D_BRDMA_CFG,
// D_BS_BASE_ADDR_LOW ...; the three share one field layout).
struct SdpRdma::OperandDma {
  const char* name;  // "BRDMA"
  uint32_t cfg, base_low, base_high, line_stride, surface_stride;
};

SdpRdma::SdpRdma(sc_core::sc_module_name name, const HardwareConfig& config)
    : DmaUnit(name, config, Unit::SdpRdma, true), out("out") {
  out.bind(*this);
}

void SdpRdma::op_enabled(unsigned) { busy.write(true); }

bool SdpRdma::enabled() const { return m_bank.op_enabled(m_bank.consumer()); }

SdpRdmaLayer SdpRdma::fetch(PackedCube& cube) {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  const unsigned g = m_bank.consumer();
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  const uint32_t mode = get(r::D_FEATURE_MODE_CFG);
  const std::string where = " (group " + std::to_string(g) + ", D_FEATURE_MODE_CFG=" + hex32(mode) + ")";
  // FLYING_MODE = ON: the feature data comes from the convolution core and
  // MRDMA stays off; the operand DMAs still fetch (NV_NVDLA_SDP_rdma.v).
  const bool flying = r::D_FEATURE_MODE_CFG_FLYING_MODE.get(mode) != 0;
  if (r::D_FEATURE_MODE_CFG_WINOGRAD.get(mode) != 0 && !flying) {
    error("Winograd input from memory is not modelled" + where);
  }
  SdpRdmaLayer layer;
  layer.group = g;
  // With several batches the operand DMAs fetch one operand cube, which SDP
  // applies to every batch (NV_NVDLA_SDP_BRDMA_EG_ro.v). MRDMA has no batch
  // stride: its batch counter is the innermost loop of its requests and
  // leaves the address alone (nvdlav1 NV_NVDLA_SDP_MRDMA_ig.v, count_b), so
  // every line is read once per batch from the same place and every batch
  // is the same cube. NVDLA's programming guide has batches come from the
  // convolution core; the C model reads them from memory this way only as a
  // workaround for testing SDP alone (cmod/sdp/NV_NVDLA_sdp.cpp
  // CMOD_WAR_WG_BATCH), and the trace generator allows it.
  layer.batches = r::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(mode) + 1;
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
  // read_cube fills every byte; the caller's buffer is reused.
  geometry.validate();
  cube.geometry = geometry;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  if (!flying) {
    core::DmaPort& port =
        memory(r::D_SRC_DMA_CFG_SRC_RAM_TYPE.get(get(r::D_SRC_DMA_CFG)) == 1, "D_SRC_DMA_CFG.SRC_RAM_TYPE");
    try {
      for (uint32_t b = 0; b < layer.batches; ++b) delay += read_cube(port, address, cube);
    } catch (const core::DmaError& e) {
      error(std::string("group ") + std::to_string(g) + ": " + e.what());
    }
    if (layer.in_precision == Precision::Fp16) count_nan_inf(g, cube, layer.batches);
  }
  static constexpr OperandDma kBrdma{"BRDMA", r::D_BRDMA_CFG, r::D_BS_BASE_ADDR_LOW, r::D_BS_BASE_ADDR_HIGH,
                                     r::D_BS_LINE_STRIDE, r::D_BS_SURFACE_STRIDE};
  static constexpr OperandDma kNrdma{"NRDMA", r::D_NRDMA_CFG, r::D_BN_BASE_ADDR_LOW, r::D_BN_BASE_ADDR_HIGH,
                                     r::D_BN_LINE_STRIDE, r::D_BN_SURFACE_STRIDE};
  static constexpr OperandDma kErdma{"ERDMA", r::D_ERDMA_CFG, r::D_EW_BASE_ADDR_LOW, r::D_EW_BASE_ADDR_HIGH,
                                     r::D_EW_LINE_STRIDE, r::D_EW_SURFACE_STRIDE};
  layer.operands.bs = fetch_operands(kBrdma, g, geometry, layer.proc_precision, delay);
  layer.operands.bn = fetch_operands(kNrdma, g, geometry, layer.proc_precision, delay);
  // Without the EW stage ERDMA acts disabled whatever D_ERDMA_CFG says
  // (NV_NVDLA_SDP_rdma.v ties it off).
  if (m_config.sdp_has_ew) layer.operands.ew = fetch_operands(kErdma, g, geometry, layer.proc_precision, delay);
  bytes_read.write(DmaUnit::bytes_read());
  sc_core::wait(delay + sc_core::sc_time(1, sc_core::SC_NS));
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
  return layer;
}

// MRDMA counts the FP16 NaNs and infinities of every element it reads,
// lanes past the last channel included and each batch's read of the cube
// again, when PERF_NAN_INF_COUNT_EN is set (NV_NVDLA_SDP_MRDMA_EG_dout.v),
// each counter stopping at all ones.
void SdpRdma::count_nan_inf(unsigned g, const PackedCube& cube, uint32_t reads) {
  if (r::D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN.get(m_bank.get(r::D_PERF_ENABLE, g)) == 0) return;
  uint64_t nans = 0, infs = 0;
  for (size_t i = 0; i + 1 < cube.bytes.size(); i += 2) {
    const uint16_t bits = uint16_t(cube.bytes[i] | cube.bytes[i + 1] << 8);
    nans += fp16_is_nan(bits);
    infs += fp16_is_inf(bits);
  }
  m_bank.set(r::D_STATUS_NAN_INPUT_NUM, uint32_t(std::min<uint64_t>(nans * reads, UINT32_MAX)), g);
  m_bank.set(r::D_STATUS_INF_INPUT_NUM, uint32_t(std::min<uint64_t>(infs * reads, UINT32_MAX)), g);
}

SdpMemoryOperands SdpRdma::fetch_operands(const OperandDma& dma, unsigned g, const CubeGeometry& cube,
                                          Precision proc_precision, sc_core::sc_time& delay) {
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  // D_BRDMA_CFG's layout serves all three DMAs: DISABLE, DATA_USE,
  // DATA_SIZE, DATA_MODE, RAM_TYPE.
  const uint32_t cfg = get(dma.cfg);
  SdpMemoryOperands operands;
  if (r::D_BRDMA_CFG_BRDMA_DISABLE.get(cfg) != 0) return operands;
  const std::string where = std::string(" (group ") + std::to_string(g) + ", D_" + dma.name + "_CFG=" + hex32(cfg) + ")";
  const uint32_t use = r::D_BRDMA_CFG_BRDMA_DATA_USE.get(cfg);
  if (use > 2) error(std::string(dma.name) + "_DATA_USE holds the reserved encoding 3" + where);
  operands.enabled = true;
  operands.use = static_cast<SdpOperandUse>(use);
  operands.two_bytes = r::D_BRDMA_CFG_BRDMA_DATA_SIZE.get(cfg) != 0;
  operands.per_element = r::D_BRDMA_CFG_BRDMA_DATA_MODE.get(cfg) != 0;
  // One-byte operands are for INT8 processing only: NV_NVDLA_SDP_RDMA_reg.v
  // flags ONE_BYTE with PROC_PRECISION INT16/FP16 as illegal.
  if (!operands.two_bytes && proc_precision != Precision::Int8) {
    error(std::string(dma.name) + "_DATA_SIZE = ONE_BYTE with PROC_PRECISION " + precision_name(proc_precision) +
          " is illegal" + where);
  }
  // Records follow the feature cube's packing at PROC_PRECISION.
  CubeGeometry proc = cube;
  proc.precision = proc_precision;
  operands.elements_per_atom = proc.elements_per_atom();
  operands.surface_elements = uint64_t{proc.width} * proc.height * proc.elements_per_atom();
  const uint32_t record = operands.record_bytes();
  core::DmaPort& port = memory(r::D_BRDMA_CFG_BRDMA_RAM_TYPE.get(cfg) == 1,
                               (std::string("D_") + dma.name + "_CFG." + dma.name + "_RAM_TYPE").c_str());
  const uint64_t atom_mask = ~uint64_t{m_config.atom_bytes - 1};
  CubeAddress address;
  address.base = (uint64_t{get(dma.base_high)} << 32 | get(dma.base_low)) & atom_mask;
  address.line_stride = get(dma.line_stride) & atom_mask;
  address.surface_stride = get(dma.surface_stride) & atom_mask;
  // The records as a cube of int8 "channels": one line holds W * E records.
  // PER_KERNEL (and a 1x1 cube) is one contiguous read, strides ignored
  // (NV_NVDLA_SDP_RDMA_ig.v).
  const uint64_t line_bytes = uint64_t{proc.width} * proc.elements_per_atom() * record;
  PackedCube records;
  records.geometry.precision = Precision::Int8;
  records.geometry.atom_bytes = m_config.atom_bytes;
  if (!operands.per_element || (proc.width == 1 && proc.height == 1)) {
    const uint64_t bytes = uint64_t{proc.surfaces()} * proc.elements_per_atom() *
                           (operands.per_element ? proc.width * proc.height : 1) * record;
    records.geometry.width = static_cast<uint32_t>(bytes / m_config.atom_bytes);
    records.geometry.channels = m_config.atom_bytes;
    address.line_stride = address.surface_stride = bytes;
  } else {
    records.geometry.width = static_cast<uint32_t>(line_bytes / m_config.atom_bytes);
    records.geometry.height = proc.height;
    records.geometry.channels = proc.surfaces() * m_config.atom_bytes;
  }
  try {
    delay += read_cube(port, address, records);
  } catch (const core::DmaError& e) {
    error(std::string(dma.name) + ", group " + std::to_string(g) + ": " + e.what());
  }
  operands.bytes = std::move(records.bytes);
  return operands;
}

}  // namespace acosim::nvdla

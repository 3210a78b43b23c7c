#include "testbench/nvdla/firmware/trace_layer.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>

#include "sw/common/hex.h"
#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/register_map.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/trace/cfg_trace.h"
#include "testbench/nvdla/trace/trace_player.h"
#include "testbench/nvdla/trace/txn_trace.h"

namespace acosim::nvdla::firmware {
namespace {

namespace fs = std::filesystem;
namespace rb = regs::bdma;
namespace rp = regs::pdp;
namespace rr = regs::pdp_rdma;
namespace rs = regs::sdp;
namespace rsr = regs::sdp_rdma;
namespace rc = regs::cdp;
namespace rcr = regs::cdp_rdma;
namespace rdm = regs::cdma;
namespace rcs = regs::csc;
namespace rca = regs::cacc;
namespace rma = regs::cmac_a;
namespace rmb = regs::cmac_b;

// The reciprocals of the kernel sizes 1..8 the firmware programs for INT8
// and INT16 averages (nvdla/sw kmd/firmware/pdp.c, recip_kernel_size[0]):
// a trace whose average uses other values cannot be expressed by a
// descriptor.
constexpr uint32_t kFirmwareRecipInt[8] = {0x10000, 0x8000, 0x5555, 0x4000, 0x3333, 0x2aaa, 0x2492, 0x2000};
// recip_kernel_size[1], for FP16.
constexpr uint32_t kFirmwareRecipFp16[8] = {0x7c00, 0x7800, 0x7555, 0x7400, 0x7266, 0x7155, 0x7092, 0x7000};

// SDP's LUT table port, as NV_NVDLA_SDP_reg.v implements it (see
// systemc/nvdla/sdp_lut.h SdpLutTables): a write of S_LUT_ACCESS_CFG loads
// the port address with LUT_ADDR and selects the table and access type; a
// write of S_LUT_ACCESS_DATA stores LUT_DATA at the port address of the
// selected table for ACCESS_TYPE = WRITE inside the table; every data write
// or read then advances the address, modulo 1024. Tables start at reset (0).
class LutPort {
 public:
  void write_cfg(uint32_t value) {
    m_address = rs::S_LUT_ACCESS_CFG_LUT_ADDR.get(value);
    m_lo = rs::S_LUT_ACCESS_CFG_LUT_TABLE_ID.get(value) == rs::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO;
    m_write = rs::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.get(value) == rs::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE;
  }
  void write_data(uint32_t value) {
    const auto entry = int16_t(uint16_t(rs::S_LUT_ACCESS_DATA_LUT_DATA.get(value)));
    if (m_write && m_lo && m_address < m_tables.lo.size()) m_tables.lo[m_address] = entry;
    if (m_write && !m_lo && m_address < m_tables.le.size()) m_tables.le[m_address] = entry;
    advance();
  }
  void read_data() { advance(); }
  const LutTables& tables() const { return m_tables; }

 private:
  void advance() { m_address = (m_address + 1) % 1024; }

  uint32_t m_address = 0;
  bool m_lo = false;
  bool m_write = false;
  LutTables m_tables;
};

// CDP's LUT table port, as NV_NVDLA_CDP_REG_single.v and
// NV_NVDLA_CDP_DP_lut.v implement it (see systemc/nvdla/cdp_lrn.h
// CdpLutTables), which differs from SDP's: a write of S_LUT_ACCESS_CFG loads
// the port address with LUT_ADDR and selects the table and access type; a
// write of S_LUT_ACCESS_DATA stores LUT_DATA at the port address of the
// selected table and advances the address only when ACCESS_TYPE = WRITE,
// a read advances it only when ACCESS_TYPE = READ; the address stops at the
// selected table's last entry (64 LE, 256 LO) and beyond it counts on,
// modulo 1024. Tables start at reset (0).
class CdpLutPort {
 public:
  void write_cfg(uint32_t value) {
    m_address = rc::S_LUT_ACCESS_CFG_LUT_ADDR.get(value);
    m_lo = rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID.get(value) == rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO;
    m_write = rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.get(value) == rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE;
  }
  void write_data(uint32_t value) {
    if (!m_write) return;
    const auto entry = int16_t(uint16_t(rc::S_LUT_ACCESS_DATA_LUT_DATA.get(value)));
    if (m_lo && m_address < m_tables.lo.size()) m_tables.lo[m_address] = entry;
    if (!m_lo && m_address < m_tables.le.size()) m_tables.le[m_address] = entry;
    advance();
  }
  void read_data() {
    if (!m_write) advance();
  }
  const LutTables& tables() const { return m_tables; }

 private:
  void advance() {
    const uint32_t last = uint32_t(m_lo ? m_tables.lo.size() : m_tables.le.size()) - 1;
    if (m_address != last) m_address = (m_address + 1) % 1024;
  }

  uint32_t m_address = 0;
  bool m_lo = false;
  bool m_write = false;
  LutTables m_tables;
};

// The registers a trace programs, by unit and offset, in first-write order.
class Programming {
 public:
  Programming(std::string path, Config config) : m_path(std::move(path)), m_config(config) {}

  [[noreturn]] void fail(const std::string& cause) const { throw TraceLayerError(m_path + ": " + cause); }

  void write(Unit unit, uint32_t offset, uint32_t value) {
    const auto key = std::make_pair(unit, offset);
    if (unit == Unit::Sdp && offset == rs::S_LUT_ACCESS_CFG) m_lut.write_cfg(value);
    if (unit == Unit::Sdp && offset == rs::S_LUT_ACCESS_DATA) m_lut.write_data(value);
    if (unit == Unit::Cdp && offset == rc::S_LUT_ACCESS_CFG) m_cdp_lut.write_cfg(value);
    if (unit == Unit::Cdp && offset == rc::S_LUT_ACCESS_DATA) m_cdp_lut.write_data(value);
    if (is_enable(unit, offset)) {
      // BDMA's two launch registers each start a group: launched stays set.
      m_enabled[unit] = (value & 1) || (unit == Unit::Bdma && m_enabled[unit]);
      return;
    }
    const auto it = m_index.find(key);
    if (it != m_index.end()) {
      m_registers[it->second].value = value;
      return;
    }
    const regs::RegisterInfo* info = regs::unit_info(unit, m_config).find(offset);
    if (!info) fail(std::string(unit_name(unit)) + " register offset " + hex(offset) + " is not in the register map");
    m_index[key] = m_registers.size();
    m_registers.push_back({unit, offset, std::string(unit_name(unit)) + "." + info->name, value});
  }

  // BDMA queues one transfer, the CFG_* registers as they stand, at each
  // write of CFG_OP with EN=1 (NV_NVDLA_BDMA_csb.v); LAUNCH0/1 start the
  // queued transfers.
  void write_bdma(uint32_t offset, uint32_t data) {
    write(Unit::Bdma, offset, data);
    if (offset != rb::CFG_OP || rb::CFG_OP_EN.get(data) != rb::CFG_OP_EN_ENABLE) return;
    std::map<uint32_t, uint32_t> slot;
    for (const uint32_t r : {rb::CFG_SRC_ADDR_LOW, rb::CFG_SRC_ADDR_HIGH, rb::CFG_DST_ADDR_LOW, rb::CFG_DST_ADDR_HIGH,
                             rb::CFG_LINE, rb::CFG_CMD, rb::CFG_LINE_REPEAT, rb::CFG_SRC_LINE, rb::CFG_DST_LINE,
                             rb::CFG_SURF_REPEAT, rb::CFG_SRC_SURF, rb::CFG_DST_SURF}) {
      slot[r] = value(Unit::Bdma, r);
    }
    m_bdma_slots.push_back(std::move(slot));
  }
  const std::vector<std::map<uint32_t, uint32_t>>& bdma_slots() const { return m_bdma_slots; }

  bool enabled(Unit unit) const {
    const auto it = m_enabled.find(unit);
    return it != m_enabled.end() && it->second;
  }

  bool written(Unit unit, uint32_t offset) const { return m_index.count({unit, offset}) != 0; }

  // The value the hardware holds: the trace's last write, else the reset value.
  uint32_t value(Unit unit, uint32_t offset) const {
    const auto it = m_index.find({unit, offset});
    if (it != m_index.end()) return m_registers[it->second].value;
    const regs::RegisterInfo* info = regs::unit_info(unit, m_config).find(offset);
    return info ? info->reset : 0;
  }

  std::string name(Unit unit, uint32_t offset) const {
    const regs::RegisterInfo* info = regs::unit_info(unit, m_config).find(offset);
    return std::string(unit_name(unit)) + "." + (info ? info->name : hex(offset));
  }

  // Two registers the firmware writes from one descriptor field must agree.
  void same(Unit a, uint32_t a_offset, Unit b, uint32_t b_offset, uint32_t mask, const std::string& field) const {
    const uint32_t va = value(a, a_offset) & mask, vb = value(b, b_offset) & mask;
    if (va != vb) {
      fail(name(a, a_offset) + " (" + hex(va) + ") and " + name(b, b_offset) + " (" + hex(vb) +
           ") differ, but the firmware programs both from the one descriptor field " + field);
    }
  }

  const std::vector<TraceRegister>& registers() const { return m_registers; }

  // A read of S_LUT_ACCESS_DATA advances the LUT port.
  void read(Unit unit, uint32_t offset) {
    if (unit == Unit::Sdp && offset == rs::S_LUT_ACCESS_DATA) m_lut.read_data();
    if (unit == Unit::Cdp && offset == rc::S_LUT_ACCESS_DATA) m_cdp_lut.read_data();
  }
  const LutTables& lut_tables() const { return m_lut.tables(); }
  const LutTables& cdp_lut_tables() const { return m_cdp_lut.tables(); }

 private:
  static bool is_enable(Unit unit, uint32_t offset) {
    switch (unit) {
      case Unit::Pdp: return offset == rp::D_OP_ENABLE;
      case Unit::PdpRdma: return offset == rr::D_OP_ENABLE;
      case Unit::Sdp: return offset == rs::D_OP_ENABLE;
      case Unit::SdpRdma: return offset == rsr::D_OP_ENABLE;
      case Unit::Cdp: return offset == rc::D_OP_ENABLE;
      case Unit::CdpRdma: return offset == rcr::D_OP_ENABLE;
      case Unit::Cdma: return offset == rdm::D_OP_ENABLE;
      case Unit::Csc: return offset == rcs::D_OP_ENABLE;
      case Unit::CmacA: return offset == rma::D_OP_ENABLE;
      case Unit::CmacB: return offset == rmb::D_OP_ENABLE;
      case Unit::Cacc: return offset == rca::D_OP_ENABLE;
      case Unit::Bdma: return offset == rb::CFG_LAUNCH0 || offset == rb::CFG_LAUNCH1;
      default: return false;
    }
  }

  std::string m_path;
  Config m_config;
  std::vector<TraceRegister> m_registers;
  std::map<std::pair<Unit, uint32_t>, size_t> m_index;
  std::map<Unit, bool> m_enabled;
  LutPort m_lut;
  CdpLutPort m_cdp_lut;
  std::vector<std::map<uint32_t, uint32_t>> m_bdma_slots;
};

uint32_t bytes_per_element(uint8_t precision) { return precision == kPrecisionInt8 ? 1 : 2; }

// dla_data_cube.size: every surface of the cube.
uint32_t cube_size(const DataCube& c, uint8_t precision, uint32_t atom_bytes) {
  const uint32_t per_atom = atom_bytes / bytes_per_element(precision);
  const uint32_t surfaces = (uint32_t(c.channel) + per_atom - 1) / per_atom;
  return c.surf_stride * surfaces;
}

MemoryType memory_of_ram(uint32_t mc_bit) { return mc_bit ? MemoryType::Mc : MemoryType::Cv; }

// dla_pdp_op_desc from PDP's registers (processor_pdp_program, inverted).
PdpOpDesc decode_pdp_op(const Programming& p, std::vector<std::string>& notes) {
  PdpOpDesc op;
  const uint32_t mode = p.value(Unit::Pdp, rp::D_OPERATION_MODE_CFG);
  op.pool_mode = uint8_t(rp::D_OPERATION_MODE_CFG_POOLING_METHOD.get(mode));
  if (op.pool_mode > kPoolModeMin) p.fail("PDP.D_OPERATION_MODE_CFG.POOLING_METHOD=3 is a reserved encoding");
  op.split_num = uint8_t(rp::D_OPERATION_MODE_CFG_SPLIT_NUM.get(mode) + 1);
  if (op.split_num > 1) {
    const uint32_t in = p.value(Unit::Pdp, rp::D_PARTIAL_WIDTH_IN);
    const uint32_t out = p.value(Unit::Pdp, rp::D_PARTIAL_WIDTH_OUT);
    op.partial_in_width_first = uint16_t(rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.get(in) + 1);
    op.partial_in_width_mid = uint16_t(rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.get(in) + 1);
    op.partial_in_width_last = uint16_t(rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.get(in) + 1);
    op.partial_width_first = uint16_t(rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST.get(out) + 1);
    op.partial_width_mid = uint16_t(rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID.get(out) + 1);
    op.partial_width_last = uint16_t(rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST.get(out) + 1);
  } else if (p.value(Unit::Pdp, rp::D_PARTIAL_WIDTH_IN) != 0 || p.value(Unit::Pdp, rp::D_PARTIAL_WIDTH_OUT) != 0) {
    notes.push_back("PDP D_PARTIAL_WIDTH_IN/OUT hold " + hex(p.value(Unit::Pdp, rp::D_PARTIAL_WIDTH_IN)) + "/" +
                    hex(p.value(Unit::Pdp, rp::D_PARTIAL_WIDTH_OUT)) +
                    " without split (SPLIT_NUM=0): unused; the layer's partial widths are 0");
  }
  const uint32_t kernel = p.value(Unit::Pdp, rp::D_POOLING_KERNEL_CFG);
  op.pool_width = uint8_t(rp::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.get(kernel));
  op.pool_height = uint8_t(rp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.get(kernel));
  op.stride_x = uint8_t(rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.get(kernel) + 1);
  op.stride_y = uint8_t(rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.get(kernel) + 1);
  if (op.pool_width > 7 || op.pool_height > 7) {
    p.fail("PDP.D_POOLING_KERNEL_CFG " + hex(kernel) + " names a kernel above 8 (POOL_SIZE_8 is the largest)");
  }
  const uint32_t pad = p.value(Unit::Pdp, rp::D_POOLING_PADDING_CFG);
  op.pad_left = uint8_t(rp::D_POOLING_PADDING_CFG_PAD_LEFT.get(pad));
  op.pad_right = uint8_t(rp::D_POOLING_PADDING_CFG_PAD_RIGHT.get(pad));
  op.pad_top = uint8_t(rp::D_POOLING_PADDING_CFG_PAD_TOP.get(pad));
  op.pad_bottom = uint8_t(rp::D_POOLING_PADDING_CFG_PAD_BOTTOM.get(pad));
  op.precision = uint8_t(rp::D_DATA_FORMAT_INPUT_DATA.get(p.value(Unit::Pdp, rp::D_DATA_FORMAT)));
  if (op.precision > kPrecisionFp16) p.fail("PDP.D_DATA_FORMAT.INPUT_DATA=3 is a reserved encoding");
  // The firmware writes padding_value[i] as it is to PAD_VALUE_<i+1>X.
  constexpr uint32_t pad_values[7] = {rp::D_POOLING_PADDING_VALUE_1_CFG, rp::D_POOLING_PADDING_VALUE_2_CFG,
                                      rp::D_POOLING_PADDING_VALUE_3_CFG, rp::D_POOLING_PADDING_VALUE_4_CFG,
                                      rp::D_POOLING_PADDING_VALUE_5_CFG, rp::D_POOLING_PADDING_VALUE_6_CFG,
                                      rp::D_POOLING_PADDING_VALUE_7_CFG};
  for (size_t i = 0; i < 7; ++i) op.padding_value[i] = int32_t(p.value(Unit::Pdp, pad_values[i]));

  // The firmware computes the reciprocals from the kernel; for an average the
  // trace's values must be those.
  const auto& table = op.precision == kPrecisionFp16 ? kFirmwareRecipFp16 : kFirmwareRecipInt;
  const uint32_t recip_w = p.value(Unit::Pdp, rp::D_RECIP_KERNEL_WIDTH);
  const uint32_t recip_h = p.value(Unit::Pdp, rp::D_RECIP_KERNEL_HEIGHT);
  const bool recip_match = recip_w == table[op.pool_width] && recip_h == table[op.pool_height];
  if (op.pool_mode == kPoolModeAvg && !recip_match) {
    p.fail("PDP.D_RECIP_KERNEL_WIDTH/HEIGHT " + hex(recip_w) + "/" + hex(recip_h) + " differ from the firmware's " +
           hex(table[op.pool_width]) + "/" + hex(table[op.pool_height]) + " for a " +
           std::to_string(op.pool_width + 1) + "x" + std::to_string(op.pool_height + 1) +
           " average (pdp.c recip_kernel_size): no descriptor reproduces this trace");
  }
  if (!recip_match) {
    notes.push_back("PDP D_RECIP_KERNEL_WIDTH/HEIGHT " + hex(recip_w) + "/" + hex(recip_h) +
                    " are unused by max/min pooling; the firmware writes " + hex(table[op.pool_width]) + "/" +
                    hex(table[op.pool_height]));
  }
  return op;
}

DataCube decode_pdp_destination(const Programming& p, uint8_t precision, uint32_t atom_bytes) {
  DataCube c;
  c.type = memory_of_ram(rp::D_DST_RAM_CFG_DST_RAM_TYPE.get(p.value(Unit::Pdp, rp::D_DST_RAM_CFG)));
  c.address =
      uint64_t{p.value(Unit::Pdp, rp::D_DST_BASE_ADDR_HIGH)} << 32 | p.value(Unit::Pdp, rp::D_DST_BASE_ADDR_LOW);
  c.width = uint16_t(rp::D_DATA_CUBE_OUT_WIDTH_CUBE_OUT_WIDTH.get(p.value(Unit::Pdp, rp::D_DATA_CUBE_OUT_WIDTH)) + 1);
  c.height =
      uint16_t(rp::D_DATA_CUBE_OUT_HEIGHT_CUBE_OUT_HEIGHT.get(p.value(Unit::Pdp, rp::D_DATA_CUBE_OUT_HEIGHT)) + 1);
  c.channel =
      uint16_t(rp::D_DATA_CUBE_OUT_CHANNEL_CUBE_OUT_CHANNEL.get(p.value(Unit::Pdp, rp::D_DATA_CUBE_OUT_CHANNEL)) + 1);
  c.line_stride = p.value(Unit::Pdp, rp::D_DST_LINE_STRIDE);
  c.surf_stride = p.value(Unit::Pdp, rp::D_DST_SURFACE_STRIDE);
  c.size = cube_size(c, precision, atom_bytes);
  return c;
}

// PDP's input cube dimensions, which the firmware writes from src_data.
void check_pdp_input(const Programming& p, const DataCube& src, const std::string& source) {
  const uint32_t w = rp::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.get(p.value(Unit::Pdp, rp::D_DATA_CUBE_IN_WIDTH)) + 1;
  const uint32_t h = rp::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.get(p.value(Unit::Pdp, rp::D_DATA_CUBE_IN_HEIGHT)) + 1;
  const uint32_t c = rp::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.get(p.value(Unit::Pdp, rp::D_DATA_CUBE_IN_CHANNEL)) + 1;
  if (w != src.width || h != src.height || c != src.channel) {
    p.fail("PDP.D_DATA_CUBE_IN_* " + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(c) +
           " differs from " + source + "'s cube " + std::to_string(src.width) + "x" + std::to_string(src.height) + "x" +
           std::to_string(src.channel) + ": the firmware programs both from one src_data");
  }
}

PdpLayer decode_offline_pdp(const Programming& p, uint32_t atom_bytes, std::vector<std::string>& notes) {
  PdpLayer layer;
  layer.op = decode_pdp_op(p, notes);
  DataCube& s = layer.src_data;
  s.type = memory_of_ram(rr::D_SRC_RAM_CFG_SRC_RAM_TYPE.get(p.value(Unit::PdpRdma, rr::D_SRC_RAM_CFG)));
  s.address = uint64_t{p.value(Unit::PdpRdma, rr::D_SRC_BASE_ADDR_HIGH)} << 32 |
              p.value(Unit::PdpRdma, rr::D_SRC_BASE_ADDR_LOW);
  s.width = uint16_t(rr::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.get(p.value(Unit::PdpRdma, rr::D_DATA_CUBE_IN_WIDTH)) + 1);
  s.height =
      uint16_t(rr::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.get(p.value(Unit::PdpRdma, rr::D_DATA_CUBE_IN_HEIGHT)) + 1);
  s.channel =
      uint16_t(rr::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.get(p.value(Unit::PdpRdma, rr::D_DATA_CUBE_IN_CHANNEL)) + 1);
  s.line_stride = p.value(Unit::PdpRdma, rr::D_SRC_LINE_STRIDE);
  s.surf_stride = p.value(Unit::PdpRdma, rr::D_SRC_SURFACE_STRIDE);
  s.size = cube_size(s, layer.op.precision, atom_bytes);
  check_pdp_input(p, s, "PDP_RDMA");
  // processor_pdp_program writes each of these PDP_RDMA/PDP pairs from one field.
  p.same(Unit::PdpRdma, rr::D_SRC_LINE_STRIDE, Unit::Pdp, rp::D_SRC_LINE_STRIDE, ~0u, "src_data.line_stride");
  p.same(Unit::PdpRdma, rr::D_SRC_SURFACE_STRIDE, Unit::Pdp, rp::D_SRC_SURFACE_STRIDE, ~0u, "src_data.surf_stride");
  p.same(Unit::PdpRdma, rr::D_DATA_FORMAT, Unit::Pdp, rp::D_DATA_FORMAT, rr::D_DATA_FORMAT_INPUT_DATA.mask(),
         "precision");
  if (rr::D_OPERATION_MODE_CFG_SPLIT_NUM.get(p.value(Unit::PdpRdma, rr::D_OPERATION_MODE_CFG)) !=
      rp::D_OPERATION_MODE_CFG_SPLIT_NUM.get(p.value(Unit::Pdp, rp::D_OPERATION_MODE_CFG))) {
    p.fail("PDP_RDMA and PDP D_OPERATION_MODE_CFG.SPLIT_NUM differ; the firmware programs both from split_num");
  }
  const uint32_t rk = p.value(Unit::PdpRdma, rr::D_POOLING_KERNEL_CFG);
  if (rr::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.get(rk) != layer.op.pool_width ||
      rr::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.get(rk) + 1 != layer.op.stride_x) {
    p.fail("PDP_RDMA.D_POOLING_KERNEL_CFG " + hex(rk) +
           " differs from PDP's kernel width/stride; the firmware programs both from pool_width and stride_x");
  }
  if (layer.op.split_num > 1) {
    p.same(Unit::PdpRdma, rr::D_PARTIAL_WIDTH_IN, Unit::Pdp, rp::D_PARTIAL_WIDTH_IN, 0x3FFFFFFFu,
           "partial_in_width_first/mid/last");
  }
  layer.dst_data = decode_pdp_destination(p, layer.op.precision, atom_bytes);
  return layer;
}

// sdp.c map_proc_precision[dst_precision][src_precision]: the precision
// SDP computes in.
uint8_t sdp_proc_precision(uint8_t dst, uint8_t src) {
  if (dst == kPrecisionInt8 || src == kPrecisionInt8) return kPrecisionInt8;
  return src == kPrecisionFp16 ? kPrecisionFp16 : kPrecisionInt16;
}

// One X stage (BS = X1, BN = X2) and its operand DMA (BRDMA, NRDMA): the
// registers processor_sdp_program writes from one dla_sdp_op and from the
// stage's x1_data/x2_data cube.
struct StageRegisters {
  const char* name;  // "BS"
  uint32_t cfg, alu_cfg, alu_value, mul_cfg, mul_value;
  uint32_t dma_cfg, base_low, base_high, line_stride, surface_stride;
};

// dla_sdp_op from the stage's registers (processor_sdp_program, inverted):
//   xx_BYPASS -> enable; xx_ALU_BYPASS/xx_MUL_BYPASS -> type (ADD, MUL,
//   BOTH, NONE); xx_ALU_ALGO -> alu_type; xx_MUL_PRELU / xx_RELU_BYPASS ->
//   act; xx_ALU_SHIFT_VALUE -> shift_value; xx_MUL_SHIFT_VALUE -> truncate;
//   xx_ALU_SRC/xx_MUL_SRC = REG -> mode SDP_OP_PER_LAYER with the register
//   operands; = MEM -> the operand DMA's DATA_MODE (PER_KERNEL ->
//   SDP_OP_PER_KERNEL, PER_ELEMENT -> SDP_OP_PER_POINT), DATA_SIZE ->
//   precision, and its RAM type, address and strides -> `operands`.
// Programming the firmware cannot write from one dla_sdp_op fails.
SdpOp decode_sdp_stage(const Programming& p, const StageRegisters& r, const SdpOpDesc& op, const DataCube& src,
                       DataCube& operands) {
  const uint32_t cfg = p.value(Unit::Sdp, r.cfg);
  const std::string cfg_name = p.name(Unit::Sdp, r.cfg);
  const std::string dma_name = p.name(Unit::SdpRdma, r.dma_cfg);
  // BS/BN share the layout of D_DP_BS_CFG, D_DP_BS_ALU_CFG and
  // D_DP_BS_MUL_CFG; BRDMA/NRDMA that of D_BRDMA_CFG.
  SdpOp s;
  s.enable = rs::D_DP_BS_CFG_BS_BYPASS.get(cfg) == rs::D_DP_BS_CFG_BS_BYPASS_NO;
  const bool alu = rs::D_DP_BS_CFG_BS_ALU_BYPASS.get(cfg) == rs::D_DP_BS_CFG_BS_ALU_BYPASS_NO;
  const bool mul = rs::D_DP_BS_CFG_BS_MUL_BYPASS.get(cfg) == rs::D_DP_BS_CFG_BS_MUL_BYPASS_NO;
  s.type = alu && mul ? 3 : alu ? 2 : mul ? 1 : 0;  // SDP_OP_BOTH/ADD/MUL/NONE
  s.alu_type = uint8_t(rs::D_DP_BS_CFG_BS_ALU_ALGO.get(cfg));
  const bool prelu = rs::D_DP_BS_CFG_BS_MUL_PRELU.get(cfg) == rs::D_DP_BS_CFG_BS_MUL_PRELU_YES;
  const bool relu = rs::D_DP_BS_CFG_BS_RELU_BYPASS.get(cfg) == rs::D_DP_BS_CFG_BS_RELU_BYPASS_NO;
  s.act = prelu ? 3 : relu ? 1 : 0;  // ACTIVATION_PRELU/RELU/NONE
  const uint32_t dma_cfg = p.value(Unit::SdpRdma, r.dma_cfg);
  // An operand DMA runs only inside a running SDP_RDMA. A convolution whose
  // SDP reads no operands never enables SDP_RDMA, and its DMA_CFG fields
  // then have no effect (nv_full resets them to DISABLE=NO, and
  // googlenet_conv2_3x3_int16 never writes them).
  const bool rdma_runs = p.enabled(Unit::SdpRdma);
  const bool dma_on =
      rdma_runs && rsr::D_BRDMA_CFG_BRDMA_DISABLE.get(dma_cfg) == rsr::D_BRDMA_CFG_BRDMA_DISABLE_NO;
  if (!s.enable) {
    if (dma_on) {
      p.fail(dma_name + " enables the operand DMA of the bypassed " + r.name +
             " stage; the firmware enables it only for an enabled stage with operands in memory");
    }
    return s;
  }
  if (prelu && relu) {
    p.fail(cfg_name + " " + hex(cfg) + " sets both MUL_PRELU and RELU (RELU_BYPASS=NO): dla_sdp_op.act holds one " +
           "of ACTIVATION_PRELU and ACTIVATION_RELU, and processor_sdp_program sets RELU_BYPASS=NO only for " +
           "ACTIVATION_RELU: no descriptor reproduces this trace");
  }
  const uint32_t alu_cfg = p.value(Unit::Sdp, r.alu_cfg);
  const uint32_t mul_cfg = p.value(Unit::Sdp, r.mul_cfg);
  const bool alu_mem = rs::D_DP_BS_ALU_CFG_BS_ALU_SRC.get(alu_cfg) == rs::D_DP_BS_ALU_CFG_BS_ALU_SRC_MEM;
  const bool mul_mem = rs::D_DP_BS_MUL_CFG_BS_MUL_SRC.get(mul_cfg) == rs::D_DP_BS_MUL_CFG_BS_MUL_SRC_MEM;
  if (alu && mul && alu_mem != mul_mem) {
    p.fail(p.name(Unit::Sdp, r.alu_cfg) + " and " + p.name(Unit::Sdp, r.mul_cfg) +
           " take the ALU and MUL operands from different sources; the firmware sets both ALU_SRC and MUL_SRC " +
           "from the one dla_sdp_op.mode");
  }
  const bool from_memory = (alu && alu_mem) || (mul && mul_mem);
  s.shift_value = uint8_t(rs::D_DP_BS_ALU_CFG_BS_ALU_SHIFT_VALUE.get(alu_cfg));
  s.truncate = uint8_t(rs::D_DP_BS_MUL_CFG_BS_MUL_SHIFT_VALUE.get(mul_cfg));
  if (!from_memory) {
    if (dma_on) {
      p.fail(dma_name + " enables the operand DMA while the " + r.name +
             " stage takes its operands from registers; the firmware enables it only for operands in memory");
    }
    s.mode = 0;  // SDP_OP_PER_LAYER
    // The firmware writes the operands as they are (sdp.c: alu_operand, mul_operand).
    s.alu_operand = int32_t(p.value(Unit::Sdp, r.alu_value));
    s.mul_operand = int32_t(p.value(Unit::Sdp, r.mul_value));
    return s;
  }
  if (!dma_on) {
    p.fail(std::string("the ") + r.name + " stage takes operands from memory (" +
           (alu && alu_mem ? p.name(Unit::Sdp, r.alu_cfg) : p.name(Unit::Sdp, r.mul_cfg)) + " SRC=MEM) but " +
           (rdma_runs ? dma_name + " disables its DMA" : std::string("SDP_RDMA.D_OP_ENABLE is never set")));
  }
  // sdp.c map_op_type: DATA_USE from the stage's type.
  const uint32_t use = rsr::D_BRDMA_CFG_BRDMA_DATA_USE.get(dma_cfg);
  const uint32_t expected_use = s.type == 1   ? rsr::D_BRDMA_CFG_BRDMA_DATA_USE_MUL
                                : s.type == 2 ? rsr::D_BRDMA_CFG_BRDMA_DATA_USE_ALU
                                              : rsr::D_BRDMA_CFG_BRDMA_DATA_USE_BOTH;
  if (use != expected_use) {
    p.fail(dma_name + ".DATA_USE " + std::to_string(use) + " differs from the " + std::to_string(expected_use) +
           " the firmware writes for the stage's operations in " + cfg_name + " (sdp.c map_op_type)");
  }
  // sdp.c map_op_mode and map_element_size.
  s.mode = rsr::D_BRDMA_CFG_BRDMA_DATA_MODE.get(dma_cfg) == rsr::D_BRDMA_CFG_BRDMA_DATA_MODE_PER_KERNEL ? 1 : 2;
  const uint8_t proc = sdp_proc_precision(op.dst_precision, op.src_precision);
  const bool two_bytes = rsr::D_BRDMA_CFG_BRDMA_DATA_SIZE.get(dma_cfg) == rsr::D_BRDMA_CFG_BRDMA_DATA_SIZE_TWO_BYTE;
  s.precision = !two_bytes ? kPrecisionInt8 : proc == kPrecisionFp16 ? kPrecisionFp16 : kPrecisionInt16;
  operands.type = memory_of_ram(rsr::D_BRDMA_CFG_BRDMA_RAM_TYPE.get(dma_cfg));
  operands.address = uint64_t{p.value(Unit::SdpRdma, r.base_high)} << 32 | p.value(Unit::SdpRdma, r.base_low);
  operands.line_stride = p.value(Unit::SdpRdma, r.line_stride);
  operands.surf_stride = p.value(Unit::SdpRdma, r.surface_stride);
  const bool per_kernel = s.mode == 1;
  operands.width = per_kernel ? 1 : src.width;
  operands.height = per_kernel ? 1 : src.height;
  operands.channel = src.channel;
  return s;
}

// dla_interface.h ACTIVATION_* and SDP_OP_* values the EW stage uses.
constexpr uint8_t kActivationLut = 2;
constexpr uint8_t kActivationPrelu = 3;

// dla_sdp_op y_op from the EW stage's registers (processor_sdp_program,
// "Config EW module", inverted):
//   EW_BYPASS -> enable; EW_ALU_BYPASS/EW_MUL_BYPASS -> type; EW_ALU_ALGO ->
//   alu_type; EW_MUL_PRELU / EW_LUT_BYPASS -> act (ACTIVATION_PRELU /
//   ACTIVATION_LUT); EW_TRUNCATE_VALUE -> truncate; EW_ALU_SRC/EW_MUL_SRC =
//   REG -> mode SDP_OP_PER_LAYER with EW_ALU/MUL_SRC_VALUE as the operands;
//   = MEM -> ERDMA's DATA_MODE (PER_KERNEL -> SDP_OP_PER_KERNEL, PER_ELEMENT
//   -> SDP_OP_PER_POINT), DATA_SIZE -> precision, its RAM type, address and
//   strides -> y_data, and the operand converters D_DP_EW_xxx_CVT_* ->
//   cvt.alu_cvt/mul_cvt (the firmware writes them for memory operands only);
//   EW_xxx_CVT_BYPASS -> cvt.xxx_cvt.enable.
SdpOp decode_ew_stage(const Programming& p, const SdpOpDesc& op, const DataCube& src, DataCube& operands) {
  const uint32_t cfg = p.value(Unit::Sdp, rs::D_DP_EW_CFG);
  const std::string cfg_name = p.name(Unit::Sdp, rs::D_DP_EW_CFG);
  const std::string dma_name = p.name(Unit::SdpRdma, rsr::D_ERDMA_CFG);
  SdpOp s;
  s.enable = rs::D_DP_EW_CFG_EW_BYPASS.get(cfg) == rs::D_DP_EW_CFG_EW_BYPASS_NO;
  const bool alu = rs::D_DP_EW_CFG_EW_ALU_BYPASS.get(cfg) == rs::D_DP_EW_CFG_EW_ALU_BYPASS_NO;
  const bool mul = rs::D_DP_EW_CFG_EW_MUL_BYPASS.get(cfg) == rs::D_DP_EW_CFG_EW_MUL_BYPASS_NO;
  s.type = alu && mul ? 3 : alu ? 2 : mul ? 1 : 0;  // SDP_OP_BOTH/ADD/MUL/NONE
  s.alu_type = uint8_t(rs::D_DP_EW_CFG_EW_ALU_ALGO.get(cfg));
  const bool prelu = rs::D_DP_EW_CFG_EW_MUL_PRELU.get(cfg) == rs::D_DP_EW_CFG_EW_MUL_PRELU_YES;
  const bool lut = rs::D_DP_EW_CFG_EW_LUT_BYPASS.get(cfg) == rs::D_DP_EW_CFG_EW_LUT_BYPASS_NO;
  s.act = prelu ? kActivationPrelu : lut ? kActivationLut : 0;
  const uint32_t dma_cfg = p.value(Unit::SdpRdma, rsr::D_ERDMA_CFG);
  // As for BRDMA/NRDMA (decode_sdp_stage): ERDMA runs only inside a running
  // SDP_RDMA.
  const bool rdma_runs = p.enabled(Unit::SdpRdma);
  const bool dma_on =
      rdma_runs && rsr::D_ERDMA_CFG_ERDMA_DISABLE.get(dma_cfg) == rsr::D_ERDMA_CFG_ERDMA_DISABLE_NO;
  if (!s.enable) {
    if (dma_on) p.fail(dma_name + " enables the EW operand DMA while EW is bypassed (EW_BYPASS=YES)");
    return s;
  }
  if (prelu && lut) {
    p.fail(cfg_name + " " + hex(cfg) + " sets both EW_MUL_PRELU and EW_LUT_BYPASS=NO: dla_sdp_op.act holds one " +
           "of ACTIVATION_PRELU and ACTIVATION_LUT, and processor_sdp_program sets EW_MUL_PRELU only for " +
           "ACTIVATION_PRELU and EW_LUT_BYPASS=NO only for ACTIVATION_LUT: no descriptor reproduces this trace");
  }
  const uint32_t trunc = rs::D_DP_EW_TRUNCATE_VALUE_EW_TRUNCATE.get(p.value(Unit::Sdp, rs::D_DP_EW_TRUNCATE_VALUE));
  if (trunc > 0xff) {
    p.fail(p.name(Unit::Sdp, rs::D_DP_EW_TRUNCATE_VALUE) + " " + hex(trunc) +
           " does not fit dla_sdp_op.truncate (8 bits), which processor_sdp_program writes there");
  }
  s.truncate = uint8_t(trunc);
  const uint32_t alu_cfg = p.value(Unit::Sdp, rs::D_DP_EW_ALU_CFG);
  const uint32_t mul_cfg = p.value(Unit::Sdp, rs::D_DP_EW_MUL_CFG);
  const bool alu_mem = rs::D_DP_EW_ALU_CFG_EW_ALU_SRC.get(alu_cfg) == rs::D_DP_EW_ALU_CFG_EW_ALU_SRC_MEM;
  const bool mul_mem = rs::D_DP_EW_MUL_CFG_EW_MUL_SRC.get(mul_cfg) == rs::D_DP_EW_MUL_CFG_EW_MUL_SRC_MEM;
  if (alu && mul && alu_mem != mul_mem) {
    p.fail(p.name(Unit::Sdp, rs::D_DP_EW_ALU_CFG) + " and " + p.name(Unit::Sdp, rs::D_DP_EW_MUL_CFG) +
           " take the ALU and MUL operands from different sources; the firmware sets both EW_ALU_SRC and " +
           "EW_MUL_SRC from the one dla_sdp_op.mode");
  }
  s.cvt.alu_cvt.enable =
      rs::D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS.get(alu_cfg) == rs::D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS_NO;
  s.cvt.mul_cvt.enable =
      rs::D_DP_EW_MUL_CFG_EW_MUL_CVT_BYPASS.get(mul_cfg) == rs::D_DP_EW_MUL_CFG_EW_MUL_CVT_BYPASS_NO;
  const bool from_memory = (alu && alu_mem) || (mul && mul_mem);
  if (!from_memory) {
    if (dma_on) {
      p.fail(dma_name + " enables the EW operand DMA while the EW stage takes its operands from registers; the " +
             "firmware enables it only for operands in memory");
    }
    s.mode = 0;  // SDP_OP_PER_LAYER
    s.alu_operand = int32_t(p.value(Unit::Sdp, rs::D_DP_EW_ALU_SRC_VALUE));
    s.mul_operand = int32_t(p.value(Unit::Sdp, rs::D_DP_EW_MUL_SRC_VALUE));
    return s;
  }
  if (!dma_on) {
    p.fail(std::string("the EW stage takes operands from memory (") +
           (alu && alu_mem ? p.name(Unit::Sdp, rs::D_DP_EW_ALU_CFG) : p.name(Unit::Sdp, rs::D_DP_EW_MUL_CFG)) +
           " SRC=MEM) but " +
           (rdma_runs ? dma_name + " disables its DMA" : std::string("SDP_RDMA.D_OP_ENABLE is never set")));
  }
  // sdp.c map_op_type: DATA_USE from the stage's type.
  const uint32_t use = rsr::D_ERDMA_CFG_ERDMA_DATA_USE.get(dma_cfg);
  const uint32_t expected_use = s.type == 1   ? rsr::D_ERDMA_CFG_ERDMA_DATA_USE_MUL
                                : s.type == 2 ? rsr::D_ERDMA_CFG_ERDMA_DATA_USE_ALU
                                              : rsr::D_ERDMA_CFG_ERDMA_DATA_USE_BOTH;
  if (use != expected_use) {
    p.fail(dma_name + ".DATA_USE " + std::to_string(use) + " differs from the " + std::to_string(expected_use) +
           " the firmware writes for the stage's operations in " + cfg_name + " (sdp.c map_op_type)");
  }
  // sdp.c map_op_mode and map_element_size.
  s.mode = rsr::D_ERDMA_CFG_ERDMA_DATA_MODE.get(dma_cfg) == rsr::D_ERDMA_CFG_ERDMA_DATA_MODE_PER_KERNEL ? 1 : 2;
  const uint8_t proc = sdp_proc_precision(op.dst_precision, op.src_precision);
  const bool two_bytes = rsr::D_ERDMA_CFG_ERDMA_DATA_SIZE.get(dma_cfg) == rsr::D_ERDMA_CFG_ERDMA_DATA_SIZE_TWO_BYTE;
  s.precision = !two_bytes ? kPrecisionInt8 : proc == kPrecisionFp16 ? kPrecisionFp16 : kPrecisionInt16;
  // The converters of the operands the stage uses (processor_sdp_program
  // writes D_DP_EW_ALU_CVT_* for SDP_OP_ADD/BOTH, D_DP_EW_MUL_CVT_* for
  // SDP_OP_MUL/BOTH, in memory mode).
  if (alu) {
    s.cvt.alu_cvt.offset = int32_t(p.value(Unit::Sdp, rs::D_DP_EW_ALU_CVT_OFFSET_VALUE));
    s.cvt.alu_cvt.scale = int16_t(
        rs::D_DP_EW_ALU_CVT_SCALE_VALUE_EW_ALU_CVT_SCALE.get(p.value(Unit::Sdp, rs::D_DP_EW_ALU_CVT_SCALE_VALUE)));
    s.cvt.alu_cvt.truncate = uint8_t(rs::D_DP_EW_ALU_CVT_TRUNCATE_VALUE_EW_ALU_CVT_TRUNCATE.get(
        p.value(Unit::Sdp, rs::D_DP_EW_ALU_CVT_TRUNCATE_VALUE)));
  }
  if (mul) {
    s.cvt.mul_cvt.offset = int32_t(p.value(Unit::Sdp, rs::D_DP_EW_MUL_CVT_OFFSET_VALUE));
    s.cvt.mul_cvt.scale = int16_t(
        rs::D_DP_EW_MUL_CVT_SCALE_VALUE_EW_MUL_CVT_SCALE.get(p.value(Unit::Sdp, rs::D_DP_EW_MUL_CVT_SCALE_VALUE)));
    s.cvt.mul_cvt.truncate = uint8_t(rs::D_DP_EW_MUL_CVT_TRUNCATE_VALUE_EW_MUL_CVT_TRUNCATE.get(
        p.value(Unit::Sdp, rs::D_DP_EW_MUL_CVT_TRUNCATE_VALUE)));
  }
  operands.type = memory_of_ram(rsr::D_ERDMA_CFG_ERDMA_RAM_TYPE.get(dma_cfg));
  operands.address = uint64_t{p.value(Unit::SdpRdma, rsr::D_EW_BASE_ADDR_HIGH)} << 32 |
                     p.value(Unit::SdpRdma, rsr::D_EW_BASE_ADDR_LOW);
  operands.line_stride = p.value(Unit::SdpRdma, rsr::D_EW_LINE_STRIDE);
  operands.surf_stride = p.value(Unit::SdpRdma, rsr::D_EW_SURFACE_STRIDE);
  const bool per_kernel = s.mode == 1;
  operands.width = per_kernel ? 1 : src.width;
  operands.height = per_kernel ? 1 : src.height;
  operands.channel = src.channel;
  return s;
}

// A signed 5-bit slope shift (S_LUT_xx_SLOPE_SHIFT fields).
int8_t signed5(uint32_t bits) { return int8_t(bits & 0x10 ? int32_t(bits) - 32 : int32_t(bits)); }

// The S_LUT_* registers that SDP and CDP lay out alike (S_LUT_CFG,
// S_LUT_INFO, the slope scales and shifts; common.c update_lut writes both
// units' from the same dla_lut_param fields), at each unit's offsets. The
// fields are read with SDP's definitions; CDP's are the same bits.
struct LutRegisters {
  Unit unit;
  uint32_t cfg, info, le_slope_scale, lo_slope_scale, le_slope_shift, lo_slope_shift;
};
constexpr bool same_field(regs::Field a, regs::Field b) { return a.lsb == b.lsb && a.width == b.width; }
static_assert(same_field(rs::S_LUT_CFG_LUT_LE_FUNCTION, rc::S_LUT_CFG_LUT_LE_FUNCTION) &&
              same_field(rs::S_LUT_CFG_LUT_HYBRID_PRIORITY, rc::S_LUT_CFG_LUT_HYBRID_PRIORITY) &&
              same_field(rs::S_LUT_CFG_LUT_UFLOW_PRIORITY, rc::S_LUT_CFG_LUT_UFLOW_PRIORITY) &&
              same_field(rs::S_LUT_CFG_LUT_OFLOW_PRIORITY, rc::S_LUT_CFG_LUT_OFLOW_PRIORITY) &&
              same_field(rs::S_LUT_INFO_LUT_LE_INDEX_OFFSET, rc::S_LUT_INFO_LUT_LE_INDEX_OFFSET) &&
              same_field(rs::S_LUT_INFO_LUT_LE_INDEX_SELECT, rc::S_LUT_INFO_LUT_LE_INDEX_SELECT) &&
              same_field(rs::S_LUT_INFO_LUT_LO_INDEX_SELECT, rc::S_LUT_INFO_LUT_LO_INDEX_SELECT) &&
              same_field(rs::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE,
                         rc::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE) &&
              same_field(rs::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE,
                         rc::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE) &&
              same_field(rs::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE,
                         rc::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE) &&
              same_field(rs::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE,
                         rc::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE) &&
              same_field(rs::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT,
                         rc::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT) &&
              same_field(rs::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT,
                         rc::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT) &&
              same_field(rs::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT,
                         rc::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT) &&
              same_field(rs::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT,
                         rc::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT),
              "SDP's and CDP's S_LUT_* fields share one layout");

// dla_lut_param from a unit's S_LUT_* registers and the tables the trace
// wrote through its LUT port (common.c update_lut, inverted), all but the
// starts and ends, whose width differs by unit:
//   LUT_LE_FUNCTION -> method; LUT_HYBRID/UFLOW/OFLOW_PRIORITY -> the
//   priorities; S_LUT_INFO -> linear_exp_offset (LUT_LE_INDEX_OFFSET for
//   LUT_METHOD_EXPONENTIAL, LUT_LE_INDEX_SELECT for LUT_METHOD_LINEAR) and
//   linear_only_offset (LUT_LO_INDEX_SELECT); the slope scales and
//   (INT8/INT16) shifts -> the four dla_slope.
LutParam decode_lut_registers(const Programming& p, const LutRegisters& r, uint8_t precision,
                              const LutTables& tables, std::vector<std::string>& notes) {
  const std::string unit = unit_name(r.unit);
  LutParam l;
  const uint32_t cfg = p.value(r.unit, r.cfg);
  l.method = uint8_t(rs::S_LUT_CFG_LUT_LE_FUNCTION.get(cfg));  // map_lut_method: EXPONENT 0, LINEAR 1
  l.hybrid_priority = uint8_t(rs::S_LUT_CFG_LUT_HYBRID_PRIORITY.get(cfg));  // map_lut_out: LE 0, LO 1
  l.underflow_priority = uint8_t(rs::S_LUT_CFG_LUT_UFLOW_PRIORITY.get(cfg));
  l.overflow_priority = uint8_t(rs::S_LUT_CFG_LUT_OFLOW_PRIORITY.get(cfg));
  const uint32_t info = p.value(r.unit, r.info);
  const auto le_offset = int8_t(rs::S_LUT_INFO_LUT_LE_INDEX_OFFSET.get(info));
  const auto le_select = int8_t(rs::S_LUT_INFO_LUT_LE_INDEX_SELECT.get(info));
  if (l.method == kLutMethodExponential) {
    l.linear_exp_offset = le_offset;
    if (le_select != 0) {
      notes.push_back(unit + " S_LUT_INFO.LUT_LE_INDEX_SELECT " + std::to_string(le_select) +
                      " is unused by the LE table in EXPONENT mode; the firmware writes 0");
    }
  } else {
    l.linear_exp_offset = le_select;
    if (le_offset != 0) {
      notes.push_back(unit + " S_LUT_INFO.LUT_LE_INDEX_OFFSET " + std::to_string(le_offset) +
                      " is unused by the LE table in LINEAR mode; the firmware writes 0");
    }
  }
  l.linear_only_offset = int8_t(rs::S_LUT_INFO_LUT_LO_INDEX_SELECT.get(info));
  const uint32_t le_scale = p.value(r.unit, r.le_slope_scale);
  const uint32_t lo_scale = p.value(r.unit, r.lo_slope_scale);
  l.linear_exp_underflow_slope.scale = int16_t(rs::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE.get(le_scale));
  l.linear_exp_overflow_slope.scale = int16_t(rs::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE.get(le_scale));
  l.linear_only_underflow_slope.scale = int16_t(rs::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE.get(lo_scale));
  l.linear_only_overflow_slope.scale = int16_t(rs::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE.get(lo_scale));
  // update_lut writes the shifts for INT8/INT16 input only (data_i).
  if (precision != kPrecisionFp16) {
    const uint32_t le_shift = p.value(r.unit, r.le_slope_shift);
    const uint32_t lo_shift = p.value(r.unit, r.lo_slope_shift);
    l.linear_exp_underflow_slope.shifter = signed5(rs::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT.get(le_shift));
    l.linear_exp_overflow_slope.shifter = signed5(rs::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT.get(le_shift));
    l.linear_only_underflow_slope.shifter = signed5(rs::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT.get(lo_shift));
    l.linear_only_overflow_slope.shifter = signed5(rs::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT.get(lo_shift));
  }
  l.linear_exp_table = tables.le;
  l.linear_only_table = tables.lo;
  return l;
}

// SDP's LUT: its starts and ends are 32-bit registers, the low words of
// dla_lut_param's fields.
LutParam decode_lut(const Programming& p, const SdpOpDesc& op, std::vector<std::string>& notes) {
  const LutRegisters r{Unit::Sdp,           rs::S_LUT_CFG,           rs::S_LUT_INFO,          rs::S_LUT_LE_SLOPE_SCALE,
                       rs::S_LUT_LO_SLOPE_SCALE, rs::S_LUT_LE_SLOPE_SHIFT, rs::S_LUT_LO_SLOPE_SHIFT};
  LutParam l = decode_lut_registers(p, r, op.src_precision, p.lut_tables(), notes);
  l.linear_exp_start = p.value(Unit::Sdp, rs::S_LUT_LE_START);
  l.linear_exp_end = p.value(Unit::Sdp, rs::S_LUT_LE_END);
  l.linear_only_start = p.value(Unit::Sdp, rs::S_LUT_LO_START);
  l.linear_only_end = p.value(Unit::Sdp, rs::S_LUT_LO_END);
  return l;
}

// dla_sdp_op_desc and dla_sdp_surface_desc (src_data and operand cubes)
// from SDP's and SDP_RDMA's registers, for SDP reading its input from
// memory and writing to memory or, with `to_pdp`, to PDP. With `from_conv`,
// SDP takes its input on the fly from CACC (FLYING_MODE=ON): src_data is
// DLA_MEM_HW with the dimensions of SDP's own D_DATA_CUBE_*
// (processor_sdp_program programs SDP_RDMA only when it reads operands), and
// src_precision is `conv_precision`, the convolution's output precision.
void decode_sdp(const Programming& p, const HardwareConfig& hw, bool to_pdp, SdpOpDesc& op,
                SdpSurfaceDesc& surface, std::vector<std::string>& notes, bool from_conv = false,
                uint8_t conv_precision = kPrecisionInt8) {
  const uint32_t rdma_mode = p.value(Unit::SdpRdma, rsr::D_FEATURE_MODE_CFG);
  const uint32_t sdp_mode = p.value(Unit::Sdp, rs::D_FEATURE_MODE_CFG);
  const uint32_t dst = rs::D_FEATURE_MODE_CFG_OUTPUT_DST.get(sdp_mode);
  if (to_pdp && dst != rs::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP) {
    p.fail("SDP.D_FEATURE_MODE_CFG.OUTPUT_DST is not PDP: not a fused SDP -> PDP layer");
  }
  if (!to_pdp && dst != rs::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM) {
    p.fail("SDP.D_FEATURE_MODE_CFG.OUTPUT_DST is PDP but PDP is never enabled");
  }
  const bool fly = rs::D_FEATURE_MODE_CFG_FLYING_MODE.get(sdp_mode) != rs::D_FEATURE_MODE_CFG_FLYING_MODE_OFF;
  if (!from_conv && (fly || rsr::D_FEATURE_MODE_CFG_FLYING_MODE.get(rdma_mode) != 0)) {
    p.fail("SDP(_RDMA).D_FEATURE_MODE_CFG.FLYING_MODE=ON (input from the convolution core) is not a memory layer");
  }
  if (from_conv && !fly) {
    p.fail("SDP.D_FEATURE_MODE_CFG.FLYING_MODE=OFF while the convolution core runs: SDP does not take CACC's output");
  }
  if (rs::D_FEATURE_MODE_CFG_WINOGRAD.get(sdp_mode) != 0 || rsr::D_FEATURE_MODE_CFG_WINOGRAD.get(rdma_mode) != 0) {
    p.fail("SDP(_RDMA).D_FEATURE_MODE_CFG.WINOGRAD=ON is not converted");
  }
  op.src_precision = from_conv ? conv_precision : uint8_t(rsr::D_FEATURE_MODE_CFG_IN_PRECISION.get(rdma_mode));
  const uint32_t format = p.value(Unit::Sdp, rs::D_DATA_FORMAT);
  op.dst_precision = uint8_t(rs::D_DATA_FORMAT_OUT_PRECISION.get(format));
  if (op.src_precision > kPrecisionFp16) p.fail("SDP_RDMA.D_FEATURE_MODE_CFG.IN_PRECISION=3 is a reserved encoding");
  if (op.dst_precision > kPrecisionFp16) p.fail("SDP.D_DATA_FORMAT.OUT_PRECISION=3 is a reserved encoding");
  // processor_sdp_program writes SDP_RDMA's OUT_PRECISION from dst_precision
  // and both PROC_PRECISIONs from map_proc_precision.
  const bool rdma = !from_conv || p.enabled(Unit::SdpRdma);
  if (rdma && rsr::D_FEATURE_MODE_CFG_OUT_PRECISION.get(rdma_mode) != op.dst_precision) {
    p.fail("SDP_RDMA.D_FEATURE_MODE_CFG.OUT_PRECISION differs from SDP.D_DATA_FORMAT.OUT_PRECISION; the firmware "
           "programs both from dst_precision");
  }
  const uint8_t proc = sdp_proc_precision(op.dst_precision, op.src_precision);
  if (rs::D_DATA_FORMAT_PROC_PRECISION.get(format) != proc ||
      (rdma && rsr::D_FEATURE_MODE_CFG_PROC_PRECISION.get(rdma_mode) != proc)) {
    p.fail("SDP.D_DATA_FORMAT / SDP_RDMA.D_FEATURE_MODE_CFG PROC_PRECISION (" +
           std::to_string(rs::D_DATA_FORMAT_PROC_PRECISION.get(format)) + " / " +
           std::to_string(rsr::D_FEATURE_MODE_CFG_PROC_PRECISION.get(rdma_mode)) + ") differ from the " +
           std::to_string(proc) + " the firmware derives from the input and output precisions (sdp.c " +
           "map_proc_precision)");
  }
  const uint32_t batches = rs::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(sdp_mode);
  if (batches != 0 || (rdma && rsr::D_FEATURE_MODE_CFG_BATCH_NUMBER.get(rdma_mode) != 0)) {
    p.fail("SDP(_RDMA).D_FEATURE_MODE_CFG.BATCH_NUMBER is not 0: the firmware programs no SDP_RDMA batch strides "
           "(sdp.c processor_sdp_program), so multi-batch input is not converted");
  }
  op.batch_num = 1;
  op.out_cvt.offset = int32_t(p.value(Unit::Sdp, rs::D_CVT_OFFSET));
  op.out_cvt.scale = int16_t(rs::D_CVT_SCALE_CVT_SCALE.get(p.value(Unit::Sdp, rs::D_CVT_SCALE)));
  op.out_cvt.truncate = uint8_t(rs::D_CVT_SHIFT_CVT_SHIFT.get(p.value(Unit::Sdp, rs::D_CVT_SHIFT)));
  op.out_cvt.enable = 1;

  DataCube& s = surface.src_data;
  if (from_conv) {
    s.type = MemoryType::Hw;
    s.width = uint16_t(rs::D_DATA_CUBE_WIDTH_WIDTH.get(p.value(Unit::Sdp, rs::D_DATA_CUBE_WIDTH)) + 1);
    s.height = uint16_t(rs::D_DATA_CUBE_HEIGHT_HEIGHT.get(p.value(Unit::Sdp, rs::D_DATA_CUBE_HEIGHT)) + 1);
    s.channel = uint16_t(rs::D_DATA_CUBE_CHANNEL_CHANNEL.get(p.value(Unit::Sdp, rs::D_DATA_CUBE_CHANNEL)) + 1);
  } else {
    s.type = memory_of_ram(rsr::D_SRC_DMA_CFG_SRC_RAM_TYPE.get(p.value(Unit::SdpRdma, rsr::D_SRC_DMA_CFG)));
    s.address = uint64_t{p.value(Unit::SdpRdma, rsr::D_SRC_BASE_ADDR_HIGH)} << 32 |
                p.value(Unit::SdpRdma, rsr::D_SRC_BASE_ADDR_LOW);
    s.width = uint16_t(rsr::D_DATA_CUBE_WIDTH_WIDTH.get(p.value(Unit::SdpRdma, rsr::D_DATA_CUBE_WIDTH)) + 1);
    s.height = uint16_t(rsr::D_DATA_CUBE_HEIGHT_HEIGHT.get(p.value(Unit::SdpRdma, rsr::D_DATA_CUBE_HEIGHT)) + 1);
    s.channel = uint16_t(rsr::D_DATA_CUBE_CHANNEL_CHANNEL.get(p.value(Unit::SdpRdma, rsr::D_DATA_CUBE_CHANNEL)) + 1);
    s.line_stride = p.value(Unit::SdpRdma, rsr::D_SRC_LINE_STRIDE);
    s.surf_stride = p.value(Unit::SdpRdma, rsr::D_SRC_SURFACE_STRIDE);
    s.size = cube_size(s, op.src_precision, hw.atom_bytes);
    p.same(Unit::SdpRdma, rsr::D_DATA_CUBE_WIDTH, Unit::Sdp, rs::D_DATA_CUBE_WIDTH, 0x1FFF, "src_data.width");
    p.same(Unit::SdpRdma, rsr::D_DATA_CUBE_HEIGHT, Unit::Sdp, rs::D_DATA_CUBE_HEIGHT, 0x1FFF, "src_data.height");
    p.same(Unit::SdpRdma, rsr::D_DATA_CUBE_CHANNEL, Unit::Sdp, rs::D_DATA_CUBE_CHANNEL, 0x1FFF, "src_data.channel");
  }

  op.x1_op = decode_sdp_stage(p,
                              {"BS", rs::D_DP_BS_CFG, rs::D_DP_BS_ALU_CFG, rs::D_DP_BS_ALU_SRC_VALUE,
                               rs::D_DP_BS_MUL_CFG, rs::D_DP_BS_MUL_SRC_VALUE, rsr::D_BRDMA_CFG,
                               rsr::D_BS_BASE_ADDR_LOW, rsr::D_BS_BASE_ADDR_HIGH, rsr::D_BS_LINE_STRIDE,
                               rsr::D_BS_SURFACE_STRIDE},
                              op, s, surface.x1_data);
  op.x2_op = decode_sdp_stage(p,
                              {"BN", rs::D_DP_BN_CFG, rs::D_DP_BN_ALU_CFG, rs::D_DP_BN_ALU_SRC_VALUE,
                               rs::D_DP_BN_MUL_CFG, rs::D_DP_BN_MUL_SRC_VALUE, rsr::D_NRDMA_CFG,
                               rsr::D_BN_BASE_ADDR_LOW, rsr::D_BN_BASE_ADDR_HIGH, rsr::D_BN_LINE_STRIDE,
                               rsr::D_BN_SURFACE_STRIDE},
                              op, s, surface.x2_data);
  op.y_op = decode_ew_stage(p, op, s, surface.y_data);
  // processor_sdp_program programs the LUT of lut_index; only the EW
  // stage's LUT activation reads it.
  if (op.y_op.enable && op.y_op.act == kActivationLut) op.lut = decode_lut(p, op, notes);
}

SdpPdpLayer decode_sdp_pdp(const Programming& p, const HardwareConfig& hw, std::vector<std::string>& notes) {
  SdpPdpLayer layer;
  decode_sdp(p, hw, true, layer.sdp_op, layer.sdp_surface, notes);
  check_pdp_input(p, layer.sdp_surface.src_data, "SDP_RDMA");
  layer.pdp_op = decode_pdp_op(p, notes);
  if (layer.pdp_op.split_num != 1) p.fail("PDP split width with input from SDP cannot be programmed");
  layer.pdp_dst_data = decode_pdp_destination(p, layer.pdp_op.precision, hw.atom_bytes);
  return layer;
}

// SDP alone, memory to memory: the destination is SDP's write DMA, with the
// dimensions of the input (processor_sdp_program programs one D_DATA_CUBE_*).
SdpLayer decode_sdp_alone(const Programming& p, const HardwareConfig& hw, std::vector<std::string>& notes) {
  SdpLayer layer;
  decode_sdp(p, hw, false, layer.op, layer.surface, notes);
  DataCube& d = layer.dst_data;
  const DataCube& s = layer.surface.src_data;
  d.type = memory_of_ram(rs::D_DST_DMA_CFG_DST_RAM_TYPE.get(p.value(Unit::Sdp, rs::D_DST_DMA_CFG)));
  d.address =
      uint64_t{p.value(Unit::Sdp, rs::D_DST_BASE_ADDR_HIGH)} << 32 | p.value(Unit::Sdp, rs::D_DST_BASE_ADDR_LOW);
  d.width = s.width;
  d.height = s.height;
  d.channel = s.channel;
  d.line_stride = p.value(Unit::Sdp, rs::D_DST_LINE_STRIDE);
  d.surf_stride = p.value(Unit::Sdp, rs::D_DST_SURFACE_STRIDE);
  d.size = cube_size(d, layer.op.dst_precision, hw.atom_bytes);
  return layer;
}

// The convolution pipeline's registers as conv.c processor_conv_program
// writes them, inverted (CDMA, CSC, CMAC_A/B, CACC), with SDP taking CACC's
// output on the fly (sdp.c processor_sdp_program with src_data DLA_MEM_HW):
//   CDMA D_MISC_CFG -> conv_mode, in_precision, out_precision
//   (PROC_PRECISION), data_reuse, weight_reuse, skip_data_rls,
//   skip_weight_rls (CSC's, CMAC_A/B's and CACC's D_MISC_CFG are written from
//   the same fields); D_DATAIN_FORMAT -> data_format (FEATURE only),
//   pixel_override; D_DATAIN_SIZE_*, D_DAIN_*_0, D_LINE_STRIDE and
//   D_SURF_STRIDE -> src_data; D_DAIN_ADDR_*_1 -> offset_u; D_LINE_UV_STRIDE
//   -> in_line_uv_stride; D_DATAIN_SIZE_EXT_0 -> input_width/height_csc;
//   D_BATCH_NUMBER/STRIDE -> batch, batch_stride; D_ENTRY_PER_SLICE ->
//   entry_per_slice; D_FETCH_GRAIN -> fetch_grain; D_WEIGHT_* ->
//   weight_data, weight_format, bytes_per_kernel; D_MEAN_* -> mean_format,
//   mean_*; D_CVT_* -> in_cvt; D_CONV_STRIDE -> conv_stride_x/y;
//   D_ZERO_PADDING* -> pad_*, pad_val; D_BANK -> data_bank, weight_bank.
//   CSC D_DATAIN_SIZE_EXT_1 -> input_channel_csc; D_POST_Y_EXTENSION ->
//   post_extension; D_WEIGHT_SIZE_EXT_0/1 -> kernel_*_csc; D_DATAOUT_SIZE_0
//   -> input_width/height_cmac; D_RELEASE -> release; D_DILATION_EXT ->
//   dilation_x/y; D_PRA_CFG -> pra_truncate.
//   CACC D_DATAOUT_SIZE_* -> dst_data's dimensions; D_LINE_STRIDE,
//   D_SURF_STRIDE -> its strides; D_CLIP_CFG -> out_cvt.truncate.
// Registers the firmware writes from one field must agree; registers it
// computes (CSC D_ATOMICS, CDMA D_DAIN_MAP, CACC D_DATAOUT_MAP) are
// compared after the run.
ConvLayer decode_conv(const Programming& p, const HardwareConfig& hw, std::vector<std::string>& notes) {
  ConvLayer layer;
  ConvOpDesc& op = layer.conv_op;
  const uint32_t misc = p.value(Unit::Cdma, rdm::D_MISC_CFG);
  op.conv_mode = uint8_t(rdm::D_MISC_CFG_CONV_MODE.get(misc));
  if (op.conv_mode != 0) p.fail("CDMA.D_MISC_CFG.CONV_MODE is WINOGRAD, which is not converted");
  const uint32_t in_precision = rdm::D_MISC_CFG_IN_PRECISION.get(misc);
  const uint32_t proc_precision = rdm::D_MISC_CFG_PROC_PRECISION.get(misc);
  if (in_precision > kPrecisionFp16 || proc_precision > kPrecisionFp16) {
    p.fail("CDMA.D_MISC_CFG IN_PRECISION/PROC_PRECISION " + hex(misc) + " holds a reserved encoding");
  }
  op.in_precision = uint8_t(in_precision);
  op.out_precision = uint8_t(proc_precision);
  op.data_reuse = uint8_t(rdm::D_MISC_CFG_DATA_REUSE.get(misc));
  op.weight_reuse = uint8_t(rdm::D_MISC_CFG_WEIGHT_REUSE.get(misc));
  op.skip_data_rls = uint8_t(rdm::D_MISC_CFG_SKIP_DATA_RLS.get(misc));
  op.skip_weight_rls = uint8_t(rdm::D_MISC_CFG_SKIP_WEIGHT_RLS.get(misc));
  // processor_conv_program writes CSC's IN_PRECISION from out_precision too.
  const uint32_t csc_misc = p.value(Unit::Csc, rcs::D_MISC_CFG);
  const uint32_t expected_csc = (uint32_t(op.conv_mode) << rcs::D_MISC_CFG_CONV_MODE.lsb) |
                                (uint32_t(op.out_precision) << rcs::D_MISC_CFG_IN_PRECISION.lsb) |
                                (uint32_t(op.out_precision) << rcs::D_MISC_CFG_PROC_PRECISION.lsb) |
                                (uint32_t(op.data_reuse) << rcs::D_MISC_CFG_DATA_REUSE.lsb) |
                                (uint32_t(op.weight_reuse) << rcs::D_MISC_CFG_WEIGHT_REUSE.lsb) |
                                (uint32_t(op.skip_data_rls) << rcs::D_MISC_CFG_SKIP_DATA_RLS.lsb) |
                                (uint32_t(op.skip_weight_rls) << rcs::D_MISC_CFG_SKIP_WEIGHT_RLS.lsb);
  if (csc_misc != expected_csc) {
    p.fail("CSC.D_MISC_CFG " + hex(csc_misc) + " differs from the " + hex(expected_csc) +
           " processor_conv_program writes from the fields of CDMA.D_MISC_CFG " + hex(misc) +
           " (conv_mode, out_precision, data_reuse, weight_reuse, skip_data_rls, skip_weight_rls)");
  }
  const uint32_t mac_mask = rma::D_MISC_CFG_CONV_MODE.mask() | rma::D_MISC_CFG_PROC_PRECISION.mask();
  p.same(Unit::Cdma, rdm::D_MISC_CFG, Unit::CmacA, rma::D_MISC_CFG, mac_mask, "conv_mode, out_precision");
  p.same(Unit::Cdma, rdm::D_MISC_CFG, Unit::CmacB, rmb::D_MISC_CFG, mac_mask, "conv_mode, out_precision");
  p.same(Unit::Cdma, rdm::D_MISC_CFG, Unit::Cacc, rca::D_MISC_CFG, mac_mask, "conv_mode, out_precision");

  const uint32_t format = p.value(Unit::Cdma, rdm::D_DATAIN_FORMAT);
  if (rdm::D_DATAIN_FORMAT_DATAIN_FORMAT.get(format) != 0) {
    p.fail("CDMA.D_DATAIN_FORMAT.DATAIN_FORMAT is PIXEL: image input is not converted");
  }
  op.data_format = kDataFormatFeature;
  // PIXEL_FORMAT and PIXEL_MAPPING describe image input; for a feature cube
  // the firmware writes PIXEL_FORMAT 0 (map_img_fmt[FORMAT_FEATURE]) and
  // PITCH_LINEAR (map_pixel has no other entry).
  op.pixel_mapping = 0;
  if ((format & (rdm::D_DATAIN_FORMAT_PIXEL_FORMAT.mask() | rdm::D_DATAIN_FORMAT_PIXEL_MAPPING.mask())) != 0) {
    notes.push_back("CDMA D_DATAIN_FORMAT " + hex(format) +
                    " sets PIXEL_FORMAT/PIXEL_MAPPING, which serve image input only; the firmware writes 0 for a "
                    "feature cube");
  }
  op.pixel_override = uint8_t(rdm::D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE.get(format));
  p.same(Unit::Cdma, rdm::D_DATAIN_FORMAT, Unit::Csc, rcs::D_DATAIN_FORMAT, rcs::D_DATAIN_FORMAT_DATAIN_FORMAT.mask(),
         "data_format");

  ConvSurfaceDesc& cs = layer.conv_surface;
  DataCube& src = cs.src_data;
  src.type = memory_of_ram(rdm::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE.get(p.value(Unit::Cdma, rdm::D_DAIN_RAM_TYPE)));
  src.address =
      uint64_t{p.value(Unit::Cdma, rdm::D_DAIN_ADDR_HIGH_0)} << 32 | p.value(Unit::Cdma, rdm::D_DAIN_ADDR_LOW_0);
  const uint32_t size0 = p.value(Unit::Cdma, rdm::D_DATAIN_SIZE_0);
  src.width = uint16_t(rdm::D_DATAIN_SIZE_0_DATAIN_WIDTH.get(size0) + 1);
  src.height = uint16_t(rdm::D_DATAIN_SIZE_0_DATAIN_HEIGHT.get(size0) + 1);
  src.channel = uint16_t(rdm::D_DATAIN_SIZE_1_DATAIN_CHANNEL.get(p.value(Unit::Cdma, rdm::D_DATAIN_SIZE_1)) + 1);
  src.line_stride = p.value(Unit::Cdma, rdm::D_LINE_STRIDE);
  src.surf_stride = p.value(Unit::Cdma, rdm::D_SURF_STRIDE);
  src.size = cube_size(src, op.in_precision, hw.atom_bytes);
  const uint64_t address_1 =
      uint64_t{p.value(Unit::Cdma, rdm::D_DAIN_ADDR_HIGH_1)} << 32 | p.value(Unit::Cdma, rdm::D_DAIN_ADDR_LOW_1);
  cs.offset_u = int64_t(address_1 - src.address);
  cs.in_line_uv_stride = p.value(Unit::Cdma, rdm::D_LINE_UV_STRIDE);

  // processor_conv_program writes CDMA's and CSC's D_DATAIN_SIZE_EXT_0 from
  // input_width/height_csc. Only CDMA's Winograd path reads CDMA's copy
  // (NV_NVDLA_CDMA_wg.v; the direct path, NV_NVDLA_CDMA_dc.v, reads
  // D_DATAIN_SIZE_0), so for direct convolution CSC's copy is the field
  // (nv_full's int16 traces leave CDMA's at 0).
  const uint32_t ext0 = p.value(Unit::Csc, rcs::D_DATAIN_SIZE_EXT_0);
  op.input_width_csc = uint16_t(rcs::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.get(ext0) + 1);
  op.input_height_csc = uint16_t(rcs::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.get(ext0) + 1);
  op.input_channel_csc =
      uint16_t(rcs::D_DATAIN_SIZE_EXT_1_DATAIN_CHANNEL_EXT.get(p.value(Unit::Csc, rcs::D_DATAIN_SIZE_EXT_1)) + 1);

  op.batch = uint8_t(rdm::D_BATCH_NUMBER_BATCHES.get(p.value(Unit::Cdma, rdm::D_BATCH_NUMBER)) + 1);
  p.same(Unit::Cdma, rdm::D_BATCH_NUMBER, Unit::Csc, rcs::D_BATCH_NUMBER, 0x1F, "batch");
  p.same(Unit::Cdma, rdm::D_BATCH_NUMBER, Unit::Cacc, rca::D_BATCH_NUMBER, 0x1F, "batch");
  op.batch_stride = p.value(Unit::Cdma, rdm::D_BATCH_STRIDE);
  op.entry_per_slice = uint16_t(rdm::D_ENTRY_PER_SLICE_ENTRIES.get(p.value(Unit::Cdma, rdm::D_ENTRY_PER_SLICE)) + 1);
  p.same(Unit::Cdma, rdm::D_ENTRY_PER_SLICE, Unit::Csc, rcs::D_ENTRY_PER_SLICE, 0x3FFF, "entry_per_slice");
  op.fetch_grain = uint16_t(rdm::D_FETCH_GRAIN_GRAINS.get(p.value(Unit::Cdma, rdm::D_FETCH_GRAIN)) + 1);

  op.weight_format = uint8_t(rdm::D_WEIGHT_FORMAT_WEIGHT_FORMAT.get(p.value(Unit::Cdma, rdm::D_WEIGHT_FORMAT)));
  if (op.weight_format != kWeightFormatUncompressed) {
    p.fail("CDMA.D_WEIGHT_FORMAT is COMPRESSED: compressed weights (wmb_data, wgs_data) are not converted");
  }
  p.same(Unit::Cdma, rdm::D_WEIGHT_FORMAT, Unit::Csc, rcs::D_WEIGHT_FORMAT, 1, "weight_format");
  op.bytes_per_kernel = rdm::D_WEIGHT_SIZE_0_BYTE_PER_KERNEL.get(p.value(Unit::Cdma, rdm::D_WEIGHT_SIZE_0)) + 1;
  DataCube& w = cs.weight_data;
  w.type = memory_of_ram(rdm::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE.get(p.value(Unit::Cdma, rdm::D_WEIGHT_RAM_TYPE)));
  w.address =
      uint64_t{p.value(Unit::Cdma, rdm::D_WEIGHT_ADDR_HIGH)} << 32 | p.value(Unit::Cdma, rdm::D_WEIGHT_ADDR_LOW);
  w.size = p.value(Unit::Cdma, rdm::D_WEIGHT_BYTES);
  p.same(Unit::Cdma, rdm::D_WEIGHT_BYTES, Unit::Csc, rcs::D_WEIGHT_BYTES, ~0u, "weight_data.size");

  op.mean_format = uint8_t(rdm::D_MEAN_FORMAT_MEAN_FORMAT.get(p.value(Unit::Cdma, rdm::D_MEAN_FORMAT)));
  if (op.mean_format == kMeanFormatEnable) {
    const uint32_t g0 = p.value(Unit::Cdma, rdm::D_MEAN_GLOBAL_0);
    const uint32_t g1 = p.value(Unit::Cdma, rdm::D_MEAN_GLOBAL_1);
    op.mean_ry = int16_t(rdm::D_MEAN_GLOBAL_0_MEAN_RY.get(g0));
    op.mean_gu = int16_t(rdm::D_MEAN_GLOBAL_0_MEAN_GU.get(g0));
    op.mean_bv = int16_t(rdm::D_MEAN_GLOBAL_1_MEAN_BV.get(g1));
    op.mean_ax = int16_t(rdm::D_MEAN_GLOBAL_1_MEAN_AX.get(g1));
  }
  // The firmware writes the converter's truncation, offset and scale only
  // when it enables it.
  const uint32_t cvt = p.value(Unit::Cdma, rdm::D_CVT_CFG);
  op.in_cvt.enable = uint8_t(rdm::D_CVT_CFG_CVT_EN.get(cvt));
  if (op.in_cvt.enable) {
    op.in_cvt.truncate = uint8_t(rdm::D_CVT_CFG_CVT_TRUNCATE.get(cvt));
    op.in_cvt.offset = int16_t(rdm::D_CVT_OFFSET_CVT_OFFSET.get(p.value(Unit::Cdma, rdm::D_CVT_OFFSET)));
    op.in_cvt.scale = int16_t(rdm::D_CVT_SCALE_CVT_SCALE.get(p.value(Unit::Cdma, rdm::D_CVT_SCALE)));
  }

  const uint32_t stride = p.value(Unit::Cdma, rdm::D_CONV_STRIDE);
  op.conv_stride_x = uint8_t(rdm::D_CONV_STRIDE_CONV_X_STRIDE.get(stride) + 1);
  op.conv_stride_y = uint8_t(rdm::D_CONV_STRIDE_CONV_Y_STRIDE.get(stride) + 1);
  p.same(Unit::Cdma, rdm::D_CONV_STRIDE, Unit::Csc, rcs::D_CONV_STRIDE_EXT, 0x70007, "conv_stride_x, conv_stride_y");
  const uint32_t pad = p.value(Unit::Cdma, rdm::D_ZERO_PADDING);
  op.pad_x_left = uint8_t(rdm::D_ZERO_PADDING_PAD_LEFT.get(pad));
  op.pad_x_right = uint8_t(rdm::D_ZERO_PADDING_PAD_RIGHT.get(pad));
  op.pad_y_top = uint8_t(rdm::D_ZERO_PADDING_PAD_TOP.get(pad));
  op.pad_y_bottom = uint8_t(rdm::D_ZERO_PADDING_PAD_BOTTOM.get(pad));
  p.same(Unit::Cdma, rdm::D_ZERO_PADDING, Unit::Csc, rcs::D_ZERO_PADDING, 0x1F001F, "pad_x_left, pad_y_top");
  op.pad_val = int16_t(rdm::D_ZERO_PADDING_VALUE_PAD_VALUE.get(p.value(Unit::Cdma, rdm::D_ZERO_PADDING_VALUE)));
  p.same(Unit::Cdma, rdm::D_ZERO_PADDING_VALUE, Unit::Csc, rcs::D_ZERO_PADDING_VALUE, 0xFFFF, "pad_val");
  const uint32_t bank = p.value(Unit::Cdma, rdm::D_BANK);
  op.data_bank = uint8_t(rdm::D_BANK_DATA_BANK.get(bank) + 1);
  op.weight_bank = uint8_t(rdm::D_BANK_WEIGHT_BANK.get(bank) + 1);
  p.same(Unit::Cdma, rdm::D_BANK, Unit::Csc, rcs::D_BANK, 0x1F001F, "data_bank, weight_bank");

  op.post_extension = uint8_t(rcs::D_POST_Y_EXTENSION_Y_EXTENSION.get(p.value(Unit::Csc, rcs::D_POST_Y_EXTENSION)));
  const uint32_t wext0 = p.value(Unit::Csc, rcs::D_WEIGHT_SIZE_EXT_0);
  op.kernel_width_csc = uint16_t(rcs::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.get(wext0) + 1);
  op.kernel_height_csc = uint16_t(rcs::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.get(wext0) + 1);
  const uint32_t wext1 = p.value(Unit::Csc, rcs::D_WEIGHT_SIZE_EXT_1);
  op.kernel_channel_csc = uint16_t(rcs::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.get(wext1) + 1);
  const uint32_t cmac = p.value(Unit::Csc, rcs::D_DATAOUT_SIZE_0);
  op.input_width_cmac = uint16_t(rcs::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.get(cmac) + 1);
  op.input_height_cmac = uint16_t(rcs::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.get(cmac) + 1);
  op.release = uint16_t(rcs::D_RELEASE_RLS_SLICES.get(p.value(Unit::Csc, rcs::D_RELEASE)) + 1);
  const uint32_t dilation = p.value(Unit::Csc, rcs::D_DILATION_EXT);
  op.dilation_x = uint8_t(rcs::D_DILATION_EXT_X_DILATION_EXT.get(dilation) + 1);
  op.dilation_y = uint8_t(rcs::D_DILATION_EXT_Y_DILATION_EXT.get(dilation) + 1);
  op.pra_truncate = uint8_t(rcs::D_PRA_CFG_PRA_TRUNCATE.get(p.value(Unit::Csc, rcs::D_PRA_CFG)));
  // The weights' dimensions are informative (the firmware reads only the size).
  w.width = op.kernel_width_csc;
  w.height = op.kernel_height_csc;
  w.channel = op.kernel_channel_csc;

  DataCube& dst = cs.dst_data;
  dst.type = MemoryType::Hw;
  const uint32_t out0 = p.value(Unit::Cacc, rca::D_DATAOUT_SIZE_0);
  dst.width = uint16_t(rca::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.get(out0) + 1);
  dst.height = uint16_t(rca::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.get(out0) + 1);
  dst.channel = uint16_t(rca::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.get(p.value(Unit::Cacc, rca::D_DATAOUT_SIZE_1)) + 1);
  dst.line_stride = p.value(Unit::Cacc, rca::D_LINE_STRIDE);
  dst.surf_stride = p.value(Unit::Cacc, rca::D_SURF_STRIDE);
  // processor_conv_program writes both WEIGHT_KERNELs and CSC's output
  // channels from dst_data.channel.
  const uint32_t kernels = dst.channel - 1u;
  if (rdm::D_WEIGHT_SIZE_1_WEIGHT_KERNEL.get(p.value(Unit::Cdma, rdm::D_WEIGHT_SIZE_1)) != kernels ||
      rcs::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.get(wext1) != kernels ||
      rcs::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.get(p.value(Unit::Csc, rcs::D_DATAOUT_SIZE_1)) != kernels) {
    p.fail(
        "CDMA.D_WEIGHT_SIZE_1.WEIGHT_KERNEL, CSC.D_WEIGHT_SIZE_EXT_1.WEIGHT_KERNEL or "
        "CSC.D_DATAOUT_SIZE_1.DATAOUT_CHANNEL differs from CACC.D_DATAOUT_SIZE_1 (" +
        std::to_string(dst.channel) + " channels): the firmware programs all from dst_data.channel");
  }
  if (dst.width == 1 && dst.height == 1 && dst.line_stride != hw.atom_bytes) {
    p.fail("CACC.D_LINE_STRIDE " + std::to_string(dst.line_stride) +
           " is not one atom for a 1x1 output, which processor_conv_program requires");
  }
  op.out_cvt.scale = 1;
  op.out_cvt.offset = 0;
  op.out_cvt.truncate = uint8_t(rca::D_CLIP_CFG_CLIP_TRUNCATE.get(p.value(Unit::Cacc, rca::D_CLIP_CFG)));

  decode_sdp(p, hw, false, layer.sdp_op, layer.sdp_surface, notes, true, op.out_precision);
  const DataCube& sdp_src = layer.sdp_surface.src_data;
  if (sdp_src.width != dst.width || sdp_src.height != dst.height || sdp_src.channel != dst.channel) {
    p.fail("SDP.D_DATA_CUBE_* " + std::to_string(sdp_src.width) + "x" + std::to_string(sdp_src.height) + "x" +
           std::to_string(sdp_src.channel) + " differs from CACC.D_DATAOUT_SIZE_* " + std::to_string(dst.width) +
           "x" + std::to_string(dst.height) + "x" + std::to_string(dst.channel) + ": SDP takes CACC's output cube");
  }
  DataCube& d = layer.sdp_dst_data;
  d.type = memory_of_ram(rs::D_DST_DMA_CFG_DST_RAM_TYPE.get(p.value(Unit::Sdp, rs::D_DST_DMA_CFG)));
  d.address =
      uint64_t{p.value(Unit::Sdp, rs::D_DST_BASE_ADDR_HIGH)} << 32 | p.value(Unit::Sdp, rs::D_DST_BASE_ADDR_LOW);
  d.width = dst.width;
  d.height = dst.height;
  d.channel = dst.channel;
  d.line_stride = p.value(Unit::Sdp, rs::D_DST_LINE_STRIDE);
  d.surf_stride = p.value(Unit::Sdp, rs::D_DST_SURFACE_STRIDE);
  d.size = cube_size(d, layer.sdp_op.dst_precision, hw.atom_bytes);
  return layer;
}

// dla_bdma_surface_desc from the transfers BDMA queued (bdma.c
// processor_bdma_program_slot, inverted): CFG_SRC/DST_ADDR_HIGH/LOW ->
// source/destination address; CFG_LINE.SIZE -> line_size / 32 - 1;
// CFG_LINE_REPEAT, CFG_SURF_REPEAT -> line_repeat - 1, surface_repeat - 1;
// CFG_SRC/DST_LINE, CFG_SRC/DST_SURF -> the strides; CFG_CMD's RAM types ->
// the surface's source_type and destination_type, which are one pair for
// all its transfers.
BdmaCopy decode_bdma(const Programming& p) {
  BdmaCopy copy;
  const auto& slots = p.bdma_slots();
  if (slots.empty()) p.fail("BDMA is launched (CFG_LAUNCH0/1) but no transfer is queued (CFG_OP.EN is never set)");
  for (size_t i = 0; i < slots.size(); ++i) {
    const auto& r = slots[i];
    const uint32_t cmd = r.at(rb::CFG_CMD);
    const MemoryType source = memory_of_ram(rb::CFG_CMD_SRC_RAM_TYPE.get(cmd));
    const MemoryType destination = memory_of_ram(rb::CFG_CMD_DST_RAM_TYPE.get(cmd));
    if (i == 0) {
      copy.source_type = source;
      copy.destination_type = destination;
    } else if (source != copy.source_type || destination != copy.destination_type) {
      p.fail("BDMA.CFG_CMD of transfer " + std::to_string(i) + " (" + hex(cmd) +
             ") names other memories than transfer 0's: dla_bdma_surface_desc has one source_type and "
             "destination_type for all its transfers");
    }
    BdmaTransfer t;
    // The address registers keep bits [31:5] of the low word.
    t.source_address = uint64_t{r.at(rb::CFG_SRC_ADDR_HIGH)} << 32 | (r.at(rb::CFG_SRC_ADDR_LOW) & ~0x1Fu);
    t.destination_address = uint64_t{r.at(rb::CFG_DST_ADDR_HIGH)} << 32 | (r.at(rb::CFG_DST_ADDR_LOW) & ~0x1Fu);
    t.line_size = (rb::CFG_LINE_SIZE.get(r.at(rb::CFG_LINE)) + 1) * 32;
    t.line_repeat = rb::CFG_LINE_REPEAT_NUMBER.get(r.at(rb::CFG_LINE_REPEAT)) + 1;
    t.surface_repeat = rb::CFG_SURF_REPEAT_NUMBER.get(r.at(rb::CFG_SURF_REPEAT)) + 1;
    t.source_line = r.at(rb::CFG_SRC_LINE) & ~0x1Fu;
    t.destination_line = r.at(rb::CFG_DST_LINE) & ~0x1Fu;
    t.source_surface = r.at(rb::CFG_SRC_SURF) & ~0x1Fu;
    t.destination_surface = r.at(rb::CFG_DST_SURF) & ~0x1Fu;
    copy.transfers.push_back(t);
  }
  return copy;
}

// CDP's LUT: its starts and ends are 38 bits, {S_LUT_xx_HIGH[5:0],
// S_LUT_xx_LOW}, which update_lut writes from the high and low words of the
// 64-bit fields.
LutParam decode_cdp_lut(const Programming& p, uint8_t precision, std::vector<std::string>& notes) {
  const LutRegisters r{Unit::Cdp,           rc::S_LUT_CFG,           rc::S_LUT_INFO,          rc::S_LUT_LE_SLOPE_SCALE,
                       rc::S_LUT_LO_SLOPE_SCALE, rc::S_LUT_LE_SLOPE_SHIFT, rc::S_LUT_LO_SLOPE_SHIFT};
  LutParam l = decode_lut_registers(p, r, precision, p.cdp_lut_tables(), notes);
  const auto wide = [&](uint32_t low, uint32_t high, const regs::Field& high_field) {
    return uint64_t{high_field.get(p.value(Unit::Cdp, high))} << 32 | p.value(Unit::Cdp, low);
  };
  l.linear_exp_start = wide(rc::S_LUT_LE_START_LOW, rc::S_LUT_LE_START_HIGH, rc::S_LUT_LE_START_HIGH_LUT_LE_START_HIGH);
  l.linear_exp_end = wide(rc::S_LUT_LE_END_LOW, rc::S_LUT_LE_END_HIGH, rc::S_LUT_LE_END_HIGH_LUT_LE_END_HIGH);
  l.linear_only_start =
      wide(rc::S_LUT_LO_START_LOW, rc::S_LUT_LO_START_HIGH, rc::S_LUT_LO_START_HIGH_LUT_LO_START_HIGH);
  l.linear_only_end = wide(rc::S_LUT_LO_END_LOW, rc::S_LUT_LO_END_HIGH, rc::S_LUT_LO_END_HIGH_LUT_LO_END_HIGH);
  return l;
}

// dla_cdp_op_desc and dla_cdp_surface_desc from CDP_RDMA's and CDP's
// registers (cdp.c processor_cdp_program, inverted):
//   CDP_RDMA D_DATA_FORMAT.INPUT_DATA -> in_precision = out_precision (CDP's
//   D_DATA_FORMAT.INPUT_DATA_TYPE is written from the same field);
//   CDP_RDMA D_DATA_CUBE_*, D_SRC_* -> src_data; CDP D_DST_* -> dst_data
//   (with src_data's dimensions); D_LRN_CFG.NORMALZ_LEN -> local_size
//   (map_local_size); D_DATIN_OFFSET/SCALE/SHIFTER -> in_cvt
//   offset/scale/truncate; D_DATOUT_* -> out_cvt; D_FUNC_BYPASS ->
//   bypass_sqsum, bypass_out_mul; S_LUT_* and the tables -> lut (CDP's
//   datapath reads the LUT for every element, so the layer always has one).
CdpLayer decode_cdp(const Programming& p, const HardwareConfig& hw, std::vector<std::string>& notes) {
  CdpLayer layer;
  CdpOpDesc& op = layer.op;
  const uint32_t precision = rcr::D_DATA_FORMAT_INPUT_DATA.get(p.value(Unit::CdpRdma, rcr::D_DATA_FORMAT));
  if (precision > kPrecisionFp16) p.fail("CDP_RDMA.D_DATA_FORMAT.INPUT_DATA=3 is a reserved encoding");
  op.in_precision = uint8_t(precision);
  op.out_precision = uint8_t(precision);
  p.same(Unit::CdpRdma, rcr::D_DATA_FORMAT, Unit::Cdp, rc::D_DATA_FORMAT, rcr::D_DATA_FORMAT_INPUT_DATA.mask(),
         "in_precision");
  // The firmware never enables compression (dla_cdp_op_desc has no field).
  if (rcr::D_SRC_COMPRESSION_EN_SRC_COMPRESSION_EN.get(p.value(Unit::CdpRdma, rcr::D_SRC_COMPRESSION_EN)) != 0) {
    p.fail("CDP_RDMA.D_SRC_COMPRESSION_EN enables compression, which processor_cdp_program never programs");
  }
  if (rc::D_DST_COMPRESSION_EN_DST_COMPRESSION_EN.get(p.value(Unit::Cdp, rc::D_DST_COMPRESSION_EN)) != 0) {
    p.fail("CDP.D_DST_COMPRESSION_EN enables compression, which processor_cdp_program never programs");
  }

  DataCube& s = layer.src_data;
  s.type = memory_of_ram(rcr::D_SRC_DMA_CFG_SRC_RAM_TYPE.get(p.value(Unit::CdpRdma, rcr::D_SRC_DMA_CFG)));
  s.address = uint64_t{p.value(Unit::CdpRdma, rcr::D_SRC_BASE_ADDR_HIGH)} << 32 |
              p.value(Unit::CdpRdma, rcr::D_SRC_BASE_ADDR_LOW);
  s.width = uint16_t(rcr::D_DATA_CUBE_WIDTH_WIDTH.get(p.value(Unit::CdpRdma, rcr::D_DATA_CUBE_WIDTH)) + 1);
  s.height = uint16_t(rcr::D_DATA_CUBE_HEIGHT_HEIGHT.get(p.value(Unit::CdpRdma, rcr::D_DATA_CUBE_HEIGHT)) + 1);
  s.channel = uint16_t(rcr::D_DATA_CUBE_CHANNEL_CHANNEL.get(p.value(Unit::CdpRdma, rcr::D_DATA_CUBE_CHANNEL)) + 1);
  s.line_stride = p.value(Unit::CdpRdma, rcr::D_SRC_LINE_STRIDE);
  s.surf_stride = p.value(Unit::CdpRdma, rcr::D_SRC_SURFACE_STRIDE);
  s.size = cube_size(s, op.in_precision, hw.atom_bytes);
  DataCube& d = layer.dst_data;
  d.type = memory_of_ram(rc::D_DST_DMA_CFG_DST_RAM_TYPE.get(p.value(Unit::Cdp, rc::D_DST_DMA_CFG)));
  d.address =
      uint64_t{p.value(Unit::Cdp, rc::D_DST_BASE_ADDR_HIGH)} << 32 | p.value(Unit::Cdp, rc::D_DST_BASE_ADDR_LOW);
  d.width = s.width;
  d.height = s.height;
  d.channel = s.channel;
  d.line_stride = p.value(Unit::Cdp, rc::D_DST_LINE_STRIDE);
  d.surf_stride = p.value(Unit::Cdp, rc::D_DST_SURFACE_STRIDE);
  d.size = cube_size(d, op.out_precision, hw.atom_bytes);

  // The firmware writes each converter field as it is (the offset and scale
  // are the signed register fields).
  op.in_cvt.offset = int16_t(rc::D_DATIN_OFFSET_DATIN_OFFSET.get(p.value(Unit::Cdp, rc::D_DATIN_OFFSET)));
  op.in_cvt.scale = int16_t(rc::D_DATIN_SCALE_DATIN_SCALE.get(p.value(Unit::Cdp, rc::D_DATIN_SCALE)));
  op.in_cvt.truncate = uint8_t(rc::D_DATIN_SHIFTER_DATIN_SHIFTER.get(p.value(Unit::Cdp, rc::D_DATIN_SHIFTER)));
  op.in_cvt.enable = 1;
  op.out_cvt.offset = int32_t(rc::D_DATOUT_OFFSET_DATOUT_OFFSET.get(p.value(Unit::Cdp, rc::D_DATOUT_OFFSET)));
  op.out_cvt.scale = int16_t(rc::D_DATOUT_SCALE_DATOUT_SCALE.get(p.value(Unit::Cdp, rc::D_DATOUT_SCALE)));
  op.out_cvt.truncate = uint8_t(rc::D_DATOUT_SHIFTER_DATOUT_SHIFTER.get(p.value(Unit::Cdp, rc::D_DATOUT_SHIFTER)));
  op.out_cvt.enable = 1;
  op.local_size = uint8_t(3 + 2 * rc::D_LRN_CFG_NORMALZ_LEN.get(p.value(Unit::Cdp, rc::D_LRN_CFG)));
  const uint32_t bypass = p.value(Unit::Cdp, rc::D_FUNC_BYPASS);
  op.bypass_sqsum = rc::D_FUNC_BYPASS_SQSUM_BYPASS.get(bypass) == rc::D_FUNC_BYPASS_SQSUM_BYPASS_ENABLE;
  op.bypass_out_mul = rc::D_FUNC_BYPASS_MUL_BYPASS.get(bypass) == rc::D_FUNC_BYPASS_MUL_BYPASS_ENABLE;
  op.lut = decode_cdp_lut(p, op.in_precision, notes);
  return layer;
}

std::string relative_to(const std::string& file, const std::string& folder) {
  std::error_code ec;
  const fs::path r = fs::relative(file, folder, ec);
  return ec || r.empty() ? file : r.string();
}

// Loads that lie inside a checked region put the expected result in place
// before the run (the generated pass-through traces preload
// PDP_0_output.dat); the layer leaves them out so the check sees only what
// the firmware's task wrote.
void drop_preloaded_results(LayerDescription& d, std::vector<std::string>& notes) {
  std::vector<MemoryLoad> kept;
  for (MemoryLoad& m : d.inputs) {
    uint64_t low = ~uint64_t{0}, high = 0;
    for (const auto& c : m.chunks) {
      low = std::min(low, m.address + c.offset);
      high = std::max(high, m.address + c.offset + c.bytes.size());
    }
    bool inside = false;
    for (const MemoryCheck& c : d.checks) {
      inside = inside || (c.type == m.type && low >= c.address && high <= c.address + c.size);
    }
    if (inside && high > low && !m.fill) {
      notes.push_back("the trace loads '" + m.file + "' into the checked region [" + hex(low) + ", " + hex(high) +
                      "); the layer does not, so the check sees only the task's output");
    } else {
      kept.push_back(std::move(m));
    }
  }
  d.inputs = std::move(kept);
}

MemoryType memory_of_port(hal::MemoryPort port) {
  return port == hal::MemoryPort::Secondary ? MemoryType::Cv : MemoryType::Mc;
}

void read_cfg(const std::string& file, Config config, Programming& p, TraceLayer& out) {
  const trace::CfgTrace t = trace::read_cfg_trace(file, config);
  const std::string folder = fs::path(file).parent_path().string();
  for (const trace::CfgCommand& c : t.commands) {
    switch (c.op) {
      case trace::CfgOp::RegWrite:
        // GLB's interrupt mask and status are the firmware's own (engine.c
        // and engine_isr.c program and clear them).
        if (c.reg.unit == Unit::Bdma) {
          p.write_bdma(c.reg.address - hardware_config(config).unit_base(c.reg.unit), c.value);
        } else if (c.reg.unit != Unit::Glb) {
          p.write(c.reg.unit, c.reg.address - hardware_config(config).unit_base(c.reg.unit), c.value);
        }
        break;
      case trace::CfgOp::PollRegEqual:
        // conv.c dla_conv_enable polls CDMA's S_CBUF_FLUSH_STATUS itself.
        if (c.reg.unit != Unit::Cdma ||
            c.reg.address - hardware_config(config).unit_base(Unit::Cdma) != rdm::S_CBUF_FLUSH_STATUS) {
          throw TraceLayerError(c.where.str() +
                                ": poll_reg_equal of a register other than CDMA.S_CBUF_FLUSH_STATUS is not part "
                                "of a layer");
        }
        break;
      case trace::CfgOp::SyncNotify:
      case trace::CfgOp::SyncWait: break;  // the scheduler orders the units' enables itself
      case trace::CfgOp::MemLoad: {
        MemoryLoad m;
        m.type = memory_of_port(c.port);
        m.address = c.base;
        m.chunks = c.surface->chunks;
        m.file = relative_to(c.surface->path, folder);
        m.format = "surface";
        out.description.inputs.push_back(std::move(m));
        break;
      }
      case trace::CfgOp::MemInit: {
        if (c.pattern != trace::MemPattern::AllZero || c.surface) {
          throw TraceLayerError(c.where.str() + ": mem_init with pattern " + trace::pattern_name(c.pattern) +
                                " is not converted (only ALL_ZERO)");
        }
        // Memory nothing has written reads as zero, as ALL_ZERO leaves it;
        // a zero fill over data loaded before it must stay (pdp_3x3x33
        // clears its output region, which its input file covers).
        const MemoryType type = memory_of_port(c.port);
        bool over_load = false;
        for (const MemoryLoad& m : out.description.inputs) {
          for (const auto& chunk : m.chunks) {
            const uint64_t low = m.address + chunk.offset, high = low + chunk.bytes.size();
            over_load = over_load || (m.type == type && low < c.base + c.size && c.base < high);
          }
        }
        if (over_load) {
          MemoryLoad m;
          m.type = type;
          m.address = c.base;
          m.fill = true;
          m.chunks.push_back({0, std::vector<uint8_t>(c.size, 0)});
          out.description.inputs.push_back(std::move(m));
        }
        break;
      }
      case trace::CfgOp::CheckCrc: {
        MemoryCheck k;
        k.type = memory_of_port(c.port);
        k.address = c.base;
        k.size = c.size;
        k.crc32 = c.value;
        out.description.checks.push_back(k);
        break;
      }
      case trace::CfgOp::IntrNotify:
      case trace::CfgOp::CheckNothing: break;  // the firmware waits for its own interrupts
      default: throw TraceLayerError(c.where.str() + ": " + trace::cfg_op_name(c.op) + " is not part of a layer");
    }
  }
}

void read_txn(const std::string& file, Config config, Programming& p, TraceLayer& out) {
  const trace::TxnTrace t = trace::read_txn_trace(file, config);
  const HardwareConfig& hw = hardware_config(config);
  for (const trace::TxnCommand& c : t.commands) {
    switch (c.op) {
      case trace::TxnOp::WriteReg:
        // The GLB write after `wait` clears the interrupt status, which the
        // firmware's ISR does itself.
        if (c.unit == Unit::Bdma) {
          p.write_bdma(c.csb_address - hw.unit_base(c.unit), c.data);
        } else if (c.unit != Unit::Glb) {
          p.write(c.unit, c.csb_address - hw.unit_base(c.unit), c.data);
        }
        break;
      case trace::TxnOp::LoadMem: {
        MemoryLoad m;
        m.type = memory_of_port(c.port);
        m.address = c.address;
        m.chunks.push_back({0, c.bytes});
        m.file = c.file_name;
        m.format = "dump";
        out.description.inputs.push_back(std::move(m));
        break;
      }
      case trace::TxnOp::DumpMem: {
        MemoryCheck k;
        k.type = memory_of_port(c.port);
        k.address = c.address;
        k.size = c.bytes.size();
        k.expected = c.bytes;
        k.file = c.file_name;
        k.format = "dump";
        out.description.checks.push_back(k);
        break;
      }
      case trace::TxnOp::ReadReg:
        if (c.unit != Unit::Glb) p.read(c.unit, c.csb_address - hw.unit_base(c.unit));
        break;
      case trace::TxnOp::Wait: break;  // the firmware waits for its own interrupt
    }
  }
}

}  // namespace

TraceLayer trace_layer(const std::string& path, Config config) {
  const std::string file = trace::find_trace(path);
  TraceLayer out;
  out.trace_path = file;
  out.config = config;
  out.description.path = file;
  Programming p(file, config);
  if (fs::path(file).extension() == ".txn") {
    read_txn(file, config, p, out);
  } else {
    read_cfg(file, config, p, out);
  }
  const HardwareConfig& hw = hardware_config(config);
  Operation op;
  if (p.enabled(Unit::Bdma)) {
    for (const Unit u : kAllUnits) {
      if (u != Unit::Bdma && u != Unit::Glb && p.enabled(u)) {
        p.fail(std::string("BDMA runs beside ") + unit_name(u) + ": two layers, not one");
      }
    }
    op.layer = decode_bdma(p);
    out.description.operations.push_back(op);
    // NVDLA's BDMA traces check registers and the done interrupt only; the
    // copy's result is for the reader of the layer to check.
    if (out.description.checks.empty()) out.notes.push_back("the trace checks no memory (registers and interrupt only)");
    drop_preloaded_results(out.description, out.notes);
    out.registers = p.registers();
    return out;
  }
  if (std::none_of(std::begin(kAllUnits), std::end(kAllUnits), [&](Unit u) { return p.enabled(u); })) {
    p.fail("no unit is ever enabled (D_OP_ENABLE) or launched (BDMA CFG_LAUNCH0/1): the trace accesses registers "
           "only, which is not a layer");
  }
  const bool conv = p.enabled(Unit::Cdma) || p.enabled(Unit::Csc) || p.enabled(Unit::CmacA) ||
                    p.enabled(Unit::CmacB) || p.enabled(Unit::Cacc);
  if (conv) {
    // conv.c dla_conv_enable enables all five; SDP takes CACC's output.
    for (const Unit u : {Unit::Cdma, Unit::Csc, Unit::CmacA, Unit::CmacB, Unit::Cacc}) {
      if (!p.enabled(u)) p.fail(std::string(unit_name(u)) + ".D_OP_ENABLE is never set while the convolution runs");
    }
    if (!p.enabled(Unit::Sdp)) p.fail("the convolution runs but SDP (SDP.D_OP_ENABLE) never takes its output");
    if (p.enabled(Unit::Pdp) || p.enabled(Unit::Cdp)) p.fail("PDP or CDP runs beside the convolution: not one layer");
    op.layer = decode_conv(p, hw, out.notes);
    const ConvLayer& layer = std::get<ConvLayer>(op.layer);
    // sdp.c dla_sdp_rdma_check: in flying mode SDP_RDMA runs only for
    // operands in memory.
    const auto reads = [](const SdpOp& s) { return s.enable && s.type != 0 && s.mode != 0; };
    const bool operands = reads(layer.sdp_op.x1_op) || reads(layer.sdp_op.x2_op) || reads(layer.sdp_op.y_op);
    if (operands != p.enabled(Unit::SdpRdma)) {
      p.fail(std::string("SDP_RDMA.D_OP_ENABLE is ") + (operands ? "never set" : "set") + " while SDP's stages read " +
             (operands ? "" : "no ") +
             "operands from memory; the firmware enables SDP_RDMA for operands only (sdp.c dla_sdp_rdma_check)");
    }
    out.description.operations.push_back(op);
    if (out.description.checks.empty()) p.fail("the trace checks no result (no check_crc or dump_mem)");
    drop_preloaded_results(out.description, out.notes);
    out.registers = p.registers();
    return out;
  }
  if (p.enabled(Unit::Cdp) || p.enabled(Unit::CdpRdma)) {
    if (p.enabled(Unit::Pdp) || p.enabled(Unit::Sdp)) p.fail("CDP runs beside PDP or SDP: two layers, not one");
    // dla_cdp_rdma_check: CDP always reads its input through CDP_RDMA.
    if (!p.enabled(Unit::Cdp)) p.fail("CDP_RDMA is enabled but CDP (CDP.D_OP_ENABLE) never is");
    if (!p.enabled(Unit::CdpRdma)) {
      p.fail("CDP runs without CDP_RDMA (CDP_RDMA.D_OP_ENABLE): its input is not in memory");
    }
    op.layer = decode_cdp(p, hw, out.notes);
    out.description.operations.push_back(op);
    if (out.description.checks.empty()) p.fail("the trace checks no result (no check_crc or dump_mem)");
    drop_preloaded_results(out.description, out.notes);
    out.registers = p.registers();
    return out;
  }
  if (!p.enabled(Unit::Pdp)) {
    if (!p.enabled(Unit::Sdp)) p.fail("neither PDP, SDP nor CDP is ever enabled: not a pooling, SDP or CDP trace");
    // processor_sdp_program enables SDP_RDMA for an input in memory
    // (dla_sdp_rdma_check: is_rdma_needed).
    if (!p.enabled(Unit::SdpRdma)) p.fail("SDP runs without SDP_RDMA: its input is not in memory");
    op.layer = decode_sdp_alone(p, hw, out.notes);
    out.description.operations.push_back(op);
    if (out.description.checks.empty()) p.fail("the trace checks no result (no check_crc or dump_mem)");
    drop_preloaded_results(out.description, out.notes);
    out.registers = p.registers();
    return out;
  }
  const bool on_the_fly = rp::D_OPERATION_MODE_CFG_FLYING_MODE.get(p.value(Unit::Pdp, rp::D_OPERATION_MODE_CFG)) ==
                          rp::D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING;
  if (on_the_fly) {
    if (!p.enabled(Unit::Sdp) || !p.enabled(Unit::SdpRdma)) {
      p.fail("PDP takes its input on the fly but SDP and SDP_RDMA are not both enabled");
    }
    op.layer = decode_sdp_pdp(p, hw, out.notes);
  } else {
    if (!p.enabled(Unit::PdpRdma)) p.fail("PDP reads its input offline but PDP_RDMA is never enabled");
    if (p.enabled(Unit::Sdp)) p.fail("SDP runs beside an offline PDP: two layers, not one");
    op.layer = decode_offline_pdp(p, hw.atom_bytes, out.notes);
  }
  out.description.operations.push_back(op);
  if (out.description.checks.empty()) p.fail("the trace checks no result (no check_crc or dump_mem)");
  drop_preloaded_results(out.description, out.notes);
  out.registers = p.registers();
  return out;
}

std::string RegisterDifference::str() const {
  std::string s = name + ": trace " + hex(trace_value) + ", firmware ";
  return s + (firmware_wrote ? hex(firmware_value) : "never writes it (reset " + hex(firmware_value) + ")");
}

LutTables sdp_lut_tables(const std::vector<RegisterAccess>& log, Config config) {
  const HardwareConfig& hw = hardware_config(config);
  const uint32_t cfg = hw.unit_base(Unit::Sdp) + rs::S_LUT_ACCESS_CFG;
  const uint32_t data = hw.unit_base(Unit::Sdp) + rs::S_LUT_ACCESS_DATA;
  LutPort port;
  for (const RegisterAccess& a : log) {
    if (a.offset == cfg && a.write) port.write_cfg(a.value);
    if (a.offset == data && a.write) port.write_data(a.value);
    if (a.offset == data && !a.write) port.read_data();
  }
  return port.tables();
}

LutTables cdp_lut_tables(const std::vector<RegisterAccess>& log, Config config) {
  const HardwareConfig& hw = hardware_config(config);
  const uint32_t cfg = hw.unit_base(Unit::Cdp) + rc::S_LUT_ACCESS_CFG;
  const uint32_t data = hw.unit_base(Unit::Cdp) + rc::S_LUT_ACCESS_DATA;
  CdpLutPort port;
  for (const RegisterAccess& a : log) {
    if (a.offset == cfg && a.write) port.write_cfg(a.value);
    if (a.offset == data && a.write) port.write_data(a.value);
    if (a.offset == data && !a.write) port.read_data();
  }
  return port.tables();
}

std::vector<RegisterDifference> compare_programming(const TraceLayer& trace, const std::vector<RegisterAccess>& log) {
  const HardwareConfig& hw = hardware_config(trace.config);
  std::vector<RegisterDifference> out;
  for (const TraceRegister& r : trace.registers) {
    const regs::RegisterInfo* info = regs::unit_info(r.unit, trace.config).find(r.offset);
    // Writes to read-only registers (status, counters) store nothing.
    if (!info || info->write_mask == 0) continue;
    const uint32_t address = hw.unit_base(r.unit) + r.offset;
    std::optional<uint32_t> written;
    for (const RegisterAccess& a : log) {
      if (a.write && a.offset == address) written = a.value;
    }
    const uint32_t trace_bits = r.value & info->write_mask;
    const uint32_t firmware_bits = (written ? *written : info->reset) & info->write_mask;
    if (trace_bits != firmware_bits) {
      out.push_back({r.name, trace_bits, written.has_value(), firmware_bits});
    }
  }
  return out;
}

}  // namespace acosim::nvdla::firmware

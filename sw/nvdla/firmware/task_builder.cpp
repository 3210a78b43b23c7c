#include "sw/nvdla/firmware/task_builder.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sw/common/hex.h"

// The descriptor layouts, from the firmware's own header (a C header).
extern "C" {
#include <dla_interface.h>
}

namespace acosim::nvdla::firmware {

// The sizes the firmware reads with (dla_data_read of whole containers):
// the C++ view of dla_interface.h must agree with the C compiler's.
static_assert(sizeof(dla_network_desc) == 40, "dla_network_desc layout");
static_assert(sizeof(dla_common_op_desc) == 36, "dla_common_op_desc layout");
static_assert(sizeof(dla_operation_container) == 116, "dla_operation_container layout");
static_assert(sizeof(dla_surface_container) == 644, "dla_surface_container layout");
static_assert(sizeof(dla_data_cube) == 32, "dla_data_cube layout");
static_assert(sizeof(dla_bdma_transfer_desc) == 32, "dla_bdma_transfer_desc layout");
static_assert(sizeof(dla_pdp_op_desc) == 52, "dla_pdp_op_desc layout");
static_assert(sizeof(dla_sdp_op_desc) == 116, "dla_sdp_op_desc layout");
static_assert(sizeof(dla_lut_param) == 700, "dla_lut_param layout");
static_assert(sizeof(dla_cdp_op_desc) == 24, "dla_cdp_op_desc layout");
static_assert(sizeof(dla_cdp_surface_desc) == 64, "dla_cdp_surface_desc layout");
static_assert(sizeof(dla_conv_surface_desc) == 172, "dla_conv_surface_desc layout");
static_assert(sizeof(dla_conv_op_desc) == 92, "dla_conv_op_desc layout");
static_assert(sizeof(dla_rubik_op_desc) == 4, "dla_rubik_op_desc layout");
static_assert(sizeof(dla_rubik_surface_desc) == 64, "dla_rubik_surface_desc layout");
static_assert(kRubikModeContract == RUBIK_MODE_CONTRACT && kRubikModeSplit == RUBIK_MODE_SPLIT &&
                  kRubikModeMerge == RUBIK_MODE_MERGE,
              "RUBIK_MODE_* numbering");
static_assert(kLutLinearExpEntries == (1 << LUT_LINEAR_EXP_TABLE_ENTRY_LOG2) + 1 &&
                  kLutLinearOnlyEntries == (1 << LUT_LINEAR_ONLY_TABLE_ENTRY_LOG2) + 1,
              "LUT table sizes");
static_assert(int(OpType::Bdma) == DLA_OP_BDMA && int(OpType::Conv) == DLA_OP_CONV && int(OpType::Sdp) == DLA_OP_SDP &&
                  int(OpType::Pdp) == DLA_OP_PDP && int(OpType::Cdp) == DLA_OP_CDP &&
                  int(OpType::Rubik) == DLA_OP_RUBIK,
              "DLA_OP_* numbering");
static_assert(int(MemoryType::Mc) == DLA_MEM_MC && int(MemoryType::Cv) == DLA_MEM_CV &&
                  int(MemoryType::Hw) == DLA_MEM_HW,
              "DLA_MEM_* numbering");

namespace {

// Address-list entries 0..3 (scheduler.c dla_read_network_config: the
// network descriptor is always entry 0; it names the others).
constexpr int16_t kNetworkEntry = 0;
constexpr int16_t kOperationListEntry = 1;
constexpr int16_t kSurfaceListEntry = 2;
constexpr int16_t kDependencyGraphEntry = 3;
constexpr uint64_t kDescriptorAlignment = 256;

// common.h DCUBE_MAX_WIDTH/HEIGHT/CHANNEL.
constexpr uint32_t kMaxCubeDimension = 8192;

uint64_t align_up(uint64_t value, uint64_t alignment) { return (value + alignment - 1) / alignment * alignment; }

uint32_t precision_bytes(uint8_t precision) { return precision == kPrecisionInt8 ? 1 : 2; }

const char* memory_name(MemoryType type) {
  switch (type) {
    case MemoryType::Mc:
      return "MC";
    case MemoryType::Cv:
      return "CV";
    case MemoryType::Hw:
      return "HW";
  }
  return "?";
}

// One firmware operation before it is written: its descriptors and links.
struct Node {
  OpType type;
  size_t layer;
  bool after_previous;  // waits for the previous layer's last operation to complete
  dla_operation_container op;
  dla_surface_container surface;
  dla_common_op_desc common;
};

// A data buffer the address list must hold.
struct Buffer {
  MemoryType memory;
  uint64_t address;
  uint64_t extent;
};

class Builder {
 public:
  Builder(const HardwareConfig& config, const MemoryLimits& limits) : m_config(config), m_limits(limits) {}

  void add(size_t index, const Operation& operation);
  Task write(hal::Hal& hal, uint64_t descriptor_base);

 private:
  [[noreturn]] void fail(const std::string& what) const;
  Node& new_node(OpType type, bool after_previous);
  int16_t buffer(MemoryType memory, uint64_t address, uint64_t extent, const std::string& what);
  void check_range(MemoryType memory, uint64_t address, uint64_t extent, const std::string& what) const;
  void check_memory_type(MemoryType memory, const std::string& what) const;
  void check_cube(const DataCube& cube, uint32_t element_bytes, const std::string& what) const;
  dla_data_cube memory_cube(const DataCube& cube, uint32_t element_bytes, const std::string& what);
  dla_data_cube sized_cube(const DataCube& cube, uint64_t extent, const std::string& what);
  dla_data_cube hw_cube(const DataCube& dimensions) const;
  dla_data_cube unused_cube() const;
  void check_pdp_op(const PdpOpDesc& op) const;
  dla_pdp_op_desc pdp_op(const PdpOpDesc& op) const;
  // conv_mode: that of the convolution feeding SDP (CONV_MODE_DIRECT when
  // SDP reads memory).
  void check_sdp_op(const SdpOpDesc& op, uint8_t conv_mode = CONV_MODE_DIRECT) const;
  dla_sdp_op_desc sdp_op(const SdpOpDesc& op);
  void check_lut(const LutParam& lut, const std::string& what) const;
  int16_t lut(const LutParam& lut);
  dla_data_cube operand_cube(const SdpOpDesc& op, const SdpOp& stage, const DataCube& cube, const char* name);
  void sdp_surface(const SdpOpDesc& op, const SdpSurfaceDesc& surface, dla_sdp_surface_desc& to);

  void add_bdma(const BdmaCopy& copy, bool after_previous);
  void add_pdp(const PdpLayer& layer, bool after_previous);
  void add_sdp_pdp(const SdpPdpLayer& layer, bool after_previous);
  void add_sdp(const SdpLayer& layer, bool after_previous);
  void check_cdp_op(const CdpOpDesc& op) const;
  void add_cdp(const CdpLayer& layer, bool after_previous);
  void check_conv_op(const ConvOpDesc& op) const;
  dla_conv_op_desc conv_op(const ConvOpDesc& op) const;
  void add_conv(const ConvLayer& layer, bool after_previous);
  dla_data_cube rubik_cube(const DataCube& cube, uint64_t extent, const std::string& what);
  void add_rubik(const RubikLayer& layer, bool after_previous);
  void link();

  const HardwareConfig& m_config;
  const MemoryLimits& m_limits;
  std::vector<Node> m_nodes;
  std::vector<Buffer> m_buffers;
  std::vector<dla_lut_param> m_luts;  // the network's LUT list
  std::map<std::pair<MemoryType, uint64_t>, size_t> m_buffer_index;
  size_t m_layer = 0;
  const char* m_layer_kind = "";
  bool m_layer_started = false;
};

void Builder::fail(const std::string& what) const {
  throw TaskError("layer " + std::to_string(m_layer) + " (" + m_layer_kind + "): " + what);
}

Node& Builder::new_node(OpType type, bool after_previous) {
  if (m_nodes.size() >= size_t(INT16_MAX)) fail("too many operations for one task");
  Node node{};
  node.type = type;
  node.layer = m_layer;
  node.after_previous = after_previous && !m_layer_started;
  std::memset(&node.op, 0, sizeof node.op);
  std::memset(&node.surface, 0, sizeof node.surface);
  std::memset(&node.common, 0, sizeof node.common);
  for (int t = 0; t < DLA_OP_NUM; ++t) node.common.consumers[t] = {-1, 0, 0};
  node.common.fused_parent = {-1, 0, 0};
  m_layer_started = true;
  m_nodes.push_back(node);
  return m_nodes.back();
}

void Builder::check_memory_type(MemoryType memory, const std::string& what) const {
  if (memory == MemoryType::Cv && !m_config.has_cvif) {
    fail(what + " is in CV-SRAM, which " + m_config.name + " does not have");
  }
  if (memory != MemoryType::Mc && memory != MemoryType::Cv) {
    fail(what + " must be in memory (MC or CV), not " + memory_name(memory));
  }
}

void Builder::check_range(MemoryType memory, uint64_t address, uint64_t extent, const std::string& what) const {
  const bool cv = memory == MemoryType::Cv;
  const uint64_t begin = cv ? m_limits.cv_begin : m_limits.mc_begin;
  const uint64_t end = cv ? m_limits.cv_end : m_limits.mc_end;
  if (address < begin || address > end || extent > end - address) {
    fail(what + " at " + hex(address) + " (" + std::to_string(extent) + " bytes) lies outside the " +
         memory_name(memory) + " memory [" + hex(begin) + ", " + hex(end) + ")");
  }
}

int16_t Builder::buffer(MemoryType memory, uint64_t address, uint64_t extent, const std::string& what) {
  check_memory_type(memory, what);
  check_range(memory, address, extent, what);
  const auto key = std::make_pair(memory, address);
  const auto found = m_buffer_index.find(key);
  if (found != m_buffer_index.end()) {
    Buffer& b = m_buffers[found->second];
    b.extent = std::max(b.extent, extent);
    return int16_t(kDependencyGraphEntry + 1 + found->second);
  }
  if (kDependencyGraphEntry + 1 + m_buffers.size() >= size_t(INT16_MAX)) fail("too many buffers for one task");
  m_buffer_index.emplace(key, m_buffers.size());
  m_buffers.push_back({memory, address, extent});
  return int16_t(kDependencyGraphEntry + m_buffers.size());
}

void Builder::check_cube(const DataCube& cube, uint32_t element_bytes, const std::string& what) const {
  const auto dimension = [&](uint32_t value, const char* name) {
    if (value == 0 || value > kMaxCubeDimension) {
      fail(what + "." + name + " is " + std::to_string(value) + " (1.." + std::to_string(kMaxCubeDimension) + ")");
    }
  };
  dimension(cube.width, "width");
  dimension(cube.height, "height");
  dimension(cube.channel, "channel");
  if (cube.type == MemoryType::Hw) return;
  const uint32_t atom = m_config.atom_bytes;
  const uint64_t line_bytes = uint64_t(cube.width) * atom;
  if (cube.height > 1 && cube.line_stride < line_bytes) {
    fail(what + ".line_stride " + std::to_string(cube.line_stride) + " is smaller than a line of " +
         std::to_string(cube.width) + " atoms (" + std::to_string(line_bytes) + " bytes)");
  }
  const uint64_t surfaces = (uint64_t(cube.channel) * element_bytes + atom - 1) / atom;
  const uint64_t surface_bytes = uint64_t(cube.height - 1) * cube.line_stride + line_bytes;
  if (surfaces > 1 && cube.surf_stride < surface_bytes) {
    fail(what + ".surf_stride " + std::to_string(cube.surf_stride) + " is smaller than a surface of " +
         std::to_string(surface_bytes) + " bytes");
  }
}

dla_data_cube Builder::memory_cube(const DataCube& cube, uint32_t element_bytes, const std::string& what) {
  check_memory_type(cube.type, what);
  check_cube(cube, element_bytes, what);
  // dla_data_cube.size is a uint32_t (dla_interface.h) and the address-list
  // entry of the buffer covers it: a cube whose bytes reach past 4 GiB - 1
  // cannot be described, and a size below the bytes the unit reads or
  // writes would hand the firmware a buffer shorter than its cube. Both are
  // refused rather than rewritten, so the descriptor holds what the layer
  // says. A size of 0 is unset: the descriptor gets the cube's extent.
  const uint64_t extent = cube_extent(cube, m_config.atom_bytes, element_bytes);
  if (extent > UINT32_MAX) {
    fail(what + ".size cannot hold the cube's extent of " + std::to_string(extent) +
         " bytes (dla_data_cube.size is 32 bits, at most " + std::to_string(UINT32_MAX) + ")");
  }
  if (cube.size != 0 && cube.size < extent) {
    fail(what + ".size " + std::to_string(cube.size) + " is smaller than the cube's extent of " +
         std::to_string(extent) + " bytes");
  }
  return sized_cube(cube, extent, what);
}

// The descriptor of `cube` whose bytes span `extent`: size 0 (unset) gets
// the extent, a size below it has been refused by the caller.
dla_data_cube Builder::sized_cube(const DataCube& cube, uint64_t extent, const std::string& what) {
  const uint32_t size = cube.size != 0 ? cube.size : uint32_t(extent);
  dla_data_cube c{};
  c.type = uint16_t(cube.type);
  c.address = buffer(cube.type, cube.address, size, what);
  c.offset = 0;
  c.size = size;
  c.width = cube.width;
  c.height = cube.height;
  c.channel = cube.channel;
  c.line_stride = cube.line_stride;
  c.surf_stride = cube.surf_stride;
  c.plane_stride = cube.plane_stride;
  return c;
}

dla_data_cube Builder::hw_cube(const DataCube& dimensions) const {
  dla_data_cube c{};
  c.type = DLA_MEM_HW;
  c.address = -1;
  c.width = dimensions.width;
  c.height = dimensions.height;
  c.channel = dimensions.channel;
  return c;
}

dla_data_cube Builder::unused_cube() const {
  dla_data_cube c{};
  c.type = DLA_MEM_MC;
  c.address = -1;
  return c;
}

void Builder::check_pdp_op(const PdpOpDesc& op) const {
  if (op.pool_mode > kPoolModeMin) fail("pdp_op.pool_mode " + std::to_string(op.pool_mode) + " is not 0..2");
  if (op.pool_width > 7)
    fail("pdp_op.pool_width " + std::to_string(op.pool_width) + " is not a kernel size 1..8 (0..7)");
  if (op.pool_height > 7) {
    fail("pdp_op.pool_height " + std::to_string(op.pool_height) + " is not a kernel size 1..8 (0..7)");
  }
  if (op.stride_x < 1 || op.stride_x > 8 || op.stride_y < 1 || op.stride_y > 8) {
    fail("pdp_op strides (" + std::to_string(op.stride_x) + ", " + std::to_string(op.stride_y) + ") are not 1..8");
  }
  if (op.split_num < 1) fail("pdp_op.split_num is 0 (1: not split)");
  if (op.precision > kPrecisionFp16) fail("pdp_op.precision " + std::to_string(op.precision) + " is not 0..2");
  if (!m_config.supports(Precision(op.precision))) {
    fail(std::string("pdp_op.precision ") + precision_name(Precision(op.precision)) + " is not supported by " +
         m_config.name);
  }
}

dla_pdp_op_desc Builder::pdp_op(const PdpOpDesc& op) const {
  dla_pdp_op_desc d{};
  d.partial_in_width_first = op.partial_in_width_first;
  d.partial_in_width_mid = op.partial_in_width_mid;
  d.partial_in_width_last = op.partial_in_width_last;
  d.partial_width_first = op.partial_width_first;
  d.partial_width_mid = op.partial_width_mid;
  d.partial_width_last = op.partial_width_last;
  d.split_num = op.split_num;
  d.pool_mode = op.pool_mode;
  d.pool_width = op.pool_width;
  d.pool_height = op.pool_height;
  d.stride_x = op.stride_x;
  d.stride_y = op.stride_y;
  d.pad_left = op.pad_left;
  d.pad_right = op.pad_right;
  d.pad_top = op.pad_top;
  d.pad_bottom = op.pad_bottom;
  d.precision = op.precision;
  for (size_t i = 0; i < op.padding_value.size(); ++i) d.padding_value[i] = op.padding_value[i];
  return d;
}

void Builder::add_bdma(const BdmaCopy& copy, bool after_previous) {
  if (copy.transfers.empty()) fail("a BDMA copy needs at least one transfer");
  check_memory_type(copy.source_type, "source_type");
  check_memory_type(copy.destination_type, "destination_type");
  // A surface descriptor holds NUM_MAX_BDMA_OPS transfers (bdma.c
  // dla_bdma_program refuses more): longer copies become a chain of
  // operations, each waiting for the previous one.
  for (size_t first = 0; first < copy.transfers.size(); first += NUM_MAX_BDMA_OPS) {
    const size_t count = std::min<size_t>(NUM_MAX_BDMA_OPS, copy.transfers.size() - first);
    Node& node = new_node(OpType::Bdma, after_previous);
    node.after_previous = node.after_previous || first > 0;
    dla_bdma_surface_desc& surface = node.surface.bdma_surface;
    surface.source_type = uint8_t(copy.source_type);
    surface.destination_type = uint8_t(copy.destination_type);
    surface.num_transfers = uint16_t(count);
    node.op.bdma_op.num_transfers = uint16_t(count);
    for (size_t i = 0; i < count; ++i) {
      const BdmaTransfer& t = copy.transfers[first + i];
      const std::string what = "transfers[" + std::to_string(first + i) + "]";
      if (t.line_size == 0 || t.line_size % 32 != 0) {
        fail(what + ".line_size " + std::to_string(t.line_size) + " is not a non-zero multiple of 32");
      }
      if (t.line_repeat < 1 || t.line_repeat > 8192 || t.surface_repeat < 1 || t.surface_repeat > 8192) {
        fail(what + " repeats (line_repeat " + std::to_string(t.line_repeat) + ", surface_repeat " +
             std::to_string(t.surface_repeat) + ") are not 1..8192");
      }
      if (t.source_address % 32 != 0 || t.destination_address % 32 != 0) {
        fail(what + " addresses (" + hex(t.source_address) + ", " + hex(t.destination_address) +
             ") are not 32-byte aligned");
      }
      const auto extent = [&](uint32_t line_stride, uint32_t surface_stride) {
        return uint64_t(t.surface_repeat - 1) * surface_stride + uint64_t(t.line_repeat - 1) * line_stride +
               t.line_size;
      };
      dla_bdma_transfer_desc& d = surface.transfers[i];
      d.source_address =
          buffer(copy.source_type, t.source_address, extent(t.source_line, t.source_surface), what + " source");
      d.destination_address = buffer(copy.destination_type, t.destination_address,
                                     extent(t.destination_line, t.destination_surface), what + " destination");
      d.line_size = t.line_size;
      d.line_repeat = t.line_repeat;
      d.source_line = t.source_line;
      d.destination_line = t.destination_line;
      d.surface_repeat = t.surface_repeat;
      d.source_surface = t.source_surface;
      d.destination_surface = t.destination_surface;
    }
  }
}

void Builder::add_pdp(const PdpLayer& layer, bool after_previous) {
  check_pdp_op(layer.op);
  const uint32_t bytes = precision_bytes(layer.op.precision);
  if (layer.src_data.type == MemoryType::Hw) fail("src_data of a PdpLayer is in memory (fused: SdpPdpLayer)");
  if (layer.src_data.channel != layer.dst_data.channel) {
    fail("dst_data.channel " + std::to_string(layer.dst_data.channel) + " differs from src_data.channel " +
         std::to_string(layer.src_data.channel));
  }
  Node& node = new_node(OpType::Pdp, after_previous);
  node.op.pdp_op = pdp_op(layer.op);
  node.surface.pdp_surface.src_data = memory_cube(layer.src_data, bytes, "src_data");
  node.surface.pdp_surface.dst_data = memory_cube(layer.dst_data, bytes, "dst_data");
}

void Builder::check_sdp_op(const SdpOpDesc& s, uint8_t conv_mode) const {
  if (s.src_precision > kPrecisionFp16 || s.dst_precision > kPrecisionFp16) {
    fail("sdp_op precisions (" + std::to_string(s.src_precision) + ", " + std::to_string(s.dst_precision) +
         ") are not 0..2");
  }
  for (const uint8_t p : {s.src_precision, s.dst_precision}) {
    if (!m_config.supports(Precision(p))) {
      fail(std::string("sdp_op precision ") + precision_name(Precision(p)) + " is not supported by " + m_config.name);
    }
  }
  if (s.batch_num < 1) fail("sdp_op.batch_num is 0");
  // sdp.c writes conv_mode to SDP's and SDP_RDMA's D_FEATURE_MODE_CFG.WINOGRAD,
  // which must say how the convolution core feeding SDP runs (direct
  // when SDP reads memory).
  if (s.conv_mode != conv_mode) {
    fail("sdp_op.conv_mode " + std::to_string(s.conv_mode) + " differs from " +
         (conv_mode == CONV_MODE_DIRECT ? std::string("CONV_MODE_DIRECT (Winograd needs the convolution core)")
                                        : "conv_op.conv_mode " + std::to_string(conv_mode)));
  }
  // sdp.c processor_sdp_program indexes its tables with these fields.
  const auto stage = [&](const SdpOp& o, const char* name) {
    const std::string n = std::string("sdp_op.") + name;
    if (o.type > SDP_OP_BOTH) fail(n + ".type " + std::to_string(o.type) + " is not SDP_OP_NONE..SDP_OP_BOTH");
    if (o.alu_type > SDP_ALU_OP_EQL) fail(n + ".alu_type " + std::to_string(o.alu_type) + " is not 0..3");
    if (o.mode > SDP_OP_PER_POINT) fail(n + ".mode " + std::to_string(o.mode) + " is not 0..2");
    if (o.act > ACTIVATION_PRELU) fail(n + ".act " + std::to_string(o.act) + " is not 0..3");
    if (o.precision > kPrecisionFp16) fail(n + ".precision " + std::to_string(o.precision) + " is not 0..2");
  };
  stage(s.x1_op, "x1_op");
  stage(s.x2_op, "x2_op");
  stage(s.y_op, "y_op");
  // sdp.c processor_sdp_program: EW_LUT_BYPASS = NO for ACTIVATION_LUT,
  // with the table of lut_index.
  if (s.y_op.enable && s.y_op.act == ACTIVATION_LUT && !s.lut) {
    fail("sdp_op.y_op.act is ACTIVATION_LUT but the layer has no lut");
  }
  if (s.lut) check_lut(*s.lut, "sdp_op.lut");
}

// common.c update_lut indexes map_lut_method and map_lut_out with these.
void Builder::check_lut(const LutParam& l, const std::string& what) const {
  if (l.method > LUT_METHOD_LINEAR) fail(what + ".method " + std::to_string(l.method) + " is not 0..1");
  for (const uint8_t p : {l.hybrid_priority, l.underflow_priority, l.overflow_priority}) {
    if (p > LUT_PRI_LINEAR_ONLY) fail(what + " priority " + std::to_string(p) + " is not 0..1 (LUT_PRI_*)");
  }
}

// Appends `from` to the network's LUT list and returns its index
// (dla_sdp_op_desc.lut_index, which scheduler.c dla_read_lut reads the
// list's entry with).
int16_t Builder::lut(const LutParam& from) {
  if (m_luts.size() >= size_t(INT16_MAX)) fail("too many LUTs for one task");
  dla_lut_param l;
  std::memset(&l, 0, sizeof l);
  std::copy(from.linear_exp_table.begin(), from.linear_exp_table.end(), l.linear_exp_table);
  std::copy(from.linear_only_table.begin(), from.linear_only_table.end(), l.linear_only_table);
  l.linear_exp_offset.exp_offset = from.linear_exp_offset;  // frac_bits shares the byte
  l.linear_only_offset.frac_bits = from.linear_only_offset;
  l.linear_exp_start = from.linear_exp_start;
  l.linear_exp_end = from.linear_exp_end;
  l.linear_only_start = from.linear_only_start;
  l.linear_only_end = from.linear_only_end;
  // data_f (FP16) shares the bytes of data_i.scale.
  const auto slope = [](const LutSlope& s) {
    dla_slope to;
    std::memset(&to, 0, sizeof to);
    to.data_i.scale = s.scale;
    to.data_i.shifter = s.shifter;
    return to;
  };
  l.linear_exp_underflow_slope = slope(from.linear_exp_underflow_slope);
  l.linear_exp_overflow_slope = slope(from.linear_exp_overflow_slope);
  l.linear_only_underflow_slope = slope(from.linear_only_underflow_slope);
  l.linear_only_overflow_slope = slope(from.linear_only_overflow_slope);
  l.hybrid_priority = from.hybrid_priority;
  l.underflow_priority = from.underflow_priority;
  l.overflow_priority = from.overflow_priority;
  l.method = from.method;
  m_luts.push_back(l);
  return int16_t(m_luts.size() - 1);
}

dla_sdp_op_desc Builder::sdp_op(const SdpOpDesc& s) {
  dla_sdp_op_desc op{};
  op.src_precision = s.src_precision;
  op.dst_precision = s.dst_precision;
  op.lut_index = s.lut ? lut(*s.lut) : int16_t(-1);
  op.out_cvt = {s.out_cvt.scale, s.out_cvt.truncate, s.out_cvt.enable, s.out_cvt.offset};
  op.conv_mode = s.conv_mode;
  op.batch_num = s.batch_num;
  op.batch_stride = s.batch_stride;
  const auto stage = [](const SdpOp& from, dla_sdp_op& to) {
    to.enable = from.enable;
    to.alu_type = from.alu_type;
    to.type = from.type;
    to.mode = from.mode;
    to.act = from.act;
    to.shift_value = from.shift_value;
    to.truncate = from.truncate;
    to.precision = from.precision;
    to.alu_operand = from.alu_operand;
    to.mul_operand = from.mul_operand;
    to.cvt.alu_cvt = {from.cvt.alu_cvt.scale, from.cvt.alu_cvt.truncate, from.cvt.alu_cvt.enable,
                      from.cvt.alu_cvt.offset};
    to.cvt.mul_cvt = {from.cvt.mul_cvt.scale, from.cvt.mul_cvt.truncate, from.cvt.mul_cvt.enable,
                      from.cvt.mul_cvt.offset};
  };
  stage(s.x1_op, op.x1_op);
  stage(s.x2_op, op.x2_op);
  stage(s.y_op, op.y_op);
  return op;
}

// A stage's operand cube. A stage reads operand data from memory when
// enabled with an operation and not per layer (sdp.c processor_sdp_program
// x1/x2/y_rdma_ena); its DMA then reads one record per element at SDP's
// processing precision (sdp.c map_proc_precision), a record being the
// stage's precision (map_element_size: 1 byte for INT8, else 2) times two
// for SDP_OP_BOTH (map_op_type: DATA_USE = BOTH). Per kernel
// (BRDMA_DATA_MODE = PER_KERNEL) it reads the records of the channels in
// one contiguous run; per point (PER_ELEMENT) a line of width x elements
// per atom records per line of the feature cube, with the cube's strides.
dla_data_cube Builder::operand_cube(const SdpOpDesc& op, const SdpOp& o, const DataCube& cube, const char* name) {
  const bool reads = o.enable && o.type != SDP_OP_NONE && o.mode != SDP_OP_PER_LAYER;
  if (!reads) return unused_cube();
  const std::string what = std::string("sdp_surface.") + name;
  check_memory_type(cube.type, what);
  const auto dimension = [&](uint32_t value, const char* field) {
    if (value == 0 || value > kMaxCubeDimension) {
      fail(what + "." + field + " is " + std::to_string(value) + " (1.." + std::to_string(kMaxCubeDimension) + ")");
    }
  };
  dimension(cube.width, "width");
  dimension(cube.height, "height");
  dimension(cube.channel, "channel");
  // map_proc_precision[dst][src]: INT8 unless both are wider.
  const uint8_t proc = op.dst_precision == kPrecisionInt8 || op.src_precision == kPrecisionInt8 ? kPrecisionInt8
                       : op.src_precision == kPrecisionFp16                                     ? kPrecisionFp16
                                                                                                : kPrecisionInt16;
  const uint32_t atom = m_config.atom_bytes;
  const uint64_t per_atom = atom / precision_bytes(proc);
  const uint64_t record = uint64_t(precision_bytes(o.precision)) * (o.type == SDP_OP_BOTH ? 2 : 1);
  const uint64_t surfaces = (uint64_t(cube.channel) + per_atom - 1) / per_atom;
  uint64_t extent = 0;
  if (o.mode == SDP_OP_PER_KERNEL) {
    if (cube.width != 1 || cube.height != 1) {
      fail(what + " is " + std::to_string(cube.width) + "x" + std::to_string(cube.height) + "x" +
           std::to_string(cube.channel) + ": per-kernel operands are 1x1xC");
    }
    extent = surfaces * per_atom * record;
  } else {
    const uint64_t line_bytes = uint64_t(cube.width) * per_atom * record;
    const uint64_t surface_bytes = uint64_t(cube.height - 1) * cube.line_stride + line_bytes;
    if (cube.height > 1 && cube.line_stride < line_bytes) {
      fail(what + ".line_stride " + std::to_string(cube.line_stride) + " is smaller than a line of " +
           std::to_string(line_bytes) + " operand bytes");
    }
    if (surfaces > 1 && cube.surf_stride < surface_bytes) {
      fail(what + ".surf_stride " + std::to_string(cube.surf_stride) + " is smaller than a surface of " +
           std::to_string(surface_bytes) + " operand bytes");
    }
    extent = (surfaces - 1) * cube.surf_stride + surface_bytes;
  }
  if (extent > UINT32_MAX) {
    fail(what + ".size cannot hold the operands' extent of " + std::to_string(extent) +
         " bytes (dla_data_cube.size is 32 bits)");
  }
  if (cube.size != 0 && cube.size < extent) {
    fail(what + ".size " + std::to_string(cube.size) + " is smaller than the operands' extent of " +
         std::to_string(extent) + " bytes");
  }
  return sized_cube(cube, extent, what);
}

// src_data and the operand cubes of an SDP operation whose input is in memory.
void Builder::sdp_surface(const SdpOpDesc& op, const SdpSurfaceDesc& surface, dla_sdp_surface_desc& to) {
  if (surface.src_data.type == MemoryType::Hw) fail("sdp_surface.src_data must be in memory (no convolution here)");
  to.src_data = memory_cube(surface.src_data, precision_bytes(op.src_precision), "sdp_surface.src_data");
  to.x1_data = operand_cube(op, op.x1_op, surface.x1_data, "x1_data");
  to.x2_data = operand_cube(op, op.x2_op, surface.x2_data, "x2_data");
  to.y_data = operand_cube(op, op.y_op, surface.y_data, "y_data");
}

void Builder::add_sdp_pdp(const SdpPdpLayer& layer, bool after_previous) {
  check_pdp_op(layer.pdp_op);
  const SdpOpDesc& s = layer.sdp_op;
  check_sdp_op(s);
  if (s.dst_precision != layer.pdp_op.precision) {
    fail("sdp_op.dst_precision " + std::to_string(s.dst_precision) + " differs from pdp_op.precision " +
         std::to_string(layer.pdp_op.precision) + " (SDP feeds PDP)");
  }
  const SdpSurfaceDesc& surface = layer.sdp_surface;
  if (surface.src_data.type == MemoryType::Hw) fail("sdp_surface.src_data must be in memory (no convolution here)");
  if (surface.src_data.channel != layer.pdp_dst_data.channel) {
    fail("pdp_dst_data.channel " + std::to_string(layer.pdp_dst_data.channel) + " differs from src_data.channel " +
         std::to_string(surface.src_data.channel));
  }

  Node& sdp = new_node(OpType::Sdp, after_previous);
  sdp.op.sdp_op = sdp_op(s);
  dla_sdp_surface_desc& ss = sdp.surface.sdp_surface;
  sdp_surface(s, surface, ss);
  ss.dst_data = hw_cube(surface.src_data);
  const size_t sdp_index = m_nodes.size() - 1;

  Node& pdp = new_node(OpType::Pdp, after_previous);
  pdp.op.pdp_op = pdp_op(layer.pdp_op);
  pdp.surface.pdp_surface.src_data = hw_cube(surface.src_data);
  pdp.surface.pdp_surface.dst_data =
      memory_cube(layer.pdp_dst_data, precision_bytes(layer.pdp_op.precision), "pdp_dst_data");
  const size_t pdp_index = m_nodes.size() - 1;
  // The fused pair as the NVDLA compiler links it: PDP is enabled once SDP
  // is programmed, and SDP (the fused parent) once PDP is enabled, so PDP
  // waits for the data SDP streams.
  m_nodes[sdp_index].common.consumers[DLA_OP_PDP] = {int16_t(pdp_index), DLA_EVENT_OP_PROGRAMMED, 0};
  m_nodes[pdp_index].common.dependency_count++;
  m_nodes[pdp_index].common.fused_parent = {int16_t(sdp_index), DLA_EVENT_OP_ENABLED, 0};
  m_nodes[sdp_index].common.dependency_count++;
}

void Builder::add_sdp(const SdpLayer& layer, bool after_previous) {
  const SdpOpDesc& s = layer.op;
  check_sdp_op(s);
  const DataCube& src = layer.surface.src_data;
  if (src.type == MemoryType::Hw) fail("surface.src_data must be in memory (no convolution here)");
  if (layer.dst_data.type == MemoryType::Hw) fail("dst_data must be in memory (on the fly to PDP: SdpPdpLayer)");
  // SDP writes the cube it reads (sdp.c processor_sdp_program programs one
  // D_DATA_CUBE_* from src_data for both).
  if (layer.dst_data.width != src.width || layer.dst_data.height != src.height ||
      layer.dst_data.channel != src.channel) {
    fail("dst_data " + std::to_string(layer.dst_data.width) + "x" + std::to_string(layer.dst_data.height) + "x" +
         std::to_string(layer.dst_data.channel) + " differs from surface.src_data " + std::to_string(src.width) + "x" +
         std::to_string(src.height) + "x" + std::to_string(src.channel) + " (SDP writes the cube it reads)");
  }
  Node& sdp = new_node(OpType::Sdp, after_previous);
  sdp.op.sdp_op = sdp_op(s);
  dla_sdp_surface_desc& ss = sdp.surface.sdp_surface;
  sdp_surface(s, layer.surface, ss);
  ss.dst_data = memory_cube(layer.dst_data, precision_bytes(s.dst_precision), "dst_data");
}

// What cdp.c processor_cdp_program refuses or cannot write: a precision
// conversion, a window map_local_size has no NORMALZ_LEN for, and converter
// values wider than their register fields (the firmware writes them
// unmasked, so the register would keep other bits than the descriptor's).
void Builder::check_cdp_op(const CdpOpDesc& op) const {
  for (const auto& [name, p] : {std::pair<const char*, uint8_t>{"in_precision", op.in_precision},
                                std::pair<const char*, uint8_t>{"out_precision", op.out_precision}}) {
    if (p > kPrecisionFp16) fail(std::string("cdp_op.") + name + " " + std::to_string(p) + " is not 0..2");
    if (!m_config.supports(Precision(p))) {
      fail(std::string("cdp_op.") + name + " " + precision_name(Precision(p)) + " is not supported by " +
           m_config.name);
    }
  }
  if (op.in_precision != op.out_precision) {
    fail("cdp_op.out_precision " + std::to_string(op.out_precision) + " differs from in_precision " +
         std::to_string(op.in_precision) + " (CDP does not convert precisions: cdp.c processor_cdp_program)");
  }
  if (op.local_size != 3 && op.local_size != 5 && op.local_size != 7 && op.local_size != 9) {
    fail("cdp_op.local_size " + std::to_string(op.local_size) +
         " is not 3, 5, 7 or 9 (D_LRN_CFG.NORMALZ_LEN LEN3..LEN9: cdp.c map_local_size)");
  }
  if (op.bypass_sqsum > 1) fail("cdp_op.bypass_sqsum " + std::to_string(op.bypass_sqsum) + " is not 0..1");
  if (op.bypass_out_mul > 1) fail("cdp_op.bypass_out_mul " + std::to_string(op.bypass_out_mul) + " is not 0..1");
  if (op.in_cvt.offset < INT16_MIN || op.in_cvt.offset > int32_t(UINT16_MAX)) {
    fail("cdp_op.in_cvt.offset " + std::to_string(op.in_cvt.offset) +
         " does not fit D_DATIN_OFFSET.DATIN_OFFSET (16 bits)");
  }
  if (op.in_cvt.truncate > 31) {
    fail("cdp_op.in_cvt.truncate " + std::to_string(op.in_cvt.truncate) +
         " does not fit D_DATIN_SHIFTER.DATIN_SHIFTER (0..31)");
  }
  if (op.out_cvt.truncate > 63) {
    fail("cdp_op.out_cvt.truncate " + std::to_string(op.out_cvt.truncate) +
         " does not fit D_DATOUT_SHIFTER.DATOUT_SHIFTER (0..63)");
  }
  if (op.lut) check_lut(*op.lut, "cdp_op.lut");
}

void Builder::add_cdp(const CdpLayer& layer, bool after_previous) {
  const CdpOpDesc& c = layer.op;
  check_cdp_op(c);
  // processor_cdp_program refuses DLA_MEM_HW for either cube.
  if (layer.src_data.type == MemoryType::Hw) fail("src_data must be in memory (CDP_RDMA reads it)");
  if (layer.dst_data.type == MemoryType::Hw) fail("dst_data must be in memory (CDP writes it)");
  // CDP writes the cube it reads (processor_cdp_program programs the
  // dimensions of src_data only).
  const DataCube& src = layer.src_data;
  const DataCube& dst = layer.dst_data;
  if (dst.width != src.width || dst.height != src.height || dst.channel != src.channel) {
    fail("dst_data " + std::to_string(dst.width) + "x" + std::to_string(dst.height) + "x" +
         std::to_string(dst.channel) + " differs from src_data " + std::to_string(src.width) + "x" +
         std::to_string(src.height) + "x" + std::to_string(src.channel) + " (CDP writes the cube it reads)");
  }
  const uint32_t bytes = precision_bytes(c.in_precision);
  Node& node = new_node(OpType::Cdp, after_previous);
  dla_cdp_op_desc& op = node.op.cdp_op;
  op.in_precision = c.in_precision;
  op.out_precision = c.out_precision;
  op.lut_index = c.lut ? lut(*c.lut) : int16_t(-1);
  op.in_cvt = {c.in_cvt.scale, c.in_cvt.truncate, c.in_cvt.enable, c.in_cvt.offset};
  op.out_cvt = {c.out_cvt.scale, c.out_cvt.truncate, c.out_cvt.enable, c.out_cvt.offset};
  op.local_size = c.local_size;
  op.bypass_sqsum = c.bypass_sqsum;
  op.bypass_out_mul = c.bypass_out_mul;
  op.reserved0 = 0;
  node.surface.cdp_surface.src_data = memory_cube(src, bytes, "src_data");
  node.surface.cdp_surface.dst_data = memory_cube(dst, bytes, "dst_data");
}

// What conv.c processor_conv_program refuses or indexes its tables with
// (map_conv, map_precision, map_img_fmt, map_pixel, map_weight_fmt,
// map_mean), and the "value - 1" fields it writes, which must be at least 1.
void Builder::check_conv_op(const ConvOpDesc& op) const {
  if (op.conv_mode > CONV_MODE_WINOGRAD) fail("conv_op.conv_mode " + std::to_string(op.conv_mode) + " is not 0..1");
  if (op.conv_mode == CONV_MODE_WINOGRAD && !m_config.winograd) {
    fail("conv_op.conv_mode is CONV_MODE_WINOGRAD, which " + std::string(m_config.name) +
         " does not have (its hardware spec sets WINOGRAD_DISABLE)");
  }
  if (op.data_format > FORMAT_FEATURE + 1) {
    fail("conv_op.data_format " + std::to_string(op.data_format) + " is not a dla_data_format (0..37)");
  }
  if (op.pixel_mapping != 0) fail("conv_op.pixel_mapping " + std::to_string(op.pixel_mapping) + " is not 0");
  if (op.weight_format > WEIGHT_FORMAT_COMPRESSED) {
    fail("conv_op.weight_format " + std::to_string(op.weight_format) + " is not 0..1");
  }
  if (op.mean_format > MEAN_FORMAT_ENABLE) {
    fail("conv_op.mean_format " + std::to_string(op.mean_format) + " is not 0..1");
  }
  for (const auto& [name, p] : {std::pair<const char*, uint8_t>{"in_precision", op.in_precision},
                                std::pair<const char*, uint8_t>{"out_precision", op.out_precision}}) {
    if (p > kPrecisionFp16) fail(std::string("conv_op.") + name + " " + std::to_string(p) + " is not 0..2");
    if (!m_config.supports(Precision(p))) {
      fail(std::string("conv_op.") + name + " " + precision_name(Precision(p)) + " is not supported by " +
           m_config.name);
    }
  }
  if (op.out_cvt.scale != 1 || op.out_cvt.offset != 0) {
    fail("conv_op.out_cvt (scale " + std::to_string(op.out_cvt.scale) + ", offset " +
         std::to_string(op.out_cvt.offset) +
         ") is not scale 1, offset 0 (processor_conv_program supports truncate only)");
  }
  const std::pair<const char*, uint32_t> at_least_one[] = {
      {"entry_per_slice", op.entry_per_slice},
      {"fetch_grain", op.fetch_grain},
      {"batch", op.batch},
      {"data_bank", op.data_bank},
      {"weight_bank", op.weight_bank},
      {"release", op.release},
      {"input_width_csc", op.input_width_csc},
      {"input_height_csc", op.input_height_csc},
      {"input_channel_csc", op.input_channel_csc},
      {"kernel_width_csc", op.kernel_width_csc},
      {"kernel_height_csc", op.kernel_height_csc},
      {"kernel_channel_csc", op.kernel_channel_csc},
      {"input_width_cmac", op.input_width_cmac},
      {"input_height_cmac", op.input_height_cmac},
      {"bytes_per_kernel", op.bytes_per_kernel},
      {"conv_stride_x", op.conv_stride_x},
      {"conv_stride_y", op.conv_stride_y},
      {"dilation_x", op.dilation_x},
      {"dilation_y", op.dilation_y},
  };
  for (const auto& [name, value] : at_least_one) {
    if (value == 0) fail(std::string("conv_op.") + name + " is 0 (the firmware writes it minus one)");
  }
}

dla_conv_op_desc Builder::conv_op(const ConvOpDesc& c) const {
  dla_conv_op_desc d;
  std::memset(&d, 0, sizeof d);
  d.conv_mode = c.conv_mode;
  d.data_reuse = c.data_reuse;
  d.weight_reuse = c.weight_reuse;
  d.skip_data_rls = c.skip_data_rls;
  d.skip_weight_rls = c.skip_weight_rls;
  d.entry_per_slice = c.entry_per_slice;
  d.data_format = c.data_format;
  d.pixel_mapping = c.pixel_mapping;
  d.fetch_grain = c.fetch_grain;
  d.batch = c.batch;
  d.weight_format = c.weight_format;
  d.data_bank = c.data_bank;
  d.weight_bank = c.weight_bank;
  d.batch_stride = c.batch_stride;
  d.post_extension = c.post_extension;
  d.pixel_override = c.pixel_override;
  d.release = c.release;
  d.input_width_csc = c.input_width_csc;
  d.input_height_csc = c.input_height_csc;
  d.input_channel_csc = c.input_channel_csc;
  d.kernel_width_csc = c.kernel_width_csc;
  d.kernel_height_csc = c.kernel_height_csc;
  d.kernel_channel_csc = c.kernel_channel_csc;
  d.input_width_cmac = c.input_width_cmac;
  d.input_height_cmac = c.input_height_cmac;
  d.bytes_per_kernel = c.bytes_per_kernel;
  d.mean_ry = c.mean_ry;
  d.mean_gu = c.mean_gu;
  d.mean_bv = c.mean_bv;
  d.mean_ax = c.mean_ax;
  d.mean_format = c.mean_format;
  d.conv_stride_x = c.conv_stride_x;
  d.conv_stride_y = c.conv_stride_y;
  d.pad_x_left = c.pad_x_left;
  d.pad_x_right = c.pad_x_right;
  d.pad_y_top = c.pad_y_top;
  d.pad_y_bottom = c.pad_y_bottom;
  d.dilation_x = c.dilation_x;
  d.dilation_y = c.dilation_y;
  d.pra_truncate = c.pra_truncate;
  d.in_precision = c.in_precision;
  d.out_precision = c.out_precision;
  d.pad_val = c.pad_val;
  d.in_cvt = {c.in_cvt.scale, c.in_cvt.truncate, c.in_cvt.enable, c.in_cvt.offset};
  d.out_cvt = {c.out_cvt.scale, c.out_cvt.truncate, c.out_cvt.enable, c.out_cvt.offset};
  return d;
}

void Builder::add_conv(const ConvLayer& layer, bool after_previous) {
  const ConvOpDesc& c = layer.conv_op;
  check_conv_op(c);
  const SdpOpDesc& s = layer.sdp_op;
  check_sdp_op(s, c.conv_mode);
  const ConvSurfaceDesc& cs = layer.conv_surface;
  const uint32_t atom = m_config.atom_bytes;
  if (s.src_precision != c.out_precision) {
    fail("sdp_op.src_precision " + std::to_string(s.src_precision) + " differs from conv_op.out_precision " +
         std::to_string(c.out_precision) + " (CACC feeds SDP)");
  }
  // processor_conv_program: CHECK_ALIGN(weight_address, atom_size) and
  // CHECK_ALIGN(weight_data.size, 128).
  const DataCube& w = cs.weight_data;
  check_memory_type(w.type, "conv_surface.weight_data");
  if (w.size == 0 || w.size % 128 != 0) {
    fail("conv_surface.weight_data.size " + std::to_string(w.size) + " is not a non-zero multiple of 128");
  }
  if (w.address % atom != 0) {
    fail("conv_surface.weight_data.address " + hex(w.address) + " is not aligned to the " + std::to_string(atom) +
         "-byte atom");
  }
  if (cs.src_data.type == MemoryType::Hw) fail("conv_surface.src_data must be in memory (CDMA reads it)");
  if (cs.src_data.address % atom != 0) {
    fail("conv_surface.src_data.address " + hex(cs.src_data.address) + " is not aligned to the " +
         std::to_string(atom) + "-byte atom");
  }
  const DataCube& out = cs.dst_data;
  if (out.type != MemoryType::Hw) {
    fail("conv_surface.dst_data must be MemoryType::Hw (the convolution's output goes to SDP on the fly)");
  }
  check_cube(out, precision_bytes(c.out_precision), "conv_surface.dst_data");
  // processor_conv_program asserts a packed line for a 1x1 output.
  if (out.width == 1 && out.height == 1 && out.line_stride != atom) {
    fail("conv_surface.dst_data is 1x1 but its line_stride " + std::to_string(out.line_stride) + " is not the " +
         std::to_string(atom) + "-byte atom (processor_conv_program)");
  }
  const DataCube& sdp_src = layer.sdp_surface.src_data;
  if (sdp_src.type != MemoryType::Hw) fail("sdp_surface.src_data must be MemoryType::Hw (SDP takes CACC's output)");
  if (sdp_src.width != out.width || sdp_src.height != out.height || sdp_src.channel != out.channel) {
    fail("sdp_surface.src_data " + std::to_string(sdp_src.width) + "x" + std::to_string(sdp_src.height) + "x" +
         std::to_string(sdp_src.channel) + " differs from conv_surface.dst_data " + std::to_string(out.width) + "x" +
         std::to_string(out.height) + "x" + std::to_string(out.channel));
  }
  const DataCube& dst = layer.sdp_dst_data;
  if (dst.type == MemoryType::Hw) fail("sdp_dst_data must be in memory");
  if (dst.width != out.width || dst.height != out.height || dst.channel != out.channel) {
    fail("sdp_dst_data " + std::to_string(dst.width) + "x" + std::to_string(dst.height) + "x" +
         std::to_string(dst.channel) + " differs from conv_surface.dst_data " + std::to_string(out.width) + "x" +
         std::to_string(out.height) + "x" + std::to_string(out.channel) + " (SDP writes the cube it takes)");
  }

  // processor_conv_program, for WEIGHT_FORMAT_COMPRESSED: wmb_data and
  // wgs_data given, their addresses atom-aligned, CHECK_ALIGN(wmb size,
  // 128) and CHECK_ALIGN(wgs size, 4).
  const bool compressed = c.weight_format == WEIGHT_FORMAT_COMPRESSED;
  if (compressed) {
    for (const auto& [cube, name, granule] : {std::make_tuple(&cs.wmb_data, "wmb_data", 128u),
                                              std::make_tuple(&cs.wgs_data, "wgs_data", 4u)}) {
      const std::string what = std::string("conv_surface.") + name;
      check_memory_type(cube->type, what);
      if (cube->size == 0 || cube->size % granule != 0) {
        fail(what + ".size " + std::to_string(cube->size) + " is not a non-zero multiple of " +
             std::to_string(granule) + " (compressed weights)");
      }
      if (cube->address % atom != 0) {
        fail(what + ".address " + hex(cube->address) + " is not aligned to the " + std::to_string(atom) +
             "-byte atom");
      }
    }
  }
  // Several batches: CDMA reads batch b's cube batch_stride x b after the
  // first, and SDP writes its output sdp_op.batch_stride x b after the
  // first; the buffers span every batch.
  if (c.batch != s.batch_num) {
    fail("conv_op.batch " + std::to_string(c.batch) + " differs from sdp_op.batch_num " +
         std::to_string(s.batch_num) + " (SDP writes every batch CACC produces)");
  }
  const auto batched = [&](const DataCube& cube, uint32_t element_bytes, uint32_t batches, uint32_t stride,
                           const char* what) {
    const uint64_t extent = cube_extent(cube, atom, element_bytes) + uint64_t(batches - 1) * stride;
    if (cube.size != 0 && cube.size < extent) {
      fail(std::string(what) + ".size " + std::to_string(cube.size) + " is smaller than the " +
           std::to_string(batches) + " batches' extent of " + std::to_string(extent) + " bytes");
    }
    return sized_cube(cube, extent, what);
  };

  Node& conv = new_node(OpType::Conv, after_previous);
  conv.op.conv_op = conv_op(c);
  dla_conv_surface_desc& surface = conv.surface.conv_surface;
  surface.weight_data = sized_cube(w, w.size, "conv_surface.weight_data");
  surface.wmb_data = compressed ? sized_cube(cs.wmb_data, cs.wmb_data.size, "conv_surface.wmb_data") : unused_cube();
  surface.wgs_data = compressed ? sized_cube(cs.wgs_data, cs.wgs_data.size, "conv_surface.wgs_data") : unused_cube();
  surface.src_data = memory_cube(cs.src_data, precision_bytes(c.in_precision), "conv_surface.src_data");
  if (c.batch > 1) {
    surface.src_data =
        batched(cs.src_data, precision_bytes(c.in_precision), c.batch, c.batch_stride, "conv_surface.src_data");
  }
  surface.dst_data = hw_cube(out);
  surface.dst_data.line_stride = out.line_stride;
  surface.dst_data.surf_stride = out.surf_stride;
  surface.offset_u = cs.offset_u;
  surface.in_line_uv_stride = cs.in_line_uv_stride;
  const size_t conv_index = m_nodes.size() - 1;

  Node& sdp = new_node(OpType::Sdp, after_previous);
  sdp.op.sdp_op = sdp_op(s);
  dla_sdp_surface_desc& ss = sdp.surface.sdp_surface;
  ss.src_data = hw_cube(out);
  ss.x1_data = operand_cube(s, s.x1_op, layer.sdp_surface.x1_data, "x1_data");
  ss.x2_data = operand_cube(s, s.x2_op, layer.sdp_surface.x2_data, "x2_data");
  ss.y_data = operand_cube(s, s.y_op, layer.sdp_surface.y_data, "y_data");
  ss.dst_data = memory_cube(dst, precision_bytes(s.dst_precision), "sdp_dst_data");
  if (s.batch_num > 1) {
    ss.dst_data = batched(dst, precision_bytes(s.dst_precision), s.batch_num, s.batch_stride, "sdp_dst_data");
  }
  const size_t sdp_index = m_nodes.size() - 1;
  // The fused pair as the NVDLA compiler links it (as SDP -> PDP above):
  // SDP is programmed once CONV is, and CONV (the fused parent) is enabled
  // once SDP is, so SDP waits for the data CACC streams.
  m_nodes[conv_index].common.consumers[DLA_OP_SDP] = {int16_t(sdp_index), DLA_EVENT_OP_PROGRAMMED, 0};
  m_nodes[sdp_index].common.dependency_count++;
  m_nodes[sdp_index].common.fused_parent = {int16_t(conv_index), DLA_EVENT_OP_ENABLED, 0};
  m_nodes[conv_index].common.dependency_count++;
}

// A cube whose extent the Rubik mode gives (planes, or contract's
// sub-cubes), refused as memory_cube refuses a feature cube.
dla_data_cube Builder::rubik_cube(const DataCube& cube, uint64_t extent, const std::string& what) {
  check_memory_type(cube.type, what);
  if (extent > UINT32_MAX) {
    fail(what + ".size cannot hold the extent of " + std::to_string(extent) +
         " bytes (dla_data_cube.size is 32 bits)");
  }
  if (cube.size != 0 && cube.size < extent) {
    fail(what + ".size " + std::to_string(cube.size) + " is smaller than the extent of " + std::to_string(extent) +
         " bytes the Rubik mode reaches");
  }
  return sized_cube(cube, extent, what);
}

// What rubik.c processor_rubik_program refuses (a cube in DLA_MEM_HW, a
// merge without a 32-byte aligned plane stride) or indexes its tables with
// (map_rubik_mode, map_precision, map_bpe), the strides it writes minus 1
// into 5-bit fields, and the programming guide's rules on the channels.
// Extents, with b bytes per element and W, H, C the input's dimensions:
//   contract: the input spans stride_x * stride_y sub-cubes of S =
//   ceil(Cout * b / 32) surfaces; the output (W * stride_x) x (H *
//   stride_y) x Cout, S surfaces of lines W * stride_x atoms wide;
//   split: the input is a feature cube; the output planes C' =
//   dst_data.channel, each H lines of ceil(W * b / 32) atoms;
//   merge: the input planes C, each as split's; the output a feature cube.
void Builder::add_rubik(const RubikLayer& layer, bool after_previous) {
  const RubikOpDesc& r = layer.op;
  if (r.mode > kRubikModeMerge) fail("rubik_op.mode " + std::to_string(r.mode) + " is not 0..2");
  if (r.precision > kPrecisionFp16) fail("rubik_op.precision " + std::to_string(r.precision) + " is not 0..2");
  if (!m_config.supports(Precision(r.precision))) {
    fail(std::string("rubik_op.precision ") + precision_name(Precision(r.precision)) + " is not supported by " +
         m_config.name);
  }
  const DataCube& src = layer.src_data;
  const DataCube& dst = layer.dst_data;
  if (src.type == MemoryType::Hw) fail("rubik_surface.src_data must be in memory (RUBIK reads it)");
  if (dst.type == MemoryType::Hw) fail("rubik_surface.dst_data must be in memory (RUBIK writes it)");
  for (const auto& [cube, name] : {std::make_pair(&src, "src_data"), std::make_pair(&dst, "dst_data")}) {
    if (cube->width == 0 || cube->height == 0 || cube->channel == 0) {
      fail(std::string("rubik_surface.") + name + " " + std::to_string(cube->width) + "x" +
           std::to_string(cube->height) + "x" + std::to_string(cube->channel) + " has an empty dimension");
    }
  }
  const uint64_t b = precision_bytes(r.precision);
  const uint64_t atom = 32;
  const uint64_t w = src.width, h = src.height;
  const uint64_t plane_line = (w * b + atom - 1) / atom * atom;
  Node& node = new_node(OpType::Rubik, after_previous);
  dla_rubik_op_desc& op = node.op.rubik_op;
  op.mode = r.mode;
  op.precision = r.precision;
  op.stride_x = r.stride_x;
  op.stride_y = r.stride_y;
  dla_rubik_surface_desc& surface = node.surface.rubik_surface;
  if (r.mode == kRubikModeContract) {
    if (r.stride_x < 1 || r.stride_x > 32 || r.stride_y < 1 || r.stride_y > 32) {
      fail("rubik_op strides (" + std::to_string(r.stride_x) + ", " + std::to_string(r.stride_y) +
           ") are not 1..32 (D_DECONV_STRIDE holds them minus 1 in 5 bits)");
    }
    const uint64_t phases = uint64_t(r.stride_x) * r.stride_y;
    const uint64_t cout = dst.channel;
    if (src.channel != cout * phases) {
      fail("rubik_surface.src_data.channel " + std::to_string(src.channel) + " is not dst_data.channel x stride_x x " +
           "stride_y = " + std::to_string(cout * phases) + " (contract: one sub-cube per deconvolution phase)");
    }
    if (dst.width != w * r.stride_x || dst.height != h * r.stride_y) {
      fail("rubik_surface.dst_data " + std::to_string(dst.width) + "x" + std::to_string(dst.height) +
           " is not the input's " + std::to_string(w) + "x" + std::to_string(h) + " times the strides (" +
           std::to_string(w * r.stride_x) + "x" + std::to_string(h * r.stride_y) + ")");
    }
    const uint64_t surfaces = (cout * b + atom - 1) / atom;
    const uint64_t src_extent = (phases * surfaces - 1) * src.surf_stride + (h - 1) * src.line_stride + w * atom;
    const uint64_t dst_extent =
        (surfaces - 1) * dst.surf_stride + (uint64_t(dst.height) - 1) * dst.line_stride + dst.width * atom;
    surface.src_data = rubik_cube(src, src_extent, "rubik_surface.src_data");
    surface.dst_data = rubik_cube(dst, dst_extent, "rubik_surface.dst_data");
  } else if (r.mode == kRubikModeSplit) {
    if (dst.channel > src.channel) {
      fail("rubik_surface.dst_data.channel " + std::to_string(dst.channel) + " (the planes) exceeds src_data.channel " +
           std::to_string(src.channel));
    }
    surface.src_data = memory_cube(src, uint32_t(b), "rubik_surface.src_data");
    const uint64_t dst_extent = (uint64_t(dst.channel) - 1) * dst.plane_stride + (h - 1) * dst.line_stride + plane_line;
    surface.dst_data = rubik_cube(dst, dst_extent, "rubik_surface.dst_data");
  } else {
    if (src.plane_stride == 0 || src.plane_stride % atom != 0) {
      fail("rubik_surface.src_data.plane_stride " + std::to_string(src.plane_stride) +
           " is not a non-zero multiple of 32 (rubik.c processor_rubik_program requires it for merge)");
    }
    const uint64_t src_extent = (uint64_t(src.channel) - 1) * src.plane_stride + (h - 1) * src.line_stride + plane_line;
    surface.src_data = rubik_cube(src, src_extent, "rubik_surface.src_data");
    surface.dst_data = memory_cube(dst, uint32_t(b), "rubik_surface.dst_data");
  }
}

void Builder::add(size_t index, const Operation& operation) {
  m_layer = index;
  m_layer_started = false;
  if (const auto* copy = std::get_if<BdmaCopy>(&operation.layer)) {
    m_layer_kind = "BdmaCopy";
    add_bdma(*copy, operation.after_previous);
  } else if (const auto* pdp = std::get_if<PdpLayer>(&operation.layer)) {
    m_layer_kind = "PdpLayer";
    add_pdp(*pdp, operation.after_previous);
  } else if (const auto* fused = std::get_if<SdpPdpLayer>(&operation.layer)) {
    m_layer_kind = "SdpPdpLayer";
    add_sdp_pdp(*fused, operation.after_previous);
  } else if (const auto* sdp = std::get_if<SdpLayer>(&operation.layer)) {
    m_layer_kind = "SdpLayer";
    add_sdp(*sdp, operation.after_previous);
  } else if (const auto* cdp = std::get_if<CdpLayer>(&operation.layer)) {
    m_layer_kind = "CdpLayer";
    add_cdp(*cdp, operation.after_previous);
  } else if (const auto* conv = std::get_if<ConvLayer>(&operation.layer)) {
    m_layer_kind = "ConvLayer";
    add_conv(*conv, operation.after_previous);
  } else {
    m_layer_kind = "RubikLayer";
    add_rubik(std::get<RubikLayer>(operation.layer), operation.after_previous);
  }
}

// The dependency graph (scheduler.c): consumers[t] of an operation names
// the next operation of type t it releases and the event that releases it;
// consumers[own type] is also how the scheduler finds the next operation of
// the same unit (dla_dequeue_operation), so every operation points there at
// its successor of the same type, with no event unless it must wait for it.
void Builder::link() {
  std::array<int, DLA_OP_NUM> last_of_type;
  last_of_type.fill(-1);
  for (size_t i = 0; i < m_nodes.size(); ++i) {
    Node& node = m_nodes[i];
    node.common.index = int16_t(i);
    node.common.roi_index = 0;
    node.common.op_type = uint8_t(node.type);
  }
  for (size_t i = 0; i < m_nodes.size(); ++i) {
    Node& node = m_nodes[i];
    const int t = int(node.type);
    if (last_of_type[t] >= 0) m_nodes[size_t(last_of_type[t])].common.consumers[t] = {int16_t(i), 0, 0};
    last_of_type[t] = int(i);
  }
  for (size_t i = 1; i < m_nodes.size(); ++i) {
    Node& node = m_nodes[i];
    if (!node.after_previous) continue;
    // The previous layer's last operation (a fused pair ends with PDP).
    const size_t producer = i - 1;
    Node& before = m_nodes[producer];
    const int t = int(node.type);
    const dla_consumer link = before.common.consumers[t];
    if (link.index != -1 && link.index != int16_t(i)) {
      throw TaskError("operation " + std::to_string(i) + " cannot wait for operation " + std::to_string(producer) +
                      ": its consumer slot for " + op_type_name(node.type) + " is taken");
    }
    before.common.consumers[t] = {int16_t(i), DLA_EVENT_OP_COMPLETED, 0};
    node.common.dependency_count++;
  }
}

Task Builder::write(hal::Hal& hal, uint64_t descriptor_base) {
  if (m_nodes.empty()) throw TaskError("a task needs at least one operation");
  link();
  const size_t n = m_nodes.size();

  dla_network_desc network{};
  network.operation_desc_index = kOperationListEntry;
  network.surface_desc_index = kSurfaceListEntry;
  network.dependency_graph_index = kDependencyGraphEntry;
  network.lut_data_index = -1;
  network.roi_array_index = -1;
  network.surface_index = -1;
  network.stat_list_index = -1;  // no statistics (dla_debug.h STAT_ENABLE reads them only when listed)
  network.reserved1 = 0;
  for (int t = 0; t < DLA_OP_NUM; ++t) network.op_head[t] = -1;
  for (size_t i = n; i-- > 0;) network.op_head[int(m_nodes[i].type)] = int16_t(i);
  network.num_rois = 1;  // static ROI: one pass over every operation
  network.num_operations = uint16_t(n);
  // The LUT list, when there is one, is the address list's last entry.
  network.num_luts = uint16_t(m_luts.size());
  if (!m_luts.empty()) network.lut_data_index = int16_t(kDependencyGraphEntry + 1 + m_buffers.size());
  network.num_addresses = uint16_t(kDependencyGraphEntry + 1 + m_buffers.size() + (m_luts.empty() ? 0 : 1));
  network.input_layer = 0;
  network.dynamic_roi = 0;

  Task task;
  task.descriptor_base = align_up(descriptor_base, kDescriptorAlignment);
  uint64_t at = task.descriptor_base;
  const auto place = [&](uint64_t bytes) {
    const uint64_t address = at;
    at = align_up(at + bytes, kDescriptorAlignment);
    task.address_list.push_back({MemoryType::Mc, address, bytes});
    return address;
  };
  const uint64_t network_address = place(sizeof network);
  const uint64_t operations_address = place(n * sizeof(dla_operation_container));
  const uint64_t surfaces_address = place(n * sizeof(dla_surface_container));
  const uint64_t graph_address = place(n * sizeof(dla_common_op_desc));
  const uint64_t luts_address = at;
  const uint64_t luts_bytes = m_luts.size() * sizeof(dla_lut_param);
  if (!m_luts.empty()) at = align_up(at + luts_bytes, kDescriptorAlignment);
  task.descriptor_end = at;
  if (task.descriptor_base < m_limits.mc_begin || task.descriptor_end > m_limits.mc_end) {
    throw TaskError("the task's descriptors at [" + hex(task.descriptor_base) + ", " + hex(task.descriptor_end) +
                    ") lie outside the MC memory [" + hex(m_limits.mc_begin) + ", " + hex(m_limits.mc_end) + ")");
  }

  for (const Buffer& b : m_buffers) {
    if (b.memory == MemoryType::Mc && b.address < task.descriptor_end && task.descriptor_base < b.address + b.extent) {
      throw TaskError("the buffer at " + hex(b.address) + " (" + std::to_string(b.extent) +
                      " bytes) overlaps the task's descriptors at [" + hex(task.descriptor_base) + ", " +
                      hex(task.descriptor_end) + ")");
    }
    task.address_list.push_back({b.memory, b.address, b.extent});
  }
  if (!m_luts.empty()) task.address_list.push_back({MemoryType::Mc, luts_address, luts_bytes});

  std::vector<dla_operation_container> operations(n);
  std::vector<dla_surface_container> surfaces(n);
  std::vector<dla_common_op_desc> graph(n);
  for (size_t i = 0; i < n; ++i) {
    operations[i] = m_nodes[i].op;
    surfaces[i] = m_nodes[i].surface;
    graph[i] = m_nodes[i].common;
    task.operations.push_back({m_nodes[i].type, int16_t(i), m_nodes[i].layer});
  }
  hal.write_memory(hal::MemoryPort::Primary, network_address, &network, sizeof network);
  hal.write_memory(hal::MemoryPort::Primary, operations_address, operations.data(),
                   n * sizeof(dla_operation_container));
  hal.write_memory(hal::MemoryPort::Primary, surfaces_address, surfaces.data(), n * sizeof(dla_surface_container));
  hal.write_memory(hal::MemoryPort::Primary, graph_address, graph.data(), n * sizeof(dla_common_op_desc));
  if (!m_luts.empty()) hal.write_memory(hal::MemoryPort::Primary, luts_address, m_luts.data(), luts_bytes);
  return task;
}

}  // namespace

const char* op_type_name(OpType type) {
  switch (type) {
    case OpType::Bdma:
      return "BDMA";
    case OpType::Conv:
      return "CONV";
    case OpType::Sdp:
      return "SDP";
    case OpType::Pdp:
      return "PDP";
    case OpType::Cdp:
      return "CDP";
    case OpType::Rubik:
      return "RUBIK";
  }
  return "?";
}

uint64_t cube_extent(const DataCube& cube, uint32_t atom_bytes, uint32_t element_bytes) {
  if (cube.width == 0 || cube.height == 0 || cube.channel == 0) return 0;
  const uint64_t surfaces = (uint64_t(cube.channel) * element_bytes + atom_bytes - 1) / atom_bytes;
  return (surfaces - 1) * cube.surf_stride + uint64_t(cube.height - 1) * cube.line_stride +
         uint64_t(cube.width) * atom_bytes;
}

Task build_task(hal::Hal& hal, const HardwareConfig& config, const std::vector<Operation>& operations,
                uint64_t descriptor_base, const MemoryLimits& limits) {
  Builder builder(config, limits);
  for (size_t i = 0; i < operations.size(); ++i) builder.add(i, operations[i]);
  return builder.write(hal, descriptor_base);
}

}  // namespace acosim::nvdla::firmware

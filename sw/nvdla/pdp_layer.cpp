#include "sw/nvdla/pdp_layer.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>

#include "sw/common/hex.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"

namespace acosim::nvdla {

namespace pdp = regs::pdp;
namespace pdp_rdma = regs::pdp_rdma;

namespace {

// Limits of the register fields and of the firmware's checks
// (kmd/firmware/pdp.c vaildate_pdp_configs, common.c validate_data_cube).
constexpr uint32_t kMaxCubeSize = 8192;  // DCUBE_MAX_WIDTH/HEIGHT/CHANNEL; 13-bit "size - 1" fields
constexpr uint32_t kMaxKernel = 8;       // map_pool_kernel: KERNEL_WIDTH_1 .. KERNEL_WIDTH_8
constexpr uint32_t kMaxStride = 16;      // KERNEL_STRIDE_WIDTH/HEIGHT: 4-bit "stride - 1"
constexpr uint32_t kMaxPad = 7;          // PAD_LEFT/TOP/RIGHT/BOTTOM: 3 bits
constexpr uint32_t kMaxSplits = 64;      // MAX_SPLIT_NUM (line buffer of 64 x 112 bits x 8)
constexpr uint32_t kMaxPartialWidth = 1024;  // PARTIAL_WIDTH_*: 10-bit "width - 1"

[[noreturn]] void reject(const std::string& what) { throw std::invalid_argument("PDP layer: " + what); }

std::string str(uint64_t value) { return std::to_string(value); }

uint32_t bytes_per_element(Precision precision) { return precision == Precision::Int8 ? 1 : 2; }

void check_range(const char* name, uint32_t value, uint32_t low, uint32_t high, const char* why) {
  if (value < low || value > high) {
    reject(std::string(name) + " " + str(value) + " is outside " + str(low) + ".." + str(high) + " (" + why + ")");
  }
}

void check_pad(const char* pad_name, uint32_t pad, const char* kernel_name, uint32_t kernel) {
  check_range(pad_name, pad, 0, kMaxPad, "D_POOLING_PADDING_CFG has 3 bits per side");
  if (pad >= kernel) {
    reject(std::string(pad_name) + " " + str(pad) + " must be smaller than " + kernel_name + " " + str(kernel) +
           " (a window may not lie entirely in the padding)");
  }
}

// Element range of the pad value: PAD_VALUE_nX are sign-extended from 8..11
// bits (int8) or 16..19 bits (int16) by the datapath, which holds exactly
// n times an element value (cmod/pdp/NV_NVDLA_pdp.cpp).
void check_pad_value(const PoolingLayer& layer) {
  const int32_t value = layer.pad_value;
  switch (layer.precision) {
    case Precision::Fp16:
      // kmd/firmware/pdp.c asserts every padding_value is 0 for FP16: the
      // registers would hold FP17 numbers, not n * value.
      if (value != 0) reject("pad_value " + std::to_string(value) + " must be 0 for fp16");
      return;
    case Precision::Int8:
      if (value < -128 || value > 127) reject("pad_value " + std::to_string(value) + " is outside the int8 range");
      return;
    case Precision::Int16:
      if (value < -32768 || value > 32767) reject("pad_value " + std::to_string(value) + " is outside the int16 range");
      return;
  }
}

void check_memory(const char* name, const FeatureBuffer& buffer, const HardwareConfig& config) {
  if (buffer.memory == hal::MemoryPort::Secondary && !config.has_cvif) {
    reject(std::string(name) + " is in CV memory (CVSRAM) but " + config.name + " has no CVIF");
  }
}

// Feature cubes start, and their lines and surfaces step, on whole atoms
// (nvdla/doc doc/hw/format.rst; nv_full's address and stride registers drop
// bits [4:0]). The strides must hold the cube the hardware reads or writes.
void check_buffer(const char* name, const FeatureBuffer& buffer, uint32_t width, uint32_t height, uint32_t surfaces,
                  const HardwareConfig& config) {
  const uint32_t atom = config.atom_bytes;
  const std::string who = std::string(name);
  if (buffer.address % atom != 0) {
    reject(who + " address " + hex(buffer.address) + " is not aligned to the " + str(atom) + "-byte atom");
  }
  if (buffer.line_stride % atom != 0) {
    reject(who + " line_stride " + str(buffer.line_stride) + " is not a multiple of the " + str(atom) + "-byte atom");
  }
  if (buffer.surface_stride % atom != 0) {
    reject(who + " surface_stride " + str(buffer.surface_stride) + " is not a multiple of the " + str(atom) +
           "-byte atom");
  }
  const uint64_t line_bytes = uint64_t(width) * atom;
  if (buffer.line_stride < line_bytes) {
    reject(who + " line_stride " + str(buffer.line_stride) + " is smaller than one line of " + str(width) +
           " atoms (" + str(line_bytes) + " bytes)");
  }
  const uint64_t surface_bytes = uint64_t(height) * buffer.line_stride;
  if (surfaces > 1 && buffer.surface_stride < surface_bytes) {
    reject(who + " surface_stride " + str(buffer.surface_stride) + " is smaller than one surface of " + str(height) +
           " lines (" + str(surface_bytes) + " bytes)");
  }
  // Programming guide, "Limitation / Data Format": a 1x1xC cube is always
  // line- and surface-packed (the hardware may move it as one line of
  // surfaces). With a single surface neither stride is used.
  if (width == 1 && height == 1 && surfaces > 1 && (buffer.line_stride != atom || buffer.surface_stride != atom)) {
    reject(who + " cube is 1x1 with " + str(surfaces) + " surfaces: line_stride " + str(buffer.line_stride) +
           " and surface_stride " + str(buffer.surface_stride) + " must both be the " + str(atom) +
           "-byte atom (a 1x1xC cube is line- and surface-packed)");
  }
}

// Output size along one axis (programming guide "PDP programming"; the
// compiler's adjustBRPadding): the number of whole windows, and the padding
// at the far end the last window really uses. A negative far padding means
// trailing input no window reaches: the compiler drops it from the
// programmed input size and programs a far padding of 0. Applied in every
// mode (the compiler skips it on the fly): PDP does not derive the output
// size and needs size + pads == (output - 1) * stride + kernel exactly.
struct Axis {
  uint32_t input;   // programmed input size
  uint32_t output;  // output size
  uint32_t pad_end; // programmed right/bottom padding
};

Axis plan_axis(const char* size_name, uint32_t size, uint32_t pad_begin, uint32_t pad_end, const char* kernel_name,
               uint32_t kernel, uint32_t stride) {
  const int64_t extent = int64_t(size) + pad_begin + pad_end;
  if (extent < kernel) {
    reject(std::string(size_name) + " " + str(size) + " plus padding (" + str(uint64_t(extent)) +
           ") is smaller than " + kernel_name + " " + str(kernel) + ": no output");
  }
  const int64_t output = (extent - kernel) / stride + 1;
  const int64_t adjusted = (output - 1) * stride + kernel - (int64_t(size) + pad_begin);
  Axis axis{size, uint32_t(output), uint32_t(std::max<int64_t>(adjusted, 0))};
  if (adjusted < 0) axis.input = uint32_t(int64_t(size) + adjusted);
  return axis;
}

// pdpHWSplitWidth: stripes of at most max_width output columns; the first
// stripe takes the left padding, the last the right padding, every later
// stripe re-reads `overlap` columns of the previous one. Computed on the
// programmed input width and right padding: where trailing columns are
// dropped, the compiler keeps its negative right padding in the last
// stripe's width, so its partial widths would add up to more than the
// programmed D_DATA_CUBE_IN_WIDTH.
PdpSplit split_width(const PoolingLayer& layer, uint32_t input_width, uint32_t output_width, uint32_t pad_right,
                     uint32_t max_width) {
  const int64_t kernel = layer.kernel_width, stride = layer.stride_width, pad_left = layer.pad_left;
  const int64_t pad_r = pad_right;
  const int64_t count = (int64_t(output_width) + max_width - 1) / max_width;
  if (count > kMaxSplits) {
    reject("output width " + str(output_width) + " needs " + str(uint64_t(count)) + " stripes of at most " +
           str(max_width) + " columns; PDP splits into at most " + str(kMaxSplits) +
           " (D_OPERATION_MODE_CFG.SPLIT_NUM)");
  }
  int64_t first_out = std::min<int64_t>(max_width, output_width), mid_out = 0, last_out = 0;
  if (count == 2) {
    last_out = output_width - first_out;
  } else {
    mid_out = max_width;
    last_out = int64_t(output_width) - int64_t(max_width) * (count - 1);
  }
  const int64_t overlap = kernel - stride;
  int64_t first_in = (first_out - 1) * stride + kernel - pad_left;
  int64_t mid_in = 0;
  int64_t last_in = (last_out - 1) * stride + kernel - pad_r - overlap;
  if (last_in <= 0) {
    // The last stripe would read nothing (its windows lie in the right
    // padding and in columns the previous stripe owns): the compiler takes
    // the smallest last stripe of at least one column whose windows fit
    // exactly, and gives the rest of the first two stripes' output to the
    // first one.
    const int64_t first_and_last = first_out + last_out;
    last_in = 1;
    auto fits = [&](int64_t width) {
      const int64_t span = width + overlap + pad_r - kernel;
      return ((span % stride) + stride) % stride == 0;
    };
    while (!fits(last_in)) ++last_in;
    last_out = (last_in + overlap + pad_r - kernel) / stride + 1;
    first_out = first_and_last - last_out;
    if (first_out <= 0) {
      reject("output width " + str(output_width) + " cannot be split: no first stripe is left (kernel_width " +
             str(layer.kernel_width) + ", stride_width " + str(layer.stride_width) + ", pad_right " + str(pad_right) +
             ")");
    }
    first_in = (first_out - 1) * stride + kernel - pad_left;
  }
  if (count > 2) mid_in = (mid_out - 1) * stride + kernel - overlap;

  // The compiler's verifySplitWInfo and the programming guide's split rules.
  const int64_t mids = count - 2;
  if (first_in <= 0 || last_in <= 0 || (count > 2 && mid_in <= 0) ||
      first_in + mids * mid_in + last_in != input_width || first_out + mids * mid_out + last_out != output_width ||
      first_out > max_width || mid_out > max_width || last_out > max_width || last_out <= 0) {
    reject("output width " + str(output_width) + " has no valid split into " + str(uint64_t(count)) +
           " stripes (partial widths do not add up to the cube)");
  }
  if (overlap >= 0 ? (overlap > first_in || (count > 2 && overlap > mid_in))
                   : (-overlap >= last_in || (count > 2 && -overlap >= mid_in))) {
    reject("split stripes are narrower than kernel_width - stride_width allows (programming guide split rule)");
  }
  const int64_t widest = std::max({first_in, mid_in, last_in, first_out, mid_out, last_out});
  if (widest > kMaxPartialWidth) {
    reject("a split stripe is " + str(uint64_t(widest)) + " columns wide; D_PARTIAL_WIDTH_IN/OUT hold at most " +
           str(kMaxPartialWidth) + " (kernel_width " + str(layer.kernel_width) + ", stride_width " +
           str(layer.stride_width) + ")");
  }
  PdpSplit split;
  split.count = uint32_t(count);
  split.first_in = uint32_t(first_in);
  split.mid_in = uint32_t(mid_in);
  split.last_in = uint32_t(last_in);
  split.first_out = uint32_t(first_out);
  split.mid_out = uint32_t(mid_out);
  split.last_out = uint32_t(last_out);
  split.overlap = int32_t(overlap);
  return split;
}

// The firmware encodes a partial width as width - 1, and a width of 0 (not
// split, or no mid stripe) as 0.
uint32_t partial(uint32_t width) { return width == 0 ? 0 : width - 1; }

uint32_t data_format(Precision precision) {
  switch (precision) {
    case Precision::Int8: return pdp::D_DATA_FORMAT_INPUT_DATA_INT8;
    case Precision::Int16: return pdp::D_DATA_FORMAT_INPUT_DATA_INT16;
    case Precision::Fp16: return pdp::D_DATA_FORMAT_INPUT_DATA_FP16;
  }
  return 0;
}

uint32_t pooling_method(PoolingMethod method) {
  switch (method) {
    case PoolingMethod::Average: return pdp::D_OPERATION_MODE_CFG_POOLING_METHOD_AVERAGE;
    case PoolingMethod::Max: return pdp::D_OPERATION_MODE_CFG_POOLING_METHOD_MAX;
    case PoolingMethod::Min: return pdp::D_OPERATION_MODE_CFG_POOLING_METHOD_MIN;
  }
  reject("pooling method " + str(uint32_t(method)) + " is not AVERAGE, MAX or MIN");
}

uint32_t low32(uint64_t value) { return uint32_t(value); }
uint32_t high32(uint64_t value) { return uint32_t(value >> 32); }

// The register writes of processor_pdp_program, in its order.
std::vector<RegisterWrite> program_registers(const PoolingLayer& layer, const PdpProgram& plan) {
  std::vector<RegisterWrite> writes;
  auto rdma = [&](uint32_t offset, uint32_t value) { writes.push_back({Unit::PdpRdma, offset, value}); };
  auto core = [&](uint32_t offset, uint32_t value) { writes.push_back({Unit::Pdp, offset, value}); };
  const bool offline = plan.mode != PdpMode::OnTheFly;
  const PdpSplit& split = plan.split;
  const uint32_t format = data_format(layer.precision);

  if (offline) {
    rdma(pdp_rdma::D_DATA_CUBE_IN_WIDTH, pdp_rdma::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.put(plan.input_width - 1));
    rdma(pdp_rdma::D_DATA_CUBE_IN_HEIGHT, pdp_rdma::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.put(plan.input_height - 1));
    rdma(pdp_rdma::D_DATA_CUBE_IN_CHANNEL, pdp_rdma::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.put(plan.channels - 1));
    rdma(pdp_rdma::D_SRC_BASE_ADDR_HIGH, high32(layer.source.address));
    rdma(pdp_rdma::D_SRC_BASE_ADDR_LOW, low32(layer.source.address));
    rdma(pdp_rdma::D_SRC_LINE_STRIDE, layer.source.line_stride);
    rdma(pdp_rdma::D_SRC_SURFACE_STRIDE, layer.source.surface_stride);
    rdma(pdp_rdma::D_DATA_FORMAT, pdp_rdma::D_DATA_FORMAT_INPUT_DATA.put(format));
    rdma(pdp_rdma::D_SRC_RAM_CFG,
         pdp_rdma::D_SRC_RAM_CFG_SRC_RAM_TYPE.put(layer.source.memory == hal::MemoryPort::Primary
                                                      ? pdp_rdma::D_SRC_RAM_CFG_SRC_RAM_TYPE_MC
                                                      : pdp_rdma::D_SRC_RAM_CFG_SRC_RAM_TYPE_CV));
    rdma(pdp_rdma::D_OPERATION_MODE_CFG, pdp_rdma::D_OPERATION_MODE_CFG_SPLIT_NUM.put(split.count - 1));
    rdma(pdp_rdma::D_POOLING_KERNEL_CFG,
         pdp_rdma::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(layer.kernel_width - 1) |
             pdp_rdma::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(layer.stride_width - 1));
    rdma(pdp_rdma::D_POOLING_PADDING_CFG, pdp_rdma::D_POOLING_PADDING_CFG_PAD_WIDTH.put(layer.pad_left));
    rdma(pdp_rdma::D_PARTIAL_WIDTH_IN, pdp_rdma::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.put(partial(split.first_in)) |
                                           pdp_rdma::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.put(partial(split.last_in)) |
                                           pdp_rdma::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.put(partial(split.mid_in)));
  }

  core(pdp::D_DATA_CUBE_IN_WIDTH, pdp::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.put(plan.input_width - 1));
  core(pdp::D_DATA_CUBE_IN_HEIGHT, pdp::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.put(plan.input_height - 1));
  core(pdp::D_DATA_CUBE_IN_CHANNEL, pdp::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.put(plan.channels - 1));
  core(pdp::D_DATA_CUBE_OUT_WIDTH, pdp::D_DATA_CUBE_OUT_WIDTH_CUBE_OUT_WIDTH.put(plan.output_width - 1));
  core(pdp::D_DATA_CUBE_OUT_HEIGHT, pdp::D_DATA_CUBE_OUT_HEIGHT_CUBE_OUT_HEIGHT.put(plan.output_height - 1));
  core(pdp::D_DATA_CUBE_OUT_CHANNEL, pdp::D_DATA_CUBE_OUT_CHANNEL_CUBE_OUT_CHANNEL.put(plan.channels - 1));
  core(pdp::D_OPERATION_MODE_CFG,
       pdp::D_OPERATION_MODE_CFG_POOLING_METHOD.put(pooling_method(layer.method)) |
           pdp::D_OPERATION_MODE_CFG_FLYING_MODE.put(offline ? pdp::D_OPERATION_MODE_CFG_FLYING_MODE_OFF_FLYING
                                                             : pdp::D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING) |
           pdp::D_OPERATION_MODE_CFG_SPLIT_NUM.put(split.count - 1));
  core(pdp::D_PARTIAL_WIDTH_IN, pdp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.put(partial(split.first_in)) |
                                    pdp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.put(partial(split.last_in)) |
                                    pdp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.put(partial(split.mid_in)));
  core(pdp::D_PARTIAL_WIDTH_OUT, pdp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST.put(partial(split.first_out)) |
                                     pdp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST.put(partial(split.last_out)) |
                                     pdp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID.put(partial(split.mid_out)));
  core(pdp::D_POOLING_KERNEL_CFG, pdp::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(layer.kernel_width - 1) |
                                      pdp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.put(layer.kernel_height - 1) |
                                      pdp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(layer.stride_width - 1) |
                                      pdp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.put(layer.stride_height - 1));
  core(pdp::D_RECIP_KERNEL_WIDTH, pdp_kernel_reciprocal(layer.precision, layer.kernel_width));
  core(pdp::D_RECIP_KERNEL_HEIGHT, pdp_kernel_reciprocal(layer.precision, layer.kernel_height));
  core(pdp::D_POOLING_PADDING_CFG, pdp::D_POOLING_PADDING_CFG_PAD_LEFT.put(layer.pad_left) |
                                       pdp::D_POOLING_PADDING_CFG_PAD_TOP.put(layer.pad_top) |
                                       pdp::D_POOLING_PADDING_CFG_PAD_RIGHT.put(plan.pad_right) |
                                       pdp::D_POOLING_PADDING_CFG_PAD_BOTTOM.put(plan.pad_bottom));
  const uint32_t padding_value_registers[] = {
      pdp::D_POOLING_PADDING_VALUE_1_CFG, pdp::D_POOLING_PADDING_VALUE_2_CFG, pdp::D_POOLING_PADDING_VALUE_3_CFG,
      pdp::D_POOLING_PADDING_VALUE_4_CFG, pdp::D_POOLING_PADDING_VALUE_5_CFG, pdp::D_POOLING_PADDING_VALUE_6_CFG,
      pdp::D_POOLING_PADDING_VALUE_7_CFG};
  for (unsigned n = 1; n <= 7; ++n) core(padding_value_registers[n - 1], pdp_padding_value_field(layer.pad_value, n));
  if (offline) {
    core(pdp::D_SRC_LINE_STRIDE, layer.source.line_stride);
    core(pdp::D_SRC_SURFACE_STRIDE, layer.source.surface_stride);
  }
  core(pdp::D_DST_BASE_ADDR_LOW, low32(layer.destination.address));
  core(pdp::D_DST_BASE_ADDR_HIGH, high32(layer.destination.address));
  core(pdp::D_DST_LINE_STRIDE, layer.destination.line_stride);
  core(pdp::D_DST_SURFACE_STRIDE, layer.destination.surface_stride);
  core(pdp::D_DST_RAM_CFG, pdp::D_DST_RAM_CFG_DST_RAM_TYPE.put(layer.destination.memory == hal::MemoryPort::Primary
                                                                   ? pdp::D_DST_RAM_CFG_DST_RAM_TYPE_MC
                                                                   : pdp::D_DST_RAM_CFG_DST_RAM_TYPE_CV));
  core(pdp::D_DATA_FORMAT, pdp::D_DATA_FORMAT_INPUT_DATA.put(format));
  return writes;
}

}  // namespace

const char* pdp_mode_name(PdpMode mode) {
  switch (mode) {
    case PdpMode::OnTheFly: return "on-the-fly";
    case PdpMode::Offline: return "offline";
    case PdpMode::OfflineSplit: return "offline split-width";
  }
  return "?";
}

uint32_t pdp_max_flying_width(const HardwareConfig& config, Precision precision, uint32_t kernel_height,
                              uint32_t stride_height) {
  check_range("kernel_height", kernel_height, 1, kMaxKernel, "PDP pools with at most 8x8 windows");
  check_range("stride_height", stride_height, 1, kMaxStride, "KERNEL_STRIDE_HEIGHT holds stride - 1 in 4 bits");
  return config.pdp_line_buffer_width(precision, kernel_height, stride_height);
}

uint32_t pdp_kernel_reciprocal(Precision precision, uint32_t kernel) {
  check_range("kernel size", kernel, 1, kMaxKernel, "PDP pools with at most 8x8 windows");
  // kmd/firmware/pdp.c recip_kernel_size: floor(2^16 / K) as unsigned 1.16
  // for integers; for FP16 the FP17 values 1, 1/2, ... 1/8 (1 sign, 6
  // exponent bits with bias 31, 10 mantissa bits).
  static constexpr uint32_t kInteger[8] = {0x10000, 0x8000, 0x5555, 0x4000, 0x3333, 0x2AAA, 0x2492, 0x2000};
  static constexpr uint32_t kFp17[8] = {0x7C00, 0x7800, 0x7555, 0x7400, 0x7266, 0x7155, 0x7092, 0x7000};
  return precision == Precision::Fp16 ? kFp17[kernel - 1] : kInteger[kernel - 1];
}

uint32_t pdp_padding_value_field(int32_t pad_value, unsigned n) {
  if (n < 1 || n > 7) throw std::invalid_argument("PAD_VALUE_nX exists for n = 1..7, not " + std::to_string(n));
  // Two's complement truncated to the 19-bit field; the datapath
  // sign-extends it from the width the element type needs.
  const int64_t value = int64_t(pad_value) * n;
  return uint32_t(value) & pdp::D_POOLING_PADDING_VALUE_1_CFG_PAD_VALUE_1X.mask();
}

PdpProgram plan_pdp_layer(const PoolingLayer& layer, const HardwareConfig& config) {
  if (!config.supports(layer.precision)) {
    reject(std::string("precision ") + precision_name(layer.precision) + " is not supported by " + config.name);
  }
  check_range("width", layer.width, 1, kMaxCubeSize, "D_DATA_CUBE_IN_WIDTH holds W - 1 in 13 bits");
  check_range("height", layer.height, 1, kMaxCubeSize, "D_DATA_CUBE_IN_HEIGHT holds H - 1 in 13 bits");
  check_range("channels", layer.channels, 1, kMaxCubeSize, "D_DATA_CUBE_IN_CHANNEL holds C - 1 in 13 bits");
  (void)pooling_method(layer.method);  // rejects a value that is not AVERAGE, MAX or MIN
  check_range("kernel_width", layer.kernel_width, 1, kMaxKernel, "PDP pools with at most 8x8 windows");
  check_range("kernel_height", layer.kernel_height, 1, kMaxKernel, "PDP pools with at most 8x8 windows");
  check_range("stride_width", layer.stride_width, 1, kMaxStride, "KERNEL_STRIDE_WIDTH holds stride - 1 in 4 bits");
  check_range("stride_height", layer.stride_height, 1, kMaxStride, "KERNEL_STRIDE_HEIGHT holds stride - 1 in 4 bits");
  check_pad("pad_left", layer.pad_left, "kernel_width", layer.kernel_width);
  check_pad("pad_right", layer.pad_right, "kernel_width", layer.kernel_width);
  check_pad("pad_top", layer.pad_top, "kernel_height", layer.kernel_height);
  check_pad("pad_bottom", layer.pad_bottom, "kernel_height", layer.kernel_height);
  check_pad_value(layer);
  check_memory("destination", layer.destination, config);

  const Axis horizontal = plan_axis("width", layer.width, layer.pad_left, layer.pad_right, "kernel_width",
                                    layer.kernel_width, layer.stride_width);
  const Axis vertical = plan_axis("height", layer.height, layer.pad_top, layer.pad_bottom, "kernel_height",
                                  layer.kernel_height, layer.stride_height);

  PdpProgram plan;
  plan.input_width = horizontal.input;
  plan.input_height = vertical.input;
  plan.channels = layer.channels;
  plan.output_width = horizontal.output;
  plan.output_height = vertical.output;
  plan.pad_right = horizontal.pad_end;
  plan.pad_bottom = vertical.pad_end;
  plan.max_flying_width = pdp_max_flying_width(config, layer.precision, layer.kernel_height, layer.stride_height);

  // fuseOnTheFlyNodes: on the fly only when the output line fits the line
  // buffer. SDP streams the whole W x H cube, so a layer whose windows leave
  // trailing columns or rows unread (programmed input smaller than the
  // stream) is run offline instead.
  const bool trimmed = plan.input_width != layer.width || plan.input_height != layer.height;
  if (layer.source_is_sdp && plan.output_width <= plan.max_flying_width && !trimmed) {
    plan.mode = PdpMode::OnTheFly;
  } else if (plan.output_width <= plan.max_flying_width) {
    plan.mode = PdpMode::Offline;
  } else {
    plan.mode = PdpMode::OfflineSplit;
    plan.split = split_width(layer, plan.input_width, plan.output_width, plan.pad_right, plan.max_flying_width);
  }

  const uint32_t elements_per_atom = config.atom_bytes / bytes_per_element(layer.precision);
  const uint32_t surfaces = (layer.channels + elements_per_atom - 1) / elements_per_atom;
  if (plan.mode != PdpMode::OnTheFly) {
    check_memory("source", layer.source, config);
    check_buffer("source", layer.source, plan.input_width, plan.input_height, surfaces, config);
  }
  check_buffer("destination", layer.destination, plan.output_width, plan.output_height, surfaces, config);

  plan.writes = program_registers(layer, plan);
  return plan;
}

}  // namespace acosim::nvdla

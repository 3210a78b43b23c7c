// The NVDLA drivers (BDMA, PDP, GLB interrupt handling) running as firmware
// on the SystemC models of the co-simulation top. Every output region is
// compared byte for byte, gaps between lines and surfaces included, with
// what an independent source says: the pooling reference of
// testbench/nvdla/reference (for PDP), the copy rule of BDMA restated here
// (for BDMA), and hand computations (the SDP bias stage, the nv_large
// pdp_3x3x33_2x2_ave_int8_0 worked values, the expected grouping of BDMA
// operations). Input data comes from fixed seeds. Each test elaborates its
// own system, so each runs in its own process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/bdma.h"
#include "sw/nvdla/glb.h"
#include "sw/nvdla/pdp.h"
#include "sw/nvdla/pdp_layer.h"
#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/reference/pooling_reference.h"
#include "testbench/nvdla/system.h"

namespace acosim::nvdla {
namespace {

namespace ref = reference;
using hal::MemoryPort;

// ---------------------------------------------------------------------------
// A HAL that passes everything through and records the register accesses,
// so a test can see what the driver did on the bus (launches, interrupt
// status values) without looking into the models.

struct RegisterAccess {
  bool write;
  uint32_t offset;
  uint32_t value;
};

class RecordingHal : public hal::Hal {
 public:
  explicit RecordingHal(hal::Hal& inner) : inner_(inner) {}

  void write_memory(uint64_t address, const void* data, size_t bytes) override {
    ++memory_writes;
    inner_.write_memory(address, data, bytes);
  }
  void read_memory(uint64_t address, void* data, size_t bytes) override { inner_.read_memory(address, data, bytes); }
  void write_memory(MemoryPort port, uint64_t address, const void* data, size_t bytes) override {
    ++memory_writes;
    inner_.write_memory(port, address, data, bytes);
  }
  void read_memory(MemoryPort port, uint64_t address, void* data, size_t bytes) override {
    inner_.read_memory(port, address, data, bytes);
  }
  uint32_t read_register(uint32_t offset) override {
    const uint32_t value = inner_.read_register(offset);
    accesses.push_back({false, offset, value});
    return value;
  }
  void write_register(uint32_t offset, uint32_t value) override {
    accesses.push_back({true, offset, value});
    inner_.write_register(offset, value);
  }
  bool wait_for_interrupt(uint64_t timeout_ns) override { return inner_.wait_for_interrupt(timeout_ns); }
  void write_stream(hal::StreamId stream, const void* data, size_t bytes) override {
    inner_.write_stream(stream, data, bytes);
  }
  void sleep_ns(uint64_t nanoseconds) override { inner_.sleep_ns(nanoseconds); }
  uint64_t now_ns() const override { return inner_.now_ns(); }

  std::vector<RegisterAccess> accesses;
  size_t memory_writes = 0;

 private:
  hal::Hal& inner_;
};

size_t writes_to(const std::vector<RegisterAccess>& accesses, uint32_t offset, uint32_t value) {
  return size_t(std::count_if(accesses.begin(), accesses.end(), [&](const RegisterAccess& a) {
    return a.write && a.offset == offset && a.value == value;
  }));
}

// Reads of `offset` that returned a value with every bit of `bits` set.
size_t reads_with(const std::vector<RegisterAccess>& accesses, uint32_t offset, uint32_t bits) {
  return size_t(std::count_if(accesses.begin(), accesses.end(), [&](const RegisterAccess& a) {
    return !a.write && a.offset == offset && (a.value & bits) == bits;
  }));
}

SystemOptions system_options(Config config) {
  SystemOptions options;
  options.config = config;
  return options;
}

// ---------------------------------------------------------------------------
// Data and images

std::vector<uint8_t> random_bytes(size_t count, std::mt19937& rng) {
  std::uniform_int_distribution<int> byte(0, 255);
  std::vector<uint8_t> bytes(count);
  for (uint8_t& b : bytes) b = uint8_t(byte(rng));
  return bytes;
}

uint32_t element_bytes(Precision precision) { return precision == Precision::Int8 ? 1 : 2; }

uint32_t surfaces_of(const HardwareConfig& config, Precision precision, uint32_t channels) {
  const uint32_t lanes = config.atom_bytes / element_bytes(precision);
  return (channels + lanes - 1) / lanes;
}

// A cube buffer whose lines end `line_gap` atoms before the next line and
// whose surfaces end `surface_gap` atoms before the next surface, so the
// gaps show any stray write.
FeatureBuffer buffer(const HardwareConfig& config, MemoryPort memory, uint64_t address, uint32_t width,
                     uint32_t height, uint32_t line_gap, uint32_t surface_gap) {
  FeatureBuffer b;
  b.memory = memory;
  b.address = address;
  b.line_stride = (width + line_gap) * config.atom_bytes;
  b.surface_stride = height * b.line_stride + surface_gap * config.atom_bytes;
  return b;
}

// The byte image of a buffer's whole region: every surface including its
// trailing gap.
ref::CubeImage image_of(const HardwareConfig& config, Precision precision, const FeatureBuffer& b,
                        uint32_t surfaces) {
  ref::CubeImage image;
  image.atom_bytes = config.atom_bytes;
  image.element_bytes = element_bytes(precision);
  image.line_stride = b.line_stride;
  image.surface_stride = b.surface_stride;
  image.bytes.assign(size_t(surfaces) * b.surface_stride, 0);
  return image;
}

void load(hal::Hal& hal, const FeatureBuffer& b, const ref::CubeImage& image) {
  hal.write_memory(b.memory, b.address, image.bytes.data(), image.bytes.size());
}

void store(hal::Hal& hal, const FeatureBuffer& b, ref::CubeImage& image) {
  hal.read_memory(b.memory, b.address, image.bytes.data(), image.bytes.size());
}

// "surface s, line h, column w, byte k" of an offset, for failure messages.
std::string position(const ref::CubeImage& image, size_t offset) {
  std::ostringstream text;
  const size_t s = offset / image.surface_stride, in_surface = offset % image.surface_stride;
  const size_t h = in_surface / image.line_stride, in_line = in_surface % image.line_stride;
  text << "byte " << offset << " (surface " << s << ", line " << h << ", column " << in_line / image.atom_bytes
       << ", byte " << in_line % image.atom_bytes << " of the atom)";
  return text.str();
}

void expect_same_bytes(const ref::CubeImage& expected, const ref::CubeImage& actual, const std::string& what) {
  ASSERT_EQ(expected.bytes.size(), actual.bytes.size()) << what;
  size_t mismatches = 0;
  for (size_t i = 0; i < expected.bytes.size(); ++i) {
    if (expected.bytes[i] == actual.bytes[i]) continue;
    if (++mismatches <= 5) {
      ADD_FAILURE() << what << ": " << position(expected, i) << " is 0x" << std::hex << int(actual.bytes[i])
                    << ", expected 0x" << int(expected.bytes[i]);
    }
  }
  EXPECT_EQ(mismatches, 0u) << what << ": bytes that differ out of " << expected.bytes.size();
}

// ---------------------------------------------------------------------------
// Pooling layers

struct Pool {
  PoolingMethod method;
  uint32_t kernel_width, kernel_height, stride_width, stride_height;
  uint32_t pad_left = 0, pad_top = 0, pad_right = 0, pad_bottom = 0;
  int32_t pad_value = 0;
};

ref::PoolKind kind_of(PoolingMethod method) {
  switch (method) {
    case PoolingMethod::Average: return ref::PoolKind::Average;
    case PoolingMethod::Max: return ref::PoolKind::Max;
    case PoolingMethod::Min: return ref::PoolKind::Min;
  }
  throw std::logic_error("unknown pooling method");
}

// The reference's view of a layer. PAD_VALUE_nX holds n times the value of
// one padded element (dla_pdp_op_desc padding_value[n-1] = n * value), kept
// in the registers' 19 bits.
ref::PoolingSpec spec_of(const PoolingLayer& layer) {
  ref::PoolingSpec spec;
  spec.width = layer.width;
  spec.height = layer.height;
  spec.channels = layer.channels;
  spec.kind = kind_of(layer.method);
  spec.kernel_width = layer.kernel_width;
  spec.kernel_height = layer.kernel_height;
  spec.stride_width = layer.stride_width;
  spec.stride_height = layer.stride_height;
  spec.pad_left = layer.pad_left;
  spec.pad_top = layer.pad_top;
  spec.pad_right = layer.pad_right;
  spec.pad_bottom = layer.pad_bottom;
  for (unsigned n = 1; n <= 7; ++n) spec.pad_value_fields[n - 1] = uint32_t(int64_t(n) * layer.pad_value) & 0x7FFFFu;
  return spec;
}

// A layer reading W x H x C at `source` and writing at `destination`, both
// with gaps after every line and surface. The output size comes from the
// reference (whole windows), not from the driver.
PoolingLayer make_layer(const HardwareConfig& config, Precision precision, uint32_t width, uint32_t height,
                        uint32_t channels, const Pool& pool, MemoryPort source_memory, uint64_t source,
                        MemoryPort destination_memory, uint64_t destination) {
  PoolingLayer layer;
  layer.width = width;
  layer.height = height;
  layer.channels = channels;
  layer.precision = precision;
  layer.method = pool.method;
  layer.kernel_width = pool.kernel_width;
  layer.kernel_height = pool.kernel_height;
  layer.stride_width = pool.stride_width;
  layer.stride_height = pool.stride_height;
  layer.pad_left = pool.pad_left;
  layer.pad_top = pool.pad_top;
  layer.pad_right = pool.pad_right;
  layer.pad_bottom = pool.pad_bottom;
  layer.pad_value = pool.pad_value;
  const uint32_t out_width =
      ref::pooled_size(width, pool.pad_left, pool.pad_right, pool.kernel_width, pool.stride_width);
  const uint32_t out_height =
      ref::pooled_size(height, pool.pad_top, pool.pad_bottom, pool.kernel_height, pool.stride_height);
  layer.source = buffer(config, source_memory, source, width, height, 1, 3);
  layer.destination = buffer(config, destination_memory, destination, out_width, out_height, 2, 1);
  return layer;
}

PoolingLayer make_layer(const HardwareConfig& config, Precision precision, uint32_t width, uint32_t height,
                        uint32_t channels, const Pool& pool, unsigned index) {
  // Each layer of a test gets its own source and destination window.
  return make_layer(config, precision, width, height, channels, pool, MemoryPort::Primary,
                    0x1000'0000 + uint64_t(index) * 0x40'0000, MemoryPort::Primary,
                    0x2000'0000 + uint64_t(index) * 0x40'0000);
}

// What one layer found and left in memory.
struct LayerRun {
  PoolingLayer layer;
  PdpProgram plan;
  ref::CubeImage input;   // the source region as loaded
  ref::CubeImage before;  // the destination region before the layer
  ref::CubeImage after;   // the destination region after the layer
};

// Fills the source with random data and the destination with another
// random pattern, as the layer's images.
LayerRun prepare(hal::Hal& hal, const HardwareConfig& config, const PoolingLayer& layer, std::mt19937& rng) {
  LayerRun run;
  run.layer = layer;
  run.plan = plan_pdp_layer(layer, config);
  const uint32_t surfaces = surfaces_of(config, layer.precision, layer.channels);
  run.input = image_of(config, layer.precision, layer.source, surfaces);
  run.input.bytes = random_bytes(run.input.bytes.size(), rng);
  run.before = image_of(config, layer.precision, layer.destination, surfaces);
  run.before.bytes = random_bytes(run.before.bytes.size(), rng);
  run.after = run.before;
  load(hal, layer.source, run.input);
  load(hal, layer.destination, run.before);
  return run;
}

// The destination region must hold the reference pooling of `input` in its
// atoms and the pre-filled bytes everywhere else.
void expect_pooled(const LayerRun& run, const ref::CubeImage& input, const std::string& what) {
  ref::CubeImage expected = run.before;
  ref::pool(spec_of(run.layer), input, expected);
  expect_same_bytes(expected, run.after, what);
}

void expect_pooled(const LayerRun& run, const std::string& what) { expect_pooled(run, run.input, what); }

std::string describe(const PoolingLayer& l) {
  std::ostringstream text;
  static const char* const kMethods[] = {"average", "max", "min"};
  text << precision_name(l.precision) << " " << l.width << "x" << l.height << "x" << l.channels << " "
       << kMethods[int(l.method)] << " kernel " << l.kernel_width << "x" << l.kernel_height << " stride "
       << l.stride_width << "x" << l.stride_height << " pads " << l.pad_left << "/" << l.pad_top << "/"
       << l.pad_right << "/" << l.pad_bottom << " pad value " << l.pad_value;
  return text.str();
}

// Runs offline layers one after the other with PdpDriver::run in one
// firmware run and checks each against the reference.
std::vector<LayerRun> run_offline(Config config, const std::vector<PoolingLayer>& layers, uint32_t seed) {
  std::vector<LayerRun> runs;
  run_firmware(system_options(config), [&](NvdlaSystem& s) {
    std::mt19937 rng(seed);
    PdpDriver driver(s.hal(), s.config());
    for (const PoolingLayer& layer : layers) {
      LayerRun run = prepare(s.hal(), s.config(), layer, rng);
      driver.run(layer);
      store(s.hal(), layer.destination, run.after);
      runs.push_back(std::move(run));
    }
  });
  for (const LayerRun& run : runs) {
    EXPECT_NE(run.plan.mode, PdpMode::OnTheFly) << describe(run.layer);
    expect_pooled(run, std::string(hardware_config(config).name) + " " + describe(run.layer) + " (" +
                           pdp_mode_name(run.plan.mode) + ")");
  }
  return runs;
}

// ---------------------------------------------------------------------------
// The SDP feed of an on-the-fly layer, programmed the way NVDLA's firmware
// does it (nvdla/sw kmd/firmware/sdp.c dla_sdp_program, dla_sdp_enable):
// SDP_RDMA reads the cube from memory (MRDMA), the operand DMAs are
// disabled, SDP sends its converter output to PDP.

// The X1 (BS) stage of the nv_large trace pdp_3x3x33_2x2_ave_int8_0: ALU SUM
// with a register operand shifted left, MUL by a register operand with a
// truncating right shift, ReLU.
struct BsStage {
  int16_t alu_operand;
  uint32_t alu_shift;
  int16_t mul_operand;
  uint32_t mul_shift;
};

// Programs SDP_RDMA and SDP and enables them (SDP_RDMA first); returns the
// SDP register group, whose SDP_DONE_STATUS<group> ends the SDP layer.
unsigned start_sdp_feed(hal::Hal& hal, GlbInterrupts& glb, const HardwareConfig& config, const PoolingLayer& layer,
                        const std::optional<BsStage>& bs) {
  namespace sdp = regs::sdp;
  namespace rdma = regs::sdp_rdma;
  const uint32_t sdp_base = config.unit_base(Unit::Sdp), rdma_base = config.unit_base(Unit::SdpRdma);
  auto write_sdp = [&](uint32_t offset, uint32_t value) { hal.write_register(sdp_base + offset, value); };
  auto write_rdma = [&](uint32_t offset, uint32_t value) { hal.write_register(rdma_base + offset, value); };

  // utils_get_free_group with nothing of ours programmed: the consumers.
  const unsigned group = sdp::S_POINTER_CONSUMER.get(hal.read_register(sdp_base + sdp::S_POINTER));
  const unsigned rdma_group = rdma::S_POINTER_CONSUMER.get(hal.read_register(rdma_base + rdma::S_POINTER));
  auto set_producer = [&] {
    write_sdp(sdp::S_POINTER, sdp::S_POINTER_PRODUCER.put(group));
    write_rdma(rdma::S_POINTER, rdma::S_POINTER_PRODUCER.put(rdma_group));
  };
  set_producer();
  glb.unmask(regs::glb::S_INTR_MASK_SDP_DONE_MASK0.mask() | regs::glb::S_INTR_MASK_SDP_DONE_MASK1.mask());

  const uint32_t precision = layer.precision == Precision::Int8 ? rdma::D_FEATURE_MODE_CFG_IN_PRECISION_INT8
                                                                : rdma::D_FEATURE_MODE_CFG_IN_PRECISION_INT16;
  // SDP_RDMA: the firmware clears the mode and the operand DMA registers
  // first, then writes the real values.
  write_rdma(rdma::D_FEATURE_MODE_CFG, 0);
  write_rdma(rdma::D_BRDMA_CFG, 0);
  write_rdma(rdma::D_NRDMA_CFG, 0);
  write_rdma(rdma::D_ERDMA_CFG, 0);
  write_rdma(rdma::D_FEATURE_MODE_CFG,
             rdma::D_FEATURE_MODE_CFG_FLYING_MODE.put(rdma::D_FEATURE_MODE_CFG_FLYING_MODE_OFF) |
                 rdma::D_FEATURE_MODE_CFG_WINOGRAD.put(rdma::D_FEATURE_MODE_CFG_WINOGRAD_OFF) |
                 rdma::D_FEATURE_MODE_CFG_IN_PRECISION.put(precision) |
                 rdma::D_FEATURE_MODE_CFG_PROC_PRECISION.put(precision) |
                 rdma::D_FEATURE_MODE_CFG_OUT_PRECISION.put(precision));
  write_rdma(rdma::D_DATA_CUBE_WIDTH, rdma::D_DATA_CUBE_WIDTH_WIDTH.put(layer.width - 1));
  write_rdma(rdma::D_DATA_CUBE_HEIGHT, rdma::D_DATA_CUBE_HEIGHT_HEIGHT.put(layer.height - 1));
  write_rdma(rdma::D_DATA_CUBE_CHANNEL, rdma::D_DATA_CUBE_CHANNEL_CHANNEL.put(layer.channels - 1));
  write_rdma(rdma::D_SRC_BASE_ADDR_LOW, uint32_t(layer.source.address));
  write_rdma(rdma::D_SRC_BASE_ADDR_HIGH, uint32_t(layer.source.address >> 32));
  write_rdma(rdma::D_SRC_LINE_STRIDE, layer.source.line_stride);
  write_rdma(rdma::D_SRC_SURFACE_STRIDE, layer.source.surface_stride);
  write_rdma(rdma::D_SRC_DMA_CFG, rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(layer.source.memory == MemoryPort::Primary
                                                                          ? rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC
                                                                          : rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE_CV));
  // Every operand comes from a register or its stage is bypassed: the
  // operand DMAs stay off.
  write_rdma(rdma::D_BRDMA_CFG, rdma::D_BRDMA_CFG_BRDMA_DISABLE.put(rdma::D_BRDMA_CFG_BRDMA_DISABLE_YES));
  write_rdma(rdma::D_NRDMA_CFG, rdma::D_NRDMA_CFG_NRDMA_DISABLE.put(rdma::D_NRDMA_CFG_NRDMA_DISABLE_YES));
  write_rdma(rdma::D_ERDMA_CFG, rdma::D_ERDMA_CFG_ERDMA_DISABLE.put(rdma::D_ERDMA_CFG_ERDMA_DISABLE_YES));

  // SDP.
  write_sdp(sdp::D_DATA_CUBE_WIDTH, sdp::D_DATA_CUBE_WIDTH_WIDTH.put(layer.width - 1));
  write_sdp(sdp::D_DATA_CUBE_HEIGHT, sdp::D_DATA_CUBE_HEIGHT_HEIGHT.put(layer.height - 1));
  write_sdp(sdp::D_DATA_CUBE_CHANNEL, sdp::D_DATA_CUBE_CHANNEL_CHANNEL.put(layer.channels - 1));
  if (bs) {
    write_sdp(sdp::D_DP_BS_CFG, sdp::D_DP_BS_CFG_BS_BYPASS.put(sdp::D_DP_BS_CFG_BS_BYPASS_NO) |
                                    sdp::D_DP_BS_CFG_BS_ALU_BYPASS.put(sdp::D_DP_BS_CFG_BS_ALU_BYPASS_NO) |
                                    sdp::D_DP_BS_CFG_BS_ALU_ALGO.put(sdp::D_DP_BS_CFG_BS_ALU_ALGO_SUM) |
                                    sdp::D_DP_BS_CFG_BS_MUL_BYPASS.put(sdp::D_DP_BS_CFG_BS_MUL_BYPASS_NO) |
                                    sdp::D_DP_BS_CFG_BS_MUL_PRELU.put(sdp::D_DP_BS_CFG_BS_MUL_PRELU_NO) |
                                    sdp::D_DP_BS_CFG_BS_RELU_BYPASS.put(sdp::D_DP_BS_CFG_BS_RELU_BYPASS_NO));
    write_sdp(sdp::D_DP_BS_ALU_CFG, sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC_REG) |
                                        sdp::D_DP_BS_ALU_CFG_BS_ALU_SHIFT_VALUE.put(bs->alu_shift));
    write_sdp(sdp::D_DP_BS_ALU_SRC_VALUE, sdp::D_DP_BS_ALU_SRC_VALUE_BS_ALU_OPERAND.put(uint16_t(bs->alu_operand)));
    write_sdp(sdp::D_DP_BS_MUL_SRC_VALUE, sdp::D_DP_BS_MUL_SRC_VALUE_BS_MUL_OPERAND.put(uint16_t(bs->mul_operand)));
    write_sdp(sdp::D_DP_BS_MUL_CFG, sdp::D_DP_BS_MUL_CFG_BS_MUL_SRC.put(sdp::D_DP_BS_MUL_CFG_BS_MUL_SRC_REG) |
                                        sdp::D_DP_BS_MUL_CFG_BS_MUL_SHIFT_VALUE.put(bs->mul_shift));
  } else {
    write_sdp(sdp::D_DP_BS_CFG, sdp::D_DP_BS_CFG_BS_BYPASS.put(sdp::D_DP_BS_CFG_BS_BYPASS_YES) |
                                    sdp::D_DP_BS_CFG_BS_ALU_BYPASS.put(sdp::D_DP_BS_CFG_BS_ALU_BYPASS_YES) |
                                    sdp::D_DP_BS_CFG_BS_MUL_BYPASS.put(sdp::D_DP_BS_CFG_BS_MUL_BYPASS_YES) |
                                    sdp::D_DP_BS_CFG_BS_RELU_BYPASS.put(sdp::D_DP_BS_CFG_BS_RELU_BYPASS_YES));
  }
  write_sdp(sdp::D_DP_BN_CFG, sdp::D_DP_BN_CFG_BN_BYPASS.put(sdp::D_DP_BN_CFG_BN_BYPASS_YES) |
                                  sdp::D_DP_BN_CFG_BN_ALU_BYPASS.put(sdp::D_DP_BN_CFG_BN_ALU_BYPASS_YES) |
                                  sdp::D_DP_BN_CFG_BN_MUL_BYPASS.put(sdp::D_DP_BN_CFG_BN_MUL_BYPASS_YES) |
                                  sdp::D_DP_BN_CFG_BN_RELU_BYPASS.put(sdp::D_DP_BN_CFG_BN_RELU_BYPASS_YES));
  write_sdp(sdp::D_DP_EW_CFG, sdp::D_DP_EW_CFG_EW_BYPASS.put(sdp::D_DP_EW_CFG_EW_BYPASS_YES) |
                                  sdp::D_DP_EW_CFG_EW_ALU_BYPASS.put(sdp::D_DP_EW_CFG_EW_ALU_BYPASS_YES) |
                                  sdp::D_DP_EW_CFG_EW_MUL_BYPASS.put(sdp::D_DP_EW_CFG_EW_MUL_BYPASS_YES) |
                                  sdp::D_DP_EW_CFG_EW_LUT_BYPASS.put(sdp::D_DP_EW_CFG_EW_LUT_BYPASS_YES));
  write_sdp(sdp::D_FEATURE_MODE_CFG,
            sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_OFF) |
                sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP) |
                sdp::D_FEATURE_MODE_CFG_WINOGRAD.put(sdp::D_FEATURE_MODE_CFG_WINOGRAD_OFF));
  write_sdp(sdp::D_DST_DMA_CFG, sdp::D_DST_DMA_CFG_DST_RAM_TYPE.put(sdp::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  write_sdp(sdp::D_DATA_FORMAT,
            sdp::D_DATA_FORMAT_PROC_PRECISION.put(precision) | sdp::D_DATA_FORMAT_OUT_PRECISION.put(precision));
  // The identity output converter: (y - 0) * 1 >> 0.
  write_sdp(sdp::D_CVT_OFFSET, 0);
  write_sdp(sdp::D_CVT_SCALE, sdp::D_CVT_SCALE_CVT_SCALE.put(1));
  write_sdp(sdp::D_CVT_SHIFT, sdp::D_CVT_SHIFT_CVT_SHIFT.put(0));

  // dla_sdp_enable: producers again, the reader, then SDP.
  set_producer();
  write_rdma(rdma::D_OP_ENABLE, rdma::D_OP_ENABLE_OP_EN.put(rdma::D_OP_ENABLE_OP_EN_ENABLE));
  write_sdp(sdp::D_OP_ENABLE, sdp::D_OP_ENABLE_OP_EN.put(sdp::D_OP_ENABLE_OP_EN_ENABLE));
  return group;
}

struct OnTheFlyRun {
  LayerRun run;
  unsigned pdp_group = 0;
  unsigned sdp_group = 0;
  PdpMode mode = PdpMode::Offline;
};

// Runs on-the-fly layers one after the other; `edit_input` may change the
// random input before it is loaded.
std::vector<OnTheFlyRun> run_on_the_fly(Config config, const std::vector<PoolingLayer>& layers,
                                        const std::optional<BsStage>& bs, uint32_t seed,
                                        const std::function<void(ref::CubeImage&)>& edit_input = {}) {
  std::vector<OnTheFlyRun> runs;
  run_firmware(system_options(config), [&](NvdlaSystem& s) {
    std::mt19937 rng(seed);
    GlbInterrupts glb(s.hal(), s.config());
    PdpDriver driver(glb);
    for (const PoolingLayer& layer : layers) {
      OnTheFlyRun r;
      r.run = prepare(s.hal(), s.config(), layer, rng);
      if (edit_input) {
        edit_input(r.run.input);
        load(s.hal(), layer.source, r.run.input);
      }
      driver.run(layer, [&](const PdpOperation& operation) {
        r.pdp_group = operation.group;
        r.mode = operation.program.mode;
        r.sdp_group = start_sdp_feed(s.hal(), glb, s.config(), layer, bs);
      });
      // SDP's own done event must have come too.
      glb.wait_for_done(Unit::Sdp, r.sdp_group, DriverOptions{});
      store(s.hal(), layer.destination, r.run.after);
      runs.push_back(std::move(r));
    }
  });
  return runs;
}

PoolingLayer on_the_fly(PoolingLayer layer) {
  layer.source_is_sdp = true;
  return layer;
}

// ---------------------------------------------------------------------------
// The reference itself, against hand computations.

TEST(PoolingReference, PadValuesSignExtendFromTheirWidth) {
  std::array<uint32_t, 7> f{};
  // int8: PAD_VALUE_1X is 8 bits wide, _2X 9, _5X 11.
  f[0] = 0x80;
  EXPECT_EQ(ref::pad_value(f, 1, 1), -128);
  f[0] = 0x7F;
  EXPECT_EQ(ref::pad_value(f, 1, 1), 127);
  f[1] = 0x100;
  EXPECT_EQ(ref::pad_value(f, 2, 1), -256);
  f[1] = 0xFE;
  EXPECT_EQ(ref::pad_value(f, 2, 1), 254);
  f[4] = 0x7FC18;  // -1000 in 19 bits; bit 10 set
  EXPECT_EQ(ref::pad_value(f, 5, 1), -1000);
  // int16: _1X is 16 bits wide, _7X 19.
  f[0] = 0x18000;
  EXPECT_EQ(ref::pad_value(f, 1, 2), -32768);
  f[6] = 0x40000;
  EXPECT_EQ(ref::pad_value(f, 7, 2), -262144);
}

TEST(PoolingReference, ClearSignBitKeepsTheRawFieldInTheAccumulatorWidth) {
  std::array<uint32_t, 7> f{};
  // Bit 7 clear: the higher bits are not cleared. 0x17F stays 383.
  f[0] = 0x17F;
  EXPECT_EQ(ref::pad_value(f, 1, 1), 383);
  // 0x7FF7F has bit 7 clear; held in 16 bits it reads 0xFF7F = -129.
  f[0] = 0x7FF7F;
  EXPECT_EQ(ref::pad_value(f, 1, 1), -129);
  // int16, bit 15 clear: 0x10001 is kept whole in 32 bits.
  f[0] = 0x10001;
  EXPECT_EQ(ref::pad_value(f, 1, 2), 65537);
}

TEST(PoolingReference, RoundsTiesAwayFromZero) {
  EXPECT_EQ(ref::round_q16(32768), 1);     // 0.5
  EXPECT_EQ(ref::round_q16(-32768), -1);   // -0.5
  EXPECT_EQ(ref::round_q16(32767), 0);
  EXPECT_EQ(ref::round_q16(-32767), 0);
  EXPECT_EQ(ref::round_q16(98304), 2);     // 1.5
  EXPECT_EQ(ref::round_q16(-98304), -2);   // -1.5
  EXPECT_EQ(ref::round_q16(-98303), -1);
  EXPECT_EQ(ref::reciprocal(3), 0x5555u);
  EXPECT_EQ(ref::reciprocal(7), 0x2492u);
}

// nv_large pdp_3x3x33_2x2_ave_int8_0 after the SDP stage: output (0,0) of
// lane 2 averages 36 and 100 with one padded row (2 x PAD_VALUE_1X = 154):
// 290 -> 145 -> 72.5 -> 73. Lane 24: 0, 127 -> 281 -> 140.5 -> 141 -> 70.5
// -> 71. Surface 1 lane 1: 107, 88 -> 349 -> 174.5 -> 175 -> 87.5 -> 88.
TEST(PoolingReference, WorkedAverageWithTopPadding) {
  ref::CubeImage input;
  input.atom_bytes = 32;
  input.line_stride = 3 * 32;
  input.surface_stride = 3 * input.line_stride;
  input.bytes.assign(2 * input.surface_stride, 0);
  input.set_element(0, 0, 0, 2, 36);
  input.set_element(0, 0, 1, 2, 100);
  input.set_element(0, 0, 0, 24, 0);
  input.set_element(0, 0, 1, 24, 127);
  input.set_element(1, 0, 0, 1, 107);
  input.set_element(1, 0, 1, 1, 88);
  ref::PoolingSpec spec;
  spec.width = spec.height = 3;
  spec.channels = 33;
  spec.kind = ref::PoolKind::Average;
  spec.kernel_width = spec.kernel_height = spec.stride_width = spec.stride_height = 2;
  spec.pad_top = spec.pad_right = 1;
  for (unsigned n = 1; n <= 7; ++n) spec.pad_value_fields[n - 1] = 77 * n;
  EXPECT_EQ(ref::pool_element(spec, input, 0, 0, 0, 2), 73);
  EXPECT_EQ(ref::pool_element(spec, input, 0, 0, 0, 24), 71);
  EXPECT_EQ(ref::pool_element(spec, input, 1, 0, 0, 1), 88);
}

// MAX and MIN ignore padding whatever the pad value; AVERAGE divides by the
// whole kernel: a 2x2 window with one real -6 and 3 padded positions of
// value 2 -> (-6 + 1 x PAD_VALUE_1X(2) + 2 x PAD_VALUE_1X(2)) / 4 = 0.
TEST(PoolingReference, PaddingOnlyEntersTheAverage) {
  ref::CubeImage input;
  input.atom_bytes = 8;
  input.line_stride = 8;
  input.surface_stride = 8;
  input.bytes.assign(8, 0);
  input.set_element(0, 0, 0, 0, -6);
  ref::PoolingSpec spec;
  spec.kernel_width = spec.kernel_height = 2;
  spec.pad_left = spec.pad_top = 1;
  for (unsigned n = 1; n <= 7; ++n) spec.pad_value_fields[n - 1] = 2 * n;
  spec.kind = ref::PoolKind::Max;
  EXPECT_EQ(ref::pool_element(spec, input, 0, 0, 0, 0), -6);
  spec.kind = ref::PoolKind::Min;
  EXPECT_EQ(ref::pool_element(spec, input, 0, 0, 0, 0), -6);
  spec.kind = ref::PoolKind::Average;
  // S = -6 + 1 row x PAD_VALUE_1X (2) + 2 x PAD_VALUE_1X (2) = 0.
  EXPECT_EQ(ref::pool_element(spec, input, 0, 0, 0, 0), 0);
  input.set_element(0, 0, 0, 0, 101);  // (101 + 6) / 4 = 26.75 -> 27
  EXPECT_EQ(ref::pool_element(spec, input, 0, 0, 0, 0), 27);
}

// ---------------------------------------------------------------------------
// BDMA

TEST(BdmaOnModels, CopiesBetweenBothMemoriesInSeveralOperationsAndBothGroups) {
  const HardwareConfig& config = hardware_config(Config::NvFull);
  // 28 transfers: 22 into DRAM (20 + 2: the slot FIFO holds 20), 4 into
  // CVSRAM, 2 into DRAM again -> 4 operations launched alternately as group
  // 0 and group 1. Sources alternate between DRAM and CVSRAM.
  std::vector<BdmaTransfer> transfers;
  for (uint32_t i = 0; i < 28; ++i) {
    BdmaTransfer t;
    t.destination_memory = (i >= 22 && i < 26) ? MemoryPort::Secondary : MemoryPort::Primary;
    t.source_memory = i % 2 == 0 ? MemoryPort::Primary : MemoryPort::Secondary;
    t.source = (t.source_memory == MemoryPort::Primary ? 0x1000'0000u : 0x10'0000u) + uint64_t(i) * 0x1'0000;
    t.destination = (t.destination_memory == MemoryPort::Primary ? 0x2000'0000u : 0x40'0000u) + uint64_t(i) * 0x1'0000;
    if (i == 27) {  // CFG_SRC_ADDR_HIGH / CFG_DST_ADDR_HIGH in use
      t.source += 0x1'0000'0000;
      t.destination += 0x2'0000'0000;
    }
    t.line_size = 32 * (1 + i % 3);
    t.line_repeat = 1 + i % 4;
    t.surface_repeat = 1 + (i / 2) % 3;
    t.source_line = t.line_size + 32 * (i % 2);
    t.destination_line = i % 5 == 0 ? t.line_size : t.line_size + 32 * (1 + i % 2);
    t.source_surface = t.source_line * t.line_repeat + 64 * (i % 2);
    t.destination_surface = t.destination_line * t.line_repeat + 32 * (1 + i % 3);
    transfers.push_back(t);
  }
  auto extent = [](uint32_t line, uint32_t lines, uint32_t surface, uint32_t surfaces, uint32_t line_size) {
    return size_t(surfaces - 1) * surface + size_t(lines - 1) * line + line_size;
  };
  std::vector<std::vector<uint8_t>> sources, before, after;
  std::vector<RegisterAccess> accesses;

  run_firmware(system_options(Config::NvFull), [&](NvdlaSystem& s) {
    std::mt19937 rng(2024);
    for (const BdmaTransfer& t : transfers) {
      sources.push_back(random_bytes(
          extent(t.source_line, t.line_repeat, t.source_surface, t.surface_repeat, t.line_size), rng));
      // 64 bytes past the last line show a copy that runs long.
      before.push_back(random_bytes(
          extent(t.destination_line, t.line_repeat, t.destination_surface, t.surface_repeat, t.line_size) + 64, rng));
      s.hal().write_memory(t.source_memory, t.source, sources.back().data(), sources.back().size());
      s.hal().write_memory(t.destination_memory, t.destination, before.back().data(), before.back().size());
    }
    RecordingHal recording(s.hal());
    BdmaDriver driver(recording, s.config());
    driver.run(transfers);
    for (size_t i = 0; i < transfers.size(); ++i) {
      after.push_back(std::vector<uint8_t>(before[i].size()));
      s.hal().read_memory(transfers[i].destination_memory, transfers[i].destination, after.back().data(),
                          after.back().size());
    }
    accesses = recording.accesses;
  });

  // Every line of every surface is copied; everything else keeps its byte.
  for (size_t i = 0; i < transfers.size(); ++i) {
    const BdmaTransfer& t = transfers[i];
    std::vector<uint8_t> expected = before[i];
    for (uint32_t surface = 0; surface < t.surface_repeat; ++surface) {
      for (uint32_t line = 0; line < t.line_repeat; ++line) {
        const size_t from = size_t(surface) * t.source_surface + size_t(line) * t.source_line;
        const size_t to = size_t(surface) * t.destination_surface + size_t(line) * t.destination_line;
        std::copy_n(sources[i].begin() + from, t.line_size, expected.begin() + to);
      }
    }
    size_t differ = 0;
    for (size_t b = 0; b < expected.size(); ++b) differ += expected[b] != after[i][b];
    EXPECT_EQ(differ, 0u) << "transfer " << i << ": bytes that differ out of " << expected.size();
  }

  // On the bus: one CFG_OP.EN per transfer, four launches split between the
  // groups, and a done status of each group serviced in GLB.
  const uint32_t bdma = config.unit_base(Unit::Bdma), glb = config.unit_base(Unit::Glb);
  EXPECT_EQ(writes_to(accesses, bdma + regs::bdma::CFG_OP, 1), transfers.size());
  EXPECT_EQ(writes_to(accesses, bdma + regs::bdma::CFG_LAUNCH0, 1), 2u);
  EXPECT_EQ(writes_to(accesses, bdma + regs::bdma::CFG_LAUNCH1, 1), 2u);
  EXPECT_GE(reads_with(accesses, glb + regs::glb::S_INTR_STATUS, regs::glb::S_INTR_STATUS_BDMA_DONE_STATUS0.mask()), 1u);
  EXPECT_GE(reads_with(accesses, glb + regs::glb::S_INTR_STATUS, regs::glb::S_INTR_STATUS_BDMA_DONE_STATUS1.mask()), 1u);
}


// ---------------------------------------------------------------------------
// PDP offline

constexpr Precision kInt8 = Precision::Int8;
constexpr Precision kInt16 = Precision::Int16;
constexpr PoolingMethod kAverage = PoolingMethod::Average;
constexpr PoolingMethod kMax = PoolingMethod::Max;
constexpr PoolingMethod kMin = PoolingMethod::Min;

// Padding on every side, PAD_VALUE_nX from 1X up to 6X in use (8x8 windows
// over a 3x2 input leave 5 padded columns and 6 padded rows), a negative
// and a positive pad value; C = 13 and 5 leave partial last surfaces.
TEST(PdpOfflineOnModels, NvSmallAverageWithNegativeAndPositivePadValues) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  run_offline(Config::NvSmall,
              {make_layer(c, kInt8, 9, 7, 13, {kAverage, 3, 3, 2, 2, 1, 1, 1, 1, -5}, 0),
               make_layer(c, kInt8, 6, 5, 13, {kAverage, 4, 2, 1, 1, 3, 1, 2, 1, 9}, 1),
               make_layer(c, kInt8, 3, 2, 5, {kAverage, 8, 8, 1, 1, 4, 3, 1, 3, -100}, 2),
               make_layer(c, kInt8, 3, 2, 5, {kAverage, 8, 8, 1, 1, 4, 3, 1, 3, 120}, 3),
               make_layer(c, kInt8, 5, 4, 8, {kAverage, 3, 2, 1, 1, 2, 1, 2, 1, -128}, 4),
               make_layer(c, kInt8, 5, 4, 8, {kAverage, 3, 2, 1, 1, 2, 1, 2, 1, 127}, 5)},
              11);
}

TEST(PdpOfflineOnModels, NvSmallMaxAndMinOverPartialSurfaces) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  run_offline(Config::NvSmall,
              {make_layer(c, kInt8, 8, 6, 13, {kMax, 2, 2, 2, 2, 0, 0, 0, 0, 0}, 0),
               make_layer(c, kInt8, 7, 5, 3, {kMin, 3, 1, 1, 2, 1, 0, 1, 0, 0}, 1),
               make_layer(c, kInt8, 4, 4, 9, {kMax, 3, 3, 1, 1, 2, 2, 2, 2, 0}, 2),
               make_layer(c, kInt8, 10, 7, 8, {kMin, 5, 3, 3, 2, 1, 1, 1, 1, 0}, 3)},
              12);
}

// Kernels 1..8 in both directions, strides larger than the kernel (1 by 2
// and 3, 2 by 3, 3 by 4), windows that leave trailing input unread.
TEST(PdpOfflineOnModels, NvSmallKernelSizesOneToEight) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  run_offline(Config::NvSmall,
              {make_layer(c, kInt8, 9, 10, 11, {kMax, 1, 1, 2, 3, 0, 0, 0, 0, 0}, 0),
               make_layer(c, kInt8, 10, 9, 11, {kAverage, 2, 3, 3, 2, 1, 1, 1, 0, 3}, 1),
               make_layer(c, kInt8, 11, 11, 11, {kMin, 3, 3, 4, 4, 0, 0, 0, 0, 0}, 2),
               make_layer(c, kInt8, 7, 6, 11, {kAverage, 4, 4, 1, 1, 2, 3, 1, 0, -17}, 3),
               make_layer(c, kInt8, 3, 4, 11, {kMax, 5, 2, 2, 1, 4, 1, 4, 1, 0}, 4),
               make_layer(c, kInt8, 10, 8, 11, {kAverage, 6, 6, 3, 5, 5, 2, 3, 1, 50}, 5),
               make_layer(c, kInt8, 8, 15, 11, {kMin, 7, 7, 7, 7, 3, 3, 3, 3, 0}, 6),
               make_layer(c, kInt8, 2, 2, 11, {kAverage, 8, 8, 1, 1, 7, 7, 7, 7, -128}, 7),
               make_layer(c, kInt8, 12, 9, 11, {kMax, 8, 1, 1, 1, 0, 0, 0, 0, 0}, 8),
               make_layer(c, kInt8, 6, 12, 11, {kAverage, 1, 8, 1, 2, 0, 3, 0, 2, 31}, 9)},
              13);
}

// nv_large: 32-byte atoms, C = 40 and 33 (8 and 1 lanes in the last
// surface); one layer reads and writes CVSRAM.
TEST(PdpOfflineOnModels, NvLargeAllMethodsAndPadValues) {
  const HardwareConfig& c = hardware_config(Config::NvLarge);
  run_offline(Config::NvLarge,
              {make_layer(c, kInt8, 9, 7, 40, {kAverage, 3, 3, 2, 2, 1, 1, 1, 1, -9}, 0),
               make_layer(c, kInt8, 3, 3, 33, {kAverage, 2, 2, 2, 2, 0, 1, 1, 0, 77}, 1),
               make_layer(c, kInt8, 7, 8, 40, {kAverage, 5, 4, 2, 3, 2, 1, 2, 2, 100}, 2),
               make_layer(c, kInt8, 4, 4, 33, {kAverage, 7, 8, 1, 1, 3, 4, 3, 3, -60}, 3),
               make_layer(c, kInt8, 8, 8, 64, {kMax, 4, 4, 4, 4, 0, 0, 0, 0, 0}, 4),
               make_layer(c, kInt8, 10, 7, 40, {kMin, 1, 1, 3, 3, 0, 0, 0, 0, 0}, 5),
               make_layer(c, kInt8, 6, 6, 40, {kMax, 3, 3, 1, 1, 1, 1, 1, 1, 0}, MemoryPort::Secondary,
                          0x100'0000, MemoryPort::Secondary, 0x200'0000)},
              14);
}

// nv_full int16: 16 elements per atom, C = 20 and 17; pad values up to the
// int16 extremes (PAD_VALUE_7X = 7 x -32768 in 19 bits).
TEST(PdpOfflineOnModels, NvFullInt16AverageAndMax) {
  const HardwareConfig& c = hardware_config(Config::NvFull);
  run_offline(Config::NvFull,
              {make_layer(c, kInt16, 9, 7, 20, {kAverage, 3, 3, 2, 2, 1, 1, 1, 1, -300}, 0),
               make_layer(c, kInt16, 6, 7, 16, {kAverage, 2, 4, 1, 2, 1, 3, 1, 0, 1234}, 1),
               make_layer(c, kInt16, 2, 2, 20, {kAverage, 8, 8, 1, 1, 7, 7, 7, 7, -32768}, 2),
               make_layer(c, kInt16, 4, 3, 17, {kAverage, 5, 3, 1, 1, 2, 1, 2, 1, 32767}, 3),
               make_layer(c, kInt16, 9, 5, 20, {kMax, 3, 2, 3, 1, 0, 0, 0, 0, 0}, 4),
               make_layer(c, kInt16, 5, 5, 17, {kMax, 2, 2, 1, 1, 1, 1, 1, 1, 0}, 5),
               // Above 4 GiB (D_SRC_BASE_ADDR_HIGH, D_DST_BASE_ADDR_HIGH), output in CVSRAM.
               make_layer(c, kInt16, 9, 7, 20, {kAverage, 3, 3, 2, 2, 1, 1, 1, 1, -3}, MemoryPort::Primary,
                          0x1'2345'6000, MemoryPort::Secondary, 0x2'0000'0020)},
              15);
}

// A feature cube of 1x1 is line- and surface-packed (nvdla/doc
// doc/hw/format.rst).
FeatureBuffer packed(FeatureBuffer b, const HardwareConfig& config) {
  b.line_stride = b.surface_stride = config.atom_bytes;
  return b;
}

// Strides of 16, single columns and lines, a padded 1x1 input, and a global
// average over 8x8 into a 1x1 output.
TEST(PdpOfflineOnModels, NvLargeExtremeGeometry) {
  const HardwareConfig& c = hardware_config(Config::NvLarge);
  PoolingLayer one_by_one = make_layer(c, kInt8, 1, 1, 40, {kAverage, 3, 3, 1, 1, 1, 1, 1, 1, 9}, 3);
  one_by_one.source = packed(one_by_one.source, c);
  one_by_one.destination = packed(one_by_one.destination, c);
  PoolingLayer global = make_layer(c, kInt8, 8, 8, 64, {kAverage, 8, 8, 1, 1, 0, 0, 0, 0, 0}, 4);
  global.destination = packed(global.destination, c);
  run_offline(Config::NvLarge,
              {make_layer(c, kInt8, 34, 40, 40, {kAverage, 2, 3, 16, 16, 1, 2, 0, 0, 5}, 0),
               make_layer(c, kInt8, 5, 1, 33, {kAverage, 2, 1, 1, 1, 1, 0, 1, 0, -5}, 1),
               make_layer(c, kInt8, 1, 9, 33, {kMin, 1, 3, 1, 1, 0, 2, 0, 2, 0}, 2), one_by_one, global},
              18);
}

// PAD_VALUE_nX fields the firmware never writes, set by hand between the
// driver's program and enable steps (into the group the driver programmed):
// a set sign bit is extended, a clear one leaves the higher bits of the
// 19-bit field in place, and the value is held in the accumulator's width.
LayerRun run_with_pad_fields(Config config, const PoolingLayer& layer, const std::array<uint32_t, 7>& fields,
                             uint32_t seed) {
  LayerRun run;
  run_firmware(system_options(config), [&](NvdlaSystem& s) {
    std::mt19937 rng(seed);
    run = prepare(s.hal(), s.config(), layer, rng);
    PdpDriver driver(s.hal(), s.config());
    const PdpOperation operation = driver.program(layer);
    const uint32_t registers[7] = {regs::pdp::D_POOLING_PADDING_VALUE_1_CFG, regs::pdp::D_POOLING_PADDING_VALUE_2_CFG,
                                   regs::pdp::D_POOLING_PADDING_VALUE_3_CFG, regs::pdp::D_POOLING_PADDING_VALUE_4_CFG,
                                   regs::pdp::D_POOLING_PADDING_VALUE_5_CFG, regs::pdp::D_POOLING_PADDING_VALUE_6_CFG,
                                   regs::pdp::D_POOLING_PADDING_VALUE_7_CFG};
    for (unsigned n = 0; n < 7; ++n) s.hal().write_register(s.config().unit_base(Unit::Pdp) + registers[n], fields[n]);
    driver.enable(operation);
    driver.wait(operation);
    store(s.hal(), layer.destination, run.after);
  });
  return run;
}

void expect_pooled_with_fields(const LayerRun& run, const std::array<uint32_t, 7>& fields, const std::string& what) {
  ref::PoolingSpec spec = spec_of(run.layer);
  spec.pad_value_fields = fields;
  ref::CubeImage expected = run.before;
  ref::pool(spec, run.input, expected);
  expect_same_bytes(expected, run.after, what);
}

TEST(PdpOfflineOnModels, NvSmallPadValueFieldsOutsideTheFirmwareRange) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  // 3x3 windows with up to 2 padded columns and rows use _1X and _2X.
  // _1X 0x7FF05: bit 7 clear, so 0x7FF05 stays, 0xFF05 = -251 in 16 bits.
  // _2X 0x1F3: bit 8 set, extended: -13.
  const std::array<uint32_t, 7> fields{0x7FF05, 0x1F3, 0, 0, 0, 0, 0};
  const PoolingLayer layer = make_layer(c, kInt8, 5, 4, 8, {kAverage, 3, 3, 1, 1, 2, 2, 2, 2, 0}, 0);
  const LayerRun run = run_with_pad_fields(Config::NvSmall, layer, fields, 16);
  expect_pooled_with_fields(run, fields, "nv_small PAD_VALUE fields 0x7FF05, 0x1F3");
}

TEST(PdpOfflineOnModels, NvFullInt16PadValueFieldsOutsideTheFirmwareRange) {
  const HardwareConfig& c = hardware_config(Config::NvFull);
  // _1X 0x10005: bit 15 clear, kept whole (65541) in 32 bits; _2X 0x7FFF0:
  // bit 16 set, extended: -16.
  const std::array<uint32_t, 7> fields{0x10005, 0x7FFF0, 0, 0, 0, 0, 0};
  const PoolingLayer layer = make_layer(c, kInt16, 5, 4, 20, {kAverage, 3, 3, 1, 1, 2, 2, 2, 2, 0}, 0);
  const LayerRun run = run_with_pad_fields(Config::NvFull, layer, fields, 17);
  expect_pooled_with_fields(run, fields, "nv_full int16 PAD_VALUE fields 0x10005, 0x7FFF0");
}

// ---------------------------------------------------------------------------
// PDP offline split width. nv_small's line buffer holds 512 / f output
// columns, f = 1, 2, 4, 4, 8, 8, 8, 8 for ceil(kernel_height /
// stride_height) = 1..8 (the compiler's calculateMaxWidth).

TEST(PdpSplitOnModels, NvSmallTwoStripesWithPaddingOnBothEnds) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  // 3x3 stride 1: 128 columns per stripe; 200 output columns -> 2 stripes.
  const auto runs =
      run_offline(Config::NvSmall, {make_layer(c, kInt8, 200, 4, 5, {kAverage, 3, 3, 1, 1, 1, 1, 1, 1, -6}, 0)}, 21);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].plan.mode, PdpMode::OfflineSplit);
  EXPECT_EQ(runs[0].plan.split.count, 2u);
}

TEST(PdpSplitOnModels, NvSmallThreeAndFiveStripes) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  // Kernel height 8 or 5, stride 1: 64 columns per stripe. 150 output
  // columns -> 3 stripes; (600 + 2 - 3) / 2 + 1 = 300 -> 5 stripes.
  const auto runs =
      run_offline(Config::NvSmall,
                  {make_layer(c, kInt8, 150, 8, 9, {kMax, 2, 8, 1, 1, 1, 2, 0, 3, 0}, 0),
                   make_layer(c, kInt8, 600, 6, 3, {kAverage, 3, 5, 2, 1, 1, 2, 1, 2, 7}, 1)},
                  22);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].plan.mode, PdpMode::OfflineSplit);
  EXPECT_EQ(runs[0].plan.split.count, 3u);
  EXPECT_EQ(runs[1].plan.mode, PdpMode::OfflineSplit);
  EXPECT_EQ(runs[1].plan.split.count, 5u);
}

// Stride 3 over a kernel of 2: the stripes overlap by -1 column (each later
// stripe starts one column after the previous one's end).
TEST(PdpSplitOnModels, NvSmallStrideWiderThanKernel) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  // (200 - 2) / 3 + 1 = 67 and (400 + 1 - 2) / 3 + 1 = 134 output columns
  // over 64-column stripes.
  const auto runs =
      run_offline(Config::NvSmall,
                  {make_layer(c, kInt8, 200, 5, 8, {kMin, 2, 5, 3, 1, 0, 0, 0, 0, 0}, 0),
                   make_layer(c, kInt8, 400, 4, 6, {kAverage, 2, 5, 3, 1, 1, 2, 0, 2, -2}, 1)},
                  23);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].plan.split.count, 2u);
  EXPECT_EQ(runs[0].plan.split.overlap, -1);
  EXPECT_EQ(runs[1].plan.split.count, 3u);
}

// Stripes whose last one would read no column of its own: the compiler
// (PDPNode.cpp pdpHWSplitWidth) takes the smallest last input width of at
// least one column whose windows fit and gives the rest to the first stripe.
// W = 64, 3x8 kernel, stride 1, PL = 1, PR = 2: OW = 65 over 64-column
// stripes; LO = 1 would need LI = (1 - 1) + 3 - 2 - 2 = -1, so LI = 1,
// LO = (1 + 2 + 2 - 3) / 1 + 1 = 3, FO = 65 - 3 = 62, FI = 61 + 3 - 1 = 63.
TEST(PdpSplitOnModels, NvSmallLastStripeWidenedByTheCompilerRule) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  const auto runs =
      run_offline(Config::NvSmall,
                  {make_layer(c, kInt8, 64, 8, 5, {kAverage, 3, 8, 1, 1, 1, 0, 2, 0, -4}, 0),
                   make_layer(c, kInt8, 192, 8, 5, {kAverage, 3, 8, 1, 1, 1, 0, 2, 0, 9}, 1),
                   make_layer(c, kInt8, 131, 8, 5, {kMax, 8, 8, 1, 1, 7, 0, 7, 0, 0}, 2)},
                  25);
  ASSERT_EQ(runs.size(), 3u);
  const PdpSplit& split = runs[0].plan.split;
  EXPECT_EQ(split.count, 2u);
  EXPECT_EQ(split.first_in, 63u);
  EXPECT_EQ(split.last_in, 1u);
  EXPECT_EQ(split.first_out, 62u);
  EXPECT_EQ(split.last_out, 3u);
  EXPECT_EQ(runs[1].plan.split.count, 4u);  // OW = 193
  EXPECT_EQ(runs[2].plan.split.count, 3u);  // OW = 131 + 14 - 8 + 1 = 138
}

// nv_full int16: 57344 / (8 x 16 x 28) = 16 columns per stripe for kernel
// height 8; 40 output columns -> 3 stripes.
TEST(PdpSplitOnModels, NvFullInt16ThreeStripes) {
  const HardwareConfig& c = hardware_config(Config::NvFull);
  const auto runs =
      run_offline(Config::NvFull, {make_layer(c, kInt16, 40, 2, 20, {kAverage, 3, 8, 1, 1, 1, 3, 1, 4, -77}, 0)}, 24);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].plan.mode, PdpMode::OfflineSplit);
  EXPECT_EQ(runs[0].plan.split.count, 3u);
}

// ---------------------------------------------------------------------------
// PDP on the fly: SDP_RDMA reads the cube, SDP passes it (every stage
// bypassed, identity converter) to PDP, so PDP pools the input cube.

void expect_on_the_fly(const std::vector<OnTheFlyRun>& runs, Config config) {
  for (size_t i = 0; i < runs.size(); ++i) {
    const OnTheFlyRun& r = runs[i];
    const std::string what =
        std::string(hardware_config(config).name) + " on the fly, layer " + std::to_string(i) + ": " + describe(r.run.layer);
    EXPECT_EQ(r.mode, PdpMode::OnTheFly) << what;
    // Layers run one after the other: the register groups alternate.
    EXPECT_EQ(r.pdp_group, i % 2) << what;
    EXPECT_EQ(r.sdp_group, i % 2) << what;
    expect_pooled(r.run, what);
  }
}

TEST(PdpOnTheFlyOnModels, NvSmallSdpBypassed) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  const auto runs = run_on_the_fly(
      Config::NvSmall,
      {on_the_fly(make_layer(c, kInt8, 16, 8, 12, {kAverage, 3, 3, 1, 1, 1, 1, 1, 1, -3}, 0)),
       on_the_fly(make_layer(c, kInt8, 16, 8, 12, {kMax, 2, 2, 2, 2, 0, 0, 0, 0, 0}, 1)),
       on_the_fly(make_layer(c, kInt8, 9, 7, 5, {kMin, 3, 3, 2, 2, 1, 1, 1, 1, 0}, 2))},
      std::nullopt, 31);
  ASSERT_EQ(runs.size(), 3u);
  expect_on_the_fly(runs, Config::NvSmall);
}

TEST(PdpOnTheFlyOnModels, NvLargeSdpBypassed) {
  const HardwareConfig& c = hardware_config(Config::NvLarge);
  const auto runs = run_on_the_fly(
      Config::NvLarge,
      {on_the_fly(make_layer(c, kInt8, 9, 7, 40, {kAverage, 3, 3, 2, 2, 1, 1, 1, 1, 5}, 0)),
       on_the_fly(make_layer(c, kInt8, 9, 7, 33, {kMin, 3, 3, 1, 2, 1, 0, 1, 0, 0}, 1))},
      std::nullopt, 32);
  ASSERT_EQ(runs.size(), 2u);
  expect_on_the_fly(runs, Config::NvLarge);
}

// SDP's X1 stage of nv_large pdp_3x3x33_2x2_ave_int8_0: ALU SUM with operand
// 2 shifted left by 1 (+4), MUL by 2 truncated right by 1 (exact: x 1),
// ReLU, then the identity converter saturating to int8:
// y = min(max(x + 4, 0), 127), for every lane including those beyond C.
int32_t bias_stage(int32_t x) { return std::min(std::max(x + 4, 0), 127); }

TEST(PdpOnTheFlyOnModels, NvLargeBiasStageActive) {
  const HardwareConfig& c = hardware_config(Config::NvLarge);
  // The trace's geometry and buffers: 3x3x33 at 0x80000000 (line 0x100,
  // surface 0x800), 2x2 average stride 2 with top and right padding, pad
  // value 77, output at 0x80001420 (line 0x2020, surface 0x4F40).
  PoolingLayer layer = make_layer(c, kInt8, 3, 3, 33, {kAverage, 2, 2, 2, 2, 0, 1, 1, 0, 77}, MemoryPort::Primary,
                                  0x8000'0000, MemoryPort::Primary, 0x8000'1420);
  layer.source.line_stride = 0x100;
  layer.source.surface_stride = 0x800;
  layer.destination.line_stride = 0x2020;
  layer.destination.surface_stride = 0x4F40;
  layer.source_is_sdp = true;
  // The input bytes the worked example follows (lanes 2 and 24 of surface
  // 0, lane 1 of surface 1, columns 0 and 1 of line 0).
  auto edit = [](ref::CubeImage& input) {
    input.set_element(0, 0, 0, 2, 0x20);
    input.set_element(0, 0, 1, 2, 0x60);
    input.set_element(0, 0, 0, 24, int8_t(0xA0));
    input.set_element(0, 0, 1, 24, 0x7D);
    input.set_element(1, 0, 0, 1, 0x67);
    input.set_element(1, 0, 1, 1, 0x54);
  };
  const auto runs = run_on_the_fly(Config::NvLarge, {layer}, BsStage{2, 1, 2, 1}, 33, edit);
  ASSERT_EQ(runs.size(), 1u);
  const OnTheFlyRun& r = runs[0];
  EXPECT_EQ(r.mode, PdpMode::OnTheFly);

  // The worked example's three bytes, by hand: 0x49 at 0x80001422, 0x47 at
  // 0x80001438, 0x58 at 0x80006361.
  EXPECT_EQ(r.run.after.bytes.at(0x8000'1422 - 0x8000'1420), 0x49);
  EXPECT_EQ(r.run.after.bytes.at(0x8000'1438 - 0x8000'1420), 0x47);
  EXPECT_EQ(r.run.after.bytes.at(0x8000'6361 - 0x8000'1420), 0x58);

  // Everything: the reference pooling of the transformed cube.
  ref::CubeImage transformed = r.run.input;
  for (uint32_t s = 0; s < 2; ++s) {
    for (uint32_t h = 0; h < 3; ++h) {
      for (uint32_t w = 0; w < 3; ++w) {
        for (uint32_t lane = 0; lane < 32; ++lane) {
          transformed.set_element(s, h, w, lane, bias_stage(r.run.input.element(s, h, w, lane)));
        }
      }
    }
  }
  expect_pooled(r.run, transformed, "nv_large on the fly with the BS stage");
}

// ---------------------------------------------------------------------------
// Several layers in one firmware run (nv_full)

// Two independent layers programmed into both register groups before either
// is enabled; the second starts when the first ends.
TEST(PdpPipelineOnModels, TwoLayersInBothRegisterGroups) {
  const HardwareConfig& c = hardware_config(Config::NvFull);
  const PoolingLayer first = make_layer(c, kInt8, 8, 6, 48, {kAverage, 3, 3, 1, 1, 1, 1, 1, 1, 11}, 0);
  const PoolingLayer second = make_layer(c, kInt16, 9, 5, 20, {kMax, 2, 3, 2, 1, 0, 0, 0, 0, 0}, 1);
  std::vector<LayerRun> runs;
  PdpOperation op_first, op_second;
  run_firmware(system_options(Config::NvFull), [&](NvdlaSystem& s) {
    std::mt19937 rng(41);
    runs.push_back(prepare(s.hal(), s.config(), first, rng));
    runs.push_back(prepare(s.hal(), s.config(), second, rng));
    PdpDriver driver(s.hal(), s.config());
    op_first = driver.program(first);
    op_second = driver.program(second);
    driver.enable(op_first);
    driver.enable(op_second);
    driver.wait(op_first);
    driver.wait(op_second);
    store(s.hal(), first.destination, runs[0].after);
    store(s.hal(), second.destination, runs[1].after);
  });
  EXPECT_EQ(op_first.group, 0u);
  EXPECT_EQ(op_first.rdma_group, 0u);
  EXPECT_EQ(op_second.group, 1u);
  EXPECT_EQ(op_second.rdma_group, 1u);
  ASSERT_EQ(runs.size(), 2u);
  expect_pooled(runs[0], "first layer (group 0): " + describe(first));
  expect_pooled(runs[1], "second layer (group 1): " + describe(second));
}

// An on-the-fly layer occupies a PDP group but no PDP_RDMA group, so the
// offline layers after it pair PDP group 1 with PDP_RDMA group 0, then PDP
// group 0 with PDP_RDMA group 1.
TEST(PdpPipelineOnModels, OnTheFlyThenOfflinePairGroupsIndependently) {
  const HardwareConfig& c = hardware_config(Config::NvLarge);
  const std::vector<PoolingLayer> layers = {
      on_the_fly(make_layer(c, kInt8, 9, 7, 40, {kAverage, 3, 3, 2, 2, 1, 1, 1, 1, 5}, 0)),
      make_layer(c, kInt8, 9, 7, 40, {kMax, 3, 3, 2, 2, 1, 1, 1, 1, 0}, 1),
      make_layer(c, kInt8, 9, 7, 40, {kAverage, 2, 2, 1, 1, 0, 0, 0, 0, 0}, 2)};
  std::vector<LayerRun> runs;
  std::vector<PdpOperation> operations;
  run_firmware(system_options(Config::NvLarge), [&](NvdlaSystem& s) {
    std::mt19937 rng(43);
    GlbInterrupts glb(s.hal(), s.config());
    PdpDriver driver(glb);
    for (const PoolingLayer& layer : layers) {
      runs.push_back(prepare(s.hal(), s.config(), layer, rng));
      driver.run(layer, [&](const PdpOperation& operation) {
        operations.push_back(operation);
        if (operation.program.mode == PdpMode::OnTheFly) start_sdp_feed(s.hal(), glb, s.config(), layer, std::nullopt);
      });
      store(s.hal(), layer.destination, runs.back().after);
    }
  });
  ASSERT_EQ(operations.size(), 3u);
  EXPECT_EQ(operations[0].program.mode, PdpMode::OnTheFly);
  EXPECT_EQ(operations[0].group, 0u);
  EXPECT_EQ(operations[1].group, 1u);
  EXPECT_EQ(operations[1].rdma_group, 0u);
  EXPECT_EQ(operations[2].group, 0u);
  EXPECT_EQ(operations[2].rdma_group, 1u);
  for (const LayerRun& run : runs) expect_pooled(run, describe(run.layer));
}

// With both groups programmed and not completed a third layer is refused at
// run time (DriverError) without a register write; once the two complete,
// the next layer gets group 0 again.
TEST(PdpPipelineOnModels, ThirdLayerWaitsForAFreeGroup) {
  const HardwareConfig& c = hardware_config(Config::NvFull);
  const PoolingLayer layer = make_layer(c, kInt8, 9, 7, 40, {kMax, 3, 3, 2, 2, 1, 1, 1, 1, 0}, 0);
  std::vector<RegisterAccess> during_refusal;
  PdpOperation third;
  LayerRun last;
  run_firmware(system_options(Config::NvFull), [&](NvdlaSystem& s) {
    std::mt19937 rng(44);
    RecordingHal recording(s.hal());
    PdpDriver driver(recording, s.config());
    const PdpOperation first = driver.program(layer);
    const PdpOperation second = driver.program(layer);
    const size_t before = recording.accesses.size();
    EXPECT_THROW(driver.program(layer), DriverError);
    during_refusal.assign(recording.accesses.begin() + before, recording.accesses.end());
    driver.enable(first);
    driver.enable(second);
    driver.wait(first);
    driver.wait(second);
    last = prepare(s.hal(), s.config(), layer, rng);
    third = driver.program(layer);
    driver.enable(third);
    driver.wait(third);
    store(s.hal(), layer.destination, last.after);
  });
  for (const RegisterAccess& access : during_refusal) {
    EXPECT_FALSE(access.write) << "write of 0x" << std::hex << access.value << " to 0x" << access.offset;
  }
  EXPECT_EQ(third.group, 0u);
  expect_pooled(last, "layer after both groups completed");
}

// BDMA copies a cube from CVSRAM into DRAM with wider strides, PDP pools the
// copy, and a second PDP layer pools that output; one GLB interrupt handler
// serves both drivers.
TEST(PdpPipelineOnModels, BdmaCopyThenTwoPoolingLayers) {
  const HardwareConfig& c = hardware_config(Config::NvFull);
  const uint32_t width = 12, height = 6, channels = 40, surfaces = 2;
  const FeatureBuffer original = buffer(c, MemoryPort::Secondary, 0x100'0000, width, height, 0, 0);
  const FeatureBuffer copy = buffer(c, MemoryPort::Primary, 0x3000'0000, width, height, 2, 3);
  BdmaTransfer transfer;
  transfer.source_memory = original.memory;
  transfer.source = original.address;
  transfer.destination_memory = copy.memory;
  transfer.destination = copy.address;
  transfer.line_size = width * c.atom_bytes;
  transfer.line_repeat = height;
  transfer.surface_repeat = surfaces;
  transfer.source_line = original.line_stride;
  transfer.destination_line = copy.line_stride;
  transfer.source_surface = original.surface_stride;
  transfer.destination_surface = copy.surface_stride;

  PoolingLayer first = make_layer(c, kInt8, width, height, channels, {kAverage, 3, 3, 2, 2, 1, 1, 0, 0, -20},
                                  copy.memory, copy.address, MemoryPort::Primary, 0x3100'0000);
  first.source = copy;
  PoolingLayer second = make_layer(c, kInt8, 6, 3, channels, {kMax, 2, 2, 1, 1, 0, 0, 0, 0, 0}, MemoryPort::Primary,
                                   0x3100'0000, MemoryPort::Secondary, 0x300'0000);
  second.source = first.destination;

  ref::CubeImage input = image_of(c, kInt8, original, surfaces);
  ref::CubeImage copy_before = image_of(c, kInt8, copy, surfaces), copy_after = copy_before;
  ref::CubeImage first_before = image_of(c, kInt8, first.destination, surfaces), first_after = first_before;
  ref::CubeImage second_before = image_of(c, kInt8, second.destination, surfaces), second_after = second_before;
  PdpOperation op_first, op_second;
  run_firmware(system_options(Config::NvFull), [&](NvdlaSystem& s) {
    std::mt19937 rng(42);
    input.bytes = random_bytes(input.bytes.size(), rng);
    copy_before.bytes = random_bytes(copy_before.bytes.size(), rng);
    first_before.bytes = random_bytes(first_before.bytes.size(), rng);
    second_before.bytes = random_bytes(second_before.bytes.size(), rng);
    load(s.hal(), original, input);
    load(s.hal(), copy, copy_before);
    load(s.hal(), first.destination, first_before);
    load(s.hal(), second.destination, second_before);

    GlbInterrupts glb(s.hal(), s.config());
    BdmaDriver bdma(glb);
    PdpDriver pdp(glb);
    bdma.run({transfer});
    op_first = pdp.program(first);
    pdp.enable(op_first);
    pdp.wait(op_first);
    op_second = pdp.program(second);
    pdp.enable(op_second);
    pdp.wait(op_second);
    store(s.hal(), copy, copy_after);
    store(s.hal(), first.destination, first_after);
    store(s.hal(), second.destination, second_after);
  });

  // The copy: every line of the cube at the new strides, gaps untouched.
  ref::CubeImage expected_copy = copy_before;
  for (uint32_t s = 0; s < surfaces; ++s) {
    for (uint32_t h = 0; h < height; ++h) {
      std::copy_n(input.bytes.begin() + input.offset(s, h, 0, 0), width * c.atom_bytes,
                  expected_copy.bytes.begin() + expected_copy.offset(s, h, 0, 0));
    }
  }
  expect_same_bytes(expected_copy, copy_after, "BDMA copy");
  // The second layer is the first's successor: the other register groups.
  EXPECT_EQ(op_first.group, 0u);
  EXPECT_EQ(op_second.group, 1u);
  EXPECT_EQ(op_second.rdma_group, 1u);

  ref::CubeImage expected_first = first_before;
  ref::pool(spec_of(first), input, expected_first);
  expect_same_bytes(expected_first, first_after, "first layer: " + describe(first));
  ref::CubeImage expected_second = second_before;
  ref::pool(spec_of(second), expected_first, expected_second);
  expect_same_bytes(expected_second, second_after, "second layer: " + describe(second));
}

// ---------------------------------------------------------------------------
// Layers and copies the hardware cannot do: refused before any register
// access, and memory stays as it was.

void expect_refused(const std::function<void()>& call, const std::string& needle) {
  try {
    call();
    ADD_FAILURE() << "not refused; expected std::invalid_argument mentioning '" << needle << "'";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find(needle), std::string::npos)
        << "message '" << error.what() << "' does not mention '" << needle << "'";
  }
}

TEST(DriverRefusalOnModels, NvSmallPdpLayersAndBdmaTouchNothing) {
  const HardwareConfig& c = hardware_config(Config::NvSmall);
  const PoolingLayer good = make_layer(c, kInt8, 8, 8, 8, {kMax, 2, 2, 2, 2, 0, 0, 0, 0, 0}, 0);
  std::vector<std::pair<PoolingLayer, std::string>> bad;
  auto variant = [&](const std::string& needle, const std::function<void(PoolingLayer&)>& change) {
    PoolingLayer layer = good;
    change(layer);
    bad.emplace_back(layer, needle);
  };
  variant("int16", [](PoolingLayer& l) { l.precision = kInt16; });
  variant("kernel_width", [](PoolingLayer& l) { l.kernel_width = 9; });
  variant("pad_left", [](PoolingLayer& l) { l.pad_left = 2; });
  variant("CVIF", [](PoolingLayer& l) { l.destination.memory = MemoryPort::Secondary; });
  variant("aligned", [](PoolingLayer& l) { l.source.address += 4; });
  variant("line_stride", [&](PoolingLayer& l) { l.destination.line_stride = c.atom_bytes; });
  // 8192 output columns with an 8-row kernel of stride 1: 64-column
  // stripes, 128 of them.
  variant("64", [&](PoolingLayer& l) {
    l.width = 8192;
    l.kernel_width = 1;
    l.stride_width = 1;
    l.kernel_height = 8;
    l.stride_height = 1;
    l.source.line_stride = 8192 * c.atom_bytes;
    l.source.surface_stride = 8 * l.source.line_stride;
    l.destination.line_stride = 8192 * c.atom_bytes;
    l.destination.surface_stride = l.destination.line_stride;
  });
  // A 1x1 cube of two surfaces with gaps between its atoms.
  variant("1x1", [](PoolingLayer& l) {
    l.width = l.height = 1;
    l.channels = 16;
    l.kernel_width = l.kernel_height = l.stride_width = l.stride_height = 1;
  });
  // On the fly needs an SDP feed, which run(layer) cannot start.
  variant("on the fly", [](PoolingLayer& l) { l.source_is_sdp = true; });

  const uint32_t surfaces = surfaces_of(c, kInt8, good.channels);
  ref::CubeImage input = image_of(c, kInt8, good.source, surfaces), input_after = input;
  ref::CubeImage output = image_of(c, kInt8, good.destination, surfaces), output_after = output;
  std::vector<RegisterAccess> accesses;
  size_t memory_writes = 0;
  run_firmware(system_options(Config::NvSmall), [&](NvdlaSystem& s) {
    std::mt19937 rng(51);
    input.bytes = random_bytes(input.bytes.size(), rng);
    output.bytes = random_bytes(output.bytes.size(), rng);
    load(s.hal(), good.source, input);
    load(s.hal(), good.destination, output);
    RecordingHal recording(s.hal());
    PdpDriver pdp(recording, s.config());
    for (const auto& [layer, needle] : bad) expect_refused([&] { pdp.run(layer); }, needle);
    BdmaDriver bdma(recording, s.config());
    BdmaTransfer transfer;
    transfer.line_size = 32;
    transfer.source_line = transfer.destination_line = 32;
    transfer.source_surface = transfer.destination_surface = 32;
    expect_refused([&] { bdma.run({transfer}); }, "no BDMA");
    s.hal().sleep_ns(10'000);
    store(s.hal(), good.source, input_after);
    store(s.hal(), good.destination, output_after);
    accesses = recording.accesses;
    memory_writes = recording.memory_writes;
  });
  EXPECT_TRUE(accesses.empty()) << accesses.size() << " register accesses, the first at 0x" << std::hex
                                << (accesses.empty() ? 0 : accesses.front().offset);
  EXPECT_EQ(memory_writes, 0u);
  expect_same_bytes(input, input_after, "source region");
  expect_same_bytes(output, output_after, "destination region");
}

// A list with one bad transfer is refused as a whole, before the good
// transfers ahead of it reach a slot.
TEST(DriverRefusalOnModels, NvFullBdmaListWithABadTransferTouchesNothing) {
  BdmaTransfer good;
  good.source = 0x1000'0000;
  good.destination = 0x2000'0000;
  good.line_size = 64;
  good.line_repeat = 2;
  good.source_line = good.destination_line = 64;
  good.source_surface = good.destination_surface = 128;
  std::vector<std::pair<BdmaTransfer, std::string>> bad;
  auto variant = [&](const std::string& needle, const std::function<void(BdmaTransfer&)>& change) {
    BdmaTransfer t = good;
    change(t);
    bad.emplace_back(t, needle);
  };
  variant("line_size", [](BdmaTransfer& t) { t.line_size = 48; });
  variant("source_line", [](BdmaTransfer& t) { t.source_line = 32; });
  variant("destination_surface", [](BdmaTransfer& t) { t.destination_surface = 64; });
  variant("destination address", [](BdmaTransfer& t) { t.destination += 16; });
  variant("line_repeat", [](BdmaTransfer& t) { t.line_repeat = 8193; t.source_surface = t.destination_surface = 64 * 8193; });

  std::vector<uint8_t> source(256), destination(256), destination_after(256);
  std::vector<RegisterAccess> accesses;
  run_firmware(system_options(Config::NvFull), [&](NvdlaSystem& s) {
    std::mt19937 rng(52);
    source = random_bytes(source.size(), rng);
    destination = random_bytes(destination.size(), rng);
    s.hal().write_memory(good.source, source.data(), source.size());
    s.hal().write_memory(good.destination, destination.data(), destination.size());
    RecordingHal recording(s.hal());
    BdmaDriver driver(recording, s.config());
    for (const auto& [transfer, needle] : bad) {
      // Index 1: the good transfer at index 0 must not be programmed either.
      expect_refused([&] { driver.run({good, transfer}); }, "transfer 1: " + needle);
    }
    s.hal().sleep_ns(10'000);
    s.hal().read_memory(good.destination, destination_after.data(), destination_after.size());
    accesses = recording.accesses;
  });
  EXPECT_TRUE(accesses.empty()) << accesses.size() << " register accesses";
  EXPECT_EQ(destination, destination_after);
}

}  // namespace
}  // namespace acosim::nvdla

// The PDP / PDP_RDMA programming-limitation checker: every conformance trace
// of NVDLA's PDP tests passes (register words restated from the trace files),
// and each rule fires on a layer that breaks only that rule.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "systemc/nvdla/pdp_limits.h"

namespace acosim::nvdla {
namespace {

namespace rp = regs::pdp;
namespace rr = regs::pdp_rdma;

// ---------------------------------------------------------------------------
// The conformance traces

struct PdpWords {
  uint32_t in_width, in_height, in_channel, out_width, out_height, out_channel;
  uint32_t operation_mode, data_format, kernel, padding, partial_in, partial_out;
  uint32_t pad_value[7];
};
struct RdmaWords {
  uint32_t width, height, channel, data_format, operation_mode, kernel, partial_in;
  uint32_t base_high, base_low, line_stride, surface_stride;
};
struct TraceLayer {
  const char* name;
  Config config;
  PdpWords pdp;
  bool has_rdma;
  RdmaWords rdma;
};

// The PDP and PDP_RDMA register writes of each PDP test of nvdla/hw
// (verif/tests/trace_tests/{nv_small,nv_large}/*/*.cfg on master,
// verif/traces/traceplayer/pdp_max_pooling_int16/input.txn on nvdlav1),
// junk values in unused registers included.
// clang-format off
const TraceLayer kTraces[] = {
    {"pdp_12x9x19_8x3_ave_int8_0", Config::NvSmall,
     {0xb, 0x8, 0x12, 0x7, 0x4, 0x12, 0x10, 0x0, 0x110207, 0x426, 0x2eb9f0bb, 0x2c5f1256, {0x55, 0xaa, 0xff, 0x154, 0x1a9, 0x1fe, 0x253}},
     true, {0xb, 0x8, 0x12, 0x0, 0x0, 0x17, 0x2eb9f0bb, 0x0, 0x80800000, 0x2c0, 0x2300}},
    {"pdp_16x6x16_4x2_split_max_int8_0", Config::NvSmall,
     {0xf, 0x5, 0xf, 0x8, 0x3, 0xf, 0x211, 0x0, 0x110103, 0x1212, 0xb00401, 0x500400, {0x52098, 0x1db74, 0x44c29, 0x602b3, 0x6f586, 0x714ff, 0x72af9}},
     true, {0xf, 0x5, 0xf, 0x0, 0x2, 0x13, 0xb00401, 0x0, 0x80808e00, 0x340, 0x2060}},
    {"pdp_1x1x1_3x3_ave_int8_0", Config::NvSmall,
     {0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x10, 0x0, 0x110202, 0x22, 0x27c9b90a, 0x2c571256, {0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70}},
     true, {0x0, 0x0, 0x0, 0x0, 0x0, 0x12, 0x27c9b90a, 0x0, 0x80002b00, 0x3a0, 0xd00}},
    {"pdp_1x3x8_8x8_ave_int8_0", Config::NvSmall,
     {0x0, 0x2, 0x7, 0x0, 0x0, 0x7, 0x10, 0x0, 0x707, 0x3621, 0x27c9b90a, 0x2c571256, {0x7f, 0xfe, 0x17d, 0x1fc, 0x27b, 0x2fa, 0x379}},
     true, {0x0, 0x2, 0x7, 0x0, 0x0, 0x7, 0x27c9b90a, 0x0, 0x80002c00, 0x680, 0x21c0}},
    {"pdp_24x16x1_8x8_ave_int8_0", Config::NvSmall,
     {0x17, 0xf, 0x0, 0x1b, 0x7, 0x0, 0x10, 0x0, 0x200707, 0x7665, 0x2eb9f0bb, 0x2c5f1256, {0x55, 0xaa, 0xff, 0x154, 0x1a9, 0x1fe, 0x253}},
     true, {0x17, 0xf, 0x0, 0x0, 0x0, 0x7, 0x2eb9f0bb, 0x0, 0x80800000, 0x420, 0x48c0}},
    {"pdp_28x28x8_2x2_max_int8_0", Config::NvSmall,
     {0x1b, 0x1b, 0x7, 0x7, 0x7, 0x7, 0x11, 0x0, 0x330101, 0x1111, 0x29c832eb, 0xc471256, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x1b, 0x1b, 0x7, 0x0, 0x0, 0x31, 0x29c832eb, 0x0, 0x80011600, 0x5c0, 0xad00}},
    {"pdp_5x7x8_4x1_split_max_int8_0", Config::NvSmall,
     {0x4, 0x6, 0x7, 0x1, 0x3, 0x7, 0x111, 0x0, 0x110003, 0x1, 0x100402, 0x0, {0x3dad3, 0x1db74, 0x44c29, 0x602b3, 0x6f586, 0x714ff, 0x72af9}},
     true, {0x4, 0x6, 0x7, 0x0, 0x1, 0x13, 0x100402, 0x0, 0x80009000, 0x2000, 0xfbe0}},
    {"pdp_7x9x10_3x3_int8", Config::NvSmall,
     {0x6, 0x8, 0x9, 0x3, 0x5, 0x9, 0x10, 0x0, 0x110202, 0x2121, 0x2eb9f0bb, 0x2c5f1256, {0x2, 0x4, 0x6, 0x8, 0xa, 0xc, 0xe}},
     true, {0x6, 0x8, 0x9, 0x0, 0x0, 0x12, 0x2eb9f0bb, 0x0, 0x80800000, 0xa0, 0x880}},
    {"pdp_8x8x32_1x1_int8_0", Config::NvSmall,
     {0x7, 0x7, 0x1f, 0x7, 0x7, 0x1f, 0x11, 0x0, 0x0, 0x0, 0x0, 0x0, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x1f, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80000000, 0x40, 0x200}},
    {"pdp_8x8x32_1x1_int8_1", Config::NvSmall,
     {0x7, 0x7, 0x1f, 0x7, 0x7, 0x1f, 0x11, 0x0, 0x0, 0x0, 0x0, 0x0, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x1f, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80000000, 0x40, 0x200}},
    {"pdp_8x8x64_2x2_ave_int8_0", Config::NvSmall,
     {0x7, 0x7, 0x3f, 0x7, 0x7, 0x3f, 0x10, 0x0, 0x101, 0x1100, 0x701c07, 0x701c07, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x3f, 0x0, 0x0, 0x1, 0x701c07, 0x0, 0x80000000, 0x40, 0x200}},
    {"pdp_8x8x64_2x2_int8", Config::NvSmall,
     {0x7, 0x7, 0x3f, 0x7, 0x7, 0x3f, 0x11, 0x0, 0x101, 0x1100, 0x701c07, 0x701c07, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x3f, 0x0, 0x0, 0x1, 0x701c07, 0x0, 0x80000000, 0x40, 0x200}},
    {"pdp_8x8x64_2x2_min_int8_0", Config::NvSmall,
     {0x7, 0x7, 0x3f, 0x7, 0x7, 0x3f, 0x12, 0x0, 0x101, 0x1100, 0x701c07, 0x701c07, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x3f, 0x0, 0x0, 0x1, 0x701c07, 0x0, 0x80000000, 0x40, 0x200}},
    {"pdp_8x9x19_3x3_ave_int8_0", Config::NvSmall,
     {0x7, 0x8, 0x12, 0x3, 0x4, 0x12, 0x10, 0x0, 0x110202, 0x21, 0x2eb9f0bb, 0x2c5f1256, {0x55, 0xaa, 0xff, 0x154, 0x1a9, 0x1fe, 0x253}},
     true, {0x7, 0x8, 0x12, 0x0, 0x0, 0x12, 0x2eb9f0bb, 0x0, 0x80800000, 0x280, 0x2240}},
    {"pdp_8x9x19_3x3_ave_int8_1", Config::NvSmall,
     {0x7, 0x8, 0x12, 0x3, 0x5, 0x12, 0x10, 0x0, 0x110202, 0x2021, 0x2eb9f0bb, 0x2c5f1256, {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77}},
     true, {0x7, 0x8, 0x12, 0x0, 0x0, 0x12, 0x2eb9f0bb, 0x0, 0x80800000, 0x280, 0x2240}},
    {"sdp_pdp_32x16x32_pass_through_int8_0", Config::NvSmall,
     {0x1f, 0xf, 0x1f, 0x1f, 0xf, 0x1f, 0x1, 0x0, 0x0, 0x0, 0x2eb9f0bb, 0x2c5f1256, {0, 0, 0, 0, 0, 0, 0}},
     false, {}},
    {"pdp_3x3x33_2x2_ave_int8_0", Config::NvLarge,
     {0x2, 0x2, 0x20, 0x1, 0x1, 0x20, 0x0, 0x0, 0x110101, 0x110, 0x45f0bea, 0x27f8aa90, {0x4d, 0x9a, 0xe7, 0x134, 0x181, 0x1ce, 0x21b}},
     false, {}},
    {"pdp_8x8x32_1x1_max_int8_0", Config::NvLarge,
     {0x7, 0x7, 0x1f, 0x7, 0x7, 0x1f, 0x11, 0x0, 0x0, 0x0, 0x0, 0x0, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x1f, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80000000, 0x100, 0x800}},
    {"pdp_passthrough_8x8x32_pack_all_zero_int8", Config::NvLarge,
     {0x7, 0x7, 0x1f, 0x7, 0x7, 0x1f, 0x11, 0x0, 0x0, 0x0, 0x0, 0x0, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x1f, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80000000, 0x100, 0x800}},
    {"pdp_passthrough_8x8x32_pack_inc_int8", Config::NvLarge,
     {0x7, 0x7, 0x1f, 0x7, 0x7, 0x1f, 0x11, 0x0, 0x0, 0x0, 0x0, 0x0, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x1f, 0x0, 0x0, 0x0, 0x0, 0x0, 0x80000000, 0x100, 0x800}},
    {"pdp_max_pooling_int16", Config::NvFull,
     {0x7, 0x7, 0x3f, 0x6, 0x6, 0x3f, 0x11, 0x101, 0x101, 0x0, 0x701c07, 0x701c07, {0, 0, 0, 0, 0, 0, 0}},
     true, {0x7, 0x7, 0x3f, 0x101, 0x0, 0x1, 0x701c07, 0x0, 0x80000000, 0x100, 0x800}},
};
// clang-format on

PoolingConfig decode(const PdpWords& w) {
  PoolingConfig c;
  c.in_width = rp::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.get(w.in_width) + 1;
  c.in_height = rp::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.get(w.in_height) + 1;
  c.in_channels = rp::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.get(w.in_channel) + 1;
  c.out_width = rp::D_DATA_CUBE_OUT_WIDTH_CUBE_OUT_WIDTH.get(w.out_width) + 1;
  c.out_height = rp::D_DATA_CUBE_OUT_HEIGHT_CUBE_OUT_HEIGHT.get(w.out_height) + 1;
  c.out_channels = rp::D_DATA_CUBE_OUT_CHANNEL_CUBE_OUT_CHANNEL.get(w.out_channel) + 1;
  c.method = PdpPoolingMethod(rp::D_OPERATION_MODE_CFG_POOLING_METHOD.get(w.operation_mode));
  c.on_the_fly = rp::D_OPERATION_MODE_CFG_FLYING_MODE.get(w.operation_mode) ==
                 rp::D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING;
  c.split.stripes = rp::D_OPERATION_MODE_CFG_SPLIT_NUM.get(w.operation_mode) + 1;
  c.precision = Precision(rp::D_DATA_FORMAT_INPUT_DATA.get(w.data_format));
  c.kernel_width = rp::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.get(w.kernel) + 1;
  c.kernel_height = rp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.get(w.kernel) + 1;
  c.stride_width = rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.get(w.kernel) + 1;
  c.stride_height = rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.get(w.kernel) + 1;
  c.pad_left = rp::D_POOLING_PADDING_CFG_PAD_LEFT.get(w.padding);
  c.pad_top = rp::D_POOLING_PADDING_CFG_PAD_TOP.get(w.padding);
  c.pad_right = rp::D_POOLING_PADDING_CFG_PAD_RIGHT.get(w.padding);
  c.pad_bottom = rp::D_POOLING_PADDING_CFG_PAD_BOTTOM.get(w.padding);
  c.split.first_in = rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.get(w.partial_in) + 1;
  c.split.mid_in = rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.get(w.partial_in) + 1;
  c.split.last_in = rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.get(w.partial_in) + 1;
  c.split.first_out = rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST.get(w.partial_out) + 1;
  c.split.mid_out = rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID.get(w.partial_out) + 1;
  c.split.last_out = rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST.get(w.partial_out) + 1;
  for (int i = 0; i < 7; ++i) c.pad_value[i] = w.pad_value[i] & 0x7FFFF;
  return c;
}

RdmaSideConfig decode(const RdmaWords& w) {
  RdmaSideConfig r;
  r.width = rr::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.get(w.width) + 1;
  r.height = rr::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.get(w.height) + 1;
  r.channels = rr::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.get(w.channel) + 1;
  r.precision = Precision(rr::D_DATA_FORMAT_INPUT_DATA.get(w.data_format));
  r.stripes = rr::D_OPERATION_MODE_CFG_SPLIT_NUM.get(w.operation_mode) + 1;
  r.kernel_width = rr::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.get(w.kernel) + 1;
  r.stride_width = rr::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.get(w.kernel) + 1;
  r.first_in = rr::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.get(w.partial_in) + 1;
  r.mid_in = rr::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.get(w.partial_in) + 1;
  r.last_in = rr::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.get(w.partial_in) + 1;
  r.src_base_addr = uint64_t(w.base_high) << 32 | w.base_low;
  r.src_line_stride = w.line_stride;
  r.src_surface_stride = w.surface_stride;
  return r;
}

TEST(ConformanceTraces, EveryPdpTracePassesEveryRule) {
  for (const TraceLayer& t : kTraces) {
    const PoolingConfig c = decode(t.pdp);
    const RdmaSideConfig r = decode(t.rdma);
    ASSERT_EQ(t.has_rdma, !c.on_the_fly) << t.name;
    const auto violation = check_pdp_layer(c, t.has_rdma ? &r : nullptr, hardware_config(t.config));
    EXPECT_FALSE(violation.has_value()) << t.name << ": " << violation.value_or("");
  }
}

// ---------------------------------------------------------------------------
// One rule at a time

const HardwareConfig& nv_small() { return hardware_config(Config::NvSmall); }
const HardwareConfig& nv_large() { return hardware_config(Config::NvLarge); }
const HardwareConfig& nv_full() { return hardware_config(Config::NvFull); }

// A legal offline nv_small layer: 8x8x16 int8, 2x2 max, stride 2 -> 4x4.
struct Layer {
  PoolingConfig pdp;
  RdmaSideConfig rdma;
};
Layer legal_layer() {
  Layer l;
  PoolingConfig& c = l.pdp;
  c.method = PdpPoolingMethod::Max;
  c.in_width = c.in_height = 8;
  c.in_channels = c.out_channels = 16;
  c.out_width = c.out_height = 4;
  c.kernel_width = c.kernel_height = 2;
  c.stride_width = c.stride_height = 2;
  RdmaSideConfig& r = l.rdma;
  r.width = r.height = 8;
  r.channels = 16;
  r.kernel_width = r.stride_width = 2;
  r.src_base_addr = 0x80000000;
  r.src_line_stride = 8 * 8;
  r.src_surface_stride = 8 * 8 * 8;
  return l;
}

// nv_small pdp_16x6x16_4x2_split_max_int8_0 with its PDP_RDMA group.
Layer split_layer() {
  Layer l;
  PoolingConfig& c = l.pdp;
  c.method = PdpPoolingMethod::Max;
  c.in_width = 16;
  c.in_height = 6;
  c.in_channels = c.out_channels = 16;
  c.out_width = 9;
  c.out_height = 4;
  c.kernel_width = 4;
  c.kernel_height = 2;
  c.stride_width = c.stride_height = 2;
  c.pad_left = 2;
  c.pad_top = 1;
  c.pad_right = 2;
  c.pad_bottom = 1;
  c.split = PoolingSplit{3, 2, 12, 2, 1, 6, 2, 4, 2};
  RdmaSideConfig& r = l.rdma;
  r.width = 16;
  r.height = 6;
  r.channels = 16;
  r.stripes = 3;
  r.first_in = 2;
  r.mid_in = 12;
  r.last_in = 2;
  r.kernel_width = 4;
  r.stride_width = 2;
  r.src_base_addr = 0x80808e00;
  r.src_line_stride = 0x340;
  r.src_surface_stride = 0x2060;
  return l;
}

std::string violation(const Layer& l, const HardwareConfig& hw = nv_small()) {
  return check_pdp_layer(l.pdp, l.pdp.on_the_fly ? nullptr : &l.rdma, hw).value_or("(legal)");
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Rules, LegalLayersPass) {
  EXPECT_EQ(violation(legal_layer()), "(legal)");
  EXPECT_EQ(violation(split_layer()), "(legal)");
}

TEST(Rules, PrecisionTheConfigurationLacks) {
  Layer l = legal_layer();
  l.pdp.precision = l.rdma.precision = Precision::Int16;
  EXPECT_EQ(violation(l),
            "PDP: D_DATA_FORMAT.INPUT_DATA int16 is not supported by nv_small, which has int8 "
            "feature data only (D_DATA_FORMAT=0x00000001)");
  EXPECT_TRUE(has(violation(l, nv_large()), "int16 is not supported by nv_large"));
  l.rdma.src_line_stride = 8 * 32;  // nv_full: 32-byte atoms
  l.rdma.src_surface_stride = 8 * 8 * 32;
  EXPECT_EQ(violation(l, nv_full()), "(legal)");
  l.pdp.precision = l.rdma.precision = Precision::Fp16;
  EXPECT_TRUE(has(violation(l), "fp16 is not supported by nv_small"));
}

TEST(Rules, KernelLargerThanEight) {
  Layer l = legal_layer();
  l.pdp.kernel_width = 9;
  EXPECT_EQ(violation(l), "PDP: KERNEL_WIDTH (9) must be 1..8 (D_POOLING_KERNEL_CFG=0x00110108)");
  l = legal_layer();
  l.pdp.kernel_height = 16;
  EXPECT_EQ(violation(l), "PDP: KERNEL_HEIGHT (16) must be 1..8 (D_POOLING_KERNEL_CFG=0x00110f01)");
}

TEST(Rules, StrideOutsideItsField) {
  Layer l = legal_layer();
  l.pdp.stride_width = 17;
  EXPECT_TRUE(has(violation(l), "PDP: KERNEL_STRIDE_WIDTH (17) must be 1..16")) << violation(l);
  l = legal_layer();
  l.pdp.stride_height = 0;
  EXPECT_TRUE(has(violation(l), "PDP: KERNEL_STRIDE_HEIGHT (0) must be 1..16")) << violation(l);
}

TEST(Rules, PadLeftNotSmallerThanKernelWidth) {
  // The message format of the model's error report.
  Layer l = legal_layer();
  l.pdp.kernel_width = 2;
  l.pdp.kernel_height = 1;
  l.pdp.stride_width = l.pdp.stride_height = 1;
  l.pdp.pad_left = 3;
  EXPECT_EQ(violation(l),
            "PDP: PAD_LEFT (3) must be smaller than the kernel width (2) "
            "(D_POOLING_PADDING_CFG=0x00000003, D_POOLING_KERNEL_CFG=0x00000001)");
}

TEST(Rules, PadRightTopBottomNotSmallerThanKernel) {
  Layer l = legal_layer();
  l.pdp.pad_right = 2;
  EXPECT_TRUE(has(violation(l), "PDP: PAD_RIGHT (2) must be smaller than the kernel width (2)"));
  l = legal_layer();
  l.pdp.pad_top = 2;
  EXPECT_TRUE(has(violation(l), "PDP: PAD_TOP (2) must be smaller than the kernel height (2)"));
  l = legal_layer();
  l.pdp.pad_bottom = 7;
  EXPECT_TRUE(has(violation(l),
                  "PDP: PAD_BOTTOM (7) must be smaller than the kernel height (2) "
                  "(D_POOLING_PADDING_CFG=0x00007000"));
}

TEST(Rules, OutChannelDiffersFromInChannel) {
  Layer l = legal_layer();
  l.pdp.out_channels = 8;
  EXPECT_EQ(violation(l),
            "PDP: OUT_CHANNEL (8) must equal IN_CHANNEL (16) "
            "(D_DATA_CUBE_OUT_CHANNEL=0x00000007, D_DATA_CUBE_IN_CHANNEL=0x0000000f)");
}

TEST(Rules, HeightDoesNotMatchTheWindows) {
  Layer l = legal_layer();
  l.pdp.out_height = 3;  // 8 + 0 + 0 vs (3 - 1) * 2 + 2 = 6
  EXPECT_TRUE(has(violation(l),
                  "PDP: IN_HEIGHT + PAD_TOP + PAD_BOTTOM (8 + 0 + 0 = 8) must equal "
                  "(OUT_HEIGHT - 1) * stride height + kernel height ((3 - 1) * 2 + 2 = 6)"))
      << violation(l);
  EXPECT_TRUE(has(violation(l), "D_DATA_CUBE_OUT_HEIGHT=0x00000002"));
}

TEST(Rules, WidthDoesNotMatchTheWindows) {
  // The form with PAD_RIGHT: PAD_RIGHT 1 makes 8 + 0 + 1 = 9 != 8.
  Layer l = legal_layer();
  l.pdp.pad_right = 1;
  EXPECT_TRUE(has(violation(l),
                  "PDP: IN_WIDTH + PAD_LEFT + PAD_RIGHT (8 + 0 + 1 = 9) must equal "
                  "(OUT_WIDTH - 1) * stride width + kernel width ((4 - 1) * 2 + 2 = 8)"))
      << violation(l);
}

TEST(Rules, MoreThanSixtyFourStripes) {
  Layer l = split_layer();
  l.pdp.split.stripes = l.rdma.stripes = 65;
  EXPECT_EQ(
      violation(l),
      "PDP: SPLIT_NUM (64) asks for 65 stripes, more than 64 (D_OPERATION_MODE_CFG=0x00004011)");
}

TEST(Rules, SplitWithOnTheFlyInput) {
  Layer l = split_layer();
  l.pdp.on_the_fly = true;
  EXPECT_EQ(violation(l),
            "PDP: split width (SPLIT_NUM 2) needs FLYING_MODE = OFF_FLYING; input from SDP cannot "
            "be split (D_OPERATION_MODE_CFG=0x00000201)");
}

TEST(Rules, PartialInputWidthsDoNotSumToTheWidth) {
  Layer l = split_layer();
  l.pdp.split.mid_in = l.rdma.mid_in = 11;
  EXPECT_TRUE(has(violation(l),
                  "PDP: partial input widths FIRST + (stripes - 2) * MID + LAST "
                  "(2 + 1 * 11 + 2 = 15) must equal IN_WIDTH (16)"))
      << violation(l);
}

TEST(Rules, PartialOutputWidthsDoNotSumToTheWidth) {
  Layer l = split_layer();
  l.pdp.split.mid_out = 5;
  EXPECT_TRUE(has(violation(l),
                  "PDP: partial output widths FIRST + (stripes - 2) * MID + LAST "
                  "(1 + 1 * 5 + 2 = 8) must equal OUT_WIDTH (9)"))
      << violation(l);
}

TEST(Rules, FirstStripeEquation) {
  // FI 3, MI 11, LI 2 still sum to 16, but 3 + PAD_LEFT 2 != (1 - 1) * 2 + 4.
  Layer l = split_layer();
  l.pdp.split.first_in = l.rdma.first_in = 3;
  l.pdp.split.mid_in = l.rdma.mid_in = 11;
  EXPECT_TRUE(
      has(violation(l), "PDP: first stripe: PARTIAL_WIDTH_IN_FIRST + PAD_LEFT (3 + 2) must equal"))
      << violation(l);
  EXPECT_TRUE(has(violation(l), "D_PARTIAL_WIDTH_IN=0x00a00402")) << violation(l);
}

TEST(Rules, MiddleStripeEquation) {
  // FO 1, MO 5, LO 3 still sum to 9, but 12 + 2 != (5 - 1) * 2 + 4.
  Layer l = split_layer();
  l.pdp.split.mid_out = 5;
  l.pdp.split.last_out = 3;
  EXPECT_TRUE(
      has(violation(l),
          "PDP: middle stripes: PARTIAL_WIDTH_IN_MID + overlap (12 + 2) must equal "
          "(PARTIAL_WIDTH_OUT_MID - 1) * stride width + kernel width ((5 - 1) * 2 + 4 = 12)"))
      << violation(l);
}

TEST(Rules, LastStripeEquation) {
  // PAD_RIGHT 1: 2 + 1 + 2 != (2 - 1) * 2 + 4. (The bottom padding keeps the
  // vertical rule intact.)
  Layer l = split_layer();
  l.pdp.pad_right = 1;
  EXPECT_TRUE(
      has(violation(l),
          "PDP: last stripe: PARTIAL_WIDTH_IN_LAST + PAD_RIGHT + overlap (2 + 1 + 2) must equal"))
      << violation(l);
}

// Kernel 4, stride 1 (overlap 3), PAD_LEFT 3: FI = 0 * 1 + 4 - 3 = 1 column,
// fewer than the 3 the second stripe re-reads. W 6 = FI 1 + LI 5, OW 6 =
// FO 1 + LO 5; every equation holds.
Layer overlap_layer() {
  Layer l;
  PoolingConfig& c = l.pdp;
  c.method = PdpPoolingMethod::Max;
  c.in_width = 6;
  c.in_height = 4;
  c.in_channels = c.out_channels = 8;
  c.out_width = 6;
  c.out_height = 4;
  c.kernel_width = 4;
  c.pad_left = 3;
  c.split = PoolingSplit{2, 1, 1, 5, 1, 1, 5, 4, 1};
  RdmaSideConfig& r = l.rdma;
  r.width = 6;
  r.height = 4;
  r.channels = 8;
  r.stripes = 2;
  r.first_in = 1;
  r.last_in = 5;
  r.kernel_width = 4;
  r.stride_width = 1;
  r.src_line_stride = 6 * 8;
  r.src_surface_stride = 6 * 4 * 8;
  return l;
}

TEST(Rules, OverlapLongerThanTheFirstStripe) {
  const Layer l = overlap_layer();
  EXPECT_TRUE(has(violation(l),
                  "PDP: overlap kernel width - stride width (3) must not exceed "
                  "PARTIAL_WIDTH_IN_FIRST (1)"))
      << violation(l);
}

TEST(Rules, OverlapLongerThanTheMiddleStripes) {
  // Kernel 8, stride 1 (overlap 7), no padding, 3 stripes: FO 8 -> FI 15;
  // MO 1 -> MI = 0 + 8 - 7 = 1; LO 1 -> LI 1. W 17, OW 10.
  Layer l;
  PoolingConfig& c = l.pdp;
  c.method = PdpPoolingMethod::Max;
  c.in_width = 17;
  c.in_height = 2;
  c.in_channels = c.out_channels = 8;
  c.out_width = 10;
  c.out_height = 2;
  c.kernel_width = 8;
  c.split = PoolingSplit{3, 15, 1, 1, 8, 1, 1, 8, 1};
  RdmaSideConfig& r = l.rdma;
  r.width = 17;
  r.height = 2;
  r.channels = 8;
  r.stripes = 3;
  r.first_in = 15;
  r.mid_in = 1;
  r.last_in = 1;
  r.kernel_width = 8;
  r.stride_width = 1;
  r.src_line_stride = 17 * 8;
  r.src_surface_stride = 17 * 2 * 8;
  EXPECT_TRUE(has(violation(l),
                  "(7) must not exceed PARTIAL_WIDTH_IN_FIRST (15) or PARTIAL_WIDTH_IN_MID (1)"))
      << violation(l);
}

TEST(Rules, Fp16AverageWithNonZeroPadValue) {
  Layer l = legal_layer();
  l.pdp.precision = l.rdma.precision = Precision::Fp16;
  l.rdma.src_line_stride = 8 * 32;
  l.rdma.src_surface_stride = 8 * 8 * 32;
  l.pdp.pad_value[2] = 0x1234;
  EXPECT_EQ(violation(l, nv_full()), "(legal)");  // MAX does not read PAD_VALUE
  l.pdp.method = PdpPoolingMethod::Average;
  EXPECT_EQ(violation(l, nv_full()),
            "PDP: FP16 AVERAGE pooling needs PAD_VALUE_3X to be 0 "
            "(D_POOLING_PADDING_VALUE_3_CFG=0x00001234)");
  l.pdp.precision = l.rdma.precision = Precision::Int16;  // INT16 pad values are numbers
  EXPECT_EQ(violation(l, nv_full()), "(legal)");
}

TEST(Rules, OutputWiderThanTheLineBuffer) {
  // nv_small int8, 3x3 stride 1: ceil(3/1) = 3 lines -> f 4 -> 512 / 4 = 128.
  Layer l = legal_layer();
  l.pdp.in_width = l.rdma.width = l.pdp.out_width = 130;
  l.pdp.kernel_width = l.pdp.kernel_height = 3;
  l.pdp.stride_width = l.pdp.stride_height = 1;
  l.pdp.pad_left = l.pdp.pad_right = l.pdp.pad_top = l.pdp.pad_bottom = 1;
  l.pdp.out_height = 8;
  l.rdma.src_line_stride = 130 * 8;
  l.rdma.src_surface_stride = 130 * 8 * 8;
  EXPECT_EQ(
      violation(l),
      "PDP: output width (130) exceeds the maximum flying width 128 of nv_small for int8 with "
      "kernel height 3 and stride height 1 (D_DATA_CUBE_OUT_WIDTH=0x00000081, "
      "D_POOLING_KERNEL_CFG=0x00000202)");
  l.pdp.in_width = l.rdma.width = l.pdp.out_width = 128;
  EXPECT_EQ(violation(l), "(legal)");
}

TEST(Rules, StripeWiderThanTheLineBuffer) {
  // nv_large int8 1x1: 57344 / (1 * 32 * 14) = 128 columns per stripe.
  Layer l = legal_layer();
  PoolingConfig& c = l.pdp;
  c.in_width = c.out_width = 140;
  c.kernel_width = c.kernel_height = 1;
  c.stride_width = c.stride_height = 1;
  c.out_height = 8;
  c.split = PoolingSplit{2, 130, 1, 10, 130, 1, 10, 1, 1};
  l.rdma.width = 140;
  l.rdma.stripes = 2;
  l.rdma.first_in = 130;
  l.rdma.last_in = 10;
  l.rdma.kernel_width = l.rdma.stride_width = 1;
  l.rdma.src_line_stride = 140 * 32;
  l.rdma.src_surface_stride = 140 * 8 * 32;
  EXPECT_TRUE(has(violation(l, nv_large()),
                  "PDP: first stripe output width (130) exceeds the maximum flying width 128"))
      << violation(l, nv_large());
  c.split.first_in = c.split.first_out = l.rdma.first_in = 128;
  c.split.last_in = c.split.last_out = l.rdma.last_in = 12;
  EXPECT_EQ(violation(l, nv_large()), "(legal)");
}

TEST(Rules, OfflineLayerWithoutRdma) {
  const Layer l = legal_layer();
  EXPECT_EQ(check_pdp_layer(l.pdp, nullptr, nv_small()).value_or(""),
            "PDP: FLYING_MODE = OFF_FLYING reads the input through PDP_RDMA, but no PDP_RDMA group "
            "accompanies the layer (D_OPERATION_MODE_CFG=0x00000011)");
  // On the fly, PDP_RDMA's registers are not looked at.
  Layer f = legal_layer();
  f.pdp.on_the_fly = true;
  f.rdma.width = 99;
  EXPECT_FALSE(check_pdp_layer(f.pdp, &f.rdma, nv_small()).has_value());
}

TEST(Rules, RdmaCubeDiffersFromPdp) {
  Layer l = legal_layer();
  l.rdma.width = 7;
  EXPECT_EQ(violation(l),
            "PDP_RDMA: D_DATA_CUBE_IN_WIDTH (7) differs from PDP's (8) "
            "(PDP_RDMA D_DATA_CUBE_IN_WIDTH=0x00000006, PDP D_DATA_CUBE_IN_WIDTH=0x00000007)");
  l = legal_layer();
  l.rdma.height = 9;
  EXPECT_TRUE(has(violation(l), "PDP_RDMA: D_DATA_CUBE_IN_HEIGHT (9) differs from PDP's (8)"));
  l = legal_layer();
  l.rdma.channels = 17;
  EXPECT_TRUE(has(violation(l), "PDP_RDMA: D_DATA_CUBE_IN_CHANNEL (17) differs from PDP's (16)"));
}

TEST(Rules, RdmaDataFormatDiffersFromPdp) {
  Layer l = legal_layer();
  l.rdma.precision = Precision::Int16;
  EXPECT_EQ(violation(l),
            "PDP_RDMA: D_DATA_FORMAT.INPUT_DATA (int16) differs from PDP's (int8) "
            "(PDP_RDMA D_DATA_FORMAT=0x00000001, PDP D_DATA_FORMAT=0x00000000)");
}

TEST(Rules, RdmaSplitNumDiffersFromPdp) {
  Layer l = legal_layer();
  l.rdma.stripes = 2;
  EXPECT_TRUE(has(violation(l), "PDP_RDMA: SPLIT_NUM (1) differs from PDP's (0)")) << violation(l);
}

TEST(Rules, RdmaPartialWidthsDifferFromPdpWhenSplit) {
  Layer l = split_layer();
  l.rdma.first_in = 3;
  EXPECT_EQ(violation(l),
            "PDP_RDMA: D_PARTIAL_WIDTH_IN first/mid/last (3/12/2) differs from PDP's (2/12/2) "
            "(PDP_RDMA D_PARTIAL_WIDTH_IN=0x00b00402, PDP D_PARTIAL_WIDTH_IN=0x00b00401)");
  // Unsplit layers do not use them (NVDLA's traces leave random values there).
  Layer u = legal_layer();
  u.rdma.first_in = 188;
  u.pdp.split.first_in = 599;
  EXPECT_EQ(violation(u), "(legal)");
}

TEST(Rules, RdmaKernelDiffersFromPdpWhenSplit) {
  Layer l = split_layer();
  l.rdma.stride_width = 1;
  EXPECT_TRUE(
      has(violation(l), "PDP_RDMA: kernel width 4 and stride width 1 differ from PDP's 4 and 2"))
      << violation(l);
  Layer u = legal_layer();
  u.rdma.kernel_width = 1;  // only places split stripes
  EXPECT_EQ(violation(u), "(legal)");
}

TEST(Rules, RdmaAddressesNotAtomAligned) {
  Layer l = legal_layer();
  l.rdma.src_base_addr = 0x80000004;
  EXPECT_EQ(violation(l),
            "PDP_RDMA: source address 0x80000004 is not a multiple of the 8-byte atom "
            "(PDP_RDMA D_SRC_BASE_ADDR_HIGH=0x00000000, D_SRC_BASE_ADDR_LOW=0x80000004)");
  l = legal_layer();
  l.rdma.src_surface_stride = 0x204;
  EXPECT_TRUE(has(violation(l),
                  "PDP_RDMA: D_SRC_SURFACE_STRIDE (516) is not a multiple of the 8-byte atom"));
  // On nv_large the atom is 32 bytes.
  l = legal_layer();
  l.rdma.src_line_stride = 0x110;
  l.rdma.src_surface_stride = 0x1000;
  EXPECT_TRUE(has(violation(l, nv_large()),
                  "D_SRC_LINE_STRIDE (272) is not a multiple of the 32-byte atom"));
}

TEST(Rules, RdmaLineStrideShorterThanALine) {
  Layer l = legal_layer();
  l.rdma.src_line_stride = 56;  // 8 atoms of 8 bytes need 64
  EXPECT_EQ(violation(l),
            "PDP_RDMA: D_SRC_LINE_STRIDE (56) is smaller than one line of 8 atoms (64 bytes) "
            "(PDP_RDMA D_SRC_LINE_STRIDE=0x00000038, D_DATA_CUBE_IN_WIDTH=0x00000007)");
}

TEST(Rules, OneByOneCubeOfSeveralSurfacesMustBePacked) {
  // 1x1x16 on nv_small: two 8-channel surfaces, 1x1 kernel.
  Layer l = legal_layer();
  l.pdp.in_width = l.pdp.in_height = l.pdp.out_width = l.pdp.out_height = 1;
  l.pdp.kernel_width = l.pdp.kernel_height = l.pdp.stride_width = l.pdp.stride_height = 1;
  l.rdma.width = l.rdma.height = 1;
  l.rdma.src_line_stride = 0x3a0;
  l.rdma.src_surface_stride = 0xd00;
  EXPECT_EQ(violation(l),
            "PDP_RDMA: a 1x1x16 cube of 2 surfaces must be line- and surface-packed: "
            "D_SRC_LINE_STRIDE and D_SRC_SURFACE_STRIDE must both be 8 "
            "(PDP_RDMA D_SRC_LINE_STRIDE=0x000003a0, D_SRC_SURFACE_STRIDE=0x00000d00)");
  l.rdma.src_line_stride = l.rdma.src_surface_stride = 8;
  EXPECT_EQ(violation(l), "(legal)");
  // One surface (nv_small pdp_1x1x1_3x3_ave_int8_0 uses 0x3a0 / 0xd00): no strides are used.
  l.pdp.in_channels = l.pdp.out_channels = l.rdma.channels = 8;
  l.rdma.src_line_stride = 0x3a0;
  l.rdma.src_surface_stride = 0xd00;
  EXPECT_EQ(violation(l), "(legal)");
}

}  // namespace
}  // namespace acosim::nvdla

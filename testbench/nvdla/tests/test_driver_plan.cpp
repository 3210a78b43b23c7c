// plan_pdp_layer and its helpers against hand computations: line-buffer
// widths, output sizes, working modes, split widths (the NVDLA compiler's
// PDPNode.cpp algorithm worked through by hand below), reciprocals, padding
// values and the firmware's register order (kmd/firmware/pdp.c
// processor_pdp_program), typed in from the register tables of the PDP and
// PDP_RDMA manuals.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/nvdla/pdp_layer.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {
namespace {

const HardwareConfig& nv_small() { return hardware_config(Config::NvSmall); }
const HardwareConfig& nv_full() { return hardware_config(Config::NvFull); }

// A layer whose buffers are packed for any output of at most `width` columns.
PoolingLayer packed_layer(uint32_t width, uint32_t height, uint32_t channels, uint32_t kernel, uint32_t stride,
                          uint32_t atom) {
  PoolingLayer layer;
  layer.width = width;
  layer.height = height;
  layer.channels = channels;
  layer.kernel_width = layer.kernel_height = kernel;
  layer.stride_width = layer.stride_height = stride;
  layer.source.address = 0x100000;
  layer.source.line_stride = width * atom;
  layer.source.surface_stride = height * width * atom;
  layer.destination.address = 0x800000;
  layer.destination.line_stride = width * atom;
  layer.destination.surface_stride = height * width * atom;
  return layer;
}

uint32_t find_write(const PdpProgram& plan, Unit unit, uint32_t offset) {
  for (const RegisterWrite& w : plan.writes) {
    if (w.unit == unit && w.offset == offset) return w.value;
  }
  ADD_FAILURE() << unit_name(unit) << " register 0x" << std::hex << offset << " not written";
  return 0;
}

// ---------------------------------------------------------------------------
// calculateMaxWidth: floor(7*1024*8 / (f * kpg * bits)), f from
// ceil(Kh/Sh) via {1,1,2,4,4,8,8,8,8}.
TEST(PdpMaxFlyingWidth, NvFullExamplesOfTheCompiler) {
  // atomic-K 32, int8: 57344 / (f * 32 * 14) = 128 / f.
  EXPECT_EQ(pdp_max_flying_width(nv_full(), Precision::Int8, 2, 2), 128u);  // ceil(2/2)=1 -> f 1
  EXPECT_EQ(pdp_max_flying_width(nv_full(), Precision::Int8, 3, 2), 64u);   // ceil(3/2)=2 -> f 2
  EXPECT_EQ(pdp_max_flying_width(nv_full(), Precision::Int8, 3, 1), 32u);   // 3 -> f 4
  EXPECT_EQ(pdp_max_flying_width(nv_full(), Precision::Int8, 8, 1), 16u);   // 8 -> f 8
  // int16/fp16: atomic-K/2 = 16 elements of 28 bits: 57344 / (f * 448) = 128 / f.
  EXPECT_EQ(pdp_max_flying_width(nv_full(), Precision::Int16, 2, 2), 128u);
  EXPECT_EQ(pdp_max_flying_width(nv_full(), Precision::Fp16, 3, 1), 32u);
}

TEST(PdpMaxFlyingWidth, NvSmallIs512OverF) {
  // atomic-K 8: 57344 / (f * 8 * 14) = 512 / f.
  EXPECT_EQ(pdp_max_flying_width(nv_small(), Precision::Int8, 2, 2), 512u);  // f 1
  EXPECT_EQ(pdp_max_flying_width(nv_small(), Precision::Int8, 1, 1), 512u);  // f 1
  EXPECT_EQ(pdp_max_flying_width(nv_small(), Precision::Int8, 3, 2), 256u);  // f 2
  EXPECT_EQ(pdp_max_flying_width(nv_small(), Precision::Int8, 4, 1), 128u);  // ceil 4 -> f 4
  EXPECT_EQ(pdp_max_flying_width(nv_small(), Precision::Int8, 5, 1), 64u);   // ceil 5 -> f 8
  EXPECT_EQ(pdp_max_flying_width(nv_small(), Precision::Int8, 8, 3), 128u);  // ceil(8/3)=3 -> f 4
}

// ---------------------------------------------------------------------------
// Reciprocals: the firmware's integer table is floor(65536 / K); the FP16
// table holds 1/K as FP17 (sign, 6-bit exponent with bias 31, 10-bit
// mantissa). Both are recomputed here independently.
uint32_t fp17_of_reciprocal(uint32_t kernel) {
  int exponent = 0;
  const double mantissa = std::frexp(1.0 / kernel, &exponent);  // 1/K = mantissa * 2^exponent, mantissa in [0.5, 1)
  const int unbiased = exponent - 1;                             // 1/K = (2 * mantissa) * 2^(exponent - 1)
  const uint32_t fraction = uint32_t(std::floor((2.0 * mantissa - 1.0) * 1024.0));
  return uint32_t(unbiased + 31) << 10 | fraction;
}

TEST(PdpReciprocal, IntegerTableIsFloorOf65536OverK) {
  for (uint32_t k = 1; k <= 8; ++k) {
    EXPECT_EQ(pdp_kernel_reciprocal(Precision::Int8, k), 65536u / k) << "K=" << k;
    EXPECT_EQ(pdp_kernel_reciprocal(Precision::Int16, k), 65536u / k) << "K=" << k;
  }
}

TEST(PdpReciprocal, Fp16TableIsFp17OfOneOverK) {
  EXPECT_EQ(fp17_of_reciprocal(1), 0x7C00u);  // the reference encoding of 1.0
  for (uint32_t k = 1; k <= 8; ++k) {
    EXPECT_EQ(pdp_kernel_reciprocal(Precision::Fp16, k), fp17_of_reciprocal(k)) << "K=" << k;
  }
}

TEST(PdpReciprocal, RejectsKernelsOutside1To8) {
  EXPECT_THROW(pdp_kernel_reciprocal(Precision::Int8, 0), std::invalid_argument);
  EXPECT_THROW(pdp_kernel_reciprocal(Precision::Int8, 9), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// PAD_VALUE_nX = n * pad value in a 19-bit two's-complement field.
TEST(PdpPaddingValue, NTimesValueIn19Bits) {
  EXPECT_EQ(pdp_padding_value_field(5, 1), 5u);
  EXPECT_EQ(pdp_padding_value_field(5, 7), 35u);
  EXPECT_EQ(pdp_padding_value_field(127, 7), 889u);                  // 0x379
  EXPECT_EQ(pdp_padding_value_field(-1, 1), 0x7FFFFu);               // 2^19 - 1
  EXPECT_EQ(pdp_padding_value_field(-3, 2), 0x80000u - 6);           // 0x7FFFA
  EXPECT_EQ(pdp_padding_value_field(-128, 7), 0x7FC80u);             // 2^19 - 896
  EXPECT_EQ(pdp_padding_value_field(-32768, 7), 0x48000u);           // 2^19 - 229376
  EXPECT_EQ(pdp_padding_value_field(32767, 7), 229369u);             // 0x37FF9
  EXPECT_THROW(pdp_padding_value_field(1, 0), std::invalid_argument);
  EXPECT_THROW(pdp_padding_value_field(1, 8), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// The full register list of one offline layer, typed in from the manuals'
// offsets (PDP_RDMA 0x00C IN_WIDTH ... 0x040 PARTIAL_WIDTH_IN; PDP 0x00C
// IN_WIDTH ... 0x084 DATA_FORMAT) in processor_pdp_program's order.
//
// nv_small (atom 8 bytes = 8 int8 channels), int8 W=8 H=6 C=16, 3x3 average,
// stride 2, pads 1/1/1/1, pad value -3:
//   OW = (8 + 1 + 1 - 3)/2 + 1 = 4 ; PR used = (4-1)*2 + 3 - (8 + 1) = 0
//   OH = (6 + 1 + 1 - 3)/2 + 1 = 3 ; PB used = (3-1)*2 + 3 - (6 + 1) = 0
//   line buffer: ceil(3/2) = 2 -> f 2 -> 256 >= 4: offline, not split
//   2 surfaces of 8 channels; source lines 8*8 = 64 B, surfaces 6*64 = 384 B;
//   destination lines 4*8 = 32 B, surfaces 3*32 = 96 B.
PoolingLayer small_average_layer() {
  PoolingLayer layer;
  layer.width = 8;
  layer.height = 6;
  layer.channels = 16;
  layer.precision = Precision::Int8;
  layer.source = {hal::MemoryPort::Primary, 0x100000100ull, 64, 384};
  layer.destination = {hal::MemoryPort::Primary, 0x2000, 32, 96};
  layer.method = PoolingMethod::Average;
  layer.kernel_width = layer.kernel_height = 3;
  layer.stride_width = layer.stride_height = 2;
  layer.pad_left = layer.pad_top = layer.pad_right = layer.pad_bottom = 1;
  layer.pad_value = -3;
  return layer;
}

std::vector<RegisterWrite> small_average_writes() {
  return {
      // PDP_RDMA
      {Unit::PdpRdma, 0x00C, 7},          // D_DATA_CUBE_IN_WIDTH = W - 1
      {Unit::PdpRdma, 0x010, 5},          // D_DATA_CUBE_IN_HEIGHT
      {Unit::PdpRdma, 0x014, 15},         // D_DATA_CUBE_IN_CHANNEL
      {Unit::PdpRdma, 0x020, 0x1},        // D_SRC_BASE_ADDR_HIGH (high before low)
      {Unit::PdpRdma, 0x01C, 0x100},      // D_SRC_BASE_ADDR_LOW
      {Unit::PdpRdma, 0x024, 64},         // D_SRC_LINE_STRIDE
      {Unit::PdpRdma, 0x028, 384},        // D_SRC_SURFACE_STRIDE
      {Unit::PdpRdma, 0x030, 0},          // D_DATA_FORMAT = INT8
      {Unit::PdpRdma, 0x02C, 1},          // D_SRC_RAM_CFG = MC
      {Unit::PdpRdma, 0x034, 0},          // D_OPERATION_MODE_CFG.SPLIT_NUM = 1 - 1
      {Unit::PdpRdma, 0x038, 0x12},       // KERNEL_WIDTH 3-1 | KERNEL_STRIDE_WIDTH (2-1) << 4
      {Unit::PdpRdma, 0x03C, 1},          // D_POOLING_PADDING_CFG.PAD_WIDTH = pad left
      {Unit::PdpRdma, 0x040, 0},          // D_PARTIAL_WIDTH_IN: not split, all widths 0
      // PDP
      {Unit::Pdp, 0x00C, 7},              // D_DATA_CUBE_IN_WIDTH
      {Unit::Pdp, 0x010, 5},              // D_DATA_CUBE_IN_HEIGHT
      {Unit::Pdp, 0x014, 15},             // D_DATA_CUBE_IN_CHANNEL
      {Unit::Pdp, 0x018, 3},              // D_DATA_CUBE_OUT_WIDTH = 4 - 1
      {Unit::Pdp, 0x01C, 2},              // D_DATA_CUBE_OUT_HEIGHT = 3 - 1
      {Unit::Pdp, 0x020, 15},             // D_DATA_CUBE_OUT_CHANNEL
      {Unit::Pdp, 0x024, 0x10},           // AVERAGE (0) | OFF_FLYING (1) << 4 | SPLIT_NUM 0 << 8
      {Unit::Pdp, 0x02C, 0},              // D_PARTIAL_WIDTH_IN
      {Unit::Pdp, 0x030, 0},              // D_PARTIAL_WIDTH_OUT
      {Unit::Pdp, 0x034, 0x110202},       // Kw-1 | (Kh-1) << 8 | (Sw-1) << 16 | (Sh-1) << 20
      {Unit::Pdp, 0x038, 0x5555},         // D_RECIP_KERNEL_WIDTH = floor(65536/3)
      {Unit::Pdp, 0x03C, 0x5555},         // D_RECIP_KERNEL_HEIGHT
      {Unit::Pdp, 0x040, 0x0011},         // left 1 | top 1 << 4 | right 0 << 8 | bottom 0 << 12
      {Unit::Pdp, 0x044, 0x7FFFD},        // PAD_VALUE_1X = -3
      {Unit::Pdp, 0x048, 0x7FFFA},        // -6
      {Unit::Pdp, 0x04C, 0x7FFF7},        // -9
      {Unit::Pdp, 0x050, 0x7FFF4},        // -12
      {Unit::Pdp, 0x054, 0x7FFF1},        // -15
      {Unit::Pdp, 0x058, 0x7FFEE},        // -18
      {Unit::Pdp, 0x05C, 0x7FFEB},        // PAD_VALUE_7X = -21
      {Unit::Pdp, 0x068, 64},             // D_SRC_LINE_STRIDE (offline only)
      {Unit::Pdp, 0x06C, 384},            // D_SRC_SURFACE_STRIDE
      {Unit::Pdp, 0x070, 0x2000},         // D_DST_BASE_ADDR_LOW (low before high)
      {Unit::Pdp, 0x074, 0},              // D_DST_BASE_ADDR_HIGH
      {Unit::Pdp, 0x078, 32},             // D_DST_LINE_STRIDE
      {Unit::Pdp, 0x07C, 96},             // D_DST_SURFACE_STRIDE
      {Unit::Pdp, 0x080, 1},              // D_DST_RAM_CFG = MC
      {Unit::Pdp, 0x084, 0},              // D_DATA_FORMAT = INT8
  };
}

TEST(PdpPlan, OfflineLayerWritesEveryRegisterInFirmwareOrder) {
  const PdpProgram plan = plan_pdp_layer(small_average_layer(), nv_small());
  EXPECT_EQ(plan.mode, PdpMode::Offline);
  EXPECT_EQ(plan.output_width, 4u);
  EXPECT_EQ(plan.output_height, 3u);
  EXPECT_EQ(plan.pad_right, 0u);
  EXPECT_EQ(plan.pad_bottom, 0u);
  EXPECT_EQ(plan.input_width, 8u);
  EXPECT_EQ(plan.max_flying_width, 256u);
  EXPECT_EQ(plan.split.count, 1u);
  const std::vector<RegisterWrite> expected = small_average_writes();
  ASSERT_EQ(plan.writes.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(plan.writes[i], expected[i]) << "write " << i << ": got " << unit_name(plan.writes[i].unit) << " 0x"
                                           << std::hex << plan.writes[i].offset << " = 0x" << plan.writes[i].value;
  }
}

TEST(PdpPlan, OnTheFlyLayerSkipsTheReaderAndTheSourceStrides) {
  // Same layer fed by SDP: 4 output columns fit the 256-column line buffer.
  PoolingLayer layer = small_average_layer();
  layer.source_is_sdp = true;
  layer.source = {};  // not read on the fly: not validated
  const PdpProgram plan = plan_pdp_layer(layer, nv_small());
  EXPECT_EQ(plan.mode, PdpMode::OnTheFly);
  std::vector<RegisterWrite> expected;
  for (const RegisterWrite& w : small_average_writes()) {
    if (w.unit == Unit::PdpRdma || w.offset == 0x068 || w.offset == 0x06C) continue;
    expected.push_back(w);
  }
  expected[6].value = 0x00;  // D_OPERATION_MODE_CFG: AVERAGE | ON_FLYING (0) << 4
  ASSERT_EQ(expected[6].offset, 0x024u);
  ASSERT_EQ(plan.writes.size(), 26u);
  EXPECT_EQ(plan.writes, expected);
}

TEST(PdpPlan, Int16AndFp16Encodings) {
  // nv_full, int16: 16 channels per 32-byte atom. W=4 H=4 C=16, 2x2/2 max.
  PoolingLayer layer = packed_layer(4, 4, 16, 2, 2, 32);
  layer.precision = Precision::Int16;
  layer.pad_value = -2;
  layer.method = PoolingMethod::Min;
  PdpProgram plan = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x084), 1u);          // D_DATA_FORMAT = INT16
  EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x030), 1u);      // PDP_RDMA D_DATA_FORMAT
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x024), 0x12u);       // MIN (2) | OFF_FLYING << 4
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x038), 0x8000u);     // 65536 / 2
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x05C), 0x7FFF2u);    // 7 * -2 = -14

  layer.precision = Precision::Fp16;
  layer.pad_value = 0;
  layer.kernel_width = 3;
  layer.pad_right = 1;  // (4 + 1 - 3)/2 + 1 = 2 columns, right pad used: 1*2 + 3 - 4 = 1
  plan = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(plan.output_width, 2u);
  EXPECT_EQ(plan.pad_right, 1u);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x084), 2u);          // FP16
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x038), 0x7555u);     // 1/3 in FP17
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x03C), 0x7800u);     // 1/2 in FP17
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x040), 0x0100u);     // right pad 1 << 8
  for (uint32_t offset = 0x044; offset <= 0x05C; offset += 4) EXPECT_EQ(find_write(plan, Unit::Pdp, offset), 0u);
}

TEST(PdpPlan, SecondaryMemoryIsCv) {
  PoolingLayer layer = packed_layer(4, 4, 32, 2, 2, 32);
  layer.source.memory = hal::MemoryPort::Secondary;
  layer.destination.memory = hal::MemoryPort::Secondary;
  const PdpProgram plan = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x02C), 0u);  // SRC_RAM_TYPE = CV
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x080), 0u);      // DST_RAM_TYPE = CV
}

// ---------------------------------------------------------------------------
// Output sizes: OW = (W + PL + PR - Kw)/Sw + 1 (floor), right padding reduced
// to what the last window uses, unreachable trailing input dropped.
TEST(PdpPlan, OutputSizesAndAdjustedPadding) {
  struct Case {
    uint32_t width, kernel, stride, pad_left, pad_right;
    uint32_t output, input_used, pad_right_used;
  } cases[] = {
      {16, 2, 2, 0, 0, 8, 16, 0},   // (16 - 2)/2 + 1 = 8, exact
      {16, 3, 2, 1, 1, 8, 16, 0},   // (16 + 2 - 3)/2 + 1 = 8; 7*2 + 3 - 17 = 0
      {17, 3, 2, 1, 1, 9, 17, 1},   // (17 + 2 - 3)/2 + 1 = 9; 8*2 + 3 - 18 = 1
      {7, 3, 1, 2, 2, 9, 7, 2},     // (7 + 4 - 3)/1 + 1 = 9; 8 + 3 - 9 = 2
      {5, 2, 4, 0, 0, 1, 2, 0},     // (5 - 2)/4 + 1 = 1; 0 + 2 - 5 = -3: 3 columns dropped
      {13, 4, 4, 1, 0, 3, 11, 0},   // (13 + 1 - 4)/4 + 1 = 3; 2*4 + 4 - 14 = -2: input 11
      {1, 8, 1, 7, 0, 1, 1, 0},     // (1 + 7 - 8)/1 + 1 = 1, one real column
      {8192, 1, 1, 0, 0, 8192, 8192, 0},
  };
  for (const Case& c : cases) {
    PoolingLayer layer = packed_layer(c.width, c.width, 8, 1, 1, 8);
    layer.kernel_width = c.kernel;
    layer.stride_width = c.stride;
    layer.pad_left = c.pad_left;
    layer.pad_right = c.pad_right;
    // vertical axis: the same numbers on H
    layer.kernel_height = c.kernel;
    layer.stride_height = c.stride;
    layer.pad_top = c.pad_left;
    layer.pad_bottom = c.pad_right;
    layer.destination.line_stride = 8192 * 8;
    layer.destination.surface_stride = 0;
    const std::string what = "W=" + std::to_string(c.width) + " K=" + std::to_string(c.kernel) +
                             " S=" + std::to_string(c.stride);
    const PdpProgram plan = plan_pdp_layer(layer, nv_small());
    EXPECT_EQ(plan.output_width, c.output) << what;
    EXPECT_EQ(plan.output_height, c.output) << what;
    EXPECT_EQ(plan.input_width, c.input_used) << what;
    EXPECT_EQ(plan.input_height, c.input_used) << what;
    EXPECT_EQ(plan.pad_right, c.pad_right_used) << what;
    EXPECT_EQ(plan.pad_bottom, c.pad_right_used) << what;
    // The hardware's rule: W + PL + PR == (OW - 1)*Sw + Kw exactly.
    EXPECT_EQ(plan.input_width + c.pad_left + plan.pad_right, (plan.output_width - 1) * c.stride + c.kernel) << what;
    EXPECT_EQ(find_write(plan, Unit::Pdp, 0x00C), c.input_used - 1) << what;
    EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x00C), c.input_used - 1) << what;
    EXPECT_EQ(find_write(plan, Unit::Pdp, 0x018), c.output - 1) << what;
  }
}

// ---------------------------------------------------------------------------
// Working modes.
TEST(PdpPlan, OnTheFlyOnlyForSdpInputThatFitsTheLineBuffer) {
  // nv_full int8 3x3/2: 64 columns on the fly. W = 129: OW = (129-3)/2 + 1 = 64.
  PoolingLayer layer = packed_layer(129, 5, 32, 3, 2, 32);
  EXPECT_EQ(plan_pdp_layer(layer, nv_full()).mode, PdpMode::Offline);  // not from SDP
  layer.source_is_sdp = true;
  EXPECT_EQ(plan_pdp_layer(layer, nv_full()).mode, PdpMode::OnTheFly);
  // W = 131: OW = 65 > 64: the compiler leaves it offline, split in two.
  layer = packed_layer(131, 5, 32, 3, 2, 32);
  layer.source_is_sdp = true;
  const PdpProgram plan = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(plan.output_width, 65u);
  EXPECT_EQ(plan.mode, PdpMode::OfflineSplit);
  EXPECT_EQ(plan.split.count, 2u);
  // W = 130 would leave its last column unread ((130-3)/2 + 1 = 64, 63*2 + 3 = 129):
  // SDP streams all 130, so PDP reads the cube from memory instead.
  layer = packed_layer(130, 5, 32, 3, 2, 32);
  layer.source_is_sdp = true;
  const PdpProgram trimmed = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(trimmed.mode, PdpMode::Offline);
  EXPECT_EQ(trimmed.input_width, 129u);
}

// ---------------------------------------------------------------------------
// Split width (PDPNode.cpp pdpHWSplitWidth), worked by hand.
//
// nv_small, int8, W = 1200, 2x2 stride 2, no padding:
//   max flying width: ceil(2/2) = 1 -> f 1 -> 57344 / (1 * 8 * 14) = 512
//   OW = (1200 - 2)/2 + 1 = 600 > 512 -> split
//   stripes n = ceil(600 / 512) = 2
//   first_out = min(512, 600) = 512 ; n == 2 -> last_out = 600 - 512 = 88
//   overlap = Kw - Sw = 0
//   first_in = (512 - 1)*2 + 2 - 0 = 1024
//   right padding used = (600 - 1)*2 + 2 - 1200 = 0
//   last_in = (88 - 1)*2 + 2 - 0 - 0 = 176 > 0 ; check 1024 + 176 = 1200 = W
//   PARTIAL_WIDTH_IN  = (1024-1) | (176-1) << 10 | 0 << 20 = 0x3FF | 0x2BC00 = 0x2BFFF
//   PARTIAL_WIDTH_OUT = (512-1)  | (88-1)  << 10 | 0 << 20 = 0x1FF | 0x15C00 = 0x15DFF
TEST(PdpSplit, NvSmallWidth1200IntoTwoStripes) {
  PoolingLayer layer = packed_layer(1200, 2, 8, 2, 2, 8);
  layer.method = PoolingMethod::Max;
  const PdpProgram plan = plan_pdp_layer(layer, nv_small());
  EXPECT_EQ(plan.mode, PdpMode::OfflineSplit);
  EXPECT_EQ(plan.output_width, 600u);
  EXPECT_EQ(plan.max_flying_width, 512u);
  EXPECT_EQ(plan.split.count, 2u);
  EXPECT_EQ(plan.split.first_out, 512u);
  EXPECT_EQ(plan.split.last_out, 88u);
  EXPECT_EQ(plan.split.mid_out, 0u);
  EXPECT_EQ(plan.split.first_in, 1024u);
  EXPECT_EQ(plan.split.last_in, 176u);
  EXPECT_EQ(plan.split.mid_in, 0u);
  EXPECT_EQ(plan.split.overlap, 0);
  EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x034), 1u);        // SPLIT_NUM = 2 - 1
  EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x040), 0x2BFFFu);  // PARTIAL_WIDTH_IN
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x024), 0x111u);        // MAX | OFF_FLYING << 4 | 1 << 8
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x02C), 0x2BFFFu);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x030), 0x15DFFu);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x00C), 1199u);         // whole-cube width still programmed
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x018), 599u);
}

// nv_small, int8, W = 2400, 3x3 stride 2, pads 1/1:
//   max width: ceil(3/2) = 2 -> f 2 -> 256
//   OW = (2400 + 2 - 3)/2 + 1 = 1199 + 1 = 1200 ; right pad used = 1199*2 + 3 - 2401 = 0
//   n = ceil(1200/256) = 5 ; first_out = 256, mid_out = 256, last_out = 1200 - 4*256 = 176
//   overlap = 3 - 2 = 1
//   first_in = 255*2 + 3 - 1 = 512 ; mid_in = 255*2 + 3 - 1 = 512
//   last_in = 175*2 + 3 - 0 - 1 = 352 ; 512 + 3*512 + 352 = 2400 = W
TEST(PdpSplit, NvSmallWidth2400IntoFiveStripes) {
  PoolingLayer layer = packed_layer(2400, 3, 8, 3, 2, 8);
  layer.pad_left = layer.pad_right = 1;
  const PdpProgram plan = plan_pdp_layer(layer, nv_small());
  EXPECT_EQ(plan.output_width, 1200u);
  EXPECT_EQ(plan.pad_right, 0u);
  EXPECT_EQ(plan.split.count, 5u);
  EXPECT_EQ(plan.split.first_out, 256u);
  EXPECT_EQ(plan.split.mid_out, 256u);
  EXPECT_EQ(plan.split.last_out, 176u);
  EXPECT_EQ(plan.split.first_in, 512u);
  EXPECT_EQ(plan.split.mid_in, 512u);
  EXPECT_EQ(plan.split.last_in, 352u);
  EXPECT_EQ(plan.split.overlap, 1);
  EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x034), 4u);
  EXPECT_EQ(find_write(plan, Unit::PdpRdma, 0x040), 511u | 351u << 10 | 511u << 20);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x030), 255u | 175u << 10 | 255u << 20);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x040), 0x0001u);  // left 1; top 0; right used 0
}

// The correction for an empty last stripe (last_in <= 0), stride 2.
// nv_small int8, W = 513, 3x3 stride 2, pad left 0, pad right 2:
//   max width 256 (f 2) ; OW = (513 + 2 - 3)/2 + 1 = 257 ; right pad used = 256*2 + 3 - 513 = 2
//   n = 2 ; first_out = 256, last_out = 1 ; overlap = 1
//   first_in = 255*2 + 3 = 513 ; last_in = 0*2 + 3 - 2 - 1 = 0 <= 0 -> correction:
//     smallest last_in >= 1 with (last_in + 1 + 2 - 3) % 2 == 0: last_in = 1 -> 1 % 2 no; last_in = 2 -> 0 yes
//     last_out = (2 + 1 + 2 - 3)/2 + 1 = 2 ; first_out = (256 + 1) - 2 = 255
//     first_in = 254*2 + 3 - 0 = 511 ; 511 + 2 = 513 = W
TEST(PdpSplit, EmptyLastStripeCorrectedStride2) {
  PoolingLayer layer = packed_layer(513, 3, 8, 3, 2, 8);
  layer.pad_right = 2;
  const PdpProgram plan = plan_pdp_layer(layer, nv_small());
  EXPECT_EQ(plan.output_width, 257u);
  EXPECT_EQ(plan.pad_right, 2u);
  EXPECT_EQ(plan.split.count, 2u);
  EXPECT_EQ(plan.split.first_out, 255u);
  EXPECT_EQ(plan.split.last_out, 2u);
  EXPECT_EQ(plan.split.first_in, 511u);
  EXPECT_EQ(plan.split.last_in, 2u);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x02C), 510u | 1u << 10);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x030), 254u | 1u << 10);
}

// The same correction with stride 1.
// nv_small int8, W = 129, 3x3 stride 1, pad left 0, pad right 2:
//   max width: ceil(3/1) = 3 -> f 4 -> 512/4 = 128 ; OW = (129 + 2 - 3) + 1 = 129
//   right pad used = 128 + 3 - 129 = 2 ; n = 2 ; first_out = 128, last_out = 1 ; overlap = 2
//   last_in = 0 + 3 - 2 - 2 = -1 -> correction: any last_in divides by 1 -> last_in = 1
//     last_out = (1 + 2 + 2 - 3)/1 + 1 = 3 ; first_out = 129 - 3 = 126
//     first_in = 125 + 3 - 0 = 128 ; 128 + 1 = 129 = W
TEST(PdpSplit, EmptyLastStripeCorrectedStride1) {
  PoolingLayer layer = packed_layer(129, 3, 8, 3, 1, 8);
  layer.pad_right = 2;
  const PdpProgram plan = plan_pdp_layer(layer, nv_small());
  EXPECT_EQ(plan.max_flying_width, 128u);
  EXPECT_EQ(plan.output_width, 129u);
  EXPECT_EQ(plan.split.count, 2u);
  EXPECT_EQ(plan.split.first_out, 126u);
  EXPECT_EQ(plan.split.last_out, 3u);
  EXPECT_EQ(plan.split.first_in, 128u);
  EXPECT_EQ(plan.split.last_in, 1u);
  EXPECT_EQ(plan.split.overlap, 2);
}

// Stride larger than the kernel: negative overlap.
// nv_full int8, W = 390, 2x2 stride 3: max width 128 (ceil(2/3) = 1 -> f 1)
//   OW = (390 - 2)/3 + 1 = 130 ; right pad used = 129*3 + 2 - 390 = -1 -> input 389, pad 0
//   n = 2 ; first_out = 128, last_out = 2 ; overlap = 2 - 3 = -1
//   first_in = 127*3 + 2 = 383 ; last_in = 1*3 + 2 - 0 + 1 = 6 ; 383 + 6 = 389
TEST(PdpSplit, NegativeOverlap) {
  PoolingLayer layer = packed_layer(390, 2, 32, 2, 3, 32);
  const PdpProgram plan = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(plan.output_width, 130u);
  EXPECT_EQ(plan.input_width, 389u);
  EXPECT_EQ(plan.split.overlap, -1);
  EXPECT_EQ(plan.split.first_in, 383u);
  EXPECT_EQ(plan.split.last_in, 6u);
  EXPECT_EQ(plan.split.first_out, 128u);
  EXPECT_EQ(plan.split.last_out, 2u);
}

// 64 stripes is the limit. nv_full int8 3x3 stride 1: 32 columns per stripe.
//   W = 2050: OW = 2048 = 64 * 32 -> 64 stripes ; first_in = 31 + 3 = 34,
//   mid_in = 31 + 3 - 2 = 32, last_in = 31 + 3 - 0 - 2 = 32 ; 34 + 62*32 + 32 = 2050
//   W = 2051: OW = 2049 -> 65 stripes: rejected.
TEST(PdpSplit, SixtyFourStripesAtMost) {
  PoolingLayer layer = packed_layer(2050, 3, 32, 3, 1, 32);
  const PdpProgram plan = plan_pdp_layer(layer, nv_full());
  EXPECT_EQ(plan.split.count, 64u);
  EXPECT_EQ(plan.split.first_in, 34u);
  EXPECT_EQ(plan.split.mid_in, 32u);
  EXPECT_EQ(plan.split.last_in, 32u);
  EXPECT_EQ(find_write(plan, Unit::Pdp, 0x024) >> 8, 63u);
  layer = packed_layer(2051, 3, 32, 3, 1, 32);
  try {
    plan_pdp_layer(layer, nv_full());
    FAIL() << "65 stripes accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("65 stripes"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------------------
// Layers the hardware cannot run: each error names the parameter.
struct Rejected {
  const char* name;
  const HardwareConfig& (*config)();
  std::function<void(PoolingLayer&)> change;
  const char* message;
};

TEST(PdpPlan, RejectsWhatTheHardwareCannotDo) {
  const Rejected cases[] = {
      {"kernel_width 9", nv_small, [](PoolingLayer& l) { l.kernel_width = 9; }, "kernel_width 9 is outside 1..8"},
      {"kernel_height 0", nv_small, [](PoolingLayer& l) { l.kernel_height = 0; }, "kernel_height 0 is outside 1..8"},
      {"stride 17", nv_small, [](PoolingLayer& l) { l.stride_width = 17; }, "stride_width 17 is outside 1..16"},
      {"stride 0", nv_small, [](PoolingLayer& l) { l.stride_height = 0; }, "stride_height 0 is outside 1..16"},
      {"pad 8", nv_small, [](PoolingLayer& l) { l.kernel_width = 8; l.pad_left = 8; }, "pad_left 8 is outside 0..7"},
      {"pad >= kernel", nv_small, [](PoolingLayer& l) { l.pad_right = 2; },
       "pad_right 2 must be smaller than kernel_width 2"},
      {"pad_bottom >= kernel", nv_small, [](PoolingLayer& l) { l.pad_bottom = 3; },
       "pad_bottom 3 must be smaller than kernel_height 2"},
      {"width 0", nv_small, [](PoolingLayer& l) { l.width = 0; }, "width 0 is outside 1..8192"},
      {"width 8193", nv_small, [](PoolingLayer& l) { l.width = 8193; }, "width 8193 is outside 1..8192"},
      {"height 8193", nv_small, [](PoolingLayer& l) { l.height = 8193; }, "height 8193 is outside 1..8192"},
      {"channels 8193", nv_small, [](PoolingLayer& l) { l.channels = 8193; }, "channels 8193 is outside 1..8192"},
      {"int16 on nv_small", nv_small, [](PoolingLayer& l) { l.precision = Precision::Int16; },
       "precision int16 is not supported by nv_small"},
      {"fp16 pad value", nv_full, [](PoolingLayer& l) { l.precision = Precision::Fp16; l.pad_value = 1; },
       "pad_value 1 must be 0 for fp16"},
      {"int8 pad value", nv_small, [](PoolingLayer& l) { l.pad_value = 128; }, "pad_value 128 is outside the int8 range"},
      {"int16 pad value", nv_full, [](PoolingLayer& l) { l.precision = Precision::Int16; l.pad_value = -32769; },
       "pad_value -32769 is outside the int16 range"},
      {"no output", nv_small, [](PoolingLayer& l) { l.width = 1; l.kernel_width = 3; l.pad_left = 1; },
       "width 1 plus padding (2) is smaller than kernel_width 3"},
      {"CV on nv_small", nv_small, [](PoolingLayer& l) { l.destination.memory = hal::MemoryPort::Secondary; },
       "destination is in CV memory (CVSRAM) but nv_small has no CVIF"},
      {"CV source on nv_small", nv_small, [](PoolingLayer& l) { l.source.memory = hal::MemoryPort::Secondary; },
       "source is in CV memory (CVSRAM) but nv_small has no CVIF"},
      {"source misaligned", nv_small, [](PoolingLayer& l) { l.source.address += 4; },
       "source address 0x100004 is not aligned to the 8-byte atom"},
      {"destination misaligned", nv_full, [](PoolingLayer& l) { l.destination.address += 8; },
       "destination address 0x800008 is not aligned to the 32-byte atom"},
      {"line stride not atoms", nv_small, [](PoolingLayer& l) { l.destination.line_stride = 36; },
       "destination line_stride 36 is not a multiple of the 8-byte atom"},
      {"surface stride not atoms", nv_small, [](PoolingLayer& l) { l.source.surface_stride = 4; },
       "source surface_stride 4 is not a multiple of the 8-byte atom"},
      // 8x8 int8 2x2/2 on nv_small: output 4 columns of 8 bytes need 32 bytes per line.
      {"destination line too small", nv_small, [](PoolingLayer& l) { l.destination.line_stride = 24; },
       "destination line_stride 24 is smaller than one line of 4 atoms (32 bytes)"},
      {"source line too small", nv_small, [](PoolingLayer& l) { l.source.line_stride = 56; },
       "source line_stride 56 is smaller than one line of 8 atoms (64 bytes)"},
      // 16 channels = 2 surfaces: a surface of 8 lines of 64 bytes needs 512.
      {"source surface too small", nv_small, [](PoolingLayer& l) { l.source.surface_stride = 504; },
       "source surface_stride 504 is smaller than one surface of 8 lines (512 bytes)"},
      {"destination surface too small", nv_small, [](PoolingLayer& l) { l.destination.surface_stride = 64; },
       "destination surface_stride 64 is smaller than one surface of 4 lines (128 bytes)"},
      // Global 8x8 pooling: a 1x1 output of 2 surfaces must be packed (8-byte lines and surfaces).
      {"1x1 output not packed", nv_small, [](PoolingLayer& l) { l.kernel_width = l.kernel_height = 8;
                                                                l.stride_width = l.stride_height = 8; },
       "destination cube is 1x1 with 2 surfaces: line_stride 32 and surface_stride 128 must both be the 8-byte atom"},
      // A 1x1 input of 2 surfaces read from memory likewise.
      {"1x1 input not packed", nv_small, [](PoolingLayer& l) { l.width = l.height = 1; l.kernel_width =
                                                               l.kernel_height = 1; },
       "source cube is 1x1 with 2 surfaces: line_stride 64 and surface_stride 512 must both be the 8-byte atom"},
      // nv_full int8 3x3/1: 32 columns per stripe; W = 8192 -> OW 8190 -> 256 stripes.
      {"too many stripes", nv_full, [](PoolingLayer& l) { l.width = 8192; l.kernel_width = l.kernel_height = 3;
                                                           l.stride_width = l.stride_height = 1; },
       "needs 256 stripes of at most 32 columns"},
      // nv_small int8 3x3/3: 512 columns per stripe, W = 1800 -> OW 600 -> first stripe
      // reads 511*3 + 3 = 1536 columns, more than the 10-bit PARTIAL_WIDTH_IN_FIRST holds.
      {"stripe too wide", nv_small, [](PoolingLayer& l) { l.width = 1800; l.kernel_width = l.kernel_height = 3;
                                                          l.stride_width = l.stride_height = 3; },
       "a split stripe is 1536 columns wide"},
  };
  for (const Rejected& c : cases) {
    const HardwareConfig& config = c.config();
    // A valid starting point: 8x8x16 2x2/2 max, packed buffers.
    PoolingLayer layer = packed_layer(8, 8, 16, 2, 2, config.atom_bytes);
    layer.destination.line_stride = 4 * config.atom_bytes;
    layer.destination.surface_stride = 4 * 4 * config.atom_bytes;
    ASSERT_NO_THROW(plan_pdp_layer(layer, config)) << c.name;
    c.change(layer);
    if (layer.width > 8) {  // the wide cases: buffers wide enough for everything but the rule under test
      layer.source.line_stride = layer.width * config.atom_bytes;
      layer.source.surface_stride = layer.height * layer.source.line_stride;
      layer.destination.line_stride = layer.width * config.atom_bytes;
      layer.destination.surface_stride = layer.height * layer.destination.line_stride;
    }
    try {
      plan_pdp_layer(layer, config);
      ADD_FAILURE() << c.name << ": accepted";
    } catch (const std::invalid_argument& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("PDP layer: ", 0), 0u) << message;
      EXPECT_NE(message.find(c.message), std::string::npos) << c.name << ": " << message;
    }
  }
}

TEST(PdpPlan, OneByOneCubesPacked) {
  // Global 8x8 average over 16 channels (2 surfaces on nv_small): output 1x1.
  PoolingLayer layer = packed_layer(8, 8, 16, 8, 8, 8);
  layer.destination.line_stride = layer.destination.surface_stride = 8;
  const PdpProgram plan = plan_pdp_layer(layer, nv_small());
  EXPECT_EQ(plan.output_width, 1u);
  EXPECT_EQ(plan.output_height, 1u);
  // One surface (8 channels): the strides are never used, any value passes.
  layer.channels = 8;
  layer.destination.line_stride = 64;
  layer.destination.surface_stride = 0;
  EXPECT_NO_THROW(plan_pdp_layer(layer, nv_small()));
}

TEST(PdpPlan, OnTheFlyIgnoresTheSourceBuffer) {
  PoolingLayer layer = packed_layer(8, 8, 16, 2, 2, 8);
  layer.source_is_sdp = true;
  layer.source.address = 3;      // unused on the fly
  layer.source.line_stride = 0;
  EXPECT_EQ(plan_pdp_layer(layer, nv_small()).mode, PdpMode::OnTheFly);
}

TEST(PdpPlan, ModeNames) {
  EXPECT_STREQ(pdp_mode_name(PdpMode::OnTheFly), "on-the-fly");
  EXPECT_STREQ(pdp_mode_name(PdpMode::Offline), "offline");
  EXPECT_STREQ(pdp_mode_name(PdpMode::OfflineSplit), "offline split-width");
}

}  // namespace
}  // namespace acosim::nvdla

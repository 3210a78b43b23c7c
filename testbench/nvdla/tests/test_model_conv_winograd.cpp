// Winograd convolution through the SystemC models on nv_full (the nvdlav1
// design), programmed over the CSB: CDMA fetches and pads the cube (stride 1,
// and stride 2 folded into channels) and the pre-transformed weights, CSC,
// CMAC_A/B and CACC run in CONV_MODE = WINOGRAD, and SDP
// (D_FEATURE_MODE_CFG.WINOGRAD, flying mode) writes the int8 result to
// memory. The expected values are the plain convolution of the
// un-transformed kernels, computed below; a master configuration and an SDP
// not told about Winograd refuse the layer naming the registers.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "testbench/nvdla/tests/csb_layers.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace d = regs::cdma;
namespace c = regs::csc;
namespace a = regs::cacc;
namespace sdp = regs::sdp;
namespace rdma = regs::sdp_rdma;

// nv_full int8: 32-byte atoms of 32 lanes, weight groups of 32 kernels.
constexpr uint32_t kAtom = 32;
constexpr uint64_t kIn = 0x80000000, kWeights = 0x80010000, kOutAddr = 0x80040000;

// A layer: W x H x C input (one surface, C' = 32: lanes C..31 hold data too,
// which meets zero weights), K kernels of R x S at stride SX x SY, CDMA
// padding with pad value 2; data within +-range, weights within +-1.
struct Shape {
  uint32_t w, h, c, k, r, s, sx, sy, pl, pr, pt, pb;
  int32_t range;
  // CSC D_PRA_CFG.PRA_TRUNCATE: the data are then doubled (all even, like
  // the pad value), so every BᵀdB entry is even and the shift by one is
  // exact; CACC truncates by one bit less to give the plain convolution.
  uint32_t pra_truncate = 0;

  uint32_t we() const { return (pl + w + pr) / sx; }
  uint32_t he() const { return (pt + h + pb) / sy; }
  uint32_t ow() const { return we() - 4; }
  uint32_t oh() const { return he() - 4; }
  uint32_t ce() const { return kAtom * sx * sy; }  // extended channels (dy x SX + dx) x 32 + c
  uint32_t kernel_bytes() const { return 16 * ce(); }
  uint32_t weight_bytes() const { return (kernel_bytes() * k + 127) / 128 * 128; }
  uint32_t in_line() const { return w * kAtom; }
  uint32_t out_line() const { return ow() * kAtom; }
  uint32_t out_surface() const { return out_line() * oh(); }
};
constexpr int32_t kPadValue = 2;

// 10 x 10 x 4, padding 1 all round, 3 x 3 kernels: extended 12 x 12, output
// 8 x 8; sums within 9 x 4 x 3 = 108.
constexpr Shape kStride1{10, 10, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1, 3};
// 21 x 21 x 2, padding 2 left/top and 1 right/bottom, 5 x 5 kernels at
// stride 2: (2 + 21 + 1) / 2 = 12 extended positions of 4 x 32 channels,
// output 8 x 8; sums within 25 x 2 x 1 = 50.
constexpr Shape kStride2{21, 21, 2, 3, 5, 5, 2, 2, 2, 1, 2, 1, 1};
// kStride1 with data in [-2, 2], all even, and PRA_TRUNCATE 1: sums within
// 9 x 4 x 2 = 72.
constexpr Shape kPraTruncate{10, 10, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};

int32_t input_value(const Shape& sh, uint32_t x, uint32_t y, uint32_t ch) {
  const int32_t v = int32_t((x * 3 + y * 5 + ch * 7) % uint32_t(2 * sh.range + 1)) - sh.range;
  return sh.pra_truncate != 0 ? 2 * v : v;
}
int32_t weight_value(uint32_t k, uint32_t r, uint32_t s, uint32_t ch) {
  return int32_t((k * 5 + r * 3 + s + ch * 2) % 3) - 1;
}

// The padded input (CDMA's pad value outside).
int32_t padded(const Shape& sh, int64_t x, int64_t y, uint32_t ch) {
  if (x < 0 || y < 0 || x >= sh.w || y >= sh.h) return kPadValue;
  return input_value(sh, uint32_t(x), uint32_t(y), ch);
}

// The plain strided convolution; small enough for SDP's int8 pass-through
// to write it unchanged.
int8_t expected(const Shape& sh, uint32_t x, uint32_t y, uint32_t k) {
  int32_t sum = 0;
  for (uint32_t r = 0; r < sh.r; ++r)
    for (uint32_t s = 0; s < sh.s; ++s)
      for (uint32_t ch = 0; ch < sh.c; ++ch)
        sum +=
            padded(sh, int64_t(x) * sh.sx + s - sh.pl, int64_t(y) * sh.sy + r - sh.pt, ch) * weight_value(k, r, s, ch);
  return int8_t(sum);
}

std::vector<uint8_t> input_bytes(const Shape& sh) {
  std::vector<uint8_t> bytes(size_t(sh.h) * sh.in_line());
  for (uint32_t y = 0; y < sh.h; ++y)
    for (uint32_t x = 0; x < sh.w; ++x)
      for (uint32_t ch = 0; ch < kAtom; ++ch)
        bytes[y * sh.in_line() + x * kAtom + ch] = uint8_t(input_value(sh, x, y, ch));
  return bytes;
}

// What NVDLA's compiler stores: each kernel folded to 3 x 3 over the
// extended channels (g[r][s][(dy x SX + dx) x 32 + c] = w[r SY + dy][s SX +
// dx][c], 0 beyond the kernel), then U = G' g G'^T per channel with the
// integer G' = 2G = [2 0 0; 1 1 1; 1 -1 1; 0 0 2] (so the layer computes
// 4 x the convolution and CACC's CLIP_TRUNCATE 2 removes the 4); laid out
// per block of 4 channels, then kernel, then position (row x 4 + column),
// then channel (nvdla/doc format.rst "Basic Weight for Winograd
// Convolution"); one kernel group.
std::vector<uint8_t> weight_bytes(const Shape& sh) {
  static const int32_t G[4][3] = {{2, 0, 0}, {1, 1, 1}, {1, -1, 1}, {0, 0, 2}};
  std::vector<uint8_t> bytes(sh.weight_bytes(), 0);
  size_t next = 0;
  for (uint32_t b = 0; b < sh.ce() / 4; ++b)
    for (uint32_t k = 0; k < sh.k; ++k)
      for (uint32_t p = 0; p < 16; ++p)
        for (uint32_t e = 4 * b; e < 4 * b + 4; ++e) {
          const uint32_t ch = e % kAtom, dy = e / kAtom / sh.sx, dx = e / kAtom % sh.sx;
          int32_t u = 0;
          for (uint32_t r = 0; r < 3; ++r)
            for (uint32_t s = 0; s < 3; ++s) {
              const uint32_t kr = r * sh.sy + dy, ks = s * sh.sx + dx;
              if (ch < sh.c && kr < sh.r && ks < sh.s) u += G[p / 4][r] * weight_value(k, kr, ks, ch) * G[p % 4][s];
            }
          bytes[next++] = uint8_t(u);
        }
  return bytes;
}

void program_layer(NvdlaSystem& system, const Shape& sh, bool sdp_winograd) {
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t winograd = d::D_MISC_CFG_CONV_MODE.put(d::D_MISC_CFG_CONV_MODE_WINOGRAD);  // int8 precisions: 0
  const uint32_t ext = d::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(sh.we() - 1) |
                       d::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(sh.he() - 1);
  const uint32_t entries = sh.we() / 4 * sh.sx * sh.sy - 1;  // per 4 lines: tiles x extended surfaces
  const uint32_t bank = d::D_BANK_DATA_BANK.put(1) | d::D_BANK_WEIGHT_BANK.put(1);
  cdma.write(d::D_MISC_CFG, winograd);
  cdma.write(d::D_DATAIN_FORMAT, 0);
  cdma.write(d::D_DATAIN_SIZE_0,
             d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(sh.w - 1) | d::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(sh.h - 1));
  cdma.write(d::D_DATAIN_SIZE_1, sh.c - 1);
  cdma.write(d::D_DATAIN_SIZE_EXT_0, ext);
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_HIGH_0, uint32_t(kIn >> 32));
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kIn));
  cdma.write(d::D_LINE_STRIDE, sh.in_line());
  cdma.write(d::D_SURF_STRIDE, sh.in_line() * sh.h);
  cdma.write(d::D_ENTRY_PER_SLICE, entries);
  cdma.write(d::D_WEIGHT_FORMAT, 0);
  program_cdma_weights(cdma, sh.kernel_bytes(), sh.k, kWeights, sh.weight_bytes());
  cdma.write(d::D_CONV_STRIDE,
             d::D_CONV_STRIDE_CONV_X_STRIDE.put(sh.sx - 1) | d::D_CONV_STRIDE_CONV_Y_STRIDE.put(sh.sy - 1));
  cdma.write(d::D_ZERO_PADDING, d::D_ZERO_PADDING_PAD_LEFT.put(sh.pl) | d::D_ZERO_PADDING_PAD_RIGHT.put(sh.pr) |
                                    d::D_ZERO_PADDING_PAD_TOP.put(sh.pt) | d::D_ZERO_PADDING_PAD_BOTTOM.put(sh.pb));
  cdma.write(d::D_ZERO_PADDING_VALUE, uint32_t(kPadValue));
  cdma.write(d::D_BANK, bank);

  csc.write(c::D_MISC_CFG, winograd);
  csc.write(c::D_DATAIN_FORMAT, 0);
  csc.write(c::D_DATAIN_SIZE_EXT_0, ext);
  csc.write(c::D_DATAIN_SIZE_EXT_1, sh.ce() - 1);
  csc.write(c::D_ENTRY_PER_SLICE, entries);
  csc.write(c::D_WEIGHT_FORMAT, 0);
  program_csc_weight_size(csc, 4, 4, sh.ce(), sh.k, sh.weight_bytes());
  program_csc_dataout(csc, sh.ow(), sh.oh(), sh.k);
  csc.write(c::D_CONV_STRIDE_EXT, 0);
  csc.write(c::D_ZERO_PADDING, c::D_ZERO_PADDING_PAD_LEFT.put(sh.pl) | c::D_ZERO_PADDING_PAD_TOP.put(sh.pt));
  csc.write(c::D_BANK, bank);
  program_cmac_cacc(system, sh.ow(), sh.oh(), sh.k);
  UnitRegisters(system, Unit::CmacA).write(regs::cmac_a::D_MISC_CFG, regs::cmac_a::D_MISC_CFG_CONV_MODE.put(1));
  UnitRegisters(system, Unit::CmacB).write(regs::cmac_b::D_MISC_CFG, regs::cmac_b::D_MISC_CFG_CONV_MODE.put(1));
  cacc.write(a::D_MISC_CFG, a::D_MISC_CFG_CONV_MODE.put(1));
  csc.write(c::D_PRA_CFG, c::D_PRA_CFG_PRA_TRUNCATE.put(sh.pra_truncate));
  cacc.write(a::D_CLIP_CFG, a::D_CLIP_CFG_CLIP_TRUNCATE.put(2 - sh.pra_truncate));

  program_sdp_flying_passthrough(system, {sh.ow(), sh.oh(), sh.k, 1, kOutAddr, sh.out_line(), sh.out_surface()});
  if (sdp_winograd) {
    UnitRegisters(system, Unit::SdpRdma)
        .write(rdma::D_FEATURE_MODE_CFG,
               rdma::D_FEATURE_MODE_CFG_FLYING_MODE.put(rdma::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
                   rdma::D_FEATURE_MODE_CFG_WINOGRAD.put(rdma::D_FEATURE_MODE_CFG_WINOGRAD_ON));
    UnitRegisters(system, Unit::Sdp)
        .write(sdp::D_FEATURE_MODE_CFG,
               sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
                   sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM) |
                   sdp::D_FEATURE_MODE_CFG_WINOGRAD.put(sdp::D_FEATURE_MODE_CFG_WINOGRAD_ON));
  }
}

void load_memory(hal::Hal& hal, const Shape& sh) {
  const std::vector<uint8_t> input = input_bytes(sh), weights = weight_bytes(sh);
  hal.write_memory(kIn, input.data(), input.size());
  hal.write_memory(kWeights, weights.data(), weights.size());
}

void expect_layer_through_sdp(const Shape& sh) {
  uint32_t status = 0, saturation = ~0u;
  std::vector<uint8_t> out(sh.out_surface());
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    load_memory(hal, sh);
    const std::vector<uint8_t> before(sh.out_surface(), 0x5A);
    hal.write_memory(kOutAddr, before.data(), before.size());
    program_layer(system, sh, true);
    enable_conv_layer(system);
    status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    hal.read_memory(kOutAddr, out.data(), out.size());
    saturation = UnitRegisters(system, Unit::Cacc).read(a::D_OUT_SATURATION);
  });
  EXPECT_EQ(status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(saturation, 0u);
  for (uint32_t y = 0; y < sh.oh(); ++y)
    for (uint32_t x = 0; x < sh.ow(); ++x) {
      const size_t at = size_t(y) * sh.out_line() + x * kAtom;
      for (uint32_t k = 0; k < sh.k; ++k)
        ASSERT_EQ(int8_t(out[at + k]), expected(sh, x, y, k)) << "x " << x << " y " << y << " k " << k;
      // Lanes beyond K carry 0.
      for (uint32_t k = sh.k; k < kAtom; ++k) ASSERT_EQ(out[at + k], 0) << x << " " << y << " " << k;
    }
}

TEST(ConvWinogradModel, Int8Stride1LayerThroughSdp) { expect_layer_through_sdp(kStride1); }

TEST(ConvWinogradModel, Int8Stride2LayerThroughSdp) { expect_layer_through_sdp(kStride2); }

// CSC's PRA_TRUNCATE reaches the pre-addition: without the shift the layer
// would compute twice the convolution.
TEST(ConvWinogradModel, PraTruncateProgrammedOverTheCsb) { expect_layer_through_sdp(kPraTruncate); }

TEST(ConvWinogradModel, SdpMustBeToldAboutWinograd) {
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    load_memory(system.hal(), kStride1);
    program_layer(system, kStride1, false);
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_FEATURE_MODE_CFG.WINOGRAD (OFF)", "CACC D_MISC_CFG.CONV_MODE is WINOGRAD"}))
      << message;
}

TEST(ConvWinogradModel, MasterConfigurationRefusesWinograd) {
  // nv_large (32-byte atoms like nv_full) has WINOGRAD_DISABLE in its spec.
  const std::string message = run_expecting_error(options_for(Config::NvLarge), [&](NvdlaSystem& system) {
    load_memory(system.hal(), kStride1);
    program_layer(system, kStride1, true);
    enable_conv_layer(system);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_MISC_CFG.CONV_MODE = WINOGRAD", "not supported by nv_large", "WINOGRAD_DISABLE"}))
      << message;
}

}  // namespace
}  // namespace acosim::nvdla::test

// Image input through the SystemC models on nv_small, programmed over the
// CSB as a driver does (the firmware's conv.c: CDMA D_DATAIN_FORMAT with
// the pixel format, D_PIXEL_OFFSET, D_MEAN_FORMAT and D_MEAN_GLOBAL_0/1,
// D_CVT_CFG; CSC's pre-extended sizes), through SDP as a pass-through to
// memory. The expected bytes come from a plain convolution loop, written
// here, of the image as a W x H x C cube whose channels are the pixel's
// components in R,G,B (Y,U,V) order minus their means; the pixel values sit
// near the means so that the sums stay inside int8. CDMA and CSC disagreeing
// on the input format must stop the layer naming both registers before
// anything is written. On nv_full an fp16 image (T_A16B16G16R16_F) goes
// through the fp16 datapath into SDP's FP16 pass-through, with a NaN pixel
// flushed and counted, against the same kind of plain loop.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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

// nv_small: 8-byte atoms (8 lanes), atomic C 8, weight groups of 8, 8-byte
// CBUF entries.
constexpr uint32_t kAtom = 8;
constexpr uint32_t kW = 6, kH = 4;
constexpr uint32_t kR = 3, kS = 3, kK = 8;  // padding 1 all round: output 6 x 4
constexpr uint32_t kOutW = kW, kOutH = kH;
constexpr uint32_t kXOffset = 1;
constexpr uint32_t kLineGap = 16;
constexpr uint64_t kImage = 0x1000, kImageUV = 0x3000, kWeights = 0x5000, kOut = 0x6000;
constexpr uint32_t kOutLine = kOutW * kAtom, kOutSpan = kOutLine * kOutH;
constexpr int32_t kCdmaPad = 2, kCscPad = -1;
const int16_t kMean[4] = {100, 60, 200, 50};  // MEAN_RY, MEAN_GU, MEAN_BV, MEAN_AX

struct Image {
  bool semi_planar = false;           // T_Y8___U8V8_N444, else T_A8R8G8B8
  uint32_t channels() const { return semi_planar ? 3 : 4; }
  uint32_t pixel_bytes() const { return semi_planar ? 1 : 4; }
  // Whole 32-byte units (format.rst: pitch-linear strides align to 32).
  uint32_t line_stride() const { return ((kXOffset + kW) * pixel_bytes() + kLineGap + 31) / 32 * 32; }
  uint32_t uv_line_stride() const { return ((kXOffset + kW) * 2 + kLineGap + 31) / 32 * 32; }
};

// Channel c of pixel (w, h) after mean subtraction: -3..3.
int32_t centred(uint32_t w, uint32_t h, uint32_t ch) { return int32_t((w * 5 + h * 3 + ch * 7) % 7) - 3; }
uint8_t component(uint32_t w, uint32_t h, uint32_t ch) { return uint8_t(centred(w, h, ch) + kMean[ch]); }
// The converter's output with scale 1 and no shift: the unsigned component
// minus its channel's mean.
int32_t element(uint32_t w, uint32_t h, uint32_t ch) { return int32_t(component(w, h, ch)) - kMean[ch]; }
int32_t weight_value(uint32_t k, uint32_t r, uint32_t s, uint32_t ch) { return int32_t((k + 2 * r + s + 3 * ch) % 3) - 1; }

// The plain convolution: |sum| <= 3 x 3 x 4 x 3 = 108, inside int8.
int8_t expected(const Image& img, uint32_t x, uint32_t y, uint32_t k) {
  int32_t sum = 0;
  for (uint32_t r = 0; r < kR; ++r)
    for (uint32_t s = 0; s < kS; ++s)
      for (uint32_t ch = 0; ch < img.channels(); ++ch) {
        const int32_t ih = int32_t(y + r) - 1, iw = int32_t(x + s) - 1;
        int32_t v;
        if (ih < 0 || ih >= int32_t(kH)) {
          v = kCscPad;
        } else if (iw < 0 || iw >= int32_t(kW)) {
          v = kCdmaPad;
        } else {
          v = element(uint32_t(iw), uint32_t(ih), ch);
        }
        sum += v * weight_value(k, r, s, ch);
      }
  return int8_t(sum);
}

// The image in memory: A8R8G8B8 keeps B, G, R, A in bytes 0..3 of a pixel;
// the semi-planar Y in plane 0 and (V, U) in plane 1.
void load_image(hal::Hal& hal, const Image& img) {
  std::vector<uint8_t> plane0(size_t(img.line_stride()) * kH, 0xA5), plane1(size_t(img.uv_line_stride()) * kH, 0x5A);
  for (uint32_t h = 0; h < kH; ++h)
    for (uint32_t w = 0; w < kW; ++w) {
      const size_t p = size_t(h) * img.line_stride() + (kXOffset + w) * img.pixel_bytes();
      if (img.semi_planar) {
        plane0[p] = component(w, h, 0);
        const size_t q = size_t(h) * img.uv_line_stride() + (kXOffset + w) * 2;
        plane1[q] = component(w, h, 2);
        plane1[q + 1] = component(w, h, 1);
      } else {
        plane0[p] = component(w, h, 2);
        plane0[p + 1] = component(w, h, 1);
        plane0[p + 2] = component(w, h, 0);
        plane0[p + 3] = component(w, h, 3);
      }
    }
  hal.write_memory(kImage, plane0.data(), plane0.size());
  hal.write_memory(kImageUV, plane1.data(), plane1.size());
}

// Pre-extended kernels 1 x R x (S x C), channel s x C + c, in the direct
// layout: per channel block of 8, per row, per kernel (one group of 8).
std::vector<uint8_t> weight_bytes(const Image& img) {
  const uint32_t cs = kS * img.channels();
  std::vector<uint8_t> bytes;
  for (uint32_t e0 = 0; e0 < cs; e0 += 8)
    for (uint32_t r = 0; r < kR; ++r)
      for (uint32_t k = 0; k < kK; ++k)
        for (uint32_t e = e0; e < std::min(cs, e0 + 8); ++e)
          bytes.push_back(uint8_t(weight_value(k, r, e / img.channels(), e % img.channels())));
  bytes.resize((bytes.size() + 127) / 128 * 128, 0);
  return bytes;
}

struct Programming {
  uint32_t csc_datain_format = c::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL;
};

void program_layer(NvdlaSystem& system, const Image& img, const Programming& p) {
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc);
  const uint32_t in_size = d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(kW - 1) | d::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(kH - 1);
  const uint32_t cs = kS * img.channels();
  const uint32_t entry_per_slice = ((kW + 2) * img.channels() + 7) / 8 - 1;
  const uint32_t weight_bytes_programmed = (kR * cs * kK + 127) / 128 * 128;
  const uint32_t pixel_format = img.semi_planar ? d::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___U8V8_N444
                                                : d::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8R8G8B8;
  cdma.write(d::D_MISC_CFG, 0);
  cdma.write(d::D_DATAIN_FORMAT, d::D_DATAIN_FORMAT_DATAIN_FORMAT.put(d::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL) |
                                     d::D_DATAIN_FORMAT_PIXEL_FORMAT.put(pixel_format));
  cdma.write(d::D_DATAIN_SIZE_0, in_size);
  cdma.write(d::D_DATAIN_SIZE_1, img.channels() - 1);
  cdma.write(d::D_DATAIN_SIZE_EXT_0, in_size);
  cdma.write(d::D_PIXEL_OFFSET, d::D_PIXEL_OFFSET_PIXEL_X_OFFSET.put(kXOffset));
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kImage));
  cdma.write(d::D_DAIN_ADDR_LOW_1, uint32_t(kImageUV));
  cdma.write(d::D_LINE_STRIDE, img.line_stride());
  cdma.write(d::D_LINE_UV_STRIDE, img.uv_line_stride());
  cdma.write(d::D_ENTRY_PER_SLICE, entry_per_slice);
  program_cdma_weights(cdma, kR * cs, kK, kWeights, weight_bytes_programmed);
  cdma.write(d::D_MEAN_FORMAT, d::D_MEAN_FORMAT_MEAN_FORMAT.put(d::D_MEAN_FORMAT_MEAN_FORMAT_ENABLE));
  cdma.write(d::D_MEAN_GLOBAL_0,
             d::D_MEAN_GLOBAL_0_MEAN_RY.put(uint16_t(kMean[0])) | d::D_MEAN_GLOBAL_0_MEAN_GU.put(uint16_t(kMean[1])));
  cdma.write(d::D_MEAN_GLOBAL_1, d::D_MEAN_GLOBAL_1_MEAN_BV.put(uint16_t(kMean[2])) | d::D_MEAN_GLOBAL_1_MEAN_AX.put(uint16_t(kMean[3])));
  cdma.write(d::D_CVT_CFG, d::D_CVT_CFG_CVT_EN.put(1));
  cdma.write(d::D_CVT_SCALE, 1);
  cdma.write(d::D_ZERO_PADDING, d::D_ZERO_PADDING_PAD_LEFT.put(1) | d::D_ZERO_PADDING_PAD_RIGHT.put(1) |
                                    d::D_ZERO_PADDING_PAD_TOP.put(1) | d::D_ZERO_PADDING_PAD_BOTTOM.put(1));
  cdma.write(d::D_ZERO_PADDING_VALUE, uint16_t(int16_t(kCdmaPad)));
  cdma.write(d::D_BANK, d::D_BANK_DATA_BANK.put(0) | d::D_BANK_WEIGHT_BANK.put(0));

  csc.write(c::D_MISC_CFG, 0);
  csc.write(c::D_DATAIN_FORMAT, c::D_DATAIN_FORMAT_DATAIN_FORMAT.put(p.csc_datain_format));
  csc.write(c::D_DATAIN_SIZE_EXT_0, in_size);
  csc.write(c::D_DATAIN_SIZE_EXT_1, img.channels() - 1);
  csc.write(c::D_ENTRY_PER_SLICE, entry_per_slice);
  // Pre-extended kernels: 1 x R, S x C channels.
  program_csc_weight_size(csc, 1, kR, cs, kK, weight_bytes_programmed);
  program_csc_dataout(csc, kOutW, kOutH, kK);
  csc.write(c::D_ZERO_PADDING, c::D_ZERO_PADDING_PAD_LEFT.put(1) | c::D_ZERO_PADDING_PAD_TOP.put(1));
  csc.write(c::D_ZERO_PADDING_VALUE, uint16_t(int16_t(kCscPad)));
  csc.write(c::D_BANK, c::D_BANK_DATA_BANK.put(0) | c::D_BANK_WEIGHT_BANK.put(0));
  program_cmac_cacc(system, kOutW, kOutH, kK);

  // SDP_RDMA flying, every operand DMA off; SDP a pass-through to memory.
  program_sdp_flying_passthrough(system, {kOutW, kOutH, kK, 1, kOut, kOutLine, kOutSpan});
}

void load(NvdlaSystem& system, const Image& img, const std::vector<uint8_t>& before) {
  load_image(system.hal(), img);
  const std::vector<uint8_t> weights = weight_bytes(img);
  system.hal().write_memory(kWeights, weights.data(), weights.size());
  system.hal().write_memory(kOut, before.data(), before.size());
}

// Loads the memory (the destination prefilled with `before`), programs the
// layer and sets every unit's D_OP_ENABLE.
void start_layer(NvdlaSystem& system, const Image& img, const std::vector<uint8_t>& before, const Programming& p) {
  load(system, img, before);
  program_layer(system, img, p);
  enable_conv_layer(system);
}

void expect_image_layer(const Image& img) {
  const std::vector<uint8_t> before = pattern(kOut, kOutSpan, 0x3C);
  std::vector<uint8_t> after(kOutSpan);
  uint32_t status = 0;
  run_firmware(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    start_layer(system, img, before, Programming{});
    status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    system.hal().read_memory(kOut, after.data(), after.size());
  });
  EXPECT_EQ(status & kConvLayerDone0, kConvLayerDone0);
  size_t mismatches = 0;
  for (uint32_t y = 0; y < kOutH; ++y)
    for (uint32_t x = 0; x < kOutW; ++x)
      for (uint32_t k = 0; k < kK; ++k) {
        const int8_t got = int8_t(after[y * kOutLine + x * kAtom + k]);
        if (got != expected(img, x, y, k) && ++mismatches <= 10) {
          ADD_FAILURE() << "(" << x << ", " << y << ") kernel " << k << ": " << int(got) << ", expected "
                        << int(expected(img, x, y, k));
        }
      }
  EXPECT_EQ(mismatches, 0u);
}

TEST(ConvImageModel, A8R8G8B8WithMeansThroughSdp) { expect_image_layer(Image{}); }

TEST(ConvImageModel, SemiPlanarY8U8V8WithMeansThroughSdp) {
  Image img;
  img.semi_planar = true;
  expect_image_layer(img);
}

TEST(ConvImageModel, CscFeatureFormatIsRefusedBeforeAnyWrite) {
  const Image img;
  const std::vector<uint8_t> before = pattern(kOut, kOutSpan, 0x3C);
  std::vector<uint8_t> at_error(kOutSpan);
  NvdlaSystem* top = nullptr;
  SnapshotAtError snapshot([&] { top->mcif_memory().peek(kOut, at_error.data(), at_error.size()); });
  Programming p;
  p.csc_datain_format = c::D_DATAIN_FORMAT_DATAIN_FORMAT_FEATURE;
  const std::string message = run_expecting_error(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    top = &system;
    start_layer(system, img, before, p);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"CDMA D_DATAIN_FORMAT.DATAIN_FORMAT (PIXEL) and CSC D_DATAIN_FORMAT.DATAIN_FORMAT "
                                 "(FEATURE) disagree"}));
  EXPECT_EQ(at_error, before) << "nothing may be written";
}

// ---- fp16 image on nv_full ------------------------------------------------
// T_A16B16G16R16_F: 8-byte pixels, R, G, B, A in halfwords 0..3; PIXEL_X
// _OFFSET 1. A 3 x 2 image, kernels 1 x R 2 x (S 2 x C 4) pre-extended, two
// kernels, padding left 1, right 1 (CDMA pad 0.5), top 1 (CSC pad -1):
// output 4 x 2. Every value is n / 8 with |n| <= 15 (weights |n| <= 7), so
// CMAC's products and CACC's sums are exact, every |sum| < 32 is a
// multiple of 1/64 and SDP's fp16 output is exact. Pixel (1, 1) R is a
// NaN: with D_NAN_FLUSH_TO_ZERO it is +0 and D_NAN_INPUT_DATA_NUM counts
// it; the infinity and NaN in the PIXEL_X_OFFSET bytes are not counted.
namespace fp {

namespace a = regs::cacc;
namespace sdp = regs::sdp;

constexpr uint32_t kAtom = 32;  // 16 fp16 lanes
constexpr uint32_t kW = 3, kH = 2, kC = 4, kR = 2, kS = 2, kK = 2;
constexpr uint32_t kOutW = 4, kOutH = 2;
constexpr uint32_t kXOffset = 1, kPixel = 8, kLineStride = 64;
constexpr uint64_t kImage = 0x80000000, kWeights = 0x80010000, kOut = 0x80040000;
constexpr uint32_t kOutLine = kOutW * kAtom, kOutSpan = kOutLine * kOutH;
constexpr uint16_t kCdmaPad = 0x3800, kCscPad = 0xBC00;  // 0.5, -1.0
constexpr uint32_t kNanW = 1, kNanH = 1, kNanC = 0;

// fp16 pattern of an exact value (a multiple of 2^-10 below 2^15 in
// magnitude, normal).
uint16_t to_fp16(double v) {
  if (v == 0) return 0;
  int e = 0;
  const double m = std::frexp(std::fabs(v), &e);  // |v| = m x 2^e, m in [0.5, 1)
  const uint32_t mantissa = uint32_t(std::ldexp(m, 11)) - 1024;
  return uint16_t((v < 0 ? 0x8000u : 0u) | uint32_t(e - 1 + 15) << 10 | mantissa);
}

int32_t pixel_n(uint32_t w, uint32_t h, uint32_t ch) { return int32_t((w * 7 + h * 5 + ch * 3) % 31) - 15; }
int32_t weight_n(uint32_t k, uint32_t r, uint32_t s, uint32_t ch) {
  return int32_t((k * 5 + r * 3 + s * 2 + ch) % 15) - 7;
}

std::vector<uint8_t> image_bytes() {
  std::vector<uint8_t> bytes(size_t(kLineStride) * kH, 0x11);
  const auto put = [&](size_t at, uint16_t v) {
    bytes[at] = uint8_t(v);
    bytes[at + 1] = uint8_t(v >> 8);
  };
  for (uint32_t h = 0; h < kH; ++h) {
    put(size_t(h) * kLineStride, 0x7C00);      // infinity before the first pixel
    put(size_t(h) * kLineStride + 2, 0xFE01);  // NaN before the first pixel
    for (uint32_t w = 0; w < kW; ++w)
      for (uint32_t ch = 0; ch < kC; ++ch) {
        const bool nan = w == kNanW && h == kNanH && ch == kNanC;
        const uint16_t v = nan ? 0x7E01 : to_fp16(pixel_n(w, h, ch) / 8.0);
        put(size_t(h) * kLineStride + (kXOffset + w) * kPixel + 2 * ch, v);
      }
  }
  return bytes;
}

// Direct layout of the pre-extended kernels (one group, one channel block
// of 8): per row, per kernel, channel s x C + c; padded to 128 bytes.
std::vector<uint8_t> weight_bytes() {
  std::vector<uint8_t> bytes;
  for (uint32_t r = 0; r < kR; ++r)
    for (uint32_t k = 0; k < kK; ++k)
      for (uint32_t e = 0; e < kS * kC; ++e) {
        const uint16_t v = to_fp16(weight_n(k, r, e / kC, e % kC) / 8.0);
        bytes.push_back(uint8_t(v));
        bytes.push_back(uint8_t(v >> 8));
      }
  bytes.resize(128, 0);
  return bytes;
}

// The plain convolution, the NaN flushed to 0.
double expected(uint32_t x, uint32_t y, uint32_t k) {
  double sum = 0;
  for (uint32_t r = 0; r < kR; ++r)
    for (uint32_t s = 0; s < kS; ++s)
      for (uint32_t ch = 0; ch < kC; ++ch) {
        const int32_t ih = int32_t(y + r) - 1, iw = int32_t(x + s) - 1;
        double v;
        if (ih < 0 || ih >= int32_t(kH)) {
          v = -1.0;
        } else if (iw < 0 || iw >= int32_t(kW)) {
          v = 0.5;
        } else if (uint32_t(iw) == kNanW && uint32_t(ih) == kNanH && ch == kNanC) {
          v = 0;
        } else {
          v = pixel_n(uint32_t(iw), uint32_t(ih), ch) / 8.0;
        }
        sum += v * (weight_n(k, r, s, ch) / 8.0);
      }
  return sum;
}

void program_layer(NvdlaSystem& system) {
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t fp16 = d::D_MISC_CFG_IN_PRECISION.put(d::D_MISC_CFG_IN_PRECISION_FP16) |
                        d::D_MISC_CFG_PROC_PRECISION.put(d::D_MISC_CFG_PROC_PRECISION_FP16);
  const uint32_t in_size = d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(kW - 1) | d::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(kH - 1);
  const uint32_t cs = kS * kC;
  cdma.write(d::D_MISC_CFG, fp16);
  cdma.write(d::D_DATAIN_FORMAT,
             d::D_DATAIN_FORMAT_DATAIN_FORMAT.put(d::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL) |
                 d::D_DATAIN_FORMAT_PIXEL_FORMAT.put(d::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16_F));
  cdma.write(d::D_DATAIN_SIZE_0, in_size);
  cdma.write(d::D_DATAIN_SIZE_1, kC - 1);
  cdma.write(d::D_DATAIN_SIZE_EXT_0, in_size);
  cdma.write(d::D_PIXEL_OFFSET, d::D_PIXEL_OFFSET_PIXEL_X_OFFSET.put(kXOffset));
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_HIGH_0, uint32_t(kImage >> 32));
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kImage));
  cdma.write(d::D_LINE_STRIDE, kLineStride);
  cdma.write(d::D_ENTRY_PER_SLICE, 0);  // (1 + 3 + 1) x 4 x 2 = 40 bytes: one 128-byte entry
  cdma.write(d::D_WEIGHT_FORMAT, 0);
  program_cdma_weights(cdma, kR * cs * 2, kK, kWeights, 128);
  cdma.write(d::D_ZERO_PADDING, d::D_ZERO_PADDING_PAD_LEFT.put(1) | d::D_ZERO_PADDING_PAD_RIGHT.put(1) |
                                    d::D_ZERO_PADDING_PAD_TOP.put(1));
  cdma.write(d::D_ZERO_PADDING_VALUE, kCdmaPad);
  cdma.write(d::D_NAN_FLUSH_TO_ZERO, 1);
  cdma.write(d::D_BANK, 0);

  csc.write(c::D_MISC_CFG, fp16);
  csc.write(c::D_DATAIN_FORMAT, c::D_DATAIN_FORMAT_DATAIN_FORMAT.put(c::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL));
  csc.write(c::D_DATAIN_SIZE_EXT_0, in_size);
  csc.write(c::D_DATAIN_SIZE_EXT_1, kC - 1);
  csc.write(c::D_ENTRY_PER_SLICE, 0);
  csc.write(c::D_WEIGHT_FORMAT, 0);
  program_csc_weight_size(csc, 1, kR, cs, kK, 128);
  program_csc_dataout(csc, kOutW, kOutH, kK);
  csc.write(c::D_ZERO_PADDING, c::D_ZERO_PADDING_PAD_LEFT.put(1) | c::D_ZERO_PADDING_PAD_TOP.put(1));
  csc.write(c::D_ZERO_PADDING_VALUE, kCscPad);
  csc.write(c::D_BANK, 0);
  program_cmac_cacc(system, kOutW, kOutH, kK);
  UnitRegisters(system, Unit::CmacA).write(regs::cmac_a::D_MISC_CFG, fp16);
  UnitRegisters(system, Unit::CmacB).write(regs::cmac_b::D_MISC_CFG, fp16);
  cacc.write(a::D_MISC_CFG, fp16);

  // SDP: a pass-through of its FP16 datapath, fp16 out.
  program_sdp_flying_passthrough(system, {kOutW, kOutH, kK, 1, kOut, kOutLine, kOutSpan});
  UnitRegisters(system, Unit::Sdp)
      .write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(sdp::D_DATA_FORMAT_PROC_PRECISION_FP16) |
                                     sdp::D_DATA_FORMAT_OUT_PRECISION.put(sdp::D_DATA_FORMAT_OUT_PRECISION_FP16));
}

}  // namespace fp

TEST(ConvImageModel, Fp16ImageWithFlushedNanOnNvFull) {
  std::vector<uint8_t> after(fp::kOutSpan);
  uint32_t status = 0, nan_data = 0, inf_data = 0, nan_output = 0;
  EXPECT_NO_THROW(run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    const std::vector<uint8_t> image = fp::image_bytes(), weights = fp::weight_bytes();
    const std::vector<uint8_t> before(fp::kOutSpan, 0x3C);
    hal.write_memory(fp::kImage, image.data(), image.size());
    hal.write_memory(fp::kWeights, weights.data(), weights.size());
    hal.write_memory(fp::kOut, before.data(), before.size());
    fp::program_layer(system);
    enable_conv_layer(system);
    status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    hal.read_memory(fp::kOut, after.data(), after.size());
    UnitRegisters cdma(system, Unit::Cdma), sd(system, Unit::Sdp);
    nan_data = cdma.read(d::D_NAN_INPUT_DATA_NUM);
    inf_data = cdma.read(d::D_INF_INPUT_DATA_NUM);
    nan_output = sd.read(fp::sdp::D_STATUS_NAN_OUTPUT_NUM);
  }));
  EXPECT_EQ(status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(nan_data, 1u);
  EXPECT_EQ(inf_data, 0u);
  EXPECT_EQ(nan_output, 0u);
  size_t mismatches = 0;
  for (uint32_t y = 0; y < fp::kOutH; ++y)
    for (uint32_t x = 0; x < fp::kOutW; ++x)
      for (uint32_t k = 0; k < fp::kK; ++k) {
        const size_t at = size_t(y) * fp::kOutLine + size_t(x) * fp::kAtom + 2 * k;
        const uint16_t got = uint16_t(after[at] | after[at + 1] << 8);
        const uint16_t want = fp::to_fp16(fp::expected(x, y, k));
        if (got != want && ++mismatches <= 10) {
          ADD_FAILURE() << "(" << x << ", " << y << ") kernel " << k << ": 0x" << std::hex << got << ", expected 0x"
                        << want << std::dec;
        }
      }
  EXPECT_EQ(mismatches, 0u);
}

}  // namespace
}  // namespace acosim::nvdla::test

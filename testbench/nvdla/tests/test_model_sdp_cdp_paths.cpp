// Three model paths driven through the CSB of the co-simulation top, each
// checked against a hand computation written out here (not the models'
// datapath functions):
//  - a convolution (CDMA -> CSC -> CMAC_A/B -> CACC) into SDP in flying
//    mode, whose BS stage adds a per-kernel bias and whose BN stage
//    multiplies by a per-element factor, both fetched by SDP_RDMA (BRDMA,
//    NRDMA), then ReLU and the output converter (nv_small);
//  - SDP's EW stage in EQL compare mode with its operand from ERDMA, on
//    equal and on unequal cubes: nothing written, D_STATUS.STATUS_UNEQUAL
//    (nv_small_256_full, which has the EW stage);
//  - CDP's LUT counters D_PERF_LUT_* after an LRN layer whose square sums
//    land in each of the five LUT outcomes a known number of times, with
//    D_PERF_ENABLE.LUT_EN set and clear (nv_small).
// Each test elaborates one top (one SystemC simulation per process).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <vector>

#include "testbench/nvdla/tests/csb_layers.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace sdp = regs::sdp;
namespace rdma = regs::sdp_rdma;

// ---------------------------------------------------------------------------
// Rounding and saturation, written out from the RTL.

// Arithmetic right shift by `s` rounding to nearest, ties away from zero
// (vmod/vlibs/NV_NVDLA_HLS_shiftrightsu.v: floor(p / 2^s) plus the guard
// bit, except for a negative value whose sticky bits are all 0, so -2.5
// gives -3 and 2.5 gives 3). Shift 0 is the identity.
int64_t round_shift(int64_t p, unsigned s) {
  if (s == 0) return p;
  const int64_t magnitude = (std::llabs(p) + (int64_t{1} << (s - 1))) >> s;
  return p < 0 ? -magnitude : magnitude;
}

int64_t saturate(int64_t v, unsigned bits) {
  const int64_t hi = (int64_t{1} << (bits - 1)) - 1, lo = -(int64_t{1} << (bits - 1));
  return std::min(hi, std::max(lo, v));
}

// ---------------------------------------------------------------------------
// 1. SDP_RDMA operand fetch in flying mode (nv_small: 8-byte atoms, atomic
// C = atomic K = 8, nvdla/hw spec/defs/nv_small.spec).

constexpr uint32_t kW = 4, kH = 3, kC = 8;  // input cube
constexpr uint32_t kK = 10;                 // kernels: two output surfaces, 10 of 16 lanes used
constexpr uint32_t kR = 3, kS = 3;          // 3x3 kernels, padding 1 on every side, stride 1
constexpr uint32_t kOutW = kW, kOutH = kH;  // (4 + 2 - 3) / 1 + 1 = 4, (3 + 2 - 3) + 1 = 3
constexpr uint32_t kAtom = 8;
constexpr uint32_t kOutSurfaces = (kK + kAtom - 1) / kAtom;  // 2
constexpr uint64_t kConvIn = 0x80000000, kConvWeights = 0x80001000, kBias = 0x80002000, kMulOps = 0x80003000,
                   kConvOut = 0x80004000, kConvGuard = 64;
// Packed cubes of 8-byte atoms: a line is W atoms, a surface H lines.
constexpr uint32_t kLineStride = kW * kAtom, kSurfaceStride = kLineStride * kH;
constexpr uint32_t kOutBytes = kSurfaceStride * kOutSurfaces;

int8_t conv_input(uint32_t w, uint32_t h, uint32_t c) { return int8_t(int(w * 3 + h * 5 + c * 7) % 17 - 8); }
int8_t conv_weight(uint32_t k, uint32_t r, uint32_t s, uint32_t c) {
  return int8_t(int(k * 5 + r * 3 + s * 7 + c * 11) % 9 - 4);
}
// The BS ALU operand per kernel (two-byte records) and the BN MUL operand per
// element (one-byte records).
int16_t conv_bias(uint32_t k) { return int16_t(100 * int(k) - 450); }
int8_t conv_factor(uint32_t w, uint32_t h, uint32_t k) { return int8_t(int(w + 2 * h + 3 * k) % 7 - 2); }

// SDP programming of the test.
constexpr unsigned kBsAluShift = 2;  // D_DP_BS_ALU_CFG.BS_ALU_SHIFT_VALUE
constexpr unsigned kBnMulShift = 3;  // D_DP_BN_MUL_CFG.BN_MUL_SHIFT_VALUE
constexpr int32_t kCvtOffset = 40;   // D_CVT_OFFSET
constexpr int16_t kCvtScale = 3;     // D_CVT_SCALE
constexpr unsigned kCvtShift = 4;    // D_CVT_SHIFT

// The feature cube in memory: packed, channel c of (w, h) at surface c / 8,
// lane c % 8.
std::vector<uint8_t> conv_input_bytes() {
  std::vector<uint8_t> bytes(size_t(kSurfaceStride) * ((kC + kAtom - 1) / kAtom));
  for (uint32_t h = 0; h < kH; ++h)
    for (uint32_t w = 0; w < kW; ++w)
      for (uint32_t c = 0; c < kC; ++c)
        bytes[(c / kAtom) * kSurfaceStride + h * kLineStride + w * kAtom + c % kAtom] = uint8_t(conv_input(w, h, c));
  return bytes;
}

// Direct-convolution weights as NVDLA stores them (nvdla/doc
// doc/hw/format.rst, "Basic Weight for Direct Convolution"): kernels in
// groups of atomic K = 8 (the last group has K mod 8 = 2), groups one after
// the other; inside a group, 1x1x8 channel pieces (C = 8 is one channel
// block) with the channel fastest, then the kernel of the group, then the
// kernel column s, then the kernel row r.
std::vector<uint8_t> conv_weight_bytes() {
  std::vector<uint8_t> bytes;
  for (uint32_t group = 0; group * kAtom < kK; ++group) {
    const uint32_t first = group * kAtom, count = std::min(kAtom, kK - first);
    for (uint32_t r = 0; r < kR; ++r)
      for (uint32_t s = 0; s < kS; ++s)
        for (uint32_t k = first; k < first + count; ++k)
          for (uint32_t c = 0; c < kC; ++c) bytes.push_back(uint8_t(conv_weight(k, r, s, c)));
  }
  return bytes;
}

// BRDMA's per-kernel records (nvdla/doc format.rst "Bias data"; SDP_RDMA
// NV_NVDLA_SDP_RDMA_eg.v): one little-endian int16 per channel of every
// output surface (16 records for 2 surfaces), read as one block. Channels
// beyond K get 0.
std::vector<uint8_t> bias_bytes() {
  std::vector<uint8_t> bytes(size_t(kOutSurfaces) * kAtom * 2, 0);
  for (uint32_t k = 0; k < kK; ++k) {
    const uint16_t v = uint16_t(conv_bias(k));
    bytes[2 * k] = uint8_t(v);
    bytes[2 * k + 1] = uint8_t(v >> 8);
  }
  return bytes;
}

// NRDMA's per-element records: one byte per element of the output cube, laid
// out as the output cube itself (D_BN_LINE_STRIDE, D_BN_SURFACE_STRIDE);
// lanes beyond K get 1.
std::vector<uint8_t> factor_bytes() {
  std::vector<uint8_t> bytes(kOutBytes, 1);
  for (uint32_t h = 0; h < kOutH; ++h)
    for (uint32_t w = 0; w < kOutW; ++w)
      for (uint32_t k = 0; k < kK; ++k)
        bytes[(k / kAtom) * kSurfaceStride + h * kLineStride + w * kAtom + k % kAtom] = uint8_t(conv_factor(w, h, k));
  return bytes;
}

// The expected int8 output of kernel k at (w, h).
int8_t expected_conv_output(uint32_t w, uint32_t h, uint32_t k) {
  // Convolution with zero padding (CSC D_ZERO_PADDING_VALUE = 0): products
  // are exact and the sum (at most 72 * 8 * 4) is far from CACC's 34-bit
  // saturation; CLIP_TRUNCATE = 0 passes it to SDP unchanged
  // (vmod/nvdla/cacc/NV_NVDLA_CACC_CALC_int8.v).
  int64_t sum = 0;
  for (uint32_t r = 0; r < kR; ++r)
    for (uint32_t s = 0; s < kS; ++s) {
      const int x = int(w) + int(s) - 1, y = int(h) + int(r) - 1;
      if (x < 0 || y < 0 || x >= int(kW) || y >= int(kH)) continue;
      for (uint32_t c = 0; c < kC; ++c) sum += int64_t{conv_input(uint32_t(x), uint32_t(y), c)} * conv_weight(k, r, s, c);
    }
  // BS (X1) ALU, SUM with the operand from memory: the 16-bit operand is
  // shifted left by BS_ALU_SHIFT_VALUE into 32 bits, then added in 33 bits
  // (vmod/nvdla/sdp/NV_NVDLA_SDP_HLS_X_int_alu.v, NV_NVDLA_HLS_shiftleftsu).
  int64_t a = sum + saturate(int64_t{conv_bias(k)} * (int64_t{1} << kBsAluShift), 32);
  // BS MUL bypassed: the truncation unit still shifts by BS_MUL_SHIFT_VALUE
  // = 0 and saturates to 32 bits (NV_NVDLA_SDP_HLS_X_int_mul.v feeds
  // NV_NVDLA_SDP_HLS_X_int_trt.v either way). BS ReLU bypassed.
  a = saturate(round_shift(a, 0), 32);
  // BN (X2) ALU bypassed; MUL by the per-element operand from memory, the
  // 49-bit product rounded by BN_MUL_SHIFT_VALUE and saturated to 32 bits
  // (NV_NVDLA_SDP_HLS_X_int_mul.v, NV_NVDLA_SDP_HLS_X_int_trt.v with
  // NV_NVDLA_HLS_shiftrightsu); then ReLU (NV_NVDLA_SDP_HLS_X_int_relu.v).
  int64_t y = saturate(round_shift(a * conv_factor(w, h, k), kBnMulShift), 32);
  y = std::max<int64_t>(y, 0);
  // Output converter (NV_NVDLA_SDP_HLS_C_int.v): subtract D_CVT_OFFSET (33
  // bits), multiply by D_CVT_SCALE (49 bits), round by D_CVT_SHIFT and
  // saturate to 17 bits (NV_NVDLA_HLS_shiftrightsatsu), then to int8.
  const int64_t t = saturate(round_shift((y - kCvtOffset) * kCvtScale, kCvtShift), 17);
  return int8_t(saturate(t, 8));
}

void program_convolution(NvdlaSystem& system) {
  namespace d = regs::cdma;
  namespace c = regs::csc;
  namespace a = regs::cacc;
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t weight_bytes = kR * kS * kC * kK;
  const uint32_t in_size = d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(kW - 1) | d::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(kH - 1);
  // One CBUF entry is one 8-byte atom: a slice (one input line) is W entries
  // per surface.
  const uint32_t entry_per_slice = kW * ((kC + kAtom - 1) / kAtom) - 1;

  // CDMA: direct convolution, int8 (D_MISC_CFG = 0), feature input.
  cdma.write(d::D_MISC_CFG, 0);
  cdma.write(d::D_DATAIN_FORMAT, 0);
  cdma.write(d::D_DATAIN_SIZE_0, in_size);
  cdma.write(d::D_DATAIN_SIZE_1, kC - 1);
  cdma.write(d::D_DATAIN_SIZE_EXT_0, in_size);
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_HIGH_0, uint32_t(kConvIn >> 32));
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kConvIn));
  cdma.write(d::D_LINE_STRIDE, kLineStride);
  cdma.write(d::D_SURF_STRIDE, kSurfaceStride);
  cdma.write(d::D_DAIN_MAP, d::D_DAIN_MAP_LINE_PACKED.put(1) | d::D_DAIN_MAP_SURF_PACKED.put(1));
  cdma.write(d::D_ENTRY_PER_SLICE, entry_per_slice);
  cdma.write(d::D_WEIGHT_FORMAT, 0);
  program_cdma_weights(cdma, kR * kS * kC, kK, kConvWeights, weight_bytes);
  cdma.write(d::D_CVT_CFG, 0);
  cdma.write(d::D_CONV_STRIDE, 0);
  cdma.write(d::D_ZERO_PADDING, d::D_ZERO_PADDING_PAD_LEFT.put(1) | d::D_ZERO_PADDING_PAD_RIGHT.put(1) |
                                    d::D_ZERO_PADDING_PAD_TOP.put(1) | d::D_ZERO_PADDING_PAD_BOTTOM.put(1));
  cdma.write(d::D_ZERO_PADDING_VALUE, 0);
  cdma.write(d::D_BANK, d::D_BANK_DATA_BANK.put(0) | d::D_BANK_WEIGHT_BANK.put(0));

  // CSC: the same layer as the sequencer sees it.
  csc.write(c::D_MISC_CFG, 0);
  csc.write(c::D_DATAIN_FORMAT, 0);
  csc.write(c::D_DATAIN_SIZE_EXT_0, in_size);
  csc.write(c::D_DATAIN_SIZE_EXT_1, kC - 1);
  csc.write(c::D_ENTRY_PER_SLICE, entry_per_slice);
  csc.write(c::D_WEIGHT_FORMAT, 0);
  program_csc_weight_size(csc, kS, kR, kC, kK, weight_bytes);
  program_csc_dataout(csc, kOutW, kOutH, kK);
  csc.write(c::D_CONV_STRIDE_EXT, 0);
  csc.write(c::D_DILATION_EXT, 0);
  csc.write(c::D_ZERO_PADDING, c::D_ZERO_PADDING_PAD_LEFT.put(1) | c::D_ZERO_PADDING_PAD_TOP.put(1));
  csc.write(c::D_ZERO_PADDING_VALUE, 0);
  csc.write(c::D_BANK, c::D_BANK_DATA_BANK.put(0) | c::D_BANK_WEIGHT_BANK.put(0));

  program_cmac_cacc(system, kOutW, kOutH, kK);
  cacc.write(a::D_CLIP_CFG, a::D_CLIP_CFG_CLIP_TRUNCATE.put(0));
}

void program_flying_sdp(NvdlaSystem& system) {
  UnitRegisters rd(system, Unit::SdpRdma), sd(system, Unit::Sdp);
  // SDP_RDMA: the feature data comes from CACC (FLYING_MODE ON, MRDMA off);
  // BRDMA and NRDMA fetch the operands of the output cube.
  rd.write(rdma::D_FEATURE_MODE_CFG, rdma::D_FEATURE_MODE_CFG_FLYING_MODE.put(rdma::D_FEATURE_MODE_CFG_FLYING_MODE_ON));
  rd.write(rdma::D_DATA_CUBE_WIDTH, kOutW - 1);
  rd.write(rdma::D_DATA_CUBE_HEIGHT, kOutH - 1);
  rd.write(rdma::D_DATA_CUBE_CHANNEL, kK - 1);
  rd.write(rdma::D_BRDMA_CFG, rdma::D_BRDMA_CFG_BRDMA_DISABLE.put(rdma::D_BRDMA_CFG_BRDMA_DISABLE_NO) |
                                  rdma::D_BRDMA_CFG_BRDMA_DATA_USE.put(rdma::D_BRDMA_CFG_BRDMA_DATA_USE_ALU) |
                                  rdma::D_BRDMA_CFG_BRDMA_DATA_SIZE.put(rdma::D_BRDMA_CFG_BRDMA_DATA_SIZE_TWO_BYTE) |
                                  rdma::D_BRDMA_CFG_BRDMA_DATA_MODE.put(rdma::D_BRDMA_CFG_BRDMA_DATA_MODE_PER_KERNEL) |
                                  rdma::D_BRDMA_CFG_BRDMA_RAM_TYPE.put(rdma::D_BRDMA_CFG_BRDMA_RAM_TYPE_MC));
  rd.write(rdma::D_BS_BASE_ADDR_HIGH, uint32_t(kBias >> 32));
  rd.write(rdma::D_BS_BASE_ADDR_LOW, uint32_t(kBias));
  rd.write(rdma::D_BS_LINE_STRIDE, kLineStride);
  rd.write(rdma::D_BS_SURFACE_STRIDE, kSurfaceStride);
  rd.write(rdma::D_NRDMA_CFG, rdma::D_NRDMA_CFG_NRDMA_DISABLE.put(rdma::D_NRDMA_CFG_NRDMA_DISABLE_NO) |
                                  rdma::D_NRDMA_CFG_NRDMA_DATA_USE.put(rdma::D_NRDMA_CFG_NRDMA_DATA_USE_MUL) |
                                  rdma::D_NRDMA_CFG_NRDMA_DATA_SIZE.put(rdma::D_NRDMA_CFG_NRDMA_DATA_SIZE_ONE_BYTE) |
                                  rdma::D_NRDMA_CFG_NRDMA_DATA_MODE.put(rdma::D_NRDMA_CFG_NRDMA_DATA_MODE_PER_ELEMENT) |
                                  rdma::D_NRDMA_CFG_NRDMA_RAM_TYPE.put(rdma::D_NRDMA_CFG_NRDMA_RAM_TYPE_MC));
  rd.write(rdma::D_BN_BASE_ADDR_HIGH, uint32_t(kMulOps >> 32));
  rd.write(rdma::D_BN_BASE_ADDR_LOW, uint32_t(kMulOps));
  rd.write(rdma::D_BN_LINE_STRIDE, kLineStride);
  rd.write(rdma::D_BN_SURFACE_STRIDE, kSurfaceStride);
  rd.write(rdma::D_ERDMA_CFG, rdma::D_ERDMA_CFG_ERDMA_DISABLE.put(rdma::D_ERDMA_CFG_ERDMA_DISABLE_YES));

  sd.write(sdp::D_DATA_CUBE_WIDTH, kOutW - 1);
  sd.write(sdp::D_DATA_CUBE_HEIGHT, kOutH - 1);
  sd.write(sdp::D_DATA_CUBE_CHANNEL, kK - 1);
  sd.write(sdp::D_DP_BS_CFG, sdp::D_DP_BS_CFG_BS_BYPASS.put(sdp::D_DP_BS_CFG_BS_BYPASS_NO) |
                                 sdp::D_DP_BS_CFG_BS_ALU_BYPASS.put(sdp::D_DP_BS_CFG_BS_ALU_BYPASS_NO) |
                                 sdp::D_DP_BS_CFG_BS_ALU_ALGO.put(sdp::D_DP_BS_CFG_BS_ALU_ALGO_SUM) |
                                 sdp::D_DP_BS_CFG_BS_MUL_BYPASS.put(sdp::D_DP_BS_CFG_BS_MUL_BYPASS_YES) |
                                 sdp::D_DP_BS_CFG_BS_RELU_BYPASS.put(sdp::D_DP_BS_CFG_BS_RELU_BYPASS_YES));
  sd.write(sdp::D_DP_BS_ALU_CFG, sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC_MEM) |
                                     sdp::D_DP_BS_ALU_CFG_BS_ALU_SHIFT_VALUE.put(kBsAluShift));
  sd.write(sdp::D_DP_BS_MUL_CFG, sdp::D_DP_BS_MUL_CFG_BS_MUL_SHIFT_VALUE.put(0));
  sd.write(sdp::D_DP_BN_CFG, sdp::D_DP_BN_CFG_BN_BYPASS.put(sdp::D_DP_BN_CFG_BN_BYPASS_NO) |
                                 sdp::D_DP_BN_CFG_BN_ALU_BYPASS.put(sdp::D_DP_BN_CFG_BN_ALU_BYPASS_YES) |
                                 sdp::D_DP_BN_CFG_BN_MUL_BYPASS.put(sdp::D_DP_BN_CFG_BN_MUL_BYPASS_NO) |
                                 sdp::D_DP_BN_CFG_BN_MUL_PRELU.put(sdp::D_DP_BN_CFG_BN_MUL_PRELU_NO) |
                                 sdp::D_DP_BN_CFG_BN_RELU_BYPASS.put(sdp::D_DP_BN_CFG_BN_RELU_BYPASS_NO));
  sd.write(sdp::D_DP_BN_MUL_CFG, sdp::D_DP_BN_MUL_CFG_BN_MUL_SRC.put(sdp::D_DP_BN_MUL_CFG_BN_MUL_SRC_MEM) |
                                     sdp::D_DP_BN_MUL_CFG_BN_MUL_SHIFT_VALUE.put(kBnMulShift));
  sd.write(sdp::D_DP_EW_CFG, sdp::D_DP_EW_CFG_EW_BYPASS.put(sdp::D_DP_EW_CFG_EW_BYPASS_YES));
  sd.write(sdp::D_FEATURE_MODE_CFG,
           sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
               sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM));
  sd.write(sdp::D_DST_DMA_CFG, sdp::D_DST_DMA_CFG_DST_RAM_TYPE.put(sdp::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  sd.write(sdp::D_DST_BASE_ADDR_HIGH, uint32_t(kConvOut >> 32));
  sd.write(sdp::D_DST_BASE_ADDR_LOW, uint32_t(kConvOut));
  sd.write(sdp::D_DST_LINE_STRIDE, kLineStride);
  sd.write(sdp::D_DST_SURFACE_STRIDE, kSurfaceStride);
  sd.write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(sdp::D_DATA_FORMAT_PROC_PRECISION_INT8) |
                                   sdp::D_DATA_FORMAT_OUT_PRECISION.put(sdp::D_DATA_FORMAT_OUT_PRECISION_INT8));
  sd.write(sdp::D_CVT_OFFSET, uint32_t(kCvtOffset));
  sd.write(sdp::D_CVT_SCALE, uint16_t(kCvtScale));
  sd.write(sdp::D_CVT_SHIFT, kCvtShift);
}

// Loads the layer's data (the output region prefilled with `before`),
// programs the convolution and SDP, lets `adjust` change the programming,
// and enables every unit of the layer, consumers before producers: SDP_RDMA
// and SDP, then CACC, CMAC_A/B, CSC and CDMA.
void start_flying_layer(NvdlaSystem& system, const std::vector<uint8_t>& before,
                        const std::function<void(NvdlaSystem&)>& adjust) {
  hal::Hal& hal = system.hal();
  const std::vector<uint8_t> input = conv_input_bytes(), weights = conv_weight_bytes(), bias = bias_bytes(),
                             factors = factor_bytes();
  hal.write_memory(kConvIn, input.data(), input.size());
  hal.write_memory(kConvWeights, weights.data(), weights.size());
  hal.write_memory(kBias, bias.data(), bias.size());
  hal.write_memory(kMulOps, factors.data(), factors.size());
  hal.write_memory(kConvOut - kConvGuard, before.data(), before.size());
  program_convolution(system);
  program_flying_sdp(system);
  adjust(system);
  enable_conv_layer(system);
}

TEST(SdpRdmaFlyingMode, ConvolutionWithPerKernelBiasAndPerElementMultiplier) {
  const std::vector<uint8_t> before = pattern(kConvOut - kConvGuard, kOutBytes + 2 * kConvGuard, 0x5A);
  std::vector<uint8_t> after(before.size());
  uint32_t status = 0, sdp_rdma_enable = 1, sdp_enable = 1;
  run_firmware(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    start_flying_layer(system, before, [](NvdlaSystem&) {});
    status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    hal.read_memory(kConvOut - kConvGuard, after.data(), after.size());
    sdp_rdma_enable = UnitRegisters(system, Unit::SdpRdma).read(rdma::D_OP_ENABLE);
    sdp_enable = UnitRegisters(system, Unit::Sdp).read(sdp::D_OP_ENABLE);
  });
  EXPECT_EQ(status & kConvLayerDone0, kConvLayerDone0);
  EXPECT_EQ(sdp_rdma_enable, 0u) << "SDP_RDMA ran its operand DMAs and ended its group";
  EXPECT_EQ(sdp_enable, 0u);

  // Every output element of the K real channels, and the bytes around the
  // cube left as they were. The lanes beyond K (10..15 of the second
  // surface) are not checked: what SDP makes of CACC's empty lanes is not
  // the subject here.
  size_t mismatches = 0;
  for (uint32_t h = 0; h < kOutH; ++h)
    for (uint32_t w = 0; w < kOutW; ++w)
      for (uint32_t k = 0; k < kK; ++k) {
        const size_t offset = kConvGuard + (k / kAtom) * kSurfaceStride + h * kLineStride + w * kAtom + k % kAtom;
        const int8_t want = expected_conv_output(w, h, k);
        if (int8_t(after[offset]) != want && ++mismatches <= 10) {
          ADD_FAILURE() << "output (w " << w << ", h " << h << ", k " << k << "): " << int(int8_t(after[offset]))
                        << ", expected " << int(want);
        }
      }
  EXPECT_EQ(mismatches, 0u);
  for (size_t i = 0; i < kConvGuard; ++i) {
    EXPECT_EQ(after[i], before[i]) << "guard byte before the output, offset " << i;
    const size_t tail = kConvGuard + kOutBytes + i;
    EXPECT_EQ(after[tail], before[tail]) << "guard byte after the output, offset " << tail;
  }
}

// The same layer with BS and BN taking their operands from the registers
// (BS_ALU_SRC = BN_MUL_SRC = REG) while BRDMA and NRDMA stay enabled, and
// SDP_RDMA's group too: no stage reads memory, yet the DMAs would fetch
// data nothing consumes and the hardware would stall, so the run ends with
// an error naming BRDMA, before SDP writes anything.
TEST(SdpRdmaFlyingMode, OperandDmaNoStageReadsIsRefused) {
  const std::vector<uint8_t> before = pattern(kConvOut - kConvGuard, kOutBytes + 2 * kConvGuard, 0x5A);
  std::vector<uint8_t> at_error(before.size());
  NvdlaSystem* top = nullptr;
  SnapshotAtError snapshot([&] { top->mcif_memory().peek(kConvOut - kConvGuard, at_error.data(), at_error.size()); });
  const std::string message = run_expecting_error(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    top = &system;
    start_flying_layer(system, before, [](NvdlaSystem& s) {
      UnitRegisters sd(s, Unit::Sdp);
      sd.write(sdp::D_DP_BS_ALU_CFG, sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC_REG));
      sd.write(sdp::D_DP_BN_MUL_CFG, sdp::D_DP_BN_MUL_CFG_BN_MUL_SRC.put(sdp::D_DP_BN_MUL_CFG_BN_MUL_SRC_REG));
    });
    wait_for_status(system, kSdpDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"BRDMA"})) << message;
  EXPECT_EQ(at_error, before) << "SDP wrote before the error";
}

// The hand computation itself exercises the rules it relies on: a few
// values worked out on paper.
TEST(SdpRdmaFlyingMode, HandRulesOnPaper) {
  EXPECT_EQ(round_shift(-15, 2), -4);  // -3.75
  EXPECT_EQ(round_shift(-6, 2), -2);   // -1.5: ties away from zero
  EXPECT_EQ(round_shift(6, 2), 2);     // 1.5
  EXPECT_EQ(round_shift(5, 2), 1);     // 1.25
  EXPECT_EQ(saturate(200, 8), 127);
  EXPECT_EQ(saturate(-70000, 17), -65536);
  // Kernel 0 at (0, 0): the 2x2 window of input positions (0..1, 0..1)
  // meets kernel rows/columns 1..2.
  int64_t sum = 0;
  for (uint32_t r = 1; r < 3; ++r)
    for (uint32_t s = 1; s < 3; ++s)
      for (uint32_t c = 0; c < kC; ++c) sum += int64_t{conv_input(s - 1, r - 1, c)} * conv_weight(0, r, s, c);
  const int64_t bs = sum + conv_bias(0) * 4;
  const int64_t bn = std::max<int64_t>(round_shift(bs * conv_factor(0, 0, 0), 3), 0);
  EXPECT_EQ(expected_conv_output(0, 0, 0), int8_t(saturate(round_shift((bn - 40) * 3, 4), 8)));
}

// ---------------------------------------------------------------------------
// 2. SDP EQL compare mode (nv_small_256_full: 8-byte atoms with the EW stage;
// nv_small has none).

constexpr uint32_t kEqW = 3, kEqH = 2, kEqC = 16;  // two full surfaces: no partial lanes
constexpr uint32_t kEqLine = kEqW * kAtom, kEqSurface = kEqLine * kEqH, kEqBytes = kEqSurface * 2;
constexpr uint64_t kEqIn = 0x80000000, kEqOperand = 0x80001000, kEqOut = 0x80002000, kEqGuard = 64;

struct EqlRun {
  uint32_t status = 0;
  uint32_t d_status = 0xFFFFFFFF;
  uint32_t sdp_enable = 1;
  std::vector<uint8_t> before, after;
};

// Runs one EQL layer: the input cube at kEqIn, the per-element operand at
// kEqOperand; the destination registers point at kEqOut, prefilled.
EqlRun run_eql(const std::vector<uint8_t>& input, const std::vector<uint8_t>& operand) {
  EqlRun run;
  run.before = pattern(kEqOut - kEqGuard, kEqBytes + 2 * kEqGuard, 0xC3);
  run.after.resize(run.before.size());
  run_firmware(options_for(Config::NvSmall256Full), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    hal.write_memory(kEqIn, input.data(), input.size());
    hal.write_memory(kEqOperand, operand.data(), operand.size());
    hal.write_memory(kEqOut - kEqGuard, run.before.data(), run.before.size());
    UnitRegisters rd(system, Unit::SdpRdma), sd(system, Unit::Sdp);
    rd.write(rdma::D_FEATURE_MODE_CFG, rdma::D_FEATURE_MODE_CFG_FLYING_MODE.put(rdma::D_FEATURE_MODE_CFG_FLYING_MODE_OFF));
    rd.write(rdma::D_DATA_CUBE_WIDTH, kEqW - 1);
    rd.write(rdma::D_DATA_CUBE_HEIGHT, kEqH - 1);
    rd.write(rdma::D_DATA_CUBE_CHANNEL, kEqC - 1);
    rd.write(rdma::D_SRC_BASE_ADDR_HIGH, uint32_t(kEqIn >> 32));
    rd.write(rdma::D_SRC_BASE_ADDR_LOW, uint32_t(kEqIn));
    rd.write(rdma::D_SRC_LINE_STRIDE, kEqLine);
    rd.write(rdma::D_SRC_SURFACE_STRIDE, kEqSurface);
    rd.write(rdma::D_SRC_DMA_CFG, rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
    rd.write(rdma::D_BRDMA_CFG, rdma::D_BRDMA_CFG_BRDMA_DISABLE.put(rdma::D_BRDMA_CFG_BRDMA_DISABLE_YES));
    rd.write(rdma::D_NRDMA_CFG, rdma::D_NRDMA_CFG_NRDMA_DISABLE.put(rdma::D_NRDMA_CFG_NRDMA_DISABLE_YES));
    rd.write(rdma::D_ERDMA_CFG, rdma::D_ERDMA_CFG_ERDMA_DISABLE.put(rdma::D_ERDMA_CFG_ERDMA_DISABLE_NO) |
                                    rdma::D_ERDMA_CFG_ERDMA_DATA_USE.put(rdma::D_ERDMA_CFG_ERDMA_DATA_USE_ALU) |
                                    rdma::D_ERDMA_CFG_ERDMA_DATA_SIZE.put(rdma::D_ERDMA_CFG_ERDMA_DATA_SIZE_ONE_BYTE) |
                                    rdma::D_ERDMA_CFG_ERDMA_DATA_MODE.put(rdma::D_ERDMA_CFG_ERDMA_DATA_MODE_PER_ELEMENT) |
                                    rdma::D_ERDMA_CFG_ERDMA_RAM_TYPE.put(rdma::D_ERDMA_CFG_ERDMA_RAM_TYPE_MC));
    rd.write(rdma::D_EW_BASE_ADDR_HIGH, uint32_t(kEqOperand >> 32));
    rd.write(rdma::D_EW_BASE_ADDR_LOW, uint32_t(kEqOperand));
    rd.write(rdma::D_EW_LINE_STRIDE, kEqLine);
    rd.write(rdma::D_EW_SURFACE_STRIDE, kEqSurface);

    sd.write(sdp::D_DATA_CUBE_WIDTH, kEqW - 1);
    sd.write(sdp::D_DATA_CUBE_HEIGHT, kEqH - 1);
    sd.write(sdp::D_DATA_CUBE_CHANNEL, kEqC - 1);
    sd.write(sdp::D_DP_BS_CFG, sdp::D_DP_BS_CFG_BS_BYPASS.put(sdp::D_DP_BS_CFG_BS_BYPASS_YES));
    sd.write(sdp::D_DP_BN_CFG, sdp::D_DP_BN_CFG_BN_BYPASS.put(sdp::D_DP_BN_CFG_BN_BYPASS_YES));
    // EW: MUL and LUT bypassed, ALU in EQL with the operand from memory and
    // its converter bypassed, so the ALU compares the input element with the
    // operand byte sign-extended (NV_NVDLA_SDP_HLS_Y_int_cvt.v passes the
    // low 16 bits sign-extended when bypassed; NV_NVDLA_SDP_HLS_Y_int_alu.v
    // gives 0 for equal, 1 otherwise).
    sd.write(sdp::D_DP_EW_CFG, sdp::D_DP_EW_CFG_EW_BYPASS.put(sdp::D_DP_EW_CFG_EW_BYPASS_NO) |
                                   sdp::D_DP_EW_CFG_EW_ALU_BYPASS.put(sdp::D_DP_EW_CFG_EW_ALU_BYPASS_NO) |
                                   sdp::D_DP_EW_CFG_EW_ALU_ALGO.put(sdp::D_DP_EW_CFG_EW_ALU_ALGO_EQL) |
                                   sdp::D_DP_EW_CFG_EW_MUL_BYPASS.put(sdp::D_DP_EW_CFG_EW_MUL_BYPASS_YES) |
                                   sdp::D_DP_EW_CFG_EW_LUT_BYPASS.put(sdp::D_DP_EW_CFG_EW_LUT_BYPASS_YES));
    sd.write(sdp::D_DP_EW_ALU_CFG, sdp::D_DP_EW_ALU_CFG_EW_ALU_SRC.put(sdp::D_DP_EW_ALU_CFG_EW_ALU_SRC_MEM) |
                                       sdp::D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS.put(sdp::D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS_YES));
    sd.write(sdp::D_FEATURE_MODE_CFG,
             sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_OFF) |
                 sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM));
    // A complete destination: were the WDMA to write, it would write here.
    sd.write(sdp::D_DST_DMA_CFG, sdp::D_DST_DMA_CFG_DST_RAM_TYPE.put(sdp::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
    sd.write(sdp::D_DST_BASE_ADDR_HIGH, uint32_t(kEqOut >> 32));
    sd.write(sdp::D_DST_BASE_ADDR_LOW, uint32_t(kEqOut));
    sd.write(sdp::D_DST_LINE_STRIDE, kEqLine);
    sd.write(sdp::D_DST_SURFACE_STRIDE, kEqSurface);
    sd.write(sdp::D_DATA_FORMAT, 0);  // INT8 processing and output
    // The identity output converter (the C model asserts it in EQL mode).
    sd.write(sdp::D_CVT_OFFSET, 0);
    sd.write(sdp::D_CVT_SCALE, 1);
    sd.write(sdp::D_CVT_SHIFT, 0);
    rd.write(rdma::D_OP_ENABLE, 1);
    sd.write(sdp::D_OP_ENABLE, 1);
    run.status = wait_for_status(system, kSdpDone0, kLayerTimeoutNs);
    hal.read_memory(kEqOut - kEqGuard, run.after.data(), run.after.size());
    run.d_status = sd.read(sdp::D_STATUS);
    run.sdp_enable = sd.read(sdp::D_OP_ENABLE);
  });
  return run;
}

TEST(SdpEqlCompare, EqualCubesClearStatusUnequalAndWriteNothing) {
  // The operand is the input itself, byte for byte: every comparison gives 0.
  const std::vector<uint8_t> input = pattern(kEqIn, kEqBytes, 0x11);
  const EqlRun run = run_eql(input, input);
  EXPECT_EQ(run.status & kSdpDone0, kSdpDone0) << "the compare layer still ends with SDP's done";
  EXPECT_EQ(run.sdp_enable, 0u);
  // NV_NVDLA_SDP_WDMA_DAT_out.v ORs every data word into STATUS_UNEQUAL;
  // NV_NVDLA_SDP_reg.v latches it into the group's D_STATUS.
  EXPECT_EQ(sdp::D_STATUS_STATUS_UNEQUAL.get(run.d_status), 0u);
  EXPECT_EQ(run.after, run.before) << "EQL mode writes nothing to memory";
}

TEST(SdpEqlCompare, OneDifferentElementSetsStatusUnequalAndWritesNothing) {
  // One element differs by 1: channel 13 (surface 1, lane 5) at w = 2, h = 1.
  const std::vector<uint8_t> input = pattern(kEqIn, kEqBytes, 0x11);
  std::vector<uint8_t> operand = input;
  operand[1 * kEqSurface + 1 * kEqLine + 2 * kAtom + 5] ^= 0x01;
  const EqlRun run = run_eql(input, operand);
  EXPECT_EQ(run.status & kSdpDone0, kSdpDone0);
  EXPECT_EQ(run.sdp_enable, 0u);
  EXPECT_EQ(sdp::D_STATUS_STATUS_UNEQUAL.get(run.d_status), 1u);
  EXPECT_EQ(run.after, run.before) << "EQL mode writes nothing to memory";
}

// ---------------------------------------------------------------------------
// 3. CDP's LUT counters (nv_small).
//
// LRN over a 5x1x8 int8 cube (one full surface), window 3, identity input
// converter. Every channel of column w holds the same value v_w, so the
// square sum of a channel is 2 v^2 at the cube's first and last channel (the
// window's outside channel counts 0) and 3 v^2 inside
// (NV_NVDLA_CDP_DP_sum.v, int_sum_block.v).
//
// LUT (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v): both tables LINEAR; a table
// underflows when the sum is <= its START; otherwise index = (sum - START)
// >> INDEX_SELECT, and it overflows when the index reaches its size (65
// entries for LE: index >= 64; 257 for LO: index >= 256).
//   LE: START 10,  INDEX_SELECT 2: uflow s <= 10, hit 10 < s < 266, oflow s >= 266
//   LO: START 100, INDEX_SELECT 4: uflow s <= 100, hit 100 < s < 4196, oflow s >= 4196
// Counters (NV_NVDLA_CDP_DP_intp.v), one count per lane: UFLOW both uflow,
// OFLOW both oflow, HYBRID both hit (or one uflow and the other oflow),
// LE_HIT only LE hits, LO_HIT only LO hits.
//   w  v    sums (edge, inside)  LE      LO      count
//   0  1    2, 3                 uflow   uflow   UFLOW  8
//   1  4    32, 48               hit     uflow   LE_HIT 8
//   2  7    98, 147              hit     98: uflow -> LE_HIT 2; 147: hit -> HYBRID 6
//   3  20   800, 1200            oflow   hit     LO_HIT 8
//   4  -60  7200, 10800          oflow   oflow   OFLOW  8
// Totals: UFLOW 8, OFLOW 8, HYBRID 6, LE_HIT 10, LO_HIT 8 (40 = 5 x 8 lanes).

constexpr uint32_t kCdpW = 5, kCdpC = 8;
constexpr int8_t kCdpValues[kCdpW] = {1, 4, 7, 20, -60};
constexpr uint64_t kCdpIn = 0x80000000, kCdpOut = 0x80001000;

// The hand table above, as a loop over the sums (the same rules).
CdpLutCounts expected_lut_counts() {
  CdpLutCounts n;
  for (uint32_t w = 0; w < kCdpW; ++w)
    for (uint32_t c = 0; c < kCdpC; ++c) {
      const int64_t v = kCdpValues[w];
      const int64_t s = v * v * ((c == 0 || c == kCdpC - 1) ? 2 : 3);
      const bool le_uflow = s <= 10, le_oflow = !le_uflow && ((s - 10) >> 2) >= 64;
      const bool lo_uflow = s <= 100, lo_oflow = !lo_uflow && ((s - 100) >> 4) >= 256;
      const bool le_hit = !le_uflow && !le_oflow, lo_hit = !lo_uflow && !lo_oflow;
      if (le_uflow && lo_uflow) {
        ++n.uflow;
      } else if (le_oflow && lo_oflow) {
        ++n.oflow;
      } else if ((le_hit && lo_hit) || (le_uflow && lo_oflow) || (le_oflow && lo_uflow)) {
        ++n.hybrid;
      } else if (le_hit) {
        ++n.le_hit;
      } else {
        ++n.lo_hit;
      }
    }
  return n;
}

struct CdpRun {
  uint32_t status = 0;
  uint32_t perf_enable = 0;
  CdpLutCounts counts;
};

CdpRun run_lrn(uint32_t perf_enable) {
  namespace c = regs::cdp;
  namespace cr = regs::cdp_rdma;
  CdpRun run;
  run_firmware(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    std::vector<uint8_t> input(kCdpW * kAtom);
    for (uint32_t w = 0; w < kCdpW; ++w)
      for (uint32_t ch = 0; ch < kCdpC; ++ch) input[w * kAtom + ch] = uint8_t(kCdpValues[w]);
    hal.write_memory(kCdpIn, input.data(), input.size());
    program_cdp_rdma_line(system, kCdpIn, kCdpW, kCdpC, kCdpW * kAtom, cr::D_DATA_FORMAT_INPUT_DATA_INT8);

    UnitRegisters cdp(system, Unit::Cdp);
    cdp.write(c::S_LUT_CFG, c::S_LUT_CFG_LUT_LE_FUNCTION.put(c::S_LUT_CFG_LUT_LE_FUNCTION_LINEAR));
    cdp.write(c::S_LUT_INFO, c::S_LUT_INFO_LUT_LE_INDEX_OFFSET.put(0) | c::S_LUT_INFO_LUT_LE_INDEX_SELECT.put(2) |
                                 c::S_LUT_INFO_LUT_LO_INDEX_SELECT.put(4));
    program_cdp_lut_ranges(cdp, 10, 10 + (64 << 2), 100, 100 + (256 << 4));
    program_cdp_lrn3(cdp, c::D_DATA_FORMAT_INPUT_DATA_TYPE_INT8, kCdpOut, kCdpW * kAtom, 0);
    cdp.write(c::D_PERF_ENABLE, perf_enable);
    enable_cdp_layer(system);
    run.status = wait_for_status(system, kCdpDone0, kLayerTimeoutNs);
    run.perf_enable = cdp.read(c::D_PERF_ENABLE);
    run.counts = read_cdp_lut_counts(system);
  });
  return run;
}

void expect_counts(const CdpLutCounts& got) {
  const CdpLutCounts want = expected_lut_counts();
  // The loop and the table in the comment agree.
  EXPECT_EQ(want.uflow, 8u);
  EXPECT_EQ(want.oflow, 8u);
  EXPECT_EQ(want.hybrid, 6u);
  EXPECT_EQ(want.le_hit, 10u);
  EXPECT_EQ(want.lo_hit, 8u);
  EXPECT_EQ(got.uflow, want.uflow) << "D_PERF_LUT_UFLOW";
  EXPECT_EQ(got.oflow, want.oflow) << "D_PERF_LUT_OFLOW";
  EXPECT_EQ(got.hybrid, want.hybrid) << "D_PERF_LUT_HYBRID";
  EXPECT_EQ(got.le_hit, want.le_hit) << "D_PERF_LUT_LE_HIT";
  EXPECT_EQ(got.lo_hit, want.lo_hit) << "D_PERF_LUT_LO_HIT";
}

TEST(CdpLutCounters, CountEachOutcomeWithLutEnSet) {
  const uint32_t perf = regs::cdp::D_PERF_ENABLE_LUT_EN.put(regs::cdp::D_PERF_ENABLE_LUT_EN_ENABLE);
  const CdpRun run = run_lrn(perf);
  EXPECT_EQ(run.status & kCdpDone0, kCdpDone0);
  EXPECT_EQ(run.perf_enable, perf) << "D_PERF_ENABLE reads back as written";
  expect_counts(run.counts);
}

// NV_NVDLA_CDP_reg.v decodes D_PERF_ENABLE.LUT_EN into reg2dp_lut_en, but
// nothing in NV_NVDLA_cdp.v / NV_NVDLA_CDP_dp.v uses it: the counters of
// NV_NVDLA_CDP_DP_intp.v count and are copied into the group's registers
// whatever the bit says.
TEST(CdpLutCounters, CountWhateverLutEnSays) {
  const CdpRun run = run_lrn(0);
  EXPECT_EQ(run.status & kCdpDone0, kCdpDone0);
  EXPECT_EQ(run.perf_enable, 0u);
  expect_counts(run.counts);
}

}  // namespace
}  // namespace acosim::nvdla::test

// Multi-batch direct convolution and compressed weights through the
// SystemC models on nv_full (the nvdlav1 design, the only configuration
// with NVDLA_BATCH_ENABLE and weight compression): CDMA fetches every
// batch's input cube D_BATCH_STRIDE apart (and, compressed, the weight
// group sizes and mask bits), CACC hands SDP one result cube per batch, and
// SDP's write DMA puts batch b at D_DST_BASE_ADDR + b x D_DST_BATCH_STRIDE
// (nvdlav1 NV_NVDLA_SDP_WDMA_cmd.v). The expected bytes come from a plain
// convolution loop of each batch with the dense kernels, written here; SDP
// is programmed as a pass-through (every stage bypassed, output converter
// offset 0, scale 1, shift 0) and the sums stay inside int8. Bad batch
// programming must stop the layer with an error naming the register.
#include <gtest/gtest.h>

#include <algorithm>
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
namespace sdp = regs::sdp;

// nv_full int8: 32-byte atoms (32 lanes), atomic C 64, weight groups of 32.
constexpr uint32_t kAtom = 32;
constexpr uint32_t kW = 3, kH = 2, kC = 8;   // input cube: one surface
constexpr uint32_t kR = 2, kS = 2, kK = 40;  // 2x2 kernels, no padding: two weight groups, two output surfaces
constexpr uint32_t kOutW = kW - kS + 1, kOutH = kH - kR + 1;  // 2 x 1
constexpr uint32_t kBatches = 3;
constexpr uint32_t kInLine = kW * kAtom, kInSurface = kInLine * kH, kInBatch = kInSurface + 64;
constexpr uint32_t kOutLine = kOutW * kAtom, kOutSurface = kOutLine * kOutH;
constexpr uint32_t kOutSurfaces = (kK + kAtom - 1) / kAtom;  // 2
constexpr uint32_t kOutBatch = kOutSurface * kOutSurfaces + 96;  // a 96-byte gap between the output cubes
constexpr uint64_t kIn = 0x80000000, kWeights = 0x80010000, kWmb = 0x80020000, kWgs = 0x80030000,
                   kOut = 0x80040000;
constexpr uint32_t kOutSpan = kOutBatch * kBatches;

int32_t input_value(uint32_t b, uint32_t w, uint32_t h, uint32_t ch) {
  return int32_t((b * 5 + w * 3 + h * 7 + ch) % 7) - 3;
}
// Every other weight is zero.
int32_t weight_value(uint32_t k, uint32_t r, uint32_t s, uint32_t ch) {
  if ((k + r + s + ch) % 2 == 0) return 0;
  return int32_t((k * 3 + r + 2 * s + ch) % 3) - 1;
}

// The plain convolution of batch b; at most 2 x 2 x 8 x 3 = 96 in size, so
// SDP's pass-through writes it unchanged as int8.
int8_t expected(uint32_t b, uint32_t x, uint32_t y, uint32_t k) {
  int32_t sum = 0;
  for (uint32_t r = 0; r < kR; ++r)
    for (uint32_t s = 0; s < kS; ++s)
      for (uint32_t ch = 0; ch < kC; ++ch) sum += input_value(b, x + s, y + r, ch) * weight_value(k, r, s, ch);
  return int8_t(sum);
}

// The dense kernels in NVDLA's order (groups of 32 kernels; per group the
// kernel row, column, kernel, channel; one channel block).
std::vector<int8_t> dense_weights() {
  std::vector<int8_t> dense;
  for (uint32_t g = 0; g * 32 < kK; ++g)
    for (uint32_t r = 0; r < kR; ++r)
      for (uint32_t s = 0; s < kS; ++s)
        for (uint32_t k = g * 32; k < std::min(kK, (g + 1) * 32); ++k)
          for (uint32_t ch = 0; ch < kC; ++ch) dense.push_back(int8_t(weight_value(k, r, s, ch)));
  return dense;
}

struct Weights {
  std::vector<uint8_t> weights, wmb, wgs;
  uint32_t weight_bytes = 0;
};

// Dense, or compressed: the non-zero weights packed, one mask bit per dense
// weight (LSB first, padded to 128 bytes), one 32-bit byte count per group.
Weights make_weights(bool compressed) {
  const std::vector<int8_t> dense = dense_weights();
  Weights w;
  if (!compressed) {
    for (const int8_t v : dense) w.weights.push_back(uint8_t(v));
    w.weight_bytes = uint32_t((dense.size() + 127) / 128 * 128);
    return w;
  }
  w.wmb.assign((dense.size() + 1023) / 1024 * 128, 0);
  const size_t per_group = size_t(kR) * kS * kC * 32;
  for (size_t begin = 0; begin < dense.size(); begin += per_group) {
    uint32_t bytes = 0;
    for (size_t i = begin; i < std::min(dense.size(), begin + per_group); ++i) {
      if (dense[i] == 0) continue;
      w.wmb[i / 8] = uint8_t(w.wmb[i / 8] | (1u << (i % 8)));
      w.weights.push_back(uint8_t(dense[i]));
      ++bytes;
    }
    for (uint32_t byte = 0; byte < 4; ++byte) w.wgs.push_back(uint8_t(bytes >> (8 * byte)));
  }
  w.weight_bytes = uint32_t((w.weights.size() + 127) / 128 * 128);
  return w;
}

std::vector<uint8_t> input_bytes() {
  std::vector<uint8_t> bytes(size_t(kInBatch) * kBatches, 0x77);
  for (uint32_t b = 0; b < kBatches; ++b)
    for (uint32_t h = 0; h < kH; ++h)
      for (uint32_t w = 0; w < kW; ++w)
        for (uint32_t ch = 0; ch < kC; ++ch)
          bytes[b * kInBatch + h * kInLine + w * kAtom + ch] = uint8_t(input_value(b, w, h, ch));
  return bytes;
}

struct Programming {
  bool compressed = false;
  uint32_t sdp_batch_stride = kOutBatch;
};

void program_layer(NvdlaSystem& system, const Weights& weights, const Programming& p) {
  UnitRegisters cdma(system, Unit::Cdma), csc(system, Unit::Csc), cacc(system, Unit::Cacc);
  const uint32_t in_size = d::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(kW - 1) | d::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(kH - 1);
  const uint32_t entry_per_slice = (kW * kAtom + 127) / 128 - 1;  // 128-byte CBUF entries
  const uint32_t format = p.compressed ? 1 : 0;
  cdma.write(d::D_MISC_CFG, 0);
  cdma.write(d::D_DATAIN_FORMAT, 0);
  cdma.write(d::D_DATAIN_SIZE_0, in_size);
  cdma.write(d::D_DATAIN_SIZE_1, kC - 1);
  cdma.write(d::D_DAIN_RAM_TYPE, d::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF);
  cdma.write(d::D_DAIN_ADDR_HIGH_0, uint32_t(kIn >> 32));
  cdma.write(d::D_DAIN_ADDR_LOW_0, uint32_t(kIn));
  cdma.write(d::D_LINE_STRIDE, kInLine);
  cdma.write(d::D_SURF_STRIDE, kInSurface);
  cdma.write(d::D_BATCH_NUMBER, kBatches - 1);
  cdma.write(d::D_BATCH_STRIDE, kInBatch);
  cdma.write(d::D_ENTRY_PER_SLICE, entry_per_slice);
  cdma.write(d::D_WEIGHT_FORMAT, format);
  program_cdma_weights(cdma, kR * kS * kC, kK, kWeights, weights.weight_bytes);
  cdma.write(d::D_WGS_ADDR_HIGH, uint32_t(kWgs >> 32));
  cdma.write(d::D_WGS_ADDR_LOW, uint32_t(kWgs));
  cdma.write(d::D_WMB_ADDR_HIGH, uint32_t(kWmb >> 32));
  cdma.write(d::D_WMB_ADDR_LOW, uint32_t(kWmb));
  cdma.write(d::D_WMB_BYTES, uint32_t(weights.wmb.size()));
  cdma.write(d::D_BANK, d::D_BANK_DATA_BANK.put(0) | d::D_BANK_WEIGHT_BANK.put(0));

  csc.write(c::D_MISC_CFG, 0);
  csc.write(c::D_DATAIN_FORMAT, 0);
  csc.write(c::D_DATAIN_SIZE_EXT_0, in_size);
  csc.write(c::D_DATAIN_SIZE_EXT_1, kC - 1);
  csc.write(c::D_BATCH_NUMBER, kBatches - 1);
  csc.write(c::D_ENTRY_PER_SLICE, entry_per_slice);
  csc.write(c::D_WEIGHT_FORMAT, format);
  program_csc_weight_size(csc, kS, kR, kC, kK, weights.weight_bytes);
  csc.write(c::D_WMB_BYTES, uint32_t(weights.wmb.size()));
  program_csc_dataout(csc, kOutW, kOutH, kK);
  csc.write(c::D_BANK, c::D_BANK_DATA_BANK.put(0) | c::D_BANK_WEIGHT_BANK.put(0));
  program_cmac_cacc(system, kOutW, kOutH, kK);
  cacc.write(regs::cacc::D_BATCH_NUMBER, kBatches - 1);

  // SDP_RDMA flying, every operand DMA off (what the firmware programs); SDP
  // a pass-through to memory, batch b at D_DST_BASE_ADDR + b x
  // D_DST_BATCH_STRIDE.
  program_sdp_flying_passthrough(system, {kOutW, kOutH, kK, kBatches, kOut, kOutLine, kOutSurface});
  UnitRegisters(system, Unit::Sdp).write(sdp::D_DST_BATCH_STRIDE, p.sdp_batch_stride);
}

struct LayerRun {
  uint32_t status = 0;
  std::vector<uint8_t> before, after;  // kOutSpan bytes from kOut
};

void load(NvdlaSystem& system, const Weights& weights, const std::vector<uint8_t>& before) {
  hal::Hal& hal = system.hal();
  const std::vector<uint8_t> input = input_bytes();
  hal.write_memory(kIn, input.data(), input.size());
  hal.write_memory(kWeights, weights.weights.data(), weights.weights.size());
  if (!weights.wmb.empty()) hal.write_memory(kWmb, weights.wmb.data(), weights.wmb.size());
  if (!weights.wgs.empty()) hal.write_memory(kWgs, weights.wgs.data(), weights.wgs.size());
  hal.write_memory(kOut, before.data(), before.size());
}

// Loads the memory (the destination prefilled with `before`), programs the
// layer and sets every unit's D_OP_ENABLE.
void start_layer(NvdlaSystem& system, const Weights& weights, const std::vector<uint8_t>& before,
                 const Programming& p) {
  load(system, weights, before);
  program_layer(system, weights, p);
  enable_conv_layer(system);
}

LayerRun run_layer(const Programming& p) {
  LayerRun run;
  run.before = pattern(kOut, kOutSpan, 0x3C);
  run.after.resize(kOutSpan);
  const Weights weights = make_weights(p.compressed);
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    start_layer(system, weights, run.before, p);
    run.status = wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
    system.hal().read_memory(kOut, run.after.data(), run.after.size());
  });
  return run;
}

// Every batch's K channels where D_DST_BATCH_STRIDE puts them, and the gap
// after each cube untouched.
void expect_batches_written(const LayerRun& run) {
  EXPECT_EQ(run.status & kConvLayerDone0, kConvLayerDone0);
  size_t mismatches = 0;
  for (uint32_t b = 0; b < kBatches; ++b) {
    for (uint32_t y = 0; y < kOutH; ++y)
      for (uint32_t x = 0; x < kOutW; ++x)
        for (uint32_t k = 0; k < kK; ++k) {
          const size_t at = size_t(b) * kOutBatch + (k / kAtom) * kOutSurface + y * kOutLine + x * kAtom + k % kAtom;
          if (int8_t(run.after[at]) != expected(b, x, y, k) && ++mismatches <= 10) {
            ADD_FAILURE() << "batch " << b << " (" << x << ", " << y << ") kernel " << k << ": "
                          << int(int8_t(run.after[at])) << ", expected " << int(expected(b, x, y, k));
          }
        }
    for (size_t i = size_t(b) * kOutBatch + kOutSurface * kOutSurfaces; i < size_t(b + 1) * kOutBatch; ++i) {
      EXPECT_EQ(run.after[i], run.before[i]) << "gap byte " << i << " after batch " << b;
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(ConvBatchModel, ThreeBatchesAtTheirStrides) {
  Programming p;
  expect_batches_written(run_layer(p));
}

TEST(ConvBatchModel, CompressedWeightsAndThreeBatches) {
  Programming p;
  p.compressed = true;
  ASSERT_LT(make_weights(true).weights.size(), make_weights(false).weights.size());
  expect_batches_written(run_layer(p));
}

TEST(ConvBatchModel, ShortDstBatchStrideIsRefusedBeforeAnyWrite) {
  // One output cube is 2 surfaces x 64 bytes = 128: 96 would overlap.
  Programming p;
  p.sdp_batch_stride = 96;
  const Weights weights = make_weights(false);
  const std::vector<uint8_t> before = pattern(kOut, kOutSpan, 0x3C);
  std::vector<uint8_t> at_error(kOutSpan);
  NvdlaSystem* top = nullptr;
  // The error unwinds the simulation from SDP's thread: look at the
  // destination when it is reported.
  SnapshotAtError snapshot([&] { top->mcif_memory().peek(kOut, at_error.data(), at_error.size()); });
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    top = &system;
    start_layer(system, weights, before, p);
    wait_for_status(system, kConvLayerDone0, kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"D_DST_BATCH_STRIDE (96) is below the bytes of one output cube (128)"}));
  EXPECT_EQ(at_error, before) << "nothing may be written";
}

TEST(ConvBatchModel, NvSmallRefusesMultiBatch) {
  // The master designs set BATCH_DISABLE: SDP (which waits for CACC's
  // output) names its BATCH_NUMBER and the configuration.
  const std::string message = run_expecting_error(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    UnitRegisters sd(system, Unit::Sdp);
    sd.write(sdp::D_FEATURE_MODE_CFG,
             sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
                 sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_OP_ENABLE, 1);
    system.hal().sleep_ns(1000);
  });
  EXPECT_TRUE(mentions(message, {"D_FEATURE_MODE_CFG.BATCH_NUMBER = 1", "not supported by nv_small", "BATCH_DISABLE"}));
}

}  // namespace
}  // namespace acosim::nvdla::test

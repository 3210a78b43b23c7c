// SDP's FP16 path through the CSB on nv_full (SDP_RDMA -> SDP -> memory),
// against values worked out by hand: BS adds the register operand 0.5, BN
// multiplies by the register operand 2.0, both in fp32 (cmod/hls
// nvdla_float.h FpAdd/FpMul, ties to even), then the fp16 output rounds to
// nearest even, with overflow and infinity giving 65504 (FpWidthDec); and
// the NaN/Inf counters: SDP_RDMA's inputs, SDP's NaN outputs, SDP's
// saturations (outputs of +-65504); the same layer in two batches from
// memory. FP16 on a configuration without it is refused naming the
// register. One SystemC simulation per test.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace sdp = regs::sdp;
namespace rdma = regs::sdp_rdma;

constexpr uint64_t kIn = 0x80000000, kOut = 0x80100000;
constexpr uint32_t kWidth = 2, kChannels = 16;  // one surface of 32-byte atoms: 16 fp16 lanes
constexpr uint32_t kBytes = kWidth * 32;
constexpr uint32_t kSdpDone0 = 1u << 0;

// Input element (w, c) and the output the rules give for it:
//   1.0 (0x3C00): (1 + 0.5) x 2 = 3 (0x4200)
//   -3.25 (0xC280): -2.75 x 2 = -5.5 (0xC580)
//   65504 (0x7BFF): 65504.5 x 2 = 131009, beyond fp16: 65504 (0x7BFF), saturated
//   NaN (0x7E00): a NaN, its mantissa kept (0x7E00)
//   +Inf (0x7C00): enters as the largest fp32, stays the largest finite
//       through the add and the multiply, leaves as 65504 (0x7BFF), saturated
//   0.25 (0x3400): 0.75 x 2 = 1.5 (0x3E00)
//   2^-24 (0x0001): 0.5 + 2^-24 and 1 + 2^-23 are exact in fp32; to fp16
//       1 + 2^-23 rounds to 1 (0x3C00)
//   1500 (0x65DC): 1500.5 x 2 = 3001; fp16 steps by 2 in [2048, 4096), so
//       3001 is halfway between 3000 (mantissa 476, even) and 3002 (477):
//       ties to even give 3000 (0x69DC)
//   1501 (0x65DD): 3003, halfway between 3002 (477) and 3004 (478, even):
//       3004 (0x69DE)
//   every other element 0: 0.5 x 2 = 1 (0x3C00)
struct Case {
  uint16_t in, out;
};
const Case kCases[] = {{0x3C00, 0x4200}, {0xC280, 0xC580}, {0x7BFF, 0x7BFF}, {0x7E00, 0x7E00},
                       {0x7C00, 0x7BFF}, {0x3400, 0x3E00}, {0x0001, 0x3C00}, {0x65DC, 0x69DC},
                       {0x65DD, 0x69DE}};

std::vector<uint8_t> bytes_of(bool output) {
  std::vector<uint8_t> bytes(kBytes, 0);
  for (uint32_t i = 0; i < kWidth * kChannels; ++i) {
    uint16_t value = output ? 0x3C00 : 0x0000;
    if (i < sizeof kCases / sizeof kCases[0]) value = output ? kCases[i].out : kCases[i].in;
    bytes[2 * i] = uint8_t(value);
    bytes[2 * i + 1] = uint8_t(value >> 8);
  }
  return bytes;
}

void program_fp16_layer(NvdlaSystem& system) {
  UnitRegisters rd(system, Unit::SdpRdma), sd(system, Unit::Sdp);
  const uint32_t fp16 = sdp::D_DATA_FORMAT_PROC_PRECISION_FP16;
  rd.write(rdma::D_DATA_CUBE_WIDTH, kWidth - 1);
  rd.write(rdma::D_DATA_CUBE_HEIGHT, 0);
  rd.write(rdma::D_DATA_CUBE_CHANNEL, kChannels - 1);
  rd.write(rdma::D_SRC_BASE_ADDR_HIGH, uint32_t(kIn >> 32));
  rd.write(rdma::D_SRC_BASE_ADDR_LOW, uint32_t(kIn));
  rd.write(rdma::D_SRC_LINE_STRIDE, kBytes);
  rd.write(rdma::D_SRC_SURFACE_STRIDE, kBytes);
  rd.write(rdma::D_SRC_DMA_CFG, rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
  rd.write(rdma::D_FEATURE_MODE_CFG, rdma::D_FEATURE_MODE_CFG_IN_PRECISION.put(fp16) |
                                         rdma::D_FEATURE_MODE_CFG_PROC_PRECISION.put(fp16) |
                                         rdma::D_FEATURE_MODE_CFG_OUT_PRECISION.put(fp16));
  rd.write(rdma::D_BRDMA_CFG, rdma::D_BRDMA_CFG_BRDMA_DISABLE.put(rdma::D_BRDMA_CFG_BRDMA_DISABLE_YES));
  rd.write(rdma::D_NRDMA_CFG, rdma::D_NRDMA_CFG_NRDMA_DISABLE.put(rdma::D_NRDMA_CFG_NRDMA_DISABLE_YES));
  rd.write(rdma::D_ERDMA_CFG, rdma::D_ERDMA_CFG_ERDMA_DISABLE.put(rdma::D_ERDMA_CFG_ERDMA_DISABLE_YES));
  rd.write(rdma::D_PERF_ENABLE, rdma::D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN.put(1));

  sd.write(sdp::D_DATA_CUBE_WIDTH, kWidth - 1);
  sd.write(sdp::D_DATA_CUBE_HEIGHT, 0);
  sd.write(sdp::D_DATA_CUBE_CHANNEL, kChannels - 1);
  sd.write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(fp16) | sdp::D_DATA_FORMAT_OUT_PRECISION.put(fp16));
  // BS: ALU SUM with the register operand 0.5 (fp16 0x3800), multiplier and
  // ReLU bypassed.
  sd.write(sdp::D_DP_BS_CFG, sdp::D_DP_BS_CFG_BS_BYPASS.put(sdp::D_DP_BS_CFG_BS_BYPASS_NO) |
                                 sdp::D_DP_BS_CFG_BS_ALU_BYPASS.put(sdp::D_DP_BS_CFG_BS_ALU_BYPASS_NO) |
                                 sdp::D_DP_BS_CFG_BS_ALU_ALGO.put(sdp::D_DP_BS_CFG_BS_ALU_ALGO_SUM) |
                                 sdp::D_DP_BS_CFG_BS_MUL_BYPASS.put(sdp::D_DP_BS_CFG_BS_MUL_BYPASS_YES) |
                                 sdp::D_DP_BS_CFG_BS_RELU_BYPASS.put(sdp::D_DP_BS_CFG_BS_RELU_BYPASS_YES));
  sd.write(sdp::D_DP_BS_ALU_CFG, sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(sdp::D_DP_BS_ALU_CFG_BS_ALU_SRC_REG));
  sd.write(sdp::D_DP_BS_ALU_SRC_VALUE, 0x3800);
  // BN: multiply by the register operand 2.0 (fp16 0x4000), ALU and ReLU
  // bypassed.
  sd.write(sdp::D_DP_BN_CFG, sdp::D_DP_BN_CFG_BN_BYPASS.put(sdp::D_DP_BN_CFG_BN_BYPASS_NO) |
                                 sdp::D_DP_BN_CFG_BN_ALU_BYPASS.put(sdp::D_DP_BN_CFG_BN_ALU_BYPASS_YES) |
                                 sdp::D_DP_BN_CFG_BN_MUL_BYPASS.put(sdp::D_DP_BN_CFG_BN_MUL_BYPASS_NO) |
                                 sdp::D_DP_BN_CFG_BN_RELU_BYPASS.put(sdp::D_DP_BN_CFG_BN_RELU_BYPASS_YES));
  sd.write(sdp::D_DP_BN_MUL_CFG, sdp::D_DP_BN_MUL_CFG_BN_MUL_SRC.put(sdp::D_DP_BN_MUL_CFG_BN_MUL_SRC_REG));
  sd.write(sdp::D_DP_BN_MUL_SRC_VALUE, 0x4000);
  sd.write(sdp::D_DP_EW_CFG, sdp::D_DP_EW_CFG_EW_BYPASS.put(sdp::D_DP_EW_CFG_EW_BYPASS_YES));
  sd.write(sdp::D_FEATURE_MODE_CFG, sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM));
  sd.write(sdp::D_DST_DMA_CFG, sdp::D_DST_DMA_CFG_DST_RAM_TYPE.put(sdp::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  sd.write(sdp::D_DST_BASE_ADDR_HIGH, uint32_t(kOut >> 32));
  sd.write(sdp::D_DST_BASE_ADDR_LOW, uint32_t(kOut));
  sd.write(sdp::D_DST_LINE_STRIDE, kBytes);
  sd.write(sdp::D_DST_SURFACE_STRIDE, kBytes);
  sd.write(sdp::D_PERF_ENABLE, sdp::D_PERF_ENABLE_PERF_SAT_EN.put(1));
}

TEST(SdpFp16Layer, NvFullAddMultiplyRoundsAndCounts) {
  const std::vector<uint8_t> input = bytes_of(false);
  const std::vector<uint8_t> guard = pattern(kOut, kBytes + 64, 0xEE);
  std::vector<uint8_t> after(guard.size());
  uint32_t nan_in = 0, inf_in = 0, nan_out = 0, saturated = 0, status = 0;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    hal.write_memory(kIn, input.data(), input.size());
    hal.write_memory(kOut, guard.data(), guard.size());
    program_fp16_layer(system);
    UnitRegisters(system, Unit::SdpRdma).write(rdma::D_OP_ENABLE, 1);
    UnitRegisters(system, Unit::Sdp).write(sdp::D_OP_ENABLE, 1);
    status = wait_for_status(system, kSdpDone0, 1000000);
    hal.read_memory(kOut, after.data(), after.size());
    nan_in = UnitRegisters(system, Unit::SdpRdma).read(rdma::D_STATUS_NAN_INPUT_NUM);
    inf_in = UnitRegisters(system, Unit::SdpRdma).read(rdma::D_STATUS_INF_INPUT_NUM);
    nan_out = UnitRegisters(system, Unit::Sdp).read(sdp::D_STATUS_NAN_OUTPUT_NUM);
    saturated = UnitRegisters(system, Unit::Sdp).read(sdp::D_PERF_OUT_SATURATION);
  });
  EXPECT_NE(status & kSdpDone0, 0u);
  std::vector<uint8_t> expected = bytes_of(true);
  expected.insert(expected.end(), guard.end() - 64, guard.end());
  for (size_t i = 0; i + 1 < expected.size(); i += 2) {
    EXPECT_EQ(after[i] | after[i + 1] << 8, expected[i] | expected[i + 1] << 8) << "element " << i / 2;
  }
  EXPECT_EQ(nan_in, 1u);
  EXPECT_EQ(inf_in, 1u);
  EXPECT_EQ(nan_out, 1u);
  EXPECT_EQ(saturated, 2u) << "65504 x 2 and the infinity";
}

// Two batches from memory on nv_full. SDP_RDMA's MRDMA has no batch stride:
// it reads every line once per batch from the same address (nvdlav1
// NV_NVDLA_SDP_MRDMA_ig.v), so both batches are the input above and both
// outputs are the hand-worked outputs, batch 1 at D_DST_BATCH_STRIDE. The
// gap between the two output cubes keeps its guard bytes. MRDMA counts what
// it reads, so its NaN/Inf counters see each input twice; SDP's NaN and
// saturation counters count both batches' outputs.
TEST(SdpFp16Layer, TwoBatchesFromMemoryReadTheSameCube) {
  constexpr uint32_t kBatchStride = kBytes + 64;
  const std::vector<uint8_t> input = bytes_of(false);
  const std::vector<uint8_t> guard = pattern(kOut, 2 * kBatchStride, 0xEE);
  std::vector<uint8_t> after(guard.size());
  uint32_t nan_in = 0, inf_in = 0, nan_out = 0, saturated = 0, status = 0;
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    hal.write_memory(kIn, input.data(), input.size());
    hal.write_memory(kOut, guard.data(), guard.size());
    program_fp16_layer(system);
    UnitRegisters rd(system, Unit::SdpRdma), sd(system, Unit::Sdp);
    rd.write(rdma::D_FEATURE_MODE_CFG, rd.read(rdma::D_FEATURE_MODE_CFG) | rdma::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_FEATURE_MODE_CFG, sd.read(sdp::D_FEATURE_MODE_CFG) | sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_DST_BATCH_STRIDE, kBatchStride);
    rd.write(rdma::D_OP_ENABLE, 1);
    sd.write(sdp::D_OP_ENABLE, 1);
    status = wait_for_status(system, kSdpDone0, 1000000);
    hal.read_memory(kOut, after.data(), after.size());
    nan_in = rd.read(rdma::D_STATUS_NAN_INPUT_NUM);
    inf_in = rd.read(rdma::D_STATUS_INF_INPUT_NUM);
    nan_out = sd.read(sdp::D_STATUS_NAN_OUTPUT_NUM);
    saturated = sd.read(sdp::D_PERF_OUT_SATURATION);
  });
  EXPECT_NE(status & kSdpDone0, 0u);
  const std::vector<uint8_t> one = bytes_of(true);
  for (uint32_t b = 0; b < 2; ++b) {
    for (size_t i = 0; i < kBatchStride; ++i) {
      const size_t at = b * kBatchStride + i;
      const uint8_t want = i < one.size() ? one[i] : guard[at];
      ASSERT_EQ(after[at], want) << "batch " << b << " byte " << i;
    }
  }
  EXPECT_EQ(nan_in, 2u);
  EXPECT_EQ(inf_in, 2u);
  EXPECT_EQ(nan_out, 2u);
  EXPECT_EQ(saturated, 4u);
}

// Runs the fp16 layer with `change` applied before OP_EN; the run must end
// in an error, returned, with nothing written to the output.
std::string refused_layer(const std::function<void(UnitRegisters& rdma, UnitRegisters& sdp)>& change) {
  const std::vector<uint8_t> guard = pattern(kOut, 2 * kBytes + 64, 0xEE);
  std::vector<uint8_t> after(guard.size());
  NvdlaSystem* top = nullptr;
  SnapshotAtError snapshot([&] { top->mcif_memory().peek(kOut, after.data(), after.size()); });
  const std::string message = run_expecting_error(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    top = &system;
    system.hal().write_memory(kIn, bytes_of(false).data(), kBytes);
    system.hal().write_memory(kOut, guard.data(), guard.size());
    program_fp16_layer(system);
    UnitRegisters rd(system, Unit::SdpRdma), sd(system, Unit::Sdp);
    change(rd, sd);
    rd.write(rdma::D_OP_ENABLE, 1);
    sd.write(sdp::D_OP_ENABLE, 1);
    wait_for_status(system, kSdpDone0, 1000000);
  });
  EXPECT_EQ(after, guard) << "nothing may be written";
  return message;
}

// SDP and SDP_RDMA must agree on the number of batches.
TEST(SdpFp16Layer, BatchNumbersMustAgree) {
  const std::string message = refused_layer([](UnitRegisters&, UnitRegisters& sd) {
    sd.write(sdp::D_FEATURE_MODE_CFG, sd.read(sdp::D_FEATURE_MODE_CFG) | sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_DST_BATCH_STRIDE, kBytes);
  });
  EXPECT_TRUE(mentions(message, {"BATCH_NUMBER (1)", "SDP_RDMA's (0)"})) << message;
}

// Batches need the output lines and surfaces at even numbers of atoms.
TEST(SdpFp16Layer, BatchesNeedStridesOfTwoAtoms) {
  const std::string message = refused_layer([](UnitRegisters& rd, UnitRegisters& sd) {
    rd.write(rdma::D_FEATURE_MODE_CFG, rd.read(rdma::D_FEATURE_MODE_CFG) | rdma::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_FEATURE_MODE_CFG, sd.read(sdp::D_FEATURE_MODE_CFG) | sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_DST_LINE_STRIDE, kBytes + 32);
    sd.write(sdp::D_DST_SURFACE_STRIDE, kBytes + 32);
    sd.write(sdp::D_DST_BATCH_STRIDE, 2 * kBytes);
  });
  EXPECT_TRUE(mentions(message, {"D_DST_LINE_STRIDE (96)", "multiples of 64 bytes"})) << message;
}

// Batches go to memory, not to PDP.
TEST(SdpFp16Layer, BatchesToPdpAreRefused) {
  const std::string message = refused_layer([](UnitRegisters& rd, UnitRegisters& sd) {
    rd.write(rdma::D_FEATURE_MODE_CFG, rd.read(rdma::D_FEATURE_MODE_CFG) | rdma::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1));
    sd.write(sdp::D_FEATURE_MODE_CFG, sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(1) |
                                          sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP));
  });
  EXPECT_TRUE(mentions(message, {"multi-batch", "OUTPUT_DST = MEM"})) << message;
}

// Winograd output comes from the convolution core: SDP refuses WINOGRAD
// with input from memory, and SDP_RDMA refuses it for its own read.
TEST(SdpFp16Layer, WinogradFromMemoryIsRefusedBySdp) {
  const std::string message = refused_layer([](UnitRegisters&, UnitRegisters& sd) {
    sd.write(sdp::D_FEATURE_MODE_CFG, sd.read(sdp::D_FEATURE_MODE_CFG) | sdp::D_FEATURE_MODE_CFG_WINOGRAD.put(1));
  });
  EXPECT_TRUE(mentions(message, {"D_FEATURE_MODE_CFG.WINOGRAD needs FLYING_MODE = ON"})) << message;
}

TEST(SdpFp16Layer, WinogradFromMemoryIsRefusedBySdpRdma) {
  const std::string message = refused_layer([](UnitRegisters& rd, UnitRegisters&) {
    rd.write(rdma::D_FEATURE_MODE_CFG, rd.read(rdma::D_FEATURE_MODE_CFG) | rdma::D_FEATURE_MODE_CFG_WINOGRAD.put(1));
  });
  EXPECT_TRUE(mentions(message, {"Winograd input from memory is not modelled"})) << message;
}

// nv_large has no FP16 datapath: SDP_RDMA refuses the layer, naming
// IN_PRECISION, before anything is written.
TEST(SdpFp16Layer, RefusedWithoutAnFp16Datapath) {
  const std::string message = run_expecting_error(options_for(Config::NvLarge), [](NvdlaSystem& system) {
    program_fp16_layer(system);
    UnitRegisters(system, Unit::SdpRdma).write(rdma::D_OP_ENABLE, 1);
    UnitRegisters(system, Unit::Sdp).write(sdp::D_OP_ENABLE, 1);
    wait_for_status(system, kSdpDone0, 1000000);
  });
  EXPECT_TRUE(mentions(message, {"IN_PRECISION", "fp16", "nv_large"})) << message;
}

}  // namespace
}  // namespace acosim::nvdla::test

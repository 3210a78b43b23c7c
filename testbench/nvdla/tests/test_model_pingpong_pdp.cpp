// PDP_RDMA + PDP and SDP_RDMA + SDP through the co-simulation top, in
// nv_small (8-byte atoms) and nv_full (32-byte atoms): the ping-pong
// register groups (nvdla/hw vmod/nvdla/pdp/NV_NVDLA_PDP_reg.v, nvdla/doc
// hwarch.rst "Ping-pong Synchronization Mechanism"), the PDP limitation list
// of the programming guide, max pooling against a reference written here,
// and the SDP -> PDP on-the-fly path with every SDP stage bypassed (as in
// nv_small's sdp_pdp_32x16x32_pass_through trace).
//
// Cubes are in NVDLA feature layout (nvdla/doc doc/hw/format.rst): element
// (w, h, c) at base + (c / E) * surface_stride + h * line_stride + w * atom
// + c % E, E = atom bytes for int8. Every lane of every atom is data, the
// lanes beyond C of the last surface included.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

namespace rp = regs::pdp;
namespace rr = regs::pdp_rdma;
namespace rs = regs::sdp;
namespace rsr = regs::sdp_rdma;

constexpr uint32_t kPdpDone0 = 1u << 4;  // GLB PDP_DONE_STATUS0
constexpr uint32_t kPdpDone1 = 1u << 5;  // GLB PDP_DONE_STATUS1
constexpr uint32_t kSdpDone0 = 1u << 0;  // GLB SDP_DONE_STATUS0
constexpr uint64_t kLayerTimeoutNs = 200000;
constexpr uint64_t kGuardBytes = 64;

// A feature cube in memory.
struct CubePlace {
  uint32_t width = 1, height = 1, channels = 1;
  uint32_t atom = 8;
  uint64_t base = 0;
  uint32_t line_stride = 0, surface_stride = 0;

  uint32_t surfaces() const { return (channels + atom - 1) / atom; }
  uint64_t offset(uint32_t w, uint32_t h, uint32_t c) const {
    return uint64_t{c / atom} * surface_stride + uint64_t{h} * line_stride + uint64_t{w} * atom + c % atom;
  }
  // Bytes from base to the end of the last atom.
  uint64_t extent() const { return offset(width - 1, height - 1, surfaces() * atom - 1) + 1; }
};

// A cube with line and surface gaps of one atom.
CubePlace gapped(uint32_t width, uint32_t height, uint32_t channels, uint32_t atom, uint64_t base) {
  CubePlace p;
  p.width = width;
  p.height = height;
  p.channels = channels;
  p.atom = atom;
  p.base = base;
  p.line_stride = (width + 1) * atom;
  p.surface_stride = (height + 1) * p.line_stride;
  return p;
}

// A packed cube (the PDP_RDMA side of the tests reads packed input).
CubePlace packed(uint32_t width, uint32_t height, uint32_t channels, uint32_t atom, uint64_t base) {
  CubePlace p = gapped(width, height, channels, atom, base);
  p.line_stride = width * atom;
  p.surface_stride = height * p.line_stride;
  return p;
}

int8_t input_value(uint32_t w, uint32_t h, uint32_t c, uint8_t seed) {
  return static_cast<int8_t>(pattern_byte((uint64_t{c} << 20) | (uint64_t{h} << 10) | w, seed));
}

uint8_t guard_byte(uint64_t address) { return pattern_byte(address, 0x5C); }

// One offline (or on-the-fly) pooling layer as PDP_RDMA and PDP hold it.
struct PoolLayer {
  CubePlace in;
  CubePlace out;  // width/height = OUT_WIDTH/HEIGHT + 1
  uint32_t method = rp::D_OPERATION_MODE_CFG_POOLING_METHOD_MAX;
  bool offline = true;
  uint32_t kernel_width = 2, kernel_height = 2, stride_width = 2, stride_height = 2;
  uint32_t padding = 0;       // D_POOLING_PADDING_CFG word
  uint32_t split_num = 0;     // D_OPERATION_MODE_CFG.SPLIT_NUM
  uint32_t out_channels = 0;  // 0: IN_CHANNEL
  uint32_t rdma_width = 0;    // 0: IN_WIDTH (PDP_RDMA's own copy)
  uint8_t seed = 1;
};

// A max-pool layer 2x2 stride 2 of a W x H x C cube, offline.
PoolLayer max_pool(Config config, uint32_t width, uint32_t height, uint32_t channels, uint64_t source,
                   uint64_t destination, uint8_t seed) {
  const uint32_t atom = hardware_config(config).atom_bytes;
  PoolLayer l;
  l.in = packed(width, height, channels, atom, source);
  l.out = gapped(width / 2, height / 2, channels, atom, destination);
  l.seed = seed;
  return l;
}

// The firmware side: programs and enables the groups of PDP_RDMA, PDP,
// SDP_RDMA and SDP, loads and checks cubes.
class Firmware {
 public:
  explicit Firmware(NvdlaSystem& system)
      : hal(system.hal()), glb(system, Unit::Glb), pdp(system, Unit::Pdp), rdma(system, Unit::PdpRdma),
        sdp(system, Unit::Sdp), sdp_rdma(system, Unit::SdpRdma), m_system(system) {}

  hal::Hal& hal;
  UnitRegisters glb, pdp, rdma, sdp, sdp_rdma;

  void program_rdma(const PoolLayer& l, unsigned group) {
    rdma.write(rr::S_POINTER, group);
    rdma.write(rr::D_DATA_CUBE_IN_WIDTH, (l.rdma_width != 0 ? l.rdma_width : l.in.width) - 1);
    rdma.write(rr::D_DATA_CUBE_IN_HEIGHT, l.in.height - 1);
    rdma.write(rr::D_DATA_CUBE_IN_CHANNEL, l.in.channels - 1);
    rdma.write(rr::D_FLYING_MODE, rr::D_FLYING_MODE_FLYING_MODE_OFF_FLYING);
    rdma.write(rr::D_SRC_BASE_ADDR_LOW, static_cast<uint32_t>(l.in.base));
    rdma.write(rr::D_SRC_BASE_ADDR_HIGH, static_cast<uint32_t>(l.in.base >> 32));
    rdma.write(rr::D_SRC_LINE_STRIDE, l.in.line_stride);
    rdma.write(rr::D_SRC_SURFACE_STRIDE, l.in.surface_stride);
    rdma.write(rr::D_SRC_RAM_CFG, rr::D_SRC_RAM_CFG_SRC_RAM_TYPE_MC);
    rdma.write(rr::D_DATA_FORMAT, rr::D_DATA_FORMAT_INPUT_DATA_INT8);
    rdma.write(rr::D_OPERATION_MODE_CFG, rr::D_OPERATION_MODE_CFG_SPLIT_NUM.put(l.split_num));
    rdma.write(rr::D_POOLING_KERNEL_CFG, rr::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(l.kernel_width - 1) |
                                             rr::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(l.stride_width - 1));
  }

  void program_pdp(const PoolLayer& l, unsigned group) {
    pdp.write(rp::S_POINTER, group);
    pdp.write(rp::D_DATA_CUBE_IN_WIDTH, l.in.width - 1);
    pdp.write(rp::D_DATA_CUBE_IN_HEIGHT, l.in.height - 1);
    pdp.write(rp::D_DATA_CUBE_IN_CHANNEL, l.in.channels - 1);
    pdp.write(rp::D_DATA_CUBE_OUT_WIDTH, l.out.width - 1);
    pdp.write(rp::D_DATA_CUBE_OUT_HEIGHT, l.out.height - 1);
    pdp.write(rp::D_DATA_CUBE_OUT_CHANNEL, (l.out_channels != 0 ? l.out_channels : l.in.channels) - 1);
    pdp.write(rp::D_OPERATION_MODE_CFG,
              rp::D_OPERATION_MODE_CFG_POOLING_METHOD.put(l.method) |
                  rp::D_OPERATION_MODE_CFG_FLYING_MODE.put(l.offline ? rp::D_OPERATION_MODE_CFG_FLYING_MODE_OFF_FLYING
                                                                     : rp::D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING) |
                  rp::D_OPERATION_MODE_CFG_SPLIT_NUM.put(l.split_num));
    pdp.write(rp::D_POOLING_KERNEL_CFG, rp::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(l.kernel_width - 1) |
                                            rp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.put(l.kernel_height - 1) |
                                            rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(l.stride_width - 1) |
                                            rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.put(l.stride_height - 1));
    pdp.write(rp::D_POOLING_PADDING_CFG, l.padding);
    pdp.write(rp::D_DST_BASE_ADDR_LOW, static_cast<uint32_t>(l.out.base));
    pdp.write(rp::D_DST_BASE_ADDR_HIGH, static_cast<uint32_t>(l.out.base >> 32));
    pdp.write(rp::D_DST_LINE_STRIDE, l.out.line_stride);
    pdp.write(rp::D_DST_SURFACE_STRIDE, l.out.surface_stride);
    pdp.write(rp::D_DST_RAM_CFG, rp::D_DST_RAM_CFG_DST_RAM_TYPE_MC);
    pdp.write(rp::D_DATA_FORMAT, rp::D_DATA_FORMAT_INPUT_DATA_INT8);
  }

  void enable(UnitRegisters& unit, uint32_t s_pointer, uint32_t op_enable, unsigned group) {
    unit.write(s_pointer, group);
    unit.write(op_enable, 1);
  }
  void enable_pdp(unsigned group) { enable(pdp, rp::S_POINTER, rp::D_OP_ENABLE, group); }
  void enable_rdma(unsigned group) { enable(rdma, rr::S_POINTER, rr::D_OP_ENABLE, group); }

  // SDP_RDMA fetches `in` from MCIF; SDP bypasses BS, BN and EW, converts
  // with offset 0, scale 1, shift 0 and sends the cube to PDP (or, with
  // to_pdp false, writes it to `out` through its write DMA).
  void program_sdp_pass_through(const CubePlace& in, bool to_pdp, const CubePlace* out = nullptr) {
    sdp_rdma.write(rsr::S_POINTER, 0);
    sdp_rdma.write(rsr::D_DATA_CUBE_WIDTH, in.width - 1);
    sdp_rdma.write(rsr::D_DATA_CUBE_HEIGHT, in.height - 1);
    sdp_rdma.write(rsr::D_DATA_CUBE_CHANNEL, in.channels - 1);
    sdp_rdma.write(rsr::D_SRC_BASE_ADDR_LOW, static_cast<uint32_t>(in.base));
    sdp_rdma.write(rsr::D_SRC_BASE_ADDR_HIGH, static_cast<uint32_t>(in.base >> 32));
    sdp_rdma.write(rsr::D_SRC_LINE_STRIDE, in.line_stride);
    sdp_rdma.write(rsr::D_SRC_SURFACE_STRIDE, in.surface_stride);
    sdp_rdma.write(rsr::D_BRDMA_CFG, rsr::D_BRDMA_CFG_BRDMA_DISABLE.put(rsr::D_BRDMA_CFG_BRDMA_DISABLE_YES));
    sdp_rdma.write(rsr::D_NRDMA_CFG, rsr::D_NRDMA_CFG_NRDMA_DISABLE.put(rsr::D_NRDMA_CFG_NRDMA_DISABLE_YES));
    sdp_rdma.write(rsr::D_ERDMA_CFG, rsr::D_ERDMA_CFG_ERDMA_DISABLE.put(rsr::D_ERDMA_CFG_ERDMA_DISABLE_YES));
    // FLYING_MODE OFF (input from memory), int8 in, processing and out.
    sdp_rdma.write(rsr::D_FEATURE_MODE_CFG, 0);
    sdp_rdma.write(rsr::D_SRC_DMA_CFG, rsr::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC);

    sdp.write(rs::S_POINTER, 0);
    sdp.write(rs::D_DATA_CUBE_WIDTH, in.width - 1);
    sdp.write(rs::D_DATA_CUBE_HEIGHT, in.height - 1);
    sdp.write(rs::D_DATA_CUBE_CHANNEL, in.channels - 1);
    const uint32_t bs_bypass = rs::D_DP_BS_CFG_BS_BYPASS.put(1) | rs::D_DP_BS_CFG_BS_ALU_BYPASS.put(1) |
                               rs::D_DP_BS_CFG_BS_MUL_BYPASS.put(1) | rs::D_DP_BS_CFG_BS_RELU_BYPASS.put(1);
    const uint32_t bn_bypass = rs::D_DP_BN_CFG_BN_BYPASS.put(1) | rs::D_DP_BN_CFG_BN_ALU_BYPASS.put(1) |
                               rs::D_DP_BN_CFG_BN_MUL_BYPASS.put(1) | rs::D_DP_BN_CFG_BN_RELU_BYPASS.put(1);
    const uint32_t ew_bypass = rs::D_DP_EW_CFG_EW_BYPASS.put(1) | rs::D_DP_EW_CFG_EW_ALU_BYPASS.put(1) |
                               rs::D_DP_EW_CFG_EW_MUL_BYPASS.put(1) | rs::D_DP_EW_CFG_EW_LUT_BYPASS.put(1);
    sdp.write(rs::D_DP_BS_CFG, bs_bypass);
    sdp.write(rs::D_DP_BN_CFG, bn_bypass);
    sdp.write(rs::D_DP_EW_CFG, ew_bypass);
    sdp.write(rs::D_FEATURE_MODE_CFG,
              rs::D_FEATURE_MODE_CFG_OUTPUT_DST.put(to_pdp ? rs::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP
                                                           : rs::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM));
    sdp.write(rs::D_DATA_FORMAT, 0);  // int8 processing and output
    sdp.write(rs::D_CVT_OFFSET, 0);
    sdp.write(rs::D_CVT_SCALE, 1);
    sdp.write(rs::D_CVT_SHIFT, 0);
    if (out == nullptr) return;
    sdp.write(rs::D_DST_BASE_ADDR_LOW, static_cast<uint32_t>(out->base));
    sdp.write(rs::D_DST_BASE_ADDR_HIGH, static_cast<uint32_t>(out->base >> 32));
    sdp.write(rs::D_DST_LINE_STRIDE, out->line_stride);
    sdp.write(rs::D_DST_SURFACE_STRIDE, out->surface_stride);
    sdp.write(rs::D_DST_DMA_CFG, rs::D_DST_DMA_CFG_DST_RAM_TYPE_MC);
  }

  // Input values over every atom of the cube; the gaps get the guard.
  void load_input(const CubePlace& in, uint8_t seed) {
    std::vector<uint8_t> data(in.extent());
    for (uint64_t i = 0; i < data.size(); ++i) data[i] = guard_byte(in.base + i);
    for (uint32_t c = 0; c < in.surfaces() * in.atom; ++c) {
      for (uint32_t h = 0; h < in.height; ++h) {
        for (uint32_t w = 0; w < in.width; ++w) {
          data[in.offset(w, h, c)] = static_cast<uint8_t>(input_value(w, h, c, seed));
        }
      }
    }
    hal.write_memory(in.base, data.data(), data.size());
  }

  void guard(const CubePlace& out) {
    const uint64_t start = out.base - kGuardBytes;
    std::vector<uint8_t> data(out.extent() + 2 * kGuardBytes);
    for (uint64_t i = 0; i < data.size(); ++i) data[i] = guard_byte(start + i);
    hal.write_memory(start, data.data(), data.size());
  }

  std::vector<uint8_t> read(const CubePlace& out) {
    std::vector<uint8_t> data(out.extent() + 2 * kGuardBytes);
    hal.read_memory(out.base - kGuardBytes, data.data(), data.size());
    return data;
  }

  NvdlaSystem& system() { return m_system; }

 private:
  NvdlaSystem& m_system;
};

// The reference: max over each window of real elements (no padding in
// these layers), for every lane of every surface.
int8_t max_pool_reference(const PoolLayer& l, uint32_t ow, uint32_t oh, uint32_t c) {
  int8_t best = input_value(ow * l.stride_width, oh * l.stride_height, c, l.seed);
  for (uint32_t kh = 0; kh < l.kernel_height; ++kh) {
    for (uint32_t kw = 0; kw < l.kernel_width; ++kw) {
      best = std::max(best, input_value(ow * l.stride_width + kw, oh * l.stride_height + kh, c, l.seed));
    }
  }
  return best;
}

// Compares the output region read back (with guards) with `expected_atom`
// inside the cube and the guard outside it; returns mismatches.
size_t check_output(const CubePlace& out, const std::vector<uint8_t>& data,
                    const std::function<uint8_t(uint32_t w, uint32_t h, uint32_t c)>& expected_atom) {
  std::vector<uint8_t> expected(data.size());
  const uint64_t start = out.base - kGuardBytes;
  for (size_t i = 0; i < expected.size(); ++i) expected[i] = guard_byte(start + i);
  for (uint32_t c = 0; c < out.surfaces() * out.atom; ++c) {
    for (uint32_t h = 0; h < out.height; ++h) {
      for (uint32_t w = 0; w < out.width; ++w) expected[kGuardBytes + out.offset(w, h, c)] = expected_atom(w, h, c);
    }
  }
  size_t mismatches = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] == expected[i]) continue;
    if (++mismatches <= 8) {
      ADD_FAILURE() << "output byte 0x" << std::hex << (start + i) << " is 0x" << int(data[i]) << ", expected 0x"
                    << int(expected[i]);
    }
  }
  EXPECT_EQ(mismatches, 0u);
  return mismatches;
}

size_t expect_pooled(Firmware& fw, const PoolLayer& l) {
  return check_output(l.out, fw.read(l.out), [&](uint32_t w, uint32_t h, uint32_t c) {
    return static_cast<uint8_t>(max_pool_reference(l, w, h, c));
  });
}

size_t expect_untouched(Firmware& fw, const CubePlace& out) {
  return check_output(out, fw.read(out), [&](uint32_t w, uint32_t h, uint32_t c) {
    return guard_byte(out.base + out.offset(w, h, c));
  });
}

std::string config_name(const testing::TestParamInfo<Config>& info) { return hardware_config(info.param).name; }

// ---------------------------------------------------------- ping-pong

class PingPong : public testing::TestWithParam<Config> {};

TEST_P(PingPong, WriteToAnEnabledGroupIsDroppedAndReported) {
  const Config config = GetParam();
  uint32_t read_back = 0;
  bool caught = false;
  const std::string message = run_expecting_error(options_for(config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const PoolLayer l = max_pool(config, 4, 4, 8, 0x80000000, 0x80100000, 1);
    fw.program_pdp(l, 0);
    // PDP_RDMA is never enabled, so the group stays enabled (and the
    // layer waits for its input).
    fw.enable_pdp(0);
    try {
      fw.pdp.write(rp::D_DATA_CUBE_IN_WIDTH, 0x55);
    } catch (const sc_core::sc_report&) {
      caught = true;
      read_back = fw.pdp.read(rp::D_DATA_CUBE_IN_WIDTH);
      throw;
    }
  });
  EXPECT_TRUE(caught);
  EXPECT_EQ(read_back, 3u) << "the dropped write reached the register";
  EXPECT_TRUE(mentions(message, {"PDP", "D_DATA_CUBE_IN_WIDTH", "0x00000055", "group 0", "dropped"}));
}

TEST_P(PingPong, OpEnableReadsOneWhileTheLayerRunsAndZeroAfter) {
  const Config config = GetParam();
  run_firmware(options_for(config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const PoolLayer l = max_pool(config, 4, 4, 8, 0x80000000, 0x80100000, 1);
    fw.load_input(l.in, l.seed);
    fw.guard(l.out);
    fw.program_rdma(l, 0);
    fw.program_pdp(l, 0);
    fw.enable_rdma(0);
    fw.enable_pdp(0);
    EXPECT_EQ(fw.pdp.read(rp::D_OP_ENABLE), 1u);
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), rp::S_STATUS_STATUS_0_RUNNING);
    EXPECT_TRUE(fw.hal.wait_for_interrupt(kLayerTimeoutNs));
    EXPECT_EQ(fw.glb.read(regs::glb::S_INTR_STATUS), kPdpDone0);
    EXPECT_EQ(fw.pdp.read(rp::D_OP_ENABLE), 0u);
    EXPECT_EQ(fw.rdma.read(rr::D_OP_ENABLE), 0u);
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), 0u);
    EXPECT_EQ(fw.rdma.read(rr::S_STATUS), 0u);
    expect_pooled(fw, l);
  });
}

TEST_P(PingPong, StatusConsumerAndDoneBitFollowTheGroups) {
  const Config config = GetParam();
  run_firmware(options_for(config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const PoolLayer first = max_pool(config, 4, 4, 8, 0x80000000, 0x80100000, 1);
    const PoolLayer second = max_pool(config, 6, 2, 8, 0x80200000, 0x80300000, 2);
    for (const PoolLayer& l : {first, second}) {
      fw.load_input(l.in, l.seed);
      fw.guard(l.out);
    }
    fw.program_rdma(first, 0);
    fw.program_rdma(second, 1);
    fw.program_pdp(first, 0);
    fw.program_pdp(second, 1);
    fw.enable_pdp(0);
    fw.enable_pdp(1);
    // Both enabled: group 0 (the consumer) RUNNING, group 1 PENDING.
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), rp::S_STATUS_STATUS_0.put(rp::S_STATUS_STATUS_0_RUNNING) |
                                             rp::S_STATUS_STATUS_1.put(rp::S_STATUS_STATUS_1_PENDING));
    // PRODUCER 1 (last written), CONSUMER 0.
    EXPECT_EQ(fw.pdp.read(rp::S_POINTER), 1u);
    EXPECT_EQ(fw.pdp.read(rp::D_OP_ENABLE), 1u);
    // PDP_RDMA is a separate unit: nothing enabled there yet.
    EXPECT_EQ(fw.rdma.read(rr::S_STATUS), 0u);
    // Nothing moves without PDP_RDMA.
    EXPECT_FALSE(fw.hal.wait_for_interrupt(20000));

    fw.enable_rdma(0);
    EXPECT_TRUE(fw.hal.wait_for_interrupt(kLayerTimeoutNs));
    EXPECT_EQ(fw.glb.read(regs::glb::S_INTR_STATUS), kPdpDone0);
    // Group 0 done: idle; group 1 is now the consumer, RUNNING (waiting
    // for PDP_RDMA's group 1).
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), rp::S_STATUS_STATUS_1.put(rp::S_STATUS_STATUS_1_RUNNING));
    EXPECT_EQ(fw.pdp.read(rp::S_POINTER), rp::S_POINTER_CONSUMER.put(1) | rp::S_POINTER_PRODUCER.put(1));
    // PDP_RDMA's consumer flipped too (PRODUCER 0: last written by enable_rdma(0)).
    EXPECT_EQ(fw.rdma.read(rr::S_POINTER), rr::S_POINTER_CONSUMER.put(1));
    expect_pooled(fw, first);
    expect_untouched(fw, second.out);
    fw.glb.write(regs::glb::S_INTR_STATUS, kPdpDone0);

    fw.enable_rdma(1);
    EXPECT_TRUE(fw.hal.wait_for_interrupt(kLayerTimeoutNs));
    // A layer of group 1 raises PDP_DONE_STATUS1.
    EXPECT_EQ(fw.glb.read(regs::glb::S_INTR_STATUS), kPdpDone1);
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), 0u);
    EXPECT_EQ(fw.pdp.read(rp::S_POINTER), rp::S_POINTER_PRODUCER.put(1));  // CONSUMER back to 0
    EXPECT_EQ(fw.rdma.read(rr::S_POINTER), rr::S_POINTER_PRODUCER.put(1));
    EXPECT_EQ(fw.pdp.read(rp::D_OP_ENABLE), 0u);
    expect_pooled(fw, second);
  });
}

TEST_P(PingPong, OfflineLayerWithoutRdmaNeverCompletes) {
  const Config config = GetParam();
  const RunStatistics stats = run_firmware(options_for(config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const PoolLayer l = max_pool(config, 4, 4, 8, 0x80000000, 0x80100000, 1);
    fw.load_input(l.in, l.seed);
    fw.guard(l.out);
    fw.program_rdma(l, 0);  // programmed, never enabled
    fw.program_pdp(l, 0);
    fw.enable_pdp(0);
    const uint64_t start = fw.hal.now_ns();
    EXPECT_FALSE(fw.hal.wait_for_interrupt(100000));
    EXPECT_GE(fw.hal.now_ns() - start, 100000u);
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), rp::S_STATUS_STATUS_0_RUNNING);
    EXPECT_EQ(fw.pdp.read(rp::D_OP_ENABLE), 1u);
    EXPECT_EQ(fw.glb.read(regs::glb::S_INTR_STATUS), 0u);
    expect_untouched(fw, l.out);
  });
  // The firmware's return ended the simulation although PDP still waits.
  EXPECT_GE(stats.simulated_ns, 100000.0);
}

INSTANTIATE_TEST_SUITE_P(Configurations, PingPong, testing::Values(Config::NvSmall, Config::NvFull), config_name);

// ---------------------------------------------------- PDP limitations

struct LimitCase {
  const char* name;
  std::vector<std::string> words;
  std::function<void(PoolLayer&)> break_it;
};

struct LimitParam {
  Config config;
  LimitCase rule;
};

void PrintTo(const LimitParam& p, std::ostream* out) { *out << hardware_config(p.config).name << " " << p.rule.name; }

std::vector<LimitParam> limit_params() {
  const std::vector<LimitCase> rules = {
      // Kernel 2x2: PAD_LEFT must be 0 or 1.
      {"PadLeftNotBelowKernelWidth",
       {"PDP", "PAD_LEFT (2)", "kernel width (2)"},
       [](PoolLayer& l) { l.padding = rp::D_POOLING_PADDING_CFG_PAD_LEFT.put(2); }},
      // KERNEL_WIDTH holds K - 1 in 4 bits, so 9 can be programmed; PDP
      // pools windows of at most 8.
      {"KernelWidthNine",
       {"PDP", "KERNEL_WIDTH (9)", "1..8"},
       [](PoolLayer& l) { l.kernel_width = 9; }},
      // W + PL + PR = 4 but (OW - 1) * Sw + Kw = (3 - 1) * 2 + 2 = 6.
      {"WidthNotCoveredByWindows",
       {"PDP", "IN_WIDTH + PAD_LEFT + PAD_RIGHT", "OUT_WIDTH", "= 4", "= 6"},
       [](PoolLayer& l) { l.out.width = 3; }},
      {"OutChannelDiffersFromInChannel",
       {"PDP", "OUT_CHANNEL (9)", "IN_CHANNEL (8)"},
       [](PoolLayer& l) { l.out_channels = l.in.channels + 1; }},
      // Split width only for input fetched by PDP_RDMA.
      {"SplitOnTheFly",
       {"PDP", "SPLIT_NUM", "OFF_FLYING"},
       [](PoolLayer& l) {
         l.offline = false;
         l.split_num = 1;
       }},
      // PDP_RDMA fetches a cube of another width than PDP pools.
      {"RdmaWidthDiffers",
       {"PDP_RDMA", "D_DATA_CUBE_IN_WIDTH (2)", "PDP's (4)"},
       [](PoolLayer& l) { l.rdma_width = 2; }},
  };
  std::vector<LimitParam> params;
  for (Config config : {Config::NvSmall, Config::NvFull}) {
    for (const LimitCase& rule : rules) params.push_back({config, rule});
  }
  return params;
}

std::string limit_name(const testing::TestParamInfo<LimitParam>& info) {
  return std::string(hardware_config(info.param.config).name) + "_" + info.param.rule.name;
}

class PdpLimits : public testing::TestWithParam<LimitParam> {};

TEST_P(PdpLimits, ViolationIsReportedBeforeAnyOutput) {
  const auto& [config, rule] = GetParam();
  PoolLayer l = max_pool(config, 4, 4, 8, 0x80000000, 0x80100000, 1);
  rule.break_it(l);
  std::vector<uint8_t> at_error;
  NvdlaSystem* top = nullptr;
  const CubePlace out = l.out;
  // The error unwinds the simulation from PDP's thread: look at the
  // destination when it is reported.
  SnapshotAtError snapshot([&] {
    at_error.resize(out.extent() + 2 * kGuardBytes);
    top->mcif_memory().peek(out.base - kGuardBytes, at_error.data(), at_error.size());
  });
  const std::string message = run_expecting_error(options_for(config), [&](NvdlaSystem& system) {
    top = &system;
    Firmware fw(system);
    fw.load_input(l.in, l.seed);
    fw.guard(out);
    if (l.offline) {
      fw.program_rdma(l, 0);
      fw.enable_rdma(0);
    }
    fw.program_pdp(l, 0);
    fw.enable_pdp(0);
    fw.hal.wait_for_interrupt(kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, rule.words));
  ASSERT_FALSE(at_error.empty()) << "no error was reported";
  check_output(out, at_error, [&](uint32_t w, uint32_t h, uint32_t c) {
    return guard_byte(out.base + out.offset(w, h, c));
  });
}

INSTANTIATE_TEST_SUITE_P(Rules, PdpLimits, testing::ValuesIn(limit_params()), limit_name);

// --------------------------------------------------------- max pooling

struct PoolCase {
  const char* name;
  Config config;
  uint32_t width, height, channels;
};

void PrintTo(const PoolCase& c, std::ostream* out) { *out << c.name; }

std::string pool_name(const testing::TestParamInfo<PoolCase>& info) { return info.param.name; }

class PdpMaxPool : public testing::TestWithParam<PoolCase> {};

TEST_P(PdpMaxPool, MatchesTheReference) {
  const PoolCase& c = GetParam();
  run_firmware(options_for(c.config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const PoolLayer l = max_pool(c.config, c.width, c.height, c.channels, 0x80000000, 0x80100000, 7);
    fw.load_input(l.in, l.seed);
    fw.guard(l.out);
    fw.program_rdma(l, 0);
    fw.program_pdp(l, 0);
    fw.enable_rdma(0);
    fw.enable_pdp(0);
    EXPECT_TRUE(fw.hal.wait_for_interrupt(kLayerTimeoutNs));
    EXPECT_EQ(fw.glb.read(regs::glb::S_INTR_STATUS), kPdpDone0);
    expect_pooled(fw, l);
  });
}

INSTANTIATE_TEST_SUITE_P(Layers, PdpMaxPool,
                         testing::Values(PoolCase{"Small4x4x8", Config::NvSmall, 4, 4, 8},
                                         // two surfaces, the second with 4 lanes beyond C
                                         PoolCase{"Small6x4x12", Config::NvSmall, 6, 4, 12},
                                         PoolCase{"Full4x4x40", Config::NvFull, 4, 4, 40}),
                         pool_name);

// The 4x4x8 int8 layer of nv_small worked by hand, channel 0 only: the
// input below (w across, h down), 2x2 windows with stride 2.
TEST(PdpMaxPoolByHand, Small4x4x8Channel0) {
  const int8_t plane[4][4] = {
      {-128, 5, 100, 101},  //
      {-1, -2, 127, -128},  //
      {0, 0, -5, -6},       //
      {0, 1, -7, -100},     //
  };
  // Windows: {-128, 5, -1, -2} -> 5; {100, 101, 127, -128} -> 127;
  // {0, 0, 0, 1} -> 1; {-5, -6, -7, -100} -> -5.
  const int8_t expected[2][2] = {{5, 127}, {1, -5}};
  run_firmware(options_for(Config::NvSmall), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const PoolLayer l = max_pool(Config::NvSmall, 4, 4, 8, 0x80000000, 0x80100000, 1);
    std::vector<uint8_t> input(l.in.extent(), 0);
    for (uint32_t h = 0; h < 4; ++h) {
      for (uint32_t w = 0; w < 4; ++w) input[l.in.offset(w, h, 0)] = static_cast<uint8_t>(plane[h][w]);
    }
    fw.hal.write_memory(l.in.base, input.data(), input.size());
    fw.program_rdma(l, 0);
    fw.program_pdp(l, 0);
    fw.enable_rdma(0);
    fw.enable_pdp(0);
    EXPECT_TRUE(fw.hal.wait_for_interrupt(kLayerTimeoutNs));
    std::vector<uint8_t> output(l.out.extent());
    fw.hal.read_memory(l.out.base, output.data(), output.size());
    for (uint32_t h = 0; h < 2; ++h) {
      for (uint32_t w = 0; w < 2; ++w) {
        EXPECT_EQ(static_cast<int8_t>(output[l.out.offset(w, h, 0)]), expected[h][w])
            << "output (" << w << ", " << h << ")";
      }
    }
  });
}

// --------------------------------------------------------- on the fly

class OnTheFly : public testing::TestWithParam<Config> {};

TEST_P(OnTheFly, SdpBypassedIntoOneByOneMaxPoolCopiesTheCube) {
  const Config config = GetParam();
  const uint32_t atom = hardware_config(config).atom_bytes;
  run_firmware(options_for(config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    // Two surfaces, the second partly beyond C; gaps on both sides.
    const CubePlace in = gapped(3, 2, atom + atom / 2, atom, 0x80000000);
    PoolLayer l;
    l.in = in;
    l.out = gapped(3, 2, in.channels, atom, 0x80100000);
    l.offline = false;
    l.kernel_width = l.kernel_height = l.stride_width = l.stride_height = 1;
    fw.load_input(in, 3);
    fw.guard(l.out);
    fw.program_pdp(l, 0);
    fw.program_sdp_pass_through(in, true);
    // The traces' order: PDP, then SDP, then SDP_RDMA.
    fw.enable_pdp(0);
    fw.enable(fw.sdp, rs::S_POINTER, rs::D_OP_ENABLE, 0);
    fw.enable(fw.sdp_rdma, rsr::S_POINTER, rsr::D_OP_ENABLE, 0);
    EXPECT_EQ(wait_for_status(system, kSdpDone0 | kPdpDone0, kLayerTimeoutNs), kSdpDone0 | kPdpDone0);
    check_output(l.out, fw.read(l.out), [&](uint32_t w, uint32_t h, uint32_t c) {
      return static_cast<uint8_t>(input_value(w, h, c, 3));
    });
    EXPECT_EQ(fw.pdp.read(rp::S_STATUS), 0u);
    EXPECT_EQ(fw.sdp.read(rs::S_STATUS), 0u);
    EXPECT_EQ(fw.sdp_rdma.read(rsr::S_STATUS), 0u);
  });
}

TEST_P(OnTheFly, SdpWritesToMemoryWithPerChannelBias) {
  // SDP on its own (OUTPUT_DST = MEM): BS adds a per-channel bias that
  // BRDMA reads from memory (one byte per channel, PER_KERNEL), then ReLU;
  // the output goes to a gapped cube whose gaps must stay untouched.
  const Config config = GetParam();
  const uint32_t atom = hardware_config(config).atom_bytes;
  const uint64_t bias_base = 0x80200000;
  run_firmware(options_for(config), [&](NvdlaSystem& system) {
    Firmware fw(system);
    const CubePlace in = gapped(3, 2, atom + atom / 2, atom, 0x80000000);
    const CubePlace out = gapped(3, 2, in.channels, atom, 0x80100000);
    fw.load_input(in, 5);
    fw.guard(out);
    const uint32_t lanes = in.surfaces() * atom;
    std::vector<uint8_t> bias(lanes);
    for (uint32_t c = 0; c < lanes; ++c) bias[c] = static_cast<uint8_t>(int8_t(int(c % 7) * 9 - 30));
    fw.hal.write_memory(bias_base, bias.data(), bias.size());
    fw.program_sdp_pass_through(in, false, &out);
    fw.sdp_rdma.write(rsr::D_BRDMA_CFG, rsr::D_BRDMA_CFG_BRDMA_DISABLE.put(rsr::D_BRDMA_CFG_BRDMA_DISABLE_NO) |
                                            rsr::D_BRDMA_CFG_BRDMA_DATA_USE.put(rsr::D_BRDMA_CFG_BRDMA_DATA_USE_ALU) |
                                            rsr::D_BRDMA_CFG_BRDMA_RAM_TYPE.put(rsr::D_BRDMA_CFG_BRDMA_RAM_TYPE_MC));
    fw.sdp_rdma.write(rsr::D_BS_BASE_ADDR_LOW, static_cast<uint32_t>(bias_base));
    fw.sdp_rdma.write(rsr::D_BS_BASE_ADDR_HIGH, 0);
    fw.sdp.write(rs::D_DP_BS_CFG, rs::D_DP_BS_CFG_BS_ALU_ALGO.put(rs::D_DP_BS_CFG_BS_ALU_ALGO_SUM) |
                                      rs::D_DP_BS_CFG_BS_MUL_BYPASS.put(1));
    fw.sdp.write(rs::D_DP_BS_ALU_CFG, rs::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(rs::D_DP_BS_ALU_CFG_BS_ALU_SRC_MEM));
    fw.enable(fw.sdp_rdma, rsr::S_POINTER, rsr::D_OP_ENABLE, 0);
    fw.enable(fw.sdp, rs::S_POINTER, rs::D_OP_ENABLE, 0);
    EXPECT_EQ(wait_for_status(system, kSdpDone0, kLayerTimeoutNs), kSdpDone0);
    // max(0, sat_8(x + bias[c])), every lane of every atom.
    check_output(out, fw.read(out), [&](uint32_t w, uint32_t h, uint32_t c) {
      const int sum = input_value(w, h, c, 5) + int8_t(bias[c]);
      return static_cast<uint8_t>(std::clamp(sum, 0, 127));
    });
    EXPECT_EQ(fw.sdp.read(rs::S_STATUS), 0u);
    EXPECT_EQ(fw.sdp_rdma.read(rsr::S_STATUS), 0u);
  });
}

TEST_P(OnTheFly, SdpMemoryOperandWithoutItsDmaIsRefusedBeforeAnyOutput) {
  // BS reads its ALU operand from memory but BRDMA is disabled: the
  // hardware would wait forever; the model names both registers and
  // writes nothing.
  const Config config = GetParam();
  const uint32_t atom = hardware_config(config).atom_bytes;
  const CubePlace in = packed(2, 2, atom, atom, 0x80000000);
  const CubePlace out = packed(2, 2, atom, atom, 0x80100000);
  std::vector<uint8_t> at_error;
  NvdlaSystem* top = nullptr;
  SnapshotAtError snapshot([&] {
    at_error.resize(out.extent() + 2 * kGuardBytes);
    top->mcif_memory().peek(out.base - kGuardBytes, at_error.data(), at_error.size());
  });
  const std::string message = run_expecting_error(options_for(config), [&](NvdlaSystem& system) {
    top = &system;
    Firmware fw(system);
    fw.load_input(in, 4);
    fw.guard(out);
    fw.program_sdp_pass_through(in, false, &out);
    fw.sdp.write(rs::D_DP_BS_CFG, rs::D_DP_BS_CFG_BS_MUL_BYPASS.put(1));
    fw.sdp.write(rs::D_DP_BS_ALU_CFG, rs::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(rs::D_DP_BS_ALU_CFG_BS_ALU_SRC_MEM));
    fw.enable(fw.sdp_rdma, rsr::S_POINTER, rsr::D_OP_ENABLE, 0);
    fw.enable(fw.sdp, rs::S_POINTER, rs::D_OP_ENABLE, 0);
    fw.hal.wait_for_interrupt(kLayerTimeoutNs);
  });
  EXPECT_TRUE(mentions(message, {"SDP", "BS_ALU_SRC = MEM", "BRDMA", "BRDMA_DISABLE = YES"})) << message;
  ASSERT_FALSE(at_error.empty()) << "no error was reported";
  check_output(out, at_error, [&](uint32_t w, uint32_t h, uint32_t c) {
    return guard_byte(out.base + out.offset(w, h, c));
  });
}

INSTANTIATE_TEST_SUITE_P(Configurations, OnTheFly, testing::Values(Config::NvSmall, Config::NvFull), config_name);

}  // namespace
}  // namespace acosim::nvdla::test

// NVDLA's own firmware (nvdla/sw kmd/firmware, compiled unmodified) running
// tasks on the SystemC models through the port of sw/nvdla/firmware, driven
// as the kernel driver drives it. Expected memory contents are computed in
// the tests by hand: BDMA's copy rule restated (each line of line_size bytes
// moved from source + surface * source_surface + line * source_line to the
// same place by the destination strides; nothing else written), and 2x2 max
// pooling of a small cube written out element by element.
//
// Every run is also checked for: no error report of a model (illegal
// programming and unmapped register accesses are errors of the
// co-simulation, which end the run), no access outside the modelled units'
// register windows, every unit idle afterwards (both register groups'
// OP_EN back to 0), GLB S_INTR_STATUS clear, simulated time advanced, and
// the same register log, interrupts and memory contents from a second run
// of the same task in a fresh process. Each test elaborates its own system,
// so each runs in its own process.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/nvdla/firmware/engine.h"
#include "sw/nvdla/firmware/layer.h"
#include "sw/nvdla/firmware/port.h"
#include "sw/nvdla/firmware/task_builder.h"
#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/rubik.h"
#include "sw/nvdla/regs/sdp.h"
#include "testbench/nvdla/firmware/run_task.h"
#include "testbench/nvdla/tests/firmware_test_support.h"
#include "testbench/nvdla/tests/model_test_support.h"
#include "testbench/nvdla/tests/winograd_layer.h"

namespace acosim::nvdla::firmware {
namespace {

using test::mentions;
namespace wg = test::wg;
using test::pattern;
namespace bdma = regs::bdma;
namespace glb = regs::glb;

TaskRequest request_for(Config config) {
  TaskRequest request;
  request.system.config = config;
  return request;
}

const MemoryImage& read_back(const TaskResult& result, size_t index) {
  if (index >= result.read_back.size()) throw std::logic_error("no such read-back region");
  return result.read_back[index];
}

void expect_bytes(const std::vector<uint8_t>& expected, const std::vector<uint8_t>& actual, const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  size_t mismatches = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] == actual[i]) continue;
    if (++mismatches <= 5) {
      ADD_FAILURE() << what << ": byte " << i << " is 0x" << std::hex << int(actual[i]) << ", expected 0x"
                    << int(expected[i]);
    }
  }
  EXPECT_EQ(mismatches, 0u) << what << ": bytes that differ out of " << expected.size();
}

// The accesses to one register.
std::vector<RegisterAccess> accesses_to(const TaskResult& result, uint32_t offset, bool write) {
  std::vector<RegisterAccess> found;
  for (const RegisterAccess& a : result.registers) {
    if (a.offset == offset && a.write == write) found.push_back(a);
  }
  return found;
}

// ---------------------------------------------------------------------------
// BDMA

struct CopyCase {
  MemoryType source_type = MemoryType::Mc;
  MemoryType destination_type = MemoryType::Mc;
  std::vector<BdmaTransfer> transfers;
};

uint64_t transfer_end(const BdmaTransfer& t, bool source) {
  const uint64_t line = source ? t.source_line : t.destination_line;
  const uint64_t surface = source ? t.source_surface : t.destination_surface;
  return (t.surface_repeat - 1) * surface + (t.line_repeat - 1) * line + t.line_size;
}

// Loads a pattern under every source and a different one under every
// destination (so a missing or stray write shows), runs the copies as
// consecutive layers and checks every destination byte, the gaps included.
TaskResult run_copies(Config config, const std::vector<CopyCase>& copies, const std::vector<bool>& after_previous) {
  TaskRequest request = request_for(config);
  struct Region {
    MemoryType memory;
    uint64_t address, bytes;
  };
  std::vector<Region> destinations;
  for (size_t c = 0; c < copies.size(); ++c) {
    BdmaCopy copy{copies[c].source_type, copies[c].destination_type, copies[c].transfers};
    for (const BdmaTransfer& t : copy.transfers) {
      request.load.push_back({copy.source_type, t.source_address,
                              pattern(t.source_address, size_t(transfer_end(t, true)), uint8_t(1 + c))});
      const uint64_t bytes = transfer_end(t, false) + 64;
      request.load.push_back(
          {copy.destination_type, t.destination_address, pattern(t.destination_address, bytes, 0xEE)});
      request.read_back.push_back({copy.destination_type, t.destination_address, bytes});
      destinations.push_back({copy.destination_type, t.destination_address, bytes});
    }
    request.operations.push_back({copy, after_previous[c]});
  }
  const TaskResult result = run_checked(request);

  // The copy rule, restated.
  size_t region = 0;
  for (size_t c = 0; c < copies.size(); ++c) {
    for (const BdmaTransfer& t : copies[c].transfers) {
      const std::vector<uint8_t> source = pattern(t.source_address, size_t(transfer_end(t, true)), uint8_t(1 + c));
      std::vector<uint8_t> expected = pattern(t.destination_address, size_t(destinations[region].bytes), 0xEE);
      for (uint64_t s = 0; s < t.surface_repeat; ++s) {
        for (uint64_t l = 0; l < t.line_repeat; ++l) {
          for (uint64_t b = 0; b < t.line_size; ++b) {
            expected[s * t.destination_surface + l * t.destination_line + b] =
                source[s * t.source_surface + l * t.source_line + b];
          }
        }
      }
      std::ostringstream what;
      what << "copy " << c << " to 0x" << std::hex << t.destination_address;
      expect_bytes(expected, read_back(result, region).bytes, what.str());
      ++region;
    }
  }
  return result;
}

// nv_full sanity1 (nv_full_traceplayer/sanity1/input.txn): CFG_SRC_ADDR
// 0x80000000, CFG_DST_ADDR 0x81000000, CFG_LINE 7 (8 atoms: 256 bytes),
// CFG_LINE_REPEAT 7 (8 lines), CFG_SRC_LINE = CFG_DST_LINE = 0x100,
// CFG_SURF_REPEAT 0 (1 surface), CFG_SRC_SURF = CFG_DST_SURF = 0x800,
// CFG_CMD 3 (MC to MC). sanity2 programs the same copy and waits instead of
// polling the interrupt status.
TEST(NvdlaFirmware, BdmaCopyOfSanity1McToMc) {
  const BdmaTransfer t{0x80000000, 0x81000000, 256, 8, 0x100, 0x100, 1, 0x800, 0x800};
  const TaskResult result = run_copies(Config::NvFull, {{MemoryType::Mc, MemoryType::Mc, {t}}}, {false});

  // The firmware programs the slot with the trace's register values.
  const uint32_t base = hardware_config(Config::NvFull).unit_base(Unit::Bdma);
  const struct {
    uint32_t offset, value;
    const char* name;
  } expected[] = {{bdma::CFG_SRC_ADDR_LOW, 0x80000000, "CFG_SRC_ADDR_LOW"},
                  {bdma::CFG_SRC_ADDR_HIGH, 0, "CFG_SRC_ADDR_HIGH"},
                  {bdma::CFG_DST_ADDR_LOW, 0x81000000, "CFG_DST_ADDR_LOW"},
                  {bdma::CFG_DST_ADDR_HIGH, 0, "CFG_DST_ADDR_HIGH"},
                  {bdma::CFG_LINE, 7, "CFG_LINE"},
                  {bdma::CFG_CMD, 3, "CFG_CMD"},
                  {bdma::CFG_LINE_REPEAT, 7, "CFG_LINE_REPEAT"},
                  {bdma::CFG_SRC_LINE, 0x100, "CFG_SRC_LINE"},
                  {bdma::CFG_DST_LINE, 0x100, "CFG_DST_LINE"},
                  {bdma::CFG_SURF_REPEAT, 0, "CFG_SURF_REPEAT"},
                  {bdma::CFG_SRC_SURF, 0x800, "CFG_SRC_SURF"},
                  {bdma::CFG_DST_SURF, 0x800, "CFG_DST_SURF"},
                  {bdma::CFG_OP, 1, "CFG_OP"},
                  {bdma::CFG_LAUNCH0, 1, "CFG_LAUNCH0"}};
  for (const auto& e : expected) {
    const std::vector<RegisterAccess> writes = accesses_to(result, base + e.offset, true);
    ASSERT_EQ(writes.size(), 1u) << e.name;
    EXPECT_EQ(writes[0].value, e.value) << e.name;
  }
  ASSERT_EQ(result.run.interrupts.size(), 1u);
  EXPECT_EQ(glb::S_INTR_STATUS_BDMA_DONE_STATUS0.get(result.run.interrupts[0].status), 1u);
}

// nv_full sanity1_cvsram / sanity2_cvsram: the same copy from CV-SRAM
// 0x50000000 to CV-SRAM 0x51000000 (CFG_CMD 0).
TEST(NvdlaFirmware, BdmaCopyOfSanity1CvsramCvToCv) {
  const BdmaTransfer t{0x50000000, 0x51000000, 256, 8, 0x100, 0x100, 1, 0x800, 0x800};
  const TaskResult result = run_copies(Config::NvFull, {{MemoryType::Cv, MemoryType::Cv, {t}}}, {false});
  const uint32_t base = hardware_config(Config::NvFull).unit_base(Unit::Bdma);
  const std::vector<RegisterAccess> commands = accesses_to(result, base + bdma::CFG_CMD, true);
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(commands[0].value, 0u);
}

// Lines narrower than their strides, two surfaces, MC to CV: the gaps
// between lines and surfaces keep their old contents.
TEST(NvdlaFirmware, BdmaStridedCopyKeepsTheGaps) {
  const BdmaTransfer t{0x82000000, 0x1000, 64, 3, 128, 96, 2, 512, 320};
  run_copies(Config::NvFull, {{MemoryType::Mc, MemoryType::Cv, {t}}}, {false});
}

// 45 transfers: more than a surface descriptor holds (NUM_MAX_BDMA_OPS,
// 20) and more than BDMA's 20 command slots. The builder chains three
// operations (20, 20, 5 transfers); programming the second while the first
// runs finds no free slot and the firmware polls STATUS.FREE_SLOT until
// one frees (bdma.c processor_bdma_program_slot).
TEST(NvdlaFirmware, BdmaCopyNeedingMoreThanTwentySlotsPollsForFreeSlots) {
  std::vector<BdmaTransfer> transfers;
  for (uint64_t i = 0; i < 45; ++i) {
    transfers.push_back({0x83000000 + i * 0x400, 0x84000000 + i * 0x400, 96, 2, 128, 160, 1, 256, 320});
  }
  const TaskResult result = run_copies(Config::NvFull, {{MemoryType::Mc, MemoryType::Mc, transfers}}, {false});

  const uint32_t base = hardware_config(Config::NvFull).unit_base(Unit::Bdma);
  EXPECT_EQ(accesses_to(result, base + bdma::CFG_OP, true).size(), 45u) << "one CFG_OP per slot";
  size_t full = 0;
  for (const RegisterAccess& a : accesses_to(result, base + bdma::STATUS, false)) {
    if (bdma::STATUS_FREE_SLOT.get(a.value) == 0) ++full;
  }
  EXPECT_GT(full, 0u) << "the firmware never found the slots full";
  EXPECT_EQ(accesses_to(result, base + bdma::CFG_LAUNCH0, true).size(), 2u) << "operations 1 and 3 in group 0";
  EXPECT_EQ(accesses_to(result, base + bdma::CFG_LAUNCH1, true).size(), 1u) << "operation 2 in group 1";
  ASSERT_EQ(result.task.operations.size(), 3u);
}

// Two independent copies: the firmware programs the first in register group
// 0 and the second in group 1 while the first runs; both done interrupts
// arrive.
TEST(NvdlaFirmware, BdmaTwoOperationsUseGroupsZeroAndOne) {
  const BdmaTransfer first{0x85000000, 0x86000000, 256, 4, 256, 512, 1, 1024, 2048};
  const BdmaTransfer second{0x87000000, 0x88000000, 32, 16, 64, 32, 2, 1024, 512};
  const TaskResult result = run_copies(
      Config::NvFull, {{MemoryType::Mc, MemoryType::Mc, {first}}, {MemoryType::Mc, MemoryType::Mc, {second}}},
      {false, false});
  const uint32_t base = hardware_config(Config::NvFull).unit_base(Unit::Bdma);
  EXPECT_EQ(accesses_to(result, base + bdma::CFG_LAUNCH0, true).size(), 1u);
  EXPECT_EQ(accesses_to(result, base + bdma::CFG_LAUNCH1, true).size(), 1u);
  uint32_t seen = 0;
  for (const Interrupt& interrupt : result.run.interrupts) seen |= interrupt.status;
  EXPECT_EQ(glb::S_INTR_STATUS_BDMA_DONE_STATUS0.get(seen), 1u);
  EXPECT_EQ(glb::S_INTR_STATUS_BDMA_DONE_STATUS1.get(seen), 1u);
}

// nv_small has no BDMA: its firmware build (DLA_2_CONFIG) runs with
// dla_config.bdma_enable false and refuses the operation (bdma.c
// dla_bdma_program) before writing any BDMA register, as it would on
// silicon. It reads BDMA STATUS first to pick a register group
// (scheduler.c utils_get_free_group); on silicon that read reaches no unit
// and returns 0, so the CSB here answers it with a warning, not an error.
TEST(NvdlaFirmware, BdmaOnMasterConfigurationIsRefusedByTheFirmware) {
  SystemOptions options;
  options.config = Config::NvSmall;
  options.csb.unmapped_is_error = false;
  std::string message;
  int32_t code = 0;
  std::vector<RegisterAccess> log;
  run_firmware(options, [&](NvdlaSystem& system) {
    BdmaCopy copy;
    copy.transfers.push_back({0x80000000, 0x81000000, 256, 8, 0x100, 0x100, 1, 0x800, 0x800});
    const Task task = build_task(system.hal(), system.config(), {{copy, false}}, 0xF0000000);
    FirmwareEngine engine(system.hal(), system.config());
    EXPECT_EQ(engine.variant(), FirmwareVariant::Master);
    try {
      engine.run(task.address_list);
    } catch (const FirmwareError& e) {
      message = e.what();
      code = e.code();
    }
    log = engine.port().register_log();
  });
  EXPECT_EQ(code, -3) << "DLA_ERR_INVALID_INPUT";
  EXPECT_TRUE(
      mentions(message, {"dla_execute_task", "DLA_ERR_INVALID_INPUT", "BDMA is not supported for this configuration"}));
  const HardwareConfig& config = hardware_config(Config::NvSmall);
  for (const RegisterAccess& a : log) {
    const char* window = window_name(config, a.offset);
    if (window != nullptr && std::string(window) == "BDMA") {
      EXPECT_FALSE(a.write) << "BDMA register written: " << describe(config, a);
    }
  }
}

// ---------------------------------------------------------------------------
// PDP

// The 4x4 int8 cube with one atom of channels the pooling tests read,
// element (w, h, c) at byte (h * 4 + w) * atom + c.
using CubeElement = std::function<int8_t(uint32_t w, uint32_t h, uint32_t c)>;
constexpr uint32_t kCubeSide = 4;

std::vector<uint8_t> cube_bytes(uint32_t atom, const CubeElement& element) {
  std::vector<uint8_t> bytes(size_t(kCubeSide) * kCubeSide * atom);
  for (uint32_t h = 0; h < kCubeSide; ++h) {
    for (uint32_t w = 0; w < kCubeSide; ++w) {
      for (uint32_t c = 0; c < atom; ++c) bytes[(h * kCubeSide + w) * atom + c] = uint8_t(element(w, h, c));
    }
  }
  return bytes;
}

// The 2x2 output at `address` of 2x2 max pooling, stride 2, of the cube
// (out(x, y, c) = max of element(2x..2x+1, 2y..2y+1, c)), followed by 64
// guard bytes of 0xEE that must stay untouched.
std::vector<uint8_t> pooled_two_by_two(uint32_t atom, const CubeElement& element, uint64_t address) {
  std::vector<uint8_t> expected = pattern(address, 4 * atom + 64, 0xEE);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) {
      for (uint32_t c = 0; c < atom; ++c) {
        int8_t m = element(2 * x, 2 * y, c);
        m = std::max(m, element(2 * x + 1, 2 * y, c));
        m = std::max(m, element(2 * x, 2 * y + 1, c));
        m = std::max(m, element(2 * x + 1, 2 * y + 1, c));
        expected[(y * 2 + x) * atom + c] = uint8_t(m);
      }
    }
  }
  return expected;
}

// 2x2 max pooling, stride 2, of the 4x4 cube.
void pool_two_by_two(Config config_id) {
  const HardwareConfig& config = hardware_config(config_id);
  const uint32_t atom = config.atom_bytes;
  const uint16_t width = kCubeSide, height = kCubeSide, channels = uint16_t(atom);
  const auto in = [](uint32_t w, uint32_t h, uint32_t c) { return int8_t((w * 37 + h * 101 + c * 53) % 256); };

  PdpLayer layer;
  layer.op.pool_mode = kPoolModeMax;
  layer.op.pool_width = 1;  // POOL_SIZE_2
  layer.op.pool_height = 1;
  layer.op.stride_x = 2;
  layer.op.stride_y = 2;
  layer.op.precision = kPrecisionInt8;
  layer.src_data = {MemoryType::Mc, 0x90000000, 0, width, height, channels, width * atom, height * width * atom, 0};
  layer.dst_data = {MemoryType::Mc, 0x91000000, 0, 2, 2, channels, 2 * atom, 4 * atom, 0};

  const std::vector<uint8_t> input = cube_bytes(atom, in);
  const size_t output_bytes = 4 * atom;
  const std::vector<uint8_t> expected = pooled_two_by_two(atom, in, 0x91000000);

  TaskRequest request = request_for(config_id);
  request.load.push_back({MemoryType::Mc, 0x90000000, input});
  request.load.push_back({MemoryType::Mc, 0x91000000, pattern(0x91000000, output_bytes + 64, 0xEE)});
  request.operations.push_back({layer, false});
  request.read_back.push_back({MemoryType::Mc, 0x91000000, output_bytes + 64});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, std::string(config.name) + " pooled output");
  ASSERT_EQ(result.run.interrupts.size(), 1u);
  EXPECT_NE(result.run.interrupts[0].status &
                (glb::S_INTR_STATUS_PDP_DONE_STATUS0.mask() | glb::S_INTR_STATUS_PDP_DONE_STATUS1.mask()),
            0u);
}

// The same pooling fed on the fly by SDP, whose X1 (BS) stage adds 5 to
// every element (per-layer operand from the register, int8 saturation at
// the output converter, scale 1): out = max of sat_8(in + 5) over 2x2.
// SDP reads the cube, PDP writes the pooled result; the builder links them
// as fused parent and child.
void fused_sdp_pool(Config config_id) {
  const HardwareConfig& config = hardware_config(config_id);
  const uint32_t atom = config.atom_bytes;
  const uint16_t width = kCubeSide, height = kCubeSide, channels = uint16_t(atom);
  const auto in = [](uint32_t w, uint32_t h, uint32_t c) { return int8_t((w * 37 + h * 101 + c * 53) % 256); };
  const auto sdp_out = [&](uint32_t w, uint32_t h, uint32_t c) { return int8_t(std::min(127, in(w, h, c) + 5)); };

  SdpPdpLayer layer;
  layer.sdp_op.out_cvt.scale = 1;
  layer.sdp_op.x1_op.enable = 1;
  layer.sdp_op.x1_op.type = 2;      // SDP_OP_ADD
  layer.sdp_op.x1_op.alu_type = 2;  // SDP_ALU_OP_SUM
  layer.sdp_op.x1_op.mode = 0;      // SDP_OP_PER_LAYER
  layer.sdp_op.x1_op.alu_operand = 5;
  layer.sdp_surface.src_data = {MemoryType::Mc,        0x92000000, 0, width, height, channels, width * atom,
                                height * width * atom, 0};
  layer.pdp_op.pool_mode = kPoolModeMax;
  layer.pdp_op.pool_width = 1;
  layer.pdp_op.pool_height = 1;
  layer.pdp_op.stride_x = 2;
  layer.pdp_op.stride_y = 2;
  layer.pdp_dst_data = {MemoryType::Mc, 0x93000000, 0, 2, 2, channels, 2 * atom, 4 * atom, 0};

  const std::vector<uint8_t> input = cube_bytes(atom, in);
  const size_t output_bytes = 4 * atom;
  const std::vector<uint8_t> expected = pooled_two_by_two(atom, sdp_out, 0x93000000);

  TaskRequest request = request_for(config_id);
  request.load.push_back({MemoryType::Mc, 0x92000000, input});
  request.load.push_back({MemoryType::Mc, 0x93000000, pattern(0x93000000, output_bytes + 64, 0xEE)});
  request.operations.push_back({layer, false});
  request.read_back.push_back({MemoryType::Mc, 0x93000000, output_bytes + 64});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, std::string(config.name) + " SDP -> PDP output");
  ASSERT_EQ(result.task.operations.size(), 2u);
  EXPECT_EQ(result.task.operations[0].type, OpType::Sdp);
  EXPECT_EQ(result.task.operations[1].type, OpType::Pdp);

  // sdp.c processor_sdp_program writes D_DST_DMA_CFG from
  // map_ram_type[dst_data.type], a two-entry table, also when dst_data is
  // DLA_MEM_HW (2): it reads a byte past the table (an upstream bug). The
  // value only reaches the DST_RAM_TYPE field, which is unused while
  // OUTPUT_DST is PDP; the run above shows it changes nothing.
  const uint32_t sdp = config.unit_base(Unit::Sdp);
  const std::vector<RegisterAccess> modes = accesses_to(result, sdp + regs::sdp::D_FEATURE_MODE_CFG, true);
  ASSERT_EQ(modes.size(), 1u);
  EXPECT_EQ(regs::sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.get(modes[0].value), regs::sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP);
  EXPECT_EQ(accesses_to(result, sdp + regs::sdp::D_DST_DMA_CFG, true).size(), 1u);
}

TEST(NvdlaFirmware, SdpFusedIntoPdpNvFull) { fused_sdp_pool(Config::NvFull); }
TEST(NvdlaFirmware, SdpFusedIntoPdpNvSmall) { fused_sdp_pool(Config::NvSmall); }

// SDP alone with the EW stage's LUT as its only operation (EW enabled,
// ALU and multiplier bypassed, ACTIVATION_LUT), on nv_small_256_full, the
// nv_small variant with an EW stage. The layer's LUT goes into the
// network's LUT list; the firmware reads it with dla_read_lut and programs
// it through the LUT port (sdp.c processor_sdp_program, common.c
// update_lut). The LE table is LINEAR from 0 with no fraction bits, so an
// element x in 1..63 reads entry x exactly; x <= 0 underflows both tables
// (LO starts far above), the underflow priority picks LE, whose underflow
// slope is 0: the output is entry 0 (systemc/nvdla/sdp_lut.h). Entries are
// 100 - 3 i, int8 after the output converter (scale 1).
TEST(NvdlaFirmware, SdpEwLutFromTheNetworksLutList) {
  const Config config_id = Config::NvSmall256Full;
  const HardwareConfig& config = hardware_config(config_id);
  const uint32_t atom = config.atom_bytes;
  const uint16_t channels = uint16_t(atom);
  const auto in = [](uint32_t w, uint32_t h, uint32_t c) {
    return int8_t(int32_t(((h * kCubeSide + w) * 8 + c) % 72) - 8);  // -8..63
  };
  LutParam lut;
  for (size_t i = 0; i < lut.linear_exp_table.size(); ++i) lut.linear_exp_table[i] = int16_t(100 - 3 * int(i));
  for (size_t i = 0; i < lut.linear_only_table.size(); ++i) lut.linear_only_table[i] = int16_t(-1000 + int(i));
  lut.method = kLutMethodLinear;
  lut.linear_exp_start = 0;
  lut.linear_exp_end = 64;
  lut.linear_only_start = 0x7fff0000;
  lut.linear_only_end = 0x7fff0100;
  const auto out = [&](uint32_t w, uint32_t h, uint32_t c) {
    return int8_t(lut.linear_exp_table[size_t(std::max<int>(0, in(w, h, c)))]);
  };

  SdpLayer layer;
  layer.op.out_cvt.scale = 1;
  layer.op.y_op.enable = 1;
  layer.op.y_op.type = 0;  // SDP_OP_NONE
  layer.op.y_op.act = 2;   // ACTIVATION_LUT
  layer.op.lut = lut;
  layer.surface.src_data = {MemoryType::Mc,          0x92000000, 0, kCubeSide, kCubeSide, channels, kCubeSide * atom,
                            kCubeSide * kCubeSide * atom, 0};
  layer.dst_data = layer.surface.src_data;
  layer.dst_data.address = 0x93000000;

  const std::vector<uint8_t> input = cube_bytes(atom, in);
  std::vector<uint8_t> expected = cube_bytes(atom, out);
  const std::vector<uint8_t> guard = pattern(0x93000000 + expected.size(), 64, 0xEE);
  expected.insert(expected.end(), guard.begin(), guard.end());

  TaskRequest request = request_for(config_id);
  request.load.push_back({MemoryType::Mc, 0x92000000, input});
  request.load.push_back({MemoryType::Mc, 0x93000000, pattern(0x93000000, expected.size(), 0xEE)});
  request.operations.push_back({layer, false});
  request.read_back.push_back({MemoryType::Mc, 0x93000000, expected.size()});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, "SDP EW LUT output");

  // update_lut: the LE table from entry 0, then the LO table, through the
  // port; then the LUT configuration.
  namespace rs = regs::sdp;
  const uint32_t sdp = config.unit_base(Unit::Sdp);
  const std::vector<RegisterAccess> cfgs = accesses_to(result, sdp + rs::S_LUT_ACCESS_CFG, true);
  ASSERT_EQ(cfgs.size(), 2u);
  EXPECT_EQ(cfgs[0].value, 0x20000u);  // LE, WRITE, address 0
  EXPECT_EQ(cfgs[1].value, 0x30000u);  // LO, WRITE, address 0
  const std::vector<RegisterAccess> data = accesses_to(result, sdp + rs::S_LUT_ACCESS_DATA, true);
  ASSERT_EQ(data.size(), lut.linear_exp_table.size() + lut.linear_only_table.size());
  for (size_t i = 0; i < lut.linear_exp_table.size(); ++i) {
    EXPECT_EQ(int16_t(data[i].value & 0xffff), lut.linear_exp_table[i]) << "LE entry " << i;
  }
  for (size_t i = 0; i < lut.linear_only_table.size(); ++i) {
    EXPECT_EQ(int16_t(data[lut.linear_exp_table.size() + i].value & 0xffff), lut.linear_only_table[i])
        << "LO entry " << i;
  }
  const std::vector<RegisterAccess> lut_cfg = accesses_to(result, sdp + rs::S_LUT_CFG, true);
  ASSERT_EQ(lut_cfg.size(), 1u);
  EXPECT_EQ(lut_cfg[0].value, 0x1u);  // LUT_LE_FUNCTION = LINEAR, LE priorities
  const std::vector<RegisterAccess> ew = accesses_to(result, sdp + rs::D_DP_EW_CFG, true);
  ASSERT_EQ(ew.size(), 1u);
  EXPECT_EQ(rs::D_DP_EW_CFG_EW_LUT_BYPASS.get(ew[0].value), rs::D_DP_EW_CFG_EW_LUT_BYPASS_NO);
  EXPECT_EQ(rs::D_DP_EW_CFG_EW_BYPASS.get(ew[0].value), rs::D_DP_EW_CFG_EW_BYPASS_NO);
}

// CDP (local response normalisation) with the square sum and the
// multiplier bypassed, so that the output is the LUT of the input itself
// (systemc/nvdla/cdp_lrn.h steps 3-7). The layer's LUT goes into the
// network's LUT list; the firmware reads it with dla_read_lut and programs
// CDP's LUT port (cdp.c processor_cdp_program, common.c update_lut). The
// LE table is LINEAR from 0 with no fraction bits, so an element x in
// 1..63 reads entry x exactly; x <= 0 underflows both tables (LO starts far
// above), the underflow priority picks LE, whose underflow slope is 0: the
// output is entry 0. Entries are 100 - 3 i; converters pass values through.
TEST(NvdlaFirmware, CdpLutFromTheNetworksLutList) {
  const Config config_id = Config::NvSmall;
  const HardwareConfig& config = hardware_config(config_id);
  const uint32_t atom = config.atom_bytes;
  const auto in = [](uint32_t w, uint32_t h, uint32_t c) {
    return int8_t(int32_t(((h * kCubeSide + w) * 8 + c) % 72) - 8);  // -8..63
  };
  LutParam lut;
  for (size_t i = 0; i < lut.linear_exp_table.size(); ++i) lut.linear_exp_table[i] = int16_t(100 - 3 * int(i));
  for (size_t i = 0; i < lut.linear_only_table.size(); ++i) lut.linear_only_table[i] = int16_t(-1000 + int(i));
  lut.method = kLutMethodLinear;
  lut.linear_exp_start = 0;
  lut.linear_exp_end = 64;
  lut.linear_only_start = 0x1fff0000;
  lut.linear_only_end = 0x1fff0100;
  const auto out = [&](uint32_t w, uint32_t h, uint32_t c) {
    return int8_t(lut.linear_exp_table[size_t(std::max<int>(0, in(w, h, c)))]);
  };

  CdpLayer layer;
  layer.op.in_cvt.scale = 1;
  layer.op.out_cvt.scale = 1;
  layer.op.local_size = 7;
  layer.op.bypass_sqsum = 1;
  layer.op.bypass_out_mul = 1;
  layer.op.lut = lut;
  layer.src_data = {MemoryType::Mc, 0x92000000, 0, kCubeSide, kCubeSide, uint16_t(atom), kCubeSide * atom,
                    kCubeSide * kCubeSide * atom, 0};
  layer.dst_data = layer.src_data;
  layer.dst_data.address = 0x93000000;

  const std::vector<uint8_t> input = cube_bytes(atom, in);
  std::vector<uint8_t> expected = cube_bytes(atom, out);
  const std::vector<uint8_t> guard = pattern(0x93000000 + expected.size(), 64, 0xEE);
  expected.insert(expected.end(), guard.begin(), guard.end());

  TaskRequest request = request_for(config_id);
  request.load.push_back({MemoryType::Mc, 0x92000000, input});
  request.load.push_back({MemoryType::Mc, 0x93000000, pattern(0x93000000, expected.size(), 0xEE)});
  request.operations.push_back({layer, false});
  request.read_back.push_back({MemoryType::Mc, 0x93000000, expected.size()});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, "CDP LUT output");

  // update_lut on CDP's port: the LE table from entry 0, then the LO table;
  // processor_cdp_program: the window and the bypasses.
  namespace rc = regs::cdp;
  const uint32_t cdp = config.unit_base(Unit::Cdp);
  const std::vector<RegisterAccess> cfgs = accesses_to(result, cdp + rc::S_LUT_ACCESS_CFG, true);
  ASSERT_EQ(cfgs.size(), 2u);
  EXPECT_EQ(cfgs[0].value, 0x20000u);  // LE, WRITE, address 0
  EXPECT_EQ(cfgs[1].value, 0x30000u);  // LO, WRITE, address 0
  const std::vector<RegisterAccess> data = accesses_to(result, cdp + rc::S_LUT_ACCESS_DATA, true);
  ASSERT_EQ(data.size(), lut.linear_exp_table.size() + lut.linear_only_table.size());
  for (size_t i = 0; i < lut.linear_exp_table.size(); ++i) {
    EXPECT_EQ(int16_t(data[i].value & 0xffff), lut.linear_exp_table[i]) << "LE entry " << i;
  }
  for (size_t i = 0; i < lut.linear_only_table.size(); ++i) {
    EXPECT_EQ(int16_t(data[lut.linear_exp_table.size() + i].value & 0xffff), lut.linear_only_table[i])
        << "LO entry " << i;
  }
  const std::vector<RegisterAccess> lrn = accesses_to(result, cdp + rc::D_LRN_CFG, true);
  ASSERT_EQ(lrn.size(), 1u);
  EXPECT_EQ(rc::D_LRN_CFG_NORMALZ_LEN.get(lrn[0].value), rc::D_LRN_CFG_NORMALZ_LEN_LEN7);
  const std::vector<RegisterAccess> bypass = accesses_to(result, cdp + rc::D_FUNC_BYPASS, true);
  ASSERT_EQ(bypass.size(), 1u);
  EXPECT_EQ(bypass[0].value, 0x3u);  // SQSUM_BYPASS and MUL_BYPASS ENABLE
}

TEST(NvdlaFirmware, PdpMaxPoolingTwoByTwoNvFull) { pool_two_by_two(Config::NvFull); }
TEST(NvdlaFirmware, PdpMaxPoolingTwoByTwoNvSmall) { pool_two_by_two(Config::NvSmall); }
TEST(NvdlaFirmware, PdpMaxPoolingTwoByTwoNvLarge) { pool_two_by_two(Config::NvLarge); }

// Three layers, each waiting for the one before: BDMA copies an 8x8 cube
// (one atom of int8 channels) into place, PDP pools it 2x2 to 4x4, PDP pools
// that 2x2 again to 2x2. Each output element is the max of a 4x4 block of
// the original cube; the two pooling layers use PDP's two register groups.
TEST(NvdlaFirmware, LayersWaitForThePreviousOneAcrossUnits) {
  const HardwareConfig& config = hardware_config(Config::NvFull);
  const uint32_t atom = config.atom_bytes;
  const auto in = [](uint32_t w, uint32_t h, uint32_t c) { return int8_t((w * 29 + h * 83 + c * 7) % 256); };
  std::vector<uint8_t> input(8 * 8 * atom);
  for (uint32_t h = 0; h < 8; ++h) {
    for (uint32_t w = 0; w < 8; ++w) {
      for (uint32_t c = 0; c < atom; ++c) input[(h * 8 + w) * atom + c] = uint8_t(in(w, h, c));
    }
  }
  const uint64_t a = 0xA0000000, b = 0xA1000000, c4 = 0xA2000000, d = 0xA3000000;
  const uint16_t channels = uint16_t(atom);

  BdmaCopy copy;
  copy.transfers.push_back({a, b, 8 * atom, 8, 8 * atom, 8 * atom, 1, 64 * atom, 64 * atom});
  const auto pool = [&](uint64_t from, uint16_t size, uint64_t to) {
    PdpLayer layer;
    layer.op.pool_mode = kPoolModeMax;
    layer.op.pool_width = 1;
    layer.op.pool_height = 1;
    layer.op.stride_x = 2;
    layer.op.stride_y = 2;
    const uint16_t half = uint16_t(size / 2);
    layer.src_data = {MemoryType::Mc, from, 0, size, size, channels, size * atom, uint32_t(size) * size * atom, 0};
    layer.dst_data = {MemoryType::Mc, to, 0, half, half, channels, half * atom, uint32_t(half) * half * atom, 0};
    return layer;
  };

  TaskRequest request = request_for(Config::NvFull);
  request.load.push_back({MemoryType::Mc, a, input});
  request.operations.push_back({copy, false});
  request.operations.push_back({pool(b, 8, c4), true});
  request.operations.push_back({pool(c4, 4, d), true});
  request.read_back.push_back({MemoryType::Mc, d, 4 * atom});
  const TaskResult result = run_checked(request);

  std::vector<uint8_t> expected(4 * atom);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) {
      for (uint32_t c = 0; c < atom; ++c) {
        int8_t m = in(4 * x, 4 * y, c);
        for (uint32_t h = 4 * y; h < 4 * y + 4; ++h) {
          for (uint32_t w = 4 * x; w < 4 * x + 4; ++w) m = std::max(m, in(w, h, c));
        }
        expected[(y * 2 + x) * atom + c] = uint8_t(m);
      }
    }
  }
  expect_bytes(expected, read_back(result, 0).bytes, "twice pooled output");

  // Each layer starts (its D_OP_ENABLE is written) only after the interrupt
  // of the layer before it.
  const uint32_t pdp_enable = config.unit_base(Unit::Pdp) + regs::pdp::D_OP_ENABLE;
  std::vector<size_t> enables;
  for (size_t i = 0; i < result.registers.size(); ++i) {
    if (result.registers[i].write && result.registers[i].offset == pdp_enable) enables.push_back(i);
  }
  ASSERT_EQ(enables.size(), 2u);
  const auto first_interrupt_with = [&](uint32_t bits) {
    for (const Interrupt& interrupt : result.run.interrupts) {
      if ((interrupt.status & bits) != 0) return interrupt.register_index - result.run.first_register;
    }
    return result.registers.size();
  };
  const uint32_t bdma_done = glb::S_INTR_STATUS_BDMA_DONE_STATUS0.mask() | glb::S_INTR_STATUS_BDMA_DONE_STATUS1.mask();
  const uint32_t pdp_done = glb::S_INTR_STATUS_PDP_DONE_STATUS0.mask() | glb::S_INTR_STATUS_PDP_DONE_STATUS1.mask();
  EXPECT_GT(enables[0], first_interrupt_with(bdma_done)) << "the first pooling started before the copy was done";
  EXPECT_GT(enables[1], first_interrupt_with(pdp_done)) << "the second pooling started before the first was done";
  uint32_t seen = 0;
  for (const Interrupt& interrupt : result.run.interrupts) seen |= interrupt.status;
  EXPECT_EQ(glb::S_INTR_STATUS_PDP_DONE_STATUS0.get(seen), 1u);
  EXPECT_EQ(glb::S_INTR_STATUS_PDP_DONE_STATUS1.get(seen), 1u);
}

// ---------------------------------------------------------------------------
// Errors

// A HAL over a plain byte map, for building tasks without a simulation.
class MemoryHal : public hal::Hal {
 public:
  void write_memory(uint64_t, const void*, size_t) override { ++writes; }
  void read_memory(uint64_t, void* data, size_t bytes) override { std::fill_n(static_cast<uint8_t*>(data), bytes, 0); }
  void write_stream(hal::StreamId, const void*, size_t) override {}
  void sleep_ns(uint64_t) override {}
  uint64_t now_ns() const override { return 0; }
  size_t writes = 0;
};

std::string build_error(Config config, const Layer& layer) {
  MemoryHal hal;
  try {
    build_task(hal, hardware_config(config), {{layer, false}}, 0xF0000000);
  } catch (const TaskError& e) {
    EXPECT_EQ(hal.writes, 0u) << "the builder wrote memory before refusing";
    return e.what();
  }
  ADD_FAILURE() << "the builder accepted the layer";
  return {};
}

PdpLayer small_pool() {
  PdpLayer layer;
  layer.op.pool_width = 1;
  layer.op.pool_height = 1;
  layer.op.stride_x = 2;
  layer.op.stride_y = 2;
  layer.src_data = {MemoryType::Mc, 0x90000000, 0, 4, 4, 32, 128, 512, 0};
  layer.dst_data = {MemoryType::Mc, 0x91000000, 0, 2, 2, 32, 64, 128, 0};
  return layer;
}

TEST(NvdlaFirmware, BuilderRefusesImpossibleDimensions) {
  PdpLayer layer = small_pool();
  layer.src_data.width = 0;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"layer 0 (PdpLayer)", "src_data.width is 0"}));
  layer = small_pool();
  layer.dst_data.channel = 16;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"dst_data.channel 16 differs from src_data.channel 32"}));
  layer = small_pool();
  layer.src_data.line_stride = 64;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"src_data.line_stride 64 is smaller than a line"}));
  layer = small_pool();
  layer.op.stride_x = 9;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"strides (9, 2) are not 1..8"}));
  BdmaCopy copy;
  copy.transfers.push_back({0x80000000, 0x81000000, 48, 1, 48, 48, 1, 48, 48});
  EXPECT_TRUE(mentions(build_error(Config::NvFull, copy),
                       {"layer 0 (BdmaCopy)", "line_size 48 is not a non-zero multiple of 32"}));
}

// dla_data_cube.size (dla_interface.h, a uint32_t) is written as the layer
// gives it: a size below the cube's bytes, or a cube whose bytes do not fit
// 32 bits, is refused before any descriptor is written.
TEST(NvdlaFirmware, BuilderRefusesSizesThatDoNotCoverTheCube) {
  // nv_full, int8: 32 channels in one 32-byte atom; 4x4 atoms with a line
  // stride of 128 end at 3 * 128 + 4 * 32 = 512 bytes.
  PdpLayer layer = small_pool();
  layer.src_data.size = 511;
  EXPECT_EQ(build_error(Config::NvFull, layer),
            "layer 0 (PdpLayer): src_data.size 511 is smaller than the cube's extent of 512 bytes");
  layer.src_data.size = 512;  // exactly the cube: accepted
  MemoryHal hal;
  const Task task = build_task(hal, hardware_config(Config::NvFull), {{layer, false}}, 0xF0000000);
  ASSERT_GE(task.address_list.size(), 5u);
  EXPECT_EQ(task.address_list[4].size, 512u) << "the buffer entry carries the layer's size";
  layer = small_pool();
  layer.dst_data.size = 1;  // 2x2 atoms, line stride 64: 64 + 64 = 128 bytes
  EXPECT_EQ(build_error(Config::NvFull, layer),
            "layer 0 (PdpLayer): dst_data.size 1 is smaller than the cube's extent of 128 bytes");
  // nv_small, int8: 8 channels per 8-byte atom, so 8192 channels are 1024
  // surfaces; a surface stride of 8 MiB puts the last surface's last atom
  // at 1023 * 8 MiB + 3 * 32 + 4 * 8 = 8581546112 bytes, past UINT32_MAX.
  layer = small_pool();
  layer.src_data = {MemoryType::Mc, 0x100000000, 0, 4, 4, 8192, 32, 8u << 20, 0};  // clear of the descriptors
  layer.dst_data = {MemoryType::Mc, 0x4000000000, 0, 2, 2, 8192, 16, 32, 0};
  EXPECT_EQ(build_error(Config::NvSmall, layer),
            "layer 0 (PdpLayer): src_data.size cannot hold the cube's extent of 8581546112 bytes "
            "(dla_data_cube.size is 32 bits, at most 4294967295)");
}

// An SDP layer's operand cubes (dla_sdp_surface_desc x1/x2_data) are sized
// by what the operand DMA reads: one record per element at the processing
// precision, a record being the stage's precision times two for
// SDP_OP_BOTH; per kernel one contiguous run of the channels' records.
SdpLayer small_sdp() {
  // nv_small, int8: 8 elements per 8-byte atom; 33 channels are 5 surfaces.
  SdpLayer layer;
  layer.op.out_cvt.scale = 1;
  layer.op.x1_op.enable = 1;
  layer.op.x1_op.type = 3;       // SDP_OP_BOTH
  layer.op.x1_op.mode = 1;       // SDP_OP_PER_KERNEL
  layer.op.x1_op.precision = 1;  // PRECISION_INT16: 2 bytes per value
  layer.op.x2_op.enable = 1;
  layer.op.x2_op.type = 1;  // SDP_OP_MUL
  layer.op.x2_op.mode = 2;  // SDP_OP_PER_POINT
  layer.surface.src_data = {MemoryType::Mc, 0x80000000, 0, 3, 3, 33, 24, 72, 0};
  layer.surface.x1_data = {MemoryType::Mc, 0x82000000, 0, 1, 1, 33, 0, 0, 0};
  layer.surface.x2_data = {MemoryType::Mc, 0x83000000, 0, 3, 3, 33, 24, 72, 0};
  layer.dst_data = {MemoryType::Mc, 0x81000000, 0, 3, 3, 33, 24, 72, 0};
  return layer;
}

TEST(NvdlaFirmware, BuilderSizesAndRefusesSdpLayers) {
  MemoryHal hal;
  const Task task = build_task(hal, hardware_config(Config::NvSmall), {{small_sdp(), false}}, 0xF0000000);
  ASSERT_EQ(task.address_list.size(), 8u);  // 4 descriptor entries; src, x1, x2, dst
  // x1: 5 surfaces x 8 channels x (2 + 2) bytes = 160.
  EXPECT_EQ(task.address_list[5].address, 0x82000000u);
  EXPECT_EQ(task.address_list[5].size, 160u);
  // x2: 4 surfaces of 72 bytes, then 2 lines of 24 and the last line of 24.
  EXPECT_EQ(task.address_list[6].size, 4u * 72 + 3 * 24);
  SdpLayer layer = small_sdp();
  layer.surface.x1_data.size = 159;
  EXPECT_EQ(build_error(Config::NvSmall, layer),
            "layer 0 (SdpLayer): sdp_surface.x1_data.size 159 is smaller than the operands' extent of 160 bytes");
  layer = small_sdp();
  layer.surface.x1_data.width = 3;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"sdp_surface.x1_data is 3x1x33", "1x1xC"}));
  layer = small_sdp();
  layer.surface.x2_data.line_stride = 16;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"sdp_surface.x2_data.line_stride 16 is smaller than a line of 24 operand bytes"}));
  layer = small_sdp();
  layer.surface.x2_data.channel = 0;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"sdp_surface.x2_data.channel is 0"}));
  layer = small_sdp();
  layer.dst_data.width = 2;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"dst_data 2x3x33 differs from surface.src_data 3x3x33"}));
  layer = small_sdp();
  layer.dst_data.size = 100;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"dst_data.size 100 is smaller than the cube's extent"}));
  layer = small_sdp();
  layer.dst_data.type = MemoryType::Hw;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"dst_data must be in memory"}));
  layer = small_sdp();
  layer.op.x1_op.mode = 3;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"sdp_op.x1_op.mode 3 is not 0..2"}));
  // A stage with operands from registers needs no operand cube.
  layer = small_sdp();
  layer.op.x1_op.mode = 0;
  layer.op.x2_op.enable = 0;
  layer.surface.x1_data = {};
  layer.surface.x2_data = {};
  EXPECT_EQ(build_task(hal, hardware_config(Config::NvSmall), {{layer, false}}, 0xF0000000).address_list.size(), 6u);
}

// The builder puts each layer's LUT into the network's LUT list, the
// address list's last entry (dla_network_desc.lut_data_index, num_luts);
// a LUT activation needs a LUT.
TEST(NvdlaFirmware, BuilderWritesTheLutListAndRefusesALutActivationWithoutOne) {
  MemoryHal hal;
  SdpLayer with_lut = small_sdp();
  with_lut.op.y_op.enable = 1;
  with_lut.op.y_op.act = 2;  // ACTIVATION_LUT
  with_lut.op.lut = LutParam{};
  const Task task = build_task(hal, hardware_config(Config::NvSmall), {{with_lut, false}, {with_lut, true}},
                               0xF0000000);
  ASSERT_EQ(task.address_list.size(), 9u);  // 4 descriptor entries; src, x1, x2, dst; the LUT list
  EXPECT_EQ(task.address_list[8].memory, MemoryType::Mc);
  EXPECT_EQ(task.address_list[8].size, 2u * 700);  // two dla_lut_param
  EXPECT_GE(task.address_list[8].address, task.descriptor_base);
  EXPECT_LE(task.address_list[8].address + task.address_list[8].size, task.descriptor_end);
  // Without a LUT, no list.
  EXPECT_EQ(build_task(hal, hardware_config(Config::NvSmall), {{small_sdp(), false}}, 0xF0000000).address_list.size(),
            8u);
  SdpLayer layer = with_lut;
  layer.op.lut.reset();
  EXPECT_EQ(build_error(Config::NvSmall, layer),
            "layer 0 (SdpLayer): sdp_op.y_op.act is ACTIVATION_LUT but the layer has no lut");
  layer = with_lut;
  layer.op.lut->method = 2;
  EXPECT_EQ(build_error(Config::NvSmall, layer), "layer 0 (SdpLayer): sdp_op.lut.method 2 is not 0..1");
}

// A CDP layer (dla_cdp_op_desc, dla_cdp_surface_desc): its LUT goes into
// the network's LUT list like an SDP layer's; what cdp.c
// processor_cdp_program refuses or cannot write is refused naming the
// field.
CdpLayer small_cdp() {
  // nv_small, int8: 33 channels are 5 surfaces of 3x3 atoms of 8 bytes.
  CdpLayer layer;
  layer.op.in_cvt.scale = 1;
  layer.op.out_cvt.scale = 1;
  layer.op.local_size = 5;
  layer.op.lut = LutParam{};
  layer.src_data = {MemoryType::Mc, 0x80000000, 0, 3, 3, 33, 24, 72, 0};
  layer.dst_data = {MemoryType::Mc, 0x81000000, 0, 3, 3, 33, 24, 72, 0};
  return layer;
}

TEST(NvdlaFirmware, BuilderWritesCdpLayersAndRefusesBadFields) {
  MemoryHal hal;
  const Task task = build_task(hal, hardware_config(Config::NvSmall), {{small_cdp(), false}}, 0xF0000000);
  ASSERT_EQ(task.address_list.size(), 7u);  // 4 descriptor entries; src, dst; the LUT list
  EXPECT_EQ(task.address_list[4].address, 0x80000000u);
  EXPECT_EQ(task.address_list[4].size, 4u * 72 + 2 * 24 + 3 * 8);  // the cube's extent
  EXPECT_EQ(task.address_list[6].size, 700u);                       // one dla_lut_param
  ASSERT_EQ(task.operations.size(), 1u);
  EXPECT_EQ(task.operations[0].type, OpType::Cdp);
  CdpLayer no_lut = small_cdp();
  no_lut.op.lut.reset();
  EXPECT_EQ(build_task(hal, hardware_config(Config::NvSmall), {{no_lut, false}}, 0xF0000000).address_list.size(),
            6u);

  CdpLayer layer = small_cdp();
  layer.op.local_size = 4;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"layer 0 (CdpLayer)", "cdp_op.local_size 4 is not 3, 5, 7 or 9", "map_local_size"}));
  layer = small_cdp();
  layer.op.out_precision = kPrecisionInt16;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer),
                       {"cdp_op.out_precision 1 differs from in_precision 0", "processor_cdp_program"}));
  layer = small_cdp();
  layer.op.in_precision = layer.op.out_precision = kPrecisionFp16;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"cdp_op.in_precision fp16 is not supported by nv_small"}));
  layer = small_cdp();
  layer.op.bypass_sqsum = 2;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"cdp_op.bypass_sqsum 2 is not 0..1"}));
  layer = small_cdp();
  layer.op.in_cvt.truncate = 32;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"cdp_op.in_cvt.truncate 32", "DATIN_SHIFTER"}));
  layer = small_cdp();
  layer.op.out_cvt.truncate = 64;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"cdp_op.out_cvt.truncate 64", "DATOUT_SHIFTER"}));
  layer = small_cdp();
  layer.op.in_cvt.offset = 65536;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"cdp_op.in_cvt.offset 65536", "DATIN_OFFSET"}));
  layer = small_cdp();
  layer.op.lut->method = 2;
  EXPECT_EQ(build_error(Config::NvSmall, layer), "layer 0 (CdpLayer): cdp_op.lut.method 2 is not 0..1");
  layer = small_cdp();
  layer.dst_data.channel = 32;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"dst_data 3x3x32 differs from src_data 3x3x33", "CDP writes the cube it reads"}));
  layer = small_cdp();
  layer.src_data.type = MemoryType::Hw;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"src_data must be in memory"}));
  layer = small_cdp();
  layer.dst_data.size = 100;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"dst_data.size 100 is smaller than the cube's extent"}));
}

// A convolution layer (dla_conv_op_desc, dla_conv_surface_desc) fused with
// SDP in flying mode: two operations, CONV and SDP; what conv.c
// processor_conv_program refuses or cannot index is refused naming the
// field.
ConvLayer small_conv() {
  // nv_small, int8: a 4x4x8 input (one surface of 8-byte atoms), eight 1x1x8
  // kernels (64 bytes, padded to 128), a 4x4x8 output to SDP.
  ConvLayer layer;
  ConvOpDesc& op = layer.conv_op;
  op.entry_per_slice = 2;
  op.input_width_csc = 4;
  op.input_height_csc = 4;
  op.input_channel_csc = 8;
  op.kernel_channel_csc = 8;
  op.input_width_cmac = 4;
  op.input_height_cmac = 4;
  op.bytes_per_kernel = 8;
  op.release = 4;
  layer.conv_surface.weight_data = {MemoryType::Mc, 0x80100000, 128, 1, 1, 8, 0, 0, 0};
  layer.conv_surface.src_data = {MemoryType::Mc, 0x80000000, 0, 4, 4, 8, 32, 128, 0};
  layer.conv_surface.dst_data = {MemoryType::Hw, 0, 0, 4, 4, 8, 32, 128, 0};
  layer.sdp_op.out_cvt.scale = 1;
  layer.sdp_surface.src_data = {MemoryType::Hw, 0, 0, 4, 4, 8, 0, 0, 0};
  layer.sdp_dst_data = {MemoryType::Mc, 0x81000000, 0, 4, 4, 8, 32, 128, 0};
  return layer;
}

TEST(NvdlaFirmware, BuilderWritesConvLayersAndRefusesBadFields) {
  MemoryHal hal;
  const Task task = build_task(hal, hardware_config(Config::NvSmall), {{small_conv(), false}}, 0xF0000000);
  ASSERT_EQ(task.address_list.size(), 7u);  // 4 descriptor entries; weights, input, SDP's output
  EXPECT_EQ(task.address_list[4].address, 0x80100000u);
  EXPECT_EQ(task.address_list[4].size, 128u);  // weight_data.size
  EXPECT_EQ(task.address_list[5].address, 0x80000000u);
  EXPECT_EQ(task.address_list[5].size, 3u * 32 + 4 * 8);  // the input cube's extent
  EXPECT_EQ(task.address_list[6].address, 0x81000000u);
  ASSERT_EQ(task.operations.size(), 2u);
  EXPECT_EQ(task.operations[0].type, OpType::Conv);
  EXPECT_EQ(task.operations[1].type, OpType::Sdp);
  EXPECT_EQ(task.operations[1].layer, 0u);

  ConvLayer layer = small_conv();
  layer.conv_surface.weight_data.size = 100;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"layer 0 (ConvLayer)", "conv_surface.weight_data.size 100 is not a non-zero multiple of 128"}));
  layer = small_conv();
  layer.conv_surface.weight_data.address = 0x80100004;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"weight_data.address 0x80100004 is not aligned"}));
  layer = small_conv();
  layer.conv_op.out_cvt.scale = 2;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"conv_op.out_cvt (scale 2, offset 0)", "truncate only"}));
  layer = small_conv();
  layer.conv_op.weight_format = kWeightFormatCompressed;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"conv_surface.wmb_data.size 0 is not a non-zero multiple of 128 (compressed weights)"}));
  layer.conv_surface.wmb_data = {MemoryType::Mc, 0x80200000, 128, 1, 1, 1, 0, 0, 0};
  layer.conv_surface.wgs_data = {MemoryType::Mc, 0x80200084, 4, 1, 1, 1, 0, 0, 0};
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"conv_surface.wgs_data.address 0x80200084 is not aligned"}));
  layer = small_conv();
  layer.conv_op.batch = 2;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"conv_op.batch 2 differs from sdp_op.batch_num 1"}));
  layer.sdp_op.batch_num = 2;
  layer.conv_op.batch_stride = 512;
  layer.sdp_op.batch_stride = 512;
  layer.conv_surface.src_data.size = 600;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"conv_surface.src_data.size 600 is smaller than the 2 batches' extent of 640 bytes"}));
  layer = small_conv();
  layer.conv_op.conv_mode = 1;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"conv_op.conv_mode is CONV_MODE_WINOGRAD, which nv_small does not have", "WINOGRAD_DISABLE"}));
  layer.sdp_op.conv_mode = 1;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"CONV_MODE_WINOGRAD, which nv_small does not have"}));
  layer = small_conv();
  layer.sdp_op.conv_mode = 1;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"sdp_op.conv_mode 1 differs from CONV_MODE_DIRECT"}));
  layer = small_conv();
  layer.conv_op.conv_mode = 1;  // nv_full has Winograd; SDP must be told
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"sdp_op.conv_mode 0 differs from conv_op.conv_mode 1"}));
  layer = small_conv();
  layer.conv_op.entry_per_slice = 0;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"conv_op.entry_per_slice is 0"}));
  layer = small_conv();
  layer.conv_op.in_precision = kPrecisionFp16;
  EXPECT_TRUE(
      mentions(build_error(Config::NvSmall, layer), {"conv_op.in_precision fp16 is not supported by nv_small"}));
  layer = small_conv();
  layer.conv_surface.dst_data.type = MemoryType::Mc;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"conv_surface.dst_data must be MemoryType::Hw"}));
  layer = small_conv();
  layer.conv_surface.dst_data.width = layer.conv_surface.dst_data.height = 1;
  layer.sdp_surface.src_data.width = layer.sdp_surface.src_data.height = 1;
  layer.sdp_dst_data.width = layer.sdp_dst_data.height = 1;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"1x1 but its line_stride 32 is not the 8-byte atom"}));
  layer = small_conv();
  layer.sdp_surface.src_data.type = MemoryType::Mc;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"sdp_surface.src_data must be MemoryType::Hw"}));
  layer = small_conv();
  layer.sdp_surface.src_data.channel = 16;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer),
                       {"sdp_surface.src_data 4x4x16 differs from conv_surface.dst_data"}));
  layer = small_conv();
  layer.sdp_dst_data.channel = 16;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"sdp_dst_data 4x4x16 differs", "SDP writes the cube"}));
  layer = small_conv();
  layer.sdp_op.src_precision = kPrecisionInt16;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer),
                       {"sdp_op.src_precision 1 differs from conv_op.out_precision"}));
}

TEST(NvdlaFirmware, BuilderRefusesOutOfRangeAddresses) {
  PdpLayer layer = small_pool();
  layer.dst_data.address = (uint64_t{1} << 40) - 64;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"dst_data at 0xffffffffc0", "outside the MC memory"}));
  layer = small_pool();
  layer.src_data.type = MemoryType::Cv;
  EXPECT_TRUE(mentions(build_error(Config::NvSmall, layer), {"src_data is in CV-SRAM, which nv_small does not have"}));
  BdmaCopy copy;
  copy.transfers.push_back({uint64_t{1} << 41, 0x81000000, 256, 1, 256, 256, 1, 256, 256});
  EXPECT_TRUE(mentions(build_error(Config::NvFull, copy), {"transfers[0] source", "outside the MC memory"}));
  layer = small_pool();
  layer.src_data.address = 0xF0000000;  // where the descriptors go
  MemoryHal hal;
  try {
    build_task(hal, hardware_config(Config::NvFull), {{layer, false}}, 0xF0000000);
    ADD_FAILURE() << "a buffer over the descriptors was accepted";
  } catch (const TaskError& e) {
    EXPECT_TRUE(mentions(e.what(), {"overlaps the task's descriptors"}));
  }
}

// The port answers what the firmware may ask only within the task's
// address list, and reports the first fault for the engine to raise.
TEST(NvdlaFirmware, PortRefusesAccessesOutsideTheAddressList) {
  MemoryHal hal;
  Port port(hal);
  const AddressList task = {{MemoryType::Mc, 0x1000, 40}, {MemoryType::Mc, 0x2000, 116}};
  uint64_t address = 1;
  EXPECT_EQ(port.dma_address(task, 1, &address), 0);
  EXPECT_EQ(address, 0x2000u);
  EXPECT_TRUE(port.fault().empty());
  EXPECT_NE(port.dma_address(task, 2, &address), 0);
  EXPECT_TRUE(mentions(port.fault(), {"address-list index 2 out of range (the task has 2 entries)"}));
  port.clear_fault();
  uint8_t buffer[64];
  EXPECT_EQ(port.data_read(task, 0x1000, buffer, 40, 0), 0);
  EXPECT_NE(port.data_read(task, 0x2000, buffer, 64, 100), 0);
  EXPECT_TRUE(mentions(port.fault(), {"dla_data_read of 64 bytes at offset 100", "runs past its 116 bytes"}));
  port.clear_fault();
  EXPECT_NE(port.data_write(task, buffer, 0x3000, 4, 0), 0);
  EXPECT_TRUE(mentions(port.fault(), {"dla_data_write at 0x3000: no address-list entry starts there"}));
}

// The struct dla_config each configuration runs with, as the kernel driver
// passes it (nvdla_core_callbacks.c): atom size, BDMA, Rubik, weight
// compression.
TEST(NvdlaFirmware, FirmwareConfigurationPerHardwareConfiguration) {
  const FirmwareConfig full = firmware_config(hardware_config(Config::NvFull));
  EXPECT_EQ(full.atom_size, 32u);
  EXPECT_TRUE(full.bdma_enable && full.rubik_enable && full.weight_compress_support);
  const FirmwareConfig small = firmware_config(hardware_config(Config::NvSmall));
  EXPECT_EQ(small.atom_size, 8u);
  EXPECT_FALSE(small.bdma_enable || small.rubik_enable || small.weight_compress_support);
  const FirmwareConfig large = firmware_config(hardware_config(Config::NvLarge));
  EXPECT_EQ(large.atom_size, 32u);
  EXPECT_FALSE(large.bdma_enable || large.rubik_enable || large.weight_compress_support);
  EXPECT_EQ(firmware_variant(hardware_config(Config::NvFull)), FirmwareVariant::Full);
  EXPECT_EQ(firmware_variant(hardware_config(Config::NvSmall)), FirmwareVariant::Master);
  EXPECT_EQ(firmware_variant(hardware_config(Config::NvLarge)), FirmwareVariant::Master);
  EXPECT_STREQ(firmware_error_name(-3), "INVALID_INPUT");
  EXPECT_STREQ(firmware_error_name(-12), "PROCESSOR_BUSY");
}

// A task that cannot complete in the time given ends with an error naming
// the deadline, not a hang.
TEST(NvdlaFirmware, TaskNotCompletingInTimeIsAnError) {
  TaskRequest request = request_for(Config::NvFull);
  BdmaCopy copy;
  copy.transfers.push_back({0x80000000, 0x81000000, 256, 64, 256, 256, 1, 0x4000, 0x4000});
  request.operations.push_back({copy, false});
  request.run.timeout_ns = 1000;
  try {
    run_task(request);
    ADD_FAILURE() << "the task completed within 1000 ns";
  } catch (const FirmwareTimeout& e) {
    EXPECT_TRUE(mentions(e.what(), {"the task did not complete within 1000 ns", "S_INTR_STATUS"}));
  }
}

// ---------------------------------------------------------------------------
// RUBIK (nv_full)

// A feature cube of int8 elements on nv_full (32-byte atoms): element (x, h,
// c) at byte (c / 32) * surf + h * line + x * 32 + c % 32. Lanes past the
// channels hold `fill`.
std::vector<uint8_t> feature_cube(uint32_t width, uint32_t height, uint32_t channels, uint32_t line, uint32_t surf,
                                  const std::function<int8_t(uint32_t, uint32_t, uint32_t)>& element, uint8_t fill) {
  const uint32_t surfaces = (channels + 31) / 32;
  std::vector<uint8_t> bytes(size_t(surfaces - 1) * surf + size_t(height - 1) * line + width * 32, fill);
  for (uint32_t c = 0; c < channels; ++c) {
    for (uint32_t h = 0; h < height; ++h) {
      for (uint32_t x = 0; x < width; ++x) bytes[(c / 32) * surf + h * line + x * 32 + c % 32] = uint8_t(element(x, h, c));
    }
  }
  return bytes;
}

// Split a 5x2x40 int8 cube (two surfaces, the second holding 8 channels)
// into 40 planes, then merge the planes into a cube again, as two layers of
// one task (the merge waits for the split). By the programming guide's
// definitions (Rubik programming): plane c, line h holds the elements (x, h,
// c) for x < 5 at bytes x; merge puts them back into lane c % 32 of surface
// c / 32. The merged cube's lanes past channel 40 are written as 0 (the
// reorder buffer of nvdlav1 cmod/rubik/NV_NVDLA_rbk.cpp starts zeroed), and
// the 64 bytes after each output keep their guard pattern.
TEST(NvdlaFirmware, RubikSplitThenMergeRestoresTheCube) {
  constexpr uint32_t kWidth = 5, kHeight = 2, kChannels = 40;
  constexpr uint32_t kLine = kWidth * 32, kSurf = kHeight * kLine;
  constexpr uint32_t kPlaneLine = 32, kPlane = kHeight * kPlaneLine;  // each plane line: one atom
  constexpr uint64_t kCube = 0x80000000, kPlanes = 0x80100000, kMerged = 0x80200000;
  const auto element = [](uint32_t x, uint32_t h, uint32_t c) { return int8_t(x * 29 + h * 71 + c * 13 + 1); };
  const std::vector<uint8_t> cube = feature_cube(kWidth, kHeight, kChannels, kLine, kSurf, element, 0x5A);
  const size_t planes_bytes = size_t(kChannels) * kPlane;

  RubikLayer split;
  split.op.mode = kRubikModeSplit;
  split.src_data = {MemoryType::Mc, kCube, 0, kWidth, kHeight, kChannels, kLine, kSurf, 0};
  split.dst_data = {MemoryType::Mc, kPlanes, 0, kWidth, kHeight, kChannels, kPlaneLine, 0, kPlane};
  RubikLayer merge;
  merge.op.mode = kRubikModeMerge;
  merge.src_data = split.dst_data;
  merge.dst_data = {MemoryType::Mc, kMerged, 0, kWidth, kHeight, kChannels, kLine, kSurf, 0};

  TaskRequest request = request_for(Config::NvFull);
  request.load.push_back({MemoryType::Mc, kCube, cube});
  request.load.push_back({MemoryType::Mc, kPlanes, pattern(kPlanes, planes_bytes + 64, 0xEE)});
  request.load.push_back({MemoryType::Mc, kMerged, pattern(kMerged, cube.size() + 64, 0xEE)});
  request.operations.push_back({split, false});
  request.operations.push_back({merge, true});
  request.read_back.push_back({MemoryType::Mc, kPlanes, planes_bytes + 64});
  request.read_back.push_back({MemoryType::Mc, kMerged, cube.size() + 64});
  const TaskResult result = run_checked(request);

  const std::vector<uint8_t>& planes = read_back(result, 0).bytes;
  size_t wrong = 0;
  for (uint32_t c = 0; c < kChannels; ++c) {
    for (uint32_t h = 0; h < kHeight; ++h) {
      for (uint32_t x = 0; x < kWidth; ++x) {
        const uint8_t expected = uint8_t(element(x, h, c));
        const uint8_t actual = planes[c * kPlane + h * kPlaneLine + x];
        if (actual != expected && ++wrong <= 5) {
          ADD_FAILURE() << "plane " << c << " line " << h << " element " << x << ": " << int(actual) << ", expected "
                        << int(expected);
        }
      }
    }
  }
  EXPECT_EQ(wrong, 0u) << "plane elements that differ";
  const std::vector<uint8_t> guard = pattern(kPlanes, planes_bytes + 64, 0xEE);
  expect_bytes({guard.end() - 64, guard.end()}, {planes.end() - 64, planes.end()}, "the 64 bytes after the planes");

  std::vector<uint8_t> merged = feature_cube(kWidth, kHeight, kChannels, kLine, kSurf, element, 0x00);
  const std::vector<uint8_t> after = pattern(kMerged, cube.size() + 64, 0xEE);
  merged.insert(merged.end(), after.end() - 64, after.end());
  expect_bytes(merged, read_back(result, 1).bytes, "the merged cube and the 64 bytes after it");
  ASSERT_EQ(result.run.interrupts.size(), 2u);
}

// An int8 convolution with 1x1 kernels on nv_full (32-byte atoms) of a
// side x side x cin cube at `input` (one surface: cin <= 32) into `kernels`
// output channels, the weights (kernel after kernel, cin bytes each: NVDLA's
// direct-convolution layout for 1x1 kernels of at most atomic-C channels) at
// `weights`; SDP passes CACC's sums through (output converter scale 1, no
// shift) to `output`, a packed cube.
ConvLayer one_by_one_conv(uint32_t side, uint32_t cin, uint32_t kernels, uint64_t input, uint64_t weights,
                          uint32_t weight_bytes, uint64_t output) {
  ConvLayer conv;
  ConvOpDesc& op = conv.conv_op;
  op.entry_per_slice = uint16_t((side + 1) / 2);  // two one-atom pixels per 64-byte CBUF entry
  op.input_width_csc = uint16_t(side);
  op.input_height_csc = uint16_t(side);
  op.input_channel_csc = uint16_t(cin);
  op.kernel_channel_csc = uint16_t(cin);
  op.input_width_cmac = uint16_t(side);
  op.input_height_cmac = uint16_t(side);
  op.bytes_per_kernel = cin;
  op.release = uint16_t(side);
  const uint16_t w = uint16_t(side), c = uint16_t(cin), k = uint16_t(kernels);
  conv.conv_surface.weight_data = {MemoryType::Mc, weights, weight_bytes, 1, 1, c, 0, 0, 0};
  conv.conv_surface.src_data = {MemoryType::Mc, input, 0, w, w, c, side * 32, side * side * 32, 0};
  conv.conv_surface.dst_data = {MemoryType::Hw, 0, 0, w, w, k, side * 32, side * side * 32, 0};
  conv.sdp_op.out_cvt.scale = 1;
  conv.sdp_surface.src_data = {MemoryType::Hw, 0, 0, w, w, k, 0, 0, 0};
  conv.sdp_dst_data = {MemoryType::Mc, output, 0, w, w, k, side * 32, side * side * 32, 0};
  return conv;
}

// Deconvolution as NVDLA's compiler maps it: a 2x2 deconvolution with
// stride 2 of a 3x3x16 int8 input into 32 channels is one convolution with
// 1x1 kernels, one kernel per output channel and output phase (kernel
// (j * 2 + i) * 32 + co holds the deconvolution weights D[co][.][j][i]),
// whose 3x3x128 output SDP writes to memory, then a Rubik contract that
// moves phase (i, j) of input pixel (x, y) to output pixel (2x + i, 2y + j).
// The expected 6x6x32 output is the deconvolution by its definition,
// out(X, Y, co) = sum over ci of in(X / 2, Y / 2, ci) * D[co][ci][Y % 2][X % 2],
// computed here directly; the values keep every sum inside int8, so the
// output converter (scale 1, no shift) passes it unchanged.
TEST(NvdlaFirmware, DeconvolutionIsAConvolutionThenARubikContract) {
  constexpr uint32_t kIn = 3, kCin = 16, kCout = 32, kStride = 2, kPhases = kStride * kStride;
  constexpr uint32_t kKernels = kCout * kPhases, kOut = kIn * kStride;
  constexpr uint64_t kInput = 0x80000000, kWeights = 0x80100000, kConvOut = 0x80200000, kOutput = 0x80300000;
  const auto input = [](uint32_t x, uint32_t y, uint32_t c) { return int8_t(int(x * 7 + y * 5 + c * 3) % 7 - 3); };
  const auto deconv_weight = [](uint32_t co, uint32_t ci, uint32_t j, uint32_t i) {
    return int8_t(int(co * 3 + ci * 5 + j * 7 + i * 11) % 5 - 2);
  };

  // Weights in NVDLA's direct-convolution format for 1x1 kernels: kernel
  // after kernel, each its kCin channels.
  std::vector<uint8_t> weights(size_t(kKernels) * kCin);
  for (uint32_t k = 0; k < kKernels; ++k) {
    const uint32_t phase = k / kCout, co = k % kCout;
    for (uint32_t ci = 0; ci < kCin; ++ci) {
      weights[size_t(k) * kCin + ci] = uint8_t(deconv_weight(co, ci, phase / kStride, phase % kStride));
    }
  }

  const ConvLayer conv = one_by_one_conv(kIn, kCin, kKernels, kInput, kWeights, uint32_t(weights.size()), kConvOut);

  RubikLayer contract;
  contract.op.mode = kRubikModeContract;
  contract.op.stride_x = kStride;
  contract.op.stride_y = kStride;
  contract.src_data = conv.sdp_dst_data;
  contract.dst_data = {MemoryType::Mc, kOutput, 0, kOut, kOut, kCout, kOut * 32, kOut * kOut * 32, 0};

  const std::vector<uint8_t> in_bytes = feature_cube(kIn, kIn, kCin, kIn * 32, kIn * kIn * 32, input, 0);
  const auto output = [&](uint32_t x, uint32_t y, uint32_t co) {
    int sum = 0;
    for (uint32_t ci = 0; ci < kCin; ++ci) {
      sum += input(x / kStride, y / kStride, ci) * deconv_weight(co, ci, y % kStride, x % kStride);
    }
    return int8_t(std::clamp(sum, -128, 127));
  };
  std::vector<uint8_t> expected = feature_cube(kOut, kOut, kCout, kOut * 32, kOut * kOut * 32, output, 0);
  const size_t out_bytes = expected.size();
  const std::vector<uint8_t> guard = pattern(kOutput, out_bytes + 64, 0xEE);
  expected.insert(expected.end(), guard.end() - 64, guard.end());

  TaskRequest request = request_for(Config::NvFull);
  request.load.push_back({MemoryType::Mc, kInput, in_bytes});
  request.load.push_back({MemoryType::Mc, kWeights, weights});
  request.load.push_back({MemoryType::Mc, kOutput, guard});
  request.operations.push_back({conv, false});
  request.operations.push_back({contract, true});
  request.read_back.push_back({MemoryType::Mc, kOutput, out_bytes + 64});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, "the 6x6x32 deconvolution output and the 64 bytes after it");
  ASSERT_EQ(result.task.operations.size(), 3u);  // CONV, SDP, RUBIK
  EXPECT_EQ(result.task.operations[2].type, OpType::Rubik);
}

// A 1x1 convolution of 3x3x16 into 32 channels computed by its definition:
// out(x, y, k) = sum over ci of in(x, y, ci) * weight(k, ci), saturated to
// int8 by SDP's output converter (the values keep it inside).
int8_t one_by_one_output(const std::function<int8_t(uint32_t, uint32_t, uint32_t)>& in,
                         const std::function<int8_t(uint32_t, uint32_t)>& weight, uint32_t cin, uint32_t x, uint32_t y,
                         uint32_t k) {
  int sum = 0;
  for (uint32_t ci = 0; ci < cin; ++ci) sum += in(x, y, ci) * weight(k, ci);
  return int8_t(std::clamp(sum, -128, 127));
}

// Two batches through one convolution layer (nv_full): the firmware programs
// conv_op.batch and batch_stride into CDMA, CSC and CACC and SDP's
// batch_num and batch_stride; batch b's input lies batch_stride x b after
// the first, its output sdp batch_stride x b after the first, and each is
// the convolution of its own cube.
TEST(NvdlaFirmware, ConvolutionOfTwoBatches) {
  // 4 x 4 pixels: the output lines and surfaces span even numbers of atoms,
  // as SDP's write DMA needs for batches.
  constexpr uint32_t kSide = 4, kCin = 16, kKernels = 32, kBatches = 2, kCube = kSide * kSide * 32;
  constexpr uint32_t kInStride = 2 * kCube, kOutStride = 3 * kCube;  // gaps between the batches
  constexpr uint64_t kInput = 0x80000000, kWeights = 0x80100000, kOutput = 0x80200000;
  const auto input = [](uint32_t b) {
    return [b](uint32_t x, uint32_t y, uint32_t c) { return int8_t(int(x * 5 + y * 3 + c * 7 + b * 11) % 9 - 4); };
  };
  const auto weight = [](uint32_t k, uint32_t ci) { return int8_t(int(k * 3 + ci * 5) % 5 - 2); };
  std::vector<uint8_t> weights(size_t(kKernels) * kCin);
  for (uint32_t k = 0; k < kKernels; ++k) {
    for (uint32_t ci = 0; ci < kCin; ++ci) weights[size_t(k) * kCin + ci] = uint8_t(weight(k, ci));
  }
  ConvLayer conv = one_by_one_conv(kSide, kCin, kKernels, kInput, kWeights, uint32_t(weights.size()), kOutput);
  conv.conv_op.batch = kBatches;
  conv.conv_op.batch_stride = kInStride;
  conv.sdp_op.batch_num = kBatches;
  conv.sdp_op.batch_stride = kOutStride;

  TaskRequest request = request_for(Config::NvFull);
  const size_t out_bytes = size_t(kBatches - 1) * kOutStride + kCube + 64;
  request.load.push_back({MemoryType::Mc, kOutput, pattern(kOutput, out_bytes, 0xEE)});
  for (uint32_t b = 0; b < kBatches; ++b) {
    request.load.push_back(
        {MemoryType::Mc, kInput + b * kInStride, feature_cube(kSide, kSide, kCin, kSide * 32, kCube, input(b), 0)});
  }
  request.load.push_back({MemoryType::Mc, kWeights, weights});
  request.operations.push_back({conv, false});
  request.read_back.push_back({MemoryType::Mc, kOutput, out_bytes});
  const TaskResult result = run_checked(request);

  // Each batch's cube at its stride; the gap after each keeps its guard.
  std::vector<uint8_t> expected = pattern(kOutput, out_bytes, 0xEE);
  for (uint32_t b = 0; b < kBatches; ++b) {
    const auto out = [&](uint32_t x, uint32_t y, uint32_t k) {
      return one_by_one_output(input(b), weight, kCin, x, y, k);
    };
    const std::vector<uint8_t> cube = feature_cube(kSide, kSide, kKernels, kSide * 32, kCube, out, 0);
    std::copy(cube.begin(), cube.end(), expected.begin() + std::ptrdiff_t(b) * kOutStride);
  }
  expect_bytes(expected, read_back(result, 0).bytes, "two batches' outputs and the gaps around them");
}

// fp16 of a whole number of magnitude below 2048, which fp16 holds exactly:
// sign, the biased exponent of its leading bit, the ten bits below it.
uint16_t fp16_of(int n) {
  if (n == 0) return 0;
  const uint32_t magnitude = uint32_t(n < 0 ? -n : n);
  uint32_t e = 0;
  while ((magnitude >> (e + 1)) != 0) ++e;
  const uint32_t mantissa = (magnitude << (10 - e)) & 0x3FF;
  return uint16_t((n < 0 ? 0x8000u : 0u) | (e + 15) << 10 | mantissa);
}

// A feature cube of fp16 elements on nv_full: 16 per 32-byte atom, element
// (x, h, c) at byte (c / 16) * surf + h * line + x * 32 + (c % 16) * 2,
// little-endian; lanes past the channels hold +0.
std::vector<uint8_t> fp16_cube(uint32_t width, uint32_t height, uint32_t channels, uint32_t line, uint32_t surf,
                               const std::function<int(uint32_t, uint32_t, uint32_t)>& element) {
  const uint32_t surfaces = (channels + 15) / 16;
  std::vector<uint8_t> bytes(size_t(surfaces - 1) * surf + size_t(height - 1) * line + width * 32, 0);
  for (uint32_t c = 0; c < channels; ++c) {
    for (uint32_t h = 0; h < height; ++h) {
      for (uint32_t x = 0; x < width; ++x) {
        const uint16_t bits = fp16_of(element(x, h, c));
        const size_t at = (c / 16) * surf + h * line + x * 32 + (c % 16) * 2;
        bytes[at] = uint8_t(bits);
        bytes[at + 1] = uint8_t(bits >> 8);
      }
    }
  }
  return bytes;
}

// An fp16 convolution through the firmware (nv_full): conv_op and sdp_op
// with in/out precision FP16, a 1x1 convolution of 3x3x16 into 32 channels.
// The inputs and weights are small whole numbers, so every product and sum
// is exact in CMAC's and CACC's floating point and in SDP's fp32, and the
// output is the convolution by its definition, exactly in fp16.
TEST(NvdlaFirmware, Fp16ConvolutionProgrammedByTheFirmware) {
  constexpr uint32_t kSide = 3, kCin = 16, kKernels = 32, kLine = kSide * 32, kSurf = kSide * kSide * 32;
  constexpr uint64_t kInput = 0x80000000, kWeights = 0x80100000, kOutput = 0x80200000;
  const auto input = [](uint32_t x, uint32_t y, uint32_t c) { return int(x * 5 + y * 3 + c * 7) % 9 - 4; };
  const auto weight = [](uint32_t k, uint32_t ci) { return int(k * 3 + ci * 5) % 5 - 2; };
  // Weights for 1x1 kernels: kernel after kernel, each its 16 channels.
  std::vector<uint8_t> weights(size_t(kKernels) * kCin * 2);
  for (uint32_t k = 0; k < kKernels; ++k) {
    for (uint32_t ci = 0; ci < kCin; ++ci) {
      const uint16_t bits = fp16_of(weight(k, ci));
      weights[(size_t(k) * kCin + ci) * 2] = uint8_t(bits);
      weights[(size_t(k) * kCin + ci) * 2 + 1] = uint8_t(bits >> 8);
    }
  }
  ConvLayer conv = one_by_one_conv(kSide, kCin, kKernels, kInput, kWeights, uint32_t(weights.size()), kOutput);
  conv.conv_op.bytes_per_kernel = kCin * 2;
  conv.conv_op.in_precision = conv.conv_op.out_precision = kPrecisionFp16;
  conv.sdp_op.src_precision = conv.sdp_op.dst_precision = kPrecisionFp16;

  const auto output = [&](uint32_t x, uint32_t y, uint32_t k) {
    int sum = 0;
    for (uint32_t ci = 0; ci < kCin; ++ci) sum += input(x, y, ci) * weight(k, ci);
    return sum;
  };
  std::vector<uint8_t> expected = fp16_cube(kSide, kSide, kKernels, kLine, kSurf, output);
  const size_t out_bytes = expected.size();
  const std::vector<uint8_t> guard = pattern(kOutput, out_bytes + 64, 0xEE);
  expected.insert(expected.end(), guard.end() - 64, guard.end());

  TaskRequest request = request_for(Config::NvFull);
  request.load.push_back({MemoryType::Mc, kInput, fp16_cube(kSide, kSide, kCin, kLine, kSurf, input)});
  request.load.push_back({MemoryType::Mc, kWeights, weights});
  request.load.push_back({MemoryType::Mc, kOutput, guard});
  request.operations.push_back({conv, false});
  request.read_back.push_back({MemoryType::Mc, kOutput, out_bytes + 64});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, "the 3x3x32 fp16 output and the 64 bytes after it");
}

// A Winograd convolution through the firmware (nv_full): the 5x5 kernels at
// stride 2 of winograd_layer.h, described as NVDLA's compiler describes a
// Winograd layer (conv_mode WINOGRAD, input_*_csc the extended cube of
// 12 x 12 x 128 channels, 4 x 4 kernels over them, the output 8 x 8 as
// input_*_cmac, CACC truncating the 4 of the integer transform G' = 2G);
// conv.c then programs CSC with no stride and no padding. The output is
// the plain strided convolution of the un-transformed kernels; lanes past
// the 3 kernels are 0.
TEST(NvdlaFirmware, WinogradConvolutionProgrammedByTheFirmware) {
  const wg::Shape& sh = wg::kStride2;
  constexpr uint64_t kInput = 0x80000000, kWeights = 0x80100000, kOutput = 0x80200000;
  ConvLayer conv;
  ConvOpDesc& op = conv.conv_op;
  op.conv_mode = kConvModeWinograd;
  op.entry_per_slice = uint16_t(sh.we() / 4 * sh.sx * sh.sy);
  op.input_width_csc = uint16_t(sh.we());
  op.input_height_csc = uint16_t(sh.he());
  op.input_channel_csc = uint16_t(sh.ce());
  op.kernel_width_csc = op.kernel_height_csc = 4;
  op.kernel_channel_csc = uint16_t(sh.ce());
  op.input_width_cmac = uint16_t(sh.ow());
  op.input_height_cmac = uint16_t(sh.oh());
  op.bytes_per_kernel = sh.kernel_bytes();
  op.release = uint16_t(sh.he());
  op.conv_stride_x = uint8_t(sh.sx);
  op.conv_stride_y = uint8_t(sh.sy);
  op.pad_x_left = uint8_t(sh.pl);
  op.pad_x_right = uint8_t(sh.pr);
  op.pad_y_top = uint8_t(sh.pt);
  op.pad_y_bottom = uint8_t(sh.pb);
  op.pad_val = int16_t(wg::kPadValue);
  op.out_cvt.truncate = 2;
  const uint16_t k = uint16_t(sh.k);
  conv.conv_surface.weight_data = {MemoryType::Mc, kWeights, sh.weight_bytes(), 4, 4, uint16_t(sh.ce()), 0, 0, 0};
  conv.conv_surface.src_data = {MemoryType::Mc, kInput, 0, uint16_t(sh.w), uint16_t(sh.h), uint16_t(sh.channels()),
                                sh.in_line(), sh.in_line() * sh.h, 0};
  const uint16_t ow = uint16_t(sh.ow()), oh = uint16_t(sh.oh());
  conv.conv_surface.dst_data = {MemoryType::Hw, 0, 0, ow, oh, k, sh.out_line(), sh.out_surface(), 0};
  conv.sdp_op.conv_mode = kConvModeWinograd;
  conv.sdp_op.out_cvt.scale = 1;
  conv.sdp_surface.src_data = {MemoryType::Hw, 0, 0, ow, oh, k, 0, 0, 0};
  conv.sdp_dst_data = {MemoryType::Mc, kOutput, 0, ow, oh, k, sh.out_line(), sh.out_surface(), 0};

  std::vector<uint8_t> expected(sh.out_surface(), 0);
  for (uint32_t y = 0; y < sh.oh(); ++y) {
    for (uint32_t x = 0; x < sh.ow(); ++x) {
      for (uint32_t kk = 0; kk < sh.k; ++kk) {
        expected[y * sh.out_line() + x * wg::kAtom + kk] = uint8_t(wg::expected(sh, x, y, kk));
      }
    }
  }
  const std::vector<uint8_t> guard = pattern(kOutput, expected.size() + 64, 0xEE);
  expected.insert(expected.end(), guard.end() - 64, guard.end());

  TaskRequest request = request_for(Config::NvFull);
  request.load.push_back({MemoryType::Mc, kInput, wg::input_bytes(sh)});
  request.load.push_back({MemoryType::Mc, kWeights, wg::weight_bytes(sh)});
  request.load.push_back({MemoryType::Mc, kOutput, guard});
  request.operations.push_back({conv, false});
  request.read_back.push_back({MemoryType::Mc, kOutput, expected.size()});
  const TaskResult result = run_checked(request);
  expect_bytes(expected, read_back(result, 0).bytes, "the 8x8x3 Winograd output and the 64 bytes after it");
}

// Compressed weights through the firmware (nv_full): the same kind of layer
// with 64 kernels, two groups of atomic-K = 32, about half of whose weights
// are zeros. The layer holds, as NVDLA's compressed format does: a mask bit per
// dense weight (bit i of the dense kernel-after-kernel order in byte i / 8,
// bit i % 8; 1 = stored), the stored weights only, packed, and per kernel
// group the byte count of its stored weights (32-bit little-endian). The
// output must be the convolution with the dense kernels.
TEST(NvdlaFirmware, ConvolutionWithCompressedWeights) {
  constexpr uint32_t kSide = 3, kCin = 16, kKernels = 64, kGroup = 32, kCube = kSide * kSide * 32;
  constexpr uint64_t kInput = 0x80000000, kWeights = 0x80100000, kMask = 0x80110000, kSizes = 0x80120000,
                     kOutput = 0x80200000;
  const auto input = [](uint32_t x, uint32_t y, uint32_t c) { return int8_t(int(x * 5 + y * 3 + c * 7) % 9 - 4); };
  const auto weight = [](uint32_t k, uint32_t ci) {
    return (k + ci) % 3 == 0 ? int8_t(0) : int8_t(int(k * 3 + ci * 5) % 5 - 2);
  };
  std::vector<uint8_t> mask(128, 0), stored;
  std::vector<uint32_t> group_bytes(kKernels / kGroup, 0);
  for (uint32_t k = 0; k < kKernels; ++k) {
    for (uint32_t ci = 0; ci < kCin; ++ci) {
      const uint32_t i = k * kCin + ci;
      if (weight(k, ci) == 0) continue;
      mask[i / 8] = uint8_t(mask[i / 8] | (1u << (i % 8)));
      stored.push_back(uint8_t(weight(k, ci)));
      ++group_bytes[k / kGroup];
    }
  }
  std::vector<uint8_t> sizes;
  for (const uint32_t bytes : group_bytes) {
    for (unsigned b = 0; b < 4; ++b) sizes.push_back(uint8_t(bytes >> (8 * b)));
  }
  const uint32_t stored_bytes = uint32_t(stored.size());
  stored.resize((stored.size() + 127) / 128 * 128, 0);
  ConvLayer conv = one_by_one_conv(kSide, kCin, kKernels, kInput, kWeights, uint32_t(stored.size()), kOutput);
  conv.conv_op.weight_format = kWeightFormatCompressed;
  conv.conv_surface.wmb_data = {MemoryType::Mc, kMask, uint32_t(mask.size()), 1, 1, 1, 0, 0, 0};
  conv.conv_surface.wgs_data = {MemoryType::Mc, kSizes, uint32_t(sizes.size()), 1, 1, 1, 0, 0, 0};

  TaskRequest request = request_for(Config::NvFull);
  const size_t out_bytes = size_t(2) * kCube + 64;
  request.load.push_back({MemoryType::Mc, kInput, feature_cube(kSide, kSide, kCin, kSide * 32, kCube, input, 0)});
  request.load.push_back({MemoryType::Mc, kWeights, stored});
  request.load.push_back({MemoryType::Mc, kMask, mask});
  request.load.push_back({MemoryType::Mc, kSizes, sizes});
  request.load.push_back({MemoryType::Mc, kOutput, pattern(kOutput, out_bytes, 0xEE)});
  request.operations.push_back({conv, false});
  request.read_back.push_back({MemoryType::Mc, kOutput, out_bytes});
  const TaskResult result = run_checked(request);

  const auto out = [&](uint32_t x, uint32_t y, uint32_t k) { return one_by_one_output(input, weight, kCin, x, y, k); };
  std::vector<uint8_t> expected = feature_cube(kSide, kSide, kKernels, kSide * 32, kCube, out, 0);
  const std::vector<uint8_t> guard = pattern(kOutput, out_bytes, 0xEE);
  expected.insert(expected.end(), guard.end() - 64, guard.end());
  expect_bytes(expected, read_back(result, 0).bytes, "the convolution with the dense kernels");
  std::cout << "compressed weights: " << stored_bytes << " of " << kKernels * kCin << " bytes stored\n";
}

// nv_small has no Rubik: its firmware build runs with dla_config.rubik_enable
// false and refuses the operation (rubik.c dla_rubik_program) before
// programming any RUBIK D register. The scheduler has already picked a
// register group by then (scheduler.c dla_program_operation calls
// set_producer before program), so S_POINTER is written; on silicon that
// write reaches no unit, and the CSB here answers it with a warning.
TEST(NvdlaFirmware, RubikOnMasterConfigurationIsRefusedByTheFirmware) {
  SystemOptions options;
  options.config = Config::NvSmall;
  options.csb.unmapped_is_error = false;
  std::string message;
  std::vector<RegisterAccess> log;
  run_firmware(options, [&](NvdlaSystem& system) {
    RubikLayer layer;
    layer.op.mode = kRubikModeSplit;
    layer.src_data = {MemoryType::Mc, 0x80000000, 0, 4, 1, 8, 32, 32, 0};
    layer.dst_data = {MemoryType::Mc, 0x80100000, 0, 4, 1, 8, 32, 0, 32};
    const Task task = build_task(system.hal(), system.config(), {{layer, false}}, 0xF0000000);
    FirmwareEngine engine(system.hal(), system.config());
    try {
      engine.run(task.address_list);
    } catch (const FirmwareError& e) {
      message = e.what();
    }
    log = engine.port().register_log();
  });
  EXPECT_TRUE(mentions(message, {"DLA_ERR_INVALID_INPUT", "RUBIK is not supported for this configuration"}));
  const HardwareConfig& config = hardware_config(Config::NvSmall);
  for (const RegisterAccess& a : log) {
    const char* window = window_name(config, a.offset);
    if (window != nullptr && std::string(window) == "RUBIK" && a.write) {
      EXPECT_EQ(a.offset, config.unit_base(Unit::Rubik) + regs::rubik::S_POINTER)
          << "RUBIK register written: " << describe(config, a);
    }
  }
}

// What rubik.c processor_rubik_program refuses or cannot write, refused by
// the builder before it writes anything, naming the field.
TEST(NvdlaFirmware, BuilderWritesRubikLayersAndRefusesBadFields) {
  RubikLayer contract;
  contract.op.stride_x = 2;
  contract.op.stride_y = 2;
  contract.src_data = {MemoryType::Mc, 0x80000000, 0, 3, 3, 128, 96, 288, 0};
  contract.dst_data = {MemoryType::Mc, 0x80100000, 0, 6, 6, 32, 192, 1152, 0};
  MemoryHal hal;
  const Task task = build_task(hal, hardware_config(Config::NvFull), {{contract, false}}, 0xF0000000);
  ASSERT_EQ(task.operations.size(), 1u);
  EXPECT_EQ(task.operations[0].type, OpType::Rubik);
  ASSERT_EQ(task.address_list.size(), 6u);  // 4 descriptor entries, the input and the output
  EXPECT_EQ(task.address_list[4].size, 3u * 288 + 2 * 96 + 3 * 32);  // four sub-cubes of one surface
  EXPECT_EQ(task.address_list[5].size, 5u * 192 + 6 * 32);

  RubikLayer layer = contract;
  layer.src_data.channel = 96;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer),
                       {"layer 0 (RubikLayer)", "src_data.channel 96 is not dst_data.channel x stride_x x stride_y = 128"}));
  layer = contract;
  layer.dst_data.width = 5;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"dst_data 5x6 is not the input's 3x3 times the strides"}));
  layer = contract;
  layer.op.stride_x = 0;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"rubik_op strides (0, 2) are not 1..32"}));
  layer = contract;
  layer.op.mode = 3;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"rubik_op.mode 3 is not 0..2"}));
  layer = contract;
  layer.src_data.type = MemoryType::Hw;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"rubik_surface.src_data must be in memory"}));
  layer = contract;
  layer.src_data.size = 100;
  EXPECT_TRUE(mentions(build_error(Config::NvFull, layer), {"src_data.size 100 is smaller than the extent of 1152"}));
  RubikLayer merge;
  merge.op.mode = kRubikModeMerge;
  merge.src_data = {MemoryType::Mc, 0x80000000, 0, 4, 1, 8, 32, 0, 0};
  merge.dst_data = {MemoryType::Mc, 0x80100000, 0, 4, 1, 8, 128, 128, 0};
  EXPECT_TRUE(mentions(build_error(Config::NvFull, merge), {"src_data.plane_stride 0 is not a non-zero multiple of 32"}));
  RubikLayer split = merge;
  split.op.mode = kRubikModeSplit;
  split.src_data = merge.dst_data;
  split.dst_data = {MemoryType::Mc, 0x80200000, 0, 4, 1, 9, 32, 0, 32};
  EXPECT_TRUE(mentions(build_error(Config::NvFull, split), {"dst_data.channel 9 (the planes) exceeds src_data.channel 8"}));
}

}  // namespace
}  // namespace acosim::nvdla::firmware

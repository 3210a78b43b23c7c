// The CSB router and the GLB interrupt controller of the co-simulation top.
// CSB: 4 KiB unit windows at the bases of each map (nvdlav1
// cmod/include/arnvdla.h for nv_full, master spec/manual/*.rdl for
// nv_small/nv_large), accesses nothing answers reported by default and
// read as 0 / dropped like the RTL's dummy client otherwise
// (NV_NVDLA_csb_master.v), the reserved range 0x14000..0x3FFFF always an
// error (programming guide, CSB_MASTER limitation). GLB: S_INTR_* behaviour
// of nvdla/hw vmod/nvdla/glb/NV_NVDLA_GLB_ic.v.
#include <gtest/gtest.h>

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "systemc/nvdla/glb.h"
#include "testbench/nvdla/tests/model_test_support.h"

#include <tlm_utils/simple_initiator_socket.h>

namespace acosim::nvdla::test {
namespace {

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%x", value);
  return text;
}

// ---------------------------------------------------------------- CSB

// An access nothing in the configuration answers.
struct UnmappedCase {
  const char* name;
  Config config;
  uint32_t address;  // CSB byte address
  bool write;
  std::vector<std::string> words;  // the error names these (besides "CSB" and the address)
};

void PrintTo(const UnmappedCase& c, std::ostream* out) { *out << c.name; }

const std::vector<UnmappedCase>& unmapped_cases() {
  static const std::vector<UnmappedCase> kCases = {
      // PDP's last register is D_CYA at 0x09C (nv_full PDP window 0xD000).
      {"FullPdpHoleRead", Config::NvFull, 0xD000 + 0x0A0, false, {"PDP"}},
      {"FullPdpHoleWrite", Config::NvFull, 0xD000 + 0xFFC, true, {"PDP"}},
      // GLB has four registers, 0x000..0x00C (master GLB window 0x1000).
      {"SmallGlbHoleRead", Config::NvSmall, 0x1000 + 0x010, false, {"GLB"}},
      // BDMA's last register is STATUS_GRP1_WRITE_STALL at 0x050.
      {"FullBdmaHoleRead", Config::NvFull, 0x4000 + 0x054, false, {"BDMA"}},
      // RUBIK's last register is D_PERF_WRITE_STALL at 0x060 (nv_full window 0x10000).
      {"FullRubikHoleRead", Config::NvFull, 0x10000 + 0x064, false, {"RUBIK"}},
      // Windows of units the project does not model. Rubik is compiled out
      // of every master configuration (its master window is 0x11000).
      {"SmallRubikRead", Config::NvSmall, 0x11000, false, {"RUBIK", "not modelled"}},
      {"SmallGecWrite", Config::NvSmall, 0xE000 + 0x010, true, {"GEC", "not modelled"}},
      {"SmallMcifRead", Config::NvSmall, 0x2000 + 0x004, false, {"MCIF", "not modelled"}},
      // BDMA is compiled out of every master configuration (its master
      // window is 0x10000).
      {"SmallBdmaRead", Config::NvSmall, 0x10000 + 0x040, false, {"BDMA", "not modelled"}},
      {"LargeBdmaWrite", Config::NvLarge, 0x10000 + 0x030, true, {"BDMA", "not modelled"}},
  };
  return kCases;
}

std::string unmapped_name(const testing::TestParamInfo<UnmappedCase>& info) { return info.param.name; }

class CsbUnmapped : public testing::TestWithParam<UnmappedCase> {};

TEST_P(CsbUnmapped, IsAnErrorByDefault) {
  const UnmappedCase& c = GetParam();
  bool after_access = false;
  const std::string message = run_expecting_error(options_for(c.config), [&](NvdlaSystem& system) {
    if (c.write) {
      system.hal().write_register(c.address, 0x12345678);
    } else {
      system.hal().read_register(c.address);
    }
    after_access = true;
  });
  EXPECT_FALSE(after_access) << "the firmware continued past the access";
  std::vector<std::string> words = c.words;
  words.push_back("CSB");
  words.push_back(hex(c.address));
  words.push_back(c.write ? "write" : "read");
  EXPECT_TRUE(mentions(message, words));
}

TEST_P(CsbUnmapped, ReadsZeroAndDropsWritesWhenNotAnError) {
  const UnmappedCase& c = GetParam();
  SystemOptions options = options_for(c.config);
  options.csb.unmapped_is_error = false;
  run_firmware(options, [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    EXPECT_EQ(hal.read_register(c.address), 0u);
    hal.write_register(c.address, 0xFFFFFFFFu);
    EXPECT_EQ(hal.read_register(c.address), 0u);
    // The dropped write reached no register: GLB still reads its reset.
    UnitRegisters glb(system, Unit::Glb);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_MASK), 0u);
    EXPECT_EQ(glb.read(regs::glb::S_NVDLA_HW_VERSION), 0x00303031u);
  });
}

INSTANTIATE_TEST_SUITE_P(Addresses, CsbUnmapped, testing::ValuesIn(unmapped_cases()), unmapped_name);

struct ReservedCase {
  const char* name;
  Config config;
  uint32_t address;
  bool write;
  bool unmapped_is_error;
};

void PrintTo(const ReservedCase& c, std::ostream* out) { *out << c.name; }

std::string reserved_name(const testing::TestParamInfo<ReservedCase>& info) { return info.param.name; }

class CsbReserved : public testing::TestWithParam<ReservedCase> {};

// The reserved range stays an error even where unmapped accesses are only
// warnings: the CSB master does not support it at all.
TEST_P(CsbReserved, IsAlwaysAnError) {
  const ReservedCase& c = GetParam();
  SystemOptions options = options_for(c.config);
  options.csb.unmapped_is_error = c.unmapped_is_error;
  const std::string message = run_expecting_error(options, [&](NvdlaSystem& system) {
    if (c.write) {
      system.hal().write_register(c.address, 1);
    } else {
      system.hal().read_register(c.address);
    }
  });
  EXPECT_TRUE(mentions(message, {"CSB", hex(c.address), "reserved"}));
}

INSTANTIATE_TEST_SUITE_P(
    Addresses, CsbReserved,
    testing::Values(ReservedCase{"FirstWordRead", Config::NvFull, 0x14000, false, true},
                    ReservedCase{"LastWordWrite", Config::NvSmall, 0x3FFFC, true, true},
                    ReservedCase{"MiddleReadNotStrict", Config::NvLarge, 0x20000, false, false},
                    ReservedCase{"FirstWordWriteNotStrict", Config::NvFull, 0x14000, true, false}),
    reserved_name);

TEST(Csb, AccessOfLessThanAWordIsAnError) {
  // The CSB carries aligned 32-bit accesses only; 0xD002 is inside nv_full
  // PDP's D_OP_ENABLE word.
  const std::string message = run_expecting_error(options_for(Config::NvFull), [](NvdlaSystem& system) {
    system.hal().read_register(0xD000 + 0x002);
  });
  EXPECT_TRUE(mentions(message, {"CSB", "0xd002", "aligned 32-bit"}));
}

TEST(Csb, UnimplementedBitsAreDroppedSilently) {
  run_firmware(options_for(Config::NvFull), [](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    UnitRegisters bdma(system, Unit::Bdma);
    UnitRegisters pdp(system, Unit::Pdp);
    UnitRegisters rdma(system, Unit::PdpRdma);
    // CFG_SRC_ADDR_LOW holds address bits 31:5 only.
    bdma.write(regs::bdma::CFG_SRC_ADDR_LOW, 0x80000001u);
    EXPECT_EQ(bdma.read(regs::bdma::CFG_SRC_ADDR_LOW), 0x80000000u);
    // CFG_LINE.SIZE is 13 bits.
    bdma.write(regs::bdma::CFG_LINE, 0xFFFFFFFFu);
    EXPECT_EQ(bdma.read(regs::bdma::CFG_LINE), 0x1FFFu);
    // S_INTR_MASK: bits 21:16 and 9:0 exist.
    glb.write(regs::glb::S_INTR_MASK, 0xFFFFFFFFu);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_MASK), 0x003F03FFu);
    // PAD_LEFT/TOP/RIGHT/BOTTOM: 3 bits at 0, 4, 8, 12.
    pdp.write(regs::pdp::D_POOLING_PADDING_CFG, 0xFFFFFFFFu);
    EXPECT_EQ(pdp.read(regs::pdp::D_POOLING_PADDING_CFG), 0x7777u);
    // nv_full strides keep bits 31:5.
    pdp.write(regs::pdp::D_DST_LINE_STRIDE, 0x0000123Fu);
    EXPECT_EQ(pdp.read(regs::pdp::D_DST_LINE_STRIDE), 0x00001220u);
    // KERNEL_WIDTH 3:0 and KERNEL_STRIDE_WIDTH 7:4 only.
    rdma.write(regs::pdp_rdma::D_POOLING_KERNEL_CFG, 0xFFFFFFFFu);
    EXPECT_EQ(rdma.read(regs::pdp_rdma::D_POOLING_KERNEL_CFG), 0xFFu);
    // S_POINTER: only PRODUCER is writable; CONSUMER stays 0 when idle.
    pdp.write(regs::pdp::S_POINTER, 0xFFFFFFFFu);
    EXPECT_EQ(pdp.read(regs::pdp::S_POINTER), 0x1u);
  });
}

TEST(Csb, MasterStridesKeepAllBits) {
  run_firmware(options_for(Config::NvSmall), [](NvdlaSystem& system) {
    UnitRegisters pdp(system, Unit::Pdp);
    pdp.write(regs::pdp::D_DST_LINE_STRIDE, 0x0000123Fu);
    EXPECT_EQ(pdp.read(regs::pdp::D_DST_LINE_STRIDE), 0x0000123Fu);
    // The master GLB window is 0x1000, PDP's 0xB000.
    EXPECT_EQ(system.hal().read_register(0x1000), 0x00303031u);
    EXPECT_EQ(system.hal().read_register(0xB000 + 0x078), 0x0000123Fu);
  });
}

// ---------------------------------------------------------------- GLB

class GlbInterrupts : public testing::TestWithParam<Config> {};

std::string config_name(const testing::TestParamInfo<Config>& info) { return hardware_config(info.param).name; }

TEST_P(GlbInterrupts, HardwareVersion) {
  run_firmware(options_for(GetParam()), [](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    // MAJOR '1' (0x31), MINOR "00" (0x3030).
    EXPECT_EQ(glb.read(regs::glb::S_NVDLA_HW_VERSION), 0x00303031u);
    glb.write(regs::glb::S_NVDLA_HW_VERSION, 0);
    EXPECT_EQ(glb.read(regs::glb::S_NVDLA_HW_VERSION), 0x00303031u);
  });
}

TEST_P(GlbInterrupts, SetLatchesStatusAndReadsZero) {
  run_firmware(options_for(GetParam()), [](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    glb.write(regs::glb::S_INTR_SET, 0x30);  // PDP_DONE_SET0, PDP_DONE_SET1
    EXPECT_EQ(glb.read(regs::glb::S_INTR_SET), 0u);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x30u);
    glb.write(regs::glb::S_INTR_SET, 0x00010000);  // CDMA_DAT_DONE_SET0 adds to the latched bits
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x00010030u);
    glb.write(regs::glb::S_INTR_SET, 0);  // writing 0 sets nothing, clears nothing
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x00010030u);
  });
}

TEST_P(GlbInterrupts, StatusIsWriteOneToClear) {
  run_firmware(options_for(GetParam()), [](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    glb.write(regs::glb::S_INTR_SET, 0x33);  // bits 0, 1, 4, 5
    glb.write(regs::glb::S_INTR_STATUS, 0x11);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x22u);
    glb.write(regs::glb::S_INTR_STATUS, 0);  // zeros leave bits alone
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x22u);
    glb.write(regs::glb::S_INTR_STATUS, 0xFFFFFFFFu);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0u);
  });
}

TEST_P(GlbInterrupts, OnlyImplementedBitsExist) {
  const bool full = GetParam() == Config::NvFull;
  run_firmware(options_for(GetParam()), [&](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    // Bits 21:16 (CDMA_DAT, CDMA_WT, CACC) and 9:0 (SDP, CDP, PDP, BDMA,
    // RUBIK); S_INTR_SET's write mask is 0x3F03FF. The master
    // configurations have neither BDMA nor Rubik: bits 9:6 are tied to 0.
    glb.write(regs::glb::S_INTR_SET, 0xFFFFFFFFu);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), full ? 0x003F03FFu : 0x003F003Fu);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_SET), 0u);
    glb.write(regs::glb::S_INTR_STATUS, 0x003F03FFu);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0u);
    glb.write(regs::glb::S_INTR_SET, 0xFFC0FC00u);  // only reserved bits
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0u);
    EXPECT_FALSE(system.hal().wait_for_interrupt(200)) << "a reserved bit raised the line";
  });
}

TEST_P(GlbInterrupts, LineFollowsUnmaskedStatus) {
  run_firmware(options_for(GetParam()), [](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    hal::Hal& hal = system.hal();
    EXPECT_FALSE(hal.wait_for_interrupt(200)) << "line high after reset";
    glb.write(regs::glb::S_INTR_SET, 0x10);
    EXPECT_TRUE(hal.wait_for_interrupt(0)) << "line low with PDP_DONE_STATUS0 set";
    // Level interrupt: still high later, as long as the bit is set.
    hal.sleep_ns(1000);
    EXPECT_TRUE(hal.wait_for_interrupt(0));
    glb.write(regs::glb::S_INTR_STATUS, 0x10);
    EXPECT_FALSE(hal.wait_for_interrupt(500)) << "line high after clearing";
  });
}

TEST_P(GlbInterrupts, MaskKeepsBitOffTheLineButItStillLatches) {
  run_firmware(options_for(GetParam()), [](NvdlaSystem& system) {
    UnitRegisters glb(system, Unit::Glb);
    hal::Hal& hal = system.hal();
    glb.write(regs::glb::S_INTR_MASK, 0x20);  // PDP_DONE_MASK1
    glb.write(regs::glb::S_INTR_SET, 0x20);
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x20u);
    EXPECT_FALSE(hal.wait_for_interrupt(500)) << "a masked bit drove the line";
    // Another, unmasked bit drives it.
    glb.write(regs::glb::S_INTR_SET, 0x10);
    EXPECT_TRUE(hal.wait_for_interrupt(0));
    glb.write(regs::glb::S_INTR_STATUS, 0x10);
    EXPECT_FALSE(hal.wait_for_interrupt(500));
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x20u);
    // Unmasking the latched bit raises the line without a new event.
    glb.write(regs::glb::S_INTR_MASK, 0);
    EXPECT_TRUE(hal.wait_for_interrupt(0)) << "unmasking a latched bit left the line low";
    glb.write(regs::glb::S_INTR_STATUS, 0x20);
    EXPECT_FALSE(hal.wait_for_interrupt(500));
  });
}

INSTANTIATE_TEST_SUITE_P(Configurations, GlbInterrupts,
                         testing::Values(Config::NvSmall, Config::NvLarge, Config::NvFull), config_name);

// A unit's done pulse latches while masked: BDMA group 0 (bit 6) copying
// one 32-byte line in nv_full.
TEST(GlbDone, MaskedDonePulseLatchesWithoutInterrupt) {
  run_firmware(options_for(Config::NvFull), [](NvdlaSystem& system) {
    namespace r = regs::bdma;
    UnitRegisters glb(system, Unit::Glb);
    UnitRegisters bdma(system, Unit::Bdma);
    hal::Hal& hal = system.hal();
    const std::vector<uint8_t> data = pattern(0x80000000, 32, 1);
    hal.write_memory(0x80000000, data.data(), data.size());
    glb.write(regs::glb::S_INTR_MASK, 0x40);  // BDMA_DONE_MASK0
    bdma.write(r::CFG_SRC_ADDR_LOW, 0x80000000);
    bdma.write(r::CFG_DST_ADDR_LOW, 0x80001000);
    bdma.write(r::CFG_LINE, 0);  // one 32-byte line
    bdma.write(r::CFG_CMD, 3);   // MC -> MC
    bdma.write(r::CFG_OP, 1);
    bdma.write(r::CFG_LAUNCH0, 1);
    EXPECT_FALSE(hal.wait_for_interrupt(20000)) << "the masked BDMA done bit drove the line";
    EXPECT_EQ(glb.read(regs::glb::S_INTR_STATUS), 0x40u);
    std::vector<uint8_t> copied(32);
    hal.read_memory(0x80001000, copied.data(), copied.size());
    EXPECT_EQ(copied, data);
    glb.write(regs::glb::S_INTR_MASK, 0);
    EXPECT_TRUE(hal.wait_for_interrupt(0));
  });
}

// A done pulse and a write-1-to-clear of the same bit at the same time:
// the set wins (NV_NVDLA_GLB_ic.v), a clear at a later time clears. Built
// around a lone GLB, so the pulse and the write can be placed at one time.
struct SameTimeSetAndClear : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<SameTimeSetAndClear> csb{"csb"};
  Glb& glb;
  uint32_t after_same_time = 0, after_later_clear = 0;

  SameTimeSetAndClear(sc_core::sc_module_name name, Glb& g) : sc_module(name), glb(g) {
    SC_HAS_PROCESS(SameTimeSetAndClear);
    SC_THREAD(run);
  }
  uint32_t access(tlm::tlm_command command, uint32_t value) {
    uint8_t data[4] = {uint8_t(value), uint8_t(value >> 8), uint8_t(value >> 16), uint8_t(value >> 24)};
    tlm::tlm_generic_payload trans;
    trans.set_command(command);
    trans.set_address(regs::glb::S_INTR_STATUS);
    trans.set_data_ptr(data);
    trans.set_data_length(4);
    trans.set_streaming_width(4);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    csb->b_transport(trans, delay);
    return uint32_t(data[0]) | uint32_t(data[1]) << 8 | uint32_t(data[2]) << 16 | uint32_t(data[3]) << 24;
  }
  void run() {
    sc_core::wait(10, sc_core::SC_NS);
    glb.done_in->unit_done(4);                    // PDP group 0 done ...
    access(tlm::TLM_WRITE_COMMAND, 0x10);         // ... and its clear, same time
    after_same_time = access(tlm::TLM_READ_COMMAND, 0);
    sc_core::wait(10, sc_core::SC_NS);
    access(tlm::TLM_WRITE_COMMAND, 0x10);
    after_later_clear = access(tlm::TLM_READ_COMMAND, 0);
  }
};

TEST(GlbDone, SetWinsOverAClearAtTheSameTime) {
  Glb glb("glb", hardware_config(Config::NvFull));
  sc_core::sc_signal<bool> intr("intr");
  glb.intr.bind(intr);
  SameTimeSetAndClear cpu("cpu", glb);
  cpu.csb.bind(glb.csb);
  sc_core::sc_start(100, sc_core::SC_NS);
  EXPECT_EQ(cpu.after_same_time, 0x10u);
  EXPECT_EQ(cpu.after_later_clear, 0u);
}

TEST(System, FirmwareThatNeverFinishesIsAnError) {
  // The firmware waits for an interrupt no unit will raise, with no timeout:
  // nothing is left to simulate, sc_start returns, and the run must say so
  // rather than pass as if the firmware had returned.
  const std::string error = run_expecting_error(options_for(Config::NvSmall), [](NvdlaSystem& system) {
    sc_core::sc_event never;
    sc_core::wait(never);
    (void)system;
  });
  EXPECT_TRUE(mentions(error, {"ended before the firmware finished"}));
}

}  // namespace
}  // namespace acosim::nvdla::test

// The generated register tables (sw/nvdla/regs) and the SystemC register
// files agree, through the CSB of the co-simulation top, for every unit of
// every configuration: reset values, read and write masks, read-only
// registers, and for the ping-pong units (PDP_RDMA, PDP, SDP_RDMA, SDP) the
// two D-register groups selected by S_POINTER.PRODUCER while the S-registers
// are shared (nvdla/hw NV_NVDLA_PDP_reg.v, NV_NVDLA_SDP_REG_single.v).
//
// Register counts per unit and the registers each phase leaves out are typed
// in from the register manuals (nvdla/hw spec/manual/NVDLA_*.rdl, nvdlav1
// cmod/include/arnvdla.h), not taken from the tables, so an empty or
// truncated table fails instead of passing vacuously.
#include <gtest/gtest.h>

#include <map>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/register_map.h"
#include "sw/nvdla/regs/sdp.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {
namespace {

struct UnitFacts {
  Unit unit;
  size_t registers;  // registers in the manual's map of the unit
  bool ping_pong;    // two D-groups behind S_POINTER.PRODUCER
  // Registers whose reset read is the hardware's own state rather than the
  // table's stored reset, with the value they must read when idle.
  std::map<std::string, uint32_t> computed;
  // Registers the write phase leaves alone: pointer, triggers and set-only
  // bits start actions (tested by the unit suites), W1S/W1C are the GLB suite's.
  std::set<std::string> not_written;
};

const UnitFacts& facts(Unit unit) {
  // PDP_RDMA 0x000..0x04C, PDP 0x000..0x09C, SDP_RDMA 0x000..0x090,
  // SDP 0x000..0x0F8, CDP_RDMA 0x000..0x040, CDP 0x000..0x0B8, CDMA
  // 0x000..0x0E8, CSC 0x000..0x064, CMAC_A/B 0x000..0x00C, CACC
  // 0x000..0x034, BDMA 0x000..0x050, GLB 0x000..0x00C: every word a register.
  static const std::vector<UnitFacts> kFacts = {
      {Unit::Glb, 4, false, {{"S_INTR_SET", 0}}, {"S_INTR_SET", "S_INTR_STATUS"}},
      // STATUS after reset: FREE_SLOT 20 (0x14), IDLE 1 (bit 8).
      {Unit::Bdma, 21, false, {{"STATUS", 0x114}}, {"CFG_OP", "CFG_LAUNCH0", "CFG_LAUNCH1"}},
      {Unit::PdpRdma, 20, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::Pdp, 40, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::SdpRdma, 37, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::Sdp, 63, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}},
       {"S_POINTER", "D_OP_ENABLE", "S_LUT_ACCESS_CFG", "S_LUT_ACCESS_DATA"}},
      // S_CBUF_FLUSH_STATUS turns to FLUSH_DONE while the test runs (CdmaFlush below).
      {Unit::Cdma, 59, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}},
       {"S_POINTER", "D_OP_ENABLE", "S_CBUF_FLUSH_STATUS"}},
      {Unit::Csc, 26, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::CmacA, 4, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::CmacB, 4, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::Cacc, 14, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::CdpRdma, 17, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
      {Unit::Cdp, 47, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}},
       {"S_POINTER", "D_OP_ENABLE", "S_LUT_ACCESS_CFG", "S_LUT_ACCESS_DATA"}},
      {Unit::Rubik, 25, true, {{"S_STATUS", 0}, {"S_POINTER", 0}, {"D_OP_ENABLE", 0}}, {"S_POINTER", "D_OP_ENABLE"}},
  };
  for (const UnitFacts& f : kFacts) {
    if (f.unit == unit) return f;
  }
  throw std::logic_error("no facts for this unit");
}

struct UnitCase {
  Config config;
  Unit unit;
};

void PrintTo(const UnitCase& c, std::ostream* out) {
  *out << hardware_config(c.config).name << " " << unit_name(c.unit);
}

std::string case_name(const testing::TestParamInfo<UnitCase>& info) {
  return std::string(hardware_config(info.param.config).name) + "_" + unit_name(info.param.unit);
}

std::vector<UnitCase> present_units() {
  std::vector<UnitCase> cases;
  for (Config config : {Config::NvSmall, Config::NvLarge, Config::NvFull}) {
    for (Unit unit : kAllUnits) {
      if (hardware_config(config).has_unit(unit)) cases.push_back({config, unit});
    }
  }
  return cases;
}

// What a register reads when nothing but writes of `value` happened: the
// bits the write mask lets in, the others at their reset value, all seen
// through the read mask.
uint32_t after_write(const regs::RegisterInfo& r, uint32_t value) {
  return ((r.reset & ~r.write_mask) | (value & r.write_mask)) & r.read_mask;
}

class RegisterFile : public testing::TestWithParam<UnitCase> {};

TEST_P(RegisterFile, ResetValuesMasksAndGroupsAgreeWithTheTable) {
  const auto [config, unit] = GetParam();
  const UnitFacts& f = facts(unit);
  const regs::UnitInfo& table = regs::unit_info(unit, config);
  ASSERT_EQ(table.register_count, f.registers);
  for (const auto& [name, value] : f.computed) ASSERT_NE(table.find(name.c_str()), nullptr) << name;
  for (const std::string& name : f.not_written) ASSERT_NE(table.find(name.c_str()), nullptr) << name;

  const auto s_pointer = f.ping_pong ? table.find("S_POINTER")->offset : 0;
  const std::vector<unsigned> groups = f.ping_pong ? std::vector<unsigned>{0, 1} : std::vector<unsigned>{0};
  size_t reset_checked = 0;
  size_t write_checked = 0;

  run_firmware(options_for(config), [&](NvdlaSystem& system) {
    UnitRegisters regs(system, unit);
    auto select = [&](unsigned group) {
      if (f.ping_pong) regs.write(s_pointer, group);
    };
    auto expected_idle = [&](const regs::RegisterInfo& r) {
      const auto computed = f.computed.find(r.name);
      return computed != f.computed.end() ? computed->second : r.reset & r.read_mask;
    };

    // Reset: every register of every group. S_POINTER reads its PRODUCER
    // back, so its reset read is checked before the first group switch.
    for (size_t i = 0; i < table.register_count; ++i) {
      const regs::RegisterInfo& r = table.registers[i];
      EXPECT_EQ(regs.read(r.offset), expected_idle(r)) << r.name << " after reset";
      ++reset_checked;
    }
    if (f.ping_pong) {
      select(1);
      for (size_t i = 0; i < table.register_count; ++i) {
        const regs::RegisterInfo& r = table.registers[i];
        if (!r.grouped) continue;
        EXPECT_EQ(regs.read(r.offset), expected_idle(r)) << r.name << " group 1 after reset";
      }
      select(0);
    }

    for (size_t i = 0; i < table.register_count; ++i) {
      const regs::RegisterInfo& r = table.registers[i];
      if (f.not_written.count(r.name) != 0) continue;
      ++write_checked;
      if (r.access == regs::Access::RO) {
        // Writes are ignored in every group.
        for (unsigned g : groups) {
          select(g);
          regs.write(r.offset, 0xFFFFFFFFu);
          regs.write(r.offset, 0x5A5A5A5Au);
        }
        for (unsigned g : groups) {
          select(g);
          EXPECT_EQ(regs.read(r.offset), expected_idle(r)) << r.name << " (RO) group " << g << " after writes";
        }
        continue;
      }
      if (r.access != regs::Access::RW) {
        ADD_FAILURE() << r.name << " has access " << regs::access_name(r.access)
                      << ", which this test does not expect in " << unit_name(unit);
        continue;
      }
      for (uint32_t value : {0xFFFFFFFFu, 0x5A5A5A5Au, 0x00000000u}) {
        if (f.ping_pong && r.grouped) {
          // Group 1 gets the complement, so each bit differs between groups.
          select(0);
          regs.write(r.offset, value);
          select(1);
          regs.write(r.offset, ~value);
          select(0);
          EXPECT_EQ(regs.read(r.offset), after_write(r, value)) << r.name << " group 0 wrote " << std::hex << value;
          select(1);
          EXPECT_EQ(regs.read(r.offset), after_write(r, ~value)) << r.name << " group 1 wrote " << std::hex << ~value;
        } else if (f.ping_pong) {
          // An S-register: one copy whatever PRODUCER selects.
          select(0);
          regs.write(r.offset, value);
          select(1);
          EXPECT_EQ(regs.read(r.offset), after_write(r, value)) << r.name << " (single) wrote " << std::hex << value;
        } else {
          regs.write(r.offset, value);
          EXPECT_EQ(regs.read(r.offset), after_write(r, value)) << r.name << " wrote " << std::hex << value;
        }
      }
    }

    // The hardware-computed registers still read idle: nothing above
    // started a layer, a slot or an interrupt.
    select(0);
    for (const auto& [name, value] : f.computed) {
      if (name == "S_POINTER") continue;  // PRODUCER is what select() wrote
      EXPECT_EQ(regs.read(table.find(name.c_str())->offset), value) << name << " at the end";
    }
  });

  EXPECT_EQ(reset_checked, f.registers);
  EXPECT_EQ(write_checked, f.registers - f.not_written.size());
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, RegisterFile, testing::ValuesIn(present_units()), case_name);

// CDMA clears the CBUF after reset, 4096 entries at one per cycle, before
// S_CBUF_FLUSH_STATUS reads FLUSH_DONE (nvdlav1 NV_NVDLA_CDMA_cvt.v and
// NV_NVDLA_CDMA_wt.v flush counters).
TEST(CdmaFlush, FlushDoneComesAfterTheBufferIsCleared) {
  run_firmware(options_for(Config::NvFull), [&](NvdlaSystem& system) {
    UnitRegisters cdma(system, Unit::Cdma);
    EXPECT_EQ(cdma.read(regs::cdma::S_CBUF_FLUSH_STATUS), 0u) << "right after reset";
    system.hal().sleep_ns(4000);
    EXPECT_EQ(cdma.read(regs::cdma::S_CBUF_FLUSH_STATUS), 0u) << "before 4096 ns";
    system.hal().sleep_ns(200);
    EXPECT_EQ(cdma.read(regs::cdma::S_CBUF_FLUSH_STATUS), 1u) << "after 4096 ns";
  });
}

// SDP's LUT port as NV_NVDLA_SDP_reg.v and NV_NVDLA_SDP_CORE_Y_lut.v have
// it: S_LUT_ACCESS_CFG loads a port address; every S_LUT_ACCESS_DATA write
// or read moves it on; a write stores bits [15:0] into the selected table
// only with ACCESS_TYPE WRITE and an address inside it (LE 65 entries, LO
// 257); a read returns the entry (0 outside the table).
TEST(SdpLutPort, WritesAndReadsTheTablesThroughTheCsb) {
  namespace r = regs::sdp;
  const auto cfg = [](uint32_t table, uint32_t type, uint32_t address) {
    return r::S_LUT_ACCESS_CFG_LUT_TABLE_ID.put(table) | r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.put(type) |
           r::S_LUT_ACCESS_CFG_LUT_ADDR.put(address);
  };
  run_firmware(options_for(Config::NvLarge), [&](NvdlaSystem& system) {
    UnitRegisters sdp(system, Unit::Sdp);
    sdp.write(r::S_LUT_ACCESS_CFG, cfg(r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE, r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE, 63));
    sdp.write(r::S_LUT_ACCESS_DATA, 0xABCD1234u);  // LE[63] = 0x1234
    sdp.write(r::S_LUT_ACCESS_DATA, 0x00005678u);  // LE[64] = 0x5678
    sdp.write(r::S_LUT_ACCESS_DATA, 0x00009999u);  // address 65 is outside LE: dropped
    sdp.write(r::S_LUT_ACCESS_CFG, cfg(r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE, 256));
    sdp.write(r::S_LUT_ACCESS_DATA, 0x00004321u);  // LO[256]
    // A data write with ACCESS_TYPE READ stores nothing but moves the port.
    sdp.write(r::S_LUT_ACCESS_CFG, cfg(r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE, r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_READ, 62));
    sdp.write(r::S_LUT_ACCESS_DATA, 0x00007777u);
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_DATA), 0x1234u);  // port at 63 now
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_DATA), 0x5678u);  // 64
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_DATA), 0u);       // 65: outside LE
    sdp.write(r::S_LUT_ACCESS_CFG, cfg(r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE, r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_READ, 62));
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_DATA), 0u);  // LE[62] was never written
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_DATA), 0x1234u);
    sdp.write(r::S_LUT_ACCESS_CFG, cfg(r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_READ, 256));
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_DATA), 0x4321u);
    // The CFG register reads back what was written, not the moving port.
    EXPECT_EQ(sdp.read(r::S_LUT_ACCESS_CFG),
              cfg(r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_READ, 256));
  });
}

}  // namespace
}  // namespace acosim::nvdla::test

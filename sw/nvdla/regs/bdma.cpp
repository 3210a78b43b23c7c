// generated from descriptions/bdma.json by tools/nvdla_regs - do not edit
#include "sw/nvdla/regs/bdma.h"

namespace acosim::nvdla::regs::bdma {

namespace {

// master map (nv_small, nv_large)
constexpr FieldInfo kMasterFields[] = {
    {"V32", {5, 27}},
    {"V8", {0, 32}},
    {"V32", {5, 27}},
    {"V8", {0, 32}},
    {"SIZE", {0, 13}},
    {"SRC_RAM_TYPE", {0, 1}},
    {"DST_RAM_TYPE", {1, 1}},
    {"NUMBER", {0, 24}},
    {"STRIDE", {5, 27}},
    {"STRIDE", {5, 27}},
    {"NUMBER", {0, 24}},
    {"STRIDE", {5, 27}},
    {"STRIDE", {5, 27}},
    {"EN", {0, 1}},
    {"GRP0_LAUNCH", {0, 1}},
    {"GRP1_LAUNCH", {0, 1}},
    {"STALL_COUNT_EN", {0, 1}},
    {"FREE_SLOT", {0, 8}},
    {"IDLE", {8, 1}},
    {"GRP0_BUSY", {9, 1}},
    {"GRP1_BUSY", {10, 1}},
    {"COUNT", {0, 32}},
    {"COUNT", {0, 32}},
    {"COUNT", {0, 32}},
    {"COUNT", {0, 32}},
};

constexpr RegisterInfo kMasterRegisters[] = {
    {"CFG_SRC_ADDR_LOW", 0x000, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kMasterFields + 0, 1},
    {"CFG_SRC_ADDR_HIGH", 0x004, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, false, kMasterFields + 1, 1},
    {"CFG_DST_ADDR_LOW", 0x008, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kMasterFields + 2, 1},
    {"CFG_DST_ADDR_HIGH", 0x00C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, false, kMasterFields + 3, 1},
    {"CFG_LINE", 0x010, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, false, kMasterFields + 4, 1},
    {"CFG_CMD", 0x014, 0x00000000, 0x00000003, 0x00000003, Access::RW, false, kMasterFields + 5, 2},
    {"CFG_LINE_REPEAT", 0x018, 0x00000000, 0x00FFFFFF, 0x00FFFFFF, Access::RW, false, kMasterFields + 7, 1},
    {"CFG_SRC_LINE", 0x01C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kMasterFields + 8, 1},
    {"CFG_DST_LINE", 0x020, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kMasterFields + 9, 1},
    {"CFG_SURF_REPEAT", 0x024, 0x00000000, 0x00FFFFFF, 0x00FFFFFF, Access::RW, false, kMasterFields + 10, 1},
    {"CFG_SRC_SURF", 0x028, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kMasterFields + 11, 1},
    {"CFG_DST_SURF", 0x02C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kMasterFields + 12, 1},
    {"CFG_OP", 0x030, 0x00000000, 0x00000001, 0x00000001, Access::Trigger, false, kMasterFields + 13, 1},
    {"CFG_LAUNCH0", 0x034, 0x00000000, 0x00000001, 0x00000001, Access::Trigger, false, kMasterFields + 14, 1},
    {"CFG_LAUNCH1", 0x038, 0x00000000, 0x00000001, 0x00000001, Access::Trigger, false, kMasterFields + 15, 1},
    {"CFG_STATUS", 0x03C, 0x00000000, 0x00000001, 0x00000001, Access::RW, false, kMasterFields + 16, 1},
    {"STATUS", 0x040, 0x00000114, 0x000007FF, 0x00000000, Access::RO, false, kMasterFields + 17, 4},
    {"STATUS_GRP0_READ_STALL", 0x044, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kMasterFields + 21, 1},
    {"STATUS_GRP0_WRITE_STALL", 0x048, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kMasterFields + 22, 1},
    {"STATUS_GRP1_READ_STALL", 0x04C, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kMasterFields + 23, 1},
    {"STATUS_GRP1_WRITE_STALL", 0x050, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kMasterFields + 24, 1},
};

constexpr UnitInfo kMasterUnit{"BDMA", kMasterRegisters, 21};

// nvdlav1 map (nv_full)
constexpr FieldInfo kNvFullFields[] = {
    {"V32", {5, 27}},
    {"V8", {0, 32}},
    {"V32", {5, 27}},
    {"V8", {0, 32}},
    {"SIZE", {0, 13}},
    {"SRC_RAM_TYPE", {0, 1}},
    {"DST_RAM_TYPE", {1, 1}},
    {"NUMBER", {0, 24}},
    {"STRIDE", {5, 27}},
    {"STRIDE", {5, 27}},
    {"NUMBER", {0, 24}},
    {"STRIDE", {5, 27}},
    {"STRIDE", {5, 27}},
    {"EN", {0, 1}},
    {"GRP0_LAUNCH", {0, 1}},
    {"GRP1_LAUNCH", {0, 1}},
    {"STALL_COUNT_EN", {0, 1}},
    {"FREE_SLOT", {0, 8}},
    {"IDLE", {8, 1}},
    {"GRP0_BUSY", {9, 1}},
    {"GRP1_BUSY", {10, 1}},
    {"COUNT", {0, 32}},
    {"COUNT", {0, 32}},
    {"COUNT", {0, 32}},
    {"COUNT", {0, 32}},
};

constexpr RegisterInfo kNvFullRegisters[] = {
    {"CFG_SRC_ADDR_LOW", 0x000, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kNvFullFields + 0, 1},
    {"CFG_SRC_ADDR_HIGH", 0x004, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, false, kNvFullFields + 1, 1},
    {"CFG_DST_ADDR_LOW", 0x008, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kNvFullFields + 2, 1},
    {"CFG_DST_ADDR_HIGH", 0x00C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, false, kNvFullFields + 3, 1},
    {"CFG_LINE", 0x010, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, false, kNvFullFields + 4, 1},
    {"CFG_CMD", 0x014, 0x00000000, 0x00000003, 0x00000003, Access::RW, false, kNvFullFields + 5, 2},
    {"CFG_LINE_REPEAT", 0x018, 0x00000000, 0x00FFFFFF, 0x00FFFFFF, Access::RW, false, kNvFullFields + 7, 1},
    {"CFG_SRC_LINE", 0x01C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kNvFullFields + 8, 1},
    {"CFG_DST_LINE", 0x020, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kNvFullFields + 9, 1},
    {"CFG_SURF_REPEAT", 0x024, 0x00000000, 0x00FFFFFF, 0x00FFFFFF, Access::RW, false, kNvFullFields + 10, 1},
    {"CFG_SRC_SURF", 0x028, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kNvFullFields + 11, 1},
    {"CFG_DST_SURF", 0x02C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, false, kNvFullFields + 12, 1},
    {"CFG_OP", 0x030, 0x00000000, 0x00000001, 0x00000001, Access::Trigger, false, kNvFullFields + 13, 1},
    {"CFG_LAUNCH0", 0x034, 0x00000000, 0x00000001, 0x00000001, Access::Trigger, false, kNvFullFields + 14, 1},
    {"CFG_LAUNCH1", 0x038, 0x00000000, 0x00000001, 0x00000001, Access::Trigger, false, kNvFullFields + 15, 1},
    {"CFG_STATUS", 0x03C, 0x00000000, 0x00000001, 0x00000001, Access::RW, false, kNvFullFields + 16, 1},
    {"STATUS", 0x040, 0x00000114, 0x000007FF, 0x00000000, Access::RO, false, kNvFullFields + 17, 4},
    {"STATUS_GRP0_READ_STALL", 0x044, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kNvFullFields + 21, 1},
    {"STATUS_GRP0_WRITE_STALL", 0x048, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kNvFullFields + 22, 1},
    {"STATUS_GRP1_READ_STALL", 0x04C, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kNvFullFields + 23, 1},
    {"STATUS_GRP1_WRITE_STALL", 0x050, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, false, kNvFullFields + 24, 1},
};

constexpr UnitInfo kNvFullUnit{"BDMA", kNvFullRegisters, 21};

}  // namespace

const UnitInfo& unit_info(Config config) {
  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;
}

}  // namespace acosim::nvdla::regs::bdma

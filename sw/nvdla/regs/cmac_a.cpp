// generated from descriptions/cmac_a.json by tools/nvdla_regs - do not edit
#include "sw/nvdla/regs/cmac_a.h"

namespace acosim::nvdla::regs::cmac_a {

namespace {

// master map (nv_small, nv_large)
constexpr FieldInfo kMasterFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"CONV_MODE", {0, 1}},
    {"PROC_PRECISION", {12, 2}},
};

constexpr RegisterInfo kMasterRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kMasterFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kMasterFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kMasterFields + 4, 1},
    {"D_MISC_CFG", 0x00C, 0x00001000, 0x00003001, 0x00003001, Access::RW, true, kMasterFields + 5, 2},
};

constexpr UnitInfo kMasterUnit{"CMAC_A", kMasterRegisters, 4};

// nvdlav1 map (nv_full)
constexpr FieldInfo kNvFullFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"CONV_MODE", {0, 1}},
    {"PROC_PRECISION", {12, 2}},
};

constexpr RegisterInfo kNvFullRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kNvFullFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kNvFullFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kNvFullFields + 4, 1},
    {"D_MISC_CFG", 0x00C, 0x00001000, 0x00003001, 0x00003001, Access::RW, true, kNvFullFields + 5, 2},
};

constexpr UnitInfo kNvFullUnit{"CMAC_A", kNvFullRegisters, 4};

}  // namespace

const UnitInfo& unit_info(Config config) {
  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;
}

}  // namespace acosim::nvdla::regs::cmac_a

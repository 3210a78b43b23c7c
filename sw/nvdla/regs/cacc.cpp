// generated from descriptions/cacc.json by tools/nvdla_regs - do not edit
#include "sw/nvdla/regs/cacc.h"

namespace acosim::nvdla::regs::cacc {

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
    {"DATAOUT_WIDTH", {0, 13}},
    {"DATAOUT_HEIGHT", {16, 13}},
    {"DATAOUT_CHANNEL", {0, 13}},
    {"DATAOUT_ADDR", {0, 32}},
    {"BATCHES", {0, 5}},
    {"LINE_STRIDE", {0, 24}},
    {"SURF_STRIDE", {0, 24}},
    {"LINE_PACKED", {0, 1}},
    {"SURF_PACKED", {16, 1}},
    {"CLIP_TRUNCATE", {0, 5}},
    {"SAT_COUNT", {0, 32}},
    {"CYA", {0, 32}},
};

constexpr RegisterInfo kMasterRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kMasterFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kMasterFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kMasterFields + 4, 1},
    {"D_MISC_CFG", 0x00C, 0x00001000, 0x00003001, 0x00003001, Access::RW, true, kMasterFields + 5, 2},
    {"D_DATAOUT_SIZE_0", 0x010, 0x00000000, 0x1FFF1FFF, 0x1FFF1FFF, Access::RW, true, kMasterFields + 7, 2},
    {"D_DATAOUT_SIZE_1", 0x014, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kMasterFields + 9, 1},
    {"D_DATAOUT_ADDR", 0x018, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 10, 1},
    {"D_BATCH_NUMBER", 0x01C, 0x00000000, 0x0000001F, 0x0000001F, Access::RW, true, kMasterFields + 11, 1},
    {"D_LINE_STRIDE", 0x020, 0x00000000, 0x00FFFFFF, 0x00FFFFFF, Access::RW, true, kMasterFields + 12, 1},
    {"D_SURF_STRIDE", 0x024, 0x00000000, 0x00FFFFFF, 0x00FFFFFF, Access::RW, true, kMasterFields + 13, 1},
    {"D_DATAOUT_MAP", 0x028, 0x00000000, 0x00010001, 0x00010001, Access::RW, true, kMasterFields + 14, 2},
    {"D_CLIP_CFG", 0x02C, 0x00000000, 0x0000001F, 0x0000001F, Access::RW, true, kMasterFields + 16, 1},
    {"D_OUT_SATURATION", 0x030, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kMasterFields + 17, 1},
    {"D_CYA", 0x034, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 18, 1},
};

constexpr UnitInfo kMasterUnit{"CACC", kMasterRegisters, 14};

// nvdlav1 map (nv_full)
constexpr FieldInfo kNvFullFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"CONV_MODE", {0, 1}},
    {"PROC_PRECISION", {12, 2}},
    {"DATAOUT_WIDTH", {0, 13}},
    {"DATAOUT_HEIGHT", {16, 13}},
    {"DATAOUT_CHANNEL", {0, 13}},
    {"DATAOUT_ADDR", {5, 27}},
    {"BATCHES", {0, 5}},
    {"LINE_STRIDE", {5, 19}},
    {"SURF_STRIDE", {5, 19}},
    {"LINE_PACKED", {0, 1}},
    {"SURF_PACKED", {16, 1}},
    {"CLIP_TRUNCATE", {0, 5}},
    {"SAT_COUNT", {0, 32}},
    {"CYA", {0, 32}},
};

constexpr RegisterInfo kNvFullRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kNvFullFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kNvFullFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kNvFullFields + 4, 1},
    {"D_MISC_CFG", 0x00C, 0x00001000, 0x00003001, 0x00003001, Access::RW, true, kNvFullFields + 5, 2},
    {"D_DATAOUT_SIZE_0", 0x010, 0x00000000, 0x1FFF1FFF, 0x1FFF1FFF, Access::RW, true, kNvFullFields + 7, 2},
    {"D_DATAOUT_SIZE_1", 0x014, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kNvFullFields + 9, 1},
    {"D_DATAOUT_ADDR", 0x018, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 10, 1},
    {"D_BATCH_NUMBER", 0x01C, 0x00000000, 0x0000001F, 0x0000001F, Access::RW, true, kNvFullFields + 11, 1},
    {"D_LINE_STRIDE", 0x020, 0x00000000, 0x00FFFFE0, 0x00FFFFE0, Access::RW, true, kNvFullFields + 12, 1},
    {"D_SURF_STRIDE", 0x024, 0x00000000, 0x00FFFFE0, 0x00FFFFE0, Access::RW, true, kNvFullFields + 13, 1},
    {"D_DATAOUT_MAP", 0x028, 0x00000000, 0x00010001, 0x00010001, Access::RW, true, kNvFullFields + 14, 2},
    {"D_CLIP_CFG", 0x02C, 0x00000000, 0x0000001F, 0x0000001F, Access::RW, true, kNvFullFields + 16, 1},
    {"D_OUT_SATURATION", 0x030, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kNvFullFields + 17, 1},
    {"D_CYA", 0x034, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kNvFullFields + 18, 1},
};

constexpr UnitInfo kNvFullUnit{"CACC", kNvFullRegisters, 14};

}  // namespace

const UnitInfo& unit_info(Config config) {
  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;
}

}  // namespace acosim::nvdla::regs::cacc

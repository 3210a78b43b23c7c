// generated from descriptions/rubik.json by tools/nvdla_regs - do not edit
#include "sw/nvdla/regs/rubik.h"

namespace acosim::nvdla::regs::rubik {

namespace {

// master map (nv_small, nv_large)
constexpr FieldInfo kMasterFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"RUBIK_MODE", {0, 2}},
    {"IN_PRECISION", {8, 2}},
    {"DATAIN_RAM_TYPE", {0, 1}},
    {"DATAIN_WIDTH", {0, 13}},
    {"DATAIN_HEIGHT", {16, 13}},
    {"DATAIN_CHANNEL", {0, 13}},
    {"DAIN_ADDR_HIGH", {0, 32}},
    {"DAIN_ADDR_LOW", {0, 32}},
    {"DAIN_LINE_STRIDE", {0, 32}},
    {"DAIN_SURF_STRIDE", {0, 32}},
    {"DAIN_PLANAR_STRIDE", {0, 32}},
    {"DATAOUT_RAM_TYPE", {0, 1}},
    {"DATAOUT_CHANNEL", {0, 13}},
    {"DAOUT_ADDR_HIGH", {0, 32}},
    {"DAOUT_ADDR_LOW", {0, 32}},
    {"DAOUT_LINE_STRIDE", {0, 32}},
    {"CONTRACT_STRIDE_0", {0, 32}},
    {"CONTRACT_STRIDE_1", {0, 32}},
    {"DAOUT_SURF_STRIDE", {0, 32}},
    {"DAOUT_PLANAR_STRIDE", {0, 32}},
    {"DECONV_X_STRIDE", {0, 5}},
    {"DECONV_Y_STRIDE", {16, 5}},
    {"PERF_EN", {0, 1}},
    {"RD_STALL_CNT", {0, 32}},
    {"WR_STALL_CNT", {0, 32}},
};

constexpr RegisterInfo kMasterRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kMasterFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kMasterFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kMasterFields + 4, 1},
    {"D_MISC_CFG", 0x00C, 0x00000100, 0x00000303, 0x00000303, Access::RW, true, kMasterFields + 5, 2},
    {"D_DAIN_RAM_TYPE", 0x010, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kMasterFields + 7, 1},
    {"D_DATAIN_SIZE_0", 0x014, 0x00000000, 0x1FFF1FFF, 0x1FFF1FFF, Access::RW, true, kMasterFields + 8, 2},
    {"D_DATAIN_SIZE_1", 0x018, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kMasterFields + 10, 1},
    {"D_DAIN_ADDR_HIGH", 0x01C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 11, 1},
    {"D_DAIN_ADDR_LOW", 0x020, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 12, 1},
    {"D_DAIN_LINE_STRIDE", 0x024, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 13, 1},
    {"D_DAIN_SURF_STRIDE", 0x028, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 14, 1},
    {"D_DAIN_PLANAR_STRIDE", 0x02C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 15, 1},
    {"D_DAOUT_RAM_TYPE", 0x030, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kMasterFields + 16, 1},
    {"D_DATAOUT_SIZE_1", 0x034, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kMasterFields + 17, 1},
    {"D_DAOUT_ADDR_HIGH", 0x038, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 18, 1},
    {"D_DAOUT_ADDR_LOW", 0x03C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 19, 1},
    {"D_DAOUT_LINE_STRIDE", 0x040, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 20, 1},
    {"D_CONTRACT_STRIDE_0", 0x044, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 21, 1},
    {"D_CONTRACT_STRIDE_1", 0x048, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 22, 1},
    {"D_DAOUT_SURF_STRIDE", 0x04C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 23, 1},
    {"D_DAOUT_PLANAR_STRIDE", 0x050, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 24, 1},
    {"D_DECONV_STRIDE", 0x054, 0x00000000, 0x001F001F, 0x001F001F, Access::RW, true, kMasterFields + 25, 2},
    {"D_PERF_ENABLE", 0x058, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kMasterFields + 27, 1},
    {"D_PERF_READ_STALL", 0x05C, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kMasterFields + 28, 1},
    {"D_PERF_WRITE_STALL", 0x060, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kMasterFields + 29, 1},
};

constexpr UnitInfo kMasterUnit{"RUBIK", kMasterRegisters, 25};

// nvdlav1 map (nv_full)
constexpr FieldInfo kNvFullFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"RUBIK_MODE", {0, 2}},
    {"IN_PRECISION", {8, 2}},
    {"DATAIN_RAM_TYPE", {0, 1}},
    {"DATAIN_WIDTH", {0, 13}},
    {"DATAIN_HEIGHT", {16, 13}},
    {"DATAIN_CHANNEL", {0, 13}},
    {"DAIN_ADDR_HIGH", {0, 32}},
    {"DAIN_ADDR_LOW", {5, 27}},
    {"DAIN_LINE_STRIDE", {5, 27}},
    {"DAIN_SURF_STRIDE", {5, 27}},
    {"DAIN_PLANAR_STRIDE", {5, 27}},
    {"DATAOUT_RAM_TYPE", {0, 1}},
    {"DATAOUT_CHANNEL", {0, 13}},
    {"DAOUT_ADDR_HIGH", {0, 32}},
    {"DAOUT_ADDR_LOW", {5, 27}},
    {"DAOUT_LINE_STRIDE", {5, 27}},
    {"CONTRACT_STRIDE_0", {5, 27}},
    {"CONTRACT_STRIDE_1", {5, 27}},
    {"DAOUT_SURF_STRIDE", {5, 27}},
    {"DAOUT_PLANAR_STRIDE", {5, 27}},
    {"DECONV_X_STRIDE", {0, 5}},
    {"DECONV_Y_STRIDE", {16, 5}},
    {"PERF_EN", {0, 1}},
    {"RD_STALL_CNT", {0, 32}},
    {"WR_STALL_CNT", {0, 32}},
};

constexpr RegisterInfo kNvFullRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kNvFullFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kNvFullFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kNvFullFields + 4, 1},
    {"D_MISC_CFG", 0x00C, 0x00000100, 0x00000303, 0x00000303, Access::RW, true, kNvFullFields + 5, 2},
    {"D_DAIN_RAM_TYPE", 0x010, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kNvFullFields + 7, 1},
    {"D_DATAIN_SIZE_0", 0x014, 0x00000000, 0x1FFF1FFF, 0x1FFF1FFF, Access::RW, true, kNvFullFields + 8, 2},
    {"D_DATAIN_SIZE_1", 0x018, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kNvFullFields + 10, 1},
    {"D_DAIN_ADDR_HIGH", 0x01C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kNvFullFields + 11, 1},
    {"D_DAIN_ADDR_LOW", 0x020, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 12, 1},
    {"D_DAIN_LINE_STRIDE", 0x024, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 13, 1},
    {"D_DAIN_SURF_STRIDE", 0x028, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 14, 1},
    {"D_DAIN_PLANAR_STRIDE", 0x02C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 15, 1},
    {"D_DAOUT_RAM_TYPE", 0x030, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kNvFullFields + 16, 1},
    {"D_DATAOUT_SIZE_1", 0x034, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kNvFullFields + 17, 1},
    {"D_DAOUT_ADDR_HIGH", 0x038, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kNvFullFields + 18, 1},
    {"D_DAOUT_ADDR_LOW", 0x03C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 19, 1},
    {"D_DAOUT_LINE_STRIDE", 0x040, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 20, 1},
    {"D_CONTRACT_STRIDE_0", 0x044, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 21, 1},
    {"D_CONTRACT_STRIDE_1", 0x048, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 22, 1},
    {"D_DAOUT_SURF_STRIDE", 0x04C, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 23, 1},
    {"D_DAOUT_PLANAR_STRIDE", 0x050, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 24, 1},
    {"D_DECONV_STRIDE", 0x054, 0x00000000, 0x001F001F, 0x001F001F, Access::RW, true, kNvFullFields + 25, 2},
    {"D_PERF_ENABLE", 0x058, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kNvFullFields + 27, 1},
    {"D_PERF_READ_STALL", 0x05C, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kNvFullFields + 28, 1},
    {"D_PERF_WRITE_STALL", 0x060, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kNvFullFields + 29, 1},
};

constexpr UnitInfo kNvFullUnit{"RUBIK", kNvFullRegisters, 25};

}  // namespace

const UnitInfo& unit_info(Config config) {
  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;
}

}  // namespace acosim::nvdla::regs::rubik

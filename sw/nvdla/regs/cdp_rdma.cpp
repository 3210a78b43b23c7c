// generated from descriptions/cdp_rdma.json by tools/nvdla_regs - do not edit
#include "sw/nvdla/regs/cdp_rdma.h"

namespace acosim::nvdla::regs::cdp_rdma {

namespace {

// master map (nv_small, nv_large)
constexpr FieldInfo kMasterFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"WIDTH", {0, 13}},
    {"HEIGHT", {0, 13}},
    {"CHANNEL", {0, 13}},
    {"SRC_BASE_ADDR_LOW", {0, 32}},
    {"SRC_BASE_ADDR_HIGH", {0, 32}},
    {"SRC_LINE_STRIDE", {0, 32}},
    {"SRC_SURFACE_STRIDE", {0, 32}},
    {"SRC_RAM_TYPE", {0, 1}},
    {"SRC_COMPRESSION_EN", {0, 1}},
    {"OPERATION_MODE", {0, 2}},
    {"INPUT_DATA", {0, 2}},
    {"DMA_EN", {0, 1}},
    {"PERF_READ_STALL", {0, 32}},
    {"CYA", {0, 32}},
};

constexpr RegisterInfo kMasterRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kMasterFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kMasterFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kMasterFields + 4, 1},
    {"D_DATA_CUBE_WIDTH", 0x00C, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kMasterFields + 5, 1},
    {"D_DATA_CUBE_HEIGHT", 0x010, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kMasterFields + 6, 1},
    {"D_DATA_CUBE_CHANNEL", 0x014, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kMasterFields + 7, 1},
    {"D_SRC_BASE_ADDR_LOW", 0x018, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 8, 1},
    {"D_SRC_BASE_ADDR_HIGH", 0x01C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 9, 1},
    {"D_SRC_LINE_STRIDE", 0x020, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 10, 1},
    {"D_SRC_SURFACE_STRIDE", 0x024, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 11, 1},
    {"D_SRC_DMA_CFG", 0x028, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kMasterFields + 12, 1},
    {"D_SRC_COMPRESSION_EN", 0x02C, 0x00000000, 0x00000001, 0x00000000, Access::RO, true, kMasterFields + 13, 1},
    {"D_OPERATION_MODE", 0x030, 0x00000000, 0x00000003, 0x00000000, Access::RO, true, kMasterFields + 14, 1},
    {"D_DATA_FORMAT", 0x034, 0x00000000, 0x00000003, 0x00000003, Access::RW, true, kMasterFields + 15, 1},
    {"D_PERF_ENABLE", 0x038, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kMasterFields + 16, 1},
    {"D_PERF_READ_STALL", 0x03C, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kMasterFields + 17, 1},
    {"D_CYA", 0x040, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kMasterFields + 18, 1},
};

constexpr UnitInfo kMasterUnit{"CDP_RDMA", kMasterRegisters, 17};

// nvdlav1 map (nv_full)
constexpr FieldInfo kNvFullFields[] = {
    {"STATUS_0", {0, 2}},
    {"STATUS_1", {16, 2}},
    {"PRODUCER", {0, 1}},
    {"CONSUMER", {16, 1}},
    {"OP_EN", {0, 1}},
    {"WIDTH", {0, 13}},
    {"HEIGHT", {0, 13}},
    {"CHANNEL", {0, 13}},
    {"SRC_BASE_ADDR_LOW", {5, 27}},
    {"SRC_BASE_ADDR_HIGH", {0, 32}},
    {"SRC_LINE_STRIDE", {5, 27}},
    {"SRC_SURFACE_STRIDE", {5, 27}},
    {"SRC_RAM_TYPE", {0, 1}},
    {"SRC_COMPRESSION_EN", {0, 1}},
    {"OPERATION_MODE", {0, 2}},
    {"INPUT_DATA", {0, 2}},
    {"DMA_EN", {0, 1}},
    {"PERF_READ_STALL", {0, 32}},
    {"CYA", {0, 32}},
};

constexpr RegisterInfo kNvFullRegisters[] = {
    {"S_STATUS", 0x000, 0x00000000, 0x00030003, 0x00000000, Access::RO, false, kNvFullFields + 0, 2},
    {"S_POINTER", 0x004, 0x00000000, 0x00010001, 0x00000001, Access::RW, false, kNvFullFields + 2, 2},
    {"D_OP_ENABLE", 0x008, 0x00000000, 0x00000001, 0x00000001, Access::SetOnly, true, kNvFullFields + 4, 1},
    {"D_DATA_CUBE_WIDTH", 0x00C, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kNvFullFields + 5, 1},
    {"D_DATA_CUBE_HEIGHT", 0x010, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kNvFullFields + 6, 1},
    {"D_DATA_CUBE_CHANNEL", 0x014, 0x00000000, 0x00001FFF, 0x00001FFF, Access::RW, true, kNvFullFields + 7, 1},
    {"D_SRC_BASE_ADDR_LOW", 0x018, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 8, 1},
    {"D_SRC_BASE_ADDR_HIGH", 0x01C, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kNvFullFields + 9, 1},
    {"D_SRC_LINE_STRIDE", 0x020, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 10, 1},
    {"D_SRC_SURFACE_STRIDE", 0x024, 0x00000000, 0xFFFFFFE0, 0xFFFFFFE0, Access::RW, true, kNvFullFields + 11, 1},
    {"D_SRC_DMA_CFG", 0x028, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kNvFullFields + 12, 1},
    {"D_SRC_COMPRESSION_EN", 0x02C, 0x00000000, 0x00000001, 0x00000000, Access::RO, true, kNvFullFields + 13, 1},
    {"D_OPERATION_MODE", 0x030, 0x00000000, 0x00000003, 0x00000000, Access::RO, true, kNvFullFields + 14, 1},
    {"D_DATA_FORMAT", 0x034, 0x00000000, 0x00000003, 0x00000003, Access::RW, true, kNvFullFields + 15, 1},
    {"D_PERF_ENABLE", 0x038, 0x00000000, 0x00000001, 0x00000001, Access::RW, true, kNvFullFields + 16, 1},
    {"D_PERF_READ_STALL", 0x03C, 0x00000000, 0xFFFFFFFF, 0x00000000, Access::RO, true, kNvFullFields + 17, 1},
    {"D_CYA", 0x040, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFF, Access::RW, true, kNvFullFields + 18, 1},
};

constexpr UnitInfo kNvFullUnit{"CDP_RDMA", kNvFullRegisters, 17};

}  // namespace

const UnitInfo& unit_info(Config config) {
  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;
}

}  // namespace acosim::nvdla::regs::cdp_rdma

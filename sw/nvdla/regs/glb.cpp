// generated from descriptions/glb.json by tools/nvdla_regs - do not edit
#include "sw/nvdla/regs/glb.h"

namespace acosim::nvdla::regs::glb {

namespace {

// master map (nv_small, nv_large)
constexpr FieldInfo kMasterFields[] = {
    {"MAJOR", {0, 8}},
    {"MINOR", {8, 16}},
    {"SDP_DONE_MASK0", {0, 1}},
    {"SDP_DONE_MASK1", {1, 1}},
    {"CDP_DONE_MASK0", {2, 1}},
    {"CDP_DONE_MASK1", {3, 1}},
    {"PDP_DONE_MASK0", {4, 1}},
    {"PDP_DONE_MASK1", {5, 1}},
    {"BDMA_DONE_MASK0", {6, 1}},
    {"BDMA_DONE_MASK1", {7, 1}},
    {"RUBIK_DONE_MASK0", {8, 1}},
    {"RUBIK_DONE_MASK1", {9, 1}},
    {"CDMA_DAT_DONE_MASK0", {16, 1}},
    {"CDMA_DAT_DONE_MASK1", {17, 1}},
    {"CDMA_WT_DONE_MASK0", {18, 1}},
    {"CDMA_WT_DONE_MASK1", {19, 1}},
    {"CACC_DONE_MASK0", {20, 1}},
    {"CACC_DONE_MASK1", {21, 1}},
    {"SDP_DONE_SET0", {0, 1}},
    {"SDP_DONE_SET1", {1, 1}},
    {"CDP_DONE_SET0", {2, 1}},
    {"CDP_DONE_SET1", {3, 1}},
    {"PDP_DONE_SET0", {4, 1}},
    {"PDP_DONE_SET1", {5, 1}},
    {"BDMA_DONE_SET0", {6, 1}},
    {"BDMA_DONE_SET1", {7, 1}},
    {"RUBIK_DONE_SET0", {8, 1}},
    {"RUBIK_DONE_SET1", {9, 1}},
    {"CDMA_DAT_DONE_SET0", {16, 1}},
    {"CDMA_DAT_DONE_SET1", {17, 1}},
    {"CDMA_WT_DONE_SET0", {18, 1}},
    {"CDMA_WT_DONE_SET1", {19, 1}},
    {"CACC_DONE_SET0", {20, 1}},
    {"CACC_DONE_SET1", {21, 1}},
    {"SDP_DONE_STATUS0", {0, 1}},
    {"SDP_DONE_STATUS1", {1, 1}},
    {"CDP_DONE_STATUS0", {2, 1}},
    {"CDP_DONE_STATUS1", {3, 1}},
    {"PDP_DONE_STATUS0", {4, 1}},
    {"PDP_DONE_STATUS1", {5, 1}},
    {"BDMA_DONE_STATUS0", {6, 1}},
    {"BDMA_DONE_STATUS1", {7, 1}},
    {"RUBIK_DONE_STATUS0", {8, 1}},
    {"RUBIK_DONE_STATUS1", {9, 1}},
    {"CDMA_DAT_DONE_STATUS0", {16, 1}},
    {"CDMA_DAT_DONE_STATUS1", {17, 1}},
    {"CDMA_WT_DONE_STATUS0", {18, 1}},
    {"CDMA_WT_DONE_STATUS1", {19, 1}},
    {"CACC_DONE_STATUS0", {20, 1}},
    {"CACC_DONE_STATUS1", {21, 1}},
};

constexpr RegisterInfo kMasterRegisters[] = {
    {"S_NVDLA_HW_VERSION", 0x000, 0x00303031, 0x00FFFFFF, 0x00000000, Access::RO, false, kMasterFields + 0, 2},
    {"S_INTR_MASK", 0x004, 0x00000000, 0x003F03FF, 0x003F03FF, Access::RW, false, kMasterFields + 2, 16},
    {"S_INTR_SET", 0x008, 0x00000000, 0x003F03FF, 0x00000000, Access::W1S, false, kMasterFields + 18, 16},
    {"S_INTR_STATUS", 0x00C, 0x00000000, 0x003F03FF, 0x003F03FF, Access::W1C, false, kMasterFields + 34, 16},
};

constexpr UnitInfo kMasterUnit{"GLB", kMasterRegisters, 4};

// nvdlav1 map (nv_full)
constexpr FieldInfo kNvFullFields[] = {
    {"MAJOR", {0, 8}},
    {"MINOR", {8, 16}},
    {"SDP_DONE_MASK0", {0, 1}},
    {"SDP_DONE_MASK1", {1, 1}},
    {"CDP_DONE_MASK0", {2, 1}},
    {"CDP_DONE_MASK1", {3, 1}},
    {"PDP_DONE_MASK0", {4, 1}},
    {"PDP_DONE_MASK1", {5, 1}},
    {"BDMA_DONE_MASK0", {6, 1}},
    {"BDMA_DONE_MASK1", {7, 1}},
    {"RUBIK_DONE_MASK0", {8, 1}},
    {"RUBIK_DONE_MASK1", {9, 1}},
    {"CDMA_DAT_DONE_MASK0", {16, 1}},
    {"CDMA_DAT_DONE_MASK1", {17, 1}},
    {"CDMA_WT_DONE_MASK0", {18, 1}},
    {"CDMA_WT_DONE_MASK1", {19, 1}},
    {"CACC_DONE_MASK0", {20, 1}},
    {"CACC_DONE_MASK1", {21, 1}},
    {"SDP_DONE_SET0", {0, 1}},
    {"SDP_DONE_SET1", {1, 1}},
    {"CDP_DONE_SET0", {2, 1}},
    {"CDP_DONE_SET1", {3, 1}},
    {"PDP_DONE_SET0", {4, 1}},
    {"PDP_DONE_SET1", {5, 1}},
    {"BDMA_DONE_SET0", {6, 1}},
    {"BDMA_DONE_SET1", {7, 1}},
    {"RUBIK_DONE_SET0", {8, 1}},
    {"RUBIK_DONE_SET1", {9, 1}},
    {"CDMA_DAT_DONE_SET0", {16, 1}},
    {"CDMA_DAT_DONE_SET1", {17, 1}},
    {"CDMA_WT_DONE_SET0", {18, 1}},
    {"CDMA_WT_DONE_SET1", {19, 1}},
    {"CACC_DONE_SET0", {20, 1}},
    {"CACC_DONE_SET1", {21, 1}},
    {"SDP_DONE_STATUS0", {0, 1}},
    {"SDP_DONE_STATUS1", {1, 1}},
    {"CDP_DONE_STATUS0", {2, 1}},
    {"CDP_DONE_STATUS1", {3, 1}},
    {"PDP_DONE_STATUS0", {4, 1}},
    {"PDP_DONE_STATUS1", {5, 1}},
    {"BDMA_DONE_STATUS0", {6, 1}},
    {"BDMA_DONE_STATUS1", {7, 1}},
    {"RUBIK_DONE_STATUS0", {8, 1}},
    {"RUBIK_DONE_STATUS1", {9, 1}},
    {"CDMA_DAT_DONE_STATUS0", {16, 1}},
    {"CDMA_DAT_DONE_STATUS1", {17, 1}},
    {"CDMA_WT_DONE_STATUS0", {18, 1}},
    {"CDMA_WT_DONE_STATUS1", {19, 1}},
    {"CACC_DONE_STATUS0", {20, 1}},
    {"CACC_DONE_STATUS1", {21, 1}},
};

constexpr RegisterInfo kNvFullRegisters[] = {
    {"S_NVDLA_HW_VERSION", 0x000, 0x00303031, 0x00FFFFFF, 0x00000000, Access::RO, false, kNvFullFields + 0, 2},
    {"S_INTR_MASK", 0x004, 0x00000000, 0x003F03FF, 0x003F03FF, Access::RW, false, kNvFullFields + 2, 16},
    {"S_INTR_SET", 0x008, 0x00000000, 0x003F03FF, 0x00000000, Access::W1S, false, kNvFullFields + 18, 16},
    {"S_INTR_STATUS", 0x00C, 0x00000000, 0x003F03FF, 0x003F03FF, Access::W1C, false, kNvFullFields + 34, 16},
};

constexpr UnitInfo kNvFullUnit{"GLB", kNvFullRegisters, 4};

}  // namespace

const UnitInfo& unit_info(Config config) {
  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;
}

}  // namespace acosim::nvdla::regs::glb

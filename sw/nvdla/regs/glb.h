// generated from descriptions/glb.json by tools/nvdla_regs - do not edit
//
// GLB: Global interrupt controller: hardware version and the done-interrupt mask, set and status
// bits of every unit.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// The master and nv_full maps of this unit are identical.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::glb {

// S_NVDLA_HW_VERSION: RO, reset 0x00303031. Hardware version: MAJOR is ASCII '1', MINOR is ASCII
// "00".
inline constexpr uint32_t S_NVDLA_HW_VERSION = 0x000;
inline constexpr Field S_NVDLA_HW_VERSION_MAJOR{0, 8};
inline constexpr Field S_NVDLA_HW_VERSION_MINOR{8, 16};

// S_INTR_MASK: RW, reset 0x00000000. A set bit keeps that done source from driving the interrupt
// line (status still latches).
inline constexpr uint32_t S_INTR_MASK = 0x004;
inline constexpr Field S_INTR_MASK_SDP_DONE_MASK0{0, 1};
inline constexpr Field S_INTR_MASK_SDP_DONE_MASK1{1, 1};
inline constexpr Field S_INTR_MASK_CDP_DONE_MASK0{2, 1};
inline constexpr Field S_INTR_MASK_CDP_DONE_MASK1{3, 1};
inline constexpr Field S_INTR_MASK_PDP_DONE_MASK0{4, 1};
inline constexpr Field S_INTR_MASK_PDP_DONE_MASK1{5, 1};
inline constexpr Field S_INTR_MASK_BDMA_DONE_MASK0{6, 1};
inline constexpr Field S_INTR_MASK_BDMA_DONE_MASK1{7, 1};
inline constexpr Field S_INTR_MASK_RUBIK_DONE_MASK0{8, 1};
inline constexpr Field S_INTR_MASK_RUBIK_DONE_MASK1{9, 1};
inline constexpr Field S_INTR_MASK_CDMA_DAT_DONE_MASK0{16, 1};
inline constexpr Field S_INTR_MASK_CDMA_DAT_DONE_MASK1{17, 1};
inline constexpr Field S_INTR_MASK_CDMA_WT_DONE_MASK0{18, 1};
inline constexpr Field S_INTR_MASK_CDMA_WT_DONE_MASK1{19, 1};
inline constexpr Field S_INTR_MASK_CACC_DONE_MASK0{20, 1};
inline constexpr Field S_INTR_MASK_CACC_DONE_MASK1{21, 1};

// S_INTR_SET: W1S, reset 0x00000000. Writing 1 sets the matching S_INTR_STATUS bit; reads 0.
inline constexpr uint32_t S_INTR_SET = 0x008;
inline constexpr Field S_INTR_SET_SDP_DONE_SET0{0, 1};
inline constexpr Field S_INTR_SET_SDP_DONE_SET1{1, 1};
inline constexpr Field S_INTR_SET_CDP_DONE_SET0{2, 1};
inline constexpr Field S_INTR_SET_CDP_DONE_SET1{3, 1};
inline constexpr Field S_INTR_SET_PDP_DONE_SET0{4, 1};
inline constexpr Field S_INTR_SET_PDP_DONE_SET1{5, 1};
inline constexpr Field S_INTR_SET_BDMA_DONE_SET0{6, 1};
inline constexpr Field S_INTR_SET_BDMA_DONE_SET1{7, 1};
inline constexpr Field S_INTR_SET_RUBIK_DONE_SET0{8, 1};
inline constexpr Field S_INTR_SET_RUBIK_DONE_SET1{9, 1};
inline constexpr Field S_INTR_SET_CDMA_DAT_DONE_SET0{16, 1};
inline constexpr Field S_INTR_SET_CDMA_DAT_DONE_SET1{17, 1};
inline constexpr Field S_INTR_SET_CDMA_WT_DONE_SET0{18, 1};
inline constexpr Field S_INTR_SET_CDMA_WT_DONE_SET1{19, 1};
inline constexpr Field S_INTR_SET_CACC_DONE_SET0{20, 1};
inline constexpr Field S_INTR_SET_CACC_DONE_SET1{21, 1};

// S_INTR_STATUS: W1C, reset 0x00000000. Latched done events per unit and group; writing 1 clears a
// bit.
inline constexpr uint32_t S_INTR_STATUS = 0x00C;
inline constexpr Field S_INTR_STATUS_SDP_DONE_STATUS0{0, 1};
inline constexpr Field S_INTR_STATUS_SDP_DONE_STATUS1{1, 1};
inline constexpr Field S_INTR_STATUS_CDP_DONE_STATUS0{2, 1};
inline constexpr Field S_INTR_STATUS_CDP_DONE_STATUS1{3, 1};
inline constexpr Field S_INTR_STATUS_PDP_DONE_STATUS0{4, 1};
inline constexpr Field S_INTR_STATUS_PDP_DONE_STATUS1{5, 1};
inline constexpr Field S_INTR_STATUS_BDMA_DONE_STATUS0{6, 1};
inline constexpr Field S_INTR_STATUS_BDMA_DONE_STATUS1{7, 1};
inline constexpr Field S_INTR_STATUS_RUBIK_DONE_STATUS0{8, 1};
inline constexpr Field S_INTR_STATUS_RUBIK_DONE_STATUS1{9, 1};
inline constexpr Field S_INTR_STATUS_CDMA_DAT_DONE_STATUS0{16, 1};
inline constexpr Field S_INTR_STATUS_CDMA_DAT_DONE_STATUS1{17, 1};
inline constexpr Field S_INTR_STATUS_CDMA_WT_DONE_STATUS0{18, 1};
inline constexpr Field S_INTR_STATUS_CDMA_WT_DONE_STATUS1{19, 1};
inline constexpr Field S_INTR_STATUS_CACC_DONE_STATUS0{20, 1};
inline constexpr Field S_INTR_STATUS_CACC_DONE_STATUS1{21, 1};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::glb

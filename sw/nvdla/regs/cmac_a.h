// generated from descriptions/cmac_a.json by tools/nvdla_regs - do not edit
//
// CMAC_A: Convolution MAC array A: multiplies and sums the atomic operations the sequence
// controller sends; one of the two halves of the kernels.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// The master and nv_full maps of this unit are identical.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::cmac_a {

// S_STATUS: RO, reset 0x00000000. State of each register group: IDLE, RUNNING or PENDING.
inline constexpr uint32_t S_STATUS = 0x000;
inline constexpr Field S_STATUS_STATUS_0{0, 2};
inline constexpr uint32_t S_STATUS_STATUS_0_IDLE = 0;
inline constexpr uint32_t S_STATUS_STATUS_0_RUNNING = 1;
inline constexpr uint32_t S_STATUS_STATUS_0_PENDING = 2;
inline constexpr Field S_STATUS_STATUS_1{16, 2};
inline constexpr uint32_t S_STATUS_STATUS_1_IDLE = 0;
inline constexpr uint32_t S_STATUS_STATUS_1_RUNNING = 1;
inline constexpr uint32_t S_STATUS_STATUS_1_PENDING = 2;

// S_POINTER: RW, reset 0x00000000. PRODUCER selects the group software reads and writes; CONSUMER
// is the group the datapath uses.
inline constexpr uint32_t S_POINTER = 0x004;
inline constexpr Field S_POINTER_PRODUCER{0, 1};
inline constexpr uint32_t S_POINTER_PRODUCER_GROUP_0 = 0;
inline constexpr uint32_t S_POINTER_PRODUCER_GROUP_1 = 1;
inline constexpr Field S_POINTER_CONSUMER{16, 1};  // read-only
inline constexpr uint32_t S_POINTER_CONSUMER_GROUP_0 = 0;
inline constexpr uint32_t S_POINTER_CONSUMER_GROUP_1 = 1;

// D_OP_ENABLE: SetOnly, per group, reset 0x00000000. Software sets OP_EN to start the group;
// hardware clears it when the group's layer ends.
inline constexpr uint32_t D_OP_ENABLE = 0x008;
inline constexpr Field D_OP_ENABLE_OP_EN{0, 1};
inline constexpr uint32_t D_OP_ENABLE_OP_EN_DISABLE = 0;
inline constexpr uint32_t D_OP_ENABLE_OP_EN_ENABLE = 1;

// D_MISC_CFG: RW, per group, reset 0x00001000. Convolution mode and processing precision.
inline constexpr uint32_t D_MISC_CFG = 0x00C;
inline constexpr Field D_MISC_CFG_CONV_MODE{0, 1};
inline constexpr uint32_t D_MISC_CFG_CONV_MODE_DIRECT = 0;
inline constexpr uint32_t D_MISC_CFG_CONV_MODE_WINOGRAD = 1;
inline constexpr Field D_MISC_CFG_PROC_PRECISION{12, 2};
inline constexpr uint32_t D_MISC_CFG_PROC_PRECISION_INT8 = 0;
inline constexpr uint32_t D_MISC_CFG_PROC_PRECISION_INT16 = 1;
inline constexpr uint32_t D_MISC_CFG_PROC_PRECISION_FP16 = 2;

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::cmac_a

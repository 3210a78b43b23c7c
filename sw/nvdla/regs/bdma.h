// generated from descriptions/bdma.json by tools/nvdla_regs - do not edit
//
// BDMA: Bridge DMA (nv_full only): memory-to-memory copies of line/surface blocks queued into 20
// slots and launched as group 0 or 1.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// The master and nv_full maps of this unit are identical.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::bdma {

// CFG_SRC_ADDR_LOW: RW, reset 0x00000000. Source address bits 31:5.
inline constexpr uint32_t CFG_SRC_ADDR_LOW = 0x000;
inline constexpr Field CFG_SRC_ADDR_LOW_V32{5, 27};

// CFG_SRC_ADDR_HIGH: RW, reset 0x00000000. Source address bits 63:32.
inline constexpr uint32_t CFG_SRC_ADDR_HIGH = 0x004;
inline constexpr Field CFG_SRC_ADDR_HIGH_V8{0, 32};

// CFG_DST_ADDR_LOW: RW, reset 0x00000000. Destination address bits 31:5.
inline constexpr uint32_t CFG_DST_ADDR_LOW = 0x008;
inline constexpr Field CFG_DST_ADDR_LOW_V32{5, 27};

// CFG_DST_ADDR_HIGH: RW, reset 0x00000000. Destination address bits 63:32.
inline constexpr uint32_t CFG_DST_ADDR_HIGH = 0x00C;
inline constexpr Field CFG_DST_ADDR_HIGH_V8{0, 32};

// CFG_LINE: RW, reset 0x00000000. Line length in 32-byte units minus one.
inline constexpr uint32_t CFG_LINE = 0x010;
inline constexpr Field CFG_LINE_SIZE{0, 13};

// CFG_CMD: RW, reset 0x00000000. Memory interface of source and destination: CVSRAM (secondary) or
// MC (primary).
inline constexpr uint32_t CFG_CMD = 0x014;
inline constexpr Field CFG_CMD_SRC_RAM_TYPE{0, 1};
inline constexpr uint32_t CFG_CMD_SRC_RAM_TYPE_CVSRAM = 0;
inline constexpr uint32_t CFG_CMD_SRC_RAM_TYPE_MC = 1;
inline constexpr Field CFG_CMD_DST_RAM_TYPE{1, 1};
inline constexpr uint32_t CFG_CMD_DST_RAM_TYPE_CVSRAM = 0;
inline constexpr uint32_t CFG_CMD_DST_RAM_TYPE_MC = 1;

// CFG_LINE_REPEAT: RW, reset 0x00000000. Lines per surface minus one.
inline constexpr uint32_t CFG_LINE_REPEAT = 0x018;
inline constexpr Field CFG_LINE_REPEAT_NUMBER{0, 24};

// CFG_SRC_LINE: RW, reset 0x00000000. Source line stride in bytes (bits 31:5).
inline constexpr uint32_t CFG_SRC_LINE = 0x01C;
inline constexpr Field CFG_SRC_LINE_STRIDE{5, 27};

// CFG_DST_LINE: RW, reset 0x00000000. Destination line stride in bytes (bits 31:5).
inline constexpr uint32_t CFG_DST_LINE = 0x020;
inline constexpr Field CFG_DST_LINE_STRIDE{5, 27};

// CFG_SURF_REPEAT: RW, reset 0x00000000. Surfaces minus one.
inline constexpr uint32_t CFG_SURF_REPEAT = 0x024;
inline constexpr Field CFG_SURF_REPEAT_NUMBER{0, 24};

// CFG_SRC_SURF: RW, reset 0x00000000. Source surface stride in bytes (bits 31:5).
inline constexpr uint32_t CFG_SRC_SURF = 0x028;
inline constexpr Field CFG_SRC_SURF_STRIDE{5, 27};

// CFG_DST_SURF: RW, reset 0x00000000. Destination surface stride in bytes (bits 31:5).
inline constexpr uint32_t CFG_DST_SURF = 0x02C;
inline constexpr Field CFG_DST_SURF_STRIDE{5, 27};

// CFG_OP: Trigger, reset 0x00000000. Writing EN = 1 copies the CFG_* registers into the next free
// slot.
inline constexpr uint32_t CFG_OP = 0x030;
inline constexpr Field CFG_OP_EN{0, 1};
inline constexpr uint32_t CFG_OP_EN_DISABLE = 0;
inline constexpr uint32_t CFG_OP_EN_ENABLE = 1;

// CFG_LAUNCH0: Trigger, reset 0x00000000. Writing 1 launches the slots queued since the last launch
// as group 0.
inline constexpr uint32_t CFG_LAUNCH0 = 0x034;
inline constexpr Field CFG_LAUNCH0_GRP0_LAUNCH{0, 1};
inline constexpr uint32_t CFG_LAUNCH0_GRP0_LAUNCH_NO = 0;
inline constexpr uint32_t CFG_LAUNCH0_GRP0_LAUNCH_YES = 1;

// CFG_LAUNCH1: Trigger, reset 0x00000000. Writing 1 launches the slots queued since the last launch
// as group 1.
inline constexpr uint32_t CFG_LAUNCH1 = 0x038;
inline constexpr Field CFG_LAUNCH1_GRP1_LAUNCH{0, 1};
inline constexpr uint32_t CFG_LAUNCH1_GRP1_LAUNCH_NO = 0;
inline constexpr uint32_t CFG_LAUNCH1_GRP1_LAUNCH_YES = 1;

// CFG_STATUS: RW, reset 0x00000000. Enables the read and write stall counters.
inline constexpr uint32_t CFG_STATUS = 0x03C;
inline constexpr Field CFG_STATUS_STALL_COUNT_EN{0, 1};
inline constexpr uint32_t CFG_STATUS_STALL_COUNT_EN_NO = 0;
inline constexpr uint32_t CFG_STATUS_STALL_COUNT_EN_YES = 1;

// STATUS: RO, reset 0x00000114. Free slots, idle flag and busy flag of each group.
inline constexpr uint32_t STATUS = 0x040;
inline constexpr Field STATUS_FREE_SLOT{0, 8};
inline constexpr Field STATUS_IDLE{8, 1};
inline constexpr uint32_t STATUS_IDLE_NO = 0;
inline constexpr uint32_t STATUS_IDLE_YES = 1;
inline constexpr Field STATUS_GRP0_BUSY{9, 1};
inline constexpr uint32_t STATUS_GRP0_BUSY_NO = 0;
inline constexpr uint32_t STATUS_GRP0_BUSY_YES = 1;
inline constexpr Field STATUS_GRP1_BUSY{10, 1};
inline constexpr uint32_t STATUS_GRP1_BUSY_NO = 0;
inline constexpr uint32_t STATUS_GRP1_BUSY_YES = 1;

// STATUS_GRP0_READ_STALL: RO, reset 0x00000000. Read stall cycles of the last group 0 run.
inline constexpr uint32_t STATUS_GRP0_READ_STALL = 0x044;
inline constexpr Field STATUS_GRP0_READ_STALL_COUNT{0, 32};

// STATUS_GRP0_WRITE_STALL: RO, reset 0x00000000. Write stall cycles of the last group 0 run.
inline constexpr uint32_t STATUS_GRP0_WRITE_STALL = 0x048;
inline constexpr Field STATUS_GRP0_WRITE_STALL_COUNT{0, 32};

// STATUS_GRP1_READ_STALL: RO, reset 0x00000000. Read stall cycles of the last group 1 run.
inline constexpr uint32_t STATUS_GRP1_READ_STALL = 0x04C;
inline constexpr Field STATUS_GRP1_READ_STALL_COUNT{0, 32};

// STATUS_GRP1_WRITE_STALL: RO, reset 0x00000000. Write stall cycles of the last group 1 run.
inline constexpr uint32_t STATUS_GRP1_WRITE_STALL = 0x050;
inline constexpr Field STATUS_GRP1_WRITE_STALL_COUNT{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::bdma

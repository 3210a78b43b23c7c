// generated from descriptions/cacc.json by tools/nvdla_regs - do not edit
//
// CACC: Convolution accumulator: adds the MAC arrays' partial sums, rounds and clips them and
// passes the output cube to the SDP.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// Field constants carry the master map's positions. The fields marked "nv_full"
// below sit at the bits given there in that map (the bits they lose read 0).
// unit_info(config) carries the exact masks and resets of each map.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::cacc {

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

// D_DATAOUT_SIZE_0: RW, per group, reset 0x00000000. Output width and height, minus one each.
inline constexpr uint32_t D_DATAOUT_SIZE_0 = 0x010;
inline constexpr Field D_DATAOUT_SIZE_0_DATAOUT_WIDTH{0, 13};
inline constexpr Field D_DATAOUT_SIZE_0_DATAOUT_HEIGHT{16, 13};

// D_DATAOUT_SIZE_1: RW, per group, reset 0x00000000. Output channels minus one.
inline constexpr uint32_t D_DATAOUT_SIZE_1 = 0x014;
inline constexpr Field D_DATAOUT_SIZE_1_DATAOUT_CHANNEL{0, 13};

// D_DATAOUT_ADDR: RW, per group, reset 0x00000000. Output cube address.
inline constexpr uint32_t D_DATAOUT_ADDR = 0x018;
inline constexpr Field D_DATAOUT_ADDR_DATAOUT_ADDR{0, 32};  // nv_full: bits [31:5]

// D_BATCH_NUMBER: RW, per group, reset 0x00000000. Number of batches minus one.
inline constexpr uint32_t D_BATCH_NUMBER = 0x01C;
inline constexpr Field D_BATCH_NUMBER_BATCHES{0, 5};

// D_LINE_STRIDE: RW, per group, reset 0x00000000. Output line stride in bytes.
inline constexpr uint32_t D_LINE_STRIDE = 0x020;
inline constexpr Field D_LINE_STRIDE_LINE_STRIDE{0, 24};  // nv_full: bits [23:5]

// D_SURF_STRIDE: RW, per group, reset 0x00000000. Output surface stride in bytes.
inline constexpr uint32_t D_SURF_STRIDE = 0x024;
inline constexpr Field D_SURF_STRIDE_SURF_STRIDE{0, 24};  // nv_full: bits [23:5]

// D_DATAOUT_MAP: RW, per group, reset 0x00000000. Whether the output lines and the output surfaces
// are packed back to back.
inline constexpr uint32_t D_DATAOUT_MAP = 0x028;
inline constexpr Field D_DATAOUT_MAP_LINE_PACKED{0, 1};
inline constexpr uint32_t D_DATAOUT_MAP_LINE_PACKED_FALSE = 0;
inline constexpr uint32_t D_DATAOUT_MAP_LINE_PACKED_TRUE = 1;
inline constexpr Field D_DATAOUT_MAP_SURF_PACKED{16, 1};
inline constexpr uint32_t D_DATAOUT_MAP_SURF_PACKED_FALSE = 0;
inline constexpr uint32_t D_DATAOUT_MAP_SURF_PACKED_TRUE = 1;

// D_CLIP_CFG: RW, per group, reset 0x00000000. Bits truncated (right shift) from the accumulated
// sums before clipping to the output precision.
inline constexpr uint32_t D_CLIP_CFG = 0x02C;
inline constexpr Field D_CLIP_CFG_CLIP_TRUNCATE{0, 5};

// D_OUT_SATURATION: RO, per group, reset 0x00000000. Outputs saturated by the clip stage in the
// group's last layer.
inline constexpr uint32_t D_OUT_SATURATION = 0x030;
inline constexpr Field D_OUT_SATURATION_SAT_COUNT{0, 32};

// D_CYA: RW, per group, reset 0x00000000. Spare register without function.
inline constexpr uint32_t D_CYA = 0x034;
inline constexpr Field D_CYA_CYA{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::cacc

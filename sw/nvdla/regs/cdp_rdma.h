// generated from descriptions/cdp_rdma.json by tools/nvdla_regs - do not edit
//
// CDP_RDMA: Read DMA of the channel data processor: fetches the input cube of a local response
// normalization layer from memory.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// Field constants carry the master map's positions. nv_full keeps only bits
// [31:5] of the address and stride fields marked "nv_full" below (bits 4:0
// read 0 there).
// unit_info(config) carries the exact masks and resets of each map.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::cdp_rdma {

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

// D_DATA_CUBE_WIDTH: RW, per group, reset 0x00000000. Input cube width minus one.
inline constexpr uint32_t D_DATA_CUBE_WIDTH = 0x00C;
inline constexpr Field D_DATA_CUBE_WIDTH_WIDTH{0, 13};

// D_DATA_CUBE_HEIGHT: RW, per group, reset 0x00000000. Input cube height minus one.
inline constexpr uint32_t D_DATA_CUBE_HEIGHT = 0x010;
inline constexpr Field D_DATA_CUBE_HEIGHT_HEIGHT{0, 13};

// D_DATA_CUBE_CHANNEL: RW, per group, reset 0x00000000. Input cube channels minus one.
inline constexpr uint32_t D_DATA_CUBE_CHANNEL = 0x014;
inline constexpr Field D_DATA_CUBE_CHANNEL_CHANNEL{0, 13};

// D_SRC_BASE_ADDR_LOW: RW, per group, reset 0x00000000. Input cube base address, low word.
inline constexpr uint32_t D_SRC_BASE_ADDR_LOW = 0x018;
inline constexpr Field D_SRC_BASE_ADDR_LOW_SRC_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_SRC_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. Input cube base address, high word.
inline constexpr uint32_t D_SRC_BASE_ADDR_HIGH = 0x01C;
inline constexpr Field D_SRC_BASE_ADDR_HIGH_SRC_BASE_ADDR_HIGH{0, 32};

// D_SRC_LINE_STRIDE: RW, per group, reset 0x00000000. Input line stride in bytes.
inline constexpr uint32_t D_SRC_LINE_STRIDE = 0x020;
inline constexpr Field D_SRC_LINE_STRIDE_SRC_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_SRC_SURFACE_STRIDE: RW, per group, reset 0x00000000. Input surface stride in bytes.
inline constexpr uint32_t D_SRC_SURFACE_STRIDE = 0x024;
inline constexpr Field D_SRC_SURFACE_STRIDE_SRC_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_SRC_DMA_CFG: RW, per group, reset 0x00000000. Memory interface of the input cube: CV
// (secondary) or MC (primary).
inline constexpr uint32_t D_SRC_DMA_CFG = 0x028;
inline constexpr Field D_SRC_DMA_CFG_SRC_RAM_TYPE{0, 1};
inline constexpr uint32_t D_SRC_DMA_CFG_SRC_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_SRC_DMA_CFG_SRC_RAM_TYPE_MC = 1;

// D_SRC_COMPRESSION_EN: RO, per group, reset 0x00000000. Input compression flag; not implemented,
// the hardware ties it to 0 (DISABLE).
inline constexpr uint32_t D_SRC_COMPRESSION_EN = 0x02C;
inline constexpr Field D_SRC_COMPRESSION_EN_SRC_COMPRESSION_EN{0, 1};
inline constexpr uint32_t D_SRC_COMPRESSION_EN_SRC_COMPRESSION_EN_DISABLE = 0;
inline constexpr uint32_t D_SRC_COMPRESSION_EN_SRC_COMPRESSION_EN_ENABLE = 1;

// D_OPERATION_MODE: RO, per group, reset 0x00000000. Reserved operation mode; not implemented, the
// hardware ties it to 0.
inline constexpr uint32_t D_OPERATION_MODE = 0x030;
inline constexpr Field D_OPERATION_MODE_OPERATION_MODE{0, 2};
inline constexpr uint32_t D_OPERATION_MODE_OPERATION_MODE_READPHILE = 0;
inline constexpr uint32_t D_OPERATION_MODE_OPERATION_MODE_WRITEPHILE = 1;
inline constexpr uint32_t D_OPERATION_MODE_OPERATION_MODE_ORDINARY = 2;

// D_DATA_FORMAT: RW, per group, reset 0x00000000. Element type of the input cube.
inline constexpr uint32_t D_DATA_FORMAT = 0x034;
inline constexpr Field D_DATA_FORMAT_INPUT_DATA{0, 2};
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_INT8 = 0;
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_INT16 = 1;
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_FP16 = 2;

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the read stall counter.
inline constexpr uint32_t D_PERF_ENABLE = 0x038;
inline constexpr Field D_PERF_ENABLE_DMA_EN{0, 1};
inline constexpr uint32_t D_PERF_ENABLE_DMA_EN_DISABLE = 0;
inline constexpr uint32_t D_PERF_ENABLE_DMA_EN_ENABLE = 1;

// D_PERF_READ_STALL: RO, per group, reset 0x00000000. Read stall cycles of the group's last layer.
inline constexpr uint32_t D_PERF_READ_STALL = 0x03C;
inline constexpr Field D_PERF_READ_STALL_PERF_READ_STALL{0, 32};

// D_CYA: RW, per group, reset 0x00000000. Spare register without function.
inline constexpr uint32_t D_CYA = 0x040;
inline constexpr Field D_CYA_CYA{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::cdp_rdma

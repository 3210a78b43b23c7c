// generated from descriptions/rubik.json by tools/nvdla_regs - do not edit
//
// RUBIK: Reshapes a data cube in memory (contract for deconvolution, split into planes, merge
// planes into a cube) with its own read and write DMA; nv_full only.
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

namespace acosim::nvdla::regs::rubik {

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

// D_MISC_CFG: RW, per group, reset 0x00000100. Reshape mode (contract, split or merge) and element
// precision.
inline constexpr uint32_t D_MISC_CFG = 0x00C;
inline constexpr Field D_MISC_CFG_RUBIK_MODE{0, 2};
inline constexpr uint32_t D_MISC_CFG_RUBIK_MODE_CONTRACT = 0;
inline constexpr uint32_t D_MISC_CFG_RUBIK_MODE_SPLIT = 1;
inline constexpr uint32_t D_MISC_CFG_RUBIK_MODE_MERGE = 2;
inline constexpr Field D_MISC_CFG_IN_PRECISION{8, 2};
inline constexpr uint32_t D_MISC_CFG_IN_PRECISION_INT8 = 0;
inline constexpr uint32_t D_MISC_CFG_IN_PRECISION_INT16 = 1;
inline constexpr uint32_t D_MISC_CFG_IN_PRECISION_FP16 = 2;

// D_DAIN_RAM_TYPE: RW, per group, reset 0x00000000. Memory interface the input cube is read from.
inline constexpr uint32_t D_DAIN_RAM_TYPE = 0x010;
inline constexpr Field D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE{0, 1};
inline constexpr uint32_t D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_CVIF = 0;
inline constexpr uint32_t D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF = 1;

// D_DATAIN_SIZE_0: RW, per group, reset 0x00000000. Input cube width and height, minus one.
inline constexpr uint32_t D_DATAIN_SIZE_0 = 0x014;
inline constexpr Field D_DATAIN_SIZE_0_DATAIN_WIDTH{0, 13};
inline constexpr Field D_DATAIN_SIZE_0_DATAIN_HEIGHT{16, 13};

// D_DATAIN_SIZE_1: RW, per group, reset 0x00000000. Input cube channels, minus one.
inline constexpr uint32_t D_DATAIN_SIZE_1 = 0x018;
inline constexpr Field D_DATAIN_SIZE_1_DATAIN_CHANNEL{0, 13};

// D_DAIN_ADDR_HIGH: RW, per group, reset 0x00000000. Input cube base address, high word.
inline constexpr uint32_t D_DAIN_ADDR_HIGH = 0x01C;
inline constexpr Field D_DAIN_ADDR_HIGH_DAIN_ADDR_HIGH{0, 32};

// D_DAIN_ADDR_LOW: RW, per group, reset 0x00000000. Input cube base address, low word.
inline constexpr uint32_t D_DAIN_ADDR_LOW = 0x020;
inline constexpr Field D_DAIN_ADDR_LOW_DAIN_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_DAIN_LINE_STRIDE: RW, per group, reset 0x00000000. Input line stride in bytes.
inline constexpr uint32_t D_DAIN_LINE_STRIDE = 0x024;
inline constexpr Field D_DAIN_LINE_STRIDE_DAIN_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DAIN_SURF_STRIDE: RW, per group, reset 0x00000000. Input surface stride in bytes.
inline constexpr uint32_t D_DAIN_SURF_STRIDE = 0x028;
inline constexpr Field D_DAIN_SURF_STRIDE_DAIN_SURF_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DAIN_PLANAR_STRIDE: RW, per group, reset 0x00000000. Input plane stride in bytes (merge mode).
inline constexpr uint32_t D_DAIN_PLANAR_STRIDE = 0x02C;
inline constexpr Field D_DAIN_PLANAR_STRIDE_DAIN_PLANAR_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DAOUT_RAM_TYPE: RW, per group, reset 0x00000000. Memory interface the output cube is written
// to.
inline constexpr uint32_t D_DAOUT_RAM_TYPE = 0x030;
inline constexpr Field D_DAOUT_RAM_TYPE_DATAOUT_RAM_TYPE{0, 1};
inline constexpr uint32_t D_DAOUT_RAM_TYPE_DATAOUT_RAM_TYPE_CVIF = 0;
inline constexpr uint32_t D_DAOUT_RAM_TYPE_DATAOUT_RAM_TYPE_MCIF = 1;

// D_DATAOUT_SIZE_1: RW, per group, reset 0x00000000. Output cube channels, minus one (contract
// mode).
inline constexpr uint32_t D_DATAOUT_SIZE_1 = 0x034;
inline constexpr Field D_DATAOUT_SIZE_1_DATAOUT_CHANNEL{0, 13};

// D_DAOUT_ADDR_HIGH: RW, per group, reset 0x00000000. Output cube base address, high word.
inline constexpr uint32_t D_DAOUT_ADDR_HIGH = 0x038;
inline constexpr Field D_DAOUT_ADDR_HIGH_DAOUT_ADDR_HIGH{0, 32};

// D_DAOUT_ADDR_LOW: RW, per group, reset 0x00000000. Output cube base address, low word.
inline constexpr uint32_t D_DAOUT_ADDR_LOW = 0x03C;
inline constexpr Field D_DAOUT_ADDR_LOW_DAOUT_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_DAOUT_LINE_STRIDE: RW, per group, reset 0x00000000. Output line stride in bytes.
inline constexpr uint32_t D_DAOUT_LINE_STRIDE = 0x040;
inline constexpr Field D_DAOUT_LINE_STRIDE_DAOUT_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_CONTRACT_STRIDE_0: RW, per group, reset 0x00000000. Contract mode: input bytes between the
// sub-cubes of consecutive deconvolution phases.
inline constexpr uint32_t D_CONTRACT_STRIDE_0 = 0x044;
inline constexpr Field D_CONTRACT_STRIDE_0_CONTRACT_STRIDE_0{0, 32};  // nv_full: bits [31:5]

// D_CONTRACT_STRIDE_1: RW, per group, reset 0x00000000. Contract mode: output bytes between the
// output line blocks of consecutive input lines.
inline constexpr uint32_t D_CONTRACT_STRIDE_1 = 0x048;
inline constexpr Field D_CONTRACT_STRIDE_1_CONTRACT_STRIDE_1{0, 32};  // nv_full: bits [31:5]

// D_DAOUT_SURF_STRIDE: RW, per group, reset 0x00000000. Output surface stride in bytes.
inline constexpr uint32_t D_DAOUT_SURF_STRIDE = 0x04C;
inline constexpr Field D_DAOUT_SURF_STRIDE_DAOUT_SURF_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DAOUT_PLANAR_STRIDE: RW, per group, reset 0x00000000. Output plane stride in bytes (split
// mode).
inline constexpr uint32_t D_DAOUT_PLANAR_STRIDE = 0x050;
inline constexpr Field D_DAOUT_PLANAR_STRIDE_DAOUT_PLANAR_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DECONV_STRIDE: RW, per group, reset 0x00000000. Contract mode: deconvolution X and Y strides,
// minus one.
inline constexpr uint32_t D_DECONV_STRIDE = 0x054;
inline constexpr Field D_DECONV_STRIDE_DECONV_X_STRIDE{0, 5};
inline constexpr Field D_DECONV_STRIDE_DECONV_Y_STRIDE{16, 5};

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the read and write stall counters.
inline constexpr uint32_t D_PERF_ENABLE = 0x058;
inline constexpr Field D_PERF_ENABLE_PERF_EN{0, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_EN_DISABLE = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_EN_ENABLE = 1;

// D_PERF_READ_STALL: RO, per group, reset 0x00000000. Read stall cycles of the group's last layer.
inline constexpr uint32_t D_PERF_READ_STALL = 0x05C;
inline constexpr Field D_PERF_READ_STALL_RD_STALL_CNT{0, 32};

// D_PERF_WRITE_STALL: RO, per group, reset 0x00000000. Write stall cycles of the group's last
// layer.
inline constexpr uint32_t D_PERF_WRITE_STALL = 0x060;
inline constexpr Field D_PERF_WRITE_STALL_WR_STALL_CNT{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::rubik

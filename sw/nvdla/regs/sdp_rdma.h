// generated from descriptions/sdp_rdma.json by tools/nvdla_regs - do not edit
//
// SDP_RDMA: Read DMA of the single data point processor: the feature cube (MRDMA) and the BS, BN
// and EW operand streams.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// Field constants carry the master map's positions. nv_full keeps only bits
// [31:5] of the address and stride fields marked "nv_full" below (bits 4:0
// read 0 there).
// Reset values marked "nv_full" differ in that map.
// unit_info(config) carries the exact masks and resets of each map.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::sdp_rdma {

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

// D_DATA_CUBE_WIDTH: RW, per group, reset 0x00000000. Cube width minus one.
inline constexpr uint32_t D_DATA_CUBE_WIDTH = 0x00C;
inline constexpr Field D_DATA_CUBE_WIDTH_WIDTH{0, 13};

// D_DATA_CUBE_HEIGHT: RW, per group, reset 0x00000000. Cube height minus one.
inline constexpr uint32_t D_DATA_CUBE_HEIGHT = 0x010;
inline constexpr Field D_DATA_CUBE_HEIGHT_HEIGHT{0, 13};

// D_DATA_CUBE_CHANNEL: RW, per group, reset 0x00000000. Cube channels minus one.
inline constexpr uint32_t D_DATA_CUBE_CHANNEL = 0x014;
inline constexpr Field D_DATA_CUBE_CHANNEL_CHANNEL{0, 13};

// D_SRC_BASE_ADDR_LOW: RW, per group, reset 0x00000000. Feature cube base address, low word.
inline constexpr uint32_t D_SRC_BASE_ADDR_LOW = 0x018;
inline constexpr Field D_SRC_BASE_ADDR_LOW_SRC_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_SRC_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. Feature cube base address, high word.
inline constexpr uint32_t D_SRC_BASE_ADDR_HIGH = 0x01C;
inline constexpr Field D_SRC_BASE_ADDR_HIGH_SRC_BASE_ADDR_HIGH{0, 32};

// D_SRC_LINE_STRIDE: RW, per group, reset 0x00000000. Feature cube line stride in bytes.
inline constexpr uint32_t D_SRC_LINE_STRIDE = 0x020;
inline constexpr Field D_SRC_LINE_STRIDE_SRC_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_SRC_SURFACE_STRIDE: RW, per group, reset 0x00000000. Feature cube surface stride in bytes.
inline constexpr uint32_t D_SRC_SURFACE_STRIDE = 0x024;
inline constexpr Field D_SRC_SURFACE_STRIDE_SRC_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_BRDMA_CFG: RW, per group, reset 0x00000001 (nv_full 0x00000000). BS operand DMA: disable,
// operand use, size, per-kernel or per-element, memory interface.
inline constexpr uint32_t D_BRDMA_CFG = 0x028;
inline constexpr Field D_BRDMA_CFG_BRDMA_DISABLE{0, 1};
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DISABLE_NO = 0;
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DISABLE_YES = 1;
inline constexpr Field D_BRDMA_CFG_BRDMA_DATA_USE{1, 2};
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_USE_MUL = 0;
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_USE_ALU = 1;
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_USE_BOTH = 2;
inline constexpr Field D_BRDMA_CFG_BRDMA_DATA_SIZE{3, 1};
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_SIZE_ONE_BYTE = 0;
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_SIZE_TWO_BYTE = 1;
inline constexpr Field D_BRDMA_CFG_BRDMA_DATA_MODE{4, 1};
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_MODE_PER_KERNEL = 0;
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_DATA_MODE_PER_ELEMENT = 1;
inline constexpr Field D_BRDMA_CFG_BRDMA_RAM_TYPE{5, 1};
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_BRDMA_CFG_BRDMA_RAM_TYPE_MC = 1;

// D_BS_BASE_ADDR_LOW: RW, per group, reset 0x00000000. BS operand base address, low word.
inline constexpr uint32_t D_BS_BASE_ADDR_LOW = 0x02C;
inline constexpr Field D_BS_BASE_ADDR_LOW_BS_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_BS_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. BS operand base address, high word.
inline constexpr uint32_t D_BS_BASE_ADDR_HIGH = 0x030;
inline constexpr Field D_BS_BASE_ADDR_HIGH_BS_BASE_ADDR_HIGH{0, 32};

// D_BS_LINE_STRIDE: RW, per group, reset 0x00000000. BS operand line stride in bytes (per-element
// mode).
inline constexpr uint32_t D_BS_LINE_STRIDE = 0x034;
inline constexpr Field D_BS_LINE_STRIDE_BS_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_BS_SURFACE_STRIDE: RW, per group, reset 0x00000000. BS operand surface stride in bytes
// (per-element mode).
inline constexpr uint32_t D_BS_SURFACE_STRIDE = 0x038;
inline constexpr Field D_BS_SURFACE_STRIDE_BS_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_BS_BATCH_STRIDE: RW, per group, reset 0x00000000. BS operand batch stride in bytes.
inline constexpr uint32_t D_BS_BATCH_STRIDE = 0x03C;
inline constexpr Field D_BS_BATCH_STRIDE_BS_BATCH_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_NRDMA_CFG: RW, per group, reset 0x00000001 (nv_full 0x00000000). BN operand DMA: disable,
// operand use, size, per-kernel or per-element, memory interface.
inline constexpr uint32_t D_NRDMA_CFG = 0x040;
inline constexpr Field D_NRDMA_CFG_NRDMA_DISABLE{0, 1};
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DISABLE_NO = 0;
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DISABLE_YES = 1;
inline constexpr Field D_NRDMA_CFG_NRDMA_DATA_USE{1, 2};
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_USE_MUL = 0;
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_USE_ALU = 1;
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_USE_BOTH = 2;
inline constexpr Field D_NRDMA_CFG_NRDMA_DATA_SIZE{3, 1};
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_SIZE_ONE_BYTE = 0;
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_SIZE_TWO_BYTE = 1;
inline constexpr Field D_NRDMA_CFG_NRDMA_DATA_MODE{4, 1};
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_MODE_PER_KERNEL = 0;
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_DATA_MODE_PER_ELEMENT = 1;
inline constexpr Field D_NRDMA_CFG_NRDMA_RAM_TYPE{5, 1};
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_NRDMA_CFG_NRDMA_RAM_TYPE_MC = 1;

// D_BN_BASE_ADDR_LOW: RW, per group, reset 0x00000000. BN operand base address, low word.
inline constexpr uint32_t D_BN_BASE_ADDR_LOW = 0x044;
inline constexpr Field D_BN_BASE_ADDR_LOW_BN_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_BN_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. BN operand base address, high word.
inline constexpr uint32_t D_BN_BASE_ADDR_HIGH = 0x048;
inline constexpr Field D_BN_BASE_ADDR_HIGH_BN_BASE_ADDR_HIGH{0, 32};

// D_BN_LINE_STRIDE: RW, per group, reset 0x00000000. BN operand line stride in bytes (per-element
// mode).
inline constexpr uint32_t D_BN_LINE_STRIDE = 0x04C;
inline constexpr Field D_BN_LINE_STRIDE_BN_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_BN_SURFACE_STRIDE: RW, per group, reset 0x00000000. BN operand surface stride in bytes
// (per-element mode).
inline constexpr uint32_t D_BN_SURFACE_STRIDE = 0x050;
inline constexpr Field D_BN_SURFACE_STRIDE_BN_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_BN_BATCH_STRIDE: RW, per group, reset 0x00000000. BN operand batch stride in bytes.
inline constexpr uint32_t D_BN_BATCH_STRIDE = 0x054;
inline constexpr Field D_BN_BATCH_STRIDE_BN_BATCH_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_ERDMA_CFG: RW, per group, reset 0x00000001 (nv_full 0x00000000). EW operand DMA: disable,
// operand use, size, per-kernel or per-element, memory interface.
inline constexpr uint32_t D_ERDMA_CFG = 0x058;
inline constexpr Field D_ERDMA_CFG_ERDMA_DISABLE{0, 1};
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DISABLE_NO = 0;
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DISABLE_YES = 1;
inline constexpr Field D_ERDMA_CFG_ERDMA_DATA_USE{1, 2};
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_USE_MUL = 0;
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_USE_ALU = 1;
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_USE_BOTH = 2;
inline constexpr Field D_ERDMA_CFG_ERDMA_DATA_SIZE{3, 1};
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_SIZE_ONE_BYTE = 0;
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_SIZE_TWO_BYTE = 1;
inline constexpr Field D_ERDMA_CFG_ERDMA_DATA_MODE{4, 1};
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_MODE_PER_KERNEL = 0;
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_DATA_MODE_PER_ELEMENT = 1;
inline constexpr Field D_ERDMA_CFG_ERDMA_RAM_TYPE{5, 1};
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_ERDMA_CFG_ERDMA_RAM_TYPE_MC = 1;

// D_EW_BASE_ADDR_LOW: RW, per group, reset 0x00000000. EW operand base address, low word.
inline constexpr uint32_t D_EW_BASE_ADDR_LOW = 0x05C;
inline constexpr Field D_EW_BASE_ADDR_LOW_EW_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_EW_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. EW operand base address, high word.
inline constexpr uint32_t D_EW_BASE_ADDR_HIGH = 0x060;
inline constexpr Field D_EW_BASE_ADDR_HIGH_EW_BASE_ADDR_HIGH{0, 32};

// D_EW_LINE_STRIDE: RW, per group, reset 0x00000000. EW operand line stride in bytes (per-element
// mode).
inline constexpr uint32_t D_EW_LINE_STRIDE = 0x064;
inline constexpr Field D_EW_LINE_STRIDE_EW_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_EW_SURFACE_STRIDE: RW, per group, reset 0x00000000. EW operand surface stride in bytes
// (per-element mode).
inline constexpr uint32_t D_EW_SURFACE_STRIDE = 0x068;
inline constexpr Field D_EW_SURFACE_STRIDE_EW_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_EW_BATCH_STRIDE: RW, per group, reset 0x00000000. EW operand batch stride in bytes.
inline constexpr uint32_t D_EW_BATCH_STRIDE = 0x06C;
inline constexpr Field D_EW_BATCH_STRIDE_EW_BATCH_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_FEATURE_MODE_CFG: RW, per group, reset 0x00000014. Input from memory or CACC, Winograd,
// input/processing/output precision and batches minus one.
inline constexpr uint32_t D_FEATURE_MODE_CFG = 0x070;
inline constexpr Field D_FEATURE_MODE_CFG_FLYING_MODE{0, 1};
inline constexpr uint32_t D_FEATURE_MODE_CFG_FLYING_MODE_OFF = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_FLYING_MODE_ON = 1;
inline constexpr Field D_FEATURE_MODE_CFG_WINOGRAD{1, 1};
inline constexpr uint32_t D_FEATURE_MODE_CFG_WINOGRAD_OFF = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_WINOGRAD_ON = 1;
inline constexpr Field D_FEATURE_MODE_CFG_IN_PRECISION{2, 2};
inline constexpr uint32_t D_FEATURE_MODE_CFG_IN_PRECISION_INT8 = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_IN_PRECISION_INT16 = 1;
inline constexpr uint32_t D_FEATURE_MODE_CFG_IN_PRECISION_FP16 = 2;
inline constexpr Field D_FEATURE_MODE_CFG_PROC_PRECISION{4, 2};
inline constexpr uint32_t D_FEATURE_MODE_CFG_PROC_PRECISION_INT8 = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_PROC_PRECISION_INT16 = 1;
inline constexpr uint32_t D_FEATURE_MODE_CFG_PROC_PRECISION_FP16 = 2;
inline constexpr Field D_FEATURE_MODE_CFG_OUT_PRECISION{6, 2};
inline constexpr uint32_t D_FEATURE_MODE_CFG_OUT_PRECISION_INT8 = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_OUT_PRECISION_INT16 = 1;
inline constexpr uint32_t D_FEATURE_MODE_CFG_OUT_PRECISION_FP16 = 2;
inline constexpr Field D_FEATURE_MODE_CFG_BATCH_NUMBER{8, 5};

// D_SRC_DMA_CFG: RW, per group, reset 0x00000000. Memory interface of the feature cube: CV
// (secondary) or MC (primary).
inline constexpr uint32_t D_SRC_DMA_CFG = 0x074;
inline constexpr Field D_SRC_DMA_CFG_SRC_RAM_TYPE{0, 1};
inline constexpr uint32_t D_SRC_DMA_CFG_SRC_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_SRC_DMA_CFG_SRC_RAM_TYPE_MC = 1;

// D_STATUS_NAN_INPUT_NUM: RO, per group, reset 0x00000000. FP16 NaN inputs counted in the group's
// last layer.
inline constexpr uint32_t D_STATUS_NAN_INPUT_NUM = 0x078;
inline constexpr Field D_STATUS_NAN_INPUT_NUM_STATUS_NAN_INPUT_NUM{0, 32};

// D_STATUS_INF_INPUT_NUM: RO, per group, reset 0x00000000. FP16 infinite inputs counted in the
// group's last layer.
inline constexpr uint32_t D_STATUS_INF_INPUT_NUM = 0x07C;
inline constexpr Field D_STATUS_INF_INPUT_NUM_STATUS_INF_INPUT_NUM{0, 32};

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the stall counters and the NaN/Inf
// counters.
inline constexpr uint32_t D_PERF_ENABLE = 0x080;
inline constexpr Field D_PERF_ENABLE_PERF_DMA_EN{0, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_DMA_EN_NO = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_DMA_EN_YES = 1;
inline constexpr Field D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN{1, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN_NO = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN_YES = 1;

// D_PERF_MRDMA_READ_STALL: RO, per group, reset 0x00000000. Feature read stall cycles of the
// group's last layer.
inline constexpr uint32_t D_PERF_MRDMA_READ_STALL = 0x084;
inline constexpr Field D_PERF_MRDMA_READ_STALL_MRDMA_STALL{0, 32};

// D_PERF_BRDMA_READ_STALL: RO, per group, reset 0x00000000. BS operand read stall cycles of the
// group's last layer.
inline constexpr uint32_t D_PERF_BRDMA_READ_STALL = 0x088;
inline constexpr Field D_PERF_BRDMA_READ_STALL_BRDMA_STALL{0, 32};

// D_PERF_NRDMA_READ_STALL: RO, per group, reset 0x00000000. BN operand read stall cycles of the
// group's last layer.
inline constexpr uint32_t D_PERF_NRDMA_READ_STALL = 0x08C;
inline constexpr Field D_PERF_NRDMA_READ_STALL_NRDMA_STALL{0, 32};

// D_PERF_ERDMA_READ_STALL: RO, per group, reset 0x00000000. EW operand read stall cycles of the
// group's last layer.
inline constexpr uint32_t D_PERF_ERDMA_READ_STALL = 0x090;
inline constexpr Field D_PERF_ERDMA_READ_STALL_ERDMA_STALL{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::sdp_rdma

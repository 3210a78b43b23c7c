// generated from descriptions/pdp.json by tools/nvdla_regs - do not edit
//
// PDP: Planar data processor: max/min/average pooling of a feature cube, from SDP on the fly or
// from PDP_RDMA offline.
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

namespace acosim::nvdla::regs::pdp {

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

// D_DATA_CUBE_IN_WIDTH: RW, per group, reset 0x00000000. Input cube width minus one (whole cube,
// before splitting).
inline constexpr uint32_t D_DATA_CUBE_IN_WIDTH = 0x00C;
inline constexpr Field D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH{0, 13};

// D_DATA_CUBE_IN_HEIGHT: RW, per group, reset 0x00000000. Input cube height minus one.
inline constexpr uint32_t D_DATA_CUBE_IN_HEIGHT = 0x010;
inline constexpr Field D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT{0, 13};

// D_DATA_CUBE_IN_CHANNEL: RW, per group, reset 0x00000000. Input cube channels minus one.
inline constexpr uint32_t D_DATA_CUBE_IN_CHANNEL = 0x014;
inline constexpr Field D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL{0, 13};

// D_DATA_CUBE_OUT_WIDTH: RW, per group, reset 0x00000000. Output cube width minus one (whole cube).
inline constexpr uint32_t D_DATA_CUBE_OUT_WIDTH = 0x018;
inline constexpr Field D_DATA_CUBE_OUT_WIDTH_CUBE_OUT_WIDTH{0, 13};

// D_DATA_CUBE_OUT_HEIGHT: RW, per group, reset 0x00000000. Output cube height minus one.
inline constexpr uint32_t D_DATA_CUBE_OUT_HEIGHT = 0x01C;
inline constexpr Field D_DATA_CUBE_OUT_HEIGHT_CUBE_OUT_HEIGHT{0, 13};

// D_DATA_CUBE_OUT_CHANNEL: RW, per group, reset 0x00000000. Output cube channels minus one; equals
// the input channels.
inline constexpr uint32_t D_DATA_CUBE_OUT_CHANNEL = 0x020;
inline constexpr Field D_DATA_CUBE_OUT_CHANNEL_CUBE_OUT_CHANNEL{0, 13};

// D_OPERATION_MODE_CFG: RW, per group, reset 0x00000000. Pooling method, input source (SDP on the
// fly or PDP_RDMA offline) and width splits minus one.
inline constexpr uint32_t D_OPERATION_MODE_CFG = 0x024;
inline constexpr Field D_OPERATION_MODE_CFG_POOLING_METHOD{0, 2};
inline constexpr uint32_t D_OPERATION_MODE_CFG_POOLING_METHOD_AVERAGE = 0;
inline constexpr uint32_t D_OPERATION_MODE_CFG_POOLING_METHOD_MAX = 1;
inline constexpr uint32_t D_OPERATION_MODE_CFG_POOLING_METHOD_MIN = 2;
inline constexpr Field D_OPERATION_MODE_CFG_FLYING_MODE{4, 1};
inline constexpr uint32_t D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING = 0;
inline constexpr uint32_t D_OPERATION_MODE_CFG_FLYING_MODE_OFF_FLYING = 1;
inline constexpr Field D_OPERATION_MODE_CFG_SPLIT_NUM{8, 8};

// D_NAN_FLUSH_TO_ZERO: RW, per group, reset 0x00000000. Replaces FP16 NaN inputs by zero.
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO = 0x028;
inline constexpr Field D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO{0, 1};
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO_DISABLE = 0;
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO_ENABLE = 1;

// D_PARTIAL_WIDTH_IN: RW, per group, reset 0x00000000. Input widths minus one of the first, last
// and middle splits.
inline constexpr uint32_t D_PARTIAL_WIDTH_IN = 0x02C;
inline constexpr Field D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST{0, 10};
inline constexpr Field D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST{10, 10};
inline constexpr Field D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID{20, 10};

// D_PARTIAL_WIDTH_OUT: RW, per group, reset 0x00000000. Output widths minus one of the first, last
// and middle splits.
inline constexpr uint32_t D_PARTIAL_WIDTH_OUT = 0x030;
inline constexpr Field D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST{0, 10};
inline constexpr Field D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST{10, 10};
inline constexpr Field D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID{20, 10};

// D_POOLING_KERNEL_CFG: RW, per group, reset 0x00000000. Kernel width and height (1..8) and strides
// (1..16), minus one each.
inline constexpr uint32_t D_POOLING_KERNEL_CFG = 0x034;
inline constexpr Field D_POOLING_KERNEL_CFG_KERNEL_WIDTH{0, 4};
inline constexpr Field D_POOLING_KERNEL_CFG_KERNEL_HEIGHT{8, 4};
inline constexpr Field D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH{16, 4};
inline constexpr Field D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT{20, 4};

// D_RECIP_KERNEL_WIDTH: RW, per group, reset 0x00000000. Reciprocal of the kernel width for
// averaging (unsigned 1.16 for integers).
inline constexpr uint32_t D_RECIP_KERNEL_WIDTH = 0x038;
inline constexpr Field D_RECIP_KERNEL_WIDTH_RECIP_KERNEL_WIDTH{0, 17};

// D_RECIP_KERNEL_HEIGHT: RW, per group, reset 0x00000000. Reciprocal of the kernel height for
// averaging (unsigned 1.16 for integers).
inline constexpr uint32_t D_RECIP_KERNEL_HEIGHT = 0x03C;
inline constexpr Field D_RECIP_KERNEL_HEIGHT_RECIP_KERNEL_HEIGHT{0, 17};

// D_POOLING_PADDING_CFG: RW, per group, reset 0x00000000. Padding on each side of the input plane,
// 0..7.
inline constexpr uint32_t D_POOLING_PADDING_CFG = 0x040;
inline constexpr Field D_POOLING_PADDING_CFG_PAD_LEFT{0, 3};
inline constexpr Field D_POOLING_PADDING_CFG_PAD_TOP{4, 3};
inline constexpr Field D_POOLING_PADDING_CFG_PAD_RIGHT{8, 3};
inline constexpr Field D_POOLING_PADDING_CFG_PAD_BOTTOM{12, 3};

// D_POOLING_PADDING_VALUE_1_CFG: RW, per group, reset 0x00000000. Value of 1 padded element in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_1_CFG = 0x044;
inline constexpr Field D_POOLING_PADDING_VALUE_1_CFG_PAD_VALUE_1X{0, 19};

// D_POOLING_PADDING_VALUE_2_CFG: RW, per group, reset 0x00000000. Value of 2 padded elements in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_2_CFG = 0x048;
inline constexpr Field D_POOLING_PADDING_VALUE_2_CFG_PAD_VALUE_2X{0, 19};

// D_POOLING_PADDING_VALUE_3_CFG: RW, per group, reset 0x00000000. Value of 3 padded elements in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_3_CFG = 0x04C;
inline constexpr Field D_POOLING_PADDING_VALUE_3_CFG_PAD_VALUE_3X{0, 19};

// D_POOLING_PADDING_VALUE_4_CFG: RW, per group, reset 0x00000000. Value of 4 padded elements in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_4_CFG = 0x050;
inline constexpr Field D_POOLING_PADDING_VALUE_4_CFG_PAD_VALUE_4X{0, 19};

// D_POOLING_PADDING_VALUE_5_CFG: RW, per group, reset 0x00000000. Value of 5 padded elements in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_5_CFG = 0x054;
inline constexpr Field D_POOLING_PADDING_VALUE_5_CFG_PAD_VALUE_5X{0, 19};

// D_POOLING_PADDING_VALUE_6_CFG: RW, per group, reset 0x00000000. Value of 6 padded elements in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_6_CFG = 0x058;
inline constexpr Field D_POOLING_PADDING_VALUE_6_CFG_PAD_VALUE_6X{0, 19};

// D_POOLING_PADDING_VALUE_7_CFG: RW, per group, reset 0x00000000. Value of 7 padded elements in a
// kernel window (signed, used by AVERAGE).
inline constexpr uint32_t D_POOLING_PADDING_VALUE_7_CFG = 0x05C;
inline constexpr Field D_POOLING_PADDING_VALUE_7_CFG_PAD_VALUE_7X{0, 19};

// D_SRC_BASE_ADDR_LOW: RW, per group, reset 0x00000000. Input cube base address, low word (the
// datapath uses PDP_RDMA's copy).
inline constexpr uint32_t D_SRC_BASE_ADDR_LOW = 0x060;
inline constexpr Field D_SRC_BASE_ADDR_LOW_SRC_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_SRC_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. Input cube base address, high word (unused
// by the datapath).
inline constexpr uint32_t D_SRC_BASE_ADDR_HIGH = 0x064;
inline constexpr Field D_SRC_BASE_ADDR_HIGH_SRC_BASE_ADDR_HIGH{0, 32};

// D_SRC_LINE_STRIDE: RW, per group, reset 0x00000000. Input line stride in bytes.
inline constexpr uint32_t D_SRC_LINE_STRIDE = 0x068;
inline constexpr Field D_SRC_LINE_STRIDE_SRC_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_SRC_SURFACE_STRIDE: RW, per group, reset 0x00000000. Input surface stride in bytes.
inline constexpr uint32_t D_SRC_SURFACE_STRIDE = 0x06C;
inline constexpr Field D_SRC_SURFACE_STRIDE_SRC_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DST_BASE_ADDR_LOW: RW, per group, reset 0x00000000. Output cube base address, low word.
inline constexpr uint32_t D_DST_BASE_ADDR_LOW = 0x070;
inline constexpr Field D_DST_BASE_ADDR_LOW_DST_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_DST_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. Output cube base address, high word.
inline constexpr uint32_t D_DST_BASE_ADDR_HIGH = 0x074;
inline constexpr Field D_DST_BASE_ADDR_HIGH_DST_BASE_ADDR_HIGH{0, 32};

// D_DST_LINE_STRIDE: RW, per group, reset 0x00000000. Output line stride in bytes.
inline constexpr uint32_t D_DST_LINE_STRIDE = 0x078;
inline constexpr Field D_DST_LINE_STRIDE_DST_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DST_SURFACE_STRIDE: RW, per group, reset 0x00000000. Output surface stride in bytes.
inline constexpr uint32_t D_DST_SURFACE_STRIDE = 0x07C;
inline constexpr Field D_DST_SURFACE_STRIDE_DST_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DST_RAM_CFG: RW, per group, reset 0x00000000. Memory interface of the output cube: CV
// (secondary) or MC (primary).
inline constexpr uint32_t D_DST_RAM_CFG = 0x080;
inline constexpr Field D_DST_RAM_CFG_DST_RAM_TYPE{0, 1};
inline constexpr uint32_t D_DST_RAM_CFG_DST_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_DST_RAM_CFG_DST_RAM_TYPE_MC = 1;

// D_DATA_FORMAT: RW, per group, reset 0x00000000. Element type of input and output.
inline constexpr uint32_t D_DATA_FORMAT = 0x084;
inline constexpr Field D_DATA_FORMAT_INPUT_DATA{0, 2};
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_INT8 = 0;
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_INT16 = 1;
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_FP16 = 2;

// D_INF_INPUT_NUM: RO, per group, reset 0x00000000. FP16 infinite inputs counted in the group's
// last layer.
inline constexpr uint32_t D_INF_INPUT_NUM = 0x088;
inline constexpr Field D_INF_INPUT_NUM_INF_INPUT_NUM{0, 32};

// D_NAN_INPUT_NUM: RO, per group, reset 0x00000000. FP16 NaN inputs counted in the group's last
// layer.
inline constexpr uint32_t D_NAN_INPUT_NUM = 0x08C;
inline constexpr Field D_NAN_INPUT_NUM_NAN_INPUT_NUM{0, 32};

// D_NAN_OUTPUT_NUM: RO, per group, reset 0x00000000. FP16 NaN outputs counted in the group's last
// layer.
inline constexpr uint32_t D_NAN_OUTPUT_NUM = 0x090;
inline constexpr Field D_NAN_OUTPUT_NUM_NAN_OUTPUT_NUM{0, 32};

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the write stall counter.
inline constexpr uint32_t D_PERF_ENABLE = 0x094;
inline constexpr Field D_PERF_ENABLE_DMA_EN{0, 1};
inline constexpr uint32_t D_PERF_ENABLE_DMA_EN_DISABLE = 0;
inline constexpr uint32_t D_PERF_ENABLE_DMA_EN_ENABLE = 1;

// D_PERF_WRITE_STALL: RO, per group, reset 0x00000000. Write stall cycles of a finished layer.
inline constexpr uint32_t D_PERF_WRITE_STALL = 0x098;
inline constexpr Field D_PERF_WRITE_STALL_PERF_WRITE_STALL{0, 32};

// D_CYA: RW, per group, reset 0x00000000. Spare register without function.
inline constexpr uint32_t D_CYA = 0x09C;
inline constexpr Field D_CYA_CYA{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::pdp

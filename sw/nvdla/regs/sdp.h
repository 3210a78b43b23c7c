// generated from descriptions/sdp.json by tools/nvdla_regs - do not edit
//
// SDP: Single data point processor: bias/scale (BS), batch-norm (BN) and element-wise (EW) stages,
// LUT and output converter.
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

namespace acosim::nvdla::regs::sdp {

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

// S_LUT_ACCESS_CFG: Trigger, reset 0x00000000. Writing loads the LUT port address, table (LE or LO)
// and access type.
inline constexpr uint32_t S_LUT_ACCESS_CFG = 0x008;
inline constexpr Field S_LUT_ACCESS_CFG_LUT_ADDR{0, 10};
inline constexpr Field S_LUT_ACCESS_CFG_LUT_TABLE_ID{16, 1};
inline constexpr uint32_t S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE = 0;
inline constexpr uint32_t S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO = 1;
inline constexpr Field S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE{17, 1};
inline constexpr uint32_t S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_READ = 0;
inline constexpr uint32_t S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE = 1;

// S_LUT_ACCESS_DATA: RW, reset 0x00000000. LUT port: reads or writes the entry at the port address,
// then advances the address.
inline constexpr uint32_t S_LUT_ACCESS_DATA = 0x00C;
inline constexpr Field S_LUT_ACCESS_DATA_LUT_DATA{0, 16};

// S_LUT_CFG: RW, reset 0x00000000. LE table function and which table wins on underflow, overflow
// and hybrid hits.
inline constexpr uint32_t S_LUT_CFG = 0x010;
inline constexpr Field S_LUT_CFG_LUT_LE_FUNCTION{0, 1};
inline constexpr uint32_t S_LUT_CFG_LUT_LE_FUNCTION_EXPONENT = 0;
inline constexpr uint32_t S_LUT_CFG_LUT_LE_FUNCTION_LINEAR = 1;
inline constexpr Field S_LUT_CFG_LUT_UFLOW_PRIORITY{4, 1};
inline constexpr uint32_t S_LUT_CFG_LUT_UFLOW_PRIORITY_LE = 0;
inline constexpr uint32_t S_LUT_CFG_LUT_UFLOW_PRIORITY_LO = 1;
inline constexpr Field S_LUT_CFG_LUT_OFLOW_PRIORITY{5, 1};
inline constexpr uint32_t S_LUT_CFG_LUT_OFLOW_PRIORITY_LE = 0;
inline constexpr uint32_t S_LUT_CFG_LUT_OFLOW_PRIORITY_LO = 1;
inline constexpr Field S_LUT_CFG_LUT_HYBRID_PRIORITY{6, 1};
inline constexpr uint32_t S_LUT_CFG_LUT_HYBRID_PRIORITY_LE = 0;
inline constexpr uint32_t S_LUT_CFG_LUT_HYBRID_PRIORITY_LO = 1;

// S_LUT_INFO: RW, reset 0x00000000. Index offset and index selects of the LE and LO tables.
inline constexpr uint32_t S_LUT_INFO = 0x014;
inline constexpr Field S_LUT_INFO_LUT_LE_INDEX_OFFSET{0, 8};
inline constexpr Field S_LUT_INFO_LUT_LE_INDEX_SELECT{8, 8};
inline constexpr Field S_LUT_INFO_LUT_LO_INDEX_SELECT{16, 8};

// S_LUT_LE_START: RW, reset 0x00000000. Start of the LE table range.
inline constexpr uint32_t S_LUT_LE_START = 0x018;
inline constexpr Field S_LUT_LE_START_LUT_LE_START{0, 32};

// S_LUT_LE_END: RW, reset 0x00000000. End of the LE table range.
inline constexpr uint32_t S_LUT_LE_END = 0x01C;
inline constexpr Field S_LUT_LE_END_LUT_LE_END{0, 32};

// S_LUT_LO_START: RW, reset 0x00000000. Start of the LO table range.
inline constexpr uint32_t S_LUT_LO_START = 0x020;
inline constexpr Field S_LUT_LO_START_LUT_LO_START{0, 32};

// S_LUT_LO_END: RW, reset 0x00000000. End of the LO table range.
inline constexpr uint32_t S_LUT_LO_END = 0x024;
inline constexpr Field S_LUT_LO_END_LUT_LO_END{0, 32};

// S_LUT_LE_SLOPE_SCALE: RW, reset 0x00000000. LE table underflow and overflow slope scales.
inline constexpr uint32_t S_LUT_LE_SLOPE_SCALE = 0x028;
inline constexpr Field S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE{0, 16};
inline constexpr Field S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE{16, 16};

// S_LUT_LE_SLOPE_SHIFT: RW, reset 0x00000000. LE table underflow and overflow slope shifts.
inline constexpr uint32_t S_LUT_LE_SLOPE_SHIFT = 0x02C;
inline constexpr Field S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT{0, 5};
inline constexpr Field S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT{5, 5};

// S_LUT_LO_SLOPE_SCALE: RW, reset 0x00000000. LO table underflow and overflow slope scales.
inline constexpr uint32_t S_LUT_LO_SLOPE_SCALE = 0x030;
inline constexpr Field S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE{0, 16};
inline constexpr Field S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE{16, 16};

// S_LUT_LO_SLOPE_SHIFT: RW, reset 0x00000000. LO table underflow and overflow slope shifts.
inline constexpr uint32_t S_LUT_LO_SLOPE_SHIFT = 0x034;
inline constexpr Field S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT{0, 5};
inline constexpr Field S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT{5, 5};

// D_OP_ENABLE: SetOnly, per group, reset 0x00000000. Software sets OP_EN to start the group;
// hardware clears it when the group's layer ends.
inline constexpr uint32_t D_OP_ENABLE = 0x038;
inline constexpr Field D_OP_ENABLE_OP_EN{0, 1};
inline constexpr uint32_t D_OP_ENABLE_OP_EN_DISABLE = 0;
inline constexpr uint32_t D_OP_ENABLE_OP_EN_ENABLE = 1;

// D_DATA_CUBE_WIDTH: RW, per group, reset 0x00000000. Cube width minus one.
inline constexpr uint32_t D_DATA_CUBE_WIDTH = 0x03C;
inline constexpr Field D_DATA_CUBE_WIDTH_WIDTH{0, 13};

// D_DATA_CUBE_HEIGHT: RW, per group, reset 0x00000000. Cube height minus one.
inline constexpr uint32_t D_DATA_CUBE_HEIGHT = 0x040;
inline constexpr Field D_DATA_CUBE_HEIGHT_HEIGHT{0, 13};

// D_DATA_CUBE_CHANNEL: RW, per group, reset 0x00000000. Cube channels minus one.
inline constexpr uint32_t D_DATA_CUBE_CHANNEL = 0x044;
inline constexpr Field D_DATA_CUBE_CHANNEL_CHANNEL{0, 13};

// D_DST_BASE_ADDR_LOW: RW, per group, reset 0x00000000. Output cube base address, low word (unused
// when OUTPUT_DST = PDP).
inline constexpr uint32_t D_DST_BASE_ADDR_LOW = 0x048;
inline constexpr Field D_DST_BASE_ADDR_LOW_DST_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_DST_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. Output cube base address, high word.
inline constexpr uint32_t D_DST_BASE_ADDR_HIGH = 0x04C;
inline constexpr Field D_DST_BASE_ADDR_HIGH_DST_BASE_ADDR_HIGH{0, 32};

// D_DST_LINE_STRIDE: RW, per group, reset 0x00000000. Output line stride in bytes.
inline constexpr uint32_t D_DST_LINE_STRIDE = 0x050;
inline constexpr Field D_DST_LINE_STRIDE_DST_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DST_SURFACE_STRIDE: RW, per group, reset 0x00000000. Output surface stride in bytes.
inline constexpr uint32_t D_DST_SURFACE_STRIDE = 0x054;
inline constexpr Field D_DST_SURFACE_STRIDE_DST_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DP_BS_CFG: RW, per group, reset 0x00000073 (nv_full 0x00000000). BS (X1) stage: bypasses of
// stage, ALU, multiplier and ReLU; ALU algorithm; PReLU.
inline constexpr uint32_t D_DP_BS_CFG = 0x058;
inline constexpr Field D_DP_BS_CFG_BS_BYPASS{0, 1};
inline constexpr uint32_t D_DP_BS_CFG_BS_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BS_CFG_BS_BYPASS_YES = 1;
inline constexpr Field D_DP_BS_CFG_BS_ALU_BYPASS{1, 1};
inline constexpr uint32_t D_DP_BS_CFG_BS_ALU_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BS_CFG_BS_ALU_BYPASS_YES = 1;
inline constexpr Field D_DP_BS_CFG_BS_ALU_ALGO{2, 2};
inline constexpr uint32_t D_DP_BS_CFG_BS_ALU_ALGO_MAX = 0;
inline constexpr uint32_t D_DP_BS_CFG_BS_ALU_ALGO_MIN = 1;
inline constexpr uint32_t D_DP_BS_CFG_BS_ALU_ALGO_SUM = 2;
inline constexpr Field D_DP_BS_CFG_BS_MUL_BYPASS{4, 1};
inline constexpr uint32_t D_DP_BS_CFG_BS_MUL_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BS_CFG_BS_MUL_BYPASS_YES = 1;
inline constexpr Field D_DP_BS_CFG_BS_MUL_PRELU{5, 1};
inline constexpr uint32_t D_DP_BS_CFG_BS_MUL_PRELU_NO = 0;
inline constexpr uint32_t D_DP_BS_CFG_BS_MUL_PRELU_YES = 1;
inline constexpr Field D_DP_BS_CFG_BS_RELU_BYPASS{6, 1};
inline constexpr uint32_t D_DP_BS_CFG_BS_RELU_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BS_CFG_BS_RELU_BYPASS_YES = 1;

// D_DP_BS_ALU_CFG: RW, per group, reset 0x00000000. BS ALU operand source and its left shift.
inline constexpr uint32_t D_DP_BS_ALU_CFG = 0x05C;
inline constexpr Field D_DP_BS_ALU_CFG_BS_ALU_SRC{0, 1};
inline constexpr uint32_t D_DP_BS_ALU_CFG_BS_ALU_SRC_REG = 0;
inline constexpr uint32_t D_DP_BS_ALU_CFG_BS_ALU_SRC_MEM = 1;
inline constexpr Field D_DP_BS_ALU_CFG_BS_ALU_SHIFT_VALUE{8, 6};

// D_DP_BS_ALU_SRC_VALUE: RW, per group, reset 0x00000000. BS ALU operand when the source is REG
// (signed 16 bits).
inline constexpr uint32_t D_DP_BS_ALU_SRC_VALUE = 0x060;
inline constexpr Field D_DP_BS_ALU_SRC_VALUE_BS_ALU_OPERAND{0, 16};

// D_DP_BS_MUL_CFG: RW, per group, reset 0x00000000. BS multiplier operand source and the right
// shift after multiplying.
inline constexpr uint32_t D_DP_BS_MUL_CFG = 0x064;
inline constexpr Field D_DP_BS_MUL_CFG_BS_MUL_SRC{0, 1};
inline constexpr uint32_t D_DP_BS_MUL_CFG_BS_MUL_SRC_REG = 0;
inline constexpr uint32_t D_DP_BS_MUL_CFG_BS_MUL_SRC_MEM = 1;
inline constexpr Field D_DP_BS_MUL_CFG_BS_MUL_SHIFT_VALUE{8, 8};

// D_DP_BS_MUL_SRC_VALUE: RW, per group, reset 0x00000000. BS multiplier operand when the source is
// REG (signed 16 bits).
inline constexpr uint32_t D_DP_BS_MUL_SRC_VALUE = 0x068;
inline constexpr Field D_DP_BS_MUL_SRC_VALUE_BS_MUL_OPERAND{0, 16};

// D_DP_BN_CFG: RW, per group, reset 0x00000053 (nv_full 0x00000000). BN (X2) stage: bypasses of
// stage, ALU, multiplier and ReLU; ALU algorithm; PReLU.
inline constexpr uint32_t D_DP_BN_CFG = 0x06C;
inline constexpr Field D_DP_BN_CFG_BN_BYPASS{0, 1};
inline constexpr uint32_t D_DP_BN_CFG_BN_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BN_CFG_BN_BYPASS_YES = 1;
inline constexpr Field D_DP_BN_CFG_BN_ALU_BYPASS{1, 1};
inline constexpr uint32_t D_DP_BN_CFG_BN_ALU_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BN_CFG_BN_ALU_BYPASS_YES = 1;
inline constexpr Field D_DP_BN_CFG_BN_ALU_ALGO{2, 2};
inline constexpr uint32_t D_DP_BN_CFG_BN_ALU_ALGO_MAX = 0;
inline constexpr uint32_t D_DP_BN_CFG_BN_ALU_ALGO_MIN = 1;
inline constexpr uint32_t D_DP_BN_CFG_BN_ALU_ALGO_SUM = 2;
inline constexpr Field D_DP_BN_CFG_BN_MUL_BYPASS{4, 1};
inline constexpr uint32_t D_DP_BN_CFG_BN_MUL_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BN_CFG_BN_MUL_BYPASS_YES = 1;
inline constexpr Field D_DP_BN_CFG_BN_MUL_PRELU{5, 1};
inline constexpr uint32_t D_DP_BN_CFG_BN_MUL_PRELU_NO = 0;
inline constexpr uint32_t D_DP_BN_CFG_BN_MUL_PRELU_YES = 1;
inline constexpr Field D_DP_BN_CFG_BN_RELU_BYPASS{6, 1};
inline constexpr uint32_t D_DP_BN_CFG_BN_RELU_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_BN_CFG_BN_RELU_BYPASS_YES = 1;

// D_DP_BN_ALU_CFG: RW, per group, reset 0x00000000. BN ALU operand source and its left shift.
inline constexpr uint32_t D_DP_BN_ALU_CFG = 0x070;
inline constexpr Field D_DP_BN_ALU_CFG_BN_ALU_SRC{0, 1};
inline constexpr uint32_t D_DP_BN_ALU_CFG_BN_ALU_SRC_REG = 0;
inline constexpr uint32_t D_DP_BN_ALU_CFG_BN_ALU_SRC_MEM = 1;
inline constexpr Field D_DP_BN_ALU_CFG_BN_ALU_SHIFT_VALUE{8, 6};

// D_DP_BN_ALU_SRC_VALUE: RW, per group, reset 0x00000000. BN ALU operand when the source is REG
// (signed 16 bits).
inline constexpr uint32_t D_DP_BN_ALU_SRC_VALUE = 0x074;
inline constexpr Field D_DP_BN_ALU_SRC_VALUE_BN_ALU_OPERAND{0, 16};

// D_DP_BN_MUL_CFG: RW, per group, reset 0x00000000. BN multiplier operand source and the right
// shift after multiplying.
inline constexpr uint32_t D_DP_BN_MUL_CFG = 0x078;
inline constexpr Field D_DP_BN_MUL_CFG_BN_MUL_SRC{0, 1};
inline constexpr uint32_t D_DP_BN_MUL_CFG_BN_MUL_SRC_REG = 0;
inline constexpr uint32_t D_DP_BN_MUL_CFG_BN_MUL_SRC_MEM = 1;
inline constexpr Field D_DP_BN_MUL_CFG_BN_MUL_SHIFT_VALUE{8, 8};

// D_DP_BN_MUL_SRC_VALUE: RW, per group, reset 0x00000000. BN multiplier operand when the source is
// REG (signed 16 bits).
inline constexpr uint32_t D_DP_BN_MUL_SRC_VALUE = 0x07C;
inline constexpr Field D_DP_BN_MUL_SRC_VALUE_BN_MUL_OPERAND{0, 16};

// D_DP_EW_CFG: RW, per group, reset 0x00000053 (nv_full 0x00000000). EW (Y) stage: bypasses of
// stage, ALU, multiplier and LUT; ALU algorithm; PReLU.
inline constexpr uint32_t D_DP_EW_CFG = 0x080;
inline constexpr Field D_DP_EW_CFG_EW_BYPASS{0, 1};
inline constexpr uint32_t D_DP_EW_CFG_EW_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_EW_CFG_EW_BYPASS_YES = 1;
inline constexpr Field D_DP_EW_CFG_EW_ALU_BYPASS{1, 1};
inline constexpr uint32_t D_DP_EW_CFG_EW_ALU_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_EW_CFG_EW_ALU_BYPASS_YES = 1;
inline constexpr Field D_DP_EW_CFG_EW_ALU_ALGO{2, 2};
inline constexpr uint32_t D_DP_EW_CFG_EW_ALU_ALGO_MAX = 0;
inline constexpr uint32_t D_DP_EW_CFG_EW_ALU_ALGO_MIN = 1;
inline constexpr uint32_t D_DP_EW_CFG_EW_ALU_ALGO_SUM = 2;
inline constexpr uint32_t D_DP_EW_CFG_EW_ALU_ALGO_EQL = 3;
inline constexpr Field D_DP_EW_CFG_EW_MUL_BYPASS{4, 1};
inline constexpr uint32_t D_DP_EW_CFG_EW_MUL_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_EW_CFG_EW_MUL_BYPASS_YES = 1;
inline constexpr Field D_DP_EW_CFG_EW_MUL_PRELU{5, 1};
inline constexpr uint32_t D_DP_EW_CFG_EW_MUL_PRELU_NO = 0;
inline constexpr uint32_t D_DP_EW_CFG_EW_MUL_PRELU_YES = 1;
inline constexpr Field D_DP_EW_CFG_EW_LUT_BYPASS{6, 1};
inline constexpr uint32_t D_DP_EW_CFG_EW_LUT_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_EW_CFG_EW_LUT_BYPASS_YES = 1;

// D_DP_EW_ALU_CFG: RW, per group, reset 0x00000002 (nv_full 0x00000000). EW ALU operand source and
// whether its converter is bypassed.
inline constexpr uint32_t D_DP_EW_ALU_CFG = 0x084;
inline constexpr Field D_DP_EW_ALU_CFG_EW_ALU_SRC{0, 1};
inline constexpr uint32_t D_DP_EW_ALU_CFG_EW_ALU_SRC_REG = 0;
inline constexpr uint32_t D_DP_EW_ALU_CFG_EW_ALU_SRC_MEM = 1;
inline constexpr Field D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS{1, 1};
inline constexpr uint32_t D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_EW_ALU_CFG_EW_ALU_CVT_BYPASS_YES = 1;

// D_DP_EW_ALU_SRC_VALUE: RW, per group, reset 0x00000000. EW ALU operand when the source is REG (32
// bits).
inline constexpr uint32_t D_DP_EW_ALU_SRC_VALUE = 0x088;
inline constexpr Field D_DP_EW_ALU_SRC_VALUE_EW_ALU_OPERAND{0, 32};

// D_DP_EW_ALU_CVT_OFFSET_VALUE: RW, per group, reset 0x00000000. Offset of the EW ALU operand
// converter.
inline constexpr uint32_t D_DP_EW_ALU_CVT_OFFSET_VALUE = 0x08C;
inline constexpr Field D_DP_EW_ALU_CVT_OFFSET_VALUE_EW_ALU_CVT_OFFSET{0, 32};

// D_DP_EW_ALU_CVT_SCALE_VALUE: RW, per group, reset 0x00000000. Scale of the EW ALU operand
// converter.
inline constexpr uint32_t D_DP_EW_ALU_CVT_SCALE_VALUE = 0x090;
inline constexpr Field D_DP_EW_ALU_CVT_SCALE_VALUE_EW_ALU_CVT_SCALE{0, 16};

// D_DP_EW_ALU_CVT_TRUNCATE_VALUE: RW, per group, reset 0x00000000. Truncation of the EW ALU operand
// converter.
inline constexpr uint32_t D_DP_EW_ALU_CVT_TRUNCATE_VALUE = 0x094;
inline constexpr Field D_DP_EW_ALU_CVT_TRUNCATE_VALUE_EW_ALU_CVT_TRUNCATE{0, 6};

// D_DP_EW_MUL_CFG: RW, per group, reset 0x00000002 (nv_full 0x00000000). EW multiplier operand
// source and whether its converter is bypassed.
inline constexpr uint32_t D_DP_EW_MUL_CFG = 0x098;
inline constexpr Field D_DP_EW_MUL_CFG_EW_MUL_SRC{0, 1};
inline constexpr uint32_t D_DP_EW_MUL_CFG_EW_MUL_SRC_REG = 0;
inline constexpr uint32_t D_DP_EW_MUL_CFG_EW_MUL_SRC_MEM = 1;
inline constexpr Field D_DP_EW_MUL_CFG_EW_MUL_CVT_BYPASS{1, 1};
inline constexpr uint32_t D_DP_EW_MUL_CFG_EW_MUL_CVT_BYPASS_NO = 0;
inline constexpr uint32_t D_DP_EW_MUL_CFG_EW_MUL_CVT_BYPASS_YES = 1;

// D_DP_EW_MUL_SRC_VALUE: RW, per group, reset 0x00000000. EW multiplier operand when the source is
// REG (32 bits).
inline constexpr uint32_t D_DP_EW_MUL_SRC_VALUE = 0x09C;
inline constexpr Field D_DP_EW_MUL_SRC_VALUE_EW_MUL_OPERAND{0, 32};

// D_DP_EW_MUL_CVT_OFFSET_VALUE: RW, per group, reset 0x00000000. Offset of the EW multiplier
// operand converter.
inline constexpr uint32_t D_DP_EW_MUL_CVT_OFFSET_VALUE = 0x0A0;
inline constexpr Field D_DP_EW_MUL_CVT_OFFSET_VALUE_EW_MUL_CVT_OFFSET{0, 32};

// D_DP_EW_MUL_CVT_SCALE_VALUE: RW, per group, reset 0x00000000. Scale of the EW multiplier operand
// converter.
inline constexpr uint32_t D_DP_EW_MUL_CVT_SCALE_VALUE = 0x0A4;
inline constexpr Field D_DP_EW_MUL_CVT_SCALE_VALUE_EW_MUL_CVT_SCALE{0, 16};

// D_DP_EW_MUL_CVT_TRUNCATE_VALUE: RW, per group, reset 0x00000000. Truncation of the EW multiplier
// operand converter.
inline constexpr uint32_t D_DP_EW_MUL_CVT_TRUNCATE_VALUE = 0x0A8;
inline constexpr Field D_DP_EW_MUL_CVT_TRUNCATE_VALUE_EW_MUL_CVT_TRUNCATE{0, 6};

// D_DP_EW_TRUNCATE_VALUE: RW, per group, reset 0x00000000. Right shift after the EW multiplier.
inline constexpr uint32_t D_DP_EW_TRUNCATE_VALUE = 0x0AC;
inline constexpr Field D_DP_EW_TRUNCATE_VALUE_EW_TRUNCATE{0, 10};

// D_FEATURE_MODE_CFG: RW, per group, reset 0x00000000. Input from SDP_RDMA or CACC, output to
// memory or PDP, Winograd, FP16 NaN flush, batches minus one.
inline constexpr uint32_t D_FEATURE_MODE_CFG = 0x0B0;
inline constexpr Field D_FEATURE_MODE_CFG_FLYING_MODE{0, 1};
inline constexpr uint32_t D_FEATURE_MODE_CFG_FLYING_MODE_OFF = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_FLYING_MODE_ON = 1;
inline constexpr Field D_FEATURE_MODE_CFG_OUTPUT_DST{1, 1};
inline constexpr uint32_t D_FEATURE_MODE_CFG_OUTPUT_DST_MEM = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_OUTPUT_DST_PDP = 1;
inline constexpr Field D_FEATURE_MODE_CFG_WINOGRAD{2, 1};
inline constexpr uint32_t D_FEATURE_MODE_CFG_WINOGRAD_OFF = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_WINOGRAD_ON = 1;
inline constexpr Field D_FEATURE_MODE_CFG_NAN_TO_ZERO{3, 1};
inline constexpr uint32_t D_FEATURE_MODE_CFG_NAN_TO_ZERO_DISABLE = 0;
inline constexpr uint32_t D_FEATURE_MODE_CFG_NAN_TO_ZERO_ENABLE = 1;
inline constexpr Field D_FEATURE_MODE_CFG_BATCH_NUMBER{8, 5};

// D_DST_DMA_CFG: RW, per group, reset 0x00000000. Memory interface of the output cube: CV
// (secondary) or MC (primary).
inline constexpr uint32_t D_DST_DMA_CFG = 0x0B4;
inline constexpr Field D_DST_DMA_CFG_DST_RAM_TYPE{0, 1};
inline constexpr uint32_t D_DST_DMA_CFG_DST_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_DST_DMA_CFG_DST_RAM_TYPE_MC = 1;

// D_DST_BATCH_STRIDE: RW, per group, reset 0x00000000. Output batch stride in bytes.
inline constexpr uint32_t D_DST_BATCH_STRIDE = 0x0B8;
inline constexpr Field D_DST_BATCH_STRIDE_DST_BATCH_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DATA_FORMAT: RW, per group, reset 0x00000000. Processing and output precision.
inline constexpr uint32_t D_DATA_FORMAT = 0x0BC;
inline constexpr Field D_DATA_FORMAT_PROC_PRECISION{0, 2};
inline constexpr uint32_t D_DATA_FORMAT_PROC_PRECISION_INT8 = 0;
inline constexpr uint32_t D_DATA_FORMAT_PROC_PRECISION_INT16 = 1;
inline constexpr uint32_t D_DATA_FORMAT_PROC_PRECISION_FP16 = 2;
inline constexpr Field D_DATA_FORMAT_OUT_PRECISION{2, 2};
inline constexpr uint32_t D_DATA_FORMAT_OUT_PRECISION_INT8 = 0;
inline constexpr uint32_t D_DATA_FORMAT_OUT_PRECISION_INT16 = 1;
inline constexpr uint32_t D_DATA_FORMAT_OUT_PRECISION_FP16 = 2;

// D_CVT_OFFSET: RW, per group, reset 0x00000000. Output converter offset (signed 32 bits).
inline constexpr uint32_t D_CVT_OFFSET = 0x0C0;
inline constexpr Field D_CVT_OFFSET_CVT_OFFSET{0, 32};

// D_CVT_SCALE: RW, per group, reset 0x00000000. Output converter scale (signed 16 bits).
inline constexpr uint32_t D_CVT_SCALE = 0x0C4;
inline constexpr Field D_CVT_SCALE_CVT_SCALE{0, 16};

// D_CVT_SHIFT: RW, per group, reset 0x00000000. Output converter right shift.
inline constexpr uint32_t D_CVT_SHIFT = 0x0C8;
inline constexpr Field D_CVT_SHIFT_CVT_SHIFT{0, 6};

// D_STATUS: RO, per group, reset 0x00000000. Result of the EW EQL comparison of the group's last
// layer.
inline constexpr uint32_t D_STATUS = 0x0CC;
inline constexpr Field D_STATUS_STATUS_UNEQUAL{0, 1};

// D_STATUS_NAN_INPUT_NUM: RO, per group, reset 0x00000000. FP16 NaN inputs counted in the group's
// last layer.
inline constexpr uint32_t D_STATUS_NAN_INPUT_NUM = 0x0D0;
inline constexpr Field D_STATUS_NAN_INPUT_NUM_STATUS_NAN_INPUT_NUM{0, 32};

// D_STATUS_INF_INPUT_NUM: RO, per group, reset 0x00000000. FP16 infinite inputs counted in the
// group's last layer.
inline constexpr uint32_t D_STATUS_INF_INPUT_NUM = 0x0D4;
inline constexpr Field D_STATUS_INF_INPUT_NUM_STATUS_INF_INPUT_NUM{0, 32};

// D_STATUS_NAN_OUTPUT_NUM: RO, per group, reset 0x00000000. FP16 NaN outputs counted in the group's
// last layer.
inline constexpr uint32_t D_STATUS_NAN_OUTPUT_NUM = 0x0D8;
inline constexpr Field D_STATUS_NAN_OUTPUT_NUM_STATUS_NAN_OUTPUT_NUM{0, 32};

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the write stall, LUT, saturation and
// NaN/Inf counters.
inline constexpr uint32_t D_PERF_ENABLE = 0x0DC;
inline constexpr Field D_PERF_ENABLE_PERF_DMA_EN{0, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_DMA_EN_NO = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_DMA_EN_YES = 1;
inline constexpr Field D_PERF_ENABLE_PERF_LUT_EN{1, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_LUT_EN_NO = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_LUT_EN_YES = 1;
inline constexpr Field D_PERF_ENABLE_PERF_SAT_EN{2, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_SAT_EN_NO = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_SAT_EN_YES = 1;
inline constexpr Field D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN{3, 1};
inline constexpr uint32_t D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN_NO = 0;
inline constexpr uint32_t D_PERF_ENABLE_PERF_NAN_INF_COUNT_EN_YES = 1;

// D_PERF_WDMA_WRITE_STALL: RO, per group, reset 0x00000000. Write stall cycles of the group's last
// layer.
inline constexpr uint32_t D_PERF_WDMA_WRITE_STALL = 0x0E0;
inline constexpr Field D_PERF_WDMA_WRITE_STALL_WDMA_STALL{0, 32};

// D_PERF_LUT_UFLOW: RO, per group, reset 0x00000000. LUT underflows of the group's last layer.
inline constexpr uint32_t D_PERF_LUT_UFLOW = 0x0E4;
inline constexpr Field D_PERF_LUT_UFLOW_LUT_UFLOW{0, 32};

// D_PERF_LUT_OFLOW: RO, per group, reset 0x00000000. LUT overflows of the group's last layer.
inline constexpr uint32_t D_PERF_LUT_OFLOW = 0x0E8;
inline constexpr Field D_PERF_LUT_OFLOW_LUT_OFLOW{0, 32};

// D_PERF_OUT_SATURATION: RO, per group, reset 0x00000000. Output converter saturations of the
// group's last layer.
inline constexpr uint32_t D_PERF_OUT_SATURATION = 0x0EC;
inline constexpr Field D_PERF_OUT_SATURATION_OUT_SATURATION{0, 32};

// D_PERF_LUT_HYBRID: RO, per group, reset 0x00000000. LUT hybrid hits of the group's last layer.
inline constexpr uint32_t D_PERF_LUT_HYBRID = 0x0F0;
inline constexpr Field D_PERF_LUT_HYBRID_LUT_HYBRID{0, 32};

// D_PERF_LUT_LE_HIT: RO, per group, reset 0x00000000. LE table hits of the group's last layer.
inline constexpr uint32_t D_PERF_LUT_LE_HIT = 0x0F4;
inline constexpr Field D_PERF_LUT_LE_HIT_LUT_LE_HIT{0, 32};

// D_PERF_LUT_LO_HIT: RO, per group, reset 0x00000000. LO table hits of the group's last layer.
inline constexpr uint32_t D_PERF_LUT_LO_HIT = 0x0F8;
inline constexpr Field D_PERF_LUT_LO_HIT_LUT_LO_HIT{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::sdp

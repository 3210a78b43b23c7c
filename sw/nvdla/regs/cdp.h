// generated from descriptions/cdp.json by tools/nvdla_regs - do not edit
//
// CDP: Channel data processor: local response normalization across channels (square sum, LUT
// lookup, multiply) and its write DMA.
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

namespace acosim::nvdla::regs::cdp {

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

// S_LUT_INFO: RW, reset 0x00000000. LE index offset and the index selects (shift amounts) of the LE
// and LO tables.
inline constexpr uint32_t S_LUT_INFO = 0x014;
inline constexpr Field S_LUT_INFO_LUT_LE_INDEX_OFFSET{0, 8};
inline constexpr Field S_LUT_INFO_LUT_LE_INDEX_SELECT{8, 8};
inline constexpr Field S_LUT_INFO_LUT_LO_INDEX_SELECT{16, 8};

// S_LUT_LE_START_LOW: RW, reset 0x00000000. Lower bound of the LE table's input range, bits 31:0
// (signed, 38 bits in all).
inline constexpr uint32_t S_LUT_LE_START_LOW = 0x018;
inline constexpr Field S_LUT_LE_START_LOW_LUT_LE_START_LOW{0, 32};

// S_LUT_LE_START_HIGH: RW, reset 0x00000000. Lower bound of the LE table's input range, bits 37:32.
inline constexpr uint32_t S_LUT_LE_START_HIGH = 0x01C;
inline constexpr Field S_LUT_LE_START_HIGH_LUT_LE_START_HIGH{0, 6};

// S_LUT_LE_END_LOW: RW, reset 0x00000000. Upper bound of the LE table's input range, bits 31:0.
inline constexpr uint32_t S_LUT_LE_END_LOW = 0x020;
inline constexpr Field S_LUT_LE_END_LOW_LUT_LE_END_LOW{0, 32};

// S_LUT_LE_END_HIGH: RW, reset 0x00000000. Upper bound of the LE table's input range, bits 37:32.
inline constexpr uint32_t S_LUT_LE_END_HIGH = 0x024;
inline constexpr Field S_LUT_LE_END_HIGH_LUT_LE_END_HIGH{0, 6};

// S_LUT_LO_START_LOW: RW, reset 0x00000000. Lower bound of the LO table's input range, bits 31:0
// (signed, 38 bits in all).
inline constexpr uint32_t S_LUT_LO_START_LOW = 0x028;
inline constexpr Field S_LUT_LO_START_LOW_LUT_LO_START_LOW{0, 32};

// S_LUT_LO_START_HIGH: RW, reset 0x00000000. Lower bound of the LO table's input range, bits 37:32.
inline constexpr uint32_t S_LUT_LO_START_HIGH = 0x02C;
inline constexpr Field S_LUT_LO_START_HIGH_LUT_LO_START_HIGH{0, 6};

// S_LUT_LO_END_LOW: RW, reset 0x00000000. Upper bound of the LO table's input range, bits 31:0.
inline constexpr uint32_t S_LUT_LO_END_LOW = 0x030;
inline constexpr Field S_LUT_LO_END_LOW_LUT_LO_END_LOW{0, 32};

// S_LUT_LO_END_HIGH: RW, reset 0x00000000. Upper bound of the LO table's input range, bits 37:32.
inline constexpr uint32_t S_LUT_LO_END_HIGH = 0x034;
inline constexpr Field S_LUT_LO_END_HIGH_LUT_LO_END_HIGH{0, 6};

// S_LUT_LE_SLOPE_SCALE: RW, reset 0x00000000. Signed slope factors applied below (UFLOW) and above
// (OFLOW) the LE table's range.
inline constexpr uint32_t S_LUT_LE_SLOPE_SCALE = 0x038;
inline constexpr Field S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE{0, 16};
inline constexpr Field S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE{16, 16};

// S_LUT_LE_SLOPE_SHIFT: RW, reset 0x00000000. Signed slope shifts (positive: right) below and above
// the LE table's range.
inline constexpr uint32_t S_LUT_LE_SLOPE_SHIFT = 0x03C;
inline constexpr Field S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT{0, 5};
inline constexpr Field S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT{5, 5};

// S_LUT_LO_SLOPE_SCALE: RW, reset 0x00000000. Signed slope factors applied below (UFLOW) and above
// (OFLOW) the LO table's range.
inline constexpr uint32_t S_LUT_LO_SLOPE_SCALE = 0x040;
inline constexpr Field S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE{0, 16};
inline constexpr Field S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE{16, 16};

// S_LUT_LO_SLOPE_SHIFT: RW, reset 0x00000000. Signed slope shifts (positive: right) below and above
// the LO table's range.
inline constexpr uint32_t S_LUT_LO_SLOPE_SHIFT = 0x044;
inline constexpr Field S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT{0, 5};
inline constexpr Field S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT{5, 5};

// D_OP_ENABLE: SetOnly, per group, reset 0x00000000. Software sets OP_EN to start the group;
// hardware clears it when the group's layer ends.
inline constexpr uint32_t D_OP_ENABLE = 0x048;
inline constexpr Field D_OP_ENABLE_OP_EN{0, 1};
inline constexpr uint32_t D_OP_ENABLE_OP_EN_DISABLE = 0;
inline constexpr uint32_t D_OP_ENABLE_OP_EN_ENABLE = 1;

// D_FUNC_BYPASS: RW, per group, reset 0x00000000. ENABLE skips a stage: the square sum
// (SQSUM_BYPASS) or the multiply after the LUT (MUL_BYPASS).
inline constexpr uint32_t D_FUNC_BYPASS = 0x04C;
inline constexpr Field D_FUNC_BYPASS_SQSUM_BYPASS{0, 1};
inline constexpr uint32_t D_FUNC_BYPASS_SQSUM_BYPASS_DISABLE = 0;
inline constexpr uint32_t D_FUNC_BYPASS_SQSUM_BYPASS_ENABLE = 1;
inline constexpr Field D_FUNC_BYPASS_MUL_BYPASS{1, 1};
inline constexpr uint32_t D_FUNC_BYPASS_MUL_BYPASS_DISABLE = 0;
inline constexpr uint32_t D_FUNC_BYPASS_MUL_BYPASS_ENABLE = 1;

// D_DST_BASE_ADDR_LOW: RW, per group, reset 0x00000000. Output cube base address, low word.
inline constexpr uint32_t D_DST_BASE_ADDR_LOW = 0x050;
inline constexpr Field D_DST_BASE_ADDR_LOW_DST_BASE_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_DST_BASE_ADDR_HIGH: RW, per group, reset 0x00000000. Output cube base address, high word.
inline constexpr uint32_t D_DST_BASE_ADDR_HIGH = 0x054;
inline constexpr Field D_DST_BASE_ADDR_HIGH_DST_BASE_ADDR_HIGH{0, 32};

// D_DST_LINE_STRIDE: RW, per group, reset 0x00000000. Output line stride in bytes.
inline constexpr uint32_t D_DST_LINE_STRIDE = 0x058;
inline constexpr Field D_DST_LINE_STRIDE_DST_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DST_SURFACE_STRIDE: RW, per group, reset 0x00000000. Output surface stride in bytes.
inline constexpr uint32_t D_DST_SURFACE_STRIDE = 0x05C;
inline constexpr Field D_DST_SURFACE_STRIDE_DST_SURFACE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DST_DMA_CFG: RW, per group, reset 0x00000000. Memory interface of the output cube: CV
// (secondary) or MC (primary).
inline constexpr uint32_t D_DST_DMA_CFG = 0x060;
inline constexpr Field D_DST_DMA_CFG_DST_RAM_TYPE{0, 1};
inline constexpr uint32_t D_DST_DMA_CFG_DST_RAM_TYPE_CV = 0;
inline constexpr uint32_t D_DST_DMA_CFG_DST_RAM_TYPE_MC = 1;

// D_DST_COMPRESSION_EN: RO, per group, reset 0x00000000. Output compression flag; not implemented,
// the hardware ties it to 0 (DISABLE).
inline constexpr uint32_t D_DST_COMPRESSION_EN = 0x064;
inline constexpr Field D_DST_COMPRESSION_EN_DST_COMPRESSION_EN{0, 1};
inline constexpr uint32_t D_DST_COMPRESSION_EN_DST_COMPRESSION_EN_DISABLE = 0;
inline constexpr uint32_t D_DST_COMPRESSION_EN_DST_COMPRESSION_EN_ENABLE = 1;

// D_DATA_FORMAT: RW, per group, reset 0x00000001. Element type of the input and output cubes (reset
// INT16).
inline constexpr uint32_t D_DATA_FORMAT = 0x068;
inline constexpr Field D_DATA_FORMAT_INPUT_DATA_TYPE{0, 2};
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_TYPE_INT8 = 0;
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_TYPE_INT16 = 1;
inline constexpr uint32_t D_DATA_FORMAT_INPUT_DATA_TYPE_FP16 = 2;

// D_NAN_FLUSH_TO_ZERO: RW, per group, reset 0x00000000. Replaces NaN inputs by zero when enabled
// (FP16).
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO = 0x06C;
inline constexpr Field D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO{0, 1};
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO_DISABLE = 0;
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO_ENABLE = 1;

// D_LRN_CFG: RW, per group, reset 0x00000000. Normalization window: number of neighbouring channels
// summed (3, 5, 7 or 9).
inline constexpr uint32_t D_LRN_CFG = 0x070;
inline constexpr Field D_LRN_CFG_NORMALZ_LEN{0, 2};
inline constexpr uint32_t D_LRN_CFG_NORMALZ_LEN_LEN3 = 0;
inline constexpr uint32_t D_LRN_CFG_NORMALZ_LEN_LEN5 = 1;
inline constexpr uint32_t D_LRN_CFG_NORMALZ_LEN_LEN7 = 2;
inline constexpr uint32_t D_LRN_CFG_NORMALZ_LEN_LEN9 = 3;

// D_DATIN_OFFSET: RW, per group, reset 0x00000000. Signed offset of the input converter.
inline constexpr uint32_t D_DATIN_OFFSET = 0x074;
inline constexpr Field D_DATIN_OFFSET_DATIN_OFFSET{0, 16};

// D_DATIN_SCALE: RW, per group, reset 0x00000001. Signed scale factor of the input converter (reset
// 1).
inline constexpr uint32_t D_DATIN_SCALE = 0x078;
inline constexpr Field D_DATIN_SCALE_DATIN_SCALE{0, 16};

// D_DATIN_SHIFTER: RW, per group, reset 0x00000000. Right shift of the input converter.
inline constexpr uint32_t D_DATIN_SHIFTER = 0x07C;
inline constexpr Field D_DATIN_SHIFTER_DATIN_SHIFTER{0, 5};

// D_DATOUT_OFFSET: RW, per group, reset 0x00000000. Signed offset of the output converter.
inline constexpr uint32_t D_DATOUT_OFFSET = 0x080;
inline constexpr Field D_DATOUT_OFFSET_DATOUT_OFFSET{0, 32};

// D_DATOUT_SCALE: RW, per group, reset 0x00000001. Signed scale factor of the output converter
// (reset 1).
inline constexpr uint32_t D_DATOUT_SCALE = 0x084;
inline constexpr Field D_DATOUT_SCALE_DATOUT_SCALE{0, 16};

// D_DATOUT_SHIFTER: RW, per group, reset 0x00000000. Right shift of the output converter.
inline constexpr uint32_t D_DATOUT_SHIFTER = 0x088;
inline constexpr Field D_DATOUT_SHIFTER_DATOUT_SHIFTER{0, 6};

// D_NAN_INPUT_NUM: RO, per group, reset 0x00000000. NaN inputs seen in the group's last layer.
inline constexpr uint32_t D_NAN_INPUT_NUM = 0x08C;
inline constexpr Field D_NAN_INPUT_NUM_NAN_INPUT_NUM{0, 32};

// D_INF_INPUT_NUM: RO, per group, reset 0x00000000. Infinite inputs seen in the group's last layer.
inline constexpr uint32_t D_INF_INPUT_NUM = 0x090;
inline constexpr Field D_INF_INPUT_NUM_INF_INPUT_NUM{0, 32};

// D_NAN_OUTPUT_NUM: RO, per group, reset 0x00000000. NaN outputs written in the group's last layer.
inline constexpr uint32_t D_NAN_OUTPUT_NUM = 0x094;
inline constexpr Field D_NAN_OUTPUT_NUM_NAN_OUTPUT_NUM{0, 32};

// D_OUT_SATURATION: RO, per group, reset 0x00000000. Outputs saturated by the output converter in
// the group's last layer.
inline constexpr uint32_t D_OUT_SATURATION = 0x098;
inline constexpr Field D_OUT_SATURATION_OUT_SATURATION{0, 32};

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the write stall counter (DMA_EN) and the
// LUT hit counters (LUT_EN).
inline constexpr uint32_t D_PERF_ENABLE = 0x09C;
inline constexpr Field D_PERF_ENABLE_DMA_EN{0, 1};
inline constexpr uint32_t D_PERF_ENABLE_DMA_EN_DISABLE = 0;
inline constexpr uint32_t D_PERF_ENABLE_DMA_EN_ENABLE = 1;
inline constexpr Field D_PERF_ENABLE_LUT_EN{1, 1};
inline constexpr uint32_t D_PERF_ENABLE_LUT_EN_DISABLE = 0;
inline constexpr uint32_t D_PERF_ENABLE_LUT_EN_ENABLE = 1;

// D_PERF_WRITE_STALL: RO, per group, reset 0x00000000. Write stall cycles of the group's last
// layer.
inline constexpr uint32_t D_PERF_WRITE_STALL = 0x0A0;
inline constexpr Field D_PERF_WRITE_STALL_PERF_WRITE_STALL{0, 32};

// D_PERF_LUT_UFLOW: RO, per group, reset 0x00000000. Lookups below both tables' ranges in the
// group's last layer.
inline constexpr uint32_t D_PERF_LUT_UFLOW = 0x0A4;
inline constexpr Field D_PERF_LUT_UFLOW_PERF_LUT_UFLOW{0, 32};

// D_PERF_LUT_OFLOW: RO, per group, reset 0x00000000. Lookups above both tables' ranges in the
// group's last layer.
inline constexpr uint32_t D_PERF_LUT_OFLOW = 0x0A8;
inline constexpr Field D_PERF_LUT_OFLOW_PERF_LUT_OFLOW{0, 32};

// D_PERF_LUT_HYBRID: RO, per group, reset 0x00000000. Lookups that missed one table and hit the
// other in the group's last layer.
inline constexpr uint32_t D_PERF_LUT_HYBRID = 0x0AC;
inline constexpr Field D_PERF_LUT_HYBRID_PERF_LUT_HYBRID{0, 32};

// D_PERF_LUT_LE_HIT: RO, per group, reset 0x00000000. Lookups answered by the LE table in the
// group's last layer.
inline constexpr uint32_t D_PERF_LUT_LE_HIT = 0x0B0;
inline constexpr Field D_PERF_LUT_LE_HIT_PERF_LUT_LE_HIT{0, 32};

// D_PERF_LUT_LO_HIT: RO, per group, reset 0x00000000. Lookups answered by the LO table in the
// group's last layer.
inline constexpr uint32_t D_PERF_LUT_LO_HIT = 0x0B4;
inline constexpr Field D_PERF_LUT_LO_HIT_PERF_LUT_LO_HIT{0, 32};

// D_CYA: RW, per group, reset 0x00000000. Spare register without function.
inline constexpr uint32_t D_CYA = 0x0B8;
inline constexpr Field D_CYA_CYA{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::cdp

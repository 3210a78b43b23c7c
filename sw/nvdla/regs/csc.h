// generated from descriptions/csc.json by tools/nvdla_regs - do not edit
//
// CSC: Convolution sequence controller: reads data and weights from the convolution buffer and
// feeds them to the two MAC arrays in atomic operations.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// Field constants carry the master map's positions. The fields marked "nv_full"
// below sit at the bits given there in that map (the bits they lose read 0).
// unit_info(config) carries the exact masks and resets of each map.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::csc {

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

// D_MISC_CFG: RW, per group, reset 0x00001100. Convolution mode, input and processing precisions,
// and whether the data and weights already in the buffer are reused or kept.
inline constexpr uint32_t D_MISC_CFG = 0x00C;
inline constexpr Field D_MISC_CFG_CONV_MODE{0, 1};
inline constexpr uint32_t D_MISC_CFG_CONV_MODE_DIRECT = 0;
inline constexpr uint32_t D_MISC_CFG_CONV_MODE_WINOGRAD = 1;
inline constexpr Field D_MISC_CFG_IN_PRECISION{8, 2};
inline constexpr uint32_t D_MISC_CFG_IN_PRECISION_INT8 = 0;
inline constexpr uint32_t D_MISC_CFG_IN_PRECISION_INT16 = 1;
inline constexpr uint32_t D_MISC_CFG_IN_PRECISION_FP16 = 2;
inline constexpr Field D_MISC_CFG_PROC_PRECISION{12, 2};
inline constexpr uint32_t D_MISC_CFG_PROC_PRECISION_INT8 = 0;
inline constexpr uint32_t D_MISC_CFG_PROC_PRECISION_INT16 = 1;
inline constexpr uint32_t D_MISC_CFG_PROC_PRECISION_FP16 = 2;
inline constexpr Field D_MISC_CFG_DATA_REUSE{16, 1};
inline constexpr uint32_t D_MISC_CFG_DATA_REUSE_DISABLE = 0;
inline constexpr uint32_t D_MISC_CFG_DATA_REUSE_ENABLE = 1;
inline constexpr Field D_MISC_CFG_WEIGHT_REUSE{20, 1};
inline constexpr uint32_t D_MISC_CFG_WEIGHT_REUSE_DISABLE = 0;
inline constexpr uint32_t D_MISC_CFG_WEIGHT_REUSE_ENABLE = 1;
inline constexpr Field D_MISC_CFG_SKIP_DATA_RLS{24, 1};
inline constexpr uint32_t D_MISC_CFG_SKIP_DATA_RLS_DISABLE = 0;
inline constexpr uint32_t D_MISC_CFG_SKIP_DATA_RLS_ENABLE = 1;
inline constexpr Field D_MISC_CFG_SKIP_WEIGHT_RLS{28, 1};
inline constexpr uint32_t D_MISC_CFG_SKIP_WEIGHT_RLS_DISABLE = 0;
inline constexpr uint32_t D_MISC_CFG_SKIP_WEIGHT_RLS_ENABLE = 1;

// D_DATAIN_FORMAT: RW, per group, reset 0x00000000. Input kind: feature cube or image.
inline constexpr uint32_t D_DATAIN_FORMAT = 0x010;
inline constexpr Field D_DATAIN_FORMAT_DATAIN_FORMAT{0, 1};
inline constexpr uint32_t D_DATAIN_FORMAT_DATAIN_FORMAT_FEATURE = 0;
inline constexpr uint32_t D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL = 1;

// D_DATAIN_SIZE_EXT_0: RW, per group, reset 0x00000000. Input width and height, minus one each,
// after the Winograd extension.
inline constexpr uint32_t D_DATAIN_SIZE_EXT_0 = 0x014;
inline constexpr Field D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT{0, 13};
inline constexpr Field D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT{16, 13};

// D_DATAIN_SIZE_EXT_1: RW, per group, reset 0x00000000. Input channels minus one, after the
// Winograd extension.
inline constexpr uint32_t D_DATAIN_SIZE_EXT_1 = 0x018;
inline constexpr Field D_DATAIN_SIZE_EXT_1_DATAIN_CHANNEL_EXT{0, 13};

// D_BATCH_NUMBER: RW, per group, reset 0x00000000. Number of batches minus one.
inline constexpr uint32_t D_BATCH_NUMBER = 0x01C;
inline constexpr Field D_BATCH_NUMBER_BATCHES{0, 5};

// D_POST_Y_EXTENSION: RW, per group, reset 0x00000000. Vertical extension of image input: the
// extended height is 2^Y_EXTENSION (0..2).
inline constexpr uint32_t D_POST_Y_EXTENSION = 0x020;
inline constexpr Field D_POST_Y_EXTENSION_Y_EXTENSION{0, 2};

// D_ENTRY_PER_SLICE: RW, per group, reset 0x00000000. Convolution buffer entries one input line
// (slice) occupies, minus one.
inline constexpr uint32_t D_ENTRY_PER_SLICE = 0x024;
inline constexpr Field D_ENTRY_PER_SLICE_ENTRIES{0, 14};  // nv_full: bits [11:0]

// D_WEIGHT_FORMAT: RW, per group, reset 0x00000000. Whether the weights are stored compressed.
inline constexpr uint32_t D_WEIGHT_FORMAT = 0x028;
inline constexpr Field D_WEIGHT_FORMAT_WEIGHT_FORMAT{0, 1};
inline constexpr uint32_t D_WEIGHT_FORMAT_WEIGHT_FORMAT_UNCOMPRESSED = 0;
inline constexpr uint32_t D_WEIGHT_FORMAT_WEIGHT_FORMAT_COMPRESSED = 1;

// D_WEIGHT_SIZE_EXT_0: RW, per group, reset 0x00000000. Kernel width and height, minus one each,
// after the Winograd extension.
inline constexpr uint32_t D_WEIGHT_SIZE_EXT_0 = 0x02C;
inline constexpr Field D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT{0, 5};
inline constexpr Field D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT{16, 5};

// D_WEIGHT_SIZE_EXT_1: RW, per group, reset 0x00000000. Kernel channels and number of kernels,
// minus one each.
inline constexpr uint32_t D_WEIGHT_SIZE_EXT_1 = 0x030;
inline constexpr Field D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT{0, 13};
inline constexpr Field D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL{16, 13};

// D_WEIGHT_BYTES: RW, per group, reset 0x00000000. Total weight bytes of the layer.
inline constexpr uint32_t D_WEIGHT_BYTES = 0x034;
inline constexpr Field D_WEIGHT_BYTES_WEIGHT_BYTES{0, 32};  // nv_full: bits [31:7]

// D_WMB_BYTES: RW, per group, reset 0x00000000. Total bytes of the weight mask bits.
inline constexpr uint32_t D_WMB_BYTES = 0x038;
inline constexpr Field D_WMB_BYTES_WMB_BYTES{0, 28};  // nv_full: bits [27:7]

// D_DATAOUT_SIZE_0: RW, per group, reset 0x00000000. Output width and height, minus one each.
inline constexpr uint32_t D_DATAOUT_SIZE_0 = 0x03C;
inline constexpr Field D_DATAOUT_SIZE_0_DATAOUT_WIDTH{0, 13};
inline constexpr Field D_DATAOUT_SIZE_0_DATAOUT_HEIGHT{16, 13};

// D_DATAOUT_SIZE_1: RW, per group, reset 0x00000000. Output channels minus one.
inline constexpr uint32_t D_DATAOUT_SIZE_1 = 0x040;
inline constexpr Field D_DATAOUT_SIZE_1_DATAOUT_CHANNEL{0, 13};

// D_ATOMICS: RW, per group, reset 0x00000001. Atomic operations per output stripe minus one (output
// width times height, minus one).
inline constexpr uint32_t D_ATOMICS = 0x044;
inline constexpr Field D_ATOMICS_ATOMICS{0, 21};

// D_RELEASE: RW, per group, reset 0x00000001. Input slices released from the convolution buffer
// when the layer ends, minus one.
inline constexpr uint32_t D_RELEASE = 0x048;
inline constexpr Field D_RELEASE_RLS_SLICES{0, 12};

// D_CONV_STRIDE_EXT: RW, per group, reset 0x00000000. Horizontal and vertical convolution strides,
// minus one each, after the Winograd extension.
inline constexpr uint32_t D_CONV_STRIDE_EXT = 0x04C;
inline constexpr Field D_CONV_STRIDE_EXT_CONV_X_STRIDE_EXT{0, 3};
inline constexpr Field D_CONV_STRIDE_EXT_CONV_Y_STRIDE_EXT{16, 3};

// D_DILATION_EXT: RW, per group, reset 0x00000000. Horizontal and vertical kernel dilations, minus
// one each.
inline constexpr uint32_t D_DILATION_EXT = 0x050;
inline constexpr Field D_DILATION_EXT_X_DILATION_EXT{0, 5};
inline constexpr Field D_DILATION_EXT_Y_DILATION_EXT{16, 5};

// D_ZERO_PADDING: RW, per group, reset 0x00000000. Padding on the left and top of the input, in
// elements.
inline constexpr uint32_t D_ZERO_PADDING = 0x054;
inline constexpr Field D_ZERO_PADDING_PAD_LEFT{0, 5};
inline constexpr Field D_ZERO_PADDING_PAD_TOP{16, 5};

// D_ZERO_PADDING_VALUE: RW, per group, reset 0x00000000. Value the padded elements take.
inline constexpr uint32_t D_ZERO_PADDING_VALUE = 0x058;
inline constexpr Field D_ZERO_PADDING_VALUE_PAD_VALUE{0, 16};

// D_BANK: RW, per group, reset 0x00000000. Convolution buffer banks given to the data and to the
// weights, minus one each.
inline constexpr uint32_t D_BANK = 0x05C;
inline constexpr Field D_BANK_DATA_BANK{0, 5};  // nv_full: bits [3:0]
inline constexpr Field D_BANK_WEIGHT_BANK{16, 5};  // nv_full: bits [19:16]

// D_PRA_CFG: RW, per group, reset 0x00000000. Bits truncated by the Winograd pre-addition (0..2).
inline constexpr uint32_t D_PRA_CFG = 0x060;
inline constexpr Field D_PRA_CFG_PRA_TRUNCATE{0, 2};

// D_CYA: RW, per group, reset 0x00000000. Spare register without function.
inline constexpr uint32_t D_CYA = 0x064;
inline constexpr Field D_CYA_CYA{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::csc

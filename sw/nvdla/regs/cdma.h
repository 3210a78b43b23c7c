// generated from descriptions/cdma.json by tools/nvdla_regs - do not edit
//
// CDMA: Convolution DMA: fetches the input feature or image data and the weights of a convolution
// layer into the convolution buffer.
// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds
// hardware_config(config).unit_base(unit).
// Field constants carry the master map's positions. The fields marked "nv_full"
// below sit at the bits given there in that map (the bits they lose read 0).
// unit_info(config) carries the exact masks and resets of each map.
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs::cdma {

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

// S_ARBITER: RW, reset 0x0003000F. Weights of the read arbiter for weight fetches (ARB_WEIGHT) and
// weight mask fetches (ARB_WMB).
inline constexpr uint32_t S_ARBITER = 0x008;
inline constexpr Field S_ARBITER_ARB_WEIGHT{0, 4};
inline constexpr Field S_ARBITER_ARB_WMB{16, 4};

// S_CBUF_FLUSH_STATUS: RO, reset 0x00000000. Set by hardware once the convolution buffer has been
// cleared after reset.
inline constexpr uint32_t S_CBUF_FLUSH_STATUS = 0x00C;
inline constexpr Field S_CBUF_FLUSH_STATUS_FLUSH_DONE{0, 1};

// D_OP_ENABLE: SetOnly, per group, reset 0x00000000. Software sets OP_EN to start the group;
// hardware clears it when the group's layer ends.
inline constexpr uint32_t D_OP_ENABLE = 0x010;
inline constexpr Field D_OP_ENABLE_OP_EN{0, 1};
inline constexpr uint32_t D_OP_ENABLE_OP_EN_DISABLE = 0;
inline constexpr uint32_t D_OP_ENABLE_OP_EN_ENABLE = 1;

// D_MISC_CFG: RW, per group, reset 0x00001100. Convolution mode, input and processing precisions,
// and whether the data and weights already in the buffer are reused or kept.
inline constexpr uint32_t D_MISC_CFG = 0x014;
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

// D_DATAIN_FORMAT: RW, per group, reset 0x00000C00. Input kind (feature cube or image), pixel
// format, pixel layout and pixel sign (image input).
inline constexpr uint32_t D_DATAIN_FORMAT = 0x018;
inline constexpr Field D_DATAIN_FORMAT_DATAIN_FORMAT{0, 1};
inline constexpr uint32_t D_DATAIN_FORMAT_DATAIN_FORMAT_FEATURE = 0;
inline constexpr uint32_t D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL = 1;
inline constexpr Field D_DATAIN_FORMAT_PIXEL_FORMAT{8, 6};
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8 = 0;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R10 = 1;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R12 = 2;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16 = 3;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16_I = 4;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16_F = 5;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16 = 6;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_X16B16G16R16 = 7;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16_F = 8;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16Y16U16V16 = 9;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_V16U16Y16A16 = 10;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16Y16U16V16_F = 11;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8B8G8R8 = 12;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8R8G8B8 = 13;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_B8G8R8A8 = 14;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8G8B8A8 = 15;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_X8B8G8R8 = 16;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_X8R8G8B8 = 17;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_B8G8R8X8 = 18;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8G8B8X8 = 19;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2B10G10R10 = 20;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2R10G10B10 = 21;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_B10G10R10A2 = 22;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_R10G10B10A2 = 23;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2Y10U10V10 = 24;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_V10U10Y10A2 = 25;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8Y8U8V8 = 26;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_V8U8Y8A8 = 27;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___U8V8_N444 = 28;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___V8U8_N444 = 29;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y10___U10V10_N444 = 30;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y10___V10U10_N444 = 31;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y12___U12V12_N444 = 32;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y12___V12U12_N444 = 33;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y16___U16V16_N444 = 34;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y16___V16U16_N444 = 35;
inline constexpr Field D_DATAIN_FORMAT_PIXEL_MAPPING{16, 1};
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_MAPPING_PITCH_LINEAR = 0;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_MAPPING_RESERVED_LINEAR = 1;
inline constexpr Field D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE{20, 1};
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE_UNSIGNED_INT = 0;
inline constexpr uint32_t D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE_SIGNED_INT = 1;

// D_DATAIN_SIZE_0: RW, per group, reset 0x00000000. Input width and height, minus one each, as
// stored in memory.
inline constexpr uint32_t D_DATAIN_SIZE_0 = 0x01C;
inline constexpr Field D_DATAIN_SIZE_0_DATAIN_WIDTH{0, 13};
inline constexpr Field D_DATAIN_SIZE_0_DATAIN_HEIGHT{16, 13};

// D_DATAIN_SIZE_1: RW, per group, reset 0x00000000. Input channels minus one.
inline constexpr uint32_t D_DATAIN_SIZE_1 = 0x020;
inline constexpr Field D_DATAIN_SIZE_1_DATAIN_CHANNEL{0, 13};

// D_DATAIN_SIZE_EXT_0: RW, per group, reset 0x00000000. Input width and height, minus one each,
// after the Winograd extension.
inline constexpr uint32_t D_DATAIN_SIZE_EXT_0 = 0x024;
inline constexpr Field D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT{0, 13};
inline constexpr Field D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT{16, 13};

// D_PIXEL_OFFSET: RW, per group, reset 0x00000000. Horizontal and vertical offset of the first
// pixel of an image input.
inline constexpr uint32_t D_PIXEL_OFFSET = 0x028;
inline constexpr Field D_PIXEL_OFFSET_PIXEL_X_OFFSET{0, 5};
inline constexpr Field D_PIXEL_OFFSET_PIXEL_Y_OFFSET{16, 3};

// D_DAIN_RAM_TYPE: RW, per group, reset 0x00000000. Memory interface of the input: CVIF (secondary)
// or MCIF (primary).
inline constexpr uint32_t D_DAIN_RAM_TYPE = 0x02C;
inline constexpr Field D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE{0, 1};
inline constexpr uint32_t D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_CVIF = 0;
inline constexpr uint32_t D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF = 1;

// D_DAIN_ADDR_HIGH_0: RW, per group, reset 0x00000000. Input base address (image: Y or packed
// plane), high word.
inline constexpr uint32_t D_DAIN_ADDR_HIGH_0 = 0x030;
inline constexpr Field D_DAIN_ADDR_HIGH_0_DATAIN_ADDR_HIGH_0{0, 32};

// D_DAIN_ADDR_LOW_0: RW, per group, reset 0x00000000. Input base address (image: Y or packed
// plane), low word.
inline constexpr uint32_t D_DAIN_ADDR_LOW_0 = 0x034;
inline constexpr Field D_DAIN_ADDR_LOW_0_DATAIN_ADDR_LOW_0{0, 32};  // nv_full: bits [31:5]

// D_DAIN_ADDR_HIGH_1: RW, per group, reset 0x00000000. Base address of the UV plane of a
// semi-planar image, high word.
inline constexpr uint32_t D_DAIN_ADDR_HIGH_1 = 0x038;
inline constexpr Field D_DAIN_ADDR_HIGH_1_DATAIN_ADDR_HIGH_1{0, 32};

// D_DAIN_ADDR_LOW_1: RW, per group, reset 0x00000000. Base address of the UV plane of a semi-planar
// image, low word.
inline constexpr uint32_t D_DAIN_ADDR_LOW_1 = 0x03C;
inline constexpr Field D_DAIN_ADDR_LOW_1_DATAIN_ADDR_LOW_1{0, 32};  // nv_full: bits [31:5]

// D_LINE_STRIDE: RW, per group, reset 0x00000000. Input line stride in bytes.
inline constexpr uint32_t D_LINE_STRIDE = 0x040;
inline constexpr Field D_LINE_STRIDE_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_LINE_UV_STRIDE: RW, per group, reset 0x00000000. Line stride of the UV plane of a semi-planar
// image, in bytes.
inline constexpr uint32_t D_LINE_UV_STRIDE = 0x044;
inline constexpr Field D_LINE_UV_STRIDE_UV_LINE_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_SURF_STRIDE: RW, per group, reset 0x00000000. Input surface stride in bytes.
inline constexpr uint32_t D_SURF_STRIDE = 0x048;
inline constexpr Field D_SURF_STRIDE_SURF_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_DAIN_MAP: RW, per group, reset 0x00000000. Whether the input lines and the input surfaces are
// packed back to back.
inline constexpr uint32_t D_DAIN_MAP = 0x04C;
inline constexpr Field D_DAIN_MAP_LINE_PACKED{0, 1};
inline constexpr uint32_t D_DAIN_MAP_LINE_PACKED_FALSE = 0;
inline constexpr uint32_t D_DAIN_MAP_LINE_PACKED_TRUE = 1;
inline constexpr Field D_DAIN_MAP_SURF_PACKED{16, 1};
inline constexpr uint32_t D_DAIN_MAP_SURF_PACKED_FALSE = 0;
inline constexpr uint32_t D_DAIN_MAP_SURF_PACKED_TRUE = 1;

// D_RESERVED_X_CFG: RW, per group, reset 0x00000000. Reserved per-line element counts of the Y and
// UV planes of an image input.
inline constexpr uint32_t D_RESERVED_X_CFG = 0x050;
inline constexpr Field D_RESERVED_X_CFG_RSV_PER_LINE{0, 10};
inline constexpr Field D_RESERVED_X_CFG_RSV_PER_UV_LINE{16, 10};

// D_RESERVED_Y_CFG: RW, per group, reset 0x00000000. Reserved height and line index of an image
// input.
inline constexpr uint32_t D_RESERVED_Y_CFG = 0x054;
inline constexpr Field D_RESERVED_Y_CFG_RSV_HEIGHT{0, 3};
inline constexpr Field D_RESERVED_Y_CFG_RSV_Y_INDEX{16, 5};

// D_BATCH_NUMBER: RW, per group, reset 0x00000000. Number of batches minus one.
inline constexpr uint32_t D_BATCH_NUMBER = 0x058;
inline constexpr Field D_BATCH_NUMBER_BATCHES{0, 5};

// D_BATCH_STRIDE: RW, per group, reset 0x00000000. Byte distance between the batches of the input.
inline constexpr uint32_t D_BATCH_STRIDE = 0x05C;
inline constexpr Field D_BATCH_STRIDE_BATCH_STRIDE{0, 32};  // nv_full: bits [31:5]

// D_ENTRY_PER_SLICE: RW, per group, reset 0x00000000. Convolution buffer entries one input line
// (slice) occupies, minus one.
inline constexpr uint32_t D_ENTRY_PER_SLICE = 0x060;
inline constexpr Field D_ENTRY_PER_SLICE_ENTRIES{0, 14};  // nv_full: bits [11:0]

// D_FETCH_GRAIN: RW, per group, reset 0x00000000. Input lines fetched per buffer update, minus one.
inline constexpr uint32_t D_FETCH_GRAIN = 0x064;
inline constexpr Field D_FETCH_GRAIN_GRAINS{0, 12};

// D_WEIGHT_FORMAT: RW, per group, reset 0x00000000. Whether the weights are stored compressed (with
// a weight mask and group sizes).
inline constexpr uint32_t D_WEIGHT_FORMAT = 0x068;
inline constexpr Field D_WEIGHT_FORMAT_WEIGHT_FORMAT{0, 1};
inline constexpr uint32_t D_WEIGHT_FORMAT_WEIGHT_FORMAT_UNCOMPRESSED = 0;
inline constexpr uint32_t D_WEIGHT_FORMAT_WEIGHT_FORMAT_COMPRESSED = 1;

// D_WEIGHT_SIZE_0: RW, per group, reset 0x00000000. Bytes of one kernel minus one.
inline constexpr uint32_t D_WEIGHT_SIZE_0 = 0x06C;
inline constexpr Field D_WEIGHT_SIZE_0_BYTE_PER_KERNEL{0, 18};

// D_WEIGHT_SIZE_1: RW, per group, reset 0x00000000. Number of kernels minus one.
inline constexpr uint32_t D_WEIGHT_SIZE_1 = 0x070;
inline constexpr Field D_WEIGHT_SIZE_1_WEIGHT_KERNEL{0, 13};

// D_WEIGHT_RAM_TYPE: RW, per group, reset 0x00000000. Memory interface of the weights: CVIF
// (secondary) or MCIF (primary).
inline constexpr uint32_t D_WEIGHT_RAM_TYPE = 0x074;
inline constexpr Field D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE{0, 1};
inline constexpr uint32_t D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_CVIF = 0;
inline constexpr uint32_t D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF = 1;

// D_WEIGHT_ADDR_HIGH: RW, per group, reset 0x00000000. Weight base address, high word.
inline constexpr uint32_t D_WEIGHT_ADDR_HIGH = 0x078;
inline constexpr Field D_WEIGHT_ADDR_HIGH_WEIGHT_ADDR_HIGH{0, 32};

// D_WEIGHT_ADDR_LOW: RW, per group, reset 0x00000000. Weight base address, low word.
inline constexpr uint32_t D_WEIGHT_ADDR_LOW = 0x07C;
inline constexpr Field D_WEIGHT_ADDR_LOW_WEIGHT_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_WEIGHT_BYTES: RW, per group, reset 0x00000000. Total weight bytes of the layer.
inline constexpr uint32_t D_WEIGHT_BYTES = 0x080;
inline constexpr Field D_WEIGHT_BYTES_WEIGHT_BYTES{0, 32};  // nv_full: bits [31:7]

// D_WGS_ADDR_HIGH: RW, per group, reset 0x00000000. Base address of the weight group sizes
// (compressed weights), high word.
inline constexpr uint32_t D_WGS_ADDR_HIGH = 0x084;
inline constexpr Field D_WGS_ADDR_HIGH_WGS_ADDR_HIGH{0, 32};

// D_WGS_ADDR_LOW: RW, per group, reset 0x00000000. Base address of the weight group sizes
// (compressed weights), low word.
inline constexpr uint32_t D_WGS_ADDR_LOW = 0x088;
inline constexpr Field D_WGS_ADDR_LOW_WGS_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_WMB_ADDR_HIGH: RW, per group, reset 0x00000000. Base address of the weight mask bits
// (compressed weights), high word.
inline constexpr uint32_t D_WMB_ADDR_HIGH = 0x08C;
inline constexpr Field D_WMB_ADDR_HIGH_WMB_ADDR_HIGH{0, 32};

// D_WMB_ADDR_LOW: RW, per group, reset 0x00000000. Base address of the weight mask bits (compressed
// weights), low word.
inline constexpr uint32_t D_WMB_ADDR_LOW = 0x090;
inline constexpr Field D_WMB_ADDR_LOW_WMB_ADDR_LOW{0, 32};  // nv_full: bits [31:5]

// D_WMB_BYTES: RW, per group, reset 0x00000000. Total bytes of the weight mask bits.
inline constexpr uint32_t D_WMB_BYTES = 0x094;
inline constexpr Field D_WMB_BYTES_WMB_BYTES{0, 28};  // nv_full: bits [27:7]

// D_MEAN_FORMAT: RW, per group, reset 0x00000000. Whether the image input has per-channel means
// subtracted.
inline constexpr uint32_t D_MEAN_FORMAT = 0x098;
inline constexpr Field D_MEAN_FORMAT_MEAN_FORMAT{0, 1};
inline constexpr uint32_t D_MEAN_FORMAT_MEAN_FORMAT_DISABLE = 0;
inline constexpr uint32_t D_MEAN_FORMAT_MEAN_FORMAT_ENABLE = 1;

// D_MEAN_GLOBAL_0: RW, per group, reset 0x00000000. Means subtracted from the R/Y and G/U channels
// of the image input.
inline constexpr uint32_t D_MEAN_GLOBAL_0 = 0x09C;
inline constexpr Field D_MEAN_GLOBAL_0_MEAN_RY{0, 16};
inline constexpr Field D_MEAN_GLOBAL_0_MEAN_GU{16, 16};

// D_MEAN_GLOBAL_1: RW, per group, reset 0x00000000. Means subtracted from the B/V and A/X channels
// of the image input.
inline constexpr uint32_t D_MEAN_GLOBAL_1 = 0x0A0;
inline constexpr Field D_MEAN_GLOBAL_1_MEAN_BV{0, 16};
inline constexpr Field D_MEAN_GLOBAL_1_MEAN_AX{16, 16};

// D_CVT_CFG: RW, per group, reset 0x00000000. Enables the input converter and sets the bits it
// truncates.
inline constexpr uint32_t D_CVT_CFG = 0x0A4;
inline constexpr Field D_CVT_CFG_CVT_EN{0, 1};
inline constexpr uint32_t D_CVT_CFG_CVT_EN_DISABLE = 0;
inline constexpr uint32_t D_CVT_CFG_CVT_EN_ENABLE = 1;
inline constexpr Field D_CVT_CFG_CVT_TRUNCATE{4, 6};

// D_CVT_OFFSET: RW, per group, reset 0x00000000. Signed offset of the input converter.
inline constexpr uint32_t D_CVT_OFFSET = 0x0A8;
inline constexpr Field D_CVT_OFFSET_CVT_OFFSET{0, 16};

// D_CVT_SCALE: RW, per group, reset 0x00000000. Signed scale factor of the input converter.
inline constexpr uint32_t D_CVT_SCALE = 0x0AC;
inline constexpr Field D_CVT_SCALE_CVT_SCALE{0, 16};

// D_CONV_STRIDE: RW, per group, reset 0x00000000. Horizontal and vertical convolution strides,
// minus one each.
inline constexpr uint32_t D_CONV_STRIDE = 0x0B0;
inline constexpr Field D_CONV_STRIDE_CONV_X_STRIDE{0, 3};
inline constexpr Field D_CONV_STRIDE_CONV_Y_STRIDE{16, 3};

// D_ZERO_PADDING: RW, per group, reset 0x00000000. Padding on the left, right, top and bottom of
// the input, in elements.
inline constexpr uint32_t D_ZERO_PADDING = 0x0B4;
inline constexpr Field D_ZERO_PADDING_PAD_LEFT{0, 5};
inline constexpr Field D_ZERO_PADDING_PAD_RIGHT{8, 6};
inline constexpr Field D_ZERO_PADDING_PAD_TOP{16, 5};
inline constexpr Field D_ZERO_PADDING_PAD_BOTTOM{24, 6};

// D_ZERO_PADDING_VALUE: RW, per group, reset 0x00000000. Value the padded elements take.
inline constexpr uint32_t D_ZERO_PADDING_VALUE = 0x0B8;
inline constexpr Field D_ZERO_PADDING_VALUE_PAD_VALUE{0, 16};

// D_BANK: RW, per group, reset 0x00000000. Convolution buffer banks given to the data and to the
// weights, minus one each.
inline constexpr uint32_t D_BANK = 0x0BC;
inline constexpr Field D_BANK_DATA_BANK{0, 5};  // nv_full: bits [3:0]
inline constexpr Field D_BANK_WEIGHT_BANK{16, 5};  // nv_full: bits [19:16]

// D_NAN_FLUSH_TO_ZERO: RW, per group, reset 0x00000000. Replaces NaN inputs by zero when enabled
// (FP16).
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO = 0x0C0;
inline constexpr Field D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO{0, 1};
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO_DISABLE = 0;
inline constexpr uint32_t D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO_ENABLE = 1;

// D_NAN_INPUT_DATA_NUM: RO, per group, reset 0x00000000. NaN data inputs seen in the group's last
// layer.
inline constexpr uint32_t D_NAN_INPUT_DATA_NUM = 0x0C4;
inline constexpr Field D_NAN_INPUT_DATA_NUM_NAN_DATA_NUM{0, 32};

// D_NAN_INPUT_WEIGHT_NUM: RO, per group, reset 0x00000000. NaN weights seen in the group's last
// layer.
inline constexpr uint32_t D_NAN_INPUT_WEIGHT_NUM = 0x0C8;
inline constexpr Field D_NAN_INPUT_WEIGHT_NUM_NAN_WEIGHT_NUM{0, 32};

// D_INF_INPUT_DATA_NUM: RO, per group, reset 0x00000000. Infinite data inputs seen in the group's
// last layer.
inline constexpr uint32_t D_INF_INPUT_DATA_NUM = 0x0CC;
inline constexpr Field D_INF_INPUT_DATA_NUM_INF_DATA_NUM{0, 32};

// D_INF_INPUT_WEIGHT_NUM: RO, per group, reset 0x00000000. Infinite weights seen in the group's
// last layer.
inline constexpr uint32_t D_INF_INPUT_WEIGHT_NUM = 0x0D0;
inline constexpr Field D_INF_INPUT_WEIGHT_NUM_INF_WEIGHT_NUM{0, 32};

// D_PERF_ENABLE: RW, per group, reset 0x00000000. Enables the read stall and latency counters.
inline constexpr uint32_t D_PERF_ENABLE = 0x0D4;
inline constexpr Field D_PERF_ENABLE_DMA_EN{0, 1};

// D_PERF_DAT_READ_STALL: RO, per group, reset 0x00000000. Data read stall cycles of the group's
// last layer.
inline constexpr uint32_t D_PERF_DAT_READ_STALL = 0x0D8;
inline constexpr Field D_PERF_DAT_READ_STALL_DAT_RD_STALL{0, 32};

// D_PERF_WT_READ_STALL: RO, per group, reset 0x00000000. Weight read stall cycles of the group's
// last layer.
inline constexpr uint32_t D_PERF_WT_READ_STALL = 0x0DC;
inline constexpr Field D_PERF_WT_READ_STALL_WT_RD_STALL{0, 32};

// D_PERF_DAT_READ_LATENCY: RO, per group, reset 0x00000000. Accumulated data read latency of the
// group's last layer.
inline constexpr uint32_t D_PERF_DAT_READ_LATENCY = 0x0E0;
inline constexpr Field D_PERF_DAT_READ_LATENCY_DAT_RD_LATENCY{0, 32};

// D_PERF_WT_READ_LATENCY: RO, per group, reset 0x00000000. Accumulated weight read latency of the
// group's last layer.
inline constexpr uint32_t D_PERF_WT_READ_LATENCY = 0x0E4;
inline constexpr Field D_PERF_WT_READ_LATENCY_WT_RD_LATENCY{0, 32};

// D_CYA: RW, per group, reset 0x00000000. Spare register without function.
inline constexpr uint32_t D_CYA = 0x0E8;
inline constexpr Field D_CYA_CYA{0, 32};

// This unit's register table in `config`'s map (sorted by offset).
const UnitInfo& unit_info(Config config);

}  // namespace acosim::nvdla::regs::cdma

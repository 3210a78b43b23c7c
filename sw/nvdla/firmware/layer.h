// Layer descriptions for NVDLA's firmware (nvdla/sw kmd/firmware), in the
// firmware's own vocabulary: every struct mirrors a descriptor of
// kmd/firmware/include/dla_interface.h field for field, with two changes:
// where the firmware holds an address-list index plus offset (dla_data_cube
// .address/.offset, dla_bdma_transfer_desc .source_address/
// .destination_address), a layer holds the physical address and the memory
// it is in; and where it holds an index into the network's LUT list
// (dla_sdp_op_desc.lut_index, dla_cdp_op_desc.lut_index), a layer holds the
// LUT (dla_lut_param). The task builder (task_builder.h) turns a list of
// layers into the descriptors, dependency graph and address list the
// firmware reads.
// Plain C++, no SystemC.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

namespace acosim::nvdla::firmware {

// dla_interface.h DLA_MEM_*: where a cube lives.
enum class MemoryType : uint8_t {
  Mc = 0,  // DLA_MEM_MC: external DRAM (MCIF)
  Cv = 1,  // DLA_MEM_CV: CV-SRAM (CVIF)
  Hw = 2,  // DLA_MEM_HW: another unit's datapath (on-the-fly SDP -> PDP)
};

// dla_interface.h PRECISION_*.
inline constexpr uint8_t kPrecisionInt8 = 0;
inline constexpr uint8_t kPrecisionInt16 = 1;
inline constexpr uint8_t kPrecisionFp16 = 2;

// dla_interface.h POOL_MODE_*.
inline constexpr uint8_t kPoolModeAvg = 0;
inline constexpr uint8_t kPoolModeMax = 1;
inline constexpr uint8_t kPoolModeMin = 2;

// dla_data_cube. `address` is the physical byte address of the cube's first
// atom in `type`'s memory (the firmware's address-list entry plus offset);
// unused for MemoryType::Hw.
struct DataCube {
  MemoryType type = MemoryType::Mc;
  uint64_t address = 0;
  uint32_t size = 0;  // bytes of the cube in memory, at least its extent (0: the builder writes the extent)
  uint16_t width = 0;
  uint16_t height = 0;
  uint16_t channel = 0;
  uint32_t line_stride = 0;
  uint32_t surf_stride = 0;
  uint32_t plane_stride = 0;  // Rubik only
};

// dla_bdma_transfer_desc, with physical addresses.
struct BdmaTransfer {
  uint64_t source_address = 0;
  uint64_t destination_address = 0;
  uint32_t line_size = 0;    // bytes per line, a multiple of 32
  uint32_t line_repeat = 1;  // lines per surface (1..8192)
  uint32_t source_line = 0;  // line strides in bytes
  uint32_t destination_line = 0;
  uint32_t surface_repeat = 1;  // surfaces (1..8192)
  uint32_t source_surface = 0;  // surface strides in bytes
  uint32_t destination_surface = 0;
};

// A BDMA copy: dla_bdma_surface_desc's memories and transfers. A surface
// descriptor holds at most NUM_MAX_BDMA_OPS (20) transfers; the builder
// splits a longer list into consecutive BDMA operations of 20, each waiting
// for the previous one to complete.
struct BdmaCopy {
  MemoryType source_type = MemoryType::Mc;
  MemoryType destination_type = MemoryType::Mc;
  std::vector<BdmaTransfer> transfers;
};

// dla_pdp_op_desc. pool_width/pool_height are dla_pool_width/height
// (POOL_SIZE_n: kernel size - 1), stride_x/stride_y the strides themselves
// (1..8), split_num the number of split-width stripes (1: not split), the
// partial widths as in the descriptor (0 where unused).
struct PdpOpDesc {
  uint16_t partial_in_width_first = 0;
  uint16_t partial_in_width_mid = 0;
  uint16_t partial_in_width_last = 0;
  uint16_t partial_width_first = 0;
  uint16_t partial_width_mid = 0;
  uint16_t partial_width_last = 0;
  uint8_t split_num = 1;
  uint8_t pool_mode = kPoolModeMax;
  uint8_t pool_width = 0;
  uint8_t pool_height = 0;
  uint8_t stride_x = 1;
  uint8_t stride_y = 1;
  uint8_t pad_left = 0;
  uint8_t pad_right = 0;
  uint8_t pad_top = 0;
  uint8_t pad_bottom = 0;
  uint8_t precision = kPrecisionInt8;
  std::array<int32_t, 7> padding_value{};  // PDP_PAD_VAL_NUM
};

// A pooling layer: dla_pdp_op_desc and dla_pdp_surface_desc (src_data must
// be in memory; for the fused form see SdpPdpLayer).
struct PdpLayer {
  PdpOpDesc op;
  DataCube src_data;
  DataCube dst_data;
};

// dla_cvt_param.
struct CvtParam {
  int16_t scale = 0;
  uint8_t truncate = 0;
  uint8_t enable = 0;
  int32_t offset = 0;
};

// dla_sdp_cvt.
struct SdpCvt {
  CvtParam alu_cvt;
  CvtParam mul_cvt;
};

// dla_sdp_op: one SDP stage (X1 = BS, X2 = BN, Y = EW). enable = 0 bypasses
// the stage. type: SDP_OP_NONE/MUL/ADD/BOTH; alu_type: SDP_ALU_OP_*;
// mode: SDP_OP_PER_LAYER/KERNEL/POINT; act: ACTIVATION_*.
struct SdpOp {
  uint8_t enable = 0;
  uint8_t alu_type = 0;
  uint8_t type = 0;
  uint8_t mode = 0;
  uint8_t act = 0;
  uint8_t shift_value = 0;
  uint8_t truncate = 0;
  uint8_t precision = kPrecisionInt8;
  int32_t alu_operand = 0;
  int32_t mul_operand = 0;
  SdpCvt cvt;
};

// dla_interface.h LUT_METHOD_* (dla_lut_param.method) and LUT_PRI_*
// (hybrid/underflow/overflow_priority), and the table sizes
// (1 << LUT_LINEAR_EXP_TABLE_ENTRY_LOG2) + 1 and
// (1 << LUT_LINEAR_ONLY_TABLE_ENTRY_LOG2) + 1.
inline constexpr uint8_t kLutMethodExponential = 0;
inline constexpr uint8_t kLutMethodLinear = 1;
inline constexpr uint8_t kLutPriorityLinearExp = 0;
inline constexpr uint8_t kLutPriorityLinearOnly = 1;
inline constexpr size_t kLutLinearExpEntries = 65;
inline constexpr size_t kLutLinearOnlyEntries = 257;

// union dla_slope: for INT8/INT16 data_i (dla_float_data: the slope is
// scale >> shifter); for FP16 data_f, the FP16 bits, which the union keeps
// where data_i.scale is (shifter then unused).
struct LutSlope {
  int16_t scale = 0;
  int8_t shifter = 0;
};

// dla_lut_param: the two tables and how SDP (or CDP) indexes them. The
// offsets are union dla_lut_offset, one signed byte each:
// linear_exp_offset is exp_offset for LUT_METHOD_EXPONENTIAL and frac_bits
// for LUT_METHOD_LINEAR, linear_only_offset is frac_bits (common.c
// update_lut writes them to S_LUT_INFO by method).
struct LutParam {
  std::array<int16_t, kLutLinearExpEntries> linear_exp_table{};
  std::array<int16_t, kLutLinearOnlyEntries> linear_only_table{};
  int8_t linear_exp_offset = 0;
  int8_t linear_only_offset = 0;
  uint64_t linear_exp_start = 0;
  uint64_t linear_exp_end = 0;
  uint64_t linear_only_start = 0;
  uint64_t linear_only_end = 0;
  LutSlope linear_exp_underflow_slope;
  LutSlope linear_exp_overflow_slope;
  LutSlope linear_only_underflow_slope;
  LutSlope linear_only_overflow_slope;
  uint8_t hybrid_priority = kLutPriorityLinearExp;
  uint8_t underflow_priority = kLutPriorityLinearExp;
  uint8_t overflow_priority = kLutPriorityLinearExp;
  uint8_t method = kLutMethodExponential;
};

// dla_sdp_op_desc. Instead of lut_index the layer holds its LUT: the
// builder puts every layer's LUT into the network's LUT list
// (dla_network_desc.lut_data_index, num_luts) and writes its position as
// lut_index, -1 for a layer without one (sdp.c processor_sdp_program
// programs the LUT only for lut_index >= 0).
struct SdpOpDesc {
  uint8_t src_precision = kPrecisionInt8;
  uint8_t dst_precision = kPrecisionInt8;
  CvtParam out_cvt;
  uint8_t conv_mode = 0;  // CONV_MODE_DIRECT
  uint8_t batch_num = 1;
  uint32_t batch_stride = 0;
  SdpOp x1_op;
  SdpOp x2_op;
  SdpOp y_op;
  std::optional<LutParam> lut;
};

// dla_sdp_surface_desc. x1/x2/y_data are read only by a stage whose mode is
// per kernel or per point (sdp.c processor_sdp_program x1/x2/y_rdma_ena):
// the stage's operand DMA reads from `address` with the cube's line and
// surface strides (per kernel: one contiguous run, strides unused). The
// firmware programs no operand dimensions; width, height and channel size
// the buffer: per kernel 1 x 1 x C, per point W x H x C of src_data. An
// operand record is the stage's precision (1 byte for INT8, else 2) times 2
// for SDP_OP_BOTH (ALU value, then MUL value), one per element at SDP's
// processing precision (nvdla/doc format.rst, bias/batch-norm data).
struct SdpSurfaceDesc {
  DataCube src_data;
  DataCube x1_data;
  DataCube x2_data;
  DataCube y_data;
};

// SDP fused into PDP: SDP reads src_data from memory and streams its output
// to PDP on the fly (the builder sets SDP's dst_data and PDP's src_data to
// MemoryType::Hw with the dimensions of `sdp.src_data`, and links the two
// operations as fused parent and child). `pdp_dst_data` is the pooled
// output in memory.
struct SdpPdpLayer {
  SdpOpDesc sdp_op;
  SdpSurfaceDesc sdp_surface;
  PdpOpDesc pdp_op;
  DataCube pdp_dst_data;
};

// SDP on its own: SDP reads src_data from memory and writes its result to
// dst_data in memory (dla_sdp_op_desc and dla_sdp_surface_desc with
// dst_data in memory; `surface.src_data` must be in memory too: no
// convolution here).
struct SdpLayer {
  SdpOpDesc op;
  SdpSurfaceDesc surface;
  DataCube dst_data;
};

// dla_cdp_op_desc. Instead of lut_index the layer holds its LUT, as
// SdpOpDesc does: the builder puts it into the network's LUT list and
// writes its position as lut_index, -1 for a layer without one (cdp.c
// processor_cdp_program programs CDP's LUT through common.c update_lut only
// for lut_index >= 0; CDP's datapath reads the LUT for every element, so
// without one it uses whatever tables the LUT port last left).
// local_size is the normalisation window (3, 5, 7 or 9 channels:
// map_local_size writes (local_size - 1) / 2 - 1 to D_LRN_CFG.NORMALZ_LEN);
// in_cvt / out_cvt are the input and output converters (D_DATIN_* /
// D_DATOUT_*: offset, scale, truncate = shifter; cdp.c ignores `enable`);
// bypass_sqsum / bypass_out_mul set D_FUNC_BYPASS.SQSUM_BYPASS /
// MUL_BYPASS. processor_cdp_program refuses in_precision != out_precision.
struct CdpOpDesc {
  uint8_t in_precision = kPrecisionInt8;
  uint8_t out_precision = kPrecisionInt8;
  CvtParam in_cvt;
  CvtParam out_cvt;
  uint8_t local_size = 3;
  uint8_t bypass_sqsum = 0;
  uint8_t bypass_out_mul = 0;
  std::optional<LutParam> lut;
};

// Local response normalisation: dla_cdp_op_desc and dla_cdp_surface_desc.
// CDP_RDMA reads src_data from memory and CDP writes dst_data to memory,
// with the dimensions of src_data (processor_cdp_program programs the cube
// dimensions into CDP_RDMA only; dst_data gives the address, strides and
// memory).
struct CdpLayer {
  CdpOpDesc op;
  DataCube src_data;
  DataCube dst_data;
};

// dla_interface.h CONV_MODE_DIRECT / CONV_MODE_WINOGRAD.
inline constexpr uint8_t kConvModeDirect = 0;
inline constexpr uint8_t kConvModeWinograd = 1;

// dla_interface.h FORMAT_FEATURE (dla_conv_op_desc.data_format: a feature
// cube; the pixel formats FORMAT_T_* are 0..35), WEIGHT_FORMAT_* and
// MEAN_FORMAT_*.
inline constexpr uint8_t kDataFormatFeature = 36;
inline constexpr uint8_t kWeightFormatUncompressed = 0;
inline constexpr uint8_t kWeightFormatCompressed = 1;
inline constexpr uint8_t kMeanFormatDisable = 0;
inline constexpr uint8_t kMeanFormatEnable = 1;

// dla_conv_op_desc, field for field (without the reserved bytes). conv.c
// processor_conv_program writes the *_csc and *_cmac dimensions, the
// strides, dilations, banks, entries, grain and release as the register
// fields plus one (the registers hold "value - 1"); entry_per_slice,
// data_bank/weight_bank (CBUF banks), release (slices), fetch_grain and
// the CSC/CMAC dimensions are the compiler's convolution-buffer plan, which
// the firmware copies without checking. out_cvt: the firmware refuses
// scale != 1 and offset != 0 and writes truncate to CACC's D_CLIP_CFG.
struct ConvOpDesc {
  uint8_t conv_mode = 0;  // CONV_MODE_DIRECT
  uint8_t data_reuse = 0;
  uint8_t weight_reuse = 0;
  uint8_t skip_data_rls = 0;
  uint8_t skip_weight_rls = 0;
  uint16_t entry_per_slice = 1;
  uint8_t data_format = kDataFormatFeature;
  uint8_t pixel_mapping = 0;  // PIXEL_MAPPING_PITCH_LINEAR
  uint16_t fetch_grain = 1;
  uint8_t batch = 1;
  uint8_t weight_format = kWeightFormatUncompressed;
  uint8_t data_bank = 1;
  uint8_t weight_bank = 1;
  uint32_t batch_stride = 0;
  uint8_t post_extension = 0;
  uint8_t pixel_override = 0;
  uint16_t release = 1;
  uint16_t input_width_csc = 1;
  uint16_t input_height_csc = 1;
  uint16_t input_channel_csc = 1;
  uint16_t kernel_width_csc = 1;
  uint16_t kernel_height_csc = 1;
  uint16_t kernel_channel_csc = 1;
  uint16_t input_width_cmac = 1;
  uint16_t input_height_cmac = 1;
  uint32_t bytes_per_kernel = 1;
  int16_t mean_ry = 0;
  int16_t mean_gu = 0;
  int16_t mean_bv = 0;
  int16_t mean_ax = 0;
  uint8_t mean_format = kMeanFormatDisable;
  uint8_t conv_stride_x = 1;
  uint8_t conv_stride_y = 1;
  uint8_t pad_x_left = 0;
  uint8_t pad_x_right = 0;
  uint8_t pad_y_top = 0;
  uint8_t pad_y_bottom = 0;
  uint8_t dilation_x = 1;
  uint8_t dilation_y = 1;
  uint8_t pra_truncate = 0;
  uint8_t in_precision = kPrecisionInt8;
  uint8_t out_precision = kPrecisionInt8;
  int16_t pad_val = 0;
  CvtParam in_cvt;
  CvtParam out_cvt{1, 0, 0, 0};
};

// dla_conv_surface_desc for uncompressed weights (wmb_data and wgs_data
// unused: the builder writes them as no buffer). weight_data: the kernels
// in memory, `size` their bytes (a multiple of 128: processor_conv_program
// CHECK_ALIGN), the dimensions informative (the firmware reads none of
// them). src_data: the input feature cube in memory. dst_data: the
// convolution's output, which goes to SDP (MemoryType::Hw): its dimensions
// become CACC's D_DATAOUT_SIZE_*, CSC's WEIGHT_KERNEL and D_ATOMICS, its
// strides CACC's D_LINE_STRIDE / D_SURF_STRIDE. offset_u and
// in_line_uv_stride serve planar pixel input (CDMA D_DAIN_ADDR_*_1,
// D_LINE_UV_STRIDE); the firmware writes them for any input.
// With conv_op.weight_format WEIGHT_FORMAT_COMPRESSED, wmb_data (the weight
// mask bits) and wgs_data (the weight group sizes) are where CDMA reads
// them; only their type, address and size matter (conv.c writes the size
// of wmb_data to D_WMB_BYTES). Uncompressed layers leave them unset.
struct ConvSurfaceDesc {
  DataCube weight_data;
  DataCube wmb_data;
  DataCube wgs_data;
  DataCube src_data;
  DataCube dst_data{MemoryType::Hw};
  int64_t offset_u = 0;
  uint32_t in_line_uv_stride = 0;
};

// A convolution fused with SDP in flying mode: CDMA reads the feature and
// weight data, CSC/CMAC/CACC convolve, and CACC streams its output to SDP
// (sdp_surface.src_data is MemoryType::Hw with the dimensions of
// conv_surface.dst_data: sdp.c processor_sdp_program sets FLYING_MODE=ON
// and programs SDP_RDMA only for operands in memory), which writes
// sdp_dst_data to memory. The builder links the two operations as the
// NVDLA compiler does (scheduler.c): SDP is programmed once CONV is, and
// CONV (the fused parent) is enabled once SDP is.
struct ConvLayer {
  ConvOpDesc conv_op;
  ConvSurfaceDesc conv_surface;
  SdpOpDesc sdp_op;
  SdpSurfaceDesc sdp_surface;
  DataCube sdp_dst_data;
};

// dla_interface.h RUBIK_MODE_*.
inline constexpr uint8_t kRubikModeContract = 0;
inline constexpr uint8_t kRubikModeSplit = 1;
inline constexpr uint8_t kRubikModeMerge = 2;

// dla_rubik_op_desc. stride_x/stride_y are the deconvolution strides of
// contract mode (1..32; D_DECONV_STRIDE holds them minus 1).
struct RubikOpDesc {
  uint8_t mode = kRubikModeContract;
  uint8_t precision = kPrecisionInt8;
  uint8_t stride_x = 1;
  uint8_t stride_y = 1;
};

// A Rubik reshape (nv_full only): dla_rubik_op_desc and
// dla_rubik_surface_desc. rubik.c processor_rubik_program programs the
// input's dimensions from src_data and the output's channels (contract:
// Cout; split: the planes) from dst_data.channel:
//   contract (deconvolution's reordering): src_data holds stride_x *
//   stride_y sub-cubes of ceil(Cout * bytes / 32) surfaces each, one after
//   the other (the firmware writes D_CONTRACT_STRIDE_0 as that many
//   src_data surface strides, and D_CONTRACT_STRIDE_1 as stride_y
//   dst_data lines); src_data.channel = Cout * stride_x * stride_y;
//   dst_data is the (width * stride_x) x (height * stride_y) x Cout cube;
//   split (cube to planes): dst_data.plane_stride between the planes;
//   merge (planes to cube): src_data.plane_stride between the planes.
struct RubikLayer {
  RubikOpDesc op;
  DataCube src_data;
  DataCube dst_data;
};

using Layer = std::variant<BdmaCopy, PdpLayer, SdpPdpLayer, SdpLayer, CdpLayer, ConvLayer, RubikLayer>;

// A layer of a task. Layers run in list order: with `after_previous`, a
// layer starts when the previous layer has completed (its dla_common_op_desc
// lists this one as a consumer for DLA_EVENT_OP_COMPLETED); without it, it
// may run beside the previous layer (two operations of one unit then use
// the unit's two register groups).
struct Operation {
  Layer layer;
  bool after_previous = true;
};

}  // namespace acosim::nvdla::firmware

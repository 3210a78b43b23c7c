#include "systemc/nvdla/conv_datapath.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>

#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "systemc/nvdla/float16.h"

namespace acosim::nvdla {

namespace cdma = regs::cdma;
namespace csc = regs::csc;
namespace cacc = regs::cacc;
namespace cmac_a = regs::cmac_a;
namespace cmac_b = regs::cmac_b;

ConvCoreConfig conv_core_config(Config config) {
  switch (config) {
    case Config::NvSmall:
      return {8, 8, 32, 512, 8, 0, false, false};  // nv_small.spec (int8 only)
    case Config::NvSmall256Full:
      return {32, 8, 32, 128, 32, 0, false, false};  // nv_small_256_full.spec (int8 only)
    case Config::NvLarge:
      return {64, 32, 16, 512, 64, 0, false, false};  // nv_large.spec (int8 only)
    case Config::NvFull:
      // nvdlav1: 64 x 16 MACs (32 int8 or 16 int16 kernels), 16 x 32 KiB CBUF
      return {64, 32, 16, 256, 128, 16, true, true};
  }
  throw std::invalid_argument("conv_core_config: unknown configuration");
}

namespace {

uint64_t address(uint32_t high, uint32_t low, uint32_t low_mask) { return (uint64_t(high) << 32) | (low & low_mask); }

std::string num(uint64_t v) { return std::to_string(v); }

}  // namespace

ConvLayer decode_conv(const ConvRegisters& r, const HardwareConfig& config) {
  ConvLayer l;
  l.config = config.config;
  l.atom_bytes = config.atom_bytes;
  l.core = conv_core_config(config.config);
  const uint32_t amask = config.address_field_mask();

  l.cdma_conv_mode = cdma::D_MISC_CFG_CONV_MODE.get(r.cdma_misc_cfg);
  l.cdma_in_precision = cdma::D_MISC_CFG_IN_PRECISION.get(r.cdma_misc_cfg);
  l.cdma_proc_precision = cdma::D_MISC_CFG_PROC_PRECISION.get(r.cdma_misc_cfg);
  l.data_reuse = cdma::D_MISC_CFG_DATA_REUSE.get(r.cdma_misc_cfg) != 0;
  l.weight_reuse = cdma::D_MISC_CFG_WEIGHT_REUSE.get(r.cdma_misc_cfg) != 0;
  l.skip_data_rls = cdma::D_MISC_CFG_SKIP_DATA_RLS.get(r.cdma_misc_cfg) != 0;
  l.skip_weight_rls = cdma::D_MISC_CFG_SKIP_WEIGHT_RLS.get(r.cdma_misc_cfg) != 0;
  l.csc_conv_mode = csc::D_MISC_CFG_CONV_MODE.get(r.csc_misc_cfg);
  l.csc_in_precision = csc::D_MISC_CFG_IN_PRECISION.get(r.csc_misc_cfg);
  l.csc_proc_precision = csc::D_MISC_CFG_PROC_PRECISION.get(r.csc_misc_cfg);
  l.cmac_a_conv_mode = cmac_a::D_MISC_CFG_CONV_MODE.get(r.cmac_a_misc_cfg);
  l.cmac_a_precision = cmac_a::D_MISC_CFG_PROC_PRECISION.get(r.cmac_a_misc_cfg);
  l.cmac_b_conv_mode = cmac_b::D_MISC_CFG_CONV_MODE.get(r.cmac_b_misc_cfg);
  l.cmac_b_precision = cmac_b::D_MISC_CFG_PROC_PRECISION.get(r.cmac_b_misc_cfg);
  l.cacc_conv_mode = cacc::D_MISC_CFG_CONV_MODE.get(r.cacc_misc_cfg);
  l.cacc_precision = cacc::D_MISC_CFG_PROC_PRECISION.get(r.cacc_misc_cfg);

  l.cdma_pixel_input = cdma::D_DATAIN_FORMAT_DATAIN_FORMAT.get(r.cdma_datain_format) ==
                       cdma::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL;
  l.csc_pixel_input = csc::D_DATAIN_FORMAT_DATAIN_FORMAT.get(r.csc_datain_format) != 0;
  l.cvt_enable = cdma::D_CVT_CFG_CVT_EN.get(r.cdma_cvt_cfg) != 0;
  l.cvt_truncate = cdma::D_CVT_CFG_CVT_TRUNCATE.get(r.cdma_cvt_cfg);
  l.cvt_offset = static_cast<int16_t>(static_cast<uint16_t>(cdma::D_CVT_OFFSET_CVT_OFFSET.get(r.cdma_cvt_offset)));
  l.cvt_scale = static_cast<int16_t>(static_cast<uint16_t>(cdma::D_CVT_SCALE_CVT_SCALE.get(r.cdma_cvt_scale)));
  l.mean_enable = cdma::D_MEAN_FORMAT_MEAN_FORMAT.get(r.cdma_mean_format) != 0;
  l.pixel_format = cdma::D_DATAIN_FORMAT_PIXEL_FORMAT.get(r.cdma_datain_format);
  l.pixel_mapping = cdma::D_DATAIN_FORMAT_PIXEL_MAPPING.get(r.cdma_datain_format);
  l.pixel_signed = cdma::D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE.get(r.cdma_datain_format) ==
                   cdma::D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE_SIGNED_INT;
  l.pixel_x_offset = cdma::D_PIXEL_OFFSET_PIXEL_X_OFFSET.get(r.cdma_pixel_offset);
  l.pixel_y_offset = cdma::D_PIXEL_OFFSET_PIXEL_Y_OFFSET.get(r.cdma_pixel_offset);
  const auto s16 = [](uint32_t v) { return static_cast<int16_t>(static_cast<uint16_t>(v)); };
  l.mean[0] = s16(cdma::D_MEAN_GLOBAL_0_MEAN_RY.get(r.cdma_mean_global_0));
  l.mean[1] = s16(cdma::D_MEAN_GLOBAL_0_MEAN_GU.get(r.cdma_mean_global_0));
  l.mean[2] = s16(cdma::D_MEAN_GLOBAL_1_MEAN_BV.get(r.cdma_mean_global_1));
  l.mean[3] = s16(cdma::D_MEAN_GLOBAL_1_MEAN_AX.get(r.cdma_mean_global_1));
  l.cdma_pad_value = s16(cdma::D_ZERO_PADDING_VALUE_PAD_VALUE.get(r.cdma_zero_padding_value));
  l.post_y_extension = csc::D_POST_Y_EXTENSION_Y_EXTENSION.get(r.csc_post_y_extension);
  l.cdma_weight_compressed = cdma::D_WEIGHT_FORMAT_WEIGHT_FORMAT.get(r.cdma_weight_format) != 0;
  l.csc_weight_compressed = csc::D_WEIGHT_FORMAT_WEIGHT_FORMAT.get(r.csc_weight_format) != 0;
  l.nan_to_zero = cdma::D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO.get(r.cdma_nan_flush_to_zero) != 0;

  l.width = cdma::D_DATAIN_SIZE_0_DATAIN_WIDTH.get(r.cdma_datain_size_0) + 1;
  l.height = cdma::D_DATAIN_SIZE_0_DATAIN_HEIGHT.get(r.cdma_datain_size_0) + 1;
  l.channels = cdma::D_DATAIN_SIZE_1_DATAIN_CHANNEL.get(r.cdma_datain_size_1) + 1;
  l.width_ext = cdma::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.get(r.cdma_datain_size_ext_0) + 1;
  l.height_ext = cdma::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.get(r.cdma_datain_size_ext_0) + 1;
  l.input_mc = cdma::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE.get(r.cdma_dain_ram_type) ==
               cdma::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  l.input_address = address(r.cdma_dain_addr_high_0, r.cdma_dain_addr_low_0, amask);
  l.uv_address = address(r.cdma_dain_addr_high_1, r.cdma_dain_addr_low_1, amask);
  l.uv_line_stride = r.cdma_line_uv_stride & amask;
  l.line_stride = r.cdma_line_stride & amask;
  l.surface_stride = r.cdma_surf_stride & amask;
  l.line_packed = cdma::D_DAIN_MAP_LINE_PACKED.get(r.cdma_dain_map) != 0;
  l.surface_packed = cdma::D_DAIN_MAP_SURF_PACKED.get(r.cdma_dain_map) != 0;
  l.batches = cdma::D_BATCH_NUMBER_BATCHES.get(r.cdma_batch_number) + 1;
  l.batch_stride = r.cdma_batch_stride & amask;
  l.cdma_entry_per_slice = cdma::D_ENTRY_PER_SLICE_ENTRIES.get(r.cdma_entry_per_slice) + 1;
  l.cdma_data_banks = cdma::D_BANK_DATA_BANK.get(r.cdma_bank) + 1;
  l.cdma_weight_banks = cdma::D_BANK_WEIGHT_BANK.get(r.cdma_bank) + 1;
  l.cdma_stride_x = cdma::D_CONV_STRIDE_CONV_X_STRIDE.get(r.cdma_conv_stride) + 1;
  l.cdma_stride_y = cdma::D_CONV_STRIDE_CONV_Y_STRIDE.get(r.cdma_conv_stride) + 1;
  l.cdma_pad_left = cdma::D_ZERO_PADDING_PAD_LEFT.get(r.cdma_zero_padding);
  l.cdma_pad_right = cdma::D_ZERO_PADDING_PAD_RIGHT.get(r.cdma_zero_padding);
  l.cdma_pad_top = cdma::D_ZERO_PADDING_PAD_TOP.get(r.cdma_zero_padding);
  l.cdma_pad_bottom = cdma::D_ZERO_PADDING_PAD_BOTTOM.get(r.cdma_zero_padding);

  l.weight_mc = cdma::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE.get(r.cdma_weight_ram_type) ==
                cdma::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  l.weight_address = address(r.cdma_weight_addr_high, r.cdma_weight_addr_low, amask);
  l.bytes_per_kernel = cdma::D_WEIGHT_SIZE_0_BYTE_PER_KERNEL.get(r.cdma_weight_size_0) + 1;
  l.cdma_kernels = cdma::D_WEIGHT_SIZE_1_WEIGHT_KERNEL.get(r.cdma_weight_size_1) + 1;
  l.cdma_weight_bytes = r.cdma_weight_bytes;
  l.wgs_address = address(r.cdma_wgs_addr_high, r.cdma_wgs_addr_low, amask);
  l.wmb_address = address(r.cdma_wmb_addr_high, r.cdma_wmb_addr_low, amask);
  // nvdlav1 NV_NVDLA_CDMA_wt.v takes reg2dp_wmb_bytes[20:0], the register's
  // bits [27:7]: a count of 128-byte units.
  l.cdma_wmb_bytes = r.cdma_wmb_bytes & 0x0FFFFF80u;

  l.csc_width = csc::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.get(r.csc_datain_size_ext_0) + 1;
  l.csc_height = csc::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.get(r.csc_datain_size_ext_0) + 1;
  l.csc_channels = csc::D_DATAIN_SIZE_EXT_1_DATAIN_CHANNEL_EXT.get(r.csc_datain_size_ext_1) + 1;
  l.csc_batches = csc::D_BATCH_NUMBER_BATCHES.get(r.csc_batch_number) + 1;
  l.csc_entry_per_slice = csc::D_ENTRY_PER_SLICE_ENTRIES.get(r.csc_entry_per_slice) + 1;
  l.kernel_width = csc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.get(r.csc_weight_size_ext_0) + 1;
  l.kernel_height = csc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.get(r.csc_weight_size_ext_0) + 1;
  l.kernel_channels = csc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.get(r.csc_weight_size_ext_1) + 1;
  l.kernels = csc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.get(r.csc_weight_size_ext_1) + 1;
  l.csc_weight_bytes = r.csc_weight_bytes;
  l.csc_wmb_bytes = r.csc_wmb_bytes & 0x0FFFFF80u;
  l.out_width = csc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.get(r.csc_dataout_size_0) + 1;
  l.out_height = csc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.get(r.csc_dataout_size_0) + 1;
  l.out_channels = csc::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.get(r.csc_dataout_size_1) + 1;
  l.stride_x = csc::D_CONV_STRIDE_EXT_CONV_X_STRIDE_EXT.get(r.csc_conv_stride_ext) + 1;
  l.stride_y = csc::D_CONV_STRIDE_EXT_CONV_Y_STRIDE_EXT.get(r.csc_conv_stride_ext) + 1;
  l.dilation_x = csc::D_DILATION_EXT_X_DILATION_EXT.get(r.csc_dilation_ext) + 1;
  l.dilation_y = csc::D_DILATION_EXT_Y_DILATION_EXT.get(r.csc_dilation_ext) + 1;
  l.pad_left = csc::D_ZERO_PADDING_PAD_LEFT.get(r.csc_zero_padding);
  l.pad_top = csc::D_ZERO_PADDING_PAD_TOP.get(r.csc_zero_padding);
  l.pad_value = static_cast<int16_t>(static_cast<uint16_t>(r.csc_zero_padding_value & 0xFFFFu));
  l.csc_data_banks = csc::D_BANK_DATA_BANK.get(r.csc_bank) + 1;
  l.csc_weight_banks = csc::D_BANK_WEIGHT_BANK.get(r.csc_bank) + 1;
  l.csc_atomics = csc::D_ATOMICS_ATOMICS.get(r.csc_atomics) + 1;
  l.pra_truncate = csc::D_PRA_CFG_PRA_TRUNCATE.get(r.csc_pra_cfg);

  l.cacc_width = cacc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.get(r.cacc_dataout_size_0) + 1;
  l.cacc_height = cacc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.get(r.cacc_dataout_size_0) + 1;
  l.cacc_channels = cacc::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.get(r.cacc_dataout_size_1) + 1;
  l.cacc_batches = cacc::D_BATCH_NUMBER_BATCHES.get(r.cacc_batch_number) + 1;
  l.truncate = cacc::D_CLIP_CFG_CLIP_TRUNCATE.get(r.cacc_clip_cfg);
  return l;
}

namespace {

// A pixel format of the header's image rules: bytes per pixel (of plane
// 0), the width of one component in the buffer (1 or 2 bytes), the
// components, for each channel the component's index within the pixel (a
// semi-planar pixel is its plane-0 bytes followed by its plane-1 bytes),
// the plane-1 bytes per pixel (0: one plane), whether the components are
// fp16 (the _F formats), and for the 10-bit packed formats the lowest bit
// of each channel's field within the little-endian 32-bit pixel word.
struct PixelFormat {
  uint32_t bytes = 0;
  uint32_t component_bytes = 1;
  uint32_t components = 0;
  uint32_t order[4] = {0, 1, 2, 3};
  uint32_t uv_bytes = 0;
  bool fp16 = false;
  bool packed10 = false;
  uint32_t field_lsb[4] = {0, 0, 0, 0};
};

// A 10-bit packed format (4 bytes per pixel, four 16-bit components in the
// buffer) with the lowest bit of R/Y, G/U, B/V and the 2-bit A field.
PixelFormat packed10(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
  PixelFormat f{4, 2, 4, {0, 1, 2, 3}};
  f.packed10 = true;
  f.field_lsb[0] = r;
  f.field_lsb[1] = g;
  f.field_lsb[2] = b;
  f.field_lsb[3] = a;
  return f;
}

// The same format with fp16 components.
PixelFormat fp16_format(PixelFormat f) {
  f.fp16 = true;
  return f;
}

// The pixel formats (cmod/cdma/NV_NVDLA_cdma.cpp rgba_idx per format);
// nullopt for the reserved values.
std::optional<PixelFormat> pixel_format(uint32_t format) {
  switch (format) {
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8:
      return PixelFormat{1, 1, 1, {0, 0, 0, 0}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8B8G8R8:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_X8B8G8R8:
      return PixelFormat{4, 1, 4, {0, 1, 2, 3}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8R8G8B8:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_X8R8G8B8:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8Y8U8V8:
      return PixelFormat{4, 1, 4, {2, 1, 0, 3}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_B8G8R8A8:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_B8G8R8X8:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_V8U8Y8A8:
      return PixelFormat{4, 1, 4, {1, 2, 3, 0}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8G8B8A8:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8G8B8X8:
      return PixelFormat{4, 1, 4, {3, 2, 1, 0}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R10:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R12:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16_I:
      return PixelFormat{2, 2, 1, {0, 0, 0, 0}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_X16B16G16R16:
      return PixelFormat{8, 2, 4, {0, 1, 2, 3}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16Y16U16V16:
      return PixelFormat{8, 2, 4, {2, 1, 0, 3}};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_V16U16Y16A16:
      return PixelFormat{8, 2, 4, {1, 2, 3, 0}};
    // fp16 (cmod PIXEL_FP16; RTL IMG_ctrl.v pixel_precision 3): the
    // layouts of T_R16, T_A16B16G16R16 and T_A16Y16U16V16.
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16_F:
      return fp16_format(PixelFormat{2, 2, 1, {0, 0, 0, 0}});
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16_F:
      return fp16_format(PixelFormat{8, 2, 4, {0, 1, 2, 3}});
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16Y16U16V16_F:
      return fp16_format(PixelFormat{8, 2, 4, {2, 1, 0, 3}});
    // 10-bit packed: one little-endian 32-bit word per pixel, the fields
    // named from its most significant end (cmod pixel_32 shifts per format;
    // RTL IMG_sg.v pixel_order 0x40/0x80/0x100, IMG_pack.v
    // pk_rsp_dat_ergb).
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2B10G10R10:
      return packed10(0, 10, 20, 30);
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2R10G10B10:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2Y10U10V10:
      return packed10(20, 10, 0, 30);
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_B10G10R10A2:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_V10U10Y10A2:
      return packed10(2, 12, 22, 0);
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R10G10B10A2:
      return packed10(22, 12, 2, 0);
    // Semi-planar: Y in plane 0, the UV pair in plane 1, named most
    // significant first (U8V8 keeps V in the pair's first byte; IMG_sg.v
    // rsp_img_data_sw_o9/o10 swap the pair for U-first formats).
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___U8V8_N444:
      return PixelFormat{1, 1, 3, {0, 2, 1, 0}, 2};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___V8U8_N444:
      return PixelFormat{1, 1, 3, {0, 1, 2, 0}, 2};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y10___U10V10_N444:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y12___U12V12_N444:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y16___U16V16_N444:
      return PixelFormat{2, 2, 3, {0, 2, 1, 0}, 4};
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y10___V10U10_N444:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y12___V12U12_N444:
    case cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y16___V16U16_N444:
      return PixelFormat{2, 2, 3, {0, 1, 2, 0}, 4};
    default:
      return std::nullopt;
  }
}

// Output extent of one dimension: (in + pads - dilated kernel) / stride + 1,
// or 0 when the dilated kernel does not fit.
uint64_t output_extent(uint64_t in, uint64_t pads, uint64_t kernel, uint64_t dilation, uint64_t stride) {
  const uint64_t span = (kernel - 1) * dilation + 1;
  if (in + pads < span) return 0;
  return (in + pads - span) / stride + 1;
}

}  // namespace

namespace {

// Plane 1's X offset in pixels: PIXEL_X_OFFSET within plane 1's first atom
// (NV_NVDLA_CDMA_IMG_ctrl.v pixel_planar1_x_offset = offset & planar-1
// mask; cmod/cdma/NV_NVDLA_cdma.cpp p1_x_offset_byte, planar1_pixel_idx).
uint32_t image_uv_x_offset(const ConvLayer& l, const PixelFormat& f) {
  return f.uv_bytes == 0 ? 0 : l.pixel_x_offset % (l.atom_bytes / f.uv_bytes);
}

// Elements of one image line in the buffer, padding included (the
// header's CSC rule), and the buffer entries they take.
uint64_t image_line_entries(const ConvLayer& l) {
  const uint64_t bytes =
      (uint64_t(l.cdma_pad_left) + l.width + l.cdma_pad_right) * l.channels * l.element_bytes();
  return (bytes + l.core.cbuf_entry_bytes - 1) / l.core.cbuf_entry_bytes;
}

// The image-input rules of the header; runs after the precisions are
// known to agree.
std::optional<std::string> image_unsupported_or_illegal(const ConvLayer& l) {
  const auto not_modelled = [](const std::string& what) { return what + " is not modelled"; };
  const std::string format = "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (" + num(l.pixel_format) + ")";
  const std::optional<PixelFormat> f = pixel_format(l.pixel_format);
  if (!f) return format + " is reserved";
  // The format fixes the input precision: 8-bit formats INT8, 10/12/16-bit
  // and 10-bit packed formats INT16, the _F formats FP16 (nvdlav1
  // NV_NVDLA_CDMA_IMG_ctrl.v asserts "Unmatch input int8/int16/fp16
  // precision" against pixel_precision); a precision change in the
  // converter (IN_PRECISION != PROC_PRECISION) is refused as mixed
  // precision before. The master RTL (IMG_ctrl.v) compiles every format
  // but the 8-bit ones out when NVDLA_FEATURE_DATA_TYPE_INT8: no 16->8
  // conversion of 10/16-bit pixels there.
  const char* const precision = l.fp16() ? "FP16" : l.int16() ? "INT16" : "INT8";
  const std::string kind =
      f->fp16 ? "fp16" : f->packed10 ? "10-bit packed" : f->component_bytes == 2 ? "16-bit" : "8-bit";
  const bool needs_fp16 = f->fp16, needs_int16 = !f->fp16 && f->component_bytes == 2;
  if (needs_fp16 != l.fp16() || needs_int16 != l.int16()) {
    const bool absent = (needs_fp16 && !hardware_config(l.config).fp16) || (needs_int16 && l.core.atomic_k_int16 == 0);
    return format + " has " + kind + " pixels, which need CDMA D_MISC_CFG.IN_PRECISION = " +
           (needs_fp16 ? "FP16" : needs_int16 ? "INT16" : "INT8") + ", not " + precision +
           (absent ? std::string(" (") + hardware_config(l.config).name + " has no " + kind + " pixel formats)"
                   : std::string());
  }
  if (l.pixel_mapping != cdma::D_DATAIN_FORMAT_PIXEL_MAPPING_PITCH_LINEAR) {
    return not_modelled("image input with CDMA D_DATAIN_FORMAT.PIXEL_MAPPING = RESERVED_LINEAR");
  }
  if (l.channels != f->components) {
    return "CDMA D_DATAIN_SIZE_1.DATAIN_CHANNEL (" + num(l.channels) + ") must be the " + num(f->components) +
           " components of " + format;
  }
  if (uint64_t(l.pixel_x_offset) * f->bytes >= l.atom_bytes) {
    return "CDMA D_PIXEL_OFFSET.PIXEL_X_OFFSET (" + num(l.pixel_x_offset) + ") must lie within the first " +
           num(l.atom_bytes) + "-byte atom (below " + num(l.atom_bytes / f->bytes) + " pixels of " +
           num(f->bytes) + " bytes)";
  }
  if (l.pixel_y_offset != 0) {
    return "CDMA D_PIXEL_OFFSET.PIXEL_Y_OFFSET (" + num(l.pixel_y_offset) + ") must be 0 for PITCH_LINEAR";
  }
  const uint64_t fetch = (uint64_t(l.pixel_x_offset) + l.width) * f->bytes;
  if (l.line_stride < fetch) {
    return "CDMA D_LINE_STRIDE (" + num(l.line_stride) + ") is below (PIXEL_X_OFFSET + width) x " +
           num(f->bytes) + " bytes per pixel = " + num(fetch);
  }
  if (f->uv_bytes != 0) {
    const uint64_t uv_fetch = (uint64_t(image_uv_x_offset(l, *f)) + l.width) * f->uv_bytes;
    if (l.uv_line_stride < uv_fetch) {
      return "CDMA D_LINE_UV_STRIDE (" + num(l.uv_line_stride) + ") is below (plane-1 X offset " +
             num(image_uv_x_offset(l, *f)) + " + width) x " + num(f->uv_bytes) + " bytes per pixel = " +
             num(uv_fetch);
    }
  }
  if (l.batches != 1) return "image input takes one batch (CDMA/CSC/CACC D_BATCH_NUMBER must be 0)";
  if (l.kernel_width != 1) {
    return "CSC D_WEIGHT_SIZE_EXT_0.WEIGHT_WIDTH_EXT (" + num(l.kernel_width - 1) +
           ") must be 0 for image input: the kernel columns are folded into WEIGHT_CHANNEL_EXT";
  }
  if (l.kernel_channels % l.channels != 0) {
    return "CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_CHANNEL_EXT (" + num(l.kernel_channels) +
           ") must be the kernel width times the " + num(l.channels) + " image channels (CDMA D_DATAIN_SIZE_1)";
  }
  if (l.dilation_x != 1 || l.dilation_y != 1) {
    return "CSC D_DILATION_EXT must be 0 for image input (no dilation)";
  }
  const uint32_t p = 1u << l.post_y_extension;
  if (p > 1 && uint64_t(l.kernel_channels) * p > l.core.atomic_c) {
    return "CSC D_POST_Y_EXTENSION.Y_EXTENSION (" + num(l.post_y_extension) + ") joins " + num(p) +
           " kernel rows of " + num(l.kernel_channels) + " channels (WEIGHT_CHANNEL_EXT), more than atomic-C (" +
           num(l.core.atomic_c) + ")";
  }
  const uint64_t entries = image_line_entries(l);
  if (l.cdma_entry_per_slice < entries) {
    return "CDMA D_ENTRY_PER_SLICE (" + num(l.cdma_entry_per_slice - 1) + ") is below the " + num(entries) +
           " buffer entries of one padded image line, minus one";
  }
  return std::nullopt;
}

// The Winograd rules of the header; runs after the units are known to agree
// on CONV_MODE, the precision and the input format. The checks shared with
// direct convolution (kernel count, BYTE_PER_KERNEL, D_WEIGHT_BYTES, CACC
// sizes, D_ATOMICS, padding, banks, strides in memory) follow in
// conv_unsupported_or_illegal().
std::optional<std::string> winograd_unsupported_or_illegal(const ConvLayer& l) {
  const auto not_modelled = [](const std::string& what) { return what + " is not modelled"; };
  const std::string mode = " with Winograd (D_MISC_CFG.CONV_MODE = WINOGRAD)";
  if (l.image()) return "CDMA/CSC D_DATAIN_FORMAT.DATAIN_FORMAT must be FEATURE" + mode;
  if (l.batches != 1 || l.csc_batches != 1 || l.cacc_batches != 1) {
    return "CDMA/CSC/CACC D_BATCH_NUMBER must be 0" + mode + " (one batch)";
  }
  if (l.cdma_weight_compressed || l.csc_weight_compressed) {
    return not_modelled("compressed weights (CDMA/CSC D_WEIGHT_FORMAT = COMPRESSED)" + mode);
  }
  // The C model's Winograd fetch skips CDMA's converter while
  // NV_NVDLA_CDMA_cvt.v would convert the Winograd data, padding included:
  // the two disagree, so the combination is refused.
  if (l.cvt_enable) return "CDMA D_CVT_CFG.CVT_EN must be 0" + mode;
  if (l.stride_x != 1 || l.stride_y != 1) {
    return "CSC D_CONV_STRIDE_EXT (" + num(l.stride_x - 1) + ", " + num(l.stride_y - 1) + ") must be 0" + mode +
           ": CDMA D_CONV_STRIDE is folded into the channels";
  }
  if (l.dilation_x != 1 || l.dilation_y != 1) return "CSC D_DILATION_EXT must be 0" + mode + " (no dilation)";
  if (l.kernel_width != 4 || l.kernel_height != 4) {
    return "CSC D_WEIGHT_SIZE_EXT_0 (" + num(l.kernel_width) + "x" + num(l.kernel_height) +
           ") must be the 4x4 pre-transformed kernel" + mode +
           " (the kernel over the extended channels must be 3x3)";
  }
  // The padded input folds into WE x HE extended positions (NV_NVDLA_CDMA_wg.v
  // assertions on width, width_ext and conv_x_stride, and for the height).
  const uint64_t total_w = uint64_t(l.cdma_pad_left) + l.width + l.cdma_pad_right;
  const uint64_t total_h = uint64_t(l.cdma_pad_top) + l.height + l.cdma_pad_bottom;
  const struct {
    const char* name;
    uint64_t total;
    uint32_t stride;
    uint32_t ext;
    const char* field;
  } dims[] = {{"PAD_LEFT + width + PAD_RIGHT", total_w, l.cdma_stride_x, l.width_ext, "DATAIN_WIDTH_EXT"},
              {"PAD_TOP + height + PAD_BOTTOM", total_h, l.cdma_stride_y, l.height_ext, "DATAIN_HEIGHT_EXT"}};
  for (const auto& d : dims) {
    if (d.total % d.stride != 0) {
      return std::string("CDMA ") + d.name + " (" + num(d.total) + ", D_ZERO_PADDING and D_DATAIN_SIZE_0) must be a " +
             "multiple of the CDMA D_CONV_STRIDE (" + num(d.stride) + ")" + mode;
    }
    if (d.ext != d.total / d.stride) {
      return std::string("CDMA D_DATAIN_SIZE_EXT_0.") + d.field + " (" + num(d.ext - 1) + ") must be (" + d.name +
             ") / stride - 1 = " + num(d.total / d.stride - 1) + mode;
    }
    if (d.ext % 4 != 0) {
      return std::string("CDMA D_DATAIN_SIZE_EXT_0.") + d.field + " (" + num(d.ext - 1) +
             ") must be a multiple of 4, minus one" + mode;
    }
  }
  if (l.csc_width != l.width_ext || l.csc_height != l.height_ext) {
    return "CSC D_DATAIN_SIZE_EXT_0 (" + num(l.csc_width) + "x" + num(l.csc_height) +
           ") must equal CDMA D_DATAIN_SIZE_EXT_0 (" + num(l.width_ext) + "x" + num(l.height_ext) + ")" + mode;
  }
  // Whole atoms of channels: NV_NVDLA_CDMA_wg.v asserts "channel is not
  // divisible by 16/32" (DATAIN_CHANNEL + 1 a multiple of 32 for int8, of
  // 16 otherwise).
  const uint32_t atom = l.atom_elements();
  if (l.channels % atom != 0) {
    return "CDMA D_DATAIN_SIZE_1.DATAIN_CHANNEL (" + num(l.channels - 1) + ") must be a multiple of " + num(atom) +
           ", minus one" + mode + " (whole atoms of channels)";
  }
  const uint64_t channels_ext = uint64_t(l.channels) * l.cdma_stride_x * l.cdma_stride_y;
  if (l.csc_channels != channels_ext) {
    return "CSC D_DATAIN_SIZE_EXT_1.DATAIN_CHANNEL_EXT (" + num(l.csc_channels) + ") must be the " +
           num(l.channels) + " input channels x CDMA D_CONV_STRIDE x and y = " + num(channels_ext) + mode;
  }
  // NVDLA's trace generator keeps PRA_TRUNCATE within 0..2
  // (verif/testbench/trace_generator/resources/nvdla_cc_dp_resource.sv).
  if (l.pra_truncate > 2) return "CSC D_PRA_CFG.PRA_TRUNCATE (" + num(l.pra_truncate) + ") must be 0..2" + mode;
  if (l.kernel_channels != l.csc_channels) {
    return "CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_CHANNEL_EXT (" + num(l.kernel_channels) +
           ") must equal CSC D_DATAIN_SIZE_EXT_1.DATAIN_CHANNEL_EXT (" + num(l.csc_channels) + ")" + mode;
  }
  if (l.out_width + 4 != l.width_ext || l.out_height + 4 != l.height_ext) {
    return "CSC D_DATAOUT_SIZE_0 (" + num(l.out_width) + "x" + num(l.out_height) +
           ") must be CDMA D_DATAIN_SIZE_EXT_0 minus 4 each (" + num(l.width_ext - 4) + "x" +
           num(l.height_ext - 4) + ")" + mode;
  }
  if (l.out_width < 8 || l.out_height < 8) {
    return "CSC D_DATAOUT_SIZE_0 (" + num(l.out_width) + "x" + num(l.out_height) + ") must be at least 8x8" + mode;
  }
  // One entry per 4x4 tile of 8 bytes of extended channels, per four lines
  // (cmod/cdma/NV_NVDLA_cdma.cpp and cmod/csc/NV_NVDLA_csc.cpp
  // cbuf_entry_per_slice / 4).
  const uint64_t entries = uint64_t(l.width_ext / 4) * (l.channels / atom) * l.cdma_stride_x * l.cdma_stride_y;
  if (l.cdma_entry_per_slice != entries) {
    return "CDMA D_ENTRY_PER_SLICE (" + num(l.cdma_entry_per_slice - 1) +
           ") must be DATAIN_WIDTH_EXT / 4 x surfaces x stride x x stride y - 1 = " + num(entries - 1) + mode;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> conv_unsupported_or_illegal(const ConvLayer& l) {
  const auto not_modelled = [](const std::string& what) { return what + " is not modelled"; };
  // Modes and precisions.
  const uint32_t modes[] = {l.cdma_conv_mode, l.csc_conv_mode, l.cmac_a_conv_mode, l.cmac_b_conv_mode,
                            l.cacc_conv_mode};
  // A configuration without Winograd is named first, whichever unit asks
  // for it.
  const bool any_winograd = std::any_of(std::begin(modes), std::end(modes), [](uint32_t m) { return m != 0; });
  if (any_winograd && !hardware_config(l.config).winograd) {
    return std::string("Winograd convolution (CDMA/CSC/CMAC_A/CMAC_B/CACC D_MISC_CFG.CONV_MODE = WINOGRAD) is not "
                       "supported by ") +
           hardware_config(l.config).name + " (its hardware spec sets WINOGRAD_DISABLE)";
  }
  for (const uint32_t m : modes) {
    if (m != l.cacc_conv_mode) {
      const auto name = [](uint32_t v) { return std::string(v != 0 ? "WINOGRAD" : "DIRECT"); };
      return "D_MISC_CFG.CONV_MODE disagrees (Winograd needs all five units in WINOGRAD): CDMA " +
             name(l.cdma_conv_mode) + ", CSC " + name(l.csc_conv_mode) + ", CMAC_A " + name(l.cmac_a_conv_mode) +
             ", CMAC_B " + name(l.cmac_b_conv_mode) + ", CACC " + name(l.cacc_conv_mode);
    }
  }
  const uint32_t precisions[] = {l.cdma_in_precision, l.cdma_proc_precision, l.csc_in_precision,
                                 l.csc_proc_precision,  l.cmac_a_precision,    l.cmac_b_precision,
                                 l.cacc_precision};
  for (const uint32_t p : precisions) {
    // fp16 exists only in the nvdlav1 design (nv_full); the master specs'
    // datapaths are int8 only.
    if (p == 2 && !hardware_config(l.config).fp16) {
      return std::string(
                 "fp16 convolution (CDMA/CSC D_MISC_CFG.IN_PRECISION/PROC_PRECISION, CMAC_A/CMAC_B/CACC "
                 "D_MISC_CFG.PROC_PRECISION = FP16) is not supported by ") +
             hardware_config(l.config).name;
    }
    if (p > 2) return "CDMA/CSC/CMAC_A/CMAC_B/CACC D_MISC_CFG precision " + num(p) + " is reserved";
  }
  for (const uint32_t p : precisions) {
    if (p != l.cacc_precision) {
      return not_modelled(
          "mixed precisions (CDMA/CSC D_MISC_CFG.IN_PRECISION/PROC_PRECISION and CMAC_A/CMAC_B/CACC "
          "D_MISC_CFG.PROC_PRECISION must all be INT8, all INT16 or all FP16)");
    }
  }
  if (l.fp16()) {
    // The C model stops on CVT_EN with fp16 feature input
    // (cmod/cdma/NV_NVDLA_cdma.cpp "Incorrect configuration on conversion"),
    // so no fp16 feature program sets it. Its image sequencer has no such
    // check: the converter (cmod/hls/cdma_libs/cdma_cvt.cpp, and the RTL
    // generated from it, NV_NVDLA_CDMA_CVT_cell.v) passes fp16 through
    // unchanged, so fp16 pixels ignore CVT_EN and the mean (image rules).
    if (l.cvt_enable && !(l.cdma_pixel_input && l.csc_pixel_input)) {
      return "CDMA D_CVT_CFG.CVT_EN must be 0 for fp16 feature input (D_MISC_CFG.IN_PRECISION = FP16)";
    }
  }
  if (l.int16() && l.core.atomic_k_int16 == 0) {
    return std::string("int16 convolution (D_MISC_CFG.PROC_PRECISION = INT16) is not supported by ") +
           hardware_config(l.config).name;
  }
  if (l.cdma_pixel_input != l.csc_pixel_input) {
    return std::string("CDMA D_DATAIN_FORMAT.DATAIN_FORMAT (") + (l.cdma_pixel_input ? "PIXEL" : "FEATURE") +
           ") and CSC D_DATAIN_FORMAT.DATAIN_FORMAT (" + (l.csc_pixel_input ? "PIXEL" : "FEATURE") + ") disagree";
  }
  if (l.winograd()) {
    if (const auto problem = winograd_unsupported_or_illegal(l)) return problem;
  }
  if (l.post_y_extension > 2) {
    return "CSC D_POST_Y_EXTENSION.Y_EXTENSION (" + num(l.post_y_extension) + ") is reserved (0, 1 or 2)";
  }
  if (!l.image() && l.post_y_extension != 0) {
    return "CSC D_POST_Y_EXTENSION.Y_EXTENSION (" + num(l.post_y_extension) +
           ") must be 0 for feature input (channel post-extension is for image input only)";
  }
  if (l.image()) {
    if (const auto problem = image_unsupported_or_illegal(l)) return problem;
  }
  // D_MEAN_FORMAT acts on image input only (NV_NVDLA_CDMA_cvt.v takes the
  // mean from the image path); feature layers may leave it set.
  if (l.cdma_weight_compressed != l.csc_weight_compressed) {
    return "CDMA D_WEIGHT_FORMAT and CSC D_WEIGHT_FORMAT disagree (one UNCOMPRESSED, one COMPRESSED)";
  }
  if (l.compressed() && !l.core.weight_compression) {
    return std::string("compressed weights (CDMA/CSC D_WEIGHT_FORMAT.WEIGHT_FORMAT = COMPRESSED) ") +
           "are not supported by " + hardware_config(l.config).name + " (its hardware spec sets WEIGHT_COMPRESSION_DISABLE)";
  }
  // Multi-batch: CDMA fetches every batch's cube (NV_NVDLA_CDMA_dc.v batch
  // counter inside the channel loop), CSC and CACC count the same batches.
  if (l.batches != l.csc_batches || l.batches != l.cacc_batches) {
    return "CDMA D_BATCH_NUMBER (" + num(l.batches - 1) + "), CSC D_BATCH_NUMBER (" + num(l.csc_batches - 1) +
           ") and CACC D_BATCH_NUMBER (" + num(l.cacc_batches - 1) + ") disagree";
  }
  if (l.batches > 1 && !l.core.batch) {
    return "multi-batch convolution (CDMA/CSC/CACC D_BATCH_NUMBER = " + num(l.batches - 1) +
           ") is not supported by " + hardware_config(l.config).name + " (its hardware spec sets BATCH_DISABLE)";
  }
  // The units must agree on the layer.
  // CDMA D_DATAIN_SIZE_EXT_0 is Winograd's (NV_NVDLA_CDMA_dc.v reads only
  // D_DATAIN_SIZE_0/1; nv_full's traces leave EXT_0 at 0).
  if (!l.winograd() && (l.csc_width != l.width || l.csc_height != l.height || l.csc_channels != l.channels)) {
    return "CSC D_DATAIN_SIZE_EXT_0/1 (" + num(l.csc_width) + "x" + num(l.csc_height) + "x" + num(l.csc_channels) +
           ") must equal CDMA D_DATAIN_SIZE_0/1 (" + num(l.width) + "x" + num(l.height) + "x" + num(l.channels) + ")";
  }
  if (!l.image() && !l.winograd() && l.kernel_channels != l.channels) {
    return "CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_CHANNEL_EXT (" + num(l.kernel_channels) +
           ") must equal the input channels (CDMA D_DATAIN_SIZE_1.DATAIN_CHANNEL = " + num(l.channels) + ")";
  }
  if (l.cdma_kernels != l.kernels) {
    return "CDMA D_WEIGHT_SIZE_1.WEIGHT_KERNEL (" + num(l.cdma_kernels) +
           ") and CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_KERNEL (" + num(l.kernels) + ") disagree";
  }
  const uint64_t kernel_bytes = uint64_t(l.kernel_width) * l.kernel_height * l.kernel_channels * l.element_bytes();
  if (l.bytes_per_kernel != kernel_bytes) {
    return "CDMA D_WEIGHT_SIZE_0.BYTE_PER_KERNEL (" + num(l.bytes_per_kernel) + ") must be R*S*C*" +
           num(l.element_bytes()) + " = " +
           num(kernel_bytes) + " (CSC D_WEIGHT_SIZE_EXT_0/1)";
  }
  // WEIGHT_BYTES is R*S*C*K (programming_guide.rst) padded to 128 bytes
  // (format.rst appends zeros to 128-byte alignment; nv_full keeps only
  // bits [31:7]); the traces program the padded value.
  const uint64_t weight_bytes = kernel_bytes * l.kernels;
  const uint64_t padded_weight_bytes = (weight_bytes + 127) / 128 * 128;
  if (!l.compressed()) {
    for (const uint64_t programmed : {l.cdma_weight_bytes, l.csc_weight_bytes}) {
      if (programmed != weight_bytes && programmed != padded_weight_bytes) {
        return "CDMA D_WEIGHT_BYTES (" + num(l.cdma_weight_bytes) + ") and CSC D_WEIGHT_BYTES (" +
               num(l.csc_weight_bytes) + ") must be BYTE_PER_KERNEL*K = " + num(weight_bytes) +
               " padded to 128 bytes (" + num(padded_weight_bytes) + ")";
      }
    }
  } else {
    // Compressed: D_WEIGHT_BYTES counts the packed non-zero weights, at
    // most the dense kernels (conv_process() checks it against the WGS).
    if (l.cdma_weight_bytes > padded_weight_bytes) {
      return "CDMA D_WEIGHT_BYTES (" + num(l.cdma_weight_bytes) + ") exceeds the uncompressed kernels (" +
             num(padded_weight_bytes) + " bytes) for compressed weights";
    }
    // One mask bit per dense weight element, padded to whole 128-byte units
    // (nvdlav1 NV_NVDLA_CDMA_wt.v asserts reg2dp_wmb_bytes ==
    // ceil(BYTE_PER_KERNEL x K / element bytes / 1024)).
    const uint64_t mask_bits = weight_bytes / l.element_bytes();
    const uint64_t wmb_bytes = (mask_bits + 1023) / 1024 * 128;
    if (l.cdma_wmb_bytes != wmb_bytes) {
      return "CDMA D_WMB_BYTES (" + num(l.cdma_wmb_bytes) + ") must hold one mask bit per weight (" + num(mask_bits) +
             " bits) padded to 128 bytes: " + num(wmb_bytes);
    }
    if (l.csc_wmb_bytes != l.cdma_wmb_bytes) {
      return "CDMA D_WMB_BYTES (" + num(l.cdma_wmb_bytes) + ") and CSC D_WMB_BYTES (" + num(l.csc_wmb_bytes) +
             ") disagree";
    }
  }
  if (l.cdma_weight_bytes != l.csc_weight_bytes) return "CDMA D_WEIGHT_BYTES and CSC D_WEIGHT_BYTES disagree";
  // Winograd: CSC's stride is 1, CDMA's is folded into the channels.
  if (!l.winograd() && (l.cdma_stride_x != l.stride_x || l.cdma_stride_y != l.stride_y)) {
    return "CDMA D_CONV_STRIDE and CSC D_CONV_STRIDE_EXT disagree";
  }
  // Winograd: CDMA pads the extended cube and CSC does not pad, so CSC's
  // PAD_LEFT/PAD_TOP are not read (NVDLA's firmware, kmd/firmware/conv.c
  // processor_conv_program, writes them and CSC's stride as 0 then).
  if (!l.winograd() && (l.cdma_pad_left != l.pad_left || l.cdma_pad_top != l.pad_top)) {
    return "CDMA D_ZERO_PADDING.PAD_LEFT/PAD_TOP and CSC D_ZERO_PADDING.PAD_LEFT/PAD_TOP disagree";
  }
  if (l.cdma_entry_per_slice != l.csc_entry_per_slice) {
    return "CDMA D_ENTRY_PER_SLICE and CSC D_ENTRY_PER_SLICE disagree";
  }
  if (l.cdma_data_banks != l.csc_data_banks || l.cdma_weight_banks != l.csc_weight_banks) {
    return "CDMA D_BANK and CSC D_BANK disagree";
  }
  const uint64_t out_w =
      output_extent(l.width, uint64_t(l.cdma_pad_left) + l.cdma_pad_right, l.kernel_s(), l.dilation_x, l.stride_x);
  const uint64_t out_h =
      output_extent(l.height, uint64_t(l.cdma_pad_top) + l.cdma_pad_bottom, l.kernel_height, l.dilation_y, l.stride_y);
  if (!l.winograd() && (l.out_width != out_w || l.out_height != out_h)) {
    return "CSC D_DATAOUT_SIZE_0 (" + num(l.out_width) + "x" + num(l.out_height) +
           ") does not match the input, CDMA D_ZERO_PADDING, the kernel, CSC D_DILATION_EXT and the stride (" +
           num(out_w) + "x" + num(out_h) + ")";
  }
  if (l.out_channels != l.kernels) {
    return "CSC D_DATAOUT_SIZE_1.DATAOUT_CHANNEL (" + num(l.out_channels) + ") must equal the kernels (" +
           num(l.kernels) + ")";
  }
  if (l.cacc_width != l.out_width || l.cacc_height != l.out_height || l.cacc_channels != l.out_channels) {
    return "CACC D_DATAOUT_SIZE_0/1 (" + num(l.cacc_width) + "x" + num(l.cacc_height) + "x" + num(l.cacc_channels) +
           ") and CSC D_DATAOUT_SIZE_0/1 (" + num(l.out_width) + "x" + num(l.out_height) + "x" +
           num(l.out_channels) + ") disagree";
  }
  if (l.csc_atomics != uint64_t(l.out_width) * l.out_height) {
    return "CSC D_ATOMICS (" + num(l.csc_atomics) + ") must be the output width x height (" +
           num(uint64_t(l.out_width) * l.out_height) + ")";
  }
  // Memory interfaces.
  if (!hardware_config(l.config).has_cvif && (!l.input_mc || !l.weight_mc)) {
    return std::string("CDMA D_DAIN_RAM_TYPE / D_WEIGHT_RAM_TYPE select CVIF, which ") + hardware_config(l.config).name +
           " does not have";
  }
  // Memory layout (image input: image_unsupported_or_illegal()).
  const uint64_t line_bytes = uint64_t(l.width) * l.atom_bytes;
  if (!l.image() && l.line_stride < line_bytes) {
    return "CDMA D_LINE_STRIDE (" + num(l.line_stride) + ") is below the bytes of one input line (" +
           num(line_bytes) + ")";
  }
  const uint32_t surfaces = (l.channels + l.atom_elements() - 1) / l.atom_elements();
  if (!l.image() && surfaces > 1 && l.surface_stride < l.line_stride * l.height) {
    return "CDMA D_SURF_STRIDE (" + num(l.surface_stride) + ") is below D_LINE_STRIDE x height (" +
           num(l.line_stride * l.height) + ")";
  }
  // The batches' cubes must not overlap: the trace generator's CDMA rules
  // (verif/testbench/trace_generator/resources/nvdla_cdma_resource.sv
  // c_ias_multi_batch) ask D_BATCH_STRIDE >= D_SURF_STRIDE x surfaces; a
  // one-surface cube spans D_LINE_STRIDE x height.
  if (l.batches > 1) {
    const uint64_t cube_bytes = (surfaces > 1 ? l.surface_stride : l.line_stride * l.height) * surfaces;
    if (l.batch_stride < cube_bytes) {
      return "CDMA D_BATCH_STRIDE (" + num(l.batch_stride) + ") is below the bytes of one input cube (" +
             num(cube_bytes) + "): the batches would overlap";
    }
  }
  // Convolution buffer.
  // With compressed weights the last bank holds the weight mask bits
  // (nvdlav1 NV_NVDLA_CDMA_wt.v: data + weight banks at most 15 when
  // compressed; cmod/csc/NV_NVDLA_csc.cpp reads the WMB from bank 15).
  const uint32_t usable_banks = l.compressed() ? l.core.cbuf_banks - 1 : l.core.cbuf_banks;
  if (uint64_t(l.cdma_data_banks) + l.cdma_weight_banks > usable_banks) {
    return "CDMA D_BANK allocates " + num(l.cdma_data_banks) + " data + " + num(l.cdma_weight_banks) +
           " weight banks, more than the " + num(usable_banks) + " CBUF banks" +
           (l.compressed() ? " left beside the weight mask bank" : "");
  }
  // Every line of the input holds D_ENTRY_PER_SLICE entries per batch
  // (NV_NVDLA_CDMA_dc.v entry_per_batch = entries x batches;
  // nvdla_cdma_resource.sv: data banks >= entries x height x batches).
  // Winograd: per line of the extended cube (CDMA D_DATAIN_SIZE_EXT_0).
  const uint64_t data_entries =
      uint64_t(l.cdma_entry_per_slice) * (l.winograd() ? l.height_ext : l.height) * l.batches;
  if (data_entries > uint64_t(l.cdma_data_banks) * l.core.cbuf_bank_entries) {
    return "the input (CDMA D_ENTRY_PER_SLICE x height x batches = " + num(data_entries) +
           " entries) does not fit the data banks of CDMA D_BANK (" +
           num(uint64_t(l.cdma_data_banks) * l.core.cbuf_bank_entries) + " entries); split H in software";
  }
  // (A compressed group's size is in memory, at D_WGS_ADDR: conv_process()
  // checks it.)
  const uint64_t group_bytes = kernel_bytes * std::min(l.kernels, l.atomic_k());
  const uint64_t weight_capacity = l.weight_capacity();
  if (!l.compressed() && group_bytes > weight_capacity) {
    return "one kernel group (" + num(group_bytes) + " bytes) does not fit the weight banks of CDMA D_BANK (" +
           num(weight_capacity) + " bytes)";
  }
  return std::nullopt;
}

int64_t cacc_accumulate(int64_t accumulator, int64_t partial, unsigned bits) {
  const int64_t max = (int64_t(1) << (bits - 1)) - 1;
  const int64_t min = -(int64_t(1) << (bits - 1));
  return std::clamp(accumulator + partial, min, max);
}

namespace {

// sat_17(rnd((x - offset) * scale, truncate)) of the header's converter rule.
int64_t cdma_convert17(int64_t x, int16_t offset, int16_t scale, uint32_t truncate) {
  const int64_t product = (x - offset) * scale;  // at most 18 x 16 bits: exact in 34
  const unsigned t = truncate & 63u;
  int64_t rounded = 0;
  if (t == 0) {
    rounded = product;
  } else if (t < 34) {
    const int64_t q = product >> t;  // floor
    const int64_t rest = product - q * (int64_t(1) << t);
    const int64_t half = int64_t(1) << (t - 1);
    rounded = q + ((rest > half || (rest == half && product >= 0)) ? 1 : 0);
  }
  return std::clamp<int64_t>(rounded, -65536, 65535);
}

}  // namespace

int8_t cdma_convert(int8_t x, int16_t offset, int16_t scale, uint32_t truncate) {
  return static_cast<int8_t>(std::clamp<int64_t>(cdma_convert17(x, offset, scale, truncate), -128, 127));
}

int16_t cdma_convert_int16(int16_t x, int16_t offset, int16_t scale, uint32_t truncate) {
  return static_cast<int16_t>(std::clamp<int64_t>(cdma_convert17(x, offset, scale, truncate), -32768, 32767));
}

int32_t cacc_truncate(int64_t a, uint32_t truncate, bool* saturated) {
  const unsigned t = truncate & 31u;
  const bool negative = a < 0;
  // {a, 16'b0} >>> t: the accumulator's integer bits, a guard bit and 15
  // sticky bits.
  const int64_t widened = a * 65536;  // |a| <= 2^47: exact
  const int64_t shifted = widened >> t;  // arithmetic
  const int64_t q = shifted >> 16;
  const bool guard = ((shifted >> 15) & 1) != 0;
  const bool sticky = (shifted & 0x7FFF) != 0;
  const bool point5 = guard && (!negative || sticky);
  const int64_t rounded = q + (point5 ? 1 : 0);
  const bool sat = rounded > std::numeric_limits<int32_t>::max() || rounded < std::numeric_limits<int32_t>::min();
  if (saturated) *saturated = sat;
  if (sat) return negative ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int32_t>::max();
  return static_cast<int32_t>(rounded);
}

// ---- Winograd arithmetic (nvdla/hw branch nvdlav1; the header's rules).

void csc_pra(const int32_t d[16], uint32_t truncate, bool int16, int32_t v[16]) {
  // cmod/hls/csc_libs/csc_cvt.cpp NV_NVDLA_CSC_pra_cell: M = B^T d (17-bit
  // sums of two 16-bit inputs), then M B (18-bit sums): exact here.
  int64_t m[16];
  for (int x = 0; x < 4; ++x) {
    m[x] = int64_t(d[x]) - d[8 + x];
    m[4 + x] = int64_t(d[4 + x]) + d[8 + x];
    m[8 + x] = int64_t(d[8 + x]) - d[4 + x];
    m[12 + x] = int64_t(d[4 + x]) - d[12 + x];
  }
  // The truncation: IntShiftRight<18, 2, 8 or 16> shifts into an ac_fixed
  // with 3 fraction bits (exact for t <= 3, the 2-bit field), then converts
  // to an integer ac_fixed with AC_RND_INF (round half away from zero) and
  // AC_SAT (saturate to int8 / int16), cmod/hls/include/nvdla_int.h.
  const unsigned t = truncate & 3u;
  const int64_t max = int16 ? 32767 : 127;
  const auto narrow = [t, max](int64_t a) {
    const int64_t magnitude = a < 0 ? -a : a;
    const int64_t rounded = t == 0 ? magnitude : (magnitude + (int64_t(1) << (t - 1))) >> t;
    return int32_t(std::clamp<int64_t>(a < 0 ? -rounded : rounded, -max - 1, max));
  };
  for (int r = 0; r < 4; ++r) {
    const int64_t* row = m + 4 * r;
    v[4 * r + 0] = narrow(row[0] - row[2]);
    v[4 * r + 1] = narrow(row[1] + row[2]);
    v[4 * r + 2] = narrow(row[2] - row[1]);
    v[4 * r + 3] = narrow(row[1] - row[3]);
  }
}

void csc_pra_fp16(const uint16_t d[16], uint16_t v[16]) {
  // cmod/hls/csc_libs/csc_cvt.cpp NV_NVDLA_CSC_pra_cell, cfg_precision ==
  // ENUM_FP16 (vFloatExpoSize 6, vFloatMantSize 10: FP17): every element
  // widened Fp16ToFp17 (exact; Inf becomes the largest finite FP17), M =
  // B^T d with FpSub / FpAdd<6,10> in the cell's operand order, then M B
  // the same way on the FP17 values (each step rounded ties to even, the
  // rules of sdp_fp17_add), each result narrowed Fp17ToFp16
  // (nvdla_fp17_to_fp16). cfg_truncate (PRA_TRUNCATE) is not used.
  uint32_t f[16], m[16];
  for (int i = 0; i < 16; ++i) f[i] = sdp_fp16_to_fp17(d[i]);
  for (int x = 0; x < 4; ++x) {
    m[x] = nvdla_fp17_sub(f[x], f[8 + x]);            // m_row0
    m[4 + x] = sdp_fp17_add(f[4 + x], f[8 + x]);      // m_row1
    m[8 + x] = nvdla_fp17_sub(f[8 + x], f[4 + x]);    // m_row2
    m[12 + x] = nvdla_fp17_sub(f[4 + x], f[12 + x]);  // m_row3
  }
  for (int r = 0; r < 4; ++r) {
    const uint32_t* row = m + 4 * r;
    v[4 * r + 0] = nvdla_fp17_to_fp16(nvdla_fp17_sub(row[0], row[2]));  // o_col0
    v[4 * r + 1] = nvdla_fp17_to_fp16(sdp_fp17_add(row[1], row[2]));    // o_col1
    v[4 * r + 2] = nvdla_fp17_to_fp16(nvdla_fp17_sub(row[2], row[1]));  // o_col2
    v[4 * r + 3] = nvdla_fp17_to_fp16(nvdla_fp17_sub(row[1], row[3]));  // o_col3
  }
}

void cmac_winograd_output(const int64_t m[16], int64_t y[4]) {
  // cmod/cmac/NV_NVDLA_cmac.h calculation_int8/int16 (winograd_op_): phase 2
  // combines the rows (A^T M), phase 3 the columns ((A^T M) A); the 22-bit
  // (int8) and 44-bit (int16) registers hold every sum exactly.
  int64_t rows[8];
  for (int x = 0; x < 4; ++x) {
    rows[x] = m[x] + m[4 + x] + m[8 + x];
    rows[4 + x] = m[4 + x] - m[8 + x] - m[12 + x];
  }
  for (int r = 0; r < 2; ++r) {
    y[2 * r + 0] = rows[4 * r + 0] + rows[4 * r + 1] + rows[4 * r + 2];
    y[2 * r + 1] = rows[4 * r + 1] - rows[4 * r + 2] - rows[4 * r + 3];
  }
}

// ---- fp16 arithmetic (nvdla/hw branch nvdlav1; the rules are stated in
// the header, the sources named beside each step).

namespace {

constexpr uint64_t kMask38 = (uint64_t(1) << 38) - 1;
constexpr uint64_t kMask40 = (uint64_t(1) << 40) - 1;

int64_t sign_extend(uint64_t v, unsigned bits) {
  const uint64_t m = uint64_t(1) << (bits - 1);
  v &= (m << 1) - 1;
  return int64_t(v ^ m) - int64_t(m);
}

// A 3:2 carry-save step on 32-bit rows: the bitwise sum and the majority
// carries moved one place up (bits leaving bit 31 are lost, as in the
// 32-bit rows of the C model).
void carry_save(uint32_t a, uint32_t b, uint32_t c, uint32_t& sum, uint32_t& carry) {
  sum = a ^ b ^ c;
  carry = ((a & b) | (b & c) | (a & c)) << 1;
}

// Reduces `rows` (3 to 5 of them) to two the way cmod/cmac/NV_NVDLA_cmac.h
// cal_fp16_booth's Wallace loop does with one group of three per level:
// the first three rows become their sum and carry, the rest keep their
// order behind them, until two rows are left.
// The two rows left are rows[0] and rows[1].
void reduce_rows(uint32_t* rows, size_t count) {
  while (count > 2) {
    uint32_t sum = 0, carry = 0;
    carry_save(rows[0], rows[1], rows[2], sum, carry);
    std::copy(rows + 3, rows + count, rows + 2);
    rows[0] = sum;
    rows[1] = carry;
    --count;
  }
}

}  // namespace

int32_t cmac_fp16_booth(bool negative, uint32_t weight, uint32_t data, uint32_t shift) {
  // nvdlav1 cmod/cmac/NV_NVDLA_cmac.h cal_fp16_booth (the RTL's
  // NV_NVDLA_CMAC_CORE_MAC_mul.v): products shifted by 32 or more are 0.
  if (shift >= 32) return 0;
  // Radix-4 Booth recoding of the weight (a 0 appended below its LSB):
  // digit i from bits 2i+1, 2i, 2i-1; for a negative product every 3-bit
  // window is inverted, which negates its digit. Each partial product is 17
  // bits: bit 16 set for a non-negative digit (the sign-extension trick),
  // the one's complement of the multiple for a negative digit, whose +1
  // goes in as a separate bit (`inv`) two places up in the next row.
  uint32_t pp[8];
  uint32_t inv[8];
  uint32_t window_source = weight << 1;
  for (int i = 0; i < 8; ++i) {
    uint32_t code = window_source & 7u;
    if (negative) code ^= 7u;
    window_source >>= 2;
    switch (code) {
      case 0:
      case 7:
        pp[i] = 0x10000u, inv[i] = 0;
        break;
      case 1:
      case 2:
        pp[i] = data | 0x10000u, inv[i] = 0;
        break;
      case 3:
        pp[i] = (data << 1) | 0x10000u, inv[i] = 0;
        break;
      case 4:
        pp[i] = ~(data << 1) & 0xFFFFu, inv[i] = 1;
        break;
      default:  // 5, 6
        pp[i] = ~data & 0xFFFFu, inv[i] = 1;
        break;
    }
  }
  // Ten rows: partial product i at bit 2i, each negative digit's +1 at bit
  // 2i of the row after it; rows 4 and 9 carry only those bits.
  uint32_t low[5] = {pp[0], (pp[1] << 2) | inv[0], (pp[2] << 4) | (inv[1] << 2), (pp[3] << 6) | (inv[2] << 4),
                     inv[3] << 6};
  uint32_t high[5] = {pp[4] << 8, (pp[5] << 10) | (inv[4] << 8), (pp[6] << 12) | (inv[5] << 10),
                      (pp[7] << 14) | (inv[6] << 12), inv[7] << 14};
  // The two halves are reduced apart, then their four rows together.
  reduce_rows(low, 5);
  reduce_rows(high, 5);
  uint32_t rows[4] = {low[0], low[1], high[0], high[1]};
  reduce_rows(rows, 4);
  // Each of the two rows is shifted right on its own (logically, so the
  // shifted-out bits of each are lost: the result can differ from the
  // exact product shifted by one unit), then the sign-extension constant
  // is removed: the eight bit-16 markers sum to 0x55550000, taken away as
  // floor(0x55550000 / 2^shift) (the C model's sign_comp table).
  const uint32_t sum = (rows[0] >> shift) + (rows[1] >> shift) - (0x55550000u >> shift);
  return static_cast<int32_t>(sum);
}

namespace {

// The steps of cmod/cmac/NV_NVDLA_cmac.h calculation_fp16 shared by direct
// and Winograd convolution, on n <= 64 (data, weight) pairs: true with the
// NaN word in `nan_word` when cal_fp16_nan finds a NaN; else false with
// the block exponent field 4 G in `exponent` and each pair's Booth product
// (0 for a masked pair) in `products`.
bool cmac_fp16_products(const uint16_t* data, const uint16_t* weights, size_t n, uint64_t& nan_word,
                        uint32_t& exponent, int32_t* products) {
  // NaN (cmod/cmac/NV_NVDLA_cmac.h cal_fp16_nan; RTL
  // NV_NVDLA_CMAC_CORE_MAC_nan.v): the weights are searched first, then the
  // data, lowest channel first; the first NaN found is the result: block
  // exponent 63, its sign in bit 37, its 10 payload bits in [36:27].
  for (const uint16_t* operand : {weights, data}) {
    for (size_t i = 0; i < n; ++i) {
      if (fp16_is_nan(operand[i])) {
        nan_word = (uint64_t(63) << 38) | (uint64_t(operand[i] >> 15) << 37) | (uint64_t(operand[i] & 0x3FFu) << 27);
        return true;
      }
    }
  }
  // Exponents (cal_fp16_exp; NV_NVDLA_CMAC_CORE_MAC_exp.v). An operand
  // with exponent field e and fraction f is m x 2^(4 x (e >> 2) - 25) with
  // the significand m = (1.f in 11 bits) << (e & 3) for e > 0 and
  // f << 1 for subnormals (e = 0, treated as exponent group 0, shift 1).
  // Infinity (e = 31, f = 0) is just a number: 2^16. A pair where either
  // operand is +0 or -0 takes no part (CSC's mask, cmod/csc/NV_NVDLA_csc.cpp
  // "Both +0 and -0"). The block exponent is the largest sum of the two
  // operands' exponent groups g; a product whose sum falls short of it by
  // d is shifted right by 4 x d.
  struct Term {
    bool active;
    bool negative;
    uint32_t data, weight;
    uint32_t group;
  };
  Term terms[64];
  uint32_t max_group = 0;
  const auto significand = [](uint16_t v) {
    const uint32_t e = (v >> 10) & 0x1Fu;
    const uint32_t m = (v & 0x3FFu) | (e != 0 ? 0x400u : 0u);
    return m << (e == 0 ? 1 : (e & 3u));
  };
  for (size_t i = 0; i < n; ++i) {
    const uint16_t d = data[i], w = weights[i];
    Term& t = terms[i];
    t.active = (d & 0x7FFFu) != 0 && (w & 0x7FFFu) != 0;
    if (!t.active) continue;
    t.negative = ((d ^ w) & 0x8000u) != 0;
    t.data = significand(d);
    t.weight = significand(w);
    t.group = ((d >> 12) & 7u) + ((w >> 12) & 7u);
    max_group = std::max(max_group, t.group);
  }
  // The products (cal_fp16_mul, cmac_fp16_booth).
  for (size_t i = 0; i < n; ++i) {
    const Term& t = terms[i];
    products[i] = t.active ? cmac_fp16_booth(t.negative, t.weight, t.data, 4 * (max_group - t.group)) : 0;
  }
  exponent = 4 * max_group;
  return false;
}

}  // namespace

uint64_t cmac_fp16_atomic(const uint16_t* data, const uint16_t* weights, size_t n) {
  uint64_t nan_word = 0;
  uint32_t exponent = 0;
  int32_t products[64];
  if (cmac_fp16_products(data, weights, n, nan_word, exponent, products)) return nan_word;
  // The adder tree (calculation_fp16 pp_phase1, then pp_phase3[0] for
  // direct convolution): sums of four, then of the sixteen, in 38 bits;
  // integer additions, so exact and in any order.
  int64_t sum = 0;
  for (size_t i = 0; i < n; ++i) sum += products[i];
  return (uint64_t(exponent) << 38) | (uint64_t(sum) & kMask38);
}

void cmac_fp16_winograd(const uint16_t data[64], const uint16_t weights[64], uint64_t words[4]) {
  // cmod/cmac/NV_NVDLA_cmac.h calculation_fp16 with winograd_op_: the pairs
  // are position p (row-major) x 4 + channel. cal_fp16_nan over all 64
  // (weights first, then data, lowest index first): a NaN gives all four
  // results its NaN word. Else cal_fp16_exp / cal_fp16_mul as for direct
  // convolution (one block exponent for the 64 pairs, CSC's zero mask on
  // the pre-added data), pp_phase1[p] = the 4 channel products of position
  // p, pp_phase2 / pp_phase3 = A^T pp_phase1 A (cmac_winograd_output: the
  // same integer sums as int8/int16, sc_int<38> holding them exactly:
  // |product| < 2^28, at most 36 of them), result j = (exp_wg = 4 G,
  // pp_phase3[j]).
  uint64_t nan_word = 0;
  uint32_t exponent = 0;
  int32_t products[64];
  if (cmac_fp16_products(data, weights, 64, nan_word, exponent, products)) {
    std::fill(words, words + 4, nan_word);
    return;
  }
  int64_t m[16], y[4];
  for (int p = 0; p < 16; ++p) {
    m[p] = int64_t(products[4 * p]) + products[4 * p + 1] + products[4 * p + 2] + products[4 * p + 3];
  }
  cmac_winograd_output(m, y);
  for (int j = 0; j < 4; ++j) words[j] = (uint64_t(exponent) << 38) | (uint64_t(y[j]) & kMask38);
}

uint64_t cacc_fp48_add(uint64_t accumulator, uint64_t mac) {
  // nvdlav1 cmod/cacc/NV_NVDLA_cacc.cpp cacc_fp16_add with the FP48
  // accumulator (NVDLA_GENERIC_CACC_USE_39_BIT_FP_ADDER unset; RTL
  // NV_NVDLA_CACC_CALC_fp_48b.v).
  const uint32_t mac_exp = uint32_t(mac >> 38) & 0x3Fu;
  const int64_t mac_mant = sign_extend(mac, 38);
  uint32_t acc_exp = uint32_t(accumulator >> 40) & 0xFFu;
  const int64_t acc_mant = sign_extend(accumulator, 40);
  // A zero product leaves the accumulator as it is.
  if (mac_mant == 0) return accumulator;
  // NaN: an accumulator NaN (exponent 255) stays, its top 11 mantissa bits
  // (sign and payload) kept; else a CMAC NaN (exponent 63) becomes one with
  // the CMAC word's bits [37:27] there.
  if (acc_exp == 255) return (uint64_t(255) << 40) | (uint64_t(acc_mant) & (uint64_t(0x7FF) << 29));
  if (mac_exp == 63) return (uint64_t(255) << 40) | ((uint64_t(mac_mant >> 27) & 0x7FFu) << 29);
  // The CMAC word normalised: its redundant sign bits shifted out (n0 of
  // them), the 38 bits placed at [39:2] of a 40-bit mantissa; its exponent
  // becomes E - n0 + 49 (bias moved from 50 to 101 with the 2-bit offset).
  unsigned n0 = 0;
  while (n0 < 37 && ((mac_mant >> (36 - n0)) & 1) == ((mac_mant >> 37) & 1)) ++n0;
  int64_t m = mac_mant * (int64_t(1) << (n0 + 2));
  const int32_t m_exp = int32_t((mac_exp - n0 + 49) & 0xFFu);
  // A zero accumulator has exponent 0.
  int64_t a = acc_mant;
  if (a == 0) acc_exp = 0;
  // Alignment: the operand with the smaller exponent is shifted right
  // (arithmetically) by the difference d; for d <= 40 its shifted-out bits
  // are kept, left-aligned, in a 40-bit extension (so the 80 bits hold the
  // exact sum); beyond 40 it becomes 0 and nothing is kept.
  uint64_t out_bits = 0;
  int32_t exp = m_exp;
  const auto align = [&out_bits](int64_t& v, int32_t d) {
    if (d <= 40) {
      out_bits = (uint64_t(v) & ((uint64_t(1) << d) - 1)) << (40 - d);
      v >>= d;
    } else {
      v = 0;
    }
  };
  if (m_exp > int32_t(acc_exp)) {
    align(a, m_exp - int32_t(acc_exp));
  } else if (m_exp < int32_t(acc_exp)) {
    exp = int32_t(acc_exp);
    align(m, int32_t(acc_exp) - m_exp);
  }
  // The 40-bit sum, normalised: on a carry out of the 40 bits it is shifted
  // right by one (its LSB becomes the guard bit); otherwise its redundant
  // sign bits are shifted out, the extension's top bits moving in.
  const int64_t exact = a + m;
  int64_t sum = sign_extend(uint64_t(exact), 40);
  bool overflow = false;
  bool low_bit = false;
  const bool sign_a = a < 0, sign_m = m < 0;
  if (sign_a == sign_m && (sum < 0) != sign_m) {
    overflow = true;
    low_bit = (exact & 1) != 0;
    sum = exact >> 1;
    exp += 1;
  } else if (((sum >> 38) & 1) == ((sum >> 39) & 1)) {
    unsigned n1 = 1;
    while (n1 < 39 && ((sum >> (38 - n1)) & 1) == ((sum >> 39) & 1)) ++n1;
    sum = sign_extend((uint64_t(sum) << n1) | (out_bits >> (40 - n1)), 40);
    out_bits = (out_bits << n1) & kMask40;
    exp -= int32_t(n1);
  }
  // Rounding to 40 bits, half away from zero in two's complement: +1 when
  // the guard bit is set and the sum is non-negative or any lower bit is
  // set (guard: the bit shifted out on overflow, else the extension's top
  // bit; sticky: the extension's other bits, all 40 on overflow).
  const bool guard = overflow ? low_bit : ((out_bits >> 39) & 1) != 0;
  const bool sticky = overflow ? out_bits != 0 : (out_bits & (kMask40 >> 1)) != 0;
  const bool negative = sum < 0;
  int64_t rounded = sum;
  if (guard && (!negative || sticky)) {
    rounded = sign_extend(uint64_t(sum + 1), 40);
    // A carry into the sign bit: shift right once more, exponent + 1.
    if ((rounded < 0) != negative) {
      rounded = int64_t((uint64_t(negative) << 39) | ((uint64_t(rounded) & kMask40) >> 1));
      rounded = sign_extend(uint64_t(rounded), 40);
      exp += 1;
    }
  }
  // A zero result has exponent 0; the exponent is kept in 8 bits.
  const uint32_t exp_field = rounded == 0 ? 0u : uint32_t(exp) & 0xFFu;
  return (uint64_t(exp_field) << 40) | (uint64_t(rounded) & kMask40);
}

uint32_t cacc_fp48_to_fp32(uint64_t accumulator) {
  // nvdlav1 cmod/cacc/NV_NVDLA_cacc.cpp cacc_fp48_to_fp32.
  const uint32_t exp = uint32_t(accumulator >> 40) & 0xFFu;
  const int64_t mant = sign_extend(accumulator, 40);
  const uint32_t sign = mant < 0 ? 1u : 0u;
  // NaN: exponent 255, the mantissa's sign, its bits [38:29] as payload.
  if (exp == 255) return (sign << 31) | 0x7F800000u | (uint32_t(uint64_t(mant) >> 29) & 0x3FFu);
  // -2^39, whose magnitude needs 40 bits: -2^(E - 62).
  if (mant == -(int64_t(1) << 39)) return 0x80000000u | (((exp + 65) & 0xFFu) << 23);
  // Sign and magnitude; the magnitude's leading 1 is bit 38 (value
  // 2^(E - 63)), so the fp32 exponent field is E + 64 (8 bits; 0 for a
  // zero mantissa); the 23 bits below it are [37:15], rounded half away
  // from zero on bit 14 alone; a carry out of the 24 bits adds 1 to the
  // exponent.
  const uint64_t magnitude = uint64_t(mant < 0 ? -mant : mant);
  uint32_t exp_field = mant == 0 ? 0u : (exp + 64) & 0xFFu;
  uint32_t significand = uint32_t(magnitude >> 15) & 0xFFFFFFu;
  if ((magnitude >> 14) & 1) {
    significand += 1;
    if (significand >> 24) {
      significand >>= 1;
      exp_field = (exp_field + 1) & 0xFFu;
    }
  }
  return (sign << 31) | (exp_field << 23) | (significand & 0x7FFFFFu);
}

namespace {

// The elements of `bytes`: int8, or little-endian int16.
std::vector<int32_t> elements(const std::vector<uint8_t>& bytes, bool int16) {
  std::vector<int32_t> e(int16 ? bytes.size() / 2 : bytes.size());
  for (size_t i = 0; i < e.size(); ++i) {
    e[i] = int16 ? int32_t(static_cast<int16_t>(uint16_t(bytes[2 * i] | (uint16_t(bytes[2 * i + 1]) << 8))))
                 : int32_t(static_cast<int8_t>(bytes[i]));
  }
  return e;
}

// Reads `bytes.size()` bytes at `address` in requests of at most 64 KiB.
void read_blocks(const ConvMemoryRead& read, bool mc, uint64_t address, std::vector<uint8_t>& bytes) {
  constexpr size_t block = 64 * 1024;
  for (size_t done = 0; done < bytes.size(); done += block) {
    read(mc, address + done, bytes.data() + done, std::min(block, bytes.size() - done));
  }
}

// Compressed weights (nvdlav1; formats of the header): fetches the weight
// group sizes (WGS) and the weight mask bits (WMB) over the weight
// interface, checks the sizes against the mask and expands `packed` (the
// non-zero weights in dense order) to the dense layout.
std::vector<int32_t> decompress_weights(const ConvLayer& l, const ConvMemoryRead& read,
                                        const std::vector<int32_t>& packed) {
  const uint32_t eb = l.element_bytes();
  const uint32_t K = l.kernels, Kg = l.atomic_k();
  const uint32_t groups = (K + Kg - 1) / Kg;
  // CSC's kernel (image input: 1 x R x the pre-extended channels).
  const size_t kernel_elements = size_t(l.kernel_height) * l.kernel_width * l.kernel_channels;
  std::vector<uint8_t> wgs(size_t(groups) * 4);
  read_blocks(read, l.weight_mc, l.wgs_address, wgs);
  std::vector<uint8_t> wmb(l.cdma_wmb_bytes);
  read_blocks(read, l.weight_mc, l.wmb_address, wmb);

  std::vector<int32_t> dense(kernel_elements * K, 0);
  size_t next = 0;  // next packed weight
  uint64_t total = 0;
  for (uint32_t g = 0; g < groups; ++g) {
    const size_t begin = size_t(g) * Kg * kernel_elements;
    const size_t end = begin + size_t(std::min(Kg, K - g * Kg)) * kernel_elements;
    const size_t first = next;
    for (size_t i = begin; i < end; ++i) {
      // Mask bit i: byte i / 8, bit i % 8 (LSB first).
      if (((wmb[i / 8] >> (i % 8)) & 1) == 0) continue;
      if (next == packed.size()) {
        throw std::invalid_argument("CDMA D_WEIGHT_BYTES (" + num(l.cdma_weight_bytes) +
                                    ") holds fewer weights than the mask bits at D_WMB_ADDR select");
      }
      dense[i] = packed[next++];
    }
    const uint64_t group_bytes = uint64_t(next - first) * eb;
    const uint32_t programmed = uint32_t(wgs[4 * g]) | uint32_t(wgs[4 * g + 1]) << 8 | uint32_t(wgs[4 * g + 2]) << 16 |
                                uint32_t(wgs[4 * g + 3]) << 24;
    if (programmed != group_bytes) {
      throw std::invalid_argument("the weight group size " + num(g) + " at CDMA D_WGS_ADDR (" + num(programmed) +
                                  " bytes) differs from the " + num(group_bytes) +
                                  " bytes of non-zero weights its mask bits at D_WMB_ADDR select");
    }
    // nvdlav1 NV_NVDLA_CDMA_wt.v: unless all weights fit the weight banks,
    // one compressed group plus 128 bytes must.
    if (l.cdma_weight_bytes > l.weight_capacity() && group_bytes + 128 > l.weight_capacity()) {
      throw std::invalid_argument("compressed weight group " + num(g) + " (" + num(group_bytes) +
                                  " bytes, at CDMA D_WGS_ADDR) does not fit the weight banks of CDMA D_BANK (" +
                                  num(l.weight_capacity()) + " bytes, 128 kept free)");
    }
    total += group_bytes;
  }
  const uint64_t padded = (total + 127) / 128 * 128;
  if (l.cdma_weight_bytes != total && l.cdma_weight_bytes != padded) {
    throw std::invalid_argument("CDMA D_WEIGHT_BYTES (" + num(l.cdma_weight_bytes) +
                                ") must be the compressed weights' bytes (the sum of the group sizes at D_WGS_ADDR, " +
                                num(total) + ") padded to 128 bytes (" + num(padded) + ")");
  }
  return dense;
}

// CDMA's fp16 input counters (D_NAN_INPUT_DATA_NUM, D_INF_INPUT_DATA_NUM,
// D_NAN_INPUT_WEIGHT_NUM, D_INF_INPUT_WEIGHT_NUM).
struct FpCounts {
  uint32_t nan_data = 0, inf_data = 0, nan_weight = 0, inf_weight = 0;
};

// CDMA's fp16 input path: every fetched element (all lanes of every atom,
// and the weights as fetched, padding bytes included) is counted when it
// is a NaN or an infinity, before anything changes it
// (cmod/cdma/NV_NVDLA_cdma.cpp countNaNinData, countInfinData and the
// weight counts); then with D_NAN_FLUSH_TO_ZERO every NaN becomes +0: the
// data (NV_NVDLA_CDMA_cvt.v nan_pass; the C model too) and, in the RTL,
// the weights (NV_NVDLA_CDMA_wt.v wt_nan_mask; the C model leaves NaN
// weights, which NVDLA's compiler never produces). Infinities pass.
void fp16_input(std::vector<int32_t>& elements, bool nan_to_zero, uint32_t& nans, uint32_t& infs) {
  for (int32_t& e : elements) {
    const uint16_t v = static_cast<uint16_t>(e);
    if (fp16_is_inf(v)) ++infs;
    if (fp16_is_nan(v)) {
      ++nans;
      if (nan_to_zero) e = 0;
    }
  }
}

// One output position of an fp16 image layer: `column` holds the
// elements it sees ([r][e], e = s x C + c), `wk` the kernels in the same
// order. Per kernel, CACC adds one CMAC word per atomic operation in the
// order of the integer image path (channel block of the extended
// channels, then kernel row; per group of P rows with post-extension)
// into its FP48 accumulator from 0 and delivers the fp32 pattern (the
// fp16 feature rules). Output lane k is at out[(k / lanes) * surface +
// k % lanes].
void image_fp16_position(const std::vector<int32_t>& column, const std::vector<int32_t>& wk, const ConvLayer& l,
                         int32_t* out, size_t surface) {
  const uint32_t R = l.kernel_height, CS = l.kernel_channels, Ac = l.core.atomic_c, lanes = l.atom_elements();
  const uint32_t P = 1u << l.post_y_extension;
  const size_t kernel_elements = size_t(R) * CS;
  std::vector<uint16_t> data(kernel_elements), weights(kernel_elements);
  for (size_t i = 0; i < kernel_elements; ++i) data[i] = static_cast<uint16_t>(column[i]);
  for (uint32_t k = 0; k < l.kernels; ++k) {
    for (size_t i = 0; i < kernel_elements; ++i) weights[i] = static_cast<uint16_t>(wk[k * kernel_elements + i]);
    uint64_t acc = 0;
    if (P == 1) {
      for (uint32_t cb = 0; cb * Ac < CS; ++cb) {
        const uint32_t count = std::min(Ac, CS - cb * Ac);
        for (uint32_t r = 0; r < R; ++r) {
          const size_t pos = size_t(r) * CS + size_t(cb) * Ac;
          acc = cacc_fp48_add(acc, cmac_fp16_atomic(data.data() + pos, weights.data() + pos, count));
        }
      }
    } else {
      for (uint32_t r0 = 0; r0 < R; r0 += P) {
        const size_t pos = size_t(r0) * CS;
        const size_t count = size_t(std::min(R, r0 + P) - r0) * CS;
        acc = cacc_fp48_add(acc, cmac_fp16_atomic(data.data() + pos, weights.data() + pos, count));
      }
    }
    out[(k / lanes) * surface + k % lanes] = static_cast<int32_t>(cacc_fp48_to_fp32(acc));
  }
}

// Image input (the header's image rules): CDMA's pixel fetch, component
// order (10-bit fields unpacked), converter or fp16 NaN/Inf handling, CSC's
// pre-extended lines and post-extension, CMAC and CACC (integer or fp16).
ConvOutput image_process(const ConvLayer& l, const ConvMemoryRead& read) {
  const PixelFormat f = *pixel_format(l.pixel_format);
  const bool int16 = l.int16(), fp16 = l.fp16();
  const uint32_t eb = l.element_bytes();
  const uint32_t W = l.width, H = l.height, C = l.channels;

  // CDMA: each line from PIXEL_X_OFFSET on, in whole atoms; the components
  // of pixel p in channel order, converted when CVT_EN.
  const auto atoms = [&](size_t bytes) { return (bytes + l.atom_bytes - 1) / l.atom_bytes * l.atom_bytes; };
  std::vector<uint8_t> line(atoms((size_t(l.pixel_x_offset) + W) * f.bytes));
  const uint32_t uv_offset = image_uv_x_offset(l, f);
  std::vector<uint8_t> uv_line(f.uv_bytes == 0 ? 0 : atoms((size_t(uv_offset) + W) * f.uv_bytes));
  std::vector<int32_t> pixels(size_t(H) * W * C);  // [h][w][c]
  FpCounts counts;
  uint8_t pixel[8];  // plane-0 bytes, then plane-1 bytes
  for (uint32_t h = 0; h < H; ++h) {
    read(l.input_mc, l.input_address + h * l.line_stride, line.data(), line.size());
    if (f.uv_bytes != 0) read(l.input_mc, l.uv_address + h * l.uv_line_stride, uv_line.data(), uv_line.size());
    for (uint32_t w = 0; w < W; ++w) {
      std::copy_n(line.data() + (size_t(l.pixel_x_offset) + w) * f.bytes, f.bytes, pixel);
      if (f.uv_bytes != 0) std::copy_n(uv_line.data() + (size_t(uv_offset) + w) * f.uv_bytes, f.uv_bytes, pixel + f.bytes);
      const uint32_t word = uint32_t(pixel[0]) | uint32_t(pixel[1]) << 8 | uint32_t(pixel[2]) << 16 |
                            uint32_t(pixel[3]) << 24;
      for (uint32_t c = 0; c < C; ++c) {
        uint32_t bits = 0;
        if (f.packed10) {
          // A 10-bit field fills the top of a 16-bit component (v << 6), the
          // 2-bit alpha its top two bits (a << 14): cmod pixel_16 =
          // field << 6 / << 14, RTL IMG_pack.v pk_rsp_dat_ergb (z6, z14).
          bits = c == 3 ? ((word >> f.field_lsb[c]) & 0x3u) << 14 : ((word >> f.field_lsb[c]) & 0x3FFu) << 6;
        } else {
          const uint8_t* component = pixel + f.order[c] * f.component_bytes;
          bits = f.component_bytes == 2 ? uint32_t(component[0] | (component[1] << 8)) : component[0];
        }
        int32_t value = 0;
        if (fp16) {
          // fp16 pixels: counted and flushed as fp16 feature data, then
          // passed through unchanged (CVT_EN and the mean do not apply).
          // Counted are the image's components (the C model counts the
          // fetched line from PIXEL_X_OFFSET on, the RTL, cvt.v, the data
          // written to the buffer: both hold these).
          if (fp16_is_inf(uint16_t(bits))) ++counts.inf_data;
          if (fp16_is_nan(uint16_t(bits))) {
            ++counts.nan_data;
            if (l.nan_to_zero) bits = 0;
          }
          value = int32_t(bits);
        } else if (!l.cvt_enable) {
          // The component's bits are the element (no sign handling).
          value = int16 ? int32_t(static_cast<int16_t>(bits)) : int32_t(static_cast<int8_t>(bits));
        } else {
          // PIXEL_SIGN_OVERRIDE decides the 17-bit widening; the offset is
          // the channel's mean with D_MEAN_FORMAT, else CVT_OFFSET.
          const int64_t x = l.pixel_signed ? (int16 ? int64_t(static_cast<int16_t>(bits))
                                                    : int64_t(static_cast<int8_t>(bits)))
                                           : int64_t(bits);
          const int16_t offset = l.mean_enable ? l.mean[c] : l.cvt_offset;
          value = int32_t(cdma_convert17(x, offset, l.cvt_scale, l.cvt_truncate));
          value = int16 ? std::clamp(value, -32768, 32767) : std::clamp(value, -128, 127);
        }
        pixels[(size_t(h) * W + w) * C + c] = value;
      }
    }
  }

  // CDMA: the weights, dense (compressed ones expanded).
  const uint32_t R = l.kernel_height, K = l.kernels, CS = l.kernel_channels;
  const size_t kernel_elements = size_t(R) * CS;
  std::vector<uint8_t> weight_bytes(
      l.compressed() ? l.cdma_weight_bytes : std::max<size_t>(kernel_elements * eb * K, l.cdma_weight_bytes));
  read_blocks(read, l.weight_mc, l.weight_address, weight_bytes);
  std::vector<int32_t> fetched_weights = elements(weight_bytes, l.wide());
  if (fp16) fp16_input(fetched_weights, l.nan_to_zero, counts.nan_weight, counts.inf_weight);
  const std::vector<int32_t> weights =
      l.compressed() ? decompress_weights(l, read, fetched_weights) : std::move(fetched_weights);
  // Reorder to [k][r][e] (e = s x C + c) from the stored layout: with
  // P = 1 the direct layout of 1 x R x CS kernels (channel blocks of
  // atomic-C, then rows, then kernels); with P > 1 per group of P rows,
  // per kernel, the rows' CS weights.
  const uint32_t P = 1u << l.post_y_extension;
  const uint32_t Ac = l.core.atomic_c, Kg = l.atomic_k();
  std::vector<int32_t> wk(kernel_elements * K);
  for (uint32_t k = 0; k < K; ++k) {
    const uint32_t g = k / Kg, kg = k % Kg;
    const uint32_t kcount = std::min(Kg, K - g * Kg);
    const size_t group_base = size_t(g) * Kg * kernel_elements;
    int32_t* dst = wk.data() + size_t(k) * kernel_elements;
    if (P == 1) {
      for (uint32_t cb = 0; cb * Ac < CS; ++cb) {
        const uint32_t ccount = std::min(Ac, CS - cb * Ac);
        const size_t block_base = group_base + size_t(cb) * Ac * R * kcount;
        for (uint32_t r = 0; r < R; ++r) {
          const size_t src = block_base + (size_t(r) * kcount + kg) * ccount;
          std::copy_n(weights.begin() + static_cast<std::ptrdiff_t>(src), ccount,
                      dst + size_t(r) * CS + size_t(cb) * Ac);
        }
      }
    } else {
      for (uint32_t r0 = 0; r0 < R; r0 += P) {
        const uint32_t rows = std::min(P, R - r0);
        const size_t src = group_base + size_t(r0) * CS * kcount + size_t(kg) * rows * CS;
        std::copy_n(weights.begin() + static_cast<std::ptrdiff_t>(src), size_t(rows) * CS, dst + size_t(r0) * CS);
      }
    }
  }

  ConvOutput out;
  out.width = l.out_width;
  out.height = l.out_height;
  out.channels = K;
  out.lanes = l.atom_elements();
  out.batches = 1;
  out.values.assign(out.batch_values(), 0);
  // fp16: the 16 bits of the padding values are fp16 patterns.
  const bool wide = l.wide();
  const auto pad_of = [wide](int16_t v) { return wide ? int32_t(v) : int32_t(static_cast<int8_t>(v & 0xFF)); };
  const int32_t side_pad = pad_of(l.cdma_pad_value);  // CDMA: left and right padding pixels
  const int32_t line_pad = pad_of(l.pad_value);       // CSC: lines above and below
  const unsigned accumulator_bits = int16 ? 48 : 34;
  const uint32_t lanes = out.lanes;
  std::vector<int32_t> column(kernel_elements);  // [r][e] one output position sees
  for (uint32_t y = 0; y < out.height; ++y) {
    for (uint32_t x = 0; x < out.width; ++x) {
      for (uint32_t r = 0; r < R; ++r) {
        const int64_t ih = int64_t(y) * l.stride_y - l.pad_top + r;
        int32_t* dst = column.data() + size_t(r) * CS;
        for (uint32_t e = 0; e < CS; ++e) {
          const int64_t iw = int64_t(x) * l.stride_x - l.pad_left + e / C;
          if (ih < 0 || ih >= H) {
            dst[e] = line_pad;
          } else if (iw < 0 || iw >= W) {
            dst[e] = side_pad;
          } else {
            dst[e] = pixels[(size_t(ih) * W + size_t(iw)) * C + e % C];
          }
        }
      }
      if (fp16) {
        image_fp16_position(column, wk, l, out.values.data() + size_t(y * out.width + x) * lanes,
                            size_t(out.height) * out.width * lanes);
        continue;
      }
      for (uint32_t k = 0; k < K; ++k) {
        const int32_t* w = wk.data() + size_t(k) * kernel_elements;
        int64_t acc = 0;
        if (P == 1) {
          // One atomic operation per channel block and kernel row.
          for (uint32_t cb = 0; cb * Ac < CS; ++cb) {
            const uint32_t end = std::min(CS, (cb + 1) * Ac);
            for (uint32_t r = 0; r < R; ++r) {
              int64_t partial = 0;
              for (uint32_t e = cb * Ac; e < end; ++e) partial += int64_t(column[r * CS + e]) * w[r * CS + e];
              acc = cacc_accumulate(acc, partial, accumulator_bits);
            }
          }
        } else {
          // One atomic operation per group of P kernel rows.
          for (uint32_t r0 = 0; r0 < R; r0 += P) {
            int64_t partial = 0;
            for (size_t i = size_t(r0) * CS; i < size_t(std::min(R, r0 + P)) * CS; ++i) {
              partial += int64_t(column[i]) * w[i];
            }
            acc = cacc_accumulate(acc, partial, accumulator_bits);
          }
        }
        bool sat = false;
        const size_t index = ((size_t(k / lanes) * out.height + y) * out.width + x) * lanes + k % lanes;
        out.values[index] = cacc_truncate(acc, l.truncate, &sat);
        if (sat) ++out.out_saturation;
      }
    }
  }
  out.fp32 = fp16;
  out.nan_input_data = counts.nan_data;
  out.inf_input_data = counts.inf_data;
  out.nan_input_weight = counts.nan_weight;
  out.inf_input_weight = counts.inf_weight;
  return out;
}

}  // namespace

namespace {

// One output position of an fp16 layer: `column` holds the input elements
// it sees ([cb][r][s][c'], conv_process), `w` the kernels in the same
// order; for every kernel CACC adds one CMAC word per atomic operation (per
// channel block, kernel row and column, CSC's order) into its FP48
// accumulator, starting from 0, and delivers the fp32 pattern. Output
// lane k of the position is at out[(k / lanes) * surface + k % lanes].
void fp16_position(const int32_t* column, const int32_t* w, const ConvLayer& l, size_t kernel_elements, int32_t* out,
                   size_t surface) {
  const uint32_t C = l.channels, Ac = l.core.atomic_c, lanes = l.atom_elements();
  const uint32_t blocks = (C + Ac - 1) / Ac, RS = l.kernel_height * l.kernel_width;
  std::vector<uint16_t> data(kernel_elements);
  for (size_t i = 0; i < kernel_elements; ++i) data[i] = static_cast<uint16_t>(column[i]);
  std::vector<uint16_t> weights(kernel_elements);
  for (uint32_t k = 0; k < l.kernels; ++k) {
    const int32_t* wk = w + size_t(k) * kernel_elements;
    for (size_t i = 0; i < kernel_elements; ++i) weights[i] = static_cast<uint16_t>(wk[i]);
    uint64_t acc = 0;
    size_t pos = 0;
    for (uint32_t cb = 0; cb < blocks; ++cb) {
      const uint32_t ccount = std::min(Ac, C - cb * Ac);
      for (uint32_t rs = 0; rs < RS; ++rs) {
        acc = cacc_fp48_add(acc, cmac_fp16_atomic(data.data() + pos, weights.data() + pos, ccount));
        pos += ccount;
      }
    }
    out[(k / lanes) * surface + k % lanes] = static_cast<int32_t>(cacc_fp48_to_fp32(acc));
  }
}

}  // namespace

namespace {

// fp16 Winograd tiles (the header's rules): `ext` the extended cube
// [e][y][x] after CDMA's NaN flush, `u` the kernels [k][block][p][c4], both
// fp16 patterns. Per 2x2 output tile: CSC's fp16 pre-addition of each
// extended channel's 4x4 tile, then per kernel and block of 4 channels one
// CMAC fp16 Winograd operation whose four words CACC adds into the four
// positions' FP48 accumulators (cmod/cacc/NV_NVDLA_cacc.cpp: the first
// block into 0, then cacc_fp16_add, channel order), delivered as fp32.
void winograd_fp16_tiles(const ConvLayer& l, const std::vector<int32_t>& ext, const std::vector<int32_t>& u,
                         ConvOutput& out) {
  const uint32_t WE = l.width_ext, HE = l.height_ext, CE = l.csc_channels, K = l.kernels, atom = out.lanes;
  const uint32_t blocks = CE / 4;
  const size_t kernel_elements = size_t(16) * CE;
  std::vector<uint16_t> v(size_t(CE) * 16);  // one tile after the pre-addition, [e][p]
  uint16_t d[16], data[64], weights[64];
  for (uint32_t ty = 0; ty < out.height / 2; ++ty) {
    for (uint32_t tx = 0; tx < out.width / 2; ++tx) {
      for (uint32_t e = 0; e < CE; ++e) {
        for (uint32_t p = 0; p < 16; ++p) {
          d[p] = static_cast<uint16_t>(ext[(size_t(e) * HE + 2 * ty + p / 4) * WE + 2 * tx + p % 4]);
        }
        csc_pra_fp16(d, v.data() + size_t(e) * 16);
      }
      for (uint32_t k = 0; k < K; ++k) {
        uint64_t acc[4] = {0, 0, 0, 0};
        for (uint32_t b = 0; b < blocks; ++b) {
          // CSC's data payload: element p x 4 + c is channel 4 b + c at
          // position p (NV_NVDLA_csc.cpp SendDataToMacSequencerWinoConvCommon).
          const int32_t* w = u.data() + size_t(k) * kernel_elements + size_t(b) * 64;
          for (uint32_t i = 0; i < 64; ++i) {
            data[i] = v[size_t(4 * b + i % 4) * 16 + i / 4];
            weights[i] = static_cast<uint16_t>(w[i]);
          }
          uint64_t words[4];
          cmac_fp16_winograd(data, weights, words);
          for (int i = 0; i < 4; ++i) acc[i] = cacc_fp48_add(acc[i], words[i]);
        }
        for (uint32_t i = 0; i < 4; ++i) {
          const uint32_t x = 2 * tx + i % 2, y = 2 * ty + i / 2;
          const size_t index = ((size_t(k / atom) * out.height + y) * out.width + x) * atom + k % atom;
          out.values[index] = static_cast<int32_t>(cacc_fp48_to_fp32(acc[i]));
        }
      }
    }
  }
}

// Winograd (the header's rules): CDMA's fetch, padding and channel
// extension, CSC's pre-addition per 4x4 tile and channel, CMAC's products
// and output transform per block of 4 channels, CACC's accumulation.
ConvOutput winograd_process(const ConvLayer& l, const ConvMemoryRead& read) {
  const bool int16 = l.int16(), fp16 = l.fp16(), wide = l.wide();
  const uint32_t eb = l.element_bytes();
  const uint32_t atom = l.atom_elements();
  const uint32_t W = l.width, H = l.height;
  const uint32_t surfaces = (l.channels + atom - 1) / atom;
  const uint32_t aligned = surfaces * atom;  // = the channels: whole atoms (winograd_unsupported_or_illegal)
  // CDMA: the cube, one read per line of each surface.
  const size_t line_bytes = size_t(W) * l.atom_bytes;
  std::vector<uint8_t> feature_bytes(size_t(surfaces) * H * line_bytes);
  for (uint32_t s = 0; s < surfaces; ++s) {
    for (uint32_t h = 0; h < H; ++h) {
      read(l.input_mc, l.input_address + s * l.surface_stride + h * l.line_stride,
           feature_bytes.data() + (size_t(s) * H + h) * line_bytes, line_bytes);
    }
  }
  const std::vector<int32_t> feature = elements(feature_bytes, wide);
  // The extended cube [e][y][x]: element (x, y, (dy x SX + dx) x C' + c) is
  // padded element (x SX + dx, y SY + dy, c); padding takes CDMA's
  // D_ZERO_PADDING_VALUE (NV_NVDLA_CDMA_wg.v dma_pad_data: the low byte for
  // int8, all 16 bits for int16 and fp16; cmod/cdma/NV_NVDLA_cdma.cpp
  // WinoConvDataResponseSequencerCommon atom_pad_value_int16).
  const uint32_t SX = l.cdma_stride_x, SY = l.cdma_stride_y, WE = l.width_ext, HE = l.height_ext;
  const uint32_t CE = aligned * SX * SY;
  const int32_t pad = wide ? int32_t(l.cdma_pad_value) : int32_t(static_cast<int8_t>(l.cdma_pad_value & 0xFF));
  std::vector<int32_t> ext(size_t(CE) * HE * WE);
  for (uint32_t e = 0; e < CE; ++e) {
    const uint32_t c = e % aligned, dy = e / aligned / SX, dx = e / aligned % SX;
    for (uint32_t y = 0; y < HE; ++y) {
      const int64_t py = int64_t(y) * SY + dy - l.cdma_pad_top;
      for (uint32_t x = 0; x < WE; ++x) {
        const int64_t px = int64_t(x) * SX + dx - l.cdma_pad_left;
        const bool inside = py >= 0 && py < H && px >= 0 && px < W;
        ext[(size_t(e) * HE + y) * WE + x] =
            inside ? feature[((size_t(c / atom) * H + size_t(py)) * W + size_t(px)) * atom + c % atom] : pad;
      }
    }
  }
  // fp16: CDMA counts the NaN / Inf elements of every buffer entry it
  // writes, padding included, and flushes NaNs with D_NAN_FLUSH_TO_ZERO
  // (WinoConvDataResponseSequencerCommon, on the 4x4x4 sub-cubes after the
  // padding is inserted: each element of the extended cube once; the RTL's
  // NV_NVDLA_CDMA_cvt.v likewise sees the wg2cvt data, padding included).
  FpCounts counts;
  if (fp16) fp16_input(ext, l.nan_to_zero, counts.nan_data, counts.inf_data);
  // CDMA: the pre-transformed weights; reordered to [k][block][p][c4] from
  // group, block, kernel, position, channel. fp16: counted and flushed as
  // fetched, as for direct convolution (Winograd shares
  // DirectConvWeightResponseSequencerCommon).
  const uint32_t K = l.kernels, Kg = l.atomic_k(), blocks = CE / 4;
  const size_t kernel_elements = size_t(16) * CE;
  std::vector<uint8_t> weight_bytes(std::max<size_t>(kernel_elements * eb * K, l.cdma_weight_bytes));
  read_blocks(read, l.weight_mc, l.weight_address, weight_bytes);
  std::vector<int32_t> weights = elements(weight_bytes, wide);
  if (fp16) fp16_input(weights, l.nan_to_zero, counts.nan_weight, counts.inf_weight);
  std::vector<int32_t> u(kernel_elements * K);
  for (uint32_t k = 0; k < K; ++k) {
    const uint32_t g = k / Kg, kg = k % Kg;
    const uint32_t kcount = std::min(Kg, K - g * Kg);
    const size_t group_base = size_t(g) * Kg * kernel_elements;
    for (uint32_t b = 0; b < blocks; ++b) {
      const size_t src = group_base + (size_t(b) * kcount + kg) * 64;
      std::copy_n(weights.begin() + static_cast<std::ptrdiff_t>(src), 64,
                  u.begin() + static_cast<std::ptrdiff_t>(size_t(k) * kernel_elements + size_t(b) * 64));
    }
  }

  ConvOutput out;
  out.width = l.out_width;
  out.height = l.out_height;
  out.channels = K;
  out.lanes = atom;
  out.winograd = true;
  out.values.assign(out.batch_values(), 0);
  out.fp32 = fp16;
  out.nan_input_data = counts.nan_data;
  out.inf_input_data = counts.inf_data;
  out.nan_input_weight = counts.nan_weight;
  out.inf_input_weight = counts.inf_weight;
  if (fp16) {
    winograd_fp16_tiles(l, ext, u, out);
    return out;
  }
  const unsigned accumulator_bits = int16 ? 48 : 34;
  std::vector<int32_t> v(size_t(CE) * 16);  // one tile after the pre-addition, [e][p]
  int32_t d[16];
  for (uint32_t ty = 0; ty < out.height / 2; ++ty) {
    for (uint32_t tx = 0; tx < out.width / 2; ++tx) {
      // CSC: the 4x4 tile at (2 tx, 2 ty) of every extended channel.
      for (uint32_t e = 0; e < CE; ++e) {
        for (uint32_t p = 0; p < 16; ++p) {
          d[p] = ext[(size_t(e) * HE + 2 * ty + p / 4) * WE + 2 * tx + p % 4];
        }
        csc_pra(d, l.pra_truncate, int16, v.data() + size_t(e) * 16);
      }
      for (uint32_t k = 0; k < K; ++k) {
        int64_t acc[4] = {0, 0, 0, 0};
        for (uint32_t b = 0; b < blocks; ++b) {
          // CMAC: one MAC cell's products of 4 channels at 16 positions.
          const int32_t* w = u.data() + size_t(k) * kernel_elements + size_t(b) * 64;
          int64_t m[16];
          for (uint32_t p = 0; p < 16; ++p) {
            int64_t sum = 0;
            for (uint32_t c = 0; c < 4; ++c) sum += int64_t(v[(size_t(4 * b + c)) * 16 + p]) * w[p * 4 + c];
            m[p] = sum;
          }
          int64_t y[4];
          cmac_winograd_output(m, y);
          for (int i = 0; i < 4; ++i) acc[i] = cacc_accumulate(acc[i], y[i], accumulator_bits);
        }
        for (uint32_t i = 0; i < 4; ++i) {
          const uint32_t x = 2 * tx + i % 2, y = 2 * ty + i / 2;
          bool sat = false;
          const size_t index = ((size_t(k / atom) * out.height + y) * out.width + x) * atom + k % atom;
          out.values[index] = cacc_truncate(acc[i], l.truncate, &sat);
          if (sat) ++out.out_saturation;
        }
      }
    }
  }
  return out;
}

}  // namespace

ConvOutput conv_process(const ConvLayer& l, const ConvMemoryRead& read) {
  if (const auto problem = conv_unsupported_or_illegal(l)) throw std::invalid_argument(*problem);
  if (l.image()) return image_process(l, read);
  if (l.winograd()) return winograd_process(l, read);
  const bool int16 = l.int16();
  const uint32_t eb = l.element_bytes();
  const uint32_t atom = l.atom_elements();  // elements of one memory atom
  const uint32_t W = l.width, H = l.height, C = l.channels;
  const uint32_t surfaces = (C + atom - 1) / atom;

  // CDMA: the feature cube of each batch (batch b at D_BATCH_STRIDE x b),
  // one read per line of each surface.
  const uint32_t B = l.batches;
  const size_t cube_bytes = size_t(surfaces) * H * W * l.atom_bytes;
  std::vector<uint8_t> feature_bytes(cube_bytes * B);
  for (uint32_t b = 0; b < B; ++b) {
    for (uint32_t s = 0; s < surfaces; ++s) {
      for (uint32_t h = 0; h < H; ++h) {
        uint8_t* line = feature_bytes.data() + b * cube_bytes + (size_t(s) * H + h) * W * l.atom_bytes;
        read(l.input_mc, l.input_address + b * l.batch_stride + s * l.surface_stride + h * l.line_stride, line,
             size_t(W) * l.atom_bytes);
      }
    }
  }
  std::vector<int32_t> feature = elements(feature_bytes, l.wide());
  FpCounts counts;
  if (l.fp16()) fp16_input(feature, l.nan_to_zero, counts.nan_data, counts.inf_data);
  if (l.cvt_enable) {
    for (int32_t& x : feature) {
      x = int16 ? cdma_convert_int16(static_cast<int16_t>(x), l.cvt_offset, l.cvt_scale, l.cvt_truncate)
                : cdma_convert(static_cast<int8_t>(x), l.cvt_offset, l.cvt_scale, l.cvt_truncate);
    }
  }
  // CDMA: the weights, in blocks of at most 64 KiB; compressed weights are
  // expanded to the dense layout as CSC's decompressor does.
  const uint32_t R = l.kernel_height, S = l.kernel_width, K = l.kernels;
  const size_t kernel_elements = size_t(R) * S * C;
  std::vector<uint8_t> weight_bytes(
      l.compressed() ? l.cdma_weight_bytes : std::max<size_t>(kernel_elements * eb * K, l.cdma_weight_bytes));
  read_blocks(read, l.weight_mc, l.weight_address, weight_bytes);
  std::vector<int32_t> fetched_weights = elements(weight_bytes, l.wide());
  if (l.fp16()) fp16_input(fetched_weights, l.nan_to_zero, counts.nan_weight, counts.inf_weight);
  const std::vector<int32_t> weights =
      l.compressed() ? decompress_weights(l, read, fetched_weights) : std::move(fetched_weights);
  // Reorder the weights to [k][cb][r][s][c'] (a kernel's channel block
  // contiguous) from the grouped memory layout of the header.
  const uint32_t Ac = l.core.atomic_c, Kg = l.atomic_k();
  const uint32_t blocks = (C + Ac - 1) / Ac;
  std::vector<int32_t> w(kernel_elements * K);
  for (uint32_t k = 0; k < K; ++k) {
    const uint32_t g = k / Kg, kg = k % Kg;
    const uint32_t kcount = std::min(Kg, K - g * Kg);
    const size_t group_base = size_t(g) * Kg * kernel_elements;
    for (uint32_t cb = 0; cb < blocks; ++cb) {
      const uint32_t ccount = std::min(Ac, C - cb * Ac);
      const size_t block_base = group_base + size_t(cb) * Ac * R * S * kcount;
      for (uint32_t r = 0; r < R; ++r) {
        for (uint32_t s = 0; s < S; ++s) {
          const size_t src = block_base + ((size_t(r) * S + s) * kcount + kg) * ccount;
          const size_t dst = size_t(k) * kernel_elements + (size_t(cb) * Ac * R * S) + (size_t(r) * S + s) * ccount;
          std::copy_n(weights.begin() + static_cast<std::ptrdiff_t>(src), ccount,
                      w.begin() + static_cast<std::ptrdiff_t>(dst));
        }
      }
    }
  }

  ConvOutput out;
  out.width = l.out_width;
  out.height = l.out_height;
  out.channels = K;
  out.lanes = atom;
  out.batches = B;
  out.values.assign(out.batch_values() * B, 0);
  // The lanes beyond K carry cacc_truncate(0) = 0 (fp16: +0).
  // fp16: the 16 bits of D_ZERO_PADDING_VALUE are the fp16 pattern.
  const int32_t pad = l.wide() ? int32_t(l.pad_value) : int32_t(static_cast<int8_t>(l.pad_value & 0xFF));
  const unsigned accumulator_bits = int16 ? 48 : 34;
  std::vector<int32_t> column(size_t(R) * S * blocks * Ac);
  // CSC sends each weight stripe to all batches in turn (nvdlav1
  // NV_NVDLA_CSC_sg.v shortens the stripe by the batch count); every
  // batch's sums are accumulated apart, in the same order, so each batch is
  // the convolution of its own cube.
  for (uint32_t b = 0; b < B; ++b) {
    const int32_t* const cube = feature.data() + size_t(b) * surfaces * H * W * atom;
    int32_t* const batch_out = out.values.data() + b * out.batch_values();
    for (uint32_t y = 0; y < out.height; ++y) {
      for (uint32_t x = 0; x < out.width; ++x) {
        // CSC: the input elements one output position sees, [cb][r][s][c'],
        // padding included.
        for (uint32_t cb = 0; cb < blocks; ++cb) {
          const uint32_t ccount = std::min(Ac, C - cb * Ac);
          for (uint32_t r = 0; r < R; ++r) {
            const int64_t ih = int64_t(y) * l.stride_y - l.pad_top + int64_t(r) * l.dilation_y;
            for (uint32_t s = 0; s < S; ++s) {
              const int64_t iw = int64_t(x) * l.stride_x - l.pad_left + int64_t(s) * l.dilation_x;
              int32_t* dst = column.data() + size_t(cb) * Ac * R * S + (size_t(r) * S + s) * ccount;
              const bool inside = ih >= 0 && ih < H && iw >= 0 && iw < W;
              for (uint32_t c = 0; c < ccount; ++c) {
                const uint32_t ch = cb * Ac + c;
                dst[c] = inside ? cube[((size_t(ch / atom) * H + size_t(ih)) * W + size_t(iw)) * atom + ch % atom]
                                : pad;
              }
            }
          }
        }
        if (l.fp16()) {
          fp16_position(column.data(), w.data(), l, kernel_elements, batch_out + size_t(y * out.width + x) * atom,
                        size_t(out.height) * out.width * atom);
          continue;
        }
        for (uint32_t k = 0; k < K; ++k) {
          const int32_t* wk = w.data() + size_t(k) * kernel_elements;
          int64_t acc = 0;
          size_t pos = 0;
          for (uint32_t cb = 0; cb < blocks; ++cb) {
            const uint32_t ccount = std::min(Ac, C - cb * Ac);
            for (uint32_t rs = 0; rs < R * S; ++rs) {
              int64_t partial = 0;  // CMAC: one atomic operation
              for (uint32_t c = 0; c < ccount; ++c) partial += int64_t(column[pos + c]) * wk[pos + c];
              pos += ccount;
              acc = cacc_accumulate(acc, partial, accumulator_bits);
            }
          }
          bool sat = false;
          const size_t index = ((size_t(k / atom) * out.height + y) * out.width + x) * atom + k % atom;
          batch_out[index] = cacc_truncate(acc, l.truncate, &sat);
          if (sat) ++out.out_saturation;
        }
      }
    }
  }
  out.fp32 = l.fp16();
  out.nan_input_data = counts.nan_data;
  out.inf_input_data = counts.inf_data;
  out.nan_input_weight = counts.nan_weight;
  out.inf_input_weight = counts.inf_weight;
  return out;
}

}  // namespace acosim::nvdla

// The convolution-core registers of a one-line (H = 1) 16-bit layer on
// nv_full, shared by the int16 (test_conv_datapath.cpp) and fp16
// (test_conv_fp16.cpp) datapath tests: a W x 1 x C input cube from MCIF,
// line- and surface-packed (16 two-byte lanes per 32-byte atom), K kernels
// of 1 x S x C in NVDLA's direct weight layout, left/right padding with a
// pad value, stride and dilation 1. Each suite adds what is its own
// (CACC truncation for int16, the NaN flush for fp16).
#pragma once

#include <cstdint>

#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/csc.h"
#include "systemc/nvdla/conv_datapath.h"

namespace acosim::nvdla {

struct OneLineShape {
  uint32_t in_w = 1, in_c = 1, kernel_w = 1, kernels = 1;
  uint32_t pad_left = 0, pad_right = 0, pad_value = 0;
};

// precision: the D_MISC_CFG IN/PROC_PRECISION encoding, 1 (INT16) or 2 (FP16).
inline ConvRegisters one_line_registers(const OneLineShape& l, uint32_t precision, uint64_t feature,
                                        uint64_t weights) {
  namespace rd = regs::cdma;
  namespace rc = regs::csc;
  const uint32_t ow = l.in_w + l.pad_left + l.pad_right - l.kernel_w + 1;
  const uint32_t surfaces = (l.in_c + 15) / 16;
  const uint32_t kernel_bytes = l.kernel_w * l.in_c * 2;
  const uint32_t misc = rd::D_MISC_CFG_IN_PRECISION.put(precision) | rd::D_MISC_CFG_PROC_PRECISION.put(precision);
  ConvRegisters r;
  r.cdma_misc_cfg = misc;
  r.cdma_datain_format = 0;
  r.cdma_datain_size_0 = rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(l.in_w - 1);
  r.cdma_datain_size_1 = l.in_c - 1;
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_low_0 = uint32_t(feature);
  r.cdma_line_stride = l.in_w * 32;
  r.cdma_surf_stride = l.in_w * 32;
  r.cdma_dain_map = rd::D_DAIN_MAP_LINE_PACKED.put(1) | rd::D_DAIN_MAP_SURF_PACKED.put(1);
  r.cdma_entry_per_slice = (l.in_w * surfaces * 32 + 127) / 128 - 1;
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = l.kernels - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_low = uint32_t(weights);
  r.cdma_weight_bytes = kernel_bytes * l.kernels;
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(l.pad_left) | rd::D_ZERO_PADDING_PAD_RIGHT.put(l.pad_right);
  r.cdma_zero_padding_value = l.pad_value;
  r.csc_misc_cfg = misc;
  r.csc_datain_size_ext_0 = r.cdma_datain_size_0;
  r.csc_datain_size_ext_1 = l.in_c - 1;
  r.csc_entry_per_slice = r.cdma_entry_per_slice;
  r.csc_weight_size_ext_0 = rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(l.kernel_w - 1);
  r.csc_weight_size_ext_1 =
      rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(l.in_c - 1) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(l.kernels - 1);
  r.csc_weight_bytes = r.cdma_weight_bytes;
  r.csc_dataout_size_0 = rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(ow - 1);
  r.csc_dataout_size_1 = l.kernels - 1;
  r.csc_atomics = ow - 1;
  r.csc_zero_padding = rc::D_ZERO_PADDING_PAD_LEFT.put(l.pad_left);
  r.csc_zero_padding_value = l.pad_value;
  r.cmac_a_misc_cfg = misc;
  r.cmac_b_misc_cfg = misc;
  r.cacc_misc_cfg = misc;
  r.cacc_dataout_size_0 = r.csc_dataout_size_0;
  r.cacc_dataout_size_1 = l.kernels - 1;
  return r;
}

}  // namespace acosim::nvdla

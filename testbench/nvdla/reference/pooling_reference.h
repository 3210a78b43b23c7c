// A reference of NVDLA PDP integer pooling for the end-to-end driver tests,
// derived from the hardware's documented behaviour (nvdla/hw
// cmod/pdp/NV_NVDLA_pdp.cpp semantics, nvdla/doc doc/hw/format.rst cube
// layout) and written as plain loops over window positions. It shares
// nothing with the SystemC PDP model or the driver: it takes the cube, the
// window geometry and the raw PAD_VALUE_nX register fields, and produces the
// bytes PDP writes into an image of the output region.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace acosim::nvdla::reference {

enum class PoolKind : uint8_t { Average, Max, Min };

// A feature cube region in memory as a byte image. Element (w, h, c) of a
// cube with `lanes` elements per atom lives at
//   (c / lanes) * surface_stride + h * line_stride + w * atom_bytes + (c % lanes) * element_bytes
// (little-endian 16-bit elements); byte 0 of `bytes` is the cube's base.
struct CubeImage {
  uint32_t atom_bytes = 8;
  uint32_t element_bytes = 1;  // 1 int8, 2 int16
  uint32_t line_stride = 0;
  uint32_t surface_stride = 0;
  std::vector<uint8_t> bytes;

  uint32_t lanes() const { return atom_bytes / element_bytes; }
  // Signed element of surface `s`, line `h`, column `w`, lane `lane`.
  int32_t element(uint32_t s, uint32_t h, uint32_t w, uint32_t lane) const;
  // Stores the low element_bytes * 8 bits of `value` (two's complement).
  void set_element(uint32_t s, uint32_t h, uint32_t w, uint32_t lane, int64_t value);
  size_t offset(uint32_t s, uint32_t h, uint32_t w, uint32_t lane) const;
};

struct PoolingSpec {
  uint32_t width = 1, height = 1, channels = 1;  // input cube
  PoolKind kind = PoolKind::Max;
  uint32_t kernel_width = 1, kernel_height = 1;
  uint32_t stride_width = 1, stride_height = 1;
  uint32_t pad_left = 0, pad_top = 0, pad_right = 0, pad_bottom = 0;
  // D_POOLING_PADDING_VALUE_1_CFG .. _7_CFG as written (19-bit fields).
  std::array<uint32_t, 7> pad_value_fields{};
};

// Number of whole windows along an axis: floor((size + pads - kernel) / stride) + 1.
uint32_t pooled_size(uint32_t size, uint32_t pad_begin, uint32_t pad_end, uint32_t kernel, uint32_t stride);

// PAD_VALUE_nX (n = 1..7) as the datapath uses it: sign-extended from 8, 9,
// 10, 10, 11, 11, 11 bits (int8) or 16, 17, 18, 18, 19, 19, 19 bits (int16)
// when that sign bit is set; left as the raw 19-bit field when it is clear
// (higher bits are not cleared); then held in a 16-bit (int8) or 32-bit
// (int16) signed integer.
int64_t pad_value(const std::array<uint32_t, 7>& fields, unsigned n, uint32_t element_bytes);

// t / 2^16 rounded to nearest, ties away from zero.
int64_t round_q16(int64_t t);

// D_RECIP_KERNEL_WIDTH/HEIGHT for an integer kernel size K: floor(2^16 / K).
uint32_t reciprocal(uint32_t kernel);

// One output element of one lane: MAX/MIN over the real elements of the
// window; AVERAGE = rnd(rnd(S * RW) * RH) with S the real elements plus the
// horizontal term (real rows x PAD_VALUE_<padded columns>X) and the vertical
// term (kernel_width x PAD_VALUE_<padded rows>X), accumulated in 16 bits for
// int8 and 32 bits for int16; the result wraps to the element width.
int64_t pool_element(const PoolingSpec& spec, const CubeImage& input, uint32_t surface, uint32_t out_h,
                     uint32_t out_w, uint32_t lane);

// Writes every output atom (all lanes of every surface, including the lanes
// beyond `channels` of the last surface) into `output`; bytes outside the
// atoms stay as they are.
void pool(const PoolingSpec& spec, const CubeImage& input, CubeImage& output);

}  // namespace acosim::nvdla::reference

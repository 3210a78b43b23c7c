#include "testbench/nvdla/reference/pooling_reference.h"

#include <stdexcept>
#include <string>

namespace acosim::nvdla::reference {

namespace {

// Two's-complement value of the low `bits` bits of v.
int64_t wrap_signed(int64_t v, unsigned bits) {
  const uint64_t modulus = uint64_t(1) << bits;
  uint64_t low = uint64_t(v) & (modulus - 1);
  return low >= modulus / 2 ? int64_t(low) - int64_t(modulus) : int64_t(low);
}

void require(bool condition, const std::string& what) {
  if (!condition) throw std::invalid_argument("pooling reference: " + what);
}

}  // namespace

size_t CubeImage::offset(uint32_t s, uint32_t h, uint32_t w, uint32_t lane) const {
  return size_t(s) * surface_stride + size_t(h) * line_stride + size_t(w) * atom_bytes + size_t(lane) * element_bytes;
}

int32_t CubeImage::element(uint32_t s, uint32_t h, uint32_t w, uint32_t lane) const {
  const size_t at = offset(s, h, w, lane);
  require(at + element_bytes <= bytes.size(), "element outside the image");
  if (element_bytes == 1) return int8_t(bytes[at]);
  return int16_t(uint16_t(bytes[at] | bytes[at + 1] << 8));
}

void CubeImage::set_element(uint32_t s, uint32_t h, uint32_t w, uint32_t lane, int64_t value) {
  const size_t at = offset(s, h, w, lane);
  require(at + element_bytes <= bytes.size(), "element outside the image");
  for (uint32_t b = 0; b < element_bytes; ++b) bytes[at + b] = uint8_t(uint64_t(value) >> (8 * b));
}

uint32_t pooled_size(uint32_t size, uint32_t pad_begin, uint32_t pad_end, uint32_t kernel, uint32_t stride) {
  const int64_t extent = int64_t(size) + pad_begin + pad_end;
  require(stride > 0 && kernel > 0 && extent >= kernel, "window larger than the padded input");
  return uint32_t((extent - kernel) / stride + 1);
}

int64_t pad_value(const std::array<uint32_t, 7>& fields, unsigned n, uint32_t element_bytes) {
  require(n >= 1 && n <= 7, "PAD_VALUE_nX exists for n = 1..7");
  static constexpr unsigned kInt8SignWidth[7] = {8, 9, 10, 10, 11, 11, 11};
  static constexpr unsigned kInt16SignWidth[7] = {16, 17, 18, 18, 19, 19, 19};
  const unsigned width = (element_bytes == 1 ? kInt8SignWidth : kInt16SignWidth)[n - 1];
  const uint64_t raw = fields[n - 1] & 0x7FFFFu;  // the register stores 19 bits
  uint64_t extended = raw;
  if ((raw >> (width - 1)) & 1) extended = raw | ~((uint64_t(1) << width) - 1);  // ones above the sign bit
  return wrap_signed(int64_t(extended), element_bytes == 1 ? 16 : 32);
}

int64_t round_q16(int64_t t) {
  if (t >= 0) return (t + 32768) >> 16;
  return -((-t + 32768) >> 16);
}

uint32_t reciprocal(uint32_t kernel) {
  require(kernel >= 1 && kernel <= 8, "kernel size outside 1..8");
  return 65536u / kernel;
}

int64_t pool_element(const PoolingSpec& spec, const CubeImage& input, uint32_t surface, uint32_t out_h,
                     uint32_t out_w, uint32_t lane) {
  const int64_t first_column = int64_t(out_w) * spec.stride_width - spec.pad_left;
  const int64_t first_row = int64_t(out_h) * spec.stride_height - spec.pad_top;

  // Walk every position of the window once: real ones feed the sum and the
  // extremum, the others are counted per padded column and padded row.
  int64_t sum = 0;
  int64_t extremum = 0;
  bool seen_real = false;
  uint32_t padded_columns = 0, real_rows = 0;
  for (uint32_t kx = 0; kx < spec.kernel_width; ++kx) {
    const int64_t column = first_column + kx;
    if (column < 0 || column >= int64_t(spec.width)) ++padded_columns;
  }
  for (uint32_t ky = 0; ky < spec.kernel_height; ++ky) {
    const int64_t row = first_row + ky;
    if (row < 0 || row >= int64_t(spec.height)) continue;
    ++real_rows;
    for (uint32_t kx = 0; kx < spec.kernel_width; ++kx) {
      const int64_t column = first_column + kx;
      if (column < 0 || column >= int64_t(spec.width)) continue;
      const int64_t x = input.element(surface, uint32_t(row), uint32_t(column), lane);
      sum += x;
      if (!seen_real) {
        extremum = x;
        seen_real = true;
      } else if (spec.kind == PoolKind::Max && x > extremum) {
        extremum = x;
      } else if (spec.kind == PoolKind::Min && x < extremum) {
        extremum = x;
      }
    }
  }
  require(seen_real, "a window lies entirely in the padding");
  if (spec.kind != PoolKind::Average) return extremum;

  const uint32_t padded_rows = spec.kernel_height - real_rows;
  const uint32_t eb = input.element_bytes;
  // Horizontal padding: every real row of the window misses padded_columns
  // elements, compensated by PAD_VALUE_<padded_columns>X per row.
  if (padded_columns > 0) sum += int64_t(real_rows) * pad_value(spec.pad_value_fields, padded_columns, eb);
  // Vertical padding: the padded rows, corners included, as kernel_width x
  // PAD_VALUE_<padded_rows>X.
  if (padded_rows > 0) sum += int64_t(spec.kernel_width) * pad_value(spec.pad_value_fields, padded_rows, eb);

  // The accumulator is 16 bits wide for int8 and 32 bits for int16.
  const int64_t accumulated = wrap_signed(sum, eb == 1 ? 16 : 32);
  // Width reciprocal first, then height, each product rounded on its own.
  const int64_t scaled_width = round_q16(accumulated * reciprocal(spec.kernel_width));
  const int64_t result = round_q16(scaled_width * reciprocal(spec.kernel_height));
  return wrap_signed(result, 8 * eb);  // truncated to the element, no saturation
}

void pool(const PoolingSpec& spec, const CubeImage& input, CubeImage& output) {
  require(input.atom_bytes == output.atom_bytes && input.element_bytes == output.element_bytes,
          "input and output images differ in atom or element size");
  const uint32_t lanes = input.lanes();
  const uint32_t surfaces = (spec.channels + lanes - 1) / lanes;
  const uint32_t out_width =
      pooled_size(spec.width, spec.pad_left, spec.pad_right, spec.kernel_width, spec.stride_width);
  const uint32_t out_height =
      pooled_size(spec.height, spec.pad_top, spec.pad_bottom, spec.kernel_height, spec.stride_height);
  for (uint32_t s = 0; s < surfaces; ++s) {
    for (uint32_t oh = 0; oh < out_height; ++oh) {
      for (uint32_t ow = 0; ow < out_width; ++ow) {
        // Every lane of the atom, also those beyond the last channel.
        for (uint32_t lane = 0; lane < lanes; ++lane) {
          output.set_element(s, oh, ow, lane, pool_element(spec, input, s, oh, ow, lane));
        }
      }
    }
  }
}

}  // namespace acosim::nvdla::reference

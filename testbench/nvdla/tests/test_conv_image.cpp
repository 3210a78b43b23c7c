// Image input of the direct-convolution datapath (CDMA/CSC D_DATAIN_FORMAT
// = PIXEL): every modelled pitch-linear packed-pixel format against a plain
// convolution loop written here. The loop sees the image as a W x H x C
// feature cube whose channels are the pixel's components in R,G,B,A (or
// Y,U,V,A) order, worked out from the format's name (the name lists the
// components of a little-endian pixel word from its most significant end:
// T_A8R8G8B8 keeps B in byte 0, R in byte 2), converted as the programming
// guide describes (widen unsigned or signed, subtract the channel's mean or
// the offset, scale, round half away from zero, saturate), padded with
// CDMA's pad value left and right and CSC's above and below. The weights
// are packed the way nvdla/doc format.rst describes image weights
// (channel pre-extension, optional post-extension). The 10-bit packed
// formats are unpacked here from the name's field widths (most significant
// first) and each field moved to the top of a 16-bit element; the fp16
// formats use values n / 8 whose products and sums are exact, so each
// output is the exact sum as fp32 (or a NaN where an unflushed NaN pixel
// reaches it). Then programming errors, each refused naming its register
// before any memory is read.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/csc.h"
#include "systemc/nvdla/conv_datapath.h"

namespace acosim::nvdla {
namespace {

namespace rd = regs::cdma;
namespace rc = regs::csc;
namespace ra = regs::cacc;

constexpr uint64_t kImage = 0x2000;
constexpr uint64_t kImageUV = 0x40000;  // plane 1 of the semi-planar formats
constexpr uint64_t kWeights = 0x100000;
constexpr uint64_t kWmb = 0x200000, kWgs = 0x300000;  // compressed weights (nv_full)

struct Format {
  const char* name;
  uint32_t code;  // D_DATAIN_FORMAT.PIXEL_FORMAT
};

// The components of one plane of a format, most significant first, from
// its name ("A8B8G8R8" -> A, B, G, R; "R16_I" -> R; the planes of
// "Y8___U8V8_N444" are "Y8" and "U8V8"), and their bit width.
std::vector<char> components(const std::string& plane, uint32_t* bits) {
  std::vector<char> letters;
  for (size_t i = 0; i < plane.size() && plane[i] != '_'; ++i) {
    if (plane[i] >= 'A' && plane[i] <= 'Z') {
      letters.push_back(plane[i]);
      *bits = uint32_t(std::stoul(plane.substr(i + 1)));
    }
  }
  return letters;
}

// Channel of a component letter: R/Y 0, G/U 1, B/V 2, A/X 3.
uint32_t channel_of(char letter) {
  switch (letter) {
    case 'R': case 'Y': return 0;
    case 'G': case 'U': return 1;
    case 'B': case 'V': return 2;
    default: return 3;
  }
}

struct ImageLayer {
  Config config = Config::NvSmall;
  Format format{"R8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8};
  uint32_t width = 5, height = 4;
  uint32_t x_offset = 0, line_gap = 32;  // bytes after the line's atoms
  uint32_t kernel_w = 3, kernel_h = 3, kernels = 3;
  uint32_t pad_left = 1, pad_right = 1, pad_top = 1, pad_bottom = 1;
  uint32_t stride_x = 1, stride_y = 1;
  int32_t cdma_pad = 5, csc_pad = -3;
  uint32_t post_y_extension = 0;
  bool cvt = false, sign_override = false, mean = false;
  int16_t cvt_offset = 0, cvt_scale = 1;
  uint32_t cvt_truncate = 0;
  int16_t means[4] = {0, 0, 0, 0};
  uint32_t truncate = 0;
  bool compressed = false;  // nv_full: D_WEIGHT_FORMAT = COMPRESSED
  uint32_t seed = 1;
  // fp16 formats: D_NAN_FLUSH_TO_ZERO, and the pixel component (w, h, c)
  // that holds a NaN (none when nan_w < 0).
  bool nan_to_zero = false;
  int32_t nan_w = -1;
  uint32_t nan_h = 0, nan_c = 0;
};

struct Geometry {
  const HardwareConfig* hw;
  uint32_t bits = 0, pixel_bytes = 0, uv_bytes = 0, channels = 0, element_bytes = 1;
  bool fp16 = false;      // a _F format: the components are fp16
  bool packed10 = false;  // a 10-bit packed format (a 2-bit A field): one 32-bit word per pixel
  uint32_t field_lsb[4] = {0, 0, 0, 0}, field_bits[4] = {0, 0, 0, 0};  // packed10: channel c's field
  uint32_t atomic_c = 0, atomic_k = 0, entry_bytes = 0;
  std::vector<uint32_t> plane_of_channel;  // 0, or 1 for the UV plane
  std::vector<uint32_t> byte_of_channel;   // first byte of channel c within its plane's pixel
  uint32_t line_stride = 0, uv_line_stride = 0, out_w = 0, out_h = 0;
};

Geometry geometry(const ImageLayer& l) {
  Geometry g;
  g.hw = &hardware_config(l.config);
  const std::string name = l.format.name;
  const size_t split = name.find("___");
  const std::vector<std::string> planes =
      split == std::string::npos ? std::vector<std::string>{name}
                                 : std::vector<std::string>{name.substr(0, split), name.substr(split + 3)};
  for (uint32_t plane = 0; plane < planes.size(); ++plane) {
    const std::vector<char> letters = components(planes[plane], &g.bits);
    const uint32_t element_bytes = g.bits > 8 ? 2 : 1;
    (plane == 0 ? g.pixel_bytes : g.uv_bytes) = uint32_t(letters.size()) * element_bytes;
    for (size_t i = 0; i < letters.size(); ++i) {
      // Most significant component first: component i sits in the
      // (n - 1 - i)-th element of the plane's little-endian word.
      const uint32_t c = planes.size() == 1 && letters.size() == 1 ? 0 : channel_of(letters[i]);
      if (g.byte_of_channel.size() <= c) {
        g.byte_of_channel.resize(c + 1, 0);
        g.plane_of_channel.resize(c + 1, 0);
      }
      g.byte_of_channel[c] = uint32_t(letters.size() - 1 - i) * element_bytes;
      g.plane_of_channel[c] = plane;
    }
  }
  g.channels = uint32_t(g.byte_of_channel.size());
  g.element_bytes = g.bits > 8 ? 2 : 1;
  g.fp16 = name.size() > 2 && name.substr(name.size() - 2) == "_F";
  // A 10-bit packed name ("A2B10G10R10") lists the fields of a
  // little-endian 32-bit word from its most significant end; each becomes
  // a 16-bit element.
  if (name.find("10") != std::string::npos && name.find('2') != std::string::npos && split == std::string::npos &&
      name.size() == 11) {
    g.packed10 = true;
    uint32_t top = 32;
    for (size_t i = 0; i < name.size();) {
      const char letter = name[i];
      size_t digits = 0;
      const uint32_t width = uint32_t(std::stoul(name.substr(i + 1), &digits));
      top -= width;
      g.field_lsb[channel_of(letter)] = top;
      g.field_bits[channel_of(letter)] = width;
      i += 1 + digits;
    }
    g.pixel_bytes = 4;
    g.element_bytes = 2;
    g.channels = 4;
  }
  // nv_small.spec, nv_large.spec; nv_full (nvdlav1): atomic C 64, int8
  // groups of 32 kernels, int16 of 16, 128-byte CBUF entries.
  switch (l.config) {
    case Config::NvSmall: g.atomic_c = 8; g.atomic_k = 8; g.entry_bytes = 8; break;
    case Config::NvLarge: g.atomic_c = 64; g.atomic_k = 32; g.entry_bytes = 64; break;
    case Config::NvSmall256Full: g.atomic_c = 32; g.atomic_k = 8; g.entry_bytes = 32; break;
    case Config::NvFull: g.atomic_c = 64; g.atomic_k = g.element_bytes == 2 ? 16 : 32; g.entry_bytes = 128; break;
  }
  const uint32_t atom = g.hw->atom_bytes;
  g.line_stride = ((l.x_offset + l.width) * g.pixel_bytes + atom - 1) / atom * atom + l.line_gap;
  g.uv_line_stride = ((l.x_offset + l.width) * g.uv_bytes + atom - 1) / atom * atom + l.line_gap;
  g.out_w = (l.width + l.pad_left + l.pad_right - l.kernel_w) / l.stride_x + 1;
  g.out_h = (l.height + l.pad_top + l.pad_bottom - l.kernel_h) / l.stride_y + 1;
  return g;
}

ConvRegisters registers(const ImageLayer& l) {
  const Geometry g = geometry(l);
  const uint32_t cs = l.kernel_w * g.channels;  // pre-extended channels
  const uint32_t kernel_bytes = l.kernel_h * cs * g.element_bytes;
  const uint32_t line_bytes = (l.pad_left + l.width + l.pad_right) * g.channels * g.element_bytes;
  const uint32_t entries = (line_bytes + g.entry_bytes - 1) / g.entry_bytes;
  const uint32_t precision = g.fp16 ? 2 : g.element_bytes == 2 ? 1 : 0;
  ConvRegisters r;
  r.cdma_misc_cfg = rd::D_MISC_CFG_IN_PRECISION.put(precision) | rd::D_MISC_CFG_PROC_PRECISION.put(precision);
  r.cdma_datain_format = rd::D_DATAIN_FORMAT_DATAIN_FORMAT.put(rd::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(l.format.code) |
                         rd::D_DATAIN_FORMAT_PIXEL_SIGN_OVERRIDE.put(l.sign_override ? 1 : 0);
  r.cdma_datain_size_0 =
      rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(l.width - 1) | rd::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(l.height - 1);
  r.cdma_datain_size_1 = g.channels - 1;
  r.cdma_pixel_offset = rd::D_PIXEL_OFFSET_PIXEL_X_OFFSET.put(l.x_offset);
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_low_0 = uint32_t(kImage);
  r.cdma_line_stride = g.line_stride;
  // Plane 1 holds the image from pixel 0 at kImageUV, as plane 0 does at
  // kImage; the ROI starts at pixel PIXEL_X_OFFSET of both, and
  // D_DAIN_ADDR_1 is the start of the atom holding the ROI's first UV pair
  // (programming_guide.rst: the address rounded down to the atom).
  r.cdma_dain_addr_low_1 = uint32_t(kImageUV + l.x_offset * g.uv_bytes / g.hw->atom_bytes * g.hw->atom_bytes);
  r.cdma_line_uv_stride = g.uv_line_stride;
  r.cdma_entry_per_slice = entries - 1;
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = l.kernels - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_low = uint32_t(kWeights);
  r.cdma_weight_bytes = (kernel_bytes * l.kernels + 127) / 128 * 128;
  r.cdma_mean_format = rd::D_MEAN_FORMAT_MEAN_FORMAT.put(l.mean ? 1 : 0);
  r.cdma_mean_global_0 = rd::D_MEAN_GLOBAL_0_MEAN_RY.put(uint16_t(l.means[0])) |
                         rd::D_MEAN_GLOBAL_0_MEAN_GU.put(uint16_t(l.means[1]));
  r.cdma_mean_global_1 = rd::D_MEAN_GLOBAL_1_MEAN_BV.put(uint16_t(l.means[2])) |
                         rd::D_MEAN_GLOBAL_1_MEAN_AX.put(uint16_t(l.means[3]));
  r.cdma_cvt_cfg = rd::D_CVT_CFG_CVT_EN.put(l.cvt ? 1 : 0) | rd::D_CVT_CFG_CVT_TRUNCATE.put(l.cvt_truncate);
  r.cdma_cvt_offset = uint16_t(l.cvt_offset);
  r.cdma_cvt_scale = uint16_t(l.cvt_scale);
  r.cdma_conv_stride =
      rd::D_CONV_STRIDE_CONV_X_STRIDE.put(l.stride_x - 1) | rd::D_CONV_STRIDE_CONV_Y_STRIDE.put(l.stride_y - 1);
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(l.pad_left) | rd::D_ZERO_PADDING_PAD_RIGHT.put(l.pad_right) |
                        rd::D_ZERO_PADDING_PAD_TOP.put(l.pad_top) | rd::D_ZERO_PADDING_PAD_BOTTOM.put(l.pad_bottom);
  r.cdma_zero_padding_value = uint16_t(int16_t(l.cdma_pad));
  r.cdma_bank = rd::D_BANK_DATA_BANK.put(0) | rd::D_BANK_WEIGHT_BANK.put(0);
  r.cdma_nan_flush_to_zero = l.nan_to_zero ? 1 : 0;

  r.csc_misc_cfg = rc::D_MISC_CFG_IN_PRECISION.put(precision) | rc::D_MISC_CFG_PROC_PRECISION.put(precision);
  r.csc_datain_format = rc::D_DATAIN_FORMAT_DATAIN_FORMAT.put(rc::D_DATAIN_FORMAT_DATAIN_FORMAT_PIXEL);
  r.csc_datain_size_ext_0 = r.cdma_datain_size_0;
  r.csc_datain_size_ext_1 = g.channels - 1;
  r.csc_post_y_extension = rc::D_POST_Y_EXTENSION_Y_EXTENSION.put(l.post_y_extension);
  r.csc_entry_per_slice = r.cdma_entry_per_slice;
  r.csc_weight_size_ext_0 = rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(0) |
                            rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(l.kernel_h - 1);
  r.csc_weight_size_ext_1 =
      rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(cs - 1) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(l.kernels - 1);
  r.csc_weight_bytes = r.cdma_weight_bytes;
  r.csc_dataout_size_0 =
      rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(g.out_w - 1) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(g.out_h - 1);
  r.csc_dataout_size_1 = l.kernels - 1;
  r.csc_atomics = g.out_w * g.out_h - 1;
  r.csc_conv_stride_ext = r.cdma_conv_stride;
  r.csc_zero_padding = rc::D_ZERO_PADDING_PAD_LEFT.put(l.pad_left) | rc::D_ZERO_PADDING_PAD_TOP.put(l.pad_top);
  r.csc_zero_padding_value = uint16_t(int16_t(l.csc_pad));
  r.csc_bank = r.cdma_bank;

  r.cmac_a_misc_cfg = r.cmac_b_misc_cfg = r.cacc_misc_cfg = ra::D_MISC_CFG_PROC_PRECISION.put(precision);
  r.cacc_dataout_size_0 = r.csc_dataout_size_0;
  r.cacc_dataout_size_1 = l.kernels - 1;
  r.cacc_clip_cfg = ra::D_CLIP_CFG_CLIP_TRUNCATE.put(l.truncate);
  return r;
}

// Deterministic pseudo-random bytes.
uint8_t noise(uint32_t seed, uint64_t i) {
  uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ (uint64_t(seed) << 32);
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return uint8_t(x);
}

// Kernel weight [k][r][s][c], small values of both signs.
int32_t weight(const ImageLayer& l, uint32_t k, uint32_t r, uint32_t s, uint32_t c) {
  return int32_t(noise(l.seed + 7, ((uint64_t(k) * 64 + r) * 64 + s) * 8 + c) % 15) - 7;
}

// fp16 pattern of n / 8 for |n| <= 15: the values of the fp16 layers, all
// in [0.125, 2) or 0 (one CMAC exponent group: products and sums exact, as
// in test_conv_fp16.cpp), so each output is the exact sum as fp32.
uint16_t fp16_eighths(int32_t n) {
  if (n == 0) return 0;
  uint32_t m = uint32_t(n < 0 ? -n : n);  // value m / 8 = m x 2^e, e = -3
  int32_t e = -3;
  while (m < 1024) m <<= 1, --e;  // m in [1024, 2048): value (m / 1024) x 2^(e + 10)
  return uint16_t((n < 0 ? 0x8000u : 0u) | uint32_t(e + 10 + 15) << 10 | (m - 1024));
}

// The value of a finite fp16 pattern.
double fp16_value(uint16_t v) {
  const int32_t exponent = (v >> 10) & 0x1F;
  const double magnitude = exponent == 0 ? std::ldexp(double(v & 0x3FF), -24)
                                         : std::ldexp(double(1024 + (v & 0x3FF)), exponent - 25);
  return (v & 0x8000) != 0 ? -magnitude : magnitude;
}

bool fp16_nan(uint16_t v) { return (v & 0x7C00) == 0x7C00 && (v & 0x3FF) != 0; }

// The weights as format.rst lays out image weights: kernel k pre-extended
// to 1 x R x (S x C), channel s x C + c; without post-extension the direct
// layout (groups of atomic-K kernels; per channel block of atomic-C, per
// row, per kernel, the block's channels); with post-extension P per
// group, per P rows (fewer at the end), per kernel, those rows' channels.
std::vector<uint8_t> pack_weights(const ImageLayer& l, const Geometry& g) {
  const uint32_t cs = l.kernel_w * g.channels;
  std::vector<int32_t> order;
  const auto ext = [&](uint32_t k, uint32_t r, uint32_t e) { return weight(l, k, r, e / g.channels, e % g.channels); };
  const uint32_t p = 1u << l.post_y_extension;
  for (uint32_t k0 = 0; k0 < l.kernels; k0 += g.atomic_k) {
    const uint32_t k1 = std::min(l.kernels, k0 + g.atomic_k);
    if (p == 1) {
      for (uint32_t e0 = 0; e0 < cs; e0 += g.atomic_c)
        for (uint32_t r = 0; r < l.kernel_h; ++r)
          for (uint32_t k = k0; k < k1; ++k)
            for (uint32_t e = e0; e < std::min(cs, e0 + g.atomic_c); ++e) order.push_back(ext(k, r, e));
    } else {
      for (uint32_t r0 = 0; r0 < l.kernel_h; r0 += p)
        for (uint32_t k = k0; k < k1; ++k)
          for (uint32_t r = r0; r < std::min(l.kernel_h, r0 + p); ++r)
            for (uint32_t e = 0; e < cs; ++e) order.push_back(ext(k, r, e));
    }
  }
  std::vector<uint8_t> bytes;
  for (const int32_t v : order) {
    const int32_t w = g.fp16 ? int32_t(fp16_eighths(v)) : v;  // fp16: the weight is v / 8
    bytes.push_back(uint8_t(w));
    if (g.element_bytes == 2) bytes.push_back(uint8_t(uint32_t(w) >> 8));
  }
  bytes.resize((bytes.size() + 127) / 128 * 128, 0);
  return bytes;
}

// Compressed form of the dense layout (conv_datapath.h's formats): one mask
// bit per dense element (set where the weight is not zero), the non-zero
// elements in dense order, and each kernel group's stored bytes.
struct Compressed {
  std::vector<uint8_t> weights, wmb, wgs;
  uint32_t stored_bytes = 0;
};

Compressed compress(const ImageLayer& l, const Geometry& g, const std::vector<uint8_t>& dense) {
  Compressed out;
  const uint32_t eb = g.element_bytes;
  const size_t elements = size_t(l.kernels) * l.kernel_h * l.kernel_w * g.channels;
  const size_t group_elements = size_t(g.atomic_k) * l.kernel_h * l.kernel_w * g.channels;
  out.wmb.assign((elements + 1023) / 1024 * 128, 0);
  for (size_t start = 0; start < elements; start += group_elements) {
    uint32_t group_bytes = 0;
    for (size_t i = start; i < std::min(elements, start + group_elements); ++i) {
      const bool nonzero = dense[i * eb] != 0 || (eb == 2 && dense[i * eb + 1] != 0);
      if (!nonzero) continue;
      out.wmb[i / 8] = uint8_t(out.wmb[i / 8] | (1u << (i % 8)));
      for (uint32_t b = 0; b < eb; ++b) out.weights.push_back(dense[i * eb + b]);
      group_bytes += eb;
    }
    for (int b = 0; b < 4; ++b) out.wgs.push_back(uint8_t(group_bytes >> (8 * b)));
  }
  out.stored_bytes = uint32_t(out.weights.size());
  out.weights.resize((out.weights.size() + 127) / 128 * 128, 0);
  return out;
}

// Rounding right shift, half away from zero (the converter's rounding).
int64_t round_shift(int64_t v, uint32_t t) {
  if (t == 0) return v;
  if (t >= 63) return 0;
  const int64_t m = v < 0 ? -v : v;
  const int64_t q = (m + (int64_t(1) << (t - 1))) >> t;
  return v < 0 ? -q : q;
}

// The image element (w, h, c) as the convolution sees it.
int32_t image_element(const ImageLayer& l, const Geometry& g, const std::map<uint64_t, uint8_t>& memory, uint32_t w,
                      uint32_t h, uint32_t c) {
  const uint64_t at = g.plane_of_channel[c] == 0
                          ? kImage + uint64_t(h) * g.line_stride + uint64_t(l.x_offset + w) * g.pixel_bytes +
                                g.byte_of_channel[c]
                          : kImageUV + uint64_t(h) * g.uv_line_stride + uint64_t(l.x_offset + w) * g.uv_bytes +
                                g.byte_of_channel[c];
  uint32_t raw = memory.at(at);
  if (g.element_bytes == 2) raw |= uint32_t(memory.at(at + 1)) << 8;
  if (g.packed10) {
    // The channel's field of the pixel's little-endian word, moved to the
    // top of a 16-bit element.
    const uint64_t word_at = kImage + uint64_t(h) * g.line_stride + uint64_t(l.x_offset + w) * 4;
    uint32_t word = 0;
    for (uint32_t b = 0; b < 4; ++b) word |= uint32_t(memory.at(word_at + b)) << (8 * b);
    raw = ((word >> g.field_lsb[c]) & ((1u << g.field_bits[c]) - 1)) << (16 - g.field_bits[c]);
  }
  const int32_t as_signed = g.element_bytes == 2 ? int32_t(int16_t(raw)) : int32_t(int8_t(raw));
  if (!l.cvt) return as_signed;  // the bits as they are
  const int64_t x = l.sign_override ? as_signed : int64_t(raw);
  const int64_t offset = l.mean ? l.means[c] : l.cvt_offset;
  int64_t v = round_shift((x - offset) * l.cvt_scale, l.cvt_truncate);
  v = std::clamp<int64_t>(v, -65536, 65535);  // 17 bits
  return int32_t(g.element_bytes == 2 ? std::clamp<int64_t>(v, -32768, 32767) : std::clamp<int64_t>(v, -128, 127));
}

struct ImageRun {
  ConvOutput out;
  std::vector<std::vector<std::vector<int64_t>>> expected;  // [k][y][x], before CACC truncation
  // fp16 layers: the exact sum [k][y][x], and whether the window holds a
  // NaN that reaches CMAC (then the output is a NaN).
  std::vector<std::vector<std::vector<double>>> expected_fp;
  std::vector<std::vector<std::vector<bool>>> expected_nan;
  Geometry g;
};

ImageRun run_image(const ImageLayer& l, const ConvRegisters& r) {
  ImageRun run;
  run.g = geometry(l);
  const Geometry& g = run.g;
  std::map<uint64_t, uint8_t> memory;
  // Every byte of every line, the X offset and the gap included, is
  // noise: reading the wrong bytes shows.
  for (uint32_t h = 0; h < l.height; ++h) {
    for (uint32_t i = 0; i < g.line_stride; ++i) {
      const uint64_t a = kImage + uint64_t(h) * g.line_stride + i;
      memory[a] = noise(l.seed, a);
    }
    for (uint32_t i = 0; i < g.uv_line_stride; ++i) {
      const uint64_t a = kImageUV + uint64_t(h) * g.uv_line_stride + i;
      memory[a] = noise(l.seed, a);
    }
  }
  if (g.fp16) {
    // Every component n / 8 (|n| <= 15); the NaN where asked; a NaN in the
    // bytes before the first pixel (PIXEL_X_OFFSET) and an infinity right
    // after the last one, which are not image data and are not counted.
    for (uint32_t h = 0; h < l.height; ++h) {
      const uint64_t line = kImage + uint64_t(h) * g.line_stride;
      for (uint32_t w = 0; w < l.width; ++w)
        for (uint32_t c = 0; c < g.channels; ++c) {
          const uint64_t at = line + uint64_t(l.x_offset + w) * g.pixel_bytes + g.byte_of_channel[c];
          const bool nan = int32_t(w) == l.nan_w && h == l.nan_h && c == l.nan_c;
          const uint16_t v = nan ? 0x7E01 : fp16_eighths(int32_t(noise(l.seed + 3, at) % 31) - 15);
          memory[at] = uint8_t(v);
          memory[at + 1] = uint8_t(v >> 8);
        }
      if (l.x_offset > 0) memory[line] = 0x01, memory[line + 1] = 0x7E;
      const uint64_t after = line + uint64_t(l.x_offset + l.width) * g.pixel_bytes;
      memory[after] = 0x00;
      memory[after + 1] = 0x7C;
    }
  }
  const std::vector<uint8_t> dense = pack_weights(l, g);
  ConvRegisters regs = r;
  if (l.compressed) {
    const Compressed c = compress(l, g, dense);
    for (size_t i = 0; i < c.weights.size(); ++i) memory[kWeights + i] = c.weights[i];
    for (size_t i = 0; i < c.wmb.size(); ++i) memory[kWmb + i] = c.wmb[i];
    for (size_t i = 0; i < c.wgs.size(); ++i) memory[kWgs + i] = c.wgs[i];
    regs.cdma_weight_format = regs.csc_weight_format = 1;
    regs.cdma_weight_bytes = regs.csc_weight_bytes = uint32_t(c.weights.size());
    regs.cdma_wmb_bytes = regs.csc_wmb_bytes = uint32_t(c.wmb.size());
    regs.cdma_wmb_addr_low = uint32_t(kWmb);
    regs.cdma_wgs_addr_low = uint32_t(kWgs);
  } else {
    for (size_t i = 0; i < dense.size(); ++i) memory[kWeights + i] = dense[i];
  }

  const ConvLayer layer = decode_conv(regs, *g.hw);
  run.out = conv_process(layer, [&](bool mc, uint64_t address, uint8_t* data, size_t bytes) {
    EXPECT_TRUE(mc);
    for (size_t i = 0; i < bytes; ++i) {
      const auto it = memory.find(address + i);
      ASSERT_NE(it, memory.end()) << "read outside the image and the weights at " << address + i;
      data[i] = it->second;
    }
  });

  // The plain convolution of the image cube.
  const int32_t cdma_pad = g.element_bytes == 2 ? int32_t(int16_t(l.cdma_pad)) : int32_t(int8_t(l.cdma_pad));
  const int32_t csc_pad = g.element_bytes == 2 ? int32_t(int16_t(l.csc_pad)) : int32_t(int8_t(l.csc_pad));
  run.expected.assign(l.kernels, std::vector<std::vector<int64_t>>(g.out_h, std::vector<int64_t>(g.out_w, 0)));
  for (uint32_t k = 0; k < l.kernels; ++k)
    for (uint32_t y = 0; y < g.out_h; ++y)
      for (uint32_t x = 0; x < g.out_w; ++x) {
        int64_t sum = 0;
        for (uint32_t kr = 0; kr < l.kernel_h; ++kr)
          for (uint32_t ks = 0; ks < l.kernel_w; ++ks)
            for (uint32_t c = 0; c < g.channels; ++c) {
              const int64_t ih = int64_t(y * l.stride_y + kr) - l.pad_top;
              const int64_t iw = int64_t(x * l.stride_x + ks) - l.pad_left;
              int32_t v;
              if (ih < 0 || ih >= int64_t(l.height)) {
                v = csc_pad;
              } else if (iw < 0 || iw >= int64_t(l.width)) {
                v = cdma_pad;
              } else {
                v = image_element(l, g, memory, uint32_t(iw), uint32_t(ih), c);
              }
              sum += int64_t(v) * weight(l, k, kr, ks, c);
            }
        run.expected[k][y][x] = sum;
      }
  if (g.fp16) {
    // The pads and components as fp16 values; a NaN component is +0 when
    // flushed and otherwise makes every output whose window holds it NaN.
    run.expected_fp.assign(l.kernels, std::vector<std::vector<double>>(g.out_h, std::vector<double>(g.out_w, 0)));
    run.expected_nan.assign(l.kernels, std::vector<std::vector<bool>>(g.out_h, std::vector<bool>(g.out_w, false)));
    for (uint32_t k = 0; k < l.kernels; ++k)
      for (uint32_t y = 0; y < g.out_h; ++y)
        for (uint32_t x = 0; x < g.out_w; ++x)
          for (uint32_t kr = 0; kr < l.kernel_h; ++kr)
            for (uint32_t ks = 0; ks < l.kernel_w; ++ks)
              for (uint32_t c = 0; c < g.channels; ++c) {
                const int64_t ih = int64_t(y * l.stride_y + kr) - l.pad_top;
                const int64_t iw = int64_t(x * l.stride_x + ks) - l.pad_left;
                uint16_t v;
                if (ih < 0 || ih >= int64_t(l.height)) {
                  v = uint16_t(l.csc_pad);
                } else if (iw < 0 || iw >= int64_t(l.width)) {
                  v = uint16_t(l.cdma_pad);
                } else {
                  const uint64_t at = kImage + uint64_t(ih) * g.line_stride +
                                      uint64_t(l.x_offset + uint32_t(iw)) * g.pixel_bytes + g.byte_of_channel[c];
                  v = uint16_t(memory.at(at) | memory.at(at + 1) << 8);
                }
                if (fp16_nan(v)) {
                  if (!l.nan_to_zero) run.expected_nan[k][y][x] = true;
                  continue;  // flushed: +0 adds nothing
                }
                run.expected_fp[k][y][x] += fp16_value(v) * (weight(l, k, kr, ks, c) / 8.0);
              }
  }
  return run;
}

ImageRun run_image(const ImageLayer& l) { return run_image(l, registers(l)); }

// CACC's truncation of a sum that fits: round half away from zero.
int64_t truncated(int64_t sum, uint32_t t) { return round_shift(sum, t); }

void expect_equal(const ImageLayer& l, const ImageRun& run) {
  ASSERT_EQ(run.out.width, run.g.out_w);
  ASSERT_EQ(run.out.height, run.g.out_h);
  ASSERT_EQ(run.out.channels, l.kernels);
  EXPECT_EQ(run.out.fp32, run.g.fp16);
  size_t mismatches = 0;
  if (run.g.fp16) {
    // fp32 patterns: the exact sum, or any NaN.
    for (uint32_t k = 0; k < l.kernels; ++k)
      for (uint32_t y = 0; y < run.g.out_h; ++y)
        for (uint32_t x = 0; x < run.g.out_w; ++x) {
          const uint32_t got = uint32_t(run.out.at(x, y, k));
          const bool nan = (got & 0x7F800000u) == 0x7F800000u && (got & 0x7FFFFFu) != 0;
          float want_f = float(run.expected_fp[k][y][x]);
          uint32_t want = 0;
          std::memcpy(&want, &want_f, sizeof want);
          const bool ok = run.expected_nan[k][y][x] ? nan : got == want;
          if (!ok && ++mismatches <= 5) {
            ADD_FAILURE() << l.format.name << " k " << k << " y " << y << " x " << x << ": 0x" << std::hex << got
                          << " != 0x" << want << (run.expected_nan[k][y][x] ? " (a NaN)" : "") << std::dec;
          }
        }
    EXPECT_EQ(mismatches, 0u) << l.format.name;
    return;
  }
  for (uint32_t k = 0; k < l.kernels; ++k)
    for (uint32_t y = 0; y < run.g.out_h; ++y)
      for (uint32_t x = 0; x < run.g.out_w; ++x) {
        const int64_t want = truncated(run.expected[k][y][x], l.truncate);
        if (run.out.at(x, y, k) != want && ++mismatches <= 5) {
          ADD_FAILURE() << l.format.name << " k " << k << " y " << y << " x " << x << ": " << run.out.at(x, y, k)
                        << " != " << want;
        }
      }
  EXPECT_EQ(mismatches, 0u) << l.format.name;
}

const Format kFormats8[] = {
    {"R8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8},
    {"A8B8G8R8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8B8G8R8},
    {"A8R8G8B8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8R8G8B8},
    {"B8G8R8A8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_B8G8R8A8},
    {"R8G8B8A8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8G8B8A8},
    {"X8B8G8R8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_X8B8G8R8},
    {"X8R8G8B8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_X8R8G8B8},
    {"B8G8R8X8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_B8G8R8X8},
    {"R8G8B8X8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8G8B8X8},
    {"A8Y8U8V8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8Y8U8V8},
    {"V8U8Y8A8", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_V8U8Y8A8},
};

const Format kFormats16[] = {
    {"R10", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R10},
    {"R12", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R12},
    {"R16", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16},
    {"R16_I", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16_I},
    {"A16B16G16R16", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16},
    {"X16B16G16R16", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_X16B16G16R16},
    {"A16Y16U16V16", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16Y16U16V16},
    {"V16U16Y16A16", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_V16U16Y16A16},
};

const Format kFormats10[] = {
    {"A2B10G10R10", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2B10G10R10},
    {"A2R10G10B10", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2R10G10B10},
    {"B10G10R10A2", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_B10G10R10A2},
    {"R10G10B10A2", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R10G10B10A2},
    {"A2Y10U10V10", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2Y10U10V10},
    {"V10U10Y10A2", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_V10U10Y10A2},
};

const Format kFormatsFp16[] = {
    {"R16_F", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R16_F},
    {"A16B16G16R16_F", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16_F},
    {"A16Y16U16V16_F", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16Y16U16V16_F},
};

const Format kSemiPlanar8[] = {
    {"Y8___U8V8_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___U8V8_N444},
    {"Y8___V8U8_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y8___V8U8_N444},
};

const Format kSemiPlanar16[] = {
    {"Y10___U10V10_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y10___U10V10_N444},
    {"Y10___V10U10_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y10___V10U10_N444},
    {"Y12___U12V12_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y12___U12V12_N444},
    {"Y12___V12U12_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y12___V12U12_N444},
    {"Y16___U16V16_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y16___U16V16_N444},
    {"Y16___V16U16_N444", rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_Y16___V16U16_N444},
};

// nv_small (8-byte atoms, atomic C 8, K 8): the pre-extended 12 channels of
// a 3-wide RGBA kernel span two channel blocks; ten kernels two groups.
// Without the converter the components' bits are the int8 elements.
TEST(ConvImage, EightBitFormatsRawOnNvSmall) {
  for (const Format& f : kFormats8) {
    ImageLayer l;
    l.format = f;
    l.kernels = 10;
    l.x_offset = std::string(f.name) == "R8" ? 5 : 1;  // within the first 8-byte atom
    l.seed = f.code;
    expect_equal(l, run_image(l));
  }
}

// The converter with the per-channel means, unsigned pixels, scale and
// rounding, stride 2 and CACC truncation, on nv_large (32-byte atoms).
TEST(ConvImage, MeanSubtractionAndConverterOnNvLarge) {
  for (const Format& f : kFormats8) {
    ImageLayer l;
    l.config = Config::NvLarge;
    l.format = f;
    l.width = 9;
    l.height = 7;
    l.kernel_w = 5;
    l.kernel_h = 4;
    l.pad_left = 2;
    l.pad_right = 2;
    l.pad_top = 1;
    l.pad_bottom = 2;
    l.stride_x = 2;
    l.stride_y = 2;
    l.kernels = 35;  // two groups of atomic-K 32
    l.x_offset = std::string(f.name) == "R8" ? 29 : 6;
    l.cvt = true;
    l.mean = true;
    l.means[0] = 120;
    l.means[1] = -20;
    l.means[2] = 300;
    l.means[3] = 7;
    l.cvt_scale = 3;
    l.cvt_truncate = 2;
    l.truncate = 3;
    l.seed = 100 + f.code;
    expect_equal(l, run_image(l));
  }
}

// PIXEL_SIGN_OVERRIDE = SIGNED_INT widens the components as signed; the
// offset is CVT_OFFSET when the mean is off; a negative scale.
TEST(ConvImage, SignOverrideAndOffset) {
  for (const bool signed_pixels : {false, true}) {
    for (const Format& f : {kFormats8[0], kFormats8[2]}) {
      ImageLayer l;
      l.config = Config::NvSmall256Full;
      l.format = f;
      l.width = 7;
      l.cvt = true;
      l.sign_override = signed_pixels;
      l.cvt_offset = -40;
      l.cvt_scale = -5;
      l.cvt_truncate = 4;
      l.seed = 300 + f.code + (signed_pixels ? 1 : 0);
      expect_equal(l, run_image(l));
    }
  }
}

// A converter output beyond int8 saturates (scale 1000 on unsigned pixels).
TEST(ConvImage, ConverterSaturates) {
  ImageLayer l;
  l.format = kFormats8[1];
  l.cvt = true;
  l.cvt_scale = 1000;
  l.cvt_offset = 100;
  l.kernel_w = l.kernel_h = 1;
  l.pad_left = l.pad_right = l.pad_top = l.pad_bottom = 0;
  const ImageRun run = run_image(l);
  expect_equal(l, run);
}

// Channel post-extension (CSC D_POST_Y_EXTENSION 1 and 2: 2 and 4 kernel
// rows per atomic operation) with kernel heights that are not multiples
// of them; the weights stored in the post-extended order.
TEST(ConvImage, PostExtension) {
  for (const uint32_t e : {1u, 2u}) {
    for (const uint32_t kernel_h : {3u, 5u, 7u}) {
      ImageLayer l;
      l.config = Config::NvLarge;
      l.format = kFormats8[2];
      l.width = 11;
      l.height = 9;
      l.kernel_w = 3;  // 12 channels: 4 rows fit atomic-C 64
      l.kernel_h = kernel_h;
      l.pad_top = 2;
      l.pad_bottom = kernel_h - 1 - 2;
      l.kernels = 40;
      l.post_y_extension = e;
      l.seed = 500 + e * 10 + kernel_h;
      expect_equal(l, run_image(l));
    }
  }
}

// nv_full's 16-bit formats (int16 processing: 16 lanes per 32-byte atom,
// atomic C 64, groups of 16 kernels), raw and converted, unsigned and
// signed.
TEST(ConvImage, SixteenBitFormatsOnNvFull) {
  for (const Format& f : kFormats16) {
    for (const int mode : {0, 1, 2}) {
      ImageLayer l;
      l.config = Config::NvFull;
      l.format = f;
      l.width = 6;
      l.kernels = 18;
      l.kernel_w = 4;
      l.pad_left = 2;
      l.pad_right = 1;
      l.x_offset = std::string(f.name).size() <= 5 ? 13 : 3;  // within the first 32-byte atom
      l.cdma_pad = -1234;
      l.csc_pad = 999;
      l.cvt = mode != 0;
      l.sign_override = mode == 2;
      l.mean = mode == 1;
      l.means[0] = 30000;
      l.means[1] = -1;
      l.means[2] = 4000;
      l.means[3] = -32768;
      l.cvt_offset = 77;
      l.cvt_scale = 7;
      l.cvt_truncate = 3;
      l.truncate = 5;
      l.seed = 700 + f.code * 3 + uint32_t(mode);
      expect_equal(l, run_image(l));
    }
  }
}

// The 10-bit packed formats on nv_full (int16): each 32-bit pixel word's
// fields in the name's order, every 10-bit field as the top of a 16-bit
// element (field x 64) and the 2-bit A as its top two bits (a x 16384);
// X offsets 5 and 7 (4-byte pixels: 8 per 32-byte atom) and lines of two
// atoms; raw, with the per-channel means, and signed with CVT_OFFSET.
TEST(ConvImage, TenBitPackedFormatsOnNvFull) {
  for (const Format& f : kFormats10) {
    for (const int mode : {0, 1, 2}) {
      ImageLayer l;
      l.config = Config::NvFull;
      l.format = f;
      l.width = 6;
      l.kernels = 17;
      l.kernel_w = 2;
      l.pad_left = 1;
      l.pad_right = 2;
      l.x_offset = mode == 2 ? 7 : 5;
      l.cdma_pad = -1234;
      l.csc_pad = 999;
      l.cvt = mode != 0;
      l.sign_override = mode == 2;
      l.mean = mode == 1;
      l.means[0] = 30000;
      l.means[1] = -1;
      l.means[2] = 4000;
      l.means[3] = -32768;
      l.cvt_offset = -77;
      l.cvt_scale = 5;
      l.cvt_truncate = 2;
      l.truncate = 4;
      l.seed = 900 + f.code * 3 + uint32_t(mode);
      expect_equal(l, run_image(l));
    }
  }
}

// A hand-worked 10-bit pixel: T_A2B10G10R10 word 0xC0300801 is A = 3,
// B = 3, G = 2, R = 1, so the four elements are R 64, G 128, B 192 and
// A 49152 (-16384 as int16). One 1 x 1 kernel of weights 1, 2, 3, 1
// gives 64 + 256 + 576 - 16384 = -15488 (no padding, no converter).
TEST(ConvImage, TenBitPackedPixelByHand) {
  ImageLayer l;
  l.config = Config::NvFull;
  l.format = kFormats10[0];
  l.width = 1;
  l.height = 1;
  l.kernel_w = l.kernel_h = 1;
  l.kernels = 1;
  l.pad_left = l.pad_right = l.pad_top = l.pad_bottom = 0;
  l.x_offset = 3;
  const Geometry g = geometry(l);
  const ConvLayer layer = decode_conv(registers(l), *g.hw);
  const uint8_t word[4] = {0x01, 0x08, 0x30, 0xC0};
  const int16_t weights[4] = {1, 2, 3, 1};
  const ConvOutput out = conv_process(layer, [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) {
      const uint64_t a = address + i;
      data[i] = 0;
      if (a >= kImage + 12 && a < kImage + 16) data[i] = word[a - kImage - 12];  // pixel 3 of the line
      if (a >= kWeights && a < kWeights + 8) data[i] = uint8_t(uint16_t(weights[(a - kWeights) / 2]) >> (8 * (a % 2)));
    }
  });
  EXPECT_EQ(out.at(0, 0, 0), -15488);
}

// The fp16 formats on nv_full: components n / 8 in the name's order (the
// 16-bit layouts), fp16 pads 0.5 (CDMA, left and right) and -1 (CSC, above
// and below); each output the exact sum as fp32. A NaN pixel component is
// counted in D_NAN_INPUT_DATA_NUM; with D_NAN_FLUSH_TO_ZERO it adds +0,
// without it the outputs that see it are NaN. The NaN before the first
// pixel (in the PIXEL_X_OFFSET bytes) and the infinity after the last one
// are not image data and are not counted. CVT_EN with the means leaves
// fp16 pixels unchanged. Mode 4: post-extension (2 rows per atomic
// operation) with compressed weights.
TEST(ConvImage, Fp16FormatsOnNvFull) {
  for (const Format& f : kFormatsFp16) {
    for (const int mode : {0, 1, 2, 3, 4}) {
      ImageLayer l;
      l.config = Config::NvFull;
      l.format = f;
      l.width = 5;
      l.kernels = 18;
      l.kernel_w = 3;
      l.pad_left = 1;
      l.pad_right = 2;
      l.x_offset = std::string(f.name) == "R16_F" ? 9 : 2;
      l.cdma_pad = 0x3800;
      l.csc_pad = 0xBC00;
      if (mode == 1 || mode == 2) {
        l.nan_w = 2;
        l.nan_h = 1;
        l.nan_c = std::string(f.name) == "R16_F" ? 0 : 3;
      }
      l.nan_to_zero = mode == 1;
      l.cvt = l.mean = mode == 3;
      l.means[0] = 100;
      l.means[1] = -5;
      l.means[2] = 7;
      l.means[3] = 1;
      l.cvt_scale = 3;
      l.post_y_extension = mode == 4 ? 1 : 0;
      l.compressed = mode == 4;
      l.seed = 1300 + f.code * 5 + uint32_t(mode);
      const ImageRun run = run_image(l);
      expect_equal(l, run);
      EXPECT_EQ(run.out.nan_input_data, l.nan_w >= 0 ? 1u : 0u) << f.name << " mode " << mode;
      EXPECT_EQ(run.out.inf_input_data, 0u) << f.name << " mode " << mode;
      EXPECT_EQ(run.out.nan_input_weight, 0u);
      EXPECT_EQ(run.out.inf_input_weight, 0u);
    }
  }
}

// The semi-planar 8-bit formats on every master configuration: Y from
// plane 0, the UV pair from plane 1 (D_DAIN_ADDR_1, D_LINE_UV_STRIDE),
// X offsets in and beyond the first half atom of plane 1, raw and with the
// per-channel means.
TEST(ConvImage, SemiPlanarEightBit) {
  for (const Config config : {Config::NvSmall, Config::NvLarge, Config::NvSmall256Full}) {
    const uint32_t atom = hardware_config(config).atom_bytes;
    for (const Format& f : kSemiPlanar8) {
      for (const uint32_t x_offset : {0u, atom / 2 - 1, atom / 2 + 1, atom - 1}) {
        for (const bool mean : {false, true}) {
          ImageLayer l;
          l.config = config;
          l.format = f;
          l.width = 6;
          l.kernels = 9;
          l.x_offset = x_offset;
          l.cvt = mean;
          l.mean = mean;
          l.means[0] = 16;
          l.means[1] = 128;
          l.means[2] = -128;
          l.cvt_scale = 2;
          l.cvt_truncate = 1;
          l.seed = 900 + f.code * 64 + x_offset * 2 + (mean ? 1 : 0) + uint32_t(config) * 4096;
          expect_equal(l, run_image(l));
        }
      }
    }
  }
}

// nv_full's 16-bit semi-planar formats (2-byte Y, 4-byte UV pairs).
TEST(ConvImage, SemiPlanarSixteenBitOnNvFull) {
  for (const Format& f : kSemiPlanar16) {
    for (const uint32_t x_offset : {0u, 5u, 9u, 15u}) {
      ImageLayer l;
      l.config = Config::NvFull;
      l.format = f;
      l.width = 7;
      l.kernels = 17;
      l.x_offset = x_offset;
      l.cvt = x_offset % 2 == 1;
      l.sign_override = x_offset == 9;
      l.cvt_offset = 512;
      l.cvt_scale = 3;
      l.cvt_truncate = 2;
      l.seed = 1300 + f.code * 32 + x_offset;
      expect_equal(l, run_image(l));
    }
  }
}

// Compressed weights (nv_full) with image input: the mask bits cover the
// pre-extended kernels in their stored order, with and without
// post-extension.
TEST(ConvImage, CompressedWeightsOnNvFull) {
  for (const uint32_t e : {0u, 1u}) {
    for (const Format& f : {kFormats8[1], kFormats16[4]}) {
      ImageLayer l;
      l.config = Config::NvFull;
      l.format = f;
      l.width = 8;
      l.kernel_w = 3;
      l.kernel_h = 5;
      l.pad_top = 2;
      l.pad_bottom = 2;
      l.kernels = 40;
      l.post_y_extension = e;
      l.compressed = true;
      l.seed = 1700 + f.code + e;
      expect_equal(l, run_image(l));
    }
  }
}

// ---- programming errors: refused naming the register, before any read ----

std::string refusal(const ImageLayer& l, const ConvRegisters& r) {
  const ConvLayer layer = decode_conv(r, hardware_config(l.config));
  const std::optional<std::string> m = conv_unsupported_or_illegal(layer);
  bool read = false;
  try {
    conv_process(layer, [&](bool, uint64_t, uint8_t*, size_t) { read = true; });
    ADD_FAILURE() << "conv_process accepted the layer";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(m.value_or(""), e.what());
  }
  EXPECT_FALSE(read) << "memory was read before the refusal";
  return m.value_or("");
}

TEST(ConvImageLimits, ProgrammingErrorsNameTheRegister) {
  ImageLayer l;
  l.format = kFormats8[1];
  const ConvRegisters good = registers(l);
  EXPECT_EQ(conv_unsupported_or_illegal(decode_conv(good, hardware_config(l.config))), std::nullopt);
  const auto has = [&](const ConvRegisters& r, const std::string& text) {
    const std::string m = refusal(l, r);
    EXPECT_NE(m.find(text), std::string::npos) << m;
  };
  ConvRegisters r = good;
  r.csc_datain_format = 0;
  has(r, "CDMA D_DATAIN_FORMAT.DATAIN_FORMAT (PIXEL) and CSC D_DATAIN_FORMAT.DATAIN_FORMAT (FEATURE) disagree");
  r = good;
  r.cdma_pixel_offset = rd::D_PIXEL_OFFSET_PIXEL_X_OFFSET.put(2);  // 2 x 4 bytes: beyond the 8-byte atom
  has(r, "CDMA D_PIXEL_OFFSET.PIXEL_X_OFFSET (2) must lie within the first 8-byte atom");
  r = good;
  r.cdma_pixel_offset = rd::D_PIXEL_OFFSET_PIXEL_Y_OFFSET.put(1);
  has(r, "CDMA D_PIXEL_OFFSET.PIXEL_Y_OFFSET (1) must be 0");
  r = good;
  r.cdma_datain_size_1 = r.csc_datain_size_ext_1 = 2;
  has(r, "CDMA D_DATAIN_SIZE_1.DATAIN_CHANNEL (3) must be the 4 components");
  r = good;
  r.cdma_line_stride = 16;
  has(r, "CDMA D_LINE_STRIDE (16) is below (PIXEL_X_OFFSET + width) x 4 bytes per pixel = 20");
  r = good;
  r.csc_weight_size_ext_0 |= rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(2);
  has(r, "CSC D_WEIGHT_SIZE_EXT_0.WEIGHT_WIDTH_EXT (2) must be 0 for image input");
  r = good;
  r.csc_weight_size_ext_1 = rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(10) |
                            rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(l.kernels - 1);
  has(r, "CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_CHANNEL_EXT (11) must be the kernel width times the 4 image channels");
  r = good;
  r.csc_dilation_ext = rc::D_DILATION_EXT_X_DILATION_EXT.put(1);
  has(r, "CSC D_DILATION_EXT must be 0 for image input");
  r = good;
  r.csc_post_y_extension = 1;  // 2 rows of 12 channels > atomic-C 8
  has(r, "CSC D_POST_Y_EXTENSION.Y_EXTENSION (1) joins 2 kernel rows of 12 channels");
  r = good;
  r.csc_post_y_extension = 3;
  has(r, "CSC D_POST_Y_EXTENSION.Y_EXTENSION (3) is reserved");
  r = good;
  r.cdma_entry_per_slice = r.csc_entry_per_slice = 0;
  has(r, "CDMA D_ENTRY_PER_SLICE (0) is below the 4 buffer entries of one padded image line");
  r = good;
  r.cdma_datain_format |= rd::D_DATAIN_FORMAT_PIXEL_MAPPING.put(1);
  has(r, "PIXEL_MAPPING = RESERVED_LINEAR is not modelled");
  r = good;
  // 10-bit packed and fp16 formats on nv_small, which has neither the
  // int16 nor the fp16 datapath (the master IMG_ctrl.v compiles them out).
  r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2B10G10R10);
  has(r, "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (20) has 10-bit packed pixels, which need CDMA D_MISC_CFG.IN_PRECISION "
         "= INT16, not INT8 (nv_small has no 10-bit packed pixel formats)");
  r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16_F);
  has(r, "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (8) has fp16 pixels, which need CDMA D_MISC_CFG.IN_PRECISION = FP16, "
         "not INT8 (nv_small has no fp16 pixel formats)");
  r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(40);
  has(r, "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (40) is reserved");
  // A 16-bit format on nv_small, which has no int16 datapath.
  r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16);
  has(r, "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (6) has 16-bit pixels, which need CDMA D_MISC_CFG.IN_PRECISION = "
         "INT16, not INT8 (nv_small has no 16-bit pixel formats)");
  // An fp16 image on nv_small: no fp16 at all.
  {
    ImageLayer half = l;
    half.format = kFormatsFp16[0];
    ConvRegisters h = registers(half);
    has(h, "fp16 convolution (CDMA/CSC D_MISC_CFG.IN_PRECISION/PROC_PRECISION, CMAC_A/CMAC_B/CACC "
           "D_MISC_CFG.PROC_PRECISION = FP16) is not supported by nv_small");
  }
  // Semi-planar: three channels and a UV line stride that holds the line.
  {
    ImageLayer yuv;
    yuv.format = kSemiPlanar8[0];
    yuv.kernel_w = 2;  // 6 pre-extended channels
    yuv.x_offset = 5;  // plane 1: 5 mod 4 = pixel 1 of its atom
    const ConvRegisters ok = registers(yuv);
    EXPECT_EQ(conv_unsupported_or_illegal(decode_conv(ok, hardware_config(yuv.config))), std::nullopt);
    r = ok;
    r.cdma_line_uv_stride = 8;
    const std::string m = refusal(yuv, r);
    EXPECT_NE(m.find("CDMA D_LINE_UV_STRIDE (8) is below (plane-1 X offset 1 + width) x 2 bytes per pixel = 12"),
              std::string::npos)
        << m;
  }
  // Channel post-extension on a feature layer.
  r = good;
  r.cdma_datain_format = r.csc_datain_format = 0;
  r.csc_post_y_extension = 1;
  has(r, "CSC D_POST_Y_EXTENSION.Y_EXTENSION (1) must be 0 for feature input");
}

// On nv_full an 8-bit format with int16 processing, or a 16-bit one with
// int8, is a mixed precision or a width mismatch; several batches are
// refused.
TEST(ConvImageLimits, PrecisionAndBatchOnNvFull) {
  ImageLayer l;
  l.config = Config::NvFull;
  l.format = kFormats16[4];
  const ConvRegisters good = registers(l);
  EXPECT_EQ(conv_unsupported_or_illegal(decode_conv(good, hardware_config(l.config))), std::nullopt);
  ConvRegisters r = good;
  r.cdma_misc_cfg = rd::D_MISC_CFG_IN_PRECISION.put(1);  // PROC_PRECISION INT8
  EXPECT_NE(refusal(l, r).find("mixed precisions"), std::string::npos);
  r = good;
  r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8B8G8R8);
  EXPECT_NE(refusal(l, r).find("PIXEL_FORMAT (12) has 8-bit pixels, which need CDMA D_MISC_CFG.IN_PRECISION = INT8, "
                               "not INT16"),
            std::string::npos);
  // fp16 pixels with INT16 precision, integer pixels with FP16 (nvdlav1
  // IMG_ctrl.v "Unmatch input ... precision"); no configuration note.
  r = good;
  r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                         rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A16B16G16R16_F);
  EXPECT_EQ(refusal(l, r), "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (8) has fp16 pixels, which need CDMA "
                           "D_MISC_CFG.IN_PRECISION = FP16, not INT16");
  {
    ImageLayer half = l;
    half.format = kFormatsFp16[1];
    const ConvRegisters fp = registers(half);
    EXPECT_EQ(conv_unsupported_or_illegal(decode_conv(fp, hardware_config(half.config))), std::nullopt);
    r = fp;
    r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                           rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A2R10G10B10);
    EXPECT_EQ(refusal(half, r), "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (21) has 10-bit packed pixels, which need CDMA "
                                "D_MISC_CFG.IN_PRECISION = INT16, not FP16");
    r = fp;
    r.cdma_datain_format = (r.cdma_datain_format & ~rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(0x3F)) |
                           rd::D_DATAIN_FORMAT_PIXEL_FORMAT.put(rd::D_DATAIN_FORMAT_PIXEL_FORMAT_T_R8);
    r.cdma_datain_size_1 = r.csc_datain_size_ext_1 = 0;
    EXPECT_EQ(refusal(half, r), "CDMA D_DATAIN_FORMAT.PIXEL_FORMAT (0) has 8-bit pixels, which need CDMA "
                                "D_MISC_CFG.IN_PRECISION = INT8, not FP16");
    // fp16 feature input still refuses CVT_EN (the C model's check).
    r = fp;
    r.cdma_cvt_cfg = rd::D_CVT_CFG_CVT_EN.put(1);
    r.cdma_datain_format = r.csc_datain_format = 0;
    EXPECT_NE(refusal(half, r).find("CDMA D_CVT_CFG.CVT_EN must be 0 for fp16 feature input"), std::string::npos);
  }
  r = good;
  r.cdma_batch_number = r.csc_batch_number = r.cacc_batch_number = 1;
  r.cdma_batch_stride = 4096;
  EXPECT_NE(refusal(l, r).find("image input takes one batch"), std::string::npos);
}

}  // namespace
}  // namespace acosim::nvdla

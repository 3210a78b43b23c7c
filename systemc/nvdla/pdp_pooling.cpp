#include "systemc/nvdla/pdp_pooling.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "systemc/nvdla/float16.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace acosim::nvdla {

const char* pooling_method_name(PdpPoolingMethod method) {
  switch (method) {
    case PdpPoolingMethod::Average:
      return "AVERAGE";
    case PdpPoolingMethod::Max:
      return "MAX";
    case PdpPoolingMethod::Min:
      return "MIN";
  }
  return "reserved";
}

CubeGeometry PoolingConfig::input_geometry(uint32_t atom_bytes) const {
  return CubeGeometry{in_width, in_height, in_channels, precision, atom_bytes};
}

CubeGeometry PoolingConfig::output_geometry(uint32_t atom_bytes) const {
  return CubeGeometry{out_width, out_height, in_channels, precision, atom_bytes};
}

int32_t pad_value_extended(Precision precision, unsigned n, uint32_t raw) {
  // Sign-bit positions of PAD_VALUE_1X..7X (nvdla/hw cmod/pdp/NV_NVDLA_pdp.cpp):
  // n padded positions of an INT8 value need 8 + ceil(log2 n) bits, of an
  // INT16 value 16 + ceil(log2 n).
  static constexpr unsigned kInt8Width[7] = {8, 9, 10, 10, 11, 11, 11};
  static constexpr unsigned kInt16Width[7] = {16, 17, 18, 18, 19, 19, 19};
  if (n < 1 || n > 7) {
    throw std::invalid_argument("PDP: PAD_VALUE_" + std::to_string(n) +
                                "X does not exist (PAD_VALUE_1X..PAD_VALUE_7X)");
  }
  if (precision == Precision::Fp16) {
    throw std::invalid_argument("PDP: FP16 PAD_VALUE registers hold FP17 numbers, not integers");
  }
  raw &= 0x7FFFFu;  // the register stores [18:0]
  const unsigned width = (precision == Precision::Int8 ? kInt8Width : kInt16Width)[n - 1];
  uint32_t extended = raw;
  if ((raw >> (width - 1)) & 1u) extended |= ~((1u << width) - 1u);
  // Held in the C model's int16_t (INT8 path) or int32_t (INT16 path).
  if (precision == Precision::Int8) return int16_t(uint16_t(extended));
  return int32_t(extended);
}

int64_t pdp_reciprocal_multiply(int64_t value, uint32_t recip) {
  // Round half away from zero of t / 2^16 (C model: +-0.5 then truncate):
  // floor((t + 2^15) / 2^16) for t >= 0 and -floor((-t + 2^15) / 2^16) =
  // floor((t + 2^15 - 1) / 2^16) for t < 0, without a branch (arithmetic
  // shift = floor).
  const int64_t t = value * int64_t(recip);
  return (t + 32767 + (t >= 0)) >> 16;
}

namespace {

std::string geometry_text(const CubeGeometry& g) {
  return std::to_string(g.width) + "x" + std::to_string(g.height) + "x" +
         std::to_string(g.channels) + " " + precision_name(g.precision) + " (atom " +
         std::to_string(g.atom_bytes) + " bytes)";
}

std::string split_text(const PoolingConfig& c) {
  const PoolingSplit& s = c.split;
  return "D_PARTIAL_WIDTH_IN first/mid/last " + std::to_string(s.first_in) + "/" +
         std::to_string(s.mid_in) + "/" + std::to_string(s.last_in) +
         ", D_PARTIAL_WIDTH_OUT first/mid/last " + std::to_string(s.first_out) + "/" +
         std::to_string(s.mid_out) + "/" + std::to_string(s.last_out) + ", PDP_RDMA kernel width " +
         std::to_string(s.read_kernel_width) + " stride " + std::to_string(s.read_stride_width);
}

// The real input positions of one output window along one axis, in the
// stripe's own coordinates, and how many kernel positions are padding.
struct Window {
  uint32_t first;   // first real position
  uint32_t end;     // one past the last real position
  uint32_t padded;  // kernel positions outside [0, extent)
};

std::vector<Window> plan_windows(uint32_t outputs, uint32_t kernel, uint32_t stride,
                                 uint32_t pad_before, uint32_t extent, const char* axis,
                                 uint32_t global_output, uint32_t global_input) {
  std::vector<Window> windows(outputs);
  for (uint32_t o = 0; o < outputs; ++o) {
    const int64_t start = int64_t(o) * stride - int64_t(pad_before);
    const int64_t first = std::max<int64_t>(start, 0);
    const int64_t end = std::min<int64_t>(start + kernel, extent);
    if (end <= first) {
      throw std::invalid_argument(
          std::string("PDP: output ") + axis + " " + std::to_string(global_output + o) +
          " covers input " + axis + "s " + std::to_string(global_input + start) + ".." +
          std::to_string(global_input + start + kernel - 1) + ", none of them inside input " +
          axis + "s " + std::to_string(global_input) + ".." +
          std::to_string(global_input + extent - 1) +
          " (output size, kernel, stride and padding do not fit the input)");
    }
    windows[o] = Window{uint32_t(first), uint32_t(end), kernel - uint32_t(end - first)};
  }
  return windows;
}

// Everything one stripe needs, checked and precomputed once.
struct StripeJob {
  const PoolingConfig& config;
  const Stripe& stripe;
  const PackedCube& input;
  PackedCube& output;
  std::vector<Window> columns;  // per output column of the stripe
  std::vector<Window> rows;     // per output row
};

template <typename T>
int32_t load(const uint8_t* p) {
  if constexpr (std::is_same_v<T, int8_t>) {
    return int8_t(p[0]);
  } else {
    return int16_t(uint16_t(p[0] | (p[1] << 8)));
  }
}

template <typename T>
void store(uint8_t* p, int64_t value) {
  p[0] = uint8_t(value);
  if constexpr (!std::is_same_v<T, int8_t>) p[1] = uint8_t(uint64_t(value) >> 8);
}

// Averaging of one atom: S = sum + pad term in the C model's accumulator
// width (two's-complement wrap), the width step held in the C model's
// int32_t, then the height step, wrapped to the element.
template <typename T>
void divide_atom(const int32_t* acc, int64_t pad_term, uint32_t recip_width, uint32_t recip_height,
                 uint32_t lanes, uint8_t* dst) {
  if constexpr (std::is_same_v<T, int8_t>) {
    if (recip_width <= 0x10000 && recip_height <= 0x10000) {
      // INT8 with reciprocals up to 1.0 (every firmware value): |S| <= 2^15,
      // so |S * R| + 2^15 < 2^31 and the same arithmetic is exact in int32
      // (and vectorises). Row sums of at most 64 int8 values stay far below
      // 2^16, so adding the 16-bit pad term cannot overflow either.
      const int32_t term = int16_t(uint16_t(uint64_t(pad_term)));
      const int32_t rw = int32_t(recip_width);
      const int32_t rh = int32_t(recip_height);
      for (uint32_t i = 0; i < lanes; ++i) {
        const int32_t sum = int16_t(uint16_t(uint32_t(acc[i] + term)));
        const int32_t t1 = sum * rw;
        const int32_t by_width = (t1 + 32767 + (t1 >= 0)) >> 16;
        const int32_t t2 = by_width * rh;
        dst[i] = uint8_t((t2 + 32767 + (t2 >= 0)) >> 16);
      }
      return;
    }
  }
  using Accumulator = std::conditional_t<std::is_same_v<T, int8_t>, int16_t, int32_t>;
  for (uint32_t i = 0; i < lanes; ++i) {
    const Accumulator sum =
        Accumulator(std::make_unsigned_t<Accumulator>(uint64_t(int64_t(acc[i]) + pad_term)));
    const int32_t by_width = int32_t(uint32_t(uint64_t(pdp_reciprocal_multiply(sum, recip_width))));
    store<T>(dst + i * sizeof(T), pdp_reciprocal_multiply(by_width, recip_height));
  }
}

template <PdpPoolingMethod M>
inline void combine(int32_t* acc, const int32_t* v, uint32_t lanes) {
  for (uint32_t i = 0; i < lanes; ++i) {
    if constexpr (M == PdpPoolingMethod::Max) {
      acc[i] = std::max(acc[i], v[i]);
    } else if constexpr (M == PdpPoolingMethod::Min) {
      acc[i] = std::min(acc[i], v[i]);
    } else {
      acc[i] += v[i];
    }
  }
}

// INT8 / INT16. The row pass reduces each input line to one value per output
// column and lane; the column pass reduces Kh row results, as the hardware's
// two stages do. Sums stay far inside int32 (at most 64 elements of 16 bits
// plus two pad terms below 2^23), so accumulating in int32 and wrapping to the
// C model's 16-bit (INT8) accumulator at the end gives the same bits.
template <typename T, PdpPoolingMethod M>
void pool_int(const StripeJob& job) {
  const CubeGeometry& gi = job.input.geometry;
  const CubeGeometry& go = job.output.geometry;
  const uint32_t lanes = gi.elements_per_atom();
  const size_t out_w = job.columns.size();
  const size_t out_h = job.rows.size();
  const PoolingConfig& c = job.config;

  // Row results of the last Kh input lines only (line y in slot y % Kh):
  // the windows of successive output lines move down monotonically, so a
  // line's slot is reused only once no later window needs it. Keeps the
  // working set in cache whatever the cube height.
  const uint32_t slots = c.kernel_height;
  std::vector<int32_t> line(size_t(job.stripe.in_width) * lanes);
  std::vector<int32_t> row_results(size_t(slots) * out_w * lanes);
  std::vector<int32_t> acc(lanes);
  const auto row_result = [&](uint32_t y, size_t ow) {
    return &row_results[((y % slots) * out_w + ow) * lanes];
  };

  // Average: the padding compensation depends only on the window position.
  std::vector<int64_t> pad_term;
  if constexpr (M == PdpPoolingMethod::Average) {
    int32_t pad[8] = {0};
    for (unsigned n = 1; n <= 7; ++n)
      pad[n] = pad_value_extended(c.precision, n, c.pad_value[n - 1]);
    pad_term.resize(out_h * out_w);
    for (size_t oh = 0; oh < out_h; ++oh) {
      const Window& r = job.rows[oh];
      for (size_t ow = 0; ow < out_w; ++ow) {
        const Window& col = job.columns[ow];
        int64_t term = 0;
        if (col.padded > 0) term += int64_t(r.end - r.first) * pad[col.padded];
        if (r.padded > 0) term += int64_t(c.kernel_width) * pad[r.padded];
        pad_term[oh * out_w + ow] = term;
      }
    }
  }

  for (uint32_t s = 0; s < gi.surfaces(); ++s) {
    uint32_t lines_done = 0;  // input lines [0, lines_done) reduced or skipped
    for (size_t oh = 0; oh < out_h; ++oh) {
      const Window& r = job.rows[oh];
      // Row pass over the input lines this window adds.
      for (uint32_t y = std::max(lines_done, r.first); y < r.end; ++y) {
        const uint8_t* src = job.input.bytes.data() + gi.atom_offset(s, y, job.stripe.in_start);
        for (size_t i = 0; i < line.size(); ++i) line[i] = load<T>(src + i * sizeof(T));
        for (size_t ow = 0; ow < out_w; ++ow) {
          const Window& col = job.columns[ow];
          int32_t* dst = row_result(y, ow);
          const int32_t* p = &line[size_t(col.first) * lanes];
          std::copy(p, p + lanes, dst);
          for (uint32_t x = col.first + 1; x < col.end; ++x) {
            p += lanes;
            combine<M>(dst, p, lanes);
          }
        }
      }
      lines_done = std::max(lines_done, r.end);
      // Column pass over the window's lines.
      for (size_t ow = 0; ow < out_w; ++ow) {
        const int32_t* p = row_result(r.first, ow);
        std::copy(p, p + lanes, acc.data());
        for (uint32_t y = r.first + 1; y < r.end; ++y)
          combine<M>(acc.data(), row_result(y, ow), lanes);
        uint8_t* dst = job.output.bytes.data() +
                       go.atom_offset(s, uint32_t(oh), uint32_t(job.stripe.out_start + ow));
        if constexpr (M == PdpPoolingMethod::Average) {
          divide_atom<T>(acc.data(), pad_term[oh * out_w + ow], c.recip_width, c.recip_height,
                         lanes, dst);
        } else {
          for (uint32_t i = 0; i < lanes; ++i) store<T>(dst + i * sizeof(T), acc[i]);
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------
// The INT8 / INT16 path pool_stripe() uses. Same arithmetic as pool_int()
// above, restructured for speed: an atom's lanes are contiguous and so are
// the atoms of a stripe's line (feature_cube.h), so both passes run as long
// flat loops over a whole line (lanes x columns) that the compiler
// vectorises; padding is handled only in the edge windows; each element is
// held in the narrowest type that gives the same bits.

// Element handling per precision and method. Value is the working type:
//  - INT8 MAX/MIN: the byte with its sign bit flipped, an order-preserving
//    map onto uint8_t (plain SSE2 has unsigned but no signed byte max/min);
//  - INT16 MAX/MIN: the int16_t itself;
//  - INT8 AVERAGE: uint16_t, whose modular sums are the C model's 16-bit
//    accumulator (the exact sums stay below 2^13 in magnitude, and adding
//    the pad terms modulo 2^16 is the wrap of the header);
//  - INT16 AVERAGE: uint32_t, the C model's 32-bit accumulator likewise
//    (exact sums below 2^21).
template <typename T, PdpPoolingMethod M>
struct Lane;

template <PdpPoolingMethod M>
struct Lane<int8_t, M> {
  static constexpr bool kAverage = M == PdpPoolingMethod::Average;
  using Value = std::conditional_t<kAverage, uint16_t, uint8_t>;
  static void load(const uint8_t* src, size_t n, Value* dst) {
    for (size_t i = 0; i < n; ++i) {
      if constexpr (kAverage) {
        dst[i] = uint16_t(int8_t(src[i]));
      } else {
        dst[i] = uint8_t(src[i] ^ 0x80u);
      }
    }
  }
  // MAX/MIN results back to bytes.
  static void store(const Value* src, size_t n, uint8_t* dst) {
    for (size_t i = 0; i < n; ++i) dst[i] = uint8_t(src[i] ^ 0x80u);
  }
};

// Cubes hold 16-bit elements little-endian: on a little-endian host they
// are plain int16_t loads and stores (no byte shuffling in the loops).
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndianHost = true;
#else
constexpr bool kLittleEndianHost = false;
#endif

template <PdpPoolingMethod M>
struct Lane<int16_t, M> {
  static constexpr bool kAverage = M == PdpPoolingMethod::Average;
  using Value = std::conditional_t<kAverage, uint32_t, int16_t>;
  static void load(const uint8_t* src, size_t n, Value* dst) {
    for (size_t i = 0; i < n; ++i) {
      int16_t v;
      if constexpr (kLittleEndianHost) {
        std::memcpy(&v, src + 2 * i, 2);
      } else {
        v = int16_t(uint16_t(src[2 * i] | (src[2 * i + 1] << 8)));
      }
      dst[i] = Value(v);
    }
  }
  static void store(const Value* src, size_t n, uint8_t* dst) {
    for (size_t i = 0; i < n; ++i) {
      const uint16_t v = uint16_t(src[i]);
      if constexpr (kLittleEndianHost) {
        std::memcpy(dst + 2 * i, &v, 2);
      } else {
        dst[2 * i] = uint8_t(v);
        dst[2 * i + 1] = uint8_t(v >> 8);
      }
    }
  }
};

template <PdpPoolingMethod M, typename V>
inline V combine_value(V a, V b) {
  if constexpr (M == PdpPoolingMethod::Max) {
    return std::max(a, b);
  } else if constexpr (M == PdpPoolingMethod::Min) {
    return std::min(a, b);
  } else {
    return V(a + b);
  }
}

// dst[i] = combine(dst[i], src[i]) over n elements.
template <PdpPoolingMethod M, typename V>
inline void combine_into(V* __restrict dst, const V* __restrict src, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] = combine_value<M>(dst[i], src[i]);
}

// dst[i] = combine over k < K of src[i + k * step], i < n: K columns of a
// kernel at once, in one pass (K a constant so the compiler unrolls it).
// With step = lanes these are consecutive windows: the kernel's k-th
// columns of all of them are one contiguous run of the line.
template <PdpPoolingMethod M, uint32_t K, typename V>
void reduce_shifted(V* __restrict dst, const V* __restrict src, size_t step, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    V v = src[i];
    for (uint32_t k = 1; k < K; ++k) v = combine_value<M>(v, src[i + k * step]);
    dst[i] = v;
  }
}

// The same for `count` windows `stride` columns apart (stride > 1): window
// o reads columns from src + o * stride * lanes, writes dst + o * lanes.
template <PdpPoolingMethod M, uint32_t K, typename V>
void reduce_strided(V* __restrict dst, const V* __restrict src, size_t lanes, size_t stride,
                    size_t count) {
  for (size_t o = 0; o < count; ++o) {
    const V* s = src + o * stride * lanes;
    V* d = dst + o * lanes;
    for (size_t i = 0; i < lanes; ++i) {
      V v = s[i];
      for (uint32_t k = 1; k < K; ++k) v = combine_value<M>(v, s[i + k * lanes]);
      d[i] = v;
    }
  }
}

// K output windows' reduction along a line: consecutive windows (stride 1)
// as one flat run, others window by window.
template <PdpPoolingMethod M, uint32_t K, typename V>
void reduce_windows(V* dst, const V* src, size_t lanes, size_t stride, size_t count) {
  if (stride == 1) {
    reduce_shifted<M, K>(dst, src, lanes, count * lanes);
  } else {
    reduce_strided<M, K>(dst, src, lanes, stride, count);
  }
}

template <PdpPoolingMethod M, typename V>
void reduce_windows(V* dst, const V* src, size_t lanes, size_t stride, size_t count,
                    uint32_t kernel) {
  switch (kernel) {
    case 1:
      return reduce_windows<M, 1>(dst, src, lanes, stride, count);
    case 2:
      return reduce_windows<M, 2>(dst, src, lanes, stride, count);
    case 3:
      return reduce_windows<M, 3>(dst, src, lanes, stride, count);
    case 4:
      return reduce_windows<M, 4>(dst, src, lanes, stride, count);
    case 5:
      return reduce_windows<M, 5>(dst, src, lanes, stride, count);
    case 6:
      return reduce_windows<M, 6>(dst, src, lanes, stride, count);
    case 7:
      return reduce_windows<M, 7>(dst, src, lanes, stride, count);
    default:
      return reduce_windows<M, 8>(dst, src, lanes, stride, count);
  }
}

// dst[i] = combine over k < K of rows[k][i], i < n: the row results of K
// lines in one pass.
template <PdpPoolingMethod M, uint32_t K, typename V>
void reduce_rows(V* __restrict dst, const V* const* rows, size_t n) {
  const V* r[K];
  for (uint32_t k = 0; k < K; ++k) r[k] = rows[k];
  for (size_t i = 0; i < n; ++i) {
    V v = r[0][i];
    for (uint32_t k = 1; k < K; ++k) v = combine_value<M>(v, r[k][i]);
    dst[i] = v;
  }
}

template <PdpPoolingMethod M, typename V>
void reduce_rows(V* dst, const V* const* rows, size_t n, uint32_t count) {
  switch (count) {
    case 1:
      return reduce_rows<M, 1>(dst, rows, n);
    case 2:
      return reduce_rows<M, 2>(dst, rows, n);
    case 3:
      return reduce_rows<M, 3>(dst, rows, n);
    case 4:
      return reduce_rows<M, 4>(dst, rows, n);
    case 5:
      return reduce_rows<M, 5>(dst, rows, n);
    case 6:
      return reduce_rows<M, 6>(dst, rows, n);
    case 7:
      return reduce_rows<M, 7>(dst, rows, n);
    default:
      return reduce_rows<M, 8>(dst, rows, n);
  }
}

#if defined(__SSE2__)
// How a reciprocal r (0 <= r <= 2^16) is applied to int16 lanes.
enum class RecipKind { Identity, Signed, Unsigned };  // r = 2^16, r < 2^15, r < 2^16

RecipKind recip_kind(uint32_t r) {
  if (r == 0x10000) return RecipKind::Identity;
  return r < 0x8000 ? RecipKind::Signed : RecipKind::Unsigned;
}

// rnd(s * r) of the averaging step on eight int16 lanes (`recip` holds r in
// every lane) whose results fit int16. With t = s * r = hi * 2^16 + lo (hi
// signed, lo unsigned 16 bits), rnd(t) is hi plus a carry: lo >= 2^15 when
// t >= 0, lo > 2^15 when t < 0 (ties away from zero). `nonneg` is all ones
// in the lanes where t >= 0 is to be assumed: for r > 0, t < 0 exactly when
// s < 0, and where t = 0 (r = 0 or s = 0) lo = 0 gives no carry either way.
// So the sign of the window sum S serves both steps: rnd(S * Rw) is 0 or
// has the sign of S. (Checked offline against pdp_reciprocal_multiply for
// every int16 s and every r below 2^16, both kinds.)
template <RecipKind K>
inline __m128i rnd_mul_epi16(__m128i s, __m128i recip, __m128i nonneg) {
  if constexpr (K == RecipKind::Identity) {
    return s;
  } else {
    const __m128i lo = _mm_mullo_epi16(s, recip);
    __m128i hi;
    if constexpr (K == RecipKind::Signed) {
      hi = _mm_mulhi_epi16(s, recip);
    } else {
      // Signed s times unsigned r: the unsigned product's high half minus r
      // where s is negative.
      hi = _mm_sub_epi16(_mm_mulhi_epu16(s, recip),
                         _mm_and_si128(_mm_srai_epi16(s, 15), recip));
    }
    const __m128i lo_biased = _mm_xor_si128(lo, _mm_set1_epi16(int16_t(0x8000)));  // lo - 2^15
    // Carry when lo - 2^15 > -1 (t >= 0) or > 0 (t < 0).
    return _mm_sub_epi16(hi, _mm_cmpgt_epi16(lo_biased, nonneg));
  }
}

// INT8 AVERAGE, sixteen lanes at a time: the sum of `count` row results
// plus `term` (modulo 2^16), both rounding steps, the low byte of each lane.
// Returns how many lanes it did (a multiple of 16); the caller does the rest.
template <uint32_t Rows, RecipKind W, RecipKind H>
size_t average_int8_sse2(const uint16_t* const* rows, size_t n, uint16_t term, uint32_t rw,
                         uint32_t rh, uint8_t* dst) {
  const __m128i vw = _mm_set1_epi16(int16_t(uint16_t(rw)));
  const __m128i vh = _mm_set1_epi16(int16_t(uint16_t(rh)));
  const __m128i vterm = _mm_set1_epi16(int16_t(term));
  const __m128i low_byte = _mm_set1_epi16(0x00FF);
  const uint16_t* r[Rows];
  for (uint32_t k = 0; k < Rows; ++k) r[k] = rows[k];
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i a = vterm, b = vterm;
    for (uint32_t k = 0; k < Rows; ++k) {
      a = _mm_add_epi16(a, _mm_loadu_si128(reinterpret_cast<const __m128i*>(r[k] + i)));
      b = _mm_add_epi16(b, _mm_loadu_si128(reinterpret_cast<const __m128i*>(r[k] + i + 8)));
    }
    const __m128i a_nonneg = _mm_cmpgt_epi16(a, _mm_set1_epi16(-1));
    const __m128i b_nonneg = _mm_cmpgt_epi16(b, _mm_set1_epi16(-1));
    a = rnd_mul_epi16<H>(rnd_mul_epi16<W>(a, vw, a_nonneg), vh, a_nonneg);
    b = rnd_mul_epi16<H>(rnd_mul_epi16<W>(b, vw, b_nonneg), vh, b_nonneg);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm_packus_epi16(_mm_and_si128(a, low_byte), _mm_and_si128(b, low_byte)));
  }
  return i;
}

template <uint32_t Rows, RecipKind W>
size_t average_int8_sse2(const uint16_t* const* rows, size_t n, uint16_t term, uint32_t rw,
                         uint32_t rh, uint8_t* dst) {
  switch (recip_kind(rh)) {
    case RecipKind::Identity:
      return average_int8_sse2<Rows, W, RecipKind::Identity>(rows, n, term, rw, rh, dst);
    case RecipKind::Signed:
      return average_int8_sse2<Rows, W, RecipKind::Signed>(rows, n, term, rw, rh, dst);
    case RecipKind::Unsigned:
      break;
  }
  return average_int8_sse2<Rows, W, RecipKind::Unsigned>(rows, n, term, rw, rh, dst);
}

template <uint32_t Rows>
size_t average_int8_sse2(const uint16_t* const* rows, size_t n, uint16_t term, uint32_t rw,
                         uint32_t rh, uint8_t* dst) {
  switch (recip_kind(rw)) {
    case RecipKind::Identity:
      return average_int8_sse2<Rows, RecipKind::Identity>(rows, n, term, rw, rh, dst);
    case RecipKind::Signed:
      return average_int8_sse2<Rows, RecipKind::Signed>(rows, n, term, rw, rh, dst);
    case RecipKind::Unsigned:
      break;
  }
  return average_int8_sse2<Rows, RecipKind::Unsigned>(rows, n, term, rw, rh, dst);
}

// Reciprocals up to 2^16 only (every firmware value): then |S| <= 2^15 and
// |rnd(S * Rw)| <= 2^15 fit the int16 lanes.
size_t average_int8_sse2(const uint16_t* const* rows, uint32_t count, size_t n, uint16_t term,
                         uint32_t rw, uint32_t rh, uint8_t* dst) {
  switch (count) {
    case 1:
      return average_int8_sse2<1>(rows, n, term, rw, rh, dst);
    case 2:
      return average_int8_sse2<2>(rows, n, term, rw, rh, dst);
    case 3:
      return average_int8_sse2<3>(rows, n, term, rw, rh, dst);
    case 4:
      return average_int8_sse2<4>(rows, n, term, rw, rh, dst);
    case 5:
      return average_int8_sse2<5>(rows, n, term, rw, rh, dst);
    case 6:
      return average_int8_sse2<6>(rows, n, term, rw, rh, dst);
    case 7:
      return average_int8_sse2<7>(rows, n, term, rw, rh, dst);
    default:
      return average_int8_sse2<8>(rows, n, term, rw, rh, dst);
  }
}
#endif

// AVERAGE: accumulators (window sums with their pad terms, modulo the
// accumulator width) to output elements.
template <typename T>
void divide_line(const typename Lane<T, PdpPoolingMethod::Average>::Value* acc, size_t n,
                 uint32_t recip_width, uint32_t recip_height, uint8_t* dst) {
  if constexpr (std::is_same_v<T, int8_t>) {
    if (recip_width <= 0x10000 && recip_height <= 0x10000) {
      // INT8 with reciprocals up to 1.0 (every firmware value): |S| <= 2^15,
      // so |S * R| + 2^15 < 2^31 and both steps are exact in int32.
      const int32_t rw32 = int32_t(recip_width);
      const int32_t rh32 = int32_t(recip_height);
      for (size_t i = 0; i < n; ++i) {
        const int32_t t1 = int32_t(int16_t(acc[i])) * rw32;
        const int32_t by_width = (t1 + 32767 + (t1 >= 0)) >> 16;
        const int32_t t2 = by_width * rh32;
        dst[i] = uint8_t((t2 + 32767 + (t2 >= 0)) >> 16);
      }
      return;
    }
    for (size_t i = 0; i < n; ++i) {
      const int32_t by_width =
          int32_t(uint32_t(uint64_t(pdp_reciprocal_multiply(int16_t(acc[i]), recip_width))));
      dst[i] = uint8_t(pdp_reciprocal_multiply(by_width, recip_height));
    }
  } else {
    for (size_t i = 0; i < n; ++i) {
      const int32_t by_width =
          int32_t(uint32_t(uint64_t(pdp_reciprocal_multiply(int32_t(acc[i]), recip_width))));
      const int64_t v = pdp_reciprocal_multiply(by_width, recip_height);
      dst[2 * i] = uint8_t(v);
      dst[2 * i + 1] = uint8_t(uint64_t(v) >> 8);
    }
  }
}

template <typename T, PdpPoolingMethod M>
void pool_int_flat(const StripeJob& job) {
  using L = Lane<T, M>;
  using Value = typename L::Value;
  const CubeGeometry& gi = job.input.geometry;
  const CubeGeometry& go = job.output.geometry;
  const PoolingConfig& c = job.config;
  const size_t lanes = gi.elements_per_atom();
  const size_t out_w = job.columns.size();
  const size_t out_h = job.rows.size();
  const size_t line_n = size_t(job.stripe.in_width) * lanes;
  const size_t out_n = out_w * lanes;
  const uint32_t kw = c.kernel_width;
  const uint32_t sw = c.stride_width;

  // Output columns whose windows have no padding: a contiguous range
  // [full_begin, full_end), since windows move right monotonically.
  size_t full_begin = 0;
  while (full_begin < out_w && job.columns[full_begin].padded > 0) ++full_begin;
  size_t full_end = full_begin;
  while (full_end < out_w && job.columns[full_end].padded == 0) ++full_end;

  // Row results of the last Kh input lines (line y in slot y % Kh), as in
  // pool_int().
  const uint32_t slots = c.kernel_height;
  std::vector<Value> line(line_n);
  std::vector<Value> row_results(size_t(slots) * out_n);
  std::vector<Value> acc(out_n);

  int32_t pad[8] = {0};
  if constexpr (M == PdpPoolingMethod::Average) {
    for (unsigned n = 1; n <= 7; ++n)
      pad[n] = pad_value_extended(c.precision, n, c.pad_value[n - 1]);
  }

  // One line's row pass: every output column's window reduced per lane.
  const auto row_pass = [&](Value* __restrict dst) {
    const Value* __restrict src = line.data();
    for (size_t ow = 0; ow < full_begin; ++ow) {
      const Window& col = job.columns[ow];
      Value* d = dst + ow * lanes;
      std::copy_n(src + col.first * lanes, lanes, d);
      for (uint32_t x = col.first + 1; x < col.end; ++x)
        combine_into<M>(d, src + x * lanes, lanes);
    }
    if (full_end > full_begin) {
      reduce_windows<M>(dst + full_begin * lanes,
                        src + size_t(job.columns[full_begin].first) * lanes, lanes, sw,
                        full_end - full_begin, kw);
    }
    for (size_t ow = full_end; ow < out_w; ++ow) {
      const Window& col = job.columns[ow];
      Value* d = dst + ow * lanes;
      std::copy_n(src + col.first * lanes, lanes, d);
      for (uint32_t x = col.first + 1; x < col.end; ++x)
        combine_into<M>(d, src + x * lanes, lanes);
    }
  };

  // AVERAGE of the output lanes [from, to) of one line from the window's
  // row results: sums, pad terms modulo the accumulator width (the row term
  // is the same for the whole line, column terms exist only at the edges),
  // both roundings.
  const auto average_range = [&](const Value* const* rows, const Window& r, uint8_t* dst,
                                 size_t from, size_t to) {
    if (from >= to) return;
    const uint32_t count = r.end - r.first;
    const Value* shifted[8];
    for (uint32_t k = 0; k < count; ++k) shifted[k] = rows[k] + from;
    Value* a = acc.data() + from;
    const size_t n = to - from;
    reduce_rows<M>(a, shifted, n, count);
    if (r.padded > 0) {
      const Value row_term = Value(uint32_t(int32_t(kw) * pad[r.padded]));
      for (size_t i = 0; i < n; ++i) a[i] = Value(a[i] + row_term);
    }
    for (size_t ow = from / lanes; ow < out_w && ow * lanes < to; ++ow) {
      const Window& col = job.columns[ow];
      if (col.padded == 0) continue;
      const Value col_term = Value(uint32_t(int32_t(count) * pad[col.padded]));
      for (size_t i = std::max(from, ow * lanes); i < std::min(to, (ow + 1) * lanes); ++i)
        acc[i] = Value(acc[i] + col_term);
    }
    if constexpr (M == PdpPoolingMethod::Average)
      divide_line<T>(a, n, c.recip_width, c.recip_height, dst + from * sizeof(T));
  };

  for (uint32_t s = 0; s < gi.surfaces(); ++s) {
    uint32_t lines_done = 0;  // input lines [0, lines_done) reduced or skipped
    for (size_t oh = 0; oh < out_h; ++oh) {
      const Window& r = job.rows[oh];
      for (uint32_t y = std::max(lines_done, r.first); y < r.end; ++y) {
        L::load(job.input.bytes.data() + gi.atom_offset(s, y, job.stripe.in_start), line_n,
                line.data());
        row_pass(&row_results[(y % slots) * out_n]);
      }
      lines_done = std::max(lines_done, r.end);

      // Column pass over the window's lines, the whole output line at once.
      const Value* rows[8];
      for (uint32_t y = r.first; y < r.end; ++y)
        rows[y - r.first] = &row_results[(y % slots) * out_n];
      uint8_t* dst =
          job.output.bytes.data() + go.atom_offset(s, uint32_t(oh), job.stripe.out_start);
      if constexpr (M == PdpPoolingMethod::Average) {
#if defined(__SSE2__)
        if constexpr (std::is_same_v<T, int8_t>) {
          if (c.recip_width <= 0x10000 && c.recip_height <= 0x10000) {
            // Sum, row pad term, both roundings and the store in one pass
            // over the unpadded columns; the padded edge columns and any
            // lanes left over take the general steps.
            const uint16_t row_term =
                r.padded > 0 ? uint16_t(uint32_t(int32_t(kw) * pad[r.padded])) : uint16_t(0);
            const size_t begin = full_begin * lanes;
            const Value* shifted[8];
            for (uint32_t k = 0; k < r.end - r.first; ++k) shifted[k] = rows[k] + begin;
            const size_t done = average_int8_sse2(shifted, r.end - r.first,
                                                  (full_end - full_begin) * lanes, row_term,
                                                  c.recip_width, c.recip_height, dst + begin);
            average_range(rows, r, dst, 0, begin);
            average_range(rows, r, dst, begin + done, out_n);
            continue;
          }
        }
#endif
        average_range(rows, r, dst, 0, out_n);
      } else {
        reduce_rows<M>(acc.data(), rows, out_n, r.end - r.first);
        L::store(acc.data(), out_n, dst);
      }
    }
  }
}

uint16_t load_fp16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
void store_fp16(uint8_t* p, uint16_t v) {
  p[0] = uint8_t(v);
  p[1] = uint8_t(v >> 8);
}

// FP16: the line as PDP_RDMA delivers it, counted and NaN-flushed.
void load_fp16_line(const StripeJob& job, const uint8_t* src, std::vector<uint16_t>& line,
                    PoolingStats& stats) {
  const bool offline = !job.config.on_the_fly;
  const bool flush = offline && job.config.nan_to_zero;
  for (size_t i = 0; i < line.size(); ++i) {
    uint16_t v = load_fp16(src + 2 * i);
    if (offline) {
      if (fp16_is_nan(v)) ++stats.nan_input_num;
      if (fp16_is_inf(v)) ++stats.inf_input_num;
    }
    if (flush && fp16_is_nan(v)) v = 0;
    line[i] = v;
  }
}

void count_nan_outputs(const uint8_t* atom, uint32_t lanes, PoolingStats& stats) {
  for (uint32_t i = 0; i < lanes; ++i) {
    if (fp16_is_nan(load_fp16(atom + 2 * i))) ++stats.nan_output_num;
  }
}

// FP16 MAX/MIN, bit-exact: row pass max(accumulated, new element), column
// pass max(new row result, accumulated), the argument order of the hardware.
void pool_fp16_compare(const StripeJob& job, PoolingStats& stats) {
  const CubeGeometry& gi = job.input.geometry;
  const CubeGeometry& go = job.output.geometry;
  const uint32_t lanes = gi.elements_per_atom();
  const size_t out_w = job.columns.size();
  const size_t out_h = job.rows.size();
  const bool is_max = job.config.method == PdpPoolingMethod::Max;
  const auto pick = [is_max](uint16_t a, uint16_t b) {
    return is_max ? fp16_max(a, b) : fp16_min(a, b);
  };

  std::vector<uint16_t> line(size_t(job.stripe.in_width) * lanes);
  std::vector<uint16_t> row_results(size_t(gi.height) * out_w * lanes);
  std::vector<uint16_t> acc(lanes);
  for (uint32_t s = 0; s < gi.surfaces(); ++s) {
    for (uint32_t h = 0; h < gi.height; ++h) {
      load_fp16_line(job, job.input.bytes.data() + gi.atom_offset(s, h, job.stripe.in_start), line,
                     stats);
      for (size_t ow = 0; ow < out_w; ++ow) {
        const Window& col = job.columns[ow];
        uint16_t* dst = &row_results[(size_t(h) * out_w + ow) * lanes];
        for (uint32_t i = 0; i < lanes; ++i) {
          uint16_t v = line[size_t(col.first) * lanes + i];
          for (uint32_t x = col.first + 1; x < col.end; ++x)
            v = pick(v, line[size_t(x) * lanes + i]);
          dst[i] = v;
        }
      }
    }
    for (size_t oh = 0; oh < out_h; ++oh) {
      const Window& r = job.rows[oh];
      for (size_t ow = 0; ow < out_w; ++ow) {
        for (uint32_t i = 0; i < lanes; ++i) {
          uint16_t v = row_results[(size_t(r.first) * out_w + ow) * lanes + i];
          for (uint32_t y = r.first + 1; y < r.end; ++y) {
            v = pick(row_results[(size_t(y) * out_w + ow) * lanes + i], v);
          }
          acc[i] = v;
        }
        uint8_t* dst = job.output.bytes.data() +
                       go.atom_offset(s, uint32_t(oh), uint32_t(job.stripe.out_start + ow));
        for (uint32_t i = 0; i < lanes; ++i) store_fp16(dst + 2 * i, acc[i]);
        count_nan_outputs(dst, lanes, stats);
      }
    }
  }
}

// FP16 AVERAGE, not bit-exact (see the header): the INT formula in double
// precision with FP17 pad values and reciprocals, one rounding to FP16.
void pool_fp16_average(const StripeJob& job, PoolingStats& stats) {
  const CubeGeometry& gi = job.input.geometry;
  const CubeGeometry& go = job.output.geometry;
  const PoolingConfig& c = job.config;
  const uint32_t lanes = gi.elements_per_atom();
  const size_t out_w = job.columns.size();
  const size_t out_h = job.rows.size();
  double pad[8] = {0};
  for (unsigned n = 1; n <= 7; ++n) pad[n] = fp17_to_double(c.pad_value[n - 1]);
  const double recip = fp17_to_double(c.recip_width) * fp17_to_double(c.recip_height);

  std::vector<uint16_t> line(size_t(job.stripe.in_width) * lanes);
  std::vector<double> row_results(size_t(gi.height) * out_w * lanes);
  for (uint32_t s = 0; s < gi.surfaces(); ++s) {
    for (uint32_t h = 0; h < gi.height; ++h) {
      load_fp16_line(job, job.input.bytes.data() + gi.atom_offset(s, h, job.stripe.in_start), line,
                     stats);
      for (size_t ow = 0; ow < out_w; ++ow) {
        const Window& col = job.columns[ow];
        double* dst = &row_results[(size_t(h) * out_w + ow) * lanes];
        for (uint32_t i = 0; i < lanes; ++i) {
          double sum = 0.0;
          for (uint32_t x = col.first; x < col.end; ++x)
            sum += fp16_to_double(line[size_t(x) * lanes + i]);
          dst[i] = sum;
        }
      }
    }
    for (size_t oh = 0; oh < out_h; ++oh) {
      const Window& r = job.rows[oh];
      for (size_t ow = 0; ow < out_w; ++ow) {
        const Window& col = job.columns[ow];
        double term = 0.0;
        if (col.padded > 0) term += double(r.end - r.first) * pad[col.padded];
        if (r.padded > 0) term += double(c.kernel_width) * pad[r.padded];
        uint8_t* dst = job.output.bytes.data() +
                       go.atom_offset(s, uint32_t(oh), uint32_t(job.stripe.out_start + ow));
        for (uint32_t i = 0; i < lanes; ++i) {
          double sum = term;
          for (uint32_t y = r.first; y < r.end; ++y)
            sum += row_results[(size_t(y) * out_w + ow) * lanes + i];
          store_fp16(dst + 2 * i, double_to_fp16(sum * recip));
        }
        count_nan_outputs(dst, lanes, stats);
      }
    }
  }
}

template <typename T>
void pool_int_method(const StripeJob& job, bool general) {
  switch (job.config.method) {
    case PdpPoolingMethod::Average:
      return general ? pool_int<T, PdpPoolingMethod::Average>(job)
                     : pool_int_flat<T, PdpPoolingMethod::Average>(job);
    case PdpPoolingMethod::Max:
      return general ? pool_int<T, PdpPoolingMethod::Max>(job)
                     : pool_int_flat<T, PdpPoolingMethod::Max>(job);
    case PdpPoolingMethod::Min:
      return general ? pool_int<T, PdpPoolingMethod::Min>(job)
                     : pool_int_flat<T, PdpPoolingMethod::Min>(job);
  }
}

void check_layer(const PoolingConfig& c) {
  if (c.method != PdpPoolingMethod::Average && c.method != PdpPoolingMethod::Max &&
      c.method != PdpPoolingMethod::Min) {
    throw std::invalid_argument("PDP: POOLING_METHOD " + std::to_string(unsigned(c.method)) +
                                " is reserved (0 AVERAGE, 1 MAX, 2 MIN)");
  }
  if (c.kernel_width == 0 || c.kernel_height == 0 || c.stride_width == 0 || c.stride_height == 0) {
    throw std::invalid_argument(
        "PDP: kernel " + std::to_string(c.kernel_width) + "x" + std::to_string(c.kernel_height) +
        " stride " + std::to_string(c.stride_width) + "x" + std::to_string(c.stride_height) +
        ": kernel and stride sizes start at 1");
  }
  // PAD_VALUE_1X..7X cover at most 7 padded positions per axis: kernels are
  // 1..8 (D_POOLING_KERNEL_CFG KERNEL_WIDTH/KERNEL_HEIGHT 0..7).
  if (c.kernel_width > 8 || c.kernel_height > 8) {
    throw std::invalid_argument("PDP: kernel " + std::to_string(c.kernel_width) + "x" +
                                std::to_string(c.kernel_height) + " is larger than 8x8");
  }
}

}  // namespace

std::vector<Stripe> plan_stripes(const PoolingConfig& config) {
  const PoolingSplit& sp = config.split;
  if (sp.stripes == 0)
    throw std::invalid_argument("PDP: the number of stripes (SPLIT_NUM + 1) is 0");
  if (sp.stripes == 1) {
    return {Stripe{0, config.in_width, config.pad_left, config.pad_right, 0, config.out_width}};
  }
  const int64_t n = sp.stripes;
  const int64_t ov = int64_t(sp.read_kernel_width) - int64_t(sp.read_stride_width);
  struct Planned {
    int64_t in_start, in_width;
    uint32_t pad_left, pad_right;
    int64_t out_start, out_width;
  };
  std::vector<Planned> planned;
  planned.push_back({0, sp.first_in, config.pad_left, 0, 0, sp.first_out});
  for (int64_t i = 1; i + 1 < n; ++i) {
    planned.push_back({sp.first_in + (i - 1) * sp.mid_in - ov, sp.mid_in + ov, 0, 0,
                       sp.first_out + (i - 1) * sp.mid_out, sp.mid_out});
  }
  planned.push_back({sp.first_in + (n - 2) * sp.mid_in - ov, sp.last_in + ov, 0, config.pad_right,
                     sp.first_out + (n - 2) * sp.mid_out, sp.last_out});

  std::vector<Stripe> stripes;
  for (size_t i = 0; i < planned.size(); ++i) {
    const Planned& p = planned[i];
    const std::string which = "PDP split: stripe " + std::to_string(i) + " of " + std::to_string(n);
    if (p.in_width < 1 || p.in_start < 0 || p.in_start + p.in_width > config.in_width) {
      throw std::invalid_argument(
          which + " would read input columns " + std::to_string(p.in_start) + ".." +
          std::to_string(p.in_start + p.in_width - 1) + ", not a non-empty part of the " +
          std::to_string(config.in_width) + "-column input (" + split_text(config) + ")");
    }
    if (p.out_width < 1 || p.out_start + p.out_width > config.out_width) {
      throw std::invalid_argument(
          which + " would write output columns " + std::to_string(p.out_start) + ".." +
          std::to_string(p.out_start + p.out_width - 1) + " of a " +
          std::to_string(config.out_width) + "-column output (" + split_text(config) + ")");
    }
    stripes.push_back(Stripe{uint32_t(p.in_start), uint32_t(p.in_width), p.pad_left, p.pad_right,
                             uint32_t(p.out_start), uint32_t(p.out_width)});
  }
  return stripes;
}

namespace {

void pool_stripe_with(const PoolingConfig& config, const Stripe& stripe, const PackedCube& input,
                      PackedCube& output, PoolingStats* stats, bool general) {
  check_layer(config);
  const uint32_t atom = input.geometry.atom_bytes;
  const CubeGeometry expected_in = config.input_geometry(atom);
  const CubeGeometry expected_out = config.output_geometry(atom);
  if (input.geometry != expected_in || input.bytes.size() != expected_in.total_bytes()) {
    throw std::invalid_argument("PDP: input cube " + geometry_text(input.geometry) + " with " +
                                std::to_string(input.bytes.size()) + " bytes, the layer reads " +
                                geometry_text(expected_in));
  }
  if (output.geometry != expected_out || output.bytes.size() != expected_out.total_bytes()) {
    throw std::invalid_argument("PDP: output cube " + geometry_text(output.geometry) + " with " +
                                std::to_string(output.bytes.size()) + " bytes, the layer writes " +
                                geometry_text(expected_out));
  }
  if (stripe.in_width == 0 || uint64_t(stripe.in_start) + stripe.in_width > config.in_width ||
      uint64_t(stripe.out_start) + stripe.out_width > config.out_width) {
    throw std::invalid_argument(
        "PDP: stripe reading input columns from " + std::to_string(stripe.in_start) + " (" +
        std::to_string(stripe.in_width) + " columns) and writing output columns from " +
        std::to_string(stripe.out_start) + " (" + std::to_string(stripe.out_width) +
        " columns) does not fit the " + std::to_string(config.in_width) + "-column input and " +
        std::to_string(config.out_width) + "-column output");
  }
  StripeJob job{
      config,
      stripe,
      input,
      output,
      plan_windows(stripe.out_width, config.kernel_width, config.stride_width, stripe.pad_left,
                   stripe.in_width, "column", stripe.out_start, stripe.in_start),
      plan_windows(config.out_height, config.kernel_height, config.stride_height, config.pad_top,
                   config.in_height, "line", 0, 0)};
  PoolingStats local;
  switch (config.precision) {
    case Precision::Int8:
      pool_int_method<int8_t>(job, general);
      break;
    case Precision::Int16:
      pool_int_method<int16_t>(job, general);
      break;
    case Precision::Fp16:
      if (config.method == PdpPoolingMethod::Average) {
        pool_fp16_average(job, local);
      } else {
        pool_fp16_compare(job, local);
      }
      break;
  }
  if (stats) {
    stats->nan_input_num += local.nan_input_num;
    stats->inf_input_num += local.inf_input_num;
    stats->nan_output_num += local.nan_output_num;
  }
}

}  // namespace

void pool_stripe(const PoolingConfig& config, const Stripe& stripe, const PackedCube& input,
                 PackedCube& output, PoolingStats* stats) {
  pool_stripe_with(config, stripe, input, output, stats, false);
}

void pool_stripe_general(const PoolingConfig& config, const Stripe& stripe,
                         const PackedCube& input, PackedCube& output, PoolingStats* stats) {
  pool_stripe_with(config, stripe, input, output, stats, true);
}

PackedCube pool(const PoolingConfig& config, const PackedCube& input, PoolingStats* stats) {
  check_layer(config);
  PackedCube output(config.output_geometry(input.geometry.atom_bytes));
  for (const Stripe& stripe : plan_stripes(config))
    pool_stripe(config, stripe, input, output, stats);
  return output;
}

}  // namespace acosim::nvdla

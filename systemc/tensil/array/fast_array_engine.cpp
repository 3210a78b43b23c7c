#include "systemc/tensil/array/fast_array_engine.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACOSIM_FAST_ARRAY_AVX2 1
#include <immintrin.h>
#endif

namespace acosim::tensil {

namespace {

FixedFormat format_of(DataType type) {
  const DataTypeInfo& info = data_type_info(type);
  return FixedFormat{info.width, info.binary_point};
}

}  // namespace

FastArray::FastArray(const Architecture& arch)
    : m_n(arch.array_size),
      m_type(arch.data_type),
      m_format(format_of(arch.data_type)),
      m_rows((m_n + 1) * m_n, 0),
      m_store(m_n + 1) {
  if (m_n == 0) throw std::invalid_argument("fast array: array_size must be at least 1");
  refresh_store();
}

void FastArray::refresh_store() {
  for (size_t k = 0; k <= m_n; ++k) m_store[k] = row(k);
}

void FastArray::check_lanes(const Vector& v, const char* what, size_t index) const {
  const auto label = [&] {
    return std::string("fast array: ") + what +
           (index == kNoIndex ? std::string() : " " + std::to_string(index));
  };
  if (v.size() != m_n) {
    throw std::invalid_argument(label() + " has " + std::to_string(v.size()) + " lanes, the " +
                                std::to_string(m_n) + "x" + std::to_string(m_n) + " array takes " +
                                std::to_string(m_n));
  }
  // Lanes are W-bit raw values sign-extended to 32 bits (Tensil's Fixed*.scala); a
  // wider value has no meaning on the W-bit datapath.
  for (size_t lane = 0; lane < m_n; ++lane) {
    if (v[lane] < m_format.min() || v[lane] > m_format.max()) {
      throw std::invalid_argument(
          label() + ", lane " + std::to_string(lane) + ": value " + std::to_string(v[lane]) +
          " is outside the " + std::to_string(m_format.width) + "-bit range [" +
          std::to_string(m_format.min()) + ", " + std::to_string(m_format.max()) + "]");
    }
  }
}

// As Tensil's SystolicArray.scala loads: W[n] <- W[n-1], ..., W[1] <- W[0], W[0] <- row. In the
// ring, the slot of the oldest row W[n] becomes the new W[0].
void FastArray::load_weights(const Vector& row_in) {
  check_lanes(row_in, "weight row", kNoIndex);
  m_newest = (m_newest + m_n) % (m_n + 1);
  std::copy(row_in.begin(), row_in.end(),
            m_rows.begin() + static_cast<std::ptrdiff_t>(m_newest * m_n));
  refresh_store();
}

void FastArray::load_zero_weights() {
  m_newest = (m_newest + m_n) % (m_n + 1);
  std::fill_n(m_rows.begin() + static_cast<std::ptrdiff_t>(m_newest * m_n), m_n, 0);
  refresh_store();
}

namespace {

// Tensil's macFixedPoint (util/package.scala) in 32-bit arithmetic, for formats whose exact
// sum fits: |x*y| <= 2^(2W-2) and |z*2^bp| < 2^(W-1+bp), so W <= 16 and
// bp <= 8 keep |m| below 2^30 + 2^23. Rounding half to even on m: with
// m = q*2^bp + r (0 <= r < 2^bp), (m + 2^(bp-1) - 1 + lsb(q)) >> bp adds
// one to q exactly when r > 2^(bp-1), or r == 2^(bp-1) and q is odd - the
// rounding rule of macFixedPoint. The result then saturates to W bits.
template <unsigned Width, unsigned BinaryPoint>
struct NarrowMac {
  static_assert(Width <= 16 && BinaryPoint >= 1 && BinaryPoint <= 8, "sum must fit in 32 bits");
  static constexpr int32_t kHalfMinusOne = (int32_t(1) << (BinaryPoint - 1)) - 1;
  static constexpr int32_t kMax = (int32_t(1) << (Width - 1)) - 1;
  static constexpr int32_t kMin = -(int32_t(1) << (Width - 1));
  int32_t operator()(int32_t x, int32_t y, int32_t z) const {
    const int32_t m = x * y + z * (int32_t(1) << BinaryPoint);
    const int32_t q = (m + kHalfMinusOne + ((m >> BinaryPoint) & 1)) >> BinaryPoint;
    return q > kMax ? kMax : (q < kMin ? kMin : q);
  }
};

// Wider formats use fixed_point.h's 64-bit mac with the format as a
// constant.
template <unsigned Width, unsigned BinaryPoint>
struct WideMac {
  int32_t operator()(int32_t x, int32_t y, int32_t z) const {
    static constexpr FixedFormat kFormat{Width, BinaryPoint};
    return mac(x, y, z, kFormat);
  }
};

// InnerSystolicArray.scala: y[i] = MAC(x[n-1], W[n][i], ... MAC(x[0], W[1][i], W[0][i])),
// each step rounded half to even and saturated (macFixedPoint): the
// partial-sum path PE(i,0) -> PE(i,n-1) of the RTL. The chains of different
// output lanes are independent, so step j is applied to all lanes at once
// (a loop over contiguous weights the compiler can vectorise); within a
// lane the order bias, x[0], ..., x[n-1] is kept. `store[k]` is row W[k].
template <typename Mac>
inline __attribute__((always_inline)) void stream(const int32_t* const* store, size_t n,
                                                  const int32_t* const* inputs, int32_t* const* outputs,
                                                  size_t count) {
  const Mac step{};
  size_t t = 0;
  // Four input vectors at a time: their chains are independent, so the
  // processor overlaps them instead of waiting on one chain's latency
  // (each step is a multiply, an add, a rounding and a saturation).
  for (; t + 4 <= count; t += 4) {
    const int32_t* x0 = inputs[t];
    const int32_t* x1 = inputs[t + 1];
    const int32_t* x2 = inputs[t + 2];
    const int32_t* x3 = inputs[t + 3];
    int32_t* __restrict v0 = outputs[t];
    int32_t* __restrict v1 = outputs[t + 1];
    int32_t* __restrict v2 = outputs[t + 2];
    int32_t* __restrict v3 = outputs[t + 3];
    for (size_t i = 0; i < n; ++i) v0[i] = v1[i] = v2[i] = v3[i] = store[0][i];
    for (size_t j = 0; j < n; ++j) {
      const int32_t* __restrict w = store[1 + j];
      const int32_t a = x0[j], b = x1[j], c = x2[j], d = x3[j];
      for (size_t i = 0; i < n; ++i) {
        v0[i] = step(a, w[i], v0[i]);
        v1[i] = step(b, w[i], v1[i]);
        v2[i] = step(c, w[i], v2[i]);
        v3[i] = step(d, w[i], v3[i]);
      }
    }
  }
  for (; t < count; ++t) {
    const int32_t* x = inputs[t];
    int32_t* __restrict v = outputs[t];
    std::copy(store[0], store[0] + n, v);
    for (size_t j = 0; j < n; ++j) {
      const int32_t* __restrict w = store[1 + j];
      const int32_t xj = x[j];
      for (size_t i = 0; i < n; ++i) v[i] = step(xj, w[i], v[i]);
    }
  }
}

// The same chains as stream<NarrowMac<Width, BinaryPoint>> for an array size N known at compile
// time (a multiple of 8 up to 32): a row of N lanes is N/8 registers of eight 32-bit lanes, and the
// partial sums of T input vectors stay in registers through all N steps instead of going back to
// memory after each one. T is chosen so that T * N/8 is about eight independent chains, enough
// to cover the latency of one step (multiply, add, rounding, saturation). Each lane does exactly
// NarrowMac's arithmetic, so results are the same bit for bit.
using Lanes = int32_t __attribute__((vector_size(32)));
constexpr size_t kLanes = sizeof(Lanes) / sizeof(int32_t);

inline __attribute__((always_inline)) void load_lanes(Lanes& v, const int32_t* p) {
  __builtin_memcpy(&v, p, sizeof v);
}
inline __attribute__((always_inline)) void store_lanes(int32_t* p, const Lanes& v) {
  __builtin_memcpy(p, &v, sizeof v);
}

// NarrowMac on eight lanes: z <- MAC(x, w, z) (Tensil's macFixedPoint, util/package.scala; see
// NarrowMac for why 32 bits hold the exact sum and how the rounding is half to even).
template <unsigned Width, unsigned BinaryPoint>
inline __attribute__((always_inline)) void mac_lanes(const Lanes& x, const Lanes& w, Lanes& z) {
  using Mac = NarrowMac<Width, BinaryPoint>;
  const Lanes m = x * w + z * (int32_t(1) << BinaryPoint);
  const Lanes q = (m + Mac::kHalfMinusOne + ((m >> BinaryPoint) & 1)) >> BinaryPoint;
  const Lanes upper = q > Mac::kMax ? Mac::kMax : q;
  z = upper < Mac::kMin ? Mac::kMin : upper;
}

// T input vectors from `t` on, of an N x N array.
template <unsigned Width, unsigned BinaryPoint, size_t N, size_t T>
inline __attribute__((always_inline)) void stream_group(const int32_t* const* store, const int32_t* const* inputs,
                                                        int32_t* const* outputs, size_t t) {
  constexpr size_t K = N / kLanes;
  Lanes z[T][K];
  for (size_t k = 0; k < K; ++k) {
    Lanes bias;
    load_lanes(bias, store[0] + k * kLanes);
    for (size_t u = 0; u < T; ++u) z[u][k] = bias;
  }
  for (size_t j = 0; j < N; ++j) {
    Lanes w[K];
    for (size_t k = 0; k < K; ++k) load_lanes(w[k], store[1 + j] + k * kLanes);
    for (size_t u = 0; u < T; ++u) {
      const Lanes x = Lanes{} + inputs[t + u][j];
      for (size_t k = 0; k < K; ++k) mac_lanes<Width, BinaryPoint>(x, w[k], z[u][k]);
    }
  }
  for (size_t u = 0; u < T; ++u)
    for (size_t k = 0; k < K; ++k) store_lanes(outputs[t + u] + k * kLanes, z[u][k]);
}

template <unsigned Width, unsigned BinaryPoint, size_t N>
inline __attribute__((always_inline)) void stream_fixed(const int32_t* const* store, const int32_t* const* inputs,
                                                        int32_t* const* outputs, size_t count) {
  static_assert(N % kLanes == 0 && N / kLanes <= 4, "a row is 1 to 4 registers");
  constexpr size_t T = 8 / (N / kLanes);
  size_t t = 0;
  for (; t + T <= count; t += T) stream_group<Width, BinaryPoint, N, T>(store, inputs, outputs, t);
  for (; t < count; ++t) stream_group<Width, BinaryPoint, N, 1>(store, inputs, outputs, t);
}

// Array sizes 8, 16, 24 and 32 take stream_fixed, others the loop over n.
template <unsigned Width, unsigned BinaryPoint>
inline __attribute__((always_inline)) void stream_narrow(const int32_t* const* store, size_t n,
                                                         const int32_t* const* inputs, int32_t* const* outputs,
                                                         size_t count) {
  switch (n) {
    case 8:
      return stream_fixed<Width, BinaryPoint, 8>(store, inputs, outputs, count);
    case 16:
      return stream_fixed<Width, BinaryPoint, 16>(store, inputs, outputs, count);
    case 24:
      return stream_fixed<Width, BinaryPoint, 24>(store, inputs, outputs, count);
    case 32:
      return stream_fixed<Width, BinaryPoint, 32>(store, inputs, outputs, count);
    default:
      return stream<NarrowMac<Width, BinaryPoint>>(store, n, inputs, outputs, count);
  }
}

#ifdef ACOSIM_FAST_ARRAY_AVX2
// FP16BP8 with AVX2, for arrays of 8, 16, 24 or 32 lanes. Every operand of a step fits in 16
// bits (x, w and the saturated partial sum z), so m = x*w + z*2^8 is one vpmaddwd on the 16-bit
// pairs (w_i, z_i) and (x, 2^8): both products are exact in 32 bits and |sum| <= 2^30 + 2^23
// does not wrap. Rounding is NarrowMac's (half to even on m); the saturation to 16 bits that
// macFixedPoint (Tensil's util/package.scala) applies after it is vpackssdw, which the next step
// needs anyway to put z_i next to w_i. The last step saturates with min/max instead.
template <size_t N, size_t T>
__attribute__((target("avx2"), always_inline)) inline void fp16bp8_group(const int32_t* const* store,
                                                                       const int32_t* const* inputs,
                                                                       int32_t* const* outputs, size_t t) {
  constexpr size_t K = N / 8;
  // x_j of each input vector as the 32-bit word of the 16-bit pair (x_j, 2^8).
  alignas(32) int32_t pairs[T][N];
  const __m256i low_half = _mm256_set1_epi32(0xffff);
  const __m256i scale = _mm256_set1_epi32(int32_t(1) << (16 + 8));
  for (size_t u = 0; u < T; ++u) {
    for (size_t k = 0; k < K; ++k) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(inputs[t + u] + 8 * k));
      _mm256_store_si256(reinterpret_cast<__m256i*>(pairs[u] + 8 * k),
                         _mm256_or_si256(_mm256_and_si256(x, low_half), scale));
    }
  }
  // q: the step's rounded sum before saturation; the bias row is already in range.
  __m256i q[T][K];
  for (size_t k = 0; k < K; ++k) {
    const __m256i bias = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(store[0] + 8 * k));
    for (size_t u = 0; u < T; ++u) q[u][k] = bias;
  }
  const __m256i half_minus_one = _mm256_set1_epi32(127);
  const __m256i one = _mm256_set1_epi32(1);
  for (size_t j = 0; j < N; ++j) {
    // Row W[1+j] as 16-bit lanes; vpackssdw and vpunpcklwd work within 128-bit halves, so
    // lane i of the row meets lane i of z.
    __m256i w[K];
    for (size_t k = 0; k < K; ++k) {
      const __m256i row = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(store[1 + j] + 8 * k));
      w[k] = _mm256_packs_epi32(row, row);
    }
    for (size_t u = 0; u < T; ++u) {
      const __m256i x = _mm256_set1_epi32(pairs[u][j]);
      for (size_t k = 0; k < K; ++k) {
        const __m256i z = _mm256_packs_epi32(q[u][k], q[u][k]);
        const __m256i m = _mm256_madd_epi16(_mm256_unpacklo_epi16(w[k], z), x);
        const __m256i lsb = _mm256_and_si256(_mm256_srai_epi32(m, 8), one);
        q[u][k] = _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(m, half_minus_one), lsb), 8);
      }
    }
  }
  const __m256i max = _mm256_set1_epi32(32767);
  const __m256i min = _mm256_set1_epi32(-32768);
  for (size_t u = 0; u < T; ++u)
    for (size_t k = 0; k < K; ++k)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(outputs[t + u] + 8 * k),
                          _mm256_max_epi32(_mm256_min_epi32(q[u][k], max), min));
}

template <size_t N>
__attribute__((target("avx2"))) void fp16bp8_fixed(const int32_t* const* store, const int32_t* const* inputs,
                                                   int32_t* const* outputs, size_t count) {
  constexpr size_t T = 8 / (N / 8);
  size_t t = 0;
  for (; t + T <= count; t += T) fp16bp8_group<N, T>(store, inputs, outputs, t);
  for (; t < count; ++t) fp16bp8_group<N, 1>(store, inputs, outputs, t);
}

__attribute__((target("avx2"))) void stream_fp16bp8_avx2(const int32_t* const* store, size_t n,
                                                         const int32_t* const* inputs, int32_t* const* outputs,
                                                         size_t count) {
  switch (n) {
    case 8:
      return fp16bp8_fixed<8>(store, inputs, outputs, count);
    case 16:
      return fp16bp8_fixed<16>(store, inputs, outputs, count);
    case 24:
      return fp16bp8_fixed<24>(store, inputs, outputs, count);
    case 32:
      return fp16bp8_fixed<32>(store, inputs, outputs, count);
    default:
      return stream<NarrowMac<16, 8>>(store, n, inputs, outputs, count);
  }
}
#endif

// One entry point per data type. On x86-64 each is also compiled for AVX2
// (32-bit multiplies and min/max in one instruction each), picked at load
// time when the processor has it; the arithmetic is identical. FP16BP8 on a
// processor with AVX2 takes stream_fp16bp8_avx2 instead.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACOSIM_FAST_ARRAY_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define ACOSIM_FAST_ARRAY_CLONES
#endif

using StreamFunction = void (*)(const int32_t* const*, size_t, const int32_t* const*, int32_t* const*, size_t);

ACOSIM_FAST_ARRAY_CLONES void stream_fp8bp4(const int32_t* const* store, size_t n,
                                            const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream_narrow<8, 4>(store, n, inputs, outputs, count);
}
ACOSIM_FAST_ARRAY_CLONES void stream_fp16bp8(const int32_t* const* store, size_t n,
                                             const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream_narrow<16, 8>(store, n, inputs, outputs, count);
}
ACOSIM_FAST_ARRAY_CLONES void stream_fp18bp10(const int32_t* const* store, size_t n,
                                              const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream<WideMac<18, 10>>(store, n, inputs, outputs, count);
}
ACOSIM_FAST_ARRAY_CLONES void stream_fp32bp16(const int32_t* const* store, size_t n,
                                              const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream<WideMac<32, 16>>(store, n, inputs, outputs, count);
}

StreamFunction stream_function(DataType type) {
  switch (type) {
    case DataType::FP8BP4:
      return stream_fp8bp4;
    case DataType::FP16BP8: {
#ifdef ACOSIM_FAST_ARRAY_AVX2
      static const StreamFunction fp16bp8 = __builtin_cpu_supports("avx2") ? stream_fp16bp8_avx2 : stream_fp16bp8;
      return fp16bp8;
#else
      return stream_fp16bp8;
#endif
    }
    case DataType::FP18BP10:
      return stream_fp18bp10;
    case DataType::FP32BP16:
      return stream_fp32bp16;
  }
  throw std::logic_error("fast array: unknown data type");
}

}  // namespace

std::vector<Vector> FastArray::run(const std::vector<Vector>& inputs) {
  std::vector<Vector> outputs;
  run_into(inputs, outputs);
  return outputs;
}

void FastArray::run_into(const std::vector<Vector>& inputs, std::vector<Vector>& outputs) {
  for (size_t t = 0; t < inputs.size(); ++t) check_lanes(inputs[t], "input vector", t);
  // Vectors already in `outputs` keep their storage; every lane is written.
  outputs.resize(inputs.size(), Vector(m_n));
  for (Vector& v : outputs) v.resize(m_n);
  m_input_rows.resize(inputs.size());
  m_output_rows.resize(inputs.size());
  for (size_t t = 0; t < inputs.size(); ++t) {
    m_input_rows[t] = inputs[t].data();
    m_output_rows[t] = outputs[t].data();
  }
  stream_function(m_type)(m_store.data(), m_n, m_input_rows.data(), m_output_rows.data(), inputs.size());
}

void FastArray::run_rows(const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream_function(m_type)(m_store.data(), m_n, inputs, outputs, count);
}

// A zero input vector leaves every chain at its bias: MAC(0, w, v) = v
// exactly (m = v*2^bp has no fraction), so the outputs are W[0]
// (MatMul with zeroes, as in Tensil's InnerSystolicArray.scala).
std::vector<Vector> FastArray::run_zeroes(size_t count) {
  const int32_t* bias = m_store[0];
  return std::vector<Vector>(count, Vector(bias, bias + m_n));
}

bool FastArray::clock(uint64_t cycle, const ArrayCommand& command, Vector& output) {
  switch (command.kind) {
    case ArrayCommand::Kind::Idle:
      break;
    case ArrayCommand::Kind::Load:
      if (command.zeroes) {
        load_zero_weights();
      } else {
        load_weights(*command.lanes);
      }
      break;
    case ArrayCommand::Kind::Run:
      if (command.zeroes) {
        m_clock_result = run_zeroes(1);
      } else {
        m_clock_input[0] = *command.lanes;
        run_into(m_clock_input, m_clock_result);
      }
      // Presented in cycle + D, i.e. returned by the call of cycle + D - 1.
      m_in_flight.emplace_back(cycle + 2 * m_n - 2, std::move(m_clock_result[0]));
      break;
  }
  if (!m_in_flight.empty() && m_in_flight.front().first <= cycle) {
    output = std::move(m_in_flight.front().second);
    m_in_flight.pop_front();
    return true;
  }
  return false;
}

}  // namespace acosim::tensil

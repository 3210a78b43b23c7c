#include "systemc/tensil/array/fast_array_engine.h"

#include <algorithm>
#include <stdexcept>
#include <string>

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

// One entry point per data type. On x86-64 each is also compiled for AVX2
// (32-bit multiplies and min/max in one instruction each), picked at load
// time when the processor has it; the arithmetic is identical.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACOSIM_FAST_ARRAY_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define ACOSIM_FAST_ARRAY_CLONES
#endif

using StreamFunction = void (*)(const int32_t* const*, size_t, const int32_t* const*, int32_t* const*, size_t);

ACOSIM_FAST_ARRAY_CLONES void stream_fp8bp4(const int32_t* const* store, size_t n,
                                            const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream<NarrowMac<8, 4>>(store, n, inputs, outputs, count);
}
ACOSIM_FAST_ARRAY_CLONES void stream_fp16bp8(const int32_t* const* store, size_t n,
                                             const int32_t* const* inputs, int32_t* const* outputs, size_t count) {
  stream<NarrowMac<16, 8>>(store, n, inputs, outputs, count);
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
    case DataType::FP16BP8:
      return stream_fp16bp8;
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

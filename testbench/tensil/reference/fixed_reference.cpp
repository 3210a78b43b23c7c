#include "testbench/tensil/reference/fixed_reference.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace acosim::tensil::reference {
namespace {

using Wide = __int128;

int64_t max_raw(FixedFormat f) { return (int64_t(1) << (f.width - 1)) - 1; }
int64_t min_raw(FixedFormat f) { return -(int64_t(1) << (f.width - 1)); }

Wide saturate_wide(Wide value, FixedFormat f) {
  return std::min<Wide>(std::max<Wide>(value, min_raw(f)), max_raw(f));
}

std::vector<int64_t> to_raw_all(const std::vector<double>& values, FixedFormat f) {
  std::vector<int64_t> raw;
  raw.reserve(values.size());
  for (double v : values) raw.push_back(to_raw(v, f));
  return raw;
}

class FixedRunner {
 public:
  FixedRunner(FixedFormat format, unsigned array_size) : m_f(format), m_n(array_size) {}

  std::vector<int64_t> layer(const SourceLayer& layer, const std::vector<int64_t>& in) const {
    switch (layer.kind) {
      case SourceLayer::Kind::Dense:
        return dense(layer, in);
      case SourceLayer::Kind::Conv2d:
        return conv2d(layer, in);
      case SourceLayer::Kind::MaxPool2d:
        return maxpool2d(layer, in);
    }
    throw std::logic_error("unknown layer kind");
  }

 private:
  // One pass through the array for one output lane: the bias (or zero)
  // then n sequential MACs; `x(r)` and `w(r)` give lane r's input and weight.
  template <typename X, typename W>
  int64_t pass(int64_t start, X x, W w) const {
    int64_t v = start;
    for (unsigned r = 0; r < m_n; ++r) v = mac(x(r), w(r), v, m_f);
    return v;
  }

  int64_t finish(const SourceLayer& layer, int64_t acc) const { return layer.relu ? std::max<int64_t>(acc, 0) : acc; }

  std::vector<int64_t> dense(const SourceLayer& layer, const std::vector<int64_t>& in) const {
    const uint64_t inputs = layer.dims[0], units = layer.dims[1];
    const std::vector<int64_t> w = to_raw_all(layer.weights, m_f), b = to_raw_all(layer.bias, m_f);
    const uint64_t positions = in.size() / inputs;
    const uint64_t tiles = (inputs + m_n - 1) / m_n;
    std::vector<int64_t> out;
    for (uint64_t p = 0; p < positions; ++p) {
      for (uint64_t o = 0; o < units; ++o) {
        int64_t acc = 0;
        for (uint64_t k = 0; k < tiles; ++k) {
          const int64_t start = (k == 0 && !b.empty()) ? b[o] : 0;
          const int64_t v = pass(
              start,
              [&](unsigned r) { return k * m_n + r < inputs ? in[p * inputs + k * m_n + r] : 0; },
              [&](unsigned r) { return k * m_n + r < inputs ? w[(k * m_n + r) * units + o] : 0; });
          acc = k == 0 ? v : plus(acc, v, m_f);
        }
        out.push_back(finish(layer, acc));
      }
    }
    return out;
  }

  std::vector<int64_t> conv2d(const SourceLayer& layer, const std::vector<int64_t>& in) const {
    const uint64_t kh = layer.dims[0], kw = layer.dims[1], channels = layer.dims[2], filters = layer.dims[3];
    const uint64_t width = layer.input_shape[1];
    const uint64_t out_height = layer.output_shape[0], out_width = layer.output_shape[1];
    const uint64_t tiles = (channels + m_n - 1) / m_n;
    const std::vector<int64_t> w = to_raw_all(layer.weights, m_f), b = to_raw_all(layer.bias, m_f);
    std::vector<int64_t> out;
    for (uint64_t oy = 0; oy < out_height; ++oy) {
      for (uint64_t ox = 0; ox < out_width; ++ox) {
        for (uint64_t o = 0; o < filters; ++o) {
          int64_t acc = 0;
          bool first = true;
          for (uint64_t dy = 0; dy < kh; ++dy) {
            for (uint64_t dx = 0; dx < kw; ++dx) {
              const uint64_t pixel = (oy + dy) * width + (ox + dx);
              for (uint64_t c = 0; c < tiles; ++c) {
                const int64_t start = (first && !b.empty()) ? b[o] : 0;
                auto channel = [&](unsigned r) { return c * m_n + r; };
                const int64_t v = pass(
                    start,
                    [&](unsigned r) { return channel(r) < channels ? in[pixel * channels + channel(r)] : 0; },
                    [&](unsigned r) {
                      return channel(r) < channels ? w[((dy * kw + dx) * channels + channel(r)) * filters + o] : 0;
                    });
                acc = first ? v : plus(acc, v, m_f);
                first = false;
              }
            }
          }
          out.push_back(finish(layer, acc));
        }
      }
    }
    return out;
  }

  std::vector<int64_t> maxpool2d(const SourceLayer& layer, const std::vector<int64_t>& in) const {
    const uint64_t width = layer.input_shape[1], channels = layer.input_shape[2];
    std::vector<int64_t> out;
    for (uint64_t oy = 0; oy < layer.output_shape[0]; ++oy) {
      for (uint64_t ox = 0; ox < layer.output_shape[1]; ++ox) {
        for (uint64_t c = 0; c < channels; ++c) {
          int64_t best = min_raw(m_f);
          for (uint64_t py = 0; py < layer.pool_height; ++py) {
            for (uint64_t px = 0; px < layer.pool_width; ++px) {
              const uint64_t y = oy * layer.stride_height + py, x = ox * layer.stride_width + px;
              best = std::max(best, in[(y * width + x) * channels + c]);
            }
          }
          out.push_back(best);
        }
      }
    }
    return out;
  }

  FixedFormat m_f;
  unsigned m_n;
};

}  // namespace

int64_t saturate(int64_t value, FixedFormat format) {
  return std::min(std::max(value, min_raw(format)), max_raw(format));
}

int64_t to_raw(double value, FixedFormat format) {
  if (std::isnan(value)) throw std::invalid_argument("NaN has no fixed-point value");
  const double scaled = std::floor(std::ldexp(value, int(format.binary_point)) + 0.5);
  if (scaled >= double(max_raw(format))) return max_raw(format);
  if (scaled <= double(min_raw(format))) return min_raw(format);
  return int64_t(scaled);
}

double to_value(int64_t raw, FixedFormat format) { return std::ldexp(double(raw), -int(format.binary_point)); }

int64_t mac(int64_t x, int64_t y, int64_t z, FixedFormat format) {
  const unsigned bp = format.binary_point;
  const Wide one = Wide(1) << bp;
  const Wide sum = Wide(x) * y + Wide(z) * one;
  // Floor division by 2^bp and the remainder in [0, 2^bp).
  Wide quotient = sum / one;
  Wide remainder = sum - quotient * one;
  if (remainder < 0) {
    quotient -= 1;
    remainder += one;
  }
  // Round half to even: above one half rounds up; exactly one half rounds
  // to the even quotient.
  const Wide half = one / 2;
  if (bp > 0 && (remainder > half || (remainder == half && (quotient & 1) != 0))) quotient += 1;
  return int64_t(saturate_wide(quotient, format));
}

int64_t plus(int64_t a, int64_t b, FixedFormat format) { return int64_t(saturate_wide(Wide(a) + b, format)); }

std::vector<int64_t> run_fixed(const SourceModel& model, const std::vector<double>& input, FixedFormat format,
                               unsigned array_size) {
  uint64_t expected = 1;
  for (uint64_t d : model.input_shape) expected *= d;
  if (input.size() != expected) throw std::invalid_argument("input has the wrong number of elements");
  std::vector<int64_t> values = to_raw_all(input, format);
  const FixedRunner runner(format, array_size);
  for (const SourceLayer& layer : model.layers) values = runner.layer(layer, values);
  return values;
}

}  // namespace acosim::tensil::reference

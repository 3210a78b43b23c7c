#include "testbench/tensil/reference/float_reference.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace acosim::tensil::reference {
namespace {

struct Tensor {
  std::vector<double> value, bound;
};

class FloatRunner {
 public:
  explicit FloatRunner(FixedFormat format) : m_f(format), m_half_lsb(std::ldexp(0.5, -int(format.binary_point))) {}

  Tensor layer(const SourceLayer& layer, const Tensor& in) const {
    switch (layer.kind) {
      case SourceLayer::Kind::Dense: {
        const uint64_t inputs = layer.dims[0], units = layer.dims[1];
        return weighted(layer, in, in.value.size() / inputs, units, [&](uint64_t p, uint64_t o, auto&& term) {
          for (uint64_t i = 0; i < inputs; ++i) term(p * inputs + i, i * units + o);
        });
      }
      case SourceLayer::Kind::Conv2d: {
        const uint64_t kh = layer.dims[0], kw = layer.dims[1], channels = layer.dims[2], filters = layer.dims[3];
        const uint64_t width = layer.input_shape[1], out_width = layer.output_shape[1];
        const uint64_t positions = layer.output_shape[0] * out_width;
        return weighted(layer, in, positions, filters, [&](uint64_t q, uint64_t o, auto&& term) {
          const uint64_t oy = q / out_width, ox = q % out_width;
          for (uint64_t dy = 0; dy < kh; ++dy)
            for (uint64_t dx = 0; dx < kw; ++dx)
              for (uint64_t c = 0; c < channels; ++c)
                term(((oy + dy) * width + ox + dx) * channels + c, ((dy * kw + dx) * channels + c) * filters + o);
        });
      }
      case SourceLayer::Kind::MaxPool2d:
        return maxpool2d(layer, in);
    }
    throw std::logic_error("unknown layer kind");
  }

 private:
  double quantized(double v) const { return to_value(to_raw(v, m_f), m_f); }

  // `terms(p, o, term)` calls term(input index, weight index) for every
  // product of output channel o at position p.
  template <typename Terms>
  Tensor weighted(const SourceLayer& layer, const Tensor& in, uint64_t positions, uint64_t outputs,
                  Terms terms) const {
    Tensor out;
    for (uint64_t p = 0; p < positions; ++p) {
      for (uint64_t o = 0; o < outputs; ++o) {
        double y = layer.bias.empty() ? 0.0 : layer.bias[o];
        double bound = layer.bias.empty() ? 0.0 : std::fabs(quantized(layer.bias[o]) - layer.bias[o]);
        terms(p, o, [&](uint64_t x_index, uint64_t w_index) {
          const double x = in.value[x_index], w = layer.weights[w_index], qw = quantized(w);
          y += x * w;
          bound += in.bound[x_index] * std::fabs(qw) + std::fabs(x) * std::fabs(qw - w);
          if (qw != 0.0) bound += m_half_lsb;
        });
        if (layer.relu) y = std::max(y, 0.0);
        out.value.push_back(y);
        out.bound.push_back(bound);
      }
    }
    return out;
  }

  Tensor maxpool2d(const SourceLayer& layer, const Tensor& in) const {
    const uint64_t width = layer.input_shape[1], channels = layer.input_shape[2];
    Tensor out;
    for (uint64_t oy = 0; oy < layer.output_shape[0]; ++oy) {
      for (uint64_t ox = 0; ox < layer.output_shape[1]; ++ox) {
        for (uint64_t c = 0; c < channels; ++c) {
          double best = -INFINITY, bound = 0.0;
          for (uint64_t py = 0; py < layer.pool_height; ++py) {
            for (uint64_t px = 0; px < layer.pool_width; ++px) {
              const uint64_t i =
                  ((oy * layer.stride_height + py) * width + ox * layer.stride_width + px) * channels + c;
              best = std::max(best, in.value[i]);
              bound = std::max(bound, in.bound[i]);
            }
          }
          out.value.push_back(best);
          out.bound.push_back(bound);
        }
      }
    }
    return out;
  }

  FixedFormat m_f;
  double m_half_lsb;
};

}  // namespace

FloatResult run_float(const SourceModel& model, const std::vector<double>& input, FixedFormat quantization) {
  uint64_t expected = 1;
  for (uint64_t d : model.input_shape) expected *= d;
  if (input.size() != expected) throw std::invalid_argument("input has the wrong number of elements");
  const FloatRunner runner(quantization);
  Tensor t;
  t.value = input;
  for (double x : input) t.bound.push_back(std::fabs(to_value(to_raw(x, quantization), quantization) - x));
  for (const SourceLayer& layer : model.layers) t = runner.layer(layer, t);
  return {t.value, t.bound};
}

}  // namespace acosim::tensil::reference

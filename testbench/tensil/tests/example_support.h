// Shared by the example model tests: where the example sources are, their
// deterministic inputs, and the mapping between a tensor's elements and
// the vectors of DRAM0 (one vector per n channels at every position, zero
// padded, as Tensil's compiler lays them out).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "testbench/tensil/reference/source_model.h"

namespace acosim::tensil::test {

inline std::string example_model_path(const std::string& model) {
  return std::string(ACOSIM_EXAMPLES_DIR) + "/models/" + model + ".json";
}
inline std::string example_arch_path(const std::string& arch) {
  return std::string(ACOSIM_EXAMPLES_DIR) + "/arch/" + arch + ".tarch";
}

// XOR gets the four cases of its truth table, one per row. Other models get
// values in [-1.54, 1.54] with a step of 1/13, mostly not multiples of
// 1/256, so the input conversion rounds.
inline std::vector<double> example_input(const std::string& model, const reference::SourceModel& source) {
  if (model == "xor") return {0, 0, 0, 1, 1, 0, 1, 1};
  uint64_t count = 1;
  for (uint64_t d : source.input_shape) count *= d;
  std::vector<double> values;
  for (uint64_t i = 0; i < count; ++i) values.push_back(double(int64_t((i * 37 + 11) % 41) - 20) / 13.0);
  return values;
}

inline uint64_t vectors_per_position(uint64_t channels, unsigned n) { return (channels + n - 1) / n; }

// Row-major elements (innermost dimension `channels`) to padded vectors.
inline std::vector<float> to_vectors(const std::vector<double>& elements, uint64_t channels, unsigned n) {
  const uint64_t positions = elements.size() / channels;
  const uint64_t lanes = vectors_per_position(channels, n) * n;
  std::vector<float> out(positions * lanes, 0.0f);
  for (uint64_t p = 0; p < positions; ++p) {
    for (uint64_t c = 0; c < channels; ++c) out[p * lanes + c] = float(elements[p * channels + c]);
  }
  return out;
}

// Index into the padded vectors of element (position, channel).
inline uint64_t lane_index(uint64_t position, uint64_t channel, uint64_t channels, unsigned n) {
  return position * vectors_per_position(channels, n) * n + channel;
}

}  // namespace acosim::tensil::test

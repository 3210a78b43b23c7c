// The reference models' own reading of a model source
// (examples/tensil/models/*.json, format in examples/tensil/README.md).
// Deliberately separate from tools/tensil/model_source: the references must
// not share code with what they check.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace acosim::tensil::reference {

struct SourceLayer {
  enum class Kind { Dense, Conv2d, MaxPool2d } kind = Kind::Dense;
  bool relu = false;
  // dense: {inputs, units}; conv2d: {kernel height, kernel width, input
  // channels, filters}; row-major in `weights`.
  std::vector<uint64_t> dims;
  std::vector<double> weights;
  std::vector<double> bias;  // empty: none
  uint64_t pool_height = 0, pool_width = 0, stride_height = 0, stride_width = 0;
  std::vector<uint64_t> input_shape, output_shape;
};

struct SourceModel {
  std::string input_name, output_name;
  std::vector<uint64_t> input_shape;
  std::vector<SourceLayer> layers;
  const std::vector<uint64_t>& output_shape() const { return layers.back().output_shape; }
};

// Throws std::runtime_error naming the path when the file cannot be read or
// does not have the expected structure.
SourceModel read_source_model(const std::string& path);

}  // namespace acosim::tensil::reference

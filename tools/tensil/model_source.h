// The readable model sources of the examples (examples/tensil/models/*.json,
// format in examples/tensil/README.md): reading and checking one into the
// layer list the compiler (tools/tensil/model_compiler.h) works from.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil {

using Shape = std::vector<uint64_t>;

enum class LayerType { Dense, Conv2d, MaxPool2d };
enum class Activation { None, Relu };

struct Layer {
  LayerType type = LayerType::Dense;
  std::string key;  // "layers[1]", for error messages
  Activation activation = Activation::None;
  // dense: {inputs, units}; conv2d: {kernel height, kernel width, input
  // channels, output channels}. `weights` holds them row-major.
  Shape weight_dims;
  std::vector<double> weights;
  std::vector<double> bias;  // empty: no bias
  // maxpool2d window and step.
  uint64_t pool_height = 0, pool_width = 0, stride_height = 0, stride_width = 0;
  Shape input_shape, output_shape;
};

struct ModelSource {
  std::string path;
  std::string input_name;
  Shape input_shape;
  std::string output_name;
  std::vector<Layer> layers;
};

// Reads the model source at `path` and checks every key against the format
// and the data type's range. Throws FormatError naming the file and the
// offending key.
ModelSource read_model_source(const std::string& path, const DataTypeInfo& type);

}  // namespace acosim::tensil

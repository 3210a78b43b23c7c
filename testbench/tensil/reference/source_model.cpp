#include "testbench/tensil/reference/source_model.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace acosim::tensil::reference {
namespace {

using json = nlohmann::json;

void flatten(const json& value, size_t depth, const std::vector<uint64_t>& dims, std::vector<double>& out) {
  if (!value.is_array() || value.size() != dims[depth]) throw std::runtime_error("tensor of the wrong shape");
  for (const json& element : value) {
    if (depth + 1 == dims.size()) {
      out.push_back(element.get<double>());
    } else {
      flatten(element, depth + 1, dims, out);
    }
  }
}

SourceLayer read_layer(const json& j, const std::vector<uint64_t>& input_shape) {
  SourceLayer layer;
  layer.input_shape = input_shape;
  const std::string type = j.at("type").get<std::string>();
  layer.relu = j.value("activation", std::string("none")) == "relu";
  if (type == "dense") {
    layer.kind = SourceLayer::Kind::Dense;
    const uint64_t units = j.at("units").get<uint64_t>();
    layer.dims = {input_shape.back(), units};
    flatten(j.at("weights"), 0, layer.dims, layer.weights);
    layer.output_shape = input_shape;
    layer.output_shape.back() = units;
  } else if (type == "conv2d") {
    layer.kind = SourceLayer::Kind::Conv2d;
    const auto size = j.at("kernel_size").get<std::vector<uint64_t>>();
    const uint64_t filters = j.at("filters").get<uint64_t>();
    layer.dims = {size.at(0), size.at(1), input_shape.at(2), filters};
    flatten(j.at("kernel"), 0, layer.dims, layer.weights);
    layer.output_shape = {input_shape[0] - size[0] + 1, input_shape[1] - size[1] + 1, filters};
  } else if (type == "maxpool2d") {
    layer.kind = SourceLayer::Kind::MaxPool2d;
    const auto pool = j.at("pool_size").get<std::vector<uint64_t>>();
    const auto strides = j.value("strides", pool);
    layer.pool_height = pool.at(0);
    layer.pool_width = pool.at(1);
    layer.stride_height = strides.at(0);
    layer.stride_width = strides.at(1);
    layer.output_shape = {(input_shape.at(0) - pool[0]) / strides[0] + 1,
                          (input_shape.at(1) - pool[1]) / strides[1] + 1, input_shape.at(2)};
  } else {
    throw std::runtime_error("unknown layer type " + type);
  }
  if (j.contains("bias")) flatten(j.at("bias"), 0, {layer.output_shape.back()}, layer.bias);
  return layer;
}

}  // namespace

SourceModel read_source_model(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error(path + ": cannot open");
  std::stringstream text;
  text << file.rdbuf();
  try {
    const json root = json::parse(text.str());
    SourceModel model;
    model.input_name = root.at("input").at("name").get<std::string>();
    model.input_shape = root.at("input").at("shape").get<std::vector<uint64_t>>();
    model.output_name = root.at("output").get<std::string>();
    std::vector<uint64_t> shape = model.input_shape;
    for (const json& layer : root.at("layers")) {
      model.layers.push_back(read_layer(layer, shape));
      shape = model.layers.back().output_shape;
    }
    if (model.layers.empty()) throw std::runtime_error("no layers");
    return model;
  } catch (const std::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace acosim::tensil::reference

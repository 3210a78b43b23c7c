#include "tools/tensil/model_source.h"

#include <utility>

#include <nlohmann/json.hpp>

#include "sw/tensil/model.h"

namespace acosim::tensil {
namespace {

using json = nlohmann::json;

std::string shape_text(const Shape& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

// each error.
class SourceReader {
 public:
  SourceReader(std::string path, const DataTypeInfo& type) : m_path(std::move(path)), m_type(type) {}

  ModelSource read() {
    const std::vector<uint8_t> bytes = read_file(m_path);
    json root;
    try {
      root = json::parse(bytes.begin(), bytes.end());
    } catch (const json::parse_error& e) {
      fail("", std::string("not valid JSON: ") + e.what());
    }
    if (!root.is_object()) fail("", "the model source must be a JSON object");
    allow_keys(root, "", {"description", "input", "output", "layers"});

    ModelSource source;
    source.path = m_path;
    const json& input = member(root, "", "input");
    if (!input.is_object()) fail("input", "must be an object with \"name\" and \"shape\"");
    allow_keys(input, "input", {"name", "shape"});
    source.input_name = name(member(input, "input", "name"), "input.name");
    source.input_shape = shape(member(input, "input", "shape"), "input.shape");
    source.output_name = name(member(root, "", "output"), "output");
    if (source.output_name == source.input_name) fail("output", "must differ from the input's name");

    const json& layers = member(root, "", "layers");
    if (!layers.is_array() || layers.empty()) fail("layers", "must be a non-empty array of layers");
    Shape current = source.input_shape;
    for (size_t i = 0; i < layers.size(); ++i) {
      Layer layer = read_layer(layers[i], "layers[" + std::to_string(i) + "]", current);
      current = layer.output_shape;
      source.layers.push_back(std::move(layer));
    }
    return source;
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& message) const {
    throw FormatError(m_path + ": " + (key.empty() ? "" : key + ": ") + message);
  }

  static std::string join(const std::string& parent, const std::string& key) {
    return parent.empty() ? key : parent + "." + key;
  }

  const json& member(const json& object, const std::string& parent, const char* key) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(join(parent, key), "missing");
    return *it;
  }

  void allow_keys(const json& object, const std::string& where, std::initializer_list<const char*> keys) const {
    for (auto it = object.begin(); it != object.end(); ++it) {
      bool known = false;
      for (const char* k : keys) known = known || it.key() == k;
      if (!known) fail(join(where, it.key()), "unknown key");
    }
  }

  std::string name(const json& value, const std::string& key) const {
    if (!value.is_string() || value.get<std::string>().empty()) fail(key, "must be a non-empty string");
    return value.get<std::string>();
  }

  uint64_t positive(const json& value, const std::string& key) const {
    if (!value.is_number_integer() || value.get<int64_t>() < 1) fail(key, "must be a positive integer");
    return value.get<uint64_t>();
  }

  Shape shape(const json& value, const std::string& key) const {
    if (!value.is_array() || value.empty()) fail(key, "must be a non-empty array of positive integers");
    Shape s;
    for (size_t i = 0; i < value.size(); ++i) s.push_back(positive(value[i], key + "[" + std::to_string(i) + "]"));
    return s;
  }

  // A constant must be representable: the compiler's rounding (Tensil's
  // FixedBase.scala) must land inside the raw range instead of relying on saturation.
  double constant(const json& value, const std::string& key) const {
    if (!value.is_number()) fail(key, "must be a number");
    const double v = value.get<double>();
    const double scaled = std::floor(v * std::ldexp(1.0, int(m_type.binary_point)) + 0.5);
    const double limit = std::ldexp(1.0, int(m_type.width) - 1);
    if (!std::isfinite(v) || scaled < -limit || scaled > limit - 1) {
      std::ostringstream s;
      s << v << " is outside the range of " << m_type.name << " ["
        << -limit / std::ldexp(1.0, int(m_type.binary_point)) << ", "
        << (limit - 1) / std::ldexp(1.0, int(m_type.binary_point)) << "]";
      fail(key, s.str());
    }
    return v;
  }

  // Reads a nested array of numbers of exactly `dims`, row-major.
  void tensor(const json& value, const std::string& key, const Shape& dims, size_t depth,
              std::vector<double>& out) const {
    if (!value.is_array() || value.size() != dims[depth]) {
      fail(key, "must be an array of " + std::to_string(dims[depth]) + " " +
                    (depth + 1 == dims.size() ? "numbers" : "arrays") + " (expected shape " + shape_text(dims) +
                    ")");
    }
    for (size_t i = 0; i < value.size(); ++i) {
      const std::string element = key + "[" + std::to_string(i) + "]";
      if (depth + 1 == dims.size()) {
        out.push_back(constant(value[i], element));
      } else {
        tensor(value[i], element, dims, depth + 1, out);
      }
    }
  }

  Activation activation(const json& layer, const std::string& key) const {
    const auto it = layer.find("activation");
    if (it == layer.end()) return Activation::None;
    if (it->is_string() && *it == "relu") return Activation::Relu;
    if (it->is_string() && *it == "none") return Activation::None;
    fail(key + ".activation", "must be \"relu\" or \"none\"");
  }

  std::vector<double> bias(const json& layer, const std::string& key, uint64_t units) const {
    const auto it = layer.find("bias");
    std::vector<double> values;
    if (it != layer.end()) tensor(*it, key + ".bias", {units}, 0, values);
    return values;
  }

  Layer read_layer(const json& value, const std::string& key, const Shape& input_shape) const {
    if (!value.is_object()) fail(key, "must be an object");
    Layer layer;
    layer.key = key;
    layer.input_shape = input_shape;
    const std::string type = name(member(value, key, "type"), key + ".type");
    if (type == "dense") {
      allow_keys(value, key, {"type", "name", "units", "weights", "bias", "activation"});
      layer.type = LayerType::Dense;
      const uint64_t units = positive(member(value, key, "units"), key + ".units");
      layer.weight_dims = {input_shape.back(), units};
      tensor(member(value, key, "weights"), key + ".weights", layer.weight_dims, 0, layer.weights);
      layer.bias = bias(value, key, units);
      layer.activation = activation(value, key);
      layer.output_shape = input_shape;
      layer.output_shape.back() = units;
    } else if (type == "conv2d") {
      allow_keys(value, key, {"type", "name", "filters", "kernel_size", "kernel", "bias", "activation"});
      layer.type = LayerType::Conv2d;
      if (input_shape.size() != 3) {
        fail(key, "conv2d needs an input of shape [height, width, channels], got " + shape_text(input_shape));
      }
      const Shape size = shape(member(value, key, "kernel_size"), key + ".kernel_size");
      if (size.size() != 2) fail(key + ".kernel_size", "must be [height, width]");
      if (size[0] > input_shape[0] || size[1] > input_shape[1]) {
        fail(key + ".kernel_size", "is larger than the input " + shape_text(input_shape) + " (valid padding)");
      }
      const uint64_t filters = positive(member(value, key, "filters"), key + ".filters");
      layer.weight_dims = {size[0], size[1], input_shape[2], filters};
      tensor(member(value, key, "kernel"), key + ".kernel", layer.weight_dims, 0, layer.weights);
      layer.bias = bias(value, key, filters);
      layer.activation = activation(value, key);
      layer.output_shape = {input_shape[0] - size[0] + 1, input_shape[1] - size[1] + 1, filters};
    } else if (type == "maxpool2d") {
      allow_keys(value, key, {"type", "name", "pool_size", "strides"});
      layer.type = LayerType::MaxPool2d;
      if (input_shape.size() != 3) {
        fail(key, "maxpool2d needs an input of shape [height, width, channels], got " + shape_text(input_shape));
      }
      const Shape pool = shape(member(value, key, "pool_size"), key + ".pool_size");
      if (pool.size() != 2) fail(key + ".pool_size", "must be [height, width]");
      Shape strides = pool;
      if (value.contains("strides")) strides = shape(value["strides"], key + ".strides");
      if (strides.size() != 2) fail(key + ".strides", "must be [height, width]");
      if (pool[0] > input_shape[0] || pool[1] > input_shape[1]) {
        fail(key + ".pool_size", "is larger than the input " + shape_text(input_shape));
      }
      layer.pool_height = pool[0];
      layer.pool_width = pool[1];
      layer.stride_height = strides[0];
      layer.stride_width = strides[1];
      layer.output_shape = {(input_shape[0] - pool[0]) / strides[0] + 1, (input_shape[1] - pool[1]) / strides[1] + 1,
                            input_shape[2]};
    } else {
      fail(key + ".type", "unknown layer type '" + type + "' (dense, conv2d, maxpool2d)");
    }
    if (value.contains("name")) name(value["name"], key + ".name");
    return layer;
  }

  std::string m_path;
  const DataTypeInfo& m_type;
};

}  // namespace

ModelSource read_model_source(const std::string& path, const DataTypeInfo& type) {
  return SourceReader(path, type).read();
}

}  // namespace acosim::tensil

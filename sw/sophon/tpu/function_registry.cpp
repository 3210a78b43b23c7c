#include "sw/sophon/tpu/function_registry.h"

#include <map>

namespace acosim::sophon {

namespace {

// A function-local static: registration runs from other objects' static
// constructors, in an order the linker chooses.
std::map<std::string, DeviceFunction>& table() {
  static std::map<std::string, DeviceFunction> functions;
  return functions;
}

}  // namespace

void register_device_function(const std::string& name, DeviceFunction function) {
  table()[name] = function;
}

void unregister_device_function(const std::string& name) { table().erase(name); }

DeviceFunction find_device_function(const std::string& name) {
  const auto it = table().find(name);
  return it == table().end() ? nullptr : it->second;
}

std::vector<std::string> device_function_names() {
  std::vector<std::string> names;
  for (const auto& entry : table()) names.push_back(entry.first);
  return names;
}

}  // namespace acosim::sophon

#include "sw/sophon/tpu/function_registry.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace acosim::sophon {

namespace {

// Function-local statics: registration runs from other objects' static
// constructors, in an order the linker chooses.
std::map<std::string, std::vector<DeviceFunction>>& table() {
  static std::map<std::string, std::vector<DeviceFunction>> functions;
  return functions;
}
std::vector<Registration>*& log() {
  static std::vector<Registration>* current = nullptr;
  return current;
}

}  // namespace

void register_device_function(const std::string& name, DeviceFunction function) {
  table()[name].push_back(function);
  if (log() != nullptr) log()->emplace_back(name, function);
}

void unregister_device_function(const std::string& name, DeviceFunction function) {
  const auto it = table().find(name);
  if (it == table().end()) return;
  auto& stack = it->second;
  const auto last = std::find(stack.rbegin(), stack.rend(), function);
  if (last != stack.rend()) stack.erase(std::next(last).base());
  if (stack.empty()) table().erase(it);
}

DeviceFunction find_device_function(const std::string& name) {
  const auto it = table().find(name);
  return it == table().end() ? nullptr : it->second.back();
}

std::vector<std::string> device_function_names() {
  std::vector<std::string> names;
  for (const auto& entry : table()) names.push_back(entry.first);
  return names;
}

void print_device_functions() {
  for (const auto& name : device_function_names()) std::printf("%s\n", name.c_str());
}

void record_registrations(std::vector<Registration>* registrations) { log() = registrations; }

}  // namespace acosim::sophon

#include "testbench/nvdla/firmware/layer_task.h"

#include <algorithm>
#include <stdexcept>

namespace acosim::nvdla::firmware {

TaskRequest layer_request(const LayerDescription& description, Config config) {
  TaskRequest request;
  request.system.config = config;
  for (const MemoryLoad& load : description.inputs) {
    // A surface file holds one record per line; consecutive records form
    // one image, so the memory is written in a few large pieces.
    for (const auto& chunk : load.chunks) {
      const uint64_t address = load.address + chunk.offset;
      MemoryImage* last = request.load.empty() ? nullptr : &request.load.back();
      if (last && last->memory == load.type && last->address + last->bytes.size() == address) {
        last->bytes.insert(last->bytes.end(), chunk.bytes.begin(), chunk.bytes.end());
      } else if (!chunk.bytes.empty()) {
        request.load.push_back({load.type, address, chunk.bytes});
      }
    }
  }
  request.operations = description.operations;
  for (const MemoryCheck& check : description.checks) {
    request.read_back.push_back({check.type, check.address, check.size});
  }
  return request;
}

std::vector<CheckResult> layer_checks(const LayerDescription& description, const TaskResult& result) {
  if (result.read_back.size() != description.checks.size()) {
    throw std::logic_error("layer_checks: the task read back " + std::to_string(result.read_back.size()) +
                           " regions for " + std::to_string(description.checks.size()) + " checks");
  }
  std::vector<CheckResult> out;
  for (size_t i = 0; i < description.checks.size(); ++i) {
    out.push_back(check_region(description.checks[i], result.read_back[i].bytes));
  }
  return out;
}

}  // namespace acosim::nvdla::firmware

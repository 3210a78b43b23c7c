// A layer description (layer_json.h) as one firmware task on the
// co-simulation (run_task.h): its inputs become the memory loaded before
// the task, its checks the regions read back after it.
#pragma once

#include <vector>

#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/firmware/layer_json.h"
#include "testbench/nvdla/firmware/run_task.h"

namespace acosim::nvdla::firmware {

// Contiguous chunks of an input are merged into one image.
TaskRequest layer_request(const LayerDescription& description, Config config);

// The description's checks on what the task left in memory (the request's
// read-back regions, in check order).
std::vector<CheckResult> layer_checks(const LayerDescription& description, const TaskResult& result);

}  // namespace acosim::nvdla::firmware

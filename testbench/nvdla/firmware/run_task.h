// One NVDLA firmware task on the co-simulation, in one call: elaborates the
// system of a configuration, loads the input data, builds the task from
// layer descriptions in simulated memory (sw/nvdla/firmware/task_builder.h),
// runs NVDLA's firmware on it as the kernel driver does
// (sw/nvdla/firmware/engine.h) and returns what happened: every register
// access, the interrupts, the firmware's log, the simulated time, the
// requested memory regions, and the state the units were left in. SystemC
// cannot restart its kernel: one call per process.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sw/nvdla/firmware/engine.h"
#include "sw/nvdla/firmware/layer.h"
#include "sw/nvdla/firmware/port.h"
#include "sw/nvdla/firmware/task_builder.h"
#include "testbench/nvdla/system.h"

namespace acosim::nvdla::firmware {

// Bytes at an address of one memory: data to load before the task, or a
// region to read after it.
struct MemoryImage {
  MemoryType memory = MemoryType::Mc;
  uint64_t address = 0;
  std::vector<uint8_t> bytes;
};

struct MemoryRegion {
  MemoryType memory = MemoryType::Mc;
  uint64_t address = 0;
  uint64_t bytes = 0;
};

struct TaskRequest {
  SystemOptions system;  // configuration, waves, CSB options
  std::vector<MemoryImage> load;
  std::vector<Operation> operations;
  uint64_t descriptor_base = uint64_t{0xF0} << 24;  // MC address of the task's descriptors
  RunOptions run;
  std::vector<MemoryRegion> read_back;
};

// A register access to a CSB window no modelled unit answers.
struct UnmappedAccess {
  RegisterAccess access;
  std::string window;  // the NVDLA unit of that window ("BDMA", "CDMA", ...) or "none"
};

struct UnitState {
  std::string name;  // "PDP S_STATUS", "BDMA STATUS", ...
  uint32_t value = 0;
  bool idle = false;  // both register groups idle (OP_EN 0 in both)
};

struct TaskResult {
  Task task;
  TaskRun run;                            // interrupts, simulated start and end of the task
  std::vector<RegisterAccess> registers;  // every access the firmware made, in order
  std::vector<LogLine> log;               // what the firmware said
  std::vector<MemoryImage> read_back;     // TaskRequest::read_back, in order
  std::vector<UnmappedAccess> unmapped;   // accesses no modelled unit answered
  uint32_t glb_intr_status_after = 0;     // GLB S_INTR_STATUS after the task
  std::vector<UnitState> units_after;     // every modelled unit's status after the task
  double simulated_ns = 0;                // whole simulation
};

// Runs the request. Errors come back as exceptions: TaskError (a layer the
// builder refuses, before anything runs), FirmwareError (an entry point
// returned an error), FirmwareTimeout, or core::SimulationError (a model
// reported illegal programming or an unmapped access, ...).
TaskResult run_task(const TaskRequest& request);

// One line per register access, "W 0x0000d008 0x00000001 PDP" (for logs
// and failure messages).
std::string describe(const HardwareConfig& config, const RegisterAccess& access);

}  // namespace acosim::nvdla::firmware

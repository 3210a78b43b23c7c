// Builds a task for NVDLA's firmware in simulated memory, as the NVDLA
// compiler and runtime (nvdla/sw umd) lay it out and the firmware's
// scheduler (kmd/firmware/scheduler.c) reads it: the network descriptor, the
// operation and surface descriptor lists (one dla_operation_container and
// one dla_surface_container per operation), the dependency graph (one
// dla_common_op_desc per operation: consumers, fused parent, dependency
// count) and the address list (entry 0: the network descriptor; then the
// three lists; then one entry per data buffer; last, when a layer has a
// LUT, the network's LUT list of dla_lut_param). The layouts are
// dla_interface.h's own structs. Layers are checked before anything is
// written: a layer that cannot be described gets a TaskError naming it.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/firmware/layer.h"
#include "sw/nvdla/firmware/port.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla::firmware {

// dla_interface.h DLA_OP_*.
enum class OpType : uint8_t { Bdma = 0, Conv = 1, Sdp = 2, Pdp = 3, Cdp = 4, Rubik = 5 };
const char* op_type_name(OpType type);  // "BDMA", "CONV", "SDP", "PDP", "CDP", "RUBIK"

// A layer the builder cannot describe to the firmware (bad address,
// impossible dimensions, ...): "layer 2 (PdpLayer): src_data.width is 0".
class TaskError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The address range [begin, end) each memory serves, for address checks
// (the co-simulation's defaults). CV is ignored where the configuration has
// no CV-SRAM.
struct MemoryLimits {
  uint64_t mc_begin = 0;
  uint64_t mc_end = uint64_t{1} << 40;
  uint64_t cv_begin = 0;
  uint64_t cv_end = uint64_t{1} << 40;
};

struct TaskOperation {
  OpType type;
  int16_t index;  // dla_common_op_desc.index
  size_t layer;   // the Operation it comes from
};

struct Task {
  AddressList address_list;  // the firmware's task_data
  std::vector<TaskOperation> operations;
  uint64_t descriptor_base = 0;  // the descriptors occupy MC [descriptor_base, descriptor_end)
  uint64_t descriptor_end = 0;
};

// Writes the descriptors of `operations` to MC memory from
// `descriptor_base` (256-byte aligned) on and returns the task. The data
// buffers the layers name must not overlap the descriptors.
Task build_task(hal::Hal& hal, const HardwareConfig& config, const std::vector<Operation>& operations,
                uint64_t descriptor_base, const MemoryLimits& limits = {});

// The bytes a cube occupies from its address: the last surface's last line
// ends at (surfaces - 1) * surf_stride + (height - 1) * line_stride +
// width * atom, with surfaces = ceil(channel * element bytes / atom).
uint64_t cube_extent(const DataCube& cube, uint32_t atom_bytes, uint32_t element_bytes);

}  // namespace acosim::nvdla::firmware

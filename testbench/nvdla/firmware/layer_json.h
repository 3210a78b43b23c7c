// Layer descriptions as JSON files: the firmware layers of
// sw/nvdla/firmware/layer.h, the data placed in memory before the task runs
// and the checks of the result. Keys are the field names of NVDLA's
// firmware interface (nvdla/sw kmd/firmware/include/dla_interface.h); a data
// cube holds a physical `address` in the memory its `type` names instead of
// the firmware's address-list index and offset.
//
//   {
//     "layers": [
//       {"op": "pdp",                       // "bdma", "pdp", "sdp", "sdp_pdp", "cdp", "conv" or "rubik"
//        "after_previous": true,            // optional (default true)
//        "pdp_op": {"pool_mode": "POOL_MODE_MAX", "pool_width": "POOL_SIZE_2",
//                   "stride_x": 2, ..., "padding_value": [0, 0, 0, 0, 0, 0, 0]},
//        "pdp_surface": {
//          "src_data": {"type": "DLA_MEM_MC", "address": "0x80000000",
//                       "width": 4, "height": 4, "channel": 8,
//                       "line_stride": 32, "surf_stride": 128},
//          "dst_data": {...}}}],
//     "inputs": [{"type": "DLA_MEM_MC", "address": "0x80000000",
//                 "file": "input.dat", "format": "surface"}],
//     "checks": [{"type": "DLA_MEM_MC", "address": "0x80100000",
//                 "size": 4096, "crc32": "0x33d91a71"}]
//   }
//
// "bdma" layers hold "bdma_surface": {"source_type", "destination_type",
// "transfers": [dla_bdma_transfer_desc, with physical source_address and
// destination_address]}. "sdp_pdp" layers hold "sdp_op" (dla_sdp_op_desc,
// with "lut": the dla_lut_param of the layer's LUT, whose lut_index the task
// builder assigns; "lut_index" may only be -1, for none), "sdp_surface"
// (src_data, x1_data, x2_data, y_data),
// "pdp_op" and "pdp_surface": {"dst_data"}: SDP streams to PDP on the fly.
// "sdp" layers hold "sdp_op" and "sdp_surface" (src_data, x1_data, x2_data,
// y_data and dst_data, as dla_sdp_surface_desc): SDP alone, memory to
// memory. An operand cube is needed only for a stage that reads its
// operands from memory (mode SDP_OP_PER_KERNEL or SDP_OP_PER_POINT).
// "cdp" layers hold "cdp_op" (dla_cdp_op_desc, with "lut" as for sdp_op)
// and "cdp_surface" (src_data, dst_data): local response normalisation,
// memory to memory. "conv" layers hold "conv_op" (dla_conv_op_desc),
// "conv_surface" (weight_data, src_data, dst_data as DLA_MEM_HW, offset_u,
// in_line_uv_stride: dla_conv_surface_desc without the compressed-weight
// cubes), "sdp_op" and "sdp_surface" (src_data as DLA_MEM_HW, x1_data,
// x2_data, y_data, dst_data): a convolution whose output SDP takes on the
// fly and writes to memory. "rubik" layers (nv_full) hold "rubik_op"
// (dla_rubik_op_desc: "mode" RUBIK_MODE_CONTRACT, _SPLIT or _MERGE,
// "precision", "stride_x", "stride_y") and "rubik_surface" (src_data,
// dst_data, whose "plane_stride" the split output and merge input use).
//
// Numbers are JSON integers or strings ("0x80000000", "-3"). Enumerations
// take the interface's macro names (DLA_MEM_MC, PRECISION_INT16,
// POOL_MODE_AVG, POOL_SIZE_3, SDP_OP_BOTH, SDP_ALU_OP_SUM, SDP_OP_PER_LAYER,
// ACTIVATION_RELU, CONV_MODE_DIRECT, LUT_METHOD_LINEAR, LUT_PRI_LINEAR_ONLY,
// RUBIK_MODE_SPLIT)
// or their numeric values. A "lut" needs both tables ("linear_exp_table":
// 65 entries, "linear_only_table": 257); its slopes are {"scale",
// "shifter"} (dla_slope's data_i; FP16 data_f is "scale"'s bits). Omitted
// descriptor fields keep layer.h's defaults; a cube's width, height and
// channel, and its address unless it is DLA_MEM_HW, are required.
//
// An input is "file" (relative to the JSON file) in "format" "raw" (the
// file's bytes at `address`), "surface" (a trace payload file of
// {offset, size, payload} records, each at address + offset) or "dump"
// (32 bytes per line, the nvdlav1 traces' .dat; needs "size"), or inline
// "bytes": [0, 1, ...], or "fill": a byte value repeated "size" times (as
// a trace's mem_init). Inputs are written in list order. A check compares [address, address + size) of its
// memory with "crc32" (zlib's CRC-32, as the traces' check_crc) or with the
// expected bytes of a "file" ("raw" or "dump") or of inline "bytes".
//
// Every problem is a LayerJsonError "FILE: KEY: cause", KEY the path of the
// offending value ("layers[0].pdp_op.pool_width"). Unknown keys are errors,
// so a misspelt field never silently keeps its default.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/firmware/layer.h"
#include "testbench/nvdla/trace/surface_file.h"

namespace acosim::nvdla::firmware {

struct LayerJsonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bytes written to memory before the task runs (chunks at address + offset).
struct MemoryLoad {
  MemoryType type = MemoryType::Mc;
  uint64_t address = 0;
  std::vector<trace::PayloadChunk> chunks;
  std::string file;    // as written in the JSON; empty for inline bytes and fills
  std::string format;  // "raw", "surface", "dump"; empty for inline bytes and fills
  bool fill = false;   // one repeated byte (chunks hold the filled bytes)
  uint64_t bytes() const;
};

// A check of [address, address + size) after the task: its CRC-32, or the
// bytes themselves.
struct MemoryCheck {
  MemoryType type = MemoryType::Mc;
  uint64_t address = 0;
  uint64_t size = 0;
  std::optional<uint32_t> crc32;
  std::vector<uint8_t> expected;  // when there is no crc32: `size` bytes
  std::string file;               // as written in the JSON, for expected bytes from a file
  std::string format;
};

struct LayerDescription {
  std::string path;  // the JSON file (errors, relative data files)
  std::vector<Operation> operations;
  std::vector<MemoryLoad> inputs;
  std::vector<MemoryCheck> checks;
};

// `path` names the text in errors and locates its data files.
LayerDescription parse_layer_json(const std::string& text, const std::string& path);
LayerDescription read_layer_json(const std::string& path);

// The JSON text of a description (enumerations by name, addresses in hex).
// Inputs and checks that came from files refer to the same file names;
// others are written inline.
std::string layer_to_json(const LayerDescription& description);

const char* memory_type_name(MemoryType type);  // "DLA_MEM_MC", ...

void load_inputs(hal::Hal& hal, const std::vector<MemoryLoad>& inputs);

struct CheckResult {
  std::string what;  // "crc32 DLA_MEM_MC [0x80100000, +0x1000)"
  bool passed = false;
  std::string detail;  // "0x33d91a71" or "expected 0x..., got 0x..." / first differing byte
};
// `got`: the check's region as read after the run (check.size bytes).
CheckResult check_region(const MemoryCheck& check, const std::vector<uint8_t>& got);
// Reads each region through the HAL after the run.
std::vector<CheckResult> run_checks(hal::Hal& hal, const std::vector<MemoryCheck>& checks);

}  // namespace acosim::nvdla::firmware

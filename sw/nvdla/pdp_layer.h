// Planning of one NVDLA pooling layer: every PDP_RDMA and PDP register value
// NVDLA's firmware writes for it (nvdla/sw kmd/firmware/pdp.c
// processor_pdp_program), in the firmware's order, with the working mode and
// split widths the NVDLA compiler would have put into the operation
// descriptor (nvdla/sw umd/core/src/compiler/engine-ast/PDPNode.cpp:
// calculateMaxWidth, fuseOnTheFlyNodes, splitNodes, pdpHWSplitWidth,
// adjustBRPadding). Pure computation: no register access.
#pragma once

#include <cstdint>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

// A feature cube in memory (layout of nvdla/doc doc/hw/format.rst: atoms of
// one (w,h) position and one group of channels; lines, then surfaces).
struct FeatureBuffer {
  hal::MemoryPort memory = hal::MemoryPort::Primary;  // Primary = MC (DRAM), Secondary = CV (CVSRAM)
  uint64_t address = 0;                               // byte address of atom (0,0,surface 0)
  uint32_t line_stride = 0;                           // bytes between lines
  uint32_t surface_stride = 0;                        // bytes between surfaces
};

// PDP D_OPERATION_MODE_CFG.POOLING_METHOD.
enum class PoolingMethod : uint8_t { Average = 0, Max = 1, Min = 2 };

struct PoolingLayer {
  uint32_t width = 1, height = 1, channels = 1;  // input cube W, H, C
  Precision precision = Precision::Int8;
  FeatureBuffer source;       // read by PDP_RDMA (offline modes only)
  FeatureBuffer destination;  // written by PDP
  PoolingMethod method = PoolingMethod::Max;
  uint32_t kernel_width = 1, kernel_height = 1;
  uint32_t stride_width = 1, stride_height = 1;
  uint32_t pad_left = 0, pad_top = 0, pad_right = 0, pad_bottom = 0;
  int32_t pad_value = 0;       // value of one padded element (average pooling)
  bool source_is_sdp = false;  // the input is SDP's output: PDP may take it on the fly
};

enum class PdpMode : uint8_t {
  OnTheFly,      // FLYING_MODE = ON_FLYING: input streamed from SDP, PDP_RDMA idle
  Offline,       // OFF_FLYING, SPLIT_NUM = 0: PDP_RDMA reads the whole cube
  OfflineSplit,  // OFF_FLYING, SPLIT_NUM > 0: PDP_RDMA reads vertical stripes
};
const char* pdp_mode_name(PdpMode mode);  // "on-the-fly", "offline", "offline split-width"

// Stripe widths of the split-width mode, decoded (register field + 1), as
// the compiler computes them; all zero when not split.
struct PdpSplit {
  uint32_t count = 1;  // number of stripes (SPLIT_NUM + 1)
  uint32_t first_in = 0, mid_in = 0, last_in = 0;
  uint32_t first_out = 0, mid_out = 0, last_out = 0;
  int32_t overlap = 0;  // kernel_width - stride_width: columns re-read by the next stripe (may be negative)
};

// One register write: `offset` is relative to the unit's register window.
struct RegisterWrite {
  Unit unit;
  uint32_t offset;
  uint32_t value;
  bool operator==(const RegisterWrite& other) const {
    return unit == other.unit && offset == other.offset && value == other.value;
  }
};

struct PdpProgram {
  PdpMode mode = PdpMode::Offline;
  // Dimensions as programmed: the input may lose columns/rows no window
  // reaches, the right/bottom padding is the one the windows really use.
  uint32_t input_width = 0, input_height = 0, channels = 0;
  uint32_t output_width = 0, output_height = 0;
  uint32_t pad_right = 0, pad_bottom = 0;
  uint32_t max_flying_width = 0;  // widest output line PDP's line buffer holds
  PdpSplit split;
  // The D-group registers of processor_pdp_program, in its order: the
  // PDP_RDMA block (offline modes only), then PDP. S_POINTER, D_OP_ENABLE and
  // GLB accesses are the driver's.
  std::vector<RegisterWrite> writes;
};

// calculateMaxWidth: PDP's 7 KiB line buffer holds a number of overlapping
// output lines that depends on ceil(kernel_height / stride_height); the
// widest output line is what is left per line at 14 bits (int8) or 28 bits
// (int16, fp16) per element and atomic-K (int8) or atomic-K/2 elements.
uint32_t pdp_max_flying_width(const HardwareConfig& config, Precision precision, uint32_t kernel_height,
                              uint32_t stride_height);

// Reciprocal of a kernel size 1..8 for D_RECIP_KERNEL_WIDTH/HEIGHT (firmware
// table in kmd/firmware/pdp.c): floor(65536/K) for int8/int16, the FP17
// encoding of 1/K for fp16.
uint32_t pdp_kernel_reciprocal(Precision precision, uint32_t kernel);

// D_POOLING_PADDING_VALUE_<n>_CFG.PAD_VALUE_<n>X for n = 1..7: n * pad_value
// as a 19-bit two's-complement field.
uint32_t pdp_padding_value_field(int32_t pad_value, unsigned n);

// Output size, mode, split and every register value of the layer.
// std::invalid_argument naming the parameter and the rule for a layer the
// hardware cannot run.
PdpProgram plan_pdp_layer(const PoolingLayer& layer, const HardwareConfig& config);

}  // namespace acosim::nvdla

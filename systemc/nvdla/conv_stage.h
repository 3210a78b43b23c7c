// The interfaces between the units of NVDLA's convolution pipeline
// (CDMA -> CBUF -> CSC -> CMAC_A/B -> CACC -> SDP). Functionally the
// pipeline computes one layer at a time (conv_datapath.h): CACC, asked by
// SDP for its input, waits until every unit before it has its consumer
// group enabled, gathers their registers, lets CDMA read memory, and hands
// the accumulated result to SDP; then each unit ends its layer.
#pragma once

#include <cstdint>

#include <systemc>

#include "systemc/nvdla/conv_datapath.h"

namespace acosim::nvdla {

class ConvStage : public virtual sc_core::sc_interface {
 public:
  // Blocks until OP_EN of the unit's consumer group is set, then copies
  // that group's registers into their fields of `regs`.
  virtual void wait_layer(ConvRegisters& regs) = 0;
  // The layer is done in this unit: OP_EN cleared, consumer flipped, its
  // done interrupts raised.
  virtual void end_layer() = 0;
};

// CDMA: a stage that also reads memory for the layer.
class CdmaSource : public ConvStage {
 public:
  // One request of the layer's feature or weight fetch on the interface
  // RAM type `mc` selects; returns the memory's time.
  virtual sc_core::sc_time read(bool mc, uint64_t address, uint8_t* data, size_t bytes) = 0;
  // The feature data (weights false) or the weights (true) of the layer
  // are in the buffer: CDMA_DAT_DONE or CDMA_WT_DONE of its group.
  virtual void fetch_done(bool weights) = 0;
  // The layer's fp16 NaN/Inf input counts (ConvOutput) into CDMA's
  // D_NAN_INPUT_* / D_INF_INPUT_* registers of its group.
  virtual void input_counts(const ConvOutput& output) = 0;
};

// CACC -> SDP in flying mode.
class ConvOutputSource : public virtual sc_core::sc_interface {
 public:
  // Blocks until the convolution layer has run; returns CACC's output.
  virtual ConvOutput pull_output() = 0;
};

}  // namespace acosim::nvdla

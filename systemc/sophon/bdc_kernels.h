// The BDC's operations, by family, as plain functions over the local-memory
// window: each family has a check (throws IllegalCommand, writes nothing)
// and a run (writes the result, returns the cost in cycles). The Bdc
// module dispatches to them; tests call them directly.
#pragma once

#include <cstdint>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"

namespace acosim::sophon {

struct BdcContext {
  const Chip& chip;
  uint8_t* local;  ///< byte 0 of NPU 0's local memory; NPU_NUM * S bytes
};

// bdc_elementwise.cpp: arithmetic, bitwise, select, unary, per-channel.
void check_elementwise(const Chip& chip, const BdcCommand& c);
uint64_t run_elementwise(const BdcContext& context, const BdcCommand& c);

// bdc_fixed_point.cpp: BM1684's packed int8/int16 operations.
void check_fixed_point(const Chip& chip, const BdcCommand& c);
uint64_t run_fixed_point(const BdcContext& context, const BdcCommand& c);

// bdc_nn.cpp: conv2d, depthwise, pooling, matmul.
void check_nn(const Chip& chip, const BdcCommand& c);
uint64_t run_nn(const BdcContext& context, const BdcCommand& c);

/// How many of BdcCommand::src an element-wise or fixed-point op reads.
int bdc_source_count(BdcOp op);

/// Which family runs an op.
enum class BdcFamily { Elementwise, FixedPoint, NeuralNetwork };
BdcFamily bdc_family(BdcOp op);

}  // namespace acosim::sophon

// Bit-exact fixed-point reference of the example models: computes a model's
// outputs straight from its source, in raw fixed point, with the TCU's
// arithmetic (Tensil common/src/tensil/FixedBase.scala and the RTL's
// macFixedPoint) and the operation order of the code the model builder
// emits (as in Tensil's InnerSystolicArray.scala: per output lane a sequential MAC chain
// starting from the bias row). Written independently of
// systemc/tensil/fixed_point.h, sw/tensil/fixed and the model builder.
#pragma once

#include <cstdint>
#include <vector>

#include "testbench/tensil/reference/source_model.h"

namespace acosim::tensil::reference {

struct FixedFormat {
  unsigned width;         // bits of the raw two's-complement value
  unsigned binary_point;  // raw = value * 2^binary_point
};
constexpr FixedFormat kFp16Bp8{16, 8};

int64_t saturate(int64_t value, FixedFormat format);
// Tensil's compiler rule (FixedBase.fromFloat): floor(f * 2^bp + 0.5), then
// saturated.
int64_t to_raw(double value, FixedFormat format);
double to_value(int64_t raw, FixedFormat format);
// The MAC primitive (macFixedPoint, rtl/src/main/scala/tensil/util/package.scala): x*y + z*2^bp, rounded half to even at
// the binary point (decided on the sum), then saturated.
int64_t mac(int64_t x, int64_t y, int64_t z, FixedFormat format);
// Accumulation (Tensil's util/decoupled/VecAdder.scala): sat(a + b).
int64_t plus(int64_t a, int64_t b, FixedFormat format);

// `input` holds the input tensor's elements in row-major order of its shape
// (no padding lanes), as the floats the driver is given. Returns the output
// tensor's raw elements in row-major order.
//
// Order of operations, as the TCU executes the built program:
//   dense/conv2d: the sum over inputs is split into terms of n inputs each
//     (dense: input tiles k; conv2d: kernel offsets (dy, dx) in row-major
//     order, each split into channel tiles). Term t is one pass through
//     the array: v = (t == 0 ? bias : 0), then v = mac(x_r, w_r, v) for the
//     n lanes r in order (padding lanes multiply zeros, which is exact);
//     the accumulator takes v for t = 0 and plus(acc, v) afterwards;
//   relu: max(acc, 0);  maxpool2d: the maximum over the window.
std::vector<int64_t> run_fixed(const SourceModel& model, const std::vector<double>& input, FixedFormat format,
                               unsigned array_size);

}  // namespace acosim::tensil::reference

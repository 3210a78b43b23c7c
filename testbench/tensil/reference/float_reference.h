// Double-precision reference of the example models, with a bound on how far
// the TCU's fixed-point result may lie from it.
//
// The bound is derived per element, first order exact (no saturation
// assumed; callers check the values stay well inside the range):
//   input x:  e = |q(x) - x|, q the compiler's rounding (FixedBase.fromFloat);
//   dense/conv2d output y = b + sum_i x_i w_i computed as
//     q(b) + sum_i (x_i + d_i) q(w_i) with MAC rounding, |d_i| <= e_i:
//     |y_fixed - y| <= |q(b) - b| + sum_i (e_i |q(w_i)| + |x_i| |q(w_i) - w_i|)
//                      + (number of products with q(w_i) != 0) * LSB / 2
//     (each MAC step rounds once by at most half an LSB, macFixedPoint; a
//     zero weight step is exact; accumulating terms is exact, VecAdder);
//   relu and max pooling are 1-Lipschitz: the bound carries over (the
//   maximum of the window's bounds for pooling).
#pragma once

#include <vector>

#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/reference/source_model.h"

namespace acosim::tensil::reference {

struct FloatResult {
  std::vector<double> values;       // row-major output elements
  std::vector<double> error_bound;  // per element, as derived above
};

FloatResult run_float(const SourceModel& model, const std::vector<double>& input, FixedFormat quantization);

}  // namespace acosim::tensil::reference

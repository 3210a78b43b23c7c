// The SIMD ALU array of the functional TCU, written from Tensil's ALU.
//
// Upstream:
//   rtl/src/main/scala/tensil/tcu/simd/ALU.scala       one lane
//   rtl/src/main/scala/tensil/tcu/simd/ALUArray.scala  one ALU per lane
//   rtl/src/test/scala/tensil/tcu/simd/ALUSpec.scala   NoOp leaves registers
//
// Per lane, with `input` the vector read from the accumulators (zero when
// the instruction does not read):
//   left  = sourceLeft  == 0 ? input : reg[sourceLeft - 1]
//   right = sourceRight == 0 ? input : reg[sourceRight - 1]
//   NoOp               result = input (the default `result := input`); no
//                      register is written whatever dest says (the Demux
//                      sends the result to io.output only)
//   Zero               0
//   Move               left
//   Not                one if left == 0, else 0
//   And / Or           one if both / either of left, right are non-zero
//   Increment          plus(left, one);  Decrement  minus(left, one)
//   Add / Subtract     plus(left, right) / minus(left, right)
//   Multiply           times(left, right): round half to even, saturate
//   Abs                left < 0 ? -left : left, in W bits: the FixedPoint
//                      negation is not saturated, and connecting it to the
//                      W-bit result keeps the low W bits, so abs(-2^(W-1))
//                      is -2^(W-1)
//   GreaterThan(Equal) one if left > (>=) right, else 0
//   Min / Max          the smaller / larger of left, right
// "one" is the fixed-point 1.0 (raw 2^bp); plus, minus and times are
// functional/fixed.h. Every lane then writes `result` to reg[dest - 1] when
// dest != 0 and the op is not NoOp; the registers start at zero and keep
// their values across instructions.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/tensil/functional/fixed.h"
#include "systemc/tensil/functional/simd_decode.h"

namespace acosim::tensil::functional {

class AluArray {
 public:
  AluArray(unsigned lanes, unsigned registers, NumberFormat format);

  // Runs `fields` on every lane: `input` and `output` hold `lanes` scalars
  // and may be the same array. Throws std::out_of_range for a source or
  // destination register the array does not have.
  void execute(const SimdFields& fields, const int32_t* input, int32_t* output);

  // Register `index` (0-based) of `lane`.
  int32_t reg(unsigned lane, unsigned index) const { return m_registers[size_t(index) * m_lanes + lane]; }
  unsigned registers() const { return m_registers_per_lane; }

  // One lane's result for an op other than NoOp.
  static int32_t compute(uint8_t op, int32_t left, int32_t right, const NumberFormat& f);

 private:
  const int32_t* operand(uint32_t source, const int32_t* input) const;

  unsigned m_lanes;
  unsigned m_registers_per_lane;
  NumberFormat m_format;
  // Register-major: register r of every lane is m_registers[r * lanes ...].
  std::vector<int32_t> m_registers;
};

}  // namespace acosim::tensil::functional

#include "systemc/tensil/clocked/simd_alu.h"

#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {

SimdAlu::SimdAlu(unsigned lanes, unsigned registers, FixedFormat format)
    : m_lanes(lanes), m_depth(registers), m_format(format), m_registers(size_t(lanes) * registers, 0) {}

int32_t SimdAlu::apply(uint8_t op, int32_t l, int32_t r, const FixedFormat& f) {
  // Boolean results are the fixed-point one (2^bp raw), Tensil's simd/ALU.scala.
  const int32_t one = static_cast<int32_t>(f.one());
  switch (static_cast<SimdOp>(op)) {
    case SimdOp::NoOp:
      return l;  // the input, which execute() passes for NoOp
    case SimdOp::Zero:
      return 0;
    case SimdOp::Move:
      return l;
    case SimdOp::Not:
      return l == 0 ? one : 0;
    case SimdOp::And:
      return (l != 0 && r != 0) ? one : 0;
    case SimdOp::Or:
      return (l != 0 || r != 0) ? one : 0;
    case SimdOp::Increment:
      return plus(l, one, f);  // exact sum, saturated (MAC with multiplier one)
    case SimdOp::Decrement:
      return minus(l, one, f);
    case SimdOp::Add:
      return plus(l, r, f);
    case SimdOp::Subtract:
      return minus(l, r, f);
    case SimdOp::Multiply:
      return times(l, r, f);  // round half to even, saturate (macFixedPoint)
    case SimdOp::Abs: {
      // Chisel's FixedPoint negation does not saturate: the most negative
      // value wraps to itself within the W-bit datapath (Tensil's simd/ALU.scala;
      // no Tensil test covers it).
      if (l >= 0) return l;
      if (int64_t(l) == f.min()) return l;
      return -l;
    }
    case SimdOp::GreaterThan:
      return l > r ? one : 0;
    case SimdOp::GreaterThanEqual:
      return l >= r ? one : 0;
    case SimdOp::Min:
      return l < r ? l : r;
    case SimdOp::Max:
      return l > r ? l : r;
  }
  return 0;
}

Vector SimdAlu::execute(uint8_t op, uint32_t source_left, uint32_t source_right, uint32_t dest,
                        const Vector& input) {
  Vector out(m_lanes);
  for (unsigned lane = 0; lane < m_lanes; ++lane) {
    // data() + offset: with no registers (depth 0) the vector is empty and
    // indexing it would bind a reference to nothing.
    int32_t* regs = m_registers.data() + size_t(lane) * m_depth;
    const int32_t l = source_left == 0 ? input[lane] : regs[source_left - 1];
    const int32_t r = source_right == 0 ? input[lane] : regs[source_right - 1];
    // The NoOp op outputs the ALU's input whatever the sources select (the
    // default `result := input` of Tensil's simd/ALU.scala).
    const int32_t result = op == static_cast<uint8_t>(SimdOp::NoOp) ? input[lane] : apply(op, l, r, m_format);
    // The NoOp op never writes a register (Tensil's simd/ALUSpec.scala).
    if (dest != 0 && op != static_cast<uint8_t>(SimdOp::NoOp)) regs[dest - 1] = result;
    out[lane] = result;
  }
  return out;
}

}  // namespace acosim::tensil

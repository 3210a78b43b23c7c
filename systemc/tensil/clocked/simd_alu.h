// The SIMD ALU array: one ALU per lane, each with simd_registers_depth
// registers (reset 0, kept across instructions), as in Tensil
// rtl/src/main/scala/tensil/tcu/simd/{ALU,ALUArray}.scala.
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/fixed_point.h"

namespace acosim::tensil {

class SimdAlu {
 public:
  SimdAlu(unsigned lanes, unsigned registers, FixedFormat format);

  // Applies `op` lane-wise. `input` is the vector read from the accumulators
  // (ignored when no source selects it). Source/dest fields use the
  // instruction encoding: 0 = the input (sources) or no register (dest),
  // r = register r-1. Returns the ALU output.
  Vector execute(uint8_t op, uint32_t source_left, uint32_t source_right, uint32_t dest,
                 const Vector& input);

  int32_t reg(unsigned lane, unsigned index) const { return m_registers[lane * m_depth + index]; }
  unsigned registers() const { return m_depth; }

  // One lane, for tests and the reference of the rules.
  static int32_t apply(uint8_t op, int32_t left, int32_t right, const FixedFormat& f);

 private:
  unsigned m_lanes;
  unsigned m_depth;
  FixedFormat m_format;
  std::vector<int32_t> m_registers;
};

}  // namespace acosim::tensil

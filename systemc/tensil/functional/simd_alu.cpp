#include "systemc/tensil/functional/simd_alu.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace acosim::tensil::functional {

AluArray::AluArray(unsigned lanes, unsigned registers, NumberFormat format)
    : m_lanes(lanes),
      m_registers_per_lane(registers),
      m_format(format),
      m_registers(size_t(lanes) * registers, 0) {}

const int32_t* AluArray::operand(uint32_t source, const int32_t* input) const {
  if (source == 0) return input;
  if (source > m_registers_per_lane) {
    throw std::out_of_range("SIMD register " + std::to_string(source) + " of " +
                            std::to_string(m_registers_per_lane));
  }
  return m_registers.data() + size_t(source - 1) * m_lanes;
}

int32_t AluArray::compute(uint8_t o, int32_t left, int32_t right, const NumberFormat& f) {
  const int32_t one = f.one();
  switch (o) {
    case op::kZero:
      return 0;
    case op::kMove:
      return left;
    case op::kNot:
      return left == 0 ? one : 0;
    case op::kAnd:
      return (left != 0 && right != 0) ? one : 0;
    case op::kOr:
      return (left != 0 || right != 0) ? one : 0;
    case op::kIncrement:
      return plus(left, one, f);
    case op::kDecrement:
      return minus(left, one, f);
    case op::kAdd:
      return plus(left, right, f);
    case op::kSubtract:
      return minus(left, right, f);
    case op::kMultiply:
      return times(left, right, f);
    case op::kAbs: {
      if (left >= 0) return left;
      // Two's complement negation kept to W bits, then sign-extended back.
      const uint32_t mask = f.width >= 32 ? 0xFFFFFFFFu : ((uint32_t(1) << f.width) - 1);
      const uint32_t low = (0u - static_cast<uint32_t>(left)) & mask;
      const uint32_t sign = uint32_t(1) << (f.width - 1);
      return static_cast<int32_t>((low & sign) != 0 ? (low | ~mask) : low);
    }
    case op::kGreaterThan:
      return left > right ? one : 0;
    case op::kGreaterThanEqual:
      return left >= right ? one : 0;
    case op::kMin:
      return std::min(left, right);
    case op::kMax:
      return std::max(left, right);
    default:
      throw std::invalid_argument("SIMD op " + std::to_string(o) + " has no ALU result");
  }
}

void AluArray::execute(const SimdFields& fields, const int32_t* input, int32_t* output) {
  if (fields.op == op::kNoOp) {
    // The default `result := input`; the register file is not touched.
    if (output != input) std::copy(input, input + m_lanes, output);
    return;
  }
  if (fields.dest > m_registers_per_lane) {
    throw std::out_of_range("SIMD register " + std::to_string(fields.dest) + " of " +
                            std::to_string(m_registers_per_lane));
  }
  // Sources are read before the destination register is written: the ALU
  // reads its registers combinationally and updates them at the clock edge.
  // Each lane reads only its own scalars before writing its output, so
  // `output` may be `input`.
  const int32_t* l = operand(fields.source_left, input);
  const int32_t* r = operand(fields.source_right, input);
  const NumberFormat f = m_format;
  const int32_t one = f.one();
  // The op is chosen once per instruction; each loop then runs over the lanes.
  const auto lanes = [&](auto result) {
    for (unsigned lane = 0; lane < m_lanes; ++lane) output[lane] = result(l[lane], r[lane]);
  };
  switch (fields.op) {
    case op::kAdd:
      lanes([&](int32_t a, int32_t b) { return plus(a, b, f); });
      break;
    case op::kSubtract:
      lanes([&](int32_t a, int32_t b) { return minus(a, b, f); });
      break;
    case op::kMultiply:
      lanes([&](int32_t a, int32_t b) { return times(a, b, f); });
      break;
    case op::kMax:
      lanes([](int32_t a, int32_t b) { return std::max(a, b); });
      break;
    case op::kMin:
      lanes([](int32_t a, int32_t b) { return std::min(a, b); });
      break;
    case op::kMove:
      lanes([](int32_t a, int32_t) { return a; });
      break;
    case op::kZero:
      lanes([](int32_t, int32_t) { return 0; });
      break;
    case op::kIncrement:
      lanes([&](int32_t a, int32_t) { return plus(a, one, f); });
      break;
    default:
      lanes([&](int32_t a, int32_t b) { return compute(fields.op, a, b, f); });
      break;
  }
  if (fields.dest != 0) {
    std::copy(output, output + m_lanes, m_registers.begin() + ptrdiff_t(size_t(fields.dest - 1) * m_lanes));
  }
}

}  // namespace acosim::tensil::functional

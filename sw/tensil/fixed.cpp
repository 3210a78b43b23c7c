#include "sw/tensil/fixed.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace acosim::tensil {

int32_t float_to_raw(double value, const DataTypeInfo& type) {
  if (std::isnan(value)) throw std::invalid_argument(std::string("NaN cannot be converted to ") + type.name);
  // Tensil's compiler (FixedBase.scala, Java Math.round): floor(f * 2^bp + 0.5),
  // ties toward +infinity. Scaling by a power of two is exact in double, and
  // so is adding 0.5 for every |f * 2^bp| < 2^52, far beyond any raw range;
  // the result is then clamped to the type's raw range (infinities included).
  const double scaled = std::floor(std::ldexp(value, int(type.binary_point)) + 0.5);
  const double max = std::ldexp(1.0, int(type.width) - 1) - 1.0;
  const double min = -std::ldexp(1.0, int(type.width) - 1);
  if (scaled > max) return int32_t(max);
  if (scaled < min) return int32_t(min);
  return int32_t(scaled);
}

double raw_to_float(int32_t raw, const DataTypeInfo& type) { return std::ldexp(double(raw), -int(type.binary_point)); }

void store_raw(int32_t raw, const DataTypeInfo& type, uint8_t* out) {
  // Little-endian two's complement (Tensil common/src/tensil/Fixed*.scala). FP18BP10 keeps its low
  // 18 bits and writes the upper bits of its 4-byte word as zero.
  uint32_t bits = uint32_t(raw);
  if (type.width < 32) bits &= (uint32_t(1) << type.width) - 1;
  for (unsigned b = 0; b < type.bytes; ++b) out[b] = uint8_t(bits >> (8 * b));
}

int32_t load_raw(const uint8_t* in, const DataTypeInfo& type) {
  uint32_t bits = 0;
  for (unsigned b = 0; b < type.bytes; ++b) bits |= uint32_t(in[b]) << (8 * b);
  if (type.width < 32) {
    // Sign-extend from bit width-1; bits above the width are ignored.
    const uint32_t width_mask = (uint32_t(1) << type.width) - 1;
    bits &= width_mask;
    if (bits & (uint32_t(1) << (type.width - 1))) bits |= ~width_mask;
  }
  return int32_t(bits);
}

std::vector<uint8_t> floats_to_bytes(const std::vector<float>& values, const DataTypeInfo& type) {
  std::vector<uint8_t> bytes(values.size() * type.bytes);
  for (size_t i = 0; i < values.size(); ++i) store_raw(float_to_raw(values[i], type), type, &bytes[i * type.bytes]);
  return bytes;
}

std::vector<float> bytes_to_floats(const uint8_t* bytes, size_t count, const DataTypeInfo& type) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = float(raw_to_float(load_raw(bytes + i * type.bytes, type), type));
  return values;
}

}  // namespace acosim::tensil

// Conversions between float and the TCU's raw fixed-point scalars, and the
// byte encoding of raw scalars in files and DRAM (Tensil
// common/src/tensil/FixedBase.scala and Fixed*.scala).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil {

// Tensil's compiler rule (FixedBase.fromFloat): raw = floor(f * 2^bp + 0.5),
// ties toward +infinity, computed exactly in double, then saturated to the
// type's raw range. NaN is an error (std::invalid_argument).
int32_t float_to_raw(double value, const DataTypeInfo& type);
double raw_to_float(int32_t raw, const DataTypeInfo& type);

// Little-endian two's complement, type.bytes per scalar. FP18BP10 writes the
// low 18 bits with the upper bits zero and reads by sign-extending bit 17.
void store_raw(int32_t raw, const DataTypeInfo& type, uint8_t* out);
int32_t load_raw(const uint8_t* in, const DataTypeInfo& type);

std::vector<uint8_t> floats_to_bytes(const std::vector<float>& values, const DataTypeInfo& type);
std::vector<float> bytes_to_floats(const uint8_t* bytes, size_t count, const DataTypeInfo& type);

}  // namespace acosim::tensil

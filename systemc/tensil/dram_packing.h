// How a vector is laid out in DRAM, and the DRAM error type, shared by the
// transaction-level DramPort and the clocked DramBank. Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

// A failed DRAM access (address error response, 32-bit overflow).
struct DramError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A vector is `lanes` scalars, lane 0 first, each scalar little-endian two's
// complement in `scalar_bytes` bytes (Tensil common/src/tensil/Fixed*.scala;
// axi/Converter.scala widens every scalar to its DRAM slot). FP18BP10 keeps
// 18 significant bits in 4 bytes: written with the upper bits zero, read by
// sign-extending bit 17.
struct DramVectorFormat {
  unsigned lanes;
  unsigned scalar_bytes;
  unsigned width;

  explicit DramVectorFormat(const Architecture& arch)
      : lanes(arch.array_size), scalar_bytes(arch.type().bytes), width(arch.type().width) {}

  uint64_t vector_bytes() const { return uint64_t(lanes) * scalar_bytes; }

  void pack(const Vector& v, uint8_t* out) const {
    const uint32_t mask = width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1);
    for (unsigned lane = 0; lane < lanes; ++lane) {
      const uint32_t raw = static_cast<uint32_t>(v[lane]) & mask;
      for (unsigned b = 0; b < scalar_bytes; ++b) out[lane * scalar_bytes + b] = uint8_t(raw >> (8 * b));
    }
  }

  Vector unpack(const uint8_t* in) const {
    Vector v(lanes);
    for (unsigned lane = 0; lane < lanes; ++lane) {
      uint32_t raw = 0;
      for (unsigned b = 0; b < scalar_bytes; ++b) raw |= uint32_t(in[lane * scalar_bytes + b]) << (8 * b);
      if (width < 32) {
        const uint32_t mask = (1u << width) - 1;
        raw &= mask;
        if (raw & (1u << (width - 1))) raw |= ~mask;
      }
      v[lane] = static_cast<int32_t>(raw);
    }
    return v;
  }
};

}  // namespace acosim::tensil

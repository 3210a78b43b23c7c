// How the functional TCU lays a vector out in DRAM bytes, written from
// Tensil's scalar serialisation.
//
// Upstream:
//   common/src/tensil/FixedBase.scala  toBytes / fromBytes (sizeBytes bytes
//     per scalar, byte i holding bits [8i, 8i + 8) of the raw value)
//   rtl/src/main/scala/tensil/axi/Converter.scala  vector address v is byte
//     address offset + v * vectorSize * sizeBytes, lane 0 first
//
// Rules, for a format of W bits in B = sizeBytes bytes:
//   store: byte i = (raw >> 8i) masked to the W - 8i bits still inside the
//          scalar; bytes wholly above bit W-1 are zero (FP18BP10 writes
//          bits 17:16 in byte 2 and zero in byte 3). Little-endian.
//   load:  bits above W-1 are ignored; the W-bit value is sign-extended
//          from bit W-1 (fromBytes subtracts 2^k from the last partial
//          byte when its top bit is set).
#pragma once

#include <cstdint>

#include "systemc/tensil/functional/fixed.h"

namespace acosim::tensil::functional {

class DramLayout {
 public:
  DramLayout(unsigned lanes, NumberFormat format) : m_lanes(lanes), m_format(format) {}

  unsigned lanes() const { return m_lanes; }
  uint64_t vector_bytes() const { return uint64_t(m_lanes) * m_format.bytes; }

  // Byte address of vector `vector` with the DRAM offset register at
  // `offset` (bytes).
  uint64_t byte_address(uint32_t offset, uint64_t vector) const { return uint64_t(offset) + vector * vector_bytes(); }

  void store(const int32_t* lanes, uint8_t* bytes) const {
    for (unsigned lane = 0; lane < m_lanes; ++lane) store_scalar(lanes[lane], bytes + size_t(lane) * m_format.bytes);
  }

  void load(const uint8_t* bytes, int32_t* lanes) const {
    for (unsigned lane = 0; lane < m_lanes; ++lane) lanes[lane] = load_scalar(bytes + size_t(lane) * m_format.bytes);
  }

  void store_scalar(int32_t raw, uint8_t* out) const {
    const int64_t bits = raw;
    for (unsigned i = 0; i < m_format.bytes; ++i) {
      const int remaining = int(m_format.width) - int(8 * i);
      if (remaining <= 0) {
        out[i] = 0;
      } else {
        const int64_t mask = remaining >= 8 ? 0xFF : ((int64_t(1) << remaining) - 1);
        out[i] = static_cast<uint8_t>((bits >> (8 * i)) & mask);
      }
    }
  }

  int32_t load_scalar(const uint8_t* in) const {
    int64_t bits = 0;
    for (unsigned i = 0; i < m_format.bytes; ++i) {
      const int remaining = int(m_format.width) - int(8 * i);
      if (remaining <= 0) break;
      if (remaining >= 8) {
        bits |= int64_t(in[i]) << (8 * i);
      } else {
        bits |= int64_t(in[i] & ((1 << remaining) - 1)) << (8 * i);
      }
    }
    const int64_t sign = int64_t(1) << (m_format.width - 1);
    // Sign extension: subtracting 2^W when bit W-1 is set.
    if ((bits & sign) != 0) bits -= sign * 2;
    return static_cast<int32_t>(bits);
  }

 private:
  unsigned m_lanes;
  NumberFormat m_format;
};

}  // namespace acosim::tensil::functional

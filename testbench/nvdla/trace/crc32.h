// CRC-32 of NVDLA's check_crc result checks: the reflected IEEE 802.3 CRC
// that zlib's crc32() computes (polynomial 0x04C11DB7, processed LSB first
// as 0xEDB88320, register preset to 0xFFFFFFFF, result complemented).
// nvdla/hw verif/vip/mem_model/mem_core.svh (calc_surface_crc) feeds the
// bytes of little-endian 32-bit words LSB first, which is plain address
// order. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>

namespace acosim::nvdla::trace {

// Incremental form, for memory read in chunks.
class Crc32 {
 public:
  void update(const void* data, size_t bytes);
  uint32_t value() const { return ~state_; }

 private:
  uint32_t state_ = 0xFFFFFFFFu;
};

uint32_t crc32(const void* data, size_t bytes);

}  // namespace acosim::nvdla::trace

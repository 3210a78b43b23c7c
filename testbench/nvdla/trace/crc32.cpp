#include "testbench/nvdla/trace/crc32.h"

#include <array>

namespace acosim::nvdla::trace {

namespace {

// Byte-at-a-time table: entry i is the register after shifting byte i
// through eight reflected steps of the polynomial 0xEDB88320.
constexpr std::array<uint32_t, 256> make_table() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t r = i;
    for (int bit = 0; bit < 8; ++bit) r = (r & 1u) ? (r >> 1) ^ 0xEDB88320u : r >> 1;
    table[i] = r;
  }
  return table;
}

constexpr std::array<uint32_t, 256> kTable = make_table();

}  // namespace

void Crc32::update(const void* data, size_t bytes) {
  const auto* p = static_cast<const uint8_t*>(data);
  uint32_t r = state_;
  for (size_t i = 0; i < bytes; ++i) r = (r >> 8) ^ kTable[(r ^ p[i]) & 0xFFu];
  state_ = r;
}

uint32_t crc32(const void* data, size_t bytes) {
  Crc32 crc;
  crc.update(data, bytes);
  return crc.value();
}

}  // namespace acosim::nvdla::trace

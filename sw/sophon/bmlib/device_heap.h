// Device memory allocation for bm_malloc_device_byte: first fit over the
// DDR window, in 4 KiB-aligned blocks, so a block never shares a page with
// its neighbour. Freed blocks merge with free neighbours.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace acosim::sophon {

class DeviceHeap {
 public:
  static constexpr uint64_t kAlignment = 4096;
  DeviceHeap(uint64_t start, uint64_t bytes);

  /// The block's address, or nothing when no free range is large enough.
  std::optional<uint64_t> allocate(uint64_t bytes);
  /// False when `address` is not the start of an allocated block.
  bool free(uint64_t address);
  /// The allocated block [start, start + size) containing [address, address + bytes), if any.
  bool inside_block(uint64_t address, uint64_t bytes) const;

 private:
  std::map<uint64_t, uint64_t> m_free;  // start -> size
  std::map<uint64_t, uint64_t> m_used;  // start -> size
};

}  // namespace acosim::sophon

#include "sw/sophon/bmlib/device_heap.h"

namespace acosim::sophon {

DeviceHeap::DeviceHeap(uint64_t start, uint64_t bytes) { m_free[start] = bytes; }

std::optional<uint64_t> DeviceHeap::allocate(uint64_t bytes) {
  const uint64_t size = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (size == 0) return std::nullopt;
  for (auto it = m_free.begin(); it != m_free.end(); ++it) {
    if (it->second < size) continue;
    const uint64_t address = it->first;
    const uint64_t rest = it->second - size;
    m_free.erase(it);
    if (rest > 0) m_free[address + size] = rest;
    m_used[address] = size;
    return address;
  }
  return std::nullopt;
}

bool DeviceHeap::free(uint64_t address) {
  const auto used = m_used.find(address);
  if (used == m_used.end()) return false;
  uint64_t start = address, size = used->second;
  m_used.erase(used);
  auto next = m_free.find(start + size);
  if (next != m_free.end()) {
    size += next->second;
    m_free.erase(next);
  }
  auto after = m_free.lower_bound(start);
  if (after != m_free.begin()) {
    auto previous = std::prev(after);
    if (previous->first + previous->second == start) {
      start = previous->first;
      size += previous->second;
      m_free.erase(previous);
    }
  }
  m_free[start] = size;
  return true;
}

bool DeviceHeap::inside_block(uint64_t address, uint64_t bytes) const {
  auto it = m_used.upper_bound(address);
  if (it == m_used.begin()) return false;
  --it;
  return address - it->first <= it->second && bytes <= it->second - (address - it->first);
}

}  // namespace acosim::sophon

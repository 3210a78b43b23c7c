#include "sw/habana/tpc/local_memory.h"

#include <cstring>
#include <sstream>

#include "sw/habana/tpc/error.h"

namespace acosim::habana {

LocalMemory::LocalMemory() : m_slm(kSlmBytes, 0), m_vlm(kVlmBytes, 0) {}

static void check_slm(uint32_t address, unsigned bytes, const char* what) {
  if (address % 4 != 0 || bytes != 4 || address + uint64_t{bytes} > kSlmBytes) {
    std::ostringstream out;
    out << what << " at SLM address " << address << " (" << bytes
        << " bytes): scalar local memory holds " << kSlmBytes
        << " bytes accessed as 4-byte aligned words";
    throw TpcError(out.str());
  }
}

void LocalMemory::load_slm(uint32_t address, void* dst, unsigned bytes) const {
  check_slm(address, bytes, "LD_L");
  std::memcpy(dst, &m_slm[address], bytes);
}

void LocalMemory::store_slm(uint32_t address, const void* src, unsigned bytes) {
  check_slm(address, bytes, "ST_L");
  std::memcpy(&m_slm[address], src, bytes);
}

// A whole vector is 256-byte aligned; a half vector (_LOW/_HIGH) 128-byte.
void LocalMemory::check_vlm(uint32_t address, unsigned bytes, const char* what) const {
  std::ostringstream out;
  if (bytes != 256 && bytes != 128) {
    out << what << " of " << bytes << " bytes: vector local memory moves 256-byte vectors or 128-byte halves";
  } else if (address % bytes != 0) {
    out << what << " at VLM address " << address << " is not " << bytes << "-byte aligned";
  } else if (address + uint64_t{bytes} > m_vlm_size) {
    out << what << " at VLM address " << address << " (" << bytes << " bytes) is past the end of vector local memory ("
        << m_vlm_size / 1024 << " KiB"
        << (m_vlm_size == kVlmBytesWithSpecialFunctions ? ", the size left when special functions are used)" : ")");
  } else {
    return;
  }
  throw TpcError(out.str());
}

void LocalMemory::load_vlm(uint32_t address, void* dst, unsigned bytes) const {
  check_vlm(address, bytes, "LD_L_V");
  std::memcpy(dst, &m_vlm[address], bytes);
}

void LocalMemory::store_vlm(uint32_t address, const void* src, unsigned bytes) {
  check_vlm(address, bytes, "ST_L_V");
  const auto* p = static_cast<const uint8_t*>(src);
  m_pending.push_back({address, std::vector<uint8_t>(p, p + bytes)});
}

void LocalMemory::fence() {
  for (const PendingStore& store : m_pending) {
    std::memcpy(&m_vlm[store.address], store.data.data(), store.data.size());
  }
  m_pending.clear();
}

void LocalMemory::use_special_functions() {
  m_vlm_size = kVlmBytesWithSpecialFunctions;
}

}  // namespace acosim::habana

#include "systemc/core/memory.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "sw/common/hex.h"
#include "systemc/core/axi_cache_extension.h"

namespace acosim::core {

namespace {

// Generic-payload byte enables (IEEE 1666-2011 14.14): the pattern of
// byte_enable_length bytes repeats over the data; 0xFF enables a byte,
// 0x00 disables it. This memory serves only fully enabled transfers.
bool all_bytes_enabled(const tlm::tlm_generic_payload& trans) {
  const unsigned char* enables = trans.get_byte_enable_ptr();
  if (enables == nullptr) return true;
  const unsigned length = trans.get_byte_enable_length();
  if (length == 0) return false;
  return std::all_of(enables, enables + length,
                     [](unsigned char e) { return e == TLM_BYTE_ENABLED; });
}

}  // namespace

Memory::Memory(sc_core::sc_module_name name, const MemoryConfig& config)
    : sc_module(name), socket("socket"), m_config(config) {
  if (m_config.size == 0) {
    throw std::invalid_argument(std::string(this->name()) + ": memory size must not be zero");
  }
  if (m_config.base + (m_config.size - 1) < m_config.base) {
    throw std::invalid_argument(std::string(this->name()) + ": base " + hex(m_config.base) +
                                " + size " + hex(m_config.size) + " exceeds the 64-bit address space");
  }
  if (m_config.bytes_per_ns < 0.0) {
    throw std::invalid_argument(std::string(this->name()) + ": bytes_per_ns must not be negative");
  }
  socket.register_b_transport(this, &Memory::b_transport);
  socket.register_transport_dbg(this, &Memory::transport_dbg);
  socket.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
}

bool Memory::in_range(uint64_t address, uint64_t length) const {
  if (address < m_config.base) return false;
  const uint64_t offset = address - m_config.base;
  if (offset >= m_config.size) return false;
  return length <= m_config.size - offset;
}

uint8_t* Memory::page(uint64_t page_index, bool allocate) {
  auto it = m_pages.find(page_index);
  if (it != m_pages.end()) return it->second->data();
  if (!allocate) return nullptr;
  // Value-initialised: unwritten bytes of an allocated page read as zero.
  auto fresh = std::make_unique<std::array<uint8_t, kPageBytes>>();
  uint8_t* data = fresh->data();
  m_pages.emplace(page_index, std::move(fresh));
  return data;
}

const uint8_t* Memory::page(uint64_t page_index) const {
  auto it = m_pages.find(page_index);
  return it == m_pages.end() ? nullptr : it->second->data();
}

uint64_t Memory::bytes_allocated() const { return m_pages.size() * kPageBytes; }

void Memory::poke(uint64_t address, const void* data, size_t bytes) {
  if (!in_range(address, bytes)) {
    throw std::out_of_range(std::string(name()) + ": poke of " + std::to_string(bytes) +
                            " bytes at " + hex(address) + " is outside [" + hex(m_config.base) +
                            ", " + hex(m_config.base + m_config.size - 1) + "]");
  }
  const auto* source = static_cast<const uint8_t*>(data);
  uint64_t offset = address - m_config.base;
  while (bytes > 0) {
    const uint64_t in_page = offset % kPageBytes;
    const size_t chunk = static_cast<size_t>(std::min<uint64_t>(bytes, kPageBytes - in_page));
    std::memcpy(page(offset / kPageBytes, true) + in_page, source, chunk);
    source += chunk;
    offset += chunk;
    bytes -= chunk;
  }
}

void Memory::peek(uint64_t address, void* data, size_t bytes) const {
  if (!in_range(address, bytes)) {
    throw std::out_of_range(std::string(name()) + ": peek of " + std::to_string(bytes) +
                            " bytes at " + hex(address) + " is outside [" + hex(m_config.base) +
                            ", " + hex(m_config.base + m_config.size - 1) + "]");
  }
  auto* target = static_cast<uint8_t*>(data);
  uint64_t offset = address - m_config.base;
  while (bytes > 0) {
    const uint64_t in_page = offset % kPageBytes;
    const size_t chunk = static_cast<size_t>(std::min<uint64_t>(bytes, kPageBytes - in_page));
    // A page never written reads as zero and stays unallocated.
    const uint8_t* source = page(offset / kPageBytes);
    if (source == nullptr) {
      std::memset(target, 0, chunk);
    } else {
      std::memcpy(target, source + in_page, chunk);
    }
    target += chunk;
    offset += chunk;
    bytes -= chunk;
  }
}

void Memory::b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  const tlm::tlm_command command = trans.get_command();
  const uint64_t address = trans.get_address();
  const unsigned length = trans.get_data_length();
  trans.set_dmi_allowed(false);

  // Checks follow the target's obligations of IEEE 1666-2011 14.17: an
  // access outside the served window is an address error and touches no
  // byte; streaming (width < length) and partial byte enables are not
  // modelled by a plain memory and are refused rather than misapplied.
  if (!in_range(address, length)) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (command == tlm::TLM_IGNORE_COMMAND) {
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  if (trans.get_streaming_width() < length) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (!all_bytes_enabled(trans)) {
    trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  if (length > 0 && trans.get_data_ptr() == nullptr) {
    trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }

  if (command == tlm::TLM_WRITE_COMMAND) {
    poke(address, trans.get_data_ptr(), length);
    delay += m_config.write_latency;
  } else {
    peek(address, trans.get_data_ptr(), length);
    delay += m_config.read_latency;
  }
  // Transfer time at the configured bandwidth, rounded to the kernel's time
  // resolution by sc_time.
  if (m_config.bytes_per_ns > 0.0) {
    delay += sc_core::sc_time(static_cast<double>(length) / m_config.bytes_per_ns, sc_core::SC_NS);
  }

  if (const AxiCacheExtension* cache = trans.get_extension<AxiCacheExtension>()) {
    m_axcache_records.push_back(AxCacheRecord{static_cast<unsigned>(port), false, address,
                                              address + std::max(length, 1u) - 1, cache->axcache});
  }
  trans.set_dmi_allowed(m_config.allow_dmi && m_config.bytes_per_ns <= 0.0);
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned Memory::transport_dbg(int, tlm::tlm_generic_payload& trans) {
  const uint64_t address = trans.get_address();
  if (!in_range(address, 1) || trans.get_data_ptr() == nullptr) return 0;
  // Debug transport transfers as many bytes as the window holds (IEEE
  // 1666-2011 14.12) and returns that count.
  const uint64_t available = m_config.size - (address - m_config.base);
  const unsigned bytes =
      static_cast<unsigned>(std::min<uint64_t>(trans.get_data_length(), available));
  switch (trans.get_command()) {
    case tlm::TLM_WRITE_COMMAND:
      poke(address, trans.get_data_ptr(), bytes);
      return bytes;
    case tlm::TLM_READ_COMMAND:
      peek(address, trans.get_data_ptr(), bytes);
      return bytes;
    default:
      return 0;
  }
}

bool Memory::get_direct_mem_ptr(int port, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
  const uint64_t address = trans.get_address();
  dmi.init();  // no access, whole address space: the region denied by default
  // A DMI user pays only the region's fixed latency; a bandwidth limit could
  // not be honoured, so a memory with one serves everything by b_transport.
  if (!m_config.allow_dmi || m_config.bytes_per_ns > 0.0) return false;
  if (!in_range(address, 1)) {
    // Deny exactly the part of the address space this memory does not serve.
    const uint64_t last = m_config.base + m_config.size - 1;
    if (address < m_config.base) {
      dmi.set_start_address(0);
      dmi.set_end_address(m_config.base - 1);
    } else {
      dmi.set_start_address(last + 1);
      dmi.set_end_address(std::numeric_limits<uint64_t>::max());
    }
    return false;
  }
  // One page per grant: the pointer must stay valid for the whole region,
  // and pages are contiguous only within themselves.
  const uint64_t page_index = (address - m_config.base) / kPageBytes;
  const uint64_t start = m_config.base + page_index * kPageBytes;
  const uint64_t end = std::min(start + (kPageBytes - 1), m_config.base + m_config.size - 1);
  dmi.set_dmi_ptr(page(page_index, true));
  dmi.set_start_address(start);
  dmi.set_end_address(end);
  dmi.allow_read_write();
  dmi.set_read_latency(m_config.read_latency);
  dmi.set_write_latency(m_config.write_latency);

  const AxiCacheExtension* cache = trans.get_extension<AxiCacheExtension>();
  m_axcache_records.push_back(AxCacheRecord{static_cast<unsigned>(port), true, start, end,
                                            cache != nullptr ? cache->axcache : uint8_t{0}});
  return true;
}

}  // namespace acosim::core

// A sparse memory target: the DRAM (or SRAM) behind an accelerator's AXI
// ports. Pages are allocated on first write, so a large address space costs
// nothing until touched; unwritten bytes read as zero. Any number of
// initiators bind to `socket`; each binding is a port numbered in bind order.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>

namespace acosim::core {

struct MemoryConfig {
  uint64_t base = 0;                   ///< first byte address served
  uint64_t size = 1ull << 32;          ///< bytes served from base
  sc_core::sc_time read_latency = sc_core::SC_ZERO_TIME;   ///< per transaction
  sc_core::sc_time write_latency = sc_core::SC_ZERO_TIME;  ///< per transaction
  double bytes_per_ns = 0.0;           ///< bandwidth; 0 = unlimited
  bool allow_dmi = true;               ///< grant DMI pointers (never with a bandwidth limit)
};

// What the target recorded about AxCACHE (see AxiCacheExtension).
struct AxCacheRecord {
  unsigned port;           ///< initiator port (bind order)
  bool dmi_grant;          ///< true: recorded when a DMI region was granted
  uint64_t start, end;     ///< byte range of the access or granted region
  uint8_t axcache;         ///< value carried by the request
};

class Memory : public sc_core::sc_module {
 public:
  tlm_utils::multi_passthrough_target_socket<Memory> socket;

  Memory(sc_core::sc_module_name name, const MemoryConfig& config);

  // Backdoor access for testbenches (no time, no records).
  void poke(uint64_t address, const void* data, size_t bytes);
  void peek(uint64_t address, void* data, size_t bytes) const;

  // Every AxCACHE value seen, in arrival order (one record per transaction
  // carrying the extension, one per DMI grant).
  const std::vector<AxCacheRecord>& axcache_records() const { return m_axcache_records; }
  uint64_t bytes_allocated() const;

 private:
  static constexpr uint64_t kPageBytes = 64 * 1024;
  void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(int port, tlm::tlm_generic_payload& trans);
  bool get_direct_mem_ptr(int port, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
  uint8_t* page(uint64_t page_index, bool allocate);
  const uint8_t* page(uint64_t page_index) const;
  bool in_range(uint64_t address, uint64_t length) const;

  const MemoryConfig m_config;
  std::unordered_map<uint64_t, std::unique_ptr<std::array<uint8_t, kPageBytes>>> m_pages;
  std::vector<AxCacheRecord> m_axcache_records;
};

}  // namespace acosim::core

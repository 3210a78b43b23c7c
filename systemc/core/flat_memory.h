// A contiguous memory target: one address window backed by one anonymous
// mapping that the operating system fills with zero pages on first touch, so
// a 12 GiB device DDR costs only what is written. Unlike the sparse Memory,
// it grants one DMI region for the whole window, so engines and debug
// windows get a single pointer and copy with memcpy. No latency: the
// engines that use it charge their own transfer time.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>

namespace acosim::core {

class FlatMemory : public sc_core::sc_module {
 public:
  tlm_utils::multi_passthrough_target_socket<FlatMemory> socket;

  /// Serves [base, base + size). Throws std::runtime_error when the
  /// operating system refuses the reservation.
  FlatMemory(sc_core::sc_module_name name, uint64_t base, uint64_t size);
  ~FlatMemory() override;
  FlatMemory(const FlatMemory&) = delete;
  FlatMemory& operator=(const FlatMemory&) = delete;

  uint64_t base() const { return m_base; }
  uint64_t size() const { return m_size; }
  bool contains(uint64_t address, uint64_t bytes) const {
    return address >= m_base && address - m_base <= m_size && bytes <= m_size - (address - m_base);
  }

 private:
  void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(int port, tlm::tlm_generic_payload& trans);
  bool get_direct_mem_ptr(int port, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);

  const uint64_t m_base;
  const uint64_t m_size;
  uint8_t* m_data = nullptr;
};

}  // namespace acosim::core

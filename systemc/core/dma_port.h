// A DMA engine's view of one memory interface: reads and writes byte spans
// through an initiator socket, with DMI where the target grants it and
// b_transport (in transactions of at most 4 KiB) where it does not. Each
// call is one DMA request (a line, a block); it returns the time the target
// took, which the engine waits or accumulates.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>

namespace acosim::core {

// A request the memory refused (address outside it, no memory on this interface).
struct DmaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class DmaPort {
 public:
  // `name` names the interface in errors, e.g. "BDMA MCIF".
  DmaPort(std::string name, tlm::tlm_initiator_socket<>& socket);

  sc_core::sc_time read(uint64_t address, uint8_t* data, uint64_t bytes);
  sc_core::sc_time write(uint64_t address, const uint8_t* data, uint64_t bytes);

  // Forget DMI regions overlapping [start, end] (the target's invalidate call).
  void invalidate(uint64_t start, uint64_t end);

  uint64_t bytes_read() const { return m_bytes_read; }
  uint64_t bytes_written() const { return m_bytes_written; }
  const std::string& name() const { return m_name; }

 private:
  struct DmiRegion {
    uint64_t start, end;  // inclusive
    unsigned char* pointer;
    bool read, write;
    sc_core::sc_time read_latency, write_latency;
  };

  sc_core::sc_time transfer(tlm::tlm_command command, uint64_t address, uint8_t* data, uint64_t bytes);
  const DmiRegion* find_dmi(tlm::tlm_command command, uint64_t address);
  void invalidate_overlaps(uint64_t start, uint64_t end);
  sc_core::sc_time transport(tlm::tlm_command command, uint64_t address, uint8_t* data, unsigned bytes);

  std::string m_name;
  tlm::tlm_initiator_socket<>& m_socket;
  // Granted regions by start address. A DMA walks memory in order, reading
  // one buffer and writing another, so the region of the previous read and
  // of the previous write are tried first.
  std::map<uint64_t, DmiRegion> m_dmi;
  const DmiRegion* m_last[2] = {nullptr, nullptr};  // by tlm_command: read, write
  // Address ranges the target denied DMI for; they are served by b_transport.
  std::vector<std::pair<uint64_t, uint64_t>> m_no_dmi;
  uint64_t m_bytes_read = 0;
  uint64_t m_bytes_written = 0;
};

}  // namespace acosim::core

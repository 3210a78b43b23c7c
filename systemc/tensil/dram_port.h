// One of the TCU's AXI4 master ports (DRAM0 or DRAM1) at transaction level.
// Vector addresses become byte addresses through the port's offset
// register; bursts follow the AXI rules of Tensil's rtl/src/main/scala/tensil/axi
// (Converter.scala, MemBoundarySplitter.scala); every request
// carries the port's AxCACHE in an AxiCacheExtension; DMI is used where the
// target grants it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>

#include "sw/tensil/regs/architecture.h"
#include "systemc/core/axi_cache_extension.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/dram_packing.h"

namespace acosim::tensil {

// DRAM as the functional decoder sees it: strided vector transfers that
// take some time. DramPort moves them over TLM; the functional check's
// oracle (systemc/tensil/functional/functional_check.h) keeps its writes to itself.
class VectorDram {
 public:
  virtual ~VectorDram() = default;
  // Offset register (bytes, already shifted) and cache behaviour (AxCACHE).
  virtual void configure(uint32_t offset, uint8_t axcache) = 0;
  // Vector k of the transfer is at vector address `address + k * 2^stride`.
  // Returns the time the accesses took (target latency and bandwidth).
  virtual sc_core::sc_time read(uint64_t address, uint32_t stride, uint64_t count, std::vector<Vector>& out) = 0;
  virtual sc_core::sc_time write(uint64_t address, uint32_t stride, const std::vector<Vector>& vectors) = 0;
};

class DramPort : public VectorDram {
 public:
  DramPort(std::string name, tlm::tlm_initiator_socket<>& socket, const Architecture& arch,
           unsigned bus_bytes, bool use_dmi);

  // A new AxCACHE value drops the DMI regions, so the target sees (and
  // records) the new value on the next grant.
  void configure(uint32_t offset, uint8_t axcache) override;
  void invalidate_dmi(uint64_t start, uint64_t end);

  sc_core::sc_time read(uint64_t address, uint32_t stride, uint64_t count, std::vector<Vector>& out) override;
  sc_core::sc_time write(uint64_t address, uint32_t stride, const std::vector<Vector>& vectors) override;

  uint64_t bursts() const { return m_bursts; }

  // One AXI burst at a byte address, as the clocked TCU's DRAM bank issues
  // it (already split, offset already added), with `local_time` as the
  // transaction's starting delay (the caller's quantum keeper). Returns the
  // time the target added: its latency and bandwidth.
  sc_core::sc_time transfer_burst(tlm::tlm_command command, uint64_t byte_address, uint8_t* data, unsigned bytes,
                                  const sc_core::sc_time& local_time);

 private:
  struct DmiRegion {
    uint64_t start, end;  // inclusive byte range
    unsigned char* pointer;
    bool read, write;
    sc_core::sc_time read_latency, write_latency;
  };

  uint64_t byte_address(uint64_t vector_address) const;
  sc_core::sc_time transfer(tlm::tlm_command command, uint64_t address, uint8_t* data, uint64_t bytes);
  sc_core::sc_time burst(tlm::tlm_command command, uint64_t address, uint8_t* data, unsigned bytes,
                         const sc_core::sc_time& local_time = sc_core::SC_ZERO_TIME);
  const DmiRegion* find_dmi(tlm::tlm_command command, uint64_t address, unsigned bytes) const;
  void request_dmi(uint64_t address);

  std::string m_name;
  tlm::tlm_initiator_socket<>& m_socket;
  DramVectorFormat m_format;
  unsigned m_bus_bytes;
  bool m_use_dmi;
  uint32_t m_offset = 0;
  uint8_t m_axcache = 0;
  std::vector<DmiRegion> m_dmi;
  uint64_t m_bursts = 0;
};

}  // namespace acosim::tensil

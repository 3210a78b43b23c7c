#include "systemc/tensil/dram_port.h"

#include <algorithm>
#include <cstring>
#include <sstream>

#include "sw/common/hex.h"

namespace acosim::tensil {

namespace {

// AXI bursts never cross a 4 KiB boundary (AMBA AXI A3.4.1) and are at most
// 256 beats long (Tensil rtl/src/main/scala/tensil/axi/Converter.scala).
constexpr uint64_t kBoundary = 4096;
constexpr uint64_t kMaxBeats = 256;
// The TCU's AXI masters have 32-bit addresses (Tensil's axi/Config.scala).
constexpr uint64_t kAddressSpace = 1ull << 32;

}  // namespace

DramPort::DramPort(std::string name, tlm::tlm_initiator_socket<>& socket, const Architecture& arch,
                   unsigned bus_bytes, bool use_dmi)
    : m_name(std::move(name)),
      m_socket(socket),
      m_format(arch),
      m_bus_bytes(bus_bytes),
      m_use_dmi(use_dmi) {}

void DramPort::configure(uint32_t offset, uint8_t axcache) {
  m_offset = offset;
  if (axcache != m_axcache) m_dmi.clear();
  m_axcache = axcache;
}

void DramPort::invalidate_dmi(uint64_t start, uint64_t end) {
  m_dmi.erase(std::remove_if(m_dmi.begin(), m_dmi.end(),
                             [&](const DmiRegion& r) { return r.start <= end && start <= r.end; }),
              m_dmi.end());
}

uint64_t DramPort::byte_address(uint64_t vector_address) const {
  // Byte address = offset register + vector address x vector bytes
  // (Tensil's axi/Converter.scala).
  return uint64_t(m_offset) + vector_address * m_format.vector_bytes();
}

sc_core::sc_time DramPort::read(uint64_t address, uint32_t stride, uint64_t count,
                                std::vector<Vector>& out) {
  const uint64_t vector_bytes = m_format.vector_bytes();
  out.clear();
  out.reserve(count);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  if (stride == 0) {
    // Contiguous vectors travel as bursts (Tensil's mem/SizeAndStrideHandler.scala).
    std::vector<uint8_t> bytes(count * vector_bytes);
    delay += transfer(tlm::TLM_READ_COMMAND, byte_address(address), bytes.data(), bytes.size());
    for (uint64_t k = 0; k < count; ++k) out.push_back(m_format.unpack(&bytes[k * vector_bytes]));
  } else {
    // Strided transfers are split into single-vector requests.
    std::vector<uint8_t> bytes(vector_bytes);
    for (uint64_t k = 0; k < count; ++k) {
      delay += transfer(tlm::TLM_READ_COMMAND, byte_address(address + (k << stride)), bytes.data(),
                        vector_bytes);
      out.push_back(m_format.unpack(bytes.data()));
    }
  }
  return delay;
}

sc_core::sc_time DramPort::write(uint64_t address, uint32_t stride, const std::vector<Vector>& vectors) {
  const uint64_t vector_bytes = m_format.vector_bytes();
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  if (stride == 0) {
    std::vector<uint8_t> bytes(vectors.size() * vector_bytes);
    for (size_t k = 0; k < vectors.size(); ++k) m_format.pack(vectors[k], &bytes[k * vector_bytes]);
    delay += transfer(tlm::TLM_WRITE_COMMAND, byte_address(address), bytes.data(), bytes.size());
  } else {
    std::vector<uint8_t> bytes(vector_bytes);
    for (size_t k = 0; k < vectors.size(); ++k) {
      m_format.pack(vectors[k], bytes.data());
      delay += transfer(tlm::TLM_WRITE_COMMAND, byte_address(address + (uint64_t(k) << stride)),
                        bytes.data(), vector_bytes);
    }
  }
  return delay;
}

sc_core::sc_time DramPort::transfer(tlm::tlm_command command, uint64_t address, uint8_t* data,
                                    uint64_t bytes) {
  if (address + bytes > kAddressSpace) {
    throw DramError(m_name + " " + (command == tlm::TLM_READ_COMMAND ? "read" : "write") + " at byte address " +
                    hex(address) + " (+" + std::to_string(bytes) +
                    " bytes) leaves the 32-bit AXI address space; check the DRAM offset register");
  }
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const uint64_t max_burst = kMaxBeats * m_bus_bytes;
  uint64_t done = 0;
  while (done < bytes) {
    const uint64_t at = address + done;
    const uint64_t to_boundary = kBoundary - (at % kBoundary);
    const uint64_t chunk = std::min({bytes - done, to_boundary, max_burst});
    delay += burst(command, at, data + done, static_cast<unsigned>(chunk));
    done += chunk;
  }
  return delay;
}

const DramPort::DmiRegion* DramPort::find_dmi(tlm::tlm_command command, uint64_t address,
                                              unsigned bytes) const {
  for (const DmiRegion& r : m_dmi) {
    if (address >= r.start && address + bytes - 1 <= r.end &&
        (command == tlm::TLM_READ_COMMAND ? r.read : r.write)) {
      return &r;
    }
  }
  return nullptr;
}

void DramPort::request_dmi(uint64_t address) {
  tlm::tlm_generic_payload trans;
  core::AxiCacheExtension cache(m_axcache);
  trans.set_address(address);
  trans.set_command(tlm::TLM_READ_COMMAND);
  trans.set_extension(&cache);
  tlm::tlm_dmi dmi;
  const bool granted = m_socket->get_direct_mem_ptr(trans, dmi);
  trans.clear_extension(&cache);
  if (!granted || dmi.get_dmi_ptr() == nullptr) return;
  m_dmi.push_back(DmiRegion{dmi.get_start_address(), dmi.get_end_address(), dmi.get_dmi_ptr(),
                            dmi.is_read_allowed(), dmi.is_write_allowed(), dmi.get_read_latency(),
                            dmi.get_write_latency()});
}

sc_core::sc_time DramPort::transfer_burst(tlm::tlm_command command, uint64_t byte_address, uint8_t* data,
                                          unsigned bytes, const sc_core::sc_time& local_time) {
  return burst(command, byte_address, data, bytes, local_time);
}

sc_core::sc_time DramPort::burst(tlm::tlm_command command, uint64_t address, uint8_t* data, unsigned bytes,
                                 const sc_core::sc_time& local_time) {
  ++m_bursts;
  if (m_use_dmi) {
    if (const DmiRegion* r = find_dmi(command, address, bytes)) {
      unsigned char* p = r->pointer + (address - r->start);
      if (command == tlm::TLM_READ_COMMAND) {
        std::memcpy(data, p, bytes);
        return r->read_latency;
      }
      std::memcpy(p, data, bytes);
      return r->write_latency;
    }
  }
  const core::AxiTransferOutcome outcome =
      core::axi_transfer(m_socket, command, address, data, bytes, m_axcache, local_time);
  if (!outcome.ok) {
    throw DramError(m_name + " " + (command == tlm::TLM_READ_COMMAND ? "read" : "write") + " of " +
                    std::to_string(bytes) + " bytes at byte address " + hex(address) +
                    " failed: " + outcome.response);
  }
  if (m_use_dmi && outcome.dmi_allowed) request_dmi(address);
  return outcome.delay;
}

}  // namespace acosim::tensil

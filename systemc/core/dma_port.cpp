#include "systemc/core/dma_port.h"

#include <algorithm>
#include <cstring>
#include <sstream>

#include "sw/common/hex.h"

namespace acosim::core {

namespace {

// Transactions of at most 4 KiB, as an AXI DMA splits its bursts.
constexpr uint64_t kMaxTransactionBytes = 4096;

}  // namespace

DmaPort::DmaPort(std::string name, tlm::tlm_initiator_socket<>& socket)
    : m_name(std::move(name)), m_socket(socket) {}

sc_core::sc_time DmaPort::read(uint64_t address, uint8_t* data, uint64_t bytes) {
  m_bytes_read += bytes;
  return transfer(tlm::TLM_READ_COMMAND, address, data, bytes);
}

sc_core::sc_time DmaPort::write(uint64_t address, const uint8_t* data, uint64_t bytes) {
  m_bytes_written += bytes;
  // b_transport takes a non-const pointer; a write command does not modify it.
  return transfer(tlm::TLM_WRITE_COMMAND, address, const_cast<uint8_t*>(data), bytes);
}

// Regions are disjoint and sorted by start, so their ends are sorted too:
// the overlapping ones are the last few that start at or before `end`.
void DmaPort::invalidate_overlaps(uint64_t start, uint64_t end) {
  auto it = m_dmi.upper_bound(end);
  while (it != m_dmi.begin()) {
    const auto previous = std::prev(it);
    if (previous->second.end < start) break;
    it = m_dmi.erase(previous);
  }
  m_last[0] = m_last[1] = nullptr;
}

void DmaPort::invalidate(uint64_t start, uint64_t end) {
  invalidate_overlaps(start, end);
  m_no_dmi.clear();
}

// One request pays the target's fixed latency once (a DMA request is
// pipelined over its beats); b_transport chunks add what the target
// annotates, including any bandwidth limit.
sc_core::sc_time DmaPort::transfer(tlm::tlm_command command, uint64_t address, uint8_t* data,
                                   uint64_t bytes) {
  if (bytes == 0) return sc_core::SC_ZERO_TIME;
  if (address + bytes < address) {
    throw DmaError(m_name + ": request at " + hex(address) + " of " + std::to_string(bytes) +
                   " bytes wraps around the address space");
  }
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  bool latency_paid = false;
  uint64_t done = 0;
  while (done < bytes) {
    const uint64_t at = address + done;
    if (const DmiRegion* region = find_dmi(command, at)) {
      const uint64_t n = std::min(bytes - done, region->end - at + 1);
      unsigned char* p = region->pointer + (at - region->start);
      if (command == tlm::TLM_READ_COMMAND) {
        std::memcpy(data + done, p, n);
      } else {
        std::memcpy(p, data + done, n);
      }
      if (!latency_paid) {
        delay += command == tlm::TLM_READ_COMMAND ? region->read_latency : region->write_latency;
        latency_paid = true;
      }
      done += n;
      continue;
    }
    const uint64_t n = std::min(bytes - done, kMaxTransactionBytes);
    delay += transport(command, at, data + done, static_cast<unsigned>(n));
    latency_paid = true;
    done += n;
  }
  return delay;
}

const DmaPort::DmiRegion* DmaPort::find_dmi(tlm::tlm_command command, uint64_t address) {
  auto allowed = [command](const DmiRegion& r) { return command == tlm::TLM_READ_COMMAND ? r.read : r.write; };
  const DmiRegion*& last = m_last[command == tlm::TLM_READ_COMMAND ? 0 : 1];
  if (last != nullptr && address >= last->start && address <= last->end) {
    return allowed(*last) ? last : nullptr;
  }
  auto it = m_dmi.upper_bound(address);
  if (it != m_dmi.begin()) {
    const DmiRegion& r = std::prev(it)->second;
    if (address <= r.end) {
      last = &r;
      return allowed(r) ? &r : nullptr;
    }
  }
  for (const auto& [start, end] : m_no_dmi) {
    if (address >= start && address <= end) return nullptr;
  }
  tlm::tlm_generic_payload trans;
  trans.set_command(command);
  trans.set_address(address);
  tlm::tlm_dmi dmi;
  if (!m_socket->get_direct_mem_ptr(trans, dmi) || dmi.get_dmi_ptr() == nullptr) {
    m_no_dmi.emplace_back(dmi.get_start_address(), dmi.get_end_address());
    return nullptr;
  }
  const DmiRegion region{dmi.get_start_address(), dmi.get_end_address(), dmi.get_dmi_ptr(),
                         dmi.is_read_allowed(), dmi.is_write_allowed(), dmi.get_read_latency(),
                         dmi.get_write_latency()};
  // A new grant replaces any region it overlaps (std::map keeps one per start).
  invalidate_overlaps(region.start, region.end);
  const DmiRegion& r = m_dmi[region.start] = region;
  last = &r;
  return allowed(r) ? &r : nullptr;
}

sc_core::sc_time DmaPort::transport(tlm::tlm_command command, uint64_t address, uint8_t* data,
                                    unsigned bytes) {
  tlm::tlm_generic_payload trans;
  trans.set_command(command);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(bytes);
  trans.set_streaming_width(bytes);
  trans.set_byte_enable_ptr(nullptr);
  trans.set_dmi_allowed(false);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  m_socket->b_transport(trans, delay);
  if (trans.get_response_status() != tlm::TLM_OK_RESPONSE) {
    throw DmaError(m_name + ": " + (command == tlm::TLM_READ_COMMAND ? "read" : "write") + " of " +
                   std::to_string(bytes) + " bytes at " + hex(address) + " failed: " +
                   trans.get_response_string());
  }
  return delay;
}

}  // namespace acosim::core

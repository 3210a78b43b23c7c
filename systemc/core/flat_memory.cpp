#include "systemc/core/flat_memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "sw/common/hex.h"

namespace acosim::core {

FlatMemory::FlatMemory(sc_core::sc_module_name name, uint64_t base, uint64_t size)
    : sc_module(name), socket("socket"), m_base(base), m_size(size) {
  if (size == 0 || base + (size - 1) < base) {
    throw std::invalid_argument(std::string(this->name()) + ": window at " + hex(base) + " of " +
                                std::to_string(size) + " bytes is empty or wraps around");
  }
  // MAP_NORESERVE: the window is reserved address space, not committed
  // memory; pages appear (zeroed) when first written.
  void* data = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (data == MAP_FAILED) {
    throw std::runtime_error(std::string(this->name()) + ": cannot reserve " +
                             std::to_string(size) + " bytes of address space");
  }
  m_data = static_cast<uint8_t*>(data);
  socket.register_b_transport(this, &FlatMemory::b_transport);
  socket.register_transport_dbg(this, &FlatMemory::transport_dbg);
  socket.register_get_direct_mem_ptr(this, &FlatMemory::get_direct_mem_ptr);
}

FlatMemory::~FlatMemory() { munmap(m_data, m_size); }

// The target's obligations of IEEE 1666-2011 14.17: an access outside the
// window is an address error and touches nothing; byte enables and
// streaming are not modelled by a plain memory and are refused.
void FlatMemory::b_transport(int, tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
  const uint64_t address = trans.get_address();
  const unsigned length = trans.get_data_length();
  if (!contains(address, length)) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (trans.get_byte_enable_ptr() != nullptr) {
    trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  if (trans.get_streaming_width() < length) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  uint8_t* memory = m_data + (address - m_base);
  if (trans.get_command() == tlm::TLM_WRITE_COMMAND) {
    std::memcpy(memory, trans.get_data_ptr(), length);
  } else if (trans.get_command() == tlm::TLM_READ_COMMAND) {
    std::memcpy(trans.get_data_ptr(), memory, length);
  }
  trans.set_dmi_allowed(true);
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned FlatMemory::transport_dbg(int, tlm::tlm_generic_payload& trans) {
  const uint64_t address = trans.get_address();
  if (!contains(address, 1) || trans.get_data_ptr() == nullptr) return 0;
  const auto bytes = static_cast<unsigned>(
      std::min<uint64_t>(trans.get_data_length(), m_size - (address - m_base)));
  uint8_t* memory = m_data + (address - m_base);
  if (trans.get_command() == tlm::TLM_WRITE_COMMAND) {
    std::memcpy(memory, trans.get_data_ptr(), bytes);
  } else if (trans.get_command() == tlm::TLM_READ_COMMAND) {
    std::memcpy(trans.get_data_ptr(), memory, bytes);
  } else {
    return 0;
  }
  return bytes;
}

bool FlatMemory::get_direct_mem_ptr(int, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
  dmi.init();
  if (!contains(trans.get_address(), 1)) return false;  // denied (init() covers every address)
  dmi.set_dmi_ptr(m_data);
  dmi.set_start_address(m_base);
  dmi.set_end_address(m_base + m_size - 1);
  dmi.allow_read_write();
  return true;
}

}  // namespace acosim::core

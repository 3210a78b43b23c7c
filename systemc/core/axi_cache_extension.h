// AXI AxCACHE carried on a TLM generic payload (ARCACHE/AWCACHE of the
// memory request, AMBA AXI spec A4.4). Initiators that model an AXI master
// attach it; memory targets record what they see.
#pragma once

#include <cstdint>
#include <string>

#include <tlm>

namespace acosim::core {

class AxiCacheExtension : public tlm::tlm_extension<AxiCacheExtension> {
 public:
  explicit AxiCacheExtension(uint8_t value = 0) : axcache(value) {}
  tlm::tlm_extension_base* clone() const override { return new AxiCacheExtension(axcache); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    axcache = static_cast<const AxiCacheExtension&>(other).axcache;
  }
  uint8_t axcache;  // 4-bit AxCACHE value
};

/// What one memory transfer of an AXI master came back with.
struct AxiTransferOutcome {
  sc_core::sc_time delay;  // what the target added to the initiator's local time
  bool ok = false;
  bool dmi_allowed = false;  // the target's hint that a DMI request would be granted
  std::string response;      // the response status, for the error message
};

/// One blocking transfer of `bytes` plain bytes at `address`, carrying the
/// master's AxCACHE, as an AXI master's burst reaches a memory target.
inline AxiTransferOutcome axi_transfer(tlm::tlm_initiator_socket<>& socket, tlm::tlm_command command,
                                       uint64_t address, uint8_t* data, unsigned bytes, uint8_t axcache,
                                       const sc_core::sc_time& local) {
  tlm::tlm_generic_payload trans;
  AxiCacheExtension cache(axcache);
  trans.set_command(command);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(bytes);
  trans.set_streaming_width(bytes);
  trans.set_byte_enable_ptr(nullptr);
  trans.set_dmi_allowed(false);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  trans.set_extension(&cache);
  sc_core::sc_time delay = local;
  socket->b_transport(trans, delay);
  trans.clear_extension(&cache);
  return {delay - local, !trans.is_response_error(), trans.is_dmi_allowed(), trans.get_response_string()};
}

}  // namespace acosim::core

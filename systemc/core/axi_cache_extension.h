// AXI AxCACHE carried on a TLM generic payload (ARCACHE/AWCACHE of the
// memory request, AMBA AXI spec A4.4). Initiators that model an AXI master
// attach it; memory targets record what they see.
#pragma once

#include <cstdint>

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

}  // namespace acosim::core

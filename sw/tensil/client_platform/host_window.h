// Host pages mapped at the physical addresses Tensil's embedded driver uses:
// the driver casts its buffer addresses (TENSIL_PLATFORM_*_BASE) to pointers
// and derives the TCU's DRAM offset registers from them (driver.c,
// tensil_driver_init and run_config), so its view of memory must live at
// exactly those addresses of the host process.
#pragma once

#include <cstddef>
#include <cstdint>

namespace acosim::tensil::client {

class HostWindow {
 public:
  // Maps [base, base + bytes) (page aligned) with MAP_FIXED_NOREPLACE and
  // MAP_NORESERVE: pages cost memory only once touched. Throws
  // std::runtime_error naming the range if anything is mapped there already.
  HostWindow(uint64_t base, uint64_t bytes);
  ~HostWindow();
  HostWindow(const HostWindow&) = delete;
  HostWindow& operator=(const HostWindow&) = delete;

  uint64_t base() const { return m_base; }
  uint64_t bytes() const { return m_bytes; }
  bool contains(uint64_t address, uint64_t bytes) const;
  uint8_t* at(uint64_t address) const { return reinterpret_cast<uint8_t*>(address); }

 private:
  uint64_t m_base;
  uint64_t m_bytes;
};

}  // namespace acosim::tensil::client

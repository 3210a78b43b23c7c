// One 32-bit CSB access as a unit's register file receives it: the CSB
// router has already checked size and alignment and reduced the address to
// the unit's 12-bit register offset.
#pragma once

#include <cstdint>
#include <cstring>

#include <tlm>

namespace acosim::nvdla {

inline uint32_t csb_offset(const tlm::tlm_generic_payload& trans) {
  return static_cast<uint32_t>(trans.get_address() & 0xFFF);
}

inline uint32_t csb_write_data(const tlm::tlm_generic_payload& trans) {
  uint32_t value = 0;
  std::memcpy(&value, trans.get_data_ptr(), 4);  // the CSB is little-endian, like the host
  return value;
}

inline void csb_set_read_data(tlm::tlm_generic_payload& trans, uint32_t value) {
  std::memcpy(trans.get_data_ptr(), &value, 4);
}

}  // namespace acosim::nvdla

#include "sw/nvdla/regs/register_info.h"

#include <algorithm>
#include <cstring>

namespace acosim::nvdla::regs {

const char* access_name(Access access) {
  switch (access) {
    case Access::RW: return "RW";
    case Access::RO: return "RO";
    case Access::W1C: return "W1C";
    case Access::W1S: return "W1S";
    case Access::Trigger: return "Trigger";
    case Access::SetOnly: return "SetOnly";
  }
  return "?";
}

// The generator emits every table sorted by offset (it rejects descriptions
// whose offsets are not ascending), so an offset is found by binary search.
const RegisterInfo* UnitInfo::find(uint32_t offset) const {
  const RegisterInfo* end = registers + register_count;
  const RegisterInfo* it = std::lower_bound(
      registers, end, offset, [](const RegisterInfo& r, uint32_t o) { return r.offset < o; });
  return it != end && it->offset == offset ? it : nullptr;
}

const RegisterInfo* UnitInfo::find(const char* register_name) const {
  if (register_name == nullptr) return nullptr;
  for (size_t i = 0; i < register_count; ++i) {
    if (std::strcmp(registers[i].name, register_name) == 0) return &registers[i];
  }
  return nullptr;
}

}  // namespace acosim::nvdla::regs

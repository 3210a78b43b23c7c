#include "systemc/tensil/config_register_file.h"

namespace acosim::tensil {

ConfigRegisterFile::ConfigRegisterFile() {
  for (uint32_t reg = 0; reg < 16; ++reg) {
    if (const ConfigRegisterInfo* info = config_register_info(reg)) m_values[reg] = info->reset_value;
  }
}

bool ConfigRegisterFile::write(uint32_t reg, uint32_t value) {
  const ConfigRegisterInfo* info = config_register_info(reg);
  if (info == nullptr) return false;
  m_values[reg] = (value & info->value_mask) << info->shift;
  return true;
}

}  // namespace acosim::tensil

// The TCU's configuration registers (Tensil
// rtl/src/main/scala/tensil/tcu/instruction/Configure.scala), written by Configure.
// Their numbers, kept bits, shifts and reset values come from the contract
// table in sw/tensil/regs/config_registers.h.
#pragma once

#include <array>
#include <cstdint>

#include "sw/tensil/regs/config_registers.h"

namespace acosim::tensil {

class ConfigRegisterFile {
 public:
  ConfigRegisterFile();

  // Stores Configure's 28-bit value into `reg` as the RTL does (kept bits,
  // shifted). Returns false for register numbers that do not exist (the RTL
  // consumes such a Configure and changes nothing).
  bool write(uint32_t reg, uint32_t value);
  uint32_t read(uint32_t reg) const { return m_values[reg & 0xF]; }
  uint32_t read(ConfigRegister reg) const { return read(static_cast<uint32_t>(reg)); }

 private:
  std::array<uint32_t, 16> m_values{};
};

}  // namespace acosim::tensil

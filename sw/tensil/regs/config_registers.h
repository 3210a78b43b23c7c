// The TCU configuration registers written by Configure (opcode 0xF),
// Tensil rtl/src/main/scala/tensil/tcu/instruction/Configure.scala. The one
// description of them: the model's register file and
// the driver both use this table.
#pragma once

#include <cstdint>

namespace acosim::tensil {

enum class ConfigRegister : uint8_t {
  Dram0AddressOffset = 0x0,
  Dram0CacheBehaviour = 0x1,
  Dram1AddressOffset = 0x4,
  Dram1CacheBehaviour = 0x5,
  Timeout = 0x8,
  Tracepoint = 0x9,
  ProgramCounter = 0xA,
  SampleInterval = 0xB,
};

struct ConfigRegisterInfo {
  ConfigRegister id;
  const char* name;
  // Value bits the register keeps from Configure's 28-bit value field.
  uint32_t value_mask;
  // Left shift applied to the kept bits (DRAM offsets count 64 KiB blocks).
  unsigned shift;
  uint32_t reset_value;
};

// Registers 0x2, 0x3, 0x6, 0x7 and 0xC..0xF do not exist: a Configure of them
// is consumed and ignored by the RTL. Returns nullptr for those.
const ConfigRegisterInfo* config_register_info(uint32_t reg);

// Reset value of the timeout register: the RTL generator's --decoder-timeout
// default.
constexpr uint32_t kDefaultDecoderTimeout = 100;
// DRAM offsets are in units of 64 KiB blocks.
constexpr unsigned kDramOffsetShift = 16;

}  // namespace acosim::tensil

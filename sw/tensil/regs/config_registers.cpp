#include "sw/tensil/regs/config_registers.h"

namespace acosim::tensil {

namespace {

// Tensil's tcu/Decoder.scala. DRAM offsets keep value[15:0] shifted into 64 KiB blocks;
// cache behaviour keeps the 4-bit AxCACHE; timeout and sample interval keep
// 16 bits; tracepoint and program counter keep all 28 value bits, and the
// tracepoint resets to all ones (only reachable by reset: a Configure writes
// at most 28 bits).
constexpr ConfigRegisterInfo kRegisters[] = {
    {ConfigRegister::Dram0AddressOffset, "dram0_offset", 0xFFFF, kDramOffsetShift, 0},
    {ConfigRegister::Dram0CacheBehaviour, "dram0_cache", 0xF, 0, 0},
    {ConfigRegister::Dram1AddressOffset, "dram1_offset", 0xFFFF, kDramOffsetShift, 0},
    {ConfigRegister::Dram1CacheBehaviour, "dram1_cache", 0xF, 0, 0},
    {ConfigRegister::Timeout, "timeout", 0xFFFF, 0, kDefaultDecoderTimeout},
    {ConfigRegister::Tracepoint, "tracepoint", 0x0FFFFFFF, 0, 0xFFFFFFFF},
    {ConfigRegister::ProgramCounter, "program_counter", 0x0FFFFFFF, 0, 0},
    {ConfigRegister::SampleInterval, "sample_interval", 0xFFFF, 0, 0},
};

}  // namespace

const ConfigRegisterInfo* config_register_info(uint32_t reg) {
  for (const ConfigRegisterInfo& info : kRegisters) {
    if (uint32_t(info.id) == reg) return &info;
  }
  return nullptr;
}

}  // namespace acosim::tensil

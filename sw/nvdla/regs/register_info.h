// The shape of a generated NVDLA register map (sw/nvdla/regs/<unit>.h).
// The generated headers are the hardware/software contract: the driver uses
// their offsets and fields, the SystemC models build their register banks
// from their tables, so the two cannot drift. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla::regs {

// How software and hardware act on a register.
enum class Access : uint8_t {
  RW,       // stored bits read back as written
  RO,       // hardware state; writes are ignored
  W1C,      // reads the stored bits; writing 1 clears a bit (GLB S_INTR_STATUS)
  W1S,      // writing 1 sets bits elsewhere; always reads 0 (GLB S_INTR_SET)
  Trigger,  // RW flop whose write also starts an action (BDMA CFG_OP, CFG_LAUNCHx)
  SetOnly,  // software may set bit 0, only hardware clears it (D_OP_ENABLE)
};

const char* access_name(Access access);

// A bit field of a register: value = (word >> lsb) & ((1 << width) - 1).
struct Field {
  uint8_t lsb;
  uint8_t width;
  constexpr uint32_t mask() const {
    return width >= 32 ? 0xFFFFFFFFu : (((1u << width) - 1u) << lsb);
  }
  constexpr uint32_t get(uint32_t word) const { return (word & mask()) >> lsb; }
  constexpr uint32_t put(uint32_t value) const { return (value << lsb) & mask(); }
};

struct FieldInfo {
  const char* name;  // e.g. "POOLING_METHOD"
  Field field;
};

struct RegisterInfo {
  const char* name;     // register name without the "_0" suffix, e.g. "D_OP_ENABLE"
  uint32_t offset;      // byte offset inside the unit's 4 KiB window
  uint32_t reset;       // value after reset
  uint32_t read_mask;   // bits that read back (others read 0)
  uint32_t write_mask;  // bits a write stores (0 for RO and W1S)
  Access access;
  bool grouped;         // D-register: one copy per ping-pong register group
  const FieldInfo* fields;
  size_t field_count;
};

// One unit's register map in one hardware configuration.
struct UnitInfo {
  const char* name;  // "GLB", "BDMA", "PDP_RDMA", "PDP", "SDP_RDMA", "SDP"
  const RegisterInfo* registers;
  size_t register_count;
  const RegisterInfo* find(uint32_t offset) const;
  const RegisterInfo* find(const char* register_name) const;
};

}  // namespace acosim::nvdla::regs

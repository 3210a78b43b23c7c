// What the clocked TCU writes, instruction by instruction, for a checker
// beside it (the functional check, systemc/tensil/functional/functional_check.h).
// Instructions are numbered in the order they reach the decoder's head.
#pragma once

#include <cstdint>

#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil::clocked {

class WriteObserver {
 public:
  virtual ~WriteObserver() = default;
  // An instruction that passed its checks reached the head.
  virtual void started(uint64_t index, uint32_t program_counter, const Instruction& instruction) = 0;
  virtual void local_written(uint64_t index, uint64_t address, const Vector& value) = 0;
  // `value` as stored, after any accumulation.
  virtual void accumulator_written(uint64_t index, uint64_t address, const Vector& value) = 0;
  // A vector read from local memory for DRAM `bank` at vector `address`.
  virtual void dram_written(uint64_t index, unsigned bank, uint64_t address, const Vector& value) = 0;
};

}  // namespace acosim::tensil::clocked

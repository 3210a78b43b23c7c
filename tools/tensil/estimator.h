// The latency (and energy) estimate that Tensil's compiler reports for a
// program: its tools/src/tensil/tools/compiler/Estimator.scala applied to
// every instruction in program order and summed, which the compiler prints
// as "Aggregate latency" / "Aggregate energy" in its summary
// (tools/src/tensil/tools/compiler/Stats.scala). Meant for
// `acosim tensil estimate` and for comparison with the cycles the simulated
// TCU takes. Plain C++17, no SystemC.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {

// What Estimator.scala returns for one instruction.
struct InstructionEstimate {
  uint64_t cycles = 0;
  uint64_t energy = 0;  // Tensil's abstract energy units
};

// Tensil's Estimator: the cost of an instruction depends on its opcode, its
// size field, its DataMove kind and the opcode of the instruction before it,
// so one Estimator must see a program's instructions in order.
class Estimator {
 public:
  explicit Estimator(const Architecture& arch);

  // Estimates `instruction` and remembers its opcode for the next call.
  InstructionEstimate next(const Instruction& instruction);

 private:
  uint64_t m_array_size;
  uint8_t m_previous_opcode;
};

// A whole program's estimate. Indexes are opcodes (0x0..0xF) and DataMove
// kinds (the DataMove flags nibble, 0x0..0xF).
struct Estimate {
  uint64_t cycles = 0;        // the compiler's "Aggregate latency"
  uint64_t energy = 0;        // the compiler's "Aggregate energy"
  uint64_t instructions = 0;
  std::array<uint64_t, 16> cycles_by_opcode{};
  std::array<uint64_t, 16> energy_by_opcode{};
  std::array<uint64_t, 16> instructions_by_opcode{};
  std::array<uint64_t, 16> data_move_cycles_by_kind{};
};

// Decodes `program` (a .tprog's bytes) with the instruction layout of `arch`
// and estimates every instruction. Throws FormatError (sw/tensil/model.h)
// when the architecture is invalid or the byte count is not a whole number
// of instructions.
Estimate estimate_program(const Architecture& arch, const std::vector<uint8_t>& program);

}  // namespace acosim::tensil

#include "tools/tensil/estimator.h"

#include <string>

#include "sw/tensil/model.h"

namespace acosim::tensil {

namespace {

// Costs of one vector moved, from the constants of Estimator.scala: every
// transfer takes one cycle whether it touches DRAM or stays inside the TCU
// (Tensil keeps a more detailed DRAM model there, commented out and unused);
// only the energy differs.
constexpr uint64_t kInternalTransferCycles = 1;
constexpr uint64_t kInternalTransferEnergy = 10;
constexpr uint64_t kDramTransferCycles = 1;
constexpr uint64_t kDramTransferEnergy = 100;

// Estimator.scala's DataMove rule tests the flags against the four DRAM
// directions of tools/src/tensil/tools/compiler/DataMoveFlags.scala; every
// other flags value, defined or not, is priced as an internal transfer.
bool is_dram_transfer(uint8_t kind) {
  return kind == uint8_t(DataMoveKind::Dram0ToLocal) || kind == uint8_t(DataMoveKind::LocalToDram0) ||
         kind == uint8_t(DataMoveKind::Dram1ToLocal) || kind == uint8_t(DataMoveKind::LocalToDram1);
}

}  // namespace

// Estimator.scala starts as if a Wait (opcode 0, our NoOp) had come before
// the first instruction.
Estimator::Estimator(const Architecture& arch)
    : m_array_size(arch.array_size), m_previous_opcode(uint8_t(Opcode::NoOp)) {}

InstructionEstimate Estimator::next(const Instruction& in) {
  InstructionEstimate e;
  switch (in.opcode) {
    case uint8_t(Opcode::NoOp):
      // Estimator.estimateCyclesAndEnergy, case Wait: one cycle, no energy.
      // Tensil's tools call opcode 0 Wait; a NoOp is a Wait on its own thread
      // (LIR.emitNoOp in tools/src/tensil/tools/compiler/LIR.scala).
      e.cycles = 1;
      break;
    case uint8_t(Opcode::MatMul): {
      // Estimator.estimateCyclesAndEnergy, case MatMul: size+1 vectors go
      // through the array, plus the time to fill it. Right after another
      // MatMul the array is already streaming (no fill); right after
      // LoadWeights one array_size of fill remains; after anything else the
      // fill costs twice array_size. Energy is one MAC per array cell per
      // vector. The size is operand 2 (Tensil's compiler/lir/StreamGen.scala
      // emitMatMul).
      const uint64_t vectors = in.operand2 + 1;
      if (m_previous_opcode == uint8_t(Opcode::MatMul)) {
        e.cycles = vectors;
      } else if (m_previous_opcode == uint8_t(Opcode::LoadWeights)) {
        e.cycles = vectors + m_array_size;
      } else {
        e.cycles = vectors + 2 * m_array_size;
      }
      e.energy = vectors * m_array_size * m_array_size;
      break;
    }
    case uint8_t(Opcode::Simd):
      // Estimator.estimateCyclesAndEnergy, case SIMD: one cycle whatever the
      // operation or flags, one unit of energy per lane.
      e.cycles = 1;
      e.energy = m_array_size;
      break;
    case uint8_t(Opcode::LoadWeights): {
      // Estimator.estimateCyclesAndEnergy, case LoadWeights: an internal
      // transfer of size+1 vectors (zeroes or not). The size is the whole of
      // operand 1 (StreamGen.emitLoadWeights, emitLocalSizeOperand1).
      const uint64_t vectors = in.operand1_whole + 1;
      e.cycles = vectors * kInternalTransferCycles;
      e.energy = vectors * kInternalTransferEnergy;
      break;
    }
    case uint8_t(Opcode::DataMove): {
      // Estimator.estimateCyclesAndEnergy, case DataMove: size+1 vectors at
      // the DRAM or the internal transfer cost depending on the direction in
      // the flags. The size is operand 2 (StreamGen.emitDataMove).
      const uint64_t vectors = in.operand2 + 1;
      if (is_dram_transfer(in.flags)) {
        e.cycles = vectors * kDramTransferCycles;
        e.energy = vectors * kDramTransferEnergy;
      } else {
        e.cycles = vectors * kInternalTransferCycles;
        e.energy = vectors * kInternalTransferEnergy;
      }
      break;
    }
    default:
      // Estimator.estimateCyclesAndEnergy's fallback: any other opcode
      // (Configure, the undefined 0x5..0xE) costs nothing. It still becomes
      // the previous opcode below, as the Estimator records every opcode it
      // is asked about.
      break;
  }
  m_previous_opcode = in.opcode;
  return e;
}

Estimate estimate_program(const Architecture& arch, const std::vector<uint8_t>& program) {
  const std::string problem = arch.validate();
  if (!problem.empty()) throw FormatError("architecture: " + problem);
  const InstructionLayout layout = InstructionLayout::derive(arch);
  const size_t width = layout.instruction_bytes;
  if (program.size() % width != 0) {
    throw FormatError("program of " + std::to_string(program.size()) + " bytes is not a whole number of " +
                      std::to_string(width) + "-byte instructions: instruction " +
                      std::to_string(program.size() / width) + " is truncated");
  }

  // The compiler's aggregate figures (Stats.aggregateCycles/aggregateEnergy)
  // add up the estimate of every instruction written to the program: one
  // StatsGen with one Estimator sees the whole instruction stream, across
  // layers (Backend.writeSegments in tools/src/tensil/tools/compiler/
  // Backend.scala, lir/StatsGen.scala).
  Estimator estimator(arch);
  Estimate total;
  for (size_t offset = 0; offset < program.size(); offset += width) {
    const Instruction in = decode_instruction(layout, program.data() + offset);
    const InstructionEstimate e = estimator.next(in);
    const unsigned op = in.opcode & 0xF;
    total.cycles += e.cycles;
    total.energy += e.energy;
    total.instructions += 1;
    total.cycles_by_opcode[op] += e.cycles;
    total.energy_by_opcode[op] += e.energy;
    total.instructions_by_opcode[op] += 1;
    if (in.opcode == uint8_t(Opcode::DataMove)) total.data_move_cycles_by_kind[in.flags & 0xF] += e.cycles;
  }
  return total;
}

}  // namespace acosim::tensil

// Executes TCU instructions on the units: local memory, accumulators, the
// systolic array engine, the SIMD ALU array and the DRAM ports. Instructions
// run one after another in program order, which is what Tensil's emulator
// does and what the RTL's per-unit in-order queues and local-memory locks
// guarantee for the programs its compiler emits (Tensil
// rtl/src/main/scala/tensil/tcu/Decoder.scala, mutex/LockPool.scala;
// tools/src/tensil/tools/emulator/Emulator.scala).
//
// Simulated time per instruction (cycles of the TCU clock):
//   NoOp, Configure, consumed invalid words   1
//   LoadWeights size s                        s + 1 (one row per cycle)
//   MatMul size s                             s + 1 + (2n - 1): stream, then
//                                             drain the array (SystolicArray.scala)
//   DataMove local <-> accumulators size s    s + 1
//   DataMove local <-> DRAM size s            s + 1 + the DRAM's time
//                                             (target latency/bandwidth),
//                                             rounded up to whole cycles
//   SIMD                                      1, or 2 with read and write
//                                             (two controller steps,
//                                             AccumulatorWithALUArray.scala)
//
// The decoder is also the numeric oracle of `--check functional`, so its
// fixed-point arithmetic, SIMD ALU and SIMD sub-instruction decoding are its
// own (systemc/tensil/functional/), not the clocked model's.
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/config_register_file.h"
#include "systemc/tensil/dram_port.h"
#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/functional/fixed.h"
#include "systemc/tensil/functional/simd_alu.h"
#include "systemc/tensil/tcu.h"
#include "systemc/tensil/vector_memory.h"

namespace acosim::tensil::functional {

// The functional decoder (clocked::Decoder is the clocked model's).
class Decoder {
 public:
  Decoder(const Architecture& arch, ArrayEngine& array, VectorDram& dram0, VectorDram& dram1,
          ConfigRegisterFile& config, TcuStatistics& statistics, sc_core::sc_time clock_period);

  // Executes one checked instruction that starts at TCU cycle `cycle` and
  // returns the cycles it took. Throws DramError or ArrayMismatch.
  uint64_t execute(const Instruction& instruction, uint64_t cycle);

  const VectorMemory& local() const { return m_local; }
  const VectorMemory& accumulators() const { return m_accumulators; }

 private:
  uint64_t matmul(const Instruction& in, uint64_t cycle);
  uint64_t load_weights(const Instruction& in, uint64_t cycle);
  uint64_t data_move(const Instruction& in);
  uint64_t simd(const Instruction& in);
  void configure(const Instruction& in);
  uint64_t cycles_of(const sc_core::sc_time& t) const;
  void accumulate_into(uint64_t address, const Vector& value);
  void accumulate_into(uint64_t address, const int32_t* value);

  Architecture m_arch;
  unsigned m_n;
  unsigned m_simd_operand_bits;  // w: log2Ceil(simd_registers_depth + 1) bits
  functional::NumberFormat m_format;
  ArrayEngine& m_array;
  VectorDram& m_dram0;
  VectorDram& m_dram1;
  ConfigRegisterFile& m_config;
  TcuStatistics& m_stats;
  sc_core::sc_time m_period;
  VectorMemory m_local;
  VectorMemory m_accumulators;
  // MatMul's input and output vectors, kept between instructions so streaming a
  // MatMul allocates nothing once the buffer has grown.
  std::vector<Vector> m_matmul_inputs;
  std::vector<Vector> m_matmul_outputs;
  functional::AluArray m_alu;
  std::vector<int32_t> m_simd_zero;    // the ALU input when the instruction does not read
  std::vector<int32_t> m_simd_output;
  // The functional array when the engine is one (the fast engine and the
  // functional check): MatMul then runs on the memories' rows in place.
  FastArray* m_fast;
  std::vector<const int32_t*> m_input_rows;
  std::vector<int32_t*> m_output_rows;
  std::vector<int32_t> m_scratch;
};

}  // namespace acosim::tensil::functional

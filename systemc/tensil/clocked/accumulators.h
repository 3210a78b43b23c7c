// The accumulators and the SIMD ALU array of the clocked TCU, timed as
// Tensil's tcu/AccumulatorWithALUArray.scala and tcu/Accumulator.scala do.
// The decoder's acc part (one entry per instruction, a queue of 2n) goes
// through a SizeAndStrideHandler that emits one control per vector into a
// Queue(2) (tcu/TCU.scala). Controls are served in order, one per cycle at
// most, on the accumulator memory's port A:
//   write from the array    waits for the array's result;
//   write from local memory waits for local memory port A's data
//                           (DataMove 0xD/0xF);
//   read to local memory    data one cycle later (read latency 1), towards a
//                           local memory write (DataMove 0xC);
//   SIMD                    an optional read (latency 1), the ALU (latency 2,
//                           simd/ALUArray.scala), an optional write of its
//                           result; the next control waits for that write.
// Accumulating writes add the old value in the same cycle (util/decoupled/
// VecAdder.scala). The RTL reads that old value on port B without ordering
// it against an earlier accumulating write to the same address still on
// its way (Accumulator.scala takes its lock for plain writes only): such
// pairs are recorded as hazards instead of being silently made safe.
#pragma once

#include <cstdint>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/clocked/fifo.h"
#include "systemc/tensil/clocked/systolic_array.h"
#include "systemc/tensil/clocked/vector_pool.h"
#include "systemc/tensil/clocked/write_observer.h"
#include "systemc/tensil/fixed_point.h"
#include "systemc/tensil/simd_alu.h"
#include "systemc/tensil/vector_memory.h"

namespace acosim::tensil::clocked {

enum class AccOp { WriteFromArray, WriteFromLocal, ReadToLocal, Simd };

// The decoder's acc part of one instruction.
struct AccInstruction {
  AccOp op = AccOp::WriteFromArray;
  uint64_t address = 0;  // first vector (SIMD: the write address)
  uint32_t stride = 0;
  uint64_t count = 1;
  bool accumulate = false;
  // SIMD only.
  uint64_t read_address = 0;
  bool read = false;
  bool write = false;
  SimdSubInstruction sub;
  uint32_t program_counter = 0;  // of the instruction, for hazard reports
  uint64_t instruction_index = 0;  // for the write observer
};

// Two accumulating writes to one address close enough that the RTL can
// lose the first (see above).
struct AccumulateHazard {
  uint64_t cycle = 0;
  uint64_t address = 0;
  uint32_t first_program_counter = 0;
  uint32_t second_program_counter = 0;
};

class Accumulators {
 public:
  Accumulators(const Architecture& arch, VectorMemory& memory, SimdAlu& alu, VectorPool& pool);

  // The decoder's acc part: OutQueue(2n, pipe, flow) (tcu/Decoder.scala).
  Fifo<AccInstruction>& instructions() { return m_instructions; }
  // Vectors read for local memory (DataMove 0xC), ready one cycle later.
  Fifo<Vector>& output() { return m_output; }

  // consume(): serves at most one control. expand(): after the decoder's
  // turn, the SizeAndStrideHandler moves one control into the queue.
  void consume(uint64_t t, Fifo<Vector>& array_output, Fifo<PortAData>& port_a);
  void expand(uint64_t t);

  bool idle() const { return m_instructions.empty() && m_control.empty() && m_output.empty(); }
  // Whether the control the accumulators serve next takes an array result:
  // the array's output side is ready (SystolicArray.scala runs only then).
  bool takes_array_results() const { return !m_control.empty() && m_control.front().op == AccOp::WriteFromArray; }
  bool sampled_valid() const { return m_sampled_valid; }
  bool sampled_ready() const { return m_sampled_ready; }
  const std::vector<AccumulateHazard>& hazards() const { return m_hazards; }
  // Told of every accumulator write; nullptr: nobody.
  WriteObserver* observer = nullptr;

 private:
  struct Control {
    AccOp op;
    uint64_t address;
    bool accumulate;
    uint64_t read_address;
    bool read;
    bool write;
    SimdSubInstruction sub;
    uint32_t program_counter;
    uint64_t instruction_index;
  };

  void write(uint64_t t, const Control& c, const Vector& value);

  unsigned m_n;
  VectorPool& m_pool;
  FixedFormat m_format;
  VectorMemory& m_memory;
  SimdAlu& m_alu;
  Fifo<AccInstruction> m_instructions;
  Fifo<Control> m_control{2};
  Fifo<Vector> m_output{2};
  uint64_t m_expanded = 0;
  // The SIMD control being served: its ALU result and when it is ready.
  bool m_simd_started = false;
  uint64_t m_simd_ready = 0;
  Vector m_simd_result;
  // Last accumulating write per address: cycle and program counter.
  std::vector<uint64_t> m_last_accumulate_cycle;
  std::vector<uint32_t> m_last_accumulate_pc;
  std::vector<AccumulateHazard> m_hazards;
  bool m_sampled_valid = false;
  bool m_sampled_ready = false;
};

}  // namespace acosim::tensil::clocked

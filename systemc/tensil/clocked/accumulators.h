// The accumulators and the SIMD ALU array of the clocked TCU, timed as
// Tensil's tcu/AccumulatorWithALUArray.scala and tcu/Accumulator.scala do.
// The decoder's acc part (one entry per instruction, a queue of 2n) goes
// through a SizeAndStrideHandler that emits one control per vector into a
// Queue(2) (tcu/TCU.scala). Each control leaves that queue when
// AccumulatorWithALUArray.scala hands its parts out (MultiEnqueue), at most
// one per cycle, in order. Accumulator memory port A (mem/DualPortMem.scala,
// read latency 1) serves them in order too:
//   write (from the array, from local memory for DataMove 0xD/0xF, or a
//   SIMD result)   the control is taken into port A's control queue
//                  (Accumulator.scala: portAControl, OutQueue(1, pipe,
//                  flow)), which holds one write: the control leaves as
//                  soon as that queue is free, and the write waits there
//                  for its data. A control taken in the cycle the write
//                  before it completes reaches the memory the next cycle;
//   read to local memory (DataMove 0xC)   one read when port A is free,
//                  data one cycle later, towards a local memory write;
//   SIMD           its parts are accepted each on its own (see
//                  serve_simd): the read, the ALU (simd/ALUArray.scala: it
//                  takes an instruction only with its input, if it needs
//                  one, and delivers the result two cycles later), the write
//                  and the select of the ALU output's demux, a one-entry
//                  queue freed as the previous result leaves the ALU:
//     read, no write   the read in the first cycle, the ALU with its data in
//                      the next: the control leaves after 2 cycles;
//     read and write   the same, then the write and the select one cycle
//                      later (the readEnqueued register): the control
//                      leaves in its third cycle, the result is written in
//                      the fourth and port A serves the next control in the
//                      fifth. A run of them takes 4 cycles each, a read-only
//                      one followed by a read-write one 6 (as the generated
//                      RTL, top_speech_robot.v, runs Tensil's
//                      speech-commands network);
//     write, no read   the ALU at once, the write when port A's control
//     and neither      queue is free (no write for the neither kind) and
//                      the select when the previous result leaves: a run
//                      of them leaves two in every three cycles, the ALU
//                      taking each instruction a cycle ahead. Controls of
//                      the neither kind do not use port A, so one can
//                      leave while a write waits there.
// An accumulating write reads the old value on port B as it is taken and
// adds it (util/decoupled/VecAdder.scala, which takes both operands
// together), so it completes no earlier than the cycle after. That read
// waits for the Accumulator's lock (mutex/LockPool.scala; one lock for all
// addresses), which a plain write takes with its control and releases when
// done: an accumulating write is taken no earlier than the cycle after the
// last plain write completed. The RTL does not order that read against an
// earlier accumulating write to the same address still on its way (only
// plain writes take the lock): such pairs are recorded as hazards instead
// of being silently made safe.
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
#include "systemc/tensil/clocked/simd_alu.h"
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

  bool idle() const { return m_instructions.empty() && m_control.empty() && m_output.empty() && !m_port_write; }
  // Whether the accumulators take array results in the cycle consume()
  // last ran: the array's output side is ready (SystolicArray.scala runs
  // only then). That ready is port A's input ready (mem/DualPortMem.scala:
  // a write from the array is at the memory); for an accumulating write it
  // also needs the old value, read on port B as the control is taken and
  // there a cycle later (util/decoupled/VecAdder.scala takes both operands
  // together). A write completing in the cycle keeps it for that cycle.
  bool takes_array_results() const { return m_array_ready; }
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
  // The write waiting at port A: whether it takes an array result now, and
  // completing it when its data is there.
  bool port_write_takes_array_results(uint64_t t) const;
  bool complete_port_write(uint64_t t, Fifo<Vector>& array_output, Fifo<PortAData>& port_a);
  void take_port_write(uint64_t t, const Control& c);
  bool serve_simd(uint64_t t, const Control& c);

  unsigned m_n;
  VectorPool& m_pool;
  FixedFormat m_format;
  VectorMemory& m_memory;
  SimdAlu& m_alu;
  Fifo<AccInstruction> m_instructions;
  Fifo<Control> m_control{2};
  Fifo<Vector> m_output{2};
  uint64_t m_expanded = 0;
  // The parts of the SIMD control being served (serve_simd).
  struct SimdState {
    bool read_done = false;
    uint64_t read_at = 0;
    Vector input;
    bool alu_done = false;
    uint64_t alu_at = 0;
    Vector result;
    bool write_done = false;
    bool select_done = false;
    uint64_t select_at = 0;
  };
  SimdState m_simd;
  // The ALU output demux's select queue takes the next select from here.
  uint64_t m_select_free = 0;
  // The write waiting at port A for its data: its control, the cycle it
  // was taken and the first cycle it can complete; a SIMD write's result
  // and the cycle the ALU delivers it.
  bool m_port_write = false;
  Control m_write{};
  uint64_t m_write_taken = 0;
  uint64_t m_write_from = 0;
  Vector m_write_value;
  uint64_t m_write_value_at = 0;
  // Port A serves nothing new before this cycle; an accumulating write is
  // taken no earlier than m_lock_free (its port B read waits for the lock).
  uint64_t m_port_free = 0;
  uint64_t m_lock_free = 0;
  bool m_array_ready = false;
  // Last accumulating write per address: cycle and program counter.
  std::vector<uint64_t> m_last_accumulate_cycle;
  std::vector<uint32_t> m_last_accumulate_pc;
  std::vector<AccumulateHazard> m_hazards;
  bool m_sampled_valid = false;
  bool m_sampled_ready = false;
};

}  // namespace acosim::tensil::clocked

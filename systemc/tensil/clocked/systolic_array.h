// The systolic array of the clocked TCU, as Tensil's tcu/SystolicArray.scala
// times it. The decoder's array part (one entry per instruction, a queue of
// 2n) goes through a SizeHandler that emits one control per vector into a
// Queue(2) (tcu/TCU.scala) in front of the array. Per vector:
//   run   takes an input from local memory port A (or a zero vector) only
//         in a cycle the output side (the accumulators) takes results, and
//         with at most D results outstanding; the result leaves D = 2n - 1
//         cycles later (the array's pipeline depth);
//   load  shifts one row into the weight store, only once the last run has
//         left the array (its propagation countdown of D cycles is 0).
// In the generated Verilog (module SystolicArray of top_speech_robot.v) the
// run's `output__io_deq_ready` is the accumulators' input ready, passed
// through the LocalRouter's mux without a register, and the countdown is
// loaded in the run's cycle, so the first load after a run in cycle r is in
// r + D + 1.
// The numbers come from the array engine (Verilated RTL or functional).
#pragma once

#include <cstdint>
#include <vector>

#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/clocked/fifo.h"
#include "systemc/tensil/clocked/vector_pool.h"

namespace acosim::tensil::clocked {

// Where a vector read from local memory port A goes (Tensil's LocalRouter
// memReadDataDemux): weights or inputs of the array, or the accumulators.
enum class PortADestination { ArrayWeights, ArrayInput, Accumulators };

struct PortAData {
  Vector data;
  PortADestination destination;
};

// The decoder's array part of one MatMul or LoadWeights.
struct ArrayInstruction {
  bool load = false;
  bool zeroes = false;
  uint64_t count = 0;  // vectors
};

class SystolicArray {
 public:
  SystolicArray(ArrayEngine& engine, unsigned array_size, VectorPool& pool);

  // The decoder's array part: OutQueue(2n, pipe, flow) (tcu/Decoder.scala).
  Fifo<ArrayInstruction>& instructions() { return m_instructions; }
  // Results in order, each ready D cycles after its input was taken (the
  // queue stands for the array's output Queue(D)).
  Fifo<Vector>& output() { return m_output; }

  // The two halves of a cycle. consume(): the array takes at most one
  // control, its input from `port_a` (local memory port A's output).
  // expand(), after the decoder has had its turn in the cycle: the
  // SizeHandler moves one vector's control of the front instruction into the
  // control queue (the decoder's queue passes an instruction through in the
  // cycle it is enqueued).
  // `output_ready`: the accumulators take array results now.
  void consume(uint64_t t, Fifo<PortAData>& port_a, bool output_ready);
  void expand(uint64_t t);

  bool idle() const { return m_instructions.empty() && m_control.empty() && m_output.empty() && m_in_flight == 0; }
  // The sampler's `array` pair: the control handshake after size expansion.
  bool sampled_valid() const { return m_sampled_valid; }
  bool sampled_ready() const { return m_sampled_ready; }
  uint64_t vectors_run() const { return m_vectors_run; }

 private:
  struct Control {
    bool load;
    bool zeroes;
  };

  ArrayEngine& m_engine;
  VectorPool& m_pool;
  unsigned m_lanes;
  uint64_t m_depth;  // D = 2n - 1
  Fifo<ArrayInstruction> m_instructions;
  Fifo<Control> m_control{2};
  Fifo<Vector> m_output;
  uint64_t m_expanded = 0;      // vectors of the front instruction already expanded
  uint64_t m_countdown = 0;     // cycles until the last run has left the array
  uint64_t m_in_flight = 0;     // runs whose result the array has not presented yet
  Vector m_result;
  bool m_sampled_valid = false;
  bool m_sampled_ready = false;
  uint64_t m_vectors_run = 0;
};

}  // namespace acosim::tensil::clocked

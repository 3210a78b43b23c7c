// The instruction stream's way into the decoder: an AXI4-Stream of
// `stream_bytes`-wide beats, one beat per cycle, through the width converter
// Tensil's AXI wrapper puts in front of the decoder (axi/package.scala
// connectDownstreamInterface, util/decoupled/Transmission.scala), into the
// decoder's two-entry instruction queue (tcu/Decoder.scala).
//
// The converter, by the ratio of the widths:
//   equal             a wire: a beat is an instruction in the same cycle;
//   stream wider      Serializer: the beat is registered, its instructions
//                     leave one per cycle from the next cycle;
//   instruction wider Deserializer: beats fill a register, the instruction
//                     leaves the cycle after its last beat;
//   neither multiple  WidthConverter: a ring of lcm(stream, instruction)
//                     bits; a beat goes in while a whole beat's room is free,
//                     an instruction leaves the cycle after its last byte.
// All four are this one byte buffer with a capacity and the rule that bytes
// taken in cycle t can leave from t+1 (except through the wire).
//
// Which room a beat sees, as each converter's TREADY is wired:
//   Serializer    in.ready = !valid || (out.fire on the last piece)
//                 (util/decoupled/Serializer.scala): a beat goes in in the
//                 cycle the previous one's last instruction leaves;
//   Deserializer  in.ready = !valid || out.ready (Deserializer.scala): the
//                 same, the next instruction's first beat goes in as the
//                 finished one leaves;
//   WidthConverter in.ready = !full of its registered pointers
//                 (WidthConverter.scala): room an instruction frees counts
//                 from the next cycle, so a beat needs a whole beat's room
//                 as the ring stood at the start of the cycle.
// The converter's out.ready is the decoder's Queue(io.instruction, 2)
// (tcu/Decoder.scala), a Chisel Queue without pipe: io.enq.ready is !full
// of the cycle's start, so a full queue takes nothing in the cycle the
// decoder dequeues from it (module Queue of the generated Verilog).
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "systemc/tensil/clocked/fifo.h"

namespace acosim::tensil::clocked {

class InstructionIngress {
 public:
  InstructionIngress(unsigned stream_bytes, unsigned instruction_bytes);

  // Bytes the stream's master has to send; taken one beat per cycle. A last
  // beat narrower than the stream carries what is left (TKEEP).
  void write(const uint8_t* data, size_t bytes);
  size_t pending() const { return m_pending.size(); }

  // One cycle: first offers a complete instruction to `queue`, then takes a
  // beat if the converter has room for it. `queue_ready` is the queue's
  // enq.ready, not full at the start of the cycle (before the decoder's
  // dequeue in it).
  void cycle(uint64_t t, Fifo<std::vector<uint8_t>>& queue, bool queue_ready);

  // No byte pending or in the converter.
  bool empty() const { return m_pending.empty() && m_buffer.empty(); }
  // Nothing can move without more bytes: what is pending and buffered does
  // not make an instruction (a write that ended inside an instruction
  // waits for the rest).
  bool starved() const {
    if (m_wire) return m_pending.size() < m_instruction_bytes;
    return m_pending.empty() && m_buffer.size() < m_instruction_bytes;
  }
  // The stream has no whole beat left to offer: every byte written has been
  // taken into the converter (or, through the wire, what is left does not
  // make an instruction). A stream write returns at this point, as its DMA
  // transfer ends with its last beat's handshake.
  bool beats_taken() const {
    if (m_wire) return m_pending.size() < m_instruction_bytes;
    return m_pending.empty();
  }
  // Whether a beat moved in the cycle just simulated.
  bool beat_taken() const { return m_beat_taken; }

 private:
  struct Byte {
    uint8_t value;
    uint64_t ready;  // first cycle it may leave
  };
  unsigned m_stream_bytes;
  unsigned m_instruction_bytes;
  bool m_wire;
  bool m_ring = false;  // WidthConverter: a beat sees the room of the cycle's start
  size_t m_capacity;
  std::deque<uint8_t> m_pending;
  std::deque<Byte> m_buffer;
  bool m_beat_taken = false;
};

}  // namespace acosim::tensil::clocked

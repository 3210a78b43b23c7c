// The performance sampler of the clocked TCU, cycle by cycle, as Tensil's
// rtl/src/main/scala/tensil/tcu/Sampler.scala builds it inside the decoder
// (Decoder.scala instantiates it when TCUOptions.sampleBlockSize > 0).
//
// Every `interval` cycles it captures the decoder's program counter and the
// valid/ready pair of eight decoder-side handshakes into a one-entry output
// register, which it offers as an AXI-Stream word with TLAST on every
// block_size-th emitted sample. A sample falling due while the previous one
// is still waiting for the consumer is dropped; the countdown goes on.
//
// Handshake convention (the one every clocked unit follows): within a cycle
// the caller first reads sample_valid()/sample()/sample_last() (the output
// register at the start of the cycle), then calls pop_sample() if the
// consumer takes the word in this cycle (the consumer's TREADY), then calls
// tick() once with that cycle's program counter and flags, which is the
// clock edge ending the cycle. A sample captured in cycle t is visible from
// cycle t+1.
//
// Plain C++, no SystemC.
#pragma once

#include <cstdint>

namespace acosim::tensil::clocked {

class Sampler {
 public:
  // One DecoupledFlags of Sampler.scala: a handshake's valid and ready.
  struct Handshake {
    bool valid = false;
    bool ready = false;
  };

  // SampleFlags of Sampler.scala, in its field order. Decoder.scala connects
  // instruction to the instruction queue's head, memPortA/B, dram0/1, acc
  // and array to the decoder's outputs after size expansion, and dataflow to
  // the LocalRouter's instruction queue (one handshake per instruction).
  struct Flags {
    Handshake instruction;
    Handshake mem_port_a;
    Handshake mem_port_b;
    Handshake dram0;
    Handshake dram1;
    Handshake dataflow;
    Handshake acc;
    Handshake array;
  };

  // block_size: TCUOptions.sampleBlockSize; 0 leaves the sampler out, as
  // the RTL does: no sample is ever valid.
  explicit Sampler(uint32_t block_size);

  // The decoder's sampleInterval register (Configure register 0xB, 16 bits,
  // reset 0 = off), which the sampler reads combinationally. The value is
  // used by every later tick(): the decoder writes the register at the edge
  // of the cycle its Configure fires, so its model calls this after that
  // cycle's tick() and the new interval governs the next cycle.
  void set_interval(uint16_t interval);
  uint16_t interval() const { return m_interval; }

  // Ends the cycle: program_counter and flags are the decoder's values
  // during it.
  void tick(uint32_t program_counter, const Flags& flags);

  // The AXI-Stream output (64-bit TDATA, TLAST).
  bool sample_valid() const { return m_output_valid; }
  uint64_t sample() const { return m_output_sample; }
  bool sample_last() const { return m_output_last; }
  // The consumer takes the word in the current cycle. Only while
  // sample_valid(); throws std::logic_error otherwise.
  void pop_sample();

  uint32_t block_size() const { return m_block_size; }

  // The sample word: the 48-bit Sample bundle zero-extended to 64 bits.
  // Chisel packs the first bundle field in the most significant bits, so the
  // program counter is bits 0-31 and the flags bits 32-47, array's pair
  // lowest and instruction's highest, valid below ready in each pair:
  // array 32/33, acc 34/35, dataflow 36/37, dram1 38/39, dram0 40/41,
  // memPortB 42/43, memPortA 44/45, instruction 46/47 (the order Tensil's
  // drivers/embedded/tensil/sample_buffer.c decodes).
  static uint16_t encode_flags(const Flags& flags);
  static Flags decode_flags(uint16_t bits);
  static uint64_t encode(uint32_t program_counter, const Flags& flags);
  static uint32_t program_counter_of(uint64_t word) { return static_cast<uint32_t>(word); }
  static Flags flags_of(uint64_t word) { return decode_flags(static_cast<uint16_t>(word >> 32)); }

 private:
  uint32_t m_block_size;
  uint16_t m_interval = 0;
  bool m_consumer_ready = false;  // pop_sample() in the current cycle

  // Sampler.scala's registers.
  uint16_t m_cycle_counter = 0;
  uint32_t m_output_counter = 0;
  uint64_t m_output_sample = 0;
  bool m_output_last = false;
  bool m_output_valid = false;
};

}  // namespace acosim::tensil::clocked

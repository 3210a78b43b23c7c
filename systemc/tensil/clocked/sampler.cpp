#include "systemc/tensil/clocked/sampler.h"

#include <stdexcept>

namespace acosim::tensil::clocked {
namespace {

// Two bits per handshake, valid in the lower one (DecoupledFlags declares
// ready first, so Chisel puts it in the higher bit).
uint16_t pair_bits(const Sampler::Handshake& h, unsigned shift) {
  return static_cast<uint16_t>(((h.valid ? 1u : 0u) | (h.ready ? 2u : 0u)) << shift);
}

Sampler::Handshake pair_of(uint16_t bits, unsigned shift) {
  Sampler::Handshake h;
  h.valid = ((bits >> shift) & 1u) != 0;
  h.ready = ((bits >> shift) & 2u) != 0;
  return h;
}

}  // namespace

Sampler::Sampler(uint32_t block_size) : block_size_(block_size) {}

void Sampler::set_interval(uint16_t interval) { interval_ = interval; }

void Sampler::pop_sample() {
  if (!output_valid_) throw std::logic_error("Sampler::pop_sample: no sample is valid");
  consumer_ready_ = true;
}

void Sampler::tick(uint32_t program_counter, const Flags& flags) {
  const bool ready = consumer_ready_;
  consumer_ready_ = false;
  // Decoder.scala ties io.sample.valid low when sampleBlockSize is 0.
  if (block_size_ == 0) return;

  // The countdown: a sample falls due whenever the counter is 0, then the
  // counter restarts from interval-1; interval 0 holds it at 0 (Sampler.scala).
  bool sample_due = false;
  if (interval_ != 0) {
    if (cycle_counter_ == 0) {
      sample_due = true;
      cycle_counter_ = static_cast<uint16_t>(interval_ - 1);
    } else {
      cycle_counter_ = static_cast<uint16_t>(cycle_counter_ - 1);
    }
  } else {
    cycle_counter_ = 0;
  }

  // The output register only changes when it is empty or being consumed; a
  // sample due while a previous one is held is therefore lost.
  if (!output_valid_ || ready) {
    if (sample_due) {
      output_last_ = output_counter_ == block_size_ - 1;
      output_counter_ = output_last_ ? 0 : output_counter_ + 1;
      output_valid_ = true;
      output_sample_ = encode(program_counter, flags);
    } else {
      output_valid_ = false;
      output_last_ = false;
    }
  }
}

uint16_t Sampler::encode_flags(const Flags& f) {
  return static_cast<uint16_t>(pair_bits(f.array, 0) | pair_bits(f.acc, 2) | pair_bits(f.dataflow, 4) |
                               pair_bits(f.dram1, 6) | pair_bits(f.dram0, 8) | pair_bits(f.mem_port_b, 10) |
                               pair_bits(f.mem_port_a, 12) | pair_bits(f.instruction, 14));
}

Sampler::Flags Sampler::decode_flags(uint16_t bits) {
  Flags f;
  f.array = pair_of(bits, 0);
  f.acc = pair_of(bits, 2);
  f.dataflow = pair_of(bits, 4);
  f.dram1 = pair_of(bits, 6);
  f.dram0 = pair_of(bits, 8);
  f.mem_port_b = pair_of(bits, 10);
  f.mem_port_a = pair_of(bits, 12);
  f.instruction = pair_of(bits, 14);
  return f;
}

uint64_t Sampler::encode(uint32_t program_counter, const Flags& flags) {
  return (static_cast<uint64_t>(encode_flags(flags)) << 32) | program_counter;
}

}  // namespace acosim::tensil::clocked

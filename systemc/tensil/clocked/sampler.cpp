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

Sampler::Sampler(uint32_t block_size) : m_block_size(block_size) {}

void Sampler::set_interval(uint16_t interval) { m_interval = interval; }

void Sampler::pop_sample() {
  if (!m_output_valid) throw std::logic_error("Sampler::pop_sample: no sample is valid");
  m_consumer_ready = true;
}

void Sampler::tick(uint32_t program_counter, const Flags& flags) {
  const bool ready = m_consumer_ready;
  m_consumer_ready = false;
  // Decoder.scala ties io.sample.valid low when sampleBlockSize is 0.
  if (m_block_size == 0) return;

  // The countdown: a sample falls due whenever the counter is 0, then the
  // counter restarts from interval-1; interval 0 holds it at 0 (Sampler.scala).
  bool sample_due = false;
  if (m_interval != 0) {
    if (m_cycle_counter == 0) {
      sample_due = true;
      m_cycle_counter = static_cast<uint16_t>(m_interval - 1);
    } else {
      m_cycle_counter = static_cast<uint16_t>(m_cycle_counter - 1);
    }
  } else {
    m_cycle_counter = 0;
  }

  // The output register only changes when it is empty or being consumed; a
  // sample due while a previous one is held is therefore lost.
  if (!m_output_valid || ready) {
    if (sample_due) {
      m_output_last = m_output_counter == m_block_size - 1;
      m_output_counter = m_output_last ? 0 : m_output_counter + 1;
      m_output_valid = true;
      m_output_sample = encode(program_counter, flags);
    } else {
      m_output_valid = false;
      m_output_last = false;
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

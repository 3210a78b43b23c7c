#include "systemc/tensil/clocked/instruction_ingress.h"

#include <numeric>
#include <stdexcept>

namespace acosim::tensil::clocked {

InstructionIngress::InstructionIngress(unsigned stream_bytes, unsigned instruction_bytes)
    : m_stream_bytes(stream_bytes), m_instruction_bytes(instruction_bytes), m_wire(stream_bytes == instruction_bytes) {
  if (stream_bytes == 0 || instruction_bytes == 0) {
    throw std::invalid_argument("instruction stream and instruction widths must be above 0 bytes");
  }
  if (stream_bytes % instruction_bytes == 0) {
    m_capacity = stream_bytes;  // Serializer: one registered beat
  } else if (instruction_bytes % stream_bytes == 0) {
    m_capacity = instruction_bytes;  // Deserializer: one instruction register
  } else {
    m_capacity = std::lcm(stream_bytes, instruction_bytes);  // WidthConverter ring
    m_ring = true;
  }
}

void InstructionIngress::write(const uint8_t* data, size_t bytes) { m_pending.insert(m_pending.end(), data, data + bytes); }

void InstructionIngress::cycle(uint64_t t, Fifo<std::vector<uint8_t>>& queue, bool queue_ready) {
  m_beat_taken = false;
  if (m_wire) {
    // Equal widths: the beat is the instruction, accepted when the queue is.
    if (m_pending.size() >= m_instruction_bytes && queue_ready) {
      std::vector<uint8_t> word(m_pending.begin(), m_pending.begin() + m_instruction_bytes);
      m_pending.erase(m_pending.begin(), m_pending.begin() + m_instruction_bytes);
      queue.push(std::move(word), t);
      m_beat_taken = true;
    }
    return;
  }
  // WidthConverter.scala's full compares the pointers as registered.
  const size_t room_at_start = m_capacity - m_buffer.size();
  if (m_buffer.size() >= m_instruction_bytes && m_buffer[m_instruction_bytes - 1].ready <= t && queue_ready) {
    std::vector<uint8_t> word(m_instruction_bytes);
    for (unsigned i = 0; i < m_instruction_bytes; ++i) {
      word[i] = m_buffer.front().value;
      m_buffer.pop_front();
    }
    queue.push(std::move(word), t);
  }
  // The Serializer and Deserializer take a beat in the cycle their register
  // empties (their in.ready includes the output's handshake).
  const size_t room = m_ring ? room_at_start : m_capacity - m_buffer.size();
  if (!m_pending.empty() && room >= m_stream_bytes) {
    const size_t take = m_pending.size() < m_stream_bytes ? m_pending.size() : m_stream_bytes;
    for (size_t i = 0; i < take; ++i) {
      m_buffer.push_back(Byte{m_pending.front(), t + 1});
      m_pending.pop_front();
    }
    m_beat_taken = true;
  }
}

}  // namespace acosim::tensil::clocked

#include "systemc/tensil/clocked/systolic_array.h"

#include <stdexcept>

namespace acosim::tensil::clocked {

SystolicArray::SystolicArray(ArrayEngine& engine, unsigned array_size, VectorPool& pool)
    : m_engine(engine),
      m_pool(pool),
      m_lanes(array_size),
      m_depth(2 * uint64_t(array_size) - 1),
      m_instructions(2 * size_t(array_size), true),
      m_output(m_depth) {}

void SystolicArray::consume(uint64_t t, Fifo<PortAData>& port_a, bool output_ready) {
  ArrayCommand command;
  Vector input;
  m_sampled_valid = m_control.valid(t);
  m_sampled_ready = false;
  if (m_control.valid(t)) {
    const Control c = m_control.front();
    if (!c.load) {
      // Runs only while the output side can take the result
      // (SystolicArray.scala: `running` needs the output's ready in the
      // cycle the input is taken), with at most D results outstanding.
      const bool has_input =
          c.zeroes || (port_a.valid(t) && port_a.front().destination == PortADestination::ArrayInput);
      if (has_input && output_ready && m_in_flight + m_output.size() < m_depth) {
        command.kind = ArrayCommand::Kind::Run;
      }
    } else if (m_countdown == 0) {
      const bool has_weight =
          c.zeroes || (port_a.valid(t) && port_a.front().destination == PortADestination::ArrayWeights);
      if (has_weight) command.kind = ArrayCommand::Kind::Load;
    }
    if (command.kind != ArrayCommand::Kind::Idle) {
      command.zeroes = c.zeroes;
      if (!c.zeroes) {
        input = std::move(port_a.front().data);
        port_a.pop();
        command.lanes = &input;
      }
      m_control.pop();
      m_sampled_ready = true;
    }
  }
  const bool running = command.kind == ArrayCommand::Kind::Run;
  if (running) {
    m_countdown = m_depth;
    ++m_in_flight;
    ++m_vectors_run;
  } else if (m_countdown > 0) {
    --m_countdown;
  }
  // The array is clocked in every cycle something is inside it.
  if (command.kind != ArrayCommand::Kind::Idle || m_in_flight > 0) {
    if (m_result.empty()) m_result = m_pool.take(m_lanes);
    if (m_engine.clock(t, command, m_result)) {
      m_output.push(std::move(m_result), t, t + 1);
      m_result = Vector();
      --m_in_flight;
    }
  }
  if (!input.empty()) m_pool.give(std::move(input));
}

void SystolicArray::expand(uint64_t t) {
  // SizeHandler: one control per vector of the front instruction.
  if (m_instructions.valid(t) && m_control.can_push()) {
    const ArrayInstruction& in = m_instructions.front();
    m_control.push(Control{in.load, in.zeroes}, t);
    if (++m_expanded == in.count) {
      m_instructions.pop();
      m_expanded = 0;
    }
  }
}

}  // namespace acosim::tensil::clocked

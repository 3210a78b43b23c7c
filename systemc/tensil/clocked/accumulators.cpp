#include "systemc/tensil/clocked/accumulators.h"

#include <limits>

namespace acosim::tensil::clocked {
namespace {
constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
// Cycles within which a second accumulating write to an address can read
// the old value before the first one's write lands (its port B read is
// issued as its control is taken, Accumulator.scala).
constexpr uint64_t kAccumulateHazardWindow = 2;
}  // namespace

Accumulators::Accumulators(const Architecture& arch, VectorMemory& memory, SimdAlu& alu, VectorPool& pool)
    : m_n(arch.array_size),
      m_pool(pool),
      m_format{arch.type().width, arch.type().binary_point},
      m_memory(memory),
      m_alu(alu),
      m_instructions(2 * size_t(arch.array_size), true),
      m_last_accumulate_cycle(arch.accumulator_depth, kNever),
      m_last_accumulate_pc(arch.accumulator_depth, 0) {}

void Accumulators::write(uint64_t t, const Control& c, const Vector& value) {
  if (!c.accumulate) {
    m_memory.write(c.address, value);
    if (observer != nullptr) observer->accumulator_written(c.instruction_index, c.address, value);
    return;
  }
  const uint64_t last = m_last_accumulate_cycle[c.address];
  if (last != kNever && t - last <= kAccumulateHazardWindow) {
    m_hazards.push_back(AccumulateHazard{t, c.address, m_last_accumulate_pc[c.address], c.program_counter});
  }
  m_last_accumulate_cycle[c.address] = t;
  m_last_accumulate_pc[c.address] = c.program_counter;
  // acc = sat(acc + value) lane-wise (util/decoupled/VecAdder.scala).
  int32_t* acc = m_memory.at(c.address);
  for (unsigned i = 0; i < m_n; ++i) acc[i] = plus(acc[i], value[i], m_format);
  if (observer != nullptr) observer->accumulator_written(c.instruction_index, c.address, m_memory.read(c.address));
}

void Accumulators::consume(uint64_t t, Fifo<Vector>& array_output, Fifo<PortAData>& port_a) {
  m_sampled_valid = m_control.valid(t);
  m_sampled_ready = false;
  if (!m_control.valid(t)) return;
  const Control& c = m_control.front();
  bool done = false;
  switch (c.op) {
    case AccOp::WriteFromArray:
      if (array_output.valid(t)) {
        write(t, c, array_output.front());
        m_pool.give(std::move(array_output.front()));
        array_output.pop();
        done = true;
      }
      break;
    case AccOp::WriteFromLocal:
      if (port_a.valid(t) && port_a.front().destination == PortADestination::Accumulators) {
        write(t, c, port_a.front().data);
        m_pool.give(std::move(port_a.front().data));
        port_a.pop();
        done = true;
      }
      break;
    case AccOp::ReadToLocal:
      if (m_output.can_push()) {
        m_output.push(m_memory.read(c.address), t);
        done = true;
      }
      break;
    case AccOp::Simd: {
      if (!m_simd_started) {
        // The ALU takes the accumulator vector when the read flag asks for
        // it (one cycle of read latency), then needs two cycles.
        const Vector input = c.read ? m_memory.read(c.read_address) : Vector(m_n, 0);
        m_simd_result = m_alu.execute(c.sub.op, c.sub.source_left, c.sub.source_right, c.sub.dest, input);
        m_simd_ready = t + (c.read ? 1 : 0) + 2;
        m_simd_started = true;
        if (!c.write) {
          m_simd_started = false;
          done = true;
        }
      } else if (t >= m_simd_ready) {
        write(t, c, m_simd_result);
        m_simd_started = false;
        done = true;
      }
      break;
    }
  }
  if (done) {
    m_control.pop();
    m_sampled_ready = true;
  }
}

void Accumulators::expand(uint64_t t) {
  if (!m_instructions.valid(t) || !m_control.can_push()) return;
  const AccInstruction& in = m_instructions.front();
  Control c{in.op,    in.address + (m_expanded << in.stride), in.accumulate, in.read_address, in.read, in.write,
            in.sub,   in.program_counter,                      in.instruction_index};
  m_control.push(c, t);
  if (++m_expanded == in.count) {
    m_instructions.pop();
    m_expanded = 0;
  }
}

}  // namespace acosim::tensil::clocked

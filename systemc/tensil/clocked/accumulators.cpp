#include "systemc/tensil/clocked/accumulators.h"

#include <algorithm>
#include <limits>

namespace acosim::tensil::clocked {
namespace {
constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();
// Cycles within which a second accumulating write to an address can read
// the old value before the first one's write lands (its port B read is
// issued as its control is taken, Accumulator.scala).
constexpr uint64_t kAccumulateHazardWindow = 2;
// The ALU array's result leaves two cycles after it takes an instruction
// (input register and output register, simd/ALUArray.scala).
constexpr uint64_t kAluLatency = 2;
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

// Port A's input is ready while a write control is at the memory
// (mem/DualPortMem.scala); an accumulating write's input goes through the
// VecAdder, ready only with the old value read on port B in the cycle the
// control was taken (Accumulator.scala, util/decoupled/VecAdder.scala).
bool Accumulators::port_write_takes_array_results(uint64_t t) const {
  if (!m_port_write || m_write.op != AccOp::WriteFromArray || t < m_write_from) return false;
  return !m_write.accumulate || t >= m_write_taken + 1;
}

bool Accumulators::complete_port_write(uint64_t t, Fifo<Vector>& array_output, Fifo<PortAData>& port_a) {
  if (!m_port_write || t < m_write_from) return false;
  // An accumulating write's data goes through the VecAdder with the old
  // value, read on port B as the control was taken and there a cycle later
  // (Accumulator.scala, util/decoupled/VecAdder.scala).
  if (m_write.accumulate && t < m_write_taken + 1) return false;
  switch (m_write.op) {
    case AccOp::WriteFromArray:
      if (!array_output.valid(t)) return false;
      write(t, m_write, array_output.front());
      m_pool.give(std::move(array_output.front()));
      array_output.pop();
      break;
    case AccOp::WriteFromLocal:
      if (!port_a.valid(t) || port_a.front().destination != PortADestination::Accumulators) return false;
      write(t, m_write, port_a.front().data);
      m_pool.give(std::move(port_a.front().data));
      port_a.pop();
      break;
    default:  // a SIMD result
      if (t < m_write_value_at) return false;
      write(t, m_write, m_write_value);
      break;
  }
  m_port_write = false;
  m_port_free = t + 1;
  // A plain write holds the Accumulator's lock (mutex/LockPool.scala,
  // LockPool_1 in the generated Verilog; one lock for every address) until
  // it is done; port B, where an accumulating write reads the old value,
  // waits for it until the next cycle.
  if (!m_write.accumulate) m_lock_free = t + 1;
  return true;
}

// Port A's control queue (Accumulator.scala: portAControl, OutQueue(1,
// pipe, flow)) holds one write until its data is there.
void Accumulators::take_port_write(uint64_t t, const Control& c) {
  m_port_write = true;
  m_write = c;
  m_write_taken = t;
  // Taken while the write before it completes: at the memory next cycle.
  m_write_from = std::max(t, m_port_free);
}

// A SIMD control's parts, each accepted on its own (MultiEnqueue,
// AccumulatorWithALUArray.scala); the control leaves when all are:
//   the read     port A, when free (its data one cycle later);
//   the ALU      takes the instruction with its input: the read's data when
//                the control reads, at once otherwise (simd/ALUArray.scala);
//   the write    port A's control queue, when free (take_port_write), for
//                a control that writes; after a read, only once the
//                readEnqueued register is set, the cycle after the read and
//                the ALU were taken;
//   the select   of the ALU output's demux (to the accumulators or to a
//                sink), a one-entry queue (OutQueue(1, pipe, flow)) whose
//                entry leaves with that instruction's result: the next
//                select enters in that cycle. Together with the ALU taking
//                instructions ahead, a run of controls that neither read
//                nor write, or that write without reading, leaves two in
//                every three cycles.
// The result leaves the ALU two cycles after it took the instruction, and
// no earlier than its select.
bool Accumulators::serve_simd(uint64_t t, const Control& c) {
  SimdState& s = m_simd;
  if (c.read && !s.read_done) {
    if (m_port_write || t < m_port_free) return false;
    s.input = m_memory.read(c.read_address);
    s.read_done = true;
    s.read_at = t;
    m_port_free = t + 1;
  }
  if (!s.alu_done && (!c.read || t >= s.read_at + 1)) {
    const Vector input = c.read ? std::move(s.input) : Vector(m_n, 0);
    s.result = m_alu.execute(c.sub.op, c.sub.source_left, c.sub.source_right, c.sub.dest, input);
    s.input = Vector();
    s.alu_done = true;
    s.alu_at = t;
  }
  // After a read the write and the select belong to the second enqueue.
  const bool second_enqueue = c.read && c.write;
  if (second_enqueue && !(s.alu_done && t >= s.alu_at + 1)) return false;
  if (c.write && !s.write_done) {
    if (!m_port_write && (!c.accumulate || t >= m_lock_free)) {
      take_port_write(t, c);
      m_write_value_at = kNever;  // known once the control has left
      s.write_done = true;
    }
  }
  if (!s.select_done && t >= m_select_free) {
    s.select_done = true;
    s.select_at = t;
  }
  if (!s.alu_done || !s.select_done || (c.write && !s.write_done)) return false;
  const uint64_t result_at = std::max(s.alu_at + kAluLatency, s.select_at);
  m_select_free = result_at;
  if (c.write) {
    m_write_value = std::move(s.result);
    m_write_value_at = result_at;
  }
  s = SimdState{};
  return true;
}

void Accumulators::consume(uint64_t t, Fifo<Vector>& array_output, Fifo<PortAData>& port_a) {
  m_sampled_valid = m_control.valid(t);
  m_sampled_ready = false;
  m_array_ready = port_write_takes_array_results(t);
  complete_port_write(t, array_output, port_a);
  if (!m_control.valid(t)) return;
  const Control& c = m_control.front();
  bool done = false;
  switch (c.op) {
    case AccOp::WriteFromArray:
    case AccOp::WriteFromLocal:
      if (!m_port_write && (!c.accumulate || t >= m_lock_free)) {
        take_port_write(t, c);
        done = true;
      }
      break;
    case AccOp::ReadToLocal:
      if (!m_port_write && t >= m_port_free && m_output.can_push()) {
        m_output.push(m_memory.read(c.address), t);
        m_port_free = t + 1;
        done = true;
      }
      break;
    case AccOp::Simd:
      done = serve_simd(t, c);
      break;
  }
  if (done) {
    m_control.pop();
    m_sampled_ready = true;
    // A write taken into an empty port A control queue passes through it
    // (flow): its data may be there in this same cycle.
    if (!m_array_ready) m_array_ready = port_write_takes_array_results(t);
    complete_port_write(t, array_output, port_a);
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

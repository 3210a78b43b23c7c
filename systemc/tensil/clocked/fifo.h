// A bounded FIFO of the clocked TCU, standing for a Chisel Queue between two
// units. Units are evaluated consumers first within a cycle, so a slot freed
// by a pop is visible to a push later in the same cycle (Chisel's `pipe`).
// An entry pushed in cycle t can be popped from t+1 on, or from t on for a
// queue with `flow` (Chisel's flow: an empty queue passes its input
// straight through), and never before the cycle it was stamped ready.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

namespace acosim::tensil::clocked {

template <typename T>
class Fifo {
 public:
  explicit Fifo(size_t depth, bool flow = false) : m_depth(depth), m_flow(flow) {}

  size_t depth() const { return m_depth; }
  size_t size() const { return m_entries.size(); }
  bool empty() const { return m_entries.empty(); }
  bool can_push() const { return m_entries.size() < m_depth; }

  // Pushes in `cycle`; the entry is ready for the consumer at `cycle`
  // (flow), `cycle + 1`, or `ready_cycle` when that is later.
  void push(T value, uint64_t cycle, uint64_t ready_cycle = 0) {
    uint64_t ready = m_flow ? cycle : cycle + 1;
    if (ready_cycle > ready) ready = ready_cycle;
    m_entries.push_back(Entry{ready, std::move(value)});
  }
  bool valid(uint64_t cycle) const { return !m_entries.empty() && m_entries.front().ready <= cycle; }
  T& front() { return m_entries.front().value; }
  const T& front() const { return m_entries.front().value; }
  uint64_t front_ready() const { return m_entries.front().ready; }
  void pop() { m_entries.pop_front(); }

 private:
  struct Entry {
    uint64_t ready;
    T value;
  };
  size_t m_depth;
  bool m_flow;
  std::deque<Entry> m_entries;
};

}  // namespace acosim::tensil::clocked

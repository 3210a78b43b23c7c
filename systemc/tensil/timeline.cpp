#include "systemc/tensil/timeline.h"

#include <sstream>

#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {

std::string describe(const TimelineEvent& e) {
  std::ostringstream s;
  s << "cycle " << e.cycle << ": ";
  switch (e.kind) {
    case TimelineEvent::Kind::Dequeue:
      s << "dequeue pc " << e.value << " (" << opcode_name(e.port) << ")";
      break;
    case TimelineEvent::Kind::ReadAddress:
    case TimelineEvent::Kind::WriteAddress:
      s << "dram" << unsigned(e.port) << (e.kind == TimelineEvent::Kind::ReadAddress ? " AR" : " AW") << " 0x"
        << std::hex << e.value << std::dec << " len " << e.len;
      break;
  }
  return s.str();
}

std::string TimelineDivergence::message() const {
  std::ostringstream s;
  s << "first divergence at cycle " << cycle << " on " << signal << " (event " << sequence << "): generated RTL "
    << (reference ? describe(*reference) : "has no such event") << "; clocked model "
    << (model ? describe(*model) : "has no such event");
  return s.str();
}

size_t TimelineComparison::signal_of(const TimelineEvent& e) {
  switch (e.kind) {
    case TimelineEvent::Kind::Dequeue:
      return 0;
    case TimelineEvent::Kind::ReadAddress:
      return 1 + 2 * (e.port & 1);
    case TimelineEvent::Kind::WriteAddress:
      return 2 + 2 * (e.port & 1);
  }
  return 0;
}

std::string TimelineComparison::signal_name(size_t signal) {
  static const char* const names[kSignals] = {"decoder dequeue", "m_axi_dram0 AR", "m_axi_dram0 AW",
                                               "m_axi_dram1 AR", "m_axi_dram1 AW"};
  return names[signal];
}

void TimelineComparison::add(int side, const TimelineEvent& event) {
  Signal& signal = m_signals[signal_of(event)];
  std::vector<TimelineEvent>& other = signal.pending[1 - side];
  size_t& other_head = signal.head[1 - side];
  if (other_head == other.size()) {
    signal.pending[side].push_back(event);
    return;
  }
  const TimelineEvent& counterpart = other[other_head++];
  if (other_head == other.size()) {
    other.clear();
    other_head = 0;
  }
  const uint64_t sequence = signal.matched++;
  ++m_compared;
  const TimelineEvent& reference = side == 0 ? event : counterpart;
  const TimelineEvent& model = side == 0 ? counterpart : event;
  if (reference.cycle != model.cycle || reference.port != model.port || reference.value != model.value ||
      reference.len != model.len) {
    diverge(signal_of(event), sequence, &reference, &model);
  }
}

void TimelineComparison::finish(uint64_t up_to_cycle) {
  for (size_t i = 0; i < kSignals; ++i) {
    Signal& signal = m_signals[i];
    for (int side = 0; side < 2; ++side) {
      if (signal.head[side] < signal.pending[side].size() &&
          signal.pending[side][signal.head[side]].cycle <= up_to_cycle) {
        const TimelineEvent& e = signal.pending[side][signal.head[side]];
        diverge(i, signal.matched, side == 0 ? &e : nullptr, side == 1 ? &e : nullptr);
      }
    }
  }
}

void TimelineComparison::diverge(size_t signal, uint64_t sequence, const TimelineEvent* reference,
                                 const TimelineEvent* model) {
  uint64_t cycle = ~uint64_t{0};
  if (reference != nullptr) cycle = reference->cycle;
  if (model != nullptr && model->cycle < cycle) cycle = model->cycle;
  if (m_divergence && m_divergence->cycle <= cycle) return;
  TimelineDivergence d;
  d.signal = signal_name(signal);
  d.sequence = sequence;
  d.cycle = cycle;
  if (reference != nullptr) d.reference = *reference;
  if (model != nullptr) d.model = *model;
  m_divergence = d;
}

}  // namespace acosim::tensil

// What a clocked TCU can be seen doing, cycle by cycle, at points that both
// the clocked model (systemc/tensil/clocked) and Tensil's generated Verilog
// (systemc/tensil/generated) have: the decoder dequeuing its head (Tensil's
// tcu/Decoder.scala: instruction.io.deq fires, the program counter counts)
// and an AXI burst's address accepted on a DRAM master (AR or AW handshake).
// Two runs of the same program on the two engines should give the same
// events in the same cycles; TimelineComparison finds where they do not.
//
// Cycles count from the start of the simulation (SystemC time 0) in TCU
// clock periods, so host-side waits between programs count the same on
// both engines as long as the engines agree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace acosim::tensil {

struct TimelineEvent {
  enum class Kind : uint8_t {
    Dequeue,       // `value`: the program counter of the instruction dequeued; `port`: its opcode
    ReadAddress,   // AR handshake on DRAM `port`: `value` byte address, `len` AxLEN
    WriteAddress,  // AW handshake on DRAM `port`
  };
  uint64_t cycle = 0;
  Kind kind = Kind::Dequeue;
  uint8_t port = 0;
  uint64_t value = 0;
  uint32_t len = 0;
};

using TimelineSink = std::function<void(const TimelineEvent&)>;

// "cycle 1234: dram0 AR 0x1000 len 15", "cycle 77: dequeue pc 12 (MatMul)".
std::string describe(const TimelineEvent& event);

// Where two timelines first differ.
struct TimelineDivergence {
  std::string signal;  // "decoder dequeue", "m_axi_dram0 AR", "m_axi_dram1 AW"
  uint64_t sequence;   // the event's number on that signal, from 0
  uint64_t cycle;      // the earlier of the two sides' cycles (or the one side's)
  std::optional<TimelineEvent> reference;  // absent: the reference side has no such event
  std::optional<TimelineEvent> model;      // absent: the model side has no such event
  std::string message() const;
};

// Compares a reference timeline (Tensil's generated RTL) with a model's (the
// clocked TCU) signal by signal: the n-th event of each signal must agree in
// cycle and content. Events may be added from both sides as they happen, in
// any interleaving; the first divergence in cycle order is kept.
class TimelineComparison {
 public:
  void reference(const TimelineEvent& event) { add(0, event); }
  void model(const TimelineEvent& event) { add(1, event); }
  // Both sides are done, or were stopped: an event only one side had, at or
  // before `up_to_cycle`, is a divergence too.
  void finish(uint64_t up_to_cycle = ~uint64_t{0});
  const std::optional<TimelineDivergence>& divergence() const { return m_divergence; }
  uint64_t events_compared() const { return m_compared; }

 private:
  struct Signal {
    std::vector<TimelineEvent> pending[2];  // events the other side has not matched yet
    size_t head[2] = {0, 0};
    uint64_t matched = 0;
  };
  static constexpr size_t kSignals = 5;  // dequeue, AR/AW x 2 ports
  static size_t signal_of(const TimelineEvent& e);
  static std::string signal_name(size_t signal);
  void add(int side, const TimelineEvent& event);
  void diverge(size_t signal, uint64_t sequence, const TimelineEvent* reference, const TimelineEvent* model);

  Signal m_signals[kSignals];
  std::optional<TimelineDivergence> m_divergence;
  uint64_t m_compared = 0;
};

}  // namespace acosim::tensil

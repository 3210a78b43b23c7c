// The exposed pipeline: every register keeps its committed value plus a
// short history of writes still in flight. A write issued at cycle t by
// producer class P is visible to a consumer operand of class C from cycle
// t + latency(P, C) (+ the global-memory delay for LD_TNSR data), so two
// consumers of one write can see it at different cycles, as the latency
// table says. A reader takes the newest write already visible to it.
//
// Global-memory stall (Habana TPC User Guide, "TPC Coherency": a vector load is issued early and its
// data consumed later, "stalling if late"): LD_TNSR and LD_G data arrive
// `gmem_extra` cycles after the load's normal latency. A consumer issued at
// or after the normal latency but before the data arrived would read data
// that is not there: the whole core stalls that cycle instead (no slot
// issues) and retries the bundle next cycle. A consumer issued before the
// normal latency reads the old value, as for any other producer.
#pragma once

#include <array>
#include <cstdint>

#include "systemc/habana/vliw/latency.h"
#include "systemc/habana/vliw/register_files.h"

namespace acosim::habana::vliw {

/// Writes a register can have in flight. Latencies are at most 7 cycles and
/// a register is written at most once per slot per cycle, so 16 only runs
/// out when one register is rewritten every cycle by two slots; the oldest
/// write is then committed early.
constexpr unsigned kHistory = 16;

template <class T>
class RegHistory {
 public:
  void reset(const T& v) {
    base_ = v;
    count_ = 0;
  }

  const T& read(Consumer c, int64_t now, const uint8_t* table) const {
    for (unsigned k = count_; k-- > 0;) {
      const Entry& e = at(k);
      if (e.issue + table[e.producer * kConsumers + static_cast<unsigned>(c)] + e.extra <= now)
        return e.value;
    }
    return base_;
  }

  /// True when a write the consumer should already see is still waiting
  /// for global memory.
  bool late(Consumer c, int64_t now, const uint8_t* table) const {
    for (unsigned k = count_; k-- > 0;) {
      const Entry& e = at(k);
      const int64_t due = e.issue + table[e.producer * kConsumers + static_cast<unsigned>(c)];
      if (due + e.extra <= now) return false;
      if (e.extra && due <= now) return true;
    }
    return false;
  }

  void write(const T& v, Producer p, int64_t now, unsigned extra) {
    while (count_ > 0 && at(0).issue + kMaxLatency + at(0).extra <= now) retireOldest();
    if (count_ == kHistory) retireOldest();
    Entry& e = at(count_++);
    e.value = v;
    e.issue = now;
    e.producer = static_cast<uint8_t>(p);
    e.extra = extra;
  }

  /// The value once every write in flight has landed.
  const T& settled() const { return count_ ? at(count_ - 1).value : base_; }

 private:
  struct Entry {
    T value;
    int64_t issue;
    uint8_t producer;
    unsigned extra;
  };
  Entry& at(unsigned k) { return ring_[(head_ + k) % kHistory]; }
  const Entry& at(unsigned k) const { return ring_[(head_ + k) % kHistory]; }
  void retireOldest() {
    base_ = at(0).value;
    head_ = (head_ + 1) % kHistory;
    --count_;
  }

  T base_{};
  std::array<Entry, kHistory> ring_{};
  unsigned head_ = 0;
  unsigned count_ = 0;
};

/// All register files behind the pipeline.
struct Pipeline {
  std::array<RegHistory<VReg>, kNumV> v;
  std::array<RegHistory<VPReg>, kNumVP> vp;
  std::array<RegHistory<uint32_t>, kNumS> s;
  std::array<RegHistory<uint8_t>, kNumSP> sp;
  /// IRF dims are tracked one by one: an instruction with a dimension mask
  /// writes only its dims, so writes to other dims in flight are not undone.
  std::array<std::array<RegHistory<int32_t>, 5>, kNumI> irf;
  std::array<RegHistory<uint64_t>, kNumAD> ad;

  void reset();
};

}  // namespace acosim::habana::vliw

// Global-memory stores in flight between the store slot and memory.
//
// Habana's TPC User Guide ("TPC Coherency"): vector accesses to global
// memory bypass any cache, a vector store is issued as soon as its data are
// ready, and a vector load that follows a vector store to the same address
// is not guaranteed to see it until an ASO. acosim makes that window
// visible and deterministic: a tensor store (ST_TNSR and its variants) or
// an ST_G is recorded at issue and applied to memory kStoreCommitCycles
// after it, or earlier at the next ASO, CACHE_FLUSH, CACHE_INVALIDATE or
// HALT, always in issue order. Loads issued in between read memory as it
// is, i.e. without the pending stores.
//
// kStoreCommitCycles = 8 is acosim's choice: one cycle past the 7 cycles an
// instruction takes to commit inside the core (tpc_llvm latencies.h,
// VPE_INSTRUCTION_LATENCY_TILL_COMMIT_CLOCKS, also the deepest latency of
// the Gaudi table), so that a store has left the core before memory sees
// it. Habana publishes no store-to-memory delay.
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/tpc/kernel_services.h"

namespace acosim::habana::vliw {

constexpr unsigned kStoreCommitCycles = 8;

/// One store as issued: the arguments of KernelServices::store_tensor, or
/// of store_global for ST_G.
struct PendingStore {
  int64_t issue = 0;
  int pc = 0;                                 // bundle that issued it (for errors)
  const tpcasm::Instruction* inst = nullptr;
  bool global = false;                        // ST_G: `bytes` of data to `address`
  uint64_t address = 0;
  int tensor = 0;
  int coord[kTensorDims] = {};
  unsigned elementBytes = 0, lanes = 0, bytes = 0;
  bool laneEnable = false;                    // enable[] holds the PARTIAL lanes
  RmwOp rmw = RmwOp::None;
  RmwType rmwType = RmwType::F32;
  uint8_t data[kVectorBytes] = {};
  uint8_t enable[kVectorBytes] = {};

  void apply(KernelServices& svc) const {
    if (global) svc.store_global(address, data, bytes);
    else
      svc.store_tensor(tensor, coord, elementBytes, lanes, data, laneEnable ? enable : nullptr, rmw, rmwType);
  }
};

class StoreQueue {
 public:
  void clear() { q_.clear(); }
  bool empty() const { return q_.empty(); }
  size_t size() const { return q_.size(); }

  /// A new store at the tail; the caller fills it in.
  PendingStore& push(int64_t issue, int pc, const tpcasm::Instruction* inst) {
    PendingStore& e = q_.emplace_back();
    e.issue = issue;
    e.pc = pc;
    e.inst = inst;
    return e;
  }

  /// The oldest store due at cycle `now` (every store when `all`), or null.
  const PendingStore* due(int64_t now, bool all) const {
    if (q_.empty()) return nullptr;
    const PendingStore& e = q_.front();
    return all || e.issue + static_cast<int64_t>(kStoreCommitCycles) <= now ? &e : nullptr;
  }
  void pop() { q_.pop_front(); }

 private:
  std::deque<PendingStore> q_;
};

}  // namespace acosim::habana::vliw

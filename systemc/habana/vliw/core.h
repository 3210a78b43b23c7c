// The Gaudi TPC execution core for assembled programs: one VLIW bundle (four
// slots, or a LOOP) issues per cycle with the exposed pipeline of
// pipeline.h, every memory access going through KernelServices. Plain C++:
// a SystemC wrapper drives step() from its clock.
//
// Kernel start (reset):
//  * I0 = index-space offset, I1 = index-space size of the partition: the
//    hardware initialises IRF0/IRF1 from TID_BASE_DIM_d / TID_SIZE_DIM_d
//    (SynapseAI_Core TPC_IO_REG_SPACE_GEN2-style register descriptions "init
//    value for IRF0[0]"), and tpc_llvm lowers get_index_space_offset/size to
//    copies of I0/I1 (TPCInstrInfo.td).
//  * Scalar kernel argument k arrives in S_k: the runtime writes them to the
//    descriptor's SRF_k words (gaudi_device.cpp WriteSrf) and tpc_llvm's
//    calling convention assigns scalar arguments to S0, S1, ... in order
//    (TPCCallingConv.td, CC_TPC_PRIOR_DORON1). They are also readable at
//    MMIO 0x7C0 + 4k (mmio.h).
//  * Other registers are zero; SP0/VP0 are all ones.
//
// Control: JMPR takes effect at the next bundle (no delay slots, acosim's
// choice). LOOP start, boundary, step, cmp, END runs the bundles after it up
// to the one before END while "iterator cmp boundary" holds (checked before
// the first iteration too, acosim's choice), adding step after each pass;
// the iterator is S32 + nesting depth (tpc_llvm TPCSubtarget.cpp
// getHWLoopStartReg = S32, TPCHardwareLoops.cpp counter = start + layer),
// holds the first failing value after the loop, and is visible to the next
// bundle. Boundary and step are read when the LOOP issues. HALT ends the run
// after its bundle, applying every global store still queued
// (store_queue.h: tensor stores and ST_G reach memory kStoreCommitCycles
// after issue or at the next ASO / CACHE_FLUSH / CACHE_INVALIDATE).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/tpc/kernel_services.h"
#include "systemc/habana/vliw/exec.h"
#include "systemc/habana/vliw/pipeline.h"
#include "systemc/habana/vliw/store_queue.h"

namespace acosim::habana::vliw {

/// What happened in one cycle (for waves and statistics).
struct StepResult {
  uint64_t cycle = 0;     // cycle number, from 0 after reset
  uint32_t pc = 0;        // bundle index issued (or retried when stalled)
  uint8_t issued = 0;     // bit s: slot s issued a non-NOP instruction
  bool loop = false;      // the bundle was a LOOP instruction
  bool gmemStall = false; // the core waited for global-memory data
  bool halted = false;    // the core is halted after this cycle
};

class VliwCore {
 public:
  static constexpr unsigned kLoopRegBase = 32, kMaxLoopDepth = 4;

  /// gmemExtraCycles: cycles LD_TNSR / LD_G data arrive after the load's normal
  /// latency (0: never late, no stalls).
  explicit VliwCore(const tpcasm::Program& program, unsigned gmemExtraCycles = 0);

  void reset(KernelServices& services, const uint32_t* scalars, unsigned count);
  StepResult step();
  /// Steps until HALT; throws TpcError "did not halt within N cycles".
  uint64_t run(uint64_t maxCycles);

  bool halted() const { return halted_; }
  uint64_t cycles() const { return cycle_; }
  uint64_t stallCycles() const { return stalls_; }
  /// Global stores issued but not yet applied to memory.
  size_t pendingStores() const { return stores_.size(); }
  size_t bundleCount() const { return bundles_.size(); }

  // Register values once every write in flight has landed.
  uint32_t s(unsigned i) const { return pipe_.s.at(i).settled(); }
  bool sp(unsigned i) const { return pipe_.sp.at(i).settled() != 0; }
  const VReg& v(unsigned i) const { return pipe_.v.at(i).settled(); }
  const VPReg& vp(unsigned i) const { return pipe_.vp.at(i).settled(); }
  IReg irf(unsigned i) const {
    IReg r;
    for (unsigned d = 0; d < 5; ++d) r.d[d] = pipe_.irf.at(i)[d].settled();
    return r;
  }

 private:
  struct Decoded {
    const tpcasm::Instruction* inst = nullptr;
    bool nop = true;
    int target = -1;      // JMPR / LOOP end label, as a bundle index
    std::string refusal;  // non-empty: issuing it is an error
  };
  struct DecodedBundle {
    const tpcasm::Bundle* bundle = nullptr;
    std::array<Decoded, tpcasm::kSlotCount> slot;
    Decoded loop;
  };
  struct LoopFrame {
    int first = 0, last = 0;  // body bundle indices
    unsigned reg = 0;
    int32_t boundary = 0, step = 0;
    tpcasm::LoopCmp cmp = tpcasm::LoopCmp::Lt;
  };

  void decode();
  Decoded decodeOne(const tpcasm::Instruction& in, int index);
  bool mustStall(const DecodedBundle& b) const;
  void commitStores(bool all);
  void issueLoop(const DecodedBundle& b);
  [[noreturn]] void fail(int index, const tpcasm::Instruction* in, const std::string& why) const;

  tpcasm::Program program_;
  std::vector<DecodedBundle> bundles_;
  Pipeline pipe_;
  Exec exec_;
  unsigned gmemExtra_;
  int64_t gmemBusyUntil_ = -1;
  StoreQueue stores_;
  std::array<uint32_t, 32> scalars_{};
  std::array<LoopFrame, kMaxLoopDepth> loops_{};
  unsigned depth_ = 0;
  int pc_ = 0;
  uint64_t cycle_ = 0, stalls_ = 0;
  bool halted_ = false, ready_ = false;
};

}  // namespace acosim::habana::vliw

#include "systemc/habana/vliw/pipeline.h"

namespace acosim::habana::vliw {

// Registers start at zero except the always-true predicates SP0 and VP0
// (tpc_llvm TPCRegisterInfo.td: SPRF_TRUE / VPRF_TRUE are SP0 / VP0).
void Pipeline::reset() {
  for (auto& r : v) r.reset(VReg{});
  for (auto& r : vp) r.reset(VPReg{});
  for (auto& r : s) r.reset(0);
  for (auto& r : sp) r.reset(0);
  for (auto& r : irf)
    for (auto& d : r) d.reset(0);
  for (auto& r : ad) r.reset(0);
  vp[0].reset(allTrue());
  sp[0].reset(1);
}

}  // namespace acosim::habana::vliw

// What every TPC-C intrinsic shares: the machine it runs against and the
// issue counting.
#pragma once

#include <cstdlib>

#include "sw/habana/tpc/kernel_services.h"

namespace acosim::habana::tpc_c {

/// The services of the run in progress. One per translation unit (a kernel
/// library is one translation unit): internal linkage keeps two kernel
/// libraries loaded in one process from sharing it. Set by the entry glue
/// (sw/habana/tpc_c/entry.h) before the kernel's main runs.
static KernelServices* g_services = nullptr;

inline void set_services(KernelServices* services) { g_services = services; }

/// The services of the run; calling an intrinsic outside a run is a
/// programming error of the host, not of the kernel.
inline KernelServices& services() { return *g_services; }

/// One instruction issued in `slot`. Tolerates no services so a kernel's
/// file-scope constants can be built before a run starts.
inline void count(Slot slot, uint64_t n = 1) {
  if (g_services) g_services->counters.count(slot, n);
}

/// KernelServices::fail throws; g++ does not carry [[noreturn]] through the
/// virtual call, hence the abort that is never reached.
[[noreturn]] inline void fail(const char* message) {
  services().fail(message);
  std::abort();
}

}  // namespace acosim::habana::tpc_c

// A kernel compiled for a TPC generation acosim does not model (tpc-clang
// -march other than gaudi): the binary exports the kernel entry, and running
// it is an error naming the generation, so the build that embeds it still
// links while no launch can run it by mistake.
#pragma once

#include <cstdint>
#include <string>

#include "sw/habana/tpc/kernel_services.h"

#define ACOSIM_TPC_EXPORT extern "C"

extern "C" const char acosim_tpc_kernel_march[];
ACOSIM_TPC_EXPORT const unsigned acosim_tpc_kernel_tensor_count = 0;
ACOSIM_TPC_EXPORT const unsigned acosim_tpc_kernel_scalar_count = 0;

ACOSIM_TPC_EXPORT void acosim_tpc_kernel_entry(acosim::habana::KernelServices* services, const uint32_t*, unsigned) {
  services->fail((std::string("this kernel was compiled for ") + acosim_tpc_kernel_march +
                  "; acosim models the Gaudi TPC (tpc-clang -march=gaudi)")
                     .c_str());
}

// The TPC configuration space as LD_L / ST_L with the MMIO switch see it,
// Gaudi layout (SynapseAI_Core external_includes/gaudi/TPC_IO_REG_SPACE_GEN2.h;
// the same numbers drive tpc_llvm's get_dim_size/get_dim_stride/
// get_pad_value lowering, llvm/lib/Transforms/IPO/LinkTPCFunctionsMMIOAccess.cpp,
// and TPCIndexSpaceGen.h: tensors at 0x400, 0x38 bytes each, size/stride
// pairs from +0x10):
//   0x400 + 0x38*t + 0x00 / 0x04   tensor t base address low / high
//                  + 0x08          padding value
//                  + 0x10 + 8*d    dim d size (elements)
//                  + 0x14 + 8*d    dim d stride (elements)
//   0x790 + 8*d / 0x794 + 8*d      TID_BASE_DIM_d / TID_SIZE_DIM_d
//                                  (index-space offset / size)
//   0x7C0 + 4*k                    SRF_k: scalar kernel argument k (32 words)
// Every value comes from KernelServices, so an assembly program sees the same
// descriptors and partition as a TPC-C kernel. Other registers (tensor
// config word, sync object, kernel config) are not modelled and are refused.
#pragma once

#include <cstdint>

#include "systemc/habana/vliw/exec.h"

namespace acosim::habana::vliw {

constexpr uint32_t kMmioTensorBase = 0x400, kMmioTensorStride = 0x38;
constexpr uint32_t kMmioTidBase = 0x790, kMmioSrfBase = 0x7C0;
constexpr unsigned kMmioSrfWords = 32;

uint32_t mmioRead(Exec& x, uint32_t address);
void mmioWrite(Exec& x, uint32_t address, uint32_t value);

}  // namespace acosim::habana::vliw

// A kernel written directly against KernelServices (no TPC-C front end), so
// the chip's tests do not depend on the front end: |x| of an fp32 tensor,
// one 64-lane vector per index-space member along dim 0 and one element per
// member in dims 1-4, as Habana's abs example maps it. Each member costs one
// load, one VPU op and one store; scalar parameter 0, when given, is added
// to every result.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "sw/habana/tpc/kernel_services.h"

using acosim::habana::KernelServices;
using acosim::habana::Slot;

extern "C" const char acosim_tpc_kernel_march[] = "gaudi";
extern "C" const unsigned acosim_tpc_kernel_tensor_count = 2;
extern "C" const unsigned acosim_tpc_kernel_scalar_count = 0;

extern "C" void acosim_tpc_kernel_entry(KernelServices* tpc, const uint32_t* scalars, unsigned scalar_count) {
  float bias = 0.0f;
  if (scalar_count > 0) std::memcpy(&bias, &scalars[0], 4);
  int offset[5], size[5];
  tpc->index_space(offset, size);
  int c[5];
  for (c[4] = offset[4]; c[4] < offset[4] + size[4]; ++c[4])
    for (c[3] = offset[3]; c[3] < offset[3] + size[3]; ++c[3])
      for (c[2] = offset[2]; c[2] < offset[2] + size[2]; ++c[2])
        for (c[1] = offset[1]; c[1] < offset[1] + size[1]; ++c[1])
          for (int member = offset[0]; member < offset[0] + size[0]; ++member) {
            int coord[5] = {member * 64, c[1], c[2], c[3], c[4]};
            float v[64];
            tpc->load_tensor(0, coord, 4, 64, v);
            tpc->counters.count(Slot::Load);
            for (float& x : v) x = std::fabs(x) + bias;
            tpc->counters.count(Slot::Vpu);
            tpc->store_tensor(1, coord, 4, 64, v, nullptr);
            tpc->counters.count(Slot::Store);
          }
}

// The register-programming rule every ping-pong unit shares: software must
// not write a D-register group whose OP_EN is set. The RTL drops such a
// write and flags it with a simulation assertion (nvdla/hw
// NV_NVDLA_PDP_reg.v and the same in SDP, PDP_RDMA, SDP_RDMA); the model
// drops it too and reports it, naming the unit, register and group.
#pragma once

#include <cstdio>
#include <string>

#include <systemc>

#include "systemc/nvdla/register_bank.h"

namespace acosim::nvdla {

inline void check_group_write(const BankWrite& write, const char* unit, uint32_t value, const char* report_type) {
  if (write.outcome != BankWrite::Outcome::GroupEnabled) return;
  char text[256];
  std::snprintf(text, sizeof text,
                "%s: write of 0x%08x to %s dropped: register group %u is enabled (D_OP_ENABLE=1) and "
                "belongs to the hardware until its layer ends; program the other group (S_POINTER.PRODUCER)",
                unit, value, write.reg->name, write.group);
  SC_REPORT_ERROR(report_type, text);
}

}  // namespace acosim::nvdla

// Naming of NVDLA units and done interrupts as the trace formats write them,
// and the "not modelled" errors for the ones this project has no model of.
// Plain C++, no SystemC.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla::trace {

// The modelled unit called `name` ("PDP", "SDP_RDMA", ...) in `config`.
// Returns an explanation instead when there is none: "unit CDMA is not
// modelled", "unit BDMA is not modelled: nv_small has no BDMA" or
// "unknown unit FOO".
struct UnitLookup {
  std::optional<Unit> unit;
  std::string error;
  // lookup_interrupt_source only: the source's name ("CDMA_WT") and its
  // group-0 bit in GLB S_INTR_STATUS (group 1 is the next bit).
  std::string source;
  unsigned status_bit0 = 0;
};
UnitLookup lookup_unit(std::string_view name, Config config);

// The modelled unit whose CSB window holds `csb_address`, or the reason
// there is none ("unit CACC is not modelled", "no NVDLA unit at CSB address
// 0x3c000").
UnitLookup unit_at(uint32_t csb_address, Config config);

// The done interrupt source called `name` (a GLB S_INTR_STATUS field prefix:
// SDP, CDP, PDP, BDMA, RUBIK, CDMA_DAT, CDMA_WT, CACC) and the unit that
// raises it (CDMA for CDMA_DAT and CDMA_WT). Only sources of modelled units
// are returned.
UnitLookup lookup_interrupt_source(std::string_view name, Config config);

// "PDP_0" for a modelled unit's status bit, "S_INTR_STATUS bit 9" otherwise.
std::string interrupt_name(unsigned status_bit);

}  // namespace acosim::nvdla::trace

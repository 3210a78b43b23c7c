// Every generated NVDLA register map, looked up by unit and configuration.
#pragma once

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_info.h"

namespace acosim::nvdla::regs {

// The map of `unit` in `config` (offsets are identical in every
// configuration; masks of address fields and some reset values differ).
const UnitInfo& unit_info(Unit unit, Config config);

}  // namespace acosim::nvdla::regs

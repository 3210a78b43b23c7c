// Which LOOKUP table accesses acosim models, shared by the TPC-C intrinsics
// (sw/habana/tpc_c/special.h) and the VLIW core (load_unit.cpp): the
// coefficient tables of sw/habana/tpc/special_functions.h hold 32-bit
// entries (switch DT BV32). The 16-bit entry access (BV16) and the upper
// half of a table (UPPER_HALF) read table layouts those tables do not have.
#pragma once

namespace acosim::habana::lut {

/// Null for a modelled access, else why it is refused.
inline const char* unsupported_access(bool bv16, bool upper_half) {
  if (bv16 || upper_half) return "LOOKUP: only BV32 lookups of the whole table are modelled (BV16 / UPPER_HALF are not)";
  return nullptr;
}

}  // namespace acosim::habana::lut

// TPC instructions of the compiler's Gaudi assembler tests that acosim's
// assembler does not model, each with the reason. A CHECK line that uses one
// of them is counted as "not modelled" instead of failing; any other line
// must round-trip. Every Gaudi instruction of tpc_llvm's InstructionDB.cpp
// is modelled today, so the table is empty.
#pragma once

#include <map>
#include <string>

namespace acosim::habana::tpcasm::testing {

inline const std::map<std::string, std::string>& notModelledInstructions() {
  static const std::map<std::string, std::string> table = {};
  return table;
}

}  // namespace acosim::habana::tpcasm::testing

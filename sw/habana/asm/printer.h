// Prints the typed IR in the canonical form of tpc_llvm's disassembler
// (llvm/lib/Target/TPC/MCTargetDesc/TPCInstPrinter.cpp, bundle-per-line
// format): "mnemonic[.type] [switches] op, op[, pred]" per slot, slots joined
// by "; ", LOOP on a line of its own, labels as "name:".
#pragma once

#include <string>
#include <vector>

#include "sw/habana/asm/bundle.h"

namespace acosim::habana::tpcasm {

std::string printInstruction(const Instruction& inst);
std::string printBundle(const Bundle& b);
// One string per output line: labels, bundles, then the .tpc_metadata section.
std::vector<std::string> printProgram(const Program& p);

}  // namespace acosim::habana::tpcasm

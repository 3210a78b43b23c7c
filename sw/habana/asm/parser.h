// Parser of one line of TPC machine code, "SLOT0; SLOT1; SLOT2; SLOT3" or a
// lone LOOP, into a typed Bundle. Syntax rules follow tpc_llvm
// llvm/lib/Target/TPC/AsmParser/TPCAsmParser.cpp: mnemonic with '.'-suffixes
// (data type and switches), switches also allowed among the operands,
// trailing predicate ([!]SPn or [!]VPn), missing trailing slots are NOP.
#pragma once

#include <string>
#include <vector>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/asm/error.h"

namespace acosim::habana::tpcasm {

// A use of a label (JMPR/LOOP target), kept for the check that it exists.
struct LabelRef {
  std::string name;
  int line = 0;
  int col = 0;
};

// Parses the text of one slot. Throws AsmError naming the cause.
Instruction parseInstruction(const std::string& text, Slot slot, const SourcePos& pos,
                             std::vector<LabelRef>* labelRefs = nullptr);

// Parses a whole bundle line (no comments, no label prefix).
Bundle parseBundle(const std::string& text, const SourcePos& pos,
                   std::vector<LabelRef>* labelRefs = nullptr);

}  // namespace acosim::habana::tpcasm

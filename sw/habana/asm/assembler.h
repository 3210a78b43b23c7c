// Whole-program TPC assembler: comments, labels, the directives the
// compiler's tests use (.text, .globl, .section .tpc_metadata with its
// "key: DB/DW/DD value" fields) and the check that every JMPR/LOOP target
// exists ("missing label", as tpc_llvm's AsmParser reports it).
#pragma once

#include <string>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/asm/error.h"

namespace acosim::habana::tpcasm {

// Throws AsmError (file:line:col: error: cause) on the first problem.
Program assemble(const std::string& source, const std::string& fileName = "<input>");
Program assembleFile(const std::string& path);

}  // namespace acosim::habana::tpcasm

// Numeric literals of TPC assembly, as accepted by tpc_llvm's
// AsmParser/TPCAsmParser.cpp: decimal, 0x hex, 0b binary, leading-0 octal,
// optional U suffix and sign; floats (1.0, .1, 1e5, 1.0f, 1.0bf, 1.0h) and
// typed literals such as i32_-144, u16_222, i32_x12C, f32_2.25. The result is
// the 32-bit pattern the instruction carries.
#pragma once

#include <cstdint>
#include <string>

#include "sw/habana/asm/bundle.h"

namespace acosim::habana::tpcasm {

// False when `text` is not a number; `dt` chooses the encoding of a plain
// float literal (bf16 pattern for .bf16 instructions, fp32 otherwise).
bool parseLiteral(const std::string& text, DataType dt, uint32_t* out);

// Plain unsigned integer (decimal, 0x, 0b), used for switch values.
bool parseUnsigned(const std::string& text, uint32_t* out);

}  // namespace acosim::habana::tpcasm

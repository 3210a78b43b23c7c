// Text assembly for Tensil programs: `acosim tensil asm` and `disasm`.
// The syntax is documented in docs/tensil-assembly.md; disassembly output
// assembles back to the same bytes.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil {

struct AssemblyError : std::runtime_error {
  using std::runtime_error::runtime_error;  // "FILE:LINE: message"
};

std::vector<uint8_t> assemble(const std::string& source, const Architecture& arch,
                              const std::string& file_name);
// One instruction per line. Throws AssemblyError when the byte count is not
// a whole number of instructions.
std::string disassemble(const std::vector<uint8_t>& program, const Architecture& arch);

}  // namespace acosim::tensil

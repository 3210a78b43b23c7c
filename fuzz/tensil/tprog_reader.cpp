// Fuzz target: the .tprog reader (sw/tensil/model.cpp read_program), the
// instruction decoder (sw/tensil/regs/isa.cpp) and the assembler
// (sw/tensil/assembler.cpp), on every architecture of architectures.h.
//
// The input is read two ways:
//   - as a .tprog: read_program accepts it exactly when it is a whole number
//     of instructions; every word decodes and re-encodes to itself (a
//     Configure only when its operand bits above bit 31 are zero, the only
//     ones it carries); and the disassembly assembles back to the same
//     bytes, the property docs/tensil-assembly.md promises;
//   - as assembly text: assemble either throws AssemblyError or gives whole
//     instructions whose disassembly assembles back to the same bytes.
// Any other exception, a crash or a sanitizer report is a finding.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz/tensil/architectures.h"
#include "fuzz/tensil/fuzz_check.h"
#include "sw/tensil/assembler.h"
#include "sw/tensil/model.h"
#include "sw/tensil/regs/isa.h"

using namespace acosim::tensil;
using acosim::fuzz::property_failed;
using acosim::fuzz::require;

namespace {

// Inputs are cut to this size: assembling and disassembling every word on
// six architectures is slow under the sanitizers, and longer inputs add
// time rather than new instruction forms.
constexpr size_t kMaxBytes = 1024;

// One file per process for read_program, which reads from a path.
const std::string& program_path() {
  static const std::string path = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/acosim-fuzz-XXXXXX";
    const int fd = mkstemp(pattern.data());
    if (fd < 0) property_failed("cannot create a temporary file");
    close(fd);
    std::atexit([] { std::remove(program_path().c_str()); });
    return pattern;
  }();
  return path;
}

// Operand bits of the word at or above bit 32, which a Configure does not carry.
bool high_operand_bits(const InstructionLayout& layout, const uint8_t* word) {
  const unsigned header_lsb = (layout.instruction_bytes - 1) * 8;
  for (unsigned bit = 32; bit < header_lsb; ++bit) {
    if ((word[bit / 8] >> (bit % 8)) & 1u) return true;
  }
  return false;
}

void round_trip(const std::vector<uint8_t>& program, const Architecture& arch, const char* what) {
  const std::string text = disassemble(program, arch);
  std::vector<uint8_t> again;
  try {
    again = assemble(text, arch, "disassembly.s");
  } catch (const AssemblyError& e) {
    property_failed(std::string(what) + ": the disassembly does not assemble: " + e.what() + "\n" + text);
  }
  require(again == program, std::string(what) + ": the disassembly assembles to other bytes:\n" + text);
}

void as_program(const std::vector<uint8_t>& bytes, const Architecture& arch) {
  const InstructionLayout layout = InstructionLayout::derive(arch);
  const size_t width = layout.instruction_bytes;
  const bool whole = bytes.size() % width == 0;

  Model model;
  model.prog_file_name = program_path();
  try {
    const std::vector<uint8_t> read = read_program(model, layout);
    require(whole && read == bytes, "read_program accepted a truncated program or changed its bytes");
  } catch (const FormatError&) {
    require(!whole, "read_program refused a whole number of instructions");
  }
  if (!whole) {
    try {
      (void)disassemble(bytes, arch);
      property_failed("disassemble accepted a truncated program");
    } catch (const AssemblyError&) {
    }
  }

  const std::vector<uint8_t> program(bytes.begin(), bytes.end() - long(bytes.size() % width));
  for (size_t offset = 0; offset < program.size(); offset += width) {
    const uint8_t* word = program.data() + offset;
    const Instruction in = decode_instruction(layout, word);
    if (in.opcode == uint8_t(Opcode::Configure) && high_operand_bits(layout, word)) continue;
    const std::vector<uint8_t> encoded = encode_instruction(layout, in);
    require(std::equal(encoded.begin(), encoded.end(), word), "a decoded word encodes to other bytes");
  }
  round_trip(program, arch, "program");
}

void as_text(const std::string& text, const Architecture& arch) {
  std::vector<uint8_t> program;
  try {
    program = assemble(text, arch, "fuzz.s");
  } catch (const AssemblyError&) {
    return;
  }
  require(program.size() % InstructionLayout::derive(arch).instruction_bytes == 0,
          "assemble produced a partial instruction");
  round_trip(program, arch, "assembled text");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  size = std::min(size, kMaxBytes);
  const std::vector<uint8_t> bytes(data, data + size);
  {
    FILE* f = std::fopen(program_path().c_str(), "wb");
    if (f == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
      property_failed("cannot write the temporary program");
    }
  }
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const Architecture& arch : acosim::fuzz::fuzz_architectures()) {
    as_program(bytes, arch);
    as_text(text, arch);
  }
  return 0;
}

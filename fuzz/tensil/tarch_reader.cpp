// Fuzz target: the .tarch reader (sw/tensil/model.cpp parse_architecture_json
// with Architecture::validate). Any input either throws FormatError or
// yields an architecture that validates, writes back to JSON that reads as
// the same architecture, and has an instruction layout the assembler and
// the decoder can work with. Any other exception, a crash or a sanitizer
// report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/tensil/fuzz_check.h"
#include "sw/tensil/assembler.h"
#include "sw/tensil/model.h"
#include "sw/tensil/regs/isa.h"

using namespace acosim::tensil;
using acosim::fuzz::require;

namespace {

bool same(const Architecture& a, const Architecture& b) {
  return a.compatible_with(b) && a.number_of_threads == b.number_of_threads &&
         a.thread_queue_depth == b.thread_queue_depth;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Architecture arch;
  try {
    arch = parse_architecture_json(text, "fuzz.tarch");
  } catch (const FormatError&) {
    return 0;
  }
  require(arch.validate().empty(), "an accepted architecture does not validate: " + arch.validate());
  const std::string json = architecture_to_json(arch);
  Architecture again;
  try {
    again = parse_architecture_json(json, "written.tarch");
  } catch (const FormatError& e) {
    acosim::fuzz::property_failed(std::string("the written architecture does not read back: ") + e.what());
  }
  require(same(arch, again), "the written architecture reads back different: " + json);

  // Every valid architecture has a layout whose words decode and disassemble.
  const InstructionLayout layout = InstructionLayout::derive(arch);
  require(layout.instruction_bytes >= 1 && layout.operand1_bits < 64, "layout out of range: " + json);
  std::vector<uint8_t> word(layout.instruction_bytes, 0xFF);
  (void)decode_instruction(layout, word.data());
  const std::string listing = disassemble(word, arch);
  require(assemble(listing, arch, "fuzz.s") == word, "an all-ones word does not round trip: " + listing);
  return 0;
}

// Fuzz target: the .tmodel reader (sw/tensil/model.cpp parse_model_json).
// Any input either throws FormatError or yields a model whose tensors lie
// inside their DRAM's depth and which writes back (model_to_json) to JSON
// that reads as the same model. Any other exception, a crash or a sanitizer
// report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/tensil/fuzz_check.h"
#include "sw/tensil/model.h"

using namespace acosim::tensil;
using acosim::fuzz::require;

namespace {

bool same_entries(const std::vector<TensorEntry>& a, const std::vector<TensorEntry>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || a[i].file_name != b[i].file_name || a[i].base != b[i].base ||
        a[i].size != b[i].size) {
      return false;
    }
  }
  return true;
}

void require_inside(const std::vector<TensorEntry>& entries, uint64_t depth, const char* what) {
  for (const TensorEntry& e : entries) {
    require(e.base < depth && e.size <= depth - e.base,
            std::string(what) + " entry base " + std::to_string(e.base) + " size " + std::to_string(e.size) +
                " is outside depth " + std::to_string(depth));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Model model;
  try {
    model = parse_model_json(text, "fuzz.tmodel");
  } catch (const FormatError&) {
    return 0;
  }
  require(model.arch.validate().empty(), "an accepted model has an invalid architecture");
  require(!model.prog_file_name.empty(), "an accepted model has no program file name");
  require_inside(model.consts, model.arch.dram1_depth, "consts");
  require_inside(model.inputs, model.arch.dram0_depth, "inputs");
  require_inside(model.outputs, model.arch.dram0_depth, "outputs");

  const std::string json = model_to_json(model);
  Model again;
  try {
    again = parse_model_json(json, "written.tmodel");
  } catch (const FormatError& e) {
    acosim::fuzz::property_failed(std::string("the written model does not read back: ") + e.what());
  }
  require(again.name == model.name && again.prog_file_name == model.prog_file_name &&
              again.prog_size == model.prog_size && same_entries(again.consts, model.consts) &&
              same_entries(again.inputs, model.inputs) && same_entries(again.outputs, model.outputs) &&
              again.arch.compatible_with(model.arch) &&
              again.arch.number_of_threads == model.arch.number_of_threads &&
              again.arch.thread_queue_depth == model.arch.thread_queue_depth &&
              again.load_consts_to_local == model.load_consts_to_local,
          "the written model reads back different: " + json);
  require(model_to_json(again) == json, "writing the model is not stable: " + json);

  // The per-name views keep every entry of the name, in order of base.
  for (const TensorEntry& e : model.inputs) {
    const std::vector<TensorEntry> named = model.inputs_named(e.name);
    for (size_t i = 1; i < named.size(); ++i) require(named[i - 1].base <= named[i].base, "inputs_named order");
  }
  return 0;
}

// Tensil's compiler artifacts: .tarch (architecture JSON), .tmodel (model
// manifest JSON), .tprog (raw instructions), .tdata (constants), as written
// by Tensil's tools/src/tensil/tools/Compiler.scala. Reading them validates everything a run depends on and throws
// FormatError naming the file and the offending key or byte.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil {

struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One region of DRAM0 (inputs, outputs) or DRAM1 (consts), in vectors.
struct TensorEntry {
  std::string name;       // tensor name (inputs/outputs); empty for consts
  std::string file_name;  // consts only: the .tdata, relative to the .tmodel folder
  uint64_t base = 0;      // first vector
  uint64_t size = 0;      // number of vectors
};

struct Model {
  std::string name;
  std::string prog_file_name;  // relative to the .tmodel folder
  uint64_t prog_size = 0;      // bytes of the .tprog
  std::vector<TensorEntry> consts;
  std::vector<TensorEntry> inputs;   // sorted by base within a name
  std::vector<TensorEntry> outputs;
  Architecture arch;
  bool load_consts_to_local = false;
  std::string directory;  // folder of the .tmodel, for resolving file names

  std::string resolve(const std::string& file_name) const;
  // The entries of one input/output name, in order of base (empty if none).
  std::vector<TensorEntry> inputs_named(const std::string& name) const;
  std::vector<TensorEntry> outputs_named(const std::string& name) const;
};

Architecture parse_architecture_json(const std::string& text, const std::string& origin);
Architecture read_architecture(const std::string& tarch_path);
std::string architecture_to_json(const Architecture& arch);

Model parse_model_json(const std::string& text, const std::string& origin);
Model read_model(const std::string& tmodel_path);
// Compact JSON with the key order Tensil's compiler writes.
std::string model_to_json(const Model& model);

// Reads a whole file; throws FormatError naming the path when it cannot.
std::vector<uint8_t> read_file(const std::string& path);
// Writes through a temporary file and renames it, so a failed write never
// leaves a partial file under the final name.
void write_file_atomically(const std::string& path, const std::vector<uint8_t>& bytes);
// The same for several files: every temporary is written before any is
// renamed, so a failure while writing leaves none of them under its final
// name. Throws FormatError naming the file that failed.
void write_files_atomically(const std::vector<std::pair<std::string, std::vector<uint8_t>>>& files);

// A .tprog must hold a whole number of instructions (and prog.size bytes when
// the model gives one).
std::vector<uint8_t> read_program(const Model& model, const InstructionLayout& layout);
// A .tdata must hold exactly consts.size vectors.
std::vector<uint8_t> read_consts(const Model& model, const TensorEntry& consts);

}  // namespace acosim::tensil

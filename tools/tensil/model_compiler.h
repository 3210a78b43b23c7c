// A small host-side compiler from readable model sources (read by
// tools/tensil/model_source.h) to Tensil's artifacts: .tmodel,
// .tprog and .tdata (as Tensil's tools/src/tensil/tools/Compiler.scala
// writes them), in the memory strategy Tensil calls
// local-isolated: inputs, outputs and intermediate tensors in DRAM0,
// constants in DRAM1 from vector 0.
//
// Every layer is one stage that reads its input tensor from DRAM0 and
// writes its output tensor back to DRAM0:
//   dense      DataMove DRAM1->local (weights), DataMove DRAM0->local
//              (input), per output tile and input tile LoadWeights + MatMul
//              (accumulating over input tiles), optional ReLU in SIMD,
//              DataMove accumulators->local->DRAM0.
//   conv2d     the same, with the input tiles being the kernel offsets x
//              channel tiles: the output pixel (oy,ox) accumulates
//              MatMuls of input pixel (oy+dy, ox+dx) against the weights of
//              kernel offset (dy,dx), channels in lanes (no im2col copy).
//   maxpool2d  DataMove DRAM0->local->accumulators, one SIMD Max chain per
//              output vector through register R1, DataMove back.
// Instructions are encoded only through sw/tensil/regs/isa.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/tensil/model.h"
#include "sw/tensil/regs/architecture.h"
#include "tools/tensil/model_source.h"

namespace acosim::tensil {

struct BuiltModel {
  Model model;                   // the .tmodel manifest (directory left empty)
  std::vector<uint8_t> program;  // the .tprog bytes
  std::vector<uint8_t> consts;   // the .tdata bytes (DRAM1 from vector 0)
};

// Compiles a model source read by read_model_source for `arch` into the
// artifact `name`. Throws FormatError when the model does not fit the
// architecture's memories.
BuiltModel compile_model(const ModelSource& source, const Architecture& arch, const std::string& name);

// Reads and compiles the model source at `source_path` for `arch`. The artifact name is
// `<source stem>_<arch stem>` (as in Tensil's Compiler.scala, with the extension left out),
// non-alphanumeric characters replaced by '_'. Throws FormatError naming the
// file and the offending key when the source is malformed or the model does
// not fit the architecture's memories.
BuiltModel build_model(const std::string& source_path, const Architecture& arch, const std::string& arch_path);

// Writes <name>.tprog, <name>.tdata, a disassembly listing <name>.s and, last,
// <name>.tmodel into `output_dir` (created when missing), each through
// write_file_atomically.
void write_built_model(const BuiltModel& built, const std::string& output_dir);

}  // namespace acosim::tensil

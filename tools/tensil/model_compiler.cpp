#include "tools/tensil/model_compiler.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <functional>
#include <sstream>
#include <utility>

#include "sw/tensil/assembler.h"
#include "sw/tensil/fixed.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {
namespace {

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

uint64_t elements(const Shape& shape) {
  uint64_t count = 1;
  for (uint64_t d : shape) count *= d;
  return count;
}

// ---------------------------------------------------------------------------
// Instruction emission.

// One vector transferred or multiplied: local memory address and the other
// side's address (DRAM, accumulator).
struct VectorPair {
  uint64_t local;
  uint64_t other;
};

// Emits instructions, packing lists of vector pairs into as few
// size/stride instructions as the stride fields allow (Tensil's
// mem/StrideHandler.scala: field k steps 2^k vectors, k < stride depth).
class ProgramWriter {
 public:
  explicit ProgramWriter(const Architecture& arch) : m_arch(arch), m_layout(InstructionLayout::derive(arch)) {
    const unsigned size_bits = std::min(m_layout.operand2_bits, 32u);
    m_max_count = uint64_t(1) << size_bits;
  }

  void data_move(DataMoveKind kind, const std::vector<VectorPair>& pairs) {
    for (const Run& run : pack(pairs)) {
      Instruction in = operands(Opcode::DataMove, static_cast<uint8_t>(kind), run);
      emit(in);
    }
  }

  void data_move_block(DataMoveKind kind, uint64_t local, uint64_t other, uint64_t count) {
    std::vector<VectorPair> pairs;
    for (uint64_t i = 0; i < count; ++i) pairs.push_back({local + i, other + i});
    data_move(kind, pairs);
  }

  void matmul(const std::vector<VectorPair>& pairs, bool accumulate) {
    for (const Run& run : pack(pairs)) {
      emit(operands(Opcode::MatMul, accumulate ? flags::kMatMulAccumulate : 0, run));
    }
  }

  // Loads `count` vectors from local[address..address+count-1]; the TCU
  // reads them last-first (Tensil's Decoder.scala).
  void load_weights(uint64_t address, uint64_t count) {
    Instruction in;
    in.opcode = static_cast<uint8_t>(Opcode::LoadWeights);
    in.operand0_address = address;
    // LoadWeights takes its size from the whole operand 1 (Tensil's Decoder.scala).
    in.operand1_address = count - 1;
    in.operand1_whole = count - 1;
    emit(in);
  }

  void load_zero_weights(uint64_t count) {
    Instruction in;
    in.opcode = static_cast<uint8_t>(Opcode::LoadWeights);
    in.flags = flags::kLoadWeightsZeroes;
    in.operand1_address = count - 1;
    in.operand1_whole = count - 1;
    emit(in);
  }

  void simd(uint8_t simd_flags, uint64_t write_address, uint64_t read_address, const SimdSubInstruction& sub) {
    Instruction in;
    in.opcode = static_cast<uint8_t>(Opcode::Simd);
    in.flags = simd_flags;
    in.operand0_address = write_address;
    in.operand1_address = read_address;
    in.operand1_whole = read_address;
    in.operand2 = sub.pack(m_layout.simd_operand_bits);
    emit(in);
  }

  const std::vector<uint8_t>& bytes() const { return m_bytes; }

 private:
  struct Run {
    uint64_t local, other;
    uint32_t local_stride, other_stride;  // stride fields (log2 of the step)
    uint64_t count;
  };

  // log2 of `step` when it is a power of two a stride field of `depth`
  // values can hold; -1 otherwise.
  static int stride_field(uint64_t step, uint32_t depth) {
    if (step == 0 || (step & (step - 1)) != 0) return -1;
    int k = 0;
    while ((uint64_t(1) << k) != step) ++k;
    return uint32_t(k) < depth ? k : -1;
  }

  std::vector<Run> pack(const std::vector<VectorPair>& pairs) const {
    std::vector<Run> runs;
    size_t i = 0;
    while (i < pairs.size()) {
      Run run{pairs[i].local, pairs[i].other, 0, 0, 1};
      if (i + 1 < pairs.size() && pairs[i + 1].local > pairs[i].local && pairs[i + 1].other > pairs[i].other) {
        const uint64_t local_step = pairs[i + 1].local - pairs[i].local;
        const uint64_t other_step = pairs[i + 1].other - pairs[i].other;
        const int ls = stride_field(local_step, m_arch.stride0_depth);
        const int os = stride_field(other_step, m_arch.stride1_depth);
        if (ls >= 0 && os >= 0) {
          run.local_stride = uint32_t(ls);
          run.other_stride = uint32_t(os);
          while (i + run.count < pairs.size() && run.count < m_max_count &&
                 pairs[i + run.count].local == run.local + run.count * local_step &&
                 pairs[i + run.count].other == run.other + run.count * other_step) {
            ++run.count;
          }
        }
      }
      if (run.count == 1) run.local_stride = run.other_stride = 0;
      runs.push_back(run);
      i += run.count;
    }
    return runs;
  }

  static Instruction operands(Opcode opcode, uint8_t instruction_flags, const Run& run) {
    Instruction in;
    in.opcode = static_cast<uint8_t>(opcode);
    in.flags = instruction_flags;
    in.operand0_address = run.local;
    in.operand0_stride = run.local_stride;
    in.operand1_address = run.other;
    in.operand1_stride = run.other_stride;
    in.operand2 = run.count - 1;
    return in;
  }

  void emit(Instruction in) {
    if (in.operand1_whole == 0) {
      in.operand1_whole = in.operand1_address | (uint64_t(in.operand1_stride) << m_layout.operand1_address_bits);
    }
    const std::vector<uint8_t> word = encode_instruction(m_layout, in);
    m_bytes.insert(m_bytes.end(), word.begin(), word.end());
  }

  const Architecture& m_arch;
  InstructionLayout m_layout;
  uint64_t m_max_count = 0;
  std::vector<uint8_t> m_bytes;
};

// The .tdata: whole vectors of raw scalars, converted with the compiler's
// rule (FixedBase.scala, via float_to_raw), laid out from DRAM1 vector 0.
class ConstPool {
 public:
  explicit ConstPool(const Architecture& arch) : m_arch(arch) {}

  uint64_t vectors() const { return m_raw.size() / m_arch.array_size; }

  // Appends one vector whose lane i holds lane(i).
  void add_vector(const std::function<double(uint64_t lane)>& lane) {
    for (uint64_t i = 0; i < m_arch.array_size; ++i) m_raw.push_back(float_to_raw(lane(i), m_arch.type()));
  }

  std::vector<uint8_t> bytes() const {
    std::vector<uint8_t> out(m_raw.size() * m_arch.type().bytes);
    for (size_t i = 0; i < m_raw.size(); ++i) store_raw(m_raw[i], m_arch.type(), &out[i * m_arch.type().bytes]);
    return out;
  }

 private:
  const Architecture& m_arch;
  std::vector<int32_t> m_raw;
};

// Bump allocation of one memory, with an error naming the model file and the
// layer when it runs out.
class Region {
 public:
  Region(std::string memory, uint64_t limit) : m_memory(std::move(memory)), m_limit(limit) {}

  uint64_t allocate(uint64_t vectors, const std::string& path, const std::string& key) {
    if (vectors > m_limit - m_next) {
      throw FormatError(path + ": " + key + ": needs " + std::to_string(m_next + vectors) + " vectors of " +
                        m_memory + ", the architecture offers " + std::to_string(m_limit));
    }
    const uint64_t base = m_next;
    m_next += vectors;
    return base;
  }

 private:
  std::string m_memory;
  uint64_t m_limit;
  uint64_t m_next = 0;
};

// A tensor in DRAM0: one vector per ceil(channels / n) chunk of the innermost
// dimension at every position of the outer dimensions (Tensil's
// compiler/MemoryDimensions.scala).
struct DramTensor {
  uint64_t base = 0;
  uint64_t positions = 0;
  uint64_t vectors_per_position = 0;
  uint64_t size() const { return positions * vectors_per_position; }
};

// One MatMul pass over all output positions: the weights multiplying input
// vector `input_vector(position)` (local offset inside the stage's input)
// with lane r of that vector contributing to output channel o with weight
// `weight(r, o)`.
struct MatMulTerm {
  std::function<uint64_t(uint64_t position)> input_vector;
  std::function<double(uint64_t row, uint64_t output)> weight;
};

// Compiles the layers, one stage each (see model_builder.h).
class StageCompiler {
 public:
  StageCompiler(const ModelSource& source, const Architecture& arch)
      : m_source(source),
        m_arch(arch),
        m_n(arch.array_size),
        m_program(arch),
        m_consts(arch),
        // The driver's flush probe uses the last two DRAM0 vectors
        // (Tensil's drivers/embedded/tensil/driver.c).
        m_dram0("DRAM0", arch.dram0_depth - 2) {}

  BuiltModel compile(const std::string& name) {
    for (const Layer& layer : m_source.layers) {
      const bool uses_r1 = layer.activation == Activation::Relu || layer.type == LayerType::MaxPool2d;
      if (uses_r1 && m_arch.simd_registers_depth < 1) {
        throw FormatError(m_source.path + ": " + layer.key +
                          ": needs SIMD register R1, the architecture has simd_registers_depth 0");
      }
    }
    const Shape& in_shape = m_source.input_shape;
    DramTensor current = allocate_tensor(in_shape, "input");
    const DramTensor input = current;
    for (const Layer& layer : m_source.layers) {
      const DramTensor out = allocate_tensor(layer.output_shape, layer.key);
      switch (layer.type) {
        case LayerType::Dense:
          dense(layer, current, out);
          break;
        case LayerType::Conv2d:
          conv2d(layer, current, out);
          break;
        case LayerType::MaxPool2d:
          maxpool2d(layer, current, out);
          break;
      }
      current = out;
    }
    if (m_consts.vectors() > m_arch.dram1_depth) {
      throw FormatError(m_source.path + ": the constants need " + std::to_string(m_consts.vectors()) +
                        " vectors of DRAM1, the architecture offers " + std::to_string(m_arch.dram1_depth));
    }

    BuiltModel built;
    built.program = m_program.bytes();
    built.consts = m_consts.bytes();
    Model& model = built.model;
    model.name = name;
    model.prog_file_name = name + ".tprog";
    model.prog_size = built.program.size();
    model.consts.push_back({"", name + ".tdata", 0, m_consts.vectors()});
    model.inputs.push_back({m_source.input_name, "", input.base, input.size()});
    model.outputs.push_back({m_source.output_name, "", current.base, current.size()});
    model.arch = m_arch;
    model.load_consts_to_local = false;
    return built;
  }

 private:
  DramTensor allocate_tensor(const Shape& shape, const std::string& key) {
    DramTensor t;
    t.vectors_per_position = ceil_div(shape.back(), m_n);
    t.positions = elements(shape) / shape.back();
    t.base = m_dram0.allocate(t.size(), m_source.path, key);
    return t;
  }

  // Local memory of one stage. Stages stay in the lower half: the RTL
  // orders DRAM-side (port B) and compute-side (port A) accesses through
  // one lock per half, taken at the start address (Tensil's Decoder.scala,
  // mutex/LockPool.scala), so a
  // stage inside one half is ordered whatever the timing.
  Region local_region() const { return Region("local memory (lower half)", m_arch.local_depth / 2); }
  Region accumulator_region() const { return Region("accumulators", m_arch.accumulator_depth); }

  void dense(const Layer& layer, const DramTensor& in, const DramTensor& out) {
    const uint64_t inputs = layer.weight_dims[0], units = layer.weight_dims[1];
    std::vector<MatMulTerm> terms;
    for (uint64_t k = 0; k < in.vectors_per_position; ++k) {
      terms.push_back({[in, k](uint64_t p) { return p * in.vectors_per_position + k; },
                       [&layer, inputs, units, k, n = m_n](uint64_t r, uint64_t o) {
                         const uint64_t i = k * n + r;
                         return i < inputs ? layer.weights[i * units + o] : 0.0;
                       }});
    }
    weighted_stage(layer, units, terms, in, out);
  }

  void conv2d(const Layer& layer, const DramTensor& in, const DramTensor& out) {
    const uint64_t kh = layer.weight_dims[0], kw = layer.weight_dims[1];
    const uint64_t channels = layer.weight_dims[2], filters = layer.weight_dims[3];
    const uint64_t width = layer.input_shape[1], out_width = layer.output_shape[1];
    const uint64_t ct = in.vectors_per_position;
    std::vector<MatMulTerm> terms;
    for (uint64_t dy = 0; dy < kh; ++dy) {
      for (uint64_t dx = 0; dx < kw; ++dx) {
        for (uint64_t c = 0; c < ct; ++c) {
          terms.push_back(
              {[=](uint64_t q) { return (((q / out_width) + dy) * width + (q % out_width) + dx) * ct + c; },
               [&layer, dy, dx, c, kw, channels, filters, n = m_n](uint64_t r, uint64_t o) {
                 const uint64_t ch = c * n + r;
                 if (ch >= channels) return 0.0;
                 return layer.weights[((dy * kw + dx) * channels + ch) * filters + o];
               }});
        }
      }
    }
    weighted_stage(layer, filters, terms, in, out);
  }

  // Dense and conv2d: for every output tile j and term t, LoadWeights of
  // the term's n rows (last-first, as Tensil's Decoder.scala reads them) then of the bias row (the
  // layer's bias for t = 0, zeroes otherwise), and a MatMul of the term's
  // input vectors into the accumulators, accumulating for t > 0.
  void weighted_stage(const Layer& layer, uint64_t out_channels, const std::vector<MatMulTerm>& terms,
                      const DramTensor& in, const DramTensor& out) {
    const uint64_t tiles = out.vectors_per_position;
    const uint64_t positions = out.positions;
    Region local = local_region();
    Region acc = accumulator_region();

    // Constants of this stage, in DRAM1 and local memory in the same order:
    // the n-row block of each (tile, term), then the bias vector of each tile.
    const uint64_t dram1_base = m_consts.vectors();
    for (uint64_t j = 0; j < tiles; ++j) {
      for (const MatMulTerm& term : terms) {
        for (uint64_t r = 0; r < m_n; ++r) {
          m_consts.add_vector([&, j, r](uint64_t i) {
            const uint64_t o = j * m_n + i;
            return o < out_channels ? term.weight(r, o) : 0.0;
          });
        }
      }
    }
    const uint64_t bias_offset = m_consts.vectors() - dram1_base;
    if (!layer.bias.empty()) {
      for (uint64_t j = 0; j < tiles; ++j) {
        m_consts.add_vector([&, j](uint64_t i) {
          const uint64_t o = j * m_n + i;
          return o < out_channels ? layer.bias[o] : 0.0;
        });
      }
    }
    const uint64_t const_count = m_consts.vectors() - dram1_base;
    const uint64_t local_consts = local.allocate(const_count, m_source.path, layer.key);
    const uint64_t local_in = local.allocate(in.size(), m_source.path, layer.key);
    const uint64_t local_out = local.allocate(out.size(), m_source.path, layer.key);
    acc.allocate(out.size(), m_source.path, layer.key);

    m_program.data_move_block(DataMoveKind::Dram1ToLocal, local_consts, dram1_base, const_count);
    m_program.data_move_block(DataMoveKind::Dram0ToLocal, local_in, in.base, in.size());
    for (uint64_t j = 0; j < tiles; ++j) {
      for (size_t t = 0; t < terms.size(); ++t) {
        m_program.load_weights(local_consts + (j * terms.size() + t) * m_n, m_n);
        if (t == 0 && !layer.bias.empty()) {
          m_program.load_weights(local_consts + bias_offset + j, 1);
        } else {
          m_program.load_zero_weights(1);
        }
        std::vector<VectorPair> pairs;
        // Accumulator of output position p, tile j: p * tiles + j, the
        // layout of the output tensor.
        for (uint64_t p = 0; p < positions; ++p) pairs.push_back({local_in + terms[t].input_vector(p), p * tiles + j});
        m_program.matmul(pairs, t > 0);
      }
    }
    if (layer.activation == Activation::Relu) relu(out.size());
    m_program.data_move_block(DataMoveKind::AccumulatorToLocal, local_out, 0, out.size());
    m_program.data_move_block(DataMoveKind::LocalToDram0, local_out, out.base, out.size());
  }

  // Tensil's compiler form of ReLU (compiler/Scheduler.scala): Zero -> R1 without a
  // read, then Max(input, R1) -> out with read and write, in place.
  void relu(uint64_t vectors) {
    m_program.simd(0, 0, 0, sub(SimdOp::Zero, 0, 0, 1));
    for (uint64_t a = 0; a < vectors; ++a) {
      m_program.simd(flags::kSimdRead | flags::kSimdWrite, a, a, sub(SimdOp::Max, 0, 1, 0));
    }
  }

  static SimdSubInstruction sub(SimdOp op, uint32_t left, uint32_t right, uint32_t dest) {
    SimdSubInstruction s;
    s.op = static_cast<uint8_t>(op);
    s.source_left = left;
    s.source_right = right;
    s.dest = dest;
    return s;
  }

  // Max pooling on the accumulators: the input goes DRAM0 -> local ->
  // accumulators (DataMove 0xD); per output vector a running maximum in R1,
  // Max(input, input) -> R1 for the first window position, Max(input, R1)
  // -> R1 for the next ones and Max(input, R1) -> out with write for the
  // last (Tensil's compiler/Scheduler.scala). A 1x1 window is a Move.
  void maxpool2d(const Layer& layer, const DramTensor& in, const DramTensor& out) {
    Region local = local_region();
    Region acc = accumulator_region();
    const uint64_t local_in = local.allocate(in.size(), m_source.path, layer.key);
    const uint64_t local_out = local.allocate(out.size(), m_source.path, layer.key);
    const uint64_t acc_in = acc.allocate(in.size(), m_source.path, layer.key);
    const uint64_t acc_out = acc.allocate(out.size(), m_source.path, layer.key);
    const uint64_t ct = in.vectors_per_position;
    const uint64_t width = layer.input_shape[1];
    const uint64_t out_height = layer.output_shape[0], out_width = layer.output_shape[1];

    m_program.data_move_block(DataMoveKind::Dram0ToLocal, local_in, in.base, in.size());
    m_program.data_move_block(DataMoveKind::LocalToAccumulator, local_in, acc_in, in.size());
    const uint8_t read = flags::kSimdRead, read_write = flags::kSimdRead | flags::kSimdWrite;
    for (uint64_t oy = 0; oy < out_height; ++oy) {
      for (uint64_t ox = 0; ox < out_width; ++ox) {
        for (uint64_t c = 0; c < ct; ++c) {
          const uint64_t target = acc_out + (oy * out_width + ox) * ct + c;
          std::vector<uint64_t> window;
          for (uint64_t py = 0; py < layer.pool_height; ++py) {
            for (uint64_t px = 0; px < layer.pool_width; ++px) {
              const uint64_t y = oy * layer.stride_height + py, x = ox * layer.stride_width + px;
              window.push_back(acc_in + (y * width + x) * ct + c);
            }
          }
          if (window.size() == 1) {
            m_program.simd(read_write, target, window[0], sub(SimdOp::Move, 0, 0, 0));
            continue;
          }
          m_program.simd(read, 0, window[0], sub(SimdOp::Max, 0, 0, 1));
          for (size_t w = 1; w + 1 < window.size(); ++w) m_program.simd(read, 0, window[w], sub(SimdOp::Max, 0, 1, 1));
          m_program.simd(read_write, target, window.back(), sub(SimdOp::Max, 0, 1, 0));
        }
      }
    }
    m_program.data_move_block(DataMoveKind::AccumulatorToLocal, local_out, acc_out, out.size());
    m_program.data_move_block(DataMoveKind::LocalToDram0, local_out, out.base, out.size());
  }

  const ModelSource& m_source;
  const Architecture& m_arch;
  const uint64_t m_n;
  ProgramWriter m_program;
  ConstPool m_consts;
  Region m_dram0;
};

std::string sanitized(const std::string& text) {
  std::string out = text;
  for (char& c : out) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return out;
}

}  // namespace

BuiltModel compile_model(const ModelSource& source, const Architecture& arch, const std::string& name) {
  return StageCompiler(source, arch).compile(name);
}

BuiltModel build_model(const std::string& source_path, const Architecture& arch, const std::string& arch_path) {
  const std::string problem = arch.validate();
  if (!problem.empty()) throw FormatError(arch_path + ": " + problem);
  const ModelSource source = read_model_source(source_path, arch.type());
  const std::string name = sanitized(std::filesystem::path(source_path).stem().string()) + "_" +
                           sanitized(std::filesystem::path(arch_path).stem().string());
  return compile_model(source, arch, name);
}

void write_built_model(const BuiltModel& built, const std::string& output_dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(output_dir, error);
  if (error) throw FormatError(output_dir + ": cannot create the output folder: " + error.message());
  const fs::path dir(output_dir);
  const Model& model = built.model;
  write_file_atomically((dir / model.prog_file_name).string(), built.program);
  write_file_atomically((dir / model.consts.at(0).file_name).string(), built.consts);
  const std::string listing = disassemble(built.program, model.arch);
  write_file_atomically((dir / (model.name + ".s")).string(), std::vector<uint8_t>(listing.begin(), listing.end()));
  // The manifest last: a .tmodel present means its files are complete.
  const std::string manifest = model_to_json(model);
  write_file_atomically((dir / (model.name + ".tmodel")).string(),
                        std::vector<uint8_t>(manifest.begin(), manifest.end()));
}

}  // namespace acosim::tensil

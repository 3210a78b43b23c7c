// acosim-bench: how fast the Tensil co-simulation runs.
//
// One invocation reports every figure on the same stimulus: a weight load
// followed by `repeats` MatMuls of `vectors` input vectors each, run
//   - on the bare Verilated array (no SystemC, no engine class),
//   - on the SystemC TCU with the rtl engine (Verilated array inside),
//   - on the SystemC TCU with the fast engine,
// for 8x8 and 16x16 FP16BP8 arrays, the wall time of the example models, and
// Tensil's compiled networks of ACOSIM_RTL_DIR (speech commands on the 8x8
// speech-robot build, ResNet-20v2 on the 32x32 zcu104 build) on the
// generated, rtl and fast engines with 128-bit AXI.
// SystemC elaborates once per process, so every SystemC case runs in a child
// process of this program (`acosim-bench --case ...`), which prints its
// figures as key=value lines for the parent to collect.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>

#include "bench/child_cases.h"
#include "bench/tensil/bare_harness.h"
#include "sw/tensil/fixed.h"
#include "sw/tensil/model.h"
#include "sw/tensil/regs/isa.h"
#include "testbench/tensil/board.h"
#include "testbench/tensil/system.h"

namespace acosim::tensil::bench {
namespace {

using acosim::bench::Figures;
using acosim::bench::run_child;

// The shipped PYNQ-Z1 (8x8) and Ultra96-V2 (16x16) architectures (Tensil arch/pynqz1.tarch, arch/ultra96v2.tarch).
Architecture bench_arch(unsigned size) {
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = size;
  a.dram0_depth = a.dram1_depth = 1048576;
  a.local_depth = size == 8 ? 8192 : 20480;
  a.accumulator_depth = size == 8 ? 2048 : 4096;
  a.simd_registers_depth = 1;
  a.stride0_depth = a.stride1_depth = 8;
  return a;
}

constexpr uint64_t kVectors = 1024;  // vectors per MatMul
constexpr uint64_t kWeightsAt = 4096;  // local address of the weight rows

struct Stimulus {
  std::vector<Vector> weight_rows;  // n+1 rows: bias row first, as local memory holds them
  std::vector<Vector> inputs;       // kVectors input vectors
  unsigned repeats;
};

Stimulus make_stimulus(unsigned n, unsigned repeats) {
  // Small raw values (|x| < 2^9) keep products well away from saturation, so
  // every MAC exercises the rounding path rather than the clamp.
  std::mt19937 random(20261123u + n);
  std::uniform_int_distribution<int32_t> raw(-512, 511);
  Stimulus s;
  s.repeats = repeats;
  s.weight_rows.assign(n + 1, Vector(n));
  for (Vector& row : s.weight_rows)
    for (int32_t& v : row) v = raw(random);
  s.inputs.assign(kVectors, Vector(n));
  for (Vector& in : s.inputs)
    for (int32_t& v : in) v = raw(random);
  return s;
}

std::vector<uint8_t> to_bytes(const std::vector<Vector>& vectors, const Architecture& arch) {
  std::vector<uint8_t> bytes(vectors.size() * arch.vector_bytes());
  uint8_t* out = bytes.data();
  for (const Vector& v : vectors)
    for (int32_t x : v) {
      store_raw(x, arch.type(), out);
      out += arch.type().bytes;
    }
  return bytes;
}

// The TCU program of the stimulus: inputs DRAM0 -> local, weights DRAM1 ->
// local, one LoadWeights of the n+1 rows, then `repeats` MatMuls.
std::vector<uint8_t> make_program(const Architecture& arch, const Stimulus& s, uint64_t& instructions) {
  const InstructionLayout layout = InstructionLayout::derive(arch);
  std::vector<uint8_t> program;
  const auto emit = [&](const Instruction& in) {
    const std::vector<uint8_t> word = encode_instruction(layout, in);
    program.insert(program.end(), word.begin(), word.end());
    ++instructions;
  };
  Instruction move_inputs;
  move_inputs.opcode = uint8_t(Opcode::DataMove);
  move_inputs.flags = uint8_t(DataMoveKind::Dram0ToLocal);
  move_inputs.operand2 = kVectors - 1;
  emit(move_inputs);
  Instruction move_weights;
  move_weights.opcode = uint8_t(Opcode::DataMove);
  move_weights.flags = uint8_t(DataMoveKind::Dram1ToLocal);
  move_weights.operand0_address = kWeightsAt;
  move_weights.operand1_address = kVectors;
  move_weights.operand2 = s.weight_rows.size() - 1;
  emit(move_weights);
  Instruction load;
  load.opcode = uint8_t(Opcode::LoadWeights);
  load.operand0_address = kWeightsAt;
  load.operand1_address = s.weight_rows.size() - 1;
  emit(load);
  Instruction matmul;
  matmul.opcode = uint8_t(Opcode::MatMul);
  matmul.operand2 = kVectors - 1;
  for (unsigned r = 0; r < s.repeats; ++r) emit(matmul);
  return program;
}

Figures run_tcu_case(ArrayEngineKind engine, unsigned n, unsigned repeats) {
  const Architecture arch = bench_arch(n);
  const Stimulus s = make_stimulus(n, repeats);
  TcuOptions options;
  options.arch = arch;
  options.engine = engine;
  uint64_t instructions = 0;
  const std::vector<uint8_t> program = make_program(arch, s, instructions);
  // The host streams the stimulus program and waits for the TCU to retire it.
  Board board("board", core::MemoryConfig{}, options, [&](Board& b) {
    b.host.write_stream(hal::StreamId::Instructions, program.data(), program.size());
    while (b.tcu.statistics().instructions() < instructions) b.host.sleep_ns(1000);
  });
  const std::vector<uint8_t> inputs = to_bytes(s.inputs, arch);
  const std::vector<uint8_t> weights = to_bytes(s.weight_rows, arch);
  // Both offset registers reset to 0, so DRAM0 and DRAM1 share address 0:
  // the weights sit in DRAM1 right after the inputs (make_program).
  board.dram.poke(0, inputs.data(), inputs.size());
  board.dram.poke(inputs.size(), weights.data(), weights.size());
  const auto start = std::chrono::steady_clock::now();
  board.run();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const TcuStatistics& st = board.tcu.statistics();
  // Array cycles of the stimulus: n+1 weight rows, then per MatMul the
  // vectors streamed plus the 2n-1 cycles of skew and drain (Tensil's SystolicArray.scala).
  const double array_cycles = double(n + 1) + double(repeats) * double(kVectors + 2 * n - 1);
  return {{"seconds", seconds},
          {"array_cycles", array_cycles},
          {"instructions", double(st.instructions())},
          {"macs", double(st.macs)}};
}

Figures run_bare_case(unsigned n, unsigned repeats) {
  const Stimulus s = make_stimulus(n, repeats);
  // The array takes the rows last-first so the bias row enters last
  // (Tensil's Decoder.scala reads them last-first), exactly as the TCU's LoadWeights feeds them.
  std::vector<Vector> load_order(s.weight_rows.rbegin(), s.weight_rows.rend());
  const BareRun run = run_bare_array(DataType::FP16BP8, n, load_order, s.inputs, repeats);
  return {{"seconds", run.seconds}, {"array_cycles", double(run.cycles)}};
}

Figures run_model_case(const std::string& tmodel, ArrayEngineKind engine, bool generated = false,
                       unsigned axi_bytes = 8) {
  RunRequest request;
  request.tmodel_path = tmodel;
  request.engine = engine;
  request.generated = generated;
  request.axi_bytes = axi_bytes;
  const Model model = read_model(tmodel);
  for (const TensorEntry& e : model.inputs) {
    std::vector<float>& values = request.inputs[e.name];
    for (uint64_t i = 0; i < e.size * model.arch.array_size; ++i) values.push_back(0.25f * float(i % 7) - 0.5f);
  }
  const RunResult result = run_model(request);
  return {{"seconds", result.wall_seconds},
          {"instructions", double(result.statistics.instructions())},
          {"macs", double(result.statistics.macs)},
          {"cycles", double(result.statistics.cycles)}};
}


int run_case(const std::string& name) {
  // Case names: bare:N:R, tcu:ENGINE:N:R, model:ENGINE:PATH, network:ENGINE:PATH
  // (ENGINE of a network: rtl, fast or generated; 128-bit AXI)
  std::vector<std::string> parts;
  std::stringstream in(name);
  for (std::string part; std::getline(in, part, ':');) parts.push_back(part);
  Figures figures;
  const auto engine_of = [](const std::string& e) {
    const auto kind = parse_array_engine(e);
    if (!kind) throw std::invalid_argument("unknown engine " + e);
    return *kind;
  };
  if (parts.size() == 3 && parts[0] == "bare") {
    figures = run_bare_case(unsigned(std::stoul(parts[1])), unsigned(std::stoul(parts[2])));
  } else if (parts.size() == 4 && parts[0] == "tcu") {
    figures = run_tcu_case(engine_of(parts[1]), unsigned(std::stoul(parts[2])), unsigned(std::stoul(parts[3])));
  } else if (parts.size() == 3 && parts[0] == "model") {
    figures = run_model_case(parts[2], engine_of(parts[1]));
  } else if (parts.size() == 3 && parts[0] == "network") {
    const bool generated = parts[1] == "generated";
    figures = run_model_case(parts[2], generated ? ArrayEngineKind::Rtl : engine_of(parts[1]), generated, 16);
  } else {
    std::cerr << "acosim-bench: unknown case '" << name << "'\n";
    return 2;
  }
  acosim::bench::print_figures(figures);
  return 0;
}

std::string si(double value) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(2);
  if (value >= 1e9) s << value / 1e9 << " G";
  else if (value >= 1e6) s << value / 1e6 << " M";
  else if (value >= 1e3) s << value / 1e3 << " k";
  else s << value << " ";
  return s.str();
}

// Tensil's compiled networks, where ACOSIM_RTL_DIR has them: each engine's
// wall time, TCU cycles (as each engine counts them, docs/tensil.md) and
// simulated cycles per second of wall time.
void run_networks(const std::string& self, const std::string& rtl_dir) {
  std::cout << "\nTensil's compiled networks (128-bit AXI, synthetic input, driver included):\n";
  std::cout << std::left << std::setw(34) << "network / engine" << std::right << std::setw(14) << "TCU cycles"
            << std::setw(10) << "wall s" << std::setw(14) << "cycles/s" << "\n";
  const std::pair<const char*, const char*> networks[] = {
      {"speech commands (8x8)", "/tensil/speech_robot/model/speech_commands_onnx_speech_robot.tmodel"},
      {"ResNet-20v2 (32x32)", "/tensil/zcu104/sdcard/baseline/resnet20v2_cifar_onnx_zcu104.tmodel"}};
  for (const auto& [label, file] : networks) {
    const std::string path = rtl_dir + file;
    if (access(path.c_str(), R_OK) != 0) {
      std::cout << path << ": not there (scripts/fetch-tensil-rtl.sh)\n";
      continue;
    }
    for (const char* engine : {"generated", "rtl", "fast"}) {
      const Figures f = run_child(self, std::string("network:") + engine + ":" + path);
      std::cout << std::left << std::setw(34) << (std::string(label) + " " + engine) << std::right << std::fixed
                << std::setprecision(0) << std::setw(14) << f.at("cycles") << std::setprecision(3) << std::setw(10)
                << f.at("seconds") << std::setw(14) << si(f.at("cycles") / f.at("seconds")) << "\n";
    }
  }
}

int run_all(const std::string& self, const std::string& examples_dir, unsigned rtl_repeats, unsigned fast_repeats,
            bool networks) {
  std::cout << "Stimulus: FP16BP8, one LoadWeights, then MatMuls of " << kVectors
            << " vectors (rtl/bare: " << rtl_repeats << ", fast: " << fast_repeats << " MatMuls); untraced.\n\n";
  std::cout << std::left << std::setw(26) << "array / engine" << std::right << std::setw(16) << "cycles/s"
            << std::setw(16) << "instr/s" << std::setw(16) << "MACs/s" << std::setw(12) << "wall s" << "\n";
  for (unsigned n : {8u, 16u}) {
    const Figures bare = run_child(self, "bare:" + std::to_string(n) + ":" + std::to_string(rtl_repeats));
    const Figures rtl = run_child(self, "tcu:rtl:" + std::to_string(n) + ":" + std::to_string(rtl_repeats));
    const Figures fast = run_child(self, "tcu:fast:" + std::to_string(n) + ":" + std::to_string(fast_repeats));
    const auto row = [n](const std::string& label, const Figures& f) {
      std::cout << std::left << std::setw(26) << label << std::right << std::setw(16)
                << si(f.at("array_cycles") / f.at("seconds"));
      if (f.count("instructions")) {
        std::cout << std::setw(16) << si(f.at("instructions") / f.at("seconds")) << std::setw(16)
                  << si(f.at("macs") / f.at("seconds"));
      } else {
        std::cout << std::setw(16) << "-" << std::setw(16) << si(f.at("array_cycles") * n * n / f.at("seconds"));
      }
      std::cout << std::setw(12) << std::fixed << std::setprecision(3) << f.at("seconds") << "\n";
    };
    const std::string size = std::to_string(n) + "x" + std::to_string(n);
    row(size + " bare Verilator", bare);
    row(size + " TCU rtl engine", rtl);
    row(size + " TCU fast engine", fast);
    const double bare_rate = bare.at("array_cycles") / bare.at("seconds");
    const double rtl_rate = rtl.at("array_cycles") / rtl.at("seconds");
    const double fast_rate = fast.at("array_cycles") / fast.at("seconds");
    std::cout << "  " << size << " rtl engine time / bare harness time: " << std::setprecision(2)
              << bare_rate / rtl_rate << "x (aim <= 1.2x)\n";
    std::cout << "  " << size << " fast engine speed / rtl engine speed: " << std::setprecision(0)
              << fast_rate / rtl_rate << "x (aim >= 100x)\n";
  }

  std::cout << "\nExample models (wall time of the whole co-simulation, driver included):\n";
  std::cout << std::left << std::setw(26) << "model" << std::right << std::setw(12) << "rtl s" << std::setw(12)
            << "fast s" << std::setw(12) << "ratio" << std::setw(14) << "TCU cycles" << "\n";
  for (const char* model : {"dense", "xor", "conv"}) {
    for (const char* arch : {"pynqz1", "ultra96v2"}) {
      const std::string path = examples_dir + "/" + model + "_" + arch + ".tmodel";
      if (access(path.c_str(), R_OK) != 0) {
        std::cout << path << ": not built (build the `examples` target)\n";
        continue;
      }
      const Figures rtl = run_child(self, "model:rtl:" + path);
      const Figures fast = run_child(self, "model:fast:" + path);
      std::cout << std::left << std::setw(26) << (std::string(model) + "_" + arch) << std::right << std::fixed
                << std::setprecision(4) << std::setw(12) << rtl.at("seconds") << std::setw(12) << fast.at("seconds")
                << std::setprecision(1) << std::setw(11) << rtl.at("seconds") / fast.at("seconds") << "x"
                << std::setprecision(0) << std::setw(14) << rtl.at("cycles") << "\n";
    }
  }
  if (networks) run_networks(self, ACOSIM_RTL_DIR);
  return 0;
}

}  // namespace
}  // namespace acosim::tensil::bench

// SystemC's own main() prints a banner before sc_main; keep the report clean.
int main(int argc, char* argv[]) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  using namespace acosim::tensil::bench;
  try {
    if (argc == 3 && std::string(argv[1]) == "--case") return run_case(argv[2]);
    std::string examples_dir = ACOSIM_EXAMPLES_DIR;
    unsigned rtl_repeats = 200;
    unsigned fast_repeats = 2000;
    bool networks = true;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--quick") {
        rtl_repeats = 10;
        fast_repeats = 100;
        networks = false;
      } else if (arg == "--examples" && i + 1 < argc) {
        examples_dir = argv[++i];
      } else {
        std::cerr << "usage: acosim-bench [--quick] [--examples DIR]\n";
        return 2;
      }
    }
    return run_all(acosim::bench::self_path(), examples_dir, rtl_repeats, fast_repeats, networks);
  } catch (const std::exception& e) {
    std::cerr << "acosim-bench: error: " << e.what() << "\n";
    return 1;
  }
}

#include "testbench/tensil/cli.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include <boost/program_options.hpp>

#include "sw/common/npy.h"
#include "sw/tensil/assembler.h"
#include "sw/tensil/model.h"
#include "tools/tensil/model_compiler.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "testbench/tensil/system.h"
#include "tools/tensil/estimator.h"
#include "tools/tensil/plot.h"
#include "tools/tensil/samples.h"

namespace po = boost::program_options;

namespace acosim::tensil::cli {
namespace {

po::variables_map parse(const std::vector<std::string>& args, const po::options_description& options,
                        const po::positional_options_description& positional, const std::string& usage) {
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n" << options;
      return vm;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see --help)");
  }
  return vm;
}

std::string read_text(const std::string& path) {
  const std::vector<uint8_t> bytes = read_file(path);
  return std::string(bytes.begin(), bytes.end());
}

// NAME=FILE
std::pair<std::string, std::string> split_binding(const std::string& text, const char* option) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw UsageError(std::string("--") + option + " expects NAME=FILE, got '" + text + "'");
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

ArrayEngineKind parse_engine(const std::string& name) {
  if (const auto kind = parse_array_engine(name)) return *kind;
  throw UsageError("--engine must be rtl, fast, lockstep, generated or lockstep-generated, not '" + name + "'");
}

uint64_t vectors_of(const std::vector<TensorEntry>& entries) {
  uint64_t total = 0;
  for (const TensorEntry& e : entries) total += e.size;
  return total;
}

// Input and output files hold little-endian float32 values: for the .tmodel
// entries of that name in order of base, size x array_size values each,
// padding lanes included. A file named *.npy is NumPy's format (NEP 1) of
// the same values with shape (vectors, lanes): the .tmodel knows no other
// shape. An input may also be 1-D, (vectors * lanes,).
std::vector<float> read_npy_floats(const std::string& path, const std::string& name, uint64_t vectors,
                                   uint64_t lanes) {
  npy::Float32Array array;
  try {
    array = npy::decode_float32(read_file(path));
  } catch (const npy::Error& e) {
    throw FormatError(path + ": " + e.what());
  }
  const std::vector<uint64_t> matrix{vectors, lanes}, flat{vectors * lanes};
  if (array.shape != matrix && array.shape != flat) {
    throw FormatError(path + ": input '" + name + "' needs shape " + npy::shape_text(matrix) + " or " +
                      npy::shape_text(flat) + " (vectors x lanes), the file has shape " +
                      npy::shape_text(array.shape));
  }
  return array.values;
}

std::vector<float> read_floats(const std::string& path, const std::string& name, uint64_t vectors, uint64_t lanes) {
  if (npy::is_npy_path(path)) return read_npy_floats(path, name, vectors, lanes);
  const uint64_t expected = vectors * lanes;
  const std::vector<uint8_t> bytes = read_file(path);
  if (bytes.size() != expected * 4) {
    throw FormatError(path + ": input '" + name + "' needs " + std::to_string(expected) +
                      " float32 values (" + std::to_string(expected * 4) + " bytes), the file has " +
                      std::to_string(bytes.size()) + " bytes");
  }
  std::vector<float> values(expected);
  for (uint64_t i = 0; i < expected; ++i) {
    uint32_t bits = uint32_t(bytes[4 * i]) | uint32_t(bytes[4 * i + 1]) << 8 |
                    uint32_t(bytes[4 * i + 2]) << 16 | uint32_t(bytes[4 * i + 3]) << 24;
    std::memcpy(&values[i], &bits, 4);
  }
  return values;
}

std::vector<uint8_t> float_bytes(const std::vector<float>& values) {
  std::vector<uint8_t> bytes(values.size() * 4);
  for (size_t i = 0; i < values.size(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &values[i], 4);
    for (int b = 0; b < 4; ++b) bytes[4 * i + b] = uint8_t(bits >> (8 * b));
  }
  return bytes;
}

// One line per vector, up to `limit` vectors.
std::string format_vectors(const std::vector<float>& values, size_t lanes, size_t limit) {
  std::ostringstream s;
  const size_t vectors = values.size() / lanes;
  for (size_t v = 0; v < vectors && v < limit; ++v) {
    s << "  [" << v << "]";
    for (size_t lane = 0; lane < lanes; ++lane) s << " " << values[v * lanes + lane];
    s << "\n";
  }
  if (vectors > limit) s << "  ... (" << vectors << " vectors)\n";
  return s.str();
}

// The run's samples: how many, each unit's utilisation (cycles its
// handshake fired or stalled over all sampled cycles), and Tensil's driver
// summary per opcode and DataMove kind against the model's program.
void print_samples(const std::vector<uint8_t>& bytes, const Model& model, const std::string& path, uint32_t interval) {
  const std::vector<Sample> samples = decode_samples(bytes, path);
  std::cout << "samples      " << samples.size() << " (every " << interval << " cycles) -> " << path << "\n";
  const auto utilisation = unit_utilisation(samples);
  for (unsigned unit = kSampleUnits; unit-- > 0;) {
    const UnitUtilisation& u = utilisation[unit];
    std::cout << "  " << std::left << std::setw(12) << sample_unit_name(unit) << std::right << std::fixed
              << std::setprecision(1) << std::setw(6) << 100.0 * u.transfer_fraction() << "% busy "
              << std::setw(6) << 100.0 * u.stalled_fraction() << "% stalled\n";
  }
  const InstructionLayout layout = InstructionLayout::derive(model.arch);
  const std::vector<uint8_t> prog = read_program(model, layout);
  std::vector<Instruction> program;
  for (size_t at = 0; at < prog.size(); at += layout.instruction_bytes) {
    program.push_back(decode_instruction(layout, prog.data() + at));
  }
  std::cout << format_sample_summary(summarize_samples(samples, program, 0), true, false);
}

int run(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "arch", po::value<std::string>()->required(), "architecture of the simulated TCU (.tarch)")(
      "model", po::value<std::string>()->required(), "model manifest (.tmodel)")(
      "input", po::value<std::vector<std::string>>()->composing(), "NAME=FILE, float32 input values (raw, or NumPy's format if FILE ends in .npy)")(
      "output", po::value<std::vector<std::string>>()->composing(),
      "NAME=FILE, where to write an output (raw float32, or NumPy's format if FILE ends in .npy)")(
      "engine", po::value<std::string>()->default_value("rtl"),
      "array engine: rtl, fast or lockstep; generated: Tensil's generated Verilog of the whole TCU; "
      "lockstep-generated: generated with the clocked model (rtl) beside it, stopping at the first cycle they differ")(
      "timeline", po::value<std::string>(),
      "write every decoder dequeue and DRAM burst address with its cycle to this file (rtl, lockstep, generated)")(
      "check", po::value<std::string>(),
      "functional: run the functional TCU beside the clocked one and compare every vector written")(
      "vcd", po::value<std::string>(), "write waves (RTL array and TLM side) to this VCD file")(
      "clock-mhz", po::value<double>()->default_value(100.0), "TCU clock in MHz")(
      "lenient", "consume invalid opcodes, DataMove kinds and unused bits as the RTL does")(
      "timeout-us", po::value<double>()->default_value(100000.0),
      "simulated microseconds the driver waits for completion")(
      "samples", po::value<std::string>(), "write the run's performance samples here (8 bytes each)")(
      "sample-interval", po::value<uint32_t>(), "cycles between samples (1..65535; default 1000 with --samples)")(
      "tracepoint", po::value<uint32_t>(), "program counter (.tprog index) at which the tracepoint flag rises")(
      "axi-bits", po::value<unsigned>()->default_value(64),
      "AXI data width of the instruction stream and the DRAM ports (32, 64, ... 1024)")(
      "decoder-timeout", po::value<uint32_t>()->default_value(kDefaultDecoderTimeout),
      "cycles the decoder's head may wait before its timeout flag rises (0: always)");
  const po::variables_map vm =
      parse(args, options, {}, "usage: acosim tensil run --arch A.tarch --model M.tmodel [options]");
  if (vm.count("help")) return 0;

  RunRequest request;
  request.tmodel_path = vm["model"].as<std::string>();
  request.device_arch = read_architecture(vm["arch"].as<std::string>());
  request.device_arch_from_model = false;
  // Tensil's generated TCU is not one of our TCU's array engines: it
  // replaces the whole TCU (systemc/tensil/generated/generated_tcu.h).
  request.lockstep = vm["engine"].as<std::string>() == "lockstep-generated";
  request.generated = request.lockstep || vm["engine"].as<std::string>() == "generated";
  if (!request.generated) request.engine = parse_engine(vm["engine"].as<std::string>());
  if (request.generated) {
    // What only our TCU can do: the generated builds have no sample stream,
    // and their flags and internal signals are not visible at the pins.
    for (const char* option : {"check", "vcd", "samples", "sample-interval", "tracepoint"}) {
      if (vm.count(option)) {
        throw UsageError(std::string("--") + option + " is not available with --engine " +
                         vm["engine"].as<std::string>() +
                         (std::string(option) == "samples" || std::string(option) == "sample-interval"
                              ? ": Tensil's generated builds have no sample stream"
                              : ": Tensil's generated TCU shows only its ports"));
      }
    }
    if (!vm["axi-bits"].defaulted() && vm["axi-bits"].as<unsigned>() != 128) {
      throw UsageError("--axi-bits must be 128 with --engine generated: the generated builds have 128-bit AXI data");
    }
  }
  if (vm.count("timeline")) {
    if (!request.generated && request.engine == ArrayEngineKind::Fast) {
      throw UsageError("--timeline needs a TCU on its clock (--engine rtl, lockstep or generated), not the fast engine");
    }
    if (request.lockstep) throw UsageError("--timeline is not available with --engine lockstep-generated");
    request.timeline_path = vm["timeline"].as<std::string>();
  }
  request.lenient = vm.count("lenient") > 0;
  if (vm.count("check")) {
    if (vm["check"].as<std::string>() != "functional") {
      throw UsageError("--check knows only 'functional', not '" + vm["check"].as<std::string>() + "'");
    }
    if (request.engine == ArrayEngineKind::Fast) {
      throw UsageError("--check functional compares the clocked TCU (--engine rtl or lockstep) with the fast one");
    }
    request.check_functional = true;
  }
  request.clock_mhz = vm["clock-mhz"].as<double>();
  if (!(request.clock_mhz >= 0.001 && request.clock_mhz <= 10000.0)) {
    throw UsageError("--clock-mhz must be between 0.001 and 10000");
  }
  const double timeout_us = vm["timeout-us"].as<double>();
  if (!(timeout_us > 0.0 && timeout_us <= 1e9)) throw UsageError("--timeout-us must be above 0 and at most 1e9");
  request.timeout_ns = static_cast<uint64_t>(timeout_us * 1000.0);
  if (vm.count("vcd")) request.vcd_path = vm["vcd"].as<std::string>();
  std::string samples_path;
  if (vm.count("samples")) {
    samples_path = vm["samples"].as<std::string>();
    request.sample_interval = 1000;  // Tensil's driver default (sample_buffer.h)
  }
  if (vm.count("sample-interval")) {
    if (samples_path.empty()) throw UsageError("--sample-interval needs --samples FILE");
    request.sample_interval = vm["sample-interval"].as<uint32_t>();
    if (request.sample_interval == 0 || request.sample_interval > 0xFFFF) {
      throw UsageError("--sample-interval must be between 1 and 65535 cycles (the register has 16 bits)");
    }
  }
  if (!samples_path.empty() && request.engine == ArrayEngineKind::Fast) {
    throw UsageError("--samples needs the clocked TCU (--engine rtl or lockstep): the fast engine has no sampler");
  }
  if (vm.count("tracepoint")) {
    request.tracepoint = vm["tracepoint"].as<uint32_t>();
    if (request.tracepoint > 0x0FFFFFFF) throw UsageError("--tracepoint must fit the register's 28 bits");
  }
  request.decoder_timeout = vm["decoder-timeout"].as<uint32_t>();
  const unsigned axi_bits = vm["axi-bits"].as<unsigned>();
  // Tensil's generator accepts these widths (zynq/tcu/Top.scala, -d).
  if (axi_bits != 32 && axi_bits != 64 && axi_bits != 128 && axi_bits != 256 && axi_bits != 512 && axi_bits != 1024) {
    throw UsageError("--axi-bits must be 32, 64, 128, 256, 512 or 1024");
  }
  request.axi_bytes = request.generated ? 16 : axi_bits / 8;
  if (request.decoder_timeout > 0xFFFF) throw UsageError("--decoder-timeout must fit the register's 16 bits");

  const Model model = read_model(request.tmodel_path);
  const uint64_t n = model.arch.array_size;
  if (vm.count("input")) {
    for (const std::string& binding : vm["input"].as<std::vector<std::string>>()) {
      const auto [name, path] = split_binding(binding, "input");
      const auto entries = model.inputs_named(name);
      if (entries.empty()) throw UsageError("the model has no input named '" + name + "'");
      if (request.inputs.count(name)) throw UsageError("--input " + name + " is given twice");
      request.inputs[name] = read_floats(path, name, vectors_of(entries), n);
    }
  }
  // Running on whatever DRAM0 happens to hold would be a silent wrong answer.
  for (const TensorEntry& entry : model.inputs) {
    if (!request.inputs.count(entry.name)) {
      throw UsageError("the model's input '" + entry.name + "' needs --input " + entry.name + "=FILE");
    }
  }
  std::map<std::string, std::string> output_files;
  if (vm.count("output")) {
    for (const std::string& binding : vm["output"].as<std::vector<std::string>>()) {
      const auto [name, path] = split_binding(binding, "output");
      if (model.outputs_named(name).empty()) throw UsageError("the model has no output named '" + name + "'");
      if (output_files.count(name)) throw UsageError("--output " + name + " is given twice");
      output_files[name] = path;
    }
  }

  const RunResult result = run_model(request);

  // Outputs are written only after a successful run, all through temporary
  // files renamed at the end, so a failed run or write never leaves a file
  // that looks like a result.
  std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
  for (const auto& [name, path] : output_files) {
    const std::vector<float>& values = result.outputs.at(name);
    files.emplace_back(path, npy::is_npy_path(path) ? npy::encode_float32({values.size() / n, n}, values)
                                                    : float_bytes(values));
  }
  if (!samples_path.empty()) files.emplace_back(samples_path, result.samples);
  write_files_atomically(files);

  const TcuStatistics& s = result.statistics;
  std::cout << "model        " << model.name << " (" << model.arch.type().name << ", " << n << "x" << n
            << " array)\n";
  if (request.generated) {
    std::cout << "engine       generated (Tensil's generated RTL, top_" << result.generated_build << ")";
    if (request.lockstep) {
      std::cout << ", in lockstep with the clocked model: " << result.lockstep_events
                << " decoder dequeues and DRAM bursts in the same cycles";
    }
    std::cout << "\n";
  } else {
    std::cout << "engine       " << array_engine_name(request.engine)
              << (request.check_functional ? ", checked against the functional TCU" : "") << "\n";
  }
  for (const auto& [name, values] : result.outputs) {
    std::cout << "output       " << name << ": " << values.size() / n << " vectors x " << n << " lanes";
    if (output_files.count(name)) std::cout << " -> " << output_files.at(name);
    std::cout << "\n" << format_vectors(values, n, 8);
  }
  std::cout << "instructions " << s.instructions() << " (";
  bool first = true;
  for (unsigned op = 0; op < 16; ++op) {
    if (s.instructions_by_opcode[op] == 0) continue;
    std::cout << (first ? "" : ", ") << opcode_name(static_cast<uint8_t>(op)) << " "
              << s.instructions_by_opcode[op];
    first = false;
  }
  std::cout << ")";
  if (s.invalid_consumed) std::cout << ", " << s.invalid_consumed << " invalid consumed (--lenient)";
  std::cout << "\n";
  std::cout << "cycles       " << s.cycles << " TCU cycles = " << std::fixed << std::setprecision(3)
            << double(s.cycles) / request.clock_mhz << " us at " << request.clock_mhz << " MHz"
            << " (run took " << double(result.simulated_ns) / 1000.0 << " us simulated)\n";
  // What Tensil's compiler would have reported for the model's program: the
  // run's cycles also hold the driver's own Configure words and flush probe,
  // and the TCU's real overlaps and stalls (README, "Estimated and simulated
  // cycles").
  const Estimate estimate = estimate_program(model.arch, read_program(model, InstructionLayout::derive(model.arch)));
  std::cout << "estimated cycles " << estimate.cycles << " (Tensil's compiler estimate of the model's program)\n";
  std::cout << "array        " << s.array_vectors << " vectors, " << s.macs << " MACs\n";
  if (result.clocked) {
    const auto rise = [](const char* label, const FlagRise& r) {
      std::cout << label;
      if (!r.seen) {
        std::cout << "never raised\n";
        return;
      }
      std::cout << "first raised in cycle " << r.cycle << " at pc " << r.program_counter;
      if (!r.head.empty()) std::cout << ", head " << r.head;
      std::cout << "\n";
    };
    rise("tracepoint   ", result.tracepoint);
    rise("timeout      ", result.timeout);
    if (result.hazards) std::cout << "hazards      " << result.hazards << " (reported above as warnings)\n";
  }
  if (!samples_path.empty()) print_samples(result.samples, model, samples_path, request.sample_interval);
  std::cout << "wall time    " << std::setprecision(3) << result.wall_seconds << " s\n";
  if (!request.vcd_path.empty()) std::cout << "waves        " << request.vcd_path << "\n";
  return 0;
}

int assemble_command(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("source", po::value<std::string>()->required(),
                                                    "assembly source (.s)")(
      "arch", po::value<std::string>()->required(), "architecture (.tarch)")(
      "output,o", po::value<std::string>()->required(), "program to write (.tprog)");
  po::positional_options_description positional;
  positional.add("source", 1);
  const po::variables_map vm =
      parse(args, options, positional, "usage: acosim tensil asm FILE.s -o FILE.tprog --arch A.tarch");
  if (vm.count("help")) return 0;
  const Architecture arch = read_architecture(vm["arch"].as<std::string>());
  const std::string source = vm["source"].as<std::string>();
  write_file_atomically(vm["output"].as<std::string>(), assemble(read_text(source), arch, source));
  return 0;
}

int disassemble_command(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("program", po::value<std::string>()->required(),
                                                    "program (.tprog)")(
      "arch", po::value<std::string>()->required(), "architecture (.tarch)");
  po::positional_options_description positional;
  positional.add("program", 1);
  const po::variables_map vm =
      parse(args, options, positional, "usage: acosim tensil disasm FILE.tprog --arch A.tarch");
  if (vm.count("help")) return 0;
  const Architecture arch = read_architecture(vm["arch"].as<std::string>());
  const std::string path = vm["program"].as<std::string>();
  try {
    std::cout << disassemble(read_file(path), arch);
  } catch (const AssemblyError& e) {
    throw FormatError(path + ": " + e.what());
  }
  return 0;
}

int estimate_command(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("prog", po::value<std::string>()->required(),
                                                    "program (.tprog)")(
      "arch", po::value<std::string>()->required(), "architecture the program was compiled for (.tarch)");
  po::positional_options_description positional;
  positional.add("prog", 1);
  const po::variables_map vm =
      parse(args, options, positional, "usage: acosim tensil estimate --arch A.tarch --prog P.tprog");
  if (vm.count("help")) return 0;
  const Architecture arch = read_architecture(vm["arch"].as<std::string>());
  const std::string path = vm["prog"].as<std::string>();
  Estimate e;
  try {
    e = estimate_program(arch, read_file(path));
  } catch (const FormatError& error) {
    throw FormatError(path + ": " + error.what());
  }
  std::cout << "program      " << path << " (" << e.instructions << " instructions)\n";
  for (unsigned op = 0; op < 16; ++op) {
    if (e.instructions_by_opcode[op] == 0) continue;
    std::cout << "  " << std::left << std::setw(12) << opcode_name(static_cast<uint8_t>(op)) << std::right
              << std::setw(8) << e.instructions_by_opcode[op] << " instructions " << std::setw(10)
              << e.cycles_by_opcode[op] << " cycles\n";
  }
  std::cout << "estimated energy " << e.energy << "\n";
  std::cout << "estimated cycles " << e.cycles << "\n";
  return 0;
}

int plot_command(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "samples", po::value<std::string>()->required(), "sample file (8 bytes per sample, as Tensil's driver stores it)")(
      "output,o", po::value<std::string>()->required(), "SVG to write")(
      "interval", po::value<uint32_t>()->default_value(0),
      "cycles between samples (the program's sample interval): cycles on the x axis instead of sample indexes")(
      "title", po::value<std::string>()->default_value(""), "plot title (default: the sample file's name)");
  po::positional_options_description positional;
  positional.add("samples", 1);
  const po::variables_map vm =
      parse(args, options, positional, "usage: acosim tensil plot FILE -o OUT.svg [--interval N] [--title TEXT]");
  if (vm.count("help")) return 0;
  PlotOptions plot;
  plot.interval = vm["interval"].as<uint32_t>();
  plot.title = vm["title"].as<std::string>();
  plot_samples(vm["samples"].as<std::string>(), vm["output"].as<std::string>(), plot);
  return 0;
}

int build_model_command(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")("source", po::value<std::string>()->required(),
                                                    "model source (model.json)")(
      "arch", po::value<std::string>()->required(), "architecture (.tarch)")(
      "output,o", po::value<std::string>()->required(), "folder for the .tmodel/.tprog/.tdata/.s");
  po::positional_options_description positional;
  positional.add("source", 1);
  const po::variables_map vm = parse(args, options, positional,
                                     "usage: acosim tensil build-model model.json --arch A.tarch -o DIR");
  if (vm.count("help")) return 0;
  const std::string arch_path = vm["arch"].as<std::string>();
  const BuiltModel built = build_model(vm["source"].as<std::string>(), read_architecture(arch_path), arch_path);
  write_built_model(built, vm["output"].as<std::string>());
  return 0;
}

}  // namespace

int main(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << "usage: acosim tensil run|asm|disasm|estimate|plot|build-model [options]\n";
    return args.empty() ? 2 : 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "run") return run(rest);
  if (args[0] == "asm") return assemble_command(rest);
  if (args[0] == "disasm") return disassemble_command(rest);
  if (args[0] == "estimate") return estimate_command(rest);
  if (args[0] == "plot") return plot_command(rest);
  if (args[0] == "build-model") return build_model_command(rest);
  throw UsageError("unknown tensil command '" + args[0] + "' (run, asm, disasm, estimate, plot, build-model)");
}

}  // namespace acosim::tensil::cli

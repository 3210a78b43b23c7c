// acosim-tensil-client-<arch>: runs a Tensil model through Tensil's own
// embedded driver (compiled unmodified, for <arch>) on acosim's Tensil
// board, instead of acosim's driver (`acosim tensil run`).
//
//   acosim-tensil-client-pynqz1 --model build/examples/tensil/xor_pynqz1.tmodel
//       --input x=x.bin [--output y=y.bin] [--engine rtl|lockstep|generated] [--sampling-summary]
//
// --engine generated runs Tensil's generated TCU (the program of a build in
// ACOSIM_RTL_DIR, e.g. acosim-tensil-client-speech_robot).
//
// Input and output files hold little-endian float32 values, every lane of
// the tensor's vectors (as `acosim tensil run`). The outputs are printed by
// the driver (tensil_driver_print_model_output_vectors). Exit status 0 on
// success; otherwise one line "acosim-tensil-client: error: ..." and 1 (2
// for usage errors).
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <systemc>

#include "testbench/tensil/client/client_board.h"
#include "testbench/tensil/client/tensil_driver.h"

namespace {

namespace po = boost::program_options;
using acosim::tensil::client::ClientError;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::pair<std::string, std::string> split_binding(const std::string& binding, const char* option) {
  const size_t equals = binding.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == binding.size()) {
    throw UsageError(std::string("--") + option + " takes NAME=FILE, not '" + binding + "'");
  }
  return {binding.substr(0, equals), binding.substr(equals + 1)};
}

std::vector<float> read_floats(const std::string& path, const std::string& name, size_t expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open input '" + name + "'");
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() != expected * 4) {
    throw std::runtime_error(path + ": input '" + name + "' needs " + std::to_string(expected) +
                             " float32 values (" + std::to_string(expected * 4) + " bytes), the file has " +
                             std::to_string(bytes.size()) + " bytes");
  }
  std::vector<float> values(expected);
  for (size_t i = 0; i < expected; ++i) {
    uint32_t bits = 0;
    for (int b = 3; b >= 0; --b) bits = bits << 8 | uint8_t(bytes[4 * i + b]);
    std::memcpy(&values[i], &bits, 4);
  }
  return values;
}

void write_floats(const std::string& path, const std::vector<float>& values) {
  std::ofstream out(path, std::ios::binary);
  for (float value : values) {
    uint32_t bits = 0;
    std::memcpy(&bits, &value, 4);
    for (int b = 0; b < 4; ++b) out.put(char(bits >> (8 * b)));
  }
  if (!out) throw std::runtime_error(path + ": cannot write");
}

int run(int argc, char** argv) {
  namespace client = acosim::tensil::client;
  po::options_description options("options");
  options.add_options()("help,h", "this help")(
      "model", po::value<std::string>(), ".tmodel file (its .tprog and .tdata beside it)")(
      "input", po::value<std::vector<std::string>>()->composing(), "NAME=FILE, float32 input values")(
      "output", po::value<std::vector<std::string>>()->composing(), "NAME=FILE, writes float32 output values")(
      "engine", po::value<std::string>()->default_value("rtl"),
      "rtl or lockstep (our TCU's array engine), or generated (Tensil's generated TCU)")(
      "sampling-summary", "print the driver's summary of the performance samples");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (vm.count("help")) {
    std::cout << "usage: acosim-tensil-client-" << client::compiled_architecture_name()
              << " --model FILE.tmodel --input NAME=FILE ... [options]\n"
              << "Runs a model through Tensil's embedded driver, compiled for "
              << client::compiled_architecture_name() << ", on acosim's Tensil board.\n\n"
              << options;
    return 0;
  }
  if (!vm.count("model")) throw UsageError("--model is required");
  const std::filesystem::path model_path(vm["model"].as<std::string>());
  if (!std::filesystem::is_regular_file(model_path)) throw std::runtime_error(model_path.string() + ": no such file");
  const std::string engine_name = vm["engine"].as<std::string>();
  const bool generated = engine_name == "generated";
  // The generated TCU has no array engine of ours to choose: rtl stands in.
  const std::optional<acosim::tensil::ArrayEngineKind> engine =
      generated ? acosim::tensil::ArrayEngineKind::Rtl : acosim::tensil::parse_array_engine(engine_name);
  if (!engine) throw UsageError("--engine must be rtl, fast, lockstep or generated");
  // A driver with the sample DMA waits for samples, which only a TCU with a
  // sampler delivers.
  if (*engine == acosim::tensil::ArrayEngineKind::Fast && client::compiled_with_sample_dma()) {
    throw UsageError("--engine fast has no sampler, which this board's driver waits for: use rtl or lockstep");
  }

  std::map<std::string, std::string> inputs;
  if (vm.count("input")) {
    for (const std::string& binding : vm["input"].as<std::vector<std::string>>()) inputs.insert(split_binding(binding, "input"));
  }
  std::map<std::string, std::string> outputs;
  if (vm.count("output")) {
    for (const std::string& binding : vm["output"].as<std::vector<std::string>>()) outputs.insert(split_binding(binding, "output"));
  }

  client::ClientBoardOptions board;
  board.arch = client::compiled_architecture();
  board.engine = *engine;
  board.generated = generated;
  // The generated builds' AXI is 128 bits wide.
  if (generated) board.platform.stream_bytes = 16;
  // FatFs sees the model's folder as the card's root: the driver keeps
  // paths in FF_MAX_LFN (255) characters.
  board.platform.file_root = model_path.parent_path().empty() ? "." : model_path.parent_path().string();
  const bool summary = vm.count("sampling-summary") != 0;

  const client::ClientRunResult result = client::run_on_board(board, [&] {
    client::TensilDriver driver;
    driver.load_model(model_path.filename().string());
    for (const std::string& name : driver.input_names()) {
      const auto file = inputs.find(name);
      if (file == inputs.end()) throw UsageError("the model's input '" + name + "' needs --input " + name + "=FILE");
      driver.set_input(name, read_floats(file->second, name, driver.vectors_of(name) * driver.array_size()));
    }
    for (const auto& [name, file] : outputs) {
      const std::vector<std::string> names = driver.output_names();
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        throw UsageError("the model has no output named '" + name + "'");
      }
    }
    driver.run(summary);
    for (const std::string& name : driver.output_names()) {
      driver.print_output(name);
      const auto file = outputs.find(name);
      if (file != outputs.end()) write_floats(file->second, driver.output(name));
    }
  });
  std::cout << "simulated " << result.simulated_ns << " ns, TCU " << result.tcu_instructions << " instructions in "
            << result.tcu_cycles << " busy cycles, " << result.wall_seconds << " s wall\n";
  return 0;
}

}  // namespace

int sc_main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "acosim-tensil-client: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "acosim-tensil-client: error: " << e.what() << "\n";
    return 1;
  }
}

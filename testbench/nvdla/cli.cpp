#include "testbench/nvdla/cli.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include <boost/program_options.hpp>

#include "testbench/nvdla/system.h"
#include "testbench/nvdla/trace/trace_player.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace acosim::nvdla::cli {
namespace {

constexpr const char* kTraceUsage =
    "usage: acosim nvdla trace PATH --config nv_small|nv_large|nv_full [--vcd FILE] [--out DIR]\n"
    "\n"
    "Plays one of NVDLA's trace tests on the models of that hardware configuration:\n"
    "a test folder, a master .cfg trace or an nv_full input.txn. Prints every check\n"
    "(check_crc, read_reg, dump_mem) with PASS or FAIL and a final \"N passed, N failed\"\n"
    "line; exits 0 only if every check passed.\n";

std::string make_temporary_folder() {
  std::string pattern = (fs::temp_directory_path() / "acosim-nvdla-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot create a temporary folder: " + std::string(std::strerror(errno)));
  }
  return pattern;
}

// A temporary folder the run wrote nothing into is removed again; one with
// dumps stays, and the player's log names the files in it.
void remove_if_empty(const std::string& folder, bool temporary) {
  std::error_code ec;
  if (temporary && fs::is_empty(folder, ec) && !ec) fs::remove(folder, ec);
}

bool same_folder(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

int trace(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "path", po::value<std::string>()->required(), "test folder, .cfg or .txn trace")(
      "config", po::value<std::string>()->required(), "hardware configuration: nv_small, nv_large or nv_full")(
      "vcd", po::value<std::string>(), "write waves (CSB, interrupt, unit activity) to this VCD file")(
      "out", po::value<std::string>(), "folder for what dump_mem reads (default: a new temporary folder)")(
      "timeout-us", po::value<double>()->default_value(10000.0),
      "simulated time to wait for an interrupt before failing")(
      "allow-unmapped", "report register accesses no unit answers as warnings instead of errors");
  po::positional_options_description positional;
  positional.add("path", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << kTraceUsage << "\n" << options;
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see --help)");
  }

  const std::string config_name = vm["config"].as<std::string>();
  const auto config = parse_config(config_name);
  if (!config) throw UsageError("--config must be nv_small, nv_large or nv_full, not '" + config_name + "'");
  const double timeout_us = vm["timeout-us"].as<double>();
  if (!(timeout_us > 0)) throw UsageError("--timeout-us must be positive");

  const std::string trace_file = trace::find_trace(vm["path"].as<std::string>());
  const fs::path trace_folder = fs::path(trace_file).parent_path();
  std::string out_dir;
  if (vm.count("out")) {
    out_dir = vm["out"].as<std::string>();
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) throw std::runtime_error("cannot create --out folder '" + out_dir + "': " + ec.message());
    if (same_folder(out_dir, trace_folder.empty() ? fs::path(".") : trace_folder)) {
      throw UsageError("--out must not be the trace's own folder: dumps never go next to the trace");
    }
  } else {
    out_dir = make_temporary_folder();
  }

  SystemOptions system;
  system.config = *config;
  if (vm.count("vcd")) system.vcd_path = vm["vcd"].as<std::string>();
  system.csb.unmapped_is_error = vm.count("allow-unmapped") == 0;

  trace::PlayerOptions player;
  player.config = *config;
  player.out_dir = out_dir;
  player.interrupt_timeout_ns = static_cast<uint64_t>(timeout_us * 1000.0);
  player.log = &std::cout;
  player.print_summary = false;

  std::cout << "config       " << config_name << "\n";
  trace::PlayResult result;
  std::string location;
  player.location = &location;
  RunStatistics stats;
  try {
    stats = run_firmware(system, [&](NvdlaSystem& nvdla) { result = trace::play_trace(trace_file, nvdla.hal(), player); });
  } catch (const std::runtime_error& e) {
    remove_if_empty(out_dir, !vm.count("out"));
    // Errors of the models and the HAL are placed at the trace command
    // that was playing; the player's own errors carry it already.
    const std::string message = e.what();
    if (location.empty() || message.rfind(location, 0) == 0) throw;
    throw std::runtime_error(location + ": " + message);
  }
  remove_if_empty(out_dir, !vm.count("out"));
  std::cout << "simulated    " << std::fixed << std::setprecision(3) << stats.simulated_ns / 1000.0 << " us\n"
            << "wall time    " << std::setprecision(3) << stats.wall_seconds << " s\n";
  if (!system.vcd_path.empty()) std::cout << "waves        " << system.vcd_path << "\n";
  std::error_code ec;
  if (fs::exists(out_dir, ec) && !fs::is_empty(out_dir, ec)) std::cout << "dumps        " << out_dir << "\n";
  std::cout << result.passed << " passed, " << result.failed << " failed\n";
  return result.failed == 0 && result.passed > 0 ? 0 : 1;
}

}  // namespace

int main(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << "usage: acosim nvdla <command> [options]\n\ncommands:\n"
                 "  trace   play one of NVDLA's trace tests on the models\n";
    return args.empty() ? 2 : 0;
  }
  const std::string command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "trace") return trace(rest);
  throw UsageError("unknown nvdla command '" + command + "' (known: trace)");
}

}  // namespace acosim::nvdla::cli

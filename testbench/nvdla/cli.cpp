#include "testbench/nvdla/cli.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <variant>

#include <boost/program_options.hpp>

#include "sw/common/hex.h"
#include "sw/nvdla/regs/register_map.h"
#include "testbench/nvdla/firmware/layer_json.h"
#include "testbench/nvdla/system.h"
#include "testbench/nvdla/trace/trace_player.h"
#include "testbench/nvdla/trace/unit_names.h"
#ifdef ACOSIM_NVDLA_FIRMWARE
#include "testbench/nvdla/firmware/layer_task.h"
#endif

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace acosim::nvdla::cli {
namespace {

constexpr const char* kTraceUsage =
    "usage: acosim nvdla trace PATH --config nv_small|nv_large|nv_full|nv_small_256_full [--vcd FILE] [--out DIR]\n"
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

// The options of every command that runs a co-simulation.
void add_system_options(po::options_description& options, double default_timeout_us, const char* timeout_meaning) {
  options.add_options()(
      "config", po::value<std::string>()->required(), "hardware configuration: nv_small, nv_large, nv_full or nv_small_256_full")(
      "vcd", po::value<std::string>(), "write waves (CSB, interrupt, unit activity) to this VCD file")(
      "timeout-us", po::value<double>()->default_value(default_timeout_us), timeout_meaning)(
      "allow-unmapped", "report register accesses no unit answers as warnings instead of errors");
}

// Parses a command's arguments into `vm`; returns false when --help was
// asked for (and printed).
bool parse_arguments(const std::vector<std::string>& args, const po::options_description& options,
                     const po::positional_options_description& positional, const char* usage,
                     po::variables_map& vm) {
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n" << options;
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see --help)");
  }
  return true;
}

// --config, --vcd and --allow-unmapped as the system's options.
SystemOptions system_options(const po::variables_map& vm) {
  const std::string config_name = vm["config"].as<std::string>();
  const auto config = parse_config(config_name);
  if (!config) throw UsageError(std::string("--config must be ") + kConfigNames + ", not '" + config_name + "'");
  SystemOptions system;
  system.config = *config;
  if (vm.count("vcd")) system.vcd_path = vm["vcd"].as<std::string>();
  system.csb.unmapped_is_error = vm.count("allow-unmapped") == 0;
  return system;
}

uint64_t timeout_ns(const po::variables_map& vm) {
  const double timeout_us = vm["timeout-us"].as<double>();
  if (!(timeout_us > 0.0 && timeout_us <= 1e9)) throw UsageError("--timeout-us must be above 0 and at most 1e9");
  return static_cast<uint64_t>(timeout_us * 1000.0);
}

int trace(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "path", po::value<std::string>()->required(), "test folder, .cfg or .txn trace")(
      "out", po::value<std::string>(), "folder for what dump_mem reads (default: a new temporary folder)");
  add_system_options(options, 10000.0, "simulated time to wait for an interrupt before failing");
  po::positional_options_description positional;
  positional.add("path", 1);
  po::variables_map vm;
  if (!parse_arguments(args, options, positional, kTraceUsage, vm)) return 0;
  const SystemOptions system = system_options(vm);
  const uint64_t interrupt_timeout_ns = timeout_ns(vm);

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

  trace::PlayerOptions player;
  player.config = system.config;
  player.out_dir = out_dir;
  player.interrupt_timeout_ns = interrupt_timeout_ns;
  player.log = &std::cout;
  player.print_summary = false;

  std::cout << "config       " << hardware_config(system.config).name << "\n";
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

constexpr const char* kFirmwareUsage =
    "usage: acosim nvdla firmware --config nv_small|nv_large|nv_full|nv_small_256_full --layer LAYER.json [--vcd FILE]\n"
    "                             [--timeout-us T] [--allow-unmapped]\n"
    "\n"
    "Runs one task of NVDLA's own firmware (nvdla/sw kmd/firmware, the build of the\n"
    "configuration's register map) on the models: loads the layer file's inputs,\n"
    "builds the task from its layers, drives the firmware as the kernel driver does\n"
    "and prints every register access, the interrupts, the firmware's log and the\n"
    "result of each check of the layer file (crc32 or expected bytes). Exits 0 only\n"
    "if the task completed and every check passed (a layer file without checks\n"
    "passes when the task completes). The layer file format is\n"
    "described in testbench/nvdla/firmware/layer_json.h; examples/nvdla holds examples.\n";

#ifdef ACOSIM_NVDLA_FIRMWARE
// "PDP.D_OP_ENABLE" for a CSB byte offset, or the window's name.
std::string register_name(const HardwareConfig& config, uint32_t offset) {
  if (const std::optional<Unit> unit = trace::unit_at(offset, config.config).unit) {
    const uint32_t in_window = offset - config.unit_base(*unit);
    const regs::RegisterInfo* info = regs::unit_info(*unit, config.config).find(in_window);
    return std::string(unit_name(*unit)) + "." + (info ? info->name : hex(in_window));
  }
  const char* window = window_name(config, offset);
  return window ? std::string(window) + " (not modelled)" : std::string("unmapped");
}

std::string hex8(uint32_t value) {
  std::ostringstream s;
  s << "0x" << std::hex << std::setw(8) << std::setfill('0') << value;
  return s.str();
}

const char* op_kind(const firmware::Layer& layer) {
  if (std::holds_alternative<firmware::BdmaCopy>(layer)) return "bdma";
  if (std::holds_alternative<firmware::PdpLayer>(layer)) return "pdp";
  if (std::holds_alternative<firmware::SdpLayer>(layer)) return "sdp";
  if (std::holds_alternative<firmware::CdpLayer>(layer)) return "cdp";
  if (std::holds_alternative<firmware::ConvLayer>(layer)) return "conv";
  if (std::holds_alternative<firmware::RubikLayer>(layer)) return "rubik";
  return "sdp_pdp";
}
#endif

int firmware_command(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("help,h", "show this help")(
      "layer", po::value<std::string>()->required(), "layer description (JSON)");
  add_system_options(options, 20000.0, "simulated time the task may take");
  po::variables_map vm;
  if (!parse_arguments(args, options, {}, kFirmwareUsage, vm)) return 0;
  const SystemOptions system = system_options(vm);
  const uint64_t task_timeout_ns = timeout_ns(vm);
  const std::string layer_path = vm["layer"].as<std::string>();
#ifndef ACOSIM_NVDLA_FIRMWARE
  (void)layer_path;
  (void)task_timeout_ns;
  (void)system;
  throw std::runtime_error(
      "this acosim was built without NVDLA's firmware sources (ACOSIM_CLIENTS_DIR/nvdla-sw); fetch them with "
      "scripts/fetch-clients.sh and configure again");
#else
  const firmware::LayerDescription layer = firmware::read_layer_json(layer_path);
  const HardwareConfig& hw = hardware_config(system.config);
  firmware::TaskRequest request = firmware::layer_request(layer, system.config);
  request.system = system;
  request.run.timeout_ns = task_timeout_ns;

  std::cout << "config       " << hw.name << " (firmware build "
            << firmware::firmware_variant_name(firmware::firmware_variant(hw)) << ")\n"
            << "layer        " << layer_path << ":";
  for (const firmware::Operation& op : layer.operations) std::cout << " " << op_kind(op.layer);
  std::cout << "\n";
  for (const firmware::MemoryImage& image : request.load) {
    std::cout << "load         " << firmware::memory_type_name(image.memory) << " " << hex(image.address) << " +"
              << hex(image.bytes.size()) << "\n";
  }

  const firmware::TaskResult result = firmware::run_task(request);
  std::cout << "task         " << result.task.operations.size() << " operation(s), descriptors at MC "
            << hex(result.task.descriptor_base) << ".." << hex(result.task.descriptor_end) << ", "
            << result.task.address_list.size() << " address-list entries\n";
  size_t next_interrupt = 0;
  for (size_t i = 0; i < result.registers.size(); ++i) {
    while (next_interrupt < result.run.interrupts.size() && result.run.interrupts[next_interrupt].register_index <= i) {
      const firmware::Interrupt& irq = result.run.interrupts[next_interrupt++];
      std::cout << "interrupt    at " << std::fixed << std::setprecision(3) << irq.time_ns / 1000.0
                << " us, GLB S_INTR_STATUS " << hex8(irq.status) << "\n";
    }
    const firmware::RegisterAccess& a = result.registers[i];
    std::cout << (a.write ? "write        " : "read         ") << hex8(a.offset) << " " << hex8(a.value) << " "
              << register_name(hw, a.offset) << "\n";
  }
  for (const firmware::UnmappedAccess& u : result.unmapped) {
    std::cout << "unmapped     " << (u.access.write ? "write " : "read ") << hex8(u.access.offset) << " (" << u.window
              << "): no modelled unit answers\n";
  }
  for (const firmware::LogLine& line : result.log) {
    if (line.level != firmware::LogLevel::Debug) {
      std::cout << "firmware     " << firmware::log_level_name(line.level) << ": " << line.text << "\n";
    }
  }
  std::cout << "completed    at " << std::fixed << std::setprecision(3) << result.run.end_ns / 1000.0 << " us ("
            << (result.run.end_ns - result.run.start_ns) / 1000.0 << " us after the task started), "
            << result.registers.size() << " register accesses, " << result.run.interrupts.size() << " interrupt(s)\n";
  if (!request.system.vcd_path.empty()) std::cout << "waves        " << request.system.vcd_path << "\n";
  unsigned passed = 0, failed = 0;
  for (const firmware::CheckResult& check : firmware::layer_checks(layer, result)) {
    std::cout << (check.passed ? "PASS " : "FAIL ") << check.what << ": " << check.detail << "\n";
    (check.passed ? passed : failed)++;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
#endif
}

}  // namespace

int main(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << "usage: acosim nvdla <command> [options]\n\ncommands:\n"
                 "  trace      play one of NVDLA's trace tests on the models\n"
                 "  firmware   run one task of NVDLA's firmware from a layer description\n";
    return args.empty() ? 2 : 0;
  }
  const std::string command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "trace") return trace(rest);
  if (command == "firmware") return firmware_command(rest);
  throw UsageError("unknown nvdla command '" + command + "' (known: trace, firmware)");
}

}  // namespace acosim::nvdla::cli

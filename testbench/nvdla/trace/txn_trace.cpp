#include "testbench/nvdla/trace/txn_trace.h"

#include <filesystem>
#include <sstream>

#include "testbench/nvdla/trace/surface_file.h"
#include "testbench/nvdla/trace/unit_names.h"

namespace acosim::nvdla::trace {

namespace {

class TxnLineParser {
 public:
  TxnLineParser(const std::vector<std::string_view>& tokens, const SourceLocation& where, Config config,
                const std::filesystem::path& folder)
      : tokens_(tokens), where_(where), config_(config), folder_(folder) {}

  TxnCommand parse() {
    TxnCommand command;
    command.where = where_;
    const std::string_view name = tokens_[0];
    if (name == "write_reg") {
      command.op = TxnOp::WriteReg;
      expect_args(2, 2);
      set_register(command);
      command.data = hex32(2, "DATA");
    } else if (name == "read_reg") {
      command.op = TxnOp::ReadReg;
      expect_args(3, 5);
      set_register(command);
      command.mask = hex32(2, "MASK");
      if (tokens_.size() == 4) {
        command.data = hex32(3, "EXPECT");
      } else {
        command.compare = compare(3);
        command.data = hex32(4, "EXPECT");
        if (tokens_.size() == 6) command.polls = polls(5);
      }
    } else if (name == "load_mem" || name == "dump_mem") {
      command.op = name == "load_mem" ? TxnOp::LoadMem : TxnOp::DumpMem;
      expect_args(3, 3);
      command.address = hex64(1, "ADDR");
      const uint64_t size = hex64(2, "SIZE");
      command.port = port(command.address);
      command.file_name = std::string(tokens_[3]);
      command.bytes = data_file(size);
    } else if (name == "wait") {
      command.op = TxnOp::Wait;
      expect_args(0, 0);
    } else if (name == "write_mem" || name == "read_mem") {
      fail_at(where_, std::string(name) + " is not supported (NVDLA's own trace converters leave it unimplemented)");
    } else {
      fail_at(where_, "unknown command '" + std::string(name) + "'");
    }
    return command;
  }

 private:
  void expect_args(size_t low, size_t high) const {
    const size_t n = tokens_.size() - 1;
    if (n >= low && n <= high) return;
    const std::string wanted = low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high);
    fail_at(where_, std::string(tokens_[0]) + " takes " + wanted + " arguments, got " + std::to_string(n));
  }

  // Numbers are hex with 0x (the converters read them with Perl's hex()).
  uint64_t hex64(size_t i, const char* what) const {
    const auto value = parse_hex(tokens_[i]);
    if (!value) fail_at(where_, "bad " + std::string(what) + " '" + std::string(tokens_[i]) + "': expected 0x<hex>");
    return *value;
  }

  uint32_t hex32(size_t i, const char* what) const {
    const uint64_t value = hex64(i, what);
    if (value > 0xFFFFFFFFu) fail_at(where_, std::string(what) + " " + hex(value) + " does not fit 32 bits");
    return static_cast<uint32_t>(value);
  }

  TxnCompare compare(size_t i) const {
    const std::string_view text = tokens_[i];
    if (text == "==") return TxnCompare::Equal;
    if (text == "<=") return TxnCompare::LessEqual;
    if (text == ">=") return TxnCompare::GreaterEqual;
    fail_at(where_, "bad comparison '" + std::string(text) + "': expected ==, <= or >=");
  }

  unsigned polls(size_t i) const {
    const auto value = parse_hex_or_decimal(tokens_[i]);
    // The synthesizable testbench's command word holds NPOLLS in 16 bits
    // (verif/synth_tb/syn_tb_defines.vh MSEQ_NPOLLS_BITS).
    if (!value || *value == 0 || *value > 0xFFFF) {
      fail_at(where_, "bad NPOLLS '" + std::string(tokens_[i]) + "': expected 1 to 65535");
    }
    return static_cast<unsigned>(*value);
  }

  void set_register(TxnCommand& command) const {
    command.trace_address = hex32(1, "ADDR");
    command.csb_address = csb_byte_address(command.trace_address);
    const UnitLookup unit = unit_at(command.csb_address, config_);
    if (!unit.unit) fail_at(where_, unit.error + " (trace address " + hex8(command.trace_address) + ")");
    command.unit = *unit.unit;
  }

  hal::MemoryPort port(uint64_t address) const {
    const hal::MemoryPort p = txn_memory_port(address);
    const HardwareConfig& hw = hardware_config(config_);
    if (p == hal::MemoryPort::Secondary && !hw.has_cvif) {
      fail_at(where_, "address " + hex(address) + " is CVSRAM, but " + hw.name +
                          " has no secondary memory interface (CVIF)");
    }
    return p;
  }

  std::vector<uint8_t> data_file(uint64_t size) const {
    const std::string path = (folder_ / std::string(tokens_[3])).string();
    try {
      return read_memory_dump(path, size);
    } catch (const TraceError& e) {
      fail_at(where_, std::string(tokens_[0]) + ": " + e.what());
    }
  }

  const std::vector<std::string_view>& tokens_;
  const SourceLocation& where_;
  Config config_;
  const std::filesystem::path& folder_;
};

}  // namespace

const char* compare_name(TxnCompare compare) {
  switch (compare) {
    case TxnCompare::Equal: return "==";
    case TxnCompare::LessEqual: return "<=";
    case TxnCompare::GreaterEqual: return ">=";
  }
  return "?";
}

bool compare_holds(TxnCompare compare, uint32_t value, uint32_t mask, uint32_t expect) {
  const uint32_t got = value & mask;
  const uint32_t want = expect & mask;
  switch (compare) {
    case TxnCompare::Equal: return got == want;
    case TxnCompare::LessEqual: return got <= want;
    case TxnCompare::GreaterEqual: return got >= want;
  }
  return false;
}

uint32_t csb_byte_address(uint32_t trace_address) { return (trace_address & 0xFFFFu) << 2; }

hal::MemoryPort txn_memory_port(uint64_t address) {
  return (address >> 28) == 0x5 ? hal::MemoryPort::Secondary : hal::MemoryPort::Primary;
}

TxnTrace parse_txn_trace(std::istream& in, const std::string& path, Config config) {
  TxnTrace trace;
  trace.path = path;
  trace.config = config;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string line;
  SourceLocation where{path, 0};
  while (std::getline(in, line)) {
    ++where.line;
    std::string_view text = line;
    text = text.substr(0, text.find('#'));
    const auto tokens = split_blanks(text);
    if (tokens.empty()) continue;
    trace.commands.push_back(TxnLineParser(tokens, where, config, folder).parse());
  }
  return trace;
}

TxnPlusargs parse_plusargs(std::istream& in, const std::string& origin) {
  TxnPlusargs plusargs;
  std::string line;
  SourceLocation where{origin, 0};
  constexpr std::string_view kRetries = "+read_reg_poll_retries=";
  while (std::getline(in, line)) {
    ++where.line;
    for (const auto token : split_blanks(line)) {
      if (token.front() != '+') fail_at(where, "'" + std::string(token) + "' is not a plusarg (+name or +name=value)");
      if (token.substr(0, kRetries.size()) == kRetries) {
        const auto value = parse_hex_or_decimal(token.substr(kRetries.size()));
        if (!value || *value == 0 || *value > 0xFFFFFFFFu) {
          fail_at(where, "bad " + std::string(token) + ": expected a count of at least 1");
        }
        plusargs.read_reg_poll_retries = static_cast<unsigned>(*value);
      } else if (token == "+continue_on_fail") {
        plusargs.continue_on_fail = true;
      }
    }
  }
  return plusargs;
}

TxnTrace read_txn_trace(const std::string& path, Config config) {
  std::istringstream in(read_text_file(path));
  TxnTrace trace = parse_txn_trace(in, path, config);
  const std::filesystem::path plusargs = std::filesystem::path(path).parent_path() / "plusargs.txt";
  std::error_code ec;
  if (std::filesystem::exists(plusargs, ec)) {
    std::istringstream args(read_text_file(plusargs.string()));
    trace.plusargs = parse_plusargs(args, plusargs.string());
  }
  return trace;
}

}  // namespace acosim::nvdla::trace

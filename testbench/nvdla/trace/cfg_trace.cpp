#include "testbench/nvdla/trace/cfg_trace.h"

#include <cctype>
#include <filesystem>
#include <sstream>

#include "sw/nvdla/regs/register_map.h"
#include "testbench/nvdla/trace/unit_names.h"

namespace acosim::nvdla::trace {

namespace {

struct Argument {
  std::string text;
  bool quoted = false;
};

struct Call {
  std::string name;
  std::vector<Argument> args;
};

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_identifier(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!is_identifier_char(c)) return false;
  }
  return true;
}

// Splits `name(arg, "file", ...);  // comment` into its parts.
class CallScanner {
 public:
  CallScanner(std::string_view line, const SourceLocation& where) : line_(line), where_(where) {}

  Call scan() {
    Call call;
    skip_blanks();
    const size_t start = pos_;
    while (pos_ < line_.size() && is_identifier_char(line_[pos_])) ++pos_;
    if (pos_ == start) fail_at(where_, "expected a command, found '" + std::string(rest()) + "'");
    call.name = std::string(line_.substr(start, pos_ - start));
    skip_blanks();
    if (!take('(')) fail_at(where_, "expected '(' after " + call.name);
    skip_blanks();
    if (!take(')')) {
      for (;;) {
        call.args.push_back(argument());
        skip_blanks();
        if (take(',')) continue;
        if (take(')')) break;
        if (pos_ >= line_.size()) fail_at(where_, "missing ')'");
        fail_at(where_, "unexpected '" + std::string(1, line_[pos_]) + "' in the arguments of " + call.name);
      }
    }
    skip_blanks();
    if (!take(';')) fail_at(where_, pos_ >= line_.size() ? "missing ';'" : "expected ';' after ')'");
    skip_blanks();
    if (pos_ < line_.size() && rest().substr(0, 2) != "//") {
      fail_at(where_, "unexpected text after ';': '" + std::string(rest()) + "'");
    }
    return call;
  }

 private:
  Argument argument() {
    skip_blanks();
    Argument arg;
    if (take('"')) {
      const size_t end = line_.find('"', pos_);
      if (end == std::string_view::npos) fail_at(where_, "unterminated string");
      arg.text = std::string(line_.substr(pos_, end - pos_));
      arg.quoted = true;
      pos_ = end + 1;
      return arg;
    }
    const size_t start = pos_;
    while (pos_ < line_.size() && line_[pos_] != ',' && line_[pos_] != ')' && line_[pos_] != '(' &&
           line_[pos_] != ';' && line_[pos_] != '"') {
      ++pos_;
    }
    if (pos_ < line_.size() && line_[pos_] == '(') fail_at(where_, "unbalanced '('");
    if (pos_ >= line_.size() || line_[pos_] == ';') fail_at(where_, "missing ')'");
    arg.text = std::string(trim(line_.substr(start, pos_ - start)));
    if (arg.text.empty()) fail_at(where_, "empty argument");
    return arg;
  }

  void skip_blanks() {
    while (pos_ < line_.size() && (line_[pos_] == ' ' || line_[pos_] == '\t' || line_[pos_] == '\r')) ++pos_;
  }
  bool take(char c) {
    if (pos_ < line_.size() && line_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  std::string_view rest() const { return line_.substr(pos_); }

  std::string_view line_;
  const SourceLocation& where_;
  size_t pos_ = 0;
};

// Turns the arguments of one call into a CfgCommand.
class CommandBuilder {
 public:
  CommandBuilder(const Call& call, const SourceLocation& where, Config config, const std::filesystem::path& folder)
      : call_(call), where_(where), config_(config), folder_(folder) {}

  CfgCommand build() {
    CfgCommand command;
    command.where = where_;
    const std::string& name = call_.name;
    if (name == "reg_write" || name == "reg_read_check" || name == "poll_reg_equal") {
      command.op = name == "reg_write"        ? CfgOp::RegWrite
                   : name == "reg_read_check" ? CfgOp::RegReadCheck
                                              : CfgOp::PollRegEqual;
      expect_args(2, 2);
      command.reg = register_ref(0);
      command.value = number32(1, "value");
    } else if (name == "reg_read") {
      command.op = CfgOp::RegRead;
      expect_args(2, 2);
      command.reg = register_ref(0);
      command.event = sync_id(1);
    } else if (name == "sync_notify" || name == "sync_wait") {
      command.op = name == "sync_notify" ? CfgOp::SyncNotify : CfgOp::SyncWait;
      expect_args(2, 2);
      command.queue = identifier(0, "unit queue");
      command.event = sync_id(1);
    } else if (name == "intr_notify") {
      command.op = CfgOp::IntrNotify;
      if (call_.args.size() == 1) {
        fail_at(where_, "intr_notify(sync_id) without an interrupt id is not supported: write intr_notify(UNIT_g, " +
                            call_.args[0].text + ")");
      }
      expect_args(2, 2);
      command.interrupt = interrupt_id(0);
      command.event = sync_id(1);
    } else if (name == "check_crc") {
      command.op = CfgOp::CheckCrc;
      expect_args(5, 5);
      command.event = sync_id(0);
      command.port = memory(1);
      command.base = number(2, "base");
      command.size = number(3, "size");
      command.value = number32(4, "crc");
      // mem_core.svh calc_surface_crc walks 32-bit words.
      if (command.base % 4 != 0) fail_at(where_, "check_crc base " + hex(command.base) + " is not a multiple of 4");
      if (command.size % 4 != 0) fail_at(where_, "check_crc size " + hex(command.size) + " is not a multiple of 4");
    } else if (name == "check_nothing") {
      command.op = CfgOp::CheckNothing;
      expect_args(1, 1);
      command.event = sync_id(0);
    } else if (name == "check_file") {
      command.op = CfgOp::CheckFile;
      expect_args(5, 5);
      command.event = sync_id(0);
      command.port = memory(1);
      command.base = number(2, "base");
      command.size = number(3, "size");
      command.surface = surface(4);
      if (command.surface->extent() > command.size) {
        fail_at(where_, "check_file: " + call_.args[4].text + " reaches offset " + hex(command.surface->extent()) +
                            ", beyond size " + hex(command.size));
      }
    } else if (name == "mem_init") {
      command.op = CfgOp::MemInit;
      expect_args(4, 5);
      command.port = memory(0);
      command.base = number(1, "base");
      if (call_.args[2].quoted) {
        command.surface = surface(2);
        command.size = command.surface->extent();
      } else {
        command.size = number(2, "size");
      }
      command.pattern = pattern(3);
      if (call_.args.size() == 5) command.event = sync_id(4);
    } else if (name == "mem_load") {
      command.op = CfgOp::MemLoad;
      expect_args(3, 4);
      command.port = memory(0);
      command.base = number(1, "base");
      command.surface = surface(2);
      if (call_.args.size() == 4) command.event = sync_id(3);
    } else if (name == "mem_reserve") {
      command.op = CfgOp::MemReserve;
      expect_args(3, 4);
      command.port = memory(0);
      command.base = number(1, "base");
      command.size = number(2, "size");
      if (call_.args.size() == 4) command.event = sync_id(3);
    } else if (name == "mem_release") {
      command.op = CfgOp::MemRelease;
      expect_args(2, 3);
      command.port = memory(0);
      command.base = number(1, "base");
      if (call_.args.size() == 3) command.event = sync_id(2);
    } else {
      fail_at(where_, "unknown command '" + name + "'");
    }
    return command;
  }

 private:
  void expect_args(size_t low, size_t high) const {
    const size_t n = call_.args.size();
    if (n >= low && n <= high) return;
    const std::string wanted = low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high);
    fail_at(where_, call_.name + " takes " + wanted + " arguments, got " + std::to_string(n));
  }

  const std::string& plain(size_t i, const char* what) const {
    if (call_.args[i].quoted) fail_at(where_, std::string(what) + " must not be a quoted string");
    return call_.args[i].text;
  }

  uint64_t number(size_t i, const char* what) const {
    const std::string& text = plain(i, what);
    const auto value = parse_hex_or_decimal(text);
    if (!value) fail_at(where_, "bad number '" + text + "' for " + what);
    return *value;
  }

  uint32_t number32(size_t i, const char* what) const {
    const uint64_t value = number(i, what);
    if (value > 0xFFFFFFFFu) fail_at(where_, std::string(what) + " " + hex(value) + " does not fit 32 bits");
    return static_cast<uint32_t>(value);
  }

  std::string identifier(size_t i, const char* what) const {
    const std::string& text = plain(i, what);
    if (!is_identifier(text)) fail_at(where_, "bad " + std::string(what) + " '" + text + "'");
    return text;
  }

  std::string sync_id(size_t i) const { return identifier(i, "sync id"); }

  // NVDLA_<UNIT>.<REG>_0; names are matched case-insensitively, as the UVM
  // player's RAL lookup upper-cases them (nvdla_tb_sequence.sv).
  RegisterRef register_ref(size_t i) const {
    const std::string& text = plain(i, "register");
    const std::string upper = to_upper(text);
    const size_t dot = upper.find('.');
    const bool one_dot = dot != std::string::npos && upper.find('.', dot + 1) == std::string::npos;
    if (!one_dot || upper.compare(0, 6, "NVDLA_") != 0) {
      fail_at(where_, "bad register name '" + text + "': expected NVDLA_<UNIT>.<REG>_0");
    }
    const std::string unit_part = upper.substr(6, dot - 6);
    std::string reg_part = upper.substr(dot + 1);
    if (reg_part.size() < 3 || reg_part.compare(reg_part.size() - 2, 2, "_0") != 0) {
      fail_at(where_, "bad register name '" + text + "': the register name ends in _0");
    }
    reg_part.resize(reg_part.size() - 2);
    const UnitLookup unit = lookup_unit(unit_part, config_);
    if (!unit.unit) fail_at(where_, unit.error);
    const regs::RegisterInfo* info = regs::unit_info(*unit.unit, config_).find(reg_part.c_str());
    if (info == nullptr) fail_at(where_, "unknown register " + text);
    RegisterRef ref;
    ref.unit = *unit.unit;
    ref.name = std::string(unit_name(ref.unit)) + "." + info->name;
    ref.address = hardware_config(config_).unit_base(ref.unit) + info->offset;
    return ref;
  }

  // <SOURCE>_<group>, case-insensitive (nvdla_trace_parser.py upper-cases it).
  InterruptId interrupt_id(size_t i) const {
    const std::string& text = plain(i, "interrupt");
    const std::string upper = to_upper(text);
    const size_t underscore = upper.rfind('_');
    const std::string group = underscore == std::string::npos ? "" : upper.substr(underscore + 1);
    if (group != "0" && group != "1") {
      fail_at(where_, "bad interrupt '" + text + "': expected <UNIT>_0 or <UNIT>_1");
    }
    const UnitLookup source = lookup_interrupt_source(upper.substr(0, underscore), config_);
    if (!source.unit) fail_at(where_, source.error);
    return InterruptId{*source.unit, static_cast<unsigned>(group[0] - '0'), source.source, source.status_bit0};
  }

  // pri_mem, sec_mem, or the literal 1 that NVDLA's generated traces write
  // for primary memory (the UVM player treats any unknown name as primary;
  // here anything else is an error).
  hal::MemoryPort memory(size_t i) const {
    const std::string& text = plain(i, "memory");
    const std::string upper = to_upper(text);
    if (upper == "PRI_MEM" || upper == "1") return hal::MemoryPort::Primary;
    if (upper == "SEC_MEM") {
      const HardwareConfig& hw = hardware_config(config_);
      if (!hw.has_cvif) {
        fail_at(where_, std::string("sec_mem: ") + hw.name + " has no secondary memory interface (CVIF)");
      }
      return hal::MemoryPort::Secondary;
    }
    fail_at(where_, "unknown memory '" + text + "': expected pri_mem, sec_mem or 1");
  }

  MemPattern pattern(size_t i) const {
    const std::string& text = plain(i, "pattern");
    for (MemPattern p : {MemPattern::AllZero, MemPattern::Ones, MemPattern::AFive, MemPattern::FiveA,
                         MemPattern::Addr, MemPattern::Random, MemPattern::X}) {
      if (text == pattern_name(p)) return p;
    }
    fail_at(where_, "unknown pattern '" + text + "': expected ALL_ZERO, ONES, AFIVE, FIVEA, ADDR, RANDOM or X");
  }

  std::shared_ptr<const SurfaceFile> surface(size_t i) const {
    const Argument& arg = call_.args[i];
    if (!arg.quoted) fail_at(where_, "expected a quoted file name, found '" + arg.text + "'");
    const std::string path = (folder_ / arg.text).string();
    try {
      return std::make_shared<const SurfaceFile>(read_surface_file(path));
    } catch (const TraceError& e) {
      fail_at(where_, call_.name + ": " + e.what());
    }
  }

  const Call& call_;
  const SourceLocation& where_;
  Config config_;
  const std::filesystem::path& folder_;
};

bool skipped_line(std::string_view line) {
  line = trim(line);
  return line.empty() || line.substr(0, 2) == "//";
}

}  // namespace

const char* cfg_op_name(CfgOp op) {
  switch (op) {
    case CfgOp::RegWrite: return "reg_write";
    case CfgOp::RegReadCheck: return "reg_read_check";
    case CfgOp::RegRead: return "reg_read";
    case CfgOp::PollRegEqual: return "poll_reg_equal";
    case CfgOp::SyncNotify: return "sync_notify";
    case CfgOp::SyncWait: return "sync_wait";
    case CfgOp::IntrNotify: return "intr_notify";
    case CfgOp::CheckCrc: return "check_crc";
    case CfgOp::CheckNothing: return "check_nothing";
    case CfgOp::CheckFile: return "check_file";
    case CfgOp::MemInit: return "mem_init";
    case CfgOp::MemLoad: return "mem_load";
    case CfgOp::MemReserve: return "mem_reserve";
    case CfgOp::MemRelease: return "mem_release";
  }
  return "?";
}

const char* pattern_name(MemPattern pattern) {
  switch (pattern) {
    case MemPattern::AllZero: return "ALL_ZERO";
    case MemPattern::Ones: return "ONES";
    case MemPattern::AFive: return "AFIVE";
    case MemPattern::FiveA: return "FIVEA";
    case MemPattern::Addr: return "ADDR";
    case MemPattern::Random: return "RANDOM";
    case MemPattern::X: return "X";
  }
  return "?";
}

const char* memory_name(hal::MemoryPort port) { return port == hal::MemoryPort::Secondary ? "sec_mem" : "pri_mem"; }

std::string InterruptId::name() const { return source + "_" + std::to_string(group); }

CfgTrace parse_cfg_trace(std::istream& in, const std::string& path, Config config) {
  CfgTrace trace;
  trace.path = path;
  trace.config = config;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string line;
  SourceLocation where{path, 0};
  while (std::getline(in, line)) {
    ++where.line;
    if (skipped_line(line)) continue;
    const Call call = CallScanner(line, where).scan();
    trace.commands.push_back(CommandBuilder(call, where, config, folder).build());
  }
  return trace;
}

CfgTrace read_cfg_trace(const std::string& path, Config config) {
  std::istringstream in(read_text_file(path));
  return parse_cfg_trace(in, path, config);
}

}  // namespace acosim::nvdla::trace

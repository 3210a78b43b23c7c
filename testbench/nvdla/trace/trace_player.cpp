#include "testbench/nvdla/trace/trace_player.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <vector>

#include "sw/nvdla/regs/register_map.h"
#include "testbench/nvdla/trace/crc32.h"
#include "testbench/nvdla/trace/interrupt_handler.h"
#include "testbench/nvdla/trace/surface_file.h"

namespace acosim::nvdla::trace {

namespace fs = std::filesystem;

namespace {

// Memory moves through the HAL in pieces of this size: large enough that a
// trace's few hundred KiB take a handful of transactions.
constexpr size_t kMemoryChunk = 64 * 1024;

// PASS/FAIL lines and their counts.
class Report {
 public:
  Report(std::ostream* log, bool summary) : log_(log), summary_(summary) {}

  void pass(const std::string& what) {
    ++result_.passed;
    line("PASS " + what);
  }
  void fail(const std::string& what, const SourceLocation& where) {
    ++result_.failed;
    line("FAIL " + what + " at " + where.str());
  }
  void line(const std::string& text) {
    if (log_ != nullptr) *log_ << text << '\n';
  }
  PlayResult finish() {
    if (summary_) line(std::to_string(result_.passed) + " passed, " + std::to_string(result_.failed) + " failed");
    if (log_ != nullptr) log_->flush();
    return result_;
  }

 private:
  std::ostream* log_;
  bool summary_;
  PlayResult result_;
};

std::string range_text(hal::MemoryPort port, uint64_t base, uint64_t size) {
  return std::string(memory_name(port)) + " " + hex(base) + "+" + hex(size);
}

std::vector<uint8_t> read_memory(hal::Hal& hal, hal::MemoryPort port, uint64_t base, uint64_t size) {
  std::vector<uint8_t> bytes(static_cast<size_t>(size));
  for (uint64_t done = 0; done < size; done += kMemoryChunk) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kMemoryChunk, size - done));
    hal.read_memory(port, base + done, bytes.data() + done, n);
  }
  return bytes;
}

void write_memory(hal::Hal& hal, hal::MemoryPort port, uint64_t base, const std::vector<uint8_t>& bytes) {
  for (size_t done = 0; done < bytes.size(); done += kMemoryChunk) {
    const size_t n = std::min(kMemoryChunk, bytes.size() - done);
    hal.write_memory(port, base + done, bytes.data() + done, n);
  }
}

// Deterministic stand-in for mem_core.svh's $urandom fill, so that the same
// trace writes the same bytes every run (splitmix64, seeded by the address).
class PatternRandom {
 public:
  explicit PatternRandom(uint64_t seed) : state_(seed) {}
  uint8_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return static_cast<uint8_t>(z ^ (z >> 31));
  }

 private:
  uint64_t state_;
};

// mem_init fill values (mem_core.svh init_surface_with_pattern). X is an
// unknown value in the UVM memory's 4-state bytes; these memories are
// 2-state, and 0 is what Verilator makes of X by default.
void fill_pattern(hal::Hal& hal, hal::MemoryPort port, uint64_t base, uint64_t size, MemPattern pattern) {
  PatternRandom random(base);
  std::vector<uint8_t> chunk;
  for (uint64_t done = 0; done < size; done += kMemoryChunk) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kMemoryChunk, size - done));
    chunk.resize(n);
    for (size_t i = 0; i < n; ++i) {
      switch (pattern) {
        case MemPattern::AllZero:
        case MemPattern::X: chunk[i] = 0x00; break;
        case MemPattern::Ones: chunk[i] = 0xFF; break;
        case MemPattern::AFive: chunk[i] = 0xA5; break;
        case MemPattern::FiveA: chunk[i] = 0x5A; break;
        case MemPattern::Addr: chunk[i] = static_cast<uint8_t>(base + done + i); break;
        case MemPattern::Random: chunk[i] = random.next(); break;
      }
    }
    hal.write_memory(port, base + done, chunk.data(), n);
  }
}

// Writes a surface file's records at base, merging records that continue
// one another into one transfer; records are applied in file order.
void load_surface(hal::Hal& hal, hal::MemoryPort port, uint64_t base, const SurfaceFile& surface) {
  std::vector<uint8_t> run;
  uint64_t run_offset = 0;
  const auto flush = [&] {
    if (!run.empty()) write_memory(hal, port, base + run_offset, run);
    run.clear();
  };
  for (const auto& chunk : surface.chunks) {
    if (run.empty() || chunk.offset != run_offset + run.size() || run.size() >= kMemoryChunk) {
      flush();
      run_offset = chunk.offset;
    }
    run.insert(run.end(), chunk.bytes.begin(), chunk.bytes.end());
  }
  flush();
}

struct Difference {
  uint64_t first = 0;  // index of the first differing byte
  uint64_t count = 0;  // differing bytes
};

Difference compare_bytes(const uint8_t* got, const uint8_t* want, size_t n) {
  Difference d;
  for (size_t i = 0; i < n; ++i) {
    if (got[i] == want[i]) continue;
    if (d.count == 0) d.first = i;
    ++d.count;
  }
  return d;
}

class CfgPlayer {
 public:
  CfgPlayer(const CfgTrace& trace, hal::Hal& hal, const PlayerOptions& options)
      : trace_(trace), hal_(hal), options_(options), report_(options.log, options.print_summary), interrupts_(hal, trace.config) {
    for (const auto& command : trace.commands) {
      if (command.op == CfgOp::IntrNotify) ++expected_[command.interrupt.status_bit()];
    }
  }

  PlayResult run() {
    report_.line("trace        " + trace_.path);
    for (size_t i = 0; i < trace_.commands.size(); ++i) {
      if (options_.location != nullptr) *options_.location = trace_.commands[i].where.str();
      if (!execute(trace_.commands[i])) {
        report_.line("stopped at " + trace_.commands[i].where.str() + ": the remaining " +
                     std::to_string(trace_.commands.size() - i - 1) + " commands were not run");
        break;
      }
    }
    return report_.finish();
  }

 private:
  // False when the trace cannot go on (the UVM player ends the test there).
  bool execute(const CfgCommand& c) {
    switch (c.op) {
      case CfgOp::RegWrite: hal_.write_register(c.reg.address, c.value); return true;
      case CfgOp::RegRead: hal_.read_register(c.reg.address); return true;
      case CfgOp::RegReadCheck: return read_check(c);
      case CfgOp::PollRegEqual: return poll_equal(c);
      case CfgOp::SyncNotify: fired_.insert(c.event); return true;
      case CfgOp::SyncWait: require_fired(c); return true;
      case CfgOp::IntrNotify: return intr_notify(c);
      case CfgOp::CheckCrc: check_crc(c); return true;
      case CfgOp::CheckNothing:
        require_fired(c);
        report_.line("check_nothing(" + c.event + "): " + c.event + " fired");
        return true;
      case CfgOp::CheckFile: check_file(c); return true;
      case CfgOp::MemInit:
        if (!c.event.empty()) require_fired(c);
        fill_pattern(hal_, c.port, c.base, c.size, c.pattern);
        return true;
      case CfgOp::MemLoad:
        if (!c.event.empty()) require_fired(c);
        load_surface(hal_, c.port, c.base, *c.surface);
        return true;
      case CfgOp::MemReserve:
        // Region bookkeeping of the UVM memory model; nothing reaches hardware.
        if (!c.event.empty()) require_fired(c);
        return true;
      case CfgOp::MemRelease: return true;
    }
    return true;
  }

  // The UVM player runs one command queue per unit and blocks a waiting
  // queue; replayed in file order, an event must have fired earlier.
  void require_fired(const CfgCommand& c) const {
    if (fired_.count(c.event) == 0) {
      fail_at(c.where, std::string(cfg_op_name(c.op)) + ": " + c.event +
                           " never notified (no intr_notify or sync_notify before this line fired it)");
    }
  }

  std::string register_text(const CfgCommand& c) const {
    return std::string(cfg_op_name(c.op)) + "(" + c.reg.name + ", " + hex(c.value) + ")";
  }

  // reg_read_check is fatal on a mismatch in the UVM player
  // (nvdla_tb_sequence.sv read_check_i), so a failure ends the trace.
  bool read_check(const CfgCommand& c) {
    const uint32_t value = hal_.read_register(c.reg.address);
    if (value == c.value) {
      report_.pass(register_text(c));
      return true;
    }
    report_.fail(register_text(c) + " read " + hex(value), c.where);
    return false;
  }

  bool poll_equal(const CfgCommand& c) {
    const uint64_t start = hal_.now_ns();
    const uint64_t timeout = options_.interrupt_timeout_ns;
    const uint64_t deadline = timeout > UINT64_MAX - start ? UINT64_MAX : start + timeout;
    for (;;) {
      const uint32_t value = hal_.read_register(c.reg.address);
      if (value == c.value) return true;
      if (hal_.now_ns() >= deadline) {
        report_.fail(register_text(c) + ": still " + hex(value) + " after " +
                         std::to_string(options_.interrupt_timeout_ns) + " ns",
                     c.where);
        return false;
      }
      hal_.sleep_ns(options_.poll_interval_ns);
    }
  }

  bool intr_notify(const CfgCommand& c) {
    const unsigned bit = c.interrupt.status_bit();
    const bool seen = interrupts_.consume(bit, options_.interrupt_timeout_ns, expected_, c.where);
    --expected_[bit];
    if (!seen) {
      report_.fail("intr_notify(" + c.interrupt.name() + ", " + c.event + "): no interrupt within " +
                       std::to_string(options_.interrupt_timeout_ns) + " ns",
                   c.where);
      return false;
    }
    fired_.insert(c.event);
    return true;
  }

  void check_crc(const CfgCommand& c) {
    require_fired(c);
    Crc32 crc;
    std::vector<uint8_t> chunk;
    for (uint64_t done = 0; done < c.size; done += kMemoryChunk) {
      chunk.resize(static_cast<size_t>(std::min<uint64_t>(kMemoryChunk, c.size - done)));
      hal_.read_memory(c.port, c.base + done, chunk.data(), chunk.size());
      crc.update(chunk.data(), chunk.size());
    }
    const std::string what = "check_crc(" + c.event + ") " + range_text(c.port, c.base, c.size);
    if (crc.value() == c.value) {
      report_.pass(what + " crc " + hex8(c.value));
    } else {
      report_.fail(what + " got " + hex8(crc.value()) + " expected " + hex8(c.value), c.where);
    }
  }

  // check_file: every record of the file must be in memory at base + offset.
  // (NVDLA's UVM result checker leaves check_file unimplemented.)
  void check_file(const CfgCommand& c) {
    require_fired(c);
    const std::string what = "check_file(" + c.event + ") " + range_text(c.port, c.base, c.size) + " " +
                             fs::path(c.surface->path).filename().string();
    for (const auto& chunk : c.surface->chunks) {
      const auto got = read_memory(hal_, c.port, c.base + chunk.offset, chunk.bytes.size());
      const Difference d = compare_bytes(got.data(), chunk.bytes.data(), got.size());
      if (d.count != 0) {
        report_.fail(what + ": first difference at " + hex(c.base + chunk.offset + d.first) + ": read " +
                         hex(got[d.first]) + " expected " + hex(chunk.bytes[d.first]),
                     c.where);
        return;
      }
    }
    report_.pass(what);
  }

  const CfgTrace& trace_;
  hal::Hal& hal_;
  const PlayerOptions& options_;
  Report report_;
  InterruptHandler interrupts_;
  InterruptCounts expected_{};  // intr_notify commands not yet executed, per status bit
  std::set<std::string> fired_;
};

class TxnPlayer {
 public:
  TxnPlayer(const TxnTrace& trace, hal::Hal& hal, const PlayerOptions& options)
      : trace_(trace), hal_(hal), options_(options), report_(options.log, options.print_summary) {}

  PlayResult run() {
    // A dump_mem without a usable output folder fails before anything runs.
    for (const auto& c : trace_.commands) {
      if (c.op == TxnOp::DumpMem) dump_path(c);
    }
    report_.line("trace        " + trace_.path);
    for (size_t i = 0; i < trace_.commands.size(); ++i) {
      if (options_.location != nullptr) *options_.location = trace_.commands[i].where.str();
      if (!execute(trace_.commands[i])) {
        report_.line("stopped at " + trace_.commands[i].where.str() + ": the remaining " +
                     std::to_string(trace_.commands.size() - i - 1) +
                     " commands were not run (+continue_on_fail lets a trace go on after a failed read_reg)");
        break;
      }
    }
    return report_.finish();
  }

 private:
  bool execute(const TxnCommand& c) {
    switch (c.op) {
      case TxnOp::WriteReg: hal_.write_register(c.csb_address, c.data); return true;
      case TxnOp::ReadReg: return read_reg(c) || trace_.plusargs.continue_on_fail;
      case TxnOp::LoadMem: write_memory(hal_, c.port, c.address, c.bytes); return true;
      case TxnOp::DumpMem: dump_mem(c); return true;
      case TxnOp::Wait: return wait(c);
    }
    return true;
  }

  // "BDMA.CFG_DST_SURF", or "BDMA+0x0f0" where the offset is no register.
  std::string register_name(const TxnCommand& c) const {
    const uint32_t offset = c.csb_address - hardware_config(trace_.config).unit_base(c.unit);
    const regs::RegisterInfo* info = regs::unit_info(c.unit, trace_.config).find(offset);
    return std::string(unit_name(c.unit)) + (info != nullptr ? std::string(".") + info->name : "+" + hex(offset));
  }

  // Polled until the comparison holds or the retry limit is used up
  // (inp_txn_to_hexdump.pl: NPOLLS, else +read_reg_poll_retries).
  bool read_reg(const TxnCommand& c) {
    const unsigned attempts = c.polls != 0 ? c.polls : trace_.plusargs.read_reg_poll_retries;
    uint32_t value = 0;
    unsigned reads = 0;
    bool holds = false;
    while (!holds && reads < attempts) {
      if (reads != 0) hal_.sleep_ns(options_.poll_interval_ns);
      value = hal_.read_register(c.csb_address);
      ++reads;
      holds = compare_holds(c.compare, value, c.mask, c.data);
    }
    const std::string what = "read_reg " + hex8(c.trace_address) + " " + register_name(c) + " mask " + hex8(c.mask) +
                             " " + compare_name(c.compare) + " " + hex8(c.data) + ": read " + hex8(value);
    if (holds) {
      report_.pass(what);
    } else {
      report_.fail(what + " after " + std::to_string(reads) + " reads", c.where);
    }
    return holds;
  }

  bool wait(const TxnCommand& c) {
    if (hal_.wait_for_interrupt(options_.interrupt_timeout_ns)) return true;
    report_.fail("wait: the interrupt line stayed low for " + std::to_string(options_.interrupt_timeout_ns) + " ns",
                 c.where);
    return false;
  }

  void dump_mem(const TxnCommand& c) {
    const std::string out = dump_path(c);
    const auto got = read_memory(hal_, c.port, c.address, c.bytes.size());
    write_memory_dump(out, c.address, got);
    const std::string what = "dump_mem " + range_text(c.port, c.address, c.bytes.size()) + " " + c.file_name;
    const Difference d = compare_bytes(got.data(), c.bytes.data(), got.size());
    if (d.count == 0) {
      report_.pass(what);
    } else {
      report_.fail(what + ": " + std::to_string(d.count) + " bytes differ, the first at " +
                       hex(c.address + d.first) + ": read " + hex(got[d.first]) + " expected " +
                       hex(c.bytes[d.first]) + " (read bytes in " + out + ")",
                   c.where);
    }
  }

  // out_dir/<file name>; never next to the trace, where the golden file is.
  std::string dump_path(const TxnCommand& c) const {
    if (options_.out_dir.empty()) {
      fail_at(c.where, "dump_mem needs an output folder for the bytes it reads (PlayerOptions::out_dir)");
    }
    std::error_code ec;
    fs::create_directories(options_.out_dir, ec);
    if (ec) fail_at(c.where, "cannot create " + options_.out_dir + ": " + ec.message());
    const fs::path folder = fs::path(trace_.path).parent_path();
    if (fs::equivalent(options_.out_dir, folder.empty() ? fs::path(".") : folder, ec)) {
      fail_at(c.where, "the output folder " + options_.out_dir + " is the trace's folder: the dump would replace " +
                           c.file_name);
    }
    return (fs::path(options_.out_dir) / fs::path(c.file_name).filename()).string();
  }

  const TxnTrace& trace_;
  hal::Hal& hal_;
  const PlayerOptions& options_;
  Report report_;
};

}  // namespace

std::string find_trace(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> traces;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      if (!entry.is_regular_file(ec)) continue;
      const fs::path& p = entry.path();
      if (p.extension() == ".cfg" || p.filename() == "input.txn") traces.push_back(p.string());
    }
    if (ec) throw TraceError(path + ": cannot list the folder: " + ec.message());
    std::sort(traces.begin(), traces.end());
    if (traces.empty()) throw TraceError(path + ": no trace in this folder (expected one .cfg file or input.txn)");
    if (traces.size() > 1) {
      std::string names;
      for (const auto& t : traces) names += (names.empty() ? "" : ", ") + fs::path(t).filename().string();
      throw TraceError(path + ": more than one trace in this folder: " + names);
    }
    return traces.front();
  }
  if (!fs::exists(path, ec)) throw TraceError(path + ": no such file or folder");
  const std::string extension = fs::path(path).extension().string();
  if (extension != ".cfg" && extension != ".txn") {
    throw TraceError(path + ": not a trace (expected a .cfg or .txn file, or a folder holding one)");
  }
  return path;
}

PlayResult play_cfg_trace(const CfgTrace& trace, hal::Hal& hal, const PlayerOptions& options) {
  return CfgPlayer(trace, hal, options).run();
}

PlayResult play_txn_trace(const TxnTrace& trace, hal::Hal& hal, const PlayerOptions& options) {
  return TxnPlayer(trace, hal, options).run();
}

PlayResult play_trace(const std::string& path, hal::Hal& hal, const PlayerOptions& options) {
  const std::string file = find_trace(path);
  if (fs::path(file).extension() == ".cfg") return play_cfg_trace(read_cfg_trace(file, options.config), hal, options);
  return play_txn_trace(read_txn_trace(file, options.config), hal, options);
}

}  // namespace acosim::nvdla::trace

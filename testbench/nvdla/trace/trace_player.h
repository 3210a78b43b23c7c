// Replays one of NVDLA's own trace tests through the HAL: the master
// branch's .cfg traces (register writes, interrupts, CRC checks of memory)
// and the nvdlav1 branch's .txn traces (register writes, polled register
// reads, memory loads and byte-exact dumps). Whatever binds the HAL (the
// co-simulated models, a fake in tests) is exercised exactly as NVDLA's
// trace players exercise the RTL.
//
// Output: one PASS/FAIL line per check on `log`, then "N passed, N failed".
// Malformed traces and protocol errors (an unexpected interrupt, a check
// whose sync id never fired) throw TraceError naming file and line.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/trace/cfg_trace.h"
#include "testbench/nvdla/trace/txn_trace.h"

namespace acosim::nvdla::trace {

struct PlayerOptions {
  Config config = Config::NvSmall;
  // Where dump_mem writes the bytes it read, as a file of the golden file's
  // name. Required by traces with dump_mem; never the trace's own folder.
  std::string out_dir;
  // Simulated time the player waits for the hardware: for an interrupt
  // (intr_notify, wait) and for poll_reg_equal.
  uint64_t interrupt_timeout_ns = 10'000'000;
  // Simulated time between two reads of a polled register (read_reg,
  // poll_reg_equal), so that the hardware makes progress meanwhile.
  uint64_t poll_interval_ns = 100;
  std::ostream* log = nullptr;  // nullptr: no output
  // End the log with the "N passed, N failed" line (a caller that prints
  // more after the run prints the summary itself, last).
  bool print_summary = true;
  // When set, holds "FILE:LINE" of the command being played, so that an
  // error raised below the player (a model, the HAL) can be placed in the
  // trace.
  std::string* location = nullptr;
};

struct PlayResult {
  unsigned passed = 0;
  unsigned failed = 0;
};

// `path` is a trace file (.cfg or .txn) or a folder holding exactly one
// trace (one .cfg file or input.txn).
PlayResult play_trace(const std::string& path, hal::Hal& hal, const PlayerOptions& options);

// The trace file `path` stands for (see play_trace).
std::string find_trace(const std::string& path);

PlayResult play_cfg_trace(const CfgTrace& trace, hal::Hal& hal, const PlayerOptions& options);
PlayResult play_txn_trace(const TxnTrace& trace, hal::Hal& hal, const PlayerOptions& options);

}  // namespace acosim::nvdla::trace

// Reader of the nvdlav1 branch's .txn traces (nvdla/hw
// verif/traces/traceplayer/<test>/input.txn) and the plusargs.txt beside
// them. One command per line, blank-separated, '#' starts a comment:
//   write_reg ADDR DATA
//   read_reg ADDR MASK EXPECT            (also ADDR MASK CMP EXPECT [NPOLLS])
//   load_mem ADDR SIZE FILE
//   dump_mem ADDR SIZE FILE
//   wait
// ADDR of a register is 0xffff0000 | CSB word address; the upper half holds
// CSB packet control bits that the Verilator harness drops
// (verif/verilator/input_txn_to_verilator.pl), so the CSB byte address is
// (ADDR & 0xFFFF) << 2. Command forms follow
// verif/synth_tb/sim_scripts/inp_txn_to_hexdump.pl.
//
// Everything is checked before anything runs, including the data files
// (read here); each error is a TraceError "FILE:LINE: what". Plain C++.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/trace/trace_text.h"

namespace acosim::nvdla::trace {

enum class TxnOp : uint8_t { WriteReg, ReadReg, LoadMem, DumpMem, Wait };

// read_reg comparison of (value & MASK) against (EXPECT & MASK).
enum class TxnCompare : uint8_t { Equal, LessEqual, GreaterEqual };
const char* compare_name(TxnCompare compare);  // "==", "<=", ">="
bool compare_holds(TxnCompare compare, uint32_t value, uint32_t mask, uint32_t expect);

struct TxnCommand {
  TxnOp op = TxnOp::Wait;
  SourceLocation where;
  uint32_t trace_address = 0;  // WriteReg, ReadReg: ADDR as written
  uint32_t csb_address = 0;    // WriteReg, ReadReg: CSB byte address
  Unit unit = Unit::Glb;       // WriteReg, ReadReg: unit whose window holds csb_address
  uint32_t data = 0;           // WriteReg: DATA; ReadReg: EXPECT
  uint32_t mask = 0;           // ReadReg
  TxnCompare compare = TxnCompare::Equal;  // ReadReg
  unsigned polls = 0;          // ReadReg: NPOLLS of the long form; 0 = the trace's retry limit
  uint64_t address = 0;        // LoadMem, DumpMem
  hal::MemoryPort port = hal::MemoryPort::Primary;  // LoadMem, DumpMem
  std::string file_name;       // LoadMem, DumpMem: FILE as written (relative to the trace folder)
  std::vector<uint8_t> bytes;  // LoadMem: the data to load; DumpMem: the golden data (SIZE bytes)
};

// Simulator options of plusargs.txt.
struct TxnPlusargs {
  // Reads of a read_reg before it fails (inp_txn_to_hexdump.pl's default).
  unsigned read_reg_poll_retries = 50000;
  bool continue_on_fail = false;  // a failed read_reg does not stop the trace
};

struct TxnTrace {
  std::string path;
  Config config = Config::NvFull;
  std::vector<TxnCommand> commands;  // in file order
  TxnPlusargs plusargs;
};

// `path` names the trace in errors and locates data files (relative to its folder).
TxnTrace parse_txn_trace(std::istream& in, const std::string& path, Config config);
// Also reads plusargs.txt from the trace's folder when there is one.
TxnTrace read_txn_trace(const std::string& path, Config config);

// +read_reg_poll_retries=N and +continue_on_fail; other plusargs (options of
// the RTL simulators) are ignored.
TxnPlusargs parse_plusargs(std::istream& in, const std::string& origin);

uint32_t csb_byte_address(uint32_t trace_address);
// NVDLA's Verilator harness sends addresses whose top nibble is 0x5 to the
// CVSRAM (secondary) port and the rest to DRAM (verif/verilator/nvdla.cpp).
hal::MemoryPort txn_memory_port(uint64_t address);

}  // namespace acosim::nvdla::trace

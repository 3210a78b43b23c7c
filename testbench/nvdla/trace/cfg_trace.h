// Reader of the master branch's .cfg traces (nvdla/hw
// verif/tests/trace_tests/<config>/<test>/<test>.cfg): one C-like command per
// line, `cmd(arg, ...);`, with `//` comments. The command set and argument
// forms are those of nvdla/hw verif/tools/nvdla_trace_parser.py.
//
// Everything is checked before anything runs: syntax, argument counts and
// numbers, register names (looked up in the generated register maps), units
// and interrupts this project does not model, memory ports the
// configuration does not have, and the payload files (read here). Each error
// is a TraceError "FILE:LINE: what". Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/trace/surface_file.h"
#include "testbench/nvdla/trace/trace_text.h"

namespace acosim::nvdla::trace {

enum class CfgOp : uint8_t {
  RegWrite,      // reg_write(REG, value)
  RegReadCheck,  // reg_read_check(REG, value): one read, must equal value
  RegRead,       // reg_read(REG, sync_id): one read, value unused
  PollRegEqual,  // poll_reg_equal(REG, value): read until equal
  SyncNotify,    // sync_notify(NVDLA_<UNIT>, sync_id)
  SyncWait,      // sync_wait(NVDLA_<UNIT>, sync_id)
  IntrNotify,    // intr_notify(<UNIT>_<group>, sync_id)
  CheckCrc,      // check_crc(sync_id, mem, base, size, crc)
  CheckNothing,  // check_nothing(sync_id)
  CheckFile,     // check_file(sync_id, mem, base, size, "file")
  MemInit,       // mem_init(mem, base, size | "file", PATTERN [, sync_id])
  MemLoad,       // mem_load(mem, base, "file" [, sync_id])
  MemReserve,    // mem_reserve(mem, base, size [, sync_id])
  MemRelease,    // mem_release(mem, base [, sync_id])
};
const char* cfg_op_name(CfgOp op);  // "reg_write", ...

// mem_init fill patterns (nvdla/hw verif/vip/mem_model/mem_core.svh).
enum class MemPattern : uint8_t { AllZero, Ones, AFive, FiveA, Addr, Random, X };
const char* pattern_name(MemPattern pattern);  // "ALL_ZERO", ...

// A register named NVDLA_<UNIT>.<REG>_0.
struct RegisterRef {
  Unit unit = Unit::Glb;
  std::string name;      // "PDP.D_OP_ENABLE"
  uint32_t address = 0;  // CSB byte address: unit base + register offset
};

// A done interrupt <SOURCE>_<group> of a modelled unit.
struct InterruptId {
  Unit unit = Unit::Sdp;   // the unit that raises it
  unsigned group = 0;
  std::string source = "SDP";  // GLB's name of the source: "PDP", "CDMA_WT", ...
  unsigned status_bit0 = 0;    // GLB S_INTR_STATUS bit of the source's group 0
  std::string name() const;    // "PDP_0"
  unsigned status_bit() const { return status_bit0 + group; }
};

// One command; which fields it uses is listed per field.
struct CfgCommand {
  CfgOp op = CfgOp::RegWrite;
  SourceLocation where;
  RegisterRef reg;              // RegWrite, RegReadCheck, RegRead, PollRegEqual
  uint32_t value = 0;           // RegWrite, RegReadCheck, PollRegEqual: data; CheckCrc: expected CRC
  std::string event;            // sync id: RegRead, Sync*, IntrNotify, Check*; Mem*: optional wait
  std::string queue;            // SyncNotify, SyncWait: "NVDLA_PDP"
  InterruptId interrupt;        // IntrNotify
  hal::MemoryPort port = hal::MemoryPort::Primary;  // Check{Crc,File}, Mem*
  uint64_t base = 0;            // Check{Crc,File}, Mem*
  uint64_t size = 0;            // Check{Crc,File}, MemInit (the file's extent in the file form), MemReserve
  MemPattern pattern = MemPattern::AllZero;      // MemInit
  std::shared_ptr<const SurfaceFile> surface;    // MemLoad, CheckFile, MemInit with a file
};

struct CfgTrace {
  std::string path;
  Config config = Config::NvSmall;
  std::vector<CfgCommand> commands;  // in file order
};

// `path` names the trace in errors and locates payload files (relative to
// its folder).
CfgTrace parse_cfg_trace(std::istream& in, const std::string& path, Config config);
CfgTrace read_cfg_trace(const std::string& path, Config config);

const char* memory_name(hal::MemoryPort port);  // "pri_mem", "sec_mem"

}  // namespace acosim::nvdla::trace

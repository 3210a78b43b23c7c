// The memory payload files of NVDLA's trace tests.
//
// Surface files (.dat/.mem of the master branch's .cfg traces, read by
// nvdla/hw verif/vip/mem_model/mem_core.svh): one record per line,
//   {offset:0x40, size:4, payload:0x12 0x34 0x56 0x78},
// byte i of the payload belongs at base + offset + i. Lines that are empty,
// start with '#' or hold only braces and commas are skipped.
//
// Memory dumps (.dat of the nvdlav1 .txn traces, read by nvdla/hw
// verif/synth_tb/sim_scripts/inp_txn_to_hexdump.pl): lines that start with
// "0x" or " 0x" hold exactly 32 byte tokens, lowest address first; every
// other line (W=0x8, Data_type=..., "# dumped ...") is a header and skipped.
//
// Every malformed line is a TraceError "FILE:LINE: what". Plain C++.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace acosim::nvdla::trace {

struct PayloadChunk {
  uint64_t offset = 0;          // from the trace's base address
  std::vector<uint8_t> bytes;   // `size` bytes
};

struct SurfaceFile {
  std::string path;
  std::vector<PayloadChunk> chunks;  // in file order
  // One past the highest offset written (0 for an empty file): the size a
  // mem_init(mem, base, "file", PATTERN) covers.
  uint64_t extent() const;
};

SurfaceFile parse_surface_file(std::istream& in, const std::string& origin);
SurfaceFile read_surface_file(const std::string& path);

// Bytes per data line of a memory dump.
inline constexpr unsigned kDumpBytesPerLine = 32;

// The first `size` bytes of a memory dump; lines after them are not read.
std::vector<uint8_t> parse_memory_dump(std::istream& in, const std::string& origin, uint64_t size);
std::vector<uint8_t> read_memory_dump(const std::string& path, uint64_t size);

// Writes `bytes` read at `address` as a memory dump that read_memory_dump
// reads back: a '#' header line, then 32 tokens per line (a short last line
// is padded with 0x00, which a reader limited to the size never reaches).
// Written to a temporary file and renamed, so no partial file is left.
void write_memory_dump(const std::string& path, uint64_t address, const std::vector<uint8_t>& bytes);

}  // namespace acosim::nvdla::trace

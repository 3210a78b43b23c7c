// Text helpers shared by the NVDLA trace readers: the error type that names
// file and line, number parsing in the radixes each format allows, and hex
// formatting for log lines. Plain C++, no SystemC.
#pragma once

#include "sw/common/hex.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace acosim::nvdla::trace {

// Every malformed trace, payload file or plusarg, and every error while a
// trace plays, is reported as a TraceError whose message starts with
// "FILE:LINE: ".
struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Where a command or record came from.
struct SourceLocation {
  std::string file;
  unsigned line = 0;
  std::string str() const { return file + ":" + std::to_string(line); }
};

[[noreturn]] void fail_at(const SourceLocation& where, const std::string& what);

// The whole file; TraceError "cannot read PATH: reason" when it cannot.
std::string read_text_file(const std::string& path);

// "0x" followed by hex digits (either case); nullopt if malformed or above 64 bits.
std::optional<uint64_t> parse_hex(std::string_view text);
// Decimal digits only.
std::optional<uint64_t> parse_decimal(std::string_view text);
// "0x..." hex or decimal: the numbers of master .cfg traces
// (nvdla/hw verif/tools/nvdla_trace_parser.py converts them with int(x, 0)).
std::optional<uint64_t> parse_hex_or_decimal(std::string_view text);
// "0x..." hex, a leading 0 for octal, else decimal: offsets and sizes of
// surface payload files (nvdla/hw verif/vip/mem_model/mem_core.svh, m_atov).
std::optional<uint64_t> parse_c_number(std::string_view text);

std::string_view trim(std::string_view text);
// Splits at runs of blanks (space, tab, CR).
std::vector<std::string_view> split_blanks(std::string_view text);
std::string to_upper(std::string_view text);

// "0x1f" (no padding: sw/common/hex.h) and "0x0000001f" (eight digits).
using ::acosim::hex;
std::string hex8(uint32_t value);

}  // namespace acosim::nvdla::trace

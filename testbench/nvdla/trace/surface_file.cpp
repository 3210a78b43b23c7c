#include "testbench/nvdla/trace/surface_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "testbench/nvdla/trace/trace_text.h"

namespace acosim::nvdla::trace {

namespace {

bool only_braces(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == '{' || c == '}' || c == ','; });
}

// One "key:value" part of a surface record.
std::string_view keyed_part(std::string_view part, std::string_view key, const SourceLocation& where) {
  part = trim(part);
  const size_t colon = part.find(':');
  if (colon == std::string_view::npos || trim(part.substr(0, colon)) != key) {
    fail_at(where, "expected '" + std::string(key) + ":' but found '" + std::string(part) + "'");
  }
  return trim(part.substr(colon + 1));
}

uint64_t record_number(std::string_view text, std::string_view key, const SourceLocation& where) {
  const auto value = parse_c_number(text);
  if (!value) fail_at(where, "bad number '" + std::string(text) + "' in " + std::string(key));
  return *value;
}

// A byte token "0xN" or "0xNN".
std::optional<uint8_t> byte_token(std::string_view token, bool exactly_two_digits) {
  if (token.size() < 3 || token.size() > 4 || (exactly_two_digits && token.size() != 4)) return std::nullopt;
  const auto value = parse_hex(token);
  if (!value) return std::nullopt;
  return static_cast<uint8_t>(*value);
}

}  // namespace

uint64_t SurfaceFile::extent() const {
  uint64_t end = 0;
  for (const auto& chunk : chunks) end = std::max(end, chunk.offset + chunk.bytes.size());
  return end;
}

SurfaceFile parse_surface_file(std::istream& in, const std::string& origin) {
  SurfaceFile file;
  file.path = origin;
  std::string text;
  SourceLocation where{origin, 0};
  while (std::getline(in, text)) {
    ++where.line;
    std::string_view line = trim(text);
    if (line.empty() || line.front() == '#' || only_braces(line)) continue;
    // A record: "{offset:N, size:N, payload:0xNN ...}" with an optional
    // trailing comma; mem_core.svh strips the braces and the comma, then
    // expects exactly three comma-separated parts.
    if (line.front() != '{') fail_at(where, "expected a record {offset:N, size:N, payload:0xNN ...}");
    line.remove_prefix(1);
    while (!line.empty() && (line.back() == ',' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.empty() || line.back() != '}') fail_at(where, "record without its closing '}'");
    line.remove_suffix(1);
    const size_t first = line.find(',');
    const size_t second = first == std::string_view::npos ? first : line.find(',', first + 1);
    if (second == std::string_view::npos || line.find(',', second + 1) != std::string_view::npos) {
      fail_at(where, "expected three parts offset, size, payload");
    }
    PayloadChunk chunk;
    chunk.offset = record_number(keyed_part(line.substr(0, first), "offset", where), "offset", where);
    const uint64_t size =
        record_number(keyed_part(line.substr(first + 1, second - first - 1), "size", where), "size", where);
    const auto tokens = split_blanks(keyed_part(line.substr(second + 1), "payload", where));
    if (tokens.size() != size) {
      // mem_core.svh pads a short payload with zeros; none of NVDLA's files
      // relies on that, so a count that differs from size is a broken line.
      fail_at(where, "size " + std::to_string(size) + " but " + std::to_string(tokens.size()) + " payload bytes");
    }
    if (chunk.offset + size < chunk.offset) fail_at(where, "offset + size exceeds 64 bits");
    chunk.bytes.reserve(tokens.size());
    for (const auto token : tokens) {
      const auto byte = byte_token(token, false);
      if (!byte) fail_at(where, "payload byte '" + std::string(token) + "' is not 0xNN");
      chunk.bytes.push_back(*byte);
    }
    file.chunks.push_back(std::move(chunk));
  }
  return file;
}

SurfaceFile read_surface_file(const std::string& path) {
  std::istringstream in(read_text_file(path));
  return parse_surface_file(in, path);
}

std::vector<uint8_t> parse_memory_dump(std::istream& in, const std::string& origin, uint64_t size) {
  std::vector<uint8_t> bytes;
  bytes.reserve(static_cast<size_t>(std::min<uint64_t>(size, 1u << 26)));
  std::string text;
  SourceLocation where{origin, 0};
  while (bytes.size() < size && std::getline(in, text)) {
    ++where.line;
    // inp_txn_to_hexdump.pl takes only lines matching /^ ?0x/ as data.
    const std::string_view line = text;
    const bool data = line.substr(0, 2) == "0x" || line.substr(0, 3) == " 0x";
    if (!data) continue;
    const auto tokens = split_blanks(line);
    if (tokens.size() != kDumpBytesPerLine) {
      fail_at(where, "a data line holds " + std::to_string(kDumpBytesPerLine) + " bytes, this one " +
                         std::to_string(tokens.size()));
    }
    for (const auto token : tokens) {
      const auto byte = byte_token(token, true);
      if (!byte) fail_at(where, "byte '" + std::string(token) + "' is not 0xNN");
      if (bytes.size() < size) bytes.push_back(*byte);
    }
  }
  if (bytes.size() < size) {
    fail_at(where, "the file ends after " + std::to_string(bytes.size()) + " of " + std::to_string(size) + " bytes (" +
                       hex(size) + ")");
  }
  return bytes;
}

std::vector<uint8_t> read_memory_dump(const std::string& path, uint64_t size) {
  std::istringstream in(read_text_file(path));
  return parse_memory_dump(in, path, size);
}

void write_memory_dump(const std::string& path, uint64_t address, const std::vector<uint8_t>& bytes) {
  std::ostringstream text;
  text << "# memory dump: start_address=" << hex(address) << " size=" << hex(bytes.size()) << "\n";
  char token[8];
  for (size_t line = 0; line < bytes.size(); line += kDumpBytesPerLine) {
    for (size_t i = line; i < line + kDumpBytesPerLine; ++i) {
      std::snprintf(token, sizeof token, " 0x%02x", i < bytes.size() ? bytes[i] : 0u);
      text << token;
    }
    text << "\n";
  }
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw TraceError("cannot write " + path + ": " + std::strerror(errno));
    out << text.str();
    out.flush();
    if (!out) {
      std::remove(temporary.c_str());
      throw TraceError("cannot write " + path + ": write error");
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::remove(temporary.c_str());
    throw TraceError("cannot write " + path + ": " + ec.message());
  }
}

}  // namespace acosim::nvdla::trace

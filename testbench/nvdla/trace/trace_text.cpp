#include "testbench/nvdla/trace/trace_text.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sw/common/hex.h"

namespace acosim::nvdla::trace {

void fail_at(const SourceLocation& where, const std::string& what) { throw TraceError(where.str() + ": " + what); }

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw TraceError("cannot read " + path + ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TraceError("cannot read " + path + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw TraceError("cannot read " + path + ": read error");
  return text.str();
}

namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

// Digits of `radix` only, at least one, no overflow past 64 bits.
std::optional<uint64_t> parse_digits(std::string_view text, unsigned radix) {
  if (text.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    const int d = digit_value(c);
    if (d >= static_cast<int>(radix)) return std::nullopt;
    if (value > (UINT64_MAX - static_cast<uint64_t>(d)) / radix) return std::nullopt;
    value = value * radix + static_cast<uint64_t>(d);
  }
  return value;
}

bool has_hex_prefix(std::string_view text) {
  return text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
}

}  // namespace

std::optional<uint64_t> parse_hex(std::string_view text) {
  if (!has_hex_prefix(text)) return std::nullopt;
  return parse_digits(text.substr(2), 16);
}

std::optional<uint64_t> parse_decimal(std::string_view text) { return parse_digits(text, 10); }

std::optional<uint64_t> parse_hex_or_decimal(std::string_view text) {
  return has_hex_prefix(text) ? parse_hex(text) : parse_decimal(text);
}

std::optional<uint64_t> parse_c_number(std::string_view text) {
  if (has_hex_prefix(text)) return parse_hex(text);
  if (text.size() > 1 && text[0] == '0') return parse_digits(text.substr(1), 8);
  return parse_decimal(text);
}

std::string_view trim(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> split_blanks(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < text.size()) {
    while (i < text.size() && blank(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !blank(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::string to_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string hex8(uint32_t value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%08x", static_cast<unsigned>(value));
  return buffer;
}

}  // namespace acosim::nvdla::trace

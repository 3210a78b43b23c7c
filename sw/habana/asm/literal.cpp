#include "sw/habana/asm/literal.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace acosim::habana::tpcasm {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool allOf(const std::string& s, size_t from, int (*pred)(int)) {
  if (from >= s.size()) return false;
  for (size_t i = from; i < s.size(); ++i)
    if (!pred(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

int isBinDigit(int c) { return c == '0' || c == '1'; }
int isOctDigit(int c) { return c >= '0' && c <= '7'; }

// Magnitude of an unsigned integer literal without sign.
bool parseMagnitude(const std::string& s, uint64_t* out) {
  if (s.size() > 2 && s[0] == '0' && s[1] == 'x' && allOf(s, 2, isxdigit)) {
    *out = std::strtoull(s.c_str() + 2, nullptr, 16);
  } else if (s.size() > 2 && s[0] == '0' && s[1] == 'b' && allOf(s, 2, isBinDigit)) {
    *out = std::strtoull(s.c_str() + 2, nullptr, 2);
  } else if (s.size() > 1 && s[0] == '0' && allOf(s, 1, isOctDigit)) {
    *out = std::strtoull(s.c_str(), nullptr, 8);
  } else if (allOf(s, 0, isdigit)) {
    errno = 0;
    *out = std::strtoull(s.c_str(), nullptr, 10);
    if (errno == ERANGE) return false;
  } else {
    return false;
  }
  return true;
}

bool parseInteger(const std::string& text, int64_t* out) {
  std::string s = lower(text);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.erase(0, 1);
  }
  if (!s.empty() && s.back() == 'u') s.pop_back();
  uint64_t mag = 0;
  if (!parseMagnitude(s, &mag) || mag > 0xffffffffULL) return false;
  *out = neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
  return true;
}

uint32_t f32Bits(float f) {
  uint32_t b = 0;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

// Round to nearest even on the 16 dropped bits.
uint32_t bf16Bits(float f) {
  const uint32_t b = f32Bits(f);
  if ((b & 0x7fffffffU) > 0x7f800000U) return (b >> 16) | 0x40U;
  return (b + 0x7fffU + ((b >> 16) & 1U)) >> 16;
}

uint32_t f16Bits(float f) {
  const uint32_t b = f32Bits(f);
  const uint32_t sign = (b >> 16) & 0x8000U;
  const int exp = static_cast<int>((b >> 23) & 0xff) - 127 + 15;
  uint32_t mant = b & 0x7fffffU;
  if (((b >> 23) & 0xff) == 0xff) return sign | 0x7c00U | (mant ? 0x200U : 0U);
  if (exp >= 31) return sign | 0x7c00U;
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant |= 0x800000U;
    const int shift = 14 - exp;
    uint32_t h = mant >> shift;
    const uint32_t rem = mant & ((1U << shift) - 1U);
    const uint32_t half = 1U << (shift - 1);
    if (rem > half || (rem == half && (h & 1U))) ++h;
    return sign | h;
  }
  uint32_t h = (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  const uint32_t rem = mant & 0x1fffU;
  if (rem > 0x1000U || (rem == 0x1000U && (h & 1U))) ++h;
  return sign | h;
}

bool parseFloat(const std::string& text, double* out) {
  if (text.empty()) return false;
  bool sawDigit = false;
  for (char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c))) sawDigit = true;
    else if (!std::strchr("+-.eE", c)) return false;
  }
  if (!sawDigit) return false;
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return end && *end == '\0';
}

}  // namespace

bool parseUnsigned(const std::string& text, uint32_t* out) {
  uint64_t v = 0;
  if (!parseMagnitude(lower(text), &v) || v > 0xffffffffULL) return false;
  *out = static_cast<uint32_t>(v);
  return true;
}

bool parseLiteral(const std::string& text, DataType dt, uint32_t* out) {
  const std::string s = lower(text);
  // Typed literal: <type>_<value>.
  const size_t us = s.find('_');
  if (us != std::string::npos && us > 0 && std::isalpha(static_cast<unsigned char>(s[0]))) {
    const std::string type = s.substr(0, us);
    std::string val = s.substr(us + 1);
    if (type == "f32" || type == "bf16" || type == "f16") {
      double d = 0;
      if (!parseFloat(val, &d)) return false;
      const float f = static_cast<float>(d);
      *out = type == "f32" ? f32Bits(f) : type == "bf16" ? bf16Bits(f) : f16Bits(f);
      return true;
    }
    static const char* const kIntTypes[] = {"i8", "u8", "i16", "u16", "i32", "u32"};
    bool known = false;
    for (const char* t : kIntTypes) known = known || type == t;
    if (!known) return false;
    bool neg = false;
    if (!val.empty() && (val[0] == '-' || val[0] == '+')) {
      neg = val[0] == '-';
      val.erase(0, 1);
    }
    if (!val.empty() && val[0] == 'x') val = "0" + val;  // i32_x12C is hex
    int64_t v = 0;
    if (!parseInteger(val, &v)) return false;
    *out = static_cast<uint32_t>(neg ? -v : v);
    return true;
  }
  int64_t iv = 0;
  if (parseInteger(s, &iv)) {
    *out = static_cast<uint32_t>(iv);
    return true;
  }
  // Float with optional type suffix.
  std::string body = s;
  enum { kDefault, kF32, kBF16, kF16 } kind = kDefault;
  if (body.size() > 2 && body.compare(body.size() - 2, 2, "bf") == 0) {
    kind = kBF16;
    body.resize(body.size() - 2);
  } else if (!body.empty() && body.back() == 'f') {
    kind = kF32;
    body.pop_back();
  } else if (!body.empty() && body.back() == 'h') {
    kind = kF16;
    body.pop_back();
  }
  double d = 0;
  if (!parseFloat(body, &d)) return false;
  const float f = static_cast<float>(d);
  if (kind == kDefault) kind = dt == DataType::BF16 ? kBF16 : kF32;
  *out = kind == kF32 ? f32Bits(f) : kind == kBF16 ? bf16Bits(f) : f16Bits(f);
  return true;
}

}  // namespace acosim::habana::tpcasm

#include "sw/common/npy.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>

namespace acosim::npy {

namespace {

// numpy/lib/format.py: MAGIC_PREFIX, ARRAY_ALIGN and GROWTH_AXIS_MAX_DIGITS.
constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicBytes = 6;
constexpr size_t kAlign = 64;
constexpr size_t kGrowthAxisMaxDigits = 21;

// One value of the header's dict: NEP 1 allows only what
// ast.literal_eval reads; NumPy writes strings, booleans and a tuple of
// integers for these three keys.
struct Literal {
  enum Kind { String, Boolean, Tuple } kind = String;
  std::string text;
  bool flag = false;
  std::vector<uint64_t> numbers;
};

// A recursive-descent reader of the dict literal NumPy writes
// ("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 8), }").
class HeaderParser {
 public:
  explicit HeaderParser(std::string text) : m_text(std::move(text)) {}

  std::map<std::string, Literal> dict() {
    skip_space();
    if (!eat('{')) throw Error("header is not a dict: '" + excerpt() + "'");
    std::map<std::string, Literal> entries;
    while (true) {
      skip_space();
      if (eat('}')) break;
      const std::string key = string_literal("a key");
      skip_space();
      if (!eat(':')) fail("':' after key '" + key + "'");
      skip_space();
      if (entries.count(key)) throw Error("header has the key '" + key + "' twice");
      entries[key] = value(key);
      skip_space();
      if (eat(',')) continue;
      if (eat('}')) break;
      fail("',' or '}' after the value of '" + key + "'");
    }
    skip_space();
    if (m_at != m_text.size()) throw Error("header has text after its dict: '" + excerpt() + "'");
    return entries;
  }

 private:
  Literal value(const std::string& key) {
    Literal v;
    if (peek() == '\'' || peek() == '"') {
      v.kind = Literal::String;
      v.text = string_literal("a string");
    } else if (word("True")) {
      v.kind = Literal::Boolean;
      v.flag = true;
    } else if (word("False")) {
      v.kind = Literal::Boolean;
      v.flag = false;
    } else if (eat('(')) {
      v.kind = Literal::Tuple;
      skip_space();
      while (!eat(')')) {
        v.numbers.push_back(integer(key));
        skip_space();
        if (eat(',')) {
          skip_space();
          continue;
        }
        skip_space();
        if (!eat(')')) fail("',' or ')' in the tuple of '" + key + "'");
        // "(5)" is the integer 5 in Python, not a tuple.
        if (v.numbers.size() == 1) throw Error("header's '" + key + "' is not a tuple");
        break;
      }
    } else {
      fail("a string, True, False or a tuple as the value of '" + key + "'");
    }
    return v;
  }

  uint64_t integer(const std::string& key) {
    if (m_at >= m_text.size() || !std::isdigit(static_cast<unsigned char>(m_text[m_at]))) {
      fail("a non-negative integer in '" + key + "'");
    }
    uint64_t n = 0;
    while (m_at < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_at]))) {
      const uint64_t digit = uint64_t(m_text[m_at++] - '0');
      if (n > (UINT64_MAX - digit) / 10) throw Error("header's '" + key + "' has a dimension too large");
      n = n * 10 + digit;
    }
    if (m_at < m_text.size() && m_text[m_at] == 'L') ++m_at;  // Python 2's long, as old NumPy wrote it
    return n;
  }

  std::string string_literal(const char* what) {
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail(what);
    ++m_at;
    std::string s;
    while (m_at < m_text.size() && m_text[m_at] != quote) {
      if (m_text[m_at] == '\\') fail("a string without escapes");
      s.push_back(m_text[m_at++]);
    }
    if (m_at >= m_text.size()) throw Error("header has an unterminated string");
    ++m_at;
    return s;
  }

  bool word(const char* w) {
    const size_t n = std::strlen(w);
    if (m_text.compare(m_at, n, w) != 0) return false;
    m_at += n;
    return true;
  }
  char peek() const { return m_at < m_text.size() ? m_text[m_at] : '\0'; }
  bool eat(char c) {
    if (peek() != c || m_at >= m_text.size()) return false;
    ++m_at;
    return true;
  }
  void skip_space() {
    while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at]))) ++m_at;
  }
  std::string excerpt() const {
    std::string e = m_text.substr(m_at, 40);
    for (char& c : e) {
      if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
    }
    return e;
  }
  [[noreturn]] void fail(const std::string& expected) const {
    throw Error("header is not the dict NEP 1 describes: expected " + expected + " at '" + excerpt() + "'");
  }

  std::string m_text;
  size_t m_at = 0;
};

uint32_t little_endian(const uint8_t* p, unsigned bytes) {
  uint32_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint32_t(p[i]) << (8 * i);
  return v;
}

// product(shape), or an error when it overflows the bytes of memory.
uint64_t element_count(const std::vector<uint64_t>& shape) {
  uint64_t count = 1;
  for (const uint64_t d : shape) {
    if (d != 0 && count > (UINT64_MAX / 4) / d) throw Error("shape " + shape_text(shape) + " is too large");
    count *= d;
  }
  return count;
}

}  // namespace

bool is_npy_path(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".npy";
}

std::string shape_text(const std::vector<uint64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

Float32Array decode_float32(const std::vector<uint8_t>& bytes) {
  if (bytes.size() < kMagicBytes || std::memcmp(bytes.data(), kMagic, kMagicBytes) != 0) {
    throw Error("not a .npy file: it does not start with the magic \\x93NUMPY");
  }
  if (bytes.size() < kMagicBytes + 2) throw Error("the header is truncated: no version");
  const unsigned major = bytes[6], minor = bytes[7];
  if ((major != 1 && major != 2 && major != 3) || minor != 0) {
    throw Error("unsupported .npy version " + std::to_string(major) + "." + std::to_string(minor) +
                " (acosim reads 1.0, 2.0 and 3.0)");
  }
  // Version 1.0 has a 2-byte header length, 2.0 and 3.0 a 4-byte one;
  // 3.0 encodes the header in UTF-8, which for the keys and values
  // accepted here is the same ASCII.
  const unsigned length_bytes = major == 1 ? 2 : 4;
  const size_t prefix = kMagicBytes + 2 + length_bytes;
  if (bytes.size() < prefix) throw Error("the header is truncated: no header length");
  const uint64_t header_length = little_endian(bytes.data() + kMagicBytes + 2, length_bytes);
  if (bytes.size() - prefix < header_length) {
    throw Error("the header is truncated: it should have " + std::to_string(header_length) + " bytes, the file has " +
                std::to_string(bytes.size() - prefix) + " after the header length");
  }
  const std::string header(bytes.begin() + long(prefix), bytes.begin() + long(prefix + header_length));
  const std::map<std::string, Literal> dict = HeaderParser(header).dict();
  for (const char* key : {"descr", "fortran_order", "shape"}) {
    if (!dict.count(key)) throw Error(std::string("header has no '") + key + "'");
  }
  for (const auto& entry : dict) {
    if (entry.first != "descr" && entry.first != "fortran_order" && entry.first != "shape") {
      throw Error("header has the key '" + entry.first + "' (NEP 1 allows only descr, fortran_order and shape)");
    }
  }
  const Literal& descr = dict.at("descr");
  if (descr.kind != Literal::String) throw Error("header's 'descr' is not a dtype string");
  if (descr.text != "<f4") {
    throw Error("dtype '" + descr.text + "' is not '<f4' (float32, little-endian)");
  }
  const Literal& fortran = dict.at("fortran_order");
  if (fortran.kind != Literal::Boolean) throw Error("header's 'fortran_order' is not True or False");
  if (fortran.flag) throw Error("fortran_order is True: only C-order arrays are read (numpy.ascontiguousarray)");
  const Literal& shape = dict.at("shape");
  if (shape.kind != Literal::Tuple) throw Error("header's 'shape' is not a tuple");

  Float32Array array;
  array.shape = shape.numbers;
  const uint64_t count = element_count(array.shape);
  const uint64_t data_bytes = bytes.size() - prefix - header_length;
  if (data_bytes != count * 4) {
    throw Error(std::string(data_bytes < count * 4 ? "the data is truncated" : "the file is longer than its data") +
                ": shape " + shape_text(array.shape) + " needs " + std::to_string(count * 4) +
                " bytes of float32, the file has " + std::to_string(data_bytes));
  }
  array.values.resize(count);
  const uint8_t* data = bytes.data() + prefix + header_length;
  for (uint64_t i = 0; i < count; ++i) {
    const uint32_t bits = little_endian(data + 4 * i, 4);
    std::memcpy(&array.values[i], &bits, 4);
  }
  return array;
}

std::vector<uint8_t> encode_float32(const std::vector<uint64_t>& shape, const std::vector<float>& values) {
  if (element_count(shape) != values.size()) {
    throw Error("shape " + shape_text(shape) + " does not hold " + std::to_string(values.size()) + " values");
  }
  // numpy/lib/format.py, _write_array_header: the dict's keys sorted, each
  // "'key': repr(value), ", then spare spaces for the first axis to grow to
  // GROWTH_AXIS_MAX_DIGITS digits; _wrap_header: padded with spaces and a
  // final newline so that the data starts at a multiple of ARRAY_ALIGN.
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape_text(shape) + ", }";
  if (!shape.empty()) {
    const size_t digits = std::to_string(shape[0]).size();
    if (digits < kGrowthAxisMaxDigits) header.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  const size_t with_newline = header.size() + 1;
  unsigned major = 1;
  size_t length_bytes = 2;
  size_t pad = kAlign - (kMagicBytes + 2 + length_bytes + with_newline) % kAlign;
  if (with_newline + pad > 0xFFFF) {
    major = 2;  // format.py's _write_array_header falls back to 2.0 for long headers
    length_bytes = 4;
    pad = kAlign - (kMagicBytes + 2 + length_bytes + with_newline) % kAlign;
  }
  header.append(pad, ' ');
  header.push_back('\n');

  std::vector<uint8_t> bytes(kMagic, kMagic + kMagicBytes);
  bytes.push_back(uint8_t(major));
  bytes.push_back(0);
  for (size_t i = 0; i < length_bytes; ++i) bytes.push_back(uint8_t(header.size() >> (8 * i)));
  bytes.insert(bytes.end(), header.begin(), header.end());
  for (const float v : values) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(bits >> (8 * b)));
  }
  return bytes;
}

}  // namespace acosim::npy

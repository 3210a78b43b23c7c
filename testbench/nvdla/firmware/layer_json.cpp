#include "testbench/nvdla/firmware/layer_json.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>
#include <sstream>
#include <utility>

#include "sw/common/hex.h"
#include "testbench/nvdla/trace/crc32.h"
#include "testbench/nvdla/trace/trace_text.h"

namespace acosim::nvdla::firmware {
namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// An enumeration of dla_interface.h: macro names by value, plus the short
// lower-case names users may write ("mc", "max", "int8").
struct EnumName {
  const char* macro;
  const char* short_name;
};
using EnumTable = std::vector<EnumName>;

const EnumTable kMemoryTypes = {{"DLA_MEM_MC", "mc"}, {"DLA_MEM_CV", "cv"}, {"DLA_MEM_HW", "hw"}};
const EnumTable kPrecisions = {{"PRECISION_INT8", "int8"}, {"PRECISION_INT16", "int16"}, {"PRECISION_FP16", "fp16"}};
const EnumTable kPoolModes = {{"POOL_MODE_AVG", "avg"}, {"POOL_MODE_MAX", "max"}, {"POOL_MODE_MIN", "min"}};
const EnumTable kPoolSizes = {{"POOL_SIZE_1", nullptr}, {"POOL_SIZE_2", nullptr}, {"POOL_SIZE_3", nullptr},
                              {"POOL_SIZE_4", nullptr}, {"POOL_SIZE_5", nullptr}, {"POOL_SIZE_6", nullptr},
                              {"POOL_SIZE_7", nullptr}, {"POOL_SIZE_8", nullptr}};
const EnumTable kSdpOpTypes = {
    {"SDP_OP_NONE", nullptr}, {"SDP_OP_MUL", nullptr}, {"SDP_OP_ADD", nullptr}, {"SDP_OP_BOTH", nullptr}};
const EnumTable kSdpAluOps = {
    {"SDP_ALU_OP_MAX", nullptr}, {"SDP_ALU_OP_MIN", nullptr}, {"SDP_ALU_OP_SUM", nullptr}, {"SDP_ALU_OP_EQL", nullptr}};
const EnumTable kSdpOpModes = {
    {"SDP_OP_PER_LAYER", nullptr}, {"SDP_OP_PER_KERNEL", nullptr}, {"SDP_OP_PER_POINT", nullptr}};
const EnumTable kActivations = {{"ACTIVATION_NONE", nullptr},
                                {"ACTIVATION_RELU", nullptr},
                                {"ACTIVATION_LUT", nullptr},
                                {"ACTIVATION_PRELU", nullptr}};
const EnumTable kConvModes = {{"CONV_MODE_DIRECT", nullptr}, {"CONV_MODE_WINOGRAD", nullptr}};
const EnumTable kRubikModes = {
    {"RUBIK_MODE_CONTRACT", "contract"}, {"RUBIK_MODE_SPLIT", "split"}, {"RUBIK_MODE_MERGE", "merge"}};
const EnumTable kLutMethods = {{"LUT_METHOD_EXPONENTIAL", "exponential"}, {"LUT_METHOD_LINEAR", "linear"}};
const EnumTable kLutPriorities = {{"LUT_PRI_LINEAR_EXP", "linear_exp"}, {"LUT_PRI_LINEAR_ONLY", "linear_only"}};

std::string describe(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "the string \"" + value.get<std::string>() + "\"";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: return value.dump();
  }
}

std::string join_names(const EnumTable& table) {
  std::string out;
  for (size_t i = 0; i < table.size(); ++i) {
    if (i) out += ", ";
    out += table[i].macro;
  }
  return out;
}

// Reads one JSON document, every error naming the file and the key.
class Reader {
 public:
  explicit Reader(std::string path) : m_path(std::move(path)) {}

  [[noreturn]] void fail(const std::string& key, const std::string& cause) const {
    throw LayerJsonError(m_path + ": " + (key.empty() ? std::string("top level") : key) + ": " + cause);
  }

  json parse(const std::string& text) const {
    try {
      return json::parse(text);
    } catch (const json::exception& e) {
      // nlohmann's message names the byte position: "parse error at line 3, column 5: ...".
      std::string message = e.what();
      const auto colon = message.find("] ");
      if (colon != std::string::npos) message = message.substr(colon + 2);
      throw LayerJsonError(m_path + ": not valid JSON: " + message);
    }
  }

  static std::string child(const std::string& key, const std::string& name) {
    return key.empty() ? name : key + "." + name;
  }
  static std::string item(const std::string& key, size_t index) { return key + "[" + std::to_string(index) + "]"; }

  void expect_object(const json& value, const std::string& key) const {
    if (!value.is_object()) fail(key, "must be an object, not " + describe(value));
  }

  // Every key of `object` must be one of `known`.
  void only_keys(const json& object, const std::string& key, std::initializer_list<const char*> known) const {
    for (auto it = object.begin(); it != object.end(); ++it) {
      bool found = false;
      for (const char* k : known) found = found || it.key() == k;
      if (!found) {
        std::string list;
        for (const char* k : known) list += std::string(list.empty() ? "" : ", ") + k;
        fail(child(key, it.key()), "unknown key (known here: " + list + ")");
      }
    }
  }

  const json* find(const json& object, const char* name) const {
    const auto it = object.find(name);
    return it == object.end() ? nullptr : &*it;
  }

  const json& member(const json& object, const std::string& key, const char* name) const {
    const json* v = find(object, name);
    if (!v) fail(child(key, name), "missing");
    return *v;
  }

  // An integer in [low, high]: a JSON integer or a string in C notation.
  int64_t integer(const json& value, const std::string& key, int64_t low, int64_t high) const {
    int64_t n = 0;
    if (value.is_number_integer()) {
      if (value.is_number_unsigned() && value.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max())) {
        fail(key, value.dump() + " is out of range [" + std::to_string(low) + ", " + std::to_string(high) + "]");
      }
      n = value.get<int64_t>();
    } else if (value.is_string()) {
      const std::string s = value.get<std::string>();
      const char* begin = s.c_str();
      char* end = nullptr;
      errno = 0;
      const bool negative = !s.empty() && s[0] == '-';
      if (negative) {
        n = std::strtoll(begin, &end, 0);
      } else {
        const unsigned long long u = std::strtoull(begin, &end, 0);
        if (u > uint64_t(std::numeric_limits<int64_t>::max())) errno = ERANGE;
        n = int64_t(u);
      }
      if (s.empty() || end == begin || *end != '\0' || std::isspace(static_cast<unsigned char>(s[0]))) {
        fail(key, "\"" + s + "\" is not a number (write 42, \"42\" or \"0x2a\")");
      }
      if (errno == ERANGE) fail(key, "\"" + s + "\" is out of range");
    } else {
      fail(key, "must be an integer, not " + describe(value));
    }
    if (n < low || n > high) {
      fail(key, std::to_string(n) + " is out of range [" + std::to_string(low) + ", " + std::to_string(high) + "]");
    }
    return n;
  }

  template <typename T>
  void field(const json& object, const std::string& key, const char* name, T& out) const {
    if (const json* v = find(object, name)) {
      out = static_cast<T>(integer(*v, child(key, name), int64_t(std::numeric_limits<T>::min()),
                                   int64_t(std::numeric_limits<T>::max())));
    }
  }

  uint64_t address(const json& value, const std::string& key) const {
    // Physical addresses of NVDLA's 64-bit address space (high and low words).
    return uint64_t(integer(value, key, 0, std::numeric_limits<int64_t>::max()));
  }

  // An enumeration: macro name, short name or numeric value.
  uint8_t enumeration(const json& value, const std::string& key, const EnumTable& table) const {
    if (value.is_string()) {
      const std::string s = value.get<std::string>();
      for (size_t i = 0; i < table.size(); ++i) {
        if (s == table[i].macro || (table[i].short_name && s == table[i].short_name)) return uint8_t(i);
      }
      const bool numeric = !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) != 0);
      if (!numeric) fail(key, "\"" + s + "\" is not one of " + join_names(table));
    }
    return uint8_t(integer(value, key, 0, int64_t(table.size()) - 1));
  }

  template <typename T>
  void enum_field(const json& object, const std::string& key, const char* name, const EnumTable& table, T& out) const {
    if (const json* v = find(object, name)) out = static_cast<T>(enumeration(*v, child(key, name), table));
  }

  bool boolean(const json& value, const std::string& key) const {
    if (!value.is_boolean()) fail(key, "must be true or false, not " + describe(value));
    return value.get<bool>();
  }

  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
};

// ---- descriptors ----

DataCube read_cube(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key,
              {"type", "address", "size", "width", "height", "channel", "line_stride", "surf_stride", "plane_stride"});
  DataCube c;
  c.type = static_cast<MemoryType>(r.enumeration(r.member(j, key, "type"), Reader::child(key, "type"), kMemoryTypes));
  if (const json* a = r.find(j, "address")) {
    c.address = r.address(*a, Reader::child(key, "address"));
  } else if (c.type != MemoryType::Hw) {
    r.fail(Reader::child(key, "address"), "missing (a cube in memory needs its physical address)");
  }
  r.field(j, key, "size", c.size);
  const auto dimension = [&](const char* name) {
    return uint16_t(r.integer(r.member(j, key, name), Reader::child(key, name), 1, 8192));
  };
  c.width = dimension("width");
  c.height = dimension("height");
  c.channel = dimension("channel");
  r.field(j, key, "line_stride", c.line_stride);
  r.field(j, key, "surf_stride", c.surf_stride);
  r.field(j, key, "plane_stride", c.plane_stride);
  return c;
}

PdpOpDesc read_pdp_op(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key,
              {"partial_in_width_first", "partial_in_width_mid", "partial_in_width_last", "partial_width_first",
               "partial_width_mid", "partial_width_last", "split_num", "pool_mode", "pool_width", "pool_height",
               "stride_x", "stride_y", "pad_left", "pad_right", "pad_top", "pad_bottom", "precision", "padding_value"});
  PdpOpDesc p;
  r.field(j, key, "partial_in_width_first", p.partial_in_width_first);
  r.field(j, key, "partial_in_width_mid", p.partial_in_width_mid);
  r.field(j, key, "partial_in_width_last", p.partial_in_width_last);
  r.field(j, key, "partial_width_first", p.partial_width_first);
  r.field(j, key, "partial_width_mid", p.partial_width_mid);
  r.field(j, key, "partial_width_last", p.partial_width_last);
  r.field(j, key, "split_num", p.split_num);
  r.enum_field(j, key, "pool_mode", kPoolModes, p.pool_mode);
  r.enum_field(j, key, "pool_width", kPoolSizes, p.pool_width);
  r.enum_field(j, key, "pool_height", kPoolSizes, p.pool_height);
  r.field(j, key, "stride_x", p.stride_x);
  r.field(j, key, "stride_y", p.stride_y);
  r.field(j, key, "pad_left", p.pad_left);
  r.field(j, key, "pad_right", p.pad_right);
  r.field(j, key, "pad_top", p.pad_top);
  r.field(j, key, "pad_bottom", p.pad_bottom);
  r.enum_field(j, key, "precision", kPrecisions, p.precision);
  if (const json* v = r.find(j, "padding_value")) {
    const std::string k = Reader::child(key, "padding_value");
    if (!v->is_array() || v->size() != p.padding_value.size()) {
      r.fail(k, "must be an array of " + std::to_string(p.padding_value.size()) + " integers (PDP_PAD_VAL_NUM), not " +
                    describe(*v) + (v->is_array() ? " of " + std::to_string(v->size()) : std::string()));
    }
    for (size_t i = 0; i < p.padding_value.size(); ++i) {
      p.padding_value[i] = int32_t(r.integer((*v)[i], Reader::item(k, i), std::numeric_limits<int32_t>::min(),
                                             std::numeric_limits<int32_t>::max()));
    }
  }
  return p;
}

CvtParam read_cvt(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key, {"scale", "truncate", "enable", "offset"});
  CvtParam c;
  r.field(j, key, "scale", c.scale);
  r.field(j, key, "truncate", c.truncate);
  r.field(j, key, "enable", c.enable);
  r.field(j, key, "offset", c.offset);
  return c;
}

SdpOp read_sdp_stage(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key,
              {"enable", "alu_type", "type", "mode", "act", "shift_value", "truncate", "precision", "alu_operand",
               "mul_operand", "cvt"});
  SdpOp s;
  r.field(j, key, "enable", s.enable);
  r.enum_field(j, key, "alu_type", kSdpAluOps, s.alu_type);
  r.enum_field(j, key, "type", kSdpOpTypes, s.type);
  r.enum_field(j, key, "mode", kSdpOpModes, s.mode);
  r.enum_field(j, key, "act", kActivations, s.act);
  r.field(j, key, "shift_value", s.shift_value);
  r.field(j, key, "truncate", s.truncate);
  r.enum_field(j, key, "precision", kPrecisions, s.precision);
  r.field(j, key, "alu_operand", s.alu_operand);
  r.field(j, key, "mul_operand", s.mul_operand);
  if (const json* c = r.find(j, "cvt")) {
    const std::string k = Reader::child(key, "cvt");
    r.expect_object(*c, k);
    r.only_keys(*c, k, {"alu_cvt", "mul_cvt"});
    if (const json* a = r.find(*c, "alu_cvt")) s.cvt.alu_cvt = read_cvt(r, *a, Reader::child(k, "alu_cvt"));
    if (const json* m = r.find(*c, "mul_cvt")) s.cvt.mul_cvt = read_cvt(r, *m, Reader::child(k, "mul_cvt"));
  }
  return s;
}

// A table of dla_lut_param: exactly `out.size()` int16 entries.
template <size_t N>
void read_lut_table(const Reader& r, const json& j, const std::string& key, const char* name,
                    std::array<int16_t, N>& out) {
  const std::string k = Reader::child(key, name);
  const json& v = r.member(j, key, name);
  if (!v.is_array() || v.size() != N) {
    r.fail(k, "must be an array of " + std::to_string(N) + " integers, not " + describe(v) +
                  (v.is_array() ? " of " + std::to_string(v.size()) : std::string()));
  }
  for (size_t i = 0; i < N; ++i) {
    out[i] = int16_t(r.integer(v[i], Reader::item(k, i), std::numeric_limits<int16_t>::min(),
                               std::numeric_limits<int16_t>::max()));
  }
}

LutSlope read_lut_slope(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key, {"scale", "shifter"});
  LutSlope s;
  r.field(j, key, "scale", s.scale);
  r.field(j, key, "shifter", s.shifter);
  return s;
}

// dla_lut_param; the tables are required, the rest defaults to 0.
LutParam read_lut(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key,
              {"linear_exp_table", "linear_only_table", "linear_exp_offset", "linear_only_offset",
               "linear_exp_start", "linear_exp_end", "linear_only_start", "linear_only_end",
               "linear_exp_underflow_slope", "linear_exp_overflow_slope", "linear_only_underflow_slope",
               "linear_only_overflow_slope", "hybrid_priority", "underflow_priority", "overflow_priority",
               "method"});
  LutParam l;
  read_lut_table(r, j, key, "linear_exp_table", l.linear_exp_table);
  read_lut_table(r, j, key, "linear_only_table", l.linear_only_table);
  r.field(j, key, "linear_exp_offset", l.linear_exp_offset);
  r.field(j, key, "linear_only_offset", l.linear_only_offset);
  const auto wide = [&](const char* name, uint64_t& out) {
    if (const json* v = r.find(j, name)) {
      out = uint64_t(r.integer(*v, Reader::child(key, name), 0, std::numeric_limits<int64_t>::max()));
    }
  };
  wide("linear_exp_start", l.linear_exp_start);
  wide("linear_exp_end", l.linear_exp_end);
  wide("linear_only_start", l.linear_only_start);
  wide("linear_only_end", l.linear_only_end);
  const auto slope = [&](const char* name, LutSlope& out) {
    if (const json* v = r.find(j, name)) out = read_lut_slope(r, *v, Reader::child(key, name));
  };
  slope("linear_exp_underflow_slope", l.linear_exp_underflow_slope);
  slope("linear_exp_overflow_slope", l.linear_exp_overflow_slope);
  slope("linear_only_underflow_slope", l.linear_only_underflow_slope);
  slope("linear_only_overflow_slope", l.linear_only_overflow_slope);
  r.enum_field(j, key, "hybrid_priority", kLutPriorities, l.hybrid_priority);
  r.enum_field(j, key, "underflow_priority", kLutPriorities, l.underflow_priority);
  r.enum_field(j, key, "overflow_priority", kLutPriorities, l.overflow_priority);
  r.enum_field(j, key, "method", kLutMethods, l.method);
  return l;
}

// The layer holds its LUT; the task builder places it in the network's LUT
// list and writes lut_index (dla_sdp_op_desc and dla_cdp_op_desc alike).
std::optional<LutParam> read_lut_of(const Reader& r, const json& j, const std::string& key) {
  if (const json* l = r.find(j, "lut_index")) {
    if (r.integer(*l, Reader::child(key, "lut_index"), -32768, 32767) != -1) {
      r.fail(Reader::child(key, "lut_index"),
             "must be -1: the task builder assigns LUT indices; give the layer's table as \"lut\"");
    }
    if (r.find(j, "lut")) r.fail(Reader::child(key, "lut_index"), "is -1 but the layer has a \"lut\"");
  }
  if (const json* l = r.find(j, "lut")) return read_lut(r, *l, Reader::child(key, "lut"));
  return std::nullopt;
}

CdpOpDesc read_cdp_op(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key,
              {"in_precision", "out_precision", "lut_index", "lut", "in_cvt", "out_cvt", "local_size", "bypass_sqsum",
               "bypass_out_mul"});
  CdpOpDesc d;
  r.enum_field(j, key, "in_precision", kPrecisions, d.in_precision);
  r.enum_field(j, key, "out_precision", kPrecisions, d.out_precision);
  d.lut = read_lut_of(r, j, key);
  if (const json* c = r.find(j, "in_cvt")) d.in_cvt = read_cvt(r, *c, Reader::child(key, "in_cvt"));
  if (const json* c = r.find(j, "out_cvt")) d.out_cvt = read_cvt(r, *c, Reader::child(key, "out_cvt"));
  r.field(j, key, "local_size", d.local_size);
  r.field(j, key, "bypass_sqsum", d.bypass_sqsum);
  r.field(j, key, "bypass_out_mul", d.bypass_out_mul);
  return d;
}

SdpOpDesc read_sdp_op(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key,
              {"src_precision", "dst_precision", "lut_index", "lut", "out_cvt", "conv_mode", "batch_num",
               "batch_stride", "x1_op", "x2_op", "y_op"});
  SdpOpDesc d;
  r.enum_field(j, key, "src_precision", kPrecisions, d.src_precision);
  r.enum_field(j, key, "dst_precision", kPrecisions, d.dst_precision);
  d.lut = read_lut_of(r, j, key);
  if (const json* c = r.find(j, "out_cvt")) d.out_cvt = read_cvt(r, *c, Reader::child(key, "out_cvt"));
  r.enum_field(j, key, "conv_mode", kConvModes, d.conv_mode);
  r.field(j, key, "batch_num", d.batch_num);
  r.field(j, key, "batch_stride", d.batch_stride);
  if (const json* s = r.find(j, "x1_op")) d.x1_op = read_sdp_stage(r, *s, Reader::child(key, "x1_op"));
  if (const json* s = r.find(j, "x2_op")) d.x2_op = read_sdp_stage(r, *s, Reader::child(key, "x2_op"));
  if (const json* s = r.find(j, "y_op")) d.y_op = read_sdp_stage(r, *s, Reader::child(key, "y_op"));
  return d;
}

// The integer fields of dla_conv_op_desc a ConvOpDesc holds, in the
// header's order (conv_mode, the precisions and the converters apart).
#define ACOSIM_CONV_OP_INTEGER_FIELDS(X) \
  X(data_reuse) \
  X(weight_reuse) \
  X(skip_data_rls) \
  X(skip_weight_rls) \
  X(entry_per_slice) \
  X(data_format) \
  X(pixel_mapping) \
  X(fetch_grain) \
  X(batch) \
  X(weight_format) \
  X(data_bank) \
  X(weight_bank) \
  X(batch_stride) \
  X(post_extension) \
  X(pixel_override) \
  X(release) \
  X(input_width_csc) \
  X(input_height_csc) \
  X(input_channel_csc) \
  X(kernel_width_csc) \
  X(kernel_height_csc) \
  X(kernel_channel_csc) \
  X(input_width_cmac) \
  X(input_height_cmac) \
  X(bytes_per_kernel) \
  X(mean_ry) \
  X(mean_gu) \
  X(mean_bv) \
  X(mean_ax) \
  X(mean_format) \
  X(conv_stride_x) \
  X(conv_stride_y) \
  X(pad_x_left) \
  X(pad_x_right) \
  X(pad_y_top) \
  X(pad_y_bottom) \
  X(dilation_x) \
  X(dilation_y) \
  X(pra_truncate) \
  X(pad_val)

ConvOpDesc read_conv_op(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
#define ACOSIM_CONV_NAME(f) #f,
  r.only_keys(j, key,
              {"conv_mode", "in_precision", "out_precision", "in_cvt", "out_cvt",
               ACOSIM_CONV_OP_INTEGER_FIELDS(ACOSIM_CONV_NAME)});
#undef ACOSIM_CONV_NAME
  ConvOpDesc d;
  r.enum_field(j, key, "conv_mode", kConvModes, d.conv_mode);
  r.enum_field(j, key, "in_precision", kPrecisions, d.in_precision);
  r.enum_field(j, key, "out_precision", kPrecisions, d.out_precision);
  if (const json* c = r.find(j, "in_cvt")) d.in_cvt = read_cvt(r, *c, Reader::child(key, "in_cvt"));
  if (const json* c = r.find(j, "out_cvt")) d.out_cvt = read_cvt(r, *c, Reader::child(key, "out_cvt"));
#define ACOSIM_CONV_READ(f) r.field(j, key, #f, d.f);
  ACOSIM_CONV_OP_INTEGER_FIELDS(ACOSIM_CONV_READ)
#undef ACOSIM_CONV_READ
  return d;
}

BdmaCopy read_bdma(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key, {"source_type", "destination_type", "num_transfers", "transfers"});
  BdmaCopy b;
  b.source_type = static_cast<MemoryType>(
      r.enumeration(r.member(j, key, "source_type"), Reader::child(key, "source_type"), kMemoryTypes));
  b.destination_type = static_cast<MemoryType>(
      r.enumeration(r.member(j, key, "destination_type"), Reader::child(key, "destination_type"), kMemoryTypes));
  const std::string tk = Reader::child(key, "transfers");
  const json& list = r.member(j, key, "transfers");
  if (!list.is_array() || list.empty()) r.fail(tk, "must be a non-empty array of transfers, not " + describe(list));
  if (const json* n = r.find(j, "num_transfers")) {
    if (uint64_t(r.integer(*n, Reader::child(key, "num_transfers"), 0, 65535)) != list.size()) {
      r.fail(Reader::child(key, "num_transfers"),
             "says " + n->dump() + " but \"transfers\" holds " + std::to_string(list.size()));
    }
  }
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string k = Reader::item(tk, i);
    const json& t = list[i];
    r.expect_object(t, k);
    r.only_keys(t, k,
                {"source_address", "destination_address", "line_size", "line_repeat", "source_line", "destination_line",
                 "surface_repeat", "source_surface", "destination_surface"});
    BdmaTransfer x;
    x.source_address = r.address(r.member(t, k, "source_address"), Reader::child(k, "source_address"));
    x.destination_address = r.address(r.member(t, k, "destination_address"), Reader::child(k, "destination_address"));
    x.line_size = uint32_t(r.integer(r.member(t, k, "line_size"), Reader::child(k, "line_size"), 1, 0xFFFFFFFF));
    r.field(t, k, "line_repeat", x.line_repeat);
    r.field(t, k, "source_line", x.source_line);
    r.field(t, k, "destination_line", x.destination_line);
    r.field(t, k, "surface_repeat", x.surface_repeat);
    r.field(t, k, "source_surface", x.source_surface);
    r.field(t, k, "destination_surface", x.destination_surface);
    b.transfers.push_back(x);
  }
  return b;
}

// A "<unit>_surface" object holding exactly src_data and dst_data (PDP,
// CDP and Rubik layers).
void read_src_dst(const Reader& r, const json& j, const std::string& key, const char* surface, DataCube& src,
                  DataCube& dst) {
  const std::string sk = Reader::child(key, surface);
  const json& s = r.member(j, key, surface);
  r.expect_object(s, sk);
  r.only_keys(s, sk, {"src_data", "dst_data"});
  src = read_cube(r, r.member(s, sk, "src_data"), Reader::child(sk, "src_data"));
  dst = read_cube(r, r.member(s, sk, "dst_data"), Reader::child(sk, "dst_data"));
}

// The operand cubes of an "sdp_surface" (x1_data, x2_data, y_data, each
// needed only by a stage that reads memory) into `to`.
void read_sdp_operands(const Reader& r, const json& s, const std::string& sk, SdpSurfaceDesc& to) {
  if (const json* c = r.find(s, "x1_data")) to.x1_data = read_cube(r, *c, Reader::child(sk, "x1_data"));
  if (const json* c = r.find(s, "x2_data")) to.x2_data = read_cube(r, *c, Reader::child(sk, "x2_data"));
  if (const json* c = r.find(s, "y_data")) to.y_data = read_cube(r, *c, Reader::child(sk, "y_data"));
}

RubikOpDesc read_rubik_op(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key, {"mode", "precision", "stride_x", "stride_y"});
  RubikOpDesc d;
  r.enum_field(j, key, "mode", kRubikModes, d.mode);
  r.enum_field(j, key, "precision", kPrecisions, d.precision);
  r.field(j, key, "stride_x", d.stride_x);
  r.field(j, key, "stride_y", d.stride_y);
  return d;
}

Operation read_layer(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  const json& op = r.member(j, key, "op");
  const std::string ok = Reader::child(key, "op");
  if (!op.is_string()) {
    r.fail(ok,
           "must be \"bdma\", \"pdp\", \"sdp\", \"sdp_pdp\", \"cdp\", \"conv\" or \"rubik\", not " + describe(op));
  }
  const std::string kind = op.get<std::string>();
  Operation o;
  if (const json* a = r.find(j, "after_previous"))
    o.after_previous = r.boolean(*a, Reader::child(key, "after_previous"));
  if (kind == "bdma") {
    r.only_keys(j, key, {"op", "after_previous", "bdma_surface"});
    o.layer = read_bdma(r, r.member(j, key, "bdma_surface"), Reader::child(key, "bdma_surface"));
  } else if (kind == "pdp") {
    r.only_keys(j, key, {"op", "after_previous", "pdp_op", "pdp_surface"});
    PdpLayer p;
    p.op = read_pdp_op(r, r.member(j, key, "pdp_op"), Reader::child(key, "pdp_op"));
    read_src_dst(r, j, key, "pdp_surface", p.src_data, p.dst_data);
    o.layer = p;
  } else if (kind == "sdp_pdp") {
    r.only_keys(j, key, {"op", "after_previous", "sdp_op", "sdp_surface", "pdp_op", "pdp_surface"});
    SdpPdpLayer f;
    f.sdp_op = read_sdp_op(r, r.member(j, key, "sdp_op"), Reader::child(key, "sdp_op"));
    const std::string sk = Reader::child(key, "sdp_surface");
    const json& s = r.member(j, key, "sdp_surface");
    r.expect_object(s, sk);
    r.only_keys(s, sk, {"src_data", "x1_data", "x2_data", "y_data"});
    f.sdp_surface.src_data = read_cube(r, r.member(s, sk, "src_data"), Reader::child(sk, "src_data"));
    read_sdp_operands(r, s, sk, f.sdp_surface);
    f.pdp_op = read_pdp_op(r, r.member(j, key, "pdp_op"), Reader::child(key, "pdp_op"));
    const std::string pk = Reader::child(key, "pdp_surface");
    const json& ps = r.member(j, key, "pdp_surface");
    r.expect_object(ps, pk);
    r.only_keys(ps, pk, {"dst_data"});
    f.pdp_dst_data = read_cube(r, r.member(ps, pk, "dst_data"), Reader::child(pk, "dst_data"));
    o.layer = f;
  } else if (kind == "sdp") {
    r.only_keys(j, key, {"op", "after_previous", "sdp_op", "sdp_surface"});
    SdpLayer l;
    l.op = read_sdp_op(r, r.member(j, key, "sdp_op"), Reader::child(key, "sdp_op"));
    const std::string sk = Reader::child(key, "sdp_surface");
    const json& s = r.member(j, key, "sdp_surface");
    r.expect_object(s, sk);
    r.only_keys(s, sk, {"src_data", "x1_data", "x2_data", "y_data", "dst_data"});
    l.surface.src_data = read_cube(r, r.member(s, sk, "src_data"), Reader::child(sk, "src_data"));
    read_sdp_operands(r, s, sk, l.surface);
    l.dst_data = read_cube(r, r.member(s, sk, "dst_data"), Reader::child(sk, "dst_data"));
    o.layer = l;
  } else if (kind == "cdp") {
    r.only_keys(j, key, {"op", "after_previous", "cdp_op", "cdp_surface"});
    CdpLayer c;
    c.op = read_cdp_op(r, r.member(j, key, "cdp_op"), Reader::child(key, "cdp_op"));
    read_src_dst(r, j, key, "cdp_surface", c.src_data, c.dst_data);
    o.layer = c;
  } else if (kind == "conv") {
    r.only_keys(j, key, {"op", "after_previous", "conv_op", "conv_surface", "sdp_op", "sdp_surface"});
    ConvLayer l;
    l.conv_op = read_conv_op(r, r.member(j, key, "conv_op"), Reader::child(key, "conv_op"));
    const std::string ck = Reader::child(key, "conv_surface");
    const json& cs = r.member(j, key, "conv_surface");
    r.expect_object(cs, ck);
    r.only_keys(cs, ck, {"weight_data", "wmb_data", "wgs_data", "src_data", "dst_data", "offset_u", "in_line_uv_stride"});
    l.conv_surface.weight_data = read_cube(r, r.member(cs, ck, "weight_data"), Reader::child(ck, "weight_data"));
    if (const json* c = r.find(cs, "wmb_data")) l.conv_surface.wmb_data = read_cube(r, *c, Reader::child(ck, "wmb_data"));
    if (const json* c = r.find(cs, "wgs_data")) l.conv_surface.wgs_data = read_cube(r, *c, Reader::child(ck, "wgs_data"));
    l.conv_surface.src_data = read_cube(r, r.member(cs, ck, "src_data"), Reader::child(ck, "src_data"));
    l.conv_surface.dst_data = read_cube(r, r.member(cs, ck, "dst_data"), Reader::child(ck, "dst_data"));
    r.field(cs, ck, "offset_u", l.conv_surface.offset_u);
    r.field(cs, ck, "in_line_uv_stride", l.conv_surface.in_line_uv_stride);
    l.sdp_op = read_sdp_op(r, r.member(j, key, "sdp_op"), Reader::child(key, "sdp_op"));
    const std::string sk = Reader::child(key, "sdp_surface");
    const json& s = r.member(j, key, "sdp_surface");
    r.expect_object(s, sk);
    r.only_keys(s, sk, {"src_data", "x1_data", "x2_data", "y_data", "dst_data"});
    l.sdp_surface.src_data = read_cube(r, r.member(s, sk, "src_data"), Reader::child(sk, "src_data"));
    read_sdp_operands(r, s, sk, l.sdp_surface);
    l.sdp_dst_data = read_cube(r, r.member(s, sk, "dst_data"), Reader::child(sk, "dst_data"));
    o.layer = l;
  } else if (kind == "rubik") {
    r.only_keys(j, key, {"op", "after_previous", "rubik_op", "rubik_surface"});
    RubikLayer l;
    l.op = read_rubik_op(r, r.member(j, key, "rubik_op"), Reader::child(key, "rubik_op"));
    read_src_dst(r, j, key, "rubik_surface", l.src_data, l.dst_data);
    o.layer = l;
  } else {
    r.fail(ok, "\"" + kind + "\" is not a layer kind (known: bdma, pdp, sdp, sdp_pdp, cdp, conv, rubik)");
  }
  return o;
}

// ---- data files ----

std::string data_path(const Reader& r, const std::string& file) {
  const fs::path p(file);
  if (p.is_absolute()) return file;
  return (fs::path(r.path()).parent_path() / p).string();
}

std::vector<uint8_t> read_raw_file(const Reader& r, const std::string& key, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) r.fail(key, "cannot open '" + path + "': " + std::strerror(errno));
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<uint8_t> inline_bytes(const Reader& r, const json& j, const std::string& key) {
  if (!j.is_array() || j.empty()) r.fail(key, "must be a non-empty array of byte values, not " + describe(j));
  std::vector<uint8_t> out;
  out.reserve(j.size());
  for (size_t i = 0; i < j.size(); ++i) out.push_back(uint8_t(r.integer(j[i], Reader::item(key, i), 0, 255)));
  return out;
}

// The bytes of a data file in one of the formats; `size` for dumps.
std::vector<uint8_t> read_bytes(const Reader& r, const std::string& key, const std::string& file,
                                const std::string& format, const json* size) {
  const std::string path = data_path(r, file);
  if (format == "raw") return read_raw_file(r, Reader::child(key, "file"), path);
  if (format == "dump") {
    if (!size) r.fail(Reader::child(key, "size"), "missing (a \"dump\" file is read for \"size\" bytes)");
    const auto n = uint64_t(r.integer(*size, Reader::child(key, "size"), 1, int64_t(1) << 32));
    try {
      return trace::read_memory_dump(path, n);
    } catch (const std::exception& e) {
      r.fail(Reader::child(key, "file"), e.what());
    }
  }
  r.fail(Reader::child(key, "format"), "\"" + format + "\" is not a format here (known: raw, dump)");
}

std::string format_of(const Reader& r, const json& j, const std::string& key, const char* fallback) {
  const json* f = r.find(j, "format");
  if (!f) return fallback;
  if (!f->is_string()) r.fail(Reader::child(key, "format"), "must be a string, not " + describe(*f));
  return f->get<std::string>();
}

MemoryType memory_of(const Reader& r, const json& j, const std::string& key) {
  const auto type =
      static_cast<MemoryType>(r.enumeration(r.member(j, key, "type"), Reader::child(key, "type"), kMemoryTypes));
  if (type == MemoryType::Hw) r.fail(Reader::child(key, "type"), "DLA_MEM_HW is no memory");
  return type;
}

std::string file_of(const Reader& r, const json& j, const std::string& key) {
  const json& f = r.member(j, key, "file");
  if (!f.is_string() || f.get<std::string>().empty()) {
    r.fail(Reader::child(key, "file"), "must be a file name, not " + describe(f));
  }
  return f.get<std::string>();
}

MemoryLoad read_input(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key, {"type", "address", "file", "format", "size", "bytes", "fill"});
  MemoryLoad m;
  m.type = memory_of(r, j, key);
  m.address = r.address(r.member(j, key, "address"), Reader::child(key, "address"));
  const json* bytes = r.find(j, "bytes");
  const json* fill = r.find(j, "fill");
  if (int(bytes != nullptr) + int(fill != nullptr) + int(r.find(j, "file") != nullptr) != 1) {
    r.fail(key, "needs exactly one of \"file\", \"bytes\" and \"fill\"");
  }
  if (fill) {
    if (r.find(j, "format")) r.fail(Reader::child(key, "format"), "a \"fill\" reads no file");
    const auto value = uint8_t(r.integer(*fill, Reader::child(key, "fill"), 0, 255));
    const auto n = uint64_t(r.integer(r.member(j, key, "size"), Reader::child(key, "size"), 1, int64_t(1) << 32));
    m.fill = true;
    m.chunks.push_back({0, std::vector<uint8_t>(n, value)});
    return m;
  }
  if (bytes) {
    if (r.find(j, "format") || r.find(j, "size")) r.fail(key, "inline \"bytes\" take no \"format\" or \"size\"");
    m.chunks.push_back({0, inline_bytes(r, *bytes, Reader::child(key, "bytes"))});
    return m;
  }
  m.file = file_of(r, j, key);
  m.format = format_of(r, j, key, "raw");
  if (m.format == "surface") {
    if (r.find(j, "size")) r.fail(Reader::child(key, "size"), "a \"surface\" file places its own records");
    try {
      trace::SurfaceFile s = trace::read_surface_file(data_path(r, m.file));
      m.chunks = std::move(s.chunks);
    } catch (const std::exception& e) {
      r.fail(Reader::child(key, "file"), e.what());
    }
    return m;
  }
  if (m.format == "raw" && r.find(j, "size")) r.fail(Reader::child(key, "size"), "a \"raw\" input is the whole file");
  if (m.format != "raw" && m.format != "dump") {
    r.fail(Reader::child(key, "format"), "\"" + m.format + "\" is not a format (known: raw, surface, dump)");
  }
  m.chunks.push_back({0, read_bytes(r, key, m.file, m.format, r.find(j, "size"))});
  if (m.chunks.back().bytes.empty()) r.fail(Reader::child(key, "file"), "'" + m.file + "' is empty");
  return m;
}

MemoryCheck read_check(const Reader& r, const json& j, const std::string& key) {
  r.expect_object(j, key);
  r.only_keys(j, key, {"type", "address", "size", "crc32", "file", "format", "bytes"});
  MemoryCheck c;
  c.type = memory_of(r, j, key);
  c.address = r.address(r.member(j, key, "address"), Reader::child(key, "address"));
  const json* crc = r.find(j, "crc32");
  const json* file = r.find(j, "file");
  const json* bytes = r.find(j, "bytes");
  if (int(crc != nullptr) + int(file != nullptr) + int(bytes != nullptr) != 1) {
    r.fail(key, "needs exactly one of \"crc32\", \"file\" and \"bytes\"");
  }
  if (crc) {
    c.crc32 = uint32_t(r.integer(*crc, Reader::child(key, "crc32"), 0, 0xFFFFFFFF));
    c.size = uint64_t(r.integer(r.member(j, key, "size"), Reader::child(key, "size"), 1, int64_t(1) << 32));
    if (r.find(j, "format")) r.fail(Reader::child(key, "format"), "a \"crc32\" check reads no file");
    return c;
  }
  if (bytes) {
    c.expected = inline_bytes(r, *bytes, Reader::child(key, "bytes"));
  } else {
    c.file = file_of(r, j, key);
    c.format = format_of(r, j, key, "raw");
    c.expected = read_bytes(r, key, c.file, c.format, r.find(j, "size"));
  }
  if (const json* s = r.find(j, "size")) {
    const auto n = uint64_t(r.integer(*s, Reader::child(key, "size"), 1, int64_t(1) << 32));
    if (n != c.expected.size()) {
      r.fail(Reader::child(key, "size"),
             std::to_string(n) + " differs from the " + std::to_string(c.expected.size()) + " expected bytes");
    }
  }
  if (c.expected.empty()) r.fail(key, "expects no bytes");
  c.size = c.expected.size();
  return c;
}

// ---- writer ----

ordered_json number(uint64_t value) { return hex(value); }

ordered_json cube_json(const DataCube& c) {
  ordered_json j;
  j["type"] = memory_type_name(c.type);
  if (c.type != MemoryType::Hw) j["address"] = number(c.address);
  j["size"] = c.size;
  j["width"] = c.width;
  j["height"] = c.height;
  j["channel"] = c.channel;
  j["line_stride"] = c.line_stride;
  j["surf_stride"] = c.surf_stride;
  j["plane_stride"] = c.plane_stride;
  return j;
}

ordered_json pdp_op_json(const PdpOpDesc& p) {
  ordered_json j;
  j["partial_in_width_first"] = p.partial_in_width_first;
  j["partial_in_width_mid"] = p.partial_in_width_mid;
  j["partial_in_width_last"] = p.partial_in_width_last;
  j["partial_width_first"] = p.partial_width_first;
  j["partial_width_mid"] = p.partial_width_mid;
  j["partial_width_last"] = p.partial_width_last;
  j["split_num"] = p.split_num;
  auto name = [](const EnumTable& t, uint8_t v) -> ordered_json {
    if (v < t.size()) return t[v].macro;
    return v;
  };
  j["pool_mode"] = name(kPoolModes, p.pool_mode);
  j["pool_width"] = name(kPoolSizes, p.pool_width);
  j["pool_height"] = name(kPoolSizes, p.pool_height);
  j["stride_x"] = p.stride_x;
  j["stride_y"] = p.stride_y;
  j["pad_left"] = p.pad_left;
  j["pad_right"] = p.pad_right;
  j["pad_top"] = p.pad_top;
  j["pad_bottom"] = p.pad_bottom;
  j["precision"] = name(kPrecisions, p.precision);
  j["padding_value"] = p.padding_value;
  return j;
}

ordered_json enum_json(const EnumTable& t, uint8_t v) {
  if (v < t.size()) return t[v].macro;
  return v;
}

ordered_json cvt_json(const CvtParam& c) {
  return ordered_json{{"scale", c.scale}, {"truncate", c.truncate}, {"enable", c.enable}, {"offset", c.offset}};
}

ordered_json sdp_stage_json(const SdpOp& s) {
  ordered_json j;
  j["enable"] = s.enable;
  j["alu_type"] = enum_json(kSdpAluOps, s.alu_type);
  j["type"] = enum_json(kSdpOpTypes, s.type);
  j["mode"] = enum_json(kSdpOpModes, s.mode);
  j["act"] = enum_json(kActivations, s.act);
  j["shift_value"] = s.shift_value;
  j["truncate"] = s.truncate;
  j["precision"] = enum_json(kPrecisions, s.precision);
  j["alu_operand"] = s.alu_operand;
  j["mul_operand"] = s.mul_operand;
  j["cvt"] = ordered_json{{"alu_cvt", cvt_json(s.cvt.alu_cvt)}, {"mul_cvt", cvt_json(s.cvt.mul_cvt)}};
  return j;
}

ordered_json lut_slope_json(const LutSlope& s) { return ordered_json{{"scale", s.scale}, {"shifter", s.shifter}}; }

ordered_json lut_json(const LutParam& l) {
  ordered_json j;
  j["method"] = enum_json(kLutMethods, l.method);
  j["hybrid_priority"] = enum_json(kLutPriorities, l.hybrid_priority);
  j["underflow_priority"] = enum_json(kLutPriorities, l.underflow_priority);
  j["overflow_priority"] = enum_json(kLutPriorities, l.overflow_priority);
  j["linear_exp_offset"] = l.linear_exp_offset;
  j["linear_only_offset"] = l.linear_only_offset;
  j["linear_exp_start"] = number(l.linear_exp_start);
  j["linear_exp_end"] = number(l.linear_exp_end);
  j["linear_only_start"] = number(l.linear_only_start);
  j["linear_only_end"] = number(l.linear_only_end);
  j["linear_exp_underflow_slope"] = lut_slope_json(l.linear_exp_underflow_slope);
  j["linear_exp_overflow_slope"] = lut_slope_json(l.linear_exp_overflow_slope);
  j["linear_only_underflow_slope"] = lut_slope_json(l.linear_only_underflow_slope);
  j["linear_only_overflow_slope"] = lut_slope_json(l.linear_only_overflow_slope);
  j["linear_exp_table"] = l.linear_exp_table;
  j["linear_only_table"] = l.linear_only_table;
  return j;
}

ordered_json sdp_op_json(const SdpOpDesc& d) {
  ordered_json j;
  j["src_precision"] = enum_json(kPrecisions, d.src_precision);
  j["dst_precision"] = enum_json(kPrecisions, d.dst_precision);
  if (d.lut) {
    j["lut"] = lut_json(*d.lut);
  } else {
    j["lut_index"] = -1;
  }
  j["out_cvt"] = cvt_json(d.out_cvt);
  j["conv_mode"] = enum_json(kConvModes, d.conv_mode);
  j["batch_num"] = d.batch_num;
  j["batch_stride"] = d.batch_stride;
  j["x1_op"] = sdp_stage_json(d.x1_op);
  j["x2_op"] = sdp_stage_json(d.x2_op);
  j["y_op"] = sdp_stage_json(d.y_op);
  return j;
}

ordered_json cdp_op_json(const CdpOpDesc& d) {
  ordered_json j;
  j["in_precision"] = enum_json(kPrecisions, d.in_precision);
  j["out_precision"] = enum_json(kPrecisions, d.out_precision);
  if (d.lut) {
    j["lut"] = lut_json(*d.lut);
  } else {
    j["lut_index"] = -1;
  }
  j["in_cvt"] = cvt_json(d.in_cvt);
  j["out_cvt"] = cvt_json(d.out_cvt);
  j["local_size"] = d.local_size;
  j["bypass_sqsum"] = d.bypass_sqsum;
  j["bypass_out_mul"] = d.bypass_out_mul;
  return j;
}

ordered_json conv_op_json(const ConvOpDesc& d) {
  ordered_json j;
  j["conv_mode"] = enum_json(kConvModes, d.conv_mode);
  j["in_precision"] = enum_json(kPrecisions, d.in_precision);
  j["out_precision"] = enum_json(kPrecisions, d.out_precision);
  j["in_cvt"] = cvt_json(d.in_cvt);
  j["out_cvt"] = cvt_json(d.out_cvt);
#define ACOSIM_CONV_WRITE(f) j[#f] = d.f;
  ACOSIM_CONV_OP_INTEGER_FIELDS(ACOSIM_CONV_WRITE)
#undef ACOSIM_CONV_WRITE
  return j;
}

// sdp_surface's src_data and the operand cubes a stage reads; operand cubes
// a stage does not read are left out (no dimensions).
ordered_json sdp_surface_json(const SdpSurfaceDesc& surface) {
  ordered_json s;
  s["src_data"] = cube_json(surface.src_data);
  if (surface.x1_data.width) s["x1_data"] = cube_json(surface.x1_data);
  if (surface.x2_data.width) s["x2_data"] = cube_json(surface.x2_data);
  if (surface.y_data.width) s["y_data"] = cube_json(surface.y_data);
  return s;
}

ordered_json layer_json(const Operation& o) {
  ordered_json j;
  if (const auto* b = std::get_if<BdmaCopy>(&o.layer)) {
    j["op"] = "bdma";
    j["after_previous"] = o.after_previous;
    ordered_json s;
    s["source_type"] = memory_type_name(b->source_type);
    s["destination_type"] = memory_type_name(b->destination_type);
    s["num_transfers"] = b->transfers.size();
    ordered_json list = ordered_json::array();
    for (const BdmaTransfer& t : b->transfers) {
      list.push_back(ordered_json{{"source_address", number(t.source_address)},
                                  {"destination_address", number(t.destination_address)},
                                  {"line_size", t.line_size},
                                  {"line_repeat", t.line_repeat},
                                  {"source_line", t.source_line},
                                  {"destination_line", t.destination_line},
                                  {"surface_repeat", t.surface_repeat},
                                  {"source_surface", t.source_surface},
                                  {"destination_surface", t.destination_surface}});
    }
    s["transfers"] = list;
    j["bdma_surface"] = s;
  } else if (const auto* p = std::get_if<PdpLayer>(&o.layer)) {
    j["op"] = "pdp";
    j["after_previous"] = o.after_previous;
    j["pdp_op"] = pdp_op_json(p->op);
    j["pdp_surface"] = ordered_json{{"src_data", cube_json(p->src_data)}, {"dst_data", cube_json(p->dst_data)}};
  } else if (const auto* f = std::get_if<SdpPdpLayer>(&o.layer)) {
    j["op"] = "sdp_pdp";
    j["after_previous"] = o.after_previous;
    j["sdp_op"] = sdp_op_json(f->sdp_op);
    j["sdp_surface"] = sdp_surface_json(f->sdp_surface);
    j["pdp_op"] = pdp_op_json(f->pdp_op);
    j["pdp_surface"] = ordered_json{{"dst_data", cube_json(f->pdp_dst_data)}};
  } else if (const auto* l = std::get_if<SdpLayer>(&o.layer)) {
    j["op"] = "sdp";
    j["after_previous"] = o.after_previous;
    j["sdp_op"] = sdp_op_json(l->op);
    ordered_json s = sdp_surface_json(l->surface);
    s["dst_data"] = cube_json(l->dst_data);
    j["sdp_surface"] = s;
  } else if (const auto* c = std::get_if<CdpLayer>(&o.layer)) {
    j["op"] = "cdp";
    j["after_previous"] = o.after_previous;
    j["cdp_op"] = cdp_op_json(c->op);
    j["cdp_surface"] = ordered_json{{"src_data", cube_json(c->src_data)}, {"dst_data", cube_json(c->dst_data)}};
  } else if (const auto* v = std::get_if<ConvLayer>(&o.layer)) {
    j["op"] = "conv";
    j["after_previous"] = o.after_previous;
    j["conv_op"] = conv_op_json(v->conv_op);
    ordered_json cs;
    cs["weight_data"] = cube_json(v->conv_surface.weight_data);
    if (v->conv_op.weight_format == kWeightFormatCompressed) {
      cs["wmb_data"] = cube_json(v->conv_surface.wmb_data);
      cs["wgs_data"] = cube_json(v->conv_surface.wgs_data);
    }
    cs["src_data"] = cube_json(v->conv_surface.src_data);
    cs["dst_data"] = cube_json(v->conv_surface.dst_data);
    cs["offset_u"] = v->conv_surface.offset_u;
    cs["in_line_uv_stride"] = v->conv_surface.in_line_uv_stride;
    j["conv_surface"] = cs;
    j["sdp_op"] = sdp_op_json(v->sdp_op);
    ordered_json s = sdp_surface_json(v->sdp_surface);
    s["dst_data"] = cube_json(v->sdp_dst_data);
    j["sdp_surface"] = s;
  } else if (const auto* k = std::get_if<RubikLayer>(&o.layer)) {
    j["op"] = "rubik";
    j["after_previous"] = o.after_previous;
    j["rubik_op"] = ordered_json{{"mode", enum_json(kRubikModes, k->op.mode)},
                                 {"precision", enum_json(kPrecisions, k->op.precision)},
                                 {"stride_x", k->op.stride_x},
                                 {"stride_y", k->op.stride_y}};
    j["rubik_surface"] = ordered_json{{"src_data", cube_json(k->src_data)}, {"dst_data", cube_json(k->dst_data)}};
  }
  return j;
}

// DLA_MEM_MC is the MCIF (primary) port, DLA_MEM_CV the CVIF (secondary).
hal::MemoryPort port_of(MemoryType type) {
  return type == MemoryType::Cv ? hal::MemoryPort::Secondary : hal::MemoryPort::Primary;
}

ordered_json bytes_json(const std::vector<uint8_t>& bytes) {
  ordered_json list = ordered_json::array();
  for (uint8_t b : bytes) list.push_back(b);
  return list;
}

}  // namespace

uint64_t MemoryLoad::bytes() const {
  uint64_t n = 0;
  for (const auto& c : chunks) n += c.bytes.size();
  return n;
}

const char* memory_type_name(MemoryType type) {
  const auto i = static_cast<size_t>(type);
  return i < kMemoryTypes.size() ? kMemoryTypes[i].macro : "DLA_MEM_?";
}

LayerDescription parse_layer_json(const std::string& text, const std::string& path) {
  const Reader r(path);
  const json j = r.parse(text);
  r.expect_object(j, "");
  r.only_keys(j, "", {"layers", "inputs", "checks"});
  LayerDescription d;
  d.path = path;
  const json& layers = r.member(j, "", "layers");
  if (!layers.is_array() || layers.empty()) r.fail("layers", "must be a non-empty array, not " + describe(layers));
  for (size_t i = 0; i < layers.size(); ++i)
    d.operations.push_back(read_layer(r, layers[i], Reader::item("layers", i)));
  for (const char* list : {"inputs", "checks"}) {
    const json* l = r.find(j, list);
    if (!l) continue;
    if (!l->is_array()) r.fail(list, "must be an array, not " + describe(*l));
    for (size_t i = 0; i < l->size(); ++i) {
      const std::string key = Reader::item(list, i);
      if (std::strcmp(list, "inputs") == 0) {
        d.inputs.push_back(read_input(r, (*l)[i], key));
      } else {
        d.checks.push_back(read_check(r, (*l)[i], key));
      }
    }
  }
  return d;
}

LayerDescription read_layer_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LayerJsonError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_layer_json(text.str(), path);
}

std::string layer_to_json(const LayerDescription& description) {
  ordered_json j;
  ordered_json layers = ordered_json::array();
  for (const Operation& o : description.operations) layers.push_back(layer_json(o));
  j["layers"] = layers;
  ordered_json inputs = ordered_json::array();
  for (const MemoryLoad& m : description.inputs) {
    ordered_json e;
    e["type"] = memory_type_name(m.type);
    e["address"] = number(m.address);
    if (m.fill && !m.chunks.empty() && !m.chunks[0].bytes.empty()) {
      e["size"] = m.chunks[0].bytes.size();
      e["fill"] = m.chunks[0].bytes[0];
    } else if (!m.file.empty()) {
      e["file"] = m.file;
      e["format"] = m.format;
      if (m.format == "dump") e["size"] = m.bytes();
    } else {
      // Inline: one contiguous run from the address (chunks in order).
      std::vector<uint8_t> all;
      for (const auto& c : m.chunks) {
        if (all.size() < c.offset + c.bytes.size()) all.resize(c.offset + c.bytes.size());
        std::copy(c.bytes.begin(), c.bytes.end(), all.begin() + std::ptrdiff_t(c.offset));
      }
      e["bytes"] = bytes_json(all);
    }
    inputs.push_back(e);
  }
  if (!inputs.empty()) j["inputs"] = inputs;
  ordered_json checks = ordered_json::array();
  for (const MemoryCheck& c : description.checks) {
    ordered_json e;
    e["type"] = memory_type_name(c.type);
    e["address"] = number(c.address);
    e["size"] = c.size;
    if (c.crc32) {
      e["crc32"] = number(*c.crc32);
    } else if (!c.file.empty()) {
      e["file"] = c.file;
      e["format"] = c.format;
    } else {
      e["bytes"] = bytes_json(c.expected);
    }
    checks.push_back(e);
  }
  if (!checks.empty()) j["checks"] = checks;
  return j.dump(2) + "\n";
}

void load_inputs(hal::Hal& hal, const std::vector<MemoryLoad>& inputs) {
  for (const MemoryLoad& m : inputs) {
    for (const auto& c : m.chunks) {
      if (!c.bytes.empty()) hal.write_memory(port_of(m.type), m.address + c.offset, c.bytes.data(), c.bytes.size());
    }
  }
}

CheckResult check_region(const MemoryCheck& c, const std::vector<uint8_t>& got) {
  CheckResult r;
  const std::string region = std::string(memory_type_name(c.type)) + " [" + hex(c.address) + ", +" + hex(c.size) + ")";
  if (got.size() != c.size) {
    r.what = region;
    r.detail = "read " + std::to_string(got.size()) + " bytes, not " + std::to_string(c.size);
    return r;
  }
  if (c.crc32) {
    const uint32_t crc = trace::crc32(got.data(), got.size());
    r.what = "crc32 " + region;
    r.passed = crc == *c.crc32;
    r.detail = r.passed ? hex(crc) : "expected " + hex(*c.crc32) + ", got " + hex(crc);
    return r;
  }
  r.what = "bytes " + region + (c.file.empty() ? std::string() : " = " + c.file);
  const auto diff = std::mismatch(got.begin(), got.end(), c.expected.begin());
  r.passed = diff.first == got.end();
  if (r.passed) {
    r.detail = std::to_string(c.size) + " bytes equal";
  } else {
    const auto at = uint64_t(diff.first - got.begin());
    const auto differing = std::inner_product(got.begin(), got.end(), c.expected.begin(), uint64_t{0}, std::plus<>(),
                                              std::not_equal_to<>());
    r.detail = std::to_string(differing) + " bytes differ, first at " + hex(c.address + at) + ": expected " +
               hex(*diff.second) + ", got " + hex(*diff.first);
  }
  return r;
}

std::vector<CheckResult> run_checks(hal::Hal& hal, const std::vector<MemoryCheck>& checks) {
  std::vector<CheckResult> results;
  for (const MemoryCheck& c : checks) {
    std::vector<uint8_t> got(c.size);
    hal.read_memory(port_of(c.type), c.address, got.data(), got.size());
    results.push_back(check_region(c, got));
  }
  return results;
}

}  // namespace acosim::nvdla::firmware

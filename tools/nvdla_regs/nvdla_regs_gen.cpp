// nvdla_regs_gen: writes the NVDLA register contract from its descriptions.
//
//   nvdla_regs_gen <descriptions-dir> <output-root>
//
// Reads <descriptions-dir>/<unit>.json for every unit of kUnits below and writes
//   <output-root>/sw/nvdla/regs/<unit>.h    driver header: offsets, fields, enums
//   <output-root>/sw/nvdla/regs/<unit>.cpp  RegisterInfo tables of both maps
//   <output-root>/docs/nvdla-registers.md   one table per unit
// Every description is checked before anything is written; a file is only
// rewritten when its content changes. Output bytes depend on the
// descriptions alone.
//
// Description format (one object per unit):
//   { "unit": "PDP", "summary": "...", "registers": [ register... ] }
// register (in ascending offset order):
//   { "name": "D_OP_ENABLE",          manual name without the "_0" suffix
//     "offset": "0x008",              byte offset in the unit's 4 KiB window
//     "access": "SetOnly",            RW, RO, W1C, W1S, Trigger or SetOnly
//     "grouped": true,                one copy per ping-pong register group
//     "reset": "0x00000000",          or {"master": "0x..", "nv_full": "0x.."}
//     "description": "...",           one line
//     "fields": [ field... ] }
// field:
//   { "name": "OP_EN", "msb": 0, "lsb": 0,      positions in the master map
//     "nv_full": {"msb": 31, "lsb": 5},         optional: positions in nv_full
//     "read_only": true,                        optional: writes leave it alone
//     "enums": {"DISABLE": 0, "ENABLE": 1} }    optional, in file order
// Read mask = bits of all fields. Write mask = bits of the fields that are not
// read-only, and 0 for RO and W1S registers (W1S bits are set elsewhere).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Json = nlohmann::ordered_json;  // keeps the file order of enums
namespace fs = std::filesystem;

// The two register maps: master (nv_small, nv_large) and nvdlav1 (nv_full).
constexpr int kMaster = 0;
constexpr int kNvFull = 1;
constexpr int kMapCount = 2;
constexpr const char* kMapKey[kMapCount] = {"master", "nv_full"};

// The units, those with an acosim::nvdla::Unit in its order first, then those
// that only have a header and a table so far: file stem = namespace.
struct UnitFile {
  const char* stem;
  const char* unit;
};
constexpr UnitFile kUnits[] = {{"glb", "GLB"}, {"bdma", "BDMA"},         {"pdp_rdma", "PDP_RDMA"},
                               {"pdp", "PDP"}, {"sdp_rdma", "SDP_RDMA"}, {"sdp", "SDP"},
                               {"cdp_rdma", "CDP_RDMA"}, {"cdp", "CDP"},
                               {"cdma", "CDMA"}, {"csc", "CSC"},
                               {"cmac_a", "CMAC_A"}, {"cmac_b", "CMAC_B"},
                               {"cacc", "CACC"}, {"rubik", "RUBIK"}};
constexpr const char* kAccessNames[] = {"RW", "RO", "W1C", "W1S", "Trigger", "SetOnly"};

struct EnumValue {
  std::string name;
  uint32_t value;
};

struct FieldDesc {
  std::string name;
  std::array<unsigned, kMapCount> msb{}, lsb{};
  bool read_only = false;
  std::vector<EnumValue> enums;

  unsigned width(int map) const { return msb[map] - lsb[map] + 1; }
  uint32_t mask(int map) const {
    const uint64_t ones = (uint64_t{1} << width(map)) - 1;
    return static_cast<uint32_t>(ones << lsb[map]);
  }
  bool maps_differ() const { return msb[kMaster] != msb[kNvFull] || lsb[kMaster] != lsb[kNvFull]; }
};

struct RegisterDesc {
  std::string name;
  uint32_t offset = 0;
  std::string access;
  bool grouped = false;
  std::array<uint32_t, kMapCount> reset{}, read_mask{}, write_mask{};
  std::string description;
  std::vector<FieldDesc> fields;
};

struct UnitDesc {
  std::string stem, unit, summary;
  std::vector<RegisterDesc> registers;
};

// Errors name the description file and, inside it, the register.
class Context {
 public:
  explicit Context(std::string file) : file_(std::move(file)) {}
  // A narrower place inside the file: "register X", then "field Y".
  Context in(const std::string& what) const {
    Context c(file_);
    c.where_ = where_.empty() ? what : where_ + ": " + what;
    return c;
  }
  [[noreturn]] void fail(const std::string& message) const {
    throw std::runtime_error(file_ + ": " + (where_.empty() ? "" : where_ + ": ") + message);
  }

 private:
  std::string file_, where_;
};

std::string hex(uint32_t value, int digits = 8) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%0*X", digits, value);
  return buf;
}

void check_keys(const Context& ctx, const Json& object, std::initializer_list<const char*> allowed,
                std::initializer_list<const char*> required) {
  if (!object.is_object()) ctx.fail("expected a JSON object");
  for (const char* key : required) {
    if (!object.contains(key)) ctx.fail(std::string("missing key '") + key + "'");
  }
  for (const auto& item : object.items()) {
    if (std::none_of(allowed.begin(), allowed.end(),
                     [&](const char* k) { return item.key() == k; })) {
      ctx.fail("unknown key '" + item.key() + "'");
    }
  }
}

std::string get_string(const Context& ctx, const Json& object, const char* key) {
  const Json& v = object.at(key);
  if (!v.is_string()) ctx.fail(std::string("'") + key + "' must be a string");
  return v.get<std::string>();
}

// Register, field and enum names become C++ identifiers: capitals, digits
// and '_' (enum names are appended to a prefix, so may start with a digit).
bool is_name(const std::string& name, bool may_start_with_digit) {
  return !name.empty() && (may_start_with_digit || (name[0] >= 'A' && name[0] <= 'Z')) &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
         });
}

std::string get_name(const Context& ctx, const Json& object) {
  const std::string name = get_string(ctx, object, "name");
  if (!is_name(name, false)) ctx.fail("name '" + name + "' is not an upper-case identifier");
  return name;
}

// "0x" followed by 1..8 hex digits.
uint32_t parse_hex(const Context& ctx, const Json& value, const std::string& what) {
  const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  const bool ok = value.is_string() && text.size() > 2 && text.size() <= 10 && text[0] == '0' &&
                  text[1] == 'x' &&
                  text.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string::npos;
  if (!ok) ctx.fail(what + " " + text + " is not a hex string \"0x...\" of at most 32 bits");
  return static_cast<uint32_t>(std::stoul(text.substr(2), nullptr, 16));
}

unsigned get_bit(const Context& ctx, const Json& object, const char* key) {
  const Json& v = object.at(key);
  if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > 31) {
    ctx.fail(std::string("field bit '") + key + "' = " + v.dump() + " is outside 0..31");
  }
  return v.get<unsigned>();
}

FieldDesc parse_field(const Context& reg_ctx, const Json& j, size_t index) {
  std::string label = "field #" + std::to_string(index);
  if (j.is_object() && j.contains("name") && j.at("name").is_string())
    label = "field " + j.at("name").get<std::string>();
  const Context ctx = reg_ctx.in(label);
  check_keys(ctx, j, {"name", "msb", "lsb", "nv_full", "read_only", "enums"},
             {"name", "msb", "lsb"});
  FieldDesc f;
  f.name = get_name(ctx, j);
  f.msb[kMaster] = get_bit(ctx, j, "msb");
  f.lsb[kMaster] = get_bit(ctx, j, "lsb");
  f.msb[kNvFull] = f.msb[kMaster];
  f.lsb[kNvFull] = f.lsb[kMaster];
  if (j.contains("nv_full")) {
    const Json& o = j.at("nv_full");
    check_keys(ctx, o, {"msb", "lsb"}, {});
    if (o.empty()) ctx.fail("'nv_full' overrides nothing");
    if (o.contains("msb")) f.msb[kNvFull] = get_bit(ctx, o, "msb");
    if (o.contains("lsb")) f.lsb[kNvFull] = get_bit(ctx, o, "lsb");
  }
  for (int map = 0; map < kMapCount; ++map) {
    if (f.lsb[map] > f.msb[map]) {
      ctx.fail("lsb " + std::to_string(f.lsb[map]) + " above msb " + std::to_string(f.msb[map]) +
               " (" + kMapKey[map] + ")");
    }
  }
  if (j.contains("read_only")) {
    if (!j.at("read_only").is_boolean()) ctx.fail("'read_only' must be true or false");
    f.read_only = j.at("read_only").get<bool>();
  }
  if (j.contains("enums")) {
    const Json& e = j.at("enums");
    if (!e.is_object() || e.empty()) ctx.fail("'enums' must be a non-empty object");
    for (const auto& item : e.items()) {
      const std::string& name = item.key();
      if (!is_name(name, true))
        ctx.fail("enum name '" + name + "' is not an upper-case identifier");
      if (!item.value().is_number_unsigned()) ctx.fail("enum " + name + " needs an unsigned value");
      const uint64_t value = item.value().get<uint64_t>();
      for (int map = 0; map < kMapCount; ++map) {
        if (value >= (uint64_t{1} << f.width(map))) {
          ctx.fail("enum " + name + " = " + std::to_string(value) + " does not fit " +
                   std::to_string(f.width(map)) + " bits");
        }
      }
      f.enums.push_back({name, static_cast<uint32_t>(value)});
    }
  }
  return f;
}

RegisterDesc parse_register(const Context& file_ctx, const Json& j, size_t index) {
  std::string label = "register #" + std::to_string(index);
  if (j.is_object() && j.contains("name") && j.at("name").is_string()) {
    label = "register " + j.at("name").get<std::string>();
  }
  const Context ctx = file_ctx.in(label);
  check_keys(ctx, j, {"name", "offset", "access", "grouped", "reset", "description", "fields"},
             {"name", "offset", "access", "grouped", "reset", "description", "fields"});
  RegisterDesc r;
  r.name = get_name(ctx, j);
  r.offset = parse_hex(ctx, j.at("offset"), "offset");
  if (r.offset % 4 != 0 || r.offset >= 0x1000)
    ctx.fail("offset " + hex(r.offset, 3) + " is not a word in 0..0xFFC");
  r.access = get_string(ctx, j, "access");
  if (std::none_of(std::begin(kAccessNames), std::end(kAccessNames),
                   [&](const char* a) { return r.access == a; })) {
    ctx.fail("access '" + r.access + "' is not one of RW, RO, W1C, W1S, Trigger, SetOnly");
  }
  if (!j.at("grouped").is_boolean()) ctx.fail("'grouped' must be true or false");
  r.grouped = j.at("grouped").get<bool>();
  const Json& reset = j.at("reset");
  if (reset.is_object()) {
    check_keys(ctx, reset, {"master", "nv_full"}, {"master", "nv_full"});
    for (int map = 0; map < kMapCount; ++map) {
      r.reset[map] = parse_hex(ctx, reset.at(kMapKey[map]), std::string(kMapKey[map]) + " reset");
    }
  } else {
    r.reset[kMaster] = r.reset[kNvFull] = parse_hex(ctx, reset, "reset");
  }
  r.description = get_string(ctx, j, "description");
  if (r.description.empty() || r.description.find('\n') != std::string::npos) {
    ctx.fail("'description' must be one non-empty line");
  }
  const Json& fields = j.at("fields");
  if (!fields.is_array() || fields.empty()) ctx.fail("'fields' must be a non-empty array");
  for (size_t i = 0; i < fields.size(); ++i) r.fields.push_back(parse_field(ctx, fields[i], i));

  const bool stores = r.access != "RO" && r.access != "W1S";
  for (int map = 0; map < kMapCount; ++map) {
    for (size_t a = 0; a < r.fields.size(); ++a) {
      for (size_t b = a + 1; b < r.fields.size(); ++b) {
        if (r.fields[a].name == r.fields[b].name)
          ctx.fail("field " + r.fields[a].name + " appears twice");
        if (r.fields[a].mask(map) & r.fields[b].mask(map)) {
          ctx.fail("fields " + r.fields[a].name + " and " + r.fields[b].name + " overlap (" +
                   kMapKey[map] + ")");
        }
      }
      r.read_mask[map] |= r.fields[a].mask(map);
      if (stores && !r.fields[a].read_only) r.write_mask[map] |= r.fields[a].mask(map);
    }
    if (r.reset[map] & ~r.read_mask[map]) {
      ctx.fail("reset " + hex(r.reset[map]) + " has bits outside the read mask " +
               hex(r.read_mask[map]) + " (" + kMapKey[map] + ")");
    }
  }
  return r;
}

UnitDesc parse_unit(const fs::path& dir, const UnitFile& uf) {
  const fs::path path = dir / (std::string(uf.stem) + ".json");
  const Context ctx(path.string());
  std::ifstream in(path);
  if (!in) ctx.fail("cannot open");
  Json j;
  try {
    j = Json::parse(in);
  } catch (const Json::parse_error& e) {
    ctx.fail(std::string("not valid JSON: ") + e.what());
  }
  check_keys(ctx, j, {"unit", "summary", "registers"}, {"unit", "summary", "registers"});
  UnitDesc u;
  u.stem = uf.stem;
  u.unit = get_string(ctx, j, "unit");
  if (u.unit != uf.unit) ctx.fail("unit '" + u.unit + "' should be '" + uf.unit + "'");
  u.summary = get_string(ctx, j, "summary");
  const Json& regs = j.at("registers");
  if (!regs.is_array() || regs.empty()) ctx.fail("'registers' must be a non-empty array");
  std::map<uint32_t, std::string> by_offset;
  std::set<std::string> names;
  for (size_t i = 0; i < regs.size(); ++i) {
    RegisterDesc r = parse_register(ctx, regs[i], i);
    const Context rctx = ctx.in("register " + r.name);
    if (!names.insert(r.name).second) rctx.fail("name appears twice");
    if (by_offset.count(r.offset)) {
      rctx.fail("duplicate offset " + hex(r.offset, 3) + " (also register " + by_offset[r.offset] +
                ")");
    }
    if (!u.registers.empty() && r.offset < u.registers.back().offset) {
      rctx.fail("offset " + hex(r.offset, 3) +
                " is below the previous register's; keep offsets ascending");
    }
    by_offset[r.offset] = r.name;
    u.registers.push_back(std::move(r));
  }
  // Every generated identifier of the header must be unique.
  std::set<std::string> identifiers{"unit_info"};
  for (const auto& r : u.registers) {
    auto add = [&](const std::string& id) {
      if (!identifiers.insert(id).second)
        ctx.in("register " + r.name).fail("identifier " + id + " defined twice");
    };
    add(r.name);
    for (const auto& f : r.fields) {
      add(r.name + "_" + f.name);
      for (const auto& e : f.enums) add(r.name + "_" + f.name + "_" + e.name);
    }
  }
  return u;
}

std::string banner(const UnitDesc& u) {
  return "// generated from descriptions/" + u.stem + ".json by tools/nvdla_regs - do not edit\n";
}

// `text` as "// " comment lines of at most 100 columns, broken at spaces.
std::string comment(const std::string& text) {
  std::ostringstream o;
  std::istringstream words(text);
  std::string word, line;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > 97) {
      o << "// " << line << "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  o << "// " << line << "\n";
  return o.str();
}

std::string access_enum(const std::string& access) { return "Access::" + access; }

std::string bits(const FieldDesc& f, int map) {
  return f.msb[map] == f.lsb[map]
             ? "[" + std::to_string(f.lsb[map]) + "]"
             : "[" + std::to_string(f.msb[map]) + ":" + std::to_string(f.lsb[map]) + "]";
}

std::string header(const UnitDesc& u) {
  std::ostringstream o;
  bool fields_differ = false, resets_differ = false;
  // Whether every field that differs is an address or stride field, [31:0] in
  // master and [31:5] in nv_full.
  bool only_address_fields_differ = true;
  for (const auto& r : u.registers) {
    resets_differ |= r.reset[kMaster] != r.reset[kNvFull];
    for (const auto& f : r.fields) {
      if (!f.maps_differ()) continue;
      fields_differ = true;
      only_address_fields_differ &= f.msb[kMaster] == 31 && f.lsb[kMaster] == 0 &&
                                    f.msb[kNvFull] == 31 && f.lsb[kNvFull] == 5;
    }
  }
  o << banner(u) << "//\n"
    << comment(u.unit + ": " + u.summary)
    << "// Offsets are bytes inside the unit's 4 KiB window; the CSB address adds\n"
    << "// hardware_config(config).unit_base(unit).\n";
  if (fields_differ || resets_differ) {
    o << "// Field constants carry the master map's positions.";
    if (fields_differ && only_address_fields_differ) {
      o << " nv_full keeps only bits\n"
        << "// [31:5] of the address and stride fields marked \"nv_full\" below (bits 4:0\n"
        << "// read 0 there).";
    } else if (fields_differ) {
      o << " The fields marked \"nv_full\"\n"
        << "// below sit at the bits given there in that map (the bits they lose read 0).";
    }
    if (resets_differ) o << "\n// Reset values marked \"nv_full\" differ in that map.";
    o << "\n// unit_info(config) carries the exact masks and resets of each map.\n";
  } else {
    o << "// The master and nv_full maps of this unit are identical.\n";
  }
  o << "#pragma once\n\n#include <cstdint>\n\n"
    << "#include \"sw/nvdla/regs/config.h\"\n#include \"sw/nvdla/regs/register_info.h\"\n\n"
    << "namespace acosim::nvdla::regs::" << u.stem << " {\n";
  for (const auto& r : u.registers) {
    std::string what = r.name + ": " + r.access + (r.grouped ? ", per group" : "") + ", reset " +
                       hex(r.reset[kMaster]);
    if (r.reset[kNvFull] != r.reset[kMaster]) what += " (nv_full " + hex(r.reset[kNvFull]) + ")";
    o << "\n" << comment(what + ". " + r.description);
    o << "inline constexpr uint32_t " << r.name << " = " << hex(r.offset, 3) << ";\n";
    for (const auto& f : r.fields) {
      o << "inline constexpr Field " << r.name << "_" << f.name << "{" << f.lsb[kMaster] << ", "
        << f.width(kMaster) << "};";
      if (f.maps_differ()) o << "  // nv_full: bits " << bits(f, kNvFull);
      if (f.read_only) o << "  // read-only";
      o << "\n";
      for (const auto& e : f.enums) {
        o << "inline constexpr uint32_t " << r.name << "_" << f.name << "_" << e.name << " = "
          << e.value << ";\n";
      }
    }
  }
  o << "\n// This unit's register table in `config`'s map (sorted by offset).\n"
    << "const UnitInfo& unit_info(Config config);\n\n"
    << "}  // namespace acosim::nvdla::regs::" << u.stem << "\n";
  return o.str();
}

std::string source(const UnitDesc& u) {
  std::ostringstream o;
  o << banner(u) << "#include \"sw/nvdla/regs/" << u.stem << ".h\"\n\n"
    << "namespace acosim::nvdla::regs::" << u.stem << " {\n\nnamespace {\n";
  const char* prefix[kMapCount] = {"kMaster", "kNvFull"};
  const char* title[kMapCount] = {"master map (nv_small, nv_large)", "nvdlav1 map (nv_full)"};
  for (int map = 0; map < kMapCount; ++map) {
    o << "\n// " << title[map] << "\nconstexpr FieldInfo " << prefix[map] << "Fields[] = {\n";
    for (const auto& r : u.registers) {
      for (const auto& f : r.fields) {
        o << "    {\"" << f.name << "\", {" << f.lsb[map] << ", " << f.width(map) << "}},\n";
      }
    }
    o << "};\n\nconstexpr RegisterInfo " << prefix[map] << "Registers[] = {\n";
    size_t first = 0;
    for (const auto& r : u.registers) {
      o << "    {\"" << r.name << "\", " << hex(r.offset, 3) << ", " << hex(r.reset[map]) << ", "
        << hex(r.read_mask[map]) << ", " << hex(r.write_mask[map]) << ", " << access_enum(r.access)
        << ", " << (r.grouped ? "true" : "false") << ", " << prefix[map] << "Fields + " << first
        << ", " << r.fields.size() << "},\n";
      first += r.fields.size();
    }
    o << "};\n\nconstexpr UnitInfo " << prefix[map] << "Unit{\"" << u.unit << "\", " << prefix[map]
      << "Registers, " << u.registers.size() << "};\n";
  }
  o << "\n}  // namespace\n\n"
    << "const UnitInfo& unit_info(Config config) {\n"
    << "  return hardware_config(config).master_map ? kMasterUnit : kNvFullUnit;\n}\n\n"
    << "}  // namespace acosim::nvdla::regs::" << u.stem << "\n";
  return o.str();
}

// A value of both maps: "v" when equal, "v (nv_full w)" otherwise.
std::string per_map(uint32_t master, uint32_t nv_full) {
  return master == nv_full ? hex(master) : hex(master) + "<br>nv_full " + hex(nv_full);
}

std::string markdown(const std::vector<UnitDesc>& units) {
  std::ostringstream o;
  o << "<!-- generated from sw/nvdla/regs/descriptions/*.json by tools/nvdla_regs - do not edit "
       "-->\n"
    << "# NVDLA register maps\n\n"
    << "The register maps of the NVDLA units, in two variants: the master\n"
    << "map (nv_small, nv_large) and the nvdlav1 map (nv_full). Offsets are bytes\n"
    << "inside the unit's 4 KiB window (unit bases: `HardwareConfig::unit_base` in\n"
    << "`sw/nvdla/regs/config.cpp`). Where the maps differ, the nv_full value is given\n"
    << "below the master value.\n\n"
    << "Access kinds: RW (stored bits read back), RO (hardware state, writes ignored),\n"
    << "W1C (writing 1 clears the bit), W1S (writing 1 sets the bit in another\n"
    << "register; reads 0), Trigger (stored like RW; the write also starts an action),\n"
    << "SetOnly (software sets bit 0, hardware clears it). Group D: one copy per\n"
    << "ping-pong register group, addressed through S_POINTER.PRODUCER; S: one copy.\n"
    << "Read mask: bits of all fields (for W1S the bits a write sets; the register\n"
    << "itself reads 0). Write mask: bits a write stores (0 for RO and W1S).\n\n"
    << "The descriptions in `sw/nvdla/regs/descriptions/` are the source of this page,\n"
    << "of the driver headers `sw/nvdla/regs/<unit>.h` and of the model tables\n"
    << "`sw/nvdla/regs/<unit>.cpp`. After editing one, run\n"
    << "`cmake --build build --target nvdla-regs`.\n";
  for (const auto& u : units) {
    o << "\n## " << u.unit << "\n\n"
      << u.summary << "\n\n"
      << "| Offset | Register | Access | Group | Reset | Read mask | Write mask | Fields | "
         "Description |\n"
      << "|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& r : u.registers) {
      o << "| " << hex(r.offset, 3) << " | " << r.name << " | " << r.access << " | "
        << (r.grouped ? "D" : "S") << " | " << per_map(r.reset[kMaster], r.reset[kNvFull]) << " | "
        << per_map(r.read_mask[kMaster], r.read_mask[kNvFull]) << " | "
        << per_map(r.write_mask[kMaster], r.write_mask[kNvFull]) << " | ";
      for (size_t i = 0; i < r.fields.size(); ++i) {
        const FieldDesc& f = r.fields[i];
        o << (i ? "<br>" : "") << bits(f, kMaster) << " " << f.name;
        if (f.maps_differ()) o << " (nv_full " << bits(f, kNvFull) << ")";
        if (f.read_only) o << " (read-only)";
        if (!f.enums.empty()) {
          o << ":";
          for (size_t k = 0; k < f.enums.size(); ++k) {
            o << (k ? "," : "") << " " << f.enums[k].value << " " << f.enums[k].name;
          }
        }
      }
      o << " | " << r.description << " |\n";
    }
  }
  return o.str();
}

// Writes only when the content changes, so regenerating leaves up-to-date
// files (and what depends on them) untouched.
void write_file(const fs::path& path, const std::string& content) {
  std::ifstream in(path, std::ios::binary);
  if (in) {
    std::ostringstream existing;
    existing << in.rdbuf();
    if (existing.str() == content) return;
  }
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  out.close();
  if (!out) throw std::runtime_error(path.string() + ": cannot write");
  std::cout << "nvdla_regs_gen: wrote " << path.string() << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: nvdla_regs_gen <descriptions-dir> <output-root>\n";
    return 2;
  }
  try {
    std::vector<UnitDesc> units;
    for (const auto& uf : kUnits) units.push_back(parse_unit(argv[1], uf));
    const fs::path root = argv[2];
    for (const auto& u : units) {
      write_file(root / "sw/nvdla/regs" / (u.stem + ".h"), header(u));
      write_file(root / "sw/nvdla/regs" / (u.stem + ".cpp"), source(u));
    }
    write_file(root / "docs/nvdla-registers.md", markdown(units));
  } catch (const std::exception& e) {
    std::cerr << "nvdla_regs_gen: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

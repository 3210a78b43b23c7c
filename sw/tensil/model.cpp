#include "sw/tensil/model.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

namespace acosim::tensil {

namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

// Field readers that name the file and the key path in every error.
struct Reader {
  std::string origin;

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw FormatError(origin + ": " + path + ": " + what);
  }

  const json& member(const json& object, const std::string& path, const char* key) const {
    if (!object.is_object()) fail(path, "expected an object");
    const auto it = object.find(key);
    if (it == object.end()) fail(path.empty() ? key : path + "." + key, "missing");
    return *it;
  }

  uint64_t unsigned_number(const json& object, const std::string& path, const char* key, uint64_t low,
                           uint64_t high) const {
    const json& v = member(object, path, key);
    const std::string where = path.empty() ? key : path + "." + key;
    if (!v.is_number_integer()) fail(where, "expected an integer, got " + v.dump());
    if (v.is_number_unsigned()) {
      const uint64_t u = v.get<uint64_t>();
      if (u < low || u > high) {
        fail(where, std::to_string(u) + " is outside " + std::to_string(low) + ".." + std::to_string(high));
      }
      return u;
    }
    fail(where, std::to_string(v.get<int64_t>()) + " is negative");
  }

  std::string string(const json& object, const std::string& path, const char* key) const {
    const json& v = member(object, path, key);
    if (!v.is_string()) fail(path.empty() ? key : path + "." + key, "expected a string, got " + v.dump());
    return v.get<std::string>();
  }

  bool boolean(const json& object, const std::string& path, const char* key) const {
    const json& v = member(object, path, key);
    if (!v.is_boolean()) fail(path.empty() ? key : path + "." + key, "expected true or false, got " + v.dump());
    return v.get<bool>();
  }

  json parse(const std::string& text) const {
    try {
      return json::parse(text);
    } catch (const json::parse_error& e) {
      // e.byte is the 1-based position where parsing stopped.
      throw FormatError(origin + ": malformed JSON at byte " + std::to_string(e.byte) +
                        (text.empty() ? " (the file is empty)" : ""));
    } catch (const json::out_of_range&) {
      // A number too large for a double (e.g. 1e400) is not a parse_error
      // in nlohmann::json but out_of_range 406.
      throw FormatError(origin + ": malformed JSON: a number is too large to represent");
    }
  }

  Architecture architecture(const json& a, const std::string& path) const {
    Architecture arch;
    const std::string type_name = string(a, path, "data_type");
    const auto type = parse_data_type(type_name);
    if (!type) {
      fail(path.empty() ? "data_type" : path + ".data_type",
           "'" + type_name + "' is not supported (FP8BP4, FP16BP8, FP18BP10, FP32BP16)");
    }
    arch.data_type = *type;
    const uint64_t u32 = UINT32_MAX;
    arch.array_size = uint32_t(unsigned_number(a, path, "array_size", 0, u32));
    arch.dram0_depth = unsigned_number(a, path, "dram0_depth", 0, UINT64_MAX);
    arch.dram1_depth = unsigned_number(a, path, "dram1_depth", 0, UINT64_MAX);
    arch.local_depth = unsigned_number(a, path, "local_depth", 0, UINT64_MAX);
    arch.accumulator_depth = unsigned_number(a, path, "accumulator_depth", 0, UINT64_MAX);
    arch.simd_registers_depth = uint32_t(unsigned_number(a, path, "simd_registers_depth", 0, u32));
    arch.stride0_depth = uint32_t(unsigned_number(a, path, "stride0_depth", 0, u32));
    arch.stride1_depth = uint32_t(unsigned_number(a, path, "stride1_depth", 0, u32));
    arch.number_of_threads = uint32_t(unsigned_number(a, path, "number_of_threads", 0, u32));
    arch.thread_queue_depth = uint32_t(unsigned_number(a, path, "thread_queue_depth", 0, u32));
    const std::string problem = arch.validate();
    if (!problem.empty()) fail(path.empty() ? "architecture" : path, problem);
    return arch;
  }

  std::vector<TensorEntry> entries(const json& model, const char* key, bool named, uint64_t depth) const {
    const json& list = member(model, "", key);
    if (!list.is_array()) fail(key, "expected an array");
    std::vector<TensorEntry> out;
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string path = std::string(key) + "[" + std::to_string(i) + "]";
      TensorEntry e;
      if (named) {
        e.name = string(list[i], path, "name");
      } else {
        e.file_name = string(list[i], path, "file_name");
      }
      e.base = unsigned_number(list[i], path, "base", 0, depth - 1);
      e.size = unsigned_number(list[i], path, "size", 0, depth - e.base);
      out.push_back(std::move(e));
    }
    return out;
  }
};

ordered_json architecture_object(const Architecture& a) {
  ordered_json j;
  j["data_type"] = a.type().name;
  j["array_size"] = a.array_size;
  j["dram0_depth"] = a.dram0_depth;
  j["dram1_depth"] = a.dram1_depth;
  j["local_depth"] = a.local_depth;
  j["accumulator_depth"] = a.accumulator_depth;
  j["simd_registers_depth"] = a.simd_registers_depth;
  j["stride0_depth"] = a.stride0_depth;
  j["stride1_depth"] = a.stride1_depth;
  j["number_of_threads"] = a.number_of_threads;
  j["thread_queue_depth"] = a.thread_queue_depth;
  return j;
}

std::string text_of(const std::string& path) {
  const std::vector<uint8_t> bytes = read_file(path);
  return std::string(bytes.begin(), bytes.end());
}

std::vector<TensorEntry> named(const std::vector<TensorEntry>& entries, const std::string& name) {
  std::vector<TensorEntry> out;
  std::copy_if(entries.begin(), entries.end(), std::back_inserter(out),
               [&](const TensorEntry& e) { return e.name == name; });
  std::sort(out.begin(), out.end(), [](const TensorEntry& x, const TensorEntry& y) { return x.base < y.base; });
  return out;
}

}  // namespace

std::string Model::resolve(const std::string& file_name) const {
  const std::filesystem::path p(file_name);
  if (p.is_absolute() || directory.empty()) return file_name;
  return (std::filesystem::path(directory) / p).string();
}

std::vector<TensorEntry> Model::inputs_named(const std::string& tensor) const { return named(inputs, tensor); }
std::vector<TensorEntry> Model::outputs_named(const std::string& tensor) const { return named(outputs, tensor); }

Architecture parse_architecture_json(const std::string& text, const std::string& origin) {
  const Reader r{origin};
  return r.architecture(r.parse(text), "");
}

Architecture read_architecture(const std::string& tarch_path) {
  return parse_architecture_json(text_of(tarch_path), tarch_path);
}

std::string architecture_to_json(const Architecture& arch) { return architecture_object(arch).dump(); }

Model parse_model_json(const std::string& text, const std::string& origin) {
  const Reader r{origin};
  const json j = r.parse(text);
  if (!j.is_object()) r.fail("model", "expected a JSON object");
  Model m;
  m.name = r.string(j, "", "name");
  const json& prog = r.member(j, "", "prog");
  m.prog_file_name = r.string(prog, "prog", "file_name");
  m.prog_size = r.unsigned_number(prog, "prog", "size", 0, UINT64_MAX);
  m.arch = r.architecture(r.member(j, "", "arch"), "arch");
  m.consts = r.entries(j, "consts", false, m.arch.dram1_depth);
  m.inputs = r.entries(j, "inputs", true, m.arch.dram0_depth);
  m.outputs = r.entries(j, "outputs", true, m.arch.dram0_depth);
  // Tensil's compiler wrote no load_consts_to_local before the key existed
  // (the speech-robot network's manifest has none), and Tensil's driver then
  // leaves it false (drivers/embedded/tensil/model.c memsets the model and
  // sets the key only when present). A present key must still be a boolean.
  m.load_consts_to_local =
      j.contains("load_consts_to_local") && r.boolean(j, "", "load_consts_to_local");
  if (m.prog_file_name.empty()) r.fail("prog.file_name", "empty");
  for (size_t i = 0; i < m.consts.size(); ++i) {
    if (m.consts[i].file_name.empty()) r.fail("consts[" + std::to_string(i) + "].file_name", "empty");
  }
  return m;
}

Model read_model(const std::string& tmodel_path) {
  Model m = parse_model_json(text_of(tmodel_path), tmodel_path);
  m.directory = std::filesystem::path(tmodel_path).parent_path().string();
  return m;
}

std::string model_to_json(const Model& m) {
  // Key order as Tensil's compiler writes it (tools/src/tensil/tools/model/Model.scala).
  ordered_json j;
  j["name"] = m.name;
  j["prog"] = ordered_json{{"file_name", m.prog_file_name}, {"size", m.prog_size}};
  const auto entries = [](const std::vector<TensorEntry>& list, bool is_const) {
    ordered_json a = ordered_json::array();
    for (const TensorEntry& e : list) {
      ordered_json o;
      if (is_const) {
        o["file_name"] = e.file_name;
      } else {
        o["name"] = e.name;
      }
      o["base"] = e.base;
      o["size"] = e.size;
      a.push_back(o);
    }
    return a;
  };
  j["consts"] = entries(m.consts, true);
  j["inputs"] = entries(m.inputs, false);
  j["outputs"] = entries(m.outputs, false);
  j["arch"] = architecture_object(m.arch);
  j["load_consts_to_local"] = m.load_consts_to_local;
  return j.dump();
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw FormatError("cannot read " + path + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FormatError("cannot read " + path + ": " + std::strerror(errno));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw FormatError("cannot read " + path + ": read error");
  return bytes;
}

void write_file_atomically(const std::string& path, const std::vector<uint8_t>& bytes) {
  write_files_atomically({{path, bytes}});
}

void write_files_atomically(const std::vector<std::pair<std::string, std::vector<uint8_t>>>& files) {
  std::vector<std::string> temporaries;
  const auto fail = [&](const std::string& path, const std::string& reason) {
    for (const std::string& t : temporaries) std::remove(t.c_str());
    throw FormatError("cannot write " + path + ": " + reason);
  };
  for (const auto& [path, bytes] : files) {
    const std::string temporary = path + ".partial";
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) fail(path, std::strerror(errno));
    temporaries.push_back(temporary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.flush();
    if (!out) fail(path, "write error");
  }
  // Renames within a folder do not fail for want of space; what can fail
  // here (permissions, a directory in the way) fails before any data is lost.
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temporaries[i].c_str(), files[i].first.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      temporaries.erase(temporaries.begin(), temporaries.begin() + long(i));
      fail(files[i].first, reason);
    }
  }
}

std::vector<uint8_t> read_program(const Model& model, const InstructionLayout& layout) {
  const std::string path = model.resolve(model.prog_file_name);
  std::vector<uint8_t> bytes = read_file(path);
  const size_t width = layout.instruction_bytes;
  if (bytes.size() % width != 0) {
    throw FormatError(path + ": " + std::to_string(bytes.size()) + " bytes is not a whole number of " +
                      std::to_string(width) + "-byte instructions: instruction " + std::to_string(bytes.size() / width) +
                      " is truncated");
  }
  if (model.prog_size != 0 && bytes.size() != model.prog_size) {
    throw FormatError(path + ": the file has " + std::to_string(bytes.size()) + " bytes but the model's prog.size is " +
                      std::to_string(model.prog_size));
  }
  return bytes;
}

std::vector<uint8_t> read_consts(const Model& model, const TensorEntry& consts) {
  const std::string path = model.resolve(consts.file_name);
  std::vector<uint8_t> bytes = read_file(path);
  const uint64_t expected = consts.size * model.arch.vector_bytes();
  if (bytes.size() != expected) {
    throw FormatError(path + ": the file has " + std::to_string(bytes.size()) + " bytes, consts size " +
                      std::to_string(consts.size) + " vectors needs " + std::to_string(expected));
  }
  return bytes;
}

}  // namespace acosim::tensil

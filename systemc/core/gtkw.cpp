#include "systemc/core/gtkw.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace acosim::core {

namespace {

// The tokens of one declaration, up to and without its "$end".
std::vector<std::string> until_end(std::istream& vcd, const std::string& keyword) {
  std::vector<std::string> tokens;
  std::string token;
  while (vcd >> token) {
    if (token == "$end") return tokens;
    tokens.push_back(token);
  }
  throw std::runtime_error(keyword + " without $end");
}

std::string joined(const std::vector<std::string>& path) {
  std::string s;
  for (const std::string& part : path) s += (s.empty() ? "" : ".") + part;
  return s;
}

}  // namespace

std::vector<GtkwGroup> read_vcd_groups(std::istream& vcd) {
  std::vector<GtkwGroup> groups;
  std::map<std::string, size_t> index;  // scope -> its group
  std::vector<std::string> scope;
  std::string token;
  while (vcd >> token) {
    if (token == "$enddefinitions") break;
    if (token == "$scope") {
      const std::vector<std::string> t = until_end(vcd, token);
      if (t.size() != 2) throw std::runtime_error("$scope needs a type and a name");
      scope.push_back(t[1]);
    } else if (token == "$upscope") {
      until_end(vcd, token);
      if (scope.empty()) throw std::runtime_error("$upscope outside any $scope");
      scope.pop_back();
    } else if (token == "$var") {
      // $var type size identifier reference [range] $end
      const std::vector<std::string> t = until_end(vcd, token);
      if (t.size() < 4) throw std::runtime_error("$var needs a type, a size, an identifier and a reference");
      GtkwSignal signal;
      if (t[1].empty() || t[1].size() > 9 || t[1].find_first_not_of("0123456789") != std::string::npos) {
        throw std::runtime_error("$var " + t[3] + " has the size '" + t[1] + "'");
      }
      signal.width = unsigned(std::stoul(t[1]));
      std::string name = t[3];
      std::string range;
      for (size_t i = 4; i < t.size(); ++i) range += t[i];
      const bool real = t[0] == "real" || t[0] == "realtime";
      if (!range.empty()) {
        name += range;
      } else if (signal.width > 1 && !real &&
                 !(name.back() == ']' && name.find(':', name.rfind('[')) != std::string::npos)) {
        name += "[" + std::to_string(signal.width - 1) + ":0]";
      }
      const std::string path = joined(scope);
      signal.name = path.empty() ? name : path + "." + name;
      if (!index.count(path)) {
        index[path] = groups.size();
        groups.push_back(GtkwGroup{path, {}});
      }
      groups[index[path]].signals.push_back(signal);
    } else if (token.size() > 1 && token[0] == '$') {
      until_end(vcd, token);  // $timescale, $version, $date, $comment
    }
  }
  return groups;
}

std::string gtkw_text(const std::string& dumpfile, const std::vector<GtkwGroup>& groups) {
  std::ostringstream s;
  s << "[dumpfile] \"" << dumpfile << "\"\n";
  s << "[timestart] 0\n";
  for (const GtkwGroup& group : groups) {
    const std::string label = group.scope.empty() ? "(top)" : group.scope;
    s << "@800200\n-" << label << "\n";
    const char* flags = "";
    for (const GtkwSignal& signal : group.signals) {
      const char* wanted = signal.width == 1 ? "@28" : "@22";
      if (std::strcmp(flags, wanted) != 0) s << wanted << "\n";
      flags = wanted;
      s << signal.name << "\n";
    }
    s << "@1000200\n-" << label << "\n";
  }
  return s.str();
}

std::string gtkw_path_for(const std::string& vcd_path) {
  std::filesystem::path path(vcd_path);
  if (path.extension() == ".gtkw") return vcd_path + ".gtkw";
  return path.replace_extension(".gtkw").string();
}

void write_gtkw_for(const std::string& vcd_path) {
  std::ifstream vcd(vcd_path, std::ios::binary);
  if (!vcd) throw std::runtime_error("cannot read VCD file '" + vcd_path + "': " + std::strerror(errno));
  std::vector<GtkwGroup> groups;
  try {
    groups = read_vcd_groups(vcd);
  } catch (const std::exception& e) {
    throw std::runtime_error("VCD file '" + vcd_path + "': " + e.what());
  }
  const std::string text = gtkw_text(std::filesystem::absolute(vcd_path).lexically_normal().string(), groups);
  const std::string path = gtkw_path_for(vcd_path);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot create GTKWave save file '" + path + "': " + std::strerror(errno));
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write GTKWave save file '" + path + "'");
}

void write_gtkw_beside(const std::string& vcd_path) noexcept {
  try {
    write_gtkw_for(vcd_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "acosim: warning: no GTKWave save file: %s\n", e.what());
  }
}

}  // namespace acosim::core

#include "sw/habana/asm/assembler.h"

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "sw/habana/asm/parser.h"

namespace acosim::habana::tpcasm {

namespace {

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool isLabelName(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_' || s[0] == '.'))
    return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'))
      return false;
  return true;
}

// Directives that only matter to the ELF writer; the model ignores them.
bool ignoredDirective(const std::string& name) {
  static const std::set<std::string> kIgnored = {".text", ".globl", ".global", ".type", ".size",
                                                 ".p2align", ".align", ".file", ".ident"};
  return kIgnored.count(name) != 0;
}

}  // namespace

Program assemble(const std::string& source, const std::string& fileName) {
  Program prog;
  std::vector<LabelRef> refs;
  std::set<std::string> labels;
  bool inMetadata = false;

  std::istringstream in(source);
  std::string raw;
  int lineNo = 0;
  while (std::getline(in, raw)) {
    ++lineNo;
    const size_t comment = raw.find("//");
    const std::string line = comment == std::string::npos ? raw : raw.substr(0, comment);
    std::string text = trim(line);
    if (text.empty()) continue;
    int col = static_cast<int>(line.find_first_not_of(" \t\r")) + 1;
    SourcePos pos{fileName, lineNo, col};

    if (text[0] == '.') {
      std::istringstream ds(text);
      std::string name, arg;
      ds >> name >> arg;
      if (name == ".section") {
        inMetadata = arg == ".tpc_metadata";
        if (inMetadata) prog.hasMetadataSection = true;
        else if (arg != ".text")
          throw AsmError(fileName, lineNo, col, "unsupported section '" + arg + "'");
        continue;
      }
      if (name == ".text") inMetadata = false;
      if (ignoredDirective(name)) continue;
      throw AsmError(fileName, lineNo, col, "unsupported directive '" + name + "'");
    }
    if (inMetadata) {
      // "key: TYPE value" (tpc_llvm MCTargetDesc/TPCMetadataSection.cpp).
      const size_t c = text.find(':');
      std::istringstream vs(c == std::string::npos ? "" : text.substr(c + 1));
      MetadataField f;
      vs >> f.type >> f.value;
      if (c == std::string::npos || f.type.empty() || f.value.empty())
        throw AsmError(fileName, lineNo, col, "malformed .tpc_metadata field '" + text + "'");
      f.key = trim(text.substr(0, c));
      prog.metadata.push_back(f);
      continue;
    }
    // Label, possibly followed by a bundle on the same line.
    const size_t colon = text.find(':');
    if (colon != std::string::npos && isLabelName(trim(text.substr(0, colon)))) {
      const std::string name = trim(text.substr(0, colon));
      if (!labels.insert(name).second)
        throw AsmError(fileName, lineNo, col, "label '" + name + "' is defined twice");
      ProgramItem item;
      item.kind = ProgramItem::kLabel;
      item.label = name;
      prog.items.push_back(item);
      const size_t restAt = line.find(':') + 1;
      const std::string rest = line.substr(restAt);
      if (trim(rest).empty()) continue;
      pos.col = static_cast<int>(restAt) + 1;
      text = rest;
    } else {
      pos.col = 1;
      text = line;
    }
    ProgramItem item;
    item.bundle = parseBundle(text, pos, &refs);
    prog.items.push_back(item);
  }
  for (const LabelRef& r : refs)
    if (!labels.count(r.name))
      throw AsmError(fileName, r.line, r.col, "missing label '" + r.name + "'");
  return prog;
}

Program assembleFile(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw AsmError(path, 0, 0, "cannot open file");
  std::stringstream ss;
  ss << f.rdbuf();
  return assemble(ss.str(), path);
}

}  // namespace acosim::habana::tpcasm

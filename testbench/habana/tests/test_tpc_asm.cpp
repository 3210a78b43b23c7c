// TPC assembler/disassembler against the round-trip tests of Habana's TPC
// compiler (tpc_llvm clang/test/RC99/asm), plus its error paths.
//
// The data-driven test takes every .s file with a Gaudi RUN line, assembles it
// into acosim's bundle IR, prints the IR back and checks the printed lines
// against the file's CHECK / CHECK-NEXT lines with FileCheck's ordering rules
// (whitespace aside, each CHECK must equal a whole printed line). RUN lines
// that expect the assembler to fail ("not %clang") check the diagnostic.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

#include "sw/habana/asm/assembler.h"
#include "sw/habana/asm/parser.h"
#include "sw/habana/asm/printer.h"
#include "testbench/habana/tests/tpc_asm_not_modelled.h"

namespace fs = std::filesystem;
using namespace acosim::habana::tpcasm;
using acosim::habana::tpcasm::testing::notModelledInstructions;

namespace {

// The build passes ACOSIM_CLIENTS_DIR's copy; ACOSIM_TPC_ASM_TESTS overrides it.
std::string testDir() {
  const char* env = std::getenv("ACOSIM_TPC_ASM_TESTS");
  return env && *env ? env : ACOSIM_TPC_ASM_TESTS_DIR;
}

// Collapses blanks and drops those next to ',' and ';'.
std::string normalize(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = true;
      continue;
    }
    if (space && !out.empty() && c != ',' && c != ';' && out.back() != ',' && out.back() != ';')
      out += ' ';
    space = false;
    out += c;
  }
  return out;
}

struct CheckLine {
  std::string text;
  bool next = false;
  int line = 0;
};

struct TestFile {
  bool gaudi = false;
  bool expectError = false;
  std::vector<CheckLine> checks;
};

// A RUN line targets Gaudi when it names the cpu "gaudi" exactly
// (-target-cpu gaudi, -mcpu gaudi, --mcpu=gaudi, -march=gaudi), not gaudi2/gaudib.
TestFile scan(const std::string& text) {
  static const std::regex kGaudi(R"((target-cpu|mcpu|march)[= ]+gaudi(?![0-9A-Za-z_]))");
  static const std::regex kCheck(R"(//\s*CHECK(-NEXT)?:(.*))");
  TestFile tf;
  std::istringstream in(text);
  std::string l;
  int n = 0;
  while (std::getline(in, l)) {
    ++n;
    std::smatch m;
    if (l.find("RUN:") != std::string::npos && std::regex_search(l, kGaudi)) {
      tf.gaudi = true;
      const std::string cmd = l.substr(l.find("RUN:") + 4);
      if (cmd.find_first_not_of(" \t") != std::string::npos &&
          cmd.compare(cmd.find_first_not_of(" \t"), 4, "not ") == 0)
        tf.expectError = true;
    } else if (std::regex_search(l, m, kCheck)) {
      tf.checks.push_back({m[2].str(), m[1].matched, n});
    }
  }
  return tf;
}

// Instruction mnemonics of a printed/expected bundle line ("add.f32 st" -> add).
std::vector<std::string> mnemonicsOf(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string slot;
  while (std::getline(in, slot, ';')) {
    std::istringstream ws(slot);
    std::string w;
    ws >> w;
    w = w.substr(0, w.find('.'));
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
    if (!w.empty()) out.push_back(w);
  }
  return out;
}

std::string notModelledIn(const std::string& line) {
  for (const std::string& m : mnemonicsOf(line)) {
    auto it = notModelledInstructions().find(m);
    if (it != notModelledInstructions().end()) return m;
  }
  return "";
}

struct FileResult {
  int passed = 0;
  int notModelled = 0;
  int unchecked = 0;  // printed lines skipped by a CHECK (FileCheck allows it)
  std::vector<std::string> failures;
};

// Substitutes [[@LINE+-N]] of a diagnostic CHECK with the absolute line.
std::string expandLine(const std::string& check, int checkLine) {
  static const std::regex kAt(R"(\[\[@LINE([+-]\d+)?\]\])");
  std::smatch m;
  std::string s = check;
  if (std::regex_search(s, m, kAt)) {
    const int off = m[1].matched ? std::stoi(m[1].str()) : 0;
    s = m.prefix().str() + std::to_string(checkLine + off) + m.suffix().str();
  }
  return s;
}

FileResult runFile(const fs::path& path, const TestFile& tf) {
  FileResult r;
  const std::string name = path.filename().string();
  if (tf.expectError) {
    try {
      assembleFile(path.string());
      r.failures.push_back(name + ": assembled although the test expects an error");
    } catch (const AsmError& e) {
      for (const CheckLine& c : tf.checks) {
        const std::string want = normalize(expandLine(c.text, c.line));
        if (normalize(e.what()).find(want) != std::string::npos) ++r.passed;
        else r.failures.push_back(name + ":" + std::to_string(c.line) + ": diagnostic '" +
                                  e.what() + "' does not contain '" + want + "'");
      }
    }
    return r;
  }
  std::vector<std::string> out;
  try {
    for (const std::string& l : printProgram(assembleFile(path.string()))) out.push_back(normalize(l));
  } catch (const AsmError& e) {
    // The whole file is refused: the lines of not-modelled instructions are
    // accounted for, everything else is a failure caused by this error.
    for (const CheckLine& c : tf.checks) {
      if (!notModelledIn(c.text).empty()) ++r.notModelled;
    }
    r.failures.push_back(std::string(e.what()));
    return r;
  }
  size_t cursor = 0;
  for (const CheckLine& c : tf.checks) {
    const std::string want = normalize(c.text);
    if (cursor < out.size() && out[cursor] == want) {
      ++r.passed;
      ++cursor;
      continue;
    }
    size_t found = out.size();
    if (!c.next)
      for (size_t i = cursor; i < out.size(); ++i)
        if (out[i] == want) {
          found = i;
          break;
        }
    if (found < out.size()) {
      ++r.passed;
      r.unchecked += static_cast<int>(found - cursor);
      cursor = found + 1;
      continue;
    }
    if (!notModelledIn(c.text).empty()) {
      ++r.notModelled;
    } else {
      r.failures.push_back(name + ":" + std::to_string(c.line) + ": expected '" + want +
                           "', printed '" + (cursor < out.size() ? out[cursor] : "<end>") + "'");
    }
    ++cursor;
  }
  return r;
}

}  // namespace

TEST(TpcAsmRoundTrip, GaudiCompilerTests) {
  const fs::path dir = testDir();
  if (!fs::is_directory(dir))
    GTEST_SKIP() << "TPC compiler tests not found at " << dir
                 << "; run scripts/fetch-clients.sh or set ACOSIM_TPC_ASM_TESTS";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".s") files.push_back(e.path());
  std::sort(files.begin(), files.end());

  int nFiles = 0, nClean = 0, passed = 0, notModelled = 0;
  std::vector<std::string> failures;
  for (const fs::path& p : files) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    const TestFile tf = scan(ss.str());
    if (!tf.gaudi) continue;
    ++nFiles;
    const FileResult r = runFile(p, tf);
    passed += r.passed;
    notModelled += r.notModelled;
    if (r.failures.empty()) ++nClean;
    std::cout << "[tpc-asm] " << fs::relative(p, dir).string() << ": " << r.passed << "/"
              << tf.checks.size() << " pass";
    if (r.notModelled) std::cout << ", " << r.notModelled << " not modelled";
    if (r.unchecked) std::cout << ", " << r.unchecked << " printed lines without CHECK";
    if (!r.failures.empty()) std::cout << ", " << r.failures.size() << " FAIL";
    std::cout << "\n";
    failures.insert(failures.end(), r.failures.begin(), r.failures.end());
  }
  std::cout << "[tpc-asm] Gaudi files: " << nFiles << " (" << nClean << " clean), CHECK lines: "
            << passed << " pass, " << notModelled << " not modelled, " << failures.size()
            << " failures\n";
  // tpc_llvm at the pinned commit (testbench/clients/tpc-llvm-asm.sha1) has
  // 109 files whose RUN lines target gaudi: none may drop out unnoticed.
  EXPECT_EQ(nFiles, 109);
  std::string report;
  for (size_t i = 0; i < failures.size() && i < 60; ++i) report += failures[i] + "\n";
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures, first ones:\n" << report;
}

// ---------------------------------------------------------------------------
// Error paths.

namespace {

std::string errorOf(const std::string& src) {
  try {
    assemble(src, "t.s");
  } catch (const AsmError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(TpcAsmErrors, UnknownMnemonic) {
  const std::string e = errorOf("nop; frobnicate.f32 S1, S2, S3; nop; nop\n");
  EXPECT_NE(e.find("t.s:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown mnemonic 'frobnicate'"), std::string::npos) << e;
}

TEST(TpcAsmErrors, InstructionInWrongSlot) {
  const std::string e = errorOf("nop; nop; ld_tnsr V1, S27, I2; nop\n");
  EXPECT_NE(e.find("LD_TNSR cannot be placed in the VPU slot"), std::string::npos) << e;
  EXPECT_NE(e.find("load slot"), std::string::npos) << e;
  const std::string e2 = errorOf("\n\nnop; nop; nop; add.f32 S1, S2, S3\n");
  EXPECT_NE(e2.find("t.s:3:"), std::string::npos) << e2;
  EXPECT_NE(e2.find("ADD cannot be placed in the store slot"), std::string::npos) << e2;
}

TEST(TpcAsmErrors, GoyaOnlyInstructionIsRefused) {
  const std::string e = errorOf("LOOKUP_C0 V1, V2, BV32, 1; nop; nop; nop\n");
  EXPECT_NE(e.find("Goya instruction, not available on Gaudi"), std::string::npos) << e;
}

TEST(TpcAsmErrors, UnmodelledGaudiInstructionIsNamed) {
  const std::string e = errorOf("nop; nop; msac.i16 V1, V2, V3; nop\n");
  EXPECT_NE(e.find("MSAC is a Gaudi instruction that acosim's assembler does not model yet"),
            std::string::npos)
      << e;
}

TEST(TpcAsmErrors, BadRegister) {
  const std::string e = errorOf("nop; nop; add.f32 V40, V1, V2; nop\n");
  EXPECT_NE(e.find("register V40 is out of range (V0-V39 on Gaudi)"), std::string::npos) << e;
  const std::string e2 = errorOf("nop; add.i32 S1, S2, V3; nop; nop\n");
  EXPECT_NE(e2.find("operand 3 of ADD must be"), std::string::npos) << e2;
  EXPECT_NE(e2.find("not V3"), std::string::npos) << e2;
  const std::string e3 = errorOf("nop; add.f32 S1, S2, S3, VP1; nop; nop\n");
  EXPECT_NE(e3.find("vector predicate VP1 is not allowed in the SPU slot"), std::string::npos)
      << e3;
}

TEST(TpcAsmErrors, MalformedOperand) {
  const std::string e = errorOf("nop; nop; mul.f32 V1, V2, %%%; nop\n");
  EXPECT_NE(e.find("malformed operand '%%%' of MUL"), std::string::npos) << e;
  const std::string e2 = errorOf("nop; nop; mul.f32 V1; nop\n");
  EXPECT_NE(e2.find("MUL expects 3 operand(s), got 1"), std::string::npos) << e2;
  const std::string e3 = errorOf("nop; add.i32 I1, I2, I3; nop; nop\n");
  EXPECT_NE(e3.find("needs a dimension mask"), std::string::npos) << e3;
}

TEST(TpcAsmErrors, MissingLabelNamesLineAndColumn) {
  const std::string e = errorOf("nop; jmpr END, SP1; nop; nop\nOTHER:\n");
  EXPECT_NE(e.find("t.s:1:11: error: missing label 'END'"), std::string::npos) << e;
}

TEST(TpcAsmIr, BundleCarriesTypedFields) {
  const Program p = assemble("nop; nop; add.i32 st V3, V2, 0x7b, !VP1; st_tnsr.partial 1, I3, V4\n");
  ASSERT_EQ(p.items.size(), 1u);
  const Bundle& b = p.items[0].bundle;
  const Instruction& v = b.slot[2];
  EXPECT_EQ(v.op, Opcode::Add);
  EXPECT_EQ(v.dt, DataType::I32);
  EXPECT_EQ(v.sw.get(Sw::Sat), 1u);
  ASSERT_EQ(v.ops.size(), 3u);
  EXPECT_TRUE(v.ops[0].isReg(RegFile::V));
  EXPECT_EQ(v.ops[2].imm, 0x7bu);
  EXPECT_TRUE(v.pred.present && v.pred.vector && v.pred.negated && v.pred.index == 1);
  const Instruction& st = b.slot[3];
  EXPECT_EQ(st.sw.get(Sw::Partial), 1u);
  ASSERT_EQ(st.ops.size(), 4u);
  EXPECT_TRUE(st.ops[3].isReg(RegFile::S) && st.ops[3].reg.index == 31);
  EXPECT_EQ(printBundle(b), "nop; nop; add.i32 st V3, V2, 0x7b, !VP1; st_tnsr 0x1, I3, V4, S31");
}

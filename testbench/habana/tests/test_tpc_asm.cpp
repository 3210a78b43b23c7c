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

TEST(TpcAsmErrors, InstructionsOfOtherGenerationsAreRefused) {
  // MSAC needs MULI8, MADD FeatureMADD, UDIV_STEP is Gen1: none is Gaudi's.
  const std::string e = errorOf("nop; nop; msac.i16 normalize_ab V1, V2, V3, V4, V5; nop\n");
  EXPECT_NE(e.find("MSAC is a Goya/Greco/Gaudi2 instruction, not available on Gaudi"),
            std::string::npos)
      << e;
  const std::string e2 = errorOf("nop; nop; madd.f32 V5, V1, V2, V4; nop\n");
  EXPECT_NE(e2.find("MADD is a Greco/Gaudi2 instruction, not available on Gaudi"),
            std::string::npos)
      << e2;
  const std::string e3 = errorOf("nop; udiv_step.u32 0x0 Z4, S1; nop; nop\n");
  EXPECT_NE(e3.find("UDIV_STEP is a Goya instruction"), std::string::npos) << e3;
}

TEST(TpcAsmErrors, SwitchesAndFormsOfOtherGenerationsAreRefused) {
  const std::string e = errorOf("nop; nop; mov_dg.pack pack_type=0 V1, V2; nop\n");
  EXPECT_NE(e.find("switch PACK of MOV_DG is a Greco/Gaudi2 switch, not available on Gaudi"),
            std::string::npos)
      << e;
  const std::string e2 = errorOf("nop; extract_exp.f32 subtract_bias S1, S2; nop; nop\n");
  EXPECT_NE(e2.find("switch SUBTRACT_BIAS of EXTRACT_EXP is a Goya switch"), std::string::npos)
      << e2;
  const std::string e3 = errorOf("ld_g ev_hint S2, AD1; nop; nop; nop\n");
  EXPECT_NE(e3.find("switch EV_HINT of LD_G is a Greco/Gaudi2 switch"), std::string::npos) << e3;
  const std::string e4 = errorOf("nop; nop; unpack.i16 V1, V2, GROUP_0, STRIDE_2, GROUP_HALF_0, "
                                 "UNPACK_LANE_0; nop\n");
  EXPECT_NE(e4.find("switch UNPACK_LANE_0 of UNPACK is a GaudiB/Gaudi2 switch"), std::string::npos)
      << e4;
  // Gaudi2-only operand forms: SHUFFLE with an S selector, LD_G to an I
  // register, LD_G under a vector predicate, 3-operand UDIV_4STEP.
  const std::string e5 = errorOf("nop; nop; shuffle.f32 V1, V2, S3; nop\n");
  EXPECT_NE(e5.find("operand 3 of SHUFFLE must be V, not S3"), std::string::npos) << e5;
  const std::string e6 = errorOf("ld_g b11001 I2, AD1; nop; nop; nop\n");
  EXPECT_FALSE(e6.empty());
  const std::string e7 = errorOf("ld_g V1, AD1, VP2; nop; nop; nop\n");
  EXPECT_NE(e7.find("vector predicate VP2 is not allowed for LD_G (scalar predicates only)"),
            std::string::npos)
      << e7;
  const std::string e8 = errorOf("nop; udiv_4step.u32 S5 Z4, S1; nop; nop\n");
  EXPECT_FALSE(e8.empty());
  const std::string e9 = errorOf("nop; nop; get_lut_entry_and_interval_start.bf16 opt D0, V3, 0x0; nop\n");
  EXPECT_NE(e9.find("switch OPT of GET_LUT_ENTRY_AND_INTERVAL_START is a Greco/Gaudi2 switch"),
            std::string::npos)
      << e9;
}

TEST(TpcAsmErrors, IndexAndGlobalFormsAreChecked) {
  const std::string e = errorOf("set_indx I1, S2; nop; nop; nop\n");
  EXPECT_NE(e.find("SET_INDX needs a dimension mask (bXXXXX) as its second operand"),
            std::string::npos)
      << e;
  const std::string e2 = errorOf("set_indx I1, S2, b00011; nop; nop; nop\n");
  EXPECT_NE(e2.find("the dimension mask of SET_INDX must be its second operand"),
            std::string::npos)
      << e2;
  const std::string e3 = errorOf("nop; mov_irf_dim S2, I4; nop; nop\n");
  EXPECT_NE(e3.find("MOV_IRF_DIM needs the dimension (0-4)"), std::string::npos) << e3;
  const std::string e4 = errorOf("nop; mov_irf_dim 5 S2, I4; nop; nop\n");
  EXPECT_NE(e4.find("out of range for MOV_IRF_DIM"), std::string::npos) << e4;
  const std::string e5 = errorOf("nop; nop; nop; st_g AD1, V1\n");
  EXPECT_NE(e5.find("operand 2 of ST_G must be S or SP, not V1"), std::string::npos) << e5;
  const std::string e6 = errorOf("nop; nop; nop; gen_addr S1, 0x1, I2\n");
  EXPECT_NE(e6.find("operand 1 of GEN_ADDR must be AD"), std::string::npos) << e6;
  const std::string e7 = errorOf("nop; nop; get_lut_entry_and_interval_start.f32 V4, V2, 1, 5; nop\n");
  EXPECT_NE(e7.find("out of range for GET_LUT_ENTRY_AND_INTERVAL_START"), std::string::npos) << e7;
  const std::string e8 = errorOf("nop; nop; cache_flush; nop\n");
  EXPECT_NE(e8.find("CACHE_FLUSH cannot be placed in the VPU slot"), std::string::npos) << e8;
  const std::string e9 = errorOf("prmt_indx I1, I2, S3, VP1; nop; nop; nop\n");
  EXPECT_NE(e9.find("vector predicate VP1 is not allowed for PRMT_INDX"), std::string::npos)
      << e9;
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

// ---------------------------------------------------------------------------
// Gaudi instructions that no Gaudi test of the compiler uses.

namespace {

Bundle oneBundle(const std::string& line) {
  const Program p = assemble(line + "\n", "t.s");
  EXPECT_EQ(p.items.size(), 1u);
  return p.items.empty() ? Bundle{} : p.items[0].bundle;
}

}  // namespace

TEST(TpcAsmIr, IndexRegisterForms) {
  const Bundle b = oneBundle("SET_INDX I3, b00110, S5, !SP2; MOV_IRF_DIM 2 S7, I4; NOP; "
                             "PRMT_INDX I1, I2, S9");
  const Instruction& si = b.slot[0];
  EXPECT_EQ(si.op, Opcode::SetIndx);
  EXPECT_EQ(si.dimMask, 0b00110);
  ASSERT_EQ(si.ops.size(), 2u);
  EXPECT_TRUE(si.ops[0].isReg(RegFile::I) && si.ops[0].reg.index == 3);
  EXPECT_TRUE(si.ops[1].isReg(RegFile::S) && si.ops[1].reg.index == 5);
  EXPECT_TRUE(si.pred.present && !si.pred.vector && si.pred.negated && si.pred.index == 2);
  const Instruction& md = b.slot[1];
  EXPECT_EQ(md.op, Opcode::MovIrfDim);
  EXPECT_EQ(md.sw.get(Sw::IrfDim), 2u);
  ASSERT_EQ(md.ops.size(), 2u);
  EXPECT_TRUE(md.ops[0].isReg(RegFile::S) && md.ops[1].isReg(RegFile::I));
  const Instruction& pi = b.slot[3];
  EXPECT_EQ(pi.op, Opcode::PrmtIndx);
  ASSERT_EQ(pi.ops.size(), 3u);
  EXPECT_TRUE(pi.ops[1].isReg(RegFile::I) && pi.ops[2].isReg(RegFile::S));
  EXPECT_EQ(printBundle(b),
            "set_indx I3, b00110, S5, !SP2; mov_irf_dim 0x2 S7, I4; nop; prmt_indx I1, I2, S9");

  const Bundle imm = oneBundle("nop; set_indx I0, b11111, 0x10; nop; set_indx I31, b00001, -1");
  EXPECT_EQ(imm.slot[1].op, Opcode::SetIndx);
  EXPECT_EQ(imm.slot[1].ops[1].kind, OperandKind::Imm);
  EXPECT_EQ(imm.slot[1].ops[1].imm, 0x10u);
  EXPECT_EQ(imm.slot[3].ops[1].imm, 0xffffffffu);
  EXPECT_EQ(printBundle(imm),
            "nop; set_indx I0, b11111, 0x10; nop; set_indx I31, b00001, 0xffffffff");
}

TEST(TpcAsmIr, GlobalMemoryForms) {
  const Bundle b = oneBundle("GEN_ADDR AD2, 5, I7, SP1; NOP; NOP; ST_G AD2, SP3, !SP4");
  const Instruction& ga = b.slot[0];
  EXPECT_EQ(ga.op, Opcode::GenAddr);
  ASSERT_EQ(ga.ops.size(), 3u);
  EXPECT_TRUE(ga.ops[0].isReg(RegFile::AD) && ga.ops[0].reg.index == 2);
  EXPECT_EQ(ga.ops[1].kind, OperandKind::Imm);
  EXPECT_EQ(ga.ops[1].imm, 5u);
  EXPECT_TRUE(ga.ops[2].isReg(RegFile::I) && ga.ops[2].reg.index == 7);
  const Instruction& sg = b.slot[3];
  EXPECT_EQ(sg.op, Opcode::StG);
  EXPECT_TRUE(sg.ops[0].isReg(RegFile::AD) && sg.ops[1].isReg(RegFile::SP));
  EXPECT_TRUE(sg.pred.present && sg.pred.negated && sg.pred.index == 4);
  EXPECT_EQ(printBundle(b), "gen_addr AD2, 0x5, I7, SP1; nop; nop; st_g AD2, SP3, !SP4");

  for (const char* dst : {"S3", "SP3", "V3"}) {
    const Bundle l = oneBundle(std::string("ld_g ") + dst + ", AD1; nop; nop; gen_addr AD0, 0, I1");
    EXPECT_EQ(l.slot[0].op, Opcode::LdG);
    EXPECT_TRUE(l.slot[0].ops[1].isReg(RegFile::AD));
    EXPECT_EQ(l.slot[3].op, Opcode::GenAddr);
    EXPECT_EQ(printBundle(l),
              std::string("ld_g ") + dst + ", AD1; nop; nop; gen_addr AD0, 0x0, I1");
  }
}

TEST(TpcAsmIr, VectorPermuteAndSpecialFunctionForms) {
  const Bundle p = oneBundle("nop; nop; PACK.I16 V1, V2, GROUP_1, STRIDE_4, VP3; nop");
  const Instruction& pk = p.slot[2];
  EXPECT_EQ(pk.op, Opcode::Pack);
  EXPECT_EQ(pk.dt, DataType::I16);
  EXPECT_EQ(pk.sw.get(Sw::SourceGroup), 1u);
  EXPECT_EQ(pk.sw.get(Sw::ElementStride), 1u);  // stride 4
  EXPECT_TRUE(pk.pred.present && pk.pred.vector);
  EXPECT_EQ(printBundle(p),
            "nop; nop; pack.i16 source_group=1 element_stride=4 V1, V2, VP3; nop");

  const Bundle u = oneBundle(
      "nop; nop; unpack.u8 source_group=0 element_stride=2 group_half=1 V5, V6; nop");
  EXPECT_EQ(u.slot[2].op, Opcode::Unpack);
  EXPECT_EQ(u.slot[2].sw.get(Sw::GroupHalf), 1u);
  EXPECT_EQ(u.slot[2].sw.get(Sw::ElementStride), 0u);
  EXPECT_EQ(printBundle(u),
            "nop; nop; unpack.u8 source_group=0 element_stride=2 group_half=1 V5, V6; nop");

  const Bundle g = oneBundle("nop; nop; GET_LUT_ENTRY_AND_INTERVAL_START.F32 V4, V2, 12, 3; nop");
  const Instruction& gl = g.slot[2];
  EXPECT_EQ(gl.op, Opcode::GetLutEntryAndIntervalStart);
  EXPECT_TRUE(gl.ops[0].isReg(RegFile::D) && gl.ops[0].reg.index == 4);
  EXPECT_EQ(gl.ops[2].imm, 12u);
  EXPECT_EQ(gl.sw.get(Sw::LutFunc), static_cast<uint32_t>(kLutSinCos));
  EXPECT_EQ(printBundle(g),
            "nop; nop; get_lut_entry_and_interval_start.f32 sin_cos D4, V2, 0xc; nop");

  const Bundle f = oneBundle(
      "nop; nop; FORM_FP_NUM.BF16 V2, S1, V3, V4, EXP_ADD_BIAS, FORCE_SIGN1, !VP5; nop");
  const Instruction& ff = f.slot[2];
  EXPECT_EQ(ff.op, Opcode::FormFpNum);
  EXPECT_EQ(ff.sw.get(Sw::ExpAddBias), 1u);
  EXPECT_EQ(ff.sw.get(Sw::ForceSign1), 1u);
  EXPECT_EQ(ff.sw.get(Sw::ForceSign0), 0u);
  EXPECT_TRUE(ff.ops[1].isReg(RegFile::S));
  EXPECT_EQ(printBundle(f),
            "nop; nop; form_fp_num.bf16 exp_add_bias force_sign1 V2, S1, V3, V4, !VP5; nop");

  const Bundle s = oneBundle("nop; extract_exp.bf16 biased S1, S2; shuffle.i8 V1, V2, V3, SP1; nop");
  EXPECT_EQ(s.slot[1].sw.get(Sw::Biased), 1u);
  EXPECT_EQ(s.slot[2].op, Opcode::Shuffle);
  EXPECT_EQ(printBundle(s),
            "nop; extract_exp.bf16 biased S1, S2; shuffle.i8 V1, V2, V3, SP1; nop");
}

TEST(TpcAsmIr, JumpAndCacheForms) {
  const Program p = assemble(
      "T:\n"
      "nop; jmpr S20, !SP1; nop; cache_flush SP2\n"
      "nop; jmpa T; nop; cache_invalidate\n"
      "nop; jmpa S3, SP4; nop; cache_invalidate !SP1\n");
  ASSERT_EQ(p.items.size(), 4u);
  const Instruction& jr = p.items[1].bundle.slot[1];
  EXPECT_EQ(jr.op, Opcode::Jmpr);
  EXPECT_TRUE(jr.ops[0].isReg(RegFile::S) && jr.ops[0].reg.index == 20);
  EXPECT_EQ(p.items[1].bundle.slot[3].op, Opcode::CacheFlush);
  const Instruction& ja = p.items[2].bundle.slot[1];
  EXPECT_EQ(ja.op, Opcode::Jmpa);
  EXPECT_EQ(ja.ops[0].kind, OperandKind::Label);
  EXPECT_EQ(p.items[2].bundle.slot[3].op, Opcode::CacheInvalidate);
  const std::vector<std::string> want = {
      "T:", "nop; jmpr S20, !SP1; nop; cache_flush SP2", "nop; jmpa T; nop; cache_invalidate",
      "nop; jmpa S3, SP4; nop; cache_invalidate !SP1"};
  EXPECT_EQ(printProgram(p), want);
}

// The compiler's tests for Goya, Greco or Doron1 whose instructions and
// operand forms Gaudi has as well. Gaudi-validity follows tpc_llvm's
// definitions: the TPCInstrInfo.td records these lines use carry no
// Requires<> (or one the gaudi processor of TPC.td satisfies), and the
// switches they print are AllCores / FeatureBF16 in InstructionDB.cpp.
TEST(TpcAsmRoundTrip, GaudiFormsFromOtherTargetsTests) {
  fs::path dir = testDir();
  if (!fs::is_directory(dir)) GTEST_SKIP() << "TPC compiler tests not found at " << dir;
  if (fs::is_directory(dir / "compare")) dir /= "compare";
  struct Case {
    const char* file;
    const char* why;
    const char* skip;  // CHECK lines containing this are another generation's
  };
  const Case kCases[] = {
      {"set_indx-ld-01.s", "SET_INDX_ld_rp/ip: I, mask, S or immediate, SP predicate", nullptr},
      {"set_indx-spu-01.s", "SET_INDX_spu_rp/ip", nullptr},
      {"set_indx-st-01.s", "SET_INDX_st_rp/ip", nullptr},
      {"prmt_indx-ld-01.s", "PRMT_INDX_ld: I, I, S", nullptr},
      {"prmt_indx-st-01.s", "PRMT_INDX_st", nullptr},
      {"gen_addr-ld-01.s", "GEN_ADDR_ld with a tensor number (not TnsrInReg), no dt switch",
       nullptr},
      {"gen_addr-st-01.s", "GEN_ADDR_st", nullptr},
      {"ld_g-01.s", "LD_Gsap/pap/vap: S, SP, V from AD, SP predicate, no switch", nullptr},
      {"st_g-01.s", "ST_Gs/ST_Gp: S or SP to AD", nullptr},
      {"shuffle-01.s", "SHUFFLEvvp/vvm (V selector) in Gaudi types", nullptr},
      {"pack-01.s", "PACKp/m; source_group, element_stride are AllCores", nullptr},
      {"unpack-01.s", "UNPACKp/m; group_half is AllCores, unpack_lane unused", nullptr},
      {"get_lut_entry-01.s", "GET_LUT_ENTRYp/m, f32; funcid is AllCores", nullptr},
      {"get_lut_entry-02.s", "GET_LUT_ENTRYp/m, bf16; opt/exp0 unused", nullptr},
      {"form_fp_num-01.s", "FORM_FP_NUM*, f32; flags AllCores, special_func unused", nullptr},
      {"form_fp_num-02.s", "FORM_FP_NUM*, bf16", nullptr},
      {"mov_irf_dim.s", "MOV_IRF_DIM without the Gaudi2 'both' switch", nullptr},
      {"cache_flush-01.s", "CACHE_FLUSH (StoreInstPred), no switch", nullptr},
      {"cache_invalidate-01.s", "CACHE_INVALIDATE (StoreInstPred), no switch", nullptr},
      {"jmpr.s", "JMPR to a label and JMPRr to an S register", nullptr},
      {"extract_exp/extract_exp-s-01.s", "EXTRACT_EXPssp/sip; subtract_bias is Goya's",
       "subtract_bias"},
      {"extract_exp/extract_exp-v-01.s", "EXTRACT_EXPvvp/vip/vvm/vim", "subtract_bias"},
  };
  int passed = 0, skipped = 0;
  std::vector<std::string> failures;
  for (const Case& c : kCases) {
    const fs::path p = dir / c.file;
    std::ifstream in(p);
    ASSERT_TRUE(in) << p;
    std::stringstream ss;
    ss << in.rdbuf();
    const TestFile tf = scan(ss.str());
    ASSERT_FALSE(tf.gaudi) << c.file << " is already one of the Gaudi tests";
    ASSERT_FALSE(tf.checks.empty()) << c.file;
    int filePassed = 0;
    if (!c.skip) {
      // The whole file assembles, and prints as its CHECK lines say.
      const FileResult r = runFile(p, tf);
      filePassed = r.passed;
      failures.insert(failures.end(), r.failures.begin(), r.failures.end());
      EXPECT_EQ(r.passed, static_cast<int>(tf.checks.size())) << c.file << ": " << c.why;
    } else {
      // Only the canonical (CHECK) lines of Gaudi's forms round-trip.
      for (const CheckLine& cl : tf.checks) {
        if (cl.text.find(c.skip) != std::string::npos) {
          ++skipped;
          continue;
        }
        const std::string want = normalize(cl.text);
        try {
          const std::vector<std::string> out = printProgram(assemble(cl.text + "\n", c.file));
          if (out.size() == 1 && normalize(out[0]) == want) ++filePassed;
          else failures.push_back(std::string(c.file) + ":" + std::to_string(cl.line) +
                                  ": printed '" + (out.empty() ? "" : out[0]) + "'");
        } catch (const AsmError& e) {
          failures.push_back(e.what());
        }
      }
    }
    std::cout << "[tpc-asm] other target " << c.file << ": " << filePassed << "/"
              << tf.checks.size() << " pass (" << c.why << ")\n";
    passed += filePassed;
  }
  std::cout << "[tpc-asm] Gaudi forms from other targets' tests: " << std::size(kCases)
            << " files, CHECK lines: " << passed << " pass, " << skipped
            << " of other generations skipped, " << failures.size() << " failures\n";
  std::string report;
  for (size_t i = 0; i < failures.size() && i < 40; ++i) report += failures[i] + "\n";
  EXPECT_TRUE(failures.empty()) << report;
}

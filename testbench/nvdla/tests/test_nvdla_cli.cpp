// `acosim nvdla trace ...` as a user runs it: exit status, the PASS/FAIL
// report on stdout and the one-line "acosim: error: ..." on stderr naming
// the file and line, the unit and the rule. Each bad-input case copies one
// of NVDLA's own trace tests into a per-test folder and breaks it on
// purpose; tests that need those traces skip where the data is missing.
// Expected CRCs and dump bytes are NVDLA's golden values from the traces
// themselves; expected line numbers are found in the copied files.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "testbench/core/tests/cli_test.h"
#include "testbench/nvdla/tests/conformance_data.h"

namespace acosim::nvdla::test {
namespace {

namespace fs = std::filesystem;

using acosim::test::contains;
using acosim::test::expect_one_line_error;
using acosim::test::Outcome;
using acosim::test::slurp;

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every file below `folder` (relative paths), for before/after comparisons.
std::set<std::string> listing(const fs::path& folder) {
  std::set<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    names.insert(fs::relative(entry.path(), folder).string());
  }
  return names;
}

// The bytes of a memory dump: the 0xNN tokens of every line whose first
// token is one (the layout of NVDLA's golden .dat files and of the dumps
// acosim writes: header lines, then lines of " 0xNN" bytes).
std::vector<int> dump_bytes(const std::string& text) {
  std::vector<int> bytes;
  for (const std::string& line : lines_of(text)) {
    std::istringstream tokens(line);
    std::string token;
    if (!(tokens >> token) || token.rfind("0x", 0) != 0) continue;
    do {
      bytes.push_back(std::stoi(token.substr(2), nullptr, 16));
    } while (tokens >> token);
  }
  return bytes;
}

const fs::path kConformance = conformance_root();

// Skips the test where NVDLA's trace tests are not available (fails it
// under CI=true).
#define REQUIRE_CONFORMANCE_DATA() ACOSIM_REQUIRE_NVDLA_CONFORMANCE(kConformance)

// The traces the tests start from.
constexpr const char* kPdpCfg = "nv_small/pdp_8x8x64_2x2_int8";  // offline 2x2 max pooling, check_crc
constexpr const char* kPdpCfgFile = "pdp_8x8x64_2x2_int8.cfg";
constexpr const char* kPdpCfgPayload = "pdp_8x8x64_2x2_int8_in.dat";
constexpr const char* kGoldenCrc = "0x33d91a71";                       // its check_crc expectation
constexpr const char* kPdpTxn = "nv_full_traceplayer/pdp_max_pooling_int16";  // read_reg + dump_mem
constexpr const char* kBdmaTxn = "nv_full_traceplayer/sanity2";              // BDMA copy + interrupt

class NvdlaCli : public acosim::test::CliTest {
 protected:
  NvdlaCli() : CliTest("acosim_nvdla_cli_") {}

  // Without --out the command makes a new temporary folder for its dumps;
  // TMPDIR puts it into this test's folder (tmp()), where the test can look
  // at it.
  Outcome run(const std::string& arguments) {
    fs::create_directories(tmp());
    return CliTest::run(arguments, "TMPDIR='" + tmp().string() + "'");
  }

  Outcome trace(const fs::path& path, const std::string& config, const std::string& options = "") {
    return run("nvdla trace '" + path.string() + "' --config " + config + " " + options);
  }

  // A writable copy of conformance test `test` in the test folder.
  fs::path copy_trace(const std::string& test) {
    const fs::path from = kConformance / test;
    const fs::path to = dir / fs::path(test).filename();
    fs::create_directories(to);
    for (const auto& entry : fs::directory_iterator(from)) {
      const fs::path target = to / entry.path().filename();
      fs::copy_file(entry.path(), target);
      fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add);
    }
    return to;
  }

  // Replaces the one line of `file` that contains `from` by the line with
  // `from` replaced by `to`; returns that line's number (1-based), 0 (and a
  // test failure) if `from` is not on exactly one line.
  static unsigned edit_line(const fs::path& file, const std::string& from, const std::string& to) {
    std::vector<std::string> lines = lines_of(slurp(file));
    unsigned found = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
      const size_t at = lines[i].find(from);
      if (at == std::string::npos) continue;
      if (found != 0) {
        ADD_FAILURE() << "'" << from << "' is on more than one line of " << file;
        return 0;
      }
      lines[i].replace(at, from.size(), to);
      found = static_cast<unsigned>(i + 1);
    }
    if (found == 0) {
      ADD_FAILURE() << "'" << from << "' is not in " << file;
      return 0;
    }
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    write_text(file, text);
    return found;
  }

  fs::path tmp() const { return dir / "tmp"; }
};

// --------------------------------------------------------------- usage

TEST_F(NvdlaCli, MissingConfigIsAUsageError) {
  const Outcome o = run("nvdla trace '" + dir.string() + "'");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "--config")) << o.err;
}

TEST_F(NvdlaCli, UnknownConfigIsAUsageErrorListingTheKnownOnes) {
  const Outcome o = trace(dir, "nv_tiny");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  for (const char* name : {"nv_tiny", "nv_small", "nv_large", "nv_full"}) {
    EXPECT_TRUE(contains(o.err, name)) << o.err;
  }
}

TEST_F(NvdlaCli, UnknownCommandAndBadTimeoutAreUsageErrors) {
  EXPECT_EQ(run("nvdla").status, 2);
  Outcome o = run("nvdla replay x");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "replay")) << o.err;
  for (const char* timeout : {"0", "1e30"}) {
    o = trace(dir, "nv_small", std::string("--timeout-us ") + timeout);
    EXPECT_EQ(o.status, 2) << timeout;
    expect_one_line_error(o);
    EXPECT_TRUE(contains(o.err, "--timeout-us")) << o.err;
  }
}

TEST_F(NvdlaCli, PathWithoutATraceIsAnErrorNamingIt) {
  Outcome o = trace(dir, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, dir.string() + ": no trace in this folder")) << o.err;

  const fs::path missing = dir / "missing";
  o = trace(missing, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, missing.string())) << o.err;

  const fs::path text = dir / "notes.txt";
  write_text(text, "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1);\n");
  o = trace(text, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, text.string() + ": not a trace")) << o.err;
}

// --------------------------------------------------------------- a trace that passes

TEST_F(NvdlaCli, PlaysAConformanceTraceAndPassesItsCrc) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  const Outcome o = trace(folder, "nv_small");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(o.err, "");
  EXPECT_TRUE(contains(o.out, std::string("PASS check_crc(sync_id_0) pri_mem 0x80100000+0x1000 crc ") + kGoldenCrc))
      << o.out;
  EXPECT_TRUE(contains(o.out, "1 passed, 0 failed")) << o.out;
}

// --------------------------------------------------------------- malformed traces

TEST_F(NvdlaCli, CfgSyntaxErrorNamesFileAndLine) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path cfg = copy_trace(kPdpCfg) / kPdpCfgFile;
  const unsigned line = edit_line(cfg, "D_PARTIAL_WIDTH_OUT_0, 0x701c07);", "D_PARTIAL_WIDTH_OUT_0, 0x701c07)");
  const Outcome o = trace(cfg, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, cfg.string() + ":" + std::to_string(line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, "';'")) << o.err;
  EXPECT_FALSE(contains(o.out, "passed")) << o.out;
}

TEST_F(NvdlaCli, UnknownRegisterIsNamedWithFileAndLine) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path cfg = copy_trace(kPdpCfg) / kPdpCfgFile;
  const unsigned line = edit_line(cfg, "NVDLA_PDP.D_PARTIAL_WIDTH_OUT_0", "NVDLA_PDP.D_PARTIAL_WIDTH_SIDEWAYS_0");
  const Outcome o = trace(cfg, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, cfg.string() + ":" + std::to_string(line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, "unknown register NVDLA_PDP.D_PARTIAL_WIDTH_SIDEWAYS_0")) << o.err;
}

TEST_F(NvdlaCli, RegisterOfAUnitNotModelledNamesTheUnit) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path cfg = copy_trace(kPdpCfg) / kPdpCfgFile;
  // RUBIK has a window in nv_small's register map but no model here.
  const unsigned line = edit_line(cfg, "NVDLA_PDP.D_PARTIAL_WIDTH_OUT_0", "NVDLA_RUBIK.D_OP_ENABLE_0");
  const Outcome o = trace(cfg, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, cfg.string() + ":" + std::to_string(line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, "RUBIK is not modelled")) << o.err;
}

TEST_F(NvdlaCli, TruncatedPayloadNamesTheDatFileAndLine) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  const fs::path dat = folder / kPdpCfgPayload;
  // Keep ten lines and the first half of the eleventh: the file ends inside
  // a record, before its payload is complete.
  const std::vector<std::string> lines = lines_of(slurp(dat));
  ASSERT_GT(lines.size(), 11u);
  std::string text;
  for (size_t i = 0; i < 10; ++i) text += lines[i] + "\n";
  const size_t last_token = lines[10].rfind(' ', lines[10].find('}'));
  ASSERT_NE(last_token, std::string::npos) << lines[10];
  text += lines[10].substr(0, last_token);
  write_text(dat, text);
  const unsigned load_line = edit_line(folder / kPdpCfgFile, kPdpCfgPayload, kPdpCfgPayload);

  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  // Both the trace line that loads the file and the broken line of the file.
  EXPECT_TRUE(contains(o.err, (folder / kPdpCfgFile).string() + ":" + std::to_string(load_line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, dat.string() + ":11: ")) << o.err;
  EXPECT_FALSE(contains(o.out, "passed")) << o.out;
}

TEST_F(NvdlaCli, MalformedPayloadByteIsNamedWithFileAndLine) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  const fs::path dat = folder / kPdpCfgPayload;
  const unsigned line = edit_line(dat, "{offset:0x4, size:4, payload:0x00 0x22", "{offset:0x4, size:4, payload:0x00 0xG2");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, dat.string() + ":" + std::to_string(line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, "'0xG2'")) << o.err;
}

TEST_F(NvdlaCli, TxnRegisterAddressOfNoUnitIsNamedWithFileAndLine) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path txn = copy_trace(kBdmaTxn) / "input.txn";
  // Word address 0x7f00 is CSB byte address 0x1fc00, outside every unit
  // window of nv_full's map (the last one, RUBIK, ends at 0x10fff).
  const unsigned line = edit_line(txn, "write_reg 0xffff100b 0x800", "write_reg 0xffff7f00 0x800");
  const Outcome o = trace(txn, "nv_full");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, txn.string() + ":" + std::to_string(line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, "0xffff7f00")) << o.err;
}

TEST_F(NvdlaCli, TxnAddressThatIsNoNumberIsNamedWithFileAndLine) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path txn = copy_trace(kBdmaTxn) / "input.txn";
  const unsigned line = edit_line(txn, "write_reg 0xffff100b 0x800", "write_reg 0xffffl00b 0x800");
  const Outcome o = trace(txn, "nv_full");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, txn.string() + ":" + std::to_string(line) + ": ")) << o.err;
  EXPECT_TRUE(contains(o.err, "'0xffffl00b'")) << o.err;
}

// --------------------------------------------------------------- errors while playing

TEST_F(NvdlaCli, PdpWritingOutsideTheMemoryNamesUnitInterfaceAndAddress) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  // DST_BASE_ADDR_HIGH = 0x100 puts the output at 0x100_80100000, beyond
  // the 2^40-byte DRAM.
  edit_line(folder / kPdpCfgFile, "NVDLA_PDP.D_DST_BASE_ADDR_HIGH_0, 0x0", "NVDLA_PDP.D_DST_BASE_ADDR_HIGH_0, 0x100");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "PDP")) << o.err;
  EXPECT_TRUE(contains(o.err, "MCIF")) << o.err;
  EXPECT_TRUE(contains(o.err, "0x10080100000")) << o.err;
}

TEST_F(NvdlaCli, TraceLoadingOutsideTheMemoryIsAnErrorNamingTheAddress) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  edit_line(folder / kPdpCfgFile, "mem_init(pri_mem, 0x80000000,", "mem_init(pri_mem, 0x10000000000,");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "0x10000000000")) << o.err;
}

TEST_F(NvdlaCli, PdpLimitationViolationNamesUnitRuleAndRegisters) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  // Kernel 2x2 (D_POOLING_KERNEL_CFG 0x101); PAD_LEFT 0 -> 2, which is not
  // smaller than the kernel width 2 (programming guide: PL < Kw).
  edit_line(folder / kPdpCfgFile, "D_POOLING_PADDING_CFG_0, 0x1100", "D_POOLING_PADDING_CFG_0, 0x1102");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "PDP: PAD_LEFT (2)")) << o.err;
  EXPECT_TRUE(contains(o.err, "kernel width (2)")) << o.err;
  EXPECT_TRUE(contains(o.err, "D_POOLING_PADDING_CFG=0x00001102")) << o.err;
  EXPECT_FALSE(contains(o.out, "PASS")) << o.out;
}

TEST_F(NvdlaCli, ConvolutionUnitsThatDisagreeAreRefusedBeforeAnyRead) {
  REQUIRE_CONFORMANCE_DATA();
  // CSC's output channels (8) no longer match the 16 kernels CDMA fetches
  // and CACC accumulates: CACC refuses the layer, naming CSC's register.
  const fs::path folder = copy_trace("nv_small/dc_8x8x36_4x4x36x16_dilation_int8_0");
  edit_line(folder / "dc_8x8x36_4x4x36x16_dilation_int8_0.cfg", "NVDLA_CSC.D_DATAOUT_SIZE_1_0, 0xf",
            "NVDLA_CSC.D_DATAOUT_SIZE_1_0, 0x7");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "CACC: CSC D_DATAOUT_SIZE_1.DATAOUT_CHANNEL (8) must equal the kernels (16)")) << o.err;
}

TEST_F(NvdlaCli, CdpInputTypeTheConfigurationLacksIsRefused) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace("nv_small/cdp_8x8x64_lrn3_int8_0");
  edit_line(folder / "cdp_8x8x64_lrn3_int8_0.cfg", "NVDLA_CDP_RDMA.D_DATA_FORMAT_0, 0x0",
            "NVDLA_CDP_RDMA.D_DATA_FORMAT_0, 0x1");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "CDP_RDMA: D_DATA_FORMAT.INPUT_DATA int16 is not supported by nv_small")) << o.err;
}

TEST_F(NvdlaCli, WrongExpectedCrcFailsTheCheck) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  const unsigned line = edit_line(folder / kPdpCfgFile, kGoldenCrc, "0x33d91a70");
  const Outcome o = trace(folder, "nv_small");
  EXPECT_EQ(o.status, 1);
  // The model computes NVDLA's golden CRC; the check wants another one.
  EXPECT_TRUE(contains(o.out, std::string("FAIL check_crc(sync_id_0) pri_mem 0x80100000+0x1000 got ") + kGoldenCrc +
                                  " expected 0x33d91a70 at " + (folder / kPdpCfgFile).string() + ":" +
                                  std::to_string(line)))
      << o.out;
  EXPECT_TRUE(contains(o.out, "0 passed, 1 failed")) << o.out;
}

TEST_F(NvdlaCli, StalledTraceTimesOutNamingTheExpectedInterrupt) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  // PDP is enabled offline, but PDP_RDMA never is: no input, no interrupt.
  edit_line(folder / kPdpCfgFile, "reg_write(NVDLA_PDP_RDMA.D_OP_ENABLE_0, 0x1);", "");
  const unsigned line = edit_line(folder / kPdpCfgFile, "intr_notify(PDP_0", "intr_notify(PDP_0");
  const Outcome o = trace(folder, "nv_small", "--timeout-us 5");
  EXPECT_EQ(o.status, 1);
  EXPECT_TRUE(contains(o.out, "FAIL intr_notify(PDP_0, sync_id_0): no interrupt within 5000 ns at " +
                                  (folder / kPdpCfgFile).string() + ":" + std::to_string(line)))
      << o.out;
  EXPECT_TRUE(contains(o.out, "0 passed, 1 failed")) << o.out;
}

// --------------------------------------------------------------- where output goes

TEST_F(NvdlaCli, OutIntoTheTraceFolderIsRefused) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpTxn);
  const std::set<std::string> before = listing(folder);
  const Outcome o = trace(folder, "nv_full", "--out '" + folder.string() + "'");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "--out")) << o.err;
  EXPECT_EQ(listing(folder), before);
}

TEST_F(NvdlaCli, WithoutOutNothingIsWrittenNextToTheTrace) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpTxn);
  const std::string golden = slurp(folder / "output_feature_map.dat");
  const std::set<std::string> before = listing(folder);
  const Outcome o = trace(folder, "nv_full");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, "PASS dump_mem pri_mem 0x80100000+0x1880 output_feature_map.dat")) << o.out;
  EXPECT_EQ(listing(folder), before);
  EXPECT_EQ(slurp(folder / "output_feature_map.dat"), golden);
  // The dump went into the new temporary folder instead.
  unsigned dumps = 0;
  for (const auto& entry : fs::recursive_directory_iterator(tmp())) {
    if (entry.path().filename() == "output_feature_map.dat") ++dumps;
  }
  EXPECT_EQ(dumps, 1u);
}

TEST_F(NvdlaCli, DumpMemWritesTheBytesItReadIntoOut) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpTxn);
  const fs::path out = dir / "out";
  const Outcome o = trace(folder, "nv_full", "--out '" + out.string() + "'");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const fs::path dump = out / "output_feature_map.dat";
  ASSERT_TRUE(fs::exists(dump));
  // dump_mem 0x80100000 0x1880: 6272 bytes, equal to NVDLA's golden output.
  const std::vector<int> got = dump_bytes(slurp(dump));
  std::vector<int> want = dump_bytes(slurp(folder / "output_feature_map.dat"));
  ASSERT_GE(want.size(), 0x1880u);
  want.resize(0x1880);
  EXPECT_EQ(got, want);
}

// --------------------------------------------------------------- waves

// $scope path ("nvdla.csb") -> names of the $var declared in it.
std::map<std::string, std::set<std::string>> vcd_declarations(const std::string& vcd) {
  std::map<std::string, std::set<std::string>> vars;
  std::vector<std::string> scope;
  for (const std::string& line : lines_of(vcd)) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) continue;
    if (words[0] == "$enddefinitions") break;
    if (words[0] == "$scope" && words.size() >= 3) scope.push_back(words[2]);
    if (words[0] == "$upscope" && !scope.empty()) scope.pop_back();
    if (words[0] == "$var" && words.size() >= 5) {
      std::string path;
      for (const std::string& s : scope) path += (path.empty() ? "" : ".") + s;
      vars[path].insert(words[4]);
    }
  }
  return vars;
}

TEST_F(NvdlaCli, VcdIsDeterministicDateFreeAndDeclaresTheUnitsSignals) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kBdmaTxn);
  const fs::path first = dir / "first.vcd", second = dir / "second.vcd";
  Outcome o = trace(folder, "nv_full", "--vcd '" + first.string() + "' --out '" + (dir / "out1").string() + "'");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, first.string())) << o.out;
  o = trace(folder, "nv_full", "--vcd '" + second.string() + "' --out '" + (dir / "out2").string() + "'");
  ASSERT_EQ(o.status, 0) << o.out << o.err;

  const std::string vcd = slurp(first);
  ASSERT_FALSE(vcd.empty());
  EXPECT_EQ(vcd, slurp(second)) << "two runs of the same trace wrote different VCD bytes";
  EXPECT_EQ(vcd.front(), '$') << "a VCD starts with its header";
  EXPECT_FALSE(contains(vcd, "$date")) << "a dated header differs from run to run";

  const auto vars = vcd_declarations(vcd);
  const std::map<std::string, std::vector<std::string>> wanted = {
      {"nvdla.csb", {"address", "data", "write", "valid"}},
      {"nvdla.glb", {"intr", "intr_status"}},
      {"nvdla.bdma", {"free_slot", "grp0_busy", "grp1_busy"}},
      {"nvdla.pdp", {"busy"}},
      {"nvdla.pdp_rdma", {"busy"}},
  };
  for (const auto& [scope, names] : wanted) {
    ASSERT_TRUE(vars.count(scope)) << "no scope " << scope << " in\n" << vcd.substr(0, 2000);
    for (const std::string& name : names) EXPECT_TRUE(vars.at(scope).count(name)) << scope << "." << name;
  }
}

TEST_F(NvdlaCli, VcdOfAConfigurationWithoutBdmaDeclaresNoBdma) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  const fs::path vcd = dir / "waves.vcd";
  const Outcome o = trace(folder, "nv_small", "--vcd '" + vcd.string() + "'");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto vars = vcd_declarations(slurp(vcd));
  EXPECT_TRUE(vars.count("nvdla.pdp"));
  EXPECT_FALSE(vars.count("nvdla.bdma")) << "nv_small has no BDMA";
}

TEST_F(NvdlaCli, VcdRecordsTheInterruptAndTheRegisterAccesses) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kBdmaTxn);
  const fs::path vcd = dir / "waves.vcd";
  const Outcome o = trace(folder, "nv_full", "--vcd '" + vcd.string() + "'");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  // The identifiers of nvdla.glb.intr and nvdla.csb.valid, then their values
  // after time 0: sanity2 makes about 30 register accesses and ends on the
  // BDMA's done interrupt.
  std::string intr_id, valid_id;
  std::vector<std::string> scope;
  unsigned intr_rises = 0, valid_rises = 0;
  bool after_zero = false;
  for (const std::string& line : lines_of(slurp(vcd))) {
    std::istringstream in(line);
    std::vector<std::string> w;
    for (std::string word; in >> word;) w.push_back(word);
    if (w.empty()) continue;
    if (w[0] == "$scope" && w.size() >= 3) scope.push_back(w[2]);
    if (w[0] == "$upscope" && !scope.empty()) scope.pop_back();
    if (w[0] == "$var" && w.size() >= 5 && !scope.empty()) {
      if (scope.back() == "glb" && w[4] == "intr") intr_id = w[3];
      if (scope.back() == "csb" && w[4] == "valid") valid_id = w[3];
    }
    if (w[0][0] == '#') after_zero = w[0] != "#0";
    if (after_zero && w[0] == "1" + intr_id) ++intr_rises;
    if (after_zero && w[0] == "1" + valid_id) ++valid_rises;
  }
  ASSERT_FALSE(intr_id.empty());
  ASSERT_FALSE(valid_id.empty());
  EXPECT_GE(intr_rises, 1u) << "the BDMA done interrupt never rises in the waves";
  EXPECT_GE(valid_rises, 1u) << "no CSB access in the waves";
  // Tracing is silent: no SystemC warning (e.g. about the sampling process
  // losing its sensitivity) in the command's output.
  EXPECT_FALSE(contains(o.out + o.err, "Warning")) << o.out << o.err;
}

TEST_F(NvdlaCli, VcdInAFolderThatDoesNotExistIsAClearError) {
  REQUIRE_CONFORMANCE_DATA();
  const fs::path folder = copy_trace(kPdpCfg);
  const fs::path vcd = dir / "missing" / "waves.vcd";
  const Outcome o = trace(folder, "nv_small", "--vcd '" + vcd.string() + "'");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, vcd.string())) << o.err;
  EXPECT_FALSE(fs::exists(dir / "missing"));
}

}  // namespace
}  // namespace acosim::nvdla::test

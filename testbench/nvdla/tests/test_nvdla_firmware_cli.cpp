// `acosim nvdla firmware ...` as a user runs it: exit status, the report on
// stdout (register accesses, interrupts, PASS/FAIL per check) and the
// one-line "acosim: error: ..." on stderr. The example layers' expected
// bytes are hand-computed in examples/nvdla/README.md.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "testbench/core/tests/cli_test.h"

namespace acosim::nvdla::test {
namespace {

namespace fs = std::filesystem;
using acosim::test::contains;
using acosim::test::expect_one_line_error;
using acosim::test::Outcome;
using acosim::test::slurp;

const fs::path kExamples = fs::path(ACOSIM_EXAMPLES_DIR);

class NvdlaFirmwareCli : public acosim::test::CliTest {
 protected:
  NvdlaFirmwareCli() : CliTest("acosim_nvdla_firmware_cli_") {}

  Outcome firmware(const std::string& config, const fs::path& layer, const std::string& options = "") {
    return run("nvdla firmware --config " + config + " --layer '" + layer.string() + "' " + options);
  }
};

TEST_F(NvdlaFirmwareCli, PoolingExampleRunsOnNvSmall) {
  const Outcome o = firmware("nv_small", kExamples / "max_pool_2x2_nv_small.json");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, "config       nv_small (firmware build DLA_2_CONFIG)")) << o.out;
  // The firmware's pooling programming and enable, by register name.
  EXPECT_TRUE(contains(o.out, " 0x00000003 PDP.D_DATA_CUBE_IN_WIDTH\n")) << o.out;  // width 4
  EXPECT_TRUE(contains(o.out, " 0x00110101 PDP.D_POOLING_KERNEL_CFG\n")) << o.out;  // 2x2, stride 2x2
  EXPECT_TRUE(contains(o.out, " 0x00000001 PDP.D_OP_ENABLE\n")) << o.out;
  EXPECT_TRUE(contains(o.out, "interrupt    at ")) << o.out;
  EXPECT_TRUE(contains(o.out, "PASS bytes DLA_MEM_MC [0x80100000, +0x20)")) << o.out;
  EXPECT_TRUE(contains(o.out, "PASS crc32 DLA_MEM_MC [0x80100000, +0x20): 0x65809ed2")) << o.out;
  EXPECT_TRUE(contains(o.out, "2 passed, 0 failed\n")) << o.out;
  EXPECT_EQ(o.err, "");
}

// Same layer, same register accesses, interrupts and times.
TEST_F(NvdlaFirmwareCli, SecondRunPrintsTheSameReport) {
  const Outcome first = firmware("nv_full", kExamples / "bdma_copy_nv_full.json");
  const Outcome second = firmware("nv_full", kExamples / "bdma_copy_nv_full.json");
  EXPECT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(first.out, second.out);
}

TEST_F(NvdlaFirmwareCli, BdmaExampleRunsOnNvFull) {
  const Outcome o = firmware("nv_full", kExamples / "bdma_copy_nv_full.json");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, "BDMA.CFG_LAUNCH0")) << o.out;
  EXPECT_TRUE(contains(o.out, "PASS crc32 DLA_MEM_MC [0x80100000, +0x80): 0x9cafab1a")) << o.out;
  EXPECT_TRUE(contains(o.out, "2 passed, 0 failed\n")) << o.out;
}

TEST_F(NvdlaFirmwareCli, FusedSdpPdpExampleRunsOnNvSmall) {
  const Outcome o = firmware("nv_small", kExamples / "sdp_relu_max_pool_nv_small.json");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(
      contains(o.out, "layer        " + (kExamples / "sdp_relu_max_pool_nv_small.json").string() + ": sdp_pdp\n"))
      << o.out;
  EXPECT_TRUE(contains(o.out, " 0x00000001 SDP.D_OP_ENABLE\n")) << o.out;
  EXPECT_TRUE(contains(o.out, "PASS bytes DLA_MEM_MC [0x80100000, +0x20): 32 bytes equal")) << o.out;
  EXPECT_TRUE(contains(o.out, "1 passed, 0 failed\n")) << o.out;
}

// nv_small has no BDMA. The firmware reads BDMA's status to pick a register
// group before it looks at its configuration: an error by default (no unit
// answers that address), and with --allow-unmapped the firmware's own
// refusal (bdma.c dla_bdma_program: "BDMA is not supported for this
// configuration"), as on silicon.
TEST_F(NvdlaFirmwareCli, BdmaOnNvSmallIsRefusedByTheFirmware) {
  Outcome o = firmware("nv_small", kExamples / "bdma_copy_nv_full.json");
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "addresses unit BDMA, which is not modelled in nv_small")) << o.err;
  o = firmware("nv_small", kExamples / "bdma_copy_nv_full.json", "--allow-unmapped");
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "NVDLA firmware: dla_execute_task")) << o.err;
  EXPECT_TRUE(contains(o.err, "returned -3 (DLA_ERR_INVALID_INPUT)")) << o.err;
  EXPECT_TRUE(contains(o.err, "BDMA is not supported for this configuration")) << o.err;
}

TEST_F(NvdlaFirmwareCli, MismatchingCheckFailsTheRun) {
  std::string text = slurp(kExamples / "max_pool_2x2_nv_small.json");
  const std::string crc = "\"0x65809ed2\"";
  ASSERT_NE(text.find(crc), std::string::npos);
  text.replace(text.find(crc), crc.size(), "\"0x65809ed3\"");
  const Outcome o = firmware("nv_small", write("wrong.json", text));
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, "FAIL crc32 DLA_MEM_MC [0x80100000, +0x20): expected 0x65809ed3, got 0x65809ed2"))
      << o.out;
  EXPECT_TRUE(contains(o.out, "1 passed, 1 failed\n")) << o.out;
}

TEST_F(NvdlaFirmwareCli, WritesWaves) {
  const fs::path vcd = dir / "pool.vcd";
  const Outcome o = firmware("nv_small", kExamples / "max_pool_2x2_nv_small.json", "--vcd '" + vcd.string() + "'");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, "waves        " + vcd.string())) << o.out;
  EXPECT_TRUE(contains(slurp(vcd), "$enddefinitions")) << vcd;
}

TEST_F(NvdlaFirmwareCli, BadCommandLinesAreUsageErrors) {
  Outcome o = run("nvdla firmware --config nv_small");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "'--layer' is required")) << o.err;
  o = firmware("nv_tiny", kExamples / "max_pool_2x2_nv_small.json");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "acosim: error: --config must be nv_small, nv_large or nv_full, not 'nv_tiny'\n");
  o = firmware("nv_small", kExamples / "max_pool_2x2_nv_small.json", "--bogus");
  EXPECT_EQ(o.status, 2);
  expect_one_line_error(o);
  for (const char* timeout : {"0", "1e30"}) {
    o = firmware("nv_small", kExamples / "max_pool_2x2_nv_small.json", std::string("--timeout-us ") + timeout);
    EXPECT_EQ(o.status, 2) << timeout;
    expect_one_line_error(o);
    EXPECT_TRUE(contains(o.err, "--timeout-us")) << o.err;
  }
  o = run("nvdla firmware --help");
  EXPECT_EQ(o.status, 0);
  EXPECT_TRUE(contains(o.out, "usage: acosim nvdla firmware --config")) << o.out;
}

TEST_F(NvdlaFirmwareCli, MissingAndMalformedLayerFilesAreNamed) {
  const fs::path missing = dir / "missing.json";
  Outcome o = firmware("nv_small", missing);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "acosim: error: " + missing.string() + ": cannot open: No such file or directory\n");
  const fs::path bad = write("bad.json", R"({"layers": [{"op": "pdp", "pdp_op": {"stride_x": 9000}}]})");
  o = firmware("nv_small", bad);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "acosim: error: " + bad.string() + ": layers[0].pdp_op.stride_x: 9000 is out of range [0, 255]\n");
}

}  // namespace
}  // namespace acosim::nvdla::test

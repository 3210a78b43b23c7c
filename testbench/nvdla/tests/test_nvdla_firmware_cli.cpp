// `acosim nvdla firmware ...` as a user runs it: exit status, the report on
// stdout (register accesses, interrupts, PASS/FAIL per check) and the
// one-line "acosim: error: ..." on stderr. The example layers' expected
// bytes are hand-computed in examples/nvdla/README.md; the max-pool
// example's are also checked against the pooling reference.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "testbench/core/tests/cli_test.h"
#include "testbench/nvdla/firmware/layer_json.h"
#include "testbench/nvdla/reference/pooling_reference.h"

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
  EXPECT_TRUE(contains(o.out, "PASS crc32 DLA_MEM_MC [0x80100000, +0x20): 0xec841cec")) << o.out;
  EXPECT_TRUE(contains(o.out, "2 passed, 0 failed\n")) << o.out;
  EXPECT_EQ(o.err, "");
}

// The max-pool example's expected output is the independent pooling
// reference's result for its input, and its input tells max pooling apart
// from taking one fixed element of each window (the last one, the first
// one) and from an unsigned comparison: each such result differs from the
// expectation, so a model that computed it would fail the example's checks.
TEST(NvdlaFirmwareExample, MaxPoolExpectationIsTheReferenceAndNoFixedElement) {
  const firmware::LayerDescription d = firmware::read_layer_json((kExamples / "max_pool_2x2_nv_small.json").string());
  ASSERT_EQ(d.operations.size(), 1u);
  const auto* layer = std::get_if<firmware::PdpLayer>(&d.operations[0].layer);
  ASSERT_NE(layer, nullptr);
  ASSERT_EQ(layer->op.pool_mode, firmware::kPoolModeMax);
  ASSERT_EQ(d.inputs.size(), 1u);
  ASSERT_EQ(d.inputs[0].chunks.size(), 1u);
  ASSERT_EQ(d.checks.size(), 2u);
  const std::vector<uint8_t>& expected = d.checks[0].expected;
  ASSERT_EQ(expected.size(), 32u);

  // nv_small: 8-byte atoms of 8 int8 channels; the 4x4x8 input is one
  // surface with a line stride of 32, the 2x2x8 output one with 16.
  reference::CubeImage input{8, 1, layer->src_data.line_stride, layer->src_data.surf_stride,
                             d.inputs[0].chunks[0].bytes};
  ASSERT_EQ(input.bytes.size(), 128u);
  reference::PoolingSpec spec;
  spec.width = layer->src_data.width;
  spec.height = layer->src_data.height;
  spec.channels = layer->src_data.channel;
  spec.kind = reference::PoolKind::Max;
  spec.kernel_width = layer->op.pool_width + 1u;  // POOL_SIZE_n is kernel size - 1
  spec.kernel_height = layer->op.pool_height + 1u;
  spec.stride_width = layer->op.stride_x;
  spec.stride_height = layer->op.stride_y;
  reference::CubeImage output{8, 1, layer->dst_data.line_stride, layer->dst_data.surf_stride,
                              std::vector<uint8_t>(expected.size(), 0)};
  reference::pool(spec, input, output);
  EXPECT_EQ(output.bytes, expected) << "the example's expected bytes are not the reference's max pooling";

  // Results of wrong poolings, output element (x, y, c) at 16y + 8x + c.
  const auto fixed_element = [&](uint32_t dx, uint32_t dy) {
    std::vector<uint8_t> out(expected.size());
    for (uint32_t y = 0; y < 2; ++y)
      for (uint32_t x = 0; x < 2; ++x)
        for (uint32_t c = 0; c < 8; ++c) {
          out[16 * y + 8 * x + c] = input.bytes[input.offset(0, 2 * y + dy, 2 * x + dx, c)];
        }
    return out;
  };
  std::vector<uint8_t> unsigned_max(expected.size());
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 2; ++x)
      for (uint32_t c = 0; c < 8; ++c) {
        uint8_t m = 0;
        for (uint32_t dy = 0; dy < 2; ++dy)
          for (uint32_t dx = 0; dx < 2; ++dx) m = std::max(m, input.bytes[input.offset(0, 2 * y + dy, 2 * x + dx, c)]);
        unsigned_max[16 * y + 8 * x + c] = m;
      }
  EXPECT_NE(fixed_element(1, 1), expected) << "taking the last element of each window would pass";
  EXPECT_NE(fixed_element(0, 0), expected) << "taking the first element of each window would pass";
  EXPECT_NE(unsigned_max, expected) << "an unsigned maximum would pass";
}

// A descriptor size the cube does not fit in is refused before the task is
// built, naming the layer and the field; one that does not fit
// dla_data_cube.size's 32 bits is refused while the JSON is read, naming
// its key.
TEST_F(NvdlaFirmwareCli, CubeSizesThatDoNotCoverTheCubeAreRefused) {
  const std::string text = slurp(kExamples / "max_pool_2x2_nv_small.json");
  const std::string size = "\"size\": 128,";  // src_data: 3 * 32 + 4 * 8 = 128 bytes
  ASSERT_NE(text.find(size), std::string::npos);
  std::string small = text;
  small.replace(small.find(size), size.size(), "\"size\": 127,");
  Outcome o = firmware("nv_small", write("small.json", small));
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_EQ(o.err,
            "acosim: error: layer 0 (PdpLayer): src_data.size 127 is smaller than the cube's extent of 128 bytes\n");
  std::string huge = text;
  huge.replace(huge.find(size), size.size(), "\"size\": 4294967296,");
  const fs::path huge_path = write("huge.json", huge);
  o = firmware("nv_small", huge_path);
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_EQ(o.err, "acosim: error: " + huge_path.string() +
                       ": layers[0].pdp_surface.src_data.size: 4294967296 is out of range [0, 4294967295]\n");
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
  const std::string crc = "\"0xec841cec\"";
  ASSERT_NE(text.find(crc), std::string::npos);
  text.replace(text.find(crc), crc.size(), "\"0xec841ced\"");
  const Outcome o = firmware("nv_small", write("wrong.json", text));
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_TRUE(contains(o.out, "FAIL crc32 DLA_MEM_MC [0x80100000, +0x20): expected 0xec841ced, got 0xec841cec"))
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
  EXPECT_EQ(o.err, "acosim: error: --config must be nv_small, nv_large, nv_full or nv_small_256_full, not 'nv_tiny'\n");
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

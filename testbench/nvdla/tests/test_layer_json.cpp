// Layer description files (testbench/nvdla/firmware/layer_json.h) and the
// conversion of NVDLA's pooling traces into firmware layers
// (trace_layer.h). Expected descriptor values are restated from the JSON
// text of each test and from the trace files' register writes, decoded by
// hand with the field layouts of NVDLA's register manual.
#include <gtest/gtest.h>

#include <cstring>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <variant>

#include "sw/nvdla/regs/cdp.h"
#include "testbench/nvdla/firmware/layer_json.h"
#include "testbench/nvdla/firmware/trace_layer.h"
#include "testbench/nvdla/tests/conformance_data.h"

namespace acosim::nvdla::firmware {
namespace {

namespace fs = std::filesystem;

// A HAL with two sparse memories, enough for loads and checks.
class MemoryHal : public hal::Hal {
 public:
  void write_memory(uint64_t address, const void* data, size_t bytes) override {
    write_memory(hal::MemoryPort::Primary, address, data, bytes);
  }
  void read_memory(uint64_t address, void* data, size_t bytes) override {
    read_memory(hal::MemoryPort::Primary, address, data, bytes);
  }
  void write_memory(hal::MemoryPort port, uint64_t address, const void* data, size_t bytes) override {
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < bytes; ++i) m_bytes[{port, address + i}] = p[i];
  }
  void read_memory(hal::MemoryPort port, uint64_t address, void* data, size_t bytes) override {
    auto* p = static_cast<uint8_t*>(data);
    for (size_t i = 0; i < bytes; ++i) {
      const auto it = m_bytes.find({port, address + i});
      p[i] = it == m_bytes.end() ? 0 : it->second;
    }
  }
  void write_stream(hal::StreamId, const void*, size_t) override {}
  void sleep_ns(uint64_t) override {}
  uint64_t now_ns() const override { return 0; }

 private:
  std::map<std::pair<hal::MemoryPort, uint64_t>, uint8_t> m_bytes;
};

class LayerJson : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() /
            ("acosim-layer-json-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
             "-" + std::to_string(::getpid()));
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }

  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = (m_dir / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::string layer_path() const { return (m_dir / "layer.json").string(); }

  // The error message of parsing `text` as layer.json.
  std::string error_of(const std::string& text) const {
    try {
      parse_layer_json(text, layer_path());
    } catch (const LayerJsonError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no error for " << text;
    return "";
  }

  fs::path m_dir;
};

constexpr const char* kPooling = R"({
  "layers": [{
    "op": "pdp",
    "pdp_op": {"split_num": 1, "pool_mode": "POOL_MODE_AVG", "pool_width": "POOL_SIZE_3", "pool_height": 1,
               "stride_x": 2, "stride_y": "0x2", "pad_left": 1, "pad_right": 0, "pad_top": 2, "pad_bottom": 0,
               "precision": "PRECISION_INT8", "padding_value": [1, 2, 3, 4, 5, 6, -7]},
    "pdp_surface": {
      "src_data": {"type": "DLA_MEM_MC", "address": "0x80000000", "width": 8, "height": 9, "channel": 19,
                   "line_stride": 64, "surf_stride": "0x240"},
      "dst_data": {"type": "cv", "address": 2147483904, "width": 4, "height": 5, "channel": 19,
                   "line_stride": 32, "surf_stride": 160, "size": 480}}
  }],
  "inputs": [{"type": "DLA_MEM_MC", "address": "0x80000000", "bytes": [1, 2, 255]}],
  "checks": [{"type": "DLA_MEM_MC", "address": "0x80000000", "size": 9, "crc32": "0xcbf43926"}]
})";

TEST_F(LayerJson, ReadsAPoolingLayerInTheFirmwaresVocabulary) {
  const LayerDescription d = parse_layer_json(kPooling, layer_path());
  ASSERT_EQ(d.operations.size(), 1u);
  EXPECT_TRUE(d.operations[0].after_previous);
  const auto& p = std::get<PdpLayer>(d.operations[0].layer);
  EXPECT_EQ(p.op.pool_mode, kPoolModeAvg);
  EXPECT_EQ(p.op.pool_width, 2);  // POOL_SIZE_3: kernel 3
  EXPECT_EQ(p.op.pool_height, 1);
  EXPECT_EQ(p.op.stride_x, 2);
  EXPECT_EQ(p.op.stride_y, 2);
  EXPECT_EQ(p.op.pad_left, 1);
  EXPECT_EQ(p.op.pad_top, 2);
  EXPECT_EQ(p.op.padding_value[0], 1);
  EXPECT_EQ(p.op.padding_value[6], -7);
  EXPECT_EQ(p.src_data.type, MemoryType::Mc);
  EXPECT_EQ(p.src_data.address, 0x80000000u);
  EXPECT_EQ(p.src_data.channel, 19);
  EXPECT_EQ(p.src_data.surf_stride, 0x240u);
  EXPECT_EQ(p.dst_data.type, MemoryType::Cv);
  EXPECT_EQ(p.dst_data.address, 0x80000100u);
  EXPECT_EQ(p.dst_data.size, 480u);
  ASSERT_EQ(d.inputs.size(), 1u);
  EXPECT_EQ(d.inputs[0].bytes(), 3u);
  ASSERT_EQ(d.checks.size(), 1u);
  EXPECT_EQ(*d.checks[0].crc32, 0xcbf43926u);
}

TEST_F(LayerJson, WrittenTextReadsBackTheSameLayer) {
  const LayerDescription d = parse_layer_json(kPooling, layer_path());
  const LayerDescription again = parse_layer_json(layer_to_json(d), layer_path());
  const auto& a = std::get<PdpLayer>(d.operations[0].layer);
  const auto& b = std::get<PdpLayer>(again.operations[0].layer);
  EXPECT_EQ(std::memcmp(&a.op, &b.op, sizeof a.op), 0);
  EXPECT_EQ(b.src_data.address, a.src_data.address);
  EXPECT_EQ(b.dst_data.type, a.dst_data.type);
  EXPECT_EQ(b.dst_data.surf_stride, a.dst_data.surf_stride);
  EXPECT_EQ(again.inputs[0].chunks[0].bytes, d.inputs[0].chunks[0].bytes);
  EXPECT_EQ(*again.checks[0].crc32, *d.checks[0].crc32);
  EXPECT_NE(layer_to_json(d).find("\"POOL_SIZE_3\""), std::string::npos);
}

TEST_F(LayerJson, ReadsBdmaAndFusedLayers) {
  const LayerDescription d = parse_layer_json(R"({"layers": [
    {"op": "bdma", "bdma_surface": {"source_type": "DLA_MEM_MC", "destination_type": "DLA_MEM_CV",
      "num_transfers": 1, "transfers": [{"source_address": "0x80000000", "destination_address": "0x50000000",
        "line_size": 256, "line_repeat": 8, "source_line": 256, "destination_line": 256,
        "surface_repeat": 1, "source_surface": 2048, "destination_surface": 2048}]}},
    {"op": "sdp_pdp", "after_previous": false,
     "sdp_op": {"src_precision": "int8", "dst_precision": "int8", "lut_index": -1,
                "out_cvt": {"scale": 1, "truncate": 0, "enable": 1, "offset": 0},
                "x1_op": {"enable": 1, "alu_type": "SDP_ALU_OP_SUM", "type": "SDP_OP_BOTH",
                          "mode": "SDP_OP_PER_LAYER", "act": "ACTIVATION_RELU", "shift_value": 1, "truncate": 1,
                          "alu_operand": 2, "mul_operand": 2}},
     "sdp_surface": {"src_data": {"type": "DLA_MEM_MC", "address": "0x80000000", "width": 3, "height": 3,
                                  "channel": 33, "line_stride": 256, "surf_stride": 2048}},
     "pdp_op": {"pool_mode": "max"},
     "pdp_surface": {"dst_data": {"type": "DLA_MEM_MC", "address": "0x80100000", "width": 3, "height": 3,
                                  "channel": 33, "line_stride": 96, "surf_stride": 288}}}]})",
                                              layer_path());
  ASSERT_EQ(d.operations.size(), 2u);
  const auto& b = std::get<BdmaCopy>(d.operations[0].layer);
  EXPECT_EQ(b.destination_type, MemoryType::Cv);
  ASSERT_EQ(b.transfers.size(), 1u);
  EXPECT_EQ(b.transfers[0].destination_address, 0x50000000u);
  EXPECT_EQ(b.transfers[0].line_repeat, 8u);
  const auto& f = std::get<SdpPdpLayer>(d.operations[1].layer);
  EXPECT_FALSE(d.operations[1].after_previous);
  EXPECT_EQ(f.sdp_op.x1_op.type, 3);      // SDP_OP_BOTH
  EXPECT_EQ(f.sdp_op.x1_op.alu_type, 2);  // SDP_ALU_OP_SUM
  EXPECT_EQ(f.sdp_op.x1_op.act, 1);       // ACTIVATION_RELU
  EXPECT_EQ(f.sdp_op.out_cvt.scale, 1);
  EXPECT_EQ(f.pdp_op.pool_mode, kPoolModeMax);
  EXPECT_EQ(f.pdp_dst_data.address, 0x80100000u);
  // Written and read again: the same transfer and stages.
  const LayerDescription again = parse_layer_json(layer_to_json(d), layer_path());
  EXPECT_EQ(std::get<BdmaCopy>(again.operations[0].layer).transfers[0].source_surface, 2048u);
  EXPECT_EQ(std::get<SdpPdpLayer>(again.operations[1].layer).sdp_op.x1_op.mul_operand, 2);
}

TEST_F(LayerJson, ReadsRubikLayers) {
  const LayerDescription d = parse_layer_json(R"({"layers": [
    {"op": "rubik", "rubik_op": {"mode": "RUBIK_MODE_MERGE", "precision": "int16"},
     "rubik_surface": {"src_data": {"type": "DLA_MEM_MC", "address": "0x80000000", "width": 5, "height": 2,
                                    "channel": 3, "line_stride": 32, "plane_stride": 64},
                       "dst_data": {"type": "DLA_MEM_MC", "address": "0x80100000", "width": 5, "height": 2,
                                    "channel": 3, "line_stride": 160, "surf_stride": 320}}},
    {"op": "rubik", "rubik_op": {"mode": "contract", "stride_x": 2, "stride_y": 3},
     "rubik_surface": {"src_data": {"type": "DLA_MEM_MC", "address": "0x80200000", "width": 1, "height": 1,
                                    "channel": 192, "line_stride": 32, "surf_stride": 32},
                       "dst_data": {"type": "DLA_MEM_MC", "address": "0x80300000", "width": 2, "height": 3,
                                    "channel": 32, "line_stride": 64, "surf_stride": 192}}}]})",
                                              layer_path());
  ASSERT_EQ(d.operations.size(), 2u);
  const auto& merge = std::get<RubikLayer>(d.operations[0].layer);
  EXPECT_EQ(merge.op.mode, kRubikModeMerge);
  EXPECT_EQ(merge.op.precision, kPrecisionInt16);
  EXPECT_EQ(merge.op.stride_x, 1);  // layer.h's default
  EXPECT_EQ(merge.src_data.plane_stride, 64u);
  const auto& contract = std::get<RubikLayer>(d.operations[1].layer);
  EXPECT_EQ(contract.op.mode, kRubikModeContract);
  EXPECT_EQ(contract.op.stride_y, 3);
  // Written and read again: the same layers.
  const LayerDescription again = parse_layer_json(layer_to_json(d), layer_path());
  EXPECT_EQ(std::get<RubikLayer>(again.operations[0].layer).src_data.plane_stride, 64u);
  EXPECT_EQ(std::get<RubikLayer>(again.operations[1].layer).op.stride_x, 2);
  EXPECT_NE(error_of(R"({"layers": [{"op": "rubik", "rubik_op": {"mode": "RUBIK_MODE_ROTATE"},
                          "rubik_surface": {}}]})")
                .find("layers[0].rubik_op.mode"),
            std::string::npos);
}

// The layers of a description as JSON text, for comparing descriptors
// field by field.
std::string layers_text(const LayerDescription& d) {
  LayerDescription layers;
  layers.operations = d.operations;
  return layer_to_json(layers);
}

// An "sdp" layer: SDP alone, memory to memory, with dla_sdp_surface_desc's
// cubes (dst_data included) under "sdp_surface".
TEST_F(LayerJson, ReadsAnSdpLayerWithOperandsInMemory) {
  const LayerDescription d = parse_layer_json(R"({"layers": [
    {"op": "sdp",
     "sdp_op": {"src_precision": "int8", "dst_precision": "int8",
                "out_cvt": {"scale": 1, "truncate": 0, "enable": 1, "offset": 0},
                "x1_op": {"enable": 1, "alu_type": "SDP_ALU_OP_SUM", "type": "SDP_OP_ADD",
                          "mode": "SDP_OP_PER_KERNEL", "act": "ACTIVATION_RELU", "precision": "int16"},
                "x2_op": {"enable": 1, "type": "SDP_OP_MUL", "mode": "SDP_OP_PER_POINT", "truncate": 3}},
     "sdp_surface": {
       "src_data": {"type": "DLA_MEM_MC", "address": "0x80000000", "width": 3, "height": 3, "channel": 33,
                    "line_stride": 96, "surf_stride": 288},
       "x1_data": {"type": "DLA_MEM_MC", "address": "0x80010000", "width": 1, "height": 1, "channel": 33},
       "x2_data": {"type": "DLA_MEM_MC", "address": "0x80020000", "width": 3, "height": 3, "channel": 33,
                   "line_stride": 96, "surf_stride": 288},
       "dst_data": {"type": "DLA_MEM_MC", "address": "0x80100000", "width": 3, "height": 3, "channel": 33,
                    "line_stride": 96, "surf_stride": 288}}}]})",
                                              layer_path());
  ASSERT_EQ(d.operations.size(), 1u);
  const auto& l = std::get<SdpLayer>(d.operations[0].layer);
  EXPECT_EQ(l.op.x1_op.type, 2);       // SDP_OP_ADD
  EXPECT_EQ(l.op.x1_op.mode, 1);       // SDP_OP_PER_KERNEL
  EXPECT_EQ(l.op.x1_op.precision, 1);  // PRECISION_INT16
  EXPECT_EQ(l.op.x2_op.type, 1);       // SDP_OP_MUL
  EXPECT_EQ(l.op.x2_op.mode, 2);       // SDP_OP_PER_POINT
  EXPECT_EQ(l.op.x2_op.truncate, 3);
  EXPECT_EQ(l.surface.x1_data.address, 0x80010000u);
  EXPECT_EQ(l.surface.x2_data.surf_stride, 288u);
  EXPECT_EQ(l.surface.y_data.width, 0);  // not given: not read
  EXPECT_EQ(l.dst_data.address, 0x80100000u);
  // Written and read again: the same layer, the unread y_data left out.
  const std::string text = layer_to_json(d);
  EXPECT_EQ(text.find("y_data"), std::string::npos);
  const LayerDescription read_again = parse_layer_json(text, layer_path());
  EXPECT_EQ(layers_text(read_again), layers_text(d));
  const auto& again = std::get<SdpLayer>(read_again.operations[0].layer);
  EXPECT_EQ(again.surface.x1_data.channel, 33);
  EXPECT_EQ(again.surface.x2_data.line_stride, 96u);
  EXPECT_EQ(again.dst_data.surf_stride, 288u);
  // The SDP layer's surface needs its dst_data, and knows no PDP keys.
  try {
    parse_layer_json(R"({"layers": [{"op": "sdp", "sdp_op": {}, "sdp_surface": {"src_data":
      {"type": "mc", "address": 0, "width": 1, "height": 1, "channel": 1}}}]})",
                     layer_path());
    ADD_FAILURE() << "an sdp layer without dst_data was accepted";
  } catch (const LayerJsonError& e) {
    EXPECT_NE(std::string(e.what()).find("layers[0].sdp_surface.dst_data: missing"), std::string::npos) << e.what();
  }
  try {
    parse_layer_json(R"({"layers": [{"op": "sdp", "sdp_op": {}, "sdp_surface": {}, "pdp_op": {}}]})", layer_path());
    ADD_FAILURE() << "an sdp layer with pdp_op was accepted";
  } catch (const LayerJsonError& e) {
    EXPECT_NE(std::string(e.what()).find("layers[0].pdp_op: unknown key"), std::string::npos) << e.what();
  }
}

TEST_F(LayerJson, LoadsFilesRelativeToTheLayerAndChecksCrcAndBytes) {
  write("raw.bin", "123456789");
  write("surface.dat", "{offset:0x10, size:2, payload:0xab 0xcd},\n");
  write("expected.bin", std::string("123456789"));
  const LayerDescription d = read_layer_json(write("layer.json", R"({
    "layers": [{"op": "pdp", "pdp_op": {},
      "pdp_surface": {"src_data": {"type": "mc", "address": 0, "width": 1, "height": 1, "channel": 1},
                      "dst_data": {"type": "mc", "address": 4096, "width": 1, "height": 1, "channel": 1}}}],
    "inputs": [{"type": "DLA_MEM_CV", "address": "0x2000", "size": 32, "fill": "0xee"},
               {"type": "DLA_MEM_MC", "address": "0x1000", "file": "raw.bin"},
               {"type": "DLA_MEM_CV", "address": "0x2000", "file": "surface.dat", "format": "surface"}],
    "checks": [{"type": "DLA_MEM_MC", "address": "0x1000", "size": 9, "crc32": "0xcbf43926"},
               {"type": "DLA_MEM_MC", "address": "0x1000", "file": "expected.bin"},
               {"type": "DLA_MEM_CV", "address": "0x2010", "bytes": [171, 205]},
               {"type": "DLA_MEM_CV", "address": "0x2010", "bytes": [171, 206]},
               {"type": "DLA_MEM_CV", "address": "0x200e", "bytes": [238, 238, 171, 205, 238]}]})"));
  MemoryHal hal;
  load_inputs(hal, d.inputs);
  const auto results = run_checks(hal, d.checks);
  ASSERT_EQ(results.size(), 5u);
  // CRC-32 of "123456789" is the algorithm's published check value 0xcbf43926.
  EXPECT_TRUE(results[0].passed) << results[0].detail;
  EXPECT_TRUE(results[1].passed) << results[1].detail;
  EXPECT_TRUE(results[2].passed) << results[2].detail;
  EXPECT_FALSE(results[3].passed);
  EXPECT_EQ(results[3].detail, "1 bytes differ, first at 0x2011: expected 0xce, got 0xcd");
  // The fill comes first; the surface record overwrites two of its bytes.
  EXPECT_TRUE(results[4].passed) << results[4].detail;
}

// Every malformed file names the file, the key and the cause.
TEST_F(LayerJson, ErrorsNameFileKeyAndCause) {
  const std::string f = layer_path() + ": ";
  EXPECT_EQ(error_of("{\"layers\": [").rfind(f + "not valid JSON: parse error", 0), 0u);
  EXPECT_EQ(error_of("{}"), f + "layers: missing");
  EXPECT_EQ(error_of("[]"), f + "top level: must be an object, not an array");
  EXPECT_EQ(error_of(R"({"layers": [], "extra": 1})"), f + "extra: unknown key (known here: layers, inputs, checks)");
  EXPECT_EQ(error_of(R"({"layers": [{"op": "fc"}]})"),
            f + "layers[0].op: \"fc\" is not a layer kind (known: bdma, pdp, sdp, sdp_pdp, cdp, conv, rubik)");
  const std::string cube = R"("pdp_surface": {"src_data": {"type": "mc", "address": 0, "width": 1, "height": 1,
      "channel": 1}, "dst_data": {"type": "mc", "address": 64, "width": 1, "height": 1, "channel": 1}})";
  auto pdp = [&](const std::string& op) {
    return R"({"layers": [{"op": "pdp", "pdp_op": )" + op + ", " + cube + "}]}";
  };
  EXPECT_EQ(error_of(pdp(R"({"pool_widht": 1})")),
            f + "layers[0].pdp_op.pool_widht: unknown key (known here: partial_in_width_first, partial_in_width_mid, "
                "partial_in_width_last, partial_width_first, partial_width_mid, partial_width_last, split_num, "
                "pool_mode, pool_width, pool_height, stride_x, stride_y, pad_left, pad_right, pad_top, pad_bottom, "
                "precision, padding_value)");
  EXPECT_EQ(error_of(pdp(R"({"pool_width": "POOL_SIZE_9"})")),
            f + "layers[0].pdp_op.pool_width: \"POOL_SIZE_9\" is not one of POOL_SIZE_1, POOL_SIZE_2, POOL_SIZE_3, "
                "POOL_SIZE_4, POOL_SIZE_5, POOL_SIZE_6, POOL_SIZE_7, POOL_SIZE_8");
  EXPECT_EQ(error_of(pdp(R"({"pool_width": 8})")), f + "layers[0].pdp_op.pool_width: 8 is out of range [0, 7]");
  EXPECT_EQ(error_of(pdp(R"({"stride_x": 300})")), f + "layers[0].pdp_op.stride_x: 300 is out of range [0, 255]");
  EXPECT_EQ(error_of(pdp(R"({"stride_x": "two"})")),
            f + "layers[0].pdp_op.stride_x: \"two\" is not a number (write 42, \"42\" or \"0x2a\")");
  EXPECT_EQ(error_of(pdp(R"({"stride_x": 1.5})")), f + "layers[0].pdp_op.stride_x: must be an integer, not 1.5");
  EXPECT_EQ(error_of(pdp(R"({"padding_value": [1, 2]})")),
            f + "layers[0].pdp_op.padding_value: must be an array of 7 integers (PDP_PAD_VAL_NUM), not an array of 2");
  EXPECT_EQ(error_of(R"({"layers": [{"op": "pdp", "pdp_op": {}, "pdp_surface": {"src_data": {"type": "mc",
      "width": 1, "height": 1, "channel": 1}, "dst_data": {}}}]})"),
            f + "layers[0].pdp_surface.src_data.address: missing (a cube in memory needs its physical address)");
  EXPECT_EQ(error_of(R"({"layers": [{"op": "pdp", "pdp_op": {}, "pdp_surface": {"src_data": {"type": "mc",
      "address": 0, "width": 0, "height": 1, "channel": 1}, "dst_data": {}}}]})"),
            f + "layers[0].pdp_surface.src_data.width: 0 is out of range [1, 8192]");
  EXPECT_EQ(error_of(R"({"layers": [{"op": "pdp", "pdp_op": {}, "pdp_surface": {"src_data": {"type": "DLA_MEM_XX",
      "address": 0, "width": 1, "height": 1, "channel": 1}, "dst_data": {}}}]})"),
            f + "layers[0].pdp_surface.src_data.type: \"DLA_MEM_XX\" is not one of DLA_MEM_MC, DLA_MEM_CV, DLA_MEM_HW");
  const std::string layers = pdp("{}");
  auto with = [&](const std::string& extra) { return layers.substr(0, layers.size() - 1) + ", " + extra + "}"; };
  EXPECT_EQ(error_of(with(R"("inputs": [{"type": "mc", "address": 0, "file": "missing.bin"}])")),
            f + "inputs[0].file: cannot open '" + (m_dir / "missing.bin").string() + "': No such file or directory");
  EXPECT_EQ(error_of(with(R"("inputs": [{"type": "mc", "address": 0, "bytes": [1], "fill": 0}])")),
            f + "inputs[0]: needs exactly one of \"file\", \"bytes\" and \"fill\"");
  EXPECT_EQ(error_of(with(R"("inputs": [{"type": "mc", "address": 0, "fill": 0}])")), f + "inputs[0].size: missing");
  EXPECT_EQ(error_of(with(R"("inputs": [{"type": "hw", "address": 0, "bytes": [1]}])")),
            f + "inputs[0].type: DLA_MEM_HW is no memory");
  EXPECT_EQ(error_of(with(R"("inputs": [{"type": "mc", "address": 0, "bytes": [256]}])")),
            f + "inputs[0].bytes[0]: 256 is out of range [0, 255]");
  EXPECT_EQ(error_of(with(R"("inputs": [{"type": "mc", "address": 0, "file": "x", "format": "hex"}])")),
            f + "inputs[0].format: \"hex\" is not a format (known: raw, surface, dump)");
  EXPECT_EQ(error_of(with(R"("checks": [{"type": "mc", "address": 0, "size": 4, "crc32": 1, "bytes": [1]}])")),
            f + "checks[0]: needs exactly one of \"crc32\", \"file\" and \"bytes\"");
  EXPECT_EQ(error_of(with(R"("checks": [{"type": "mc", "address": 0, "crc32": 1}])")), f + "checks[0].size: missing");
  EXPECT_EQ(error_of(with(R"("checks": [{"type": "mc", "address": 0, "file": "d.dat", "format": "dump"}])")),
            f + "checks[0].size: missing (a \"dump\" file is read for \"size\" bytes)");
}

TEST_F(LayerJson, MalformedDataFilesNameTheirLine) {
  write("bad.dat", "{offset:0x0, size:2, payload:0x01},\n");
  const std::string e = [&] {
    try {
      read_layer_json(write("layer.json", R"({"layers": [{"op": "pdp", "pdp_op": {}, "pdp_surface": {
        "src_data": {"type": "mc", "address": 0, "width": 1, "height": 1, "channel": 1},
        "dst_data": {"type": "mc", "address": 64, "width": 1, "height": 1, "channel": 1}}}],
        "inputs": [{"type": "mc", "address": 0, "file": "bad.dat", "format": "surface"}]})"));
    } catch (const LayerJsonError& error) {
      return std::string(error.what());
    }
    return std::string();
  }();
  EXPECT_EQ(e.rfind(layer_path() + ": inputs[0].file: " + (m_dir / "bad.dat").string() + ":1: ", 0), 0u) << e;
}

TEST_F(LayerJson, MissingFileIsNamed) {
  const std::string path = (m_dir / "none.json").string();
  try {
    read_layer_json(path);
    FAIL();
  } catch (const LayerJsonError& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot open: No such file or directory");
  }
}

// ---- traces ----

std::string trace_dir(const std::string& test) { return (acosim::nvdla::test::conformance_root() / test).string(); }

// Skips the test where the trace is not available (fails it under CI=true).
#define REQUIRE_TRACE(test) ACOSIM_REQUIRE_NVDLA_CONFORMANCE(trace_dir(test))

TEST(TraceLayer, SplitWidthTraceBecomesAPdpDescriptor) {
  REQUIRE_TRACE("nv_small/pdp_16x6x16_4x2_split_max_int8_0");
  const TraceLayer t = trace_layer(trace_dir("nv_small/pdp_16x6x16_4x2_split_max_int8_0"), Config::NvSmall);
  ASSERT_EQ(t.description.operations.size(), 1u);
  const auto& p = std::get<PdpLayer>(t.description.operations[0].layer);
  // D_OPERATION_MODE_CFG 0x211: MAX, OFF_FLYING, SPLIT_NUM 2 (3 stripes).
  EXPECT_EQ(p.op.pool_mode, kPoolModeMax);
  EXPECT_EQ(p.op.split_num, 3);
  // D_PARTIAL_WIDTH_IN 0xb00401: FIRST[9:0]=1, LAST[19:10]=1, MID[29:20]=11.
  EXPECT_EQ(p.op.partial_in_width_first, 2);
  EXPECT_EQ(p.op.partial_in_width_mid, 12);
  EXPECT_EQ(p.op.partial_in_width_last, 2);
  // D_PARTIAL_WIDTH_OUT 0x500400: FIRST 0, LAST 1, MID 5.
  EXPECT_EQ(p.op.partial_width_first, 1);
  EXPECT_EQ(p.op.partial_width_mid, 6);
  EXPECT_EQ(p.op.partial_width_last, 2);
  // D_POOLING_KERNEL_CFG 0x110103: 4x2 kernel, stride 2x2.
  EXPECT_EQ(p.op.pool_width, 3);
  EXPECT_EQ(p.op.pool_height, 1);
  EXPECT_EQ(p.op.stride_x, 2);
  EXPECT_EQ(p.op.stride_y, 2);
  // D_POOLING_PADDING_CFG 0x1212: left 2, top 1, right 2, bottom 1.
  EXPECT_EQ(p.op.pad_left, 2);
  EXPECT_EQ(p.op.pad_top, 1);
  EXPECT_EQ(p.op.pad_right, 2);
  EXPECT_EQ(p.op.pad_bottom, 1);
  EXPECT_EQ(p.op.padding_value[0], 0x52098);
  EXPECT_EQ(p.op.padding_value[6], 0x72af9);
  EXPECT_EQ(p.src_data.address, 0x80808e00u);
  EXPECT_EQ(p.src_data.width, 16);
  EXPECT_EQ(p.src_data.height, 6);
  EXPECT_EQ(p.src_data.channel, 16);
  EXPECT_EQ(p.src_data.line_stride, 0x340u);
  EXPECT_EQ(p.src_data.surf_stride, 0x2060u);
  EXPECT_EQ(p.dst_data.address, 0x80000080u);
  EXPECT_EQ(p.dst_data.width, 9);
  EXPECT_EQ(p.dst_data.height, 4);
  EXPECT_EQ(p.dst_data.type, MemoryType::Mc);  // D_DST_RAM_CFG 1 = MC
  ASSERT_EQ(t.description.checks.size(), 1u);
  EXPECT_EQ(*t.description.checks[0].crc32, 0xf0ca2c1bu);
  EXPECT_EQ(t.description.checks[0].address, 0x80000080u);
  EXPECT_EQ(t.description.checks[0].size, 0x114c0u);
  ASSERT_EQ(t.description.inputs.size(), 1u);
  EXPECT_EQ(t.description.inputs[0].address, 0x80808e00u);
}

TEST(TraceLayer, Int16TxnTraceChecksItsDump) {
  REQUIRE_TRACE("nv_full_traceplayer/pdp_max_pooling_int16");
  const TraceLayer t = trace_layer(trace_dir("nv_full_traceplayer/pdp_max_pooling_int16"), Config::NvFull);
  const auto& p = std::get<PdpLayer>(t.description.operations[0].layer);
  EXPECT_EQ(p.op.precision, kPrecisionInt16);  // D_DATA_FORMAT 0x101: INPUT_DATA[1:0] = INT16
  EXPECT_EQ(p.op.pool_width, 1);               // 0x101: 2x2, stride 1
  EXPECT_EQ(p.op.stride_x, 1);
  EXPECT_EQ(p.src_data.width, 8);
  EXPECT_EQ(p.src_data.channel, 64);
  EXPECT_EQ(p.dst_data.width, 7);
  EXPECT_EQ(p.dst_data.address, 0x80100000u);
  ASSERT_EQ(t.description.checks.size(), 1u);
  EXPECT_FALSE(t.description.checks[0].crc32);
  EXPECT_EQ(t.description.checks[0].size, 0x1880u);
  ASSERT_EQ(t.description.inputs.size(), 1u);
  EXPECT_EQ(t.description.inputs[0].bytes(), 0x2000u);
}

TEST(TraceLayer, PreloadedGoldenOutputIsLeftOut) {
  REQUIRE_TRACE("nv_small/pdp_8x8x32_1x1_int8_1");
  const TraceLayer t = trace_layer(trace_dir("nv_small/pdp_8x8x32_1x1_int8_1"), Config::NvSmall);
  // The trace loads PDP_0_input.dat and PDP_0_output.dat; only the input stays.
  ASSERT_EQ(t.description.inputs.size(), 1u);
  EXPECT_EQ(t.description.inputs[0].address, 0x80000000u);
  bool noted = false;
  for (const auto& n : t.notes) noted = noted || n.find("PDP_0_output.dat") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(TraceLayer, FusedTraceBecomesAnSdpPdpLayer) {
  REQUIRE_TRACE("nv_large/pdp_3x3x33_2x2_ave_int8_0");
  const TraceLayer t = trace_layer(trace_dir("nv_large/pdp_3x3x33_2x2_ave_int8_0"), Config::NvLarge);
  const auto& f = std::get<SdpPdpLayer>(t.description.operations[0].layer);
  // D_DP_BS_CFG 0x8: stage on, ALU SUM, MUL on, ReLU on; ALU shift 1, operand 2; MUL shift 1, operand 2.
  EXPECT_EQ(f.sdp_op.x1_op.enable, 1);
  EXPECT_EQ(f.sdp_op.x1_op.type, 3);
  EXPECT_EQ(f.sdp_op.x1_op.alu_type, 2);
  EXPECT_EQ(f.sdp_op.x1_op.act, 1);
  EXPECT_EQ(f.sdp_op.x1_op.shift_value, 1);
  EXPECT_EQ(f.sdp_op.x1_op.truncate, 1);
  EXPECT_EQ(f.sdp_op.x1_op.alu_operand, 2);
  EXPECT_EQ(f.sdp_op.x1_op.mul_operand, 2);
  EXPECT_EQ(f.sdp_op.x2_op.enable, 0);  // D_DP_BN_CFG 0x73: BN_BYPASS
  EXPECT_EQ(f.sdp_op.out_cvt.scale, 1);
  EXPECT_EQ(f.sdp_surface.src_data.channel, 33);
  EXPECT_EQ(f.sdp_surface.src_data.surf_stride, 0x800u);
  EXPECT_EQ(f.pdp_op.pool_mode, kPoolModeAvg);
  EXPECT_EQ(f.pdp_op.pad_top, 1);
  EXPECT_EQ(f.pdp_op.pad_right, 1);
  EXPECT_EQ(f.pdp_op.padding_value[0], 0x4d);
  EXPECT_EQ(f.pdp_dst_data.address, 0x80001420u);
}

TEST(TraceLayer, SdpTraceWithPerElementOperandsBecomesAnSdpLayer) {
  REQUIRE_TRACE("nv_small/sdp_23x13x42_bs_int8_mem_0");
  const TraceLayer t = trace_layer(trace_dir("nv_small/sdp_23x13x42_bs_int8_mem_0"), Config::NvSmall);
  const auto& l = std::get<SdpLayer>(t.description.operations[0].layer);
  // D_DP_BS_CFG 0x62: stage on, ALU bypassed, MUL on with PReLU, ReLU
  // bypassed; D_DP_BS_MUL_CFG 0x3b01: MUL_SRC=MEM, shift 0x3b; D_BRDMA_CFG
  // 0x30: enabled, DATA_USE=MUL, ONE_BYTE, PER_ELEMENT, MC.
  EXPECT_EQ(l.op.x1_op.enable, 1);
  EXPECT_EQ(l.op.x1_op.type, 1);  // SDP_OP_MUL
  EXPECT_EQ(l.op.x1_op.act, 3);   // ACTIVATION_PRELU
  EXPECT_EQ(l.op.x1_op.mode, 2);  // SDP_OP_PER_POINT
  EXPECT_EQ(l.op.x1_op.truncate, 0x3b);
  EXPECT_EQ(l.op.x1_op.precision, kPrecisionInt8);
  EXPECT_EQ(l.op.x2_op.enable, 0);  // D_DP_BN_CFG 0x51: BN_BYPASS
  EXPECT_EQ(l.surface.x1_data.address, 0x90006060u);
  EXPECT_EQ(l.surface.x1_data.line_stride, 0x300u);
  EXPECT_EQ(l.surface.x1_data.surf_stride, 0x27c0u);
  EXPECT_EQ(l.surface.x1_data.width, 23);
  EXPECT_EQ(l.surface.x1_data.height, 13);
  EXPECT_EQ(l.surface.x1_data.channel, 42);
  EXPECT_EQ(l.surface.src_data.address, 0x8000b000u);
  EXPECT_EQ(l.dst_data.address, 0xa0000000u);
  EXPECT_EQ(l.dst_data.line_stride, 0x380u);
  EXPECT_EQ(l.dst_data.surf_stride, 0x2e00u);
  // The trace loads the input and the operands.
  EXPECT_EQ(t.description.inputs.size(), 2u);
}

TEST(TraceLayer, SdpTraceWithRegisterOperandsKeepsThem) {
  REQUIRE_TRACE("nv_small/sdp_3x3x33_bs_bn_int8_0");
  const TraceLayer t = trace_layer(trace_dir("nv_small/sdp_3x3x33_bs_bn_int8_0"), Config::NvSmall);
  const auto& l = std::get<SdpLayer>(t.description.operations[0].layer);
  // D_DP_BN_CFG 0x0: stage on, ALU MAX, MUL on, ReLU on; operands from
  // registers (ALU/MUL_SRC=REG), MUL shift 2.
  EXPECT_EQ(l.op.x2_op.enable, 1);
  EXPECT_EQ(l.op.x2_op.type, 3);      // SDP_OP_BOTH
  EXPECT_EQ(l.op.x2_op.alu_type, 0);  // SDP_ALU_OP_MAX
  EXPECT_EQ(l.op.x2_op.act, 1);       // ACTIVATION_RELU
  EXPECT_EQ(l.op.x2_op.mode, 0);      // SDP_OP_PER_LAYER
  EXPECT_EQ(l.op.x2_op.truncate, 2);
  EXPECT_EQ(uint32_t(l.op.x2_op.alu_operand), 0x470c600u);
  EXPECT_EQ(uint32_t(l.op.x2_op.mul_operand), 0x9ea31a67u);
  EXPECT_EQ(l.surface.x2_data.width, 0);  // no operand cube
}

TEST(TraceLayer, SdpStageWithBothPreluAndReluIsRefused) {
  REQUIRE_TRACE("nv_small/sdp_3x3x33_bn_int8_reg_2");
  try {
    trace_layer(trace_dir("nv_small/sdp_3x3x33_bn_int8_reg_2"), Config::NvSmall);
    FAIL();
  } catch (const TraceLayerError& e) {
    EXPECT_NE(std::string(e.what()).find("SDP.D_DP_BN_CFG 0x24 sets both MUL_PRELU and RELU"), std::string::npos)
        << e.what();
  }
}

// nv_small's EW traces run on nv_small_256_full (trace_config.h
// trace_config). D_DP_EW_CFG 0x48: EW on, ALU on (SUM), multiplier on, no
// PReLU, LUT bypassed; D_DP_EW_ALU_CFG / D_DP_EW_MUL_CFG 0x2: operands from
// registers, converters bypassed; EW_TRUNCATE 0x13.
TEST(TraceLayer, SdpEwTraceWithRegisterOperandsKeepsThem) {
  REQUIRE_TRACE("nv_small/sdp_3x3x33_ew_int8_reg_0");
  const TraceLayer t = trace_layer(trace_dir("nv_small/sdp_3x3x33_ew_int8_reg_0"), Config::NvSmall256Full);
  const auto& l = std::get<SdpLayer>(t.description.operations[0].layer);
  const SdpOp& y = l.op.y_op;
  EXPECT_EQ(y.enable, 1);
  EXPECT_EQ(y.type, 3);      // SDP_OP_BOTH
  EXPECT_EQ(y.alu_type, 2);  // SDP_ALU_OP_SUM
  EXPECT_EQ(y.act, 0);       // ACTIVATION_NONE
  EXPECT_EQ(y.mode, 0);      // SDP_OP_PER_LAYER
  EXPECT_EQ(y.alu_operand, 0x10);
  EXPECT_EQ(y.mul_operand, 0x2);
  EXPECT_EQ(y.truncate, 0x13);
  EXPECT_EQ(y.cvt.alu_cvt.enable, 0);
  EXPECT_EQ(y.cvt.mul_cvt.enable, 0);
  EXPECT_EQ(l.surface.y_data.width, 0);  // no operand cube: ERDMA disabled (D_ERDMA_CFG 0x35)
  EXPECT_FALSE(l.op.lut.has_value());    // LUT bypassed
}

// D_DP_EW_CFG 0x1a: EW on, ALU and multiplier bypassed, LUT on. S_LUT_CFG
// 0x1: LE LINEAR, LE priorities; S_LUT_INFO 0x1fb00: LE index select -5, LO
// index select 1; the slopes' scales are the low and high halves of
// S_LUT_xx_SLOPE_SCALE, the shifts signed 5-bit fields of
// S_LUT_xx_SLOPE_SHIFT (0x129: 9, 9; 0x396: 0x16 = -10, 0x1c = -4). The
// trace writes the tables through the LUT port: LE 0..64, LO 0..256 (entry
// i holds i).
TEST(TraceLayer, SdpEwLutTraceBecomesALutParam) {
  REQUIRE_TRACE("nv_small/sdp_3x3x33_ew_le_lin_int8");
  const TraceLayer t = trace_layer(trace_dir("nv_small/sdp_3x3x33_ew_le_lin_int8"), Config::NvSmall256Full);
  const auto& l = std::get<SdpLayer>(t.description.operations[0].layer);
  EXPECT_EQ(l.op.y_op.enable, 1);
  EXPECT_EQ(l.op.y_op.type, 0);      // SDP_OP_NONE
  EXPECT_EQ(l.op.y_op.alu_type, 2);  // SDP_ALU_OP_SUM, unused with the ALU bypassed
  EXPECT_EQ(l.op.y_op.act, 2);       // ACTIVATION_LUT
  ASSERT_TRUE(l.op.lut.has_value());
  const LutParam& lut = *l.op.lut;
  EXPECT_EQ(lut.method, kLutMethodLinear);
  EXPECT_EQ(lut.hybrid_priority, kLutPriorityLinearExp);
  EXPECT_EQ(lut.underflow_priority, kLutPriorityLinearExp);
  EXPECT_EQ(lut.overflow_priority, kLutPriorityLinearExp);
  EXPECT_EQ(lut.linear_exp_offset, -5);
  EXPECT_EQ(lut.linear_only_offset, 1);
  EXPECT_EQ(lut.linear_exp_start, 0x7fu);
  EXPECT_EQ(lut.linear_exp_end, 0x81u);
  EXPECT_EQ(lut.linear_only_start, 0x53b19eb3u);
  EXPECT_EQ(lut.linear_only_end, 0x53b1a0b3u);
  EXPECT_EQ(lut.linear_exp_underflow_slope.scale, 0x0e83);
  EXPECT_EQ(lut.linear_exp_overflow_slope.scale, 0x116c);
  EXPECT_EQ(lut.linear_exp_underflow_slope.shifter, 9);
  EXPECT_EQ(lut.linear_exp_overflow_slope.shifter, 9);
  EXPECT_EQ(lut.linear_only_underflow_slope.scale, 0x12b3);
  EXPECT_EQ(lut.linear_only_overflow_slope.scale, 0x7f5c);
  EXPECT_EQ(lut.linear_only_underflow_slope.shifter, -10);
  EXPECT_EQ(lut.linear_only_overflow_slope.shifter, -4);
  for (size_t i = 0; i < lut.linear_exp_table.size(); ++i) EXPECT_EQ(lut.linear_exp_table[i], int16_t(i));
  for (size_t i = 0; i < lut.linear_only_table.size(); ++i) EXPECT_EQ(lut.linear_only_table[i], int16_t(i));

  // The EXPONENT variant: S_LUT_CFG 0x50 (underflow and hybrid priority
  // LO), S_LUT_INFO 0x100c1: LE index offset 0xc1 = -63 (the LE index
  // select is unused and 0).
  REQUIRE_TRACE("nv_small/sdp_3x3x33_ew_le_exp_int8");
  const TraceLayer e = trace_layer(trace_dir("nv_small/sdp_3x3x33_ew_le_exp_int8"), Config::NvSmall256Full);
  const LutParam& x = *std::get<SdpLayer>(e.description.operations[0].layer).op.lut;
  EXPECT_EQ(x.method, kLutMethodExponential);
  EXPECT_EQ(x.underflow_priority, kLutPriorityLinearOnly);
  EXPECT_EQ(x.overflow_priority, kLutPriorityLinearExp);
  EXPECT_EQ(x.hybrid_priority, kLutPriorityLinearOnly);
  EXPECT_EQ(x.linear_exp_offset, -63);
  EXPECT_EQ(x.linear_only_offset, 1);
  EXPECT_EQ(x.linear_exp_underflow_slope.scale, 0x6409);
  EXPECT_EQ(x.linear_exp_underflow_slope.shifter, -4);   // 0x2dc: 0x1c
  EXPECT_EQ(x.linear_exp_overflow_slope.shifter, -10);  // 0x2dc >> 5: 0x16
}

// D_DP_EW_CFG 0x26: EW_MUL_PRELU=YES and EW_LUT_BYPASS=NO, which no
// dla_sdp_op.act expresses.
TEST(TraceLayer, SdpEwStageWithBothPreluAndLutIsRefused) {
  REQUIRE_TRACE("nv_large/sdp_13x4x29_ew_lut_int8");
  try {
    trace_layer(trace_dir("nv_large/sdp_13x4x29_ew_lut_int8"), Config::NvLarge);
    FAIL();
  } catch (const TraceLayerError& e) {
    EXPECT_NE(std::string(e.what()).find("SDP.D_DP_EW_CFG 0x26 sets both EW_MUL_PRELU and EW_LUT_BYPASS=NO"),
              std::string::npos)
        << e.what();
  }
}

// An SDP layer with a LUT written as JSON reads back with the same LUT.
TEST_F(LayerJson, SdpLutLayerWrittenAsJsonReadsBack) {
  REQUIRE_TRACE("nv_small/sdp_3x3x33_ew_le_exp_int8");
  const fs::path folder = trace_dir("nv_small/sdp_3x3x33_ew_le_exp_int8");
  const TraceLayer t = trace_layer(folder.string(), Config::NvSmall256Full);
  fs::copy_file(folder / "sdp_3x3x33_ew_le_exp_int8.dat", m_dir / "sdp_3x3x33_ew_le_exp_int8.dat");
  const std::string text = layer_to_json(t.description);
  EXPECT_NE(text.find("\"LUT_METHOD_EXPONENTIAL\""), std::string::npos);
  EXPECT_EQ(text.find("lut_index"), std::string::npos);
  const LayerDescription d = read_layer_json(write("layer.json", text));
  EXPECT_EQ(layers_text(d), layers_text(t.description));
  const LutParam& a = *std::get<SdpLayer>(t.description.operations[0].layer).op.lut;
  const auto& b = std::get<SdpLayer>(d.operations[0].layer).op;
  ASSERT_TRUE(b.lut.has_value());
  EXPECT_EQ(b.lut->linear_exp_table, a.linear_exp_table);
  EXPECT_EQ(b.lut->linear_only_table, a.linear_only_table);
  EXPECT_EQ(b.lut->linear_exp_offset, a.linear_exp_offset);
  EXPECT_EQ(b.lut->linear_only_start, a.linear_only_start);
  EXPECT_EQ(b.lut->linear_exp_overflow_slope.shifter, a.linear_exp_overflow_slope.shifter);
  EXPECT_EQ(b.lut->hybrid_priority, a.hybrid_priority);
  EXPECT_EQ(b.y_op.act, 2);  // ACTIVATION_LUT
}

// A "lut" needs both tables at their sizes; lut_index is the builder's.
TEST_F(LayerJson, LutErrorsNameTheKey) {
  const auto sdp = [](const std::string& op) {
    return R"({"layers": [{"op": "sdp", "sdp_op": )" + op + R"(, "sdp_surface": {
      "src_data": {"type": "mc", "address": 0, "width": 1, "height": 1, "channel": 1},
      "dst_data": {"type": "mc", "address": 4096, "width": 1, "height": 1, "channel": 1}}}]})";
  };
  std::string le = "[";
  for (int i = 0; i < 65; ++i) le += (i ? "," : "") + std::to_string(i - 32);
  le += "]";
  std::string lo = "[";
  for (int i = 0; i < 257; ++i) lo += (i ? "," : "") + std::to_string(i);
  lo += "]";
  const LayerDescription d = parse_layer_json(
      sdp(R"({"y_op": {"enable": 1, "act": "ACTIVATION_LUT"}, "lut": {"method": "linear",
          "underflow_priority": "LUT_PRI_LINEAR_ONLY", "linear_exp_offset": -3, "linear_only_start": "0x7fffffff",
          "linear_only_overflow_slope": {"scale": -2, "shifter": -16}, "linear_exp_table": )" +
          le + R"(, "linear_only_table": )" + lo + "}}"),
      layer_path());
  const LutParam& l = *std::get<SdpLayer>(d.operations[0].layer).op.lut;
  EXPECT_EQ(l.method, kLutMethodLinear);
  EXPECT_EQ(l.underflow_priority, kLutPriorityLinearOnly);
  EXPECT_EQ(l.linear_exp_offset, -3);
  EXPECT_EQ(l.linear_only_start, 0x7fffffffu);
  EXPECT_EQ(l.linear_only_overflow_slope.scale, -2);
  EXPECT_EQ(l.linear_only_overflow_slope.shifter, -16);
  EXPECT_EQ(l.linear_exp_table[0], -32);
  EXPECT_EQ(l.linear_only_table[256], 256);
  EXPECT_EQ(layers_text(parse_layer_json(layer_to_json(d), layer_path())), layers_text(d));

  EXPECT_NE(error_of(sdp(R"({"lut": {"linear_exp_table": [1, 2], "linear_only_table": )" + lo + "}}"))
                .find("layers[0].sdp_op.lut.linear_exp_table: must be an array of 65 integers, not an array of 2"),
            std::string::npos);
  EXPECT_NE(error_of(sdp(R"({"lut": {"linear_exp_table": )" + le + "}}"))
                .find("layers[0].sdp_op.lut.linear_only_table: missing"),
            std::string::npos);
  EXPECT_NE(error_of(sdp(R"({"lut": {"linear_exp_table": )" + le + R"(, "linear_only_table": )" + lo +
                         R"(, "method": "LUT_METHOD_CUBIC"}})"))
                .find("layers[0].sdp_op.lut.method: \"LUT_METHOD_CUBIC\" is not one of LUT_METHOD_EXPONENTIAL, "
                      "LUT_METHOD_LINEAR"),
            std::string::npos);
  EXPECT_NE(error_of(sdp(R"({"lut_index": 0})")).find("layers[0].sdp_op.lut_index: must be -1"), std::string::npos);
  EXPECT_NE(error_of(sdp(R"({"lut_index": -1, "lut": {"linear_exp_table": )" + le + R"(, "linear_only_table": )" +
                         lo + "}}"))
                .find("layers[0].sdp_op.lut_index: is -1 but the layer has a \"lut\""),
            std::string::npos);
}

// An SDP trace's layer written as JSON reads back as the same layer.
TEST_F(LayerJson, SdpTraceLayerWrittenAsJsonReadsBack) {
  REQUIRE_TRACE("nv_small/sdp_3x3x33_bn_int8_mem_0");
  const fs::path folder = trace_dir("nv_small/sdp_3x3x33_bn_int8_mem_0");
  const TraceLayer t = trace_layer(folder.string(), Config::NvSmall);
  for (const char* file : {"sdp_3x3x33_bn_int8_mem_0.dat", "sdp_3x3x33_bn_int8_mem_0_bn.dat"}) {
    fs::copy_file(folder / file, m_dir / file);
  }
  const LayerDescription d = read_layer_json(write("layer.json", layer_to_json(t.description)));
  EXPECT_EQ(layers_text(d), layers_text(t.description));
  const auto& a = std::get<SdpLayer>(t.description.operations[0].layer);
  const auto& b = std::get<SdpLayer>(d.operations[0].layer);
  EXPECT_EQ(b.op.x2_op.mode, 2);  // D_NRDMA_CFG 0x32: PER_ELEMENT
  EXPECT_EQ(b.surface.x2_data.address, 0x90000c20u);
  EXPECT_EQ(b.surface.x2_data.surf_stride, a.surface.x2_data.surf_stride);
  EXPECT_EQ(b.dst_data.address, a.dst_data.address);
  ASSERT_EQ(d.inputs.size(), t.description.inputs.size());
  ASSERT_EQ(d.checks.size(), 1u);
  EXPECT_EQ(*d.checks[0].crc32, 0xf480b323u);
}

// A trace's layer written as JSON beside a copy of its data file reads back
// as the same layer, inputs and checks.
TEST_F(LayerJson, TraceLayerWrittenAsJsonReadsBack) {
  REQUIRE_TRACE("nv_small/pdp_8x8x64_2x2_int8");
  const fs::path folder = trace_dir("nv_small/pdp_8x8x64_2x2_int8");
  const TraceLayer t = trace_layer(folder.string(), Config::NvSmall);
  fs::copy_file(folder / "pdp_8x8x64_2x2_int8_in.dat", m_dir / "pdp_8x8x64_2x2_int8_in.dat");
  const LayerDescription d = read_layer_json(write("layer.json", layer_to_json(t.description)));
  const auto& a = std::get<PdpLayer>(t.description.operations[0].layer);
  const auto& b = std::get<PdpLayer>(d.operations[0].layer);
  EXPECT_EQ(std::memcmp(&a.op, &b.op, sizeof a.op), 0);
  EXPECT_EQ(b.src_data.address, a.src_data.address);
  EXPECT_EQ(b.dst_data.surf_stride, a.dst_data.surf_stride);
  ASSERT_EQ(d.inputs.size(), 1u);
  EXPECT_EQ(d.inputs[0].bytes(), t.description.inputs[0].bytes());
  ASSERT_EQ(d.checks.size(), 1u);
  EXPECT_EQ(*d.checks[0].crc32, 0x33d91a71u);
}

// cdp_1x1x1_lrn3_int8_0: CDP_RDMA reads 1x1x1 INT8 at 0x80000c00 (line
// 0x100, surface 0x800, MC); CDP writes 0x80000020 with the same strides.
// D_LRN_CFG 0x1: window 5; D_DATOUT_SHIFTER 0x9; D_FUNC_BYPASS 0. S_LUT_CFG
// 0x71: LE LINEAR, underflow/overflow/hybrid priority LO; S_LUT_INFO
// 0x8fe00: LE index select 0xfe = -2, LO index select 8; LE start
// {0x3f, 0xfffffff2} (38 bits), end 2; LO start 0, end 0x10000; slope
// scales 0x10001 (1, 1), shifts 0. The trace writes LE 0..64 then LO
// 0..256, entry i holding i.
TEST(TraceLayer, CdpTraceBecomesACdpLayer) {
  REQUIRE_TRACE("nv_small/cdp_1x1x1_lrn3_int8_0");
  const TraceLayer t = trace_layer(trace_dir("nv_small/cdp_1x1x1_lrn3_int8_0"), Config::NvSmall);
  ASSERT_EQ(t.description.operations.size(), 1u);
  const auto& l = std::get<CdpLayer>(t.description.operations[0].layer);
  EXPECT_EQ(l.op.in_precision, kPrecisionInt8);
  EXPECT_EQ(l.op.out_precision, kPrecisionInt8);
  EXPECT_EQ(l.op.local_size, 5);
  EXPECT_EQ(l.op.bypass_sqsum, 0);
  EXPECT_EQ(l.op.bypass_out_mul, 0);
  EXPECT_EQ(l.op.in_cvt.scale, 1);
  EXPECT_EQ(l.op.in_cvt.offset, 0);
  EXPECT_EQ(l.op.out_cvt.truncate, 9);
  EXPECT_EQ(l.src_data.type, MemoryType::Mc);
  EXPECT_EQ(l.src_data.address, 0x80000c00u);
  EXPECT_EQ(l.src_data.width, 1);
  EXPECT_EQ(l.src_data.channel, 1);
  EXPECT_EQ(l.src_data.line_stride, 0x100u);
  EXPECT_EQ(l.src_data.surf_stride, 0x800u);
  EXPECT_EQ(l.dst_data.address, 0x80000020u);
  EXPECT_EQ(l.dst_data.height, 1);
  EXPECT_EQ(l.dst_data.surf_stride, 0x800u);
  ASSERT_TRUE(l.op.lut.has_value());
  const LutParam& lut = *l.op.lut;
  EXPECT_EQ(lut.method, kLutMethodLinear);
  EXPECT_EQ(lut.underflow_priority, kLutPriorityLinearOnly);
  EXPECT_EQ(lut.overflow_priority, kLutPriorityLinearOnly);
  EXPECT_EQ(lut.hybrid_priority, kLutPriorityLinearOnly);
  EXPECT_EQ(lut.linear_exp_offset, -2);
  EXPECT_EQ(lut.linear_only_offset, 8);
  EXPECT_EQ(lut.linear_exp_start, 0x3ffffffff2u);
  EXPECT_EQ(lut.linear_exp_end, 2u);
  EXPECT_EQ(lut.linear_only_end, 0x10000u);
  EXPECT_EQ(lut.linear_exp_underflow_slope.scale, 1);
  EXPECT_EQ(lut.linear_only_overflow_slope.scale, 1);
  EXPECT_EQ(lut.linear_exp_overflow_slope.shifter, 0);
  for (size_t i = 0; i < lut.linear_exp_table.size(); ++i) EXPECT_EQ(lut.linear_exp_table[i], int16_t(i));
  for (size_t i = 0; i < lut.linear_only_table.size(); ++i) EXPECT_EQ(lut.linear_only_table[i], int16_t(i));
  ASSERT_EQ(t.description.checks.size(), 1u);
  EXPECT_EQ(*t.description.checks[0].crc32, 0xf1e8ba9eu);

  // cdp_8x8x32_lrn3_int8_0 writes LO 0..256 first, then LE 0..64, then
  // selects READ and writes a data word, which a READ port ignores.
  REQUIRE_TRACE("nv_small/cdp_8x8x32_lrn3_int8_0");
  const TraceLayer p = trace_layer(trace_dir("nv_small/cdp_8x8x32_lrn3_int8_0"), Config::NvSmall);
  const auto& c = std::get<CdpLayer>(p.description.operations[0].layer);
  EXPECT_EQ(c.op.bypass_sqsum, 1);  // D_FUNC_BYPASS 0x3
  EXPECT_EQ(c.op.bypass_out_mul, 1);
  EXPECT_EQ(c.op.in_cvt.offset, 0x80);  // D_DATIN_OFFSET 0x80
  EXPECT_EQ(c.op.out_cvt.offset, 0x80);
  for (size_t i = 0; i < 65; ++i) EXPECT_EQ(c.op.lut->linear_exp_table[i], int16_t(i));
  EXPECT_EQ(c.op.lut->linear_only_table[256], 0x100);
}

// CDP's LUT port (systemc/nvdla/cdp_lrn.h CdpLutTables): a data write
// stores and advances only when the access type is WRITE, a read advances
// only when it is READ, and the address stops at the table's last entry.
TEST(TraceLayer, CdpLutPortMovesOnlyOnAccessesOfItsTypeAndStopsAtTheLastEntry) {
  namespace rc = regs::cdp;
  const uint32_t base = hardware_config(Config::NvSmall).unit_base(Unit::Cdp);
  std::vector<RegisterAccess> log;
  const auto cfg = [&](uint32_t value) { log.push_back({true, base + rc::S_LUT_ACCESS_CFG, value}); };
  const auto data = [&](uint32_t value) { log.push_back({true, base + rc::S_LUT_ACCESS_DATA, value}); };
  const auto read = [&] { log.push_back({false, base + rc::S_LUT_ACCESS_DATA, 0}); };
  cfg(0x20000 | 63);  // LE, WRITE, address 63
  data(1);            // LE[63]
  data(2);            // LE[64], the last entry: the address stays
  data(3);            // LE[64] again
  read();             // a read of a WRITE port does not advance
  cfg(0x00000 | 10);  // LE, READ, address 10
  data(4);            // ignored, no advance
  read();             // advances to 11
  cfg(0x20000 | 11);
  data(5);  // LE[11]
  cfg(0x30000 | 256);  // LO, WRITE, the last entry
  data(6);
  data(7);
  const LutTables t = cdp_lut_tables(log, Config::NvSmall);
  EXPECT_EQ(t.le[63], 1);
  EXPECT_EQ(t.le[64], 3);
  EXPECT_EQ(t.le[10], 0);
  EXPECT_EQ(t.le[11], 5);
  EXPECT_EQ(t.lo[256], 7);
  EXPECT_EQ(t.lo[0], 0);
  // SDP's port advances on every data access, modulo 1024.
  EXPECT_EQ(sdp_lut_tables(log, Config::NvSmall).le[63], 0);
}

// CDP programming no dla_cdp_op_desc reproduces, in copies of
// cdp_1x1x1_lrn3_int8_0 with one register changed before the enables: the
// converter refuses it, naming the register.
TEST_F(LayerJson, CdpTraceTheFirmwareCannotProgramIsRefused) {
  REQUIRE_TRACE("nv_small/cdp_1x1x1_lrn3_int8_0");
  const fs::path folder = trace_dir("nv_small/cdp_1x1x1_lrn3_int8_0");
  fs::copy_file(folder / "cdp_1x1x1_lrn3_int8_0_in.dat", m_dir / "cdp_1x1x1_lrn3_int8_0_in.dat");
  std::ifstream in(folder / "cdp_1x1x1_lrn3_int8_0.cfg");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string enable = "reg_write(NVDLA_CDP.D_OP_ENABLE_0";
  ASSERT_NE(text.find(enable), std::string::npos);
  const auto refused = [&](const std::string& write) {
    std::string changed = text;
    changed.insert(changed.find(enable), write + "\n");
    const std::string path = this->write("changed.cfg", changed);
    try {
      trace_layer(path, Config::NvSmall);
    } catch (const TraceLayerError& e) {
      return std::string(e.what());
    }
    ADD_FAILURE() << write << " was converted";
    return std::string();
  };
  EXPECT_NE(refused("reg_write(NVDLA_CDP.D_DST_COMPRESSION_EN_0, 0x1);")
                .find("CDP.D_DST_COMPRESSION_EN enables compression, which processor_cdp_program never programs"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_CDP.D_DATA_FORMAT_0, 0x1);")
                .find("CDP_RDMA.D_DATA_FORMAT (0x0) and CDP.D_DATA_FORMAT (0x1) differ, but the firmware programs both "
                      "from the one descriptor field in_precision"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_CDP_RDMA.D_DATA_FORMAT_0, 0x3);").find("CDP_RDMA.D_DATA_FORMAT.INPUT_DATA=3"),
            std::string::npos);
}

// A CDP trace's layer written as JSON reads back as the same layer.
TEST_F(LayerJson, CdpTraceLayerWrittenAsJsonReadsBack) {
  REQUIRE_TRACE("nv_small/cdp_1x1x1_lrn3_int8_0");
  const fs::path folder = trace_dir("nv_small/cdp_1x1x1_lrn3_int8_0");
  const TraceLayer t = trace_layer(folder.string(), Config::NvSmall);
  fs::copy_file(folder / "cdp_1x1x1_lrn3_int8_0_in.dat", m_dir / "cdp_1x1x1_lrn3_int8_0_in.dat");
  const std::string text = layer_to_json(t.description);
  EXPECT_NE(text.find("\"op\": \"cdp\""), std::string::npos);
  EXPECT_EQ(text.find("lut_index"), std::string::npos);
  const LayerDescription d = read_layer_json(write("layer.json", text));
  EXPECT_EQ(layers_text(d), layers_text(t.description));
  const auto& a = std::get<CdpLayer>(t.description.operations[0].layer);
  const auto& b = std::get<CdpLayer>(d.operations[0].layer);
  EXPECT_EQ(b.op.local_size, a.op.local_size);
  EXPECT_EQ(b.op.out_cvt.truncate, a.op.out_cvt.truncate);
  ASSERT_TRUE(b.op.lut.has_value());
  EXPECT_EQ(b.op.lut->linear_exp_start, a.op.lut->linear_exp_start);
  EXPECT_EQ(b.op.lut->linear_only_table, a.op.lut->linear_only_table);
  EXPECT_EQ(b.src_data.address, a.src_data.address);
  EXPECT_EQ(b.dst_data.surf_stride, a.dst_data.surf_stride);
  ASSERT_EQ(d.inputs.size(), t.description.inputs.size());
  ASSERT_EQ(d.checks.size(), 1u);
  EXPECT_EQ(*d.checks[0].crc32, 0xf1e8ba9eu);
}

// "cdp" layers: cdp_op (dla_cdp_op_desc) and cdp_surface (src_data,
// dst_data); every error names its key.
TEST_F(LayerJson, CdpLayerReadsAndItsErrorsNameTheKey) {
  const auto cdp = [](const std::string& op, const std::string& surface = R"({
      "src_data": {"type": "mc", "address": 0, "width": 2, "height": 2, "channel": 8, "line_stride": 8,
                   "surf_stride": 32},
      "dst_data": {"type": "mc", "address": 4096, "width": 2, "height": 2, "channel": 8, "line_stride": 8,
                   "surf_stride": 32}})") {
    return R"({"layers": [{"op": "cdp", "cdp_op": )" + op + R"(, "cdp_surface": )" + surface + "}]}";
  };
  const LayerDescription d = parse_layer_json(
      cdp(R"({"in_precision": "int8", "out_precision": "PRECISION_INT8", "local_size": 9, "bypass_sqsum": 1,
              "in_cvt": {"offset": -128, "scale": 3, "truncate": 2}, "out_cvt": {"offset": "0x1000000",
              "scale": -5, "truncate": 40}, "lut_index": -1})"),
      layer_path());
  const auto& c = std::get<CdpLayer>(d.operations[0].layer);
  EXPECT_EQ(c.op.local_size, 9);
  EXPECT_EQ(c.op.bypass_sqsum, 1);
  EXPECT_EQ(c.op.bypass_out_mul, 0);
  EXPECT_EQ(c.op.in_cvt.offset, -128);
  EXPECT_EQ(c.op.in_cvt.truncate, 2);
  EXPECT_EQ(c.op.out_cvt.offset, 0x1000000);
  EXPECT_EQ(c.op.out_cvt.scale, -5);
  EXPECT_FALSE(c.op.lut.has_value());
  EXPECT_EQ(c.dst_data.address, 4096u);
  EXPECT_EQ(layers_text(parse_layer_json(layer_to_json(d), layer_path())), layers_text(d));

  EXPECT_NE(error_of(cdp(R"({"window": 3})")).find("layers[0].cdp_op.window: unknown key"), std::string::npos);
  EXPECT_NE(error_of(cdp(R"({"local_size": 300})")).find("layers[0].cdp_op.local_size: 300 is out of range [0, 255]"),
            std::string::npos);
  EXPECT_NE(error_of(cdp(R"({"in_precision": "PRECISION_INT4"})"))
                .find("layers[0].cdp_op.in_precision: \"PRECISION_INT4\" is not one of PRECISION_INT8"),
            std::string::npos);
  EXPECT_NE(error_of(cdp(R"({"lut_index": 0})")).find("layers[0].cdp_op.lut_index: must be -1"), std::string::npos);
  EXPECT_NE(error_of(cdp(R"({"lut": {"linear_exp_table": [0]}})"))
                .find("layers[0].cdp_op.lut.linear_exp_table: must be an array of 65 integers"),
            std::string::npos);
  EXPECT_NE(error_of(cdp("{}", R"({"src_data": {"type": "mc", "address": 0, "width": 1, "height": 1,
                                                 "channel": 1}})"))
                .find("layers[0].cdp_surface.dst_data: missing"),
            std::string::npos);
  EXPECT_NE(error_of(cdp("{}", R"({"src_data": {"type": "mc", "address": 0, "width": 1, "height": 1,
                                                 "channel": 1}, "x1_data": {}})"))
                .find("layers[0].cdp_surface.x1_data: unknown key (known here: src_data, dst_data)"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"layers": [{"op": "cdp", "cdp_op": {}}]})").find("layers[0].cdp_surface: missing"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"layers": [{"op": "lrn"}]})")
                .find("layers[0].op: \"lrn\" is not a layer kind (known: bdma, pdp, sdp, sdp_pdp, cdp, conv, rubik)"),
            std::string::npos);
}

// dc_24x33x55_5x5x55x25_int8_0: CDMA reads a 24x33x55 INT8 cube at
// 0x90008800 (line stride 0x100, surface stride 0x21c0) and 0x8680 bytes of
// weights at 0xa0000100; stride 4x3, padding 2/3/2/3, pad value 0xa27b;
// CACC hands a 7x12x25 cube to SDP (CLIP_TRUNCATE 4), which writes it to
// 0x80000000 with its stages bypassed.
TEST(TraceLayer, ConvTraceBecomesAConvLayer) {
  REQUIRE_TRACE("nv_small/dc_24x33x55_5x5x55x25_int8_0");
  const TraceLayer t = trace_layer(trace_dir("nv_small/dc_24x33x55_5x5x55x25_int8_0"), Config::NvSmall);
  ASSERT_EQ(t.description.operations.size(), 1u);
  const auto& l = std::get<ConvLayer>(t.description.operations[0].layer);
  const ConvOpDesc& op = l.conv_op;
  EXPECT_EQ(op.conv_mode, 0);
  EXPECT_EQ(op.data_format, kDataFormatFeature);
  EXPECT_EQ(op.pixel_override, 1);
  EXPECT_EQ(op.in_precision, kPrecisionInt8);
  EXPECT_EQ(op.out_precision, kPrecisionInt8);
  EXPECT_EQ(op.conv_stride_x, 4);
  EXPECT_EQ(op.conv_stride_y, 3);
  EXPECT_EQ(op.pad_x_left, 2);
  EXPECT_EQ(op.pad_x_right, 3);
  EXPECT_EQ(op.pad_y_top, 2);
  EXPECT_EQ(op.pad_y_bottom, 3);
  EXPECT_EQ(op.pad_val, int16_t(0xa27b));
  EXPECT_EQ(op.entry_per_slice, 0xa8);
  EXPECT_EQ(op.data_bank, 12);
  EXPECT_EQ(op.weight_bank, 10);
  EXPECT_EQ(op.release, 0x12);
  EXPECT_EQ(op.pra_truncate, 2);
  EXPECT_EQ(op.bytes_per_kernel, 0x55fu);
  EXPECT_EQ(op.kernel_width_csc, 5);
  EXPECT_EQ(op.kernel_height_csc, 5);
  EXPECT_EQ(op.kernel_channel_csc, 55);
  EXPECT_EQ(op.input_width_cmac, 7);
  EXPECT_EQ(op.input_height_cmac, 12);
  EXPECT_EQ(op.out_cvt.truncate, 4);
  EXPECT_EQ(op.out_cvt.scale, 1);
  EXPECT_EQ(op.in_cvt.enable, 0);
  EXPECT_EQ(op.mean_format, kMeanFormatDisable);
  const ConvSurfaceDesc& cs = l.conv_surface;
  EXPECT_EQ(cs.src_data.type, MemoryType::Mc);
  EXPECT_EQ(cs.src_data.address, 0x90008800u);
  EXPECT_EQ(cs.src_data.width, 24);
  EXPECT_EQ(cs.src_data.height, 33);
  EXPECT_EQ(cs.src_data.channel, 55);
  EXPECT_EQ(cs.src_data.line_stride, 0x100u);
  EXPECT_EQ(cs.src_data.surf_stride, 0x21c0u);
  EXPECT_EQ(cs.weight_data.address, 0xa0000100u);
  EXPECT_EQ(cs.weight_data.size, 0x8680u);
  EXPECT_EQ(cs.dst_data.type, MemoryType::Hw);
  EXPECT_EQ(cs.dst_data.width, 7);
  EXPECT_EQ(cs.dst_data.height, 12);
  EXPECT_EQ(cs.dst_data.channel, 25);
  EXPECT_EQ(cs.dst_data.line_stride, 0x200u);
  EXPECT_EQ(cs.dst_data.surf_stride, 0x2400u);
  EXPECT_EQ(l.sdp_surface.src_data.type, MemoryType::Hw);
  EXPECT_EQ(l.sdp_surface.src_data.channel, 25);
  EXPECT_EQ(l.sdp_op.x1_op.enable, 0);
  EXPECT_EQ(l.sdp_op.x2_op.enable, 0);
  EXPECT_EQ(l.sdp_op.y_op.enable, 0);
  EXPECT_EQ(l.sdp_dst_data.address, 0x80000000u);
  EXPECT_EQ(l.sdp_dst_data.line_stride, 0x200u);
  EXPECT_EQ(l.sdp_dst_data.surf_stride, 0x1800u);
  ASSERT_EQ(t.description.checks.size(), 1u);
  EXPECT_EQ(*t.description.checks[0].crc32, 0x3d870ff3u);
  ASSERT_EQ(t.description.inputs.size(), 2u);
  bool noted = false;
  for (const auto& n : t.notes) noted = noted || n.find("PIXEL_FORMAT/PIXEL_MAPPING") != std::string::npos;
  EXPECT_TRUE(noted);
}

// Convolution programming no dla_conv_op_desc reproduces, in copies of
// dc_24x33x55_5x5x55x25_int8_0 with one register changed before the
// enables: the converter refuses it, naming the register.
TEST_F(LayerJson, ConvTraceTheFirmwareCannotProgramIsRefused) {
  const std::string name = "dc_24x33x55_5x5x55x25_int8_0";
  REQUIRE_TRACE("nv_small/" + name);
  const fs::path folder = trace_dir("nv_small/" + name);
  for (const char* data : {"_dt.dat", "_wt.dat"}) fs::copy_file(folder / (name + data), m_dir / (name + data));
  std::ifstream in(folder / (name + ".cfg"));
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string enable = "reg_write(NVDLA_SDP.D_OP_ENABLE_0";
  ASSERT_NE(text.find(enable), std::string::npos);
  const auto refused = [&](const std::string& write) {
    std::string changed = text;
    changed.insert(changed.find(enable), write + "\n");
    const std::string path = this->write("changed.cfg", changed);
    try {
      trace_layer(path, Config::NvSmall);
    } catch (const TraceLayerError& e) {
      return std::string(e.what());
    }
    ADD_FAILURE() << write << " was converted";
    return std::string();
  };
  EXPECT_NE(refused("reg_write(NVDLA_CSC.D_MISC_CFG_0, 0x100);").find("CSC.D_MISC_CFG 0x100 differs from the 0x0"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_CSC.D_BANK_0, 0x0);")
                .find("CDMA.D_BANK (0x9000b) and CSC.D_BANK (0x0) differ, but the firmware programs both from the one "
                      "descriptor field data_bank, weight_bank"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_CDMA.D_WEIGHT_FORMAT_0, 0x1);").find("CDMA.D_WEIGHT_FORMAT is COMPRESSED"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_CDMA.D_DATAIN_FORMAT_0, 0x1);")
                .find("CDMA.D_DATAIN_FORMAT.DATAIN_FORMAT is PIXEL"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_CSC.D_DATAOUT_SIZE_1_0, 0x10);").find("CSC.D_DATAOUT_SIZE_1.DATAOUT_CHANNEL"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_SDP.D_FEATURE_MODE_CFG_0, 0x0);")
                .find("SDP.D_FEATURE_MODE_CFG.FLYING_MODE=OFF while the convolution core runs"),
            std::string::npos);
  EXPECT_NE(refused("reg_write(NVDLA_SDP.D_DATA_CUBE_CHANNEL_0, 0x10);")
                .find("SDP.D_DATA_CUBE_* 7x12x17 differs from CACC.D_DATAOUT_SIZE_* 7x12x25"),
            std::string::npos);
}

// A convolution trace's layer written as JSON reads back as the same layer.
TEST_F(LayerJson, ConvTraceLayerWrittenAsJsonReadsBack) {
  const std::string name = "dc_24x33x55_5x5x55x25_int8_0";
  REQUIRE_TRACE("nv_small/" + name);
  const fs::path folder = trace_dir("nv_small/" + name);
  const TraceLayer t = trace_layer(folder.string(), Config::NvSmall);
  for (const char* data : {"_dt.dat", "_wt.dat"}) fs::copy_file(folder / (name + data), m_dir / (name + data));
  const std::string text = layer_to_json(t.description);
  EXPECT_NE(text.find("\"op\": \"conv\""), std::string::npos);
  const LayerDescription d = read_layer_json(write("layer.json", text));
  EXPECT_EQ(layers_text(d), layers_text(t.description));
  const auto& a = std::get<ConvLayer>(t.description.operations[0].layer);
  const auto& b = std::get<ConvLayer>(d.operations[0].layer);
  EXPECT_EQ(b.conv_op.pad_val, a.conv_op.pad_val);
  EXPECT_EQ(b.conv_op.entry_per_slice, a.conv_op.entry_per_slice);
  EXPECT_EQ(b.conv_op.bytes_per_kernel, a.conv_op.bytes_per_kernel);
  EXPECT_EQ(b.conv_surface.offset_u, a.conv_surface.offset_u);
  EXPECT_EQ(b.conv_surface.in_line_uv_stride, a.conv_surface.in_line_uv_stride);
  EXPECT_EQ(b.conv_surface.weight_data.size, a.conv_surface.weight_data.size);
  EXPECT_EQ(b.conv_surface.dst_data.surf_stride, a.conv_surface.dst_data.surf_stride);
  EXPECT_EQ(b.sdp_dst_data.address, a.sdp_dst_data.address);
  ASSERT_EQ(d.inputs.size(), t.description.inputs.size());
  ASSERT_EQ(d.checks.size(), 1u);
  EXPECT_EQ(*d.checks[0].crc32, 0x3d870ff3u);
}

// "conv" layers: conv_op (dla_conv_op_desc), conv_surface (weight_data,
// src_data, dst_data, offset_u, in_line_uv_stride), sdp_op and sdp_surface
// (with dst_data); every error names its key.
TEST_F(LayerJson, ConvLayerReadsAndItsErrorsNameTheKey) {
  const std::string cube = R"("width": 4, "height": 4, "channel": 8, "line_stride": 32, "surf_stride": 128)";
  const std::string conv_surface = R"({"weight_data": {"type": "mc", "address": "0x80100000", "size": 128,
      "width": 1, "height": 1, "channel": 8}, "src_data": {"type": "mc", "address": "0x80000000", )" +
                                   cube + R"(}, "dst_data": {"type": "DLA_MEM_HW", )" + cube +
                                   R"(}, "offset_u": -64, "in_line_uv_stride": 7})";
  const std::string sdp_surface = R"({"src_data": {"type": "hw", )" + cube +
                                  R"(}, "dst_data": {"type": "mc", "address": "0x81000000", )" + cube + "}}";
  const auto conv = [&](const std::string& op, const std::string& surface = "") {
    return R"({"layers": [{"op": "conv", "conv_op": )" + op + R"(, "conv_surface": )" +
           (surface.empty() ? conv_surface : surface) + R"(, "sdp_op": {}, "sdp_surface": )" + sdp_surface + "}]}";
  };
  const LayerDescription d = parse_layer_json(
      conv(R"({"conv_mode": "CONV_MODE_DIRECT", "in_precision": "int8", "entry_per_slice": 2, "data_bank": 3,
               "weight_bank": 4, "conv_stride_x": 2, "pad_val": -5, "bytes_per_kernel": "0x8",
               "in_cvt": {"enable": 1, "offset": -3, "scale": 2, "truncate": 1}, "out_cvt": {"scale": 1,
               "truncate": 6}})"),
      layer_path());
  const auto& c = std::get<ConvLayer>(d.operations[0].layer);
  EXPECT_EQ(c.conv_op.entry_per_slice, 2);
  EXPECT_EQ(c.conv_op.data_bank, 3);
  EXPECT_EQ(c.conv_op.weight_bank, 4);
  EXPECT_EQ(c.conv_op.conv_stride_x, 2);
  EXPECT_EQ(c.conv_op.conv_stride_y, 1);
  EXPECT_EQ(c.conv_op.pad_val, -5);
  EXPECT_EQ(c.conv_op.bytes_per_kernel, 8u);
  EXPECT_EQ(c.conv_op.in_cvt.offset, -3);
  EXPECT_EQ(c.conv_op.out_cvt.truncate, 6);
  EXPECT_EQ(c.conv_op.data_format, kDataFormatFeature);
  EXPECT_EQ(c.conv_surface.weight_data.size, 128u);
  EXPECT_EQ(c.conv_surface.offset_u, -64);
  EXPECT_EQ(c.conv_surface.in_line_uv_stride, 7u);
  EXPECT_EQ(c.conv_surface.dst_data.type, MemoryType::Hw);
  EXPECT_EQ(c.sdp_surface.src_data.type, MemoryType::Hw);
  EXPECT_EQ(c.sdp_dst_data.address, 0x81000000u);
  EXPECT_EQ(layers_text(parse_layer_json(layer_to_json(d), layer_path())), layers_text(d));

  EXPECT_NE(error_of(conv(R"({"kernel_size": 3})")).find("layers[0].conv_op.kernel_size: unknown key"),
            std::string::npos);
  EXPECT_NE(error_of(conv(R"({"data_bank": 256})")).find("layers[0].conv_op.data_bank: 256 is out of range [0, 255]"),
            std::string::npos);
  EXPECT_NE(error_of(conv(R"({"pad_val": 40000})"))
                .find("layers[0].conv_op.pad_val: 40000 is out of range [-32768, 32767]"),
            std::string::npos);
  EXPECT_NE(error_of(conv(R"({"conv_mode": "CONV_MODE_FFT"})"))
                .find("layers[0].conv_op.conv_mode: \"CONV_MODE_FFT\" is not one of CONV_MODE_DIRECT"),
            std::string::npos);
  EXPECT_NE(error_of(conv("{}", R"({"src_data": {"type": "mc", "address": 0, "width": 1, "height": 1,
                                                  "channel": 1}})"))
                .find("layers[0].conv_surface.weight_data: missing"),
            std::string::npos);
  EXPECT_NE(error_of(conv("{}", R"({"mean_data": {}})"))
                .find("layers[0].conv_surface.mean_data: unknown key (known here: weight_data, wmb_data, wgs_data, "
                      "src_data, dst_data, offset_u, in_line_uv_stride)"),
            std::string::npos);
  // Compressed weights: wmb_data and wgs_data, read and written again.
  std::string compressed_surface = conv_surface;
  compressed_surface.insert(1, R"("wmb_data": {"type": "mc", "address": "0x80200000", "size": 128, "width": 1,
      "height": 1, "channel": 1}, "wgs_data": {"type": "mc", "address": "0x80300000", "size": 4, "width": 1,
      "height": 1, "channel": 1}, )");
  const LayerDescription packed =
      parse_layer_json(conv(R"({"weight_format": 1})", compressed_surface), layer_path());
  const auto& k = std::get<ConvLayer>(packed.operations[0].layer);
  EXPECT_EQ(k.conv_surface.wmb_data.address, 0x80200000u);
  EXPECT_EQ(k.conv_surface.wgs_data.size, 4u);
  const LayerDescription again = parse_layer_json(layer_to_json(packed), layer_path());
  EXPECT_EQ(std::get<ConvLayer>(again.operations[0].layer).conv_surface.wgs_data.address, 0x80300000u);
  EXPECT_NE(error_of(R"({"layers": [{"op": "conv", "conv_op": {}}]})").find("layers[0].conv_surface: missing"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"layers": [{"op": "conv", "conv_op": {}, "conv_surface": )" + conv_surface +
                     R"(, "sdp_op": {}, "sdp_surface": {"src_data": {"type": "hw", )" + cube + "}}}]}")
                .find("layers[0].sdp_surface.dst_data: missing"),
            std::string::npos);
}

TEST(TraceLayer, RegisterOnlyTraceIsRefused) {
  REQUIRE_TRACE("nv_full_traceplayer/sanity0");
  try {
    trace_layer(trace_dir("nv_full_traceplayer/sanity0"), Config::NvFull);
    FAIL();
  } catch (const TraceLayerError& e) {
    EXPECT_NE(std::string(e.what()).find("no unit is ever enabled"), std::string::npos) << e.what();
  }
}

// sanity1: one transfer of 8 lines of 256 bytes (CFG_LINE 7, CFG_LINE_REPEAT
// 7, CFG_SURF_REPEAT 0), strides 0x100 and 0x800, 0x80000000 -> 0x81000000,
// MC -> MC (CFG_CMD 3), as its input.txn writes them.
TEST(TraceLayer, BdmaTraceBecomesABdmaCopy) {
  REQUIRE_TRACE("nv_full_traceplayer/sanity1");
  const TraceLayer t = trace_layer(trace_dir("nv_full_traceplayer/sanity1"), Config::NvFull);
  ASSERT_EQ(t.description.operations.size(), 1u);
  const auto* copy = std::get_if<BdmaCopy>(&t.description.operations[0].layer);
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->source_type, MemoryType::Mc);
  EXPECT_EQ(copy->destination_type, MemoryType::Mc);
  ASSERT_EQ(copy->transfers.size(), 1u);
  const BdmaTransfer& x = copy->transfers[0];
  EXPECT_EQ(x.source_address, 0x80000000u);
  EXPECT_EQ(x.destination_address, 0x81000000u);
  EXPECT_EQ(x.line_size, 256u);
  EXPECT_EQ(x.line_repeat, 8u);
  EXPECT_EQ(x.surface_repeat, 1u);
  EXPECT_EQ(x.source_line, 0x100u);
  EXPECT_EQ(x.destination_line, 0x100u);
  EXPECT_EQ(x.source_surface, 0x800u);
  EXPECT_EQ(x.destination_surface, 0x800u);
  EXPECT_TRUE(t.description.checks.empty());
  ASSERT_EQ(t.description.inputs.size(), 1u);
  EXPECT_EQ(t.description.inputs[0].address, 0x80000000u);
}
// BDMA programming written here as a txn trace (nv_full's BDMA at CSB
// 0xffff1000): two transfers queued by CFG_OP, then launched.
TEST_F(LayerJson, BdmaTraceQueuesATransferAtEachCfgOp) {
  const std::string slot =
      "write_reg 0xffff1000 0x80000000\nwrite_reg 0xffff1002 0x81000000\nwrite_reg 0xffff1004 0x1\n"
      "write_reg 0xffff1005 0x3\nwrite_reg 0xffff1006 0x0\nwrite_reg 0xffff1007 0x40\nwrite_reg 0xffff1008 0x40\n"
      "write_reg 0xffff1009 0x0\nwrite_reg 0xffff100a 0x40\nwrite_reg 0xffff100b 0x40\nwrite_reg 0xffff100c 0x1\n";
  const std::string second = "write_reg 0xffff1000 0x80001000\nwrite_reg 0xffff1004 0x3\nwrite_reg 0xffff100c 0x1\n";
  const std::string launch = "write_reg 0xffff100d 0x1\nwait\n";
  const TraceLayer t = trace_layer(write("two.txn", slot + second + launch), Config::NvFull);
  const auto& copy = std::get<BdmaCopy>(t.description.operations.at(0).layer);
  ASSERT_EQ(copy.transfers.size(), 2u);
  EXPECT_EQ(copy.transfers[0].source_address, 0x80000000u);
  EXPECT_EQ(copy.transfers[0].line_size, 64u);
  EXPECT_EQ(copy.transfers[1].source_address, 0x80001000u);
  EXPECT_EQ(copy.transfers[1].destination_address, 0x81000000u);
  EXPECT_EQ(copy.transfers[1].line_size, 128u);

  // dla_bdma_surface_desc has one pair of memories for all its transfers.
  const std::string to_cv = "write_reg 0xffff1005 0x1\nwrite_reg 0xffff100c 0x1\n";
  try {
    trace_layer(write("mixed.txn", slot + to_cv + launch), Config::NvFull);
    ADD_FAILURE() << "mixed memories converted";
  } catch (const TraceLayerError& e) {
    EXPECT_NE(std::string(e.what()).find("BDMA.CFG_CMD of transfer 1"), std::string::npos) << e.what();
  }
  // A launch with nothing queued.
  try {
    trace_layer(write("empty.txn", launch), Config::NvFull);
    ADD_FAILURE() << "empty launch converted";
  } catch (const TraceLayerError& e) {
    EXPECT_NE(std::string(e.what()).find("no transfer is queued"), std::string::npos) << e.what();
  }
}


}  // namespace
}  // namespace acosim::nvdla::firmware

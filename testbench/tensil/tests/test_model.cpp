// .tarch/.tmodel parsing and writing, .tprog/.tdata reading and atomic
// writes (Tensil's common/src/tensil/Architecture.scala, tools/src/tensil/tools/model/).
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <unistd.h>

#include "sw/tensil/model.h"

namespace acosim::tensil {
namespace {

namespace fs = std::filesystem;

// A .tmodel in the compiler's compact form (values illustrative).
const std::string kExampleModel =
    R"({"name":"resnet20v2_cifar_onnx_pynqz1","prog":{"file_name":"resnet20v2_cifar_onnx_pynqz1.tprog","size":1234560},)"
    R"("consts":[{"file_name":"resnet20v2_cifar_onnx_pynqz1.tdata","base":0,"size":71609}],)"
    R"("inputs":[{"name":"x:0","base":0,"size":1024}],"outputs":[{"name":"Identity:0","base":1024,"size":2}],)"
    R"("arch":{"data_type":"FP16BP8","array_size":8,"dram0_depth":1048576,"dram1_depth":1048576,)"
    R"("local_depth":8192,"accumulator_depth":2048,"simd_registers_depth":1,"stride0_depth":8,)"
    R"("stride1_depth":8,"number_of_threads":1,"thread_queue_depth":8},"load_consts_to_local":false})";

// Tensil's arch/pynqz1.tarch, pretty-printed as the shipped files are.
const std::string kPynqz1 = R"({
  "data_type": "FP16BP8", "array_size": 8, "dram0_depth": 1048576, "dram1_depth": 1048576,
  "local_depth": 8192, "accumulator_depth": 2048, "simd_registers_depth": 1,
  "stride0_depth": 8, "stride1_depth": 8, "number_of_threads": 1, "thread_queue_depth": 8
})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// Expects a FormatError whose message contains every fragment.
void expect_format_error(const std::function<void()>& action, std::initializer_list<std::string> fragments) {
  try {
    action();
    ADD_FAILURE() << "no FormatError";
  } catch (const FormatError& e) {
    for (const std::string& f : fragments) EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << e.what();
  }
}

class ModelFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("acosim_sw_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) const {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }

  fs::path dir_;
};

TEST(ArchitectureJson, ParsesAllElevenKeys) {
  const Architecture a = parse_architecture_json(kPynqz1, "pynqz1.tarch");
  EXPECT_EQ(a.data_type, DataType::FP16BP8);
  EXPECT_EQ(a.array_size, 8u);
  EXPECT_EQ(a.dram0_depth, 1048576u);
  EXPECT_EQ(a.dram1_depth, 1048576u);
  EXPECT_EQ(a.local_depth, 8192u);
  EXPECT_EQ(a.accumulator_depth, 2048u);
  EXPECT_EQ(a.simd_registers_depth, 1u);
  EXPECT_EQ(a.stride0_depth, 8u);
  EXPECT_EQ(a.stride1_depth, 8u);
  EXPECT_EQ(a.number_of_threads, 1u);
  EXPECT_EQ(a.thread_queue_depth, 8u);
  // Written back compactly in the same key order (the .tmodel's arch object).
  EXPECT_EQ(architecture_to_json(a),
            R"({"data_type":"FP16BP8","array_size":8,"dram0_depth":1048576,"dram1_depth":1048576,)"
            R"("local_depth":8192,"accumulator_depth":2048,"simd_registers_depth":1,"stride0_depth":8,)"
            R"("stride1_depth":8,"number_of_threads":1,"thread_queue_depth":8})");
}

TEST(ArchitectureJson, ErrorsNameTheFileAndTheKey) {
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, R"("local_depth": 8192, )", ""), "a.tarch"); },
                      {"a.tarch: local_depth: missing"});
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "\"array_size\": 8", "\"array_size\": \"8\""), "a.tarch"); },
                      {"a.tarch: array_size: expected an integer"});
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "\"array_size\": 8", "\"array_size\": 8.5"), "a.tarch"); },
                      {"a.tarch: array_size: expected an integer"});
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "2048", "-2048"), "a.tarch"); },
                      {"a.tarch: accumulator_depth: -2048 is negative"});
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "FP16BP8", "FP16"), "a.tarch"); },
                      {"a.tarch: data_type: 'FP16' is not supported"});
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "FP16BP8", "FLOAT32"), "a.tarch"); },
                      {"a.tarch: data_type: 'FLOAT32' is not supported"});
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "\"data_type\": \"FP16BP8\"", "\"data_type\": 16"), "a.tarch"); },
                      {"a.tarch: data_type: expected a string"});
  // In range for JSON but not for the TCU: validate()'s sentence names the key.
  expect_format_error([] { parse_architecture_json(replaced(kPynqz1, "\"array_size\": 8", "\"array_size\": 0"), "a.tarch"); },
                      {"a.tarch: ", "array_size"});
  expect_format_error([] { parse_architecture_json("[1, 2]", "a.tarch"); }, {"a.tarch: ", "expected an object"});
}

TEST(ArchitectureJson, MalformedJsonNamesTheFileAndPosition) {
  // `{"data_type": FP16BP8}`: the parser stops at the F, byte 15.
  expect_format_error([] { parse_architecture_json(R"({"data_type": FP16BP8})", "bad.tarch"); },
                      {"bad.tarch: malformed JSON at byte 15"});
  // Truncated: the text ends inside the object.
  const std::string truncated = kPynqz1.substr(0, 40);
  expect_format_error([&] { parse_architecture_json(truncated, "cut.tarch"); }, {"cut.tarch: malformed JSON"});
  expect_format_error([] { parse_architecture_json("", "empty.tarch"); }, {"empty.tarch: malformed JSON", "empty"});
}

TEST(ModelJson, ParsesTheExampleOfReference62AndWritesItBackVerbatim) {
  const Model m = parse_model_json(kExampleModel, "r.tmodel");
  EXPECT_EQ(m.name, "resnet20v2_cifar_onnx_pynqz1");
  EXPECT_EQ(m.prog_file_name, "resnet20v2_cifar_onnx_pynqz1.tprog");
  EXPECT_EQ(m.prog_size, 1234560u);
  ASSERT_EQ(m.consts.size(), 1u);
  EXPECT_EQ(m.consts[0].file_name, "resnet20v2_cifar_onnx_pynqz1.tdata");
  EXPECT_EQ(m.consts[0].base, 0u);
  EXPECT_EQ(m.consts[0].size, 71609u);
  ASSERT_EQ(m.inputs.size(), 1u);
  EXPECT_EQ(m.inputs[0].name, "x:0");
  EXPECT_EQ(m.inputs[0].size, 1024u);
  ASSERT_EQ(m.outputs.size(), 1u);
  EXPECT_EQ(m.outputs[0].name, "Identity:0");
  EXPECT_EQ(m.outputs[0].base, 1024u);
  EXPECT_EQ(m.outputs[0].size, 2u);
  EXPECT_EQ(m.arch.local_depth, 8192u);
  EXPECT_FALSE(m.load_consts_to_local);
  EXPECT_EQ(model_to_json(m), kExampleModel);
}

// Manifests written before load_consts_to_local existed (the speech-robot
// network's) have no such key; Tensil's driver reads that as false.
TEST(ModelJson, MissingLoadConstsToLocalIsFalse) {
  const std::string without = replaced(kExampleModel, R"(,"load_consts_to_local":false)", "");
  ASSERT_NE(without, kExampleModel);
  EXPECT_FALSE(parse_model_json(without, "m.tmodel").load_consts_to_local);
  EXPECT_TRUE(parse_model_json(replaced(kExampleModel, R"("load_consts_to_local":false)", R"("load_consts_to_local":true)"),
                               "m.tmodel")
                  .load_consts_to_local);
}

TEST(ModelJson, ErrorsNameTheKeyPath) {
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("size":1234560)", R"("bytes":1234560)"), "m.tmodel"); },
                      {"m.tmodel: prog.size: missing"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("local_depth":8192,)", ""), "m.tmodel"); },
                      {"m.tmodel: arch.local_depth: missing"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("base":1024)", R"("base":"1024")"), "m.tmodel"); },
                      {"m.tmodel: outputs[0].base: expected an integer"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("size":71609)", R"("size":-1)"), "m.tmodel"); },
                      {"m.tmodel: consts[0].size: -1 is negative"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("data_type":"FP16BP8")", R"("data_type":"FP9")"), "m.tmodel"); },
                      {"m.tmodel: arch.data_type: 'FP9' is not supported"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, "false}", "0}"), "m.tmodel"); },
                      {"m.tmodel: load_consts_to_local: expected true or false"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("inputs":[{"name":"x:0","base":0,"size":1024}])", R"("inputs":7)"), "m.tmodel"); },
                      {"m.tmodel: inputs: expected an array"});
  // A tensor that runs past the end of DRAM0 (depth 1048576).
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("base":1024,"size":2)", R"("base":1048575,"size":2)"), "m.tmodel"); },
                      {"m.tmodel: outputs[0].size: 2 is outside 0..1"});
  expect_format_error([] { parse_model_json(replaced(kExampleModel, R"("name":"x:0")", R"("name":7)"), "m.tmodel"); },
                      {"m.tmodel: inputs[0].name: expected a string"});
  expect_format_error([] { parse_model_json(kExampleModel.substr(0, kExampleModel.size() - 10), "m.tmodel"); },
                      {"m.tmodel: malformed JSON at byte"});
}

TEST(ModelJson, TensorsOfOneNameAreReturnedInOrderOfBase) {
  Model m = parse_model_json(kExampleModel, "r.tmodel");
  m.inputs = {{"x", "", 40, 2}, {"y", "", 0, 1}, {"x", "", 10, 3}};
  const std::vector<TensorEntry> x = m.inputs_named("x");
  ASSERT_EQ(x.size(), 2u);
  EXPECT_EQ(x[0].base, 10u);
  EXPECT_EQ(x[1].base, 40u);
  EXPECT_TRUE(m.outputs_named("x").empty());
  EXPECT_EQ(m.outputs_named("Identity:0").size(), 1u);
}

TEST_F(ModelFiles, ReadModelResolvesFilesAgainstItsFolder) {
  const std::string path = write("r.tmodel", kExampleModel);
  const Model m = read_model(path);
  EXPECT_EQ(m.resolve(m.prog_file_name), (dir_ / "resnet20v2_cifar_onnx_pynqz1.tprog").string());
  EXPECT_EQ(m.resolve("/abs/file.tdata"), "/abs/file.tdata");
  const std::string tarch = write("p.tarch", kPynqz1);
  EXPECT_EQ(read_architecture(tarch).array_size, 8u);
  expect_format_error([&] { read_architecture(write("bad.tarch", "{")); }, {"bad.tarch: malformed JSON"});
}

TEST_F(ModelFiles, MissingFileIsAnErrorNamingPathAndReason) {
  const std::string missing = (dir_ / "nothing.tmodel").string();
  expect_format_error([&] { read_file(missing); }, {"cannot read " + missing + ": No such file or directory"});
  expect_format_error([&] { read_model(missing); }, {"cannot read " + missing});
}

// A 2x2, 256-deep arch: 4-byte instructions, 4-byte vectors (CompilerSpec.scala XOR arch).
Model xor_model(const fs::path& dir, uint64_t prog_size, uint64_t consts_size) {
  Model m;
  m.arch.array_size = 2;
  m.arch.dram0_depth = m.arch.dram1_depth = m.arch.local_depth = m.arch.accumulator_depth = 256;
  m.arch.stride0_depth = m.arch.stride1_depth = 1;
  m.prog_file_name = "x.tprog";
  m.prog_size = prog_size;
  m.consts = {{"", "x.tdata", 0, consts_size}};
  m.directory = dir.string();
  return m;
}

TEST_F(ModelFiles, ProgramMustHoldWholeInstructionsAndMatchProgSize) {
  const InstructionLayout layout = InstructionLayout::derive(xor_model(dir_, 0, 0).arch);
  write("x.tprog", std::string(10, '\0'));  // 2 whole 4-byte instructions and 2 bytes
  expect_format_error([&] { read_program(xor_model(dir_, 10, 0), layout); },
                      {"x.tprog", "10 bytes", "instruction 2 is truncated"});
  write("x.tprog", std::string(8, '\x10'));
  expect_format_error([&] { read_program(xor_model(dir_, 12, 0), layout); }, {"x.tprog", "8 bytes", "prog.size is 12"});
  EXPECT_EQ(read_program(xor_model(dir_, 8, 0), layout), std::vector<uint8_t>(8, 0x10));
}

TEST_F(ModelFiles, ConstsMustHoldExactlySizeVectors) {
  // The XOR .tdata: 6 vectors of 2 FP16BP8 scalars = 24 bytes (CompilerSpec.scala).
  write("x.tdata", std::string(23, '\0'));
  const Model m = xor_model(dir_, 0, 6);
  expect_format_error([&] { read_consts(m, m.consts[0]); }, {"x.tdata", "23 bytes", "needs 24"});
  write("x.tdata", std::string(24, '\x01'));
  EXPECT_EQ(read_consts(m, m.consts[0]).size(), 24u);
}

TEST_F(ModelFiles, AtomicWriteReplacesTheFileAndLeavesNoTemporary) {
  const std::string path = (dir_ / "out.tprog").string();
  write("out.tprog", "old contents");
  write_file_atomically(path, {1, 2, 3});
  EXPECT_EQ(read_file(path), (std::vector<uint8_t>{1, 2, 3}));
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST_F(ModelFiles, AtomicWriteIntoAMissingFolderFailsAndLeavesNothing) {
  const fs::path path = dir_ / "missing" / "out.tprog";
  expect_format_error([&] { write_file_atomically(path.string(), {1, 2, 3}); },
                      {"cannot write " + path.string()});
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(dir_ / "missing"));
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(ModelFiles, AtomicWriteOverADirectoryFailsAndRemovesItsTemporary) {
  // rename() cannot replace a non-empty directory: the temporary must go.
  fs::create_directories(dir_ / "busy" / "inside");
  const std::string path = (dir_ / "busy").string();
  expect_format_error([&] { write_file_atomically(path, {1}); }, {"cannot write " + path});
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++entries;
  EXPECT_EQ(entries, 1u);  // only busy/
}

TEST_F(ModelFiles, SeveralFilesAreWrittenAllOrNothing) {
  // The second file cannot be written: the first must not appear either,
  // and its earlier contents survive.
  write("a.f32", "old");
  const std::string a = (dir_ / "a.f32").string();
  const std::string b = (dir_ / "missing" / "b.f32").string();
  expect_format_error([&] { write_files_atomically({{a, {1, 2}}, {b, {3}}}); }, {"cannot write " + b});
  EXPECT_EQ(read_file(a), (std::vector<uint8_t>{'o', 'l', 'd'}));
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++entries;
  EXPECT_EQ(entries, 1u);  // a.f32, no temporaries

  write_files_atomically({{a, {1, 2}}, {(dir_ / "b.f32").string(), {3}}});
  EXPECT_EQ(read_file(a), (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ(read_file((dir_ / "b.f32").string()), (std::vector<uint8_t>{3}));
}

}  // namespace
}  // namespace acosim::tensil

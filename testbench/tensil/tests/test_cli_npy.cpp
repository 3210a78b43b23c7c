// `acosim tensil run` with NumPy .npy inputs and outputs (NEP 1,
// numpy/lib/format.py): shape (vectors, lanes) of float32, the XOR example's
// truth table in and out, and malformed files refused with one line naming
// the file and the cause, before any output is written.
#include <cstring>

#include <gtest/gtest.h>

#include "testbench/tensil/tests/cli_fixture.h"

namespace acosim::tensil::test {
namespace {

// A .npy file as NEP 1 lays it out, built here: magic, version 1.0, the
// header's length (2 bytes, little-endian), the dict literal padded with
// spaces and a newline to a multiple of 64 bytes, then the float32 data.
std::string npy_file(const std::string& dict, const std::vector<float>& values) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string s = std::string("\x93NUMPY\x01\x00", 8);
  s += char(header.size() & 0xFF);
  s += char(header.size() >> 8);
  s += header;
  s.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));  // x86-64: little-endian
  return s;
}

// XOR's four cases, one per vector, in lanes 0 and 1 of 8 (pynqz1).
std::vector<float> xor_cases() {
  std::vector<float> v(4 * 8, 0.0f);
  v[1 * 8 + 1] = 1.0f;
  v[2 * 8 + 0] = 1.0f;
  v[3 * 8 + 0] = v[3 * 8 + 1] = 1.0f;
  return v;
}

class CliNpy : public Cli {
 protected:
  std::string run_args(const std::string& tmodel, const std::string& input, const std::string& output) {
    return "tensil run --arch '" + arch_path("pynqz1") + "' --model '" + tmodel + "' --input x='" + input +
           "' --output y='" + output + "' --engine fast";
  }
  // Runs XOR on an input .npy of `dict` and the XOR cases; expects a
  // one-line error containing `part` and the file's path, and no output.
  void expect_refused(const std::string& tmodel, const std::string& file_bytes, const std::string& part) {
    const fs::path x = write("x.npy", file_bytes);
    const Outcome o = run(run_args(tmodel, x.string(), (dir / "y.npy").string()));
    EXPECT_EQ(o.status, 1) << o.out;
    expect_one_line_error(o);
    EXPECT_NE(o.err.find(x.string() + ": "), std::string::npos) << o.err;
    EXPECT_NE(o.err.find(part), std::string::npos) << o.err;
    EXPECT_FALSE(fs::exists(dir / "y.npy"));
  }
};

TEST_F(CliNpy, ReadsAndWritesNpyOfVectorsByLanes) {
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path x = write("x.npy", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 8), }",
                                             xor_cases()));
  const Outcome o = run(run_args(tmodel, x.string(), (dir / "y.npy").string()));
  ASSERT_EQ(o.status, 0) << o.err;
  // XOR of (0,0), (0,1), (1,0), (1,1) in lane 0, the other lanes zero.
  std::vector<float> y(4 * 8, 0.0f);
  y[1 * 8] = y[2 * 8] = 1.0f;
  // NumPy's own header for shape (4, 8): 59 characters of dict, 20 spare
  // spaces for the first axis (21 digits less 1), padded to 128 bytes.
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 8), }" + std::string(20, ' ');
  header += std::string(128 - 10 - header.size() - 1, ' ') + "\n";
  std::string expected = std::string("\x93NUMPY\x01\x00\x76\x00", 10) + header;
  expected.append(reinterpret_cast<const char*>(y.data()), y.size() * sizeof(float));
  EXPECT_EQ(slurp(dir / "y.npy"), expected);
}

TEST_F(CliNpy, AcceptsAFlatInputAndMatchesTheRawFiles) {
  const std::string tmodel = build("xor", "pynqz1");
  const fs::path flat = write("flat.npy", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (32,), }",
                                                   xor_cases()));
  Outcome o = run(run_args(tmodel, flat.string(), (dir / "y.npy").string()));
  ASSERT_EQ(o.status, 0) << o.err;
  o = run(run_args(tmodel, xor_input(8), (dir / "y.f32").string()));
  ASSERT_EQ(o.status, 0) << o.err;
  // The same values after the header's 128 bytes.
  EXPECT_EQ(slurp(dir / "y.npy").substr(128), slurp(dir / "y.f32"));
}

TEST_F(CliNpy, MalformedInputsNameTheFileAndTheCause) {
  const std::string tmodel = build("xor", "pynqz1");
  const std::vector<float> cases = xor_cases();
  expect_refused(tmodel, npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 8), }",
                                  std::vector<float>(3 * 8, 0.0f)),
                 "input 'x' needs shape (4, 8) or (32,) (vectors x lanes), the file has shape (3, 8)");
  expect_refused(tmodel, npy_file("{'descr': '<f8', 'fortran_order': False, 'shape': (4, 8), }", cases),
                 "dtype '<f8' is not '<f4'");
  expect_refused(tmodel, npy_file("{'descr': '<f4', 'fortran_order': True, 'shape': (4, 8), }", cases),
                 "fortran_order is True");
  std::string cut = npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 8), }", cases);
  cut.resize(cut.size() - 6);
  expect_refused(tmodel, cut, "the data is truncated: shape (4, 8) needs 128 bytes of float32, the file has 122");
  std::string version = npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 8), }", cases);
  version[6] = 9;
  expect_refused(tmodel, version, "unsupported .npy version 9.0");
  expect_refused(tmodel, std::string(128 + 128, '\0'), "magic");
  expect_refused(tmodel, npy_file("('descr', '<f4')", cases), "header is not a dict");
}

TEST_F(CliNpy, RawFileNamedNpyIsRefusedNotMisread) {
  // A raw float32 file given the .npy extension: the extension decides.
  const std::string tmodel = build("xor", "pynqz1");
  const std::vector<float> cases = xor_cases();
  expect_refused(tmodel, std::string(reinterpret_cast<const char*>(cases.data()), cases.size() * sizeof(float)),
                 "not a .npy file");
}

}  // namespace
}  // namespace acosim::tensil::test

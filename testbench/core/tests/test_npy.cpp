// sw/common/npy: .npy files of float32 against byte strings built here by
// hand from NEP 1 and numpy/lib/format.py (magic, version, little-endian
// header length, the dict literal padded to 64 bytes, the data).
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sw/common/npy.h"

namespace acosim::npy {
namespace {

std::vector<uint8_t> bytes_of(const std::string& text) { return std::vector<uint8_t>(text.begin(), text.end()); }

// The little-endian bytes of float32 values, spelled out: 1.0f is
// 0x3F800000, -2.5f 0xC0200000, 0.5f 0x3F000000.
const std::string kOneMinusTwoPointFiveHalf = std::string("\x00\x00\x80\x3f", 4) + std::string("\x00\x00\x20\xc0", 4) +
                                              std::string("\x00\x00\x00\x3f", 4);

// A file as NEP 1 lays it out: magic, version, header length (2 bytes for
// 1.0, 4 for 2.0/3.0), header, data. The header is used as given.
std::vector<uint8_t> file(uint8_t major, uint8_t minor, const std::string& header, const std::string& data) {
  std::string s = std::string("\x93NUMPY", 6) + char(major) + char(minor);
  const size_t n = header.size();
  s += char(n & 0xFF);
  s += char((n >> 8) & 0xFF);
  if (major != 1) {
    s += char((n >> 16) & 0xFF);
    s += char((n >> 24) & 0xFF);
  }
  return bytes_of(s + header + data);
}

std::string message_of(const std::vector<uint8_t>& bytes) {
  try {
    decode_float32(bytes);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Npy, EncodesTheHeaderNumpyWrites) {
  // "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }" is 59
  // characters; format.py adds 21 - len("1") = 20 spare spaces, then pads
  // so that 10 + header + newline is a multiple of 64: 10 + 79 + 1 = 90,
  // 38 more spaces, a header of 118 bytes (0x76) and data at offset 128.
  const std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }" + std::string(20 + 38, ' ') + "\n";
  ASSERT_EQ(header.size(), 118u);
  const std::vector<uint8_t> expected = bytes_of(std::string("\x93NUMPY\x01\x00\x76\x00", 10) + header +
                                                 kOneMinusTwoPointFiveHalf);
  EXPECT_EQ(encode_float32({1, 3}, {1.0f, -2.5f, 0.5f}), expected);
}

TEST(Npy, EncodesOneDimensionalAndScalarShapesAsPythonPrintsTuples) {
  const std::vector<uint8_t> one_d = encode_float32({3}, {1.0f, -2.5f, 0.5f});
  const std::string text(one_d.begin(), one_d.end());
  EXPECT_NE(text.find("'shape': (3,), }"), std::string::npos) << text;
  // "()": no axis to grow; 55 characters + newline, 10 + 56 = 66, 62 spaces.
  const std::vector<uint8_t> scalar = encode_float32({}, {0.5f});
  const std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (), }" + std::string(62, ' ') + "\n";
  EXPECT_EQ(scalar,
            bytes_of(std::string("\x93NUMPY\x01\x00\x76\x00", 10) + header + std::string("\x00\x00\x00\x3f", 4)));
  EXPECT_THROW(encode_float32({2, 2}, {1.0f}), Error);
}

TEST(Npy, DecodesVersionsOneTwoAndThree) {
  // Headers as other writers leave them: double quotes, no trailing comma,
  // no padding to 64.
  for (const uint8_t major : {1, 2, 3}) {
    const Float32Array a =
        decode_float32(file(major, 0, "{\"descr\": \"<f4\", \"shape\": (3,), \"fortran_order\": False}\n",
                            kOneMinusTwoPointFiveHalf));
    EXPECT_EQ(a.shape, (std::vector<uint64_t>{3})) << int(major);
    EXPECT_EQ(a.values, (std::vector<float>{1.0f, -2.5f, 0.5f})) << int(major);
  }
  const Float32Array matrix =
      decode_float32(file(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 1), }   \n",
                          kOneMinusTwoPointFiveHalf));
  EXPECT_EQ(matrix.shape, (std::vector<uint64_t>{3, 1}));
  const Float32Array empty =
      decode_float32(file(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 8), }\n", ""));
  EXPECT_EQ(empty.shape, (std::vector<uint64_t>{0, 8}));
  EXPECT_TRUE(empty.values.empty());
}

TEST(Npy, MalformedFilesNameTheCause) {
  const std::string good = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }\n";
  EXPECT_NE(message_of(bytes_of("PK\x03\x04 not numpy")).find("magic"), std::string::npos);
  EXPECT_NE(message_of(bytes_of("\x93NUM")).find("magic"), std::string::npos);
  EXPECT_NE(message_of(file(4, 0, good, kOneMinusTwoPointFiveHalf)).find("unsupported .npy version 4.0"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 1, good, kOneMinusTwoPointFiveHalf)).find("version 1.1"), std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }\n",
                            kOneMinusTwoPointFiveHalf))
                .find("dtype '<f8' is not '<f4'"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }\n",
                            kOneMinusTwoPointFiveHalf))
                .find("dtype '>f4'"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }\n",
                            kOneMinusTwoPointFiveHalf))
                .find("fortran_order is True"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, good, kOneMinusTwoPointFiveHalf.substr(0, 10)))
                .find("the data is truncated: shape (3,) needs 12 bytes of float32, the file has 10"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, good, kOneMinusTwoPointFiveHalf + "xxxx")).find("longer than its data"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "['descr', '<f4']\n", kOneMinusTwoPointFiveHalf)).find("header is not a dict"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f4', 'shape': (3,), }\n", kOneMinusTwoPointFiveHalf))
                .find("no 'fortran_order'"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': 3, }\n",
                            kOneMinusTwoPointFiveHalf))
                .find("header is not the dict NEP 1 describes"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (3), }\n",
                            kOneMinusTwoPointFiveHalf))
                .find("not a tuple"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': 1}\n",
                            kOneMinusTwoPointFiveHalf))
                .find("header is not the dict"),
            std::string::npos);
  EXPECT_NE(message_of(file(1, 0, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': True}\n",
                            kOneMinusTwoPointFiveHalf))
                .find("the key 'x'"),
            std::string::npos);
  // A header length past the end of the file.
  std::vector<uint8_t> cut = file(1, 0, good, "");
  cut.resize(30);
  EXPECT_NE(message_of(cut).find("the header is truncated"), std::string::npos);
}

TEST(Npy, RecognisesTheExtensionInAnyCase) {
  EXPECT_TRUE(is_npy_path("out/y.npy"));
  EXPECT_TRUE(is_npy_path("Y.NPY"));
  EXPECT_FALSE(is_npy_path("y.f32"));
  EXPECT_FALSE(is_npy_path("npy"));
  EXPECT_FALSE(is_npy_path("y.npy.f32"));
}

}  // namespace
}  // namespace acosim::npy

// NumPy's .npy files of float32 values, as NumPy itself reads and writes
// them: the format of NEP 1 ("A simple file format for NumPy arrays") as
// implemented by numpy/lib/format.py. Plain C++, no SystemC.
//
// A file is the magic "\x93NUMPY", a major and minor version byte, the
// header's length (2 bytes little-endian in version 1.0, 4 bytes in 2.0 and
// 3.0), the header (a Python dict literal with the keys 'descr',
// 'fortran_order' and 'shape', padded with spaces and a newline), then the
// array's data. Only what acosim exchanges is accepted: dtype '<f4'
// (float32, little-endian) in C order.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace acosim::npy {

// A .npy file that is not a float32 array acosim can read; the message
// names the cause but not the file (the caller knows it).
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Float32Array {
  std::vector<uint64_t> shape;  // () for a scalar
  std::vector<float> values;    // C order, product(shape) values
};

// True for a path whose extension is ".npy" (any case).
bool is_npy_path(const std::string& path);

// Decodes the bytes of a .npy file of versions 1.0, 2.0 or 3.0. Throws
// npy::Error for a bad magic, another version, a header that is not the
// dict NEP 1 describes, a dtype other than '<f4', Fortran order, or data
// that does not hold exactly product(shape) values.
Float32Array decode_float32(const std::vector<uint8_t>& bytes);

// Encodes values of `shape` (C order) as a version 1.0 file (2.0 if the
// header does not fit 65535 bytes) with the header NumPy writes for them,
// padded so the data starts at a multiple of 64 bytes. Throws npy::Error if
// the number of values is not product(shape).
std::vector<uint8_t> encode_float32(const std::vector<uint64_t>& shape, const std::vector<float>& values);

// "(4, 8)", "(32,)", "()": a shape as Python prints a tuple, for headers
// and error messages.
std::string shape_text(const std::vector<uint64_t>& shape);

}  // namespace acosim::npy

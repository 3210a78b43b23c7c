// Rubik's data reshaping as plain C++ (nv_full only). The mapping follows
// nvdla/hw nvdlav1 cmod/rubik/NV_NVDLA_rbk.cpp (RubikRdmaSequence*,
// RubikDataPathSequenceContract, RubikWdmaSequence*), the sub-cube stride
// of contract mode follows vmod/nvdla/rubik/NV_NVDLA_RUBIK_seq_gen.v
// (CONTRACT_STRIDE_0 is its cube stride; the C model assumes it equals
// ceil(Cout / E) surface strides), and the register meanings follow
// nvdla/doc doc/hw/v1/ias/programming_guide.rst "Rubik programming".
//
// Notation: W, H = DATAIN_WIDTH + 1, DATAIN_HEIGHT + 1; Cin = DATAIN_CHANNEL
// + 1; Cout = DATAOUT_CHANNEL + 1; Sx, Sy = DECONV_X/Y_STRIDE + 1; b = 1
// (int8) or 2 (int16, fp16) bytes per element; E = 32 / b elements per
// 32-byte atom. Every offset is in bytes from D_DAIN_ADDR (input) or
// D_DAOUT_ADDR (output).
//
// Contract (deconvolution's output reordering): the input holds Sx * Sy
// sub-cubes k = sy * Sx + sx, each of S = ceil(Cout / E) surfaces, the k-th
// starting at k * CONTRACT_STRIDE_0. For s < S, h < H, sy < Sy, w < W and
// sx < Sx the 32-byte atom at
//   in  k * CONTRACT_STRIDE_0 + s * DAIN_SURF + h * DAIN_LINE + w * 32
// moves to
//   out s * DAOUT_SURF + h * CONTRACT_STRIDE_1 + sy * DAOUT_LINE + (w * Sx + sx) * 32,
// so output line h * Sy + sy is W * Sx atoms wide.
//
// Split (cube to planes): for c < Cout, h < H and x < W, element c % E of
// the atom at
//   in  (c / E) * DAIN_SURF + h * DAIN_LINE + x * 32
// moves to
//   out c * DAOUT_PLANAR + h * DAOUT_LINE + x * b.
// Each plane line is written as ceil(W * b / 32) whole atoms: the bytes
// after the W elements up to the atom boundary are written as 0 (the C
// model's zeroed reorder buffer).
//
// Merge (planes to cube): for c < Cin, h < H and x < W, the element at
//   in  c * DAIN_PLANAR + h * DAIN_LINE + x * b
// moves to lane c % E of the atom at
//   out (c / E) * DAOUT_SURF + h * DAOUT_LINE + x * 32.
// Each output line is W whole atoms; lanes of the last surface past Cin
// are written as 0. Each plane line is read as ceil(W * b / 32) atoms.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

enum class RubikMode : uint8_t { Contract = 0, Split = 1, Merge = 2 };

// The D registers of one group as software wrote them (stride and address
// registers in bytes, as read back from the register file).
struct RubikRegisters {
  uint32_t misc_cfg = 0x100;
  uint32_t datain_size_0 = 0, datain_size_1 = 0, dataout_size_1 = 0;
  uint32_t dain_line_stride = 0, dain_surf_stride = 0, dain_planar_stride = 0;
  uint32_t daout_line_stride = 0, daout_surf_stride = 0, daout_planar_stride = 0;
  uint32_t contract_stride_0 = 0, contract_stride_1 = 0;
  uint32_t deconv_stride = 0;
};

struct RubikLayer {
  RubikMode mode = RubikMode::Contract;
  Precision precision = Precision::Int8;
  uint32_t width = 1, height = 1, channels = 1, out_channels = 1;
  uint32_t x_stride = 1, y_stride = 1;
  uint64_t in_line = 0, in_surface = 0, in_planar = 0;
  uint64_t out_line = 0, out_surface = 0, out_planar = 0;
  uint64_t contract_stride_0 = 0, contract_stride_1 = 0;

  uint32_t element_bytes() const { return precision == Precision::Int8 ? 1 : 2; }
  uint32_t elements_per_atom() const { return 32 / element_bytes(); }
};

const char* rubik_mode_name(RubikMode mode);  // "contract", "split", "merge"

// The layer the registers describe, or the first rule of the programming
// guide they break (reserved RUBIK_MODE or IN_PRECISION, contract channel
// counts, more split planes than channels, output strides that make lines,
// surfaces or planes overwrite each other), naming the registers.
struct RubikDecoded {
  std::optional<RubikLayer> layer;
  std::string problem;
};
RubikDecoded decode_rubik(const RubikRegisters& registers);

// One write of the output: `bytes` at `offset` from D_DAOUT_ADDR.
struct RubikWrite {
  uint64_t offset;
  std::vector<uint8_t> bytes;
};

// Reads `bytes` at `offset` from D_DAIN_ADDR into `data`.
using RubikReader = std::function<void(uint64_t offset, uint8_t* data, uint64_t bytes)>;

// Every read the layer makes goes through `read`, all of them before the
// first write is returned; the writes come in the C model's order.
std::vector<RubikWrite> rubik_reshape(const RubikLayer& layer, const RubikReader& read);

}  // namespace acosim::nvdla

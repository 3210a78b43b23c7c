#include "systemc/nvdla/rubik_reshape.h"

#include <algorithm>
#include <cstring>

#include "sw/common/hex.h"
#include "sw/nvdla/regs/rubik.h"

namespace acosim::nvdla {

namespace r = regs::rubik;

namespace {

constexpr uint64_t kAtom = 32;

uint64_t round_up_to_atoms(uint64_t bytes) { return (bytes + kAtom - 1) / kAtom * kAtom; }

std::string number(uint64_t value) { return std::to_string(value); }

}  // namespace

const char* rubik_mode_name(RubikMode mode) {
  switch (mode) {
    case RubikMode::Contract: return "contract";
    case RubikMode::Split: return "split";
    case RubikMode::Merge: return "merge";
  }
  return "?";
}

RubikDecoded decode_rubik(const RubikRegisters& regs) {
  RubikDecoded result;
  const uint32_t mode = r::D_MISC_CFG_RUBIK_MODE.get(regs.misc_cfg);
  const uint32_t precision = r::D_MISC_CFG_IN_PRECISION.get(regs.misc_cfg);
  if (mode > r::D_MISC_CFG_RUBIK_MODE_MERGE) {
    result.problem = "D_MISC_CFG.RUBIK_MODE=" + number(mode) + " is reserved (CONTRACT=0, SPLIT=1, MERGE=2)";
    return result;
  }
  if (precision > r::D_MISC_CFG_IN_PRECISION_FP16) {
    result.problem = "D_MISC_CFG.IN_PRECISION=" + number(precision) + " is reserved (INT8=0, INT16=1, FP16=2)";
    return result;
  }
  RubikLayer layer;
  layer.mode = static_cast<RubikMode>(mode);
  layer.precision = static_cast<Precision>(precision);
  layer.width = r::D_DATAIN_SIZE_0_DATAIN_WIDTH.get(regs.datain_size_0) + 1;
  layer.height = r::D_DATAIN_SIZE_0_DATAIN_HEIGHT.get(regs.datain_size_0) + 1;
  layer.channels = r::D_DATAIN_SIZE_1_DATAIN_CHANNEL.get(regs.datain_size_1) + 1;
  layer.out_channels = r::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.get(regs.dataout_size_1) + 1;
  layer.x_stride = r::D_DECONV_STRIDE_DECONV_X_STRIDE.get(regs.deconv_stride) + 1;
  layer.y_stride = r::D_DECONV_STRIDE_DECONV_Y_STRIDE.get(regs.deconv_stride) + 1;
  layer.in_line = regs.dain_line_stride;
  layer.in_surface = regs.dain_surf_stride;
  layer.in_planar = regs.dain_planar_stride;
  layer.out_line = regs.daout_line_stride;
  layer.out_surface = regs.daout_surf_stride;
  layer.out_planar = regs.daout_planar_stride;
  layer.contract_stride_0 = regs.contract_stride_0;
  layer.contract_stride_1 = regs.contract_stride_1;

  const uint64_t w = layer.width, h = layer.height, e = layer.elements_per_atom(), b = layer.element_bytes();
  const std::string sizes = " (W=" + number(w) + ", H=" + number(h) + ", Cin=" + number(layer.channels) +
                            ", Cout=" + number(layer.out_channels) + ")";
  switch (layer.mode) {
    case RubikMode::Contract: {
      // Programming guide: DATAOUT_CHANNEL = (DATAIN_CHANNEL + 1) / (Sx * Sy) - 1.
      const uint64_t phases = uint64_t{layer.x_stride} * layer.y_stride;
      if (layer.channels % phases != 0 || layer.out_channels != layer.channels / phases) {
        result.problem = "contract: D_DATAOUT_SIZE_1.DATAOUT_CHANNEL+1 must be (DATAIN_CHANNEL+1) / ((DECONV_X_STRIDE+1) "
                         "* (DECONV_Y_STRIDE+1)) with no remainder (Sx=" + number(layer.x_stride) + ", Sy=" +
                         number(layer.y_stride) + ")" + sizes;
        return result;
      }
      const uint64_t line = w * layer.x_stride * kAtom;
      const uint64_t surfaces = (layer.out_channels + e - 1) / e;
      if (layer.y_stride > 1 && layer.out_line < line) {
        result.problem = "contract: D_DAOUT_LINE_STRIDE=" + hex(regs.daout_line_stride) +
                         " is less than the output line of W*Sx*32=" + number(line) + " bytes" + sizes;
        return result;
      }
      const uint64_t block = (layer.y_stride - 1) * layer.out_line + line;
      if (h > 1 && layer.contract_stride_1 < block) {
        result.problem = "contract: D_CONTRACT_STRIDE_1=" + hex(regs.contract_stride_1) +
                         " is less than the Sy output lines of one input line (" + number(block) +
                         " bytes; the guide's value is (DECONV_Y_STRIDE+1)*DAOUT_LINE_STRIDE)" + sizes;
        return result;
      }
      const uint64_t surface = (h - 1) * layer.contract_stride_1 + block;
      if (surfaces > 1 && layer.out_surface < surface) {
        result.problem = "contract: D_DAOUT_SURF_STRIDE=" + hex(regs.daout_surf_stride) +
                         " is less than the output surface of " + number(surface) + " bytes" + sizes;
        return result;
      }
      const uint64_t sub_cube = surfaces * layer.in_surface;
      if (phases > 1 && layer.contract_stride_0 < sub_cube) {
        result.problem = "contract: D_CONTRACT_STRIDE_0=" + hex(regs.contract_stride_0) +
                         " is less than one sub-cube, ceil(Cout*BPE/32)*DAIN_SURF_STRIDE=" + number(sub_cube) +
                         " bytes" + sizes;
        return result;
      }
      break;
    }
    case RubikMode::Split: {
      // Programming guide: for split, DATAOUT_CHANNEL + 1 is the number of
      // output planes, taken from the input's channels.
      if (layer.out_channels > layer.channels) {
        result.problem = "split: D_DATAOUT_SIZE_1.DATAOUT_CHANNEL+1 (the planes) must not exceed "
                         "D_DATAIN_SIZE_1.DATAIN_CHANNEL+1" + sizes;
        return result;
      }
      const uint64_t line = round_up_to_atoms(w * b);
      if (h > 1 && layer.out_line < line) {
        result.problem = "split: D_DAOUT_LINE_STRIDE=" + hex(regs.daout_line_stride) +
                         " is less than the plane line of " + number(line) + " bytes" + sizes;
        return result;
      }
      const uint64_t plane = (h - 1) * layer.out_line + line;
      if (layer.out_channels > 1 && layer.out_planar < plane) {
        result.problem = "split: D_DAOUT_PLANAR_STRIDE=" + hex(regs.daout_planar_stride) +
                         " is less than one plane of " + number(plane) + " bytes" + sizes;
        return result;
      }
      break;
    }
    case RubikMode::Merge: {
      const uint64_t line = w * kAtom;
      const uint64_t surfaces = (layer.channels + e - 1) / e;
      if (h > 1 && layer.out_line < line) {
        result.problem = "merge: D_DAOUT_LINE_STRIDE=" + hex(regs.daout_line_stride) +
                         " is less than the output line of W*32=" + number(line) + " bytes" + sizes;
        return result;
      }
      const uint64_t surface = (h - 1) * layer.out_line + line;
      if (surfaces > 1 && layer.out_surface < surface) {
        result.problem = "merge: D_DAOUT_SURF_STRIDE=" + hex(regs.daout_surf_stride) +
                         " is less than the output surface of " + number(surface) + " bytes" + sizes;
        return result;
      }
      break;
    }
  }
  result.layer = layer;
  return result;
}

std::vector<RubikWrite> rubik_reshape(const RubikLayer& layer, const RubikReader& read) {
  std::vector<RubikWrite> writes;
  const uint64_t w = layer.width, h = layer.height, e = layer.elements_per_atom(), b = layer.element_bytes();
  std::vector<uint8_t> in;
  switch (layer.mode) {
    case RubikMode::Contract: {
      const uint64_t surfaces = (layer.out_channels + e - 1) / e;
      const uint64_t sx_count = layer.x_stride, sy_count = layer.y_stride;
      in.resize(w * kAtom);
      for (uint64_t s = 0; s < surfaces; ++s) {
        for (uint64_t y = 0; y < h; ++y) {
          for (uint64_t sy = 0; sy < sy_count; ++sy) {
            RubikWrite out{s * layer.out_surface + y * layer.contract_stride_1 + sy * layer.out_line,
                           std::vector<uint8_t>(w * sx_count * kAtom)};
            for (uint64_t sx = 0; sx < sx_count; ++sx) {
              const uint64_t k = sy * sx_count + sx;
              read(k * layer.contract_stride_0 + s * layer.in_surface + y * layer.in_line, in.data(), in.size());
              for (uint64_t x = 0; x < w; ++x) {
                std::memcpy(&out.bytes[(x * sx_count + sx) * kAtom], &in[x * kAtom], kAtom);
              }
            }
            writes.push_back(std::move(out));
          }
        }
      }
      break;
    }
    case RubikMode::Split: {
      const uint64_t planes = layer.out_channels;
      const uint64_t surfaces = (planes + e - 1) / e;
      const uint64_t line = round_up_to_atoms(w * b);
      in.resize(w * kAtom);
      for (uint64_t s = 0; s < surfaces; ++s) {
        const uint64_t first = s * e, count = std::min(e, planes - first);
        for (uint64_t y = 0; y < h; ++y) {
          read(s * layer.in_surface + y * layer.in_line, in.data(), in.size());
          for (uint64_t lane = 0; lane < count; ++lane) {
            RubikWrite out{(first + lane) * layer.out_planar + y * layer.out_line, std::vector<uint8_t>(line)};
            for (uint64_t x = 0; x < w; ++x) std::memcpy(&out.bytes[x * b], &in[x * kAtom + lane * b], b);
            writes.push_back(std::move(out));
          }
        }
      }
      break;
    }
    case RubikMode::Merge: {
      const uint64_t planes = layer.channels;
      const uint64_t surfaces = (planes + e - 1) / e;
      in.resize(round_up_to_atoms(w * b));
      for (uint64_t s = 0; s < surfaces; ++s) {
        const uint64_t first = s * e, count = std::min(e, planes - first);
        for (uint64_t y = 0; y < h; ++y) {
          RubikWrite out{s * layer.out_surface + y * layer.out_line, std::vector<uint8_t>(w * kAtom)};
          for (uint64_t lane = 0; lane < count; ++lane) {
            read((first + lane) * layer.in_planar + y * layer.in_line, in.data(), in.size());
            for (uint64_t x = 0; x < w; ++x) std::memcpy(&out.bytes[x * kAtom + lane * b], &in[x * b], b);
          }
          writes.push_back(std::move(out));
        }
      }
      break;
    }
  }
  return writes;
}

}  // namespace acosim::nvdla

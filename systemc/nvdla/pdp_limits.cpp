#include "systemc/nvdla/pdp_limits.h"

#include <cstdio>
#include <initializer_list>
#include <utility>

#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"

namespace acosim::nvdla {

namespace rp = regs::pdp;
namespace rr = regs::pdp_rdma;

namespace {

std::string hex(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

std::string num(int64_t v) { return std::to_string(v); }

using RegisterWords = std::initializer_list<std::pair<const char*, uint32_t>>;

// "<unit>: <rule> (<REG>=0x........, ...)".
std::string fail(const char* unit, const std::string& rule, RegisterWords words) {
  std::string text = std::string(unit) + ": " + rule + " (";
  bool first = true;
  for (const auto& [name, value] : words) {
    if (!first) text += ", ";
    text += std::string(name) + "=" + hex(value);
    first = false;
  }
  return text + ")";
}

// Register words of the decoded values (the fields that hold value - 1 get
// value - 1 back), so messages show what software wrote.
uint32_t in_width(const PoolingConfig& c) {
  return rp::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.put(c.in_width - 1);
}
uint32_t in_height(const PoolingConfig& c) {
  return rp::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.put(c.in_height - 1);
}
uint32_t in_channel(const PoolingConfig& c) {
  return rp::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.put(c.in_channels - 1);
}
uint32_t out_width(const PoolingConfig& c) {
  return rp::D_DATA_CUBE_OUT_WIDTH_CUBE_OUT_WIDTH.put(c.out_width - 1);
}
uint32_t out_height(const PoolingConfig& c) {
  return rp::D_DATA_CUBE_OUT_HEIGHT_CUBE_OUT_HEIGHT.put(c.out_height - 1);
}
uint32_t out_channel(const PoolingConfig& c) {
  return rp::D_DATA_CUBE_OUT_CHANNEL_CUBE_OUT_CHANNEL.put(c.out_channels - 1);
}

uint32_t kernel_cfg(const PoolingConfig& c) {
  return rp::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(c.kernel_width - 1) |
         rp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.put(c.kernel_height - 1) |
         rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(c.stride_width - 1) |
         rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.put(c.stride_height - 1);
}

uint32_t padding_cfg(const PoolingConfig& c) {
  return rp::D_POOLING_PADDING_CFG_PAD_LEFT.put(c.pad_left) |
         rp::D_POOLING_PADDING_CFG_PAD_TOP.put(c.pad_top) |
         rp::D_POOLING_PADDING_CFG_PAD_RIGHT.put(c.pad_right) |
         rp::D_POOLING_PADDING_CFG_PAD_BOTTOM.put(c.pad_bottom);
}

uint32_t operation_mode_cfg(const PoolingConfig& c) {
  return rp::D_OPERATION_MODE_CFG_POOLING_METHOD.put(uint32_t(c.method)) |
         rp::D_OPERATION_MODE_CFG_FLYING_MODE.put(
             c.on_the_fly ? rp::D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING
                          : rp::D_OPERATION_MODE_CFG_FLYING_MODE_OFF_FLYING) |
         rp::D_OPERATION_MODE_CFG_SPLIT_NUM.put(c.split.stripes - 1);
}

uint32_t partial_width_in(const PoolingConfig& c) {
  return rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.put(c.split.first_in - 1) |
         rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.put(c.split.last_in - 1) |
         rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.put(c.split.mid_in - 1);
}

uint32_t partial_width_out(const PoolingConfig& c) {
  return rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST.put(c.split.first_out - 1) |
         rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST.put(c.split.last_out - 1) |
         rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID.put(c.split.mid_out - 1);
}

uint32_t data_format(Precision p) { return rp::D_DATA_FORMAT_INPUT_DATA.put(uint32_t(p)); }

uint32_t rdma_kernel_cfg(const RdmaSideConfig& r) {
  return rr::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(r.kernel_width - 1) |
         rr::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(r.stride_width - 1);
}

uint32_t rdma_partial_width_in(const RdmaSideConfig& r) {
  return rr::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.put(r.first_in - 1) |
         rr::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.put(r.last_in - 1) |
         rr::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.put(r.mid_in - 1);
}

const char* kPadNames[4] = {"PAD_LEFT", "PAD_TOP", "PAD_RIGHT", "PAD_BOTTOM"};

// Rules on PDP's own group.
std::optional<std::string> check_pdp_group(const PoolingConfig& c, const HardwareConfig& hw) {
  // Data types of the configuration (nvdla/hw spec/defs/*.spec): master
  // configurations are INT8 only.
  if (!hw.supports(c.precision)) {
    return fail("PDP",
                std::string("D_DATA_FORMAT.INPUT_DATA ") + precision_name(c.precision) +
                    " is not supported by " + hw.name + ", which has " +
                    (hw.int16 && hw.fp16 ? "int8, int16 and fp16"
                     : hw.int16          ? "int8 and int16"
                     : hw.fp16           ? "int8 and fp16"
                                         : "int8") +
                    " feature data only",
                {{"D_DATA_FORMAT", data_format(c.precision)}});
  }
  // Kernels 1..8 (KERNEL_WIDTH/HEIGHT hold K - 1 in 4 bits, but PAD_VALUE
  // registers and the line buffer cover at most 8), strides 1..16 (S - 1 in
  // 4 bits).
  const std::pair<const char*, uint32_t> kernels[2] = {{"KERNEL_WIDTH", c.kernel_width},
                                                       {"KERNEL_HEIGHT", c.kernel_height}};
  for (const auto& [name, k] : kernels) {
    if (k < 1 || k > 8) {
      return fail("PDP", std::string(name) + " (" + num(k) + ") must be 1..8",
                  {{"D_POOLING_KERNEL_CFG", kernel_cfg(c)}});
    }
  }
  const std::pair<const char*, uint32_t> strides[2] = {{"KERNEL_STRIDE_WIDTH", c.stride_width},
                                                       {"KERNEL_STRIDE_HEIGHT", c.stride_height}};
  for (const auto& [name, s] : strides) {
    if (s < 1 || s > 16) {
      return fail("PDP", std::string(name) + " (" + num(s) + ") must be 1..16",
                  {{"D_POOLING_KERNEL_CFG", kernel_cfg(c)}});
    }
  }
  // Padding smaller than the kernel on each side (programming guide: PL < Kw,
  // PR < Kw; the same vertically): a window never lies entirely in padding.
  const uint32_t pads[4] = {c.pad_left, c.pad_top, c.pad_right, c.pad_bottom};
  for (int i = 0; i < 4; ++i) {
    const bool horizontal = i % 2 == 0;
    const uint32_t kernel = horizontal ? c.kernel_width : c.kernel_height;
    if (pads[i] >= kernel) {
      return fail(
          "PDP",
          std::string(kPadNames[i]) + " (" + num(pads[i]) + ") must be smaller than the kernel " +
              (horizontal ? "width" : "height") + " (" + num(kernel) + ")",
          {{"D_POOLING_PADDING_CFG", padding_cfg(c)}, {"D_POOLING_KERNEL_CFG", kernel_cfg(c)}});
    }
  }
  // The datapath sizes the output by IN_CHANNEL; OUT_CHANNEL must agree.
  if (c.out_channels != c.in_channels) {
    return fail(
        "PDP",
        "OUT_CHANNEL (" + num(c.out_channels) + ") must equal IN_CHANNEL (" + num(c.in_channels) +
            ")",
        {{"D_DATA_CUBE_OUT_CHANNEL", out_channel(c)}, {"D_DATA_CUBE_IN_CHANNEL", in_channel(c)}});
  }
  // Every input line is used and every window fits: H + PT + PB =
  // (OH - 1) * Sh + Kh. Every conformance trace satisfies it exactly.
  const int64_t rows = int64_t(c.in_height) + c.pad_top + c.pad_bottom;
  const int64_t rows_needed = (int64_t(c.out_height) - 1) * c.stride_height + c.kernel_height;
  if (rows != rows_needed) {
    return fail("PDP",
                "IN_HEIGHT + PAD_TOP + PAD_BOTTOM (" + num(c.in_height) + " + " + num(c.pad_top) +
                    " + " + num(c.pad_bottom) + " = " + num(rows) +
                    ") must equal (OUT_HEIGHT - 1) * stride height + kernel height ((" +
                    num(c.out_height) + " - 1) * " + num(c.stride_height) + " + " +
                    num(c.kernel_height) + " = " + num(rows_needed) + ")",
                {{"D_DATA_CUBE_IN_HEIGHT", in_height(c)},
                 {"D_DATA_CUBE_OUT_HEIGHT", out_height(c)},
                 {"D_POOLING_KERNEL_CFG", kernel_cfg(c)},
                 {"D_POOLING_PADDING_CFG", padding_cfg(c)}});
  }
  const uint32_t n = c.split.stripes;
  if (n <= 1) {
    // The guide writes "CUBE_IN_WIDTH + PL == (CUBE_OUT_WIDTH - 1) * Sw + Kw",
    // which leaves out PR; conformance traces with PR > 0 (e.g. nv_small
    // pdp_12x9x19_8x3_ave_int8_0, PR = 4) satisfy the form with PR, so that
    // is the rule checked.
    const int64_t columns = int64_t(c.in_width) + c.pad_left + c.pad_right;
    const int64_t columns_needed = (int64_t(c.out_width) - 1) * c.stride_width + c.kernel_width;
    if (columns != columns_needed) {
      return fail("PDP",
                  "IN_WIDTH + PAD_LEFT + PAD_RIGHT (" + num(c.in_width) + " + " + num(c.pad_left) +
                      " + " + num(c.pad_right) + " = " + num(columns) +
                      ") must equal (OUT_WIDTH - 1) * stride width + kernel width ((" +
                      num(c.out_width) + " - 1) * " + num(c.stride_width) + " + " +
                      num(c.kernel_width) + " = " + num(columns_needed) + ")",
                  {{"D_DATA_CUBE_IN_WIDTH", in_width(c)},
                   {"D_DATA_CUBE_OUT_WIDTH", out_width(c)},
                   {"D_POOLING_KERNEL_CFG", kernel_cfg(c)},
                   {"D_POOLING_PADDING_CFG", padding_cfg(c)}});
    }
  } else {
    const PoolingSplit& s = c.split;
    const RegisterWords mode = {{"D_OPERATION_MODE_CFG", operation_mode_cfg(c)}};
    // The RDL description of SPLIT_NUM: the line buffer (64 x 112 bits x 8)
    // holds at most 64 stripes.
    if (n > 64) {
      return fail("PDP",
                  "SPLIT_NUM (" + num(n - 1) + ") asks for " + num(n) + " stripes, more than 64",
                  mode);
    }
    // Split width works on input fetched by PDP_RDMA only.
    if (c.on_the_fly) {
      return fail("PDP",
                  "split width (SPLIT_NUM " + num(n - 1) +
                      ") needs FLYING_MODE = OFF_FLYING; input from SDP cannot be split",
                  mode);
    }
    const int64_t mids = int64_t(n) - 2;
    const int64_t in_sum = int64_t(s.first_in) + mids * s.mid_in + s.last_in;
    if (in_sum != c.in_width) {
      return fail("PDP",
                  "partial input widths FIRST + (stripes - 2) * MID + LAST (" + num(s.first_in) +
                      " + " + num(mids) + " * " + num(s.mid_in) + " + " + num(s.last_in) + " = " +
                      num(in_sum) + ") must equal IN_WIDTH (" + num(c.in_width) + ")",
                  {{"D_PARTIAL_WIDTH_IN", partial_width_in(c)},
                   {"D_DATA_CUBE_IN_WIDTH", in_width(c)},
                   {"D_OPERATION_MODE_CFG", operation_mode_cfg(c)}});
    }
    const int64_t out_sum = int64_t(s.first_out) + mids * s.mid_out + s.last_out;
    if (out_sum != c.out_width) {
      return fail("PDP",
                  "partial output widths FIRST + (stripes - 2) * MID + LAST (" + num(s.first_out) +
                      " + " + num(mids) + " * " + num(s.mid_out) + " + " + num(s.last_out) + " = " +
                      num(out_sum) + ") must equal OUT_WIDTH (" + num(c.out_width) + ")",
                  {{"D_PARTIAL_WIDTH_OUT", partial_width_out(c)},
                   {"D_DATA_CUBE_OUT_WIDTH", out_width(c)},
                   {"D_OPERATION_MODE_CFG", operation_mode_cfg(c)}});
    }
    // Each stripe is a complete pooling of its own columns (programming
    // guide, split-width constraints), with ov = Kw - Sw re-read columns.
    const int64_t ov = int64_t(c.kernel_width) - int64_t(c.stride_width);
    const RegisterWords widths = {{"D_PARTIAL_WIDTH_IN", partial_width_in(c)},
                                  {"D_PARTIAL_WIDTH_OUT", partial_width_out(c)},
                                  {"D_POOLING_KERNEL_CFG", kernel_cfg(c)},
                                  {"D_POOLING_PADDING_CFG", padding_cfg(c)}};
    const auto needed = [&c](uint32_t outputs) {
      return (int64_t(outputs) - 1) * c.stride_width + c.kernel_width;
    };
    if (int64_t(s.first_in) + c.pad_left != needed(s.first_out)) {
      return fail(
          "PDP",
          "first stripe: PARTIAL_WIDTH_IN_FIRST + PAD_LEFT (" + num(s.first_in) + " + " +
              num(c.pad_left) +
              ") must equal (PARTIAL_WIDTH_OUT_FIRST - 1) * stride width + kernel width ((" +
              num(s.first_out) + " - 1) * " + num(c.stride_width) + " + " + num(c.kernel_width) +
              " = " + num(needed(s.first_out)) + ")",
          widths);
    }
    if (n > 2 && int64_t(s.mid_in) + ov != needed(s.mid_out)) {
      return fail("PDP",
                  "middle stripes: PARTIAL_WIDTH_IN_MID + overlap (" + num(s.mid_in) + " + " +
                      num(ov) +
                      ") must equal (PARTIAL_WIDTH_OUT_MID - 1) * stride width + kernel width ((" +
                      num(s.mid_out) + " - 1) * " + num(c.stride_width) + " + " +
                      num(c.kernel_width) + " = " + num(needed(s.mid_out)) + ")",
                  widths);
    }
    if (int64_t(s.last_in) + c.pad_right + ov != needed(s.last_out)) {
      return fail("PDP",
                  "last stripe: PARTIAL_WIDTH_IN_LAST + PAD_RIGHT + overlap (" + num(s.last_in) +
                      " + " + num(c.pad_right) + " + " + num(ov) +
                      ") must equal (PARTIAL_WIDTH_OUT_LAST - 1) * stride width + kernel width ((" +
                      num(s.last_out) + " - 1) * " + num(c.stride_width) + " + " +
                      num(c.kernel_width) + " = " + num(needed(s.last_out)) + ")",
                  widths);
    }
    // Overlap rule (programming guide): with Kw >= Sw a later stripe re-reads
    // Kw - Sw columns of the stripe before it, which must have that many. The
    // guide's rule for Sw > Kw (Sw - Kw < LAST and < MID) needs no check of
    // its own: the last- and middle-stripe equations above give
    // LAST >= Sw - PAD_RIGHT > Sw - Kw and MID >= Sw.
    if (ov > int64_t(s.first_in) || (n > 2 && ov > int64_t(s.mid_in))) {
      return fail("PDP",
                  "overlap kernel width - stride width (" + num(ov) +
                      ") must not exceed PARTIAL_WIDTH_IN_FIRST (" + num(s.first_in) + ")" +
                      (n > 2 ? " or PARTIAL_WIDTH_IN_MID (" + num(s.mid_in) + ")" : std::string()),
                  widths);
    }
  }
  // FP16 pad values are FP17 numbers the firmware always leaves at 0; the RDL
  // description requires 0 for FP16 (only AVERAGE reads them).
  if (c.precision == Precision::Fp16 && c.method == PdpPoolingMethod::Average) {
    static constexpr const char* kPadValueRegisters[7] = {
        "D_POOLING_PADDING_VALUE_1_CFG", "D_POOLING_PADDING_VALUE_2_CFG",
        "D_POOLING_PADDING_VALUE_3_CFG", "D_POOLING_PADDING_VALUE_4_CFG",
        "D_POOLING_PADDING_VALUE_5_CFG", "D_POOLING_PADDING_VALUE_6_CFG",
        "D_POOLING_PADDING_VALUE_7_CFG"};
    for (unsigned i = 0; i < 7; ++i) {
      if (c.pad_value[i] != 0) {
        return fail("PDP", "FP16 AVERAGE pooling needs PAD_VALUE_" + num(i + 1) + "X to be 0",
                    {{kPadValueRegisters[i], c.pad_value[i]}});
      }
    }
  }
  // Each stripe's output line must fit the line buffer (calculateMaxWidth;
  // the compiler splits wider layers).
  const uint32_t limit =
      hw.pdp_line_buffer_width(c.precision, c.kernel_height, c.stride_height);
  const uint32_t stripe_widths[3] = {n <= 1 ? c.out_width : c.split.first_out, c.split.mid_out,
                                     c.split.last_out};
  const char* stripe_names[3] = {n <= 1 ? "output width" : "first stripe output width",
                                 "middle stripe output width", "last stripe output width"};
  for (int i = 0; i < 3; ++i) {
    if ((i == 1 && n <= 2) || (i == 2 && n <= 1)) continue;
    if (stripe_widths[i] > limit) {
      return fail("PDP",
                  std::string(stripe_names[i]) + " (" + num(stripe_widths[i]) +
                      ") exceeds the maximum flying width " + num(limit) + " of " + hw.name +
                      " for " + precision_name(c.precision) + " with kernel height " +
                      num(c.kernel_height) + " and stride height " + num(c.stride_height),
                  {{n <= 1 ? "D_DATA_CUBE_OUT_WIDTH" : "D_PARTIAL_WIDTH_OUT",
                    n <= 1 ? out_width(c) : partial_width_out(c)},
                   {"D_POOLING_KERNEL_CFG", kernel_cfg(c)}});
    }
  }
  return std::nullopt;
}

// Rules on the PDP_RDMA group of an offline layer.
std::optional<std::string> check_rdma_group(const PoolingConfig& c, const RdmaSideConfig& r,
                                            const HardwareConfig& hw) {
  // PDP_RDMA fetches with its own copy of each value while PDP computes with
  // its own (nvdla/hw cmod/pdp/NV_NVDLA_pdp.cpp reads each side's registers):
  // both must describe the same cube.
  const struct {
    const char* name;
    uint32_t rdma, pdp;
    uint32_t rdma_word, pdp_word;
  } same[] = {
      {"D_DATA_CUBE_IN_WIDTH", r.width, c.in_width,
       rr::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.put(r.width - 1), in_width(c)},
      {"D_DATA_CUBE_IN_HEIGHT", r.height, c.in_height,
       rr::D_DATA_CUBE_IN_HEIGHT_CUBE_IN_HEIGHT.put(r.height - 1), in_height(c)},
      {"D_DATA_CUBE_IN_CHANNEL", r.channels, c.in_channels,
       rr::D_DATA_CUBE_IN_CHANNEL_CUBE_IN_CHANNEL.put(r.channels - 1), in_channel(c)},
  };
  for (const auto& v : same) {
    if (v.rdma != v.pdp) {
      return "PDP_RDMA: " + std::string(v.name) + " (" + num(v.rdma) + ") differs from PDP's (" +
             num(v.pdp) + ") (PDP_RDMA " + v.name + "=" + hex(v.rdma_word) + ", PDP " + v.name +
             "=" + hex(v.pdp_word) + ")";
    }
  }
  if (r.precision != c.precision) {
    return std::string("PDP_RDMA: D_DATA_FORMAT.INPUT_DATA (") + precision_name(r.precision) +
           ") differs from PDP's (" + precision_name(c.precision) + ") (PDP_RDMA D_DATA_FORMAT=" +
           hex(rr::D_DATA_FORMAT_INPUT_DATA.put(uint32_t(r.precision))) +
           ", PDP D_DATA_FORMAT=" + hex(data_format(c.precision)) + ")";
  }
  if (r.stripes != c.split.stripes) {
    return "PDP_RDMA: SPLIT_NUM (" + num(int64_t(r.stripes) - 1) + ") differs from PDP's (" +
           num(int64_t(c.split.stripes) - 1) + ") (PDP_RDMA D_OPERATION_MODE_CFG=" +
           hex(rr::D_OPERATION_MODE_CFG_SPLIT_NUM.put(r.stripes - 1)) +
           ", PDP D_OPERATION_MODE_CFG=" + hex(operation_mode_cfg(c)) + ")";
  }
  // Partial widths and PDP_RDMA's kernel width/stride only act in split mode
  // (they place the stripes' fetches); NVDLA's own traces program random
  // values into the partial-width registers of unsplit layers, so they are
  // compared only when the layer is split.
  if (c.split.stripes > 1) {
    if (r.first_in != c.split.first_in || r.mid_in != c.split.mid_in ||
        r.last_in != c.split.last_in) {
      return "PDP_RDMA: D_PARTIAL_WIDTH_IN first/mid/last (" + num(r.first_in) + "/" +
             num(r.mid_in) + "/" + num(r.last_in) + ") differs from PDP's (" +
             num(c.split.first_in) + "/" + num(c.split.mid_in) + "/" + num(c.split.last_in) +
             ") (PDP_RDMA D_PARTIAL_WIDTH_IN=" + hex(rdma_partial_width_in(r)) +
             ", PDP D_PARTIAL_WIDTH_IN=" + hex(partial_width_in(c)) + ")";
    }
    if (r.kernel_width != c.kernel_width || r.stride_width != c.stride_width) {
      return "PDP_RDMA: kernel width " + num(r.kernel_width) + " and stride width " +
             num(r.stride_width) + " differ from PDP's " + num(c.kernel_width) + " and " +
             num(c.stride_width) +
             "; the stripes' overlap would be fetched wrongly (PDP_RDMA D_POOLING_KERNEL_CFG=" +
             hex(rdma_kernel_cfg(r)) + ", PDP D_POOLING_KERNEL_CFG=" + hex(kernel_cfg(c)) + ")";
    }
  }
  // Feature data is atom-aligned (nvdla/doc doc/hw/format.rst; nv_full
  // registers drop the low 5 bits, the master RTL ignores the bits below the
  // atom, so unaligned values do not fetch what they say).
  const uint32_t atom = hw.atom_bytes;
  const std::string base_words =
      "PDP_RDMA D_SRC_BASE_ADDR_HIGH=" + hex(uint32_t(r.src_base_addr >> 32)) +
      ", D_SRC_BASE_ADDR_LOW=" + hex(uint32_t(r.src_base_addr));
  if (r.src_base_addr % atom != 0) {
    char address[24];
    std::snprintf(address, sizeof address, "0x%llx",
                  static_cast<unsigned long long>(r.src_base_addr));
    return "PDP_RDMA: source address " + std::string(address) + " is not a multiple of the " +
           num(atom) + "-byte atom (" + base_words + ")";
  }
  const struct {
    const char* name;
    uint32_t value;
  } strides[] = {{"D_SRC_LINE_STRIDE", r.src_line_stride},
                 {"D_SRC_SURFACE_STRIDE", r.src_surface_stride}};
  for (const auto& s : strides) {
    if (s.value % atom != 0) {
      return "PDP_RDMA: " + std::string(s.name) + " (" + num(s.value) +
             ") is not a multiple of the " + num(atom) + "-byte atom (PDP_RDMA " + s.name + "=" +
             hex(s.value) + ")";
    }
  }
  // Programming guide, "Data Format": the line stride must cover a line.
  const uint64_t line_bytes = uint64_t(r.width) * atom;
  if (r.src_line_stride < line_bytes) {
    return "PDP_RDMA: D_SRC_LINE_STRIDE (" + num(r.src_line_stride) +
           ") is smaller than one line of " + num(r.width) + " atoms (" + num(int64_t(line_bytes)) +
           " bytes) (PDP_RDMA D_SRC_LINE_STRIDE=" + hex(r.src_line_stride) +
           ", D_DATA_CUBE_IN_WIDTH=" +
           hex(rr::D_DATA_CUBE_IN_WIDTH_CUBE_IN_WIDTH.put(r.width - 1)) + ")";
  }
  // Programming guide, "Data Format": a 1x1xC cube must be line- and
  // surface-packed (format.rst: the hardware may fetch it as one line of
  // surfaces). Narrowed to cubes with more than one surface: with a single
  // surface neither stride is ever used, and nv_small pdp_1x1x1_3x3_ave_int8_0
  // programs a 1x1x1 cube with line stride 0x3a0 and surface stride 0xd00.
  const CubeGeometry g = c.input_geometry(atom);
  if (r.width == 1 && r.height == 1 && g.surfaces() > 1 &&
      (r.src_line_stride != atom || r.src_surface_stride != atom)) {
    return "PDP_RDMA: a 1x1x" + num(r.channels) + " cube of " + num(g.surfaces()) +
           " surfaces must be line- and surface-packed: D_SRC_LINE_STRIDE and D_SRC_SURFACE_STRIDE "
           "must both be " +
           num(atom) + " (PDP_RDMA D_SRC_LINE_STRIDE=" + hex(r.src_line_stride) +
           ", D_SRC_SURFACE_STRIDE=" + hex(r.src_surface_stride) + ")";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_pdp_layer(const PoolingConfig& pdp, const RdmaSideConfig* rdma,
                                           const HardwareConfig& hw) {
  if (auto violation = check_pdp_group(pdp, hw)) return violation;
  if (pdp.on_the_fly) return std::nullopt;  // PDP_RDMA is neither programmed nor used
  if (rdma == nullptr) {
    return fail("PDP",
                "FLYING_MODE = OFF_FLYING reads the input through PDP_RDMA, but no PDP_RDMA group "
                "accompanies the layer",
                {{"D_OPERATION_MODE_CFG", operation_mode_cfg(pdp)}});
  }
  return check_rdma_group(pdp, *rdma, hw);
}

}  // namespace acosim::nvdla

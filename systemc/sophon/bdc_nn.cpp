// The BDC's fp32 neural-network operations, as BM1684's OKKernel issues
// them: okk_bdc_conv2d, okk_bdc_depthwise2d, okk_bdc_avg_pool2d,
// okk_bdc_max_pool2d and okk_bdc_matmul (sw/sophon/okkernel/okk.cpp builds
// the commands). Upstream references below are to Sophgo's OKKernel
// release: okkernel/host/*.cpp (the host programs' reference loops and their
// check), okkernel/device/*.c (Sophgo's device examples) and the contest
// solutions in contest_result/perfect_code_show/<id>/ (how real kernels call
// these operations).
//
// Operands. Every operand is a local fp32 Tensor: `address` is a unified
// local address (npu * S + offset), strides count elements, and channel c of
// a tensor starting on NPU Q is in slot (Q + c) div X of NPU (Q + c) mod X
// (tensor_access.h; docs/sophon.md, "Layouts"). The okk layer passes the caller's stride or, for NULL,
// the 128-byte aligned layout; operands okk has no stride argument for
// (every output, depthwise and pooling inputs, matrices) carry the aligned
// layout, compact weights and biases the compact one. Only the elements of
// an operand's shape are read or written; the alignment padding between
// them is left as it was.
//
// Conv2d. c.shape is the input's (N, IC, H, W), c.src[0] the input,
// c.conv the window and operands, c.dst the output (N, OC, OH, OW) with
//   OH = (H + pad_top + pad_bottom - ((kernel_h - 1) dilation_h + 1)) / stride_h + 1
// (OW alike), input row of output row oh and kernel row y:
// oh stride_h + y dilation_h - pad_top; padded positions read zero (the
// product 0 x weight is added).
// Window rules (conv2d, depthwise, pooling): kernel, stride and dilation in
// [1, 65535], each pad in [0, (kernel - 1) dilation + 1) so that no window
// lies wholly in one pad band, and a padded input at least one window high
// and wide. Every upstream call keeps them (the host programs' cases and
// their device tilings).
// Weights are "2IC" (okkernel/host/conv2d.cpp:54-67, device/
// ok_device_conv2d_demo.c:31,65-84): fp32 pairs of input channels, a 4-D
// tensor (ceil(IC / 2), OC, kh, kw) of 8-byte elements whose strides count
// pairs, so weight(oc, ic, y, x) sits on NPU (Qw + oc) mod X at byte
//   Rw + 8 ((ic div 2) Ns + ((Qw + oc) div X) Cs + y Hs + x Ws) + 4 (ic mod 2);
// an odd IC leaves the second half of the last pair unread. The weight
// address needs only 4-byte alignment: with one input channel a contestant
// points it at the second half of a pair (188****2153/
// ok_device_conv2d_contest.c:671).
// BM1684X's TPU-Kernel groups 16 fp32 input channels instead of 2
// (ConvParams::weight_ic_group, tpu-mlir's IC_PARALLEL / sizeof(float)):
// the same rule with 16 for 2 and 64-byte groups.
// Bias (has_bias) is fp32 (1, OC, 1, 1) in the stride given.
// NPUs: output channel oc is computed on its own NPU from its own weights
// and bias there, so weight, bias and output start on the same NPU; the
// input's channels are read from every NPU and may start anywhere -- the
// same contestant convolves a one-channel input starting on NPU
// 0..63 into an output and weights on NPU 0 (:892-905, :1001-1008,
// :1085-1088).
//
// Accumulation order. The host programs accept |out - ref| <
// 1e-4 max(|ref|, 1) (host/conv2d.cpp:120-128), tight enough that the order
// of a long fp32 sum decides pass or fail: 181****3709 re-issues its
// largest convolutions one input channel and one kernel position per
// command "to stay consistent with the reference" (conv2d_contest.c:883,
// :976, :1076), and 188****9931 feeds its longest matmuls one left column
// per command (matmul_contest.c:459-473, :772-773). The model sums as the
// references do, in plain float, one rounding per product and per addition:
//   conv2d    kernel positions (y, x) row-major outer, input channels inner
//             (host/conv2d.cpp:34-44);
//   depthwise kernel positions row-major (host/depthwise.cpp:33-44);
//   matmul    k = 0, 1, ... left_cols - 1 (host/matmul.cpp:21-33).
// The sum starts at 0, or with result_add at the output's old value, and
// the bias comes last: out = ((start + p0) + p1 ...) + bias. A sum split
// over result_add commands in order (as those kernels split it) is then
// the same sum as one command's. The references skip padded positions;
// conv2d adds their zero products instead, which leaves a sum with finite
// weights unchanged; depthwise and pooling skip them.
//
// Depthwise2d. Input (N, C, H, W), weight (1, C, kh, kw), optional bias
// (1, C, 1, 1), output (N, C, OH, OW) as for conv2d, channel by channel; no
// result_add. Every operand's channel c is on one NPU, so all four start on
// the same NPU.
//
// (param[0] = 1 selects TPU-Kernel's pooling: dilation allowed, the average
// is the sum times the scale in src[1], and max pooling takes the padding
// value in src[1] at padded positions.)
// AvgPool2d / MaxPool2d. Input (N, C, H, W) at src[0], output at dst, the
// window in conv (no dilation), same start NPU. Average: the sum of the
// window's real elements, in row-major order, divided by kernel_h kernel_w
// -- padded positions count as zeros. Sophgo's own device code decides it:
// device/ok_device_avg_pool.c:106-142 turns the BDC's result into the
// count-excluding average by multiplying by kernel_h / count_h and
// kernel_w / count_w, and leaves it alone for count_include_pad, which
// host/avg_pool.cpp:37-45,51 defines as the division by kernel_h kernel_w;
// in ceil mode it widens the bottom / right padding (:73-78) and rescales
// by kernel / (kernel - extra) (:143-165), again a kh kw divisor.
// Maximum: padded positions take no part; the window starts from the lowest
// finite float and keeps (m < x ? x : m) over its real elements in row-major
// order, which is host/max_pool.cpp:35-43 to the bit (a NaN never wins).
// The device code (ok_device_max_pool.c:98-105) relies on no particular
// padding value, and the host's inputs in [0, 1) could not tell zero
// padding from none.
//
// MatMul. Output[r][j] = sum_k L[r][k] R[k][j] (+ bias[j]) (+ the old
// output with result_add), rows x left_cols times left_cols x right_cols.
// Local layouts (docs/sophon.md, "Layouts"): L is (rows, ceil(lc / lcpc), 1, lcpc),
// R is (lc, ceil(rc / rcpc), 1, rcpc), the output (rows, ceil(rc / rcpc), 1,
// rcpc), each in its Tensor's strides; column j of a matrix is piece
// (channel) j div cpc, element j mod cpc. No upstream kernel passes a bias,
// so its layout is acosim's: the one-row matrix (1, ceil(rc / rcpc), 1, rcpc).
// Output, right matrix and bias start on the same NPU (column piece p of
// each is on one NPU); the left matrix is read by every NPU and may start
// anywhere (188****9931/ok_device_matmul_contest.c:459-473 passes a left
// matrix on NPU 1..63 with right and output on NPU 0).
//
// Cost. The NPUs run in step, so a command takes as long as its fullest
// NPU: its multiply-accumulates (pooling: window elements read) divided by
// the fp32 EU count (Chip::eu_num(4)), rounded up. The fullest NPU holds
// channels_per_npu(Q, C) output channels (matmul: column pieces).
//
// Nothing is written before everything is read, so an output overlapping
// an operand reads the operand's old values.
#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "sw/common/hex.h"
#include "systemc/sophon/bdc_kernels.h"
#include "systemc/sophon/command_check.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

namespace {

// ---------------------------------------------------------------------------
// Floats in local memory (4-byte aligned, so read and written by memcpy)

inline float load_float(const uint8_t* p) {
  float v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store_float(uint8_t* p, float v) { std::memcpy(p, &v, sizeof v); }

// Four floats as one value: GCC / Clang vector extension, compiled to SSE
// (or NEON) on every target without target flags.
typedef float Vec4 __attribute__((vector_size(16)));
inline Vec4 load4(const float* p) {
  Vec4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store4(float* p, Vec4 v) { std::memcpy(p, &v, sizeof v); }

// Row (h) of plane (n, c) of a local tensor into dst[0, count): the step
// between elements is the tensor's W stride.
void read_row(const uint8_t* local, const LocalGeometry& g, uint64_t plane, int64_t h,
              int64_t count, float* dst) {
  const uint8_t* p = local + plane + static_cast<uint64_t>(h * g.stride.h) * 4;
  if (g.stride.w == 1) {
    std::memcpy(dst, p, static_cast<size_t>(count) * 4);
    return;
  }
  const int64_t step = g.w_step();
  for (int64_t w = 0; w < count; ++w) dst[w] = load_float(p + w * step);
}

void write_row(uint8_t* local, const LocalGeometry& g, uint64_t plane, int64_t h, int64_t count,
               const float* src) {
  uint8_t* p = local + plane + static_cast<uint64_t>(h * g.stride.h) * 4;
  if (g.stride.w == 1) {
    std::memcpy(p, src, static_cast<size_t>(count) * 4);
    return;
  }
  const int64_t step = g.w_step();
  for (int64_t w = 0; w < count; ++w) store_float(p + w * step, src[w]);
}

// A row-major matrix (rows x cols) from its local layout
// (rows, ceil(cols / cpc), 1, cpc), and back.
std::vector<float> read_matrix(const uint8_t* local, const LocalGeometry& g, int64_t rows,
                               int64_t cols, int64_t cpc) {
  std::vector<float> m(static_cast<size_t>(rows * cols));
  const int64_t pieces = div_up(cols, cpc);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t piece = 0; piece < pieces; ++piece) {
      const int64_t first = piece * cpc, count = std::min(cpc, cols - first);
      read_row(local, g, g.byte(r, piece, 0, 0), 0, count, &m[r * cols + first]);
    }
  }
  return m;
}

void write_matrix(uint8_t* local, const LocalGeometry& g, int64_t rows, int64_t cols, int64_t cpc,
                  const float* m, int64_t ld) {
  const int64_t pieces = div_up(cols, cpc);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t piece = 0; piece < pieces; ++piece) {
      const int64_t first = piece * cpc, count = std::min(cpc, cols - first);
      write_row(local, g, g.byte(r, piece, 0, 0), 0, count, m + r * ld + first);
    }
  }
}

// ---------------------------------------------------------------------------
// The window of a convolution or pooling

struct Window {
  int64_t kh, kw, pt, pb, pl, pr, sh, sw, dh, dw;
  int64_t oh, ow;  ///< output rows and columns
};

int64_t extent(int64_t kernel, int64_t dilation) { return (kernel - 1) * dilation + 1; }

Window window_of(const BdcCommand& c) {
  const ConvParams& p = c.conv;
  Window w{p.kernel_h, p.kernel_w, p.pad_top, p.pad_bottom, p.pad_left, p.pad_right,
           p.stride_h, p.stride_w, p.dilation_h, p.dilation_w, 0, 0};
  w.oh = (c.shape.h + w.pt + w.pb - extent(w.kh, w.dh)) / w.sh + 1;
  w.ow = (c.shape.w + w.pl + w.pr - extent(w.kw, w.dw)) / w.sw + 1;
  return w;
}

// ---------------------------------------------------------------------------
// Checks

bool is_pool(BdcOp op) { return op == BdcOp::AvgPool2d || op == BdcOp::MaxPool2d; }

void check_fp32_local(const char* api, const char* role, const Tensor& t) {
  if (t.space != Space::Local) refuse(api, std::string(role) + " is not in local memory");
  if (t.dtype != DType::FP32) {
    refuse(api, std::string(role) + " is " + dtype_name(t.dtype) + ", not fp32");
  }
}

// One dimension of the window: kernel, stride, dilation at least 1 (and the
// fields' 16-bit range), each pad in [0, extent) so that no window lies
// wholly in one pad, and room for at least one output.
void check_window_dim(const char* api, char dim, int64_t input, int64_t kernel, int64_t stride,
                      int64_t dilation, int64_t pad_a, int64_t pad_b) {
  const std::string d(1, dim);
  const auto range = [&](const char* name, int64_t v) {
    if (v < 1 || v > 65535) {
      refuse(api, std::string(name) + "_" + d + " = " + std::to_string(v) +
                      " is outside [1, 65535]");
    }
  };
  range("kernel", kernel);
  range("stride", stride);
  range("dilation", dilation);
  const int64_t ext = extent(kernel, dilation);
  // Padding may reach past the kernel's extent: Sophgo's own avg_pool
  // example widens it so in ceil mode (a window wholly in padding then
  // holds no element).
  for (const int64_t pad : {pad_a, pad_b}) {
    if (pad < 0 || pad > 65535) {
      refuse(api, "padding " + std::to_string(pad) + " along " + d + " is outside [0, 65535]");
    }
  }
  if (input + pad_a + pad_b < ext) {
    refuse(api, "the dilated kernel's " + d + " extent " + std::to_string(ext) +
                    " is larger than the padded input's " + std::to_string(input + pad_a + pad_b));
  }
}

Window check_window(const char* api, const BdcCommand& c) {
  const ConvParams& p = c.conv;
  if (is_pool(c.op) && c.param[0] == 0 && (p.dilation_h != 1 || p.dilation_w != 1)) {
    refuse(api, "pooling has no dilation (dilation " + std::to_string(p.dilation_h) + ", " +
                    std::to_string(p.dilation_w) + ")");
  }
  check_window_dim(api, 'h', c.shape.h, p.kernel_h, p.stride_h, p.dilation_h, p.pad_top,
                   p.pad_bottom);
  check_window_dim(api, 'w', c.shape.w, p.kernel_w, p.stride_w, p.dilation_w, p.pad_left,
                   p.pad_right);
  return window_of(c);
}

uint32_t check_input(const Chip& chip, const BdcCommand& c) {
  check_shape(c.api, "input", c.shape, static_cast<int>(chip.max_bdc_c));
  if (c.src[0].kind != Source::Kind::Tensor) refuse(c.api, "input is not a tensor");
  check_fp32_local(c.api, "input", c.src[0].tensor);
  return check_local(chip, c.api, "input", c.src[0].tensor, c.shape);
}

uint32_t check_output(const Chip& chip, const BdcCommand& c, const Dim4& shape) {
  check_shape(c.api, "output", shape, static_cast<int>(chip.max_bdc_c));
  check_fp32_local(c.api, "output", c.dst);
  return check_local(chip, c.api, "output", c.dst, shape);
}

// Grouped weights (2IC: fp32 pairs; 16IC: groups of 16),
// strides counting groups.
uint32_t check_pair_weight(const Chip& chip, const char* api, const Tensor& t,
                           const Dim4& pairs, int64_t group) {
  check_shape(api, "weight (fp32 groups)", pairs, static_cast<int>(chip.max_bdc_c));
  check_fp32_local(api, "weight", t);
  // Address range, 4-byte alignment and stride signs.
  check_local(chip, api, "weight", t, Dim4{1, 1, 1, 1});
  const LocalGeometry g(chip, t);
  const int64_t end = g.end_offset(pairs, 4 * group);
  if (end > chip.local_mem_bytes) {
    refuse(api, "weight " + to_string(pairs) + " (fp32 groups of " + std::to_string(group) +
                    ") at local address " +
                    hex(t.address) + " with stride " + to_string(t.stride) + " ends at offset " +
                    hex(static_cast<uint64_t>(end)) + ", past the end of its NPU's " +
                    std::to_string(chip.local_mem_bytes) + " bytes of local memory");
  }
  return g.start_npu;
}

uint32_t check_fp32_operand(const Chip& chip, const char* api, const char* role, const Tensor& t,
                            const Dim4& shape) {
  check_shape(api, role, shape, static_cast<int>(chip.max_bdc_c));
  check_fp32_local(api, role, t);
  return check_local(chip, api, role, t, shape);
}

void check_conv(const Chip& chip, const BdcCommand& c) {
  check_input(chip, c);  // on any NPU
  const Window w = check_window(c.api, c);
  const int32_t oc = c.conv.output_c;
  const Dim4 out{c.shape.n, oc, static_cast<int32_t>(w.oh), static_cast<int32_t>(w.ow)};
  const uint32_t out_npu = check_output(chip, c, out);
  const int64_t group = c.conv.weight_ic_group;
  if (group != 2 && group != 16) {
    refuse(c.api, "weight groups of " + std::to_string(group) + " input channels (2 or 16)");
  }
  const Dim4 pairs{static_cast<int32_t>(div_up(c.shape.c, group)), oc, c.conv.kernel_h,
                   c.conv.kernel_w};
  const uint32_t weight_npu = check_pair_weight(chip, c.api, c.conv.weight, pairs, group);
  check_same_npu(c.api, "weight", weight_npu, "output", out_npu);
  if (c.conv.has_bias) {
    const uint32_t bias_npu =
        check_fp32_operand(chip, c.api, "bias", c.conv.bias, Dim4{1, oc, 1, 1});
    check_same_npu(c.api, "bias", bias_npu, "output", out_npu);
  }
}

void check_depthwise(const Chip& chip, const BdcCommand& c) {
  const uint32_t in_npu = check_input(chip, c);
  if (c.conv.result_add) refuse(c.api, "depthwise convolution has no result_add");
  const Window w = check_window(c.api, c);
  const Dim4 out{c.shape.n, c.shape.c, static_cast<int32_t>(w.oh), static_cast<int32_t>(w.ow)};
  const uint32_t out_npu = check_output(chip, c, out);
  check_same_npu(c.api, "input", in_npu, "output", out_npu);
  const uint32_t weight_npu =
      check_fp32_operand(chip, c.api, "weight", c.conv.weight,
                         Dim4{1, c.shape.c, c.conv.kernel_h, c.conv.kernel_w});
  check_same_npu(c.api, "weight", weight_npu, "output", out_npu);
  if (c.conv.has_bias) {
    const uint32_t bias_npu =
        check_fp32_operand(chip, c.api, "bias", c.conv.bias, Dim4{1, c.shape.c, 1, 1});
    check_same_npu(c.api, "bias", bias_npu, "output", out_npu);
  }
}

void check_pool(const Chip& chip, const BdcCommand& c) {
  const uint32_t in_npu = check_input(chip, c);
  if (c.conv.has_bias || c.conv.result_add) refuse(c.api, "pooling has no bias or result_add");
  const Window w = check_window(c.api, c);
  const Dim4 out{c.shape.n, c.shape.c, static_cast<int32_t>(w.oh), static_cast<int32_t>(w.ow)};
  const uint32_t out_npu = check_output(chip, c, out);
  check_same_npu(c.api, "input", in_npu, "output", out_npu);
}

struct MatrixShapes {
  Dim4 left, right, output, bias;
};

MatrixShapes matrix_shapes(const MatMulParams& m) {
  return MatrixShapes{matrix_local_shape(m.left_rows, m.left_cols, m.left_cols_per_channel),
                      matrix_local_shape(m.left_cols, m.right_cols, m.right_cols_per_channel),
                      matrix_local_shape(m.left_rows, m.right_cols, m.right_cols_per_channel),
                      matrix_local_shape(1, m.right_cols, m.right_cols_per_channel)};
}

void check_matmul(const Chip& chip, const BdcCommand& c) {
  const MatMulParams& m = c.mm;
  const std::pair<const char*, int32_t> sizes[] = {
      {"left_rows", m.left_rows},
      {"left_cols", m.left_cols},
      {"right_cols", m.right_cols},
      {"left_cols_per_channel", m.left_cols_per_channel},
      {"right_cols_per_channel", m.right_cols_per_channel}};
  for (const auto& [name, value] : sizes) {
    if (value < 1) {
      refuse(c.api, std::string(name) + " = " + std::to_string(value) + " is not positive");
    }
  }
  const MatrixShapes s = matrix_shapes(m);
  check_fp32_operand(chip, c.api, "left matrix", m.left, s.left);  // any NPU
  const uint32_t right_npu = check_fp32_operand(chip, c.api, "right matrix", m.right, s.right);
  const uint32_t out_npu = check_fp32_operand(chip, c.api, "output", c.dst, s.output);
  check_same_npu(c.api, "right matrix", right_npu, "output", out_npu);
  if (m.has_bias) {
    const uint32_t bias_npu = check_fp32_operand(chip, c.api, "bias", m.bias, s.bias);
    check_same_npu(c.api, "bias", bias_npu, "output", out_npu);
  }
}

// ---------------------------------------------------------------------------
// An ordered matrix product: C[m][n] += sum_k A[m][k] B[k][n] with every
// element of C summed in ascending k, one rounding per product and per
// addition -- the references' order -- however the work is tiled.
//
// The loops are BLIS's: a KC x NC block of B is packed into NR-wide column
// panels that stay in cache, A into MR-row panels, and a register-blocked
// kernel updates an MR x NR tile of C over KC values of k. Blocks of k run
// in ascending order for every element of C and the kernel adds one k at a
// time, so the tiling never changes a result. Vectors run across the NR
// columns; each of the MR rows' A values is broadcast.

constexpr int kMr = 6;        ///< rows of a C tile (broadcast side)
constexpr int kNr = 8;        ///< columns of a C tile: two Vec4
constexpr int64_t kKc = 256;  ///< k per block
constexpr int64_t kNc = 512;  ///< columns per block of B

// tile(MR x kNr at c, row pitch ldc) += a[k][0..MR) * b[k][0..kNr) over kc.
template <int MR>
void tile_kernel(int64_t kc, const float* a, const float* b, float* c, int64_t ldc) {
  Vec4 lo[MR], hi[MR];
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) {
    lo[i] = load4(c + i * ldc);
    hi[i] = load4(c + i * ldc + 4);
  }
  for (int64_t k = 0; k < kc; ++k, a += kMr, b += kNr) {
    const Vec4 b0 = load4(b), b1 = load4(b + 4);
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      lo[i] += a[i] * b0;
      hi[i] += a[i] * b1;
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) {
    store4(c + i * ldc, lo[i]);
    store4(c + i * ldc + 4, hi[i]);
  }
}

void run_tile(int rows, int64_t kc, const float* a, const float* b, float* c, int64_t ldc) {
  switch (rows) {
    case 1: tile_kernel<1>(kc, a, b, c, ldc); break;
    case 2: tile_kernel<2>(kc, a, b, c, ldc); break;
    case 3: tile_kernel<3>(kc, a, b, c, ldc); break;
    case 4: tile_kernel<4>(kc, a, b, c, ldc); break;
    case 5: tile_kernel<5>(kc, a, b, c, ldc); break;
    default: tile_kernel<6>(kc, a, b, c, ldc); break;
  }
}

// `pack_a(m0, rows, k0, kc, dst)` writes dst[k * kMr + i] = A[m0 + i][k0 + k]
// for i < rows (the rest of the kMr is not read); `pack_b(n0, cols, k0, kc,
// dst)` writes dst[k * kNr + j] = B[k0 + k][n0 + j] for j < cols and 0 for
// the rest. C is M rows of pitch ldc >= N rounded up to kNr.
template <class PackA, class PackB>
void ordered_gemm(int64_t M, int64_t N, int64_t K, const PackA& pack_a, const PackB& pack_b,
                  float* C, int64_t ldc) {
  std::vector<float> a_panel(static_cast<size_t>(kKc * kMr));
  std::vector<float> b_block(static_cast<size_t>(kKc * std::min(kNc, align_up(N, kNr))));
  for (int64_t n0 = 0; n0 < N; n0 += kNc) {
    const int64_t nc = std::min(kNc, N - n0);
    const int64_t panels = div_up(nc, kNr);
    for (int64_t k0 = 0; k0 < K; k0 += kKc) {
      const int64_t kc = std::min(kKc, K - k0);
      for (int64_t p = 0; p < panels; ++p) {
        const int64_t first = n0 + p * kNr;
        pack_b(first, std::min<int64_t>(kNr, N - first), k0, kc, &b_block[p * kc * kNr]);
      }
      for (int64_t m0 = 0; m0 < M; m0 += kMr) {
        const int rows = static_cast<int>(std::min<int64_t>(kMr, M - m0));
        pack_a(m0, rows, k0, kc, a_panel.data());
        for (int64_t p = 0; p < panels; ++p) {
          run_tile(rows, kc, a_panel.data(), &b_block[p * kc * kNr], C + m0 * ldc + n0 + p * kNr,
                   ldc);
        }
      }
    }
  }
}

// Copies rows [k0, k0 + kc) of a row-major K x N matrix, columns
// [n0, n0 + cols), into a kNr-wide panel.
void pack_rows(const float* m, int64_t n_cols, int64_t n0, int64_t cols, int64_t k0, int64_t kc,
               float* dst) {
  for (int64_t k = 0; k < kc; ++k, dst += kNr) {
    const float* row = m + (k0 + k) * n_cols + n0;
    int64_t j = 0;
    for (; j < cols; ++j) dst[j] = row[j];
    for (; j < kNr; ++j) dst[j] = 0.f;
  }
}

// ---------------------------------------------------------------------------
// Conv2d

uint64_t run_conv(const BdcContext& ctx, const BdcCommand& c) {
  const Chip& chip = ctx.chip;
  const Window w = window_of(c);
  const int64_t N = c.shape.n, IC = c.shape.c, H = c.shape.h, W = c.shape.w;
  const int64_t OC = c.conv.output_c, OH = w.oh, OW = w.ow;
  const int64_t K = w.kh * w.kw * IC;
  const LocalGeometry in(chip, c.src[0].tensor), out(chip, c.dst);

  // The input, channels last: xc[((n H + y) W + x) IC + ic]; a padded
  // position reads `zeros`.
  std::vector<float> xc(static_cast<size_t>(N * H * W * IC));
  const std::vector<float> zeros(static_cast<size_t>(IC), 0.f);
  {
    std::vector<float> row(static_cast<size_t>(W));
    for (int64_t n = 0; n < N; ++n) {
      for (int64_t ic = 0; ic < IC; ++ic) {
        const uint64_t plane = in.byte(n, ic, 0, 0);
        for (int64_t h = 0; h < H; ++h) {
          read_row(ctx.local, in, plane, h, W, row.data());
          float* dst = &xc[((n * H + h) * W) * IC + ic];
          for (int64_t x = 0; x < W; ++x) dst[x * IC] = row[x];
        }
      }
    }
  }

  // The weights, one row of K per output channel, k = (y kw + x) IC + ic:
  // the order of the sum.
  std::vector<float> wk(static_cast<size_t>(OC * K));
  {
    const Tensor& t = c.conv.weight;
    const int64_t G = c.conv.weight_ic_group;
    const LocalPlace place = split_local_address(chip, t.address);
    for (int64_t oc = 0; oc < OC; ++oc) {
      const uint64_t lane = place.npu + static_cast<uint64_t>(oc);
      const uint8_t* base = ctx.local + (lane % chip.npu_num) * chip.local_mem_bytes +
                            place.offset +
                            static_cast<uint64_t>(lane / chip.npu_num) * t.stride.c * 4 * G;
      float* dst = &wk[oc * K];
      for (int64_t ic = 0; ic < IC; ++ic) {
        for (int64_t y = 0; y < w.kh; ++y) {
          for (int64_t x = 0; x < w.kw; ++x) {
            const int64_t group = (ic / G) * t.stride.n + y * t.stride.h + x * t.stride.w;
            dst[(y * w.kw + x) * IC + ic] = load_float(base + group * 4 * G + (ic % G) * 4);
          }
        }
      }
    }
  }

  // C: one row per output channel, one column per output pixel
  // (n, oh, ow), so that (n, oc, oh) is a run of OW columns.
  const int64_t M = N * OH * OW, ldc = align_up(M, kNr);
  std::vector<float> acc(static_cast<size_t>(OC * ldc), 0.f);
  const auto c_row = [&](int64_t n, int64_t oc, int64_t oh) {
    return &acc[oc * ldc + (n * OH + oh) * OW];
  };
  if (c.conv.result_add) {
    for (int64_t n = 0; n < N; ++n) {
      for (int64_t oc = 0; oc < OC; ++oc) {
        const uint64_t plane = out.byte(n, oc, 0, 0);
        for (int64_t oh = 0; oh < OH; ++oh) {
          read_row(ctx.local, out, plane, oh, OW, c_row(n, oc, oh));
        }
      }
    }
  }

  const auto pack_weights = [&](int64_t m0, int rows, int64_t k0, int64_t kc, float* dst) {
    for (int i = 0; i < rows; ++i) {
      const float* s = &wk[(m0 + i) * K + k0];
      for (int64_t k = 0; k < kc; ++k) dst[k * kMr + i] = s[k];
    }
  };
  // im2col, one panel of kNr pixels at a time: pixel m's window has its
  // top-left input position at (oh sh - pad_top, ow sw - pad_left).
  const auto pack_pixels = [&](int64_t m0, int64_t cols, int64_t k0, int64_t kc, float* dst) {
    int64_t image[kNr], top[kNr], left[kNr];
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t m = m0 + j;
      image[j] = m / (OH * OW);
      top[j] = (m / OW) % OH * w.sh - w.pt;
      left[j] = m % OW * w.sw - w.pl;
    }
    int64_t k = k0, position = k0 / IC, ic = k0 % IC;
    while (k < k0 + kc) {
      const int64_t dy = position / w.kw * w.dh, dx = position % w.kw * w.dw;
      const int64_t run = std::min(IC - ic, k0 + kc - k);
      float* d = dst + (k - k0) * kNr;
      for (int64_t j = 0; j < kNr; ++j) {
        const int64_t ih = top[j] + dy, iw = left[j] + dx;
        const float* s = j < cols && ih >= 0 && ih < H && iw >= 0 && iw < W
                             ? &xc[((image[j] * H + ih) * W + iw) * IC + ic]
                             : &zeros[ic];
        for (int64_t q = 0; q < run; ++q) d[q * kNr + j] = s[q];
      }
      k += run;
      ++position;
      ic = 0;
    }
  };
  ordered_gemm(OC, M, K, pack_weights, pack_pixels, acc.data(), ldc);

  const LocalGeometry b(chip, c.conv.bias);
  for (int64_t oc = 0; oc < OC; ++oc) {
    const float bias = c.conv.has_bias ? load_float(ctx.local + b.byte(0, oc, 0, 0)) : 0.f;
    for (int64_t n = 0; n < N; ++n) {
      const uint64_t plane = out.byte(n, oc, 0, 0);
      for (int64_t oh = 0; oh < OH; ++oh) {
        float* src = c_row(n, oc, oh);
        if (c.conv.has_bias) {
          for (int64_t x = 0; x < OW; ++x) src[x] += bias;
        }
        write_row(ctx.local, out, plane, oh, OW, src);
      }
    }
  }
  return uint64_t(channels_per_npu(chip, static_cast<int>(out.start_npu), static_cast<int>(OC))) *
         uint64_t(M) * uint64_t(K);
}

// ---------------------------------------------------------------------------
// Depthwise and pooling: one channel plane at a time

// acc[i] += weight * x[i * step], i < count.
void multiply_add_row(float* acc, const float* x, int64_t step, float weight, int64_t count) {
  int64_t i = 0;
  if (step == 1) {
    for (; i + 4 <= count; i += 4) store4(acc + i, load4(acc + i) + weight * load4(x + i));
  }
  for (; i < count; ++i) acc[i] += weight * x[i * step];
}

void add_row(float* acc, const float* x, int64_t step, int64_t count) {
  int64_t i = 0;
  if (step == 1) {
    for (; i + 4 <= count; i += 4) store4(acc + i, load4(acc + i) + load4(x + i));
  }
  for (; i < count; ++i) acc[i] += x[i * step];
}

// acc[i] = acc[i] < x ? x : acc[i]: std::max's choice.
void max_row(float* acc, const float* x, int64_t step, int64_t count) {
  int64_t i = 0;
  if (step == 1) {
    for (; i + 4 <= count; i += 4) {
      const Vec4 a = load4(acc + i), v = load4(x + i);
      store4(acc + i, a < v ? v : a);
    }
  }
  for (; i < count; ++i) {
    const float v = x[i * step];
    if (acc[i] < v) acc[i] = v;
  }
}

// The outputs ow in [first, last) whose input column ow sw - pad + offset
// is inside [0, W).
void columns_inside(int64_t offset, int64_t pad, int64_t stride, int64_t W, int64_t OW,
                    int64_t& first, int64_t& last) {
  const int64_t lo = pad - offset;           // ow stride >= lo
  const int64_t hi = W - 1 + pad - offset;   // ow stride <= hi
  first = lo <= 0 ? 0 : (lo + stride - 1) / stride;
  last = hi < 0 ? 0 : std::min(OW, hi / stride + 1);
}

uint64_t run_planes(const BdcContext& ctx, const BdcCommand& c) {
  const Chip& chip = ctx.chip;
  const Window w = window_of(c);
  const int64_t N = c.shape.n, C = c.shape.c, H = c.shape.h, W = c.shape.w;
  const int64_t OH = w.oh, OW = w.ow;
  const LocalGeometry in(chip, c.src[0].tensor), out(chip, c.dst);
  const bool depthwise = c.op == BdcOp::Depthwise2d;
  const bool maximum = c.op == BdcOp::MaxPool2d;
  const float divisor = static_cast<float>(w.kh * w.kw);
  // param[0] = 1: TPU-Kernel's pooling, with src[1] the average's scale or
  // the maximum's padding value (tpu_bdc_fp_avg_pool2d / max_pool2d).
  const bool tpu_kernel = c.param[0] == 1;
  float scale = 0.f, pad_value = 0.f;
  std::memcpy(&scale, &c.src[1].scalar, 4);
  std::memcpy(&pad_value, &c.src[1].scalar, 4);

  // Each output row sums (or takes the maximum over) its window's kernel
  // positions in row-major order, leaving padded positions out as the
  // references do; a padded position would add 0 (0 x weight) to a sum.
  std::vector<float> result(static_cast<size_t>(N * C * OH * OW));
  std::vector<float> plane(static_cast<size_t>(H * W));
  std::vector<float> weights(static_cast<size_t>(w.kh * w.kw));
  for (int64_t ch = 0; ch < C; ++ch) {
    float bias = 0.f;
    if (depthwise) {
      const LocalGeometry wg(chip, c.conv.weight);
      const uint64_t wplane = wg.byte(0, ch, 0, 0);
      for (int64_t y = 0; y < w.kh; ++y) {
        read_row(ctx.local, wg, wplane, y, w.kw, &weights[y * w.kw]);
      }
      if (c.conv.has_bias) {
        const LocalGeometry bg(chip, c.conv.bias);
        bias = load_float(ctx.local + bg.byte(0, ch, 0, 0));
      }
    }
    for (int64_t n = 0; n < N; ++n) {
      const uint64_t base = in.byte(n, ch, 0, 0);
      for (int64_t h = 0; h < H; ++h) read_row(ctx.local, in, base, h, W, &plane[h * W]);
      float* dst = &result[((n * C + ch) * OH) * OW];
      for (int64_t oh = 0; oh < OH; ++oh, dst += OW) {
        std::fill(dst, dst + OW, maximum ? -FLT_MAX : 0.f);
        for (int64_t y = 0; y < w.kh; ++y) {
          const int64_t ih = oh * w.sh - w.pt + y * w.dh;
          if (ih < 0 || ih >= H) continue;
          for (int64_t x = 0; x < w.kw; ++x) {
            int64_t first = 0, last = 0;
            columns_inside(x * w.dw, w.pl, w.sw, W, OW, first, last);
            if (first >= last) continue;
            const float* xs = &plane[ih * W + first * w.sw - w.pl + x * w.dw];
            if (depthwise) {
              multiply_add_row(dst + first, xs, w.sw, weights[y * w.kw + x], last - first);
            } else if (maximum) {
              max_row(dst + first, xs, w.sw, last - first);
            } else {
              add_row(dst + first, xs, w.sw, last - first);
            }
          }
        }
        if (depthwise && c.conv.has_bias) {
          for (int64_t x = 0; x < OW; ++x) dst[x] += bias;
        } else if (c.op == BdcOp::AvgPool2d && tpu_kernel) {
          for (int64_t x = 0; x < OW; ++x) dst[x] *= scale;
        } else if (c.op == BdcOp::AvgPool2d) {
          for (int64_t x = 0; x < OW; ++x) dst[x] /= divisor;
        } else if (maximum && tpu_kernel) {
          // TPU-Kernel's max pooling takes pad_val at padded positions.
          bool row_padded = false;
          for (int64_t y = 0; y < w.kh; ++y) {
            const int64_t ih = oh * w.sh - w.pt + y * w.dh;
            row_padded = row_padded || ih < 0 || ih >= H;
          }
          for (int64_t x = 0; x < OW; ++x) {
            const int64_t left = x * w.sw - w.pl, right = left + (w.kw - 1) * w.dw;
            if (row_padded || left < 0 || right >= W) dst[x] = dst[x] < pad_value ? pad_value : dst[x];
          }
        }
      }
    }
  }
  for (int64_t n = 0; n < N; ++n) {
    for (int64_t ch = 0; ch < C; ++ch) {
      const uint64_t base = out.byte(n, ch, 0, 0);
      const float* src = &result[((n * C + ch) * OH) * OW];
      for (int64_t oh = 0; oh < OH; ++oh) write_row(ctx.local, out, base, oh, OW, src + oh * OW);
    }
  }
  return uint64_t(channels_per_npu(chip, static_cast<int>(out.start_npu), static_cast<int>(C))) *
         uint64_t(N * OH * OW) * uint64_t(w.kh * w.kw);
}

// ---------------------------------------------------------------------------
// MatMul

uint64_t run_matmul(const BdcContext& ctx, const BdcCommand& c) {
  const Chip& chip = ctx.chip;
  const MatMulParams& m = c.mm;
  const int64_t rows = m.left_rows, K = m.left_cols, cols = m.right_cols;
  const int64_t lcpc = m.left_cols_per_channel, rcpc = m.right_cols_per_channel;
  const LocalGeometry lg(chip, m.left), rg(chip, m.right), og(chip, c.dst);
  const std::vector<float> left = read_matrix(ctx.local, lg, rows, K, lcpc);
  const std::vector<float> right = read_matrix(ctx.local, rg, K, cols, rcpc);

  const int64_t ldc = align_up(cols, kNr);
  std::vector<float> acc(static_cast<size_t>(rows * ldc), 0.f);
  if (m.result_add) {
    const std::vector<float> old = read_matrix(ctx.local, og, rows, cols, rcpc);
    for (int64_t r = 0; r < rows; ++r) {
      std::copy(&old[r * cols], &old[r * cols] + cols, &acc[r * ldc]);
    }
  }
  const auto pack_left = [&](int64_t m0, int count, int64_t k0, int64_t kc, float* dst) {
    for (int i = 0; i < count; ++i) {
      const float* s = &left[(m0 + i) * K + k0];
      for (int64_t k = 0; k < kc; ++k) dst[k * kMr + i] = s[k];
    }
  };
  const auto pack_right = [&](int64_t n0, int64_t count, int64_t k0, int64_t kc, float* dst) {
    pack_rows(right.data(), cols, n0, count, k0, kc, dst);
  };
  ordered_gemm(rows, cols, K, pack_left, pack_right, acc.data(), ldc);

  if (m.has_bias) {
    const LocalGeometry bg(chip, m.bias);
    const std::vector<float> bias = read_matrix(ctx.local, bg, 1, cols, rcpc);
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < cols; ++j) acc[r * ldc + j] += bias[j];
    }
  }
  write_matrix(ctx.local, og, rows, cols, rcpc, acc.data(), ldc);
  const int pieces = static_cast<int>(div_up(cols, rcpc));
  return uint64_t(channels_per_npu(chip, static_cast<int>(og.start_npu), pieces)) *
         uint64_t(rows) * uint64_t(rcpc) * uint64_t(K);
}

}  // namespace

void check_nn(const Chip& chip, const BdcCommand& c) {
  switch (c.op) {
    case BdcOp::Conv2d: check_conv(chip, c); break;
    case BdcOp::Depthwise2d: check_depthwise(chip, c); break;
    case BdcOp::AvgPool2d:
    case BdcOp::MaxPool2d: check_pool(chip, c); break;
    case BdcOp::MatMul: check_matmul(chip, c); break;
    default:
      refuse(c.api, std::string(bdc_op_name(c.op)) + " is not a neural-network operation");
  }
}

uint64_t run_nn(const BdcContext& context, const BdcCommand& c) {
  // The Bdc checks at issue; checking again here keeps a direct caller from
  // writing outside an operand.
  check_nn(context.chip, c);
  uint64_t work = 0;
  switch (c.op) {
    case BdcOp::Conv2d: work = run_conv(context, c); break;
    case BdcOp::MatMul: work = run_matmul(context, c); break;
    default: work = run_planes(context, c); break;
  }
  const uint64_t eu = context.chip.eu_num(4);
  return (work + eu - 1) / eu;
}

}  // namespace acosim::sophon

// The NVDLA PDP (planar data processor) pooling datapath as plain C++: the
// arithmetic of nvdla/hw cmod/pdp/NV_NVDLA_pdp.cpp and the PDP RTL
// (vmod/nvdla/pdp), bit-exact for INT8 and INT16, on cubes packed in NVDLA
// feature order (feature_cube.h). The SystemC PDP model decodes its register
// group into a PoolingConfig and calls pool() or pool_stripe().
//
// Geometry (D_DATA_CUBE_*, D_POOLING_KERNEL_CFG, D_POOLING_PADDING_CFG):
// output (ow, oh) of every channel lane covers input columns
// [ow*Sw - PL, ow*Sw - PL + Kw) and rows [oh*Sh - PT, oh*Sh - PT + Kh);
// positions outside the cube are padding. The hardware does not derive
// OUT_WIDTH/OUT_HEIGHT; software programs them (pdp_limits.h checks them).
//
// MAX / MIN: over the real elements of the window only; padding positions
// and the PAD_VALUE registers play no part; the result has the input type.
//
// AVERAGE, INT8 / INT16 (exact):
//   S = sum of the real elements
//     + (c > 0 ? r_real * PAD_VALUE_cX : 0)   c = padded columns, r_real = real rows
//     + (r > 0 ? Kw * PAD_VALUE_rX : 0)       r = padded rows
//   held in 16 bits for INT8 and 32 bits for INT16 (two's-complement wrap:
//   the C model's line buffer widths), then
//   out = wrap_to_element( rnd( wrap32( rnd(S * RECIP_KERNEL_WIDTH) ) * RECIP_KERNEL_HEIGHT ) )
//   with rnd(t) = t / 2^16 rounded to nearest, ties away from zero. The
//   divisor is always Kw*Kh through the reciprocals; padding is compensated
//   only through the PAD_VALUE registers (PAD_VALUE_nX is meant to hold n
//   times the pad value). A window padded on both sides uses the single
//   register PAD_VALUE_(left+right)X. See pad_value_extended() for how the
//   19-bit registers become numbers.
//
// FP16: MAX/MIN compare FP16 patterns exactly like the hardware (fp16_max /
// fp16_min in float16.h: -0 < +0; a NaN propagates; the row pass keeps the
// first NaN of a row, the column pass keeps the NaN of the last row, in
// line order, that has one), so they are bit-exact. AVERAGE is NOT bit-exact: the hardware
// accumulates and multiplies in FP17 (nvdla/hw cmod/hls/include/nvdla_float.h);
// here the same formula as INT (PAD_VALUE_nX, RECIP_KERNEL_WIDTH/HEIGHT read
// as FP17 numbers) is evaluated in double precision and rounded once to FP16,
// round to nearest even. NVDLA's own accuracy target for FP16 PDP
// (nvdla/doc doc/hw/v1/ias/precision.rst) is |a-b| <= 1e-4 or
// |a-b| / max(|a|,|b|) <= 1e-3, and that is the tolerance to expect against
// the hardware. NaN inputs (unless flushed) give a NaN average (0x7E00 with
// the sign of the double result); Inf inputs give Inf or, with both signs,
// NaN. With D_NAN_FLUSH_TO_ZERO set and input from PDP_RDMA (offline), every
// NaN input is replaced by +0 before pooling.
//
// Split width (D_OPERATION_MODE_CFG.SPLIT_NUM = n - 1 > 0): the cube is
// pooled as n vertical stripes (plan_stripes()); each stripe is a complete
// pooling of its columns with stripe-local horizontal padding, the same
// vertical padding and the full height.
//
// Every lane of every atom is pooled, including the lanes beyond C of the
// last surface (they are data the hardware reads and writes).
// Plain C++, no SystemC.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/feature_cube.h"

namespace acosim::nvdla {

// D_OPERATION_MODE_CFG.POOLING_METHOD (encoding 3 is reserved).
enum class PdpPoolingMethod : uint8_t { Average = 0, Max = 1, Min = 2 };
const char* pooling_method_name(PdpPoolingMethod method);  // "AVERAGE", "MAX", "MIN"

// Split-width programming, decoded (register field + 1). Only used when
// stripes > 1; MI/MO only when stripes > 2.
struct PoolingSplit {
  uint32_t stripes = 1;  // D_OPERATION_MODE_CFG.SPLIT_NUM + 1
  // D_PARTIAL_WIDTH_IN FIRST / MID / LAST + 1: input columns per stripe,
  // without the overlap re-read by the stripes after the first.
  uint32_t first_in = 1, mid_in = 1, last_in = 1;
  // D_PARTIAL_WIDTH_OUT FIRST / MID / LAST + 1: output columns per stripe.
  uint32_t first_out = 1, mid_out = 1, last_out = 1;
  // The read side of the overlap ov = read_kernel_width - read_stride_width
  // comes from PDP_RDMA's D_POOLING_KERNEL_CFG (KERNEL_WIDTH + 1,
  // KERNEL_STRIDE_WIDTH + 1): it decides where each stripe's fetch starts.
  uint32_t read_kernel_width = 1, read_stride_width = 1;
};

// One PDP layer, decoded from PDP's register group (values, not value - 1).
struct PoolingConfig {
  PdpPoolingMethod method = PdpPoolingMethod::Max;
  Precision precision = Precision::Int8;  // D_DATA_FORMAT.INPUT_DATA
  bool on_the_fly = false;   // D_OPERATION_MODE_CFG.FLYING_MODE = ON_FLYING (input from SDP)
  bool nan_to_zero = false;  // D_NAN_FLUSH_TO_ZERO.NAN_TO_ZERO (FP16, offline only)
  uint32_t in_width = 1, in_height = 1, in_channels = 1;     // D_DATA_CUBE_IN_* + 1
  uint32_t out_width = 1, out_height = 1, out_channels = 1;  // D_DATA_CUBE_OUT_* + 1
  uint32_t kernel_width = 1, kernel_height = 1;              // D_POOLING_KERNEL_CFG KERNEL_* + 1
  uint32_t stride_width = 1, stride_height = 1;              // KERNEL_STRIDE_* + 1
  uint32_t pad_left = 0, pad_top = 0, pad_right = 0, pad_bottom = 0;  // D_POOLING_PADDING_CFG
  // D_POOLING_PADDING_VALUE_1_CFG .. _7_CFG: raw PAD_VALUE_nX words [18:0]
  // (pad_value[n - 1] is PAD_VALUE_nX).
  std::array<uint32_t, 7> pad_value{};
  // D_RECIP_KERNEL_WIDTH / HEIGHT [16:0]: unsigned 1.16 fixed point for
  // INT8/INT16 (firmware: floor(2^16 / K)), FP17 for FP16.
  uint32_t recip_width = 0x10000, recip_height = 0x10000;
  PoolingSplit split;

  // The cubes this layer reads and writes on a configuration with
  // `atom_bytes`-byte atoms. The output keeps IN_CHANNEL channels (the
  // hardware sizes the output by IN_CHANNEL; OUT_CHANNEL must equal it).
  CubeGeometry input_geometry(uint32_t atom_bytes) const;
  CubeGeometry output_geometry(uint32_t atom_bytes) const;
};

// One vertical stripe of a layer, in global column numbers.
struct Stripe {
  uint32_t in_start = 0;   // first input column fetched
  uint32_t in_width = 0;   // input columns fetched (including the overlap)
  uint32_t pad_left = 0;   // horizontal padding in front of the stripe
  uint32_t pad_right = 0;  // horizontal padding behind the stripe
  uint32_t out_start = 0;  // first output column produced
  uint32_t out_width = 0;  // output columns produced
};

// FP16 status counters of the layer (D_NAN_INPUT_NUM, D_INF_INPUT_NUM,
// D_NAN_OUTPUT_NUM). Input NaN/Inf are counted only for offline input, as
// PDP_RDMA delivers it (before the NaN flush; columns re-read by a split
// stripe count again); NaN outputs over every written lane. All stay 0 for
// INT8/INT16.
struct PoolingStats {
  uint32_t nan_input_num = 0;
  uint32_t inf_input_num = 0;
  uint32_t nan_output_num = 0;
};

// The stripes of a layer. stripes = 1: one stripe covering the cube with both
// pads. Otherwise, with ov = read_kernel_width - read_stride_width (signed)
// and FI, MI, LI, FO, MO, LO from the split:
//   stripe 0:        in [0, FI),                      pads PL/0, out [0, FO)
//   stripe i (mid):  in from FI + (i-1)*MI - ov, MI + ov columns, no pads,
//                    out from FO + (i-1)*MO, MO columns
//   stripe n-1:      in from FI + (n-2)*MI - ov, LI + ov columns, pads 0/PR,
//                    out from FO + (n-2)*MO, LO columns
// Throws std::invalid_argument naming the stripe and the D_PARTIAL_WIDTH_*
// values when a stripe would read outside the input cube, read no column or
// write outside the output cube.
std::vector<Stripe> plan_stripes(const PoolingConfig& config);

// Pools one stripe: reads its columns of `input` (the whole W x H x C input
// cube of the layer) and writes its columns of `output` (the whole
// OW x OH x C output cube). Counts into `stats` when given. Throws
// std::invalid_argument when the cubes do not match the configuration, a
// kernel or stride is 0, or an output window covers no real input element.
void pool_stripe(const PoolingConfig& config, const Stripe& stripe, const PackedCube& input,
                 PackedCube& output, PoolingStats* stats = nullptr);

// pool_stripe() with INT8 / INT16 pooled by the straightforward
// window-by-window implementation pool_stripe()'s vectorised one was
// derived from (FP16 has one implementation). The same results bit for bit;
// kept so tests can require exactly that.
void pool_stripe_general(const PoolingConfig& config, const Stripe& stripe,
                         const PackedCube& input, PackedCube& output,
                         PoolingStats* stats = nullptr);

// The whole layer: every stripe of plan_stripes() in order.
PackedCube pool(const PoolingConfig& config, const PackedCube& input,
                PoolingStats* stats = nullptr);

// PAD_VALUE_nX (n = 1..7) as the INT datapath uses it (C model
// NV_NVDLA_pdp.cpp, int_sign_extend): the raw 19-bit register is
// sign-extended from bit (w - 1), w = 8, 9, 10, 10, 11, 11, 11 for INT8 and
// 16, 17, 18, 18, 19, 19, 19 for INT16. Quirk kept on purpose: when that bit
// is 0 the raw value is used as it is (higher bits are not cleared). The
// result is then held in 16 bits (INT8) or 32 bits (INT16), two's complement.
// Throws std::invalid_argument for n outside 1..7 or FP16.
int32_t pad_value_extended(Precision precision, unsigned n, uint32_t raw);

// rnd(value * recip / 2^16): round to nearest, ties away from zero (the
// averaging step, once with RECIP_KERNEL_WIDTH and once with
// RECIP_KERNEL_HEIGHT). Exact for |value| < 2^46 and recip < 2^17.
int64_t pdp_reciprocal_multiply(int64_t value, uint32_t recip);

}  // namespace acosim::nvdla

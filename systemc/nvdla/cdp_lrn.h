// The NVDLA CDP (channel data processor: local response normalisation across
// channels) as plain C++, bit-exact with nvdla/hw vmod/nvdla/cdp:
// * INT8 as the master branch computes it (NV_NVDLA_CDP_dp.v and the modules
//   named below). The master RTL is generated for 8-bit elements only
//   (NVDLA_CDP_BWPE = NVDLA_BPE = 8; CDP D_DATA_FORMAT is not even connected
//   to the datapath), so on the master configurations (nv_small, nv_large,
//   nv_small_256_full) INT16 and FP16 are refused (cdp_unsupported_or_illegal).
// * INT16 and FP16 as the nvdlav1 branch (the nv_full design) computes
//   them; their rules follow the INT8 list.
// The C model (cmod/cdp/NV_NVDLA_cdp.cpp) was used where the RTL is unclear;
// where the two differ the RTL is followed, as noted beside each rule.
//
// Per element, lanes of an atom are channels (feature_cube.h). Numeric rules;
// rnd(p, s) = p / 2^s rounded to nearest, ties away from zero (the rounding of
// vmod/vlibs/NV_NVDLA_HLS_shiftrightsu.v, sdp_round_shift), sat_n = clamp to
// signed n bits:
//  1. Input converter (NV_NVDLA_CDP_DP_cvtin.v, vlibs/HLS_cdp_icvt.v):
//       i = x - DATIN_OFFSET[7:0]            (both signed 8-bit, exact in 9 bits)
//       c = sat_9(rnd(i * DATIN_SCALE, DATIN_SHIFTER))   DATIN_SCALE signed 16,
//           product 25 bits; a shift >= 25 gives 0.
//     Lanes at channels >= C (the end of the last surface) are replaced by
//     c = 0 after the converter (RDMA eg marks them invalid, cvtin zeroes them).
//  2. Square sum (NV_NVDLA_CDP_DP_bufferin.v, NV_NVDLA_CDP_DP_sum.v,
//     int_sum_block*.v): q = |c|^2 (17 bits, |c| <= 256);
//       s = sum of q over channels ch-r .. ch+r, r = NORMALZ_LEN + 1
//           (window 3/5/7/9), channels outside 0 .. S*E-1 count 0; the window
//           crosses surface boundaries. s is unsigned, at most 21 bits, exact.
//     SQSUM_BYPASS: the LUT input is c itself (signed), no window.
//  3. LUT index (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v), per table, x = s or c:
//       st = LUT_xx_START bits [21:0] as a signed 22-bit number (the index
//            path uses only these bits of the 38-bit START).
//       uflow when x <= st; else d = x - st (1 .. 2^22 - 1).
//       LE EXPONENT: k = floor(log2 d), frac = ((d - 2^k) * 2^16) >> k;
//            off = LUT_LE_INDEX_OFFSET (signed 8): uflow when off >= 0 and
//            k < off, else idx = k - off.
//       LINEAR (LE) and LO: n = INDEX_SELECT bits [5:0] as a signed 6-bit
//            number (bits 7:6 are ignored); n >= 0: idx = d >> n,
//            frac = ((d mod 2^n) * 2^16) >> n; n < 0: idx = d << -n, frac = 0.
//       oflow when idx >= 64 (LE) / 256 (LO). frac is 16 bits.
//  4. Table selection (NV_NVDLA_CDP_DP_lut.v): both hit, or one uflow and the
//     other oflow: LUT_HYBRID_PRIORITY; both uflow: LUT_UFLOW_PRIORITY; both
//     oflow: LUT_OFLOW_PRIORITY; otherwise the table that hits.
//  5. Interpolation (NV_NVDLA_CDP_DP_intp.v, NV_NVDLA_CDP_DP_INTP_unit.v),
//     T = selected table (entries signed 16), result sat_16:
//       hit:   T[idx] + rnd((T[idx+1] - T[idx]) * frac, 16)
//       uflow: T[0]    + sh((x - lo) * SLOPE_UFLOW_SCALE, SLOPE_UFLOW_SHIFT)
//       oflow: T[last] + sh((x - END) * SLOPE_OFLOW_SCALE, SLOPE_OFLOW_SHIFT)
//     with x the full LUT input, lo = LUT_LO_START for LO, LUT_LE_START for LE
//     LINEAR, LUT_LE_START + 2^LUT_LE_INDEX_OFFSET (nothing added for a
//     negative offset; 39-bit wrap) for LE EXPONENT; START/END are the 38-bit
//     {HIGH[5:0], LOW} values; scales signed 16; shifts signed 5-bit;
//     sh(p, n) = rnd(p, n) for n >= 0 and p * 2^-n for n < 0; all exact.
//  6. Multiplier (NV_NVDLA_CDP_DP_mul.v, NV_NVDLA_CDP_DP_MUL_unit.v):
//       m = lut * c (25 bits, exact); MUL_BYPASS: m = lut.
//  7. Output converter (NV_NVDLA_CDP_DP_cvtout.v, vlibs/HLS_cdp_ocvt.v):
//       y = sat_8(rnd((m - DATOUT_OFFSET[24:0]) * DATOUT_SCALE, DATOUT_SHIFTER))
//       offset signed 25-bit, scale signed 16, 6-bit shift; a shift >= 42
//       gives 0. D_OUT_SATURATION is tied to 0 in the master RTL.
// Counters (NV_NVDLA_CDP_DP_intp.v), one count per lane of every atom
// (lanes beyond C included), each saturating at 2^32 - 1: LUT_HYBRID (both
// hit or uflow/oflow cross), LUT_LE_HIT / LUT_LO_HIT (only that table hits),
// LUT_UFLOW (both uflow), LUT_OFLOW (both oflow). The RTL counts whatever
// D_PERF_ENABLE.LUT_EN says and clears them when a layer is done, after
// copying them into the group's D_PERF_LUT_* registers.
// INT16 (nvdlav1 branch; the modules there carry an int16_en path beside
// the int8 one, and the converters are the HLS C of cmod/hls/cdp_libs
// compiled into vmod/vlibs/HLS_cdp_{icvt,ocvt}.v). Differences from INT8:
//  1. Input converter (cdp_icvt.cpp, the 16-bit branch):
//       c = sat_17(rnd((x - DATIN_OFFSET[15:0]) * DATIN_SCALE, DATIN_SHIFTER))
//       x and the offset signed 16 (difference exact in 17 bits), product 33
//       bits; the HLS shifter keeps all 33 + 31 bits, so no shift gives 0.
//  2. Square sum (NV_NVDLA_CDP_DP_sum.v, int_sum_block.v): q = |c|^2 in 33
//     bits (|c| <= 2^16), s = sum over the window in 37 bits, exact.
//  3. LUT index (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v, the int16 / "lsb" path):
//       the input x (s zero-extended or c sign-extended to 38 bits) is
//       compared with the full 38-bit START (not START[21:0]); d = x - st
//       < 2^38. EXPONENT: k = floor(log2 d) in 0..37, the same frac, uflow
//       and idx rules. LINEAR / LO: n = INDEX_SELECT bits [6:0] as a signed
//       7-bit number (-64 .. 63; only bit 7 is ignored); idx, frac and oflow
//       as for INT8 (d << -n overflows the table for any d >= 1 once -n >= 9).
//  4./5. Selection, interpolation and the slopes as for INT8 (the x - lo and
//       x - END of NV_NVDLA_CDP_DP_INTP_unit.v are 40 bits, the product 57
//       bits, all exact; result sat_16).
//  6. Multiplier (NV_NVDLA_CDP_DP_mul.v): m = lut * c in 33 bits, exact.
//  7. Output converter (cdp_ocvt.cpp, the 16-bit branch):
//       y = sat_16(rnd((m - DATOUT_OFFSET[31:0]) * DATOUT_SCALE, DATOUT_SHIFTER))
//       offset signed 32, difference 34 bits, product 50 bits, 6-bit shift;
//       no shift gives 0 (the HLS shifter keeps 50 + 63 bits), so a shift
//       beyond the value rounds to 0 (|p| < 2^49 < 2^(shift-1)).
//     Saturation flag (IntShiftRightSat in cmod/hls/include/nvdla_int.h):
//       set when floor(p / 2^shift) differs from y by more than 1 (so a
//       value 32768 clamped to 32767 is not flagged, 32769 is).
// Counters: the LUT counters as for INT8. D_OUT_SATURATION
// (NV_NVDLA_CDP_DP_cvtout.v, cmod o_cvt_o_flow) counts the elements whose
// output conversion set the flag, lanes beyond C included, saturating at
// 2^32 - 1, and goes to the layer's group. (The RTL adds the flags of the
// converter outputs every cycle; one count per element is the cmod's and the
// RTL's when no output stalls.)
// INT8 on nvdlav1 (nv_full). The nvdlav1 modules run INT8 as pairs in 16-bit
// slots: the even channel in the lsb half, the odd one in the msb half
// (cmod packs data_in[2i+1] << 8 | data_in[2i]; int_sum_block.v centres its
// lsb sum on sq_pd_int8_lsb_4; NV_NVDLA_CDP_DP_LUT_ctrl.v sends unit i's lsb
// to lane i and its msb to lane 4 + i; NV_NVDLA_CDP_DP_mul.v packs them
// back). Against the master rules above:
//  1. Input converter (cdp_icvt.cpp INT8 branch, IntShiftRight<25,5,9> of
//     nvdla_int.h): the same offset bits 7:0, 9-bit difference, 25-bit
//     product and rounding, and no "shift >= 25 gives 0" rule: the shift is
//     exact for 0..31. The results agree anyway: |p| <= 255 * 2^15 < 2^23, so
//     every shift >= 24 rounds to 0 on both (|p| / 2^24 < 1/2).
//  2., 4.-6. Sums, selection, interpolation and multiplier: identical
//     (int_sum_block.v keeps 21-bit INT8 sums; NV_NVDLA_CDP_DP_lut.v selects
//     with master's case table; NV_NVDLA_CDP_DP_INTP_unit.v's integer part
//     is master's line for line, with the same LE_START + 2^offset low end
//     from NV_NVDLA_CDP_DP_intp.v; NV_NVDLA_CDP_DP_MUL_unit.v multiplies the
//     16-bit LUT value by the 9-bit input into 25 bits).
//  3. LUT index, even lanes only (the lsb path of
//     NV_NVDLA_CDP_DP_LUT_CTRL_unit.v, shared with INT16): uflow when
//     x <= the full 38-bit START (less_than_win_start /
//     Y_less_than_win_start), d = x - START (up to 38 bits).
//     EXPONENT: k = floor(log2 d) over all 38 bits, then as for INT8.
//     LE LINEAR uses d mod 2^23 (shift_lsb_int8 reads dec_Xindex_lsb[22:0]),
//     LO d mod 2^22 (Y_shift_lsb_int8 reads dec_Yindex_lsb[21:0]), with the
//     6-bit INDEX_SELECT; a cut difference of 0 gives idx 0, frac 0 (a
//     hit, whatever INDEX_SELECT).
//     Odd lanes keep master's START[21:0]. Both agree while START fits in
//     signed 22 bits; the RTL asserts (mon_dec_offset_lsb_int8, "no overflow
//     is allowed") that d stays below 2^22, which a START below -2^21 can
//     break; the model computes what the logic does. (cmod compares every
//     lane with the full START: the RTL is followed.)
//  7. Output converter (cdp_ocvt.cpp INT8 branch, IntShiftRightSat<42,6,8>):
//     the same value as master's (offset bits 24:0, 26-bit difference,
//     42-bit product; with |p| <= 2^40 every shift >= 42 rounds to 0 on both),
//     plus the saturation flag of the INT16 rule (floor(p / 2^shift) more
//     than 1 away from y), counted in D_OUT_SATURATION as for INT16.
// FP16 (nvdlav1 only; the cmod's HLS_CDP_lookup_fp16 in
// cmod/hls_wrapper/cdp_hls_wrapper.cpp, checked against the RTL modules
// named; the arithmetic blocks are the HLS vlibs of cmod/hls/vlibs, whose
// rules float16.h states: fp32 add/mul/sub as sdp_fp32_add/sdp_fp32_mul/
// nvdla_fp32_sub, FP17 add/mul as sdp_fp17_add/sdp_fp17_mul; conversions as
// sdp_fp16_to_fp17, sdp_fp16_to_fp32, sdp_fp17_to_fp32, sdp_fp32_to_fp17,
// nvdla_fp17_to_fp16). Elements are FP16 patterns, 16 per 32-byte atom.
//  0. NaN flush (NV_NVDLA_CDP_DP_nan.v): with D_NAN_FLUSH_TO_ZERO.NAN_TO_ZERO
//     a NaN input (exponent 31, mantissa != 0) becomes +0 before anything
//     else. D_NAN_INPUT_NUM / D_INF_INPUT_NUM count the NaN / +-Inf inputs
//     as read (before the flush), every lane of every atom (lanes beyond C
//     included, as the RDMA delivers whole atoms).
//  1. Input converter (cdp_icvt.cpp FP16 branch, vlibs/HLS_cdp_icvt.v):
//       c = Fp16ToFp17(x): exact; +-Inf becomes the largest finite FP17, a
//       NaN keeps its payload. D_DATIN_OFFSET / SCALE / SHIFTER are not
//       used in FP16 (the HLS FP16 branch ignores them). Lanes at channels
//       >= C are replaced by c = +0 (NV_NVDLA_CDP_DP_cvtin.v invalid_flag).
//  2. Square sum (NV_NVDLA_CDP_DP_sum.v, fp_sum_block.v), in fp32:
//       f = Fp17ToFp32(c), q = fp32_mul(f, f); with q(k) the square of
//       channel ch+k (+0 outside 0 .. S*E-1), the window sums in this order:
//         s3 = fp32_add(fp32_add(q(-1), q(+1)), q(0))
//         s5 = fp32_add(s3, fp32_add(q(-2), q(+2)))
//         s7 = fp32_add(s5, fp32_add(q(-3), q(+3)))
//         s9 = fp32_add(s7, fp32_add(q(-4), q(+4)))
//     SQSUM_BYPASS: the LUT input is f itself.
//  3. LUT index (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v fp16 path), per table:
//       d = fp32_sub(x, START) with START = LUT_xx_START_LOW as an fp32
//       pattern (START_HIGH is not used); uflow when d is a NaN, +0, or
//       negative (-0 included).
//       LE EXPONENT: e = d's exponent field, k = e - 127, frac = d's
//            mantissa bits [22:7]; uflow when k < LUT_LE_INDEX_OFFSET
//            (signed 8), else idx = k - offset.
//       LINEAR (LE) and LO: n = INDEX_SELECT bits [7:0] as a signed 8-bit
//            number; q = d / 2^n exactly; idx = floor(q), frac = the first
//            16 bits of q's fraction (truncated).
//       oflow when idx >= 64 (LE) / 256 (LO).
//  4. Table selection and the LUT counters as for INT8.
//  5. Interpolation (NV_NVDLA_CDP_DP_intp.v, NV_NVDLA_CDP_DP_INTP_unit.v),
//     table entries and the slope scales are FP16 patterns (the slope
//     shifts are not used), result FP17:
//       hit:   fp17_add(fp17_mul(Fp32ToFp17(fp32_sub(F(T[idx+1]), F(T[idx]))),
//                                 frac / 2^16 as FP17), G(T[idx]))
//       uflow: fp17_add(fp17_mul(Fp32ToFp17(fp32_sub(x, lo)), G(UFLOW_SCALE)), G(T[0]))
//       oflow: fp17_add(fp17_mul(Fp32ToFp17(fp32_sub(x, END)), G(OFLOW_SCALE)), G(T[last]))
//     F = Fp16ToFp32, G = Fp16ToFp17, frac / 2^16 converted exactly
//     (FpFractionToFloat<16,6,10>, vlibs/uint16_to_fp17.cpp); END =
//     LUT_xx_END_LOW as fp32; lo = START for LO and LE LINEAR, and for LE
//     EXPONENT fp32_add(2^LUT_LE_INDEX_OFFSET as fp32, START), with 0 in
//     place of the power for offsets -128 and -127 (NV_NVDLA_CDP_DP_intp.v
//     le_offset_exp_fp).
//  6. Multiplier (NV_NVDLA_CDP_DP_mul.v, NV_NVDLA_CDP_DP_MUL_unit.v):
//       m = fp17_mul(c, lut); MUL_BYPASS: m = lut, except that a NaN c
//       passes as m = c.
//  7. Output converter (cdp_ocvt.cpp FP16 branch): y = Fp17ToFp16(m);
//     D_DATOUT_OFFSET / SCALE / SHIFTER are not used.
// Counters: the LUT counters as for INT8. D_OUT_SATURATION
// (NV_NVDLA_CDP_DP_cvtout.v fp16_status_saturation) counts the outputs
// +-65504 (0x7BFF / 0xFBFF), whether clamped or exact, every lane of every
// atom. (The cmod's converter returns no flag for FP16, so it counts none:
// the RTL is followed.) D_NAN_OUTPUT_NUM
// (NV_NVDLA_CDP_wdma.v) counts the NaN outputs written, every lane of every
// atom. The NaN/Inf counters are 32 bits (the RTL asserts that they never
// overflow; the model stops them at 2^32 - 1).
// Illegal (the RTL asserts against it, NV_NVDLA_CDP_DP_LUT_CTRL_unit.v):
// S_LUT_LE_START_LOW or S_LUT_LO_START_LOW a NaN in FP16.
// Plain C++, no SystemC.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/feature_cube.h"

namespace acosim::nvdla {

inline constexpr size_t kCdpLutLeEntries = 65;
inline constexpr size_t kCdpLutLoEntries = 257;

// The raw register words the CDP datapath reads, reset values as defaults
// (NV_NVDLA_CDP_REG_single.v, NV_NVDLA_CDP_REG_dual.v,
// NV_NVDLA_CDP_RDMA_REG_dual.v). Offsets are bytes inside the unit's window.
struct CdpRegisters {
  // CDP_RDMA
  uint32_t rdma_data_cube_width = 0;    // 0x00c D_DATA_CUBE_WIDTH (WIDTH = W - 1)
  uint32_t rdma_data_cube_height = 0;   // 0x010 D_DATA_CUBE_HEIGHT (HEIGHT = H - 1)
  uint32_t rdma_data_cube_channel = 0;  // 0x014 D_DATA_CUBE_CHANNEL (CHANNEL = C - 1)
  uint32_t rdma_src_compression_en = 0; // 0x02c D_SRC_COMPRESSION_EN
  uint32_t rdma_data_format = 0;        // 0x034 D_DATA_FORMAT (INPUT_DATA, reset INT8)
  // CDP single group
  uint32_t lut_cfg = 0;                 // 0x010 S_LUT_CFG
  uint32_t lut_info = 0;                // 0x014 S_LUT_INFO
  uint32_t lut_le_start_low = 0;        // 0x018
  uint32_t lut_le_start_high = 0;       // 0x01c
  uint32_t lut_le_end_low = 0;          // 0x020
  uint32_t lut_le_end_high = 0;         // 0x024
  uint32_t lut_lo_start_low = 0;        // 0x028
  uint32_t lut_lo_start_high = 0;       // 0x02c
  uint32_t lut_lo_end_low = 0;          // 0x030
  uint32_t lut_lo_end_high = 0;         // 0x034
  uint32_t lut_le_slope_scale = 0;      // 0x038
  uint32_t lut_le_slope_shift = 0;      // 0x03c
  uint32_t lut_lo_slope_scale = 0;      // 0x040
  uint32_t lut_lo_slope_shift = 0;      // 0x044
  // CDP register group
  uint32_t func_bypass = 0;             // 0x04c D_FUNC_BYPASS
  uint32_t dst_compression_en = 0;      // 0x064 D_DST_COMPRESSION_EN
  uint32_t data_format = 1;             // 0x068 D_DATA_FORMAT (INPUT_DATA_TYPE, reset INT16)
  uint32_t nan_flush_to_zero = 0;       // 0x06c D_NAN_FLUSH_TO_ZERO
  uint32_t lrn_cfg = 0;                 // 0x070 D_LRN_CFG
  uint32_t datin_offset = 0;            // 0x074 D_DATIN_OFFSET
  uint32_t datin_scale = 1;             // 0x078 D_DATIN_SCALE
  uint32_t datin_shifter = 0;           // 0x07c D_DATIN_SHIFTER
  uint32_t datout_offset = 0;           // 0x080 D_DATOUT_OFFSET
  uint32_t datout_scale = 1;            // 0x084 D_DATOUT_SCALE
  uint32_t datout_shifter = 0;          // 0x088 D_DATOUT_SHIFTER
  uint32_t perf_enable = 0;             // 0x09c D_PERF_ENABLE
};

// Decoded S_LUT_* registers.
struct CdpLutConfig {
  // Which index path of NV_NVDLA_CDP_DP_LUT_CTRL_unit.v runs: INT8 (START
  // bits 21:0, 6-bit INDEX_SELECT), INT16 (38-bit START, 7-bit
  // INDEX_SELECT) or FP16 (fp32 START_LOW, 8-bit INDEX_SELECT).
  // decode_cdp_config sets it from CDP D_DATA_FORMAT; cdp_process uses the
  // cube's precision.
  Precision precision = Precision::Int8;
  // INT8 only: the nvdlav1 lsb path of an even lane (the full 38-bit START,
  // the difference cut to 23 bits for LE LINEAR and 22 for LO; rule 3 of the
  // nvdlav1 INT8 list). cdp_process sets it for the even lanes on nv_full.
  bool int8_full_start = false;
  bool le_linear = false;           // S_LUT_CFG.LUT_LE_FUNCTION (0 EXPONENT, 1 LINEAR)
  bool uflow_priority_lo = false;   // S_LUT_CFG.LUT_UFLOW_PRIORITY (0 LE, 1 LO)
  bool oflow_priority_lo = false;   // S_LUT_CFG.LUT_OFLOW_PRIORITY (0 LE, 1 LO)
  bool hybrid_priority_lo = false;  // S_LUT_CFG.LUT_HYBRID_PRIORITY (0 LE, 1 LO)
  int8_t le_index_offset = 0;       // S_LUT_INFO.LUT_LE_INDEX_OFFSET (signed 8)
  int8_t le_index_select = 0;       // S_LUT_INFO.LUT_LE_INDEX_SELECT (bits 5:0 / 6:0 as signed 6 / 7)
  int8_t lo_index_select = 0;       // S_LUT_INFO.LUT_LO_INDEX_SELECT (bits 5:0 / 6:0 as signed 6 / 7)
  int64_t le_start = 0;             // S_LUT_LE_START_{HIGH[5:0],LOW} (signed 38)
  int64_t le_end = 0;               // S_LUT_LE_END_{HIGH[5:0],LOW} (signed 38)
  int64_t lo_start = 0;             // S_LUT_LO_START_{HIGH[5:0],LOW} (signed 38)
  int64_t lo_end = 0;               // S_LUT_LO_END_{HIGH[5:0],LOW} (signed 38)
  int16_t le_uflow_scale = 0;       // S_LUT_LE_SLOPE_SCALE.LUT_LE_SLOPE_UFLOW_SCALE
  int16_t le_oflow_scale = 0;       // S_LUT_LE_SLOPE_SCALE.LUT_LE_SLOPE_OFLOW_SCALE
  int8_t le_uflow_shift = 0;        // S_LUT_LE_SLOPE_SHIFT.LUT_LE_SLOPE_UFLOW_SHIFT (signed 5)
  int8_t le_oflow_shift = 0;        // S_LUT_LE_SLOPE_SHIFT.LUT_LE_SLOPE_OFLOW_SHIFT (signed 5)
  int16_t lo_uflow_scale = 0;       // S_LUT_LO_SLOPE_SCALE.LUT_LO_SLOPE_UFLOW_SCALE
  int16_t lo_oflow_scale = 0;       // S_LUT_LO_SLOPE_SCALE.LUT_LO_SLOPE_OFLOW_SCALE
  int8_t lo_uflow_shift = 0;        // S_LUT_LO_SLOPE_SHIFT.LUT_LO_SLOPE_UFLOW_SHIFT (signed 5)
  int8_t lo_oflow_shift = 0;        // S_LUT_LO_SLOPE_SHIFT.LUT_LO_SLOPE_OFLOW_SHIFT (signed 5)
};

struct CdpConfig {
  Precision precision = Precision::Int8;     // CDP_RDMA D_DATA_FORMAT.INPUT_DATA
  Precision dp_precision = Precision::Int16; // CDP D_DATA_FORMAT.INPUT_DATA_TYPE (unused by the RTL)
  uint32_t width = 1, height = 1, channels = 1;  // CDP_RDMA D_DATA_CUBE_{WIDTH,HEIGHT,CHANNEL} + 1
  bool src_compression = false;              // CDP_RDMA D_SRC_COMPRESSION_EN
  bool dst_compression = false;              // CDP D_DST_COMPRESSION_EN
  bool nan_to_zero = false;                  // D_NAN_FLUSH_TO_ZERO.NAN_TO_ZERO (FP16 only)
  int8_t datin_offset = 0;                   // D_DATIN_OFFSET.DATIN_OFFSET bits 7:0 (signed 8; INT8)
  int16_t datin_offset_16 = 0;               // D_DATIN_OFFSET.DATIN_OFFSET bits 15:0 (signed 16; INT16)
  int16_t datin_scale = 1;                   // D_DATIN_SCALE.DATIN_SCALE (signed 16)
  uint8_t datin_shifter = 0;                 // D_DATIN_SHIFTER.DATIN_SHIFTER (0..31)
  uint8_t normalz_len = 0;                   // D_LRN_CFG.NORMALZ_LEN (0..3: window 3/5/7/9)
  bool sqsum_bypass = false;                 // D_FUNC_BYPASS.SQSUM_BYPASS
  bool mul_bypass = false;                   // D_FUNC_BYPASS.MUL_BYPASS
  int32_t datout_offset = 0;                 // D_DATOUT_OFFSET.DATOUT_OFFSET bits 24:0 (signed 25; INT8)
  int32_t datout_offset_32 = 0;              // D_DATOUT_OFFSET.DATOUT_OFFSET bits 31:0 (signed 32; INT16)
  int16_t datout_scale = 1;                  // D_DATOUT_SCALE.DATOUT_SCALE (signed 16)
  uint8_t datout_shifter = 0;                // D_DATOUT_SHIFTER.DATOUT_SHIFTER (0..63)
  bool perf_lut_en = false;                  // D_PERF_ENABLE.LUT_EN
  bool perf_dma_en = false;                  // D_PERF_ENABLE.DMA_EN
  // The design has the nvdlav1 CDP datapath (INT16 and FP16 beside INT8):
  // nv_full.
  // Not a register; the CDP model sets it from its HardwareConfig.
  bool int16_datapath = false;
  CdpLutConfig lut;
  uint32_t window() const { return 3u + 2u * normalz_len; }
};

CdpConfig decode_cdp_config(const CdpRegisters& regs);

// The LE (65 entries, raw table) and LO (257 entries, density table) and their
// port S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA as NV_NVDLA_CDP_reg.v,
// NV_NVDLA_CDP_REG_single.v and NV_NVDLA_CDP_DP_lut.v implement it:
// * A write of S_LUT_ACCESS_CFG stores LUT_ACCESS_TYPE and LUT_TABLE_ID and
//   loads the port address with LUT_ADDR (10 bits).
// * A read of S_LUT_ACCESS_CFG returns the type, the table and the current
//   port address (which moves with the accesses).
// * A write of S_LUT_ACCESS_DATA when the type is WRITE stores LUT_DATA at the
//   port address (nothing when the address is outside the selected table) and
//   advances the address; when the type is READ the write does nothing.
// * A read of S_LUT_ACCESS_DATA returns the entry at the port address, or
//   entry 0 of the selected table when the address is outside it; when the
//   type is READ the read then advances the address.
// * Advancing stops at the last entry of the selected table (64 LE, 256 LO);
//   an address beyond it counts on, modulo 1024.
// Tables and registers reset to 0.
class CdpLutTables {
 public:
  void write_access_cfg(uint32_t value);
  uint32_t read_access_cfg() const;
  void write_access_data(uint32_t value);
  uint32_t read_access_data();
  uint32_t peek_access_data() const;
  uint32_t port_address() const { return address_; }

  int16_t le(size_t i) const { return int16_t(le_.at(i)); }
  int16_t lo(size_t i) const { return int16_t(lo_.at(i)); }
  void set_le(size_t i, int16_t v) { le_.at(i) = uint16_t(v); }
  void set_lo(size_t i, int16_t v) { lo_.at(i) = uint16_t(v); }
  void reset();

 private:
  void advance();

  bool write_type_ = false;
  bool table_lo_ = false;
  uint32_t address_ = 0;
  std::array<uint16_t, kCdpLutLeEntries> le_{};
  std::array<uint16_t, kCdpLutLoEntries> lo_{};
};

// D_PERF_LUT_UFLOW, D_PERF_LUT_OFLOW, D_PERF_LUT_HYBRID, D_PERF_LUT_LE_HIT,
// D_PERF_LUT_LO_HIT and D_OUT_SATURATION (always 0 in the master RTL; on
// nv_full INT8, INT16 and FP16 count it as the nvdlav1 RTL does).
// nvdlav1 also counts D_NAN_INPUT_NUM, D_INF_INPUT_NUM and D_NAN_OUTPUT_NUM
// (FP16 only; 0 for integer layers).
struct CdpStats {
  uint32_t nan_input = 0;
  uint32_t inf_input = 0;
  uint32_t nan_output = 0;
  uint32_t lut_uflow = 0;
  uint32_t lut_oflow = 0;
  uint32_t lut_hybrid = 0;
  uint32_t lut_le_hit = 0;
  uint32_t lut_lo_hit = 0;
  uint32_t out_saturation = 0;
};

// The stages of one element, exposed for tests. config.precision selects
// the INT8 or the INT16 rules.
int32_t cdp_convert_in(const CdpConfig& config, int32_t x);  // signed 9-bit (INT16: 17-bit) result

struct CdpLutIndex {
  bool le_uflow = false, le_oflow = false, lo_uflow = false, lo_oflow = false;
  uint32_t le_index = 0, lo_index = 0;
  uint32_t le_fraction = 0, lo_fraction = 0;  // 16-bit fractions
  bool select_le = false, select_lo = false;  // selected table
  bool le_hit() const { return !le_uflow && !le_oflow; }
  bool lo_hit() const { return !lo_uflow && !lo_oflow; }
};
// x: the square sum (0 .. 2^21 - 1; INT16 0 .. 2^37 - 1; FP16 an fp32
// pattern) or, with SQSUM_BYPASS, the converted input. lut.precision
// selects the index path.
CdpLutIndex cdp_lut_index(const CdpLutConfig& lut, int64_t x);
// Index, selection and interpolation (INT8 / INT16, as lut.precision says;
// FP16 has cdp_fp16_lut_lookup, and throws std::invalid_argument here);
// adds to the LUT counters of `stats`.
int32_t cdp_lut_lookup(const CdpLutConfig& lut, const CdpLutTables& tables, int64_t x, CdpStats& stats);
int64_t cdp_multiply(const CdpConfig& config, int32_t lut_result, int32_t converted);
// Signed 8-bit (INT16: 16-bit) result; `saturated`, when given, receives the
// nvdlav1 converter's saturation flag (config.int16_datapath; master's INT8
// converter has none, so there it is always false).
int32_t cdp_convert_out(const CdpConfig& config, int64_t m, bool* saturated = nullptr);

// FP16 stages (the FP16 list above), on bit patterns: FP16 in memory,
// FP17 (low 17 bits) between the stages, fp32 into the LUT.
// Rules 0 and 1: the FP17 value of an input pattern (flushed first when
// config.nan_to_zero).
uint32_t cdp_fp16_convert_in(const CdpConfig& config, uint16_t x);
// Rule 2 for one lane: the fp32 LUT input from the FP17 values of the
// channels ch - 4 .. ch + 4 (window[4] is the lane's own; entries outside
// the cube must be +0), for config.normalz_len and config.sqsum_bypass.
uint32_t cdp_fp16_lut_input(const CdpConfig& config, const std::array<uint32_t, 9>& window);
// Rules 3-5: the FP17 LUT result of an fp32 input x; adds to the LUT
// counters of `stats`. cdp_lut_index gives the index with lut.precision
// FP16 and x the fp32 pattern.
uint32_t cdp_fp16_lut_lookup(const CdpLutConfig& lut, const CdpLutTables& tables, uint32_t x, CdpStats& stats);
// Rules 6 and 7: the FP16 output from the FP17 LUT result and input.
uint16_t cdp_fp16_output(const CdpConfig& config, uint32_t lut_result, uint32_t converted);

// The FP16 cube loop's rule 2 and rules 3-5 (cdp_process's fast paths),
// exposed so that tests can compare them with the stage functions bit for
// bit: xs[c] = cdp_fp16_lut_input for lane c of one pixel's FP17 values
// converted[0 .. lanes - 1] (the channels outside counting +0), and
// results[i] = cdp_fp16_lut_lookup(lut, tables, xs[i], stats) for `count`
// inputs, the counters included.
void cdp_fp16_lut_inputs_fast(const CdpConfig& config, const uint32_t* converted, uint32_t lanes, uint32_t* xs);
void cdp_fp16_lut_lookups_fast(const CdpLutConfig& lut, const CdpLutTables& tables, const uint32_t* xs, size_t count,
                               uint32_t* results, CdpStats& stats);

// The whole datapath on a packed INT8, INT16 or FP16 cube (every lane of every
// atom; lanes at channels >= input.geometry.channels enter as 0 after the
// input converter). The cube's precision selects the rules (also of the LUT
// index, whatever config.lut.precision says); config.int16_datapath the
// nvdlav1 INT8 rules (even lanes' index path, the saturation count),
// whatever config.lut.int8_full_start says. The cube's geometry is used (not CdpConfig's width/height/channels, which
// the caller uses to build it from the CDP_RDMA registers); the output has the
// input's geometry and is what the WDMA writes at D_DST_BASE_ADDR with
// D_DST_LINE_STRIDE / D_DST_SURFACE_STRIDE. Throws std::invalid_argument for
// INT16 and FP16 unless config.int16_datapath. The result is that of the
// stage functions above applied element by element; cdp_lrn.cpp gets it
// faster (per-pixel passes over the lanes, the LUT result computed once per
// LUT input x and reused, since it and its counter depend on x alone);
// FP16 converts and squares each lane once per pixel, takes the LUT's
// per-layer constants (entry differences, scales, bases) from the exact
// functions once, and runs the rest on float16_fast.h's functions, each
// equal to the exact function it stands for (native float arithmetic where
// IEEE rounding is the HLS library's, the exact function elsewhere).
PackedCube cdp_process(const CdpConfig& config, const CdpLutTables& tables, const PackedCube& input,
                       CdpStats& stats);
// The same into `out` (given the input's geometry, every byte written), whose
// storage is reused: a unit keeping its output cube across layers saves the
// allocation and first-touch page faults of a fresh cube per layer. `out`
// must not be `input`; it is left alone when the call throws.
void cdp_process(const CdpConfig& config, const CdpLutTables& tables, const PackedCube& input, PackedCube& out,
                 CdpStats& stats);

// The first register setting this model does not cover or the programming
// guide / RTL forbids, naming the register field; nullopt when none.
std::optional<std::string> cdp_unsupported_or_illegal(const CdpConfig& config);

}  // namespace acosim::nvdla

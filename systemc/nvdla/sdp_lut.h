// The NVDLA SDP lookup table (the last step of the EW / Y stage) as plain
// C++. INT8/INT16 processing path bit-exact with nvdla/hw master
// vmod/nvdla/sdp/NV_NVDLA_SDP_HLS_Y_int_idx.v, NV_NVDLA_SDP_HLS_lut_line.v,
// NV_NVDLA_SDP_HLS_lut_expn.v, NV_NVDLA_SDP_CORE_Y_lut.v,
// NV_NVDLA_SDP_HLS_Y_int_inp.v, vmod/vlibs/NV_NVDLA_HLS_shiftright{usz,ss,su}.v
// and the table port of NV_NVDLA_SDP_reg.v / NV_NVDLA_SDP_REG_single.v.
// The C model (cmod/hls/sdp/sdp_y_idx.cpp, sdp_y_inp.cpp,
// cmod/hls_wrapper/sdp_hls_wrapper.cpp, cmod/sdp/gen/sdp_reg_model.cpp)
// agrees on the arithmetic of in-range programming; where it differs the RTL
// is followed, as noted beside each rule.
// The LUT registers are single-group: S_LUT_CFG, S_LUT_INFO,
// S_LUT_{LE,LO}_{START,END}, S_LUT_{LE,LO}_SLOPE_{SCALE,SHIFT} (regs::sdp).
//
// Numeric rules (all integer and exact; widths are the RTL's):
//   Input x: signed 32-bit (the EW core output). Output: signed 32-bit.
//   rnd(p, s) = p / 2^s rounded to nearest, ties away from zero (sdp_round_shift).
//   sat_32 clamps to [-2^31, 2^31 - 1].
// Index of one table (LE in LINEAR mode and LO: lut_line; LE in EXPONENT
// mode: lut_expn), start = LUT_xx_START (signed 32):
//   uflow0 = x <= start (signed); d = uflow0 ? 0 : x - start (unsigned 32-bit).
//   LINEAR, sel = LUT_xx_INDEX_SELECT as a signed 8-bit number:
//     sel >= 0: index = d >> sel, fraction = the sel bits shifted out, as a
//               35-bit binary fraction: ((d * 2^35) >> sel) mod 2^35.
//     sel <  0: index = d << -sel, fraction = 0.
//     An index that does not fit in 9 bits becomes 511.
//     uflow = uflow0; oflow = index >= depth - 1.
//   EXPONENT (LE only), off = LUT_LE_INDEX_OFFSET as a signed 8-bit number:
//     k = floor(log2 d) (0 when d = 0); uflow = uflow0 || k < off;
//     index = uflow ? 0 : k - off; fraction = (d - 2^k) * 2^(35 - k) (35 bits);
//     oflow = index >= 64.
//   On oflow the index becomes depth - 1 (LE 64, LO 256); on uflow it is 0.
//   A table hits when it neither underflows nor overflows.
// Selection (the table whose index, fraction and flags are used):
//   both uflow: LUT_UFLOW_PRIORITY; else both oflow: LUT_OFLOW_PRIORITY;
//   else both hit, or both miss (one uflow, the other oflow):
//   LUT_HYBRID_PRIORITY; else the one that hits. The final uflow/oflow flags
//   are those of the selected table.
// Output (y0 = table[index], y1 = table[index + 1], entries signed 16-bit):
//   no flow: out = rnd(y0 * (2^35 - f) + y1 * f, 35)  (f the 35-bit fraction).
//   uflow:   offset = LUT_xx_START, scale/shift = LUT_xx_SLOPE_UFLOW_*;
//            bias = 2^LUT_LE_INDEX_OFFSET for the LE table in EXPONENT mode when
//            the offset is 0..31 (0 when it is negative or >= 32), else 0.
//   oflow:   offset = LUT_xx_END, scale/shift = LUT_xx_SLOPE_OFLOW_*, bias = 0.
//   flow:    m = (x - (bias + offset)) * scale   (scale signed 16, exact, 50 bits)
//            t = sat_32(rnd(m, shift)) for shift >= 0, sat_32(m * 2^-shift) for
//                shift < 0 (the 5-bit shift field is signed: -16..15)
//            out = sat_32(y0 + t).
// Counters (per element that goes through the LUT): LE_HIT / LO_HIT count the
// elements whose own LE / LO index hit, whatever table was selected; UFLOW /
// OFLOW count the selected table's flags; HYBRID counts elements whose
// selected result is neither uflow nor oflow. The RTL stops adding once a
// counter is all ones.
// Table port: see SdpLutTables.
//
// FP16 path (PROC_PRECISION FP16, nv_full), after the nvdlav1 C model
// cmod/hls/sdp/sdp_y_idx.cpp, sdp_y_inp.cpp (from which the RTL
// NV_NVDLA_SDP_CORE_Y_idx.v / _inp.v was synthesised) and the RTL
// NV_NVDLA_SDP_CORE_Y_lut.v; x and the result are fp32 patterns, the
// registers LUT_xx_START / LUT_xx_END fp32 patterns, the table entries and
// LUT_xx_SLOPE_*_SCALE FP16 patterns; the LUT_xx_SLOPE_*_SHIFT fields do
// not act. Arithmetic as float16.h.
//   d = sdp_fp32_add(x, -LUT_xx_START); uflow0 = d negative, zero or NaN.
//   LINEAR (LE and LO): index = floor(d * 2^-sel) (sel = LUT_xx_INDEX_SELECT,
//     signed 8-bit), clamped to 511; fraction = the next 35 bits of
//     d * 2^-sel; oflow = index >= depth - 1.
//   EXPONENT (LE): k = unbiased exponent of d; uflow = uflow0 || k < off;
//     index = k - off; fraction = d's 23 mantissa bits as a 35-bit fraction;
//     oflow = index >= 64.
//   Flags, clamped indices, selection and counters as above.
//   no flow: out = fp32(y0 * w0 + y1 * w1) with w1 = fraction and
//     w0 = 1 - fraction each rounded to FP17 (w0 = 1 exactly for fraction
//     0), y0, y1 widened to FP17, products and sum in FP17 (sdp_fp17_mul,
//     sdp_fp17_add), widened exactly to fp32.
//   uflow / oflow: ob = sdp_fp32_add(offset, bias) with offset = START /
//     END as above and bias = the fp32 pattern with exponent field
//     LUT_LE_INDEX_OFFSET + 127 (mod 256) and mantissa 0 for an LE
//     EXPONENT underflow, else 0; t = sdp_fp32_to_fp17(x - ob);
//     out = fp32(y0 + t * scale) in FP17 with scale the FP16 slope scale.
// Plain C++, no SystemC.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace acosim::nvdla {

inline constexpr size_t kSdpLutLeEntries = 65;
inline constexpr size_t kSdpLutLoEntries = 257;

// Decoded S_LUT_* registers. Defaults are the reset values (all 0).
struct SdpLutConfig {
  bool le_linear = false;           // S_LUT_CFG.LUT_LE_FUNCTION (0 EXPONENT, 1 LINEAR)
  bool uflow_priority_lo = false;   // S_LUT_CFG.LUT_UFLOW_PRIORITY (0 LE, 1 LO)
  bool oflow_priority_lo = false;   // S_LUT_CFG.LUT_OFLOW_PRIORITY (0 LE, 1 LO)
  bool hybrid_priority_lo = false;  // S_LUT_CFG.LUT_HYBRID_PRIORITY (0 LE, 1 LO)
  int8_t le_index_offset = 0;       // S_LUT_INFO.LUT_LE_INDEX_OFFSET (signed 8-bit)
  int8_t le_index_select = 0;       // S_LUT_INFO.LUT_LE_INDEX_SELECT (signed 8-bit)
  int8_t lo_index_select = 0;       // S_LUT_INFO.LUT_LO_INDEX_SELECT (signed 8-bit)
  int32_t le_start = 0;             // S_LUT_LE_START.LUT_LE_START
  int32_t le_end = 0;               // S_LUT_LE_END.LUT_LE_END
  int32_t lo_start = 0;             // S_LUT_LO_START.LUT_LO_START
  int32_t lo_end = 0;               // S_LUT_LO_END.LUT_LO_END
  int16_t le_uflow_scale = 0;       // S_LUT_LE_SLOPE_SCALE.LUT_LE_SLOPE_UFLOW_SCALE
  int16_t le_oflow_scale = 0;       // S_LUT_LE_SLOPE_SCALE.LUT_LE_SLOPE_OFLOW_SCALE
  int8_t le_uflow_shift = 0;        // S_LUT_LE_SLOPE_SHIFT.LUT_LE_SLOPE_UFLOW_SHIFT (signed 5-bit)
  int8_t le_oflow_shift = 0;        // S_LUT_LE_SLOPE_SHIFT.LUT_LE_SLOPE_OFLOW_SHIFT (signed 5-bit)
  int16_t lo_uflow_scale = 0;       // S_LUT_LO_SLOPE_SCALE.LUT_LO_SLOPE_UFLOW_SCALE
  int16_t lo_oflow_scale = 0;       // S_LUT_LO_SLOPE_SCALE.LUT_LO_SLOPE_OFLOW_SCALE
  int8_t lo_uflow_shift = 0;        // S_LUT_LO_SLOPE_SHIFT.LUT_LO_SLOPE_UFLOW_SHIFT (signed 5-bit)
  int8_t lo_oflow_shift = 0;        // S_LUT_LO_SLOPE_SHIFT.LUT_LO_SLOPE_OFLOW_SHIFT (signed 5-bit)
};

// Arguments are the raw words of S_LUT_CFG, S_LUT_INFO, S_LUT_LE_START,
// S_LUT_LE_END, S_LUT_LO_START, S_LUT_LO_END, S_LUT_LE_SLOPE_SCALE,
// S_LUT_LE_SLOPE_SHIFT, S_LUT_LO_SLOPE_SCALE, S_LUT_LO_SLOPE_SHIFT.
SdpLutConfig decode_lut_config(uint32_t lut_cfg, uint32_t lut_info, uint32_t le_start,
                               uint32_t le_end, uint32_t lo_start, uint32_t lo_end,
                               uint32_t le_slope_scale, uint32_t le_slope_shift,
                               uint32_t lo_slope_scale, uint32_t lo_slope_shift);

// The LE (65 entries) and LO (257 entries) tables and their register port
// S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA, as NV_NVDLA_SDP_reg.v and
// NV_NVDLA_SDP_CORE_Y_lut.v implement it:
// * A write of S_LUT_ACCESS_CFG stores LUT_ADDR, LUT_TABLE_ID and
//   LUT_ACCESS_TYPE (read back unchanged by access_cfg()) and loads a hidden
//   10-bit port address with LUT_ADDR.
// * A write of S_LUT_ACCESS_DATA stores LUT_DATA (bits [15:0]) at the port
//   address of the selected table when LUT_ACCESS_TYPE = WRITE and the address
//   is inside the table (< 65 LE, < 257 LO); otherwise nothing is stored.
// * A read of S_LUT_ACCESS_DATA returns the entry at the port address of the
//   selected table in bits [15:0] (0 outside the table), whatever
//   LUT_ACCESS_TYPE says.
// * Every data write and every data read (whatever LUT_ACCESS_TYPE) then
//   advances the port address by one, modulo 1024.
// Tables and registers reset to 0.
class SdpLutTables {
 public:
  void write_access_cfg(uint32_t value);
  uint32_t access_cfg() const { return access_cfg_; }
  void write_access_data(uint32_t value);
  uint32_t read_access_data();
  // The value a data read would return now, without advancing the address.
  uint32_t peek_access_data() const;
  // The hidden port address (0..1023).
  uint32_t port_address() const { return port_address_; }

  int16_t le(size_t i) const { return int16_t(le_.at(i)); }
  int16_t lo(size_t i) const { return int16_t(lo_.at(i)); }
  void set_le(size_t i, int16_t v) { le_.at(i) = uint16_t(v); }
  void set_lo(size_t i, int16_t v) { lo_.at(i) = uint16_t(v); }
  void reset();

 private:
  bool selected_lo() const;
  bool in_range() const;

  uint32_t access_cfg_ = 0;
  uint32_t port_address_ = 0;
  std::array<uint16_t, kSdpLutLeEntries> le_{};
  std::array<uint16_t, kSdpLutLoEntries> lo_{};
};

// D_PERF_LUT_LE_HIT, D_PERF_LUT_LO_HIT, D_PERF_LUT_UFLOW, D_PERF_LUT_OFLOW,
// D_PERF_LUT_HYBRID (see the header comment for what each counts). The
// register model stores them only while D_PERF_ENABLE.PERF_LUT_EN is set; the
// RTL clears the live counters when a layer starts.
struct SdpLutStats {
  uint32_t le_hit = 0;
  uint32_t lo_hit = 0;
  uint32_t uflow = 0;
  uint32_t oflow = 0;
  uint32_t hybrid = 0;
};

// The index stage of one element (NV_NVDLA_SDP_HLS_Y_int_idx.v), exposed
// for tests and tracing. Fractions are 35-bit binary fractions.
struct SdpLutIndex {
  bool le_uflow = false, le_oflow = false;
  bool lo_uflow = false, lo_oflow = false;
  uint32_t le_index = 0, lo_index = 0;
  uint64_t le_fraction = 0, lo_fraction = 0;
  bool select_lo = false;  // the selected table (ram_sel)
  uint32_t index = 0;      // selected index (ram_addr)
  uint64_t fraction = 0;   // selected fraction
  bool uflow = false;      // selected table underflowed
  bool oflow = false;      // selected table overflowed
  bool le_hit() const { return !le_uflow && !le_oflow; }
  bool lo_hit() const { return !lo_uflow && !lo_oflow; }
};

SdpLutIndex sdp_lut_index(const SdpLutConfig& config, int32_t x);

// One element through index, table read and interpolation; adds to `stats`.
int32_t sdp_lut_lookup(const SdpLutConfig& config, const SdpLutTables& tables, int32_t x,
                       SdpLutStats& stats);

// The same on the FP16 path (x and the result fp32 patterns).
SdpLutIndex sdp_lut_index_fp(const SdpLutConfig& config, uint32_t x);
uint32_t sdp_lut_lookup_fp(const SdpLutConfig& config, const SdpLutTables& tables, uint32_t x,
                           SdpLutStats& stats);

}  // namespace acosim::nvdla

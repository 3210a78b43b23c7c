#include "systemc/nvdla/cdp_lrn.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "systemc/nvdla/float16.h"
#include "systemc/nvdla/float16_fast.h"
#include "systemc/nvdla/sdp_datapath.h"

namespace acosim::nvdla {

namespace {

namespace rc = regs::cdp;
namespace rr = regs::cdp_rdma;

int64_t sign_extend(uint64_t value, unsigned bits) {
  const uint64_t m = uint64_t(1) << (bits - 1);
  value &= (m << 1) - 1;
  return int64_t(value ^ m) - int64_t(m);
}

int64_t start_38(uint32_t high, uint32_t low) {
  return sign_extend((uint64_t(high & 0x3Fu) << 32) | low, 38);
}

Precision precision_of(uint32_t code) {
  switch (code) {
    case 0: return Precision::Int8;
    case 1: return Precision::Int16;
    default: return Precision::Fp16;
  }
}

// The INT16 converters' rounding shift (ac_fixed AC_RND_INF in the HLS
// IntShiftRight of cmod/hls/include/nvdla_int.h, the source of
// vlibs/HLS_cdp_{icvt,ocvt}.v): p / 2^shift to nearest, ties away from zero,
// for any shift 0 .. 63. Unlike the master shifter no shift gives 0
// outright; below its input width the master shifter rounds the same way
// (shift_right_su). Branch-free, as converters see both signs at random:
// with h = 2^(shift-1), floor((p + h) / 2^shift) rounds p >= 0 half up, and
// for p = -a < 0, -floor((a + h) / 2^shift) = floor((p + h - 1) / 2^shift);
// p >> 63 is the -1 of the negative case. p + h cannot wrap: every caller
// has |p| < 2^50.
int64_t round_away(int64_t p, unsigned shift) {
  if (shift == 0) return p;
  return (p + (int64_t(1) << (shift - 1)) + (p >> 63)) >> shift;
}

int64_t clamp_bits(int64_t v, unsigned bits) {
  const int64_t hi = (int64_t(1) << (bits - 1)) - 1;
  return std::clamp(v, -hi - 1, hi);
}

// NV_NVDLA_HLS_shiftrightsu: rnd(p, shift) saturated to `out_bits`, 0 when
// the shift reaches the input width (25 or 42 here). The rounding is
// sdp_round_shift's (whose own 49-bit cut lies beyond these widths), taken
// from round_away so that the cube loop can inline it.
int64_t shift_right_su(int64_t p, unsigned shift, unsigned in_width, unsigned out_bits) {
  if (shift >= in_width) return 0;
  return clamp_bits(round_away(p, shift), out_bits);
}

// sh(p, n) of the interpolation unit: rnd(p, n) for n >= 0, p * 2^-n for
// n < 0 (|p| < 2^57, so anything past 2^61 saturates the 16-bit result anyway).
int64_t interp_shift(int64_t p, int shift) {
  if (shift >= 0) return sdp_round_shift(p, unsigned(shift));
  const unsigned left = unsigned(-shift);
  const int64_t limit = int64_t(1) << 61;
  if (p > (limit >> left)) return limit;
  if (p < -(limit >> left)) return -limit;
  return p * (int64_t(1) << left);
}

// Bits of the index path (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v): START bits
// compared, INDEX_SELECT bits read as a signed number, and the bits of the
// difference the LE LINEAR / LO shifters read. Master INT8 (and nvdlav1's
// odd INT8 lanes, the msb path): 22-bit START and difference (x and START
// both signed 22, so d < 2^22 and no cut bites); INT16 (nvdlav1's lsb path):
// everything 38 bits; nvdlav1's even INT8 lanes (the lsb path with INT8's
// shifters): 38-bit START and difference, of which shift_lsb_int8 reads
// dec_Xindex_lsb[22:0] and Y_shift_lsb_int8 dec_Yindex_lsb[21:0].
struct IndexWidths {
  unsigned start_bits;
  unsigned select_bits;
  unsigned le_linear_bits;
  unsigned lo_bits;
};
constexpr IndexWidths kInt8Index{22, 6, 22, 22};
constexpr IndexWidths kInt8FullStartIndex{38, 6, 23, 22};
constexpr IndexWidths kInt16Index{38, 7, 38, 38};

IndexWidths index_widths(const CdpLutConfig& lut) {
  if (lut.precision == Precision::Int16) return kInt16Index;
  return lut.int8_full_start ? kInt8FullStartIndex : kInt8Index;
}

// One table's index (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v).
struct TableIndex {
  bool uflow = false, oflow = false;
  uint32_t index = 0, fraction = 0;
};

TableIndex linear_index(int64_t x, int64_t start, int8_t select, uint32_t last, IndexWidths w,
                        unsigned diff_bits) {
  TableIndex t;
  const int64_t st = sign_extend(uint64_t(start), w.start_bits);
  if (x <= st) {
    t.uflow = true;
    return t;
  }
  const uint64_t d = uint64_t(x - st) & ((uint64_t(1) << diff_bits) - 1);
  const int n = int(sign_extend(uint8_t(select), w.select_bits));
  uint64_t idx = 0;
  if (n >= 0) {
    idx = d >> n;
    t.fraction = uint32_t(((d & ((uint64_t(1) << n) - 1)) << 16) >> n);
  } else if (d == 0) {
    // Only a cut difference (nvdlav1's even INT8 lanes) is 0 here: the
    // shifted value stays 0, a hit at entry 0.
    idx = 0;
  } else if (-n >= 32) {
    // d >= 1, so d << -n is at least 2^32: past either table (and past what
    // a 64-bit shift of d < 2^38 could hold for -n up to 64).
    idx = last;
  } else {
    idx = d << -n;
  }
  if (idx >= last) {
    t.oflow = true;
    t.index = last;
  } else {
    t.index = uint32_t(idx);
  }
  return t;
}

TableIndex exponent_index(int64_t x, int64_t start, int8_t offset, IndexWidths w) {
  TableIndex t;
  const int64_t st = sign_extend(uint64_t(start), w.start_bits);
  if (x <= st) {
    t.uflow = true;
    return t;
  }
  const uint64_t d = uint64_t(x - st);
  const int k = 63 - __builtin_clzll(d);  // floor(log2 d); d >= 1 as x > st
  t.fraction = uint32_t(((d - (uint64_t(1) << k)) << 16) >> k);
  if (offset >= 0 && k < offset) {
    t.uflow = true;
    return t;
  }
  const int idx = k - offset;
  if (idx >= 64) {
    t.oflow = true;
    t.index = 64;
  } else {
    t.index = uint32_t(idx);
  }
  return t;
}

// ---- FP16 index (rule 3 of the FP16 list; NV_NVDLA_CDP_DP_LUT_CTRL_unit.v
// fp16 path), from d = fp32_sub(x, START) as an fp32 pattern (the stage
// functions subtract with nvdla_fp32_sub, the cube loop with its fast path).

// fp_X_uflow / fp_Y_uflow: a NaN, +0 or negative difference (-0 has the
// sign bit) underflows the table.
bool fp16_difference_underflows(uint32_t d) { return fp32_is_nan(d) || d == 0 || (d >> 31) != 0; }

// LE EXPONENT: k = exponent field - 127 (fp_X_log2_datout; fp32_add
// flushes anything below 2^-126, so the field is 1..254), the fraction is
// mantissa bits [22:7] (fp_X_exp_frac); uflow below the offset, oflow at
// k - offset >= 64 (fp_Xindex_data[8:0] >= 64).
TableIndex fp16_exponent_index(uint32_t d, int8_t offset) {
  TableIndex t;
  if (fp16_difference_underflows(d)) {
    t.uflow = true;
    return t;
  }
  const int k = int((d >> 23) & 0xFFu) - 127;
  t.fraction = (d >> 7) & 0xFFFFu;
  if (k < offset) {
    t.uflow = true;
    return t;
  }
  const int idx = k - offset;  // 0 .. 253
  if (idx >= 64) {
    t.oflow = true;
    t.index = 64;
  } else {
    t.index = uint32_t(idx);
  }
  return t;
}

// LINEAR / LO: q = d / 2^n exactly (the RTL shifts d's fixed-point value,
// fp32_int / fp32_frac, by INDEX_SELECT[7:0] as a signed number);
// idx = floor(q), the fraction its first 16 bits (fp_Xshift_lin_f[22:7],
// truncated); oflow when idx >= last (64 LE, 256 LO).
TableIndex fp16_linear_index(uint32_t d, int8_t select, uint32_t last) {
  TableIndex t;
  if (fp16_difference_underflows(d)) {
    t.uflow = true;
    return t;
  }
  // d = significand * 2^(e - 150), a normal number (see above); q =
  // significand * 2^shift.
  const uint64_t significand = (d & 0x7FFFFFu) | 0x800000u;
  const int shift = int((d >> 23) & 0xFFu) - 150 - select;
  uint64_t idx = 0;
  if (shift >= 8) {
    idx = last;  // q >= 2^31: past either table
  } else if (shift >= 0) {
    idx = significand << shift;
  } else {
    const unsigned right = unsigned(-shift);
    if (right < 64) idx = significand >> right;
    // The 16 fraction bits below the binary point: bits right-1 .. right-16
    // of the significand (bits below bit 0 are zeros).
    if (right <= 16) {
      t.fraction = uint32_t((significand << (16 - right)) & 0xFFFFu);
    } else if (right - 16 < 24) {
      t.fraction = uint32_t((significand >> (right - 16)) & 0xFFFFu);
    }
  }
  if (idx >= last) {
    // The RTL keeps the fraction bits on overflow (NV_NVDLA_CDP_DP_LUT_CTRL_unit.v
    // fp_Xshift_frac), but the overflow interpolation never reads them.
    t.oflow = true;
    t.index = last;
    t.fraction = 0;
  } else {
    t.index = uint32_t(idx);
  }
  return t;
}

uint32_t fp32_bits(int64_t start_38) { return uint32_t(uint64_t(start_38)); }

}  // namespace

CdpConfig decode_cdp_config(const CdpRegisters& r) {
  CdpConfig c;
  c.precision = precision_of(rr::D_DATA_FORMAT_INPUT_DATA.get(r.rdma_data_format));
  c.dp_precision = precision_of(rc::D_DATA_FORMAT_INPUT_DATA_TYPE.get(r.data_format));
  c.width = rr::D_DATA_CUBE_WIDTH_WIDTH.get(r.rdma_data_cube_width) + 1;
  c.height = rr::D_DATA_CUBE_HEIGHT_HEIGHT.get(r.rdma_data_cube_height) + 1;
  c.channels = rr::D_DATA_CUBE_CHANNEL_CHANNEL.get(r.rdma_data_cube_channel) + 1;
  c.src_compression = rr::D_SRC_COMPRESSION_EN_SRC_COMPRESSION_EN.get(r.rdma_src_compression_en) != 0;
  c.dst_compression = rc::D_DST_COMPRESSION_EN_DST_COMPRESSION_EN.get(r.dst_compression_en) != 0;
  c.nan_to_zero = rc::D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO.get(r.nan_flush_to_zero) != 0;
  c.datin_offset = int8_t(uint8_t(rc::D_DATIN_OFFSET_DATIN_OFFSET.get(r.datin_offset)));
  c.datin_offset_16 = int16_t(uint16_t(rc::D_DATIN_OFFSET_DATIN_OFFSET.get(r.datin_offset)));
  c.datin_scale = int16_t(uint16_t(rc::D_DATIN_SCALE_DATIN_SCALE.get(r.datin_scale)));
  c.datin_shifter = uint8_t(rc::D_DATIN_SHIFTER_DATIN_SHIFTER.get(r.datin_shifter));
  c.normalz_len = uint8_t(rc::D_LRN_CFG_NORMALZ_LEN.get(r.lrn_cfg));
  c.sqsum_bypass = rc::D_FUNC_BYPASS_SQSUM_BYPASS.get(r.func_bypass) != 0;
  c.mul_bypass = rc::D_FUNC_BYPASS_MUL_BYPASS.get(r.func_bypass) != 0;
  c.datout_offset = int32_t(sign_extend(rc::D_DATOUT_OFFSET_DATOUT_OFFSET.get(r.datout_offset), 25));
  c.datout_offset_32 = int32_t(rc::D_DATOUT_OFFSET_DATOUT_OFFSET.get(r.datout_offset));
  c.datout_scale = int16_t(uint16_t(rc::D_DATOUT_SCALE_DATOUT_SCALE.get(r.datout_scale)));
  c.datout_shifter = uint8_t(rc::D_DATOUT_SHIFTER_DATOUT_SHIFTER.get(r.datout_shifter));
  c.perf_lut_en = rc::D_PERF_ENABLE_LUT_EN.get(r.perf_enable) != 0;
  c.perf_dma_en = rc::D_PERF_ENABLE_DMA_EN.get(r.perf_enable) != 0;

  CdpLutConfig& l = c.lut;
  l.precision = c.dp_precision;
  l.le_linear = rc::S_LUT_CFG_LUT_LE_FUNCTION.get(r.lut_cfg) != 0;
  l.uflow_priority_lo = rc::S_LUT_CFG_LUT_UFLOW_PRIORITY.get(r.lut_cfg) != 0;
  l.oflow_priority_lo = rc::S_LUT_CFG_LUT_OFLOW_PRIORITY.get(r.lut_cfg) != 0;
  l.hybrid_priority_lo = rc::S_LUT_CFG_LUT_HYBRID_PRIORITY.get(r.lut_cfg) != 0;
  l.le_index_offset = int8_t(uint8_t(rc::S_LUT_INFO_LUT_LE_INDEX_OFFSET.get(r.lut_info)));
  l.le_index_select = int8_t(uint8_t(rc::S_LUT_INFO_LUT_LE_INDEX_SELECT.get(r.lut_info)));
  l.lo_index_select = int8_t(uint8_t(rc::S_LUT_INFO_LUT_LO_INDEX_SELECT.get(r.lut_info)));
  l.le_start = start_38(r.lut_le_start_high, r.lut_le_start_low);
  l.le_end = start_38(r.lut_le_end_high, r.lut_le_end_low);
  l.lo_start = start_38(r.lut_lo_start_high, r.lut_lo_start_low);
  l.lo_end = start_38(r.lut_lo_end_high, r.lut_lo_end_low);
  l.le_uflow_scale = int16_t(uint16_t(rc::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE.get(r.lut_le_slope_scale)));
  l.le_oflow_scale = int16_t(uint16_t(rc::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE.get(r.lut_le_slope_scale)));
  l.lo_uflow_scale = int16_t(uint16_t(rc::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE.get(r.lut_lo_slope_scale)));
  l.lo_oflow_scale = int16_t(uint16_t(rc::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE.get(r.lut_lo_slope_scale)));
  l.le_uflow_shift = int8_t(sign_extend(rc::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT.get(r.lut_le_slope_shift), 5));
  l.le_oflow_shift = int8_t(sign_extend(rc::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT.get(r.lut_le_slope_shift), 5));
  l.lo_uflow_shift = int8_t(sign_extend(rc::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT.get(r.lut_lo_slope_shift), 5));
  l.lo_oflow_shift = int8_t(sign_extend(rc::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT.get(r.lut_lo_slope_shift), 5));
  return c;
}

// ---------------------------------------------------------------------------
// The table port

void CdpLutTables::write_access_cfg(uint32_t value) {
  write_type_ = rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.get(value) == rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE;
  table_lo_ = rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID.get(value) == rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO;
  address_ = rc::S_LUT_ACCESS_CFG_LUT_ADDR.get(value);
}

uint32_t CdpLutTables::read_access_cfg() const {
  return rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.put(write_type_ ? 1u : 0u) |
         rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID.put(table_lo_ ? 1u : 0u) | rc::S_LUT_ACCESS_CFG_LUT_ADDR.put(address_);
}

void CdpLutTables::advance() {
  const uint32_t last = table_lo_ ? uint32_t(kCdpLutLoEntries - 1) : uint32_t(kCdpLutLeEntries - 1);
  if (address_ != last) address_ = (address_ + 1) & 0x3FFu;
}

void CdpLutTables::write_access_data(uint32_t value) {
  if (!write_type_) return;
  const uint16_t data = uint16_t(rc::S_LUT_ACCESS_DATA_LUT_DATA.get(value));
  if (table_lo_) {
    if (address_ < kCdpLutLoEntries) lo_[address_] = data;
  } else {
    if (address_ < kCdpLutLeEntries) le_[address_] = data;
  }
  advance();
}

uint32_t CdpLutTables::peek_access_data() const {
  if (table_lo_) return address_ < kCdpLutLoEntries ? lo_[address_] : lo_[0];
  return address_ < kCdpLutLeEntries ? le_[address_] : le_[0];
}

uint32_t CdpLutTables::read_access_data() {
  const uint32_t value = peek_access_data();
  if (!write_type_) advance();
  return value;
}

void CdpLutTables::reset() {
  write_type_ = false;
  table_lo_ = false;
  address_ = 0;
  le_.fill(0);
  lo_.fill(0);
}

// ---------------------------------------------------------------------------
// The stages

namespace {

// The converters per precision; the public stage functions pick one, the
// cube loop calls them directly.
int32_t convert_in_int8(const CdpConfig& config, int32_t x) {
  const int64_t sub = int64_t(int8_t(x)) - int64_t(config.datin_offset);
  return int32_t(shift_right_su(sub * config.datin_scale, config.datin_shifter, 25, 9));
}

// cdp_icvt.cpp 16-bit branch: 17-bit difference, 33-bit product, shift
// 0..31, saturate to 17 bits.
int32_t convert_in_int16(const CdpConfig& config, int32_t x) {
  const int64_t sub = int64_t(int16_t(x)) - int64_t(config.datin_offset_16);
  return int32_t(clamp_bits(round_away(sub * config.datin_scale, config.datin_shifter), 17));
}

// Master's HLS_cdp_ocvt.v and nvdlav1's cdp_ocvt.cpp INT8 branch give the
// same value (cdp_lrn.h); `saturated` is the flag of nvdlav1's
// IntShiftRightSat<42,6,8>, which only nvdlav1 has (the callers count it
// only there).
int32_t convert_out_int8(const CdpConfig& config, int64_t m, bool& saturated) {
  const int64_t p = (m - int64_t(config.datout_offset)) * config.datout_scale;
  const int64_t y = shift_right_su(p, config.datout_shifter, 42, 8);
  const int64_t floor_shifted = p >> config.datout_shifter;  // arithmetic: floor; shift <= 63
  saturated = (floor_shifted < y - 1) | (floor_shifted > y + 1);
  return int32_t(y);
}

// cdp_ocvt.cpp 16-bit branch: 34-bit difference, 50-bit product, shift
// 0..63, saturate to 16 bits; the flag of IntShiftRightSat compares the
// result with the truncated (floor) shift.
int32_t convert_out_int16(const CdpConfig& config, int64_t m, bool& saturated) {
  const int64_t p = (m - int64_t(config.datout_offset_32)) * config.datout_scale;
  const int64_t y = clamp_bits(round_away(p, config.datout_shifter), 16);
  const int64_t floor_shifted = p >> config.datout_shifter;  // arithmetic: floor
  saturated = (floor_shifted < y - 1) | (floor_shifted > y + 1);
  return int32_t(y);
}

}  // namespace

int32_t cdp_convert_in(const CdpConfig& config, int32_t x) {
  return config.precision == Precision::Int16 ? convert_in_int16(config, x) : convert_in_int8(config, x);
}

namespace {

// Rule 4: both tables' indices and the table the selection picks.
CdpLutIndex select_table(const CdpLutConfig& lut, const TableIndex& le, const TableIndex& lo) {
  CdpLutIndex r;
  r.le_uflow = le.uflow;
  r.le_oflow = le.oflow;
  r.le_index = le.index;
  r.le_fraction = le.fraction;
  r.lo_uflow = lo.uflow;
  r.lo_oflow = lo.oflow;
  r.lo_index = lo.index;
  r.lo_fraction = lo.fraction;
  bool lo_selected = false;
  if (r.le_uflow && r.lo_uflow) {
    lo_selected = lut.uflow_priority_lo;
  } else if (r.le_oflow && r.lo_oflow) {
    lo_selected = lut.oflow_priority_lo;
  } else if (r.le_hit() == r.lo_hit()) {
    lo_selected = lut.hybrid_priority_lo;
  } else {
    lo_selected = r.lo_hit();
  }
  r.select_lo = lo_selected;
  r.select_le = !lo_selected;
  return r;
}

// The FP16 index path from the differences x - LE_START and x - LO_START.
CdpLutIndex fp16_lut_index_of(const CdpLutConfig& lut, uint32_t le_difference, uint32_t lo_difference) {
  const TableIndex le = lut.le_linear ? fp16_linear_index(le_difference, lut.le_index_select, 64)
                                      : fp16_exponent_index(le_difference, lut.le_index_offset);
  const TableIndex lo = fp16_linear_index(lo_difference, lut.lo_index_select, 256);
  return select_table(lut, le, lo);
}

// The FP16 index path (x an fp32 pattern).
CdpLutIndex fp16_lut_index(const CdpLutConfig& lut, uint32_t x) {
  return fp16_lut_index_of(lut, nvdla_fp32_sub(x, fp32_bits(lut.le_start)),
                           nvdla_fp32_sub(x, fp32_bits(lut.lo_start)));
}

// The INT8 / INT16 index paths; the integer datapath calls this directly
// (not through cdp_lut_index's FP16 test), once per new LUT input.
CdpLutIndex integer_lut_index(const CdpLutConfig& lut, int64_t x) {
  const IndexWidths w = index_widths(lut);
  const TableIndex le = lut.le_linear ? linear_index(x, lut.le_start, lut.le_index_select, 64, w, w.le_linear_bits)
                                      : exponent_index(x, lut.le_start, lut.le_index_offset, w);
  const TableIndex lo = linear_index(x, lut.lo_start, lut.lo_index_select, 256, w, w.lo_bits);
  return select_table(lut, le, lo);
}

}  // namespace

CdpLutIndex cdp_lut_index(const CdpLutConfig& lut, int64_t x) {
  if (lut.precision == Precision::Fp16) return fp16_lut_index(lut, uint32_t(uint64_t(x)));
  return integer_lut_index(lut, x);
}

namespace {

// Which LUT counter (NV_NVDLA_CDP_DP_intp.v) one lookup increments.
enum class LutOutcome : uint8_t { Uflow, Oflow, Hybrid, LeHit, LoHit };
constexpr unsigned kLutOutcomes = 5;

struct LutResult {
  int32_t value = 0;
  LutOutcome outcome = LutOutcome::Uflow;
};

// The counter a lookup increments (FP16; lut_evaluate spells the same
// out for the integer path).
LutOutcome outcome_of(const CdpLutIndex& r) {
  if (r.le_uflow && r.lo_uflow) return LutOutcome::Uflow;
  if (r.le_oflow && r.lo_oflow) return LutOutcome::Oflow;
  if (r.le_hit() == r.lo_hit()) return LutOutcome::Hybrid;
  return r.le_hit() ? LutOutcome::LeHit : LutOutcome::LoHit;
}

// Rules 3-5 for one integer LUT input: index, selection, interpolation and
// the counter the lookup increments. Everything the integer datapath does
// with the LUT goes through here (the cube loop caches its results per x).
LutResult lut_evaluate(const CdpLutConfig& lut, const CdpLutTables& tables, int64_t x) {
  const CdpLutIndex r = integer_lut_index(lut, x);
  LutResult result;
  if (r.le_uflow && r.lo_uflow) {
    result.outcome = LutOutcome::Uflow;
  } else if (r.le_oflow && r.lo_oflow) {
    result.outcome = LutOutcome::Oflow;
  } else if (r.le_hit() == r.lo_hit()) {
    result.outcome = LutOutcome::Hybrid;
  } else if (r.le_hit()) {
    result.outcome = LutOutcome::LeHit;
  } else {
    result.outcome = LutOutcome::LoHit;
  }

  const bool lo = r.select_lo;
  const bool uflow = lo ? r.lo_uflow : r.le_uflow;
  const bool oflow = lo ? r.lo_oflow : r.le_oflow;
  const uint32_t last = lo ? uint32_t(kCdpLutLoEntries - 1) : uint32_t(kCdpLutLeEntries - 1);
  auto entry = [&](uint32_t i) -> int64_t { return lo ? tables.lo(i) : tables.le(i); };
  int64_t y0 = 0;
  int64_t delta = 0;
  if (uflow) {
    int64_t low = lo ? lut.lo_start : lut.le_start;
    if (!lo && !lut.le_linear && lut.le_index_offset >= 0) {
      const int off = lut.le_index_offset;
      low = sign_extend(uint64_t(low + (off < 39 ? (int64_t(1) << off) : 0)), 39);
    }
    const int64_t p = (x - low) * (lo ? lut.lo_uflow_scale : lut.le_uflow_scale);
    y0 = entry(0);
    delta = interp_shift(p, lo ? lut.lo_uflow_shift : lut.le_uflow_shift);
  } else if (oflow) {
    const int64_t p = (x - (lo ? lut.lo_end : lut.le_end)) * (lo ? lut.lo_oflow_scale : lut.le_oflow_scale);
    y0 = entry(last);
    delta = interp_shift(p, lo ? lut.lo_oflow_shift : lut.le_oflow_shift);
  } else {
    const uint32_t index = lo ? r.lo_index : r.le_index;
    const int64_t fraction = lo ? r.lo_fraction : r.le_fraction;
    y0 = entry(index);
    delta = sdp_round_shift((entry(index + 1) - y0) * fraction, 16);
  }
  result.value = int32_t(sdp_saturate(y0 + delta, 16));
  return result;
}

// Adds `n` to a 32-bit counter that stops at 2^32 - 1: the same as n
// saturating increments.
void saturating_add(uint32_t& counter, uint64_t n) {
  counter = uint32_t(std::min<uint64_t>(uint64_t(counter) + n, std::numeric_limits<uint32_t>::max()));
}

uint32_t& outcome_counter(CdpStats& stats, LutOutcome outcome) {
  switch (outcome) {
    case LutOutcome::Uflow: return stats.lut_uflow;
    case LutOutcome::Oflow: return stats.lut_oflow;
    case LutOutcome::Hybrid: return stats.lut_hybrid;
    case LutOutcome::LeHit: return stats.lut_le_hit;
    case LutOutcome::LoHit: return stats.lut_lo_hit;
  }
  return stats.lut_uflow;
}

}  // namespace

namespace {

// Rule 5 of the FP16 list for the selected table (FP17 result), with the
// operand order of NV_NVDLA_CDP_DP_INTP_unit.v (fp32_sub(in1, in0),
// fp17_mul(difference, scale), fp17_add(product, base)), which decides the
// sign of an exact zero and which NaN survives.
uint32_t fp16_interpolate(const CdpLutConfig& lut, const CdpLutTables& tables, uint32_t x, const CdpLutIndex& r) {
  const bool lo = r.select_lo;
  const bool uflow = lo ? r.lo_uflow : r.le_uflow;
  const bool oflow = lo ? r.lo_oflow : r.le_oflow;
  const uint32_t last = lo ? uint32_t(kCdpLutLoEntries - 1) : uint32_t(kCdpLutLeEntries - 1);
  auto entry = [&](uint32_t i) { return uint16_t(lo ? tables.lo(i) : tables.le(i)); };
  uint32_t difference = 0, scale = 0;
  uint16_t base = 0;
  if (uflow) {
    uint32_t low = fp32_bits(lo ? lut.lo_start : lut.le_start);
    if (!lo && !lut.le_linear) {
      // NV_NVDLA_CDP_DP_intp.v le_offset_exp_fp: 2^offset as an fp32
      // pattern (exponent field offset + 127), 0 for offsets -128 and -127
      // (below the normal range), added to START.
      const int off = lut.le_index_offset;
      const uint32_t power = off <= -127 ? 0u : uint32_t(off + 127) << 23;
      low = sdp_fp32_add(power, low);
    }
    difference = nvdla_fp32_sub(x, low);
    scale = sdp_fp16_to_fp17(uint16_t(lo ? lut.lo_uflow_scale : lut.le_uflow_scale));
    base = entry(0);
  } else if (oflow) {
    difference = nvdla_fp32_sub(x, fp32_bits(lo ? lut.lo_end : lut.le_end));
    scale = sdp_fp16_to_fp17(uint16_t(lo ? lut.lo_oflow_scale : lut.le_oflow_scale));
    base = entry(last);
  } else {
    const uint32_t index = lo ? r.lo_index : r.le_index;
    const uint32_t fraction = lo ? r.lo_fraction : r.le_fraction;
    base = entry(index);
    difference = nvdla_fp32_sub(sdp_fp16_to_fp32(entry(index + 1)), sdp_fp16_to_fp32(base));
    // vlibs/uint16_to_fp17.cpp: FpFractionToFloat<16,6,10>, the value
    // fraction / 2^16, which sdp_fraction_to_fp17 (35 fraction bits) gives
    // for the same value.
    scale = sdp_fraction_to_fp17(uint64_t(fraction) << 19);
  }
  const uint32_t product = sdp_fp17_mul(sdp_fp32_to_fp17(difference), scale);
  return sdp_fp17_add(product, sdp_fp16_to_fp17(base));
}

}  // namespace

uint32_t cdp_fp16_convert_in(const CdpConfig& config, uint16_t x) {
  if (config.nan_to_zero && fp16_is_nan(x)) x = 0;  // NV_NVDLA_CDP_DP_nan.v: 16'd0
  return sdp_fp16_to_fp17(x);
}

namespace {

// Rule 2's square of one FP17 value, in fp32.
uint32_t fp16_square(uint32_t converted) {
  const uint32_t f = sdp_fp17_to_fp32(converted);
  return sdp_fp32_mul(f, f);
}

// Rule 2's additions over the squares q[-4] .. q[4] around the lane
// (fp_sum_block.v): the pair sums of channels ch-k and ch+k, added to the
// running sum in the order k = 1, (0), 2, 3, 4.
uint32_t fp16_window_sum(unsigned normalz_len, const uint32_t* q) {
  uint32_t sum = sdp_fp32_add(sdp_fp32_add(q[-1], q[1]), q[0]);
  for (int k = 2; k <= int(normalz_len) + 1; ++k) sum = sdp_fp32_add(sum, sdp_fp32_add(q[-k], q[k]));
  return sum;
}

}  // namespace

uint32_t cdp_fp16_lut_input(const CdpConfig& config, const std::array<uint32_t, 9>& window) {
  if (config.sqsum_bypass) return sdp_fp17_to_fp32(window[4]);
  std::array<uint32_t, 9> q{};
  for (size_t i = 0; i < q.size(); ++i) q[i] = fp16_square(window[i]);
  return fp16_window_sum(config.normalz_len, q.data() + 4);
}

uint32_t cdp_fp16_lut_lookup(const CdpLutConfig& lut, const CdpLutTables& tables, uint32_t x, CdpStats& stats) {
  CdpLutConfig fp16 = lut;
  fp16.precision = Precision::Fp16;
  const CdpLutIndex r = cdp_lut_index(fp16, int64_t(x));
  saturating_add(outcome_counter(stats, outcome_of(r)), 1);
  return fp16_interpolate(fp16, tables, x, r);
}

uint16_t cdp_fp16_output(const CdpConfig& config, uint32_t lut_result, uint32_t converted) {
  uint32_t m = 0;
  if (config.mul_bypass) {
    // NV_NVDLA_CDP_DP_mul.v: a NaN input (FP17 exponent all ones, mantissa
    // != 0) passes instead of the LUT result.
    const bool nan = ((converted >> 10) & 0x3Fu) == 0x3Fu && (converted & 0x3FFu) != 0;
    m = nan ? converted : lut_result;
  } else {
    m = sdp_fp17_mul(converted, lut_result);  // MUL_unit: a = input, b = LUT result
  }
  return nvdla_fp17_to_fp16(m);
}

int32_t cdp_lut_lookup(const CdpLutConfig& lut, const CdpLutTables& tables, int64_t x, CdpStats& stats) {
  if (lut.precision == Precision::Fp16) {
    throw std::invalid_argument("cdp_lut_lookup: FP16 tables are looked up by cdp_fp16_lut_lookup");
  }
  const LutResult r = lut_evaluate(lut, tables, x);
  saturating_add(outcome_counter(stats, r.outcome), 1);
  return r.value;
}

int64_t cdp_multiply(const CdpConfig& config, int32_t lut_result, int32_t converted) {
  if (config.mul_bypass) return lut_result;
  return int64_t(lut_result) * converted;
}

int32_t cdp_convert_out(const CdpConfig& config, int64_t m, bool* saturated) {
  bool flag = false;
  const int32_t y =
      config.precision == Precision::Int16 ? convert_out_int16(config, m, flag) : convert_out_int8(config, m, flag);
  if (saturated != nullptr) *saturated = flag && config.int16_datapath;
  return y;
}

namespace {

// Counts of each LUT outcome, kFieldBits bits apiece in one 64-bit word, so
// that counting is an add to a register; flushed to 64-bit totals before a
// field can overflow (at most kMaxBatch counts between flushes).
class OutcomeCounts {
 public:
  static constexpr unsigned kFieldBits = 12;
  static constexpr uint32_t kMaxBatch = (1u << kFieldBits) - 1;

  static unsigned shift_of(LutOutcome outcome) { return kFieldBits * unsigned(outcome); }
  void add(unsigned shift) { packed_ += uint64_t(1) << shift; }
  void flush() {
    for (unsigned i = 0; i < kLutOutcomes; ++i) totals_[i] += (packed_ >> (kFieldBits * i)) & kMaxBatch;
    packed_ = 0;
  }
  // Adds the (flushed) totals to the saturating counters of `stats`.
  void add_to(CdpStats& stats) const {
    for (unsigned i = 0; i < kLutOutcomes; ++i) saturating_add(outcome_counter(stats, LutOutcome(i)), totals_[i]);
  }

 private:
  uint64_t packed_ = 0;
  std::array<uint64_t, kLutOutcomes> totals_{};
};

// The LUT results of one lane parity for the x a layer meets, each computed
// once by lut_evaluate (the rule function) and read back afterwards: result
// and counter depend on x alone, and a layer meets few different x (an INT8
// square sum is at most 9 * 2^16). An x range of up to kDirectEntries values
// (INT8, INT16 with SQSUM_BYPASS) is a table indexed by x, unless the layer
// is too small to repay clearing it; a wider one (INT16 square sums, up to
// 2^37) or a small layer uses a direct-mapped cache keyed by x.
// An entry packs the LUT value (bits 15:0), the bit position of its counter
// in OutcomeCounts (bits 23:16) and a filled mark (bit 31).
class LutMemo {
 public:
  static constexpr int64_t kDirectEntries = int64_t(1) << 20;
  static constexpr unsigned kCacheBits = 12;

  LutMemo(const CdpLutConfig& lut, const CdpLutTables& tables, int64_t lowest, int64_t highest, uint64_t lookups)
      : lut_(lut), tables_(tables), lowest_(lowest) {
    const uint64_t range = uint64_t(highest - lowest) + 1;
    if (range <= uint64_t(kDirectEntries) && range <= 4 * lookups + (uint64_t(1) << 16)) {
      direct_.assign(size_t(range), 0);
    } else {
      cache_.assign(size_t(1) << kCacheBits, CacheLine{});
    }
  }

  uint32_t get(int64_t x) {
    if (!direct_.empty()) {
      uint32_t& entry = direct_[size_t(x - lowest_)];
      if (entry == 0) entry = evaluate(x);
      return entry;
    }
    CacheLine& line = cache_[size_t((uint64_t(x) * 0x9E3779B97F4A7C15u) >> (64 - kCacheBits))];
    if (line.entry == 0 || line.x != x) line = CacheLine{x, evaluate(x)};
    return line.entry;
  }

  // The LUT values of lanes begin .. end - 1 (LUT inputs xs), lanes of even
  // index from `even`, odd from `odd`, counting their outcomes. The loop over
  // two direct tables reads them through plain pointers, as the hottest
  // loop of an INT8 layer.
  template <typename Sum>
  static void lookup(LutMemo& even, LutMemo& odd, const Sum* xs, uint32_t begin, uint32_t end, int32_t* values,
                     OutcomeCounts& counts);

  static int32_t value(uint32_t entry) { return int16_t(uint16_t(entry)); }
  static unsigned counter_shift(uint32_t entry) { return (entry >> 16) & 0xFFu; }

 private:
  struct CacheLine {
    int64_t x = 0;
    uint32_t entry = 0;
  };

  uint32_t evaluate(int64_t x) const;

  const CdpLutConfig& lut_;
  const CdpLutTables& tables_;
  int64_t lowest_;
  std::vector<uint32_t> direct_;
  std::vector<CacheLine> cache_;
};

uint32_t LutMemo::evaluate(int64_t x) const {
  const LutResult r = lut_evaluate(lut_, tables_, x);
  return uint32_t(uint16_t(r.value)) | (OutcomeCounts::shift_of(r.outcome) << 16) | (uint32_t(1) << 31);
}

template <typename Sum>
void LutMemo::lookup(LutMemo& even, LutMemo& odd, const Sum* xs, uint32_t begin, uint32_t end, int32_t* values,
                     OutcomeCounts& counts) {
  if (even.direct_.empty() || odd.direct_.empty()) {
    LutMemo* const memo_of_parity[2] = {&even, &odd};
    for (uint32_t c = begin; c < end; ++c) {
      const uint32_t entry = memo_of_parity[c % 2]->get(xs[c]);
      counts.add(counter_shift(entry));
      values[c] = value(entry);
    }
    return;
  }
  uint32_t* const table_of_parity[2] = {even.direct_.data(), odd.direct_.data()};
  const int64_t lowest = even.lowest_;  // both memos cover the same x range
  for (uint32_t c = begin; c < end; ++c) {
    uint32_t& entry = table_of_parity[c % 2][size_t(xs[c] - lowest)];
    if (entry == 0) entry = (c % 2 == 0 ? even : odd).evaluate(xs[c]);
    counts.add(counter_shift(entry));
    values[c] = value(entry);
  }
}

// One cube through the datapath, pixel by pixel: rule 1 for every lane of
// the pixel (all surfaces; INT8 from a table of the 256 inputs), the window
// sums (rule 2) from prefix sums of the squares, rules 3-5 from the LutMemo,
// rules 6 and 7 lane by lane. Every value comes from the rule functions
// above; only the order of work differs from element by element.
// kInt16 picks the INT16 rules at compile time.
template <bool kInt16>
void process_cube(const CdpConfig& config, const CdpLutTables& tables, const PackedCube& input, PackedCube& out,
                  CdpStats& stats) {
  const CubeGeometry& g = input.geometry;
  const uint32_t per_atom = g.elements_per_atom();
  const uint32_t surfaces = g.surfaces();
  const uint32_t lanes = surfaces * per_atom;
  const size_t surface_bytes = g.surface_bytes();
  const uint32_t radius = uint32_t(config.normalz_len) + 1;

  // Rule 1 of INT8 for each of the 256 inputs; the range of the converted
  // values (0 included: the lanes beyond C) bounds the LUT inputs.
  std::array<int32_t, 256> convert_in_table{};
  int64_t lowest_c = 0, highest_c = 0;
  if constexpr (kInt16) {
    lowest_c = -(int64_t(1) << 16);  // sat_17
    highest_c = (int64_t(1) << 16) - 1;
  } else {
    for (uint32_t raw = 0; raw < 256; ++raw) {
      convert_in_table[raw] = convert_in_int8(config, int32_t(int8_t(uint8_t(raw))));
      lowest_c = std::min<int64_t>(lowest_c, convert_in_table[raw]);
      highest_c = std::max<int64_t>(highest_c, convert_in_table[raw]);
    }
  }
  const int64_t largest_square = std::max(lowest_c * lowest_c, highest_c * highest_c);
  const int64_t lowest_x = config.sqsum_bypass ? lowest_c : 0;
  const int64_t highest_x = config.sqsum_bypass ? highest_c : int64_t(config.window()) * largest_square;

  // Lane c is channel c of the surface run, so even lanes are the lsb halves
  // of nvdlav1's 16-bit slots; only nvdlav1's INT8 gives them another index
  // path (and a memo of their own; otherwise odd_memo serves every lane).
  CdpLutConfig odd_lut = config.lut;
  odd_lut.int8_full_start = false;
  CdpLutConfig even_lut = odd_lut;
  even_lut.int8_full_start = !kInt16 && config.int16_datapath;
  const uint64_t lookups = uint64_t(lanes) * g.width * g.height;
  LutMemo odd_memo(odd_lut, tables, lowest_x, highest_x, lookups);
  std::optional<LutMemo> own_even_memo;
  if (even_lut.int8_full_start) own_even_memo.emplace(even_lut, tables, lowest_x, highest_x, lookups);
  LutMemo& even_memo = own_even_memo ? *own_even_memo : odd_memo;

  // The converters' settings as locals, which the byte stores of the output
  // cannot alias.
  const CdpConfig converters = config;
  const bool mul_bypass = config.mul_bypass;

  // Per pixel, one pass per stage over arrays indexed by lane, so that each
  // loop keeps its state in registers. converted[c]: rule 1 of lane c.
  // prefix[i]: the sum of the squares of the lanes before i - radius, so
  // that the window of lane c (channels c - r .. c + r, lanes outside
  // counting 0) is prefix[c + 2r + 1] - prefix[c]. xs[c]: the LUT input of
  // lane c, lut_values[c] its LUT result. Sums fit: an INT8 prefix is below
  // 2^16 * 2^13 lanes = 2^29.
  using Sum = std::conditional_t<kInt16, int64_t, int32_t>;
  std::vector<int32_t> converted(lanes);
  std::vector<Sum> prefix(size_t(lanes) + 2 * radius + 1, 0);
  std::vector<Sum> xs(lanes);
  std::vector<int32_t> lut_values(lanes);
  OutcomeCounts counts;
  uint64_t saturations = 0;

  // Rules 6 and 7 for the lanes of one atom, returning the number of
  // saturation flags. Only nvdlav1 counts them (master has no flag): without
  // it the compiler drops the flag's computation.
  const bool count_saturation = config.int16_datapath;
  auto rules_6_and_7 = [&](uint8_t* dst, const int32_t* lane, const int32_t* lut, auto counted) {
    uint32_t flags = 0;
    for (uint32_t e = 0; e < per_atom; ++e) {
      const int64_t m = mul_bypass ? int64_t(lut[e]) : int64_t(lut[e]) * lane[e];
      bool saturated = false;
      if constexpr (kInt16) {
        const int32_t y = convert_out_int16(converters, m, saturated);
        dst[2 * e] = uint8_t(y);
        dst[2 * e + 1] = uint8_t(uint32_t(y) >> 8);
      } else {
        dst[e] = uint8_t(convert_out_int8(converters, m, saturated));
      }
      if constexpr (decltype(counted)::value) flags += saturated ? 1u : 0u;
    }
    return flags;
  };

  for (uint32_t h = 0; h < g.height; ++h) {
    for (uint32_t w = 0; w < g.width; ++w) {
      const size_t pixel = g.atom_offset(0, h, w);
      for (uint32_t s = 0; s < surfaces; ++s) {
        const uint8_t* src = input.bytes.data() + s * surface_bytes + pixel;
        int32_t* lane = converted.data() + size_t(s) * per_atom;
        for (uint32_t e = 0; e < per_atom; ++e) {
          if constexpr (kInt16) {
            lane[e] = convert_in_int16(converters, int16_t(uint16_t(src[2 * e] | (src[2 * e + 1] << 8))));
          } else {
            lane[e] = convert_in_table[src[e]];
          }
        }
      }
      std::fill(converted.begin() + g.channels, converted.end(), 0);

      if (config.sqsum_bypass) {
        std::copy(converted.begin(), converted.end(), xs.begin());
      } else {
        Sum sum = 0;
        for (uint32_t c = 0; c < lanes; ++c) {
          sum += Sum(converted[c]) * converted[c];
          prefix[radius + c + 1] = sum;
        }
        std::fill(prefix.begin() + radius + lanes + 1, prefix.end(), sum);
        for (uint32_t c = 0; c < lanes; ++c) xs[c] = prefix[c + 2 * radius + 1] - prefix[c];
      }

      // In batches of at most kMaxBatch lanes between the flushes of `counts`.
      for (uint32_t begin = 0; begin < lanes; begin += OutcomeCounts::kMaxBatch) {
        const uint32_t end = std::min(lanes, begin + OutcomeCounts::kMaxBatch);
        LutMemo::lookup(even_memo, odd_memo, xs.data(), begin, end, lut_values.data(), counts);
        counts.flush();
      }

      for (uint32_t s = 0; s < surfaces; ++s) {
        const size_t first = size_t(s) * per_atom;
        uint8_t* dst = out.bytes.data() + s * surface_bytes + pixel;
        if (count_saturation) {
          saturations += rules_6_and_7(dst, converted.data() + first, lut_values.data() + first, std::true_type{});
        } else {
          rules_6_and_7(dst, converted.data() + first, lut_values.data() + first, std::false_type{});
        }
      }
    }
  }
  counts.add_to(stats);
  if (config.int16_datapath) saturating_add(stats.out_saturation, saturations);
}

// The per-layer constants of rules 3-5 for the FP16 cube loop: everything
// fp16_interpolate derives from the registers and tables alone, computed
// once with the exact functions. Table t is 0 (LE) or 1 (LO).
struct Fp16LutPlan {
  uint32_t start[2] = {};        // START_LOW as fp32
  uint32_t low[2] = {};          // the uflow slope's low end (fp16_interpolate)
  uint32_t end[2] = {};          // END_LOW as fp32
  uint32_t uflow_scale[2] = {};  // FP17
  uint32_t oflow_scale[2] = {};  // FP17
  uint32_t last[2] = {uint32_t(kCdpLutLeEntries - 1), uint32_t(kCdpLutLoEntries - 1)};
  // base[t][i] = G(T[i]); step[t][i] = Fp32ToFp17(fp32_sub(F(T[i+1]), F(T[i]))).
  std::array<uint32_t, kCdpLutLoEntries> base[2] = {};
  std::array<uint32_t, kCdpLutLoEntries> step[2] = {};
  bool le_linear = false;
  int8_t le_index_offset = 0, le_index_select = 0, lo_index_select = 0;
  // Rule 4 (select_table, outcome_of) for each pair of table states:
  // selection[3 * state(LE) + state(LO)].
  struct Selection {
    uint8_t counter_shift = 0;  // OutcomeCounts::shift_of(outcome)
    uint8_t table = 0;          // 0 LE, 1 LO
  };
  std::array<Selection, 9> selection{};
  static unsigned state(const TableIndex& t) { return t.uflow ? 0u : t.oflow ? 1u : 2u; }

  Fp16LutPlan(const CdpLutConfig& lut, const CdpLutTables& tables) {
    le_linear = lut.le_linear;
    le_index_offset = lut.le_index_offset;
    le_index_select = lut.le_index_select;
    lo_index_select = lut.lo_index_select;
    for (unsigned le = 0; le < 3; ++le) {
      for (unsigned lo = 0; lo < 3; ++lo) {
        TableIndex l, o;
        l.uflow = le == 0;
        l.oflow = le == 1;
        o.uflow = lo == 0;
        o.oflow = lo == 1;
        const CdpLutIndex r = select_table(lut, l, o);
        selection[3 * le + lo] =
            Selection{uint8_t(OutcomeCounts::shift_of(outcome_of(r))), uint8_t(r.select_lo ? 1 : 0)};
      }
    }
    start[0] = fp32_bits(lut.le_start);
    start[1] = fp32_bits(lut.lo_start);
    end[0] = fp32_bits(lut.le_end);
    end[1] = fp32_bits(lut.lo_end);
    low[0] = start[0];
    low[1] = start[1];
    if (!lut.le_linear) {
      const int off = lut.le_index_offset;
      const uint32_t power = off <= -127 ? 0u : uint32_t(off + 127) << 23;
      low[0] = sdp_fp32_add(power, start[0]);
    }
    uflow_scale[0] = sdp_fp16_to_fp17(uint16_t(lut.le_uflow_scale));
    uflow_scale[1] = sdp_fp16_to_fp17(uint16_t(lut.lo_uflow_scale));
    oflow_scale[0] = sdp_fp16_to_fp17(uint16_t(lut.le_oflow_scale));
    oflow_scale[1] = sdp_fp16_to_fp17(uint16_t(lut.lo_oflow_scale));
    for (unsigned t = 0; t < 2; ++t) {
      auto entry = [&](uint32_t i) { return uint16_t(t == 1 ? tables.lo(i) : tables.le(i)); };
      for (uint32_t i = 0; i <= last[t]; ++i) {
        base[t][i] = sdp_fp16_to_fp17(entry(i));
        if (i < last[t]) {
          step[t][i] = sdp_fp32_to_fp17(nvdla_fp32_sub(sdp_fp16_to_fp32(entry(i + 1)), sdp_fp16_to_fp32(entry(i))));
        }
      }
    }
  }
};

// Rules 3-5 for one fp32 LUT input: fp16_lut_index and fp16_interpolate
// with the plan's constants and the fast float functions of float16_fast.h
// (each equal to the exact function it stands for), counting the outcome
// in `counts`.
uint32_t fp16_lut_fast(const Fp16LutPlan& plan, uint32_t x, OutcomeCounts& counts) {
  const uint32_t le_difference = nvdla_fp32_sub_fast(x, plan.start[0]);
  const uint32_t lo_difference =
      plan.start[1] == plan.start[0] ? le_difference : nvdla_fp32_sub_fast(x, plan.start[1]);
  const TableIndex le = plan.le_linear ? fp16_linear_index(le_difference, plan.le_index_select, 64)
                                       : fp16_exponent_index(le_difference, plan.le_index_offset);
  const TableIndex lo = fp16_linear_index(lo_difference, plan.lo_index_select, 256);
  const Fp16LutPlan::Selection selection = plan.selection[Fp16LutPlan::state(le) * 3 + Fp16LutPlan::state(lo)];
  counts.add(selection.counter_shift);
  const unsigned t = selection.table;
  // The selected table's index, picked field by field (no indexed copy).
  const bool uflow = t == 1 ? lo.uflow : le.uflow;
  const bool oflow = t == 1 ? lo.oflow : le.oflow;
  const uint32_t index = t == 1 ? lo.index : le.index;
  const uint32_t fraction = t == 1 ? lo.fraction : le.fraction;
  uint32_t product = 0;
  if (uflow) {
    product = sdp_fp17_mul_fast(sdp_fp32_to_fp17_fast(nvdla_fp32_sub_fast(x, plan.low[t])), plan.uflow_scale[t]);
  } else if (oflow) {
    product = sdp_fp17_mul_fast(sdp_fp32_to_fp17_fast(nvdla_fp32_sub_fast(x, plan.end[t])), plan.oflow_scale[t]);
  } else {
    product = sdp_fp17_mul_fast(plan.step[t][index], fp16_fraction_to_fp17_fast(fraction));
  }
  // index is 0 for uflow and the last entry for oflow: the bases those
  // cases take.
  return sdp_fp17_add_fast(product, plan.base[t][index]);
}

// Rules 0 and 1 (cdp_fp16_convert_in): a normal FP16 (exponent 1 .. 30)
// maps to FP17 by rebiasing its exponent (sdp_fp16_to_fp17's normal case);
// zeros, subnormals, Inf and NaN (flushed or not) take the stage function.
uint32_t fp16_convert_in_fast(const CdpConfig& config, uint16_t x) {
  const uint32_t exponent = (x >> 10) & 0x1Fu;
  if (exponent - 1u < 30u) return (uint32_t(x >> 15) << 16) | ((exponent + 16u) << 10) | (x & 0x3FFu);
  return cdp_fp16_convert_in(config, x);
}

// Rule 2's square (fp16_square) of a normal FP17 (exponent field 1 .. 62,
// magnitude 2^-30 .. 2^32): its fp32 pattern by rebiasing
// (sdp_fp17_to_fp32's normal case), squared in float. The product of two
// 11-bit significands is exact, and it lies in 2^-60 .. 2^64, inside fp32's
// normal range, so FpMul returns it unrounded as IEEE does.
uint32_t fp16_square_of_normal(uint32_t converted) {
  using namespace fast_float_detail;
  const float f = as_float(fp17_normal_to_fp32(converted));
  return float_bits(f * f);
}

// fp16_window_sum for a pixel whose squares are all +0 or normal in 2^-60
// .. 2^64 (no NaN lane): with no negative operand, no NaN and no sum beyond
// 9 * 2^64, every addition is +0 + +0 = +0, an exact 0 + y = y, or a
// normal sum of normal numbers, which FpAdd rounds ties to even as IEEE
// float addition does (sdp_fp32_add_fast's reasoning, with no result
// outside the normal range). The same additions in the same order, lane
// by lane into xs, in a loop the compiler can vectorise.
template <unsigned kRadius>
void fp16_window_sums_native(const uint32_t* squares, uint32_t lanes, uint32_t* xs) {
  using namespace fast_float_detail;
  for (uint32_t c = 0; c < lanes; ++c) {
    const uint32_t* q = squares + c;
    float sum = (as_float(q[-1]) + as_float(q[1])) + as_float(q[0]);
    for (unsigned k = 2; k <= kRadius; ++k) sum = sum + (as_float(q[-int(k)]) + as_float(q[k]));
    xs[c] = float_bits(sum);
  }
}

// fp16_window_sum through sdp_fp32_add_fast, the same additions in the same
// order.
uint32_t fp16_window_sum_fast(unsigned normalz_len, const uint32_t* q) {
  uint32_t sum = sdp_fp32_add_fast(sdp_fp32_add_fast(q[-1], q[1]), q[0]);
  for (int k = 2; k <= int(normalz_len) + 1; ++k) sum = sdp_fp32_add_fast(sum, sdp_fp32_add_fast(q[-k], q[k]));
  return sum;
}

// Rule 2 for the `lanes` lanes of one pixel (cdp_fp16_lut_input of each):
// xs[c] from the FP17 values converted[0 .. lanes - 1], the channels
// outside counting +0. squares has lanes + 8 entries, the first and last
// four +0; squares[4 + c] receives lane c's square. A NaN lane (the only
// FP17 that is neither +-0 nor normal once converted: Inf becomes the
// largest finite FP17) sends the pixel's window sums through the checked
// path.
void fp16_lut_inputs(unsigned normalz_len, bool sqsum_bypass, const uint32_t* converted, uint32_t lanes,
                     uint32_t* squares, uint32_t* xs) {
  if (sqsum_bypass) {
    for (uint32_t c = 0; c < lanes; ++c) xs[c] = sdp_fp17_to_fp32(converted[c]);
    return;
  }
  bool nan_lane = false;
  for (uint32_t c = 0; c < lanes; ++c) {
    const uint32_t v = converted[c];
    uint32_t square = 0;  // +-0 squares to +0
    if (fast_float_detail::fp17_normal(v)) {
      square = fp16_square_of_normal(v);
    } else if (!fast_float_detail::fp17_zero(v)) {
      square = fp16_square(v);
      nan_lane = true;
    }
    squares[4 + c] = square;
  }
  const uint32_t* q = squares + 4;
  if (nan_lane) {
    for (uint32_t c = 0; c < lanes; ++c) xs[c] = fp16_window_sum_fast(normalz_len, q + c);
    return;
  }
  switch (normalz_len) {
    case 0: fp16_window_sums_native<1>(q, lanes, xs); break;
    case 1: fp16_window_sums_native<2>(q, lanes, xs); break;
    case 2: fp16_window_sums_native<3>(q, lanes, xs); break;
    default: fp16_window_sums_native<4>(q, lanes, xs); break;
  }
}

// Rules 6 and 7 (cdp_fp16_output) through sdp_fp17_mul_fast; an FP17
// exponent of 17 .. 46 maps to FP16 by rebiasing (nvdla_fp17_to_fp16's
// normal case), the rest takes nvdla_fp17_to_fp16.
uint16_t fp16_output_fast(bool mul_bypass, uint32_t lut_result, uint32_t converted) {
  uint32_t m = 0;
  if (mul_bypass) {
    const bool nan = ((converted >> 10) & 0x3Fu) == 0x3Fu && (converted & 0x3FFu) != 0;
    m = nan ? converted : lut_result;
  } else {
    m = sdp_fp17_mul_fast(converted, lut_result);
  }
  const uint32_t exponent = (m >> 10) & 0x3Fu;
  if (exponent - 17u < 30u) return uint16_t((((m >> 16) & 1u) << 15) | ((exponent - 16u) << 10) | (m & 0x3FFu));
  return nvdla_fp17_to_fp16(m);
}

// Rules 6 and 7 without MUL_BYPASS for the lanes whose input and LUT result
// are normal FP17 and whose product rounds to an FP17 exponent of 17 .. 46:
// sdp_fp17_mul_fast's product (exact in float, rounded ties to even to 11
// bits) and nvdla_fp17_to_fp16's rebiasing of that exponent range, written
// without branches so that the compiler can vectorise the loop. ys[c]
// receives the FP16 output and common[c] is 1 for those lanes (0 for the
// others, whose ys[c] is left to the caller); returns how many of them are
// +-65504 (never a NaN).
uint32_t fp16_outputs_common(const uint32_t* converted, const uint32_t* lut_values, uint32_t lanes, uint16_t* ys,
                             uint32_t* common) {
  using namespace fast_float_detail;
  uint32_t saturations = 0;
  for (uint32_t c = 0; c < lanes; ++c) {
    const uint32_t a = converted[c], b = lut_values[c];
    const float p = as_float(fp17_normal_to_fp32(a)) * as_float(fp17_normal_to_fp32(b));
    const uint32_t bits = float_bits(p);
    const uint32_t rounded = (bits & 0x7FFFFFFFu) + 0xFFFu + ((bits >> 13) & 1u);
    const uint32_t exponent = (rounded >> 23) - 96u;  // FP17 field, wraps below
    const uint32_t ok = uint32_t(fp17_normal(a)) & uint32_t(fp17_normal(b)) & uint32_t(exponent - 17u < 30u);
    const uint32_t y = ((bits >> 31) << 15) | ((exponent - 16u) << 10) | ((rounded >> 13) & 0x3FFu);
    ys[c] = uint16_t(y);
    common[c] = ok;
    saturations += ok & uint32_t((y & 0x7FFFu) == 0x7BFFu);
  }
  return saturations;
}

// An FP16 cube, pixel by pixel (the window runs over the lanes of all
// surfaces of one pixel): rules 0-1 and the square of rule 2 once per lane,
// then per lane the window sum, the LUT and the output. Every value is the
// stage functions' (the fast helpers above each equal the exact function
// they replace; the LUT constants are computed once per layer with the
// exact functions). Out of line, so that cdp_process and the integer loops
// compile as they would without it.
__attribute__((noinline)) void process_cube_fp16(const CdpConfig& config, const CdpLutTables& tables,
                                                  const PackedCube& input, PackedCube& out, CdpStats& stats) {
  const CubeGeometry& g = input.geometry;
  const uint32_t per_atom = g.elements_per_atom();
  const uint32_t surfaces = g.surfaces();
  const uint32_t lanes = surfaces * per_atom;
  const size_t surface_bytes = g.surface_bytes();
  const Fp16LutPlan plan(config.lut, tables);
  const unsigned normalz_len = config.normalz_len;
  const bool sqsum_bypass = config.sqsum_bypass, mul_bypass = config.mul_bypass;
  // converted[c]: rule 1 of lane c; squares[4 + c]: its square (rule 2,
  // once per lane), four +0 on either side for the window's channels
  // outside the cube (the square of +0); xs[c]: its LUT input.
  std::vector<uint32_t> converted(lanes, 0);
  std::vector<uint32_t> squares(size_t(lanes) + 8, 0);
  std::vector<uint32_t> xs(lanes, 0);
  std::vector<uint32_t> lut_values(lanes, 0);
  std::vector<uint16_t> ys(lanes, 0);
  std::vector<uint32_t> common(lanes, 0);
  uint64_t nan_inputs = 0, inf_inputs = 0, nan_outputs = 0, saturations = 0;
  OutcomeCounts counts;
  for (uint32_t h = 0; h < g.height; ++h) {
    for (uint32_t w = 0; w < g.width; ++w) {
      const size_t pixel = g.atom_offset(0, h, w);
      for (uint32_t s = 0; s < surfaces; ++s) {
        const uint8_t* src = input.bytes.data() + s * surface_bytes + pixel;
        for (uint32_t e = 0; e < per_atom; ++e) {
          const uint32_t c = s * per_atom + e;
          const uint16_t x = uint16_t(src[2 * e] | (src[2 * e + 1] << 8));
          nan_inputs += fp16_is_nan(x) ? 1u : 0u;
          inf_inputs += fp16_is_inf(x) ? 1u : 0u;
          converted[c] = c < g.channels ? fp16_convert_in_fast(config, x) : 0u;
        }
      }
      fp16_lut_inputs(normalz_len, sqsum_bypass, converted.data(), lanes, squares.data(), xs.data());
      // In batches of at most kMaxBatch lanes between the flushes of `counts`.
      for (uint32_t begin = 0; begin < lanes; begin += OutcomeCounts::kMaxBatch) {
        const uint32_t end = std::min(lanes, begin + OutcomeCounts::kMaxBatch);
        for (uint32_t c = begin; c < end; ++c) lut_values[c] = fp16_lut_fast(plan, xs[c], counts);
        counts.flush();
      }
      // Rules 6 and 7: fp16_outputs_common for every lane, the lanes it
      // does not cover through fp16_output_fast.
      if (!mul_bypass) {
        saturations += fp16_outputs_common(converted.data(), lut_values.data(), lanes, ys.data(), common.data());
      }
      for (uint32_t c = 0; c < lanes; ++c) {
        if (!mul_bypass && common[c] != 0) continue;
        const uint16_t y = fp16_output_fast(mul_bypass, lut_values[c], converted[c]);
        nan_outputs += fp16_is_nan(y) ? 1u : 0u;
        saturations += (y & 0x7FFFu) == 0x7BFFu ? 1u : 0u;  // cvtout.v: +-65504
        ys[c] = y;
      }
      for (uint32_t s = 0; s < surfaces; ++s) {
        uint8_t* dst = out.bytes.data() + s * surface_bytes + pixel;
        for (uint32_t e = 0; e < per_atom; ++e) {
          const uint16_t y = ys[s * per_atom + e];
          dst[2 * e] = uint8_t(y);
          dst[2 * e + 1] = uint8_t(y >> 8);
        }
      }
    }
  }
  counts.add_to(stats);
  saturating_add(stats.nan_input, nan_inputs);
  saturating_add(stats.inf_input, inf_inputs);
  saturating_add(stats.nan_output, nan_outputs);
  saturating_add(stats.out_saturation, saturations);
}

}  // namespace

void cdp_fp16_lut_inputs_fast(const CdpConfig& config, const uint32_t* converted, uint32_t lanes, uint32_t* xs) {
  std::vector<uint32_t> squares(size_t(lanes) + 8, 0);
  fp16_lut_inputs(config.normalz_len, config.sqsum_bypass, converted, lanes, squares.data(), xs);
}

void cdp_fp16_lut_lookups_fast(const CdpLutConfig& lut, const CdpLutTables& tables, const uint32_t* xs, size_t count,
                               uint32_t* results, CdpStats& stats) {
  const Fp16LutPlan plan(lut, tables);
  OutcomeCounts counts;
  for (size_t begin = 0; begin < count; begin += OutcomeCounts::kMaxBatch) {
    const size_t end = std::min(count, begin + OutcomeCounts::kMaxBatch);
    for (size_t i = begin; i < end; ++i) results[i] = fp16_lut_fast(plan, xs[i], counts);
    counts.flush();
  }
  counts.add_to(stats);
}

void cdp_process(const CdpConfig& config, const CdpLutTables& tables, const PackedCube& input, PackedCube& out,
                 CdpStats& stats) {
  const CubeGeometry& g = input.geometry;
  if (g.precision != Precision::Int8 && !config.int16_datapath) {
    throw std::invalid_argument(std::string("CDP: ") + precision_name(g.precision) +
                                " needs the nvdlav1 (nv_full) datapath; the master RTL datapath is 8-bit");
  }
  g.validate();
  // The stage functions read the precision from the configuration and the
  // index path from the LUT configuration: both follow the cube.
  CdpConfig c = config;
  c.precision = g.precision;
  c.lut.precision = g.precision;
  c.lut.int8_full_start = false;  // process_cube picks the path per lane
  out.geometry = g;
  out.bytes.resize(g.total_bytes());  // process_cube writes every byte
  if (g.precision == Precision::Fp16) {
    process_cube_fp16(c, tables, input, out, stats);
  } else if (g.precision == Precision::Int16) {
    process_cube<true>(c, tables, input, out, stats);
  } else {
    process_cube<false>(c, tables, input, out, stats);
  }
}

PackedCube cdp_process(const CdpConfig& config, const CdpLutTables& tables, const PackedCube& input,
                       CdpStats& stats) {
  PackedCube out;
  cdp_process(config, tables, input, out, stats);
  return out;
}

std::optional<std::string> cdp_unsupported_or_illegal(const CdpConfig& config) {
  if (config.precision != Precision::Int8 && !config.int16_datapath) {
    return std::string("CDP_RDMA D_DATA_FORMAT.INPUT_DATA ") + precision_name(config.precision) +
           " is not modelled (the master RTL CDP datapath is INT8 only)";
  }
  if (config.dp_precision != config.precision) {
    return std::string("CDP D_DATA_FORMAT.INPUT_DATA_TYPE ") + precision_name(config.dp_precision) +
           " differs from CDP_RDMA D_DATA_FORMAT.INPUT_DATA " + precision_name(config.precision);
  }
  if (config.precision == Precision::Fp16) {
    // NV_NVDLA_CDP_DP_LUT_CTRL_unit.v asserts "LE start should not be set
    // to NaN" / "LO start should not be set to NaN" (fp32 patterns in FP16).
    if (fp32_is_nan(fp32_bits(config.lut.le_start))) {
      return std::string("CDP S_LUT_LE_START_LOW is an fp32 NaN (illegal in FP16)");
    }
    if (fp32_is_nan(fp32_bits(config.lut.lo_start))) {
      return std::string("CDP S_LUT_LO_START_LOW is an fp32 NaN (illegal in FP16)");
    }
  }
  if (config.src_compression) return std::string("CDP_RDMA D_SRC_COMPRESSION_EN is not supported");
  if (config.dst_compression) return std::string("CDP D_DST_COMPRESSION_EN is not supported");
  return std::nullopt;
}

}  // namespace acosim::nvdla

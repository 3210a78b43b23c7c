#include "systemc/nvdla/sdp_lut.h"

#include <algorithm>
#include <limits>

#include "sw/nvdla/regs/sdp.h"
#include "systemc/nvdla/float16.h"
#include "systemc/nvdla/sdp_datapath.h"

namespace acosim::nvdla {

namespace r = regs::sdp;

namespace {

constexpr uint64_t kFractionOne = uint64_t(1) << 35;  // 35-bit fractions
constexpr uint32_t kIndexMax = 511;                    // 9-bit index

// A 5-bit field as a signed number (-16..15).
int8_t signed5(uint32_t v) { return int8_t((v & 0x10u) ? int32_t(v & 0x1Fu) - 32 : int32_t(v & 0x1Fu)); }

struct TableIndex {
  bool uflow = false;
  bool oflow = false;
  uint32_t index = 0;
  uint64_t fraction = 0;
};

// x > start as signed numbers; the difference as the RTL's unsigned 32 bits.
uint32_t distance_above(int32_t x, int32_t start, bool& uflow) {
  uflow = x <= start;
  return uflow ? 0u : uint32_t(int64_t(x) - int64_t(start));
}

// NV_NVDLA_SDP_HLS_lut_line.v with NV_NVDLA_HLS_shiftrightusz (8-bit signed
// shift, 9-bit index, 35-bit fraction).
TableIndex line_index(int32_t x, int32_t start, int8_t select, uint32_t depth) {
  TableIndex t;
  const uint32_t d = distance_above(x, start, t.uflow);
  uint64_t index;
  if (select >= 0) {
    const unsigned s = unsigned(select);
    index = s >= 32 ? 0 : (d >> s);
    if (s <= 35) {
      const uint64_t low = s == 0 ? 0 : (uint64_t(d) & ((uint64_t(1) << s) - 1));
      t.fraction = low << (35 - s);
    } else {
      t.fraction = (s - 35) >= 32 ? 0 : (uint64_t(d) >> (s - 35));
    }
  } else {
    const unsigned s = unsigned(-int(select));  // 1..128
    if (d == 0) {
      index = 0;
    } else {
      index = s >= 32 ? kIndexMax + 1 : (uint64_t(d) << s);
    }
    t.fraction = 0;
  }
  if (index > kIndexMax) index = kIndexMax;
  t.oflow = index >= depth - 1;
  t.index = t.oflow ? depth - 1 : uint32_t(index);
  return t;
}

// NV_NVDLA_SDP_HLS_lut_expn.v (log2 via a leading-sign detector, signed
// 8-bit offset, 65 entries).
TableIndex exponent_index(int32_t x, int32_t start, int8_t offset) {
  constexpr uint32_t depth = kSdpLutLeEntries;
  TableIndex t;
  bool below = false;
  const uint32_t d = distance_above(x, start, below);
  unsigned k = 0;
  if (!below && d != 0) {
    while (k < 31 && (d >> (k + 1)) != 0) ++k;
  }
  const uint64_t low = uint64_t(d) & ((uint64_t(1) << k) - 1);
  t.uflow = below || int(k) < int(offset);
  const uint32_t index = t.uflow ? 0 : uint32_t(int(k) - int(offset));  // 0..159
  t.oflow = index >= depth - 1;
  t.index = t.oflow ? depth - 1 : index;
  t.fraction = (low << (35 - k)) & (kFractionOne - 1);
  return t;
}

// NV_NVDLA_HLS_shiftrightss with a signed 5-bit shift, 32-bit saturated result.
int64_t slope_shift(int64_t m, int8_t shift) {
  if (shift >= 0) return sdp_saturate(sdp_round_shift(m, unsigned(shift)), 32);
  // Any |m| >= 2^31 saturates for a left shift of 1..16, so clamping first
  // keeps the shift exact in 64 bits.
  const int64_t clamped = std::clamp<int64_t>(m, -(int64_t(1) << 40), int64_t(1) << 40);
  return sdp_saturate(clamped * (int64_t(1) << unsigned(-int(shift))), 32);
}

void count(uint32_t& counter, bool event) {
  if (event && counter != std::numeric_limits<uint32_t>::max()) ++counter;
}

}  // namespace

SdpLutConfig decode_lut_config(uint32_t lut_cfg, uint32_t lut_info, uint32_t le_start,
                               uint32_t le_end, uint32_t lo_start, uint32_t lo_end,
                               uint32_t le_slope_scale, uint32_t le_slope_shift,
                               uint32_t lo_slope_scale, uint32_t lo_slope_shift) {
  SdpLutConfig c;
  c.le_linear = r::S_LUT_CFG_LUT_LE_FUNCTION.get(lut_cfg) == r::S_LUT_CFG_LUT_LE_FUNCTION_LINEAR;
  c.uflow_priority_lo =
      r::S_LUT_CFG_LUT_UFLOW_PRIORITY.get(lut_cfg) == r::S_LUT_CFG_LUT_UFLOW_PRIORITY_LO;
  c.oflow_priority_lo =
      r::S_LUT_CFG_LUT_OFLOW_PRIORITY.get(lut_cfg) == r::S_LUT_CFG_LUT_OFLOW_PRIORITY_LO;
  c.hybrid_priority_lo =
      r::S_LUT_CFG_LUT_HYBRID_PRIORITY.get(lut_cfg) == r::S_LUT_CFG_LUT_HYBRID_PRIORITY_LO;
  c.le_index_offset = int8_t(uint8_t(r::S_LUT_INFO_LUT_LE_INDEX_OFFSET.get(lut_info)));
  c.le_index_select = int8_t(uint8_t(r::S_LUT_INFO_LUT_LE_INDEX_SELECT.get(lut_info)));
  c.lo_index_select = int8_t(uint8_t(r::S_LUT_INFO_LUT_LO_INDEX_SELECT.get(lut_info)));
  c.le_start = int32_t(le_start);
  c.le_end = int32_t(le_end);
  c.lo_start = int32_t(lo_start);
  c.lo_end = int32_t(lo_end);
  c.le_uflow_scale =
      int16_t(uint16_t(r::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_UFLOW_SCALE.get(le_slope_scale)));
  c.le_oflow_scale =
      int16_t(uint16_t(r::S_LUT_LE_SLOPE_SCALE_LUT_LE_SLOPE_OFLOW_SCALE.get(le_slope_scale)));
  c.le_uflow_shift = signed5(r::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_UFLOW_SHIFT.get(le_slope_shift));
  c.le_oflow_shift = signed5(r::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT.get(le_slope_shift));
  c.lo_uflow_scale =
      int16_t(uint16_t(r::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_UFLOW_SCALE.get(lo_slope_scale)));
  c.lo_oflow_scale =
      int16_t(uint16_t(r::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE.get(lo_slope_scale)));
  c.lo_uflow_shift = signed5(r::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_UFLOW_SHIFT.get(lo_slope_shift));
  c.lo_oflow_shift = signed5(r::S_LUT_LO_SLOPE_SHIFT_LUT_LO_SLOPE_OFLOW_SHIFT.get(lo_slope_shift));
  return c;
}

// ---- table port -------------------------------------------------------------

bool SdpLutTables::selected_lo() const {
  return r::S_LUT_ACCESS_CFG_LUT_TABLE_ID.get(access_cfg_) == r::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO;
}

bool SdpLutTables::in_range() const {
  return port_address_ < (selected_lo() ? kSdpLutLoEntries : kSdpLutLeEntries);
}

void SdpLutTables::write_access_cfg(uint32_t value) {
  access_cfg_ = value & (r::S_LUT_ACCESS_CFG_LUT_ADDR.mask() |
                         r::S_LUT_ACCESS_CFG_LUT_TABLE_ID.mask() |
                         r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.mask());
  port_address_ = r::S_LUT_ACCESS_CFG_LUT_ADDR.get(value);
}

void SdpLutTables::write_access_data(uint32_t value) {
  const bool write = r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.get(access_cfg_) ==
                     r::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE;
  if (write && in_range()) {
    const uint16_t v = uint16_t(r::S_LUT_ACCESS_DATA_LUT_DATA.get(value));
    if (selected_lo()) {
      lo_[port_address_] = v;
    } else {
      le_[port_address_] = v;
    }
  }
  port_address_ = (port_address_ + 1) & 0x3FFu;
}

uint32_t SdpLutTables::peek_access_data() const {
  if (!in_range()) return 0;
  return selected_lo() ? lo_[port_address_] : le_[port_address_];
}

uint32_t SdpLutTables::read_access_data() {
  const uint32_t v = peek_access_data();
  port_address_ = (port_address_ + 1) & 0x3FFu;
  return v;
}

void SdpLutTables::reset() {
  access_cfg_ = 0;
  port_address_ = 0;
  le_.fill(0);
  lo_.fill(0);
}

// ---- lookup -------------------------------------------------------------------

namespace {

// The table selection shared by both paths (see the header comment).
SdpLutIndex select_table(const SdpLutConfig& config, const TableIndex& le, const TableIndex& lo) {
  SdpLutIndex out;
  out.le_uflow = le.uflow;
  out.le_oflow = le.oflow;
  out.le_index = le.index;
  out.le_fraction = le.fraction;
  out.lo_uflow = lo.uflow;
  out.lo_oflow = lo.oflow;
  out.lo_index = lo.index;
  out.lo_fraction = lo.fraction;
  const bool le_hit = out.le_hit();
  const bool lo_hit = out.lo_hit();
  bool pick_lo;
  if (le.uflow && lo.uflow) {
    pick_lo = config.uflow_priority_lo;
  } else if (le.oflow && lo.oflow) {
    pick_lo = config.oflow_priority_lo;
  } else if (le_hit == lo_hit) {
    pick_lo = config.hybrid_priority_lo;
  } else {
    pick_lo = lo_hit;
  }
  const TableIndex& pick = pick_lo ? lo : le;
  out.select_lo = pick_lo;
  out.index = pick.index;
  out.fraction = pick.fraction;
  out.uflow = pick.uflow;
  out.oflow = pick.oflow;
  return out;
}

void count_lookup(const SdpLutIndex& idx, SdpLutStats& stats) {
  count(stats.le_hit, idx.le_hit());
  count(stats.lo_hit, idx.lo_hit());
  count(stats.uflow, idx.uflow);
  count(stats.oflow, idx.oflow);
  count(stats.hybrid, !idx.uflow && !idx.oflow);
}

// ---- FP16 path (cmod/hls/sdp/sdp_y_idx.cpp, sdp_y_inp.cpp) ----------------------

constexpr uint32_t kFp32Sign = 0x80000000u;

// d = x - start in fp32 (FpSub); true when d is negative, zero or NaN,
// which the FP16 index treats as an underflow.
uint32_t fp_distance(uint32_t x, int32_t start, bool& uflow) {
  const uint32_t d = sdp_fp32_add(x, uint32_t(start) ^ kFp32Sign);
  uflow = (d & kFp32Sign) != 0 || (d & 0x7FFFFFFFu) == 0 || fp32_is_nan(d);
  return d;
}

// LINEAR table on the FP16 path (FpFloatToIntFrac): the index is
// floor(d * 2^-sel) clamped to 511, the fraction the next 35 bits.
TableIndex fp_line_index(uint32_t x, int32_t start, int8_t select, uint32_t depth) {
  TableIndex t;
  const uint32_t d = fp_distance(x, start, t.uflow);
  if (t.uflow) return t;
  const uint64_t significand = (d & 0x7FFFFFu) | 0x800000u;  // 1.f, always with the implied 1
  // The unbiased exponent is an 8-bit signed field: 128 (never reached by
  // a finite difference) would wrap to -128.
  const int exponent = int(int8_t(uint8_t(((d >> 23) & 0xFFu) - 127)));
  const int lshift = exponent - int(select) - 23;  // d * 2^-sel = significand * 2^lshift
  uint64_t index;
  if (lshift >= 9) {
    index = kIndexMax;  // >= 2^23 * 2^9
  } else if (lshift >= 0) {
    index = std::min<uint64_t>(significand << lshift, kIndexMax);
  } else {
    index = -lshift >= 64 ? 0 : std::min<uint64_t>(significand >> -lshift, kIndexMax);
  }
  if (lshift < 0) {
    const int sh = 35 + lshift;
    const uint64_t bits = sh >= 0 ? significand << sh : (-sh >= 64 ? 0 : significand >> -sh);
    t.fraction = bits & (kFractionOne - 1);
  }
  t.oflow = index >= depth - 1;
  if (t.oflow) {
    t.index = depth - 1;
    t.fraction = 0;
  } else {
    t.index = uint32_t(index);
  }
  return t;
}

// EXPONENT table on the FP16 path: the index is the unbiased exponent of d
// minus LUT_LE_INDEX_OFFSET, the fraction d's mantissa as 35 bits.
TableIndex fp_exponent_index(uint32_t x, int32_t start, int8_t offset) {
  constexpr uint32_t depth = kSdpLutLeEntries;
  TableIndex t;
  const uint32_t d = fp_distance(x, start, t.uflow);
  if (t.uflow) return t;
  const int exponent = int((d >> 23) & 0xFFu) - 127;
  if (exponent < int(offset)) {
    t.uflow = true;
    return t;
  }
  const uint32_t index = uint32_t(exponent - int(offset));  // 0..255
  t.oflow = index >= depth - 1;
  if (t.oflow) {
    t.index = depth - 1;
  } else {
    t.index = index;
    t.fraction = uint64_t(d & 0x7FFFFFu) << 12;
  }
  return t;
}

}  // namespace

SdpLutIndex sdp_lut_index(const SdpLutConfig& config, int32_t x) {
  const TableIndex le = config.le_linear
                            ? line_index(x, config.le_start, config.le_index_select,
                                         uint32_t(kSdpLutLeEntries))
                            : exponent_index(x, config.le_start, config.le_index_offset);
  const TableIndex lo =
      line_index(x, config.lo_start, config.lo_index_select, uint32_t(kSdpLutLoEntries));
  return select_table(config, le, lo);
}

SdpLutIndex sdp_lut_index_fp(const SdpLutConfig& config, uint32_t x) {
  const TableIndex le = config.le_linear
                            ? fp_line_index(x, config.le_start, config.le_index_select, uint32_t(kSdpLutLeEntries))
                            : fp_exponent_index(x, config.le_start, config.le_index_offset);
  const TableIndex lo = fp_line_index(x, config.lo_start, config.lo_index_select, uint32_t(kSdpLutLoEntries));
  return select_table(config, le, lo);
}

uint32_t sdp_lut_lookup_fp(const SdpLutConfig& config, const SdpLutTables& tables, uint32_t x, SdpLutStats& stats) {
  const SdpLutIndex idx = sdp_lut_index_fp(config, x);
  count_lookup(idx, stats);
  const size_t size = idx.select_lo ? kSdpLutLoEntries : kSdpLutLeEntries;
  auto entry = [&](size_t i) -> uint16_t {
    if (i >= size) return 0;
    return uint16_t(idx.select_lo ? tables.lo(i) : tables.le(i));
  };
  const uint32_t y0 = sdp_fp16_to_fp17(entry(idx.index));
  if (!idx.uflow && !idx.oflow) {
    // sdp_y_inp.cpp: y0 * (1 - f) + y1 * f in FP17, the weights rounded to FP17.
    const uint64_t f = idx.fraction;
    const uint32_t w0 = f == 0 ? 0x7C00u : sdp_fraction_to_fp17(kFractionOne - f);  // 0x7C00: FP17 1.0
    const uint32_t w1 = sdp_fraction_to_fp17(f);
    const uint32_t y1 = sdp_fp16_to_fp17(entry(size_t(idx.index) + 1));
    return sdp_fp17_to_fp32(sdp_fp17_add(sdp_fp17_mul(w0, y0), sdp_fp17_mul(w1, y1)));
  }
  int32_t offset;
  int16_t scale;
  uint32_t bias = 0;
  if (idx.uflow) {
    offset = idx.select_lo ? config.lo_start : config.le_start;
    scale = idx.select_lo ? config.lo_uflow_scale : config.le_uflow_scale;
    // NV_NVDLA_SDP_CORE_Y_lut.v: for the exponent LE table the bias is the
    // fp32 pattern with exponent field LUT_LE_INDEX_OFFSET + 127 (mod 256)
    // and mantissa 0: 2^offset for -126..127, +0 for -127, the Inf pattern
    // for -128.
    if (!idx.select_lo && !config.le_linear) bias = uint32_t(uint8_t(int(config.le_index_offset) + 127)) << 23;
  } else {
    offset = idx.select_lo ? config.lo_end : config.le_end;
    scale = idx.select_lo ? config.lo_oflow_scale : config.le_oflow_scale;
  }
  // (x - (offset + bias)) in fp32, narrowed to FP17, times the FP16 slope
  // scale, plus y0, in FP17; the slope shifts do not act.
  const uint32_t ob = sdp_fp32_add(uint32_t(offset), bias);
  const uint32_t xob = sdp_fp32_add(x, ob ^ kFp32Sign);
  const uint32_t slope = sdp_fp17_mul(sdp_fp32_to_fp17(xob), sdp_fp16_to_fp17(uint16_t(scale)));
  return sdp_fp17_to_fp32(sdp_fp17_add(y0, slope));
}

int32_t sdp_lut_lookup(const SdpLutConfig& config, const SdpLutTables& tables, int32_t x,
                       SdpLutStats& stats) {
  const SdpLutIndex idx = sdp_lut_index(config, x);
  count_lookup(idx, stats);

  const size_t size = idx.select_lo ? kSdpLutLoEntries : kSdpLutLeEntries;
  auto entry = [&](size_t i) -> int64_t {
    if (i >= size) return 0;
    return idx.select_lo ? tables.lo(i) : tables.le(i);
  };
  const int64_t y0 = entry(idx.index);

  if (!idx.uflow && !idx.oflow) {
    // NV_NVDLA_SDP_HLS_Y_int_inp.v, interpolation: 53-bit sum, rounding shift by 35.
    const int64_t y1 = entry(size_t(idx.index) + 1);
    const int64_t f = int64_t(idx.fraction);
    const int64_t sum = y0 * (int64_t(kFractionOne) - f) + y1 * f;
    return int32_t(sdp_saturate(sdp_round_shift(sum, 35), 32));
  }

  int64_t offset;
  int64_t bias = 0;
  int16_t scale;
  int8_t shift;
  if (idx.uflow) {
    if (!idx.select_lo) {
      offset = config.le_start;
      scale = config.le_uflow_scale;
      shift = config.le_uflow_shift;
      if (!config.le_linear && config.le_index_offset >= 0 && config.le_index_offset < 32) {
        bias = int64_t(1) << unsigned(config.le_index_offset);
      }
    } else {
      offset = config.lo_start;
      scale = config.lo_uflow_scale;
      shift = config.lo_uflow_shift;
    }
  } else if (!idx.select_lo) {
    offset = config.le_end;
    scale = config.le_oflow_scale;
    shift = config.le_oflow_shift;
  } else {
    offset = config.lo_end;
    scale = config.lo_oflow_scale;
    shift = config.lo_oflow_shift;
  }
  const int64_t xsub = int64_t(x) - (bias + offset);  // 34 bits
  const int64_t m = xsub * scale;                      // 50 bits
  const int64_t t = slope_shift(m, shift);
  return int32_t(sdp_saturate(y0 + t, 32));
}

}  // namespace acosim::nvdla

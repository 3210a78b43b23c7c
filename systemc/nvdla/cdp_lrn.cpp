#include "systemc/nvdla/cdp_lrn.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
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

// NV_NVDLA_HLS_shiftrightsu: rnd(p, shift) saturated to `out_bits`, 0 when
// the shift reaches the input width.
int64_t shift_right_su(int64_t p, unsigned shift, unsigned in_width, unsigned out_bits) {
  if (shift >= in_width) return 0;
  return sdp_saturate(sdp_round_shift(p, shift), out_bits);
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

// The INT16 converters' rounding shift (ac_fixed AC_RND_INF in the HLS
// IntShiftRight of cmod/hls/include/nvdla_int.h, the source of
// vlibs/HLS_cdp_{icvt,ocvt}.v): p / 2^shift to nearest, ties away from zero,
// for any shift 0 .. 63 (|p| < 2^50 here, so the sum cannot wrap). Unlike
// the master shifter no shift gives 0 outright.
int64_t round_away(int64_t p, unsigned shift) {
  if (shift == 0) return p;
  const uint64_t magnitude = p < 0 ? uint64_t(0) - uint64_t(p) : uint64_t(p);
  const int64_t q = int64_t((magnitude + (uint64_t(1) << (shift - 1))) >> shift);
  return p < 0 ? -q : q;
}

int64_t clamp_bits(int64_t v, unsigned bits) {
  const int64_t hi = (int64_t(1) << (bits - 1)) - 1;
  return std::clamp(v, -hi - 1, hi);
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
  int k = 0;
  while ((d >> (k + 1)) != 0) ++k;
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

void saturating_add(uint32_t& counter) {
  if (counter != std::numeric_limits<uint32_t>::max()) ++counter;
}

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
  saturated = floor_shifted < y - 1 || floor_shifted > y + 1;
  return int32_t(y);
}

// cdp_ocvt.cpp 16-bit branch: 34-bit difference, 50-bit product, shift
// 0..63, saturate to 16 bits; the flag of IntShiftRightSat compares the
// result with the truncated (floor) shift.
int32_t convert_out_int16(const CdpConfig& config, int64_t m, bool& saturated) {
  const int64_t p = (m - int64_t(config.datout_offset_32)) * config.datout_scale;
  const int64_t y = clamp_bits(round_away(p, config.datout_shifter), 16);
  const int64_t floor_shifted = p >> config.datout_shifter;  // arithmetic: floor
  saturated = floor_shifted < y - 1 || floor_shifted > y + 1;
  return int32_t(y);
}

}  // namespace

int32_t cdp_convert_in(const CdpConfig& config, int32_t x) {
  return config.precision == Precision::Int16 ? convert_in_int16(config, x) : convert_in_int8(config, x);
}

CdpLutIndex cdp_lut_index(const CdpLutConfig& lut, int64_t x) {
  CdpLutIndex r;
  const IndexWidths w = index_widths(lut);
  const TableIndex le = lut.le_linear ? linear_index(x, lut.le_start, lut.le_index_select, 64, w, w.le_linear_bits)
                                      : exponent_index(x, lut.le_start, lut.le_index_offset, w);
  const TableIndex lo = linear_index(x, lut.lo_start, lut.lo_index_select, 256, w, w.lo_bits);
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

int32_t cdp_lut_lookup(const CdpLutConfig& lut, const CdpLutTables& tables, int64_t x, CdpStats& stats) {
  const CdpLutIndex r = cdp_lut_index(lut, x);
  if (r.le_uflow && r.lo_uflow) {
    saturating_add(stats.lut_uflow);
  } else if (r.le_oflow && r.lo_oflow) {
    saturating_add(stats.lut_oflow);
  } else if (r.le_hit() == r.lo_hit()) {
    saturating_add(stats.lut_hybrid);
  } else if (r.le_hit()) {
    saturating_add(stats.lut_le_hit);
  } else {
    saturating_add(stats.lut_lo_hit);
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
  return int32_t(sdp_saturate(y0 + delta, 16));
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

// One cube through the datapath. kInt16 picks the INT16 rules at compile time
// so the INT8 loop carries no per-element precision test.
template <bool kInt16>
void process_cube(const CdpConfig& config, const CdpLutConfig& lut, const CdpLutTables& tables,
                  const PackedCube& input, PackedCube& out, CdpStats& stats) {
  const CubeGeometry& g = input.geometry;
  const uint32_t lanes = g.surfaces() * g.elements_per_atom();
  const int radius = int(config.normalz_len) + 1;
  std::vector<int32_t> converted(lanes);
  std::vector<int64_t> squares(lanes);
  // Lane c is channel c of the surface run (atoms hold an even number of
  // elements), so even lanes are the lsb halves of nvdlav1's 16-bit slots.
  CdpLutConfig lut_even = lut;
  lut_even.int8_full_start = !kInt16 && config.int16_datapath;
  for (uint32_t h = 0; h < g.height; ++h) {
    for (uint32_t w = 0; w < g.width; ++w) {
      for (uint32_t c = 0; c < lanes; ++c) {
        const int32_t raw = input.at(w, h, c);
        if constexpr (kInt16) {
          converted[c] = c < g.channels ? convert_in_int16(config, raw) : 0;
        } else {
          converted[c] = c < g.channels ? convert_in_int8(config, raw) : 0;
        }
        squares[c] = int64_t(converted[c]) * converted[c];
      }
      for (uint32_t c = 0; c < lanes; ++c) {
        int64_t x = converted[c];
        if (!config.sqsum_bypass) {
          x = 0;
          for (int k = -radius; k <= radius; ++k) {
            const int64_t ch = int64_t(c) + k;
            if (ch >= 0 && ch < int64_t(lanes)) x += squares[size_t(ch)];
          }
        }
        const int32_t l = cdp_lut_lookup((c % 2 == 0) ? lut_even : lut, tables, x, stats);
        const int64_t m = cdp_multiply(config, l, converted[c]);
        bool saturated = false;
        if constexpr (kInt16) {
          out.set(w, h, c, convert_out_int16(config, m, saturated));
        } else {
          out.set(w, h, c, convert_out_int8(config, m, saturated));
        }
        if (saturated && config.int16_datapath) saturating_add(stats.out_saturation);
      }
    }
  }
}

}  // namespace

PackedCube cdp_process(const CdpConfig& config, const CdpLutTables& tables, const PackedCube& input,
                       CdpStats& stats) {
  const CubeGeometry& g = input.geometry;
  if (g.precision == Precision::Fp16) {
    throw std::invalid_argument("CDP: FP16 is not modelled");
  }
  if (g.precision == Precision::Int16 && !config.int16_datapath) {
    throw std::invalid_argument("CDP: INT16 needs the nvdlav1 (nv_full) datapath; the master RTL datapath is 8-bit");
  }
  // The stage functions read the precision from the configuration and the
  // index path from the LUT configuration: both follow the cube.
  CdpConfig c = config;
  c.precision = g.precision;
  c.lut.precision = g.precision;
  c.lut.int8_full_start = false;  // process_cube picks the path per lane
  PackedCube out(g);
  if (g.precision == Precision::Int16) {
    process_cube<true>(c, c.lut, tables, input, out, stats);
  } else {
    process_cube<false>(c, c.lut, tables, input, out, stats);
  }
  return out;
}

std::optional<std::string> cdp_unsupported_or_illegal(const CdpConfig& config) {
  if (config.precision == Precision::Fp16 && config.int16_datapath) {
    return std::string("CDP_RDMA D_DATA_FORMAT.INPUT_DATA fp16 is not modelled (nv_full's CDP is modelled for "
                       "INT8 and INT16)");
  }
  const bool int16_ok = config.precision == Precision::Int16 && config.int16_datapath;
  if (config.precision != Precision::Int8 && !int16_ok) {
    return std::string("CDP_RDMA D_DATA_FORMAT.INPUT_DATA ") + precision_name(config.precision) +
           " is not modelled (the master RTL CDP datapath is INT8 only)";
  }
  if (config.dp_precision != config.precision) {
    return std::string("CDP D_DATA_FORMAT.INPUT_DATA_TYPE ") + precision_name(config.dp_precision) +
           " differs from CDP_RDMA D_DATA_FORMAT.INPUT_DATA " + precision_name(config.precision);
  }
  if (config.src_compression) return std::string("CDP_RDMA D_SRC_COMPRESSION_EN is not supported");
  if (config.dst_compression) return std::string("CDP D_DST_COMPRESSION_EN is not supported");
  return std::nullopt;
}

}  // namespace acosim::nvdla

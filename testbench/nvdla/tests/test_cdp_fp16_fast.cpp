// The fast float paths of float16_fast.h (sdp_fp32_add_fast, nvdla_fp32_sub_fast,
// sdp_fp32_mul_fast, sdp_fp17_add_fast, sdp_fp17_mul_fast,
// sdp_fp32_to_fp17_fast, fp16_fraction_to_fp17_fast) against the exact
// functions they stand for, on millions of pseudo-random operands drawn to
// hit the edges (zeros of both signs, subnormals, the largest finite
// values, infinities, NaNs, exponents near overflow and near the flush
// threshold, close exponents for cancellation and halfway ties), and CDP's
// FP16 cube loop (which runs on them) against the FP16 stage functions
// applied element by element on random layers, counters included.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "systemc/nvdla/cdp_lrn.h"
#include "systemc/nvdla/float16.h"
#include "systemc/nvdla/float16_fast.h"
#include "testbench/nvdla/tests/cdp_fp16_stages.h"

namespace acosim::nvdla {
namespace {

// xorshift64*: reproducible operands.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1Du;
  }
  uint32_t below(uint32_t n) { return uint32_t((next() >> 32) % n); }

 private:
  uint64_t state_;
};

// A mantissa of `bits` bits: random, or with runs of zeros or ones at
// the bottom (ties and carries), or all zeros / all ones.
uint32_t mantissa(Random& r, unsigned bits) {
  const uint32_t mask = (1u << bits) - 1;
  const uint32_t m = uint32_t(r.next()) & mask;
  const unsigned cut = r.below(bits + 1);
  switch (r.below(6)) {
    case 0: return m & ~((1u << cut) - 1) & mask;           // trailing zeros
    case 1: return (m | ((1u << cut) - 1)) & mask;          // trailing ones
    case 2: return r.below(2) != 0 ? 0u : mask;             // 1.0 / all ones
    case 3: return ((m & ~((1u << cut) - 1)) | (1u << (cut == 0 ? 0 : cut - 1))) & mask;  // a lone half bit
    default: return m;
  }
}

// An operand of a format with `e_bits` exponent bits and `m_bits` mantissa
// bits: exponent field random, at the edges (0, 1, 2, max - 2 .. max), or
// near `near` (to make exponents of a pair close).
uint32_t operand(Random& r, unsigned e_bits, unsigned m_bits, int near) {
  const int max = (1 << e_bits) - 1;
  int e = 0;
  switch (r.below(5)) {
    case 0: {
      const int edges[] = {0, 1, 2, 3, max - 3, max - 2, max - 1, max};
      e = edges[r.below(8)];
      break;
    }
    case 1:
    case 2: e = near + int(r.below(2 * m_bits + 8)) - int(m_bits + 4); break;
    default: e = int(r.below(uint32_t(max) + 1)); break;
  }
  if (e < 0) e = 0;
  if (e > max) e = max;
  uint32_t m = mantissa(r, m_bits);
  if (r.below(16) == 0) m = 0;  // zeros (with e = 0), Inf (with e = max)
  const uint32_t sign = r.below(2);
  return (sign << (e_bits + m_bits)) | (uint32_t(e) << m_bits) | m;
}

uint32_t fp32_operand(Random& r, int near) {
  if (r.below(64) == 0) return uint32_t(r.next());  // any pattern
  return operand(r, 8, 23, near);
}
uint32_t fp17_operand(Random& r, int near) {
  if (r.below(64) == 0) return uint32_t(r.next()) & 0x1FFFFu;
  return operand(r, 6, 10, near);
}

constexpr int kPairs = 16000000;

TEST(CdpFp16Fast, Fp32AddAndSubMatchTheExactFunctions) {
  Random r(1);
  for (int i = 0; i < kPairs; ++i) {
    const uint32_t a = fp32_operand(r, int(r.below(256)));
    const uint32_t b = fp32_operand(r, int((a >> 23) & 0xFF));
    ASSERT_EQ(sdp_fp32_add_fast(a, b), sdp_fp32_add(a, b)) << std::hex << a << " + " << b;
    ASSERT_EQ(nvdla_fp32_sub_fast(a, b), nvdla_fp32_sub(a, b)) << std::hex << a << " - " << b;
  }
}

TEST(CdpFp16Fast, Fp32MulMatchesTheExactFunction) {
  Random r(2);
  for (int i = 0; i < kPairs; ++i) {
    const uint32_t a = fp32_operand(r, int(r.below(256)));
    // Exponent sums near the bias (flush) and near 254 + bias (overflow).
    const int ea = int((a >> 23) & 0xFF);
    const int near = r.below(2) != 0 ? 127 - ea : 381 - ea;
    const uint32_t b = r.below(4) == 0 ? fp32_operand(r, int(r.below(256))) : fp32_operand(r, near);
    ASSERT_EQ(sdp_fp32_mul_fast(a, b), sdp_fp32_mul(a, b)) << std::hex << a << " * " << b;
  }
}

// The products that IEEE rounds up to 2^-126 from the subnormal range while
// FpMul flushes them (2^-126 - 2^-150 = (2^24 - 1) 2^-150, a tie), and
// their neighbours.
TEST(CdpFp16Fast, Fp32MulAtTheFlushThreshold) {
  for (uint32_t m : {0x7FFFFFu, 0x7FFFFEu, 0x000000u, 0x000001u}) {
    for (uint32_t ea = 1; ea <= 4; ++ea) {
      for (uint32_t eb = 120; eb <= 128; ++eb) {
        const uint32_t a = (ea << 23) | m, b = eb << 23;
        EXPECT_EQ(sdp_fp32_mul_fast(a, b), sdp_fp32_mul(a, b)) << std::hex << a << " * " << b;
        EXPECT_EQ(sdp_fp32_mul_fast(b, a | 0x80000000u), sdp_fp32_mul(b, a | 0x80000000u));
      }
    }
  }
}

TEST(CdpFp16Fast, Fp17AddAndMulMatchTheExactFunctions) {
  Random r(3);
  for (int i = 0; i < kPairs; ++i) {
    const uint32_t a = fp17_operand(r, int(r.below(64)));
    const int ea = int((a >> 10) & 0x3F);
    const uint32_t b = fp17_operand(r, ea);
    ASSERT_EQ(sdp_fp17_add_fast(a, b), sdp_fp17_add(a, b)) << std::hex << a << " + " << b;
    const uint32_t c = fp17_operand(r, r.below(2) != 0 ? 31 - ea : 93 - ea);
    ASSERT_EQ(sdp_fp17_mul_fast(a, c), sdp_fp17_mul(a, c)) << std::hex << a << " * " << c;
    ASSERT_EQ(sdp_fp17_mul_fast(a, b), sdp_fp17_mul(a, b)) << std::hex << a << " * " << b;
  }
  // Bits above the 17 are ignored, as by the exact functions.
  EXPECT_EQ(sdp_fp17_add_fast(0xFFFE7C00u, 0x7C00u), sdp_fp17_add(0xFFFE7C00u, 0x7C00u));
  EXPECT_EQ(sdp_fp17_mul_fast(0xFFFE7C00u, 0x7C00u), sdp_fp17_mul(0xFFFE7C00u, 0x7C00u));
}

// Every FP17 pair whose exponents are both in a band around the flush
// threshold, the middle and the overflow end, with mantissas from a set of
// edge values: exhaustive over those.
TEST(CdpFp16Fast, Fp17EdgeBandsExhaustive) {
  const uint32_t mantissas[] = {0x000, 0x001, 0x002, 0x1FF, 0x200, 0x201, 0x3FE, 0x3FF, 0x155, 0x2AA};
  std::vector<uint32_t> values;
  for (uint32_t e : {0u, 1u, 2u, 3u, 15u, 16u, 17u, 30u, 31u, 32u, 45u, 46u, 47u, 60u, 61u, 62u, 63u}) {
    for (uint32_t m : mantissas) {
      values.push_back((e << 10) | m);
      values.push_back(0x10000u | (e << 10) | m);
    }
  }
  for (uint32_t a : values) {
    for (uint32_t b : values) {
      ASSERT_EQ(sdp_fp17_add_fast(a, b), sdp_fp17_add(a, b)) << std::hex << a << " + " << b;
      ASSERT_EQ(sdp_fp17_mul_fast(a, b), sdp_fp17_mul(a, b)) << std::hex << a << " * " << b;
    }
  }
}

TEST(CdpFp16Fast, Fp32ToFp17MatchesTheExactFunction) {
  // Every exponent field with 2^14 mantissas each (edges and random).
  Random r(4);
  for (uint32_t e = 0; e < 256; ++e) {
    for (uint32_t i = 0; i < (1u << 14); ++i) {
      const uint32_t m = i < 64 ? (i < 32 ? i : 0x7FFFFFu - (i - 32)) : mantissa(r, 23);
      const uint32_t bits = (r.below(2) << 31) | (e << 23) | m;
      ASSERT_EQ(sdp_fp32_to_fp17_fast(bits), sdp_fp32_to_fp17(bits)) << std::hex << bits;
    }
  }
}

TEST(CdpFp16Fast, FractionToFp17Exhaustive) {
  for (uint32_t f = 0; f < (1u << 16); ++f) {
    ASSERT_EQ(fp16_fraction_to_fp17_fast(f), sdp_fraction_to_fp17(uint64_t(f) << 19)) << f;
  }
}

// Every finite fp16 value squared (the window's squares) and summed with
// neighbours: the fast paths on the values the square sums meet.
TEST(CdpFp16Fast, SquaresOfEveryFp16) {
  for (uint32_t x = 0; x < 0x10000u; ++x) {
    const uint32_t f = sdp_fp17_to_fp32(sdp_fp16_to_fp17(uint16_t(x)));
    const uint32_t q = sdp_fp32_mul(f, f);
    ASSERT_EQ(sdp_fp32_mul_fast(f, f), q) << std::hex << x;
    const uint32_t g = sdp_fp17_to_fp32(sdp_fp16_to_fp17(uint16_t(x * 40503u)));
    const uint32_t p = sdp_fp32_mul(g, g);
    ASSERT_EQ(sdp_fp32_add_fast(q, p), sdp_fp32_add(q, p)) << std::hex << x;
  }
}

// An fp16 input pattern: any pattern, or a normal one, a subnormal, a
// zero, Inf, NaN, or one of the largest.
uint16_t fp16_input(Random& r) {
  switch (r.below(10)) {
    case 0: return uint16_t((r.below(2) << 15) | r.below(0x400));                   // zero / subnormal
    case 1: return uint16_t((r.below(2) << 15) | 0x7C00u | r.below(4));             // Inf / NaN
    case 2: return uint16_t((r.below(2) << 15) | (0x7BFFu - r.below(0x400)));      // largest binade
    case 3: return uint16_t(r.next());
    default: return uint16_t((r.below(2) << 15) | ((8 + r.below(16)) << 10) | r.below(0x400));
  }
}

// fp32 START / END patterns: zeros, small, negative, subnormal, huge, Inf,
// or random (NaN included; the START callers skip NaNs).
uint32_t fp32_register(Random& r) {
  const uint32_t choices[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3E800000u, 0x42800000u,
                              0x43800000u, 0x00100000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0x00800000u,
                              0x47000000u, 0xC2000000u};
  if (r.below(4) == 0) return fp32_operand(r, 127);
  return choices[r.below(sizeof choices / sizeof choices[0])];
}

// A random FP16 layer configuration and tables: every register the FP16
// datapath reads, with edge values (zero, negative, subnormal and huge
// STARTs and ENDs, NaN ENDs, any INDEX_SELECT and offset, any scale and
// entry patterns or smooth tables).
void random_layer(Random& r, CdpConfig& c, CdpLutTables& t) {
  c = CdpConfig{};
  c.precision = Precision::Fp16;
  c.dp_precision = Precision::Fp16;
  c.int16_datapath = true;
  c.lut.precision = Precision::Fp16;
  c.normalz_len = uint8_t(r.below(4));
  c.sqsum_bypass = r.below(6) == 0;
  c.mul_bypass = r.below(6) == 0;
  c.nan_to_zero = r.below(2) != 0;
  c.lut.le_linear = r.below(2) != 0;
  c.lut.uflow_priority_lo = r.below(2) != 0;
  c.lut.oflow_priority_lo = r.below(2) != 0;
  c.lut.hybrid_priority_lo = r.below(2) != 0;
  c.lut.le_index_offset = int8_t(r.below(3) == 0 ? int(r.below(256)) - 128 : int(r.below(16)) - 8);
  c.lut.le_index_select = int8_t(r.below(3) == 0 ? int(r.below(256)) - 128 : int(r.below(16)) - 8);
  c.lut.lo_index_select = int8_t(r.below(3) == 0 ? int(r.below(256)) - 128 : int(r.below(16)) - 8);
  auto start_register = [&]() {
    uint32_t v = fp32_register(r);
    while (fp32_is_nan(v)) v = fp32_register(r);  // illegal (cdp_unsupported_or_illegal)
    return int64_t(v);
  };
  c.lut.le_start = start_register();
  c.lut.lo_start = r.below(3) == 0 ? c.lut.le_start : start_register();
  c.lut.le_end = int64_t(fp32_register(r));
  c.lut.lo_end = int64_t(fp32_register(r));
  c.lut.le_uflow_scale = int16_t(fp16_input(r));
  c.lut.le_oflow_scale = int16_t(fp16_input(r));
  c.lut.lo_uflow_scale = int16_t(fp16_input(r));
  c.lut.lo_oflow_scale = int16_t(fp16_input(r));
  const bool smooth = r.below(2) != 0;  // close neighbours (small steps) or any patterns
  uint16_t entry = uint16_t(0x3000 + r.below(0x800));
  for (size_t i = 0; i < kCdpLutLeEntries; ++i) {
    entry = smooth ? uint16_t(entry + r.below(8)) : fp16_input(r);
    t.set_le(i, int16_t(entry));
  }
  for (size_t i = 0; i < kCdpLutLoEntries; ++i) {
    entry = smooth ? uint16_t(entry - r.below(8)) : fp16_input(r);
    t.set_lo(i, int16_t(entry));
  }
}

TEST(CdpFp16Fast, CubeLoopMatchesTheStageFunctionsOnRandomLayers) {
  Random r(5);
  CdpStats all;
  for (int layer = 0; layer < 600; ++layer) {
    CdpConfig c;
    CdpLutTables t;
    random_layer(r, c, t);

    CubeGeometry g;
    g.width = 1 + r.below(4);
    g.height = 1 + r.below(3);
    g.channels = 1 + r.below(70);
    g.precision = Precision::Fp16;
    g.atom_bytes = 32;
    PackedCube in(g);
    for (size_t i = 0; i + 1 < in.bytes.size(); i += 2) {
      const uint16_t v = fp16_input(r);
      in.bytes[i] = uint8_t(v);
      in.bytes[i + 1] = uint8_t(v >> 8);
    }
    CdpStats start;
    start.lut_hybrid = 7;  // counts add to what is there
    const CdpStats got = expect_cube_matches_stages(c, t, in, start, layer);
    all.lut_uflow += got.lut_uflow;
    all.lut_oflow += got.lut_oflow;
    all.lut_le_hit += got.lut_le_hit;
    all.lut_lo_hit += got.lut_lo_hit;
    all.nan_output += got.nan_output;
    all.out_saturation += got.out_saturation;
  }
  EXPECT_GT(all.lut_uflow, 0u);
  EXPECT_GT(all.lut_oflow, 0u);
  EXPECT_GT(all.lut_le_hit, 0u);
  EXPECT_GT(all.lut_lo_hit, 0u);
  EXPECT_GT(all.nan_output, 0u);
  EXPECT_GT(all.out_saturation, 0u);
}

// The cube loop's window sums (cdp_fp16_lut_inputs_fast) against
// cdp_fp16_lut_input lane by lane, bit for bit: pixels of inputs spread
// over the whole fp16 range (NaN and Inf included, flushed or not) and of
// inputs of one binade (whose sums round in their last bits, ties
// included), every window length and SQSUM_BYPASS.
TEST(CdpFp16Fast, LutInputsMatchTheStageFunction) {
  Random r(6);
  for (int pixel = 0; pixel < 20000; ++pixel) {
    CdpConfig c;
    c.precision = Precision::Fp16;
    c.normalz_len = uint8_t(pixel % 4);
    c.sqsum_bypass = pixel % 11 == 0;
    c.nan_to_zero = r.below(2) != 0;
    const uint32_t lanes = 16 * (1 + r.below(5));
    const uint32_t channels = 1 + r.below(lanes);
    const bool one_binade = r.below(2) != 0;
    const uint32_t binade = 1 + r.below(30);
    std::vector<uint32_t> converted(lanes + 8, 0);  // four +0 either side
    for (uint32_t ch = 0; ch < channels; ++ch) {
      const uint16_t x =
          one_binade ? uint16_t((r.below(8) == 0 ? 0x8000u : 0u) | (binade << 10) | r.below(0x400)) : fp16_input(r);
      converted[4 + ch] = cdp_fp16_convert_in(c, x);
    }
    std::vector<uint32_t> xs(lanes, 0);
    cdp_fp16_lut_inputs_fast(c, converted.data() + 4, lanes, xs.data());
    for (uint32_t ch = 0; ch < lanes; ++ch) {
      std::array<uint32_t, 9> window{};
      for (size_t k = 0; k < window.size(); ++k) window[k] = converted[ch + k];
      ASSERT_EQ(xs[ch], cdp_fp16_lut_input(c, window)) << "pixel " << pixel << " lane " << ch;
    }
  }
}

// The cube loop's LUT (cdp_fp16_lut_lookups_fast) against
// cdp_fp16_lut_lookup, bit for bit and counter for counter, on random
// layers and LUT inputs: any fp32 pattern, values near the STARTs, ENDs and
// the uflow low end (within a few ulps, either side), and square sums.
TEST(CdpFp16Fast, LutLookupsMatchTheStageFunction) {
  Random r(7);
  for (int layer = 0; layer < 300; ++layer) {
    CdpConfig c;
    CdpLutTables t;
    random_layer(r, c, t);
    const uint32_t anchors[] = {uint32_t(c.lut.le_start), uint32_t(c.lut.lo_start), uint32_t(c.lut.le_end),
                                uint32_t(c.lut.lo_end), 0x3F800000u, 0u};
    std::vector<uint32_t> xs(12000);
    for (uint32_t& x : xs) {
      switch (r.below(4)) {
        case 0: x = uint32_t(r.next()); break;
        case 1: x = fp32_operand(r, int(r.below(256))); break;
        case 2: {
          const uint32_t a = anchors[r.below(6)];
          x = a + r.below(9) - 4;  // neighbouring patterns (and across the sign for 0)
          break;
        }
        default: x = fp32_operand(r, 127) & 0x7FFFFFFFu; break;  // non-negative, as square sums
      }
    }
    std::vector<uint32_t> got(xs.size(), 0);
    CdpStats got_stats, want_stats;
    got_stats.lut_lo_hit = want_stats.lut_lo_hit = 3;
    cdp_fp16_lut_lookups_fast(c.lut, t, xs.data(), xs.size(), got.data(), got_stats);
    for (size_t i = 0; i < xs.size(); ++i) {
      ASSERT_EQ(got[i], cdp_fp16_lut_lookup(c.lut, t, xs[i], want_stats))
          << "layer " << layer << " x " << std::hex << xs[i];
    }
    EXPECT_EQ(got_stats.lut_uflow, want_stats.lut_uflow) << "layer " << layer;
    EXPECT_EQ(got_stats.lut_oflow, want_stats.lut_oflow) << "layer " << layer;
    EXPECT_EQ(got_stats.lut_hybrid, want_stats.lut_hybrid) << "layer " << layer;
    EXPECT_EQ(got_stats.lut_le_hit, want_stats.lut_le_hit) << "layer " << layer;
    EXPECT_EQ(got_stats.lut_lo_hit, want_stats.lut_lo_hit) << "layer " << layer;
  }
}

// The counters stop at 2^32 - 1 in the cube loop as in the stage functions.
TEST(CdpFp16Fast, CountersSaturate) {
  CdpConfig c;
  c.precision = Precision::Fp16;
  c.dp_precision = Precision::Fp16;
  c.int16_datapath = true;
  c.lut.precision = Precision::Fp16;
  CdpLutTables t;
  CubeGeometry g;
  g.width = 2;
  g.height = 1;
  g.channels = 3;
  g.precision = Precision::Fp16;
  g.atom_bytes = 32;
  PackedCube in(g);
  CdpStats s;
  s.lut_uflow = 0xFFFFFFF0u;
  s.lut_hybrid = 0xFFFFFFF0u;
  s.nan_input = 0xFFFFFFFFu;
  cdp_process(c, t, in, s);
  EXPECT_EQ(s.lut_uflow, 0xFFFFFFFFu);  // 32 lookups of x = +0 underflow both tables
  EXPECT_EQ(s.lut_hybrid, 0xFFFFFFF0u);
  EXPECT_EQ(s.nan_input, 0xFFFFFFFFu);
}

}  // namespace
}  // namespace acosim::nvdla

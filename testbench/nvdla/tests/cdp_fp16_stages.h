// The FP16 CDP cube checked element by element against the stage functions
// of cdp_lrn.h (cdp_fp16_convert_in, cdp_fp16_lut_input,
// cdp_fp16_lut_lookup, cdp_fp16_output), counters included: shared by
// test_cdp_fp16.cpp and test_cdp_fp16_fast.cpp, whose cube loops must equal
// the stages they are built from.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "systemc/nvdla/cdp_lrn.h"
#include "systemc/nvdla/float16.h"

namespace acosim::nvdla {

// Runs cdp_process on `in` with `counters` as the starting counts, checks
// its output and counters against the stage functions, and returns the
// counters cdp_process left.
inline CdpStats expect_cube_matches_stages(const CdpConfig& c, const CdpLutTables& t, const PackedCube& in,
                                           const CdpStats& counters, int layer) {
  CdpStats got = counters;
  const PackedCube out = cdp_process(c, t, in, got);
  CdpStats want = counters;
  const CubeGeometry& g = in.geometry;
  const uint32_t lanes = g.surfaces() * g.elements_per_atom();
  for (uint32_t hh = 0; hh < g.height; ++hh) {
    for (uint32_t ww = 0; ww < g.width; ++ww) {
      std::vector<uint32_t> conv(lanes + 8, 0);
      for (uint32_t ch = 0; ch < lanes; ++ch) {
        const uint16_t x = uint16_t(in.at(ww, hh, ch));
        want.nan_input += fp16_is_nan(x) ? 1u : 0u;
        want.inf_input += fp16_is_inf(x) ? 1u : 0u;
        conv[4 + ch] = ch < g.channels ? cdp_fp16_convert_in(c, x) : 0u;
      }
      for (uint32_t ch = 0; ch < lanes; ++ch) {
        std::array<uint32_t, 9> window{};
        for (size_t k = 0; k < window.size(); ++k) window[k] = conv[ch + k];
        const uint32_t lut = cdp_fp16_lut_lookup(c.lut, t, cdp_fp16_lut_input(c, window), want);
        const uint16_t y = cdp_fp16_output(c, lut, window[4]);
        want.nan_output += fp16_is_nan(y) ? 1u : 0u;
        want.out_saturation += (y & 0x7FFF) == 0x7BFF ? 1u : 0u;
        EXPECT_EQ(uint16_t(out.at(ww, hh, ch)), y) << "layer " << layer << " w " << ww << " h " << hh << " ch " << ch;
        if (uint16_t(out.at(ww, hh, ch)) != y) return got;
      }
    }
  }
  EXPECT_EQ(got.lut_uflow, want.lut_uflow) << "layer " << layer;
  EXPECT_EQ(got.lut_oflow, want.lut_oflow) << "layer " << layer;
  EXPECT_EQ(got.lut_hybrid, want.lut_hybrid) << "layer " << layer;
  EXPECT_EQ(got.lut_le_hit, want.lut_le_hit) << "layer " << layer;
  EXPECT_EQ(got.lut_lo_hit, want.lut_lo_hit) << "layer " << layer;
  EXPECT_EQ(got.nan_input, want.nan_input) << "layer " << layer;
  EXPECT_EQ(got.inf_input, want.inf_input) << "layer " << layer;
  EXPECT_EQ(got.nan_output, want.nan_output) << "layer " << layer;
  EXPECT_EQ(got.out_saturation, want.out_saturation) << "layer " << layer;
  return got;
}

}  // namespace acosim::nvdla

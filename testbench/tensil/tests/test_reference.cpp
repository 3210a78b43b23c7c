// The independent references: the fixed-point primitives against the
// test vectors of Tensil's MACSpec/FixedSpec, small models computed by hand, and the
// example models checked fixed against float within the derived bound.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "testbench/tensil/reference/fixed_reference.h"
#include "testbench/tensil/reference/float_reference.h"
#include "testbench/tensil/tests/example_support.h"

namespace acosim::tensil::reference {
namespace {

constexpr FixedFormat f = kFp16Bp8;

TEST(FixedReference, MacRoundsHalfToEvenOnTheSum) {
  // Rounding cases worked out from macFixedPoint.
  EXPECT_EQ(mac(128, 1, 0, f), 0);
  EXPECT_EQ(mac(384, 1, 0, f), 2);
  EXPECT_EQ(mac(-384, 1, 0, f), -2);
  EXPECT_EQ(mac(3, 128, 0, f), 2);
  EXPECT_EQ(mac(1, 128, 0, f), 0);
  EXPECT_EQ(mac(1, 128, 1, f), 2);
  EXPECT_EQ(mac(-1, 128, 0, f), 0);
  // PE multiply of negatives: -0.1 (raw -26) x 0.265625 (raw 68) = raw -7.
  EXPECT_EQ(mac(-26, 68, 0, f), -7);
  // Above and below one half: 129/256 rounds up, 127/256 down.
  EXPECT_EQ(mac(129, 1, 0, f), 1);
  EXPECT_EQ(mac(127, 1, 0, f), 0);
  EXPECT_EQ(mac(-129, 1, 0, f), -1);
}

TEST(FixedReference, Saturates) {
  // Saturation (FixedBase.scala).
  EXPECT_EQ(plus(32767, 1, f), 32767);
  EXPECT_EQ(plus(-32768, -1, f), -32768);
  EXPECT_EQ(mac(-32768, -32768, 0, f), 32767);
  EXPECT_EQ(mac(32767, 32767, 0, f), 32767);
  EXPECT_EQ(mac(256, 256, 32767, f), 32767);
}

TEST(FixedReference, ConvertsLikeTensilsCompiler) {
  // FixedBase.fromFloat: floor(f * 256 + 0.5), ties toward +infinity, clamped.
  EXPECT_EQ(to_raw(0.7, f), 179);    // 179.2
  EXPECT_EQ(to_raw(1.43, f), 366);   // 366.08
  EXPECT_EQ(to_raw(-2.86, f), -732); // -732.16
  EXPECT_EQ(to_raw(0.5 / 256, f), 1);
  EXPECT_EQ(to_raw(-0.5 / 256, f), 0);
  EXPECT_EQ(to_raw(-1.5 / 256, f), -1);
  EXPECT_EQ(to_raw(200.0, f), 32767);
  EXPECT_EQ(to_raw(-200.0, f), -32768);
  EXPECT_DOUBLE_EQ(to_value(-7, f), -0.02734375);
}

SourceModel dense_model(uint64_t positions, uint64_t inputs, uint64_t units, std::vector<double> weights,
                        std::vector<double> bias, bool relu = false) {
  SourceModel m;
  m.input_name = "x";
  m.output_name = "y";
  m.input_shape = {positions, inputs};
  SourceLayer l;
  l.kind = SourceLayer::Kind::Dense;
  l.relu = relu;
  l.dims = {inputs, units};
  l.weights = std::move(weights);
  l.bias = std::move(bias);
  l.input_shape = m.input_shape;
  l.output_shape = {positions, units};
  m.layers.push_back(l);
  return m;
}

// Tensil common/test/src/FixedSpec.scala "sequential matmul": A (raw x 256) times B
// (raw [[26,51,77],[102,128,154],[179,205,230]]).
TEST(FixedReference, SequentialMatMulVector) {
  std::vector<double> b;
  for (int raw : {26, 51, 77, 102, 128, 154, 179, 205, 230}) b.push_back(raw / 256.0);
  const SourceModel m = dense_model(3, 3, 3, b, {});
  const std::vector<int64_t> out = run_fixed(m, {1, 2, 3, 4, 5, 6, 7, 8, 9}, f, 4);
  EXPECT_EQ(out, (std::vector<int64_t>{767, 922, 1075, 1688, 2074, 2458, 2609, 3226, 3841}));
}

// x = [2, 1] / 256, w = [0.5, 0.5]. In one pass of a 2-lane array:
// mac(2,128,0) = 1 exactly, then mac(1,128,1): 384/256 = 1.5 -> 2. Split
// over two 1-lane passes: 1, then mac(1,128,0): 0.5 -> 0 (even), and
// plus(1, 0) = 1. The chain order decides the last bit (macFixedPoint).
TEST(FixedReference, ChainOrderFollowsTheArrayTiles) {
  const SourceModel m = dense_model(1, 2, 1, {0.5, 0.5}, {});
  const std::vector<double> x = {2 / 256.0, 1 / 256.0};
  EXPECT_EQ(run_fixed(m, x, f, 2), std::vector<int64_t>{2});
  EXPECT_EQ(run_fixed(m, x, f, 1), std::vector<int64_t>{1});
}

// x = [0.3, -0.2] -> raw [77, -51]; w = [0.5, 0.25] -> [128, 64] exact;
// b = 0.1 -> raw 26. mac(77,128,26) = (9856 + 6656)/256 = 64.5 -> 64;
// mac(-51,64,64) = (-3264 + 16384)/256 = 51.25 -> 51.
// Float: 0.15 - 0.05 + 0.1 = 0.2. Bound: |26/256 - 0.1| + 0.5 |77/256 - 0.3|
// + 0.25 |-51/256 + 0.2| + 2 half-LSB steps = 0.0015625 + 0.000390625 +
// 0.0001953125 + 0.00390625.
TEST(Reference, HandComputedDense) {
  const SourceModel m = dense_model(1, 2, 1, {0.5, 0.25}, {0.1});
  EXPECT_EQ(run_fixed(m, {0.3, -0.2}, f, 8), std::vector<int64_t>{51});
  const FloatResult r = run_float(m, {0.3, -0.2}, f);
  ASSERT_EQ(r.values.size(), 1u);
  EXPECT_NEAR(r.values[0], 0.2, 1e-15);
  EXPECT_DOUBLE_EQ(r.error_bound[0], 0.0015625 + 0.000390625 + 0.0001953125 + 0.00390625);
  EXPECT_LE(std::fabs(51 / 256.0 - r.values[0]), r.error_bound[0]);
}

// A 3x3x1 image, 2x2 kernel of ones... computed by hand: with ReLU, then a
// 2x2 max pool over the 2x2 conv output.
TEST(Reference, HandComputedConvReluPool) {
  SourceModel m;
  m.input_name = "x";
  m.output_name = "y";
  m.input_shape = {3, 3, 1};
  SourceLayer conv;
  conv.kind = SourceLayer::Kind::Conv2d;
  conv.relu = true;
  conv.dims = {2, 2, 1, 1};
  conv.weights = {1, -1, 0.5, 0.5};
  conv.bias = {-0.25};
  conv.input_shape = {3, 3, 1};
  conv.output_shape = {2, 2, 1};
  SourceLayer pool;
  pool.kind = SourceLayer::Kind::MaxPool2d;
  pool.pool_height = pool.pool_width = pool.stride_height = pool.stride_width = 2;
  pool.input_shape = {2, 2, 1};
  pool.output_shape = {1, 1, 1};
  m.layers = {conv, pool};
  // Image rows [1 2 3] [4 5 6] [7 8 9]: conv at (y,x) = -0.25 + a - b + 0.5c + 0.5d
  // with a,b the top pair and c,d the bottom pair: (0,0) = 1-2+2+2.5-0.25 = 3.25,
  // (0,1) = 2-3+2.5+3-0.25 = 4.25, (1,0) = 4-5+3.5+4-0.25 = 6.25,
  // (1,1) = 5-6+4+4.5-0.25 = 7.25; all exact; max = 7.25 = raw 1856.
  const std::vector<double> image = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_EQ(run_fixed(m, image, f, 8), std::vector<int64_t>{1856});
  const FloatResult r = run_float(m, image, f);
  EXPECT_DOUBLE_EQ(r.values.at(0), 7.25);
  // Everything exact except the MAC steps that could round: 4 per output.
  EXPECT_DOUBLE_EQ(r.error_bound.at(0), 4 * 0.5 / 256);

  // A negative conv output is clipped by the ReLU before the pool.
  conv.bias = {-100};
  m.layers = {conv, pool};
  EXPECT_EQ(run_fixed(m, image, f, 8), std::vector<int64_t>{0});
}

struct ExampleCase {
  std::string model;
  unsigned n;
};

class ExampleReference : public testing::TestWithParam<ExampleCase> {};

// The fixed-point result lies within the derived bound of the float result;
// the bound is a real constraint (below 0.1 everywhere); rounding shows
// (fixed and float differ somewhere); nothing comes near saturation.
TEST_P(ExampleReference, FixedAgreesWithFloatWithinBound) {
  const ExampleCase& c = GetParam();
  const SourceModel m = read_source_model(test::example_model_path(c.model));
  const std::vector<double> x = test::example_input(c.model, m);
  const std::vector<int64_t> fixed = run_fixed(m, x, f, c.n);
  const FloatResult real = run_float(m, x, f);
  ASSERT_EQ(fixed.size(), real.values.size());
  bool differs = false;
  for (size_t i = 0; i < fixed.size(); ++i) {
    SCOPED_TRACE("element " + std::to_string(i));
    EXPECT_LE(std::fabs(to_value(fixed[i], f) - real.values[i]), real.error_bound[i]);
    EXPECT_LT(real.error_bound[i], 0.1);
    EXPECT_LT(std::fabs(real.values[i]), 64.0);
    differs = differs || to_value(fixed[i], f) != real.values[i];
  }
  EXPECT_TRUE(differs);
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleReference,
                         testing::Values(ExampleCase{"xor", 8}, ExampleCase{"xor", 16}, ExampleCase{"dense", 8},
                                         ExampleCase{"dense", 16}, ExampleCase{"conv", 8}, ExampleCase{"conv", 16}),
                         [](const testing::TestParamInfo<ExampleCase>& param_info) {
                           return param_info.param.model + "_" + std::to_string(param_info.param.n);
                         });

// XOR: raw outputs worked out by hand in examples/tensil/models/xor.json's
// terms: h1 = 179 (0.7) per active input, h2 = relu(h1 - 179);
// y(1,0) = mac(179, 366, 0) = 65514/256 = 255.9 -> 256;
// y(1,1) = mac(179, -732, mac(358, 366, 0) = 512) = (131072 - 131028)/256 -> 0.
TEST(Reference, XorTruthTable) {
  const SourceModel m = read_source_model(test::example_model_path("xor"));
  for (unsigned n : {8u, 16u}) {
    EXPECT_EQ(run_fixed(m, {0, 0, 0, 1, 1, 0, 1, 1}, f, n), (std::vector<int64_t>{0, 256, 256, 0}));
  }
}

// A 16-lane array sums the 12 dense inputs in one pass, an 8-lane array in
// two passes: the chain order differs, and with these inputs so do some
// results' last bits.
TEST(Reference, DenseDependsOnArraySize) {
  const SourceModel m = read_source_model(test::example_model_path("dense"));
  const std::vector<double> x = test::example_input("dense", m);
  EXPECT_NE(run_fixed(m, x, f, 8), run_fixed(m, x, f, 16));
}

}  // namespace
}  // namespace acosim::tensil::reference

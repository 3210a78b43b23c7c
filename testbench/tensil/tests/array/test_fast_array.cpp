// FastArray against hand-computed results (Tensil's RTL rules; test vectors
// of Tensil's MACSpec, FixedSpec and SystolicArraySpec), and LockstepArray's comparison. Raw values: FP16BP8
// raw = value * 256, FP32BP16 raw = value * 65536, FP8BP4 raw = value * 16.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/tensil/array/array_factory.h"
#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/fixed_point.h"
#include "systemc/tensil/array/lockstep_array_engine.h"
#include "testbench/tensil/reference/fixed_reference.h"

namespace acosim::tensil {
namespace {

Architecture arch(DataType type, uint32_t n) {
  Architecture a;
  a.data_type = type;
  a.array_size = n;
  return a;
}

Vector scaled(const std::vector<int32_t>& values, int32_t one) {
  Vector v;
  for (int32_t x : values) v.push_back(x * one);
  return v;
}

// Loads a weight block the way LoadWeights does (Tensil's Decoder.scala): the block
// in memory is the bias, then the row for input 0, 1, ..., n-1; it is
// loaded last row first, the bias last.
void load_block(ArrayEngine& array, const Vector& bias, const std::vector<Vector>& rows) {
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) array.load_weights(*it);
  array.load_weights(bias);
}

// Rows for input j of a matrix A (rows = outputs): R_j[i] = A[i][j].
std::vector<Vector> input_rows(const std::vector<std::vector<int32_t>>& a, int32_t one) {
  const size_t outputs = a.size(), inputs = a[0].size();
  std::vector<Vector> rows(inputs, Vector(outputs));
  for (size_t j = 0; j < inputs; ++j)
    for (size_t i = 0; i < outputs; ++i) rows[j][i] = a[i][j] * one;
  return rows;
}

TEST(FastArray, TwoByTwoWithBias) {
  // y = b + A x with A = [[1,2],[3,4]], b = [1,-2], x = [5,6]:
  // y0 = 1 + 1*5 + 2*6 = 18, y1 = -2 + 3*5 + 4*6 = 37. Integer values make
  // every MAC exact in FP16BP8.
  FastArray array(arch(DataType::FP16BP8, 2));
  load_block(array, scaled({1, -2}, 256), input_rows({{1, 2}, {3, 4}}, 256));
  const auto y = array.run({scaled({5, 6}, 256)});
  ASSERT_EQ(y.size(), 1u);
  EXPECT_EQ(y[0], scaled({18, 37}, 256));
}

TEST(FastArray, ReferenceVectors2x2And3x2ZeroBias) {
  // SystolicArraySpec.scala: [[1,2],[3,4]] x [5,6] = [17,39]; its matrix product
  // [[1,2],[3,4]] . [[5,6],[7,8]] streams columns [5,7] and [6,8] and
  // gives columns [19,43] and [22,50].
  FastArray array(arch(DataType::FP16BP8, 2));
  load_block(array, Vector{0, 0}, input_rows({{1, 2}, {3, 4}}, 256));
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], scaled({17, 39}, 256));
  const auto columns = array.run({scaled({5, 7}, 256), scaled({6, 8}, 256)});
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0], scaled({19, 43}, 256));
  EXPECT_EQ(columns[1], scaled({22, 50}, 256));
}

TEST(FastArray, ReferenceVector3x3InFp32bp16) {
  // SystolicArraySpec.scala: [[1,2,3],[4,5,6],[7,8,9]] x [10,11,12] = [68,167,266],
  // and with columns of [[10,11,12],[13,14,15],[16,17,18]]:
  // [[84,90,96],[201,216,231],[318,342,366]]. FP32BP16 holds them exactly.
  const int32_t one = 65536;
  FastArray array(arch(DataType::FP32BP16, 3));
  load_block(array, Vector{0, 0, 0}, input_rows({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, one));
  EXPECT_EQ(array.run({scaled({10, 11, 12}, one)})[0], scaled({68, 167, 266}, one));
  const auto y =
      array.run({scaled({10, 13, 16}, one), scaled({11, 14, 17}, one), scaled({12, 15, 18}, one)});
  ASSERT_EQ(y.size(), 3u);
  EXPECT_EQ(y[0], scaled({84, 201, 318}, one));
  EXPECT_EQ(y[1], scaled({90, 216, 342}, one));
  EXPECT_EQ(y[2], scaled({96, 231, 366}, one));
}

TEST(FastArray, ThreeByThreeWithBias) {
  // y = b + A x, A = [[1,0,2],[0,-1,1],[3,1,0]], b = [4,-5,0], x = [2,3,-1]:
  // y0 = 4 + 2 + 0 - 2 = 4; y1 = -5 + 0 - 3 - 1 = -9; y2 = 0 + 6 + 3 + 0 = 9.
  FastArray array(arch(DataType::FP16BP8, 3));
  load_block(array, scaled({4, -5, 0}, 256), input_rows({{1, 0, 2}, {0, -1, 1}, {3, 1, 0}}, 256));
  EXPECT_EQ(array.run({scaled({2, 3, -1}, 256)})[0], scaled({4, -9, 9}, 256));
}

TEST(FastArray, SaturatesAtEveryStepOfTheChain) {
  // SystolicArraySpec.scala's 3x3 case in FP16BP8 (max 32767 = 127.996): lane 0
  // 10 + 22 + 36 = 68 fits; lane 1 40 + 55 = 95, + 72 = 167 saturates;
  // lane 2 70 + 88 = 158 saturates, + 108 stays saturated.
  FastArray array(arch(DataType::FP16BP8, 3));
  load_block(array, Vector{0, 0, 0}, input_rows({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 256));
  EXPECT_EQ(array.run({scaled({10, 11, 12}, 256)})[0], (Vector{68 * 256, 32767, 32767}));
}

TEST(FastArray, SaturationIsNotUndoneByLaterTerms) {
  // No guard bits (the datapath is the data type's width): lane 0 = bias 100 + 10*10 - 10*10.
  // MAC(2560, 2560, 25600): m = 6553600 + 6553600 = 13107200, /256 = 51200
  // -> saturates to 32767; MAC(2560, -2560, 32767): m = -6553600 + 8388352
  // = 1834752, /256 = 7167 exactly. Exact arithmetic would give 25600.
  // Lane 1 takes the terms in the other order (bias 100 - 100 + 100 = 100
  // without saturating): 25600, showing the chain order bias, x0, x1.
  FastArray array(arch(DataType::FP16BP8, 2));
  load_block(array, Vector{25600, 25600}, {Vector{2560, -2560}, Vector{-2560, 2560}});
  EXPECT_EQ(array.run({Vector{2560, 2560}})[0], (Vector{7167, 25600}));
}

TEST(FastArray, SaturatesNegativeAndInFp8bp4) {
  // FP8BP4 (raw -128..127, one = 16): lane 0 MAC(16, 127, 0) = 127, then
  // MAC(16, 16, 127) = 16 + 127 = 143 -> 127; lane 1 MAC(16, -128, 0) =
  // -128, then MAC(16, -16, -128) = -144 -> -128.
  FastArray array(arch(DataType::FP8BP4, 2));
  load_block(array, Vector{0, 0}, {Vector{127, -128}, Vector{16, -16}});
  EXPECT_EQ(array.run({Vector{16, 16}})[0], (Vector{127, -128}));
}

TEST(FastArray, PeMultiplyOfNegativesFromMacSpec) {
  // MACSpec.scala: weight -26, input 68, partial sum 0 -> -7
  // (m = -1768, floor(m/256) = -7, fraction 24/256 < 1/2).
  FastArray array(arch(DataType::FP16BP8, 1));
  load_block(array, Vector{0}, {Vector{-26}});
  EXPECT_EQ(array.run({Vector{68}})[0], Vector{-7});
}

TEST(FastArray, RoundsHalfToEvenOnTheSumAtEveryMac) {
  // macFixedPoint rounding: MAC(1,128,1) = 2 (m = 384 -> 1.5 -> 2) but
  // MAC(1,128,0) = 0 (0.5 -> 0): lane 0 has bias 1, lane 1 bias 0; the
  // second input multiplies zero weights and changes nothing.
  FastArray array(arch(DataType::FP16BP8, 2));
  load_block(array, Vector{1, 0}, {Vector{128, 128}, Vector{0, 0}});
  EXPECT_EQ(array.run({Vector{1, 0}})[0], (Vector{2, 0}));

  // Rounding after every step: lane 0 x = [3,3], w = 128 each:
  // MAC(3,128,0): m = 384 -> 1.5 -> 2; MAC(3,128,2): m = 384 + 512 = 896
  // -> 3.5 -> 4 (exact sum 3). Lane 1 x = [1,1], w = 128:
  // MAC(1,128,0) = 0 (0.5 -> 0), again 0 (exact sum 1).
  FastArray chain(arch(DataType::FP16BP8, 2));
  load_block(chain, Vector{0, 0}, {Vector{128, 0}, Vector{128, 0}});
  EXPECT_EQ(chain.run({Vector{3, 3}})[0], (Vector{4, 0}));
  FastArray halves(arch(DataType::FP16BP8, 2));
  load_block(halves, Vector{0, 0}, {Vector{128, 0}, Vector{128, 0}});
  EXPECT_EQ(halves.run({Vector{1, 1}})[0], (Vector{0, 0}));
}

TEST(FastArray, RoundsNegativeTiesToEven) {
  // macFixedPoint rounding: MAC(-384,1,0) = -2 (-1.5 -> -2) and MAC(-1,128,0) = 0
  // (-0.5 -> 0); MAC(384,1,0) = 2 and MAC(128,1,0) = 0.
  FastArray array(arch(DataType::FP16BP8, 4));
  // x = [1,0,0,0]: only row R_0 = [-384, 128, 384, -128] acts (weights
  // times input 1 raw).
  load_block(array, Vector{0, 0, 0, 0},
             {Vector{-384, 128, 384, -128}, Vector(4, 0), Vector(4, 0), Vector(4, 0)});
  EXPECT_EQ(array.run({Vector{1, 0, 0, 0}})[0], (Vector{-2, 0, 2, 0}));
}

TEST(FastArray, FixedSpecSequentialMatmul) {
  // Tensil common/test/src/FixedSpec.scala: A = [[1,2,3],[4,5,6],[7,8,9]] (raw x256)
  // times B raw [[26,51,77],[102,128,154],[179,205,230]] gives raw
  // [[767,922,1075],[1688,2074,2458],[2609,3226,3841]]. Row r of A is the
  // input vector; row k of B is the weight row of input k.
  FastArray array(arch(DataType::FP16BP8, 3));
  load_block(array, Vector{0, 0, 0},
             {Vector{26, 51, 77}, Vector{102, 128, 154}, Vector{179, 205, 230}});
  const auto y =
      array.run({scaled({1, 2, 3}, 256), scaled({4, 5, 6}, 256), scaled({7, 8, 9}, 256)});
  ASSERT_EQ(y.size(), 3u);
  EXPECT_EQ(y[0], (Vector{767, 922, 1075}));
  EXPECT_EQ(y[1], (Vector{1688, 2074, 2458}));
  EXPECT_EQ(y[2], (Vector{2609, 3226, 3841}));
}

TEST(FastArray, IdentityLoadedAsFiveVectorsFromSystolicArraySpec) {
  // SystolicArraySpec.scala: loading [0,0,0,1], [0,0,1,0], [0,1,0,0], [1,0,0,0],
  // [0,0,0,0] in that order (last input's row first, zero bias last) maps
  // [1,2,3,4] to itself.
  FastArray array(arch(DataType::FP16BP8, 4));
  for (const Vector& row : {scaled({0, 0, 0, 1}, 256), scaled({0, 0, 1, 0}, 256),
                            scaled({0, 1, 0, 0}, 256), scaled({1, 0, 0, 0}, 256), Vector(4, 0)}) {
    array.load_weights(row);
  }
  EXPECT_EQ(array.run({scaled({1, 2, 3, 4}, 256)})[0], scaled({1, 2, 3, 4}, 256));
}

TEST(FastArray, OldestRowFallsOffTheWeightStore) {
  // SystolicArray.scala: n+1 rows are kept; a row loaded before the last n+1
  // is gone. The first load (all 9s) must not affect the result.
  FastArray array(arch(DataType::FP16BP8, 2));
  array.load_weights(scaled({9, 9}, 256));
  load_block(array, scaled({1, -2}, 256), input_rows({{1, 2}, {3, 4}}, 256));
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], scaled({18, 37}, 256));
}

TEST(FastArray, PartialLoadShiftsRowsTowardsTheLastInput) {
  // SystolicArray.scala: after loading only P then Q (no third row), W[0] = Q is
  // the bias, W[1] = P multiplies input 0 and W[2] (reset zero) input 1.
  // P = [2,3], Q = [1,1], x = [4,7]: y = [1 + 8, 1 + 12] = [9, 13].
  FastArray array(arch(DataType::FP16BP8, 2));
  array.load_weights(scaled({2, 3}, 256));
  array.load_weights(scaled({1, 1}, 256));
  EXPECT_EQ(array.run({scaled({4, 7}, 256)})[0], scaled({9, 13}, 256));
  // A split load equals a full load (the store is a shift register): loading a bias row
  // afterwards shifts P to input 1 and Q to input 0; bias B = [0,-1]:
  // y = [0 + 4*1 + 7*2, -1 + 4*1 + 7*3] = [18, 24].
  array.load_weights(scaled({0, -1}, 256));
  EXPECT_EQ(array.run({scaled({4, 7}, 256)})[0], scaled({18, 24}, 256));
}

TEST(FastArray, ZeroWeightsAndResetState) {
  FastArray array(arch(DataType::FP16BP8, 2));
  // All rows reset to zero (SystolicArray.scala).
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], (Vector{0, 0}));
  // The compiler's no-bias pattern: weight rows, then LoadWeights zeroes
  // for the bias row. A = [[1,2],[3,4]], x = [5,6] -> [17,39].
  array.load_weights(scaled({9, 9}, 256));
  array.load_weights(scaled({2, 4}, 256));
  array.load_weights(scaled({1, 3}, 256));
  array.load_zero_weights();
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], scaled({17, 39}, 256));
  // n+1 zero rows clear the whole store.
  for (int k = 0; k < 3; ++k) array.load_zero_weights();
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], (Vector{0, 0}));
}

TEST(FastArray, RunZeroesYieldsTheBiasRow) {
  // InnerSystolicArray.scala: MatMul with zeroes gives y = W[0] for every vector.
  FastArray array(arch(DataType::FP16BP8, 2));
  load_block(array, Vector{-300, 77}, input_rows({{1, 2}, {3, 4}}, 256));
  const auto y = array.run_zeroes(3);
  ASSERT_EQ(y.size(), 3u);
  for (const Vector& v : y) EXPECT_EQ(v, (Vector{-300, 77}));
  EXPECT_TRUE(array.run_zeroes(0).empty());
  // SystolicArraySpec.scala: zero bias and the zeroes flag give [0,0,0].
  FastArray three(arch(DataType::FP16BP8, 3));
  load_block(three, Vector{0, 0, 0}, input_rows({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 256));
  EXPECT_EQ(three.run_zeroes(1)[0], (Vector{0, 0, 0}));
}

TEST(FastArray, WeightsStayAcrossRuns) {
  FastArray array(arch(DataType::FP16BP8, 2));
  load_block(array, Vector{0, 0}, input_rows({{1, 2}, {3, 4}}, 256));
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], scaled({17, 39}, 256));
  EXPECT_EQ(array.run({scaled({1, 0}, 256)})[0], scaled({1, 3}, 256));
  EXPECT_EQ(array.run({scaled({5, 6}, 256)})[0], scaled({17, 39}, 256));
  EXPECT_TRUE(array.run({}).empty());
  EXPECT_EQ(array.cycles(), 0u);
  EXPECT_STREQ(array.name(), "fast");
}

TEST(FastArray, RejectsVectorsOfTheWrongLength) {
  FastArray array(arch(DataType::FP16BP8, 2));
  try {
    array.run({Vector{1, 2}, Vector{1, 2, 3}});
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "fast array: input vector 1 has 3 lanes, the 2x2 array takes 2");
  }
  try {
    array.load_weights(Vector{1});
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "fast array: weight row has 1 lanes, the 2x2 array takes 2");
  }
}

TEST(FastArray, RejectsLanesOutsideTheDataType) {
  FastArray array(arch(DataType::FP16BP8, 2));
  try {
    array.run({Vector{0, 0}, Vector{0, 32768}});
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "fast array: input vector 1, lane 1: value 32768 is outside the 16-bit range "
              "[-32768, 32767]");
  }
  EXPECT_THROW(array.load_weights(Vector{-32769, 0}), std::invalid_argument);
  EXPECT_THROW(FastArray(arch(DataType::FP16BP8, 0)), std::invalid_argument);
}

// The MAC (Tensil's macFixedPoint) from the independent reference model
// (testbench/tensil/reference), not from the code the engines use.
int32_t reference_mac(int32_t x, int32_t y, int32_t z, const FixedFormat& f) {
  return int32_t(reference::mac(x, y, z, reference::FixedFormat{f.width, f.binary_point}));
}

TEST(FixedPoint, MacEqualsTheIndependentReferenceExhaustivelyInFp8bp4) {
  // fixed_point.h's mac serves the SIMD ALUs, accumulation and the wide
  // formats of the fast array: every (x, y, z) of FP8BP4.
  const FixedFormat f{8, 4};
  size_t differences = 0;
  for (int32_t x = -128; x <= 127; ++x)
    for (int32_t y = -128; y <= 127; ++y)
      for (int32_t z = -128; z <= 127; ++z)
        if (mac(x, y, z, f) != reference_mac(x, y, z, f) && differences++ < 5)
          ADD_FAILURE() << x << " * " << y << " + " << z << ": " << mac(x, y, z, f) << " != "
                        << reference_mac(x, y, z, f);
  EXPECT_EQ(differences, 0u);
}

TEST(FastArray, OneByOneEqualsTheMacPrimitiveExhaustivelyInFp8bp4) {
  // A 1x1 array computes y = MAC(x, w, b) (the MAC chain with n = 1). Every
  // (w, b) pair is loaded and all 256 inputs streamed; the reference is the
  // independent reference model's MAC.
  const FixedFormat f{8, 4};
  FastArray array(arch(DataType::FP8BP4, 1));
  std::vector<Vector> inputs;
  for (int32_t x = -128; x <= 127; ++x) inputs.push_back(Vector{x});
  size_t differences = 0;
  for (int32_t w = -128; w <= 127; ++w) {
    for (int32_t b = -128; b <= 127; ++b) {
      array.load_weights(Vector{w});
      array.load_weights(Vector{b});
      const auto y = array.run(inputs);
      for (size_t t = 0; t < inputs.size(); ++t) {
        if (y[t][0] != reference_mac(inputs[t][0], w, b, f) && differences++ < 5) {
          ADD_FAILURE() << "x " << inputs[t][0] << " w " << w << " b " << b << ": " << y[t][0]
                        << " != " << reference_mac(inputs[t][0], w, b, f);
        }
      }
    }
  }
  EXPECT_EQ(differences, 0u);
}

// Reference model of the array (InnerSystolicArray.scala) written out with the independent MAC:
// y[i] = bias[i], then y[i] = MAC(x[j], R_j[i], y[i]) for j = 0..n-1.
Vector chain(const Vector& bias, const std::vector<Vector>& rows, const Vector& x,
             const FixedFormat& f) {
  Vector y = bias;
  for (size_t j = 0; j < rows.size(); ++j)
    for (size_t i = 0; i < y.size(); ++i) y[i] = reference_mac(x[j], rows[j][i], y[i], f);
  return y;
}

TEST(FastArray, EqualsTheSequentialMacChainForEveryDataType) {
  // Random raw lanes (mt19937, fixed seed) over the whole range of each
  // type, half of them small so rounding rather than saturation decides.
  for (DataType type :
       {DataType::FP8BP4, DataType::FP16BP8, DataType::FP18BP10, DataType::FP32BP16}) {
    const DataTypeInfo& info = data_type_info(type);
    const FixedFormat f{info.width, info.binary_point};
    std::mt19937 random(7);
    const auto lane = [&] {
      const uint64_t r = random();
      const uint64_t span = uint64_t(f.max() - f.min()) + 1;
      if (r & 1) return static_cast<int32_t>(f.min() + int64_t(uint64_t(random()) % span));
      return static_cast<int32_t>(int64_t(random() % (8u << f.binary_point)) -
                                  (4 << f.binary_point));
    };
    const size_t n = 5;
    FastArray array(arch(type, n));
    for (int block = 0; block < 20; ++block) {
      Vector bias(n);
      std::vector<Vector> rows(n, Vector(n));
      for (int32_t& v : bias) v = lane();
      for (Vector& r : rows)
        for (int32_t& v : r) v = lane();
      load_block(array, bias, rows);
      std::vector<Vector> inputs(8, Vector(n));
      for (Vector& x : inputs)
        for (int32_t& v : x) v = lane();
      const auto y = array.run(inputs);
      for (size_t t = 0; t < inputs.size(); ++t) {
        ASSERT_EQ(y[t], chain(bias, rows, inputs[t], f))
            << info.name << " block " << block << " vector " << t;
      }
    }
  }
}

// An engine that reproduces FastArray but corrupts one lane of one output
// vector (by adding 1), counting what it was asked to do.
class FaultyArray : public ArrayEngine {
 public:
  FaultyArray(const Architecture& a, size_t bad_vector, size_t bad_lane)
      : m_inner(a), m_bad_vector(bad_vector), m_bad_lane(bad_lane) {}
  void load_weights(const Vector& row) override {
    ++loads;
    m_inner.load_weights(row);
  }
  void load_zero_weights() override {
    ++loads;
    m_inner.load_zero_weights();
  }
  std::vector<Vector> run(const std::vector<Vector>& inputs) override {
    return corrupt(m_inner.run(inputs));
  }
  std::vector<Vector> run_zeroes(size_t count) override {
    return corrupt(m_inner.run_zeroes(count));
  }
  bool clock(uint64_t cycle, const ArrayCommand& command, Vector& output) override {
    if (!m_inner.clock(cycle, command, output)) return false;
    if (m_clocked++ == m_bad_vector) output[m_bad_lane] += 1;
    return true;
  }
  void idle_until(uint64_t cycle) override { idled_until = cycle; }
  uint64_t cycles() const override { return 1234; }
  const char* name() const override { return "faulty"; }

  int loads = 0;
  uint64_t idled_until = 0;

 private:
  std::vector<Vector> corrupt(std::vector<Vector> out) const {
    if (m_bad_vector < out.size()) out[m_bad_vector][m_bad_lane] += 1;
    return out;
  }
  FastArray m_inner;
  size_t m_bad_vector, m_bad_lane;
  size_t m_clocked = 0;
};

constexpr size_t kNever = 1u << 30;

TEST(LockstepArray, TwoFastArraysAgree) {
  const Architecture a = arch(DataType::FP16BP8, 2);
  LockstepArray array(std::make_unique<FastArray>(a), std::make_unique<FastArray>(a));
  load_block(array, scaled({1, -2}, 256), input_rows({{1, 2}, {3, 4}}, 256));
  const auto y = array.run({scaled({5, 6}, 256), scaled({5, 7}, 256)});
  ASSERT_EQ(y.size(), 2u);
  EXPECT_EQ(y[0], scaled({18, 37}, 256));
  EXPECT_EQ(y[1], scaled({20, 41}, 256));  // 1 + 5 + 14, -2 + 15 + 28
  EXPECT_EQ(array.run_zeroes(2), (std::vector<Vector>{scaled({1, -2}, 256), scaled({1, -2}, 256)}));
  EXPECT_STREQ(array.name(), "lockstep");
}

TEST(LockstepArray, ForwardsLoadsIdleAndCyclesToBothEngines) {
  const Architecture a = arch(DataType::FP16BP8, 2);
  auto rtl = std::make_unique<FaultyArray>(a, kNever, 0);
  auto fast = std::make_unique<FaultyArray>(a, kNever, 0);
  FaultyArray* rtl_view = rtl.get();
  FaultyArray* fast_view = fast.get();
  LockstepArray array(std::move(rtl), std::move(fast));
  array.load_weights(Vector{1, 2});
  array.load_zero_weights();
  array.idle_until(77);
  EXPECT_EQ(rtl_view->loads, 2);
  EXPECT_EQ(fast_view->loads, 2);
  EXPECT_EQ(rtl_view->idled_until, 77u);
  EXPECT_EQ(fast_view->idled_until, 77u);
  EXPECT_EQ(array.cycles(), 1234u);  // the rtl side's clock
}

TEST(LockstepArray, FaultyFastEngineIsCaughtAtVectorAndLane) {
  // x = [5,6] with A = [[1,2],[3,4]], zero bias: vector 2 lane 1 is 39*256
  // = 9984 on the reference side and 9985 on the corrupted one.
  const Architecture a = arch(DataType::FP16BP8, 2);
  LockstepArray array(std::make_unique<FastArray>(a), std::make_unique<FaultyArray>(a, 2, 1));
  load_block(array, Vector{0, 0}, input_rows({{1, 2}, {3, 4}}, 256));
  try {
    array.run({scaled({1, 1}, 256), scaled({0, 0}, 256), scaled({5, 6}, 256), scaled({1, 1}, 256)});
    FAIL() << "expected ArrayMismatch";
  } catch (const ArrayMismatch& e) {
    EXPECT_EQ(e.vector_index, 2u);
    EXPECT_EQ(e.lane, 1u);
    EXPECT_EQ(e.rtl_value, 9984);
    EXPECT_EQ(e.fast_value, 9985);
    EXPECT_EQ(std::string(e.what()), "array mismatch at vector 2, lane 1: rtl 9984, fast 9985");
  }
}

TEST(LockstepArray, FaultyRtlSideIsCaughtInRunZeroes) {
  // The bias row [-300, 77] comes back; vector 0 lane 0 of the rtl side is
  // off by one (-299).
  const Architecture a = arch(DataType::FP16BP8, 2);
  LockstepArray array(std::make_unique<FaultyArray>(a, 0, 0), std::make_unique<FastArray>(a));
  load_block(array, Vector{-300, 77}, input_rows({{1, 2}, {3, 4}}, 256));
  try {
    array.run_zeroes(2);
    FAIL() << "expected ArrayMismatch";
  } catch (const ArrayMismatch& e) {
    EXPECT_EQ(std::string(e.what()), "array mismatch at vector 0, lane 0: rtl -299, fast -300");
  }
}

// Returns one vector too few.
class ShortArray : public FastArray {
 public:
  using FastArray::FastArray;
  std::vector<Vector> run(const std::vector<Vector>& inputs) override {
    auto out = FastArray::run(inputs);
    out.pop_back();
    return out;
  }
};

TEST(LockstepArray, DifferentVectorCountsAreAnError) {
  const Architecture a = arch(DataType::FP16BP8, 2);
  LockstepArray array(std::make_unique<FastArray>(a), std::make_unique<ShortArray>(a));
  try {
    array.run({Vector{0, 0}, Vector{0, 0}});
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "lockstep array: rtl produced 2 vectors, fast 1");
  }
}

TEST(LockstepArray, RejectsAMissingEngine) {
  const Architecture a = arch(DataType::FP16BP8, 2);
  EXPECT_THROW(LockstepArray(nullptr, std::make_unique<FastArray>(a)), std::invalid_argument);
  EXPECT_THROW(LockstepArray(std::make_unique<FastArray>(a), nullptr), std::invalid_argument);
}

TEST(ArrayEngineKind, NamesRoundTrip) {
  EXPECT_STREQ(array_engine_name(ArrayEngineKind::Rtl), "rtl");
  EXPECT_STREQ(array_engine_name(ArrayEngineKind::Fast), "fast");
  EXPECT_STREQ(array_engine_name(ArrayEngineKind::Lockstep), "lockstep");
  EXPECT_EQ(parse_array_engine("rtl"), ArrayEngineKind::Rtl);
  EXPECT_EQ(parse_array_engine("fast"), ArrayEngineKind::Fast);
  EXPECT_EQ(parse_array_engine("lockstep"), ArrayEngineKind::Lockstep);
  EXPECT_FALSE(parse_array_engine("RTL").has_value());
  EXPECT_FALSE(parse_array_engine("").has_value());
  EXPECT_FALSE(parse_array_engine("fastest").has_value());
}

TEST(ArrayFactory, FastEngineIsAFunctionalArray) {
  auto engine = make_array_engine(ArrayEngineKind::Fast, arch(DataType::FP16BP8, 2));
  ASSERT_NE(engine, nullptr);
  EXPECT_STREQ(engine->name(), "fast");
  load_block(*engine, Vector{0, 0}, input_rows({{1, 2}, {3, 4}}, 256));
  EXPECT_EQ(engine->run({scaled({5, 6}, 256)})[0], scaled({17, 39}, 256));
}

}  // namespace
}  // namespace acosim::tensil

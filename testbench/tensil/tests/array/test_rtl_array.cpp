// The Verilated Tensil array (rtl/tensil/tensil_array.sv) through the RTL
// engine. Expected values come from Tensil MACSpec/SystolicArraySpec test vectors, from
// hand computations written next to them, or from the sequential MAC chain
// (Tensil's macFixedPoint, InnerSystolicArray.scala) restated at the bottom of this file.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/array/rtl_array_engine.h"
#include "systemc/tensil/waves.h"

namespace acosim::tensil {
namespace {

using Matrix = std::vector<std::vector<int32_t>>;

constexpr int32_t kOne = 256;  // 1.0 in FP16BP8 raw units (2^8)

Architecture arch_of(DataType type, unsigned size) {
  Architecture arch;
  arch.data_type = type;
  arch.array_size = size;
  return arch;
}

std::unique_ptr<RtlArray> fp16_array(unsigned size) {
  return std::make_unique<RtlArray>(arch_of(DataType::FP16BP8, size));
}

Vector padded(const std::vector<int32_t>& v, unsigned n) {
  Vector out(n, 0);
  for (size_t k = 0; k < v.size(); ++k) out[k] = v[k];
  return out;
}

// Tensil's Decoder.scala: LoadWeights of a block feeds the row for input n-1 first,
// then ..., the row for input 0, and the bias row last.
void load_block(ArrayEngine& array, const std::vector<Vector>& rows_for_inputs, const Vector& bias) {
  for (auto row = rows_for_inputs.rbegin(); row != rows_for_inputs.rend(); ++row) array.load_weights(*row);
  array.load_weights(bias);
}

// A matrix with rows = output lanes (SystolicArraySpec notation), padded into
// an n x n array: the row for input j holds A[i][j] * scale in lane i.
std::vector<Vector> rows_of(const Matrix& a, unsigned n, int32_t scale) {
  std::vector<Vector> rows(n, Vector(n, 0));
  for (size_t i = 0; i < a.size(); ++i) {
    for (size_t j = 0; j < a[i].size(); ++j) rows[j][i] = a[i][j] * scale;
  }
  return rows;
}

// SystolicArraySpec.scala uses integer lanes. In FP16BP8, a weight of value A (raw
// A*256) times an input of raw x gives raw A*x with no rounding (the
// product is a multiple of 2^8), so the integer expectations carry over.
TEST(RtlArray, Reference82TwoByTwo) {
  auto array = fp16_array(4);
  load_block(*array, rows_of({{1, 2}, {3, 4}}, 4, kOne), Vector(4, 0));
  EXPECT_EQ(array->run({padded({5, 6}, 4)}), std::vector<Vector>{padded({17, 39}, 4)});
}

TEST(RtlArray, Reference82ThreeByThree) {
  auto array = fp16_array(4);
  load_block(*array, rows_of({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 4, kOne), Vector(4, 0));
  EXPECT_EQ(array->run({padded({10, 11, 12}, 4)}), std::vector<Vector>{padded({68, 167, 266}, 4)});
}

TEST(RtlArray, Reference82ThreeOutputsTwoInputs) {
  auto array = fp16_array(4);
  load_block(*array, rows_of({{1, 2}, {3, 4}, {5, 6}}, 4, kOne), Vector(4, 0));
  EXPECT_EQ(array->run({padded({7, 8}, 4)}), std::vector<Vector>{padded({23, 53, 83}, 4)});
}

TEST(RtlArray, Reference82ZeroesFlagGivesZeroBias) {
  auto array = fp16_array(4);
  load_block(*array, rows_of({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 4, kOne), Vector(4, 0));
  EXPECT_EQ(array->run_zeroes(1), std::vector<Vector>{Vector(4, 0)});
}

// SystolicArraySpec.scala matrix products: column k of B streamed as input k, output
// k is column k of A*B.
TEST(RtlArray, Reference82MatrixProductsStreamBackToBack) {
  auto array = fp16_array(4);
  load_block(*array, rows_of({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 4, kOne), Vector(4, 0));
  // B = [[10,11,12],[13,14,15],[16,17,18]], A*B = [[84,90,96],[201,216,231],[318,342,366]].
  const std::vector<Vector> outputs =
      array->run({padded({10, 13, 16}, 4), padded({11, 14, 17}, 4), padded({12, 15, 18}, 4)});
  EXPECT_EQ(outputs, (std::vector<Vector>{padded({84, 201, 318}, 4), padded({90, 216, 342}, 4),
                                          padded({96, 231, 366}, 4)}));

  auto two = fp16_array(4);
  load_block(*two, rows_of({{1, 2}, {3, 4}, {5, 6}}, 4, kOne), Vector(4, 0));
  // [[1,2],[3,4],[5,6]] * [[7,8],[9,10]] = [[25,28],[57,64],[89,100]].
  EXPECT_EQ(two->run({padded({7, 9}, 4), padded({8, 10}, 4)}),
            (std::vector<Vector>{padded({25, 57, 89}, 4), padded({28, 64, 100}, 4)}));
}

// SystolicArraySpec.scala: the 4x4 identity loaded as the five vectors
// [0,0,0,1], [0,0,1,0], [0,1,0,0], [1,0,0,0], [0,0,0,0] maps every input to
// itself, one result per cycle, 2n-1 cycles after its input.
TEST(RtlArray, Reference82IdentityOneResultPerCycle) {
  auto array = fp16_array(4);
  for (const Vector& row : std::vector<Vector>{{0, 0, 0, kOne}, {0, 0, kOne, 0}, {0, kOne, 0, 0}, {kOne, 0, 0, 0}}) {
    array->load_weights(row);
  }
  array->load_zero_weights();
  const std::vector<Vector> inputs{{1, 2, 3, 4}, {-5, 6, -7, 8}, {32767, -32768, 0, 1}};
  const uint64_t before = array->cycles();
  EXPECT_EQ(array->run(inputs), inputs);
  EXPECT_EQ(array->cycles() - before, inputs.size() + 2 * 4 - 1);
}

// Tensil common/test/src/FixedSpec.scala: A = [[1,2,3],[4,5,6],[7,8,9]] (raw x256) times
// B raw [[26,51,77],[102,128,154],[179,205,230]]. Weights = B (row k for
// input k), inputs = rows of A; every product A*256*B is a multiple of 256,
// so no step rounds: e.g. 1*26 + 2*102 + 3*179 = 767.
TEST(RtlArray, Reference81SequentialMatMul) {
  auto array = fp16_array(4);
  const Matrix b{{26, 51, 77}, {102, 128, 154}, {179, 205, 230}};
  std::vector<Vector> rows(4, Vector(4, 0));
  for (size_t k = 0; k < 3; ++k) rows[k] = padded(b[k], 4);
  load_block(*array, rows, Vector(4, 0));
  const std::vector<Vector> outputs =
      array->run({padded({kOne, 2 * kOne, 3 * kOne}, 4), padded({4 * kOne, 5 * kOne, 6 * kOne}, 4),
                  padded({7 * kOne, 8 * kOne, 9 * kOne}, 4)});
  EXPECT_EQ(outputs, (std::vector<Vector>{padded({767, 922, 1075}, 4), padded({1688, 2074, 2458}, 4),
                                          padded({2609, 3226, 3841}, 4)}));
}

// One MAC(x, y, z) per output lane: lane i starts from bias z_i, multiplies
// input i by weight y_i and every other input by 0 (MAC(x, 0, v) = v), so
// lane i shows exactly MAC(x_i, y_i, z_i).
struct MacCase {
  int32_t x, y, z, expected;
};

std::vector<Vector> single_mac_rows(const std::vector<MacCase>& cases, unsigned n) {
  std::vector<Vector> rows(n, Vector(n, 0));
  for (size_t i = 0; i < cases.size(); ++i) rows[i][i] = cases[i].y;
  return rows;
}

void expect_single_macs(const std::vector<MacCase>& cases) {
  const unsigned n = 8;
  ASSERT_LE(cases.size(), n);
  auto array = fp16_array(n);
  Vector bias(n, 0), x(n, 0), expected(n, 0);
  for (size_t i = 0; i < cases.size(); ++i) {
    bias[i] = cases[i].z;
    x[i] = cases[i].x;
    expected[i] = cases[i].expected;
  }
  load_block(*array, single_mac_rows(cases, n), bias);
  EXPECT_EQ(array->run({x}), std::vector<Vector>{expected});
}

// MACSpec.scala (FP16BP8): the PE multiply of negatives and the rounding
// cases derived from macFixedPoint (round half to even, decided on the whole sum):
// (128,1,0): m=128 = 0.5 LSB -> 0; (384,1,0): 1.5 -> 2; (-384,1,0): -1.5 -> -2;
// (3,128,0): 1.5 -> 2; (1,128,0): 0.5 -> 0; (1,128,1): m=384 -> 2;
// (-1,128,0): -0.5 -> 0; weight -26 (-0.1) x input 68 (0.265625):
// m = -1768 = -6.90625 LSB -> -7.
TEST(RtlArray, Reference81MacRounding) {
  expect_single_macs({{128, 1, 0, 0},
                      {384, 1, 0, 2},
                      {-384, 1, 0, -2},
                      {3, 128, 0, 2},
                      {1, 128, 0, 0},
                      {1, 128, 1, 2},
                      {-1, 128, 0, 0},
                      {68, -26, 0, -7}});
}

// Saturation (FixedBase.scala, util/package.scala): plus(a,b) = MAC(a, 1.0, b), times(a,b) =
// MAC(a, b, 0). plus(32767,1) = 32767; plus(-32768,-1) = -32768;
// times(-32768,-32768) = 2^22 LSB -> 32767; times(32767,32767) -> 32767.
// Hand-computed further corners: times(-32768, 32767) = -32767.99... ->
// -32768; MAC(-1, 1, 0): m=-1 = -1/256 LSB -> 0 (bit 7 clear).
TEST(RtlArray, Reference81Saturation) {
  expect_single_macs({{32767, kOne, 1, 32767},
                      {-32768, kOne, -1, -32768},
                      {-32768, -32768, 0, 32767},
                      {32767, 32767, 0, 32767},
                      {-32768, 32767, 0, -32768},
                      {-1, 1, 0, 0}});
}

// InnerSystolicArray.scala: the chain rounds at every step, in the order bias, x[0],
// x[1], ...; no guard bits, every step saturates.
// Lane 0: bias 1, x0 = x1 = 1, weights 128 (0.5):
//   MAC(1,128,1): m = 128 + 256 = 384 (1.5 LSB) -> 2;
//   MAC(1,128,2): m = 128 + 512 = 640 (2.5 LSB) -> 2 (even).
//   Rounding the products first would give 0 + 0 + 1 = 1.
// Lane 1: bias 32767, inputs x2 = x3 = 256 (1.0) with weights 1.0 and -1.0:
// MAC(256, 256, 32767) = 32767 + 256 -> saturates to 32767;
// MAC(256, -256, 32767) = 32767 - 256 = 32511. An exact sum would be 32767.
TEST(RtlArray, ChainRoundsAndSaturatesAtEveryStep) {
  auto array = fp16_array(4);
  std::vector<Vector> rows(4, Vector(4, 0));
  rows[0] = {128, 0, 0, 0};
  rows[1] = {128, 0, 0, 0};
  rows[2] = {0, kOne, 0, 0};
  rows[3] = {0, -kOne, 0, 0};
  load_block(*array, rows, {1, 32767, 0, 0});
  EXPECT_EQ(array->run({{1, 1, kOne, kOne}}), (std::vector<Vector>{{2, 32511, 0, 0}}));
}

// The MatMul and LoadWeights zeroes flags. run_zeroes yields the bias row; a zero
// load shifts the old bias into the row of input 0, so input 1.0 in lane 0
// reproduces it (MAC(256, b, 0) = b exactly).
TEST(RtlArray, ZeroesFlags) {
  auto array = fp16_array(4);
  const Vector bias{100, -200, 300, -32768};
  load_block(*array, rows_of({{1, 2}, {3, 4}}, 4, kOne), bias);
  EXPECT_EQ(array->run_zeroes(3), (std::vector<Vector>{bias, bias, bias}));
  array->load_zero_weights();
  EXPECT_EQ(array->run_zeroes(1), std::vector<Vector>{Vector(4, 0)});
  EXPECT_EQ(array->run({{kOne, 0, 0, 0}}), std::vector<Vector>{bias});
}

// SystolicArray.scala: the weight store is a shift register of n+1 rows; after
// n+2 loads the first row has fallen off, and a load split in two is the
// same as one.
TEST(RtlArray, WeightStoreShiftsAndDropsTheOldestRow) {
  auto array = fp16_array(4);
  array->load_weights(Vector(4, 7 * kOne));  // the oldest: falls off at the sixth load
  // Identity for inputs 3..0, then the bias: y = bias + x.
  array->load_weights({0, 0, 0, kOne});
  array->load_weights({0, 0, kOne, 0});
  array->load_weights({0, kOne, 0, 0});
  array->load_weights({kOne, 0, 0, 0});
  array->load_weights({10, 20, 30, 40});
  EXPECT_EQ(array->run({{3, 4, 5, 6}}), (std::vector<Vector>{{13, 24, 35, 46}}));
  // One more load shifts every row by one (shift register): bias [1,2,3,4],
  // input 0's row = old bias [10,20,30,40], input j's row = old input j-1's
  // row (1.0 in lane j-1), old input 3's row falls off. With x = [1.0,5,6,7]:
  // lane i = bias[i] + old_bias[i] + x[i+1] (no x[4] for lane 3).
  array->load_weights({1, 2, 3, 4});
  EXPECT_EQ(array->run({{kOne, 5, 6, 7}}), (std::vector<Vector>{{1 + 10 + 5, 2 + 20 + 6, 3 + 30 + 7, 4 + 40}}));
}

TEST(RtlArray, CycleCountsFollowTheContract) {
  auto array = fp16_array(4);
  EXPECT_EQ(array->cycles(), 0u);
  load_block(*array, rows_of({{1}}, 4, kOne), Vector(4, 0));
  EXPECT_EQ(array->cycles(), 5u);  // n+1 loads, one cycle each
  array->run({Vector(4, 1), Vector(4, 2), Vector(4, 3)});
  EXPECT_EQ(array->cycles(), 5u + 3 + 7);  // inputs + 2n-1
  array->run_zeroes(2);
  EXPECT_EQ(array->cycles(), 15u + 2 + 7);
  EXPECT_TRUE(array->run({}).empty());
  EXPECT_EQ(array->cycles(), 24u);
  EXPECT_EQ(array->cycle(), 24u);
  array->idle_until(100);
  EXPECT_EQ(array->cycles(), 24u);  // idling moves time, not the clock
  EXPECT_EQ(array->cycle(), 100u);
  array->idle_until(50);  // never backwards
  EXPECT_EQ(array->cycle(), 100u);
  array->load_zero_weights();
  EXPECT_EQ(array->cycles(), 25u);
  EXPECT_EQ(array->cycle(), 101u);

  auto large = fp16_array(8);
  large->run_zeroes(10);
  EXPECT_EQ(large->cycles(), 10u + 15);
}

TEST(RtlArray, MissingConfigurationNamesTheCMakeOption) {
  ASSERT_FALSE(rtl_array_available(DataType::FP16BP8, 12)) << "this test needs FP16BP8:12 left out";
  try {
    make_rtl_array_engine(arch_of(DataType::FP16BP8, 12));
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "the rtl engine has no FP16BP8 12x12 array: add FP16BP8:12 to the CMake option "
                 "ACOSIM_TENSIL_RTL_CONFIGS");
  }
  ASSERT_FALSE(rtl_array_available(DataType::FP8BP4, 3));
  try {
    make_rtl_array_engine(arch_of(DataType::FP8BP4, 3));
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "the rtl engine has no FP8BP4 3x3 array: add FP8BP4:3 to the CMake option "
                 "ACOSIM_TENSIL_RTL_CONFIGS");
  }
  EXPECT_TRUE(rtl_array_available(DataType::FP16BP8, 4));
  EXPECT_TRUE(rtl_array_available(DataType::FP16BP8, 8));
}

TEST(RtlArray, BadVectorsAreRejectedWithTheirPosition) {
  auto array = fp16_array(4);
  try {
    array->load_weights({1, 2, 3});
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("weight row has 3 lanes, the 4x4 array takes 4"), std::string::npos)
        << e.what();
  }
  try {
    array->run({Vector(4, 0), {0, 0, 32768, 0}});
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("input vector 1, lane 2: value 32768 is outside the FP16BP8 range "
                                         "[-32768, 32767]"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(array->cycles(), 0u);  // rejected before any clock
  EXPECT_THROW(RtlArray(arch_of(DataType::FP16BP8, 0)), std::invalid_argument);
}

// ---- independent reference: macFixedPoint restated with division ----

int32_t reference_mac(int64_t x, int64_t y, int64_t z, unsigned width, unsigned bp) {
  const int64_t scale = int64_t(1) << bp;
  const int64_t m = x * y + z * scale;
  int64_t q = m / scale;
  if (q * scale > m) q -= 1;  // floor
  const int64_t r = m - q * scale;
  const int64_t half = scale / 2;
  if (r > half || (r == half && (q % 2 != 0))) q += 1;  // half to even
  const int64_t max = (int64_t(1) << (width - 1)) - 1;
  const int64_t min = -(int64_t(1) << (width - 1));
  return int32_t(q > max ? max : (q < min ? min : q));
}

// Deterministic pseudo-random raw values covering the whole W-bit range.
struct Lcg {
  uint64_t state;
  int32_t next(unsigned width) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const uint64_t raw = (state >> 20) & ((uint64_t(1) << width) - 1);
    return int32_t(int64_t(raw << (64 - width)) >> (64 - width));
  }
};

void expect_matches_reference(DataType type, unsigned n, uint64_t seed, unsigned small_bits) {
  const DataTypeInfo& info = data_type_info(type);
  auto array = make_rtl_array_engine(arch_of(type, n));
  Lcg lcg{seed};
  // Small magnitudes exercise rounding, full-range ones saturation.
  const auto value = [&](size_t k) { return k % 3 == 0 ? lcg.next(info.width) : lcg.next(small_bits); };
  std::vector<Vector> store(n + 1, Vector(n));  // store[0] bias, store[1+j] input j
  for (size_t k = 0; k <= n; ++k) {
    for (unsigned i = 0; i < n; ++i) store[k][i] = value(k + i);
  }
  for (size_t k = n + 1; k-- > 0;) array->load_weights(store[k]);
  std::vector<Vector> inputs(40, Vector(n));
  for (size_t t = 0; t < inputs.size(); ++t) {
    for (unsigned j = 0; j < n; ++j) inputs[t][j] = value(t + j + 1);
  }
  const std::vector<Vector> outputs = array->run(inputs);
  ASSERT_EQ(outputs.size(), inputs.size());
  for (size_t t = 0; t < inputs.size(); ++t) {
    for (unsigned i = 0; i < n; ++i) {
      int32_t v = store[0][i];
      for (unsigned j = 0; j < n; ++j) v = reference_mac(inputs[t][j], store[1 + j][i], v, info.width, info.binary_point);
      ASSERT_EQ(outputs[t][i], v) << "vector " << t << ", lane " << i;
    }
  }
}

TEST(RtlArray, MatchesTheReferenceChainFp16bp8) {
  expect_matches_reference(DataType::FP16BP8, 8, 1, 10);
  expect_matches_reference(DataType::FP16BP8, 4, 2, 12);
}

TEST(RtlArray, MatchesTheReferenceChainOtherBuiltTypes) {
  unsigned checked = 0;
  for (DataType type : {DataType::FP8BP4, DataType::FP18BP10, DataType::FP32BP16}) {
    for (unsigned n : {2u, 4u, 8u}) {
      if (!rtl_array_available(type, n)) continue;
      expect_matches_reference(type, n, 3 + n, data_type_info(type).width / 2 + 2);
      ++checked;
    }
  }
  if (checked == 0) GTEST_SKIP() << "no FP8BP4, FP18BP10 or FP32BP16 array in ACOSIM_TENSIL_RTL_CONFIGS";
}

// ---- waves ----

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A short TCU-like sequence with waves: observe, load, idle, run, observe
// a cycle the array has already passed (bumped), close.
std::vector<Vector> run_with_waves(const std::string& path) {
  auto array = fp16_array(4);
  TcuWaves waves(path, 1000, *array);
  TcuObservation observation;
  observation.instruction_valid = true;
  observation.opcode = 0x2;  // LoadWeights
  waves.observe(0, observation);
  load_block(*array, rows_of({{1, 2}, {3, 4}}, 4, kOne), Vector(4, 0));
  observation.program_counter = 1;
  observation.opcode = 0x1;  // MatMul
  observation.dram0_read = true;
  waves.observe(6, observation);
  array->idle_until(6);
  std::vector<Vector> outputs = array->run({padded({5, 6}, 4), padded({7, 8}, 4)});
  observation.program_counter = 2;
  waves.observe(8, observation);  // the array has already reached cycle 15
  waves.close();
  waves.close();  // idempotent
  return outputs;
}

TEST(RtlArrayWaves, SameRunGivesTheSameBytes) {
  const std::string first = ::testing::TempDir() + "rtl_array_waves_first.vcd";
  const std::string second = ::testing::TempDir() + "rtl_array_waves_second.vcd";
  const std::vector<Vector> expected{padded({17, 39}, 4), padded({23, 53}, 4)};
  EXPECT_EQ(run_with_waves(first), expected);  // tracing does not change results
  EXPECT_EQ(run_with_waves(second), expected);
  const std::string a = read_bytes(first);
  const std::string b = read_bytes(second);
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.find("$date"), std::string::npos);
  EXPECT_NE(a.find("1ps"), std::string::npos);
  EXPECT_NE(a.find("tensil_array"), std::string::npos);
  EXPECT_NE(a.find("tcu_observer"), std::string::npos);
  EXPECT_NE(a.find("program_counter"), std::string::npos);
}

TEST(RtlArrayWaves, TimeStampsFollowTheCycleAndOnlyIncrease) {
  const std::string path = ::testing::TempDir() + "rtl_array_waves_times.vcd";
  run_with_waves(path);
  std::istringstream lines(read_bytes(path));
  std::vector<uint64_t> times;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] == '#') times.push_back(std::stoull(line.substr(1)));
  }
  // Observer at cycle 0 (0 ps); five loads at cycles 0..4 (c*1000 + 250 and
  // + 750); observer at cycle 6; the run from cycle 6 for 2 + 7 cycles
  // (6250 ... 14750); observer at cycle 8 = 8000 ps, already passed: bumped
  // to 14751.
  std::vector<uint64_t> expected{0};
  for (uint64_t c = 0; c < 5; ++c) {
    expected.push_back(c * 1000 + 250);
    expected.push_back(c * 1000 + 750);
  }
  expected.push_back(6000);
  for (uint64_t c = 6; c < 15; ++c) {
    expected.push_back(c * 1000 + 250);
    expected.push_back(c * 1000 + 750);
  }
  expected.push_back(14751);
  EXPECT_EQ(times, expected);
}

TEST(RtlArrayWaves, UncreatableFileIsNamed) {
  auto array = fp16_array(4);
  const std::string path = ::testing::TempDir() + "no_such_directory/waves.vcd";
  try {
    TcuWaves waves(path, 1000, *array);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot create VCD file '" + path + "'"), std::string::npos) << e.what();
  }
}

TEST(RtlArrayWaves, TooShortClockPeriodIsRejected) {
  auto array = fp16_array(4);
  EXPECT_THROW(TcuWaves(::testing::TempDir() + "short_period.vcd", 3, *array), std::invalid_argument);
}

}  // namespace
}  // namespace acosim::tensil

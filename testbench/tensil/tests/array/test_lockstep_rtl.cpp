// The Verilated RTL array and FastArray in lockstep on random weights and
// inputs (fixed seed) for every configuration the CMake option
// ACOSIM_TENSIL_RTL_CONFIGS Verilated: every lane of every vector must agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/tensil/array/array_factory.h"
#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/array/lockstep_array_engine.h"
#include "systemc/tensil/array/rtl_array_engine.h"

namespace acosim::tensil {

// How GoogleTest names a configuration in its messages.
void PrintTo(const Architecture& a, std::ostream* out) {
  *out << a.type().name << " " << a.array_size << "x" << a.array_size;
}

namespace {

// "FP16BP8:4,FP16BP8:8" (ACOSIM_TENSIL_RTL_CONFIGS, the configurations
// that were Verilated).
std::vector<Architecture> verilated_configurations() {
  std::vector<Architecture> out;
  std::istringstream list(ACOSIM_VERILATED_CONFIGS);
  std::string item;
  while (std::getline(list, item, ',')) {
    const size_t colon = item.find(':');
    if (colon == std::string::npos) throw std::invalid_argument("bad configuration " + item);
    const auto type = parse_data_type(item.substr(0, colon));
    if (!type) throw std::invalid_argument("bad data type in configuration " + item);
    Architecture a;
    a.data_type = *type;
    a.array_size = static_cast<uint32_t>(std::stoul(item.substr(colon + 1)));
    out.push_back(a);
  }
  return out;
}

// Raw lanes drawn from mt19937 (whose sequence the standard fixes): a third
// anywhere in the data type's range (so saturation happens often), the rest
// small (|value| < 4.0) so long chains stay in range and rounding decides.
class LaneSource {
 public:
  LaneSource(uint32_t seed, const FixedFormat& format) : m_random(seed), m_format(format) {}
  int32_t next() {
    const uint64_t r = m_random();
    const uint64_t span = uint64_t(m_format.max() - m_format.min()) + 1;
    if (r % 3 == 0) return static_cast<int32_t>(m_format.min() + int64_t(m_random() % span));
    const int64_t small = int64_t(4) << m_format.binary_point;
    return static_cast<int32_t>(int64_t(m_random() % uint64_t(2 * small)) - small);
  }
  Vector vector(size_t n) {
    Vector v(n);
    for (int32_t& lane : v) lane = next();
    return v;
  }

 private:
  std::mt19937 m_random;
  FixedFormat m_format;
};

std::string config_name(const Architecture& a) {
  return std::string(a.type().name) + "x" + std::to_string(a.array_size);
}

class LockstepRtl : public testing::TestWithParam<Architecture> {};

TEST_P(LockstepRtl, RandomWeightsAndInputsAgree) {
  const Architecture a = GetParam();
  const size_t n = a.array_size;
  LockstepArray array(make_rtl_array_engine(a), std::make_unique<FastArray>(a));
  LaneSource lanes(20240611u + static_cast<uint32_t>(n),
                   FixedFormat{a.type().width, a.type().binary_point});
  size_t compared = 0;
  for (int block = 0; block < 6; ++block) {
    // A full load, a partial one (shift semantics), or a zero bias.
    const size_t rows = block % 3 == 1 ? n / 2 + 1 : n + 1;
    for (size_t k = 0; k < rows; ++k) {
      if (block % 3 == 2 && k + 1 == rows) {
        array.load_zero_weights();
      } else {
        array.load_weights(lanes.vector(n));
      }
    }
    std::vector<Vector> inputs;
    for (size_t t = 0; t < 3 * n + static_cast<size_t>(block); ++t)
      inputs.push_back(lanes.vector(n));
    const auto outputs = array.run(inputs);
    ASSERT_EQ(outputs.size(), inputs.size());
    compared += outputs.size();
    ASSERT_EQ(array.run_zeroes(2).size(), 2u);
  }
  EXPECT_GT(compared, 0u);
  EXPECT_GT(array.cycles(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Verilated, LockstepRtl, testing::ValuesIn(verilated_configurations()),
                         [](const testing::TestParamInfo<Architecture>& param_info) {
                           return config_name(param_info.param);
                         });

TEST(ArrayFactoryRtl, LockstepOfTheFirstVerilatedConfiguration) {
  const Architecture a = verilated_configurations().at(0);
  auto engine = make_array_engine(ArrayEngineKind::Lockstep, a);
  EXPECT_STREQ(engine->name(), "lockstep");
  auto rtl = make_array_engine(ArrayEngineKind::Rtl, a);
  EXPECT_STREQ(rtl->name(), "rtl");
}

TEST(ArrayFactoryRtl, ConfigurationNotVerilatedIsAnError) {
  // One size larger than any Verilated one cannot have been Verilated.
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = 0;
  for (const Architecture& built : verilated_configurations())
    a.array_size = std::max(a.array_size, built.array_size);
  a.array_size += 1;
  EXPECT_THROW(make_array_engine(ArrayEngineKind::Rtl, a), std::runtime_error);
  EXPECT_THROW(make_array_engine(ArrayEngineKind::Lockstep, a), std::runtime_error);
}

}  // namespace
}  // namespace acosim::tensil

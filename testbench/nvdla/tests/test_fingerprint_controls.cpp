// Negative controls of the second-run determinism check of the firmware
// tests (firmware_test_support.h: fingerprint, first_difference, as
// run_checked compares a run with its rerun in another process): two
// results that differ in one memory byte, one register access value, one
// interrupt time, one more access or the task's end must give a non-empty
// first difference naming it; equal results give none. The results are
// built here, nothing is simulated.
#include <gtest/gtest.h>

#include <string>

#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/tests/firmware_test_support.h"

namespace acosim::nvdla::firmware {
namespace {

const HardwareConfig& config() { return hardware_config(Config::NvSmall); }

// A result as a small PDP task leaves it: its programming, a status read,
// one interrupt, the output region read back and the task's times.
TaskResult sample_result() {
  TaskResult result;
  const uint32_t pdp = config().unit_base(Unit::Pdp);
  result.registers = {{true, pdp + 0x10, 0x101}, {true, pdp + 0x08, 0x1}, {false, pdp + 0x04, 0x0}};
  result.run.start_ns = 100;
  result.run.end_ns = 2500;
  result.run.interrupts = {{1500, 0x10, 2}};
  MemoryImage image;
  image.address = 0x80100000;
  image.bytes = {0x01, 0x7F, 0x80, 0xFF, 0x00, 0x42};
  result.read_back = {image};
  return result;
}

std::string difference(const TaskResult& a, const TaskResult& b) {
  return first_difference(fingerprint(config(), a), fingerprint(config(), b));
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(FingerprintControl, EqualResultsHaveNoDifference) {
  EXPECT_EQ(difference(sample_result(), sample_result()), "");
}

TEST(FingerprintControl, NamesOneDifferentMemoryByte) {
  TaskResult other = sample_result();
  other.read_back[0].bytes[4] = 0x01;
  const std::string d = difference(sample_result(), other);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(contains(d, "memory")) << d;
  // The bytes in hexadecimal, as each run left them: ... ff 0 42 vs ... ff 1 42.
  EXPECT_TRUE(contains(d, " ff 0 42\"")) << d;
  EXPECT_TRUE(contains(d, " ff 1 42\"")) << d;
}

TEST(FingerprintControl, NamesOneDifferentRegisterValue) {
  TaskResult other = sample_result();
  other.registers[1].value = 0x3;
  const std::string d = difference(sample_result(), other);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(contains(d, "line 2:")) << d;
  EXPECT_TRUE(contains(d, describe(config(), sample_result().registers[1]))) << d;
  EXPECT_TRUE(contains(d, describe(config(), other.registers[1]))) << d;
}

TEST(FingerprintControl, NamesADifferentReadValue) {
  TaskResult other = sample_result();
  other.registers[2].value = 0x1;
  const std::string d = difference(sample_result(), other);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(contains(d, describe(config(), other.registers[2]))) << d;
}

TEST(FingerprintControl, NamesOneDifferentInterruptTime) {
  TaskResult other = sample_result();
  other.run.interrupts[0].time_ns = 1501;
  const std::string d = difference(sample_result(), other);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(contains(d, "interrupt at 1500 ns")) << d;
  EXPECT_TRUE(contains(d, "interrupt at 1501 ns")) << d;
}

TEST(FingerprintControl, NamesAnExtraAccessAndTheEndOfTheShorterRun) {
  TaskResult other = sample_result();
  other.registers.push_back({false, config().unit_base(Unit::Pdp) + 0x04, 0x0});
  const std::string d = difference(sample_result(), other);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(contains(d, "line 4:")) << d;
  // A fingerprint that stops early: "(end)" on its side.
  const std::string full = fingerprint(config(), sample_result());
  const std::string cut = full.substr(0, full.find('\n') + 1);
  EXPECT_TRUE(contains(first_difference(full, cut), "(end)")) << first_difference(full, cut);
}

TEST(FingerprintControl, NamesADifferentTaskEnd) {
  TaskResult other = sample_result();
  other.run.end_ns = 2501;
  const std::string d = difference(sample_result(), other);
  ASSERT_FALSE(d.empty());
  EXPECT_TRUE(contains(d, "task 100..2500 ns")) << d;
  EXPECT_TRUE(contains(d, "task 100..2501 ns")) << d;
}

}  // namespace
}  // namespace acosim::nvdla::firmware

// Negative controls of two NVDLA test checkers: each is fed a deliberately
// wrong model or a corrupted expectation and must report it.
//
// - compare_programming (testbench/nvdla/firmware/trace_layer.h), the
//   firmware-vs-trace register comparison of the firmware conformance
//   suite: on a real decoded trace, a register log made of the trace's own
//   registers matches; a register written with another value and a register
//   never written are reported, a difference only outside the write mask is
//   not.
// - The pooling reference (testbench/nvdla/reference), what the driver
//   model tests and the benchmark hold the PDP model's output to: wrong
//   poolings (max as the window's last element, averages rounded the wrong
//   way) and an output with one corrupted byte differ from it, at the
//   positions computed by hand here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/register_map.h"
#include "testbench/nvdla/firmware/trace_layer.h"
#include "testbench/nvdla/reference/pooling_reference.h"
#include "testbench/nvdla/tests/conformance_data.h"

namespace acosim::nvdla {
namespace {

using firmware::compare_programming;
using firmware::RegisterAccess;
using firmware::RegisterDifference;
using firmware::TraceLayer;
using firmware::TraceRegister;
namespace ref = reference;

// ---------------------------------------------------------------------------
// compare_programming

const char* const kTrace = "nv_small/pdp_8x8x64_2x2_int8";

std::string trace_dir() { return (test::conformance_root() / kTrace).string(); }

// What a firmware that programs exactly the trace's registers would log:
// one write of each, at its CSB address.
std::vector<RegisterAccess> log_of(const TraceLayer& trace) {
  const HardwareConfig& hw = hardware_config(trace.config);
  std::vector<RegisterAccess> log;
  for (const TraceRegister& r : trace.registers) log.push_back({true, hw.unit_base(r.unit) + r.offset, r.value});
  return log;
}

const TraceRegister& find_register(const TraceLayer& trace, const std::string& name) {
  for (const TraceRegister& r : trace.registers) {
    if (r.name == name) return r;
  }
  throw std::runtime_error(name + " not in the trace");
}

const regs::RegisterInfo& info_of(const TraceLayer& trace, const TraceRegister& r) {
  const regs::RegisterInfo* info = regs::unit_info(r.unit, trace.config).find(r.offset);
  if (info == nullptr) throw std::runtime_error(r.name + " not in the register map");
  return *info;
}

uint32_t address_of(const TraceLayer& trace, const TraceRegister& r) {
  return hardware_config(trace.config).unit_base(r.unit) + r.offset;
}

// The trace's kernel register (0x101: 2x2 kernel, stride 1): its stored
// fields leave gaps in the write mask and its value is not the reset value.
const char* const kKernel = "PDP.D_POOLING_KERNEL_CFG";

#define REQUIRE_TRACE() ACOSIM_REQUIRE_NVDLA_CONFORMANCE(trace_dir())

TEST(CompareProgrammingControl, TheTracesOwnRegistersMatch) {
  REQUIRE_TRACE();
  const TraceLayer trace = firmware::trace_layer(trace_dir(), Config::NvSmall);
  ASSERT_GT(trace.registers.size(), 20u);
  for (const RegisterDifference& d : compare_programming(trace, log_of(trace))) ADD_FAILURE() << d.str();
}

TEST(CompareProgrammingControl, ReportsARegisterWrittenWithAnotherValue) {
  REQUIRE_TRACE();
  const TraceLayer trace = firmware::trace_layer(trace_dir(), Config::NvSmall);
  const TraceRegister& kernel = find_register(trace, kKernel);
  const regs::RegisterInfo& info = info_of(trace, kernel);
  // Lowest stored bit flipped: another kernel width.
  const uint32_t flip = info.write_mask & ~(info.write_mask - 1);
  ASSERT_NE(flip, 0u);
  std::vector<RegisterAccess> log = log_of(trace);
  for (RegisterAccess& a : log) {
    if (a.offset == address_of(trace, kernel)) a.value ^= flip;
  }
  const std::vector<RegisterDifference> found = compare_programming(trace, log);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name, kKernel);
  EXPECT_TRUE(found[0].firmware_wrote);
  EXPECT_EQ(found[0].trace_value, kernel.value & info.write_mask);
  EXPECT_EQ(found[0].firmware_value, (kernel.value ^ flip) & info.write_mask);
  EXPECT_NE(found[0].str().find(kKernel), std::string::npos) << found[0].str();
}

TEST(CompareProgrammingControl, ReportsALaterOverwriteAndIgnoresReads) {
  REQUIRE_TRACE();
  const TraceLayer trace = firmware::trace_layer(trace_dir(), Config::NvSmall);
  const TraceRegister& kernel = find_register(trace, kKernel);
  const uint32_t address = address_of(trace, kernel);
  const uint32_t stored = info_of(trace, kernel).write_mask;
  const uint32_t flip = stored & ~(stored - 1);
  std::vector<RegisterAccess> log = log_of(trace);
  // A read returning another value stores nothing...
  log.push_back({false, address, kernel.value ^ flip});
  EXPECT_TRUE(compare_programming(trace, log).empty());
  // ...the last write is what the register holds.
  log.push_back({true, address, kernel.value ^ flip});
  const std::vector<RegisterDifference> found = compare_programming(trace, log);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name, kKernel);
}

TEST(CompareProgrammingControl, ReportsARegisterTheFirmwareNeverWrites) {
  REQUIRE_TRACE();
  const TraceLayer trace = firmware::trace_layer(trace_dir(), Config::NvSmall);
  const TraceRegister& kernel = find_register(trace, kKernel);
  const regs::RegisterInfo& info = info_of(trace, kernel);
  ASSERT_NE(kernel.value & info.write_mask, info.reset & info.write_mask);
  std::vector<RegisterAccess> log;
  for (const RegisterAccess& a : log_of(trace)) {
    if (a.offset != address_of(trace, kernel)) log.push_back(a);
  }
  const std::vector<RegisterDifference> found = compare_programming(trace, log);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name, kKernel);
  EXPECT_FALSE(found[0].firmware_wrote);
  EXPECT_EQ(found[0].firmware_value, info.reset & info.write_mask);
  EXPECT_NE(found[0].str().find("never writes"), std::string::npos) << found[0].str();
}

TEST(CompareProgrammingControl, IgnoresBitsOutsideTheWriteMask) {
  REQUIRE_TRACE();
  const TraceLayer trace = firmware::trace_layer(trace_dir(), Config::NvSmall);
  const TraceRegister& kernel = find_register(trace, kKernel);
  const uint32_t unstored = ~info_of(trace, kernel).write_mask;
  ASSERT_NE(unstored, 0u) << kKernel << " stores every bit";
  std::vector<RegisterAccess> log = log_of(trace);
  for (RegisterAccess& a : log) {
    if (a.offset == address_of(trace, kernel)) a.value ^= unstored;
  }
  for (const RegisterDifference& d : compare_programming(trace, log)) ADD_FAILURE() << d.str();
}

// ---------------------------------------------------------------------------
// The pooling reference

// nv_small int8: 8 lanes of one byte per atom. A 3x3 input of one surface
// and its 2x2 output (2x2 kernel, stride 1), no gaps.
ref::CubeImage input_3x3(const std::vector<int>& lane0_rows) {
  ref::CubeImage image;
  image.line_stride = 3 * image.atom_bytes;
  image.surface_stride = 3 * image.line_stride;
  image.bytes.assign(image.surface_stride, 0);
  for (uint32_t h = 0; h < 3; ++h) {
    for (uint32_t w = 0; w < 3; ++w) image.set_element(0, h, w, 0, lane0_rows.at(h * 3 + w));
  }
  return image;
}

ref::CubeImage output_2x2() {
  ref::CubeImage image;
  image.line_stride = 2 * image.atom_bytes;
  image.surface_stride = 2 * image.line_stride;
  image.bytes.assign(image.surface_stride, 0xEE);  // overwritten: every lane of every atom is written
  return image;
}

ref::PoolingSpec spec_2x2(ref::PoolKind kind) {
  ref::PoolingSpec spec;
  spec.width = spec.height = 3;
  spec.channels = 1;
  spec.kind = kind;
  spec.kernel_width = spec.kernel_height = 2;
  spec.stride_width = spec.stride_height = 1;
  return spec;
}

// A model's output: lane 0 of the four output atoms as given (row-major),
// the other lanes 0 (windows of zeros pool to 0 in every model here).
ref::CubeImage model_output(const std::vector<int>& lane0) {
  ref::CubeImage image = output_2x2();
  std::fill(image.bytes.begin(), image.bytes.end(), 0);
  for (uint32_t h = 0; h < 2; ++h) {
    for (uint32_t w = 0; w < 2; ++w) image.set_element(0, h, w, 0, lane0.at(h * 2 + w));
  }
  return image;
}

// The comparison the tests make: byte offsets where `model` differs from
// `expected`.
std::vector<size_t> differing_bytes(const ref::CubeImage& expected, const ref::CubeImage& model) {
  std::vector<size_t> out;
  for (size_t i = 0; i < expected.bytes.size() && i < model.bytes.size(); ++i) {
    if (expected.bytes[i] != model.bytes[i]) out.push_back(i);
  }
  if (expected.bytes.size() != model.bytes.size()) out.push_back(std::min(expected.bytes.size(), model.bytes.size()));
  return out;
}

ref::CubeImage reference_of(ref::PoolKind kind, const std::vector<int>& lane0_rows) {
  ref::CubeImage out = output_2x2();
  ref::pool(spec_2x2(kind), input_3x3(lane0_rows), out);
  return out;
}

// Offset of lane 0 of output (h, w).
size_t at(uint32_t h, uint32_t w) { return output_2x2().offset(0, h, w, 0); }

// Windows of   5  -3   90
//             12   7 -100
//             33   8    1
// max: 12, 90, 33, 8; the window's last element: 7, -100, 8, 1.
const std::vector<int> kMaxInput = {5, -3, 90, 12, 7, -100, 33, 8, 1};

TEST(PoolingReferenceControl, MaxAsTheWindowsLastElementDiffers) {
  const ref::CubeImage reference = reference_of(ref::PoolKind::Max, kMaxInput);
  EXPECT_TRUE(differing_bytes(reference, model_output({12, 90, 33, 8})).empty());
  const ref::CubeImage last_element = model_output({7, -100, 8, 1});
  EXPECT_EQ(differing_bytes(reference, last_element), (std::vector<size_t>{at(0, 0), at(0, 1), at(1, 0), at(1, 1)}));
}

TEST(PoolingReferenceControl, MinAsTheWindowsFirstElementDiffers) {
  // min: -3, -100, 7, -100; the window's first element: 5, -3, 12, 7.
  const ref::CubeImage reference = reference_of(ref::PoolKind::Min, kMaxInput);
  EXPECT_TRUE(differing_bytes(reference, model_output({-3, -100, 7, -100})).empty());
  EXPECT_EQ(differing_bytes(reference, model_output({5, -3, 12, 7})),
            (std::vector<size_t>{at(0, 0), at(0, 1), at(1, 0), at(1, 1)}));
}

// Windows of  -1  0   5
//              0  0   0
//              6  0  -7
// sum to -1, 5, 6, -7. A 2x2 kernel's reciprocals are 0x8000 each and the
// hardware rounds S * RW and then that times RH (Q16, ties away from zero):
//   -1: -0.5 -> -1, then -0.5 -> -1      5: 2.5 -> 3, 1.5 -> 2
//    6:  3   ->  3, then  1.5 ->  2     -7: -3.5 -> -4, -2 -> -2
const std::vector<int> kAverageInput = {-1, 0, 5, 0, 0, 0, 6, 0, -7};

TEST(PoolingReferenceControl, AverageMatchesTheHandComputation) {
  const ref::CubeImage reference = reference_of(ref::PoolKind::Average, kAverageInput);
  EXPECT_TRUE(differing_bytes(reference, model_output({-1, 2, 2, -2})).empty());
}

TEST(PoolingReferenceControl, AverageRoundedOnceDiffers) {
  // S / 4 rounded once, ties away from zero: -0.25 -> 0, 1.25 -> 1, 1.5 -> 2,
  // -1.75 -> -2.
  const ref::CubeImage reference = reference_of(ref::PoolKind::Average, kAverageInput);
  EXPECT_EQ(differing_bytes(reference, model_output({0, 1, 2, -2})), (std::vector<size_t>{at(0, 0), at(0, 1)}));
}

TEST(PoolingReferenceControl, AverageTruncatedDiffers) {
  // Each product truncated toward zero: -0.5 -> 0; 2.5 -> 2, 1 -> 1;
  // 3, 1.5 -> 1; -3.5 -> -3, -1.5 -> -1.
  const ref::CubeImage reference = reference_of(ref::PoolKind::Average, kAverageInput);
  EXPECT_EQ(differing_bytes(reference, model_output({0, 1, 1, -1})),
            (std::vector<size_t>{at(0, 0), at(0, 1), at(1, 0), at(1, 1)}));
}

TEST(PoolingReferenceControl, AverageWithTiesRoundedUpDiffers) {
  // (t + 0x8000) >> 16, ties toward +infinity: -0.5 -> 0; 2.5 -> 3, 1.5 -> 2;
  // 3, 1.5 -> 2; -3.5 -> -3, -1.5 -> -1.
  const ref::CubeImage reference = reference_of(ref::PoolKind::Average, kAverageInput);
  EXPECT_EQ(differing_bytes(reference, model_output({0, 2, 2, -1})), (std::vector<size_t>{at(0, 0), at(1, 1)}));
}

TEST(PoolingReferenceControl, OneCorruptedByteDiffers) {
  const ref::CubeImage reference = reference_of(ref::PoolKind::Max, kMaxInput);
  ref::CubeImage corrupted = reference;
  // Lane 5 of output (1, 0): a lane beyond the channels, which must be 0.
  const size_t byte = reference.offset(0, 1, 0, 5);
  corrupted.bytes[byte] ^= 0x10;
  EXPECT_EQ(differing_bytes(reference, corrupted), std::vector<size_t>{byte});
}

}  // namespace
}  // namespace acosim::nvdla

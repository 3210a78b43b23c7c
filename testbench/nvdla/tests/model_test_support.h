// Helpers of the NVDLA model suites, which drive the SystemC models through
// the co-simulation top (testbench/nvdla/system.h) as firmware would: unit
// registers at their CSB addresses, runs that must end in a model error,
// memory patterns, and a memory snapshot taken when a model reports an
// error (the top is gone once run_firmware has thrown).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <systemc>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/glb.h"
#include "testbench/nvdla/system.h"

namespace acosim::nvdla::test {

// One unit's registers through the HAL: CSB byte address = the unit's
// window base in this configuration + the register's offset.
class UnitRegisters {
 public:
  UnitRegisters(NvdlaSystem& system, Unit unit)
      : m_hal(system.hal()), m_base(system.config().unit_base(unit)) {}

  uint32_t read(uint32_t offset) { return m_hal.read_register(m_base + offset); }
  void write(uint32_t offset, uint32_t value) { m_hal.write_register(m_base + offset, value); }
  uint32_t address(uint32_t offset) const { return m_base + offset; }

 private:
  hal::Hal& m_hal;
  uint32_t m_base;
};

inline SystemOptions options_for(Config config) {
  SystemOptions options;
  options.config = config;
  return options;
}

// Runs firmware that must end in an error; returns its message (empty, and
// a test failure, when the run ends cleanly).
inline std::string run_expecting_error(const SystemOptions& options,
                                       const std::function<void(NvdlaSystem&)>& firmware) {
  try {
    run_firmware(options, firmware);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "the run ended without the expected error";
  return {};
}

// Whether `message` contains every one of `words`.
inline testing::AssertionResult mentions(const std::string& message, const std::vector<std::string>& words) {
  for (const std::string& word : words) {
    if (message.find(word) == std::string::npos) {
      return testing::AssertionFailure() << "\"" << word << "\" missing from the message: " << message;
    }
  }
  return testing::AssertionSuccess();
}

// While alive, runs `take` once, inside the report handler, when the first
// SC_ERROR is reported: before the error unwinds the simulation, so `take`
// can still peek the memories of the top. Restores the default handler.
class SnapshotAtError {
 public:
  explicit SnapshotAtError(std::function<void()> take) {
    action() = std::move(take);
    sc_core::sc_report_handler::set_handler(&SnapshotAtError::handler);
  }
  ~SnapshotAtError() {
    sc_core::sc_report_handler::set_handler(nullptr);
    action() = nullptr;
  }
  SnapshotAtError(const SnapshotAtError&) = delete;
  SnapshotAtError& operator=(const SnapshotAtError&) = delete;

 private:
  static std::function<void()>& action() {
    static std::function<void()> take;
    return take;
  }
  static void handler(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
    if (report.get_severity() == sc_core::SC_ERROR && action()) {
      const std::function<void()> take = std::move(action());
      action() = nullptr;
      take();
    }
    sc_core::sc_report_handler::default_handler(report, actions);
  }
};

// A byte pattern that differs from address to address and between seeds,
// so a byte copied from the wrong place or a stray write shows.
inline uint8_t pattern_byte(uint64_t address, uint8_t seed) {
  const uint64_t x = (address ^ (uint64_t{seed} << 24)) * 0x9E3779B1u;
  return static_cast<uint8_t>((x >> 16) ^ (x >> 29) ^ seed);
}

inline std::vector<uint8_t> pattern(uint64_t address, size_t bytes, uint8_t seed) {
  std::vector<uint8_t> data(bytes);
  for (size_t i = 0; i < bytes; ++i) data[i] = pattern_byte(address + i, seed);
  return data;
}

// Polls GLB S_INTR_STATUS until all of `bits` are set or
// `timeout_ns` passes; returns the last status read.
inline uint32_t wait_for_status(NvdlaSystem& system, uint32_t bits, uint64_t timeout_ns) {
  UnitRegisters glb(system, Unit::Glb);
  hal::Hal& hal = system.hal();
  const uint64_t deadline = hal.now_ns() + timeout_ns;
  uint32_t status = glb.read(regs::glb::S_INTR_STATUS);
  while ((status & bits) != bits && hal.now_ns() < deadline) {
    hal.sleep_ns(50);
    status = glb.read(regs::glb::S_INTR_STATUS);
  }
  return status;
}

}  // namespace acosim::nvdla::test

// What every firmware test checks of a run (testbench/nvdla/firmware/
// run_task.h): no access outside the modelled units, every unit idle and
// the GLB interrupt status clear afterwards, simulated time advanced, at
// least one interrupt, no error message of the firmware, and the same
// register log, interrupts, memory and times from a second run of the same
// task in a fresh process (SystemC elaborates once per process).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>

#include "sw/nvdla/firmware/port.h"
#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/firmware/run_task.h"

namespace acosim::nvdla::firmware {

// Everything a run shows on the outside, as text.
inline std::string fingerprint(const HardwareConfig& config, const TaskResult& result) {
  std::ostringstream text;
  for (const RegisterAccess& access : result.registers) text << describe(config, access) << "\n";
  for (const Interrupt& interrupt : result.run.interrupts) {
    text << "interrupt at " << interrupt.time_ns << " ns status 0x" << std::hex << interrupt.status << std::dec << "\n";
  }
  for (const MemoryImage& image : result.read_back) {
    text << "memory " << int(image.memory) << " 0x" << std::hex << image.address << ":";
    for (uint8_t byte : image.bytes) text << " " << int(byte);
    text << std::dec << "\n";
  }
  text << "task " << result.run.start_ns << ".." << result.run.end_ns << " ns\n";
  return text.str();
}

// Runs the request in a child process (SystemC elaborates once per process)
// and returns its fingerprint, or "error: <message>".
inline std::string fingerprint_in_child(const TaskRequest& request) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0) throw std::runtime_error("pipe failed");
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    close(pipe_ends[0]);
    std::string text;
    try {
      const TaskResult result = run_task(request);
      text = fingerprint(hardware_config(request.system.config), result);
    } catch (const std::exception& e) {
      text = std::string("error: ") + e.what();
    }
    size_t written = 0;
    while (written < text.size()) {
      const ssize_t n = write(pipe_ends[1], text.data() + written, text.size() - written);
      if (n <= 0) break;
      written += size_t(n);
    }
    close(pipe_ends[1]);
    _exit(0);
  }
  close(pipe_ends[1]);
  std::string text;
  char buffer[65536];
  ssize_t n;
  while ((n = read(pipe_ends[0], buffer, sizeof buffer)) > 0) text.append(buffer, size_t(n));
  close(pipe_ends[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "error: the child process did not exit cleanly";
  return text;
}

// The checks every run gets.
inline void expect_clean(const HardwareConfig& config, const TaskResult& result) {
  for (const UnmappedAccess& u : result.unmapped) {
    ADD_FAILURE() << "access outside the modelled units: " << describe(config, u.access) << " (window " << u.window
                  << ")";
  }
  for (const UnitState& unit : result.units_after) {
    EXPECT_TRUE(unit.idle) << unit.name << " = 0x" << std::hex << unit.value << " after the task";
  }
  EXPECT_EQ(result.glb_intr_status_after, 0u) << "GLB S_INTR_STATUS not clear after the task";
  EXPECT_GT(result.run.end_ns, result.run.start_ns) << "no simulated time passed";
  EXPECT_FALSE(result.run.interrupts.empty()) << "the task completed without an interrupt";
  for (const LogLine& line : result.log) {
    EXPECT_NE(line.level, LogLevel::Error) << "firmware error message: " << line.text;
  }
}

// The first line where two fingerprints differ, empty when they are equal.
inline std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream left(a), right(b);
  std::string l, r;
  for (size_t line = 1;; ++line) {
    const bool has_l = bool(std::getline(left, l)), has_r = bool(std::getline(right, r));
    if (!has_l && !has_r) return {};
    if (!has_l || !has_r || l != r) {
      return "line " + std::to_string(line) + ": \"" + (has_l ? l.substr(0, 200) : "(end)") + "\" vs \"" +
             (has_r ? r.substr(0, 200) : "(end)") + "\"";
    }
  }
}

inline TaskResult run_checked(const TaskRequest& request) {
  const std::string second = fingerprint_in_child(request);
  const TaskResult result = run_task(request);
  const HardwareConfig& config = hardware_config(request.system.config);
  expect_clean(config, result);
  const std::string difference = first_difference(fingerprint(config, result), second);
  EXPECT_TRUE(difference.empty()) << "a second run of the same task (in another process) differs at " << difference;
  return result;
}

}  // namespace acosim::nvdla::firmware

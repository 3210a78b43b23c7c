// A small SystemC top for TCU tests: the Tensil board (testbench/tensil/board.h)
// with the test's stimulus as its host program. Instruction words are
// written out by hand in the tests.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "testbench/tensil/board.h"
#include "testbench/tensil/tests/tiny_arch.h"

namespace acosim::tensil::test {

// The TCU test bench: the project's Tensil board, its host program being the
// test's stimulus, with helpers to stream instructions and to reach DRAM
// behind the models' backs.
struct TcuBench : Board {
  TcuBench(const TcuOptions& options, std::function<void(TcuBench&)> body,
           const core::MemoryConfig& memory_config = core::MemoryConfig{})
      : Board("bench", memory_config, options, [body = std::move(body)](Board& b) {
          body(static_cast<TcuBench&>(b));
        }) {}

  void send(const std::vector<uint8_t>& program) {
    host.write_stream(hal::StreamId::Instructions, program.data(), program.size());
  }
  // Waits until the TCU has had time to drain its queue.
  void settle(uint64_t ns = 20000) { host.sleep_ns(ns); }

  void write_raw16(uint64_t address, const std::vector<int16_t>& values) {
    std::vector<uint8_t> bytes;
    for (int16_t v : values) {
      bytes.push_back(uint8_t(uint16_t(v) & 0xFF));
      bytes.push_back(uint8_t(uint16_t(v) >> 8));
    }
    dram.poke(address, bytes.data(), bytes.size());
  }
  std::vector<int16_t> read_raw16(uint64_t address, size_t count) {
    std::vector<uint8_t> bytes(count * 2);
    dram.peek(address, bytes.data(), bytes.size());
    std::vector<int16_t> out;
    for (size_t i = 0; i < count; ++i) out.push_back(int16_t(uint16_t(bytes[2 * i] | (bytes[2 * i + 1] << 8))));
    return out;
  }
};

// Runs the bench until the stimulus returns; returns the error the
// simulation reported (a model's error, or the stimulus ending early), or ""
// when it ran to the end. Checks inside the stimulus run in the SystemC
// thread and are skipped when the simulation stops first, so every caller
// must look at the result (hence nodiscard): ASSERT_EQ(run_bench(...), "").
[[nodiscard]] inline std::string run_bench(const TcuOptions& options, std::function<void(TcuBench&)> body,
                                           const core::MemoryConfig& memory_config = core::MemoryConfig{},
                                           std::function<void(TcuBench&)> after = nullptr) {
  auto bench = std::make_unique<TcuBench>(options, std::move(body), memory_config);
  std::string error;
  try {
    bench->run();
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (after) after(*bench);
  return error;
}

}  // namespace acosim::tensil::test

// A small SystemC top for TCU tests: one sparse memory serving the TCU's
// DRAM0 and DRAM1 ports and a host (TlmHal), and a host thread running the
// test's stimulus. Instruction words are written out by hand in the tests.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "systemc/core/memory.h"
#include "systemc/core/tlm_hal.h"
#include "systemc/tensil/tcu.h"

namespace acosim::tensil::test {

// The 2x2 FP16BP8 architecture with every depth 256 and no stride bits
// (Tensil's DecoderSpec.scala and CompilerSpec.scala XOR arch): instructions are 4 bytes
// [operand0, operand1, operand2, opcode<<4 | flags].
inline Architecture tiny_arch() {
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = 2;
  a.dram0_depth = a.dram1_depth = a.local_depth = a.accumulator_depth = 256;
  a.simd_registers_depth = 1;
  a.stride0_depth = a.stride1_depth = 1;
  return a;
}

struct TcuBench : sc_core::sc_module {
  core::Memory memory;
  Tcu tcu;
  core::TlmHal host;
  std::function<void(TcuBench&)> stimulus;

  TcuBench(const TcuOptions& options, std::function<void(TcuBench&)> body,
           const core::MemoryConfig& memory_config = core::MemoryConfig{})
      : sc_module("bench"),
        memory("memory", memory_config),
        tcu("tcu", options),
        host("host"),
        stimulus(std::move(body)) {
    tcu.dram0.bind(memory.socket);
    tcu.dram1.bind(memory.socket);
    host.memory.bind(memory.socket);
    host.instructions.bind(tcu.instructions);
    SC_HAS_PROCESS(TcuBench);
    SC_THREAD(main);
  }

  void main() {
    stimulus(*this);
    stimulus_finished = true;
    sc_core::sc_stop();
  }
  bool stimulus_finished = false;

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
    memory.poke(address, bytes.data(), bytes.size());
  }
  std::vector<int16_t> read_raw16(uint64_t address, size_t count) {
    std::vector<uint8_t> bytes(count * 2);
    memory.peek(address, bytes.data(), bytes.size());
    std::vector<int16_t> out;
    for (size_t i = 0; i < count; ++i) out.push_back(int16_t(uint16_t(bytes[2 * i] | (bytes[2 * i + 1] << 8))));
    return out;
  }
};

// Runs the bench to completion; returns the error message of an sc_report
// thrown by the simulation, or "" when it ended normally with the stimulus
// run to its end. Checks inside the stimulus run in the SystemC thread and
// are skipped when the simulation stops first, so every caller must look at
// the result (hence nodiscard): ASSERT_EQ(run_bench(...), "").
[[nodiscard]] inline std::string run_bench(const TcuOptions& options, std::function<void(TcuBench&)> body,
                                           const core::MemoryConfig& memory_config = core::MemoryConfig{},
                                           std::function<void(TcuBench&)> after = nullptr) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
  auto bench = std::make_unique<TcuBench>(options, std::move(body), memory_config);
  std::string error;
  try {
    sc_core::sc_start();
  } catch (const sc_core::sc_report& report) {
    error = report.get_msg();
  }
  if (error.empty() && !bench->stimulus_finished) error = "the simulation ended before the stimulus finished";
  if (after) after(*bench);
  return error;
}

}  // namespace acosim::tensil::test

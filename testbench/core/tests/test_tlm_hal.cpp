// core::TlmHal: the driver's HAL bound to TLM sockets. Memory accesses reach
// a core::Memory (split into transfers of at most 4 KiB, each consuming its
// annotated delay), stream writes reach a stream target, sleep_ns/now_ns
// follow simulated time, and failures are SystemC errors naming the access.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "systemc/core/memory.h"
#include "systemc/core/tlm_hal.h"
#include "testbench/core/tests/core_bench.h"

namespace acosim::core {
namespace {

using test::run_simulation;
using test::StreamSink;
using test::StreamSource;

struct HalTop : sc_core::sc_module {
  Memory memory;
  StreamSink sink;
  StreamSource source;
  TlmHal hal;
  std::function<void(TlmHal&)> firmware;

  HalTop(const MemoryConfig& config, std::function<void(TlmHal&)> body)
      : sc_module("top"),
        memory("memory", config),
        sink("sink"),
        source("source"),
        hal("hal"),
        firmware(std::move(body)) {
    hal.memory.bind(memory.socket);
    hal.instructions.bind(sink.socket);
    hal.samples.bind(source.socket);
    SC_HAS_PROCESS(HalTop);
    SC_THREAD(main);
  }
  void main() { firmware(hal); }
};

std::vector<uint8_t> pattern(size_t n) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<uint8_t>((i * 31 + 7) & 0xFF);
  return bytes;
}

TEST(TlmHal, ReadStreamReturnsEachTransferUpToItsLastByteOrTheCapacity) {
  // Two transfers of 24 and 16 bytes (each ending with TLAST): a 64-byte
  // read takes the first whole, a 10-byte read only 10 of the second.
  std::vector<size_t> moved;
  std::vector<uint8_t> first(64, 0), second(10, 0);
  HalTop top(MemoryConfig{}, [&](TlmHal& hal) {
    moved.push_back(hal.read_stream(hal::StreamId::Samples, first.data(), first.size()));
    moved.push_back(hal.read_stream(hal::StreamId::Samples, second.data(), second.size()));
  });
  top.source.blocks = {pattern(24), pattern(16)};
  top.source.latency = sc_core::sc_time(5, sc_core::SC_NS);
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(moved, (std::vector<size_t>{24, 10}));
  EXPECT_EQ(std::vector<uint8_t>(first.begin(), first.begin() + 24), pattern(24));
  const std::vector<uint8_t> sixteen = pattern(16);
  EXPECT_EQ(second, std::vector<uint8_t>(sixteen.begin(), sixteen.begin() + 10));
}

TEST(TlmHal, ReadingTheInstructionStreamIsAnError) {
  uint8_t byte = 0;
  HalTop top(MemoryConfig{}, [&](TlmHal& hal) { hal.read_stream(hal::StreamId::Instructions, &byte, 1); });
  const std::string error = run_simulation();
  EXPECT_NE(error.find("is an input of the accelerator"), std::string::npos) << error;
}

TEST(TlmHal, WriteAndReadMemory) {
  const std::vector<uint8_t> data = pattern(5000);
  std::vector<uint8_t> back(5000);
  HalTop top(MemoryConfig{}, [&](TlmHal& hal) {
    hal.write_memory(0x10000 - 100, data.data(), data.size());
    hal.read_memory(0x10000 - 100, back.data(), back.size());
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(back, data);
  std::vector<uint8_t> direct(5000);
  top.memory.peek(0x10000 - 100, direct.data(), direct.size());
  EXPECT_EQ(direct, data);
}

TEST(TlmHal, EveryTransferConsumesItsAnnotatedDelay) {
  // 5000 bytes are two transfers (4096 + 904). Write latency 10 ns each
  // -> 20 ns; read latency 7 ns each -> 14 ns; no bandwidth limit.
  MemoryConfig config;
  config.write_latency = sc_core::sc_time(10, sc_core::SC_NS);
  config.read_latency = sc_core::sc_time(7, sc_core::SC_NS);
  uint64_t after_write = 0, after_read = 0;
  HalTop top(config, [&](TlmHal& hal) {
    std::vector<uint8_t> data(5000);
    hal.write_memory(0, data.data(), data.size());
    after_write = hal.now_ns();
    hal.read_memory(0, data.data(), data.size());
    after_read = hal.now_ns();
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(after_write, 20u);
  EXPECT_EQ(after_read, 34u);
}

TEST(TlmHal, WriteStreamReachesTheTargetInChunksAtAddressZero) {
  const std::vector<uint8_t> program = pattern(5000);
  HalTop top(MemoryConfig{}, [&](TlmHal& hal) {
    hal.write_stream(hal::StreamId::Instructions, program.data(), program.size());
  });
  top.sink.latency = sc_core::sc_time(100, sc_core::SC_NS);
  EXPECT_EQ(run_simulation(), "");
  const auto& received = top.sink.received;
  ASSERT_EQ(received.size(), 2u);
  EXPECT_EQ(received[0].address, 0u);
  EXPECT_EQ(received[1].address, 0u);
  EXPECT_EQ(received[0].bytes, std::vector<uint8_t>(program.begin(), program.begin() + 4096));
  EXPECT_EQ(received[1].bytes, std::vector<uint8_t>(program.begin() + 4096, program.end()));
  // The second transfer starts after the first one's 100 ns.
  EXPECT_EQ(received[0].at, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(received[1].at, sc_core::sc_time(100, sc_core::SC_NS));
}

TEST(TlmHal, WritingTheSampleStreamIsAnError) {
  const uint8_t byte = 0;
  HalTop top(MemoryConfig{},
             [&](TlmHal& hal) { hal.write_stream(hal::StreamId::Samples, &byte, 1); });
  EXPECT_EQ(
      run_simulation(),
      "HAL write_stream: stream Samples is an output of the accelerator and has no input to write");
  EXPECT_TRUE(top.sink.received.empty());
}

TEST(TlmHal, MemoryErrorNamesTheAccessAndAddress) {
  MemoryConfig config;
  config.size = 0x1000;
  HalTop top(config, [&](TlmHal& hal) {
    uint8_t bytes[8] = {};
    hal.read_memory(0xFFC, bytes, sizeof bytes);
  });
  EXPECT_EQ(run_simulation(), "HAL read at 0xffc failed: address error");
}

TEST(TlmHal, StreamErrorNamesTheFailingChunk) {
  // The sink accepts the first transfer and refuses the second.
  const std::vector<uint8_t> program = pattern(5000);
  HalTop top(MemoryConfig{}, [&](TlmHal& hal) {
    hal.write_stream(hal::StreamId::Instructions, program.data(), program.size());
  });
  top.sink.refuse_from = 1;
  EXPECT_EQ(run_simulation(),
            "HAL instruction stream write (bytes 4096..4999 of 5000) at 0x0 failed: command error");
  EXPECT_EQ(top.sink.received.size(), 1u);
}

TEST(TlmHal, SleepAndNowFollowSimulatedTime) {
  uint64_t start = 1, after_short = 0, after_long = 0;
  HalTop top(MemoryConfig{}, [&](TlmHal& hal) {
    start = hal.now_ns();
    hal.sleep_ns(1500);
    after_short = hal.now_ns();
    hal.sleep_ns(5000000000ull);  // 5 s, beyond 32 bits of nanoseconds
    after_long = hal.now_ns();
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(start, 0u);
  EXPECT_EQ(after_short, 1500u);
  EXPECT_EQ(after_long, 5000001500u);
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(5000001500.0, sc_core::SC_NS));
}

}  // namespace
}  // namespace acosim::core

// core::DmaPort: byte spans through DMI where the memory grants it and
// b_transport where it does not, the latency a request pays, DMI regions
// kept by address across many pages, and refused requests as DmaError.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "systemc/core/dma_port.h"
#include "systemc/core/memory.h"
#include "testbench/core/tests/core_bench.h"

namespace acosim::core {
namespace {

using test::Initiator;
using test::run_simulation;

constexpr uint64_t kPage = 64 * 1024;  // the memory's DMI grant

std::vector<uint8_t> pattern(size_t bytes, unsigned seed) {
  std::vector<uint8_t> data(bytes);
  for (size_t i = 0; i < bytes; ++i) data[i] = static_cast<uint8_t>(i * 131 + seed * 17 + (i >> 9));
  return data;
}

MemoryConfig with_latency(double bytes_per_ns) {
  MemoryConfig config;
  config.base = 0x80000000;
  config.size = 64 * kPage;
  config.read_latency = sc_core::sc_time(100, sc_core::SC_NS);
  config.write_latency = sc_core::sc_time(50, sc_core::SC_NS);
  config.bytes_per_ns = bytes_per_ns;
  return config;
}

TEST(DmaPort, SpansAcrossPagesThroughDmiPayingOneLatencyPerRequest) {
  Memory memory("memory", with_latency(0.0));
  Initiator cpu("cpu");
  cpu.socket.bind(memory.socket);
  const std::vector<uint8_t> data = pattern(3 * kPage + 100, 1);
  cpu.body = [&](Initiator&) {
    DmaPort port("test DMA", cpu.socket);
    // Three page boundaries in one write and one read: one request each,
    // so one latency each, not one per page.
    EXPECT_EQ(port.write(0x80000000 + kPage - 50, data.data(), data.size()), sc_core::sc_time(50, sc_core::SC_NS));
    std::vector<uint8_t> back(data.size());
    EXPECT_EQ(port.read(0x80000000 + kPage - 50, back.data(), back.size()), sc_core::sc_time(100, sc_core::SC_NS));
    EXPECT_EQ(back, data);
    EXPECT_EQ(port.bytes_written(), data.size());
    EXPECT_EQ(port.bytes_read(), data.size());
  };
  EXPECT_EQ(run_simulation(), "");
  std::vector<uint8_t> stored(data.size());
  memory.peek(0x80000000 + kPage - 50, stored.data(), stored.size());
  EXPECT_EQ(stored, data);
}

TEST(DmaPort, ManyRegionsInAnyOrderAreFoundAgain) {
  Memory memory("memory", with_latency(0.0));
  Initiator cpu("cpu");
  cpu.socket.bind(memory.socket);
  cpu.body = [&](Initiator&) {
    DmaPort port("test DMA", cpu.socket);
    // Touch every page, alternating between the two halves of the memory as
    // a copy between two buffers does, then read everything back.
    for (uint64_t k = 0; k < 32; ++k) {
      for (uint64_t half : {uint64_t{0}, uint64_t{32}}) {
        const std::vector<uint8_t> line = pattern(256, unsigned(k + half));
        port.write(0x80000000 + (k + half) * kPage + 1000, line.data(), line.size());
      }
    }
    for (uint64_t k = 64; k-- > 0;) {
      std::vector<uint8_t> line(256);
      port.read(0x80000000 + k * kPage + 1000, line.data(), line.size());
      EXPECT_EQ(line, pattern(256, unsigned(k))) << "page " << k;
    }
    // The memory told to forget a region: the next access is granted anew.
    port.invalidate(0x80000000 + 5 * kPage, 0x80000000 + 5 * kPage + 1);
    std::vector<uint8_t> line(256);
    port.read(0x80000000 + 5 * kPage + 1000, line.data(), line.size());
    EXPECT_EQ(line, pattern(256, 5));
  };
  EXPECT_EQ(run_simulation(), "");
}

TEST(DmaPort, BandwidthLimitedMemoryIsServedByTransport) {
  // 4 bytes per ns: no DMI, 4 KiB transactions, each annotating its latency
  // and its bytes over the bandwidth.
  Memory memory("memory", with_latency(4.0));
  Initiator cpu("cpu");
  cpu.socket.bind(memory.socket);
  const std::vector<uint8_t> data = pattern(10000, 2);
  cpu.body = [&](Initiator&) {
    DmaPort port("test DMA", cpu.socket);
    // 10000 bytes = 4096 + 4096 + 1808: 3 x 50 ns + 10000 / 4 ns.
    EXPECT_EQ(port.write(0x80000000, data.data(), data.size()), sc_core::sc_time(150 + 2500, sc_core::SC_NS));
    std::vector<uint8_t> back(data.size());
    EXPECT_EQ(port.read(0x80000000, back.data(), back.size()), sc_core::sc_time(300 + 2500, sc_core::SC_NS));
    EXPECT_EQ(back, data);
  };
  EXPECT_EQ(run_simulation(), "");
}

TEST(DmaPort, RequestOutsideTheMemoryIsADmaErrorNamingThePort) {
  Memory memory("memory", with_latency(0.0));
  Initiator cpu("cpu");
  cpu.socket.bind(memory.socket);
  std::string message;
  cpu.body = [&](Initiator&) {
    DmaPort port("PDP MCIF", cpu.socket);
    std::vector<uint8_t> line(64);
    try {
      port.read(0x80000000 + 64 * kPage - 32, line.data(), line.size());
    } catch (const DmaError& e) {
      message = e.what();
    }
  };
  EXPECT_EQ(run_simulation(), "");
  EXPECT_NE(message.find("PDP MCIF"), std::string::npos) << message;
  EXPECT_NE(message.find("read"), std::string::npos) << message;
}

}  // namespace
}  // namespace acosim::core

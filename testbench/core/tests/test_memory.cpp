// core::Memory: sparse pages, backdoor access, b_transport (IEEE 1666-2011
// 14.17 target obligations), latency and bandwidth annotation, DMI, and the
// AxCACHE records of AxiCacheExtension.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/core/memory.h"
#include "testbench/core/tests/core_bench.h"

namespace acosim::core {
namespace {

using test::Initiator;
using test::run_simulation;

constexpr uint64_t kPage = 64 * 1024;  // the memory's allocation unit

TEST(Memory, FourGigabytesCostNothingUntilTouched) {
  Memory memory("memory", MemoryConfig{});  // base 0, size 2^32
  EXPECT_EQ(memory.bytes_allocated(), 0u);

  // Reading never allocates and yields zeros.
  std::vector<uint8_t> bytes(16, 0xEE);
  memory.peek(0xFFFFFFF0, bytes.data(), bytes.size());
  EXPECT_EQ(bytes, std::vector<uint8_t>(16, 0));
  EXPECT_EQ(memory.bytes_allocated(), 0u);

  // The last byte of the 4 GiB: one page.
  const uint8_t last = 0x5A;
  memory.poke(0xFFFFFFFF, &last, 1);
  EXPECT_EQ(memory.bytes_allocated(), kPage);

  // Two bytes straddling the boundary between pages 1 and 2: two more.
  const uint8_t pair[2] = {1, 2};
  memory.poke(2 * kPage - 1, pair, 2);
  EXPECT_EQ(memory.bytes_allocated(), 3 * kPage);
}

TEST(Memory, PokePeekAcrossPagesWithABase) {
  MemoryConfig config;
  config.base = 0x80000000;
  config.size = 0x100000;
  Memory memory("memory", config);
  std::vector<uint8_t> data(300);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 7 + 3);
  memory.poke(0x80000000 + kPage - 100, data.data(), data.size());
  std::vector<uint8_t> back(data.size());
  memory.peek(0x80000000 + kPage - 100, back.data(), back.size());
  EXPECT_EQ(back, data);
  // Bytes around the written range stay zero.
  uint8_t around[2] = {0xFF, 0xFF};
  memory.peek(0x80000000 + kPage - 101, &around[0], 1);
  memory.peek(0x80000000 + kPage + 200, &around[1], 1);
  EXPECT_EQ(around[0], 0);
  EXPECT_EQ(around[1], 0);
}

TEST(Memory, BackdoorOutsideTheWindowIsAnError) {
  MemoryConfig config;
  config.base = 0x1000;
  config.size = 0x1000;
  Memory memory("memory", config);
  uint8_t bytes[4] = {};
  try {
    memory.poke(0x1FFE, bytes, 4);
    FAIL() << "expected std::out_of_range";
  } catch (const std::out_of_range& e) {
    EXPECT_EQ(std::string(e.what()),
              "memory: poke of 4 bytes at 0x1ffe is outside [0x1000, 0x1fff]");
  }
  EXPECT_THROW(memory.peek(0xFFF, bytes, 1), std::out_of_range);
  EXPECT_EQ(memory.bytes_allocated(), 0u);
}

TEST(Memory, RejectsAnEmptyOrWrappingWindow) {
  MemoryConfig empty;
  empty.size = 0;
  EXPECT_THROW(Memory("empty", empty), std::invalid_argument);
  MemoryConfig wrapping;
  wrapping.base = ~uint64_t{0} - 10;
  wrapping.size = 100;
  EXPECT_THROW(Memory("wrapping", wrapping), std::invalid_argument);
}

struct OneInitiator : sc_core::sc_module {
  Memory memory;
  Initiator cpu;
  OneInitiator(const MemoryConfig& config, std::function<void(Initiator&)> body)
      : sc_module("top"), memory("memory", config), cpu("cpu") {
    cpu.socket.bind(memory.socket);
    cpu.body = std::move(body);
  }
};

TEST(Memory, TransportWritesAndReads) {
  std::vector<uint8_t> read_back(8);
  tlm::tlm_response_status write_status = tlm::TLM_INCOMPLETE_RESPONSE;
  tlm::tlm_response_status read_status = tlm::TLM_INCOMPLETE_RESPONSE;
  bool dmi_hint = false;
  OneInitiator top(MemoryConfig{}, [&](Initiator& cpu) {
    write_status = cpu.write(0x100, {1, 2, 3, 4, 5, 6, 7, 8});
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    Initiator::Access a;
    a.address = 0x100;
    a.data = read_back.data();
    a.length = 8;
    read_status = cpu.transact(a, delay, &dmi_hint);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(write_status, tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read_status, tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(read_back, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_TRUE(dmi_hint);  // DMI allowed by default
  uint8_t third = 0;
  top.memory.peek(0x102, &third, 1);
  EXPECT_EQ(third, 3);
}

TEST(Memory, OutOfRangeIsAnAddressErrorAndTouchesNothing) {
  MemoryConfig config;
  config.base = 0x1000;
  config.size = 0x1000;
  tlm::tlm_response_status straddling = tlm::TLM_OK_RESPONSE, below = tlm::TLM_OK_RESPONSE,
                           above = tlm::TLM_OK_RESPONSE;
  OneInitiator top(config, [&](Initiator& cpu) {
    straddling = cpu.write(0x1FFC, {1, 2, 3, 4, 5, 6, 7, 8});  // 4 bytes past the end
    below = cpu.write(0xFFF, {1});
    std::vector<uint8_t> bytes(1);
    above = cpu.read(0x2000, bytes);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(straddling, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(below, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(above, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(top.memory.bytes_allocated(), 0u);
}

TEST(Memory, ByteEnablesAllOnAreServedPartialAreRefused) {
  // 8 data bytes with a 4-byte all-enabled pattern repeating (IEEE 1666-2011
  // 14.14) write normally; a pattern disabling any byte is refused.
  const uint8_t all_on[4] = {0xFF, 0xFF, 0xFF, 0xFF};
  const uint8_t partial[2] = {0xFF, 0x00};
  tlm::tlm_response_status full = tlm::TLM_INCOMPLETE_RESPONSE;
  tlm::tlm_response_status half = tlm::TLM_INCOMPLETE_RESPONSE;
  OneInitiator top(MemoryConfig{}, [&](Initiator& cpu) {
    std::vector<uint8_t> data = {1, 2, 3, 4, 5, 6, 7, 8};
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    Initiator::Access a;
    a.command = tlm::TLM_WRITE_COMMAND;
    a.address = 0x40;
    a.data = data.data();
    a.length = 8;
    a.byte_enables = all_on;
    a.byte_enable_length = 4;
    full = cpu.transact(a, delay);
    std::vector<uint8_t> other = {9, 9, 9, 9};
    a.address = 0x80;
    a.data = other.data();
    a.length = 4;
    a.byte_enables = partial;
    a.byte_enable_length = 2;
    half = cpu.transact(a, delay);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(full, tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(half, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  std::vector<uint8_t> bytes(8);
  top.memory.peek(0x40, bytes.data(), 8);
  EXPECT_EQ(bytes, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  top.memory.peek(0x80, bytes.data(), 4);
  EXPECT_EQ(bytes[0], 0);  // nothing written by the refused transfer
}

TEST(Memory, StreamingWidthShorterThanLengthIsABurstError) {
  tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
  OneInitiator top(MemoryConfig{}, [&](Initiator& cpu) {
    std::vector<uint8_t> data(8, 1);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    Initiator::Access a;
    a.command = tlm::TLM_WRITE_COMMAND;
    a.data = data.data();
    a.length = 8;
    a.streaming_width = 4;
    status = cpu.transact(a, delay);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(status, tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(top.memory.bytes_allocated(), 0u);
}

TEST(Memory, LatencyAndBandwidthAreAnnotated) {
  // Per transaction: latency + length / bytes_per_ns. With read 10 ns,
  // write 25 ns and 4 bytes/ns: a 64-byte read adds 10 + 16 = 26 ns, a
  // 64-byte write 25 + 16 = 41 ns, a 6-byte write 25 + 1.5 = 26.5 ns. The
  // annotation adds to the delay the initiator passed in (5 ns here).
  MemoryConfig config;
  config.read_latency = sc_core::sc_time(10, sc_core::SC_NS);
  config.write_latency = sc_core::sc_time(25, sc_core::SC_NS);
  config.bytes_per_ns = 4.0;
  std::vector<sc_core::sc_time> delays;
  OneInitiator top(config, [&](Initiator& cpu) {
    std::vector<uint8_t> data(64, 0xAA);
    for (auto [command, length] :
         {std::pair{tlm::TLM_READ_COMMAND, 64u}, std::pair{tlm::TLM_WRITE_COMMAND, 64u},
          std::pair{tlm::TLM_WRITE_COMMAND, 6u}}) {
      sc_core::sc_time delay(5, sc_core::SC_NS);
      Initiator::Access a;
      a.command = command;
      a.data = data.data();
      a.length = length;
      EXPECT_EQ(cpu.transact(a, delay), tlm::TLM_OK_RESPONSE);
      delays.push_back(delay);
    }
  });
  EXPECT_EQ(run_simulation(), "");
  ASSERT_EQ(delays.size(), 3u);
  EXPECT_EQ(delays[0], sc_core::sc_time(31, sc_core::SC_NS));
  EXPECT_EQ(delays[1], sc_core::sc_time(46, sc_core::SC_NS));
  EXPECT_EQ(delays[2], sc_core::sc_time(31500, sc_core::SC_PS));
}

TEST(Memory, NoLatencyConfiguredAnnotatesNothing) {
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  OneInitiator top(MemoryConfig{}, [&](Initiator& cpu) {
    std::vector<uint8_t> data(4096);
    Initiator::Access a;
    a.data = data.data();
    a.length = 4096;
    cpu.transact(a, delay);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(delay, sc_core::SC_ZERO_TIME);
}

struct TwoInitiators : sc_core::sc_module {
  Memory memory;
  Initiator port0, port1;
  TwoInitiators(const MemoryConfig& config, std::function<void(Initiator&)> body0,
                std::function<void(Initiator&)> body1)
      : sc_module("top"), memory("memory", config), port0("port0"), port1("port1") {
    port0.socket.bind(memory.socket);
    port1.socket.bind(memory.socket);
    port0.body = std::move(body0);
    port1.body = std::move(body1);
  }
};

TEST(Memory, DmiGrantsOnePageAndRecordsItsAxCache) {
  MemoryConfig config;
  config.read_latency = sc_core::sc_time(3, sc_core::SC_NS);
  config.write_latency = sc_core::sc_time(4, sc_core::SC_NS);
  bool granted = false;
  tlm::tlm_dmi region;
  const uint8_t axcache = 0x3;  // bufferable, modifiable (AXI A4.4)
  TwoInitiators top(
      config, [](Initiator&) {},
      [&](Initiator& cpu) {
        granted = cpu.dmi(0x12345, region, &axcache);
        if (granted) region.get_dmi_ptr()[0x2345] = 0xAB;  // 0x12345 - 0x10000
      });
  EXPECT_EQ(run_simulation(), "");
  ASSERT_TRUE(granted);
  EXPECT_EQ(region.get_start_address(), 0x10000u);
  EXPECT_EQ(region.get_end_address(), 0x1FFFFu);
  EXPECT_TRUE(region.is_read_write_allowed());
  EXPECT_EQ(region.get_read_latency(), sc_core::sc_time(3, sc_core::SC_NS));
  EXPECT_EQ(region.get_write_latency(), sc_core::sc_time(4, sc_core::SC_NS));
  uint8_t byte = 0;
  top.memory.peek(0x12345, &byte, 1);
  EXPECT_EQ(byte, 0xAB);

  ASSERT_EQ(top.memory.axcache_records().size(), 1u);
  const AxCacheRecord& record = top.memory.axcache_records()[0];
  EXPECT_EQ(record.port, 1u);
  EXPECT_TRUE(record.dmi_grant);
  EXPECT_EQ(record.start, 0x10000u);
  EXPECT_EQ(record.end, 0x1FFFFu);
  EXPECT_EQ(record.axcache, 0x3);
}

// Asks `config`'s memory for DMI at 0 and does one transaction; both the
// grant and the transaction's DMI hint must say no.
void expect_dmi_refused(const MemoryConfig& config) {
  bool granted = true, hint = true;
  OneInitiator top(config, [&](Initiator& cpu) {
    tlm::tlm_dmi region;
    granted = cpu.dmi(0x0, region);
    std::vector<uint8_t> data(4);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    Initiator::Access a;
    a.data = data.data();
    a.length = 4;
    cpu.transact(a, delay, &hint);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_FALSE(granted);
  EXPECT_FALSE(hint);
  EXPECT_TRUE(top.memory.axcache_records().empty());
}

TEST(Memory, DmiRefusedWhenDisabledOrOutsideTheWindow) {
  MemoryConfig no_dmi;
  no_dmi.allow_dmi = false;
  expect_dmi_refused(no_dmi);
}

// DMI would bypass the bandwidth limit: a memory with one refuses it, so
// every access pays latency plus length / bandwidth.
TEST(Memory, DmiRefusedWhenBandwidthIsLimited) {
  MemoryConfig limited;
  limited.bytes_per_ns = 8.0;
  expect_dmi_refused(limited);
}

TEST(Memory, DmiOutsideTheWindowDeniesThatRange) {
  MemoryConfig config;
  config.base = 0x100000;
  config.size = 0x100000;
  bool below_granted = true, above_granted = true;
  tlm::tlm_dmi below, above;
  OneInitiator top(config, [&](Initiator& cpu) {
    below_granted = cpu.dmi(0x10, below);
    above_granted = cpu.dmi(0x300000, above);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_FALSE(below_granted);
  EXPECT_EQ(below.get_start_address(), 0u);
  EXPECT_EQ(below.get_end_address(), 0xFFFFFu);
  EXPECT_FALSE(above_granted);
  EXPECT_EQ(above.get_start_address(), 0x200000u);
  EXPECT_EQ(above.get_end_address(), ~uint64_t{0});
  EXPECT_EQ(top.memory.bytes_allocated(), 0u);
}

TEST(Memory, AxCacheExtensionIsRecordedPerTransactionAndPort) {
  const uint8_t cache0 = 0x2, cache1 = 0xF;
  TwoInitiators top(
      MemoryConfig{},
      [&](Initiator& cpu) {
        std::vector<uint8_t> data(16);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        Initiator::Access a;
        a.command = tlm::TLM_WRITE_COMMAND;
        a.address = 0x200;
        a.data = data.data();
        a.length = 16;
        a.axcache = &cache0;
        cpu.transact(a, delay);
        a.axcache = nullptr;  // no extension: nothing recorded
        cpu.transact(a, delay);
      },
      [&](Initiator& cpu) {
        sc_core::wait(1, sc_core::SC_NS);  // after port 0's accesses
        std::vector<uint8_t> data(4);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        Initiator::Access a;
        a.address = 0x1000;
        a.data = data.data();
        a.length = 4;
        a.axcache = &cache1;
        cpu.transact(a, delay);
      });
  EXPECT_EQ(run_simulation(), "");
  const auto& records = top.memory.axcache_records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].port, 0u);
  EXPECT_FALSE(records[0].dmi_grant);
  EXPECT_EQ(records[0].start, 0x200u);
  EXPECT_EQ(records[0].end, 0x20Fu);
  EXPECT_EQ(records[0].axcache, 0x2);
  EXPECT_EQ(records[1].port, 1u);
  EXPECT_EQ(records[1].start, 0x1000u);
  EXPECT_EQ(records[1].end, 0x1003u);
  EXPECT_EQ(records[1].axcache, 0xF);
}

TEST(Memory, DebugTransportStopsAtTheWindowEnd) {
  MemoryConfig config;
  config.size = 0x100;
  unsigned written = 0, outside = 1;
  OneInitiator top(config, [&](Initiator& cpu) {
    std::vector<uint8_t> data = {1, 2, 3, 4, 5, 6, 7, 8};
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_WRITE_COMMAND);
    trans.set_address(0xFC);
    trans.set_data_ptr(data.data());
    trans.set_data_length(8);
    written = cpu.socket->transport_dbg(trans);
    trans.set_address(0x100);
    outside = cpu.socket->transport_dbg(trans);
  });
  EXPECT_EQ(run_simulation(), "");
  EXPECT_EQ(written, 4u);  // 0xFC..0xFF
  EXPECT_EQ(outside, 0u);
  std::vector<uint8_t> bytes(4);
  top.memory.peek(0xFC, bytes.data(), 4);
  EXPECT_EQ(bytes, (std::vector<uint8_t>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace acosim::core

// The NVDLA trace player against a fake HAL: registers in a map, sparse
// paged memory, GLB interrupt status/mask with write-1-to-clear, and
// scripted "hardware" reactions to register writes (raise done interrupts,
// copy memory, change a register later). Expected values come from NVDLA's
// own golden CRCs (the pass-through traces, whose output equals their
// input), zlib's check value, Python's zlib.crc32 and the conformance set's
// README.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "testbench/nvdla/trace/surface_file.h"
#include "testbench/nvdla/trace/trace_player.h"
#include "testbench/nvdla/tests/conformance_data.h"

namespace acosim::nvdla::trace {
namespace {

namespace fs = std::filesystem;
using hal::MemoryPort;

// CSB byte addresses, written out from NVDLA's address maps (GLB S_INTR_MASK
// +0x004 and S_INTR_STATUS +0x00C; D_OP_ENABLE +0x008 in PDP, PDP_RDMA,
// SDP_RDMA, +0x038 in SDP; BDMA CFG_LAUNCH0 +0x034).
struct Map {
  uint32_t glb_mask, glb_status, pdp_enable, pdp_rdma_enable, sdp_enable, sdp_rdma_enable, bdma_launch0, cdp_enable,
      cdma_enable;
};
constexpr Map kMaster{0x1004, 0x100C, 0xB008, 0xA008, 0x9038, 0x8008, 0, 0xD048, 0x3010};
constexpr Map kNvFull{0x0004, 0x000C, 0xD008, 0xC008, 0xB038, 0xA008, 0x4034, 0xF048, 0x5010};

// GLB S_INTR_STATUS bits: SDP 0/1, PDP 4/5, BDMA 6/7.
constexpr uint32_t kSdp0 = 1u << 0, kCdp0 = 1u << 2, kPdp0 = 1u << 4, kPdp1 = 1u << 5, kBdma0 = 1u << 6;
constexpr uint32_t kConvDone0 = (1u << 16) | (1u << 18) | (1u << 20);  // CDMA_DAT_0, CDMA_WT_0, CACC_0

class FakeNvdlaHal : public hal::Hal {
 public:
  explicit FakeNvdlaHal(const Map& map) : map_(map) {}

  // Something the fake hardware does `delay_ns` after a register write.
  struct Reaction {
    uint64_t delay_ns = 1000;
    uint32_t raise = 0;                        // GLB status bits to set
    std::function<void(FakeNvdlaHal&)> effect; // e.g. write the result
  };
  void on_write(uint32_t address, uint32_t value, Reaction reaction) {
    reactions_.push_back({address, value, std::move(reaction)});
  }
  // The register at `address` reads `value` from time `at_ns` on.
  void set_register_at(uint64_t at_ns, uint32_t address, uint32_t value) {
    events_.emplace(at_ns, Event{0, [=](FakeNvdlaHal& h) { h.registers_[address] = value; }});
  }

  bool status_clears = true;  // false: S_INTR_STATUS ignores write-1-to-clear

  // What the player did.
  std::vector<std::pair<uint32_t, uint32_t>> register_writes;
  std::map<uint32_t, unsigned> register_reads;
  unsigned memory_writes = 0;
  size_t largest_memory_write = 0;
  unsigned interrupt_waits = 0;

  std::vector<uint8_t> bytes(MemoryPort port, uint64_t address, size_t n) {
    std::vector<uint8_t> out(n);
    access(port, address, out.data(), n, false);
    return out;
  }
  void poke(MemoryPort port, uint64_t address, const std::vector<uint8_t>& data) {
    access(port, address, const_cast<uint8_t*>(data.data()), data.size(), true);
  }
  void copy(MemoryPort port, uint64_t from, uint64_t to, size_t n) { poke(port, to, bytes(port, from, n)); }
  uint32_t status() const { return status_; }

  // hal::Hal
  void write_memory(uint64_t address, const void* data, size_t n) override {
    write_memory(MemoryPort::Primary, address, data, n);
  }
  void read_memory(uint64_t address, void* data, size_t n) override {
    read_memory(MemoryPort::Primary, address, data, n);
  }
  void write_memory(MemoryPort port, uint64_t address, const void* data, size_t n) override {
    ++memory_writes;
    largest_memory_write = std::max(largest_memory_write, n);
    access(port, address, static_cast<uint8_t*>(const_cast<void*>(data)), n, true);
  }
  void read_memory(MemoryPort port, uint64_t address, void* data, size_t n) override {
    access(port, address, static_cast<uint8_t*>(data), n, false);
  }
  uint32_t read_register(uint32_t offset) override {
    ++register_reads[offset];
    if (offset == map_.glb_status) return status_;
    const auto it = registers_.find(offset);
    return it == registers_.end() ? 0 : it->second;
  }
  void write_register(uint32_t offset, uint32_t value) override {
    register_writes.emplace_back(offset, value);
    if (offset == map_.glb_status) {
      if (status_clears) status_ &= ~value;
    } else {
      registers_[offset] = value;
    }
    for (const auto& r : reactions_) {
      if (r.address == offset && r.value == value) {
        events_.emplace(now_ + r.reaction.delay_ns, Event{r.reaction.raise, r.reaction.effect});
      }
    }
  }
  bool wait_for_interrupt(uint64_t timeout_ns) override {
    ++interrupt_waits;
    const uint64_t deadline = now_ + timeout_ns;
    while (!line()) {
      if (events_.empty() || events_.begin()->first > deadline) {
        now_ = deadline;
        return false;
      }
      advance(events_.begin()->first);
    }
    return true;
  }
  void write_stream(hal::StreamId, const void*, size_t) override { throw std::logic_error("NVDLA has no streams"); }
  void sleep_ns(uint64_t ns) override { advance(now_ + ns); }
  uint64_t now_ns() const override { return now_; }

 private:
  struct Event {
    uint32_t raise;
    std::function<void(FakeNvdlaHal&)> effect;
  };
  struct Trigger {
    uint32_t address, value;
    Reaction reaction;
  };

  bool line() const { return (status_ & ~registers_mask()) != 0; }
  uint32_t registers_mask() const {
    const auto it = registers_.find(map_.glb_mask);
    return it == registers_.end() ? 0 : it->second;
  }
  void advance(uint64_t to) {
    while (!events_.empty() && events_.begin()->first <= to) {
      const auto node = events_.extract(events_.begin());
      now_ = node.key();
      status_ |= node.mapped().raise;
      if (node.mapped().effect) node.mapped().effect(*this);
    }
    now_ = std::max(now_, to);
  }
  void access(MemoryPort port, uint64_t address, uint8_t* data, size_t n, bool write) {
    for (size_t i = 0; i < n;) {
      const uint64_t a = address + i;
      auto& page = pages_[{port, a / kPage}];
      const size_t in_page = std::min<size_t>(n - i, kPage - a % kPage);
      if (write) {
        std::memcpy(page.data() + a % kPage, data + i, in_page);
      } else {
        std::memcpy(data + i, page.data() + a % kPage, in_page);
      }
      i += in_page;
    }
  }

  static constexpr size_t kPage = 4096;
  Map map_;
  std::map<uint32_t, uint32_t> registers_;
  uint32_t status_ = 0;
  std::vector<Trigger> reactions_;
  std::multimap<uint64_t, Event> events_;
  std::map<std::pair<MemoryPort, uint64_t>, std::array<uint8_t, kPage>> pages_;
  uint64_t now_ = 0;
};

class PlayerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "acosim_trace_player_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    fs::create_directories(dir_ / "trace");
    options_.log = &log_;
    options_.out_dir = (dir_ / "out").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = (dir_ / "trace" / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::string trace_dir() const { return (dir_ / "trace").string(); }
  std::vector<std::string> log_lines() const {
    std::vector<std::string> lines;
    std::istringstream in(log_.str());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }
  bool logged(const std::string& line) const {
    for (const auto& l : log_lines()) {
      if (l == line) return true;
    }
    return false;
  }

  fs::path dir_;
  std::ostringstream log_;
  PlayerOptions options_;
};

template <typename F>
std::string error_of(F&& action) {
  try {
    action();
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

// What the fake PDP "computes": the 12 bytes b"123456789abc", whose CRC
// python3's zlib.crc32 gives as 0xbdb0c0e4 (computed while writing this test).
const std::vector<uint8_t> kResult = {'1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c'};
constexpr uint32_t kResultCrc = 0xbdb0c0e4;

// A PDP layer in the master map: zero the output, enable, wait for PDP_0,
// CRC-check the 12 result bytes.
std::string pdp_trace(uint32_t crc, const std::string& extra = "") {
  char check[128];
  std::snprintf(check, sizeof check, "check_crc(sync_id_0, pri_mem, 0x80000080, 0xc, 0x%08x);\n", crc);
  return "mem_init(pri_mem, 0x80000080, 0xc, ONES);\n"
         "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1);\n"
         "intr_notify(PDP_0, sync_id_0);\n" +
         std::string(check) + extra;
}

void pdp_writes_result(FakeNvdlaHal& hal, uint32_t raise = kPdp0) {
  hal.on_write(kMaster.pdp_enable, 1, {5000, raise, [](FakeNvdlaHal& h) {
                                         h.poke(MemoryPort::Primary, 0x80000080, kResult);
                                       }});
}

// ------------------------------------------------------------ .cfg traces

TEST_F(PlayerTest, CfgCheckCrcPasses) {
  write("t.cfg", pdp_trace(kResultCrc));
  FakeNvdlaHal hal(kMaster);
  pdp_writes_result(hal);
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 1u);
  EXPECT_EQ(result.failed, 0u);
  EXPECT_TRUE(logged("PASS check_crc(sync_id_0) pri_mem 0x80000080+0xc crc 0xbdb0c0e4")) << log_.str();
  EXPECT_EQ(log_lines().back(), "1 passed, 0 failed");
  // The handler read status and mask, cleared PDP_0 (W1C) and checked it.
  EXPECT_EQ(hal.status(), 0u);
  EXPECT_EQ(hal.register_writes.back(), std::make_pair(kMaster.glb_status, kPdp0));
  EXPECT_EQ(hal.register_reads[kMaster.glb_mask], 1u);
  EXPECT_EQ(hal.register_reads[kMaster.glb_status], 2u);
}

TEST_F(PlayerTest, CfgCheckCrcFailureNamesBothValues) {
  write("t.cfg", pdp_trace(0x12345678));
  FakeNvdlaHal hal(kMaster);
  pdp_writes_result(hal);
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 0u);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(logged("FAIL check_crc(sync_id_0) pri_mem 0x80000080+0xc got 0xbdb0c0e4 expected 0x12345678 at " +
                     (dir_ / "trace/t.cfg").string() + ":4"))
      << log_.str();
  EXPECT_EQ(log_lines().back(), "0 passed, 1 failed");
}

TEST_F(PlayerTest, CfgMemInitPatternsAndLoad) {
  write("in.dat",
        "{\n{offset:0x0, size:4, payload:0x01 0x02 0x03 0x04},\n{offset:0x4, size:4, payload:0x05 0x06 0x07 0x08},\n"
        "{offset:0x10, size:2, payload:0xaa 0xbb},\n}\n");
  write("t.cfg",
        "mem_init(pri_mem, 0x1000, 4, AFIVE);\n"
        "mem_init(pri_mem, 0x1004, 4, FIVEA);\n"
        "mem_init(pri_mem, 0x10fe, 4, ADDR);\n"
        "mem_init(sec_mem, 0x2000, \"in.dat\", ONES);\n"
        "mem_init(pri_mem, 0x3000, 8, ONES);\n"
        "mem_init(pri_mem, 0x3000, 4, X);\n"
        "mem_load(pri_mem, 0x4000, \"in.dat\");\n"
        "mem_init(pri_mem, 0x5000, 64, RANDOM);\n");
  FakeNvdlaHal hal(kMaster);
  options_.config = Config::NvLarge;  // has the secondary memory (CVIF)
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed + result.failed, 0u);
  EXPECT_EQ(hal.bytes(MemoryPort::Primary, 0x1000, 8), (std::vector<uint8_t>{0xa5, 0xa5, 0xa5, 0xa5, 0x5a, 0x5a, 0x5a, 0x5a}));
  // ADDR: the low byte of each address.
  EXPECT_EQ(hal.bytes(MemoryPort::Primary, 0x10fe, 4), (std::vector<uint8_t>{0xfe, 0xff, 0x00, 0x01}));
  // The file form covers the file's extent, 0x12 bytes, on the secondary port only.
  EXPECT_EQ(hal.bytes(MemoryPort::Secondary, 0x2000, 0x13), [] {
    std::vector<uint8_t> v(0x13, 0xff);
    v[0x12] = 0;
    return v;
  }());
  EXPECT_EQ(hal.bytes(MemoryPort::Primary, 0x2000, 4), (std::vector<uint8_t>{0, 0, 0, 0}));
  EXPECT_EQ(hal.bytes(MemoryPort::Primary, 0x3000, 8), (std::vector<uint8_t>{0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}));
  EXPECT_EQ(hal.bytes(MemoryPort::Primary, 0x4000, 0x12),
            (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0xaa, 0xbb}));
  // RANDOM is not constant, and the same trace gives the same bytes.
  const auto random = hal.bytes(MemoryPort::Primary, 0x5000, 64);
  EXPECT_NE(std::count(random.begin(), random.end(), random[0]), 64);
  FakeNvdlaHal again(kMaster);
  play_trace(trace_dir(), again, options_);
  EXPECT_EQ(again.bytes(MemoryPort::Primary, 0x5000, 64), random);
}

TEST_F(PlayerTest, CfgMemoryMovesInLargeChunks) {
  // 0x114c0 bytes of mem_init: two transfers of at most 64 KiB.
  write("t.cfg", "mem_init(pri_mem, 0x80000080, 0x114c0, ALL_ZERO);\n");
  FakeNvdlaHal hal(kMaster);
  play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(hal.memory_writes, 2u);
  EXPECT_EQ(hal.largest_memory_write, 0x10000u);
  // 2048 records of 4 bytes that continue one another: one transfer.
  std::string surface = "{\n";
  for (unsigned i = 0; i < 2048; ++i) surface += "{offset:" + std::to_string(i * 4) + ", size:4, payload:0x01 0x02 0x03 0x04},\n";
  write("big.dat", surface + "}\n");
  write("t.cfg", "mem_load(pri_mem, 0x80000000, \"big.dat\");\n");
  FakeNvdlaHal loader(kMaster);
  play_trace(trace_dir(), loader, options_);
  EXPECT_EQ(loader.memory_writes, 1u);
  EXPECT_EQ(loader.largest_memory_write, 8192u);
}

TEST_F(PlayerTest, CfgInterruptsOutOfOrder) {
  // The trace expects SDP_0 then PDP_0; the hardware finishes PDP first.
  write("t.cfg",
        "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1);\n"
        "intr_notify(SDP_0, sync_id_1);\n"
        "intr_notify(PDP_0, sync_id_0);\n"
        "check_nothing(sync_id_1);\n"
        "check_crc(sync_id_0, 1, 0x80000080, 0xc, 0xbdb0c0e4);\n");
  FakeNvdlaHal hal(kMaster);
  hal.on_write(kMaster.pdp_enable, 1, {1000, kPdp0, [](FakeNvdlaHal& h) { h.poke(MemoryPort::Primary, 0x80000080, kResult); }});
  hal.on_write(kMaster.pdp_enable, 1, {3000, kSdp0, nullptr});
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 1u);
  EXPECT_EQ(result.failed, 0u);
  EXPECT_EQ(hal.status(), 0u);
  // Two separate services: PDP_0 cleared first, then SDP_0.
  std::vector<uint32_t> clears;
  for (const auto& [address, value] : hal.register_writes) {
    if (address == kMaster.glb_status) clears.push_back(value);
  }
  EXPECT_EQ(clears, (std::vector<uint32_t>{kPdp0, kSdp0}));
}

TEST_F(PlayerTest, CfgInterruptsTogetherInOneStatusRead) {
  write("t.cfg",
        "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1);\n"
        "intr_notify(PDP_0, sync_id_0);\n"
        "intr_notify(SDP_0, sync_id_1);\n"
        "check_nothing(sync_id_1);\n");
  FakeNvdlaHal hal(kMaster);
  hal.on_write(kMaster.pdp_enable, 1, {1000, kPdp0 | kSdp0, nullptr});
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.failed, 0u);
  EXPECT_EQ(hal.register_writes.back(), std::make_pair(kMaster.glb_status, kPdp0 | kSdp0));
  EXPECT_EQ(hal.interrupt_waits, 1u);
}

TEST_F(PlayerTest, CfgGroupOneInterrupt) {
  std::string trace = pdp_trace(kResultCrc);
  trace.replace(trace.find("PDP_0"), 5, "PDP_1");
  write("t.cfg", trace);
  FakeNvdlaHal hal(kMaster);
  pdp_writes_result(hal, kPdp1);
  EXPECT_EQ(play_trace(trace_dir(), hal, options_).passed, 1u);
}

TEST_F(PlayerTest, CfgUnexpectedInterruptIsAnError) {
  write("t.cfg", pdp_trace(kResultCrc));
  FakeNvdlaHal hal(kMaster);
  pdp_writes_result(hal, kPdp0 | kPdp1);
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/t.cfg").string() + ":3: unexpected interrupt PDP_1: no intr_notify left in the trace expects it");
}

TEST_F(PlayerTest, CfgUnmodelledInterruptBitIsAnError) {
  write("t.cfg", pdp_trace(kResultCrc));
  FakeNvdlaHal hal(kMaster);
  pdp_writes_result(hal, kPdp0 | (1u << 2));  // CDP_DONE_STATUS0
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/t.cfg").string() + ":3: unexpected interrupt CDP_0: no intr_notify left in the trace expects it");
}

TEST_F(PlayerTest, CfgInterruptTimeoutFailsAndStops) {
  write("t.cfg", pdp_trace(kResultCrc));
  FakeNvdlaHal hal(kMaster);  // the PDP never finishes
  options_.interrupt_timeout_ns = 50'000;
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 0u);
  EXPECT_EQ(result.failed, 1u);
  const std::string trace = (dir_ / "trace/t.cfg").string();
  EXPECT_TRUE(logged("FAIL intr_notify(PDP_0, sync_id_0): no interrupt within 50000 ns at " + trace + ":3")) << log_.str();
  EXPECT_TRUE(logged("stopped at " + trace + ":3: the remaining 1 commands were not run")) << log_.str();
  EXPECT_EQ(hal.now_ns(), 50'000u);
}

TEST_F(PlayerTest, CfgCheckOfAnEventNeverNotified) {
  write("t.cfg", "check_crc(sync_id_7, pri_mem, 0x0, 0x4, 0x0);\n");
  FakeNvdlaHal hal(kMaster);
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/t.cfg").string() +
                ":1: check_crc: sync_id_7 never notified (no intr_notify or sync_notify before this line fired it)");
  write("t.cfg", "sync_wait(NVDLA_PDP, a);\nsync_notify(NVDLA_SDP, a);\n");
  EXPECT_NE(error_of([&] { play_trace(trace_dir(), hal, options_); }).find("t.cfg:1: sync_wait: a never notified"),
            std::string::npos);
  write("t.cfg", "sync_notify(NVDLA_SDP, a);\nsync_wait(NVDLA_PDP, a);\ncheck_nothing(a);\n");
  EXPECT_EQ(play_trace(trace_dir(), hal, options_).failed, 0u);
}

TEST_F(PlayerTest, CfgStatusThatDoesNotClearIsAnError) {
  write("t.cfg", pdp_trace(kResultCrc));
  FakeNvdlaHal hal(kMaster);
  hal.status_clears = false;
  pdp_writes_result(hal);
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/t.cfg").string() +
                ":3: GLB S_INTR_STATUS bits 0x00000010 did not clear after writing 0x00000010 (write-1-to-clear)");
}

TEST_F(PlayerTest, CfgLineHighWithNothingPendingIsAnError) {
  // All sources masked, yet the (broken) line is high: the fake's line
  // ignores the mask it stores at another address than GLB's.
  write("t.cfg", "reg_write(NVDLA_GLB.S_INTR_MASK_0, 0x10);\n" + pdp_trace(kResultCrc));
  Map broken = kMaster;
  broken.glb_mask = 0x1FFC;
  FakeNvdlaHal hal(broken);
  pdp_writes_result(hal);
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/t.cfg").string() +
                ":4: the interrupt line is high, but GLB S_INTR_STATUS 0x00000010 & ~S_INTR_MASK 0x00000010 is 0");
}

TEST_F(PlayerTest, CfgPollRegEqual) {
  write("t.cfg", "poll_reg_equal(NVDLA_PDP.S_STATUS_0, 0x5);\nreg_write(NVDLA_PDP.S_POINTER_0, 1);\n");
  FakeNvdlaHal hal(kMaster);
  hal.set_register_at(1050, 0xB000, 5);
  options_.poll_interval_ns = 100;
  PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.failed, 0u);
  // Reads at 0, 100, ..., 1100: the twelfth sees the value.
  EXPECT_EQ(hal.register_reads[0xB000], 12u);
  EXPECT_EQ(hal.register_writes.back(), std::make_pair(0xB004u, 1u));

  FakeNvdlaHal never(kMaster);
  options_.interrupt_timeout_ns = 1000;
  result = play_trace(trace_dir(), never, options_);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(logged("FAIL poll_reg_equal(PDP.S_STATUS, 0x5): still 0x0 after 1000 ns at " +
                     (dir_ / "trace/t.cfg").string() + ":1"))
      << log_.str();
  EXPECT_TRUE(never.register_writes.empty());  // the trace stopped
}

TEST_F(PlayerTest, CfgRegReadCheck) {
  write("t.cfg",
        "reg_write(NVDLA_PDP.D_CYA_0, 0x1234);\n"
        "reg_read_check(NVDLA_PDP.D_CYA_0, 0x1234);\n"
        "reg_read(NVDLA_PDP.S_STATUS_0, ignored);\n"
        "reg_read_check(NVDLA_PDP.S_STATUS_0, 0x1);\n"
        "reg_write(NVDLA_PDP.D_CYA_0, 0x1);\n");
  FakeNvdlaHal hal(kMaster);
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 1u);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(logged("PASS reg_read_check(PDP.D_CYA, 0x1234)")) << log_.str();
  EXPECT_TRUE(logged("FAIL reg_read_check(PDP.S_STATUS, 0x1) read 0x0 at " + (dir_ / "trace/t.cfg").string() + ":4"));
  EXPECT_EQ(hal.register_writes.size(), 1u);  // stopped before the last write
  EXPECT_EQ(hal.register_reads[0xB000], 2u);
}

TEST_F(PlayerTest, CfgCheckFile) {
  write("want.dat", "{offset:0x0, size:4, payload:0x31 0x32 0x33 0x34},\n{offset:0x8, size:1, payload:0x39},\n");
  write("t.cfg", pdp_trace(kResultCrc, "check_file(sync_id_0, pri_mem, 0x80000080, 0xc, \"want.dat\");\n"));
  FakeNvdlaHal hal(kMaster);
  pdp_writes_result(hal);
  EXPECT_EQ(play_trace(trace_dir(), hal, options_).passed, 2u);

  write("want.dat", "{offset:0x9, size:2, payload:0x61 0x00},\n");
  FakeNvdlaHal other(kMaster);
  pdp_writes_result(other);
  const PlayResult result = play_trace(trace_dir(), other, options_);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(logged("FAIL check_file(sync_id_0) pri_mem 0x80000080+0xc want.dat: first difference at 0x8000008a: "
                     "read 0x62 expected 0x0 at " +
                     (dir_ / "trace/t.cfg").string() + ":5"))
      << log_.str();
}

// ------------------------------------------------------------- .txn traces

TEST_F(PlayerTest, TxnReadRegPollsUpToTheRetryLimit) {
  write("input.txn", "write_reg 0xffff3402 0x1\nread_reg 0xffff0003 0x00000010 0x00000010\n");
  write("plusargs.txt", "+read_reg_poll_retries=10\n");
  options_.config = Config::NvFull;
  options_.poll_interval_ns = 100;
  FakeNvdlaHal hal(kNvFull);
  hal.on_write(kNvFull.pdp_enable, 1, {450, kPdp0, nullptr});
  PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 1u);
  EXPECT_EQ(result.failed, 0u);
  // Reads at 0, 100, 200, 300, 400, 500: the sixth sees PDP_DONE_STATUS0.
  EXPECT_EQ(hal.register_reads[kNvFull.glb_status], 6u);
  EXPECT_TRUE(logged("PASS read_reg 0xffff0003 GLB.S_INTR_STATUS mask 0x00000010 == 0x00000010: read 0x00000010"))
      << log_.str();

  write("plusargs.txt", "+read_reg_poll_retries=5\n");
  FakeNvdlaHal slow(kNvFull);
  slow.on_write(kNvFull.pdp_enable, 1, {450, kPdp0, nullptr});
  result = play_trace(trace_dir(), slow, options_);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_EQ(slow.register_reads[kNvFull.glb_status], 5u);
  EXPECT_TRUE(logged("FAIL read_reg 0xffff0003 GLB.S_INTR_STATUS mask 0x00000010 == 0x00000010: read 0x00000000 "
                     "after 5 reads at " +
                     (dir_ / "trace/input.txn").string() + ":2"))
      << log_.str();
}

TEST_F(PlayerTest, TxnReadRegDefaultLimitAndNpolls) {
  options_.config = Config::NvFull;
  // No plusargs.txt: 50000 reads.
  write("input.txn", "read_reg 0xffff3000 0x1 0x1\n");
  FakeNvdlaHal hal(kNvFull);
  EXPECT_EQ(play_trace(trace_dir(), hal, options_).failed, 1u);
  EXPECT_EQ(hal.register_reads[0xC000], 50000u);
  // NPOLLS of the long form wins over the limit.
  write("input.txn", "read_reg 0xffff3000 0x1 == 0x1 3\n");
  FakeNvdlaHal three(kNvFull);
  EXPECT_EQ(play_trace(trace_dir(), three, options_).failed, 1u);
  EXPECT_EQ(three.register_reads[0xC000], 3u);
}

TEST_F(PlayerTest, TxnFailedReadStopsWithoutContinueOnFail) {
  options_.config = Config::NvFull;
  write("input.txn",
        "read_reg 0xffff100b 0xffffffe0 0x00000800\n"
        "write_reg 0xffff100b 0x800\n"
        "read_reg 0xffff100b 0xffffffe0 0x00000800\n");
  write("plusargs.txt", "+read_reg_poll_retries=2\n");
  FakeNvdlaHal hal(kNvFull);
  PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 0u);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(hal.register_writes.empty());
  EXPECT_TRUE(logged("stopped at " + (dir_ / "trace/input.txn").string() +
                     ":1: the remaining 2 commands were not run (+continue_on_fail lets a trace go on after a failed "
                     "read_reg)"))
      << log_.str();

  write("plusargs.txt", "+read_reg_poll_retries=2 +continue_on_fail\n");
  FakeNvdlaHal go_on(kNvFull);
  result = play_trace(trace_dir(), go_on, options_);
  EXPECT_EQ(result.passed, 1u);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_EQ(log_lines().back(), "1 passed, 1 failed");
}

TEST_F(PlayerTest, TxnWait) {
  options_.config = Config::NvFull;
  write("input.txn", "write_reg 0xffff3402 0x1\nwait\nwrite_reg 0xffff0003 0xffffffff\n");
  FakeNvdlaHal hal(kNvFull);
  hal.on_write(kNvFull.pdp_enable, 1, {2000, kPdp0, nullptr});
  EXPECT_EQ(play_trace(trace_dir(), hal, options_).failed, 0u);
  EXPECT_EQ(hal.now_ns(), 2000u);
  // wait does not clear: the trace's own write did.
  EXPECT_EQ(hal.register_writes.back(), std::make_pair(kNvFull.glb_status, 0xffffffffu));
  EXPECT_EQ(hal.status(), 0u);

  FakeNvdlaHal silent(kNvFull);
  options_.interrupt_timeout_ns = 7000;
  const PlayResult result = play_trace(trace_dir(), silent, options_);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(logged("FAIL wait: the interrupt line stayed low for 7000 ns at " + (dir_ / "trace/input.txn").string() +
                     ":2"))
      << log_.str();
  EXPECT_EQ(silent.register_writes.size(), 1u);
}

std::string dump_text(const std::vector<uint8_t>& bytes) {
  std::string text = "dumped memory\n";
  char token[8];
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::snprintf(token, sizeof token, " 0x%02x", bytes[i]);
    text += token;
    if (i % 32 == 31) text += "\n";
  }
  return text;
}

TEST_F(PlayerTest, TxnLoadAndDumpMem) {
  options_.config = Config::NvFull;
  std::vector<uint8_t> data(64);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(3 * i + 1);
  write("in.dat", dump_text(data));
  write("golden.dat", dump_text(data));
  write("input.txn",
        "load_mem 0x50000000 0x40 in.dat\n"
        "write_reg 0xffff100d 0x1\n"
        "wait\n"
        "dump_mem 0x51000000 0x40 golden.dat\n");
  FakeNvdlaHal hal(kNvFull);
  // A CVSRAM-to-CVSRAM copy, as BDMA does in sanity1_cvsram.
  hal.on_write(kNvFull.bdma_launch0, 1, {800, kBdma0, [](FakeNvdlaHal& h) {
                                           h.copy(MemoryPort::Secondary, 0x50000000, 0x51000000, 64);
                                         }});
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.passed, 1u);
  EXPECT_EQ(result.failed, 0u);
  EXPECT_TRUE(logged("PASS dump_mem sec_mem 0x51000000+0x40 golden.dat")) << log_.str();
  EXPECT_EQ(hal.bytes(MemoryPort::Primary, 0x51000000, 4), (std::vector<uint8_t>{0, 0, 0, 0}));
  // The bytes read are in out_dir under the golden file's name.
  EXPECT_EQ(read_memory_dump((dir_ / "out/golden.dat").string(), 64), data);
  EXPECT_EQ(hal.largest_memory_write, 64u);
  EXPECT_EQ(hal.memory_writes, 1u);  // the load (the fake's own copy bypasses the HAL)
}

TEST_F(PlayerTest, TxnDumpMemMismatchNamesTheFirstDifference) {
  options_.config = Config::NvFull;
  std::vector<uint8_t> golden(96, 0x11);
  write("golden.dat", dump_text(golden));
  write("input.txn", "dump_mem 0x80100000 0x60 golden.dat\n");
  FakeNvdlaHal hal(kNvFull);
  std::vector<uint8_t> memory = golden;
  memory[0x21] = 0x12;
  memory[0x40] = 0x00;
  hal.poke(MemoryPort::Primary, 0x80100000, memory);
  const PlayResult result = play_trace(trace_dir(), hal, options_);
  EXPECT_EQ(result.failed, 1u);
  EXPECT_TRUE(logged("FAIL dump_mem pri_mem 0x80100000+0x60 golden.dat: 2 bytes differ, the first at 0x80100021: "
                     "read 0x12 expected 0x11 (read bytes in " +
                     (dir_ / "out/golden.dat").string() + ") at " + (dir_ / "trace/input.txn").string() + ":1"))
      << log_.str();
  EXPECT_EQ(read_memory_dump((dir_ / "out/golden.dat").string(), 96), memory);
}

TEST_F(PlayerTest, TxnDumpMemNeedsAnOutputFolderAwayFromTheTrace) {
  options_.config = Config::NvFull;
  write("golden.dat", dump_text(std::vector<uint8_t>(32, 0)));
  write("input.txn", "write_reg 0xffff3402 0x1\ndump_mem 0x80100000 0x20 golden.dat\n");
  FakeNvdlaHal hal(kNvFull);
  options_.out_dir = trace_dir();
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/input.txn").string() + ":2: the output folder " + trace_dir() +
                " is the trace's folder: the dump would replace golden.dat");
  options_.out_dir.clear();
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/input.txn").string() +
                ":2: dump_mem needs an output folder for the bytes it reads (PlayerOptions::out_dir)");
  EXPECT_TRUE(hal.register_writes.empty());  // nothing ran
}

// ------------------------------------------------------- finding the trace

TEST_F(PlayerTest, FolderMustHoldExactlyOneTrace) {
  FakeNvdlaHal hal(kMaster);
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            trace_dir() + ": no trace in this folder (expected one .cfg file or input.txn)");
  write("a.cfg", "");
  write("input.txn", "");
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            trace_dir() + ": more than one trace in this folder: a.cfg, input.txn");
  const std::string notes = write("notes.txt", "");
  EXPECT_EQ(error_of([&] { play_trace(notes, hal, options_); }),
            notes + ": not a trace (expected a .cfg or .txn file, or a folder holding one)");
  EXPECT_EQ(error_of([&] { play_trace(trace_dir() + "/gone", hal, options_); }),
            trace_dir() + "/gone: no such file or folder");
  // A file path picks that trace even when the folder holds two.
  EXPECT_EQ(find_trace((dir_ / "trace/a.cfg").string()), (dir_ / "trace/a.cfg").string());
}

TEST_F(PlayerTest, ParseErrorsComeBeforeAnythingRuns) {
  write("t.cfg", "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 1);\nreg_write(NVDLA_RUBIK.D_OP_ENABLE_0, 1);\n");
  FakeNvdlaHal hal(kMaster);
  EXPECT_EQ(error_of([&] { play_trace(trace_dir(), hal, options_); }),
            (dir_ / "trace/t.cfg").string() + ":2: unit RUBIK is not modelled: nv_small has no RUBIK");
  EXPECT_TRUE(hal.register_writes.empty());
}

// ----------------------------------------------- NVDLA's conformance traces

fs::path conformance_dir() { return acosim::nvdla::test::conformance_root(); }

// Skips the test where NVDLA's trace tests are not available (fails it
// under CI=true).
#define REQUIRE_CONFORMANCE() ACOSIM_REQUIRE_NVDLA_CONFORMANCE(conformance_dir())

// The pass-through traces (1x1 max pooling, stride 1, no padding) write their
// input unchanged: a fake that copies the input region and raises the done
// interrupts must meet NVDLA's golden CRC.
TEST_F(PlayerTest, ConformancePassThroughTracesMeetTheirGoldenCrc) {
  REQUIRE_CONFORMANCE();
  struct PassThrough {
    const char* folder;
    Config config;
    uint64_t in, out, size;
    bool sdp;
  };
  constexpr PassThrough kTraces[] = {
      {"nv_small/pdp_8x8x32_1x1_int8_0", Config::NvSmall, 0x80000000, 0x80080000, 0x800, false},
      {"nv_small/pdp_8x8x32_1x1_int8_1", Config::NvSmall, 0x80000000, 0x80080000, 0x800, false},
      {"nv_large/pdp_8x8x32_1x1_max_int8_0", Config::NvLarge, 0x80000000, 0x80080000, 0x800, false},
      {"nv_large/pdp_passthrough_8x8x32_pack_all_zero_int8", Config::NvLarge, 0x80000000, 0x80080000, 0x800, false},
      {"nv_large/pdp_passthrough_8x8x32_pack_inc_int8", Config::NvLarge, 0x80000000, 0x80080000, 0x800, false},
      {"nv_small/sdp_pdp_32x16x32_pass_through_int8_0", Config::NvSmall, 0x80000000, 0x80800000, 0x4000, true},
  };
  for (const auto& t : kTraces) {
    SCOPED_TRACE(t.folder);
    FakeNvdlaHal hal(kMaster);
    const uint32_t enable = t.sdp ? kMaster.sdp_rdma_enable : kMaster.pdp_rdma_enable;
    // PDP finishes first; the SDP->PDP trace expects SDP_0 first.
    hal.on_write(enable, 1, {2000, kPdp0, [t](FakeNvdlaHal& h) { h.copy(MemoryPort::Primary, t.in, t.out, t.size); }});
    if (t.sdp) hal.on_write(enable, 1, {4000, kSdp0, nullptr});
    options_.config = t.config;
    log_.str("");
    const PlayResult result = play_trace((conformance_dir() / t.folder).string(), hal, options_);
    EXPECT_EQ(result.passed, 1u);
    EXPECT_EQ(result.failed, 0u);
    EXPECT_EQ(log_lines().back(), "1 passed, 0 failed");
  }
}

TEST_F(PlayerTest, ConformanceTraceWithoutHardwareFailsItsCrc) {
  REQUIRE_CONFORMANCE();
  // The split-width trace's output is not its input: with only the interrupt
  // and no pooling, the zeroed output region misses the golden CRC.
  FakeNvdlaHal hal(kMaster);
  hal.on_write(kMaster.pdp_rdma_enable, 1, {2000, kPdp0, nullptr});
  options_.config = Config::NvSmall;
  const PlayResult result =
      play_trace((conformance_dir() / "nv_small/pdp_16x6x16_4x2_split_max_int8_0").string(), hal, options_);
  EXPECT_EQ(result.passed, 0u);
  EXPECT_EQ(result.failed, 1u);
  const auto lines = log_lines();
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[lines.size() - 2].rfind("FAIL check_crc(sync_id_0) pri_mem 0x80000080+0x114c0 got ", 0), 0u)
      << lines[lines.size() - 2];
  EXPECT_NE(lines[lines.size() - 2].find(" expected 0xf0ca2c1b at "), std::string::npos);
}

// The nv_full sanity traces against a fake whose registers read back what
// was written and whose BDMA "finishes" on CFG_LAUNCH0 (copying the
// 8 lines x 256 bytes the traces program): every read_reg passes.
TEST_F(PlayerTest, ConformanceSanityTraces) {
  REQUIRE_CONFORMANCE();
  struct Sanity {
    const char* test;
    unsigned reads;  // read_reg count from the conformance README
    MemoryPort port;
    uint64_t src, dst;
  };
  constexpr Sanity kTraces[] = {
      {"sanity0", 2, MemoryPort::Primary, 0, 0},
      {"sanity1", 15, MemoryPort::Primary, 0x80000000, 0x81000000},
      {"sanity1_cvsram", 15, MemoryPort::Secondary, 0x50000000, 0x51000000},
      {"sanity2", 14, MemoryPort::Primary, 0x80000000, 0x81000000},
      {"sanity2_cvsram", 14, MemoryPort::Secondary, 0x50000000, 0x51000000},
  };
  options_.config = Config::NvFull;
  for (const auto& t : kTraces) {
    SCOPED_TRACE(t.test);
    FakeNvdlaHal hal(kNvFull);
    hal.on_write(kNvFull.bdma_launch0, 1, {3000, kBdma0, [t](FakeNvdlaHal& h) {
                                             for (uint64_t line = 0; line < 8; ++line) {
                                               h.copy(t.port, t.src + line * 0x100, t.dst + line * 0x100, 0x100);
                                             }
                                           }});
    log_.str("");
    const PlayResult result = play_trace((conformance_dir() / "nv_full_traceplayer" / t.test).string(), hal, options_);
    EXPECT_EQ(result.passed, t.reads);
    EXPECT_EQ(result.failed, 0u);
    if (t.src != 0) {
      // load_mem put sample_surf.dat's first bytes (0xce 0xe4) at the source.
      EXPECT_EQ(hal.bytes(t.port, t.dst, 2), (std::vector<uint8_t>{0xce, 0xe4}));
    }
  }
}

TEST_F(PlayerTest, ConformanceDumpMemWithoutPoolingReportsTheFirstByte) {
  REQUIRE_CONFORMANCE();
  FakeNvdlaHal hal(kNvFull);
  hal.on_write(kNvFull.pdp_enable, 1, {3000, kPdp0, nullptr});
  options_.config = Config::NvFull;
  const PlayResult result =
      play_trace((conformance_dir() / "nv_full_traceplayer/pdp_max_pooling_int16").string(), hal, options_);
  // 36 read_reg pass on a read-back fake; the dump of an output nobody wrote
  // differs from output_feature_map.dat (first bytes 0x11 0x20) at once.
  EXPECT_EQ(result.passed, 36u);
  EXPECT_EQ(result.failed, 1u);
  const auto lines = log_lines();
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[lines.size() - 2].rfind("FAIL dump_mem pri_mem 0x80100000+0x1880 output_feature_map.dat: ", 0), 0u)
      << lines[lines.size() - 2];
  EXPECT_NE(lines[lines.size() - 2].find("the first at 0x80100000: read 0x0 expected 0x11"), std::string::npos);
  EXPECT_EQ(read_memory_dump((dir_ / "out/output_feature_map.dat").string(), 0x1880), std::vector<uint8_t>(0x1880, 0));
}

TEST_F(PlayerTest, EveryConformanceTracePlaysAgainstTheFake) {
  REQUIRE_CONFORMANCE();
  // Parse all 88 traces and play each against a fake
  // that raises the interrupts right away: no trace uses a command the
  // player lacks.
  unsigned traces = 0;
  for (const char* config : {"nv_small", "nv_large", "nv_full_traceplayer"}) {
    for (const auto& entry : fs::directory_iterator(conformance_dir() / config)) {
      const std::string name = entry.path().filename().string();
      const bool master = std::string(config) != "nv_full_traceplayer";
      options_.config = master ? *parse_config(config) : Config::NvFull;
      const bool sdp = name.rfind("sdp_pdp", 0) == 0 || name == "pdp_3x3x33_2x2_ave_int8_0";
      FakeNvdlaHal hal(master ? kMaster : kNvFull);
      hal.on_write(master ? kMaster.pdp_enable : kNvFull.pdp_enable, 1, {100, kPdp0 | (sdp ? kSdp0 : 0u), nullptr});
      if (name.rfind("sdp_", 0) == 0 && !sdp) {
        hal.on_write(master ? kMaster.sdp_enable : kNvFull.sdp_enable, 1, {100, kSdp0, nullptr});
      }
      if (name.rfind("cdp_", 0) == 0) hal.on_write(kMaster.cdp_enable, 1, {100, kCdp0, nullptr});
      // A convolution: SDP, CDMA_DAT, CDMA_WT and CACC once CDMA, enabled last, starts.
      const bool conv = name.rfind("dc_", 0) == 0 || name.rfind("conv_", 0) == 0 ||
                        name.rfind("googlenet_", 0) == 0 || name.rfind("sanity3", 0) == 0;
      if (conv) hal.on_write(master ? kMaster.cdma_enable : kNvFull.cdma_enable, 1, {100, kSdp0 | kConvDone0, nullptr});
      hal.on_write(kNvFull.bdma_launch0, 1, {100, kBdma0, nullptr});
      play_trace(entry.path().string(), hal, options_);
      ++traces;
    }
  }
  EXPECT_EQ(traces, 88u);
}

}  // namespace
}  // namespace acosim::nvdla::trace

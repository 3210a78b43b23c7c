// The client platform's parts without a simulation: the emulated data
// cache (what a flush writes back, what an invalidate discards), FatFs
// over host files, and the boards' address maps. The DRAM is a byte array behind a minimal HAL.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "sw/tensil/client_platform/client_platform.h"
#include "sw/tensil/client_platform/data_cache.h"
#include "sw/tensil/client_platform/file_system.h"
#include "sw/tensil/client_platform/host_window.h"
#include "testbench/tensil/tests/dma_roles.h"

namespace acosim::tensil::client {
namespace {

constexpr uint64_t kBase = 0x60000000;
constexpr uint64_t kBytes = 1 << 20;

class ArrayHal : public hal::Hal {
 public:
  std::vector<uint8_t> dram = std::vector<uint8_t>(kBytes, 0);
  uint64_t slept_ns = 0;
  uint64_t written_bytes = 0;

  void write_memory(uint64_t address, const void* data, size_t bytes) override {
    std::memcpy(dram.data() + (address - kBase), data, bytes);
    written_bytes += bytes;
  }
  void read_memory(uint64_t address, void* data, size_t bytes) override {
    std::memcpy(data, dram.data() + (address - kBase), bytes);
  }
  void write_stream(hal::StreamId, const void*, size_t) override {}
  void sleep_ns(uint64_t nanoseconds) override { slept_ns += nanoseconds; }
  uint64_t now_ns() const override { return slept_ns; }
};

TEST(TensilClientDataCache, StoresReachDramOnlyWhenFlushed) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 32);
  uint8_t* cpu = window.at(kBase + 0x100);
  cpu[0] = 0x5A;
  EXPECT_EQ(hal.dram[0x100], 0);  // still in the cache
  cache.flush_range(kBase + 0x100, 1);
  EXPECT_EQ(hal.dram[0x100], 0x5A);
  // A whole 32-byte line goes out, not more.
  EXPECT_EQ(hal.written_bytes, 32u);
  EXPECT_GT(hal.slept_ns, 0u);
}

TEST(TensilClientDataCache, DeviceWritesAreSeenAfterFlushOrInvalidateOnly) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 32);
  hal.dram[0x200] = 0x11;  // the TCU writes
  EXPECT_EQ(*window.at(kBase + 0x200), 0);  // the CPU reads its stale view
  cache.flush_range(kBase + 0x200, 2);
  EXPECT_EQ(*window.at(kBase + 0x200), 0x11);
  hal.dram[0x200] = 0x22;
  cache.invalidate_range(kBase + 0x200, 2);
  EXPECT_EQ(*window.at(kBase + 0x200), 0x22);
}

TEST(TensilClientDataCache, CleanLinesDoNotOverwriteTheDevice) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 32);
  // The CPU dirties line 0; the device writes line 1 meanwhile.
  *window.at(kBase) = 0x01;
  hal.dram[32] = 0x02;
  cache.flush_range(kBase, 64);
  EXPECT_EQ(hal.dram[0], 0x01);
  EXPECT_EQ(hal.dram[32], 0x02);
  EXPECT_EQ(*window.at(kBase + 32), 0x02);
  EXPECT_EQ(hal.written_bytes, 32u);
}

TEST(TensilClientDataCache, AStoreAfterAFlushKeepsTheDevicesBytesOfItsLine) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 32);
  cache.flush_range(kBase, 32);  // the CPU's view of line 0 is now clean
  hal.dram[16] = 0xAB;           // the device writes byte 16 of line 0
  *window.at(kBase) = 0x01;      // the CPU stores byte 0 (a line fill on the board)
  cache.flush_range(kBase, 1);
  EXPECT_EQ(hal.dram[0], 0x01);
  EXPECT_EQ(hal.dram[16], 0xAB) << "the flush wrote the CPU's stale copy of byte 16 over the device's";
  EXPECT_EQ(*window.at(kBase + 16), 0xAB);
}

TEST(TensilClientDataCache, InvalidateDropsDirtyLines) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 64);
  *window.at(kBase + 70) = 0x7F;
  cache.invalidate_range(kBase + 64, 64);
  EXPECT_EQ(*window.at(kBase + 70), 0);
  EXPECT_EQ(hal.dram[70], 0);
}

// Xil_DCacheInvalidateRange of the Xilinx BSP (embeddedsw,
// lib/bsp/standalone/src/arm/cortexa9/xil_cache.c) flushes a first or last
// line the range covers only in part, then invalidates the whole lines
// between. 32-byte lines; range [8, 72) covers line 0 ([0, 32)) and line 2
// ([64, 96)) in part and line 1 ([32, 64)) whole.
TEST(TensilClientDataCache, InvalidateFlushesThePartlyCoveredLines) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 32);
  *window.at(kBase + 4) = 0xA4;   // dirty, line 0, before the range
  *window.at(kBase + 40) = 0xB0;  // dirty, line 1, inside the range
  *window.at(kBase + 80) = 0xC0;  // dirty, line 2, after the range
  hal.dram[16] = 0x16;            // the device writes line 0
  hal.dram[50] = 0x50;            // and line 1
  cache.invalidate_range(kBase + 8, 64);
  // Lines 0 and 2 were cleaned: the CPU's bytes outside the range reach
  // the DRAM and stay in its view, merged with the device's byte.
  EXPECT_EQ(hal.dram[4], 0xA4);
  EXPECT_EQ(*window.at(kBase + 4), 0xA4);
  EXPECT_EQ(hal.dram[80], 0xC0);
  EXPECT_EQ(*window.at(kBase + 80), 0xC0);
  EXPECT_EQ(*window.at(kBase + 16), 0x16);
  // Line 1 was discarded: its dirty byte is lost, the device's is seen.
  EXPECT_EQ(hal.dram[40], 0);
  EXPECT_EQ(*window.at(kBase + 40), 0);
  EXPECT_EQ(*window.at(kBase + 50), 0x50);
  // Two lines written back, 32 bytes each.
  EXPECT_EQ(hal.written_bytes, 64u);
  EXPECT_EQ(cache.lines_written_back(), 2u);
}

// A range inside one line: that line is flushed, not dropped.
TEST(TensilClientDataCache, InvalidateWithinOneLineKeepsItsDirtyBytes) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 64);
  *window.at(kBase + 1) = 0x11;
  cache.invalidate_range(kBase + 8, 8);
  EXPECT_EQ(hal.dram[1], 0x11);
  EXPECT_EQ(*window.at(kBase + 1), 0x11);
}

TEST(TensilClientDataCache, RangeOutsideTheDramIsAnError) {
  ArrayHal hal;
  HostWindow window(kBase, kBytes);
  DataCache cache(hal, window, 32);
  try {
    cache.flush_range(kBase + kBytes - 16, 32);
    FAIL() << "no error";
  } catch (const std::out_of_range& e) {
    EXPECT_STREQ(e.what(), "Xil_DCacheFlushRange(0x600ffff0, 0x20): outside the board's DRAM 0x60000000-0x60100000");
  }
}

// Tensil's drivers/embedded/tensil/platform.h, TENSIL_TARGET_PYNQ_Z1 and
// TENSIL_TARGET_ULTRA96_V2; cache lines of the Cortex-A9 and Cortex-A53.
TEST(TensilClientPlatformMap, PynqZ1IsTensilsPynqZ1Target) {
  const PlatformMap map = pynq_z1_map();
  EXPECT_EQ(map.target, "PYNQ-Z1");
  EXPECT_EQ(map.prog_buffer_base, 0x00400000u);
  EXPECT_EQ(map.prog_buffer_high, 0x08000000u);
  EXPECT_EQ(map.dram_buffer_base, 0x08000000u);
  EXPECT_EQ(map.dram_buffer_high, 0x0c000000u);
  EXPECT_EQ(map.sample_buffer_base, 0x0c000000u);
  EXPECT_EQ(map.sample_buffer_high, 0x0fffffffu);
  EXPECT_EQ(map.instruction_dma_device_id, 1u);
  EXPECT_EQ(map.sample_dma_device_id, 0u);
  EXPECT_EQ(map.cache_line_bytes, 32u);
  // Whole pages up to 0x10000000.
  EXPECT_EQ(map.window_base(), 0x00400000u);
  EXPECT_EQ(map.window_bytes(), 0x0fc00000u);
}

TEST(TensilClientPlatformMap, Ultra96V2IsTensilsUltra96V2Target) {
  const PlatformMap map = ultra96_v2_map();
  EXPECT_EQ(map.target, "Ultra96-V2");
  EXPECT_EQ(map.prog_buffer_base, 0x10000000u);
  EXPECT_EQ(map.prog_buffer_high, 0x40000000u);
  EXPECT_EQ(map.dram_buffer_base, 0x40000000u);
  EXPECT_EQ(map.dram_buffer_high, 0x50000000u);
  EXPECT_EQ(map.sample_buffer_base, 0x50000000u);
  EXPECT_EQ(map.sample_buffer_high, 0x60000000u);
  EXPECT_EQ(map.instruction_dma_device_id, 0u);
  EXPECT_EQ(map.sample_dma_device_id, 1u);
  EXPECT_EQ(map.cache_line_bytes, 64u);
  EXPECT_EQ(map.window_bytes(), 0x50000000u);
}

// The platform gives each engine the stream its board's map assigns it.
TEST(TensilClientPlatform, DmaEnginesFollowTheMap) {
  const StartThread start = [](std::function<void()>) {};
  for (const PlatformMap& map : {pynq_z1_map(), ultra96_v2_map()}) {
    SCOPED_TRACE(map.target);
    ArrayHal hal;
    PlatformOptions options;
    options.map = map;
    Platform platform(hal, start, options);
    EXPECT_EQ(platform.cache().line_bytes(), map.cache_line_bytes);
    test::expect_dma_roles(platform, map.instruction_dma_device_id, map.sample_dma_device_id);
  }
}

TEST(TensilClientPlatform, AMapIsRequired) {
  ArrayHal hal;
  EXPECT_THROW(Platform(hal, [](std::function<void()>) {}, PlatformOptions{}), std::invalid_argument);
}

TEST(TensilClientHostWindow, TakenRangeIsAClearError) {
  HostWindow first(kBase, kBytes);
  try {
    HostWindow second(kBase + 4096, 4096);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "cannot map the driver's physical address range 0x60001000-0x60002000 into the host process: "
                 "something else is mapped there already");
  }
}

TEST(TensilClientFileSystem, PathsNameFilesBelowTheRoot) {
  const std::string root = testing::TempDir() + "/client_fs";
  std::filesystem::create_directories(root);
  std::ofstream(root + "/a.bin", std::ios::binary) << "hello";
  FileSystem files(root);
  for (const char* path : {"a.bin", "/a.bin", "0:/a.bin", "0:a.bin"}) {
    FILINFO info{};
    ASSERT_EQ(files.stat(path, &info), FR_OK) << path;
    EXPECT_EQ(info.fsize, 5u);
    EXPECT_STREQ(info.fname, "a.bin");
    FIL file{};
    ASSERT_EQ(files.open(&file, path, FA_READ), FR_OK) << path;
    char text[8] = {};
    UINT read = 0;
    EXPECT_EQ(files.read(&file, text, sizeof text, &read), FR_OK);
    EXPECT_EQ(read, 5u);
    EXPECT_STREQ(text, "hello");
    EXPECT_EQ(files.write(&file, "x", 1, &read), FR_DENIED);
    EXPECT_EQ(files.close(&file), FR_OK);
  }
  FILINFO info{};
  EXPECT_EQ(files.stat("missing.bin", &info), FR_NO_FILE);
  EXPECT_EQ(files.stat("../client_fs/a.bin", &info), FR_INVALID_NAME);
  EXPECT_EQ(files.stat("x:/a.bin", &info), FR_INVALID_DRIVE);
  EXPECT_STREQ(fresult_name(FR_NO_FILE), "FR_NO_FILE");
}

TEST(TensilClientFileSystem, WritesCreateFiles) {
  const std::string root = testing::TempDir() + "/client_fs_write";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  FileSystem files(root);
  FIL file{};
  ASSERT_EQ(files.open(&file, "out.bin", FA_WRITE | FA_CREATE_ALWAYS), FR_OK);
  UINT written = 0;
  EXPECT_EQ(files.write(&file, "abc", 3, &written), FR_OK);
  EXPECT_EQ(written, 3u);
  EXPECT_EQ(f_size(&file), 3u);
  EXPECT_EQ(files.close(&file), FR_OK);
  EXPECT_EQ(std::filesystem::file_size(root + "/out.bin"), 3u);
  EXPECT_EQ(files.open(&file, "out.bin", FA_WRITE | FA_CREATE_NEW), FR_EXIST);
}

}  // namespace
}  // namespace acosim::tensil::client

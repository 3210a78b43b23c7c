#include "sw/tensil/client_platform/data_cache.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace acosim::tensil::client {

namespace {

// Maintenance of one line costs about a cycle of a 650 MHz CPU plus the
// write-back; one call has a fixed overhead (Xil_DCacheFlushRange's loop
// setup and barriers).
constexpr uint64_t kCallNs = 20;
constexpr uint64_t kLinesPerNs = 1;
// Host-side work is done in chunks so that a clean chunk is recognised
// with one comparison.
constexpr uint64_t kChunkBytes = 64 * 1024;

}  // namespace

DataCache::DataCache(hal::Hal& hal, const HostWindow& window, unsigned line_bytes)
    : m_hal(hal), m_window(window), m_line_bytes(line_bytes) {
  if (line_bytes == 0 || (line_bytes & (line_bytes - 1)) != 0 || kChunkBytes % line_bytes != 0) {
    throw std::invalid_argument("cache line size must be a power of two up to 64 KiB");
  }
  void* shadow = mmap(nullptr, window.bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                      -1, 0);
  if (shadow == MAP_FAILED) throw std::runtime_error("cannot map the data cache's shadow pages");
  m_shadow = static_cast<uint8_t*>(shadow);
}

DataCache::~DataCache() { munmap(m_shadow, m_window.bytes()); }

void DataCache::line_range(const char* what, uint64_t address, uint64_t bytes, uint64_t& first,
                           uint64_t& end) const {
  first = address & ~uint64_t(m_line_bytes - 1);
  end = (address + bytes + m_line_bytes - 1) & ~uint64_t(m_line_bytes - 1);
  if (!m_window.contains(first, end - first)) {
    std::ostringstream message;
    message << what << "(0x" << std::hex << address << ", 0x" << bytes << "): outside the board's DRAM 0x"
            << m_window.base() << "-0x" << m_window.base() + m_window.bytes();
    throw std::out_of_range(message.str());
  }
}

void DataCache::flush_range(uint64_t address, uint64_t bytes) {
  if (bytes == 0) return;
  uint64_t first = 0;
  uint64_t end = 0;
  line_range("Xil_DCacheFlushRange", address, bytes, first, end);
  write_back_dirty(first, end);
  refill(first, end);
  spend_time((end - first) / m_line_bytes);
}

void DataCache::invalidate_range(uint64_t address, uint64_t bytes) {
  if (bytes == 0) return;
  uint64_t first = 0;
  uint64_t end = 0;
  line_range("Xil_DCacheInvalidateRange", address, bytes, first, end);
  // As the BSP does (Xilinx embeddedsw, lib/bsp/standalone/src/arm/cortexa9/
  // xil_cache.c, Xil_DCacheInvalidateRange; the Cortex-A53's in
  // arm/ARMv8/64bit does the same): a first or last line the range covers
  // only in part is flushed (cleaned, then invalidated), so the CPU's
  // dirty bytes outside the range that share those lines reach the DRAM
  // instead of being lost; only the whole lines between are discarded.
  const uint64_t mask = m_line_bytes - 1;
  uint64_t whole_first = address;
  uint64_t whole_end = address + bytes;
  if ((whole_first & mask) != 0) {
    whole_first &= ~mask;
    flush_line(whole_first);
    whole_first += m_line_bytes;
  }
  if ((whole_end & mask) != 0) {
    whole_end &= ~mask;
    flush_line(whole_end);
  }
  if (whole_first < whole_end) refill(whole_first, whole_end);
  spend_time((end - first) / m_line_bytes);
}

void DataCache::flush_line(uint64_t line) {
  write_back_dirty(line, line + m_line_bytes);
  refill(line, line + m_line_bytes);
}

void DataCache::write_back_dirty(uint64_t first, uint64_t end) {
  for (uint64_t chunk = first; chunk < end;) {
    const uint64_t chunk_end = std::min(end, (chunk / kChunkBytes + 1) * kChunkBytes);
    if (std::memcmp(m_window.at(chunk), shadow(chunk), chunk_end - chunk) != 0) {
      // Consecutive dirty lines go out as one write.
      uint64_t run = chunk_end;
      for (uint64_t line = chunk; line <= chunk_end; line += m_line_bytes) {
        const bool dirty =
            line < chunk_end && std::memcmp(m_window.at(line), shadow(line), m_line_bytes) != 0;
        if (dirty && run == chunk_end) run = line;
        if (!dirty && run != chunk_end) {
          write_back(run, line - run);
          m_lines_written_back += (line - run) / m_line_bytes;
          run = chunk_end;
        }
      }
    }
    chunk = chunk_end;
  }
}

void DataCache::write_back(uint64_t address, uint64_t bytes) {
  // Only the bytes the CPU changed go out, over what the DRAM holds now:
  // on the board, the CPU's first store after the last flush filled the
  // line from the DRAM, so the other bytes of the line are the DRAM's.
  std::vector<uint8_t> merged(bytes);
  m_hal.read_memory(address, merged.data(), bytes);
  const uint8_t* cpu = m_window.at(address);
  const uint8_t* seen = shadow(address);
  for (uint64_t i = 0; i < bytes; ++i) {
    if (cpu[i] != seen[i]) merged[i] = cpu[i];
  }
  m_hal.write_memory(address, merged.data(), bytes);
  std::memcpy(shadow(address), cpu, bytes);
}

void DataCache::refill(uint64_t first, uint64_t end) {
  for (uint64_t chunk = first; chunk < end;) {
    const uint64_t chunk_end = std::min(end, (chunk / kChunkBytes + 1) * kChunkBytes);
    m_hal.read_memory(chunk, m_window.at(chunk), chunk_end - chunk);
    std::memcpy(shadow(chunk), m_window.at(chunk), chunk_end - chunk);
    chunk = chunk_end;
  }
}

void DataCache::spend_time(uint64_t lines) { m_hal.sleep_ns(kCallNs + lines / kLinesPerNs); }

}  // namespace acosim::tensil::client

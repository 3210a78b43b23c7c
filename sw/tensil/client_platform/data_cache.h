// The CPU's write-back data cache between the driver's pointers (a
// HostWindow) and the simulated DRAM (the HAL's memory), for the cache
// maintenance calls of the Xilinx BSP (xil_cache.h).
//
// Emulated rather than shared: the driver's stores land in the host pages
// only, and the simulated DRAM (which the TCU and the DMA engines read and
// write) sees them when the driver flushes; the driver sees what the TCU
// wrote only after a flush or invalidate of the range. A driver that
// forgets a flush therefore fails here as it does on the board.
//
// What the CPU stored is found by comparing the host pages with a shadow
// copy of what the CPU last exchanged with the DRAM. A flush writes back
// exactly the bytes that differ, merged into the DRAM's current line: on
// the board the CPU's first store after a flush refills the line from the
// DRAM, so the rest of the line is what the device wrote meanwhile. Two
// cases differ from the board: a store of the value the CPU last saw there
// is not written back (the driver would see the device's newer value only
// on the board), and a device write into a line the CPU holds dirty is not
// overwritten at the flush (on the board it would be, a race the driver
// must avoid anyway).
#pragma once

#include <cstddef>
#include <cstdint>

#include "sw/hal/hal.h"
#include "sw/tensil/client_platform/host_window.h"

namespace acosim::tensil::client {

class DataCache {
 public:
  // line_bytes: 32 on the Cortex-A9 of Zynq-7000 boards (PYNQ-Z1), 64 on
  // the Cortex-A53 of Zynq UltraScale+ (Ultra96-V2).
  DataCache(hal::Hal& hal, const HostWindow& window, unsigned line_bytes);
  ~DataCache();
  DataCache(const DataCache&) = delete;
  DataCache& operator=(const DataCache&) = delete;

  // Xil_DCacheFlushRange: write back the dirty lines, then invalidate.
  void flush_range(uint64_t address, uint64_t bytes);
  // Xil_DCacheInvalidateRange: drop the lines the range covers whole, dirty
  // or not; a first or last line it covers only in part is flushed instead,
  // as the BSP does.
  void invalidate_range(uint64_t address, uint64_t bytes);
  void flush_all() { flush_range(m_window.base(), m_window.bytes()); }
  void invalidate_all() { invalidate_range(m_window.base(), m_window.bytes()); }

  unsigned line_bytes() const { return m_line_bytes; }
  uint64_t lines_written_back() const { return m_lines_written_back; }

 private:
  // The lines covering [address, address + bytes), as the BSP rounds them.
  void line_range(const char* what, uint64_t address, uint64_t bytes, uint64_t& first, uint64_t& end) const;
  void write_back_dirty(uint64_t first, uint64_t end);
  // Clean and invalidate the line starting at `line`.
  void flush_line(uint64_t line);
  void write_back(uint64_t address, uint64_t bytes);
  void refill(uint64_t first, uint64_t end);
  uint8_t* shadow(uint64_t address) const { return m_shadow + (address - m_window.base()); }
  // The time a maintenance operation of `lines` lines takes on the CPU.
  void spend_time(uint64_t lines);

  hal::Hal& m_hal;
  const HostWindow& m_window;
  unsigned m_line_bytes;
  uint8_t* m_shadow;
  uint64_t m_lines_written_back = 0;
};

}  // namespace acosim::tensil::client

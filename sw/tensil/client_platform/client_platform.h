// The board Tensil's embedded driver (drivers/embedded/tensil) believes it
// runs on, built on the HAL only: the driver's physical memory (a
// HostWindow at the addresses of the board's PlatformMap) behind
// an emulated data cache, two AXI DMA engines on the TCU's instruction and
// sample streams, and FatFs over a host folder. The C entry points of the
// Xilinx BSP and FatFs headers in include/ reach the Platform that is
// current; one exists at a time, as there is one board.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/tensil/client_platform/axi_dma.h"
#include "sw/tensil/client_platform/data_cache.h"
#include "sw/tensil/client_platform/file_system.h"
#include "sw/tensil/client_platform/host_window.h"
#include "sw/tensil/client_platform/include/xaxidma.h"
#include "sw/tensil/client_platform/platform_map.h"

namespace acosim::tensil::client {

struct PlatformOptions {
  // The board's address map, DMA device ids and cache line: the ones the
  // driver was compiled for (the runner, testbench/tensil/client, fills it
  // in from the driver's defines). Required: a Platform without one throws.
  PlatformMap map;
  std::string file_root = ".";    // the folder FatFs paths name files in
  unsigned stream_bytes = 8;      // AXI-Stream width of both DMA engines (the TCU's)
  uint64_t register_read_ns = 100;  // one AXI-Lite register read of a DMA engine
};

class Platform {
 public:
  // Throws if another Platform exists or the address range is taken.
  Platform(hal::Hal& hal, StartThread start, const PlatformOptions& options);
  ~Platform();
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;

  // The Platform the C entry points use; throws std::logic_error when none.
  static Platform& current();

  hal::Hal& hal() { return m_hal; }
  DataCache& cache() { return m_cache; }
  const FileSystem& files() const { return m_files; }
  const PlatformOptions& options() const { return m_options; }
  const PlatformMap& map() const { return m_options.map; }

  // XAxiDma_LookupConfig's table.
  XAxiDma_Config* lookup_config(uint32_t device_id);
  // The engine whose registers contain `address`; nullptr for none.
  AxiDma* dma_at(uint64_t address);
  // A register read of a DMA engine takes bus time.
  void register_access() { m_hal.sleep_ns(m_options.register_read_ns); }

 private:
  hal::Hal& m_hal;
  PlatformOptions m_options;
  HostWindow m_window;
  DataCache m_cache;
  FileSystem m_files;
  std::vector<std::unique_ptr<AxiDma>> m_dmas;
  std::vector<XAxiDma_Config> m_config_table;
};

}  // namespace acosim::tensil::client

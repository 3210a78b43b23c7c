// A complete NVDLA co-simulation: the units of one hardware configuration
// behind their CSB, the GLB's interrupt line, DRAM on MCIF and SRAM on CVIF,
// and a CPU that runs firmware through the HAL (a TlmDeviceHal). Used by the
// trace player, the driver tests and the benchmarks. SystemC cannot restart
// its kernel: elaborate one system per process.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <systemc>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"
#include "systemc/core/memory.h"
#include "systemc/core/tlm_device_hal.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/nvdla/bdma.h"
#include "systemc/nvdla/csb.h"
#include "systemc/nvdla/glb.h"
#include "systemc/nvdla/pdp.h"
#include "systemc/nvdla/pdp_rdma.h"
#include "systemc/nvdla/cacc.h"
#include "systemc/nvdla/cdma.h"
#include "systemc/nvdla/cdp.h"
#include "systemc/nvdla/conv_unit.h"
#include "systemc/nvdla/cdp_rdma.h"
#include "systemc/nvdla/sdp.h"
#include "systemc/nvdla/sdp_rdma.h"
#include "systemc/nvdla/rubik.h"

namespace acosim::nvdla {

struct SystemOptions {
  Config config = Config::NvFull;
  std::string vcd_path;  ///< empty: no waves
  core::MemoryConfig mcif = default_mcif();
  core::MemoryConfig cvif = default_cvif();
  CsbOptions csb;

  static core::MemoryConfig default_mcif();  ///< DRAM: 2^40 bytes, 100 ns per request
  static core::MemoryConfig default_cvif();  ///< SRAM: 2^40 bytes, 10 ns per request
};

class NvdlaSystem : public sc_core::sc_module {
 public:
  NvdlaSystem(sc_core::sc_module_name name, const SystemOptions& options);
  ~NvdlaSystem() override;

  hal::Hal& hal() { return m_cpu; }
  const HardwareConfig& config() const { return m_config; }
  core::Memory& mcif_memory() { return *m_mcif; }
  // nullptr on a configuration without a secondary memory interface.
  core::Memory* cvif_memory() { return m_cvif.get(); }
  void close_waves();

 private:
  struct AbsentMemory;

  const HardwareConfig& m_config;
  std::unique_ptr<core::Memory> m_mcif;
  std::unique_ptr<core::Memory> m_cvif;
  std::unique_ptr<AbsentMemory> m_absent;
  Csb m_csb;
  Glb m_glb;
  std::unique_ptr<Bdma> m_bdma;
  PdpRdma m_pdp_rdma;
  Pdp m_pdp;
  SdpRdma m_sdp_rdma;
  Sdp m_sdp;
  CdpRdma m_cdp_rdma;
  Cdp m_cdp;
  Cdma m_cdma;
  ConvUnit m_csc, m_cmac_a, m_cmac_b;
  Cacc m_cacc;
  std::unique_ptr<Rubik> m_rubik;  // nv_full only
  core::TlmDeviceHal m_cpu;
  core::ObservedSignal<bool> m_intr{"intr"};
  std::unique_ptr<core::VcdTracer> m_tracer;
};

struct RunStatistics {
  double simulated_ns = 0;
  double wall_seconds = 0;
};

// Elaborates a system, runs `firmware` as the CPU's program until it
// returns, and returns. Errors of the models (sc_report) and exceptions of
// the firmware come back as core::SimulationError (a std::runtime_error)
// with a one-line message.
RunStatistics run_firmware(const SystemOptions& options, const std::function<void(NvdlaSystem&)>& firmware);

}  // namespace acosim::nvdla

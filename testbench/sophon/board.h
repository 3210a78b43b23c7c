// A Sophon TPU in a process that has its own main(): the board builds the
// SystemC model on first use and advances simulated time whenever the host
// waits for the device, so host code calls bmlib as it would on a PCIe card
// while the device runs in simulation. Host calls take no simulated time;
// launches, commands and polls do (docs/sophon.md, "Timing").
//
// Environment: ACOSIM_VCD=FILE writes the TPU's waves to FILE when the
// process exits (GDMA/BDC busy and command ids, the CPU's launches and polls);
// ACOSIM_SOPHON_SUMMARY=1 prints what the device did on stderr at exit.
#pragma once

#include <memory>
#include <string>

#include <tlm_utils/simple_initiator_socket.h>

#include "sw/sophon/tpu/ports.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/sophon/tpu.h"

namespace acosim::sophon {

// The host's DMA engine: its socket binds to the TPU's DDR.
struct HostDma : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<HostDma> socket;
  explicit HostDma(sc_core::sc_module_name name) : sc_module(name), socket("socket") {}
};

class Board : public HostPort {
 public:
  Board(const Chip& chip, const std::string& vcd_path);

  /// The process's board (one SystemC kernel per process), created on first
  /// call with the library's chip.
  static Board& instance();

  const Chip& chip() const override { return m_tpu.chip(); }
  void write_global(uint64_t address, const void* data, size_t bytes) override;
  void read_global(uint64_t address, void* data, size_t bytes) override;
  std::string launch(const std::string& name, std::function<void()> firmware, bool wait) override;
  std::string sync() override;

  DevicePort& device() { return m_tpu.cpu(); }
  /// Writes the VCD (if any) now; called at exit.
  void close_waves();
  /// "acosim sophon: N launches, ..." (launches, commands, engine busy time,
  /// hazards, simulated time).
  std::string summary() const;

 private:
  uint8_t* ddr(uint64_t address, size_t bytes);
  std::string run();

  Tpu m_tpu;
  HostDma m_host;
  std::unique_ptr<core::VcdTracer> m_tracer;
  uint8_t* m_ddr = nullptr;
};

}  // namespace acosim::sophon

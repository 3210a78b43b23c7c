// One Sophon TPU, parameterised by its Chip: global memory (DDR) and
// L2-SRAM as system memory, the NPUs' local memory, the GDMA and BDC
// engines and the device CPU that runs launched firmware functions.
//
//   host --(host socket)--> DDR <---- GDMA ----> local memory <---- BDC
//                                    L2-SRAM <--'   ^
//   device CPU --commands--> GDMA, BDC; debug windows on all memories
#pragma once

#include <systemc>

#include "sw/sophon/tpu/chip.h"
#include "systemc/core/flat_memory.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/sophon/bdc.h"
#include "systemc/sophon/device_cpu.h"
#include "systemc/sophon/gdma.h"

namespace acosim::sophon {

class Tpu : public sc_core::sc_module {
 public:
  Tpu(sc_core::sc_module_name name, const Chip& chip);

  const Chip& chip() const { return m_chip; }
  /// Where the host's DMA binds (bm_memcpy_s2d / d2s).
  tlm_utils::multi_passthrough_target_socket<core::FlatMemory>& host_socket() {
    return m_ddr.socket;
  }
  DeviceCpu& cpu() { return m_cpu; }

  uint32_t gdma_commands() const { return m_gdma.issued_id(); }
  uint32_t bdc_commands() const { return m_bdc.issued_id(); }
  uint64_t gdma_busy_cycles() const { return m_gdma.busy_cycles(); }
  uint64_t bdc_busy_cycles() const { return m_bdc.busy_cycles(); }
  uint32_t launches() const { return m_cpu.launch_count.read(); }
  /// Pairs of overlapping GDMA/BDC commands that touched the same memory.
  uint64_t hazards() const { return m_hazards.hazards(); }

  /// Adds the engines' and the CPU's signals to a VCD under `scope`.
  void trace(core::VcdTracer& tracer, const std::string& scope);

 private:
  const Chip m_chip;
  core::FlatMemory m_ddr;
  core::FlatMemory m_l2sram;
  core::FlatMemory m_local;
  HazardMonitor m_hazards;
  Gdma m_gdma;
  Bdc m_bdc;
  DeviceCpu m_cpu;
};

}  // namespace acosim::sophon

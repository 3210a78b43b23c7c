// How the device runtime finds the TPU it runs on. The device APIs
// (OKKernel's okk_*, TPU-Kernel's tpu_*) are firmware: it runs on the device CPU and
// reaches the engines through DevicePort only. Whoever owns the simulation
// (testbench/sophon/board.cpp for libbmlib) defines current_device().
#pragma once

#include <vector>

#include "sw/sophon/tpu/ports.h"

namespace acosim::sophon {

/// The TPU whose CPU is running the calling function.
DevicePort& current_device();

/// The device runtime's bookkeeping of command ids and parallel regions,
/// the part of firmware that sets every command's `wait_for`.
class CommandOrder {
 public:
  /// Outside a parallel region a command waits for every earlier command of
  /// the other engine; inside, only for those issued before the region.
  uint32_t gdma_waits_for() const { return m_parallel ? m_region_bdc : m_last_bdc; }
  uint32_t bdc_waits_for() const { return m_parallel ? m_region_gdma : m_last_gdma; }
  void gdma_issued(uint32_t id) { m_last_gdma = id; }
  void bdc_issued(uint32_t id) { m_last_bdc = id; }
  void parallel_start() {
    if (m_parallel) return;  // already in a region: it keeps its start
    m_parallel = true;
    m_region_gdma = m_last_gdma;
    m_region_bdc = m_last_bdc;
  }
  void parallel_end() { m_parallel = false; }
  bool parallel() const { return m_parallel; }
  uint32_t last_gdma() const { return m_last_gdma; }
  uint32_t last_bdc() const { return m_last_bdc; }
  void set_last(uint32_t gdma, uint32_t bdc) {
    m_last_gdma = gdma;
    m_last_bdc = bdc;
  }

 private:
  bool m_parallel = false;
  uint32_t m_last_gdma = 0, m_last_bdc = 0;
  uint32_t m_region_gdma = 0, m_region_bdc = 0;
};

/// The issuing helpers every device API shares: they set wait_for, issue,
/// and record the id. A call that becomes several commands checks them all
/// before issuing any, so a refused call writes nothing.
uint32_t issue_gdma(GdmaCommand command);
uint32_t issue_bdc(BdcCommand command);
void issue_all(const std::vector<GdmaCommand>& commands);
void issue_all(const std::vector<BdcCommand>& commands);
CommandOrder& command_order();

/// What the firmware's dispatcher does for each launch: a fresh command
/// order (no parallel region left over from an earlier launch), then the
/// function.
void run_device_function(void (*function)(const void*), const void* args);

}  // namespace acosim::sophon

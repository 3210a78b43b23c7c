#include "systemc/sophon/tpu.h"

namespace acosim::sophon {

Tpu::Tpu(sc_core::sc_module_name name, const Chip& chip)
    : sc_module(name), m_chip(chip),
      m_ddr("ddr", chip.global_mem_start, chip.global_mem_bytes),
      m_l2sram("l2sram", chip.l2_sram_start, chip.l2_sram_bytes),
      m_local("local_mem", 0, chip.local_mem_total()),
      m_hazards(chip), m_gdma("gdma", chip, m_hazards), m_bdc("bdc", chip, m_hazards),
      m_cpu("cpu", chip) {
  m_gdma.local.bind(m_local.socket);
  m_gdma.ddr.bind(m_ddr.socket);
  m_gdma.l2sram.bind(m_l2sram.socket);
  m_bdc.local.bind(m_local.socket);
  m_cpu.gdma_command.bind(m_gdma.command);
  m_cpu.bdc_command.bind(m_bdc.command);
  m_cpu.local.bind(m_local.socket);
  m_cpu.ddr.bind(m_ddr.socket);
  m_cpu.l2sram.bind(m_l2sram.socket);
  // Each engine waits on the other's done id; the CPU's poll on both.
  m_gdma.other_done.bind(m_bdc.done_id);
  m_bdc.other_done.bind(m_gdma.done_id);
  m_cpu.gdma_done.bind(m_gdma.done_id);
  m_cpu.bdc_done.bind(m_bdc.done_id);
}

void Tpu::trace(core::VcdTracer& tracer, const std::string& scope) {
  tracer.add(scope + ".gdma", "busy", m_gdma.busy);
  tracer.add(scope + ".gdma", "cmd_id", m_gdma.current_id);
  tracer.add(scope + ".gdma", "done_id", m_gdma.done_id);
  tracer.add(scope + ".bdc", "busy", m_bdc.busy);
  tracer.add(scope + ".bdc", "cmd_id", m_bdc.current_id);
  tracer.add(scope + ".bdc", "done_id", m_bdc.done_id);
  tracer.add(scope + ".cpu", "running", m_cpu.running);
  tracer.add(scope + ".cpu", "polling", m_cpu.polling);
  tracer.add(scope + ".cpu", "launch_count", m_cpu.launch_count);
}

}  // namespace acosim::sophon

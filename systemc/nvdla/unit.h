// What every NVDLA unit model shares: a CSB target socket in front of the
// unit's register file (built from the generated register map), and for the
// units that move data, their two memory interfaces. A unit overrides the
// register hooks where its registers do more than store bits (GLB's W1C,
// BDMA's triggers) and reacts to OP_EN through `m_enabled`.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/nvdla/regs/config.h"
#include "systemc/core/dma_port.h"
#include "systemc/nvdla/register_bank.h"

namespace acosim::nvdla {

class RegisterUnit : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<RegisterUnit> csb;

 protected:
  // ping_pong: the unit has two D-register groups (PDP, SDP and their RDMAs).
  RegisterUnit(sc_core::sc_module_name name, const HardwareConfig& config, Unit unit, bool ping_pong);

  // A CSB read or write of the register at `offset` (the CSB has already
  // refused offsets without a register). The default write stores the
  // writable bits, reports a write to an enabled group and notifies
  // `m_enabled` (then calls op_enabled()) when OP_EN rises.
  virtual uint32_t read_register(uint32_t offset);
  // A debug read (transport_dbg): the value without the side effects a CSB
  // read may have (SDP's S_LUT_ACCESS_DATA advances the LUT port).
  virtual uint32_t peek_register(uint32_t offset) { return read_register(offset); }
  virtual void write_register(uint32_t offset, uint32_t value);
  virtual void op_enabled(unsigned group) { (void)group; }

  // Stops the simulation with an error "<UNIT>: message".
  void error(const std::string& message) const;
  // The same for a message that already names the unit.
  void report(const std::string& message) const;

  const HardwareConfig& m_config;
  const Unit m_unit;
  RegisterBank m_bank;
  sc_core::sc_event m_enabled;

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);

  std::string m_report_type;
};

// A unit with a DMA on both memory interfaces: MCIF (DRAM, RAM type MC)
// and CVIF (on-chip SRAM, RAM type CV). Which one a request uses is chosen
// by the RAM-type register fields, never by the address.
class DmaUnit : public RegisterUnit {
 public:
  tlm_utils::simple_initiator_socket<DmaUnit> mcif;
  tlm_utils::simple_initiator_socket<DmaUnit> cvif;

 protected:
  DmaUnit(sc_core::sc_module_name name, const HardwareConfig& config, Unit unit, bool ping_pong);

  // The port for RAM type MC (true) or CV (false). CV on a configuration
  // without CVIF is an error naming `field`, e.g. "D_SRC_RAM_CFG.SRC_RAM_TYPE".
  core::DmaPort& memory(bool mc, const char* field);
  uint64_t bytes_read() const { return m_mcif.bytes_read() + m_cvif.bytes_read(); }
  uint64_t bytes_written() const { return m_mcif.bytes_written() + m_cvif.bytes_written(); }

 private:
  void invalidate_mcif(sc_dt::uint64 start, sc_dt::uint64 end);
  void invalidate_cvif(sc_dt::uint64 start, sc_dt::uint64 end);

  core::DmaPort m_mcif, m_cvif;
};

}  // namespace acosim::nvdla

// The CSB (configuration space bus): the host's 32-bit register accesses
// routed to the units by address, each reaching its unit at the end of the
// access (CsbOptions::access_time after the CPU issued it). The bus carries 16-bit word addresses;
// the byte address is word << 2 (nvdla/hw vmod/nvdla/csb_master/
// NV_NVDLA_csb_master.v), so this target takes byte addresses 0..0x3FFFC,
// picks the unit by bits [17:12] and hands it bits [11:0].
//
// Addresses no modelled unit answers behave as the RTL's dummy client does
// (reads return 0, writes are dropped), and are reported as an error by
// default so a driver bug is visible; CsbOptions::unmapped_is_error = false
// makes them a warning. The reserved range 0x14000..0x3FFFF is always an
// error (nvdla/doc programming_guide.rst, limitation list of CSB_MASTER).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/nvdla/regs/config.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

struct CsbOptions {
  sc_core::sc_time access_time = sc_core::sc_time(20, sc_core::SC_NS);  ///< per register access
  bool unmapped_is_error = true;
};

class Csb : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Csb> host;  ///< from the CPU (the driver's HAL)
  tlm_utils::multi_passthrough_initiator_socket<Csb> units;  ///< to each unit's `csb` socket

  // The last access, for waves: byte address, data, write (1) or read (0),
  // and `valid` high for the access's duration.
  core::ObservedSignal<uint32_t> address{"address"};
  core::ObservedSignal<uint32_t> data{"data"};
  core::ObservedSignal<bool> write{"write"};
  core::ObservedSignal<bool> valid{"valid"};

  Csb(sc_core::sc_module_name name, const HardwareConfig& config, const CsbOptions& options = {});

  // Declares that the next socket bound to `units` serves `unit` (bind in
  // the same order).
  void map(Unit unit);

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& trans);
  int route(uint32_t byte_address) const;  // unit socket index or -1
  void report_unmapped(const std::string& message);

  const HardwareConfig& m_config;
  CsbOptions m_options;
  struct Window {
    uint32_t base;
    Unit unit;
  };
  std::vector<Window> m_windows;  // in socket order
};

}  // namespace acosim::nvdla

// BDMA (nv_full only): the bridge DMA that copies line/surface blocks
// between DRAM (MCIF) and on-chip SRAM (CVIF). Behaviour follows the RTL
// (nvdla/hw nvdlav1 vmod/nvdla/bdma/NV_NVDLA_BDMA_csb.v, _store.v):
// - a write of CFG_OP with EN = 1 snapshots the CFG_* registers into a
//   20-entry slot FIFO; STATUS.FREE_SLOT = 20 - entries;
// - CFG_LAUNCH0/1 = 1 turns every slot pushed since the previous launch
//   into group 0/1; groups run in launch order, slots in push order, and a
//   slot leaves the FIFO when the engine accepts it;
// - GRPg_BUSY rises at launch and falls when the group's last write is
//   done, which also pulses the GLB done bit 6 + g (one interrupt per group);
// - CFG_OP and CFG_LAUNCHx read back what was last written (the RTL; the
//   C model clears them, which sanity1 would notice).
// Illegal programming from the programming guide's BDMA limitation list is
// reported as an error naming BDMA, the rule and the register values, and
// nothing is copied.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

struct BdmaTiming {
  sc_core::sc_time clock_period = sc_core::sc_time(1, sc_core::SC_NS);
  unsigned bytes_per_cycle = 64;  ///< the 512-bit memory interface of nv_full
};

class Bdma : public DmaUnit {
 public:
  SC_HAS_PROCESS(Bdma);
  static constexpr unsigned kSlots = 20;

  sc_core::sc_port<DoneInterface> done;

  // For waves.
  core::ObservedSignal<uint32_t> free_slot{"free_slot"};
  core::ObservedSignal<bool> grp0_busy{"grp0_busy"};
  core::ObservedSignal<bool> grp1_busy{"grp1_busy"};
  core::ObservedSignal<uint64_t> bytes_read{"bytes_read"};
  core::ObservedSignal<uint64_t> bytes_written{"bytes_written"};

  Bdma(sc_core::sc_module_name name, const HardwareConfig& config, const BdmaTiming& timing = {});

 private:
  // The CFG_* registers as one slot caches them.
  struct Slot {
    uint64_t source, destination;
    uint32_t line_bytes, lines, surfaces;
    uint64_t source_line, destination_line, source_surface, destination_surface;
    bool source_mc, destination_mc;
    std::array<uint32_t, 12> registers;  // CFG_SRC_ADDR_LOW .. CFG_DST_SURF as written
  };
  struct Group {
    unsigned id;
    unsigned slots;
  };

  uint32_t read_register(uint32_t offset) override;
  void write_register(uint32_t offset, uint32_t value) override;
  void push_slot();
  void launch(unsigned group);
  void engine();
  void copy(const Slot& slot, unsigned group);
  void update_signals();
  std::string slot_registers(const Slot& slot) const;

  BdmaTiming m_timing;
  std::deque<Slot> m_fifo;          // pushed, not yet accepted by the engine
  unsigned m_pending = 0;           // slots pushed since the last launch
  std::deque<Group> m_groups;       // launched, not yet finished (front runs)
  bool m_busy[2] = {false, false};
  bool m_engine_busy = false;
  sc_core::sc_event m_launched;
  std::vector<uint8_t> m_buffer;
};

}  // namespace acosim::nvdla

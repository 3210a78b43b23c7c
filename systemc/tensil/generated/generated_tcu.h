// Tensil's own generated Verilog of a whole TCU (systemc/tensil/generated/builds.cmake:
// top_speech_robot, top_zcu104), Verilated and clocked under SystemC behind
// the same TLM side as the Tcu module (systemc/tensil/tcu.h):
//
//   instructions  TLM writes of instruction bytes; packed in order into
//                 16-byte beats of the top's 128-bit AXI4-Stream
//                 instruction_t (byte 0 in TDATA[7:0]), TLAST on the last
//                 beat of each write. A write's bytes are queued (the writer
//                 blocks while the queue is full); bytes ending inside a beat
//                 wait for the next write, as a DMA holds a partial beat.
//   samples       these builds have no sample stream: reads move nothing.
//   dram0, dram1  the top's AXI4 masters m_axi_dram0/1, each bridged at its
//                 pins to TLM: one b_transport per burst (INCR, AxLEN+1
//                 beats of 16 bytes, only AxSIZE 4 exists on a 128-bit bus).
//                 A read burst is read from the target when its address is
//                 accepted; a write burst is written when its last data beat
//                 (WLAST) is in, honouring WSTRB (each run of enabled bytes
//                 is its own transfer, the DRAM target serving only fully
//                 enabled ones). The target's added delay, in whole TCU
//                 cycles, less the cycles of the beats themselves, passes
//                 before the first R beat / the B response is presented
//                 (at least one cycle), then one R beat per cycle: the same
//                 rule as the clocked TCU's DRAM banks
//                 (systemc/tensil/clocked/clocked_execution.cpp). IDs are echoed on
//                 R and B, RRESP/BRESP are OKAY; a failed TLM transfer stops
//                 the run naming the port and address.
//
// The top is clocked at options.clock_period from its active-low reset (held
// 10 cycles at the start), every cycle for the whole simulation: the pins do
// not show when the TCU is idle, so no cycle can be skipped. The thread runs
// ahead of SystemC time by at most a quantum (tlm_quantumkeeper), and not at
// all while the stream has no whole beat to offer or when a write burst
// reaches memory, so the host's view is exact to the cycle: a write to the
// stream returns once its last whole beat is taken, bytes it writes are
// offered from the cycle they arrive in, and DRAM writes land at their time.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/tcu.h"

namespace acosim::tensil {

// One Verilated build of Tensil's generated TCU.
struct GeneratedBuild {
  std::string name;        // e.g. "speech_robot"
  std::string tarch_path;  // the .tarch it was generated for
};

// The builds Verilated into this acosim (empty when ACOSIM_RTL_DIR had none).
std::vector<GeneratedBuild> generated_builds();

// The build whose .tarch equals `arch` field by field (threads included);
// otherwise std::invalid_argument naming the builds there are, their
// architectures and scripts/fetch-tensil-rtl.sh.
GeneratedBuild select_generated_build(const Architecture& arch);

class GeneratedTcu : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<GeneratedTcu> instructions;
  tlm_utils::simple_target_socket<GeneratedTcu> samples;
  tlm_utils::simple_initiator_socket<GeneratedTcu> dram0;
  tlm_utils::simple_initiator_socket<GeneratedTcu> dram1;

  // options.arch selects the build (select_generated_build); of the other
  // options only clock_period and lenient are read. Lenient as the Tcu:
  // without it an instruction the RTL would silently consume stops the run
  // (each instruction is checked as the stream hands it over, by
  // systemc/tensil/instruction_check.h); out-of-range operands always do.
  GeneratedTcu(sc_core::sc_module_name name, const TcuOptions& options);
  ~GeneratedTcu() override;

  const GeneratedBuild& build() const;
  const TcuOptions& options() const;
  // Instructions per opcode as the stream handed them over; MatMul vectors
  // and MACs from the MatMul sizes; cycles as described in generated_tcu.cpp.
  const TcuStatistics& statistics() const;
  // The program counter of the next instruction the stream hands over.
  uint32_t last_program_counter() const;

 private:
  void run();
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  void sample_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);

  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace acosim::tensil

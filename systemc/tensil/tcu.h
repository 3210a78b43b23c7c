// The Tensil Tensor Compute Unit as a SystemC TLM-2.0 module.
//
// Ports (as on Tensil's AXI wrapper, rtl/src/main/scala/tensil/zynq/tcu/AXIWrapperTCU.scala):
//   instructions  AXI4-Stream of instruction bytes, modelled as TLM writes
//                 (b_transport blocks while the instruction queue is full);
//   samples       AXI4-Stream of performance samples to the host, modelled
//                 as TLM reads that return at TLAST or when the buffer is
//                 full (the data length is set to the bytes moved);
//   dram0, dram1  AXI4 masters to DRAM, every request carrying AxCACHE as an
//                 AxiCacheExtension; DMI is used where the target grants it.
// Observable state is published on sc_signals (program counter, instruction
// valid/ready, the decoder's flags; the clocked TCU updates them at each
// synchronisation) and, with a wave file, traced into the VCD every cycle.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/timeline.h"

namespace acosim::tensil {

// A decoder flag's first rise, for the run summary.
struct FlagRise {
  bool seen = false;
  uint64_t cycle = 0;
  uint32_t program_counter = 0;
  std::string head;  // the instruction at the head of the queue then, or ""
};

struct TcuOptions {
  Architecture arch;
  // rtl and lockstep run the TCU on its clock as Tensil's RTL does
  // (systemc/tensil/clocked); fast executes instruction by instruction with
  // a documented cycle rule (systemc/tensil/functional/decoder.h).
  ArrayEngineKind engine = ArrayEngineKind::Rtl;
  // Lenient: invalid opcodes, invalid DataMove kinds and non-zero unused
  // flag bits are consumed and counted as the RTL does, instead of stopping
  // the run. Out-of-range addresses and deadlocking SIMD stay errors.
  bool lenient = false;
  sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
  // Device options of Tensil's generator (zynq/tcu/Top.scala): the AXI
  // width of the instruction stream and of the DRAM ports, the decoder
  // timeout's reset value and the sample block size (0: no sampler).
  unsigned stream_bytes = 8;
  unsigned dram_bus_bytes = 8;
  uint32_t decoder_timeout = 100;
  uint32_t sample_block_size = 1024;
  // Engines rtl and lockstep: run the functional decoder beside the clocked
  // TCU and stop at the first vector written differently (systemc/tensil/
  // functional_check.h).
  bool check_functional = false;
  std::string vcd_path;  // empty: no waves
  size_t instruction_queue_bytes = 4096;
  // Builds the array engine instead of `engine` when set: lets a testbench
  // put its own engine (e.g. a deliberately faulty one) inside the TCU.
  std::function<std::unique_ptr<ArrayEngine>(const Architecture&)> array_factory;
  // Told of every decoder dequeue and DRAM burst address, with its cycle
  // (systemc/tensil/timeline.h), by the clocked TCU (engines rtl and
  // lockstep) and the generated one; the fast engine has no such cycles.
  TimelineSink timeline;
};

struct TcuStatistics {
  std::array<uint64_t, 16> instructions_by_opcode{};  // dispatched, per opcode
  uint64_t invalid_consumed = 0;  // lenient mode: invalid opcodes/kinds/flags consumed
  uint64_t cycles = 0;            // TCU clock cycles
  uint64_t array_vectors = 0;     // vectors streamed through the array
  uint64_t macs = 0;              // multiply-accumulates performed by the array
  uint64_t instructions() const;
};

class Tcu : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Tcu> instructions;
  tlm_utils::simple_target_socket<Tcu> samples;
  tlm_utils::simple_initiator_socket<Tcu> dram0;
  tlm_utils::simple_initiator_socket<Tcu> dram1;

  sc_core::sc_signal<uint32_t> program_counter;  ///< as the RTL counts it (on dispatch)
  sc_core::sc_signal<bool> instruction_valid;    ///< an instruction waits at the queue head
  sc_core::sc_signal<bool> instruction_ready;    ///< it is being dispatched
  sc_core::sc_signal<bool> tracepoint;           ///< PC equals the tracepoint register (clocked TCU)
  sc_core::sc_signal<bool> timeout;              ///< the head has waited `timeout` cycles (clocked TCU)

  Tcu(sc_core::sc_module_name name, const TcuOptions& options);
  ~Tcu() override;

  const TcuStatistics& statistics() const;
  const TcuOptions& options() const;
  // Read-only view of a configuration register (Tensil's Configure.scala), e.g. for
  // tests and the CLI's error messages.
  uint32_t config_register(uint32_t reg) const;
  // The program counter as the RTL holds it now (the next instruction's).
  uint32_t last_program_counter() const;
  // Whether the TCU runs on its clock (engines rtl and lockstep), and then
  // when its tracepoint and timeout flags first rose (cycle, PC, the
  // instruction at the head) and how many hazards it reported.
  bool clocked() const;
  const FlagRise* tracepoint_rise() const;
  const FlagRise* timeout_rise() const;
  uint64_t hazards() const;

 private:
  void run();
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  void sample_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  void invalidate_dram0(sc_dt::uint64 start, sc_dt::uint64 end);
  void invalidate_dram1(sc_dt::uint64 start, sc_dt::uint64 end);

  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace acosim::tensil

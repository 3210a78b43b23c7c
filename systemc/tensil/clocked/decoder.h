// The decoder of the clocked TCU, as Tensil's tcu/Decoder.scala runs it:
// one instruction at the head of the two-entry instruction queue, decoded
// there and handed in parts to every unit it needs at once (MultiEnqueue:
// each part is accepted on its own; the head is dequeued in the cycle the
// last part is accepted). The local memory parts are not buffered: they are
// expanded one vector per cycle straight onto local memory ports A and B,
// so MatMul, LoadWeights and every DataMove hold the head until their last
// local memory access is accepted. That single head is what orders
// instructions; the RTL's local memory locks never block in the TCU.
//
// Registers, per cycle as the RTL updates them:
//   program counter  32 bits, +1 each cycle the head is dequeued; a
//                    Configure of the PC sets it to the value instead;
//   tracepoint       32 bits, reset all ones; its flag is high while PC
//                    equals it;
//   timeout          16 bits (reset: the device's decoder timeout, 100 by
//                    default); a timer is cleared in every cycle the head is
//                    ready and otherwise counts up to the timeout; the flag
//                    is high while timer == timeout (so 0 means always).
#pragma once

#include <array>
#include <functional>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/clocked/accumulators.h"
#include "systemc/tensil/clocked/dram_bank.h"
#include "systemc/tensil/clocked/fifo.h"
#include "systemc/tensil/clocked/systolic_array.h"
#include "systemc/tensil/clocked/vector_pool.h"
#include "systemc/tensil/clocked/write_observer.h"
#include "systemc/tensil/config_register_file.h"
#include "systemc/tensil/instruction_check.h"
#include "systemc/tensil/vector_memory.h"

namespace acosim::tensil::clocked {

// An instruction that fails its checks at the head: the program counter,
// the instruction and the check's finding.
struct InstructionError : std::runtime_error {
  InstructionError(const std::string& message, uint32_t pc, uint64_t index)
      : std::runtime_error(message), program_counter(pc), instruction_index(index) {}
  uint32_t program_counter;
  uint64_t instruction_index;  // instructions dequeued since reset
};

// What the decoder's units are: it enqueues into them.
struct DecoderTargets {
  VectorMemory& local;
  Fifo<PortAData>& port_a_output;
  Fifo<std::pair<Vector, unsigned>>& port_b_output;  // vector, DRAM bank
  Fifo<uint8_t>& dataflow;                            // the LocalRouter's dataflow kind
  SystolicArray& array;
  Accumulators& accumulators;
  std::array<DramBank*, 2> dram;
  ConfigRegisterFile& config;
  VectorPool& pool;
};

struct DecoderStatistics {
  std::array<uint64_t, 16> instructions_by_opcode{};
  uint64_t invalid_consumed = 0;
};

class Decoder {
 public:
  Decoder(const Architecture& arch, bool lenient, uint32_t decoder_timeout, DecoderTargets targets);

  // The instruction queue (Queue(2)) the ingress fills.
  Fifo<std::vector<uint8_t>>& queue() { return m_queue; }
  const Fifo<std::vector<uint8_t>>& queue() const { return m_queue; }

  // One cycle of the head. Throws InstructionError for an instruction that
  // fails its checks when it reaches the head.
  void cycle(uint64_t t);

  uint32_t program_counter() const { return m_pc; }
  // The program counter as it stood during the cycle just simulated (the
  // flags, the head and the sampler's sample belong with it).
  uint32_t cycle_program_counter() const { return m_cycle_pc; }
  // The flags during the cycle just simulated.
  bool tracepoint_flag() const { return m_tracepoint_flag; }
  bool timeout_flag() const { return m_timeout_flag; }
  // The head in the cycle just simulated, for the sampler's instruction pair
  // and the waves.
  bool head_valid() const { return m_head_valid; }
  bool head_ready() const { return m_head_ready; }
  const Instruction& head() const { return m_head; }
  // The local memory port handshakes of the cycle just simulated.
  bool port_a_valid() const { return m_port_a_valid; }
  bool port_a_ready() const { return m_port_a_ready; }
  bool port_b_valid() const { return m_port_b_valid; }
  bool port_b_ready() const { return m_port_b_ready; }
  const DecoderStatistics& statistics() const { return m_stats; }
  uint64_t instructions_dequeued() const { return m_index; }

  // Called in the cycle the head is dequeued, with the program counter it
  // had and its opcode.
  std::function<void(uint64_t cycle, uint32_t pc, uint8_t opcode)> on_dequeue;
  // Called for each Configure as it executes (register, value as written).
  std::function<void(uint32_t, uint32_t)> on_configure;
  // Told of every instruction reaching the head and of the decoder's own
  // local memory and DRAM writes; nullptr: nobody.
  WriteObserver* observer = nullptr;
  // Told of orderings the RTL does not enforce (a DRAM offset changed while
  // that bank still has requests to issue).
  std::function<void(const std::string&)> on_hazard;

 private:
  // One part of the head's MultiEnqueue per unit.
  enum Part { kDataflow, kArray, kAcc, kPortA, kPortB, kDram, kParts };

  void start_head(uint64_t t);
  bool issue(uint64_t t);  // true when every part is accepted
  bool port_a_read(uint64_t t, PortADestination destination, bool reverse);
  bool port_a_write_from_accumulators(uint64_t t);
  bool port_b_write_from_dram(uint64_t t, unsigned bank);
  bool port_b_read_to_dram(uint64_t t, unsigned bank);
  void configure();
  uint64_t local_address(uint64_t element, bool reverse) const;

  Architecture m_arch;
  InstructionLayout m_layout;
  InstructionCheck m_check;
  bool m_lenient;
  DecoderTargets m_t;
  Fifo<std::vector<uint8_t>> m_queue{2};

  bool m_decoded = false;
  Instruction m_head;
  uint64_t m_count = 0;        // vectors of the head instruction
  std::array<bool, kParts> m_needed{};
  std::array<bool, kParts> m_done{};
  uint64_t m_element = 0;      // local memory elements accepted so far

  uint32_t m_pc = 0;
  uint32_t m_cycle_pc = 0;
  uint64_t m_index = 0;
  uint32_t m_timer = 0;
  bool m_tracepoint_flag = false;
  bool m_timeout_flag = false;
  bool m_head_valid = false;
  bool m_head_ready = false;
  bool m_port_a_valid = false, m_port_a_ready = false;
  bool m_port_b_valid = false, m_port_b_ready = false;
  // The words stored in each local memory port's output queue as the RTL's
  // read gate counts them in this cycle (mem/DualPortMem.scala:
  // `output.io.count`, a register: a word read in the cycle before is still
  // in the read delay, a word taken in this cycle still counts), set at the
  // end of the previous cycle.
  size_t m_port_a_stored = 0, m_port_b_stored = 0;
  // Words in port B's output queue (read, not yet handed to their DRAM bank)
  // at the end of the previous cycle: the HostRouter's local-to-DRAM
  // vectors still ahead of a DRAM-to-local one in its control order.
  size_t m_port_b_words_before = 0;
  DecoderStatistics m_stats;
};

}  // namespace acosim::tensil::clocked

// The clocked TCU: every unit of Tensil's tcu/TCU.scala advanced together,
// one clock at a time, in plain C++ (the SystemC TCU runs it in one thread
// and meets the rest of the simulation only at its TLM boundaries).
//
// Within a cycle the units are evaluated consumers first, so that what a
// consumer takes frees room a producer may fill in the same cycle (Chisel
// queues with `pipe`):
//   1. local memory port B's output drains into the DRAM banks;
//   2. the accumulators serve one control;
//   3. the array takes one control;
//   4. the decoder's head hands out its parts and issues local memory
//      accesses;
//   5. the LocalRouter takes one dataflow entry;
//   6. the array's and the accumulators' size handlers expand one vector;
//   7. the ingress offers an instruction to the decoder's queue and takes a
//      stream beat (that queue has no pipe: it sees the room of the cycle's
//      start);
//   8. the DRAM banks end their cycle;
//   9. the sampler takes this cycle's program counter and handshakes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/clocked/accumulators.h"
#include "systemc/tensil/clocked/decoder.h"
#include "systemc/tensil/clocked/dram_bank.h"
#include "systemc/tensil/clocked/instruction_ingress.h"
#include "systemc/tensil/clocked/sampler.h"
#include "systemc/tensil/clocked/systolic_array.h"
#include "systemc/tensil/config_register_file.h"
#include "systemc/tensil/clocked/simd_alu.h"
#include "systemc/tensil/vector_memory.h"

namespace acosim::tensil::clocked {

struct CoreOptions {
  Architecture arch;
  // Width of the instruction stream (an option of Tensil's AXI wrapper,
  // zynq/tcu/Top.scala: the DRAM AXI width, 64 bits by default).
  unsigned stream_bytes = 8;
  // Width of the DRAM AXI data bus (same default).
  unsigned dram_bus_bytes = 8;
  uint32_t decoder_timeout = 100;  // the generator's --decoder-timeout
  // Samples per block of the sample stream (TLAST on the last); 0 leaves
  // the sampler out (the generator's --sample-block-size).
  uint32_t sample_block_size = 1024;
  bool lenient = false;  // consume what the RTL consumes (see InstructionCheck)
};

class TcuCore {
 public:
  TcuCore(const CoreOptions& options, ArrayEngine& array, DramTarget& dram0, DramTarget& dram1);

  // The instruction stream: bytes the host sends, taken one beat per cycle.
  void stream_write(const uint8_t* data, size_t bytes) { m_ingress.write(data, bytes); }
  size_t stream_pending() const { return m_ingress.pending(); }
  // The stream's writer is done: its last whole beat has been taken by the
  // width converter (the handshake that ends its DMA transfer), though the
  // converter may still hold instructions for the decoder.
  bool stream_taken() const { return m_ingress.beats_taken(); }

  // Advances one clock cycle. Throws InstructionError (from the decoder) or
  // DramError (from a bank). `sample_sink`, when set, is the sample
  // stream's consumer: offered the sampler's output at the start of the
  // cycle, it returns whether it took it (TREADY).
  void cycle();
  // Advances `count` cycles in which the core is idle: only the sampler has
  // anything to do, and only when sampling is on.
  void idle_cycles(uint64_t count);
  std::function<bool(uint64_t sample, bool last)> sample_sink;
  uint64_t cycles() const { return m_cycle; }
  // Nothing left to do: no stream byte that makes an instruction, no
  // instruction, nothing in any queue, pipeline or bank.
  bool idle() const;

  Decoder& decoder() { return m_decoder; }
  const Decoder& decoder() const { return m_decoder; }
  const VectorMemory& local() const { return m_local; }
  const VectorMemory& accumulators() const { return m_acc; }
  const SystolicArray& array() const { return m_array_unit; }
  const Accumulators& accumulator_unit() const { return m_acc_unit; }
  DramBank& dram(unsigned bank) { return bank == 0 ? m_dram0 : m_dram1; }
  const Sampler& sampler() const { return m_sampler; }
  uint32_t config_register(uint32_t reg) const;
  // A checker told of every instruction and write (nullptr: none).
  void set_observer(WriteObserver* observer) {
    m_decoder.observer = observer;
    m_acc_unit.observer = observer;
  }

 private:
  CoreOptions m_options;
  VectorMemory m_local;
  VectorMemory m_acc;
  SimdAlu m_alu;
  ConfigRegisterFile m_config;
  VectorPool m_pool;
  SystolicArray m_array_unit;
  Accumulators m_acc_unit;
  // Local memory port outputs: Queue(3) each, reads accepted below 2.
  Fifo<PortAData> m_port_a_output{3};
  Fifo<std::pair<Vector, unsigned>> m_port_b_output{3};
  // The decoder's dataflow part: OutQueue(2n, pipe, flow) into the LocalRouter.
  Fifo<uint8_t> m_dataflow;
  DramBank m_dram0;
  DramBank m_dram1;
  Decoder m_decoder;
  InstructionIngress m_ingress;
  Sampler m_sampler;
  uint64_t m_cycle = 0;
  bool m_dataflow_valid = false;
  bool m_dataflow_ready = false;

 public:
  // The LocalRouter's dataflow handshake of the cycle just simulated (the
  // sampler's `dataflow` pair: one per instruction, before size expansion).
  bool dataflow_valid() const { return m_dataflow_valid; }
  bool dataflow_ready() const { return m_dataflow_ready; }
};

}  // namespace acosim::tensil::clocked

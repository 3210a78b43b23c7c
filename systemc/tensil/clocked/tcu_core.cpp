#include "systemc/tensil/clocked/tcu_core.h"

#include "sw/tensil/regs/config_registers.h"

namespace acosim::tensil::clocked {

TcuCore::TcuCore(const CoreOptions& options, ArrayEngine& array, DramTarget& dram0, DramTarget& dram1)
    : m_options(options),
      m_local("local memory", options.arch.local_depth, options.arch.array_size),
      m_acc("accumulators", options.arch.accumulator_depth, options.arch.array_size),
      m_alu(options.arch.array_size, options.arch.simd_registers_depth,
            FixedFormat{options.arch.type().width, options.arch.type().binary_point}),
      m_array_unit(array, options.arch.array_size, m_pool),
      m_acc_unit(options.arch, m_acc, m_alu, m_pool),
      m_dataflow(2 * size_t(options.arch.array_size), true),
      m_dram0(options.arch, options.dram_bus_bytes, dram0),
      m_dram1(options.arch, options.dram_bus_bytes, dram1),
      m_decoder(options.arch, options.lenient, options.decoder_timeout,
                DecoderTargets{m_local, m_port_a_output, m_port_b_output, m_dataflow, m_array_unit, m_acc_unit,
                               {&m_dram0, &m_dram1}, m_config, m_pool}),
      m_ingress(options.stream_bytes, InstructionLayout::derive(options.arch).instruction_bytes),
      m_sampler(options.sample_block_size) {}

uint32_t TcuCore::config_register(uint32_t reg) const {
  if (reg == uint32_t(ConfigRegister::ProgramCounter)) return m_decoder.program_counter();
  return m_config.read(reg);
}

bool TcuCore::idle() const {
  return m_ingress.starved() && m_decoder.queue().empty() && m_dataflow.empty() && m_port_a_output.empty() &&
         m_port_b_output.empty() && m_array_unit.idle() && m_acc_unit.idle() && m_dram0.idle() && m_dram1.idle();
}

void TcuCore::cycle() {
  const uint64_t t = m_cycle;
  // 0. The sample stream's consumer.
  if (m_sampler.sample_valid() && sample_sink && sample_sink(m_sampler.sample(), m_sampler.sample_last())) {
    m_sampler.pop_sample();
  }
  const uint32_t pc = m_decoder.program_counter();
  // 1. Port B's read data goes to its bank's write data queue.
  if (m_port_b_output.valid(t)) {
    DramBank& bank = dram(m_port_b_output.front().second);
    if (bank.write_data_ready()) {
      bank.push_write_data(m_port_b_output.front().first);
      m_port_b_output.pop();
    }
  }
  // 2., 3.
  m_acc_unit.consume(t, m_array_unit.output(), m_port_a_output);
  m_array_unit.consume(t, m_port_a_output, m_acc_unit.takes_array_results());
  // The instruction queue's enq.ready as it stands before the decoder's
  // dequeue (Queue(io.instruction, 2) in tcu/Decoder.scala has no pipe).
  const bool instruction_queue_ready = m_decoder.queue().can_push();
  // 4.
  m_decoder.cycle(t);
  // 5. The LocalRouter takes one instruction's dataflow per cycle, through
  // the decoder's flow queue in the cycle it is enqueued; its select queues
  // then steer each vector (the vectors carry their destination here).
  m_dataflow_valid = m_dataflow.valid(t);
  m_dataflow_ready = m_dataflow_valid;
  if (m_dataflow_valid) m_dataflow.pop();
  // 6.
  m_array_unit.expand(t);
  m_acc_unit.expand(t);
  // 7.
  m_ingress.cycle(t, m_decoder.queue(), instruction_queue_ready);
  // 8.
  m_dram0.tick();
  m_dram1.tick();
  // 9. The handshakes the sampler sees (Decoder.scala connects them).
  Sampler::Flags flags;
  flags.instruction = {m_decoder.head_valid(), m_decoder.head_ready()};
  flags.mem_port_a = {m_decoder.port_a_valid(), m_decoder.port_a_ready()};
  flags.mem_port_b = {m_decoder.port_b_valid(), m_decoder.port_b_ready()};
  flags.dram0 = {m_dram0.sampled_valid(), m_dram0.sampled_ready()};
  flags.dram1 = {m_dram1.sampled_valid(), m_dram1.sampled_ready()};
  flags.dataflow = {m_dataflow_valid, m_dataflow_ready};
  flags.acc = {m_acc_unit.sampled_valid(), m_acc_unit.sampled_ready()};
  flags.array = {m_array_unit.sampled_valid(), m_array_unit.sampled_ready()};
  m_sampler.tick(pc, flags);
  // A Configure of the interval in this cycle governs the next one.
  m_sampler.set_interval(static_cast<uint16_t>(m_config.read(ConfigRegister::SampleInterval)));
  ++m_cycle;
}

void TcuCore::idle_cycles(uint64_t count) {
  if (m_sampler.interval() == 0 && !m_sampler.sample_valid()) {
    m_cycle += count;
    return;
  }
  for (uint64_t i = 0; i < count; ++i) cycle();
}

}  // namespace acosim::tensil::clocked

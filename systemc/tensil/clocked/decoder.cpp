#include "systemc/tensil/clocked/decoder.h"

#include <algorithm>
#include <sstream>

#include "sw/tensil/regs/config_registers.h"

namespace acosim::tensil::clocked {
namespace {

// The LocalRouter's dataflow kinds (tcu/LocalDataFlowControl.scala).
constexpr uint8_t kMemoryToArrayWeight = 1;
constexpr uint8_t kMemoryToArrayToAcc = 2;
constexpr uint8_t kArrayToAcc = 3;
constexpr uint8_t kAccumulatorToMemory = 4;
constexpr uint8_t kMemoryToAccumulator = 5;

}  // namespace

Decoder::Decoder(const Architecture& arch, bool lenient, uint32_t decoder_timeout, DecoderTargets targets)
    : m_arch(arch), m_layout(InstructionLayout::derive(arch)), m_check(arch), m_lenient(lenient), m_t(targets) {
  m_t.config.write(uint32_t(ConfigRegister::Timeout), decoder_timeout);
}

uint64_t Decoder::local_address(uint64_t element, bool reverse) const {
  const uint64_t k = reverse ? m_count - 1 - element : element;
  return m_head.operand0_address + (k << m_head.operand0_stride);
}

void Decoder::start_head(uint64_t t) {
  (void)t;
  m_head = decode_instruction(m_layout, m_queue.front().data());
  m_decoded = true;
  m_needed.fill(false);
  m_done.fill(false);
  m_element = 0;
  m_count = 0;

  const CheckResult result = m_check.check(m_head);
  if (result.kind == CheckResult::Kind::Fatal ||
      (result.kind == CheckResult::Kind::Consumable && !m_lenient)) {
    std::ostringstream s;
    s << "pc " << m_pc << " (instruction " << m_index << " since reset): " << describe_instruction(m_head);
    if (!result.field.empty()) s << ": " << result.field;
    s << ": " << result.message;
    if (result.kind == CheckResult::Kind::Consumable) s << " (the RTL would silently consume it; --lenient does the same)";
    throw InstructionError(s.str(), m_pc, m_index);
  }
  if (result.kind == CheckResult::Kind::Consumable) ++m_stats.invalid_consumed;
  if (observer != nullptr) observer->started(m_index, m_pc, m_head);

  const Instruction& in = m_head;
  switch (in.opcode) {
    case uint8_t(Opcode::MatMul): {
      m_count = in.operand2 + 1;
      const bool zeroes = in.flags & flags::kMatMulZeroes;
      m_needed[kDataflow] = m_needed[kArray] = m_needed[kAcc] = true;
      m_needed[kPortA] = !zeroes;
      break;
    }
    case uint8_t(Opcode::LoadWeights): {
      m_count = in.operand1_whole + 1;
      const bool zeroes = in.flags & flags::kLoadWeightsZeroes;
      m_needed[kArray] = true;
      m_needed[kDataflow] = m_needed[kPortA] = !zeroes;
      break;
    }
    case uint8_t(Opcode::DataMove):
      if (!is_defined_data_move_kind(in.flags)) break;  // consumed, nothing enqueued
      m_count = in.operand2 + 1;
      switch (static_cast<DataMoveKind>(in.flags)) {
        case DataMoveKind::Dram0ToLocal:
        case DataMoveKind::LocalToDram0:
        case DataMoveKind::Dram1ToLocal:
        case DataMoveKind::LocalToDram1:
          m_needed[kPortB] = m_needed[kDram] = true;
          break;
        default:
          m_needed[kDataflow] = m_needed[kPortA] = m_needed[kAcc] = true;
          break;
      }
      break;
    case uint8_t(Opcode::Simd):
      m_needed[kAcc] = true;
      break;
    default:
      break;  // NoOp, Configure, undefined opcodes: no part
  }
}

bool Decoder::port_a_read(uint64_t t, PortADestination destination, bool reverse) {
  // A read is accepted while fewer than two words are stored in the port's
  // output queue (mem/DualPortMem.scala: `outputReady = output.io.count <
  // 2`; the read data enters that Queue(3) through a one-cycle Delay, and
  // `count` is a register). So a port whose consumer stalls holds three
  // words, not two, and once the consumer takes one per cycle again the
  // next read is accepted two cycles after the first is taken (count 3,
  // 2, then 1). The read's data is there the next cycle.
  m_port_a_valid = true;
  if (m_port_a_stored >= 2) return false;
  Vector data = m_t.pool.take(m_arch.array_size);
  const int32_t* row = m_t.local.at(local_address(m_element, reverse));
  std::copy(row, row + m_arch.array_size, data.begin());
  m_t.port_a_output.push(PortAData{std::move(data), destination}, t);
  m_port_a_ready = true;
  return ++m_element == m_count;
}

bool Decoder::port_a_write_from_accumulators(uint64_t t) {
  // A write is accepted when its data is there (mem/DualPortMem.scala).
  m_port_a_valid = true;
  Fifo<Vector>& data = m_t.accumulators.output();
  if (!data.valid(t)) return false;
  const uint64_t address = local_address(m_element, false);
  m_t.local.write(address, data.front());
  if (observer != nullptr) observer->local_written(m_index, address, data.front());
  data.pop();
  m_port_a_ready = true;
  return ++m_element == m_count;
}

bool Decoder::port_b_write_from_dram(uint64_t t, unsigned bank) {
  (void)t;
  m_port_b_valid = true;
  // The HostRouter (tcu/HostRouter.scala) serves one host dataflow control
  // per vector, in instruction order, from a SizeHandler fed by the
  // decoder's OutQueue(hostDataflow, 1, pipe, flow): port B's write input is
  // valid only once this DataMove's control is at its head. A local-to-DRAM
  // DataMove before it holds the head until its last word has left port B's
  // output for its bank (cycle c), and this DataMove's control, enqueued as
  // that one leaves, is there from c + 1. So nothing is written while a
  // word was still waiting at the end of the previous cycle.
  if (m_port_b_words_before > 0) return false;
  DramBank& dram = *m_t.dram[bank];
  if (!dram.read_data_valid()) return false;
  const uint64_t address = local_address(m_element, false);
  m_t.local.write(address, dram.read_data());
  if (observer != nullptr) observer->local_written(m_index, address, dram.read_data());
  dram.pop_read_data();
  m_port_b_ready = true;
  return ++m_element == m_count;
}

bool Decoder::port_b_read_to_dram(uint64_t t, unsigned bank) {
  m_port_b_valid = true;
  if (m_port_b_stored >= 2) return false;  // as port A's reads
  const Vector value = m_t.local.read(local_address(m_element, false));
  if (observer != nullptr) {
    observer->dram_written(m_index, bank, m_head.operand1_address + (m_element << m_head.operand1_stride), value);
  }
  m_t.port_b_output.push({value, bank}, t);
  m_port_b_ready = true;
  return ++m_element == m_count;
}

void Decoder::configure() {
  const uint32_t reg = m_head.configure_register();
  const uint32_t value = m_head.configure_value();
  if (reg == uint32_t(ConfigRegister::ProgramCounter)) return;  // handled at the dequeue
  if (!m_t.config.write(reg, value)) return;
  const auto offset = [&](unsigned bank) {
    // The converter adds the register as it issues each address
    // (axi/Converter.scala): requests still queued take the new offset.
    if (m_t.dram[bank]->addresses_pending() && on_hazard) {
      on_hazard("pc " + std::to_string(m_pc) + ": Configure of the DRAM" + std::to_string(bank) +
                " offset while DRAM" + std::to_string(bank) +
                " requests wait to be issued: the RTL issues them with the new offset");
    }
    m_t.dram[bank]->set_address_offset(m_t.config.read(reg));
  };
  switch (static_cast<ConfigRegister>(reg)) {
    case ConfigRegister::Dram0AddressOffset:
      offset(0);
      break;
    case ConfigRegister::Dram1AddressOffset:
      offset(1);
      break;
    default:
      break;
  }
  if (on_configure) on_configure(reg, m_t.config.read(reg));
}

bool Decoder::issue(uint64_t t) {
  const Instruction& in = m_head;
  const bool zeroes_matmul = in.opcode == uint8_t(Opcode::MatMul) && (in.flags & flags::kMatMulZeroes);
  const bool zeroes_load = in.opcode == uint8_t(Opcode::LoadWeights) && (in.flags & flags::kLoadWeightsZeroes);

  if (m_needed[kDataflow] && !m_done[kDataflow] && m_t.dataflow.can_push()) {
    uint8_t kind = 0;
    if (in.opcode == uint8_t(Opcode::MatMul)) kind = zeroes_matmul ? kArrayToAcc : kMemoryToArrayToAcc;
    if (in.opcode == uint8_t(Opcode::LoadWeights)) kind = kMemoryToArrayWeight;
    if (in.opcode == uint8_t(Opcode::DataMove)) {
      kind = in.flags == uint8_t(DataMoveKind::AccumulatorToLocal) ? kAccumulatorToMemory : kMemoryToAccumulator;
    }
    m_t.dataflow.push(kind, t);
    m_done[kDataflow] = true;
  }
  if (m_needed[kArray] && !m_done[kArray] && m_t.array.instructions().can_push()) {
    const bool load = in.opcode == uint8_t(Opcode::LoadWeights);
    m_t.array.instructions().push(ArrayInstruction{load, load ? zeroes_load : zeroes_matmul, m_count}, t);
    m_done[kArray] = true;
  }
  if (m_needed[kAcc] && !m_done[kAcc] && m_t.accumulators.instructions().can_push()) {
    AccInstruction a;
    a.program_counter = m_pc;
    a.instruction_index = m_index;
    if (in.opcode == uint8_t(Opcode::Simd)) {
      a.op = AccOp::Simd;
      a.address = in.operand0_address;
      a.read_address = in.operand1_address;
      a.read = in.flags & flags::kSimdRead;
      a.write = in.flags & flags::kSimdWrite;
      a.accumulate = in.flags & flags::kSimdAccumulate;
      a.sub = SimdSubInstruction::unpack(in.operand2, m_layout.simd_operand_bits);
      a.count = 1;
    } else {
      a.address = in.operand1_address;
      a.stride = in.operand1_stride;
      a.count = m_count;
      if (in.opcode == uint8_t(Opcode::MatMul)) {
        a.op = AccOp::WriteFromArray;
        a.accumulate = in.flags & flags::kMatMulAccumulate;
      } else if (in.flags == uint8_t(DataMoveKind::AccumulatorToLocal)) {
        a.op = AccOp::ReadToLocal;
      } else {
        a.op = AccOp::WriteFromLocal;
        a.accumulate = in.flags == uint8_t(DataMoveKind::LocalToAccumulatorAccumulate);
      }
    }
    m_t.accumulators.instructions().push(a, t);
    m_done[kAcc] = true;
  }
  if (m_needed[kDram] && !m_done[kDram]) {
    const bool bank1 = in.flags == uint8_t(DataMoveKind::Dram1ToLocal) || in.flags == uint8_t(DataMoveKind::LocalToDram1);
    DramBank& dram = *m_t.dram[bank1 ? 1 : 0];
    if (dram.request_ready()) {
      DramRequest r;
      r.address = in.operand1_address;
      r.size = in.operand2;
      r.stride = in.operand1_stride;
      r.write = in.flags == uint8_t(DataMoveKind::LocalToDram0) || in.flags == uint8_t(DataMoveKind::LocalToDram1);
      dram.push_request(r);
      m_done[kDram] = true;
    }
  }
  if (m_needed[kPortA] && !m_done[kPortA]) {
    if (in.opcode == uint8_t(Opcode::MatMul)) {
      m_done[kPortA] = port_a_read(t, PortADestination::ArrayInput, false);
    } else if (in.opcode == uint8_t(Opcode::LoadWeights)) {
      // Read from the highest address down: the instruction's own address
      // is loaded last, into the bias row (tcu/Decoder.scala).
      m_done[kPortA] = port_a_read(t, PortADestination::ArrayWeights, true);
    } else if (in.flags == uint8_t(DataMoveKind::AccumulatorToLocal)) {
      m_done[kPortA] = port_a_write_from_accumulators(t);
    } else {
      m_done[kPortA] = port_a_read(t, PortADestination::Accumulators, false);
    }
  }
  if (m_needed[kPortB] && !m_done[kPortB]) {
    switch (static_cast<DataMoveKind>(in.flags)) {
      case DataMoveKind::Dram0ToLocal:
        m_done[kPortB] = port_b_write_from_dram(t, 0);
        break;
      case DataMoveKind::Dram1ToLocal:
        m_done[kPortB] = port_b_write_from_dram(t, 1);
        break;
      case DataMoveKind::LocalToDram0:
        m_done[kPortB] = port_b_read_to_dram(t, 0);
        break;
      default:
        m_done[kPortB] = port_b_read_to_dram(t, 1);
        break;
    }
  }
  for (int p = 0; p < kParts; ++p) {
    if (m_needed[p] && !m_done[p]) return false;
  }
  // A local-to-DRAM DataMove's host dataflow control enters the decoder's
  // one-entry OutQueue (tcu/Decoder.scala, `hostDataflow`, pipe) only as the
  // control before it leaves, i.e. in the cycle the earlier DataMoves' last
  // word leaves port B's output for its bank; the instruction is dequeued
  // no earlier. Port B's output is in order, so those words are gone when
  // no more words wait there than this instruction has read.
  if (in.opcode == uint8_t(Opcode::DataMove) &&
      (in.flags == uint8_t(DataMoveKind::LocalToDram0) || in.flags == uint8_t(DataMoveKind::LocalToDram1)) &&
      m_t.port_b_output.size() > m_element) {
    return false;
  }
  return true;
}

void Decoder::cycle(uint64_t t) {
  // The flags are functions of the registers as they stand in this cycle.
  const uint32_t timeout = m_t.config.read(ConfigRegister::Timeout);
  m_cycle_pc = m_pc;
  m_tracepoint_flag = m_pc == m_t.config.read(ConfigRegister::Tracepoint);
  m_timeout_flag = m_timer == timeout;
  m_port_a_valid = m_port_a_ready = m_port_b_valid = m_port_b_ready = false;

  m_head_valid = m_queue.valid(t);
  m_head_ready = true;  // an empty queue's head reads as ready (the timer stays 0)
  // The ports' output queues as they stand before this cycle's reads: only
  // the decoder fills them, so these are the words read up to the cycle
  // before and not taken up to now, the count the RTL's read gate sees next
  // cycle (this cycle's read is still in the read delay then; a word taken
  // next cycle still counts).
  const size_t port_a_before = m_t.port_a_output.size();
  const size_t port_b_before = m_t.port_b_output.size();
  if (m_head_valid) {
    if (!m_decoded) start_head(t);
    m_head_ready = issue(t);
    if (m_head_ready) {
      ++m_stats.instructions_by_opcode[m_head.opcode & 0xF];
      if (on_dequeue) on_dequeue(t, m_pc, m_head.opcode);
      if (m_head.opcode == uint8_t(Opcode::Configure)) configure();
      const bool sets_pc = m_head.opcode == uint8_t(Opcode::Configure) &&
                           m_head.configure_register() == uint32_t(ConfigRegister::ProgramCounter);
      // A Configure of the PC wins over the increment (tcu/Decoder.scala).
      m_pc = sets_pc ? m_head.configure_value() : m_pc + 1;
      ++m_index;
      m_queue.pop();
      m_decoded = false;
    }
  }
  if (m_head_ready) {
    m_timer = 0;
  } else if (m_timer < timeout) {
    ++m_timer;
  }
  m_port_a_stored = port_a_before;
  m_port_b_stored = port_b_before;
  m_port_b_words_before = m_t.port_b_output.size();
}

}  // namespace acosim::tensil::clocked

#include "systemc/tensil/functional/decoder.h"

#include <algorithm>

#include "systemc/tensil/array/fast_array_engine.h"

namespace acosim::tensil::functional {

Decoder::Decoder(const Architecture& arch, ArrayEngine& array, VectorDram& dram0, VectorDram& dram1,
                 ConfigRegisterFile& config, TcuStatistics& statistics, sc_core::sc_time clock_period)
    : m_arch(arch),
      m_n(arch.array_size),
      m_simd_operand_bits(functional::simd_operand_bits(arch.simd_registers_depth)),
      m_format(functional::number_format(arch.data_type)),
      m_array(array),
      m_dram0(dram0),
      m_dram1(dram1),
      m_config(config),
      m_stats(statistics),
      m_period(clock_period),
      m_local("local memory", arch.local_depth, arch.array_size),
      m_accumulators("accumulators", arch.accumulator_depth, arch.array_size),
      m_alu(arch.array_size, arch.simd_registers_depth, m_format),
      m_simd_zero(arch.array_size, 0),
      m_simd_output(arch.array_size),
      m_fast(dynamic_cast<FastArray*>(&array)) {}

uint64_t Decoder::cycles_of(const sc_core::sc_time& t) const {
  const double ratio = t / m_period;
  auto cycles = static_cast<uint64_t>(ratio);
  if (static_cast<double>(cycles) < ratio) ++cycles;
  return cycles;
}

uint64_t Decoder::execute(const Instruction& in, uint64_t cycle) {
  if (!is_defined_opcode(in.opcode)) return 1;
  switch (static_cast<Opcode>(in.opcode)) {
    case Opcode::NoOp:
      return 1;
    case Opcode::MatMul:
      return matmul(in, cycle);
    case Opcode::LoadWeights:
      return load_weights(in, cycle);
    case Opcode::DataMove:
      return is_defined_data_move_kind(in.flags) ? data_move(in) : 1;
    case Opcode::Simd:
      return simd(in);
    case Opcode::Configure:
      configure(in);
      return 1;
  }
  return 1;
}

void Decoder::accumulate_into(uint64_t address, const int32_t* value) {
  // acc = plus(acc, value) lane-wise: the accumulators add with the data
  // type's `+` (Tensil's util/decoupled/VecAdder.scala), functional/fixed.h.
  int32_t* acc = m_accumulators.at(address);
  for (unsigned i = 0; i < m_n; ++i) acc[i] = functional::plus(acc[i], value[i], m_format);
}

void Decoder::accumulate_into(uint64_t address, const Vector& value) { accumulate_into(address, value.data()); }

uint64_t Decoder::matmul(const Instruction& in, uint64_t cycle) {
  const uint64_t count = in.operand2 + 1;
  const bool accumulate = in.flags & flags::kMatMulAccumulate;
  const bool zeroes = in.flags & flags::kMatMulZeroes;
  m_array.idle_until(cycle);
  if (m_fast != nullptr && !zeroes) {
    // The functional array works on the memories' rows in place: inputs
    // straight from local memory, results straight into the accumulators
    // (or into scratch rows first when they accumulate).
    m_input_rows.resize(count);
    m_output_rows.resize(count);
    if (accumulate) m_scratch.resize(count * m_n);
    const uint64_t last = count - 1;
    const uint64_t input_last = in.operand0_address + (last << in.operand0_stride);
    const uint64_t output_last = in.operand1_address + (last << in.operand1_stride);
    if (input_last < m_local.depth() && output_last < m_accumulators.depth()) {
      // Addresses grow with t, so when the last ones are in range all are: the rows are
      // then found from the first one, without a bounds check per vector.
      const int32_t* input = m_local.at(in.operand0_address);
      int32_t* output = m_accumulators.at(in.operand1_address);
      const size_t input_step = (size_t{1} << in.operand0_stride) * m_n;
      const size_t output_step = (size_t{1} << in.operand1_stride) * m_n;
      for (uint64_t t = 0; t < count; ++t) {
        m_input_rows[t] = input + t * input_step;
        m_output_rows[t] = accumulate ? &m_scratch[t * m_n] : output + t * output_step;
      }
    } else {
      // at() throws for the first address out of range.
      for (uint64_t t = 0; t < count; ++t) {
        m_input_rows[t] = m_local.at(in.operand0_address + (t << in.operand0_stride));
        m_output_rows[t] = accumulate ? &m_scratch[t * m_n]
                                      : m_accumulators.at(in.operand1_address + (t << in.operand1_stride));
      }
    }
    m_fast->run_rows(m_input_rows.data(), m_output_rows.data(), count);
    if (accumulate) {
      for (uint64_t t = 0; t < count; ++t) {
        accumulate_into(in.operand1_address + (t << in.operand1_stride), &m_scratch[t * m_n]);
      }
    }
    m_stats.array_vectors += count;
    m_stats.macs += count * m_n * m_n;
    return count + 2 * m_n - 1;
  }
  std::vector<Vector>& outputs = m_matmul_outputs;
  if (zeroes) {
    outputs = m_array.run_zeroes(count);
  } else {
    m_matmul_inputs.resize(count, Vector(m_n));
    for (uint64_t t = 0; t < count; ++t) {
      const int32_t* row = m_local.at(in.operand0_address + (t << in.operand0_stride));
      std::copy(row, row + m_n, m_matmul_inputs[t].begin());
    }
    m_array.run_into(m_matmul_inputs, outputs);
  }
  for (uint64_t t = 0; t < count; ++t) {
    const uint64_t address = in.operand1_address + (t << in.operand1_stride);
    if (accumulate) {
      accumulate_into(address, outputs[t]);
    } else {
      m_accumulators.write(address, outputs[t]);
    }
  }
  m_stats.array_vectors += count;
  m_stats.macs += count * m_n * m_n;
  return count + 2 * m_n - 1;
}

uint64_t Decoder::load_weights(const Instruction& in, uint64_t cycle) {
  const uint64_t count = in.operand1_whole + 1;
  m_array.idle_until(cycle);
  if (in.flags & flags::kLoadWeightsZeroes) {
    for (uint64_t k = 0; k < count; ++k) m_array.load_zero_weights();
  } else {
    // Rows go in from the highest address down, so the last one loaded (the
    // instruction's start address) lands in the bias row (Tensil's Decoder.scala
    // counts the addresses down).
    for (uint64_t k = count; k-- > 0;) {
      m_array.load_weights(m_local.read(in.operand0_address + (k << in.operand0_stride)));
    }
  }
  return count;
}

uint64_t Decoder::data_move(const Instruction& in) {
  const uint64_t count = in.operand2 + 1;
  const auto local_at = [&](uint64_t t) { return in.operand0_address + (t << in.operand0_stride); };
  const auto other_at = [&](uint64_t t) { return in.operand1_address + (t << in.operand1_stride); };
  sc_core::sc_time dram_time = sc_core::SC_ZERO_TIME;
  switch (static_cast<DataMoveKind>(in.flags)) {
    case DataMoveKind::Dram0ToLocal:
    case DataMoveKind::Dram1ToLocal: {
      VectorDram& port = in.flags == uint8_t(DataMoveKind::Dram0ToLocal) ? m_dram0 : m_dram1;
      std::vector<Vector> vectors;
      dram_time = port.read(in.operand1_address, in.operand1_stride, count, vectors);
      for (uint64_t t = 0; t < count; ++t) m_local.write(local_at(t), vectors[t]);
      break;
    }
    case DataMoveKind::LocalToDram0:
    case DataMoveKind::LocalToDram1: {
      VectorDram& port = in.flags == uint8_t(DataMoveKind::LocalToDram0) ? m_dram0 : m_dram1;
      std::vector<Vector> vectors;
      vectors.reserve(count);
      for (uint64_t t = 0; t < count; ++t) vectors.push_back(m_local.read(local_at(t)));
      dram_time = port.write(in.operand1_address, in.operand1_stride, vectors);
      break;
    }
    case DataMoveKind::AccumulatorToLocal:
      for (uint64_t t = 0; t < count; ++t) m_local.write(local_at(t), m_accumulators.read(other_at(t)));
      break;
    case DataMoveKind::LocalToAccumulator:
      for (uint64_t t = 0; t < count; ++t) m_accumulators.write(other_at(t), m_local.read(local_at(t)));
      break;
    case DataMoveKind::LocalToAccumulatorAccumulate:
      for (uint64_t t = 0; t < count; ++t) accumulate_into(other_at(t), m_local.read(local_at(t)));
      break;
  }
  return count + cycles_of(dram_time);
}

uint64_t Decoder::simd(const Instruction& in) {
  // Semantics of Tensil's RTL (tcu/AccumulatorWithALUArray.scala), followed
  // where it differs from the emulator (emulator/Emulator.scala): a register
  // destination together with the write flag stores the result in the
  // register and writes (or accumulates into) the accumulator.
  const functional::SimdFields sub = functional::decode_simd(in.operand2, m_simd_operand_bits);
  const functional::SimdFlags f = functional::decode_simd_flags(in.flags);
  if (sub.op == functional::op::kNoOp && !f.read && !f.write) return 1;
  const int32_t* input = f.read ? m_accumulators.at(in.operand1_address) : m_simd_zero.data();
  m_alu.execute(sub, input, m_simd_output.data());
  if (f.write) {
    if (f.accumulate) {
      accumulate_into(in.operand0_address, m_simd_output.data());
    } else {
      std::copy(m_simd_output.begin(), m_simd_output.end(), m_accumulators.at(in.operand0_address));
    }
  }
  return (f.read && f.write) ? 2 : 1;
}

void Decoder::configure(const Instruction& in) {
  const uint32_t reg = in.configure_register();
  if (!m_config.write(reg, in.configure_value())) return;
  switch (static_cast<ConfigRegister>(reg)) {
    case ConfigRegister::Dram0AddressOffset:
    case ConfigRegister::Dram0CacheBehaviour:
      m_dram0.configure(m_config.read(ConfigRegister::Dram0AddressOffset),
                        static_cast<uint8_t>(m_config.read(ConfigRegister::Dram0CacheBehaviour)));
      break;
    case ConfigRegister::Dram1AddressOffset:
    case ConfigRegister::Dram1CacheBehaviour:
      m_dram1.configure(m_config.read(ConfigRegister::Dram1AddressOffset),
                        static_cast<uint8_t>(m_config.read(ConfigRegister::Dram1CacheBehaviour)));
      break;
    default:
      break;  // timeout, tracepoint, sample interval: stored; PC: handled by the TCU
  }
}

}  // namespace acosim::tensil::functional

#include "systemc/tensil/functional_check.h"

#include <sstream>

#include "sw/common/hex.h"

namespace acosim::tensil {

// One DRAM bank as the oracle sees it: reads through its own port into the
// memory the clocked TCU writes, its own writes kept in an overlay.
class FunctionalCheck::OracleDram : public VectorDram {
 public:
  OracleDram(FunctionalCheck& check, DramPort& port, Memory memory, uint64_t vector_bytes)
      : m_check(check), m_port(port), m_memory(memory), m_vector_bytes(vector_bytes) {}

  void configure(uint32_t offset, uint8_t axcache) override {
    m_offset = offset;
    m_port.configure(offset, axcache);
  }
  sc_core::sc_time read(uint64_t address, uint32_t stride, uint64_t count, std::vector<Vector>& out) override {
    out.clear();
    std::vector<Vector> one;
    for (uint64_t k = 0; k < count; ++k) {
      const uint64_t vector = address + (k << stride);
      const auto it = m_overlay.find(key(vector));
      if (it != m_overlay.end()) {
        out.push_back(it->second);
      } else {
        m_port.read(vector, 0, 1, one);
        out.push_back(one[0]);
      }
    }
    return sc_core::SC_ZERO_TIME;
  }
  void forget() { m_overlay.clear(); }
  sc_core::sc_time write(uint64_t address, uint32_t stride, const std::vector<Vector>& vectors) override {
    for (uint64_t k = 0; k < vectors.size(); ++k) {
      const uint64_t vector = address + (k << stride);
      m_overlay[key(vector)] = vectors[k];
      m_check.expect(m_check.m_current, m_memory, vector, vectors[k]);
    }
    return sc_core::SC_ZERO_TIME;
  }

 private:
  // Where the vector is in memory: the offset register moves the bank.
  uint64_t key(uint64_t vector) const { return uint64_t(m_offset) + vector * m_vector_bytes; }

  FunctionalCheck& m_check;
  DramPort& m_port;
  Memory m_memory;
  uint64_t m_vector_bytes;
  uint32_t m_offset = 0;
  std::map<uint64_t, Vector> m_overlay;
};

FunctionalCheck::FunctionalCheck(const Architecture& arch, tlm::tlm_initiator_socket<>& dram0,
                                 tlm::tlm_initiator_socket<>& dram1, unsigned bus_bytes)
    : m_arch(arch),
      m_port0(std::make_unique<DramPort>("DRAM0 (functional check)", dram0, arch, bus_bytes, true)),
      m_port1(std::make_unique<DramPort>("DRAM1 (functional check)", dram1, arch, bus_bytes, true)),
      m_dram0(std::make_unique<OracleDram>(*this, *m_port0, Memory::Dram0, arch.vector_bytes())),
      m_dram1(std::make_unique<OracleDram>(*this, *m_port1, Memory::Dram1, arch.vector_bytes())),
      m_array(arch),
      m_oracle(arch, m_array, *m_dram0, *m_dram1, m_config, m_statistics, sc_core::sc_time(1, sc_core::SC_NS)) {}

FunctionalCheck::~FunctionalCheck() = default;

void FunctionalCheck::expect(uint64_t index, Memory memory, uint64_t address, const Vector& value) {
  m_expected[Key{index, memory, address}] = value;
}

void FunctionalCheck::started(uint64_t index, uint32_t program_counter, const Instruction& in) {
  m_current = index;
  m_program_counters[index] = program_counter;
  m_oracle.execute(in, 0);
  // What the instruction writes, as the oracle now holds it.
  const auto local_at = [&](uint64_t k) { return in.operand0_address + (k << in.operand0_stride); };
  const auto other_at = [&](uint64_t k) { return in.operand1_address + (k << in.operand1_stride); };
  switch (in.opcode) {
    case uint8_t(Opcode::MatMul):
      for (uint64_t k = 0; k <= in.operand2; ++k) {
        expect(index, Memory::Accumulators, other_at(k), m_oracle.accumulators().read(other_at(k)));
      }
      break;
    case uint8_t(Opcode::DataMove):
      switch (static_cast<DataMoveKind>(in.flags)) {
        case DataMoveKind::Dram0ToLocal:
        case DataMoveKind::Dram1ToLocal:
        case DataMoveKind::AccumulatorToLocal:
          for (uint64_t k = 0; k <= in.operand2; ++k) {
            expect(index, Memory::Local, local_at(k), m_oracle.local().read(local_at(k)));
          }
          break;
        case DataMoveKind::LocalToAccumulator:
        case DataMoveKind::LocalToAccumulatorAccumulate:
          for (uint64_t k = 0; k <= in.operand2; ++k) {
            expect(index, Memory::Accumulators, other_at(k), m_oracle.accumulators().read(other_at(k)));
          }
          break;
        default:
          break;  // DRAM writes were expected by the oracle's DRAM; undefined kinds write nothing
      }
      break;
    case uint8_t(Opcode::Simd):
      if (in.flags & flags::kSimdWrite) {
        expect(index, Memory::Accumulators, in.operand0_address, m_oracle.accumulators().read(in.operand0_address));
      }
      break;
    default:
      break;
  }
}

std::string FunctionalCheck::where(uint64_t index, Memory memory, uint64_t address) const {
  static const char* const names[] = {"local memory", "accumulator", "DRAM0", "DRAM1"};
  const auto pc = m_program_counters.find(index);
  std::ostringstream s;
  s << "functional check: pc " << (pc == m_program_counters.end() ? 0 : pc->second) << " (instruction " << index
    << " since reset): " << names[static_cast<int>(memory)] << " vector " << hex(address);
  return s.str();
}

void FunctionalCheck::compare(uint64_t index, Memory memory, uint64_t address, const Vector& value) {
  const auto it = m_expected.find(Key{index, memory, address});
  if (it == m_expected.end()) {
    throw FunctionalMismatch(where(index, memory, address) + ": written by the clocked TCU, not by the functional one");
  }
  for (size_t lane = 0; lane < value.size(); ++lane) {
    if (value[lane] != it->second[lane]) {
      throw FunctionalMismatch(where(index, memory, address) + " lane " + std::to_string(lane) + ": clocked " +
                               std::to_string(value[lane]) + ", functional " + std::to_string(it->second[lane]));
    }
  }
  m_expected.erase(it);
  ++m_checked;
}

void FunctionalCheck::local_written(uint64_t index, uint64_t address, const Vector& value) {
  compare(index, Memory::Local, address, value);
}
void FunctionalCheck::accumulator_written(uint64_t index, uint64_t address, const Vector& value) {
  compare(index, Memory::Accumulators, address, value);
}
void FunctionalCheck::dram_written(uint64_t index, unsigned bank, uint64_t address, const Vector& value) {
  compare(index, bank == 0 ? Memory::Dram0 : Memory::Dram1, address, value);
}

void FunctionalCheck::finish() {
  if (m_expected.empty()) {
    // Every write of the clocked TCU has landed and agreed: memory now holds
    // what the overlay does, and the host may change it before the next
    // program.
    m_program_counters.clear();
    m_dram0->forget();
    m_dram1->forget();
    return;
  }
  const auto& [key, value] = *m_expected.begin();
  (void)value;
  throw FunctionalMismatch(where(std::get<0>(key), std::get<1>(key), std::get<2>(key)) +
                           ": written by the functional TCU, never by the clocked one");
}

}  // namespace acosim::tensil

#include "systemc/tensil/functional/functional_check.h"

#include <algorithm>
#include <iterator>
#include <sstream>
#include <utility>

#include "sw/common/hex.h"

namespace acosim::tensil {

// One DRAM bank as the oracle sees it: the bytes the clocked TCU left in
// memory, overlaid by the bytes the oracle itself wrote. Vectors become bytes
// and back through the oracle's own layout (functional/dram_layout.h), so
// the clocked DRAM bank's packing is checked too: at finish() every byte the
// oracle wrote must be what memory holds.
class FunctionalCheck::OracleDram : public VectorDram {
 public:
  OracleDram(FunctionalCheck& check, DramPort& port, Memory memory, const functional::DramLayout& layout,
             std::string name)
      : m_check(check), m_port(port), m_memory(memory), m_layout(layout), m_name(std::move(name)),
        m_bytes(layout.vector_bytes()) {}

  void configure(uint32_t offset, uint8_t axcache) override {
    m_offset = offset;
    m_port.configure(offset, axcache);
  }

  sc_core::sc_time read(uint64_t address, uint32_t stride, uint64_t count, std::vector<Vector>& out) override {
    out.assign(count, Vector(m_layout.lanes()));
    for (uint64_t k = 0; k < count; ++k) {
      const uint64_t at = m_layout.byte_address(m_offset, address + (k << stride));
      fetch(at, m_bytes.data(), m_bytes.size());
      for (size_t i = 0; i < m_bytes.size(); ++i) {
        const auto it = m_overlay.find(at + i);
        if (it != m_overlay.end()) m_bytes[i] = it->second.value;
      }
      m_layout.load(m_bytes.data(), out[k].data());
    }
    return sc_core::SC_ZERO_TIME;
  }

  sc_core::sc_time write(uint64_t address, uint32_t stride, const std::vector<Vector>& vectors) override {
    const uint64_t scalar_bytes = m_bytes.size() / m_layout.lanes();
    for (uint64_t k = 0; k < vectors.size(); ++k) {
      const uint64_t vector = address + (k << stride);
      const uint64_t at = m_layout.byte_address(m_offset, vector);
      m_layout.store(vectors[k].data(), m_bytes.data());
      for (size_t i = 0; i < m_bytes.size(); ++i) {
        m_overlay[at + i] = Written{m_bytes[i], m_check.m_current, vector, unsigned(i / scalar_bytes)};
      }
      m_check.expect(m_check.m_current, m_memory, vector, vectors[k]);
    }
    return sc_core::SC_ZERO_TIME;
  }

  // Every byte the oracle wrote must now be in memory. Runs of consecutive
  // addresses are read with one fetch.
  void verify() {
    std::vector<uint8_t> memory;
    for (auto run = m_overlay.begin(); run != m_overlay.end();) {
      auto end = std::next(run);
      uint64_t next = run->first + 1;
      while (end != m_overlay.end() && end->first == next) {
        ++end;
        ++next;
      }
      memory.resize(next - run->first);
      fetch(run->first, memory.data(), memory.size());
      for (auto it = run; it != end; ++it) {
        const uint8_t byte = memory[it->first - run->first];
        const Written& written = it->second;
        if (byte != written.value) {
          std::ostringstream s;
          s << m_check.where(written.instruction, m_memory, written.vector) << " lane " << written.lane
            << ": byte " << hex(it->first) << " in memory is " << hex(byte) << ", the functional layout writes "
            << hex(written.value);
          throw FunctionalMismatch(s.str());
        }
      }
      run = end;
    }
  }
  void forget() { m_overlay.clear(); }

 private:
  struct Written {
    uint8_t value;
    uint64_t instruction;
    uint64_t vector;
    unsigned lane;
  };

  // Reads memory through the port, one burst per 4 KiB page (AMBA AXI
  // A3.4.1) within the 32-bit address space of the TCU's masters.
  void fetch(uint64_t at, uint8_t* data, uint64_t bytes) {
    constexpr uint64_t kPage = 4096;
    if (at + bytes > (uint64_t(1) << 32)) {
      throw DramError(m_name + " read at byte address " + hex(at) + " (+" + std::to_string(bytes) +
                      " bytes) leaves the 32-bit AXI address space; check the DRAM offset register");
    }
    uint64_t done = 0;
    while (done < bytes) {
      const uint64_t chunk = std::min(bytes - done, kPage - (at + done) % kPage);
      m_port.transfer_burst(tlm::TLM_READ_COMMAND, at + done, data + done, unsigned(chunk), sc_core::SC_ZERO_TIME);
      done += chunk;
    }
  }

  FunctionalCheck& m_check;
  DramPort& m_port;
  Memory m_memory;
  functional::DramLayout m_layout;
  std::string m_name;
  std::vector<uint8_t> m_bytes;  // one vector
  uint32_t m_offset = 0;
  std::map<uint64_t, Written> m_overlay;  // by byte address
};

FunctionalCheck::FunctionalCheck(const Architecture& arch, tlm::tlm_initiator_socket<>& dram0,
                                 tlm::tlm_initiator_socket<>& dram1, unsigned bus_bytes)
    : m_arch(arch),
      m_port0(std::make_unique<DramPort>("DRAM0 (functional check)", dram0, arch, bus_bytes, true)),
      m_port1(std::make_unique<DramPort>("DRAM1 (functional check)", dram1, arch, bus_bytes, true)),
      m_layout(arch.array_size, functional::number_format(arch.data_type)),
      m_dram0(std::make_unique<OracleDram>(*this, *m_port0, Memory::Dram0, m_layout, "DRAM0 (functional check)")),
      m_dram1(std::make_unique<OracleDram>(*this, *m_port1, Memory::Dram1, m_layout, "DRAM1 (functional check)")),
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
    // Every write of the clocked TCU has landed and agreed: memory must now
    // hold what the overlay does, byte for byte, and the host may change it
    // before the next program.
    m_dram0->verify();
    m_dram1->verify();
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

// `--check functional`: the functional decoder (the fast engine's executor,
// systemc/tensil/functional/decoder.h) run beside the clocked TCU as its numeric
// oracle. Each instruction is executed by the oracle when it reaches the
// clocked decoder's head; what the oracle then holds at every address the
// instruction writes (local memory, accumulators, DRAM) is what the clocked
// TCU must write there for that instruction. The first write that differs,
// or that the oracle does not make, stops the run naming the program
// counter, the memory, the address and the lane.
//
// The oracle reads DRAM as the clocked TCU left it, except where the oracle
// itself wrote (its DRAM writes stay in an overlay and never reach memory).
// It turns vectors into DRAM bytes with its own layout
// (functional/dram_layout.h), and at finish() every byte it wrote must be
// what the clocked TCU left in memory.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>

#include <tlm>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/clocked/write_observer.h"
#include "systemc/tensil/config_register_file.h"
#include "systemc/tensil/functional/decoder.h"
#include "systemc/tensil/dram_port.h"
#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/functional/dram_layout.h"

namespace acosim::tensil {

// The clocked TCU and its functional oracle disagree.
struct FunctionalMismatch : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class FunctionalCheck : public clocked::WriteObserver {
 public:
  FunctionalCheck(const Architecture& arch, tlm::tlm_initiator_socket<>& dram0, tlm::tlm_initiator_socket<>& dram1,
                  unsigned bus_bytes);
  ~FunctionalCheck() override;

  void started(uint64_t index, uint32_t program_counter, const Instruction& instruction) override;
  void local_written(uint64_t index, uint64_t address, const Vector& value) override;
  void accumulator_written(uint64_t index, uint64_t address, const Vector& value) override;
  void dram_written(uint64_t index, unsigned bank, uint64_t address, const Vector& value) override;

  // With the clocked TCU idle, every write the oracle expects must have
  // happened, and every DRAM byte the oracle wrote must be in memory.
  // Throws FunctionalMismatch naming the first one missing or different.
  void finish();
  uint64_t writes_checked() const { return m_checked; }

 private:
  class OracleDram;
  enum class Memory { Local, Accumulators, Dram0, Dram1 };
  using Key = std::tuple<uint64_t, Memory, uint64_t>;  // instruction, memory, address

  void expect(uint64_t index, Memory memory, uint64_t address, const Vector& value);
  void compare(uint64_t index, Memory memory, uint64_t address, const Vector& value);
  std::string where(uint64_t index, Memory memory, uint64_t address) const;

  Architecture m_arch;
  std::unique_ptr<DramPort> m_port0, m_port1;
  functional::DramLayout m_layout;
  std::unique_ptr<OracleDram> m_dram0, m_dram1;
  FastArray m_array;
  ConfigRegisterFile m_config;
  TcuStatistics m_statistics;
  functional::Decoder m_oracle;
  uint64_t m_current = 0;
  std::map<Key, Vector> m_expected;
  std::map<uint64_t, uint32_t> m_program_counters;  // of instructions with writes outstanding
  uint64_t m_checked = 0;
};

}  // namespace acosim::tensil

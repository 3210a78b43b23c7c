// A user's Tensil driver, written against acosim's HAL and the TCU's
// instruction-set contract only, validated on the installed TCU model.
//
// It copies four vectors DRAM0 -> local memory -> DRAM1 with two DataMove
// instructions, then waits until the last vector has arrived in DRAM1.
// Expected: DRAM1 holds DRAM0's vectors exactly.
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "testbench/tensil/board.h"

namespace tensil = acosim::tensil;
namespace hal = acosim::hal;

namespace {

// The architecture of the board: 4x4 FP16BP8, small memories.
tensil::Architecture board_architecture() {
  tensil::Architecture arch;
  arch.data_type = tensil::DataType::FP16BP8;
  arch.array_size = 4;
  arch.dram0_depth = arch.dram1_depth = 1024;
  arch.local_depth = arch.accumulator_depth = 256;
  arch.simd_registers_depth = 1;
  arch.stride0_depth = arch.stride1_depth = 1;
  return arch;
}

constexpr uint64_t kDram0Base = 0x00000;  // DRAM offsets count 64 KiB blocks
constexpr uint64_t kDram1Base = 0x10000;
constexpr unsigned kVectors = 4;

tensil::Instruction data_move(tensil::DataMoveKind kind, uint64_t local, uint64_t dram, uint64_t count) {
  tensil::Instruction i;
  i.opcode = static_cast<uint8_t>(tensil::Opcode::DataMove);
  i.flags = static_cast<uint8_t>(kind);
  i.operand0_address = local;
  i.operand1_address = dram;
  i.operand2 = count - 1;  // sizes are encoded minus one
  return i;
}

// The driver: everything it does goes through the HAL.
bool run_driver(hal::Hal& hal, const tensil::Architecture& arch) {
  const size_t vector_bytes = arch.array_size * 2;  // FP16BP8: two bytes per scalar
  std::vector<uint8_t> source(kVectors * vector_bytes);
  for (size_t i = 0; i < source.size(); ++i) source[i] = uint8_t(i * 7 + 1);
  std::vector<uint8_t> poison(source.size(), 0xEE);
  hal.write_memory(kDram0Base, source.data(), source.size());
  hal.write_memory(kDram1Base, poison.data(), poison.size());

  const auto layout = tensil::InstructionLayout::derive(arch);
  std::vector<uint8_t> program;
  auto append = [&program](const std::vector<uint8_t>& word) { program.insert(program.end(), word.begin(), word.end()); };
  append(tensil::encode_configure(layout, static_cast<uint32_t>(tensil::ConfigRegister::Dram0AddressOffset),
                                  kDram0Base >> tensil::kDramOffsetShift));
  append(tensil::encode_configure(layout, static_cast<uint32_t>(tensil::ConfigRegister::Dram1AddressOffset),
                                  kDram1Base >> tensil::kDramOffsetShift));
  append(tensil::encode_instruction(layout, data_move(tensil::DataMoveKind::Dram0ToLocal, 0, 0, kVectors)));
  append(tensil::encode_instruction(layout, data_move(tensil::DataMoveKind::LocalToDram1, 0, 0, kVectors)));
  // The instruction stream is 8 bytes wide: pad with NoOps as Tensil's drivers do.
  while (program.size() % 8 != 0) append(tensil::encode_instruction(layout, tensil::Instruction{}));
  hal.write_stream(hal::StreamId::Instructions, program.data(), program.size());

  std::vector<uint8_t> result(source.size());
  for (int poll = 0; poll < 100; ++poll) {
    hal.read_memory(kDram1Base, result.data(), result.size());
    if (result == source) {
      std::printf("tensil_copy: %u vectors arrived in DRAM1 after %llu ns\n", kVectors,
                  static_cast<unsigned long long>(hal.now_ns()));
      return true;
    }
    hal.sleep_ns(1000);
  }
  std::printf("tensil_copy: FAIL, DRAM1 does not hold the copied vectors\n");
  return false;
}

}  // namespace

int sc_main(int, char*[]) {
  tensil::TcuOptions options;
  options.arch = board_architecture();  // the default engine: the clocked TCU around the Verilated array
  bool passed = false;
  tensil::Board board("board", acosim::core::MemoryConfig{}, options,
                      [&](tensil::Board& b) { passed = run_driver(b.host, options.arch); });
  try {
    board.run();
  } catch (const std::exception& e) {
    std::printf("tensil_copy: simulation error: %s\n", e.what());
    return 1;
  }
  std::printf("tensil_copy: %s\n", passed ? "PASS" : "FAIL");
  return passed ? 0 : 1;
}

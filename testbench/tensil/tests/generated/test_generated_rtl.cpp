// Tensil's own generated Verilog of a whole TCU (each build of
// ACOSIM_RTL_DIR/tensil/ Verilated by systemc/tensil/generated/builds.cmake),
// driven at its pins: after the active-low reset it takes an instruction
// stream beat, and a DataMove from DRAM0 to local memory becomes one AXI4
// read burst on m_axi_dram0 whose address, length and beat size follow from
// the build's architecture (a DRAM vector is array_size 16-bit values,
// address = vector index × vector bytes; 128-bit data beats) — computed
// here, not read from the model.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "sw/tensil/model.h"
#include "sw/tensil/regs/isa.h"
#include "tensil_generated_builds.h"
#include "verilated.h"

namespace {

using namespace acosim::tensil;

struct Burst {
  uint32_t address;
  unsigned length, size, burst, id;
};

struct Observed {
  int accepted_at = -1;
  std::vector<Burst> dram0_reads;
  unsigned dram0_beats_returned = 0;
  bool dram0_write = false, dram1_access = false;
};

// One DataMove DRAM0 -> local of `vectors` vectors at DRAM0 vector
// `dram_address`, in the first stream beat (the rest of the beat zero: NoOps
// or the start of one).
template <class Model>
Observed data_move_from_dram0(const Architecture& arch, uint64_t dram_address, unsigned vectors) {
  VerilatedContext context;
  context.randReset(0);
  Model top(&context);
  const InstructionLayout layout = InstructionLayout::derive(arch);
  Instruction move;
  move.opcode = static_cast<uint8_t>(Opcode::DataMove);
  move.flags = static_cast<uint8_t>(DataMoveKind::Dram0ToLocal);
  move.operand0_address = 5;  // local memory
  move.operand1_address = dram_address;
  move.operand2 = vectors - 1;  // size - 1
  const std::vector<uint8_t> word = encode_instruction(layout, move);
  uint8_t beat[16] = {};
  std::memcpy(beat, word.data(), word.size());

  auto tick = [&] {
    top.clock = 0;
    top.eval();
    top.clock = 1;
    top.eval();
  };
  top.reset = 0;  // active low: the TCU is held in reset
  top.instruction_tvalid = 0;
  for (int i = 0; i < 10; ++i) tick();
  top.reset = 1;
  std::memcpy(&top.instruction_tdata, beat, sizeof(beat));
  top.instruction_tvalid = 1;
  top.instruction_tlast = 1;
  top.m_axi_dram0_arready = 1;
  Observed seen;
  unsigned pending = 0;
  for (int cycle = 0; cycle < 300; ++cycle) {
    top.clock = 0;
    top.eval();
    const bool accepted = top.instruction_tvalid && top.instruction_tready;
    if (top.m_axi_dram0_arvalid && top.m_axi_dram0_arready) {
      seen.dram0_reads.push_back({top.m_axi_dram0_araddr, top.m_axi_dram0_arlen, top.m_axi_dram0_arsize,
                                  top.m_axi_dram0_arburst, top.m_axi_dram0_arid});
      pending += top.m_axi_dram0_arlen + 1u;
    }
    if (top.m_axi_dram0_rvalid && top.m_axi_dram0_rready) {
      ++seen.dram0_beats_returned;
      --pending;
    }
    seen.dram0_write = seen.dram0_write || top.m_axi_dram0_awvalid || top.m_axi_dram0_wvalid;
    seen.dram1_access = seen.dram1_access || top.m_axi_dram1_arvalid || top.m_axi_dram1_awvalid;
    top.clock = 1;
    top.eval();
    if (accepted) {
      if (seen.accepted_at < 0) seen.accepted_at = cycle;
      top.instruction_tvalid = 0;
    }
    top.m_axi_dram0_rvalid = pending > 0;
    top.m_axi_dram0_rlast = pending == 1;
  }
  top.final();
  return seen;
}

template <class Model>
void check_build(const char* tarch) {
  const Architecture arch = read_architecture(tarch);
  const unsigned vector_bytes = arch.array_size * 2;  // FP16BP8: 16-bit values
  const Observed seen = data_move_from_dram0<Model>(arch, 0x100, 4);
  EXPECT_EQ(seen.accepted_at, 0) << "the stream beat is taken on the first cycle after reset";
  ASSERT_EQ(seen.dram0_reads.size(), 1u);
  const Burst& b = seen.dram0_reads[0];
  EXPECT_EQ(b.address, 0x100u * vector_bytes);
  EXPECT_EQ(b.length + 1, 4 * vector_bytes / 16) << "16-byte beats for 4 vectors";
  EXPECT_EQ(b.size, 4u) << "AxSIZE 4: 16 bytes per beat";
  EXPECT_EQ(b.burst, 1u) << "INCR";
  EXPECT_EQ(seen.dram0_beats_returned, 4 * vector_bytes / 16);
  EXPECT_FALSE(seen.dram0_write);
  EXPECT_FALSE(seen.dram1_access);
}

}  // namespace

#define ACOSIM_GENERATED_TEST(name, MODEL, tarch) \
  TEST(TensilGeneratedRtl, name##DataMoveFromDram0IsOneAxiReadBurst) { check_build<MODEL>(tarch); }
ACOSIM_TENSIL_GENERATED_BUILDS(ACOSIM_GENERATED_TEST)

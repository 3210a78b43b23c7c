// InstructionCheck on every combination of one finding the RTL silently
// consumes (an error by default, tolerated under --lenient) with one finding
// that is always an error (an address beyond its memory, a register that
// does not exist, a SIMD combination that hangs the RTL). Whatever the order
// of the fields, the always-error finding must be reported: under --lenient
// a consumable finding must never hide it.
#include <gtest/gtest.h>

#include <functional>
#include <tuple>
#include <string>
#include <vector>

#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/instruction_check.h"

namespace acosim::tensil::test {
namespace {

// Depths small enough that every field can be pushed past them: local 64,
// accumulators 32, DRAMs 128, four SIMD registers (w = 3 bits, so register
// fields reach 7), strides 2^0..2^1.
Architecture arch() {
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = 4;
  a.local_depth = 64;
  a.accumulator_depth = 32;
  a.dram0_depth = a.dram1_depth = 128;
  a.simd_registers_depth = 4;
  a.stride0_depth = a.stride1_depth = 2;
  return a;
}

using Mutation = std::function<void(Instruction&)>;

struct Finding {
  std::string name;
  Mutation apply;
  std::string field;  // the field the report must name
};

struct OpcodeCase {
  std::string name;
  Instruction base;  // valid on arch()
  std::vector<Finding> consumable;
  std::vector<Finding> fatal;
};

Instruction make(Opcode op, uint8_t flags) {
  Instruction in;
  in.opcode = static_cast<uint8_t>(op);
  in.flags = flags;
  return in;
}

uint64_t simd_sub(SimdOp op, uint32_t left, uint32_t right, uint32_t dest) {
  SimdSubInstruction sub;
  sub.op = static_cast<uint8_t>(op);
  sub.source_left = left;
  sub.source_right = right;
  sub.dest = dest;
  return sub.pack(InstructionLayout::derive(arch()).simd_operand_bits);
}

std::vector<OpcodeCase> cases() {
  std::vector<OpcodeCase> all;

  Instruction matmul = make(Opcode::MatMul, flags::kMatMulAccumulate);
  matmul.operand0_address = 10;
  matmul.operand1_address = 5;
  matmul.operand2 = 3;
  all.push_back(
      {"MatMul",
       matmul,
       {{"unused flag 0x8", [](Instruction& i) { i.flags |= 0x8; }, "flags"},
        {"operand0 padding", [](Instruction& i) { i.operand0_padding = 1; }, "operand0 padding"},
        {"operand1 padding", [](Instruction& i) { i.operand1_padding = 2; }, "operand1 padding"}},
       {{"local start past depth", [](Instruction& i) { i.operand0_address = 64; }, "operand0 address"},
        {"local end past depth", [](Instruction& i) { i.operand0_address = 61; }, "operand0 address"},
        {"accumulator end past depth", [](Instruction& i) { i.operand1_address = 29; }, "operand1 address"},
        {"stride0 beyond its depth", [](Instruction& i) { i.operand0_stride = 2; }, "operand0 stride"},
        {"stride1 beyond its depth", [](Instruction& i) { i.operand1_stride = 3; }, "operand1 stride"}}});

  Instruction load = make(Opcode::LoadWeights, 0);
  load.operand0_address = 20;
  load.operand1_whole = 4;  // five rows: the n x n weights and the bias row
  all.push_back({"LoadWeights",
                 load,
                 {{"unused flag 0x2", [](Instruction& i) { i.flags |= 0x2; }, "flags"},
                  {"more rows than the store", [](Instruction& i) { i.operand1_whole = 5; }, "operand1 size"},
                  {"operand2 set", [](Instruction& i) { i.operand2 = 1; }, "operand2"},
                  {"operand0 padding", [](Instruction& i) { i.operand0_padding = 1; }, "operand0 padding"}},
                 {{"local start past depth", [](Instruction& i) { i.operand0_address = 100; }, "operand0 address"},
                  {"local end past depth", [](Instruction& i) { i.operand0_address = 60; }, "operand0 address"},
                  {"stride0 beyond its depth", [](Instruction& i) { i.operand0_stride = 5; }, "operand0 stride"}}});

  for (const auto& [kind, memory, depth] :
       {std::tuple{DataMoveKind::Dram0ToLocal, "DRAM0", 128}, std::tuple{DataMoveKind::LocalToDram1, "DRAM1", 128},
        std::tuple{DataMoveKind::AccumulatorToLocal, "accumulator", 32},
        std::tuple{DataMoveKind::LocalToAccumulatorAccumulate, "accumulator", 32}}) {
    Instruction move = make(Opcode::DataMove, static_cast<uint8_t>(kind));
    move.operand0_address = 8;
    move.operand1_address = 4;
    move.operand2 = 7;
    const uint64_t past_end = static_cast<uint64_t>(depth) - 7;  // the eighth vector lands on `depth`
    all.push_back({std::string("DataMove ") + data_move_kind_name(static_cast<uint8_t>(kind)),
                   move,
                   {{"operand0 padding", [](Instruction& i) { i.operand0_padding = 4; }, "operand0 padding"},
                    {"operand1 padding", [](Instruction& i) { i.operand1_padding = 1; }, "operand1 padding"}},
                   {{"local end past depth", [](Instruction& i) { i.operand0_address = 57; }, "operand0 address"},
                    {std::string(memory) + " end past depth",
                     [past_end](Instruction& i) { i.operand1_address = past_end; }, "operand1 address"},
                    {"stride1 beyond its depth", [](Instruction& i) { i.operand1_stride = 2; }, "operand1 stride"}}});
  }

  // Add r1 = input + r2, read accumulator 3, write accumulator 4.
  Instruction simd = make(Opcode::Simd, flags::kSimdRead | flags::kSimdWrite);
  simd.operand0_address = 4;
  simd.operand1_address = 3;
  simd.operand2 = simd_sub(SimdOp::Add, 0, 2, 1);
  const uint64_t sub_bits = 3 * InstructionLayout::derive(arch()).simd_operand_bits + 4;
  all.push_back(
      {"SIMD",
       simd,
       {{"unused flag 0x8", [](Instruction& i) { i.flags |= 0x8; }, "flags"},
        {"bits above the sub-instruction", [sub_bits](Instruction& i) { i.operand2 |= uint64_t(1) << sub_bits; },
         "operand2 padding"},
        {"stride field", [](Instruction& i) { i.operand0_stride = 1; }, "operand0 stride"},
        {"operand1 padding", [](Instruction& i) { i.operand1_padding = 1; }, "operand1 padding"}},
       {{"dest r7 of 4", [](Instruction& i) { i.operand2 = simd_sub(SimdOp::Add, 0, 2, 7); }, "operand2 dest"},
        {"source right r6 of 4", [](Instruction& i) { i.operand2 = simd_sub(SimdOp::Add, 0, 6, 1); },
         "operand2 sourceRight"},
        {"source left r5 of 4", [](Instruction& i) { i.operand2 = simd_sub(SimdOp::Add, 5, 0, 1); },
         "operand2 sourceLeft"},
        {"read past the accumulators", [](Instruction& i) { i.operand1_address = 32; }, "operand1 address"},
        {"write past the accumulators", [](Instruction& i) { i.operand0_address = 40; }, "operand0 address"},
        {"input selected without read", [](Instruction& i) { i.flags &= uint8_t(~flags::kSimdRead); }, "flags"},
        {"NoOp with read and write", [](Instruction& i) { i.operand2 = simd_sub(SimdOp::NoOp, 0, 0, 0); },
         "operand2 op"}}});
  return all;
}

std::string text(const CheckResult& r) {
  const char* kind = r.kind == CheckResult::Kind::Ok ? "ok" : r.kind == CheckResult::Kind::Fatal ? "fatal" : "consumable";
  return std::string(kind) + " [" + r.field + "] " + r.message;
}

TEST(InstructionCheck, BaseInstructionsAreValid) {
  const InstructionCheck check(arch());
  for (const OpcodeCase& c : cases()) {
    EXPECT_EQ(check.check(c.base).kind, CheckResult::Kind::Ok) << c.name << ": " << text(check.check(c.base));
  }
}

TEST(InstructionCheck, EachConsumableFindingAloneIsConsumable) {
  const InstructionCheck check(arch());
  for (const OpcodeCase& c : cases()) {
    for (const Finding& consumable : c.consumable) {
      Instruction in = c.base;
      consumable.apply(in);
      const CheckResult r = check.check(in);
      EXPECT_EQ(r.kind, CheckResult::Kind::Consumable) << c.name << " + " << consumable.name << ": " << text(r);
      EXPECT_EQ(r.field, consumable.field) << c.name << " + " << consumable.name << ": " << text(r);
    }
  }
}

TEST(InstructionCheck, EachFatalFindingAloneIsFatal) {
  const InstructionCheck check(arch());
  for (const OpcodeCase& c : cases()) {
    for (const Finding& fatal : c.fatal) {
      Instruction in = c.base;
      fatal.apply(in);
      const CheckResult r = check.check(in);
      EXPECT_EQ(r.kind, CheckResult::Kind::Fatal) << c.name << " + " << fatal.name << ": " << text(r);
      EXPECT_EQ(r.field, fatal.field) << c.name << " + " << fatal.name << ": " << text(r);
    }
  }
}

TEST(InstructionCheck, AConsumableFindingNeverHidesAFatalOne) {
  const InstructionCheck check(arch());
  unsigned combinations = 0;
  for (const OpcodeCase& c : cases()) {
    for (const Finding& consumable : c.consumable) {
      for (const Finding& fatal : c.fatal) {
        for (bool consumable_first : {true, false}) {
          Instruction in = c.base;
          if (consumable_first) {
            consumable.apply(in);
            fatal.apply(in);
          } else {
            fatal.apply(in);
            consumable.apply(in);
          }
          const CheckResult r = check.check(in);
          EXPECT_EQ(r.kind, CheckResult::Kind::Fatal) << c.name << ": " << consumable.name << " + " << fatal.name
                                                      << ": " << text(r);
          EXPECT_EQ(r.field, fatal.field) << c.name << ": " << consumable.name << " + " << fatal.name << ": "
                                          << text(r);
          ++combinations;
        }
      }
    }
  }
  // 3x5 MatMul + 4x3 LoadWeights + 4 DataMove kinds x 2x3 + 4x7 SIMD, each in both orders.
  EXPECT_EQ(combinations, 2u * (15 + 12 + 4 * 6 + 28));
}

TEST(InstructionCheck, InvalidOpcodesAndDataMoveKindsAreConsumedWhole) {
  // The RTL dequeues them and uses no other field (Tensil's Decoder.scala),
  // so nothing else in the word can be out of range.
  const InstructionCheck check(arch());
  for (uint8_t op = 0x5; op <= 0xE; ++op) {
    Instruction in = make(static_cast<Opcode>(op), 0xF);
    in.operand0_address = 1000;
    EXPECT_EQ(check.check(in).kind, CheckResult::Kind::Consumable) << int(op);
    EXPECT_EQ(check.check(in).field, "opcode");
  }
  for (uint8_t kind : {0x4, 0x7, 0xB, 0xE}) {
    Instruction in = make(Opcode::DataMove, kind);
    in.operand0_address = 1000;
    EXPECT_EQ(check.check(in).kind, CheckResult::Kind::Consumable) << int(kind);
    EXPECT_EQ(check.check(in).field, "flags");
  }
}

}  // namespace
}  // namespace acosim::tensil::test

// The SystemC TCU on hand-written programs for the 2x2 "Tiny" architecture
// (4-byte instructions [operand0, operand1, operand2, opcode<<4|flags]).
// Expected values come from Tensil's TCUSpec.scala, DecoderSpec.scala and
// CompilerSpec.scala (XOR) or are computed by hand
// in the comments.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <utility>

#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/array/lockstep_array_engine.h"
#include "testbench/tensil/tests/tcu_bench.h"

namespace acosim::tensil::test {
namespace {

// Configure: bits [31:0] = value << 4 | register, header 0xF0 (Tensil's Decoder.scala).
std::vector<uint8_t> configure(uint32_t reg, uint32_t value) {
  const uint32_t word = (value << 4) | reg;
  return {uint8_t(word), uint8_t(word >> 8), uint8_t(word >> 16), 0xF0};
}

std::vector<uint8_t> cat(std::initializer_list<std::vector<uint8_t>> parts) {
  std::vector<uint8_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

TcuOptions options(ArrayEngineKind engine = ArrayEngineKind::Fast, bool lenient = false) {
  TcuOptions o;
  o.arch = tiny_arch();
  o.engine = engine;
  o.lenient = lenient;
  return o;
}

TEST(TcuConfig, ResetValues) {
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    EXPECT_EQ(b.tcu.config_register(0x8), kDefaultDecoderTimeout);
    EXPECT_EQ(b.tcu.config_register(0x9), 0xFFFFFFFFu);
    EXPECT_EQ(b.tcu.config_register(0x0), 0u);
    EXPECT_EQ(b.tcu.config_register(0xB), 0u);
  }), "");
}

TEST(TcuConfig, StoresTimeoutTracepointSampleInterval) {
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.send(cat({configure(0x8, 55), configure(0x9, 7), configure(0xB, 1000)}));
    b.settle();
    EXPECT_EQ(b.tcu.config_register(0x8), 55u);
    EXPECT_EQ(b.tcu.config_register(0x9), 7u);
    EXPECT_EQ(b.tcu.config_register(0xB), 1000u);
  }), "");
}

TEST(TcuConfig, DramOffsetIsInBlocksOf64KiB) {
  // DecoderSpec.scala: Configure DRAM0/DRAM1 offset value 0x7B => 0x7B0000.
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.send(cat({configure(0x0, 0x7B), configure(0x4, 0x7B)}));
    b.settle();
    EXPECT_EQ(b.tcu.config_register(0x0), 0x7B0000u);
    EXPECT_EQ(b.tcu.config_register(0x4), 0x7B0000u);
  }), "");
}

TEST(TcuConfig, OffsetsMoveDramAddresses) {
  // DRAM0 offset 2 blocks: vector 3 is at 0x20000 + 3 * 4 bytes = 0x2000C,
  // vector 5 at 0x20014. DRAM1 offset 3 blocks: vector 1 at 0x30004.
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.write_raw16(0x2000C, {1234, -5});
    b.send(cat({configure(0x0, 2), configure(0x4, 3),
                {0x07, 0x03, 0x00, 0x20},    // DataMove DRAM0[3] -> local 7
                {0x07, 0x05, 0x00, 0x21},    // DataMove local 7 -> DRAM0[5]
                {0x07, 0x01, 0x00, 0x23}}));  // DataMove local 7 -> DRAM1[1]
    b.settle();
    EXPECT_EQ(b.read_raw16(0x20014, 2), (std::vector<int16_t>{1234, -5}));
    EXPECT_EQ(b.read_raw16(0x30004, 2), (std::vector<int16_t>{1234, -5}));
    EXPECT_EQ(b.read_raw16(0x14, 2), (std::vector<int16_t>{0, 0}));  // not at offset 0
  }), "");
}

TEST(TcuConfig, AxCacheReachesTheTarget) {
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.send(cat({configure(0x1, 0x3), configure(0x4, 1), configure(0x5, 0xB),
                {0x00, 0x00, 0x00, 0x20},    // DRAM0 read
                {0x00, 0x00, 0x00, 0x23}}));  // DRAM1 write
    b.settle();
    // Ports are numbered in bind order: DRAM0 = 0, DRAM1 = 1, host = 2.
    bool saw0 = false, saw1 = false;
    for (const core::AxCacheRecord& r : b.dram.axcache_records()) {
      if (r.port == 0) {
        EXPECT_EQ(r.axcache, 0x3);
        saw0 = true;
      }
      if (r.port == 1) {
        EXPECT_EQ(r.axcache, 0xB);
        saw1 = true;
      }
    }
    EXPECT_TRUE(saw0);
    EXPECT_TRUE(saw1);
  }), "");
}

TEST(TcuConfig, AxCacheChangeIsSeenAfterDmiGrant) {
  // The first access is granted DMI with AxCACHE 0; after the cache register
  // changes, the target must see the new value again.
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.send(cat({{0x00, 0x00, 0x00, 0x20}, {0x00, 0x00, 0x00, 0x20}, configure(0x1, 0x7),
                {0x00, 0x00, 0x00, 0x20}}));
    b.settle();
    const auto& records = b.dram.axcache_records();
    ASSERT_FALSE(records.empty());
    EXPECT_EQ(records.front().axcache, 0x0);
    EXPECT_EQ(records.back().axcache, 0x7);
    EXPECT_EQ(records.back().port, 0u);
  }), "");
}

TEST(TcuConfig, ProgramCounterCountsOnDispatchAndCanBeSet) {
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.send({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});  // three NoOps
    b.settle();
    EXPECT_EQ(b.tcu.last_program_counter(), 3u);
    EXPECT_EQ(b.tcu.program_counter.read(), 3u);
    // Configure PC = 0x10 sets the next instruction's PC; two NoOps follow.
    b.send(cat({configure(0xA, 0x10), {0, 0, 0, 0}, {0, 0, 0, 0}}));
    b.settle();
    EXPECT_EQ(b.tcu.last_program_counter(), 0x12u);
  }), "");
}

TEST(TcuValidation, LocalRangeErrorNamesPcAndField) {
  // MatMul local 255 size 1 touches local 256 of a 256-deep memory.
  const std::string error = run_bench(options(), [](TcuBench& b) {
    b.send(cat({{0, 0, 0, 0}, {0xFF, 0x00, 0x01, 0x10}}));
    b.settle();
  });
  EXPECT_NE(error.find("pc 1"), std::string::npos) << error;
  EXPECT_NE(error.find("MatMul"), std::string::npos) << error;
  EXPECT_NE(error.find("operand0 address"), std::string::npos) << error;
}

// A functional array that gets lane 1 of the third output vector of every
// run wrong: what a broken RTL change would look like to lockstep.
class OffByOneLsbArray : public FastArray {
 public:
  using FastArray::FastArray;
  std::vector<Vector> run(const std::vector<Vector>& inputs) override {
    std::vector<Vector> out = FastArray::run(inputs);
    if (out.size() > 2) out[2][1] += 1;
    return out;
  }
};

TEST(TcuLockstep, FirstMismatchStopsTheRunNamingPcVectorAndLane) {
  TcuOptions o = options();
  o.array_factory = [](const Architecture& arch) -> std::unique_ptr<ArrayEngine> {
    return std::make_unique<LockstepArray>(std::make_unique<FastArray>(arch),
                                           std::make_unique<OffByOneLsbArray>(arch));
  };
  const std::string error = run_bench(o, [](TcuBench& b) {
    // NoOp, NoOp, then MatMul of 3 vectors from local 0 into accumulator 0.
    b.send(cat({{0, 0, 0, 0}, {0, 0, 0, 0}, {0x00, 0x00, 0x02, 0x10}}));
    b.settle();
  });
  EXPECT_NE(error.find("pc 2 "), std::string::npos) << error;
  EXPECT_NE(error.find("MatMul"), std::string::npos) << error;
  EXPECT_NE(error.find("vector 2, lane 1"), std::string::npos) << error;
}

// 2x2 array: the weight store has 3 rows; size field 3 loads 4 vectors.
const std::vector<uint8_t> kLoadWeightsOfFourRows = {0x00, 0x03, 0x00, 0x30};

TEST(TcuValidation, LoadWeightsBeyondTheWeightStoreIsAnErrorByDefault) {
  const std::string error = run_bench(options(), [&](TcuBench& b) {
    b.send(kLoadWeightsOfFourRows);
    b.settle();
  });
  EXPECT_NE(error.find("operand1 size"), std::string::npos) << error;
  EXPECT_NE(error.find("4 vectors exceeds the 3 rows"), std::string::npos) << error;
}

TEST(TcuValidation, LoadWeightsBeyondTheWeightStoreRunsWhenLenient) {
  uint64_t consumed = 0;
  const std::string error = run_bench(options(ArrayEngineKind::Fast, true), [&](TcuBench& b) {
    b.send(kLoadWeightsOfFourRows);
    b.settle();
    consumed = b.tcu.statistics().invalid_consumed;
  });
  EXPECT_EQ(error, "");
  EXPECT_EQ(consumed, 1u);
}

TEST(TcuValidation, InvalidOpcodeIsAnErrorByDefault) {
  const std::string error = run_bench(options(), [](TcuBench& b) {
    b.send({0, 0, 0, 0x50});
    b.settle();
  });
  EXPECT_NE(error.find("invalid opcode 0x5"), std::string::npos) << error;
  EXPECT_NE(error.find("pc 0"), std::string::npos) << error;
}

TEST(TcuValidation, LenientConsumesAndCountsLikeTheRtl) {
  const std::string error = run_bench(options(ArrayEngineKind::Fast, true), [](TcuBench& b) {
    b.write_raw16(0, {11, 22});
    b.send(cat({{0, 0, 0, 0x50},                   // invalid opcode
                {0, 0, 0, 0x25},                   // invalid DataMove kind 5
                {0x00, 0x00, 0x00, 0x14},          // MatMul with unused flag bit 2
                {0x01, 0x00, 0x00, 0x20},          // DRAM0[0] -> local 1
                {0x01, 0x02, 0x00, 0x21}}));       // local 1 -> DRAM0[2]
    b.settle();
    EXPECT_EQ(b.tcu.statistics().invalid_consumed, 3u);
    EXPECT_EQ(b.read_raw16(8, 2), (std::vector<int16_t>{11, 22}));
    EXPECT_EQ(b.tcu.last_program_counter(), 5u);
  });
  EXPECT_EQ(error, "");
}

// Under --lenient, a word that is consumable on one count (an unused flag
// bit) and an error on another (a register or address out of range) must
// still stop the run with the program counter, before the model touches
// anything out of range.
Architecture four_register_arch() {
  Architecture a = tiny_arch();
  a.simd_registers_depth = 4;  // register fields are 3 bits wide: r5..r7 do not exist
  return a;
}

Instruction simd_word(uint8_t flags, SimdOp op, uint32_t left, uint32_t right, uint32_t dest) {
  Instruction in;
  in.opcode = static_cast<uint8_t>(Opcode::Simd);
  in.flags = flags;
  SimdSubInstruction sub;
  sub.op = static_cast<uint8_t>(op);
  sub.source_left = left;
  sub.source_right = right;
  sub.dest = dest;
  in.operand2 = sub.pack(InstructionLayout::derive(four_register_arch()).simd_operand_bits);
  return in;
}

// Under --lenient, a word that is consumable on one count (an unused flag
// bit) and an error on another (a register or address out of range) must
// still stop the run naming the program counter and the field, before the
// model touches anything out of range.
void expect_lenient_error(const Instruction& instruction, const std::string& field) {
  TcuOptions o = options(ArrayEngineKind::Fast, true);
  o.arch = four_register_arch();
  const InstructionLayout layout = InstructionLayout::derive(o.arch);
  const std::vector<uint8_t> noop(layout.instruction_bytes, 0);
  const std::vector<uint8_t> word = encode_instruction(layout, instruction);
  const std::string error = run_bench(o, [&](TcuBench& b) {
    b.send(cat({noop, word}));
    b.settle();
  });
  EXPECT_NE(error.find("pc 1"), std::string::npos) << error;
  EXPECT_NE(error.find(field), std::string::npos) << error;
}

TEST(TcuValidation, LenientStopsOnAMissingDestRegisterBehindAnUnusedFlag) {
  expect_lenient_error(simd_word(0x8 | flags::kSimdRead, SimdOp::Add, 0, 1, 7), "operand2 dest");
}

TEST(TcuValidation, LenientStopsOnAMissingSourceRegisterBehindAnUnusedFlag) {
  expect_lenient_error(simd_word(0x8 | flags::kSimdRead, SimdOp::Add, 0, 6, 1), "operand2 sourceRight");
}

TEST(TcuValidation, LenientStopsOnALocalAddressPastItsDepthBehindAnUnusedFlag) {
  Instruction in;
  in.opcode = static_cast<uint8_t>(Opcode::MatMul);
  in.flags = 0x8;              // unused flag bit
  in.operand0_address = 255;  // + size 1 reaches local 256 of 256
  in.operand2 = 1;
  expect_lenient_error(in, "operand0 address");
}

TEST(TcuValidation, SimdThatWouldHangIsAlwaysAnError) {
  // Move (op 2) with sourceLeft = input but no read flag (the RTL would hang:
  // AccumulatorWithALUArray.scala).
  const std::string error = run_bench(options(ArrayEngineKind::Fast, true), [](TcuBench& b) {
    b.send({0x00, 0x00, 0x10, 0x40});
    b.settle();
  });
  EXPECT_NE(error.find("would hang"), std::string::npos) << error;
}

TEST(TcuValidation, CompilerReluPatternIsAccepted) {
  // Zero -> R1 without read (the compiler's ReLU; Tensil's Validator.scala
  // flags it) must run in the default mode.
  const std::string error = run_bench(options(), [](TcuBench& b) {
    b.send({0x00, 0x00, 0x09, 0x40});
    b.settle();
  });
  EXPECT_EQ(error, "");
}

TEST(TcuValidation, DramAddressErrorNamesThePort) {
  core::MemoryConfig small;
  small.size = 0x10000;
  const std::string error = run_bench(
      options(),
      [](TcuBench& b) {
        b.send(cat({configure(0x0, 1), {0x00, 0x00, 0x00, 0x20}}));
        b.settle();
      },
      small);
  EXPECT_NE(error.find("DRAM0 read"), std::string::npos) << error;
  EXPECT_NE(error.find("pc 1"), std::string::npos) << error;
}

TEST(TcuTiming, InstructionCyclesFollowTheDocumentedRule) {
  // NoOp 1 + LoadWeights size 2 (3 rows) 3 + MatMul size 1: 2 + (2*2 - 1) = 5
  // + SIMD read+write 2 = 11 cycles.
  ASSERT_EQ(run_bench(options(), [](TcuBench& b) {
    b.send(cat({{0, 0, 0, 0}, {0x00, 0x02, 0x00, 0x30}, {0x00, 0x00, 0x01, 0x10}, {0x01, 0x00, 0x7a, 0x43}}));
    b.settle();
    EXPECT_EQ(b.tcu.statistics().cycles, 11u);
    EXPECT_EQ(b.tcu.statistics().instructions(), 4u);
  }), "");
}

// Value changes of one 1-bit signal of a VCD file: (time, value) pairs.
std::vector<std::pair<uint64_t, char>> vcd_changes(const std::string& path, const std::string& signal) {
  std::ifstream in(path);
  std::string line, id;
  std::vector<std::pair<uint64_t, char>> changes;
  uint64_t time = 0;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first == "$var") {
      std::string kind, width, code, name;
      words >> kind >> width >> code >> name;
      if (name == signal) id = code;
    } else if (!first.empty() && first[0] == '#') {
      time = std::stoull(first.substr(1));
    } else if (!id.empty() && first.size() == id.size() + 1 && first.substr(1) == id &&
               (first[0] == '0' || first[0] == '1')) {
      changes.emplace_back(time, first[0]);
    }
  }
  return changes;
}

TEST(TcuWaves, BackToBackDispatchKeepsReadyHigh) {
  // Four NoOps arrive together: they are dispatched on four consecutive
  // edges (cycles 0..3, 10 ns each), so instruction_ready rises once and
  // falls once, at cycle 4 = 40000 ps, with no pulse in between.
  TcuOptions o = options();
  o.vcd_path = ::testing::TempDir() + "tcu_back_to_back.vcd";
  ASSERT_EQ(run_bench(o,
                      [](TcuBench& b) {
                        b.send(std::vector<uint8_t>(16, 0));
                        b.settle();
                      }),
            "");
  const auto changes = vcd_changes(o.vcd_path, "instruction_ready");
  ASSERT_FALSE(changes.empty());
  std::vector<std::pair<uint64_t, char>> after_start;
  for (const auto& c : changes) {
    if (c.second == '1' || !after_start.empty()) after_start.push_back(c);
  }
  ASSERT_EQ(after_start.size(), 2u) << "instruction_ready toggles " << after_start.size() << " times";
  EXPECT_EQ(after_start[0].first, 0u);
  EXPECT_EQ(after_start[1].first, 40000u);
  EXPECT_EQ(after_start[1].second, '0');
}

TEST(TcuSampling, EverySampleReachesTheHostThroughTheSampleStream) {
  // The clocked TCU (rtl engine) with a 32-bit stream, so one 4-byte
  // instruction arrives per cycle: Configure(sample interval = 1),
  // Configure(PC = 0), ten NoOps, Configure(sample interval = 0). The first
  // Configure fires in some cycle c and sets PC 1; samples are taken in
  // cycles c+1 .. c+12, one per cycle, with the PC of that cycle: 1, then 0
  // (the PC Configure), then 1..10 as the NoOps are dequeued; the last
  // Configure stops sampling. In all twelve the instruction handshake fires
  // (bits 46 and 47), and every sample's two padding bytes are zero.
  TcuOptions o = options(ArrayEngineKind::Rtl);
  o.stream_bytes = 4;
  std::vector<uint8_t> samples;
  auto bench = std::make_unique<TcuBench>(o, [](TcuBench& b) {
    std::vector<uint8_t> program = cat({configure(0xB, 1), configure(0xA, 0)});
    program.resize(program.size() + 10 * 4, 0);
    const std::vector<uint8_t> stop = configure(0xB, 0);
    program.insert(program.end(), stop.begin(), stop.end());
    b.send(program);
    b.settle();
  });
  bench->collect_samples(samples);
  std::string error;
  try {
    bench->run();
  } catch (const std::exception& e) {
    error = e.what();
  }
  ASSERT_EQ(error, "");
  ASSERT_EQ(samples.size(), 12u * 8);
  std::vector<uint32_t> pcs;
  for (size_t i = 0; i < samples.size(); i += 8) {
    pcs.push_back(uint32_t(samples[i]) | uint32_t(samples[i + 1]) << 8 | uint32_t(samples[i + 2]) << 16 |
                  uint32_t(samples[i + 3]) << 24);
    const uint16_t flags = uint16_t(samples[i + 4] | samples[i + 5] << 8);
    EXPECT_EQ(flags >> 14, 3) << "sample " << i / 8 << ": instruction valid and ready";
    EXPECT_EQ(samples[i + 6] | samples[i + 7], 0);
  }
  EXPECT_EQ(pcs, (std::vector<uint32_t>{1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
}

TEST(TcuSampling, TheFastEngineHasNoSampler) {
  std::vector<uint8_t> samples;
  auto bench = std::make_unique<TcuBench>(options(), [](TcuBench& b) {
    b.send(configure(0xB, 1));
    b.settle();
  });
  bench->collect_samples(samples);
  bench->run();
  EXPECT_TRUE(samples.empty());
}

// A functional array whose second result has lane 1 off by one: the
// functional check must catch what the clocked TCU then writes.
class OffByOneArray : public FastArray {
 public:
  using FastArray::FastArray;
  bool clock(uint64_t cycle, const ArrayCommand& command, Vector& output) override {
    if (!FastArray::clock(cycle, command, output)) return false;
    if (++m_results == 2) output[1] += 1;
    return true;
  }

 private:
  int m_results = 0;
};

TEST(TcuCheck, FunctionalCheckNamesThePcTheAccumulatorAndTheLane) {
  // MatMul with zeroes of three vectors into accumulators 5, 6, 7: with the
  // weights at reset every result is 0, so the corrupted second result
  // writes 1 into lane 1 of accumulator 6 where the functional TCU writes 0.
  TcuOptions o = options(ArrayEngineKind::Rtl);
  o.check_functional = true;
  o.array_factory = [](const Architecture& a) { return std::make_unique<OffByOneArray>(a); };
  const std::string error = run_bench(o, [](TcuBench& b) {
    b.send({0x00, 0x05, 0x02, 0x12});
    b.settle();
  });
  EXPECT_NE(error.find("functional check: pc 0 (instruction 0 since reset): accumulator vector 0x6 lane 1: "
                       "clocked 1, functional 0"),
            std::string::npos)
      << error;
}

TEST(TcuCheck, TheXorProgramAgreesWithTheFunctionalTcu) {
  TcuOptions o = options(ArrayEngineKind::Rtl);
  o.check_functional = true;
  ASSERT_EQ(run_bench(o,
                      [](TcuBench& b) {
                        // DataMoves through DRAM and accumulators, a MatMul, SIMD:
                        // DRAM0 -> local 0..1, LoadWeights, MatMul, SIMD Max
                        // with R1 = Zero, accumulators -> local -> DRAM0.
                        b.write_raw16(0, {256, -512, 768, 1024});
                        b.send(cat({{0x00, 0x00, 0x01, 0x20},
                                    {0x00, 0x02, 0x00, 0x30},
                                    {0x00, 0x00, 0x01, 0x10},
                                    {0x00, 0x00, 0x09, 0x40},
                                    {0x00, 0x00, 0x7a, 0x43},
                                    {0x04, 0x00, 0x01, 0x2c},
                                    {0x04, 0x08, 0x01, 0x21}}));
                        b.settle();
                      }),
            "");
}

// The tiny architecture with one stride bit on each side (stride field 1:
// every second vector).
Architecture strided_arch() {
  Architecture a = tiny_arch();
  a.stride0_depth = a.stride1_depth = 2;
  return a;
}

Instruction local_to_dram0(uint64_t local, uint64_t dram, uint64_t size, uint32_t dram_stride) {
  Instruction in;
  in.opcode = static_cast<uint8_t>(Opcode::DataMove);
  in.flags = static_cast<uint8_t>(DataMoveKind::LocalToDram0);
  in.operand0_address = local;
  in.operand1_address = dram;
  in.operand1_stride = dram_stride;
  in.operand2 = size;
  return in;
}

// Hazard warnings counted while `program` runs on the clocked TCU.
int hazards_of(const std::vector<Instruction>& program) {
  sc_core::sc_report_handler::set_actions("acosim/tensil/hazard", sc_core::SC_DO_NOTHING);
  TcuOptions o = options(ArrayEngineKind::Rtl);
  o.arch = strided_arch();
  const InstructionLayout layout = InstructionLayout::derive(o.arch);
  int count = -1;
  const std::string error = run_bench(o, [&](TcuBench& b) {
    std::vector<uint8_t> bytes;
    for (const Instruction& in : program) {
      const std::vector<uint8_t> word = encode_instruction(layout, in);
      bytes.insert(bytes.end(), word.begin(), word.end());
    }
    b.send(bytes);
    b.settle();
    count = sc_core::sc_report_handler::get_count("acosim/tensil/hazard");
  });
  EXPECT_EQ(error, "");
  return count;
}

Instruction configure_word(uint32_t reg, uint32_t value) {
  Instruction in;
  in.opcode = static_cast<uint8_t>(Opcode::Configure);
  in.low32 = (value << 4) | reg;
  in.operand0_address = in.low32 & 0xFF;
  return in;
}

TEST(TcuHazards, ADramOffsetChangedUnderUnissuedRequestsIsReported) {
  // A strided DataMove local -> DRAM0 of eight vectors becomes eight
  // single-vector write requests, issued one after another as their data
  // arrives; the DataMove leaves the head with its last local read, most of
  // them still unissued, and the Configure of the DRAM0 offset right behind
  // it changes where the RTL sends those.
  EXPECT_EQ(hazards_of({local_to_dram0(0, 0, 7, 1), configure_word(0x0, 1)}), 1);
}

TEST(TcuHazards, AnOffsetChangedAfterTheAddressesLeftIsNoHazard) {
  // The same eight vectors contiguous are one burst whose address leaves
  // within two cycles, long before the Configure reaches the head.
  EXPECT_EQ(hazards_of({local_to_dram0(0, 0, 7, 0), configure_word(0x0, 1)}), 0);
}

TEST(TcuStream, AWriteEndingInsideAnInstructionWaitsForTheRest) {
  // With a 32-bit stream the 4-byte instructions arrive whole; a write of
  // six bytes carries one instruction and half of the next, which runs once
  // the second write brings its other half: two NoOps dequeued, PC 2.
  TcuOptions o = options(ArrayEngineKind::Rtl);
  o.stream_bytes = 4;
  uint32_t pc_after_first = 99, pc_after_second = 99;
  ASSERT_EQ(run_bench(o,
                      [&](TcuBench& b) {
                        b.send({0, 0, 0, 0, 0, 0});
                        b.settle();
                        pc_after_first = b.tcu.last_program_counter();
                        b.send({0, 0});
                        b.settle();
                        pc_after_second = b.tcu.last_program_counter();
                      }),
            "");
  EXPECT_EQ(pc_after_first, 1u);
  EXPECT_EQ(pc_after_second, 2u);
}

}  // namespace
}  // namespace acosim::tensil::test

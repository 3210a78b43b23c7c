// The clocked TCU core (systemc/tensil/clocked) on hand-written programs,
// cycle by cycle. Expected cycles are Tensil's own specs restated
// (rtl/src/test/scala/tensil/tcu/DecoderSpec.scala, sim/test/src/tcu/TCUSpec.scala)
// or worked out in the comments from the RTL's rules; expected numbers are
// computed by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/clocked/tcu_core.h"
#include "systemc/tensil/array/fast_array_engine.h"

namespace acosim::tensil::clocked::test {
namespace {

// A DRAM of plain bytes answering every burst after a fixed latency.
class FakeDram : public DramTarget {
 public:
  explicit FakeDram(uint64_t latency_cycles, size_t bytes = 1 << 20) : m_latency(latency_cycles), m_bytes(bytes, 0) {}
  uint64_t read_burst(uint64_t address, uint8_t* data, uint32_t bytes) override {
    std::memcpy(data, &m_bytes.at(address), bytes);
    return m_latency;
  }
  uint64_t write_burst(uint64_t address, const uint8_t* data, uint32_t bytes) override {
    std::memcpy(&m_bytes.at(address), data, bytes);
    return m_latency;
  }
  void poke16(uint64_t address, const std::vector<int16_t>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
      m_bytes.at(address + 2 * i) = uint8_t(uint16_t(values[i]));
      m_bytes.at(address + 2 * i + 1) = uint8_t(uint16_t(values[i]) >> 8);
    }
  }
  std::vector<int16_t> peek16(uint64_t address, size_t count) const {
    std::vector<int16_t> out;
    for (size_t i = 0; i < count; ++i) {
      out.push_back(int16_t(uint16_t(m_bytes.at(address + 2 * i) | (m_bytes.at(address + 2 * i + 1) << 8))));
    }
    return out;
  }

 private:
  uint64_t m_latency;
  std::vector<uint8_t> m_bytes;
};

// A core with its array engine and DRAMs.
struct Bench {
  Bench(const Architecture& arch, unsigned stream_bytes, uint32_t timeout = 100, uint64_t dram_latency = 4)
      : engine(arch), dram0(dram_latency), dram1(dram_latency), core(options(arch, stream_bytes, timeout), engine, dram0, dram1),
        layout(InstructionLayout::derive(arch)) {}

  static CoreOptions options(const Architecture& arch, unsigned stream_bytes, uint32_t timeout) {
    CoreOptions o;
    o.arch = arch;
    o.stream_bytes = stream_bytes;
    o.decoder_timeout = timeout;
    return o;
  }

  void send(const Instruction& in) {
    const std::vector<uint8_t> word = encode_instruction(layout, in);
    core.stream_write(word.data(), word.size());
  }
  void configure(ConfigRegister reg, uint32_t value) {
    const std::vector<uint8_t> word = encode_configure(layout, uint32_t(reg), value);
    core.stream_write(word.data(), word.size());
  }
  // Runs until the core is idle; returns the cycles it took.
  uint64_t run_to_idle(uint64_t limit = 100000) {
    const uint64_t start = core.cycles();
    while (!core.idle()) {
      core.cycle();
      if (core.cycles() - start > limit) {
        ADD_FAILURE() << "the core did not become idle within " << limit << " cycles";
        break;
      }
    }
    return core.cycles() - start;
  }

  FastArray engine;
  FakeDram dram0;
  FakeDram dram1;
  TcuCore core;
  InstructionLayout layout;
};

Instruction noop() { return Instruction{}; }

Instruction matmul(uint64_t local, uint64_t acc, uint64_t size, uint8_t flag_bits = 0) {
  Instruction in;
  in.opcode = uint8_t(Opcode::MatMul);
  in.flags = flag_bits;
  in.operand0_address = local;
  in.operand1_address = acc;
  in.operand2 = size;
  return in;
}

Instruction load_weights(uint64_t local, uint64_t size, uint8_t flag_bits = 0) {
  Instruction in;
  in.opcode = uint8_t(Opcode::LoadWeights);
  in.flags = flag_bits;
  in.operand0_address = local;
  in.operand1_whole = size;
  in.operand1_address = size;
  return in;
}

Instruction data_move(DataMoveKind kind, uint64_t local, uint64_t other, uint64_t size) {
  Instruction in;
  in.opcode = uint8_t(Opcode::DataMove);
  in.flags = uint8_t(kind);
  in.operand0_address = local;
  in.operand1_address = other;
  in.operand1_whole = other;
  in.operand2 = size;
  return in;
}

// DecoderSpec's first architecture: 8x8, every depth 256, one SIMD
// register, no stride bits: 32-bit instructions.
Architecture decoder_spec_arch() {
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = 8;
  a.dram0_depth = a.dram1_depth = a.local_depth = a.accumulator_depth = 256;
  a.simd_registers_depth = 1;
  a.stride0_depth = a.stride1_depth = 1;
  return a;
}

TEST(TcuCore, TracepointRisesAtTheCycleDecoderSpecGives) {
  // DecoderSpec "should raise tracepoint": Configure(tracepoint = 3),
  // Configure(PC = 0) and three NoOps enqueued back to back from cycle 0
  // (a stream as wide as the instruction is a plain wire). The flag is 0 in
  // cycles 0..5 and 1 in cycle 6.
  Bench b(decoder_spec_arch(), 4);
  ASSERT_EQ(b.layout.instruction_bytes, 4u);
  b.configure(ConfigRegister::Tracepoint, 3);
  b.configure(ConfigRegister::ProgramCounter, 0);
  for (int i = 0; i < 3; ++i) b.send(noop());
  std::vector<bool> flag;
  for (int cycle = 0; cycle <= 6; ++cycle) {
    b.core.cycle();
    flag.push_back(b.core.decoder().tracepoint_flag());
  }
  EXPECT_EQ(flag, (std::vector<bool>{false, false, false, false, false, false, true}));
  // The PC of that cycle is the tracepoint's.
  EXPECT_EQ(b.core.decoder().cycle_program_counter(), 3u);
}

TEST(TcuCore, TimeoutFlagRisesUnderASlowDram) {
  // Timeout 10. A DRAM0 -> local DataMove reaches the head in cycle 1 and
  // holds it until its vector arrives from a DRAM answering after 50
  // cycles. The timer counts the cycles the head is not ready: 10 at the end
  // of cycle 10, so the flag is first high in cycle 11, and it falls once
  // the head is dequeued.
  Bench b(decoder_spec_arch(), 4, 10, 50);
  b.send(data_move(DataMoveKind::Dram0ToLocal, 0, 0, 0));
  int first_high = -1, last_high = -1;
  for (int cycle = 0; cycle < 100; ++cycle) {
    b.core.cycle();
    if (b.core.decoder().timeout_flag()) {
      if (first_high < 0) first_high = cycle;
      last_high = cycle;
    }
  }
  EXPECT_EQ(first_high, 11);
  EXPECT_GT(last_high, 50);
  EXPECT_LT(last_high, 99) << "the flag must fall after the DataMove completes";
  EXPECT_EQ(b.core.decoder().instructions_dequeued(), 1u);
}

TEST(Decoder, TimeoutRisesWhenStalledAsDecoderSpecExpects) {
  // DecoderSpec "should raise timeout when stalled"
  // (rtl/src/test/scala/tensil/tcu/DecoderSpec.scala): the Decoder alone,
  // TCUOptions(decoderTimeout = 10), the 32-bit layout of
  // decoder_spec_arch(); five DataMove(memoryToAccumulatorAccumulate,
  // 0, 0, 0) enqueued back to back; nothing takes the decoder's outputs
  // (their ready inputs are never poked). After 20 steps the timeout flag
  // is high.
  //
  // Here the decoder runs on units nobody drains, filled so that none
  // accepts: the dataflow queue has no room, port A's output queue holds
  // two words (reads are accepted below two), the accumulators' control
  // queue is full. By hand: instruction 0 enters the queue in cycle 0 and
  // is at the head from cycle 1, never dequeued; the timer counts the
  // cycles the head is not ready, 10 at the end of cycle 10, so the flag is
  // low in cycles 0..10 and high from cycle 11 on, cycle 20 included.
  const Architecture a = decoder_spec_arch();
  const InstructionLayout layout = InstructionLayout::derive(a);
  ASSERT_EQ(layout.instruction_bytes, 4u);
  VectorMemory local("local memory", a.local_depth, a.array_size);
  VectorMemory acc("accumulators", a.accumulator_depth, a.array_size);
  SimdAlu alu(a.array_size, a.simd_registers_depth, FixedFormat{a.type().width, a.type().binary_point});
  VectorPool pool;
  FastArray engine(a);
  SystolicArray array(engine, a.array_size, pool);
  Accumulators accumulators(a, acc, alu, pool);
  Fifo<PortAData> port_a_output(3);
  Fifo<std::pair<Vector, unsigned>> port_b_output(3);
  Fifo<uint8_t> dataflow(0);
  FakeDram dram0_target(4), dram1_target(4);
  DramBank dram0(a, 8, dram0_target), dram1(a, 8, dram1_target);
  ConfigRegisterFile config;
  for (int i = 0; i < 2; ++i) port_a_output.push(PortAData{Vector(a.array_size, 0), PortADestination::Accumulators}, 0);
  for (int guard = 0; guard < 1000 && accumulators.instructions().can_push(); ++guard) {
    accumulators.instructions().push(AccInstruction{}, 0);
  }
  ASSERT_FALSE(accumulators.instructions().can_push());
  Decoder decoder(a, false, 10,
                  DecoderTargets{local, port_a_output, port_b_output, dataflow, array, accumulators,
                                 {&dram0, &dram1}, config, pool});
  const std::vector<uint8_t> move =
      encode_instruction(layout, data_move(DataMoveKind::LocalToAccumulatorAccumulate, 0, 0, 0));
  int enqueued = 0;
  std::vector<bool> flag;
  for (uint64_t cycle = 0; cycle <= 20; ++cycle) {
    decoder.cycle(cycle);
    flag.push_back(decoder.timeout_flag());
    // The enqueuing thread: one instruction per cycle while the queue has room.
    if (enqueued < 5 && decoder.queue().can_push()) {
      decoder.queue().push(move, cycle);
      ++enqueued;
    }
  }
  EXPECT_TRUE(flag[20]) << "DecoderSpec: timeout after 20 steps";
  for (int cycle = 0; cycle <= 20; ++cycle) EXPECT_EQ(flag[size_t(cycle)], cycle >= 11) << "cycle " << cycle;
  EXPECT_EQ(decoder.instructions_dequeued(), 0u);
  EXPECT_EQ(enqueued, 2) << "the instruction queue holds two";
}

TEST(TcuCore, TimeoutZeroMeansTheFlagIsAlwaysSet) {
  Bench b(decoder_spec_arch(), 4, 0);
  for (int cycle = 0; cycle < 5; ++cycle) {
    b.core.cycle();
    EXPECT_TRUE(b.core.decoder().timeout_flag()) << "cycle " << cycle;
  }
}

TEST(TcuCore, TheDram0RequestAppearsWithin110CyclesOfTenMatMuls) {
  // TCUSpec "process matmuls and accumulates simultaneously"
  // (sim/test/src/tcu/TCUSpec.scala): FP16BP8 8x8, local memory and
  // accumulators 64 deep, strides 8/8 (56-bit instructions); ten MatMuls of
  // ten vectors (no accumulate, no zeroes), then DataMove local -> DRAM0 of
  // one vector at local 0, DRAM 0. Its "dram0.control" thread counts the
  // cycles stepped from the start until the TCU's io.dram0.control is
  // valid (TCU.scala connects it to the decoder's DRAM0 StrideHandler
  // output) and asserts count < 110; it then expects the request to be a
  // write of one vector at address 0.
  //
  // By hand: a stream as wide as the instruction is a wire, so instruction
  // k is taken in cycle k. MatMul 0 reaches the head in cycle 1 and its ten
  // local memory reads are accepted one per cycle, 1..10 (the array takes
  // a vector every cycle); MatMul k reads in 10k+1..10k+10 and holds the
  // head until its last read, so MatMul 9's last read is in cycle 100 and
  // the DataMove is at the head in cycle 101, where it hands its DRAM0 part
  // to the bank's OutQueue(1, flow): io.dram0.control is valid in cycle 101.
  Architecture a;
  a.data_type = DataType::FP16BP8;
  a.array_size = 8;
  a.local_depth = a.accumulator_depth = 64;
  a.stride0_depth = a.stride1_depth = 8;
  Bench b(a, 7);
  ASSERT_EQ(b.layout.instruction_bytes, 7u);
  for (int i = 0; i < 10; ++i) b.send(matmul(0, 0, 9));
  b.send(data_move(DataMoveKind::LocalToDram0, 0, 0, 0));
  std::vector<AxiBurst> dram0_bursts;
  std::vector<uint64_t> burst_core_cycles;
  b.core.dram(0).on_burst = [&](const AxiBurst& burst) {
    dram0_bursts.push_back(burst);
    burst_core_cycles.push_back(b.core.cycles());
  };
  int request_valid_at = -1;
  for (int cycle = 0; cycle < 200 && request_valid_at < 0; ++cycle) {
    b.core.cycle();
    if (b.core.dram(0).sampled_valid()) request_valid_at = cycle;
  }
  ASSERT_GE(request_valid_at, 0) << "no DRAM0 request within 200 cycles";
  EXPECT_LT(request_valid_at, 110) << "TCUSpec's bound";
  EXPECT_EQ(request_valid_at, 101);
  b.run_to_idle();
  EXPECT_EQ(b.core.array().vectors_run(), 100u);
  // The request TCUSpec dequeues: a write of one vector at DRAM0 address 0,
  // which leaves on the bus as one burst of one 16-byte vector (two 64-bit
  // beats: AXI len 1).
  ASSERT_EQ(dram0_bursts.size(), 1u);
  EXPECT_TRUE(dram0_bursts[0].write);
  EXPECT_EQ(dram0_bursts[0].byte_address, 0u);
  EXPECT_EQ(dram0_bursts[0].len, 1u);
  EXPECT_GT(burst_core_cycles[0], uint64_t(request_valid_at)) << "the burst follows the request";
  // TCUSpec's "dram0.data" thread: the vector written is local 0, zeros.
  EXPECT_EQ(b.dram0.peek16(0, 8), std::vector<int16_t>(8, 0));
}

TEST(TcuCore, SeventyTwoBitInstructionsOnASixtyFourBitStream) {
  // A 72-bit instruction on the 64-bit stream: instruction k ends in beat
  // floor((9k + 8) / 8), taken in that cycle; it leaves the width converter
  // the next cycle into the decoder's queue and is at the head (and, a
  // NoOp, dequeued) the cycle after: cycles 3, 4, 5, 6, 7, 8, 9, 10 for the
  // eight NoOps nine beats carry.
  Architecture a;  // ultra96v2's layout: 16x16, 20480 local, 4096 accumulators, 2M DRAMs
  a.array_size = 16;
  a.local_depth = 20480;
  a.accumulator_depth = 4096;
  a.dram0_depth = a.dram1_depth = 2097152;
  ASSERT_EQ(InstructionLayout::derive(a).instruction_bytes, 9u);
  Bench b(a, 8);
  for (int i = 0; i < 8; ++i) b.send(noop());
  std::vector<int> dequeued_at;
  for (int cycle = 0; cycle < 20; ++cycle) {
    const uint64_t before = b.core.decoder().instructions_dequeued();
    b.core.cycle();
    if (b.core.decoder().instructions_dequeued() != before) dequeued_at.push_back(cycle);
  }
  EXPECT_EQ(dequeued_at, (std::vector<int>{3, 4, 5, 6, 7, 8, 9, 10}));
}

// TCUSpec "perform a matmul of size > 1 with single instruction" on a 2x2
// array, in FP16BP8 (raw = value * 256, exact for these small integers):
// W = [[1, 2], [3, 4]] at local 8, bias [5, 6] at local 10, inputs
// [[7, 8], [9, 10]] at local 0. y = x.W + b = [[36, 52], [44, 64]]
// (7*1 + 8*3 + 5 = 36, 7*2 + 8*4 + 6 = 52, 9*1 + 10*3 + 5 = 44,
// 9*2 + 10*4 + 6 = 64).
TEST(TcuCore, MatMulThroughDramAndBackIsTheHandComputedProduct) {
  Architecture a = decoder_spec_arch();
  a.array_size = 2;
  Bench b(a, 4);
  const int16_t u = 256;
  // DRAM0 vectors 0..1: inputs; vectors 8..10: W rows then bias (4 bytes per vector).
  b.dram0.poke16(0, {int16_t(7 * u), int16_t(8 * u), int16_t(9 * u), int16_t(10 * u)});
  b.dram0.poke16(8 * 4, {int16_t(1 * u), int16_t(2 * u), int16_t(3 * u), int16_t(4 * u), int16_t(5 * u), int16_t(6 * u)});
  b.send(data_move(DataMoveKind::Dram0ToLocal, 0, 0, 1));
  b.send(data_move(DataMoveKind::Dram0ToLocal, 8, 8, 2));
  b.send(load_weights(8, 1));   // rows 9 then 8
  b.send(load_weights(10, 0));  // the bias row last
  b.send(matmul(0, 0, 1));
  b.send(data_move(DataMoveKind::AccumulatorToLocal, 2, 0, 1));
  b.send(data_move(DataMoveKind::LocalToDram0, 2, 20, 1));
  b.run_to_idle();
  EXPECT_EQ(b.dram0.peek16(20 * 4, 4),
            (std::vector<int16_t>{int16_t(36 * u), int16_t(52 * u), int16_t(44 * u), int16_t(64 * u)}));
  EXPECT_EQ(b.core.decoder().instructions_dequeued(), 7u);
}

TEST(TcuCore, AnInstructionFailingItsCheckNamesTheProgramCounter) {
  Bench b(decoder_spec_arch(), 4);
  b.send(noop());
  b.send(matmul(255, 0, 1));  // local 255 + 1 is past the 256-deep memory
  try {
    b.run_to_idle();
    FAIL() << "no error";
  } catch (const InstructionError& e) {
    EXPECT_EQ(e.program_counter, 1u);
    EXPECT_NE(std::string(e.what()).find("operand0 address"), std::string::npos) << e.what();
  }
}

TEST(TcuCore, BackToBackAccumulatingDataMovesToOneAddressAreReportedAsAHazard) {
  // Two DataMove local -> accumulators (accumulate) of one vector each to
  // accumulator 0, back to back: the second one's old value is read before
  // the first one's sum is written in the RTL (Accumulator.scala takes no
  // lock for accumulating writes).
  Bench b(decoder_spec_arch(), 4);
  b.send(data_move(DataMoveKind::LocalToAccumulatorAccumulate, 0, 0, 0));
  b.send(data_move(DataMoveKind::LocalToAccumulatorAccumulate, 0, 0, 0));
  b.run_to_idle();
  ASSERT_EQ(b.core.accumulator_unit().hazards().size(), 1u);
  EXPECT_EQ(b.core.accumulator_unit().hazards()[0].address, 0u);
  EXPECT_EQ(b.core.accumulator_unit().hazards()[0].first_program_counter, 0u);
  EXPECT_EQ(b.core.accumulator_unit().hazards()[0].second_program_counter, 1u);
}

TEST(TcuCore, SamplesEveryTenCyclesAsAxiWrapperTcuSpecExpects) {
  // AXIWrapperTCUSpec "should sample with size=1000, interval=10,
  // blockSize=16" (8x8 FP16BP8, 64-bit instructions fed straight to the
  // decoder): Configure(sample interval = 10), Configure(PC = 0), 1000
  // NoOps, the sample stream always ready. Sample 0 carries PC 1 (the first
  // Configure has fired), sample x >= 1 carries PC min(10x - 1, 1000), and
  // TLAST marks samples 15, 31, ... ((x + 1) % 16 == 0).
  Architecture a;
  a.array_size = 8;
  a.local_depth = 8192;
  a.accumulator_depth = 2048;
  CoreOptions o;
  o.arch = a;
  o.stream_bytes = 8;
  o.sample_block_size = 16;
  FastArray engine(a);
  FakeDram dram0(4), dram1(4);
  TcuCore core(o, engine, dram0, dram1);
  const InstructionLayout layout = InstructionLayout::derive(a);
  ASSERT_EQ(layout.instruction_bytes, 8u);
  std::vector<uint8_t> program = encode_configure(layout, uint32_t(ConfigRegister::SampleInterval), 10);
  const std::vector<uint8_t> pc0 = encode_configure(layout, uint32_t(ConfigRegister::ProgramCounter), 0);
  program.insert(program.end(), pc0.begin(), pc0.end());
  program.resize(program.size() + 1000 * 8, 0);
  core.stream_write(program.data(), program.size());
  std::vector<std::pair<uint32_t, bool>> samples;
  core.sample_sink = [&](uint64_t word, bool last) {
    samples.emplace_back(Sampler::program_counter_of(word), last);
    return true;
  };
  // 300 samples every 10 cycles arrive within about 3000 cycles.
  for (uint64_t cycle = 0; samples.size() < 300; ++cycle) {
    ASSERT_LT(cycle, 10000u) << "only " << samples.size() << " of 300 samples within 10000 cycles";
    core.cycle();
  }
  for (size_t x = 0; x < 300; ++x) {
    const uint32_t pc = x == 0 ? 1 : std::min<uint32_t>(10 * uint32_t(x) - 1, 1000);
    EXPECT_EQ(samples[x].first, pc) << "sample " << x;
    EXPECT_EQ(samples[x].second, x > 0 && (x + 1) % 16 == 0) << "sample " << x;
  }
}

// Eight NoOps of 64 bits on a stream of `stream_bytes`: the cycles they are
// dequeued in.
std::vector<int> noop_dequeues(unsigned stream_bytes) {
  Architecture a;  // 8x8 FP16BP8, local 8192, accumulators 2048: 64-bit instructions
  a.local_depth = 8192;
  a.accumulator_depth = 2048;
  Bench b(a, stream_bytes);
  EXPECT_EQ(b.layout.instruction_bytes, 8u);
  for (int i = 0; i < 8; ++i) b.send(noop());
  std::vector<int> at;
  for (int cycle = 0; cycle < 30; ++cycle) {
    const uint64_t before = b.core.decoder().instructions_dequeued();
    b.core.cycle();
    if (b.core.decoder().instructions_dequeued() != before) at.push_back(cycle);
  }
  return at;
}

TEST(TcuCore, SixtyFourBitInstructionsOnAWiderStream) {
  // A 128-bit beat holds two instructions (Serializer): the beat taken in
  // cycle 0 gives instruction 0 to the queue in cycle 1 (head, dequeued, in
  // cycle 2) and instruction 1 in cycle 2; the next beat goes in as the
  // first one empties, so one NoOp is dequeued every cycle from cycle 2.
  EXPECT_EQ(noop_dequeues(16), (std::vector<int>{2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(TcuCore, SixtyFourBitInstructionsOnANarrowerStream) {
  // Two 32-bit beats make an instruction (Deserializer): beats in cycles 0
  // and 1, the instruction queued in cycle 2 and dequeued in cycle 3; then
  // one every two cycles.
  EXPECT_EQ(noop_dequeues(4), (std::vector<int>{3, 5, 7, 9, 11, 13, 15, 17}));
}

TEST(TcuCore, SeventyTwoBitInstructionsThroughTheWidthConverterRing) {
  // The zcu104 build's 72-bit instructions on its 128-bit stream: a ring of
  // lcm = 144 bytes (util/decoupled/WidthConverter.scala), TREADY = !full
  // and TVALID out = !empty, both of the pointers as registered. 48 NoOps,
  // 27 beats. From cycle 1 a beat goes in and an instruction out every
  // cycle, so the ring gains 7 bytes a cycle: it holds 128 at the start of
  // cycle 17 (beat 17 goes in) and 135 at the start of cycle 18, 9 bytes
  // free, so no beat goes in then although an instruction leaves (the room
  // counts from the next cycle). From there a beat goes in whenever 16
  // bytes were free at the cycle's start: in 19, 21, 23, 25, 26, 28, 30, 32
  // and 33, the last. The NoOps leave one per cycle all along, dequeued in
  // cycles 2 to 49.
  Architecture a;  // the zcu104 build's memories: 72-bit instructions
  a.array_size = 32;
  a.local_depth = 16384;
  a.accumulator_depth = 4096;
  a.dram0_depth = a.dram1_depth = 2097152;
  Bench b(a, 16);
  ASSERT_EQ(b.layout.instruction_bytes, 9u);
  for (int i = 0; i < 48; ++i) b.send(noop());
  std::vector<int> beats;
  std::vector<int> at;
  b.core.decoder().on_dequeue = [&](uint64_t cycle, uint32_t, uint8_t) { at.push_back(int(cycle)); };
  uint64_t taken_after = 0;
  for (int cycle = 0; cycle < 60; ++cycle) {
    const size_t before = b.core.stream_pending();
    b.core.cycle();
    if (b.core.stream_pending() != before) beats.push_back(cycle);
    if (taken_after == 0 && b.core.stream_taken()) taken_after = uint64_t(cycle);
  }
  std::vector<int> expected_beats;
  for (int c = 0; c <= 17; ++c) expected_beats.push_back(c);
  for (int c : {19, 21, 23, 25, 26, 28, 30, 32, 33}) expected_beats.push_back(c);
  EXPECT_EQ(beats, expected_beats);
  // The host's write is done once its last beat is in, while the ring still
  // holds 15 instructions.
  EXPECT_EQ(taken_after, 33u);
  ASSERT_EQ(at.size(), 48u);
  EXPECT_EQ(at.front(), 2);
  EXPECT_EQ(at.back(), 49);
}

TEST(TcuCore, AFullInstructionQueueTakesNothingInTheCycleItIsDequeued) {
  // The decoder's Queue(io.instruction, 2) (tcu/Decoder.scala) has no pipe:
  // enq.ready is !full at the cycle's start. With the stream as wide as the
  // instruction (a wire), a MatMul of a zero vector is dequeued in cycle 1
  // and the LoadWeights behind it in 24 (as the generated RTL does, in the
  // test ALoadWeightsBehindAMatMul... below), the first NoOp is
  // taken in cycle 2 and fills the queue; the LoadWeights' dequeue in 24
  // empties a slot the second NoOp takes only in 25, the third in 26. The
  // NoOps are dequeued in 25, 26 and 27 all the same.
  Bench b(decoder_spec_arch(), 4);
  b.send(matmul(0, 0, 0, flags::kMatMulZeroes));
  b.send(load_weights(0, 7));
  for (int i = 0; i < 3; ++i) b.send(noop());
  std::vector<int> at;
  b.core.decoder().on_dequeue = [&](uint64_t cycle, uint32_t, uint8_t) { at.push_back(int(cycle)); };
  std::vector<size_t> pending;
  for (int cycle = 0; cycle < 30; ++cycle) {
    b.core.cycle();
    pending.push_back(b.core.stream_pending());
  }
  EXPECT_EQ(at, (std::vector<int>{1, 24, 25, 26, 27}));
  EXPECT_EQ(pending[2], 8u);   // two NoOps wait from cycle 2
  EXPECT_EQ(pending[24], 8u);  // through the LoadWeights' dequeue
  EXPECT_EQ(pending[25], 4u);
  EXPECT_EQ(pending[26], 0u);
}

// The cycles `program` is dequeued in, on an 8x8 array with a stream as wide
// as the instruction (instruction k is taken in cycle k, at the head from
// cycle k + 1 when the head is free).
std::vector<int> dequeues(const std::vector<Instruction>& program) {
  Bench b(decoder_spec_arch(), 4);
  for (const Instruction& in : program) b.send(in);
  std::vector<int> at;
  b.core.decoder().on_dequeue = [&](uint64_t cycle, uint32_t, uint8_t) { at.push_back(int(cycle)); };
  b.run_to_idle();
  return at;
}

// The intervals below are those of Tensil's generated RTL of the
// speech-robot build (top_speech_robot.v, 8x8 FP16BP8), run by acosim's
// `generated` engine with --timeline on the same instructions after two
// DRAM DataMoves, the first of them queued behind the DataMove so that it
// reaches the head the cycle after that is dequeued, as here in cycle 1.
// The local memory port's read gate counts the words stored in its output
// queue, a register (mem/DualPortMem.scala): a port whose consumer stalls
// holds three words, and when the consumer takes them again, one per
// cycle from cycle L, the next read is accepted in L + 2.
TEST(TcuCore, ALoadWeightsBehindAMatMulIsDequeuedWhenTheGeneratedRtlDequeuesIt) {
  // MatMul of one zero vector (plain write) dequeued in cycle 1: its array
  // and accumulator controls arrive in cycle 2 (the Queue(2)s of TCU.scala),
  // the plain write is posted at the accumulators' port A at once, so the
  // array runs in cycle 2 and may load again from cycle 2 + 15 + 1 = 18
  // (propagation countdown of 15). The LoadWeights reads rows in cycles
  // 2, 3, 4 (three words), the array loads them in 18, 19, 20, the fourth
  // read is accepted in 20 and the eighth in 24: dequeued 23 cycles after
  // the MatMul (the RTL's: 153 and 176).
  EXPECT_EQ(dequeues({matmul(0, 0, 0, flags::kMatMulZeroes), load_weights(0, 7)}), (std::vector<int>{1, 24}));
  // Four zero vectors: runs in 2..5, loads from 21, dequeued in 27, 26 after
  // the MatMul (the RTL's: 153 and 179).
  EXPECT_EQ(dequeues({matmul(0, 0, 3, flags::kMatMulZeroes), load_weights(0, 7)}), (std::vector<int>{1, 27}));
}

TEST(TcuCore, AMatMulWaitingForTheAccumulatorsTakesAThirdReadAsTheGeneratedRtlDoes) {
  // MatMul of four vectors from local memory, accumulating, at the head in
  // cycle 1: reads in 1, 2 and 3 (the first is there in 2, but an
  // accumulating write takes the array's result only once the old value's
  // port B read is back, in 3); the array runs from 3, so the fourth read is
  // accepted in 4 and the MatMul dequeued then, 3 cycles after it reached
  // the head (the RTL's: head in 153, dequeued in 156). Runs in 3..6, loads
  // from 22, the LoadWeights dequeued in 28 (the RTL's: 180).
  EXPECT_EQ(dequeues({matmul(0, 0, 3, flags::kMatMulAccumulate), load_weights(0, 7)}), (std::vector<int>{4, 28}));
}

}  // namespace
}  // namespace acosim::tensil::clocked::test

// The clocked TCU's sampler (systemc/tensil/clocked/sampler.h) against
// Tensil's rtl/src/test/scala/tensil/tcu/SamplerSpec.scala and the sampling
// test of sim/test/src/zynq/tcu/AXIWrapperTCUSpec.scala, restated on the
// sampler alone.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/tensil/clocked/sampler.h"

namespace acosim::tensil::clocked {
namespace {

struct Expected {
  uint32_t pc = 0;
  bool last = false;
};

// SamplerSpec drives exactly one of the 16 flag signals per cycle, picked by
// k = pc % 16 from its list instruction.ready, instruction.valid,
// memPortA.ready, memPortA.valid, ..., array.ready, array.valid.
Sampler::Flags spec_flags(uint32_t pc) {
  Sampler::Flags f;
  Sampler::Handshake* pairs[8] = {&f.instruction, &f.mem_port_a, &f.mem_port_b, &f.dram0,
                                  &f.dram1,       &f.dataflow,   &f.acc,        &f.array};
  const unsigned k = pc % 16;
  if (k % 2 == 0) {
    pairs[k / 2]->ready = true;
  } else {
    pairs[k / 2]->valid = true;
  }
  return f;
}

// The same one-hot pattern as bits 32..47 of the sample word, worked out by
// hand from the bit table (valid in the lower bit of each pair; pairs from
// bit 32 up: array, acc, dataflow, dram1, dram0, memPortB, memPortA,
// instruction). The spec's list index k names pair k/2 counted from
// instruction, with ready at even k; instruction's pair is at bits 46/47,
// so pair p (0 = instruction) sits at bit 46 - 2p.
uint16_t spec_flag_bits(uint32_t pc) {
  const unsigned k = pc % 16;
  const unsigned pair_low_bit = 14 - 2 * (k / 2);  // within the 16-bit flag field
  const unsigned bit = pair_low_bit + (k % 2 == 0 ? 1 : 0);
  return static_cast<uint16_t>(1u << bit);
}

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// SamplerSpec's mkPcs/mkSamples: with step = max(delay, interval), sample j
// (j = 0 .. ceil(count*runs/step)-1) carries PC ceil(j*step/interval)*interval
// modulo count, and every 32nd sample of a whole block has last set.
std::vector<Expected> spec_expected(uint32_t interval, uint32_t delay, uint32_t count, uint32_t runs,
                                    uint32_t block_size) {
  const uint64_t step = delay > interval ? delay : interval;
  std::vector<Expected> out;
  for (uint64_t j = 0; j < ceil_div(uint64_t{count} * runs, step); ++j) {
    Expected e;
    e.pc = static_cast<uint32_t>(ceil_div(j * step, interval) * interval % count);
    e.last = j % block_size == block_size - 1;
    out.push_back(e);
  }
  return out;
}

// Runs SamplerSpec's testSampler(interval, delay) cycle by cycle:
// - stimulus: the interval is set before cycle 0; in cycle i < count*runs the
//   PC is i % count with its one-hot flag; afterwards the PC stays at the
//   last value and every flag is low (chiseltest keeps the last pokes);
// - consumer: it waits one cycle, then for each expected sample waits
//   delay-1 cycles and dequeues, holding ready until the sample is valid;
//   the dequeue itself takes one cycle, so the next wait starts after it.
// Returns an empty string or the first mismatch.
std::string run_spec(uint32_t interval, uint32_t delay) {
  const uint32_t block_size = 32, runs = 2, count = 1000;
  const std::vector<Expected> expected = spec_expected(interval, delay, count, runs, block_size);
  Sampler sampler(block_size);
  sampler.set_interval(static_cast<uint16_t>(interval));

  uint64_t ready_from = 1 + (delay - 1);  // first cycle the consumer holds ready
  size_t next = 0;
  // The consumer reads a sample every max(delay, interval) cycles, so the
  // last of ceil(2000 / step) samples is read near cycle 2000 in every
  // case: 100000 cycles is far beyond it.
  constexpr uint64_t kCycleLimit = 100000;
  for (uint64_t cycle = 0; next < expected.size(); ++cycle) {
    if (cycle >= kCycleLimit) {
      return "no sample " + std::to_string(next) + " of " + std::to_string(expected.size()) + " within " +
             std::to_string(kCycleLimit) + " cycles";
    }
    if (cycle >= ready_from && sampler.sample_valid()) {
      const Expected& e = expected[next];
      const uint64_t word = sampler.sample();
      const uint64_t want = (uint64_t{spec_flag_bits(e.pc)} << 32) | e.pc;
      if (word != want || sampler.sample_last() != e.last) {
        return "sample " + std::to_string(next) + " at cycle " + std::to_string(cycle) + ": got pc " +
               std::to_string(word & 0xFFFFFFFFu) + " flags " + std::to_string(word >> 32) + " last " +
               std::to_string(sampler.sample_last()) + ", want pc " + std::to_string(e.pc) + " flags " +
               std::to_string(want >> 32) + " last " + std::to_string(e.last);
      }
      sampler.pop_sample();
      ++next;
      ready_from = cycle + 1 + (delay - 1);
    }
    const uint32_t stimulus_cycles = count * runs;
    if (cycle < stimulus_cycles) {
      const uint32_t pc = static_cast<uint32_t>(cycle % count);
      sampler.tick(pc, spec_flags(pc));
    } else {
      sampler.tick((stimulus_cycles - 1) % count, Sampler::Flags{});
    }
  }
  return "";
}

TEST(SamplerSpec, Interval1Delay1) { EXPECT_EQ(run_spec(1, 1), ""); }
TEST(SamplerSpec, Interval10Delay10) { EXPECT_EQ(run_spec(10, 10), ""); }
TEST(SamplerSpec, Interval10Delay13) { EXPECT_EQ(run_spec(10, 13), ""); }
TEST(SamplerSpec, Interval13Delay10) { EXPECT_EQ(run_spec(13, 10), ""); }
TEST(SamplerSpec, Interval13Delay13) { EXPECT_EQ(run_spec(13, 13), ""); }

// SamplerSpec's (10, 13) case worked by hand on the real sampler: the PC
// is the cycle number and the interval 10 from cycle 0, so a sample falls
// due in cycles 0, 10, 20, ... and is visible from the next cycle. The
// consumer reads only in cycles 13, 26, 39, ... (13k). Sampler.scala
// replaces its output register only when it is empty or being read, so a
// sample due while the register holds an unread one is lost:
//   due 0 -> read 13; due 10: register full (0 unread) -> dropped;
//   due 20 -> read 26; due 30 -> read 39; due 40 -> read 52;
//   due 50: full (40 unread) -> dropped; due 60 -> read 65;
//   due 70 -> read 78; due 80 -> read 91; due 90: full -> dropped;
//   due 100 -> read 104; due 110 -> read 117; due 120 -> read 130;
//   due 130: the register is being read in that cycle -> kept, read 143;
//   due 140: full (130 unread) -> dropped.
// These are SamplerSpec's expected PCs for it (mkPcs(13, 10, ...): 0, 20,
// 30, 40, 60, 70, 80, 100, 110, 120, 130).
TEST(SamplerSpec, SlowConsumerDropsSamples) {
  Sampler sampler(32);
  sampler.set_interval(10);
  std::vector<uint32_t> read_pcs;
  std::vector<uint64_t> read_cycles;
  for (uint64_t cycle = 0; cycle <= 143; ++cycle) {
    if (cycle > 0 && cycle % 13 == 0) {
      ASSERT_TRUE(sampler.sample_valid()) << "no sample to read in cycle " << cycle;
      read_pcs.push_back(Sampler::program_counter_of(sampler.sample()));
      read_cycles.push_back(cycle);
      sampler.pop_sample();
    }
    sampler.tick(static_cast<uint32_t>(cycle), Sampler::Flags{});
  }
  EXPECT_EQ(read_pcs, (std::vector<uint32_t>{0, 20, 30, 40, 60, 70, 80, 100, 110, 120, 130}));
  EXPECT_EQ(read_cycles, (std::vector<uint64_t>{13, 26, 39, 52, 65, 78, 91, 104, 117, 130, 143}));
  // After the read in cycle 143 the register is empty (140 was dropped, 150
  // is not due yet).
  EXPECT_FALSE(sampler.sample_valid());
}

// AXIWrapperTCUSpec "should sample with size=1000, interval=10,
// blockSize=16", the decoder replaced by the PC and interval it produces:
// Configure(sampleInterval, 10) fires in cycle 1 (PC becomes 1, the interval
// is read from cycle 2), Configure(programCounter, 0) fires in cycle 2 (PC 0
// from cycle 3) and the 1000 NoOps fire in cycles 3..1002, so the PC in cycle
// c >= 3 is min(c - 3, 1000). TREADY is held high. The spec expects, for
// x = 0..299, PC 1 for x = 0 and min(10x - 1, 1000) after, last when
// (x + 1) % 16 == 0.
TEST(SamplerAxiWrapperSpec, InstructionStreamOf1000NoOps) {
  Sampler sampler(16);
  auto pc_at = [](uint64_t c) -> uint32_t {
    if (c <= 1) return 0;
    if (c == 2) return 1;
    return static_cast<uint32_t>(c - 3 < 1000 ? c - 3 : 1000);
  };
  std::vector<uint64_t> words;
  std::vector<bool> lasts;
  for (uint64_t cycle = 0; words.size() < 300 && cycle < 10000; ++cycle) {
    if (sampler.sample_valid()) {
      words.push_back(sampler.sample());
      lasts.push_back(sampler.sample_last());
      sampler.pop_sample();
    }
    // The instruction head fires in cycles 1..1002 (two Configures, 1000
    // NoOps); outside them the queue is empty and the head is ready.
    Sampler::Flags flags;
    flags.instruction.ready = true;
    flags.instruction.valid = cycle >= 1 && cycle <= 1002;
    sampler.tick(pc_at(cycle), flags);
    if (cycle == 1) sampler.set_interval(10);
  }
  ASSERT_EQ(words.size(), 300u);
  for (uint64_t x = 0; x < 300; ++x) {
    const uint32_t want_pc = x == 0 ? 1u : static_cast<uint32_t>(10 * x - 1 < 1000 ? 10 * x - 1 : 1000);
    EXPECT_EQ(Sampler::program_counter_of(words[x]), want_pc) << "sample " << x;
    EXPECT_EQ(lasts[x], (x + 1) % 16 == 0) << "sample " << x;
    // Sample x is taken in cycle 2 + 10x: the head fires up to cycle 1002.
    const Sampler::Flags f = Sampler::flags_of(words[x]);
    EXPECT_TRUE(f.instruction.ready) << "sample " << x;
    EXPECT_EQ(f.instruction.valid, 2 + 10 * x <= 1002) << "sample " << x;
    // Instruction's pair is bits 46 (valid) and 47 (ready).
    EXPECT_EQ((words[x] >> 47) & 1u, 1u);
    EXPECT_EQ((words[x] >> 46) & 1u, 2 + 10 * x <= 1002 ? 1u : 0u);
    EXPECT_EQ(words[x] >> 48, 0u);
  }
}

// The bit positions of every pair, from the table in Sampler.scala's
// bundle order (first field in the most significant bits).
TEST(SamplerWord, BitPositions) {
  struct Case {
    Sampler::Handshake Sampler::Flags::*field;
    unsigned valid_bit;
  };
  const Case cases[] = {{&Sampler::Flags::array, 32},      {&Sampler::Flags::acc, 34},
                        {&Sampler::Flags::dataflow, 36},   {&Sampler::Flags::dram1, 38},
                        {&Sampler::Flags::dram0, 40},      {&Sampler::Flags::mem_port_b, 42},
                        {&Sampler::Flags::mem_port_a, 44}, {&Sampler::Flags::instruction, 46}};
  for (const Case& c : cases) {
    Sampler::Flags f;
    (f.*c.field).valid = true;
    EXPECT_EQ(Sampler::encode(0x12345678u, f), (uint64_t{1} << c.valid_bit) | 0x12345678u);
    Sampler::Flags g;
    (g.*c.field).ready = true;
    EXPECT_EQ(Sampler::encode(0, g), uint64_t{1} << (c.valid_bit + 1));
    const Sampler::Flags back = Sampler::flags_of(Sampler::encode(7, g));
    EXPECT_TRUE((back.*c.field).ready);
    EXPECT_FALSE((back.*c.field).valid);
    EXPECT_EQ(Sampler::encode_flags(back), Sampler::encode_flags(g));
  }
}

// Sampler.scala: the first sample is taken in the first cycle the interval
// is non-zero and shows one cycle later; interval 0 stops sampling but a
// held sample stays until consumed.
TEST(SamplerTiming, FirstSampleAndStop) {
  Sampler sampler(4);
  Sampler::Flags none;
  sampler.tick(100, none);  // interval 0: nothing
  EXPECT_FALSE(sampler.sample_valid());
  sampler.set_interval(3);
  sampler.tick(101, none);  // due: captured at this edge
  ASSERT_TRUE(sampler.sample_valid());
  EXPECT_EQ(sampler.sample(), 101u);
  sampler.set_interval(0);
  sampler.tick(102, none);  // not consumed: held
  sampler.tick(103, none);
  ASSERT_TRUE(sampler.sample_valid());
  EXPECT_EQ(sampler.sample(), 101u);
  sampler.pop_sample();
  sampler.tick(104, none);
  EXPECT_FALSE(sampler.sample_valid());
  EXPECT_THROW(sampler.pop_sample(), std::logic_error);
}

// TCUOptions.sampleBlockSize = 0 leaves the sampler out (Decoder.scala).
TEST(SamplerTiming, BlockSizeZeroNeverSamples) {
  Sampler sampler(0);
  sampler.set_interval(1);
  for (uint32_t c = 0; c < 50; ++c) {
    sampler.tick(c, Sampler::Flags{});
    EXPECT_FALSE(sampler.sample_valid());
  }
}

// Block size 1: every emitted sample is the last of its block.
TEST(SamplerTiming, BlockSizeOneMarksEverySample) {
  Sampler sampler(1);
  sampler.set_interval(2);
  unsigned seen = 0;
  for (uint32_t c = 0; c < 20; ++c) {
    if (sampler.sample_valid()) {
      EXPECT_TRUE(sampler.sample_last());
      sampler.pop_sample();
      ++seen;
    }
    sampler.tick(c, Sampler::Flags{});
  }
  EXPECT_EQ(seen, 10u);  // due at cycles 0, 2, ..., 18, seen one cycle later
}

}  // namespace
}  // namespace acosim::tensil::clocked

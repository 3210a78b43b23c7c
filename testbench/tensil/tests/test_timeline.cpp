// TimelineComparison (systemc/tensil/timeline.h), the judge of the lockstep
// of Tensil's generated TCU and the clocked model, on hand-written
// timelines: what agrees, and every way two timelines can differ.
#include <gtest/gtest.h>

#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/timeline.h"

namespace acosim::tensil {
namespace {

using Kind = TimelineEvent::Kind;

TimelineEvent dequeue(uint64_t cycle, uint32_t pc, Opcode op) {
  return TimelineEvent{cycle, Kind::Dequeue, uint8_t(op), pc, 0};
}
TimelineEvent ar(uint64_t cycle, uint8_t port, uint64_t address, uint32_t len) {
  return TimelineEvent{cycle, Kind::ReadAddress, port, address, len};
}
TimelineEvent aw(uint64_t cycle, uint8_t port, uint64_t address, uint32_t len) {
  return TimelineEvent{cycle, Kind::WriteAddress, port, address, len};
}

TEST(Timeline, EqualTimelinesAgreeWhateverTheInterleaving) {
  TimelineComparison c;
  // The model runs ahead on the dequeues, the reference on the bursts.
  c.model(dequeue(10, 0, Opcode::DataMove));
  c.model(dequeue(14, 1, Opcode::MatMul));
  c.reference(ar(12, 0, 0x1000, 15));
  c.reference(dequeue(10, 0, Opcode::DataMove));
  c.reference(aw(30, 1, 0x2000, 3));
  c.model(ar(12, 0, 0x1000, 15));
  c.reference(dequeue(14, 1, Opcode::MatMul));
  c.model(aw(30, 1, 0x2000, 3));
  c.finish();
  EXPECT_FALSE(c.divergence().has_value()) << c.divergence()->message();
  EXPECT_EQ(c.events_compared(), 4u);
}

TEST(Timeline, ALaterCycleIsADivergenceNamingTheSignalAndBothSides) {
  TimelineComparison c;
  c.reference(ar(12, 0, 0x1000, 15));
  c.model(ar(12, 0, 0x1000, 15));
  c.reference(ar(40, 0, 0x1100, 15));
  c.model(ar(43, 0, 0x1100, 15));
  c.finish();
  ASSERT_TRUE(c.divergence().has_value());
  const TimelineDivergence& d = *c.divergence();
  EXPECT_EQ(d.signal, "m_axi_dram0 AR");
  EXPECT_EQ(d.sequence, 1u);
  EXPECT_EQ(d.cycle, 40u);
  EXPECT_EQ(d.message(),
            "first divergence at cycle 40 on m_axi_dram0 AR (event 1): generated RTL cycle 40: dram0 AR 0x1100 len 15; "
            "clocked model cycle 43: dram0 AR 0x1100 len 15");
}

TEST(Timeline, AnotherAddressLengthPortOrOpcodeIsADivergence) {
  const TimelineEvent reference = aw(50, 1, 0x2000, 7);
  for (const TimelineEvent& model : {aw(50, 1, 0x2010, 7), aw(50, 1, 0x2000, 6)}) {
    TimelineComparison c;
    c.reference(reference);
    c.model(model);
    ASSERT_TRUE(c.divergence().has_value());
    EXPECT_EQ(c.divergence()->signal, "m_axi_dram1 AW");
  }
  TimelineComparison ports;
  ports.reference(ar(5, 0, 0x0, 0));
  ports.model(ar(5, 1, 0x0, 0));
  ports.finish();
  ASSERT_TRUE(ports.divergence().has_value());  // each side has an AR the other lacks
  TimelineComparison ops;
  ops.reference(dequeue(7, 3, Opcode::MatMul));
  ops.model(dequeue(7, 3, Opcode::LoadWeights));
  ASSERT_TRUE(ops.divergence().has_value());
  EXPECT_EQ(ops.divergence()->signal, "decoder dequeue");
  EXPECT_NE(ops.divergence()->message().find("dequeue pc 3 (MatMul)"), std::string::npos);
  EXPECT_NE(ops.divergence()->message().find("dequeue pc 3 (LoadWeights)"), std::string::npos);
}

TEST(Timeline, TheEarliestDivergenceWinsWhenALaterOneIsFoundFirst) {
  TimelineComparison c;
  // dram1's AW pair is compared first but its divergence is later than the
  // dequeue's, which the slower side reports afterwards.
  c.reference(aw(90, 1, 0x40, 0));
  c.model(aw(91, 1, 0x40, 0));
  c.reference(dequeue(20, 2, Opcode::Simd));
  c.model(dequeue(21, 2, Opcode::Simd));
  ASSERT_TRUE(c.divergence().has_value());
  EXPECT_EQ(c.divergence()->cycle, 20u);
  EXPECT_EQ(c.divergence()->signal, "decoder dequeue");
}

TEST(Timeline, AnEventOnlyOneSideHadIsADivergenceAtFinish) {
  TimelineComparison c;
  c.reference(dequeue(3, 0, Opcode::NoOp));
  c.model(dequeue(3, 0, Opcode::NoOp));
  c.model(ar(8, 0, 0x80, 1));
  EXPECT_FALSE(c.divergence().has_value());
  c.finish();
  ASSERT_TRUE(c.divergence().has_value());
  EXPECT_EQ(c.divergence()->cycle, 8u);
  EXPECT_FALSE(c.divergence()->reference.has_value());
  EXPECT_NE(c.divergence()->message().find("generated RTL has no such event"), std::string::npos);
}

TEST(Timeline, AStoppedRunIgnoresWhatOneSideDidAfterTheHorizon) {
  TimelineComparison c;
  c.reference(dequeue(3, 0, Opcode::NoOp));
  c.model(dequeue(3, 0, Opcode::NoOp));
  c.reference(dequeue(2000, 1, Opcode::NoOp));  // the other side was stopped before cycle 2000
  c.finish(1500);
  EXPECT_FALSE(c.divergence().has_value());
  c.finish(2500);
  EXPECT_TRUE(c.divergence().has_value());
}

}  // namespace
}  // namespace acosim::tensil

// The functional TCU's own arithmetic, SIMD ALU, SIMD decoding and DRAM
// layout (systemc/tensil/functional/) against values worked out by hand from
// Tensil's definitions, and negative controls of the functional check
// (systemc/tensil/functional/functional_check.h): every kind of disagreement it reports
// is provoked with a deliberately wrong write sequence.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/tensil/functional/dram_layout.h"
#include "systemc/tensil/functional/fixed.h"
#include "systemc/tensil/functional/simd_alu.h"
#include "systemc/tensil/functional/simd_decode.h"
#include "systemc/tensil/functional/functional_check.h"
#include "testbench/tensil/tests/tiny_arch.h"

namespace acosim::tensil::functional {
namespace {

const NumberFormat kFp16 = number_format(DataType::FP16BP8);

// ---------------------------------------------------------------- formats

TEST(FunctionalFixed, FormatsAreTensilsFixedTypes) {
  // common/src/tensil/Fixed*.scala: (width, basePoint, sizeBytes).
  const struct {
    DataType type;
    unsigned width, bp, bytes;
  } cases[] = {{DataType::FP8BP4, 8, 4, 1},
               {DataType::FP16BP8, 16, 8, 2},
               {DataType::FP18BP10, 18, 10, 4},
               {DataType::FP32BP16, 32, 16, 4}};
  for (const auto& c : cases) {
    const NumberFormat f = number_format(c.type);
    EXPECT_EQ(f.width, c.width);
    EXPECT_EQ(f.binary_point, c.bp);
    EXPECT_EQ(f.bytes, c.bytes);
  }
  EXPECT_EQ(kFp16.one(), 256);
  EXPECT_EQ(kFp16.largest(), 32767);
  EXPECT_EQ(kFp16.smallest(), -32768);
}

// ---------------------------------------------------------------- mac

TEST(FunctionalFixed, ExactProductsNeedNoRounding) {
  // 1.5 * 1.5 = 2.25: raw 384 * 384 = 147456 = 576 * 256.
  EXPECT_EQ(times(384, 384, kFp16), 576);
  // -2 * 0.75 = -1.5: raw -512 * 192 = -98304 = -384 * 256.
  EXPECT_EQ(times(-512, 192, kFp16), -384);
  // mac(1.0, 2.0, 0.5) = 2.5: 256*512 + 128*256 = 163840 = 640 * 256.
  EXPECT_EQ(mac(256, 512, 128, kFp16), 640);
}

TEST(FunctionalFixed, MultiplyRoundsHalfwayToEven) {
  // raw 1 * 128 = 128 = 0.5 * 256: 0 is even, stays 0.
  EXPECT_EQ(times(1, 128, kFp16), 0);
  // raw 3 * 128 = 384 = 1.5 * 256: 1 is odd, rounds up to 2.
  EXPECT_EQ(times(3, 128, kFp16), 2);
  // raw 5 * 128 = 640 = 2.5 * 256: 2 is even, stays 2.
  EXPECT_EQ(times(5, 128, kFp16), 2);
  // -128 = -0.5 * 256: floor is -1 (odd), the tail is one half, so +1 -> 0.
  EXPECT_EQ(times(-1, 128, kFp16), 0);
  // -384 = -1.5 * 256: floor is -2 (even), stays -2.
  EXPECT_EQ(times(-3, 128, kFp16), -2);
  // -640 = -2.5 * 256: floor is -3 (odd), rounds to -2.
  EXPECT_EQ(times(-5, 128, kFp16), -2);
}

TEST(FunctionalFixed, MultiplyRoundsToNearestAwayFromHalf) {
  EXPECT_EQ(times(1, 129, kFp16), 1);    // 129/256 > 1/2
  EXPECT_EQ(times(1, 127, kFp16), 0);    // 127/256 < 1/2
  EXPECT_EQ(times(-1, 129, kFp16), -1);  // -129/256: floor -1, tail 127/256 < 1/2
  EXPECT_EQ(times(-1, 127, kFp16), 0);   // -127/256: floor -1, tail 129/256 > 1/2
}

TEST(FunctionalFixed, SaturatesAtTheFp16bp8Limits) {
  // 32767 * 32767 / 256 = 4194048.0...: far above 32767.
  EXPECT_EQ(times(32767, 32767, kFp16), 32767);
  // -32768 * 32767 / 256 = -4194176: clamps to -32768.
  EXPECT_EQ(times(-32768, 32767, kFp16), -32768);
  // (-128.0) * (-128.0) = 16384.0 is above 127.996.
  EXPECT_EQ(times(-32768, -32768, kFp16), 32767);
  EXPECT_EQ(plus(32767, 1, kFp16), 32767);
  EXPECT_EQ(plus(-32768, -32768, kFp16), -32768);
  EXPECT_EQ(minus(-32768, 1, kFp16), -32768);
  // 0 - (-128.0) = 128.0, one LSB above the largest value.
  EXPECT_EQ(minus(0, -32768, kFp16), 32767);
  EXPECT_EQ(mac(256, 256, 32767, kFp16), 32767);
  // Inside the range nothing changes.
  EXPECT_EQ(plus(32766, 1, kFp16), 32767);
  EXPECT_EQ(minus(-32767, 1, kFp16), -32768);
}

TEST(FunctionalFixed, PlusAndMinusAreMacWithMultiplierOne) {
  // plusFixedPoint(x, y) = mac(x, 2^bp, y): 300 + (-44) = 256 both ways.
  EXPECT_EQ(mac(300, 256, -44, kFp16), 256);
  EXPECT_EQ(plus(300, -44, kFp16), 256);
  // minus(x, y) = mac(x, 2^bp, -y): 300 - 44 = 256; 32000 - (-1000) saturates.
  EXPECT_EQ(mac(300, 256, -44, kFp16), minus(300, 44, kFp16));
  EXPECT_EQ(mac(32000, 256, 1000, kFp16), 32767);
  EXPECT_EQ(minus(32000, -1000, kFp16), 32767);
}

TEST(FunctionalFixed, OtherWidthsSaturateAtTheirOwnLimits) {
  const NumberFormat fp8 = number_format(DataType::FP8BP4);
  EXPECT_EQ(times(127, 127, fp8), 127);  // 16129 / 16 = 1008 > 127
  EXPECT_EQ(plus(-128, -1, fp8), -128);
  // raw 3 * 8 = 24 = 1.5 * 16: 1 is odd, rounds to 2.
  EXPECT_EQ(times(3, 8, fp8), 2);
  const NumberFormat fp18 = number_format(DataType::FP18BP10);
  EXPECT_EQ(plus(131071, 1, fp18), 131071);
  EXPECT_EQ(minus(-131072, 1, fp18), -131072);
  const NumberFormat fp32 = number_format(DataType::FP32BP16);
  EXPECT_EQ(minus(0, INT32_MIN, fp32), INT32_MAX);
  EXPECT_EQ(plus(INT32_MAX, INT32_MAX, fp32), INT32_MAX);
  // 2^15 * 2^16 / 2^16 = 2^15: 32768.0 raw 2^31 is above the largest.
  EXPECT_EQ(times(int32_t(1) << 30, int32_t(1) << 17, fp32), INT32_MAX);
}

// ---------------------------------------------------------------- decoding

TEST(FunctionalSimdDecode, OperandBitsAreLog2CeilOfRegistersPlusOne) {
  EXPECT_EQ(simd_operand_bits(0), 0u);  // log2Ceil(1)
  EXPECT_EQ(simd_operand_bits(1), 1u);  // log2Ceil(2)
  EXPECT_EQ(simd_operand_bits(2), 2u);  // log2Ceil(3)
  EXPECT_EQ(simd_operand_bits(3), 2u);  // log2Ceil(4)
  EXPECT_EQ(simd_operand_bits(4), 3u);  // log2Ceil(5)
  EXPECT_EQ(simd_operand_bits(8), 4u);  // log2Ceil(9)
}

TEST(FunctionalSimdDecode, TheXorProgramsMaxInstruction) {
  // The XOR example's SIMD word, operand 2 = 0x7a with one register (w = 1):
  // 0111 1 0 1 0 -> op 0b1111 Max, sourceLeft 0 (input), sourceRight 1
  // (register 0), dest 0.
  const SimdFields s = decode_simd(0x7a, 1);
  EXPECT_EQ(s.op, op::kMax);
  EXPECT_EQ(s.source_left, 0u);
  EXPECT_EQ(s.source_right, 1u);
  EXPECT_EQ(s.dest, 0u);
}

TEST(FunctionalSimdDecode, FieldsFromAHandAssembledWord) {
  // w = 2: op Multiply (1010), sourceLeft 2 (10), sourceRight 1 (01),
  // dest 3 (11): 1010 10 01 11 = 0x2a7. Padding bits above bit 9 are not
  // part of the sub-instruction.
  for (const uint64_t word : {uint64_t(0x2a7), uint64_t(0xfc00 | 0x2a7)}) {
    const SimdFields s = decode_simd(word, 2);
    EXPECT_EQ(s.op, op::kMultiply);
    EXPECT_EQ(s.source_left, 2u);
    EXPECT_EQ(s.source_right, 1u);
    EXPECT_EQ(s.dest, 3u);
  }
  // No registers: the op sits in bits 3:0.
  const SimdFields none = decode_simd(0x1, 0);
  EXPECT_EQ(none.op, op::kZero);
  EXPECT_EQ(none.source_left + none.source_right + none.dest, 0u);
}

TEST(FunctionalSimdDecode, FlagsAreReadWriteAccumulateFromBitZero) {
  const SimdFlags rw = decode_simd_flags(0x3);
  EXPECT_TRUE(rw.read);
  EXPECT_TRUE(rw.write);
  EXPECT_FALSE(rw.accumulate);
  const SimdFlags wa = decode_simd_flags(0x6);
  EXPECT_FALSE(wa.read);
  EXPECT_TRUE(wa.write);
  EXPECT_TRUE(wa.accumulate);
}

// ---------------------------------------------------------------- ALU

std::vector<int32_t> run(AluArray& alu, uint8_t o, uint32_t left, uint32_t right, uint32_t dest,
                         std::vector<int32_t> input) {
  std::vector<int32_t> out(input.size());
  alu.execute(SimdFields{o, left, right, dest}, input.data(), out.data());
  return out;
}

using V = std::vector<int32_t>;

TEST(FunctionalSimdAlu, RegistersStartAtZeroAndTakeTheResult) {
  AluArray alu(2, 2, kFp16);
  EXPECT_EQ(alu.reg(0, 0), 0);
  EXPECT_EQ(alu.reg(1, 1), 0);
  EXPECT_EQ(run(alu, op::kMove, 0, 0, 1, {384, -32768}), (V{384, -32768}));
  EXPECT_EQ(alu.reg(0, 0), 384);
  EXPECT_EQ(alu.reg(1, 0), -32768);
  // Move register 0 to register 1.
  EXPECT_EQ(run(alu, op::kMove, 1, 0, 2, {0, 0}), (V{384, -32768}));
  EXPECT_EQ(alu.reg(1, 1), -32768);
}

TEST(FunctionalSimdAlu, NoOpOutputsTheInputAndWritesNoRegister) {
  AluArray alu(2, 1, kFp16);
  run(alu, op::kMove, 0, 0, 1, {7, 8});
  // NoOp with sourceLeft = register and dest = register: output is the
  // input, register 0 keeps 7, 8 (ALUSpec.scala).
  EXPECT_EQ(run(alu, op::kNoOp, 1, 1, 1, {100, 200}), (V{100, 200}));
  EXPECT_EQ(alu.reg(0, 0), 7);
  EXPECT_EQ(alu.reg(1, 0), 8);
}

TEST(FunctionalSimdAlu, ArithmeticSaturatesAtTheFp16bp8Limits) {
  AluArray alu(2, 1, kFp16);
  // Increment/Decrement add or subtract 1.0 = raw 256.
  EXPECT_EQ(run(alu, op::kIncrement, 0, 0, 0, {384, 32700}), (V{640, 32767}));
  EXPECT_EQ(run(alu, op::kDecrement, 0, 0, 0, {-32768, 0}), (V{-32768, -256}));
  run(alu, op::kMove, 0, 0, 1, {-100, 1000});
  // Add input + register 0: 32767 + (-100) = 32667; 32767 + 1000 saturates.
  EXPECT_EQ(run(alu, op::kAdd, 0, 1, 0, {32767, 32767}), (V{32667, 32767}));
  // Subtract register 0 - input: -100 - 32767 = -32867 -> -32768; 1000 - 1000 = 0.
  EXPECT_EQ(run(alu, op::kSubtract, 1, 0, 0, {32767, 1000}), (V{-32768, 0}));
}

TEST(FunctionalSimdAlu, MultiplyRoundsHalfwayToEven) {
  AluArray alu(4, 1, kFp16);
  run(alu, op::kMove, 0, 0, 1, {128, 128, 128, 128});  // 0.5 in every lane
  // input * 0.5, raw: 3*128/256 = 1.5 -> 2; 1*128/256 = 0.5 -> 0;
  // 5*128/256 = 2.5 -> 2; -3*128/256 = -1.5 -> -2.
  EXPECT_EQ(run(alu, op::kMultiply, 0, 1, 0, {3, 1, 5, -3}), (V{2, 0, 2, -2}));
  // 1.5 * 1.5 = 2.25 exactly (576); raw 181 * 181 = 32761 = 127 * 256 + 249,
  // a tail above one half, so 128.
  EXPECT_EQ(run(alu, op::kMultiply, 0, 0, 0, {384, 181, 0, 0}), (V{576, 128, 0, 0}));
}

TEST(FunctionalSimdAlu, AbsOfTheMostNegativeValueWrapsToItself) {
  AluArray alu(4, 0, kFp16);
  EXPECT_EQ(run(alu, op::kAbs, 0, 0, 0, {-256, 256, 0, -32768}), (V{256, 256, 0, -32768}));
  AluArray fp32(1, 0, number_format(DataType::FP32BP16));
  EXPECT_EQ(run(fp32, op::kAbs, 0, 0, 0, {INT32_MIN}), (V{INT32_MIN}));
  AluArray fp18(2, 0, number_format(DataType::FP18BP10));
  EXPECT_EQ(run(fp18, op::kAbs, 0, 0, 0, {-131072, -131071}), (V{-131072, 131071}));
}

TEST(FunctionalSimdAlu, LogicAndComparisonsGiveFixedPointOne) {
  AluArray alu(4, 1, kFp16);
  run(alu, op::kMove, 0, 0, 1, {0, 5, 0, -5});
  // Truth tables with left = input, right = register 0.
  const V input{0, 0, 3, 3};
  EXPECT_EQ(run(alu, op::kNot, 0, 0, 0, input), (V{256, 256, 0, 0}));
  EXPECT_EQ(run(alu, op::kAnd, 0, 1, 0, input), (V{0, 0, 0, 256}));
  EXPECT_EQ(run(alu, op::kOr, 0, 1, 0, input), (V{0, 256, 256, 256}));
  EXPECT_EQ(run(alu, op::kGreaterThan, 0, 1, 0, input), (V{0, 0, 256, 256}));
  EXPECT_EQ(run(alu, op::kGreaterThanEqual, 0, 1, 0, input), (V{256, 0, 256, 256}));
  EXPECT_EQ(run(alu, op::kMin, 0, 1, 0, input), (V{0, 0, 0, -5}));
  EXPECT_EQ(run(alu, op::kMax, 0, 1, 0, input), (V{0, 5, 3, 3}));
  EXPECT_EQ(run(alu, op::kZero, 0, 0, 1, input), (V{0, 0, 0, 0}));
  EXPECT_EQ(alu.reg(1, 0), 0);
}

TEST(FunctionalSimdAlu, SourcesAreReadBeforeTheDestinationIsWritten) {
  AluArray alu(1, 1, kFp16);
  run(alu, op::kMove, 0, 0, 1, {256});
  // reg0 = reg0 + reg0 with the old value on both sides: 2.0.
  EXPECT_EQ(run(alu, op::kAdd, 1, 1, 1, {0}), (V{512}));
  EXPECT_EQ(alu.reg(0, 0), 512);
}

TEST(FunctionalSimdAlu, MissingRegistersAreRefused) {
  AluArray alu(2, 1, kFp16);
  EXPECT_THROW(run(alu, op::kMove, 2, 0, 0, {0, 0}), std::out_of_range);
  EXPECT_THROW(run(alu, op::kMove, 0, 0, 2, {0, 0}), std::out_of_range);
}

// ---------------------------------------------------------------- DRAM layout

TEST(FunctionalDramLayout, Fp16bp8LanesAreLittleEndian) {
  const DramLayout layout(4, kFp16);
  EXPECT_EQ(layout.vector_bytes(), 8u);
  // 1.0, -2.0, one LSB, minus one LSB.
  const int32_t lanes[4] = {256, -512, 1, -1};
  uint8_t bytes[8] = {};
  layout.store(lanes, bytes);
  const uint8_t expected[8] = {0x00, 0x01, 0x00, 0xfe, 0x01, 0x00, 0xff, 0xff};
  EXPECT_EQ(std::memcmp(bytes, expected, 8), 0);
  int32_t back[4] = {};
  layout.load(expected, back);
  EXPECT_EQ(V(back, back + 4), V(lanes, lanes + 4));
  // offset + vector * 4 lanes * 2 bytes.
  EXPECT_EQ(layout.byte_address(0x100, 3), 0x118u);
}

TEST(FunctionalDramLayout, Fp18bp10KeepsEighteenBitsInFourBytes) {
  const DramLayout layout(3, number_format(DataType::FP18BP10));
  const int32_t lanes[3] = {-1, 131071, -131072};
  uint8_t bytes[12] = {};
  layout.store(lanes, bytes);
  // -1: bits 17:0 all ones -> ff ff 03 00; 2^17 - 1 -> ff ff 01 00;
  // -2^17: only bit 17 -> 00 00 02 00.
  const uint8_t expected[12] = {0xff, 0xff, 0x03, 0x00, 0xff, 0xff, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00};
  EXPECT_EQ(std::memcmp(bytes, expected, 12), 0);
  // Bits above bit 17 are ignored when reading.
  const uint8_t dirty[12] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd, 0x12, 0x00, 0x00, 0x06, 0x80};
  int32_t back[3] = {};
  layout.load(dirty, back);
  EXPECT_EQ(V(back, back + 3), (V{-1, 131071, -131072}));
}

TEST(FunctionalDramLayout, Fp8bp4AndFp32bp16) {
  const DramLayout fp8(2, number_format(DataType::FP8BP4));
  const int32_t small[2] = {-128, 127};
  uint8_t b8[2] = {};
  fp8.store(small, b8);
  EXPECT_EQ(b8[0], 0x80);
  EXPECT_EQ(b8[1], 0x7f);
  const DramLayout fp32(1, number_format(DataType::FP32BP16));
  const int32_t big[1] = {INT32_MIN + 0x01020304};
  uint8_t b32[4] = {};
  fp32.store(big, b32);
  const uint8_t expected[4] = {0x04, 0x03, 0x02, 0x81};
  EXPECT_EQ(std::memcmp(b32, expected, 4), 0);
  int32_t back = 0;
  fp32.load(expected, &back);
  EXPECT_EQ(back, INT32_MIN + 0x01020304);
}

}  // namespace
}  // namespace acosim::tensil::functional

// ---------------------------------------------------------------- negative controls

namespace acosim::tensil {
namespace {

// Plain memory behind a TLM target socket, no DMI, no latency.
struct Ram : sc_core::sc_module {
  tlm_utils::simple_target_socket<Ram> socket;
  std::vector<uint8_t> bytes;

  Ram(sc_core::sc_module_name name, size_t size) : sc_core::sc_module(name), socket("socket"), bytes(size) {
    socket.register_b_transport(this, &Ram::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time&) {
    uint8_t* at = &bytes[t.get_address()];
    if (t.is_read()) {
      std::memcpy(t.get_data_ptr(), at, t.get_data_length());
    } else {
      std::memcpy(at, t.get_data_ptr(), t.get_data_length());
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// A FunctionalCheck wired to two RAMs; the test plays the clocked TCU by
// calling the WriteObserver methods itself.
struct Harness : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Harness> dram0_socket{"dram0_socket"};
  tlm_utils::simple_initiator_socket<Harness> dram1_socket{"dram1_socket"};
  Ram dram0{"dram0", 4096};
  Ram dram1{"dram1", 4096};
  FunctionalCheck check;

  explicit Harness(sc_core::sc_module_name name)
      : sc_core::sc_module(name), check(test::tiny_arch(), dram0_socket, dram1_socket, 16) {
    dram0_socket.bind(dram0.socket);
    dram1_socket.bind(dram1.socket);
  }
};

Instruction data_move(DataMoveKind kind, uint64_t local, uint64_t other) {
  Instruction in;
  in.opcode = uint8_t(Opcode::DataMove);
  in.flags = uint8_t(kind);
  in.operand0_address = local;
  in.operand1_address = other;
  in.operand2 = 0;  // one vector
  return in;
}

// SIMD Increment of the accumulator at `read`, written to `write`: with one
// register w = 1, so operand 2 = op 0110 << 3 = 0x30; flags read | write.
Instruction simd_increment(uint64_t read, uint64_t write) {
  Instruction in;
  in.opcode = uint8_t(Opcode::Simd);
  in.flags = 0x3;
  in.operand0_address = write;
  in.operand1_address = read;
  in.operand2 = 0x30;
  return in;
}

struct FunctionalCheckNegative : ::testing::Test {
  std::unique_ptr<Harness> h;
  void SetUp() override {
    h = std::make_unique<Harness>("harness");
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // finish elaboration: sockets bound
    // DRAM0 vector 0 = {1.0, -2.0}: raw 256 = 00 01, raw -512 = 00 fe.
    const uint8_t v0[4] = {0x00, 0x01, 0x00, 0xfe};
    std::memcpy(h->dram0.bytes.data(), v0, 4);
  }

  // pc 7: DRAM0 vector 0 -> local 3, which the oracle computes as {256, -512}.
  void load_local3() {
    h->check.started(0, 7, data_move(DataMoveKind::Dram0ToLocal, 3, 0));
    h->check.local_written(0, 3, {256, -512});
  }

  static std::string message(const std::function<void()>& f) {
    try {
      f();
    } catch (const FunctionalMismatch& e) {
      return e.what();
    }
    return "no FunctionalMismatch";
  }
};

TEST_F(FunctionalCheckNegative, TheRightWritesPass) {
  load_local3();
  h->check.started(1, 8, data_move(DataMoveKind::LocalToAccumulator, 3, 5));
  h->check.accumulator_written(1, 5, {256, -512});
  // 1.0 + 1.0, -2.0 + 1.0.
  h->check.started(2, 9, simd_increment(5, 6));
  h->check.accumulator_written(2, 6, {512, -256});
  h->check.started(3, 10, data_move(DataMoveKind::LocalToDram1, 3, 2));
  h->check.dram_written(3, 1, 2, {256, -512});
  // The clocked bank's bytes: DRAM1 vector 2 is at byte 2 * 4.
  const uint8_t v[4] = {0x00, 0x01, 0x00, 0xfe};
  std::memcpy(&h->dram1.bytes[8], v, 4);
  EXPECT_NO_THROW(h->check.finish());
  EXPECT_EQ(h->check.writes_checked(), 4u);
}

TEST_F(FunctionalCheckNegative, AWrongLocalMemoryWrite) {
  h->check.started(0, 7, data_move(DataMoveKind::Dram0ToLocal, 3, 0));
  EXPECT_EQ(message([&] { h->check.local_written(0, 3, {256, -511}); }),
            "functional check: pc 7 (instruction 0 since reset): local memory vector 0x3 lane 1: "
            "clocked -511, functional -512");
}

TEST_F(FunctionalCheckNegative, AWrongAccumulatorWrite) {
  load_local3();
  h->check.started(1, 8, data_move(DataMoveKind::LocalToAccumulator, 3, 5));
  h->check.accumulator_written(1, 5, {256, -512});
  h->check.started(2, 9, simd_increment(5, 6));
  // -2.0 + 1.0 is -1.0 = raw -256.
  EXPECT_EQ(message([&] { h->check.accumulator_written(2, 6, {512, -255}); }),
            "functional check: pc 9 (instruction 2 since reset): accumulator vector 0x6 lane 1: "
            "clocked -255, functional -256");
}

TEST_F(FunctionalCheckNegative, AWrongDramWrite) {
  load_local3();
  h->check.started(1, 8, data_move(DataMoveKind::LocalToDram1, 3, 2));
  EXPECT_EQ(message([&] { h->check.dram_written(1, 1, 2, {255, -512}); }),
            "functional check: pc 8 (instruction 1 since reset): DRAM1 vector 0x2 lane 0: "
            "clocked 255, functional 256");
}

TEST_F(FunctionalCheckNegative, AWriteOnlyTheClockedSideMade) {
  load_local3();
  h->check.started(1, 8, data_move(DataMoveKind::LocalToAccumulator, 3, 5));
  EXPECT_EQ(message([&] { h->check.accumulator_written(1, 4, {256, -512}); }),
            "functional check: pc 8 (instruction 1 since reset): accumulator vector 0x4: "
            "written by the clocked TCU, not by the functional one");
}

TEST_F(FunctionalCheckNegative, AWriteOnlyTheOracleExpected) {
  load_local3();
  h->check.started(1, 8, data_move(DataMoveKind::LocalToDram0, 3, 9));
  EXPECT_EQ(message([&] { h->check.finish(); }),
            "functional check: pc 8 (instruction 1 since reset): DRAM0 vector 0x9: "
            "written by the functional TCU, never by the clocked one");
}

TEST_F(FunctionalCheckNegative, DramBytesTheClockedBankPackedDifferently) {
  load_local3();
  h->check.started(1, 8, data_move(DataMoveKind::LocalToDram1, 3, 2));
  h->check.dram_written(1, 1, 2, {256, -512});
  // The vector agreed, but the bank stored it big-endian: 01 00 fe 00 at
  // byte 8 where Tensil's layout has 00 01 00 fe.
  const uint8_t big_endian[4] = {0x01, 0x00, 0xfe, 0x00};
  std::memcpy(&h->dram1.bytes[8], big_endian, 4);
  EXPECT_EQ(message([&] { h->check.finish(); }),
            "functional check: pc 8 (instruction 1 since reset): DRAM1 vector 0x2 lane 0: byte 0x8 in memory "
            "is 0x1, the functional layout writes 0x0");
}

}  // namespace
}  // namespace acosim::tensil

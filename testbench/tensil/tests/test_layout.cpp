// Architecture parameters and the derived instruction layout, checked against
// the layouts of Tensil's shipped arch/*.tarch files and its test archs.
#include <gtest/gtest.h>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil {
namespace {

Architecture shipped(uint32_t n, uint64_t dram0, uint64_t dram1, uint64_t local, uint64_t acc) {
  Architecture a;
  a.array_size = n;
  a.dram0_depth = dram0;
  a.dram1_depth = dram1;
  a.local_depth = local;
  a.accumulator_depth = acc;
  return a;  // FP16BP8, 1 SIMD register, strides 8, 1 thread, queue 8 (arch/*.tarch)
}

Architecture uniform(uint32_t n, uint64_t depth, uint32_t stride_depth) {
  Architecture a = shipped(n, depth, depth, depth, depth);
  a.stride0_depth = stride_depth;
  a.stride1_depth = stride_depth;
  return a;
}

TEST(Log2Ceil, CountsTheBitsOfXMinusOne) {
  // Examples of Scala's log2Ceil, then hand-checked non-powers of two.
  EXPECT_EQ(log2_ceil(1), 0u);
  EXPECT_EQ(log2_ceil(2), 1u);
  EXPECT_EQ(log2_ceil(8192), 13u);
  EXPECT_EQ(log2_ceil(20480), 15u);  // 20479 = 0b100111111111111, 15 bits
  EXPECT_EQ(log2_ceil(3), 2u);       // floor(log2 3) would be 1 (Tensil's instruction.c)
  EXPECT_EQ(log2_ceil(5), 3u);
  EXPECT_EQ(log2_ceil(49152), 16u);  // floor(log2) gives 15
  EXPECT_EQ(log2_ceil(8193), 14u);
  EXPECT_EQ(log2_ceil(uint64_t(1) << 32), 32u);
  EXPECT_EQ(log2_ceil((uint64_t(1) << 32) + 1), 33u);
}

TEST(DataTypes, WidthsBinaryPointsAndBytesOfReference31) {
  struct Row {
    DataType type;
    const char* name;
    unsigned width, bp, bytes;
  };
  const Row rows[] = {{DataType::FP8BP4, "FP8BP4", 8, 4, 1},
                      {DataType::FP16BP8, "FP16BP8", 16, 8, 2},
                      {DataType::FP18BP10, "FP18BP10", 18, 10, 4},
                      {DataType::FP32BP16, "FP32BP16", 32, 16, 4}};
  for (const Row& r : rows) {
    const DataTypeInfo& info = data_type_info(r.type);
    EXPECT_STREQ(info.name, r.name);
    EXPECT_EQ(info.width, r.width) << r.name;
    EXPECT_EQ(info.binary_point, r.bp) << r.name;
    EXPECT_EQ(info.bytes, r.bytes) << r.name;
    EXPECT_EQ(parse_data_type(r.name), r.type);
  }
  EXPECT_FALSE(parse_data_type("FLOAT32").has_value());
  EXPECT_FALSE(parse_data_type("fp16bp8").has_value());
  EXPECT_FALSE(parse_data_type("").has_value());
}

TEST(Architecture, VectorBytesIsArraySizeTimesScalarBytes) {
  // Vector bytes of the shipped archs: pynqz1 16, ultra96v2 32, zcu104 64.
  EXPECT_EQ(shipped(8, 1, 1, 1, 1).vector_bytes(), 16u);
  EXPECT_EQ(shipped(16, 1, 1, 1, 1).vector_bytes(), 32u);
  EXPECT_EQ(shipped(32, 1, 1, 1, 1).vector_bytes(), 64u);
  Architecture fp18 = shipped(4, 1, 1, 1, 1);
  fp18.data_type = DataType::FP18BP10;
  EXPECT_EQ(fp18.vector_bytes(), 16u);
}

struct LayoutRow {
  const char* name;
  Architecture arch;
  unsigned L, A, D0, D1, S, A0, O0, A1, O1, O2, bytes;
};

TEST(InstructionLayout, MatchesTheTableOfReference14) {
  const LayoutRow rows[] = {
      {"pynqz1", shipped(8, 1048576, 1048576, 8192, 2048), 13, 11, 20, 20, 3, 13, 16, 20, 24, 16, 8},
      {"cmoda7", shipped(4, 4096, 32768, 4096, 4096), 12, 12, 12, 15, 3, 12, 16, 15, 24, 16, 8},
      {"ultra96v2", shipped(16, 2097152, 2097152, 20480, 4096), 15, 12, 21, 21, 3, 15, 24, 21, 24, 16, 9},
      {"zcu104", shipped(32, 2097152, 2097152, 16384, 4096), 14, 12, 21, 21, 3, 14, 24, 21, 24, 16, 9},
      {"zcu104_uram", shipped(32, 2097152, 2097152, 49152, 20480), 16, 15, 21, 21, 3, 16, 24, 21, 24, 16, 9},
  };
  for (const LayoutRow& r : rows) {
    const InstructionLayout l = InstructionLayout::derive(r.arch);
    EXPECT_EQ(l.local_bits, r.L) << r.name;
    EXPECT_EQ(l.accumulator_bits, r.A) << r.name;
    EXPECT_EQ(l.dram0_bits, r.D0) << r.name;
    EXPECT_EQ(l.dram1_bits, r.D1) << r.name;
    EXPECT_EQ(l.stride0_bits, r.S) << r.name;
    EXPECT_EQ(l.stride1_bits, r.S) << r.name;
    EXPECT_EQ(l.simd_operand_bits, 1u) << r.name;
    EXPECT_EQ(l.operand0_address_bits, r.A0) << r.name;
    EXPECT_EQ(l.operand0_bits, r.O0) << r.name;
    EXPECT_EQ(l.operand1_address_bits, r.A1) << r.name;
    EXPECT_EQ(l.operand1_bits, r.O1) << r.name;
    EXPECT_EQ(l.operand2_bits, r.O2) << r.name;
    EXPECT_EQ(l.instruction_bytes, r.bytes) << r.name;
    EXPECT_EQ(r.arch.validate(), "") << r.name;
  }
}

TEST(InstructionLayout, WorkedExamplesOfReference15) {
  // pynqz1: [12:0] local, [15:13] stride0, [35:16] op1 address, [38:36]
  // stride1, [39] pad, [55:40] size, header [63:56].
  const InstructionLayout p = InstructionLayout::derive(shipped(8, 1048576, 1048576, 8192, 2048));
  EXPECT_EQ(p.operand0_address_bits + p.stride0_bits, p.operand0_bits);  // no padding
  EXPECT_EQ(p.operand0_bits, 16u);
  EXPECT_EQ(p.operand0_bits + p.operand1_address_bits, 36u);
  EXPECT_EQ(p.operand0_bits + p.operand1_address_bits + p.stride1_bits, 39u);
  EXPECT_EQ(p.operand0_bits + p.operand1_bits, 40u);
  EXPECT_EQ(p.operand0_bits + p.operand1_bits + p.operand2_bits, 56u);

  // ultra96v2: [14:0] local, [17:15] stride0, [23:18] pad, [44:24] op1,
  // [47:45] stride1, [63:48] size, header [71:64].
  const InstructionLayout u = InstructionLayout::derive(shipped(16, 2097152, 2097152, 20480, 4096));
  EXPECT_EQ(u.operand0_address_bits, 15u);
  EXPECT_EQ(u.operand0_address_bits + u.stride0_bits, 18u);
  EXPECT_EQ(u.operand0_bits, 24u);
  EXPECT_EQ(u.operand0_bits + u.operand1_address_bits, 45u);
  EXPECT_EQ(u.operand0_bits + u.operand1_bits, 48u);
  EXPECT_EQ(u.operand0_bits + u.operand1_bits + u.operand2_bits, 64u);
  EXPECT_EQ(u.instruction_bytes, 9u);

  // DecoderSpec "32-bit" arch and the XOR golden arch (n=2): all depths 256,
  // strides 1 => 8-bit addresses, no stride bits, A2 = max(8,8,8,7) = 8.
  for (uint32_t n : {8u, 2u}) {
    const InstructionLayout d = InstructionLayout::derive(uniform(n, 256, 1));
    EXPECT_EQ(d.stride0_bits, 0u);
    EXPECT_EQ(d.stride1_bits, 0u);
    EXPECT_EQ(d.operand0_bits, 8u);
    EXPECT_EQ(d.operand1_bits, 8u);
    EXPECT_EQ(d.operand2_bits, 8u);
    EXPECT_EQ(d.instruction_bytes, 4u);
  }
}

TEST(InstructionLayout, ArchitecturesOfTheWorkedEncodings) {
  // CompilerBackendSpec.scala: all depths 2^30, stride depths 4 => A=30, S=2, operands 4
  // bytes each, 13-byte instructions; depths 2^14 => 7-byte instructions.
  const InstructionLayout big = InstructionLayout::derive(uniform(4, uint64_t(1) << 30, 4));
  EXPECT_EQ(big.operand0_address_bits, 30u);
  EXPECT_EQ(big.stride0_bits, 2u);
  EXPECT_EQ(big.operand0_bits, 32u);
  EXPECT_EQ(big.operand1_bits, 32u);
  EXPECT_EQ(big.operand2_bits, 32u);
  EXPECT_EQ(big.instruction_bytes, 13u);
  EXPECT_EQ(InstructionLayout::derive(uniform(4, uint64_t(1) << 14, 4)).instruction_bytes, 7u);
}

TEST(InstructionLayout, SimdFieldDominatesOperand2WithManyRegisters) {
  // 16 registers: w = log2Ceil(17) = 5, sub-instruction 3*5+4 = 19 bits;
  // with 16-deep memories the addresses need only 4 bits, so O2 = round8(19) = 24.
  Architecture a = uniform(4, 16, 1);
  a.simd_registers_depth = 16;
  const InstructionLayout l = InstructionLayout::derive(a);
  EXPECT_EQ(l.simd_operand_bits, 5u);
  EXPECT_EQ(l.operand2_bits, 24u);
  EXPECT_EQ(l.instruction_bytes, (8u + 8u + 8u + 24u) / 8u);
  a.simd_registers_depth = 0;  // w = log2Ceil(1) = 0
  EXPECT_EQ(InstructionLayout::derive(a).simd_operand_bits, 0u);
}

TEST(Architecture, CompatibilityComparesTheNineNonThreadFields) {
  const Architecture base = shipped(8, 1048576, 1048576, 8192, 2048);
  Architecture threads = base;
  threads.number_of_threads = 2;
  threads.thread_queue_depth = 4;
  EXPECT_TRUE(base.compatible_with(threads));
  const auto differs = [&](auto change) {
    Architecture other = base;
    change(other);
    return !base.compatible_with(other);
  };
  EXPECT_TRUE(differs([](Architecture& a) { a.data_type = DataType::FP32BP16; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.array_size = 4; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.dram0_depth = 1024; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.dram1_depth = 1024; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.local_depth = 1024; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.accumulator_depth = 1024; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.simd_registers_depth = 2; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.stride0_depth = 4; }));
  EXPECT_TRUE(differs([](Architecture& a) { a.stride1_depth = 4; }));
}

TEST(Architecture, ValidateNamesTheOffendingKey) {
  const Architecture good = shipped(8, 1048576, 1048576, 8192, 2048);
  ASSERT_EQ(good.validate(), "");
  const auto problem = [&](auto change) {
    Architecture a = good;
    change(a);
    return a.validate();
  };
  EXPECT_NE(problem([](Architecture& a) { a.array_size = 0; }).find("array_size"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.array_size = 257; }).find("array_size"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.dram0_depth = 0; }).find("dram0_depth"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.dram1_depth = (uint64_t(1) << 32) + 1; }).find("dram1_depth"),
            std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.local_depth = 65537; }).find("local_depth"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.accumulator_depth = 0; }).find("accumulator_depth"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.simd_registers_depth = 17; }).find("simd_registers_depth"),
            std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.stride0_depth = 0; }).find("stride0_depth"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.stride1_depth = 33; }).find("stride1_depth"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.number_of_threads = 0; }).find("number_of_threads"), std::string::npos);
  EXPECT_NE(problem([](Architecture& a) { a.thread_queue_depth = 0; }).find("thread_queue_depth"), std::string::npos);
  // Edges that are allowed: the shipped non-powers of two, 2x2 arrays, 16
  // SIMD registers, 2^32-deep DRAMs, 2 threads.
  EXPECT_EQ(problem([](Architecture& a) { a.local_depth = 49152; a.accumulator_depth = 20480; }), "");
  EXPECT_EQ(problem([](Architecture& a) { a.array_size = 2; }), "");
  EXPECT_EQ(problem([](Architecture& a) { a.simd_registers_depth = 16; }), "");
  EXPECT_EQ(problem([](Architecture& a) { a.dram0_depth = uint64_t(1) << 32; }), "");
  EXPECT_EQ(problem([](Architecture& a) { a.number_of_threads = 2; }), "");
}

}  // namespace
}  // namespace acosim::tensil

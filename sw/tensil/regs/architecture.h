// Tensil architecture parameters (.tarch) and the instruction layout derived
// from them. This is part of the hardware/software contract: the SystemC TCU
// and the driver both include it, so they cannot disagree on field widths.
// Plain C++17, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace acosim::tensil {

// Fixed-point formats of the TCU datapath (Tensil
// common/src/tensil/ArchitectureDataType.scala). Every datapath
// (local memory, array, accumulators, SIMD registers) is exactly `width`
// bits wide; `bytes` is the size of one scalar in files and DRAM.
enum class DataType { FP8BP4, FP16BP8, FP18BP10, FP32BP16 };

struct DataTypeInfo {
  DataType type;
  const char* name;
  unsigned width;         // bits of the raw two's-complement value
  unsigned binary_point;  // raw = value * 2^binary_point
  unsigned bytes;         // bytes per scalar in .tdata / DRAM
};

const DataTypeInfo& data_type_info(DataType type);
// Parses the .tarch spelling ("FP16BP8"...). FLOAT32 is not an RTL type and
// yields nullopt, like every unknown name.
std::optional<DataType> parse_data_type(std::string_view name);

// The eleven .tarch keys (Tensil common/src/tensil/Architecture.scala).
struct Architecture {
  DataType data_type = DataType::FP16BP8;
  uint32_t array_size = 8;
  uint64_t dram0_depth = 1048576;
  uint64_t dram1_depth = 1048576;
  uint64_t local_depth = 8192;
  uint64_t accumulator_depth = 2048;
  uint32_t simd_registers_depth = 1;
  uint32_t stride0_depth = 8;
  uint32_t stride1_depth = 8;
  uint32_t number_of_threads = 1;
  uint32_t thread_queue_depth = 8;

  const DataTypeInfo& type() const { return data_type_info(data_type); }
  // Bytes of one vector (array_size scalars) in DRAM and files.
  uint64_t vector_bytes() const { return uint64_t(array_size) * type().bytes; }
  // The nine fields the embedded driver compares (thread keys excluded).
  bool compatible_with(const Architecture& other) const;
  // Checks the documented ranges; returns an empty string when valid,
  // otherwise a sentence naming the offending key.
  std::string validate() const;
};

// Number of bits needed to write x-1 in binary (Scala log2Ceil):
// log2_ceil(1)=0, log2_ceil(2)=1, log2_ceil(20480)=15.
unsigned log2_ceil(uint64_t x);

// Instruction layout rules of Tensil common/src/tensil/InstructionLayout.scala.
struct InstructionLayout {
  unsigned local_bits;            // L
  unsigned accumulator_bits;      // A
  unsigned dram0_bits;            // D0
  unsigned dram1_bits;            // D1
  unsigned stride0_bits;          // S0
  unsigned stride1_bits;          // S1
  unsigned simd_operand_bits;     // w = log2Ceil(simd_registers_depth + 1)
  unsigned operand0_address_bits; // A0 = max(L, A)
  unsigned operand0_bits;         // O0 = round8(A0 + S0)
  unsigned operand1_address_bits; // A1 = max(L, D0, D1, A)
  unsigned operand1_bits;         // O1 = round8(A1 + S1)
  unsigned operand2_bits;         // O2 = round8(max(min(L,A), min(L,D0), min(L,D1), 3w+4))
  unsigned instruction_bytes;     // (8 + O0 + O1 + O2) / 8

  static InstructionLayout derive(const Architecture& arch);
};

}  // namespace acosim::tensil

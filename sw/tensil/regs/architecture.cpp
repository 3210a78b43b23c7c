#include "sw/tensil/regs/architecture.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace acosim::tensil {

namespace {

// Tensil common/src/tensil/Fixed*.scala: bytes per scalar in .tdata and DRAM. FP18BP10 travels
// in 4-byte words (store_raw/load_raw).
constexpr DataTypeInfo kDataTypes[] = {
    {DataType::FP8BP4, "FP8BP4", 8, 4, 1},
    {DataType::FP16BP8, "FP16BP8", 16, 8, 2},
    {DataType::FP18BP10, "FP18BP10", 18, 10, 4},
    {DataType::FP32BP16, "FP32BP16", 32, 16, 4},
};

unsigned round8(unsigned bits) { return (bits + 7) / 8 * 8; }

std::string range_error(const char* key, uint64_t value, uint64_t low, uint64_t high) {
  return std::string(key) + " is " + std::to_string(value) + ", outside " + std::to_string(low) + ".." +
         std::to_string(high);
}

}  // namespace

const DataTypeInfo& data_type_info(DataType type) {
  for (const DataTypeInfo& info : kDataTypes) {
    if (info.type == type) return info;
  }
  throw std::invalid_argument("unknown data type");
}

std::optional<DataType> parse_data_type(std::string_view name) {
  for (const DataTypeInfo& info : kDataTypes) {
    if (name == info.name) return info.type;
  }
  return std::nullopt;
}

bool Architecture::compatible_with(const Architecture& other) const {
  // The embedded driver's tensil_architecture_is_compatible (architecture.c):
  // the nine non-thread fields must be identical.
  return data_type == other.data_type && array_size == other.array_size && dram0_depth == other.dram0_depth &&
         dram1_depth == other.dram1_depth && local_depth == other.local_depth &&
         accumulator_depth == other.accumulator_depth && simd_registers_depth == other.simd_registers_depth &&
         stride0_depth == other.stride0_depth && stride1_depth == other.stride1_depth;
}

std::string Architecture::validate() const {
  // Ranges of the "allowable values" in Tensil's documentation
  // (architectural parameters), widened where
  // Tensil's own files and tests go beyond them: array sizes from 1 (tests
  // use 2x2), local/accumulator depths that are not powers of two (20480,
  // 49152), and DRAM depths of at least one vector.
  if (array_size < 1 || array_size > 256) return range_error("array_size", array_size, 1, 256);
  if (dram0_depth < 1 || dram0_depth > (uint64_t(1) << 32))
    return range_error("dram0_depth", dram0_depth, 1, uint64_t(1) << 32);
  if (dram1_depth < 1 || dram1_depth > (uint64_t(1) << 32))
    return range_error("dram1_depth", dram1_depth, 1, uint64_t(1) << 32);
  if (local_depth < 1 || local_depth > (uint64_t(1) << 16))
    return range_error("local_depth", local_depth, 1, uint64_t(1) << 16);
  if (accumulator_depth < 1 || accumulator_depth > (uint64_t(1) << 16))
    return range_error("accumulator_depth", accumulator_depth, 1, uint64_t(1) << 16);
  if (simd_registers_depth > 16) return range_error("simd_registers_depth", simd_registers_depth, 0, 16);
  if (stride0_depth < 1 || stride0_depth > 32) return range_error("stride0_depth", stride0_depth, 1, 32);
  if (stride1_depth < 1 || stride1_depth > 32) return range_error("stride1_depth", stride1_depth, 1, 32);
  if (number_of_threads < 1 || number_of_threads > 2)
    return range_error("number_of_threads", number_of_threads, 1, 2);
  if (thread_queue_depth < 1) return range_error("thread_queue_depth", thread_queue_depth, 1, UINT32_MAX);
  return "";
}

unsigned log2_ceil(uint64_t x) {
  // Scala's log2Ceil: bits needed to write x-1 (InstructionLayout.scala).
  // Tensil's C driver (drivers/embedded/tensil/instruction.c) uses
  // floor(log2(x)) instead, which is wrong for depths that are not powers
  // of two.
  unsigned bits = 0;
  for (uint64_t v = x > 0 ? x - 1 : 0; v != 0; v >>= 1) ++bits;
  return bits;
}

InstructionLayout InstructionLayout::derive(const Architecture& arch) {
  InstructionLayout l{};
  l.local_bits = log2_ceil(arch.local_depth);
  l.accumulator_bits = log2_ceil(arch.accumulator_depth);
  l.dram0_bits = log2_ceil(arch.dram0_depth);
  l.dram1_bits = log2_ceil(arch.dram1_depth);
  l.stride0_bits = log2_ceil(arch.stride0_depth);
  l.stride1_bits = log2_ceil(arch.stride1_depth);
  l.simd_operand_bits = log2_ceil(uint64_t(arch.simd_registers_depth) + 1);
  l.operand0_address_bits = std::max(l.local_bits, l.accumulator_bits);
  l.operand0_bits = round8(l.operand0_address_bits + l.stride0_bits);
  l.operand1_address_bits = std::max({l.local_bits, l.dram0_bits, l.dram1_bits, l.accumulator_bits});
  l.operand1_bits = round8(l.operand1_address_bits + l.stride1_bits);
  l.operand2_bits = round8(std::max({std::min(l.local_bits, l.accumulator_bits), std::min(l.local_bits, l.dram0_bits),
                                     std::min(l.local_bits, l.dram1_bits), 3 * l.simd_operand_bits + 4}));
  l.instruction_bytes = (8 + l.operand0_bits + l.operand1_bits + l.operand2_bits) / 8;
  return l;
}

}  // namespace acosim::tensil

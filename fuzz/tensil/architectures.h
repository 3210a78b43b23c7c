// The architectures the program targets fuzz on. The first two are the
// example devices (examples/tensil/arch/pynqz1.tarch, ultra96v2.tarch), so
// the example programs are meaningful seeds; the others are small, so that
// random addresses often land inside the memories, and cover the other data
// types, depths that are not powers of two, a stride depth of 1 (no stride
// bits) and the narrowest layout (every depth 1: 2-byte instructions).
#pragma once

#include <array>

#include "sw/tensil/regs/architecture.h"

namespace acosim::fuzz {

inline tensil::Architecture fuzz_architecture(tensil::DataType type, uint32_t array_size, uint64_t dram0,
                                              uint64_t dram1, uint64_t local, uint64_t accumulators,
                                              uint32_t simd_registers, uint32_t stride0, uint32_t stride1) {
  tensil::Architecture a;
  a.data_type = type;
  a.array_size = array_size;
  a.dram0_depth = dram0;
  a.dram1_depth = dram1;
  a.local_depth = local;
  a.accumulator_depth = accumulators;
  a.simd_registers_depth = simd_registers;
  a.stride0_depth = stride0;
  a.stride1_depth = stride1;
  a.number_of_threads = 1;
  a.thread_queue_depth = 8;
  return a;
}

inline const std::array<tensil::Architecture, 6>& fuzz_architectures() {
  using tensil::DataType;
  static const std::array<tensil::Architecture, 6> archs{
      fuzz_architecture(DataType::FP16BP8, 8, 1048576, 1048576, 8192, 2048, 1, 8, 8),    // pynqz1
      fuzz_architecture(DataType::FP16BP8, 16, 2097152, 2097152, 20480, 4096, 1, 8, 8),  // ultra96v2
      fuzz_architecture(DataType::FP16BP8, 2, 64, 32, 32, 16, 3, 4, 4),
      fuzz_architecture(DataType::FP8BP4, 4, 16, 8, 16, 8, 2, 2, 8),
      fuzz_architecture(DataType::FP18BP10, 3, 40, 24, 20, 12, 16, 32, 1),
      fuzz_architecture(DataType::FP32BP16, 1, 1, 1, 1, 1, 0, 1, 1),
  };
  return archs;
}

}  // namespace acosim::fuzz

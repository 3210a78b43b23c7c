// The DMA engines a client platform gives Tensil's driver: the instruction
// engine only transmits (MM2S), the sample engine only receives (S2MM), as
// in Tensil's platform.h for each target.
#pragma once

#include <cstdint>

#include <gtest/gtest.h>

#include "sw/tensil/client_platform/client_platform.h"

namespace acosim::tensil::client::test {

inline void expect_dma_roles(Platform& platform, uint32_t instruction_dma, uint32_t sample_dma) {
  const XAxiDma_Config* instructions = platform.lookup_config(instruction_dma);
  const XAxiDma_Config* samples = platform.lookup_config(sample_dma);
  ASSERT_NE(instructions, nullptr);
  ASSERT_NE(samples, nullptr);
  EXPECT_EQ(instructions->HasMm2S, 1);
  EXPECT_EQ(instructions->HasS2Mm, 0);
  EXPECT_EQ(samples->HasMm2S, 0);
  EXPECT_EQ(samples->HasS2Mm, 1);
}

}  // namespace acosim::tensil::client::test

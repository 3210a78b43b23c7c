// The rules a GDMA or BDC command must keep, checked when it is issued so
// that a refused command writes nothing. Each failure throws IllegalCommand
// naming the API call, the operand and the rule (docs/sophon.md, "Illegal
// programming").
#pragma once

#include <string>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"
#include "sw/sophon/tpu/ports.h"

namespace acosim::sophon {

[[noreturn]] void refuse(const char* api, const std::string& rule);

constexpr int kNoChannelLimit = 0x7fffffff;

/// n, c, h, w in [1, 65535]; c at most `max_c`.
void check_shape(const char* api, const char* what, const Dim4& shape, int max_c);

/// A local operand: inside local memory, aligned, strides not negative, every
/// NPU's part ends inside that NPU's memory. Returns its start NPU.
uint32_t check_local(const Chip& chip, const char* api, const char* role, const Tensor& t,
                     const Dim4& shape);

/// A system operand: its whole footprint inside DDR or inside L2-SRAM.
void check_system(const Chip& chip, const char* api, const char* role, const Tensor& t,
                  const Dim4& shape);

/// Local or system, as the operand says.
void check_operand(const Chip& chip, const char* api, const char* role, const Tensor& t,
                   const Dim4& shape);

/// Operands of one BDC command must start on the same NPU.
void check_same_npu(const char* api, const char* role_a, uint32_t npu_a, const char* role_b,
                    uint32_t npu_b);

}  // namespace acosim::sophon

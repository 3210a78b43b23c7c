#include "systemc/sophon/command_check.h"

#include <cstdint>

#include "sw/common/hex.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

void refuse(const char* api, const std::string& rule) {
  throw IllegalCommand(std::string(api) + ": " + rule);
}

void check_shape(const char* api, const char* what, const Dim4& s, int max_c) {
  const int32_t dims[4] = {s.n, s.c, s.h, s.w};
  const char* names = "nchw";
  for (int i = 0; i < 4; ++i) {
    const int32_t limit = i == 1 ? max_c : 65535;
    if (dims[i] < 1 || dims[i] > limit) {
      refuse(api, std::string(what) + " " + to_string(s) + ": " + names[i] + " = " +
                      std::to_string(dims[i]) + " is outside [1, " + std::to_string(limit) + "]");
    }
  }
}

namespace {

void check_strides(const char* api, const char* role, const Tensor& t) {
  if (t.stride.n < 0 || t.stride.c < 0 || t.stride.h < 0 || t.stride.w < 0) {
    refuse(api, std::string(role) + " stride " + to_string(t.stride) + " is negative");
  }
}

}  // namespace

uint32_t check_local(const Chip& chip, const char* api, const char* role, const Tensor& t,
                     const Dim4& shape) {
  if (t.address >= chip.local_mem_total()) {
    refuse(api, std::string(role) + " local address " + hex(t.address) +
                    " is past the end of local memory (" + hex(chip.local_mem_total()) + ")");
  }
  // BM1684 keeps every local tensor in 32-bit words (4N/2N packing); a
  // chip without packing needs element alignment.
  const uint32_t alignment = chip.packed_4n ? 4 : dtype_bytes(t.dtype);
  if (t.address % alignment != 0) {
    refuse(api, std::string(role) + " local address " + hex(t.address) +
                    " is not a multiple of " + std::to_string(alignment));
  }
  check_strides(api, role, t);
  const LocalGeometry g(chip, t);
  const int64_t end = g.end_offset(shape);
  if (end > chip.local_mem_bytes) {
    refuse(api, std::string(role) + " " + to_string(shape) + " at local address " +
                    hex(t.address) + " with stride " + to_string(t.stride) + " ends at offset " +
                    hex(static_cast<uint64_t>(end)) + ", past the end of its NPU's " +
                    std::to_string(chip.local_mem_bytes) + " bytes of local memory");
  }
  return g.start_npu;
}

void check_system(const Chip& chip, const char* api, const char* role, const Tensor& t,
                  const Dim4& shape) {
  check_strides(api, role, t);
  const SystemGeometry g(t);
  const uint64_t last = g.byte(shape.n - 1, shape.c - 1, shape.h - 1, shape.w - 1) +
                        g.element_bytes - 1;
  const auto inside = [&](uint64_t start, uint64_t bytes) {
    return t.address >= start && last < start + bytes && last >= t.address;
  };
  if (!inside(chip.global_mem_start, chip.global_mem_bytes) &&
      !inside(chip.l2_sram_start, chip.l2_sram_bytes)) {
    refuse(api, std::string(role) + " system range [" + hex(t.address) + ", " + hex(last) +
                    "] is not inside global memory [" + hex(chip.global_mem_start) + ", " +
                    hex(chip.global_mem_start + chip.global_mem_bytes - 1) + "] or L2-SRAM [" +
                    hex(chip.l2_sram_start) + ", " +
                    hex(chip.l2_sram_start + chip.l2_sram_bytes - 1) + "]");
  }
}

void check_operand(const Chip& chip, const char* api, const char* role, const Tensor& t,
                   const Dim4& shape) {
  if (t.space == Space::Local) {
    check_local(chip, api, role, t, shape);
  } else {
    check_system(chip, api, role, t, shape);
  }
}

void check_same_npu(const char* api, const char* role_a, uint32_t npu_a, const char* role_b,
                    uint32_t npu_b) {
  if (npu_a != npu_b) {
    refuse(api, std::string(role_a) + " starts on NPU " + std::to_string(npu_a) + " but " +
                    role_b + " on NPU " + std::to_string(npu_b) +
                    " (operands of a BDC command start on the same NPU)");
  }
}

}  // namespace acosim::sophon

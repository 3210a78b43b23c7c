#include "sw/sophon/tpu/device_runtime.h"

#include <algorithm>

namespace acosim::sophon {

uint32_t issue_gdma(GdmaCommand command) {
  command.wait_for = command_order().gdma_waits_for();
  const uint32_t id = current_device().issue(command);
  command_order().gdma_issued(id);
  return id;
}

namespace {

// Ops whose every channel depends only on the same channel of its sources.
bool channel_independent(BdcOp op) {
  return op != BdcOp::Conv2d && op != BdcOp::MatMul;
}

// The same tensor from channel `first` on: `first` is a multiple of
// NPU_NUM, so the piece starts on the same NPU, `first / NPU_NUM` slots on.
Tensor from_channel(const Chip& chip, Tensor t, int first) {
  const uint32_t word = chip.packed_4n ? 4 : dtype_bytes(t.dtype);
  t.address += uint64_t(first / int(chip.npu_num)) * uint64_t(t.stride.c) * word;
  return t;
}

}  // namespace

// OKKernel's functions take any C (Sophgo's own pooling examples pass
// C = 8192 and 131072), while a BDC command takes at most Chip::max_bdc_c
// channels: the firmware issues a channel-independent operation as pieces
// of the largest multiple of NPU_NUM channels within the limit (TPU-Kernel
// calls beyond BM1684X's 65535 likewise). Per-NPU operands (a VECTOR
// source, a polynomial's coefficients) are the same for every piece.
std::vector<BdcCommand> pieces_of(const Chip& chip, const BdcCommand& command) {
  const int piece = int(chip.max_bdc_c / chip.npu_num * chip.npu_num);
  const int channels = command.shape.c;
  if (channels <= int(chip.max_bdc_c) || !channel_independent(command.op)) return {command};
  std::vector<BdcCommand> parts;
  for (int first = 0; first < channels; first += piece) {
    BdcCommand part = command;
    part.shape.c = std::min(piece, channels - first);
    part.dst = from_channel(chip, command.dst, first);
    for (int i = 0; i < 4; ++i) {
      const bool per_npu = command.op == BdcOp::Polynomial && i == 1;
      if (part.src[i].kind == Source::Kind::Tensor && !per_npu) {
        part.src[i].tensor = from_channel(chip, command.src[i].tensor, first);
      }
    }
    part.conv.weight = from_channel(chip, command.conv.weight, first);
    part.conv.bias = from_channel(chip, command.conv.bias, first);
    parts.push_back(part);
  }
  return parts;
}

uint32_t issue_bdc(BdcCommand command) {
  const std::vector<BdcCommand> parts = pieces_of(current_device().chip(), command);
  if (parts.size() > 1) {
    int first = 0;
    for (const BdcCommand& part : parts) {
      try {
        current_device().check(part);
      } catch (const IllegalCommand& refused) {
        throw IllegalCommand(std::string(refused.what()) + " (channels " + std::to_string(first) +
                             " to " + std::to_string(first + part.shape.c - 1) + " of C = " +
                             std::to_string(command.shape.c) + ", issued in pieces)");
      }
      first += part.shape.c;
    }
  }
  uint32_t id = 0;
  for (BdcCommand part : parts) {
    part.wait_for = command_order().bdc_waits_for();
    id = current_device().issue(part);
    command_order().bdc_issued(id);
  }
  return id;
}

void issue_all(const std::vector<GdmaCommand>& commands) {
  for (const GdmaCommand& c : commands) current_device().check(c);
  for (const GdmaCommand& c : commands) issue_gdma(c);
}

void issue_all(const std::vector<BdcCommand>& commands) {
  for (const BdcCommand& c : commands) current_device().check(c);
  for (const BdcCommand& c : commands) issue_bdc(c);
}

void run_device_function(void (*function)(const void*), const void* args) {
  command_order().parallel_end();
  function(args);
}

CommandOrder& command_order() {
  static CommandOrder order;
  return order;
}

}  // namespace acosim::sophon

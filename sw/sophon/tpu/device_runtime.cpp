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
// of the largest multiple of NPU_NUM channels within the limit.
uint32_t issue_bdc(BdcCommand command) {
  const Chip& chip = current_device().chip();
  const int piece = int(chip.max_bdc_c / chip.npu_num * chip.npu_num);
  const int channels = command.shape.c;
  if (channels <= int(chip.max_bdc_c) || !channel_independent(command.op)) {
    command.wait_for = command_order().bdc_waits_for();
    const uint32_t id = current_device().issue(command);
    command_order().bdc_issued(id);
    return id;
  }
  uint32_t id = 0;
  for (int first = 0; first < channels; first += piece) {
    BdcCommand part = command;
    part.shape.c = std::min(piece, channels - first);
    part.dst = from_channel(chip, command.dst, first);
    for (Source& source : part.src) {
      if (source.kind == Source::Kind::Tensor) source.tensor = from_channel(chip, source.tensor, first);
    }
    part.conv.weight = from_channel(chip, command.conv.weight, first);
    part.conv.bias = from_channel(chip, command.conv.bias, first);
    part.wait_for = command_order().bdc_waits_for();
    id = current_device().issue(part);
    command_order().bdc_issued(id);
  }
  return id;
}

CommandOrder& command_order() {
  static CommandOrder order;
  return order;
}

}  // namespace acosim::sophon

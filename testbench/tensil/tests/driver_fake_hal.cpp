#include "testbench/tensil/tests/driver_fake_hal.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "sw/tensil/regs/config_registers.h"

namespace acosim::tensil::testing {

FakeHal::FakeHal(const Architecture& arch) : arch_(arch), layout_(InstructionLayout::derive(arch)) {}

void FakeHal::store(uint64_t address, const uint8_t* data, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i) memory_[address + i] = data[i];
}

void FakeHal::write_memory(uint64_t address, const void* data, size_t bytes) {
  store(address, static_cast<const uint8_t*>(data), bytes);
}

void FakeHal::read_memory(uint64_t address, void* data, size_t bytes) {
  land_due_writes();
  const std::vector<uint8_t> found = bytes_at(address, bytes);
  std::copy(found.begin(), found.end(), static_cast<uint8_t*>(data));
}

std::vector<uint8_t> FakeHal::bytes_at(uint64_t address, size_t bytes) const {
  std::vector<uint8_t> found(bytes, 0);
  for (size_t i = 0; i < bytes; ++i) {
    const auto it = memory_.find(address + i);
    if (it != memory_.end()) found[i] = it->second;
  }
  return found;
}

void FakeHal::sleep_ns(uint64_t nanoseconds) {
  sleeps.push_back(nanoseconds);
  now_ += nanoseconds;
}

void FakeHal::write_stream(hal::StreamId id, const void* data, size_t bytes) {
  if (id != hal::StreamId::Instructions) throw std::logic_error("driver wrote to a stream other than Instructions");
  const auto* begin = static_cast<const uint8_t*>(data);
  stream.insert(stream.end(), begin, begin + bytes);
  transfers.push_back(bytes);
  now_ += bytes * ns_per_stream_byte;
  // Whole instructions only: a chunk may end inside one.
  while (stream.size() - interpreted_bytes_ >= layout_.instruction_bytes) {
    const Instruction instruction = decode_instruction(layout_, &stream[interpreted_bytes_]);
    interpreted_bytes_ += layout_.instruction_bytes;
    if (executes) execute(instruction);
  }
}

std::vector<Instruction> FakeHal::decoded_stream() const {
  std::vector<Instruction> instructions;
  for (size_t at = 0; at + layout_.instruction_bytes <= stream.size(); at += layout_.instruction_bytes) {
    instructions.push_back(decode_instruction(layout_, &stream[at]));
  }
  return instructions;
}

void FakeHal::land_due_writes() {
  auto due = std::stable_partition(pending_.begin(), pending_.end(),
                                   [this](const PendingWrite& w) { return w.ready_ns > now_; });
  for (auto it = due; it != pending_.end(); ++it) store(it->address, it->bytes.data(), it->bytes.size());
  pending_.erase(due, pending_.end());
}

void FakeHal::execute(const Instruction& instruction) {
  const uint64_t vector_bytes = arch_.vector_bytes();
  if (instruction.opcode == uint8_t(Opcode::Configure)) {
    // Tensil's Decoder.scala: DRAM offsets count 64 KiB blocks.
    const uint64_t offset = uint64_t(instruction.configure_value() & 0xFFFF) << kDramOffsetShift;
    if (instruction.configure_register() == uint32_t(ConfigRegister::Dram0AddressOffset)) dram0_offset_ = offset;
    if (instruction.configure_register() == uint32_t(ConfigRegister::Dram1AddressOffset)) dram1_offset_ = offset;
    return;
  }
  if (instruction.opcode != uint8_t(Opcode::DataMove)) return;
  if (instruction.operand0_stride != 0 || instruction.operand1_stride != 0) {
    throw std::logic_error("the driver's DataMoves are contiguous; this one has a stride");
  }
  const uint64_t vectors = instruction.operand2 + 1;
  for (uint64_t t = 0; t < vectors; ++t) {
    const uint64_t local_vector = instruction.operand0_address + t;
    const uint64_t other_vector = instruction.operand1_address + t;
    switch (DataMoveKind(instruction.flags)) {
      case DataMoveKind::Dram0ToLocal:
        local[local_vector] = bytes_at(dram0_offset_ + other_vector * vector_bytes, vector_bytes);
        break;
      case DataMoveKind::Dram1ToLocal:
        local[local_vector] = bytes_at(dram1_offset_ + other_vector * vector_bytes, vector_bytes);
        break;
      case DataMoveKind::LocalToDram0: {
        std::vector<uint8_t> bytes = local.count(local_vector) ? local[local_vector]
                                                               : std::vector<uint8_t>(vector_bytes, 0);
        pending_.push_back({now_ + write_latency_ns, dram0_offset_ + other_vector * vector_bytes, bytes});
        break;
      }
      default:
        throw std::logic_error("unexpected DataMove kind " + std::to_string(instruction.flags));
    }
  }
}

}  // namespace acosim::tensil::testing

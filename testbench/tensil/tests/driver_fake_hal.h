// A HAL test double for the Tensil driver: sparse memory, a recorded
// instruction stream, a fake clock, and a functional interpreter of just the
// instructions the driver itself emits (Configure of the DRAM offsets and
// DRAM<->local DataMoves), so the flush probe completes only when the driver
// encoded it with the right addresses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil::testing {

class FakeHal : public hal::Hal {
 public:
  explicit FakeHal(const Architecture& arch);

  void write_memory(uint64_t address, const void* data, size_t bytes) override;
  void read_memory(uint64_t address, void* data, size_t bytes) override;
  void write_stream(hal::StreamId stream, const void* data, size_t bytes) override;
  void sleep_ns(uint64_t nanoseconds) override;
  uint64_t now_ns() const override { return now_; }

  // Behaviour knobs.
  bool executes = true;                // false: the TCU never runs anything
  uint64_t ns_per_stream_byte = 0;     // time a stream transfer takes per byte
  uint64_t write_latency_ns = 0;       // DataMove writes to DRAM land this much later

  // What the driver did.
  std::vector<uint8_t> stream;          // every instruction byte, in order
  std::vector<size_t> transfers;        // size of each write_stream call
  std::vector<uint64_t> sleeps;         // each sleep_ns argument
  std::map<uint64_t, std::vector<uint8_t>> local;  // local memory vectors the interpreter wrote

  std::vector<uint8_t> bytes_at(uint64_t address, size_t bytes) const;
  std::vector<Instruction> decoded_stream() const;

 private:
  struct PendingWrite {
    uint64_t ready_ns;
    uint64_t address;
    std::vector<uint8_t> bytes;
  };

  void execute(const Instruction& instruction);
  void land_due_writes();
  void store(uint64_t address, const uint8_t* data, size_t bytes);

  Architecture arch_;
  InstructionLayout layout_;
  std::map<uint64_t, uint8_t> memory_;
  std::vector<PendingWrite> pending_;
  size_t interpreted_bytes_ = 0;
  uint64_t dram0_offset_ = 0;
  uint64_t dram1_offset_ = 0;
  uint64_t now_ = 0;
};

}  // namespace acosim::tensil::testing

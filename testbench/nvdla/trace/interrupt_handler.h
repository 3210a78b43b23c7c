// Services NVDLA's interrupt line for the .cfg trace player the way NVDLA's
// UVM trace player does (nvdla/hw verif/testbench/trace_player/
// nvdla_tb_intr_handler.sv): wait for the line, read GLB S_INTR_STATUS and
// S_INTR_MASK, take status & ~mask, note every set bit as one interrupt
// seen, write the same value back to S_INTR_STATUS (write-1-to-clear) and
// check that those bits cleared. intr_notify commands then consume the
// interrupts they expect, in whatever order the units raised them.
// Plain C++, no SystemC.
#pragma once

#include <array>
#include <cstdint>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/trace/trace_text.h"

namespace acosim::nvdla::trace {

// Per GLB S_INTR_STATUS bit, a count of interrupts.
using InterruptCounts = std::array<unsigned, 32>;

class InterruptHandler {
 public:
  InterruptHandler(hal::Hal& hal, Config config);

  // Consumes one interrupt on `status_bit`, servicing the line until it has
  // been seen. `expected` holds, per bit, how many intr_notify commands are
  // left in the trace including this one: an interrupt beyond those is a
  // TraceError at `where`, as is a line that is high with nothing pending
  // or status bits that do not clear. Returns false if `timeout_ns` passed
  // first.
  bool consume(unsigned status_bit, uint64_t timeout_ns, const InterruptCounts& expected, const SourceLocation& where);

 private:
  void service(const InterruptCounts& expected, const SourceLocation& where);

  hal::Hal& hal_;
  uint32_t status_address_;
  uint32_t mask_address_;
  InterruptCounts seen_{};  // interrupts seen and not consumed yet
};

}  // namespace acosim::nvdla::trace

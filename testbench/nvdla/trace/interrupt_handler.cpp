#include "testbench/nvdla/trace/interrupt_handler.h"

#include "sw/nvdla/regs/glb.h"
#include "testbench/nvdla/trace/unit_names.h"

namespace acosim::nvdla::trace {

InterruptHandler::InterruptHandler(hal::Hal& hal, Config config)
    : hal_(hal),
      status_address_(hardware_config(config).unit_base(Unit::Glb) + regs::glb::S_INTR_STATUS),
      mask_address_(hardware_config(config).unit_base(Unit::Glb) + regs::glb::S_INTR_MASK) {}

bool InterruptHandler::consume(unsigned status_bit, uint64_t timeout_ns, const InterruptCounts& expected,
                               const SourceLocation& where) {
  const uint64_t start = hal_.now_ns();
  const uint64_t deadline = timeout_ns > UINT64_MAX - start ? UINT64_MAX : start + timeout_ns;
  while (seen_[status_bit] == 0) {
    const uint64_t now = hal_.now_ns();
    if (now >= deadline || !hal_.wait_for_interrupt(deadline - now)) return false;
    service(expected, where);
  }
  --seen_[status_bit];
  return true;
}

void InterruptHandler::service(const InterruptCounts& expected, const SourceLocation& where) {
  const uint32_t status = hal_.read_register(status_address_);
  const uint32_t mask = hal_.read_register(mask_address_);
  const uint32_t pending = status & ~mask;
  if (pending == 0) {
    fail_at(where, "the interrupt line is high, but GLB S_INTR_STATUS " + hex8(status) + " & ~S_INTR_MASK " +
                       hex8(mask) + " is 0");
  }
  for (unsigned bit = 0; bit < 32; ++bit) {
    if ((pending >> bit & 1u) == 0) continue;
    if (seen_[bit] + 1 > expected[bit]) {
      fail_at(where, "unexpected interrupt " + interrupt_name(bit) + ": no intr_notify left in the trace expects it");
    }
    ++seen_[bit];
  }
  hal_.write_register(status_address_, pending);
  const uint32_t after = hal_.read_register(status_address_);
  if ((after & pending) != 0) {
    fail_at(where, "GLB S_INTR_STATUS bits " + hex8(after & pending) + " did not clear after writing " +
                       hex8(pending) + " (write-1-to-clear)");
  }
}

}  // namespace acosim::nvdla::trace

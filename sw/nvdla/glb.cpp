#include "sw/nvdla/glb.h"

#include <string>

#include "sw/nvdla/regs/glb.h"

namespace acosim::nvdla {

uint32_t done_bit_mask(Unit unit, unsigned group) { return 1u << done_status_bit(unit, group); }

GlbInterrupts::GlbInterrupts(hal::Hal& hal, const HardwareConfig& config) : hal_(hal), config_(config) {}

uint32_t GlbInterrupts::glb(uint32_t offset) const { return config_.unit_base(Unit::Glb) + offset; }

void GlbInterrupts::unmask(uint32_t bits) {
  const uint32_t mask = hal_.read_register(glb(regs::glb::S_INTR_MASK));
  hal_.write_register(glb(regs::glb::S_INTR_MASK), mask & ~bits);
}

uint32_t GlbInterrupts::service() {
  // dla_isr_handler acts on every set status bit, masked or not, and clears
  // exactly the bits it read (a done pulse arriving after the read stays set).
  const uint32_t status = hal_.read_register(glb(regs::glb::S_INTR_STATUS));
  if (status != 0) hal_.write_register(glb(regs::glb::S_INTR_STATUS), status);
  remembered_ |= status;
  return status;
}

void GlbInterrupts::wait_for_done(Unit unit, unsigned group, const DriverOptions& options) {
  const uint32_t bit = done_bit_mask(unit, group);
  const uint64_t start = hal_.now_ns();
  while ((remembered_ & bit) == 0) {
    const uint64_t elapsed = hal_.now_ns() - start;
    if (elapsed >= options.timeout_ns || !hal_.wait_for_interrupt(options.timeout_ns - elapsed)) {
      throw DriverError(std::string(unit_name(unit)) + " group " + std::to_string(group) +
                        ": no done interrupt within " + std::to_string(options.timeout_ns) +
                        " ns (GLB S_INTR_STATUS." + unit_name(unit) + "_DONE_STATUS" +
                        std::to_string(group) + " never set)");
    }
    // Without this event, let time pass before waiting again: the
    // interrupt output is registered and synchronised, so it can still be
    // high just after the status was cleared, and another unit's event may
    // keep it high.
    if ((service() & bit) == 0) hal_.sleep_ns(options.poll_interval_ns);
  }
  remembered_ &= ~bit;
}

void GlbInterrupts::forget(Unit unit, unsigned group) { remembered_ &= ~done_bit_mask(unit, group); }

}  // namespace acosim::nvdla

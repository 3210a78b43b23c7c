// GLB interrupt handling for the NVDLA drivers, the way NVDLA's firmware
// does it (nvdla/sw kmd/firmware engine.c dla_enable_intr, engine_isr.c
// dla_isr_handler): done sources are unmasked by a read-modify-write of
// S_INTR_MASK, and every interrupt is serviced by reading S_INTR_STATUS and
// writing the whole value back (write-1-to-clear). One service can clear the
// done events of several units and groups, so the events it clears are
// remembered until their waiter consumes them. Plain C++ on the HAL.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

// The hardware did not do what the driver waited for (a timeout) or refused
// a request at run time (both register groups taken).
struct DriverError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DriverOptions {
  // Longest wait, in HAL time, for a done interrupt or for a BDMA slot to
  // become free. The firmware waits forever; a driver under test must not.
  uint64_t timeout_ns = 1'000'000'000;
  // Pause between two polls of a status register (BDMA STATUS) and after an
  // interrupt that carried no new event, so that HAL time moves on.
  uint64_t poll_interval_ns = 100;
};

// The S_INTR_MASK / S_INTR_STATUS bit of a unit's done event for register
// group 0 or 1 (<UNIT>_DONE_MASK<g>, <UNIT>_DONE_STATUS<g>).
uint32_t done_bit_mask(Unit unit, unsigned group);

class GlbInterrupts {
 public:
  GlbInterrupts(hal::Hal& hal, const HardwareConfig& config);

  hal::Hal& hal() const { return hal_; }
  const HardwareConfig& config() const { return config_; }

  // dla_enable_intr: reads S_INTR_MASK, clears `bits` (0 = unmasked) and
  // writes it back; other sources keep their mask.
  void unmask(uint32_t bits);

  // Waits until the done event of `unit` for `group` has been seen, then
  // consumes it. Each interrupt is serviced like dla_isr_handler: read
  // S_INTR_STATUS, write the value read back to it. Events of other units or
  // groups cleared on the way stay remembered for their own waiters.
  // DriverError names the unit, group and status bit after
  // options.timeout_ns without the event.
  void wait_for_done(Unit unit, unsigned group, const DriverOptions& options);

  // Drops a remembered done event of `unit`/`group`. A driver calls it before
  // it programs that group: any event remembered then belongs to an earlier
  // use of the group and must not complete the new one.
  void forget(Unit unit, unsigned group);

  // Done events cleared in hardware but not consumed yet (S_INTR_STATUS bits).
  uint32_t remembered() const { return remembered_; }

 private:
  // One dla_isr_handler pass; returns the S_INTR_STATUS value it cleared.
  uint32_t service();
  uint32_t glb(uint32_t offset) const;

  hal::Hal& hal_;
  const HardwareConfig& config_;
  uint32_t remembered_ = 0;
};

}  // namespace acosim::nvdla

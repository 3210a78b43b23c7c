// One VCD file for a TCU run: the Verilated array's signals (when the engine
// has RTL) and the TLM side of the TCU, carried into the same file through
// the tcu_observer module (rtl/tensil/tcu_observer.sv), since Verilator's
// VCD writer takes several Verilated models but no SystemC signals.
//
// Time stamps: TLM-side observations are dumped at cycle * period; the array
// dumps after its rising edge at cycle * period + period/4 and after its
// falling edge at cycle * period + 3 * period/4, so the two never collide and
// time only moves forward. Verilator's writer stamps no date: the same run
// gives the same bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

class VerilatedContext;
class VerilatedVcdC;

namespace acosim::tensil {

class ArrayEngine;

// TLM-side state of the TCU shown in the waves.
struct TcuObservation {
  uint32_t program_counter = 0;
  bool instruction_valid = false;  // an instruction waits at the queue head
  bool instruction_ready = false;  // it is being dispatched
  uint8_t opcode = 0;              // opcode of the instruction at the head
  bool dram0_read = false;         // a DRAM0 read burst is in flight
  bool dram0_write = false;
  bool dram1_read = false;
  bool dram1_write = false;
  bool tracepoint = false;     // the decoder's tracepoint flag
  bool timeout = false;        // the decoder's timeout flag
  bool sample_valid = false;   // the sample stream (when sampling)
  bool sample_last = false;
  uint64_t sample = 0;         // 48 bits: PC, then the valid/ready pairs

  bool operator==(const TcuObservation& o) const {
    return program_counter == o.program_counter && instruction_valid == o.instruction_valid &&
           instruction_ready == o.instruction_ready && opcode == o.opcode && dram0_read == o.dram0_read &&
           dram0_write == o.dram0_write && dram1_read == o.dram1_read && dram1_write == o.dram1_write &&
           tracepoint == o.tracepoint && timeout == o.timeout && sample_valid == o.sample_valid &&
           sample_last == o.sample_last && sample == o.sample;
  }
  bool operator!=(const TcuObservation& o) const { return !(*this == o); }
};

class TcuWaves {
 public:
  // Opens `path` (throws std::runtime_error naming it when it cannot) after
  // letting `array` attach its signals.
  TcuWaves(const std::string& path, uint64_t clock_period_ps, ArrayEngine& array);
  ~TcuWaves();
  TcuWaves(const TcuWaves&) = delete;
  TcuWaves& operator=(const TcuWaves&) = delete;

  // Records the TLM-side state from `cycle` on.
  void observe(uint64_t cycle, const TcuObservation& observation);
  void close();

  // For array engines: the shared context and writer, and a dump that keeps
  // time strictly increasing.
  VerilatedContext& context();
  // For array engines, from attach_waves: record in the engine's own
  // context, since Verilator's writer takes models of one context only. The
  // waves share its ownership, so either may be destroyed first. Throws
  // std::logic_error once the file is open or another context was given.
  void use_context(std::shared_ptr<VerilatedContext> context);
  VerilatedVcdC& writer();
  uint64_t clock_period_ps() const;
  void dump(uint64_t time_ps);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace acosim::tensil

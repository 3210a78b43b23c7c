#include "systemc/tensil/waves.h"

#include <Vtcu_observer.h>
#include <verilated.h>
#include <verilated_vcd_c.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "systemc/core/gtkw.h"
#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

// Member order is destruction order reversed: the observer goes before the
// writer, the writer before the context that both belong to.
struct TcuWaves::Impl {
  std::shared_ptr<VerilatedContext> context;
  bool context_shared = false;
  std::unique_ptr<VerilatedVcdC> writer;
  std::unique_ptr<Vtcu_observer> observer;
  std::string path;
  uint64_t period_ps = 0;
  bool open = false;
  bool dumped = false;
  uint64_t last_time_ps = 0;
  // The TLM side's latest observation, not yet in the file: several
  // observations at one time collapse into the last one, so a state held
  // for zero time (idle, then dispatch at the same edge) never shows.
  bool pending = false;
  uint64_t pending_time_ps = 0;
  TcuObservation pending_observation;

  void write_pending();
  void dump(uint64_t time_ps);
};

void TcuWaves::Impl::write_pending() {
  if (!pending) return;
  pending = false;
  Vtcu_observer& o = *observer;
  o.program_counter = pending_observation.program_counter;
  o.instruction_valid = pending_observation.instruction_valid;
  o.instruction_ready = pending_observation.instruction_ready;
  o.opcode = pending_observation.opcode & 0xF;
  o.dram0_read = pending_observation.dram0_read;
  o.dram0_write = pending_observation.dram0_write;
  o.dram1_read = pending_observation.dram1_read;
  o.dram1_write = pending_observation.dram1_write;
  o.tracepoint = pending_observation.tracepoint;
  o.timeout = pending_observation.timeout;
  o.sample_valid = pending_observation.sample_valid;
  o.sample_last = pending_observation.sample_last;
  o.sample = pending_observation.sample & ((uint64_t(1) << 48) - 1);
  o.eval();
  dump(pending_time_ps);
}

// VCD time can only move forward. A dump at or before the last one (the
// TCU observing a cycle the array has already simulated past) is bumped to
// 1 ps after it: nothing observed is dropped, it appears that much later.
// After close() dumps are ignored.
void TcuWaves::Impl::dump(uint64_t time_ps) {
  if (!open) return;
  if (dumped && time_ps <= last_time_ps) time_ps = last_time_ps + 1;
  writer->dump(time_ps);
  last_time_ps = time_ps;
  dumped = true;
}

namespace {

// Verilator's writer cannot report a file it fails to create; it stops the
// process. Creating the file first turns that into an exception.
void check_creatable(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    throw std::runtime_error("cannot create VCD file '" + path + "': " + std::strerror(errno));
  }
  std::fclose(file);
}

// Explicit seed and zero reset values (anchors 2: Verilator 5.006 draws a
// random seed otherwise); wave time stamps are in picoseconds.
void configure(VerilatedContext& context) {
  context.randReset(0);
  context.randSeed(1);
  context.traceEverOn(true);
  context.timeunit(-12);
  context.timeprecision(-12);
}

}  // namespace

TcuWaves::TcuWaves(const std::string& path, uint64_t clock_period_ps, ArrayEngine& array)
    : m_impl(std::make_unique<Impl>()) {
  // The array dumps at P/4 and 3P/4 within each cycle and the observer at
  // 0: with P >= 4 ps the three never coincide.
  if (clock_period_ps < 4) {
    throw std::invalid_argument("VCD file '" + path + "': clock period of " + std::to_string(clock_period_ps) +
                                " ps is too short, the waves need at least 4 ps per cycle");
  }
  Impl& w = *m_impl;
  w.path = path;
  w.period_ps = clock_period_ps;
  check_creatable(path);

  // Engines without RTL leave the waves their own context; an RTL engine
  // hands in its own through use_context().
  w.context = std::make_shared<VerilatedContext>();
  configure(*w.context);
  w.writer = std::make_unique<VerilatedVcdC>();

  array.attach_waves(*this);
  w.observer = std::make_unique<Vtcu_observer>(w.context.get(), "tcu");
  w.observer->eval();
  w.observer->trace(w.writer.get(), 99);

  w.writer->open(path.c_str());
  if (!w.writer->isOpen()) throw std::runtime_error("cannot open VCD file '" + path + "'");
  w.open = true;
}

TcuWaves::~TcuWaves() { close(); }

void TcuWaves::observe(uint64_t cycle, const TcuObservation& observation) {
  Impl& w = *m_impl;
  const uint64_t time_ps = cycle * w.period_ps;
  if (w.pending && w.pending_time_ps != time_ps) w.write_pending();
  w.pending = true;
  w.pending_time_ps = time_ps;
  w.pending_observation = observation;
}

// An array's dump comes after every TLM observation before it.
void TcuWaves::dump(uint64_t time_ps) {
  Impl& w = *m_impl;
  if (w.pending && w.pending_time_ps <= time_ps) w.write_pending();
  w.dump(time_ps);
}

void TcuWaves::close() {
  Impl& w = *m_impl;
  if (!w.open) return;
  w.write_pending();
  w.writer->flush();
  w.writer->close();
  w.open = false;
  core::write_gtkw_beside(w.path);
}

VerilatedContext& TcuWaves::context() { return *m_impl->context; }

void TcuWaves::use_context(std::shared_ptr<VerilatedContext> context) {
  Impl& w = *m_impl;
  if (w.open || w.observer) {
    throw std::logic_error("VCD file '" + w.path + "': an array can only attach before the file is opened");
  }
  if (w.context_shared && context != w.context) {
    throw std::logic_error("VCD file '" + w.path + "': the waves already record another array's context");
  }
  configure(*context);
  w.context = std::move(context);
  w.context_shared = true;
}
VerilatedVcdC& TcuWaves::writer() { return *m_impl->writer; }
uint64_t TcuWaves::clock_period_ps() const { return m_impl->period_ps; }

}  // namespace acosim::tensil

#include "systemc/tensil/waves.h"

#include <Vtcu_observer.h>
#include <verilated.h>
#include <verilated_vcd_c.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "systemc/tensil/array_engine.h"

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
};

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
  Vtcu_observer& o = *m_impl->observer;
  o.program_counter = observation.program_counter;
  o.instruction_valid = observation.instruction_valid;
  o.instruction_ready = observation.instruction_ready;
  o.opcode = observation.opcode & 0xF;
  o.dram0_read = observation.dram0_read;
  o.dram0_write = observation.dram0_write;
  o.dram1_read = observation.dram1_read;
  o.dram1_write = observation.dram1_write;
  o.eval();
  dump(cycle * m_impl->period_ps);
}

// VCD time can only move forward. A dump at or before the last one (the
// TCU observing a cycle the array has already simulated past) is bumped to
// 1 ps after it: nothing observed is dropped, it appears that much later.
// After close() dumps are ignored.
void TcuWaves::dump(uint64_t time_ps) {
  Impl& w = *m_impl;
  if (!w.open) return;
  if (w.dumped && time_ps <= w.last_time_ps) time_ps = w.last_time_ps + 1;
  w.writer->dump(time_ps);
  w.last_time_ps = time_ps;
  w.dumped = true;
}

void TcuWaves::close() {
  Impl& w = *m_impl;
  if (!w.open) return;
  w.writer->flush();
  w.writer->close();
  w.open = false;
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

#include "systemc/tensil/clocked/clocked_execution.h"

#include <cmath>
#include <sstream>

#include "sw/tensil/regs/config_registers.h"
#include "systemc/tensil/instruction_check.h"

namespace acosim::tensil {
namespace {
constexpr const char* kHazardReport = "acosim/tensil/hazard";
// Cycles the core may run ahead of SystemC's time before it synchronises.
constexpr double kQuantumCycles = 100;
}  // namespace

// A DRAM bank's way to memory: one TLM burst per AXI burst, issued with the
// core's local time as its delay; the target's added delay, rounded up to
// whole cycles, is the burst's latency.
class ClockedExecution::Target : public clocked::DramTarget {
 public:
  Target(DramPort& port, tlm_utils::tlm_quantumkeeper& keeper, sc_core::sc_time period, unsigned bus_bytes)
      : m_port(port), m_keeper(keeper), m_period(period), m_bus_bytes(bus_bytes) {}

  // The target's delay covers its latency and the whole burst at its
  // bandwidth; the bank moves one beat per cycle after the latency it is
  // given, so the beats' own cycles are taken out again (the last beat then
  // arrives when the target says the burst is done, or one beat per cycle
  // when the target is faster than the bus).
  uint64_t read_burst(uint64_t address, uint8_t* data, uint32_t bytes) override {
    return after_beats(m_port.transfer_burst(tlm::TLM_READ_COMMAND, address, data, bytes, m_keeper.get_local_time()),
                       bytes);
  }
  // The bytes land in memory at their own time: the host, polling DRAM for
  // the flush probe, sees them no earlier than it would on the board.
  uint64_t write_burst(uint64_t address, const uint8_t* data, uint32_t bytes) override {
    m_keeper.sync();
    return after_beats(m_port.transfer_burst(tlm::TLM_WRITE_COMMAND, address, const_cast<uint8_t*>(data), bytes,
                                             m_keeper.get_local_time()),
                       bytes);
  }

 private:
  uint64_t after_beats(const sc_core::sc_time& delay, uint32_t bytes) const {
    const auto total = static_cast<uint64_t>(std::ceil(delay / m_period - 1e-9));
    const uint64_t beats = (bytes + m_bus_bytes - 1) / m_bus_bytes;
    return total > beats ? total - (beats - 1) : 1;
  }
  DramPort& m_port;
  tlm_utils::tlm_quantumkeeper& m_keeper;
  sc_core::sc_time m_period;
  unsigned m_bus_bytes;
};

ClockedExecution::ClockedExecution(const TcuOptions& options, ArrayEngine& array, DramPort& dram0, DramPort& dram1,
                                   tlm::tlm_initiator_socket<>& dram0_socket,
                                   tlm::tlm_initiator_socket<>& dram1_socket, TcuWaves* waves,
                                   std::function<void(const std::string&)> report)
    : m_options(options),
      m_dram0(std::make_unique<Target>(dram0, m_keeper, options.clock_period, options.dram_bus_bytes)),
      m_dram1(std::make_unique<Target>(dram1, m_keeper, options.clock_period, options.dram_bus_bytes)),
      m_waves(waves),
      m_report(std::move(report)) {
  clocked::CoreOptions core;
  core.arch = options.arch;
  core.stream_bytes = options.stream_bytes;
  core.dram_bus_bytes = options.dram_bus_bytes;
  core.decoder_timeout = options.decoder_timeout;
  core.sample_block_size = options.sample_block_size;
  core.lenient = options.lenient;
  m_core = std::make_unique<clocked::TcuCore>(core, array, *m_dram0, *m_dram1);
  m_core->decoder().on_hazard = [this](const std::string& message) { hazard(message); };
  if (options.check_functional) {
    m_check = std::make_unique<FunctionalCheck>(options.arch, dram0_socket, dram1_socket, options.dram_bus_bytes);
    m_core->set_observer(m_check.get());
  }
  // The cache behaviour registers reach the AXI transactions' AxCACHE.
  m_core->decoder().on_configure = [&dram0, &dram1](uint32_t reg, uint32_t value) {
    if (reg == uint32_t(ConfigRegister::Dram0CacheBehaviour)) dram0.configure(0, static_cast<uint8_t>(value));
    if (reg == uint32_t(ConfigRegister::Dram1CacheBehaviour)) dram1.configure(0, static_cast<uint8_t>(value));
  };
  if (options.timeline) {
    const TimelineSink& sink = m_options.timeline;
    m_core->decoder().on_dequeue = [&sink](uint64_t cycle, uint32_t pc, uint8_t opcode) {
      sink(TimelineEvent{cycle, TimelineEvent::Kind::Dequeue, opcode, pc, 0});
    };
    for (uint8_t bank = 0; bank < 2; ++bank) {
      // The bank counts only the cycles it is clocked in; the core's count is
      // the TCU's clock since time 0.
      m_core->dram(bank).on_burst = [this, &sink, bank](const clocked::AxiBurst& b) {
        sink(TimelineEvent{m_core->cycles(), b.write ? TimelineEvent::Kind::WriteAddress : TimelineEvent::Kind::ReadAddress,
                           bank, b.byte_address, b.len});
      };
    }
  }
  // The host's receive DMA is always ready once it has been started: the
  // samples it has not handed to a reader yet wait in its buffer.
  m_core->sample_sink = [this](uint64_t sample, bool last) {
    if (!m_sample_reader) return false;
    m_sample_fifo.emplace_back(sample, last);
    return true;
  };
  m_keeper.set_global_quantum(options.clock_period * kQuantumCycles);
  m_keeper.reset();
}

ClockedExecution::~ClockedExecution() = default;

uint64_t ClockedExecution::cycle_of(const sc_core::sc_time& t) const {
  const double ratio = t / m_options.clock_period;
  auto cycle = static_cast<uint64_t>(ratio);
  if (static_cast<double>(cycle) < ratio) ++cycle;
  return cycle;
}

void ClockedExecution::observe() {
  const clocked::Decoder& d = m_core->decoder();
  TcuObservation o;
  o.program_counter = d.cycle_program_counter();
  o.instruction_valid = d.head_valid();
  o.instruction_ready = d.head_valid() && d.head_ready();
  o.opcode = d.head_valid() ? d.head().opcode : 0;
  if (d.head_valid() && d.head().opcode == uint8_t(Opcode::DataMove)) {
    o.dram0_read = d.head().flags == uint8_t(DataMoveKind::Dram0ToLocal);
    o.dram0_write = d.head().flags == uint8_t(DataMoveKind::LocalToDram0);
    o.dram1_read = d.head().flags == uint8_t(DataMoveKind::Dram1ToLocal);
    o.dram1_write = d.head().flags == uint8_t(DataMoveKind::LocalToDram1);
  }
  o.tracepoint = d.tracepoint_flag();
  o.timeout = d.timeout_flag();
  const clocked::Sampler& s = m_core->sampler();
  o.sample_valid = s.sample_valid();
  o.sample_last = s.sample_valid() && s.sample_last();
  o.sample = s.sample_valid() ? s.sample() : 0;
  const auto rise = [&](FlagRise& r, bool flag) {
    if (!flag || r.seen) return;
    r.seen = true;
    r.cycle = m_core->cycles() - 1;
    r.program_counter = d.cycle_program_counter();
    r.head = d.head_valid() ? describe_instruction(d.head()) : "";
  };
  rise(m_tracepoint, o.tracepoint);
  rise(m_timeout, o.timeout);
  if (m_waves != nullptr && (!m_observed || o != m_last_observation)) {
    m_waves->observe(m_core->cycles() - 1, o);
    m_last_observation = o;
    m_observed = true;
  }
}

void ClockedExecution::synchronise() {
  m_keeper.sync();
  if (publish) {
    const clocked::Decoder& d = m_core->decoder();
    publish(d.program_counter(), d.head_valid(), d.head_valid() && d.head_ready(), d.tracepoint_flag(),
            d.timeout_flag());
  }
}

void ClockedExecution::hazard(const std::string& message) {
  ++m_hazards;
  SC_REPORT_WARNING(kHazardReport, message.c_str());
}

void ClockedExecution::step(bool busy) {
  // A cycle run only to hand a sample over while idle is not a busy one.
  if (busy) ++m_busy_cycles;
  try {
    m_core->cycle();
  } catch (const clocked::InstructionError& e) {
    m_report(e.what());
  } catch (const DramError& e) {
    const clocked::Decoder& d = m_core->decoder();
    m_report("pc " + std::to_string(d.program_counter()) + ": " + e.what());
  } catch (const ArrayMismatch& e) {
    m_report("pc " + std::to_string(m_core->decoder().program_counter()) + ": lockstep: " + e.what());
  } catch (const FunctionalMismatch& e) {
    m_report(e.what());
  } catch (const std::exception& e) {
    m_report("pc " + std::to_string(m_core->decoder().program_counter()) + ": " + e.what());
  }
  m_keeper.inc(m_options.clock_period);
  observe();
  const auto& hazards = m_core->accumulator_unit().hazards();
  for (; m_accumulate_hazards_seen < hazards.size(); ++m_accumulate_hazards_seen) {
    const clocked::AccumulateHazard& h = hazards[m_accumulate_hazards_seen];
    std::ostringstream s;
    s << "cycle " << h.cycle << ": accumulator " << h.address << " is accumulated by pc " << h.first_program_counter
      << " and again by pc " << h.second_program_counter
      << " before the first sum is written: the RTL does not order them and can lose an update";
    hazard(s.str());
  }
}

void ClockedExecution::run() {
  for (;;) {
    // Nothing to do: let SystemC's time catch up, tell a waiting writer, and
    // sleep until bytes arrive.
    // (A sample in the sampler's output register is handed to a started
    // receive DMA in the next cycle, so it keeps the core going.)
    bool idle = m_core->idle();
    while (idle && !(m_sample_reader && m_core->sampler().sample_valid())) {
      if (m_check) {
        try {
          m_check->finish();
        } catch (const FunctionalMismatch& e) {
          m_report(e.what());
        }
      }
      synchronise();
      m_data_taken.notify(sc_core::SC_ZERO_TIME);
      if (m_sample_waiting && !m_sample_fifo.empty()) m_samples_ready.notify(sc_core::SC_ZERO_TIME);
      // Bytes that arrived while the thread synchronised notified no one
      // waiting: look again before sleeping.
      if (!m_core->idle()) {
        idle = false;
        break;
      }
      const uint16_t interval = m_core->sampler().interval();
      if (m_sample_waiting && interval != 0) {
        // A reader waits for samples the idle TCU still takes: let time pass
        // one sample interval at a time.
        sc_core::wait(m_options.clock_period * static_cast<double>(interval), m_data_arrived);
      } else {
        sc_core::wait(m_data_arrived);
      }
      // The core resumes at the next clock edge; the cycles in between were
      // idle (the sampler still samples them).
      const uint64_t now = cycle_of(sc_core::sc_time_stamp());
      if (now > m_core->cycles()) m_core->idle_cycles(now - m_core->cycles());
      m_keeper.reset();
      const sc_core::sc_time edge = m_options.clock_period * static_cast<double>(m_core->cycles());
      if (edge > sc_core::sc_time_stamp()) m_keeper.inc(edge - sc_core::sc_time_stamp());
      idle = m_core->idle();
    }
    step(!idle);
    const bool samples_for_reader = m_sample_waiting && !m_sample_fifo.empty();
    // While the stream has no beat left to offer, the core keeps step with
    // SystemC's time, so bytes the host writes next are offered from the
    // cycle they arrive in (a host writing at this very instant goes first:
    // the extra delta). Tensil's generated TCU runs by the same rule
    // (systemc/tensil/generated/generated_tcu.h).
    const bool starved = m_core->stream_taken();
    if (starved || samples_for_reader || m_keeper.need_sync()) {
      synchronise();
      if (starved) m_data_taken.notify(sc_core::SC_ZERO_TIME);
      if (samples_for_reader) m_samples_ready.notify(sc_core::SC_ZERO_TIME);
      if (starved) sc_core::wait(sc_core::SC_ZERO_TIME);
    }
  }
}

void ClockedExecution::stream(const uint8_t* data, size_t bytes) {
  m_core->stream_write(data, bytes);
  m_data_arrived.notify(sc_core::SC_ZERO_TIME);
  // The writer returns in the cycle after the width converter takes its last
  // beat, as a DMA's transfer ends with that beat's TVALID/TREADY handshake
  // (AXI4Stream.scala wires TREADY to the converter's in.ready), not when
  // the converter has passed the instructions on; Tensil's generated TCU
  // returns at the same point. Bytes that end inside an instruction wait in
  // the converter for the rest.
  while (!m_core->stream_taken()) sc_core::wait(m_data_taken);
}

size_t ClockedExecution::read_samples(uint8_t* data, size_t capacity) {
  // A TCU generated without a sampler has an idle sample stream.
  if (m_options.sample_block_size == 0 || capacity < 8) return 0;
  m_sample_reader = true;
  while (m_sample_fifo.empty()) {
    m_sample_waiting = true;
    // An idle core samples too: wake it to catch up.
    m_data_arrived.notify(sc_core::SC_ZERO_TIME);
    sc_core::wait(m_samples_ready);
  }
  m_sample_waiting = false;
  // Tensil's sample_buffer.h: PC (little-endian u32), flags (u16), two
  // zero bytes. The transfer ends after a sample with TLAST or when full.
  size_t moved = 0;
  while (!m_sample_fifo.empty() && moved + 8 <= capacity) {
    const auto [sample, last] = m_sample_fifo.front();
    m_sample_fifo.pop_front();
    for (int b = 0; b < 6; ++b) data[moved + b] = static_cast<uint8_t>(sample >> (8 * b));
    data[moved + 6] = data[moved + 7] = 0;
    moved += 8;
    if (last) break;
  }
  return moved;
}

TcuStatistics ClockedExecution::statistics() const {
  TcuStatistics s;
  const clocked::DecoderStatistics& d = m_core->decoder().statistics();
  s.instructions_by_opcode = d.instructions_by_opcode;
  s.invalid_consumed = d.invalid_consumed;
  s.cycles = m_busy_cycles;
  s.array_vectors = m_core->array().vectors_run();
  s.macs = s.array_vectors * m_options.arch.array_size * m_options.arch.array_size;
  return s;
}

uint32_t ClockedExecution::program_counter() const { return m_core->decoder().program_counter(); }
uint32_t ClockedExecution::config_register(uint32_t reg) const { return m_core->config_register(reg); }
uint64_t ClockedExecution::hazards() const { return m_hazards; }

}  // namespace acosim::tensil

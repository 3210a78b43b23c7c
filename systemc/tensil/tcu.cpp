#include "systemc/tensil/tcu.h"

#include <deque>
#include <sstream>

#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/array/array_factory.h"
#include "systemc/tensil/clocked/clocked_execution.h"
#include "systemc/tensil/config_register_file.h"
#include "systemc/tensil/functional/decoder.h"
#include "systemc/tensil/dram_port.h"
#include "systemc/tensil/instruction_check.h"
#include "systemc/tensil/stream_write.h"
#include "systemc/tensil/waves.h"

namespace acosim::tensil {
namespace {
constexpr const char* kReportType = "acosim/tensil/tcu";
// Width of the AXI data bus of the DRAM ports (the generator's default
// --dram-axi-width, Tensil's zynq/tcu/Top.scala): sets the longest burst (256 beats).
constexpr unsigned kDramBusBytes = 8;
}  // namespace

uint64_t TcuStatistics::instructions() const {
  uint64_t total = 0;
  for (uint64_t n : instructions_by_opcode) total += n;
  return total;
}

struct Tcu::Impl {
  Impl(Tcu& tcu, const TcuOptions& tcu_options)
      : owner(tcu),
        options(tcu_options),
        layout(InstructionLayout::derive(tcu_options.arch)),
        check(tcu_options.arch),
        array(tcu_options.array_factory ? tcu_options.array_factory(tcu_options.arch)
                                        : make_array_engine(tcu_options.engine, tcu_options.arch)),
        dram0("DRAM0", tcu.dram0, tcu_options.arch, kDramBusBytes, true),
        dram1("DRAM1", tcu.dram1, tcu_options.arch, kDramBusBytes, true),
        decoder(tcu_options.arch, *array, dram0, dram1, config, statistics, tcu_options.clock_period) {
    if (options.instruction_queue_bytes < layout.instruction_bytes) {
      throw std::invalid_argument("TCU instruction queue of " + std::to_string(options.instruction_queue_bytes) +
                                  " bytes cannot hold one " + std::to_string(layout.instruction_bytes) +
                                  "-byte instruction");
    }
    if (!options.vcd_path.empty()) {
      const uint64_t period_ps = static_cast<uint64_t>(options.clock_period.to_seconds() * 1e12 + 0.5);
      waves = std::make_unique<TcuWaves>(options.vcd_path, period_ps, *array);
    }
    if (options.engine != ArrayEngineKind::Fast) {
      clocked = std::make_unique<ClockedExecution>(options, *array, dram0, dram1, tcu.dram0, tcu.dram1, waves.get(),
                                                   [this](const std::string& message) { report(message); });
      clocked->publish = [this](uint32_t pc_now, bool valid, bool ready, bool trace, bool time_out) {
        owner.program_counter.write(pc_now);
        owner.instruction_valid.write(valid);
        owner.instruction_ready.write(ready);
        owner.tracepoint.write(trace);
        owner.timeout.write(time_out);
      };
    }
  }

  Tcu& owner;
  TcuOptions options;
  InstructionLayout layout;
  InstructionCheck check;
  std::unique_ptr<ArrayEngine> array;
  ConfigRegisterFile config;
  mutable TcuStatistics statistics;
  DramPort dram0;
  DramPort dram1;
  functional::Decoder decoder;
  std::unique_ptr<TcuWaves> waves;
  std::unique_ptr<ClockedExecution> clocked;

  std::deque<uint8_t> queue;
  sc_core::sc_event data_arrived;
  sc_core::sc_event space_freed;
  uint32_t pc = 0;
  uint64_t index = 0;  // instructions dequeued since reset

  uint64_t current_cycle() const {
    const double ratio = sc_core::sc_time_stamp() / options.clock_period;
    auto cycle = static_cast<uint64_t>(ratio);
    if (static_cast<double>(cycle) < ratio) ++cycle;
    return cycle;
  }

  void observe(uint64_t cycle, const TcuObservation& o) {
    owner.program_counter.write(o.program_counter);
    owner.instruction_valid.write(o.instruction_valid);
    owner.instruction_ready.write(o.instruction_ready);
    if (waves) waves->observe(cycle, o);
  }

  [[noreturn]] void report(const std::string& message) {
    if (waves) waves->close();
    SC_REPORT_ERROR(kReportType, message.c_str());
    throw std::logic_error("unreachable");  // SC_REPORT_ERROR throws
  }

  [[noreturn]] void fail(const Instruction& in, const std::string& field, const std::string& message) {
    std::ostringstream s;
    s << "pc " << pc << " (instruction " << index << " since reset): " << describe_instruction(in);
    if (!field.empty()) s << ": " << field;
    s << ": " << message;
    if (waves) waves->close();
    SC_REPORT_ERROR(kReportType, s.str().c_str());
    throw std::logic_error("unreachable");  // SC_REPORT_ERROR throws
  }

  void run() {
    if (clocked) {
      clocked->run();
      return;
    }
    std::vector<uint8_t> word(layout.instruction_bytes);
    for (;;) {
      while (queue.size() < layout.instruction_bytes) {
        observe(current_cycle(), TcuObservation{pc, false, false, 0, false, false, false, false});
        sc_core::wait(data_arrived);
      }
      // Align to the next clock edge.
      const uint64_t cycle = current_cycle();
      const sc_core::sc_time edge = options.clock_period * static_cast<double>(cycle);
      if (edge > sc_core::sc_time_stamp()) sc_core::wait(edge - sc_core::sc_time_stamp());

      for (auto& b : word) {
        b = queue.front();
        queue.pop_front();
      }
      space_freed.notify(sc_core::SC_ZERO_TIME);
      execute(decode_instruction(layout, word.data()), cycle);
    }
  }

  void execute(const Instruction& in, uint64_t cycle) {
    const CheckResult result = check.check(in);
    if (result.kind == CheckResult::Kind::Fatal ||
        (result.kind == CheckResult::Kind::Consumable && !options.lenient)) {
      fail(in, result.field, result.message +
                                 (result.kind == CheckResult::Kind::Consumable
                                      ? " (the RTL would silently consume it; --lenient does the same)"
                                      : ""));
    }
    if (result.kind == CheckResult::Kind::Consumable) ++statistics.invalid_consumed;

    TcuObservation o{pc, true, true, in.opcode, false, false, false, false};
    if (in.opcode == uint8_t(Opcode::DataMove)) {
      o.dram0_read = in.flags == uint8_t(DataMoveKind::Dram0ToLocal);
      o.dram0_write = in.flags == uint8_t(DataMoveKind::LocalToDram0);
      o.dram1_read = in.flags == uint8_t(DataMoveKind::Dram1ToLocal);
      o.dram1_write = in.flags == uint8_t(DataMoveKind::LocalToDram1);
    }
    observe(cycle, o);

    uint64_t cycles = 1;
    try {
      cycles = decoder.execute(in, cycle);
    } catch (const DramError& e) {
      fail(in, "", e.what());
    } catch (const ArrayMismatch& e) {
      fail(in, "lockstep", e.what());
    }
    ++statistics.instructions_by_opcode[in.opcode & 0xF];
    statistics.cycles += cycles;

    // The program counter counts on dispatch; a Configure of the PC register
    // sets the next instruction's PC instead (Tensil's tcu/Decoder.scala).
    const bool sets_pc = in.opcode == uint8_t(Opcode::Configure) &&
                         in.configure_register() == uint32_t(ConfigRegister::ProgramCounter);
    pc = sets_pc ? config.read(ConfigRegister::ProgramCounter) : pc + 1;
    ++index;
    sc_core::wait(options.clock_period * static_cast<double>(cycles));
    // With the next instruction already queued it is dispatched at this very
    // edge: showing ready low here would draw a stall that never happened.
    if (queue.size() < layout.instruction_bytes) {
      observe(cycle + cycles, TcuObservation{pc, !queue.empty(), false, 0, false, false, false, false});
    }
  }

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (!accept_stream_write(trans, delay)) return;
    if (clocked) {
      clocked->stream(trans.get_data_ptr(), trans.get_data_length());
      trans.set_response_status(tlm::TLM_OK_RESPONSE);
      return;
    }
    const uint8_t* data = trans.get_data_ptr();
    size_t remaining = trans.get_data_length();
    // The stream applies back-pressure: the writer waits while the queue is
    // full, like a DMA whose TREADY is low.
    while (remaining > 0) {
      while (queue.size() >= options.instruction_queue_bytes) sc_core::wait(space_freed);
      const size_t room = options.instruction_queue_bytes - queue.size();
      const size_t chunk = remaining < room ? remaining : room;
      queue.insert(queue.end(), data, data + chunk);
      data += chunk;
      remaining -= chunk;
      data_arrived.notify(sc_core::SC_ZERO_TIME);
    }
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  void sample_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (trans.get_command() != tlm::TLM_READ_COMMAND) {
      trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
      return;
    }
    sc_core::wait(delay);
    delay = sc_core::SC_ZERO_TIME;
    // The fast engine has no sampler: its sample stream never carries data.
    const size_t moved = clocked ? clocked->read_samples(trans.get_data_ptr(), trans.get_data_length()) : 0;
    trans.set_data_length(static_cast<unsigned>(moved));
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

Tcu::Tcu(sc_core::sc_module_name name, const TcuOptions& options)
    : sc_module(name),
      instructions("instructions"),
      samples("samples"),
      dram0("dram0"),
      dram1("dram1"),
      program_counter("program_counter"),
      instruction_valid("instruction_valid"),
      instruction_ready("instruction_ready"),
      tracepoint("tracepoint"),
      timeout("timeout"),
      m_impl(std::make_unique<Impl>(*this, options)) {
  instructions.register_b_transport(this, &Tcu::b_transport);
  samples.register_b_transport(this, &Tcu::sample_transport);
  dram0.register_invalidate_direct_mem_ptr(this, &Tcu::invalidate_dram0);
  dram1.register_invalidate_direct_mem_ptr(this, &Tcu::invalidate_dram1);
  SC_HAS_PROCESS(Tcu);
  SC_THREAD(run);
}

Tcu::~Tcu() = default;

void Tcu::run() { m_impl->run(); }
void Tcu::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  m_impl->b_transport(trans, delay);
}
void Tcu::sample_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  m_impl->sample_transport(trans, delay);
}
void Tcu::invalidate_dram0(sc_dt::uint64 start, sc_dt::uint64 end) { m_impl->dram0.invalidate_dmi(start, end); }
void Tcu::invalidate_dram1(sc_dt::uint64 start, sc_dt::uint64 end) { m_impl->dram1.invalidate_dmi(start, end); }

const TcuStatistics& Tcu::statistics() const {
  if (m_impl->clocked) m_impl->statistics = m_impl->clocked->statistics();
  return m_impl->statistics;
}
const TcuOptions& Tcu::options() const { return m_impl->options; }
uint32_t Tcu::config_register(uint32_t reg) const {
  if (m_impl->clocked) return m_impl->clocked->config_register(reg);
  if (reg == uint32_t(ConfigRegister::ProgramCounter)) return m_impl->pc;
  return m_impl->config.read(reg);
}
uint32_t Tcu::last_program_counter() const {
  return m_impl->clocked ? m_impl->clocked->program_counter() : m_impl->pc;
}
bool Tcu::clocked() const { return m_impl->clocked != nullptr; }
const FlagRise* Tcu::tracepoint_rise() const {
  return m_impl->clocked ? &m_impl->clocked->tracepoint_rise() : nullptr;
}
const FlagRise* Tcu::timeout_rise() const { return m_impl->clocked ? &m_impl->clocked->timeout_rise() : nullptr; }
uint64_t Tcu::hazards() const { return m_impl->clocked ? m_impl->clocked->hazards() : 0; }

}  // namespace acosim::tensil

// Verilator's headers first: with SystemC's already included, Verilator
// takes its time from an unqualified sc_time_stamp() that does not resolve.
#include "tensil_generated_builds.h"
#include "verilated.h"

#include "systemc/tensil/generated/generated_tcu.h"

#include <cmath>
#include <cstring>
#include <deque>
#include <sstream>
#include <stdexcept>

#include <tlm_utils/tlm_quantumkeeper.h>

#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/core/axi_cache_extension.h"
#include "sw/tensil/model.h"
#include "systemc/tensil/instruction_check.h"
#include "systemc/tensil/stream_write.h"

namespace acosim::tensil {
namespace {

constexpr const char* kReportType = "acosim/tensil/generated";
// Both builds were generated with 128-bit AXI data on the instruction stream
// and on both DRAM masters (README.md of ACOSIM_RTL_DIR, "Top modules").
constexpr unsigned kBeatBytes = 16;
constexpr unsigned kBeatSize = 4;    // AxSIZE of 16-byte beats
constexpr unsigned kBurstIncr = 1;   // AxBURST INCR
constexpr size_t kOutstanding = 8;   // bursts the bridge accepts per channel before it lowers AxREADY
constexpr size_t kQueueBytes = 4096; // instruction bytes queued ahead of the stream, as the Tcu's queue
// Cycles the core may run ahead of SystemC's time before it synchronises
// (as the clocked TCU, systemc/tensil/clocked/clocked_execution.cpp).
constexpr double kQuantumCycles = 100;
// Cycles of active-low reset before the first one that counts.
constexpr int kResetCycles = 10;

std::string hex(uint64_t value) {
  std::ostringstream s;
  s << "0x" << std::hex << value;
  return s.str();
}

// One AXI4 master's pins on a Verilated top; both builds have the same
// ports, so the bridge reads and drives them through these pointers.
struct AxiPins {
  const uint8_t *arvalid, *arlen, *arsize, *arburst, *arid, *arcache;
  uint8_t* arready;
  const uint32_t* araddr;
  uint8_t *rvalid, *rid, *rresp, *rlast;
  const uint8_t* rready;
  uint32_t* rdata;
  const uint8_t *awvalid, *awlen, *awsize, *awburst, *awid, *awcache;
  uint8_t* awready;
  const uint32_t* awaddr;
  const uint8_t *wvalid, *wlast;
  uint8_t* wready;
  const uint32_t* wdata;
  const uint16_t* wstrb;
  uint8_t *bvalid, *bid, *bresp;
  const uint8_t* bready;
};

#define ACOSIM_AXI_PINS(top, port)                                                                         \
  AxiPins {                                                                                                \
    &top.m_axi_##port##_arvalid, &top.m_axi_##port##_arlen, &top.m_axi_##port##_arsize,                   \
        &top.m_axi_##port##_arburst, &top.m_axi_##port##_arid, &top.m_axi_##port##_arcache,               \
        &top.m_axi_##port##_arready, &top.m_axi_##port##_araddr, &top.m_axi_##port##_rvalid,              \
        &top.m_axi_##port##_rid, &top.m_axi_##port##_rresp, &top.m_axi_##port##_rlast,                    \
        &top.m_axi_##port##_rready, top.m_axi_##port##_rdata.data(), &top.m_axi_##port##_awvalid,         \
        &top.m_axi_##port##_awlen, &top.m_axi_##port##_awsize, &top.m_axi_##port##_awburst,               \
        &top.m_axi_##port##_awid, &top.m_axi_##port##_awcache, &top.m_axi_##port##_awready,               \
        &top.m_axi_##port##_awaddr, &top.m_axi_##port##_wvalid, &top.m_axi_##port##_wlast,                \
        &top.m_axi_##port##_wready, top.m_axi_##port##_wdata.data(), &top.m_axi_##port##_wstrb,           \
        &top.m_axi_##port##_bvalid, &top.m_axi_##port##_bid, &top.m_axi_##port##_bresp,                   \
        &top.m_axi_##port##_bready                                                                        \
  }

// The Verilated top behind a build-independent face.
class Top {
 public:
  virtual ~Top() = default;
  virtual void eval(bool clock) = 0;
  virtual void final() = 0;
  uint8_t* reset = nullptr;
  uint8_t* tvalid = nullptr;
  uint8_t* tlast = nullptr;
  const uint8_t* tready = nullptr;
  uint32_t* tdata = nullptr;
  AxiPins dram[2]{};
  // Inside the decoder (generated/observe.vlt): its head's dequeue
  // handshake, the head's opcode and the program counter.
  const uint8_t* dequeue_valid = nullptr;
  const uint8_t* dequeue_ready = nullptr;
  const uint8_t* head_opcode = nullptr;
  const uint32_t* program_counter = nullptr;
};

template <class Model>
class TopOf : public Top {
 public:
  TopOf() : m_context(make_context()), m_model(m_context.get(), "top") {
    reset = &m_model.reset;
    tvalid = &m_model.instruction_tvalid;
    tlast = &m_model.instruction_tlast;
    tready = &m_model.instruction_tready;
    tdata = m_model.instruction_tdata.data();
    dram[0] = ACOSIM_AXI_PINS(m_model, dram0);
    dram[1] = ACOSIM_AXI_PINS(m_model, dram1);
  }
  void eval(bool clock) override {
    m_model.clock = clock;
    m_model.eval();
  }
  // The model's scopes (generated/observe.vlt) unregister from the calling
  // thread's context when destroyed: make that this model's, not whichever
  // Verilated model (e.g. the clocked TCU's array beside it in
  // lockstep-generated) was made or destroyed last.
  ~TopOf() override { Verilated::threadContextp(m_context.get()); }
  void final() override { m_model.final(); }
  Model& model() { return m_model; }

 private:
  // Determinism as for the Verilation (--x-assign 0 --x-initial 0): the
  // same inputs give the same run.
  static std::unique_ptr<VerilatedContext> make_context() {
    auto context = std::make_unique<VerilatedContext>();
    context->randReset(0);
    return context;
  }
  std::unique_ptr<VerilatedContext> m_context;
  Model m_model;
};

struct BuildEntry {
  GeneratedBuild build;
  std::unique_ptr<Top> (*make)();
};

#define ACOSIM_DECODER(name, signal) name##__DOT__tcu__DOT__tcu__DOT__decoder__DOT__##signal
#define ACOSIM_GENERATED_ENTRY(name, MODEL, tarch)                                                            \
  BuildEntry{GeneratedBuild{#name, tarch}, []() -> std::unique_ptr<Top> {                                    \
               auto top = std::make_unique<TopOf<MODEL>>();                                                   \
               auto* root = top->model().rootp;                                                               \
               top->dequeue_valid = &root->ACOSIM_DECODER(top_##name, instruction_io_deq_valid);             \
               top->dequeue_ready = &root->ACOSIM_DECODER(top_##name, instruction_io_deq_ready);             \
               top->head_opcode = &root->ACOSIM_DECODER(top_##name, instruction_io_deq_bits_opcode);         \
               top->program_counter = &root->ACOSIM_DECODER(top_##name, programCounter);                      \
               return top;                                                                                    \
             }},

const std::vector<BuildEntry>& build_entries() {
  static const std::vector<BuildEntry> entries{ACOSIM_TENSIL_GENERATED_BUILDS(ACOSIM_GENERATED_ENTRY)};
  return entries;
}

bool same_architecture(const Architecture& a, const Architecture& b) {
  return a.compatible_with(b) && a.number_of_threads == b.number_of_threads &&
         a.thread_queue_depth == b.thread_queue_depth;
}

std::string describe(const Architecture& a) {
  std::ostringstream s;
  s << a.type().name << " " << a.array_size << "x" << a.array_size << ", DRAM0/DRAM1 depth " << a.dram0_depth << "/"
    << a.dram1_depth << ", local " << a.local_depth << ", accumulators " << a.accumulator_depth;
  return s.str();
}

// Whole cycles of the target's added delay, less the beats' own cycles: the
// wait before the first beat (at least one cycle).
uint64_t latency_cycles(const sc_core::sc_time& added, const sc_core::sc_time& period, unsigned beats) {
  const auto total = static_cast<uint64_t>(std::ceil(added / period - 1e-9));
  return total > beats ? total - (beats - 1) : 1;
}

// The bridge of one AXI4 master to a TLM initiator socket.
class AxiBridge {
 public:
  AxiBridge(std::string name, uint8_t port, const AxiPins& pins, tlm::tlm_initiator_socket<>& socket,
            const sc_core::sc_time& period, tlm_utils::tlm_quantumkeeper& keeper, const TimelineSink& timeline)
      : m_name(std::move(name)),
        m_port(port),
        m_pins(pins),
        m_socket(socket),
        m_period(period),
        m_keeper(keeper),
        m_timeline(timeline) {}

  // Inputs of the cycle, before the falling edge's evaluation.
  void drive(uint64_t cycle) {
    *m_pins.arready = m_reads.size() < kOutstanding;
    *m_pins.awready = m_writes.size() < kOutstanding;
    *m_pins.wready = 1;  // W beats are buffered until their burst's AW is in
    const bool r = !m_reads.empty() && m_reads.front().ready_cycle <= cycle;
    *m_pins.rvalid = r;
    if (r) {
      const ReadBurst& b = m_reads.front();
      std::memcpy(m_pins.rdata, &b.data[size_t(b.beat) * kBeatBytes], kBeatBytes);
      *m_pins.rid = b.id;
      *m_pins.rresp = 0;  // OKAY
      *m_pins.rlast = b.beat == b.beats - 1;
    }
    const bool b = !m_responses.empty() && m_responses.front().ready_cycle <= cycle;
    *m_pins.bvalid = b;
    if (b) {
      *m_pins.bid = m_responses.front().id;
      *m_pins.bresp = 0;  // OKAY
    }
  }

  // The handshakes of the cycle, after the falling edge's evaluation (the
  // outputs settled on this cycle's inputs), before the rising edge.
  void sample() {
    m_ar = *m_pins.arvalid && *m_pins.arready;
    if (m_ar) m_ar_pins = Address{*m_pins.araddr, *m_pins.arlen, *m_pins.arsize, *m_pins.arburst, *m_pins.arid,
                                  *m_pins.arcache};
    m_aw = *m_pins.awvalid && *m_pins.awready;
    if (m_aw) m_aw_pins = Address{*m_pins.awaddr, *m_pins.awlen, *m_pins.awsize, *m_pins.awburst, *m_pins.awid,
                                  *m_pins.awcache};
    m_w = *m_pins.wvalid && *m_pins.wready;
    if (m_w) {
      WriteBeat beat;
      std::memcpy(beat.data, m_pins.wdata, kBeatBytes);
      beat.strobe = *m_pins.wstrb;
      beat.last = *m_pins.wlast;
      m_w_beat = beat;
    }
    m_r = *m_pins.rvalid && *m_pins.rready;
    m_b = *m_pins.bvalid && *m_pins.bready;
    m_requesting = *m_pins.arvalid || *m_pins.awvalid || *m_pins.wvalid;
  }

  // After the rising edge: what the handshakes of `cycle` did. `local` is
  // the core's time ahead of SystemC's (the TLM transfers' delay).
  void update(uint64_t cycle, const sc_core::sc_time& local) {
    if (m_r && ++m_reads.front().beat == m_reads.front().beats) m_reads.pop_front();
    if (m_b) m_responses.pop_front();
    if (m_ar) read(cycle, local);
    if (m_aw) m_writes.push_back(m_aw_pins);
    if (m_timeline && m_ar) {
      m_timeline(TimelineEvent{cycle, TimelineEvent::Kind::ReadAddress, m_port, m_ar_pins.address, m_ar_pins.len});
    }
    if (m_timeline && m_aw) {
      m_timeline(TimelineEvent{cycle, TimelineEvent::Kind::WriteAddress, m_port, m_aw_pins.address, m_aw_pins.len});
    }
    if (m_w) m_beats.push_back(m_w_beat);
    // A burst is written when its WLAST beat is in; WLAST must be on beat
    // AxLEN+1 (AXI4 A3.4.1).
    while (!m_writes.empty()) {
      const Address& a = m_writes.front();
      const size_t beats = a.len + 1u;
      size_t last = 0;
      while (last < m_beats.size() && !m_beats[last].last) ++last;
      if (last < m_beats.size() ? last + 1 != beats : m_beats.size() >= beats) {
        fail("write burst at " + hex(a.address) + " of AWLEN " + std::to_string(a.len) + " (" +
             std::to_string(beats) + " beats) has WLAST " +
             (last < m_beats.size() ? "on beat " + std::to_string(last + 1) : "on none of them"));
      }
      if (last == m_beats.size()) break;  // more beats to come
      write(cycle, local);
    }
  }

  bool active() const {
    return m_requesting || !m_reads.empty() || !m_writes.empty() || !m_beats.empty() || !m_responses.empty();
  }

 private:
  struct Address {
    uint32_t address;
    uint8_t len, size, burst, id, cache;
  };
  struct ReadBurst {
    uint8_t id;
    unsigned beats, beat;
    uint64_t ready_cycle;
    std::vector<uint8_t> data;
  };
  struct WriteBeat {
    uint8_t data[kBeatBytes];
    uint16_t strobe;
    bool last;
  };
  struct Response {
    uint8_t id;
    uint64_t ready_cycle;
  };

  [[noreturn]] void fail(const std::string& message) const {
    SC_REPORT_ERROR(kReportType, (m_name + ": " + message).c_str());
    throw std::logic_error("unreachable");  // SC_REPORT_ERROR throws
  }

  void check(const Address& a, const char* channel) const {
    if (a.burst != kBurstIncr || a.size != kBeatSize) {
      fail(std::string(channel) + " at " + hex(a.address) + ": AxBURST " + std::to_string(a.burst) + " AxSIZE " +
           std::to_string(a.size) + ", the bridge serves INCR bursts of 16-byte beats (AxBURST 1, AxSIZE 4)");
    }
  }

  // One TLM transfer; returns the target's added delay.
  sc_core::sc_time transfer(tlm::tlm_command command, uint64_t address, uint8_t* data, unsigned bytes,
                            uint8_t cache, const sc_core::sc_time& local) {
    const core::AxiTransferOutcome outcome =
        core::axi_transfer(m_socket, command, address, data, bytes, cache, local);
    if (!outcome.ok) {
      fail(std::string(command == tlm::TLM_READ_COMMAND ? "read" : "write") + " of " + std::to_string(bytes) +
           " bytes at byte address " + hex(address) + " failed: " + outcome.response);
    }
    return outcome.delay;
  }

  void read(uint64_t cycle, const sc_core::sc_time& local) {
    check(m_ar_pins, "read burst");
    ReadBurst b;
    b.id = m_ar_pins.id;
    b.beats = m_ar_pins.len + 1u;
    b.beat = 0;
    b.data.resize(size_t(b.beats) * kBeatBytes);
    const sc_core::sc_time added = transfer(tlm::TLM_READ_COMMAND, m_ar_pins.address, b.data.data(),
                                            unsigned(b.data.size()), m_ar_pins.cache, local);
    b.ready_cycle = cycle + latency_cycles(added, m_period, b.beats);
    m_reads.push_back(std::move(b));
  }

  void write(uint64_t cycle, sc_core::sc_time local) {
    // The bytes land in memory at their own time: the host, polling DRAM
    // for the flush probe, sees them no earlier than it would on the board.
    m_keeper.sync();
    local = sc_core::SC_ZERO_TIME;
    const Address a = m_writes.front();
    m_writes.pop_front();
    check(a, "write burst");
    const unsigned beats = a.len + 1u;
    std::vector<uint8_t> data(size_t(beats) * kBeatBytes);
    std::vector<bool> enabled(data.size());
    for (unsigned i = 0; i < beats; ++i) {
      std::memcpy(&data[size_t(i) * kBeatBytes], m_beats.front().data, kBeatBytes);
      for (unsigned k = 0; k < kBeatBytes; ++k) enabled[size_t(i) * kBeatBytes + k] = (m_beats.front().strobe >> k) & 1;
      m_beats.pop_front();
    }
    // Each run of enabled bytes is one transfer (one for a fully enabled
    // burst); the delays add up as the runs follow each other.
    sc_core::sc_time added = sc_core::SC_ZERO_TIME;
    for (size_t start = 0; start < data.size();) {
      if (!enabled[start]) {
        ++start;
        continue;
      }
      size_t end = start;
      while (end < data.size() && enabled[end]) ++end;
      added += transfer(tlm::TLM_WRITE_COMMAND, a.address + start, &data[start], unsigned(end - start), a.cache,
                        local + added);
      start = end;
    }
    m_responses.push_back(Response{a.id, cycle + latency_cycles(added, m_period, beats)});
  }

  std::string m_name;
  uint8_t m_port;
  AxiPins m_pins;
  tlm::tlm_initiator_socket<>& m_socket;
  sc_core::sc_time m_period;
  tlm_utils::tlm_quantumkeeper& m_keeper;
  const TimelineSink& m_timeline;
  std::deque<ReadBurst> m_reads;
  std::deque<Address> m_writes;
  std::deque<WriteBeat> m_beats;
  std::deque<Response> m_responses;
  // This cycle's handshakes (sample() to update()).
  bool m_ar = false, m_aw = false, m_w = false, m_r = false, m_b = false, m_requesting = false;
  Address m_ar_pins{}, m_aw_pins{};
  WriteBeat m_w_beat{};
};

}  // namespace

std::vector<GeneratedBuild> generated_builds() {
  std::vector<GeneratedBuild> builds;
  for (const BuildEntry& e : build_entries()) builds.push_back(e.build);
  return builds;
}

GeneratedBuild select_generated_build(const Architecture& arch) {
  std::ostringstream available;
  for (const BuildEntry& e : build_entries()) {
    const Architecture built = read_architecture(e.build.tarch_path);
    if (same_architecture(arch, built)) return e.build;
    available << (available.tellp() > 0 ? "; " : "") << e.build.name << " (" << describe(built) << ")";
  }
  throw std::invalid_argument("no generated Tensil TCU was built for this architecture (" + describe(arch) +
                              "): the builds here are " + available.str() +
                              "; scripts/fetch-tensil-rtl.sh fetches the builds there are");
}

struct GeneratedTcu::Impl {
  Impl(GeneratedTcu& tcu, const TcuOptions& tcu_options)
      : options(tcu_options),
        build(select_generated_build(tcu_options.arch)),
        layout(InstructionLayout::derive(tcu_options.arch)),
        check(tcu_options.arch),
        top(make_top(build.name)),
        dram0("DRAM0", 0, top->dram[0], tcu.dram0, tcu_options.clock_period, keeper, options.timeline),
        dram1("DRAM1", 1, top->dram[1], tcu.dram1, tcu_options.clock_period, keeper, options.timeline) {
    keeper.set_global_quantum(options.clock_period * kQuantumCycles);
  }

  static std::unique_ptr<Top> make_top(const std::string& name) {
    for (const BuildEntry& e : build_entries()) {
      if (e.build.name == name) return e.make();
    }
    throw std::logic_error("unknown generated build " + name);
  }

  TcuOptions options;
  GeneratedBuild build;
  InstructionLayout layout;
  InstructionCheck check;
  std::unique_ptr<Top> top;
  tlm_utils::tlm_quantumkeeper keeper;
  AxiBridge dram0;
  AxiBridge dram1;
  TcuStatistics statistics;

  std::deque<uint8_t> queue;  // instruction bytes not yet in a beat
  bool beat_valid = false;    // TVALID with the beat on TDATA
  bool beat_last = false;
  bool writer_waiting = false;   // for room in the queue
  bool writer_draining = false;  // for its bytes to be taken
  sc_core::sc_event space_freed;
  std::vector<uint8_t> handed;  // bytes the stream handed over, not yet a whole instruction
  uint32_t pc = 0;
  uint64_t index = 0;
  std::deque<size_t> write_ends;  // queue positions after which a write ended

  // Cycles: a cycle counts when the pins show work (bytes queued or offered
  // on the stream, a request or a burst outstanding on either master), and
  // so do the quiet cycles between two such cycles, while the TCU works
  // inside; but not a quiet stretch that ends with new instruction bytes
  // arriving at an empty stream: that is the host's time between programs
  // (the driver streams a program only after the previous one's flush
  // probe, a DRAM0 write, has landed). The pins cannot tell more.
  uint64_t cycle = 0;
  uint64_t last_active = 0;
  bool span_open = false;
  bool was_active = false;

  void run() {
    *top->reset = 0;  // active low: the TCU gets ~reset
    *top->tvalid = 0;
    *top->tlast = 0;
    for (int i = 0; i < kResetCycles; ++i) {
      top->eval(false);
      top->eval(true);
    }
    *top->reset = 1;
    keeper.reset();
    for (;;) {
      // While the stream has no whole beat to offer, the TCU keeps step with
      // SystemC's time: bytes the host writes are offered from the cycle
      // they arrive in, and a writer whose bytes have all been taken
      // resumes in that cycle (the clocked TCU's rule too,
      // systemc/tensil/clocked/clocked_execution.cpp).
      // The extra delta lets a host that writes at this very instant go first.
      if (!beat_valid && queue.size() < kBeatBytes) {
        keeper.sync();
        if (writer_draining) space_freed.notify(sc_core::SC_ZERO_TIME);
        sc_core::wait(sc_core::SC_ZERO_TIME);
      }
      if (!beat_valid && queue.size() >= kBeatBytes) {
        uint8_t beat[kBeatBytes];
        for (auto& b : beat) {
          b = queue.front();
          queue.pop_front();
        }
        std::memcpy(top->tdata, beat, kBeatBytes);
        // TLAST on the beat that ends a write (Tensil's stream input ignores
        // it; a DMA sets it on its transfer's last beat).
        beat_last = false;
        for (auto& end : write_ends) {
          if (end <= kBeatBytes) beat_last = true;
          end = end >= kBeatBytes ? end - kBeatBytes : 0;
        }
        while (!write_ends.empty() && write_ends.front() == 0) write_ends.pop_front();
        beat_valid = true;
        handed.insert(handed.end(), beat, beat + kBeatBytes);
        if (writer_waiting) {
          keeper.sync();
          space_freed.notify(sc_core::SC_ZERO_TIME);
        }
      }
      *top->tvalid = beat_valid;
      *top->tlast = beat_last;
      dram0.drive(cycle);
      dram1.drive(cycle);
      top->eval(false);
      const bool taken = beat_valid && *top->tready;
      dram0.sample();
      dram1.sample();
      const bool dequeued = *top->dequeue_valid && *top->dequeue_ready;
      const uint8_t dequeued_opcode = *top->head_opcode;
      const uint32_t dequeued_pc = *top->program_counter;
      top->eval(true);
      const bool active = beat_valid || !queue.empty() || dram0.active() || dram1.active();
      if (taken) {
        beat_valid = false;
        hand_over();
      }
      const sc_core::sc_time local = keeper.get_local_time();
      dram0.update(cycle, local);
      dram1.update(cycle, local);
      if (dequeued && options.timeline) {
        options.timeline(TimelineEvent{cycle, TimelineEvent::Kind::Dequeue, dequeued_opcode, dequeued_pc, 0});
      }
      if (active) {
        statistics.cycles += span_open ? cycle - last_active : 1;
        span_open = true;
        last_active = cycle;
      }
      was_active = active;
      ++cycle;
      keeper.inc(options.clock_period);
      if (keeper.need_sync()) keeper.sync();
    }
  }

  // The instructions of a beat the stream took, in order: counted, checked
  // and their program counter followed as the RTL's decoder does.
  void hand_over() {
    size_t used = 0;
    while (handed.size() - used >= layout.instruction_bytes) {
      const Instruction in = decode_instruction(layout, &handed[used]);
      used += layout.instruction_bytes;
      const CheckResult result = check.check(in);
      if (result.kind == CheckResult::Kind::Fatal ||
          (result.kind == CheckResult::Kind::Consumable && !options.lenient)) {
        std::ostringstream s;
        s << "pc " << pc << " (instruction " << index << " since reset): " << describe_instruction(in);
        if (!result.field.empty()) s << ": " << result.field;
        s << ": " << result.message;
        if (result.kind == CheckResult::Kind::Consumable) {
          s << " (the RTL would silently consume it; --lenient does the same)";
        }
        SC_REPORT_ERROR(kReportType, s.str().c_str());
      }
      if (result.kind == CheckResult::Kind::Consumable) ++statistics.invalid_consumed;
      ++statistics.instructions_by_opcode[in.opcode & 0xF];
      if (in.opcode == uint8_t(Opcode::MatMul)) {
        statistics.array_vectors += in.operand2 + 1;
        statistics.macs += (in.operand2 + 1) * uint64_t(options.arch.array_size) * options.arch.array_size;
      }
      // The program counter counts on dispatch; a Configure of the PC
      // register sets the next instruction's PC (Tensil's tcu/Decoder.scala).
      const bool sets_pc = in.opcode == uint8_t(Opcode::Configure) &&
                           in.configure_register() == uint32_t(ConfigRegister::ProgramCounter);
      pc = sets_pc ? in.configure_value() : pc + 1;
      ++index;
    }
    handed.erase(handed.begin(), handed.begin() + long(used));
  }

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (!accept_stream_write(trans, delay)) return;
    if (queue.empty() && !beat_valid && !was_active) span_open = false;
    const uint8_t* data = trans.get_data_ptr();
    size_t remaining = trans.get_data_length();
    // The stream applies back-pressure: the writer waits while the queue is
    // full, like a DMA whose TREADY is low.
    while (remaining > 0) {
      while (queue.size() >= kQueueBytes) {
        writer_waiting = true;
        sc_core::wait(space_freed);
        writer_waiting = false;
      }
      const size_t room = kQueueBytes - queue.size();
      const size_t chunk = remaining < room ? remaining : room;
      queue.insert(queue.end(), data, data + chunk);
      data += chunk;
      remaining -= chunk;
    }
    if (trans.get_data_length() > 0) write_ends.push_back(queue.size());
    // The write completes when the stream has taken its last whole beat
    // (bytes ending inside a beat wait for the next write, as a DMA holds
    // a partial beat).
    while (beat_valid || queue.size() >= kBeatBytes) {
      writer_draining = true;
      sc_core::wait(space_freed);
      writer_draining = false;
    }
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

GeneratedTcu::GeneratedTcu(sc_core::sc_module_name name, const TcuOptions& options)
    : sc_module(name),
      instructions("instructions"),
      samples("samples"),
      dram0("dram0"),
      dram1("dram1"),
      m_impl(std::make_unique<Impl>(*this, options)) {
  instructions.register_b_transport(this, &GeneratedTcu::b_transport);
  samples.register_b_transport(this, &GeneratedTcu::sample_transport);
  SC_HAS_PROCESS(GeneratedTcu);
  SC_THREAD(run);
}

GeneratedTcu::~GeneratedTcu() { m_impl->top->final(); }

void GeneratedTcu::run() { m_impl->run(); }
void GeneratedTcu::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  m_impl->b_transport(trans, delay);
}
void GeneratedTcu::sample_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  // These builds have no sample stream (README.md of ACOSIM_RTL_DIR): a read
  // moves nothing, as from a TCU generated without a sampler.
  if (trans.get_command() != tlm::TLM_READ_COMMAND) {
    trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  sc_core::wait(delay);
  delay = sc_core::SC_ZERO_TIME;
  trans.set_data_length(0);
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

const GeneratedBuild& GeneratedTcu::build() const { return m_impl->build; }
const TcuOptions& GeneratedTcu::options() const { return m_impl->options; }
const TcuStatistics& GeneratedTcu::statistics() const { return m_impl->statistics; }
uint32_t GeneratedTcu::last_program_counter() const { return m_impl->pc; }

}  // namespace acosim::tensil

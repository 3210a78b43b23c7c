#include "systemc/habana/tpc.h"

#include <algorithm>
#include <sstream>

#include "sw/habana/tpc/error.h"
#include "sw/habana/tpc/local_memory.h"
#include "sw/habana/tpc/run_services.h"
#include "systemc/habana/vliw/core.h"

namespace acosim::habana {

namespace {

// A host-compiled kernel has no instruction bundles to count, so its cycles
// are an issue bound: the four slots issue in parallel, one instruction per
// slot per cycle, so a run takes at least as many cycles as its busiest slot
// issues, plus the 7 cycles the last vector result needs to commit (the VPE
// commit latency of tpc_llvm's latency model).
constexpr uint64_t kCommitCycles = 7;

uint64_t issue_bound(const SlotCounters& issued) {
  return *std::max_element(std::begin(issued.issued), std::end(issued.issued)) + kCommitCycles;
}

}  // namespace

Tpc::Tpc(sc_core::sc_module_name name, unsigned id, sc_core::sc_time clock, uint64_t global_base)
    : sc_module(name), global_socket("global_socket"), busy("busy", false), partition("partition", 0),
      vpu_issued("vpu_issued", 0), load_issued("load_issued", 0), store_issued("store_issued", 0),
      pc("pc", 0), slots("slots", 0), gmem_stall("gmem_stall", false),
      m_id(id), m_clock(clock), m_global_base(global_base) {
  SC_THREAD(thread);
  // Kernels run on this thread's stack: vector locals are 256 bytes each.
  set_stack_size(16 * 1024 * 1024);
}

void Tpc::start(const Launch& launch, std::vector<unsigned> partitions) {
  m_launch = &launch;
  m_assigned = std::move(partitions);
  m_runs.clear();
  m_error.clear();
  m_printed.clear();
  m_special = false;
  if (!m_assigned.empty()) m_start.notify(sc_core::SC_ZERO_TIME);
}

GlobalWindow Tpc::window() {
  tlm::tlm_generic_payload request;
  request.set_address(m_global_base);
  request.set_command(tlm::TLM_READ_COMMAND);
  tlm::tlm_dmi dmi;
  if (!global_socket->get_direct_mem_ptr(request, dmi) || !dmi.is_read_write_allowed()) {
    throw TpcError("global memory grants no direct access to the TPC");
  }
  return {dmi.get_start_address(), dmi.get_dmi_ptr(), dmi.get_end_address() - dmi.get_start_address() + 1};
}

PartitionRun Tpc::run_partition(unsigned index, GlobalWindow memory) {
  const Launch& launch = *m_launch;
  if (launch.program != nullptr) return run_program_partition(index, memory);
  PartitionRun run;
  run.partition = index;
  run.tpc = m_id;
  TensorUnit tensors(memory, launch.tensors);
  LocalMemory local;
  RunServices services(launch.partitions.at(index), tensors, local, [this](const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) m_printed += "TPC " + std::to_string(m_id) + ": " + line + "\n";
  });
  launch.kernel->run(services, launch.scalars.data(), static_cast<unsigned>(launch.scalars.size()));
  run.issued = services.counters;
  run.cycles = issue_bound(services.counters);
  m_special = m_special || services.used_special_functions();
  for (unsigned t = 0; t < tensors.tensor_count(); ++t) {
    run.reads.push_back(tensors.reads(static_cast<int>(t)));
    run.writes.push_back(tensors.writes(static_cast<int>(t)));
  }
  return run;
}

// The VLIW core issues one bundle per cycle. Cycle by cycle the signals
// follow every bundle and time advances each cycle; otherwise the core runs
// the partition through and time advances once, by its cycles.
PartitionRun Tpc::run_program_partition(unsigned index, GlobalWindow memory) {
  const Launch& launch = *m_launch;
  PartitionRun run;
  run.partition = index;
  run.tpc = m_id;
  run.start_cycle = static_cast<uint64_t>(sc_core::sc_time_stamp() / m_clock);
  TensorUnit tensors(memory, launch.tensors);
  LocalMemory local;
  RunServices services(launch.partitions.at(index), tensors, local, [this](const std::string& text) {
    m_printed += "TPC " + std::to_string(m_id) + ": " + text + "\n";
  });
  vliw::VliwCore core(*launch.program, launch.global_memory_latency);
  core.reset(services, launch.scalars.data(), static_cast<unsigned>(launch.scalars.size()));
  if (m_cycle_by_cycle) {
    for (;;) {
      if (core.cycles() >= launch.max_cycles) {
        throw TpcError("the program did not halt within " + std::to_string(launch.max_cycles) + " cycles");
      }
      const vliw::StepResult step = core.step();
      pc.write(step.pc);
      slots.write(step.issued);
      gmem_stall.write(step.gmemStall);
      sc_core::wait(m_clock);
      if (step.halted) break;
    }
    slots.write(0);
    gmem_stall.write(false);
  } else {
    core.run(launch.max_cycles);
  }
  run.cycles = core.cycles();
  run.stall_cycles = core.stallCycles();
  run.issued = services.counters;
  for (unsigned t = 0; t < tensors.tensor_count(); ++t) {
    run.reads.push_back(tensors.reads(static_cast<int>(t)));
    run.writes.push_back(tensors.writes(static_cast<int>(t)));
  }
  return run;
}

void Tpc::thread() {
  for (;;) {
    sc_core::wait(m_start);
    m_running = true;
    busy.write(true);
    SlotCounters total;
    try {
      const GlobalWindow memory = window();
      // Partitions on one TPC run back to back (as the runtime queues them).
      for (unsigned index : m_assigned) {
        partition.write(index);
        const uint64_t start = static_cast<uint64_t>(sc_core::sc_time_stamp() / m_clock);
        PartitionRun run = run_partition(index, memory);
        run.start_cycle = start;
        for (unsigned s = 0; s < 4; ++s) total.issued[s] += run.issued.issued[s];
        load_issued.write(total.issued[static_cast<unsigned>(Slot::Load)]);
        vpu_issued.write(total.issued[static_cast<unsigned>(Slot::Vpu)]);
        store_issued.write(total.issued[static_cast<unsigned>(Slot::Store)]);
        // Cycle-by-cycle runs have waited already.
        const uint64_t elapsed = static_cast<uint64_t>(sc_core::sc_time_stamp() / m_clock) - start;
        const uint64_t cycles = run.cycles > elapsed ? run.cycles - elapsed : 0;
        m_runs.push_back(std::move(run));
        if (cycles > 0) sc_core::wait(m_clock * static_cast<double>(cycles));
      }
    } catch (const std::exception& e) {
      m_error = "TPC " + std::to_string(m_id) + ": " + e.what();
    }
    m_assigned.clear();
    busy.write(false);
    m_running = false;
  }
}

void Tpc::trace(core::VcdTracer& tracer, const std::string& scope) const {
  tracer.add(scope, "busy", busy);
  tracer.add(scope, "partition", partition);
  tracer.add(scope, "load_issued", load_issued);
  tracer.add(scope, "vpu_issued", vpu_issued);
  tracer.add(scope, "store_issued", store_issued);
  tracer.add(scope, "pc", pc);
  tracer.add(scope, "slots", slots, 4);
  tracer.add(scope, "gmem_stall", gmem_stall);
}

}  // namespace acosim::habana

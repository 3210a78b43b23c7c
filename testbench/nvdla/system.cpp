#include "testbench/nvdla/system.h"

#include <chrono>
#include <exception>
#include <stdexcept>

#include <tlm_utils/multi_passthrough_target_socket.h>

#include "systemc/core/reports.h"

namespace acosim::nvdla {

// The memory interface a configuration does not have: every access is an
// address error (units refuse RAM_TYPE CV before they get here; the host
// gets a clear error).
struct NvdlaSystem::AbsentMemory : sc_core::sc_module {
  tlm_utils::multi_passthrough_target_socket<AbsentMemory> socket;
  explicit AbsentMemory(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
    socket.register_b_transport(this, &AbsentMemory::b_transport);
  }
  void b_transport(int, tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
  }
};

core::MemoryConfig SystemOptions::default_mcif() {
  core::MemoryConfig c;
  c.base = 0;
  c.size = uint64_t{1} << 40;
  c.read_latency = sc_core::sc_time(100, sc_core::SC_NS);
  c.write_latency = sc_core::sc_time(100, sc_core::SC_NS);
  return c;
}

core::MemoryConfig SystemOptions::default_cvif() {
  core::MemoryConfig c = default_mcif();
  c.read_latency = sc_core::sc_time(10, sc_core::SC_NS);
  c.write_latency = sc_core::sc_time(10, sc_core::SC_NS);
  return c;
}

NvdlaSystem::NvdlaSystem(sc_core::sc_module_name name, const SystemOptions& options)
    : sc_module(name),
      m_config(hardware_config(options.config)),
      m_mcif(std::make_unique<core::Memory>("mcif", options.mcif)),
      m_csb("csb", m_config, options.csb),
      m_glb("glb", m_config),
      m_pdp_rdma("pdp_rdma", m_config),
      m_pdp("pdp", m_config),
      m_sdp_rdma("sdp_rdma", m_config),
      m_sdp("sdp", m_config),
      m_cdp_rdma("cdp_rdma", m_config),
      m_cdp("cdp", m_config),
      m_cdma("cdma", m_config),
      m_csc("csc", m_config, Unit::Csc),
      m_cmac_a("cmac_a", m_config, Unit::CmacA),
      m_cmac_b("cmac_b", m_config, Unit::CmacB),
      m_cacc("cacc", m_config),
      m_cpu("cpu") {
  if (m_config.has_cvif) {
    m_cvif = std::make_unique<core::Memory>("cvif", options.cvif);
  } else {
    m_absent = std::make_unique<AbsentMemory>("no_cvif");
  }
  auto bind_cvif = [&](auto& initiator) {
    if (m_cvif) {
      initiator.bind(m_cvif->socket);
    } else {
      initiator.bind(m_absent->socket);
    }
  };

  // CSB: the CPU's register accesses to every unit's register file.
  m_cpu.registers.bind(m_csb.host);
  m_csb.units.bind(m_glb.csb);
  m_csb.map(Unit::Glb);
  if (m_config.has_bdma) {
    m_bdma = std::make_unique<Bdma>("bdma", m_config);
    m_csb.units.bind(m_bdma->csb);
    m_csb.map(Unit::Bdma);
    m_bdma->mcif.bind(m_mcif->socket);
    bind_cvif(m_bdma->cvif);
    m_bdma->done.bind(m_glb.done_in);
  }
  if (m_config.has_rubik()) {
    m_rubik = std::make_unique<Rubik>("rubik", m_config);
    m_csb.units.bind(m_rubik->csb);
    m_csb.map(Unit::Rubik);
    m_rubik->mcif.bind(m_mcif->socket);
    bind_cvif(m_rubik->cvif);
    m_rubik->done.bind(m_glb.done_in);
  }
  m_csb.units.bind(m_pdp_rdma.csb);
  m_csb.map(Unit::PdpRdma);
  m_csb.units.bind(m_pdp.csb);
  m_csb.map(Unit::Pdp);
  m_csb.units.bind(m_sdp_rdma.csb);
  m_csb.map(Unit::SdpRdma);
  m_csb.units.bind(m_sdp.csb);
  m_csb.map(Unit::Sdp);
  m_csb.units.bind(m_cdp_rdma.csb);
  m_csb.map(Unit::CdpRdma);
  m_csb.units.bind(m_cdp.csb);
  m_csb.map(Unit::Cdp);
  m_csb.units.bind(m_cdma.csb);
  m_csb.map(Unit::Cdma);
  m_csb.units.bind(m_csc.csb);
  m_csb.map(Unit::Csc);
  m_csb.units.bind(m_cmac_a.csb);
  m_csb.map(Unit::CmacA);
  m_csb.units.bind(m_cmac_b.csb);
  m_csb.map(Unit::CmacB);
  m_csb.units.bind(m_cacc.csb);
  m_csb.map(Unit::Cacc);

  // Memory: each DMA on both interfaces; the CPU loads and inspects both.
  m_pdp_rdma.mcif.bind(m_mcif->socket);
  bind_cvif(m_pdp_rdma.cvif);
  m_pdp.mcif.bind(m_mcif->socket);
  bind_cvif(m_pdp.cvif);
  m_sdp_rdma.mcif.bind(m_mcif->socket);
  bind_cvif(m_sdp_rdma.cvif);
  m_sdp.mcif.bind(m_mcif->socket);
  bind_cvif(m_sdp.cvif);
  m_cdp_rdma.mcif.bind(m_mcif->socket);
  bind_cvif(m_cdp_rdma.cvif);
  m_cdp.mcif.bind(m_mcif->socket);
  bind_cvif(m_cdp.cvif);
  m_cdma.mcif.bind(m_mcif->socket);
  bind_cvif(m_cdma.cvif);
  m_cpu.primary.bind(m_mcif->socket);
  bind_cvif(m_cpu.secondary);

  // Data paths between units and the done pulses into the GLB.
  m_pdp.rdma.bind(m_pdp_rdma.out);
  m_pdp.sdp.bind(m_sdp.pdp_out);
  m_sdp.rdma.bind(m_sdp_rdma.out);
  m_pdp.done.bind(m_glb.done_in);
  m_sdp.done.bind(m_glb.done_in);
  m_cdp.rdma.bind(m_cdp_rdma.out);
  m_cdp.done.bind(m_glb.done_in);
  m_cacc.cdma.bind(m_cdma.stage);
  m_cacc.csc.bind(m_csc.stage);
  m_cacc.cmac_a.bind(m_cmac_a.stage);
  m_cacc.cmac_b.bind(m_cmac_b.stage);
  m_sdp.cacc.bind(m_cacc.to_sdp);
  m_cdma.done.bind(m_glb.done_in);
  m_cacc.done.bind(m_glb.done_in);
  m_glb.intr.bind(m_intr);
  m_cpu.interrupt.bind(m_intr);

  if (!options.vcd_path.empty()) {
    m_tracer = std::make_unique<core::VcdTracer>("waves", options.vcd_path);
    core::VcdTracer& t = *m_tracer;
    t.add("nvdla.csb", "address", m_csb.address, 18);
    t.add("nvdla.csb", "data", m_csb.data);
    t.add("nvdla.csb", "write", m_csb.write);
    t.add("nvdla.csb", "valid", m_csb.valid);
    t.add("nvdla.glb", "intr", m_intr);
    t.add("nvdla.glb", "intr_status", m_glb.status, 22);
    if (m_bdma) {
      t.add("nvdla.bdma", "free_slot", m_bdma->free_slot, 8);
      t.add("nvdla.bdma", "grp0_busy", m_bdma->grp0_busy);
      t.add("nvdla.bdma", "grp1_busy", m_bdma->grp1_busy);
      t.add("nvdla.bdma", "bytes_read", m_bdma->bytes_read);
      t.add("nvdla.bdma", "bytes_written", m_bdma->bytes_written);
    }
    if (m_rubik) {
      t.add("nvdla.rubik", "busy", m_rubik->busy);
      t.add("nvdla.rubik", "bytes_read", m_rubik->bytes_read);
      t.add("nvdla.rubik", "bytes_written", m_rubik->bytes_written);
    }
    t.add("nvdla.pdp_rdma", "busy", m_pdp_rdma.busy);
    t.add("nvdla.pdp_rdma", "bytes_read", m_pdp_rdma.bytes_read);
    t.add("nvdla.pdp", "busy", m_pdp.busy);
    t.add("nvdla.pdp", "stripe", m_pdp.stripe, 8);
    t.add("nvdla.pdp", "bytes_written", m_pdp.bytes_written);
    t.add("nvdla.sdp_rdma", "busy", m_sdp_rdma.busy);
    t.add("nvdla.sdp_rdma", "bytes_read", m_sdp_rdma.bytes_read);
    t.add("nvdla.sdp", "busy", m_sdp.busy);
    t.add("nvdla.sdp", "bytes_written", m_sdp.bytes_written);
    t.add("nvdla.cdp_rdma", "busy", m_cdp_rdma.busy);
    t.add("nvdla.cdp_rdma", "bytes_read", m_cdp_rdma.bytes_read);
    t.add("nvdla.cdp", "busy", m_cdp.busy);
    t.add("nvdla.cdp", "bytes_written", m_cdp.bytes_written);
    t.add("nvdla.cdma", "busy", m_cdma.busy);
    t.add("nvdla.cdma", "bytes_read", m_cdma.bytes_read);
    t.add("nvdla.csc", "busy", m_csc.busy);
    t.add("nvdla.cmac_a", "busy", m_cmac_a.busy);
    t.add("nvdla.cmac_b", "busy", m_cmac_b.busy);
    t.add("nvdla.cacc", "busy", m_cacc.busy);
    t.add("nvdla.cacc", "macs", m_cacc.macs);
  }
}

NvdlaSystem::~NvdlaSystem() = default;

void NvdlaSystem::close_waves() {
  if (m_tracer) m_tracer->close();
}

namespace {

struct Cpu : sc_core::sc_module {
  NvdlaSystem& system;
  const std::function<void(NvdlaSystem&)>& firmware;
  std::exception_ptr error;
  bool finished = false;

  Cpu(sc_core::sc_module_name name, NvdlaSystem& s, const std::function<void(NvdlaSystem&)>& f)
      : sc_module(name), system(s), firmware(f) {
    SC_HAS_PROCESS(Cpu);
    SC_THREAD(run);
  }

  void run() {
    try {
      firmware(system);
      finished = true;
    } catch (...) {
      error = std::current_exception();
    }
    sc_core::sc_stop();
  }
};

}  // namespace

RunStatistics run_firmware(const SystemOptions& options, const std::function<void(NvdlaSystem&)>& firmware) {
  core::configure_reports();

  const auto start = std::chrono::steady_clock::now();
  NvdlaSystem system("nvdla", options);
  Cpu cpu("cpu_program", system, firmware);
  try {
    sc_core::sc_start();
  } catch (const sc_core::sc_report& report) {
    system.close_waves();
    throw core::SimulationError(report.get_msg());
  }
  system.close_waves();
  if (cpu.error) {
    try {
      std::rethrow_exception(cpu.error);
    } catch (const sc_core::sc_report& report) {
      throw core::SimulationError(report.get_msg());
    }
  }
  // Every process waiting on an event that never comes also ends sc_start.
  if (!cpu.finished) throw core::SimulationError("the simulation ended before the firmware finished");
  RunStatistics stats;
  stats.simulated_ns = sc_core::sc_time_stamp().to_seconds() * 1e9;
  stats.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

}  // namespace acosim::nvdla

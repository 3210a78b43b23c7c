#include "systemc/habana/chip.h"

#include <algorithm>

#include "sw/habana/tpc/error.h"

namespace acosim::habana {

namespace {
// Waves and simulated time use a nominal 1 GHz TPC clock; results are
// reported in cycles.
const sc_core::sc_time kClock(1, sc_core::SC_NS);
}  // namespace

TpcChip::TpcChip(sc_core::sc_module_name name, unsigned tpcs)
    : sc_module(name), m_global("global_memory", kGlobalBase, kGlobalSize) {
  if (tpcs == 0 || tpcs > 64) throw TpcError("a TPC chip has 1 to 64 TPCs, not " + std::to_string(tpcs));
  for (unsigned i = 0; i < tpcs; ++i) {
    m_tpcs.push_back(std::make_unique<Tpc>(("tpc" + std::to_string(i)).c_str(), i, kClock, kGlobalBase));
    m_tpcs.back()->global_socket.bind(m_global.socket);
  }
}

uint8_t* TpcChip::global(uint64_t address, uint64_t bytes) {
  if (!m_global.contains(address, bytes)) throw TpcError("host access outside global memory");
  tlm::tlm_generic_payload request;
  request.set_address(address);
  tlm::tlm_dmi dmi;
  // The memory grants one window for all of it; the first TPC's socket is
  // as good a way in as any.
  if (!m_tpcs.front()->global_socket->get_direct_mem_ptr(request, dmi)) {
    throw TpcError("global memory grants no direct access");
  }
  return dmi.get_dmi_ptr() + (address - dmi.get_start_address());
}

LaunchResult TpcChip::run(const Launch& launch) {
  if ((launch.kernel == nullptr) == (launch.program == nullptr)) {
    throw TpcError("a launch runs either a TPC-C kernel or an assembled program");
  }
  std::vector<std::vector<unsigned>> assigned(m_tpcs.size());
  for (unsigned p = 0; p < launch.partitions.size(); ++p) assigned[p % m_tpcs.size()].push_back(p);
  const sc_core::sc_time start = sc_core::sc_time_stamp();
  LaunchResult result;
  for (size_t t = 0; t < m_tpcs.size(); ++t) {
    if (!assigned[t].empty()) ++result.active_tpcs;
    m_tpcs[t]->start(launch, assigned[t]);
  }
  sc_core::sc_start();
  std::string error;
  for (auto& tpc : m_tpcs) {
    if (!tpc->idle()) throw TpcError(std::string(tpc->name()) + " did not finish its partitions");
    if (error.empty()) error = tpc->error();
    result.printed += tpc->printed();
    result.special_functions_used = result.special_functions_used || tpc->special_functions_used();
    result.runs.insert(result.runs.end(), tpc->runs().begin(), tpc->runs().end());
  }
  if (!error.empty()) throw TpcError(error);
  std::sort(result.runs.begin(), result.runs.end(),
            [](const PartitionRun& a, const PartitionRun& b) { return a.partition < b.partition; });
  result.cycles = static_cast<uint64_t>((sc_core::sc_time_stamp() - start) / kClock);
  return result;
}

void TpcChip::trace(core::VcdTracer& tracer, const std::string& scope) const {
  for (const auto& tpc : m_tpcs) {
    tpc->trace(tracer, scope + "." + tpc->basename());
    tpc->set_cycle_by_cycle(true);
  }
}

}  // namespace acosim::habana

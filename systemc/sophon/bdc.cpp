#include "systemc/sophon/bdc.h"

#include "systemc/sophon/bdc_kernels.h"

namespace acosim::sophon {

Bdc::Bdc(sc_core::sc_module_name name, const Chip& chip, HazardMonitor& hazards)
    : Engine<BdcCommand>(name, chip, EngineId::Bdc, hazards) {}

void Bdc::check(const BdcCommand& c) {
  switch (bdc_family(c.op)) {
    case BdcFamily::Elementwise: check_elementwise(m_chip, c); break;
    case BdcFamily::FixedPoint: check_fixed_point(m_chip, c); break;
    case BdcFamily::NeuralNetwork: check_nn(m_chip, c); break;
  }
}

uint64_t Bdc::execute(const BdcCommand& c) {
  const BdcContext context{m_chip, local_window()};
  // A fixed issue cost per instruction, then what the family reports.
  constexpr uint64_t kIssueCycles = 16;
  switch (bdc_family(c.op)) {
    case BdcFamily::Elementwise: return kIssueCycles + run_elementwise(context, c);
    case BdcFamily::FixedPoint: return kIssueCycles + run_fixed_point(context, c);
    case BdcFamily::NeuralNetwork: return kIssueCycles + run_nn(context, c);
  }
  return kIssueCycles;
}

}  // namespace acosim::sophon

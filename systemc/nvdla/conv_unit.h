// CSC, CMAC_A and CMAC_B as the convolution pipeline sees them: register
// files with ping-pong groups whose consumer group takes part in CACC's
// layer (conv_stage.h). Their arithmetic is part of conv_datapath.h; they
// raise no interrupt.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/conv_stage.h"
#include "systemc/nvdla/unit.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

// Which register of the unit fills which field of ConvRegisters.
using ConvRegisterMap = std::vector<std::pair<uint32_t, uint32_t ConvRegisters::*>>;

class ConvUnit : public RegisterUnit, public ConvStage {
 public:
  sc_core::sc_export<ConvStage> stage;
  core::ObservedSignal<bool> busy{"busy"};

  // unit: Unit::Csc, Unit::CmacA or Unit::CmacB.
  ConvUnit(sc_core::sc_module_name name, const HardwareConfig& config, Unit unit);

  void wait_layer(ConvRegisters& regs) override;
  void end_layer() override;

 private:
  ConvRegisterMap m_map;
};

// Copies the consumer group's registers named in `map` into `regs`.
void copy_registers(const RegisterBank& bank, unsigned group, const ConvRegisterMap& map, ConvRegisters& regs);

}  // namespace acosim::nvdla

#include "systemc/nvdla/conv_unit.h"

#include <stdexcept>

#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"

namespace acosim::nvdla {

namespace {

ConvRegisterMap register_map(Unit unit) {
  namespace c = regs::csc;
  using R = ConvRegisters;
  switch (unit) {
    case Unit::Csc:
      return {{c::D_MISC_CFG, &R::csc_misc_cfg},
              {c::D_DATAIN_FORMAT, &R::csc_datain_format},
              {c::D_DATAIN_SIZE_EXT_0, &R::csc_datain_size_ext_0},
              {c::D_DATAIN_SIZE_EXT_1, &R::csc_datain_size_ext_1},
              {c::D_BATCH_NUMBER, &R::csc_batch_number},
              {c::D_POST_Y_EXTENSION, &R::csc_post_y_extension},
              {c::D_ENTRY_PER_SLICE, &R::csc_entry_per_slice},
              {c::D_WEIGHT_FORMAT, &R::csc_weight_format},
              {c::D_WEIGHT_SIZE_EXT_0, &R::csc_weight_size_ext_0},
              {c::D_WEIGHT_SIZE_EXT_1, &R::csc_weight_size_ext_1},
              {c::D_WEIGHT_BYTES, &R::csc_weight_bytes},
              {c::D_WMB_BYTES, &R::csc_wmb_bytes},
              {c::D_DATAOUT_SIZE_0, &R::csc_dataout_size_0},
              {c::D_DATAOUT_SIZE_1, &R::csc_dataout_size_1},
              {c::D_ATOMICS, &R::csc_atomics},
              {c::D_RELEASE, &R::csc_release},
              {c::D_CONV_STRIDE_EXT, &R::csc_conv_stride_ext},
              {c::D_DILATION_EXT, &R::csc_dilation_ext},
              {c::D_ZERO_PADDING, &R::csc_zero_padding},
              {c::D_ZERO_PADDING_VALUE, &R::csc_zero_padding_value},
              {c::D_BANK, &R::csc_bank},
              {c::D_PRA_CFG, &R::csc_pra_cfg}};
    case Unit::CmacA: return {{regs::cmac_a::D_MISC_CFG, &R::cmac_a_misc_cfg}};
    case Unit::CmacB: return {{regs::cmac_b::D_MISC_CFG, &R::cmac_b_misc_cfg}};
    default: throw std::logic_error("ConvUnit serves CSC, CMAC_A and CMAC_B only");
  }
}

}  // namespace

void copy_registers(const RegisterBank& bank, unsigned group, const ConvRegisterMap& map, ConvRegisters& regs) {
  for (const auto& [offset, field] : map) regs.*field = bank.get(offset, group);
}

ConvUnit::ConvUnit(sc_core::sc_module_name name, const HardwareConfig& config, Unit unit)
    : RegisterUnit(name, config, unit, true), stage("stage"), m_map(register_map(unit)) {
  stage.bind(*this);
}

void ConvUnit::wait_layer(ConvRegisters& regs) {
  while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
  busy.write(true);
  copy_registers(m_bank, m_bank.consumer(), m_map, regs);
}

void ConvUnit::end_layer() {
  m_bank.end_layer();
  busy.write(m_bank.op_enabled(m_bank.consumer()));
}

}  // namespace acosim::nvdla

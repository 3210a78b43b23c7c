#include "systemc/nvdla/rubik.h"

#include <string>
#include <vector>

#include "sw/nvdla/regs/rubik.h"

namespace acosim::nvdla {

namespace r = regs::rubik;

Rubik::Rubik(sc_core::sc_module_name name, const HardwareConfig& config, const RubikTiming& timing)
    : DmaUnit(name, config, Unit::Rubik, true), done("done"), m_timing(timing) {
  SC_THREAD(run);
}

RubikRegisters Rubik::registers(unsigned g) const {
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  RubikRegisters regs;
  regs.misc_cfg = get(r::D_MISC_CFG);
  regs.datain_size_0 = get(r::D_DATAIN_SIZE_0);
  regs.datain_size_1 = get(r::D_DATAIN_SIZE_1);
  regs.dataout_size_1 = get(r::D_DATAOUT_SIZE_1);
  regs.dain_line_stride = get(r::D_DAIN_LINE_STRIDE);
  regs.dain_surf_stride = get(r::D_DAIN_SURF_STRIDE);
  regs.dain_planar_stride = get(r::D_DAIN_PLANAR_STRIDE);
  regs.daout_line_stride = get(r::D_DAOUT_LINE_STRIDE);
  regs.daout_surf_stride = get(r::D_DAOUT_SURF_STRIDE);
  regs.daout_planar_stride = get(r::D_DAOUT_PLANAR_STRIDE);
  regs.contract_stride_0 = get(r::D_CONTRACT_STRIDE_0);
  regs.contract_stride_1 = get(r::D_CONTRACT_STRIDE_1);
  regs.deconv_stride = get(r::D_DECONV_STRIDE);
  return regs;
}

void Rubik::run() {
  while (true) {
    while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
    const unsigned g = m_bank.consumer();
    busy.write(true);
    const std::string where = " (group " + std::to_string(g) + ")";
    auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
    const RubikDecoded decoded = decode_rubik(registers(g));
    if (!decoded.layer) {
      error(decoded.problem + where);
      m_bank.end_layer();
      busy.write(false);
      continue;
    }
    const uint64_t source = uint64_t{get(r::D_DAIN_ADDR_HIGH)} << 32 | get(r::D_DAIN_ADDR_LOW);
    const uint64_t destination = uint64_t{get(r::D_DAOUT_ADDR_HIGH)} << 32 | get(r::D_DAOUT_ADDR_LOW);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    std::vector<RubikWrite> writes;
    try {
      core::DmaPort& in = memory(r::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE.get(get(r::D_DAIN_RAM_TYPE)) ==
                                     r::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF,
                                 "D_DAIN_RAM_TYPE.DATAIN_RAM_TYPE");
      writes = rubik_reshape(*decoded.layer, [&](uint64_t offset, uint8_t* data, uint64_t bytes) {
        delay += in.read(source + offset, data, bytes);
      });
    } catch (const core::DmaError& e) {
      error(std::string("D_DAIN_*: ") + e.what() + where);
    }
    bytes_read.write(DmaUnit::bytes_read());
    uint64_t written = 0;
    try {
      core::DmaPort& out = memory(r::D_DAOUT_RAM_TYPE_DATAOUT_RAM_TYPE.get(get(r::D_DAOUT_RAM_TYPE)) ==
                                      r::D_DAOUT_RAM_TYPE_DATAOUT_RAM_TYPE_MCIF,
                                  "D_DAOUT_RAM_TYPE.DATAOUT_RAM_TYPE");
      for (const RubikWrite& w : writes) {
        delay += out.write(destination + w.offset, w.bytes.data(), w.bytes.size());
        written += w.bytes.size();
      }
    } catch (const core::DmaError& e) {
      error(std::string("D_DAOUT_*: ") + e.what() + where);
    }
    bytes_written.write(DmaUnit::bytes_written());
    // Memory latency plus one atom a cycle through the reorder buffer.
    const uint64_t cycles = (written + m_timing.bytes_per_cycle - 1) / m_timing.bytes_per_cycle;
    sc_core::wait(delay + m_timing.clock_period * static_cast<double>(cycles));
    // No back-pressure in this model: the stall counters stay 0.
    m_bank.set(r::D_PERF_READ_STALL, 0, g);
    m_bank.set(r::D_PERF_WRITE_STALL, 0, g);
    m_bank.end_layer();
    busy.write(false);
    done->unit_done(done_status_bit(Unit::Rubik, g));
  }
}

}  // namespace acosim::nvdla

// From one of NVDLA's pooling, SDP, CDP or direct-convolution trace tests to
// a firmware layer: the PDP, SDP, CDP and convolution-pipeline register
// values a trace programs, decoded into the descriptors NVDLA's firmware
// turns into those registers (the inverse of nvdla/sw kmd/firmware/pdp.c
// processor_pdp_program, sdp.c processor_sdp_program, cdp.c
// processor_cdp_program and conv.c processor_conv_program), the data the
// trace loads and its result check.
//
// Traces: the master branch's .cfg tests of nv_small/nv_large (PDP_RDMA ->
// PDP offline: PdpLayer; SDP_RDMA -> SDP -> PDP on the fly: SdpPdpLayer;
// SDP_RDMA -> SDP -> memory, with BS/BN/EW operands from registers or from
// memory and the EW stage's LUT: SdpLayer; CDP_RDMA -> CDP -> memory, with
// the LUT CDP's own port holds: CdpLayer; CDMA -> CSC -> CMAC_A/B -> CACC
// -> SDP on the fly -> memory: ConvLayer), and nv_full's
// pdp_max_pooling_int16 and sdp_relu_int16 input.txn (their dump_mem golden
// files become byte checks).
//
// What the firmware cannot express is not forced: a trace whose programming
// the descriptors cannot reproduce (a reciprocal that differs from the
// firmware's table for an average, an RDMA cube that differs from PDP's, an
// SDP stage with both PReLU and ReLU, an EW stage with both PReLU and the
// LUT, CDP with compression, compressed weights, image input, convolution
// units programmed apart from one descriptor field, ...) is a
// TraceLayerError naming the register.
// Registers the trace writes that the hardware does not use in the trace's
// mode (CYA, PDP's source address in offline mode, split widths without
// split, ...) are listed in `notes`. Plain C++, no SystemC.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/nvdla/firmware/port.h"
#include "sw/nvdla/regs/config.h"
#include "testbench/nvdla/firmware/layer_json.h"

namespace acosim::nvdla::firmware {

struct TraceLayerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A register value the trace programs (the last write before the enables).
struct TraceRegister {
  Unit unit = Unit::Pdp;
  uint32_t offset = 0;  // in the unit's window
  std::string name;     // "PDP.D_POOLING_KERNEL_CFG"
  uint32_t value = 0;
};

struct TraceLayer {
  std::string trace_path;  // the .cfg or .txn file
  Config config = Config::NvSmall;
  LayerDescription description;          // one operation, its inputs and checks
  std::vector<TraceRegister> registers;  // data-path registers, in first-write order
  std::vector<std::string> notes;        // what the layer leaves out, and why
};

// `path`: a test folder, .cfg or .txn file (as `acosim nvdla trace` takes).
TraceLayer trace_layer(const std::string& path, Config config);

// A register the trace programs whose stored bits differ from what the
// firmware wrote last during `log` (write_mask of the register map), or
// that the firmware never wrote.
struct RegisterDifference {
  std::string name;  // "PDP_RDMA.D_FLYING_MODE"
  uint32_t trace_value = 0;
  bool firmware_wrote = false;
  uint32_t firmware_value = 0;  // the stored bits it wrote; the reset value if it wrote none
  std::string str() const;      // "PDP_RDMA.D_FLYING_MODE: trace 0x1, firmware never writes it (reset 0x0)"
};
std::vector<RegisterDifference> compare_programming(const TraceLayer& trace, const std::vector<RegisterAccess>& log);

// SDP's or CDP's LUT tables (LE: 65 entries, LO: 257), as the unit's register port
// S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA leaves them from reset.
struct LutTables {
  std::array<int16_t, kLutLinearExpEntries> le{};
  std::array<int16_t, kLutLinearOnlyEntries> lo{};
};

// The tables the SDP LUT port writes and reads of `log` leave, from reset
// (what the firmware's common.c update_lut programmed).
LutTables sdp_lut_tables(const std::vector<RegisterAccess>& log, Config config);

// The same for CDP's LUT port, whose address moves only on an access of
// the configured type and stops at the selected table's last entry
// (systemc/nvdla/cdp_lrn.h CdpLutTables).
LutTables cdp_lut_tables(const std::vector<RegisterAccess>& log, Config config);

}  // namespace acosim::nvdla::firmware
